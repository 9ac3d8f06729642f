"""Break In scenarios from explicit deals: every rule, option and ruling, the text's
scoring example, the odds and the worlds.

An explicit deal gives each stack with the card flipped first first.  With three
players North (seat 0) starts the first round, then East, then West.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import cardlab
from cardlab.core.agents import RandomAgent
from cardlab.core.cards import parse_card, parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.match import Match
from cardlab.core.observation import Back, Peek
from cardlab.core.search import SearchAgent
from cardlab.games.break_in import (
    USED,
    BreakInBot,
    BreakInState,
    knowledge,
    odds,
    stay_value,
    trap_chance,
)

NORTH, EAST, WEST = range(3)


def start(
    piles: list[str], players: int = 3, scouts: tuple[str, ...] | None = None, **options: Any
) -> BreakInState:
    """A round dealt from ``piles`` (cards not given at random), scouted as ``scouts``
    (default: every seat scouts stack 1 where scouting is on)."""
    game = cardlab.load("break_in", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(stacks=piles, rng=random.Random(1)))
    assert isinstance(st, BreakInState)
    if st.phase == "scout":
        for seat, pick in enumerate(scouts or ("scout 1",) * players):
            st.apply(pick, seat)
    return st


def refused(st: BreakInState, act: str, seat: int | None = None) -> str:
    before = (st.observation(None), list(st.scores), len(st.events), list(st.pending))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events), list(st.pending)) == before
    return err.value.reason


def banked(st: BreakInState) -> list[tuple[int, int, str]]:
    return [(ln.seat, ln.points, ln.reason) for ln in st.pending]


def everyone_stays(st: BreakInState) -> None:
    while st.phase == "leave":
        st.apply("stay", st.to_move[0])


# ------------------------------------------------------------------ the set-up
@pytest.mark.parametrize(("players", "count", "size"), [(2, 3, 12), (3, 3, 12), (4, 4, 9)])
def test_sevens_to_tens_are_out_and_the_rest_make_three_stacks_or_four_with_four(
    players: int, count: int, size: int
) -> None:
    assert len(USED) == 36 and not any(7 <= c.rank <= 10 for c in USED)
    game = cardlab.load("break_in", players=players)
    st = game.new_state()
    st.apply(st.sample_chance(random.Random(3)))
    assert isinstance(st, BreakInState)
    assert [len(s) for s in st.stacks] == [size] * count
    obs = st.observation(0)
    assert [z.name for z in obs.zones if z.name.startswith("stack")] == [
        f"stack{k + 1}" for k in range(count)
    ]


@pytest.mark.parametrize(("players", "stacks", "size"), [(2, 4, 9), (4, 3, 12)])
def test_the_stacks_option_deals_three_or_four_stacks_at_any_table(
    players: int, stacks: int, size: int
) -> None:
    st = start([], players=players, stacks=stacks)
    assert [len(s) for s in st.stacks] == [size] * stacks


def test_a_starting_seat_beyond_the_table_is_refused() -> None:
    with pytest.raises(OptionError, match="first_player"):
        cardlab.load("break_in", players=3, first_player=3)
    assert cardlab.load("break_in", players=4, first_player=3).options.first_player == 3


# ------------------------------------------------------------------ scouting
def test_scouting_picks_are_secret_until_everyone_has_picked() -> None:
    game = cardlab.load("break_in", players=3)
    st = game.new_state()
    st.apply(game.deal(stacks=["2S 3S 4S", "2H", "2D"], rng=random.Random(1)))
    assert st.phase == "scout" and st.to_move == (0, 1, 2)
    st.apply("scout 2", NORTH)
    assert st.to_move == (1, 2)
    for viewer in (EAST, WEST, "spectator"):
        obs = st.observation(viewer)
        text = " ".join(e.text_for(viewer) for e in obs.history)
        assert "stack 2" not in text and "has decided" in text
        assert "your_scout" not in obs.info
        assert obs.value(NORTH, "scout") == "chosen"
    assert st.observation(NORTH).info["your_scout"] == "scout stack 2"
    assert "scout stack 2" in st.observation(NORTH).history[-1].text_for(NORTH)
    assert refused(st, "scout 1", NORTH) == "it is not North's turn; waiting for East, West"
    st.apply("scout 1", EAST)
    st.apply("scout 2", WEST)
    reveal = next(e for e in st.events if e.kind == "scouts")
    assert reveal.text == "Scouting: North stack 2; East stack 1; West stack 2"
    assert reveal.get("scouts") == (2, 1, 2)
    assert st.phase == "flip" and st.to_move == (NORTH,)


def test_a_scout_sees_what_its_stack_holds_but_not_the_order_and_nobody_else_does() -> None:
    first = "QS 2S 6H JC AD 5C 4S KD 3H QH 2C 6S"
    st = start([first], scouts=("scout 1", "scout 2", "scout 1"))
    stack1 = parse_cards(first)
    for seat in (NORTH, WEST):
        z = st.observation(seat).zone("scouted", seat)
        assert set(z.faces) == set(stack1)
        assert list(z.faces) == sorted(stack1, key=lambda c: c.index)  # not the deal's order
        assert z.label == "Scouted stack 1"
        assert st.observation(seat).info["scouted_left"] == "stack 1: 4 guards, 8 cash worth 29"
        # the stack itself still shows only backs
        assert all(isinstance(e, Back) for e in st.observation(seat).zone("stack1").cards)
    east = st.observation(EAST)
    assert not set(stack1) & east.faces()
    assert east.zone("scouted", NORTH).cards == ()  # who scouted is public, not the faces
    assert east.zone("scouted", NORTH).label == "Scouted stack 1"
    assert "scouted_left" in east.info and "stack 2" in east.info["scouted_left"]
    private = [e for e in st.events if e.kind == "scouted"]
    assert [e.audience for e in private] == [(NORTH, WEST), (EAST,)]
    assert private[0].secret is not None and "North and West see what stack 1 holds" in (
        private[0].secret
    )
    seen_by_east = [e for e in east.history if e.kind == "scouted" and e.get("stack") == 1]
    assert [e.text for e in seen_by_east] == ["North and West look through stack 1"]
    assert not seen_by_east[0].hidden and seen_by_east[0].secret is None
    # the teacher sees every face, unmarked where a scout knows it
    teacher = st.observation(None)
    assert not any(isinstance(e, Peek) for e in teacher.zone("stack1").cards)
    assert all(isinstance(e, Peek) for e in teacher.zone("stack3").cards)


def test_a_scouted_stack_shrinks_in_the_scouts_view_as_it_is_flipped() -> None:
    st = start(["2S 3S 4S"], scouts=("scout 1", "scout 2", "scout 3"))
    st.apply("flip 1", NORTH)
    assert parse_card("2S") not in st.observation(NORTH).zone("scouted", NORTH).faces
    assert len(st.observation(NORTH).zone("scouted", NORTH).faces) == 11


def test_scouting_refusals_name_the_rule() -> None:
    game = cardlab.load("break_in", players=3)
    st = game.new_state()
    st.apply(game.deal(stacks=[], rng=random.Random(1)))
    assert isinstance(st, BreakInState)
    assert refused(st, "scout 4", NORTH) == "there are only 3 stacks"
    assert refused(st, "pass", NORTH) == "every player scouts a stack in this game"
    assert [str(a) for a in st.legal_actions(NORTH)] == ["scout 1", "scout 2", "scout 3"]
    assert "scout" in refused(st, "flip 1", NORTH)


def test_optional_scouting_lets_a_player_pass_and_off_skips_it() -> None:
    st = start([], scouts=("pass", "scout 3", "pass"), scouting="optional")
    reveal = next(e for e in st.events if e.kind == "scouts")
    assert reveal.text == "Scouting: North scouts nothing; East stack 3; West scouts nothing"
    assert st.observation(NORTH).zone("scouted", NORTH).cards == ()
    assert "scouted_left" not in st.observation(NORTH).info
    off = start([], scouting="off")
    assert off.phase == "flip" and off.to_move == (NORTH,)
    assert not [e for e in off.events if e.kind in ("decide", "scouts", "scouted")]


# ------------------------------------------------------------------ flipping
def test_a_guard_goes_to_the_middle_and_cash_in_front_of_the_flipper() -> None:
    st = start(["JH 2S"], scouting="off")
    st.apply("flip 1", NORTH)
    assert st.observation(EAST).zone("guards").faces == (parse_card("JH"),)
    assert st.observation(EAST).zone("cash", NORTH).faces == ()
    everyone_stays(st)
    assert st.to_move == (EAST,)
    st.apply("flip 1", EAST)
    assert st.observation(NORTH).zone("cash", EAST).faces == (parse_card("2S"),)
    flip = [e for e in st.events if e.kind == "flip"][-1]
    assert flip.text == "East flips 2♠ from stack 1: 2 in cash"


def test_the_flipper_chooses_any_stack_that_still_has_cards() -> None:
    st = start(["JS", "AS 2S 3S 4S 5S 6S AH 2H 3H"], players=2, stacks=4, scouting="off")
    assert [str(a) for a in st.legal_actions(NORTH)] == ["flip 1", "flip 2", "flip 3", "flip 4"]
    for _ in range(9):  # stack 2 holds only cash: flip it empty
        st.apply("flip 2", st.to_move[0])
        everyone_stays(st)
    assert "flip 2" not in [str(a) for a in st.legal_actions(st.to_move[0])]
    seat = st.to_move[0]
    assert refused(st, "flip 2", seat) == "stack 2 is empty: flip from a stack that still has cards"
    assert refused(st, "flip 5", seat).startswith("turn the top card of a stack: 'flip 1'")
    st.apply("flip 1", seat)
    flip = [e for e in st.events if e.kind == "flip"][-1]
    assert flip.text.endswith("flips J♠ from stack 1: a guard")


def test_after_each_flip_those_inside_are_asked_from_the_flippers_left_flipper_last() -> None:
    st = start(["2S 3S 4S 5S"], players=4, scouting="off")
    st.apply("flip 1", NORTH)
    asked = []
    while st.phase == "leave":
        seat = st.to_move[0]
        asked.append(seat)
        st.apply("leave" if seat == 2 else "stay", seat)
    assert asked == [1, 2, 3, 0]
    said = [e.text for e in st.events if e.kind == "answer"]
    assert said == ["East stays", "South leaves", "West stays", "North stays"]
    assert st.to_move == (1,)  # the next seat clockwise still inside flips
    st.apply("flip 1", 1)
    asked = []
    while st.phase == "leave":
        asked.append(st.to_move[0])
        st.apply("stay", st.to_move[0])
    assert asked == [3, 0, 1]  # South has left: not asked again
    assert st.to_move == (3,)  # and skipped as flipper
    assert "leave" in refused(st, "leave", 3) or "flip" in refused(st, "leave", 3)


def test_a_player_alone_in_the_bank_is_asked_after_its_own_flips() -> None:
    st = start(["2S 3S 4S"], players=2, scouting="off")
    st.apply("flip 1", NORTH)
    st.apply("leave", 1)
    st.apply("stay", NORTH)
    assert st.to_move == (NORTH,) and st.phase == "flip"
    st.apply("flip 1", NORTH)
    assert st.phase == "leave" and st.to_move == (NORTH,)
    assert st.prompt(NORTH) == "Leave now with 7, or stay in the bank? ('leave' or 'stay')"


# ------------------------------------------------------------------ leaving
def test_the_scoring_example_four_ace_three_and_twelve_cards_on_the_table_bank_twenty() -> None:
    # North flips 4♠ A♠ 3♠ (and a guard), East and West seven cash between them, and
    # there are two guards: North leaves with 8 + 12 = 20.
    order = "4S 2H 5D AS 3C JH 3S 6C 4D QC 5H 2D"
    st = start([order], scouting="off")
    for k in range(12):
        st.apply("flip 1", st.to_move[0])
        if k < 11:
            everyone_stays(st)
    assert st.to_move == (NORTH,)  # asked first: West flipped last
    obs = st.observation(NORTH)
    assert [pip for c in obs.zone("cash", NORTH).faces for pip in [c.rank]] == [4, 1, 3]
    assert sum(len(obs.zone("cash", s).faces) for s in (EAST, WEST)) == 7
    assert len(obs.zone("guards").faces) == 2
    st.apply("leave", NORTH)
    assert banked(st) == [(NORTH, 20, "cash banked on leaving")]
    assert st.events[-1].text == "North leaves with 20: 8 in cash and 12 for the cards on the table"
    assert st.banked[NORTH] == 20


def test_a_leavers_cash_stays_on_the_table_and_counts_for_later_leavers() -> None:
    st = start(["6S 5S 4S"], scouting="off")
    st.apply("flip 1", NORTH)  # 6♠ to North
    st.apply("stay", EAST)
    st.apply("stay", WEST)
    st.apply("leave", NORTH)  # 6 + 1
    assert st.observation(EAST).zone("cash", NORTH).faces == (parse_card("6S"),)
    st.apply("flip 1", EAST)  # 5♠ to East
    st.apply("leave", WEST)  # 0 + 2: North's 6♠ and East's 5♠
    st.apply("leave", EAST)  # 5 + 2
    assert [(ln.seat, ln.points, ln.reason) for ln in st.results[-1].lines] == [
        (NORTH, 7, "cash banked on leaving"),
        (WEST, 2, "cash banked on leaving"),
        (EAST, 7, "cash banked on leaving"),
    ]
    assert st.results[-1].summary == "Everyone has left"
    assert st.scores == [7, 7, 2]


def test_the_second_guard_of_a_suit_catches_everyone_inside_who_gets_nothing() -> None:
    st = start(["JH 6S QS 5C KH 2D"], scouting="off")
    st.apply("flip 1", NORTH)  # J♥
    everyone_stays(st)
    st.apply("flip 1", EAST)  # 6♠ to East
    st.apply("leave", WEST)  # 0 + 2
    everyone_stays(st)
    st.apply("flip 1", NORTH)  # Q♠: a first spade guard
    everyone_stays(st)
    st.apply("flip 1", EAST)  # 5♣ to East
    everyone_stays(st)
    st.apply("flip 1", NORTH)  # K♥: a second heart
    caught = next(e for e in reversed(st.events) if e.kind == "caught")
    assert caught.text == "A second guard of ♥: the trap springs and catches North and East"
    assert caught.get("caught") == (NORTH, EAST)
    assert not [e for e in st.events[-3:] if e.kind == "answer"]  # nobody is asked
    assert st.results[-1].points == (0, 0, 2)
    assert st.results[-1].summary == "The guards catch North and East"
    obs = st.observation(WEST)
    assert obs.zone("guards").faces == parse_cards("JH QS KH")
    assert [s.status for s in obs.seats] == ["caught", "caught", "out"]


def test_a_first_guard_of_each_suit_is_safe() -> None:
    st = start(["JH QS KD JC AS"], scouting="off")
    for _ in range(4):
        st.apply("flip 1", st.to_move[0])
        everyone_stays(st)
    assert not st.results and st.phase == "flip"
    st.apply("flip 1", st.to_move[0])
    assert st.phase == "leave"


# ------------------------------------------------------------------ rounds
def test_five_rounds_the_lowest_total_starts_ties_from_the_last_starters_left() -> None:
    game = cardlab.load("break_in", players=3, scouting="off")
    st = game.new_state()
    assert isinstance(st, BreakInState)

    def round_(stack: str, leaves: list[int]) -> None:
        st.apply(game.deal(stacks=[stack], rng=random.Random(2)))
        st.apply("flip 1", st.to_move[0])
        for seat in leaves:
            assert st.to_move == (seat,)
            st.apply("leave", seat)

    round_("2S", [EAST, WEST, NORTH])  # North 3, East 1, West 1
    assert st.scores == [3, 1, 1]
    assert st.observation(None).info["starter"] == NORTH
    st.apply(game.deal(stacks=["2H"], rng=random.Random(2)))
    # East and West tie for lowest: the first clockwise from North's left is East
    assert st.starter == EAST and st.to_move == (EAST,)
    st.apply("flip 1", EAST)
    for seat in (WEST, NORTH, EAST):
        st.apply("leave", seat)
    assert st.scores == [4, 4, 2]
    round_("2D", [])  # West, lowest, starts
    assert st.starter == WEST
    for seat in (NORTH, EAST, WEST):
        st.apply("leave", seat)
    # 4+1, 4+1, 2+3: a three-way tie, the first clockwise from West's left is North
    assert st.scores == [5, 5, 5]
    round_("2C", [])
    assert st.starter == NORTH
    for seat in (EAST, WEST, NORTH):
        st.apply("leave", seat)
    round_("3C", [])
    assert st.starter == EAST  # North 8, East 6, West 6: tie from North's left
    for seat in (WEST, NORTH, EAST):
        st.apply("leave", seat)
    assert st.terminal and len(st.results) == 5
    assert st.outcome is not None and st.outcome.winners == (EAST,)  # 6 + 4 = 10


def test_the_starting_seat_opens_the_first_round_and_ties_share_the_win() -> None:
    game = cardlab.load("break_in", players=2, first_player=1, rounds=1, scouting="off")
    st = game.new_state()
    st.apply(game.deal(stacks=["2S"], rng=random.Random(2)))
    assert st.to_move == (1,)
    st.apply("flip 1", 1)
    st.apply("leave", NORTH)
    st.apply("stay", 1)
    st.apply("flip 1", 1)
    st.apply("leave", 1)
    assert st.terminal and st.scores[NORTH] == 1
    game2 = cardlab.load("break_in", players=2, rounds=1, scouting="off")
    st2 = game2.new_state()
    st2.apply(game2.deal(stacks=["JS"], rng=random.Random(2)))
    st2.apply("flip 1", NORTH)
    st2.apply("leave", 1)
    st2.apply("leave", NORTH)
    assert st2.scores == [1, 1] and st2.outcome is not None
    assert st2.outcome.winners == (0, 1) and "share the win" in st2.outcome.summary


# ------------------------------------------------------------------ odds
def test_the_trap_chance_counts_the_guards_of_guarded_suits_among_the_unseen_cards() -> None:
    st = start(["JH 2S"], scouting="off")
    st.apply("flip 1", NORTH)
    obs = st.observation(EAST)
    know = knowledge(obs)
    assert len(know.pool) == 35 and know.guarded == frozenset({parse_card("JH").suit})
    # the Q♥ and K♥ among 35 unseen cards, whichever stack
    assert trap_chance(know, 0) == trap_chance(know, 2) == Fraction(2, 35)
    table = odds(obs)
    label = next(iter(table))
    assert label.startswith("stack 1 springs the trap; one more flip: ")
    assert table[label] == pytest.approx(2 / 35)
    # East, asked: staying one more flip (North's or West's? East flips next) ...
    assert st.to_move == (EAST,)
    ev = stay_value(know, 0, mine=True)
    cash = [c for c in know.pool if c.rank <= 10]
    safe = 35 - 2
    assert ev == Fraction(safe * (0 + 1 + 1) + sum(c.rank for c in cash), 35)
    assert label.endswith(f"{float(ev):.1f} on average, leaving now: 1")


def test_a_scout_counts_its_own_stack_exactly() -> None:
    st = start(
        ["JH 2S QH 3S KS 4S 5S 6S AS AC 2C 3C", "KH 2H 3H 4H 5H 6H AH 2D 3D 4D 5D 6D"],
        scouts=("scout 1", "scout 2", "scout 2"),
    )
    st.apply("flip 1", NORTH)  # J♥
    north = knowledge(st.observation(NORTH))
    assert north.stacks[0] is not None and len(north.stacks[0]) == 11
    assert trap_chance(north, 0) == Fraction(1, 11)  # the Q♥ is in it, the K♥ is not
    # the other stacks share the 24 cards North has not seen
    assert trap_chance(north, 1) == Fraction(1, 24)
    east = knowledge(st.observation(EAST))
    assert trap_chance(east, 0) == Fraction(1, 23)  # East knows the K♥ is in stack 2
    assert trap_chance(east, 1) == Fraction(1, 12)
    assert "stack 1 springs the trap (scouted)" in " ".join(odds(st.observation(NORTH)))
    spectator = knowledge(st.observation("spectator"))
    assert trap_chance(spectator, 0) == Fraction(2, 35)
    assert all("average" not in label for label in odds(st.observation("spectator")))


def test_no_odds_while_scouting_or_between_rounds() -> None:
    game = cardlab.load("break_in", players=3)
    st = game.new_state()
    st.apply(game.deal(stacks=[], rng=random.Random(1)))
    assert odds(st.observation(NORTH)) == {}


# ------------------------------------------------------------------ bots and worlds
def test_the_bot_leaves_when_one_more_flip_is_worth_less_than_leaving() -> None:
    st = start(["JH 6S 6H 6D 5S 5H"], scouting="off")
    bot = BreakInBot(EAST)
    said = []
    while EAST not in said[-1:] and not st.results:
        st.apply("flip 1", st.to_move[0])
        while st.phase == "leave":
            seat = st.to_move[0]
            act = str(bot.act(st.observation(EAST))) if seat == EAST else "stay"
            if seat == EAST:
                said.append(act)
            st.apply(act, seat)
            if act == "leave":
                said.append(EAST)
    # 1 with a heart guard out: 34/35 of 2 beats 1; ... 6 + 4 = 10: 30/32 of 11 beats it;
    # after its 5♠ East holds 16, and 29/31 of 17 (West flips next) is less
    assert said == ["stay", "stay", "stay", "stay", "leave", EAST]
    assert st.banked[EAST] == 16


def test_a_sampled_world_keeps_the_scouted_stack_and_the_flips() -> None:
    st = start(["JH 2S QH 3S KS 4S"], scouts=("scout 1", "scout 2", "scout 3"))
    st.apply("flip 1", NORTH)
    everyone_stays(st)
    st.apply("flip 2", EAST)
    obs = st.observation(NORTH)
    for seed in range(5):
        world = BreakInState.sample_world(st.game, obs, random.Random(seed))
        assert isinstance(world, BreakInState)
        assert sorted(world.stacks[0]) == sorted(st.stacks[0])
        assert world.observation(NORTH) == obs
        assert world.scout == [0, 1, 2]


def test_bots_and_the_search_bot_play_whole_games() -> None:
    game = cardlab.load("break_in", players=3, rounds=2)
    m = Match(game, seed=4, agents=[BreakInBot(0), RandomAgent(1, seed=1), BreakInBot(2)])
    m.run()
    assert m.state.terminal and len(m.state.results) == 2
    m2 = Match(cardlab.load("break_in", players=2, rounds=1), seed=5, agents=["heuristic"] * 2)
    while m2.state.phase != "leave":
        m2.step()
    seat = m2.state.to_move[0]
    search = SearchAgent(seat, seed=1, iterations=40)
    search.bind(m2.state.game)
    act = search.act(m2.observation(seat))
    assert str(act) in ("leave", "stay")
