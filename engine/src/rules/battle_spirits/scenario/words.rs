//! How the Battle Spirits actions and log items read from YAML (`tools::scenario::words`).

use super::model::{Action, LogItem};
use crate::tools::scenario::words::words;

words!(Action, "an action such as `end_main` or `attack: CARD`",
units: [
    "done_moving" => Action::DoneMoving,
    "end_main" => Action::EndMain,
    "end_attack" => Action::EndAttack,
    "pass" => Action::Pass,
    "pass_all" => Action::PassAll,
    "no_block" => Action::NoBlock,
    "done_choosing" => Action::DoneChoosing,
    "yes" => Action::Yes,
    "no" => Action::No,
],
values: [
    "summon" => Action::Summon,
    "deploy" => Action::Deploy,
    "magic" => Action::Magic,
    "summon_onto" => Action::SummonOnto,
    "brave" => Action::Brave,
    "unbrave" => Action::Unbrave,
    "set_burst" => Action::SetBurst,
    "use_effect" => Action::UseEffect,
    "move_core" => Action::MoveCore,
    "attack" => Action::Attack,
    "block" => Action::Block,
    "choose" => Action::Choose,
    "pick" => Action::Pick,
    "option" => Action::Option,
    "check" => Action::Check,
]);

words!(LogItem, "a log event such as `destroyed: CARD` or `text: ...`",
units: [],
values: [
    "text" => LogItem::Text,
    "effect" => LogItem::Effect,
    "inert" => LogItem::Inert,
    "failed" => LogItem::Failed,
    "destroyed" => LogItem::Destroyed,
    "depleted" => LogItem::Depleted,
    "played" => LogItem::Played,
    "attacked" => LogItem::Attacked,
    "blocked" => LogItem::Blocked,
    "exhausted" => LogItem::Exhausted,
    "refreshed" => LogItem::Refreshed,
    "moved" => LogItem::Moved,
    "life_lost" => LogItem::LifeLost,
    "burst_activated" => LogItem::BurstActivated,
]);
