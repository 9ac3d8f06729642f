"""The search bot on positions with many legal moves: progressive widening.

Shown on the toy Claims (``tests/toys/claims.py``): one claim among 401, listed lazily as
an ``ActionRange``.  The search spreads its budget over a few claims instead of trying
each once, never lists the range, and claims sensibly: more than the rule of thumb's
cautious half, never more than the hand is worth.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from toys.claims import worth

from cardlab.core.actions import ActionRange
from cardlab.core.match import Match
from cardlab.core.search import DEFAULT_WIDE, SearchAgent


def first_claim(seed: int) -> tuple[Match, int]:
    m = Match("toy_claims", seed=seed)
    return m, m.state.to_move[0]


def test_a_wide_decision_never_lists_the_lazy_range(monkeypatch: pytest.MonkeyPatch) -> None:
    m, seat = first_claim(1)
    obs = m.observation(seat)
    assert isinstance(obs.legal, ActionRange) and len(obs.legal) == 401

    def listed(self: Any) -> Any:
        raise AssertionError("the search listed every claim")

    monkeypatch.setattr(ActionRange, "__iter__", listed)
    bot = SearchAgent(seat, 3, iterations=150, game=m.game)
    assert bot.act(obs) in obs.legal


@pytest.mark.parametrize("iterations", [30, 200])
def test_the_root_widens_with_the_square_root_of_its_visits(iterations: int) -> None:
    m, seat = first_claim(2)
    bot = SearchAgent(seat, 1, iterations=iterations, game=m.game)
    values = bot.search(m.observation(seat))
    searched = [v for v in values if v.visits]
    assert 1 < len(searched) <= 1 + 2 * math.sqrt(iterations)
    assert sum(v.visits for v in searched) == iterations
    # only the moves searched are listed, never all 401
    assert len(values) == len(searched)


@pytest.mark.parametrize("seed", range(6))
def test_a_wide_decision_is_sensible(seed: int) -> None:
    """The claim is at least the rule of thumb's half of the hand's worth and never more
    than the worth (an overclaim loses points)."""
    m, seat = first_claim(seed)
    obs = m.observation(seat)
    bot = SearchAgent(seat, seed, iterations=200, game=m.game)
    claim = int(bot.act(obs).args[0])
    assert worth(obs.my_hand) // 2 <= claim <= worth(obs.my_hand)


def test_widening_finds_better_claims_than_trying_each_once() -> None:
    """With the same budget, trying every claim once leaves each measured by one world and
    the rule of thumb's claim is kept; widening measures a few claims well."""
    gaps = {DEFAULT_WIDE: 0, 10_000: 0}
    for seed in range(6):
        m, seat = first_claim(seed)
        obs = m.observation(seat)
        for wide in gaps:
            bot = SearchAgent(seat, seed, iterations=200, wide=wide, game=m.game)
            gaps[wide] += worth(obs.my_hand) - int(bot.act(obs).args[0])
    assert gaps[DEFAULT_WIDE] < gaps[10_000]


def test_a_wide_tuple_of_moves_is_widened_too() -> None:
    """Foresight's bids are a plain tuple of 1,140 actions."""
    m = Match("foresight", seed=4)
    seat = m.state.to_move[0]
    obs = m.observation(seat)
    assert len(obs.legal) > 1000 and not isinstance(obs.legal, ActionRange)
    bot = SearchAgent(seat, 1, iterations=40, game=m.game)
    values = bot.search(obs)
    assert values[0].action in obs.legal and len(values) <= 1 + 2 * math.sqrt(40) + 1


def test_a_narrow_decision_lists_every_move() -> None:
    m = Match("hearts", seed=9)
    obs = m.observation(0)
    assert len(obs.legal) <= DEFAULT_WIDE
    bot = SearchAgent(0, 1, iterations=30, game=m.game)
    assert {v.action for v in bot.search(obs)} == set(obs.legal)


def test_widening_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="wide"):
        SearchAgent(0, wide=0)
    with pytest.raises(ValueError, match="widening"):
        SearchAgent(0, widening=1.5)
