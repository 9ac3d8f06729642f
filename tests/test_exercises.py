"""The notebook exercise checks say right or wrong, and why."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.exercises import (
    Exercise,
    Missing,
    NumberExercise,
    check_choice,
    check_legal,
    check_number,
    check_score,
)
from cardlab.lessons import ask, keys


def _first_trick_state() -> cardlab.State:
    m = cardlab.Match("hearts", seed=4, hands=1)
    while m.state.phase == "pass" or m.state.current == "chance":
        seat = m.state.to_move[0]
        m.play(m.state.legal_actions(seat)[0], seat)
    return m.state


def test_check_legal_right_and_wrong() -> None:
    state = _first_trick_state()
    seat = state.current
    legal = " ".join(a.cards[0].code for a in state.legal_actions(seat))
    assert check_legal(state, legal)
    v = check_legal(state, "AH")
    assert not v
    text = str(v)
    assert text.startswith("✘ Not quite.")
    assert "A♥ may not:" in text or "left out" in text


def test_check_legal_keeps_card_names_as_written() -> None:
    state = _first_trick_state()
    seat = state.current
    assert isinstance(seat, int)
    held = [c for c in state.observation(seat).my_hand]
    legal = state.legal_actions(seat)
    illegal = [c for c in held if f"play {c.code}" not in legal and c.text[0] in "AJQK"]
    assert illegal, "the first trick leaves some picture card or Ace unplayable"
    text = str(check_legal(state, illegal[0].code))
    assert f"{illegal[0].text} may not:" in text, text
    assert illegal[0].text.lower() not in text.replace(illegal[0].text, "")


def test_check_score_explains_the_lines() -> None:
    m = cardlab.Match("hearts", seed=2, hands=1, agents="heuristic")
    m.run()
    points = m.state.results[-1].points[0]
    assert check_score(m.state, 0, points)
    wrong = check_score(m.state, 0, points + 1)
    assert not wrong and f"is {points:g}" in str(wrong)


def test_number_and_choice_checks() -> None:
    assert check_number("10", 10, "4 tricks and two bids made")
    assert not check_number("ten", 10, "x")
    assert check_choice("q♠", "QS", "the queen")
    assert check_choice(" East", "east", "East wins")
    assert not check_choice("West", "East", "East played the highest trump")
    assert check_choice("West", "West", "ok")._repr_markdown_().startswith("**✔")


# ------------------------------------------------------- whatever a learner gives
GARBAGE = [
    7,
    1.5,
    True,
    [None],
    b"QS",
    "",
    None,
    "   ",
    "x" * 1_000_000,
    10**5_000,
    float("nan"),
    float("inf"),
    "nan",
    "١٢",
    "３",
    {"QS"},
    [["QS"]],
    object(),
]


def _gin_knock_position() -> cardlab.State:
    game = cardlab.load("gin_rummy", first_dealer=1, hands=1)
    deal = game.deal(
        ["5H 6H 7H 9S 9D 9C 2C 3D KS 4S", "4H 9H JC JD JS 2D 5C 6C 7C TD"], upcard="8H"
    )
    m = cardlab.Match(game, deal=deal, seed=0, agents="heuristic")
    m.play("draw upcard")
    return m.state


def _bourbon_knock_position() -> cardlab.State:
    game = cardlab.load("bourbon", first_dealer=1, hands=1)
    deal = game.deal(
        ["5H 6H 7H 2C 2D 2S 9S TS JS KC", "4H 8H 2H QS 4D 4C 4S AD 7C KD"],
        left="7D",
        right="KH",
        upcard="3C",
        stock=["9D"],
    )
    m = cardlab.Match(game, deal=deal, seed=0, agents=[None, "heuristic"])
    m.play("draw upcard")
    return m.state


def _never_raises(ex: Exercise, answers: list[Any]) -> None:
    for answer in answers:
        v = ex.check(answer)
        assert not v.ok and v.message and len(v.message) < 600, (ex.key, answer, v.message)
        assert "Hint:" in v.message or isinstance(ex, Missing)
        assert isinstance(ex.diagnose(answer), str)


@pytest.mark.parametrize(
    ("key", "position", "card"),
    [
        ("gin/knock-card", _gin_knock_position, "KS"),
        ("bourbon/knock-card", _bourbon_knock_position, "KC"),
    ],
)
def test_a_card_not_in_the_hand_is_explained(key: str, position: Any, card: str) -> None:
    ex = ask(key, position())
    v = ex.check("AC")
    assert not v.ok and "A♣: not among North's hand" in v.message, v.message
    assert "Hint:" in v.message
    _never_raises(ex, GARBAGE)
    assert ex.check(card).ok


def test_number_answers_are_plain_digits_and_finite() -> None:
    ex = NumberExercise("How many?", 12, hint="count them", why="there are 12", typical=3)
    for answer, said in [
        ("١٢", "Write the number with the digits 0-9, not '١٢'"),
        ("３", "Write the number with the digits 0-9, not '３'"),
        (float("nan"), "Answer with a number one can count with, such as 12, not nan"),
        ("nan", "Write a number such as 12 or -3.5, not 'nan'"),
        ("1e999", "Answer with a number one can count with"),
        (True, "Answer with a number such as 12, not True (a bool)"),
        (10**5_000, "not a number of 5,001 digits"),
    ]:
        v = ex.check(answer)
        assert not v.ok and said in v.message, (answer, v.message)
        assert "too low" not in v.message and "too high" not in v.message
    assert ex.check("12").ok and ex.check(12.0).ok and ex.check(" 12 ").ok
    assert "−3 is too low" in str(ex.check("−3")).replace("-3", "−3")


def test_an_unknown_exercise_says_so_and_suggests_the_nearest() -> None:
    ex = ask("gin/knock-cards")
    assert isinstance(ex, Missing)
    assert "There is no exercise 'gin/knock-cards'; did you mean 'gin/knock-card'" in repr(ex)
    _never_raises(ex, GARBAGE)
    assert "lists them all" in ask("nope").question
    assert isinstance(ask(["not", "a", "name"]), Missing)  # type: ignore[arg-type]
    ex.widget()


def test_the_older_checks_explain_any_answer() -> None:
    state = _first_trick_state()
    for answer in GARBAGE:
        assert not check_legal(state, answer) or answer == ""
        assert not check_number(answer, 12, "why")
        assert isinstance(check_choice(answer, "East", "why").message, str)
    assert "Answer with cards" in check_legal(state, 7).message
    assert "'١٢'" in check_number("١٢", 12, "why").message


@pytest.mark.parametrize("key", [k for k in keys()])
@settings(max_examples=8, deadline=None)
@given(answer=st.one_of(st.sampled_from(GARBAGE), st.text(max_size=20), st.integers(), st.floats()))
def test_every_exercise_answers_anything_a_learner_types(key: str, answer: Any) -> None:
    """Built with no position (as a cell run out of order would), or with its own."""
    ex = ask(key)
    v = ex.check(answer)
    assert isinstance(v.message, str) and len(v.message) < 2_000
    ex.diagnose(answer)
