//! How the model's enums read from YAML: a unit variant as a plain word (`- end_main`),
//! any other as a one-key mapping (`- attack: pup`), with a did-you-mean for an unknown
//! word (serde_yaml reads only tagged values `!attack pup` into enums).

use serde::{Deserialize, Deserializer};

use super::model::{Action, LogItem, PackSpec};

/// Deserialises an enum written the way people write YAML: a unit variant as a plain word
/// (`- end_main`), any other as a one-key mapping (`- attack: pup`). (serde_yaml reads
/// only tagged values `!attack pup` into enums.)
macro_rules! words {
    ($ty:ident, $what:literal, units: [$($u:literal => $uv:expr),* $(,)?], values: [$($k:literal => $kv:path),* $(,)?]) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
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

words!(PackSpec, "`demo`, or `folder: PATH`, `catalogue: FILE`, `import: FILE.jsonl`",
    units: ["demo" => PackSpec::Demo],
    values: ["folder" => PackSpec::Folder, "catalogue" => PackSpec::Catalogue, "import" => PackSpec::Import]);

words!(Action, "an action such as `end_main` or `attack: CARD`",
units: [
    "done_moving" => Action::DoneMoving,
    "end_main" => Action::EndMain,
    "end_attack" => Action::EndAttack,
    "pass" => Action::Pass,
    "pass_all" => Action::PassAll,
    "no_block" => Action::NoBlock,
    "done_choosing" => Action::DoneChoosing,
    "yes" => Action::Yes,
    "no" => Action::No,
],
values: [
    "summon" => Action::Summon,
    "deploy" => Action::Deploy,
    "magic" => Action::Magic,
    "summon_onto" => Action::SummonOnto,
    "brave" => Action::Brave,
    "unbrave" => Action::Unbrave,
    "set_burst" => Action::SetBurst,
    "use_effect" => Action::UseEffect,
    "move_core" => Action::MoveCore,
    "attack" => Action::Attack,
    "block" => Action::Block,
    "choose" => Action::Choose,
    "pick" => Action::Pick,
    "option" => Action::Option,
    "check" => Action::Check,
]);

words!(LogItem, "a log event such as `destroyed: CARD` or `text: ...`",
units: [],
values: [
    "text" => LogItem::Text,
    "effect" => LogItem::Effect,
    "inert" => LogItem::Inert,
    "failed" => LogItem::Failed,
    "destroyed" => LogItem::Destroyed,
    "depleted" => LogItem::Depleted,
    "played" => LogItem::Played,
    "attacked" => LogItem::Attacked,
    "blocked" => LogItem::Blocked,
    "exhausted" => LogItem::Exhausted,
    "refreshed" => LogItem::Refreshed,
    "moved" => LogItem::Moved,
    "life_lost" => LogItem::LifeLost,
    "burst_activated" => LogItem::BurstActivated,
]);
