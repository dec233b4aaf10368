// A card's face drawn as SVG from its data (no image): the frame in its colours, cost
// and reduction symbols, name, kind and families, keywords, each effect with its timing
// label and levels, the level table (or a line-battle card's AT/DF/SH, lines, LP) and its
// symbols. `drawFace(card)` returns the SVG text.
"use strict";

const COLOURS = { red: "#c8322d", purple: "#7b3fa0", green: "#2f8a3b", white: "#c9c9c9",
  yellow: "#d9a916", blue: "#2f62b5" };

function esc(s) {
  return String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// Words of `text` broken into lines of at most `width` characters.
function wrap(text, width) {
  const out = [];
  let line = "";
  for (const w of String(text).split(/\s+/)) {
    if (line && (line + " " + w).length > width) { out.push(line); line = w; } else { line = line ? line + " " + w : w; }
  }
  if (line) out.push(line);
  return out;
}

function levelTags(levels) {
  return (levels || []).map(l => "[LV" + l + "]").join("");
}

function drawFace(card) {
  const cols = (card.colours || []).map(c => COLOURS[c] || "#888");
  if (!cols.length) cols.push("#777");
  const W = 300, H = 420;
  const stops = cols.map((c, i) => {
    const a = (i / cols.length * 100).toFixed(0), b = ((i + 1) / cols.length * 100).toFixed(0);
    return `<stop offset="${a}%" stop-color="${c}"/><stop offset="${b}%" stop-color="${c}"/>`;
  }).join("");
  const parts = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(card.name)}">`);
  parts.push(`<defs><linearGradient id="frame" x1="0" x2="1" y1="0" y2="0">${stops}</linearGradient></defs>`);
  parts.push(`<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="14" fill="url(#frame)" stroke="#222" stroke-width="3"/>`);
  parts.push(`<rect x="14" y="50" width="${W - 28}" height="${H - 64}" rx="6" fill="#fffdf6" stroke="#333"/>`);
  // Cost, with the reduction symbols under it (BS-5.2 step 2).
  parts.push(`<circle cx="32" cy="30" r="20" fill="#222" stroke="#fff" stroke-width="2"/>`);
  parts.push(`<text x="32" y="37" text-anchor="middle" font-size="20" font-weight="bold" fill="#fff" class="cost">${esc(card.cost)}</text>`);
  let rx = 58;
  const nred = Object.values(card.reduction || {}).reduce((a, b) => a + b, 0) + (card.ultimate_reduction || 0);
  if (nred) parts.push(`<rect x="50" y="33" width="${nred * 12 + 4}" height="14" rx="7" fill="#fff" stroke="#222"/>`);
  for (const [c, n] of Object.entries(card.reduction || {})) {
    for (let i = 0; i < n; i++) {
      parts.push(`<circle cx="${rx}" cy="40" r="5" fill="${COLOURS[c] || "#888"}" stroke="#222" class="reduction"/>`);
      rx += 12;
    }
  }
  for (let i = 0; i < (card.ultimate_reduction || 0); i++) {
    parts.push(`<rect x="${rx - 5}" y="35" width="10" height="10" fill="#ddd" stroke="#222" transform="rotate(45 ${rx} 40)"/>`);
    rx += 12;
  }
  // Name banner.
  const name = card.name.length > 24 ? card.name.slice(0, 23) + "…" : card.name;
  parts.push(`<text x="${W / 2 + 14}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#fff" stroke="#000" stroke-width=".6" class="name">${esc(name)}</text>`);
  let y = 68;
  const kindLine = [card.kind].concat(card.families || []).join(" · ");
  parts.push(`<text x="22" y="${y}" font-size="11" fill="#444" class="families">${esc(kindLine)}</text>`);
  y += 16;
  for (const k of card.keywords || []) {
    const v = k.value === undefined || k.value === null ? "" : " " + (typeof k.value === "object" ? JSON.stringify(k.value) : k.value);
    parts.push(`<rect x="20" y="${y - 11}" width="${W - 40}" height="15" rx="3" fill="#2d3a4a"/>`);
    parts.push(`<text x="26" y="${y}" font-size="11" fill="#fff" class="keyword">${esc(levelTags(k.levels) + " " + k.name + v + (k.timing ? " (" + k.timing + ")" : ""))}</text>`);
    y += 18;
  }
  const textBottom = H - 80;
  for (const e of card.effects || []) {
    if (y > textBottom) break;
    const timing = e.timing ? "(" + e.timing + ")" : (e.steps && e.steps.length ? "[" + e.steps.join("/") + "]" : "");
    const head = (e.braved ? "[Braved] " : "") + levelTags(e.levels) + " " + timing;
    parts.push(`<text x="22" y="${y}" font-size="11" font-weight="bold" fill="#7a3d00" class="timing">${esc(head.trim())}</text>`);
    y += 13;
    const text = (e.text && (e.text.en || Object.values(e.text)[0])) || (e.script || e.script_file ? "(scripted)" : "");
    for (const l of wrap(text, 46)) {
      if (y > textBottom) { parts.push(`<text x="22" y="${y}" font-size="10">…</text>`); break; }
      parts.push(`<text x="22" y="${y}" font-size="10.5" fill="#222" class="effect-text">${esc(l)}</text>`);
      y += 12.5;
    }
    y += 4;
  }
  // Bottom: the level table, or a line-battle card's figures.
  const by = H - 70;
  parts.push(`<line x1="20" x2="${W - 20}" y1="${by - 6}" y2="${by - 6}" stroke="#bbb"/>`);
  if (card.creature) {
    const s = card.creature;
    parts.push(`<text x="24" y="${by + 14}" font-size="14" font-weight="bold" class="stats">AT ${s.at}  DF ${s.df}  SH ${s.sh}</text>`);
    parts.push(`<text x="24" y="${by + 32}" font-size="11">lines: ${esc((s.lines || []).join(" / "))}</text>`);
  } else if (card.master) {
    parts.push(`<text x="24" y="${by + 14}" font-size="14" font-weight="bold" class="stats">LP ${card.master.lp == null ? "default" : card.master.lp}</text>`);
  } else {
    let ly = by + 8;
    for (const r of card.levels || []) {
      parts.push(`<text x="24" y="${ly}" font-size="11" class="level">LV${r.level}  ●${r.cores}  ${r.bp == null ? "" : r.bp + " BP"}</text>`);
      ly += 14;
    }
  }
  // Symbols, bottom right.
  let sx = W - 32;
  const sym = card.symbols || {};
  for (const [c, n] of Object.entries(sym.colours || {})) {
    for (let i = 0; i < n; i++) {
      parts.push(`<circle cx="${sx}" cy="${H - 30}" r="9" fill="${COLOURS[c] || "#888"}" stroke="#222" class="symbol"/>`);
      sx -= 22;
    }
  }
  for (const m of sym.multi || []) {
    parts.push(`<circle cx="${sx}" cy="${H - 30}" r="9" fill="${COLOURS[m[0]] || "#888"}" stroke="${COLOURS[m[1]] || "#222"}" stroke-width="3" class="symbol"/>`);
    sx -= 22;
  }
  parts.push(`<text x="${W - 20}" y="${H - 8}" text-anchor="end" font-size="9" fill="#fff">${esc(card.id)}</text>`);
  parts.push("</svg>");
  return parts.join("");
}
