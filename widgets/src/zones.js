// Zones: hands (fanned), piles (squared, top card), the trick (each card in front of its
// player), rows and melds, and the solitaire grid; plus the centre of the felt.
import { esc } from "./util.js";
import { cardHtml, backSummary, printed } from "./cards.js";
import { seatPlaces, trickSpot } from "./layout.js";
import { boardHtml } from "./board.js";

/** How a card is offered: clickable (a move), refused (with the reason), or neither. */
export function cardOpts(v, e, stack) {
  const sel = v.selected || null;
  if (e.c !== undefined && v.acts[e.c]) return { legal: true, key: e.c, selected: sel === e.c };
  if (stack && v.acts[stack]) return { legal: true, key: stack, selected: sel === stack };
  if (e.c !== undefined && v.why[e.c] !== undefined) return { why: v.why[e.c] };
  return {};
}

function topOpts(v, z, i) {
  const e = z.cards[i];
  const o = cardOpts(v, e, i === z.cards.length - 1 ? "@" + z.name : null);
  if (z.tags && z.tags[i]) o.mark = z.tags[i];
  return o;
}

/** Fan angle and lift of card ``i`` of ``n`` in a hand. */
export function fan(i, n) {
  if (n < 2) return "";
  const spread = Math.min(2.2, 26 / n);
  const a = (i - (n - 1) / 2) * spread;
  const y = Math.abs(a) * 0.9;
  return `--fan:${a.toFixed(2)}deg;--lift:${y.toFixed(1)}px`;
}

function inGrid(v, z) {
  return ((v.layout && v.layout.grid) || []).some((p) => z.name.startsWith(p));
}

/**
 * A zone's label as drawn: inside its owner's seat, whose name heads the seat, the name is
 * left out ("East's hearts" -> "hearts", "North: pair of nines" -> "pair of nines", a hand
 * labelled with the name alone -> "hand").  The full label stays as the zone's title.
 */
