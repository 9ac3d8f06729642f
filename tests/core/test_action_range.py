"""ActionRange: a tuple of numeric actions that is never built, behaving as the tuple."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cardlab.core.actions import Action, ActionRange, action
from cardlab.core.clone import deep_copy
from cardlab.core.errors import IllegalActionError

TAKE = action("take")


def plain(r: ActionRange) -> tuple[Action, ...]:
    return (*r.head, *(action(f"{r.verb} {n}") for n in range(r.low, r.high + 1)))


@pytest.mark.parametrize(
    "r", [ActionRange("bet", 1, 12), ActionRange("bet", 3, 3, (TAKE,)), ActionRange("bet", 5, 4)]
)
def test_it_reads_as_the_tuple_it_stands_for(r: ActionRange) -> None:
    t = plain(r)
    assert len(r) == len(t) and bool(r) == bool(t)
    assert list(r) == list(t) and tuple(r) == t and [*r] == list(t)
    assert list(reversed(r)) == list(reversed(t))
    assert r == t and t == r and not r != t and hash(r) == hash(t)  # noqa: SIM202 (__ne__)
    for k in range(-len(t), len(t)):
        assert r[k] == t[k]
    assert r[1:] == t[1:] and r[::-1] == t[::-1] and r[:0] == ()
    for a in t:
        assert a in r and r.index(a) == t.index(a) and r.count(a) == 1
    for bad in ("bet 0", "bet 13", "bet 05", "bet x", "bet", "raise 3", 3, None):
        assert bad not in r and r.count(bad) == 0
    assert (TAKE,) + r == (TAKE, *t) and r + (TAKE,) == (*t, TAKE)  # noqa: RUF005 (__add__)
    assert sorted(r) == sorted(t) and set(r) == set(t)


def test_out_of_range_reads_fail_as_a_tuple_does() -> None:
    r = ActionRange("bet", 1, 3)
    with pytest.raises(IndexError):
        r[3]
    with pytest.raises(ValueError):
        r.index("bet 4")
    with pytest.raises(ValueError):
        r.index("bet 1", 1)


def test_a_huge_range_costs_nothing() -> None:
    r = ActionRange("bet", 1, 10**12)
    assert len(r) == 10**12 and r[-1] == f"bet {10**12}" and "bet 777777777" in r
    assert r.index("bet 500") == 499
    assert random.Random(1).choice(r).verb == "bet"
    assert len(random.Random(2).sample(r, 5)) == 5
    assert r == ActionRange("bet", 1, 10**12) and r != ActionRange("bet", 2, 10**12 + 1)
    assert "…" in repr(r)
    err = IllegalActionError("bet 0", "a bet is 1 chip or more", r)
    assert err.legal is r and "bet 1, bet 2" in str(err)


def test_a_tuple_put_in_front_keeps_the_range_lazy() -> None:
    r = (TAKE,) + ActionRange("bet", 1, 10**9)  # noqa: RUF005 (__radd__ keeps it lazy)
    assert isinstance(r, ActionRange) and r.head == (TAKE,) and r[0] == TAKE and r[1] == "bet 1"


def test_copies_and_pickles_are_equal_and_clones_share_it() -> None:
    r = ActionRange("bet", 2, 40, (TAKE,))
    for other in (copy.copy(r), copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
        assert isinstance(other, ActionRange) and other == r
    assert deep_copy(r) is r
