// The board of `cardscript serve` (docs/serve.md "The page"): card frames drawn from the
// view's `faces` (docs/protocol.md "Card faces"), the detail panel, and which options
// name which card. Every element carries data-* attributes for tests.
"use strict";

// Keys of a choice's JSON whose number is a card on the board (BS: summon, attack,
// block, pay from a card …; LB: play, order, its target creature).
const CARD_KEYS = new Set(["card", "attacker", "blocker", "host", "brave", "first", "second", "Card", "Creature"]);

/// The cards an option names: instance ids, or `m0`/`m1` for a master it targets.
function namedCards(choice, player, out = new Set(), key = null) {
  if (typeof choice === "number") {
    if (CARD_KEYS.has(key)) out.add(String(choice));
  } else if (Array.isArray(choice)) {
    for (const c of choice) namedCards(c, player, out, key);
  } else if (choice && typeof choice === "object") {
    for (const [k, v] of Object.entries(choice)) namedCards(v, player, out, k);
  } else if (choice === "Master" && key === "target") {
    out.add(`m${1 - player}`);
  }
  return out;
}

/// Card id (as text) → the options that name it.
function optionsByCard(decision) {
  const by = new Map();
  if (!decision) return by;
  for (const o of decision.options) {
    for (const c of namedCards(o.choice, decision.player)) {
      if (!by.has(c)) by.set(c, []);
      by.get(c).push(o);
    }
  }
  return by;
}

const COLOURS = { red: "#c0392b", purple: "#7d3c98", green: "#1e8449", white: "#bdc3c7", yellow: "#d4ac0d", blue: "#2471a3" };

function frameColour(face) {
  const cs = (face && face.colours || []).map((c) => COLOURS[c] || "#888");
  if (!cs.length) return "#6b6b6b";
  if (cs.length === 1) return cs[0];
  return `linear-gradient(90deg, ${cs.join(", ")})`;
}

/// The text of a face's effect or keyword with its labels: `[When Summoned] [Flash] Lv1-2`.
function labelled(t) {
  const labels = [];
  if (t.timing) labels.push(`[${t.timing}]`);
  for (const s of t.steps || []) labels.push(`[${s[0].toUpperCase()}${s.slice(1)}]`);
  if (t.braved) labels.push("[Braved]");
  if (t.levels && t.levels.length) labels.push(`Lv${t.levels.join(",")}`);
  return { labels: labels.join(" "), text: t.text };
}

/// One card frame. `c` is the view's card (hand or field) with `card` its definition id;
/// `where` says what the frame shows: `hand`, `field` (BS), `line` (LB), `master` (LB).
function cardFrame(c, face, where, marks) {
  const f = face || { name: c.name || c.card, colours: [] };
  const box = el("div", { class: `card ${where}-card`, "data-card-id": c.id, "data-card": c.card, "data-card-name": f.name, tabindex: "0" });
  const bar = el("div", { class: "bar" });
  bar.style.background = frameColour(f);
  bar.append(el("span", { class: "cost", title: "cost" }, String(c.cost ?? f.cost ?? "")));
  bar.append(el("span", { class: f.name.length > 13 ? "name long" : "name" }, f.name));
  box.append(bar);
  box.append(el("div", { class: "kind" }, `${f.kind || c.kind || ""}${f.families && f.families.length ? " · " + f.families[0] : ""}`));
  if (where === "field") {
    Object.assign(box.dataset, { level: c.level ?? 0, bp: c.bp, cores: c.cores, soul: c.soul_core, exhausted: c.exhausted, heavy: !!c.heavily_exhausted });
    const bp = f.kind === "nexus" ? "" : `  ${c.bp} BP`;
    box.append(el("div", { class: "big" }, c.level != null ? `Lv${c.level}${bp}` : "no level"));
    const cores = el("div", { class: "cores", title: `${c.cores} core(s)${c.soul_core ? ", soul core among them" : ""}` });
    const ordinary = c.cores - (c.soul_core ? 1 : 0);
    if (c.soul_core) cores.append(el("span", { class: "core soul", "data-core": "soul" }, "◆"));
    for (let i = 0; i < ordinary; i++) cores.append(el("span", { class: "core", "data-core": "core" }, "●"));
    box.append(cores);
    if (c.heavily_exhausted) box.classList.add("heavy");
    else if (c.exhausted) box.classList.add("exhausted");
    if (c.braved_onto != null) box.append(el("div", { class: "note" }, `braved onto #${c.braved_onto}`));
  } else if (where === "line") {
    Object.assign(box.dataset, { at: c.at, df: c.df, sh: c.sh });
    const stat = (k, v, printed) => el("span", { class: "stat" + (printed != null && v !== printed ? " changed" : ""), "data-stat": k }, `${k.toUpperCase()} ${v}`);
    const row = el("div", { class: "big" });
    row.append(stat("at", c.at, f.at), stat("df", c.df, f.df), stat("sh", c.sh, f.sh));
    box.append(row);
  } else if (where === "master") {
    box.append(el("div", { class: "big" }, `${c.lp} LP`));
  } else if (where === "hand") {
    if (c.to_pay != null) box.append(el("div", { class: "big" }, `pay ${c.to_pay}${c.to_pay !== c.cost ? ` (cost ${c.cost})` : ""}`));
    else if (f.at != null) {
      const row = el("div", { class: "big" });
      for (const k of ["at", "df", "sh"]) row.append(el("span", { class: "stat" }, `${k.toUpperCase()} ${f[k]}`));
      box.append(row);
    }
  }
  for (const [cls, label] of marks) {
    box.classList.add(cls);
    box.append(el("div", { class: `mark ${cls}-mark` }, label));
  }
  return box;
}

