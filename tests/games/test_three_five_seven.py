"""3-5-7 scenarios from explicit deals: every rule, option and ruling, and the odds.

An explicit deal gives the three-card hands seat by seat, then the stock in dealing order:
at the five- and seven-card stages each seat, from the dealer's left, takes the next two
cards.  With three players North deals first, so the stock goes East, West, North.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back
from cardlab.games.three_five_seven import (
    FOLD,
    STAGE_RANKINGS,
    STAY,
    ThreeFiveSevenBot,
    ThreeFiveSevenState,
    save_strength_data,
    stay_odds,
    stay_value,
    strength,
    strength_counts,
    table_odds,
)
from cardlab.odds import showdown_chance
from cardlab.rules import poker

NORTH, EAST, WEST = range(3)


def start(
    hands: list[str], stock: str = "", players: int = 3, **options: Any
) -> ThreeFiveSevenState:
    game = cardlab.load("three_five_seven", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(hands=hands, stock=stock, rng=random.Random(1)))
    assert isinstance(st, ThreeFiveSevenState)
    return st


def choose(st: ThreeFiveSevenState, *words: str) -> None:
    """Every seat's choice, seat by seat."""
    for seat, word in enumerate(words):
        st.apply(word, seat)


def refused(st: ThreeFiveSevenState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), dict(st.pots), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), dict(st.pots), len(st.events)) == before
    return err.value.reason


def last(st: ThreeFiveSevenState, kind: str) -> Any:
    return next(e for e in reversed(st.events) if e.kind == kind)


# ------------------------------------------------------------------ the deal
def test_everyone_antes_once_and_decides_at_once_with_threes_wild() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    assert st.pots["pot"] == 3 and st.balances() == [99, 99, 99]
    assert st.current == "simultaneous" and st.to_move == (NORTH, EAST, WEST)
    assert st.phase == "declare" and st.legal_actions(EAST) == (STAY, FOLD)
    obs = st.observation(WEST)
    assert obs.info["stage"] == "3 cards, Threes wild" and obs.info["ranking"]["wild"] == 3
    hand = obs.zone("hand", WEST)
    assert set(hand.faces) == set(parse_cards("3C 9H 9S"))
    assert hand.tags[hand.cards.index(parse_cards("3C")[0])] == "wild"
    assert hand.label == "West: three of a kind, nines"
    assert all(isinstance(c, Back) for c in obs.zone("hand", NORTH).cards)
    assert "Stay or fold with three of a kind, nines" in obs.prompt
    assert "you pay 3 chips" in obs.prompt


def test_a_choice_stays_secret_until_everyone_has_chosen() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    st.apply("stay", EAST)
    assert st.to_move == (NORTH, WEST)
    assert st.observation(EAST).info["your_choice"] == "stay"
    other = st.observation(NORTH)
    assert "your_choice" not in other.info
    assert other.seats[EAST].values["choice"] == "decided"
    assert other.seats[WEST].values["choice"] == "deciding"
    seen = [e.text_for(NORTH) for e in other.history if e.kind == "decide"]
    assert seen == ["East has decided"]
    assert "stay" not in " ".join(seen)
    mine = [e.text_for(EAST) for e in st.observation(EAST).history if e.kind == "decide"]
    assert mine == ["East decides to stay (secretly)"]


def test_refusals_name_the_rule_and_change_nothing() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    st.apply("stay", EAST)
    assert "already decided" in refused(st, "fold", EAST)
    assert "'stay' or 'fold'" in refused(st, "bet 3", NORTH)
    assert "several seats" in refused(st, "stay")
    with pytest.raises(OptionError):
        cardlab.load("three_five_seven", players=8)
    with pytest.raises(OptionError):
        cardlab.load("three_five_seven", max_cycles=0)


# ------------------------------------------------------------------ showdowns
def test_showdown_losers_pay_the_pots_worth_and_the_pot_stays() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    choose(st, "stay", "stay", "stay")
    # West's wild three makes three nines: the best three-card hand here
    assert st.balances() == [96, 96, 105]
    assert st.pots["pot"] == 3
    ev = last(st, "showdown")
    assert ev.get("winners") == (WEST,) and ev.get("losers") == (NORTH, EAST)
    assert ev.get("paid") == 3 and ev.get("chips") == 6
    assert ev.text == "West wins the showdown: North and East each pay 3 chips"
    lines = [(ln.seat, ln.points) for ln in st.pending if "showdown" in ln.reason]
    assert lines == [(NORTH, -3), (EAST, -3), (WEST, 6)]


