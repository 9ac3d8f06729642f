/* cardlab card table, bundled from widgets/src (sources sha256 c7e2ffdc134c0af747b29ea6cc7322c7eff070e8bab4f4784952d0916ff5412b) */

// src/util.js
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
function words(key) {
  return String(key).replace(/_/g, " ");
}
function capital(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}
function shown(x) {
  if (Array.isArray(x)) return x.join("-");
  if (x === null || x === void 0) return "\u2014";
  if (x === true) return "yes";
  if (x === false) return "no";
  return String(x);
}

// src/cards.js
var SUIT = ["\u2663", "\u2666", "\u2665", "\u2660"];
var SUIT_COLOUR = ["#17692f", "#1d5fc2", "#c8102e", "#161616"];
var RANK = ["\u2605", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
var DEFS = `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs><pattern id="cl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#2f5597"/></pattern></defs></svg>`;
function suitColour(ch) {
  const i = SUIT.indexOf(ch);
  return i < 0 ? "#333" : SUIT_COLOUR[i];
}
function printed(design) {
  return !!design && design !== "plain" && design !== "hidden";
}
function faceSvg(e, bare = false, height = 84) {
  const joker = e.s < 0;
  const col = joker ? "#7a1fa2" : SUIT_COLOUR[e.s];
  const sym = joker ? "\u2605" : SUIT[e.s];
  const rank = joker ? "JK" : RANK[e.r];
  let centre;
  if (joker) {
    centre = `<text x="30" y="50" font-size="26" text-anchor="middle" fill="${col}">\u2605</text>
      <text x="30" y="64" font-size="8" text-anchor="middle" fill="${col}" font-weight="700">JOKER</text>`;
  } else if (e.r >= 11) {
    centre = `<rect x="14" y="20" width="32" height="44" rx="3" fill="${col}" fill-opacity="0.08" stroke="${col}" stroke-width="1"/>
      <text x="30" y="46" font-size="20" font-weight="700" text-anchor="middle" fill="${col}">${rank}</text>
      <text x="30" y="60" font-size="11" text-anchor="middle" fill="${col}">${sym}</text>`;
  } else {
    centre = bare ? "" : `<text x="30" y="53" font-size="26" text-anchor="middle" fill="${col}">${sym}</text>`;
  }
  const small = rank.length > 1 ? 10 : 12;
  return `<rect x="0.75" y="0.75" width="58.5" height="${height - 1.5}" rx="5" fill="#fffef9" stroke="#9a9a9a" stroke-width="1.2"/>
    <g font-family="Georgia, 'DejaVu Serif', serif">
    <text x="5" y="14" font-size="${small}" font-weight="700" fill="${col}">${rank}</text>
    <text x="5" y="25" font-size="10" fill="${col}">${sym}</text>
    <g transform="rotate(180 30 ${height / 2})"><text x="5" y="14" font-size="${small}" font-weight="700" fill="${col}">${rank}</text>
    <text x="5" y="25" font-size="10" fill="${col}">${sym}</text></g>
    ${centre}</g>`;
}
function backSymbols(design) {
  const chars = Array.from(design);
  const n = chars.length;
  const rows = n === 4 ? [chars.slice(0, 2), chars.slice(2)] : [chars];
  const size = n === 4 ? 17 : n === 3 ? 15 : 20;
  const out = [];
  rows.forEach((row, r) => {
    const step = row.length === 3 ? 13 : 16;
    const x0 = 30 - step * (row.length - 1) / 2;
    const y = rows.length === 1 ? 48 + (size - 20) / 4 : 40 + r * 16;
    row.forEach((ch, i) => out.push({ ch, x: x0 + i * step, y, size }));
  });
  return out;
}
function backSvg(design) {
  let deco = "";
  if (printed(design)) {
    deco = `<rect x="8" y="24" width="44" height="36" rx="6" fill="#fffef9" stroke="#d9c58b" stroke-width="1"/>` + backSymbols(design).map((p) => `<text x="${p.x}" y="${p.y}" font-size="${p.size}" text-anchor="middle" fill="${suitColour(p.ch)}">${esc(p.ch)}</text>`).join("");
  }
  return `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fffef9" stroke="#9a9a9a" stroke-width="1.2"/>
    <rect x="4" y="4" width="52" height="76" rx="3" fill="#24427a"/>
    <rect x="4" y="4" width="52" height="76" rx="3" fill="url(#cl-hatch)"/>
    <rect x="7" y="7" width="46" height="70" rx="2" fill="none" stroke="#c9b26b" stroke-width="1"/>${deco}`;
}
function cardHtml(e, opts = {}) {
  const cls = ["cl-card"];
  const attrs = [];
  let inner;
  let label;
  if (e.c !== void 0) {
    inner = faceSvg(e, !!opts.bare, opts.height || 84);
    label = e.t;
    attrs.push(`data-code="${esc(e.c)}"`);
    if (e.peek !== void 0) {
      cls.push("cl-peek");
      attrs.push(`data-peek="${esc(e.peek)}"`);
      label += " (no player sees it)";
      inner += `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="none" stroke="#e08a00" stroke-width="2.5" stroke-dasharray="4 3"/>
        <rect x="2" y="72" width="28" height="10" rx="2" fill="#e08a00"/><text x="16" y="79.5" font-size="7" text-anchor="middle" fill="#fff" font-family="sans-serif">hidden</text>`;
    }
  } else {
    inner = backSvg(e.b);
    cls.push("cl-back");
    label = printed(e.b) ? `card back ${e.b}` : "card back";
    attrs.push(`data-back="${esc(e.b || "plain")}"`);
  }
  if (opts.mark) {
    cls.push("cl-marked");
    attrs.push(`data-mark="${esc(opts.mark)}"`);
    label += ` (${opts.mark})`;
    inner += `<rect x="31" y="2" width="27" height="11" rx="2" fill="#7a3db8"/><text x="44.5" y="10" font-size="7" text-anchor="middle" fill="#fff" font-family="sans-serif">${esc(opts.mark)}</text>`;
  }
  if (opts.legal) {
    cls.push("cl-legal");
    attrs.push(`data-legal="1" data-key="${esc(opts.key)}" role="button" tabindex="-1"`);
  } else if (opts.why !== void 0) {
    cls.push("cl-illegal");
    attrs.push(`data-why="${esc(opts.why)}" aria-disabled="true" title="${esc(opts.why)}"`);
  }
  if (opts.selected) cls.push("cl-selected");
  if (opts.style) attrs.push(`style="${opts.style}"`);
  return `<svg class="${cls.join(" ")}" viewBox="0 0 60 ${opts.height || 84}" aria-label="${esc(label)}" ${attrs.join(" ")}>${inner}</svg>`;
}
function backSummary(cards) {
  const counts = /* @__PURE__ */ new Map();
  for (const e of cards) {
    if (e.b !== void 0 && printed(e.b)) counts.set(e.b, (counts.get(e.b) || 0) + 1);
  }
  if (!counts.size) return "";
  const items = [...counts].map(([design, n]) => {
    const syms = [...design].map((ch) => `<span style="color:${suitColour(ch)}">${esc(ch)}</span>`).join("");
    return `<span class="cl-back-kind" data-design="${esc(design)}" data-count="${n}">${syms}${n > 1 ? `<sub>${n}</sub>` : ""}</span>`;
  });
  return `<div class="cl-back-summary" title="the suits printed on the hidden cards' backs">${items.join(" ")}</div>`;
}

// src/layout.js
var SIDES = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top", "top", "right"],
  6: ["bottom", "left", "left", "top", "right", "right"],
  7: ["bottom", "left", "left", "top", "top", "right", "right"],
  8: ["bottom", "left", "left", "top", "top", "top", "right", "right"]
};
var ANGLE = { right: 0, bottom: 90, left: 180, top: 270 };
function bottomSeat(v) {
  if (/^\d+$/.test(v.viewer)) return Number(v.viewer);
  return v.human === null || v.human === void 0 ? 0 : v.human;
}
function seatPlaces(v) {
  const n = Math.max(1, Math.min(8, v.players));
  const sides2 = SIDES[n];
  const b = bottomSeat(v);
  const out = {};
  const count = {};
  for (const side of sides2) count[side] = (count[side] || 0) + 1;
  const seen = {};
  for (let s = 0; s < v.players; s++) {
    const side = sides2[(s - b + v.players) % v.players] || "top";
    const k = seen[side] || 0;
    seen[side] = k + 1;
    const m = count[side] || 1;
    const spread = m > 1 ? 64 / m : 0;
    out[s] = { side, angle: ANGLE[side] + (k - (m - 1) / 2) * spread, index: k, of: m };
  }
  return out;
}
function seatPositions(v) {
  const places = seatPlaces(v);
  const out = {};
  for (const s of Object.keys(places)) out[s] = places[s].side;
  return out;
}
function trickSpot(place) {
  const k = place.index - (place.of - 1) / 2;
  switch (place.side) {
    case "top":
      return { left: 50 + k * 26, top: 24, tilt: 0 };
    case "bottom":
      return { left: 50 + k * 26, top: 76, tilt: 0 };
    case "left":
      return { left: 16, top: 50 - k * 44, tilt: -6 };
    default:
      return { left: 84, top: 50 + k * 44, tilt: 6 };
  }
}

