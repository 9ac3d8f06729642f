"""Canfield scenarios from explicit deals: every rule, option and example of the text."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardlab
from cardlab import Match, Replay
from cardlab.core.cards import CARDS, HIDDEN_BACK, parse_card, parse_cards
from cardlab.core.errors import CardlabError, IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.core.solver import replay_line
from cardlab.games import canfield
from cardlab.games.canfield import GAME, CanfieldBot, CanfieldState, solve
from cardlab.games.canfield.solver import Search

RANKS = "A23456789TJQK"


def dealt(seed: int = 1, **parts_and_options: Any) -> CanfieldState:
    """A dealt state: parts (reserve, foundation, tableau, stock) are given, the rest random."""
    parts = {k: v for k, v in parts_and_options.items() if k in GAME.state_class.DEAL.params}
    options = {k: v for k, v in parts_and_options.items() if k not in parts}
    game = cardlab.load("canfield", **options)
    state = game.new_state()
    state.apply(game.deal(rng=random.Random(seed), **parts))
    assert isinstance(state, CanfieldState)
    return state


def codes(state: CanfieldState, zone: str, viewer: Any = 0) -> list[str]:
    return [c.code for c in state.observation(viewer).zone(zone).faces]


def play(state: CanfieldState, *acts: str) -> None:
    for a in acts:
        state.apply(a)


def in_order(base: str = "A") -> list[str]:
    """Every card in foundation order from ``base``: the base rank of each suit, then up."""
    start = RANKS.index(base)
    ranks = RANKS[start:] + RANKS[:start]
    return [r + s for r in ranks for s in "CDHS"]


#: A deal that plays itself home: the reserve, the tableau and the stock hold the cards in
#: the order the foundations (from the Ace) want them.
ORDERED = in_order()
SORTED = {
    "foundation": ORDERED[0],
    "reserve": " ".join(ORDERED[1:14]),
    "tableau": ORDERED[14:18],
    "stock": " ".join(ORDERED[18:]),
}


# ------------------------------------------------------------------ setup
def test_the_deal_lays_out_reserve_foundation_tableau_and_stock() -> None:
    state = dealt(reserve="QH 5D", foundation="3S", tableau=["KC", "9D", "4S", "JH"], stock="2C")
    obs = state.observation(0)
    reserve = obs.zone("reserve").cards
    assert len(reserve) == 13 and reserve[-1] == parse_card("QH")
    assert all(c == Back(HIDDEN_BACK) for c in reserve[:-1])
    assert codes(state, "foundation4") == ["3S"]
    assert [codes(state, f"tableau{k}") for k in range(1, 5)] == [["KC"], ["9D"], ["4S"], ["JH"]]
    assert len(obs.zone("stock")) == 34 and obs.zone("stock").faces == ()
    assert obs.zone("waste").cards == ()
    assert obs.info["base"] == "Three" and obs.info["draw"] == 1
    assert obs.value(0, "home") == 1 and obs.value(0, "reserve") == 13
    # The teacher sees the hidden cards, marked as peeks: the reserve's second card, the
    # stock's top.
    teacher = state.observation(None)
    below = teacher.zone("reserve").cards[-2]
    assert isinstance(below, Peek) and below.card == parse_card("5D")
    top = teacher.zone("stock").cards[-1]
    assert isinstance(top, Peek) and top.card == parse_card("2C")
    deal = state.events[-1]
    assert deal.kind == "deal" and deal.get("base") == 2
    assert deal.get("foundation") == parse_card("3S")
    assert "build from the Three up to the King, then from the Ace up to the Two" in deal.text


def test_explicit_deals_refuse_bad_parts() -> None:
    game = cardlab.load("canfield")
    with pytest.raises(IllegalActionError, match="twice"):
        game.deal(reserve="AS 2S", stock="AS")
    with pytest.raises(IllegalActionError, match="numbered 0 to 3"):
        game.deal(tableau={4: "AS"})
    with pytest.raises(IllegalActionError, match="holds 1 here"):
        game.deal(foundation="3S 4S")
    with pytest.raises(IllegalActionError, match="unknown part hands"):
        game.deal(hands="3S")


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="choose one of 1, 3"):
        cardlab.load("canfield", draw=2)
    with pytest.raises(OptionError, match="'standard', 'casino'"):
        cardlab.load("canfield", scoring="vegas")
    with pytest.raises(OptionError, match="between 1 and 100,000"):
        cardlab.load("canfield", idle_limit=0)
    with pytest.raises(OptionError, match="wrong type"):
        cardlab.load("canfield", draw="3")
    with pytest.raises(OptionError, match="wrong type"):
        cardlab.load("canfield", build_across_base="no")
    rows = {r["option"]: r for r in cardlab.load("canfield").options.describe()}
    help_text = rows["build_across_base"]["help"]
    assert "base rank takes nothing" in help_text
    with pytest.raises(OptionError, match="standard"):
        cardlab.load("canfield", deck="foresight")


# -------------------------------------------------------------- foundations
def test_foundations_build_from_the_first_card_and_wrap_the_texts_example() -> None:
    """A 3 starts the foundations; each one is complete when its 2 is played on it."""
    spades = "4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 3H"
    state = dealt(foundation="3S", reserve=spades, tableau=["AH", "9D", "4C", "JH"])
    with pytest.raises(IllegalActionError, match="♥ foundation needs 3♥ next, not A♥"):
        state.apply("home AH")  # an Ace cannot start a foundation built from the Three
    for card in spades.split()[:-1]:
        state.apply(f"home {card}")
    # The ♠ foundation runs 3♠ … K♠, A♠, 2♠: complete with its Two.
    assert codes(state, "foundation4") == ["3S", *spades.split()[:-1]]
    assert state.found[3] == 13
    assert "home 3H" in state.legal_actions()  # the next card of the base rank starts its own
    state.apply("home 3H")
    assert codes(state, "foundation3") == ["3H"]


def test_a_card_home_never_comes_back() -> None:
    state = dealt(foundation="3S", reserve="4S 5H", tableau=["6C", "9D", "4C", "JH"])
    state.apply("home 4S")
    assert not any(a.args[:1] == ("4S",) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="4♠ is on its foundation, and cards never leave"):
        state.apply("move 4S tableau2")


def test_only_a_top_card_goes_home() -> None:
    state = dealt(foundation="AC", reserve="AH", tableau=["2C", "9D", "KS", "JH"])
    assert "home 2C" in state.legal_actions()
    state.apply("move AH tableau1")  # the red Ace on the black Two covers it
    with pytest.raises(IllegalActionError, match="2♣ is not the top card of tableau1"):
        state.apply("home 2C")


# ------------------------------------------------------------------ tableau
def test_by_default_the_tableau_builds_across_the_base_rank() -> None:
    state = dealt(foundation="QC", reserve="5D 8H", tableau=["QH", "JS", "AD", "KC"])
    assert "move JS tableau1" in state.legal_actions()  # a Jack on a Queen, the base rank
    state.apply("move JS tableau1")
    assert codes(state, "tableau1") == ["QH", "JS"]


def test_without_building_across_the_base_nothing_goes_on_a_base_card() -> None:
    state = dealt(
        foundation="QC",
        reserve="5D 8H 9C",
        tableau=["QH", "JS", "AD", "KC"],
        build_across_base=False,
    )
    legal = state.legal_actions()
    assert not [a for a in legal if str(a).startswith("move JS")]  # no Jack on a Queen
    assert "move KC tableau3" in legal  # the rest still wraps: a King on an Ace
    with pytest.raises(IllegalActionError, match="Q♥: the Queen is the foundations' base rank"):
        state.apply("move JS tableau1")
    assert "J♠ fits on no tableau pile now: it needs an empty pile" in state.explain("move JS")
    assert codes(state, "tableau1") == ["QH"] and codes(state, "tableau2") == ["JS"]


def test_without_building_across_the_base_the_base_decides_which_card_is_stuck() -> None:
    # Base Ace: nothing goes on an Ace, so a King goes nowhere; a Jack goes on a Queen.
    state = dealt(
        foundation="AC",
        reserve="5D 8H",
        tableau=["QH", "JS", "AD", "KC"],
        build_across_base=False,
    )
    legal = state.legal_actions()
    assert "move JS tableau1" in legal and "move KC tableau3" not in legal
    assert state.build.text.startswith("one rank lower, of the other colour; nothing goes on")


def test_without_building_across_the_base_an_empty_pile_still_takes_any_card() -> None:
    reserve = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"  # all go home from the Ace
    state = dealt(
        foundation="AD",
        reserve=reserve,
        tableau=["KS", "AH", "9H", "8S"],
        stock="5D 4H",
        build_across_base=False,
    )
    assert "move KS tableau2" not in state.legal_actions()  # nothing on the A♥
    for card in reserve.split():
        state.apply(f"home {card}")
    state.apply("home AH")
    assert "move KS tableau2" in state.legal_actions()  # into the emptied pile


def test_the_tableau_builds_down_in_alternating_colours_and_a_king_goes_on_an_ace() -> None:
    state = dealt(foundation="5C", reserve="QC 8H", tableau=["KS", "QH", "AD", "2C"])
    legal = state.legal_actions()
    assert "move QH tableau1" in legal  # red Queen on the black King
    assert "move KS tableau3" in legal  # the King on the Ace: ranks wrap
    assert "move AD tableau4" in legal  # red Ace on the black Two
    with pytest.raises(IllegalActionError, match="one rank higher of the other colour"):
        state.apply("move QC tableau1")  # black on black
    with pytest.raises(IllegalActionError, match="not on A♦"):
        state.apply("move 2C tableau3")  # a Two goes on a Three, not on an Ace


def test_a_card_moves_with_every_card_on_it_and_an_emptied_pile_refills_from_the_reserve() -> None:
    state = dealt(foundation="5C", reserve="QC 8H 7S", tableau=["KS", "QH", "AD", "2C"])
    state.apply("move QH tableau1")
    # tableau2 emptied: the reserve's top fills it at once, and its next card turns up.
    assert codes(state, "tableau2") == ["QC"]
    assert state.observation(0).zone("reserve").cards[-1] == parse_card("8H")
    kinds = [e.kind for e in state.events[-3:]]
    assert kinds == ["move", "fill", "reveal"]
    assert state.events[-2].get("target") == "tableau2"
    # The King and the Queen on it go onto the Ace together.
    state.apply("move KS tableau3")
    assert codes(state, "tableau3") == ["AD", "KS", "QH"]
    assert codes(state, "tableau1") == ["8H"]  # refilled again
    event = next(e for e in reversed(state.events) if e.kind == "move")
    assert event.get("count") == 2 and event.cards == tuple(parse_cards("KS QH"))
    # The Ace and the two cards on it go onto the 2♣.
    state.apply("move AD tableau4")
    assert codes(state, "tableau4") == ["2C", "AD", "KS", "QH"]
    assert codes(state, "tableau3") == ["7S"]


def test_part_of_a_pile_may_move() -> None:
    state = dealt(foundation="5C", reserve="8H 9S", tableau=["KS", "QH", "JC", "KC"])
    play(state, "move QH tableau1", "move JC tableau1")  # K♠ Q♥ J♣
    assert codes(state, "tableau1") == ["KS", "QH", "JC"]
    state.apply("move QH tableau4")  # the Q♥ and the J♣ on it go onto the K♣
    assert codes(state, "tableau1") == ["KS"]
    assert codes(state, "tableau4") == ["KC", "QH", "JC"]


def test_only_the_reserve_top_is_available() -> None:
    state = dealt(foundation="5C", reserve="QH 9D", tableau=["KS", "TC", "2D", "3H"])
    assert "move QH tableau1" in state.legal_actions()
    with pytest.raises(IllegalActionError, match="9♦ is face down; only the top cards"):
        state.apply("move 9D tableau2")


def test_once_the_reserve_is_empty_a_space_takes_any_card_by_choice() -> None:
    reserve = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"  # all go home from the Ace
    state = dealt(foundation="AD", reserve=reserve, tableau=["KS", "QH", "9H", "8S"], stock="5D 4H")
    for card in reserve.split():
        state.apply(f"home {card}")
    assert state.observation(0).zone("reserve").cards == ()
    state.apply("move QH tableau1")
    assert codes(state, "tableau2") == []  # nothing fills it by itself now
    legal = state.legal_actions()
    assert "move 8S tableau2" in legal and "move 9H tableau2" in legal
    assert "move KS tableau2" in legal  # a whole pile may move into it (it changes nothing)
    state.apply("draw")
    assert "move 5D tableau2" in state.legal_actions()  # the waste's top too
    state.apply("move KS tableau2")
    assert codes(state, "tableau2") == ["KS", "QH"] and codes(state, "tableau1") == []


# ------------------------------------------------------------- stock and waste
def test_draw_one_turns_one_card_and_redeal_turns_the_waste_over() -> None:
    state = dealt(foundation="AD", reserve="KC", tableau=["KS", "QS", "9S", "8S"], stock="5D 4H 3C")
    state.apply("draw")
    assert codes(state, "waste") == ["5D"]
    state.apply("draw")
    assert codes(state, "waste") == ["5D", "4H"]
    assert state.events[-1].cards == (parse_card("4H"),) and state.events[-1].get("left") == 32
    for _ in range(32):
        state.apply("draw")
    assert len(state.observation(0).zone("stock")) == 0
    assert "redeal" in state.legal_actions() and "draw" not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="'redeal' turns the waste over"):
        state.apply("draw")
    waste = codes(state, "waste")
    state.apply("redeal")
    assert codes(state, "waste") == [] and len(state.observation(0).zone("stock")) == 34
    with pytest.raises(IllegalActionError, match="only once it is empty"):
        state.apply("redeal")
    for _ in range(34):
        state.apply("draw")
    assert codes(state, "waste") == waste  # the same order again: no shuffle
    state.apply("redeal")
    assert state.redeals == 2  # as often as the player likes


def test_draw_three_turns_three_and_only_the_last_is_free() -> None:
    state = dealt(
        draw=3, foundation="AD", reserve="KC", tableau=["KS", "QS", "9S", "8S"], stock="2D 7H 8H"
    )
    state.apply("draw")
    assert codes(state, "waste") == ["2D", "7H", "8H"]  # all three seen, the 8♥ on top
    assert state.events[-1].cards == tuple(parse_cards("2D 7H 8H"))
    assert "move 8H tableau4" not in state.legal_actions()  # red on black: 8 on 9 only
    assert "move 8H tableau3" in state.legal_actions()
    with pytest.raises(IllegalActionError, match="2♦ lies under 8♥ in the waste"):
        state.apply("home 2D")
    state.apply("move 8H tableau3")
    with pytest.raises(IllegalActionError, match="lies under 7♥"):
        state.apply("home 2D")
    assert "move 7H tableau4" in state.legal_actions()  # the second card is freed
    state.apply("move 7H tableau4")
    state.apply("home 2D")  # and then the first


def test_draw_three_takes_what_is_left_at_the_end_of_the_stock() -> None:
    state = dealt(draw=3, foundation="AD", reserve="KC", tableau=["KS", "QS", "9S", "8S"])
    for _ in range(11):
        state.apply("draw")
    assert len(state.observation(0).zone("stock")) == 1
    state.apply("draw")
    assert state.events[-1].get("count") == 1
    assert "redeal" in state.legal_actions()


# ------------------------------------------------------------------ the end
def test_stop_ends_the_deal_and_the_first_foundation_card_counts() -> None:
    state = dealt(foundation="AD", reserve="2D")
    state.apply("home 2D")
    state.apply("stop")
    assert state.terminal and state.scores == [2]
    assert state.results[0].lines[0].reason == "2 cards on the foundations"
    assert state.outcome is not None and state.outcome.result == "lost"
    assert state.events[-1].text == "Game over: Lost with a score of 2"


def test_casino_scoring_pays_five_a_card_less_the_stake() -> None:
    state = dealt(scoring="casino", foundation="AD", reserve="2D")
    play(state, "home 2D", "stop")
    assert state.scores == [5 * 2 - 52]
    reasons = [line.reason for line in state.results[0].lines]
    assert reasons == ["2 cards on the foundations, 5 each", "the stake"]


def win(state: CanfieldState) -> None:
    """Play the sorted deal home, card after card."""
    while not state.terminal:
        homes = [a for a in state.legal_actions() if a.verb == "home"]
        state.apply(homes[0] if homes else "draw")


def test_a_deal_with_every_card_home_is_won() -> None:
    state = dealt(**SORTED)
    win(state)
    assert state.scores == [52] and state.results[0].summary.endswith("(won)")
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.events[-1].text == "Game over: Won with a score of 52"
    casino = dealt(scoring="casino", **SORTED)
    win(casino)
    assert casino.scores == [5 * 52 - 52] and casino.winners() == (0,)


def test_the_deal_ends_after_idle_limit_moves_without_progress() -> None:
    state = dealt(idle_limit=5, foundation="AD", reserve="2D KC", tableau=["KS", "QS", "9S", "8S"])
    play(state, "draw", "draw", "draw", "draw")
    assert state.idle == 4 and state.observation(0).info["idle"] == 4
    assert "(1 more move without progress ends the deal)" in state.observation(0).prompt
    state.apply("home 2D")  # progress: a card home
    assert state.idle == 0
    play(state, "draw", "draw", "draw", "draw")
    assert not state.terminal
    state.apply("draw")
    assert state.terminal and "5 moves in a row without progress" in state.results[0].summary


def test_progress_is_a_card_leaving_the_reserve_or_the_waste() -> None:
    state = dealt(foundation="AD", reserve="QH", tableau=["KS", "QS", "9S", "9C"], stock="8D")
    play(state, "draw", "move 8D tableau3")  # a waste card onto the tableau
    assert state.idle == 0
    state.apply("draw")
    assert state.idle == 1
    state.apply("move QH tableau1")  # the reserve's top onto the tableau
    assert state.idle == 0
    play(state, "move 8D tableau4")  # from one black Nine to the other: no progress
    assert state.idle == 1


def test_the_deal_ends_when_only_stop_is_left() -> None:
    """With the stock and the waste gone, a deal where no card can move is over."""
    from cardlab.core.clone import Frozen
    from cardlab.rules.tableau import UP

    state = dealt(foundation="AC")

    def up(text: str) -> tuple[int, ...]:
        return tuple(c.index | UP for c in parse_cards(text))

    # Clubs home, diamonds up to the Queen; the K♦ is the waste's last card.  The reserve's
    # 4♥, the Q♥ and the black Twos, Threes and Fours on the tableau can then never move.
    reserve = tuple(c.index for c in parse_cards("AH 2H 3H 6H 8H TH AS 5S 7S 9S JS")) + up("4H")
    piles = [up("KH QS JH TS 9H 8S 7H 6S 5H 4S"), up("KS QH"), up("2S"), up("3S")]
    state.stacks = Frozen([reserve, (), up("KD"), *piles])
    state.found = [13, 12, 0, 0]
    state._lc_seat = -1  # the position was set by hand: list the moves afresh
    assert state.legal_actions() == ("home KD", "redeal", "stop")
    state.apply("home KD")
    assert state.terminal and "has no move left" in state.results[0].summary
    assert state.scores == [26]


# ------------------------------------------------------------ what shows
def test_the_reserve_and_the_stock_stay_hidden_even_after_a_redeal() -> None:
    state = dealt(foundation="AD", reserve="KC 5H", tableau=["KS", "QS", "9S", "8S"], stock="4C")
    state.apply("draw")
    for _ in range(33):
        state.apply("draw")
    state.apply("redeal")
    obs = state.observation(0)
    assert obs.zone("stock").faces == () and len(obs.zone("stock")) == 34
    assert parse_card("5H") not in obs.faces()
    assert obs.faces() == state.observation("spectator").faces()
    # The teacher sees the stock's cards unmarked (the player has seen them all) and the
    # reserve's hidden cards marked.
    teacher = state.observation(None)
    assert all(not isinstance(c, Peek) for c in teacher.zone("stock").cards)
    assert isinstance(teacher.zone("reserve").cards[-2], Peek)
    # Every drawn card is in the history.
    drawn = [c for e in obs.history if e.kind == "draw" for c in e.cards]
    assert len(drawn) == 34 and drawn[0] == parse_card("4C")


def test_refusals_never_say_where_a_face_down_card_lies() -> None:
    state = dealt(foundation="AD", reserve="KC 5H", tableau=["KS", "QS", "9S", "8S"], stock="4C")
    in_reserve = state.explain("move 5H tableau1")
    in_stock = state.explain("move 4C tableau1")
    assert in_reserve.replace("5♥", "X") == in_stock.replace("4♣", "X")
    assert "reserve" in in_reserve and "stock" not in in_reserve


def test_refusals_say_what_is_allowed() -> None:
    state = dealt(foundation="AD", reserve="KC", tableau=["KS", "QS", "9S", "8S"])
    assert "e.g. 'move 9H tableau3'" in state.explain("move tableau1")
    assert state.explain("move KC") == (
        "K♣ fits on no tableau pile now: it needs a top card one rank higher of the other "
        "colour (a King needs an Ace)"
    )
    assert "e.g. 'home 8H'" in state.explain("home")
    assert state.explain("draw 3") == "say just 'draw'"
    assert state.explain("move KC tableau1") == (
        "K♣ can only go on a card one rank higher of the other colour (a King on an Ace), not on K♠"
    )


# ------------------------------------------------------------------ events
def test_events_carry_their_facts() -> None:
    state = dealt(foundation="AD", reserve="2D QH", tableau=["KS", "QS", "9S", "8C"], stock="8D")
    state.apply("home 2D")
    e = state.events[-2]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == (
        "home",
        (parse_card("2D"),),
        "reserve",
        "foundation2",
    )
    assert state.events[-1].kind == "reveal" and state.events[-1].cards == (parse_card("QH"),)
    state.apply("draw")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("count"), e.get("left")) == ("draw", (parse_card("8D"),), 1, 33)
    state.apply("move 8D tableau3")
    e = state.events[-1]
    assert (e.kind, e.get("source"), e.get("target"), e.get("count")) == (
        "move",
        "waste",
        "tableau3",
        1,
    )
    assert e.text == "Player 1 moves 8♦ from the waste to tableau3"


# ------------------------------------------------------------------ bot
@pytest.mark.parametrize("draw", [1, 3])
def test_the_bot_plays_to_the_end(draw: int) -> None:
    m = Match("canfield", seed=4, agents="heuristic", draw=draw)
    m.run()
    assert m.terminal and 1 <= m.scores[0] <= 52
    assert isinstance(m.agents[0], CanfieldBot)


def test_the_bot_stops_after_a_round_of_the_stock_without_progress() -> None:
    m = Match("canfield", seed=5, agents="heuristic")
    m.run()
    last = m.state.results[0].summary
    assert "stops" in last or "every card home" in last or "no move left" in last


def test_the_bot_wins_the_sorted_deal() -> None:
    game = cardlab.load("canfield")
    m = Match(game, deal=game.deal(**SORTED), agents="heuristic")
    m.run()
    assert m.scores == (52,)


# ------------------------------------------------------------------ solver
def test_the_solver_wins_a_trivial_deal_and_its_line_replays() -> None:
    state = dealt(**SORTED)
    verdict = solve(state, budget=100)
    assert verdict.outcome == "won" and verdict.nodes >= 1
    end = replay_line(state, verdict.line)
    assert end.terminal and end.scores == [52]


def test_the_solver_reads_deals_as_well_as_states() -> None:
    state = dealt(**SORTED)
    order = [*SORTED["reserve"].split(), SORTED["foundation"], *SORTED["tableau"]]
    order += SORTED["stock"].split()
    assert solve("deal " + " ".join(order)).outcome == "won"
    assert solve(order, draw=3).outcome == "won"
    assert solve(state).line == solve(" ".join(order)).line
    with pytest.raises(CardlabError, match="each of the 52 cards once"):
        solve("AS 2S")
    with pytest.raises(OptionError, match="choose 1 or 3"):
        solve(order, draw=2)
    with pytest.raises(OptionError, match="the state draws 1"):
        solve(state, draw=3)
    with pytest.raises(CardlabError, match="whole number of positions"):
        solve(state, budget=0)


def test_the_solver_follows_the_build_across_base_option() -> None:
    parts = {"foundation": "QC", "tableau": ["QH", "JS", "AD", "KC"]}
    jack = parse_card("JS").index
    stops = Search(dealt(build_across_base=False, **parts)).rules.parents[jack]
    wraps = Search(dealt(**parts)).rules.parents[jack]
    assert {CARDS[t].code for t in wraps} == {"QH", "QD"} and not stops
    state = dealt(build_across_base=False, **parts)
    with pytest.raises(OptionError, match="build_across_base=False"):
        solve(state, build_across_base=True)
    order = [*SORTED["reserve"].split(), SORTED["foundation"], *SORTED["tableau"]]
    order += SORTED["stock"].split()
    assert solve(order, draw=3, build_across_base=False).outcome == "won"


def _stuck() -> dict[str, Any]:
    """A deal that cannot be won: the 3♠ tops the reserve with the 2♠ and both red Fours
    beneath it, the Twos and Queens are all in the reserve too, and the four Kings hold the
    tableau (nothing goes on them, they go nowhere), so no pile ever empties."""
    reserve = "3S 2S 4H 4D 2C 2D 2H QC QD QH QS 3C 3D"
    return {"reserve": reserve, "foundation": "AC", "tableau": ["KS", "KC", "KH", "KD"]}


@pytest.mark.parametrize("draw", [1, 3])
def test_the_solver_proves_a_loss_only_after_searching_everything(draw: int) -> None:
    state = dealt(draw=draw, **_stuck())
    verdict = solve(state, budget=100_000)
    assert verdict.outcome == "lost" and verdict.line == ()
    assert solve(state, budget=verdict.nodes + 1).outcome == "lost"
    assert solve(state, budget=verdict.nodes).outcome == "unknown"


def test_the_solver_answers_unknown_when_the_budget_runs_out() -> None:
    state = cardlab.load("canfield").new_state()
    state.apply(state.chance.sample(random.Random(3)))  # type: ignore[union-attr]
    verdict = solve(state, budget=2)
    assert verdict == ("unknown", 2, ())


def test_the_solver_wins_each_deal_of_a_longer_game() -> None:
    game = cardlab.load("canfield", hands=2)
    state = game.new_state()
    state.apply(game.deal(**SORTED))
    first = solve(state, budget=100)
    after = replay_line(state, first.line)
    assert first.outcome == "won" and not after.terminal and len(after.results) == 1
    assert after.chance is not None  # the second deal is due
    after.apply(game.deal(**SORTED))
    second = solve(after, budget=100)  # type: ignore[arg-type]
    end = replay_line(after, second.line)
    assert end.terminal and end.winners() == (0,) and end.scores == [104]


def test_a_win_the_idle_cap_would_cut_short_is_not_claimed() -> None:
    verdicts = []
    for idle in (200, 4):
        state = cardlab.load("canfield", idle_limit=idle).new_state()
        state.apply(state.chance.sample(random.Random(0)))  # type: ignore[union-attr]
        verdicts.append(solve(state, budget=20_000))
    assert verdicts[0].outcome == "won"
    # Four moves without progress end the deal: the line's rounds of draws cannot be made.
    assert verdicts[1].outcome == "unknown" and verdicts[1].line == ()


def test_a_deal_without_a_single_move_is_lost_at_once() -> None:
    # Draw 3, base Five: nothing the waste can show goes home or onto the tableau, and no
    # tableau card or the reserve's A♦ can move.
    state = cardlab.load("canfield", draw=3).new_state()
    state.apply(state.chance.sample(random.Random(3)))  # type: ignore[union-attr]
    assert solve(state) == ("lost", 1, ())


def test_the_solver_decides_a_position_in_the_middle_of_a_deal() -> None:
    state = dealt(**SORTED)
    play(state, "home AD", "home AH", "home AS", "draw", "draw")
    verdict = solve(state, budget=50)
    assert verdict.outcome == "won" and verdict.nodes <= 50
    assert replay_line(state, verdict.line).scores == [52]


def test_the_search_reaches_waste_cards_as_drawing_would() -> None:
    state = dealt(draw=3)
    search = Search(state)
    talon = bytes(range(10))
    assert search.reachable(talon, 0) == [3, 6, 9, 10]
    assert search.reachable(talon, 4) == [4, 7, 10, 3, 6, 9]  # off the cycle: more cards
    assert search.reachable(talon, 10) == [10, 3, 6, 9]
    # Positions on the cycle share a key; one off it does not.
    piles = [b"\x01", b"\x02", b"\x03", b"\x04"]
    keys = {search.key(piles, 5, talon, p) for p in (0, 3, 6, 9, 10)}
    assert len(keys) == 1 and search.key(piles, 5, talon, 4) not in keys
    one = Search(dealt(draw=1))
    assert one.reachable(bytes(range(5)), 3) == [3, 4, 5, 1, 2]
    assert len({one.key(piles, 5, bytes(range(5)), p) for p in range(6)}) == 1


@pytest.mark.parametrize(("draw", "across"), [(1, True), (3, True), (3, False)])
def test_every_win_the_solver_reports_replays_in_the_engine(draw: int, across: bool) -> None:
    game = cardlab.load("canfield", draw=draw, build_across_base=across)
    outcomes = {"won": 0, "lost": 0, "unknown": 0}
    for i in range(200):
        state = game.new_state()
        state.apply(state.chance.sample(random.Random(f"canfield-lines/{i}")))  # type: ignore[union-attr]
        verdict = solve(state, budget=3_000)
        outcomes[verdict.outcome] += 1
        if verdict.outcome == "won":
            end = replay_line(state, verdict.line)
            assert end.terminal and end.outcome is not None and end.outcome.winners == (0,)
        else:
            assert verdict.line == ()
    assert outcomes["won"] > 100


def test_a_winnable_match_records_its_deal_and_rebuilds_it() -> None:
    m = Match("canfield", seed=2, winnable=True, draw=3)
    text = m.to_replay().to_json()
    seat, deal = json.loads(text)["actions"][0]
    assert seat is None and deal.startswith("deal ")
    assert solve(m.state).outcome == "won"
    rebuilt = Replay.from_json(text).state_at()
    assert rebuilt.observation(None) == m.state.observation(None)


# ------------------------------------------------------------------ worlds
def test_sampled_worlds_keep_the_stock_order_the_player_watched() -> None:
    game = cardlab.load("canfield")
    state = game.new_state()
    state.apply(state.chance.sample(random.Random(8)))  # type: ignore[union-attr]
    for _ in range(34):
        state.apply("draw")
    state.apply("redeal")
    state.apply("draw")
    obs = state.observation(0)
    world = CanfieldState.sample_world(game, obs, random.Random(1))
    assert isinstance(world, CanfieldState)
    assert world.stacks[1] == state.stacks[1] and world.stacks[2] == state.stacks[2]
    assert world.observation(0).zones == obs.zones
    hidden = {world.stacks[0][i] for i in range(12)}
    assert hidden == {state.stacks[0][i] for i in range(12)}  # the unseen cards, reshuffled


# ------------------------------------------------------------------ spec
def test_game_spec_facts() -> None:
    assert GAME.solitaire and not GAME.dealer and not GAME.lower_is_better
    assert GAME.solver is not None and GAME.solver_budget > 0 and GAME.bench_target > 0
    assert GAME.layout.grid == ("tableau",)
    names = [r["option"] for r in GAME.options_class.describe()]
    assert {"draw", "idle_limit", "scoring", "winnable"} <= set(names)
    doc = canfield.__doc__ or ""
    assert "{options}" not in doc and "draw = 1" in doc


def test_legal_actions_come_in_a_stable_order() -> None:
    state = dealt(foundation="AD", reserve="2D", tableau=["KS", "QH", "9S", "8C"])
    verbs = [a.verb for a in state.legal_actions()]
    assert verbs == sorted(verbs, key=["home", "move", "draw", "redeal", "stop"].index)
    assert verbs[0] == "home" and verbs[-2:] == ["draw", "stop"]
    assert "Play a card home or onto the tableau, draw, or stop" in state.observation(0).prompt


def test_the_docs_quote_the_measured_winnability_with_and_without_building_across_the_base() -> (
    None
):
    from pathlib import Path

    rows = cardlab.measured_winnability("canfield").set_index("rules")
    page = (Path(__file__).resolve().parents[2] / "docs/games/canfield.md").read_text("utf-8")
    said = " ".join(page.split())
    stopped, across = rows.loc["draw=3, build_across_base=False"], rows.loc["draw=3"]
    assert stopped["deals"] >= 2000
    assert f"{stopped['min_rate']:.1%} of the deals can be won ({stopped['max_rate']:.1%}" in said
    assert f"against {across['min_rate']:.1%} ({across['max_rate']:.1%})" in said
    assert f"wins the same {int(stopped['bot_wins'])} deals" in said
    assert stopped["bot_wins"] == across["bot_wins"]
