//! The line battle (`docs/rules/line-battle.md`): the second ruleset on the
//! game-agnostic core. Creatures stand in an attack line or a defense line, each player
//! has a master with LP; the battle phase (LB-1 … LB-5) follows the Thai seed, the turn
//! around it (LB-0) is assumed and every assumption is an option (`config`).
//!
//! | Module | Job |
//! |---|---|
//! | `config` | LB-0 options and their defaults |
//! | `library` | creatures and masters from `carddb::CardDef`s; compiled effects per thread |
//! | `state` | the saved state and the helpers every change goes through |
//! | `setup` | `Game::new`: LB-0.1 deck legality, masters, shuffles, opening hands |
//! | `game` | `next` / `answer` and the automatic loop; LB-0.4 losses |
//! | `turn` | LB-0.3 phases, DP reset, the turn cap |
//! | `main_phase` | play a creature, buy a draw, end the phase |
//! | `orders` | LB-1: orders, LB-1.4, `cancel_order` |
//! | `battle` | LB-2 … LB-5: perform, compare, damage, success, end of battle |
//! | `script`, `run`, `api` | effects: timings, compile (scripts or text via phrases), run, the script API |
//! | `events`, `decision`, `view`, `invariants` | the log, the decisions, what a player sees, conservation |
//! | `greedy`, `testkit` | a deterministic player; synthetic cards for tests |
//! | `tools`, `scenario/`, `exercise` | its part of the shared tools (`crate::tools`): scenario words, decks and games for `exercise`, `explain` |

pub mod api;
mod as_rules;
pub mod battle;
pub mod config;
pub mod decision;
pub mod driver;
pub mod events;
pub mod exercise;
pub mod game;
pub mod greedy;
mod invariants;
pub mod library;
mod main_phase;
mod orders;
mod run;
pub mod save;
pub mod scenario;
pub mod script;
pub mod search;
pub mod setup;
pub mod state;
pub mod testkit;
pub mod tools;
mod turn;
pub mod view;

pub use config::LineBattleConfig;
pub use decision::{AnswerError, Choice, DecisionKind, DecisionRequest, GameResult, Step, Target};
pub use events::{Event, Outcome, render_event};
pub use game::Game;
pub use greedy::GreedyPlayer;
pub use library::LineLibrary;
pub use save::{RestoreError, SavedGame};
pub use script::Timing;
pub use setup::SetupError;
pub use view::View;
