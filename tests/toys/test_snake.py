"""The Track Toy: a staged lay at work in a whole game.

Replays record every step of a lay; refused steps name the rule and change nothing; a lay
in progress shows nothing to the other seats (not even how many cards it holds); menus
stay small with a long hand; the heuristic bot plans a lay and emits it step by step, and
the search bot plays the steps; the text table and the command line present them.
"""

from __future__ import annotations

import io
import random

import pytest

from cardlab.core.cards import CARDS
from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.core.replay import Replay
from cardlab.core.search import SearchAgent
from cardlab.render import render_actions, render_observation

from .snake import GAME, SnakeState


def laying(seed: int = 1, **options: object) -> Match:
    m = Match(GAME.game(2, **options), seed=seed, agents={1: "heuristic"})
    return m


def test_a_replay_records_the_steps_of_each_lay_and_rebuilds_them() -> None:
    m = Match(GAME.game(2), seed=4, agents="heuristic")
    m.run()
    steps = [a for _, a in m.history]
    assert any(a.startswith("track ") for a in steps) and "done" in steps
    replay = Replay.from_json(m.to_replay().to_json())
    again = Match.from_replay(replay)
    assert again.observation(None) == m.observation(None)
    lays = [e for e in m.state.events if e.kind == "lay"]
    assert lays and all(e.get("steps")[0].startswith("track ") for e in lays)


def test_a_refused_step_names_the_rule_and_changes_nothing() -> None:
    m = laying()
    st = m.state
    assert isinstance(st, SnakeState)
    m.play("track 1", 0)
    pictures = [a for a in st.legal_actions(0) if a.cards and a.cards[0].rank > 10]
    assert pictures, "this deal lets North start with a picture"
    m.play(pictures[0], 0)
    before = st.clone()
    for act, rule in [
        ("done", "a lay may not end on a picture"),
        ("draw", "finish the lay first: 'cancel' to drop it"),
        ("track 2", "a lay goes onto one track: 'cancel' to choose another"),
        (f"lay {pictures[0].cards[0].code}", "is already in your lay"),
    ]:
        with pytest.raises(IllegalActionError) as e:
            m.play(act, 0)
        assert rule in e.value.reason
        assert st.observation(None) == before.observation(None) and st.events == before.events


def test_a_lay_in_progress_shows_nothing_to_the_others() -> None:
    m = laying(seed=2)
    st = m.state
    before = {v: st.observation(v) for v in (1, "spectator")}
    m.play("track 1", 0)
    while "done" not in st.legal_actions(0):
        m.play(next(a for a in st.legal_actions(0) if a.verb == "lay"), 0)
    for v, obs in before.items():
        now = st.observation(v)
        assert (now.zones, now.history, now.prompt, now.seats, dict(now.info)) == (
            obs.zones,
            obs.history,
            obs.prompt,
            obs.seats,
            dict(obs.info),
        )
    mine = st.observation(0)
    tray = mine.zone("selection", 0)
    assert tray.kind == "selection" and tray.cards
    assert all(c not in mine.my_hand for c in tray.cards)
    assert len(mine.history) > len(st.observation(1).history)
    m.play("done", 0)
    assert st.observation(1).history[-1].kind == "lay"


def test_menus_stay_small_with_a_long_hand_and_listing_them_is_cheap() -> None:
    # 20 cards each and two cards drawn a turn: hands pass 25 cards
    m = Match(GAME.game(2, hand=20, target=200, max_turns=40), seed=3, agents="random")
    st = m.state
    widest = longest = 0
    while not st.terminal:
        for s in st.to_move:
            widest = max(widest, len(st.legal_actions(s)))
            longest = max(longest, st.hands[s].bit_count())
        m.step()
    assert longest >= 20 and widest <= 30


def test_the_bots_and_the_search_bot_play_to_the_end() -> None:
    for agents in (
        ["heuristic", "heuristic"],
        [SearchAgent(0, 1, iterations=8), "heuristic"],
        ["random", SearchAgent(1, 2, iterations=8, rollout="random")],
    ):
        m = Match(GAME.game(2, target=8), seed=6, agents=agents)
        m.run()
        assert m.terminal and m.state.outcome is not None


def test_the_text_table_and_the_command_line_present_the_steps() -> None:
    m = laying()
    m.play("track 1", 0)
    m.play(next(a for a in m.legal_actions(0) if a.verb == "lay"), 0)
    text = render_observation(m.observation(0))
    assert "North's lay" in text and "» Your lay: track 1" in text
    listed = render_actions(m.legal_actions(0))
    assert "cancel" in listed and "lay " in listed
    assert "North's lay" not in render_observation(m.observation(1))

    from cardlab.cli import _Session

    out = io.StringIO()
    session = _Session(laying(), 0, out, io.StringIO("track 1\ncancel\nquit\n"), color=False)
    assert session.run() == "quit"
    said = out.getvalue()
    assert "Your lay: track 1" in said and "North cancels the lay" in said


def test_a_world_restores_the_lay_in_progress() -> None:
    m = laying(seed=5)
    m.play("track 1", 0)
    m.play(next(a for a in m.legal_actions(0) if a.verb == "lay"), 0)
    obs = m.observation(0)
    world = SnakeState.sample_world(m.game, obs, random.Random(0))
    got = world.observation(0)
    assert (got.zones, got.legal, got.prompt) == (obs.zones, obs.legal, obs.prompt)
    assert [CARDS[i] for i in world.stock] != []
