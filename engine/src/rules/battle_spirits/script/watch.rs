//! Watched happenings (`when(ev_exhausted(…), …)` and the other `SubEvent::Watch`
//! events): the rules queue each one where it happens (`Game::watch`), and once the
//! action or effect in progress is complete the watchers it reaches — stored ones and
//! the standing watchers of constant, step and turn effects (BS-8.1) — resolve as one
//! set (BS-8.4).

use super::hooks::Whose;
use super::state::{SubEvent, SubTrigger, WatchKind, Watched};
use crate::core::{InstanceId, PlayerId};
use crate::rules::battle_spirits::Game;
use crate::rules::battle_spirits::game::Phase;

/// How many happenings one step may resolve before a loop is cut.
const MAX_WATCHED_PER_STEP: u32 = 1_000;

impl Game {
    /// Queues that `kind` happened to `card` (card events) or to `player`, `n` at once,
    /// if any script of the library watches that kind (otherwise it costs nothing).
    pub(crate) fn watch(
        &mut self,
        kind: WatchKind,
        card: Option<InstanceId>,
        player: PlayerId,
        n: u32,
    ) {
        if !self.host.watched.contains(&kind) {
            return;
        }
        // The cause: the effect running now, and its keyword if it is a keyword's.
        let acting = super::ctx::acting_effect(self);
        let by = acting.map(|(_, _, p)| p);
        let keyword = acting
            .and_then(|(_, e, _)| self.host.keywords.of_effect(e))
            .map(|(_, kw)| kw.name.to_lowercase());
        // The cards one effect adds to a hand are one happening (as draws, C#68).
        if kind == WatchKind::AddedToHand
            && let Some(w) = (self.st.scripts.watch_queue.iter_mut())
                .find(|w| w.kind == kind && w.player == player && w.by == by)
        {
            w.n += n;
            return;
        }
        // Cards drawn while one effect (or one step) resolves are one draw of that many
        // cards, watched once (official rulings C#68, C#69: drawing several cards at one
        // time calls for one discard).
        if card.is_none()
            && matches!(kind, WatchKind::Draws | WatchKind::DrawsOutsideDrawStep)
            && let Some(w) = self
                .st
                .scripts
                .watch_queue
                .iter_mut()
                .find(|w| w.kind == kind && w.player == player && w.card.is_none())
        {
            w.n += n;
            return;
        }
        self.st.scripts.watch_queue.push(Watched {
            kind,
            card,
            player,
            n,
            keyword,
            by,
        });
    }

    /// Cards `effect` of `controller` milled: when it is a keyword's effect, each is a
    /// watched "milled by your keyword's effect" (rulings C#68, C#76 make them one).
    pub(crate) fn milled_by_keyword(
        &mut self,
        effect: u32,
        controller: PlayerId,
        cards: &[InstanceId],
    ) {
        if !self.host.watched.contains(&WatchKind::MilledByKeyword) {
            return;
        }
        let Some((_, kw)) = self.host.keywords.of_effect(effect) else {
            return;
        };
        let keyword = kw.name.to_lowercase();
        for &c in cards {
            self.st.scripts.watch_queue.push(Watched {
                kind: WatchKind::MilledByKeyword,
                card: Some(c),
                player: controller,
                n: 1,
                keyword: Some(keyword.clone()),
                by: Some(controller),
            });
        }
    }