/// The detail panel's face: the whole face of the card pointed at or clicked.
function detail(face, c) {
  const d = $("detail-face");
  // The same card as shown: keep it.
  const key = face ? `${c ? c.id : ""}|${c ? JSON.stringify(c) : ""}` : "";
  if (d.dataset.key === key && d.childElementCount) return;
  d.dataset.key = key;
  d.replaceChildren();
  if (!face) {
    d.append(el("p", { class: "label" }, "Point at or click a card to read it; click a ringed card for what it can do."));
    return;
  }
  d.dataset.card = c ? c.card : "";
  d.append(el("h3", {}, face.name));
  const bits = [face.kind, face.colours.join("/"), `cost ${face.cost}`];
  if (face.reduction && Object.keys(face.reduction).length) {
    bits.push("reduction " + Object.entries(face.reduction).map(([k, n]) => `${n} ${k}`).join(", "));
  }
  if (face.symbols) bits.push(`${face.symbols} symbol${face.symbols > 1 ? "s" : ""}`);
  if (face.families && face.families.length) bits.push(face.families.join(", "));
  d.append(el("p", { class: "face-line" }, bits.filter(Boolean).join(" · ")));
  if (face.levels && face.levels.length) {
    const t = el("table", { class: "levels" });
    for (const r of face.levels) {
      const tr = el("tr", { "data-level": r.level });
      if (c && c.level === r.level) tr.classList.add("now");
      tr.append(el("td", {}, `Lv${r.level}`), el("td", {}, `${r.cores} core${r.cores === 1 ? "" : "s"}`), el("td", {}, r.bp != null ? `${r.bp} BP` : ""));
      t.append(tr);
    }
    d.append(t);
  }
  if (face.at != null) d.append(el("p", { class: "face-line" }, `AT ${face.at} · DF ${face.df} · SH ${face.sh} · lines: ${face.lines.join(", ")}`));
  if (face.lp != null) d.append(el("p", { class: "face-line" }, `${face.lp} LP`));
  for (const t of [...(face.keywords || []), ...(face.effects || [])]) {
    const { labels, text } = labelled(t);
    const p = el("p", { class: "effect" });
    if (labels) p.append(el("b", { class: "timing" }, labels + " "));
    p.append(document.createTextNode(text));
    d.append(p);
  }
}

