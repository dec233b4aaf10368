//! The context a running script reaches the game through. Scripts call flat functions
//! (`draw(1)`); the registered functions find the game and the running effect here: a
//! per-thread stack of frames, pushed for exactly the duration of one script call (nested
//! effects push their own frame). The game pointer comes from the `&mut Game` (or, for
//! constant effects, `&Game`) the engine holds during the call and never outlives it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rhai::{EvalAltResult, Position};

use super::state::{ModKind, SubTrigger};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::Game;

/// What one running effect knows about itself.
#[derive(Debug)]
pub struct RunCtx {
    /// The card whose effect runs.
    pub card: InstanceId,
    /// The card the effect acts as (`this_card()`): `card`, or for a braved brave's
    /// effect, its host (BS-9.2: an effect of the braved spirit).
    pub this: InstanceId,
    /// The effect's index on the card.
    pub effect: u32,
    /// Who controls the effect ("you").
    pub controller: PlayerId,
    /// The cards the triggering event is about (`event_cards()`).
    pub event_cards: Vec<InstanceId>,
    /// Destructions done by this effect.
    pub destroyed: Cell<u32>,
    /// Whether this effect summoned.
    pub summoned: Cell<bool>,
    /// Cards this effect discarded, from a deck or from the hand (`discarded()`).
    pub milled: RefCell<Vec<InstanceId>>,
    /// Cards this effect revealed from the top of its controller's deck, in reveal order
    /// (the top card first); `revealed()` is those still in the deck.
    pub revealed: RefCell<Vec<InstanceId>>,
    /// Whether this effect paid its controller's soul core (`pay_soul_core`).
    pub soul_paid: Cell<bool>,
    /// Whether this effect moved a soul core from where it was (`soul_core_moved`).
    pub soul_moved: Cell<bool>,
    /// Constant effects: the modifiers they apply (collected, never stored).
    pub collected: RefCell<Vec<(InstanceId, ModKind)>>,
    /// Constant effects: the standing watchers their `when(…)` calls give (BS-8.1).
    pub watchers: RefCell<Vec<SubTrigger>>,
    /// What this run read of the game (`memo::READ_ANY` …).
    pub reads: Cell<u8>,
}

impl RunCtx {
    /// A context for `card`'s effect `effect`, controlled by `controller`.
    pub fn new(card: InstanceId, effect: u32, controller: PlayerId) -> RunCtx {
        RunCtx {
            card,
            this: card,
            effect,
            controller,
            event_cards: Vec::new(),
            destroyed: Cell::new(0),
            summoned: Cell::new(false),
            milled: RefCell::new(Vec::new()),
            revealed: RefCell::new(Vec::new()),
            soul_paid: Cell::new(false),
            soul_moved: Cell::new(false),
            collected: RefCell::new(Vec::new()),
            watchers: RefCell::new(Vec::new()),
            reads: Cell::new(0),
        }
    }
}

#[derive(Clone)]
enum GamePtr {
    Mut(*mut Game),
    Ref(*const Game),
}

#[derive(Clone)]
struct Frame {
    game: GamePtr,
    ctx: Rc<RunCtx>,
}

thread_local! {
    static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
}

/// Pops the frame when dropped (also on panic).
pub(crate) struct FrameGuard;

impl Drop for FrameGuard {
    fn drop(&mut self) {
        FRAMES.with(|f| f.borrow_mut().pop());
    }
}

/// Makes `game` and `ctx` the context of scripts until the guard drops.
pub(crate) fn enter_mut(game: &mut Game, ctx: Rc<RunCtx>) -> FrameGuard {
    let p = game as *mut Game;
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame {
            game: GamePtr::Mut(p),
            ctx,
        })
    });
    FrameGuard
}

/// Read-only context (constant effects evaluated when read, BS-8.1).
pub(crate) fn enter_ref(game: &Game, ctx: Rc<RunCtx>) -> FrameGuard {
    let p = game as *const Game;
    FRAMES.with(|f| {
        f.borrow_mut().push(Frame {
            game: GamePtr::Ref(p),
            ctx,
        })
    });
    FrameGuard
}

