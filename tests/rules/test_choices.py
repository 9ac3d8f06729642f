"""SecretChoice: every seat picks one word in secret; the last pick reveals them all."""

from __future__ import annotations

from typing import Any

import pytest

from cardlab.core.actions import Action, action
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


# ------------------------------------------------- per-seat menus with targets
class Standoff(Table):
    """Three seats that point at each other; a seat with no cards may not infect."""

    def __init__(self) -> None:
        super().__init__(3)
        self.names = ("North", "East", "West")
        self.cards = [2, 0, 1]
        self.out: set[int] = set()


def refuse(t: Standoff, seat: int, word: str, target: int | None) -> str:
    if word == "infect" and not t.cards[seat]:
        return "you have no card to infect anyone with"
    return ""


def done_aimed(t: Standoff) -> None:
    t.revealed = AIMED.revealed(t)


AIMED = SecretChoice(
    ("fist",),
    done_aimed,
    "drink or point at another player",
    aimed=("infect", "steal", "block"),
    targets=lambda t, seat: [s for s in range(t.players) if s not in t.out],
    refuse=refuse,
    phrases={"steal": "steal from {target}"},
)


def test_each_seat_has_its_own_menu_and_never_aims_at_itself() -> None:
    t = Standoff()
    AIMED.start(t, (0, 1, 2))
    north = AIMED.legal(t, 0)
    assert north == tuple(
        action(a)
        for a in (
            "fist",
            "infect east",
            "infect west",
            "steal east",
            "steal west",
            "block east",
            "block west",
        )
    )
    east = AIMED.legal(t, 1)  # no card: no infecting
    assert "infect north" not in east and "steal north" in east and "steal east" not in east
    t.out = {2}  # West is out of the game: nobody aims at West
    assert not any(a.args == ("west",) for a in AIMED.legal(t, 0))


def test_aimed_choices_are_secret_until_revealed_and_read_back_by_seat() -> None:
    t = Standoff()
    AIMED.start(t, (0, 1, 2))
    AIMED.apply(t, action("steal west"), 0)
    _, _, text, secret, audience = t.logged[-1]
    assert text == "North has decided" and audience == (0,)
    assert secret == "North decides to steal from West (secretly)"
    AIMED.apply(t, action("block north"), 1)
    AIMED.apply(t, action("fist"), 2)
    assert t.revealed == {"fist": (2,), "infect": (), "steal": (0,), "block": (1,)}
    assert AIMED.choice(t, 0) == ("steal", 2) and AIMED.choice(t, 2) == ("fist", None)
    assert AIMED.target(t, 1) == 0 and AIMED.word(t, 1) == "block"


def test_aimed_refusals_name_the_rule() -> None:
    t = Standoff()
    AIMED.start(t, (0, 1, 2))
    assert AIMED.why(t, action("steal north"), 0) == "nobody may steal themselves"
    assert AIMED.why(t, action("infect west"), 1) == "you have no card to infect anyone with"
    assert "say whom to steal" in AIMED.why(t, action("steal"), 0)
    assert "say 'fist', 'infect <player>', 'steal <player>' or" in AIMED.why(t, action("dance"), 0)
    t.out = {2}
    assert AIMED.why(t, action("block west"), 0) == "you may not block West now"
    AIMED.apply(t, action("fist"), 0)
    assert "cannot be taken back" in AIMED.why(t, action("block east"), 0)


def test_extras_join_only_the_menus_of_the_seats_that_have_them() -> None:
    from cardlab.core.phases import Phase
    from cardlab.rules.choices import with_extras

    t = Standoff()
    turncoat = 1
    accused: list[tuple[int, str]] = []

    def extra(state: Standoff, seat: int) -> tuple[Action, ...]:
        if seat == turncoat:
            return ()
        return tuple(action(f"accuse {w}") for w in ("north", "east", "west"))

    def apply_extra(state: Standoff, act: Action, seat: int) -> None:
        accused.append((seat, act.args[0]))

    def why_extra(state: Standoff, act: Action, seat: int) -> str:
        return "the turncoat may not accuse" if seat == turncoat else ""

    phase = with_extras(
        Phase("signal", AIMED.legal, AIMED.apply, AIMED.why, "Choose"),
        ("accuse",),
        extra,
        apply_extra,
        why_extra,
    )
    AIMED.start(t, (0, 1, 2))
    assert phase.legal(t, 0)[-3:] == tuple(action(f"accuse {w}") for w in ("north", "east", "west"))
    assert phase.legal(t, 1) == AIMED.legal(t, 1)
    phase.apply(t, action("accuse east"), 0)
    assert accused == [(0, "east")] and t.choices[0] == UNDECIDED  # not a secret choice
    phase.apply(t, action("fist"), 0)
    assert t.choices[0] != UNDECIDED
    assert phase.why(t, action("accuse north"), 1) == "the turncoat may not accuse"
    assert "cannot be taken back" in phase.why(t, action("fist"), 0)
