//! One card described for people, shared by `explain` and the `?N` of a human prompt in
//! `play`: kind, cost, colours, level table, keywords with their meaning (from the packs'
//! keyword declarations), braved effects, each effect's timing and printed text, and, in a
//! game, the card's current level and BP. Also as JSON (`explain --json`).

use carddb::{CardDef, KeywordValue, LoadedKeyword};
use serde_json::{Value, json};

/// A card's state in a game: level (`None`: below its lowest), BP, cores, exhausted.
pub struct Live {
    pub level: Option<u8>,
    pub bp: u32,
    pub cores: u32,
    pub exhausted: bool,
}

fn value_words(v: &KeywordValue) -> String {
    match v {
        KeywordValue::Number(n) => n.to_string(),
        KeywordValue::Word(w) => w.clone(),
        KeywordValue::List(l) => l.iter().map(value_words).collect::<Vec<_>>().join(", "),
    }
}

fn levels_words(levels: &[u8]) -> String {
    if levels.is_empty() {
        return String::new();
    }
    let lv: Vec<String> = levels.iter().map(|l| format!("LV{l}")).collect();
    format!(" [{}]", lv.join(", "))
}

/// The meaning of keyword `name` as its declaring pack words it, if declared.
fn meaning<'a>(declared: &'a [LoadedKeyword], name: &str) -> Option<&'a str> {
    declared
        .iter()
        .find(|d| d.def.key() == name.to_lowercase())
        .map(|d| d.def.description.trim())
        .filter(|d| !d.is_empty())
}

/// The card in lines of plain words (no indentation on the first line).
pub fn lines(def: &CardDef, declared: &[LoadedKeyword], live: Option<&Live>) -> Vec<String> {
    let mut v = Vec::new();
    let colours: Vec<String> = def.colours.iter().map(|c| c.to_string()).collect();
    v.push(format!(
        "{} {} — {}, cost {}{}{}",
        def.id,
        def.name,
        def.kind,
        def.cost,
        if colours.is_empty() {
            String::new()
        } else {
            format!(", {}", colours.join("/"))
        },
        if def.families.is_empty() {
            String::new()
        } else {
            format!(", family {}", def.families.join("/"))
        }
    ));
    if !def.reduction.is_empty() {
        let r: Vec<String> = def
            .reduction
            .iter()
            .map(|(c, n)| format!("{n} {c}"))
            .collect();
        v.push(format!("  reduction symbols: {}", r.join(", ")));
    }
    // The line battle's numbers (LB-3) and the lines a creature stands in (LB-0.3).
    if let Some(c) = &def.creature {
        let lines: Vec<&str> = c
            .lines
            .iter()
            .map(|l| match l {
                carddb::Line::Attack => "attack",
                carddb::Line::Defense => "defense",
            })
            .collect();
        v.push(format!(
            "  AT {} · DF {} · SH {} · plays into the {} line",
            c.at,
            c.df,
            c.sh,
            lines.join(" or ")
        ));
    }
    if let Some(m) = &def.master {
        v.push(match m.lp {
            Some(lp) => format!("  master: {lp} LP (LB-0.1)"),
            None => "  master: the rules' default LP (LB-0.1)".into(),
        });
    }
    if !def.levels.is_empty() {
        let rows: Vec<String> = def
            .levels
            .iter()
            .map(|r| match r.bp {
                Some(bp) => format!("LV{} {} core(s) BP {bp}", r.level, r.cores),
                None => format!("LV{} {} core(s)", r.level, r.cores),
            })
            .collect();
        v.push(format!("  levels: {}", rows.join(" · ")));
    }
    if let Some(l) = live {
        v.push(format!(
            "  now: {} · BP {} · {} core(s) · {}",
            l.level
                .map_or("below LV1".to_string(), |l| format!("LV{l}")),
            l.bp,
            l.cores,
            if l.exhausted {
                "exhausted"
            } else {
                "refreshed"
            }
        ));
    }
    if let Some(b) = &def.brave {
        let c = &b.condition;
        let mut cond = Vec::new();
        match (c.min_cost, c.max_cost) {
            (Some(a), Some(z)) => cond.push(format!("cost {a}–{z}")),
            (Some(a), None) => cond.push(format!("cost {a} or more")),
            (None, Some(z)) => cond.push(format!("cost {z} or less")),
            (None, None) => {}
        }
        if !c.colours.is_empty() {
            let cs: Vec<String> = c.colours.iter().map(|x| x.to_string()).collect();
            cond.push(cs.join("/"));
        }
        if !c.families.is_empty() {
            cond.push(format!("family {}", c.families.join("/")));
        }
        v.push(format!(
            "  brave: goes onto a spirit{}; braved BP +{}",
            if cond.is_empty() {
                String::new()
            } else {
                format!(" ({})", cond.join(", "))
            },
            b.bp_bonus
        ));
    }
    for k in &def.keywords {
        v.push(format!(
            "  keyword {}{}{}{}",
            k.name,
            k.value
                .as_ref()
                .map(|x| format!(" {}", value_words(x)))
                .unwrap_or_default(),
            levels_words(&k.levels),
            meaning(declared, &k.name)
                .map(|m| format!(": {m}"))
                .unwrap_or_else(|| ": (no meaning declared by the packs)".into())
        ));
    }
    for (i, e) in def.effects.iter().enumerate() {
        let timing = e
            .timing
            .as_deref()
            .map(|t| format!("({t}) "))
            .unwrap_or_default();
        let text = e
            .text
            .get("en")
            .or_else(|| e.text.values().next())
            .map(|t| t.trim().to_string())
            .unwrap_or_else(|| "(no printed text)".into());
        let steps: String = e
            .steps
            .iter()
            .map(|s| format!("{} ", step_label(*s)))
            .collect();
        v.push(format!(
            "  effect {i}{}{}: {steps}{timing}{text}",
            levels_words(&e.levels),
            if e.braved { " [braved]" } else { "" }
        ));
    }
    v.extend(labels_explained(def));
    v
}

