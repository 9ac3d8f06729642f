// Exercises on the published notebooks: no kernel runs behind these pages, so Check, Hint
// and Show answer are answered here from the data each exercise carries
// (cardlab.exercises.Exercise.offline, embedded when the notebooks are executed for the
// site).  check() gives the same verdict as the Python check(); tests/test_exercises.py
// runs it under node against the Python side.
(function (root) {
  "use strict";

  var LIMIT = 40;

  function pyRepr(text) {
    var q = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var body = text.replace(/\\/g, "\\\\");
    if (q === "'") body = body.replace(/'/g, "\\'");
    return q + body + q;
  }

  function quote(text) {
    if (text.length <= LIMIT) return pyRepr(text);
    return pyRepr(text.slice(0, LIMIT)) + "… (" + text.length.toLocaleString("en") + " characters)";
  }

  function sentence(text) {
    text = (text || "").trim();
    if (!text) return text;
    text = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.!?]$/.test(text) ? text : text + ".";
  }

  function short(text) {
    text = text.trim();
    return text.length <= 40 ? text : text.slice(0, 40) + "…";
  }

  // Python's format(value, "g"): six significant digits.
  function g(v) {
    if (v === 0) return "0";
    var exp = Math.floor(Math.log10(Math.abs(v)));
    if (exp < -4 || exp >= 6) {
      var parts = v.toExponential(5).split("e");
      var m = parts[0].indexOf(".") >= 0 ? parts[0].replace(/\.?0+$/, "") : parts[0];
      var n = parseInt(parts[1], 10);
      return m + "e" + (n < 0 ? "-" : "+") + String(Math.abs(n)).padStart(2, "0");
    }
    return String(parseFloat(v.toPrecision(6)));
  }

  function readNumber(answer) {
    if (answer === null || answer === undefined) throw new Error("no answer given yet");
    var text = String(answer).trim().replace(/−/g, "-").replace(/,/g, ".");
    if (!text) throw new Error("no answer given yet");
    var ok = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/.test(text);
    if (!(text.length <= 40 && ok)) {
      var digits = /\p{Nd}/u.test(text);
      if (digits && /[^\x00-\x7f]/.test(text)) {
        throw new Error("write the number with the digits 0-9, not " + quote(String(answer)));
      }
      throw new Error("write a number such as 12 or -3.5, not " + quote(String(answer)));
    }
    var value = parseFloat(text);
    if (!isFinite(value)) {
      throw new Error("answer with a number one can count with, such as 12, not " + quote(String(answer)));
    }
    return Math.round(value * 1e9) / 1e9;
  }

  function byIndex(data) {
    var out = {};
    data.pool.forEach(function (c) { out[c.code] = c; });
    return out;
  }

  function names(data, codes) {
    var pool = byIndex(data);
    var cards = codes.map(function (code) { return pool[code]; });
    cards.sort(function (a, b) { return a.index - b.index; });
    return cards.length ? cards.map(function (c) { return c.text; }).join(" ") : "none";
  }

  // The normal form of an answer, as Exercise._key gives it; throws an Error (worded for
  // the learner) when the answer is not one.
  function key(data, answer) {
    if (data.kind === "number") return readNumber(answer);
    if (data.kind === "cards") {
      var codes = Array.from(new Set(answer || [])).sort();
      if (!codes.length) throw new Error("no card chosen yet");
      if (data.pick_one && codes.length > 1) throw new Error("choose just one card");
      return codes;
    }
    if (answer === null || answer === undefined || String(answer).trim() === "") {
      throw new Error("no answer given yet");
    }
    var k = String(answer).trim().toLowerCase();
    if (data.kind === "choice") {
      var options = data.options.map(function (o) { return o.toLowerCase(); });
      if (options.indexOf(k) < 0) throw new Error("choose one of " + data.options.join(", "));
    }
    return k;
  }

  function same(data, a, b) {
    if (data.kind === "number") return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
    if (data.kind === "cards") return a.length === b.length && a.every(function (x, i) { return x === b[i]; });
    return a === b;
  }

  function diagnoseKey(data, k) {
    if (data.kind === "number") {
      return g(k) + " is too " + (k > data.expected ? "high" : "low");
    }
    if (data.kind !== "cards") return "";
    var pool = byIndex(data);
    var expected = new Set(data.expected);
    var extra = k.filter(function (c) { return !expected.has(c); });
    extra.sort(function (a, b) { return pool[a].index - pool[b].index; });
    var reasons = [];
    var grouped = {};
    extra.forEach(function (code) {
      var said = pool[code] ? pool[code].judge : data.not_offered;
      if (!(said in grouped)) {
        grouped[said] = [];
        reasons.push(said);
      }
      grouped[said].push(code);
    });
    var parts = reasons.map(function (said) { return names(data, grouped[said]) + ": " + said; });
    var given = new Set(k);
    var missed = data.expected.filter(function (c) { return !given.has(c); }).length;
    if (missed && !data.pick_one) {
      parts.push(
        missed + " card" + (missed > 1 ? "s" : "") + " that belong" + (missed === 1 ? "s" : "") +
        " in the answer " + (missed === 1 ? "is" : "are") + " missing"
      );
    }
    return parts.join("; ");
  }

  function show(data, k, answer) {
    if (data.kind === "number") return g(k);
    if (data.kind === "cards") return names(data, k);
    return short(String(answer));
  }

  // The verdict check() gives: {ok, text}, text as str(Verdict) writes it.
  function check(data, answer) {
    if (data.kind === "missing") return { ok: false, text: "✘ Not quite. " + data.message };
    var k;
    try {
      k = key(data, answer);
    } catch (e) {
      return { ok: false, text: "✘ Not quite. " + sentence(e.message) + " Hint: " + data.hint };
    }
    if (same(data, k, data.expected)) return { ok: true, text: "✔ Right. " + data.why };
    var known = data.mistakes.filter(function (m) { return same(data, k, m[0]); });
    var said = sentence(known.length ? known[0][1] : diagnoseKey(data, k));
    said = said || show(data, k, answer) + " is not it.";
    return { ok: false, text: "✘ Not quite. " + said + " Hint: " + data.hint };
  }

  var api = { check: check, readNumber: readNumber, g: g };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = api;
    return;
  }
  root.cardlabExercises = api;

  // ------------------------------------------------------------- the page
  function escape(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }

  function inline(text) {
    return escape(text).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>");
  }

  function dataOf(box) {
    var el = box.querySelector(".cl-ex-data");
    return el ? JSON.parse(el.getAttribute("data-exercise")) : null;
  }

  function say(box, html) {
    var fb = box.querySelector(".cl-ex-feedback .widget-html-content") ||
      box.querySelector(".cl-ex-feedback");
    if (fb) fb.innerHTML = html;
  }

  function verdictHtml(css, text) {
    var at = text.indexOf(" Hint: ");
    var said = at < 0 ? text : text.slice(0, at);
    var hint = at < 0 ? "" : text.slice(at + 7);
    return "<div class='cl-ex-fb " + css + "'>" + inline(said) +
      (hint ? "<br><b>Hint:</b> " + inline(hint) : "") + "</div>";
  }

  function cardButtons(box) {
    return Array.from(box.querySelectorAll(".cl-ex-card"));
  }

  function answerOf(box, data) {
    if (data.kind === "cards") {
      return cardButtons(box).filter(function (b) { return b.classList.contains("mod-active"); })
        .map(function (b) { return b.getAttribute("title"); });
    }
    if (data.kind === "choice") {
      var on = box.querySelector(".widget-toggle-buttons .mod-active");
      return on ? on.textContent.trim() : null;
    }
    var input = box.querySelector("input");
    return input ? input.value : null;
  }

  function onClick(event) {
    var button = event.target.closest && event.target.closest("button");
    var box = button && button.closest(".cl-ex");
    if (!box) return;
    var data = dataOf(box);
    if (!data) return;
    if (button.classList.contains("cl-ex-btn-check")) {
      var v = check(data, answerOf(box, data));
      say(box, verdictHtml(v.ok ? "cl-ex-ok" : "cl-ex-no", v.text));
    } else if (button.classList.contains("cl-ex-btn-hint")) {
      var hint = data.kind === "missing" ? data.message : data.hint;
      say(box, "<div class='cl-ex-fb cl-ex-hint'><b>Hint:</b> " + inline(hint) + "</div>");
    } else if (button.classList.contains("cl-ex-btn-answer")) {
      say(box, verdictHtml("cl-ex-ans", data.kind === "missing" ? data.message : data.solution));
      if (data.kind === "cards") {
        cardButtons(box).forEach(function (b) {
          if (data.expected.indexOf(b.getAttribute("title")) >= 0) b.classList.add("cl-ex-answer");
        });
      }
    }
  }

  var NOTE = "This is a published copy of the notebook: no Python runs behind it. The " +
    "exercises check your answers right here in the page; to run or change the code " +
    "cells, open the notebook in JupyterLab (<code>make lab</code>) or on Binder.";

  function note() {
    var first = document.querySelector(".cl-ex");
    if (!first || document.querySelector(".cl-ex-offline-note") || !dataOf(first)) return !!first;
    var div = document.createElement("div");
    div.className = "admonition note cl-ex-offline-note";
    div.innerHTML = "<p class='admonition-title'>Exercises on this page</p><p>" + NOTE + "</p>";
    var cell = first.closest(".jp-Cell") || first;
    cell.parentNode.insertBefore(div, cell);
    return true;
  }

  document.addEventListener("click", onClick, true);
  function watch() {
    if (note()) return;
    var seen = new MutationObserver(function () {
      if (note()) seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})(this);
