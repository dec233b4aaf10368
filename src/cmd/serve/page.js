// The page only shows what the server sends and posts the option a person clicks
// (docs/serve.md). The board's drawing is in board.js. Every element a test reads carries
// data-* attributes.
"use strict";
let gameId = null;
let tokens = [];     // the seat tokens this page holds for the game (its human seats)
let logLen = 0;      // events already shown
let shown = 0;       // states shown so far (data-shown: a test waits for it to grow)
let cur = null;      // the last state the server sent
let selected = null; // the card id (text) whose detail the panel shows after a click
let handedTo = null; // hot-seat: the seat the screen was last handed to
let pollTimer = null;

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
  $("game-kind").textContent = d.game;
  for (const [sel, pick] of [["deck-a", 0], ["deck-b", 1]]) {
    d.decks.forEach((deck, i) => {
      const o = el("option", { value: deck.name }, `${deck.name} (${deck.cards})`);
      if (i === Math.min(pick, d.decks.length - 1)) o.selected = true;
      $(sel).append(o);
    });
  }
  for (const [sel, pick] of [["seat-a", "human"], ["seat-b", "greedy"]]) {
    for (const s of [...d.seats, "another screen"]) {
      const o = el("option", { value: s }, s === "another screen" ? "human, another screen" : s);
      if (s === pick) o.selected = true;
      $(sel).append(o);
    }
  }
  // `/?join=ID`: take the open seat of game ID (docs/serve.md "Two screens").
  const join = new URLSearchParams(location.search).get("join");
  if (join !== null) {
    const r = await api("POST", `/api/games/${Number(join)}/join`, {});
    await open({ id: r.id, tokens: [r.token] });
  }
  // `/?try=CARD`: the workshop's "Try it": a game with the card in the opening hand.
  const tryCard = new URLSearchParams(location.search).get("try");
  if (tryCard !== null) {
    const r = await api("POST", "/api/try", { card: tryCard });
    $("seed").value = r.seed;
    await open(r);
  }
}

// A new, loaded or joined game: `made` is the server's `{id, tokens}`.
async function open(made) {
  const id = made.id;
  gameId = id;
  tokens = made.tokens.filter((t) => t);
  logLen = 0;
  selected = null;
  handedTo = null;
  $("log").replaceChildren();
  // A link cannot send a header: the download carries the tokens in its query.
  $("download").href = `/api/games/${id}/replay?token=${tokens.join(",")}`;
  $("download").setAttribute("download", `cardscript-game-${id}.json`);
  const link = $("join-link");
  link.hidden = !made.tokens.some((t) => t === null) || !made.open;
  if (!link.hidden) {
    $("join-url").value = `${location.origin}/?join=${id}`;
  }
  $("game").hidden = false;
  show(await api("GET", `/api/games/${id}?since=0`));
}

