import { test } from "node:test";
import assert from "node:assert/strict";
import { tableHtml } from "../src/table.js";
import { plan } from "../src/index.js";
import { statusText } from "../src/status.js";

function view(extra = {}) {
  return {
    game: "demo", title: "Demo", players: 4, names: ["North", "East", "South", "West"],
    seats: [{ values: { tricks: 2 }, status: "" }, { values: {}, status: "out" }, { values: {}, status: "" }, { values: {}, status: "" }],
    prompt: "Play a card", outcome: "", viewer: "0", human: 0, actor: 0, phase: "play", hand: 1, dealer: 3,
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
  assert.match(html, /<li data-seek="1" title="go to step 1">North deals</);
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

test("the log numbers its lines in order, however many lines one step tells", () => {
  const log = [1, 5, 5, 5, 5, 5, 5, 6].map((step, i) => ({ step, text: `line ${i}` }));
  const html = tableHtml(view({ log }), 0);
  assert.doesNotMatch(html, /<li value=/, "the list counts its lines itself");
  assert.equal((html.match(/data-seek="5"/g) || []).length, 6, "each line still seeks to its step");
});

test("'your turn' shows only where your moves can be clicked", () => {
  const seat0 = (html) => html.match(/data-seat="0"[\s\S]*?cl-seat-zones/)[0];
  assert.match(seat0(tableHtml(view(), 0)), /your turn/);
  for (const viewer of ["spectator", "1"]) {
    const v = view({ viewer, actor: null, acts: {} });
    const html = tableHtml(v, 0);
    assert.doesNotMatch(html, /your turn/);
    assert.equal(statusText(v), "Your turn: this view cannot play, switch the view to North (you) or Teacher");
  }
  const teacher = view({ viewer: "teacher" });
  assert.match(seat0(tableHtml(teacher, 0)), /your turn/);
  assert.equal(statusText(teacher), "Your turn: Play a card");
  // people taking turns: the teacher's view moves for whoever is on the move
  const hot = view({ viewer: "teacher", human: null, actor: 2, to_move: [2] });
  assert.equal(statusText(hot), "South to play: Play a card");
  assert.doesNotMatch(tableHtml(hot, 0), /your turn/);
});

test("a finished hand says what to press; with its panel closed, its buttons wait below", () => {
  const result = { hand: 2, summary: "", points: [1, 0, 0, 0], lines: [] };
  const v = view({ result, actor: null, to_move: [] });
  assert.equal(statusText(v), "Hand 2 is over: press Continue to deal the next hand");
  const html = tableHtml(v, 0);
  assert.match(html, /class="cl-result cl-result-wide"[\s\S]*data-cmd="continue"/);
  const closed = tableHtml({ ...v, resultHidden: true }, 0);
  assert.doesNotMatch(closed, /class="cl-result/);
  assert.match(closed, /cl-actions">[\s\S]*data-cmd="continue"[\s\S]*data-cmd="show-result"/);
});

test("a card picked up lights every destination, a foundation as well as a pile", () => {
  const v = view({ acts: { "8S": [["move 8S tableau2", "Move 8♠ tableau2", "tableau2"], ["home 8S", "Home 8♠", "foundation4"]] } });
  assert.deepEqual(plan(v, "8S"), { select: "8S", targets: { tableau2: "move 8S tableau2", foundation4: "home 8S" }, rest: [] });
});
