// cardlab card table: draws the JSON view sent by cardlab.widgets.Table.
// Plain ES module, no imports: cards are SVG strings built here.

const SUIT = ["♣", "♦", "♥", "♠"];
// The suit palette: cardlab.core.cards.SUIT_COLOURS (a test keeps the two the same).
const SUIT_COLOUR = ["#17692f", "#1d5fc2", "#c8102e", "#161616"];
const RANK = ["★", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const POSITIONS = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top", "top", "right"],
  6: ["bottom", "left", "left", "top", "right", "right"],
};

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function suitColour(ch) {
  const i = SUIT.indexOf(ch);
  return i < 0 ? "#333" : SUIT_COLOUR[i];
}

// ------------------------------------------------------------------ cards
function faceSvg(e) {
  const joker = e.s < 0;
  const col = joker ? "#7a1fa2" : SUIT_COLOUR[e.s];
  const sym = joker ? "★" : SUIT[e.s];
  const rank = joker ? "JK" : RANK[e.r];
  let centre;
  if (joker) {
    centre = `<text x="30" y="50" font-size="26" text-anchor="middle" fill="${col}">★</text>
      <text x="30" y="64" font-size="8" text-anchor="middle" fill="${col}" font-weight="700">JOKER</text>`;
  } else if (e.r >= 11) {
    centre = `<rect x="14" y="20" width="32" height="44" rx="3" fill="${col}" fill-opacity="0.08" stroke="${col}" stroke-width="1"/>
      <text x="30" y="46" font-size="20" font-weight="700" text-anchor="middle" fill="${col}">${rank}</text>
      <text x="30" y="60" font-size="11" text-anchor="middle" fill="${col}">${sym}</text>`;
  } else {
    centre = `<text x="30" y="53" font-size="26" text-anchor="middle" fill="${col}">${sym}</text>`;
  }
  const small = rank.length > 1 ? 10 : 12;
  return `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fffef9" stroke="#9a9a9a" stroke-width="1.2"/>
    <g font-family="Georgia, 'DejaVu Serif', serif">
    <text x="5" y="14" font-size="${small}" font-weight="700" fill="${col}">${rank}</text>
    <text x="5" y="25" font-size="10" fill="${col}">${sym}</text>
    <g transform="rotate(180 30 42)"><text x="5" y="14" font-size="${small}" font-weight="700" fill="${col}">${rank}</text>
    <text x="5" y="25" font-size="10" fill="${col}">${sym}</text></g>
    ${centre}</g>`;
}

