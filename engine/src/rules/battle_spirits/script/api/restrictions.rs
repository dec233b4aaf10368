//! Battle restrictions and value modifiers: blocking (BS-6.3), attacking (BS-6.1), levels
//! treated as another, families and symbols (BS-5.2 step 3). Each stores a modifier with its
//! duration (or is collected by a constant effect) that the rules read
//! (`rules/battle_spirits/restrict.rs`).

use super::*;
use crate::rules::battle_spirits::script::state::Protect;

/// A colour's name, any case (`"red"`) → the colour; errors on any other word.
pub(super) fn colour(c: &str) -> R<carddb::Colour> {
    carddb::Colour::ALL
        .iter()
        .copied()
        .find(|x| format!("{x:?}").eq_ignore_ascii_case(c))
        .ok_or_else(|| err(format!("unknown colour {c:?}")))
}

/// An array of colour names (any case) → the colours; errors on a non-string or an unknown word.
pub(super) fn colours(names: Array) -> R<Vec<carddb::Colour>> {
    names
        .into_iter()
        .map(|c| {
            let name = c
                .into_string()
                .map_err(|t| err(format!("a colour name, got {t}")))?;
            colour(&name)
        })
        .collect()
}

/// What a protection prevents (`Protect::parse`), or the error naming the words it takes.
fn protected_what(w: &str) -> R<Protect> {
    Protect::parse(w).ok_or_else(|| {
        err(format!(
            "what must be \"exhausted\", \"returned\", \"selected\", \"discarded\" or \"cores_removed\", got {w:?}"
        ))
    })
}

/// A `Protected` modifier on the targets: `what` the opponent's effects cannot do to them,
/// limited to cards of these kinds and colours, and matching `sources` (BS-8.1).
fn protect_from(
    t: &Dynamic,
    w: &str,
    ks: Array,
    cols: Array,
    sources: Option<Query>,
    d: &str,
) -> R<()> {
    let what = protected_what(w)?;
    let colours = colours(cols)?;
    let mut kinds = Vec::new();
    for k in ks {
        kinds.push(match k.into_string().as_deref() {
            Ok("magic") => carddb::CardKind::Magic,
            Ok("spirit") => carddb::CardKind::Spirit,
            Ok("nexus") => carddb::CardKind::Nexus,
            other => {
                return Err(err(format!(
                    "expected \"magic\", \"spirit\" or \"nexus\", got {other:?}"
                )));
            }
        });
    }
    let protector = me()?;
    modify(
        t,
        ModKind::Protected {
            what,
            protector,
            colours,
            kinds,
            sources,
        },
        d,
    )
}

fn level(n: i64) -> R<u8> {
    u8::try_from(n).ok().filter(|l| *l >= 1).ok_or_else(|| {
        err(format!(
            "a level must be between 1 and {}, got {n}",
            u8::MAX
        ))
    })
}

