"""Hatchet scenarios from explicit deals: every rule and ruling, the placements and the bot.

The deal lists the pile from its top: the first number card starts the table, upright
with its top left cell at (0, 0); the cards after it are turned in seat order.  A card is
laid with ``lay(st, top, left, turn)``, which names the cell under the card's centre as
the table shows it (three cells past the cards on every side).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import CARDS, parse_card
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back
from cardlab.games.hatchet import (
    PIP_CELLS,
    HatchetBot,
    HatchetState,
    best_turn,
    pips_at,
    shape,
    turns_of,
)

NORTH, SOUTH = 0, 1
#: Four Aces side by side in row 3 after the start: ♣ at column 1, ♦ 3, ♥ 5, ♠ 7.
ACES = "AC AD AH AS 9C"


def start(stock: str, players: int = 2, **options: Any) -> HatchetState:
    game = cardlab.load("hatchet", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(stock=stock, rng=random.Random(1)))
    assert isinstance(st, HatchetState)
    return st


def centre(st: HatchetState, top: int, left: int, turn: int) -> str:
    dr, dc = (3, 1) if turn % 2 == 0 else (1, 3)
    return st.board.name(top + dr, left + dc)


def lay(st: HatchetState, top: int, left: int, turn: int = 0) -> None:
    seat = st.to_move[0]
    st.apply(f"turn {90 * turn}", seat)
    st.apply(f"place {centre(st, top, left, turn)}", seat)


def said(st: HatchetState, kind: str) -> str:
    """The text of the last event of ``kind``."""
    return next(e.text for e in reversed(st.events) if e.kind == kind)


def refused(st: HatchetState, act: str, seat: int) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def four_aces() -> HatchetState:
    """The Aces of ♦ ♥ ♠ laid upright right of the ♣ one, two columns apart each."""
    st = start(ACES)
    for left in (2, 4, 6):
        lay(st, 0, left)
    return st


# ----------------------------------------------------------------- the cards
def test_pip_cells_follow_the_rulings() -> None:
    for rank, cells in PIP_CELLS.items():
        assert len(cells) == len(set(cells)) == rank
    assert set(PIP_CELLS[10]) == (set(PIP_CELLS[9]) - {(3, 1)}) | {(1, 1), (5, 1)}
    assert set(PIP_CELLS[8]) == set(PIP_CELLS[6]) | {(1, 1), (5, 1)}
    assert set(PIP_CELLS[7]) == set(PIP_CELLS[6]) | {(1, 1)}


def test_only_a_seven_looks_different_upside_down() -> None:
    for rank in range(1, 11):
        card = parse_card(f"{'A' if rank == 1 else 'T' if rank == 10 else rank}S").index
        upright = {rc for rc, _ in pips_at(card, 0, 0, 0)}
        flipped = {rc for rc, _ in pips_at(card, 0, 0, 2)}
        assert (upright != flipped) == (rank == 7)
        assert turns_of(card) == ((0, 1, 2, 3) if rank == 7 else (0, 1))
    # a quarter turn lays the card 7 wide and 3 tall: the 2's pips at the ends of row 1
    two = parse_card("2H").index
    assert {rc for rc, _ in pips_at(two, 0, 0, 1)} == {(1, 0), (1, 6)}
    assert shape(1) == (3, 7)


# ----------------------------------------------------------------- setting up
def test_the_first_number_card_starts_the_table_and_pictures_go_under_the_deck() -> None:
    st = start("KS QH 4S 5D")
    assert [(CARDS[c].code, p) for c, p in st.laid] == [("4S", (0, 0, 0))]
    assert [CARDS[c].code for c in st.stock[:2]] == ["QH", "KS"]  # under, bottom first
    assert st.card == parse_card("5D").index and st.to_move == (NORTH,)
    assert "put under the deck" in st.events[0].text
    # everyone saw them: the deck shows them face up at its bottom, the rest face down
    deck = st.observation(SOUTH).zone("stock").cards
    assert [str(e) for e in deck[:2]] == ["Q♥", "K♠"]
    assert all(isinstance(e, Back) for e in deck[2:])


def test_the_first_player_option_and_player_counts() -> None:
    assert start("4S 5D", first_player=1).to_move == (SOUTH,)
    assert start("4S 5D", players=4, first_player=3).to_move == (3,)
    with pytest.raises(OptionError):
        cardlab.load("hatchet", players=2, first_player=2)
    with pytest.raises(OptionError):
        cardlab.load("hatchet", players=5)


# ----------------------------------------------------------------- turning
def test_a_card_is_turned_before_it_is_laid_and_back_turns_it_again() -> None:
    st = start("4S 5D 7C")
    assert [str(a) for a in st.legal_actions()] == ["turn 0", "turn 90"]
    assert "a 7" in refused(st, "turn 180", NORTH)
    st.apply("turn 90", NORTH)
    assert st.phase == "place" and st.legal_actions()[-1] == "back"
    assert "back" in refused(st, "turn 0", NORTH)
    st.apply("back", NORTH)
    assert st.phase == "turn" and st.turn == -1
    lay(st, 2, -3, 1)
    assert [str(a) for a in st.legal_actions()] == ["turn 0", "turn 90", "turn 180", "turn 270"]


# ----------------------------------------------------------------- laying
def test_the_new_card_must_overlap_the_table() -> None:
    st = start("4S 5D")
    st.apply("turn 0", NORTH)
    # upright, one column right of the 4♠: it touches nothing
    assert "overlap" in refused(st, f"place {centre(st, 0, 3, 0)}", NORTH)
    assert "no cell" in refused(st, "place zz99", NORTH)


def test_at_most_one_pip_of_each_suit_is_buried() -> None:
    st = start("4S 5D")
    st.apply("turn 0", NORTH)
    # right over the 4♠: all four of its spades
    assert "♠ twice" in refused(st, f"place {centre(st, 0, 0, 0)}", NORTH)
    # over its right column: the two spades at R1 and R7
    assert "♠ twice" in refused(st, f"place {centre(st, 0, 2, 0)}", NORTH)
    # down by four rows: only the bottom spades ... both of them again, sideways
    st.apply("back", NORTH)
    st.apply("turn 90", NORTH)
    assert "♠ twice" in refused(st, f"place {centre(st, 5, -2, 1)}", NORTH)
    # over the lower right corner only: one spade, one point
    st.apply(f"place {centre(st, 6, 2, 1)}", NORTH)
    assert st.scores == [1, 0] and st.pips_won == [1, 0]
    assert "covering ♠: 1 point" in said(st, "lay")


def test_covering_no_pip_is_legal_and_scores_nothing() -> None:
    st = start("4S 5D")
    lay(st, 2, -3, 1)  # sideways over rows 2-4: the 4♠'s pips are in rows 0 and 6
    assert st.scores == [0, 0]
    assert "covering no pip: 0 points" in said(st, "lay")


def test_one_pip_of_each_suit_scores_four() -> None:
    st = four_aces()
    assert st.scores == [0, 0]  # the Aces' pips sit apart, none under another card
    assert sorted(st.lattice.shown.items()) == [((3, 1), 0), ((3, 3), 1), ((3, 5), 2), ((3, 7), 3)]
    seat = st.to_move[0]
    lay(st, 2, 1, 1)  # 9♣ sideways over row 3, columns 1 to 7
    assert st.scores[seat] == 4
    # the buried pips are gone; the 9♣'s own pips show in their place
    assert {k for (r, _), k in st.lattice.shown.items() if r == 3} == {0}


def test_the_card_s_own_suit_counts_like_any_other() -> None:
    st = start("4S 2S")
    lay(st, 6, 2, 1)  # the 2♠ sideways over the 4♠'s lower right spade
    assert st.scores == [1, 0]
    st = start("4S 2S")
    st.apply("turn 0", NORTH)
    assert "♠ twice" in refused(st, f"place {centre(st, 0, 2, 0)}", NORTH)


# ----------------------------------------------------------------- pictures and the end
def test_pictures_score_two_and_the_tenth_ends_the_game() -> None:
    st = start("5S KS QS JS KH QH JH KD QD JD KC 2C")
    assert st.terminal
    assert st.scores == [10, 10] and [len(p) for p in st.pictures] == [5, 5]
    assert st.winners() == (NORTH, SOUTH)
    assert said(st, "picture").startswith("South turns K♣, picture 10 of 10")
    result = st.results[-1]
    assert {(ln.seat, ln.reason, ln.points) for ln in result.lines} == {
        (NORTH, "pictures", 10),
        (SOUTH, "pictures", 10),
    }


def test_a_picture_passes_the_turn() -> None:
    st = start("5S KH 2C")
    assert st.pictures[NORTH] == [parse_card("KH").index] and st.scores == [2, 0]
    assert st.to_move == (SOUTH,) and st.card == parse_card("2C").index


def test_the_highest_score_wins() -> None:
    st = start(f"{ACES} KS QS JS KH QH JH KD QD JD KC")
    for left in (2, 4, 6):
        lay(st, 0, left)
    lay(st, 2, 1, 1)  # South buries four
    assert st.terminal and st.winners() == (SOUTH,)
    assert st.scores == [10, 14]


# ----------------------------------------------------------------- placements
def test_placements_are_every_legal_place_by_brute_force() -> None:
    game = cardlab.load("hatchet")
    rng = random.Random(7)
    st = game.new_state()
    st.apply(st.sample_chance(rng))
    checked = 0
    while not st.terminal and checked < 6:
        assert isinstance(st, HatchetState)
        if st.phase == "turn":
            occ = set()
            for _, p in st.laid:
                h, w = shape(p.turn)
                occ |= {(p.row + r, p.col + c) for r in range(h) for c in range(w)}
            b = st.lattice.bounds
            assert b is not None
            for turn in (0, 1):
                h, w = shape(turn)
                brute = []
                for t in range(b[0] - h + 1, b[2] + 1):
                    for lf in range(b[1] - w + 1, b[3] + 1):
                        cells = [(t + r, lf + c) for r in range(h) for c in range(w)]
                        kinds = [st.lattice.shown[x] for x in cells if x in st.lattice.shown]
                        if occ.intersection(cells) and len(kinds) == len(set(kinds)):
                            brute.append((t, lf, len(kinds)))
                assert sorted(st.lattice.placements(h, w)) == sorted(brute)
            checked += 1
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts) - (st.phase == "place"))])


def test_the_mover_sees_a_preview_of_each_place() -> None:
    st = four_aces()
    seat = st.to_move[0]
    st.apply("turn 90", seat)
    obs = st.observation(seat)
    table = obs.zone("table")
    names = {p.cell for p in table.previews}
    assert names == {str(a)[6:] for a in obs.legal if a != "back"}
    where = centre(st, 2, 1, 1)
    p = next(p for p in table.previews if p.cell == where)
    assert (p.at.row, p.at.col, p.at.turn) == (2, 1, 1)
    assert sorted(p.cover) == [(3, 1), (3, 3), (3, 5), (3, 7)]
    # others see the table, not the mover's previews
    assert st.observation(1 - seat).zone("table").previews == ()
    assert len(table.marks) == 4


# ----------------------------------------------------------------- hidden information
def test_the_deck_order_stays_hidden_and_sampled_worlds_agree() -> None:
    st = start("KS 4S 5D 6C 7H")
    lay(st, 1, 1)
    obs = st.observation(SOUTH)
    assert all(isinstance(e, Back) for e in obs.zone("stock").cards[1:])
    world = HatchetState.sample_world(st.game, obs, random.Random(3))
    assert isinstance(world, HatchetState)
    got = world.observation(SOUTH)
    assert (got.zones, got.legal, got.phase) == (obs.zones, obs.legal, obs.phase)
    assert world.stock[0] == parse_card("KS").index  # still under the deck


# ----------------------------------------------------------------- the bot
def test_the_bot_turns_and_lays_the_card_where_it_buries_most() -> None:
    st = four_aces()
    seat = st.to_move[0]
    obs = st.observation(seat)
    assert best_turn(obs) == (1, 4)
    bot = HatchetBot(seat)
    st.apply(bot.act(obs), seat)
    assert st.turn == 1
    st.apply(bot.act(st.observation(seat)), seat)
    assert st.scores[seat] == 4


def test_the_text_table_draws_the_pips_cell_by_cell() -> None:
    st = four_aces()
    text = str(st.observation(NORTH))
    assert "♣·♦·♥·♠" in text
