"""Court's table in real JupyterLab + Chromium: a draft pick, and the joker's two picks.

One notebook holds two tables, you North with a heuristic bot elsewhere: a fresh game,
and a two-player game on a fixed deal in which North's court already holds a joker.
Each test clicks cards, checks what the page shows and saves a screenshot in
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
CORNER = {"x": 9, "y": 22}
SETUP = """
import cardlab
from cardlab.widgets import Table

game = cardlab.load("court", players=2, rounds=1)
hands = ["KS QD JS AS AH 2C 9C 4H JK1", "KH QH JH AD 5C 6C 7C TD JK2"]
m = cardlab.Match(game, deal=game.deal(hands=hands), seed=0, agents=[None, "heuristic"])
m.play("pick JK1", 0)
m.run()  # South chooses: the cards are turned up and the hands swap
"""
CELLS = [SETUP, "Table('court', seat=0, seed=3, pace=0)", "Table(m, seat=0, pace=0)"]


@pytest.fixture(scope="module")
def court_page(lab: Any, browser: Any) -> Iterator[Any]:
    with tables_page(lab, browser, "court", CELLS, 2) as pg:
        yield pg


def _table(pg: Any, k: int) -> Any:
    t = pg.locator('.cl-root[data-game="court"]').nth(k)
    t.scroll_into_view_if_needed()
    return t


def _mine(t: Any, code: str) -> Any:
    return t.locator(f'.cl-seat[data-seat="0"] .cl-card.cl-legal[data-code="{code}"]')


def _click_and_wait(t: Any, target: Any) -> None:
    click_and_wait(t, target, position=CORNER)


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"court_{name}.png"))


def test_a_draft_pick_joins_the_court_at_the_reveal(court_page: Any) -> None:
    t = _table(court_page, 0)
    hand = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="hand"] .cl-card.cl-legal')
    expect(hand).to_have_count(8)
    code = hand.first.get_attribute("data-code")
    _click_and_wait(t, hand.first)
    # the bots have chosen too: the cards are turned up and North's joins its court
    court = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="court"]')
    expect(court.locator(f'.cl-card[data-code="{code}"]')).to_have_count(1)
    expect(t.locator(".cl-log")).to_contain_text("North plays")
    # a new hand arrived from West: seven cards to choose from
    expect(hand).to_have_count(7)
    _shot(t, "pick")


def test_the_joker_takes_two_cards_in_the_order_chosen(court_page: Any) -> None:
    t = _table(court_page, 1)
    # North now holds the rest of South's hand; its court holds the joker
    _click_and_wait(t, _mine(t, "KH"))
    keep = t.locator('.cl-actions [data-act="keep"]')
    expect(keep).to_be_visible()
    expect(t.locator(".cl-prompt")).to_contain_text("spend your joker")
    expect(_mine(t, "KH")).to_have_count(0)
    _click_and_wait(t, _mine(t, "QH"))
    log = t.locator(".cl-log")
    expect(log).to_contain_text("North spends the Joker and plays K♥ then Q♥")
    expect(log).to_contain_text("marriage")
    court = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="court"] .cl-card')
    expect(court).to_have_count(2)
    expect(court.nth(0)).to_have_attribute("data-code", "KH")
    expect(court.nth(1)).to_have_attribute("data-code", "QH")
    _shot(t, "joker")
