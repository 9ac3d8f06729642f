"""T.O.D. scenarios from explicit deals: every rule, option and ruling, the text's
question example and its self-contradiction, the analysis, the bot and the worlds.

An explicit deal lists the cards as they are sorted out: the first red cards are the
motives seat by seat, the first black cards the weapons, then the table cards and the
deck from its top.  With three players North (seat 0) solves East's case, East West's
and West North's.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import CARDS, parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.match import Match
from cardlab.core.observation import Back
from cardlab.games.tod import (
    HEARTS,
    QUESTIONS,
    SPADES,
    USED,
    TodBot,
    TodState,
    analyse,
    answer,
    case_of,
    case_text,
    case_weights,
    describe,
    entropy,
    guess_steps,
    knowledge,
    odds,
    solutions_left,
)

NORTH, EAST, WEST = range(3)
# North: ♦4 ♣3 (the text's 7:34), East: ♥2 ♠5, West: ♥6 ♣A
CASES = "4D 2H 6H 3C 5S AC"
TABLE = "6S 5H AD 3D"
DECK = "2C 4H 3H 6C 2S 4S AH 5D 2D 4C 6D 3S 5C AS"


def start(order: str = f"{CASES} {TABLE} {DECK}", players: int = 3, **options: Any) -> TodState:
    game = cardlab.load("tod", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(order=order, rng=random.Random(1)))
    assert isinstance(st, TodState)
    return st


def refused(st: TodState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def turn(st: TodState, cover: str, then: str) -> None:
    seat = st.to_move[0]
    st.apply(f"cover {cover}", seat)
    name(st, then, seat) if then.startswith("guess") else st.apply(then, seat)


def name(st: TodState, guess: str, seat: int) -> None:
    """Name a case written as ``guess 25 love shovel``, pick by pick."""
    words = guess.split()
    suits = {"greed": 1, "love": 2, "bat": 0, "shovel": 3}
    nums = tuple(sorted(int(d) for d in words[1]))
    mot = tuple(sorted(suits[w] for w in words[2:] if w in ("greed", "love")))
    wea = tuple(sorted(suits[w] for w in words[2:] if w in ("bat", "shovel")))
    for step in guess_steps((nums, mot, wea)):
        st.apply(step, seat)


def last(st: TodState, kind: str) -> Any:
    return next(e for e in reversed(st.events) if e.kind == kind)


# ------------------------------------------------------------------ the set-up
def test_aces_to_sixes_and_a_motive_and_a_weapon_each() -> None:
    assert len(USED) == 24 and max(c.rank for c in USED) == 6
    st = start()
    cases = [tuple(CARDS[i].code for i in c) for c in st.cases]
    assert cases == [("4D", "3C"), ("2H", "5S"), ("6H", "AC")]
    assert [c.code for c in st.table()] == TABLE.split()
    assert len(st.deck) == 24 - 6 - 4 - 1  # the first card is already turned up
    assert st.phase == "cover" and st.to_move == (NORTH,)
    assert st.observation(NORTH).zone("flipped").faces == (parse_card("2C"),)


def test_the_solution_reads_as_motive_weapon_and_time_of_death() -> None:
    case = case_of(parse_cards("4D 3C"))
    assert describe(case) == "greed, bat, 7:34" and case_text(case) == "34 greed bat"
    assert guess_steps(case) == ["guess", "number 3", "number 4", "motive greed", "weapon bat"]


def test_each_seat_sees_only_its_own_case_until_the_end() -> None:
    st = start()
    for seat in range(3):
        obs = st.observation(seat)
        for s in range(3):
            faces = obs.zone("case", s).cards
            if s == seat:
                assert faces == tuple(parse_card(c) for c in CASES.split()[s::3])
            else:
                assert all(isinstance(c, Back) for c in faces)
    turn(st, "3D", "guess 25 love shovel")
    obs = st.observation(EAST)
    assert obs.terminal and obs.zone("case", WEST).faces == parse_cards("6H AC")


# ------------------------------------------------------------------ a turn
def test_the_card_turned_up_covers_a_table_card_of_the_players_choice() -> None:
    st = start()
    assert [str(a) for a in st.legal_actions(NORTH)] == [f"cover {c}" for c in TABLE.split()]
    st.apply("cover 5H", NORTH)
    assert [c.code for c in st.table()] == ["6S", "2C", "AD", "3D"]
    # the covered card stays public in the pile under the new one
    assert st.observation(EAST).zone("table2").cards == parse_cards("5H 2C")
    assert st.phase == "ask" and st.to_move == (NORTH,)
    assert "ask one of the four questions" in refused(st, "cover 6S", NORTH)


def test_questions_are_answered_by_the_rules_and_the_turn_passes_left() -> None:
    st = start()
    turn(st, "5H", "ask number there")  # table 6♠ 2♣ A♦ 3♦, East holds ♥2 ♠5
    e = last(st, "ask")
    assert e.text == "North asks East: Is a number there? East answers yes"
    assert e.get("answer") is True and e.get("table") == ("6S", "2C", "AD", "3D")
    assert st.to_move == (EAST,) and st.phase == "cover"
    assert st.observation(EAST).zone("flipped").faces == (parse_card("4H"),)
    turn(st, "2C", "ask suit missing")  # table 6♠ 4♥ A♦ 3♦: West holds ♥6 ♣A, ♣ missing
    assert last(st, "ask").get("answer") is True
    turn(st, "3D", "ask number missing")  # table 6♠ 4♥ A♦ 3♥: North holds 4 and 3
    assert last(st, "ask").get("answer") is False


@pytest.mark.parametrize(
    ("question", "case", "table", "yes"),
    [
        ("number there", "2H 5S", "6S 2C AD 3D", True),
        ("number there", "4H 4S", "6S 2C AD 3D", False),
        ("number missing", "2H 6S", "6S 2C AD 3D", False),
        ("number missing", "2H 5S", "6S 2C AD 3D", True),
        ("suit there", "2H 5S", "6S 2C AD 3D", True),
        ("suit there", "2H 5C", "6S 2S AD 3D", False),
        ("suit missing", "2H 5S", "6S 2C AH 3D", False),
        ("suit missing", "2D 5C", "6S 2S AH 3H", True),
    ],
)
def test_there_means_one_or_both_show_and_missing_one_or_both_do_not(
    question: str, case: str, table: str, yes: bool
) -> None:
    assert answer(question, parse_cards(case), parse_cards(table)) is yes


def test_the_question_example_as_the_rulings_read_it() -> None:
    """♠6 ♥5 ♦A ♣2 face up.  The text reads 'is a suit missing' as club against shovel,
    which only holds with ♣ absent; with all four cards every suit shows, so the answer
    is no for every case.  Three cards (♣2 left out) make the text's reading true."""
    four = parse_cards("6S 5H AD 2C")
    for r, b in ((r, b) for r in USED if r.red for b in USED if not b.red):
        assert answer("suit missing", (r, b), four) is False
        # the numbers part of the example holds with all four cards
        assert answer("number there", (r, b), four) is bool({r.rank, b.rank} & {1, 2, 5, 6})
    three = parse_cards("6S 5H AD")
    for r, b in ((r, b) for r in USED if r.red for b in USED if not b.red):
        assert answer("suit missing", (r, b), three) is (b.suit == 0)
    # the same at the table: the questions use every card face up
    st = start("4D 2H 6H 3C 5S AC 6S 5H AD 3D 2C")
    turn(st, "3D", "ask suit missing")
    assert last(st, "ask").get("answer") is False  # East holds ♠5, yet 'no'
    st = start("4D 2H 6H 3C 5S AC 6S 5H 3D AD", table_cards=3)
    turn(st, "3D", "ask suit missing")  # ♠6 ♥5 ♦A: East's weapon is a shovel
    assert last(st, "ask").get("answer") is False
    st = start("4D 2H 6H 3C AC 5S 6S 5H 3D AD", table_cards=3)  # East holds ♣A
    assert st.cases[EAST] == (parse_card("2H").index, parse_card("AC").index)
    turn(st, "3D", "ask suit missing")
    assert last(st, "ask").get("answer") is True  # a club: missing