export function zoneLabel(v, z, where) {
  const full = z.label || z.name;
  const name = z.owner === null || z.owner === undefined || where === "center" ? null : v.names[z.owner];
  if (!name || !full.startsWith(name)) return full;
  const rest = full.slice(name.length).replace(/^('s|:)?\s+/, "");
  if (rest === full.slice(name.length)) return rest ? full : z.kind === "hand" ? "hand" : z.name;
  return rest || (z.kind === "hand" ? "hand" : z.name);
}

export function zoneHtml(v, z, where) {
  const hint = v.layout || {};
  const compact = (hint.compact || []).includes(z.name) || (hint.small || []).includes(z.name);
  const label = zoneLabel(v, z, where);
  const full = z.label || z.name;
  const n = z.cards.length;
  const kind = z.kind;
  const grid = inGrid(v, z);
  let body;
  let cls = `cl-zone cl-${kind}${n ? "" : " cl-zone-empty"}`;
  if ((hint.apart || []).includes(z.name)) cls += " cl-apart";
  if (kind === "board" && z.board) {
    body = boardHtml(v, z);
  } else if (kind === "pile" && !grid) {
    const top = n ? cardHtml(z.cards[n - 1], topOpts(v, z, n - 1)) : '<div class="cl-slot"></div>';
    const under = n > 1 ? '<div class="cl-under"></div>' : "";
    body = `<div class="cl-pile-stack">${under}${top}</div><div class="cl-count">${n}</div>`;
  } else if (kind === "trick") {
    body = trickHtml(v, z);
    if (compact) cls += " cl-small";
  } else if (grid) {
    cls += " cl-column";
    body = n ? z.cards.map((e, i) => cardHtml(e, topOpts(v, z, i))).join("") : '<div class="cl-slot"></div>';
  } else {
    if (compact || (where !== "bottom" && kind === "hand")) cls += " cl-small";
    // a long row of cards (the cards turned earlier) overlaps more, to stay within the felt
    if (kind !== "hand" && n > 14) cls += " cl-lots";
    else if (kind !== "hand" && n > 8) cls += " cl-many";
    if (z.cards.some((e) => e.b !== undefined && printed(e.b))) cls += " cl-printed";
    if (compact && n > 8) {
      body = z.cards.slice(-8).map((e) => cardHtml(e, cardOpts(v, e))).join("") + `<span class="cl-more">${n} cards</span>`;
    } else {
      body = n
        ? z.cards.map((e, i) => cardHtml(e, { ...topOpts(v, z, i), style: kind === "hand" ? fan(i, n) : "" })).join("")
        : '<span class="cl-empty">—</span>';
    }
  }
  const tray = trayFor(v, z);
  if (tray) cls += " cl-tray";
  const target = v.targets && v.targets[z.name] !== undefined
    ? ` data-target="${esc(v.targets[z.name])}" role="button" tabindex="0"`
    : "";
  if (target) cls += " cl-target";
  return `<div class="${cls}" data-zone="${esc(z.name)}" data-owner="${z.owner === null ? "" : z.owner}"${target}>
    <div class="cl-zone-label"${label !== full ? ` title="${esc(full)}"` : ""}>${esc(label)}${kind !== "pile" && kind !== "board" && n ? ` · ${n}` : ""}</div><div class="cl-cards">${body}</div>${kind === "pile" ? "" : backSummary(z.cards)}${tray ? trayHtml(tray) : ""}</div>`;
}

/** The staged move this zone shows, when it is the one the page is building now. */
export function trayFor(v, z) {
  const t = v.tray;
  return t && z.kind === "selection" && z.name === t.zone && z.owner === t.owner ? t : null;
}

/**
 * Under a move built card by card (a staged choice): what it holds so far, why it is not
 * ready yet, and its Done / Back / Cancel buttons (Enter and Escape do Done and Cancel).
 */
export function trayHtml(t) {
  const say = t.summary ? `<div class="cl-tray-summary">${esc(t.summary)}</div>` : "";
  const wait = t.ready || !t.not_ready ? "" : `<div class="cl-tray-wait">not ready: ${esc(t.not_ready)}</div>`;
  const done = t.done
    ? `<button class="cl-btn cl-primary cl-tray-done" data-act="${esc(t.done)}" title="make the ${esc(t.what)} (Enter)">Done</button>`
    : `<button class="cl-btn cl-tray-done" disabled title="${esc(t.not_ready || "not ready")}">Done</button>`;
  const back = t.back ? `<button class="cl-btn cl-tray-back" data-act="${esc(t.back)}" title="take back the last pick">Back</button>` : "";
  const cancel = t.cancel ? `<button class="cl-btn cl-tray-cancel" data-act="${esc(t.cancel)}" title="drop the ${esc(t.what)}: nothing changes (Escape)">Cancel</button>` : "";
  const how = '<div class="cl-tray-how">click a card to add it or take it back · Enter: Done · Esc: Cancel</div>';
  return `${say}${wait}${how}<div class="cl-tray-buttons" role="group" aria-label="${esc(t.what)}">${done}${back}${cancel}</div>`;
}

export function trickHtml(v, z) {
  const places = seatPlaces(v);
  const cards = z.cards.map((e, i) => {
    const seat = z.seats[i];
    const place = seat === undefined ? null : places[seat];
    // each card lies in front of its player, with the player's name across its foot
    const spot = place ? trickSpot(place) : { left: 50, top: 50, tilt: 0 };
    const who = seat === undefined ? "" : `<span class="cl-trick-name">${esc(v.names[seat])}</span>`;
    const style = `left:${spot.left.toFixed(1)}%;top:${spot.top.toFixed(1)}%;--tilt:${spot.tilt}deg;z-index:${i + 1}`;
    const side = place ? place.side : "center";
    return `<div class="cl-trick-card cl-at-${side}" data-seat="${seat === undefined ? "" : seat}" style="${style}">${cardHtml(e, cardOpts(v, e))}${who}</div>`;
  });
  return `<div class="cl-trick-area cl-trick-${Math.min(8, v.players)}">${cards.join("") || '<span class="cl-empty"></span>'}</div>`;
}

const sided = (z) => z.team !== null && z.team !== undefined;

/**
 * A side of a partnership game: its name, its partners, its score and the zones it owns
 * (a side's melds), together in one box.
 */
export function sideHtml(v, t, i) {
  const hide = (v.layout && v.layout.hide) || [];
  const zones = v.zones.filter((z) => z.owner === null && z.team === i && !hide.includes(z.name));
  const who = t.seats.map((s) => v.names[s]).join(" & ");
  const named = who === t.name ? "" : ` <span class="cl-team-seats">${esc(who)}</span>`;
  const body = zones.map((z) => zoneHtml(v, { ...z, label: sideLabel(z, t) }, "center")).join("");
  return `<div class="cl-team-box" data-team="${i}" aria-label="${esc(t.name)}: ${esc(t.score)} points"><div class="cl-team-head"><span class="cl-team-name">${esc(t.name)}</span>${named}<span class="cl-score cl-team-score" title="the side's score">${esc(t.score)}</span></div>${body ? `<div class="cl-team-zones">${body}</div>` : ""}</div>`;
}

/** A side's zone label without the side's name, which heads the box ("North & South's pile" -> "pile"). */
function sideLabel(z, t) {
  const full = z.label || z.name;
  if (!full.startsWith(t.name)) return full;
  return full.slice(t.name.length).replace(/^('s|:)?\s+/, "") || z.name;
}

/** The middle of the felt: the public zones in the layout's order, then the grid rows. */
export function centreHtml(v) {
  const order = v.layout.center || [];
  const hide = v.layout.hide || [];
  const grid = v.layout.grid || [];
  const zones = v.zones.filter((z) => z.owner === null && !sided(z) && !hide.includes(z.name));
  const rank = (z) => {
    const i = order.indexOf(z.name);
    return i < 0 ? order.length : i;
  };
  zones.sort((a, b) => rank(a) - rank(b));
  const gridded = zones.filter((z) => grid.some((p) => z.name.startsWith(p)));
  const rest = zones.filter((z) => !gridded.includes(z));
  const gridHtml = grid
    .map((p) => gridded.filter((z) => z.name.startsWith(p) && !grid.some((q) => q !== p && q.startsWith(p) && z.name.startsWith(q))))
    .filter((row) => row.length)
    .map((row) => `<div class="cl-grid">${row.map((z) => zoneHtml(v, z, "center")).join("")}</div>`)
    .join("");
  const teams = v.teams || [];
  const sides = teams.length ? `<div class="cl-teams">${teams.map((t, i) => sideHtml(v, t, i)).join("")}</div>` : "";
  return `${potsHtml(v)}${sides}<div class="cl-centre-zones">${rest.map((z) => zoneHtml(v, z, "center")).join("")}</div>${gridHtml}`;
}

/** Chips on the table (pots), when the game has them (a side's score is in its box). */
export function potsHtml(v) {
  const pots = (v.pots || []).map(
    (p) => `<span class="cl-pot" data-pot="${esc(p.name)}">${esc(p.label || p.name)} <b>${esc(p.chips)}</b></span>`,
  );
  return pots.length ? `<div class="cl-pots">${pots.join("")}</div>` : "";
}
