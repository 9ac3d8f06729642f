"""Red Dog scenarios from explicit deals: every rule, house rule and ruling, and the odds.

An explicit deal gives four cards to each seat (seat 0 first), then the deck in the order
its cards are turned as fifth cards.  With four players North deals first, so East plays
first and North last.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

import cardlab
from cardlab.core.actions import ActionRange
from cardlab.core.cards import CARDS, parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.games.red_dog import (
    BEATEN,
    RedDogBot,
    RedDogState,
    beaten_by,
    odds,
    odds_in_view,
    table_odds,
    winning_card,
)

NORTH, EAST, SOUTH, WEST = range(4)
#: Four hands for a four-player table: North, East, South, West.
HANDS = ["2C 3C 4D 5D", "KH 4H 9C 2S", "AS 7D 8D 3H", "QC JC 6S 6H"]


def start(
    stock: str = "", hands: list[str] | None = None, players: int = 4, **options: Any
) -> RedDogState:
    game = cardlab.load("red_dog", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(HANDS if hands is None else hands, stock=stock, rng=random.Random(1)))
    assert isinstance(st, RedDogState)
    return st


def refused(st: RedDogState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), dict(st.pots), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), dict(st.pots), len(st.events)) == before
    return err.value.reason


def lines(st: RedDogState, seat: int) -> list[tuple[int, str]]:
    return [(ln.points, ln.reason) for ln in st.pending if ln.seat == seat]


def hand_of(st: RedDogState, seat: int, viewer: Any) -> tuple[Any, ...]:
    """The seat's four cards as ``viewer`` sees them: those shown, then those held."""
    obs = st.observation(viewer)
    shown = [z for z in obs.zones if z.name == "shown" and z.owner == seat]
    return tuple(c for z in shown for c in z.cards) + obs.zone("hand", seat).cards


# ------------------------------------------------------------------ the deal
def test_everyone_antes_and_the_dealers_left_bets_first() -> None:
    st = start("9H")
    assert st.pots["pot"] == 4 and st.balances() == [99, 99, 99, 99]
    assert st.current == EAST and st.phase == "bet"
    obs = st.observation(EAST)
    assert obs.zone("hand", EAST).faces == parse_cards("9C 4H KH 2S")  # by suit, Aces high
    assert all(isinstance(e, Back) for e in obs.zone("hand", SOUTH).cards)
    assert [s.chips for s in obs.seats] == [99] * 4 and obs.pots[0].chips == 4
    assert "outranks it" in st.prompt(EAST) and "1 to 4 chips" in st.prompt(EAST)
    assert obs.zone("stock").label == "Deck" and len(obs.zone("stock")) == 52 - 16


def test_a_higher_card_of_the_suit_wins_and_only_the_lowest_one_is_shown() -> None:
    st = start("8H")  # East holds K♥ and 4♥: the K♥ beats the 8♥
    st.apply("bet 3")
    assert st.pots["pot"] == 1 and st.balance(EAST) == 102
    assert lines(st, EAST) == [(-1, "ante"), (3, "bet won")]
    south = st.observation(SOUTH)
    assert south.zone("fifth", EAST).faces == parse_cards("8H")
    assert south.zone("shown", EAST).faces == parse_cards("KH")
    assert south.zone("shown", EAST).tags == ("beats it",)
    assert south.zone("shown", EAST).label == "East shows"
    hidden = south.zone("hand", EAST).cards  # the other three stay hidden
    assert len(hidden) == 3 and all(isinstance(e, Back) for e in hidden)
    show = st.events[-1]
    assert show.kind == "show" and show.facts == {"result": "win", "chips": 3, "pot": 1}
    assert show.cards == parse_cards("KH")
    assert st.current == SOUTH


def test_the_lowest_winning_card_is_the_one_shown() -> None:
    st = start("7H", hands=["2C 3C 4D 5D", "KH 9H 8H 2S"])
    st.apply("bet 1")
    assert st.observation(NORTH).zone("shown", EAST).faces == parse_cards("8H")


