//! Every phrase the built-in English grammar understands, in the author's words:
//! one entry per sentence kind of `grammar/en.pest` (each `c_*` clause, each `l_*` lead and
//! `tr_*` trailer, the two whole sentences), with a pattern and an example sentence that
//! parses. `docs/phrasebook.md` is generated from it; the did-you-mean of a sentence that is
//! not understood ([`nearest`], [`stopped`]) reads it, so messages never name grammar rules.

/// One phrase the grammar understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Phrase {
    /// The grammar rule it stands for (only for tests and the generator's checks; never
    /// shown to authors as a message).
    pub rule: &'static str,
    /// The family it is listed under in the phrasebook.
    pub family: &'static str,
    /// The phrase with its slots in capitals: `TARGET gets +N BP`.
    pub pattern: &'static str,
    /// A whole sentence the grammar understands with it.
    pub example: &'static str,
    /// Whether the engine runs it; `false`: the grammar reads it, but an effect using it
    /// stays inert until scripted (listed so an author knows why).
    pub runs: bool,
}

const fn p(
    rule: &'static str,
    family: &'static str,
    pattern: &'static str,
    example: &'static str,
) -> Phrase {
    Phrase {
        rule,
        family,
        pattern,
        example,
        runs: true,
    }
}

const CARDS: &str = "Cards: draw, discard, reveal";
const CORES: &str = "Cores";
const BP: &str = "BP, symbols, families and keywords";
const SPIRITS: &str = "Spirits: destroy, exhaust, return, summon";
const LIMITS: &str = "Restrictions and protections";
const LEADS: &str = "Before a sentence";
const TRAILERS: &str = "After a sentence";
const WHOLE: &str = "Whole sentences";
const COSTS: &str = "Costs while a card is paid (BS-5.2)";

