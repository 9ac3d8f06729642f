import { test } from "node:test";
import assert from "node:assert/strict";
import { backSymbols, backSummary, cardHtml, printed } from "../src/cards.js";

test("a four-suit back keeps its symbols inside the back's box", () => {
  for (const design of ["♣", "♦♥", "♣♦♠", "♣♦♥♠"]) {
    const syms = backSymbols(design);
    assert.equal(syms.length, [...design].length);
    for (const p of syms) {
      assert.ok(p.x - p.size * 0.4 >= 8 && p.x + p.size * 0.4 <= 52, `${design}: x ${p.x} spills`);
      assert.ok(p.y - p.size * 0.8 >= 24 && p.y <= 60, `${design}: y ${p.y} spills`);
    }
  }
});

test("plain backs print nothing", () => {
  assert.equal(printed("plain"), false);
  assert.equal(printed("hidden"), false);
  assert.equal(printed("♣♦"), true);
  assert.equal(backSummary([{ b: "plain" }, { c: "QS", t: "Q♠", r: 12, s: 3 }]), "");
});

test("the back summary counts each design", () => {
  const html = backSummary([{ b: "♦♥" }, { b: "♦♥" }, { b: "♣" }]);
  assert.match(html, /data-design="♦♥" data-count="2"/);
  assert.match(html, /data-design="♣" data-count="1"/);
});

test("a card says what clicking it does", () => {
  const face = { c: "QS", t: "Q♠", r: 12, s: 3 };
  assert.match(cardHtml(face, { legal: true, key: "QS" }), /cl-legal.*data-key="QS"/);
  assert.match(cardHtml(face, { why: "must follow ♣" }), /data-why="must follow ♣"/);
  assert.match(cardHtml(face, { mark: "laid off" }), /data-mark="laid off"/);
  assert.match(cardHtml({ ...face, peek: "♠" }), /no player sees it/);
  assert.match(cardHtml({ b: "♣♦♥♠" }), /aria-label="card back ♣♦♥♠"/);
});
