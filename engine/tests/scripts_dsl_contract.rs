//! The contract with the text grammar (`dsl/SCRIPT_API_USED.md`): every script the dsl
//! writes for its original snapshot texts compiles in the sandbox and runs as an effect
//! without calling an unregistered function or passing a type the API does not take.

use engine::core::PlayerId;
use engine::rules::battle_spirits::Zone;
use engine::rules::battle_spirits::testkit::{
    effect, give_reserve, play, put, scenario_with, scripted_spirit,
};
use engine::script::ScriptSources;
use engine::{CardLibrary, Choice, DecisionKind, Event, Step};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// The rhai the dsl writes for its own original snapshot texts
/// (`dsl/tests/texts/en_original.txt`), generated now so it never goes stale.
fn generated() -> Vec<(String, String)> {
    let p = format!(
        "{}/../dsl/tests/texts/en_original.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(p).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .filter_map(|(i, line)| {
            let out = dsl::parse_en(line);
            // Only fully understood texts are the contract; the rest compile to `inert`.
            out.complete.then(|| {
                (
                    format!("en_{:03}", i + 1),
                    dsl::compile::to_rhai(&out.effect, Some(line)),
                )
            })
        })
        .collect()
}

#[test]
fn dsl_generated_scripts_compile_and_call_only_the_api() {
    let mut bad = Vec::new();
    for (name, src) in generated() {
        let card = scripted_spirit("G-1", 0, 1000, vec![effect("When Summoned", &src)]);
        let mut all = engine::rules::battle_spirits::testkit::synthetic_cards();
        all.push(card.clone());
        let lib = match CardLibrary::with_scripts(all, &ScriptSources::default()) {
            Ok(l) => l,
            Err(e) => {
                bad.push(format!("{name}: {e}"));
                continue;
            }
        };
        let mut g = scenario_with(lib, &[card], 5);
        g.set_strict(true);
        put(&mut g, P1, "B-01", Zone::Field(P1), 1);
        put(&mut g, P1, "B-02", Zone::Field(P1), 2);
        put(&mut g, P0, "R-02", Zone::Field(P0), 1);
        let c = put(&mut g, P0, "G-1", Zone::Hand(P0), 0);
        give_reserve(&mut g, P0, 3);
        play(&mut g, c);
        // Answer effect questions with their first option.
        for _ in 0..50 {
            match g.next() {
                Step::Decision(r) if r.kind == DecisionKind::EffectChoice => {
                    let first = r.options[0].choice.clone();
                    g.answer(first).unwrap();
                }
                _ => break,
            }
        }
        for e in g.log() {
            if let Event::EffectFailed { reason, line, .. } = e {
                bad.push(format!("{name} line {line:?}: {reason}"));
            }
        }
        let _ = Choice::Pass;
    }
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