# ------------------------------------------------------------------ guesses
def test_a_right_guess_wins_at_once() -> None:
    st = start()
    turn(st, "3D", "guess 25 love shovel")
    assert st.terminal and st.winners() == (NORTH,) and st.scores == [1, 0, 0]
    e = last(st, "guess")
    assert e.text == "North names East's case as love, shovel, 7:25: right"
    assert st.outcome is not None and st.outcome.summary.endswith("North wins")
    assert st.utility(NORTH) == 1.0 and st.utility(EAST) == 0.0


def test_a_wrong_guess_costs_the_next_turn_without_a_card_turned_up() -> None:
    st = start()
    turn(st, "3D", "guess 26 love shovel")
    assert last(st, "guess").get("right") is False and not st.terminal
    assert st.seat_status(NORTH) == "loses a turn"
    turn(st, "5H", "ask suit there")
    turn(st, "AD", "ask suit there")
    skip = last(st, "skip")
    assert skip.seat == NORTH and st.to_move == (EAST,)
    # no card was turned up for North: East turned up the deck's next card
    flips = [e for e in st.events if e.kind == "flip"]
    assert [e.seat for e in flips] == [NORTH, EAST, WEST, EAST]
    turn(st, "6S", "ask suit there")
    turn(st, "2C", "ask suit there")
    assert st.to_move == (NORTH,) and st.seat_status(NORTH) == ""


