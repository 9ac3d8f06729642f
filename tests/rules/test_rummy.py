"""KnockRummy: draw, discard, knock or go gin, lay-offs, undercuts and the void hand.

A toy knock rummy for two seats uses the component's defaults (draw from the stock or
take the upcard, knock with at most 10 deadwood, gin for none, 25 for gin and 10 for an
undercut).  North deals, so South plays first.  Every hand is dealt from explicit cards;
the stock is listed from its top.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cardlab.core.cards import parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.core.options import DealerOptions, option
from cardlab.core.spec import Game, GameSpec
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.rummy import KnockRummy, attach_layoffs, best_melds

NORTH, SOUTH = 0, 1
# South: a run of spades and three sevens; 2♦ 3♣ K♣ loose (15 deadwood).
SOUTH_HAND = "AS 2S 3S 4S 7H 7D 7C 2D 3C KC"
# North: a run of hearts; 5♠ and 7♠ fit South's melds, four pictures and 9♣ do not.
NORTH_HAND = "5S 7S 8H 9H TH JH KD KH QS 9C"


@dataclass(frozen=True)
class ToyOptions(DealerOptions):
    target: int = option(100, "the game ends when a total reaches this", min=1, max=500)
    around_the_corner: bool = option(False, "runs may turn the corner (K-A-2)")


class Toy(KnockRummy):
    """Two seats, ten cards each, an upcard and the stock."""

    __slots__ = ()
    DEAL = DealRule(each_seat(hand=10), pile("upcard", 1), pile("stock"))


class SideCards(Toy):
    """Draws from the stock, the upcard or two face-down side cards refilled from the stock;
    a knock's discard goes face down."""

    __slots__ = ()
    DEAL = DealRule(each_seat(hand=10), pile("left", 1), pile("right", 1), pile("upcard", 1),
                    pile("stock"))  # fmt: skip
    DRAWS = ("stock", "upcard", "left", "right")
    KNOCK_FACE_DOWN = True


def dealing(
    north: str = NORTH_HAND,
    south: str = SOUTH_HAND,
    upcard: str = "QH",
    stock: str = "AC",
    cls: type[Toy] = Toy,
    **options: Any,
) -> Any:
    spec = GameSpec(
        name=f"rummy_{cls.__name__.lower()}",
        title="Knock rummy toy",
        family="test",
        players=(2,),
        summary="",
        state_class=cls,
        options_class=ToyOptions,
    )
    game = Game(spec, 2, {"hands": 1, **options})
    st = game.new_state()
    st.apply(game.deal([north, south], upcard=upcard, stock=stock.split()))
    return st


def mask(cards: str) -> int:
    return sum(1 << c.index for c in parse_cards(cards))


def texts(st: Any, kind: str) -> list[str]:
    return [e.text for e in st.events if e.kind == kind]


# ---------------------------------------------------------------- a turn
def test_a_turn_is_a_draw_then_a_discard() -> None:
    st = dealing()
    assert st.to_move == (SOUTH,) and st.phase == "draw"
    assert [str(a) for a in st.legal_actions(SOUTH)] == ["draw stock", "draw upcard"]
    assert st.explain("discard KC", SOUTH) == "you must draw first (from the stock or the upcard)"
    st.apply("draw stock", SOUTH)
    assert st.hands[SOUTH] >> parse_cards("AC")[0].index & 1 and st.phase == "discard"
    assert st.explain("draw stock", SOUTH) == (
        "you have already drawn this turn; now discard, knock or go gin"
    )
    st.apply("discard 2D", SOUTH)
    assert st.to_move == (NORTH,) and st.pile[-1] == parse_cards("2D")[0].index
    assert "draw upcard" in [str(a) for a in st.legal_actions(NORTH)]  # the 2♦ now


def test_a_card_drawn_face_down_is_known_to_the_drawer_alone() -> None:
    st = dealing()
    st.apply("draw stock", SOUTH)
    drawn = st.events[-1]
    assert drawn.text == "South draws the top of the stock"
    assert drawn.secret == "South draws A♣, the top of the stock"
    assert drawn.audience == (SOUTH,) and drawn.cards == ()


def test_the_upcard_just_taken_may_not_go_straight_back() -> None:
    st = dealing()
    st.apply("draw upcard", SOUTH)
    assert st.events[-1].text == "South takes the Q♥ upcard"
    assert "discard QH" not in [str(a) for a in st.legal_actions(SOUTH)]
    assert st.explain("discard QH", SOUTH) == "you can't discard the upcard you just took"
    with pytest.raises(IllegalActionError, match="not even to knock"):
        st.apply("knock QH", SOUTH)


def test_a_discard_names_one_card_of_the_hand() -> None:
    st = dealing()
    st.apply("draw stock", SOUTH)
    assert st.explain("discard 9C", SOUTH) == "you don't hold 9♣"
    assert st.explain("discard", SOUTH) == "name one card from your hand, e.g. 'discard AC'"


# ---------------------------------------------------------------- knocking
def test_a_knock_needs_ten_or_less_deadwood_after_the_discard() -> None:
    st = dealing()
    st.apply("draw stock", SOUTH)  # A♣: the loose cards are A♣ 2♦ 3♣ K♣
    knocks = [str(a) for a in st.legal_actions(SOUTH) if a.verb == "knock"]
    assert knocks == ["knock KC"]  # 6 left; any other discard keeps the K♣
    assert st.explain("knock 3C", SOUTH) == (
        "you can knock only with 10 or less deadwood after discarding; discarding 3♣ leaves 13"
    )


