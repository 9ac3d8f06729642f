"""Running sweeps: the same rows in this process, in local processes and on Dask; a
resumed sweep; Parquet results; the ``cardlab lab`` command; bad input refused."""

from __future__ import annotations

from pathlib import Path

import pytest
import toys  # noqa: F401  (registers the toy games)

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from cardlab import CardlabError, lab  # noqa: E402
from cardlab.cli import main  # noqa: E402
from cardlab.core.registry import load  # noqa: E402
from cardlab.core.spec import GameSpec  # noqa: E402
from cardlab.games import GAMES  # noqa: E402
from cardlab.lab import runner  # noqa: E402
from cardlab.lab.play import Task  # noqa: E402

VARIANTS = {"default": {}, "wrap": {"wrap": True}}
SWEEP = {
    "metrics": ["outcome", "skill", "tension"],
    "games": 4,
    "seed": 5,
    "ladder": ("random", "heuristic", "search:4"),
    "judge": 4,
    "batch": 1,
    "progress": False,
}


def frames(result: lab.Comparison) -> dict[str, pd.DataFrame]:
    """The rows of every family, in a fixed order (batches may finish in any order)."""
    out = {}
    for family, f in result.rows.items():
        keys = [c for c in ("variant", "deal", "rotation", "player_a", "player_b") if c in f]
        keys += ["arrangement"] if "arrangement" in f else []
        out[family] = f.sort_values(keys).reset_index(drop=True)
    return out


def same(a: lab.Comparison, b: lab.Comparison) -> None:
    fa, fb = frames(a), frames(b)
    assert fa.keys() == fb.keys()
    for family in fa:
        pd.testing.assert_frame_equal(fa[family], fb[family])
    pd.testing.assert_frame_equal(a.profile, b.profile)
    pd.testing.assert_frame_equal(a.differences, b.differences)


@pytest.fixture(scope="module")
def inprocess() -> lab.Comparison:
    return lab.compare("golf", VARIANTS, executor="inprocess", **SWEEP)  # type: ignore[arg-type]


def test_local_processes_give_the_rows_of_this_process(inprocess: lab.Comparison) -> None:
    result = lab.compare("golf", VARIANTS, executor="processes", workers=2, **SWEEP)  # type: ignore[arg-type]
    same(inprocess, result)


def test_a_dask_cluster_gives_the_rows_of_this_process(inprocess: lab.Comparison) -> None:
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",  # threads in this process, talking over loopback TCP
        host="127.0.0.1",
        dashboard_address=None,
    )
    client = distributed.Client(cluster)
    try:
        result = lab.compare("golf", VARIANTS, executor="dask", client=client, **SWEEP)  # type: ignore[arg-type]
        assert len(client.scheduler_info()["workers"]) == 2
    finally:
        client.close()
        cluster.close()
    same(inprocess, result)


def test_the_lab_starts_and_stops_its_own_local_cluster(inprocess: lab.Comparison) -> None:
    pytest.importorskip("dask.distributed")
    result = lab.compare("golf", VARIANTS, executor="dask", workers=2, **SWEEP)  # type: ignore[arg-type]
    same(inprocess, result)


