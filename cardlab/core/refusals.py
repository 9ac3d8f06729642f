"""Reading typed actions and wording refusals.

Players type actions loosely (``"Play q♠"``); :func:`canonical_text` rewrites them to the
canonical form the legal actions use (``"play QS"``).  Numbers in actions are written
plainly (:func:`ascii_int`): the digits 0-9 only (a superscript, full-width or Arabic-Indic
digit is not a number) and no leading zero, so each number has one spelling, as each action
does; :func:`number_problem` says what is wrong with a word that is not one.
When a game's own rules give no words for a refusal, :func:`generic_reason` names what
the current phase allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import MAX_ACTION_CHARS, MAX_DIGITS, Action
from .cards import parse_card
from .quoting import kind, quote


def action_problem(act: Any) -> str:
    """Why ``act`` cannot be an action at all ("" when it is a text of a readable length)."""
    if not isinstance(act, str):
        return f"an action is text such as 'play QS', not {kind(act)}"
    if len(act) > MAX_ACTION_CHARS:
        return f"an action is at most {MAX_ACTION_CHARS:,} characters, not {len(act):,}"
    return ""


def refused_text(act: Any) -> str:
    """What a refusal quotes as the action tried: the text itself, or a short ``repr``."""
    return act if isinstance(act, str) else quote(act)


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
    """``word`` as a whole number when it is written plainly, else None.

    Plainly: the digits 0-9 only, no leading zero (``"0"`` itself is fine) and at most
    :data:`MAX_DIGITS` digits.
    """
    if (
        word
        and len(word) <= MAX_DIGITS
        and word.isascii()
        and word.isdigit()
        and (word[0] != "0" or word == "0")
    ):
        return int(word)
    return None


def number_problem(word: str, what: str = "a whole number") -> str:
    """Why ``word`` is not a plainly written whole number ("" when it is one).

    ``what`` names the number for the message (``"a whole number of chips"``).
    """
    if ascii_int(word) is not None:
        return ""
    shown = quote(word)
    if not word:
        return "say a number, written with the digits 0-9"
    if word.isdigit() and not word.isascii():
        return f"{shown} uses digits other than 0-9: write the number with the digits 0-9"
    if word.isascii() and word.isdigit():
        if len(word) > MAX_DIGITS:
            return f"{shown} is far too large a number (at most {MAX_DIGITS} digits)"
        return f"{shown} starts with a zero: write it as {str(int(word))!r}"
    return f"{shown} is not {what}"


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
        return (
            f"a seat is a whole number (an int) from 0 to {players - 1}, "
            f"not {quote(seat)} ({kind(seat)})"
        )
    if not 0 <= seat < players:
        return f"there is no seat {quote(seat)}; seats are 0 to {players - 1}"
    return ""


#: A seed is a whole number of at most this many digits …
SEED_DIGITS = 40
#: … or a text of at most this many characters.
SEED_CHARS = 1_000


def seed_problem(seed: Any) -> str:
    """Why ``seed`` cannot seed a match ("" when it can).

    A seed is a whole number (an ``int``, not a bool or a float) or a text, so that a
    replay stores it exactly and every machine draws the same cards from it.
    """
    allowed = (
        f"a seed is a whole number (at most {SEED_DIGITS} digits) or a text "
        f"(at most {SEED_CHARS:,} characters)"
    )
    if isinstance(seed, str):
        return "" if len(seed) <= SEED_CHARS else f"{allowed}, not a text of {len(seed):,}"
    if isinstance(seed, int) and not isinstance(seed, bool):
        return "" if abs(seed) < 10**SEED_DIGITS else f"{allowed}, not {quote(seed)}"
    return f"{allowed}, not {quote(seed)} ({kind(seed)})"


def generic_reason(phase: str, name: str, text: str, acts: Sequence[Action]) -> str:
    """A reason for an action the game's own rules gave no words for."""
    words = text.split()
    verbs = sorted({a.verb for a in acts})
    allowed = either([f"'{v}'" for v in verbs])
    if not words:
        return f"say what to do; the {phase} phase allows {allowed}"
    verb, args = words[0], words[1:]
    if verb not in verbs:
        return (
            f"{quote(verb)} is not an action {name} can take now; the {phase} phase allows "
            f"{allowed}"
        )
    example = next(a for a in acts if a.verb == verb)
    if example.cards:
        if not args:
            return f"say which card, e.g. {str(example)!r}"
        for word in args:
            try:
                parse_card(word)
            except ValueError as e:
                return str(e)
    return f"{quote(text)} is not one of the legal actions now"
