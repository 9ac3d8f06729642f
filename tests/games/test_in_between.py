"""In-Between scenarios from explicit deals: every rule, option and ruling, and the odds.

An explicit deal is the deck in the order its cards are turned: each turn's two posts,
then its third card when a bet is made.  With four players North deals first, so East
plays first and North last.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import cardlab
from cardlab.core.actions import ActionRange
from cardlab.core.cards import parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.games.in_between import (
    PAIR_ODDS,
    InBetweenBot,
    InBetweenState,
    best_call,
    odds,
    odds_in_view,
)

NORTH, EAST, SOUTH, WEST = range(4)


def start(stock: str, players: int = 4, **options: Any) -> InBetweenState:
    game = cardlab.load("in_between", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(stock, rng=random.Random(1)))
    assert isinstance(st, InBetweenState)
    return st


def refused(st: InBetweenState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), dict(st.pots), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), dict(st.pots), len(st.events)) == before
    return err.value.reason


def lines(st: InBetweenState, seat: int) -> list[tuple[int, str]]:
    return [(ln.points, ln.reason) for ln in st.pending if ln.seat == seat]


# ------------------------------------------------------------------ the deal
def test_everyone_antes_and_the_dealers_left_turns_first() -> None:
    st = start("4C JD")
    assert st.pots["pot"] == 4 and st.balances() == [99, 99, 99, 99]
    assert st.current == EAST and st.phase == "bet"
    obs = st.observation(SOUTH)
    assert obs.zone("posts").faces == parse_cards("4C JD")
    assert obs.zone("posts").label == "East's posts"
    assert [s.chips for s in obs.seats] == [99] * 4 and obs.pots[0].chips == 4
    assert "between 4♣ and J♦" in st.prompt(EAST)


def test_a_third_card_between_the_posts_wins_the_bet_at_even_money() -> None:
    st = start("4C JD 9H")
    st.apply("bet 3")
    assert st.pots["pot"] == 1 and st.balance(EAST) == 102
    assert lines(st, EAST) == [(-1, "ante"), (3, "bet won")]
    third = st.events[-2]
    assert third.kind == "third" and third.facts == {"result": "win", "chips": 3, "pot": 1}
    assert st.current == SOUTH


def test_a_third_card_outside_loses_the_bet_to_the_pot() -> None:
    st = start("4C JD 2S")
    st.apply("bet 4")
    assert st.pots["pot"] == 8 and st.balance(EAST) == 95
    assert lines(st, EAST)[-1] == (-4, "bet lost")


def test_hitting_the_post_is_an_ordinary_loss() -> None:
    st = start("4C JD JS")
    st.apply("bet 2")
    assert st.pots["pot"] == 6 and st.balance(EAST) == 97  # the bet only, not double
    assert lines(st, EAST)[-1] == (-2, "bet lost: hit the post")
    assert st.events[-2].get("result") == "post"
    assert st.observation(0).zone("last").tags == ("", "post", "")


def test_adjacent_posts_cost_the_minimum_bet_and_turn_no_third_card() -> None:
    st = start("7C 8D 3H QS", min_bet=2)
    assert st.current == SOUTH  # East's turn is over: no bet, no third card
    assert st.balance(EAST) == 97 and st.pots["pot"] == 6
    assert lines(st, EAST)[-1] == (-2, "posts of adjacent ranks")
    obs = st.observation(EAST)
    assert obs.zone("posts").faces == parse_cards("3H QS")
    assert obs.zone("last").faces == parse_cards("7C 8D")


def test_a_pair_of_posts_is_paid_twice_the_minimum_bet() -> None:
    st = start("9C 9D 3H QS", min_bet=2, ante=2)
    assert st.current == SOUTH and st.balance(EAST) == 102 and st.pots["pot"] == 4
    assert lines(st, EAST)[-1] == (4, "a pair of posts")


def test_a_pair_payment_never_exceeds_the_pot_and_an_empty_pot_ends_the_game() -> None:
    st = start("9C 9D 3H QS", min_bet=3)  # twice the minimum is 6, the pot holds 4
    assert st.terminal and st.pots["pot"] == 0
    assert lines_of_last_hand(st, EAST)[-1] == (4, "a pair of posts")
    assert st.outcome is not None and st.outcome.winners == (EAST,)
    assert "East has taken the whole pot" in st.outcome.summary


def lines_of_last_hand(st: InBetweenState, seat: int) -> list[tuple[int, str]]:
    return [(ln.points, ln.reason) for ln in st.results[-1].lines if ln.seat == seat]


# ------------------------------------------------------------------ Aces
def test_an_ace_post_is_called_before_anything_else() -> None:
    st = start("AS 2D 9H")
    assert st.phase == "call" and set(st.legal_actions()) == {"ace high", "ace low"}
    assert "call the A♠ high or low first" in refused(st, "bet 1")
    assert "left post, the A♠" in st.prompt(EAST)
    st.apply("ace high")
    assert st.phase == "bet"  # A-2 called high is a wide spread, not adjacent ranks
    st.apply("bet 2")
    assert st.balance(EAST) == 101


def test_an_ace_called_the_other_way_can_make_adjacent_ranks() -> None:
    st = start("AS 2D 9H KC")
    st.apply("ace low")
    assert st.current == SOUTH and lines(st, EAST)[-1] == (-1, "posts of adjacent ranks")


def test_king_and_ace_called_low_spread_from_two_to_queen() -> None:
    st = start("KH AC QS")
    st.apply("ace low")
    st.apply("bet 2")
    assert lines(st, EAST)[-1] == (2, "bet won")


def test_two_aces_called_low_and_high_take_every_two_to_king() -> None:
    st = start("AH AD 2C")
    st.apply("ace low")
    assert "right post, the A♦" in st.prompt(EAST)
    st.apply("ace high")
    st.apply("bet 4")
    assert lines_of_last_hand(st, EAST)[-1] == (4, "bet won") and st.terminal


def test_two_aces_called_alike_are_a_pair() -> None:
    st = start("AH AD 3C 9S")
    st.apply("ace high")
    st.apply("ace high")
    assert lines(st, EAST)[-1] == (2, "a pair of posts") and st.current == SOUTH


def test_a_third_ace_is_never_between_the_posts() -> None:
    st = start("2C KD AS")
    st.apply("bet 1")
    assert lines(st, EAST)[-1] == (-1, "bet lost")
    st = start("AH 9D AS")
    st.apply("ace low")
    st.apply("bet 1")
    assert lines(st, EAST)[-1] == (-1, "bet lost: hit the post")


# ------------------------------------------------------------------ bets
def test_a_bet_is_compulsory_from_the_minimum_to_the_pot() -> None:
    st = start("4C JD 9H", min_bet=2)
    legal = st.legal_actions()
    assert isinstance(legal, ActionRange) and list(legal) == ["bet 2", "bet 3", "bet 4"]
    assert refused(st, "bet 5") == "a bet is 2 to 4 chips, the pot holds 4"
    assert refused(st, "bet 1") == "a bet is 2 to 4 chips, the pot holds 4"
    assert "not a whole number" in refused(st, "bet lots")
    assert "pass" in refused(st, "pass")  # no passing: the phase allows only bets
    assert "take" in refused(st, "take")
    assert "no Ace post" in refused(st, "ace high")


def test_a_pot_holding_less_than_the_minimum_takes_any_bet_up_to_what_it_holds() -> None:
    st = start("4C JD 9H", ante=1, min_bet=10)
    assert list(st.legal_actions()) == ["bet 4"]


def test_a_bet_of_the_whole_pot_that_wins_ends_the_game_at_once() -> None:
    st = start("4C JD 9H")
    st.apply("bet 4")
    assert st.terminal and st.pots["pot"] == 0 and len(st.results) == 1
    assert st.outcome is not None and st.outcome.winners == (EAST,)
    assert st.outcome.summary.startswith("East has taken the whole pot. East wins with 103")
    assert st.events[-2].kind == "hand_over"


def test_balances_may_go_below_zero() -> None:
    st = start("4C JD 2S", starting_chips=2)
    st.apply("bet 4")
    assert st.balance(EAST) == -3 and st.observation(0).seats[EAST].chips == -3


# ------------------------------------------------------------------ deals and the end
def test_the_dealer_plays_last_and_the_deal_passes_left() -> None:
    st = start("7C 8D 7H 8S 7D 8H 7S 8C")  # four adjacent turns: no bet at all
    assert st.results and st.dealer == EAST and st.current == "chance"
    assert [e.seat for e in st.events if e.kind == "posts"] == [EAST, SOUTH, WEST, NORTH]
    game = st.game
    st.apply(game.deal("4C JD 9H", rng=random.Random(2)))
    assert st.current == SOUTH and st.pots["pot"] == 8  # no second ante
    assert st.observation(0).zone("last").cards == ()


def test_ante_each_deal_antes_again() -> None:
    st = start("7C 8D 7H 8S 7D 8H 7S 8C", ante_each_deal=True, ante=2)
    assert st.pots["pot"] == 12
    st.apply(st.game.deal("4C JD 9H", rng=random.Random(2)))
    assert st.pots["pot"] == 20


def test_at_the_deal_cap_the_pot_is_split_evenly_and_the_odd_chips_dropped() -> None:
    # Three players (North, East, West), North dealing: East's posts are adjacent (the pot
    # goes from 3 to 4), West bets 2 and the K♦ falls outside (6), North's posts are
    # adjacent (7): seven chips shared by three.
    st = start("7C 8D 9S 2H KD 7H 8S", players=3, max_rounds=1)
    st.apply("bet 2")
    assert st.terminal and st.pots["pot"] == 0 and st.dropped == 1
    split = next(e for e in st.events if e.kind == "split")
    assert split.facts == {"chips": 2, "dropped": 1}
    assert "2 chips to each player; 1 odd chip dropped" in split.text
    assert lines_of_last_hand(st, EAST)[-1] == (2, "share of the pot")
    assert st.balances() == [100, 100, 99] and sum(st.balances()) + st.dropped == 300


def test_the_highest_balance_wins_and_equal_balances_share() -> None:
    st = start("7C 8D 7H 8S 7D 8H 5S 6C", max_rounds=1, min_bet=3)  # a pot of 16
    assert st.terminal and st.outcome is not None and st.dropped == 0
    assert st.outcome.winners == (0, 1, 2, 3)
    assert "share the win with 100 chips each" in st.outcome.summary
    st = start("4C JD 9H 7C 8D 7H 8S 7D 8H", max_rounds=1)
    st.apply("bet 1")  # East wins 1; the others lose 1 each to adjacent posts
    assert st.outcome is not None and st.outcome.winners == (EAST,)
    assert st.balances() == [99, 101, 99, 99] and st.dropped == 2


# ------------------------------------------------------------------ the pair bet
def test_with_the_pair_bet_a_pair_offers_the_payment_or_a_bet() -> None:
    st = start("9C 9D 3H QS", pair_bet=True, min_bet=1)
    assert st.phase == "pair"
    legal = st.legal_actions()
    assert legal[0] == "take" and "bet 4" in legal and len(legal) == 5
    assert "take 2 chips, or bet 1 to 4 chips on a third Nine" in st.prompt(EAST)
    st.apply("take")
    assert lines(st, EAST)[-1] == (2, "a pair of posts") and st.current == SOUTH


def test_a_won_pair_bet_pays_25_to_1_but_never_more_than_the_pot() -> None:
    st = start("9C 9D 9H", pair_bet=True, ante=50)
    st.apply("bet 3")
    assert lines(st, EAST)[-1] == (3 * PAIR_ODDS, "pair bet won at 25 to 1")
    st = start("9C 9D 9H", pair_bet=True)
    st.apply("bet 1")  # 25 to 1, but the pot holds 4
    assert lines_of_last_hand(st, EAST)[-1] == (4, "pair bet won at 25 to 1") and st.terminal


def test_a_lost_pair_bet_goes_into_the_pot() -> None:
    st = start("9C 9D 5H", pair_bet=True)
    st.apply("bet 2")
    assert lines(st, EAST)[-1] == (-2, "pair bet lost") and st.pots["pot"] == 6


def test_pair_bet_forced_leaves_only_the_bet() -> None:
    st = start("9C 9D 5H", pair_bet=True, pair_bet_forced=True)
    assert "take" not in st.legal_actions()
    assert "must be played for the third card" in refused(st, "take")
    with pytest.raises(OptionError, match="needs pair_bet=True"):
        cardlab.load("in_between", pair_bet_forced=True)


# ------------------------------------------------------------------ options
@pytest.mark.parametrize(
    "bad",
    [{"max_rounds": 0}, {"ante": 0}, {"min_bet": 0}, {"pair_bet": "yes"}, {"first_dealer": 4}],
)
def test_bad_options_are_refused_with_what_is_allowed(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        cardlab.load("in_between", players=4, **bad)


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(OptionError, match="played by 2, 3, 4, 5, 6, 7 or 8 players"):
        cardlab.load("in_between", players=players)


def test_an_explicit_deal_with_a_card_twice_is_refused() -> None:
    game = cardlab.load("in_between")
    with pytest.raises(IllegalActionError, match="dealt twice"):
        game.deal("4C 4C")


# ------------------------------------------------------------------ what each seat sees
def test_the_deck_shows_only_backs_and_the_teacher_sees_it_marked() -> None:
    st = start("4C JD 9H")
    for viewer in (0, 1, "spectator"):
        deck = st.observation(viewer).zone("stock")
        assert len(deck) == 50 and all(isinstance(e, Back) for e in deck.cards)
    teacher = st.observation(None).zone("stock").cards
    assert all(isinstance(e, Peek) for e in teacher)
    assert teacher[-1].card == parse_card("9H")  # the next card to turn lies on top


def test_turned_cards_stay_in_view_for_the_rest_of_the_deal() -> None:
    st = start("4C JD 9H 7C 8D 2S 5H 6C")
    st.apply("bet 1")
    obs = st.observation(NORTH)
    assert obs.zone("used").faces == parse_cards("4C 9H JD")
    assert obs.zone("last").faces == parse_cards("7C 8D")
    assert obs.zone("posts").faces == parse_cards("2S 5H")
    assert obs.value(EAST, "this_deal") == "won 1" and obs.value(SOUTH, "this_deal") == (
        "adjacent, lost 1"
    )


# ------------------------------------------------------------------ odds
def test_the_first_player_has_a_1_in_25_chance_of_a_third_card_to_a_pair() -> None:
    assert odds("7C 7D").win == Fraction(1, PAIR_ODDS)


def test_odds_count_the_unseen_cards() -> None:
    o = odds("4C JD")
    assert (o.win, o.post, o.outside, o.unseen, o.kind) == (
        Fraction(24, 50),
        Fraction(6, 50),
        Fraction(20, 50),
        50,
        "spread",
    )
    assert o.lose == 1 - o.win and o.expected(10) == Fraction(-2, 5)
    later = odds("4C JD", "5H 6H 7H 8H 9H 4S")
    assert (later.win, later.post, later.unseen) == (Fraction(19, 44), Fraction(5, 44), 44)
    assert odds("AS 2D").kind == "spread" and odds("AS 2D").high == 14
    assert odds("AS 2D", calls=("low", None)).kind == "consecutive"
    assert odds("AS AD").win == Fraction(48, 50)
    assert odds("AS AD", calls=("high", "high")).kind == "pair"
    with pytest.raises(ValueError, match="two posts"):
        odds("AS 2D 3C")
    with pytest.raises(ValueError, match="'high' or 'low'"):
        odds("AS 2D", calls=("middle", None))


def test_the_best_call_leaves_the_most_ranks_between() -> None:
    c = parse_card
    assert best_call(c("AS"), c("7D")) == "high" and best_call(c("AS"), c("8D")) == "low"
    assert best_call(c("AS"), c("AD")) == "low" and best_call(c("AS"), c("AD"), "low") == "high"


def engine_result(posts: str, seen: list[str], third: str, calls: list[str]) -> str:
    """What the rules engine makes of ``third`` after ``posts``, with ``seen`` turned
    before (as earlier turns of the deal, each made of adjacent posts)."""
    st = start(" ".join([*seen, *posts.split(), third]), players=8, pair_bet=True)
    for call in calls:
        st.apply(f"ace {call}")
    st.apply("bet 1")
    return str(next(e for e in reversed(st.events) if e.kind == "third").get("result"))


@pytest.mark.parametrize(
    ("posts", "seen", "calls"),
    [
        ("4C JD", [], []),
        ("2H KS", ["7C", "8C", "9D", "TD"], []),
        ("AS 9D", ["9C", "TC"], ["low"]),
        ("QH AC", [], ["high"]),
        ("AH AD", ["2C", "3C"], ["low", "high"]),
        ("6S 6D", ["6C", "7C", "JH", "QH"], []),
    ],
)
def test_the_odds_agree_with_the_rules_engine_card_by_card(
    posts: str, seen: list[str], calls: list[str]
) -> None:
    """Brute force: each unseen card in turn is made the third card of a real deal and the
    engine says whether it wins; the counts must be the odds exactly."""
    turned = set(parse_cards(" ".join([posts, *seen])))
    counts = {"win": 0, "post": 0, "outside": 0}
    unseen = [c for c in cardlab.load("in_between").deck.cards if c not in turned]
    for card in unseen:
        result = engine_result(posts, seen, card.code, calls)
        counts[{"three": "win", "miss": "outside"}.get(result, result)] += 1
    said = iter(calls)  # the calls of the Ace posts, left first
    given = [next(said) if c.rank == 1 else None for c in parse_cards(posts)]
    o = odds(posts, " ".join(seen), (given[0], given[1]))
    n = len(unseen)
    assert (o.win, o.post, o.outside) == tuple(
        Fraction(counts[k], n) for k in ("win", "post", "outside")
    )


def test_odds_in_view_read_the_posts_calls_and_turned_cards() -> None:
    st = start("7C 8D AS 9D 9H")  # East: adjacent; South: A♠ 9♦
    st.apply("ace low")
    obs = st.observation(SOUTH)
    assert odds_in_view(obs) == odds("AS 9D", "7C 8D", ("low", None))


# ------------------------------------------------------------------ the bot
def test_the_bot_calls_for_the_widest_spread_and_bets_by_the_edge() -> None:
    bot = InBetweenBot(EAST)
    st = start("AS 3D 9H")
    assert bot.act(st.observation(EAST)) == "ace high"
    st = start("4C JD 9H")  # 24 of 50 win: less than even, so the minimum
    assert bot.act(st.observation(EAST)) == "bet 1"
    st = start("2C KD 9H", ante=10)  # 40 of 50: edge 3/5 of a pot of 40
    assert bot.act(st.observation(EAST)) == "bet 24"
    st = start("9C 9D 5H", pair_bet=True, ante=25)  # 1 in 25 at 25 to 1 against a sure 2
    assert bot.act(st.observation(EAST)) == "take"


def test_a_whole_game_between_bots_conserves_every_chip() -> None:
    m = cardlab.Match("in_between", seed=4, agents="heuristic", players=6, pair_bet=True)
    m.run()
    st = m.state
    assert isinstance(st, InBetweenState) and st.terminal
    assert sum(st.balances()) + st.pots["pot"] + st.dropped == 600
    assert [sum(r.points[s] for r in st.results) for s in range(6)] == list(st.scores)
