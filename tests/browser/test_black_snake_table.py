"""Black Snake's table in real JupyterLab + Chromium at 1280 × 720: the tracks drawn as
numbered piles on the board, and a lay built in the tray by clicking a lit track, then
the cards of the run, then done.

One notebook holds one table (you at North, the bot instant); the test drives it through
clicks and saves screenshots in ``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# seed 12: the tracks show A♠ and 6♦, North holds 3♥ 8♥ K♠
SEED = 12


@pytest.fixture(scope="module")
def snake_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [
        "from cardlab.widgets import Table",
        f"Table('black_snake', seat=0, seed={SEED}, pace=0)",
    ]
    with tables_page(lab, browser, "black_snake", cells, 1, 1280, 720) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"black_snake_{name}.png"))


def test_a_lay_is_built_by_clicking_a_track_then_its_cards(snake_page: Any) -> None:
    t = snake_page.locator(".cl-root")
    t.scroll_into_view_if_needed()
    board = t.locator(".cl-board-grid")
    expect(board.locator(".cl-cell")).to_have_count(2)
    expect(board.locator(".cl-cell-name")).to_have_text(["1", "2"])
    root = t.bounding_box()
    assert root is not None and root["width"] <= 1280 and root["height"] <= 720, root
    # North can lay on both tracks (K♠ 3♥ on the Ace, K♠ 8♥ on the 6): both are lit
    expect(board.locator(".cl-cell.cl-dest")).to_have_count(2)
    _shot(t, "start")
    click_and_wait(t, board.locator('.cl-cell.cl-dest[data-cell="1"]'))
    tray = t.locator(".cl-zone.cl-tray")
    expect(tray).to_have_count(1)
    # on an Ace, the K♠ may stand for a 2 with the 3♥ after it; the 8♥ fits nowhere
    hand = t.locator('.cl-zone[data-zone="hand"][data-owner="0"]')
    expect(hand.locator('.cl-legal[data-code="KS"]')).to_be_visible()
    expect(hand.locator('.cl-legal[data-code="8H"]')).to_have_count(0)
    click_and_wait(t, hand.locator('.cl-legal[data-code="KS"]'))
    expect(tray.locator('.cl-card[data-code="KS"]')).to_be_visible()
    expect(tray.locator(".cl-tray-done")).to_be_disabled()
    expect(tray).to_contain_text("a lay may not end on a picture")
    click_and_wait(t, hand.locator('.cl-legal[data-code="3H"]'))
    expect(tray.locator(".cl-tray-done")).to_be_enabled()
    expect(tray).to_contain_text("going up")
    _shot(t, "tray")
    click_and_wait(t, tray.locator(".cl-tray-done"))
    expect(tray).to_have_count(0)
    # the 3♥ tops track 1, which now holds three cards; North scored 3
    first = board.locator('.cl-cell[data-cell="1"]')
    expect(first.locator(":scope > .cl-card")).to_have_attribute("data-code", "3H")
    expect(first.locator(".cl-depth")).to_have_text("3")
    expect(t.locator(".cl-log")).to_contain_text("for 3 points")
    _shot(t, "laid")
