// The workshop page: the catalogue search, a card's page (its face, what the engine
// understood of each effect, the scenarios naming it) and the deck builder. Every view
// is the JSON API's answer (docs/workshop.md); writes carry the page's token.
"use strict";

const TOKEN = document.querySelector('meta[name="workshop-token"]').content;
const $ = id => document.getElementById(id);
let INFO = null;
const DECK = new Map(); // id -> {name, count}

function showError(e) { $("error").textContent = e ? String(e.message || e) : ""; }

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json", "Authorization": "Bearer " + TOKEN },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, opts);
  const j = await r.json();
  if (!r.ok && !j.errors) throw new Error(j.error || r.statusText);
  j.status = r.status;
  return j;
}

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function fill(select, values) {
  for (const v of values) select.append(el("option", { value: v }, v));
}

async function init() {
  INFO = await api("/api/workshop/info");
  $("game-kind").textContent = INFO.game + " · " + INFO.cards + " cards · " + INFO.packs.join(", ");
  $("edit-mode").textContent = INFO.edit ? "editing " + INFO.edit_pack + " (" + INFO.edit + ")" : "read only (start with --edit DIR to edit)";
  $("new-card").hidden = !INFO.edit;
  $("new-card").addEventListener("click", () => {
    const id = prompt("The new card's id (its file is cards/ID.yaml of the edited pack)");
    if (id) location.hash = "#new/" + encodeURIComponent(id.trim());
  });
  fill($("colour"), INFO.colours);
  fill($("kind"), INFO.kinds);
  fill($("family"), INFO.families);
  fill($("keyword"), INFO.keywords);
  fill($("pack"), INFO.packs);
  fill($("format"), INFO.formats);
  $("search").addEventListener("submit", e => { e.preventDefault(); search().catch(showError); });
  $("search").addEventListener("submit", () => { if (location.hash.startsWith("#card/")) location.hash = "#catalogue"; });
  $("add-to-deck").addEventListener("click", () => { if (CURRENT) addToDeck(CURRENT.card.id, CURRENT.card.name, CURRENT.card.kind); });
  $("deck-q").addEventListener("input", () => deckSearch().catch(showError));
  $("deck-add").addEventListener("click", () => addById().catch(showError));
  $("format").addEventListener("change", () => checkDeck().catch(showError));
  $("deck-save").addEventListener("click", () => saveDeck().catch(showError));
  window.addEventListener("hashchange", route);
  route();
  search().catch(showError);
}

function route() {
  const h = location.hash || "#catalogue";
  showError("");
  $("catalogue").hidden = !(h === "#catalogue" || h.startsWith("#card/"));
  // A card's page keeps the search form and hides the hits.
  $("results").hidden = $("count").hidden = h.startsWith("#card/") || h.startsWith("#new/");
  if (h.startsWith("#new/")) { $("catalogue").hidden = false; newCard(decodeURIComponent(h.slice(5))); }
  $("card").hidden = !(h.startsWith("#card/") || h.startsWith("#new/"));
  $("deck").hidden = h !== "#deck";
  if (h.startsWith("#card/")) openCard(decodeURIComponent(h.slice(6))).catch(showError);
  if (h === "#deck") checkDeck().catch(showError);
}

async function search() {
  const p = new URLSearchParams();
  for (const k of ["q", "colour", "cost", "kind", "family", "keyword", "pack"]) {
    const v = $(k).value.trim();
    if (v) p.set(k, v);
  }
  const r = await api("/api/workshop/search?" + p);
  $("count").textContent = r.total + " card(s)" + (r.total > r.cards.length ? ", " + r.cards.length + " shown" : "");
  const box = $("results");
  box.replaceChildren();
  for (const c of r.cards) {
    const hit = el("div", { class: "hit", "data-id": c.id, onclick: () => { location.hash = "#card/" + encodeURIComponent(c.id); } },
      el("b", {}, c.name), " ", el("span", { class: "id" }, c.id), el("br"),
      c.kind + " · cost " + c.cost + (c.colours.length ? " · " + c.colours.join("/") : "") + " · " + c.pack);
    hit.style.borderLeftColor = COLOURS[c.colours[0]] || "#888";
    box.append(hit);
  }
}

let CURRENT = null;

// What the engine understood of each effect: explain's plain words, whether it acts
// (text, own script, or inert and why) and its rhai.
function renderExplain(box, page) {
  box.replaceChildren();
  const ex = page.explain || {};
  for (const e of ex.explained || []) {
    const runs = /inert/.test(e.runs) || e.cannot_act.length ? "inert" : (/script/.test(e.runs) ? "script" : "text");
    const div = el("div", { class: "effect" },
      el("span", { class: "timing" }, "effect " + e.index + ": " + e.timing), " ",
      el("span", { class: "runs " + runs }, e.runs));
    const ul = el("ul", {});
    for (const u of e.understood) ul.append(el("li", {}, u));
    for (const g of e.cannot_act) ul.append(el("li", { class: "gap" }, "cannot act: " + g));
    div.append(ul);
    if (e.script) div.append(el("details", {}, el("summary", {}, "rhai"), el("pre", {}, e.script)));
    box.append(div);
  }
  const notes = (page.lines || []).filter(l => !/^effect \d+:|^\s/.test(l));
  if (notes.length) box.append(el("details", {}, el("summary", {}, "the card in the engine's words"), el("pre", {}, notes.join("\n"))));
}

