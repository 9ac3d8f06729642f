"""Partnerships: sides declared in the spec, a seat's and a side's score lines, side totals
in results, outcomes, frames and simulate rows, sides in observations, text and the table
view, and the search bot playing for its side.  Shown on the toy Partners
(``tests/toys/partners.py``): two sides of two sitting across, or two seats alone.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from toys.partners import GAME as PARTNERS

import cardlab
from cardlab.cli import main
from cardlab.core.match import Match
from cardlab.core.outcome import HandResult, Outcome, ScoreLine, points_of, team_points_of
from cardlab.core.search import SearchAgent
from cardlab.core.spec import GameSpec
from cardlab.core.state import State
from cardlab.render import render_observation, render_result
from cardlab.widgets.view import result_json

NORTH, EAST, SOUTH, WEST = range(4)


def dealt(players: int = 4, **options: Any) -> State:
    """A Partners game after a fixed deal: N 7♥ 7♣ 2♦ 3♦, E 5♥ K♠ 2♠ 3♠, S 7♠ 9♣ 4♦ 6♦,
    W K♥ 5♠ 4♠ 6♠ (two alone: North and East).  East lays first."""
    game = cardlab.load("toy_partners", players, **options)
    hands = ["7H 7C 2D 3D", "5H KS 2S 3S", "7S 9C 4D 6D", "KH 5S 4S 6S"][:players]
    state = game.new_state()
    state.apply(game.deal(hands))
    return state


def lay(state: State, *cards: str) -> None:
    for card in cards:
        state.apply(f"lay {card}")


# ------------------------------------------------------------------ spec
def test_the_spec_declares_sides_by_player_count() -> None:
    four, two = cardlab.load("toy_partners"), cardlab.load("toy_partners", 2)
    assert four.teams == ((0, 2), (1, 3)) and four.team_index == (0, 1, 0, 1)
    assert four.team_names == ("North & South", "East & West")
    assert two.teams == () and two.team_index == () and two.team_names == ()
    assert cardlab.load("hearts").teams == ()


@pytest.mark.parametrize(
    ("teams", "problem"),
    [
        ({3: ((0, 2), (1,))}, "not played by 3"),
        ({4: ((0, 1, 2, 3),)}, "at least two sides"),
        ({4: ((0, 2), (1, 2))}, "exactly one side"),
        ({4: ((0, 2), (1,))}, "exactly one side"),
    ],
)
def test_sides_that_are_not_a_partition_of_the_seats_are_refused(
    teams: dict[int, Any], problem: str
) -> None:
    fields = {k: getattr(PARTNERS, k) for k in ("state_class", "options_class")}
    with pytest.raises(ValueError, match=problem):
        GameSpec("bad", "Bad", "toy", (2, 4), "", teams=teams, **fields)


# ------------------------------------------------------------------ scoring
def test_a_seats_line_counts_for_its_side_and_a_sides_line_for_every_partner() -> None:
    st = dealt()
    lay(st, "5H")  # East: a heart, +1 to East (and so to East & West)
    assert st.scores == [0, 1, 0, 0] and st.team_scores == (0, 1)
    lay(st, "9C", "5S")  # West lays on East's 5♥: +5 to East & West as a side
    assert st.scores == [0, 6, 0, 5] and st.team_scores == (0, 6)
    assert st.pending[-1] == ScoreLine(WEST, 5, "West matched 5♥ with 5♠", 1)
    lay(st, "7H", "KS", "7S")  # North a heart; South lays on North's 7♥: the side's line
    assert st.scores == [6, 6, 5, 5] and st.team_scores == (6, 6)
    assert st.pending[-1].team == 0 and st.pending[-1].seat == SOUTH


def test_award_side_is_a_seats_own_line_where_seats_play_alone() -> None:
    st = dealt(2)
    lay(st, "5H", "7H", "2S", "7C")  # hearts for East and North; North matches its own 7♥
    assert st.scores == [6, 1] and st.team_scores == ()
    assert all(line.team is None for line in st.pending)
    with pytest.raises(ValueError, match="no side 0"):
        st.award_team(0, 1, "nothing")


def test_a_hand_result_holds_points_per_seat_and_per_side() -> None:
    st = dealt(hands=1)
    lay(st, "5H", "9C", "5S", "7H", "KS", "7S", "KH", "7C", "2S", "4D", "4S", "2D")
    lay(st, "3S", "6D", "6S", "3D")
    assert st.terminal
    result = st.results[0]
    assert result.points == tuple(st.scores) and result.team_points == st.team_scores
    assert sum(result.team_points) == sum(ln.points for ln in result.lines)
    text = render_result(result, st.names, st.team_names)
    assert "North & South: +5  South matched 7♥ with 7♠" in text
    assert "East: +1  East laid 5♥" in text
    assert f"Points by side: North & South +{result.team_points[0]}" in text
    assert result.team_points == (11, 12)
    lines = result_json(result, st.names, st.team_names)["lines"]
    assert {"name": "East & West", "team": 1, "seat": WEST}.items() <= lines[1].items()


def test_points_of_and_team_points_of() -> None:
    teams = ((0, 2), (1, 3))
    lines = (ScoreLine(0, 2, "a"), ScoreLine(-1, 5, "b", 1), ScoreLine(3, 1, "c"))
    assert points_of(lines, 4, teams) == (2, 5, 0, 6)
    assert team_points_of(lines, teams) == (2, 6)
    assert team_points_of(lines[:1], ()) == ()
    r = HandResult(0, (2, 5, 0, 6), lines, "", (2, 6))
    assert r.explain(("N", "E", "S", "W"), ("NS", "EW")).splitlines()[1] == "EW: +5  b"
    assert r.explain().splitlines()[1] == "side 1: +5  b"


# ------------------------------------------------------------------ outcome
def test_the_best_side_wins_together_and_says_so() -> None:
    m = Match("toy_partners", seed=4, agents="heuristic")
    m.run()
    out = m.state.outcome
    assert out is not None and out.team_scores == m.state.team_scores
    best = max(out.team_scores)
    won = tuple(t for t, v in enumerate(out.team_scores) if v == best)
    assert out.team_winners == won
    assert out.winners == tuple(sorted(s for t in won for s in m.game.teams[t]))
    name = m.state.team_names[won[0]]
    assert out.summary.startswith(f"{name} win") and str(best) in out.summary
    assert out.result == ("win" if len(won) == 1 else "shared")


def test_a_shared_win_between_sides() -> None:
    st = dealt(hands=1)
    st.award_team(0, 3, "level")
    st.award_team(1, 3, "level")
    st.end_game(st.decide_winners(), "Stopped")
    out = st.outcome
    assert out is not None and out.winners == (0, 1, 2, 3) and out.team_winners == (0, 1)
    assert out.result == "shared" and "share the win with 3" in out.summary
    assert Outcome((0, 2), (1, 0, 1, 0), "", False, (1, 0), (0,)).result == "win"


# ------------------------------------------------------------------ views
def test_observations_carry_the_sides_their_scores_and_a_sides_zone() -> None:
    st = dealt()
    lay(st, "5H", "9C", "KH")
    obs = st.observation(SOUTH)
    assert [(t.name, t.seats, t.score) for t in obs.teams] == [
        ("North & South", (0, 2), 0),
        ("East & West", (1, 3), 2),
    ]
    assert [s.team for s in obs.seats] == [0, 1, 0, 1]
    assert obs.team_of(SOUTH) == 0 and obs.team_of(9) is None
    pile = obs.team_zone("pile", 1)
    assert pile.owner is None and [c.code for c in pile.faces] == ["5H", "KH"]
    with pytest.raises(KeyError):
        obs.team_zone("pile", 5)
    text = render_observation(obs)
    assert "Sides: North & South (you) 0 · East & West 2" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("East & West pile"))
    assert line.split()[-2:] == ["5♥", "K♥"]
    two = dealt(2).observation(NORTH)
    assert two.teams == () and all(s.team is None for s in two.seats)
    assert "Sides" not in render_observation(two)


def test_the_table_view_passes_the_sides_on() -> None:
    pytest.importorskip("anywidget")
    from cardlab.widgets import Table

    t = Table("toy_partners", seat=0, bots="heuristic", seed=1)
    view = t.view
    assert [team["seats"] for team in view["teams"]] == [[0, 2], [1, 3]]
    assert [seat["team"] for seat in view["seats"]] == [0, 1, 0, 1]
    assert {z["team"] for z in view["zones"] if z["name"] == "pile"} == {0, 1}


# ------------------------------------------------------------------ frames
def test_scores_frame_and_simulate_rows_have_side_columns() -> None:
    m = Match("toy_partners", seed=2, agents="heuristic")
    m.run()
    frame = m.scores_frame()
    assert list(frame.columns[-4:]) == [
        "team_points_0",
        "team_points_1",
        "team_total_0",
        "team_total_1",
    ]
    assert [int(frame.iloc[-1][f"team_total_{t}"]) for t in (0, 1)] == list(m.state.team_scores)

    games = cardlab.simulate("toy_partners", "heuristic", n=3, seed=1)
    sides = ["team_score_0", "team_score_1", "team_win_0", "team_win_1", "team_winner"]
    assert list(games.columns[12:17]) == sides
    assert (games["team_win_0"] + games["team_win_1"] == 1).all()
    hands = cardlab.simulate("toy_partners", "heuristic", n=2, seed=1, per="hand")
    last = hands.groupby("game").tail(1)
    assert list(last["team_total_0"]) == list(games["team_score_0"][:2])
    two = cardlab.simulate("toy_partners", "heuristic", n=1, players=2)
    assert not any(c.startswith("team") for c in two.columns)


def test_the_cli_shows_the_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy_partners", "-n", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "North & South" in out and "East & West" in out and "win rate" in out


def test_a_terminal_game_tells_a_player_its_side_won(monkeypatch: Any) -> None:
    moves = io.StringIO("\n".join(["1"] * 40) + "\n")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", moves)
    monkeypatch.setattr("sys.stdout", out)
    main(["play", "toy_partners", "--seed", "3", "--option", "max_hands=1"])
    text = out.getvalue()
    assert "Points by side:" in text and "Sides:" in text
    assert "Your side wins!" in text or "win with" in text


# ------------------------------------------------------------------ worlds and search
def test_restore_totals_rebuilds_the_sides_lines() -> None:
    st = dealt()
    lay(st, "5H", "9C", "5S", "7H", "KS", "7S")
    copy = cardlab.load("toy_partners").new_state()
    copy.restore_totals(st.scores, st.team_scores)
    assert copy.team_scores == st.team_scores and copy.scores == st.scores


def test_a_partners_points_count_in_a_seats_utility_as_its_own() -> None:
    st = dealt()
    lay(st, "5H")  # a seat's line for East
    assert st.utility(EAST) == st.utility(WEST) == 1.0 and st.utility(NORTH) == -1.0
    lay(st, "9C", "5S")  # a side's line for East & West
    assert st.utility(WEST) == st.utility(EAST) == 6.0 == -st.utility(SOUTH)


def test_the_search_bot_plays_for_its_side() -> None:
    """South's move is worth what it changes for its side against the other side: each
    root move is searched once here, in the true position, with the heuristic playing on,
    so its value is exactly that change."""
    st = dealt()
    lay(st, "5H", "9C", "5S", "7H", "KS", "4D", "4S", "7C", "2S")
    assert st.to_move == (SOUTH,) and set(st.legal_actions()) == {"lay 7S", "lay 6D"}

    def true_position(game: Any, obs: Any, rng: Any) -> State:
        return st.clone()

    bot = SearchAgent(SOUTH, 1, iterations=2, margin=0, game=st.game, sampler=true_position)
    values = {str(v.action): v.value for v in bot.search(st.observation(SOUTH))}
    for move, value in values.items():
        end = st.clone()
        end.apply(move)
        bots = {s: PARTNERS.bots["heuristic"](s, 1) for s in range(4)}
        while not end.terminal and end.hand_number == 0 and end.chance is None:
            seat = end.to_move[0]
            end.apply(bots[seat].act(end.observation(seat)), seat)
        ours, theirs = (a - b for a, b in zip(end.team_scores, st.team_scores, strict=True))
        assert value == ours - theirs
    assert values["lay 7S"] > values["lay 6D"]