/// The built-in phrases, by family, in the order the phrasebook lists them.
#[rustfmt::skip] // a table: one phrase a line
pub const PHRASES: &[Phrase] = &[
    p("c_draw", CARDS, "Draw N cards", "Draw 2 cards."),
    p("c_draw_until", CARDS, "Draw cards until you have N cards in your hand", "Draw cards until you have 4 cards in your hand."),
    p("c_draw_until_opp", CARDS, "Draw cards until you have the same number of cards in your hand as your opponent has in theirs", "Draw cards until you have the same number of cards in your hand as your opponent has in theirs."),
    p("c_both_draw", CARDS, "Each player draws N cards", "Each player draws 1 card."),
    p("c_both_discard", CARDS, "Each player discards N cards", "Each player discards 1 card."),
    p("c_opp_draw", CARDS, "Your opponent draws N cards", "Your opponent draws 1 card."),
    p("c_shuffle", CARDS, "Shuffle your deck", "Shuffle your deck."),
    p("c_mill", CARDS, "Discard the top N cards of your opponent's deck", "Discard the top 2 cards of your opponent's deck."),
    p("c_mill_n", CARDS, "Discard N cards from the top of your opponent's deck", "Discard 2 cards from the top of your opponent's deck."),
    p("c_mill_cost", CARDS, "Discard a number of cards from the top of your opponent's deck equal to that spirit's cost", "Select one of your opponent's spirits. Discard a number of cards from the top of your opponent's deck equal to that spirit's cost."),
    p("c_mill_put", CARDS, "Put the top N cards of your opponent's deck into their trash", "Put the top 2 cards of your opponent's deck into their trash."),
    p("c_ret_deck_either", CARDS, "Return TARGET to either the top or the bottom of your deck (you choose)", "Reveal the top card of your deck. Return it to either the top or the bottom of your deck."),
    p("c_disc_hand", CARDS, "Discard your entire hand", "Discard your entire hand."),
    p("c_discard", CARDS, "Discard N CARDS from your hand", "Discard 1 card from your hand."),
    p("c_discard_any", CARDS, "Discard any number of CARDS", "Discard any number of cards. Draw 1 card for each card you discarded."),
    p("c_opp_discard", CARDS, "Your opponent discards N CARDS from their hand", "Your opponent discards 1 card from their hand."),
    p("c_place_deck", CARDS, "Place TARGET at the top / bottom of your deck", "Reveal the top 3 cards of your deck. Place any number of them at the bottom of your deck in any order."),
    p("c_discard_it", CARDS, "Discard it (what was selected)", "Select 1 card in your hand and discard it."),
    p("c_reveal", CARDS, "Reveal the top N cards of your deck", "Reveal the top 3 cards of your deck."),
    p("c_add_hand", CARDS, "Add TARGET from the revealed cards to your hand", "Reveal the top 3 cards of your deck. Add 1 spirit card from the revealed cards to your hand."),
    p("c_reveal_viewed", CARDS, "Reveal TARGET from the cards you viewed", "Reveal the top 3 cards of your deck. Reveal 1 spirit card from the cards you viewed."),
    p("c_remaining", CARDS, "Return the remaining cards to the bottom of your deck", "Reveal the top 4 cards of your deck. Return the remaining cards to the bottom of your deck."),
    p("c_rem_trash", CARDS, "Discard the remaining cards", "Reveal the top 3 cards of your deck. Discard the remaining cards."),
    p("c_tecoto", CARDS, "Put TARGET into your tecoto", "Put the top card of your deck into your tecoto."),
    p("c_select_each_colour", CARDS, "From your trash, select one CARDS of each of the following colors: COLOUR, COLOUR and COLOUR", "From your trash, select one spirit card of each of the following colors: red and green. Return them to your hand."),
    p("c_count", CORES, "Count +N / Count -N", "Count +1."),
    p("c_place_cores", CORES, "Place N cores from PLACE onto PLACE", "Place 1 core from the void on this spirit."),
    p("c_place_onto_from", CORES, "Place N cores onto PLACE from PLACE", "Select one of your spirits. Place any number of cores onto it from your reserve."),
    p("c_send_cores", CORES, "Send N cores (from TARGET) to PLACE", "Select one of your opponent's spirits and send 2 cores to the void."),
    p("c_remove_cores", CORES, "Remove N cores from TARGET and place them into PLACE", "Remove 1 core from one of your opponent's spirits and place it into their reserve."),
    p("c_pay_cores", CORES, "Pay N cores from TARGET", "Pay 1 core from this spirit."),
    p("c_place_each", CORES, "Place N cores from PLACE each onto PLACE and PLACE", "Place 1 core from the void each onto this spirit and one of your Shrine nexuses."),
    p("c_ev_cores", CORES, "Place all of the destroyed spirit's cores onto TARGET", "When one of your spirits is destroyed, select 1 of your spirits. Place all of the destroyed spirit's cores onto that spirit."),
    p("c_gain_bp", BP, "TARGET gets (gains) +N BP", "This spirit gets +2000 BP this turn."),
    p("c_bp_plus", BP, "TARGET BP +N", "This spirit BP +1000."),
    p("c_gain_bp_kw", BP, "TARGET gets +N BP and KEYWORD", "This spirit gets +1000 BP and Crush this turn."),
    p("c_reduce_bp", BP, "Reduce the BP of TARGET by N", "Select one of your opponent's spirits. Reduce its BP by 3500 during this turn."),
    p("c_lose_bp", BP, "TARGET loses N BP", "Select one of your opponent's spirits. It loses 2500 BP during this turn."),
    p("c_colours_also", BP, "Treat TARGET's color and symbol color as COLOUR as well (each symbol counts as its colour or that one)", "Treat this spirit's color and symbol color as blue as well."),
    p("c_gain_symbol", BP, "TARGET gains N COLOUR symbol", "This spirit gains 1 red symbol."),
    p("c_all_types", BP, "Treat TARGET as having all spirit types", "Select one of your spirits. Treat it as having all spirit types during this turn."),
    p("c_gain_family", BP, "TARGET gains FAMILY spirit type", "This spirit gains Dragon spirit type."),
    p("c_gain_kw", BP, "TARGET gains KEYWORD (with its value)", "This spirit gains Crush this turn."),
    p("c_symbols_as", BP, "Treat TARGET's symbols as N COLOUR symbols", "Treat this spirit's symbols as 2 red symbols."),
    p("c_treat_high", BP, "Treat TARGET as its highest level", "Treat this spirit as its highest level."),
    p("c_treat_lv", BP, "Treat TARGET as a LV N spirit", "Treat this spirit as a LV2 spirit."),
    p("c_destroy", SPIRITS, "Destroy TARGET", "Destroy one of your opponent's spirits with 3000 or less BP."),
    p("c_exhaust", SPIRITS, "Exhaust TARGET", "Exhaust one of your opponent's spirits."),
    p("c_heavy", SPIRITS, "Heavily exhaust TARGET", "Heavily exhaust one of your opponent's spirits."),
    p("c_refresh", SPIRITS, "Refresh TARGET", "Refresh one of your spirits."),
    p("c_keep_field", SPIRITS, "When TARGET would be destroyed [by your opponent's effect], [you may COST to] keep it on the field [exhausted|refreshed] | TARGETS remain on the field exhausted instead", "When this spirit would be destroyed by your opponent's effect, you may pay 2 cores to keep it on the field exhausted."),
    p("c_ret_hand", SPIRITS, "Return TARGET to its owner's hand", "Return one of your opponent's spirits with cost 2 or less to its owner's hand."),
    p("c_ret_deck", SPIRITS, "Return TARGET to the bottom of its owner's deck", "Return one of your opponent's spirits to the bottom of its owner's deck."),
    p("c_select", SPIRITS, "Select TARGET", "Select one of your opponent's spirits."),
    p("c_opp_select", SPIRITS, "Your opponent selects TARGET", "Your opponent selects 1 of their spirits."),
    p("c_summon", SPIRITS, "Summon TARGET from your hand without paying its cost", "Summon 1 spirit card with cost 3 or less from your hand without paying its cost."),
    p("c_summon_tok", SPIRITS, "Summon N of your NAME Tokens (the pack's token card \"NAME Token\")", "Summon 1 of your Gear Tokens."),
    p("c_deploy", SPIRITS, "Place TARGET from your hand without paying its cost", "Place 1 nexus card from your hand without paying its cost."),
    p("c_attack", SPIRITS, "Attack TARGET (it battles your attacking spirit as its blocker)", "Attack one of your opponent's spirits."),
    p("c_activate_free", SPIRITS, "Activate this card's Main/Flash effect without paying its cost", "Activate this card's flash effect without paying its cost."),
    p("c_pay_act", SPIRITS, "Pay this card's cost to activate its Main/Flash effect", "You may pay this card's cost to activate its main effect."),
    p("c_end_attack", SPIRITS, "End the attack step", "End the attack step."),
    p("c_skip_refresh", SPIRITS, "TARGET will not refresh during their next refresh step", "Select one of your opponent's spirits. That spirit does not refresh during its owner's next refresh step."),
    p("c_one_of_following", SPIRITS, "Activate one of the following effects. ・SENTENCE ・SENTENCE", "You may discard 1 card from your hand to activate one of the following effects. ・Draw 1 card. ・Destroy one of your opponent's spirits."),
    p("c_must_attack", LIMITS, "TARGET must attack if able", "All of your spirits must attack if able."),
    p("c_block_exh", LIMITS, "TARGET can block while exhausted", "This spirit can block while exhausted."),
    p("c_cannot_atk", LIMITS, "TARGET cannot attack", "One of your opponent's spirits cannot attack this turn."),
    p("c_cannot_blk", LIMITS, "TARGET cannot block", "One of your opponent's spirits cannot block this turn."),
    p("c_cannot_atk_blk", LIMITS, "TARGET cannot attack or block", "One of your opponent's spirits cannot attack or block this turn."),
    p("c_cannot_be_blocked", LIMITS, "TARGET cannot be blocked", "This spirit cannot be blocked this turn."),
    p("c_cannot_destroyed", LIMITS, "TARGET cannot be destroyed by your opponent's effects / in battle (or both)", "This spirit cannot be destroyed in battle this turn."),
    p("c_no_draw_by", LIMITS, "Neither player can / Your opponent cannot / You cannot draw using magic (spirit, nexus) effects", "Your opponent cannot draw cards using magic effects."),
    p("c_cannot_be", LIMITS, "TARGET cannot be exhausted/returned/selected by your opponent's effects", "This spirit cannot be exhausted by your opponent's effects."),
    p("c_atk_no_life", LIMITS, "Attacks from SPIRITS cannot reduce your life (to N)", "Attacks from your opponent's spirits that cost 4 or fewer cannot reduce your life to 1 during this turn."),
    p("c_no_deck_disc", LIMITS, "Cards cannot be discarded from your deck", "Cards cannot be discarded from your deck until the end of this turn."),
    p("c_deck_disc_max", LIMITS, "When your opponent's effect discards cards from your deck, no more than N cards are discarded", "During this turn, when your opponent's effect discards cards from your deck, no more than two cards are discarded."),
    p("c_attack_tax", LIMITS, "TARGET cannot attack unless they pay N cores", "Your opponent's spirits cannot attack unless they pay 1 core."),
    p("c_only_select", LIMITS, "Your opponent can only select SPIRIT when using an effect to select one of your spirits", "Your opponent can only select a spirit with 5000 or more BP when using an effect to select one of your spirits."),
    p("c_unblock_weaker", LIMITS, "While TARGET are attacking, they cannot be blocked by SPIRITS with fewer BP than them", "While your Golem spirits are attacking, they cannot be blocked by spirits with less BP than them."),
    p("c_attack_own_cores", LIMITS, "Your opponent cannot attack with a spirit unless they remove N cores from it and place them into their reserve", "Your opponent cannot attack with a spirit during this turn unless they remove 3 cores from it and place them into their reserve."),
    p("c_cannot_play", LIMITS, "Your opponent cannot use/summon/deploy CARDS (in their hand) (more than once per turn)", "Your opponent cannot use magic cards in their hand that share a color with any of the symbols on their field."),
    p("c_life_onto", LIMITS, "Cores that would be placed into either player's (your, your opponent's) life are placed on this spirit instead", "Cores that would be placed into your opponent's life are placed on this spirit instead."),
    p("c_also_when_attacking", LIMITS, "(All of) your spirits' \"When This Spirit Blocks\" effects also activate when attacking / when they attack", "Your spirits' \"When This Spirit Blocks\" effects also activate when they attack."),
    p("l_then", LEADS, "Then, SENTENCE", "Draw 1 card. Then, discard 1 card from your hand."),
    p("l_grant", LEADS, "All of TARGETS gain the following effect: TIMING SENTENCE", "During this turn, all of your red spirits gain the following effect: When This Spirit Attacks Draw 1 card."),
    p("l_may", LEADS, "You may SENTENCE", "You may draw 1 card."),
    p("l_when_if", LEADS, "When CONDITION and EVENT, SENTENCE", "When you have 3 or fewer life and you reduce your opponent's life, draw 1 card."),
    p("l_next_time", LEADS, "The next time EVENT this turn, SENTENCE", "The next time you destroy one of your opponent's spirits this turn, draw 1 card."),
    p("l_if", LEADS, "If CONDITION, SENTENCE", "If you have 5 or more cards in your trash, draw 1 card."),
    p("l_if_you_do", LEADS, "If you do, SENTENCE", "You may discard 1 card from your hand. If you do, draw 2 cards."),
    p("l_otherwise", LEADS, "Otherwise, SENTENCE", "If it is your turn, draw 1 card. Otherwise, discard 1 card from your hand."),
    p("l_when", LEADS, "When EVENT, SENTENCE", "When one of your spirits is destroyed, draw 1 card."),
    p("l_during", LEADS, "During this turn, SENTENCE", "During this turn, this spirit gets +1000 BP."),
    p("l_for_each", LEADS, "For each CARDS, SENTENCE", "For each spirit you control, draw 1 card."),
    p("l_once", LEADS, "Once per turn, SENTENCE", "Once per turn, draw 1 card."),
    p("l_start_step", LEADS, "At the start of the step, SENTENCE", "At the start of the step, draw 1 card."),
    p("l_end_turn", LEADS, "At the end of this turn, SENTENCE", "At the end of this turn, destroy this spirit."),
    p("l_while_sum", LEADS, "While summoning a CARD from your hand, SENTENCE", "While summoning a red spirit card from your hand, this spirit gets +1000 BP."),
    p("l_ut", LEADS, "Ultimate Trigger: If it hits, SENTENCE", "Ultimate Trigger: If it hits, draw 1 card."),
    p("l_if_event", LEADS, "If it EVENT during this turn, SENTENCE (each time it happens)", "Select one of your opponent's spirits. If it attacks or blocks during this turn, destroy it."),
    p("l_first_time", LEADS, "The first time EVENT each turn, SENTENCE", "The first time one of your spirits is destroyed each turn, draw 1 card."),
    p("tr_duration", TRAILERS, "SENTENCE this turn / during this battle", "This spirit gets +1000 BP during this battle."),
    p("tr_if", TRAILERS, "SENTENCE if CONDITION", "Draw 1 card if it is your turn."),
    p("tr_unless", TRAILERS, "SENTENCE unless CONDITION", "This spirit cannot attack unless two or more of your spirits have been destroyed this turn."),
    p("tr_when", TRAILERS, "SENTENCE when EVENT", "Draw 1 card when this spirit is destroyed."),
    p("tr_when_cond", TRAILERS, "LASTING SENTENCE when CONDITION (a state that holds while the condition does)", "This spirit gets +1000 BP when you have 3 or fewer life."),
    p("tr_for_each", TRAILERS, "SENTENCE for each CARDS", "Draw 1 card for each spirit you control."),
    p("tr_once", TRAILERS, "SENTENCE once per turn", "Draw 1 card once per turn."),
    p("tr_instead", TRAILERS, "If CONDITION, SENTENCE instead", "Draw 1 card. If you have 3 or fewer life, draw 2 cards instead."),
    p("tr_start_step", TRAILERS, "SENTENCE at the start of the step", "Draw 1 card at the start of the step."),
    p("tr_end_turn", TRAILERS, "SENTENCE at the end of this turn", "Destroy this spirit at the end of this turn."),
    p("tr_resolves", TRAILERS, "SENTENCE after its effect resolves", "Return this card to your hand after its effect resolves."),
    p("tr_reminder", TRAILERS, "…: KEYWORD (the printed reminder after a keyword)", "This spirit gains Crush: Crush."),
    p("c_gain_reduction", COSTS, "All of your CARDS gain N COLOUR reduction symbols", "All of your magic cards gain a {RED_SYMBOL} reduction symbol."),
    p("c_reduce_first_magic", COSTS, "Reduce the cost of the first magic card you use each turn by N", "Reduce the cost of the first magic card you use each turn by 2."),
    p("c_ascend_cost", COSTS, "When you use this spirit to perform Ascend, treat it as though it costs N", "When you use this spirit to perform Ascend, treat it as though it costs 8."),
    p("c_cost_as", COSTS, "This card costs N in your hand (if CONDITION)", "This card costs 3 in your hand if you control a nexus."),
    p("c_fulfilled", COSTS, "Treat all of this card's reduction symbols as fulfilled", "If you have 2 or fewer life, treat all of this card's reduction symbols as fulfilled."),
    p("l_paying", COSTS, "When you use a CARD / When summoning this spirit from your hand, count each symbol on TARGET as N symbols when calculating cost reduction", "When you use a magic card, count each symbol on your Dragon spirits as two symbols when calculating cost reduction."),
    p("tr_paying", COSTS, "COST SENTENCE when summoning this card from your hand / when you use it during your main step", "This card costs 3 in your hand when you use it during your main step."),
    p("tr_calc", COSTS, "COST SENTENCE when calculating cost reduction", "When summoning this spirit from your hand, count each symbol on your red spirits as two symbols when calculating cost reduction."),
    p("s_no_dup", WHOLE, "This effect does not duplicate (copies on cards of one name do not add up; the first works)", "Draw 1 card when one of your spirits attacks. This effect does not duplicate."),
    p("s_mill_cap", WHOLE, "You can discard a maximum of N cards with this effect (the effect's discard from a deck counts at most N)", "Discard the top 2 cards of your opponent's deck for each nexus you control. You can discard a maximum of 5 cards with this effect."),
    p("s_no_soul_place", WHOLE, "You cannot place a \"Soul Core\" on TARGET with this effect (the earlier placement moves ordinary cores only)", "Place 3 cores from your trash onto this spirit. You cannot place a \"Soul Core\" on this spirit with this effect."),
    p("s_once_only", WHOLE, "This effect may only be used once per turn", "This effect may only be used once per turn."),
];

