//! `engine/src/rules/line_battle/SCRIPT_API.md` is generated from the registrations
//! (`rules::line_battle::api::api_markdown`); this fails when it is out of date.
//! Regenerate: `LB_API_UPDATE=1 cargo test -p engine --test line_battle_api_doc`.

#[test]
fn the_line_battle_script_api_reference_is_current() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/rules/line_battle/SCRIPT_API.md"
    );
    let want = engine::rules::line_battle::api::api_markdown();
    if std::env::var_os("LB_API_UPDATE").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "{path} is out of date: LB_API_UPDATE=1 cargo test -p engine --test line_battle_api_doc"
    );
}
