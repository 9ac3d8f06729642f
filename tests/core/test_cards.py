"""Cards, decks and actions: spellings, identities, masks and the packs games use."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab import parse_card, parse_cards
from cardlab.core.actions import Action, action
from cardlab.core.cards import (
    CARDS,
    COPY_OFFSET,
    STANDARD,
    Card,
    cards_of,
    get_deck,
    mask_of,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("QS", "QS"), ("Q♠", "QS"), ("qs", "QS"), (" q♠ ", "QS"), ("Q♤", "QS"),
        ("10h", "TH"), ("Th", "TH"), ("10♥", "TH"), ("T♡", "TH"),
        ("AC", "AC"), ("a♣", "AC"), ("2d", "2D"), ("K♢", "KD"), ("9♧", "9C"),
        ("JK1", "JK1"), ("JK2", "JK2"), ("joker2", "JK2"), ("JK", "JK1"), ("★1", "JK1"),
        ("QS'", "QS'"), ("10h'", "TH'"), ("JK3", "JK3"), ("JK4", "JK4"),
    ],
)  # fmt: skip
def test_every_spelling_reads_the_same_card(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    "text", ["", "Q", "S", "1S", "11H", "QX", "10", "QSS", "Q of spades", "JK5", "0H", "♠Q"]
)
def test_bad_card_text_says_how_to_write_cards(text: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_card(text)
    message = str(err.value)
    assert repr(text) in message
    for example in ("QS", "Q♠", "10h", "Th", "JK1"):
        assert example in message


def test_cards_are_interned_so_identity_is_equality() -> None:
    assert parse_card("QS") is parse_card("Q♠") is CARDS[3 * 13 + 11]
    assert parse_card(parse_card("QS")) is parse_card("QS")
    assert pickle.loads(pickle.dumps(parse_card("10♥"))) is parse_card("TH")


def test_card_faces_and_names() -> None:
    queen = parse_card("QS")
    assert (queen.rank, queen.suit, queen.copy) == (12, 3, 0)
    assert (queen.code, queen.text, str(queen), queen.name) == ("QS", "Q♠", "Q♠", "Queen of spades")
    ten = parse_card("TH")
    assert (ten.text, ten.red, ten.symbol) == ("10♥", True, "♥")
    joker = parse_card("JK2")
    assert joker.is_joker and joker.name == "Joker" and joker.suit == -1 and joker.rank == 0
    second = parse_card("QS'")
    assert second.copy == 1 and second.base == queen.index and second.text == "Q♠'"
    assert second is not queen


def test_parse_cards_reads_lists_and_text() -> None:
    assert parse_cards("QS, 10h  Th") == (parse_card("QS"), parse_card("TH"), parse_card("TH"))
    assert parse_cards(["2c", parse_card("3C")]) == parse_cards("2C 3C")
    with pytest.raises(ValueError, match="not a card"):
        parse_cards("QS XX")


@given(st.sets(st.sampled_from(CARDS)))
def test_masks_round_trip(cards: set[Card]) -> None:
    assert set(cards_of(mask_of(cards))) == cards
    assert list(cards_of(mask_of(cards))) == sorted(cards, key=lambda c: c.index)


@pytest.mark.parametrize(
    ("name", "size", "jokers"),
    [("standard", 52, 0), ("standard+jokers", 54, 2), ("canasta", 108, 4)],
)
def test_decks_hold_distinct_cards(name: str, size: int, jokers: int) -> None:
    deck = get_deck(name)
    assert len(deck) == size == len(set(deck.cards))
    assert sum(c.is_joker for c in deck.cards) == jokers
    assert deck.mask == mask_of(deck.cards)
    assert not deck.informative and deck.back_of(deck.cards[0]) == "plain"


def test_canasta_second_pack_is_a_distinct_copy_of_the_first() -> None:
    deck = get_deck("canasta")
    firsts = [c for c in deck.cards if c.copy == 0]
    seconds = [c for c in deck.cards if c.copy == 1]
    assert len(firsts) == len(seconds) == 54
    assert [c.index + COPY_OFFSET for c in firsts] == [c.index for c in seconds]
    assert {c.code for c in seconds if c.is_joker} == {"JK3", "JK4"}
    assert all(c.code.endswith("'") for c in seconds if not c.is_joker)
    assert set(STANDARD) <= set(firsts)


def test_unknown_deck_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"known decks: (.*, )?canasta, foresight, .*standard"):
        get_deck("tarot")


def test_actions_parse_their_verb_arguments_and_cards() -> None:
    a = Action("  play   QS ")
    assert a == "play QS" and a.verb == "play" and a.args == ("QS",)
    assert a.cards == (parse_card("QS"),) and a.card is parse_card("QS")
    assert Action("draw stock").cards == () and Action("draw stock").card is None
    assert Action("").verb == "" and Action("").args == ()
    assert action("play QS") is action("play QS")
    assert pickle.loads(pickle.dumps(a)) == a
