// The page only shows what the server sends and posts the option a person clicks
// (docs/serve.md). Every board element carries data-* attributes for tests.
"use strict";
let cards = {};     // card id -> {name, text}: the hover text
let gameId = null;
let tokens = [];     // the seat tokens this page holds for the game (its human seats)
let logLen = 0;     // events already shown
let shown = 0;      // states shown so far (data-shown: a test waits for it to grow)

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

async function api(method, path, body) {
  const headers = body ? { "content-type": "application/json" } : {};
  if (tokens.length) headers.authorization = `Bearer ${tokens.join(",")}`;
  const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const v = await r.json();
  if (!r.ok) throw new Error(v.error || r.statusText);
  return v;
}

async function init() {
  const d = await api("GET", "/api/decks");
  cards = d.cards;
  $("game-kind").textContent = d.game;
  for (const [sel, pick] of [["deck-a", 0], ["deck-b", 1]]) {
    d.decks.forEach((deck, i) => {
      const o = el("option", { value: deck.name }, `${deck.name} (${deck.cards})`);
      if (i === Math.min(pick, d.decks.length - 1)) o.selected = true;
      $(sel).append(o);
    });
  }
  for (const [sel, pick] of [["seat-a", "human"], ["seat-b", "greedy"]]) {
    for (const s of d.seats) {
      const o = el("option", { value: s }, s);
      if (s === pick) o.selected = true;
      $(sel).append(o);
    }
  }
}

// A new or loaded game: `made` is the server's `{id, tokens}`.
async function open(made) {
  const id = made.id;
  gameId = id;
  tokens = made.tokens.filter((t) => t);
  logLen = 0;
  $("log").replaceChildren();
  // A link cannot send a header: the download carries the tokens in its query.
  $("download").href = `/api/games/${id}/replay?token=${tokens.join(",")}`;
  $("download").setAttribute("download", `cardscript-game-${id}.json`);
  $("game").hidden = false;
  show(await api("GET", `/api/games/${id}?since=0`));
}

$("new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    tokens = [];
    const r = await api("POST", "/api/games", {
      deck_a: $("deck-a").value,
      deck_b: $("deck-b").value,
      seed: Number($("seed").value),
      seats: [$("seat-a").value, $("seat-b").value],
      auto_pass: $("auto-pass").checked,
    });
    await open(r);
  } catch (e) { $("error").textContent = e.message; }
});

$("load-replay").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = $("replay-file").files[0];
  if (!f) return;
  try {
    const replay = JSON.parse(await f.text());
    tokens = [];
    const r = await api("POST", "/api/replays", { replay, seats: ["human", "human"] });
    await open(r);
  } catch (e) { $("error").textContent = e.message; }
});

async function answer(id) {
  try {
    show(await api("POST", `/api/games/${gameId}/answer`, { id, since: logLen }));
  } catch (e) {
    $("error").textContent = e.message;
    $("status").dataset.shown = ++shown;
  }
}

function cardTitle(c) {
  const info = cards[c.card] || {};
  return `${c.name}${info.text ? "\n" + info.text : ""}`;
}

function cardBox(c, cls) {
  const attrs = { class: cls, "data-card-id": c.id, "data-card": c.card, "data-card-name": c.name, title: cardTitle(c) };
  const box = el("div", attrs);
  box.append(el("span", { class: "name" }, c.name));
  if (cls.includes("field-card")) {
    Object.assign(box.dataset, { level: c.level ?? 0, bp: c.bp, cores: c.cores, exhausted: c.exhausted });
    if (c.exhausted) box.classList.add("exhausted");
    box.append(el("span", {}, `Lv${c.level ?? "-"} · ${c.bp} BP · ${c.cores} core${c.cores === 1 ? "" : "s"}${c.soul_core ? " (soul)" : ""}`));
    if (c.braved_onto != null) box.append(el("div", { class: "label" }, `braved onto #${c.braved_onto}`));
  } else {
    box.append(el("span", {}, `cost ${c.cost} · pay ${c.to_pay}`));
  }
  return box;
}

