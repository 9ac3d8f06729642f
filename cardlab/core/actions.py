"""Actions: interned strings with their parts parsed once.

An action *is* its canonical text (``"play QS"``, ``"draw stock"``, ``"moon add"``),
so it can be typed by a user, stored in a JSON replay, sent to a widget and compared
with a plain ``str``.  The first word is the ``verb``; the remaining words are
``args``; arguments that spell cards are available as ``cards``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import _PARSE, Card


class Action(str):
    """Canonical action text with ``verb``, ``args`` and ``cards`` parsed."""

    verb: str
    args: tuple[str, ...]
    cards: tuple[Card, ...]

    def __new__(cls, text: str) -> Action:
        words = text.split()
        self = super().__new__(cls, " ".join(words))
        self.verb = words[0] if words else ""
        self.args = tuple(words[1:])
        cards = []
        for w in self.args:
            c = _PARSE.get(w)
            if c is not None:
                cards.append(c)
        self.cards = tuple(cards)
        return self

    @classmethod
    def of(cls, verb: str, cards: Sequence[Card]) -> Action:
        """``verb`` followed by card codes, built without re-parsing the text."""
        self = super().__new__(cls, " ".join([verb, *(c.code for c in cards)]))
        self.verb = verb
        self.args = tuple(c.code for c in cards)
        self.cards = tuple(cards)
        return self

    @property
    def card(self) -> Card | None:
        """The first card named by the action, if any."""
        return self.cards[0] if self.cards else None

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (action, (str(self),))


_INTERN: dict[str, Action] = {}


def action(text: str) -> Action:
    """The interned :class:`Action` for ``text`` (created on first use)."""
    a = _INTERN.get(text)
    if a is None:
        a = Action(text)
        if len(_INTERN) < 100_000 and a == text:
            _INTERN[text] = a
    return a


def card_action(verb: str, card: Card) -> Action:
    return action(f"{verb} {card.code}")