// src/board.js
function byCell(z) {
  const out = {};
  z.cards.forEach((e, i) => {
    var _a;
    const [r, c, turn] = z.at[i];
    (out[_a = `${r},${c}`] || (out[_a] = [])).push({ e, tag: z.tags && z.tags[i] || "", turn: turn || 0 });
  });
  return out;
}
var WIDE = 12;
function cellStyle(b, r, c, h, w) {
  return `grid-row:${r - b.top + 1} / span ${h};grid-column:${c - b.left + 1} / span ${w}`;
}
function boardHtml(v, z) {
  const b = z.board;
  const [sh, sw] = b.span || [1, 1];
  const lattice = sh !== 1 || sw !== 1;
  const cw = lattice ? "var(--lw)" : "calc(var(--board-w) + var(--board-gap))";
  const ch = lattice ? "var(--lw)" : "calc(var(--board-h) + var(--board-gap))";
  const stacks = byCell(z);
  const lit = v.cells && v.cells[z.name] || {};
  const movers = new Set((v.to_move || []).map((s) => v.names[s]));
  const previews = z.previews || {};
  const top = z.cards.length + 1;
  const parts = [];
  for (const [r, c, name] of b.cells) {
    const stack = stacks[`${r},${c}`] || [];
    const acts = lit[name];
    const target = v.targets && v.targets[`${z.name}:${name}`];
    const dest = acts && acts.length ? ` data-act="${esc(acts[0][0])}" role="button" tabindex="0" aria-label="${esc(acts[0][1])}" title="${esc(acts[0][1])}"` : target !== void 0 ? ` data-target="${esc(target)}" role="button" tabindex="0" aria-label="${esc(target)}" title="${esc(target)}"` : "";
    const cls = `cl-cell${dest ? " cl-dest" : ""}${target !== void 0 ? " cl-target" : ""}${stack.length ? "" : " cl-hole"}`;
    const base = stack.filter((s) => !s.tag);
    const tokens = stack.filter((s) => s.tag);
    let inner = "";
    if (!lattice) {
      inner = base.length ? cardHtml(base[base.length - 1].e, {}) : `<span class="cl-hole-mark">${esc(b.empty || "")}</span>`;
      if (base.length > 1) inner += `<span class="cl-depth" title="${base.length} cards">${base.length}</span>`;
      if (b.labels && b.labels.length) inner += `<span class="cl-cell-name">${esc(name)}</span>`;
      inner += tokens.map((t) => `<div class="cl-token${movers.has(t.tag) ? " cl-mover" : ""}" data-token="${esc(t.tag)}">${cardHtml(t.e, {})}<span class="cl-token-name">${esc(t.tag)}</span></div>`).join("");
      parts.push(`<div class="${cls}" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"${dest}>${inner}</div>`);
    } else if (dest) {
      const pv = previews[name];
      const data = pv ? ` data-preview="${pv.at.join(",")};${pv.cover.map((rc) => rc.join(",")).join(" ")}"` : "";
      parts.push(`<div class="${cls} cl-lattice-cell" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)};z-index:${top + 2}"${dest}${data}></div>`);
    } else {
      parts.push(`<div class="${cls} cl-lattice-cell" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"></div>`);
    }
  }
  if (lattice) {
    const bare = !!(z.marks && z.marks.length);
    z.cards.forEach((e, i) => {
      const [r, c, turn] = z.at[i];
      const q = ((turn || 0) % 4 + 4) % 4;
      const odd = q % 2 === 1;
      const [h, w] = odd ? [sw, sh] : [sh, sw];
      const turned = q ? `${odd ? "width:var(--board-w);height:var(--board-h);" : ""}transform:translate(-50%, -50%) rotate(${90 * q}deg)` : "";
      parts.push(`<div class="cl-lattice-card${q ? " cl-turned" : ""}" style="${cellStyle(b, r, c, h, w)};z-index:${i + 1}">${cardHtml(e, { style: turned, bare, height: 60 * sh / sw })}</div>`);
    });
    for (const [r, c, text] of z.marks || []) {
      parts.push(`<div class="cl-mark" data-rc="${r},${c}" style="${cellStyle(b, r, c, 1, 1)};z-index:${top + 1};color:${suitColour(text)}">${esc(text)}</div>`);
    }
  }
  const fit = lattice ? `--lw:min(var(--lattice-cell), calc(var(--lattice-max-w) / ${b.cols}), calc(var(--lattice-max-h) / ${b.rows}));--board-w:calc(var(--lw) * ${sw});--board-h:calc(var(--lw) * ${sh});` : "";
  const style = `${fit}grid-template-columns:repeat(${b.cols}, ${cw});grid-template-rows:repeat(${b.rows}, ${ch})`;
  const shape = lattice ? ` data-span="${sh},${sw}" data-top="${b.top}" data-left="${b.left}"` : "";
  const wide = !lattice && b.cols >= WIDE ? " cl-board-wide" : "";
  return `<div class="cl-board-grid${lattice ? " cl-lattice" : ""}${wide}" data-rows="${b.rows}" data-cols="${b.cols}"${shape} style="${style}">${parts.join("")}</div>`;
}
function showPreview(boardEl, cell) {
  for (const el of boardEl.querySelectorAll(".cl-ghost")) el.remove();
  for (const el of boardEl.querySelectorAll(".cl-mark.cl-covered")) el.classList.remove("cl-covered");
  if (!cell || !cell.dataset.preview) return;
  const [where, cover] = cell.dataset.preview.split(";");
  const [r, c, turn] = where.split(",").map(Number);
  const span = (boardEl.dataset.span || "1,1").split(",").map(Number);
  const [h, w] = turn % 2 ? [span[1], span[0]] : span;
  const top = Number(boardEl.dataset.top || 0);
  const left = Number(boardEl.dataset.left || 0);
  const ghost = document.createElement("div");
  ghost.className = "cl-ghost";
  ghost.style.cssText = `grid-row:${r - top + 1} / span ${h};grid-column:${c - left + 1} / span ${w};z-index:${cell.style.zIndex || 1}`;
  boardEl.appendChild(ghost);
  for (const rc of (cover || "").split(" ").filter(Boolean)) {
    const m = boardEl.querySelector(`.cl-mark[data-rc="${rc}"]`);
    if (m) m.classList.add("cl-covered");
  }
}

