//! Paying a cost and placing cores in one answer (BS-5.2 steps 5 and 6): `Choice::PayAll`
//! and `Choice::PlaceAll`, shortcuts for a series of `PayFrom` / `PlaceFrom` answers.
//! The default whole payment is listed first, then a few others; any whole payment the
//! single-core answers could make is accepted (`check_whole`), with a reason when not.

use super::decision::{Choice, CorePick};
use super::game::{Game, Payment, Phase, Placement};
use super::types::{CoreLoc, CoreSource};
use crate::core::{InstanceId, Labelled, PlayerId};

/// How many one-answer options are listed at most (the default included).
const MAX_LISTED: usize = 4;

/// The cores one source can give: ordinary ones, whether the soul core is there, and how
/// many ordinary ones can go without taking a field card below its minimum level.
#[derive(Clone, Copy)]
struct Stock {
    from: CoreSource,
    plain: u32,
    soul: bool,
    spare: u32,
}

impl Game {
    /// The sources `p` may take cores from, with what each holds (`except`: the card being
    /// placed on; `host`: a brave's host, which keeps its minimum level, BS-5.1.1).
    fn stocks(
        &self,
        p: PlayerId,
        except: Option<InstanceId>,
        host: Option<InstanceId>,
    ) -> Vec<Stock> {
        // Room for every source at once (no regrowth per source).
        let mut v = Vec::with_capacity(1 + self.pile(super::types::Zone::Field(p)).len());
        let mut push = |from: CoreSource, loc: CoreLoc, min: u32| {
            let n = self.cores_at(loc);
            let soul = self.soul_at(loc);
            let plain = n - u32::from(soul);
            if n > 0 {
                v.push(Stock {
                    from,
                    plain,
                    soul,
                    spare: plain.min(n.saturating_sub(min)),
                });
            }
        };
        push(CoreSource::Reserve, CoreLoc::Reserve(p), 0);
        for &c in self.pile(super::types::Zone::Field(p)) {
            if Some(c) != except {
                push(
                    CoreSource::Card(c),
                    CoreLoc::Card(c),
                    self.def_of(c).minimum_cores(),
                );
            }
        }
        // BS-5.1.1: the host gives only what is above its minimum level.
        for s in v.iter_mut() {
            if Some(s.from) == host.map(CoreSource::Card) {
                s.plain = s.spare;
                s.soul = false;
            }
        }
        v
    }

    /// `n` cores taken in this order: reserve ordinary cores, field cards' spare cores
    /// (above their minimum level), the reserve's soul core, then (only if `deplete`) the
    /// rest of the field cards' cores. `None` when there are not `n`.
    fn fill(&self, stocks: &[Stock], n: u32, deplete: bool) -> Option<Vec<CorePick>> {
        // A pick per source at most, and one more for a caller to add.
        let mut picks: Vec<CorePick> = Vec::with_capacity(stocks.len() + 1);
        let mut left = n;
        let add = |picks: &mut Vec<CorePick>, from: CoreSource, cores: u32, soul: bool| {
            if let Some(p) = picks.iter_mut().find(|p| p.from == from) {
                p.cores += cores;
                p.soul |= soul;
            } else {
                picks.push(CorePick { from, cores, soul });
            }
        };
        let reserve = stocks.iter().find(|s| s.from == CoreSource::Reserve);
        let cards = stocks.iter().filter(|s| s.from != CoreSource::Reserve);
        if let Some(r) = reserve {
            let k = r.plain.min(left);
            if k > 0 {
                add(&mut picks, r.from, k, false);
                left -= k;
            }
        }
        for s in cards.clone() {
            let k = s.spare.min(left);
            if k > 0 {
                add(&mut picks, s.from, k, false);
                left -= k;
            }
        }
        if let Some(r) = reserve
            && r.soul
            && left > 0
        {
            add(&mut picks, r.from, 0, true);
            left -= 1;
        }
        if deplete {
            for s in cards {
                let k = (s.plain - s.spare).min(left);
                if k > 0 {
                    add(&mut picks, s.from, k, false);
                    left -= k;
                }
                if s.soul && left > 0 {
                    add(&mut picks, s.from, 0, true);
                    left -= 1;
                }
            }
        }
        (left == 0).then_some(picks)
    }

