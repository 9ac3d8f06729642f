// The score panel of a finished hand: its summary, score lines and totals.
import { esc } from "./util.js";

const signed = (n) => `${n > 0 ? "+" : ""}${n}`;

export function resultHtml(v, replay = false) {
  const r = v.result;
  if (!r) return "";
  const lines = r.lines
    .map((l) => `<tr><td>${esc(l.name)}</td><td class="cl-pts">${signed(l.points)}</td><td>${esc(l.reason)}</td></tr>`)
    .join("");
  // in a partnership game the sides come first: their points are what decides the game
  const sides = (v.teams || []).length && (r.team_points || []).length
    ? v.teams
      .map((t, i) => `<tr class="cl-side-line" data-team="${i}"><td><b>${esc(t.name)}</b></td><td class="cl-pts">${signed(r.team_points[i])}</td><td>total ${esc(t.score)}</td></tr>`)
      .join("")
    : "";
  const totals = sides + v.names
    .map((n, s) => `<tr><td>${esc(n)}</td><td class="cl-pts">${signed(r.points[s])}</td><td>total ${v.scores[s]}</td></tr>`)
    .join("");
  let over;
  if (v.terminal) over = `<div class="cl-over" data-ending="${esc(v.ending || "")}">${endingBadge(v)}${esc(v.outcome)}</div>`;
  else if (replay) over = "";
  else over = '<button class="cl-btn cl-primary" data-cmd="continue">Continue</button>';
  const single = v.players === 1;
  // The lines scroll when there are many; the heading and Continue always stay in view.
  return `<div class="cl-result${single ? "" : " cl-result-wide"}" role="dialog" aria-label="hand score">
    <button class="cl-close" data-cmd="hide-result" title="hide the score to see the table" aria-label="hide the score">×</button><h3>${single ? "Result" : `Hand ${r.hand} scored`}</h3>
    ${r.summary ? `<p>${esc(r.summary)}</p>` : ""}
    <div class="cl-result-body"><div class="cl-result-part"><table class="cl-lines"><tbody>${lines || '<tr><td colspan="3">no points this hand</td></tr>'}</tbody></table></div>
    ${single ? "" : `<div class="cl-result-part"><h4>This hand</h4><table class="cl-lines"><tbody>${totals}</tbody></table></div>`}</div>${over}</div>`;
}

/** How the game ended, in a word, where the outcome's sentence may not start with it. */
export function endingBadge(v) {
  if (v.ending === "no winner") return '<span class="cl-ending cl-ending-none">No winner</span> ';
  return "";
}