// src/zones.js
function cardOpts(v, e, stack) {
  const sel = v.selected || null;
  if (e.c !== void 0 && v.acts[e.c]) return { legal: true, key: e.c, selected: sel === e.c };
  if (stack && v.acts[stack]) return { legal: true, key: stack, selected: sel === stack };
  if (e.c !== void 0 && v.why[e.c] !== void 0) return { why: v.why[e.c] };
  return {};
}
function topOpts(v, z, i) {
  const e = z.cards[i];
  const o = cardOpts(v, e, i === z.cards.length - 1 ? "@" + z.name : null);
  if (z.tags && z.tags[i]) o.mark = z.tags[i];
  return o;
}
function fan(i, n) {
  if (n < 2) return "";
  const spread = Math.min(2.2, 26 / n);
  const a = (i - (n - 1) / 2) * spread;
  const y = Math.abs(a) * 0.9;
  return `--fan:${a.toFixed(2)}deg;--lift:${y.toFixed(1)}px`;
}
function inGrid(v, z) {
  return (v.layout && v.layout.grid || []).some((p) => z.name.startsWith(p));
}
function zoneLabel(v, z, where) {
  const full = z.label || z.name;
  const name = z.owner === null || z.owner === void 0 || where === "center" ? null : v.names[z.owner];
  if (!name || !full.startsWith(name)) return full;
  const rest = full.slice(name.length).replace(/^('s|:)?\s+/, "");
  if (rest === full.slice(name.length)) return rest ? full : z.kind === "hand" ? "hand" : z.name;
  return rest || (z.kind === "hand" ? "hand" : z.name);
}
function zoneHtml(v, z, where) {
  const hint = v.layout || {};
  const compact = (hint.compact || []).includes(z.name) || (hint.small || []).includes(z.name);
  const label = zoneLabel(v, z, where);
  const full = z.label || z.name;
  const n = z.cards.length;
  const kind = z.kind;
  const grid = inGrid(v, z);
  let body;
  let cls = `cl-zone cl-${kind}${n ? "" : " cl-zone-empty"}`;
  if ((hint.apart || []).includes(z.name)) cls += " cl-apart";
  if (kind === "board" && z.board) {
    body = boardHtml(v, z);
  } else if (kind === "pile" && !grid) {
    const top = n ? cardHtml(z.cards[n - 1], topOpts(v, z, n - 1)) : '<div class="cl-slot"></div>';
    const under = n > 1 ? '<div class="cl-under"></div>' : "";
    body = `<div class="cl-pile-stack">${under}${top}</div><div class="cl-count">${n}</div>`;
  } else if (kind === "trick") {
    body = trickHtml(v, z);
    if (compact) cls += " cl-small";
  } else if (grid) {
    cls += " cl-column";
    body = n ? z.cards.map((e, i) => cardHtml(e, topOpts(v, z, i))).join("") : '<div class="cl-slot"></div>';
  } else {
    if (compact || where !== "bottom" && kind === "hand") cls += " cl-small";
    if (kind !== "hand" && n > 14) cls += " cl-lots";
    else if (kind !== "hand" && n > 8) cls += " cl-many";
    if (z.cards.some((e) => e.b !== void 0 && printed(e.b))) cls += " cl-printed";
    if (compact && n > 8) {
      body = z.cards.slice(-8).map((e) => cardHtml(e, cardOpts(v, e))).join("") + `<span class="cl-more">${n} cards</span>`;
    } else {
      body = n ? z.cards.map((e, i) => cardHtml(e, { ...topOpts(v, z, i), style: kind === "hand" ? fan(i, n) : "" })).join("") : '<span class="cl-empty">\u2014</span>';
    }
  }
  const tray = trayFor(v, z);
  if (tray) cls += " cl-tray";
  const target = v.targets && v.targets[z.name] !== void 0 ? ` data-target="${esc(v.targets[z.name])}" role="button" tabindex="0"` : "";
  if (target) cls += " cl-target";
  return `<div class="${cls}" data-zone="${esc(z.name)}" data-owner="${z.owner === null ? "" : z.owner}"${target}>
    <div class="cl-zone-label"${label !== full ? ` title="${esc(full)}"` : ""}>${esc(label)}${kind !== "pile" && kind !== "board" && n ? ` \xB7 ${n}` : ""}</div><div class="cl-cards">${body}</div>${kind === "pile" ? "" : backSummary(z.cards)}${tray ? trayHtml(tray) : ""}</div>`;
}
function trayFor(v, z) {
  const t = v.tray;
  return t && z.kind === "selection" && z.name === t.zone && z.owner === t.owner ? t : null;
}
function trayHtml(t) {
  const say = t.summary ? `<div class="cl-tray-summary">${esc(t.summary)}</div>` : "";
  const wait = t.ready || !t.not_ready ? "" : `<div class="cl-tray-wait">not ready: ${esc(t.not_ready)}</div>`;
  const done = t.done ? `<button class="cl-btn cl-primary cl-tray-done" data-act="${esc(t.done)}" title="make the ${esc(t.what)} (Enter)">Done</button>` : `<button class="cl-btn cl-tray-done" disabled title="${esc(t.not_ready || "not ready")}">Done</button>`;
  const back = t.back ? `<button class="cl-btn cl-tray-back" data-act="${esc(t.back)}" title="take back the last pick">Back</button>` : "";
  const cancel = t.cancel ? `<button class="cl-btn cl-tray-cancel" data-act="${esc(t.cancel)}" title="drop the ${esc(t.what)}: nothing changes (Escape)">Cancel</button>` : "";
  const how = '<div class="cl-tray-how">click a card to add it or take it back \xB7 Enter: Done \xB7 Esc: Cancel</div>';
  return `${say}${wait}${how}<div class="cl-tray-buttons" role="group" aria-label="${esc(t.what)}">${done}${back}${cancel}</div>`;
}
function trickHtml(v, z) {
  const places = seatPlaces(v);
  const cards = z.cards.map((e, i) => {
    const seat = z.seats[i];
    const place = seat === void 0 ? null : places[seat];
    const spot = place ? trickSpot(place) : { left: 50, top: 50, tilt: 0 };
    const who = seat === void 0 ? "" : `<span class="cl-trick-name">${esc(v.names[seat])}</span>`;
    const style = `left:${spot.left.toFixed(1)}%;top:${spot.top.toFixed(1)}%;--tilt:${spot.tilt}deg;z-index:${i + 1}`;
    const side = place ? place.side : "center";
    return `<div class="cl-trick-card cl-at-${side}" data-seat="${seat === void 0 ? "" : seat}" style="${style}">${cardHtml(e, cardOpts(v, e))}${who}</div>`;
  });
  return `<div class="cl-trick-area cl-trick-${Math.min(8, v.players)}">${cards.join("") || '<span class="cl-empty"></span>'}</div>`;
}
var sided = (z) => z.team !== null && z.team !== void 0;
function sideHtml(v, t, i) {
  const hide = v.layout && v.layout.hide || [];
  const zones = v.zones.filter((z) => z.owner === null && z.team === i && !hide.includes(z.name));
  const who = t.seats.map((s) => v.names[s]).join(" & ");
  const named = who === t.name ? "" : ` <span class="cl-team-seats">${esc(who)}</span>`;
  const body = zones.map((z) => zoneHtml(v, { ...z, label: sideLabel(z, t) }, "center")).join("");
  return `<div class="cl-team-box" data-team="${i}" aria-label="${esc(t.name)}: ${esc(t.score)} points"><div class="cl-team-head"><span class="cl-team-name">${esc(t.name)}</span>${named}<span class="cl-score cl-team-score" title="the side's score">${esc(t.score)}</span></div>${body ? `<div class="cl-team-zones">${body}</div>` : ""}</div>`;
}
function sideLabel(z, t) {
  const full = z.label || z.name;
  if (!full.startsWith(t.name)) return full;
  return full.slice(t.name.length).replace(/^('s|:)?\s+/, "") || z.name;
}
function centreHtml(v) {
  const order = v.layout.center || [];
  const hide = v.layout.hide || [];
  const grid = v.layout.grid || [];
  const zones = v.zones.filter((z) => z.owner === null && !sided(z) && !hide.includes(z.name));
  const rank = (z) => {
    const i = order.indexOf(z.name);
    return i < 0 ? order.length : i;
  };
  zones.sort((a, b) => rank(a) - rank(b));
  const gridded = zones.filter((z) => grid.some((p) => z.name.startsWith(p)));
  const rest = zones.filter((z) => !gridded.includes(z));
  const gridHtml = grid.map((p) => gridded.filter((z) => z.name.startsWith(p) && !grid.some((q) => q !== p && q.startsWith(p) && z.name.startsWith(q)))).filter((row) => row.length).map((row) => `<div class="cl-grid">${row.map((z) => zoneHtml(v, z, "center")).join("")}</div>`).join("");
  const teams = v.teams || [];
  const sides2 = teams.length ? `<div class="cl-teams">${teams.map((t, i) => sideHtml(v, t, i)).join("")}</div>` : "";
  return `${potsHtml(v)}${sides2}<div class="cl-centre-zones">${rest.map((z) => zoneHtml(v, z, "center")).join("")}</div>${gridHtml}`;
}
function potsHtml(v) {
  const pots = (v.pots || []).map(
    (p) => `<span class="cl-pot" data-pot="${esc(p.name)}">${esc(p.label || p.name)} <b>${esc(p.chips)}</b></span>`
  );
  return pots.length ? `<div class="cl-pots">${pots.join("")}</div>` : "";
}

// src/seats.js
function figuresHtml(seat) {
  const items = Object.entries(seat.values || {}).map(
    ([k, x]) => `<span class="cl-chip" data-figure="${esc(k)}">${esc(words(k))} <b>${esc(shown(x))}</b></span>`
  );
  if (seat.chips !== null && seat.chips !== void 0) {
    items.push(`<span class="cl-chip cl-chips" data-figure="chips">chips <b>${esc(seat.chips)}</b></span>`);
  }
  return items.join("");
}
function seatHtml(v, s, where) {
  const turn = v.to_move.includes(s);
  const you = v.human === s;
  const hide = v.layout && v.layout.hide || [];
  const zones = v.zones.filter((z) => z.owner === s && !hide.includes(z.name));
  zones.sort((a, b) => (a.kind === "hand" ? -1 : 0) - (b.kind === "hand" ? -1 : 0));
  const badge = turn ? `<span class="cl-turn-badge">${you && v.actor === s ? "your turn" : "to play"}</span>` : "";
  const dealer = v.dealer === s ? '<span class="cl-dealer" title="dealer">D</span>' : "";
  const seat = (v.seats || [])[s] || { values: {}, status: "" };
  const figures = figuresHtml(seat);
  const status = seat.status ? `<span class="cl-chip cl-status-chip" data-status="${esc(seat.status)}">${esc(seat.status)}</span>` : "";
  const team = seat.team !== null && seat.team !== void 0 && v.teams && v.teams[seat.team] ? `<span class="cl-chip cl-team-chip">${esc(v.teams[seat.team].name)}</span>` : "";
  const score = `<span class="cl-score" title="total score">${v.scores[s]}</span>`;
  const won = v.terminal && (v.winners || []).includes(s) && v.players > 1 ? '<span class="cl-won-badge">won</span>' : "";
  return `<div class="cl-seat cl-seat-${where}${turn ? " cl-turn" : ""}${seat.status ? " cl-has-status" : ""}${zones.length ? "" : " cl-no-zones"}" data-seat="${s}">
    <div class="cl-seat-id"><div class="cl-seat-head"><span class="cl-name">${esc(v.names[s])}${you ? " (you)" : ""}</span>${dealer}
      ${score}${badge}${won}${status}${team}</div>
    ${figures ? `<div class="cl-seat-figures">${figures}</div>` : ""}</div>
    <div class="cl-seat-zones">${zones.map((z) => zoneHtml(v, z, where)).join("")}</div></div>`;
}

// src/odds.js
function percent(p) {
  if (p > 0 && p < 5e-4) return "<0.1%";
  return `${(100 * p).toFixed(1)}%`;
}
function oddsToggleHtml(v) {
  if (!v.odds) return "";
  const on = v.odds.on ? " checked" : "";
  return `<label class="cl-odds-toggle" title="the exact chances for the seat in view"><input type="checkbox" class="cl-odds-switch"${on}> Odds</label>`;
}
function oddsHtml(v) {
  if (!v.odds || !v.odds.on) return "";
  const who = v.odds.seat === null || v.odds.seat === void 0 ? "what everyone sees" : v.names[v.odds.seat];
  if (!v.odds.lines.length) {
    return `<div class="cl-odds" role="note"><span class="cl-odds-who">Odds for ${esc(who)}:</span> nothing to weigh at this step</div>`;
  }
  const lines = v.odds.lines.map(
    ([label, p]) => `<span class="cl-odds-line"><span class="cl-odds-label">${esc(label)}</span> <b>${percent(p)}</b><span class="cl-odds-bar" style="width:${(100 * p).toFixed(1)}%"></span></span>`
  ).join("");
  return `<div class="cl-odds" role="note"><span class="cl-odds-who">Odds for ${esc(who)}:</span>${lines}</div>`;
}

// src/controls.js
var COMPOSE_OVER = 12;
var CARD_CODE = /^(10|[2-9TJQKA])([CDHS])$/;
function argLabel(x) {
  const m = CARD_CODE.exec(x);
  if (!m) return x;
  const rank = m[1] === "T" ? "10" : m[1];
  return rank + SUIT["CDHS".indexOf(m[2])];
}
function numeric(values) {
  return values.every((x) => /^-?\d+$/.test(x));
}
function pickerValues(args, i, prefix) {
  const fit = args.filter((xs) => prefix.every((p, j) => xs[j] === p));
  const values = [...new Set(fit.map((xs) => xs[i]))];
  if (numeric(values)) values.sort((x, y) => Number(x) - Number(y));
  return values;
}
function composeHtml(verb, acts) {
  const args = acts.map(([a]) => a.split(" ").slice(1));
  const arity = args[0].length;
  let pickers = "";
  const prefix = [];
  for (let i = 0; i < arity; i++) {
    const values = pickerValues(args, i, prefix);
    prefix.push(values[0]);
    const opts = values.map((x) => `<option value="${esc(x)}">${esc(argLabel(x))}</option>`).join("");
    pickers += `<select class="cl-compose-arg" data-index="${i}" aria-label="${esc(verb)}: choice ${i + 1} of ${arity}">${opts}</select>`;
  }
  const data = esc(JSON.stringify(args));
  return `<span class="cl-compose" data-verb="${esc(verb)}" data-args="${data}">${pickers}<button class="cl-btn cl-action cl-compose-go" data-compose="${esc(verb)}">${esc(capital(verb.replace(/_/g, " ")))}</button></span>`;
}
function refreshPickers(span, i) {
  const args = JSON.parse(span.dataset.args);
  const selects = [...span.querySelectorAll(".cl-compose-arg")];
  const prefix = selects.slice(0, i + 1).map((s) => s.value);
  for (let j = i + 1; j < selects.length; j++) {
    const values = pickerValues(args, j, prefix);
    const keep = values.includes(selects[j].value) ? selects[j].value : values[0];
    selects[j].innerHTML = values.map((x) => `<option value="${esc(x)}"${x === keep ? " selected" : ""}>${esc(argLabel(x))}</option>`).join("");
    prefix.push(keep);
  }
}
function rangeHtml(r) {
  const label = capital(r.verb.replace(/_/g, " "));
  const span = r.low === r.high ? `only ${r.low}` : `${r.low} to ${r.high}`;
  return `<span class="cl-compose cl-range" data-verb="${esc(r.verb)}" data-args="[]"><input type="number" class="cl-compose-arg" data-index="0" min="${r.low}" max="${r.high}" step="1" value="${r.low}" aria-label="${esc(r.verb)}: a number from ${r.low} to ${r.high}"><span class="cl-range-span">${span}</span><button class="cl-btn cl-action cl-compose-go" data-compose="${esc(r.verb)}">${esc(label)}</button></span>`;
}
function askHtml(a, lab, question, asking) {
  if (asking === a) {
    return `<span class="cl-ask" role="alertdialog" aria-label="${esc(question)}">${esc(question)} <button class="cl-btn cl-action" data-act="${esc(a)}">Yes, ${esc(lab.toLowerCase())}</button><button class="cl-btn" data-cmd="cancel-ask">No, go on</button></span>`;
  }
  return `<button class="cl-btn cl-asks" data-ask="${esc(a)}" title="${esc(question)}">${esc(lab)}\u2026</button>`;
}
function actionsHtml(buttons, ranges = [], confirm = [], asking = null) {
  const groups = /* @__PURE__ */ new Map();
  const ranged = new Set(ranges.map((r) => r.verb));
  const questions = new Map(confirm);
  let apart = "";
  for (const [a, lab] of buttons) {
    const verb = a.split(" ")[0];
    if (ranged.has(verb)) continue;
    if (questions.has(verb)) {
      apart += askHtml(a, lab, questions.get(verb), asking);
      continue;
    }
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push([a, lab]);
  }
  let out = "";
  for (const [verb, acts] of groups) {
    const arity = acts[0][0].split(" ").length - 1;
    const same = acts.every(([a]) => a.split(" ").length - 1 === arity);
    if (acts.length <= COMPOSE_OVER || !arity || !same) {
      out += acts.map(([a, lab]) => `<button class="cl-btn cl-action" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
    } else {
      out += composeHtml(verb, acts);
    }
  }
  out += ranges.map(rangeHtml).join("");
  return apart ? `${out}<span class="cl-apart-actions">${apart}</span>` : out;
}
function viewOptions(v) {
  const opts = v.names.map((n, s) => [String(s), `${n}${v.human === s ? " (you)" : ""}`]);
  opts.push(["spectator", "Spectator"]);
  if (!v.viewpoints || v.viewpoints.includes("teacher")) opts.push(["teacher", "Teacher (all cards)"]);
  const allowed = v.viewpoints ? opts.filter(([val]) => v.viewpoints.includes(val)) : opts;
  return allowed.map(([val, lab]) => `<option value="${val}"${val === v.viewer ? " selected" : ""}>${esc(lab)}</option>`).join("");
}
var PACES = [0, 0.2, 0.4, 0.8, 1.5];
function controlsHtml(v, pace, replay) {
  const paces = PACES.map((p) => `<option value="${p}"${p === pace ? " selected" : ""}>${p === 0 ? "instant" : p + " s"}</option>`).join("");
  const live = replay ? '<span class="cl-replay-note">a recorded match: step through it</span>' : `<button class="cl-btn" data-cmd="undo" title="take back your last move">Undo</button>
    <button class="cl-btn" data-cmd="hint" title="what the bot would play here, and why (nothing is played)">Hint</button>
    <label>Bot pace <select class="cl-pace" aria-label="bot pace">${paces}</select></label>
    ${oddsToggleHtml(v)}`;
  return `<div class="cl-controls">
    <button class="cl-btn" data-cmd="start" title="to the start" aria-label="to the start">|\u25C0</button>
    <button class="cl-btn" data-cmd="back" title="step back" aria-label="step back">\u25C0</button>
    <input class="cl-scrub" type="range" min="0" max="${v.total}" value="${v.step}" aria-label="replay position">
    <button class="cl-btn" data-cmd="step" title="step forward" aria-label="step forward">\u25B6</button>
    <button class="cl-btn" data-cmd="end" title="to the end" aria-label="to the end">\u25B6|</button>
    <span class="cl-stepno">${v.step} / ${v.total}</span>
    ${live}
  </div>`;
}

// src/log.js
function logHtml(v, extra = "") {
  const items = v.log.map((e) => e.step === null || e.step === void 0 ? `<li>${esc(e.text)}</li>` : `<li data-seek="${e.step}" title="go to step ${e.step}">${esc(e.text)}</li>`).join("");
  return `<aside class="cl-side">${extra}<h4>Table talk</h4><ol class="cl-log">${items}</ol></aside>`;
}

// src/score.js
var signed = (n) => `${n > 0 ? "+" : ""}${n}`;
function resultHtml(v, replay = false) {
  const r = v.result;
  if (!r) return "";
  const lines = r.lines.map((l) => `<tr><td>${esc(l.name)}</td><td class="cl-pts">${signed(l.points)}</td><td>${esc(l.reason)}</td></tr>`).join("");
  const sides2 = (v.teams || []).length && (r.team_points || []).length ? v.teams.map((t, i) => `<tr class="cl-side-line" data-team="${i}"><td><b>${esc(t.name)}</b></td><td class="cl-pts">${signed(r.team_points[i])}</td><td>total ${esc(t.score)}</td></tr>`).join("") : "";
  const totals = sides2 + v.names.map((n, s) => `<tr><td>${esc(n)}</td><td class="cl-pts">${signed(r.points[s])}</td><td>total ${v.scores[s]}</td></tr>`).join("");
  let over;
  if (v.terminal) over = `<div class="cl-over" data-ending="${esc(v.ending || "")}">${endingBadge(v)}${esc(v.outcome)}</div>`;
  else if (replay) over = "";
  else over = '<button class="cl-btn cl-primary" data-cmd="continue">Continue</button>';
  const single = v.players === 1;
  return `<div class="cl-result${single ? "" : " cl-result-wide"}" role="dialog" aria-label="hand score">
    <button class="cl-close" data-cmd="hide-result" title="hide the score to see the table" aria-label="hide the score">\xD7</button><h3>${single ? "Result" : `Hand ${r.hand} scored`}</h3>
    ${r.summary ? `<p>${esc(r.summary)}</p>` : ""}
    <div class="cl-result-body"><div class="cl-result-part"><table class="cl-lines"><tbody>${lines || '<tr><td colspan="3">no points this hand</td></tr>'}</tbody></table></div>
    ${single ? "" : `<div class="cl-result-part"><h4>This hand</h4><table class="cl-lines"><tbody>${totals}</tbody></table></div>`}</div>${over}</div>`;
}
function endingBadge(v) {
  if (v.ending === "no winner") return '<span class="cl-ending cl-ending-none">No winner</span> ';
  return "";
}

// src/status.js
function acting(v) {
  return v.actor !== null && v.actor !== void 0 && v.to_move.includes(v.actor);
}
function statusText(v, replay = false) {
  if (v.message) return v.message;
  if (replay) {
    const who = v.to_move.map((s) => v.names[s]).join(", ");
    const end = v.terminal ? v.players === 1 ? v.outcome : `Game over: ${v.outcome}` : who ? `${who} to play` : "";
    return `Recorded match, step ${v.step} of ${v.total}${end ? ": " + end : ""}`;
  }
  if (v.terminal) return v.players === 1 ? v.outcome : `Game over: ${v.outcome}`;
  if (v.result) return `Hand ${v.result.hand} is over: press Continue to deal the next hand`;
  const branch = v.step < v.total ? ` (step ${v.step} of ${v.total}: a move here replaces the rest)` : "";
  if (acting(v)) {
    const who = v.actor === v.human ? "Your turn" : `${v.names[v.actor]} to play`;
    if (v.prompt) return `${who}: ${v.prompt}${branch}`;
    const what = v.verb ? `${v.verb} a card` : "choose";
    return `${who}: ${what}${v.buttons.length ? v.verb ? " or press a button" : " with a button" : ""}${branch}`;
  }
  const human = v.human !== null && v.human !== void 0;
  if (human && v.to_move.includes(v.human)) {
    return `Your turn: this view cannot play, switch the view to ${v.names[v.human]} (you) or Teacher${branch}`;
  }
  if (v.step < v.total) return `Replay: step ${v.step} of ${v.total}`;
  if (!v.to_move.length) return "";
  return `Waiting for ${v.to_move.map((s) => v.names[s]).join(", ")}`;
}

// src/table.js
var flat = (x) => typeof x !== "object" || x === null;
function infoHtml(v) {
  return Object.entries(v.info).filter(([k]) => k !== "selection").map(([k, x]) => {
    if (Array.isArray(x)) return [k, x.every(flat) && x.length ? x : null];
    if (x && typeof x === "object") {
      const parts = Object.entries(x).filter(([, y]) => flat(y) && y !== null && y !== "");
      return [k, parts.length && parts.length === Object.keys(x).length ? parts.map(([a, y]) => `${words(a)} ${shown(y)}`).join(" \xB7 ") : null];
    }
    return [k, x];
  }).filter(([, x]) => x !== null && x !== "").map(([k, x]) => `<span class="cl-chip">${esc(words(k))}: <b>${esc(shown(x))}</b></span>`).join("");
}
function sides(v) {
  const where = seatPositions(v);
  const bySide = { top: [], left: [], right: [], bottom: [] };
  for (let s = 0; s < v.players; s++) bySide[where[s]].push(seatHtml(v, s, where[s]));
  bySide.left.reverse();
  return bySide;
}
function tableHtml(v, pace, replay = false) {
  const bySide = sides(v);
  const phase = v.phase ? ` \xB7 ${esc(v.phase)}` : "";
  const hand = v.players === 1 ? "" : `hand ${v.hand}`;
  return `${DEFS}
  <div class="cl-top">
    <span class="cl-title">${esc(v.title)}</span><span class="cl-handno">${hand}${hand ? phase : esc(v.phase || "")}</span>
    <span class="cl-info">${infoHtml(v)}</span>
    <label class="cl-viewlabel">View <select class="cl-viewpoint" aria-label="viewpoint">${viewOptions(v)}</select></label>
  </div>
  <div class="cl-main">
    <div class="cl-felt cl-players-${Math.min(8, v.players)}">
      <div class="cl-area cl-area-top">${bySide.top.join("")}</div>
      <div class="cl-area cl-area-left">${bySide.left.join("")}</div>
      <div class="cl-area cl-area-center">${centreHtml(v)}</div>
      <div class="cl-area cl-area-right">${bySide.right.join("")}</div>
      <div class="cl-area cl-area-bottom">${bySide.bottom.join("")}</div>
      ${v.resultHidden ? "" : resultHtml(v, replay)}
    </div>
    ${logHtml(v, replay ? "" : oddsHtml(v))}
  </div>
  <div class="cl-bar"><div class="cl-status" role="status" aria-live="polite"><span class="cl-prompt">${esc(v.thinking || statusText(v, replay))}</span><span class="cl-reason">${esc(v.hint ? v.hint.text : "")}</span></div>
  <div class="cl-actions">${replay ? "" : actionsHtml(v.buttons, v.ranges || [], (v.layout || {}).confirm || [], v.asking || null) + resultButtons(v)}</div></div>
  ${controlsHtml(v, pace, replay)}`;
}
function resultButtons(v) {
  if (!v.result || !v.resultHidden) return "";
  const next = v.terminal ? "" : '<button class="cl-btn cl-primary" data-cmd="continue">Continue</button>';
  return `${next}<button class="cl-btn" data-cmd="show-result">Show the score</button>`;
}

// src/replay.js
function expand(frames) {
  const out = [];
  let cur = null;
  for (const f of frames) {
    if (cur === null) {
      cur = { ...f };
    } else {
      cur = { ...cur };
      for (const [key, x] of Object.entries(f)) cur[key] = patch(cur[key], x);
    }
    out.push(cur);
  }
  return out;
}
function patch(old, x) {
  if (x === null || typeof x !== "object" || Array.isArray(x) || !("$len" in x)) return x;
  const list = (Array.isArray(old) ? old : []).slice(0, x.$len);
  for (const [i, item] of Object.entries(x.$set)) list[Number(i)] = item;
  return list;
}
function replayer(data) {
  const cache = /* @__PURE__ */ new Map();
  const views = (viewer) => {
    if (!cache.has(viewer)) cache.set(viewer, expand(data.frames[viewer] || []));
    return cache.get(viewer);
  };
  return {
    viewpoints: data.viewpoints,
    total: data.total,
    view(viewer, step) {
      const vs = views(viewer);
      const k = Math.max(0, Math.min(vs.length - 1, step));
      return { ...vs[k], viewpoints: data.viewpoints };
    }
  };
}

// src/index.js
function plan(v, key) {
  const acts = key ? v.acts[key] || [] : [];
  if (acts.length === 1) return { play: acts[0][0] };
  if (!acts.length) return null;
  const targets = {};
  const rest = [];
  for (const [a, lab, dest] of acts) {
    if (dest && targets[dest] === void 0) targets[dest] = a;
    else rest.push([a, lab]);
  }
  return { select: key, targets, rest };
}
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cl-root";
  root.tabIndex = 0;
  root.dataset.lmSuppressShortcuts = "true";
  el.appendChild(root);
  let selection = null;
  let asking = null;
  let hidden = null;
  let draft = null;
  let thinking = "";
  let slow = null;
  let live = false;
  let player = null;
  let local = null;
  const embedded = () => {
    const data = model.get("replay");
    return data && data.frames ? data : null;
  };
  const current = () => {
    if (!live && player && local) return player.view(local.viewer, local.step);
    return model.get("view");
  };
  const draw = () => {
    let v = current();
    if (!v || !v.zones) return;
    if (selection) v = { ...v, selected: selection.select, targets: selection.targets };
    if (asking) v = { ...v, asking };
    if (hidden === v.step && v.result) v = { ...v, resultHidden: true };
    if (thinking) v = { ...v, thinking };
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusCode = active && active.dataset ? active.dataset.key : null;
    const hadCardFocus = !!(active && active.classList && active.classList.contains("cl-card"));
    const t0 = performance.now();
    const replaying = !live && !!player;
    root.innerHTML = tableHtml(v, model.get("pace"), replaying);
    root.dataset.step = String(v.step);
    root.dataset.total = String(v.total);
    root.dataset.viewer = v.viewer;
    root.dataset.game = v.game;
    root.dataset.phase = v.phase;
    root.dataset.mode = replaying ? "replay" : "live";
    root.classList.toggle("cl-selecting", !!selection);
    root.classList.toggle("cl-thinking", !!thinking);
    if (draft && draft.step === v.step) restoreDraft(draft.values);
    if (selection && selection.rest.length) chooserFor(root.querySelector(".cl-card.cl-selected"), selection.rest);
    if (v.hint && !selection) {
      const sel = v.hint.key !== null ? `.cl-card.cl-legal[data-key="${CSS.escape(v.hint.key)}"]` : `[data-act="${CSS.escape(v.hint.action)}"]`;
      const target = root.querySelector(sel);
      if (target) target.classList.add("cl-hint");
      else {
        const [verb, n] = v.hint.action.split(" ");
        const box = root.querySelector(`.cl-range[data-verb="${CSS.escape(verb)}"]`);
        if (box && n !== void 0) {
          box.querySelector("input").value = n;
          box.querySelector("button").classList.add("cl-hint");
        }
      }
    }
    root.dataset.drawMs = (performance.now() - t0).toFixed(2);
    const log = root.querySelector(".cl-log");
    if (log) log.scrollTop = log.scrollHeight;
    if (hadCardFocus) {
      const again = focusCode && root.querySelector(`.cl-card.cl-legal[data-key="${CSS.escape(focusCode)}"]`);
      const first = again || root.querySelector(".cl-card.cl-legal");
      (first || root).focus();
    } else if (active === root) {
      root.focus();
    }
  };
  function chooserFor(card, acts) {
    if (!card) return;
    const box = document.createElement("div");
    box.className = "cl-chooser";
    box.innerHTML = acts.map(([a, lab]) => `<button class="cl-btn" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
    card.parentElement.appendChild(box);
    const b = box.querySelector("button");
    if (b) b.focus();
  }
  const readDraft = () => [...root.querySelectorAll(".cl-compose")].map((span) => [
    span.dataset.verb,
    [...span.querySelectorAll(".cl-compose-arg")].map((x) => x.value)
  ]);
  function restoreDraft(values) {
    for (const [verb, picks] of values) {
      const span = root.querySelector(`.cl-compose[data-verb="${CSS.escape(verb)}"]`);
      if (!span) continue;
      span.querySelectorAll(".cl-compose-arg").forEach((x, i) => {
        if (picks[i] === void 0) return;
        if (x.tagName === "SELECT" && ![...x.options].some((o) => o.value === picks[i])) return;
        x.value = picks[i];
        if (x.tagName === "SELECT") refreshPickers(span, i);
      });
    }
  }
  const keepDraft = () => {
    const v = current();
    if (v) draft = { step: v.step, values: readDraft() };
  };
  const explain = (text) => {
    const why = root.querySelector(".cl-reason");
    if (why) why.textContent = text;
  };
  const send = (msg) => {
    try {
      model.send(msg);
    } catch (e) {
    }
  };
  let pending = null;
  const act = (a) => {
    selection = null;
    asking = null;
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
    }, 8e3);
    send({ type: "act", action: a });
  };
  const compose = (go) => {
    keepDraft();
    const picks = [...go.parentElement.querySelectorAll(".cl-compose-arg")].map((x) => x.value);
    act([go.dataset.compose, ...picks].join(" "));
  };
  const pickCard = (card) => {
    const v = current();
    const key = card.dataset.key || card.dataset.code;
    if (selection && selection.select === key) {
      selection = null;
      return draw();
    }
    const p = card.dataset.legal ? plan(v, key) : null;
    if (p && p.play) {
      card.classList.add("cl-sent");
      act(p.play);
    } else if (p) {
      selection = p;
      draw();
    } else if (card.dataset.why !== void 0) {
      explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
    }
  };
  const command = (cmd, step) => {
    if (live || !player) return send(step === void 0 ? { type: cmd } : { type: cmd, step });
    const total = player.total;
    const k = local.step;
    const to = { start: 0, back: k - 1, step: k + 1, end: total, seek: step }[cmd];
    if (to === void 0) return;
    local = { ...local, step: Math.max(0, Math.min(total, to)) };
    draw();
  };
  const onClick = (ev) => {
    const t = ev.target;
    const btn = t.closest("[data-act]");
    if (btn) return act(btn.dataset.act);
    const ask = t.closest("[data-ask]");
    if (ask) {
      asking = ask.dataset.ask;
      draw();
      const no = root.querySelector('[data-cmd="cancel-ask"]');
      if (no) no.focus();
      return;
    }
    const go = t.closest("[data-compose]");
    if (go) return compose(go);
    const cmd = t.closest("[data-cmd]");
    const local2 = { "hide-result": "hide", "show-result": "show", "cancel-ask": "cancel" }[cmd && cmd.dataset.cmd];
    if (local2) {
      if (local2 === "hide") hidden = current().step;
      if (local2 === "show") hidden = null;
      asking = null;
      return draw();
    }
    if (cmd) return command(cmd.dataset.cmd);
    const line = t.closest("[data-seek]");
    if (line) return command("seek", Number(line.dataset.seek));
    const card = t.closest(".cl-card");
    const zone = t.closest("[data-target]");
    if (zone && selection && !(card && card.classList.contains("cl-selected"))) return act(zone.dataset.target);
    if (card && (card.dataset.legal || card.dataset.why !== void 0 || !selection)) return pickCard(card);
    if (zone) return act(zone.dataset.target);
    if (selection) {
      selection = null;
      draw();
    }
  };
  const onOver = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card) explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
    const cell = ev.target.closest && ev.target.closest("[data-preview]");
    if (cell) showPreview(cell.closest(".cl-board-grid"), cell);
  };
  const onOut = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card && !card.contains(ev.relatedTarget)) explain("");
    const cell = ev.target.closest && ev.target.closest("[data-preview]");
    if (cell && !(ev.relatedTarget && ev.relatedTarget.closest && ev.relatedTarget.closest("[data-preview]"))) {
      showPreview(cell.closest(".cl-board-grid"), null);
    }
  };
  const onChange = (ev) => {
    const t = ev.target;
    if (t.classList.contains("cl-viewpoint")) {
      if (!live && player) {
        local = { ...local, viewer: t.value };
        return draw();
      }
      model.set("viewer", t.value);
      model.save_changes();
    } else if (t.classList.contains("cl-pace")) {
      model.set("pace", Number(t.value));
      model.save_changes();
    } else if (t.classList.contains("cl-odds-switch")) {
      model.set("show_odds", t.checked);
      model.save_changes();
    } else if (t.classList.contains("cl-scrub")) {
      command("seek", Number(t.value));
    } else if (t.classList.contains("cl-compose-arg")) {
      refreshPickers(t.closest(".cl-compose"), Number(t.dataset.index));
      keepDraft();
    }
  };
  const onInput = (ev) => {
    if (ev.target.classList.contains("cl-scrub")) {
      const no = root.querySelector(".cl-stepno");
      if (no) no.textContent = `${ev.target.value} / ${ev.target.max}`;
    } else if (ev.target.classList.contains("cl-compose-arg")) {
      keepDraft();
    }
  };
  const onKey = (ev) => {
    if (ev.key === "Escape" && (selection || asking)) {
      selection = null;
      asking = null;
      draw();
      ev.stopPropagation();
      return;
    }
    const tray = current() && current().tray;
    if (tray && ev.key === "Escape" && tray.cancel) {
      act(tray.cancel);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const busyKey = ev.target.closest && ev.target.closest("button, input, select, [data-target]");
    if (tray && ev.key === "Enter" && !busyKey) {
      if (tray.done) act(tray.done);
      else explain(`not ready: ${tray.not_ready}`);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const box = ev.target.closest && ev.target.closest(".cl-compose");
    if (ev.key === "Enter" && box) {
      const go = box.querySelector("[data-compose]");
      if (go) compose(go);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const cards = Array.from(root.querySelectorAll(".cl-card.cl-legal"));
    const cur = document.activeElement;
    const i = cards.indexOf(cur);
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) {
      if (!cards.length || ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
      const d = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 1;
      const j = i < 0 ? d > 0 ? 0 : cards.length - 1 : (i + d + cards.length) % cards.length;
      cards[j].focus();
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === "Enter" || ev.key === " ") && i >= 0) {
      pickCard(cur);
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === "Enter" || ev.key === " ") && cur && cur.dataset && cur.dataset.target) {
      act(cur.dataset.target);
      ev.preventDefault();
      ev.stopPropagation();
    }
  };
  const onView = () => {
    selection = null;
    asking = null;
    clearTimeout(pending);
    pending = null;
    const v = model.get("view");
    if (v && hidden !== null && hidden !== v.step) hidden = null;
    draw();
  };
  const onBusy = () => {
    const busy = model.get("busy") || "";
    clearTimeout(slow);
    if (!busy) {
      if (thinking) {
        thinking = "";
        draw();
      }
      return;
    }
    if (thinking) {
      thinking = busy;
      return draw();
    }
    slow = setTimeout(() => {
      thinking = model.get("busy") || "";
      if (thinking) draw();
    }, 500);
  };
  const onMsg = (msg) => {
    if (msg && msg.type === "done") {
      clearTimeout(pending);
      pending = null;
    }
    if (msg && msg.type === "hello" && !live) {
      live = true;
      draw();
    }
  };
  const onReplay = () => {
    const data = embedded();
    player = data ? replayer(data) : null;
    if (player && !local) {
      const v = model.get("view");
      const viewer = v && player.viewpoints.includes(v.viewer) ? v.viewer : player.viewpoints[0];
      local = { viewer, step: v ? Math.min(v.step, player.total) : player.total };
    }
    draw();
  };
  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseout", onOut);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKey);
  model.on("change:view", onView);
  model.on("change:busy", onBusy);
  model.on("change:replay", onReplay);
  model.on("msg:custom", onMsg);
  onReplay();
  send({ type: "hello" });
  return () => {
    clearTimeout(slow);
    clearTimeout(pending);
    model.off("change:view", onView);
    model.off("change:busy", onBusy);
    model.off("change:replay", onReplay);
    model.off("msg:custom", onMsg);
    root.removeEventListener("click", onClick);
    root.removeEventListener("mouseover", onOver);
    root.removeEventListener("mouseout", onOut);
    root.removeEventListener("change", onChange);
    root.removeEventListener("input", onInput);
    root.removeEventListener("keydown", onKey);
  };
}
var index_default = { render };
export {
  index_default as default,
  plan
};
