"""The Foresight deck: the default back table, loading and validating other tables."""

from __future__ import annotations

from collections import Counter

import pytest

import cardlab
from cardlab.core.cards import CARDS, HIDDEN_BACK, JOKERS, STANDARD, get_deck, parse_card
from cardlab.core.errors import OptionError
from cardlab.core.foresight import (
    DEFAULT_BACKS,
    SUITS_BY_RANK,
    design_of,
    load_backs,
    register_foresight,
    suit_count,
)
from cardlab.core.observation import Back


def test_default_table_matches_the_published_pairings() -> None:
    design = DEFAULT_BACKS.design
    assert design(parse_card("4S")) == "♥♠" and design(parse_card("4H")) == "♥♠"
    assert design(parse_card("7D")) == "♣♦"
    assert design(parse_card("5S")) == "♦♠" and design(parse_card("8C")) == "♣♥"
    assert design(parse_card("6S")) == "♣♠" and design(parse_card("9H")) == "♦♥"
    assert design(parse_card("10S")) == "♣♦♠"  # Tens leave out the ♠♥/♦♣ partner
    assert design(parse_card("JS")) == "♣♥♠"  # Jacks the ♠♦/♥♣ partner
    assert design(parse_card("QS")) == "♦♥♠"  # Queens the ♠♣/♥♦ partner
    assert design(parse_card("2H")) == "♥" and design(parse_card("3C")) == "♣"
    for code in ("AS", "KD", "JK1", "JK2"):
        assert design(parse_card(code)) == "♣♦♥♠"


def test_every_back_shows_its_own_suit_and_its_rank_class_count() -> None:
    for card in STANDARD:
        mask = DEFAULT_BACKS[card]
        assert mask >> card.suit & 1
        assert bin(mask).count("1") == SUITS_BY_RANK[card.rank] == suit_count(card)


def test_default_table_is_balanced() -> None:
    # Every two-suit back is shared by exactly 4 cards, every three-suit back by 3 cards,
    # and each suit is printed equally often.
    counts = Counter(DEFAULT_BACKS.design(c) for c in STANDARD)
    assert {counts[d] for d in counts if len(d) == 2} == {4}
    assert {counts[d] for d in counts if len(d) == 3} == {3}
    per_suit = Counter(sym for c in STANDARD for sym in DEFAULT_BACKS.design(c))
    assert len(set(per_suit.values())) == 1


def test_tables_round_trip_through_csv_and_dicts() -> None:
    assert load_backs(DEFAULT_BACKS.to_csv()) == DEFAULT_BACKS
    as_dict = {c.code: design_of(DEFAULT_BACKS[c]) for c in STANDARD}
    assert load_backs(as_dict) == DEFAULT_BACKS


def test_a_file_path_loads(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "backs.csv"
    path.write_text(DEFAULT_BACKS.to_csv())
    assert load_backs(path) == DEFAULT_BACKS
    assert load_backs(str(path)) == DEFAULT_BACKS


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"4S": "DC"}, "4S's back .* must show its own suit"),
        ({"4S": "SHD"}, "4S prints 3 suits .*its rank class prints 2"),
        ({"2C": ""}, "2C prints 0 suits"),
        ({"QS": "SX"}, "unknown suit 'X'"),
        ({"QS": "SSH"}, "listed twice"),
    ],
)
def test_bad_tables_are_refused_with_the_reason(change: dict[str, str], message: str) -> None:
    table = {c.code: design_of(DEFAULT_BACKS[c]) for c in STANDARD}
    table.update(change)
    with pytest.raises(ValueError, match=message):
        load_backs(table)


def test_missing_and_duplicate_cards_are_refused() -> None:
    table = {c.code: design_of(DEFAULT_BACKS[c]) for c in STANDARD if c.code != "9D"}
    with pytest.raises(ValueError, match="9D has no back"):
        load_backs(table)
    text = DEFAULT_BACKS.to_csv() + "AS,CDHS\n"
    with pytest.raises(ValueError, match="AS is listed twice"):
        load_backs(text)
    with pytest.raises(ValueError, match="header 'card,suits'"):
        load_backs("card;suits\nAS;CDHS\n")


def test_decks_and_a_users_own_assignment() -> None:
    assert len(get_deck("foresight")) == 52
    assert get_deck("foresight+joker").cards[-1] is JOKERS[0]
    assert len(get_deck("foresight+jokers")) == 54
    table = {c.code: design_of(DEFAULT_BACKS[c]) for c in STANDARD}
    table["4S"], table["4D"] = "SD", "DS"  # swap partners on the Fours
    table["4H"], table["4C"] = "HC", "CH"
    mine, _, _ = register_foresight(load_backs(table), name="my-foresight")
    assert mine.back_of(parse_card("4S")) == "♦♠"
    assert mine.back_suits(parse_card("4S")) == 0b1010
    game = cardlab.load("hearts", deck="my-foresight")
    assert game.deck is mine
    with pytest.raises(OptionError, match="deck='canasta' is not allowed"):
        cardlab.load("hearts", deck="canasta")


def test_hidden_cards_show_foresight_backs_in_a_neutral_order() -> None:
    match = cardlab.Match("gin_rummy", seed=5, deck="foresight")
    obs = match.state.observation(0)
    other = obs.zone("hand", 1).cards
    assert all(isinstance(b, Back) for b in other)
    designs = [b.design for b in other]
    assert designs == sorted(designs, key=lambda d: (-len(d), d))
    stock = obs.zone("stock").cards
    assert all(b.design == HIDDEN_BACK for b in stock[:-1])
    top = match.state.stock[-1]
    assert stock[-1] == Back(DEFAULT_BACKS.design(CARDS[top]))
