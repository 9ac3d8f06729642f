"""Chance steps: deals, reshuffles and random draws, recorded as actions.

When a state waits for chance (``state.current == "chance"``), ``state.chance`` is a
:class:`ChanceStep` saying what kind of event is due:

``"deal"``
    the cards of a hand go out: the outcome is an order of ``cards`` (``"deal QS 2C …"``);
``"shuffle"``
    a pile is shuffled mid-game (a stock rebuilt from the discards): an order of ``cards``;
``"draw"``
    one card is taken at random from ``cards`` (a card drawn blind from another hand):
    ``"draw QS"``.

Outcomes are actions, so a replay stores them and never depends on a random generator.
A match draws the ``k``-th chance outcome from :func:`chance_rng` ``(seed, k)``, so undo
and seek redraw the same cards; a lesson's explicit deals are given only to ``"deal"``
steps.
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from .actions import Action
from .cards import Card
from .errors import CardlabError, IllegalActionError
from .refusals import seed_problem

KINDS = ("deal", "shuffle", "draw")

#: The walk of a shuffle by number of cards: (position, bound, bits of the bound) per step.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_fast(cards: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the very same order, without a method call per card.

    It is the Fisher-Yates walk of :meth:`random.Random.shuffle` with ``_randbelow``
    written in place (draw ``n.bit_length()`` bits, again while the draw is ``>= n``);
    a deal shuffles once a hand, so the saved calls show in every playout.
    """
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _STEPS[len(cards)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)
        )
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_shuffle() -> bool:
    """Whether :func:`_shuffle_fast` orders cards exactly as this Python's ``shuffle``."""
    for seed in range(3):
        a, b = list(range(60)), list(range(60))
        random.Random(seed).shuffle(a)
        _shuffle_fast(b, random.Random(seed))
        if a != b:
            return False
    return True


_FAST_SHUFFLE = _same_as_shuffle()


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, only faster for a
    plain :class:`random.Random` (any other generator shuffles itself)."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle_fast(cards, rng)
    else:
        rng.shuffle(cards)


def check_seed(seed: Any) -> int | str:
    """``seed`` if it can seed a match (a numpy integer becomes an ``int``).

    Raises
    ------
    CardlabError
        for anything else: a float, a bool, a list, a number of more than 40 digits, a
        text of more than 1,000 characters (see :func:`~.refusals.seed_problem`).
    """
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool | int):
        seed = int(seed)
    problem = seed_problem(seed)
    if problem:
        raise CardlabError(problem)
    result: int | str = seed
    return result


def chance_rng(seed: int | str, k: int) -> random.Random:
    """The generator for the ``k``-th chance event of a match seeded with ``seed``.

    String seeding hashes with SHA-512, so streams are the same on every machine and
    every run, and undoing or replaying a match redraws exactly the same cards.
    """
    return random.Random(f"cardlab/{seed}/{k}")


class ChanceStep(NamedTuple):
    """A pending chance event: its ``kind``, the ``cards`` it orders or draws from, the
    handler that applies an outcome, and ``what`` it is, in words (for messages)."""

    kind: str
    cards: tuple[Card, ...]
    apply: Callable[[Any, Action], None]
    what: str = "the deal"
    #: Further check of an outcome: an error text, or "" when it is fine.
    check: Callable[[Any, Action], str] | None = None
    #: The bitmask of ``cards`` (computed when 0).
    mask: int = 0

    def sample(self, rng: random.Random) -> Action:
        """A random outcome."""
        if self.kind == "draw":
            act = Action.of("draw", (self.cards[rng.randrange(len(self.cards))],))
        else:
            cards = list(self.cards)
            shuffle(cards, rng)
            act = Action.of(self.kind, cards)
        act.drawn_by = self  # an outcome this step drew itself needs no checking
        return act

    def validate(self, state: Any, act: Action) -> None:
        """Raise ``IllegalActionError`` unless ``act`` is an outcome of this step."""
        if getattr(act, "drawn_by", None) is self:
            return
        if act.verb != self.kind:
            raise IllegalActionError(
                _short(act), f"{self.what} is due: a '{self.kind}' outcome, not '{act.verb}'"
            )
        cards = act.cards
        if len(cards) != len(act.args):
            bad = next(w for w in act.args if w not in {c.code for c in cards})
            raise IllegalActionError(_short(act), f"{bad!r} is not a card")
        if self.kind == "draw":
            if len(cards) != 1 or cards[0] not in self.cards:
                raise IllegalActionError(
                    _short(act), f"{self.what} draws one of {len(self.cards)} cards"
                )
        else:
            m = 0
            for c in cards:
                m |= 1 << c.index
            want = self.mask
            if not want:
                for c in self.cards:
                    want |= 1 << c.index
            if len(cards) != len(self.cards) or m != want:
                raise IllegalActionError(
                    _short(act),
                    f"{self.what} must list each of its {len(self.cards)} cards exactly once",
                )
        if self.check is not None:
            why = self.check(state, act)
            if why:
                raise IllegalActionError(_short(act), why)


def _short(act: str) -> str:
    text = str(act)
    return text if len(text) <= 60 else text[:60] + "…"
