//! The balance report ([`super::report::Balance`]) as one self-contained HTML file: inline
//! CSS and SVG (a deck-against-deck heat map, per-pairing win-rate and game-length charts,
//! per-card win-rate charts), no script, no network.
//!
//! Every figure carries `data-fig` (its JSON pointer in `sim --json`, under `/balance`)
//! and `data-v` (its value), so a test can check the page against the JSON.

use std::fmt::Write;

use super::report::{Balance, CardBalance, Lengths, Rate};

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A count with its JSON pointer.
fn count(ptr: &str, v: u64) -> String {
    format!("<span data-fig=\"{ptr}\" data-v=\"{v}\">{v}</span>")
}

/// A rate as a percentage with its interval, each with its JSON pointer.
fn rate(ptr: &str, r: &Rate) -> String {
    let one = |k: &str, v: f64| {
        format!(
            "<span data-fig=\"{ptr}/{k}\" data-v=\"{v:.4}\">{:.1}</span>",
            v * 100.0
        )
    };
    format!(
        "{} % <small>[{}–{}]</small>",
        one("rate", r.rate),
        one("low", r.low),
        one("high", r.high)
    )
}

/// A red–white–green colour for a win rate (0.5 white).
fn colour(v: f64) -> String {
    let t = ((v - 0.5) * 2.0).clamp(-1.0, 1.0);
    let (r, g, b) = if t >= 0.0 {
        (255.0 - 155.0 * t, 255.0 - 75.0 * t, 255.0 - 155.0 * t)
    } else {
        (255.0 + 35.0 * t, 255.0 + 155.0 * t, 255.0 + 155.0 * t)
    };
    format!("rgb({:.0},{:.0},{:.0})", r, g, b)
}

/// A horizontal bar of `r` with its interval as a whisker, `w` pixels wide.
fn rate_bar(r: &Rate, w: f64) -> String {
    let x = |v: f64| 2.0 + v * (w - 4.0);
    format!(
        "<svg width=\"{w}\" height=\"14\" role=\"img\"><rect x=\"2\" y=\"3\" width=\"{:.1}\" height=\"8\" fill=\"#eee\"/>\
         <rect x=\"2\" y=\"3\" width=\"{:.1}\" height=\"8\" fill=\"{}\" stroke=\"#999\" stroke-width=\"0.5\"/>\
         <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"7\" y2=\"7\" stroke=\"#333\"/>\
         <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"1\" y2=\"13\" stroke=\"#888\" stroke-dasharray=\"2,2\"/></svg>",
        w - 4.0,
        x(r.rate) - 2.0,
        colour(r.rate),
        x(r.low),
        x(r.high),
        x(0.5),
        x(0.5),
    )
}

/// A small histogram of game lengths over turns `1..=max`.
fn histogram(l: &Lengths, max_turn: u32) -> String {
    let top = l.histogram.iter().map(|h| h.1).max().unwrap_or(1).max(1);
    let bw = 6.0;
    let mut s = format!(
        "<svg width=\"{:.0}\" height=\"24\" role=\"img\">",
        bw * f64::from(max_turn) + 2.0
    );
    for &(t, c) in &l.histogram {
        let h = 22.0 * c as f64 / top as f64;
        let _ = write!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4a7ab0\"><title>{t} turns: {c} games</title></rect>",
            1.0 + bw * f64::from(t - 1),
            23.0 - h,
            bw - 1.0
        );
    }
    s.push_str("</svg>");
    s
}

/// The deck-against-deck heat map: row deck's win rate against the column deck.
fn heat_map(b: &Balance, out: &mut String) {
    let mut decks: Vec<&str> = Vec::new();
    for c in &b.matrix {
        for d in [&c.deck, &c.against] {
            if !decks.contains(&d.as_str()) {
                decks.push(d);
            }
        }
    }
    let (left, top, cw, ch) = (170.0, 110.0, 64.0, 34.0);
    let n = decks.len() as f64;
    let _ = write!(
        out,
        "<svg width=\"{:.0}\" height=\"{:.0}\" role=\"img\" aria-label=\"win rate heat map\" font-size=\"11\">",
        left + cw * n + 10.0,
        top + ch * n + 10.0
    );
    for (i, d) in decks.iter().enumerate() {
        let y = top + ch * i as f64 + ch / 2.0 + 4.0;
        let _ = write!(
            out,
            "<text x=\"{:.0}\" y=\"{y:.0}\" text-anchor=\"end\">{}</text>",
            left - 6.0,
            esc(d)
        );
        let x = left + cw * i as f64 + cw / 2.0;
        let _ = write!(
            out,
            "<text transform=\"translate({x:.0},{:.0}) rotate(-40)\">{}</text>",
            top - 6.0,
            esc(d)
        );
    }
    for (k, c) in b.matrix.iter().enumerate() {
        let i = decks.iter().position(|d| *d == c.deck).unwrap_or(0) as f64;
        let j = decks.iter().position(|d| *d == c.against).unwrap_or(0) as f64;
        let (x, y) = (left + cw * j, top + ch * i);
        let r = &c.win_rate;
        let _ = write!(
            out,
            "<g data-fig=\"/balance/matrix/{k}/win_rate/rate\" data-v=\"{:.4}\"><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{cw:.0}\" height=\"{ch:.0}\" fill=\"{}\" stroke=\"#fff\"><title>{} v {}: {}/{} won, 95 % [{:.1}–{:.1}]</title></rect>\
             <text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-weight=\"bold\">{:.0}%</text>\
             <text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"9\" fill=\"#555\">n={}</text></g>",
            r.rate,
            colour(r.rate),
            esc(&c.deck),
            esc(&c.against),
            r.hits,
            r.n,
            r.low * 100.0,
            r.high * 100.0,
            x + cw / 2.0,
            y + 15.0,
            r.rate * 100.0,
            x + cw / 2.0,
            y + 28.0,
            r.n
        );
    }
    out.push_str("</svg>");
}

