// Where seats sit around the felt, for 1 to 8 players, and where their trick cards lie.

// The side of the felt each seat sits on, clockwise from the bottom (the viewer's seat).
export const SIDES = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top", "top", "right"],
  6: ["bottom", "left", "left", "top", "right", "right"],
  7: ["bottom", "left", "left", "top", "top", "right", "right"],
  8: ["bottom", "left", "left", "top", "top", "top", "right", "right"],
};
const ANGLE = { right: 0, bottom: 90, left: 180, top: 270 };

/** The seat drawn at the bottom: the seat being viewed, else the human's, else seat 0. */
export function bottomSeat(v) {
  if (/^\d+$/.test(v.viewer)) return Number(v.viewer);
  return v.human === null || v.human === undefined ? 0 : v.human;
}

/**
 * Each seat's place: ``{side, angle}`` with the angle (degrees, screen coordinates: 90 is
 * down) pointing from the centre of the felt towards the seat.  Seats sharing a side are
 * spread around the side's direction in clockwise order.
 */
export function seatPlaces(v) {
  const n = Math.max(1, Math.min(8, v.players));
  const sides = SIDES[n];
  const b = bottomSeat(v);
  const out = {};
  const count = {};
  for (const side of sides) count[side] = (count[side] || 0) + 1;
  const seen = {};
  for (let s = 0; s < v.players; s++) {
    const side = sides[(s - b + v.players) % v.players] || "top";
    const k = seen[side] || 0;
    seen[side] = k + 1;
    const m = count[side] || 1;
    const spread = m > 1 ? 64 / m : 0;
    out[s] = { side, angle: ANGLE[side] + (k - (m - 1) / 2) * spread, index: k, of: m };
  }
  return out;
}

/** The side of each seat: ``{0: "bottom", 1: "left", …}``. */
export function seatPositions(v) {
  const places = seatPlaces(v);
  const out = {};
  for (const s of Object.keys(places)) out[s] = places[s].side;
  return out;
}

/**
 * Where a card played by a seat lies in the trick area, as percentages of the area's width
 * and height for the card's centre.  Seats sharing a side put their cards side by side
 * (along the top or bottom) or one above the other (on the left or right), so no two of
 * them overlap.  The player's name lies across the foot of the card, inside it, so names
 * never cover each other or what lies beside the trick.
 */
export function trickSpot(place) {
  const k = place.index - (place.of - 1) / 2;
  switch (place.side) {
    case "top":
      return { left: 50 + k * 26, top: 24, tilt: 0 };
    case "bottom":
      return { left: 50 + k * 26, top: 76, tilt: 0 };
    case "left":
      // clockwise from the bottom: the first seat on the left sits lowest
      return { left: 16, top: 50 - k * 44, tilt: -6 };
    default:
      return { left: 84, top: 50 + k * 44, tilt: 6 };
  }
}
