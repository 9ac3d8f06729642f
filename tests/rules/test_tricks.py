"""TrickGame and HoleTrickGame: following, who takes a trick, leading restrictions, holes.

A toy trick game for three seats deals each a few explicit cards (the rest of the pack
stays out of play), seat 0 leads the first trick unless a rule says otherwise, and each
trick won scores a point when the hand is over.  Each test switches on the rule it shows
by subclassing the toy, as a real game sets its class attributes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from cardlab.core.cards import CARDS, parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.core.options import Options, option
from cardlab.core.spec import Game, GameSpec
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.tricks import (
    HEARTS_MASK,
    JOKER,
    QS,
    HoleTrickGame,
    TrickGame,
    sorted_cards,
    winning_play,
)

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


@dataclass(frozen=True)
class ToyOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")
    hand: int = option(3, "cards dealt to each seat", min=1, max=17)


class Toy(TrickGame):
    """Three seats, explicit small hands, seat 0 leads; a point per trick won."""

    __slots__ = ()
    DEAL = DealRule(each_seat(hand=lambda g, v: g.options.hand), pile("rest"))
    PLAY = TrickGame.play_phase()
    TRUMP: ClassVar[int] = -1
    OPEN_LOWEST: ClassVar[bool] = False

    def tricks_per_hand(self) -> int:
        return int(self.options.hand)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.trump = self.TRUMP
        self.phase = self.PLAY
        if not self.OPEN_LOWEST or self.open_lowest(CLUBS) < 0:
            self.lead(0)

    def hand_played(self) -> None:
        for s in range(self.players):
            if self.tricks_won[s]:
                self.award(s, self.tricks_won[s], "tricks")
        self.end_hand("every trick is taken")


def playing(cls: type[Toy], *hands: str, deck: str = "standard") -> Any:
    """A hand of ``cls`` in play, the seats holding ``hands`` (one string per seat)."""
    spec = GameSpec(
        name=f"tricks_{cls.__name__.lower()}",
        title="Trick toy",
        family="test",
        players=(3,),
        summary="",
        state_class=cls,
        options_class=ToyOptions,
        dealer=False,
    )
    size = len(hands[0].split())
    game = Game(spec, 3, {"hand": size, "hands": 1, "deck": deck})
    st = game.new_state()
    st.apply(game.deal(dict(enumerate(hands)), rng=random.Random(1)))
    return st


def play(st: Any, *moves: str) -> None:
    """Play ``moves`` in turn, each by the seat to move."""
    for move in moves:
        st.apply(move, st.to_move[0])


def idx(text: str) -> int:
    return parse_cards(text)[0].index


def legal(st: Any, seat: int) -> set[str]:
    return {str(a) for a in st.legal_actions(seat)}


# ---------------------------------------------------------------- following
def test_a_seat_holding_the_suit_led_must_follow_it() -> None:
    st = playing(Toy, "7H 2C 3C", "9H KS 4C", "5D 6D 8D")
    play(st, "play 7H")
    assert legal(st, 1) == {"play 9H"}
    with pytest.raises(IllegalActionError, match="must follow suit: you hold ♥ in hand"):
        st.apply("play KS", 1)
    assert st.hands[1] == sum(1 << idx(c) for c in ("9H", "KS", "4C"))  # nothing changed


def test_a_seat_void_in_the_suit_led_may_play_any_card() -> None:
    st = playing(Toy, "7H 2C 3C", "9H KS 4C", "5D 6D 8D")
    play(st, "play 7H", "play 9H")
    assert legal(st, 2) == {"play 5D", "play 6D", "play 8D"}


def test_a_card_not_in_hand_is_refused_by_name() -> None:
    st = playing(Toy, "7H 2C 3C", "9H KS 4C", "5D 6D 8D")
    assert st.explain("play 9H", 0) == "you don't hold 9♥ in your hand"
    assert st.explain("play", 0) == "say which card, e.g. 'play QS'"


# ---------------------------------------------------------------- winners
def test_the_best_card_of_the_suit_led_takes_the_trick_and_its_taker_leads_next() -> None:
    st = playing(Toy, "7H 2C 3C", "9H KS 4C", "AD 6D 8D")
    play(st, "play 7H", "play 9H", "play AD")  # the Ace is off suit: it takes nothing
    assert st.tricks_won == [0, 1, 0] and st.to_move == (1,) and st.leader == 1
    assert st.last_trick == (0, (idx("7H"), idx("9H"), idx("AD")))
    assert st.taken[1] == sum(1 << idx(c) for c in ("7H", "9H", "AD"))
    assert st.events[-1].text == "East takes the trick with 9♥"


def test_the_ace_ranks_above_the_king() -> None:
    st = playing(Toy, "KH 2C 3C", "AH 5S 4C", "2H 6D 8D")
    play(st, "play KH", "play AH", "play 2H")
    assert st.leader == 1


def test_with_trumps_the_best_trump_takes_the_trick() -> None:
    class Trumps(Toy):
        __slots__ = ()
        WINNER = "trump"
        TRUMP = SPADES

    st = playing(Trumps, "AH 2C 3C", "9H 4C 5C", "2S 6D 8D")
    play(st, "play AH", "play 9H", "play 2S")  # the smallest trump beats the led Ace
    assert st.leader == 2
    assert winning_play([idx("AH"), idx("3S"), idx("2S")], HEARTS, SPADES) == 1
    assert winning_play([idx("AH"), idx("KD")], HEARTS, SPADES) == 0  # no trump: suit led


def test_by_rank_the_highest_card_wins_whatever_its_suit_and_the_last_of_equals() -> None:
    class ByRank(Toy):
        __slots__ = ()
        WINNER = "rank"

    st = playing(ByRank, "9H 2C 3C", "KS 4C 5C", "9D 6D 8D")
    play(st, "play 9H", "play KS")  # East is void in hearts
    play(st, "play 9D")
    assert st.leader == 1
    assert winning_play([idx("9H"), idx("2S"), idx("9D")], HEARTS, rank_only=True) == 2


# ---------------------------------------------------------------- the end of the hand
def test_the_hand_is_scored_once_the_last_trick_is_taken() -> None:
    st = playing(Toy, "AH KC", "2H 3C", "3H 4D")
    play(st, "play AH", "play 2H", "play 3H")  # North takes it and leads again
    play(st, "play KC", "play 3C", "play 4D")
    assert st.terminal and st.scores == [2, 0, 0]
    assert st.results[-1].summary == "every trick is taken"


# ---------------------------------------------------------------- leading
def test_the_lowest_club_in_any_hand_opens_the_first_trick() -> None:
    class OpensLow(Toy):
        __slots__ = ()
        OPEN_LOWEST = True

    st = playing(OpensLow, "AH 5C 3D", "9H 3C 4D", "KS 6D 8D")  # the 2♣ is out of play
    assert st.to_move == (1,) and legal(st, 1) == {"play 3C"}
    assert st.explain("play 9H", 1) == "the 3♣ must open the first trick"
    assert st.events[-1].text == "East holds the 3♣ and leads"


def test_a_breaking_suit_may_not_be_led_until_it_is_broken() -> None:
    class Breaks(Toy):
        __slots__ = ()
        BREAKS = HEARTS_MASK

    st = playing(Breaks, "AH 2C 9D", "3H 4C 5S", "KH 6S 8S")
    assert legal(st, 0) == {"play 2C", "play 9D"}
    assert st.explain("play AH", 0) == (
        "hearts are not broken yet: lead one only when your hand holds nothing else"
    )
    play(st, "play 2C", "play 4C", "play KH")  # West is void in clubs: hearts break
    assert st.broken and st.events[-2].text == "Hearts are broken"
    assert st.leader == 1 and legal(st, 1) == {"play 3H", "play 5S"}  # now hearts may lead


def test_a_hand_of_nothing_but_the_breaking_suit_may_lead_it() -> None:
    class Breaks(Toy):
        __slots__ = ()
        BREAKS = HEARTS_MASK

    st = playing(Breaks, "AH 2H", "3C 4C", "5C 6C")
    assert legal(st, 0) == {"play AH", "play 2H"}


def test_point_cards_are_barred_from_the_first_trick_while_a_hand_holds_another() -> None:
    class Barred(Toy):
        __slots__ = ()
        FIRST_BAR = HEARTS_MASK | 1 << QS

    st = playing(Barred, "2C 7D 9D", "KH QS 4D", "AH 5H 3S")
    play(st, "play 2C")
    assert legal(st, 1) == {"play 4D"}  # void in clubs, but the bar holds
    assert st.explain("play QS", 1) == (
        "you can't play a point card on the first trick while you hold any other card"
    )
    play(st, "play 4D")
    assert legal(st, 2) == {"play 3S"}
    play(st, "play 3S")
    play(st, "play 7D")  # the second trick: no bar any more
    assert legal(st, 1) == {"play KH", "play QS"}


def test_a_hand_of_nothing_but_barred_cards_may_play_one() -> None:
    class Barred(Toy):
        __slots__ = ()
        FIRST_BAR = HEARTS_MASK

    st = playing(Barred, "2C 7D", "KH 5H", "4C 6S")
    play(st, "play 2C")
    assert legal(st, 1) == {"play KH", "play 5H"}


def test_the_bar_covers_leads_too_when_it_says_so() -> None:
    class BarsLeads(Toy):
        __slots__ = ()
        FIRST_BAR = HEARTS_MASK
        BAR_LEADS = True

    st = playing(BarsLeads, "AH 7D", "KC 5S", "4C 6S")
    assert legal(st, 0) == {"play 7D"}
    assert st.explain("play AH", 0) == (
        "you can't lead a point card to the first trick while your hand holds another card"
    )


# ---------------------------------------------------------------- the Joker, trumping
def test_the_joker_is_the_lowest_trump_and_follows_trumps() -> None:
    class Joker(Toy):
        __slots__ = ()
        WINNER = "trump"
        JOKER_TRUMP = True
        TRUMP = SPADES

    st = playing(Joker, "2S 9D", "AH 5C", "3S 6C")
    st.hands[1] |= 1 << JOKER  # the standard pack has no Joker: East is given one
    play(st, "play 2S")
    assert legal(st, 1) == {"play JK1"}  # void in spades, yet the Joker must follow
    play(st, "play JK1")
    assert st.led == SPADES and st.trick == [idx("2S"), JOKER]
    play(st, "play 3S")
    assert st.leader == 2  # the 3♠ beats the 2♠, which beats the Joker
    assert winning_play([idx("AH"), JOKER], HEARTS, SPADES) == 1  # a trump all the same


def test_a_trump_may_be_played_while_holding_the_suit_led_but_no_third_suit() -> None:
    class AnyTrump(Toy):
        __slots__ = ()
        WINNER = "trump"
        TRUMP_ANYTIME = True
        TRUMP = SPADES

    st = playing(AnyTrump, "AH 2C 3C", "9H 4S 5D", "KS 6D 8D")
    play(st, "play AH")
    assert legal(st, 1) == {"play 9H", "play 4S"}
    assert st.explain("play 5D", 1) == ("must follow suit: you hold ♥ in hand, or play a trump (♠)")
    play(st, "play 4S", "play 6D")
    assert st.leader == 1


# ---------------------------------------------------------------- the hand as shown
def test_cards_are_shown_suit_by_suit_in_trick_order() -> None:
    hand = sum(1 << idx(c) for c in ("AS", "2S", "TC", "3C"))
    assert [c.text for c in sorted_cards(hand)] == ["3♣", "10♣", "2♠", "A♠"]
    assert sorted_cards(1 << JOKER) == (CARDS[JOKER],)


# ---------------------------------------------------------------- hole cards
class Holes(HoleTrickGame, Toy):
    """The toy on the Foresight deck, East with a row of two hole cards: 9♥ then 2♣.

    Their backs: the 9♥'s shows ♦♥, the 2♣'s shows ♣ alone.
    """

    __slots__ = ()

    def on_deal(self, dealt: Any) -> None:
        super().on_deal(dealt)
        self.set_holes([[], [idx("9H"), idx("2C")], []])


def holing(*hands: str) -> Any:
    return playing(Holes, *hands, deck="foresight")


def test_a_hole_card_is_played_by_its_place_in_the_row_and_the_row_closes_up() -> None:
    st = holing("9S AS", "3D 4D", "5D 6D")
    play(st, "play 9S")
    assert legal(st, 1) == {"play 3D", "play 4D", "play hole 1", "play hole 2"}  # void
    play(st, "play hole 1")
    assert st.trick == [idx("9S"), idx("9H")] and st.holes[1] == [idx("2C")]
    assert st.events[-1].text == "East plays 9♥ from the hole"
    assert legal(st, 1) == set()  # and it is West's turn


def test_a_hole_card_may_follow_only_when_its_back_shows_the_suit_led() -> None:
    st = holing("9D AS", "3D 4S", "5D 6D")
    play(st, "play 9D")
    assert legal(st, 1) == {"play 3D", "play hole 1"}  # the 9♥'s back shows ♦
    assert st.explain("play hole 2", 1) == (
        "must follow suit: you hold ♦ in hand, and the back of hole card 2 (♣) does not show ♦"
    )
    assert st.explain("play 4S", 1) == (
        "must follow suit: you hold ♦ in hand (or a hole card whose back shows it)"
    )


def test_a_known_hole_card_named_by_its_face_is_pointed_to_its_place() -> None:
    st = holing("9S AS", "3D 4D", "5D 6D")
    play(st, "play 9S")
    assert st.explain("play 2C", 1) == "you don't hold 2♣ in your hand"  # face unknown
    st.lay_in_hole(1, idx("8C"), known_by=1)  # East lays a card of its own at the end
    assert st.holes[1][-1] == idx("8C")
    assert st.explain("play 8C", 1) == (
        "that is a hole card: play it by its place in the row ('play hole 3')"
    )
    assert st.explain("play hole 4", 1) == (
        "your hole holds 3 cards: 'play hole 1' to 'play hole 3'"
    )
    assert st.explain("play hole x", 1).startswith("say which hole card by its place")
    play(st, "play hole 3")
    assert not st.hole_known[1] >> idx("8C") & 1  # played: nobody holds it face down now