def test_only_the_stayers_see_the_hands_shown() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    choose(st, "fold", "stay", "stay")
    east = st.observation(EAST)
    shown = east.zone("shown", WEST)
    assert shown.faces == parse_cards("9H 9S 3C")
    assert shown.label == "West showed: three of a kind, nines"
    # the cards stay in West's hand, face down there; the row beside it keeps them in view
    assert east.zone("hand", WEST).faces == ()
    north = st.observation(NORTH)
    assert not [z for z in north.zones if z.name == "shown"]
    assert north.zone("hand", WEST).faces == () and north.zone("hand", EAST).faces == ()
    spectator = st.observation("spectator")
    assert all(not spectator.zone("hand", s).faces for s in range(3))
    assert not [z for z in spectator.zones if z.name == "shown"]
    teacher = st.observation(None)
    assert teacher.zone("shown", EAST).label == "East showed: pair of queens"
    shows = [e for e in st.events if e.kind == "show"]
    assert [e.seat for e in shows] == [EAST, WEST] and shows[0].audience == (EAST, WEST)
    assert "9♥" not in shows[1].text_for(NORTH) and "9♥" in shows[1].text_for(EAST)
    assert "three of a kind" not in last(st, "showdown").text_for(NORTH)
    assert st.observation(NORTH).seats[NORTH].values["last stage"] == "folded"
    assert st.balances() == [99, 96, 102]


def test_the_three_card_stage_has_no_straights_or_flushes() -> None:
    # a suited run is only ace high; the low pair beats it
    st = start(["QH KH AH", "2C 2D 4S", "5C 8D JS"])
    choose(st, "stay", "stay", "fold")
    assert last(st, "showdown").get("winners") == (EAST,)


def test_with_three_card_straights_the_suited_run_wins() -> None:
    st = start(["QH KH AH", "2C 2D 4S", "5C 8D JS"], three_card_straights=True)
    choose(st, "stay", "stay", "fold")
    assert last(st, "showdown").get("winners") == (NORTH,)


def test_three_wilds_are_three_aces_at_the_first_stage() -> None:
    st = start(["3H 3D 3S", "KC KD KS", "5C 8D JS"])
    choose(st, "stay", "stay", "fold")
    assert last(st, "showdown").get("winners") == (NORTH,)
    shown = [e.text_for(EAST) for e in st.events if e.kind == "show"]
    assert shown[0] == "North shows 3♦ 3♥ 3♠: three of a kind, aces"


def test_a_tie_shares_the_payment_and_the_odd_chip_goes_into_the_pot() -> None:
    st = start(["KC KD 4S", "KH KS 4C", "2C 7D 9S"])
    choose(st, "stay", "stay", "stay")
    # the pot holds 3: West pays 3, shared 1 each, 1 odd chip into the pot
    assert st.balances() == [100, 100, 96]
    assert st.pots["pot"] == 4
    ev = last(st, "showdown")
    assert ev.get("winners") == (NORTH, EAST) and ev.get("chips") == 1
    assert "1 odd chip into the pot" in ev.text


def test_when_everyone_who_stayed_ties_nobody_pays() -> None:
    st = start(["KC KD 4S", "KH KS 4C", "2C 7D 9S"])
    choose(st, "stay", "stay", "fold")
    assert st.balances() == [99, 99, 99]
    assert last(st, "showdown").text == "North and East tie for the best hand: nobody pays"


# ------------------------------------------------------------------ strikes
def test_a_lone_stayer_takes_a_strike_and_nothing_is_paid() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"])
    choose(st, "fold", "stay", "fold")
    assert st.strikes == [0, 1, 0] and st.balances() == [99, 99, 99]
    ev = last(st, "strike")
    assert ev.seat == EAST and ev.get("strikes") == 1
    assert st.observation(NORTH).seats[EAST].values["strikes"] == 1
    # the lone stayer shows nothing
    assert not any(e.kind == "show" for e in st.events)


def test_with_strike_pays_everyone_else_adds_an_ante() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], strike_pays=True, ante=2)
    choose(st, "fold", "stay", "fold")
    assert st.pots["pot"] == 10 and st.balances() == [96, 98, 96]
    assert last(st, "strike_pays").get("pot") == 10


def test_nobody_staying_moves_nothing_and_the_next_stage_comes() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], stock="2C 2D 6H 6D JC JD")
    choose(st, "fold", "fold", "fold")
    assert last(st, "nobody").text == "Nobody stays in: nothing is paid"
    assert st.balances() == [99, 99, 99] and st.strikes == [0, 0, 0]
    assert st.stage == 1 and st.to_move == (NORTH, EAST, WEST)


