"""Secret choices made at once, and passing cards to a neighbour.

``SecretPick`` is the phase in which every seat picks cards at the same time, one
card per action, and nobody learns another seat's picks until all are in: Hearts'
and Heartburn's passing now, drafting and secret signals in later games.  It keeps the
picks in ``state.chosen`` (a bitmask per seat), lists and refuses picks, narrates them
privately, and calls the game when every seat is done.  Others see only how many cards
a seat has chosen (``picked_text``), never which: not even their backs.  With ``mark``
each seat then marks one of its picks with a second verb (Heartburn's ``hole XX``: the
passed card that becomes the receiver's hole card), kept in ``state.marked``.

The passing cycle (``PASS_CYCLES``) gives each hand's direction by table size, ending
with a hand in which nobody passes; ``hand_over_cards`` moves each seat's picks to
its receiver.

The count may differ by seat (``count(state, seat)``: Court's joker lets its owner take
two cards while the others take one), and with ``ordered=True`` the order of each seat's
picks is kept in ``state.pick_order[seat]`` (the joker's two cards are played in the order
its owner gives).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import Action, CardActions, action
from ..core.cards import CARDS, JOKERS, Card
from ..core.observation import Zone
from ..core.refusals import plural
from ..core.view import View
from .tricks import RANK_ORDER, event_table, sorted_cards

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


#: Each card's bit, looked up rather than shifted into being.
_BIT = tuple(1 << i for i in range(len(CARDS)))


def pass_step(players: int, hand_number: int) -> tuple[str, int]:
    """Direction and receiver offset of a hand's pass (offset 0: a hold hand)."""
    cycle = PASS_CYCLES[players]
    return cycle[hand_number % len(cycle)]


