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

test("a pile shows its top card and its size; a board naming its cells shows the names", () => {
  const tracks = {
    ...zone, name: "tracks", tags: [],
    cards: [card("5H", "5♥", 5, 2), card("6S", "6♠", 6, 3), card("9C", "9♣", 9, 0)],
    at: [[0, 0, 0], [0, 0, 0], [0, 1, 0]],
    board: { rows: 1, cols: 2, top: 0, left: 0, span: [1, 1], cells: [[0, 0, "1"], [0, 1, "2"]], empty: "", labels: ["1", "2"] },
  };
  const html = boardHtml(view({ cells: { tracks: { 2: [["track 2", "Track 2"]] } } }), tracks);
  assert.doesNotMatch(html, /data-code="5H"/);
  assert.match(html, /data-cell="1"[^>]*>[\s\S]*?data-code="6S"[\s\S]*?class="cl-depth"[^>]*>2</);
  assert.match(html, /class="cl-cell cl-dest" data-cell="2"[^>]*data-act="track 2"/);
  assert.equal((html.match(/cl-cell-name/g) || []).length, 2);
  assert.equal((html.match(/cl-depth/g) || []).length, 1);
});

test("a lattice with marks draws bare cards, the marks over them and lit cells with their preview", () => {
  const lattice = {
    ...zone, cards: [card("5H", "5♥", 5, 2), card("7S", "7♠", 7, 3)], tags: [], at: [[0, 0, 0], [1, 1, 2]],
    board: { rows: 9, cols: 6, top: -1, left: -1, span: [7, 3], cells: [[3, 1, "c5"], [3, 2, "d5"]], empty: "" },
    marks: [[0, 0, "♥"], [7, 1, "♠"]],
    previews: { c5: { at: [1, 0, 0], cover: [[7, 1]] } },
  };
  const lit = { cells: { board: { c5: [["place c5", "Place c5"]] } } };
  const html = boardHtml(view(lit), lattice);
  assert.doesNotMatch(html, /font-size="26"/, "a card's middle is bare: its pips are the marks");
  assert.match(html, /class="cl-mark" data-rc="7,1" style="grid-row:9 \/ span 1;grid-column:3 \/ span 1;z-index:4;color:#161616">♠/);
  assert.match(html, /rotate\(180deg\)/, "a card upside down is turned half round");
  assert.match(html, /data-cell="c5"[^>]*data-act="place c5"[^>]*data-preview="1,0,0;7,1"/);
  assert.match(html, /data-span="7,3" data-top="-1" data-left="-1"/);
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