/// One row of the per-card chart: win rate when played (blue) and when held but not
/// played (grey), each with its interval.
fn card_chart(cards: &[&CardBalance], out: &mut String) {
    let (left, w, rh) = (260.0, 360.0, 16.0);
    let x = |v: f64| left + v * w;
    let h = rh * cards.len() as f64 + 30.0;
    let _ = write!(
        out,
        "<svg width=\"{:.0}\" height=\"{h:.0}\" role=\"img\" aria-label=\"per-card win rates\" font-size=\"11\">",
        left + w + 20.0
    );
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = write!(
            out,
            "<line x1=\"{0:.0}\" x2=\"{0:.0}\" y1=\"14\" y2=\"{1:.0}\" stroke=\"#ddd\"/><text x=\"{0:.0}\" y=\"10\" text-anchor=\"middle\" fill=\"#666\">{2:.0}%</text>",
            x(t),
            h - 10.0,
            t * 100.0
        );
    }
    for (i, c) in cards.iter().enumerate() {
        let y = 22.0 + rh * i as f64;
        let colour = if c.never_played { "#b00" } else { "#000" };
        let _ = write!(
            out,
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\" fill=\"{colour}\">{} {}</text>",
            left - 8.0,
            y + 4.0,
            esc(&c.id),
            esc(&c.name)
        );
        for (r, fill, dy) in [
            (&c.win_when_played, "#1f5fbf", -3.0),
            (&c.win_when_not_played, "#999", 3.0),
        ] {
            if r.n == 0 {
                continue;
            }
            let _ = write!(
                out,
                "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{2:.1}\" y2=\"{2:.1}\" stroke=\"{fill}\"/><circle cx=\"{3:.1}\" cy=\"{2:.1}\" r=\"3\" fill=\"{fill}\"><title>{4}/{5}</title></circle>",
                x(r.low),
                x(r.high),
                y + dy,
                x(r.rate),
                r.hits,
                r.n
            );
        }
    }
    out.push_str("</svg>");
}

