"""Canasta: every rule of the text and of RULINGS.md from explicit deals.

North (seat 0) deals the first hand, so East (seat 1) moves first; North & South are
side 0, East & West side 1.  Second-pack copies are written with a trailing ' (7H').
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab import IllegalActionError
from cardlab.core.cards import CARDS, parse_cards
from cardlab.games.canasta import CanastaState, minimum_for, plan_melds, points
from cardlab.games.canasta.rules import RULES, _at_hand_start
from cardlab.rules import table_melds as tm

NORTH, EAST, SOUTH, WEST = range(4)
# filler hands nobody uses in a scenario
N_FILL = "8C' 9C' TC' JC' 8D' 9D' TD' JD' 5C' 6C' 5D'"
S_FILL = "8H' 9H' TH' JH' 8S' 9S' TS' JS' 5H' 6H' 5S'"
W_FILL = "4C' 6D' 4S' 6S' AD' AC' QD' 9D TH JH TD"


def match(
    east: str,
    *,
    north: str = N_FILL,
    south: str = S_FILL,
    west: str = W_FILL,
    upcard: str = "7D",
    stock: str = "",
    **options: Any,
) -> cardlab.Match:
    g = cardlab.load("canasta", **options)
    deal = g.deal([north, east, south, west], upcard=upcard, stock=stock.split())
    return cardlab.Match(g, deal=deal, seed=1)


def cst(m: cardlab.Match) -> CanastaState:
    st = m.state
    assert isinstance(st, CanastaState)
    return st


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c.index
    return m


def lay(m: cardlab.Match, *picks: str, seat: int = EAST) -> None:
    for p in picks:
        m.play(p, seat)


def side_meld(st: CanastaState, side: int, cards: str) -> None:
    """Put a meld on the table for ``side`` (a position reached earlier in a hand)."""
    st.melds.append(tm.new_meld(RULES, side, mask(cards)))
    st.melded[side] = True
    st.before = st.melded[st.side(st.to_move[0])] if st.to_move else False


# ---------------------------------------------------------------- the deal
def test_the_deal_gives_eleven_cards_and_east_starts() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S")
    st = cst(m)
    assert st.to_move == (EAST,) and st.phase == "draw"
    assert [h.bit_count() for h in st.hands] == [11] * 4
    assert len(st.stock) == 108 - 44 - 1
    obs = m.observation(EAST)
    assert obs.zone("discard").faces[-1].code == "7D"
    assert "draw" in m.legal_actions()


def test_a_wild_or_red_three_upcard_is_covered_and_freezes_the_pile() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", upcard="JK1", stock="2C 3H 8S")
    st = cst(m)
    assert [c for c in st.pile] == [c.index for c in parse_cards("JK1 2C 3H 8S")]
    assert st.frozen and st.frozen_at == 0
    obs = m.observation(WEST)
    assert obs.info["frozen"] and "frozen" in obs.zone("discard").label
    assert any("covered" in t for t in m.event_texts())


def test_red_threes_in_a_hand_go_down_and_are_replaced_at_the_deal() -> None:
    m = match("3H 3D' 7C 7S KH KS KC 5S 6S 9C 9S", stock="8S 3D 4H'")
    st = cst(m)
    # East lays two red threes; the first replacement (8S) stays, the second is a red
    # three again (3D), laid too and replaced by 4H'.
    assert st.red3[1] == mask("3H 3D' 3D")
    assert st.hands[EAST] & mask("8S 4H'") == mask("8S 4H'")
    assert st.hands[EAST].bit_count() == 11
    texts = m.event_texts(NORTH)
    assert any("lays down 3♥ 3♦'" in t for t in texts)
    assert "8♠" not in " ".join(texts)  # the replacement is East's secret


# ---------------------------------------------------------------- melds
def test_the_first_melds_must_reach_the_minimum_together() -> None:
    m = match("7H 7C 7S KH KS KC QH QS QC 9C 4S", stock="5H")
    m.play("draw", EAST)
    lay(m, "meld 7", "meld 7", "meld 7")
    assert m.state.explain("done", EAST) == (
        "your side's first melds must count 50 together: these count 15"
    )
    lay(m, "meld k", "meld k", "meld k")
    assert m.state.explain("done", EAST) == (
        "your side's first melds must count 50 together: these count 45"
    )
    lay(m, "meld q", "meld q")
    assert m.state.explain("done", EAST).startswith("Qs: a meld needs at least 3 cards")
    m.play("meld q", EAST)
    assert "done" in m.legal_actions(EAST)
    m.play("cancel", EAST)
    assert cst(m).hands[EAST].bit_count() == 12 and not cst(m).melds


def test_a_meld_is_finished_before_the_next_rank_is_begun() -> None:
    m = match("7H 7C 7S KH KS KC QH QS QC 9C 2S", stock="5H")
    m.play("draw", EAST)
    m.play("meld 7", EAST)
    assert m.legal_actions(EAST) == ("meld 7", "two 7", "cancel")
    assert "finish the meld of 7s first" in m.state.explain("meld k", EAST)
    lay(m, "meld 7", "meld 7")
    assert {"meld k", "meld q", "two 7"} <= set(m.legal_actions(EAST))
    lay(m, "meld k", "meld k", "meld k", "meld q", "meld q", "meld q", "done")
    assert sorted(mm.key for mm in cst(m).melds) == [7, 12, 13]


def test_picks_that_cannot_reach_the_minimum_are_not_offered() -> None:
    m = match("7H 7C 7S KH KS QC 5S 6S 9C 9S 4S", stock="QD")
    m.play("draw", EAST)
    assert not any(a.startswith("meld") for a in m.legal_actions(EAST))
    assert "cannot lead" in m.state.explain("meld 7", EAST)


def test_an_initial_meld_reaching_fifty_is_laid() -> None:
    m = match("7H 7C 7S KH KS KC QH QS QC 9C 4S")
    m.play("draw", EAST)
    lay(m, "meld 7", "meld 7", "meld 7", "meld k", "meld k", "meld k", "meld q", "meld q")
    lay(m, "meld q", "done")
    st = cst(m)
    assert st.melded == [False, True]
    assert sorted(mm.key for mm in st.melds) == [7, 12, 13]
    assert "opening the side's melds against a minimum of 50" in m.event_texts()[-1]
    # the partner extends the side's melds without a minimum
    assert st.phase == "meld"


def test_wild_cards_two_naturals_and_at_most_three_wilds() -> None:
    m = match("7H 7C 2S 2C 2H JK1 KS KC KH 9C 9S", stock="5D")
    m.play("draw", EAST)
    lay(m, "meld 7", "two 7", "two 7", "two 7")
    assert "joker 7" not in m.legal_actions(EAST)  # a fourth wild card
    lay(m, "meld 7", "meld k", "meld k", "meld k", "done")
    st = cst(m)
    sevens = st.meld_of(1, 7)
    assert sevens is not None and tm.wild_count(RULES, sevens[1].cards) == 3
    assert tm.why_not_meld(RULES, mask("7H 2S JK1")) == (
        "a meld with wild cards needs at least 2 natural cards"
    )


def test_one_meld_per_rank_extensions_go_onto_it() -> None:
    m = match("7H 7C 7S KH KS KC QH QS QC 9S 4S", stock="7D'")
    m.play("draw", EAST)
    lay(m, "meld 7", "meld 7", "meld 7", "meld k", "meld k", "meld k", "meld q", "meld q")
    lay(m, "meld q", "done")
    lay(m, "meld 7", "done")  # the 7♦' drawn joins the 7s on the table
    st = cst(m)
    assert [mm.size for mm in st.melds if mm.key == 7] == [4]
    assert "onto the 7s" in m.event_texts()[-1]


def test_a_natural_canasta_turns_mixed_when_a_wild_joins_it() -> None:
    m = match("7H 7C 7S 7H' 7C' 7S' 2D KS KC KH 9S", stock="7D'")
    m.play("draw", EAST)
    lay(m, *["meld 7"] * 7, "meld k", "meld k", "meld k", "done")
    cst(m)
    obs = m.observation(NORTH)
    zones = [z for z in obs.zones if z.name == "melds"]
    canasta = next(z for z in zones if "canasta" in z.label)
    assert canasta.label == "7s · natural canasta" and canasta.kind == "pile"
    assert canasta.cards[-1].red  # a red card on top
    lay(m, "two 7", "done")
    obs = m.observation(NORTH)
    canasta = next(z for z in obs.zones if z.name == "melds" and "canasta" in z.label)
    assert canasta.label == "7s · mixed canasta"
    assert not canasta.cards[-1].red


# ---------------------------------------------------------------- the pile
def test_the_pile_is_taken_by_melding_its_upcard_and_counts_for_the_minimum() -> None:
    # 7s: upcard + two in hand = 15; Aces 3 × 20 = 60; with the upcard 75 >= 50
    m = match("7H 7C AS AH AC 5S 6S 9C 9S 4S 4H'", upcard="7D", stock="8S 5C JS")
    st = cst(m)
    assert "take pile" in m.legal_actions(EAST)
    lay(m, "take pile", "meld 7", "meld 7", "meld a", "meld a")
    assert "Aces" in m.state.explain("done", EAST) or "As" in m.state.explain("done", EAST)
    lay(m, "meld a", "done")
    assert st.melded[1] and st.pile == []
    assert st.hands[EAST].bit_count() == 11 - 5
    assert st.phase == "meld"


def test_the_upcard_alone_would_not_reach_the_minimum() -> None:
    m = match("7H 7C 5S 6S 9C 9S 4S 4H' JS QS KS", upcard="7D")
    assert "take pile" not in m.legal_actions(EAST)
    assert "reach at most" in m.state.explain("take pile", EAST)


def test_a_frozen_pile_needs_two_natural_cards_of_the_upcard() -> None:
    # the pile is frozen by the first upcard (a two); the top is the 7♦
    natural_and_wild = "7H 2S AS AH AC 5S 6S 9C 9S 4S 4H'"
    m = match(natural_and_wild, upcard="2D", stock="7D 8S")
    assert cst(m).frozen
    assert "take pile" not in m.legal_actions(EAST)
    assert "frozen" in m.state.explain("take pile", EAST)
    m2 = match("7H 7C AS AH AC 5S 6S 9C 9S 4S 4H'", upcard="2D", stock="7D 8S")
    assert "take pile" in m2.legal_actions(EAST)
    lay(m2, "take pile", "meld 7")
    assert "two 7" not in m2.legal_actions(EAST)


def test_an_unfrozen_pile_may_be_taken_with_a_natural_and_a_wild() -> None:
    m = match("7H 2S AS AH AC 5S 6S 9C 9S 4S 4H'", upcard="7D")
    lay(m, "take pile", "meld 7", "two 7", "meld a", "meld a", "meld a", "done")
    assert cst(m).meld_of(1, 7) is not None


def test_the_side_meld_of_the_upcards_rank_takes_an_unfrozen_pile() -> None:
    m = match("5S 6S 9C 9S 4S 4H' JS QS KS 8H 8C", upcard="7D")
    st = cst(m)
    side_meld(st, 1, "7H 7C 7S")
    st.before = True
    assert "take pile" in m.legal_actions(EAST)
    lay(m, "take pile", "done")
    assert [mm.size for mm in st.melds if mm.key == 7] == [4]


def test_the_pile_is_offered_when_some_melds_reach_the_minimum_and_keep_two_cards() -> None:
    # laying every set would leave nothing to discard (no canasta to go out with), but
    # the sevens with the Aces reach 75 and keep six cards: the pile may be taken
    m = match("7H 7C KH KS KC AS AH AC QH QS QC", upcard="7D")
    st = cst(m)
    assert len(st.pile) == 1 and "take pile" in m.legal_actions(EAST)
    lay(m, "take pile", "meld 7", "meld 7", "meld a", "meld a", "meld a", "done")
    assert st.hands[EAST].bit_count() == 6 and st.melded[1]


def test_a_black_three_on_top_blocks_the_pile() -> None:
    m = match("3C 3S' AS AH AC 5S 6S 9C 9S 4S 4H'", upcard="3S")
    assert "take pile" not in m.legal_actions(EAST)
    assert "black three" in m.state.explain("take pile", EAST)


def test_a_discarded_wild_card_freezes_the_pile() -> None:
    m = match("2C 7C 5S 6S 9C 9S 4S 4H' JS QS KS", stock="8H")
    m.play("draw", EAST)
    m.play("discard 2C", EAST)
    st = cst(m)
    assert st.frozen and "the pile is frozen" in m.event_texts()[-1]


def test_a_red_three_in_a_taken_pile_goes_down_unreplaced() -> None:
    m = match("7H 7C AS AH AC 5S 6S 9C 9S 4S 4H'", upcard="3D", stock="7D 8S")
    st = cst(m)
    lay(m, "take pile", "meld 7", "meld 7", "meld a", "meld a", "meld a", "done")
    assert st.red3[1] == mask("3D")
    assert st.hands[EAST].bit_count() == 11 - 5 + 0  # 7D went into the meld, 3D down


# ---------------------------------------------------------------- going out
def test_going_out_needs_a_canasta() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", stock="4D'")
    st = cst(m)
    st.hands[EAST] = mask("7H 7C 7S")
    side_meld(st, 1, "KH KS KC")
    m.play("draw", EAST)
    # melding the sevens would leave one card to go out with: the pick is not offered
    assert m.legal_actions(EAST) == ("discard 7C", "discard 7H", "discard 7S", "discard 4D'")
    assert "going out needs 1 canasta" in m.state.explain("meld 7", EAST)


def test_going_out_scores_the_hand_with_its_bonus() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", stock="4D'")
    st = cst(m)
    st.hands[EAST] = mask("7H 7C 7S")
    side_meld(st, 1, "KH KS KC KD KH' KS' KC'")
    st.before = True
    m.play("draw", EAST)
    lay(m, "meld 7", "meld 7", "meld 7", "done")
    assert m.legal_actions(EAST) == ("discard 4D'",)
    m.play("discard 4D'", EAST)
    assert st.hand_number == 1
    lines = {ln.reason: ln.points for ln in st.results[-1].lines if ln.team == 1}
    assert lines["going out"] == 100 and lines["1 natural canasta"] == 500
    assert lines["cards melded"] == 3 * 5 + 7 * 10


def test_a_concealed_going_out_scores_200() -> None:
    hand = "7H 7C 7S 7D 7H' 7C' 7S' KH KS KC 9C"
    m = match(hand, stock="9S", upcard="5C", hands=1)
    m.play("draw", EAST)
    lay(m, *["meld 7"] * 7, "meld k", "meld k", "meld k")
    assert "meld 9" not in m.legal_actions(EAST)  # two nines and no wild card
    lay(m, "done")
    m.play("discard 9C", EAST)  # two cards left: 9♣ and 9♠; one more turn needed
    st = cst(m)
    assert not st.terminal
    m2 = match("7H 7C 7S 7D 7H' 7C' 7S' KH KS KC 9C", stock="KD", upcard="5C", hands=1)
    m2.play("draw", EAST)
    lay(m2, *["meld 7"] * 7, "meld k", "meld k", "meld k", "meld k", "done")
    m2.play("discard 9C", EAST)
    res = cst(m2).results[-1]
    reasons = {line.reason: line.points for line in res.lines}
    assert reasons["going out concealed"] == 200
    assert reasons["1 natural canasta"] == 500
    assert reasons["cards melded"] == 7 * 5 + 4 * 10


def test_may_i_go_out_the_partners_answer_binds() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", stock="4D'")
    st = cst(m)
    side_meld(st, 1, "QH QS QC QD QH' QS' QC'")
    assert "ask" in m.legal_actions(EAST)
    m.play("ask", EAST)
    assert st.to_move == (WEST,) and m.legal_actions(WEST) == ("yes", "no")
    assert "may I go out?" in m.observation(WEST).prompt
    m.play("no", WEST)
    assert st.to_move == (EAST,) and "ask" not in m.legal_actions(EAST)
    st.hands[EAST] = mask("7H 7C 7S")
    m.play("draw", EAST)
    assert "meld 7" not in m.legal_actions(EAST)
    assert "your partner said no" in m.state.explain("meld 7", EAST)


def test_a_yes_binds_a_player_who_then_does_not_go_out_loses_100() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", stock="4D'")
    st = cst(m)
    side_meld(st, 1, "QH QS QC QD QH' QS' QC'")
    m.play("ask", EAST)
    m.play("yes", WEST)
    m.play("draw", EAST)
    m.play("discard 4S", EAST)
    assert [(p.reason, p.points) for p in st.pending] == [
        ("East did not go out after asking", -100)
    ]
    obs = m.observation(NORTH)
    assert "East did not go out after asking: -100 for the side" in m.event_texts()
    assert [t.score for t in obs.teams] == [0, -100] and obs.scores == (0, -100, 0, -100)
    # a world is dealt at the totals the hand began with, as the hand's minimums were
    start = _at_hand_start(obs)
    assert [t.score for t in start.teams] == [0, 0] and start.scores == (0, 0, 0, 0)


# ---------------------------------------------------------------- the end of the stock
def test_without_a_stock_a_player_who_cannot_take_the_pile_ends_the_hand() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", hands=1)
    st = cst(m)
    st.stock = [parse_cards("8H")[0].index]
    m.play("draw", EAST)
    m.play("discard 4S", EAST)
    assert st.terminal
    assert "nobody went out" in st.results[-1].summary


def test_a_no_that_leaves_no_way_to_take_the_pile_without_a_stock_ends_the_hand() -> None:
    # East could take the pile only by going out with it; the partner says no
    m = match("7H 7C KH KS KC 5S 6S 9C 9S 4S 4H", upcard="7D", hands=1)
    st = cst(m)
    side_meld(st, 1, "QH QS QC QD QH' QS' QC'")
    st.stock = []
    st.hands[EAST] = mask("7H 7C")
    assert "take pile" in m.legal_actions(EAST)
    m.play("ask", EAST)
    m.play("no", WEST)
    assert st.terminal
    assert "nobody went out" in st.results[-1].summary


def test_without_a_stock_a_player_who_can_take_the_pile_must() -> None:
    m = match(
        "7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", hands=1, south="AS AH 5D 6D 8D QD KD 4H 2H' 8S 4D"
    )
    st = cst(m)
    st.stock = [parse_cards("8H")[0].index]
    st.melded = [True, True]
    side_meld(st, 0, "AC AD AH'")
    m.play("draw", EAST)
    m.play("discard 4S", EAST)
    assert st.to_move == (SOUTH,)
    assert "draw" not in m.legal_actions(SOUTH)


def test_a_red_three_as_the_last_stock_card_ends_the_hand_without_a_discard() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S", hands=1)
    st = cst(m)
    st.stock = [parse_cards("3H'")[0].index]
    st.hands[EAST] = mask("7H 7C 7S KH KS KC QH QS QC 9C 4S")
    m.play("draw", EAST)
    assert st.final and st.red3[1] == mask("3H'")
    assert "end" in m.legal_actions(EAST) and not any(
        a.startswith("discard") for a in m.legal_actions(EAST)
    )
    lay(m, "meld 7", "meld 7", "meld 7", "meld k", "meld k", "meld k", "meld q", "meld q")
    lay(m, "meld q", "done")
    m.play("end", EAST)
    assert st.terminal


# ---------------------------------------------------------------- scoring
def test_four_red_threes_score_800_and_cards_in_hand_count_against() -> None:
    m = match("3H 3D 3H' 3D' 7C 7S KH KS KC 9C 9S", stock="4S 5S 6S 8S 4D'", hands=1)
    st = cst(m)
    assert st.red3[1].bit_count() == 4
    st.stock = []
    m.play("take pile", EAST) if "take pile" in m.legal_actions(EAST) else None
    st._score_hand(None)
    lines = {(ln.reason): ln.points for ln in st.results[-1].lines if ln.team == 1}
    assert lines["4 red threes"] == 800
    assert lines["cards left in East's hand"] == -points(st.hands[EAST])


def test_card_values() -> None:
    assert points(mask("JK1 2C AS KD 8H 7S 4C 3S")) == 50 + 20 + 20 + 10 + 10 + 5 + 5 + 5


def test_minimums_by_score() -> None:
    assert [minimum_for(s) for s in (-10, 0, 1499, 1500, 2999, 3000, 4999)] == [
        15,
        50,
        50,
        90,
        90,
        120,
        120,
    ]


def test_the_game_ends_past_5000_and_level_totals_play_on() -> None:
    g = cardlab.load("canasta")
    st = g.new_state()
    assert isinstance(st, CanastaState)
    st.scores = [5100, 5000, 5100, 5000]
    assert st.game_over()
    st.scores = [5100, 5100, 5100, 5100]
    assert not st.game_over()


# ---------------------------------------------------------------- two players
def test_two_players_deal_fifteen_draw_two_and_need_two_canastas() -> None:
    g = cardlab.load("canasta", players=2)
    deal = g.deal(
        [
            "4C 5C 6C 8C 9C TC JC QC KC AC 4D 5D 6D 8D 9D",
            "7H 7C 7S KH KS KC' 5S 6S 9C' 9S 4S 4H 5H 6H 8H",
        ],
        upcard="7D",
        stock=["QH", "QS"],
    )
    m = cardlab.Match(g, deal=deal, seed=1)
    st = cst(m)
    assert [h.bit_count() for h in st.hands] == [15, 15]
    assert st.to_move == (1,)
    m.play("draw", 1)
    assert st.hands[1].bit_count() == 17
    assert st.need == 2 and "ask" not in m.legal_actions(1)


# ---------------------------------------------------------------- bots and worlds
def test_heuristic_bots_finish_a_game_and_worlds_match_observations() -> None:
    for players in (4, 2):
        g = cardlab.load("canasta", players=players, hands=1)
        m = cardlab.Match(g, seed=3, agents="heuristic")
        m.run()
        assert m.terminal
    g = cardlab.load("canasta", hands=1)
    m = cardlab.Match(g, seed=5, agents="heuristic")
    rng = random.Random(2)
    for _ in range(120):
        if m.terminal:
            break
        m.step()
        st = m.state
        if st.chance is None and not st.terminal:
            seat = st.to_move[0]
            obs = st.observation(seat)
            world = CanastaState.sample_world(g, obs, rng)
            assert world.observation(seat) == obs


def test_the_bot_plans_a_first_meld_reaching_the_minimum() -> None:
    plan = plan_melds(mask("7H 7C 7S KH KS 2C 9C 9S 4S 5S 6S"), {}, melded=False, minimum=50)
    assert plan is not None and plan.count("meld 7") == 3 and "two 9" in plan
    assert plan_melds(mask("7H 7C 7S 9C 9S 4S"), {}, melded=False, minimum=50) is None


def test_bad_actions_name_the_rule() -> None:
    m = match("7H 7C 7S KH KS KC 5S 6S 9C 9S 4S")
    with pytest.raises(IllegalActionError, match="draw first"):
        m.play("meld 7", EAST)
    m.play("draw", EAST)
    with pytest.raises(IllegalActionError, match="no other natural"):
        m.play("meld q", EAST)


def test_worlds_make_every_pick_seen_again() -> None:
    """Worlds order the copies so that each pick seen (the seat's own, one by one; the
    others', meld by meld) takes the same card: worlds are found at random positions of a
    random hand."""
    g = cardlab.load("canasta")
    rng, worlds = random.Random(48), random.Random(48)
    state = g.new_state()
    for _ in range(300):
        if state.terminal:
            break
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(state.to_move)
        if rng.random() < 0.2:
            obs = state.observation(seat)
            assert CanastaState.sample_world(g, obs, worlds).observation(seat) == obs
        acts = state.legal_actions(seat)
        state.apply(acts[rng.randrange(len(acts))], seat)


@pytest.mark.parametrize("aces", ["AH AS'", "AH AS' AC"])
def test_the_copy_a_pick_takes_tells_nothing_of_how_many_are_held(aces: str) -> None:
    """A pick takes the copy first in a hidden order drawn after a random deal: each ace
    held is the one shown equally often, whether two or three are held.  After an explicit
    deal the order is the cards' own, so the lowest-numbered ace is taken."""
    g = cardlab.load("canasta")
    held = aces.split()
    east = " ".join(
        [*held, "JK1", *["KH", "KS", "QH", "QS", "9H", "9S", "8H", "8S"][: 10 - len(held)]]
    )
    deal = g.deal([N_FILL, east, S_FILL, W_FILL], upcard="7D", stock=["5H"])
    runs = 300
    shown: dict[str, int] = {}
    for k in range(runs):
        st = g.new_state()
        st.apply(deal)
        assert st.chance is not None and st.chance.kind == "shuffle"
        st.apply(st.chance.sample(random.Random(k)))
        st.apply("draw", EAST)
        st.apply("meld a", EAST)
        assert isinstance(st, CanastaState)
        sel = st.staged[EAST]
        assert sel is not None
        code = CARDS[sel.picks[0].card].code
        shown[code] = shown.get(code, 0) + 1
    assert sorted(shown) == sorted(held)
    for n in shown.values():
        assert abs(n - runs / len(held)) < 0.12 * runs
    m = match(east, stock="5H")
    m.play("draw", EAST)
    m.play("meld a", EAST)
    sel = cst(m).staged[EAST]
    assert sel is not None and sel.picks[0].card == min(c.index for c in parse_cards(aces))
    assert m.history[1][1].startswith("shuffle ")  # recorded: a replay takes the same copies
