//! Timing labels → engine triggers, in ONE place: the printed English labels of the Saga
//! data (`Effect.timing`, "When This Spirit Attacks"), the dsl's hook names
//! (`when_attacks`, `during_your_attack_step`, several joined by `_or_`) and magic steps.
//! Rule IDs: BS-5.1 (when summoned), BS-5.4 (deployed), BS-5.5 (magic Main/Flash), BS-6.1
//! (attacks), BS-6.3 (blocks), BS-6.5.1 (life reduced, bursts), BS-6.6 (destroyed),
//! BS-5.3 (depleted), BS-8.1 (constant effects), BS-7.1 (end of turn).

use serde::{Deserialize, Serialize};

pub use carddb::lang::Which;

use crate::rules::battle_spirits::StepName;

/// The name of a pack-declared event (`links`), kept inline so triggers and hooks stay
/// `Copy`: lower-case letters, digits and `-`, at most [`carddb::lang::MAX_EVENT_NAME`]
/// bytes (checked when the pack loads).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventName {
    len: u8,
    bytes: [u8; carddb::lang::MAX_EVENT_NAME],
}

impl EventName {
    /// The name, or `None` when it is empty, too long or has another character.
    pub fn new(s: &str) -> Option<EventName> {
        let ok = !s.is_empty()
            && s.len() <= carddb::lang::MAX_EVENT_NAME
            && s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !ok {
            return None;
        }
        let mut bytes = [0; carddb::lang::MAX_EVENT_NAME];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(EventName {
            len: s.len() as u8,
            bytes,
        })
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl std::fmt::Debug for EventName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl std::fmt::Display for EventName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for EventName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for EventName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        EventName::new(&s).ok_or_else(|| serde::de::Error::custom(format!("bad event name {s:?}")))
    }
}

/// Whose turn or step a timing names, relative to the effect's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Whose {
    /// The controller's.
    Your,
    /// The opponent's.
    Opponent,
    /// Either player's.
    Either,
}

/// When an effect works: the engine-side form of a timing label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// BS-5.1 / BS-5.1.1: this card is summoned (a brave summoned onto a spirit included).
    WhenSummoned,
    /// BS-5.4: this nexus is deployed ("When Placed").
    WhenDeployed,
    /// BS-6.1: this spirit attacks.
    WhenAttacks,
    /// BS-6.3: this spirit blocks.
    WhenBlocks,
    /// BS-6.6: this card is destroyed (resolves while it is still on the field).
    WhenDestroyed,
    /// BS-6.6: this card is destroyed by the opponent (battle or opponent's effect).
    WhenDestroyedByOpponent,
    /// BS-5.3: this card is depleted (never a destruction).
    WhenDepleted,
    /// BS-6.7: the battle this card fought in ends.
    WhenBattleEnds,
    /// BS-4.2 / BS-13.4: this card is refreshed (a heavily exhausted card that becomes
    /// exhausted counts as refreshed).
    WhenRefreshed,
    /// BS-6.5.1: the controller's life is reduced ("When You Lose Life").
    WhenYouLoseLife,
    /// BS-6.6: the opponent destroys one of the controller's spirits.
    WhenOpponentDestroysYourSpirit,
    /// After an opponent's spirit's "when summoned" effect resolved (field cards).
    WhenOpponentResolvesWhenSummoned,
    /// BS-10: burst condition "after an opponent's \"when summoned\" effect resolves".
    BurstOpponentWhenSummonedResolved,
    /// BS-6.5.1 / BS-10: burst condition "after your life is reduced".
    BurstLifeReduced,
    /// BS-6.6 / BS-10: burst condition "after your spirit is destroyed by the opponent".
    BurstOpponentDestroysYourSpirit,
    /// BS-10: burst condition "when the opponent summons".
    BurstOpponentSummons,
    /// The start of a step.
    StartOfStep(Whose, StepName),
    /// The end of a step.
    EndOfStep(Whose, StepName),
    /// BS-7.1: the end of a turn.
    EndOfTurn(Whose),
    /// Constant while the card attacks (BS-6.1 … BS-6.7).
    WhileAttacking,
    /// Constant while the card blocks.
    WhileBlocking,
    /// Constant during a step ("During Your Attack Step").
    DuringStep(Whose, StepName),
    /// Constant during a turn.
    DuringTurn(Whose),
    /// BS-13.3 [While OC]: constant while the count meets the card's OC condition
    /// (`CardDef::over_count`), whatever the card's level.
    WhileOverCount,
    /// BS-6.7: a battle one of the controller's spirits fought ends (reached on the field,
    /// and from the hand or the trash for effects with `zone: hand|trash`;
    /// `event_cards()` = the controller's attacker or blocker).
    YourSpiritsBattleEnds,
    /// BS-6.6 / BS-5.3: one of the controller's spirits was destroyed or depleted, once
    /// it is in the trash (`event_cards()` = those spirits; a card destroyed with them is
    /// not reached: keyword ruling K13).
    YourSpiritDestroyed,
    /// BS-5.1: a requirement for summoning this card, read (read-only) before it is
    /// offered or summoned: the script's value must be `true`.
    SummonRequirement,
    /// BS-5.1 / BS-5.2: an additional cost of summoning this card, paid as its summoning
    /// starts, before the cost (also when the summon is free: keyword ruling K4).
    AdditionalSummonCost,
    /// BS-8.1: constant (no timing; works while the card is in place).
    Constant,
    /// BS-5.5: a magic's [Main] effect (also a [Main] effect of a field card).
    Main,
    /// BS-5.5 / BS-6.2: a [Flash] effect (magic from hand, or a field card's).
    Flash,
    /// A pack-declared event (`labels/*.yaml`), raised by the engine or by a
    /// script (`raise_event(name, card)`), about a card that must be `Which` relative to
    /// the effect (this card, one of yours, of the opponent's, any).
    OnEvent(EventName, Which),
}