/// The phrases nearest to a sentence that was not understood, best first (at most `n`):
/// scored by how many of its words (numbers aside) are close to a word of the phrase's
/// pattern or example; phrases sharing no word are left out.
pub fn nearest(sentence: &str, n: usize) -> Vec<&'static Phrase> {
    let words = words_of(sentence);
    let mut scored: Vec<(usize, usize, &Phrase)> = PHRASES
        .iter()
        .enumerate()
        .filter_map(|(i, p)| score(&words, p.pattern, p.example).map(|s| (s, i, p)))
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(n).map(|(_, _, p)| p).collect()
}

/// How near an author's `words` are to a phrase (its `pattern` and `example`); `None` when
/// they share no word.
fn score(words: &[String], pattern: &str, example: &str) -> Option<usize> {
    let near = |t: &String, w: &String| t == w || strsim::jaro_winkler(t, w) >= 0.88;
    let theirs = words_of(&format!("{pattern} {example}"));
    let hits = words
        .iter()
        .filter(|w| theirs.iter().any(|t| near(t, w)))
        .count();
    // The first word is the verb or subject an author starts with: it counts double.
    let lead = words
        .first()
        .is_some_and(|w| words_of(pattern).first().is_some_and(|t| near(t, w)));
    (hits > 0).then_some(hits + usize::from(lead) * 2)
}

