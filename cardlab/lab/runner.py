"""Running a sweep's batches: in this process, in local processes, or on Dask.

A sweep is cut into :class:`~cardlab.lab.play.Task` batches before anything runs.  Each
batch plays its own deals, seeded from the sweep's seed and the deal's number, so the
rows do not depend on which executor ran it, in which order or on which worker; they
are put back in the batches' order.  With a cache folder every finished batch is
written there as a Parquet file named after a hash of the batch (game, rules version,
options, family, settings, seed and deals) and read back instead of played on a rerun,
so an interrupted sweep resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import CardlabError
from ..core.quoting import quote
from .play import Task, run_task

if TYPE_CHECKING:
    import pandas as pd

#: Bumped when the rows a batch writes change, so old cache files are not read.
FORMAT = 1
EXECUTORS = ("inprocess", "processes", "dask")


def task_key(task: Task) -> str:
    """A stable name for a batch: a hash of everything its rows depend on."""
    blob = json.dumps(
        [
            FORMAT,
            task.family,
            task.game,
            task.version,
            task.players,
            task.options,
            task.variant,
            task.seed,
            task.start,
            task.stop,
            task.params,
        ],
        default=repr,
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def to_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Rows as a DataFrame, through Arrow, so a fresh batch and one read back from the
    cache give the same frame."""
    from ..core.optional import pyarrow as pa

    frame: pd.DataFrame = pa.Table.from_pylist(rows).to_pandas()
    return frame


def _cached(path: Path | None) -> pd.DataFrame | None:
    if path is None or not path.is_file():
        return None
    import pyarrow.parquet as pq

    from ..core.optional import pyarrow as pa

    frame: pd.DataFrame = pa.Table.to_pandas(pq.read_table(path))
    return frame


def _store(path: Path | None, frame: pd.DataFrame) -> None:
    if path is None:
        return
    import pyarrow.parquet as pq

    from ..core.optional import pyarrow as pa

    tmp = path.with_suffix(".tmp")
    pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), tmp)
    tmp.replace(path)  # a batch cut off halfway never looks finished


def _module_of(task: Task) -> str:
    from ..core.registry import get_spec

    return get_spec(task.game).state_class.__module__


def _run_anywhere(task: Task, module: str) -> list[dict[str, Any]]:
    """Run a batch in a worker, first importing the module that registers its game (a
    worker started afresh knows only the bundled games)."""
    from ..core.registry import specs

    if task.game not in specs():
        importlib.import_module(module)
    return run_task(task)


def execute(
    tasks: Sequence[Task],
    *,
    executor: str = "processes",
    workers: int = 0,
    client: Any = None,
    cache: str | os.PathLike[str] | None = None,
    progress: bool = True,
    games_of: Callable[[Task], int] = lambda t: t.stop - t.start,
) -> list[pd.DataFrame]:
    """Run every batch (or read it from ``cache``) and return their frames in order.

    Parameters
    ----------
    tasks : list of Task
        The sweep's batches, in order.
    executor : str
        ``"inprocess"``, ``"processes"`` (a local process pool) or ``"dask"`` (the given
        ``client``, else a ``LocalCluster`` on 127.0.0.1, closed afterwards).
    workers : int
        Processes for ``"processes"`` or a new ``LocalCluster`` (0: one per CPU).
    client : dask.distributed.Client, optional
        The Dask client to run on.
    cache : str or os.PathLike, optional
        A folder for finished batches (Parquet), read back on a rerun.
    progress : bool
        Show a progress bar.
    games_of : callable
        How many games a batch plays (for the progress bar).
    """
    from tqdm.auto import tqdm

    if executor not in EXECUTORS:
        raise CardlabError(f"executor must be one of {', '.join(EXECUTORS)}, not {quote(executor)}")
    if client is not None and executor != "dask":
        raise CardlabError("a Dask client is used with executor='dask'")
    folder = None
    if cache is not None:
        folder = Path(cache)
        folder.mkdir(parents=True, exist_ok=True)
    paths = [None if folder is None else folder / f"{task_key(t)}.parquet" for t in tasks]
    frames: list[pd.DataFrame | None] = [_cached(p) for p in paths]
    todo = [i for i, f in enumerate(frames) if f is None]
    total = sum(games_of(t) for t in tasks)
    bar = tqdm(total=total, desc="lab", unit="deal", disable=not progress)
    bar.update(total - sum(games_of(tasks[i]) for i in todo))

    def done(i: int, rows: list[dict[str, Any]]) -> None:
        frame = to_frame(rows)
        _store(paths[i], frame)
        frames[i] = frame
        bar.update(games_of(tasks[i]))

    try:
        if not todo:
            pass
        elif executor == "inprocess" or (executor == "processes" and len(todo) == 1):
            for i in todo:
                done(i, run_task(tasks[i]))
        elif executor == "processes":
            procs = workers or os.cpu_count() or 1
            modules = {t.game: _module_of(t) for t in tasks}
            with ProcessPoolExecutor(min(procs, len(todo))) as pool:
                futures = {
                    pool.submit(_run_anywhere, tasks[i], modules[tasks[i].game]): i for i in todo
                }
                for fut in as_completed(futures):
                    done(futures[fut], fut.result())
        else:
            _dask(tasks, todo, done, client, workers)
    finally:
        bar.close()
    return [f for f in frames if f is not None]


def _dask(
    tasks: Sequence[Task],
    todo: list[int],
    done: Callable[[int, list[dict[str, Any]]], None],
    client: Any,
    workers: int,
) -> None:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise CardlabError(
            "executor='dask' needs Dask: pip install 'cardlab[dask]' (or use executor='processes')"
        ) from None
    own = client is None
    cluster = None
    if own:
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        client = Client(cluster)
    try:
        modules = {t.game: _module_of(t) for t in tasks}
        futures = [
            client.submit(_run_anywhere, tasks[i], modules[tasks[i].game], pure=False) for i in todo
        ]
        where = {f.key: i for f, i in zip(futures, todo, strict=True)}
        for fut in as_completed(futures):
            done(where[fut.key], fut.result())
    finally:
        if own:
            client.close()
            assert cluster is not None
            cluster.close()
