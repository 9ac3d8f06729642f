"""Pieces shared by the trick-taking games (Hearts, Heartburn, Foresight).

Cards are card indices 0..51 (``13 * suit + rank - 1``, the Ace at rank index 0) and the
Joker is index 52; hands and piles are bitmasks of indices.  Everything here is plain
data or a small function, so a game keeps its own hot path and calls in where the rule
really is the same: who wins a trick, which hole cards may follow suit, the narration of
plays and tricks, the passing cycle and the trick zones of an observation.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.cards import CARDS, Card, parse_cards
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.observation import Zone

JOKER = 52
#: Trick-taking strength of each card index: 2 lowest … Ace highest (14); the Joker 1.
HIGH = (*((i % 13 + 1) if i % 13 else 14 for i in range(52)), 1)
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[2]
CLUBS_MASK = SUIT_MASKS[0]
QS = 3 * 13 + 11
#: Rank indices within a suit in trick-taking order: 2 … K, A.
RANK_ORDER = (*range(1, 13), 0)
#: Card indices in display order: suit by suit, each in trick-taking order.
ORDER = tuple(13 * s + k for s in range(4) for k in RANK_ORDER)

#: The passing cycle by player count: (direction, seat offset of the receiver); 0 = hold.
PASS_CYCLES: dict[int, tuple[tuple[str, int], ...]] = {
    3: (("left", 1), ("right", 2), ("hold", 0)),
    4: (("left", 1), ("right", 3), ("across", 2), ("hold", 0)),
    5: (("left", 1), ("right", 4), ("two left", 2), ("two right", 3), ("hold", 0)),
    6: (
        ("left", 1),
        ("right", 5),
        ("two left", 2),
        ("two right", 4),
        ("across", 3),
        ("hold", 0),
    ),
}

#: Ranks (2 … 14) a Foresight back allows, by how many suits it prints.
CLASS_RANKS = {4: (14, 13), 3: (12, 11, 10), 2: (9, 8, 7, 6, 5, 4), 1: (3, 2)}
#: Highest rank a back allows, by how many suits it prints.
CLASS_TOP = {k: ranks[0] for k, ranks in CLASS_RANKS.items()}


# ------------------------------------------------------------------ cards
def sorted_cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` suit by suit, in trick-taking order (the Joker last)."""
    out = [CARDS[i] for i in ORDER if mask >> i & 1]
    if mask >> JOKER & 1:
        out.append(CARDS[JOKER])
    return tuple(out)


def card_text(idx: int) -> str:
    return "the Joker" if idx == JOKER else CARDS[idx].text


