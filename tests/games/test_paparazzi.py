"""Paparazzi scenarios from explicit deals: every rule and ruling, the analysis and the bot.

The explicit deal lists the celebrities in reading order (b2 d2 f2 h2 j2 l2, then b4 …
l4) and the personal decks, each top first (the suits may be given in any order: each
seat's deck is its suit's cards in the order given).  The layout used below:

          a   b   c   d   e   f   g   h   i   j   k   l   m
     1        ·       ·       ·       ·       ·       ·
     2    ·  K♠   ·  Q♠   ·  J♠   ·  K♥   ·  Q♥   ·  J♥   ·
     3        ·       ·       ·       ·       ·       ·
     4    ·  K♦   ·  Q♦   ·  J♦   ·  K♣   ·  Q♣   ·  J♣   ·
     5        ·       ·       ·       ·       ·       ·

With decks in rising order, a seat's lowest card is always in its hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.games.paparazzi import (
    NEXT_TO,
    SPACE_NAMES,
    PaparazziBot,
    PaparazziState,
    majorities,
    personal_deck,
    prospects,
    score_lines,
)

NORTH, SOUTH = 0, 1  # the seats of a two-player game
CELEBS = "KS QS JS KH QH JH KD QD JD KC QC JC"
RISING = {
    2: "AS 2S 3S 4S 5S 6S 7S 8S 9S TS AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
    3: " ".join(f"{r}{s}" for s in "SHD" for r in "23456789T"),
    4: " ".join(f"{r}{s}" for s in "SHDC" for r in "3456789T"),
}


def start(players: int = 2, decks: str | None = None, **options: Any) -> PaparazziState:
    game = cardlab.load("paparazzi", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(celebs=CELEBS, decks=decks or RISING[players], rng=random.Random(1)))
    assert isinstance(st, PaparazziState)
    return st


def play(st: PaparazziState, moves: str) -> None:
    """Lay cards in turn: ``"AS b1, AH b3"``."""
    for move in moves.split(","):
        st.apply(f"place {move.strip()}", st.to_move[0])


def refused(st: PaparazziState, act: str, seat: int) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def codes(zone: Any) -> list[str]:
    return [c.code for c in zone.faces]


# ------------------------------------------------------------------ set up
def test_the_layout_has_32_spaces_each_beside_one_or_two_celebrities() -> None:
    assert len(SPACE_NAMES) == 32
    sizes = [len(n) for n in NEXT_TO]
    # between two celebrities: 5 in each row and 6 between the rows; the ring: 16
    assert sizes.count(2) == 16 and sizes.count(1) == 16
    st = start()
    board = st.observation(SOUTH).zone("board")
    assert board.board is not None and (board.board.rows, board.board.cols) == (5, 13)
    assert codes(board) == CELEBS.split()
    text = str(st.observation(SOUTH))
    assert "· K♠  · Q♠  · J♠  · K♥  · Q♥  · J♥  ·" in text


@pytest.mark.parametrize(("players", "low", "size"), [(2, 1, 10), (3, 2, 9), (4, 3, 8)])
def test_personal_decks_by_player_count_in_seat_suits(players: int, low: int, size: int) -> None:
    for seat, suit in zip(range(players), "♠♥♦♣", strict=False):
        deck = personal_deck(seat, players)
        assert len(deck) == size and deck[0].rank == low and deck[-1].rank == 10
        assert {c.text[-1] for c in deck} == {suit}
    st = start(players)
    obs = st.observation(NORTH)
    assert codes(obs.zone("hand", NORTH)) == [c.code for c in personal_deck(NORTH, players)[:3]]
    assert all(len(obs.zone("hand", s)) == 3 for s in range(players))
    assert all(len(obs.zone("deck", s)) == size - 3 for s in range(players))


def test_the_deal_refuses_a_number_card_among_the_celebrities() -> None:
    game = cardlab.load("paparazzi")
    with pytest.raises(IllegalActionError):
        game.deal(celebs="KS QS JS KH QH JH KD QD JD KC QC 9S")
    with pytest.raises(IllegalActionError, match="out of play"):
        cardlab.load("paparazzi", players=3).deal(decks="AS")


def test_four_players_fill_all_32_spaces() -> None:
    st = start(4)
    while not st.terminal:
        seat = st.to_move[0]
        st.apply(st.legal_actions(seat)[0], seat)
    assert all(c >= 0 for c in st.spaces) and st.laid == 32


# ------------------------------------------------------------------ the turn
def test_lay_a_card_from_hand_then_draw_the_next() -> None:
    st = start()
    assert st.to_move == (NORTH,)
    legal = st.legal_actions(NORTH)
    assert len(legal) == 3 * 32 and legal[0] == "place AS b1"
    play(st, "AS c2")
    assert "places A♠ at c2, next to K♠ and Q♠" in st.events[-2].text
    obs = st.observation(NORTH)
    assert codes(obs.zone("hand", NORTH)) == ["2S", "3S", "4S"]
    assert st.pips[NORTH][:2] == [1, 1]
    assert st.to_move == (SOUTH,)
    assert "place AS c2" not in {str(a) for a in st.legal_actions(SOUTH)}


def test_refusals_name_the_rule_and_change_nothing() -> None:
    st = start()
    play(st, "AS c2")
    assert "not in your hand" in refused(st, "place 4H c3", SOUTH)
    assert "holds a celebrity" in refused(st, "place AH b2", SOUTH)
    assert "already holds A♠" in refused(st, "place AH c2", SOUTH)
    assert "no space" in refused(st, "place AH a1", SOUTH)
    assert "no space" in refused(st, "place AH c3x", SOUTH)
    assert "place a card" in refused(st, "draw", SOUTH)


def test_the_first_player_option() -> None:
    st = start(3, first_player=2)
    assert st.to_move == (2,)
    with pytest.raises(OptionError, match="first_player"):
        cardlab.load("paparazzi", players=2, first_player=2)


# ------------------------------------------------------------- hidden cards
def test_hands_and_deck_order_stay_hidden() -> None:
    st = start()
    play(st, "AS c2")
    south = st.observation(SOUTH)
    assert all(isinstance(c, Back) for c in south.zone("hand", NORTH).cards)
    # the order of a personal deck is hidden from its owner too
    assert all(isinstance(c, Back) for c in st.observation(NORTH).zone("deck", NORTH).cards)
    teacher = st.observation(None)
    assert all(isinstance(c, Peek) for c in teacher.zone("deck", NORTH).cards)
    draws = [e for e in south.history if e.kind == "draw" and e.seat == NORTH]
    assert draws and all(not e.hidden and "♠" not in e.text.split("draws")[-1] for e in draws)
    mine = [e for e in st.observation(NORTH).history if e.kind == "draw" and e.seat == NORTH]
    assert [c.code for e in mine for c in e.hidden] == ["AS", "2S", "3S", "4S"]


# ------------------------------------------------------------------ scoring
def test_majorities_and_ties_take_nobody() -> None:
    pips = [[5, 3, 0] + [0] * 9, [5, 4, 0] + [0] * 9, [2, 4, 1] + [0] * 9]
    assert majorities(pips)[:4] == [-1, -1, 2, -1]


def test_celebrity_points_and_suit_bonuses() -> None:
    celebs = [c.index for c in parse_cards(CELEBS)]
    # North takes all three spades and K♥; South Q♦ and J♦
    takers = [0, 0, 0, 0, -1, -1, -1, 1, 1, -1, -1, -1]
    north, south = score_lines(celebs, takers, 2)
    assert north == [
        (5, "takes K♠"),
        (4, "takes Q♠"),
        (3, "takes J♠"),
        (5, "takes K♥"),
        (3, "3 ♠ celebrities"),
    ]
    assert south == [(4, "takes Q♦"), (3, "takes J♦"), (2, "2 ♦ celebrities")]


GAME = (
    "AS b1, AH b3, 2S d1, 2H h1, 3S f1, 3H j1, 4S c2, 4H l1, 5S a4, 5H k2, "
    "6S b5, 6H d5, 7S e2, 7H f5, 8S h5, 8H h3, 9S j5, 9H l5, TS m2, TH d3"
)


def test_a_whole_game_scored_celebrity_by_celebrity() -> None:
    st = start()
    play(st, GAME)
    assert st.terminal
    snaps = [e.text for e in st.events if e.kind == "snap"]
    assert snaps[0] == "North snaps K♠ at b2 (North 5 · South 1)"
    assert snaps[1] == "North snaps Q♠ at d2 (North 13 · South 10)"  # 4♠ and 7♠ count twice
    assert snaps[5] == "North snaps J♥ at l2 (North 10 · South 9)"
    assert snaps[9] == "Nobody snaps K♣ at h4: a tie (North 8 · South 8)"
    lines = st.results[-1].lines
    north = [(ln.points, ln.reason) for ln in lines if ln.seat == NORTH]
    south = [(ln.points, ln.reason) for ln in lines if ln.seat == SOUTH]
    assert (3, "3 ♠ celebrities") in north and len(north) == 7
    assert (2, "2 ♥ celebrities") in south and (2, "2 ♦ celebrities") in south
    assert st.scores == [27, 23]
    assert st.outcome is not None and st.outcome.winners == (NORTH,)


def test_a_celebrity_with_no_card_beside_it_goes_to_nobody_and_level_scores_share() -> None:
    st = start()
    # North takes K♠ (5), South K♥ (5); everything else stays level or empty
    play(st, "AS b1, AH h1")
    st.pips = [[1] + [0] * 11, [0, 0, 0, 1] + [0] * 8]
    st._score()
    assert st.scores == [5, 5]
    assert st.outcome is not None and st.outcome.winners == (NORTH, SOUTH)
    assert sum(1 for e in st.events if e.kind == "snap" and e.seat is None) == 10


# ------------------------------------------------------------------ analysis
def test_seat_values_show_leads_secured_and_points_now() -> None:
    st = start()
    play(st, GAME[: GAME.index(", 9S")])
    obs = st.observation(SOUTH)
    assert obs.value(NORTH, "points now") == sum(
        p for p, _ in score_lines(st.celebs, majorities(st.pips), 2)[NORTH]
    )
    assert obs.value(NORTH, "secured") >= 1


# ------------------------------------------------------------------ bot and worlds
def test_the_bot_reads_only_its_observation() -> None:
    a = start()
    b = start(decks="AS 2S 3S 4S 5S 6S 7S 8S 9S TS TH 9H 8H 7H 6H 5H 4H 3H 2H AH")
    bot = PaparazziBot(NORTH)
    assert a.observation(NORTH).zones == b.observation(NORTH).zones
    assert bot.act(a.observation(NORTH)) == bot.act(b.observation(NORTH))


def test_the_bot_takes_a_celebrity_it_can_win_now() -> None:
    st = start()
    play(st, "AS b1, AH c2, 2S d1, 2H b3")
    # South leads K♠ 3 to 1 and K♦ 2 to 0.  The 3♠ at c4 takes K♦ from South and Q♦ from
    # nobody (with the ♦ pair: 16 points of lead), more than at a2 retaking K♠ (12)
    act = PaparazziBot(NORTH).act(st.observation(NORTH))
    assert act == "place 3S c4"
    st.apply(act, NORTH)
    assert majorities(st.pips)[6:8] == [NORTH, NORTH]


def test_sampled_worlds_keep_what_the_seat_saw() -> None:
    st = start(3)
    play(st, "2S c2, 2H h1, 2D b3, 3S d1, 3H j1")
    obs = st.observation(2)
    game = st.game
    for seed in range(5):
        world = PaparazziState.sample_world(game, obs, random.Random(seed))
        got = world.observation(2)
        assert (got.zones, got.legal) == (obs.zones, obs.legal)
        assert sorted(world.hands[2]) == sorted(st.hands[2])
        north_left = {c.index for c in personal_deck(NORTH, 3)} - {st.spaces[i] for i in range(32)}
        assert set(world.hands[NORTH]) <= north_left and len(world.hands[NORTH]) == 3


def test_prospects_say_what_is_secured_open_or_lost() -> None:
    st = start()
    play(st, "AS b1, AH h1, 2S a2, 2H j1, 3S c2, 3H l1, 4S b3, 4H m2, 5S d1, 5H k2, 6S f1, 6H l3")
    got = {p.position: p for p in prospects(st.observation(NORTH))}
    # K♠: North fills all four spaces beside it (1 + 2 + 3 + 4): nobody can catch up
    k = got["b2"]
    assert (k.mine, k.rival, k.free, k.status) == (10, 0, 0, "secured")
    # J♥: South fills all four (3 + 4 + 5 + 6): lost for North, secured for South
    assert (got["l2"].rival, got["l2"].best, got["l2"].status) == (18, -18, "lost")
    assert {p.position: p for p in prospects(st.observation(SOUTH))}["l2"].status == "secured"
    # the table shows every seat's count of secured celebrities
    for seat in (NORTH, SOUTH):
        want = sum(p.status == "secured" for p in prospects(st.observation(seat)))
        assert st.observation(None).value(seat, "secured") == want
    # K♥: South 1 (A♥ at h1), three spaces free; North's best left are 10, 9, 8
    h = got["h2"]
    assert (h.mine, h.rival, h.free, h.status) == (0, 1, 3, "open")
    assert (h.best, h.worst) == (27 - 1, 0 - 1 - 27)
    # Q♠: North 3 + 5; one space free (e2): South's 10 could still level it... not pass it
    q = got["d2"]
    assert (q.mine, q.free, q.worst, q.status) == (8, 2, 8 - 19, "open")
