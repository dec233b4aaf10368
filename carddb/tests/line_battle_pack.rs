//! The original line-battle demo pack (`scripts/line-battle-demo/`): it loads and
//! builds, holds at least 30 creatures, 3 masters and 2 decks legal in the line-battle
//! format (LB-0.1), uses every timing label of the line battle, reads every text effect
//! through its own phrases, and its rhai calls only the line battle's script functions.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use carddb::validate::line_battle;
use carddb::{CardDef, CardKind, Catalogue, DeckFormat, GameKind, Line, Pack};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/line-battle-demo")
}

fn pack() -> Pack {
    Pack::load(&dir()).unwrap_or_else(|e| panic!("the demo pack loads:\n{e}"))
}

/// The script functions of the line battle (the lb-rules / lb-pack contract of).
const CONTRACT: [&str; 25] = [
    "draw",
    "gain_lp",
    "damage_master",
    "gain_dp",
    "at_plus",
    "df_plus",
    "sh_plus",
    "destroy",
    "cancel_order",
    "pass_through",
    "my_creatures",
    "opponent_creatures",
    "my_attack_line",
    "my_defense_line",
    "opponent_attack_line",
    "opponent_defense_line",
    "attack_target",
    "at",
    "df",
    "sh",
    "choose_target",
    "may",
    "lp",
    "opponent_lp",
    "this_card",
];

/// rhai's own functions and array methods the pack uses.
const RHAI: [&str; 3] = ["type_of", "len", "push"];

/// Every name called in `source` (`name(`), skipping comments and strings.
fn calls(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut in_string = false;
        let mut word = String::new();
        for ch in code.chars() {
            if ch == '"' {
                in_string = !in_string;
                word.clear();
            } else if in_string {
            } else if ch.is_alphanumeric() || ch == '_' {
                word.push(ch);
            } else {
                if ch == '(' && !word.is_empty() && !["if", "for", "while"].contains(&&*word) {
                    out.insert(word.clone());
                }
                word.clear();
            }
        }
    }
    out
}

fn unknown_calls(source: &str) -> Vec<String> {
    calls(source)
        .into_iter()
        .filter(|c| !CONTRACT.contains(&c.as_str()) && !RHAI.contains(&c.as_str()))
        .collect()
}

fn creatures(p: &Pack) -> Vec<&CardDef> {
    p.cards
        .iter()
        .map(|c| &c.def)
        .filter(|c| c.kind == CardKind::Creature)
        .collect()
}

#[test]
fn the_demo_pack_loads_with_its_counts_and_builds_a_catalogue() {
    let p = pack();
    assert_eq!(p.manifest.game, GameKind::LineBattle);
    let creatures = creatures(&p);
    let masters: Vec<&CardDef> = p
        .cards
        .iter()
        .map(|c| &c.def)
        .filter(|c| c.kind == CardKind::Master)
        .collect();
    assert!(creatures.len() >= 30, "{} creatures", creatures.len());
    assert_eq!(
        creatures.len() + masters.len(),
        p.cards.len(),
        "no other kind"
    );
    // LB-0.1: each master's LP from its card; the three differ (18, 20, 22).
    let mut lps: Vec<u32> = masters
        .iter()
        .map(|m| m.master.as_ref().and_then(|s| s.lp).expect("an LP"))
        .collect();
    lps.sort();
    assert_eq!(lps, [18, 20, 22]);
    assert_eq!(p.decks.len(), 2);
    let tmp = tempfile::tempdir().unwrap();
    let (cat, report) = Catalogue::build(&[p], &tmp.path().join("lb.sqlite")).unwrap();
    assert_eq!(cat.game().unwrap(), GameKind::LineBattle);
    // No Saga base pack in a line-battle catalogue: one pack, no keyword rows.
    assert_eq!(report.packs.len(), 1, "{:?}", report.packs);
    assert_eq!(cat.keywords().unwrap().len(), 0);
    assert_eq!(cat.decks().unwrap().len(), 2);
}

#[test]
fn both_decks_are_legal_line_battle_decks_with_one_master() {
    let p = pack();
    let cards: Vec<CardDef> = p.cards.iter().map(|c| c.def.clone()).collect();
    for d in &p.decks {
        let file = carddb::deck::DeckFile {
            deck: d.deck.clone(),
            files: p.files.clone(),
            rel: d.file.clone(),
        };
        let problems = carddb::deck::check(&file, &cards, &DeckFormat::line_battle());
        assert!(
            problems.is_empty(),
            "{}: {}",
            d.file,
            carddb::Diagnostics(problems)
        );
        // LB-0.1: the main deck is 40 cards (40–60 allowed), the master apart.
        assert_eq!(d.deck.len(), 40, "{}", d.file);
        let master = d.deck.master.as_ref().expect("a master line");
        let kind = cards.iter().find(|c| c.id == master.card).map(|c| c.kind);
        assert_eq!(kind, Some(CardKind::Master), "{}", d.file);
        // The same deck is not legal for Battle Spirits (40 < 50, and a master line).
        assert!(!carddb::deck::check(&file, &cards, &DeckFormat::saga()).is_empty());
    }
}

