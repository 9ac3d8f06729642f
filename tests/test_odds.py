"""Tests for cardlab.odds: exact tables and chances, checked by dealing every case."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from cardlab import odds
from cardlab.odds import Chances
from cardlab.rules import poker


def mask(cards: str) -> int:
    return poker.hand_mask(cards)


def every_completion(
    hand: int, cards: int, wild: int | None, deck: list[int], sf: bool = True
) -> Counter[int]:
    """The value of every way to complete ``hand`` from ``deck``, dealt one by one."""
    value = poker.evaluator(cards, wild, straights_and_flushes=sf).value
    out: Counter[int] = Counter()
    for combo in combinations(deck, cards - hand.bit_count()):
        out[value(hand | sum(1 << c for c in combo))] += 1
    return out


def by_class(counts: Counter[int]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for value, n in counts.items():
        out[poker.hand_class(value).label] += n
    return dict(out)


def table(frame) -> dict[str, int]:
    return {row.hand: int(row.count) for row in frame.itertuples() if row.count}


def test_hand_classes_layout() -> None:
    frame = odds.hand_classes(5)
    assert list(frame.columns) == ["hand", "count", "probability", "or_better"]
    assert list(frame["hand"]) == [c.label for c in poker.classes(5)]
    assert frame.attrs["total"] == comb(52, 5) == int(frame["count"].sum())
    assert frame["probability"].sum() == pytest.approx(1.0)
    assert frame["or_better"].is_monotonic_increasing
    assert frame["or_better"].iloc[-1] == pytest.approx(1.0)
    row = frame.set_index("hand").loc["four of a kind"]
    assert row["count"] == 624
    assert row["probability"] == pytest.approx(624 / 2598960)
    assert row["or_better"] == pytest.approx(664 / 2598960)


def test_hand_classes_tables() -> None:
    assert table(odds.hand_classes(7))["two pair"] == 31_433_400
    wild = odds.hand_classes(7, wild=7)
    assert wild.loc[0, "hand"] == "five of a kind"
    assert int(wild.loc[0, "count"]) == 609_760
    assert table(odds.hand_classes(3, "3", straights_and_flushes=False)) == {
        "three of a kind": 628,
        "pair": 7392,
        "high card": 14080,
    }
    assert table(odds.hand_classes(3)) == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
        "high card": 16440,
    }


def test_hand_classes_without_some_cards_match_dealing_every_hand() -> None:
    rng = random.Random(5)
    deck = sorted(rng.sample(range(52), 26))
    gone = poker.FULL_DECK & ~sum(1 << c for c in deck)
    frame = odds.hand_classes(5, 5, exclude=gone)
    assert table(frame) == by_class(every_completion(0, 5, 5, deck))
    assert frame.attrs["total"] == comb(26, 5)


def test_final_classes_of_an_open_straight_flush_draw() -> None:
    frame = odds.final_classes("9H TH JH QH")
    # 8♥ or K♥: straight flush; 7 other hearts: flush; 8 or K of another suit: straight;
    # a 9, 10, J or Q of another suit: pair; anything else: high card
    assert table(frame) == {
        "straight flush": 2,
        "flush": 7,
        "straight": 6,
        "pair": 12,
        "high card": 21,
    }
    assert frame.attrs["total"] == 48


@pytest.mark.parametrize(
    ("hand", "cards", "wild"),
    [("AS 7H", 7, 7), ("KS QS JD", 7, None), ("5C 5D", 5, 5), ("KS", 3, 3), ("2C 9D", 3, None)],
)
def test_final_classes_match_dealing_every_completion(
    hand: str, cards: int, wild: int | None
) -> None:
    h = mask(hand)
    rng = random.Random(hand)
    rest = [c for c in range(52) if not h >> c & 1]
    deck = sorted(rng.sample(rest, 24)) if cards == 7 else rest
    gone = poker.FULL_DECK & ~h & ~sum(1 << c for c in deck)
    frame = odds.final_classes(hand, cards, wild, exclude=gone)
    assert table(frame) == by_class(every_completion(h, cards, wild, deck))


def test_final_classes_of_a_complete_hand() -> None:
    assert table(odds.final_classes("AS AH AD", 3)) == {"three of a kind": 1}


def chances_by_dealing(hand: int, cards: int, wild: int | None, deck: list[int], target: int):
    counts = every_completion(hand, cards, wild, deck)
    return Chances(
        sum(n for v, n in counts.items() if v > target),
        sum(n for v, n in counts.items() if v == target),
        sum(n for v, n in counts.items() if v < target),
    )


@pytest.mark.parametrize(
    ("hand", "against", "cards", "wild"),
    [
        ("AS KS QS", "TH TD 9C 4S 2D", 5, None),
        ("7C 7D 2S", "8S 8H 3C 4D 5H", 5, 5),
        ("AS 5D", "KC KD 3H 3S 9D", 5, 5),
        ("9S 9H 2C 3D", "9C 9D 2H 3S 4C", 5, None),
        ("QS JS", "AH AD 4C", 3, None),
    ],
)
def test_beat_chance_matches_dealing_every_completion(
    hand: str, against: str, cards: int, wild: int | None
) -> None:
    h, a = mask(hand), mask(against)
    deck = [c for c in range(52) if not (h | a) >> c & 1]
    target = poker.evaluator(cards, wild).of(a)
    got = odds.beat_chance(hand, against, cards=cards, wild=wild)
    assert got == chances_by_dealing(h, cards, wild, deck, target)
    assert got.total == comb(len(deck), cards - h.bit_count())


def test_beat_chance_against_a_value_leaves_its_cards_in_play() -> None:
    target = poker.evaluate("8S 8H 3C 4D 5H")
    got = odds.beat_chance("7C 7D 2S", value=target)
    h = mask("7C 7D 2S")
    deck = [c for c in range(52) if not h >> c & 1]
    assert got == chances_by_dealing(h, 5, None, deck, target)
    assert got.total == comb(49, 2)


def test_chances() -> None:
    c = Chances(1, 2, 7)
    assert (c.total, c.win, c.tie, c.lose) == (10, 0.1, 0.2, 0.7)
    assert str(c) == "win 10.0%, tie 20.0%, lose 70.0% (of 10 ways)"
    assert str(odds.beat_chance("AS KS QS", against="TH TD 9C 4S 2D")) == (
        "win 42.4%, tie 0.0%, lose 57.6% (of 946 ways)"
    )


@pytest.mark.parametrize(
    ("hand", "wild", "sf"),
    [
        ("QS QH 4D", None, True),
        ("QS QH 4D", 3, False),
        ("AS 2S 3H", 3, True),
        ("9C 9D 9H", None, False),
    ],
)
def test_showdown_chance_matches_dealing_every_other_hand(
    hand: str, wild: int | None, sf: bool
) -> None:
    h = mask(hand)
    deck = [c for c in range(52) if not h >> c & 1]
    mine = poker.evaluator(3, wild, straights_and_flushes=sf).of(h)
    theirs = every_completion(0, 3, wild, deck, sf)
    expected = Chances(
        sum(n for v, n in theirs.items() if v < mine),
        sum(n for v, n in theirs.items() if v == mine),
        sum(n for v, n in theirs.items() if v > mine),
    )
    assert odds.showdown_chance(hand, wild, straights_and_flushes=sf) == expected


def test_showdown_chance_with_seen_cards_matches_dealing_every_other_hand() -> None:
    hand = mask("KS KH 7D 7C 2S")
    rng = random.Random(11)
    rest = [c for c in range(52) if not hand >> c & 1]
    deck = sorted(rng.sample(rest, 25))
    gone = poker.FULL_DECK & ~hand & ~sum(1 << c for c in deck)
    mine = poker.evaluate(hand, 7)
    theirs = every_completion(0, 5, 7, deck)
    expected = Chances(
        sum(n for v, n in theirs.items() if v < mine),
        sum(n for v, n in theirs.items() if v == mine),
        sum(n for v, n in theirs.items() if v > mine),
    )
    assert odds.showdown_chance(hand, 7, exclude=gone) == expected


def test_seven_card_showdown_counts_every_other_hand() -> None:
    got = odds.showdown_chance("AS AH 7D 7C 2S 9H JD")
    assert got.total == comb(45, 7)
    assert 0.8 < got.win < 0.9


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: odds.beat_chance("AS KS"), "either as cards"),
        (lambda: odds.beat_chance("AS KS", "QS QH 2D 3C 4S", value=5), "either as cards"),
        (lambda: odds.beat_chance("AS KS", "AS QH 2D 3C 4S"), "shares cards with the hand"),
        (
            lambda: odds.beat_chance("AS KS", "QS QH 2D 3C 4S", exclude="2D"),
            "excluded",
        ),
        (lambda: odds.beat_chance("AS KS", "QS QH 2D 3C"), "a 5-card hand is needed"),
        (lambda: odds.beat_chance("AS KS", value=-3), "not a hand value"),
        (
            lambda: odds.beat_chance("AS KS", value=poker.evaluate("AS AH AD")),
            "compares with 5 cards",
        ),
        (lambda: odds.showdown_chance("AS KS QS JS"), "3, 5 or 7 cards"),
        (lambda: odds.showdown_chance("AS KS QS", exclude="AS"), "excluded"),
        (lambda: odds.final_classes("AS KS QS JS", 3), "do not fit"),
        (lambda: odds.hand_classes(6), "3, 5 or 7"),
        (lambda: odds.hand_classes(5, wild=0), "out of range"),
    ],
)
def test_bad_input_is_refused_clearly(call, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()


def test_odds_imports_no_game() -> None:
    with open(odds.__file__, encoding="utf-8") as f:
        source = f.read()
    assert ".games" not in source