def pluralise(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ----------------------------------------------------------- the trick
def winning_play(trick: Sequence[int], led: int, trump: int = -1) -> int:
    """Position in ``trick`` of the card that takes it.

    Without trumps (``trump < 0``) the highest card of the suit ``led`` wins; with
    trumps the highest trump (the Joker counts as a trump below the two) wins first.
    """
    best = 0
    if trump < 0:
        for i in range(1, len(trick)):
            c = trick[i]
            if c // 13 == led and HIGH[c] > HIGH[trick[best]]:
                best = i
        return best
    best_v = -1
    for i, c in enumerate(trick):
        if c == JOKER or c // 13 == trump:
            v = 100 + HIGH[c]
        elif c // 13 == led:
            v = HIGH[c]
        else:
            continue
        if v > best_v:
            best, best_v = i, v
    return best


def trick_mask(trick: Iterable[int]) -> int:
    m = 0
    for c in trick:
        m |= 1 << c
    return m


def hole_followers(holes: Sequence[int], backs: Sequence[int], suit: int) -> tuple[int, ...]:
    """Slots of the hole cards whose back shows ``suit`` (empty slots hold -1).

    With the suit led in hand, a player may follow with such a hole card instead,
    whatever its face turns out to be.
    """
    return tuple(k for k, c in enumerate(holes) if c >= 0 and backs[c] >> suit & 1)


# ------------------------------------------------------------ narration
_EVENTS: dict[tuple[Any, ...], tuple[tuple[Event, ...], ...]] = {}


def event_table(
    names: tuple[str, ...], kind: str, text: str, secret: str | None = None
) -> tuple[tuple[Event, ...], ...]:
    """Shared, immutable events by seat and card index (0..52), cached per wording.

    ``text`` (and ``secret``, read only by that seat) use ``{name}`` and ``{card}``.
    """
    key = (names, kind, text, secret)
    table = _EVENTS.get(key)
    if table is None:
        table = _EVENTS[key] = tuple(
            tuple(
                Event(
                    kind,
                    s,
                    text.format(name=name, card=card_text(i)),
                    None if secret is None else secret.format(name=name, card=card_text(i)),
                    () if secret is None else (s,),
                )
                for i in range(53)
            )
            for s, name in enumerate(names)
        )
    return table


PLAYS = "{name} plays {card}"
TAKES = "{name} takes the trick with {card}"
PASS_PICK = "{name} chooses a card to pass"
PASS_PICK_SECRET = "{name} chooses {card} to pass"


def play_events(names: tuple[str, ...]) -> tuple[tuple[Event, ...], ...]:
    return event_table(names, "play", PLAYS)


def take_events(names: tuple[str, ...]) -> tuple[tuple[Event, ...], ...]:
    return event_table(names, "trick", TAKES)


def pass_pick_events(names: tuple[str, ...]) -> tuple[tuple[Event, ...], ...]:
    return event_table(names, "pass_choice", PASS_PICK, PASS_PICK_SECRET)


# -------------------------------------------------------------- passing
def pass_step(players: int, hand_number: int) -> tuple[str, int]:
    """Direction and receiver offset of a hand's pass (offset 0: a hold hand)."""
    cycle = PASS_CYCLES[players]
    return cycle[hand_number % len(cycle)]


# ---------------------------------------------------------- observation
def trick_zones(
    trick: Sequence[int], leader: int, last_trick: tuple[int, Sequence[int]], n: int
) -> tuple[Zone, Zone]:
    """The trick on the table and the last finished trick, each card with its seat."""
    lead, last = last_trick
    return (
        Zone(
            "trick",
            None,
            tuple(CARDS[c] for c in trick),
            "trick",
            tuple((leader + i) % n for i in range(len(trick))),
            "trick",
        ),
        Zone(
            "last_trick",
            None,
            tuple(CARDS[c] for c in last),
            "trick",
            tuple((lead + i) % n for i in range(len(last))),
            "last trick",
        ),
    )


def taken_zones(taken: Sequence[int], shown: int, names: Sequence[str]) -> tuple[Zone, ...]:
    """Each seat's captured cards, limited to the cards of ``shown`` (the point cards)."""
    return tuple(
        Zone("taken", s, sorted_cards(taken[s] & shown), "row", label=f"{names[s]} took")
        for s in range(len(taken))
    )


# ------------------------------------------------------------ deals
def cards_by_seat(
    spec: Sequence[Any] | Mapping[int, Any], n: int, limit: int, too_many: str
) -> dict[int, list[Card]]:
    """Cards given seat by seat (a list, or a dict seat -> cards), at most ``limit`` each.

    ``too_many`` words the error, with ``{seat}``, ``{count}`` and ``{limit}``.
    """
    got: dict[int, list[Card]] = {}
    items = spec.items() if isinstance(spec, Mapping) else enumerate(spec)
    for seat, cs in items:
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalActionError("deal", f"no seat {seat!r}: seats are 0 to {n - 1}")
        cards = list(parse_cards(cs))
        if len(cards) > limit:
            raise IllegalActionError(
                "deal", too_many.format(seat=seat, count=len(cards), limit=limit)
            )
        got[seat] = cards
    return got


def check_dealt_once(used: Sequence[Card]) -> None:
    if len({c.index for c in used}) != len(used):
        dup = next(c for c in used if used.count(c) > 1)
        raise IllegalActionError("deal", f"{dup} is dealt twice")


def shuffled_rest(
    deck: Iterable[Card], used: Iterable[Card], rng: random.Random | None
) -> list[Card]:
    """The cards of ``deck`` not in ``used``, shuffled by ``rng`` (default seed 0)."""
    taken = {c.index for c in used}
    rest = [c for c in deck if c.index not in taken]
    (rng or random.Random(0)).shuffle(rest)
    return rest
