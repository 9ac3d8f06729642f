"""Tests for cardlab.rules.melds against a brute-force reference."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.rules.melds import (
    best_arrangements,
    best_layoff,
    best_melds,
    candidate_melds,
    card_values,
    discard_deadwoods,
    indices,
    is_meld,
    knock_discards,
    mask_of,
    min_deadwood,
)

RANKS = "A23456789TJQK"
SUITS = "cdhs"
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hand(text: str) -> int:
    """Mask of cards written like ``"7c Td Ah"``."""
    return mask_of(SUITS.index(card[1]) * 13 + RANKS.index(card[0]) for card in text.split())


def value(card: int) -> int:
    """Deadwood value of one card index."""
    return min(card % 13 + 1, 10)


def mask_value(mask: int) -> int:
    """Deadwood value of a mask, computed card by card."""
    return sum(value(card) for card in range(52) if mask >> card & 1)


# ----------------------------------------------------------------------- reference


@cache
def all_melds(around: bool) -> tuple[int, ...]:
    """Every meld of the full pack, built from the definitions."""
    melds = set()
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14):
                if not around and start + length > 13:
                    continue
                melds.add(sum(1 << (suit * 13 + (start + i) % 13) for i in range(length)))
    for rank in range(13):
        cards = [suit * 13 + rank for suit in range(4)]
        for size in (3, 4):
            for combo in combinations(cards, size):
                melds.add(sum(1 << card for card in combo))
    return tuple(sorted(melds))


def ref_candidates(mask: int, around: bool) -> set[int]:
    """Melds of the full pack contained in ``mask``."""
    return {meld for meld in all_melds(around) if meld & mask == meld}


def ref_families(mask: int, around: bool) -> list[frozenset[int]]:
    """Every family of pairwise disjoint melds inside ``mask``."""
    melds = sorted(ref_candidates(mask, around))
    out: list[frozenset[int]] = []

    def walk(i: int, used: int, chosen: list[int]) -> None:
        if i == len(melds):
            out.append(frozenset(chosen))
            return
        walk(i + 1, used, chosen)
        if not melds[i] & used:
            chosen.append(melds[i])
            walk(i + 1, used | melds[i], chosen)
            chosen.pop()

    walk(0, 0, [])
    return out


def union(melds: frozenset[int] | tuple[int, ...]) -> int:
    """Cards covered by a collection of melds."""
    out = 0
    for meld in melds:
        out |= meld
    return out


def ref_min(mask: int, around: bool) -> int:
    """Minimal deadwood over all disjoint meld families."""
    return min(mask_value(mask & ~union(f)) for f in ref_families(mask, around))


def ref_optimal(mask: int, around: bool) -> set[frozenset[int]]:
    """All disjoint meld families reaching the minimal deadwood."""
    families = ref_families(mask, around)
    values = [mask_value(mask & ~union(f)) for f in families]
    top = min(values)
    return {f for f, v in zip(families, values, strict=True) if v == top}


def ref_is_meld(mask: int, around: bool) -> bool:
    """Whether ``mask`` is one meld of the full pack."""
    return mask in meld_set(around)


@cache
def meld_set(around: bool) -> frozenset[int]:
    """Every meld of the full pack, for membership tests."""
    return frozenset(all_melds(around))


def ref_layable(laid: int, knocker: tuple[int, ...], around: bool) -> bool:
    """Whether the cards of ``laid`` can all go onto the knocker's melds."""
    cards = indices(laid)
    targets = []
    for card in cards:
        # a card can only join a meld that shares its suit (run) or its rank (set)
        fits = [
            i
            for i, meld in enumerate(knocker)
            if any(other // 13 == card // 13 or other % 13 == card % 13 for other in indices(meld))
        ]
        if not fits:
            return False
        targets.append(fits)
    for assignment in product(*targets):
        grown = list(knocker)
        for card, target in zip(cards, assignment, strict=True):
            grown[target] |= 1 << card
        if all(ref_is_meld(meld, around) for meld in grown):
            return True
    return False


def ref_layoff(knocker: tuple[int, ...], defender: int, around: bool) -> tuple[int, int]:
    """(laid-off mask, final deadwood) by trying every subset of the defender's cards."""
    cards = indices(defender)
    best: tuple[int, int, int] | None = None
    for size in range(len(cards) + 1):
        for subset in combinations(cards, size):
            laid = mask_of(subset)
            if size and not ref_layable(laid, knocker, around):
                continue
            key = (ref_min(defender & ~laid, around), size, laid)
            if best is None or key < best:
                best = key
    assert best is not None
    return best[2], best[0]


# ---------------------------------------------------------------------- strategies


def random_hands(sizes: tuple[int, ...] = (10, 11)) -> st.SearchStrategy[int]:
    """Uniformly drawn hands of the given sizes."""
    return st.sampled_from(sizes).flatmap(
        lambda n: st.sets(st.integers(0, 51), min_size=n, max_size=n).map(mask_of)
    )


@st.composite
def dense_hands(draw: st.DrawFn) -> int:
    """10 or 11 cards from a narrow window of ranks, possibly wrapping past the King."""
    width = draw(st.integers(3, 5))
    start = draw(st.integers(0, 12))
    pool = [suit * 13 + (start + i) % 13 for i in range(width) for suit in range(4)]
    size = draw(st.integers(10, 11))
    cards = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return mask_of(cards)


hands = st.one_of(random_hands(), dense_hands())


# ---------------------------------------------------------------- explicit examples


def test_card_values() -> None:
    assert card_values(0) == 0
    assert card_values(hand("Ac 2d Th Js Qc Kd")) == 1 + 2 + 10 + 10 + 10 + 10
    assert card_values((1 << 52) - 1) == 4 * (sum(range(1, 11)) + 30)


def test_helpers_round_trip() -> None:
    assert indices(mask_of([0, 51, 13])) == (0, 13, 51)
    assert mask_of([]) == 0
    with pytest.raises(ValueError):
        mask_of([52])
    with pytest.raises(ValueError):
        min_deadwood(1 << 52)
    with pytest.raises(ValueError):
        card_values(-1)


def test_dense_eleven_card_hand() -> None:
    cards = hand("7c 9c Tc 7d 8d 9d Td 7h 8h 9h Th")
    assert min_deadwood(cards) == ref_min(cards, False) == 16
    discards = discard_deadwoods(cards)
    assert min(discards.values()) == 7
    assert discards[hand("9c").bit_length() - 1] == 7
    assert knock_discards(cards, 7) == hand("9c")
    assert knock_discards(cards, 6) == 0


def test_gin_hand() -> None:
    cards = hand("Ac 2c 3c 4c 7d 7h 7s Jh Qh Kh")
    assert min_deadwood(cards) == 0
    melds, deadwood = best_melds(cards)
    assert deadwood == 0
    assert set(melds) == {hand("Ac 2c 3c 4c"), hand("7d 7h 7s"), hand("Jh Qh Kh")}


def test_around_the_corner() -> None:
    kings = hand("Kc Ac 2c")
    assert min_deadwood(kings) == 13
    assert min_deadwood(kings, around=True) == 0
    assert not is_meld(kings)
    assert is_meld(kings, around=True)
    assert candidate_melds(kings) == ()
    assert candidate_melds(kings, around=True) == (kings,)
    wrap = hand("Jd Qd Kd Ad 2d")
    assert min_deadwood(wrap) == 3
    assert min_deadwood(wrap, around=True) == 0
    assert best_melds(wrap, around=True) == ((wrap,), 0)
    assert best_melds(wrap) == ((hand("Jd Qd Kd"),), hand("Ad 2d"))


def test_four_card_set_or_run() -> None:
    cards = hand("5c 5d 5h 5s 6s 7s")
    assert min_deadwood(cards) == 0
    optimal = {frozenset(m) for m, _ in best_arrangements(cards)}
    assert optimal == {frozenset({hand("5c 5d 5h"), hand("5s 6s 7s")})}


def test_long_run_splits_are_separate_arrangements() -> None:
    cards = hand("4c 5c 6c 7c 8c 9c")
    arrangements = best_arrangements(cards)
    assert {frozenset(m) for m, _ in arrangements} == {
        frozenset({cards}),
        frozenset({hand("4c 5c 6c"), hand("7c 8c 9c")}),
    }
    assert arrangements[0] == best_melds(cards) == ((cards,), 0)


def test_no_melds() -> None:
    cards = hand("Ac 3d 5h 7s 9c Jd Kh 2s 4c 6d")
    assert candidate_melds(cards) == ()
    assert best_melds(cards) == ((), cards)
    assert min_deadwood(cards) == card_values(cards)
    assert best_arrangements(cards) == [((), cards)]


def test_knock_discards_bound_shortcut() -> None:
    cards = hand("Ac 3d 5h 7s 9c Jd Kh 2s 4c 6d Qs")
    assert knock_discards(cards, 10) == 0
    assert knock_discards(cards, 1000) == cards
    assert knock_discards(0, 10) == 0
    assert discard_deadwoods(0) == {}


def test_knock_discards_bound_is_tight() -> None:
    cards = hand("Ac 2c 3c 7d 7h 7s Jh Qh Kh 5s Kc")
    assert knock_discards(cards, 5) == hand("Kc")
    assert knock_discards(cards, 4) == 0
    assert knock_discards(cards, 5, around=True) == hand("5s Kc 3c")
    assert knock_discards(cards, 0, around=True) == hand("5s")


# ------------------------------------------------------------------------- lay-offs


def test_layoff_fourth_of_set() -> None:
    laid, melds, deadwood = best_layoff((hand("8c 8d 8h"),), hand("8s Kd 2c"))
    assert (laid, melds, deadwood) == (hand("8s"), (), 12)


def test_layoff_both_ends_and_chain() -> None:
    knocker = (hand("5c 6c 7c"),)
    laid, melds, deadwood = best_layoff(knocker, hand("3c 4c 8c 9c Kd"))
    assert laid == hand("3c 4c 8c 9c")
    assert (melds, deadwood) == ((), 10)


def test_layoff_breaks_own_meld() -> None:
    knocker = (hand("5c 6c 7c"),)
    laid, melds, deadwood = best_layoff(knocker, hand("8c 9c Tc 9d 9h"))
    assert (laid, melds, deadwood) == (hand("8c"), (hand("9c 9d 9h"),), 10)
    knocker = (hand("9h Th Jh"),)
    laid, melds, deadwood = best_layoff(knocker, hand("Qh Kh Qc Qd Qs"))
    assert (laid, melds, deadwood) == (hand("Qh Kh"), (hand("Qc Qd Qs"),), 0)


def test_layoff_keeps_own_meld_when_no_gain() -> None:
    knocker = (hand("9h Th Jh"),)
    laid, melds, deadwood = best_layoff(knocker, hand("Qh Qc Qd 2s"))
    assert (laid, melds, deadwood) == (0, (hand("Qh Qc Qd"),), 2)


def test_layoff_around_the_corner() -> None:
    knocker = (hand("Js Qs Ks"),)
    defender = hand("As 2s 9d")
    assert best_layoff(knocker, defender) == (0, (), 12)
    assert best_layoff(knocker, defender, around=True) == (hand("As 2s"), (), 9)
    knocker = (hand("Ad 2d 3d"),)
    assert best_layoff(knocker, hand("Qd Kd"), around=True) == (hand("Qd Kd"), (), 0)
    assert best_layoff(knocker, hand("Qd Kd")) == (0, (), 20)


def test_layoff_two_runs_share_a_gap() -> None:
    knocker = (hand("3c 4c 5c"), hand("9c Tc Jc"))
    laid, melds, deadwood = best_layoff(knocker, hand("6c 7c 8c"))
    assert (laid, deadwood) == (0, 0)
    assert melds == (hand("6c 7c 8c"),)


def test_layoff_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        best_layoff((hand("2c 3c 5c"),), hand("4c"))
    with pytest.raises(ValueError):
        best_layoff((hand("2c 3c 4c"),), hand("4c 5c"))


# ------------------------------------------------------------ properties vs reference


@FAST
@given(hands, st.booleans())
def test_candidate_melds_match_reference(mask: int, around: bool) -> None:
    assert set(candidate_melds(mask, around)) == ref_candidates(mask, around)
    assert list(candidate_melds(mask, around)) == sorted(candidate_melds(mask, around))


@FAST
@given(st.one_of(hands, random_hands((0, 1, 3, 5, 8, 12, 13))), st.booleans())
def test_min_deadwood_and_best_melds(mask: int, around: bool) -> None:
    expected = ref_min(mask, around)
    assert min_deadwood(mask, around) == expected
    melds, deadwood = best_melds(mask, around)
    assert union(melds) | deadwood == mask
    assert union(melds) & deadwood == 0
    assert sum(m.bit_count() for m in melds) == union(melds).bit_count()
    assert all(ref_is_meld(m, around) for m in melds)
    assert mask_value(deadwood) == expected
    assert list(melds) == sorted(melds)
    assert best_melds(mask, around) == (melds, deadwood)


@SLOW
@given(hands, st.booleans())
def test_best_arrangements_match_reference(mask: int, around: bool) -> None:
    arrangements = best_arrangements(mask, around)
    families = [frozenset(m) for m, _ in arrangements]
    assert len(families) == len(set(families))
    assert set(families) == ref_optimal(mask, around)
    assert arrangements[0] == best_melds(mask, around)
    for melds, deadwood in arrangements:
        assert deadwood == mask & ~union(melds)


@FAST
@given(hands, st.booleans(), st.integers(0, 40))
def test_discards_match_min_deadwood(mask: int, around: bool, limit: int) -> None:
    discards = discard_deadwoods(mask, around)
    assert list(discards) == list(indices(mask))
    for card, deadwood in discards.items():
        assert deadwood == min_deadwood(mask & ~(1 << card), around)
    expected = mask_of(card for card, v in discards.items() if v <= limit)
    assert knock_discards(mask, limit, around) == expected


@SLOW
@given(hands, st.booleans())
def test_discards_match_reference(mask: int, around: bool) -> None:
    discards = discard_deadwoods(mask, around)
    reference = {card: ref_min(mask & ~(1 << card), around) for card in indices(mask)}
    assert discards == reference
    for limit in (0, 5, 10, min(reference.values())):
        expected = mask_of(card for card, v in reference.items() if v <= limit)
        assert knock_discards(mask, limit, around) == expected


def seeded_hands(seed: int, count: int) -> list[int]:
    """Fixed pseudo-random mix of uniform and dense 10- and 11-card hands."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        size = rng.choice((10, 11))
        if i % 3 == 0:
            out.append(mask_of(rng.sample(range(52), size)))
            continue
        width, start = rng.randint(3, 5), rng.randrange(13)
        pool = [suit * 13 + (start + j) % 13 for j in range(width) for suit in range(4)]
        out.append(mask_of(rng.sample(pool, min(size, len(pool)))))
    return out


@pytest.mark.parametrize("around", [False, True])
def test_seeded_sweep_against_reference(around: bool) -> None:
    for mask in seeded_hands(2024 + around, 800):
        optimal = ref_optimal(mask, around)
        top = mask_value(mask & ~union(next(iter(optimal))))
        assert min_deadwood(mask, around) == top
        arrangements = best_arrangements(mask, around)
        assert {frozenset(m) for m, _ in arrangements} == optimal
        assert len(arrangements) == len(optimal)
        assert arrangements[0] == best_melds(mask, around)
        discards = discard_deadwoods(mask, around)
        for card, deadwood in discards.items():
            assert deadwood == min_deadwood(mask & ~(1 << card), around)
        for limit in (0, 10):
            expected = mask_of(card for card, v in discards.items() if v <= limit)
            assert knock_discards(mask, limit, around) == expected


@st.composite
def layoff_cases(draw: st.DrawFn) -> tuple[tuple[int, ...], int, bool]:
    """Knocker melds and a defender hand near them, so lay-offs are common."""
    around = draw(st.booleans())
    pool = all_melds(around)
    knocker: list[int] = []
    used = 0
    for _ in range(draw(st.integers(1, 3))):
        meld = draw(st.sampled_from(pool).filter(lambda m: m.bit_count() <= 5))
        if not meld & used:
            knocker.append(meld)
            used |= meld
    near: set[int] = set()
    for card in indices(used):
        suit, rank = divmod(card, 13)
        near.update(suit * 13 + (rank + step) % 13 for step in (-2, -1, 1, 2))
        near.update(s * 13 + rank for s in range(4))
    nearby = sorted(c for c in near if not used >> c & 1)
    size = min(len(nearby), draw(st.integers(1, 7)))
    defender = mask_of(
        draw(st.lists(st.sampled_from(nearby), min_size=size, max_size=size, unique=True))
    )
    extra = draw(st.sets(st.integers(0, 51), max_size=2))
    defender |= mask_of(c for c in extra if not used >> c & 1)
    return tuple(knocker), defender, around


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layoff_cases())
def test_best_layoff_matches_reference(case: tuple[tuple[int, ...], int, bool]) -> None:
    knocker, defender, around = case
    laid, melds, deadwood = best_layoff(knocker, defender, around)
    assert (laid, deadwood) == ref_layoff(knocker, defender, around)
    assert laid & ~defender == 0
    assert (melds, defender & ~laid & ~union(melds)) == best_melds(defender & ~laid, around)
