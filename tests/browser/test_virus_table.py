"""Virus's table in real JupyterLab + Chromium: a signal chosen and aimed at a player, and
the signals of every seat shown together once the last has chosen.

One notebook holds one table (you at North, the bots instant); the test drives it by
clicks, checks what the page shows and saves a screenshot in ``artifacts/``.
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
def virus_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [
        "from cardlab.widgets import Table",
        "Table('virus', seat=0, bots='heuristic', seed=3, players=3, pace=0)",
    ]
    with tables_page(lab, browser, "virus", cells, 1) as pg:
        yield pg


def test_a_signal_is_aimed_and_all_are_shown_together(virus_page: Any) -> None:
    t = virus_page.locator('.cl-root[data-game="virus"]')
    t.scroll_into_view_if_needed()
    actions = t.locator(".cl-actions")
    # one plain signal and three kinds aimed at either other player, never at North
    expect(actions.locator('[data-act="fist"]')).to_have_count(1)
    for word in ("infect", "steal", "block"):
        expect(actions.locator(f'[data-act^="{word} "]')).to_have_count(2)
        expect(actions.locator(f'[data-act="{word} north"]')).to_have_count(0)
    # the bots have chosen already, but nothing of their choice shows before the reveal
    log = t.locator(".cl-log")
    expect(log).to_contain_text("East has decided")
    expect(log).not_to_contain_text("The signals show")
    click_and_wait(t, actions.locator('[data-act="block east"]'))
    expect(log).to_contain_text("North decides to block East (secretly)")
    expect(log).to_contain_text("The signals show: North: block East; East:")
    # the next turn opens at once: a fist this time
    expect(actions.locator('[data-act="fist"]')).to_have_count(1)
    click_and_wait(t, actions.locator('[data-act="fist"]'))
    expect(log).to_contain_text("North: make a fist")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / "virus_signals.png"))
