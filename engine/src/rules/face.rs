//! Card faces: what is printed on a card, in one shape for any game, so that a page or an
//! AI client can draw a card and read its text without the catalogue. Each ruleset says
//! which cards a player sees ([`crate::core::Rules::faces`]); a view sent to a client
//! (`DynGame::view_json`) carries their faces keyed by card id (docs/protocol.md "Card
//! faces").

use std::collections::BTreeMap;

use carddb::{CardDef, Colour, KeywordValue, Line};
use serde::Serialize;

/// Faces keyed by card (definition) id.
pub type Faces = BTreeMap<String, Face>;

/// One row of a level table: cores needed and the BP at that level (BS-5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FaceLevel {
    /// The level number.
    pub level: u8,
    /// Cores on the card needed for it.
    pub cores: u32,
    /// Its BP (`None`: a nexus has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bp: Option<u32>,
}

/// One printed effect: its timing label as printed, when it is used, the levels it works
/// at, and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FaceText {
    /// The printed timing label (`When Summoned`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<String>,
    /// For magic and flash effects: the steps it is used in (`main`, `flash`, `burst`;
    /// BS-5.6).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<String>,
    /// Levels it works at; empty: every level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<u8>,
    /// A brave's braved effect (BS-9.2): it works while braved onto a host.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub braved: bool,
    /// The printed text (English, else the first language given; empty when none).
    pub text: String,
}

/// A card's printed face.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Face {
    /// The card name.
    pub name: String,
    /// Its kind (`spirit`, `magic`, `creature`, `master` …).
    pub kind: String,
    /// Its colours, in the catalogue's order.
    pub colours: Vec<String>,
    /// The printed cost (BS-5.2 step 1; LB-0.3: the DP cost).
    pub cost: u32,
    /// Reduction symbols per colour (BS-5.2 step 2).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub reduction: BTreeMap<String, u8>,
    /// Symbols it shows on the field (BS-6.5.1: the life an unblocked attack takes).
    #[serde(skip_serializing_if = "is_zero")]
    pub symbols: u32,
    /// Families, as printed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub families: Vec<String>,
    /// The level table (BS-5.1): cores → BP.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<FaceLevel>,
    /// A creature's printed AT, DF and SH (LB-3), and the lines it may be played into
    /// (LB-0.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u32>,
    /// DF (LB-3.2, LB-3.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub df: Option<u32>,
    /// SH (LB-3.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sh: Option<u32>,
    /// The lines a creature may enter (`attack`, `defense`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// A master's starting LP (LB-0.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp: Option<u32>,
    /// Keywords as words (`crush 2`), with their levels and timing when printed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<FaceText>,
    /// The printed effects in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<FaceText>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn word<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

fn keyword_value(v: &KeywordValue) -> String {
    match v {
        KeywordValue::Number(n) => n.to_string(),
        KeywordValue::Word(w) => w.clone(),
        KeywordValue::List(l) => l.iter().map(keyword_value).collect::<Vec<_>>().join(", "),
    }
}

impl Face {
    /// The face printed on `def`: every field the card has (a spirit's level table, a
    /// creature's AT/DF/SH, a master's LP), the others left out.
    pub fn of(def: &CardDef) -> Face {
        let steps = |s: &[carddb::Step]| s.iter().map(word).collect::<Vec<_>>();
        let colour = |c: &Colour| word(c);
        Face {
            name: def.name.clone(),
            kind: word(&def.kind),
            colours: def.colours.iter().map(colour).collect(),
            cost: def.cost,
            reduction: def.reduction.iter().map(|(c, n)| (colour(c), *n)).collect(),
            symbols: def.symbols.total(),
            families: def.families.clone(),
            levels: def
                .levels
                .iter()
                .map(|r| FaceLevel {
                    level: r.level,
                    cores: r.cores,
                    bp: r.bp,
                })
                .collect(),
            at: def.creature.as_ref().map(|c| c.at),
            df: def.creature.as_ref().map(|c| c.df),
            sh: def.creature.as_ref().map(|c| c.sh),
            lines: def
                .creature
                .as_ref()
                .map(|c| c.lines.iter().map(|l: &Line| word(l)).collect())
                .unwrap_or_default(),
            lp: def.master.as_ref().and_then(|m| m.lp),
            keywords: def
                .keywords
                .iter()
                .map(|k| FaceText {
                    timing: k.timing.clone(),
                    steps: steps(&k.steps),
                    levels: k.levels.clone(),
                    braved: false,
                    text: match &k.value {
                        Some(v) => format!("{} {}", k.name, keyword_value(v)),
                        None => k.name.clone(),
                    },
                })
                .collect(),
            effects: def
                .effects
                .iter()
                .map(|e| FaceText {
                    timing: e.timing.clone(),
                    steps: steps(&e.steps),
                    levels: e.levels.clone(),
                    braved: e.braved,
                    text: e
                        .text
                        .get("en")
                        .or_else(|| e.text.values().next())
                        .cloned()
                        .unwrap_or_default(),
                })
                .collect(),
        }
    }
}