def test_three_strikes_take_the_pot_and_end_the_game() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], strike_pays=True)
    choose(st, "fold", "stay", "fold")
    choose(st, "fold", "stay", "fold")
    assert st.strikes == [0, 2, 0] and st.pots["pot"] == 7
    choose(st, "fold", "stay", "fold")
    assert st.terminal and st.strikes[EAST] == 3
    assert st.balances() == [96, 108, 96] and st.pots["pot"] == 0
    assert st.winners() == (EAST,)
    assert "East has three strikes and takes the pot of 9 chips" in st.outcome.summary


def test_the_striker_takes_the_pot_but_the_highest_balance_wins() -> None:
    st = start(["3C 3D 3S", "2H 7D 9S", "4C 6D 8S"])
    choose(st, "stay", "stay", "fold")  # North wins 3 from East
    assert st.balances() == [102, 96, 99]
    choose(st, "fold", "fold", "stay")
    choose(st, "fold", "fold", "stay")
    st.apply(st.game.deal(rng=random.Random(3)))
    choose(st, "fold", "fold", "stay")
    assert st.terminal and st.balances() == [102, 96, 102]
    assert st.winners() == (NORTH, WEST)


# ------------------------------------------------------------------ later stages
def test_two_more_cards_each_from_the_dealers_left_and_fives_wild() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], stock="2C 2D 6H 6D JC JD")
    choose(st, "fold", "fold", "fold")
    assert st.hands[EAST] & poker.hand_mask("2C 2D") == poker.hand_mask("2C 2D")
    assert st.hands[WEST] & poker.hand_mask("6H 6D") == poker.hand_mask("6H 6D")
    assert st.hands[NORTH] & poker.hand_mask("JC JD") == poker.hand_mask("JC JD")
    obs = st.observation(WEST)
    assert obs.info["stage"] == "5 cards, Fives wild"
    assert obs.zone("hand", WEST).label == "West: full house, nines over sixes"
    received = [e.text_for(WEST) for e in obs.history if e.kind == "cards" and e.seat == WEST]
    assert received[-1] == "West gets 6♦ 6♥"
    assert [e.text_for(NORTH) for e in obs.history if e.kind == "cards" and e.seat == WEST][
        -1
    ] == "West gets 2 cards"


def test_straights_count_from_five_cards() -> None:
    st = start(["9S TD 8C", "QH QD 2S", "6C 7H 8S"], stock="KC KD 2H AC JC QC")
    choose(st, "fold", "fold", "fold")
    # East: Q Q K K 2 (two pair); West: 6 7 8 2 A (high card); North 8 9 10 J Q: a straight
    choose(st, "stay", "stay", "stay")
    assert last(st, "showdown").get("winners") == (NORTH,)


def test_the_seven_card_stage_plays_the_best_five_with_sevens_wild() -> None:
    st = start(["7S KD KC", "9H TH JH", "2C 2D 4S"], stock="2H 8D QH KH AS 3D KS 4D 5C 6D 8H 9D")
    choose(st, "fold", "fold", "fold")
    choose(st, "fold", "fold", "fold")
    assert st.hands[NORTH] == poker.hand_mask("7S KD KC AS 3D 8H 9D")
    obs = st.observation(NORTH)
    assert obs.info["stage"] == "7 cards, Sevens wild"
    # the wild Seven joins the Kings
    assert obs.zone("hand", NORTH).label == "North: three of a kind, kings"
    choose(st, "stay", "stay", "fold")
    assert last(st, "showdown").get("winners") == (NORTH,)
    assert st.between_hands
    assert len(st.results) == 1 and st.dealer == EAST


def test_five_of_a_kind_beats_a_straight_flush() -> None:
    ev = poker.evaluator(7, 7)
    five = ev.value(poker.hand_mask("7S 7H 7D KC KD KH 2S"))
    flush = ev.value(poker.hand_mask("9H TH JH QH KH 2C 3D"))
    assert five > flush and poker.describe(five) == "five of a kind, kings"


def test_a_cycle_ends_after_sevens_and_the_deck_is_shuffled_again() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"])
    for _ in range(3):
        choose(st, "fold", "fold", "fold")
    assert st.current == "chance" and st.chance is not None and st.chance.kind == "deal"
    assert st.dealer == EAST
    assert st.results[-1].summary == "The pot holds 3 chips; no strikes yet"
    st.apply(st.sample_chance(random.Random(5)))
    assert st.stage == 0 and all(h.bit_count() == 3 for h in st.hands)
    assert st.pots["pot"] == 3, "the ante is paid once, at the start"


