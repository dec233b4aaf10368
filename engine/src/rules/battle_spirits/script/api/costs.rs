//! What a card costs while it is paid (BS-5.2; BS-12.4): the card whose cost is read now
//! (`while_paying`) and the modifiers that change step 1 (the cost read), step 2 (its
//! reduction symbols) and step 4 (what is paid). A constant effect gives them while a cost
//! is read — an effect of a field card, or one of the paid card itself, evaluated from the
//! hand (`Game::quote_card`); field symbols counted as more (step 3) are `symbols_as`.

use super::restrictions::colour;
use super::*;
use crate::rules::battle_spirits::PlayKind;

pub(super) fn register_costs(e: &mut Engine) {
    reg!(
        e,
        "while_paying",
        ["q"],
        "Whether the card whose cost is being paid now matches the query: a spirit, ultimate or brave being summoned, a nexus being deployed or a magic being used (BS-5.2). The query gives its owner, kind and filters (`my_field().magic_cards()`: any magic card of yours, its zone aside; `my_hand().magic_cards()`: one paid from your hand; `this_card()`: this card itself); the card is where it is paid from, mostly the hand. False when no cost is being paid. A constant effect of a field card, or of the paid card itself (evaluated while it is in the hand), reads it; what it gives holds while the cost is read (ruling C#59).",
        |q: Dynamic| -> R<bool> {
            let q = subject(&q)?;
            // No cost being read: false whatever the state (a remembered run, `memo`;
            // constants are never remembered while a cost is read).
            with_ref_noting(|g, _| match g.rt.summoning.get() {
                None => (false, 0),
                Some(_) => (g.paying_matches(&q), READ_ANY),
            })
        }
    );
    reg!(
        e,
        "card_being_paid",
        [],
        "The card whose cost is being paid now (BS-5.2), as an array of one card; empty when no cost is being paid. The target of a field card's `reduce_cost` (\"reduce the cost of the first magic card you use each turn by 1\").",
        || -> R<Array> {
            with_ref_noting(|g, _| match g.rt.summoning.get() {
                None => (Array::new(), 0),
                Some(c) => (vec![Dynamic::from(c)], READ_ANY),
            })
        }
    );
    reg!(
        e,
        "magic_used_this_turn",
        [],
        "How many magic cards you used this turn (BS-5.5; each paid use from the hand or by an effect that pays it, read from the log since the turn began).",
        || -> R<i64> {
            with_ref(|g, rc| {
                let n = (g.log().iter().rev())
                    .take_while(|e| !matches!(e, Event::TurnBegan { .. }))
                    .filter(|e| {
                        matches!(e, Event::Played { player, kind: PlayKind::UseMagic, .. }
                            if *player == rc.controller)
                    })
                    .count();
                n as i64
            })
        }
    );
    reg!(
        e,
        "cost_as",
        ["targets", "n: i64", "dur: &str"],
        "While the cards' cost is paid, they cost n (BS-5.2 step 1: the cost read; their reduction symbols then reduce n). A triggered effect's modifier lasts the turn (\"while\" then means \"turn\").",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::CostAs(nat(n, "n")?), d)
    );
    reg!(
        e,
        "ascend_cost_as",
        ["targets", "n: i64", "dur: &str"],
        "\"When you use this spirit to perform Ascend, treat it as though it costs n\" (keyword rulings K1-K3): when the cards pay another card's Ascend, the condition reads their cost as n (`ascend_cost_at_least`); their cost elsewhere is unchanged.",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::AscendCostAs(nat(n, "n")?), d)
    );
    reg!(
        e,
        "reduce_cost",
        ["targets", "n: i64", "dur: &str"],
        "While the cards' cost is paid, n fewer cores are paid, after their reduction symbols (BS-5.2 step 4); what is paid never goes below 0 (ruling C#58).",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::CostReduced(nat(n, "n")?), d)
    );
    reg!(
        e,
        "gain_reduction",
        ["targets", "n: i64", "colour: &str", "dur: &str"],
        "The cards gain n reduction symbols of the colour (BS-5.2 step 2): each is met by one field symbol of that colour when their cost is paid.",
        |t: Dynamic, n: i64, c: &str, d: &str| {
            modify(&t, ModKind::GainReduction(nat(n, "n")?, colour(c)?), d)
        }
    );
    reg!(
        e,
        "reduce_with_symbols_of",
        ["targets", "q: Query", "dur: &str"],
        "While the cards' cost is paid, the printed symbols of the cards the query matches off the field (\"any Gearling cards in your trash\") count with your field's symbols to meet their reduction symbols (BS-5.2 step 3); each such card once.",
        |t: Dynamic, q: Query, d: &str| modify(&t, ModKind::SymbolsFrom(q), d)
    );
    reg!(
        e,
        "reduction_fulfilled",
        ["targets", "dur: &str"],
        "While the cards' cost is paid, every reduction symbol they have counts as met whatever the field's symbols (BS-5.2 step 4).",
        |t: Dynamic, d: &str| modify(&t, ModKind::ReductionFulfilled, d)
    );
}
