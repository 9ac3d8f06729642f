"""The catalogue of exercises: each notebook's module registers its builders here by key."""

from __future__ import annotations

from collections.abc import Callable

from ..exercises import Exercise

Builder = Callable[..., Exercise]
CATALOGUE: dict[str, Builder] = {}


def lesson(key: str) -> Callable[[Builder], Builder]:
    """Register the builder of the exercise ``key`` (``"<notebook>/<name>"``)."""

    def register(fn: Builder) -> Builder:
        CATALOGUE[key] = fn
        return fn

    return register


def keys() -> list[str]:
    """Every exercise in the catalogue."""
    return list(CATALOGUE)
