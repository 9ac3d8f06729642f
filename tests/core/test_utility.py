"""``State.utility``: what each seat plays for, which the search bot and ``move_values``
maximise.  By default the seat's total against the others' average; the toy Stalemate
(``tests/toys/stalemate.py``) plays for the win instead of points.
"""

from __future__ import annotations

from typing import Any

import pytest
from toys.stalemate import StalemateState

import cardlab
from cardlab.analysis import move_values
from cardlab.core.search import SearchAgent
from cardlab.core.state import State

NORTH, SOUTH = 0, 1


def test_the_default_utility_is_the_total_against_the_others_average() -> None:
    st = cardlab.load("bourbon").new_state()
    st.award(0, 9, "test")
    st.award(1, 3, "test")
    assert st.utility(0) == 6.0 and st.utility(1) == -6.0
    hearts = cardlab.load("hearts").new_state()  # lower totals win: the sign turns
    hearts.award(0, 12, "test")
    assert hearts.utility(0) == -12.0 and hearts.utility(1) == 4.0
    golf = cardlab.load("golf").new_state()  # one seat: its own total
    golf.award(0, 5, "test")
    assert golf.utility(0) == (-5.0 if golf.game.spec.lower_is_better else 5.0)


def before_the_winning_card() -> State:
    """North's row totals 15 of the target 21; it holds 6♠ (exactly 21, a win), 10♥ (the
    most points, and bust) and 2♣."""
    game = cardlab.load("toy_stalemate")
    st = game.new_state()
    st.apply(game.deal(["9S 6H 6S TH 2C", "2D 3D 4D 5D 7D"]))
    for act in ("lay 2D", "lay 9S", "lay 3D", "lay 6H", "lay 4D"):
        st.apply(act)
    assert st.to_move == (NORTH,)
    return st


def test_a_game_can_say_its_seats_play_to_win() -> None:
    st = before_the_winning_card()
    assert st.utility(NORTH) == st.utility(SOUTH) == 0.0
    won = st.clone()
    won.apply("lay 6S")
    assert won.winners() == (NORTH,) and won.utility(NORTH) == 1.0 and won.utility(SOUTH) == 0
    assert won.scores[NORTH] == st.scores[NORTH] + 6  # the 10♥ scored more points


def test_the_search_bot_plays_for_the_utility() -> None:
    st = before_the_winning_card()
    obs = st.observation(NORTH)
    bot = SearchAgent(NORTH, 2, iterations=60, rollout="random", margin=0, game=st.game)
    assert bot.act(obs) == "lay 6S"
    assert bot.last[0].value == 1.0
    assert "+1.00 wins" in bot.explain(obs, bot.last[0].action)


class ClubsState(StalemateState):
    """Stalemate for a seat that wants clubs in its row, whatever else happens."""

    __slots__ = ()

    def utility(self, seat: int) -> float:
        return float(sum(c.suit == 0 for c in self.rows[seat]))


def test_a_world_whose_utility_differs_changes_the_choice() -> None:
    st = before_the_winning_card()

    def clubs(game: Any, obs: Any, rng: Any) -> State:
        world = st.clone()
        world.__class__ = ClubsState
        return world

    bot = SearchAgent(NORTH, 2, iterations=60, rollout="random", margin=0, game=st.game)
    bot.sampler = clubs
    assert bot.act(st.observation(NORTH)) == "lay 2C"


def test_move_values_report_the_utility() -> None:
    st = before_the_winning_card()
    frame = move_values(st, iterations=40, rollout="random")
    best = frame[frame["best"]].iloc[0]
    assert best["move"] == "lay 6S" and best["value"] == pytest.approx(1.0)
    assert frame["value"].max() == pytest.approx(1.0)
