"""Turncoat scenarios from explicit deals: every rule, option and ruling, and the odds.

A deal gives the identity cards seat by seat (then those set aside), the hands, and the
deck from its top down.  With four players the identity deck is three 10s and the joker;
in most scenarios East holds the joker.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back
from cardlab.games.turncoat import (
    NOBODY,
    MissionSeen,
    PlayModel,
    TurncoatBot,
    TurncoatState,
    mission_likelihood,
    mission_total,
    turncoat_odds,
    turncoat_odds_by_mission,
)

NORTH, EAST, SOUTH, WEST = range(4)
HANDS = ["9H 8H 2C 3C QS", "KH 5D 6D 7D 4S", "7H AS 2S 3S 4C", "5H 6C 7C 8C 9C"]


def start(
    deck: str = "",
    hands: list[str] | None = None,
    identity: str = "TS JK1 TH TD",
    players: int = 4,
    **options: Any,
) -> TurncoatState:
    game = cardlab.load("turncoat", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(identity=identity, hands=hands or HANDS, deck=deck, rng=random.Random(1)))
    assert isinstance(st, TurncoatState)
    return st


def refused(st: TurncoatState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def give(st: TurncoatState, *cards: str) -> None:
    """Every seat gives one card, in seat order."""
    for s, c in enumerate(cards):
        st.apply(f"give {c}", s)


# ------------------------------------------------------------------ the deal
def test_identity_deck_by_table_size() -> None:
    two = start(identity="TS JK1 TH", players=2, hands=HANDS[:2])
    assert two.identity == [parse_card("TS").index, parse_card("JK1").index]
    assert two.set_aside == [parse_card("TH").index] and two.turncoat == 1
    nobody = start(identity="TS TH JK1", players=2, hands=HANDS[:2])
    assert nobody.turncoat == -1
    three = start(identity="TS TH TD JK1", players=3, hands=HANDS[:3])
    assert three.turncoat == -1 and len(three.set_aside) == 1
    four = start()
    assert four.turncoat == EAST and four.set_aside == []
    with pytest.raises(IllegalActionError, match="10♦ is out of play with 2 players"):
        cardlab.load("turncoat", players=2).deal(identity="TS TD JK1")


def test_each_seat_sees_only_its_own_identity_and_hand() -> None:
    st = start("6H 3H")
    east = st.observation(EAST)
    assert east.zone("identity", EAST).faces == (parse_card("JK1"),)
    assert east.info["role"] == "turncoat"
    north = st.observation(NORTH)
    assert north.info["role"] == "team"
    assert isinstance(north.zone("identity", EAST).cards[0], Back)
    assert north.zone("hand", EAST).faces == ()
    assert "role" not in st.observation("spectator").info
    assert len(st.observation(NORTH).zone("deck")) == 48 - 20 - 2


# ------------------------------------------------------------------ missions
def test_the_leader_draws_two_number_cards_spies_going_to_the_discard() -> None:
    st = start("JC 6H QD 3H")
    assert st.current == NORTH and st.phase == "choose"
    assert [a for a in st.legal_actions(NORTH) if a.verb == "mission"] == [
        "mission 3H",
        "mission 6H",
    ]
    assert st.discard == [parse_card("JC").index, parse_card("QD").index]
    offers = [e for e in st.observation(SOUTH).history if e.kind == "offer"]
    assert [e.get("spy") for e in offers] == [True, False, True, False]
    assert all(not e.hidden for e in offers)  # South sees no face
    mine = [e for e in st.observation(NORTH).history if e.kind == "offer"]
    assert [c.code for e in mine for c in e.hidden] == ["JC", "6H", "QD", "3H"]
    assert st.observation(SOUTH).zone("offer", NORTH).faces == ()
    assert st.observation(NORTH).zone("offer", NORTH).faces == parse_cards("3H 6H")


def test_the_mission_is_public_and_the_other_card_is_discarded_face_down() -> None:
    st = start("6H 3H")
    assert "keep one of the two cards" in refused(st, "mission 9H", NORTH)
    st.apply("mission 6H", NORTH)
    south = st.observation(SOUTH)
    assert south.zone("mission").faces == (parse_card("6H"),)
    assert south.info["mission"] == "6♥: reach 6 in ♥"
    assert st.discard == [parse_card("3H").index]
    assert st.phase == "give" and st.to_move == (0, 1, 2, 3)
    said = [e for e in st.events if e.kind == "mission"][-1]
    assert "3♥" not in said.text_for(SOUTH) and "3♥" in said.text_for(NORTH)


def test_gifts_are_secret_and_shown_sorted_without_givers() -> None:
    st = start("6H 3H 2D")
    st.apply("mission 6H", NORTH)
    st.apply("give 9H", NORTH)
    assert "not North's turn" in refused(st, "give 8H", NORTH)  # a gift is final
    assert "don't hold" in refused(st, "give 7H", EAST)
    south = st.observation(SOUTH)
    assert south.zone("given", NORTH).cards == ()
    assert south.value(NORTH, "gave") == "yes" and south.value(EAST, "gave") == "not yet"
    assert st.observation(NORTH).zone("given", NORTH).faces == (parse_card("9H"),)
    st.apply("give 4S", EAST)
    st.apply("give 7H", SOUTH)
    st.apply("give 5H", WEST)
    reveal = next(e for e in st.events if e.kind == "reveal")
    assert reveal.cards == parse_cards("2D 5H 7H 9H 4S")  # by suit and rank: no giver told
    assert reveal.get("total") == 5 + 7 + 9 - 2 - 4 and reveal.get("success")
    assert st.succeeded == 1 and st.failed == 0


def test_mission_total_suits_add_others_subtract_and_spies_fail() -> None:
    six = parse_card("6H")
    assert mission_total(six, parse_cards("2D 5H 7H 9H 4S")) == (15, 0)
    assert mission_total(six, parse_cards("KH 9H 9S")) == (0, 1)
    assert mission_total(parse_card("AS"), parse_cards("AS")) == (1, 0)


@pytest.mark.parametrize(
    ("gifts", "extra", "ok"),
    [
        (("9H", "4S", "7H", "5H"), "2D", True),  # 15 against 6
        (("2C", "5D", "AS", "5H"), "2D", False),  # 5 - 2 - 5 - 1 - 2 = -5
        (("8H", "5D", "2S", "5H"), "2D", True),  # 8 + 5 - 5 - 2 - 2 = 4: short?
    ],
)
def test_success_needs_the_mission_value(gifts: tuple[str, ...], extra: str, ok: bool) -> None:
    st = start(f"4H 3H {extra}")
    st.apply("mission 4H", NORTH)
    give(st, *gifts)
    reveal = next(e for e in st.events if e.kind == "reveal")
    assert reveal.get("success") is (reveal.get("total") >= 4)
    assert reveal.get("success") is ok


def test_exactly_the_value_succeeds() -> None:
    # mission 6♥: 9 + 7 - 2 - 4 - 4 = 6
    st = start("6H 3H 4D", hands=["9H 8H 2C 3C QS", "KH 5D 6D 7D 4S", "7H AS 2S 3S 4C", "2D"])
    st.apply("mission 6H", NORTH)
    give(st, "9H", "4S", "7H", "2D")
    reveal = next(e for e in st.events if e.kind == "reveal")
    assert reveal.get("total") == 6 and reveal.get("success")


def test_any_spy_fails_the_mission_even_from_the_deck() -> None:
    st = start("6H 3H 2D")
    st.apply("mission 6H", NORTH)
    give(st, "9H", "KH", "7H", "5H")
    assert st.failed == 1 and "a spy" in next(e for e in st.events if e.kind == "reveal").text
    deck_spy = start("6H 3H JD")
    deck_spy.apply("mission 6H", NORTH)
    give(deck_spy, "9H", "4S", "7H", "5H")
    assert deck_spy.failed == 1


def test_deck_card_number_option_turns_up_spies_until_a_number() -> None:
    st = start("6H 3H JD QC 2D", deck_card="number")
    st.apply("mission 6H", NORTH)
    give(st, "9H", "4S", "7H", "5H")
    aside = [e for e in st.events if e.kind == "set_aside"]
    assert [e.cards for e in aside] == [parse_cards("JD"), parse_cards("QC")]
    assert st.succeeded == 1
    assert parse_card("JD").index in st.discard


def test_everyone_draws_back_to_five_from_the_leader_and_the_next_seat_leads() -> None:
    st = start("6H 3H 2D AC AD AH 2H 5S 8S")
    st.apply("mission 6H", NORTH)
    give(st, "9H", "4S", "7H", "5H")
    draws = [e for e in st.events if e.kind == "draw"]
    assert [(e.seat, e.hidden) for e in draws] == [
        (NORTH, parse_cards("AC")),
        (EAST, parse_cards("AD")),
        (SOUTH, parse_cards("AH")),
        (WEST, parse_cards("2H")),
    ]
    assert all(st.hands[s].bit_count() == 5 for s in range(4))
    assert st.current == EAST and st.phase == "choose"
    assert st.observation(EAST).zone("offer", EAST).faces == parse_cards("5S 8S")
    last = st.observation(WEST).zone("last_mission")
    assert last.faces[0] == parse_card("6H") and last.label == "last mission: success"


def test_first_dealer_leads_the_first_mission() -> None:
    st = start("6H 3H", first_dealer=2)
    assert st.current == SOUTH


def test_an_empty_deck_is_refilled_by_reshuffling_the_discards() -> None:
    st = start("JC 6H 3H 2D")
    st.deck = st.deck[-4:]  # the rest of the deck is gone: four cards are left
    st.apply("mission 6H", NORTH)
    give(st, "9H", "4S", "7H", "5H")
    # the draws empty the deck after three cards: a reshuffle is due
    assert st.current == "chance" and st.chance is not None and st.chance.kind == "shuffle"
    assert len(st.chance.cards) == 1 + 1 + 1 + 5  # spy, turned-down card, mission, five shown
    st.apply(st.sample_chance(random.Random(3)))
    kinds = [e.kind for e in st.events]
    at = kinds.index("reshuffle")
    assert kinds[at - 3 : at + 2] == ["draw", "draw", "draw", "reshuffle", "draw"]
    assert all(st.hands[s].bit_count() == 5 for s in range(4))
    assert st.current == EAST


# ------------------------------------------------------------------ the end
WIN = ("9H", "4S", "7H", "5H")  # 6♥ reached: 9 + 7 + 5 - 4 - 2
LOSE = ("9H", "KH", "7H", "5H")  # a spy


def test_five_successes_win_for_the_team() -> None:
    st = start("6H 3H 2D")
    st.succeeded = 4
    st.apply("mission 6H", NORTH)
    give(st, *WIN)
    assert st.terminal and st.winners() == (NORTH, SOUTH, WEST)
    assert [st.utility(s) for s in range(4)] == [1.0, 0.0, 1.0, 1.0]
    assert st.scores == [1, 0, 1, 1]
    assert st.outcome is not None and "East was the turncoat" in st.outcome.summary
    assert st.observation(NORTH).zone("identity", EAST).faces == (parse_card("JK1"),)


def test_five_failures_win_for_the_turncoat() -> None:
    st = start("6H 3H 2D")
    st.failed = 4
    st.apply("mission 6H", NORTH)
    give(st, *LOSE)
    assert st.failed == 5 and st.terminal and st.winners() == (EAST,)
    assert st.outcome is not None and st.outcome.summary.endswith("East wins as the turncoat")


def test_with_no_turncoat_five_failures_mean_everybody_loses() -> None:
    st = start("6H 3H 2D", identity="TS TH TD JK1", players=3, hands=HANDS[:3])
    st.failed = 4
    st.apply("mission 6H", NORTH)
    give(st, *LOSE[:3])
    assert st.terminal and st.winners() == () and st.outcome is not None
    assert st.outcome.summary.endswith("Everybody loses")
    assert "nobody was the turncoat" in st.outcome.summary
    assert cardlab.load("turncoat").spec.may_end_without_winner


def test_targets_are_options() -> None:
    st = start("6H 3H 2D", successes=1)
    st.apply("mission 6H", NORTH)
    give(st, *WIN)
    assert st.terminal and st.winners() == (NORTH, SOUTH, WEST)
    st = start("6H 3H 2D", failures=1)
    st.apply("mission 6H", NORTH)
    give(st, *LOSE)
    assert st.terminal and st.winners() == (EAST,)
    with pytest.raises(OptionError):
        cardlab.load("turncoat", successes=0)
    with pytest.raises(OptionError):
        cardlab.load("turncoat", deck_card="spy")


# ------------------------------------------------------------------ accusing
def test_a_right_accusation_wins_for_the_team() -> None:
    st = start("6H 3H")
    assert "accuse east" in st.legal_actions(NORTH)
    st.apply("accuse east", NORTH)
    assert st.terminal and st.winners() == (NORTH, SOUTH, WEST)


def test_a_wrong_accusation_wins_for_the_turncoat() -> None:
    st = start("6H 3H")
    st.apply("mission 6H", NORTH)
    st.apply("accuse west", SOUTH)  # at South's decision: the gift
    assert st.terminal and st.winners() == (EAST,)


def test_the_turncoat_may_not_accuse_and_nobody_can_tell() -> None:
    st = start("6H 3H")
    st.apply("mission 6H", NORTH)
    assert not any(a.verb == "accuse" for a in st.legal_actions(EAST))
    assert "you are the turncoat" in refused(st, "accuse north", EAST)
    assert "nobody may accuse themselves" in refused(st, "accuse north", NORTH)
    # what others see of East's menu is the same as of anyone's: nothing
    assert st.observation(NORTH).seats[EAST] == st.observation(SOUTH).seats[EAST]


def test_accusing_with_no_turncoat_means_everybody_loses() -> None:
    st = start(identity="TS TH JK1", players=2, hands=HANDS[:2])
    st.apply("accuse south", NORTH)
    assert st.terminal and st.winners() == ()


def test_accusations_may_be_switched_off() -> None:
    st = start("6H 3H", accusations=False)
    assert not any(a.verb == "accuse" for a in st.legal_actions(NORTH))
    assert "not played" in refused(st, "accuse east", NORTH)


# ------------------------------------------------------------------ the odds
def test_the_prior_follows_the_identity_deck() -> None:
    st = start("6H 3H")
    odds = turncoat_odds(st.observation(NORTH))
    assert odds == {EAST: pytest.approx(1 / 3), SOUTH: pytest.approx(1 / 3), WEST: 1 / 3, NOBODY: 0}
    assert turncoat_odds(st.observation(EAST)) == {EAST: 1.0}
    three = start(identity="TS TH TD JK1", players=3, hands=HANDS[:3])
    assert turncoat_odds(three.observation(NORTH))[NOBODY] == pytest.approx(1 / 3)
    two = start(identity="TS TH JK1", players=2, hands=HANDS[:2])
    assert turncoat_odds(two.observation(NORTH)) == {SOUTH - 1: 0.5, NOBODY: 0.5}


def test_a_mission_likelihood_sums_over_who_gave_what() -> None:
    # two players: North gave 9♥; the deck and South gave 5♥ and K♥ (a spy)
    seen = MissionSeen(parse_card("6H"), parse_cards("5H 9H KH"), parse_card("9H"), False)
    m = PlayModel(loyal_suit=0.6, loyal_spy=0.0, turncoat_spy=0.5, turncoat_suit=0.1)
    deck_suit, deck_spy = 9 / 48, 12 / 48
    # South the turncoat: South 5♥ and deck K♥, or South K♥ and deck 5♥
    assert mission_likelihood(seen, 2, 0, 1, m) == pytest.approx(0.1 * deck_spy + 0.5 * deck_suit)
    # nobody: a loyal South never gives a spy, so the deck gave it
    assert mission_likelihood(seen, 2, 0, NOBODY, m) == pytest.approx(0.6 * deck_spy)


def test_odds_update_mission_by_mission_and_a_spy_points_at_the_turncoat() -> None:
    st = start("6H 3H 2D AC AD AH 2H 5S 8S")
    st.apply("mission 6H", NORTH)
    give(st, "9H", "KH", "7H", "5H")
    by = turncoat_odds_by_mission(st.observation(NORTH))
    assert len(by) == 2 and by[0][EAST] == pytest.approx(1 / 3)
    assert sum(by[1].values()) == pytest.approx(1)
    # loyal players give the mission's suit: South's and West's hearts clear them a little
    # less than a spy blames one of three; all three stay equal from North's side
    assert by[1][EAST] == pytest.approx(by[1][SOUTH])


def test_odds_frame() -> None:
    pytest.importorskip("pandas")
    from cardlab.games.turncoat import odds_frame

    st = start("6H 3H 2D AC AD AH 2H 5S 8S")
    st.apply("mission 6H", NORTH)
    give(st, "9H", "KH", "7H", "5H")
    frame = odds_frame(st.observation(NORTH))
    assert set(frame["who"]) == {"East", "South", "West", "nobody"}
    assert frame.groupby("mission")["chance"].sum().round(9).tolist() == [1.0, 1.0]


# ------------------------------------------------------------------ the bot
def test_the_bot_gives_the_suit_as_loyal_and_a_spy_as_turncoat() -> None:
    st = start("6H 3H")
    st.apply("mission 6H", NORTH)
    assert TurncoatBot(NORTH, 1).act(st.observation(NORTH)) == "give 9H"
    assert TurncoatBot(WEST, 1).act(st.observation(WEST)) == "give 5H"
    assert TurncoatBot(SOUTH, 1).act(st.observation(SOUTH)) == "give 7H"
    east = TurncoatBot(EAST, 1).act(st.observation(EAST))
    assert east in ("give KH", "give 7D")


def test_the_bot_keeps_the_easier_mission() -> None:
    st = start("9S 3H")
    assert TurncoatBot(NORTH, 1).act(st.observation(NORTH)) == "mission 3H"


def test_the_bot_accuses_when_the_game_is_nearly_lost() -> None:
    st = start("6H 3H 2D AC AD 5S 8S", identity="TS JK1 TH", players=2, hands=HANDS[:2])
    st.failed = 3
    st.apply("mission 6H", NORTH)
    give(st, "9H", "KH")  # a spy: from South or from the deck
    st.apply("mission 5S", 1)  # South, the second of two seats, leads
    obs = st.observation(NORTH)
    odds = turncoat_odds(obs)
    assert TurncoatBot.desperate <= odds[1] < TurncoatBot.sure
    assert TurncoatBot(NORTH, 1).act(obs) == "accuse south"
    st.failed = 0  # with time left, the bot waits for more evidence
    assert TurncoatBot(NORTH, 1).act(st.observation(NORTH)).verb == "give"


# ------------------------------------------------------------------ worlds
def test_sampled_worlds_survive_reshuffles_and_keep_the_seat_view() -> None:
    game = cardlab.load("turncoat", players=4)
    rng = random.Random(5)
    checked = reshuffled = 0
    for seed in range(3):
        st = game.new_state()
        bots = [TurncoatBot(s, seed) for s in range(4)]
        while not st.terminal:
            if st.current == "chance":
                st.apply(st.sample_chance(rng))
                continue
            seat = st.to_move[0]
            obs = st.observation(seat)
            if st.missions >= 4:
                world = TurncoatState.sample_world(game, obs, rng)
                assert world.observation(seat) == obs
                checked += 1
                reshuffled += any(e.kind == "reshuffle" for e in obs.history)
            act = bots[seat].act(obs)
            if act.verb == "accuse":  # play on to the late missions
                act = next(a for a in obs.legal if a.verb != "accuse")
            st.apply(act, seat)
    assert checked > 10 and reshuffled > 0


def test_only_the_missions_kept_tell_the_other_seats_apart() -> None:
    m = PlayModel()
    # the lower of two values 1..9 is 9 once in 81 draws, the higher 17 times
    assert m.kept(9, traitor=False) == pytest.approx(0.8 / 81 + 0.2 * 17 / 81)
    assert sum(m.kept(v, True) for v in range(1, 10)) == pytest.approx(1)
    hard = MissionSeen(parse_card("9S"), parse_cards("2D 5H 7H 9H KH"), parse_card("9H"), False)
    led = MissionSeen(hard.mission, hard.shown, hard.own, False, EAST)
    east = mission_likelihood(led, 4, NORTH, EAST, m)
    south = mission_likelihood(led, 4, NORTH, SOUTH, m)
    assert east / south == pytest.approx(m.kept(9, True) / m.kept(9, False))
    # without the leader's choice the gifts cannot tell East from South
    assert mission_likelihood(hard, 4, NORTH, EAST, m) == mission_likelihood(
        hard, 4, NORTH, SOUTH, m
    )