def test_no_card_of_the_suit_loses_and_shows_the_whole_hand() -> None:
    st = start("5C", hands=["2C 3C 4D 5D", "KH 4H 6D 2S"])
    st.apply("bet 4")
    assert st.pots["pot"] == 8 and st.balance(EAST) == 95
    assert lines(st, EAST)[-1] == (-4, "bet lost")
    west = st.observation(WEST)
    assert set(west.zone("shown", EAST).faces) == set(parse_cards("KH 4H 6D 2S"))
    assert west.zone("shown", EAST).label == "East shows" and west.zone("shown", EAST).tags == (
        ("",) * 4
    )
    assert ("hand", EAST) not in {(z.name, z.owner) for z in west.zones}  # nothing held
    assert st.events[-1].get("result") == "lose"
    assert "no higher club" in st.events[-1].text


def test_only_lower_cards_of_the_suit_lose() -> None:
    st = start("KC", hands=["2C 3C 4D 5D", "QC 4H 9C 2S"])
    st.apply("bet 2")
    assert st.balance(EAST) == 97 and st.events[-1].get("result") == "lose"


def test_aces_are_high_an_ace_beats_a_king_and_a_fifth_ace_always_loses() -> None:
    st = start("KS AH")  # South holds A♠: beats K♠
    st.apply("bet 1")  # East, K♠ fifth: East holds only the 2♠, loses
    assert st.events[-1].get("result") == "lose"
    st = start("2D KS", hands=["2C 3C 4D 5D", "KH 4H 9C 2S", "AS 7D 8D 3H"])
    st.apply("bet 1")  # East: 2♦, no diamond in hand
    st.apply("bet 1")  # South: K♠, the A♠ beats it
    assert st.events[-1].get("result") == "win"
    assert st.observation(NORTH).zone("shown", SOUTH).faces == parse_cards("AS")
    st = start("AH", hands=["2C 3C 4D 5D", "KH QH 9C 2S"])
    st.apply("bet 1")
    assert st.events[-1].get("result") == "lose"
    assert "nothing beats an Ace" in st.events[-1].text


def test_shown_cards_and_fifth_cards_stay_in_view_for_the_rest_of_the_deal() -> None:
    st = start("8H 5C JS")
    st.apply("bet 1")  # East wins with K♥
    st.apply("bet 1")  # South, 5♣: no club, shows all four
    obs = st.observation(WEST)
    assert obs.zone("shown", EAST).faces == parse_cards("KH")
    assert set(obs.zone("shown", SOUTH).faces) == set(parse_cards("AS 7D 8D 3H"))
    assert "shown" not in {z.name for z in obs.zones if z.owner == WEST}  # not played yet
    assert obs.zone("fifth", EAST).faces == parse_cards("8H")
    assert obs.zone("fifth", SOUTH).faces == parse_cards("5C")
    assert obs.value(EAST, "this_deal") == "won 1" and obs.value(SOUTH, "this_deal") == "lost 1"
    # East's three other cards: East sees them, the teacher sees them plainly, nobody else
    assert set(hand_of(st, EAST, EAST)) == set(parse_cards("KH 4H 9C 2S"))
    assert all(isinstance(e, Back) for e in hand_of(st, EAST, NORTH)[1:])
    assert set(hand_of(st, EAST, None)) == set(parse_cards("KH 4H 9C 2S"))


def test_the_deck_shows_only_backs_and_the_teacher_sees_it_marked() -> None:
    st = start("8H 5C")
    for viewer in (0, 1, "spectator"):
        deck = st.observation(viewer).zone("stock")
        assert all(isinstance(e, Back) for e in deck.cards)
    teacher = st.observation(None).zone("stock").cards
    assert all(isinstance(e, Peek) for e in teacher)
    assert teacher[-1].card == parse_card("8H")  # the next fifth card lies on top


