"""Jackhammer's table in real JupyterLab + Chromium at 1280 × 720: the board drawn to
scale with its pawns and holes, and moves made by clicking a lit cell.

One notebook holds one table (you at North, the bot instant); the tests drive it through
clicks and save screenshots in ``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import click_and_wait, tables_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def board_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = ["from cardlab.widgets import Table", "Table('jackhammer', seat=0, seed=3, pace=0)"]
    with tables_page(lab, browser, "jackhammer", cells, 1, 1280, 720) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"jackhammer_{name}.png"))


def test_the_board_is_drawn_to_scale_and_fits_the_screen(board_page: Any) -> None:
    t = board_page.locator(".cl-root")
    t.scroll_into_view_if_needed()
    board = t.locator(".cl-board-grid")
    expect(board.locator(".cl-cell")).to_have_count(36)
    expect(board.locator(".cl-cell > .cl-card")).to_have_count(36)
    expect(board.locator(".cl-cell > .cl-card").last).to_be_visible()  # laid out
    # every card of the board is the same size, a card's proportions, in a 6 × 6 grid
    sizes = board.locator(".cl-cell > .cl-card").evaluate_all(
        "cs => cs.map(c => { const r = c.getBoundingClientRect();"
        " return [Math.round(r.width), Math.round(r.height), r.left, r.top]; })"
    )
    assert len({(w, h) for w, h, _, _ in sizes}) == 1
    w, h = sizes[0][:2]
    assert abs(h / w - 84 / 60) < 0.05  # a card's proportions
    assert len({round(x) for _, _, x, _ in sizes}) == 6
    assert len({round(y) for _, _, _, y in sizes}) == 6
    box = board.bounding_box()
    root = t.bounding_box()
    assert box is not None and root is not None
    assert box["width"] < 1280 and box["height"] < 720
    assert root["width"] <= 1280 and root["height"] <= 720, root
    # placing: the lit cells are the free Aces
    lit = board.locator(".cl-cell.cl-dest")
    expect(lit).to_have_count(4)
    for code in lit.locator(".cl-card").evaluate_all("cs => cs.map(c => c.dataset.code)"):
        assert code.startswith("A")
    _shot(t, "placing")


def test_pawns_are_placed_and_moved_by_clicking_a_lit_cell(board_page: Any) -> None:
    t = board_page.locator(".cl-root")
    board = t.locator(".cl-board-grid")
    ace = board.locator(".cl-cell.cl-dest").first
    cell = str(ace.get_attribute("data-cell"))
    click_and_wait(t, ace)
    # North's pawn stands on the Ace; South (the bot) has placed too, and North moves
    north = '.cl-token[data-token="North"]'
    expect(board.locator(f'.cl-cell[data-cell="{cell}"] {north}')).to_be_visible()
    expect(board.locator('.cl-token[data-token="South"]')).to_be_visible()
    expect(t).to_have_attribute("data-phase", "move")
    dest = board.locator(".cl-cell.cl-dest").last
    to = str(dest.get_attribute("data-cell"))
    click_and_wait(t, dest)
    # the pawn stands on its new cell and the card it left is North's; a hole is left
    expect(board.locator(f'.cl-cell[data-cell="{to}"] {north}')).to_be_visible()
    expect(board.locator(f'.cl-cell[data-cell="{cell}"]')).to_have_class("cl-cell cl-hole")
    taken = t.locator('.cl-zone[data-zone="taken"][data-owner="0"] .cl-card')
    expect(taken).to_have_count(1)
    expect(board.locator(".cl-hole")).to_have_count(2)
    _shot(t, "moved")
