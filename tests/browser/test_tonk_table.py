"""The Tonk table in real JupyterLab + Chromium: laying a spread, extending another
player's spread, and going down (a move that asks first).

One notebook makes two tables from fixed deals (you at North, the other seats waiting);
each test drives one of them and saves a screenshot in ``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """import cardlab
from cardlab.widgets import Table
game = cardlab.load("tonk")
deal = game.deal(hands=["5H 6H 7H KC 2D", "8S 9S 10S QD JC", "4D 9C QH KH 3S"],
                 upcard="5C", stock="2C 3C JS".split())
lay = cardlab.Match(game, seed=0, deal=deal)
for act in ["draw stock", "lay 8S 9S TS", "discard QD", "draw stock", "discard KH"]:
    lay.play(act)
drop = cardlab.Match(game.with_options(first_dealer=2), seed=0, deal=game.deal(
    hands=["AS 2S 3D 4H 9C", "KC 10C 3C 2H AH", "QH 8C 6D 4D 2C"], upcard="5C"))"""
TABLES = {"lay": "Table(lay, seat=0, bots=None, pace=0)",
          "drop": "Table(drop, seat=0, bots=None, pace=0)"}  # fmt: skip


@pytest.fixture(scope="module")
def tonk_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [SETUP, *TABLES.values()]
    with tables_page(lab, browser, "tonk", cells, len(TABLES)) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"tonk_{name}.png"))


def test_lay_a_spread_and_extend_another_players_spread(tonk_page: Any) -> None:
    t = tonk_page.locator(".cl-root").nth(0)
    t.scroll_into_view_if_needed()
    melds = t.locator('.cl-zone[data-zone="melds"]')
    expect(melds).to_have_count(1)  # East's spread
    click_and_wait(t, t.locator('.cl-zone[data-zone="stock"] .cl-card').last)
    click_and_wait(t, t.locator('.cl-actions [data-act="extend JS on 8S"]'))
    expect(t.locator(".cl-log")).to_contain_text("North adds J♠ to East's spread")
    click_and_wait(t, t.locator('.cl-actions [data-act="lay 5H 6H 7H"]'))
    expect(melds).to_have_count(2)
    expect(t.locator(".cl-log")).to_contain_text("North lays down the spread 5♥ 6♥ 7♥")
    hand = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="hand"]')
    click_and_wait(t, hand.locator('.cl-card[data-code="KC"]'))
    expect(t.locator(".cl-log")).to_contain_text("North discards K♣")
    _shot(t, "spreads")


def test_going_down_asks_first_and_settles_the_drop(tonk_page: Any) -> None:
    t = tonk_page.locator(".cl-root").nth(1)
    t.scroll_into_view_if_needed()
    t.locator('.cl-actions [data-ask="down"]').click()
    ask = t.locator(".cl-ask")
    expect(ask).to_contain_text("Go down now?")
    click_and_wait(t, ask.locator('[data-act="down"]'))
    expect(t.locator(".cl-log")).to_contain_text("North goes down with 19")
    _shot(t, "down")
