"""Reading typed actions and wording refusals.

Players type actions loosely (``"Play q♠"``); :func:`canonical_text` rewrites them to the
canonical form the legal actions use (``"play QS"``).  Numbers in actions are ASCII
digits only (:func:`ascii_int`): a superscript or full-width digit is not a number.
When a game's own rules give no words for a refusal, :func:`generic_reason` names what
the current phase allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .cards import parse_card


def canonical_text(text: str) -> str:
    """Rewrite card words to their canonical codes: ``"Play q♠"`` -> ``"play QS"``."""
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if i > 0:
            try:
                out.append(parse_card(w).code)
                continue
            except ValueError:
                pass
        out.append(w.lower())
    return " ".join(out)


def ascii_int(word: str) -> int | None:
    """``word`` as a whole number when it is written with the digits 0-9 only, else None."""
    if word and word.isascii() and word.isdigit():
        return int(word)
    return None


def plural(n: int, word: str, words: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def either(items: Sequence[Any], word: str = "or") -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``."""
    texts = [str(x) for x in items]
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {word} {texts[-1]}"


def seat_problem(seat: Any, players: int) -> str:
    """Why ``seat`` is not a seat ("" when it is one): seats are plain ints 0..n-1."""
    if type(seat) is not int:
        kind = type(seat).__name__
        return f"a seat is a whole number (an int) from 0 to {players - 1}, not {seat!r} (a {kind})"
    if not 0 <= seat < players:
        return f"there is no seat {seat}; seats are 0 to {players - 1}"
    return ""


def generic_reason(phase: str, name: str, text: str, acts: Sequence[Action]) -> str:
    """A reason for an action the game's own rules gave no words for."""
    words = text.split()
    verbs = sorted({a.verb for a in acts})
    allowed = either([f"'{v}'" for v in verbs])
    if not words:
        return f"say what to do; the {phase} phase allows {allowed}"
    verb, args = words[0], words[1:]
    if verb not in verbs:
        return f"'{verb}' is not an action {name} can take now; the {phase} phase allows {allowed}"
    example = next(a for a in acts if a.verb == verb)
    if example.cards:
        if not args:
            return f"say which card, e.g. {str(example)!r}"
        for word in args:
            try:
                parse_card(word)
            except ValueError as e:
                return str(e)
    return f"{text!r} is not one of the legal actions now"