/// A script error with a message.
pub(crate) fn err(msg: impl Into<String>) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(
        msg.into().into(),
        Position::NONE,
    ))
}

fn top() -> Result<Frame, Box<EvalAltResult>> {
    FRAMES
        .with(|f| f.borrow().last().cloned())
        .ok_or_else(|| err("no effect is running"))
}

/// Reads the game (noted as a read of anything, `memo::READ_ANY`).
pub(crate) fn with_ref<R>(f: impl FnOnce(&Game, &RunCtx) -> R) -> Result<R, Box<EvalAltResult>> {
    with_ref_noting(|g, rc| (f(g, rc), super::memo::READ_ANY))
}

/// Reads the game; `f` also says what it read (`memo::READ_SOUL_THIS` …), noted in the
/// running effect's `reads` (a constant run that read only such parts is
/// remembered, `memo`).
pub(crate) fn with_ref_noting<R>(
    f: impl FnOnce(&Game, &RunCtx) -> (R, u8),
) -> Result<R, Box<EvalAltResult>> {
    let fr = top()?;
    // SAFETY: the pointer was taken from a live `&mut Game`/`&Game` by `enter_*`, whose
    // guard is still alive (the frame is on the stack), and the engine does not touch the
    // game while the script call it made is running except through these frames.
    let g: &Game = unsafe {
        match fr.game {
            GamePtr::Mut(p) => &*p,
            GamePtr::Ref(p) => &*p,
        }
    };
    let (r, read) = f(g, &fr.ctx);
    fr.ctx.reads.set(fr.ctx.reads.get() | read);
    Ok(r)
}

/// Whether the running effect is a constant one (read-only).
pub(crate) fn read_only() -> bool {
    FRAMES.with(|f| {
        f.borrow()
            .last()
            .is_some_and(|fr| matches!(fr.game, GamePtr::Ref(_)))
    })
}

/// Changes the game; an error in a constant (read-only) effect.
pub(crate) fn with_mut<R>(
    f: impl FnOnce(&mut Game, &RunCtx) -> Result<R, Box<EvalAltResult>>,
) -> Result<R, Box<EvalAltResult>> {
    let fr = top()?;
    match fr.game {
        // SAFETY: as in `with_ref`; the `&mut Game` this came from is not used by the
        // engine until the script call returns, and nested effects re-enter through a
        // pointer derived from this same reference.
        GamePtr::Mut(p) => {
            let g = unsafe { &mut *p };
            fr.ctx.reads.set(fr.ctx.reads.get() | super::memo::READ_ANY);
            // BS-0.4: once a player is at 0 life the game is over; the effect stops.
            if g.ended_now() {
                return Err(err(super::run::STOP));
            }
            f(g, &fr.ctx)
        }
        GamePtr::Ref(_) => Err(err(
            "a constant effect cannot change the game (only modifiers with \"while\")",
        )),
    }
}

/// The running effect's context.
pub(crate) fn run_ctx() -> Result<Rc<RunCtx>, Box<EvalAltResult>> {
    Ok(top()?.ctx)
}

/// The effect changing `game` now, if any: the innermost running effect or `when(…)`
/// closure of that game (card, effect index, controller) — what a happening's cause is
/// ("by your opponent's effect", "by a Gale effect"). Rules procedures run with no effect
/// of their own: a happening they make outside any effect has no cause.
pub(crate) fn acting_effect(game: &Game) -> Option<(InstanceId, u32, PlayerId)> {
    let p = game as *const Game;
    FRAMES.with(|f| {
        f.borrow().iter().rev().find_map(|fr| match fr.game {
            GamePtr::Mut(g) if std::ptr::eq(g as *const Game, p) => {
                Some((fr.ctx.card, fr.ctx.effect, fr.ctx.controller))
            }
            _ => None,
        })
    })
}
