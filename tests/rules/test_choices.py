"""SecretChoice: every seat picks one word in secret; the last pick reveals them all."""

from __future__ import annotations

from typing import Any

import pytest

from cardlab.core.actions import action
from cardlab.rules.choices import UNDECIDED, SecretChoice


class Table:
    """The little a secret choice needs of a state."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.names = tuple(f"Seat {s}" for s in range(players))
        self.to_move: tuple[int, ...] = ()
        self.choices: list[int] = []
        self.logged: list[tuple[Any, ...]] = []
        self.revealed: dict[str, tuple[int, ...]] | None = None

    def log(self, kind: str, seat: int, text: str, secret: str, audience: tuple[int, ...]) -> None:
        self.logged.append((kind, seat, text, secret, audience))


def done(table: Table) -> None:
    table.revealed = PICK.revealed(table)


PICK = SecretChoice(("stay", "fold"), done, "stay in or fold")


def test_picks_are_private_until_the_last_seat_picks() -> None:
    t = Table(3)
    PICK.start(t, (0, 1, 2))
    assert t.choices == [UNDECIDED] * 3 and PICK.legal(t, 1) == (action("stay"), action("fold"))
    PICK.apply(t, action("fold"), 1)
    assert t.to_move == (0, 2) and PICK.legal(t, 1) == () and PICK.decided(t, 1)
    kind, seat, text, secret, audience = t.logged[-1]
    assert (kind, seat, audience) == ("decide", 1, (1,))
    assert "fold" not in text and "fold" in secret
    assert t.revealed is None
    PICK.apply(t, action("stay"), 0)
    PICK.apply(t, action("stay"), 2)
    assert t.to_move == () and t.revealed == {"stay": (0, 2), "fold": (1,)}
    assert PICK.word(t, 1) == "fold"


def test_refusals_say_what_is_allowed() -> None:
    t = Table(2)
    PICK.start(t, (0, 1))
    assert "'stay' or 'fold'" in PICK.why(t, action("bet 3"), 0)
    PICK.apply(t, action("stay"), 0)
    assert "cannot be taken back" in PICK.why(t, action("fold"), 0)


def test_a_choice_needs_two_different_words() -> None:
    with pytest.raises(ValueError, match="two or more different words"):
        SecretChoice(("stay", "stay"), done, "stay")
