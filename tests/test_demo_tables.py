"""Every table the docs, the README, the notebooks and the lab's play notebooks open shows
the game: the seated player is to act in a hand still being played, not looking at one
the bots have already finished."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardlab.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
_TABLE = re.compile(r'Table\(\s*"[a-z_]+"[^)]*\)')


def _play_notebook_sources() -> list[tuple[str, str]]:
    path = ROOT / "docs" / "scripts" / "build_lite.py"
    spec = importlib.util.spec_from_file_location("build_lite", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = []
    for game in GAMES:
        nb = module.play_notebook(game)
        out.append((f"lite play notebook {game.name}", "\n".join(c["source"] for c in nb["cells"])))
    return out


def _sources() -> list[tuple[str, str]]:
    out = [("README.md", (ROOT / "README.md").read_text(encoding="utf-8"))]
    for page in sorted((ROOT / "docs").rglob("*.md")):
        out.append((str(page.relative_to(ROOT)), page.read_text(encoding="utf-8")))
    for nb_path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        out.append((nb_path.name, code))
    return out + _play_notebook_sources()


def _demos() -> list[tuple[str, str]]:
    found = []
    for where, text in _sources():
        for m in _TABLE.finditer(text):
            found.append((where, " ".join(m.group(0).split())))
    return sorted(set(found))


DEMOS = _demos()


def _call(text: str) -> tuple[str, dict[str, Any]]:
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call)
    name = ast.literal_eval(call.args[0])
    return name, {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}


def test_the_demo_tables_are_found() -> None:
    games = {_call(text)[0] for _, text in DEMOS}
    assert games == {g.name for g in GAMES}  # every game has at least its play notebook


@pytest.mark.parametrize(("where", "text"), DEMOS, ids=[f"{w}: {t}" for w, t in DEMOS])
def test_a_demo_table_opens_on_a_hand_in_play(where: str, text: str) -> None:
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Table

    name, kw = _call(text)
    table = Table(name, **kw)
    state = table.match.state
    seat = kw.get("seat", 0)
    assert not state.terminal and not state.results, (
        f"{where}: {text} opens after the first hand is over; choose another seed"
    )
    assert state.current == seat, f"{where}: {text} opens with seat {seat} not to act"