impl Trigger {
    /// The burst condition with the same timing as a field trigger (BS-10.3): "when you
    /// lose life" → "after your life is reduced", and so on. Others are unchanged.
    pub fn as_burst(self) -> Trigger {
        match self {
            Trigger::WhenYouLoseLife => Trigger::BurstLifeReduced,
            Trigger::WhenOpponentDestroysYourSpirit => Trigger::BurstOpponentDestroysYourSpirit,
            Trigger::WhenOpponentResolvesWhenSummoned => Trigger::BurstOpponentWhenSummonedResolved,
            t => t,
        }
    }

    /// This trigger's bit in a set of triggers (a `u64`): one bit per variant, and per step
    /// for the step timings; whose turn and a pack event's name share their variant's bit.
    /// A hook names the bits of every trigger it accepts, so a card whose effects have none
    /// of them is skipped without testing each trigger.
    pub const fn bit(self) -> u64 {
        use Trigger::*;
        let n = match self {
            WhenSummoned => 0,
            WhenDeployed => 1,
            WhenAttacks => 2,
            WhenBlocks => 3,
            WhenDestroyed => 4,
            WhenDestroyedByOpponent => 5,
            WhenDepleted => 6,
            WhenBattleEnds => 7,
            WhenRefreshed => 8,
            WhenYouLoseLife => 9,
            WhenOpponentDestroysYourSpirit => 10,
            WhenOpponentResolvesWhenSummoned => 11,
            BurstOpponentWhenSummonedResolved => 12,
            BurstLifeReduced => 13,
            BurstOpponentDestroysYourSpirit => 14,
            BurstOpponentSummons => 15,
            StartOfStep(_, s) => 16 + s as u32,
            EndOfStep(_, s) => 23 + s as u32,
            DuringStep(_, s) => 30 + s as u32,
            EndOfTurn(_) => 37,
            WhileAttacking => 38,
            WhileBlocking => 39,
            DuringTurn(_) => 40,
            WhileOverCount => 41,
            YourSpiritsBattleEnds => 42,
            YourSpiritDestroyed => 43,
            SummonRequirement => 44,
            AdditionalSummonCost => 45,
            Constant => 46,
            Main => 47,
            Flash => 48,
            OnEvent(..) => 49,
        };
        1 << n
    }

