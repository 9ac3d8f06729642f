// The hand's narration, numbered by step; a click on a line seeks to its step.
import { esc } from "./util.js";

export function logHtml(v) {
  const items = v.log
    .map((e) => (e.step === null || e.step === undefined
      ? `<li>${esc(e.text)}</li>`
      : `<li value="${e.step}" data-seek="${e.step}" title="go to step ${e.step}">${esc(e.text)}</li>`))
    .join("");
  return `<aside class="cl-side"><h4>Table talk</h4><ol class="cl-log">${items}</ol></aside>`;
}