/// The faces of `ids` (each once), by looking each up with `def`; an id `def` does not
/// know is left out.
pub fn faces_of<'a>(
    ids: impl IntoIterator<Item = &'a str>,
    def: impl Fn(&str) -> Option<&'a CardDef>,
) -> Faces {
    let mut out = Faces::new();
    for id in ids {
        if !out.contains_key(id)
            && let Some(d) = def(id)
        {
            out.insert(id.to_string(), Face::of(d));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// BS-5.1: a level table reads cores → BP; BS-5.2: cost and reduction as printed.
    #[test]
    fn a_spirit_face_has_its_level_table_cost_and_timing_labels() {
        let def: CardDef = serde_json::from_value(serde_json::json!({
            "id": "T-1", "name": "Ember Pup", "kind": "spirit", "cost": 3,
            "colours": ["red"], "reduction": {"red": 2}, "symbols": {"colours": {"red": 1}},
            "levels": [{"level": 1, "cores": 1, "bp": 2000}, {"level": 2, "cores": 3, "bp": 5000}],
            "keywords": [{"name": "crush", "value": 2, "levels": [2]}],
            "effects": [{"timing": "When Summoned", "text": {"en": "Draw one card."}}],
        }))
        .unwrap();
        let f = Face::of(&def);
        assert_eq!(f.kind, "spirit");
        assert_eq!(f.colours, ["red"]);
        assert_eq!((f.cost, f.reduction["red"], f.symbols), (3, 2, 1));
        assert_eq!(
            f.levels[1],
            FaceLevel {
                level: 2,
                cores: 3,
                bp: Some(5000)
            }
        );
        assert_eq!(f.keywords[0].text, "crush 2");
        assert_eq!(f.keywords[0].levels, [2]);
        assert_eq!(f.effects[0].timing.as_deref(), Some("When Summoned"));
        assert_eq!(f.effects[0].text, "Draw one card.");
        assert_eq!(f.at, None);
    }

    /// LB-3: a creature's face has AT, DF and SH; LB-0.1: a master's its LP.
    #[test]
    fn a_creature_face_has_at_df_sh_and_a_master_its_lp() {
        let c: CardDef = serde_json::from_value(serde_json::json!({
            "id": "L-1", "name": "Reed Guard", "kind": "creature", "cost": 2,
            "creature": {"at": 3, "df": 4, "sh": 1},
        }))
        .unwrap();
        let f = Face::of(&c);
        assert_eq!((f.at, f.df, f.sh), (Some(3), Some(4), Some(1)));
        assert_eq!(f.lines, ["attack", "defense"]);
        let m: CardDef = serde_json::from_value(serde_json::json!({
            "id": "L-2", "name": "Warden", "kind": "master", "cost": 0, "master": {"lp": 18},
        }))
        .unwrap();
        assert_eq!(Face::of(&m).lp, Some(18));
        let all = faces_of(["L-1", "L-2", "L-1", "L-9"], |id| {
            [&c, &m].into_iter().find(|d| d.id == id)
        });
        assert_eq!(all.keys().collect::<Vec<_>>(), ["L-1", "L-2"]);
    }
}
