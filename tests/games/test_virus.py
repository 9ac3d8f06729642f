"""Virus scenarios from explicit deals: every rule of the text and every ruling."""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab.core.cards import CARDS
from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.core.replay import Replay
from cardlab.core.search import SearchAgent
from cardlab.games.virus import GAME, VIRUS, VirusState, dealt_cards, signal_payoffs

MED3 = ["AD", "AH", "2D", "2H", "3D", "3H", "4D", "4H", "5D", "5H", "6D", "6H"]
# North: the virus and three germs; East and West four germs each
HANDS3 = [["JK1", "AC", "AS", "2C"], ["2S", "3C", "3S", "4C"], ["4S", "5C", "5S", "6C"]]
MED2 = ["AD", "AH", "2D", "2H", "3D", "3H", "4D", "4H"]
HANDS2 = [["JK1", "AC", "AS", "2C", "2S"], ["3C", "3S", "4C", "4S", "5C"]]


def start(players: int = 3, medicine: list[str] | None = None, hands=None, **opts) -> VirusState:
    game = GAME.game(players, **opts)
    st = game.new_state()
    assert isinstance(st, VirusState)
    med = medicine or (MED3 if players == 3 else MED2 if players == 2 else MED3)
    if hands is None:
        hands = HANDS3 if players == 3 else HANDS2
    st.apply(game.deal(medicine=med, hands=hands))
    return st


def turn(st: VirusState, *signals: str, draws: tuple[str, ...] = ()) -> None:
    """Every seat signals in seat order; then each infection draws the given card."""
    for s, sig in enumerate(signals):
        st.apply(sig, s)
    for d in draws:
        assert st.current == "chance" and st.chance is not None and st.chance.kind == "draw"
        st.apply(f"draw {d}")
    assert st.chance is None or st.chance.kind == "deal"


def codes(cards) -> list[str]:
    return [CARDS[i].code if isinstance(i, int) else i.code for i in cards]


def test_the_cards_by_player_count_follow_the_set_up_table() -> None:
    for players, (red, black) in {2: (8, 9), 3: (12, 11), 4: (12, 15)}.items():
        cards = dealt_cards(GAME.game(players))
        assert sum(c.red and not c.is_joker for c in cards) == red
        assert sum(not c.red and not c.is_joker for c in cards) == black
        assert sum(c.is_joker for c in cards) == 1
        st = Match(GAME.game(players), seed=1).state
        assert isinstance(st, VirusState)
        assert len({len(b) for b in st.bottles}) == 1 and sum(map(len, st.bottles)) == red
        assert len({h.bit_count() for h in st.hands}) == 1
        assert sum(h.bit_count() for h in st.hands) == black + 1


def test_menus_nobody_aims_at_themselves_and_refusals_name_the_rule() -> None:
    st = start()
    legal = {str(a) for a in st.legal_actions(0)}
    assert "fist" in legal and "infect east" in legal and "block west" in legal
    assert not any(a.endswith("north") for a in legal)
    with pytest.raises(IllegalActionError) as e:
        st.apply("steal north", 0)
    assert e.value.reason == "nobody may steal themselves"
    st.hands[1] = 0
    st.bottles[2] = []
    st.recount()
    legal1 = {str(a) for a in st.legal_actions(1)}
    assert not any(a.startswith("infect") for a in legal1)
    assert "steal west" not in legal1 and "steal north" in legal1
    with pytest.raises(IllegalActionError) as e:
        st.apply("infect north", 1)
    assert e.value.reason == "you have no card in hand to infect anyone with"
    with pytest.raises(IllegalActionError) as e:
        st.apply("steal west", 1)
    assert e.value.reason == "West has no undrunk bottle to steal"


def test_a_signal_stays_secret_until_all_are_shown() -> None:
    st = start()
    before = st.observation(1)
    st.apply("steal east", 0)
    after = st.observation(1)
    assert before.zones == after.zones
    assert "steal" not in " ".join(e.text for e in after.history)
    assert st.observation(0).info["your_signal"] == "steal from East"
    with pytest.raises(IllegalActionError) as e:
        st.apply("fist", 0)
    assert "not North's turn" in e.value.reason


