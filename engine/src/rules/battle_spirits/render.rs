//! Text rendering of events for people: "P1 summons Raineedle (cost 1, paid 1 core from
//! reserve), LV1 BP 1000".

use std::collections::BTreeMap;

use super::events::Event;
use super::game::Game;
use super::types::{CoreLoc, CoreSource, Hook, PlayKind, Zone};

fn loc_text(g: &Game, l: Option<CoreLoc>) -> String {
    match l {
        None => "void".into(),
        Some(CoreLoc::Reserve(p)) => format!("{p} reserve"),
        Some(CoreLoc::Life(p)) => format!("{p} life"),
        Some(CoreLoc::Trash(p)) => format!("{p} trash"),
        Some(CoreLoc::Count(p)) => format!("{p} count area"),
        Some(CoreLoc::Card(c)) => format!("{} {}", g.name(c), c),
    }
}

fn paid_text(g: &Game, from: &[CoreSource]) -> String {
    if from.is_empty() {
        return "paid nothing".into();
    }
    let mut per: BTreeMap<String, u32> = BTreeMap::new();
    for s in from {
        *per.entry(g.source_label(*s)).or_default() += 1;
    }
    let n = from.len();
    let plural = if n == 1 { "core" } else { "cores" };
    if per.len() == 1 {
        let (src, _) = per.into_iter().next().expect("one source");
        format!("paid {n} {plural} from {src}")
    } else {
        let parts: Vec<String> = per
            .into_iter()
            .map(|(s, k)| format!("{k} from {s}"))
            .collect();
        format!("paid {n} {plural}: {}", parts.join(", "))
    }
}

