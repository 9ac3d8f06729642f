"""Deals described once: where each card of a deal goes, in dealing order.

A ``DealRule`` lists the parts of a deal:

    DealRule(each_seat(hand=13))                                          # Hearts
    DealRule(each_seat(hand=10), pile("upcard", 1), pile("stock"))        # Gin Rummy
    DealRule(pile("trump", 1), each_seat(hole=hole, hand=rest), pile("out"))

``each_seat`` parts are dealt seat by seat (seat 0's block, then seat 1's …); a ``pile``
without a size takes the cards left; ``piles("deck", 4, 13)`` is four piles of 13.  A
size may be a function ``(game, variant) -> int``; ``cards`` chooses the cards dealt
(the deck less cards removed for the player count); ``variant`` names the form of the
deal a hand uses (Heartburn's hold hands deal two hole cards).

A pile may be set apart for some cards only (``pile("hearts", 13, only=mask)``, a
bitmask of card indices): those cards go to it, in the order the deal lists them, and
every other part is dealt from the rest, so any order of the deck is a valid deal:

    DealRule(each_seat(hand=13), pile("hearts", 13, only=HEARTS_MASK))   # a suit apart

From that one description the rule gives:

* the chance step of each hand (``DealRule.step``): a random deal, its check, and
  its application, which hands the game a ``Dealt`` (``dealt.masks("hand")``);
* explicit deals for lessons (``DealRule.action``, behind ``game.deal(...)``), with
  parameters named after the parts (``hands=``, ``holes=``, ``upcard=``, ``stock=``) and
  clear errors; a deal written for another variant is refused when it is applied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..core.cards import CARDS, Card, parse_cards
from ..core.chance import ChanceStep
from ..core.errors import IllegalActionError
from ..core.spec import Game

Size = int | Callable[[Game, str], int] | None


@dataclass(frozen=True)
class Part:
    """One named part of a deal: ``size`` cards (None: the rest), for each seat or not."""

    name: str
    size: Size = None
    per_seat: bool = False
    param: str = ""
    group: int = 0  # > 0: one of ``group`` piles given together as a list (``piles``)
    only: int = 0  # a bitmask of the cards this part takes (0: any card)

    def count(self, game: Game, variant: str) -> int | None:
        s = self.size
        return s(game, variant) if callable(s) else s


def each_seat(**sizes: Size) -> tuple[Part, ...]:
    """Parts dealt to every seat, in this order within a seat's block (``hole=1, hand=12``)."""
    return tuple(Part(name, size, True, f"{name}s") for name, size in sizes.items())


def pile(name: str, size: Size = None, *, param: str = "", only: int = 0) -> tuple[Part, ...]:
    """A part dealt once (``pile("upcard", 1)``); without a size, the cards left.

    ``only``: a bitmask of the cards set apart for this pile (see the module docstring).
    """
    return (Part(name, size, False, param or name, only=only),)


def piles(name: str, count: int, size: Size, *, param: str = "") -> tuple[Part, ...]:
    """``count`` piles ``name1`` … of ``size`` cards each, given together as a list."""
    return tuple(
        Part(f"{name}{k + 1}", size, False, param or f"{name}s", count) for k in range(count)
    )


class DealAction(Action):
    """An explicit deal; remembers the variant it was written for."""

    variant: str | None


@dataclass(frozen=True)
class Slot:
    part: Part
    seat: int | None
    start: int
    stop: int


#: Each card's bit.  A mask is the sum of its cards' bits (each card once), which
#: ``sum(map(...))`` adds up in C rather than in a Python loop per card.
_BIT_OF: dict[Card, int] = {c: 1 << c.index for c in CARDS}


def _mask(cards: Sequence[Card]) -> int:
    try:
        return sum(map(_BIT_OF.__getitem__, cards))
    except KeyError:  # a card made outside the deck: add its bit by hand
        m = 0
        for c in cards:
            m |= 1 << c.index
        return m


