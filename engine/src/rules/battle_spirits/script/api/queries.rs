//! Card queries: which cards of which zones (spirit queries never match ultimates, BS-12.3).

use super::*;

pub(super) fn register_queries(e: &mut Engine) {
    reg!(
        e,
        "my_spirits",
        [],
        "Your spirits (and braves) on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("my")?))) }
    );
    reg!(
        e,
        "opponent_spirits",
        [],
        "The opponent's spirits on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("opponent")?))) }
    );
    reg!(
        e,
        "all_spirits",
        [],
        "Every spirit on the field; never ultimates (BS-12.3).",
        || -> R<Query> { Ok(q(Base::Spirits(players("all")?))) }
    );
    reg!(
        e,
        "my_ultimates",
        [],
        "Your ultimates on the field (BS-12.3: only effects naming ultimates affect them).",
        || -> R<Query> { Ok(q(Base::Ultimates(players("my")?))) }
    );
    reg!(
        e,
        "opponent_ultimates",
        [],
        "The opponent's ultimates on the field.",
        || -> R<Query> { Ok(q(Base::Ultimates(players("opponent")?))) }
    );
    reg!(e, "my_nexuses", [], "Your nexuses.", || -> R<Query> {
        Ok(q(Base::Nexuses(players("my")?)))
    });
    reg!(
        e,
        "opponent_nexuses",
        [],
        "The opponent's nexuses.",
        || -> R<Query> { Ok(q(Base::Nexuses(players("opponent")?))) }
    );
    reg!(e, "all_nexuses", [], "Every nexus.", || -> R<Query> {
        Ok(q(Base::Nexuses(players("all")?)))
    });
    reg!(
        e,
        "my_field",
        [],
        "Every card on your field.",
        || -> R<Query> { Ok(q(Base::Field(players("my")?))) }
    );
    reg!(
        e,
        "opponent_field",
        [],
        "Every card on the opponent's field.",
        || -> R<Query> { Ok(q(Base::Field(players("opponent")?))) }
    );
    reg!(
        e,
        "all_field",
        [],
        "Every card on the field.",
        || -> R<Query> { Ok(q(Base::Field(players("all")?))) }
    );
    reg!(e, "my_trash", [], "Cards in your trash.", || zones(
        "my",
        Zone::Trash
    ));
    reg!(
        e,
        "opponent_trash",
        [],
        "Cards in the opponent's trash.",
        || zones("opponent", Zone::Trash)
    );
    reg!(e, "all_trash", [], "Cards in both trashes.", || zones(
        "all",
        Zone::Trash
    ));
    reg!(e, "my_hand", [], "Cards in your hand.", || zones(
        "my",
        Zone::Hand
    ));
    reg!(
        e,
        "opponent_hand",
        [],
        "Cards in the opponent's hand.",
        || zones("opponent", Zone::Hand)
    );
    reg!(e, "all_hand", [], "Cards in both hands.", || zones(
        "all",
        Zone::Hand
    ));
    reg!(
        e,
        "my_tecoto",
        [],
        "Cards in your tecoto (BS-13.1).",
        || zones("my", Zone::Tecoto)
    );
    reg!(
        e,
        "deck_top",
        ["n: i64"],
        "The top n cards of your deck, top first (e.g. `put_into_tecoto(deck_top(1))`, BS-13.1).",
        |n: i64| -> R<Query> {
            let p = me()?;
            let n = nat(n, "n")? as usize;
            let top = with_ref(|g, _| {
                g.pile(Zone::Deck(p))
                    .iter()
                    .rev()
                    .take(n)
                    .copied()
                    .collect()
            })?;
            Ok(q(Base::Cards(top)))
        }
    );
    reg!(
        e,
        "keyword_value",
        [],
        "In a keyword's effect: the keyword's value on this card — the highest number if it has the keyword several times (0 when none is written), the colours as an array of lower-case names (all it has), a condition's words as one string (its parts joined with \"/\": \"1/4\"), a word as a string, or `()` for a keyword without a value.",
        || -> R<Dynamic> { with_ref(|g, rc| g.keyword_value(rc.card, rc.effect)) }
    );
    reg!(
        e,
        "this_card",
        [],
        "This card (a query of one card; usable as targets).",
        || -> R<Query> { Ok(q(Base::Cards(vec![this()?]))) }
    );
    reg!(
        e,
        "attacking_spirit",
        [],
        "The attacking spirit of the current battle (BS-6.1).",
        || q(Base::Attacker)
    );
    reg!(
        e,
        "blocking_spirit",
        [],
        "The blocking spirit of the current battle (BS-6.3).",
        || q(Base::Blocker)
    );
    reg!(
        e,
        "event_cards",
        [],
        "Inside a `when` closure or a triggered effect: the card(s) the event is about, as a query.",
        || -> R<Query> { Ok(Query::of(Base::Cards(run_ctx()?.event_cards.clone()))) }
    );
    reg!(
        e,
        "cards",
        ["q: Query"],
        "The cards a query matches now, as an array.",
        |q: Query| -> R<Array> { Ok(to_array(with_ref(|g, _| q.eval(g))?)) }
    );
    reg!(
        e,
        "cards",
        ["targets: Array"],
        "The cards of an array of cards (chosen cards, `this_card()`), as they are: a phrase's `{p:pronoun}` or `{t:target}` slot is iterated with `for c in cards({p})` whichever it is.",
        |a: Array| -> R<Array> { Ok(a) }
    );
}
