"""Click-to-redraw latency of the card table widget in real JupyterLab + Chromium.

For every registered game a notebook cell creates ``Table(game, seat=0, pace=0)``; the
script then clicks legal moves in the page and times each click until the table shows
the new position (the kernel applied the move, the bots answered, the browser redrew).

    .venv/bin/python benchmarks/widget_latency.py [--clicks 25] [GAME ...]

Needs /usr/bin/chromium (or $CHROMIUM) and the notebook + test extras.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_lab, stop_lab  # noqa: E402
from jlab import open_notebook, run_all  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from cardlab.games import GAMES  # noqa: E402

CLICK = """
async (game) => {
  const t = document.querySelector(`.cl-root[data-game="${game}"]`);
  const result = t.querySelector('.cl-result [data-cmd="continue"]');
  const target = t.querySelector(".cl-card.cl-legal") || t.querySelector(".cl-actions button");
  if (!target) {
    if (result) { result.click(); await new Promise((r) => setTimeout(r, 300)); return -1; }
    return null;
  }
  const before = t.dataset.step;
  const done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (t.dataset.step !== before) { mo.disconnect(); resolve(performance.now()); }
    });
    mo.observe(t, { attributes: true });
    setTimeout(() => { mo.disconnect(); resolve(null); }, 5000);
  });
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const pick = t.querySelector(".cl-chooser button");
  if (pick) pick.click();
  const t1 = await done;
  return t1 === null ? null : [t1 - t0, Number(t.dataset.drawMs)];
}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=[g.name for g in GAMES])
    ap.add_argument("--clicks", type=int, default=25)
    args = ap.parse_args()
    cells = ["from cardlab.widgets import Table"] + [
        f"Table({g!r}, seat=0, seed=1, pace=0)" for g in args.games
    ]
    nb = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "source": c, "outputs": []}
            | {"execution_count": None}
            for c in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    with tempfile.TemporaryDirectory() as tmp:
        lab = start_lab(Path(tmp))
        try:
            (lab.root / "bench.ipynb").write_text(json.dumps(nb))
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                open_notebook(page, lab.url("lab/tree/bench.ipynb", reset=""))
                run_all(page)
                expect(page.locator(".cl-root")).to_have_count(len(args.games))
                print(
                    f"{'game':16} {'clicks':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
                    f" {'draw median ms':>15}"
                )
                for g in args.games:
                    page.locator(f'.cl-root[data-game="{g}"]').scroll_into_view_if_needed()
                    times: list[float] = []
                    draws: list[float] = []
                    for _ in range(args.clicks * 2):
                        ms = page.evaluate(CLICK, g)
                        if ms is None:
                            break
                        if ms != -1:
                            times.append(ms[0])
                            draws.append(ms[1])
                        if len(times) >= args.clicks:
                            break
                    if not times:
                        print(f"{g:16} {0:6d} {'-':>10} {'-':>8} {'-':>8}")
                        continue
                    times.sort()
                    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                    print(
                        f"{g:16} {len(times):6d} {statistics.median(times):10.1f} "
                        f"{p95:8.1f} {times[-1]:8.1f} {statistics.median(draws):15.1f}"
                    )
                browser.close()
        finally:
            stop_lab(lab)


if __name__ == "__main__":
    main()
