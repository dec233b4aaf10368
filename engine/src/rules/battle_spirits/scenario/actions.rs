//! Actions: each answers the decision at hand in the players' words. In strict choice
//! mode (the default) a decision the next action does not answer fails the scenario with
//! the decision and its options; otherwise it gets its first listed option.

use super::board::Table;
use super::model::{Action, CoreMove, Onto, Play};
use crate::tools::scenario::Failure;

/// A failed action (boxed: a failure is large and rare).
type R = Result<(), Box<Failure>>;
use crate::rules::battle_spirits::{Choice, CoreSource, DecisionKind, DecisionRequest, Step};

/// Most decisions answered with their first option in a row (non-strict mode).
const MAX_AUTO: u32 = 200;

/// The decision at hand, for people: who, what, and every option.
pub(super) fn describe(r: &DecisionRequest) -> String {
    let mut s = format!("{} must answer {:?}: {}", r.player, r.kind, r.prompt);
    for (i, o) in r.options.iter().enumerate() {
        s += &format!("\n      [{i}] {}", o.label);
    }
    s
}

/// Plays one action (`at`: its field path). `Check` is not an action: the runner checks it.
pub(super) fn perform(t: &mut Table, a: &Action, at: &str, strict: bool) -> R {
    for (word, field) in card_words(a) {
        if let Err((message, help)) = t.known(word) {
            let field = if field.is_empty() {
                at.to_string()
            } else {
                format!("{at}.{field}")
            };
            return Err(Box::new(Failure {
                help,
                ..Failure::at(&field, message)
            }));
        }
    }
    let mut run = Run { t, at, strict };
    match a {
        Action::Summon(p) => run.play(
            p,
            "summon",
            |c, t, w| matches!(c, Choice::Summon { card } if t.names(w, *card)),
        ),
        Action::Deploy(p) => run.play(
            p,
            "deploy",
            |c, t, w| matches!(c, Choice::Deploy { card } if t.names(w, *card)),
        ),
        Action::Magic(p) => run.play(
            p,
            "magic",
            |c, t, w| matches!(c, Choice::UseMagic { card } if t.names(w, *card)),
        ),
        Action::SummonOnto(o) => run.onto(o, true),
        Action::Brave(o) => run.onto(o, false),
        Action::Unbrave(w) => run.one(
            "unbrave",
            |c, t| matches!(c, Choice::Unbrave { brave } if t.names(w, *brave)),
        ),
        Action::SetBurst(w) => run.one(
            "set_burst",
            |c, t| matches!(c, Choice::SetBurst { card } if t.names(w, *card)),
        ),
        Action::UseEffect(w) => run.one(
            "use_effect",
            |c, t| matches!(c, Choice::UseEffect { card, .. } if t.names(w, *card)),
        ),
        Action::MoveCore(m) => run.move_core(m),
        Action::DoneMoving => run.exactly("done_moving", Choice::DoneMoving),
        Action::EndMain => run.exactly("end_main", Choice::EndMain),
        Action::Attack(w) => run.one(
            "attack",
            |c, t| matches!(c, Choice::Attack { attacker } if t.names(w, *attacker)),
        ),
        Action::EndAttack => run.exactly("end_attack", Choice::EndAttack),
        Action::Pass => run.exactly("pass", Choice::Pass),
        Action::PassAll => {
            run.exactly("pass_all", Choice::Pass)?;
            while run.kind() == Some(DecisionKind::FlashOrPass) {
                run.exactly("pass_all", Choice::Pass)?;
            }
            Ok(())
        }
        Action::Block(w) => run.one(
            "block",
            |c, t| matches!(c, Choice::Block { blocker } if t.names(w, *blocker)),
        ),
        Action::NoBlock => run.exactly("no_block", Choice::NoBlock),
        Action::Choose(names) => {
            for w in &names.0 {
                run.one(
                    &format!("choose {w}"),
                    |c, t| matches!(c, Choice::Target { card } if t.names(w, *card)),
                )?;
            }
            Ok(())
        }
        Action::DoneChoosing => run.exactly("done_choosing", Choice::DoneChoosing),
        Action::Yes => run.exactly("yes", Choice::Yes),
        Action::No => run.exactly("no", Choice::No),
        Action::Pick(text) => {
            let want = text.to_lowercase();
            run.answer(&format!("pick {text}"), |r, _| {
                r.options
                    .iter()
                    .find(|o| o.label.to_lowercase().contains(&want))
                    .map(|o| o.choice.clone())
            })
        }
        Action::Option(n) => run.answer(&format!("option {n}"), |r, _| {
            r.options.get(*n as usize).map(|o| o.choice.clone())
        }),
        Action::Check(_) => Ok(()),
    }
}

