// A board zone drawn to scale: each card on its cell, tokens (a pawn: a tagged card on
// top) standing on the card under them, a pile's top card with its size, empty cells as
// holes or free spaces, gaps left blank, named cells (numbered tracks) with their names,
// and the cells a legal move names lit up: clicking one makes that move.  Once a card is
// picked up from a hand, the cells it may be laid on are lit the same way.
import { esc } from "./util.js";
import { cardHtml, suitColour } from "./cards.js";

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
  // a lattice grows as cards are laid: its square cell shrinks to keep the whole board
  // within --lattice-max-w × --lattice-max-h; a card spans ``span`` cells, so a turned card
  // covers exactly the cells it would upright, turned (its face is drawn to that shape)
  const cw = lattice ? "var(--lw)" : "calc(var(--board-w) + var(--board-gap))";
  const ch = lattice ? "var(--lw)" : "calc(var(--board-h) + var(--board-gap))";
  const stacks = byCell(z);
  const lit = (v.cells && v.cells[z.name]) || {};
  const movers = new Set((v.to_move || []).map((s) => v.names[s]));
  const previews = z.previews || {};
  const top = z.cards.length + 1; // above every card laid
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
      // a pile (a track): only its top card shows, with how many cards it holds
      if (base.length > 1) inner += `<span class="cl-depth" title="${base.length} cards">${base.length}</span>`;
      if (b.labels && b.labels.length) inner += `<span class="cl-cell-name">${esc(name)}</span>`;
      inner += tokens
        .map((t) => `<div class="cl-token${movers.has(t.tag) ? " cl-mover" : ""}" data-token="${esc(t.tag)}">${cardHtml(t.e, {})}<span class="cl-token-name">${esc(t.tag)}</span></div>`)
        .join("");
      parts.push(`<div class="${cls}" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"${dest}>${inner}</div>`);
    } else if (dest) {
      // a lattice cell is finer than a card: a lit cell is a click target over the cards,
      // carrying the preview of what the move would do
      const pv = previews[name];
      const data = pv ? ` data-preview="${pv.at.join(",")};${pv.cover.map((rc) => rc.join(",")).join(" ")}"` : "";
      parts.push(`<div class="${cls} cl-lattice-cell" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)};z-index:${top + 2}"${dest}${data}></div>`);
    } else {
      parts.push(`<div class="${cls} cl-lattice-cell" data-cell="${esc(name)}" style="${cellStyle(b, r, c, 1, 1)}"></div>`);
    }
  }
  if (lattice) {
    // each card over the cells it covers, later cards on top; with marks on the board
    // (the pips in view) a card's own middle is left bare and the marks drawn over all
    const bare = !!(z.marks && z.marks.length);
    z.cards.forEach((e, i) => {
      const [r, c, turn] = z.at[i];
      const q = ((turn || 0) % 4 + 4) % 4;
      const odd = q % 2 === 1;
      const [h, w] = odd ? [sw, sh] : [sh, sw];
      // a turned card: an upright card's box centred on its place and rotated there (a
      // quarter turn makes it the wide box's shape)
      const turned = q ? `${odd ? "width:var(--board-w);height:var(--board-h);" : ""}transform:translate(-50%, -50%) rotate(${90 * q}deg)` : "";
      parts.push(`<div class="cl-lattice-card${q ? " cl-turned" : ""}" style="${cellStyle(b, r, c, h, w)};z-index:${i + 1}">${cardHtml(e, { style: turned, bare, height: (60 * sh) / sw })}</div>`);
    });
    for (const [r, c, text] of z.marks || []) {
      parts.push(`<div class="cl-mark" data-rc="${r},${c}" style="${cellStyle(b, r, c, 1, 1)};z-index:${top + 1};color:${suitColour(text)}">${esc(text)}</div>`);
    }
  }
  const fit = lattice
    ? `--lw:min(var(--lattice-cell), calc(var(--lattice-max-w) / ${b.cols}), calc(var(--lattice-max-h) / ${b.rows}));--board-w:calc(var(--lw) * ${sw});--board-h:calc(var(--lw) * ${sh});`
    : "";
  const style = `${fit}grid-template-columns:repeat(${b.cols}, ${cw});grid-template-rows:repeat(${b.rows}, ${ch})`;
  const shape = lattice ? ` data-span="${sh},${sw}" data-top="${b.top}" data-left="${b.left}"` : "";
  const wide = !lattice && b.cols >= WIDE ? " cl-board-wide" : "";
  return `<div class="cl-board-grid${lattice ? " cl-lattice" : ""}${wide}" data-rows="${b.rows}" data-cols="${b.cols}"${shape} style="${style}">${parts.join("")}</div>`;
}

/**
 * Show what a move onto a lattice cell would do while the pointer is on it: the outline of
 * the card where it would lie and the marks it would cover lit.  ``cell`` is the lit cell
 * (its ``data-preview``: "top,left,turn;r,c r,c ..."); ``null`` clears the preview.
 */
export function showPreview(boardEl, cell) {
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
