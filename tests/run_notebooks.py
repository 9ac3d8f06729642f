"""Each notebook executed once, into ``build/notebooks/``: the docs site and the tests share it.

``python tests/run_notebooks.py [--jobs N] [--force] [NOTEBOOK ...]`` (``make notebooks``)
runs every notebook in ``notebooks/`` (or those named), ``N`` at a time, each in a fresh
kernel in a throwaway working folder, and writes

* ``build/notebooks/<name>.ipynb``: the notebook with its outputs and widget state, as
  JupyterLab would save it. The docs site publishes these copies (``docs/hooks/pages.py``,
  mkdocs-jupyter with ``execute: false``). Tables embed their recorded steps
  (``CARDLAB_EMBED_REPLAYS``), so the site's tables are replay viewers.
* ``build/notebooks/<name>.json``: the report of the checks run in the same kernel right
  after the last cell, on the objects the notebook left behind: every exercise it asked and
  the facts its text states (``notebook_checks`` in ``tests/test_lessons.py``, whose tests
  read the report). The checks' asserts are rewritten as pytest does, so a failure shows
  the values compared.

A cell that raises stops its notebook and fails the run, naming the cell (what
``pytest --nbval-lax`` did). A copy is reused while its key holds: the notebook, every file
under ``cardlab/``, the checks, this script and the versions of Python and the Jupyter
stack. Concurrent runs (pytest workers, a docs build) take a lock per notebook, so each is
executed once.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import concurrent.futures
import contextlib
import fcntl
import hashlib
import json
import os
import re
import sys
import tempfile
import time
import traceback
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
NOTEBOOKS = ROOT / "notebooks"
BUILD = ROOT / "build"
OUT = BUILD / "notebooks"
CHECKS = TESTS / "test_lessons.py"
#: The longest a single cell may run before the notebook fails.
CELL_TIMEOUT = 900
#: Installed distributions whose version changes what a notebook shows.
STACK = (
    "altair", "anywidget", "ipykernel", "ipywidgets", "nbclient", "nbformat", "pandas",
    "vl-convert-python",
)  # fmt: skip
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class NotebookFailed(Exception):
    """A notebook could not be executed to its end (the message names the cell)."""


def all_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def executed(notebook: Path) -> Path:
    """The executed copy of ``notebook``."""
    return OUT / notebook.name


def report_file(notebook: Path) -> Path:
    return OUT / f"{notebook.stem}.json"


# ------------------------------------------------------------------ when a copy is fresh
def _digest(paths: Sequence[Path]) -> hashlib._Hash:
    h = hashlib.sha256()
    for p in paths:
        name = p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else p.name
        h.update(name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h


def _versions() -> str:
    out = [sys.version]
    for name in STACK:
        try:
            out.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            out.append(f"{name}=-")
    return " ".join(out)


def key(notebook: Path) -> str:
    """What an executed copy depends on, hashed: it is stale when this changes."""
    package = sorted(
        p
        for p in (ROOT / "cardlab").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )
    h = _digest([notebook.resolve(), CHECKS, Path(__file__).resolve(), *package])
    h.update(_versions().encode())
    return h.hexdigest()


def report(notebook: Path) -> dict[str, Any] | None:
    """The saved report of ``notebook``'s last execution, or None."""
    try:
        return json.loads(report_file(notebook).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_fresh(notebook: Path) -> bool:
    saved = report(notebook)
    return bool(saved) and saved["key"] == key(notebook) and executed(notebook).is_file()


# ------------------------------------------------------------------ in the kernel
# Run hidden (no history, no outputs kept) before the first cell and after the last one.
# They leave no names behind in the notebook's namespace.
_SETUP = "__import__('sys').path.insert(0, {tests!r}); __import__('run_notebooks').record_asks()"
_FINISH = "__import__('run_notebooks').run_checks(globals(), {notebook!r}, {out!r})"

_asked: list[tuple[int, Any]] = []
_cells = [0]


def record_asks() -> None:
    """Record every exercise the notebook asks, with the number of the cell asking it."""
    from IPython import get_ipython

    from cardlab import lessons

    def count(info: Any) -> None:
        _cells[0] += 1  # the hidden runs are silent: they trigger no event

    get_ipython().events.register("pre_run_cell", count)
    real = lessons.ask

    def ask(key: str, *context: Any, **options: Any) -> Any:
        ex = real(key, *context, **options)
        _asked.append((_cells[0], ex))
        return ex

    lessons.ask = ask  # type: ignore[assignment]


def _import_checks() -> types.ModuleType:
    """``tests/test_lessons.py`` with its asserts rewritten as pytest rewrites them."""
    if "test_lessons" in sys.modules:
        return sys.modules["test_lessons"]
    source = CHECKS.read_bytes()
    tree = ast.parse(source, str(CHECKS))
    with contextlib.suppress(ImportError):  # plain asserts still fail, with less to read
        from _pytest.assertion.rewrite import rewrite_asserts

        rewrite_asserts(tree, source, str(CHECKS))
    module = types.ModuleType("test_lessons")
    module.__file__ = str(CHECKS)
    sys.modules["test_lessons"] = module
    exec(compile(tree, str(CHECKS), "exec"), module.__dict__)
    return module


def run_checks(ns: dict[str, Any], notebook: str, out: str) -> None:
    """Run the notebook's checks on its namespace; write what was asked and each result."""
    checks: list[tuple[str, Callable[[], None]]] = _import_checks().notebook_checks(
        Path(notebook), ns, list(_asked)
    )
    results: list[tuple[str, str | None]] = []
    for label, check in checks:
        try:
            check()
            results.append((label, None))
        except Exception:
            results.append((label, traceback.format_exc()))
    asked = [ex.key for _, ex in _asked]
    Path(out).write_text(json.dumps({"asked": asked, "checks": results}), encoding="utf-8")


# ------------------------------------------------------------------ one notebook
async def _hidden(client: Any, code: str) -> None:
    from jupyter_core.utils import ensure_async

    reply = await ensure_async(
        client.kc.execute_interactive(
            code, silent=True, store_history=False, timeout=CELL_TIMEOUT, output_hook=lambda m: 0
        )
    )
    if reply["content"]["status"] != "ok":
        tb = ANSI.sub("", "\n".join(reply["content"].get("traceback", [])))
        raise NotebookFailed(f"the checks could not run:\n{tb}")


async def _execute(notebook: Path, work: Path) -> tuple[Any, dict[str, Any]]:
    import nbformat
    from jupyter_core.utils import ensure_async
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from traitlets.config import Config

    nb = nbformat.read(notebook, as_version=4)
    # Unix sockets in the working folder: no TCP port taken, nothing listening beyond it.
    config = Config({"KernelManager": {"transport": "ipc", "ip": str(work / "kernel")}})
    client = NotebookClient(
        nb,
        config=config,
        kernel_name="python3",
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        record_timing=True,  # cell start and end times in the copy's metadata: --slowest
        resources={"metadata": {"path": str(work)}},
    )
    env = dict(os.environ, CARDLAB_EMBED_REPLAYS="1")
    checks = work / "checks.json"
    async with client.async_setup_kernel(cwd=str(work), env=env):
        msg_id = await ensure_async(client.kc.kernel_info())
        info = await client.async_wait_for_reply(msg_id)
        if info is not None:
            nb.metadata["language_info"] = info["content"]["language_info"]
        await _hidden(client, _SETUP.format(tests=str(TESTS)))
        for index, cell in enumerate(nb.cells):
            try:
                await client.async_execute_cell(
                    cell, index, execution_count=client.code_cells_executed + 1
                )
            except CellExecutionError as e:
                count = client.code_cells_executed
                raise NotebookFailed(f"cell In [{count}] raised:\n{ANSI.sub('', str(e))}") from None
        await _hidden(client, _FINISH.format(notebook=str(notebook), out=str(checks)))
        client.set_widgets_metadata()
    return nb, json.loads(checks.read_text(encoding="utf-8"))


@contextlib.contextmanager
def _locked(notebook: Path) -> Iterator[None]:
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / f".{notebook.stem}.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _run(coroutine: Any, *args: Any) -> Any:
    """Run ``coroutine(*args)`` to its end, in a thread of its own when this thread already
    runs an event loop (a pytest worker that also drives Playwright's sync API)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine(*args))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine(*args))).result()


def execute(notebook: Path, force: bool = False) -> tuple[dict[str, Any], float | None]:
    """Execute ``notebook`` into its copy and report unless they are fresh.

    Returns
    -------
    report : dict
        ``asked`` (the exercise keys, in order), ``checks`` (label, traceback or None),
        ``key`` and ``seconds``.
    seconds : float or None
        How long this execution took; None when the saved copy was reused.

    Raises
    ------
    NotebookFailed
        A cell raised, timed out or the kernel died; nothing is saved.
    """
    import nbformat

    notebook = notebook.resolve()
    with _locked(notebook):
        if not force and is_fresh(notebook):
            saved = report(notebook)
            assert saved is not None
            return saved, None
        stamp = key(notebook)
        report_file(notebook).unlink(missing_ok=True)
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix=f"{notebook.stem}-") as tmp:
            try:
                nb, checks = _run(_execute, notebook, Path(tmp))
            except NotebookFailed:
                raise
            except Exception as e:  # a timeout, a dead kernel
                raise NotebookFailed(f"{type(e).__name__}: {ANSI.sub('', str(e))}") from None
        seconds = round(time.monotonic() - start, 1)
        tmp_copy = executed(notebook).with_suffix(".ipynb.tmp")
        nbformat.write(nb, tmp_copy)
        tmp_copy.replace(executed(notebook))
        saved = dict(checks, key=stamp, seconds=seconds)
        report_file(notebook).write_text(json.dumps(saved, indent=1), encoding="utf-8")
        return saved, seconds


def _execute_in_worker(notebook: Path, force: bool) -> tuple[float | None, str | None]:
    try:
        return execute(notebook, force)[1], None
    except NotebookFailed as e:
        return None, str(e)


def run(notebooks: Sequence[Path], jobs: int = 2, force: bool = False) -> list[str]:
    """Execute those of ``notebooks`` not fresh, ``jobs`` at a time; the failures' messages."""
    todo = [n.resolve() for n in notebooks if force or not is_fresh(n)]
    failures: list[str] = []
    if not todo:
        return failures
    print(f"Executing {len(todo)} notebooks into {OUT.relative_to(ROOT)}/", flush=True)
    # Processes, not threads: each drives its kernel with its own event loop.
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(todo)))) as pool:
        futures = {pool.submit(_execute_in_worker, n, force): n for n in todo}
        for future in as_completed(futures):
            n = futures[future]
            seconds, error = future.result()
            if error is None:
                print(f"  {seconds:6.1f} s  {n.stem}", flush=True)
            else:
                print(f"  FAILED    {n.stem}", flush=True)
                failures.append(f"{n.name}: {error}")
    return failures