function playerBox(p, i, view) {
  const who = i === view.me ? "you" : "opponent";
  const box = el("section", {
    class: "player" + (view.active === i ? " turn" : ""), "data-player": i,
    "data-life": p.life, "data-reserve": p.reserve, "data-hand-count": p.hand_count,
    "data-deck": p.deck, "data-trash": p.trash.length, "data-trash-cores": p.trash_cores,
    "data-count": p.count, "data-burst-set": p.burst_set,
  });
  box.append(el("h2", {}, `P${i + 1} (${who})`));
  const stats = el("div", { class: "stats" });
  for (const [k, v] of [["life", p.life], ["reserve", p.reserve + (p.reserve_soul_core ? " (soul core)" : "")],
    ["deck", p.deck], ["hand", p.hand_count], ["trash", `${p.trash.length} cards, ${p.trash_cores} cores`],
    ["count", p.count], ["burst", p.burst_set ? (p.burst || "set") : "none"]]) {
    stats.append(el("span", { "data-stat": k }, `${k}: ${v}`));
  }
  box.append(stats);
  const field = el("div", { class: "zone field", "data-zone": "field" });
  for (const c of p.field) field.append(cardBox(c, "card field-card"));
  box.append(el("div", { class: "label" }, "field"), field);
  if (p.tecoto && p.tecoto.length) box.append(el("div", { class: "label" }, `tecoto: ${p.tecoto.join(", ")}`));
  if (p.trash.length) {
    const names = p.trash.map((id) => (cards[id] || { name: id }).name);
    box.append(el("div", { class: "label", title: names.join("\n") }, `trash (top): ${names[names.length - 1]}`));
  }
  if (p.hand) {
    const hand = el("div", { class: "zone hand", "data-zone": "hand" });
    for (const c of p.hand) hand.append(cardBox(c, "card hand-card"));
    box.append(el("div", { class: "label" }, "hand"), hand);
  }
  return box;
}

function show(s) {
  const st = $("status");
  shown += 1;
  Object.assign(st.dataset, { over: s.over, gameId: s.id, logLen: s.log_len, viewer: s.viewer, shown });
  const winner = s.result && s.result.winner != null ? `P${s.result.winner + 1} wins` : "Draw";
  st.textContent = s.over
    ? (s.result ? `Game over: ${winner} — ${s.result.reason}` : `Game stopped: ${s.error || ""}`)
    : `Game ${s.id} · seed ${s.seed} · ${s.decks[0]} vs ${s.decks[1]} · turn ${s.view.turn ?? "?"}`;
  if (s.result) st.dataset.winner = s.result.winner ?? "draw";
  const board = $("board");
  board.replaceChildren();
  const v = s.view;
  if (Array.isArray(v.players) && v.players[0] && "life" in v.players[0]) {
    const me = v.me ?? s.viewer;
    board.append(playerBox(v.players[1 - me], 1 - me, v), playerBox(v.players[me], me, v));
  } else {
    board.append(el("pre", { "data-view": "json" }, JSON.stringify(v, null, 1)));
  }
  $("error").textContent = "";
  const opts = $("options");
  opts.replaceChildren();
  if (s.decision) {
    $("prompt").textContent = `P${s.decision.player + 1} — ${s.decision.prompt}`;
    $("prompt").dataset.kind = s.decision.kind;
    for (const o of s.decision.options) {
      const b = el("button", { "data-option-id": o.id, type: "button" }, o.label);
      b.addEventListener("click", () => answer(o.id));
      opts.append(b);
    }
  } else {
    $("prompt").textContent = "";
  }
  // A cancel took events back: they leave the log.
  if (s.log_len < logLen) {
    for (const li of [...$("log").children]) {
      if (Number(li.dataset.event) >= s.log_len) li.remove();
    }
    logLen = s.log_len;
  }
  for (const e of s.log) {
    if (e.i < logLen) continue;
    if (e.text) $("log").append(el("li", { "data-event": e.i }, e.text));
  }
  logLen = s.log_len;
  const aside = $("log").parentElement;
  aside.scrollTop = aside.scrollHeight;
}

init().catch((e) => { $("error").textContent = e.message; });