function backSvg(design) {
  let deco = "";
  if (design && design !== "plain" && design !== "hidden") {
    const chars = Array.from(design);
    const n = chars.length;
    const size = n <= 2 ? 20 : n === 3 ? 16 : 13;
    const step = n <= 1 ? 0 : Math.min(15, 44 / (n - 1));
    const x0 = 30 - (step * (n - 1)) / 2;
    deco = `<rect x="9" y="26" width="42" height="32" rx="6" fill="#fffef9" stroke="#d9c58b" stroke-width="1"/>` +
      chars.map((ch, i) => `<text x="${x0 + i * step}" y="${48 + (size - 20) / 4}" font-size="${size}" text-anchor="middle" fill="${suitColour(ch)}">${esc(ch)}</text>`).join("");
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
  if (e.c !== undefined) {
    inner = faceSvg(e);
    label = e.t;
    attrs.push(`data-code="${esc(e.c)}"`);
    if (e.peek !== undefined) {
      cls.push("cl-peek");
      attrs.push(`data-peek="${esc(e.peek)}"`);
      label += " (hidden)";
      inner += `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="none" stroke="#e08a00" stroke-width="2.5" stroke-dasharray="4 3"/>
        <rect x="2" y="72" width="28" height="10" rx="2" fill="#e08a00"/><text x="16" y="79.5" font-size="7" text-anchor="middle" fill="#fff" font-family="sans-serif">hidden</text>`;
    }
  } else {
    inner = backSvg(e.b);
    cls.push("cl-back");
    label = e.b && e.b !== "plain" && e.b !== "hidden" ? `card back ${e.b}` : "card back";
    attrs.push(`data-back="${esc(e.b || "plain")}"`);
  }
  if (opts.legal) {
    cls.push("cl-legal");
    attrs.push(`data-legal="1" data-key="${esc(opts.key)}" role="button" tabindex="-1"`);
  } else if (opts.why !== undefined) {
    cls.push("cl-illegal");
    attrs.push(`data-why="${esc(opts.why)}" aria-disabled="true" title="${esc(opts.why)}"`);
  }
  if (opts.style) attrs.push(`style="${opts.style}"`);
  return `<svg class="${cls.join(" ")}" viewBox="0 0 60 84" aria-label="${esc(label)}" ${attrs.join(" ")}>${inner}</svg>`;
}

// ------------------------------------------------------------------ zones
function cardOpts(v, e, stack) {
  if (e.c !== undefined && v.acts[e.c]) return { legal: true, key: e.c };
  if (stack && v.acts[stack]) return { legal: true, key: stack };
  if (e.c !== undefined && v.why[e.c] !== undefined) return { why: v.why[e.c] };
  return {};
}

function topOpts(v, z, i) {
  const e = z.cards[i];
  return cardOpts(v, e, i === z.cards.length - 1 ? "@" + z.name : null);
}

function zoneHtml(v, z, where) {
  const hint = v.layout || {};
  const compact = (hint.compact || []).includes(z.name) || (hint.small || []).includes(z.name);
  const label = z.label || z.name;
  const n = z.cards.length;
  const kind = z.kind;
  let body;
  let cls = `cl-zone cl-${kind}`;
  if (kind === "pile" && !(hint.grid || []).some((p) => z.name.startsWith(p))) {
    const top = n ? cardHtml(z.cards[n - 1], topOpts(v, z, n - 1)) : '<div class="cl-slot"></div>';
    const under = n > 1 ? '<div class="cl-under"></div>' : "";
    body = `<div class="cl-pile-stack">${under}${top}</div><div class="cl-count">${n}</div>`;
  } else if (kind === "trick") {
    body = trickHtml(v, z);
    if (compact) cls += " cl-small";
  } else if ((hint.grid || []).some((p) => z.name.startsWith(p))) {
    cls += " cl-column";
    body = n ? z.cards.map((e, i) => cardHtml(e, topOpts(v, z, i))).join("") : '<div class="cl-slot"></div>';
  } else {
    if (compact || (where !== "bottom" && kind === "hand")) cls += " cl-small";
    if (compact && n > 8) {
      body = z.cards.slice(-8).map((e) => cardHtml(e, cardOpts(v, e))).join("") + `<span class="cl-more">${n} cards</span>`;
    } else {
      body = n
        ? z.cards.map((e, i) => cardHtml(e, { ...topOpts(v, z, i), style: kind === "hand" ? fan(i, n) : "" })).join("")
        : '<span class="cl-empty">—</span>';
    }
  }
  return `<div class="${cls}" data-zone="${esc(z.name)}" data-owner="${z.owner === null ? "" : z.owner}">
    <div class="cl-zone-label">${esc(label)}${kind !== "pile" && n ? ` · ${n}` : ""}</div><div class="cl-cards">${body}</div>${kind === "pile" ? "" : backSummary(z.cards)}</div>`;
}

// What the printed backs of a zone's hidden cards show, design by design (♣♦♥♠₂ ♦♥),
// so a fanned hand's Foresight backs can be read at a glance.
function backSummary(cards) {
  const counts = new Map();
  for (const e of cards) {
    if (e.b !== undefined && e.b && e.b !== "plain" && e.b !== "hidden") counts.set(e.b, (counts.get(e.b) || 0) + 1);
  }
  if (!counts.size) return "";
  const items = [...counts].map(([design, n]) => {
    const syms = [...design].map((ch) => `<span style="color:${suitColour(ch)}">${esc(ch)}</span>`).join("");
    return `<span class="cl-back-kind" data-design="${esc(design)}" data-count="${n}">${syms}${n > 1 ? `<sub>${n}</sub>` : ""}</span>`;
  });
  return `<div class="cl-back-summary" title="the suits printed on the hidden cards' backs">${items.join(" ")}</div>`;
}

function fan(i, n) {
  if (n < 2) return "";
  const spread = Math.min(2.2, 26 / n);
  const a = (i - (n - 1) / 2) * spread;
  const y = Math.abs(a) * 0.9;
  return `--fan:${a.toFixed(2)}deg;--lift:${y.toFixed(1)}px`;
}

function trickHtml(v, z) {
  const where = seatPositions(v);
  const cards = z.cards.map((e, i) => {
    const seat = z.seats[i];
    const pos = seat === undefined ? "center" : where[seat];
    // each card lies in front of its player, with the player's name on its outer edge
    const who = seat === undefined ? "" : `<span class="cl-trick-name">${esc(v.names[seat])}</span>`;
    return `<div class="cl-trick-card cl-at-${pos}" data-seat="${seat === undefined ? "" : seat}">${cardHtml(e, cardOpts(v, e))}${who}</div>`;
  });
  return `<div class="cl-trick-area">${cards.join("") || '<span class="cl-empty"></span>'}</div>`;
}

function bottomSeat(v) {
  if (/^\d+$/.test(v.viewer)) return Number(v.viewer);
  return v.human === null || v.human === undefined ? 0 : v.human;
}

function seatPositions(v) {
  const n = v.players;
  const pos = POSITIONS[n] || POSITIONS[6];
  const b = bottomSeat(v);
  const out = {};
  for (let s = 0; s < n; s++) out[s] = pos[(s - b + n) % n] || "top";
  return out;
}

// ------------------------------------------------------------------ table
function seatHtml(v, s, where) {
  const turn = v.to_move.includes(s);
  const you = v.human === s;
  const zones = v.zones.filter((z) => z.owner === s && !(v.layout.hide || []).includes(z.name));
  zones.sort((a, b) => (a.kind === "hand" ? -1 : 0) - (b.kind === "hand" ? -1 : 0));
  const badge = turn ? `<span class="cl-turn-badge">${you ? "your turn" : "to play"}</span>` : "";
  const dealer = v.dealer === s ? '<span class="cl-dealer" title="dealer">D</span>' : "";
  const seat = (v.seats || [])[s] || { values: {}, status: "" };
  const figures = Object.entries(seat.values)
    .map(([k, x]) => `<span class="cl-chip">${esc(k.replace(/_/g, " "))} <b>${esc(Array.isArray(x) ? x.join("-") : x === null ? "—" : x)}</b></span>`)
    .join("");
  const status = seat.status ? `<span class="cl-chip cl-status-chip">${esc(seat.status)}</span>` : "";
  return `<div class="cl-seat cl-seat-${where}${turn ? " cl-turn" : ""}" data-seat="${s}">
    <div class="cl-seat-head"><span class="cl-name">${esc(v.names[s])}${you ? " (you)" : ""}</span>${dealer}
      <span class="cl-score">${v.scores[s]}</span>${badge}${status}</div>
    ${figures ? `<div class="cl-seat-figures">${figures}</div>` : ""}
    <div class="cl-seat-zones">${zones.map((z) => zoneHtml(v, z, where)).join("")}</div></div>`;
}

function centreHtml(v) {
  const order = v.layout.center || [];
  const hide = v.layout.hide || [];
  const grid = v.layout.grid || [];
  const zones = v.zones.filter((z) => z.owner === null && !hide.includes(z.name));
  const rank = (z) => {
    const i = order.indexOf(z.name);
    return i < 0 ? order.length : i;
  };
  zones.sort((a, b) => rank(a) - rank(b));
  const inGrid = zones.filter((z) => grid.some((p) => z.name.startsWith(p)));
  const rest = zones.filter((z) => !inGrid.includes(z));
  const gridHtml = grid
    .map((p) => inGrid.filter((z) => z.name.startsWith(p) && !grid.some((q) => q !== p && q.startsWith(p) && z.name.startsWith(q))))
    .filter((row) => row.length)
    .map((row) => `<div class="cl-grid">${row.map((z) => zoneHtml(v, z, "center")).join("")}</div>`)
    .join("");
  return `<div class="cl-centre-zones">${rest.map((z) => zoneHtml(v, z, "center")).join("")}</div>${gridHtml}`;
}

function resultHtml(v) {
  const r = v.result;
  if (!r) return "";
  const lines = r.lines.map((l) => `<tr><td>${esc(l.name)}</td><td class="cl-pts">${l.points > 0 ? "+" : ""}${l.points}</td><td>${esc(l.reason)}</td></tr>`).join("");
  const totals = v.names.map((n, s) => `<tr><td>${esc(n)}</td><td class="cl-pts">${r.points[s] > 0 ? "+" : ""}${r.points[s]}</td><td>total ${v.scores[s]}</td></tr>`).join("");
  const over = v.terminal
    ? `<div class="cl-over">Game over: ${esc(v.outcome)}</div>`
    : '<button class="cl-btn cl-primary" data-cmd="continue">Continue</button>';
  return `<div class="cl-result" role="dialog" aria-label="hand score">
    <button class="cl-close" data-cmd="hide-result" title="hide" aria-label="hide the score">×</button><h3>Hand ${r.hand} scored</h3>
    ${r.summary ? `<p>${esc(r.summary)}</p>` : ""}
    <table class="cl-lines"><tbody>${lines || '<tr><td colspan="3">no points this hand</td></tr>'}</tbody></table>
    <h4>This hand</h4><table class="cl-lines"><tbody>${totals}</tbody></table>${over}</div>`;
}

function statusText(v) {
  if (v.message) return v.message;
  if (v.terminal) return `Game over: ${v.outcome}`;
  if (v.human !== null && v.to_move.includes(v.human) && String(v.human) === v.viewer) {
    // Stepped back: playing here starts a new line of play from this step.
    const branch = v.step < v.total ? ` (step ${v.step} of ${v.total}: a move here replaces the rest)` : "";
    if (v.prompt) return `Your turn: ${v.prompt}${branch}`;
    const what = v.verb ? `${v.verb} a card` : "choose";
    return `Your turn: ${what}${v.buttons.length ? (v.verb ? " or press a button" : " with a button") : ""}${branch}`;
  }
  if (v.step < v.total) return `Replay: step ${v.step} of ${v.total}`;
  if (!v.to_move.length) return "";
  return `Waiting for ${v.to_move.map((s) => v.names[s]).join(", ")}`;
}

function infoHtml(v) {
  return Object.entries(v.info)
    .filter(([, x]) => x !== null && x !== "")
    .map(([k, x]) => `<span class="cl-chip">${esc(k.replace(/_/g, " "))}: <b>${esc(x === true ? "yes" : x === false ? "no" : x)}</b></span>`)
    .join("");
}

function viewOptions(v) {
  const opts = v.names.map((n, s) => [String(s), `${n}${v.human === s ? " (you)" : ""}`]);
  opts.push(["spectator", "Spectator"], ["teacher", "Teacher (all cards)"]);
  return opts.map(([val, lab]) => `<option value="${val}"${val === v.viewer ? " selected" : ""}>${esc(lab)}</option>`).join("");
}

// Many actions of one verb with numeric arguments (Foresight's "bid 3 4 5") get one
// picker per argument and a single button instead of hundreds of buttons; the engine
// checks the composed action and explains a refusal.
const COMPOSE_OVER = 12;

function actionsHtml(buttons) {
  const groups = new Map();
  for (const [a, lab] of buttons) {
    const verb = a.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push([a, lab]);
  }
  let out = "";
  for (const [verb, acts] of groups) {
    const args = acts.map(([a]) => a.split(" ").slice(1));
    const arity = args[0].length;
    const numeric = args.every((xs) => xs.length === arity && xs.every((x) => /^\d+$/.test(x)));
    if (acts.length <= COMPOSE_OVER || !arity || !numeric) {
      out += acts.map(([a, lab]) => `<button class="cl-btn cl-action" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
      continue;
    }
    const word = verb.charAt(0).toUpperCase() + verb.slice(1);
    let pickers = "";
    for (let i = 0; i < arity; i++) {
      const values = [...new Set(args.map((xs) => Number(xs[i])))].sort((x, y) => x - y);
      const opts = values.map((n) => `<option value="${n}">${n}</option>`).join("");
      pickers += `<select class="cl-compose-arg" aria-label="${esc(verb)} number ${i + 1}">${opts}</select>`;
    }
    out += `<span class="cl-compose" data-verb="${esc(verb)}">${pickers}<button class="cl-btn cl-action cl-compose-go" data-compose="${esc(verb)}">${esc(word)}</button></span>`;
  }
  return out;
}

function tableHtml(v, pace) {
  const where = seatPositions(v);
  const bySide = { top: [], left: [], right: [], bottom: [] };
  for (let s = 0; s < v.players; s++) bySide[where[s]].push(seatHtml(v, s, where[s]));
  const buttons = actionsHtml(v.buttons);
  const paces = [0, 0.2, 0.4, 0.8, 1.5].map((p) => `<option value="${p}"${p === pace ? " selected" : ""}>${p === 0 ? "instant" : p + " s"}</option>`).join("");
  // The hand's narration, numbered by step; a click on a line seeks to its step.
  const log = v.log
    .map((e) => (e.step === null
      ? `<li>${esc(e.text)}</li>`
      : `<li value="${e.step}" data-seek="${e.step}" title="go to step ${e.step}">${esc(e.text)}</li>`))
    .join("");
  return `<svg width="0" height="0" style="position:absolute"><defs><pattern id="cl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#2f5597"/></pattern></defs></svg>
  <div class="cl-top">
    <span class="cl-title">${esc(v.title)}</span><span class="cl-handno">hand ${v.hand} · ${esc(v.phase)}</span>
    <span class="cl-info">${infoHtml(v)}</span>
    <label class="cl-viewlabel">View <select class="cl-viewpoint" aria-label="viewpoint">${viewOptions(v)}</select></label>
  </div>
  <div class="cl-main">
    <div class="cl-felt">
      <div class="cl-area cl-area-top">${bySide.top.join("")}</div>
      <div class="cl-area cl-area-left">${bySide.left.join("")}</div>
      <div class="cl-area cl-area-center">${centreHtml(v)}${resultHtml(v)}</div>
      <div class="cl-area cl-area-right">${bySide.right.join("")}</div>
      <div class="cl-area cl-area-bottom">${bySide.bottom.join("")}</div>
    </div>
    <aside class="cl-side"><h4>Table talk</h4><ol class="cl-log">${log}</ol></aside>
  </div>
  <div class="cl-status" role="status" aria-live="polite"><span class="cl-prompt">${esc(statusText(v))}</span><span class="cl-reason">${esc(v.hint ? v.hint.text : "")}</span></div>
  <div class="cl-actions">${buttons}</div>
  <div class="cl-controls">
    <button class="cl-btn" data-cmd="start" title="to the start" aria-label="to the start">|◀</button>
    <button class="cl-btn" data-cmd="back" title="step back" aria-label="step back">◀</button>
    <input class="cl-scrub" type="range" min="0" max="${v.total}" value="${v.step}" aria-label="replay position">
    <button class="cl-btn" data-cmd="step" title="step forward" aria-label="step forward">▶</button>
    <button class="cl-btn" data-cmd="end" title="to the end" aria-label="to the end">▶|</button>
    <span class="cl-stepno">${v.step} / ${v.total}</span>
    <button class="cl-btn" data-cmd="undo" title="take back your last move">Undo</button>
    <button class="cl-btn" data-cmd="hint" title="what the bot would play here, and why (nothing is played)">Hint</button>
    <label>Bot pace <select class="cl-pace" aria-label="bot pace">${paces}</select></label>
  </div>`;
}

// ------------------------------------------------------------------ widget
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cl-root";
  root.tabIndex = 0;
  root.dataset.lmSuppressShortcuts = "true"; // arrows and Enter belong to the table
  el.appendChild(root);
  let chooser = null;

  const draw = () => {
    const v = model.get("view");
    if (!v || !v.zones) return;
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusCode = active && active.dataset ? active.dataset.key : null;
    const hadCardFocus = !!(active && active.classList && active.classList.contains("cl-card"));
    const t0 = performance.now();
    root.innerHTML = tableHtml(v, model.get("pace"));
    root.dataset.step = String(v.step);
    root.dataset.total = String(v.total);
    root.dataset.viewer = v.viewer;
    root.dataset.game = v.game;
    root.dataset.phase = v.phase;
    chooser = null;
    if (v.hint) {
      // the suggested card (or button) glows; nothing is played
      const sel = v.hint.key !== null
        ? `.cl-card.cl-legal[data-key="${CSS.escape(v.hint.key)}"]`
        : `[data-act="${CSS.escape(v.hint.action)}"]`;
      const target = root.querySelector(sel);
      if (target) target.classList.add("cl-hint");
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

  // A refusal's reason goes beside the prompt, which always stays in view.
  const explain = (text) => {
    const why = root.querySelector(".cl-reason");
    if (why) why.textContent = text;
  };

  const act = (a) => model.send({ type: "act", action: a });

  const pickCard = (card) => {
    const v = model.get("view");
    const key = card.dataset.key || card.dataset.code;
    const acts = key ? v.acts[key] : null;
    if (acts && acts.length === 1) {
      card.classList.add("cl-sent");
      act(acts[0][0]);
    } else if (acts && acts.length > 1) {
      if (chooser) chooser.remove();
      chooser = document.createElement("div");
      chooser.className = "cl-chooser";
      chooser.innerHTML = acts.map(([a, lab]) => `<button class="cl-btn" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
      card.parentElement.appendChild(chooser);
      const b = chooser.querySelector("button");
      if (b) b.focus();
    } else if (card.dataset.why !== undefined) {
      explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
    }
  };

  const onClick = (ev) => {
    const t = ev.target;
    const btn = t.closest("[data-act]");
    if (btn) return act(btn.dataset.act);
    const go = t.closest("[data-compose]");
    if (go) {
      const picks = [...go.parentElement.querySelectorAll(".cl-compose-arg")].map((x) => x.value);
      return act([go.dataset.compose, ...picks].join(" "));
    }
    const cmd = t.closest("[data-cmd]");
    if (cmd && cmd.dataset.cmd === "hide-result") {
      const panel = root.querySelector(".cl-result");
      if (panel) panel.remove();
      return;
    }
    if (cmd) return model.send({ type: cmd.dataset.cmd });
    const line = t.closest("[data-seek]");
    if (line) return model.send({ type: "seek", step: Number(line.dataset.seek) });
    const card = t.closest(".cl-card");
    if (card) pickCard(card);
  };
  const onOver = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card) explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
  };
  const onOut = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card && !card.contains(ev.relatedTarget)) explain("");
  };
  const onChange = (ev) => {
    const t = ev.target;
    if (t.classList.contains("cl-viewpoint")) {
      model.set("viewer", t.value);
      model.save_changes();
    } else if (t.classList.contains("cl-pace")) {
      model.set("pace", Number(t.value));
      model.save_changes();
    } else if (t.classList.contains("cl-scrub")) {
      model.send({ type: "seek", step: Number(t.value) });
    }
  };
  const onInput = (ev) => {
    if (ev.target.classList.contains("cl-scrub")) {
      const no = root.querySelector(".cl-stepno");
      if (no) no.textContent = `${ev.target.value} / ${ev.target.max}`;
    }
  };
  const onKey = (ev) => {
    const cards = Array.from(root.querySelectorAll(".cl-card.cl-legal"));
    const cur = document.activeElement;
    const i = cards.indexOf(cur);
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) {
      if (!cards.length || ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
      const d = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 1;
      const j = i < 0 ? (d > 0 ? 0 : cards.length - 1) : (i + d + cards.length) % cards.length;
      cards[j].focus();
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === "Enter" || ev.key === " ") && i >= 0) {
      pickCard(cur);
      ev.preventDefault();
      ev.stopPropagation();
    }
  };
  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseout", onOut);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKey);
  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("mouseover", onOver);
    root.removeEventListener("mouseout", onOut);
    root.removeEventListener("change", onChange);
    root.removeEventListener("input", onInput);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
