//! Plain-words rendering of a parsed effect, for `cardscript explain CARD`: what the engine
//! understood (timing, levels, keywords, actions), one line per action, in words (no Rust
//! names: every action, condition, event and filter has its own wording).

use std::fmt::{self, Write};

use crate::ast::*;
use crate::compile::hook_name;

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
            Filter::HasEffect(e) => post.push(format!("a {e} effect")),
            Filter::NoEffects => post.push("no effects".into()),
            Filter::LacksKeyword(k) => post.push(format!("no {k}")),
            Filter::NotToken => pre.push("non-token".into()),
            Filter::BpAtMostThis => post.push("BP no higher than this card's".into()),
            Filter::BpEqualsThis => post.push("the same BP as this card".into()),
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

fn target_words(t: &Target) -> String {
    match t {
        Target::This => "this card".into(),
        Target::Selected => "the chosen card(s)".into(),
        Target::Blocker => "the blocking spirit".into(),
        Target::Attacker => "the attacking spirit".into(),
        Target::All(q) => format!("all {}", query_words(q)),
        Target::DeckTop(n) => format!("the top {n} card(s) of your deck"),
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

fn count_words(c: &Count) -> String {
    match c {
        Count::Exactly(n) => n.to_string(),
        Count::UpTo(n) => format!("up to {n}"),
        Count::AnyNumber => "any number".into(),
        Count::PerEach(n, q) => format!("{n} per {}", query_words(q)),
    }
}

fn amount_words(a: &Amount) -> String {
    match a {
        Amount::Fixed(n) => n.to_string(),
        Amount::PerEach(n, q) => format!("{n} for each of {}", query_words(q)),
        Amount::PerLevel(n) => format!("{n} per level"),
        Amount::PerDestroyedByThisEffect(n) => format!("{n} per card destroyed by this effect"),
    }
}

fn duration_words(d: Duration) -> &'static str {
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
            template, slots, ..
        } => {
            let values: Vec<String> = slots
                .iter()
                .filter(|(_, v)| !matches!(v, SlotValue::Sentence(_)))
                .map(|(n, v)| format!("{n} = {}", slot_words(v)))
                .collect();
            format!(
                "pack phrase \"{template}\"{}",
                if values.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", values.join(", "))
                }
            )
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
    match a {
        Action::May(b)
        | Action::IfYouDo(b)
        | Action::If(_, b)
        | Action::Otherwise(b)
        | Action::When(_, _, b)
        | Action::Repeat(_, b)
        | Action::OncePerTurn(b) => {
            for x in b {
                action_line(out, depth + 1, x);
            }
        }
        _ => {}
    }
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

fn pos_words(p: DeckPos) -> &'static str {
    match p {
        DeckPos::Top => "top",
        DeckPos::Bottom => "bottom",
    }
}

fn step_kind_words(k: StepKind) -> &'static str {
    match k {
        StepKind::Main => "[Main]",
        StepKind::Flash => "[Flash]",
    }
}

fn core_count_words(c: &CoreCount) -> String {
    match c {
        CoreCount::Exactly(n) => format!("{n} core(s)"),
        CoreCount::UpTo(n) => format!("up to {n} core(s)"),
        CoreCount::AllBut(n) => format!("all but {n} core(s)"),
        CoreCount::All => "all cores".into(),
        CoreCount::SoulCore => "the soul core".into(),
    }
}

fn place_words(p: &CorePlace) -> String {
    match p {
        CorePlace::Void => "the void".into(),
        CorePlace::Reserve => "your reserve".into(),
        CorePlace::OwnersReserve => "its owner's reserve".into(),
        CorePlace::Life => "your life".into(),
        CorePlace::OpponentLife => "the opponent's life".into(),
        CorePlace::Trash => "your trash".into(),
        CorePlace::OwnersTrash => "its owner's trash".into(),
        CorePlace::On(t) => target_words(t),
    }
}

fn whose_words(w: Whose) -> &'static str {
    match w {
        Whose::You => "you",
        Whose::Opponent => "the opponent",
        Whose::Either => "either player",
    }
}

fn step_words(s: Step) -> &'static str {
    match s {
        Step::Start => "start step",
        Step::Core => "core step",
        Step::Draw => "draw step",
        Step::Refresh => "refresh step",
        Step::Main => "main step",
        Step::Attack => "attack step",
        Step::End => "end step",
    }
}

fn zone_words(z: Zone) -> &'static str {
    match z {
        Zone::Field => "the field",
        Zone::Trash => "the trash",
        Zone::Hand => "the hand",
        Zone::Revealed => "the revealed cards",
        Zone::Discarded => "the discarded cards",
    }
}

fn filters_words(f: &[Filter]) -> String {
    query_words(&Query {
        owner: Owner::Any,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: f.to_vec(),
    })
}

fn subject_words(s: &Subject) -> String {
    match s {
        Subject::This => "this card".into(),
        Subject::ThisAttack => "this card's attack".into(),
        Subject::AnyOf(q) => format!("one of {}", query_words(q)),
        Subject::AttackOf(q) => format!("the attack of one of {}", query_words(q)),
    }
}

