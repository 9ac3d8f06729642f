"""The conformance suite's own checks catch what they are there to catch.

Each game's oracle tells the suite its step bounds, its secrets that are not card faces,
the choices other seats may not tell apart and how often random play may pick an action
that ends the game at once; a finished game has no winner only where its spec allows.
Here each check is shown failing on a toy made to break it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from oracles import oracle_class, oracle_for
from test_conformance import (
    FEW,
    MIN_EXAMPLES,
    Chooser,
    check_outcome,
    check_secret_choice,
    check_secrets,
    examples_for,
    playout,
)
from toys.claims import ClaimsState
from toys.stalemate import StalemateOracle

import cardlab
from cardlab.core.actions import action


def test_a_game_whose_spec_forbids_it_may_not_end_with_no_winner() -> None:
    st = cardlab.load("toy_partners").new_state()
    st.apply(st.chance.sample(random.Random(1)))  # type: ignore[union-attr]
    st.end_game((), "Abandoned")
    with pytest.raises(AssertionError, match="may_end_without_winner"):
        check_outcome(st)


def test_the_random_chooser_holds_back_what_the_oracle_weights_down() -> None:
    game = cardlab.load("toy_stalemate")
    chooser = Chooser(game, 1)
    legal = (*(action(f"lay {c}") for c in ("2C", "3C", "4C", "5C", "6C")), action("pass"))
    picks = Counter(chooser.pick((*legal, action("stop"))) for _ in range(3000))
    assert picks["stop"] < 60, "stop weighs 0.02: about 10 in 3000, not 430"
    assert all(picks[a] > 300 for a in legal)
    chooser.weights = {"stop": 0.0}
    assert all(chooser.pick((action("pass"), action("stop"))) == "pass" for _ in range(200))
    assert chooser.pick((action("stop"),)) == "stop", "held back only while others are legal"


def test_step_bounds_come_from_the_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(StalemateOracle, "hand_step_bound", 2)
    state = cardlab.load("toy_stalemate").new_state()
    chooser = Chooser(state.game, 3)
    chooser.weights = {"stop": 0.0}
    with pytest.raises(AssertionError, match="not over after"):
        for _ in playout(state, chooser):
            pass


def claimed(seat: int = 0, claim: int = 120) -> Any:
    game = cardlab.load("toy_claims")
    state = game.new_state()
    oracle = oracle_for(game)
    deal = state.chance.sample(random.Random(2))  # type: ignore[union-attr]
    state.apply(deal)
    oracle.step(None, deal)
    state.apply(f"claim {claim}", seat)
    oracle.step(seat, action(f"claim {claim}"))
    return state, oracle


def test_a_secret_named_by_the_oracle_may_not_reach_another_seat() -> None:
    state, oracle = claimed()
    obs = state.observation(1)
    check_secrets(obs, 1, oracle, list(obs.history))  # South reads "North has claimed"
    assert oracle.secrets(1) == ["North claims 120"] and oracle.secrets(0) == []
    leaky = replace(obs, prompt="Beat it: North claims 120")
    with pytest.raises(AssertionError, match="North claims 120"):
        check_secrets(leaky, 1, oracle, [])


class TellingClaims(ClaimsState):
    """Claims that show every claim as soon as it is made (a leak)."""

    __slots__ = ()

    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"claim": self.claims[seat]}


def test_a_secret_choice_that_shows_is_caught() -> None:
    game = cardlab.load("toy_claims")
    state = game.new_state()
    oracle = oracle_for(game)
    deal = state.chance.sample(random.Random(2))  # type: ignore[union-attr]
    state.apply(deal)
    oracle.step(None, deal)
    rng = random.Random(1)
    check_secret_choice(state, oracle, 0, action("claim 50"), "choice", rng)
    state.__class__ = TellingClaims
    with pytest.raises(AssertionError, match="can tell seat 0's choice"):
        check_secret_choice(state, oracle, 0, action("claim 50"), "choice", rng)
    assert oracle_class("toy_claims") is type(oracle)


def test_a_case_plays_fewer_examples_the_longer_its_game_and_never_fewer_than_the_least() -> None:
    short = examples_for("toy_coin", {}, FEW)
    hearts = examples_for("hearts", {}, FEW)
    long = examples_for("toy_snake", {"hand": 20, "target": 30}, FEW)
    assert short == FEW and MIN_EXAMPLES < hearts < FEW and long == MIN_EXAMPLES
