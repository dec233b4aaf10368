//! `sim --report FILE.html`: every figure of the page (each carries its JSON pointer in
//! `data-fig` and its value in `data-v`) equals the same figure of `sim --json` on the same
//! run, and the page is one file that loads nothing.

mod support;

use support::{cardscript, text};

/// `(pointer, value)` of every `data-fig="…" data-v="…"` of `html`.
fn figures(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("data-fig=\"") {
        rest = &rest[i + 10..];
        let end = rest.find('"').expect("a closed data-fig");
        let ptr = rest[..end].to_string();
        let v = rest[end..]
            .strip_prefix("\" data-v=\"")
            .expect("data-v follows data-fig");
        let vend = v.find('"').expect("a closed data-v");
        out.push((ptr, v[..vend].to_string()));
        rest = &v[vend..];
    }
    out
}

#[test]
fn the_html_report_shows_the_json_figures() {
    let dir = std::env::temp_dir().join(format!("balance-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("r.html");
    let args = [
        "sim",
        "dawn-tide",
        "red-ember",
        "green-grove",
        "--games",
        "4",
        "--threads",
        "1",
        "--json",
        "--report",
        page.to_str().unwrap(),
    ];
    let o = cardscript(&args);
    assert!(o.status.success(), "{}", text(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let html = std::fs::read_to_string(&page).unwrap();
    // One file: no script, no stylesheet or image fetched.
    assert!(
        !html.contains("<script") && !html.contains("http"),
        "self-contained"
    );
    assert!(html.contains("<svg"), "inline charts");
    let figs = figures(&html);
    // 6 pairings × (6 counts + 3 rate figures + 4 length figures) at least, and the cards.
    assert!(figs.len() > 6 * 13, "{} figures", figs.len());
    for (ptr, v) in &figs {
        let want = json
            .pointer(ptr)
            .unwrap_or_else(|| panic!("{ptr} is not in the JSON"));
        let want = want.as_f64().unwrap_or_else(|| panic!("{ptr}: {want}"));
        let got: f64 = v.parse().unwrap();
        assert!((got - want).abs() < 5e-5, "{ptr}: page {got}, JSON {want}");
    }
    // The JSON's own figures agree with each other: P1's rate is its wins over the games,
    // and the 24 games are split into wins, draws and unfinished games.
    let pairs = json["balance"]["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 6);
    let mut games = 0;
    for p in pairs {
        let n = p["games"].as_u64().unwrap();
        let w = p["p1_wins"].as_u64().unwrap();
        games += n;
        assert_eq!(
            n,
            w + p["p2_wins"].as_u64().unwrap()
                + p["draws"].as_u64().unwrap()
                + p["unfinished"].as_u64().unwrap()
        );
        let r = &p["p1_win_rate"];
        assert!((r["rate"].as_f64().unwrap() - w as f64 / n as f64).abs() < 1e-12);
        assert!(r["low"].as_f64().unwrap() <= r["rate"].as_f64().unwrap());
        assert!(r["high"].as_f64().unwrap() >= r["rate"].as_f64().unwrap());
    }
    assert_eq!(games, 24);
    assert_eq!(json["balance"]["games"], json["games"]);
    std::fs::remove_dir_all(&dir).ok();
}
