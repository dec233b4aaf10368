//! Keyword declarations in packs: the embedded Saga base pack, its place in
//! every Battle Spirits catalogue, a pack's own keywords, and located errors for broken
//! declarations.

use carddb::{Catalogue, LoadError, Pack, PackFiles};

fn pack(name: &str, files: &[(&str, &str)]) -> Result<Pack, LoadError> {
    let mut all = vec![(
        "pack.yaml".to_string(),
        format!("name: {name}\nversion: 1.0.0\ngame: battle-spirits\n"),
    )];
    all.extend(files.iter().map(|(p, b)| (p.to_string(), b.to_string())));
    Pack::from_files(PackFiles::from_memory(name, all))
}

#[test]
fn the_saga_base_pack_loads_and_declares_burst_as_the_engines() {
    let saga = carddb::base::saga().expect("the embedded base pack loads");
    let kws = saga.loaded_keywords();
    let burst = kws.iter().find(|k| k.def.key() == "burst").expect("Burst");
    assert!(burst.def.engine, "BS-10: Burst's rules are the engine's");
    assert!(burst.def.effects.is_empty());
    // Chain's rules are the card text it introduces ("…. Chain Blue: …" continues the
    // effect only with a blue symbol): the base pack's phrase `phrases/chain.yaml`.
    let chain = kws.iter().find(|k| k.def.key() == "chain").expect("Chain");
    assert!(chain.def.phrase && chain.def.effects.is_empty());
    assert!(
        saga.phrases
            .iter()
            .any(|p| p.def.template.starts_with("Chain ")),
        "the phrase that gives Chain its rules"
    );
    assert!(
        kws.iter().all(|k| k.def.has_rules()),
        "every declared keyword has rules"
    );
    assert!(kws.iter().all(|k| !k.def.description.trim().is_empty()));
}

#[test]
fn every_battle_spirits_catalogue_gets_the_saga_keywords_and_a_pack_adds_its_own() {
    let own = "name: Glimmer\nkind: triggered\nvalue: number\ndescription: test\neffects:\n  - timing: When This Spirit Attacks\n    script: draw(keyword_value());\n";
    let p = pack("mine", &[("keywords/glimmer.yaml", own)]).unwrap();
    let (cat, report) = Catalogue::build_in_memory(&[p]).unwrap();
    let kws = cat.keywords().unwrap();
    assert!(
        kws.iter()
            .any(|k| k.def.key() == "crush" && k.pack == "battle-spirits-saga")
    );
    let g = kws
        .iter()
        .find(|k| k.def.key() == "glimmer")
        .expect("the pack's keyword");
    assert_eq!(
        (g.pack.as_str(), g.file.as_str()),
        ("mine", "keywords/glimmer.yaml")
    );
    assert!(report.packs.iter().any(|(n, _)| n == "battle-spirits-saga"));
}

#[test]
fn a_pack_redeclaring_a_saga_keyword_replaces_it() {
    let mine = "name: Crush\nkind: triggered\nvalue: number\ndescription: house rule\neffects:\n  - timing: When This Spirit Attacks\n    script: opponent_mill(1);\n";
    let p = pack("house", &[("keywords/crush.yaml", mine)]).unwrap();
    let (cat, _) = Catalogue::build_in_memory(&[p]).unwrap();
    let kws = cat.keywords().unwrap();
    let crush: Vec<_> = kws.iter().filter(|k| k.def.key() == "crush").collect();
    assert_eq!(crush.len(), 1);
    assert_eq!(crush[0].pack, "house");
}

#[test]
fn broken_keyword_declarations_are_reported_with_file_line_and_field() {
    let typo = "name: Glint\nkind: triggerd\n";
    let no_script =
        "name: Gleam\nkind: triggered\neffects:\n  - timing: When This Spirit Attacks\n";
    let missing = "name: Glow\nkind: triggered\neffects:\n  - script_file: keywords/glwo.rhai\n";
    let err = pack(
        "broken",
        &[
            ("keywords/glint.yaml", typo),
            ("keywords/gleam.yaml", no_script),
            ("keywords/glow.yaml", missing),
            ("keywords/glow.rhai", "draw(1);"),
        ],
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("keywords/glint.yaml:2"), "{text}");
    assert!(text.contains("triggerd"), "{text}");
    assert!(text.contains("keywords/gleam.yaml:4"), "{text}");
    assert!(text.contains("has no script"), "{text}");
    assert!(text.contains("keywords/glow.yaml:4"), "{text}");
    assert!(text.contains("keywords/glow.rhai"), "did you mean: {text}");
}
