//! The yellow and purple demo cards: costs, levels and effects played (braves, an ultimate, a
//! burst, counts).

use super::*;

/// BS-5.8 / BS-10.1: P0 sets `id` from hand face down as the burst, in the main step.
fn set_burst(g: &mut Game, id: &str) -> InstanceId {
    let c = put(g, P0, id, Zone::Hand(P0), 0);
    must(g, Choice::SetBurst { card: c });
    assert_eq!(g.zone_of(c), Zone::Burst(P0));
    c
}

/// Answers every pending effect question with yes (activate the burst, pay its cost) or
/// the first option.
fn yes_to_all(g: &mut Game) {
    while decision(g).kind == DecisionKind::EffectChoice {
        let r = decision(g);
        let yes = r.is_legal(&Choice::Yes);
        must(
            g,
            if yes {
                Choice::Yes
            } else {
                r.options[0].choice.clone()
            },
        );
    }
}

// ---- yellow -----------------------------------------------------------------------------
// Boards: `scripts/battle-spirits-demo/tests/yellow.yaml`.

#[test]
fn demo_yellow_costs_and_levels() {
    assert_cost("DEMO-Y01", "DEMO-Y02", 1, (1, 1, 0));
    assert_levels("DEMO-Y01", &[(1, 1, 1000), (2, 2, 2000)]);
    assert_levels("DEMO-Y02", &[(1, 1, 2000), (3, 2, 4000)]);
    assert_cost("DEMO-Y03", "DEMO-Y01", 2, (3, 2, 1));
    assert_levels("DEMO-Y03", &[(1, 1, 3000), (3, 2, 5000), (5, 3, 7000)]);
    assert!(def("DEMO-Y03").has_burst());
    assert_cost("DEMO-Y07", "DEMO-Y01", 2, (3, 2, 1));
    assert_cost("DEMO-Y08", "DEMO-Y01", 2, (4, 2, 2));
    assert!(def("DEMO-Y08").has_burst()); // BS-10.6
}

#[test]
fn demo_y04_radiant_aegis_data_and_spirit_form_block() {
    let d = def("DEMO-Y04");
    let b = d.brave.as_ref().expect("a brave part"); // BS-9.1
    assert_eq!((b.bp_bonus, b.condition.max_cost), (2000, Some(4)));
    assert!(rhai_of("DEMO-Y04", 1).contains("draw(1)"));
    assert_cost("DEMO-Y04", "DEMO-Y01", 1, (2, 1, 1));
    assert_levels("DEMO-Y04", &[(1, 1, 2000), (2, 2, 4000)]);
    // Spirit form: blocking at level 1 it fights with 2000 + 3000.
    let mut g = game(&["DEMO-Y04"]);
    let b = put(&mut g, P0, "DEMO-Y04", Zone::Field(P0), 1);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1); // 4000
    must(&mut g, Choice::EndMain);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    must(&mut g, Choice::Block { blocker: b });
    assert_eq!(g.bp(b), 5000);
    pass_flashes(&mut g);
    assert_eq!(g.zone_of(a), Zone::Trash(P1)); // BS-6.6
}

#[test]
fn demo_y04_radiant_aegis_braved_draws_when_the_host_attacks() {
    let mut g = game(&["DEMO-Y04", "DEMO-B02", "DEMO-B05"]);
    to_p1_main(&mut g);
    let host = put(&mut g, P1, "DEMO-B02", Zone::Field(P1), 1); // blue, cost 2
    let big = put(&mut g, P1, "DEMO-B05", Zone::Field(P1), 1); // blue, cost 5
    let b = put(&mut g, P1, "DEMO-Y04", Zone::Field(P1), 1);
    // BS-9.1: "a yellow or blue spirit of cost 4 or less".
    assert!(!decision(&mut g).is_legal(&Choice::Brave {
        brave: b,
        host: big
    }));
    must(&mut g, Choice::Brave { brave: b, host });
    assert_eq!(g.bp(host), 2000 + 2000); // BS-9.2
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: host });
    assert_eq!(hand(&g, P1), h + 1, "the braved effect: draw 1");
}

