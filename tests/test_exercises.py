"""The notebook exercise checks say right or wrong, and why."""

from __future__ import annotations

import cardlab
from cardlab.exercises import check_choice, check_legal, check_number, check_score


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
