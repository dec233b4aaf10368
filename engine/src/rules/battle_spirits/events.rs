//! Events: every state change is one serialisable event in the game log.

use carddb::CardId;
use serde::{Deserialize, Serialize};

use super::types::{CoreLoc, CoreSource, FlashWindow, Hook, LossReason, PlayKind, Zone};
use crate::core::{InstanceId, PlayerId, TokenId};
use crate::rules::battle_spirits::script::{ModKind, Until};

/// One state change (or, for `Hook`, one timing point reached).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Set-up done; `first` takes the first turn.
    GameStarted { first: PlayerId },
    /// A deck was shuffled.
    Shuffled { player: PlayerId },
    /// One core moved; `None` is the void (BS-0.3).
    CoreMoved {
        core: TokenId,
        soul: bool,
        from: Option<CoreLoc>,
        to: Option<CoreLoc>,
    },
    /// One card moved between zones (a draw is deck → hand).
    CardMoved {
        card: InstanceId,
        from: Zone,
        to: Zone,
    },
    /// BS-0.2: a player took a mulligan.
    Mulligan { player: PlayerId },
    /// BS-0.2: a player kept their hand.
    KeptHand { player: PlayerId },
    /// A new turn.
    TurnBegan { turn: u32, player: PlayerId },
    /// A card became refreshed (BS-4.2).
    Refreshed { card: InstanceId },
    /// A card became exhausted (BS-6.1, BS-6.3).
    Exhausted { card: InstanceId },
    /// Summary of a card played from hand, after payment and placement (BS-5.1/5.2/5.4/5.5).
    Played {
        player: PlayerId,
        card: InstanceId,
        kind: PlayKind,
        cost: u32,
        reduction: u32,
        paid: u32,
        from: Vec<CoreSource>,
        cores: u32,
        level: Option<u8>,
        bp: Option<u32>,
    },
    /// A card's effects are not supported yet: it plays as vanilla (once per card per game).
    EffectsUnsupported { card: CardId },
    /// A timing hook fired (no effect is attached yet).
    Hook(Hook),
    /// A field card's level changed with the cores on it (BS-5.1); `bp` at the new level.
    LevelChanged {
        card: InstanceId,
        level: u8,
        bp: u32,
    },
    /// BS-5.3: a card was depleted (not destroyed).
    Depleted { card: InstanceId },
    /// BS-6.1.
    AttackDeclared { attacker: InstanceId, bp: u32 },
    /// BS-6.2: a player passed in a flash timing.
    FlashPassed {
        player: PlayerId,
        window: FlashWindow,
    },
    /// BS-6.3.
    BlockDeclared {
        blocker: InstanceId,
        attacker: InstanceId,
    },
    /// BS-6.3: no block.
    NotBlocked { attacker: InstanceId },
    /// BS-6.5.1: life reduced by an unblocked attack.
    LifeReduced {
        player: PlayerId,
        amount: u32,
        by: InstanceId,
        /// Life left afterwards.
        left: u32,
    },
    /// BS-6.5.2: BP compared.
    BattleCompared {
        attacker: InstanceId,
        attacker_bp: u32,
        blocker: InstanceId,
        blocker_bp: u32,
    },
    /// BS-6.6: a card was destroyed.
    Destroyed { card: InstanceId },
    /// BS-6.7.
    BattleEnded { attacker: InstanceId },
    /// BS-7.1.
    TurnEnded { player: PlayerId },
    /// BS-0.4.
    PlayerLost {
        player: PlayerId,
        reason: LossReason,
    },
    /// An effect starts resolving (effect index on its card).
    EffectStarted { card: InstanceId, effect: u32 },
    /// An effect failed: its script threw, broke a sandbox limit, or could not compile.
    /// The game goes on (strict-scripts mode panics instead).
    EffectFailed {
        card: InstanceId,
        effect: u32,
        /// Script line, when known.
        line: Option<u32>,
        reason: String,
    },
    /// An effect is not executable (text not understood, or a function not supported).
    EffectInert {
        card: InstanceId,
        effect: u32,
        reason: String,
    },
    /// An effect gave a card a modifier for a duration.
    ModifierAdded {
        card: InstanceId,
        modifier: ModKind,
        until: Until,
    },
    /// BS-13.4: a card became heavily exhausted.
    HeavilyExhausted { card: InstanceId },
    /// An effect joined `card` to the attacker for the battle (`link_for_battle`): the
    /// attacker has `bp` BP now, the card's BP and symbols added.
    JoinedForBattle {
        attacker: InstanceId,
        card: InstanceId,
        bp: u32,
    },
    /// A join ended: one of the cards left the field, or the battle ended (BS-6.7).
    JoinEnded {
        attacker: InstanceId,
        card: InstanceId,
    },
    /// Life lost to an effect.
    LifeLost {
        player: PlayerId,
        amount: u32,
        left: u32,
    },
    /// BS-12.5: Ultimate Trigger: `revealed` went to the trash; a hit or a guard.
    UltimateTrigger {
        card: InstanceId,
        revealed: InstanceId,
        hit: bool,
    },
    /// BS-9.1 / BS-5.1.1 / BS-9.7: a brave was braved onto a host.
    Braved { brave: InstanceId, host: InstanceId },
    /// BS-9.5 / BS-9.7 / BS-9.8 / BS-9.9: a brave came off its host.
    Unbraved { brave: InstanceId, host: InstanceId },
    /// A spirit was summoned by an effect.
    SummonedByEffect { card: InstanceId },
    /// A token card `card` of definition `token` was made for its owner (keyword rulings
    /// K27, K30): it waits outside the game (`Zone::Removed`) until it is summoned.
    TokenMade { card: InstanceId, token: String },
    /// BS-10.1: `player` set `card` face down as their burst; `replaced` went to the trash.
    /// (The card is hidden from the opponent: the text log does not name it.)
    BurstSet {
        player: PlayerId,
        card: InstanceId,
        replaced: Option<InstanceId>,
    },
    /// BS-10.3: a set burst was activated (turned face up); its burst effect follows.
    BurstActivated { card: InstanceId },
    /// BS-8.4: the turn player chose which of several simultaneous effects resolves next.
    OrderChosen {
        card: InstanceId,
        effect: u32,
        /// Who chose (the turn player then); `None` in logs written before it was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chooser: Option<PlayerId>,
    },
    /// The game is over; `winner` is `None` for a draw.
    GameOver {
        winner: Option<PlayerId>,
        reason: String,
    },
    /// BS-6.5.1: an unblocked attack did not reduce `player`'s life: the effect of `by`
    /// keeps attacks by such a spirit from reducing it (ruling C#53).
    LifeKept {
        player: PlayerId,
        attacker: InstanceId,
        by: InstanceId,
    },
    /// BS-6.6 replaced: `card` was not destroyed; the effect of `by` said what happens
    /// instead (rulings C#37, C#77: no "when destroyed" effect works).
    DestructionReplaced {
        card: InstanceId,
        by: InstanceId,
        instead: crate::rules::battle_spirits::script::state::Kept,
    },
    /// `card`, in its owner's hand, was shown to both players by the effect of `by` (a
    /// card picked at random: "select a card from your opponent's hand at random and
    /// reveal it"); it stays in the hand.
    HandCardRevealed { card: InstanceId, by: InstanceId },
}