def test_a_guess_is_named_pick_by_pick_numbers_low_to_high_then_motive_then_weapon() -> None:
    st = start()
    st.apply("cover 3D", NORTH)
    assert "'guess'" in refused(st, "cover 6S", NORTH)
    st.apply("guess", NORTH)
    assert st.phase == "name" and st.prompt(NORTH).endswith("number 1 of 2, low to high")
    st.apply("number 5", NORTH)
    assert [str(a) for a in st.legal_actions(NORTH)] == ["number 5", "number 6"]
    assert "low to high" in refused(st, "number 2", NORTH)
    st.apply("number 5", NORTH)
    assert "the motive" in refused(st, "weapon bat", NORTH)
    st.apply("motive love", NORTH)
    st.apply("weapon shovel", NORTH)
    # ♥5 ♠5 is no case East can hold (♥5 lies on the table) but may still be named
    assert last(st, "guess").text == "North names East's case as love, shovel, 10:55: wrong"
    kinds = [e.kind for e in st.events]
    g = kinds.index("guess")
    assert kinds[g - 5 : g] == ["naming"] * 5 and kinds[g + 1] == "flip"


def test_the_cap_ends_the_game_with_no_winner() -> None:
    st = start(max_rounds=2)
    for _ in range(6):
        turn(st, st.table()[0].code, "ask suit there")
    assert st.terminal and st.winners() == ()
    assert st.outcome is not None and "cap of 2 rounds" in st.outcome.summary
    assert st.outcome.summary.endswith("Nobody wins")
    assert cardlab.load("tod").spec.may_end_without_winner


def test_an_empty_deck_is_rebuilt_from_the_covered_table_cards() -> None:
    # four players, complicated: 16 case cards, 4 on the table, a deck of 4
    st = start(players=4, complicated=True)
    assert len(st.deck) == 3
    for _ in range(4):
        turn(st, st.table()[0].code, "ask suit there")
    assert st.current == "chance"
    covered = sorted(c.code for c in st.chance.cards)  # type: ignore[union-attr]
    assert len(covered) == 4
    st.apply(st.sample_chance(random.Random(2)))
    assert last(st, "reshuffle").get("count") == 4 and st.phase == "cover"
    assert [len(s) for s in st.stacks] == [1, 1, 1, 1]


def test_first_player_option() -> None:
    st = start(first_player=2)
    assert st.to_move == (WEST,) and last(st, "flip").seat == WEST


# ------------------------------------------------------------------ variants
def test_more_or_fewer_table_cards() -> None:
    assert len(start(table_cards=5).table()) == 5
    assert len(start(table_cards=3).table()) == 3


def test_head_start_tells_the_hour_in_private() -> None:
    st = start(head_start="0")
    assert st.observation(NORTH).info["told"] == 7  # East's ♥2 ♠5
    assert "told" not in st.observation(EAST).info
    assert not any(e.kind == "told" for e in st.observation(EAST).history)
    know = knowledge(st.observation(NORTH))
    assert all(sum(case[0]) == 7 for case in case_weights(know))
    with pytest.raises(OptionError, match="beyond"):
        start(head_start="3")


