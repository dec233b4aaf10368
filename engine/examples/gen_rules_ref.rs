//! Writes `docs/rules/battle-spirits.md` and `docs/rules/line-battle.md`: the hand-written
//! rules of `docs/rules/src/` with, under every rule, the files that cite its ID.
//! Run `cargo run -p engine --example gen_rules_ref`; `cargo test -p engine --test
//! rules_ref_doc` fails when the checked-in references are out of date.

#[path = "support/rules_ref.rs"]
mod rules_ref;

fn main() {
    let root = rules_ref::repo_root();
    let cites = rules_ref::scan(&root);
    for (prefix, stem) in rules_ref::RULESETS {
        let text = rules_ref::generate(&root, prefix, stem, &cites);
        let path = root.join(format!("docs/rules/{stem}.md"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        println!("wrote {}", path.display());
    }
    for (id, path) in rules_ref::unknown_ids(&root, &cites) {
        eprintln!("warning: {path} cites {id}, which no rules reference defines");
    }
}