/// One line of English for an event. `game` supplies card names (any later state of the
/// same game works: instances are never removed).
pub fn render_event(e: &Event, game: &Game) -> String {
    let g = game;
    let nm = |c| g.name(c).to_string();
    match e {
        Event::GameStarted { first } => format!("Game starts; {first} goes first"),
        Event::Shuffled { player } => format!("{player} shuffles their deck"),
        Event::CoreMoved { soul, from, to, .. } => format!(
            "{} {} → {}",
            if *soul { "Soul core" } else { "Core" },
            loc_text(g, *from),
            loc_text(g, *to)
        ),
        Event::CardMoved { card, from, to } => {
            let p = g.owner(*card);
            match (from, to) {
                (Zone::Deck(_), Zone::Hand(_)) => format!("{p} draws {}", nm(*card)),
                (Zone::Hand(_), Zone::Deck(_)) => format!("{p} returns {} to the deck", nm(*card)),
                _ => format!(
                    "{p}'s {} {}: {} → {}",
                    nm(*card),
                    card,
                    from.name(),
                    to.name()
                ),
            }
        }
        Event::Mulligan { player } => format!("{player} mulligans"),
        Event::KeptHand { player } => format!("{player} keeps their hand"),
        Event::TurnBegan { turn, player } => format!("=== Turn {turn}: {player} ==="),
        Event::Refreshed { card } => format!("{} {} is refreshed", nm(*card), card),
        Event::Exhausted { card } => format!("{} {} is exhausted", nm(*card), card),
        Event::Played {
            player,
            card,
            kind,
            cost,
            from,
            cores,
            level,
            bp,
            ..
        } => {
            let verb = match kind {
                PlayKind::Summon => "summons",
                PlayKind::Deploy => "deploys",
                PlayKind::UseMagic => "uses",
            };
            let mut s = format!(
                "{player} {verb} {} (cost {cost}, {})",
                nm(*card),
                paid_text(g, from)
            );
            if *kind != PlayKind::UseMagic {
                if let Some(l) = level {
                    s += &format!(", LV{l}");
                }
                if let Some(b) = bp {
                    s += &format!(" BP {b}");
                }
                if level.is_none() {
                    s += &format!(", {cores} cores");
                }
            }
            s
        }
        Event::EffectsUnsupported { card } => {
            let name = g
                .library()
                .get(card)
                .map_or(card.as_str(), |d| d.name.as_str());
            format!("{name} ({card}): effects not supported yet, played as vanilla")
        }
        Event::Hook(h) => match h {
            Hook::StepStart { player, step } => format!("-- {player} {} --", step.name()),
            Hook::StepEnd { player, step } => format!("-- {player} {} ends --", step.name()),
            Hook::WhenSummoned { card } => format!("(when summoned: {})", nm(*card)),
            Hook::WhenUsed { card } => format!("(when used: {})", nm(*card)),
            Hook::WhenAttacks { card } => format!("(when attacks: {})", nm(*card)),
            Hook::WhenBlocks { card } => format!("(when blocks: {})", nm(*card)),
            Hook::WhenDestroyed { card, .. } => format!("(when destroyed: {})", nm(*card)),
            Hook::BattleEnds { attacker, .. } => format!("(battle of {} ends)", nm(*attacker)),
            Hook::WhenDepleted { card } => format!("(when depleted: {})", nm(*card)),
            Hook::WhenRefreshed { card } => format!("(when refreshed: {})", nm(*card)),
            Hook::AfterLifeReduced { player } => format!("(after {player}'s life is reduced)"),
            Hook::PackEvent { name, card } => format!("({name}: {})", nm(*card)),
        },
        Event::LevelChanged { card, level, bp } => match g.def_of(*card).kind {
            carddb::CardKind::Nexus => format!("{} {} is now LV{level}", nm(*card), card),
            _ => format!("{} {} is now LV{level} BP {bp}", nm(*card), card),
        },
        Event::Depleted { card } => format!("{} {} is depleted", nm(*card), card),
        Event::AttackDeclared { attacker, bp } => format!(
            "{} attacks with {} {} (BP {bp})",
            g.owner(*attacker),
            nm(*attacker),
            attacker,
        ),
        Event::FlashPassed { player, .. } => format!("{player} passes (flash)"),
        Event::BlockDeclared { blocker, attacker } => format!(
            "{} blocks {} with {} {}",
            g.owner(*blocker),
            nm(*attacker),
            nm(*blocker),
            blocker
        ),
        Event::NotBlocked { attacker } => format!("{} is not blocked", nm(*attacker)),
        Event::LifeReduced {
            player,
            amount,
            by,
            left,
        } => format!("{player} loses {amount} life to {} ({left} left)", nm(*by)),
        Event::BattleCompared {
            attacker,
            attacker_bp,
            blocker,
            blocker_bp,
        } => format!(
            "Battle: {} BP {attacker_bp} vs {} BP {blocker_bp}",
            nm(*attacker),
            nm(*blocker)
        ),
        Event::Destroyed { card } => format!("{} {} is destroyed", nm(*card), card),
        Event::BattleEnded { .. } => "Battle ends".into(),
        Event::TurnEnded { player } => format!("{player} ends their turn"),
        Event::EffectStarted { card, effect } => {
            // The printed text, so a player can follow what happens.
            match g.def_of(*card).effects.get(*effect as usize) {
                Some(e) => {
                    let timing = e
                        .timing
                        .as_deref()
                        .map(|t| format!("({t}) "))
                        .unwrap_or_default();
                    match e.text.get("en") {
                        Some(t) => format!("{} {card}: {timing}{t}", nm(*card)),
                        None => format!("{} {card}: {timing}effect {effect} resolves", nm(*card)),
                    }
                }
                None => format!(
                    "{} of {} {card} resolves",
                    g.host.keywords.effect_name(*effect),
                    nm(*card)
                ),
            }
        }
        Event::EffectFailed {
            card,
            effect,
            line,
            reason,
        } => format!(
            "{} of {} {card} failed{}: {reason}",
            g.host.keywords.effect_name(*effect),
            nm(*card),
            line.map(|l| format!(" at line {l}")).unwrap_or_default()
        ),
        Event::EffectInert {
            card,
            effect,
            reason,
        } => format!(
            "{} of {} {card} does nothing: {reason}",
            g.host.keywords.effect_name(*effect),
            nm(*card)
        ),
        Event::ModifierAdded {
            card,
            modifier,
            until,
        } => {
            use crate::rules::battle_spirits::script::{ModKind as M, Until as U};
            let what = match modifier {
                M::Bp(n) if *n >= 0 => format!("BP +{n}"),
                M::Bp(n) => format!("BP {n}"),
                M::BpPer(n, _) => format!("BP +{n} for each card counted"),
                M::BpPerOwn(n, what) => format!(
                    "BP +{n} for each of its {}",
                    format!("{what:?}").to_lowercase()
                ),
                M::CannotAttack => "cannot attack".into(),
                M::CannotBlock => "cannot block".into(),
                M::CannotBeDestroyed {
                    by_opponent_only,
                    by_kind,
                    by_colours,
                    ..
                } => format!(
                    "cannot be destroyed by {}{}{}effects",
                    if *by_opponent_only || by_kind.is_some() {
                        "the opponent's "
                    } else {
                        ""
                    },
                    (by_colours.iter())
                        .map(|c| format!("{} ", format!("{c:?}").to_lowercase()))
                        .collect::<String>(),
                    by_kind.map(|k| format!("{k} ")).unwrap_or_default()
                ),
                M::CannotBeDestroyedInBattle => "cannot be destroyed in battle".into(),
                M::DeckDiscardLimit {
                    max, opponent_only, ..
                } => format!(
                    "{} effects discard at most {max} card(s) from its controller's deck at a time",
                    if *opponent_only {
                        "the opponent's"
                    } else {
                        "all"
                    }
                ),
                M::PaidCost { change, once, .. } => format!(
                    "{} of its controller's cards {}",
                    if *once { "the next one" } else { "each" },
                    match change {
                        crate::rules::battle_spirits::script::state::PaidCostChange::Reduced(n) =>
                            format!("costs {n} fewer core(s) while paid"),
                        crate::rules::battle_spirits::script::state::PaidCostChange::As(n) =>
                            format!("costs {n} while paid"),
                        crate::rules::battle_spirits::script::state::PaidCostChange::AsLife =>
                            "costs its controller's life total while paid".into(),
                    }
                ),
                M::LevelBpAs { level, bp } => format!("its LV{level} BP reads {bp}"),
                M::SymbolsFrom(_) => "meets its reduction with other cards' symbols too".into(),
                M::RefreshStepAfterAttack { .. } => {
                    "its controller performs a refresh step after their attack step".into()
                }
                M::CoreStepCores { n, .. } => {
                    format!("its controller's core step gives {n} core(s)")
                }
                M::NoDrawsBy { kind, whose, .. } => format!(
                    "{} cannot draw by {kind:?} effects",
                    match whose.as_str() {
                        "each" => "neither player",
                        "opponent" => "the opponent",
                        _ => "its controller",
                    }
                ),
                M::AttacksCannotReduceLife { whose, to, .. } => format!(
                    "attacks by some spirits cannot reduce {} life{}",
                    match whose {
                        crate::rules::battle_spirits::script::Whose::Your => "its controller's",
                        crate::rules::battle_spirits::script::Whose::Opponent => "the opponent's",
                        crate::rules::battle_spirits::script::Whose::Either => "either player's",
                    },
                    to.map(|n| format!(" to {n}")).unwrap_or_default()
                ),
                M::Unaffected { by: Some(k), .. } => format!("unaffected by {k} effects"),
                M::Unaffected { by: None, .. } => "unaffected by effects".into(),
                M::Keyword(k, v) if v.is_empty() => format!("gains {k}"),
                M::Keyword(k, v) => format!("gains {k} {v}"),
                M::Colour(c) => format!("is also {c}"),
                M::CannotBeBlocked(None) => "cannot be blocked".into(),
                M::CannotBeBlocked(Some(_)) => "cannot be blocked by some spirits".into(),
                M::BlockWhileExhausted => "can block while exhausted".into(),
                M::BlockWhileExhaustedVs(_) => "can block some spirits while exhausted".into(),
                M::MustAttack => "must attack if able".into(),
                M::AttackTax(n) => format!("cannot attack unless {n} core(s) are paid"),
                M::LifeCoresHere { .. } => "cores for a life are placed on it instead".into(),
                M::CannotBePlayed => "cannot be summoned, deployed or used".into(),
                M::AttackCoresToReserve(n) => {
                    format!("cannot attack unless {n} of its core(s) go to the reserve")
                }
                M::Level(n) => format!("is treated as LV{n}"),
                M::HighestLevel => "is treated as its highest level".into(),
                M::Family(f) => format!("is also {f}"),
                M::GainSymbols(n, c) => format!("gains {n} {c} symbol(s)"),
                M::SymbolsAs(n, Some(c)) => format!("its symbols count as {n} {c}"),
                M::SymbolsAs(n, None) => format!("each of its symbols counts as {n}"),
                M::SymbolColoursAlso(cs) => format!(
                    "its symbols also count as {}",
                    cs.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join("/")
                ),
                M::Protected {
                    what,
                    colours,
                    kinds,
                    ..
                } => {
                    let of = if colours.is_empty() && kinds.is_empty() {
                        String::new()
                    } else {
                        let c: Vec<String> = colours.iter().map(|c| c.to_string()).collect();
                        let k: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
                        let cards = if k.is_empty() {
                            "cards".to_string()
                        } else {
                            k.join("/")
                        };
                        format!(
                            "'s {}{cards}",
                            c.iter().map(|c| format!("{c} ")).collect::<String>()
                        )
                    };
                    let verb = match what {
                        crate::rules::battle_spirits::script::Protect::CoresRemoved => {
                            "cannot have its cores removed".to_string()
                        }
                        w => format!("cannot be {}", format!("{w:?}").to_lowercase()),
                    };
                    format!("{verb} by the opponent{of}")
                }
                M::MustBeBlocked => "must be blocked when a block is possible".into(),
                M::LifeCoresTo(to) => format!(
                    "the life cores its attacks take go to the {}",
                    format!("{to:?}").to_lowercase()
                ),
                M::CostAs(n) => format!("costs {n} while paid"),
                M::AllFamilies => "has every spirit type".into(),
                M::AscendCostAs(n) => format!("costs {n} for an Ascend"),
                M::CostReduced(n) => format!("costs {n} fewer core(s) while paid"),
                M::GainReduction(n, c) => format!("gains {n} {c} reduction symbol(s)"),
                M::ReductionFulfilled => "its reduction symbols count as met".into(),
                M::SkipNextRefresh => {
                    return format!(
                        "{} {card}: does not refresh in its next refresh step",
                        nm(*card)
                    );
                }
                M::BlockEffectsOnAttack => {
                    "its \"when blocks\" effects also work when it attacks".into()
                }
                M::Silenced(t) => format!("its {} effects do not work", t.words()),
            };
            let until = match until {
                U::Battle => "this battle",
                U::Turn => "this turn",
                U::While => "while it applies",
            };
            format!("{} {card}: {what} ({until})", nm(*card))
        }
        Event::HeavilyExhausted { card } => format!("{} {card} is heavily exhausted", nm(*card)),
        Event::JoinedForBattle { attacker, card, bp } => format!(
            "{} {card} joins {} {attacker} for the battle (BP {bp})",
            nm(*card),
            nm(*attacker)
        ),
        Event::JoinEnded { attacker, card } => format!(
            "{} {card} is no longer joined to {} {attacker}",
            nm(*card),
            nm(*attacker)
        ),
        Event::LifeLost {
            player,
            amount,
            left,
        } => format!("{player} loses {amount} life to an effect ({left} left)"),
        Event::UltimateTrigger {
            card,
            revealed,
            hit,
        } => format!(
            "Ultimate Trigger of {}: {} → {}",
            nm(*card),
            nm(*revealed),
            if *hit { "hit" } else { "guard" }
        ),
        Event::Braved { brave, host } => format!(
            "{}'s {} {brave} braves onto {} {host}",
            g.owner(*brave),
            nm(*brave),
            nm(*host)
        ),
        Event::Unbraved { brave, host } => format!(
            "{}'s {} {brave} comes off {} {host}",
            g.owner(*brave),
            nm(*brave),
            nm(*host)
        ),
        Event::SummonedByEffect { card } => {
            format!("{} {card} is summoned by an effect", nm(*card))
        }
        Event::TokenMade { card, token } => format!("A token {token} ({card}) is made"),
        Event::BurstSet {
            player, replaced, ..
        } => match replaced {
            Some(old) => format!(
                "{player} sets a new burst face down ({} goes to the trash)",
                nm(*old)
            ),
            None => format!("{player} sets a burst face down"),
        },
        Event::BurstActivated { card } => {
            format!("{} activates the burst {}!", g.owner(*card), nm(*card))
        }
        Event::OrderChosen { card, chooser, .. } => {
            // The player who chose then, not the turn player when the log is read.
            format!(
                "{} chooses {} {card}'s effect to resolve next (BS-8.4)",
                chooser.unwrap_or_else(|| g.active()),
                nm(*card)
            )
        }
        Event::LifeKept {
            player,
            attacker,
            by,
        } => format!(
            "{player}'s life is not reduced: {} {by} keeps attacks like {} {attacker}'s from reducing it",
            nm(*by),
            nm(*attacker)
        ),
        Event::DestructionReplaced { card, by, instead } => format!(
            "{} {card} is not destroyed: by {} {by}'s effect it {} instead (BS-6.6)",
            nm(*card),
            nm(*by),
            instead.words()
        ),
        Event::HandCardRevealed { card, by } => format!(
            "{} {card} in {}'s hand is revealed by {} {by}",
            nm(*card),
            g.owner(*card),
            nm(*by)
        ),
        Event::PlayerLost { player, reason } => format!("{player} loses: {}", reason.text()),
        Event::GameOver { winner, reason } => match winner {
            Some(w) => format!("Game over: {w} wins ({reason})"),
            None => format!("Game over: {reason}"),
        },
    }
}

