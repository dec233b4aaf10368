//! How a scenario file's enums read from YAML: a unit variant as a plain word
//! (`- end_main`), any other as a one-key mapping (`- attack: pup`), with a did-you-mean
//! for an unknown word (serde_yaml reads only tagged values `!attack pup` into enums).
//! Each game's actions and log items use `words!`.

use super::model::PackSpec;

/// Deserialises an enum written the way people write YAML: a unit variant as a plain word
/// (`- end_main`), any other as a one-key mapping (`- attack: pup`). (serde_yaml reads
/// only tagged values `!attack pup` into enums.)
macro_rules! scenario_words {
    ($ty:ident, $what:literal, units: [$($u:literal => $uv:expr),* $(,)?], values: [$($k:literal => $kv:path),* $(,)?]) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                use serde::de::Error;
                const NAMES: &[&str] = &[$($u,)* $($k,)*];
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: Error>(self, v: &str) -> Result<$ty, E> {
                        match v {
                            $($u => Ok($uv),)*
                            _ => Err(E::unknown_variant(v, NAMES)),
                        }
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<$ty, A::Error> {
                        let Some(key) = m.next_key::<String>()? else {
                            return Err(A::Error::invalid_length(0, &self));
                        };
                        let v = match key.as_str() {
                            $($k => $kv(m.next_value()?),)*
                            $($u => {
                                m.next_value::<serde::de::IgnoredAny>()?;
                                $uv
                            })*
                            _ => return Err(A::Error::unknown_variant(&key, NAMES)),
                        };
                        if let Some(k) = m.next_key::<String>()? {
                            return Err(A::Error::custom(format!(
                                "one `{key}` per item; `{k}` must be an item of its own"
                            )));
                        }
                        Ok(v)
                    }
                }
                d.deserialize_any(V)
            }
        }
    };
}

scenario_words!(PackSpec, "`demo`, or `folder: PATH`, `catalogue: FILE`, `import: FILE.jsonl`",
    units: ["demo" => PackSpec::Demo],
    values: ["folder" => PackSpec::Folder, "catalogue" => PackSpec::Catalogue, "import" => PackSpec::Import]);

pub(crate) use scenario_words as words;

/// `CamelCase` → `snake_case` (a decision kind's name as a scenario writes it).
pub fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if ch.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(ch.to_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// Reads an optional word that must be one of `names` (snake_case; a `CamelCase` spelling
/// reads as its snake_case): an unknown word is an unknown value with a did-you-mean.
pub fn one_of<'de, D: serde::Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
) -> Result<Option<String>, D::Error> {
    use serde::Deserialize;
    let Some(word) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    let word = snake(word.trim());
    if names.contains(&word.as_str()) {
        Ok(Some(word))
    } else {
        Err(serde::de::Error::unknown_variant(&word, names))
    }
}