pub(super) fn register_restrictions(e: &mut Engine) {
    reg!(
        e,
        "can_block_while_exhausted",
        ["targets", "dur: &str"],
        "The cards may be declared as blockers while exhausted, any number of times (BS-6.3; rulings BSS01-130, BSS02-126).",
        |t: Dynamic, d: &str| modify(&t, ModKind::BlockWhileExhausted, d)
    );
    reg!(
        e,
        "can_block_while_exhausted_vs",
        ["targets", "q", "dur: &str"],
        "The cards may be declared as blockers while exhausted against the attackers the query matches when the block would be declared (BS-6.3: \"can block your opponent's spirits that cost 5 or fewer even if exhausted\"); against others only refreshed.",
        |t: Dynamic, q: Dynamic, d: &str| {
            let q = subject(&q)?;
            modify(&t, ModKind::BlockWhileExhaustedVs(q), d)
        }
    );
    reg!(
        e,
        "cannot_be_blocked",
        ["targets", "dur: &str"],
        "The cards cannot be blocked (BS-6.3): no block can be declared against them.",
        |t: Dynamic, d: &str| modify(&t, ModKind::CannotBeBlocked(None), d)
    );
    reg!(
        e,
        "cannot_be_blocked_by",
        ["targets", "q", "dur: &str"],
        "The cards cannot be blocked by cards matching the query when the block would be declared (BS-6.3; a block already declared stays, ruling ST02-003).",
        |t: Dynamic, q: Dynamic, d: &str| {
            let q = subject(&q)?;
            modify(&t, ModKind::CannotBeBlocked(Some(q)), d)
        }
    );
    reg!(
        e,
        "cannot_be_by_opponent",
        ["targets", "what: &str", "dur: &str"],
        "The cards cannot be \"exhausted\", \"returned\" (to hand or deck), \"selected\" or \"discarded\" (from the hand) by your opponent's effects, or cannot have their cores removed (\"cores_removed\", to any place: ruling C#45) by them; checked where each happens, a prevented one logs EffectInert (BS-8.1).",
        |t: Dynamic, w: &str, d: &str| {
            let what = protected_what(w)?;
            let protector = me()?;
            let colours = Vec::new();
            modify(
                &t,
                ModKind::Protected {
                    what,
                    protector,
                    colours,
                    kinds: Vec::new(),
                    sources: None,
                },
                d,
            )
        }
    );
    reg!(
        e,
        "cannot_be_by_opponent_colours",
        ["targets", "what: &str", "colours: Array", "dur: &str"],
        "The cards cannot be \"exhausted\", \"returned\", \"selected\", \"discarded\" or have their \"cores_removed\" by the effects of your opponent's cards (spirits, nexuses, magic …) of these colours (names, any case).",
        |t: Dynamic, w: &str, cols: Array, d: &str| {
            let what = protected_what(w)?;
            let colours = colours(cols)?;
            let protector = me()?;
            modify(
                &t,
                ModKind::Protected {
                    what,
                    protector,
                    colours,
                    kinds: Vec::new(),
                    sources: None,
                },
                d,
            )
        }
    );
    reg!(
        e,
        "cannot_be_by_opponent_cards",
        [
            "targets",
            "what: &str",
            "kinds: Array",
            "colours: Array",
            "dur: &str"
        ],
        "The cards cannot be \"exhausted\", \"returned\", \"selected\", \"discarded\" or have their \"cores_removed\" by the effects of your opponent's cards of these kinds (\"spirit\": spirits, ultimates and braves; \"nexus\"; \"magic\"; empty: any kind) and of these colours (empty: any colour): \"cannot be selected by the effects of your opponent's spirits\" (BS-8.1).",
        |t: Dynamic, w: &str, ks: Array, cols: Array, d: &str| {
            protect_from(&t, w, ks, cols, None, d)
        }
    );
    reg!(
        e,
        "cannot_be_by_opponent_sources",
        [
            "targets",
            "what: &str",
            "kinds: Array",
            "colours: Array",
            "sources",
            "dur: &str"
        ],
        "As `cannot_be_by_opponent_cards`, and only against the effects of cards the query `sources` matches when they act, wherever they are (its player, kind and filters): \"cannot be selected by the effects of your opponent's spirits with a \"Soul Core\" on them\" (BS-8.1).",
        |t: Dynamic, w: &str, ks: Array, cols: Array, q: Dynamic, d: &str| {
            let q = subject(&q)?;
            protect_from(&t, w, ks, cols, Some(q), d)
        }
    );
    reg!(
        e,
        "attack_tax",
        ["targets", "n: i64", "dur: &str"],
        "The cards cannot attack unless their controller pays n cores (reserve or field cards, BS-5.2 step 5; one decision per core) to declare the attack (BS-6.1).",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::AttackTax(nat(n, "n")?), d)
    );
    reg!(
        e,
        "attack_tax_own_cores",
        ["targets", "n: i64", "dur: &str"],
        "The cards cannot attack unless n cores are removed from them and placed into their controller's reserve as the attack is declared (BS-6.1; other cores before the soul core). A spirit left with too few cores is destroyed (BS-5.3) and does not attack (ruling ST02-016).",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::AttackCoresToReserve(nat(n, "n")?), d)
    );
    reg!(
        e,
        "cannot_play",
        ["targets", "dur: &str"],
        "The cards, in the hand (or tecoto), cannot be summoned, deployed or used (BS-5.1, BS-5.4, BS-5.5): no play option lists them — \"your opponent cannot use magic cards in their hand that …\".",
        |t: Dynamic, d: &str| modify(&t, ModKind::CannotBePlayed, d)
    );
    reg!(
        e,
        "summons_this_turn",
        ["q"],
        "How many times this turn a card the query matches (wherever it is now: its player, kind and filters) was summoned — from the hand or by an effect (BS-5.1): \"cannot summon a spirit that costs 4 or fewer more than once per turn\".",
        |q: Dynamic| -> R<i64> {
            let q = subject(&q)?;
            with_ref(|g, _| g.summons_this_turn(&q))
        }
    );
    reg!(
        e,
        "must_attack",
        ["targets", "dur: &str"],
        "The cards must attack if able: the attack step cannot end while one of them can attack (BS-6.1).",
        |t: Dynamic, d: &str| modify(&t, ModKind::MustAttack, d)
    );
    reg!(
        e,
        "attack_target",
        ["targets"],
        "\"Attack that spirit\" (rulings K16–K22): the opponent's spirit is declared the blocker of your attacking spirit's battle at once, even if exhausted (a refreshed one is exhausted, BS-6.3); no other spirit can block and no life is lost (BS-6.3.1); its \"when blocks\" effects resolve now; the flash timing before the block is skipped, then the battle goes on normally (flash timing, BP comparison, BS-6.5.2). No card: nothing happens. A spirit that cannot block (or cannot block this attacker), or no unblocked battle of yours: logs EffectInert with the reason and the battle goes on as if nothing happened (K21). Returns whether it was attacked.",
        |t: Dynamic| -> R<bool> {
            let cs = targets(&t)?;
            let Some(target) = cs.first().copied() else {
                return Ok(false); // nothing was selected: nothing to attack
            };
            with_mut(|g, rc| match g.attack_spirit(target, rc.controller) {
                Ok(()) => Ok(true),
                Err(reason) => {
                    g.emit(Event::EffectInert {
                        card: rc.card,
                        effect: rc.effect,
                        reason: format!("the selected card cannot be attacked: {reason}"),
                    });
                    Ok(false)
                }
            })
        }
    );
    reg!(
        e,
        "treat_as_level",
        ["targets", "n: i64", "dur: &str"],
        "The cards are treated as level n: BP and level-bound effects follow; too few cores for their lowest level still deplete them (rulings BSS01-134, BSS02-059).",
        |t: Dynamic, n: i64, d: &str| modify(&t, ModKind::Level(level(n)?), d)
    );
    reg!(
        e,
        "treat_as_highest_level",
        ["targets", "dur: &str"],
        "The cards are treated as their highest level (BP and level-bound effects follow).",
        |t: Dynamic, d: &str| modify(&t, ModKind::HighestLevel, d)
    );
    reg!(
        e,
        "gain_family",
        ["targets", "family: &str", "dur: &str"],
        "The cards also belong to the family (spirit type) for the duration.",
        |t: Dynamic, f: &str, d: &str| modify(&t, ModKind::Family(f.to_string()), d)
    );
    reg!(
        e,
        "gain_all_families",
        ["targets", "dur: &str"],
        "\"Treat it as having all spirit types\": the cards belong to every family for the duration.",
        |t: Dynamic, d: &str| modify(&t, ModKind::AllFamilies, d)
    );
    reg!(
        e,
        "gain_symbols",
        ["targets", "n: i64", "colour: &str", "dur: &str"],
        "The cards gain n symbols of the colour: they count in cost reductions (BS-5.2 step 3) and for life (BS-6.5.1).",
        |t: Dynamic, n: i64, c: &str, d: &str| {
            modify(&t, ModKind::GainSymbols(nat(n, "n")?, colour(c)?), d)
        }
    );
    reg!(
        e,
        "symbols_as",
        ["targets", "n: i64", "colour: &str", "dur: &str"],
        "The cards' symbols count as n symbols of the colour (`\"\"`: each symbol counts as n of its own colour), in cost reductions (BS-5.2 step 3) and for life (BS-6.5.1; ruling BSS02-009).",
        |t: Dynamic, n: i64, c: &str, d: &str| {
            let col = if c.is_empty() { None } else { Some(colour(c)?) };
            modify(&t, ModKind::SymbolsAs(nat(n, "n")?, col), d)
        }
    );
    reg!(
        e,
        "symbol_colours_also",
        ["targets", "colours: Array", "dur: &str"],
        "Each symbol of the cards also counts as one of the colours: one symbol of its own colour or of one of these, in cost reductions (BS-5.2 step 3).",
        |t: Dynamic, cs: Array, d: &str| {
            let mut cols = Vec::new();
            for c in cs {
                let name = c
                    .into_immutable_string()
                    .map_err(|_| err("colours must be strings"))?;
                cols.push(colour(&name)?);
            }
            modify(&t, ModKind::SymbolColoursAlso(cols), d)
        }
    );
    reg!(
        e,
        "while_summoning",
        ["q"],
        "Whether the card whose cost is being paid now (a spirit, ultimate, brave or nexus being summoned or deployed) matches the query: its owner, kind and filters (BS-5.2; ruling BSS01-109).",
        |q: Dynamic| -> R<bool> {
            let q = subject(&q)?;
            // No cost being read: false whatever the state (a remembered run, `memo`;
            // constants are never remembered while a cost is read).
            with_ref_noting(|g, _| match g.rt.summoning.get() {
                None => (false, 0),
                Some(_) => (g.summoning_matches(&q), READ_ANY),
            })
        }
    );
}