    /// The set ([`Trigger::bit`]) of `triggers`.
    pub fn bits<'a>(triggers: impl IntoIterator<Item = &'a Trigger>) -> u64 {
        triggers.into_iter().fold(0, |b, t| b | t.bit())
    }

    /// Whether this is a burst condition (BS-10.3).
    pub fn is_burst(self) -> bool {
        matches!(
            self,
            Trigger::BurstLifeReduced
                | Trigger::BurstOpponentDestroysYourSpirit
                | Trigger::BurstOpponentSummons
                | Trigger::BurstOpponentWhenSummonedResolved
        )
    }

    /// Whether the effect is constant (evaluated when read, never queued; BS-8.1).
    pub fn is_constant(self) -> bool {
        matches!(
            self,
            Trigger::Constant
                | Trigger::WhileAttacking
                | Trigger::WhileBlocking
                | Trigger::DuringStep(..)
                | Trigger::DuringTurn(..)
                | Trigger::WhileOverCount
        )
    }
}

fn whose(w: &str) -> Option<Whose> {
    Some(match w {
        "your" => Whose::Your,
        "opponent" | "opponents" | "opponent's" => Whose::Opponent,
        "either" => Whose::Either,
        _ => return None,
    })
}

fn step(s: &str) -> Option<StepName> {
    Some(match s {
        "start" => StepName::Start,
        "core" => StepName::Core,
        "draw" => StepName::Draw,
        "refresh" => StepName::Refresh,
        "main" => StepName::Main,
        "attack" => StepName::Attack,
        "end" => StepName::End,
        _ => return None,
    })
}

/// One dsl hook name (no `_or_` joins) → its triggers.
fn one_hook_name(name: &str) -> Option<Vec<Trigger>> {
    use Trigger::*;
    let t = match name {
        "when_summoned" => vec![WhenSummoned],
        "when_deployed" | "when_placed" => vec![WhenDeployed],
        "when_attacks" => vec![WhenAttacks],
        "when_blocks" => vec![WhenBlocks],
        "when_attacks_or_blocks" | "when_battles" => vec![WhenAttacks, WhenBlocks],
        "while_attacking" => vec![WhileAttacking],
        "while_blocking" => vec![WhileBlocking],
        "while_attacking_or_blocking" => vec![WhileAttacking, WhileBlocking],
        "when_destroyed" => vec![WhenDestroyed],
        "when_destroyed_by_opponent" => vec![WhenDestroyedByOpponent],
        "when_depleted" => vec![WhenDepleted],
        "when_battle_ends" => vec![WhenBattleEnds],
        "when_refreshed" => vec![WhenRefreshed],
        "when_you_lose_life" => vec![WhenYouLoseLife],
        "when_opponent_destroys_your_spirit" => vec![WhenOpponentDestroysYourSpirit],
        "burst_life_reduced" => vec![BurstLifeReduced],
        "burst_opponent_destroys_your_spirit" | "burst_your_spirit_destroyed" => {
            vec![BurstOpponentDestroysYourSpirit]
        }
        "burst_opponent_summons" => vec![BurstOpponentSummons],
        "when_opponent_resolves_when_summoned" => vec![WhenOpponentResolvesWhenSummoned],
        "burst_opponent_when_summoned_resolved" => vec![BurstOpponentWhenSummonedResolved],
        "constant" => vec![Constant],
        "when_your_spirits_battle_ends" => vec![YourSpiritsBattleEnds],
        "when_your_spirit_destroyed" => vec![YourSpiritDestroyed],
        "summon_requirement" => vec![SummonRequirement],
        "additional_summon_cost" => vec![AdditionalSummonCost],
        "while_over_count" => vec![WhileOverCount],
        "main" => vec![Main],
        "flash" => vec![Flash],
        _ if name.starts_with("on_") => {
            // A pack event: `on_<event>_<which>` (the event name has no `_`).
            let (event, which) = name["on_".len()..].rsplit_once('_')?;
            vec![OnEvent(EventName::new(event)?, Which::parse(which)?)]
        }
        _ => {
            let parts: Vec<&str> = name.split('_').collect();
            match parts.as_slice() {
                ["start", "of", w, s, "step"] => vec![StartOfStep(whose(w)?, step(s)?)],
                ["end", "of", w, s, "step"] => vec![EndOfStep(whose(w)?, step(s)?)],
                ["during", w, s, "step"] => vec![DuringStep(whose(w)?, step(s)?)],
                ["during", w, "turn"] => vec![DuringTurn(whose(w)?)],
                ["end", "of", w, "turn"] => vec![EndOfTurn(whose(w)?)],
                _ => return None,
            }
        }
    };
    Some(t)
}

