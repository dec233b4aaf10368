//! A replacement sentence (BS-6.6 replaced): "When … would be destroyed, … instead".
//! "Instead" there stops the destruction in progress rather than an earlier action of the
//! effect; a condition or "once per turn" before the event is checked when it happens.

use super::*;

/// Reads the folded actions of a sentence: inside a "would be destroyed" watcher, "return
/// it to your hand instead" replaces the destruction (`ReplaceDestruction`, BS-6.6) and
/// the sentence's "instead" is used up; "If …, when … would be destroyed, …" and "Once per
/// turn, when …" check the condition or the use when the destruction starts. A
/// replacement outside such a watcher has nothing to replace: the sentence is reported.
pub(super) fn read_replacement(acc: &mut Vec<Action>, st: &mut SentenceState) {
    if let [one] = acc.as_mut_slice()
        && let Action::If(_, body) | Action::OncePerTurn(body) = one
        && let [Action::When(Event::WouldBeDestroyed { .. }, _, inner)] = body.as_mut_slice()
    {
        // The watcher goes outside; what wrapped it wraps its body.
        let inner = std::mem::take(inner);
        let Some(Action::When(e, d, _)) = body.pop() else {
            return;
        };
        let mut wrap = std::mem::replace(one, Action::When(e, d, Vec::new()));
        if let Action::If(_, b) | Action::OncePerTurn(b) = &mut wrap {
            *b = inner;
        }
        if let Action::When(_, _, b) = one {
            *b = vec![wrap];
        }
        st.once_whole = false;
    }
    let mut replaced = false;
    for a in acc.iter_mut() {
        if let Action::When(Event::WouldBeDestroyed { .. }, _, body) = a {
            if st.instead {
                to_hand_instead(body);
            }
            replaced |= body.iter().any(has_replacement);
        }
    }
    if replaced {
        st.instead = false;
    }
    let outside = acc.iter().any(|a| {
        !matches!(a, Action::When(Event::WouldBeDestroyed { .. }, ..)) && has_replacement(a)
    });
    st.lost |= outside;
}

/// "… return it to your hand instead": the return replaces the destruction.
fn to_hand_instead(body: &mut [Action]) {
    for a in body.iter_mut() {
        match a {
            Action::ReturnToHand(t) => *a = Action::ReplaceDestruction(t.clone(), KeptAs::Hand),
            Action::May(b) | Action::IfYouDo(b) | Action::If(_, b) | Action::OncePerTurn(b) => {
                to_hand_instead(b)
            }
            _ => {}
        }
    }
}

fn has_replacement(a: &Action) -> bool {
    match a {
        Action::ReplaceDestruction(..) => true,
        Action::May(b)
        | Action::IfYouDo(b)
        | Action::If(_, b)
        | Action::OncePerTurn(b)
        | Action::When(_, _, b) => b.iter().any(has_replacement),
        _ => false,
    }
}