/// Whether an event is book-keeping that a person following the game can skip: single
/// core movements and the card movements other events already tell (their summary is in
/// the play, life and battle events),
/// shuffles, hooks with nothing attached, passes in flash timings, step and turn ends,
/// and the end of the game (the command prints who won and why once).
pub fn is_detail(e: &Event) -> bool {
    if let Event::CardMoved { from, to, .. } = e {
        // Shown: what an effect does to cards (returned to hand or deck, put into tecoto,
        // milled, recovered from the trash). Hidden: moves another event already tells
        // (draws, plays, destruction, depletion, bursts set or used, mulligans).
        return matches!(
            (from, to),
            (Zone::Deck(_), Zone::Hand(_))
                | (Zone::Hand(_), Zone::Deck(_))
                | (Zone::Hand(_), Zone::Field(_))
                | (Zone::Tecoto(_), Zone::Field(_))
                | (Zone::Field(_), Zone::Trash(_))
                | (Zone::Hand(_), Zone::Trash(_))
                | (Zone::Tecoto(_), Zone::Trash(_))
                | (Zone::Hand(_), Zone::Burst(_))
                | (Zone::Burst(_), Zone::Trash(_))
                | (Zone::Burst(_), Zone::Field(_))
        );
    }
    matches!(
        e,
        Event::CoreMoved { .. }
            | Event::Shuffled { .. }
            | Event::Hook(_)
            | Event::FlashPassed { .. }
            | Event::BattleEnded { .. }
            | Event::TurnEnded { .. }
            | Event::PlayerLost { .. }
            | Event::GameOver { .. }
    )
}

