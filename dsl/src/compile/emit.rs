//! The [`Emitter`]: rhai lines and blocks, selections bound to `t`, and the costs of optional
//! actions ("You may … to …").

use super::*;

pub(super) struct Emitter {
    pub(super) out: String,
    /// Whether `t` has been bound by a selection so far.
    pub(super) t_bound: bool,
    /// The last concrete object acted on ("this_card()"), for a later "it" when nothing was
    /// selected ("remove cores from this spirit … to refresh it").
    pub(super) last_obj: Option<String>,
    /// Set when a pronoun had no antecedent.
    pub(super) dangling: Cell<bool>,
    /// [`EffectText::only_select_selects`]: a choice inside another verb does not select.
    pub(super) plain_choices: bool,
    /// The body names "both" selections: each new selection first keeps the one before in
    /// `t0`.
    pub(super) keep_prev: bool,
    /// Whether `t0` holds a selection.
    pub(super) prev_bound: bool,
    /// `t` holds cards just discarded from a deck and `ts` the selection before them: a
    /// field-only verb ("destroy that spirit") still means that selection (BS-6.6).
    pub(super) milled: bool,
}

impl Emitter {
    pub(super) fn new() -> Emitter {
        Emitter {
            out: String::new(),
            t_bound: false,
            last_obj: None,
            dangling: Cell::new(false),
            plain_choices: false,
            keep_prev: false,
            prev_bound: false,
            milled: false,
        }
    }

    /// An emitter for `body`: keeps the previous selection when the body says "both".
    pub(super) fn for_body(body: &[Action]) -> Emitter {
        let mut e = Emitter::new();
        e.keep_prev = uses(body, &|a| format!("{a:?}").contains("BothSelected"));
        e
    }

