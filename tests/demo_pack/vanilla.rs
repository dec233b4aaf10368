//! The demo's vanilla spirits (no effect): each one's payment with reduction (BS-5.2) and level
//! table (BS-5.1, BS-5.3).

use super::*;

/// A card with no effect: its payment with full reduction (BS-5.2) and its level table.
macro_rules! vanilla {
    ($name:ident, $id:literal, $sym:literal x $n:literal => $cost:literal - $red:literal = $paid:literal,
     [$(($cores:literal, $lv:literal, $bp:literal)),* $(,)?]) => {
        #[test]
        fn $name() {
            // BS-5.2 steps 1-5: cost − min(reduction, symbols on the field).
            assert_cost($id, $sym, $n, ($cost, $red, $paid));
            // BS-5.1 / BS-5.3: level table.
            assert_levels($id, &[$(($cores, $lv, $bp)),*]);
            assert!(def($id).effects.is_empty());
        }
    };
}

vanilla!(demo_r01_cinder_pup, "DEMO-R01", "DEMO-R09" x 1 => 1 - 1 = 0, [(1, 1, 1000), (3, 2, 3000)]);
vanilla!(demo_r03_ashwing_hatchling, "DEMO-R03", "DEMO-R09" x 2 => 2 - 2 = 0,
    [(1, 1, 1000), (2, 2, 3000), (4, 3, 5000)]);
vanilla!(demo_r05_emberscale_raptor, "DEMO-R05", "DEMO-R09" x 1 => 3 - 1 = 2,
    [(1, 1, 2000), (3, 2, 5000), (5, 3, 7000)]);
vanilla!(demo_r06_magma_tortoise, "DEMO-R06", "DEMO-R09" x 2 => 4 - 2 = 2, [(1, 1, 4000), (4, 2, 6000)]);
vanilla!(demo_r08_cindercrown_wyrm, "DEMO-R08", "DEMO-R09" x 3 => 6 - 3 = 3,
    [(1, 1, 6000), (4, 2, 9000), (6, 3, 12000)]);
vanilla!(demo_r09_sparkling_squire, "DEMO-R09", "DEMO-R01" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 2000)]);
vanilla!(demo_r10_bellows_knight, "DEMO-R10", "DEMO-R09" x 2 => 4 - 2 = 2,
    [(1, 1, 4000), (3, 2, 6000), (4, 3, 8000)]);
vanilla!(demo_g01_moss_sprite, "DEMO-G01", "DEMO-G09" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 3000)]);
vanilla!(demo_g02_thornback_beetle, "DEMO-G02", "DEMO-G01" x 1 => 2 - 1 = 1, [(1, 1, 2000), (3, 2, 4000)]);
vanilla!(demo_g04_canopy_stalker, "DEMO-G04", "DEMO-G01" x 2 => 3 - 2 = 1, [(1, 1, 3000), (3, 2, 5000)]);
vanilla!(demo_g06_bramble_elk, "DEMO-G06", "DEMO-G01" x 1 => 4 - 1 = 3,
    [(1, 1, 4000), (3, 2, 6000), (5, 3, 8000)]);
vanilla!(demo_g07_hive_matron_quillis, "DEMO-G07", "DEMO-G01" x 3 => 5 - 3 = 2,
    [(1, 1, 4000), (3, 2, 7000), (5, 3, 9000)]);
vanilla!(demo_g08_elder_oakheart, "DEMO-G08", "DEMO-G01" x 3 => 6 - 3 = 3,
    [(1, 1, 6000), (4, 2, 8000), (6, 3, 11000)]);
vanilla!(demo_g09_dewdrop_larva, "DEMO-G09", "DEMO-G01" x 1 => 1 - 1 = 0, [(1, 1, 1000), (3, 2, 3000)]);
vanilla!(demo_g10_vine_sentinel, "DEMO-G10", "DEMO-G01" x 2 => 4 - 2 = 2,
    [(1, 1, 3000), (2, 2, 5000), (4, 3, 7000)]);
vanilla!(demo_b01_brinepup_scout, "DEMO-B01", "DEMO-B02" x 1 => 1 - 1 = 0, [(1, 1, 1000), (2, 2, 3000)]);

#[test]
fn bs_5_2_partial_reduction_pays_the_difference() {
    // BS-5.2.1: the reduction is capped by the symbols on the field: Cindercrown Wyrm
    // (cost 6, 3 red reduction) with 1 red symbol pays 5, with none pays 6; a green
    // symbol reduces nothing of a red cost.
    assert_cost("DEMO-R08", "DEMO-R09", 1, (6, 1, 5));
    assert_cost("DEMO-R08", "DEMO-R09", 0, (6, 0, 6));
    assert_cost("DEMO-R08", "DEMO-G01", 3, (6, 0, 6));
}
