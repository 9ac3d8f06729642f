"""Fresh bot matches reproduce the checked-in golden transcripts step for step."""

from __future__ import annotations

import json

import pytest

import cardlab

from .transcripts import cases, path_for, transcript


@pytest.mark.parametrize(("name", "seed"), cases())
def test_matches_golden(name: str, seed: int) -> None:
    path = path_for(name, seed)
    assert path.exists(), f"missing {path.name}: run python tests/golden/transcripts.py"
    golden = json.loads(path.read_text(encoding="utf-8"))
    fresh = transcript(name, seed)
    assert fresh["replay"]["actions"] == golden["replay"]["actions"]
    assert fresh == golden


@pytest.mark.parametrize(("name", "seed"), cases())
def test_golden_replays_validate(name: str, seed: int) -> None:
    golden = json.loads(path_for(name, seed).read_text(encoding="utf-8"))
    replay = cardlab.Replay.from_dict(golden["replay"])
    assert list(replay.state_at().scores) == golden["scores"]
