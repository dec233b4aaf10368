//! Functions the engine cannot support yet: each logs one `EffectInert` and ends the effect.

use super::*;

pub(super) fn register_unsupported(e: &mut Engine) {
    macro_rules! later {
        ($name:expr, [], ||) => {
            reg!(e, $name, [], "Not supported yet: logs EffectInert and ends the effect.", || -> R<Dynamic> { unsupported($name) });
        };
        ($name:expr, [$($p:expr),*], |$($a:ident : $t:ty),*|) => {
            reg!(e, $name, [$($p),*], "Not supported yet: logs EffectInert and ends the effect.", |$($a: $t),*| -> R<Dynamic> { $(let _ = $a;)* unsupported($name) });
        };
    }
    later!("revealed", [], ||);
    later!("activated_card", [], ||);
    later!("reveal", ["n: i64"], |n: i64|);
    later!("remaining_to_deck", ["where: &str"], |w: &str|);
    later!("remaining_to_trash", [], ||);
    later!("summon_tokens", ["name: &str", "n: i64", "exhausted: bool"], |s: &str, n: i64, x: bool|);
    later!("deploy", ["targets", "free: bool"], |t: Dynamic, f: bool|);
    later!("discard_burst", ["n: i64"], |n: i64|);
    later!("move_soul_core", ["from", "to"], |f: Dynamic, t: Dynamic|);
    later!("pay_soul_core", [], ||);
    later!("soul_core_spent", [], ||);
    later!("ascended_using", ["q"], |q: Dynamic|);
    later!("only_have", ["q"], |q: Dynamic|);
    later!("summoned_from", ["where: &str"], |w: &str|);
    later!("is_duplicate", [], ||);
}