async function openCard(id) {
  const page = await api("/api/workshop/cards/" + encodeURIComponent(id));
  CURRENT = page;
  const c = page.card;
  // The face shows what the game reads (a creature's default lines included).
  const face = Object.assign({}, c);
  if (page.explain && page.explain.creature) face.creature = page.explain.creature;
  $("face").innerHTML = drawFace(face);
  $("card-title").textContent = c.name;
  $("card-meta").textContent = c.id + " · " + c.kind + " · pack " + page.pack + (page.file ? " · " + page.file : "");
  $("try").href = "/?try=" + encodeURIComponent(c.id);
  $("try").hidden = c.kind === "master" || !!c.token;
  renderExplain($("explain"), page);
  const ul = $("scenarios");
  ul.replaceChildren();
  if (!page.scenarios.length) ul.append(el("li", { class: "label" }, "none"));
  for (const s of page.scenarios) {
    ul.append(el("li", {}, (s.ruling ? "ruling " + s.ruling + ": " : "") + s.name + " ",
      el("span", { class: "label" }, s.file), " ",
      el("button", { type: "button", class: "run", onclick: () => runTests(s.file).catch(showError) }, "Run")));
  }
  $("test-result").replaceChildren();
  openEditor(page);
}

// The result of `cardscript test --json`, shown as the command prints it.
async function runTests(file) {
  const box = $("test-result");
  box.textContent = "running…";
  const r = await api("/api/workshop/test", file ? { file } : {});
  box.replaceChildren();
  for (const f of r.files || []) {
    box.append(el("div", { class: "label" }, f.file + (f.error ? ": " + f.error : "") + (f.skipped ? " skipped: " + f.skipped : "")));
    for (const s of f.results || []) {
      const st = typeof s.status === "string" ? s.status : Object.keys(s.status)[0];
      const li = el("div", { class: st === "passed" ? "pass" : (st === "skipped" ? "label" : "fail") }, st + ": " + s.name);
      if (s.failures && s.failures.length) li.append(el("pre", {}, s.failures.join("\n")));
      if (s.error) li.append(el("pre", {}, s.error));
      box.append(li);
    }
  }
  const t = r.totals || {};
  box.append(el("p", { id: "test-totals" }, `${t.passed} passed, ${t.failed} failed, ${t.broken} broken, ${t.skipped} skipped`));
}

// Deck builder: the list kept here, checked by the server on each change (counts, copies,
// the rule broken) against the chosen format.
function deckText() {
  const lines = ["# built in the cardscript workshop"];
  for (const [id, e] of DECK) {
    // A line-battle master goes on its own line (LB-0.1), once.
    if (e.kind === "master") lines.push("master: " + id);
    else lines.push(e.count + "x " + id + ": " + e.name);
  }
  return lines.join("\n") + "\n";
}

function addToDeck(id, name, kind) {
  const e = DECK.get(id) || { name, kind, count: 0 };
  e.count += 1;
  DECK.set(id, e);
  renderDeck();
}

async function addById() {
  const id = $("deck-add-id").value.trim();
  if (!id) return;
  const page = await api("/api/workshop/cards/" + encodeURIComponent(id));
  addToDeck(page.card.id, page.card.name, page.card.kind);
}

// The deck tab's own search: hits with a button that adds one copy.
async function deckSearch() {
  const q = $("deck-q").value.trim();
  const box = $("deck-hits");
  if (!q) { box.replaceChildren(); return; }
  const r = await api("/api/workshop/search?limit=12&q=" + encodeURIComponent(q));
  box.replaceChildren();
  for (const c of r.cards) {
    box.append(el("div", { class: "hit" }, el("button", { type: "button", "data-add": c.id, onclick: () => addToDeck(c.id, c.name, c.kind) }, "+"),
      " ", el("b", {}, c.name), " ", el("span", { class: "id" }, c.id + " · " + c.kind + " · cost " + c.cost)));
  }
}

function renderDeck() {
  const t = $("deck-list");
  t.replaceChildren();
  for (const [id, e] of DECK) {
    const step = d => () => { e.count += d; if (e.count <= 0) DECK.delete(id); renderDeck(); };
    t.append(el("tr", {}, el("td", {}, e.count + "x"), el("td", {}, id), el("td", {}, e.name),
      el("td", {}, el("button", { type: "button", onclick: step(1) }, "+"), el("button", { type: "button", onclick: step(-1) }, "−"))));
  }
  checkDeck().catch(showError);
}

async function checkDeck() {
  const r = await api("/api/workshop/deck/check", { text: deckText(), format: $("format").value });
  const p = $("deck-count");
  p.textContent = r.count + " card(s) · " + (r.format ? r.format.name + " (" + r.format.rule + ")" : "") + " · " + (r.legal ? "legal" : "not legal");
  p.className = r.legal ? "legal" : "illegal";
  const ul = $("deck-errors");
  ul.replaceChildren();
  for (const e of r.errors) ul.append(el("li", {}, e.message + (e.help ? " (" + e.help + ")" : "")));
}

async function saveDeck() {
  const r = await api("/api/workshop/deck/save", { name: $("deck-name").value.trim(), text: deckText() });
  $("deck-status").textContent = r.saved ? "saved " + r.saved : (r.error || "");
}

init().catch(showError);
