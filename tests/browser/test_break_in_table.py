"""Break In's table in real JupyterLab + Chromium: scouting a stack in secret, the
scouted cards beside the scout, the odds panel, flipping and the leave question.

(Named ``test_break_in_table`` because pytest cannot collect two test modules of one
basename, and ``tests/games/test_break_in.py`` holds the scenarios.)

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


@pytest.fixture(scope="module")
def break_in_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [
        "from cardlab.widgets import Table",
        "Table('break_in', seat=0, seed=11, pace=0, players=3)",
    ]
    with tables_page(lab, browser, "break_in", cells, 1) as pg:
        yield pg


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"break_in_{name}.png"))


def test_scouting_flipping_the_odds_and_the_leave_question(break_in_page: Any) -> None:
    t = break_in_page.locator('.cl-root[data-game="break_in"]')
    t.scroll_into_view_if_needed()
    actions = t.locator(".cl-actions")
    # scouting: a secret pick among the three stacks
    expect(actions.locator('[data-act^="scout "]')).to_have_count(3)
    expect(t.locator(".cl-prompt")).to_contain_text("Choose a stack to scout")
    _shot(t, "scouting")
    click_and_wait(t, actions.locator('[data-act="scout 2"]'))
    # the picks are revealed together; North sees stack 2's twelve cards beside it
    expect(t.locator(".cl-log")).to_contain_text("Scouting: North stack 2")
    mine = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="scouted"]')
    expect(mine.locator(".cl-card")).to_have_count(12)
    expect(mine).to_contain_text("Scouted stack 2")
    # North opens the round: a flip from any stack
    expect(actions.locator('[data-act^="flip "]')).to_have_count(3)
    # the odds panel: the trap chance of each stack, stack 2 marked as scouted
    before = t.get_attribute("data-step")
    t.locator(".cl-odds-switch").check()
    panel = t.locator(".cl-odds")
    expect(panel).to_contain_text("stack 2 springs the trap (scouted)", timeout=30_000)
    expect(panel).to_contain_text(re.compile(r"\d+\.\d%"))
    assert t.get_attribute("data-step") == before, "switching odds on plays nothing"
    _shot(t, "odds")
    click_and_wait(t, actions.locator('[data-act="flip 2"]'))
    expect(t.locator(".cl-log")).to_contain_text("North flips")
    # the others answered first; the flipper is asked last
    expect(t.locator(".cl-prompt")).to_contain_text("Leave now with")
    expect(actions.locator('[data-act="stay"]')).to_be_visible()
    expect(panel).to_contain_text("on average, leaving now:")
    _shot(t, "leave_question")
    click_and_wait(t, actions.locator('[data-act="leave"]'))
    expect(t.locator(".cl-log")).to_contain_text("North leaves with")
    t.locator(".cl-odds-switch").uncheck()
    expect(panel).to_have_count(0)
    _shot(t, "left")