def test_a_fist_drinks_unless_someone_points_one_or_two_fingers() -> None:
    st = start()
    turn(st, "fist", "fist", "block north")  # a flat hand does not stop the drink
    assert st.drunk_count(0) == 1 and st.drunk_count(1) == 1 and st.drunk_count(2) == 0
    turn(st, "fist", "steal north", "fist")  # two fingers at North: no drink, a theft
    assert st.drunk_count(0) == 1 and st.drunk_count(2) == 1
    assert len(st.bottles[1]) == 5
    turn(st, "fist", "fist", "infect north", draws=("6C",))  # one finger at North
    assert st.drunk_count(0) == 1 and st.drunk_count(1) == 2
    assert [e.kind for e in st.events if e.kind == "no_drink"] == ["no_drink", "no_drink"]


def test_a_fist_with_nothing_left_to_drink_does_nothing() -> None:
    st = start()
    st.bottles[0] = []
    st.recount()
    turn(st, "fist", "fist", "fist")
    assert st.drunk_count(0) == 0 and st.events[-1].kind in ("drink", "no_drink")
    assert any(e.kind == "no_drink" and "nothing left" in e.text for e in st.events)


def test_a_block_stops_only_the_blocked_players_pointing_back() -> None:
    st = start()
    # East blocks North: North's steal from East does nothing; West's steal still works
    turn(st, "steal east", "block north", "steal east")
    assert len(st.bottles[0]) == 4 and len(st.bottles[1]) == 3 and len(st.bottles[2]) == 5
    assert any(e.kind == "blocked" and e.seat == 0 for e in st.events)
    # a block aimed at someone who points elsewhere blocks nothing
    turn(st, "block east", "infect west", "fist", draws=("2S",))
    assert "2S" in codes(c for c in CARDS if st.hands[2] >> c.index & 1)


def test_infection_draws_at_random_from_each_pointer_as_the_hands_stood() -> None:
    st = start()
    # East and West both infect North; North infects East
    for s, sig in enumerate(("infect east", "infect north", "infect north")):
        st.apply(sig, s)
    # the first draw is from North's hand before the turn, then East's, then West's
    assert st.chance is not None and codes(st.chance.cards) == ["AC", "2C", "AS", "JK1"]
    st.apply("draw JK1")
    assert codes(st.chance.cards) == ["3C", "4C", "2S", "3S"]  # East's hand before the turn
    st.apply("draw 3C")
    assert codes(st.chance.cards) == ["5C", "6C", "4S", "5S"]
    st.apply("draw 6C")
    assert st.hands[1] >> VIRUS & 1 and st.virus_holder() == 1
    assert st.hands[0].bit_count() == 5  # gave one, took one from each
    infect = [e for e in st.events if e.kind == "infect"]
    assert infect[0].seen_by(2).hidden != infect[0].hidden  # West does not see the card
    assert infect[0].seen_by(1).hidden == infect[0].hidden
    assert "draws the virus" in infect[0].secret and "virus" not in infect[0].text
    with pytest.raises(IllegalActionError):
        st2 = start()
        for s, sig in enumerate(("infect east", "fist", "fist")):
            st2.apply(sig, s)
        st2.apply("draw 3C")  # not in North's hand


def test_two_steals_on_one_bottle_go_to_the_thief_on_the_targets_left() -> None:
    st = start(
        players=4,
        hands=[
            ["JK1", "AC", "AS", "2C"],
            ["2S", "3C", "3S", "4C"],
            ["4S", "5C", "5S", "6C"],
            ["6S", "7C", "7S", "8C"],
        ],
    )
    # South (2) drinks two of its three bottles first
    turn(st, "fist", "fist", "fist", "fist")
    turn(st, "block east", "block north", "fist", "block north")
    assert len(st.undrunk(2)) == 1
    # North and West both steal from South: West sits on South's left
    turn(st, "steal south", "fist", "block east", "steal south")
    assert len(st.bottles[3]) == 4 and len(st.bottles[0]) == 3
    assert any(e.kind == "no_steal" and e.seat == 0 for e in st.events)


