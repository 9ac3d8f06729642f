import { test } from "node:test";
import assert from "node:assert/strict";
import { actionsHtml, argLabel, pickerValues, rangeHtml, COMPOSE_OVER } from "../src/controls.js";

test("a few actions are buttons", () => {
  const html = actionsHtml([["stop", "Stop"], ["pass", "Pass"]]);
  assert.equal((html.match(/<button/g) || []).length, 2);
});

test("many actions of one verb become pickers, whatever their arguments", () => {
  const bids = [];
  for (let a = 0; a <= 4; a++) for (let b = a; b <= 4; b++) bids.push([`bid ${a} ${b}`, `Bid ${a} ${b}`]);
  assert.ok(bids.length > COMPOSE_OVER);
  const html = actionsHtml(bids);
  assert.equal((html.match(/<select/g) || []).length, 2);
  assert.equal((html.match(/<button/g) || []).length, 1);
  const words = ["north", "east", "south", "west"].flatMap((s) => ["2C", "3C", "4C", "5C"].map((c) => [`give ${s} ${c}`, ""]));
  assert.match(actionsHtml(words), /<option value="2C">2♣<\/option>/);
});

test("each picker offers only what still leads to a legal action", () => {
  const args = [["0", "1"], ["0", "2"], ["1", "2"], ["10", "3"]];
  assert.deepEqual(pickerValues(args, 0, []), ["0", "1", "10"]);
  assert.deepEqual(pickerValues(args, 1, ["0"]), ["1", "2"]);
  assert.deepEqual(pickerValues(args, 1, ["10"]), ["3"]);
});

test("card codes read as cards", () => {
  assert.equal(argLabel("TD"), "10♦");
  assert.equal(argLabel("deck1"), "deck1");
});

test("a whole-number range is one number box and one button, whatever its width", () => {
  const html = actionsHtml([["take", "Take"]], [{ verb: "bet", low: 1, high: 250000 }]);
  assert.equal((html.match(/<button/g) || []).length, 2);
  assert.equal((html.match(/<input type="number"/g) || []).length, 1);
  assert.match(html, /min="1" max="250000"/);
  assert.match(html, /data-compose="bet"/);
  assert.match(rangeHtml({ verb: "bet", low: 3, high: 3 }), /cl-range-span">only 3</);
  assert.match(rangeHtml({ verb: "bet", low: 1, high: 12 }), /cl-range-span">1 to 12</);
  const listed = actionsHtml([["take", "Take"], ["bet 1", "Bet 1"], ["bet 2", "Bet 2"]], [{ verb: "bet", low: 1, high: 2 }]);
  assert.equal((listed.match(/<button/g) || []).length, 2);
  assert.doesNotMatch(listed, /data-act="bet/);
});

test("a move that asks first stands apart, then asks its question with Yes and No", () => {
  const confirm = [["stop", "Stop here? The deal ends."]];
  const html = actionsHtml([["draw", "Draw"], ["stop", "Stop"]], [], confirm);
  assert.match(html, /data-act="draw">Draw<\/button><span class="cl-apart-actions"><button class="cl-btn cl-asks" data-ask="stop"/);
  assert.doesNotMatch(html, /data-act="stop"/, "one click never stops");
  const asked = actionsHtml([["draw", "Draw"], ["stop", "Stop"]], [], confirm, "stop");
  assert.match(asked, /Stop here\? The deal ends\. <button class="cl-btn cl-action" data-act="stop">Yes, stop<\/button><button class="cl-btn" data-cmd="cancel-ask">No, go on/);
});
