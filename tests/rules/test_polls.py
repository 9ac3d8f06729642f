"""Poll: yes/no questions put to several seats in order, one at a time.

The Vault Toy (``tests/toys/vault.py``) plays a poll after every flip; here a bare table
shows the order, the public answers, stopping early and the callback, and a partner's
binding answer to "may I go out?".
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlab.core.actions import action
from cardlab.core.phases import Phase
from cardlab.rules.polls import Asking, Poll


class Table:
    """The little a poll needs of a state."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.names = ("North", "East", "South", "West")[:players]
        self.to_move: tuple[int, ...] = ()
        self.phase = Phase("play")
        self.poll: Asking | None = None
        self.logged: list[tuple[Any, ...]] = []
        self.answers: dict[int, bool] | None = None
        self.left: list[int] = []

    def log(self, kind: str, seat: int, text: str, **data: Any) -> None:
        self.logged.append((kind, seat, text, data))


def finished(t: Table, answers: dict[int, bool]) -> None:
    t.answers = answers
    t.phase = Phase("play")


LEAVE = Poll(
    "leave",
    "{name}, do you leave?",
    finished,
    yes="leave",
    no="stay",
    said=lambda t, seat, yes: f"{t.names[seat]} {'leaves' if yes else 'stays'}",
    on_answer=lambda t, seat, yes: t.left.append(seat) if yes else None,
)


def test_seats_are_asked_in_order_one_at_a_time_and_the_answers_are_public() -> None:
    t = Table(4)
    LEAVE.start(t, [2, 3, 0])
    assert t.phase == "leave" and t.to_move == (2,) and LEAVE.asked(t) == 2
    assert LEAVE.legal(t, 2) == (action("leave"), action("stay")) and LEAVE.legal(t, 3) == ()
    assert LEAVE.ask(t, 2) == "South, do you leave? ('leave' or 'stay')"
    LEAVE.apply(t, action("stay"), 2)
    assert t.to_move == (3,) and t.logged[-1][2] == "South stays"
    assert t.logged[-1][3] == {"answer": False, "question": "leave"}
    LEAVE.apply(t, action("leave"), 3)
    assert t.left == [3] and t.answers is None
    LEAVE.apply(t, action("leave"), 0)
    assert t.answers == {2: False, 3: True, 0: True} and list(t.answers) == [2, 3, 0]
    assert t.poll is None and t.to_move == () and t.phase == "play"


def test_a_poll_with_nobody_to_ask_is_over_at_once() -> None:
    t = Table(2)
    LEAVE.start(t, [])
    assert t.answers == {} and t.phase == "play"


def test_refusals_say_the_answers() -> None:
    t = Table(2)
    LEAVE.start(t, [0, 1])
    assert LEAVE.why(t, action("yes"), 0) == "answer the question with 'leave' or 'stay'"


def test_a_partner_answers_may_i_go_out_and_the_answer_binds() -> None:
    decided: list[bool] = []

    def go_out(t: Table, answers: dict[int, bool]) -> None:
        decided.append(answers[2])

    ask = Poll(
        "go_out",
        lambda t, seat: f"{t.names[0]} asks: may I go out?",
        go_out,
        said=lambda t, seat, yes: f"{t.names[seat]} says {'yes' if yes else 'no'}",
    )
    t = Table(4)
    ask.start(t, [2])  # the partner across the table
    assert t.to_move == (2,) and ask.ask(t, 2) == "North asks: may I go out? ('yes' or 'no')"
    ask.apply(t, action("no"), 2)
    assert decided == [False] and t.logged[-1][2] == "South says no"


def test_stop_ends_the_poll_early() -> None:
    t = Table(4)
    first_yes = Poll("leave", "Leave?", finished, stop=lambda t, seat, yes: yes)
    first_yes.start(t, [1, 2, 3])
    first_yes.apply(t, action("no"), 1)
    first_yes.apply(t, action("yes"), 2)
    assert t.answers == {1: False, 2: True} and t.to_move == ()


def test_a_poll_needs_two_one_word_answers() -> None:
    with pytest.raises(ValueError, match="two different one-word answers"):
        Poll("x", "?", finished, yes="stay", no="stay")
    with pytest.raises(ValueError, match="one-word"):
        Poll("x", "?", finished, yes="go out", no="no")
