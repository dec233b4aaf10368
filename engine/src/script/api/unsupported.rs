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
    later!("attack_target", ["targets"], |t: Dynamic|);
    later!("must_attack", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("can_block_while_exhausted", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("cannot_be_by_opponent", ["targets", "what: &str", "dur: &str"], |t: Dynamic, w: &str, d: &str|);
    later!("cannot_be_blocked", ["targets", "dur: &str"], |t: Dynamic, d: &str|);
    later!("cannot_be_blocked_by", ["targets", "q", "dur: &str"], |t: Dynamic, q: Dynamic, d: &str|);
    later!("treat_as_level", ["targets", "n: i64", "dur: &str"], |t: Dynamic, n: i64, d: &str|);
    later!("treat_as_highest_level", ["targets", "dur: &str"], |t: Dynamic, d: &str|);

    later!("gain_family", ["targets", "family: &str", "dur: &str"], |t: Dynamic, f: &str, d: &str|);
    later!("gain_symbols", ["targets", "n: i64", "colour: &str", "dur: &str"], |t: Dynamic, n: i64, c: &str, d: &str|);
    later!("symbols_as", ["targets", "n: i64", "colour: &str", "dur: &str"], |t: Dynamic, n: i64, c: &str, d: &str|);
    later!("attack_tax", ["targets", "n: i64", "dur: &str"], |t: Dynamic, n: i64, d: &str|);
    later!("while_summoning", ["q"], |q: Dynamic|);
}
