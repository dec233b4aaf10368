#!/usr/bin/env bash
# The duel suite: the search player against greedy (search in each seat) and against
# itself, greedy against greedy as the reference, on the seven real starter decks and on
# the Battle Spirits demo decks: every pairing (mirrors included), GAMES games each.
# Each run writes its JSON (`sim --json`) and its balance report (`sim --report`) to OUT,
# then a Markdown table of the runs is printed (docs/duel-suite.md holds a measured one).
#
#   BSS=../shared/data/bss GAMES=4 scripts/duel-suite.sh
#
# Settings (environment): CARDSCRIPT (binary, default target/release/cardscript), BSS (the
# real card data: cards.jsonl and decks/; the real decks are skipped when it is absent),
# GAMES (per pairing, default 4), DEMO_GAMES (per pairing of the demo decks, whose games
# are shorter; default GAMES), BUDGET (search rollouts per decision, default 48),
# THREADS (default 1: one core, as the decision-time goal is stated), OUT (default
# /tmp/duel-suite), SEED (default 0), REPORT (0: no HTML reports, for a binary without
# `--report`), PARALLEL (1: all runs at once, one process each — faster on a shared
# machine, but each run's wall time is then not its own). A run whose results are already
# in OUT is not played again (delete OUT to start over); TABLE_ONLY=1 plays nothing and
# prints the table of the runs in OUT.
set -euo pipefail
BIN=${CARDSCRIPT:-target/release/cardscript}
BSS=${BSS:-../shared/data/bss}
GAMES=${GAMES:-4}
DEMO_GAMES=${DEMO_GAMES:-$GAMES}
BUDGET=${BUDGET:-48}
THREADS=${THREADS:-1}
OUT=${OUT:-/tmp/duel-suite}
SEED=${SEED:-0}
REPORT=${REPORT:-1}
PARALLEL=${PARALLEL:-0}
TABLE_ONLY=${TABLE_ONLY:-0}
mkdir -p "$OUT"

sets=(demo)
if [[ -f $BSS/cards.jsonl ]]; then
    if [[ ! -f $OUT/bss.sqlite ]]; then
        "$BIN" import bss-json "$BSS/cards.jsonl" --out "$OUT/bss" 2>/dev/null
        "$BIN" db build "$OUT/bss" -o "$OUT/bss.sqlite" >/dev/null
    fi
    sets=(real demo)
else
    echo "no real card data at $BSS (set BSS): the demo decks only" >&2
fi

run() { # SET PLAYERS
    local set=$1 players=$2 name="$1-${2/,/-}"
    local src=() games=$DEMO_GAMES
    if [[ $set == real ]]; then src=(--db "$OUT/bss.sqlite" "$BSS"/decks/*.txt) games=$GAMES; fi
    local html=()
    if [[ $REPORT != 0 ]]; then html=(--report "$OUT/$name.html"); fi
    local start=$SECONDS
    "$BIN" sim "${src[@]}" --players "$players" --search-budget "$BUDGET" --games "$games" \
        --threads "$THREADS" --seed "$SEED" --json "${html[@]}" >"$OUT/$name.json"
    echo "$((SECONDS - start))" >"$OUT/$name.secs"
}

for set in "${sets[@]}"; do
    for players in search,greedy greedy,search search,search greedy,greedy; do
        [[ $TABLE_ONLY == 1 || -f $OUT/$set-${players/,/-}.secs ]] && continue
        echo "running $set $players" >&2
        if [[ $PARALLEL == 1 ]]; then run "$set" "$players" & else run "$set" "$players"; fi
    done
done
wait

# The table (from the summary's fields): games, each seat's wins, draws, mean turns of the
# finished games; P1's win rate with its Wilson 95 % interval.
echo "| decks | P1 | P2 | games | P1 won | P2 won | draws | P1 win rate [95 %] | mean turns | wall s |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for set in "${sets[@]}"; do
    for players in search,greedy greedy,search search,search greedy,greedy; do
        name="$set-${players/,/-}"
        [[ -f $OUT/$name.secs ]] || continue
        jq -r --arg set "$set" --arg p "$players" --arg secs "$(cat "$OUT/$name.secs")" '
          ([.pairs[].games] | add) as $n
          | ([.pairs[].wins_a] | add) as $w
          | ([.pairs[].wins_b] | add) as $l
          | ([.pairs[].draws] | add) as $d
          | (([.pairs[] | .avg_turns * (.wins_a + .wins_b + .draws)] | add) / ($w + $l + $d)) as $mean
          | 1.959964 as $z | ($w / $n) as $r | (1 + $z * $z / $n) as $den
          | (($r + $z * $z / (2 * $n)) / $den) as $c
          | ($z * (($r * (1 - $r) / $n + $z * $z / (4 * $n * $n)) | sqrt) / $den) as $h
          | "| \($set) | \($p | split(",")[0]) | \($p | split(",")[1]) | \($n) | \($w) | \($l) | \($d) | \($w * 1000 / $n | round / 10) % [\(($c - $h) * 1000 | round / 10)–\(($c + $h) * 1000 | round / 10)] | \($mean * 10 | round / 10) | \($secs) |"
        ' "$OUT/$name.json"
    done
done