struct Run<'a> {
    t: &'a mut Table,
    at: &'a str,
    strict: bool,
}

impl Run<'_> {
    /// The kind of the decision at hand (`None`: the game is over).
    fn kind(&mut self) -> Option<DecisionKind> {
        match self.t.game.next() {
            Step::Decision(r) => Some(r.kind),
            Step::Over(_) => None,
        }
    }

    /// Answers the decision at hand with what `pick` finds in it.
    fn answer(
        &mut self,
        what: &str,
        pick: impl Fn(&DecisionRequest, &Table) -> Option<Choice>,
    ) -> R {
        let mut auto = 0;
        loop {
            let r = match self.t.game.next() {
                Step::Decision(r) => r,
                Step::Over(res) => {
                    return Err(Box::new(Failure::at(
                        self.at,
                        format!("`{what}`: the game is already over ({})", res.reason),
                    )));
                }
            };
            if let Some(c) = pick(&r, self.t) {
                return self
                    .t
                    .game
                    .answer(c)
                    .map_err(|e| Box::new(Failure::at(self.at, format!("`{what}`: {e}"))));
            }
            if self.strict || auto >= MAX_AUTO {
                return Err(Box::new(Failure::at(
                    self.at,
                    format!(
                        "`{what}` does not answer the decision at hand (strict choice mode)\n    {}",
                        describe(&r)
                    ),
                )));
            }
            auto += 1;
            // The first single-step answer (a whole payment is a shortcut of those).
            let first = first_step(&r);
            self.t
                .game
                .answer(first)
                .map_err(|e| Box::new(Failure::at(self.at, e.to_string())))?;
        }
    }

    /// Answers with the first listed option `is` accepts.
    fn one(&mut self, what: &str, is: impl Fn(&Choice, &Table) -> bool) -> R {
        self.answer(what, |r, t| r.choices().find(|c| is(c, t)).cloned())
    }

    fn exactly(&mut self, what: &str, choice: Choice) -> R {
        self.answer(what, |r, _| r.is_legal(&choice).then(|| choice.clone()))
    }

    /// Plays a card, then pays and places cores as `p` says.
    fn play(&mut self, p: &Play, verb: &str, is: impl Fn(&Choice, &Table, &str) -> bool) -> R {
        self.one(&format!("{verb} {}", p.card), |c, t| is(c, t, &p.card))?;
        self.pay_and_place(p.pay.as_deref(), p.place.as_deref())
    }

    fn onto(&mut self, o: &Onto, from_hand: bool) -> R {
        let what = format!("{} onto {}", o.card, o.onto);
        self.one(&what, |c, t| match c {
            Choice::SummonOnto { card, host } if from_hand => {
                t.names(&o.card, *card) && t.names(&o.onto, *host)
            }
            Choice::Brave { brave, host } if !from_hand => {
                t.names(&o.card, *brave) && t.names(&o.onto, *host)
            }
            _ => false,
        })?;
        self.pay_and_place(o.pay.as_deref(), None)
    }

    /// Answers the payment (BS-5.2 step 5) and placement (step 6) decisions that follow a
    /// play: from the listed places, else the first listed source and the fewest cores.
    fn pay_and_place(&mut self, pay: Option<&[String]>, place: Option<&[String]>) -> R {
        let (mut paid, mut placed) = (0usize, 0usize);
        while let Step::Decision(r) = self.t.game.next() {
            let (list, used, kind) = match r.kind {
                DecisionKind::PayFrom => (pay, &mut paid, "pay"),
                DecisionKind::PlaceCore => (place, &mut placed, "place"),
                _ => break,
            };
            let choice = match list {
                None if r.is_legal(&Choice::DonePlacing) => Choice::DonePlacing,
                None => first_step(&r),
                Some(words) if *used < words.len() => {
                    let word = &words[*used];
                    let src = source(self.t, word);
                    let found = r.choices().find(|c| match (c, &src) {
                        (Choice::PayFrom { from, soul }, Some((f, s)))
                        | (Choice::PlaceFrom { from, soul }, Some((f, s))) => {
                            soul == s && from_matches(self.t, *from, f)
                        }
                        _ => false,
                    });
                    match found {
                        Some(c) => c.clone(),
                        None => {
                            return Err(Box::new(Failure::at(
                                &format!("{}.{kind}[{}]", self.at, *used),
                                format!(
                                    "cannot {kind} a core from `{word}` here\n    {}",
                                    describe(&r)
                                ),
                            )));
                        }
                    }
                }
                Some(_) if r.is_legal(&Choice::DonePlacing) => Choice::DonePlacing,
                Some(words) => {
                    return Err(Box::new(Failure::at(
                        &format!("{}.{kind}", self.at),
                        format!(
                            "{} core(s) listed to {kind}, more are needed\n    {}",
                            words.len(),
                            describe(&r)
                        ),
                    )));
                }
            };
            *used += 1;
            self.t
                .game
                .answer(choice)
                .map_err(|e| Box::new(Failure::at(self.at, e.to_string())))?;
        }
        for (list, used, kind) in [(pay, paid, "pay"), (place, placed, "place")] {
            if let Some(words) = list
                && used < words.len()
            {
                return Err(Box::new(Failure::at(
                    &format!("{}.{kind}", self.at),
                    format!(
                        "{} core(s) listed to {kind}, only {used} were asked for",
                        words.len()
                    ),
                )));
            }
        }
        Ok(())
    }

    /// BS-5.7: one core moved (the core movement is opened first when needed).
    fn move_core(&mut self, m: &CoreMove) -> R {
        if self.kind() == Some(DecisionKind::MainAction) {
            self.exactly("move_core", Choice::MoveCores)?;
        }
        let (from, to) = (Src::parse(&m.from), Src::parse(&m.to));
        let what = format!("move a core from {} to {}", m.from, m.to);
        self.one(&what, |c, t| match c {
            Choice::MoveCore {
                from: f,
                to: x,
                soul,
            } => *soul == m.soul && from_matches(t, *f, &from) && from_matches(t, *x, &to),
            _ => false,
        })
    }
}

