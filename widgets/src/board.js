// A board zone drawn to scale: each card on its cell, tokens (a pawn: a tagged card on
// top) standing on the card under them, empty cells as holes or free spaces, gaps left
// blank, and the cells a legal move names lit up: clicking one makes that move.  Once a
// card is picked up from a hand, the cells it may be laid on are lit the same way.
import { esc } from "./util.js";
import { cardHtml } from "./cards.js";

// A board card's size and the gap between cells come from the stylesheet (--board-w,
// --board-h, --board-gap: smaller on short screens), so the whole board scales as one.

/** The cards of a board zone by cell, bottom first: ``{"r,c": [{e, tag, turn}]}``. */
export function byCell(z) {
  const out = {};
  z.cards.forEach((e, i) => {
    const [r, c, turn] = z.at[i];
    (out[`${r},${c}`] ||= []).push({ e, tag: (z.tags && z.tags[i]) || "", turn: turn || 0 });
  });
  return out;
}

/** A grid board this many cells across or more draws its cards smaller (``cl-board-wide``). */
export const WIDE = 12;

function cellStyle(b, r, c, h, w) {
  return `grid-row:${r - b.top + 1} / span ${h};grid-column:${c - b.left + 1} / span ${w}`;
}

/**
 * The board: a CSS grid of ``rows`` × ``cols`` cells.  On a grid board (span 1 × 1) a
 * cell is one card; on a lattice a card spans ``span`` cells (turned: the other way).
 */
export function boardHtml(v, z) {
  const b = z.board;
  const [sh, sw] = b.span || [1, 1];
  const lattice = sh !== 1 || sw !== 1;
  const cw = lattice ? `calc(var(--board-w) / ${sw})` : "calc(var(--board-w) + var(--board-gap))";
  const ch = lattice ? `calc(var(--board-h) / ${sh})` : "calc(var(--board-h) + var(--board-gap))";
  const stacks = byCell(z);
  const lit = (v.cells && v.cells[z.name]) || {};
  const movers = new Set((v.to_move || []).map((s) => v.names[s]));
  const parts = [];
  for (const [r, c, name] of b.cells) {
    const stack = stacks[`${r},${c}`] || [];
    const acts = lit[name];
    // a card picked up from a hand may go to this cell: clicking it lays the card there
    const target = v.targets && v.targets[`${z.name}:${name}`];
    const dest = acts && acts.length
      ? ` data-act="${esc(acts[0][0])}" role="button" tabindex="0" aria-label="${esc(acts[0][1])}" title="${esc(acts[0][1])}"`
      : target !== undefined
        ? ` data-target="${esc(target)}" role="button" tabindex="0" aria-label="${esc(target)}" title="${esc(target)}"`
        : "";
    const cls = `cl-cell${dest ? " cl-dest" : ""}${target !== undefined ? " cl-target" : ""}${stack.length ? "" : " cl-hole"}`;
    const base = stack.filter((s) => !s.tag);
    const tokens = stack.filter((s) => s.tag);
    let inner = "";
    if (!lattice) {
      inner = base.length ? cardHtml(base[base.length - 1].e, {}) : `<span class="cl-hole-mark">${esc(b.empty || "")}</span>`;
      inner += tokens
        .map((t) => `<div class="cl-token${movers.has(t.tag) ? " cl-mover" : ""}" data-token="${esc(t.tag)}">${cardHtml(t.e, {})}<span class="cl-token-name">${esc(t.tag)}</span></div>`)
        .join("");
      parts.push(`<div class="${cls}" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"${dest}>${inner}</div>`);
    } else {
      // a lattice cell is finer than a card: the empty cell is a click target only
      parts.push(`<div class="${cls} cl-lattice-cell" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"${dest}></div>`);
    }
  }
  if (lattice) {
    // each card over the cells it covers, later cards on top
    z.cards.forEach((e, i) => {
      const [r, c, turn] = z.at[i];
      const odd = (turn || 0) % 2 === 1;
      const [h, w] = odd ? [sw, sh] : [sh, sw];
      // a turned card: the upright card's box, rotated a quarter into the wide box
      const turned = odd ? "width:var(--board-h);height:var(--board-w);transform:translate(-50%, -50%) rotate(90deg)" : "";
      parts.push(`<div class="cl-lattice-card${odd ? " cl-turned" : ""}" style="${cellStyle(b, r, c, h, w)};z-index:${i + 1}">${cardHtml(e, { style: turned })}</div>`);
    });
  }
  const style = `grid-template-columns:repeat(${b.cols}, ${cw});grid-template-rows:repeat(${b.rows}, ${ch})`;
  const wide = !lattice && b.cols >= WIDE ? " cl-board-wide" : "";
  return `<div class="cl-board-grid${lattice ? " cl-lattice" : ""}${wide}" data-rows="${b.rows}" data-cols="${b.cols}" style="${style}">${parts.join("")}</div>`;
}
