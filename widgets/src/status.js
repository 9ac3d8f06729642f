// The line under the felt: the prompt in plain words, always in view.

export function statusText(v, replay = false) {
  if (v.message) return v.message;
  if (replay) {
    // a page with no kernel: a recorded match to step through, never "your turn"
    const who = v.to_move.map((s) => v.names[s]).join(", ");
    const end = v.terminal ? (v.players === 1 ? v.outcome : `Game over: ${v.outcome}`) : who ? `${who} to play` : "";
    return `Recorded match, step ${v.step} of ${v.total}${end ? ": " + end : ""}`;
  }
  if (v.terminal) return v.players === 1 ? v.outcome : `Game over: ${v.outcome}`;
  if (v.human !== null && v.to_move.includes(v.human) && String(v.human) === v.viewer) {
    // Stepped back: playing here starts a new line of play from this step.
    const branch = v.step < v.total ? ` (step ${v.step} of ${v.total}: a move here replaces the rest)` : "";
    if (v.prompt) return `Your turn: ${v.prompt}${branch}`;
    const what = v.verb ? `${v.verb} a card` : "choose";
    return `Your turn: ${what}${v.buttons.length ? (v.verb ? " or press a button" : " with a button") : ""}${branch}`;
  }
  if (v.step < v.total) return `Replay: step ${v.step} of ${v.total}`;
  if (v.result && !v.terminal) return `Hand ${v.result.hand} is over: the table shows how it ended`;
  if (!v.to_move.length) return "";
  return `Waiting for ${v.to_move.map((s) => v.names[s]).join(", ")}`;
}
