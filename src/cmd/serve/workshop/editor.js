// The workshop's card editor (only with `serve --edit DIR`): the card file as YAML, checked
// by the server as `db build` checks the pack on each pause in typing (errors at their
// line, with the loader's did-you-mean), what the engine would understand of it updated
// live, and Save, refused by the server while anything is wrong.
"use strict";

let EDIT_FILE = null;
let CHECK_TIMER = null;
let CHECK_SEQ = 0;

function openEditor(page) {
  const box = document.getElementById("editor");
  box.hidden = !(page.edit_mode && page.editable);
  if (box.hidden) return;
  EDIT_FILE = page.file;
  document.getElementById("edit-file").textContent = page.file;
  const ta = document.getElementById("yaml");
  ta.value = page.yaml || "";
  document.getElementById("save-status").textContent = "";
  gutter([]);
  liveCheck();
}

// A new card of the edited pack: a template to fill in, saved as `cards/ID.yaml`.
function newCard(id) {
  const kind = INFO.game === "line-battle" ? "creature" : "spirit";
  const body = INFO.game === "line-battle"
    ? "creature: {at: 1, df: 1, sh: 0}\n"
    : "colours: [red]\nsymbols: {colours: {red: 1}}\nlevels:\n  - {level: 1, cores: 1, bp: 1000}\n";
  CURRENT = null;
  document.getElementById("try").hidden = true;
  document.getElementById("card-title").textContent = "New card " + id;
  document.getElementById("card-meta").textContent = "cards/" + id + ".yaml of " + INFO.edit_pack;
  for (const x of ["explain", "scenarios", "test-result", "face"]) document.getElementById(x).replaceChildren();
  openEditor({ edit_mode: true, editable: true, file: "cards/" + id + ".yaml",
    yaml: "id: " + id + "\nname: \nkind: " + kind + "\ncost: 1\n" + body });
}

// Line numbers beside the text, the lines with an error marked.
function gutter(badLines) {
  const ta = document.getElementById("yaml");
  const n = ta.value.split("\n").length;
  const g = document.getElementById("gutter");
  g.replaceChildren();
  for (let i = 1; i <= n; i++) {
    const s = document.createElement("span");
    s.textContent = i + "\n";
    if (badLines.includes(i)) s.className = "bad";
    g.append(s);
  }
}

async function liveCheck() {
  const seq = ++CHECK_SEQ;
  const text = document.getElementById("yaml").value;
  const status = document.getElementById("check-status");
  status.textContent = "checking…";
  status.className = "label";
  const r = await api("/api/workshop/check", { path: EDIT_FILE, text });
  if (seq !== CHECK_SEQ) return; // a later edit is being checked
  const ul = document.getElementById("errors");
  ul.replaceChildren();
  const bad = [];
  for (const e of r.errors || []) {
    if (e.here) bad.push(e.line);
    const li = el("li", { class: "error" }, (e.here ? "line " + e.line : e.file + ":" + e.line) + ": " + (e.field ? "`" + e.field + "`: " : "") + e.message);
    if (e.help) li.append(el("span", { class: "help" }, " — " + e.help));
    ul.append(li);
  }
  gutter(bad);
  status.textContent = r.ok ? "no errors: this text can be saved" : (r.errors.length + " error(s): saving is refused until fixed");
  status.className = r.ok ? "ok" : "bad";
  const live = document.getElementById("live");
  if (r.explain && !r.explain.error) {
    renderExplain(live, r.explain);
    document.getElementById("face").innerHTML = drawFace(r.explain.card);
  } else {
    live.textContent = r.explain && r.explain.error ? r.explain.error : "the card does not read yet";
  }
}

document.getElementById("yaml").addEventListener("input", () => {
  clearTimeout(CHECK_TIMER);
  CHECK_TIMER = setTimeout(() => liveCheck().catch(showError), 400);
});

document.getElementById("save").addEventListener("click", async () => {
  const st = document.getElementById("save-status");
  st.textContent = "saving…";
  try {
    const r = await api("/api/workshop/save", { path: EDIT_FILE, text: document.getElementById("yaml").value });
    st.textContent = r.saved ? "saved " + r.saved : r.error;
    st.className = r.saved ? "pass" : "fail";
  } catch (e) { st.textContent = e.message; st.className = "fail"; }
});

document.getElementById("run-tests").addEventListener("click", () => runTests(null).catch(showError));