/// An event in words: "one of your spirits is destroyed".
pub fn event_words(e: &Event) -> String {
    match e {
        Event::Destroyed {
            who,
            by_opponent,
            in_battle,
        } => format!(
            "{} is destroyed{}{}",
            subject_words(who),
            if *by_opponent { " by the opponent" } else { "" },
            if *in_battle { " in battle" } else { "" }
        ),
        Event::Attacks(w) => format!("{} attacks", subject_words(w)),
        Event::Blocks(w) => format!("{} blocks", subject_words(w)),
        Event::Blocked(w) => format!("{} is blocked", subject_words(w)),
        Event::Summoned(w) => format!("{} is summoned", subject_words(w)),
        Event::Exhausted(w) => format!("{} is exhausted", subject_words(w)),
        Event::Refreshed(w) => format!("{} is refreshed", subject_words(w)),
        Event::ReturnedToHand(w) => format!("{} returns to hand", subject_words(w)),
        Event::ReturnedToHandOrDeck(w) => {
            format!("{} returns to hand or deck", subject_words(w))
        }
        Event::ReducesOpponentLife(w) => {
            format!("{} reduces the opponent's life", subject_words(w))
        }
        Event::DestroysOpponentSpirit {
            who,
            victim,
            in_battle,
        } => format!(
            "{} destroys an opposing {}{}",
            subject_words(who),
            filters_words(victim),
            if *in_battle { " in battle" } else { "" }
        ),
        Event::UsesMagic(w, f) => format!(
            "{} use(s) a magic{}",
            whose_words(*w),
            if f.is_empty() {
                String::new()
            } else {
                format!(" ({})", filters_words(f))
            }
        ),
        Event::Summons(w, q) => format!("{} summon(s) one of {}", whose_words(*w), query_words(q)),
        Event::LoseLife => "you lose life".into(),
        Event::EitherLosesLife => "either player loses life".into(),
        Event::LifeReducedByAttackOf(q) => {
            format!(
                "your life is reduced by the attack of one of {}",
                query_words(q)
            )
        }
        Event::ReduceOpponentLife => "you reduce the opponent's life".into(),
        Event::OpponentDraws => "the opponent draws".into(),
        Event::OpponentDrawsOutsideDrawStep => "the opponent draws outside their draw step".into(),
        Event::OpponentMillsYou(n) => {
            format!("the opponent puts {n}+ card(s) of your deck into the trash")
        }
        Event::YouDrawByEffect => "you draw by an effect".into(),
        Event::LifeIncreases => "your life increases".into(),
        Event::BattleEnds => "the battle ends".into(),
        Event::CorePlacedInReserve => "a core is put into your reserve".into(),
        Event::CorePlacedOnThis => "a core is put onto this card".into(),
        Event::YouSetBurst => "you set a burst".into(),
        Event::Discarded(q) => format!("one of {} is discarded", query_words(q)),
        Event::EndOfTurn => "the turn ends".into(),
    }
}

/// A condition in words: "you control 2 or more red spirits".
pub fn condition_words(c: &Condition) -> String {
    match c {
        Condition::ThisHasSoulCore => "the soul core is on this card".into(),
        Condition::YouControl(n, q) => format!("you control {n} or more of {}", query_words(q)),
        Condition::LessLifeThanOpponent => "you have less life than the opponent".into(),
        Condition::FewerHandThanOpponent => "you have fewer cards in hand than the opponent".into(),
        Condition::BurstSet => "you have a burst set".into(),
        Condition::LifeAtMost(n) => format!("your life is {n} or less"),
        Condition::SoulCoreSpent => "the soul core was paid".into(),
        Condition::OnlyHave(q) => format!("you have only {}", query_words(q)),
        Condition::OpponentControls(n, q) => {
            format!("the opponent controls {n} or more of {}", query_words(q))
        }
        Condition::ThisExhausted => "this card is exhausted".into(),
        Condition::ThisRefreshed => "this card is refreshed".into(),
        Condition::ThisBpAtLeast(n) => format!("this card has BP {n} or more"),
        Condition::YouControlAtMost(n, q) => {
            format!("you control {n} or fewer of {}", query_words(q))
        }
        Condition::DestroyedThisTurn(q) => {
            format!("one of {} was destroyed this turn", query_words(q))
        }
        Condition::SummonedFrom(z) => format!("it was summoned from {}", zone_words(*z)),
        Condition::SelectedIs(q) => format!("the chosen card is one of {}", query_words(q)),
        Condition::SymbolsAtLeast(n, col) => {
            format!("you have {n} or more {} symbols", col.name())
        }
        Condition::OpponentsTurn => "it is the opponent's turn".into(),
        Condition::YourTurn => "it is your turn".into(),
        Condition::DestroyedByThisEffect => "this effect destroyed a card".into(),
        Condition::DestroyedByThisEffectAtLeast(n) => {
            format!("this effect destroyed {n} or more cards")
        }
        Condition::InStep(w, st) => format!("it is {}'s {}", whose_words(*w), step_words(*st)),
        Condition::SummonedByThisEffect => "this effect summoned a card".into(),
        Condition::OpponentTrashAtLeast(n) => {
            format!("the opponent's trash holds {n} or more cards")
        }
        Condition::TrashAtLeast(n) => format!("your trash holds {n} or more cards"),
        Condition::All(v) => v
            .iter()
            .map(condition_words)
            .collect::<Vec<_>>()
            .join(" and "),
        Condition::AnyMatch(q) => format!("there is one of {}", query_words(q)),
        Condition::WhileSummoning(q) => {
            format!("it is being summoned as one of {}", query_words(q))
        }
        Condition::Not(c) => format!("not ({})", condition_words(c)),
        Condition::CountAtLeast(n) => format!("your count is {n} or more"),
        Condition::CountAtMost(n) => format!("your count is {n} or less"),
        Condition::UltimateTriggerHits => "the ultimate trigger hits".into(),
    }
}