impl crate::core::GameEvent for Event {
    /// Hidden from `seat`: a card moved where `seat` sees neither end (the opponent's draw,
    /// a mulligan's return, any deck to deck or hand), and the card of the opponent's burst
    /// set face down (BS-10.1). Decks are hidden from both players, the hand and the set
    /// burst from the opponent; the other zones are open (tecoto face up, BS-13.1).
    fn redacted_for(&self, seat: PlayerId) -> Option<crate::core::Redacted> {
        let seen = |z: Zone| match z {
            Zone::Deck(_) => false,
            Zone::Hand(p) | Zone::Burst(p) => p == seat,
            Zone::Tecoto(_) | Zone::Field(_) | Zone::Trash(_) | Zone::Removed(_) => true,
        };
        match self {
            Event::CardMoved { from, to, .. } if !seen(*from) && !seen(*to) => {
                let who = zone_player(*from);
                let text = match (from, to) {
                    (Zone::Deck(_), Zone::Hand(_)) => format!("{who} draws a card"),
                    (Zone::Hand(_), Zone::Deck(_)) => format!("{who} returns a card to the deck"),
                    _ => format!("{who}'s card: {} → {}", from.name(), to.name()),
                };
                Some(crate::core::Redacted {
                    json: crate::core::event::nulled(self, "CardMoved", "card"),
                    text,
                })
            }
            Event::BurstSet {
                player, replaced, ..
            } if *player != seat => Some(crate::core::Redacted {
                json: crate::core::event::nulled(self, "BurstSet", "card"),
                text: match replaced {
                    Some(_) => format!("{player} sets a new burst face down"),
                    None => format!("{player} sets a burst face down"),
                },
            }),
            _ => None,
        }
    }
}