def test_after_a_knock_the_defender_lays_off_and_the_lower_deadwood_scores_the_difference() -> None:
    st = dealing()
    st.apply("draw stock", SOUTH)
    st.apply("knock KC", SOUTH)
    assert texts(st, "knock") == ["South discards K♣ and knocks with 6 deadwood"]
    assert texts(st, "layoff") == [
        "North lays off 5♠ on South's A♠ 2♠ 3♠ 4♠",
        "North lays off 7♠ on South's 7♣ 7♦ 7♥",
    ]
    rv = st.reveal
    assert rv.points == (39, 6)  # North keeps K♦ K♥ Q♠ 9♣
    assert st.terminal and st.scores == [0, 33]
    assert st.results[-1].summary == "South knocks with 6 against 39 and scores 33"


def test_a_defender_with_as_little_deadwood_undercuts_and_takes_a_bonus() -> None:
    st = dealing(north="5S 6H 6D 6C 8H 9H TH JH 2H AD")  # 2♥ A♦ left after the 5♠ lay-off
    st.apply("draw stock", SOUTH)
    st.apply("knock KC", SOUTH)
    assert st.reveal.points == (3, 6)
    assert st.scores == [13, 0]  # (6 − 3) + 10
    assert [line.reason for line in st.results[-1].lines] == [
        "undercut: 6 − 3 deadwood",
        "undercut bonus",
    ]


def test_gin_is_a_knock_with_no_deadwood_and_allows_no_lay_offs() -> None:
    st = dealing(south="AS 2S 3S 4S 7H 7D 7C 9D TD JD", stock="KC")
    st.apply("draw stock", SOUTH)
    assert st.explain("knock KC", SOUTH) == (
        "discarding K♣ leaves no deadwood: that is gin ('gin KC')"
    )
    assert st.explain("gin 9D", SOUTH) == (
        "gin needs 0 deadwood after the discard; discarding 9♦ leaves 30"  # 10♦ J♦ K♣
    )
    st.apply("gin KC", SOUTH)
    assert texts(st, "layoff") == []  # the 5♠ and 7♠ stay in North's deadwood
    assert st.reveal.points == (51, 0)
    assert st.scores == [0, 76]  # 51 + 25
    assert [line.reason for line in st.results[-1].lines] == ["gin: 51 − 0 deadwood", "gin bonus"]


def test_lay_offs_go_on_the_meld_they_extend_a_chain_on_the_run() -> None:
    run, sevens = mask("AS 2S 3S 4S"), mask("7H 7D 7C")
    assert attach_layoffs([run, sevens], mask("5S 7S")) == [
        (run, mask("5S")),
        (sevens, mask("7S")),
    ]
    # 5♠ 6♠ 7♠ extend the run one after another: the 7♠ goes with them, not on the sevens
    assert attach_layoffs([run, sevens], mask("5S 6S 7S")) == [(run, mask("5S 6S 7S"))]


# ---------------------------------------------------------------- the end of a hand, a game
def test_a_hand_is_void_when_too_few_face_down_cards_are_left() -> None:
    st = dealing()
    while not st.terminal:
        seat = st.to_move[0]
        st.apply("draw stock", seat)
        st.apply(f"discard {st.events[-1].hidden[0].code}", seat)  # the card just drawn
    assert len(st.stock) == 2 and st.scores == [0, 0]
    assert st.results[-1].summary == "The hand is void: only 2 cards are left to draw"
    assert st.knockers == [-1]


def test_the_first_to_reach_the_target_wins() -> None:
    st = dealing(hands=None, target=30)
    st.apply("draw stock", SOUTH)
    st.apply("knock KC", SOUTH)
    assert st.terminal and st.outcome.winners == (SOUTH,)
    assert st.outcome.summary == "South wins, the first to reach 30"


# ---------------------------------------------------------------- side cards, a hidden knock
def test_a_side_card_taken_is_replaced_from_the_stock() -> None:
    st = dealing(cls=SideCards, stock="AC 5D 6D")
    left, right = st.side
    assert [str(a) for a in st.legal_actions(SOUTH)] == [
        "draw stock",
        "draw upcard",
        "draw left",
        "draw right",
    ]
    st.apply("draw left", SOUTH)
    assert st.hands[SOUTH] >> left & 1
    assert st.side == [parse_cards("AC")[0].index, right]
    assert st.events[-1].text == "South draws the left face-down card"


def test_a_knock_discard_may_go_face_down() -> None:
    st = dealing(cls=SideCards)
    st.apply("draw stock", SOUTH)
    st.apply("knock KC", SOUTH)
    said = st.events[[e.kind for e in st.events].index("knock")]
    assert said.text == "South knocks with 6 deadwood, discarding a card face down"
    assert said.secret == "South knocks with 6 deadwood, discarding K♣ face down"
    assert said.audience == (SOUTH,)
    assert st.pile == [parse_cards("QH")[0].index]  # not on the discard pile


# ---------------------------------------------------------------- arranging a hand
def test_best_melds_leaves_the_least_deadwood() -> None:
    assert str(best_melds("AS 2S 3S 7D 7C 7H KC")) == "7♣ 7♦ 7♥ | A♠ 2♠ 3♠; deadwood K♣ (10)"
    # the 7♠ fits the run or the sevens: it joins the sevens, so both stay melds
    assert str(best_melds("4S 5S 6S 7S 7H 7D")) == "4♠ 5♠ 6♠ | 7♦ 7♥ 7♠; deadwood none (0)"
    assert best_melds("KS AS 2S").points == 13  # the corner is not turned by default
    assert best_melds("KS AS 2S", around=True).points == 0
