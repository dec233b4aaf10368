//! Card faces in the views a client receives (`docs/protocol.md` "Card faces"), through
//! `cardscript serve`'s API: a whole game of each game (P1 human, a seeded pick each
//! decision, against the greedy P2). At every decision the view's `faces` holds exactly
//! the cards the view shows — never a card only in the opponent's hand — and each face
//! says what the catalogue prints; the step (Battle Spirits) or phase (line battle) is
//! given.

#[path = "support/server.rs"]
mod server;

use std::collections::BTreeSet;

use serde_json::{Value, json};
use server::Server;

/// Plays a game to its end as P1 and calls `check` with each decision's view.
fn each_view(s: &Server, mut check: impl FnMut(&Value)) -> usize {
    let (code, r) = s.post(
        "/api/games",
        &json!({"seed": 3, "seats": ["human", "greedy"]}),
    );
    assert_eq!(code, 200, "{r}");
    let (id, token) = (r["id"].as_u64().unwrap(), r["tokens"][0].as_str().unwrap());
    let mut state = s.get_as(token, &format!("/api/games/{id}"));
    let (mut rng, mut decisions) = (3u64, 0);
    while state["over"] == false {
        check(&state["view"]);
        let n = state["decision"]["options"].as_array().unwrap().len() as u64;
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let body = json!({"id": (rng >> 33) % n});
        let (code, next) = s.post_as(token, &format!("/api/games/{id}/answer"), &body);
        assert_eq!(code, 200, "{next}");
        state = next;
        decisions += 1;
        assert!(decisions < 3000);
    }
    decisions
}

fn ids<'a>(list: &'a Value, key: Option<&str>) -> impl Iterator<Item = String> + 'a {
    let key = key.map(str::to_string);
    list.as_array().into_iter().flatten().map(move |c| {
        let v = match &key {
            Some(k) => &c[k.as_str()],
            None => c,
        };
        v.as_str().unwrap().to_string()
    })
}

#[test]
fn battle_spirits_views_carry_the_face_of_every_card_they_show() {
    let s = Server::start(&[]);
    let (mut levels_checked, mut steps) = (0, BTreeSet::new());
    let decisions = each_view(&s, |v| {
        let faces = v["faces"].as_object().expect("a view has faces");
        let mut shown = BTreeSet::new();
        for p in v["players"].as_array().unwrap() {
            shown.extend(ids(&p["hand"], Some("card")));
            shown.extend(ids(&p["field"], Some("card")));
            shown.extend(ids(&p["trash"], None));
        }
        let keys: BTreeSet<String> = faces.keys().cloned().collect();
        assert_eq!(keys, shown, "faces: exactly the cards the view shows");
        for c in v["players"][v["me"].as_u64().unwrap() as usize]["hand"]
            .as_array()
            .unwrap()
        {
            // BS-5.2 step 1: the printed cost.
            assert_eq!(faces[c["card"].as_str().unwrap()]["cost"], c["cost"]);
        }
        for p in v["players"].as_array().unwrap() {
            for c in p["field"].as_array().unwrap() {
                // BS-5.1: the face's level table is the card's.
                let f = &faces[c["card"].as_str().unwrap()];
                assert_eq!(
                    f["levels"].as_array().unwrap().len(),
                    c["levels"].as_array().unwrap().len()
                );
                levels_checked += 1;
                // BS-13.4: heavily exhausted is exhausted too.
                if c["heavily_exhausted"] == true {
                    assert_eq!(c["exhausted"], true);
                }
            }
        }
        steps.insert(v["step"].as_str().unwrap().to_string());
    });
    assert!(
        decisions > 20 && levels_checked > 0,
        "{decisions} {levels_checked}"
    );
    // BS-5 main step and BS-6 attack step were both seen, and the mulligan before turn 1.
    for step in ["mulligan", "main", "attack"] {
        assert!(steps.contains(step), "{steps:?}");
    }
}

#[test]
fn line_battle_views_carry_masters_creatures_and_the_phase() {
    let s = Server::start(&["--pack", "scripts/line-battle-demo"]);
    let mut phases = BTreeSet::new();
    let mut first = true;
    each_view(&s, |v| {
        let faces = v["faces"].as_object().expect("a view has faces");
        let mut shown = BTreeSet::new();
        for side in v["sides"].as_array().unwrap() {
            shown.insert(side["master"].as_str().unwrap().to_string());
            shown.extend(ids(&side["hand"], Some("card")));
            shown.extend(ids(&side["attack_line"], Some("card")));
            shown.extend(ids(&side["defense_line"], Some("card")));
            shown.extend(ids(&side["graveyard"], None));
        }
        let keys: BTreeSet<String> = faces.keys().cloned().collect();
        assert_eq!(keys, shown, "faces: exactly the cards the view shows");
        for side in v["sides"].as_array().unwrap() {
            let m = &faces[side["master"].as_str().unwrap()];
            assert_eq!(m["kind"], "master");
            // LB-0.1: a master starts at its printed LP (20 when it prints none).
            if first {
                assert_eq!(side["lp"], m.get("lp").cloned().unwrap_or(json!(20)));
            }
            for c in ids(&side["hand"], Some("card")) {
                // LB-3: a creature's face prints AT, DF and SH.
                let f = &faces[&c];
                assert!(
                    f["at"].is_u64() && f["df"].is_u64() && f["sh"].is_u64(),
                    "{f}"
                );
            }
        }
        first = false;
        phases.insert(v["phase"].as_str().unwrap().to_string());
    });
    // LB-1.1: orders are given in their own phase, after main 1.
    assert!(
        phases.contains("main 1") && phases.contains("orders"),
        "{phases:?}"
    );
}
