"""Heartburn: every rule from explicit deals, the worked scoring example, the views, the bot.

Seats are numbered clockwise and "left" is the next seat.  Most play scenarios use a hold
hand (no passing, two dealt hole cards each) reached by playing the earlier hands at random,
so that the explicit deal is exactly what the seats hold in play.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance.test_conformance import (
    Chooser,
    check_cards_conserved,
    check_events,
    check_views,
    playout,
)
from oracles import oracle_for

import cardlab
from cardlab import CardlabError, IllegalActionError, Match, OptionError
from cardlab.core.cards import CARDS, Card, parse_card, parse_cards
from cardlab.core.foresight import load_backs, register_foresight
from cardlab.core.observation import Back, Peek
from cardlab.core.state import State
from cardlab.games.heartburn import (
    PASS_CYCLES,
    HeartburnBot,
    hand_scores,
    take_of,
)

QS, TD = parse_card("QS"), parse_card("TD")


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c.index
    return m


def legal(state: State, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def at_hold(players: int = 4, **options: Any) -> State:
    """A state waiting for the deal of the first hold hand (earlier hands played at random)."""
    game = cardlab.load("heartburn", players=players, **{"target": 500, **options})
    state = game.new_state()
    rng = random.Random(0)
    hold = len(PASS_CYCLES[players]) - 1
    while not (state.chance and state.hand_number == hold):
        if state.chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def hold_deal(hands: Any, holes: Any, players: int = 4, **options: Any) -> State:
    state = at_hold(players, **options)
    state.apply(state.game.deal(hands, holes, hold=True))
    return state


# Every suit is complete; see the comments for who may follow with what.
SCENE_HANDS = [
    "2C 3C 5C 9D 8D 7D AS KS QS JS TS",
    "4C 6C 3D 6D 2S 4S 6S 7S 8S 9S 4H",
    "7C 8C 9C TD JD QD KD AD 3H 5H 6H",
    "QC KC 2D 5D 7H 8H TH JH QH KH AH",
]
SCENE_HOLES = ["4D 2H", "5S 3S", "AC 9H", "TC JC"]  # backs ♣♦ ♥ | ♦♠ ♠ | ♣♦♥♠ ♦♥ | ♣♥♠ ♣♦♠


# -------------------------------------------------------------- the deck
@pytest.mark.parametrize(
    ("players", "out", "size"),
    [(3, "2D", 17), (4, "", 13), (5, "2D 2C", 10), (6, "2C 2S 2D 3D", 8)],
)
def test_cards_out_of_the_deck_and_even_deals(players: int, out: str, size: int) -> None:
    state = cardlab.load("heartburn", players=players).new_state()
    deal = state.sample_chance(random.Random(1))
    assert len(deal.cards) == 52 - len(parse_cards(out))
    assert not set(parse_cards(out)) & set(deal.cards)
    state.apply(deal)
    assert state.hand_size == size
    for s in range(players):
        assert len(state.holes[s]) == 1 and state.hands[s].bit_count() == size - 1
    obs = state.observation(0)
    assert obs.zone("out").cards == parse_cards(out)


def test_a_deal_must_list_the_cards_in_play() -> None:
    state = cardlab.load("heartburn", players=3).new_state()
    full = " ".join(c.code for c in state.game.deck.cards)
    with pytest.raises(IllegalActionError, match="each of its 51 cards exactly once"):
        state.apply("deal " + full)
    with pytest.raises(IllegalActionError, match="2♠ is out of play with 6 players"):
        cardlab.load("heartburn", players=6).deal(["2S"])


def test_a_deal_written_for_the_other_kind_of_hand_is_refused() -> None:
    game = cardlab.load("heartburn")
    hold = game.deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"], ["KC AC"], hold=True)
    with pytest.raises(CardlabError, match="written for a hold hand") as err:
        Match(game, seed=0, deal=hold)
    assert "hand 1 is a hand that passes" in str(err.value)
    state = at_hold()
    passing = game.deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"], ["AC"], hold=False)
    with pytest.raises(IllegalActionError, match="written for a hand that passes") as err2:
        state.apply(passing)
    assert "hand 4 is a hold hand" in err2.value.reason
    assert state.chance and state.hands == [0, 0, 0, 0]  # nothing moved
    state.apply(game.deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"], ["KC AC"], hold=True))
    assert state.holes[0] == [parse_card("KC").index, parse_card("AC").index]
    # Written for the right kind of hand, the deal goes where it says.
    m = Match(game, seed=0, deal=game.deal(["2C 3C"], ["AC"], hold=False))
    assert m.state.holes[0] == [parse_card("AC").index]


def test_options_are_validated_and_a_registered_foresight_table_works() -> None:
    with pytest.raises(OptionError, match="'foresight'"):
        cardlab.load("heartburn", deck="standard")
    with pytest.raises(OptionError, match="between 1 and 500"):
        cardlab.load("heartburn", target=0)
    with pytest.raises(OptionError, match="played by 3, 4, 5 or 6 players"):
        cardlab.load("heartburn", players=2)
    table = cardlab.load("heartburn").deck
    csv = "card,suits\n" + "\n".join(
        f"{c.code},{''.join('CDHS'[s] for s in range(4) if table.back_suits(c) >> s & 1)}"
        for c in table.cards
    )
    # Swap the backs of the 4♠ (♥♠) and the 4♣ (♣♦) for a deck of one's own.
    csv = csv.replace("4S,HS", "4S,DS").replace("4C,CD", "4C,CH")
    register_foresight(load_backs(csv), name="my-foresight")
    m = Match("heartburn", seed=3, agents="heuristic", hands=1, deck="my-foresight")
    m.run()
    assert m.terminal and m.game.deck.back_of(parse_card("4S")) == "♦♠"


# ------------------------------------------------------------- passing
@pytest.mark.parametrize(
    ("players", "names", "count"),
    [
        (3, ["left", "right", "hold"], 4),
        (4, ["left", "right", "across", "hold"], 3),
        (5, ["left", "right", "two left", "two right", "hold"], 3),
        (6, ["left", "right", "two left", "two right", "across", "hold"], 2),
    ],
)
def test_the_passing_cycle_by_player_count(players: int, names: list[str], count: int) -> None:
    state = cardlab.load("heartburn", players=players, hands=len(names) + 1).new_state()
    rng = random.Random(players)
    seen = []
    while not state.terminal:
        if state.chance:
            state.apply(state.sample_chance(rng))
            seen.append(state.pass_direction)
            holes = 1 if state.phase == "pass" else 2
            assert all(len(h) == holes for h in state.holes)
            if state.phase == "pass":
                assert state.to_move == tuple(range(players))
                assert state.pass_count == count
                _pass_lowest(state)
                offset = dict(PASS_CYCLES[players])[state.pass_direction]
                for s in range(players):
                    to = (s + offset) % players
                    assert len(state.holes[to]) == 2
                    assert state.hole_known[s] == 1 << state.holes[to][1]  # the passer knows
            continue
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert seen == [*names, names[0]]


def _pass_lowest(state: State) -> None:
    """Every seat passes its first legal cards and makes the first of them the hole card."""
    for s in range(state.players):
        for _ in range(state.pass_count):
            state.apply(state.legal_actions(s)[0], s)
        state.apply(state.legal_actions(s)[0], s)


def test_passing_is_hidden_until_everyone_has_chosen_and_the_passer_knows_the_hole_face() -> None:
    game = cardlab.load("heartburn")
    state = game.new_state()
    state.apply(
        game.deal(
            ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"],
            ["AC", "AD"],
        )
    )
    assert state.phase == "pass" and state.current == "simultaneous"
    before = [state.observation(s) for s in range(4)]
    for card in ("QC", "KC", "JC"):
        state.apply(f"pass {card}", 0)
    assert legal(state, 0) == ["hole JC", "hole QC", "hole KC"]
    with pytest.raises(IllegalActionError, match="now pick the one the receiver gets"):
        state.apply("pass 2C", 0)
    state.apply("hole KC", 0)
    assert 0 not in state.to_move
    for s in (1, 2, 3):  # nothing of North's choice shows, not even a back
        after = state.observation(s)
        assert (after.zones, after.info) == (before[s].zones, before[s].info)
        assert after.value(0, "passing") == "3 of 3 + hole card"  # only how far North is
        assert after.value(1, "passing") == "0 of 3"
    picks = [e for e in state.events if e.kind == "pick"]
    assert [e.get("verb") for e in picks] == ["pass", "pass", "pass", "hole"]
    assert picks[-1].hidden == (parse_card("KC"),) and picks[-1].audience == (0,)
    assert picks[-1].seen_by(1).hidden == ()
    assert "Choose which of your passed cards" not in state.observation(1).prompt
    mine = state.observation(0)
    assert mine.zone("passing", 0).cards == parse_cards("JC QC KC")
    assert mine.info["hole_choice"] == parse_card("KC")
    assert state.observation(1).zone("passing", 0).cards == ()
    for s in (1, 2, 3):
        for _ in range(3):
            state.apply(state.legal_actions(s)[0], s)
        state.apply(state.legal_actions(s)[0], s)
    assert state.phase == "play"
    east = state.observation(1)
    assert east.info["received"] == parse_cards("JC QC")
    assert east.zone("hole", 1).cards == (Back("♣♦♥♠"), Back("♣♦♥♠"))  # A♦ and K♣: backs
    assert "KC" not in [c.code for c in east.zone("hand", 1).faces]
    north = state.observation(0)
    assert north.zone("hole", 1).cards == (Back("♣♦♥♠"), parse_card("KC"))
    assert north.info["gave_hole"] == parse_card("KC")
    assert state.observation(2).zone("hole", 1).cards == (Back("♣♦♥♠"), Back("♣♦♥♠"))
    # The teacher sees both; only the A♦, which no player knows, is marked hidden.
    teacher = state.observation(None).zone("hole", 1).cards
    assert isinstance(teacher[0], Peek) and teacher[1] == parse_card("KC")
    texts = [e.text_for(1) for e in state.events if e.kind == "pass"]
    assert any("North passes J♣ Q♣ to East" in t for t in texts)
    assert not any("K♣" in t for t in texts)
    # The pass as data: the cards into the receiver's hand, for passer and receiver only.
    north = next(e for e in state.events if e.kind == "pass" and e.seat == 0)
    assert north.hidden == parse_cards("JC QC") and north.audience == (0, 1)
    assert north.get("to") == 1 and north.seen_by(2).hidden == ()


def test_passing_errors_name_the_rule() -> None:
    game = cardlab.load("heartburn")
    state = game.new_state()
    state.apply(game.deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"], ["AC"]))
    with pytest.raises(IllegalActionError, match="hole cards are never passed"):
        state.apply("pass AC", 0)
    with pytest.raises(IllegalActionError, match="choose all 3 cards to pass first"):
        state.apply("hole 2C", 0)
    assert "Choose 3 more cards to pass left to East" in state.observation(0).prompt
    state.apply("pass 2C", 0)
    with pytest.raises(IllegalActionError, match="already chosen 2♣"):
        state.apply("pass 2C", 0)
    with pytest.raises(IllegalActionError, match="not played until passing is over"):
        state.apply("play 3C", 0)
    state.apply("pass 3C", 0)
    state.apply("pass 4C", 0)
    with pytest.raises(IllegalActionError, match="not one of the cards you chose to pass"):
        state.apply("hole 5C", 0)
    prompt = state.observation(0).prompt
    assert prompt == "Choose which of your passed cards East gets face down as a hole card"
    state.apply("hole 3C", 0)
    with pytest.raises(IllegalActionError, match="not North's turn"):
        state.apply("hole 2C", 0)


# ---------------------------------------------------------- the opening
def test_the_two_of_clubs_leads_and_following_uses_the_foresight_hole_rule() -> None:
    state = hold_deal(SCENE_HANDS, SCENE_HOLES)
    assert state.phase == "play" and all(len(h) == 2 for h in state.holes)
    assert state.current == 0 and legal(state) == ["play 2C"]
    with pytest.raises(IllegalActionError, match="the 2♣ must open the first trick"):
        state.apply("play 3C")
    state.apply("play 2C")
    # East holds clubs; its hole backs (♦♠, ♠) show no club.
    assert legal(state) == ["play 4C", "play 6C"]
    with pytest.raises(IllegalActionError, match="hole card 1 \\(♦♠\\) does not show ♣"):
        state.apply("play hole 1")
    state.apply("play 4C")
    # South holds clubs; the A♣'s back shows ♣ (all four suits), the 9♥'s (♦♥) does not.
    assert legal(state) == ["play 7C", "play 8C", "play 9C", "play hole 1"]
    state.apply("play hole 1")
    assert state.trick[-1] == parse_card("AC").index
    assert state.events[-1].get("from") == "hole" and state.events[-1].cards == (parse_card("AC"),)
    # South's row closed up: the 9♥ is now its first (and only) hole card.
    assert state.holes[2] == [parse_card("9H").index]
    # West: both hole backs (♣♥♠, ♣♦♠) show a club.
    assert legal(state) == ["play QC", "play KC", "play hole 1", "play hole 2"]
    state.apply("play KC")
    assert state.leader == 2 and state.current == 2  # the A♣, played blind, wins
    # Hearts are not broken: South may not lead one from hand but may lead blind.
    assert "play 3H" not in legal(state) and "play hole 1" in legal(state)
    with pytest.raises(IllegalActionError, match="hearts are not broken"):
        state.apply("play 3H")
    state.apply("play hole 1")  # the 9♥, led blind, breaks hearts
    assert state.broken
    # West must follow hearts: the 10♣ (♣♥♠) may stand in, the J♣ (♣♦♠) may not.
    assert legal(state) == [f"play {r}H" for r in "78TJQKA"] + ["play hole 1"]
    state.apply("play AH")
    # North has no heart in hand: anything goes, hole cards included.
    assert legal(state)[-2:] == ["play hole 1", "play hole 2"] and "play QS" in legal(state)
    state.apply("play hole 2")  # the 2♥
    state.apply("play 4H")
    assert state.leader == 3 and state.taken[3] == mask("9H AH 2H 4H")


def test_no_point_card_on_the_first_trick_unless_blind_or_nothing_else() -> None:
    state = hold_deal({0: "2C", 1: "QS TD 2H 3H 4H 5H 6H 7H 8H 9H 3D"}, {1: "AS KS"})
    state.apply("play 2C")
    assert legal(state) == ["play 3D", "play hole 1", "play hole 2"]
    with pytest.raises(IllegalActionError, match="a point card on the first trick"):
        state.apply("play QS")
    state = hold_deal({0: "2C", 1: "QS TD 2H 3H 4H 5H 6H 7H 8H 9H TH"}, {1: "AS KS"})
    state.apply("play 2C")
    assert len(legal(state)) == 13  # only point cards in hand: any of them, or a hole card


def test_a_hand_of_only_hearts_may_lead_one() -> None:
    state = hold_deal({2: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"}, {2: "KH AH"})
    state.hands[2] = mask("2H 3H")  # later in the hand: South holds only hearts
    state.trick_number, state.to_move, state.leader = 5, (2,), 2
    state._lc_seat = None
    assert legal(state, 2) == ["play 2H", "play 3H", "play hole 1", "play hole 2"]


def test_with_five_players_the_lowest_club_in_hand_leads() -> None:
    state = hold_deal({2: "3C"}, {}, players=5)
    assert state.current == 2 and legal(state) == ["play 3C"]
    assert any("holds the 3♣ and leads" in e.text for e in state.events)


def test_a_two_of_clubs_in_a_hole_hands_the_lead_to_the_lowest_club_in_hand() -> None:
    state = hold_deal({3: "3C"}, {1: "2C 5H"})
    assert state.current == 3 and legal(state) == ["play 3C"]


def test_no_club_in_any_hand_the_seat_left_of_the_dealer_leads() -> None:
    holes = ["3C 4C", "5C 6C", "7C 8C", "9C TC", "JC QC", "KC AC"]
    state = hold_deal({0: "QS TD 2H 3H 4H 9D"}, holes, players=6)
    assert state.dealer == 5 and state.current == 0
    assert legal(state) == ["play 9D", "play hole 1", "play hole 2"]
    assert any("No hand holds a club" in e.text for e in state.events)
    with pytest.raises(IllegalActionError, match="can't lead a point card to the first trick"):
        state.apply("play QS")
    with pytest.raises(IllegalActionError, match="hearts are not broken"):
        state.apply("play 2H")


def test_a_seat_with_only_hole_cards_left_plays_any_of_them() -> None:
    state = hold_deal(SCENE_HANDS, SCENE_HOLES)
    state.hands[1] = 0
    state.trick, state.trick_number, state.to_move, state.leader = [0], 4, (1,), 0
    state.led = 0
    state._lc_seat = None
    assert legal(state, 1) == ["play hole 1", "play hole 2"]


# -------------------------------------------------------------- scoring
def test_the_worked_example() -> None:
    """Aaron 5♥ + Q♠, Megan 3♥ + 10♦, Cory 5♥, Josh nothing → Megan 25, Cory 13."""
    aaron, megan = mask("2H 3H 4H 5H 6H QS"), mask("7H 8H 9H TD")
    cory, josh = mask("TH JH QH KH AH"), 0
    assert [take_of(t) for t in (aaron, megan, cory, josh)] == [18, -7, 5, 0]
    assert hand_scores([aaron, megan, cory, josh]) == [0, 25, 13, 0]
    state = hold_deal(SCENE_HANDS, SCENE_HOLES)
    state.taken = [aaron, megan | mask("2C 3C"), cory, josh]
    state.hand_played()
    result = state.results[-1]
    assert result.points == (0, 25, 13, 0)
    lines = [(ln.seat, ln.points, ln.reason) for ln in result.lines]
    assert (1, 18, "highest take (North)") in lines
    assert (1, 7, "own take: 3 hearts (+3), the 10♦ (−10) = -7") in lines
    assert (3, 0, "took no heart and not the Q♠: scores 0") in lines


def test_the_ten_of_diamonds_alone_does_not_make_a_player_score() -> None:
    assert hand_scores([mask("TD"), mask("2H"), mask("3H QS"), 0]) == [0, 13, 0, 0]


def test_shooting_the_moon_ignores_the_ten_of_diamonds() -> None:
    hearts = mask("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS")
    assert hand_scores([0, hearts, mask("TD"), 0]) == [0, 26, 0, 0]
    assert hand_scores([0, hearts | mask("TD"), 0]) == [0, 26, 0]


def finish_hand(state: State, taken: list[int]) -> None:
    state.taken = taken
    state.hand_played()


def test_the_game_ends_at_the_target_and_a_tie_for_highest_plays_on() -> None:
    def dealt() -> State:
        state = cardlab.load("heartburn").new_state()
        state.apply(state.sample_chance(random.Random(0)))
        return state

    state = dealt()
    state.scores = [40, 38, 0, 0]
    finish_hand(state, [mask("2H"), mask("3H 4H 5H"), mask("QS"), 0])  # +12, +10, 0, 0
    assert state.scores == [52, 48, 0, 0] and state.terminal and state.winners() == (0,)
    state = dealt()
    state.scores = [40, 42, 0, 0]
    finish_hand(state, [mask("2H"), mask("3H 4H 5H"), mask("QS"), 0])
    assert state.scores == [52, 52, 0, 0] and not state.terminal
    assert state.chance and state.phase == "deal"
    state = dealt()
    state.scores = [30, 0, 0, 0]
    finish_hand(state, [mask("2H"), mask("3H 4H 5H"), mask("QS"), 0])
    assert not state.terminal  # 42 is short of 50


def test_hands_option_stops_after_one_hand() -> None:
    m = Match("heartburn", seed=4, agents="random", hands=1, players=5)
    m.run()
    assert m.terminal and len(m.state.results) == 1


def test_hole_cards_are_counted_in_the_row_as_it_lies_now() -> None:
    state = hold_deal(SCENE_HANDS, SCENE_HOLES)
    state.apply("play 2C")
    state.apply("play 4C")
    state.apply("play hole 1")
    state.apply("play KC")
    with pytest.raises(IllegalActionError, match="your hole holds 1 card: 'play hole 1'"):
        state.apply("play hole 2", 2)
    for word in ("²", "３", "01", "one"):
        with pytest.raises(IllegalActionError, match="digits 0-9"):
            state.apply(f"play hole {word}", 2)
    with pytest.raises(IllegalActionError, match="'blind' is not an action"):
        state.apply("blind 1", 2)
    # South does not know the face of its hole card: the refusal must not tell it.
    with pytest.raises(IllegalActionError, match="you don't hold 9♥ in your hand"):
        state.apply("play 9H", 2)


def test_the_passer_sees_the_face_of_the_hole_card_it_gave() -> None:
    game = cardlab.load("heartburn")
    state = game.new_state()
    state.apply(game.deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"], ["AC"]))
    for s in range(4):
        for _ in range(3):
            state.apply(state.legal_actions(s)[0], s)
        state.apply(state.legal_actions(s)[-1], s)
    gift = state.marked[0]
    assert state.holes[1][1] == gift and state.observation(0).info["gave_hole"] == CARDS[gift]
    assert state.observation(1).value(1, "tricks") == 0
    assert state.observation(1).value(1, "take") == 0


# --------------------------------------------------------- what is seen
def test_hole_cards_show_backs_to_everyone_including_their_owner() -> None:
    state = hold_deal(SCENE_HANDS, SCENE_HOLES)
    for viewer in (0, 1, 2, 3, "spectator"):
        obs = state.observation(viewer)
        assert obs.zone("hole", 2).cards == (Back("♣♦♥♠"), Back("♦♥"))
    assert [str(e) for e in state.observation(None).zone("hole", 2).cards] == ["(A♣)", "(9♥)"]


@pytest.mark.parametrize("players", [3, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_views_events_and_cards_follow_the_oracle(players: int, seed: int) -> None:
    game = cardlab.load("heartburn", players=players, hands=len(PASS_CYCLES[players]))
    state = game.new_state()
    oracle = oracle_for(game)
    seen = 0
    for seat, act in playout(state, Chooser(game, seed, bots=True)):
        oracle.step(seat, act)
        check_views(state, oracle, len(state.events) - seen)
        check_events(state.events[seen:], state, oracle)
        seen = len(state.events)
        check_cards_conserved(state, oracle)
    assert state.terminal


# ----------------------------------------------------------------- bot
def test_the_bot_passes_the_queen_of_spades_as_the_hole_card_and_keeps_the_ten() -> None:
    game = cardlab.load("heartburn")
    state = game.new_state()
    state.apply(game.deal(["QS TD 2C 3D AH KH AS KS AD KD AC KC"], ["9S"]))
    bot = HeartburnBot(0)
    chosen = []
    for _ in range(4):
        a = bot.act(state.observation(0))
        chosen.append(str(a))
        state.apply(a, 0)
    assert chosen == ["pass QS", "pass 2C", "pass 3D", "hole QS"]


def test_the_heuristic_bot_beats_random_players() -> None:
    total = [0.0, 0.0]
    for seed in range(12):
        seat = seed % 4
        agents: list[Any] = ["random"] * 4
        agents[seat] = "heuristic"
        m = Match("heartburn", seed=seed, agents=agents, hands=2)
        m.run()
        total[0] += m.scores[seat]
        total[1] += sum(m.scores[s] for s in range(4) if s != seat) / 3
    assert total[0] > total[1]


def test_take_of_counts_hearts_the_queen_and_the_ten() -> None:
    cards: list[Card] = [QS, TD, *parse_cards("2H 3H")]
    m = 0
    for c in cards:
        m |= 1 << c.index
    assert take_of(m) == 13 - 10 + 2


# ------------------------------------------------------ reference rules
def reference_plays(state: Any, seat: int) -> set[str]:
    """The legal plays written out from the rules, card by card (slow and plain)."""
    deck = state.game.deck
    hand = [c for c in deck.cards if state.hands[seat] >> c.index & 1]
    hole_cards = [(k + 1, CARDS[c]) for k, c in enumerate(state.holes[seat])]
    points = {c for c in deck.cards if c.suit == 2} | {QS, TD}
    first = state.trick_number == 0
    if not state.trick:
        if first and any(c.suit == 0 for s in range(state.players) for c in _hand(state, s)):
            low = min(
                (c for s in range(state.players) for c in _hand(state, s) if c.suit == 0),
                key=lambda c: 14 if c.rank == 1 else c.rank,
            )
            return {f"play {low.code}"}
        ok = hand
        if not state.broken and any(c.suit != 2 for c in hand):
            ok = [c for c in ok if c.suit != 2]
        if first and any(c not in points for c in ok):
            ok = [c for c in ok if c not in points]
        return {f"play {c.code}" for c in ok} | {f"play hole {k}" for k, _ in hole_cards}
    led = CARDS[state.trick[0]].suit
    follow = [c for c in hand if c.suit == led]
    if follow:
        shows = {slot for slot, c in hole_cards if deck.back_suits(c) >> led & 1}
        return {f"play {c.code}" for c in follow} | {f"play hole {k}" for k in shows}
    ok = hand
    if first and any(c not in points for c in hand):
        ok = [c for c in hand if c not in points]
    return {f"play {c.code}" for c in ok} | {f"play hole {k}" for k, _ in hole_cards}


def _hand(state: Any, seat: int) -> list[Card]:
    return [c for c in state.game.deck.cards if state.hands[seat] >> c.index & 1]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_follow_the_reference_rules(players: int) -> None:
    for seed in range(3):
        game = cardlab.load("heartburn", players=players, hands=len(PASS_CYCLES[players]))
        state = game.new_state()
        rng = random.Random(seed)
        while not state.terminal:
            if state.chance:
                state.apply(state.sample_chance(rng))
                continue
            seat = rng.choice(state.to_move)
            if state.phase == "play":
                assert set(legal(state, seat)) == reference_plays(state, seat)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        for result in state.results:
            assert sum(ln.points for ln in result.lines) == sum(result.points)
