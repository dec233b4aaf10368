//! LB-2 … LB-5: performing the orders, the battles' power comparisons, damage calculation
//! (attack line first, then defense line, then the master), battle success and the end of
//! battle.

use carddb::Line;

use super::decision::Target;
use super::events::{Event, Outcome};
use super::game::Game;
use super::library::LineLibrary;
use super::script::Timing;
use super::state::{Phase, Stat, State, Zone};
use crate::core::InstanceId;

/// A creature's `stat` now: its printed value plus the modifiers until end of turn, never
/// below 0 (0 for a card without creature numbers).
pub fn value(lib: &LineLibrary, st: &State, card: InstanceId, stat: Stat) -> u32 {
    let base = lib.creature(st.card_id(card)).map_or(0, |c| match stat {
        Stat::At => c.at,
        Stat::Df => c.df,
        Stat::Sh => c.sh,
    });
    (i64::from(base) + st.modifier(card, stat)).clamp(0, i64::from(u32::MAX)) as u32
}

/// LB-3.2 / LB-3.3: how a battle comes out, with the compared values.
/// Against the attack line: AT vs AT, on equal AT then DF vs DF; equal on both is a draw.
/// Against the defense line: the attacker's AT minus the defender's SH (saturating at 0)
/// vs the defender's DF; equal is a draw.
pub fn compare(
    lib: &LineLibrary,
    st: &State,
    attacker: InstanceId,
    defender: InstanceId,
    line: Line,
) -> Judged {
    let v = |c, s| value(lib, st, c, s);
    judge(
        line,
        [v(attacker, Stat::At), v(attacker, Stat::Df)],
        [
            v(defender, Stat::At),
            v(defender, Stat::Df),
            v(defender, Stat::Sh),
        ],
    )
}

/// A comparison: the attacker's value, the defender's value, the DF pair of an AT tie
/// (attack line only) and the outcome.
pub type Judged = (u32, u32, Option<(u32, u32)>, Outcome);