/// A dsl hook name (`when_summoned`, `during_your_attack_step`, several joined by `_or_`)
/// → triggers; `None` when a part is unknown.
pub fn from_hook_name(name: &str) -> Option<Vec<Trigger>> {
    if let Some(t) = one_hook_name(name) {
        return Some(t);
    }
    // Split at `_or_` only where the next part starts a hook name.
    let starts = [
        "when_", "while_", "during_", "start_", "end_", "burst_", "main", "flash", "constant",
        "on_",
    ];
    let mut out = Vec::new();
    let mut rest = name;
    'outer: loop {
        let mut search = 0;
        while let Some(i) = rest[search..].find("_or_") {
            let at = search + i;
            let next = &rest[at + 4..];
            if starts.iter().any(|s| next.starts_with(s))
                && let Some(t) = one_hook_name(&rest[..at])
            {
                out.extend(t);
                rest = next;
                continue 'outer;
            }
            search = at + 4;
        }
        out.extend(one_hook_name(rest)?);
        break;
    }
    Some(out)
}

/// A printed English timing label (the Saga data's `condition`, e.g. "When This Spirit
/// Attacks", "During Opponent's Attack Step") → triggers; `None` when unknown.
pub fn from_label(label: &str) -> Option<Vec<Trigger>> {
    use Trigger::*;
    let l = label.trim().to_ascii_lowercase();
    let t = match l.as_str() {
        "when summoned" | "when this spirit is summoned" | "when this ultimate is summoned" => {
            vec![WhenSummoned]
        }
        "when placed" | "when deployed" => vec![WhenDeployed],
        "when this spirit attacks" | "when this ultimate attacks" | "when attacks" => {
            vec![WhenAttacks]
        }
        "when this spirit blocks" | "when blocks" => vec![WhenBlocks],
        "when this spirit attacks or blocks" | "when attacks/blocks" => {
            vec![WhenAttacks, WhenBlocks]
        }
        "while this spirit attacks" => vec![WhileAttacking],
        "while this spirit blocks" => vec![WhileBlocking],
        "while this spirit attacks or blocks" => vec![WhileAttacking, WhileBlocking],
        "when destroyed" => vec![WhenDestroyed],
        "when destroyed by opponent" => vec![WhenDestroyedByOpponent],
        "when depleted" => vec![WhenDepleted],
        "when refreshed" | "when this spirit is refreshed" | "when this spirit refreshes" => {
            vec![WhenRefreshed]
        }
        "when you lose life" | "after your life is reduced" | "when your life is reduced" => {
            vec![WhenYouLoseLife]
        }
        // BS-10: only a burst condition (there is no field effect with this label).
        "when opponent summons" | "when your opponent summons" => vec![BurstOpponentSummons],
        "when opponent destroys your spirit" => vec![WhenOpponentDestroysYourSpirit],
        "when this spirit is summoned or attacks" => vec![WhenSummoned, WhenAttacks],
        "when summoned or destroyed" => vec![WhenSummoned, WhenDestroyed],
        "when opponent resolves a spirit's \"when summoned\" effect" => {
            vec![WhenOpponentResolvesWhenSummoned]
        }
        "while oc" | "while over count" | "[while oc]" => vec![WhileOverCount],
        "when your spirit's battle ends" | "when a battle of your spirit ends" => {
            vec![YourSpiritsBattleEnds]
        }
        "when your spirit is destroyed" | "when one of your spirits is destroyed" => {
            vec![YourSpiritDestroyed]
        }
        "summoning requirement" => vec![SummonRequirement],
        "additional summoning cost" => vec![AdditionalSummonCost],
        "during your turn" => vec![DuringTurn(Whose::Your)],
        "during opponent's turn" => vec![DuringTurn(Whose::Opponent)],
        "end of opponent's turn" => vec![EndOfTurn(Whose::Opponent)],
        "end of your turn" => vec![EndOfTurn(Whose::Your)],
        _ => {
            // "During Your Attack Step", "During Opponent's End Step", "Start of Your Main Step"
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.as_slice() {
                ["during", w, s, "step"] => vec![DuringStep(whose(w)?, step(s)?)],
                ["start", "of", w, s, "step"] => vec![StartOfStep(whose(w)?, step(s)?)],
                ["end", "of", w, s, "step"] => vec![EndOfStep(whose(w)?, step(s)?)],
                _ => return None,
            }
        }
    };
    Some(t)
}

