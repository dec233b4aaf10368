//! Card text read by the grammar (`dsl`): what it understood of an effect, the rhai it
//! writes with its hook, and what a script's source shows (its standing `when(…)`, the
//! happenings it watches).

use super::hooks::{self, Trigger};
use super::state::WatchKind;

/// What the text grammar understood of the effect's text that runs (`None`: no text): the
/// language its `text_language` names when it has that text, else English, else Japanese
/// (a card printed only in Japanese runs from its Japanese text). The same
/// reading the engine runs, for `cardscript lint` and `explain`.
pub fn parse_text(e: &carddb::Effect) -> Option<(String, dsl::ParseOutcome)> {
    parse_text_in(e, &dsl::Vocabulary::default())
}

/// [`parse_text`] with the packs' vocabulary ([`ScriptHost::vocabulary`]).
pub fn parse_text_in(
    e: &carddb::Effect,
    vocab: &dsl::Vocabulary,
) -> Option<(String, dsl::ParseOutcome)> {
    let has = |l: &str| e.text.get(l).filter(|t| !t.trim().is_empty());
    let lang = match e.text_language.as_deref() {
        Some("ja") if has("ja").is_some() => "ja",
        _ if has("en").is_some() => "en",
        _ => "ja",
    };
    let text = has(lang)?;
    let steps: Vec<String> = e
        .steps
        .iter()
        .map(|s| match s {
            carddb::Step::Main => "Main".to_string(),
            carddb::Step::Flash => "Flash".to_string(),
            carddb::Step::Burst => "Burst".to_string(),
        })
        .collect();
    let out = if lang == "ja" {
        dsl::parse_ja_effect_with(&e.levels, e.timing.as_deref(), &[], &steps, text, vocab)
    } else {
        dsl::parse_effect_with(
            &e.levels,
            e.timing.as_deref(),
            &[],
            &steps,
            text,
            dsl::Lang::En,
            vocab,
        )
    };
    Some((text.clone(), out))
}

/// The rhai the text grammar writes for an effect with English text (`None`: no text).
pub fn generated(e: &carddb::Effect) -> Option<String> {
    generated_with_hook(e).map(|(src, _)| src)
}

/// [`generated`] and the dsl's hook name for the effect (`start_of_your_attack_step` …).
pub fn generated_with_hook(e: &carddb::Effect) -> Option<(String, String)> {
    generated_with_hook_in(e, &dsl::Vocabulary::default())
}

/// [`generated_with_hook`] with the packs' vocabulary.
pub fn generated_with_hook_in(
    e: &carddb::Effect,
    vocab: &dsl::Vocabulary,
) -> Option<(String, String)> {
    let (text, out) = parse_text_in(e, vocab)?;
    let hook = dsl::compile::hook_name(out.effect.timing.as_ref());
    Some((dsl::compile::to_rhai(&out.effect, Some(&text)), hook))
}

/// The timing of an effect compiled from its text, where the text says more than the
/// label:
/// - "(During Your Attack Step) At the start of the step, …": the label says during the
///   step, the text says when in it; the effect runs once at the start (or end) of that
///   step (BS-7.1), not as a constant;
/// - no label, and the text opens with its timing ("When This Spirit is Summoned or
///   Blocks …"): the text's timing;
/// - "(During Opponent's Start Step) Refresh …": a step effect whose text acts (no
///   watcher, no lasting modifier) happens once, at the start of that step.
pub(crate) fn refine_step_timing(label: Vec<Trigger>, dsl_hook: &str, src: &str) -> Vec<Trigger> {
    let Some(text) = hooks::from_hook_name(dsl_hook) else {
        return label;
    };
    if src.contains("inert(") {
        return label;
    }
    if label == [Trigger::Constant] && text.iter().all(|t| !t.is_constant()) {
        return text;
    }
    // A watcher for the step's own draw ("after your draw", BS-3.1) is part of a step
    // effect that acts once: the watcher waits within that step.
    let watches = src.matches("when(").count() > src.matches("when(ev_draw_step_drawn()").count();
    let acts = !watches && !src.contains("\"while\"") && !src.contains("while_");
    if acts
        && let [Trigger::DuringStep(w, s)] = label.as_slice()
        && text == label
    {
        return vec![Trigger::StartOfStep(*w, *s)];
    }
    let refines = |l: &Trigger, t: &Trigger| match (l, t) {
        (Trigger::DuringStep(a, s), Trigger::StartOfStep(b, u) | Trigger::EndOfStep(b, u)) => {
            a == b && s == u
        }
        _ => false,
    };
    if label.len() == text.len() && label.iter().zip(&text).all(|(l, t)| refines(l, t)) {
        text
    } else {
        label
    }
}

/// A constant, step or turn effect whose script registers watchers (BS-8.1).
pub(crate) fn is_standing(triggers: &[Trigger], src: &str) -> bool {
    triggers.iter().any(|t| t.is_constant()) && src.contains("when(")
}

/// The happenings a script names (`ev_exhausted(` …).
pub(crate) fn scan_watched(src: &str, out: &mut std::collections::BTreeSet<WatchKind>) {
    for (name, kind) in super::api::WATCH_FNS.iter().chain(super::api::CAUSED_FNS) {
        if src.contains(name) {
            out.insert(*kind);
        }
    }
    // A pack event's watcher names its event as a string literal.
    for (at, _) in src.match_indices("ev_pack_event(") {
        let rest = src[at + "ev_pack_event(".len()..].trim_start();
        if let Some(lit) = rest.strip_prefix('"')
            && let Some(end) = lit.find('"')
            && let Some(name) = super::hooks::EventName::new(&lit[..end])
        {
            out.insert(WatchKind::PackEvent(name));
        }
    }
}