def slowest(count: int) -> list[tuple[float, str]]:
    """The ``count`` slowest cells of the executed copies: (seconds, "notebook In [n]: line")."""
    from datetime import datetime

    cells = []
    for copy in sorted(OUT.glob("*.ipynb")):
        nb = json.loads(copy.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            times = cell.get("metadata", {}).get("execution", {})
            start, end = times.get("iopub.execute_input"), times.get("shell.execute_reply")
            if cell["cell_type"] == "code" and start and end:
                took = datetime.fromisoformat(end) - datetime.fromisoformat(start)
                first = "".join(cell["source"]).strip().splitlines()[0][:60]
                where = f"{copy.stem} In [{cell['execution_count']}]: {first}"
                cells.append((took.total_seconds(), where))
    return sorted(cells, reverse=True)[:count]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--jobs", "-j", type=int, default=2, help="notebooks run at once")
    parser.add_argument("--force", action="store_true", help="execute fresh copies too")
    parser.add_argument(
        "--slowest",
        type=int,
        metavar="N",
        help="list the N slowest cells of the copies, run nothing",
    )
    args = parser.parse_args(argv)
    if args.slowest:
        for seconds, where in slowest(args.slowest):
            print(f"{seconds:7.1f} s  {where}")
        return 0
    start = time.monotonic()
    notebooks = args.notebooks or all_notebooks()
    failures = run(notebooks, args.jobs, args.force)
    took = time.monotonic() - start
    where = f"{OUT.relative_to(ROOT)}/"
    if failures:
        print(f"notebooks: {len(failures)} of {len(notebooks)} failed ({took:.0f} s)")
    else:
        print(f"notebooks: {len(notebooks)} executed and checked in {where} ({took:.0f} s)")
    for failure in failures:
        print(f"\n{failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
