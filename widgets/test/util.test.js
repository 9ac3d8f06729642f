import { test } from "node:test";
import assert from "node:assert/strict";
import { esc, words, shown, capital } from "../src/util.js";

test("esc makes text safe inside elements and attributes", () => {
  assert.equal(esc(`<b a="1">'&'</b>`), "&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;");
});

test("words, shown and capital", () => {
  assert.equal(words("draw_any_time"), "draw any time");
  assert.equal(shown([2, 3, 4]), "2-3-4");
  assert.equal(shown(null), "—");
  assert.equal(shown(true), "yes");
  assert.equal(capital("bid"), "Bid");
});
