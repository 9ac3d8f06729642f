"""Self-checking exercises for the teaching notebooks.

Each ``check_*`` function compares a learner's answer with what the rules say and returns
a :class:`Verdict`: true when right, with a message saying why either way.  In a notebook
the verdict displays as one line; ``assert`` on it works in hidden check cells.

>>> import cardlab
>>> from cardlab.exercises import check_legal
>>> m = cardlab.Match("hearts", seed=1, hands=1)
>>> v = check_legal(m.state, "2C 3C", seat=0)
>>> bool(v) in (True, False)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .core.actions import Action
from .core.cards import Card, parse_cards
from .core.state import State


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``ok`` and a message that explains it."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✔ Right. " if self.ok else "✘ Not quite. ") + self.message

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return ("**✔ Right.** " if self.ok else "**✘ Not quite.** ") + self.message


def _names(cards: Iterable[Card]) -> str:
    names = [c.text for c in sorted(cards, key=lambda c: c.index)]
    return " ".join(names) if names else "none"


def _cards(answer: str | Iterable[str | Card]) -> set[Card]:
    if isinstance(answer, str):
        answer = answer.replace(",", " ")
    return set(parse_cards(answer))


def check_legal(
    state: State, answer: str | Iterable[str | Card], seat: int | None = None
) -> Verdict:
    """Check "which cards may ``seat`` play now?".

    ``answer`` lists cards (``"2C 5C"``, ``["2♣", "5♣"]``).  The verdict names the cards
    missed and the cards wrongly included, with the rule's reason for each of the latter.
    """
    if seat is None:
        current = state.current
        if not isinstance(current, int):
            raise ValueError(f"no single seat is to play now ({current!r}); pass seat=...")
        seat = current
    legal_actions = state.legal_actions(seat)
    legal = {c for a in legal_actions for c in a.cards}
    given = _cards(answer)
    if given == legal:
        return Verdict(True, f"The legal cards are {_names(legal)}.")
    parts = []
    missed = legal - given
    if missed:
        parts.append(f"you left out {_names(missed)}, which may be played")
    wrong = given - legal
    for card in sorted(wrong, key=lambda c: c.index):
        verb = legal_actions[0].verb if legal_actions else "play"
        parts.append(f"{card.text} may not: {state.why_illegal(Action.of(verb, [card]), seat)}")
    said = "; ".join(parts)
    return Verdict(False, said[:1].upper() + said[1:] + ".")


def check_number(answer: Any, expected: float, why: str, what: str = "the answer") -> Verdict:
    """Check a number (a score, a count) against ``expected``; ``why`` explains it."""
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return Verdict(False, f"{what} should be a number, not {answer!r}. {why}")
    if value == expected:
        return Verdict(True, why)
    return Verdict(False, f"{what} is {expected:g}, not {value:g}: {why}")


def check_score(state: State, seat: int, answer: Any, hand: int = -1) -> Verdict:
    """Check what ``seat`` scored in a finished hand (the last one by default).

    The explanation is the hand's score lines for that seat.
    """
    if not state.results:
        raise ValueError("no hand has been scored yet")
    result = state.results[hand]
    lines = [ln for ln in result.lines if ln.seat == seat]
    why = "; ".join(f"{ln.reason} {ln.points:+g}" for ln in lines) or "nothing scored"
    return check_number(answer, result.points[seat], why, what="the score")


def check_choice(answer: Any, expected: Any, why: str) -> Verdict:
    """Check a free answer (a seat, a card, a word) against ``expected``."""
    norm = _norm(answer)
    if norm == _norm(expected):
        return Verdict(True, why)
    return Verdict(False, f"the answer is {expected}, not {answer}: {why}")


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return frozenset(_cards(value))
        except ValueError:
            return value.strip().lower()
    if isinstance(value, Card):
        return frozenset([value])
    return value
