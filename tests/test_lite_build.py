"""The JupyterLite build's own logic, without downloading anything: the play notebooks it
writes from the games' facts, and the lock it cuts from Pyodide's official one.

The built site itself is checked in a real browser by ``tests/browser/test_lite.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cardlab.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "scripts"))

import build_lite  # noqa: E402


def _code(nb: dict[str, Any]) -> str:
    return "\n".join(c["source"] for c in nb["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_each_play_notebook_is_a_table_against_the_bots_and_needs_no_pandas(spec: Any) -> None:
    nbformat = pytest.importorskip("nbformat")
    nb = build_lite.play_notebook(spec)
    nbformat.validate(nbformat.from_dict(nb))
    assert len({c["id"] for c in nb["cells"]}) == len(nb["cells"])
    assert nb["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel: no dialog
    code = _code(nb)
    assert code.startswith("%pip install cardlab[widgets]")
    assert f'Table("{spec.name}"' in code
    for word in ("pandas", "altair", "numpy", "simulate", "_frame", "games()", "charts"):
        assert word not in code, word
    text = "\n".join(c["source"] for c in nb["cells"])
    assert spec.title in text and spec.summary in text
    # every option it lists is one the game has
    for row in spec.options_class.describe():
        if row["option"] != "first_dealer":
            assert f"`{row['option']}`" in text


def test_the_play_notebooks_code_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("anywidget")
    for spec in GAMES:
        code = _code(build_lite.play_notebook(spec)).replace("%pip install cardlab[widgets]", "")
        scope: dict[str, Any] = {}
        exec(compile(code, f"play/{spec.name}.ipynb", "exec"), scope)
        assert scope["table"].match.game.spec is spec


def _wheel(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_bytes(name.encode())
    return path


def test_the_lock_pins_pyodides_files_and_keeps_shared_packages_on_the_site(
    tmp_path: Path,
) -> None:
    official = {
        "info": {"abi_version": "2026_0", "python": "3.14.2"},
        "packages": {
            "micropip": {"name": "micropip", "version": "0.11.1", "depends": [],
                         "file_name": "micropip-0.11.1-py3-none-any.whl", "sha256": "a" * 64},
            "numpy": {"name": "numpy", "version": "2.4.6", "depends": [],
                      "file_name": "numpy-2.4.6-cp314-cp314-x.whl", "sha256": "b" * 64},
            "pandas": {"name": "pandas", "version": "3.0.2", "depends": ["numpy", "six"],
                       "file_name": "pandas-3.0.2-cp314-cp314-x.whl", "sha256": "c" * 64},
            "six": {"name": "six", "version": "1.17.0", "depends": [],
                    "file_name": "six-1.17.0-py2.py3-none-any.whl", "sha256": "d" * 64},
            "altair": {"name": "altair", "version": "6.0.0", "depends": ["typing-extensions"],
                       "file_name": "altair-6.0.0-py3-none-any.whl", "sha256": "e" * 64},
            "typing-extensions": {"name": "typing-extensions", "version": "4.15.0",
                                  "depends": [], "sha256": "f" * 64,
                                  "file_name": "typing_extensions-4.15.0-py3-none-any.whl"},
            "scipy": {"name": "scipy", "version": "1", "depends": ["numpy"],
                      "file_name": "scipy.whl", "sha256": "0" * 64},
        },
    }  # fmt: skip
    pypi, dest = tmp_path / "pypi", tmp_path / "pyodide"
    pypi.mkdir()
    dest.mkdir()
    micropip = _wheel(tmp_path, "micropip-0.11.1-py3-none-any.whl")
    shared = _wheel(pypi, "typing_extensions-4.16.0-py3-none-any.whl")
    out = build_lite.lock(official, micropip, pypi, dest)
    packages = out["packages"]
    assert out["info"] == official["info"]
    assert set(packages) == {"micropip", "numpy", "pandas", "six", "altair", "typing-extensions"}
    repo = build_lite.PYODIDE_REPO
    for name in ("numpy", "pandas", "six", "altair"):
        entry = official["packages"][name]
        assert packages[name]["file_name"] == repo + entry["file_name"]
        assert packages[name]["sha256"] == entry["sha256"]
        assert packages[name]["depends"] == entry["depends"]
    # served by the site: PyPI's wheels with their own hashes, copied beside the lock
    assert packages["micropip"]["sha256"] == build_lite.sha256(micropip)
    assert packages["typing-extensions"]["file_name"] == shared.name
    assert packages["typing-extensions"]["sha256"] == build_lite.sha256(shared)
    assert packages["typing-extensions"]["version"] == "4.16.0"
    assert {p.name for p in dest.iterdir()} == {micropip.name, shared.name}
    json.dumps(out)  # plain JSON
