// Small helpers shared by every part of the table.

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put inside HTML (elements and quoted attributes). */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** "draw_any_time" -> "draw any time". */
export function words(key) {
  return String(key).replace(/_/g, " ");
}

/** The first letter in capitals. */
export function capital(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** A value as a short label: lists joined by dashes, null as a dash, booleans as yes/no. */
export function shown(x) {
  if (Array.isArray(x)) return x.join("-");
  if (x === null || x === undefined) return "—";
  if (x === true) return "yes";
  if (x === false) return "no";
  return String(x);
}
