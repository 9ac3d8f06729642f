import { test } from "node:test";
import assert from "node:assert/strict";
import { tableHtml, infoHtml } from "../src/table.js";
import { trayHtml, centreHtml } from "../src/zones.js";
import { resultHtml } from "../src/score.js";

const card = (c, t, r, s) => ({ c, t, r, s });

function view(extra = {}) {
  return {
    game: "demo", title: "Demo", players: 2, names: ["South", "North"],
    seats: [{ values: {}, status: "" }, { values: {}, status: "" }],
    prompt: "Your lay", outcome: "", ending: "", viewer: "0", human: 0, actor: 0, phase: "turn", hand: 1, dealer: null,
    to_move: [0], scores: [0, 0], terminal: false, winners: [], step: 3, total: 3,
    zones: [
      { name: "hand", owner: 0, kind: "hand", label: "South", seats: [], tags: [], cards: [card("4H", "4♥", 4, 2)], team: null },
      { name: "selection", owner: 0, kind: "selection", label: "South's lay", seats: [], tags: ["run"], cards: [card("5S", "5♠", 5, 3)], team: null },
    ],
    pots: [], teams: [], acts: { "4H": [["lay 4H", "Lay 4♥", null]], "5S": [["back", "Take back 5♠", null]] },
    buttons: [], ranges: [], verb: "lay", why: {}, info: {}, log: [], result: null, layout: {}, message: "", hint: null,
    tray: { what: "lay", summary: "track 1, 1 card", ready: true, not_ready: "", zone: "selection", owner: 0, done: "done", cancel: "cancel", back: "back" },
    ...extra,
  };
}

test("a move built card by card shows its tray with Done, Back and Cancel", () => {
  const html = tableHtml(view(), 0);
  assert.match(html, /cl-zone cl-selection[^"]*cl-tray/);
  assert.match(html, /data-act="done"[^>]*>Done</);
  assert.match(html, /data-act="back"[^>]*>Back</);
  assert.match(html, /data-act="cancel"[^>]*>Cancel</);
  assert.match(html, /track 1, 1 card/);
  // the tray's last card takes it back when clicked; a hand card adds to the move
  assert.match(html, /data-key="5S"/);
  assert.match(html, /data-key="4H"/);
});

test("a tray that is not ready says why and its Done cannot be pressed", () => {
  const html = trayHtml({ what: "lay", summary: "", ready: false, not_ready: "a lay may not end on a picture", done: null, cancel: "cancel", back: null });
  assert.match(html, /not ready: a lay may not end on a picture/);
  assert.match(html, /<button class="cl-btn cl-tray-done" disabled/);
  assert.doesNotMatch(html, /data-act="done"/);
});

test("another seat's selection in the teacher's view has no buttons", () => {
  const v = view({ tray: { ...view().tray, owner: 1 } });
  assert.doesNotMatch(tableHtml(v, 0), /cl-tray-buttons/);
});

test("a side's zones and its score are drawn together", () => {
  const v = view({
    players: 4, names: ["North", "East", "South", "West"], scores: [3, 1, 3, 1], tray: null,
    seats: [0, 1, 2, 3].map((s) => ({ values: {}, status: "", team: s % 2 })),
    teams: [{ name: "North & South", seats: [0, 2], score: 3 }, { name: "East & West", seats: [1, 3], score: 1 }],
    zones: [
      { name: "pile", owner: null, kind: "meld", label: "North & South's pile", seats: [], tags: [], cards: [card("2C", "2♣", 2, 0)], team: 0 },
      { name: "pile", owner: null, kind: "meld", label: "East & West's pile", seats: [], tags: [], cards: [], team: 1 },
      { name: "stock", owner: null, kind: "pile", label: "stock", seats: [], tags: [], cards: [{ b: "plain" }], team: null },
    ],
  });
  const html = centreHtml(v);
  const side = html.match(/<div class="cl-team-box" data-team="0"[\s\S]*?<\/div><\/div><\/div><\/div>/)[0];
  assert.match(side, /North &amp; South/);
  assert.match(side, /cl-team-score[^>]*>3</);
  assert.match(side, /data-code="2C"/);
  assert.doesNotMatch(side, /data-zone="stock"/);
  assert.match(html, /data-team="1"[\s\S]*cl-team-score[^>]*>1</);
  // the side's name is not said twice
  assert.doesNotMatch(html, /North &amp; South \(North &amp; South\)/);
});

test("an ending with no winner says so", () => {
  const v = view({ terminal: true, ending: "no winner", outcome: "South called the game off. Nobody wins", tray: null,
    result: { hand: 1, summary: "", points: [0, 0], team_points: [], lines: [] } });
  assert.match(resultHtml(v), /data-ending="no winner"><span class="cl-ending cl-ending-none">No winner<\/span>/);
  assert.doesNotMatch(tableHtml(v, 0), /cl-won-badge/);
  const won = view({ terminal: true, ending: "win", winners: [1], outcome: "North wins", tray: null });
  assert.match(tableHtml(won, 0), /data-seat="1"[\s\S]*?cl-won-badge/);
});

test("structured facts reach the top bar; a staged move and nested records do not", () => {
  const html = infoHtml({ info: { received: ["4♦", "J♦"], ranking: { cards: 3, wild: 3 }, selection: { what: "lay" }, last_hand: { lines: [{ a: 1 }] }, refused: [] } });
  assert.match(html, /received: <b>4♦-J♦<\/b>/);
  assert.match(html, /ranking: <b>cards 3 · wild 3<\/b>/);
  assert.doesNotMatch(html, /selection|last hand|refused/);
});

test("a partnership's hand score lists the sides first", () => {
  const v = view({
    players: 4, names: ["North", "East", "South", "West"], scores: [3, 1, 3, 1], tray: null,
    teams: [{ name: "North & South", seats: [0, 2], score: 6 }, { name: "East & West", seats: [1, 3], score: 2 }],
    result: { hand: 1, summary: "", points: [3, 1, 3, 1], team_points: [6, 2], lines: [] },
  });
  const html = resultHtml(v);
  assert.match(html, /data-team="0"><td><b>North &amp; South<\/b><\/td><td class="cl-pts">\+6<\/td><td>total 6/);
  assert.ok(html.indexOf("East &amp; West") < html.indexOf("<td>North</td>"));
});
