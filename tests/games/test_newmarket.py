"""Newmarket scenarios from explicit deals: every rule, option and ruling, and the odds.

Most scenarios use three players, so each hand and the widow hold 13 cards and nobody
gets an extra card.  North deals the first hand, so East starts the first run and the
auction goes East, then West.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

import cardlab
from cardlab.core.actions import ActionRange
from cardlab.core.cards import parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.games.newmarket import (
    NewmarketBot,
    NewmarketState,
    hand_sizes,
    run_chances,
    table_odds,
    widow_chances,
)

NORTH, EAST, WEST = range(3)

# Deal A: a hand with runs that climb through every seat, stops at the dead hand and
# pay cards in every place (A♥ and K♣ with East, Q♦ with North, J♠ in the widow).
A_NORTH = "6C 8C 9C AC 2D 7D 8D QD 3H 8H 9H 5S QS"
A_EAST = "2C 3C TC KC 5D 9D TD 5H 6H JH AH 4S TS"
A_WEST = "4C 5C JC 3D 4D JD AD 2H 7H TH KH 7S KS"
A_WIDOW = "7C QC 6D KD 4H QH 2S 3S 6S 8S 9S JS AS"

# Deal B: the run after East's clubs stops with West, who holds no red card.
B_NORTH = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
B_EAST = "2C 3C 4C 5C 6C 7C 2S 3S 4S 5S 6S 7S 8S"
B_WEST = "8C 9C TC JC QC KC AC 9S TS JS QS KS AS"
B_WIDOW = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"

# Deal C: after the clubs stop at the A♣ nobody holds a red card any more.
C_NORTH = "2S 3S 4S 5S 6S 7S 8S 9C TC JC QC KC AC"
C_EAST = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2C"
C_WEST = "AD 3C 4C 5C 6C 7C 8C 9S TS JS QS KS AS"
C_WIDOW = B_WIDOW


def start(hands: list[str], spare: str, players: int = 3, **options: Any) -> NewmarketState:
    game = cardlab.load("newmarket", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(hands, widow=spare, rng=random.Random(1)))
    assert isinstance(st, NewmarketState)
    return st


def deal_a(**options: Any) -> NewmarketState:
    return start([A_NORTH, A_EAST, A_WEST], A_WIDOW, **options)


def refused(st: NewmarketState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), dict(st.pots), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), dict(st.pots), len(st.events)) == before
    return err.value.reason


def played(st: NewmarketState) -> list[tuple[int | None, str]]:
    return [(e.seat, e.cards[0].code) for e in st.events if e.kind == "play"]


def mask(cards: str) -> int:
    return sum(c.bit for c in parse_cards(cards))


# ------------------------------------------------------------------ the deal
def test_everyone_antes_on_each_pay_card_and_the_dealer_decides_first() -> None:
    st = deal_a()
    assert st.pots == {"AH": 3, "KC": 3, "QD": 3, "JS": 3, "kitty": 0}
    assert st.balances() == [46, 46, 46]
    assert st.current == NORTH and st.phase == "widow"
    assert st.legal_actions() == ("keep", "swap")
    obs = st.observation(EAST)
    assert [p.label for p in obs.pots] == [
        "Ace of hearts",
        "King of clubs",
        "Queen of diamonds",
        "Jack of spades",
    ]
    assert [s.chips for s in obs.seats] == [46, 46, 46]


@pytest.mark.parametrize(("players", "base", "extra"), [(3, 13, 0), (4, 10, 2), (8, 5, 7)])
def test_the_extra_cards_go_to_the_players_nearest_the_dealers_left(
    players: int, base: int, extra: int
) -> None:
    assert hand_sizes(players) == (base, extra)
    game = cardlab.load("newmarket", players=players, first_dealer=1)
    st = game.new_state()
    st.apply(st.sample_chance(random.Random(3)))
    assert isinstance(st, NewmarketState)
    sizes = [h.bit_count() for h in st.hands]
    # seats from the dealer's left: the first `extra` of them hold one card more
    from_left = [sizes[(1 + 1 + k) % players] for k in range(players)]
    assert from_left == [base + 1] * extra + [base] * (players - extra)
    assert st.spare.bit_count() == base


def test_an_explicit_deal_gives_the_extra_cards_from_the_dealers_left() -> None:
    game = cardlab.load("newmarket", players=4)
    st = game.new_state()
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC", "QC KC AC 2D 3D 4D 5D 6D 7D 8D"]
    st.apply(game.deal({0: hands[0], 1: hands[1]}, extra="AS KS", rng=random.Random(2)))
    assert isinstance(st, NewmarketState)
    assert st.hands[0] == mask(hands[0])  # North deals: no extra card
    assert st.hands[1] == mask(hands[1]) | parse_card("AS").bit  # East: the first extra
    assert st.hands[2] >> parse_card("KS").index & 1  # South: the second
    assert [h.bit_count() for h in st.hands] == [10, 11, 11, 10]


def test_an_explicit_deal_with_a_card_twice_is_refused() -> None:
    game = cardlab.load("newmarket", players=3)
    with pytest.raises(IllegalActionError, match="dealt twice"):
        game.deal([A_NORTH, A_NORTH])


# ---------------------------------------------------------------- the widow
def test_the_dealer_may_swap_unseen_and_the_old_hand_is_dead() -> None:
    st = deal_a()
    st.apply("swap")
    assert st.hands[NORTH] == mask(A_WIDOW) and st.spare == mask(A_NORTH)
    assert st.phase == "play" and st.current == EAST
    north = st.observation(NORTH).zone("widow")
    assert set(north.cards) == set(parse_cards(A_NORTH))
    assert north.label == "Dead hand (North's old hand)"
    assert all(isinstance(c, Back) for c in st.observation(EAST).zone("widow").cards)
    teacher = st.observation(None).zone("widow")
    assert not any(isinstance(c, Peek) for c in teacher.cards)  # North knows it


def test_a_dealer_who_keeps_auctions_the_widow_to_the_best_bidder() -> None:
    st = deal_a()
    st.apply("keep")
    assert st.current == EAST and st.phase == "bid"
    legal = st.legal_actions()
    assert isinstance(legal, ActionRange) and (legal.low, legal.high) == (1, 46)
    assert "pass" in legal
    st.apply("bid 3")
    assert refused(st, "bid 3").startswith("a widow bid is whole chips above the last bid")
    st.apply("bid 5")
    assert st.balances() == [51, 46, 41]
    assert st.hands[WEST] == mask(A_WIDOW) and st.spare == mask(A_WEST)
    sold = next(e for e in st.events if e.kind == "sold")
    assert sold.seat == WEST and sold.get("chips") == 5
    west = st.observation(WEST)
    assert set(west.zone("widow").cards) == set(parse_cards(A_WEST))
    assert all(isinstance(c, Back) for c in st.observation(NORTH).zone("widow").cards)
    assert [ln.reason for ln in st.pending if ln.seat == NORTH][-1] == "sold the widow"


def test_nobody_bids_and_the_widow_stays_unseen() -> None:
    st = deal_a()
    st.apply("keep")
    st.apply("pass")
    st.apply("pass")
    assert st.phase == "play" and st.spare == mask(A_WIDOW)
    assert any(e.kind == "unsold" for e in st.events)
    teacher = st.observation(None).zone("widow")
    assert all(isinstance(c, Peek) for c in teacher.cards)  # nobody has seen it
    assert teacher.label == "Widow (unused)"


def test_a_player_who_cannot_beat_the_bid_passes_unasked() -> None:
    st = deal_a(starting_chips=5)  # 1 chip each after the antes
    st.apply("keep")
    st.apply("bid 1")
    # West holds 1 chip and cannot bid 2: the widow is sold to East at once
    assert st.phase == "play"
    forced = [e for e in st.events if e.kind == "pass"]
    assert forced[0].seat == WEST and forced[0].get("forced")
    assert st.hands[EAST] == mask(A_WIDOW)
    assert st.balance(EAST) == 0 and st.balance(NORTH) == 2


def test_a_player_at_zero_chips_cannot_bid_at_all() -> None:
    st = deal_a(starting_chips=4)  # 0 chips after the antes
    st.apply("keep")
    assert st.phase == "play"
    assert [e.seat for e in st.events if e.kind == "pass"] == [EAST, WEST]
    assert any(e.kind == "unsold" for e in st.events)


def test_the_widow_option_dead_skips_the_widow() -> None:
    st = deal_a(widow="dead")
    assert st.phase == "play" and st.current == EAST
    assert refused(st, "swap").startswith("the widow is settled")


# ---------------------------------------------------------------------- play
def test_a_run_starts_with_the_lowest_card_of_a_suit_and_climbs_through_the_holders() -> None:
    st = deal_a()
    st.apply("keep")
    st.apply("pass")
    st.apply("pass")
    assert st.legal_actions() == ("play 2C", "play 5D", "play 5H", "play 4S")
    assert "lowest card you hold of its suit: your lowest club is 2♣" in refused(st, "play 3C")
    assert refused(st, "play 7C") == "you do not hold 7♣"
    st.apply("play 2C")
    assert played(st) == [(EAST, "2C"), (EAST, "3C"), (WEST, "4C"), (WEST, "5C"), (NORTH, "6C")]
    stop = next(e for e in st.events if e.kind == "stop")
    assert stop.seat == NORTH and stop.get("reason") == "dead" and stop.cards[0].code == "6C"
    # North played the stopping card and must switch to a red suit
    assert st.current == NORTH and st.legal_actions() == ("play 2D", "play 3H")
    assert "switch colour: start a red suit" in refused(st, "play 8C")
    assert st.observation(NORTH).info["next_run"] == "red suit"


def test_a_stop_at_the_dead_hand_gives_the_lead_back_and_pay_cards_pay_at_once() -> None:
    st = deal_a()
    for a in ("keep", "pass", "pass", "play 2C", "play 3H"):
        st.apply(a)
    # 4♥ is dead: North starts again, now in black
    assert st.current == NORTH and st.legal_actions() == ("play 8C", "play 5S")
    st.apply("play 8C")
    assert played(st)[-4:] == [(NORTH, "8C"), (NORTH, "9C"), (EAST, "TC"), (WEST, "JC")]
    assert st.current == WEST and st.legal_actions() == ("play 3D", "play 2H")
    st.apply("play 3D")  # 3♦ 4♦ West, 5♦ East, 6♦ dead
    assert st.current == EAST and st.legal_actions() == ("play KC", "play 4S")
    st.apply("play KC")  # K♣ is a pay card; A♣ North tops the suit
    pay = next(e for e in st.events if e.kind == "pay")
    assert pay.seat == EAST and pay.get("chips") == 3 and st.pots["KC"] == 0
    assert st.balance(EAST) == 49
    stop = [e for e in st.events if e.kind == "stop"][-1]
    assert stop.get("reason") == "ace" and stop.seat == NORTH
    assert st.observation(EAST).value(EAST, "pay cards") == "K♣"


def test_the_switch_passes_left_to_a_player_holding_the_other_colour() -> None:
    st = start([B_NORTH, B_EAST, B_WEST], B_WIDOW)
    st.apply("keep")
    st.apply("pass")
    st.apply("pass")
    assert st.legal_actions() == ("play 2C", "play 2S")
    st.apply("play 2C")
    # East's clubs, then West's to the A♣; West holds no red card, so North starts red
    # with the diamonds (the only run North can start) and plays them all out
    stop = next(e for e in st.events if e.kind == "stop")
    assert stop.seat == WEST and stop.get("void") == (WEST,) and stop.get("colour") == "red"
    assert "West holds no red card; North starts a red run" in stop.text
    lead = [e for e in st.events if e.kind == "play" and e.get("lead")][-1]
    assert lead.seat == NORTH and lead.get("forced") and lead.cards[0].code == "2D"
    out = next(e for e in st.events if e.kind == "out")
    assert out.seat == NORTH and out.get("chips") == 13  # East 7 spades, West 6
    assert st.results[0].summary.startswith("North goes out")
    north = [(ln.reason, ln.points) for ln in st.results[0].lines if ln.seat == NORTH]
    assert ("played the Q♦", 3) in north
    assert sum(p for r, p in north if r == "a chip per card left") == 13
    # West took the K♣ on the way
    assert st.balances() == [46 + 3 + 13, 46 - 7, 46 + 3 - 6]


def test_when_nobody_holds_the_other_colour_the_stopper_starts_any_suit() -> None:
    st = start([C_NORTH, C_EAST, C_WEST], C_WIDOW)
    for a in ("keep", "pass", "pass", "play 2D"):
        st.apply(a)
    assert st.current == WEST and st.legal_actions() == ("play 3C", "play 9S")
    st.apply("play 3C")
    stops = [e for e in st.events if e.kind == "stop"]
    assert stops[-1].seat == NORTH and stops[-1].get("any")
    assert "nobody holds a red card" in stops[-1].text.lower()
    # North's only run is its spades, 2♠ to 8♠, and that empties North's hand
    out = next(e for e in st.events if e.kind == "out")
    assert out.seat == NORTH and out.get("left") == (0, 1, 6)


def test_going_out_ends_the_deal_and_chips_on_unplayed_pay_cards_stay() -> None:
    st = start([B_NORTH, B_EAST, B_WEST], B_WIDOW, deals=2)
    for a in ("keep", "pass", "pass", "play 2C"):
        st.apply(a)
    # A♥ lies in the widow and J♠ stays with West: their pots stay for the next deal
    assert st.between_hands and st.pots["AH"] == 3 and st.pots["JS"] == 3
    assert st.dealer == EAST
    st.apply(st.sample_chance(random.Random(0)))
    assert st.pots["AH"] == 6 and st.pots["KC"] == 3


def test_the_game_lasts_two_deals_per_player_and_leftover_chips_count_for_nobody() -> None:
    game = cardlab.load("newmarket", players=3)
    st = game.new_state()
    assert isinstance(st, NewmarketState) and st.deals == 6
    rng = random.Random(5)
    while not st.terminal:
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
        else:
            st.apply(st.legal_actions()[0])
    assert len(st.results) == 6 and st.on_table() == 0
    assert sum(st.balances()) + st.dropped == 150
    removed = [e for e in st.events if e.kind == "removed"]
    assert (removed[0].get("chips") if removed else 0) == st.dropped
    best = max(st.balances())
    assert st.winners() == tuple(s for s, b in enumerate(st.balances()) if b == best)


def test_kitty_and_dealer_double() -> None:
    st = start([B_NORTH, B_EAST, B_WEST], B_WIDOW, kitty=True, dealer_double=True)
    assert st.pots == {"AH": 4, "KC": 4, "QD": 4, "JS": 4, "kitty": 3}
    assert st.balances() == [50 - 9, 50 - 5, 50 - 5]
    assert [p.name for p in st.observation(EAST).pots][-1] == "kitty"
    for a in ("keep", "pass", "pass", "play 2C"):
        st.apply(a)
    assert st.pots["kitty"] == 0
    kitty = next(e for e in st.events if e.kind == "kitty")
    assert kitty.seat == NORTH and kitty.get("chips") == 3


def test_without_the_kitty_it_is_not_shown() -> None:
    st = deal_a()
    assert "kitty" not in [p.name for p in st.observation(EAST).pots]


# ---------------------------------------------------------------- refusals
def test_actions_out_of_turn_or_phase_are_refused_with_the_rule() -> None:
    st = deal_a()
    assert "dealer first keeps" in refused(st, "bid 2")
    assert "play starts once the widow is settled" in refused(st, "play 6C")
    assert "not East's turn" in refused(st, "keep", EAST)
    st.apply("keep")
    assert "'abc' is not a whole number" in refused(st, "bid abc")
    assert "only the dealer keeps or swaps" in refused(st, "swap")
    assert "up to your balance" in refused(st, "bid 47")


@pytest.mark.parametrize(
    "bad",
    [{"widow": "open"}, {"starting_chips": -1}, {"ante": 0}, {"deals": 0}, {"kitty": "yes"}],
)
def test_bad_options_are_refused_with_what_is_allowed(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        cardlab.load("newmarket", **bad)


@pytest.mark.parametrize("players", [2, 9])
def test_three_to_eight_players(players: int) -> None:
    with pytest.raises(OptionError, match="3"):
        cardlab.load("newmarket", players=players)


# ------------------------------------------------------------- what shows
def test_each_seat_sees_its_own_hand_and_every_card_played() -> None:
    st = deal_a()
    for a in ("keep", "pass", "pass", "play 2C"):
        st.apply(a)
    obs = st.observation(WEST)
    assert set(obs.my_hand) == set(parse_cards(A_WEST)) - set(parse_cards("4C 5C"))
    assert all(isinstance(c, Back) for c in obs.hand_of(EAST).cards)
    assert obs.zone("run_clubs").faces == parse_cards("2C 3C 4C 5C 6C")
    assert obs.zone("run_clubs").tags[-1] == "last"
    assert all(isinstance(c, Back) for c in obs.zone("widow").cards)
    assert obs.value(EAST, "cards") == 11
    spectator = st.observation("spectator")
    assert all(isinstance(c, Back) for z in spectator.zones if z.name == "hand" for c in z.cards)


# ---------------------------------------------------------------------- odds
def test_widow_chances_count_the_unseen_cards() -> None:
    st = deal_a()
    odds = widow_chances(st.observation(EAST))  # East holds A♥ and K♣
    assert odds["widow holds the Queen of diamonds"] == pytest.approx(13 / 39)
    assert odds["widow holds the Jack of spades"] == pytest.approx(13 / 39)
    both = 1 - comb(37, 13) / comb(39, 13)
    assert odds["widow holds at least one of them"] == pytest.approx(both)
    assert table_odds(st.observation(EAST)) == odds
    assert table_odds(st.observation("spectator")) == {}


def test_run_chances_use_the_cards_a_stop_showed_dead() -> None:
    st = deal_a()
    for a in ("keep", "pass", "pass", "play 2C"):
        st.apply(a)
    odds = run_chances(st.observation(NORTH))
    # unseen: 52 - North's 12 - 5 played - 7♣ (dead) = 34; 12 dead places unknown
    assert odds == {
        "2♦ run comes back to you": pytest.approx(12 / 34),
        "3♥ run comes back to you": pytest.approx(12 / 34),
    }


def test_a_run_ending_at_an_ace_always_comes_back() -> None:
    st = start([C_NORTH, C_EAST, C_WEST], C_WIDOW)
    for a in ("keep", "pass", "pass", "play 2D"):
        st.apply(a)
    # West: 9♠ to A♠ is one block that tops the suit; after 8♣ comes North's 9♣ (unseen)
    odds = run_chances(st.observation(WEST))
    assert odds == {
        "3♣ run comes back to you": pytest.approx(13 / 27),
        "9♠ run comes back to you": 1.0,
    }


def test_the_odds_agree_with_counting_over_worlds() -> None:
    """Averaged over many sampled worlds, the widow holds a pay card as often as counted."""
    st = deal_a()
    obs = st.observation(EAST)
    rng = random.Random(7)
    hits = 0
    tries = 400
    qd = parse_card("QD").bit
    for _ in range(tries):
        w = NewmarketState.sample_world(st.game, obs, rng)
        hits += bool(w.spare & qd)
    assert abs(hits / tries - 1 / 3) < 0.08


# ------------------------------------------------------------------ worlds
def test_a_sampled_world_keeps_the_cards_a_stop_showed_dead_in_the_dead_hand() -> None:
    st = deal_a()
    for a in ("keep", "pass", "pass", "play 2C"):
        st.apply(a)
    obs = st.observation(EAST)
    for seed in range(10):
        w = NewmarketState.sample_world(st.game, obs, random.Random(seed))
        assert w.spare >> parse_card("7C").index & 1
        assert w.observation(EAST).zones == obs.zones


# ---------------------------------------------------------------------- bot
def test_the_bot_swaps_a_weak_hand_and_keeps_a_strong_one() -> None:
    st = deal_a()
    bot = NewmarketBot(NORTH)
    assert bot.act(st.observation(NORTH)) == "keep"  # North holds Q♦ and A♣
    weak = start(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2D 3D 4D",
            "QC KC AC 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ],
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    assert bot.act(weak.observation(NORTH)) == "swap"


def test_the_bot_prefers_the_run_that_comes_back() -> None:
    st = deal_a()
    for a in ("keep", "pass", "pass"):
        st.apply(a)
    choice = NewmarketBot(EAST).act(st.observation(EAST))
    assert choice in st.legal_actions()


def test_a_whole_game_between_bots_conserves_every_chip() -> None:
    game = cardlab.load("newmarket", players=5, kitty=True)
    st = game.new_state()
    bots = [NewmarketBot(s, 1) for s in range(5)]
    rng = random.Random(11)
    while not st.terminal:
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
            continue
        seat = st.to_move[0]
        st.apply(bots[seat].act(st.observation(seat)), seat)
        assert sum(st.balances()) + st.on_table() + st.dropped == 250
    assert len(st.results) == 10
