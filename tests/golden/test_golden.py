"""Fresh bot hands reproduce the checked-in golden playthroughs step for step."""

from __future__ import annotations

import difflib

import pytest

from .transcripts import cases, path_for, transcript


@pytest.mark.parametrize(("name", "kind"), cases())
def test_matches_golden(name: str, kind: str) -> None:
    path = path_for(name, kind)
    assert path.exists(), f"missing {path.name}: run python tests/golden/transcripts.py {name}"
    golden = path.read_text(encoding="utf-8")
    fresh = transcript(name, kind)
    if fresh != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), fresh.splitlines(), path.name, "now", n=2, lineterm=""
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"{path.name} differs (first lines of the difference below); if the change is "
            f"intended, run python tests/golden/transcripts.py {name}\n{shown}"
        )
