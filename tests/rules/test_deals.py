"""DealRule parts set apart for some cards only (``pile(..., only=mask)``).

The rule is tried on a four-seat game with the clubs set apart as a pile: any order of
the deck deals the clubs to that pile in the order listed and everything else to the
other parts; explicit deals honour the cards given and refuse a card in the wrong part.
"""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab.core.cards import CARDS, parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.tricks import CLUBS_MASK

GAME = cardlab.load("hearts")  # four seats, 52 cards: any game of that size will do
RULE = DealRule(each_seat(hand=7), pile("clubs", 13, only=CLUBS_MASK), pile("rest"))


def test_any_order_of_the_deck_deals_the_set_apart_cards_to_their_pile_in_order() -> None:
    rng = random.Random(0)
    for _ in range(20):
        order = list(CARDS[:52])
        rng.shuffle(order)
        dealt = RULE.split(GAME, order)
        clubs = [c for c in order if c.suit == 0]
        others = [c for c in order if c.suit != 0]
        assert list(dealt["clubs"]) == clubs
        assert [c for h in dealt["hand"] for c in h] + list(dealt["rest"]) == others
        assert all(len(h) == 7 for h in dealt["hand"]) and len(dealt["rest"]) == 11


def test_a_deal_already_in_place_is_left_as_it_is() -> None:
    act = RULE.action(GAME, rng=random.Random(5))
    assert list(RULE.split(GAME, act.cards)["clubs"]) == list(act.cards[28:41])
    assert RULE.split(GAME, act.cards)["hand"][2] == tuple(act.cards[14:21])


def test_explicit_deals_fill_each_part_from_its_own_cards() -> None:
    act = RULE.action(GAME, {2: "AH KH"}, clubs="5C 9C", rng=random.Random(1))
    dealt = RULE.split(GAME, act.cards)
    assert dealt["clubs"][:2] == tuple(parse_cards("5C 9C"))
    assert sorted(c.suit for c in dealt["clubs"]) == [0] * 13
    assert dealt["hand"][2][:2] == tuple(parse_cards("AH KH"))
    assert not any(c.suit == 0 for h in dealt["hand"] for c in h)


def test_a_card_in_the_wrong_part_is_refused_with_its_part() -> None:
    with pytest.raises(IllegalActionError, match="5♣ cannot be dealt to seat 1's hand: it belongs"):
        RULE.action(GAME, {1: "AH 5C"})
    with pytest.raises(IllegalActionError, match="A♥ cannot be dealt to the clubs"):
        RULE.action(GAME, clubs="2C AH")


def test_a_set_apart_part_must_fit_its_cards() -> None:
    bad = DealRule(each_seat(hand=8), pile("clubs", 12, only=CLUBS_MASK), pile("rest"))
    with pytest.raises(ValueError, match="does not fit"):
        bad.layout(cardlab.load("hearts", target=99))


def test_rules_without_a_set_apart_part_deal_by_position() -> None:
    plain = DealRule(each_seat(hand=13))
    assert not plain.routed and RULE.routed
    order = list(CARDS[:52])
    assert plain.split(GAME, order)["hand"][1] == tuple(order[13:26])