def test_a_spectator_sees_no_hand_before_it_is_shown() -> None:
    st = start("8H")
    obs = st.observation("spectator")
    for s in range(4):
        assert all(isinstance(e, Back) for e in obs.zone("hand", s).cards)
    assert not table_odds(obs)


# ------------------------------------------------------------------ bets and the pot
def test_a_bet_is_compulsory_from_the_minimum_to_the_pot() -> None:
    st = start("8H", ante=3)
    legal = st.legal_actions(EAST)
    assert isinstance(legal, ActionRange) and (legal.low, legal.high) == (1, 12)
    assert refused(st, "bet 13") == "a bet is 1 to 12 chips, the pot holds 12"
    assert "say how many chips" in refused(st, "bet")
    assert "not a whole number" in refused(st, "bet lots")
    assert "East" in refused(st, "bet 2", SOUTH)
    assert "bet 0" not in legal
    assert "starts with a zero" in refused(st, "bet 05")  # one spelling per number
    st.apply("bet 5")
    assert st.events[-3].get("chips") == 5


def test_a_pot_holding_less_than_the_minimum_takes_any_bet_up_to_what_it_holds() -> None:
    st = start("8H", min_bet=10)
    legal = st.legal_actions(EAST)
    assert (legal[0], legal[-1]) == ("bet 4", "bet 4")
    assert "4 chips" in st.prompt(EAST)


def test_a_bet_of_the_whole_pot_that_wins_ends_the_game_at_once() -> None:
    st = start("8H")
    st.apply("bet 4")  # East pots it with the K♥
    assert st.terminal and st.pots["pot"] == 0
    assert st.outcome is not None and st.outcome.winners == (EAST,)
    assert "East has taken the whole pot" in st.outcome.summary
    assert st.balance(EAST) == 103


def test_balances_may_go_below_zero() -> None:
    st = start("5C", hands=["2C 3C 4D 5D", "KH 4H 6D 2S"], starting_chips=0, ante=5)
    st.apply("bet 20")
    assert st.balance(EAST) == -25 and st.pots["pot"] == 40


def test_the_dealer_bets_last_and_the_deal_passes_left() -> None:
    st = start("7C 6C 5C 4C")
    for _ in range(3):
        st.apply("bet 1")
    assert st.current == NORTH  # the dealer last
    st.apply("bet 1")
    assert len(st.results) == 1 and st.between_hands and st.dealer == EAST
    assert st.observation(NORTH).zone("fifth", NORTH).faces  # the last deal stays in view
    st.apply(st.sample_chance(random.Random(3)))
    assert st.current == SOUTH and st.events[-1].kind == "deal"
    assert "shuffles and deals hand 2" in st.events[-1].text
    assert st.pots["pot"] == sum(100 - b for b in st.balances())  # no second ante


def test_ante_each_deal_antes_again() -> None:
    st = start("7C 6C 5C 4C", ante_each_deal=True, ante=2)
    for _ in range(4):
        st.apply("bet 1")
    pot = st.pots["pot"]
    st.apply(st.sample_chance(random.Random(3)))
    assert st.pots["pot"] == pot + 8


def test_at_the_deal_cap_the_pot_is_split_evenly_and_the_odd_chips_dropped() -> None:
    hands = ["2C 3C 4D 5D", "2H 4H 9C 2S", "3S 7D 8D 3H", "QC JC 6S 6H"]
    st = start("KH KS KC AD", hands=hands, max_rounds=1, ante=2)
    for _ in range(4):
        st.apply("bet 1")  # nobody holds a higher card: the pot holds 8 + 4 = 12
    assert st.terminal and st.pots["pot"] == 0
    split = next(e for e in st.events if e.kind == "split")
    assert split.facts == {"chips": 3, "dropped": 0}
    assert sum(st.balances()) + st.dropped == 400


