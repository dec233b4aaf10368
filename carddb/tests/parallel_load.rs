//! Card files are read in parallel; the pack's cards and its errors still come
//! in file order, as reading one file after another gives them, on every run.

use carddb::{Pack, PackFiles};

fn card(n: usize) -> String {
    format!(
        "id: P-{n:03}\nname: Parallel Whelp {n}\nkind: spirit\ncost: 2\ncolours: [red]\nreduction: {{red: 1}}\nsymbols: {{colours: {{red: 1}}}}\nlevels:\n  - {{level: 1, cores: 1, bp: 2000}}\n"
    )
}

/// 120 card files; every seventh has a mistake (an unknown colour or broken YAML), and
/// file 50 holds two cards.
fn files() -> PackFiles {
    let mut files = vec![(
        "pack.yaml".to_string(),
        "name: parallel\nversion: 1.0.0\ngame: battle-spirits\n".to_string(),
    )];
    for n in 0..120 {
        let body = match n {
            _ if n % 14 == 0 => card(n).replace("[red]", "[pink]"),
            _ if n % 7 == 0 => format!("{}  - {{level: [\n", card(n)),
            50 => format!("- {}\n- {}", indent(&card(50)), indent(&card(500))),
            _ => card(n),
        };
        files.push((format!("cards/c{n:03}.yaml"), body));
    }
    PackFiles::from_memory("parallel", files)
}

fn indent(s: &str) -> String {
    s.trim_end().replace('\n', "\n  ")
}

#[test]
fn cards_and_errors_come_in_file_order() {
    let (pack, errors) = Pack::from_files_partial(files());
    let pack = pack.expect("pack.yaml reads");
    let ids: Vec<&str> = pack.cards.iter().map(|c| c.def.id.as_str()).collect();
    let mut want: Vec<String> = (0..120)
        .filter(|n| n % 7 != 0)
        .map(|n| format!("P-{n:03}"))
        .collect();
    let at = want.iter().position(|i| i == "P-050").unwrap();
    want.insert(at + 1, "P-500".into());
    assert_eq!(ids, want);
    // One error per broken file (120 / 7 rounded up = 18), in file order.
    let files: Vec<String> = errors
        .iter()
        .map(|e| e.file.display().to_string())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    let broken: std::collections::BTreeSet<&String> = files.iter().collect();
    assert_eq!(broken.len(), 18, "{files:?}");
    // The same on every run.
    for _ in 0..5 {
        let (again, errs) = Pack::from_files_partial(self::files());
        let again: Vec<String> = again.unwrap().cards.into_iter().map(|c| c.def.id).collect();
        assert_eq!(again, ids);
        assert_eq!(errs, errors);
    }
}