fn slot_words(v: &SlotValue) -> String {
    match v {
        SlotValue::Number(n) => n.to_string(),
        SlotValue::Colour(c) => c.name().to_string(),
        SlotValue::Family(f) => f.clone(),
        SlotValue::Target(t) => target_words(t),
        SlotValue::Filter(q) => query_words(q),
        SlotValue::Duration(d) => match d {
            Duration::WhileActive => "while it applies".into(),
            d => duration_words(*d).trim().to_string(),
        },
        SlotValue::Sentence(_) => "(a sentence)".into(),
    }
}

/// The actions `action_line` does not word itself.
fn other_action_words(a: &Action) -> String {
    let t = target_words;
    let d = |x: &Duration| duration_words(*x);
    match a {
        Action::PlayerDraws(w, n) => format!("{} draw(s) {n} card(s)", whose_words(*w)),
        Action::DrawUntil(n) => format!("draw until you have {n} cards in hand"),
        Action::Shuffle => "shuffle your deck".into(),
        Action::DiscardSelected => "put the chosen card(s) from hand into the trash".into(),
        Action::DiscardHand => "discard your whole hand".into(),
        Action::DiscardBurst(n) => format!("discard {n} of your set burst(s)"),
        Action::AttackTarget(x) => format!("this spirit attacks {}", t(x)),
        Action::PayCores { count, from } => format!(
            "pay {}{}",
            core_count_words(count),
            from.as_ref()
                .map(|f| format!(" from {}", t(f)))
                .unwrap_or_default()
        ),
        Action::Deploy { target, free } => format!(
            "deploy {}{}",
            t(target),
            if *free { " for free" } else { "" }
        ),
        Action::CannotBeBlocked(x, by, dur) => format!(
            "{} cannot be blocked{}{}",
            t(x),
            by.as_ref()
                .map(|q| format!(" by {}", query_words(q)))
                .unwrap_or_default(),
            d(dur)
        ),
        Action::GainSymbols(x, n, col, dur) => {
            format!("{} gains {n} {} symbol(s){}", t(x), col.name(), d(dur))
        }
        Action::GainFamily(x, f, dur) => format!("{} gains the family {f}{}", t(x), d(dur)),
        Action::CannotBeDestroyed {
            target,
            by_opponent,
            duration,
        } => format!(
            "{} cannot be destroyed{}{}",
            t(target),
            if *by_opponent {
                " by the opponent's effects"
            } else {
                ""
            },
            d(duration)
        ),
        Action::CannotBe {
            target,
            what,
            duration,
        } => format!(
            "{} cannot be {} by the opponent's effects{}",
            t(target),
            what.name(),
            d(duration)
        ),
        Action::MustAttack(x, dur) => format!("{} must attack if able{}", t(x), d(dur)),
        Action::CanBlockWhileExhausted(x, dur) => {
            format!("{} can block while exhausted{}", t(x), d(dur))
        }
        Action::SymbolsAs {
            target,
            count,
            colour,
            duration,
        } => format!(
            "{}'s symbols count as {count}{} symbol(s){}",
            t(target),
            colour.map(|c| format!(" {}", c.name())).unwrap_or_default(),
            d(duration)
        ),
        Action::TreatAsHighestLevel(x, dur) => {
            format!("{} is treated as its highest level{}", t(x), d(dur))
        }
        Action::TreatAsLevel(x, l, dur) => format!("{} is treated as LV{l}{}", t(x), d(dur)),
        Action::AttackTax {
            target,
            cores,
            duration,
        } => format!(
            "{} cannot attack unless its controller pays {cores} core(s){}",
            t(target),
            d(duration)
        ),
        Action::EndAttackStep => "end the attack step".into(),
        Action::EndBattle => "end the battle".into(),
        // Every other action has its own line in `action_line`.
        _ => "(an action)".into(),
    }
}
