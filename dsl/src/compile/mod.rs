//! Compiler from the effect AST to readable **rhai** source that calls the flat script API
//! (documented in `dsl/SCRIPT_API_USED.md`). Every effect the engine runs is a rhai script at
//! its hook (DESIGN principle 4); an effect whose text did not fully parse compiles to a script
//! that only reports itself as inert, with the understood part kept as comments for an author.

use std::cell::Cell;
use std::fmt::Write;

use crate::ast::*;

mod action;
mod caused;
mod emit;
mod expr;
mod flow;
mod lasting;
mod watch;
use emit::{Emitter, deck_word, discard_call};
pub use expr::query_expr;
use expr::{
    amount_expr, condition_expr, core_place_expr, event_expr, kept_word, lit, paren, question,
    scale1, step_word, target_expr, target_expr_destroyable, times, whose_word,
};

/// Name of the hook an effect is registered at (`when_summoned`, `during_your_attack_step`).
pub fn hook_name(t: Option<&Timing>) -> String {
    let Some(t) = t else {
        return "constant".into();
    };
    match t {
        Timing::WhenSummoned => "when_summoned".into(),
        Timing::WhenDeployed => "when_deployed".into(),
        Timing::WhenAttacks => "when_attacks".into(),
        Timing::WhenBlocks => "when_blocks".into(),
        Timing::WhenAttacksOrBlocks => "when_attacks_or_blocks".into(),
        Timing::WhileAttacking => "while_attacking".into(),
        Timing::WhileBlocking => "while_blocking".into(),
        Timing::WhileAttackingOrBlocking => "while_attacking_or_blocking".into(),
        Timing::WhenBattles => "when_battles".into(),
        Timing::WhenDestroyed => "when_destroyed".into(),
        Timing::WhenDestroyedByOpponent => "when_destroyed_by_opponent".into(),
        Timing::WhenDepleted => "when_depleted".into(),
        Timing::WhenBattleEnds => "when_battle_ends".into(),
        Timing::WhenYouLoseLife => "when_you_lose_life".into(),
        Timing::WhenOpponentDestroysYourSpirit => "when_opponent_destroys_your_spirit".into(),
        Timing::WhenOpponentResolvesWhenSummoned => "when_opponent_resolves_when_summoned".into(),
        Timing::AfterYourBurst => "after_your_burst".into(),
        Timing::DuringStep { whose, step } => {
            format!("during_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::StartOfStep { whose, step } => {
            format!("start_of_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::EndOfStep { whose, step } => {
            format!("end_of_{}_{}_step", whose_word(*whose), step_word(*step))
        }
        Timing::DuringTurn(w) => format!("during_{}_turn", whose_word(*w)),
        Timing::EndOfTurn(w) => format!("end_of_{}_turn", whose_word(*w)),
        Timing::Burst(c) => format!(
            "burst_{}",
            match c {
                BurstCondition::LifeReduced => "life_reduced".to_string(),
                BurstCondition::OpponentWhenSummonedResolved =>
                    "opponent_when_summoned_resolved".into(),
                BurstCondition::OpponentDestroysYourSpirit =>
                    "opponent_destroys_your_spirit".into(),
                BurstCondition::YourSpiritDestroyed => "your_spirit_destroyed".into(),
                BurstCondition::OpponentAttacks => "opponent_attacks".into(),
                BurstCondition::OpponentSummons => "opponent_summons".into(),
                BurstCondition::Other(t) => hook_name(Some(t)),
            }
        ),
        Timing::WhileOC => "while_over_count".into(),
        Timing::Constant => "constant".into(),
        Timing::Main => "main".into(),
        Timing::Flash => "flash".into(),
        Timing::Pack(hook) => hook.clone(),
        Timing::Any(ts) => ts
            .iter()
            .map(|t| hook_name(Some(t)))
            .collect::<Vec<_>>()
            .join("_or_"),
    }
}

/// Why an effect is not understood when a pronoun has no antecedent.
pub const DANGLING: &str = "antecedent for \"it\" / \"them\" / \"that …\": nothing before it was selected, summoned, revealed or discarded";

/// True when a pronoun ("it", "them", "that spirit") in the body refers to nothing an earlier
/// action selected, summoned, revealed, discarded or acted on: such an
/// effect is not understood, and it never means this card by default.
pub fn dangling_pronoun(body: &[Action]) -> bool {
    let mut e = Emitter::for_body(body);
    e.block(0, body);
    e.dangling.get()
}

fn uses(body: &[Action], pred: &dyn Fn(&Action) -> bool) -> bool {
    let mut hit = false;
    walk(body, &mut |a| hit |= pred(a));
    hit
}

/// Visits every action of `body` and of the bodies nested in it, in order.
fn walk<'a>(body: &'a [Action], f: &mut dyn FnMut(&'a Action)) {
    for a in body {
        f(a);
        match a {
            Action::OneOf(options) => {
                for b in options {
                    walk(b, f);
                }
            }
            _ => {
                if let Some(b) = a.wrapped() {
                    walk(b, f);
                }
            }
        }
    }
}

/// Why a card text not fully understood does nothing (the start of the reason its script
/// gives `inert`, [`not_understood`]).
pub const NOT_UNDERSTOOD: &str = "card text not fully understood; write a script for this effect";

/// The reason a card text not fully understood gives `inert`: [`NOT_UNDERSTOOD`] and every
/// part not understood, each quoted in the author's words (one never hides the rest).
pub fn not_understood(parts: &[&str]) -> String {
    if parts.is_empty() {
        return NOT_UNDERSTOOD.to_string();
    }
    let quoted: Vec<String> = parts
        .iter()
        .map(|p| format!("`{}`", p.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect();
    format!("{NOT_UNDERSTOOD} (not understood: {})", quoted.join(", "))
}

/// The texts of every part of `body` not understood, in order, nested sentences (a pack
/// phrase's sentence slot too) included.
fn unread(body: &[Action]) -> Vec<&str> {
    let mut out = Vec::new();
    walk(body, &mut |a| match a {
        Action::Unparsed { text, .. } => out.push(text.as_str()),
        Action::Phrase { slots, .. } => {
            for (_, v) in slots {
                if let crate::ast::SlotValue::Sentence(b) = v {
                    out.extend(unread(b));
                }
            }
        }
        _ => {}
    });
    out
}

/// The reason a script written by [`to_rhai`] does nothing at all, when it is one of those
/// that only call `inert(reason)` and return (text not understood, a dangling pronoun);
/// `None` for any other script. Lets an engine skip running a script whose outcome is known
/// (a constant effect is read after every event).
pub fn static_inert(src: &str) -> Option<String> {
    let mut lines = src.lines().map(str::trim).filter(|l| !l.starts_with("//"));
    let first = lines.next()?;
    let literal = first.strip_prefix("inert(\"")?.strip_suffix("\");")?;
    if lines.next() != Some("return;") {
        return None;
    }
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                c @ ('"' | '\\') => out.push(c),
                _ => return None,
            },
            '"' => return None,
            c => out.push(c),
        }
    }
    (lit(&out) == format!("\"{literal}\"")).then_some(out)
}

/// Compile an effect's body to rhai statements (no function wrapper). `comment` is put on top
/// as `// …` (typically the printed text). An effect with unparsed sentences compiles to a
/// script that calls `inert(reason)` and returns: it never runs half.
pub fn to_rhai(effect: &EffectText, comment: Option<&str>) -> String {
    let mut e = Emitter::new();
    if let Some(c) = comment {
        for l in c.lines() {
            e.line(0, &format!("// {l}"));
        }
    }
    let unparsed = uses(&effect.body, &|a| matches!(a, Action::Unparsed { .. }));
    if unparsed {
        e.line(
            0,
            &format!("inert({});", lit(&not_understood(&unread(&effect.body)))),
        );
        e.line(0, "return;");
    }
    let mut body = Emitter::for_body(&effect.body);
    body.plain_choices = effect.only_select_selects;
    body.block(0, &effect.body);
    if !unparsed && body.dangling.get() {
        e.line(
            0,
            &format!("inert({});", lit(&format!("not understood: no {DANGLING}"))),
        );
        e.line(0, "return;");
        return e.out;
    }
    let assigns = |v: &str| {
        body.out.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with(&format!("{v} = ")) || l.starts_with(&format!("if {v} "))
        })
    };
    if assigns("t") {
        e.line(0, "let t = [];");
    }
    if assigns("ts") {
        e.line(0, "let ts = [];");
    }
    if assigns("t0") {
        e.line(0, "let t0 = [];");
    }
    if assigns("did") {
        e.line(0, "let did = false;");
    }
    if assigns("ok") || body.out.contains("if !ok ") {
        e.line(0, "let ok = false;");
    }
    if effect.once_per_turn {
        e.line(0, "if !once_per_turn() { return; }");
    }
    if effect.optional && !matches!(effect.body.as_slice(), [Action::May(_)]) {
        e.line(0, "if !may(\"Use this effect?\") { return; }");
    }
    e.out.push_str(&body.out);
    e.out
}

/// Compile several effects of one card into one rhai file: one function per effect
/// (`fn effect_1()`, …), each preceded by a comment naming its hook and levels.
pub fn card_to_rhai(effects: &[(String, EffectText)]) -> String {
    let mut out = String::new();
    for (i, (text, eff)) in effects.iter().enumerate() {
        let _ = writeln!(
            out,
            "// hook: {}, levels: {:?}",
            hook_name(eff.timing.as_ref()),
            eff.levels
        );
        let _ = writeln!(out, "fn effect_{}() {{", i + 1);
        for l in to_rhai(eff, Some(text)).lines() {
            let _ = writeln!(out, "    {l}");
        }
        out.push_str("}\n\n");
    }
    out
}