class Dealt:
    """The cards of one deal by part: ``dealt["hand"][seat]``, ``dealt["upcard"]``."""

    __slots__ = ("_parts", "variant")

    def __init__(self, parts: dict[str, Any], variant: str) -> None:
        self._parts = parts
        self.variant = variant

    def __getitem__(self, name: str) -> Any:
        return self._parts[name]

    def mask(self, name: str, seat: int | None = None) -> int:
        """The cards of a part (of one seat's part) as a bitmask."""
        return _mask(self._parts[name] if seat is None else self._parts[name][seat])

    def masks(self, name: str) -> list[int]:
        """A per-seat part as one bitmask per seat."""
        return list(map(_mask, self._parts[name]))

    def indices(self, name: str, seat: int | None = None) -> list[int]:
        cards = self._parts[name] if seat is None else self._parts[name][seat]
        return [c.index for c in cards]


class DealRule:
    """A deal described once (see the module docstring).

    Parameters
    ----------
    *parts
        Parts from ``each_seat``, ``pile`` and ``piles``, in dealing order
    cards
        The cards dealt, ``(game) -> cards`` (default: the whole deck)
    variant
        ``(state) -> name`` of the form the hand in progress deals (default: one form)
    variants
        A description of each variant (the first is the default), for messages;
        ``game.deal(..., hold=True)`` selects variant ``"hold"``
    handler
        The state method that receives the ``Dealt`` (default ``on_deal``)
    positional
        The parameters ``game.deal`` takes by position (default: the per-seat ones)
    """

    def __init__(
        self,
        *parts: tuple[Part, ...],
        cards: Callable[[Game], Sequence[Card]] | None = None,
        variant: Callable[[Any], str] | None = None,
        variants: Mapping[str, str] | None = None,
        handler: str = "on_deal",
        positional: Sequence[str] | None = None,
    ) -> None:
        self.parts: tuple[Part, ...] = tuple(p for group in parts for p in group)
        self._cards = cards
        self._variant = variant
        self.variants = dict(variants or {"": "the deal"})
        self.default = next(iter(self.variants))
        self.handler = handler
        params = []
        for p in self.parts:
            if p.param not in params:
                params.append(p.param)
        self.params = tuple(params)
        #: Whether some part takes only certain cards: the deal is then routed by card.
        self.routed = any(p.only for p in self.parts)
        self.positional = tuple(
            positional
            if positional is not None
            else [p for p in params if any(q.per_seat and q.param == p for q in self.parts)]
        )

    # ------------------------------------------------------------- layout
    def layout(
        self, game: Game, variant: str = ""
    ) -> tuple[tuple[Card, ...], tuple[Slot, ...], int]:
        """The cards dealt, where each position of the deal goes, and the cards' bitmask."""
        variant = variant or self.default
        key = (self, variant)
        got = game.memo.get(key)
        if got is None:
            cards = tuple(self._cards(game) if self._cards is not None else game.deck.cards)
            slots: list[Slot] = []
            pos = 0
            parts = self.parts
            i = 0
            while i < len(parts):
                if parts[i].per_seat:
                    j = i
                    while j < len(parts) and parts[j].per_seat:
                        j += 1
                    for seat in range(game.players):
                        for q in parts[i:j]:
                            n = q.count(game, variant)
                            if n is None:
                                raise ValueError(f"part {q.name!r} needs a size")
                            slots.append(Slot(q, seat, pos, pos + n))
                            pos += n
                    i = j
                    continue
                n = parts[i].count(game, variant)
                stop = len(cards) if n is None else pos + n
                slots.append(Slot(parts[i], None, pos, stop))
                pos = stop
                i += 1
            if pos != len(cards):
                raise ValueError(f"the deal places {pos} of {len(cards)} cards")
            for m in {s.part.only for s in slots if s.part.only}:
                room = sum(s.stop - s.start for s in slots if s.part.only == m)
                if sum(1 for c in cards if m >> c.index & 1) != room:
                    raise ValueError("a part set apart for some cards does not fit them")
            mask = sum(1 << c.index for c in cards)
            got = game.memo[key] = (cards, tuple(slots), mask)
        return got

    def cards(self, game: Game, variant: str = "") -> tuple[Card, ...]:
        return self.layout(game, variant)[0]

    def variant_of(self, state: Any) -> str:
        return self._variant(state) if self._variant is not None else self.default

    # ------------------------------------------------------------- chance
    def step(self, state: Any) -> ChanceStep:
        """The chance step that deals the next hand of ``state``."""
        variant = self.variant_of(state)
        cards, _, mask = self.layout(state.game, variant)
        what = f"the deal of hand {state.hand_number + 1}"
        return ChanceStep("deal", cards, self._apply, what, self._check, mask)

    def _check(self, state: Any, act: Action) -> str:
        written = getattr(act, "variant", None)
        variant = self.variant_of(state)
        if written is None or written == variant:
            return ""
        return (
            f"this deal was written for {self.variants[written]}, but hand "
            f"{state.hand_number + 1} is {self.variants[variant]}; write it for that hand"
        )

    def _apply(self, state: Any, act: Action) -> None:
        getattr(state, self.handler)(self.split(state.game, act.cards, self.variant_of(state)))

    def _routed(
        self, game: Game, variant: str, slots: Sequence[Slot], cards: Sequence[Card]
    ) -> list[Card]:
        """``cards`` reordered so that each card set apart lands in its part: the cards of
        each group keep their order and fill that group's slots in turn."""
        key = (self, variant, "groups")
        home = game.memo.get(key)
        if home is None:
            home = game.memo[key] = {
                c.index: g for c in self.layout(game, variant)[0] if (g := _group(c, slots))
            }
        queues: dict[int, list[Card]] = {0: []}
        for m in home.values():
            queues[m] = []
        for c in cards:
            queues[home.get(c.index, 0)].append(c)
        out: list[Card] = []
        taken = dict.fromkeys(queues, 0)
        for s in slots:
            m = s.part.only
            k = taken[m]
            n = s.stop - s.start
            out += queues[m][k : k + n]
            taken[m] = k + n
        return out

    def split(self, game: Game, cards: Sequence[Card], variant: str = "") -> Dealt:
        """A deal's cards by part."""
        variant = variant or self.default
        slots = self.layout(game, variant)[1]
        if self.routed:
            cards = self._routed(game, variant, slots, cards)
        parts: dict[str, Any] = {}
        for s in slots:
            chunk = tuple(cards[s.start : s.stop])
            if s.seat is None:
                parts[s.part.name] = chunk
            else:
                parts.setdefault(s.part.name, []).append(chunk)
        return Dealt(parts, variant)

    # ----------------------------------------------------------- explicit
    def action(
        self,
        game: Game,
        *args: Any,
        rng: random.Random | None = None,
        variant: str | None = None,
        **named: Any,
    ) -> DealAction:
        """An explicit deal: the cards given by part; the rest dealt from ``rng``.

        Per-seat parts are given as a list (one entry per seat) or a dict seat -> cards;
        piles as cards; grouped piles as a list.  Cards are written ``"AS KS 2C"`` or as
        lists of cards.  Unknown names, too many cards, a card twice or a card not in
        the deal raise ``IllegalActionError``.
        """
        for k in list(named):
            if k in self.variants:
                if variant is not None:
                    raise IllegalActionError("deal", "name one form of the deal, not two")
                variant = k if named.pop(k) else self.default
        if variant is not None and variant not in self.variants:
            raise IllegalActionError(
                "deal", f"unknown form of deal {variant!r}; forms: {', '.join(self.variants)}"
            )
        form = variant or self.default
        if len(args) > len(self.positional):
            raise IllegalActionError(
                "deal",
                f"give at most {len(self.positional)} parts by position: "
                + ", ".join(self.positional),
            )
        given: dict[str, Any] = dict(zip(self.positional, args, strict=False))
        for k, v in named.items():
            if k in given:
                raise IllegalActionError("deal", f"{k} is given twice")
            given[k] = v
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            raise IllegalActionError(
                "deal",
                f"unknown part {', '.join(unknown)}; this deal has: {', '.join(self.params)}",
            )
        cards, slots, _ = self.layout(game, form)
        fixed = self._fixed(game, slots, given)
        used = [c for cs in fixed.values() for c in cs]
        in_deal = {c.index for c in cards}
        for c in used:
            if c.index not in in_deal:
                if c in game.deck.cards:
                    n = game.players
                    raise IllegalActionError("deal", f"{c} is out of play with {n} players")
                raise IllegalActionError("deal", f"{c} is not in the {game.deck.name} deck")
        seen: set[int] = set()
        for c in used:
            if c.index in seen:
                raise IllegalActionError("deal", f"{c} is dealt twice")
            seen.add(c.index)
        if self.routed:
            for s in slots:
                _check_set_apart(s, fixed.get((s.part.name, s.seat), ()), slots)
        rest = [c for c in cards if c.index not in seen]
        (rng or random.Random(0)).shuffle(rest)
        order: list[Card] = []
        for s in slots:
            got = list(fixed.get((s.part.name, s.seat), ()))
            need = s.stop - s.start
            if self.routed:
                m = s.part.only
                while len(got) < need:
                    got.append(rest.pop(_last_of(rest, m, slots)))
            while len(got) < need:
                got.append(rest.pop())
            order += got
        act = DealAction(" ".join(["deal", *(c.code for c in order)]))
        act.variant = form  # checked against the hand it is applied to
        return act

    def _fixed(
        self, game: Game, slots: Sequence[Slot], given: Mapping[str, Any]
    ) -> dict[tuple[str, int | None], tuple[Card, ...]]:
        out: dict[tuple[str, int | None], tuple[Card, ...]] = {}
        n = game.players
        for param, value in given.items():
            if value is None:
                continue
            mine = [s for s in slots if s.part.param == param]
            part = mine[0].part
            if part.per_seat or part.group:
                items = value.items() if isinstance(value, Mapping) else enumerate(value)
                limit = n if part.per_seat else part.group
                for k, cs in items:
                    if type(k) is not int or not 0 <= k < limit:
                        raise IllegalActionError(
                            "deal",
                            f"no seat {k!r}: seats are 0 to {limit - 1}"
                            if part.per_seat
                            else f"no place {k!r} in {param}: {param} are numbered 0 to "
                            f"{limit - 1}",
                        )
                    slot = next(s for s in mine if s.seat == k) if part.per_seat else mine[k]
                    self._put(out, slot, cs, f"seat {k}" if part.per_seat else slot.part.name)
            else:
                self._put(out, mine[0], value, "the")
        return out

    @staticmethod
    def _put(
        out: dict[tuple[str, int | None], tuple[Card, ...]], slot: Slot, value: Any, who: str
    ) -> None:
        cards = parse_cards([value] if isinstance(value, Card) else value)
        room = slot.stop - slot.start
        if len(cards) > room:
            if slot.seat is not None:
                said = f"{who} is given {len(cards)} {slot.part.name} cards; a {slot.part.name}"
            else:
                said = f"the {slot.part.name} is given {len(cards)} cards; it"
            raise IllegalActionError("deal", f"{said} holds {room} here")
        out[(slot.part.name, slot.seat)] = cards


# ------------------------------------------------------------ cards set apart
def _group(card: Card, slots: Sequence[Slot]) -> int:
    """The ``only`` mask of the parts that take ``card`` (0: the parts open to any card)."""
    for s in slots:
        m = s.part.only
        if m >> card.index & 1:
            return m
    return 0


def _last_of(rest: Sequence[Card], only: int, slots: Sequence[Slot]) -> int:
    """The position of the last card of ``rest`` that a slot taking ``only`` may hold."""
    for i in range(len(rest) - 1, -1, -1):
        if _group(rest[i], slots) == only:
            return i
    raise IllegalActionError("deal", "the cards set apart do not fit their parts")


def _check_set_apart(slot: Slot, cards: Sequence[Card], slots: Sequence[Slot]) -> None:
    """Refuse a card given to a part that does not take it."""
    name = slot.part.name
    who = f"seat {slot.seat}'s {name}" if slot.seat is not None else f"the {name}"
    for c in cards:
        m = _group(c, slots)
        if m != slot.part.only:
            home = next((s.part.name for s in slots if s.part.only == m), "")
            where = f"it belongs to the {home}" if m else f"the {name} takes only its own cards"
            raise IllegalActionError("deal", f"{c} cannot be dealt to {who}: {where}")