class SecretPick:
    """Every seat in ``state.to_move`` picks ``count`` cards of its hand, secretly.

    ``count`` is a number, ``count(state)`` or ``count(state, seat)`` (a count per seat).
    ``verb`` names the pick (``pass XX``); ``done(state)`` runs once every seat has
    picked; ``ordered`` keeps each seat's picks in order in ``state.pick_order[seat]``
    (a list of card indices, cleared by ``start``).  The handlers ``legal``,
    ``apply`` and ``why`` make a phase: ``Phase("pass", PICK.legal, PICK.apply,
    PICK.why, prompt)``.

    With ``mark="hole"`` a seat that has made its picks marks one of them
    (``hole XX``; ``state.marked[seat]`` is its card index, -1 until then), described as
    ``mark_what`` ("the receiver gets face down as a hole card") in refusals and
    ``mark_label`` ("hole card") in progress texts.
    """

    def __init__(
        self,
        verb: str,
        count: int | Callable[[Any], int] | Callable[[Any, int], int],
        done: Callable[[Any], None],
        *,
        ordered: bool = False,
        source: Callable[[Any, int], int] | None = None,
        what: str = "to pass",
        zone: str = "passing",
        mark: str | None = None,
        mark_what: str = "",
        mark_label: str = "",
    ) -> None:
        self.verb = verb
        self.actions = CardActions(verb, RANK_ORDER)
        #: The jokers' picks (``pick JK1``, ``pick JK2``): cards 52 and 53 of a hand.
        self.jokers = tuple(action(f"{verb} {c.code}") for c in JOKERS)
        self.index: dict[str, int] = dict(self.actions.index)
        self.index.update({a: 52 + k for k, a in enumerate(self.jokers)})
        self.count = count
        #: The count when it is a plain number (-1: asked of ``count`` each time).
        self.fixed = count if type(count) is int else -1
        self.per_seat = callable(count) and len(inspect.signature(count).parameters) >= 2
        self.ordered = ordered
        self.done = done
        self.source = source
        self.what = what
        self.zone_name = zone
        self.mark = mark
        self.marks = CardActions(mark, RANK_ORDER) if mark else None
        self.mark_what = mark_what
        self.mark_label = mark_label
        self._last: tuple[Any, Any] = ((), ())

    def events(self, names: tuple[str, ...]) -> tuple[Any, Any]:
        """The private pick (and mark) events by seat and card (shared tables, see
        ``event_table``; the last table of names is kept at hand)."""
        last = self._last
        if last[0] is names:
            return last[1]  # type: ignore[no-any-return]
        picks = event_table(
            names,
            "pick",
            "{name} chooses a card " + self.what,
            "{name} chooses {card} " + self.what,
            act=self.verb + " {code}",
            verb=self.verb,
        )
        marks = None
        if self.mark:
            marks = event_table(
                names,
                "pick",
                "{name} chooses which card " + self.mark_what,
                "{name} chooses {card} as the card " + self.mark_what,
                act=self.mark + " {code}",
                verb=self.mark,
            )
        tables = (picks, marks)
        self._last = (names, tables)
        return tables

    def start(self, state: Any, seats: tuple[int, ...]) -> None:
        """Open the picks for ``seats`` (every pick cleared)."""
        state.chosen = [0] * state.players
        if self.mark:
            state.marked = [-1] * state.players
        if self.ordered:
            state.pick_order = [[] for _ in range(state.players)]
        state.to_move = seats

    def needed(self, state: Any, seat: int | None = None) -> int:
        """How many cards ``seat`` picks (every seat, when the count is not per seat)."""
        n = self.count
        if isinstance(n, int):
            return n
        if self.per_seat:
            if seat is None:
                raise TypeError("the count differs by seat here: say which seat")
            return int(n(state, seat))  # type: ignore[call-arg]
        return int(n(state))  # type: ignore[call-arg]

    def remaining(self, state: Any, seat: int) -> int:
        return self.needed(state, seat) - int(state.chosen[seat].bit_count())

    def order(self, state: Any, seat: int) -> list[int]:
        """``seat``'s picks in the order it made them (with ``ordered``)."""
        return list(state.pick_order[seat])

    def marking(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` has made its picks and has still to mark one."""
        return self.mark is not None and self.remaining(state, seat) <= 0 and state.marked[seat] < 0

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]:
        chosen = state.chosen[seat]
        n = self.fixed
        if chosen.bit_count() >= (n if n >= 0 else self.needed(state, seat)):
            if self.marks is not None and state.marked[seat] < 0:
                return self.marks.of(chosen)
            return ()
        held = state.hands[seat] if self.source is None else self.source(state, seat)
        free = held & ~chosen
        if free >> 52:
            extra = tuple(a for k, a in enumerate(self.jokers) if free >> 52 + k & 1)
            return self.actions.of(free) + extra
        return self.actions.of(free)

    def apply(self, state: Any, act: Action, seat: int) -> None:
        idx = self.index.get(act)
        if idx is None:  # the mark
            idx = act.cards[0].index
            state.marked[seat] = idx
            state.events.append(self.events(state.names)[1][seat][idx])
            self.finish(state, seat)
            return
        chosen = state.chosen[seat] | _BIT[idx]
        state.chosen[seat] = chosen
        if self.ordered:
            state.pick_order[seat].append(idx)
        last = self._last
        tables = last[1] if last[0] is state.names else self.events(state.names)
        state.events.append(tables[0][seat][idx])
        n = self.fixed
        if self.marks is None and chosen.bit_count() >= (n if n >= 0 else self.needed(state, seat)):
            self.finish(state, seat)

    def finish(self, state: Any, seat: int) -> None:
        """``seat`` has made every pick: it waits; the last seat to finish ends the phase."""
        waiting = state.to_move
        k = waiting.index(seat)
        state.to_move = waiting[:k] + waiting[k + 1 :]
        if not state.to_move:
            self.done(state)

    def why(self, state: Any, act: Action, seat: int) -> str:
        card = act.card
        verb = act.verb
        if verb not in (self.verb, self.mark) or card is None:
            return ""
        n = self.needed(state, seat)
        done = self.remaining(state, seat) <= 0
        if verb == self.mark:
            if not done:
                return (
                    f"choose all {plural(n, 'card')} {self.what} first, "
                    f"then the one {self.mark_what}"
                )
            return f"{card} is not one of the cards you chose {self.what}"
        if state.chosen[seat] >> card.index & 1:
            return f"you have already chosen {card} {self.what}"
        if done:
            if self.marking(state, seat):
                return (
                    f"you have chosen your {plural(n, 'card')}; now pick the one "
                    f"{self.mark_what} ('{self.mark} XX')"
                )
            return f"you have already chosen your {plural(n, 'card')}"
        return f"you don't hold {card} in your hand"

    def picked_text(self, state: Any, seat: int) -> str:
        """How far ``seat`` is (public): ``"2 of 3"``, ``"3 of 3 + hole card"``."""
        text = f"{state.chosen[seat].bit_count()} of {self.needed(state, seat)}"
        if self.mark is not None and state.marked[seat] >= 0:
            text += f" + {self.mark_label}"
        return text

    def zone(self, state: Any, view: View, seat: int, label: str) -> Zone:
        """``seat``'s picks: shown to that seat (and the teacher) only; empty for others."""
        mine = view.seat == seat or view.teacher
        cards = view.held(sorted_cards(state.chosen[seat]), view.seat == seat) if mine else ()
        return Zone(self.zone_name, seat, cards, "row", label=label)


def hand_over_cards(
    hands: list[int], chosen: Sequence[int], offset: int, keep: Sequence[int] = ()
) -> list[int]:
    """Move each seat's chosen cards to the seat ``offset`` places on; return what each got.

    ``keep[s]`` (a mask) stays out of the receiver's hand (Heartburn's hole card).
    """
    n = len(hands)
    got = [0] * n
    for s in range(n):
        hands[s] &= ~chosen[s]
    for s in range(n):
        t = (s + offset) % n
        cards = chosen[s] & ~(keep[s] if keep else 0)
        hands[t] |= cards
        got[t] = cards
    return got


def cards_text(mask: int) -> str:
    return picked_cards(mask)[1]


def picked_cards(mask: int) -> tuple[tuple[Card, ...], str]:
    """The cards of ``mask`` in trick-taking order and their text (``"Q♠ 3♥ 10♥"``)."""
    cards = sorted_cards(mask)
    return cards, " ".join([c.text for c in cards])


#: ``pass_lines`` by (names, offset, words).
_LINES: dict[tuple[tuple[str, ...], int, str], tuple[tuple[int, str, str, str], ...]] = {}


def pass_lines(
    names: tuple[str, ...], offset: int, what: str
) -> tuple[tuple[int, str, str, str], ...]:
    """For each seat passing ``offset`` places on: its receiver, the public line
    (``"North passes three cards to East"``, ``what`` being ``"three cards"``), and the
    private line's start and end, around the cards' text (``"North passes "``,
    ``" to East"``)."""
    key = (names, offset, what)
    got = _LINES.get(key)
    if got is None:
        n = len(names)
        rows = []
        for s in range(n):
            t = (s + offset) % n
            head, tail = f"{names[s]} passes ", f" to {names[t]}"
            rows.append((t, head + what + tail, head, tail))
        got = _LINES[key] = tuple(rows)
    return got
