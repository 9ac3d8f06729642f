"""Endings with no winner: allowed by a spec flag, and shown as such everywhere (outcome,
text render, the command line, simulate rows, the table's view).  Shown on the toy
Stalemate (``tests/toys/stalemate.py``), which a seat may call off at any turn.
"""

from __future__ import annotations

import pytest
from toys.stalemate import GAME as STALEMATE

import cardlab
from cardlab.cli import main
from cardlab.core.match import Match
from cardlab.games import GAMES
from cardlab.render import render_observation


def called_off(seed: int = 1) -> Match:
    m = Match("toy_stalemate", seed=seed)
    m.play("stop")
    return m


def test_the_spec_says_which_games_may_end_with_no_winner() -> None:
    assert STALEMATE.may_end_without_winner
    # the games whose rules have everybody lose or a cap with no winner, and no other
    flagged = {spec.name for spec in GAMES if spec.may_end_without_winner}
    assert flagged == {"tod", "turncoat", "virus"}


def test_an_ending_with_no_winner() -> None:
    m = called_off()
    out = m.state.outcome
    assert m.terminal and out is not None
    assert out.winners == () and out.result == "no winner"
    assert out.summary == "South called the game off. Nobody wins"
    obs = m.observation(0)
    assert obs.terminal and obs.winners == ()
    assert obs.prompt == "Game over: South called the game off. Nobody wins"
    assert "Game over: no winner" in render_observation(obs).splitlines()


def test_a_won_game_still_reads_game_over() -> None:
    m = Match("toy_stalemate", seed=1, agents="heuristic")
    m.run()
    lines = render_observation(m.observation(0)).splitlines()
    assert ("Game over" in lines) == bool(m.winners())


def test_simulate_rows_say_nobody_won() -> None:
    df = cardlab.simulate("toy_stalemate", "random", n=20, seed=3)
    unwon = df[df["result"] == "no winner"]
    assert len(unwon) > 0
    assert (unwon["winner"] == -1).all() and (unwon["winners"] == ()).all()
    assert (unwon["win_0"] + unwon["win_1"] == 0).all()
    won = df[df["result"] != "no winner"]
    assert (won["win_0"] + won["win_1"] == 1).all()


def test_the_command_line_says_nobody_won(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "toy_stalemate", "-n", "20", "--bots", "random", "--no-progress"]) == 0
    assert "no winner:" in capsys.readouterr().out
    path = str(tmp_path / "stop.json")  # type: ignore[operator]
    called_off().save(path)
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert "Nobody wins." in out and "Result: no winner." in out


def test_the_tables_view_says_nobody_won() -> None:
    pytest.importorskip("anywidget")
    from cardlab.widgets import Table

    t = Table("toy_stalemate", seat=0, bots="heuristic", seed=2)
    t.play("stop")
    assert t.view["ending"] == "no winner" and t.view["winners"] == []
    assert t.view["outcome"].endswith("Nobody wins")