#[test]
fn demo_y04_radiant_aegis_spirit_form_attack_draws_nothing() {
    let mut g = game(&["DEMO-Y04"]);
    to_p1_main(&mut g);
    let b = put(&mut g, P1, "DEMO-Y04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let h = hand(&g, P1);
    must(&mut g, Choice::Attack { attacker: b });
    assert_eq!(hand(&g, P1), h, "BS-9.2: braved effects work only braved");
}

#[test]
fn demo_y05_solar_archon_needs_a_yellow_spirit_and_starts_at_level_3() {
    // BS-12.1: no yellow spirit on the field — it cannot be summoned.
    let mut g = game(&["DEMO-Y05", "DEMO-Y01"]);
    give_reserve(&mut g, P0, 10);
    put(&mut g, P0, "R-03", Zone::Field(P0), 1);
    let u = put(&mut g, P0, "DEMO-Y05", Zone::Hand(P0), 0);
    let r = decision(&mut g);
    assert!(!r.is_legal(&Choice::Summon { card: u }), "BS-12.1");
    // With Glimmer Moths (yellow spirits, 1 symbol each) it can; 3 symbols reduce 3.
    let mut g = game(&["DEMO-Y05", "DEMO-Y01"]);
    let (c, paid) = play_with_symbols(&mut g, "DEMO-Y05", "DEMO-Y01", 3);
    assert_eq!(paid, (6, 3, 3)); // BS-5.2
    // BS-12.2: placed at level 3 with 1 core.
    assert_eq!((g.cores_on(c), g.level(c), g.bp(c)), (1, Some(3), 7000));
    assert_levels("DEMO-Y05", &[(1, 3, 7000), (3, 4, 9000), (5, 5, 12000)]);
    // BS-12.4: its symbol is an ultimate symbol.
    assert_eq!(def("DEMO-Y05").symbols.ultimate, 1);
}

#[test]
fn demo_y05_solar_archon_ultimate_trigger() {
    // BS-12.5: attacking, the top card of P0's deck goes to the trash; if its cost is
    // below 6 (a hit) one of P0's spirits is destroyed, else (a guard) nothing happens.
    let (mut hits, mut guards) = (0, 0);
    for seed in 1..=40 {
        let mut g = game_with(&["DEMO-Y05"], &[], seed);
        g.set_strict_scripts(true);
        let victim = put(&mut g, P0, "R-06", Zone::Field(P0), 1);
        to_p1_main(&mut g);
        let a = put(&mut g, P1, "DEMO-Y05", Zone::Field(P1), 1);
        must(&mut g, Choice::EndMain);
        let mark = g.log().len();
        must(&mut g, Choice::Attack { attacker: a });
        let top = milled(&g, P0, mark);
        assert_eq!(top.len(), 1, "seed {seed}");
        let hit = g.def_of(top[0]).cost < 6;
        let expect = if hit {
            Zone::Trash(P0)
        } else {
            Zone::Field(P0)
        };
        assert_eq!(g.zone_of(victim), expect, "seed {seed}");
        if hit { hits += 1 } else { guards += 1 }
    }
    assert!(
        hits > 0 && guards > 0,
        "both outcomes seen: {hits} hits, {guards} guards"
    );
}

#[test]
fn demo_y06_prism_sanctum_pumps_ultimates_only_in_your_turn() {
    assert_cost("DEMO-Y06", "DEMO-Y01", 1, (3, 1, 2));
    assert_levels("DEMO-Y06", &[(0, 1, 0), (2, 2, 0)]);
    // Script effects/DEMO-Y06.rhai (BS-12.3: only effects naming ultimates reach them).
    let mut g = game(&["DEMO-Y06", "DEMO-Y05", "DEMO-Y01"]);
    g.set_strict_scripts(true);
    put(&mut g, P0, "DEMO-Y06", Zone::Field(P0), 0);
    let u = put(&mut g, P0, "DEMO-Y05", Zone::Field(P0), 1);
    let s = put(&mut g, P0, "DEMO-Y01", Zone::Field(P0), 1);
    assert_eq!((g.bp(u), g.bp(s)), (7000 + 1000, 1000));
    to_p1_main(&mut g);
    assert_eq!(g.bp(u), 7000, "not during the opponent's turn");
}

#[test]
fn demo_y08_sunflare_judgment_bursts_after_life_is_reduced() {
    // BS-6.5.1 / BS-10.3: an unblocked attack takes 1 life, the burst gives 1 back; paying
    // its cost (BS-10.4) destroys the 4000 BP attacker.
    let mut g = game(&["DEMO-Y08"]);
    set_burst(&mut g, "DEMO-Y08");
    give_reserve(&mut g, P0, 4);
    to_p1_main(&mut g);
    let a = put(&mut g, P1, "B-04", Zone::Field(P1), 1);
    must(&mut g, Choice::EndMain);
    let life = g.life(P0);
    must(&mut g, Choice::Attack { attacker: a });
    pass_flashes(&mut g);
    if decision(&mut g).kind == DecisionKind::BlockOrNot {
        must(&mut g, Choice::NoBlock);
    }
    yes_to_all(&mut g);
    assert_eq!(g.life(P0), life - 1 + 1);
    assert_eq!(g.zone_of(a), Zone::Trash(P1));
}

// ---- purple -----------------------------------------------------------------------------

#[test]
fn demo_p01_gravebloom_imp_cost_and_levels() {
    assert_cost("DEMO-P01", "DEMO-P02", 1, (1, 1, 0));
    assert_levels("DEMO-P01", &[(1, 1, 1000), (3, 2, 3000)]);
    assert_eq!(def("DEMO-P01").effects[0].text["en"], "Count +1.");
}

#[test]
fn demo_p02_ossuary_seer_cost_and_levels() {
    assert_cost("DEMO-P02", "DEMO-P01", 1, (2, 1, 1));
    assert_levels("DEMO-P02", &[(1, 1, 1000), (2, 2, 3000)]);
}

#[test]
fn demo_p03_hollow_lantern_cost_and_levels() {
    assert_cost("DEMO-P03", "DEMO-P01", 1, (2, 1, 1));
    assert_levels("DEMO-P03", &[(1, 1, 2000), (3, 2, 4000)]);
}

#[test]
fn demo_p04_dusk_warden_cost_and_levels() {
    assert_cost("DEMO-P04", "DEMO-P01", 2, (4, 2, 2));
    assert_levels("DEMO-P04", &[(1, 1, 3000), (3, 2, 5000), (5, 3, 7000)]);
}

#[test]
fn demo_p05_nightglass_revenant_cost_levels_and_oc_data() {
    assert_cost("DEMO-P05", "DEMO-P01", 2, (4, 2, 2));
    assert_levels("DEMO-P05", &[(1, 1, 4000), (3, 2, 6000)]);
    let oc = def("DEMO-P05").over_count.expect("an OC condition"); // BS-13.3
    assert_eq!((oc.count, oc.bp_bonus), (3, 3000));
}

#[test]
fn demo_p06_tally_of_bones_cost() {
    assert_cost("DEMO-P06", "DEMO-P01", 1, (2, 1, 1));
}

#[test]
fn demo_p07_veil_of_dread_cost() {
    assert_cost("DEMO-P07", "DEMO-P01", 2, (3, 2, 1));
}

#[test]
fn demo_p08_cryptgate_spire_counts_purple_spirits_up_to_2() {
    assert_levels("DEMO-P08", &[(0, 1, 0), (2, 2, 0)]);
    // Script effects/DEMO-P08.rhai (BS-5.4 when deployed, BS-13.2 count).
    for (purple, expect) in [(0u32, 0u32), (1, 1), (3, 2)] {
        let mut g = game(&["DEMO-P08", "DEMO-P01", "DEMO-P02"]);
        g.set_strict_scripts(true);
        give_reserve(&mut g, P0, 5);
        put(&mut g, P0, "R-03", Zone::Field(P0), 1); // red: does not count
        for k in 0..purple {
            let id = if k < 2 { "DEMO-P01" } else { "DEMO-P02" };
            put(&mut g, P0, id, Zone::Field(P0), 1);
        }
        let n = put(&mut g, P0, "DEMO-P08", Zone::Hand(P0), 0);
        play(&mut g, n);
        // BS-5.2: cost 3, purple reduction 1, capped by the purple symbols.
        assert_eq!(played(&g, n), (3, purple.min(1), 3 - purple.min(1)));
        assert_eq!(count_area(&g, P0), expect, "{purple} purple spirit(s)");
    }
}

#[test]
fn demo_p09_ledger_of_the_lost_spends_the_count_to_draw() {
    assert_cost("DEMO-P09", "DEMO-P01", 2, (3, 2, 1));
    // Script effects/DEMO-P09.rhai: count 3 → 0, draw 3 (BS-13.2).
    let mut g = game_with(&["DEMO-P09"], &[count_helper(3)], 7);
    g.set_strict_scripts(true);
    give_reserve(&mut g, P0, 5);
    let h = put(&mut g, P0, "T-COUNT", Zone::Hand(P0), 0);
    play(&mut g, h);
    assert_eq!(count_area(&g, P0), 3);
    let m = put(&mut g, P0, "DEMO-P09", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, m);
    assert_eq!(count_area(&g, P0), 0);
    assert_eq!(hand(&g, P0), before - 1 + 3);
    // With an empty count area it draws nothing.
    let mut g = game(&["DEMO-P09"]);
    g.set_strict_scripts(true);
    give_reserve(&mut g, P0, 5);
    let m = put(&mut g, P0, "DEMO-P09", Zone::Hand(P0), 0);
    let before = hand(&g, P0);
    play(&mut g, m);
    assert_eq!(hand(&g, P0), before - 1);
}