/// The clicked card's actions: the options that name it, as buttons. Pointing at another
/// card changes the face above, never these.
function cardActions(name, options, onPick) {
  const a = $("card-actions");
  a.replaceChildren();
  if (!options || !options.length) {
    if (name) a.append(el("p", { class: "label" }, `${name}: nothing to do with it now.`));
    return;
  }
  a.append(el("p", { class: "label" }, `${name}:`));
  for (const o of options) {
    const b = el("button", { type: "button", "data-option-id": o.id }, o.label);
    b.addEventListener("click", () => onPick(o.id));
    a.append(b);
  }
}

/// BS: one player's side (stats, field, trash, hand).
function bsSide(p, i, v, ctx) {
  const who = i === v.me ? "you" : "opponent";
  const box = el("section", {
    class: "player" + (v.active === i ? " turn" : ""), "data-player": i,
    "data-life": p.life, "data-reserve": p.reserve, "data-hand-count": p.hand_count,
    "data-deck": p.deck, "data-trash": p.trash.length, "data-trash-cores": p.trash_cores,
    "data-count": p.count, "data-burst-set": p.burst_set,
  });
  const stats = el("div", { class: "stats" });
  stats.append(el("b", {}, `P${i + 1} (${who})`));
  for (const [k, val] of [["life", p.life], ["reserve", p.reserve + (p.reserve_soul_core ? " +◆" : "")],
    ["deck", p.deck], ["hand", p.hand_count], ["trash", `${p.trash.length} · ${p.trash_cores} cores`],
    ["count", p.count], ["burst", p.burst_set ? (p.burst || "set") : "—"]]) {
    stats.append(el("span", { "data-stat": k }, `${k} ${val}`));
  }
  box.append(stats);
  const field = el("div", { class: "zone field", "data-zone": "field" });
  for (const c of p.field) {
    const marks = [];
    if (v.attacker === c.id) marks.push(["attacker", "attacking"]);
    if (v.blocker === c.id) marks.push(["blocker", "blocking"]);
    field.append(ctx.card(c, "field", marks));
  }
  box.append(field);
  if (p.tecoto && p.tecoto.length) box.append(el("div", { class: "label" }, `tecoto: ${p.tecoto.join(", ")}`));
  if (p.trash.length) {
    const top = p.trash[p.trash.length - 1];
    box.append(el("div", { class: "label" }, `trash top: ${(ctx.faces[top] || { name: top }).name}`));
  }
  box.append(ctx.hand(p.hand, p.hand_count));
  return box;
}

/// LB: one side (master with LP, DP, both lines, graveyard, hand).
function lbSide(s, i, v, ctx) {
  const who = i === v.me ? "you" : "opponent";
  const box = el("section", {
    class: "player" + (v.active === i ? " turn" : ""), "data-player": i, "data-lp": s.lp, "data-dp": s.dp,
    "data-hand-count": s.hand_count, "data-deck": s.deck_count, "data-graveyard": s.graveyard.length,
  });
  const stats = el("div", { class: "stats" });
  stats.append(el("b", {}, `P${i + 1} (${who})`));
  for (const [k, val] of [["LP", s.lp], ["DP", s.dp], ["deck", s.deck_count], ["hand", s.hand_count], ["graveyard", s.graveyard.length]]) {
    stats.append(el("span", { "data-stat": k.toLowerCase() }, `${k} ${val}`));
  }
  box.append(stats);
  const row = el("div", { class: "lb-row" });
  const master = el("div", { class: "zone master", "data-zone": "master" });
  master.append(ctx.card({ id: `m${i}`, card: s.master, lp: s.lp, cost: "" }, "master", ctx.masterMarks(i)));
  row.append(master);
  const lines = el("div", { class: "lines" });
  for (const [name, list] of [["attack", s.attack_line], ["defense", s.defense_line]]) {
    const z = el("div", { class: `zone line ${name}-line`, "data-zone": `${name}-line` });
    z.append(el("span", { class: "line-name" }, name));
    for (const c of list) z.append(ctx.card(c, "line", ctx.orderMarks(c.id)));
    lines.append(z);
  }
  row.append(lines);
  box.append(row);
  box.append(ctx.hand(s.hand, s.hand_count));
  return box;
}
