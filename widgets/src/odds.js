// The odds panel: the exact chances the game gives for the seat in view, each as a
// percentage with a bar, shown when the viewer switches odds on.
import { esc } from "./util.js";

/** A probability as people read it: "64.0%", "<0.1%" for a tiny but real chance. */
export function percent(p) {
  if (p > 0 && p < 0.0005) return "<0.1%";
  return `${(100 * p).toFixed(1)}%`;
}

/** The switch beside the other controls, for games that give odds. */
export function oddsToggleHtml(v) {
  if (!v.odds) return "";
  const on = v.odds.on ? " checked" : "";
  return `<label class="cl-odds-toggle" title="the exact chances for the seat in view"><input type="checkbox" class="cl-odds-switch"${on}> Odds</label>`;
}

export function oddsHtml(v) {
  if (!v.odds || !v.odds.on) return "";
  const who = v.odds.seat === null || v.odds.seat === undefined ? "what everyone sees" : v.names[v.odds.seat];
  if (!v.odds.lines.length) {
    return `<div class="cl-odds" role="note"><span class="cl-odds-who">Odds for ${esc(who)}:</span> nothing to weigh at this step</div>`;
  }
  const lines = v.odds.lines
    .map(
      ([label, p]) =>
        `<span class="cl-odds-line"><span class="cl-odds-label">${esc(label)}</span> <b>${percent(p)}</b><span class="cl-odds-bar" style="width:${(100 * p).toFixed(1)}%"></span></span>`,
    )
    .join("");
  return `<div class="cl-odds" role="note"><span class="cl-odds-who">Odds for ${esc(who)}:</span>${lines}</div>`;
}
