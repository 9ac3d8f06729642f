import { test } from "node:test";
import assert from "node:assert/strict";
import { expand, patch, replayer } from "../src/replay.js";

test("changes rebuild every step's view", () => {
  const frames = [
    { step: 0, log: ["a"], zones: [{ n: 1 }, { n: 2 }] },
    { step: 1, log: { $len: 2, $set: { 1: "b" } } },
    { step: 2, zones: { $len: 2, $set: { 0: { n: 9 } } } },
  ];
  const views = expand(frames);
  assert.deepEqual(views[1].log, ["a", "b"]);
  assert.deepEqual(views[2].zones, [{ n: 9 }, { n: 2 }]);
  assert.deepEqual(views[2].log, ["a", "b"]);
  assert.deepEqual(views[0].zones, [{ n: 1 }, { n: 2 }]);
});

test("a shorter list drops its tail", () => {
  assert.deepEqual(patch([1, 2, 3], { $len: 1, $set: {} }), [1]);
  assert.equal(patch([1], 5), 5);
});

test("the replayer clamps steps and names its viewpoints", () => {
  const r = replayer({ viewpoints: ["0", "spectator"], total: 1, frames: { 0: [{ step: 0 }, { step: 1 }] } });
  assert.equal(r.view("0", 9).step, 1);
  assert.deepEqual(r.view("0", 0).viewpoints, ["0", "spectator"]);
});
