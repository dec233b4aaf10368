//! Plain words for the parts of a parsed effect `explain` reads out: conditions, events,
//! core counts and places, deck positions, slots, and the actions without a line of their
//! own in `explain::action_line` (never a Rust name).

use crate::ast::*;
use crate::explain::{duration_words, query_words, target_words};

pub(crate) fn pos_words(p: DeckPos) -> &'static str {
    match p {
        DeckPos::Top => "top",
        DeckPos::Bottom => "bottom",
    }
}

pub(crate) fn step_kind_words(k: StepKind) -> &'static str {
    match k {
        StepKind::Main => "[Main]",
        StepKind::Flash => "[Flash]",
    }
}

pub(crate) fn core_count_words(c: &CoreCount) -> String {
    match c {
        CoreCount::Exactly(n) => format!("{n} core(s)"),
        CoreCount::UpTo(n) => format!("up to {n} core(s)"),
        CoreCount::AllBut(n) => format!("all but {n} core(s)"),
        CoreCount::All => "all cores".into(),
        CoreCount::SoulCore => "the soul core".into(),
        CoreCount::Ordinary(n) => format!("{n} core(s) other than the soul core"),
    }
}

pub(crate) fn place_words(p: &CorePlace) -> String {
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

pub(crate) fn whose_words(w: Whose) -> &'static str {
    match w {
        Whose::You => "you",
        Whose::Opponent => "the opponent",
        Whose::Either => "either player",
    }
}

pub(crate) fn step_words(s: Step) -> &'static str {
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

pub(crate) fn zone_words(z: Zone) -> &'static str {
    match z {
        Zone::Field => "the field",
        Zone::Trash => "the trash",
        Zone::Hand => "the hand",
        Zone::Revealed => "the revealed cards",
        Zone::Discarded => "the discarded cards",
    }
}

pub(crate) fn filters_words(f: &[Filter]) -> String {
    query_words(&Query {
        owner: Owner::Any,
        kind: CardKind::Spirit,
        zone: Zone::Field,
        filters: f.to_vec(),
    })
}

