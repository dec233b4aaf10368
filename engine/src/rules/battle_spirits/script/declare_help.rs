//! How to declare what a card names and no pack declares (docs/pack-format.md, "labels"
//! and "keywords/*.yaml"): the file to add and its YAML shape, one line each, appended to
//! the help of `db build`, `lint` and the gaps `sim`, `exercise` and `explain` list.

/// A file name for `text`: lower-case words joined by `-` (`When This Spirit Links` →
/// `when-this-spirit-links`).
fn slug(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// How to declare the timing label `label` in a pack: `labels/<slug>.yaml` with its
/// text under its language (`ja` when it is not ASCII) and an `event` (a new event scripts
/// raise; named after its last word, at most 23 bytes) or a `hook` (another text for an
/// engine timing). A label with no ASCII word gets placeholder names to replace.
pub fn label(label: &str) -> String {
    let event: String = label
        .split_whitespace()
        .last()
        .unwrap_or("event")
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .flat_map(char::to_lowercase)
        .take(23)
        .collect();
    let event = if event.is_empty() {
        "my-event".to_string()
    } else {
        event
    };
    let file = match slug(label) {
        s if s.is_empty() => "my-label".to_string(),
        s => s,
    };
    let lang = if label.is_ascii() { "en" } else { "ja" };
    format!(
        "to declare it, add `labels/{file}.yaml` to a pack: `{lang}: [{label}]` with `event: {event}` \
         (a new event, raised by `raise_event(\"{event}\", card)`) or `hook: when_attacks` (another \
         text for an engine timing) — docs/pack-format.md \"labels\"; `--allow-gaps` builds \
         with the effect inert"
    )
}

/// The value kind a card's written value `value` fits (`2` → number, `Purple/White` →
/// colours, else condition).
fn kind_of(value: Option<&str>) -> &'static str {
    const COLOURS: [&str; 6] = ["red", "purple", "green", "white", "yellow", "blue"];
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => "none",
        Some(v) if v.parse::<u32>().is_ok() => "number",
        Some(v)
            if v.split(['/', ',', ' '])
                .filter(|c| !c.is_empty())
                .all(|c| COLOURS.contains(&c.to_ascii_lowercase().as_str())) =>
        {
            "colours"
        }
        Some(_) => "condition",
    }
}

/// How to declare the keyword `name` (written with `value`) in a pack:
/// `keywords/<slug>.yaml` with its name, kind, value kind, description and effects.
pub fn keyword(name: &str, value: Option<&str>) -> String {
    format!(
        "to declare it, add `keywords/{}.yaml` to a pack: `name: {name}`, `kind: triggered` \
         (or constant, activated, …), `value: {}`, `description: …`, `effects: [{{timing: …, \
         script_file: keywords/{}.rhai}}]` — docs/pack-format.md \"keywords/*.yaml\"; \
         `--allow-gaps` builds with the keyword inert",
        slug(name),
        kind_of(value),
        slug(name)
    )
}

/// How to let the declared keyword `name` (value kind `declared`) take the written
/// `value`: declare it again in the author's pack with the value kind the value fits (a
/// pack's keyword replaces one of the same name declared before it).
pub fn value(name: &str, declared: &str, value: Option<&str>) -> String {
    format!(
        "its value is declared as `{declared}`; to take `{}`, declare `{name}` in your pack as \
         `keywords/{}.yaml` with `value: {}` and its effects (it replaces the declaration of the \
         same name loaded before it) — docs/pack-format.md \"keywords/*.yaml\"; `--allow-gaps` \
         builds with the value listed as a gap",
        value.unwrap_or(""),
        slug(name),
        kind_of(value)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn help_names_the_file_and_shape() {
        let l = super::label("While This Spirit is Linked");
        assert!(
            l.contains("`labels/while-this-spirit-is-linked.yaml`"),
            "{l}"
        );
        assert!(
            l.contains("`en: [While This Spirit is Linked]` with `event: linked`"),
            "{l}"
        );
        // A Japanese label has no ASCII word: placeholders, under `ja`.
        let j = super::label("このスピリットの連結時");
        assert!(
            j.contains("`labels/my-label.yaml`")
                && j.contains("`ja: [このスピリットの連結時]` with `event: my-event`"),
            "{j}"
        );
        let k = super::keyword("Feast", Some("2"));
        assert!(
            k.contains("`keywords/feast.yaml`") && k.contains("`value: number`"),
            "{k}"
        );
        let v = super::value("Armor", "none", Some("purple/white"));
        assert!(v.contains("`value: colours`"), "{v}");
    }
}
