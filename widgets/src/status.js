// The line under the felt: the prompt in plain words, always in view.

/** True when the page may move for a seat in this view (its legal moves are clickable). */
export function acting(v) {
  return v.actor !== null && v.actor !== undefined && v.to_move.includes(v.actor);
}

export function statusText(v, replay = false) {
  if (v.message) return v.message;
  if (replay) {
    // a page with no kernel: a recorded match to step through, never "your turn"
    const who = v.to_move.map((s) => v.names[s]).join(", ");
    const end = v.terminal ? (v.players === 1 ? v.outcome : `Game over: ${v.outcome}`) : who ? `${who} to play` : "";
    return `Recorded match, step ${v.step} of ${v.total}${end ? ": " + end : ""}`;
  }
  if (v.terminal) return v.players === 1 ? v.outcome : `Game over: ${v.outcome}`;
  if (v.result) return `Hand ${v.result.hand} is over: press Continue to deal the next hand`;
  // Stepped back: playing here starts a new line of play from this step.
  const branch = v.step < v.total ? ` (step ${v.step} of ${v.total}: a move here replaces the rest)` : "";
  if (acting(v)) {
    const who = v.actor === v.human ? "Your turn" : `${v.names[v.actor]} to play`;
    if (v.prompt) return `${who}: ${v.prompt}${branch}`;
    const what = v.verb ? `${v.verb} a card` : "choose";
    return `${who}: ${what}${v.buttons.length ? (v.verb ? " or press a button" : " with a button") : ""}${branch}`;
  }
  const human = v.human !== null && v.human !== undefined;
  if (human && v.to_move.includes(v.human)) {
    // your turn, but this view shows no hand to play from: say how to play
    return `Your turn: this view cannot play, switch the view to ${v.names[v.human]} (you) or Teacher${branch}`;
  }
  if (v.step < v.total) return `Replay: step ${v.step} of ${v.total}`;
  if (!v.to_move.length) return "";
  return `Waiting for ${v.to_move.map((s) => v.names[s]).join(", ")}`;
}