def test_a_bottle_stolen_this_turn_is_not_stolen_again_in_the_same_turn() -> None:
    st = start()
    st.drunk |= sum(1 << b for b in st.bottles[1])  # East has drunk all four
    st.recount()
    # West steals from North while East, with nothing to drink, tries to steal from West
    # (West has drunk nothing: its own four bottles are there to take)
    turn(st, "fist", "steal west", "steal north")
    assert len(st.bottles[2]) == 4  # lost one, gained North's
    assert len(st.bottles[1]) == 5
    assert CARDS[st.bottles[1][-1]].code in MED3[8:12]  # one of West's own bottles


def test_drunk_bottles_cannot_be_stolen_and_a_steal_fails_with_none_left() -> None:
    st = start()
    for _ in range(3):
        turn(st, "block east", "fist", "block east")
    assert st.drunk_count(1) == 3
    turn(st, "steal east", "fist", "steal east")  # one undrunk: West (East's left) takes it
    assert len(st.bottles[2]) == 5 and len(st.bottles[1]) == 3 and len(st.bottles[0]) == 4
    assert any(e.kind == "no_steal" and e.seat == 0 for e in st.events)
    assert len(st.undrunk(1)) == 0


def score_round(players: int = 3) -> VirusState:
    st = start(players)
    turn(st, "fist", "fist", "fist")
    turn(st, "fist", "fist", "fist")
    # North steals from East, East infects North, West drinks: 5 undrunk left
    turn(st, "steal east", "infect north", "fist", draws=("3C",))
    assert st.hand_number == 0
    turn(st, "fist", "fist", "fist")  # 2 left: the round ends
    return st


def test_three_players_round_ends_at_two_undrunk_and_scores_the_table() -> None:
    st = score_round()
    res = st.results[0]
    assert "2 undrunk bottles are left" in res.summary
    # North holds the virus: 1 point, whatever else it has (5 bottles, 5 cards)
    # East: 3 bottles, 3 germs = 12 - 3; West: 4 bottles, 4 germs = 16 - 4
    assert res.points == (1, 9, 12)
    assert st.hand_number == 1 and not st.terminal


def test_the_round_ends_when_several_drinks_skip_past_two() -> None:
    st = start()
    for _ in range(3):
        turn(st, "fist", "fist", "fist")
    assert sum(len(st.undrunk(s)) for s in range(3)) == 3
    turn(st, "fist", "fist", "fist")
    assert len(st.results) == 1 and "0 undrunk bottles" in st.results[0].summary


def test_a_round_stops_at_max_turns_and_is_scored() -> None:
    st = start(max_turns=2)
    turn(st, "block east", "block north", "block north")
    turn(st, "block east", "block north", "block north")
    assert len(st.results) == 1 and "stops after 2 turns" in st.results[0].summary
    assert st.results[0].points == (1, 16 - 4, 16 - 4)


def test_three_rounds_then_the_most_points_wins() -> None:
    m = Match(GAME.game(3), seed=5, agents="heuristic")
    m.run()
    st = m.state
    assert st.terminal and len(st.results) == 3
    best = max(st.scores)
    assert st.outcome is not None
    assert st.outcome.winners == tuple(s for s in range(3) if st.scores[s] == best)


def test_two_players_race_to_four_drinks_without_the_virus() -> None:
    st = start(2)
    for _ in range(3):
        turn(st, "fist", "fist")
    assert st.drunk_count(0) == 3 and st.drunk_count(1) == 3
    turn(st, "fist", "fist")
    # both have drunk four, but North holds the virus: South wins the round
    assert st.results[0].points == (0, 1) and "South" in st.results[0].summary
    assert st.utility(1) == 1.0 and st.utility(0) == -1.0


