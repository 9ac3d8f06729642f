// The whole table for one view: top bar, felt (seats around the centre), narration,
// prompt, actions and replay controls.
import { esc, words, shown } from "./util.js";
import { DEFS } from "./cards.js";
import { seatPositions } from "./layout.js";
import { seatHtml } from "./seats.js";
import { centreHtml } from "./zones.js";
import { actionsHtml, controlsHtml, viewOptions } from "./controls.js";
import { logHtml } from "./log.js";
import { resultHtml } from "./score.js";
import { statusText } from "./status.js";
import { oddsHtml } from "./odds.js";

/** A value a chip can show: a number, text, yes/no, or a list of those. */
const flat = (x) => typeof x !== "object" || x === null;

/** The game's facts as chips; a mapping shows its plain entries ("ranking: cards 3 · wild 3"),
 * while a staged move (``selection``, drawn as its tray) and nested records are left out. */
export function infoHtml(v) {
  return Object.entries(v.info)
    .filter(([k]) => k !== "selection")
    .map(([k, x]) => {
      if (Array.isArray(x)) return [k, x.every(flat) && x.length ? x : null];
      if (x && typeof x === "object") {
        const parts = Object.entries(x).filter(([, y]) => flat(y) && y !== null && y !== "");
        return [k, parts.length && parts.length === Object.keys(x).length ? parts.map(([a, y]) => `${words(a)} ${shown(y)}`).join(" · ") : null];
      }
      return [k, x];
    })
    .filter(([, x]) => x !== null && x !== "")
    .map(([k, x]) => `<span class="cl-chip">${esc(words(k))}: <b>${esc(shown(x))}</b></span>`)
    .join("");
}

/** The seats by side of the felt; the left side lists its seats from the top down. */
export function sides(v) {
  const where = seatPositions(v);
  const bySide = { top: [], left: [], right: [], bottom: [] };
  for (let s = 0; s < v.players; s++) bySide[where[s]].push(seatHtml(v, s, where[s]));
  bySide.left.reverse();
  return bySide;
}

export function tableHtml(v, pace, replay = false) {
  const bySide = sides(v);
  const phase = v.phase ? ` · ${esc(v.phase)}` : "";
  const hand = v.players === 1 ? "" : `hand ${v.hand}`;
  return `${DEFS}
  <div class="cl-top">
    <span class="cl-title">${esc(v.title)}</span><span class="cl-handno">${hand}${hand ? phase : esc(v.phase || "")}</span>
    <span class="cl-info">${infoHtml(v)}</span>
    <label class="cl-viewlabel">View <select class="cl-viewpoint" aria-label="viewpoint">${viewOptions(v)}</select></label>
  </div>
  <div class="cl-main">
    <div class="cl-felt cl-players-${Math.min(8, v.players)}">
      <div class="cl-area cl-area-top">${bySide.top.join("")}</div>
      <div class="cl-area cl-area-left">${bySide.left.join("")}</div>
      <div class="cl-area cl-area-center">${centreHtml(v)}</div>
      <div class="cl-area cl-area-right">${bySide.right.join("")}</div>
      <div class="cl-area cl-area-bottom">${bySide.bottom.join("")}</div>
      ${v.resultHidden ? "" : resultHtml(v, replay)}
    </div>
    ${logHtml(v, replay ? "" : oddsHtml(v))}
  </div>
  <div class="cl-bar"><div class="cl-status" role="status" aria-live="polite"><span class="cl-prompt">${esc(v.thinking || statusText(v, replay))}</span><span class="cl-reason">${esc(v.hint ? v.hint.text : "")}</span></div>
  <div class="cl-actions">${replay ? "" : actionsHtml(v.buttons, v.ranges || [], (v.layout || {}).confirm || [], v.asking || null) + resultButtons(v)}</div></div>
  ${controlsHtml(v, pace, replay)}`;
}

/** With the score panel closed, its buttons wait under the felt. */
export function resultButtons(v) {
  if (!v.result || !v.resultHidden) return "";
  const next = v.terminal ? "" : '<button class="cl-btn cl-primary" data-cmd="continue">Continue</button>';
  return `${next}<button class="cl-btn" data-cmd="show-result">Show the score</button>`;
}