pub(crate) fn subject_words(s: &Subject) -> String {
    match s {
        Subject::This => "this card".into(),
        Subject::ThisAttack => "this card's attack".into(),
        Subject::AnyOf(q) => format!("one of {}", query_words(q)),
        Subject::AttackOf(q) => format!("the attack of one of {}", query_words(q)),
        Subject::Chosen => "the chosen card".into(),
        Subject::ThisOr(q) => format!("this card or one of {}", query_words(q)),
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
        Event::WouldBeDestroyed { who, cause } => format!(
            "{} would be destroyed{}",
            subject_words(who),
            match cause {
                DestroyCause::Any => "",
                DestroyCause::OpponentEffect => " by the opponent's effect",
                DestroyCause::OpponentDestroyEffect => " by the opponent's destruction effect",
            }
        ),
        Event::DestroyedAtZeroBp(w) => format!(
            "{} is destroyed because an effect took its BP to 0",
            subject_words(w)
        ),
        Event::Attacks(w) => format!("{} attacks", subject_words(w)),
        Event::AttacksOrBlocks(w) => format!("{} attacks or blocks", subject_words(w)),
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
        Event::EffectOfPlayerDestroys(w, victim) => format!(
            "an effect of {} destroys an opposing {}",
            whose_words(*w),
            filters_words(victim)
        ),
        Event::EffectOfCardDestroys { who, victim } => format!(
            "an effect of {} destroys an opposing {}",
            subject_words(who),
            filters_words(victim)
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
        Event::Summons(w, q) if q.kind == CardKind::Nexus => {
            format!("{} deploy(s) one of {}", whose_words(*w), query_words(q))
        }
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
        Event::OpponentDrawsByEffect => "the opponent draws by an effect of theirs".into(),
        Event::OpponentMillsYou(n) => {
            format!("the opponent puts {n}+ card(s) of your deck into the trash")
        }
        Event::YouDrawByEffect => "you draw by an effect".into(),
        Event::LifeIncreases => "your life increases".into(),
        Event::OpponentLifeIncreases => "your opponent's life increases".into(),
        Event::BattleEnds => "the battle ends".into(),
        Event::CorePlacedInReserve => "a core is put into your reserve".into(),
        Event::CorePlacedOnThis => "a core is put onto this card".into(),
        Event::YouSetBurst => "you set a burst".into(),
        Event::Discarded(q) => format!("one of {} is discarded", query_words(q)),
        Event::MilledByKeyword(k, q) => {
            format!("one of {} is milled by your {k} effect", query_words(q))
        }
        Event::EndOfTurn => "the turn ends".into(),
        Event::Caused {
            what,
            cards,
            whose,
            keyword,
        } => {
            let by = match keyword {
                Some(k) => format!("an effect of the keyword {k}"),
                None => format!("an effect of {}", whose_words(*whose)),
            };
            let cards = cards.as_ref().map(query_words).unwrap_or_default();
            match what {
                CausedKind::Destroyed => format!("{by} destroys one of {cards}"),
                CausedKind::Exhausted => format!("{by} exhausts one of {cards}"),
                CausedKind::Depleted => {
                    format!("{by} reduces the cores of one of {cards} to zero (depleted)")
                }
                CausedKind::CoreFromVoid => format!(
                    "{by} places a core from the void onto one of {cards} or into that player's reserve"
                ),
                CausedKind::AddedToHand => format!("{by} adds cards to that player's hand"),
            }
        }
        Event::WinsComparison(s) => format!(
            "{} has the higher BP when BP are compared in battle",
            subject_words(s)
        ),
        Event::SummonedFromTrash(q) => {
            format!("one of {} is summoned from the trash", query_words(q))
        }
        Event::BattleEndsWith { who, on_field } => format!(
            "a battle of one of {} ends{}",
            query_words(who),
            if *on_field {
                " with it still on the field"
            } else {
                ""
            }
        ),
    }
}

/// A condition in words: "you control 2 or more red spirits".
pub fn condition_words(c: &Condition) -> String {
    match c {
        Condition::ThisHasSoulCore => "the soul core is on this card".into(),
        Condition::YouControl(n, q) => format!("you control {n} or more of {}", query_words(q)),
        Condition::LessLifeThanOpponent => "you have less life than the opponent".into(),
        Condition::NoLifeLostThisTurn => "you did not lose life this turn".into(),
        Condition::FirstAttackThisTurn => "it is the turn's first attack".into(),
        Condition::SpiritsSameCost => "you have spirits and all of them cost the same".into(),
        Condition::FewerHandThanOpponent => "you have fewer cards in hand than the opponent".into(),
        Condition::SpiritsAtMostOpponent => {
            "you control as many spirits as the opponent or fewer".into()
        }
        Condition::BurstSet => "you have a burst set".into(),
        Condition::LifeAtMost(n) => format!("your life is {n} or less"),
        Condition::SoulCoreSpent => "the soul core was paid".into(),
        Condition::SoulCoreMoved => "this effect moved the soul core".into(),
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
        Condition::DestroyedThisTurnAtLeast(n, q) => {
            format!("{n} or more of {} were destroyed this turn", query_words(q))
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
        Condition::AscendedUsing(q) => format!("it performed Ascend using {}", query_words(q)),
        Condition::EventCardIs(q) => format!("the destroyed card is one of {}", query_words(q)),
        Condition::NotDuplicated => {
            "no other copy of this effect (a card of the same name) works instead".into()
        }
        Condition::PayingThis => "this card's cost is being paid".into(),
        Condition::NoMagicUsedThisTurn => "you have used no magic card this turn".into(),
        Condition::Paying(q) => format!("the cost of one of {} is being paid", query_words(q)),
    }
}

pub(crate) fn slot_words(v: &SlotValue) -> String {
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
        SlotValue::Keyword(k) => k.clone(),
        SlotValue::Pronoun => target_words(&Target::Selected),
        SlotValue::Event(e) => event_words(e),
        SlotValue::Condition(c) => condition_words(c),
    }
}

/// The actions `action_line` does not word itself.
pub(crate) fn other_action_words(a: &Action) -> String {
    let t = target_words;
    let d = |x: &Duration| duration_words(*x);
    match a {
        Action::SkipNextRefresh(x) => {
            format!("{} does not refresh in its next refresh step", t(x))
        }
        Action::DiscardAnyNumber(_) => "discard any number of cards from hand".into(),
        Action::OneOf(options) => format!("choose one of {} effects:", options.len()),
        Action::BlockEffectsOnAttack(x, du) => format!(
            "the \"when blocks\" effects of {} also work when they attack{}",
            t(x),
            d(du)
        ),
        Action::PlayerDraws(w, n) => format!("{} draw(s) {n} card(s)", whose_words(*w)),
        Action::DrawUntil(Amount::Fixed(n)) => format!("draw until you have {n} cards in hand"),
        Action::DrawUntil(_) => "draw until you have as many cards in hand as your opponent".into(),
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
        Action::AllFamilies(x, dur) => format!("{} belongs to every family{}", t(x), d(dur)),
        Action::GainFamily(x, f, dur) => format!("{} gains the family {f}{}", t(x), d(dur)),
        Action::CannotBeDestroyed {
            target,
            by_opponent,
            by_kinds,
            by_colours,
            duration,
        } if !by_colours.is_empty() || !by_kinds.is_empty() => format!(
            "{} cannot be destroyed by effects of the opponent's {} {}{}",
            t(target),
            (by_colours.iter().map(|c| c.name()).collect::<Vec<_>>()).join("/"),
            if by_kinds.is_empty() {
                "cards".to_string()
            } else {
                by_kinds.join("/")
            },
            d(duration)
        ),
        Action::CannotBeDestroyed {
            target,
            by_opponent,
            duration,
            ..
        } => format!(
            "{} cannot be destroyed by {}effects{}",
            t(target),
            if *by_opponent { "the opponent's " } else { "" },
            d(duration)
        ),
        Action::CannotBeDestroyedInBattle(x, dur) => {
            format!("{} cannot be destroyed in battle{}", t(x), d(dur))
        }
        Action::CannotBe {
            target,
            what,
            by_filters,
            duration,
            ..
        } => format!(
            "{} cannot {} by {}{}",
            t(target),
            what.words(),
            if by_filters.is_empty() {
                "the opponent's effects".to_string()
            } else {
                // Only when the acting card matches these filters (BS-8.1).
                "the effects of ".to_string()
                    + &query_words(&Query {
                        owner: Owner::Opponent,
                        kind: CardKind::Card,
                        zone: Zone::Field,
                        filters: by_filters.clone(),
                    })
            },
            d(duration)
        ),
        Action::LifeCoresOnto(whose, dur) => format!(
            "cores that would be placed into {} life are placed on this card instead{}",
            match whose {
                Whose::You => "your",
                Whose::Opponent => "the opponent's",
                Whose::Either => "either player's",
            },
            d(dur)
        ),
        Action::CannotPlay {
            target,
            once_per_turn,
            duration,
        } => format!(
            "{} cannot be summoned, deployed or used{}{}",
            t(target),
            if *once_per_turn {
                " once one such spirit was summoned this turn"
            } else {
                ""
            },
            d(duration)
        ),
        Action::MustAttack(x, dur) => format!("{} must attack if able{}", t(x), d(dur)),
        Action::NoDrawsBy {
            whose,
            kind,
            duration,
        } => format!(
            "{} cannot draw by the effects of {}{}",
            match whose {
                Whose::You => "you",
                Whose::Opponent => "your opponent",
                Whose::Either => "neither player",
            },
            match kind {
                CardKind::Nexus => "nexuses",
                CardKind::MagicCard => "magic cards",
                _ => "spirits",
            },
            d(duration)
        ),
        Action::DeckDiscardLimit {
            max,
            opponent_only,
            duration,
        } => format!(
            "{} effects discard at most {max} card(s) from your deck at a time{}",
            if *opponent_only {
                "your opponent's"
            } else {
                "all"
            },
            d(duration)
        ),
        Action::AttacksCannotReduceLife {
            attackers,
            to,
            duration,
        } => format!(
            "attacks by {} cannot reduce your life{}{}",
            crate::explain::query_words(attackers),
            to.map(|n| format!(" to {n}")).unwrap_or_default(),
            d(duration)
        ),
        Action::CanBlockWhileExhausted(x, None, dur) => {
            format!("{} can block while exhausted{}", t(x), d(dur))
        }
        Action::CanBlockWhileExhausted(x, Some(q), dur) => format!(
            "{} can block {} while exhausted{}",
            t(x),
            crate::explain::query_words(q),
            d(dur)
        ),
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
        Action::ColoursAlso(x, cs, dur) => format!(
            "{} and its symbols are also {}{}",
            t(x),
            cs.iter().map(|c| c.name()).collect::<Vec<_>>().join("/"),
            d(dur)
        ),
        Action::TreatAsHighestLevel(x, dur) => {
            format!("{} is treated as its highest level{}", t(x), d(dur))
        }
        Action::TreatAsLevel(x, l, dur) => format!("{} is treated as LV{l}{}", t(x), d(dur)),
        Action::AttackTax {
            target,
            cores,
            own_cores: true,
            duration,
        } => format!(
            "{} cannot attack unless {cores} core(s) are moved from it to its controller's reserve{}",
            t(target),
            d(duration)
        ),
        Action::AttackTax {
            target,
            cores,
            duration,
            ..
        } => format!(
            "{} cannot attack unless its controller pays {cores} core(s){}",
            t(target),
            d(duration)
        ),
        Action::EndAttackStep => "end the attack step".into(),
        Action::EndBattle => "end the battle".into(),
        Action::ReducePaidCost(n) => format!("the card being paid costs {n} fewer core(s)"),
        Action::AscendCostAs(x, n, dur) => {
            format!(
                "{} counts as cost {n} when it pays an Ascend{}",
                t(x),
                d(dur)
            )
        }
        Action::CostAs(x, n, dur) => format!("{} costs {n} while it is paid{}", t(x), d(dur)),
        Action::ReductionFulfilled(x, dur) => format!(
            "every reduction symbol of {} counts as met while it is paid{}",
            t(x),
            d(dur)
        ),
        Action::GainReduction(x, n, col, dur) => format!(
            "{} gains {n} {} reduction symbol(s){}",
            t(x),
            col.name(),
            d(dur)
        ),
        // Every other action has its own line in `action_line`.
        _ => "(an action)".into(),
    }
}