/// A pack phrase's template without its slots (`Gather {n:number} tide cores` → `Gather
/// tide cores`), for scoring.
fn without_slots(template: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in template.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Lower-case words of a text, without numbers, slot names and short words.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| w.len() > 2 || w.eq_ignore_ascii_case("bp"))
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        // Slot names (`TARGET`, `CARDS`) are not words an author writes.
        .filter(|w| w.len() <= 2 || !w.chars().all(|c| c.is_ascii_uppercase()))
        .map(str::to_lowercase)
        .filter(|w| !matches!(w.as_str(), "the" | "and" | "your" | "with" | "from" | "its"))
        .collect()
}

/// What to tell an author about a sentence the grammar did not understand, in their words:
/// where it stopped being understood (`at` is the byte offset the grammar got to) and the
/// nearest phrases it knows. Each line stands alone.
pub fn stopped(sentence: &str, at: usize) -> Vec<String> {
    stopped_in(sentence, at, &[])
}

/// [`stopped`] that also weighs the phrases packs declared (`templates`, as written in
/// `phrases/*.yaml`); a pack phrase as near as a built-in one comes first.
pub fn stopped_in(sentence: &str, at: usize, templates: &[&str]) -> Vec<String> {
    let mut out = vec![stopped_at(sentence, at)];
    let words = words_of(sentence);
    let mut near: Vec<(usize, String)> = templates
        .iter()
        .filter_map(|t| {
            score(&words, &without_slots(t), "").map(|s| (s, format!("'{t}' (a pack phrase)")))
        })
        .collect();
    near.extend(nearest(sentence, 3).into_iter().map(|p| {
        let s = score(&words, p.pattern, p.example).unwrap_or(0);
        (s, format!("'{}' (e.g. \"{}\")", p.pattern, p.example))
    }));
    near.sort_by_key(|b| std::cmp::Reverse(b.0));
    near.truncate(3);
    if near.is_empty() {
        out.push("see docs/phrasebook.md for every phrase the grammar knows".into());
    } else {
        let list: Vec<String> = near.into_iter().map(|(_, t)| t).collect();
        out.push(format!("did you mean: {}", list.join("; ")));
    }
    out
}