    /// Words for a whole payment or placement: "2 from reserve, 1 from Gullwing Lancer #8".
    pub fn picks_label(&self, picks: &[CorePick]) -> String {
        if picks.is_empty() {
            return "no core".into();
        }
        let parts: Vec<String> = picks
            .iter()
            .map(|p| {
                let src = self.source_label(p.from);
                match (p.cores, p.soul) {
                    (0, true) => format!("the soul core from {src}"),
                    (n, true) => format!("{n} + the soul core from {src}"),
                    (n, false) => format!("{n} from {src}"),
                }
            })
            .collect();
        parts.join(", ")
    }

    /// BS-5.2 step 5: the listed one-answer payments, the default first (reserve first,
    /// then cores field cards can spare, then the soul core), then "k from one field card,
    /// the rest from the reserve" and "all from the reserve".
    pub(crate) fn pay_all_options(&self, pm: &Payment) -> Vec<Labelled<Choice>> {
        let stocks = self.stocks(pm.player, None, pm.onto);
        let n = pm.remaining;
        let mut all: Vec<Vec<CorePick>> = Vec::new();
        all.extend(self.fill(&stocks, n, true));
        let reserve: Vec<Stock> = stocks
            .iter()
            .filter(|r| r.from == CoreSource::Reserve)
            .copied()
            .collect();
        for s in stocks.iter().filter(|s| s.from != CoreSource::Reserve) {
            let k = s.spare.min(n);
            if k == 0 {
                continue;
            }
            if let Some(mut rest) = self.fill(&reserve, n - k, false) {
                rest.push(CorePick {
                    from: s.from,
                    cores: k,
                    soul: false,
                });
                all.push(rest);
            }
        }
        all.extend(self.fill(&reserve, n, false));
        self.listed(
            all,
            |from| Choice::PayAll { from },
            |g, p| {
                // BS-5.3: name the field cards the payment leaves below their lowest level.
                let depleted: Vec<String> = p
                    .iter()
                    .filter_map(|x| match x.from {
                        CoreSource::Card(c)
                            if g.cores_on(c)
                                < g.def_of(c).minimum_cores() + x.cores + u32::from(x.soul) =>
                        {
                            Some(format!("{} {c}", g.name(c)))
                        }
                        _ => None,
                    })
                    .collect();
                let warn = if depleted.is_empty() {
                    String::new()
                } else {
                    format!(" (depletes {})", depleted.join(", "))
                };
                format!("Pay all {n} at once: {}{warn}", g.picks_label(p))
            },
        )
    }

    /// BS-5.2 step 6: the listed one-answer placements: the minimum level's cores (the
    /// default), then each higher level the reserve can reach; each ends the placement.
    pub(crate) fn place_all_options(&self, pl: &Placement) -> Vec<Labelled<Choice>> {
        let card = pl.pay.card;
        let stocks = self.stocks(pl.pay.player, Some(card), None);
        let need = pl.min.saturating_sub(pl.placed);
        let mut all: Vec<Vec<CorePick>> = Vec::new();
        if need > 0 {
            all.extend(self.fill(&stocks, need, false));
        }
        let reserve: Vec<Stock> = stocks
            .iter()
            .filter(|r| r.from == CoreSource::Reserve)
            .copied()
            .collect();
        for row in &self.def_of(card).levels {
            let n = row.cores.saturating_sub(pl.placed);
            if n > need {
                all.extend(self.fill(&reserve, n, false));
            }
        }
        let name = self.name(card).to_string();
        self.listed(
            all,
            |from| Choice::PlaceAll { from },
            |g, p| {
                let total = pl.placed + p.iter().map(|x| x.cores + u32::from(x.soul)).sum::<u32>();
                let level = g
                    .def_of(card)
                    .levels
                    .iter()
                    .rev()
                    .find(|r| r.cores <= total)
                    .map_or("-".to_string(), |r| r.level.to_string());
                format!(
                    "Place on {name} at once: {} (LV{level}), done",
                    g.picks_label(p)
                )
            },
        )
    }

