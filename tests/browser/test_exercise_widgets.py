"""The notebook exercises in real JupyterLab + Chromium, clicked as a learner would.

A small notebook asks three exercises from the lessons catalogue: a card question (the
first trick of the Hearts notebook), a number and a choice. A wrong answer gets a hint and
not the answer; Show answer gives it and marks the cards; the right cards are accepted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import notebook, notebook_page, run_all
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """\
import cardlab
from cardlab.lessons import ask

game = cardlab.load("hearts", hands=1)
dealt = [
    "2C 5C 9C 3D 7D TD 4S 8S 2H 6H QS AS KH",
    "3S 7S 2D 4D 9D QD 3H 5H 8H TH TC 8C 6C",
    "3C 4C 7C 5D 6D 8D 2S 5S 6S 4H AC KC AD",
    "JC QC JD KD 9S TS JS KS 7H QH AH JH 9H",
]
m = cardlab.Match(game, deal=game.deal(dealt), seed=0, agents="heuristic")
passes = {0: "QS AS KH", 1: "TC 8C 6C", 2: "AC KC AD", 3: "AH JH 9H"}
for seat, cards in passes.items():
    for card in cards.split():
        m.play(f"pass {card}", seat)
m.play("play 2C")
"""
CELLS = [
    SETUP,
    'ask("hearts/first-trick", m.state)',
    'ask("hearts/omnibus-moon")',
    'ask("gin/gin-only-undercut")',
]
RIGHT = ["2♦", "4♦", "9♦", "Q♦", "A♠", "3♠", "7♠"]


@pytest.fixture(scope="module")
def exercises(lab: Any, browser: Any) -> Iterator[Any]:
    ctx, pg = notebook_page(lab, browser, "exercises.ipynb", notebook(CELLS), 1280, 900)
    run_all(pg)
    expect(pg.locator(".cl-ex")).to_have_count(3, timeout=60_000)
    yield pg
    ctx.close()


def _card(box: Any, text: str) -> Any:
    return box.locator(".cl-ex-card", has_text=re.compile(f"^{re.escape(text)}$"))


def _shot(pg: Any, box: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / f"exercise_{name}.png"))


def test_card_exercise_hint_first_then_answer_then_right(exercises: Any) -> None:
    pg = exercises
    box = pg.locator(".cl-ex").first
    box.scroll_into_view_if_needed()
    expect(box.locator(".cl-ex-q")).to_contain_text("Which cards may East play now?")
    expect(box.locator(".cl-ex-card")).to_have_count(13)
    feedback = box.locator(".cl-ex-fb")
    # A wrong answer: the legal diamonds and the Q♠. A hint, not the answer.
    for text in ["2♦", "4♦", "Q♠"]:
        _card(box, text).click()
    expect(box.locator(".cl-ex-card.mod-active")).to_have_count(3)
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_have_class(re.compile("cl-ex-no"))
    expect(feedback).to_contain_text("Q♠: not allowed")
    expect(feedback).to_contain_text("Hint:")
    assert "The answer is" not in feedback.inner_text()
    assert "A♠" not in feedback.inner_text()  # a card left out is counted, never named
    _shot(pg, box, "cards_wrong")
    # Hint alone, then the answer on request, with the right cards marked.
    box.locator(".cl-ex-btn-hint").click()
    expect(feedback).to_have_class(re.compile("cl-ex-hint"))
    box.locator(".cl-ex-btn-answer").click()
    expect(feedback).to_contain_text("The answer is 2♦ 4♦ 9♦ Q♦ A♠ 3♠ 7♠")
    expect(box.locator(".cl-ex-card.cl-ex-answer")).to_have_count(len(RIGHT))
    _shot(pg, box, "cards_answer")
    # Now the right cards: accepted with the explanation.
    _card(box, "Q♠").click()
    for text in RIGHT:
        if text not in ("2♦", "4♦"):
            _card(box, text).click()
    expect(box.locator(".cl-ex-card.mod-active")).to_have_count(len(RIGHT))
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_have_class(re.compile("cl-ex-ok"))
    expect(feedback).to_contain_text("Right")
    _shot(pg, box, "cards_right")
    assert not pg.page_errors, pg.page_errors


def test_number_exercise_in_a_box(exercises: Any) -> None:
    pg = exercises
    box = pg.locator(".cl-ex").nth(1)
    box.scroll_into_view_if_needed()
    feedback = box.locator(".cl-ex-fb")
    field = box.locator("input[type=text]")
    field.fill("-26")
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_contain_text("the moon shot alone")
    assert "-36" not in feedback.inner_text()
    _shot(pg, box, "number_wrong")
    field.fill("-36")
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_have_class(re.compile("cl-ex-ok"))
    assert not pg.page_errors, pg.page_errors


def test_choice_exercise_with_buttons(exercises: Any) -> None:
    pg = exercises
    box = pg.locator(".cl-ex").nth(2)
    box.scroll_into_view_if_needed()
    feedback = box.locator(".cl-ex-fb")
    box.locator(".widget-toggle-button", has_text=re.compile("^yes$")).click()
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_have_class(re.compile("cl-ex-no"))
    expect(feedback).to_contain_text("Hint:")
    box.locator(".widget-toggle-button", has_text=re.compile("^no$")).click()
    box.locator(".cl-ex-btn-check").click()
    expect(feedback).to_have_class(re.compile("cl-ex-ok"))
    _shot(pg, box, "choice_right")
    assert not pg.page_errors, pg.page_errors