    pub(super) fn line(&mut self, depth: usize, s: &str) {
        if s.starts_with("t = ") {
            self.milled = false;
            if self.keep_prev && self.t_bound {
                self.line(depth, "t0 = t;");
                self.prev_bound = true;
            }
            self.t_bound = true;
        }
        for _ in 0..depth {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// A chosen target is bound to `t` first, so that later "it" / "that nexus" refer to it.
    /// In Saga English a choice printed without "select" ("Return one of your opponent's
    /// attacking spirits") does not select (ruling C#159): `choose_cards`, which a
    /// protection from being selected (Armor) does not refuse.
    pub(super) fn bind(&mut self, d: usize, t: &Target) -> String {
        self.bind_for(d, t, false)
    }

    /// [`Emitter::bind`]; a choice for a destruction offers no card already being
    /// destroyed (`destroy`: BS-6.6).
    pub(super) fn bind_for(&mut self, d: usize, t: &Target, destroy: bool) -> String {
        if matches!(t, Target::Choose { .. } | Target::ChooseUnion { .. }) {
            let mut e = if destroy {
                target_expr_destroyable(t)
            } else {
                target_expr(t)
            };
            if self.plain_choices {
                e = e.replacen("choose_targets", "choose_cards", 1);
            }
            self.line(d, &format!("t = {e};"));
            "t".into()
        } else {
            self.texpr(t)
        }
    }

    pub(super) fn block(&mut self, depth: usize, body: &[Action]) {
        for (i, a) in body.iter().enumerate() {
            // "X to Y" / "X. If you do, Y": X is a cost.
            if matches!(body.get(i + 1), Some(Action::IfYouDo(_))) {
                self.cost(depth, a);
            } else if let Action::Select(t) = a
                && destroys_selection(&body[i + 1..])
            {
                // "Select … and destroy it": BS-6.6, a card already being destroyed is no
                // legal target of this destruction.
                self.line(depth, &format!("t = {};", target_expr_destroyable(t)));
            } else {
                self.action(depth, a);
            }
            if let Some(obj) = concrete_object(a) {
                self.last_obj = Some(obj);
            }
        }
    }

    /// [`Emitter::bind_for`] for a verb that acts only on cards on the field (destroy,
    /// exhaust, refresh): right after a deck discard, "it" / "that spirit" is the selection
    /// before it, never the discarded cards (which are in the trash).
    pub(super) fn bind_field(&mut self, d: usize, t: &Target, destroy: bool) -> String {
        if self.milled && matches!(t, Target::Selected) {
            return "ts".into();
        }
        self.bind_for(d, t, destroy)
    }

    /// `t` becomes the cards a deck discard just put in the trash; a selection before is
    /// kept in `ts` for verbs that only act on the field ([`Emitter::bind_for`]).
    pub(super) fn bind_discarded(&mut self, d: usize) {
        let kept = self.t_bound;
        if kept {
            self.line(d, "ts = t;");
        }
        self.line(d, "t = discarded();");
        self.milled = kept;
    }

    /// A target as an expression; "it" is what was selected (`t`), else the last concrete
    /// object acted on ("this spirit … refresh it"). With neither, the pronoun has no
    /// antecedent: it is recorded (the effect is not understood), never this card.
    pub(super) fn texpr(&self, t: &Target) -> String {
        // "that cost the same as it" reads the chosen card too.
        let words = format!("{t:?}");
        if words.contains("CostSameAsSelected")
            || words.contains("FamilySameAsSelected")
            || words.contains("SelectedAndAll")
        {
            self.uses_t();
        }
        match (t, &self.last_obj) {
            (Target::Selected, Some(obj)) if !self.t_bound => obj.clone(),
            (Target::Selected, None) if !self.t_bound => {
                self.dangling.set(true);
                "t".into()
            }
            (Target::ChooseAmongSelected(_), _) if !self.t_bound => {
                self.dangling.set(true);
                target_expr(t)
            }
            (Target::BothSelected, _) if !self.prev_bound => {
                self.dangling.set(true);
                target_expr(t)
            }
            _ => target_expr(t),
        }
    }

    /// `t` read directly ("discards it", "if it is …"): needs an antecedent.
    pub(super) fn uses_t(&self) {
        if !self.t_bound {
            self.dangling.set(true);
        }
    }

    /// A cost: does it and sets `did` to whether it was really done — a legal card picked
    /// (only refreshed cards can be exhausted as a cost), the card exhausted / discarded /
    /// destroyed / returned, the cores paid (ST06-005). The action
    /// functions return how many cards or cores they really moved.
    fn cost(&mut self, d: usize, a: &Action) {
        let need = |t: &Target| match t {
            Target::Choose {
                count: Count::Exactly(n),
                ..
            }
            | Target::ChooseUnion {
                count: Count::Exactly(n),
                ..
            } => (*n).max(1),
            _ => 1,
        };
        let (call, n) = match a {
            Action::Select(t) => {
                let e = self.texpr(t);
                self.line(d, &format!("t = {e};"));
                ("t.len()".to_string(), need(t))
            }
            Action::Destroy(t) => (format!("destroy({})", self.bind_field(d, t, true)), need(t)),
            Action::Exhaust(t) => {
                let t = refreshed_only(t);
                (
                    format!("exhaust({})", self.bind_field(d, &t, false)),
                    need(&t),
                )
            }
            Action::HeavilyExhaust(t) => (format!("heavily_exhaust({})", self.bind(d, t)), need(t)),
            Action::Refresh(t) => (format!("refresh({})", self.bind(d, t)), need(t)),
            Action::ReturnToHand(t) => (format!("return_to_hand({})", self.bind(d, t)), need(t)),
            Action::ReturnToDeck(t, p) => (
                format!(
                    "return_to_deck({}, {})",
                    self.bind(d, t),
                    lit(deck_word(*p))
                ),
                need(t),
            ),
            Action::PutIntoTecoto(t) => (format!("put_into_tecoto({})", self.bind(d, t)), need(t)),
            Action::Summon {
                target,
                free,
                exhausted,
            } => (
                format!("summon({}, {free}, {exhausted})", self.bind(d, target)),
                need(target),
            ),
            Action::Discard {
                whose: Whose::You,
                count,
                filter,
            } => {
                // Paid in full or not at all: a hand too small discards nothing.
                let n = (*count).max(1);
                let have = match filter {
                    Some(q) => query_expr(&Query {
                        zone: Zone::Hand,
                        ..q.clone()
                    }),
                    None => "my_hand()".into(),
                };
                (
                    format!(
                        "{have}.count() >= {n} && {}",
                        discard_call(*count, filter.as_ref())
                    ),
                    n,
                )
            }
            Action::DiscardSelected => {
                self.uses_t();
                ("discard_selected(t)".into(), 1)
            }
            Action::DiscardHand => ("discard_hand()".into(), 1),
            Action::Mill {
                whose: Whose::You,
                count: Amount::Fixed(k),
            } => {
                self.line(d, &format!("did = mill({k}) >= {};", (*k).max(1)));
                self.bind_discarded(d);
                return;
            }
            Action::PayCores { .. } | Action::MoveCores { .. } => match self.cores_call(a) {
                Some(c) => c,
                None => return,
            },
            Action::Draw(Amount::Fixed(k)) => (format!("draw({k})"), (*k).max(1)),
            Action::DiscardBurst(k) => (format!("discard_burst({k})"), (*k).max(1)),
            Action::Deploy { target, free } => (
                format!("deploy({}, {free})", self.bind(d, target)),
                need(target),
            ),
            // Not something that can fail to be done: it happens, so "if you do" holds.
            _ => {
                self.action(d, a);
                self.line(d, "did = true;");
                return;
            }
        };
        self.line(d, &format!("did = {call} >= {n};"));
    }

    /// The call (without `;`) of a core move ("place / remove / send cores …").
    pub(super) fn move_cores_call(&self, a: &Action) -> Option<String> {
        let Action::MoveCores {
            count,
            from,
            to,
            per,
        } = a
        else {
            return None;
        };
        let num = |n: u32| match per {
            Some(p) => times(u64::from(n), &amount_expr(&scale1(p))),
            None => n.to_string(),
        };
        Some(match (count, from) {
            (CoreCount::Exactly(n), CorePlace::Void) => {
                format!(
                    "cores_from_void_to({}, {})",
                    core_place_expr(to, |t| self.texpr(t)),
                    num(*n)
                )
            }
            (CoreCount::Exactly(n), _) => format!(
                "move_cores({}, {}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t)),
                num(*n)
            ),
            (CoreCount::UpTo(n), _) => format!(
                "move_cores_up_to({}, {}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t)),
                if *n == u32::MAX {
                    "-1".to_string()
                } else {
                    n.to_string()
                }
            ),
            (CoreCount::AllBut(n), _) => format!(
                "move_all_cores_but({}, {}, {n})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
            (CoreCount::All, _) => format!(
                "move_all_cores({}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
            (CoreCount::Ordinary(n), _) => format!(
                "move_ordinary_cores({}, {}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t)),
                num(*n)
            ),
            (CoreCount::SoulCore, _) => format!(
                "move_soul_core({}, {})",
                core_place_expr(from, |t| self.texpr(t)),
                core_place_expr(to, |t| self.texpr(t))
            ),
        })
    }

    /// The call (without `;`) of a core payment or move, and how many must move for it to
    /// count as done.
    pub(super) fn cores_call(&self, a: &Action) -> Option<(String, u32)> {
        match a {
            Action::PayCores { count, from } => {
                let (n, need) = match count {
                    CoreCount::Exactly(n)
                    | CoreCount::UpTo(n)
                    | CoreCount::AllBut(n)
                    | CoreCount::Ordinary(n) => (n.to_string(), (*n).max(1)),
                    CoreCount::All => ("-1".into(), 1),
                    CoreCount::SoulCore => ("0".into(), 1),
                };
                Some(match (count, from) {
                    (CoreCount::SoulCore, Some(t)) => {
                        (format!("pay_soul_core_from({})", self.texpr(t)), 1)
                    }
                    (CoreCount::SoulCore, None) => ("pay_soul_core()".to_string(), 1),
                    (_, Some(t)) => (format!("pay_cores_from({}, {n})", self.texpr(t)), need),
                    (_, None) => (format!("pay_cores({n})"), need),
                })
            }
            Action::MoveCores { count, from, .. } => {
                let n = match count {
                    CoreCount::Exactly(n) | CoreCount::Ordinary(n) => (*n).max(1),
                    _ => 1,
                };
                let call = self.move_cores_call(a)?;
                // "remove two cores from this spirit … to …": paid in full or not at all.
                Some(match from {
                    CorePlace::On(Target::This) if n > 1 => (
                        format!("this_card().cores_at_least({n}).count() >= 1 && {call}"),
                        n,
                    ),
                    _ => (call, n),
                })
            }
            _ => None,
        }
    }
}

/// "top" / "bottom".
pub(super) fn deck_word(p: DeckPos) -> &'static str {
    if p == DeckPos::Top { "top" } else { "bottom" }
}

/// `discard(n)` or `discard_matching(hand query, n)` (returns how many were discarded).
pub(super) fn discard_call(count: u32, filter: Option<&Query>) -> String {
    match filter {
        Some(q) => format!(
            "discard_matching({}, {count})",
            query_expr(&Query {
                zone: Zone::Hand,
                ..q.clone()
            })
        ),
        None => format!("discard({count})"),
    }
}

/// A cost "exhaust one of your nexuses" can only pick refreshed cards (,
/// ST06-005): an exhausted card cannot be exhausted again to pay.
fn refreshed_only(t: &Target) -> Target {
    let add = |q: &Query| {
        let mut q = q.clone();
        if !q.filters.contains(&Filter::Refreshed) {
            q.filters.push(Filter::Refreshed);
        }
        q
    };
    match t {
        Target::Choose {
            count,
            query,
            chooser,
        } => Target::Choose {
            count: count.clone(),
            query: add(query),
            chooser: *chooser,
        },
        Target::ChooseUnion {
            count,
            queries,
            chooser,
        } => Target::ChooseUnion {
            count: count.clone(),
            queries: queries.iter().map(add).collect(),
            chooser: *chooser,
        },
        Target::All(q) => Target::All(add(q)),
        t => t.clone(),
    }
}

/// The concrete object an action acts on (this card, the blocker …), if any.
fn concrete_object(a: &Action) -> Option<String> {
    let t = match a {
        Action::Destroy(t)
        | Action::Exhaust(t)
        | Action::HeavilyExhaust(t)
        | Action::Refresh(t)
        | Action::ReturnToHand(t)
        | Action::ReturnToDeck(t, _)
        | Action::CannotBeDestroyed { target: t, .. }
        | Action::CannotBeDestroyedInBattle(t, _)
        | Action::Bp { target: t, .. } => t,
        Action::MoveCores {
            from: CorePlace::On(t),
            ..
        } => t,
        Action::MoveCores {
            to: CorePlace::On(t),
            ..
        } => t,
        _ => return None,
    };
    match t {
        Target::This | Target::Blocker | Target::Attacker => Some(target_expr(t)),
        _ => None,
    }
}

/// Whether the actions after a selection destroy what it selected ("it") before another
/// selection binds `t` again (nested sentences, "you may", "if …" included; a sub-trigger's
/// body runs later and is not counted).
fn destroys_selection(rest: &[Action]) -> bool {
    for a in rest {
        match a {
            Action::Select(_) => return false,
            Action::Destroy(Target::Selected) => return true,
            Action::May(b)
            | Action::IfYouDo(b)
            | Action::If(_, b)
            | Action::Otherwise(b)
            | Action::Repeat(_, b)
            | Action::OncePerTurn(b)
                if destroys_selection(b) =>
            {
                return true;
            }
            _ => {}
        }
    }
    false
}