/// A core source as written: `reserve` or a field card.
enum Src {
    Reserve,
    Card(String),
}

impl Src {
    fn parse(word: &str) -> Src {
        if word.eq_ignore_ascii_case("reserve") {
            Src::Reserve
        } else {
            Src::Card(word.to_string())
        }
    }
}

/// `reserve`, `soul`, `<card>`, `soul from <card>` → (source, soul core?).
fn source(_t: &Table, word: &str) -> Option<(Src, bool)> {
    let w = word.trim();
    if w.eq_ignore_ascii_case("soul") {
        return Some((Src::Reserve, true));
    }
    if let Some(card) = w.strip_prefix("soul from ") {
        return Some((Src::parse(card.trim()), true));
    }
    Some((Src::parse(w), false))
}

fn from_matches(t: &Table, from: CoreSource, want: &Src) -> bool {
    match (from, want) {
        (CoreSource::Reserve, Src::Reserve) => true,
        (CoreSource::Card(c), Src::Card(w)) => t.names(w, c),
        _ => false,
    }
}

/// The words of an action that name cards, with the field they are at (relative to the
/// action): each must name a card of the game (a typo gets a did-you-mean, not a
/// "does not answer").
fn card_words(a: &Action) -> Vec<(&str, String)> {
    fn sources<'a>(list: &'a Option<Vec<String>>, key: &str) -> Vec<(&'a str, String)> {
        list.iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, w)| {
                let w = w.trim();
                let card = w.strip_prefix("soul from ").unwrap_or(w).trim();
                (!card.eq_ignore_ascii_case("reserve") && !card.eq_ignore_ascii_case("soul"))
                    .then(|| (card, format!("{key}[{i}]")))
            })
            .collect()
    }
    fn place<'a>(w: &'a str, key: &str) -> Vec<(&'a str, String)> {
        if w.eq_ignore_ascii_case("reserve") {
            vec![]
        } else {
            vec![(w, key.to_string())]
        }
    }
    match a {
        Action::Summon(p) | Action::Deploy(p) | Action::Magic(p) => {
            let mut v = vec![(p.card.as_str(), String::new())];
            v.extend(sources(&p.pay, "pay"));
            v.extend(sources(&p.place, "place"));
            v
        }
        Action::SummonOnto(o) | Action::Brave(o) => {
            let mut v = vec![(o.card.as_str(), "card".to_string())];
            v.push((o.onto.as_str(), "onto".to_string()));
            v.extend(sources(&o.pay, "pay"));
            v
        }
        Action::Unbrave(w)
        | Action::SetBurst(w)
        | Action::UseEffect(w)
        | Action::Attack(w)
        | Action::Block(w) => vec![(w.as_str(), String::new())],
        Action::Choose(names) => names
            .0
            .iter()
            .map(|w| (w.as_str(), String::new()))
            .collect(),
        Action::MoveCore(m) => {
            let mut v = place(&m.from, "from");
            v.extend(place(&m.to, "to"));
            v
        }
        _ => vec![],
    }
}

/// The first listed answer that is not a shortcut (`Choice::is_shortcut`).
fn first_step(r: &crate::rules::battle_spirits::DecisionRequest) -> Choice {
    r.choices()
        .find(|c| !c.is_shortcut())
        .unwrap_or(&r.options[0].choice)
        .clone()
}
