//! Counters, conditions and extra procedures of card text: a cost then a choice of effects,
//! a delayed trigger on a chosen card, skipping the next refresh (BS-4.2), discarding any
//! number of cards as a multiplier, "the first time … each turn" (BS-8.3), "when blocks"
//! effects that also work on attack, and choices that do not select. ORIGINAL texts.

use dsl::parse_en;

fn rhai(text: &str) -> String {
    let o = parse_en(text);
    assert!(o.complete, "{text}: {:?}", o.unparsed);
    dsl::compile::to_rhai(&o.effect, None)
}

#[test]
fn dump() {
    for t in [
        "(When This Spirit Attacks) Select one of your spirits. You may destroy it to activate one of the following effects. ・Draw one card. ・Select one of your opponent's spirits. Place up to one core from it into their reserve.",
        "[Flash] Select one of your opponent's spirits. If it attacks or blocks during this turn, remove two of its cores and place them into your opponent's reserve.",
        "(When This Spirit Blocks) Select one of your opponent's spirits. That spirit will not refresh during their next refresh step.",
        "[Flash] Select one of your opponent's nexuses. Then, discard any number of cards and place one core from that nexus into their reserve for each card you discarded.",
        "(During Your Turn) The first time one of your red spirits is destroyed each turn, return that spirit card from your trash to your hand.",
        "(During Your Attack Step) All of your spirits' \"When This Spirit Blocks\" effects also activate when attacking.",
        "[Flash] Destroy one of your opponent's exhausted spirits.",
    ] {
        let o = parse_en(t);
        eprintln!("{t}\n{}\n{}\n{:?}", o.effect, dsl::compile::to_rhai(&o.effect, None), o.unparsed);
    }
    let _ = rhai("[Flash] Draw one card.");
}