    /// The first `MAX_LISTED` distinct whole answers as labelled options.
    fn listed(
        &self,
        all: Vec<Vec<CorePick>>,
        make: impl Fn(Vec<CorePick>) -> Choice,
        label: impl Fn(&Game, &[CorePick]) -> String,
    ) -> Vec<Labelled<Choice>> {
        let mut seen: Vec<Vec<CorePick>> = Vec::new();
        for mut p in all {
            p.sort_by_key(|x| x.from != CoreSource::Reserve); // the reserve first, stable
            if !p.is_empty() && !seen.contains(&p) && seen.len() < MAX_LISTED {
                seen.push(p);
            }
        }
        seen.into_iter()
            .map(|p| Labelled {
                label: self.lbl(|| label(self, &p)),
                choice: make(p),
            })
            .collect()
    }

    /// Whether a one-answer payment or placement not among the listed options can be made
    /// now (BS-5.2): `None` for any other answer, `Some(Err(reason))` when it cannot.
    pub(crate) fn check_whole(&self, choice: &Choice) -> Option<Result<(), String>> {
        // While an effect question waits, the phase is the one its step re-runs from.
        if self.st.scripts.pending.is_some() {
            return None;
        }
        match (&self.st.phase, choice) {
            (Phase::Pay(pm), Choice::PayAll { from }) => Some(self.check_pay_all(pm, from)),
            (Phase::Place(pl), Choice::PlaceAll { from }) => Some(self.check_place_all(pl, from)),
            _ => None,
        }
    }

    fn check_picks(
        &self,
        p: PlayerId,
        picks: &[CorePick],
        except: Option<InstanceId>,
        host: Option<InstanceId>,
        placing: bool,
    ) -> Result<u32, String> {
        let mut total = 0;
        for (i, pick) in picks.iter().enumerate() {
            if let CoreSource::Card(c) = pick.from
                && (Some(c) == except || !self.field(p).contains(&c))
            {
                return Err(format!(
                    "{c} is not one of your field cards that can give cores"
                ));
            }
            let src = self.source_label(pick.from);
            if picks[..i].iter().any(|q| q.from == pick.from) {
                return Err(format!("{src} is named twice: give each source once"));
            }
            if pick.cores == 0 && !pick.soul {
                return Err(format!("no core is taken from {src}"));
            }
            let loc = pick.from.loc(p);
            let n = self.cores_at(loc);
            let soul = self.soul_at(loc);
            if pick.cores > n - u32::from(soul) {
                return Err(format!(
                    "{src} has {} ordinary core(s), not {}",
                    n - u32::from(soul),
                    pick.cores
                ));
            }
            if pick.soul && !soul {
                return Err(format!("the soul core is not on {src}"));
            }
            let taken = pick.cores + u32::from(pick.soul);
            if let CoreSource::Card(c) = pick.from {
                let min = self.def_of(c).minimum_cores();
                if Some(c) == host && n - taken < min {
                    return Err(format!(
                        "{src} must keep {min} core(s): it is the host (BS-5.1.1)"
                    ));
                }
                if placing && n - taken < min {
                    return Err(format!(
                        "taking {taken} from {src} leaves it below its minimum level ({min} core(s)); \
                         to deplete it, place core by core"
                    ));
                }
            }
            total += taken;
        }
        Ok(total)
    }

    fn check_pay_all(&self, pm: &Payment, picks: &[CorePick]) -> Result<(), String> {
        let total = self.check_picks(pm.player, picks, None, pm.onto, false)?;
        if total != pm.remaining {
            return Err(format!(
                "{} takes exactly {} more core(s) (BS-5.2); that is {total}",
                self.name(pm.card),
                pm.remaining
            ));
        }
        Ok(())
    }