/// LB-3.2 / LB-3.3 on numbers: `attacker` = [AT, DF], `defender` = [AT, DF, SH], the
/// defender standing in `line` (see [`compare`]).
pub fn judge(line: Line, attacker: [u32; 2], defender: [u32; 3]) -> Judged {
    let by = |a: u32, d: u32| match a.cmp(&d) {
        std::cmp::Ordering::Greater => Outcome::AttackerWins,
        std::cmp::Ordering::Less => Outcome::DefenderWins,
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    let [at, df] = attacker;
    let [dat, ddf, dsh] = defender;
    match line {
        Line::Attack if at != dat => (at, dat, None, by(at, dat)),
        Line::Attack => (at, dat, Some((df, ddf)), by(df, ddf)),
        Line::Defense => {
            let a = at.saturating_sub(dsh);
            (a, ddf, None, by(a, ddf))
        }
    }
}

impl Game {
    fn in_line(&self, c: InstanceId) -> bool {
        matches!(self.st.zone(c), Zone::Line(..))
    }

    /// Ends attacks whose attacker or creature target has left the field.
    fn lapse_orders(&mut self) {
        let orders = self
            .st
            .battle
            .as_ref()
            .map(|b| b.orders.clone())
            .unwrap_or_default();
        for (i, o) in orders.iter().enumerate() {
            if o.ended {
                continue;
            }
            let reason = if !self.in_line(o.attacker) {
                "the attacker is no longer on the field"
            } else if matches!(o.target, Target::Creature(t) if !self.in_line(t)) {
                "its target is no longer on the field"
            } else {
                continue;
            };
            self.st.battle.as_mut().expect("in battle").orders[i].ended = true;
            self.st.emit(Event::AttackEnded {
                attacker: o.attacker,
                reason: reason.into(),
            });
        }
    }

    fn live_orders(&self) -> Vec<(InstanceId, Target, bool)> {
        self.st.battle.as_ref().map_or(Vec::new(), |b| {
            b.orders
                .iter()
                .filter(|o| !o.ended)
                .map(|o| (o.attacker, o.target, o.pass))
                .collect()
        })
    }

    /// LB-2.1 / LB-2.2: the orders still standing are performed; the targets' when-attacked
    /// effects are due (a creature's, or the master card's for an attack on the master).
    pub(crate) fn perform(&mut self) {
        self.lapse_orders();
        for (attacker, target, _) in self.live_orders() {
            self.st.emit(Event::AttackPerformed { attacker, target });
            let targeted = match target {
                Target::Creature(t) => Some(t),
                // The master card is the target: its own when-attacked effects work too.
                Target::Master => self.st.zones.top(Zone::Master(self.st.active.other())),
            };
            if let Some(t) = targeted {
                self.queue_timing(t, Timing::WhenAttacked, false);
            }
        }
        if let Some(b) = self.st.battle.as_mut() {
            b.performed = true;
        }
        self.st.phase = Phase::Battles;
    }

    /// LB-3.1: the battles begin; when-battles effects of attacker and defender are due.
    pub(crate) fn begin_battles(&mut self) {
        self.lapse_orders();
        for (attacker, target, _) in self.live_orders() {
            let defender = match target {
                Target::Creature(t) => Some(t),
                Target::Master => None,
            };
            self.st.emit(Event::BattleBegan { attacker, defender });
            self.queue_timing(attacker, Timing::WhenBattles, false);
            if let Some(d) = defender {
                self.queue_timing(d, Timing::WhenBattles, false);
            }
        }
        self.st.phase = Phase::Damage;
    }

    /// One checked battle: compare (LB-3), destroy the loser(s) to wait (LB-4.2), and record
    /// both as checked for battle success (LB-4.6).
    fn resolve(&mut self, attacker: InstanceId, defender: InstanceId, line: Line) {
        let (av, dv, tie_break, outcome) = compare(&self.lib, &self.st, attacker, defender, line);
        self.st.emit(Event::Compared {
            attacker,
            defender,
            line,
            attacker_value: av,
            defender_value: dv,
            tie_break,
            outcome,
        });
        match outcome {
            Outcome::AttackerWins => {
                self.st.destroy(defender);
            }
            Outcome::DefenderWins => {
                self.st.destroy(attacker);
            }
            Outcome::Draw => {
                self.st.destroy(attacker);
                self.st.destroy(defender);
            }
        }
        let b = self.st.battle.as_mut().expect("in battle");
        b.checked.push(attacker);
        b.checked.push(defender);
    }

    /// LB-4: the attack line's battles, then the defense line's (not checked while the
    /// defender still has an attack-line creature, LB-4.3), then damage to the master (only
    /// with both lines in front empty, LB-4.4; LP lost = the attacker's AT, LB-4.5) —
    /// `pass_through` lifts LB-4.3/4.4 for its attacker. Then battle-success effects of every
    /// checked creature, destroyed ones included (LB-4.6).
    pub(crate) fn damage(&mut self) {
        self.lapse_orders();
        let def = self.st.active.other();
        let live = self.live_orders();
        let target_line = |g: &Game, t: Target| match t {
            Target::Creature(c) => match g.st.zone(c) {
                Zone::Line(_, l) => Some(l),
                _ => None,
            },
            Target::Master => None,
        };
        for &(a, t, _) in &live {
            if let (Target::Creature(d), Some(Line::Attack)) = (t, target_line(self, t)) {
                self.resolve(a, d, Line::Attack);
            }
        }
        for &(a, t, pass) in &live {
            if let (Target::Creature(d), Some(Line::Defense)) = (t, target_line(self, t)) {
                if !self.st.line(def, Line::Attack).is_empty() && !pass {
                    self.st.emit(Event::NotChecked {
                        attacker: a,
                        reason: "LB-4.3: the defender still has a creature in the attack line"
                            .into(),
                    });
                } else {
                    self.resolve(a, d, Line::Defense);
                }
            }
        }
        for &(a, t, pass) in &live {
            if t != Target::Master {
                continue;
            }
            let front = if !self.st.line(def, Line::Attack).is_empty() {
                Some("LB-4.3: the defender still has a creature in the attack line")
            } else if !self.st.line(def, Line::Defense).is_empty() {
                Some("LB-4.4: the defender still has a creature in the defense line")
            } else {
                None
            };
            match front {
                Some(reason) if !pass => self.st.emit(Event::NotChecked {
                    attacker: a,
                    reason: reason.into(),
                }),
                _ => {
                    let amount = value(&self.lib, &self.st, a, Stat::At);
                    let lp = self.st.lp[def.index()].saturating_sub(i64::from(amount));
                    self.st.lp[def.index()] = lp;
                    self.st.emit(Event::MasterDamaged {
                        player: def,
                        attacker: a,
                        amount,
                        lp,
                    });
                    self.st.battle.as_mut().expect("in battle").checked.push(a);
                }
            }
        }
        let checked = self
            .st
            .battle
            .as_ref()
            .map(|b| b.checked.clone())
            .unwrap_or_default();
        for c in checked {
            self.queue_timing(c, Timing::WhenBattleSucceeds, true);
        }
        self.st.phase = Phase::EndBattle;
    }

    /// LB-5.1: destroyed creatures go to the graveyard; end-of-battle effects of the
    /// creatures that took part and are still on the field are due.
    pub(crate) fn end_battle(&mut self) {
        for p in crate::core::PlayerId::BOTH {
            for c in self.st.zones.pile(Zone::Destroyed(p)).to_vec() {
                self.st.move_card(c, Zone::Graveyard(p));
            }
        }
        let b = self.st.battle.take().unwrap_or_default();
        self.st.emit(Event::BattleEnded);
        // LB-2.2 / LB-5.1: effects that waited for the end of battle work now.
        self.st.queue.extend(b.waiting.iter().cloned());
        let mut took_part: Vec<InstanceId> = Vec::new();
        for o in b.orders.iter().filter(|o| !o.cancelled) {
            took_part.push(o.attacker);
            if let Target::Creature(t) = o.target {
                took_part.push(t);
            }
        }
        for c in took_part {
            if self.in_line(c) {
                self.queue_timing(c, Timing::EndOfBattle, false);
            }
        }
        // Main 2 begins once these effects have resolved (`advance` drains the queue
        // before the next phase step).
        self.st.phase = Phase::AfterBattle;
    }

    /// After the end-of-battle effects (LB-5.1): main phase 2 (LB-0.3).
    pub(crate) fn after_battle(&mut self) {
        self.st.emit(Event::PhaseBegan {
            phase: "main 2".into(),
        });
        self.st.phase = Phase::Main(2);
    }
}
