//! The CI check that `docs/rules/*.md` are the references generated from
//! `docs/rules/src/*.md` and the repository's rule-ID citations, and that every cited ID
//! exists. Regenerate with `cargo run -p engine --example gen_rules_ref`.

#[path = "../examples/support/rules_ref.rs"]
mod rules_ref;

#[test]
fn rules_references_are_current() {
    let root = rules_ref::repo_root();
    let cites = rules_ref::scan(&root);
    for (prefix, stem) in rules_ref::RULESETS {
        let path = root.join(format!("docs/rules/{stem}.md"));
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let generated = rules_ref::generate(&root, prefix, stem, &cites);
        assert!(
            committed == generated,
            "docs/rules/{stem}.md is out of date: run `cargo run -p engine --example gen_rules_ref`"
        );
    }
}

#[test]
fn every_cited_rule_id_exists() {
    let root = rules_ref::repo_root();
    let unknown = rules_ref::unknown_ids(&root, &rules_ref::scan(&root));
    let list: Vec<String> = unknown.iter().map(|(id, p)| format!("{p}: {id}")).collect();
    assert!(
        unknown.is_empty(),
        "rule IDs cited but not defined in docs/rules/src/*.md:\n{}",
        list.join("\n")
    );
}

#[test]
fn the_references_define_every_section_and_rule_once() {
    // Both rulesets keep their section structure: sections 0 to 13 and 0 to 5.
    let root = rules_ref::repo_root();
    for (prefix, stem, last) in [("BS", "battle-spirits", 13), ("LB", "line-battle", 5)] {
        let src = std::fs::read_to_string(root.join(format!("docs/rules/src/{stem}.md"))).unwrap();
        let ids = rules_ref::defined_ids(&src, prefix);
        let unique: std::collections::BTreeSet<_> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "{stem}: an ID is defined twice");
        for n in 0..=last {
            assert!(
                ids.contains(&format!("{prefix}-{n}")),
                "{stem}: section {prefix}-{n} missing"
            );
        }
    }
}

#[test]
fn card_ids_and_sentence_ends_are_not_rule_ids() {
    // The prefix is spliced in so that this file cites no rule itself.
    let p = "LB";
    let text = format!("3x {p}-001: A; see {p}-4.2. Also X{p}-1 and {p}-3.3b");
    let found = rules_ref::ids_in(&text, &[p]);
    assert_eq!(found, [(format!("{p}-4.2"), 1)]);
}