#[test]
fn every_timing_label_of_the_line_battle_is_used() {
    let p = pack();
    let used: BTreeSet<&str> = p
        .cards
        .iter()
        .flat_map(|c| &c.def.effects)
        .filter_map(|e| e.timing.as_deref().and_then(line_battle::timing))
        .collect();
    let mains: BTreeSet<&str> = line_battle::TIMINGS.iter().map(|(_, m)| *m).collect();
    assert_eq!(used, mains);
    assert_eq!(
        mains.len(),
        7,
        "LB-0.3, LB-1.2, LB-2.2, LB-3.1, LB-4.6, LB-5.1"
    );
}

#[test]
fn creatures_spread_over_the_lines_and_the_numbers_of_lb3() {
    let p = pack();
    let cs = creatures(&p);
    let only = |l: Line| {
        cs.iter()
            .filter(|c| c.creature.as_ref().unwrap().lines == [l])
            .count()
    };
    let both = cs
        .iter()
        .filter(|c| c.creature.as_ref().unwrap().lines.len() == 2)
        .count();
    assert!(only(Line::Attack) >= 8, "attack-line creatures");
    assert!(only(Line::Defense) >= 8, "defense-line creatures");
    assert!(both >= 5, "creatures of either line");
    // LB-3.3: walls whose SH matters (SH 2 or more) and beaters that beat them.
    let walls = cs
        .iter()
        .filter(|c| c.creature.as_ref().unwrap().sh >= 2)
        .count();
    assert!(walls >= 5, "{walls} walls with SH 2+");
    let costs: BTreeSet<u32> = cs.iter().map(|c| c.cost).collect();
    assert!(
        costs.contains(&1) && costs.iter().any(|&c| c >= 6),
        "{costs:?}"
    );
}

#[test]
fn every_text_effect_reads_through_the_pack_phrases_into_line_battle_calls() {
    let p = pack();
    let entries = p
        .phrases
        .iter()
        .map(|ph| dsl::vocab::PhraseEntry {
            template: ph.def.template.clone(),
            rhai: ph.def.rhai.clone(),
            whole_effect: ph.def.whole_effect,
        })
        .collect();
    let vocab = dsl::Vocabulary::new(vec![], vec![], entries).expect("the phrases compile");
    let (mut from_text, mut scripted) = (0, 0);
    for card in &p.cards {
        for (i, e) in card.def.effects.iter().enumerate() {
            if e.script.is_some() || e.script_file.is_some() {
                scripted += 1;
                continue;
            }
            let text = &e.text["en"];
            let out = dsl::parse_en_with(text, &vocab);
            assert!(
                out.complete,
                "{} effect {i}: `{text}`: {:?}",
                card.def.id, out.unparsed
            );
            let rhai = dsl::compile::to_rhai(&out.effect, None);
            let unknown = unknown_calls(&rhai);
            assert!(
                unknown.is_empty(),
                "{} effect {i}: {unknown:?} in\n{rhai}",
                card.def.id
            );
            from_text += 1;
        }
    }
    // Most effects from card text, a few in rhai (choices and conditions).
    assert!(
        from_text >= 20 && scripted >= 5,
        "{from_text} from text, {scripted} scripted"
    );
    assert!(from_text > 2 * scripted);
}

#[test]
fn every_rhai_of_the_pack_calls_only_line_battle_functions() {
    let p = pack();
    let mut sources: Vec<(String, String)> = p
        .script_files()
        .map(|(path, s)| (path.to_string(), s.to_string()))
        .collect();
    sources.extend(
        p.phrases
            .iter()
            .map(|ph| (ph.def.template.clone(), ph.def.rhai.clone())),
    );
    for card in &p.cards {
        sources.extend(
            card.def
                .effects
                .iter()
                .filter_map(|e| e.script.clone())
                .map(|s| (card.def.id.clone(), s)),
        );
    }
    assert!(sources.len() >= 15, "{} rhai sources", sources.len());
    for (origin, source) in &sources {
        assert!(
            unknown_calls(source).is_empty(),
            "{origin}: {:?}",
            unknown_calls(source)
        );
    }
    // The scan itself sees a call that is not in the contract.
    assert_eq!(unknown_calls("summon(this_card()); // x(\n"), ["summon"]);
}