/// The whole page.
pub fn page(b: &Balance, title: &str) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>\
         body{{font:14px system-ui,sans-serif;margin:24px;color:#222}}h1{{font-size:20px}}h2{{font-size:16px;margin-top:28px}}\
         table{{border-collapse:collapse}}td,th{{padding:2px 8px;border-bottom:1px solid #eee;text-align:right;vertical-align:middle}}\
         th{{background:#f4f4f4}}td.l,th.l{{text-align:left}}small{{color:#666}}tr.never td{{color:#b00}}.key span{{margin-right:16px}}\
         </style></head><body><h1>{t}</h1>",
        t = esc(title)
    );
    let _ = write!(
        o,
        "<p>P1: <b>{}</b>, P2: <b>{}</b>; {} games. Win rates carry their 95 % Wilson interval in brackets; a draw is not a win.</p>",
        esc(&b.players[0]),
        esc(&b.players[1]),
        count("/balance/games", b.games)
    );
    o.push_str("<h2>Deck against deck</h2><p>Each cell: the row deck's wins over its games against the column deck, from either seat (a mirror match counts both seats).");
    if b.players[0] != b.players[1] {
        // Each pairing puts its first deck in P1's seat: a cell then measures the players
        // as much as the decks.
        let _ = write!(
            o,
            " <b>The seats have different players</b>: a cell above the diagonal is the row deck played by {} in P1's seat, below it by {} in P2's.",
            esc(&b.players[0]),
            esc(&b.players[1])
        );
    }
    o.push_str("</p>");
    heat_map(b, &mut o);
    let max_turn = b
        .pairs
        .iter()
        .map(|p| p.turns.max)
        .max()
        .unwrap_or(1)
        .max(1);
    o.push_str("<h2>Pairings</h2><table><tr><th class=\"l\">P1 deck</th><th class=\"l\">P2 deck</th><th>games</th><th>P1 won</th><th>P2 won</th><th>draws</th><th>unfinished</th><th>P1 win rate</th><th></th><th>turns min / median / mean / max</th><th class=\"l\">lengths (1 to ");
    let _ = write!(o, "{max_turn} turns)</th></tr>");
    for (i, p) in b.pairs.iter().enumerate() {
        let ptr = format!("/balance/pairs/{i}");
        let _ = write!(
            o,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{} / {} / <span data-fig=\"{ptr}/turns/mean\" data-v=\"{:.4}\">{:.1}</span> / {}</td><td class=\"l\">{}</td></tr>",
            esc(&p.p1),
            esc(&p.p2),
            count(&format!("{ptr}/games"), p.games),
            count(&format!("{ptr}/p1_wins"), p.p1_wins),
            count(&format!("{ptr}/p2_wins"), p.p2_wins),
            count(&format!("{ptr}/draws"), p.draws),
            count(&format!("{ptr}/unfinished"), p.unfinished),
            rate(&format!("{ptr}/p1_win_rate"), &p.p1_win_rate),
            rate_bar(&p.p1_win_rate, 120.0),
            count(&format!("{ptr}/turns/min"), u64::from(p.turns.min)),
            count(&format!("{ptr}/turns/median"), u64::from(p.turns.median)),
            p.turns.mean,
            p.turns.mean,
            count(&format!("{ptr}/turns/max"), u64::from(p.turns.max)),
            histogram(&p.turns, max_turn)
        );
    }
    o.push_str("</table>");
    cards(b, &mut o);
    o.push_str("</body></html>\n");
    o
}

/// The per-card chart, table and effects.
fn cards(b: &Balance, o: &mut String) {
    let mut order: Vec<(usize, &CardBalance)> = b.cards.iter().enumerate().collect();
    // Most-held first, then by id: the cards a set designer meets most often lead.
    order.sort_by(|a, b| {
        b.1.games_in_deck
            .cmp(&a.1.games_in_deck)
            .then(a.0.cmp(&b.0))
    });
    let _ = write!(
        o,
        "<h2>Cards</h2><p class=\"key\"><span style=\"color:#1f5fbf\">● win rate of the seat in games it played the card</span>\
         <span style=\"color:#999\">● in games it held the card but did not play it</span><span style=\"color:#b00\">red: never played ({})</span></p>",
        b.never_played.len()
    );
    card_chart(&order.iter().map(|c| c.1).collect::<Vec<_>>(), o);
    o.push_str("<table><tr><th class=\"l\">card</th><th class=\"l\">decks</th><th>games in deck</th><th>games played</th><th>times played</th><th>win rate played</th><th>win rate not played</th><th>inert games</th><th>failed</th></tr>");
    for (i, c) in order {
        let ptr = format!("/balance/cards/{i}");
        let _ = write!(
            o,
            "<tr{}><td class=\"l\">{} {}{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if c.never_played {
                " class=\"never\""
            } else {
                ""
            },
            esc(&c.id),
            esc(&c.name),
            if c.never_played {
                " <b>never played</b>"
            } else {
                ""
            },
            esc(&c.decks.join(", ")),
            count(&format!("{ptr}/games_in_deck"), c.games_in_deck),
            count(&format!("{ptr}/games_played"), c.games_played),
            count(&format!("{ptr}/times_played"), c.times_played),
            rate(&format!("{ptr}/win_when_played"), &c.win_when_played),
            rate(
                &format!("{ptr}/win_when_not_played"),
                &c.win_when_not_played
            ),
            count(&format!("{ptr}/inert_games"), c.inert_games),
            count(&format!("{ptr}/failed"), c.failed),
        );
    }
    o.push_str("</table><h2>Effects that could not act</h2>");
    let _ = write!(
        o,
        "<p>{} inert effects (<code>EffectInert</code>: text not understood or a function not supported yet) over all games; \
         the cards concerned have a non-zero <i>inert games</i> above.</p>",
        count("/balance/effects_inert", b.effects_inert)
    );
    if b.effects_failed.is_empty() {
        o.push_str("<p>No effect failed (<code>EffectFailed</code>).</p>");
    } else {
        o.push_str(
            "<table><tr><th class=\"l\">failed effect (EffectFailed)</th><th>times</th></tr>",
        );
        for (what, n) in &b.effects_failed {
            let _ = write!(o, "<tr><td class=\"l\">{}</td><td>{n}</td></tr>", esc(what));
        }
        o.push_str("</table>");
    }
}
