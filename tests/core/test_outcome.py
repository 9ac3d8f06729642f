"""Running awards, instant wins and games nobody wins (solitaires: tests/rules/test_solitaire.py).

A small game made for this test: seats take turns; ``score N`` awards N points at once,
``close`` ends the hand, ``claim`` wins the game on the spot, ``abandon`` ends it with no
winner.  The game ends after the hand in which someone reaches 5; an end-of-game bonus
of 10 goes to whoever has the most hands closed (when two or more play).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab.core.actions import Action, action
from cardlab.core.match import Match
from cardlab.core.observation import Observation
from cardlab.core.options import DealerOptions
from cardlab.core.phases import Phase
from cardlab.core.registry import _SPECS, register
from cardlab.core.spec import GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, pile

ACTIONS = (
    action("score 1"),
    action("score 3"),
    action("close"),
    action("claim"),
    action("abandon"),
)


@dataclass(frozen=True)
class RaceOptions(DealerOptions):
    pass


class RaceState(State):
    __slots__ = ("closed",)
    DEAL = DealRule(pile("deck"))

    closed: list[int]

    def setup(self) -> None:
        self.closed = [0] * self.players

    def on_deal(self, dealt: Any) -> None:
        self.phase = self.TURN
        self.to_move = ((self.dealer + 1) % self.players,)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        return ACTIONS if self.players > 1 else ACTIONS[:3]

    def _apply(self, act: Action, seat: int) -> None:
        if act.verb == "score":
            self.award(seat, int(act.args[0]), f"scored {act.args[0]}")
            self.to_move = ((seat + 1) % self.players,)
        elif act == "close":
            self.closed[seat] += 1
            self.end_hand(f"{self.names[seat]} closes", seat)
        elif act == "claim":
            self.end_game((seat,), f"{self.names[seat]} claims the game")
        else:
            self.end_game((), "The game is abandoned")

    TURN = Phase("turn", _legal, _apply, prompt="Score, close the hand or claim the game")

    def game_over(self) -> bool:
        return max(self.scores) >= 5

    def final_awards(self) -> None:
        if self.players == 1:
            return
        best = max(self.closed)
        for s, n in enumerate(self.closed):
            if n == best:
                self.award(s, 10, "most hands closed")

    def observation(self, viewer: Any = None) -> Observation:
        return self.observe(self.view(viewer), [])


RACE = GameSpec("race", "Race", "test", (2, 3), "a test game", RaceState, RaceOptions)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(RACE)
    yield
    _SPECS.pop("race", None)


def test_awards_count_at_once_and_end_of_game_bonuses_join_the_last_hand() -> None:
    m = Match(RACE.game(), seed=1)
    m.play("score 3")  # South
    assert m.scores == (0, 3) and m.state.pending  # before the hand is over
    m.play("score 1")  # North
    m.play("close", 1)  # South closes: hand 1 over
    assert [r.points for r in m.state.results] == [(1, 3)]
    m.play("score 3")  # North (the deal moved: South deals, North starts)
    m.play("score 3")  # South: 6, the game ends after this hand
    m.play("close", 0)
    assert m.terminal
    last = m.state.results[-1]
    assert [ln.reason for ln in last.lines][-2:] == ["most hands closed", "most hands closed"]
    totals = m.scores_frame().iloc[-1]
    assert (totals["total_0"], totals["total_1"]) == m.scores == (14, 16)
    assert m.winners() == (1,) and m.state.outcome is not None
    assert m.state.outcome.result == "win"
    assert m.events[-1].text == "Game over: South wins with 16 (the highest total)"


def test_an_instant_win_ends_the_game_mid_hand() -> None:
    m = Match(RACE.game(), seed=1)
    m.play("score 3")
    m.play("claim")  # North claims in the middle of the hand
    st = m.state
    assert st.terminal and st.winners() == (0,) and st.outcome is not None
    assert st.results[-1].points == (0, 3)  # the hand in progress is scored as it stood
    assert st.outcome.summary.startswith("North claims the game")


def test_a_game_can_end_with_no_winner() -> None:
    m = Match(RACE.game(players=3), seed=1)
    m.play("abandon")
    st = m.state
    assert st.terminal and st.winners() == () and st.outcome is not None
    assert st.outcome.result == "no winner"
    df = cardlab.simulate(RACE.game(players=3), "random", n=40, seed=2)
    nobody = df[df["result"] == "no winner"]
    assert 0 < len(nobody) < len(df), "random play abandons some games, not all"
    assert (nobody[["win_0", "win_1", "win_2"]] == 0).all().all()
    assert set(df["result"]) <= {"no winner", "win", "shared"}
