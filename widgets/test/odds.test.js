import { test } from "node:test";
import assert from "node:assert/strict";
import { oddsHtml, oddsToggleHtml, percent } from "../src/odds.js";

const base = { names: ["North", "East"], odds: null };

test("no switch and no panel for a game without odds", () => {
  assert.equal(oddsToggleHtml(base), "");
  assert.equal(oddsHtml(base), "");
});

test("the switch shows off, the panel stays hidden until it is on", () => {
  const v = { ...base, odds: { on: false, seat: null, lines: [] } };
  assert.match(oddsToggleHtml(v), /type="checkbox"/);
  assert.doesNotMatch(oddsToggleHtml(v), /checked/);
  assert.equal(oddsHtml(v), "");
});

test("each chance reads as a percentage for the seat in view", () => {
  const v = { ...base, odds: { on: true, seat: 1, lines: [["falls between (win)", 0.64], ["hits a post", 0.12]] } };
  const html = oddsHtml(v);
  assert.match(html, /Odds for East:/);
  assert.match(html, /falls between \(win\)<\/span> <b>64\.0%<\/b>/);
  assert.match(html, /hits a post<\/span> <b>12\.0%<\/b>/);
  assert.match(oddsToggleHtml(v), /checked/);
});

test("nothing to weigh says so; tiny chances are not shown as zero", () => {
  const v = { ...base, odds: { on: true, seat: null, lines: [] } };
  assert.match(oddsHtml(v), /what everyone sees:<\/span> nothing to weigh/);
  assert.equal(percent(0.0001), "<0.1%");
  assert.equal(percent(0), "0.0%");
  assert.equal(percent(1), "100.0%");
});
