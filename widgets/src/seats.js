// A seat: its name, badges (turn, dealer, status), what its players track, and its zones.
import { esc, words, shown } from "./util.js";
import { zoneHtml } from "./zones.js";

/** The figures a seat shows, as chips: ``bid 2-3-4``, ``tricks 3``, ``chips 40``. */
export function figuresHtml(seat) {
  const items = Object.entries(seat.values || {}).map(
    ([k, x]) => `<span class="cl-chip" data-figure="${esc(k)}">${esc(words(k))} <b>${esc(shown(x))}</b></span>`,
  );
  if (seat.chips !== null && seat.chips !== undefined) {
    items.push(`<span class="cl-chip cl-chips" data-figure="chips">chips <b>${esc(seat.chips)}</b></span>`);
  }
  return items.join("");
}

export function seatHtml(v, s, where) {
  const turn = v.to_move.includes(s);
  const you = v.human === s;
  const hide = (v.layout && v.layout.hide) || [];
  const zones = v.zones.filter((z) => z.owner === s && !hide.includes(z.name));
  zones.sort((a, b) => (a.kind === "hand" ? -1 : 0) - (b.kind === "hand" ? -1 : 0));
  // "your turn" only where your moves can be clicked in this view
  const badge = turn ? `<span class="cl-turn-badge">${you && v.actor === s ? "your turn" : "to play"}</span>` : "";
  const dealer = v.dealer === s ? '<span class="cl-dealer" title="dealer">D</span>' : "";
  const seat = (v.seats || [])[s] || { values: {}, status: "" };
  const figures = figuresHtml(seat);
  const status = seat.status ? `<span class="cl-chip cl-status-chip" data-status="${esc(seat.status)}">${esc(seat.status)}</span>` : "";
  const team = seat.team !== null && seat.team !== undefined && v.teams && v.teams[seat.team]
    ? `<span class="cl-chip cl-team-chip">${esc(v.teams[seat.team].name)}</span>`
    : "";
  const score = `<span class="cl-score" title="total score">${v.scores[s]}</span>`;
  const won = v.terminal && (v.winners || []).includes(s) && v.players > 1 ? '<span class="cl-won-badge">won</span>' : "";
  return `<div class="cl-seat cl-seat-${where}${turn ? " cl-turn" : ""}${seat.status ? " cl-has-status" : ""}${zones.length ? "" : " cl-no-zones"}" data-seat="${s}">
    <div class="cl-seat-id"><div class="cl-seat-head"><span class="cl-name">${esc(v.names[s])}${you ? " (you)" : ""}</span>${dealer}
      ${score}${badge}${won}${status}${team}</div>
    ${figures ? `<div class="cl-seat-figures">${figures}</div>` : ""}</div>
    <div class="cl-seat-zones">${zones.map((z) => zoneHtml(v, z, where)).join("")}</div></div>`;
}
