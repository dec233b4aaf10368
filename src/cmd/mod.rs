//! One module per subcommand; `report` renders errors for a person.

pub mod cards;
pub mod db;
pub mod deck;
pub mod import;
pub mod play;
pub mod sim;
pub mod source;
