// Buttons and pickers for the actions cards can't express, the viewpoint menu and the
// replay controls.
import { esc, capital } from "./util.js";
import { SUIT } from "./cards.js";
import { oddsToggleHtml } from "./odds.js";

// Many actions of one verb ("bid 3 4 5", "bet 25") get one picker per argument and a single
// button instead of a wall of buttons; each picker offers only values that still lead to a
// legal action given the pickers before it.
export const COMPOSE_OVER = 12;

const CARD_CODE = /^(10|[2-9TJQKA])([CDHS])$/;

/** An argument as shown in a picker: card codes as symbols, the rest as they are. */
export function argLabel(x) {
  const m = CARD_CODE.exec(x);
  if (!m) return x;
  const rank = m[1] === "T" ? "10" : m[1];
  return rank + SUIT["CDHS".indexOf(m[2])];
}

function numeric(values) {
  return values.every((x) => /^-?\d+$/.test(x));
}

/** The values picker ``i`` offers once the pickers before it read ``prefix``. */
export function pickerValues(args, i, prefix) {
  const fit = args.filter((xs) => prefix.every((p, j) => xs[j] === p));
  const values = [...new Set(fit.map((xs) => xs[i]))];
  if (numeric(values)) values.sort((x, y) => Number(x) - Number(y));
  return values;
}

export function composeHtml(verb, acts) {
  const args = acts.map(([a]) => a.split(" ").slice(1));
  const arity = args[0].length;
  let pickers = "";
  const prefix = [];
  for (let i = 0; i < arity; i++) {
    const values = pickerValues(args, i, prefix);
    prefix.push(values[0]);
    const opts = values.map((x) => `<option value="${esc(x)}">${esc(argLabel(x))}</option>`).join("");
    pickers += `<select class="cl-compose-arg" data-index="${i}" aria-label="${esc(verb)}: choice ${i + 1} of ${arity}">${opts}</select>`;
  }
  const data = esc(JSON.stringify(args));
  return `<span class="cl-compose" data-verb="${esc(verb)}" data-args="${data}">${pickers}<button class="cl-btn cl-action cl-compose-go" data-compose="${esc(verb)}">${esc(capital(verb.replace(/_/g, " ")))}</button></span>`;
}

/** After picker ``i`` changed: refill the pickers after it with the values still possible. */
export function refreshPickers(span, i) {
  const args = JSON.parse(span.dataset.args);
  const selects = [...span.querySelectorAll(".cl-compose-arg")];
  const prefix = selects.slice(0, i + 1).map((s) => s.value);
  for (let j = i + 1; j < selects.length; j++) {
    const values = pickerValues(args, j, prefix);
    const keep = values.includes(selects[j].value) ? selects[j].value : values[0];
    selects[j].innerHTML = values
      .map((x) => `<option value="${esc(x)}"${x === keep ? " selected" : ""}>${esc(argLabel(x))}</option>`)
      .join("");
    prefix.push(keep);
  }
}

/**
 * A whole-number range of one verb (``bet 1`` to ``bet 500``), sent as its bounds: one
 * number box and a button, however wide the range. Typing a number outside it is refused
 * by the game with its reason.
 */
export function rangeHtml(r) {
  const label = capital(r.verb.replace(/_/g, " "));
  const span = r.low === r.high ? `only ${r.low}` : `${r.low} to ${r.high}`;
  return `<span class="cl-compose cl-range" data-verb="${esc(r.verb)}" data-args="[]"><input type="number" class="cl-compose-arg" data-index="0" min="${r.low}" max="${r.high}" step="1" value="${r.low}" aria-label="${esc(r.verb)}: a number from ${r.low} to ${r.high}"><span class="cl-range-span">${span}</span><button class="cl-btn cl-action cl-compose-go" data-compose="${esc(r.verb)}">${esc(label)}</button></span>`;
}

/**
 * A move that asks first (the layout's ``confirm``: a Stop that ends the deal), set apart
 * from the others: its button, or once pressed its question with Yes and No.
 */
export function askHtml(a, lab, question, asking) {
  if (asking === a) {
    return `<span class="cl-ask" role="alertdialog" aria-label="${esc(question)}">${esc(question)} <button class="cl-btn cl-action" data-act="${esc(a)}">Yes, ${esc(lab.toLowerCase())}</button><button class="cl-btn" data-cmd="cancel-ask">No, go on</button></span>`;
  }
  return `<button class="cl-btn cl-asks" data-ask="${esc(a)}" title="${esc(question)}">${esc(lab)}…</button>`;
}

export function actionsHtml(buttons, ranges = [], confirm = [], asking = null) {
  const groups = new Map();
  const ranged = new Set(ranges.map((r) => r.verb));
  const questions = new Map(confirm);
  let apart = "";
  for (const [a, lab] of buttons) {
    const verb = a.split(" ")[0];
    if (ranged.has(verb)) continue; // drawn as its number box
    if (questions.has(verb)) {
      apart += askHtml(a, lab, questions.get(verb), asking);
      continue;
    }
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push([a, lab]);
  }
  let out = "";
  for (const [verb, acts] of groups) {
    const arity = acts[0][0].split(" ").length - 1;
    const same = acts.every(([a]) => a.split(" ").length - 1 === arity);
    if (acts.length <= COMPOSE_OVER || !arity || !same) {
      out += acts.map(([a, lab]) => `<button class="cl-btn cl-action" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
    } else {
      out += composeHtml(verb, acts);
    }
  }
  out += ranges.map(rangeHtml).join("");
  return apart ? `${out}<span class="cl-apart-actions">${apart}</span>` : out;
}

export function viewOptions(v) {
  const opts = v.names.map((n, s) => [String(s), `${n}${v.human === s ? " (you)" : ""}`]);
  opts.push(["spectator", "Spectator"]);
  if (!v.viewpoints || v.viewpoints.includes("teacher")) opts.push(["teacher", "Teacher (all cards)"]);
  const allowed = v.viewpoints ? opts.filter(([val]) => v.viewpoints.includes(val)) : opts;
  return allowed.map(([val, lab]) => `<option value="${val}"${val === v.viewer ? " selected" : ""}>${esc(lab)}</option>`).join("");
}

const PACES = [0, 0.2, 0.4, 0.8, 1.5];

export function controlsHtml(v, pace, replay) {
  const paces = PACES.map((p) => `<option value="${p}"${p === pace ? " selected" : ""}>${p === 0 ? "instant" : p + " s"}</option>`).join("");
  const live = replay
    ? '<span class="cl-replay-note">a recorded match: step through it</span>'
    : `<button class="cl-btn" data-cmd="undo" title="take back your last move">Undo</button>
    <button class="cl-btn" data-cmd="hint" title="what the bot would play here, and why (nothing is played)">Hint</button>
    <label>Bot pace <select class="cl-pace" aria-label="bot pace">${paces}</select></label>
    ${oddsToggleHtml(v)}`;
  return `<div class="cl-controls">
    <button class="cl-btn" data-cmd="start" title="to the start" aria-label="to the start">|◀</button>
    <button class="cl-btn" data-cmd="back" title="step back" aria-label="step back">◀</button>
    <input class="cl-scrub" type="range" min="0" max="${v.total}" value="${v.step}" aria-label="replay position">
    <button class="cl-btn" data-cmd="step" title="step forward" aria-label="step forward">▶</button>
    <button class="cl-btn" data-cmd="end" title="to the end" aria-label="to the end">▶|</button>
    <span class="cl-stepno">${v.step} / ${v.total}</span>
    ${live}
  </div>`;
}

