//! Plain-words rendering of a parsed effect, for `cardscript explain CARD`: what the engine
//! understood (timing, levels, keywords, actions), one line per action, in words (no Rust
//! names: every action, condition, event and filter has its own wording).

use std::fmt::{self, Write};

use crate::ast::*;
use crate::compile::hook_name;
use crate::explain_words::*;

fn owner_words(o: Owner) -> &'static str {
    match o {
        Owner::You => "your ",
        Owner::Opponent => "the opponent's ",
        Owner::Any => "",
    }
}

fn kind_words(k: CardKind) -> &'static str {
    match k {
        CardKind::Spirit => "spirits",
        CardKind::Nexus => "nexuses",
        CardKind::SpiritOrNexus => "spirits/nexuses",
        CardKind::SpiritCard => "spirit cards",
        CardKind::MagicCard => "magic cards",
        CardKind::Card => "cards",
    }
}

/// A query in words: "the opponent's exhausted spirits with BP ≤ 3000".
pub fn query_words(q: &Query) -> String {
    let mut pre = Vec::new();
    let mut post = Vec::new();
    for f in &q.filters {
        match f {
            Filter::Exhausted => pre.push("exhausted".to_string()),
            Filter::Refreshed => pre.push("refreshed".to_string()),
            Filter::Other => pre.push("other".to_string()),
            Filter::Token => pre.push("token".to_string()),
            Filter::Colour(c) => pre.push(c.name().to_string()),
            Filter::Family(fs) => pre.push(fs.join("/")),
            Filter::Level(l) => pre.push(format!("LV{l}")),
            Filter::BpAtMost(n) => post.push(format!("BP ≤ {n}")),
            Filter::BpAtLeast(n) => post.push(format!("BP ≥ {n}")),
            Filter::CostAtMost(n) => post.push(format!("cost ≤ {n}")),
            Filter::CostAtLeast(n) => post.push(format!("cost ≥ {n}")),
            Filter::CostIs(n) => post.push(format!("cost {n}")),
            Filter::HasKeyword(k) => post.push(k.join(" or ")),
            Filter::NameContains(n) => post.push(format!("\"{n}\" in the name")),
            Filter::Named(n) => post.push(format!("named {n}")),
            Filter::HasSoulCore => post.push("a soul core on it".into()),
            Filter::NoSoulCore => post.push("no soul core on it".into()),
            Filter::CombinedBpAtMost(n) => post.push(format!("total BP ≤ {n}")),
            Filter::CombinedCostAtMost(n) => post.push(format!("total cost ≤ {n}")),
            Filter::Symbols(n) => post.push(format!("{n} symbol(s)")),
            Filter::Cores(n) => post.push(format!("{n} core(s) on it")),
            Filter::CoresAtMost(n) => post.push(format!("{n} or fewer cores on it")),
            Filter::CoresAtLeast(n) => post.push(format!("{n} or more cores on it")),
            Filter::Attacking => pre.push("attacking".into()),
            Filter::Blocking => pre.push("blocking".into()),
            Filter::AttackingOrBlocking => pre.push("attacking or blocking".into()),
            Filter::NotAttacking => pre.push("non-attacking".into()),
            Filter::CostOneOf(v) => post.push(format!(
                "cost {}",
                v.iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
            Filter::LevelAtLeast(l) => post.push(format!("LV{l} or higher")),
            Filter::SummonedThisTurn => post.push("summoned this turn".into()),
            Filter::ColoursIs(n) => post.push(format!("exactly {n} colour(s)")),
            Filter::ColoursAtLeast(n) => post.push(format!("{n} or more colours")),
            Filter::HasEffect(e) => post.push(format!("a {e} effect")),
            Filter::NoEffects => post.push("no effects".into()),
            Filter::LacksKeyword(k) => post.push(format!("no {k}")),
            Filter::NotToken => pre.push("non-token".into()),
            Filter::BpAtMostThis => post.push("BP no higher than this card's".into()),
            Filter::BpBelowThis => post.push("BP lower than this card's".into()),
            Filter::BpBelowAttacker => post.push("BP lower than the attacking spirit's".into()),
            Filter::SharesFieldSymbolColour(true) => {
                post.push("a colour of a symbol on its owner's field".into())
            }
            Filter::SharesFieldSymbolColour(false) => {
                post.push("no colour of the symbols on its owner's field".into())
            }
            Filter::LacksEffect(e) => post.push(format!("no {e} effect")),
            Filter::BpAboveHighest(_) => post.push("more BP than each of those spirits".into()),
            Filter::BpEqualsThis => post.push("the same BP as this card".into()),
            Filter::NotNamed(n) => post.push(format!("a name other than {n}")),
            Filter::HasEffects => post.push("effects".into()),
            Filter::CostSameAsSelected => post.push("the chosen card's cost".into()),
            Filter::CostIsLife => post.push("a cost equal to your life".into()),
            Filter::CostBelowEventCard => post.push("a lower cost than the destroyed card".into()),
            Filter::BpEqualsEventCard => post.push("the same BP as the destroyed card".into()),
            Filter::CostSameAsEventCard => post.push("the destroyed card's cost".into()),
            Filter::FamilySameAsSelected => post.push("a spirit type of the chosen card's".into()),
            Filter::CostExtreme(true) => post.push("the highest cost among them".into()),
            Filter::CostExtreme(false) => post.push("the lowest cost among them".into()),
            Filter::Except(q) => post.push(format!("the exception of {}", query_words(q))),
            Filter::BlockingOneOf(q) => post.push(format!("blocking {}", query_words(q))),
            Filter::BlockedByOneOf(q) => post.push(format!("blocked by {}", query_words(q))),
            Filter::CostSameAsAny(q) => {
                post.push(format!("the same cost as any of {}", query_words(q)))
            }
        }
    }
    let zone = match q.zone {
        Zone::Field => "",
        Zone::Trash => " in the trash",
        Zone::Hand => " in hand",
        Zone::Revealed => " among the revealed cards",
        Zone::Discarded => " among the discarded cards",
    };
    let mut s = String::from(owner_words(q.owner));
    for p in pre {
        s.push_str(&p);
        s.push(' ');
    }
    s.push_str(kind_words(q.kind));
    s.push_str(zone);
    if !post.is_empty() {
        let _ = write!(s, " with {}", post.join(", "));
    }
    s
}

pub(crate) fn target_words(t: &Target) -> String {
    match t {
        Target::This => "this card".into(),
        Target::Selected => "the chosen card(s)".into(),
        Target::BothSelected => "the cards both selections chose".into(),
        Target::ChooseEach(parts) => parts
            .iter()
            .map(target_words)
            .collect::<Vec<_>>()
            .join(" and "),
        Target::ChooseAmongSelected(_) => "some of the cards chosen before".into(),
        Target::Blocker => "the blocking spirit".into(),
        Target::EventCard => "the card the event is about".into(),
        Target::Attacker => "the attacking spirit".into(),
        Target::All(q) => format!("all {}", query_words(q)),
        Target::DeckTop(n) => format!("the top {n} card(s) of your deck"),
        Target::SelectedAndAll(q) => format!("the chosen cards and all {}", query_words(q)),
        Target::Choose {
            count,
            query,
            chooser,
        } => {
            let who = if *chooser == Whose::Opponent {
                "the opponent chooses"
            } else {
                "choose"
            };
            format!("{who} {} of {}", count_words(count), query_words(query))
        }
        Target::ChooseUnion { count, queries, .. } => format!(
            "choose {} of {}",
            count_words(count),
            queries
                .iter()
                .map(query_words)
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    }
}

pub(crate) fn count_words(c: &Count) -> String {
    match c {
        Count::Exactly(n) => n.to_string(),
        Count::UpTo(n) => format!("up to {n}"),
        Count::AnyNumber => "any number".into(),
        Count::PerEach(n, q) => format!("{n} per {}", query_words(q)),
        Count::UpToSymbols(c) => format!("up to as many as your {} symbols", c.name()),
    }
}

fn amount_words(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::PerEach(n, q) => format!("{n} for each of {}", query_words(q)),
        Amount::PerLevel(n) => format!("{n} per level"),
        Amount::PerOwn(n, w) => format!("{n} for each of its own {}", w.name()),
        Amount::PerDestroyedByThisEffect(n) => format!("{n} per card destroyed by this effect"),
        Amount::CostOfSelected => "the chosen card's cost".into(),
        Amount::AtMost(a, m) => format!("{}, at most {m}", amount_words(a)),
    }
}

pub(crate) fn duration_words(d: Duration) -> &'static str {
    match d {
        Duration::Turn => " this turn",
        Duration::Battle => " this battle",
        Duration::WhileActive => "",
    }
}

fn action_line(out: &mut String, depth: usize, a: &Action) {
    let pad = "  ".repeat(depth + 1);
    let line = match a {
        Action::Select(t) => format!("select: {}", target_words(t)),
        Action::Draw(n) => format!("draw {} card(s)", amount_words(n)),
        Action::Destroy(t) => format!("destroy {}", target_words(t)),
        Action::Exhaust(t) => format!("exhaust {}", target_words(t)),
        Action::HeavilyExhaust(t) => format!("heavily exhaust {}", target_words(t)),
        Action::PutIntoTecoto(t) => format!("put {} into the tecoto", target_words(t)),
        Action::Count(n) if *n < 0 => format!("count -{}", n.unsigned_abs()),
        Action::Count(n) => format!("count +{n}"),
        Action::Refresh(t) => format!("refresh {}", target_words(t)),
        Action::ReturnToHand(t) => format!("return {} to hand", target_words(t)),
        Action::ReplaceDestruction(t, k) => format!(
            "{} is not destroyed: instead it {}",
            target_words(t),
            match k {
                KeptAs::AsIs => "stays on the field",
                KeptAs::Exhausted => "stays on the field exhausted",
                KeptAs::Refreshed => "stays on the field refreshed",
                KeptAs::Hand => "returns to its owner's hand",
            }
        ),
        Action::ReturnToDeck(t, p) => {
            format!(
                "put {} at the {} of the deck",
                target_words(t),
                pos_words(*p)
            )
        }
        Action::Bp {
            target,
            amount,
            per,
            duration,
        } => format!(
            "{} gets BP {}{}{}{}",
            target_words(target),
            if *amount >= 0 { "+" } else { "" },
            amount,
            per.as_ref()
                .map(|p| format!(" × ({})", amount_words(p)))
                .unwrap_or_default(),
            duration_words(*duration)
        ),
        Action::MoveCores {
            count, from, to, ..
        } => format!(
            "move {} from {} to {}",
            core_count_words(count),
            place_words(from),
            place_words(to)
        ),
        Action::Mill { whose, count } => format!(
            "put the top {} card(s) of {} deck into the trash",
            amount_words(count),
            if *whose == Whose::Opponent {
                "the opponent's"
            } else {
                "your"
            }
        ),
        Action::Discard { whose, count, .. } => format!(
            "{} discard(s) {count} card(s) from hand",
            if *whose == Whose::Opponent {
                "the opponent"
            } else {
                "you"
            }
        ),
        Action::Reveal(n) => format!("reveal the top {} card(s) of your deck", amount_words(n)),
        Action::AddToHand(t) => format!("add {} to your hand", target_words(t)),
        Action::RemainingToDeck(p) => format!("put the rest at the {} of your deck", pos_words(*p)),
        Action::RemainingToTrash => "put the rest into the trash".into(),
        Action::CannotAttack(t, d) => {
            format!("{} cannot attack{}", target_words(t), duration_words(*d))
        }
        Action::CannotBlock(t, d) => {
            format!("{} cannot block{}", target_words(t), duration_words(*d))
        }
        Action::GainKeyword(t, k, d) => format!(
            "{} gains {}{}{}",
            target_words(t),
            k.name,
            k.modifier
                .as_ref()
                .map(|m| format!(" {m}"))
                .unwrap_or_default(),
            duration_words(*d)
        ),
        Action::Summon { target, free, .. } => format!(
            "summon {}{}",
            target_words(target),
            if *free { " for free" } else { "" }
        ),
        Action::SummonToken {
            name,
            count,
            exhausted,
        } => format!(
            "summon {} {name}(s){}",
            amount_words(count),
            if *exhausted { " exhausted" } else { "" }
        ),
        Action::PayCostToActivate(k) => {
            format!(
                "pay this card's cost to use its {} effect",
                step_kind_words(*k)
            )
        }
        Action::ActivateFree(k) => {
            format!(
                "use this card's {} effect without paying its cost",
                step_kind_words(*k)
            )
        }
        Action::When(e, d, _) => format!("each time {}{}:", event_words(e), duration_words(*d)),
        Action::May(_) => "you may:".into(),
        Action::IfYouDo(_) => "if you do:".into(),
        Action::If(c, _) => format!("if {}:", condition_words(c)),
        Action::Otherwise(_) => "otherwise:".into(),
        Action::Repeat(n, _) => format!("repeat {} time(s):", amount_words(n)),
        Action::OncePerTurn(_) => "once per turn:".into(),
        Action::Unparsed { text, .. } => format!("NOT UNDERSTOOD: {text}"),
        Action::Phrase {
            template,
            slots,
            whole_effect,
            ..
        } => {
            // The template with each slot's value in words (a sentence slot: "…", its
            // actions follow on the lines below).
            let mut words = template.clone();
            for (n, v) in slots {
                let Some(at) = words.find(&format!("{{{n}:")) else {
                    continue;
                };
                let Some(len) = words[at..].find('}') else {
                    continue;
                };
                let value = match v {
                    SlotValue::Sentence(_) => "…".to_string(),
                    v => slot_words(v),
                };
                words.replace_range(at..=at + len, &value);
            }
            let whole = if *whole_effect {
                ", for the whole effect"
            } else {
                ""
            };
            format!("{words} (pack phrase{whole})")
        }
        other => other_action_words(other),
    };
    let _ = writeln!(out, "{pad}- {line}");
    if let Action::Phrase { slots, .. } = a {
        for (_, v) in slots {
            if let SlotValue::Sentence(b) = v {
                for x in b {
                    action_line(out, depth + 1, x);
                }
            }
        }
    }
    if let Some(b) = a.wrapped() {
        for x in b {
            action_line(out, depth + 1, x);
        }
    }
    if let Action::OneOf(options) = a {
        for (i, b) in options.iter().enumerate() {
            let _ = writeln!(out, "{pad}  - option {}:", i + 1);
            for x in b {
                action_line(out, depth + 2, x);
            }
        }
    }
}

/// A sequence of actions in plain words on one line ("select: …; draw 2 card(s)"): the
/// label of an option of "one of the following effects".
pub fn actions_words(body: &[Action]) -> String {
    let mut s = String::new();
    for a in body {
        action_line(&mut s, 0, a);
    }
    let lines: Vec<&str> = s
        .lines()
        .map(|l| l.trim_start().trim_start_matches("- "))
        .collect();
    lines.join("; ")
}

/// The effect in plain words, one action per line.
pub fn explain(effect: &EffectText) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "timing: {}",
        hook_name(effect.timing.as_ref()).replace('_', " ")
    );
    if !effect.levels.is_empty() {
        let lv: Vec<String> = effect.levels.iter().map(|l| format!("LV{l}")).collect();
        let _ = write!(s, "; levels: {}", lv.join(", "));
    }
    if !effect.keywords.is_empty() {
        let kw: Vec<String> = effect
            .keywords
            .iter()
            .map(|k| match &k.modifier {
                Some(m) => format!("{} {m}", k.name),
                None => k.name.clone(),
            })
            .collect();
        let _ = write!(s, "; keywords: {}", kw.join(", "));
    }
    if effect.once_per_turn {
        s.push_str("; once per turn");
    }
    s.push('\n');
    for a in &effect.body {
        action_line(&mut s, 0, a);
    }
    s
}

impl fmt::Display for EffectText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&explain(self))
    }
}
