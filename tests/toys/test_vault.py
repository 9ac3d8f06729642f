"""The Vault Toy: a poll after every flip, in a game where nobody holds cards.

The poll asks the players still inside in turn from the flipper's left, the flipper last;
a leaver banks at once; answers are public.  With no hands, the observation still answers
``my_hand`` and ``hand_of`` (empty), and the text table, the command line, the table's
view and the bots all work.
"""

from __future__ import annotations

import io

import pytest

from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.core.replay import Replay
from cardlab.core.search import SearchAgent
from cardlab.render import render_observation
from cardlab.widgets import Table

from .vault import GAME, VaultState


def vault(seed: int = 1, players: int = 3) -> Match:
    return Match(GAME.game(players), seed=seed)


def test_after_a_flip_the_players_inside_are_asked_in_turn_from_the_flippers_left() -> None:
    m = vault(seed=1)
    st = m.state
    assert isinstance(st, VaultState)
    m.play("flip 1", 0)
    assert st.phase == "leave"
    asked = []
    while st.phase == "leave":
        seat = st.to_move[0]
        asked.append(seat)
        m.play("stay" if seat != 1 else "leave", seat)
    assert asked == [1, 2, 0]
    assert st.inside == [True, False, True] and st.scores[1] > 0
    said = [e.text for e in st.events if e.kind == "answer"]
    assert said == ["East leaves", "West stays", "North stays"]
    assert st.to_move == (2,) and st.phase == "flip"  # the next player inside flips
    m.play(st.legal_actions(2)[0], 2)
    if st.phase == "leave":
        assert st.to_move == (0,)  # East has left: from West's left, North then West


def test_refusals_name_the_answers_and_change_nothing() -> None:
    m = vault()
    m.play("flip 2", 0)
    st = m.state
    assert st.phase == "leave"
    seat = st.to_move[0]
    snap = st.clone()
    with pytest.raises(IllegalActionError) as e:
        st.apply("yes", seat)
    assert e.value.reason == "answer the question with 'leave' or 'stay'"
    with pytest.raises(IllegalActionError) as e:
        st.apply("leave", (seat + 1) % 3)
    assert "not" in e.value.reason and "turn" in e.value.reason
    assert st.observation(None) == snap.observation(None)


def test_a_game_without_hands_works_wherever_a_hand_is_read() -> None:
    m = Match(GAME.game(3), seed=2, agents={1: "heuristic", 2: "heuristic"})
    obs = m.observation(0)
    assert obs.my_hand == () and obs.hand_of(1).cards == () and obs.hand_of(1).kind == "hand"
    text = render_observation(obs)
    assert "stack1" in text and "hand" not in text.split("\n", 1)[1]
    table = Table(m.game, seat=0, seed=2, pace=0)
    assert {b[0] for b in table.view["buttons"]} >= {"flip 1", "flip 2"}
    table.play("flip 1")
    # every face on the felt gets a reason when clicked: there is no hand to limit them to
    assert set(table.view["why"]) == {
        c.code for z in table.state.observation(0).zones for c in z.faces
    }

    from cardlab.cli import _Session

    out = io.StringIO()
    assert _Session(m, 0, out, io.StringIO("flip 1\nquit\n"), color=False).run() == "quit"
    assert "North turns" in out.getvalue()


def test_replays_bots_and_the_search_bot() -> None:
    for agents in (
        ["heuristic"] * 3,
        [SearchAgent(0, 1, iterations=10), "heuristic", "random"],
        ["random", "random", SearchAgent(2, 3, iterations=10, rollout="random")],
    ):
        m = Match(GAME.game(3), seed=5, agents=agents)
        m.run()
        assert m.terminal and m.state.outcome is not None
        replay = Replay.from_json(m.to_replay().to_json())
        assert Match.from_replay(replay).observation(None) == m.observation(None)
