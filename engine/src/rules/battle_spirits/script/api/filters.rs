//! Filters on queries: cost, colour, family, BP, level …

use super::*;

pub(super) fn register_filters(e: &mut Engine) {
    use carddb::CardKind as K;
    macro_rules! filt {
        ($name:expr, $doc:expr, $f:expr) => {
            reg!(e, $name, ["q: Query"], $doc, move |q: Query| -> Query {
                q.with($f)
            });
        };
        ($name:expr, $arg:ty, $doc:expr, $f:expr) => {
            reg!(e, $name, ["q: Query", "x"], $doc, move |q: Query,
                                                          x: $arg|
                  -> Query {
                q.with($f(x))
            });
        };
    }
    filt!(
        "spirit_cards",
        "Only spirit cards (and braves).",
        Filter::Kind(vec![K::Spirit, K::Brave])
    );
    filt!(
        "magic_cards",
        "Only magic cards.",
        Filter::Kind(vec![K::Magic])
    );
    filt!(
        "nexus_cards",
        "Only nexus cards.",
        Filter::Kind(vec![K::Nexus])
    );
    filt!(
        "ultimate_cards",
        "Only ultimate cards.",
        Filter::Kind(vec![K::Ultimate])
    );
    filt!("bp_at_most", i64, "BP ≤ x (field cards).", Filter::BpAtMost);
    filt!(
        "bp_at_least",
        i64,
        "BP ≥ x (field cards).",
        Filter::BpAtLeast
    );
    filt!("cost_at_most", i64, "Cost ≤ x.", Filter::CostAtMost);
    filt!("cost_at_least", i64, "Cost ≥ x.", Filter::CostAtLeast);
    filt!(
        "ascend_cost_at_least",
        i64,
        "Cost ≥ x as an Ascend reads it: a card with `ascend_cost_as` counts as that cost (keyword rulings K1-K3).",
        Filter::AscendCostAtLeast
    );
    filt!("cost_is", i64, "Cost = x.", |x| Filter::CostIn(vec![x]));
    filt!(
        "cost_in",
        Array,
        "Cost is one of the listed numbers.",
        |a: Array| Filter::CostIn(a.iter().filter_map(|d| d.as_int().ok()).collect())
    );
    filt!(
        "family",
        Array,
        "Belongs to any of the families (spirit types).",
        |a: Array| Filter::Family(a.iter().map(|d| d.to_string()).collect())
    );
    filt!(
        "name_contains",
        ImmutableString,
        "Card name contains the text.",
        |s: ImmutableString| Filter::NameContains(s.to_string())
    );
    filt!(
        "named",
        ImmutableString,
        "A card with exactly that name.",
        |s: ImmutableString| Filter::Named(s.to_string())
    );
    filt!("symbols", i64, "Exactly n symbols.", Filter::Symbols);
    filt!("cores", i64, "Exactly n cores on it.", Filter::Cores);
    filt!(
        "cores_at_most",
        i64,
        "n or fewer cores on it.",
        Filter::CoresAtMost
    );
    filt!(
        "cores_at_least",
        i64,
        "n or more cores on it.",
        Filter::CoresAtLeast
    );
    filt!("level", i64, "At level n.", Filter::Level);
    filt!(
        "colours_is",
        i64,
        "Has exactly n colours (printed, its braves', gained).",
        Filter::ColoursIs
    );
    filt!(
        "colours_at_least",
        i64,
        "Has n or more colours (printed, its braves', gained).",
        Filter::ColoursAtLeast
    );
    filt!(
        "level_at_least",
        i64,
        "At level n or higher.",
        Filter::LevelAtLeast
    );
    filt!(
        "has_keyword",
        ImmutableString,
        "Has the keyword (printed or gained).",
        |s: ImmutableString| Filter::HasKeyword(vec![s.to_string()], true)
    );
    filt!(
        "has_keyword",
        Array,
        "Has any of the keywords (printed or gained; names compared case-insensitively).",
        |a: Array| Filter::HasKeyword(a.iter().map(|k| k.to_string()).collect(), true)
    );
    filt!(
        "lacks_keyword",
        ImmutableString,
        "Lacks the keyword.",
        |s: ImmutableString| Filter::HasKeyword(vec![s.to_string()], false)
    );
    filt!(
        "has_effect",
        ImmutableString,
        "Has an effect with that timing label.",
        |s: ImmutableString| Filter::HasEffect(s.to_string())
    );
    filt!(
        "exhausted",
        "Exhausted (heavily exhausted included, BS-13.4).",
        Filter::Exhausted(true)
    );
    filt!("refreshed", "Refreshed.", Filter::Exhausted(false));
    filt!("attacking", "The attacking card.", Filter::Attacking);
    filt!(
        "summoned_this_turn",
        "Came onto the field during this turn (summoned, or put there by an effect).",
        Filter::SummonedThisTurn
    );
    filt!("blocking", "The blocking card.", Filter::Blocking);
    filt!(
        "attacking_or_blocking",
        "The attacking or blocking card.",
        Filter::AttackingOrBlocking
    );
    filt!(
        "not_attacking",
        "Not the attacking card.",
        Filter::NotAttacking
    );
    filt!(
        "no_effects",
        "Cards with no effect text.",
        Filter::NoEffects
    );
    filt!(
        "has_soul_core",
        "The soul core is on it.",
        Filter::SoulCore(true)
    );
    filt!(
        "no_soul_core",
        "The soul core is not on it.",
        Filter::SoulCore(false)
    );
    filt!(
        "not_being_destroyed",
        "Not being destroyed now: a card whose destruction is in progress (its \"when destroyed\" effects resolving) is no legal target of another destruction (BS-6.6). Card text's \"select … and destroy it\" chooses with it.",
        Filter::NotBeingDestroyed
    );
    filt!(
        "bp_below_attacker",
        "BP lower than the attacking spirit's in the current battle, read when the query is (a block about to be declared: \"cannot be blocked by spirits with fewer BP than them\", BS-6.3); no battle: none.",
        Filter::BpBelowAttacker
    );
    filt!(
        "shares_field_symbol_colour",
        "Has a colour of one of the symbols on its owner's field (a multi-colour symbol counts as each of its colours).",
        Filter::SharesFieldSymbolColour(true)
    );
    filt!(
        "lacks_field_symbol_colour",
        "Has no colour of any symbol on its owner's field: \"magic cards in their hand that do not share a color with any of the symbols on their field\".",
        Filter::SharesFieldSymbolColour(false)
    );
    reg!(
        e,
        "colour",
        ["q: Query", "colour: &str"],
        "Has the colour (red purple green white yellow blue).",
        |q: Query, c: &str| -> R<Query> {
            let col = carddb::Colour::ALL
                .iter()
                .copied()
                .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
                .ok_or_else(|| err(format!("unknown colour {c:?}")))?;
            Ok(q.with(Filter::Colour(col)))
        }
    );
    reg!(
        e,
        "other",
        ["q: Query"],
        "Excludes this card.",
        |q: Query| -> R<Query> { Ok(q.with(Filter::Other(this()?))) }
    );
    reg!(
        e,
        "except",
        ["q: Query", "other: Query"],
        "Only cards the other query does not match, read wherever the card is (its player, kind and filters): `except(revealed(), all_field().named(\"X\"))` is \"other than X\".",
        |q: Query, other: Query| q.with(Filter::Except(Box::new(other)))
    );
    reg!(
        e,
        "cost_total",
        ["targets"],
        "The sum of the cards' costs (BS-9.2: a braved card's includes its braves'): \"a number of cards equal to that spirit's cost\".",
        |t: Dynamic| -> R<i64> {
            let cs = targets(&t)?;
            with_ref(|g, _| cs.into_iter().map(|c| i64::from(g.cost_of(c))).sum())
        }
    );
    reg!(
        e,
        "blocking_one_of",
        ["q: Query", "attacker: Query"],
        "BS-6.3: only the blocking spirit, and only while the spirit it blocks matches `attacker` (\"that is blocking one of your Dragon spirits\").",
        |q: Query, other: Query| q.with(Filter::BlockingOneOf(Box::new(other)))
    );
    reg!(
        e,
        "blocked_by_one_of",
        ["q: Query", "blocker: Query"],
        "BS-6.3: only the attacking spirit, and only while its blocker matches `blocker` (\"that is being blocked by one of your spirits with Curse\").",
        |q: Query, other: Query| q.with(Filter::BlockedByOneOf(Box::new(other)))
    );
    filt!(
        "cost_most",
        "Only the matching cards of the highest cost (BS-9.2: braves' costs included); ties all stay: \"their spirit that costs the most\".",
        Filter::CostExtreme(true)
    );
    filt!(
        "cost_least",
        "Only the matching cards of the lowest cost; ties all stay: \"the spirit that costs the least\".",
        Filter::CostExtreme(false)
    );
    reg!(
        e,
        "costs",
        ["targets"],
        "The costs of the cards (a query, or chosen cards), as an array (BS-9.2: a braved card's cost includes its braves'), for `cost_in` (\"with the same cost as any of your spirits\").",
        |t: Dynamic| -> R<Array> {
            let cs = targets(&t)?;
            with_ref(|g, _| {
                cs.into_iter()
                    .map(|c| Dynamic::from(i64::from(g.cost_of(c))))
                    .collect()
            })
        }
    );
    reg!(
        e,
        "families",
        ["targets"],
        "The families (spirit types) of the cards, printed and gained, each once, as an array, for `family` (\"with one or more of the same spirit type as that spirit\").",
        |t: Dynamic| -> R<Array> {
            let cs = targets(&t)?;
            with_ref(|g, _| {
                let mut out: Vec<String> = Vec::new();
                for c in cs {
                    for f in g.families_of(c) {
                        if !out.iter().any(|x| x.eq_ignore_ascii_case(&f)) {
                            out.push(f);
                        }
                    }
                }
                out.into_iter().map(Dynamic::from).collect()
            })
        }
    );
    reg!(
        e,
        "union",
        ["a", "b"],
        "The cards of both (queries or arrays of cards), each once, as an array: \"that spirit and all of your spirits with …\".",
        |a: Dynamic, b: Dynamic| -> R<Array> {
            let mut cs = targets(&a)?;
            for c in targets(&b)? {
                if !cs.contains(&c) {
                    cs.push(c);
                }
            }
            Ok(to_array(cs))
        }
    );
    reg!(
        e,
        "tokens",
        ["q: Query"],
        "Only tokens (keyword rulings K27–K31: spirits made by `summon_token`).",
        |q: Query| q.with(Filter::Token(true))
    );
    reg!(
        e,
        "not_tokens",
        ["q: Query"],
        "Only cards that are not tokens.",
        |q: Query| q.with(Filter::Token(false))
    );
    reg!(
        e,
        "count",
        ["q: Query"],
        "Number of matching cards.",
        |q: Query| -> R<i64> { with_ref(|g, _| q.eval(g).len() as i64) }
    );
    reg!(
        e,
        "bp",
        ["q: Query"],
        "BP of the first matching card (0 if none).",
        |q: Query| -> R<i64> {
            let c = first_card(&q);
            Ok(match c {
                Ok(c) => with_ref(|g, _| i64::from(g.bp(c)))?,
                Err(_) => 0,
            })
        }
    );
    reg!(
        e,
        "cost",
        ["q: Query"],
        "Printed cost of the first matching card (0 if none): \"that costs less than the destroyed spirit\" reads `cost(event_cards())`.",
        |q: Query| -> R<i64> {
            let c = first_card(&q);
            Ok(match c {
                Ok(c) => with_ref(|g, _| i64::from(g.def_of(c).cost))?,
                Err(_) => 0,
            })
        }
    );
    reg!(
        e,
        "level",
        ["q: Query"],
        "Level of the first matching card (0 if none).",
        |q: Query| -> R<i64> {
            let c = first_card(&q);
            Ok(match c {
                Ok(c) => with_ref(|g, _| g.level(c).map_or(0, i64::from))?,
                Err(_) => 0,
            })
        }
    );
    reg!(
        e,
        "is_exhausted",
        ["q: Query"],
        "Whether the first matching card is exhausted.",
        |q: Query| -> R<bool> {
            let c = first_card(&q)?;
            with_ref_noting(|g, rc| (g.is_exhausted(c), this_or_any(rc, c, READ_EXHAUSTED_THIS)))
        }
    );
    reg!(
        e,
        "has_soul_core_now",
        ["q: Query"],
        "Whether the soul core is on the first matching card.",
        |q: Query| -> R<bool> {
            let c = first_card(&q)?;
            with_ref_noting(|g, rc| (g.soul_on(c), this_or_any(rc, c, READ_SOUL_THIS)))
        }
    );
    reg!(
        e,
        "bp",
        ["c: Card"],
        "BP of a card.",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| i64::from(g.bp(c))) }
    );
    reg!(
        e,
        "level",
        ["c: Card"],
        "Level of a card (0 off the field).",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| g.level(c).map_or(0, i64::from)) }
    );
    reg!(
        e,
        "cost",
        ["c: Card"],
        "Printed cost of a card.",
        |c: InstanceId| -> R<i64> { with_ref(|g, _| i64::from(g.def_of(c).cost)) }
    );
    reg!(
        e,
        "name",
        ["c: Card"],
        "English name of a card.",
        |c: InstanceId| -> R<String> { with_ref(|g, _| g.name(c).to_string()) }
    );
}
