"""Tests for cardlab.rules.poker: values against a plain reference, names, exact counts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb

import pytest

from cardlab.core.cards import CARDS, cards_of, parse_cards
from cardlab.rules import poker
from cardlab.rules.poker import HandClass as HC

Card2 = tuple[int, int]  # (rank 1..13 with Ace 1, suit 0..3)

# ----------------------------------------------------------------------- reference
# Written from the definitions, card by card, sharing nothing with the module's tables.


def pip(rank: int) -> int:
    """Rank 1..13 (Ace 1) as 2..14 (Ace 14)."""
    return 14 if rank == 1 else rank


def ref_five(cards: Sequence[Card2], may_flush: bool) -> tuple[int, tuple[int, ...]]:
    """(class, tie ranks) of exactly five cards, best class first."""
    high = sorted((pip(r) for r, _ in cards), reverse=True)
    groups = sorted(Counter(high).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    by_group = tuple(r for r, _ in groups)
    flush = may_flush and len({s for _, s in cards}) == 1
    top = None
    if len(set(high)) == 5:
        if high[0] - high[4] == 4:
            top = high[0]
        elif high == [14, 5, 4, 3, 2]:
            top = 5
    if shape == [5]:
        return HC.FIVE_OF_A_KIND, by_group
    if top and flush:
        return HC.STRAIGHT_FLUSH, (top,)
    if shape == [4, 1]:
        return HC.FOUR_OF_A_KIND, by_group
    if shape == [3, 2]:
        return HC.FULL_HOUSE, by_group
    if flush:
        return HC.FLUSH, tuple(high)
    if top:
        return HC.STRAIGHT, (top,)
    if shape == [3, 1, 1]:
        return HC.THREE_OF_A_KIND, by_group
    if shape == [2, 2, 1]:
        return HC.TWO_PAIR, by_group
    if shape == [2, 1, 1, 1]:
        return HC.PAIR, by_group
    return HC.HIGH_CARD, tuple(high)


THREE_ORDER = [HC.HIGH_CARD, HC.PAIR, HC.FLUSH, HC.STRAIGHT, HC.THREE_OF_A_KIND, HC.STRAIGHT_FLUSH]


def ref_three(cards: Sequence[Card2], may_flush: bool, sf: bool) -> tuple[int, tuple[int, ...]]:
    """(strength in the three-card order, tie ranks) of exactly three cards."""
    high = sorted((pip(r) for r, _ in cards), reverse=True)
    groups = sorted(Counter(high).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    by_group = tuple(r for r, _ in groups)
    flush = sf and may_flush and len({s for _, s in cards}) == 1
    top = None
    if sf and len(set(high)) == 3:
        if high[0] - high[2] == 2:
            top = high[0]
        elif high == [14, 3, 2]:
            top = 3
    if top and flush:
        cls, ranks = HC.STRAIGHT_FLUSH, (top,)
    elif shape == [3]:
        cls, ranks = HC.THREE_OF_A_KIND, by_group
    elif top:
        cls, ranks = HC.STRAIGHT, (top,)
    elif flush:
        cls, ranks = HC.FLUSH, tuple(high)
    elif shape == [2, 1]:
        cls, ranks = HC.PAIR, by_group
    else:
        cls, ranks = HC.HIGH_CARD, tuple(high)
    return THREE_ORDER.index(cls), ranks


def ref_best(naturals: Sequence[Card2], wilds: int, size: int, sf: bool = True) -> tuple:
    """Best (class, ranks) of a hand by trying every way to pick cards and fill wilds.

    A wild takes any rank (wilds are alike, so each multiset of ranks is tried once).  Its
    suit matters only when the chosen cards are all of one suit, so each choice is tried
    with suits left free (never a flush; legal when no rank is used five times unless all
    five cards share it) and, when the natural cards chosen share a suit, as a flush of
    distinct cards.
    """
    length = 3 if size == 3 else 5
    best: tuple | None = None
    for k in range(min(wilds, length) + 1):
        for chosen in combinations(naturals, length - k):
            ranks = [r for r, _ in chosen]
            one_suit = len({s for _, s in chosen}) <= 1
            for extra in combinations_with_replacement(range(1, 14), k):
                all_ranks = tuple(sorted(ranks + list(extra)))
                most = max(Counter(all_ranks).values())
                keys = []
                if most <= 4 or (length == 5 and most == 5):
                    keys.append(classify(all_ranks, False, length, sf))
                if one_suit and most == 1:
                    keys.append(classify(all_ranks, True, length, sf))
                for key in keys:
                    if best is None or key > best:
                        best = key
    assert best is not None
    return best


@cache
def classify(ranks: tuple[int, ...], flush: bool, length: int, sf: bool) -> tuple:
    """The reference key of ranks that do (or cannot) make a flush."""
    cards = [(r, 0 if flush else i % 4) for i, r in enumerate(ranks)]  # mixed suits
    return ref_three(cards, True, sf) if length == 3 else ref_five(cards, True)


def split(mask: int, wild: int | None) -> tuple[list[Card2], int]:
    """The natural cards of a mask as (rank, suit), and its number of wilds."""
    naturals = []
    wilds = 0
    for i in range(52):
        if mask >> i & 1:
            card = CARDS[i]
            if card.rank == wild:
                wilds += 1
            else:
                naturals.append((card.rank, card.suit))
    return naturals, wilds


def mask(cards: str) -> int:
    return poker.hand_mask(cards)


def text(m: int) -> str:
    return " ".join(card.code for card in cards_of(m))


def check_against_reference(
    masks: Iterable[int], size: int, wild: int | None, sf: bool = True
) -> None:
    """Values order the hands exactly as the reference does, with the same classes."""
    ev = poker.evaluator(size, wild, straights_and_flushes=sf)
    rows = []
    for m in masks:
        naturals, wilds = split(m, wild)
        key = ref_best(naturals, wilds, size, sf)
        value = ev.value(m)
        ref_class = THREE_ORDER[key[0]] if size == 3 else HC(key[0])
        assert poker.hand_class(value) is ref_class, (text(m), key)
        rows.append((value, key, m))
    rows.sort()
    for (v1, k1, m1), (v2, k2, m2) in pairwise(rows):
        assert (v1 < v2) == (k1 < k2), (text(m1), text(m2))
        assert (v1 == v2) == (k1 == k2), (text(m1), text(m2))


def random_hands(rng: random.Random, size: int, wild: int | None, count: int) -> list[int]:
    """Hands of ``size`` cards: uniform ones, and ones crowded into few ranks or one suit
    (so flushes, straights, full houses and wild-made hands come up often), with 0..4 wilds
    spread evenly when there is a wild rank."""
    out = []
    for i in range(count):
        wilds = 0 if wild is None else min(i % 5, size)
        taken = {(s * 13 + wild - 1) for s in rng.sample(range(4), wilds)} if wild else set()
        style = i % 3
        if style == 0:
            pool = [c for c in range(52)]
        elif style == 1:
            start = rng.randrange(13)
            pool = [s * 13 + (start + j) % 13 for j in range(5) for s in range(4)]
        else:
            suit = rng.randrange(4)
            pool = [suit * 13 + r for r in range(13)] + rng.sample(range(52), 6)
        pool = [c for c in set(pool) if wild is None or c % 13 != wild - 1]
        need = size - wilds
        cards = taken | set(rng.sample(pool, need))
        out.append(sum(1 << c for c in cards))
    return out


# ----------------------------------------------------------------------- values


@pytest.mark.parametrize("sf", [True, False])
@pytest.mark.parametrize("wild", [None, 3, 1])
def test_every_three_card_hand_matches_the_reference(wild: int | None, sf: bool) -> None:
    if wild is None:
        masks = [sum(1 << c for c in combo) for combo in combinations(range(52), 3)]
    else:  # every hand holding a wild, and a sample of the others
        wild_cards = [s * 13 + wild - 1 for s in range(4)]
        masks = [
            sum(1 << c for c in combo)
            for combo in combinations(range(52), 3)
            if any(c in wild_cards for c in combo)
        ]
        masks += random_hands(random.Random(3), 3, None, 2000)
    check_against_reference(masks, 3, wild, sf)


@pytest.mark.parametrize("wild", [None, 5, 1, 13, 2])
def test_five_card_values_match_the_reference(wild: int | None) -> None:
    rng = random.Random(f"five/{wild}")
    check_against_reference(random_hands(rng, 5, wild, 1500), 5, wild)


@pytest.mark.parametrize("wild", [None, 7, 1, 10])
def test_seven_card_values_match_the_reference(wild: int | None) -> None:
    rng = random.Random(f"seven/{wild}")
    hands = random_hands(rng, 7, wild, 400 if wild is None else 150)
    check_against_reference(hands, 7, wild)


def test_every_five_card_hand_with_four_wilds_or_three_matches_the_reference() -> None:
    wild = 9
    wild_cards = [s * 13 + wild - 1 for s in range(4)]
    others = [c for c in range(52) if c not in wild_cards]
    masks = [
        sum(1 << c for c in (*ws, *rest))
        for ws in combinations(wild_cards, 4)
        for rest in combinations(others, 1)
    ]
    masks += [
        sum(1 << c for c in (*wild_cards[:3], *rest))
        for rest in random.Random(9).sample(list(combinations(others, 2)), 200)
    ]
    check_against_reference(masks, 5, wild)


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("AS KS QS JS TS", "royal flush"),
        ("9H TH JH QH KH", "straight flush, king high"),
        ("AD 2D 3D 4D 5D", "straight flush, five high"),
        ("7C 7D 7H 7S 2C", "four of a kind, sevens"),
        ("KS KH KD 4C 4S", "full house, kings over fours"),
        ("AC 9C 6C 4C 2C", "flush, ace high"),
        ("TS JD QH KC AS", "straight, ace high"),
        ("AS 2D 3C 4H 5S", "straight, five high"),
        ("7S 7H 7D KC 2S", "three of a kind, sevens"),
        ("KS KH 4D 4C JS", "two pair, kings and fours"),
        ("9S 9H KD 7C 2S", "pair of nines"),
        ("AS JD 8H 6C 3S", "high card, ace"),
        # Q-K-A-2-3 wraps around: not a straight
        ("QS KD AH 2C 3S", "high card, ace"),
        ("AS 2S 3S", "straight flush, three high"),
        ("QH KH AH", "straight flush, ace high"),
        ("KH AH 2H", "flush, ace high"),
        ("KD AH 2C", "high card, ace"),
        ("6S 6H 6D", "three of a kind, sixes"),
        ("2C 3D 5H 7S 8C KD 9H", "high card, king"),
        ("2C 2D 5H 5S 8C 8D 9H", "two pair, eights and fives"),
        ("2C 2D 2H 5S 5C 8D 8H", "full house, twos over eights"),
        ("4C 4D 4H 9S 9C 9D AH", "full house, nines over fours"),
        ("4C 5D 6H 7S 8C 9D TH", "straight, ten high"),
        ("4C 5C 6C 7C 8C 9D KC", "straight flush, eight high"),
    ],
)
def test_names(hand: str, name: str) -> None:
    assert poker.describe(poker.evaluate(hand)) == name


def test_names_with_kickers() -> None:
    assert poker.describe(poker.evaluate("9S 9H KD 7C 2S"), kickers=True) == (
        "pair of nines (king, seven and two)"
    )
    assert poker.describe(poker.evaluate("7C 7D 7H 7S 2C"), kickers=True) == (
        "four of a kind, sevens (two)"
    )
    assert poker.describe(poker.evaluate("AC 9C 6C 4C 2C"), kickers=True) == (
        "flush, ace high (nine, six, four and two)"
    )
    assert poker.describe(poker.evaluate("KS KH KD 4C 4S"), kickers=True) == (
        "full house, kings over fours"
    )


def test_seven_cards_play_their_best_five_only() -> None:
    # the sixth and seventh cards never break a tie
    a = poker.evaluate("AS AH KD QC JS 4D 3C")
    b = poker.evaluate("AD AC KS QH JD 9C 8C")
    assert a == b
    # three pairs: the best two and the best other card
    assert poker.evaluate("KS KH 9D 9C 5S 5D 2C") == poker.evaluate("KS KH 9D 9C 5S 2D 3C")
    assert poker.evaluate("KS KH 9D 9C 5S 5D QC") > poker.evaluate("KS KH 9D 9C 5S 5D JC")
    # a flush in seven cards outranks the straight in them
    assert poker.describe(poker.evaluate("2H 5H 7H 9H JH 8C TD")) == "flush, jack high"


@pytest.mark.parametrize(
    ("hand", "wild", "name"),
    [
        ("KS KH KD KC 9S", 9, "five of a kind, kings"),
        ("9S 9H 9D 9C 4S", 9, "five of a kind, fours"),
        ("KS KH KD 9C 9S", 9, "five of a kind, kings"),
        ("AS KS QS 9S 5H", 5, "flush, ace high"),
        ("AS KS QS JS 5H", 5, "royal flush"),
        ("4S 6S 7S 8S 5H", 5, "straight flush, eight high"),
        ("5S 5H 6S 7S 8S", 5, "straight flush, ten high"),
        ("AS 2D 3C 5H 5S", 5, "straight, five high"),
        ("AS AD 3C 5H 5S", 5, "four of a kind, aces"),
        ("AS KD 5C", 5, "straight, ace high"),
        ("AS 9D 5C", 5, "pair of aces"),
        ("5S 5H 5C", 5, "straight flush, ace high"),
        ("KS 3H 3D", 3, "straight flush, ace high"),
        ("KS 3H 2D", 3, "pair of kings"),
        ("KS 3H QD", 3, "straight, ace high"),
        ("KS QS 3D", 3, "straight flush, ace high"),
        ("KS 7D 3D", 3, "pair of kings"),
        ("2S 7S 3D", 3, "flush, ace high"),
        ("2S 7D 3D", 3, "pair of sevens"),
        ("7C 7D 7H 2S 2D 9C 4S", 7, "five of a kind, twos"),
        ("7C 2S 3D 5H 9C JD KS", 7, "pair of kings"),
        ("7C 7D 2S 6D 9H JC KS", 7, "straight, king high"),
    ],
)
def test_wild_cards_make_the_best_hand(hand: str, wild: int, name: str) -> None:
    assert poker.describe(poker.evaluate(hand, wild)) == name


def test_wild_never_doubles_a_card_in_a_flush() -> None:
    value = poker.evaluate("AS KS QS 9S 5H", 5)
    # the wild makes the J♠, not a second A♠
    assert value == poker.evaluate("AS KS QS JS 9S")
    assert poker.describe(value, kickers=True) == "flush, ace high (king, queen, jack and nine)"


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    assert poker.evaluate("2S 2H 2D 2C 9S", 9) > poker.evaluate("AS KS QS JS TS", 9)
    assert poker.hand_class(poker.evaluate("AS 5S 5H 5D 5C", 5)) is HC.FIVE_OF_A_KIND


def test_three_cards_without_straights_and_flushes() -> None:
    ev = poker.evaluator(3, 3, straights_and_flushes=False)
    assert poker.describe(ev.of("3S 3H 3D")) == "three of a kind, aces"
    assert poker.describe(ev.of("QS KS AS")) == "high card, ace"
    assert poker.describe(ev.of("QS KS 3S")) == "pair of kings"
    assert ev.of("2C 2D 2H") > ev.of("AS AH KD")
    assert ev.classes == (HC.THREE_OF_A_KIND, HC.PAIR, HC.HIGH_CARD)
    # without wilds, trips still beat every pair, and pairs beat high cards
    plain = poker.evaluator(3, straights_and_flushes=False)
    assert plain.of("2C 2D 2H") > plain.of("AS AH KD") > plain.of("AS KS QS")


def test_three_card_order() -> None:
    ev = poker.evaluator(3)
    order = ["2S 3S 4S", "2C 2D 2H", "2S 3D 4H", "2S 5S 9S", "AS AD KS", "AS KD 9H"]
    values = [ev.of(hand) for hand in order]
    assert values == sorted(values, reverse=True)
    assert ev.classes == (
        HC.STRAIGHT_FLUSH,
        HC.THREE_OF_A_KIND,
        HC.STRAIGHT,
        HC.FLUSH,
        HC.PAIR,
        HC.HIGH_CARD,
    )


def test_value_size() -> None:
    assert poker.value_size(poker.evaluate("AS AH AD")) == 3
    assert poker.value_size(poker.evaluate("AS AH AD 2C 3C")) == 5
    assert poker.value_size(poker.evaluate("AS AH AD 2C 3C 9D 9H", 9)) == 5


def test_classes() -> None:
    assert poker.classes(5) == tuple(c for c in reversed(HC) if c is not HC.FIVE_OF_A_KIND)
    assert poker.classes(7, 7)[0] is HC.FIVE_OF_A_KIND
    assert poker.classes(3, 3)[0] is HC.STRAIGHT_FLUSH


def test_inputs() -> None:
    cards = parse_cards("AS KS QS JS TS")
    m = mask("AS KS QS JS TS")
    assert poker.evaluate(cards) == poker.evaluate(m) == poker.evaluate("A♠ K♠ Q♠ J♠ 10♠")
    ev = poker.evaluator(5, "K")
    assert ev.wild == 13 and ev.wild_mask == sum(1 << (s * 13 + 12) for s in range(4))
    assert poker.parse_wild("10") == poker.parse_wild("t") == poker.parse_wild(10) == 10
    assert poker.parse_wild(None) is None
    assert poker.evaluator(5, "a") is poker.evaluator(5, 1)
    assert repr(poker.evaluator(3, 3, straights_and_flushes=False)) == (
        "Evaluator(cards=3, wild='3', straights_and_flushes=False)"
    )
    assert ev.name("KS KH 9D 9C 2S") == "four of a kind, nines"


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: poker.evaluator(4), ValueError, "3, 5 or 7"),
        (lambda: poker.evaluator(True), ValueError, "3, 5 or 7"),
        (lambda: poker.evaluator(5, 14), ValueError, "out of range"),
        (lambda: poker.evaluator(5, "X"), ValueError, "A, 2-10"),
        (lambda: poker.evaluator(5, True), TypeError, "wild must be"),
        (lambda: poker.evaluator(5, 2.0), TypeError, "wild must be"),
        (lambda: poker.evaluator(3, straights_and_flushes="no"), TypeError, "True or False"),
        (lambda: poker.evaluator(5, straights_and_flushes=False), ValueError, "3-card hands"),
        (lambda: poker.evaluate("AS KS QS JS"), ValueError, "3, 5 or 7"),
        (lambda: poker.evaluate("AS KS QS JS AS"), ValueError, "twice"),
        (lambda: poker.evaluate("AS KS QS JS JK1"), ValueError, "52-card pack"),
        (lambda: poker.evaluate("AS KS QS JS XX"), ValueError, "is not a card"),
        (lambda: poker.evaluate(1 << 52 | 31), ValueError, "bits 0..51"),
        (lambda: poker.evaluate(-1), ValueError, "bits 0..51"),
        (lambda: poker.evaluate(3.5), TypeError, "a hand is"),
        (lambda: poker.evaluate([1, 2, 3]), TypeError, "is not a card"),
        (lambda: poker.evaluator(5).of("AS KS QS"), ValueError, "a 5-card hand is needed"),
        (lambda: poker.describe(-5), ValueError, "not a hand value"),
        (lambda: poker.describe(1 << 30), ValueError, "not a hand value"),
        (lambda: poker.describe(3), ValueError, "not a hand value"),
        (lambda: poker.describe("pair"), TypeError, "hand value"),
    ],
)
def test_bad_input_is_refused_clearly(call, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


# ----------------------------------------------------------------------- comparisons


def test_explain() -> None:
    v = poker.evaluate
    assert poker.explain(v("2S 5S 7S 9S JS"), v("4C 5D 6H 7S 8C")) == (
        "North's flush beats East's straight"
    )
    assert poker.explain(v("4C 5D 6H 7S 8C"), v("2S 5S 7S 9S JS"), ("West", "South")) == (
        "South's flush beats West's straight"
    )
    assert poker.explain(v("9S 9H KD 7C 2S"), v("9C 9D QD 7H 2D")) == (
        "both have a pair of nines; North's king kicker beats East's queen"
    )
    assert poker.explain(v("9S 9H AD KC 4S"), v("9C 9D AH KD 3D")) == (
        "both have a pair of nines and ace and king; North's four kicker beats East's three"
    )
    assert poker.explain(v("KS KH KD 4C 4S"), v("QS QH QD AC AS")) == (
        "North's full house, kings over fours, beats East's full house, queens over aces"
    )
    assert poker.explain(v("KS KH 9D 9C 2S"), v("KC KD 4H 4S AD")) == (
        "North's two pair, kings and nines, beats East's two pair, kings and fours"
    )
    assert poker.explain(v("KS KH 9D 9C 2S"), v("KC KD 9H 9S 3D")) == (
        "both have two pair, kings and nines; East's three kicker beats North's two"
    )
    assert poker.explain(v("AC 9C 6C 4C 2C"), v("AD 9D 6D 3D 2D")) == (
        "both have flushes with ace, nine and six; North's next card, a four, beats East's three"
    )
    assert poker.explain(v("AC 8D 6C 4H 2C"), v("KD 9D 6H 3D 2S")) == (
        "North's high card, ace, beats East's high card, king"
    )
    assert poker.explain(v("AC 8D 6C 4H 2C"), v("AD 9D 6H 3D 2S")) == (
        "both have high cards with ace; East's next card, a nine, beats North's eight"
    )
    assert poker.explain(v("KS KH 4D 4C JS"), v("KC KD 4H 4S JD")) == (
        "North and East tie: both have two pair, kings and fours (jack)"
    )
    assert poker.explain(v("9S TS JS QS KS"), v("9H TH JH QH KH")) == (
        "North and East tie: both have straight flush, king high"
    )


def test_explain_kickers_of_trips_and_quads() -> None:
    v = poker.evaluate
    a = v("7S 7H 7D AC JS 3D 2C")
    b = v("7C 7H 7D AS TS 3C 2D")
    assert poker.explain(a, b) == (
        "both have three sevens and ace; North's jack kicker beats East's ten"
    )
    a = v("7S 7H 7D 7C 9S")
    b = v("7S 7H 7D 7C 8S")
    assert poker.explain(b, a) == "both have four sevens; East's nine kicker beats North's eight"


def test_explain_refuses_mixed_families() -> None:
    with pytest.raises(ValueError, match="three-card"):
        poker.explain(poker.evaluate("AS AH AD"), poker.evaluate("2S 3D 4H 5C 7S"))
    with pytest.raises(TypeError, match="two strings"):
        poker.explain(poker.evaluate("AS AH AD"), poker.evaluate("2S 3D 4H"), ("A",))  # type: ignore[arg-type]


# ----------------------------------------------------------------------- exact counts


def labels(counts: dict[HC, int]) -> dict[str, int]:
    return {c.label: n for c, n in counts.items()}


def test_three_card_table() -> None:
    assert labels(poker.class_counts(3)) == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
        "high card": 16440,
    }


def test_five_card_table() -> None:
    assert labels(poker.class_counts(5)) == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three of a kind": 54912,
        "two pair": 123552,
        "pair": 1098240,
        "high card": 1302540,
    }
    assert poker.value_counts(5)[poker.evaluate("AS KS QS JS TS")] == 4


def test_seven_card_table() -> None:
    counts = poker.class_counts(7)
    assert labels(counts) == {
        "straight flush": 41584,
        "four of a kind": 224848,
        "full house": 3473184,
        "flush": 4047644,
        "straight": 6180020,
        "three of a kind": 6461620,
        "two pair": 31433400,
        "pair": 58627800,
        "high card": 23294460,
    }
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert poker.value_counts(7)[poker.evaluate("AS KS QS JS TS 2C 3D")] == 4324


def test_deuces_wild_deal_table() -> None:
    # the published frequencies of five-card deals with the twos wild (video poker):
    # natural royal 4, four deuces 48, wild royal 480, five of a kind 624, straight flush
    # 2,068, four of a kind 31,552, full house 12,672, flush 14,472, straight 62,232,
    # three of a kind 355,080
    counts = poker.class_counts(5, 2)
    assert counts[HC.FIVE_OF_A_KIND] == 624 + 48
    assert counts[HC.STRAIGHT_FLUSH] == 4 + 480 + 2068
    assert counts[HC.FOUR_OF_A_KIND] == 31552
    assert counts[HC.FULL_HOUSE] == 12672
    assert counts[HC.FLUSH] == 14472
    assert counts[HC.STRAIGHT] == 62232
    assert counts[HC.THREE_OF_A_KIND] == 355080
    assert sum(counts.values()) == comb(52, 5)
    assert poker.value_counts(5, 2)[poker.evaluate("AS KS QS JS TS", 2)] == 484


def brute_counts(
    size: int,
    wild: int | None,
    deck: Sequence[int],
    held: int = 0,
    sf: bool = True,
) -> Counter[int]:
    """Every completion of ``held`` from ``deck`` evaluated one by one."""
    value = poker.evaluator(size, wild, straights_and_flushes=sf).value
    counts: Counter[int] = Counter()
    bits = [1 << c for c in deck]
    for combo in combinations(bits, size - held.bit_count()):
        counts[value(held | sum(combo))] += 1
    return counts


@pytest.mark.parametrize("sf", [True, False])
def test_three_card_counts_with_threes_wild_match_dealing_every_hand(sf: bool) -> None:
    assert poker.value_counts(3, 3, straights_and_flushes=sf) == brute_counts(
        3, 3, range(52), sf=sf
    )


def test_five_card_counts_with_fives_wild_match_dealing_every_hand() -> None:
    value = poker.evaluator(5, 5).value
    counts: Counter[int] = Counter()
    bits = [1 << c for c in range(52)]
    for i, a in enumerate(bits):
        for j in range(i + 1, 52):
            ab = a | bits[j]
            for k in range(j + 1, 52):
                abc = ab | bits[k]
                for m in range(k + 1, 52):
                    abcd = abc | bits[m]
                    for n in range(m + 1, 52):
                        counts[value(abcd | bits[n])] += 1
    assert poker.value_counts(5, 5) == counts


def small_deck(ranks: Iterable[int]) -> tuple[list[int], int]:
    """The cards of some ranks, and the mask of all the other cards (to exclude)."""
    keep = [s * 13 + r - 1 for r in ranks for s in range(4)]
    return keep, poker.FULL_DECK & ~sum(1 << c for c in keep)


@pytest.mark.parametrize(
    ("wild", "ranks"),
    [
        (7, [1, 2, 3, 4, 5, 6, 7]),
        (7, [7, 8, 9, 10, 11, 12, 13]),
        (None, [1, 2, 3, 4, 5, 10, 13]),
        (1, [1, 2, 3, 4, 9, 10]),
    ],
)
def test_seven_card_counts_match_dealing_every_hand_of_a_small_deck(
    wild: int | None, ranks: list[int]
) -> None:
    deck, out = small_deck(ranks)
    assert poker.value_counts(7, wild, exclude=out) == brute_counts(7, wild, deck)


@pytest.mark.parametrize(("size", "wild"), [(7, 7), (5, 5), (7, None), (3, 3)])
def test_counts_with_scattered_cards_gone_match_dealing_every_hand(
    size: int, wild: int | None
) -> None:
    rng = random.Random(f"scatter/{size}/{wild}")
    deck = sorted(rng.sample(range(52), 24 if size == 7 else 30))
    out = poker.FULL_DECK & ~sum(1 << c for c in deck)
    assert poker.value_counts(size, wild, exclude=out) == brute_counts(size, wild, deck)


@pytest.mark.parametrize(
    ("size", "wild", "held"),
    [
        (7, 7, "7S 7H"),
        (7, 7, "AS KS 7D"),
        (7, None, "AS KS QS JS"),
        (7, 10, "2C 3C"),
        (5, 5, "5C 5D 5H"),
        (5, None, "9H TH JH QH"),
        (3, 3, "KS"),
    ],
)
def test_counts_from_held_cards_match_dealing_every_completion(
    size: int, wild: int | None, held: str
) -> None:
    rng = random.Random(f"held/{held}")
    h = mask(held)
    rest = [c for c in range(52) if not h >> c & 1]
    deck = sorted(rng.sample(rest, 26)) if size - h.bit_count() > 2 else rest
    out = poker.FULL_DECK & ~sum(1 << c for c in deck) & ~h
    assert poker.value_counts(size, wild, held=h, exclude=out) == brute_counts(
        size, wild, deck, held=h
    )


def test_reported_wild_tables() -> None:
    assert labels(poker.class_counts(3, 3)) == {
        "straight flush": 664,
        "three of a kind": 336,
        "straight": 1548,
        "flush": 1564,
        "pair": 5328,
        "high card": 12660,
    }
    assert labels(poker.class_counts(3, 3, straights_and_flushes=False)) == {
        "three of a kind": 628,
        "pair": 7392,
        "high card": 14080,
    }
    assert labels(poker.class_counts(5, 5)) == {
        "five of a kind": 672,
        "straight flush": 2132,
        "four of a kind": 31600,
        "full house": 12672,
        "flush": 14844,
        "straight": 46860,
        "three of a kind": 358320,
        "two pair": 95040,
        "pair": 1234080,
        "high card": 802740,
    }
    counts = poker.class_counts(7, 7)
    assert labels(counts) == {
        "five of a kind": 609760,
        "straight flush": 1650708,
        "four of a kind": 7594944,
        "full house": 9429600,
        "flush": 8197308,
        "straight": 15882040,
        "three of a kind": 21390380,
        "two pair": 19559880,
        "pair": 38514240,
        "high card": 10955700,
    }
    assert sum(counts.values()) == comb(52, 7)


def test_count_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        poker.value_counts(3, held="AS KS QS JS")
    with pytest.raises(ValueError, match="also be excluded"):
        poker.value_counts(5, held="AS", exclude="AS KD")
    _deck, out = small_deck([1])
    with pytest.raises(ValueError, match="only 4 cards"):
        poker.value_counts(5, exclude=out)


def test_a_hand_is_valued_without_building_the_whole_rank_table() -> None:
    """The rank table fills in as hands are valued: an evaluator's first hand costs no
    more than its next (3-5-7's first seven-card decision waited a second for the table)."""
    from cardlab.rules.poker import _evaluator, _rank_table

    _evaluator.cache_clear()  # a fresh table, as in a new process
    _rank_table.cache_clear()
    ev = poker.evaluator(7, "7")
    table = _rank_table(7, 4, True)
    before = len(table.values)
    assert before == 0, "making the evaluator values no hand"
    hand = poker.hand_mask("7S 7H KD KC 2S 9D 4H")
    assert poker.describe(ev.value(hand)) == "four of a kind, kings"
    assert len(table.values) <= before + 1 < 1000, "one hand fills one entry"
    with pytest.raises(KeyError):
        table.fill(5 << 39)  # five wilds: no seven-card hand of this setting
    counts = poker.value_counts(7, "7")  # an exact count fills what it walks
    assert sum(counts.values()) == comb(52, 7)
    assert ev.value(hand) in counts
