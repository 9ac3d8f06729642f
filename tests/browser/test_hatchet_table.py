"""Hatchet's table in real JupyterLab + Chromium at 1280 × 720: the card is turned first,
then laid by clicking the lit cell where its centre goes, with a preview of where it would
lie and which pips it would bury.

One notebook holds one table (you at North, drawing first, the bot instant); the test
drives it through clicks and saves screenshots in ``artifacts/``.
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
    t.screenshot(path=str(ARTIFACTS / f"hatchet_{name}.png"))


def test_turn_the_card_see_the_preview_and_click_where_it_goes(lab: Any, browser: Any) -> None:
    cells = ["from cardlab.widgets import Table", "Table('hatchet', seat=0, seed=5, pace=0)"]
    with tables_page(lab, browser, "hatchet", cells, 1, 1280, 720) as pg:
        t = pg.locator(".cl-root")
        t.scroll_into_view_if_needed()
        board = t.locator(".cl-board-grid.cl-lattice")
        expect(board.locator(".cl-lattice-card")).to_have_count(1)
        expect(t).to_have_attribute("data-phase", "turn")
        _shot(t, "turn")
        # the turn first: a button per way the card may lie
        click_and_wait(t, t.locator('[data-act="turn 90"]'))
        expect(t).to_have_attribute("data-phase", "place")
        lit = board.locator(".cl-cell.cl-dest[data-preview]")
        assert lit.count() > 10
        # the preview: the card's outline where it would lie, the pips it would bury ringed
        target = lit.nth(lit.count() // 2)
        preview = str(target.get_attribute("data-preview"))
        buried = len(preview.split(";")[1].split())
        target.hover()
        expect(board.locator(".cl-ghost")).to_have_count(1)
        expect(board.locator(".cl-mark.cl-covered")).to_have_count(buried)
        ghost = board.locator(".cl-ghost").bounding_box()
        assert ghost is not None and ghost["width"] > ghost["height"], "sideways: wider than tall"
        _shot(t, "preview")
        root = t.bounding_box()
        assert root is not None and root["width"] <= 1280 and root["height"] <= 720, root
        # the click lays it; the bot lays its own card and it is North's turn again
        click_and_wait(t, target)
        expect(t).to_have_attribute("data-phase", "turn")
        assert board.locator(".cl-lattice-card").count() >= 2
        expect(board.locator(".cl-ghost")).to_have_count(0)
        _shot(t, "laid")
