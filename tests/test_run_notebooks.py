"""The notebook runner the docs and the lesson tests share (``tests/run_notebooks.py``).

A cell that raises fails the notebook, naming the cell; a notebook that runs leaves its
executed copy (outputs, widget state, the notebook's own execution counts) and the report
of the checks run in its kernel, and is not executed again while nothing changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import run_notebooks


def _notebook(path: Path, cells: list[str]) -> Path:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "id": f"c{i}",
                "metadata": {},
                "source": src,
                "outputs": [],
                "execution_count": None,
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture
def out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(run_notebooks, "OUT", tmp_path / "out")
    return tmp_path / "out"


def test_a_cell_that_raises_fails_the_notebook_and_names_the_cell(
    tmp_path: Path, out: Path
) -> None:
    nb = _notebook(tmp_path / "broken.ipynb", ["x = 1", "raise ValueError('no such card')", "2"])
    with pytest.raises(run_notebooks.NotebookFailed, match=r"In \[2\][\s\S]*no such card"):
        run_notebooks.execute(nb)
    assert not (out / "broken.ipynb").exists() and run_notebooks.report(nb) is None


def test_a_notebook_that_runs_keeps_its_copy_and_the_checks_of_what_it_asked(
    tmp_path: Path, out: Path
) -> None:
    nb = _notebook(
        tmp_path / "asks.ipynb",
        ["from cardlab.lessons import ask", 'ask("gin/gin-only-undercut")', "print('done')"],
    )
    report, seconds = run_notebooks.execute(nb)
    assert seconds is not None
    assert report["asked"] == ["gin/gin-only-undercut"]
    assert report["checks"] == [["exercise gin/gin-only-undercut (cell [2])", None]]
    copy = json.loads((out / "asks.ipynb").read_text(encoding="utf-8"))
    assert [c["execution_count"] for c in copy["cells"]] == [1, 2, 3]  # the checks left none
    assert "".join(copy["cells"][2]["outputs"][0]["text"]) == "done\n"
    assert "application/vnd.jupyter.widget-view+json" in copy["cells"][1]["outputs"][0]["data"]
    assert copy["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    # Nothing changed: the copy is reused. A changed notebook is stale.
    assert run_notebooks.is_fresh(nb) and run_notebooks.execute(nb)[1] is None
    _notebook(nb, ["from cardlab.lessons import ask", 'ask("gin/gin-only-undercut")', "3"])
    assert not run_notebooks.is_fresh(nb)


def test_a_notebook_runs_when_the_caller_already_runs_an_event_loop(
    tmp_path: Path, out: Path
) -> None:
    """A pytest worker that also drives Playwright's sync API has a loop running."""
    import asyncio
    import concurrent.futures

    nb = _notebook(tmp_path / "inside.ipynb", ["print('in a loop')"])

    async def inside() -> tuple[dict, float | None]:
        return run_notebooks.execute(nb)

    # a thread of its own, so the test holds whether or not this worker runs a loop already
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        report, seconds = pool.submit(asyncio.run, inside()).result()
    assert seconds is not None and report["checks"] == []
