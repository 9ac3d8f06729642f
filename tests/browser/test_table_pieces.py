"""The card table in real JupyterLab + Chromium on the small example games of ``tests/toys``:
a move built card by card (its tray), a partnership's side, a poll, targeted secret
choices, a game with no hands and an ending with no winner.

One notebook makes a table per case (you at seat 0, bots instant); each test drives one
table through clicks and keys, checks what the page shows and saves a screenshot in
``artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import notebook, notebook_page, run_all
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
TESTS = Path(__file__).resolve().parents[1]
CORNER = {"x": 9, "y": 22}
#: One table per case, by name (seed 1: after "track 1" North may lay 4♥, 6♥ or 6♠).
TABLES = {
    "snake": "Table('toy_snake', seat=0, seed=1, pace=0)",
    "partners": "Table('toy_partners', seat=0, seed=11, pace=0)",
    "vault": "Table('toy_vault', seat=0, seed=11, pace=0)",
    "standoff": "Table('toy_standoff', seat=0, seed=11, pace=0)",
    "stalemate": "Table('toy_stalemate', seat=0, seed=11, pace=0)",
}


@pytest.fixture(scope="module")
def toys_page(lab: Any, browser: Any) -> Iterator[Any]:
    cells = [
        f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport toys\n"
        "from cardlab.widgets import Table",
        *TABLES.values(),
    ]
    ctx, pg = notebook_page(lab, browser, "toys.ipynb", notebook(cells), 1400, 1000)
    errors = pg.page_errors
    run_all(pg)
    expect(pg.locator(".cl-root")).to_have_count(len(TABLES), timeout=60_000)
    yield pg
    assert not errors, errors
    ctx.close()


def _table(pg: Any, name: str) -> Any:
    t = pg.locator(f'.cl-root[data-game="toy_{name}"]')
    t.scroll_into_view_if_needed()
    return t


def _shot(t: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"pieces_{name}.png"))


def _step(t: Any) -> str:
    return str(t.get_attribute("data-step"))


def _click_and_wait(t: Any, target: Any) -> None:
    before = _step(t)
    target.click()
    expect(t).not_to_have_attribute("data-step", before)


def test_a_staged_move_is_built_in_a_tray(toys_page: Any) -> None:
    t = _table(toys_page, "snake")
    hand = t.locator('.cl-seat[data-seat="0"] .cl-zone[data-zone="hand"]')
    tray = t.locator(".cl-zone.cl-tray")
    expect(tray).to_have_count(0)
    _click_and_wait(t, t.locator('.cl-actions [data-act="track 1"]'))
    # the tray opens empty: Done waits (and says why), Cancel drops the move
    expect(tray).to_be_visible()
    expect(tray.locator(".cl-tray-done")).to_be_disabled()
    expect(tray).to_contain_text("not ready: lay at least one card")
    expect(t.locator('.cl-actions [data-act="cancel"]')).to_have_count(0)  # in the tray only
    _shot(t, "tray_open")
    # a click on a card of the hand adds it to the tray
    _click_and_wait(t, hand.locator('.cl-card[data-code="4H"]'))
    expect(tray.locator('.cl-card[data-code="4H"]')).to_be_visible()
    expect(hand.locator('.cl-card[data-code="4H"]')).to_have_count(0)
    expect(tray.locator(".cl-tray-done")).to_be_enabled()
    _shot(t, "tray_one_card")
    # a click on it in the tray takes it back
    _click_and_wait(t, tray.locator('.cl-card[data-code="4H"]'))
    expect(tray.locator(".cl-card")).to_have_count(0)
    expect(hand.locator('.cl-card[data-code="4H"]')).to_be_visible()
    # Escape cancels the whole move: the tray is gone and the turn's choices are back
    before = _step(t)
    t.press("Escape")
    expect(t).not_to_have_attribute("data-step", before)
    expect(tray).to_have_count(0)
    expect(t.locator('.cl-actions [data-act="track 1"]')).to_be_visible()
    # again, and Enter makes the move: the track's top is the card laid
    _click_and_wait(t, t.locator('.cl-actions [data-act="track 1"]'))
    _click_and_wait(t, hand.locator('.cl-card[data-code="4H"]'))
    before = _step(t)
    t.locator(".cl-felt").click(position={"x": 5, "y": 5})  # nothing in focus that takes Enter
    t.press("Enter")
    expect(t).not_to_have_attribute("data-step", before)
    expect(tray).to_have_count(0)
    expect(t.locator(".cl-log")).to_contain_text("North lays 4♥ on track 1")
    _shot(t, "tray_done")


def test_a_side_shows_its_zones_and_score_together(toys_page: Any) -> None:
    t = _table(toys_page, "partners")
    sides = t.locator(".cl-team-box")
    expect(sides).to_have_count(2)
    ours = t.locator('.cl-team-box[data-team="0"]')
    expect(ours.locator(".cl-team-name")).to_have_text("North & South")
    expect(ours.locator('.cl-zone[data-zone="pile"]')).to_have_count(1)
    # our score is the sum of the side's lines: it changes as our side lays matching cards
    scores = [int(ours.locator(".cl-team-score").inner_text())]
    for _ in range(4):
        card = t.locator('.cl-seat[data-seat="0"] .cl-card.cl-legal').first
        if not card.count():
            break
        before = _step(t)
        card.click(position=CORNER)
        expect(t).not_to_have_attribute("data-step", before)
        scores.append(int(ours.locator(".cl-team-score").inner_text()))
        if len(scores) == 2:
            _shot(t, "partners_play")
    top = ours.locator('.cl-zone[data-zone="pile"] .cl-card').last
    expect(top).to_be_visible()
    # the seats of the side carry its name; the pile lies in the side's box, not loose
    expect(t.locator('.cl-seat[data-seat="2"] .cl-team-chip')).to_have_text("North & South")
    expect(t.locator('.cl-centre-zones .cl-zone[data-zone="pile"]')).to_have_count(0)
    assert scores == sorted(scores), scores
    _shot(t, "partners")


def test_a_poll_and_a_game_without_hands(toys_page: Any) -> None:
    t = _table(toys_page, "vault")
    expect(t.locator('.cl-zone[data-zone="hand"]')).to_have_count(0)
    _click_and_wait(t, t.locator('.cl-actions [data-act="flip 1"]'))
    # the others answered first; now the question is ours, with its two answers
    expect(t.locator(".cl-prompt")).to_contain_text("Leave now with")
    expect(t.locator('.cl-actions [data-act="stay"]')).to_be_visible()
    _shot(t, "poll")
    _click_and_wait(t, t.locator('.cl-actions [data-act="leave"]'))
    expect(t.locator(".cl-log")).to_contain_text("North leaves")
    _shot(t, "poll_answered")


def test_targeted_secret_choices_are_clickable(toys_page: Any) -> None:
    t = _table(toys_page, "standoff")
    aims = t.locator('.cl-actions [data-act^="steal "]')
    expect(aims).to_have_count(2)
    _click_and_wait(t, t.locator('.cl-actions [data-act="steal east"]'))
    expect(t.locator(".cl-log")).to_contain_text("steal")
    _shot(t, "standoff")


def test_an_ending_with_no_winner_says_so(toys_page: Any) -> None:
    t = _table(toys_page, "stalemate")
    _click_and_wait(t, t.locator('.cl-actions [data-act="stop"]'))
    panel = t.locator(".cl-result")
    expect(panel.locator('.cl-over[data-ending="no winner"]')).to_contain_text("No winner")
    expect(t.locator(".cl-prompt")).to_contain_text("Nobody wins")
    expect(t.locator(".cl-won-badge")).to_have_count(0)
    _shot(t, "no_winner")