    /// Resolves the queued happenings, oldest first, once no effect is resolving (an
    /// effect resolves completely first, BS-8); each reaches the watchers waiting for it.
    pub(crate) fn flush_watch(&mut self) {
        if self.rt.depth > 0 {
            return;
        }
        while !self.st.scripts.watch_queue.is_empty() {
            if self.halted() || matches!(self.st.phase, Phase::Over(_)) {
                return;
            }
            self.rt.watch_resolved += 1;
            if self.rt.watch_resolved > MAX_WATCHED_PER_STEP {
                // A watcher that makes its own happening again would never end.
                let w = self.st.scripts.watch_queue.remove(0);
                self.st.scripts.watch_queue.clear();
                let mut due = Vec::new();
                self.reach_subs(&mut due, |g, s| g.watch_matches(s, &w), w.card);
                if let Some(r) = due.first() {
                    let (card, effect) = r.card_effect();
                    let reason = format!(
                        "watcher loop: more than {MAX_WATCHED_PER_STEP} happenings resolved in one step; the rest are dropped"
                    );
                    self.effect_failed(card, effect, None, reason);
                }
                return;
            }
            let w = self.st.scripts.watch_queue.remove(0);
            let mut due = Vec::new();
            self.reach_subs(&mut due, |g, s| g.watch_matches(s, &w), w.card);
            // Cards milled together by a keyword's effect are one happening: a watcher
            // they meet several times works once, with all their cards (C#68, C#76).
            if w.kind == WatchKind::MilledByKeyword {
                while let Some(next) = self.st.scripts.watch_queue.first()
                    && next.kind == w.kind
                    && next.player == w.player
                {
                    let next = self.st.scripts.watch_queue.remove(0);
                    let mut more = Vec::new();
                    self.reach_subs(&mut more, |g, s| g.watch_matches(s, &next), next.card);
                    for r in more {
                        match due.iter_mut().find(|d| d.same_effect(&r)) {
                            Some(d) => d.add_event_cards(r.event_cards()),
                            None => due.push(r),
                        }
                    }
                }
            }
            self.resolve_simultaneous(due);
        }
    }

    /// Whether the watcher `s` waits for the happening `w`: same kind, at least its count,
    /// the player it happened to is the one named (relative to the watcher's controller),
    /// and the card it happened to matches the subject (wherever the card is now: it may
    /// have just left the field).
    fn watch_matches(&self, s: &SubTrigger, w: &Watched) -> bool {
        if let SubEvent::MilledByKeyword { keyword, subject } = &s.event {
            return w.kind == WatchKind::MilledByKeyword
                && w.keyword.as_deref() == Some(keyword.as_str())
                && w.player == s.controller
                && w.card.is_some_and(|c| {
                    subject.eval(self).contains(&c) || subject.matches_ignoring_zone(self, c)
                });
        }
        if let SubEvent::Caused {
            kind,
            subject,
            whose,
            keyword,
        } = &s.event
        {
            return self.caused_matches(s.controller, *kind, subject.as_ref(), *whose, keyword, w);
        }
        let SubEvent::Watch {
            kind,
            subject,
            whose,
            n,
        } = &s.event
        else {
            return false;
        };
        let whose_ok = match whose {
            Whose::Your => w.player == s.controller,
            Whose::Opponent => w.player != s.controller,
            Whose::Either => true,
        };
        *kind == w.kind
            && w.n >= *n
            && whose_ok
            && match (subject, w.card) {
                (None, _) => true,
                (Some(q), Some(c)) => {
                    q.eval(self).contains(&c)
                        || q.matches_ignoring_zone(self, c)
                        // A used magic (BS-5.5) or a discarded card has left the hand its
                        // query names: matched against that hand.
                        || (matches!(w.kind, WatchKind::UsesMagic | WatchKind::Discarded)
                            && q.matches_from_hand(self, c))
                }
                (Some(_), None) => false,
            }
    }

    /// `SubEvent::Caused`: the happening is `kind`, made by an effect of a card `whose`
    /// controls (relative to `controller`, the watcher's) and, when named, of that keyword;
    /// about a card the subject matches (wherever it is now), or — a happening with no
    /// card, such as a core into a reserve or cards into a hand — to the effect's
    /// controller ("into their reserve", "to their hand").
    fn caused_matches(
        &self,
        controller: PlayerId,
        kind: WatchKind,
        subject: Option<&super::query::Query>,
        whose: Whose,
        keyword: &Option<String>,
        w: &Watched,
    ) -> bool {
        let Some(by) = w.by else {
            return false;
        };
        kind == w.kind
            && super::run::whose_ok(whose, by, controller)
            && keyword
                .as_ref()
                .is_none_or(|k| w.keyword.as_ref() == Some(k))
            && match (subject, w.card) {
                (Some(q), Some(c)) => q.eval(self).contains(&c) || q.matches_ignoring_zone(self, c),
                (_, None) => w.player == by,
                (None, Some(_)) => true,
            }
    }
}
