"""T.O.D.'s table in real JupyterLab + Chromium at 1280 × 720: the turned-up card laid
over a table card, a question asked and answered, the analysis panel's count of cases
shrinking, and a guess named pick by pick.

(Named ``test_tod_table`` because pytest cannot collect two test modules of one
basename, and ``tests/games/test_tod.py`` holds the scenarios.)

One notebook page holds one table (you at North, the bots instant); the test drives it
through clicks, checks what the page shows and saves screenshots in ``artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CASES = re.compile(r"(\d+) cases left")


@pytest.fixture(scope="module")
def tod_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = ["from cardlab.widgets import Table", "Table('tod', seat=0, seed=5, pace=0)"]
    with tables_page(lab, browser, "tod", cells, 1, 1280, 720) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"tod_{name}.png"))


def _cases(panel: Any) -> int:
    m = CASES.search(panel.inner_text())
    assert m, panel.inner_text()
    return int(m.group(1))


def test_cover_ask_and_watch_the_cases_shrink(tod_page: Any) -> None:
    t = tod_page.locator('.cl-root[data-game="tod"]')
    t.scroll_into_view_if_needed()
    root = t.bounding_box()
    assert root is not None and root["width"] <= 1280 and root["height"] <= 720, root
    actions = t.locator(".cl-actions")
    expect(t.locator(".cl-prompt")).to_contain_text("over one of the table cards")
    expect(t.locator('.cl-zone[data-zone="flipped"] .cl-card')).to_have_count(1)
    # the analysis panel: the cases North cannot rule out yet, and each question's worth
    t.locator(".cl-odds-switch").check()
    panel = t.locator(".cl-odds")
    expect(panel).to_contain_text("cases left", timeout=30_000)
    expect(panel).to_contain_text("bits")
    first = _cases(panel)
    _shot(t, "cover")
    # lay the turned-up card over the first table card: click the card itself
    top = t.locator('.cl-zone[data-zone="table1"] .cl-card').last
    click_and_wait(t, top)
    expect(t.locator(".cl-log")).to_contain_text("North lays")
    expect(actions.locator('[data-act="ask number there"]')).to_be_visible()
    expect(actions.locator('[data-act="guess"]')).to_be_visible()
    expect(panel).to_contain_text("Is a number missing? yes")
    # ask the question worth the most bits, as the panel says
    lines = panel.locator(".cl-odds-label").all_inner_texts()
    worth = {
        q: float(re.search(r"([\d.]+) bits", line).group(1))  # type: ignore[union-attr]
        for line in lines
        for q in ("number there", "number missing", "suit there", "suit missing")
        if line.startswith(f"Is a {q}?")
    }
    best = max(worth, key=lambda q: worth[q])
    assert worth[best] > 0
    click_and_wait(t, actions.locator(f'[data-act="ask {best}"]'))
    expect(t.locator(".cl-log")).to_contain_text(
        re.compile(r"North asks East: .* East answers (yes|no)")
    )
    # the bots have played their turns; North's next card waits and fewer cases are left
    expect(t.locator(".cl-prompt")).to_contain_text("over one of the table cards")
    after = _cases(panel)
    assert after < first, (first, after)
    _shot(t, "answered")
    # a guess is named one part at a time: numbers low to high, then motive, then weapon
    click_and_wait(t, t.locator('.cl-zone[data-zone="table2"] .cl-card').last)
    click_and_wait(t, actions.locator('[data-act="guess"]'))
    expect(t.locator(".cl-prompt")).to_contain_text("number 1 of 2")
    expect(actions.locator('[data-act^="number "]')).to_have_count(6)
    click_and_wait(t, actions.locator('[data-act="number 6"]'))
    expect(actions.locator('[data-act^="number "]')).to_have_count(1)
    click_and_wait(t, actions.locator('[data-act="number 6"]'))
    click_and_wait(t, actions.locator('[data-act="motive love"]'))
    _shot(t, "naming")
    click_and_wait(t, actions.locator('[data-act="weapon bat"]'))
    expect(t.locator(".cl-log")).to_contain_text("North names East's case as love, bat, 12:66")
