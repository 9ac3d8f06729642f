// Cards as SVG strings: faces, backs (plain or printed with Foresight suits) and the
// summary of a zone's printed backs.
import { esc } from "./util.js";

export const SUIT = ["♣", "♦", "♥", "♠"];
// The suit palette: cardlab.core.cards.SUIT_COLOURS (a test keeps the two the same).
export const SUIT_COLOUR = ["#17692f", "#1d5fc2", "#c8102e", "#161616"];
export const RANK = ["★", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** The pattern every card back fills with (put once in each drawing). */
export const DEFS = `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs><pattern id="cl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="6" fill="#2f5597"/></pattern></defs></svg>`;

export function suitColour(ch) {
  const i = SUIT.indexOf(ch);
  return i < 0 ? "#333" : SUIT_COLOUR[i];
}

/** True for a back that prints suits (a Foresight back), false for a plain one. */
export function printed(design) {
  return !!design && design !== "plain" && design !== "hidden";
}

/** A card's face; ``bare`` leaves a number card's middle empty (its pips are drawn on the
 * board around it, as marks on a lattice's cells). */
export function faceSvg(e, bare = false, height = 84) {
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

// Where a back's printed suits go: one to four symbols, in a box that always holds them.
// Two rows for four suits, so each symbol stays large enough to read on a small card.
export function backSymbols(design) {
  const chars = Array.from(design);
  const n = chars.length;
  const rows = n === 4 ? [chars.slice(0, 2), chars.slice(2)] : [chars];
  const size = n === 4 ? 17 : n === 3 ? 15 : 20;
  const out = [];
  rows.forEach((row, r) => {
    const step = row.length === 3 ? 13 : 16;
    const x0 = 30 - (step * (row.length - 1)) / 2;
    const y = rows.length === 1 ? 48 + (size - 20) / 4 : 40 + r * 16;
    row.forEach((ch, i) => out.push({ ch, x: x0 + i * step, y, size }));
  });
  return out;
}

export function backSvg(design) {
  let deco = "";
  if (printed(design)) {
    deco = `<rect x="8" y="24" width="44" height="36" rx="6" fill="#fffef9" stroke="#d9c58b" stroke-width="1"/>` +
      backSymbols(design)
        .map((p) => `<text x="${p.x}" y="${p.y}" font-size="${p.size}" text-anchor="middle" fill="${suitColour(p.ch)}">${esc(p.ch)}</text>`)
        .join("");
  }
  return `<rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fffef9" stroke="#9a9a9a" stroke-width="1.2"/>
    <rect x="4" y="4" width="52" height="76" rx="3" fill="#24427a"/>
    <rect x="4" y="4" width="52" height="76" rx="3" fill="url(#cl-hatch)"/>
    <rect x="7" y="7" width="46" height="70" rx="2" fill="none" stroke="#c9b26b" stroke-width="1"/>${deco}`;
}

/**
 * One card as an SVG element: a face {c, t, r, s}, a teacher's peek (a face plus the back it
 * shows the players) or a back {b}.  ``opts``: ``legal`` and ``key`` (clickable), ``why``
 * (a refusal's reason), ``style``, ``mark`` (a small label in the corner, such as "laid off").
 */
export function cardHtml(e, opts = {}) {
  const cls = ["cl-card"];
  const attrs = [];
  let inner;
  let label;
  if (e.c !== undefined) {
    inner = faceSvg(e, !!opts.bare, opts.height || 84);
    label = e.t;
    attrs.push(`data-code="${esc(e.c)}"`);
    if (e.peek !== undefined) {
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
  } else if (opts.why !== undefined) {
    cls.push("cl-illegal");
    attrs.push(`data-why="${esc(opts.why)}" aria-disabled="true" title="${esc(opts.why)}"`);
  }
  if (opts.selected) cls.push("cl-selected");
  if (opts.style) attrs.push(`style="${opts.style}"`);
  return `<svg class="${cls.join(" ")}" viewBox="0 0 60 ${opts.height || 84}" aria-label="${esc(label)}" ${attrs.join(" ")}>${inner}</svg>`;
}

/**
 * What the printed backs of a zone's hidden cards show, design by design (♣♦♥♠₂ ♦♥), so a
 * fanned hand's Foresight backs can be read at a glance.  "" when no back prints suits.
 */
export function backSummary(cards) {
  const counts = new Map();
  for (const e of cards) {
    if (e.b !== undefined && printed(e.b)) counts.set(e.b, (counts.get(e.b) || 0) + 1);
  }
  if (!counts.size) return "";
  const items = [...counts].map(([design, n]) => {
    const syms = [...design].map((ch) => `<span style="color:${suitColour(ch)}">${esc(ch)}</span>`).join("");
    return `<span class="cl-back-kind" data-design="${esc(design)}" data-count="${n}">${syms}${n > 1 ? `<sub>${n}</sub>` : ""}</span>`;
  });
  return `<div class="cl-back-summary" title="the suits printed on the hidden cards' backs">${items.join(" ")}</div>`;
}
