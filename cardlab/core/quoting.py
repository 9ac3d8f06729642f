"""Quoting what a user gave in an error message, never more than a short prefix.

A refusal names the input it refuses, but a message that echoes a megabyte of text (or
tries to print a number of ten thousand digits, which Python refuses to convert) helps
nobody.  :func:`quote` gives a short, safe ``repr``: the start of a long text followed by
its length, a huge number by its number of digits, a long list by its first items.
"""

from __future__ import annotations

import reprlib
from typing import Any

#: Characters of a text kept when it is quoted.
LIMIT = 40


class _Short(reprlib.Repr):
    """``reprlib`` limits, with texts cut to a prefix and huge integers described."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.maxstring = self.maxother = self.maxlong = limit + 2
        self.maxlevel = 3

    def repr_str(self, x: str, level: int) -> str:
        return _text(x, self.limit)

    def repr_int(self, x: int, level: int) -> str:
        return _number(x, self.limit)


def quote(value: Any, limit: int = LIMIT) -> str:
    """A short ``repr`` of ``value`` for a message: ``'bet 99999…' (4,004 characters)``."""
    if isinstance(value, str):
        return _text(value, limit)
    if type(value) is int:
        return _number(value, limit)
    try:
        return _Short(limit).repr(value)
    except Exception:  # a value whose repr fails says at least what it is
        return f"a {type(value).__name__}"


def kind(value: Any) -> str:
    """What ``value`` is, with its article: ``"a float"``, ``"an int"``."""
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _text(x: str, limit: int) -> str:
    if len(x) <= limit:
        return repr(x)
    return f"{x[:limit]!r}… ({len(x):,} characters)"


def _number(x: int, limit: int) -> str:
    # Python refuses str() of an int with more than 4,300 digits; count them another way.
    if x.bit_length() <= 3.3 * limit:
        return repr(x)
    digits = len(str(abs(x))) if x.bit_length() < 14_000 else int(x.bit_length() * 0.30103) + 1
    return f"a number of {digits:,} digits"


__all__ = ["LIMIT", "kind", "quote"]