def test_the_complicated_case_holds_two_motives_and_two_weapons() -> None:
    st = start("4D 2H 6H 5D 5H AD 3C 5S AC 4C 6S 2C 2S 4H 3H 3D", complicated=True)
    assert [len(c) for c in st.cases] == [4, 4, 4]
    # North solves East: ♥6 ♦5 ♣A ♣4, named without order
    assert [c.code for c in st.table()] == ["2S", "4H", "3H", "3D"]
    st.apply("cover 3D", NORTH)
    assert len(st.legal_actions(NORTH)) == 5
    name(st, "guess 1456 greed love bat bat", NORTH)
    assert st.winners() == (NORTH,)
    told = start(complicated=True, head_start="all")
    assert told.observation(WEST).info["told"] == sum(CARDS[i].rank for i in told.cases[NORTH])


# ------------------------------------------------------------------ analysis
def test_cases_left_are_counted_exactly_and_shrink_with_each_answer() -> None:
    st = start()
    obs = st.observation(NORTH)
    seen = set(parse_cards(f"4D 3C {TABLE} 2C"))
    reds = [c for c in USED if c.red and c not in seen]
    blacks = [c for c in USED if not c.red and c not in seen]
    brute = {case_of((r, b)) for r in reds for b in blacks}
    a = analyse(obs)
    assert a.cases == len(brute) == len(solutions_left(obs))
    turn(st, "5H", "ask number there")  # yes, against 6 2 1 3
    after = {c for c in brute if {*c[0]} & {6, 2, 1, 3}}
    a2 = analyse(st.observation(NORTH))
    assert a2.cases == len(after) < a.cases and a2.bits < a.bits


def test_the_information_of_a_question_is_the_entropy_of_its_answer() -> None:
    st = start()
    turn(st, "5H", "ask number there")
    turn(st, "2C", "ask suit there")
    turn(st, "AD", "ask suit there")
    a = analyse(st.observation(NORTH))
    for p, bits in a.questions.values():
        assert bits == pytest.approx(entropy((p, 1 - p)) if 0 < p < 1 else 0)
        assert 0 <= bits <= 1
    assert entropy((1, 1, 1, 1)) == pytest.approx(2) and math.isclose(entropy((5,)), 0)
    lines = odds(st.observation(NORTH))
    assert len(lines) == 5 and next(iter(lines)).startswith(f"{a.cases} cases left")


def test_the_bot_asks_the_most_informative_question_and_guesses_the_last_case() -> None:
    st = start()
    st.apply(TodBot(NORTH, 0).act(st.observation(NORTH)), NORTH)
    obs = st.observation(NORTH)
    a = analyse(obs)
    act = TodBot(NORTH, 0).act(obs)
    assert act.verb == "ask", act
    assert a.questions[" ".join(act.args)][1] == max(b for _, b in a.questions.values())
    m = Match("tod", players=3, seed=4, agents="heuristic")
    m.run()
    win = next(e for e in m.events if e.kind == "guess" and e.get("right"))
    assert win.seat in m.winners()


def test_the_card_sets_behind_a_case_weight_it() -> None:
    st = start()
    know = knowledge(st.observation(NORTH))
    w = case_weights(know)
    # love, shovel with 2 and 5: ♥2 ♠5 only, since ♥5 lies on the table
    assert w[((2, 5), (HEARTS,), (SPADES,))] == 1
    # with 2 and 4: ♥2 ♠4 or ♥4 ♠2, both unseen
    assert w[((2, 4), (HEARTS,), (SPADES,))] == 2
    assert all(v in (1, 2) for v in w.values())
    assert set(QUESTIONS) == set(analyse(st.observation(NORTH)).questions)


# ------------------------------------------------------------------ worlds
def test_sampled_worlds_keep_the_seat_view_through_reshuffles() -> None:
    rng = random.Random(3)
    checked = reshuffled = 0
    for seed in range(3):
        m = Match("tod", players=4, seed=seed, agents="random_asker", complicated=True)
        while not m.terminal and m.state.turns < 14:
            st = m.state
            if st.to_move:
                seat = st.to_move[0]
                obs = st.observation(seat)
                world = TodState.sample_world(m.game, obs, rng)
                assert world.observation(seat) == obs
                checked += 1
                reshuffled += any(e.kind == "reshuffle" for e in obs.history)
            m.step()
    assert checked > 20 and reshuffled > 0