def test_a_sweep_resumes_from_its_cache(
    tmp_path: Path, inprocess: lab.Comparison, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    first = lab.compare("golf", VARIANTS, executor="inprocess", cache=str(cache), **SWEEP)  # type: ignore[arg-type]
    same(inprocess, first)
    files = sorted(cache.glob("*.parquet"))
    assert files and not list(cache.glob("*.tmp"))
    files[0].unlink()  # as if the sweep had stopped before this batch
    played = []
    real = runner.run_task

    def counting(task: Task) -> list[dict[str, object]]:
        played.append(task)
        return real(task)

    monkeypatch.setattr(runner, "run_task", counting)
    again = lab.compare("golf", VARIANTS, executor="inprocess", cache=str(cache), **SWEEP)  # type: ignore[arg-type]
    assert len(played) == 1  # only the missing batch was played again
    same(inprocess, again)


def test_every_batch_has_its_own_deals_and_a_stable_key() -> None:
    game = load("golf")
    tasks = lab.plan({"a": game, "b": game}, "outcome", 7, 1, {"rotate": True}, batch=3)
    assert [(t.variant, t.start, t.stop) for t in tasks] == [
        ("a", 0, 3),
        ("a", 3, 6),
        ("a", 6, 7),
        ("b", 0, 3),
        ("b", 3, 6),
        ("b", 6, 7),
    ]
    keys = {runner.task_key(t) for t in tasks}
    assert len(keys) == len(tasks)
    assert runner.task_key(tasks[0]) == runner.task_key(
        lab.plan({"a": game}, "outcome", 7, 1, {"rotate": True}, batch=3)[0]
    )


def test_results_travel_as_parquet(tmp_path: Path, inprocess: lab.Comparison) -> None:
    path = tmp_path / "golf.parquet"
    inprocess.to_parquet(str(path))
    back = lab.read(str(path))
    assert back.game == "golf" and back.variants == {"default": {}, "wrap": {"wrap": True}}
    assert back.settings["seed"] == 5
    pd.testing.assert_frame_equal(back.profile, inprocess.profile)
    lengths = back.lengths()
    assert set(lengths["variant"]) == {"default", "wrap"}
    assert (lengths["decisions"] <= lengths["actions"]).all()


def test_tables_and_charts_of_a_comparison(inprocess: lab.Comparison) -> None:
    pytest.importorskip("altair")
    table = inprocess.table("outcome")
    assert list(table.columns) == ["default", "wrap"]
    assert "decisions per game" in table.index
    for chart in (inprocess.chart("skill"), inprocess.chart_differences()):
        spec = chart.to_dict()
        assert spec["facet"] and spec["spec"]["layer"]


def test_the_shipped_results_of_a_game() -> None:
    shipped = lab.measured("golf")
    assert shipped is not None
    assert shipped.settings["games"] >= 2_000
    assert set(shipped.variants) == set(lab.declared_variants("golf"))
    assert lab.measured("bourbon") is None  # no variants, nothing shipped


def test_the_variants_measured_table_and_a_game_page_profile() -> None:
    table = lab.variants_table(link="games/{name}.md")
    assert "| [Golf](games/golf.md) | default | 2,000 |" in table
    assert "| Putt Putt | 2,000 |" in table
    assert "**24.5%**" in table  # Putt Putt is won clearly more often than the defaults
    shipped = lab.measured("golf")
    assert shipped is not None
    page = lab.markdown(shipped)
    assert page.startswith("| metric | default | draw any time |")
    assert "| decisions per game | 10.88 [" in page


def test_variants_are_read_from_text() -> None:
    assert lab.parse_variant("open:open_pile=true,target=50") == (
        "open",
        {"open_pile": True, "target": 50},
    )
    assert lab.parse_variant("five:players=5") == ("five", {"players": 5})
    assert lab.parse_variant("plain") == ("plain", {})
    with pytest.raises(CardlabError, match="must be written option=value"):
        lab.parse_variant("open:open_pile")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variants": {"x": {"colour": 1}}}, "variant 'x'"),
        ({"variants": {"x": {"players": 9}}}, "variant 'x'"),
        ({"games": 0}, "games must be a whole number"),
        ({"executor": "cloud"}, "executor must be one of"),
        ({"ladder": ("random", "genius")}, "unknown player 'genius'"),
        ({"metrics": ["skill"], "ladder": ("random",)}, "a ladder of two players"),
    ],
)
def test_bad_input_is_refused_before_anything_plays(
    kwargs: dict[str, object], message: str
) -> None:
    args: dict[str, object] = {"games": 2, "progress": False, **kwargs}
    with pytest.raises(CardlabError, match=message):
        lab.compare("golf", **args)  # type: ignore[arg-type]


def test_the_command_line_measures_and_writes_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.parquet"
    code = main(
        [
            "lab",
            "toy_coin",
            "--variant",
            "four:players=4",
            "--games",
            "8",
            "--seed",
            "2",
            "--executor",
            "inprocess",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0, text
    assert "Coin Toss: 8 games per variant" in text
    assert "balance" in text and "four" in text and "default" in text
    assert list(lab.read(str(out)).variants) == ["default", "four"]


def test_the_command_line_names_a_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["lab", "golf", "--variant", "x:wrap", "--games", "2", "--no-progress"])
    assert code == 2
    assert "must be written option=value" in capsys.readouterr().err


def test_the_lab_without_pandas_says_what_to_install() -> None:
    from test_optional_deps import run_without_data_stack

    out = run_without_data_stack(
        """
        import json, sys
        from cardlab import lab
        try:
            lab.compare("golf", games=2, progress=False)
        except ImportError as e:
            said = [type(e).__name__, e.name, str(e)]
        print(json.dumps({"said": said, "cli": lab.parse_variant("a:wrap=1")[1]}))
        """
    )
    kind, module, message = out["said"]  # type: ignore[misc]
    assert kind == "MissingDependency" and module in ("numpy", "pandas")
    assert "cardlab.lab.compare()" in message and "pip install" in message
    assert out["cli"] == {"wrap": 1}  # reading variants needs nothing extra


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_family_measures_every_game(spec: GameSpec) -> None:
    # one short game, every family: the rows and metrics exist for any game the lab is given
    result = lab.compare(
        spec.name,
        {"one hand": {"hands": 1}},
        metrics=["outcome", "skill", "tension"],
        games=1,
        seed=1,
        ladder=("random", "first"),
        judge=1,
        rotate=False,
        executor="inprocess",
        progress=False,
    )
    assert set(result.rows) == {"outcome", "skill", "tension"}
    measured = set(result.profile["metric"])
    assert {"win_share_0", "decisions", "rating_first", "luck_share", "spread"} <= measured
    if not spec.solitaire:
        assert "balance" in measured


def test_the_command_line_runs_on_a_dask_scheduler(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    )
    out = tmp_path / "coin.parquet"
    args = ["lab", "toy_coin", "--games", "6", "--seed", "4", "--no-progress"]
    try:
        code = main([*args, "--scheduler", cluster.scheduler_address, "--out", str(out)])
    finally:
        cluster.close()
    assert code == 0, capsys.readouterr().err
    assert main([*args, "--executor", "inprocess", "--out", str(tmp_path / "here.parquet")]) == 0
    pd.testing.assert_frame_equal(
        lab.read(str(out)).profile, lab.read(str(tmp_path / "here.parquet")).profile
    )