def test_the_odd_chips_of_a_split_are_dropped() -> None:
    hands = ["2C 3C 4D 5D", "2H 4H 9C 2S", "3S 7D 8D 3H", "QC JC 6S 6H"]
    st = start("KH KS KC AD", hands=hands, max_rounds=1)
    for b in (1, 1, 1, 2):
        st.apply(f"bet {b}")
    split = next(e for e in st.events if e.kind == "split")  # 4 + 5 = 9: 2 each, 1 dropped
    assert split.facts == {"chips": 2, "dropped": 1} and st.dropped == 1
    assert sum(st.balances()) + st.dropped == 400


# ------------------------------------------------------------------ house rules
def test_face_up_hands_are_seen_by_everyone_from_the_deal() -> None:
    st = start("8H", face_up_hands=True)
    for viewer in (NORTH, SOUTH, "spectator"):
        obs = st.observation(viewer)
        for s in range(4):
            assert set(obs.zone("hand", s).faces) == set(parse_cards(HANDS[s]))
    st.apply("bet 1")  # settled as usual: East shows the K♥
    assert st.events[-1].cards == parse_cards("KH")


def no_shuffle_after_one_deal(**options: Any) -> RedDogState:
    st = start("8H 5C JS TD", no_shuffle=True, **options)
    for _ in range(4):
        st.apply("bet 1")  # East wins (K♥), South loses, West loses, North loses
    return st


def test_without_a_shuffle_the_next_deal_comes_from_the_cards_left() -> None:
    st = no_shuffle_after_one_deal()
    step = st.chance
    assert step is not None and step.kind == "deal" and len(step.cards) == 52 - 20
    used = {c for h in HANDS for c in parse_cards(h)} | set(parse_cards("8H 5C JS TD"))
    assert not used & set(step.cards)
    with pytest.raises(IllegalActionError, match="each of its 32 cards"):
        st.apply("deal " + " ".join(c.code for c in CARDS[:52]))
    st.apply(st.sample_chance(random.Random(5)))
    assert "deals from the 32 cards left" in st.events[-1].text
    assert len(st.observation(EAST).zone("stock")) == 32 - 16
    assert st.observation(EAST).info["left_in_deck"] == 16


def test_cards_out_of_play_show_what_each_seat_has_seen() -> None:
    st = no_shuffle_after_one_deal()
    st.apply(st.sample_chance(random.Random(5)))
    public = parse_cards("8H KH 5C AS 7D 8D 3H JS QC JC 6S 6H TD 2C 3C 4D 5D")
    for viewer in (NORTH, SOUTH, "spectator"):
        out = st.observation(viewer).zone("out")
        assert set(out.faces) == set(public) and len(out) == 20
        assert sum(isinstance(e, Back) for e in out.cards) == 3  # East's hidden three
    east = st.observation(EAST).zone("out")
    assert set(east.faces) == set(public) | set(parse_cards("4H 9C 2S"))
    assert east.tags.count("yours") == 3
    assert set(st.observation(None).zone("out").faces) == set(public) | set(parse_cards("4H 9C 2S"))
    # the odds count every card a seat knows is out of play
    o = odds_in_view(st.observation(EAST))
    mine = st.observation(EAST).zone("hand", EAST).faces
    assert o == odds(mine, [*public, *parse_cards("4H 9C 2S")])


def test_with_fewer_than_five_cards_a_player_left_everything_is_reshuffled() -> None:
    st = no_shuffle_after_one_deal()  # 32 left: the second deal comes from them
    st.apply(st.sample_chance(random.Random(5)))
    for _ in range(4):
        st.apply("bet 1")  # the pot held 6: bets of 1 cannot empty it
    step = st.chance
    assert step is not None and len(step.cards) == 52  # 12 left: fewer than 20
    st.apply(st.sample_chance(random.Random(6)))
    assert "gathers every card, shuffles" in st.events[-1].text
    assert "out" in {z.name for z in st.observation(0).zones}
    assert not st.observation(0).zone("out").cards


