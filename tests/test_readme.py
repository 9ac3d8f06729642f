"""The README's tour runs exactly as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def tour() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## A ten-line tour", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "the tour's code block is missing"
    return match.group(1)


def test_tour_is_ten_lines() -> None:
    assert len(tour().strip().splitlines()) == 10


def test_tour_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(tour(), "README tour", "exec"), {})
    out = capsys.readouterr().out
    assert "hearts" in out and "##" in out
    assert (tmp_path / "hand.json").exists()


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```bash\n(.*?)```", text, re.S)
    assert first_block
    lines = [ln.split("#")[0].strip() for ln in first_block.group(1).strip().splitlines()]
    assert lines == ["make lab", "make test"]