# ------------------------------------------------------------------ the cap
def test_at_the_cycle_cap_the_most_strikes_share_the_pot() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], max_cycles=1, strike_pays=True)
    choose(st, "fold", "stay", "fold")  # East: strike, pot 5
    choose(st, "fold", "fold", "stay")  # West: strike, pot 7
    choose(st, "fold", "fold", "fold")
    assert st.terminal and st.pots["pot"] == 0
    # 7 shared by East and West: 3 each, 1 dropped
    assert st.balances() == [97, 101, 101] and st.dropped == 1
    split = last(st, "split")
    assert split.get("seats") == (EAST, WEST) and split.get("dropped") == 1
    assert st.winners() == (EAST, WEST)


def test_at_the_cap_with_no_strikes_everyone_shares() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "5C 9H 9S"], max_cycles=1)
    for _ in range(3):
        choose(st, "fold", "fold", "fold")
    assert st.terminal and st.balances() == [100, 100, 100]
    assert "every player (nobody has a strike)" in last(st, "split").text


# ------------------------------------------------------------------ odds and bot
def test_stay_odds_are_exact_counts_of_the_unseen_cards() -> None:
    c = stay_odds("3S KH KD")
    assert c.total == 18_424 and c.win > 0.97
    assert c == showdown_chance("3S KH KD", 3, straights_and_flushes=False)
    seen = stay_odds("AS KD 4C", "QH QD 2S")
    assert seen.total == 15_180
    assert stay_value(c, 10) == Fraction(c.wins - c.losses, c.total) * 10
    with pytest.raises(ValueError, match="3, 5 or 7"):
        stay_odds("AS KD")


def test_the_odds_panel_reads_only_the_observation() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    got = table_odds(st.observation(NORTH))
    want = stay_odds("AS KD 4C")
    assert got == {
        "beats one random hand": want.win,
        "ties it": want.tie,
        "loses to it": want.lose,
    }
    assert table_odds(st.observation("spectator")) == {}
    assert st.game.spec.odds is table_odds
    # what a stayer saw at a showdown is not dealt to the one random hand
    choose(st, "stay", "stay", "fold")
    seen = table_odds(st.observation(NORTH))
    mine = st.hands[NORTH]
    assert seen["beats one random hand"] == stay_odds(mine, "QH QD 2S").win


def test_the_bot_stays_with_strength_and_folds_weakness() -> None:
    st = start(["3S KH KD", "2C 5D 9S", "4C 6D 8S"])
    assert ThreeFiveSevenBot(NORTH, 1).act(st.observation(NORTH)) == STAY
    assert ThreeFiveSevenBot(EAST, 1).act(st.observation(EAST)) == FOLD
    ev = poker.evaluator(3, 3, straights_and_flushes=False)
    assert strength(ev.value(poker.hand_mask("3S KH KD")), 3, False) > 0.95


def test_the_shipped_strength_counts_are_the_exact_counts(tmp_path: Path) -> None:
    """The bot reads every stage's hand counts from package data (so its first decision
    waits for no counting); they must be what counting gives, every ranking included."""
    from cardlab.games.three_five_seven import _shipped_counts

    shipped = _shipped_counts()
    assert set(shipped) == set(STAGE_RANKINGS)
    for size, sf in STAGE_RANKINGS:
        counts = strength_counts(size, sf)
        assert shipped[(size, sf)] == counts, (
            "stale: save_strength_data() writes cardlab/data/three_five_seven_strength.csv.gz"
        )
        assert sum(counts.values()) == math.comb(52, size)
    written = save_strength_data(tmp_path / "again.csv.gz")
    shipped_file = Path(cardlab.__file__).parent / "data" / "three_five_seven_strength.csv.gz"
    assert written.read_bytes() == shipped_file.read_bytes()


def test_sampled_worlds_keep_the_hands_seen_at_a_showdown() -> None:
    st = start(["AS KD 4C", "QH QD 2S", "3C 9H 9S"])
    choose(st, "stay", "stay", "fold")
    st.apply("stay", WEST)
    obs = st.observation(NORTH)
    for seed in range(5):
        world = ThreeFiveSevenState.sample_world(st.game, obs, random.Random(seed))
        assert world.hands[EAST] & poker.hand_mask("QH QD 2S") == poker.hand_mask("QH QD 2S")
        got = world.observation(NORTH)
        assert got.zones == obs.zones and got.to_move == obs.to_move
