"""Paparazzi's table in real JupyterLab + Chromium at 1280 × 720: the spaced grid of
celebrities drawn to scale, and a card laid by clicking it in the hand, then a lit space.

One notebook holds one table (you at North, the bot instant); the test drives it through
clicks and saves screenshots in ``artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"paparazzi_{name}.png"))


def test_a_card_is_laid_by_clicking_it_then_a_free_space(lab: Any, browser: Any) -> None:
    cells = ["from cardlab.widgets import Table", "Table('paparazzi', seat=0, seed=3, pace=0)"]
    with tables_page(lab, browser, "paparazzi", cells, 1, 1280, 720) as pg:
        t = pg.locator(".cl-root")
        t.scroll_into_view_if_needed()
        board = t.locator(".cl-board-grid")
        # 12 celebrities and 32 spaces on a 5 × 13 grid; corners are gaps
        expect(board.locator(".cl-cell")).to_have_count(44)
        expect(board.locator(".cl-cell > .cl-card")).to_have_count(12)
        expect(board.locator(".cl-cell.cl-hole")).to_have_count(32)
        box, root = board.bounding_box(), t.bounding_box()
        assert box is not None and root is not None
        assert root["width"] <= 1280 and root["height"] <= 720, root
        # nothing is lit on the board until a card is picked up
        expect(board.locator(".cl-cell.cl-dest")).to_have_count(0)
        hand = t.locator('.cl-zone[data-zone="hand"][data-owner="0"] .cl-card.cl-legal')
        expect(hand).to_have_count(3)
        card = hand.first
        code = str(card.get_attribute("data-key"))
        card.click()
        lit = board.locator(".cl-cell.cl-dest.cl-target")
        expect(lit).to_have_count(32)
        _shot(t, "picked")
        space = lit.nth(7)
        cell = str(space.get_attribute("data-cell"))
        click_and_wait(t, space)
        # the card lies in that space; South (the bot) has laid one too; North draws
        expect(board.locator(f'.cl-cell[data-cell="{cell}"] .cl-card')).to_have_attribute(
            "data-code", code
        )
        expect(board.locator(".cl-cell > .cl-card")).to_have_count(14)
        expect(hand).to_have_count(3)
        expect(t.locator(".cl-log")).to_contain_text(f"at {cell}")
        _shot(t, "laid")
