// cardlab card table: draws the JSON view sent by cardlab.widgets.Table (anywidget).
// With a kernel every click goes to Python, which answers with the next view.  A table saved
// with its replay embedded (the docs site) steps through the recorded match on its own.
import { esc } from "./util.js";
import { tableHtml } from "./table.js";
import { refreshPickers } from "./controls.js";
import { replayer } from "./replay.js";
import { showPreview } from "./board.js";

/** What clicking a card or a stack's top offers: ``{play}`` one action, or a selection. */
export function plan(v, key) {
  const acts = key ? v.acts[key] || [] : [];
  if (acts.length === 1) return { play: acts[0][0] };
  if (!acts.length) return null;
  const targets = {};
  const rest = [];
  for (const [a, lab, dest] of acts) {
    if (dest && targets[dest] === undefined) targets[dest] = a;
    else rest.push([a, lab]);
  }
  return { select: key, targets, rest };
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cl-root";
  root.tabIndex = 0;
  root.dataset.lmSuppressShortcuts = "true"; // arrows and Enter belong to the table
  el.appendChild(root);
  let selection = null; // a card picked up, waiting for its destination
  let asking = null; // a move that asks first (Stop), its question showing
  let hidden = null; // the step whose score panel was closed
  let draft = null; // {step, values} typed into a bet box or chosen in pickers, not yet taken
  let thinking = ""; // what the kernel is busy with, once it has taken half a second
  let slow = null; // the half-second timer before saying so
  let live = false; // the kernel answered: clicks go to Python
  let player = null; // the embedded replay, used while no kernel answers
  let local = null; // {viewer, step} shown from the embedded replay

  const embedded = () => {
    const data = model.get("replay");
    return data && data.frames ? data : null;
  };
  const current = () => {
    if (!live && player && local) return player.view(local.viewer, local.step);
    return model.get("view");
  };

  const draw = () => {
    let v = current();
    if (!v || !v.zones) return;
    if (selection) v = { ...v, selected: selection.select, targets: selection.targets };
    if (asking) v = { ...v, asking };
    if (hidden === v.step && v.result) v = { ...v, resultHidden: true };
    if (thinking) v = { ...v, thinking };
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusCode = active && active.dataset ? active.dataset.key : null;
    const hadCardFocus = !!(active && active.classList && active.classList.contains("cl-card"));
    const t0 = performance.now();
    const replaying = !live && !!player;
    root.innerHTML = tableHtml(v, model.get("pace"), replaying);
    root.dataset.step = String(v.step);
    root.dataset.total = String(v.total);
    root.dataset.viewer = v.viewer;
    root.dataset.game = v.game;
    root.dataset.phase = v.phase;
    root.dataset.mode = replaying ? "replay" : "live";
    root.classList.toggle("cl-selecting", !!selection);
    root.classList.toggle("cl-thinking", !!thinking);
    if (draft && draft.step === v.step) restoreDraft(draft.values);
    if (selection && selection.rest.length) chooserFor(root.querySelector(".cl-card.cl-selected"), selection.rest);
    if (v.hint && !selection) {
      // the suggested card (or button) glows; nothing is played
      const sel = v.hint.key !== null
        ? `.cl-card.cl-legal[data-key="${CSS.escape(v.hint.key)}"]`
        : `[data-act="${CSS.escape(v.hint.action)}"]`;
      const target = root.querySelector(sel);
      if (target) target.classList.add("cl-hint");
      else {
        // a number from a range (``bet 5``): the box shows it and its button glows
        const [verb, n] = v.hint.action.split(" ");
        const box = root.querySelector(`.cl-range[data-verb="${CSS.escape(verb)}"]`);
        if (box && n !== undefined) {
          box.querySelector("input").value = n;
          box.querySelector("button").classList.add("cl-hint");
        }
      }
    }
    root.dataset.drawMs = (performance.now() - t0).toFixed(2);
    const log = root.querySelector(".cl-log");
    if (log) log.scrollTop = log.scrollHeight;
    if (hadCardFocus) {
      const again = focusCode && root.querySelector(`.cl-card.cl-legal[data-key="${CSS.escape(focusCode)}"]`);
      const first = again || root.querySelector(".cl-card.cl-legal");
      (first || root).focus();
    } else if (active === root) {
      root.focus();
    }
  };

  function chooserFor(card, acts) {
    if (!card) return;
    const box = document.createElement("div");
    box.className = "cl-chooser";
    box.innerHTML = acts.map(([a, lab]) => `<button class="cl-btn" data-act="${esc(a)}">${esc(lab)}</button>`).join("");
    card.parentElement.appendChild(box);
    const b = box.querySelector("button");
    if (b) b.focus();
  }

  // What was typed in a bet box or chosen in pickers survives a redraw (a refused bet
  // keeps its number), until the match moves on.
  const readDraft = () => [...root.querySelectorAll(".cl-compose")].map((span) => [
    span.dataset.verb,
    [...span.querySelectorAll(".cl-compose-arg")].map((x) => x.value),
  ]);
  function restoreDraft(values) {
    for (const [verb, picks] of values) {
      const span = root.querySelector(`.cl-compose[data-verb="${CSS.escape(verb)}"]`);
      if (!span) continue;
      span.querySelectorAll(".cl-compose-arg").forEach((x, i) => {
        if (picks[i] === undefined) return;
        if (x.tagName === "SELECT" && ![...x.options].some((o) => o.value === picks[i])) return;
        x.value = picks[i];
        if (x.tagName === "SELECT") refreshPickers(span, i);
      });
    }
  }
  const keepDraft = () => {
    const v = current();
    if (v) draft = { step: v.step, values: readDraft() };
  };

  // A refusal's reason goes beside the prompt, which always stays in view.
  const explain = (text) => {
    const why = root.querySelector(".cl-reason");
    if (why) why.textContent = text;
  };

  const send = (msg) => {
    try {
      model.send(msg);
    } catch (e) {
      /* no kernel: nothing to send to */
    }
  };
  // One move at a time: a second click before the kernel answers the first (a double
  // click, an impatient one while a bot thinks) would land on the next decision.
  let pending = null;
  const act = (a) => {
    selection = null;
    asking = null;
    if (pending) return;
    pending = setTimeout(() => { pending = null; }, 8000);
    send({ type: "act", action: a });
  };
  const compose = (go) => {
    keepDraft();
    const picks = [...go.parentElement.querySelectorAll(".cl-compose-arg")].map((x) => x.value);
    act([go.dataset.compose, ...picks].join(" "));
  };

  const pickCard = (card) => {
    const v = current();
    const key = card.dataset.key || card.dataset.code;
    if (selection && selection.select === key) {
      selection = null;
      return draw();
    }
    const p = card.dataset.legal ? plan(v, key) : null;
    if (p && p.play) {
      card.classList.add("cl-sent");
      act(p.play);
    } else if (p) {
      // several moves for this card: pick a destination on the felt, or one of the buttons
      selection = p;
      draw();
    } else if (card.dataset.why !== undefined) {
      explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
    }
  };

  // Without a kernel the replay controls move through the embedded steps.
  const command = (cmd, step) => {
    if (live || !player) return send(step === undefined ? { type: cmd } : { type: cmd, step });
    const total = player.total;
    const k = local.step;
    const to = { start: 0, back: k - 1, step: k + 1, end: total, seek: step }[cmd];
    if (to === undefined) return;
    local = { ...local, step: Math.max(0, Math.min(total, to)) };
    draw();
  };

  const onClick = (ev) => {
    const t = ev.target;
    const btn = t.closest("[data-act]");
    if (btn) return act(btn.dataset.act);
    const ask = t.closest("[data-ask]");
    if (ask) {
      asking = ask.dataset.ask; // the question and its Yes / No replace the button
      draw();
      const no = root.querySelector('[data-cmd="cancel-ask"]');
      if (no) no.focus();
      return;
    }
    const go = t.closest("[data-compose]");
    if (go) return compose(go);
    const cmd = t.closest("[data-cmd]");
    const local = { "hide-result": "hide", "show-result": "show", "cancel-ask": "cancel" }[cmd && cmd.dataset.cmd];
    if (local) {
      if (local === "hide") hidden = current().step;
      if (local === "show") hidden = null;
      asking = null;
      return draw();
    }
    if (cmd) return command(cmd.dataset.cmd);
    const line = t.closest("[data-seek]");
    if (line) return command("seek", Number(line.dataset.seek));
    const card = t.closest(".cl-card");
    // A card picked up goes to any lit destination clicked, on its cards as well as its edge.
    const zone = t.closest("[data-target]");
    if (zone && selection && !(card && card.classList.contains("cl-selected"))) return act(zone.dataset.target);
    if (card && (card.dataset.legal || card.dataset.why !== undefined || !selection)) return pickCard(card);
    if (zone) return act(zone.dataset.target);
    if (selection) {
      selection = null;
      draw();
    }
  };
  const onOver = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card) explain(`${card.getAttribute("aria-label")}: ${card.dataset.why}`);
    const cell = ev.target.closest && ev.target.closest("[data-preview]");
    if (cell) showPreview(cell.closest(".cl-board-grid"), cell);
  };
  const onOut = (ev) => {
    const card = ev.target.closest && ev.target.closest(".cl-card[data-why]");
    if (card && !card.contains(ev.relatedTarget)) explain("");
    const cell = ev.target.closest && ev.target.closest("[data-preview]");
    if (cell && !(ev.relatedTarget && ev.relatedTarget.closest && ev.relatedTarget.closest("[data-preview]"))) {
      showPreview(cell.closest(".cl-board-grid"), null);
    }
  };
  const onChange = (ev) => {
    const t = ev.target;
    if (t.classList.contains("cl-viewpoint")) {
      if (!live && player) {
        local = { ...local, viewer: t.value };
        return draw();
      }
      model.set("viewer", t.value);
      model.save_changes();
    } else if (t.classList.contains("cl-pace")) {
      model.set("pace", Number(t.value));
      model.save_changes();
    } else if (t.classList.contains("cl-odds-switch")) {
      model.set("show_odds", t.checked);
      model.save_changes();
    } else if (t.classList.contains("cl-scrub")) {
      command("seek", Number(t.value));
    } else if (t.classList.contains("cl-compose-arg")) {
      refreshPickers(t.closest(".cl-compose"), Number(t.dataset.index));
      keepDraft();
    }
  };
  const onInput = (ev) => {
    if (ev.target.classList.contains("cl-scrub")) {
      const no = root.querySelector(".cl-stepno");
      if (no) no.textContent = `${ev.target.value} / ${ev.target.max}`;
    } else if (ev.target.classList.contains("cl-compose-arg")) {
      keepDraft();
    }
  };
  const onKey = (ev) => {
    if (ev.key === "Escape" && (selection || asking)) {
      selection = null;
      asking = null;
      draw();
      ev.stopPropagation();
      return;
    }
    // A move built card by card: Escape drops it, Enter makes it (Space picks the card in
    // focus; Enter on a button or in a box stays theirs).
    const tray = current() && current().tray;
    if (tray && ev.key === "Escape" && tray.cancel) {
      act(tray.cancel);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const busyKey = ev.target.closest && ev.target.closest("button, input, select, [data-target]");
    if (tray && ev.key === "Enter" && !busyKey) {
      if (tray.done) act(tray.done);
      else explain(`not ready: ${tray.not_ready}`);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const box = ev.target.closest && ev.target.closest(".cl-compose");
    if (ev.key === "Enter" && box) {
      // Enter in a bet box (or on a picker) makes the move, as its button does
      const go = box.querySelector("[data-compose]");
      if (go) compose(go);
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const cards = Array.from(root.querySelectorAll(".cl-card.cl-legal"));
    const cur = document.activeElement;
    const i = cards.indexOf(cur);
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) {
      if (!cards.length || ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
      const d = ev.key === "ArrowLeft" || ev.key === "ArrowUp" ? -1 : 1;
      const j = i < 0 ? (d > 0 ? 0 : cards.length - 1) : (i + d + cards.length) % cards.length;
      cards[j].focus();
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === "Enter" || ev.key === " ") && i >= 0) {
      pickCard(cur);
      ev.preventDefault();
      ev.stopPropagation();
    } else if ((ev.key === "Enter" || ev.key === " ") && cur && cur.dataset && cur.dataset.target) {
      act(cur.dataset.target);
      ev.preventDefault();
      ev.stopPropagation();
    }
  };
  const onView = () => {
    selection = null;
    asking = null;
    clearTimeout(pending);
    pending = null;
    const v = model.get("view");
    if (v && hidden !== null && hidden !== v.step) hidden = null;
    draw();
  };
  // A move the kernel takes more than half a second over says who is thinking.
  const onBusy = () => {
    const busy = model.get("busy") || "";
    clearTimeout(slow);
    if (!busy) {
      if (thinking) {
        thinking = "";
        draw();
      }
      return;
    }
    if (thinking) {
      thinking = busy;
      return draw();
    }
    slow = setTimeout(() => {
      thinking = model.get("busy") || "";
      if (thinking) draw();
    }, 500);
  };
  const onMsg = (msg) => {
    if (msg && msg.type === "done") {
      clearTimeout(pending);
      pending = null;
    }
    if (msg && msg.type === "hello" && !live) {
      live = true;
      draw();
    }
  };
  const onReplay = () => {
    const data = embedded();
    player = data ? replayer(data) : null;
    if (player && !local) {
      const v = model.get("view");
      const viewer = v && player.viewpoints.includes(v.viewer) ? v.viewer : player.viewpoints[0];
      local = { viewer, step: v ? Math.min(v.step, player.total) : player.total };
    }
    draw();
  };
  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseout", onOut);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKey);
  model.on("change:view", onView);
  model.on("change:busy", onBusy);
  model.on("change:replay", onReplay);
  model.on("msg:custom", onMsg);
  onReplay();
  send({ type: "hello" });
  return () => {
    clearTimeout(slow);
    clearTimeout(pending);
    model.off("change:view", onView);
    model.off("change:busy", onBusy);
    model.off("change:replay", onReplay);
    model.off("msg:custom", onMsg);
    root.removeEventListener("click", onClick);
    root.removeEventListener("mouseover", onOver);
    root.removeEventListener("mouseout", onOut);
    root.removeEventListener("change", onChange);
    root.removeEventListener("input", onInput);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
