import { test } from "node:test";
import assert from "node:assert/strict";
import { seatPlaces, seatPositions, trickSpot, SIDES } from "../src/layout.js";

const view = (players, viewer = "0") => ({ players, viewer, human: 0 });

test("every player count from 1 to 8 has a side per seat, the viewer at the bottom", () => {
  for (let n = 1; n <= 8; n++) {
    assert.equal(SIDES[n].length, n);
    for (let b = 0; b < n; b++) {
      const pos = seatPositions(view(n, String(b)));
      assert.equal(pos[b], "bottom");
      assert.equal(Object.keys(pos).length, n);
    }
  }
});

test("trick cards of seats sharing a side do not lie on one another", () => {
  // the trick area of 5 to 8 players is 300 × 230 px, its cards 62 × 87 px
  for (let n = 2; n <= 8; n++) {
    const places = Object.values(seatPlaces(view(n)));
    for (const a of places) {
      for (const b of places) {
        if (a === b || a.side !== b.side) continue;
        const [p, q] = [trickSpot(a), trickSpot(b)];
        const apart = Math.abs(p.left - q.left) * 3 >= 62 || Math.abs(p.top - q.top) * 2.3 >= 87;
        assert.ok(apart, `${n} players: two ${a.side} seats overlap`);
      }
    }
  }
});

test("seats go round clockwise from the viewer", () => {
  const p = seatPlaces(view(4, "2"));
  assert.deepEqual([0, 1, 2, 3].map((s) => p[s].side), ["top", "right", "bottom", "left"]);
});
