//! Compile once: every script is compiled when the library is built; a syntax
//! error is a typed error naming the file (pack file or card), line and column.

use engine::CardLibrary;
use engine::rules::battle_spirits::testkit::{effect, scripted_spirit};
use engine::script::{ScriptError, ScriptOrigin, ScriptSources};

use engine::rules::battle_spirits::testkit::file_spirit as file_card;

#[test]
fn syntax_error_in_a_pack_file_names_file_line_and_column() {
    let mut src = ScriptSources::default();
    src.add_file(
        "demo",
        "effects/C-1.rhai",
        "// ok line\ndraw(1);\nlet x = ;\n",
    );
    src.pack_of.insert("C-1".into(), "demo".into());
    let err =
        CardLibrary::with_scripts(vec![file_card("C-1", "effects/C-1.rhai")], &src).unwrap_err();
    match &err {
        ScriptError::Syntax {
            origin,
            line,
            column,
            ..
        } => {
            assert_eq!(
                *origin,
                ScriptOrigin::File {
                    pack: "demo".into(),
                    path: "effects/C-1.rhai".into()
                }
            );
            assert_eq!(*line, 3);
            assert!(*column > 0);
        }
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string().starts_with("demo/effects/C-1.rhai:3:"),
        "{err}"
    );
}

#[test]
fn syntax_error_inline_names_the_card_and_effect() {
    let card = scripted_spirit("C-2", 0, 1000, vec![effect("When Summoned", "draw(1")]);
    let err = CardLibrary::with_scripts(vec![card], &ScriptSources::default()).unwrap_err();
    assert!(
        matches!(
            err,
            ScriptError::Syntax { origin: ScriptOrigin::Inline { ref card, effect: 0 }, line: 1, .. } if card == "C-2"
        ),
        "{err:?}"
    );
}

#[test]
fn syntax_error_in_a_lib_module_and_missing_files_are_reported() {
    let mut src = ScriptSources::default();
    src.add_file("demo", "lib/util.rhai", "fn two( { 2 }");
    let err = CardLibrary::with_scripts(vec![], &src).unwrap_err();
    assert!(
        matches!(err, ScriptError::Syntax { ref origin, line: 1, .. } if origin.to_string() == "demo/lib/util.rhai"),
        "{err:?}"
    );

    let mut src = ScriptSources::default();
    src.pack_of.insert("C-3".into(), "demo".into());
    let err =
        CardLibrary::with_scripts(vec![file_card("C-3", "effects/nope.rhai")], &src).unwrap_err();
    assert!(matches!(err, ScriptError::MissingFile { .. }), "{err:?}");
}

#[test]
fn unknown_timing_label_is_reported() {
    let card = scripted_spirit(
        "C-4",
        0,
        1000,
        vec![effect("When The Moon Rises", "draw(1);")],
    );
    let err = CardLibrary::with_scripts(vec![card], &ScriptSources::default()).unwrap_err();
    assert!(matches!(err, ScriptError::UnknownTiming { .. }), "{err:?}");
}

#[test]
fn scripts_are_compiled_once_per_library_and_shared_by_games() {
    let card = scripted_spirit("C-5", 0, 1000, vec![effect("When Summoned", "draw(1);")]);
    let lib = CardLibrary::with_scripts(vec![card], &ScriptSources::default()).unwrap();
    let a = lib.scripts().effects_of("C-5").unwrap()[0]
        .script
        .clone()
        .unwrap();
    let lib2 = lib.clone();
    let b = lib2.scripts().effects_of("C-5").unwrap()[0]
        .script
        .clone()
        .unwrap();
    assert!(std::rc::Rc::ptr_eq(&a, &b));
}

#[test]
fn unknown_timing_without_a_script_is_not_an_error() {
    let mut card = scripted_spirit("C-6", 0, 1000, vec![effect("When The Moon Rises", "")]);
    card.effects[0].script = None;
    assert!(CardLibrary::with_scripts(vec![card], &ScriptSources::default()).is_ok());
}