fn step_label(s: carddb::Step) -> &'static str {
    match s {
        carddb::Step::Main => "[Main]",
        carddb::Step::Flash => "[Flash]",
        carddb::Step::Burst => "[Burst]",
    }
}

/// What the labels on the card's effects mean, one line each, in the order first used:
/// [Main] (BS-5.5, BS-5.6), [Flash] (BS-5.6, BS-6.2), [Burst] (BS-5.8, BS-10.3) and
/// (While OC) (BS-13.3, with the card's own OC number).
fn labels_explained(def: &CardDef) -> Vec<String> {
    let mut seen: Vec<&str> = Vec::new();
    for e in &def.effects {
        for s in &e.steps {
            seen.push(step_label(*s));
        }
        if e.timing.as_deref().is_some_and(|t| t.contains("While OC")) {
            seen.push("(While OC)");
        }
    }
    let mut v = Vec::new();
    for (i, l) in seen.iter().enumerate() {
        if seen[..i].contains(l) {
            continue;
        }
        let meaning = match *l {
            "[Main]" => "used by paying the card's cost in your own main step only \
                         (BS-5.5, BS-5.6)"
                .to_string(),
            "[Flash]" => "used by paying the card's cost in your main step or at a flash \
                          timing of the attack step, either player's turn (BS-5.6, BS-6.2)"
                .to_string(),
            "[Burst]" => "set face down from the hand, one a turn; it works by itself, \
                          without its cost, as soon as its condition is met (BS-5.8, BS-10.3)"
                .to_string(),
            _ => match &def.over_count {
                Some(oc) => format!(
                    "works only while your count area holds {} or more cores (Over Count; \
                     then also BP +{}) (BS-13.3)",
                    oc.count, oc.bp_bonus
                ),
                None => {
                    "works only while your count meets the card's Over Count (BS-13.3)".to_string()
                }
            },
        };
        v.push(format!("  {l}: {meaning}"));
    }
    v
}

/// The same as [`lines`], as JSON: `{id, name, kind, cost, colours, families, levels:
/// [{level, cores, bp}], keywords: [{name, value, levels, meaning}], effects: [{timing,
/// levels, braved, text}], now?: {level, bp, cores, exhausted}}`.
pub fn json(def: &CardDef, declared: &[LoadedKeyword], live: Option<&Live>) -> Value {
    let mut j = json!({
        "id": def.id,
        "name": def.name,
        "kind": def.kind.to_string(),
        "cost": def.cost,
        "colours": def.colours.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "families": def.families,
        "levels": def.levels.iter().map(|r| json!({"level": r.level, "cores": r.cores, "bp": r.bp})).collect::<Vec<_>>(),
        "keywords": def.keywords.iter().map(|k| json!({
            "name": k.name,
            "value": k.value.as_ref().map(value_words),
            "levels": k.levels,
            "meaning": meaning(declared, &k.name),
        })).collect::<Vec<_>>(),
        "effects": def.effects.iter().map(|e| json!({
            "timing": e.timing,
            "levels": e.levels,
            "braved": e.braved,
            "text": e.text.get("en").or_else(|| e.text.values().next()),
        })).collect::<Vec<_>>(),
    });
    if let Some(b) = &def.brave {
        j["brave"] = json!({"bp_bonus": b.bp_bonus, "min_cost": b.condition.min_cost,
            "max_cost": b.condition.max_cost});
    }
    if let Some(c) = &def.creature {
        j["creature"] = json!({"at": c.at, "df": c.df, "sh": c.sh, "lines": c.lines});
    }
    if let Some(m) = &def.master {
        j["master"] = json!({"lp": m.lp});
    }
    if let Some(l) = live {
        j["now"] =
            json!({"level": l.level, "bp": l.bp, "cores": l.cores, "exhausted": l.exhausted});
    }
    j
}
