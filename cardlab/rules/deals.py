"""Building explicit deals: a lesson's hands written seat by seat."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import Action
from ..core.cards import CARDS, Card, parse_cards
from ..core.errors import IllegalActionError


def seat_by_seat_deal(
    game: Any,
    hands: Sequence[Any] | Mapping[int, Any],
    size: int,
    rng: random.Random | None,
    extra: Sequence[Any] = (),
) -> Action:
    """Deal action text for games that deal ``size`` cards to each seat, seat by seat.

    Missing cards in each hand, and the rest of the deck, are filled from ``rng``.
    """
    players = game.players
    per_seat: dict[int, tuple[Card, ...]] = {}
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
    for seat, h in items:
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalActionError("deal", f"no seat {seat!r}: seats are 0 to {players - 1}")
        cards = parse_cards(h)
        if len(cards) > size:
            raise IllegalActionError(
                "deal", f"seat {seat} is given {len(cards)} cards; a hand holds {size}"
            )
        per_seat[seat] = cards
    fixed_extra = parse_cards(extra) if extra else ()
    used = [c for cs in per_seat.values() for c in cs] + list(fixed_extra)
    deck = game.deck.cards
    missing = sorted({c.index for c in used} - {c.index for c in deck})
    if missing:
        raise IllegalActionError("deal", f"{CARDS[missing[0]]} is not in the {game.deck.name} deck")
    if len({c.index for c in used}) != len(used):
        dup = next(c for c in used if used.count(c) > 1)
        raise IllegalActionError("deal", f"{dup} is dealt twice")
    rest = [c for c in deck if c not in set(used)]
    (rng or random.Random(0)).shuffle(rest)
    order: list[Card] = []
    for seat in range(players):
        got = list(per_seat.get(seat, ()))
        while len(got) < size:
            got.append(rest.pop())
        order += got
    order += list(fixed_extra) + rest
    return Action("deal " + " ".join(c.code for c in order))
