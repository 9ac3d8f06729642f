"""Replays: JSON that round-trips, is validated step by step on load, and never pickles."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from cardlab import Match, Replay, ReplayError
from cardlab.core.replay import MAX_ACTIONS

AGENTS = ["random", "heuristic", "random", "heuristic"]


@pytest.fixture(scope="module")
def match() -> Match:
    """A finished single hand of Hearts."""
    m = Match("hearts", seed=11, agents=AGENTS, hands=1, omnibus=True)
    m.run()
    assert m.terminal
    return m


def data_of(m: Match) -> dict[str, Any]:
    return json.loads(m.to_replay().to_json())


def refused(data: Any, *phrases: str) -> str:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(ReplayError) as err:
        Replay.from_json(text)
    for phrase in phrases:
        assert phrase in str(err.value)
    return str(err.value)


def first_play(data: dict[str, Any]) -> int:
    return next(i for i, (_, text) in enumerate(data["actions"]) if text.startswith("play"))


def test_json_round_trip_rebuilds_the_same_match(match: Match) -> None:
    replay = match.to_replay(meta={"lesson": 3})
    again = Replay.from_json(replay.to_json(indent=2))
    assert again == replay and again.meta == {"lesson": 3}
    assert again.options == {"omnibus": True, "hands": 1}
    assert again.state_at().observation(None) == match.observation(None)
    assert len(again.states()) == len(again) + 1 == len(match.history) + 1
    data = json.loads(replay.to_json())
    assert data["format"] == "cardlab-replay" and data["format_version"] == 1
    assert data["game"] == "hearts" and data["rules_version"] == 2 and data["seed"] == 11
    assert data["actions"][0][0] is None and data["actions"][0][1].startswith("deal ")


def test_state_at_any_step_matches_the_match(match: Match) -> None:
    replay = match.to_replay()
    for k in (0, 1, 5, len(replay) // 2, len(replay)):
        rebuilt = Match.from_replay(replay, step=k)
        assert rebuilt.observation(None) == replay.state_at(k).observation(None)
        assert rebuilt.step_count == k
    with pytest.raises(ReplayError, match=f"between 0 and {len(replay)}"):
        replay.state_at(len(replay) + 1)


def test_save_and_load_through_a_file(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    match.save(str(path))
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["game"] == "hearts"
    assert Replay.load(path) == match.to_replay()
    again = Match.from_replay(str(path))
    assert again.history == match.history and again.scores == match.scores


def test_replays_never_use_pickle(match: Match, tmp_path: Path, monkeypatch: Any) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("replays must not use pickle")

    for name in ("dump", "dumps", "load", "loads", "Pickler", "Unpickler"):
        monkeypatch.setattr(pickle, name, forbidden)
    path = match.to_replay().save(tmp_path / "r.json")
    assert path.read_bytes().lstrip().startswith(b"{")
    assert Replay.load(path) == match.to_replay()
    refused(pickle_bytes(), "not valid JSON")


def pickle_bytes() -> bytes:
    # A pickle of a harmless object, written by hand so this test needs no pickle call.
    return b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00K\x01."


def test_unreadable_files_are_reported(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read replay"):
        Replay.load(tmp_path / "missing.json")
    bad = tmp_path / "latin.json"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ReplayError, match="cannot read replay"):
        Replay.load(bad)


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        (lambda d: d.update(format="something-else"), "not a cardlab replay"),
        (lambda d: d.pop("format"), "not a cardlab replay"),
        (lambda d: d.update(format_version=2), "unsupported replay format_version 2"),
        (lambda d: d.pop("game"), "replay field 'game'"),
        (lambda d: d.update(players="4"), "replay field 'players'"),
        (lambda d: d.update(players=True), "replay field 'players'"),
        (lambda d: d.update(options=[]), "replay field 'options'"),
        (lambda d: d.update(actions={}), "replay field 'actions'"),
        (lambda d: d.update(seed=1.5), "'seed' must be null or a seed: a seed is a whole number"),
        (lambda d: d.update(meta=[]), "'meta' must be an object"),
        (lambda d: d.update(game="chess"), "replay header: unknown game 'chess'"),
        (lambda d: d.update(players=3), "replay header: Hearts is played by 4 players"),
        (lambda d: d.update(options={"moon": "double"}), "replay header: option moon='double'"),
        (lambda d: d.update(rules_version=99), "rules version 99"),
    ],
)
def test_tampered_headers_are_refused(match: Match, change: Any, phrase: str) -> None:
    data = data_of(match)
    change(data)
    refused(data, phrase)


def test_not_json_or_not_an_object_is_refused() -> None:
    refused("{not json", "not valid JSON")
    refused(b"\xff\xfe", "not valid JSON")
    refused("[1, 2]", "must be a JSON object")


def test_an_illegal_step_is_named(match: Match) -> None:
    data = data_of(match)
    k = first_play(data)
    seat = data["actions"][k][0]
    data["actions"][k] = [seat, "play KH"]  # hearts can't be led, nor played on trick 1 here
    message = refused(data, f"step {k} ", "is illegal")
    assert "play KH" in message


def test_a_step_by_the_wrong_seat_is_named(match: Match) -> None:
    data = data_of(match)
    k = first_play(data)
    seat, text = data["actions"][k]
    data["actions"][k] = [(seat + 1) % 4, text]
    refused(data, f"step {k} ", "it is not")


def test_malformed_steps_are_named(match: Match) -> None:
    for bad in (["play 2C"], [0, 5], ["0", "play 2C"], [True, "play 2C"], "play 2C"):
        data = data_of(match)
        data["actions"][3] = bad
        refused(data, "step 3: each action must be [seat, text]")


def test_chance_and_seat_steps_cannot_be_swapped(match: Match) -> None:
    data = data_of(match)
    data["actions"][1][0] = None
    refused(data, "step 1", "is marked as chance")
    data = data_of(match)
    data["actions"][0][0] = 0
    refused(data, "step 0", "a chance outcome (deal) is due")
    data = data_of(match)
    data["actions"][0][1] = "deal 2C 2C"
    refused(data, "step 0", "each of its 52 cards")


def test_actions_after_the_end_and_oversized_replays_are_refused(match: Match) -> None:
    data = data_of(match)
    data["actions"].append([0, "play 2C"])
    refused(data, f"step {len(data['actions']) - 1}", "the game is over")
    data = data_of(match)
    data["actions"] = [[None, "deal"]] * (MAX_ACTIONS + 1)
    refused(data, "at most")


def test_replay_of_an_unfinished_match_resumes(match: Match) -> None:
    m = Match("hearts", seed=4, agents=[None, "random", "random", "random"], hands=1)
    m.play(m.legal_actions(0)[0], 0)
    again = Match.from_replay(
        Replay.from_json(m.to_replay().to_json()), agents=[None, "random", "random", "random"]
    )
    assert again.observation(0) == m.observation(0)
    again.play(again.legal_actions(0)[0], 0)
    assert again.step_count == m.step_count + 1
