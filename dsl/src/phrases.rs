//! Small card-model phrases outside effect text: a brave's condition (BS-9.1) and an over
//! count condition (BS-13.3), read into dsl's own types (dsl does not depend on carddb; the
//! fields match `carddb::BraveCondition` / `carddb::OverCount`).

use serde::Serialize;

use crate::ast::Colour;

/// What a host must be for a brave to go on it (BS-9.1). An absent field does not restrict.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BraveCondition {
    /// The host's cost must be at least this.
    pub min_cost: Option<u32>,
    /// The host's cost must be at most this.
    pub max_cost: Option<u32>,
    /// The host must have one of these colours.
    pub colours: Vec<Colour>,
    /// The host must belong to one of these families.
    pub families: Vec<String>,
    /// The host may be an ultimate as well as a spirit ("a spirit or ultimate …").
    pub ultimates: bool,
}

/// An over count condition (BS-13.3): `count` cores in the count area give `bp_bonus` BP.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct OverCount {
    /// Cores needed in the count area ("count N or more").
    pub count: u32,
    /// BP added while in OC (0 when not printed).
    pub bp_bonus: u32,
}

/// `Brave condition: a spirit with cost 3 or more` (also `a red spirit`, `a Dragon family
/// spirit`, `a spirit or ultimate with cost 5 or more`; the `Brave condition:` prefix is
/// optional). `None` when the phrase is not understood or says something these fields cannot.
pub fn parse_brave_condition(text: &str) -> Option<BraveCondition> {
    crate::en::brave_condition(text.trim())
}

/// `OC: count 3 or more, BP +3000` → count 3, BP bonus 3000 (BS-13.3). `None` when not
/// understood.
pub fn parse_over_count(text: &str) -> Option<OverCount> {
    crate::en::over_count(text.trim())
}
