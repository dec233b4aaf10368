//! Timing labels (`When This Spirit Attacks`, `During Your Attack Step`) → [`Timing`] (BS-8.1):
//! whose card or turn, which step, combined labels.

use super::*;

/// Parse a timing label such as `When This Spirit Attacks`; a label a pack declared maps
/// to its hook ([`Timing::Pack`]).
pub(crate) fn parse_timing(label: &str, vocab: &Vocabulary) -> Option<Timing> {
    if let Some(hook) = vocab.label_hook(label) {
        return Some(Timing::Pack(hook.to_string()));
    }
    let label = label.trim().trim_start_matches('(').trim_end_matches(')');
    let parse = |l: &str| -> Option<Timing> {
        let mut pairs = EnParser::parse(Rule::timing_only, l).ok()?;
        let t = pairs.next()?.into_inner().next()?;
        Some(timing_of(t))
    };
    // Labels are printed in Title Case; other data sources may not be.
    parse(label).or_else(|| parse(&title_case(label)))
}

/// "When this spirit attacks" → "When This Spirit Attacks" (small words stay lower case).
fn title_case(s: &str) -> String {
    s.split(' ')
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i > 0 && matches!(lower.as_str(), "a" | "of" | "or" | "is" | "by") {
                return lower;
            }
            let mut c = lower.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn whose_of(p: Pair<Rule>) -> Whose {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::w_opp) => Whose::Opponent,
        Some(Rule::w_either) => Whose::Either,
        _ => Whose::You,
    }
}

fn step_of(p: Pair<Rule>) -> Step {
    match p.into_inner().next().map(|x| x.as_rule()) {
        Some(Rule::s_main) => Step::Main,
        Some(Rule::s_draw) => Step::Draw,
        Some(Rule::s_start) => Step::Start,
        Some(Rule::s_core) => Step::Core,
        Some(Rule::s_end) => Step::End,
        Some(Rule::s_refresh) => Step::Refresh,
        _ => Step::Attack,
    }
}

fn ev_rule(p: &Pair<Rule>) -> Option<Rule> {
    p.clone().into_inner().next().map(|x| x.as_rule())
}

fn combine(ts: Vec<Timing>) -> Timing {
    let mut ts = ts;
    if ts.len() == 1 {
        return ts.remove(0);
    }
    if ts == [Timing::WhenAttacks, Timing::WhenBlocks] {
        return Timing::WhenAttacksOrBlocks;
    }
    if ts == [Timing::WhileAttacking, Timing::WhileBlocking] {
        return Timing::WhileAttackingOrBlocking;
    }
    Timing::Any(ts)
}

/// `timing` pair → [`Timing`].
pub(super) fn timing_of(p: Pair<Rule>) -> Timing {
    let p = if p.as_rule() == Rule::timing {
        match p.into_inner().next() {
            Some(x) => x,
            None => return Timing::Constant,
        }
    } else {
        p
    };
    match p.as_rule() {
        Rule::t_opp_resolves => Timing::WhenOpponentResolvesWhenSummoned,
        Rule::t_opp_destroys_yours => Timing::WhenOpponentDestroysYourSpirit,
        Rule::t_opp_destroys_this => Timing::WhenDestroyedByOpponent,
        Rule::t_when_this | Rule::t_when_summoned => {
            let mut ts = Vec::new();
            if p.as_rule() == Rule::t_when_summoned {
                ts.push(Timing::WhenSummoned);
            }
            for e in p.into_inner().filter(|e| e.as_rule() == Rule::ev) {
                ts.push(match ev_rule(&e) {
                    Some(Rule::ev_summoned) => Timing::WhenSummoned,
                    Some(Rule::ev_blocks) => Timing::WhenBlocks,
                    Some(Rule::ev_destroyed) => Timing::WhenDestroyed,
                    _ => Timing::WhenAttacks,
                });
            }
            combine(ts)
        }
        Rule::t_while_this => {
            let ts = p
                .into_inner()
                .filter(|e| e.as_rule() == Rule::ev)
                .map(|e| match ev_rule(&e) {
                    Some(Rule::ev_blocks) => Timing::WhileBlocking,
                    Some(Rule::ev_summoned) => Timing::WhenSummoned,
                    Some(Rule::ev_destroyed) => Timing::WhenDestroyed,
                    _ => Timing::WhileAttacking,
                })
                .collect();
            combine(ts)
        }
        Rule::t_when_destroyed => Timing::WhenDestroyed,
        Rule::t_while_oc => Timing::WhileOC,
        Rule::t_after_life => Timing::Burst(BurstCondition::LifeReduced),
        Rule::t_opp_summons => Timing::Burst(BurstCondition::OpponentSummons),
        Rule::t_when_placed => Timing::WhenDeployed,
        Rule::t_when_depleted => Timing::WhenDepleted,
        Rule::t_lose_life => Timing::WhenYouLoseLife,
        Rule::t_battle_ends => Timing::WhenBattleEnds,
        Rule::t_during_step | Rule::t_start_of_step | Rule::t_end_of_step => {
            let rule = p.as_rule();
            let mut whose = Whose::You;
            let mut step = Step::Main;
            for x in p.into_inner() {
                match x.as_rule() {
                    Rule::whose => whose = whose_of(x),
                    Rule::step_name => step = step_of(x),
                    _ => {}
                }
            }
            match rule {
                Rule::t_start_of_step => Timing::StartOfStep { whose, step },
                Rule::t_end_of_step => Timing::EndOfStep { whose, step },
                _ => Timing::DuringStep { whose, step },
            }
        }
        Rule::t_during_turn | Rule::t_end_of_turn => {
            let rule = p.as_rule();
            let whose = p
                .into_inner()
                .find(|x| x.as_rule() == Rule::whose)
                .map(whose_of)
                .unwrap_or(Whose::You);
            if rule == Rule::t_during_turn {
                Timing::DuringTurn(whose)
            } else {
                Timing::EndOfTurn(whose)
            }
        }
        _ => Timing::Constant,
    }
}
