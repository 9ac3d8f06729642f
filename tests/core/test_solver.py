"""Solitaire solvers through their common interface: verdicts, winning lines that replay in
the engine, winnable deals and the winnability table, for every solitaire with a solver."""

from __future__ import annotations

import json
import random

import pytest

import cardlab
from cardlab import Match, Replay
from cardlab.core.chance import chance_rng
from cardlab.core.errors import CardlabError, IllegalActionError
from cardlab.core.solver import OUTCOMES, Solved, replay_line, wilson
from cardlab.games import GAMES

SOLVABLE = [spec for spec in GAMES if spec.solver is not None]
NAMES = [spec.name for spec in SOLVABLE]


def test_every_solitaire_has_a_solver_and_only_solitaires_do() -> None:
    assert NAMES
    for spec in GAMES:
        assert (spec.solver is not None) == spec.solitaire, spec.name


@pytest.mark.parametrize("name", NAMES)
def test_every_win_reported_replays_in_the_engine(name: str) -> None:
    game = cardlab.load(name)
    spec = game.spec
    assert spec.solver is not None
    wins = 0
    for i in range(40):
        state = game.new_state()
        assert state.chance is not None
        state.apply(state.chance.sample(random.Random(f"line/{i}")))
        verdict = spec.solver(state, spec.solver_budget)
        assert isinstance(verdict, Solved) and verdict.outcome in OUTCOMES
        assert 0 < verdict.nodes <= spec.solver_budget
        if verdict.outcome == "won":
            end = replay_line(state, verdict.line)
            assert end.terminal and end.outcome is not None and end.outcome.winners == (0,)
            wins += 1
        else:
            assert verdict.line == ()
    assert wins, f"no deal of {name} was found winnable"


@pytest.mark.parametrize("name", NAMES)
def test_a_winnable_match_plays_a_deal_the_solver_wins_and_its_replay_records_it(
    name: str,
) -> None:
    spec = cardlab.load(name).spec
    assert spec.solver is not None
    m = Match(name, seed=11, winnable=True)
    text = m.to_replay().to_json()
    seat, deal = json.loads(text)["actions"][0]
    assert seat is None and deal.startswith("deal ")
    assert spec.solver(m.state, spec.solver_budget).outcome == "won"
    # The replay holds the deal played; rebuilding it runs no solver and gives that deal.
    rebuilt = Replay.from_json(text).state_at()
    assert rebuilt.observation(None) == m.state.observation(None)
    again = Match(name, seed=11, winnable=True)
    assert again.to_replay().actions[0][1] == deal


@pytest.mark.parametrize("name", NAMES)
def test_winnability_counts_verdicts_on_the_matches_own_deals(name: str) -> None:
    deals = cardlab.winnability(name, 6, seed=3, budget=2_000)
    assert list(deals.columns) == [
        "game",
        "seed",
        "rules",
        "outcome",
        "nodes",
        "moves",
        "budget",
        "seconds",
    ]
    assert len(deals) == 6 and set(deals["outcome"]) <= set(OUTCOMES)
    assert (deals["nodes"] <= 2_000).all()
    # Deal 2 is the first deal of Match(name, seed="3/2").
    m = Match(name, seed="3/2")
    first = m.to_replay().actions[0][1]
    state = cardlab.load(name).new_state()
    assert state.chance is not None
    assert str(state.chance.sample(chance_rng("3/2", 0))) == first
    summary = cardlab.winnability_summary(deals)
    row = summary.iloc[0]
    assert row["deals"] == 6 and row["won"] + row["lost"] + row["unknown"] == 6
    assert row["min_low"] <= row["min_rate"] <= row["min_high"]
    assert row["max_low"] <= row["max_rate"] <= row["max_high"]
    assert row["min_rate"] <= row["max_rate"]


def test_winnability_refuses_what_it_cannot_count() -> None:
    name = NAMES[0]
    with pytest.raises(CardlabError, match="has no solver; winnability is known for"):
        cardlab.winnability("hearts", 2)
    with pytest.raises(CardlabError, match="leave winnable=False"):
        cardlab.winnability(name, 2, winnable=True)
    for bad in (-1, 2.0, True):
        with pytest.raises(CardlabError, match="whole number of deals"):
            cardlab.winnability(name, bad)  # type: ignore[arg-type]
    with pytest.raises(CardlabError, match="whole number of positions"):
        cardlab.winnability(name, 2, budget=0)


def test_a_line_with_an_illegal_step_names_it() -> None:
    name = NAMES[0]
    m = Match(name, seed=1)
    stop = next(a for a in m.state.legal_actions(0) if a.verb == "stop")
    with pytest.raises(IllegalActionError, match="the deal was over before step 2"):
        replay_line(m.state, (stop, stop))


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0