# ------------------------------------------------------------------ options
@pytest.mark.parametrize(
    "bad",
    [{"max_rounds": 0}, {"ante": 0}, {"min_bet": 0}, {"no_shuffle": "yes"}, {"first_dealer": 4}],
)
def test_bad_options_are_refused_with_what_is_allowed(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        cardlab.load("red_dog", players=4, **bad)


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(OptionError, match="played by 2, 3, 4, 5, 6, 7 or 8 players"):
        cardlab.load("red_dog", players=players)


def test_an_explicit_deal_with_a_card_twice_is_refused() -> None:
    game = cardlab.load("red_dog", players=4)
    with pytest.raises(IllegalActionError, match="dealt twice"):
        game.deal(["2C 3C 4D 5D", "2C"])


# ------------------------------------------------------------------ odds
def test_odds_count_the_unseen_cards_the_hand_beats() -> None:
    o = odds("KH 4H 9C 2S")  # hearts 2-Q less the 4♥: 10; clubs 2-8: 7; the 2♠ beats none
    assert (o.wins, o.unseen, o.win) == (17, 48, Fraction(17, 48))
    assert o.lose == Fraction(31, 48) and o.expected(48) == -14
    later = odds("KH 4H 9C 2S", "5H 6H 7C AS")
    assert (later.wins, later.unseen) == (14, 44)
    assert odds("AS AH AD AC").win == 1  # every card left is a Two to King
    assert odds("2S 2H 2D 2C").win == 0


def naive_wins(hand: list[Any], fifth: Any) -> bool:
    def v(c: Any) -> int:
        return 14 if c.rank == 1 else c.rank

    return any(c.suit == fifth.suit and v(c) > v(fifth) for c in hand)


def test_the_beaten_table_agrees_with_the_rule_for_every_suit_pattern() -> None:
    spades = CARDS[39:52]
    for m in range(1 << 13):
        held = [spades[i] for i in range(13) if m >> i & 1]
        want = sum(c.bit >> 39 for c in spades if naive_wins(held, c))
        assert BEATEN[m] == want


def test_the_odds_agree_with_brute_force_over_many_hands() -> None:
    rng = random.Random(7)
    deck = list(CARDS[:52])
    for _ in range(300):
        cards = rng.sample(deck, 4 + rng.randrange(20))
        hand, seen = cards[:4], cards[4:]
        unseen = [c for c in deck if c not in cards]
        wins = sum(naive_wins(hand, c) for c in unseen)
        o = odds(hand, seen)
        assert (o.wins, o.unseen) == (wins, len(unseen))
        for c in unseen:
            w = winning_card(sum(h.bit for h in hand), c)
            assert (w is not None) == naive_wins(hand, c)
    assert beaten_by(0) == 0


def test_odds_in_view_agree_with_the_engine_card_by_card() -> None:
    """Brute force: West, third to play, weighs its hand after East and South; each card
    West has not seen is made West's fifth card of a real deal, and the engine says
    whether West wins.  The count must be the odds exactly."""
    st = start("8H 5C")
    st.apply("bet 1")
    st.apply("bet 1")
    obs = st.observation(WEST)
    o = odds_in_view(obs)
    seen = set(obs.zone("hand", WEST).faces)
    for z in obs.zones:
        seen |= set(z.faces)
    wins = 0
    unseen = [c for c in CARDS[:52] if c not in seen]
    for c in unseen:
        # a card West has not seen may lie in North's hand or among East's hidden cards:
        # it changes places with a card no hand holds (never a heart East would have shown)
        hands = [list(parse_cards(h)) for h in HANDS]
        spare = next(
            r
            for r in unseen
            if r != c and all(r not in h for h in hands) and not (r.suit == 2 and 9 <= r.rank <= 12)
        )
        hands = [[spare if x == c else x for x in h] for h in hands]
        world = start(f"8H 5C {c.code}", hands=[" ".join(x.code for x in h) for h in hands])
        world.apply("bet 1")
        world.apply("bet 1")
        world.apply("bet 1")
        wins += world.events[-1].get("result") == "win"
    assert (o.wins, o.unseen) == (wins, len(unseen)) and len(unseen) == 52 - 4 - 7
    assert table_odds(obs) == {"your hand beats its fifth card": float(o.win)}


def test_the_odds_panel_adds_the_gain_of_a_pot_bet_when_the_odds_favour_it() -> None:
    st = start("8H", hands=["2C 3C 4D 5D", "AH AS AD 7C"])
    got = table_odds(st.observation(EAST))
    win = Fraction(41, 48)  # every Two to King of three suits, the Two to Six of clubs
    assert got == {
        "your hand beats its fifth card": float(win),
        "a pot-sized bet gains on average (share of the pot)": float(2 * win - 1),
    }
    st.apply("bet 1")
    assert table_odds(st.observation(EAST)) == {}  # played: nothing left to weigh
    assert table_odds(st.observation(SOUTH))  # South's hand is still to play
    with pytest.raises(ValueError, match="has been played"):
        odds_in_view(st.observation(EAST))
    with pytest.raises(ValueError, match="a seat's own hand"):
        odds_in_view(st.observation("spectator"))


def test_match_odds_use_the_viewers_observation() -> None:
    m = cardlab.Match("red_dog", seed=3, players=4)
    m.deal()
    first = m.state.to_move[0]
    got = m.odds(first)
    assert 0 <= got["your hand beats its fifth card"] <= 1
    assert m.odds("spectator") == {}


# ------------------------------------------------------------------ the bot
def test_the_bot_bets_the_minimum_on_poor_odds_and_the_edge_of_the_pot_on_good() -> None:
    bot = RedDogBot(EAST)
    st = start("8H", ante=10)  # 17 in 48: the minimum
    assert bot.act(st.observation(EAST)) == "bet 1"
    st = start("8H", hands=["2C 3C 4D 5D", "AH AS AD 7C"], ante=10)  # 41 in 48
    # edge 2 * 41/48 - 1 = 17/24 of a pot of 40, rounded up
    assert bot.act(st.observation(EAST)) == "bet 29"
    assert "edge" in bot.explain(st.observation(EAST), bot.act(st.observation(EAST)))


def test_a_whole_game_between_bots_conserves_every_chip() -> None:
    m = cardlab.Match("red_dog", seed=4, agents="heuristic", players=6, no_shuffle=True)
    m.run()
    st = m.state
    assert isinstance(st, RedDogState) and st.terminal
    assert sum(st.balances()) + st.pots["pot"] + st.dropped == 600
    assert [sum(r.points[s] for r in st.results) for s in range(6)] == list(st.scores)


# ------------------------------------------------------------------ worlds
@pytest.mark.parametrize("options", [{}, {"no_shuffle": True}, {"face_up_hands": True}])
def test_sampled_worlds_keep_what_the_seat_sees_and_vary_what_it_does_not(
    options: dict[str, Any],
) -> None:
    st = start("8H 5C JS TD", **options)
    for _ in range(4):
        st.apply("bet 1")
    st.apply(st.sample_chance(random.Random(2)))
    st.apply("bet 1")
    seat = st.to_move[0]
    obs = st.observation(seat)
    game = st.game
    others = set()
    for k in range(20):
        world = RedDogState.sample_world(game, obs, random.Random(k))
        assert world.observation(seat).zones == obs.zones
        other = (seat + 2) % 4
        others.add(frozenset(world.observation(None).zone("hand", other).faces))
    assert (len(others) == 1) == bool(options.get("face_up_hands"))


def test_every_hand_combination_count_matches_the_winning_rule() -> None:
    """A small exhaustive check: all hands of four spades against every fifth spade."""
    spades = CARDS[39:52]
    for hand in combinations(spades, 4):
        mask = sum(c.bit for c in hand)
        for c in spades:
            if c in hand:
                continue
            w = winning_card(mask, c)
            assert (w is not None) == bool(beaten_by(mask) & c.bit)
            if w is not None:
                assert w in hand and naive_wins([w], c)