    fn check_place_all(&self, pl: &Placement, picks: &[CorePick]) -> Result<(), String> {
        let card = pl.pay.card;
        let total = self.check_picks(pl.pay.player, picks, Some(card), None, true)?;
        if pl.placed + total < pl.min {
            return Err(format!(
                "{} needs at least {} core(s) on it for its lowest level (BS-5.2); that makes {}",
                self.name(card),
                pl.min,
                pl.placed + total
            ));
        }
        Ok(())
    }

    /// BS-5.2 step 5 in one answer: the same as one `PayFrom` per core, in order.
    pub(crate) fn pay_all(&mut self, picks: Vec<CorePick>) {
        for p in picks {
            for _ in 0..p.cores {
                self.pay_one(p.from, false);
            }
            if p.soul {
                self.pay_one(p.from, true);
            }
        }
    }

    /// BS-5.2 step 6 in one answer: one `PlaceFrom` per core, then `DonePlacing`.
    pub(crate) fn place_all(&mut self, picks: Vec<CorePick>) {
        for p in picks {
            for _ in 0..p.cores {
                self.place_one(p.from, false);
            }
            if p.soul {
                self.place_one(p.from, true);
            }
        }
        self.finish_placement();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle_spirits::testkit::{decision, must, put, scenario};
    use crate::rules::battle_spirits::{DecisionKind, Zone};

    /// BS-5.2 / BS-5.3: with too few cores to spare, the default whole payment takes a
    /// field card below its lowest level, says so, and that card is depleted once paid.
    #[test]
    fn bs_5_3_a_whole_payment_that_depletes_a_card_says_so() {
        let p = PlayerId(0);
        let mut g = scenario(vec![], 9);
        while let Some(c) = g.core_at(CoreLoc::Reserve(p), false) {
            g.move_core(c, None);
        }
        if let Some(c) = g.core_at(CoreLoc::Reserve(p), true) {
            g.move_core(c, None);
        }
        let one = put(&mut g, p, "B-01", Zone::Field(p), 1); // LV1: 1 core, nothing spare
        let three = put(&mut g, p, "B-02", Zone::Field(p), 4); // 3 spare
        let card = put(&mut g, p, "R-03", Zone::Hand(p), 0); // cost 3, no red symbol: pays 3
        g.cached = None;
        must(&mut g, Choice::Summon { card });
        let r = decision(&mut g);
        assert_eq!(r.kind, DecisionKind::PayFrom);
        // Default: B-02's 3 spare cores, nothing taken from B-01.
        assert_eq!(
            r.options[0].choice,
            Choice::PayAll {
                from: vec![CorePick {
                    from: CoreSource::Card(three),
                    cores: 3,
                    soul: false
                }]
            }
        );
        assert!(!r.options[0].label.contains("depletes"));
        // Paying 1 from B-01 instead is accepted and its label would say it depletes it.
        let picks = vec![
            CorePick {
                from: CoreSource::Card(one),
                cores: 1,
                soul: false,
            },
            CorePick {
                from: CoreSource::Card(three),
                cores: 2,
                soul: false,
            },
        ];
        // A cost of 4 could only be paid by depleting B-01: the listed default says so.
        let Phase::Pay(mut pm) = g.st.phase.clone() else {
            panic!("paying")
        };
        pm.remaining = 4;
        let four = g.pay_all_options(&pm);
        assert!(
            four[0]
                .label
                .ends_with(&format!("(depletes Card B-01 {one})")),
            "{}",
            four[0].label
        );
        must(&mut g, Choice::PayAll { from: picks });
        // BS-5.3: B-01 had no core left once the whole cost was paid: depleted.
        assert_eq!(g.zone_of(one), Zone::Trash(p));
        assert_eq!(g.cores_on(three), 2);
    }
}