fn zone_player(z: Zone) -> PlayerId {
    match z {
        Zone::Deck(p)
        | Zone::Hand(p)
        | Zone::Tecoto(p)
        | Zone::Field(p)
        | Zone::Trash(p)
        | Zone::Burst(p)
        | Zone::Removed(p) => p,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameEvent;

    const P1: PlayerId = PlayerId(0);
    const P2: PlayerId = PlayerId(1);

    fn moved(card: u32, from: Zone, to: Zone) -> Event {
        Event::CardMoved {
            card: InstanceId(card),
            from,
            to,
        }
    }

    #[test]
    fn the_opponents_draw_is_redacted_and_the_own_is_not() {
        // Instances are numbered in deck-list order, so the id is the card.
        let draw = moved(37, Zone::Deck(P2), Zone::Hand(P2));
        let r = draw.redacted_for(P1).expect("P2's draw is hidden from P1");
        assert_eq!(
            r.json,
            serde_json::json!({"CardMoved": {"card": null, "from": {"Deck": 1}, "to": {"Hand": 1}}})
        );
        assert_eq!(r.text, "P2 draws a card");
        assert_eq!(draw.redacted_for(P2), None, "P2 sees its own draw");
        // A mulligan's return, hand to deck, is hidden too.
        let back = moved(37, Zone::Hand(P2), Zone::Deck(P2));
        assert_eq!(
            back.redacted_for(P1).unwrap().text,
            "P2 returns a card to the deck"
        );
    }

    #[test]
    fn a_move_with_an_open_end_names_its_card() {
        // Played from hand, milled from the deck, returned to hand: one end is open.
        for (from, to) in [
            (Zone::Hand(P2), Zone::Field(P2)),
            (Zone::Deck(P2), Zone::Trash(P2)),
            (Zone::Field(P2), Zone::Hand(P2)),
            (Zone::Burst(P2), Zone::Trash(P2)),
        ] {
            assert_eq!(
                moved(5, from, to).redacted_for(P1),
                None,
                "{from:?} → {to:?}"
            );
        }
    }

    #[test]
    fn the_opponents_set_burst_is_face_down() {
        // BS-10.1: a burst is set face down; the replaced one goes to the trash, seen.
        let set = Event::BurstSet {
            player: P2,
            card: InstanceId(40),
            replaced: Some(InstanceId(12)),
        };
        let r = set.redacted_for(P1).expect("hidden from P1");
        assert_eq!(
            r.json,
            serde_json::json!({"BurstSet": {"player": 1, "card": null, "replaced": 12}})
        );
        assert_eq!(r.text, "P2 sets a new burst face down");
        assert_eq!(set.redacted_for(P2), None);
    }
}
