import { test } from "node:test";
import assert from "node:assert/strict";
import { boardHtml, byCell } from "../src/board.js";
import { zoneHtml } from "../src/zones.js";

const card = (c, t, r, s) => ({ c, t, r, s });
const cells = [];
for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) cells.push([r, c, "abc"[c] + (r + 1)]);
const zone = {
  name: "board", owner: null, kind: "board", label: "", seats: [], team: null,
  cards: [card("AS", "A♠", 1, 3), card("KS", "K♠", 13, 3), card("5H", "5♥", 5, 2), card("9C", "9♣", 9, 0)],
  tags: ["", "North", "", ""],
  at: [[0, 0, 0], [0, 0, 0], [0, 2, 0], [1, 1, 0]],
  board: { rows: 2, cols: 3, top: 0, left: 0, span: [1, 1], cells, empty: "hole" },
};
const view = (extra = {}) => ({ names: ["North", "South"], to_move: [0], cells: { board: { c1: [["move c1", "Move c1"]] } }, layout: {}, ...extra });

test("cards group by cell, bottom first, with the token on top", () => {
  const cellsOf = byCell(zone);
  assert.deepEqual(cellsOf["0,0"].map((x) => x.tag), ["", "North"]);
  assert.equal(cellsOf["1,1"][0].e.c, "9C");
});

test("a board is a grid to scale: cards on cells, a pawn with its name, holes and lit moves", () => {
  const html = boardHtml(view(), zone);
  assert.match(html, /grid-template-columns:repeat\(3, calc\(var\(--board-w\) \+ var\(--board-gap\)\)\)/);
  assert.match(html, /data-cell="a1"[^>]*>[\s\S]*?data-code="AS"[\s\S]*?data-token="North"/);
  assert.match(html, /cl-token cl-mover/);
  assert.match(html, /class="cl-cell cl-hole" data-cell="b1"/);
  assert.match(html, /class="cl-cell cl-dest" data-cell="c1"[^>]*data-act="move c1"/);
  assert.equal((html.match(/cl-hole-mark/g) || []).length, 3);
});

test("a lattice board lays each card over the cells it spans, turned ones sideways", () => {
  const lattice = {
    ...zone, cards: [card("5H", "5♥", 5, 2), card("9C", "9♣", 9, 0)], tags: [], at: [[0, 0, 0], [2, 1, 1]],
    board: { rows: 7, cols: 8, top: 0, left: 0, span: [7, 3], cells: [], empty: "" },
  };
  const html = boardHtml(view({ cells: {} }), lattice);
  assert.match(html, /cl-lattice/);
  assert.match(html, /grid-row:1 \/ span 7;grid-column:1 \/ span 3/);
  assert.match(html, /cl-turned" style="grid-row:3 \/ span 3;grid-column:2 \/ span 7/);
});

test("the zone draws a board zone as its board", () => {
  const html = zoneHtml(view(), zone, "center");
  assert.match(html, /cl-zone cl-board[^"]*"/);
  assert.match(html, /class="cl-board-grid"/);
});

test("a card picked up lights the free cells it may be laid on; each is a click target", () => {
  const html = boardHtml(view({ cells: {}, targets: { "board:b1": "place 7S b1", hand: "x" } }), zone);
  assert.match(html, /class="cl-cell cl-dest cl-target cl-hole" data-cell="b1"[^>]*data-target="place 7S b1"/);
  assert.doesNotMatch(html, /data-cell="c1"[^>]*data-target/);
});

test("a board a dozen cells across draws its cards smaller", () => {
  const wide = { ...zone, board: { ...zone.board, cols: 13 } };
  assert.match(boardHtml(view(), wide), /class="cl-board-grid cl-board-wide"/);
  assert.doesNotMatch(boardHtml(view(), zone), /cl-board-wide/);
});
