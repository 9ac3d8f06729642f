"""The Standoff Toy: per-seat secret choices aimed at other seats, and private extras.

Each seat's menu is its own (nobody points at themselves; no infecting with an empty
hand; no stealing from a player with no bottle); the choices are revealed together; a
seat without the virus may also accuse, and whether a seat may is never told to the
others; replays, refusals, bots and the search bot work through it all.
"""

from __future__ import annotations

import io

import pytest

from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.core.observation import Observation
from cardlab.core.replay import Replay
from cardlab.core.search import SearchAgent
from cardlab.render import render_actions, render_observation

from .standoff import GAME, VIRUS, StandoffState


def start(seed: int = 1, players: int = 3, **options: object) -> StandoffState:
    m = Match(GAME.game(players, **options), seed=seed)
    st = m.state
    assert isinstance(st, StandoffState)
    return st


def public(obs: Observation) -> tuple[object, ...]:
    return (obs.zones, obs.history, obs.prompt, obs.seats, dict(obs.info), obs.to_move)


def test_menus_differ_by_seat_and_nobody_aims_at_themselves() -> None:
    st = start()
    holder = st.virus_holder()
    for s in range(3):
        legal = st.legal_actions(s)
        me = st.names[s].lower()
        assert not any(a.args == (me,) for a in legal)
        accuse = [a for a in legal if a.verb == "accuse"]
        assert (not accuse) == (s == holder)
    broke = (holder + 1) % 3
    st.hands[broke] = 0
    st._lc_seat = object()
    assert not any(a.verb == "infect" for a in st.legal_actions(broke))
    with pytest.raises(IllegalActionError) as e:
        st.apply(f"infect {st.names[holder].lower()}", broke)
    assert e.value.reason == "you have no card to infect anyone with"
    with pytest.raises(IllegalActionError) as e:
        st.apply(f"steal {st.names[holder].lower()}", holder)
    assert e.value.reason == "nobody may steal themselves"
    with pytest.raises(IllegalActionError) as e:
        st.apply(f"accuse {st.names[broke].lower()}", holder)
    assert e.value.reason == "you hold the virus: you may not accuse anyone"


def test_who_may_accuse_is_not_told_to_anyone_else() -> None:
    # the same deal with the virus in another hand: the others' views differ only in the
    # hand sizes they see, never in what tells who holds the virus
    st = start(seed=3)
    holder = st.virus_holder()
    other = (holder + 1) % 3
    swapped = st.clone()
    assert isinstance(swapped, StandoffState)
    germ = swapped.hands[other] & -swapped.hands[other]
    swapped.hands[holder] ^= 1 << VIRUS | germ
    swapped.hands[other] ^= 1 << VIRUS | germ
    swapped._lc_seat = object()
    third = 3 - holder - other
    assert public(st.observation(third)) == public(swapped.observation(third))
    assert any(a.verb == "accuse" for a in st.legal_actions(other))
    assert not any(a.verb == "accuse" for a in swapped.legal_actions(other))
    assert public(st.observation("spectator")) == public(swapped.observation("spectator"))


def test_choices_are_revealed_together_and_resolved() -> None:
    st = start(seed=2)
    names = [n.lower() for n in st.names]
    before = st.observation(1)
    st.apply(f"steal {names[1]}", 0)
    mid = st.observation(1)
    assert mid.zones == before.zones and "North has decided" in [e.text for e in mid.history]
    assert "steal" not in " ".join(e.text_for(1) for e in st.events)
    st.apply(f"block {names[0]}", 1)
    st.apply("fist", 2)
    reveal = next(e for e in reversed(st.events) if e.kind == "reveal")
    assert reveal.text == (
        "The signals show: North: steal from East; East: block North; West: make a fist"
    )
    assert len(st.undrunk(0)) == 3 and len(st.undrunk(1)) == 3  # blocked
    assert len(st.undrunk(2)) == 2  # West drank


def test_replays_and_refusals_change_nothing() -> None:
    m = Match(GAME.game(3), seed=7, agents="random")
    m.run()
    replay = Replay.from_json(m.to_replay().to_json())
    assert Match.from_replay(replay).observation(None) == m.observation(None)
    st = start(seed=7)
    snap = st.clone()
    for act, seat in [("fist", 5), ("steal", 0), ("accuse", 0), ("point east", 0)]:
        with pytest.raises(IllegalActionError):
            st.apply(act, seat)
    assert st.observation(None) == snap.observation(None) and st.events == snap.events


def test_bots_and_the_search_bot_play_to_the_end() -> None:
    for agents in (
        ["heuristic"] * 3,
        [SearchAgent(0, 1, iterations=10), "heuristic", "random"],
    ):
        m = Match(GAME.game(3, accusations=False), seed=4, agents=agents)
        m.run()
        assert m.terminal and m.state.outcome is not None


def test_the_text_table_and_the_command_line_present_the_menus() -> None:
    st = start(seed=2)
    listed = render_actions(st.legal_actions(0))
    assert "steal east" in listed and "fist" in listed
    text = render_observation(st.observation(0))
    assert "Choose your signal" in text
    from cardlab.cli import _Session

    m = Match(GAME.game(3, accusations=False), seed=2, agents={1: "heuristic", 2: "heuristic"})
    out = io.StringIO()
    assert _Session(m, 0, out, io.StringIO("steal east\nquit\n"), color=False).run() == "quit"
    assert "The signals show: North: steal from East" in out.getvalue()
