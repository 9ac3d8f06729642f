"""The table's JSON view is built from one observation: what travels in it (hand results,
outcome, the hand's history, refusal reasons, structured info), what ``Match`` offers the
table, and the new pieces on the example games of ``tests/toys``."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

import toys  # noqa: F401  (registers the example games)

from cardlab.core.match import Match
from cardlab.core.observation import Observation
from cardlab.widgets import Table
from cardlab.widgets.view import build_view

WIDGETS = Path(__file__).resolve().parents[2] / "cardlab" / "widgets"


def test_build_view_takes_an_observation_and_the_table_reads_no_match_internals() -> None:
    params = list(inspect.signature(build_view).parameters.values())
    assert params[0].name == "obs" and params[0].annotation in (Observation, "Observation")
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])
    for path in WIDGETS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "_redo" not in text, path
        assert "core.state import" not in text or path.name == "table.py", path


def test_a_finished_hand_travels_in_the_observation() -> None:
    m = Match("hearts", seed=2, agents="heuristic")
    m.hold = True
    m.run()
    st = m.state
    assert st.between_hands
    obs = m.observation(0)
    assert obs.between_hands and obs.results == tuple(st.results) and obs.outcome is None
    # the history is the hand just finished, as seat 0 may know it
    assert [e.text_for(0) for e in obs.history] == [
        e.text_for(0) for e in st.events[st.hand_starts[-2] :] if e.text or 0 in e.audience
    ]
    view = build_view(obs, human=0, step=m.step_count, total=m.total_steps, show_result=True)
    assert view["phase"] == "hand over" and view["hand"] == 1
    assert view["result"]["points"] == list(st.results[-1].points)
    json.dumps(view)


def test_the_outcome_travels_in_the_observation() -> None:
    m = Match("hearts", seed=2, agents="heuristic", hands=1)
    m.run()
    obs = m.observation("spectator")
    assert obs.outcome == m.state.outcome and obs.winners == m.state.winners()
    view = build_view(obs, show_result=True)
    assert view["outcome"] == m.state.outcome.summary and view["ending"] == "win"
    assert view["result"] is not None
    # the log at the end is the last hand's, not the one before it too
    assert view["log"][-1]["text"].startswith("Game over")


def test_refusal_reasons_are_given_for_a_display_only() -> None:
    m = Match("hearts", seed=1, agents={s: "heuristic" for s in (1, 2, 3)})
    for _ in range(3):
        m.play(str(m.legal_actions(0)[0]), 0)
    m.run()
    assert 0 in m.state.to_move and m.state.phase == "play"
    plain = m.observation(0)
    assert not plain.refusals
    explained = m.explained(0)
    usable = {a.cards[0].code for a in explained.legal if len(a.cards) == 1}
    hand = {c.code for c in explained.my_hand}
    assert set(explained.refusals) == hand - usable
    assert all(explained.refusals.values())
    # the teacher's view explains the seat it moves for
    assert m.explained("teacher", 0).refusals == explained.refusals
    assert not m.explained("spectator").refusals
    assert not m.explained(1).refusals  # not its turn


@pytest.mark.parametrize("viewer", [0, 1, "spectator", "teacher"])
def test_each_history_event_has_its_step(viewer: int | str) -> None:
    m = Match("toy_snake", seed=1, agents={1: "heuristic"})
    for a in ("track 1", "lay 4H"):
        m.play(a, 0)
    obs = m.observation(viewer)
    steps = m.history_steps(viewer)
    assert len(steps) == len(obs.history)
    assert steps == sorted(steps)
    # North's picks are private: the other seat does not even learn they happened
    picks = [e for e in obs.history if e.kind == "stage"]
    knows = viewer in (0, "teacher")
    assert (len(picks) == 2) == knows
    assert (steps[-1] == m.step_count) == knows
    # a past position: the same as the state rebuilt there
    assert m.history_steps(viewer, step=2) == m.history_steps(viewer, step=2, state=_at(m, 2))


def _at(m: Match, step: int):  # type: ignore[no-untyped-def]
    again = Match.from_replay(m.to_replay())
    return again.seek(step)


def test_total_steps_and_redo_are_public() -> None:
    m = Match("hearts", seed=2, agents="heuristic", hands=1)
    m.run(max_steps=5)
    total = m.total_steps
    assert total == m.step_count and not m.redoable and m.next_step() is None
    actions = m.to_replay().actions
    m.seek(2)
    assert m.redoable and m.total_steps == total and m.next_step() == actions[2]


def test_a_staged_move_reaches_the_table_as_a_tray() -> None:
    t = Table("toy_snake", seat=0, seed=1, pace=0)
    t.play("track 1")
    v = t.view
    sel = v["info"]["selection"]
    assert sel["steps"] == ["track 1"] and sel["controls"]["done"] == "done"
    tray = v["tray"]
    assert tray["owner"] == 0 and tray["zone"] == "selection"
    assert tray["done"] is None and tray["cancel"] == "cancel" and not tray["ready"]
    assert "cancel" not in [a for a, _ in v["buttons"]]  # drawn beside the tray
    t.play("lay 4H")
    v = t.view
    assert v["tray"]["done"] == "done" and v["tray"]["back"] == "back"
    # the tray's card takes it back when clicked
    assert v["acts"]["4H"] == [["back", "Take back 4♥", None]]
    json.dumps(v)
    t.viewpoint = "spectator"
    assert t.view["tray"] is None and "selection" not in t.view["info"]
    assert not any(z["kind"] == "selection" for z in t.view["zones"])


def test_structured_info_is_kept() -> None:
    m = Match("hearts", seed=1, agents="heuristic")
    m.run()
    for _ in range(4):
        if "received" in m.observation(0).info:
            break
        m.play(str(m.legal_actions(0)[0]), 0)
        m.run()
    obs = m.observation(0)
    received = obs.info.get("received")
    if received is None:
        pytest.skip("no cards received in this deal")
    view = build_view(obs, human=0)
    assert view["info"]["received"] == [c.text for c in received]


def test_an_ending_with_no_winner_is_shown_as_such() -> None:
    t = Table("toy_stalemate", seat=0, seed=11, pace=0)
    t.play("stop")
    v = t.view
    assert v["terminal"] and v["ending"] == "no winner" and v["winners"] == []
    assert "Nobody wins" in v["outcome"]
    assert v["result"] is not None


def test_a_side_and_a_game_without_hands() -> None:
    t = Table("toy_partners", seat=0, seed=11, pace=0)
    v = t.view
    assert [x["name"] for x in v["teams"]] == ["North & South", "East & West"]
    piles = [z for z in v["zones"] if z["name"] == "pile"]
    assert sorted(z["team"] for z in piles) == [0, 1] and all(z["owner"] is None for z in piles)
    t = Table("toy_vault", seat=0, seed=11, pace=0)
    assert not any(z["kind"] == "hand" for z in t.view["zones"])
    t.play("flip 1")
    v = t.view
    assert sorted(a for a, _ in v["buttons"]) == ["leave", "stay"]
    # the cash in front of you cannot be clicked: it says why
    assert v["why"] and all(
        "no card is used now: choose 'leave' or 'stay'" in r for r in v["why"].values()
    )


def test_a_board_travels_with_its_places_and_a_move_is_a_click_on_its_cell() -> None:
    m = Match("jackhammer", seed=4, agents=[None, "heuristic"])
    st = m.state
    obs = st.explained(0, 0)
    v = build_view(obs, human=0, actor=0)
    board = next(z for z in v["zones"] if z["name"] == "board")
    assert board["board"]["rows"] == 6 and len(board["board"]["cells"]) == 36
    assert len(board["at"]) == len(board["cards"]) == 36
    aces = {str(a).split()[1] for a in obs.legal}
    assert set(v["cells"]["board"]) == aces and v["buttons"] == []
    json.dumps(v)
    first = sorted(aces)[0]
    m.play(f"place {first}")
    assert any(t == "North" for t in m.state.observation(0).zone("board").tags)


def test_a_card_laid_on_a_board_is_clicked_then_its_cell_is() -> None:
    m = Match("paparazzi", seed=4, agents=[None, "heuristic"])
    obs = m.state.explained(0, 0)
    v = build_view(obs, human=0, actor=0)
    board = next(z for z in v["zones"] if z["name"] == "board")
    # a spaced grid: 5 × 13 cells, of which 12 celebrities and 32 spaces
    assert (board["board"]["rows"], board["board"]["cols"]) == (5, 13)
    assert len(board["board"]["cells"]) == 44 and len(board["cards"]) == 12
    hand = {c.code for c in obs.zone("hand", 0).faces}
    assert set(v["acts"]) == hand and v["cells"] == {} and v["buttons"] == []
    code = sorted(hand)[0]
    dests = {dest for _, _, dest in v["acts"][code]}
    assert len(dests) == 32 and "board:a2" in dests
    json.dumps(v)
