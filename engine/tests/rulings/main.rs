//! Official rulings reproduced as engine scenarios: exhaustion and refresh
//! (BS-4.2, BS-13.4), destruction and depletion (BS-5.3, BS-6.6), simultaneous effects
//! (BS-8.4) and the other rulings the engine can already express.
//!
//! Each test names the card number and the index of the ruling in
//! `../shared/data/bss/rulings-cards.json` (`C#`) or `rulings-keywords.json` (`K#`); the
//! question and the answer are paraphrased (never quoted). Real cards are loaded from
//! `../shared/data` when present (the test prints why and returns otherwise); stand-in
//! cards (ids `RUL-…`) have rhai scripts that do what the real card's relevant text does.
//! Burst rulings are in `rulings_burst.rs`.

#[path = "../support/mod.rs"]
mod support;

use carddb::CardDef;
use engine::core::InstanceId;
use engine::rules::battle_spirits::testkit::{
    decision, effect, give_reserve, must, pass_flashes, play, put, scripted_magic, scripted_spirit,
};
use engine::rules::battle_spirits::{CoreLoc, CoreSource, Hook, Zone};
use engine::{Choice, DecisionKind, Event, Game};
use support::rulings::*;

mod already_due;
mod answered_differently;
mod depletion;
mod levels;
mod refresh;
mod simultaneous;
mod zero_bp;
