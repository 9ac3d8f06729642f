import { test } from "node:test";
import assert from "node:assert/strict";
import { tableHtml } from "../src/table.js";
import { plan } from "../src/index.js";
import { statusText } from "../src/status.js";

function view(extra = {}) {
  return {
    game: "demo", title: "Demo", players: 4, names: ["North", "East", "South", "West"],
    seats: [{ values: { tricks: 2 }, status: "" }, { values: {}, status: "out" }, { values: {}, status: "" }, { values: {}, status: "" }],
    prompt: "Play a card", outcome: "", viewer: "0", human: 0, phase: "play", hand: 1, dealer: 3,
    to_move: [0], scores: [0, 1, 2, 3], terminal: false, winners: [], step: 5, total: 5,
    zones: [
      { name: "hand", owner: 0, kind: "hand", label: "North", seats: [], tags: [], cards: [{ c: "QS", t: "Q♠", r: 12, s: 3 }] },
      { name: "hand", owner: 1, kind: "hand", label: "East", seats: [], tags: [], cards: [{ b: "♣♦" }] },
      { name: "trick", owner: null, kind: "trick", label: "trick", seats: [1, 2], tags: [], cards: [{ c: "2C", t: "2♣", r: 2, s: 0 }, { c: "3C", t: "3♣", r: 3, s: 0 }] },
    ],
    pots: [{ name: "kitty", chips: 12, label: "kitty" }], teams: [],
    acts: { QS: [["play QS", "Play Q♠", null]] }, buttons: [], verb: "play", why: {}, info: { trump: "♠" },
    log: [{ step: 1, text: "North deals" }], result: null, layout: {}, message: "", hint: null, solitaire: false,
    ...extra,
  };
}

test("the table shows seats, figures, status, pots, the trick with names, and the prompt", () => {
  const html = tableHtml(view(), 0.4);
  assert.match(html, /data-figure="tricks">tricks <b>2<\/b>/);
  assert.match(html, /data-status="out"/);
  assert.match(html, /data-pot="kitty">kitty <b>12<\/b>/);
  assert.match(html, /cl-trick-name[^>]*>East</);
  assert.match(html, /Your turn: Play a card/);
  assert.match(html, /title="dealer"/);
  assert.match(html, /<li value="1" data-seek="1"/);
});

test("no dealer badge where no seat deals", () => {
  assert.doesNotMatch(tableHtml(view({ dealer: -1 }), 0.4), /title="dealer"/);
});

test("a replay without a kernel has no play controls", () => {
  const html = tableHtml(view(), 0.4, true);
  assert.doesNotMatch(html, /data-cmd="undo"/);
  assert.match(html, /data-cmd="step"/);
});

test("a solitaire's end says its result, not a winner's name", () => {
  assert.equal(statusText(view({ players: 1, terminal: true, outcome: "Lost: 3 of 52 cards home" })), "Lost: 3 of 52 cards home");
});

test("clicking a card with several destinations picks it up; one move plays at once", () => {
  const v = view({ acts: { QS: [["move QS up1", "Move Q♠ up1", "up1"], ["move QS up2", "Move Q♠ up2", "up2"], ["home QS", "Home Q♠", null]], "2C": [["play 2C", "Play 2♣", null]] } });
  assert.deepEqual(plan(v, "2C"), { play: "play 2C" });
  const p = plan(v, "QS");
  assert.deepEqual(p.targets, { up1: "move QS up1", up2: "move QS up2" });
  assert.deepEqual(p.rest, [["home QS", "Home Q♠"]]);
  const html = tableHtml({ ...v, zones: [...v.zones, { name: "up1", owner: null, kind: "row", label: "up1", seats: [], tags: [], cards: [] }], selected: "QS", targets: p.targets }, 0);
  assert.match(html, /data-zone="up1"[^>]*data-target="move QS up1"/);
});

test("zones named in the layout's apart hint lay their cards side by side", () => {
  const posts = { name: "posts", owner: null, kind: "row", label: "East's posts", seats: [], tags: ["", "high"], cards: [{ c: "7C", t: "7♣", r: 7, s: 0 }, { c: "AS", t: "A♠", r: 1, s: 3 }] };
  const html = tableHtml(view({ zones: [...view().zones, posts], layout: { apart: ["posts"] } }), 0.4);
  assert.match(html, /class="cl-zone cl-row cl-apart" data-zone="posts"/);
  assert.doesNotMatch(html, /cl-apart" data-zone="trick"/);
});
