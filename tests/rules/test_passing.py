"""SecretPick: cards picked by every seat at once; counts per seat and picks in order."""

from __future__ import annotations

from typing import Any

from cardlab.core.cards import parse_cards
from cardlab.rules.passing import SecretPick


class Table:
    """The little a secret pick needs of a state."""

    def __init__(self, hands: list[str]) -> None:
        self.players = len(hands)
        self.names = ("North", "East", "South", "West")[: self.players]
        self.hands = [sum(1 << c.index for c in parse_cards(h)) for h in hands]
        self.to_move: tuple[int, ...] = ()
        self.chosen: list[int] = []
        self.pick_order: list[list[int]] = []
        self.events: list[Any] = []
        self.joker = 1  # the seat that spends a joker this pick: two cards
        self.over = False


def done(t: Table) -> None:
    t.over = True


DRAFT = SecretPick(
    "pick", lambda t, seat: 2 if seat == t.joker else 1, done, what="to play", ordered=True
)


def test_each_seat_picks_its_own_count_and_the_order_is_kept() -> None:
    t = Table(["AS 2S 3S", "QH JH 4H", "5C 6C 7C"])
    DRAFT.start(t, (0, 1, 2))
    assert DRAFT.needed(t, 1) == 2 and DRAFT.needed(t, 0) == 1
    DRAFT.apply(t, DRAFT.actions[parse_cards("QH")[0].index], 1)
    assert 1 in t.to_move and DRAFT.remaining(t, 1) == 1
    assert DRAFT.picked_text(t, 1) == "1 of 2"
    DRAFT.apply(t, DRAFT.actions[parse_cards("4H")[0].index], 1)
    assert 1 not in t.to_move
    assert DRAFT.order(t, 1) == [parse_cards("QH")[0].index, parse_cards("4H")[0].index]
    DRAFT.apply(t, DRAFT.actions[parse_cards("AS")[0].index], 0)
    assert 0 not in t.to_move and not t.over
    DRAFT.apply(t, DRAFT.actions[parse_cards("7C")[0].index], 2)
    assert t.over


def test_a_seat_that_has_its_count_may_pick_no_more() -> None:
    t = Table(["AS 2S 3S", "QH JH 4H"])
    DRAFT.start(t, (0, 1))
    DRAFT.apply(t, DRAFT.actions[parse_cards("AS")[0].index], 0)
    assert DRAFT.legal(t, 0) == ()
    assert DRAFT.why(t, DRAFT.actions[parse_cards("2S")[0].index], 0) == (
        "you have already chosen your 1 card"
    )
    assert len(DRAFT.legal(t, 1)) == 3