def test_four_drinks_with_the_virus_win_only_once_it_is_handed_off() -> None:
    hands = [["3C", "3S", "4C", "4S", "5C"], ["JK1", "AC", "AS", "2C", "2S"]]
    st = start(2, hands=hands)
    for _ in range(4):
        turn(st, "block south", "fist")
    assert st.drunk_count(1) == 4 and not st.results  # South holds the virus
    turn(st, "fist", "infect north", draws=("AC",))
    assert not st.results
    turn(st, "fist", "infect north", draws=("JK1",))
    assert st.results[0].points == (0, 1)


def test_two_player_match_to_two_wins_and_the_caps_with_no_winner() -> None:
    st = start(2, max_turns=1, max_rounds=2)
    turn(st, "block south", "block north")
    assert st.results[0].points == (0, 0) and "Nobody wins the round" in st.results[0].summary
    st.apply(GAME.game(2).deal(medicine=MED2, hands=HANDS2))
    turn(st, "block south", "block north")
    assert st.terminal and st.outcome is not None and st.outcome.winners == ()
    assert "Nobody wins" in st.outcome.summary
    assert GAME.may_end_without_winner
    m = Match(GAME.game(2), seed=3, agents="heuristic")
    m.run()
    won = m.state.outcome
    assert won is not None and (max(m.state.scores) == 2 or len(m.state.results) == 5)


def test_replays_and_sampled_worlds_agree_with_what_a_seat_saw() -> None:
    for players in (2, 3, 4):
        m = Match(GAME.game(players), seed=7, agents="heuristic")
        m.run(max_steps=40)
        st = m.state
        back = Replay.from_json(m.to_replay().to_json()).state_at()
        assert back.observation(None) == st.observation(None)
        for seat in range(players):
            obs = st.observation(seat)
            if st.terminal:
                continue
            world = VirusState.sample_world(st.game, obs, random.Random(seat))
            assert world.observation(seat) == obs


def test_sampled_worlds_route_a_card_through_infections_the_seat_did_not_see() -> None:
    # 2S goes from East to West and back, unseen by North, who then draws it from East
    st = start()
    turn(st, "fist", "infect west", "fist", draws=("2S",))
    turn(st, "fist", "fist", "infect east", draws=("2S",))
    turn(st, "fist", "infect north", "fist", draws=("2S",))
    obs = st.observation(0)
    rng = random.Random(5)
    routes = set()
    for _ in range(60):
        world = VirusState.sample_world(st.game, obs, rng)
        assert world.observation(0) == obs
        moved = [e.hidden[0].code for e in world.events if e.kind == "infect"]
        assert moved[2] == "2S"
        routes.add((moved[0] == "2S", moved[1] == "2S"))
    # dealt to East and kept there, dealt to West and sent over, or round and back
    assert routes == {(False, False), (False, True), (True, True)}


def test_sampled_worlds_follow_a_long_random_round_of_four() -> None:
    # fourteen turns of random signals, where North's draws need cards that went round
    game = GAME.game(4)
    st = game.new_state()
    assert isinstance(st, VirusState)
    rng = random.Random(19)
    while not (st.turns == 14 and st.phase == "signal" and st.to_move[0] == 0):
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
            continue
        seat = st.to_move[0]
        acts = st.legal_actions(seat)
        st.apply(acts[rng.randrange(len(acts))], seat)
    obs = st.observation(0)
    for k in range(5):
        assert VirusState.sample_world(game, obs, random.Random(k)).observation(0) == obs


def test_the_search_bot_plays_through_infections() -> None:
    game = cardlab.load("virus", players=3)
    m = Match(game, seed=2, agents=[SearchAgent(0, 1, iterations=12), "heuristic", "random"])
    m.run(max_steps=12)
    assert m.state.turns >= 3 or m.state.results


def test_signal_payoffs_cover_every_pair() -> None:
    rows = signal_payoffs(players=2, positions=2, seed=1)
    assert len(rows) == 16 and all(r["n"] == 2 for r in rows)
    assert all(0.0 <= r["payoff"] <= 1.0 for r in rows)