/// Where a sentence stopped being understood, quoting the author's words: `understood
/// "Draw 1", then stopped at "cardz."` (`at`: the byte offset the grammar got to).
pub fn stopped_at(sentence: &str, at: usize) -> String {
    let at = (0..=at.min(sentence.len()))
        .rev()
        .find(|i| sentence.is_char_boundary(*i))
        .unwrap_or(0);
    let (read, rest) = sentence.split_at(at);
    // One word read is no sentence understood: a capitalised word can pass for a name or a
    // family before the grammar gives up.
    if read.trim().is_empty() || (read.trim().is_ascii() && !read.trim().contains(' ')) {
        format!("not understood from the start: \"{}\"", sentence.trim())
    } else {
        format!(
            "understood \"{}\", then stopped at \"{}\"",
            read.trim(),
            rest.trim()
        )
    }
}

/// The place a pest error stopped at (its byte offset).
pub(crate) fn error_offset<R: pest::RuleType>(e: &pest::error::Error<R>) -> usize {
    match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((a, _)) => a,
    }
}

/// Expected at an unknown timing label (English).
pub const TIMING_HINT: &str = "a timing label the engine or a pack knows (e.g. `When Summoned`, `When This Spirit Attacks`; docs/phrasebook.md lists them)";

#[cfg(test)]
#[path = "phrasebook_tests.rs"]
mod tests;
