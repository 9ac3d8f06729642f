"""Deep copies of game states that share only what can never change.

:func:`deep_copy` copies lists, dicts, sets and tuples holding them, down to any depth,
and shares values of immutable types (numbers, strings, cards, actions, events, score
lines, phases, games).  A game registers its own immutable types with
:func:`immutable`; any other object is copied with :func:`copy.deepcopy`, or with its
own ``clone()`` when it has one.  So a clone never shares a mutable object with the
state it was copied from, whatever the state holds.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

T = TypeVar("T")


class Frozen(tuple):  # type: ignore[type-arg]
    """A tuple known to hold only immutable values (a table of shared events): never copied."""

    __slots__ = ()


#: Types whose values never change: shared, not copied.
ATOMIC: set[type] = {
    int,
    float,
    bool,
    str,
    bytes,
    complex,
    type(None),
    range,
    frozenset,
    Frozen,
    object,  # bare object() instances are markers (sentinels), never state
}


def immutable(cls: type[T]) -> type[T]:
    """Register ``cls`` as immutable: clones share its values (usable as a decorator)."""
    ATOMIC.add(cls)
    return cls


def deep_copy(value: T) -> T:
    """A copy of ``value`` that shares no mutable object with it."""
    t = type(value)
    if t in ATOMIC:
        return value
    v: Any = value
    atomic = ATOMIC
    if t is list:
        return [x if type(x) in atomic else deep_copy(x) for x in v]  # type: ignore[return-value]
    if t is dict:
        return {  # type: ignore[return-value]
            k: x if type(x) in atomic else deep_copy(x) for k, x in v.items()
        }
    if t is set:
        return set(v)  # type: ignore[return-value]
    if isinstance(v, tuple):
        if {type(x) for x in v} <= atomic:
            return value
        items = [x if type(x) in atomic else deep_copy(x) for x in v]
        maker: Any = t
        return maker(*items) if hasattr(t, "_fields") else maker(items)  # type: ignore[no-any-return]
    clone = getattr(v, "clone", None)
    if callable(clone):
        return clone()  # type: ignore[no-any-return]
    return copy.deepcopy(value)
