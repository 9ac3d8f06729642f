// The hand's narration, its lines numbered in order; a click on a line seeks to the step
// that produced it (one step, a deal for instance, can tell several lines).
import { esc } from "./util.js";

export function logHtml(v, extra = "") {
  const items = v.log
    .map((e) => (e.step === null || e.step === undefined
      ? `<li>${esc(e.text)}</li>`
      : `<li data-seek="${e.step}" title="go to step ${e.step}">${esc(e.text)}</li>`))
    .join("");
  return `<aside class="cl-side">${extra}<h4>Table talk</h4><ol class="cl-log">${items}</ol></aside>`;
}
