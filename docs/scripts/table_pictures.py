"""Pictures of the card table for the game pages: ``docs/images/tables/<game>.png``.

Each game is played by its heuristic bots from a fixed seed to the middle of its first
hand, and South's (seat 0's) view is drawn by the shipped table bundle in Chromium, with
no kernel and nothing fetched.  Run it after a change to the table or a game:

    .venv/bin/python docs/scripts/table_pictures.py [game ...]
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "images" / "tables"
STATIC = ROOT / "cardlab" / "widgets" / "static"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def harness(view: dict[str, object], width: int = 1100) -> str:
    """A page that draws ``view`` with the bundled table, as a notebook output would."""
    js = (STATIC / "table.js").read_text(encoding="utf-8")
    js = js.replace("export {", "window.__cardlab = {")
    js = js.replace("index_default as default", "default: index_default")
    css = (STATIC / "table.css").read_text(encoding="utf-8")
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>{css}
body {{ margin: 8px; background: #fff; width: {width}px; }}</style></head>
<body><div id="el"></div><script type="module">{js}
const state = {{ view: {json.dumps(view)}, pace: 0, replay: {{}} }};
const model = {{ get: (k) => state[k], on() {{}}, off() {{}}, send() {{}}, set() {{}},
  save_changes() {{}} }};
window.__cardlab.default.render({{ model, el: document.getElementById("el") }});
</script></body></html>"""


def mid_hand_view(name: str, seed: int = 7) -> dict[str, object]:
    """Seat 0's view halfway through the first hand, bots playing every seat."""
    from cardlab import Match
    from cardlab.widgets.view import build_view

    probe = Match(name, seed=seed, agents="heuristic", hands=1)
    probe.run()
    m = Match(name, seed=seed, agents="heuristic", hands=1)
    m.run(max_steps=max(1, probe.step_count // 2))
    st = m.state
    obs = st.observation(0)
    chances = st.game.spec.odds
    # a game that gives odds is shown with its odds panel switched on
    odds = (
        {"on": True, "seat": 0, "lines": [[k, float(p)] for k, p in chances(obs).items()]}
        if chances is not None
        else None
    )
    return build_view(
        obs,
        human=0,
        actor=0 if 0 in st.to_move else None,  # your turn: your move lit, as at play
        step=m.step_count,
        total=m.step_count,
        show_result=False,
        event_steps=m.history_steps(0),
        odds=odds,
        spec=m.game.spec,
    )


def main(names: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from cardlab.games import GAMES

    names = names or [spec.name for spec in GAMES]
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1120, "height": 900})
        page.route("**/*", lambda route: route.abort())  # nothing leaves the page
        for name in names:
            page.set_content(harness(mid_hand_view(name)))
            page.locator(".cl-root").screenshot(path=str(OUT / f"{name}.png"))
            print(f"wrote {(OUT / f'{name}.png').relative_to(ROOT)}")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
