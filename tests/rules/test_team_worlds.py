"""Sampled worlds of a partnership game keep each side's total and its zones.

``cardlab.rules.worlds.resume`` starts a world at the observed hand with the observed
totals, the sides' included (a side's lines count once in its total but in each of its
seats' totals, so the seats' totals alone do not give it).  Shown on the toy Partners.
"""

from __future__ import annotations

import random

from toys.partners import GAME as PARTNERS

from cardlab.core.match import Match
from cardlab.rules.worlds import resume


def later_hand() -> Match:
    """Partners in its second hand, after side and seat lines in the first."""
    m = Match(PARTNERS.name, seed=5, agents="heuristic", target=100)
    while m.state.hand_number == 0 or m.state.phase != "play":
        m.step()
    for _ in range(5):
        m.step()
    assert m.state.team_awards != [0, 0] and m.state.team_scores != (0, 0)
    return m


def test_resume_keeps_the_sides_totals() -> None:
    m = later_hand()
    obs = m.observation(1)
    world = resume(m.game, obs)
    # the world waits for this hand's deal: its totals are the observed ones
    assert world.scores == list(obs.scores)
    assert world.team_scores == tuple(t.score for t in obs.teams) == m.state.team_scores


def test_a_sampled_world_shows_the_seat_its_sides_as_they_are() -> None:
    m = later_hand()
    rng = random.Random(2)
    for seat in range(4):
        if seat not in m.state.to_move:
            continue
        obs = m.observation(seat)
        world = m.game.spec.state_class.sample_world(m.game, obs, rng)
        got = world.observation(seat)
        assert got.teams == obs.teams and got.seats == obs.seats
        assert got.zones == obs.zones and got.scores == obs.scores


def test_a_game_without_sides_resumes_as_before() -> None:
    m = Match(PARTNERS.name, seed=5, agents="heuristic", players=2, target=100)
    m.run(30)
    obs = m.observation(0)
    world = resume(m.game, obs)
    assert world.team_scores == () and world.team_awards == []
    assert world.scores == list(obs.scores) and obs.teams == ()