/// The triggers of one effect: its printed timing label, else its magic steps (Main /
/// Flash, BS-5.5), else constant (BS-8.1). `Err(label)` for an unknown label.
pub fn of_effect(e: &carddb::Effect) -> Result<Vec<Trigger>, String> {
    if let Some(label) = &e.timing {
        let t = from_label(label)
            .or_else(|| from_hook_name(label))
            .ok_or_else(|| label.clone())?;
        // BS-10.3: a [Burst] effect's label is its burst condition: it works from the
        // burst area, not from the field.
        if e.steps.contains(&carddb::Step::Burst) {
            return Ok(t.into_iter().map(Trigger::as_burst).collect());
        }
        return Ok(t);
    }
    let mut v = Vec::new();
    for s in &e.steps {
        match s {
            carddb::Step::Main => v.push(Trigger::Main),
            carddb::Step::Flash => v.push(Trigger::Flash),
            carddb::Step::Burst => {}
        }
    }
    if v.is_empty() {
        v.push(Trigger::Constant);
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dsl_names_and_labels_map() {
        assert_eq!(
            from_hook_name("when_summoned_or_when_attacks"),
            Some(vec![Trigger::WhenSummoned, Trigger::WhenAttacks])
        );
        assert_eq!(
            from_hook_name("when_attacks_or_blocks"),
            Some(vec![Trigger::WhenAttacks, Trigger::WhenBlocks])
        );
        assert_eq!(
            from_hook_name("during_your_attack_step"),
            Some(vec![Trigger::DuringStep(Whose::Your, StepName::Attack)])
        );
        assert_eq!(
            from_label("During Opponent's Attack Step"),
            Some(vec![Trigger::DuringStep(Whose::Opponent, StepName::Attack)])
        );
        assert_eq!(
            from_label("When This Spirit Attacks"),
            Some(vec![Trigger::WhenAttacks])
        );
        assert_eq!(from_hook_name("when_dancing"), None);
        // Every Saga label of the importer maps.
        for l in carddb::import::bss_json::SAGA_TIMINGS {
            assert!(from_label(l).is_some(), "{l}");
        }
    }

    #[test]
    fn each_kind_of_trigger_has_its_own_bit() {
        use Trigger::*;
        let steps = [
            StepName::Start,
            StepName::Core,
            StepName::Draw,
            StepName::Refresh,
            StepName::Main,
            StepName::Attack,
            StepName::End,
        ];
        let event = EventName::new("link").unwrap();
        let mut all = vec![
            WhenSummoned,
            WhenDeployed,
            WhenAttacks,
            WhenBlocks,
            WhenDestroyed,
            WhenDestroyedByOpponent,
            WhenDepleted,
            WhenBattleEnds,
            WhenRefreshed,
            WhenYouLoseLife,
            WhenOpponentDestroysYourSpirit,
            WhenOpponentResolvesWhenSummoned,
            BurstOpponentWhenSummonedResolved,
            BurstLifeReduced,
            BurstOpponentDestroysYourSpirit,
            BurstOpponentSummons,
            EndOfTurn(Whose::Your),
            WhileAttacking,
            WhileBlocking,
            DuringTurn(Whose::Your),
            WhileOverCount,
            YourSpiritsBattleEnds,
            YourSpiritDestroyed,
            SummonRequirement,
            AdditionalSummonCost,
            Constant,
            Main,
            Flash,
            OnEvent(event, Which::This),
        ];
        for s in steps {
            all.extend([
                StartOfStep(Whose::Your, s),
                EndOfStep(Whose::Your, s),
                DuringStep(Whose::Your, s),
            ]);
        }
        // 50 kinds, 50 different bits.
        assert_eq!(Trigger::bits(&all).count_ones(), 50);
        assert_eq!(all.len(), 50);
        // Whose turn and a pack event's name share their kind's bit.
        assert_eq!(
            StartOfStep(Whose::Opponent, StepName::Main).bit(),
            StartOfStep(Whose::Your, StepName::Main).bit()
        );
        let other = EventName::new("other").unwrap();
        assert_eq!(
            OnEvent(other, Which::Any).bit(),
            OnEvent(event, Which::This).bit()
        );
    }
}
