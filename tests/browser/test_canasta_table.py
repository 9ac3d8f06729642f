"""The Canasta table in real JupyterLab + Chromium: a meld built in the tray against the
side's minimum, and the partner's "may I go out?" answered with a yes/no prompt.

One notebook makes two tables from explicit deals (you at seat 0, bots instant); each test
drives one table through clicks, checks what the page shows and saves a screenshot in
``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = r"""
import cardlab
from cardlab.widgets import Table
"""
MELD = r"""
g1 = cardlab.load("canasta", first_dealer=3)
m1 = cardlab.Match(g1, deal=g1.deal([
    "7H 7C 7S KH KS KC QH QS QC 9C 4S",
    "8C' 9C' TC' JC' 8D' 9D' TD' JD' 5C' 6C' 5D'",
    "8H' 9H' TH' JH' 8S' 9S' TS' JS' 5H' 6H' 5S'",
    "4C' 6D' 4S' 6S' AD' AC' QD' 9D TH JH TD",
],
    upcard="6D", stock="5H 8S 4H 9H 4D".split()),
    seed=1, agents=[None, "heuristic", "heuristic", "heuristic"],
)
meld_table = Table(m1, seat=0, pace=0)
"""
ASK = r"""
g2 = cardlab.load("canasta", first_dealer=1)
m2 = cardlab.Match(g2, deal=g2.deal([
    "8C' 9C' TC' JC' 8D' 9D' TD' JD' 5C' 6C' 5D'",
    "4C' 6D' 4S' 6S' AD' AC' QD' 9D TH JH TD",
    "7H 7C 7S 7D 7H' 7C' 7S' KH KS KC 4S",
    "8H' 9H' TH' JH' 8S' 9S' TS' JS' 5H' 6H' 5S'",
],
    upcard="6D", stock="5H 8S 4H 9H 4D 5C".split()),
    seed=1, agents=[None, "heuristic", "heuristic", "heuristic"],
)
for step, seat in [
    ("draw", 2), *[("meld 7", 2)] * 7, *[("meld k", 2)] * 3, ("done", 2), ("discard 4S", 2),
    ("draw", 3), ("discard 5S'", 3), ("draw", 0), ("discard 5D'", 0),
    ("draw", 1), ("discard TD", 1), ("ask", 2)]:
    m2.play(step, seat)
ask_table = Table(m2, seat=0, pace=0)
"""


@pytest.fixture(scope="module")
def canasta_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [SETUP, MELD + "\nmeld_table", ASK + "\nask_table"]
    with tables_page(lab, browser, "canasta", cells, 2, height=1100) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"canasta_{name}.png"))


def test_a_meld_is_built_in_the_tray_against_the_minimum(canasta_page: Any) -> None:
    t = canasta_page.locator('.cl-root[data-game="canasta"]').nth(0)
    t.scroll_into_view_if_needed()
    act = lambda a: t.locator(f'.cl-actions [data-act="{a}"]')  # noqa: E731
    click_and_wait(t, act("draw"))
    tray = t.locator(".cl-zone.cl-tray")
    for word in ("7", "7", "7", "k", "k", "k"):
        click_and_wait(t, act(f"meld {word}"))
    expect(tray).to_be_visible()
    expect(tray).to_contain_text("45 points of the 50 your side needs")
    expect(tray.locator(".cl-tray-done")).to_be_disabled()
    _shot(t, "tray_short")
    for _ in range(3):
        click_and_wait(t, act("meld q"))
    expect(tray.locator(".cl-tray-done")).to_be_enabled()
    _shot(t, "tray_ready")
    click_and_wait(t, tray.locator(".cl-tray-done"))
    expect(tray).to_have_count(0)
    expect(t.locator(".cl-log")).to_contain_text("North melds")
    side = t.locator('.cl-team-box[data-team="0"]')
    expect(side.locator('.cl-zone[data-zone="melds"]')).to_have_count(3)
    _shot(t, "melded")


def test_the_partner_answers_may_i_go_out(canasta_page: Any) -> None:
    t = canasta_page.locator('.cl-root[data-game="canasta"]').nth(1)
    t.scroll_into_view_if_needed()
    expect(t.locator(".cl-prompt")).to_contain_text("South asks: may I go out?")
    expect(t.locator('.cl-actions [data-act="yes"]')).to_be_visible()
    canasta = t.locator('.cl-team-box[data-team="0"] .cl-zone[data-zone="melds"]').first
    expect(canasta).to_contain_text("natural canasta")
    _shot(t, "ask")
    click_and_wait(t, t.locator('.cl-actions [data-act="no"]'))
    expect(t.locator(".cl-log")).to_contain_text("North says no")
    _shot(t, "answered")
