"""The Turncoat table in real JupyterLab + Chromium: keeping a mission, giving a secret card,
and an accusation that asks first and ends the game.

One notebook makes two tables (you at North, the bots instant; in both deals North is on
the team); each test drives one of them by clicks and saves a screenshot in
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
#: seed 1: South is the turncoat; seed 7: West is.
TABLES = {
    "missions": "Table('turncoat', seat=0, seed=1, pace=0)",
    "accuse": "Table('turncoat', seat=0, seed=7, pace=0)",
}


@pytest.fixture(scope="module")
def turncoat_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = ["from cardlab.widgets import Table", *TABLES.values()]
    with tables_page(lab, browser, "turncoat", cells, 2) as pg:
        yield pg


def _table(pg: Any, k: int) -> Any:
    t = pg.locator('.cl-root[data-game="turncoat"]').nth(k)
    t.scroll_into_view_if_needed()
    return t


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"turncoat_{name}.png"))


def test_keep_a_mission_then_give_a_secret_card(turncoat_page: Any) -> None:
    t = _table(turncoat_page, 0)
    offer = t.locator('.cl-zone[data-zone="offer"] .cl-card.cl-legal')
    expect(offer).to_have_count(2)
    code = str(offer.first.get_attribute("data-code"))
    click_and_wait(t, offer.first)
    expect(t.locator(".cl-log")).to_contain_text("Mission 1: North picks")
    mission = t.locator('.cl-zone[data-zone="mission"] .cl-card')
    expect(mission).to_have_attribute("data-code", code)
    # the accusations stand apart and ask first
    expect(t.locator('.cl-actions [data-ask="accuse east"]')).to_be_visible()
    hand = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="hand"] .cl-card.cl-legal')
    expect(hand).to_have_count(5)
    _shot(t, "give")
    gift = str(hand.first.get_attribute("data-code"))
    click_and_wait(t, hand.first)
    log = t.locator(".cl-log")
    expect(log).to_contain_text("to give")
    # every seat has given and the deck added its card: the mission is shown, no giver named
    expect(log).to_contain_text("Mission 1 (")
    shown = t.locator('.cl-zone[data-zone="last_mission"] .cl-card')
    expect(shown).to_have_count(6)
    expect(shown.and_(t.locator(f'.cl-card[data-code="{gift}"]'))).to_have_count(1)
    _shot(t, "shown")


def test_an_accusation_asks_first_and_ends_the_game(turncoat_page: Any) -> None:
    t = _table(turncoat_page, 1)
    ask = t.locator('.cl-actions [data-ask="accuse east"]')
    expect(ask).to_be_visible()
    ask.click()
    question = t.locator(".cl-ask")
    expect(question).to_contain_text("ends the game")
    _shot(t, "asking")
    click_and_wait(t, question.locator('[data-act="accuse east"]'))
    expect(t.locator(".cl-log")).to_contain_text("North accuses East of being the turncoat")
    expect(t.locator(".cl-prompt")).to_contain_text("West wins as the turncoat")
    # the identity cards are turned up at the end
    joker = t.locator('.cl-seat[data-seat="3"] .cl-zone[data-zone="identity"] .cl-card')
    expect(joker).to_have_attribute("data-code", "JK1")
    _shot(t, "accused")