/// The text log as a person reads it, line after line: [`render_event`] with memory, so
/// that no line contradicts the ones before it. A card that left the field (destroyed,
/// depleted, returned, moved) is not then said to be "not blocked": its battle ends with
/// it (BS-6.7), which the engine logs as a battle with no block.
#[derive(Debug, Default, Clone)]
pub struct TextLog {
    /// Cards that left the field since they were last put onto it.
    gone: std::collections::BTreeSet<crate::core::InstanceId>,
}

impl TextLog {
    /// A log reader that has read nothing yet.
    pub fn new() -> TextLog {
        TextLog::default()
    }

    /// The line for `e` after the events read so far; `None` when it would contradict an
    /// earlier line, and for events with no text.
    pub fn line(&mut self, e: &Event, game: &Game) -> Option<String> {
        match e {
            Event::Destroyed { card } => {
                self.gone.insert(*card);
            }
            Event::CardMoved { card, from, to } => match (from, to) {
                (_, Zone::Field(_)) => {
                    self.gone.remove(card);
                }
                (Zone::Field(_), _) => {
                    self.gone.insert(*card);
                }
                _ => {}
            },
            Event::NotBlocked { attacker } if self.gone.contains(attacker) => return None,
            _ => {}
        }
        let line = render_event(e, game);
        (!line.is_empty()).then_some(line)
    }
}
