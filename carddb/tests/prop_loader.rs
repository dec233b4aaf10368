//! Property tests of the pack loader: any bytes in a card, keyword or manifest
//! file give a pack or located errors — never a panic — and an error names its file.

use carddb::{LoadError, Pack, PackFiles};
use proptest::prelude::*;

const MANIFEST: &str = "name: p\nversion: 1.0.0\ngame: battle-spirits\n";
const CARD: &str = "id: X-1\nname: Plain Whelp\nkind: spirit\ncost: 2\ncolours: [red]\nlevels:\n  - {level: 1, cores: 1, bp: 2000}\n";

fn load(files: &[(&str, String)]) -> Result<Pack, LoadError> {
    Pack::from_files(PackFiles::from_memory(
        "prop",
        files.iter().map(|(p, t)| (p.to_string(), t.clone())),
    ))
}

fn check(file: &str, r: Result<Pack, LoadError>) {
    if let Err(LoadError::Invalid(d)) = r {
        assert!(!d.0.is_empty());
        for e in &d.0 {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            assert!(e.file.to_string_lossy().contains("prop"), "{e}");
        }
        let _ = file;
    }
}

/// A valid card with one line replaced by arbitrary text, or cut anywhere.
fn mutated_card() -> impl Strategy<Value = String> {
    let lines: Vec<&'static str> = CARD.lines().collect();
    (0..lines.len(), ".{0,40}", 0..CARD.len()).prop_map(move |(i, text, cut)| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        if cut % 2 == 0 {
            l[i] = text;
            l.join("\n")
        } else {
            CARD.chars().take(cut).collect()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_card_file_loads_or_gives_located_errors(text in "\\PC{0,200}") {
        let r = load(&[("pack.yaml", MANIFEST.into()), ("cards/x.yaml", text)]);
        check("cards/x.yaml", r);
    }

    #[test]
    fn a_mutated_card_loads_or_gives_located_errors(text in mutated_card()) {
        let r = load(&[("pack.yaml", MANIFEST.into()), ("cards/x.yaml", text)]);
        check("cards/x.yaml", r);
    }

    #[test]
    fn any_keyword_declaration_loads_or_gives_located_errors(text in "\\PC{0,200}") {
        let r = load(&[
            ("pack.yaml", MANIFEST.into()),
            ("keywords/k.yaml", text),
        ]);
        check("keywords/k.yaml", r);
    }

    #[test]
    fn any_manifest_loads_or_gives_located_errors(text in "\\PC{0,120}") {
        let r = load(&[("pack.yaml", text), ("cards/x.yaml", CARD.into())]);
        check("pack.yaml", r);
    }
}