$("new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    tokens = [];
    const seats = [$("seat-a").value, $("seat-b").value];
    const open_ = [0, 1].filter((i) => seats[i] === "another screen");
    const r = await api("POST", "/api/games", {
      deck_a: $("deck-a").value,
      deck_b: $("deck-b").value,
      seed: Number($("seed").value),
      seats: seats.map((s) => (s === "another screen" ? "human" : s)),
      open: open_,
      auto_pass: $("auto-pass").checked,
    });
    $("auto-pass-now").checked = $("auto-pass").checked;
    await open({ ...r, open: open_.length > 0 });
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

$("auto-pass-now").addEventListener("change", async () => {
  if (gameId === null) return;
  try {
    show(await api("POST", `/api/games/${gameId}/answer`, { auto_pass: $("auto-pass-now").checked, since: logLen }));
  } catch (e) { $("error").textContent = e.message; }
});

$("handover-ready").addEventListener("click", () => {
  handedTo = cur && cur.decision ? cur.decision.player : null;
  render();
});

async function answer(id) {
  selected = null;
  try {
    show(await api("POST", `/api/games/${gameId}/answer`, { id, since: logLen }));
  } catch (e) {
    $("error").textContent = e.message;
    $("status").dataset.shown = ++shown;
  }
}

// Another seat decides (the other screen): ask again until something changes.
function poll() {
  clearTimeout(pollTimer);
  if (!cur || cur.over || cur.decision) return;
  pollTimer = setTimeout(async () => {
    try {
      const s = await api("GET", `/api/games/${gameId}?since=${logLen}`);
      if (s.log_len !== cur.log_len || s.over || s.decision) show(s);
      else poll();
    } catch (e) { $("error").textContent = e.message; poll(); }
  }, 400);
}

function show(s) {
  cur = s;
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
  const log = $("log-pane");
  log.scrollTop = log.scrollHeight;
  render();
  poll();
}

// Hot-seat (this page holds both seats): the next seat's hand stays hidden until the
// screen is handed over.
function covered() {
  return tokens.length === 2 && cur.decision && cur.decision.player !== handedTo;
}

function stepLine(v) {
  if (v.step !== undefined) {
    const steps = el("span", { class: "steps", "data-step": v.step });
    for (const s of ["start", "main", "attack", "end"]) {
      steps.append(el("span", { class: s === v.step ? "step now" : "step" }, s));
    }
    if (!["start", "main", "attack", "end"].includes(v.step)) steps.append(el("span", { class: "step now" }, v.step));
    return steps;
  }
  return el("span", { class: "steps", "data-step": v.phase }, v.phase ?? "");
}

function render() {
  const s = cur;
  const st = $("status");
  shown += 1;
  Object.assign(st.dataset, { over: s.over, gameId: s.id, logLen: s.log_len, viewer: s.viewer, shown });
  const winner = s.result && s.result.winner != null ? `P${s.result.winner + 1} wins` : "Draw";
  const v = s.view;
  st.replaceChildren();
  if (s.over) {
    st.textContent = s.result ? `Game over: ${winner} — ${s.result.reason}` : `Game stopped: ${s.error || ""}`;
  } else {
    st.append(`Game ${s.id} · seed ${s.seed} · turn ${v.turn ?? "?"} · P${(v.active ?? 0) + 1}'s turn `, stepLine(v));
  }
  if (s.result) st.dataset.winner = s.result.winner ?? "draw";
  const hide = covered();
  $("handover").hidden = !hide;
  if (hide) $("handover-text").textContent = `Hand the screen to P${s.decision.player + 1}, then press Ready.`;
  const by = hide ? new Map() : optionsByCard(s.decision);
  const faces = v.faces || {};
  const cardsById = new Map();
  const ctx = {
    faces,
    card(c, where, marks) {
      cardsById.set(String(c.id), c);
      const box = cardFrame(c, faces[c.card], where, marks);
      const opts = by.get(String(c.id));
      if (opts) {
        box.classList.add("actionable");
        box.dataset.options = opts.map((o) => o.id).join(",");
      }
      if (selected === String(c.id)) box.classList.add("selected");
      box.addEventListener("mouseenter", () => detail(faces[c.card], c));
      box.addEventListener("mouseleave", () => showSelected());
      box.addEventListener("click", () => { selected = String(c.id); render(); });
      box.addEventListener("keydown", (ev) => { if (ev.key === "Enter") box.click(); });
      return box;
    },
    hand(hand, count) {
      const z = el("div", { class: "zone hand", "data-zone": "hand" });
      if (hand && !hide) {
        for (const c of hand) z.append(ctx.card(c, "hand", []));
      } else {
        for (let i = 0; i < count; i++) z.append(el("div", { class: "card back" }, ""));
      }
      return z;
    },
    masterMarks(i) {
      return (v.orders || []).some(([, t]) => t === "Master" && i !== v.active) ? [["target", "targeted"]] : [];
    },
    orderMarks(id) {
      const marks = [];
      for (const [a, t] of v.orders || []) {
        if (a === id) marks.push(["attacker", "ordered"]);
        if (t && t.Creature === id) marks.push(["target", "targeted"]);
      }
      return marks;
    },
  };
  const board = $("board");
  board.replaceChildren();
  const me = v.me ?? s.viewer;
  const side = v.players ? bsSide : lbSide;
  const sides = v.players || v.sides;
  if (Array.isArray(sides)) {
    board.append(side(sides[1 - me], 1 - me, v, ctx), side(sides[me], me, v, ctx));
  } else {
    board.append(el("pre", { "data-view": "json" }, JSON.stringify(v, null, 1)));
  }
  function showSelected() {
    const c = selected !== null ? cardsById.get(selected) : null;
    detail(c ? faces[c.card] : null, c);
  }
  showSelected();
  const sel = selected !== null ? cardsById.get(selected) : null;
  cardActions(sel ? (faces[sel.card] || { name: sel.card }).name : null, sel ? by.get(selected) : null, answer);
  $("error").textContent = "";
  // Only the deciding seat may send a setting (the server refuses the other's).
  $("auto-pass-now").disabled = !s.decision || s.over;
  const opts = $("options");
  opts.replaceChildren();
  if (s.decision && !hide) {
    $("prompt").textContent = `P${s.decision.player + 1} — ${s.decision.prompt}`;
    $("prompt").dataset.kind = s.decision.kind;
    for (const o of s.decision.options) {
      const b = el("button", { "data-option-id": o.id, type: "button" }, o.label);
      b.addEventListener("click", () => answer(o.id));
      opts.append(b);
    }
  } else if (s.decision) {
    $("prompt").textContent = `P${s.decision.player + 1} decides next.`;
  } else {
    $("prompt").textContent = s.over || s.to_answer == null ? "" : `Waiting for P${s.to_answer + 1}…`;
  }
}

init().catch((e) => { $("error").textContent = e.message; });
