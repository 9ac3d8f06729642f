"""cardlab plays without pandas, numpy or altair, and says what to install when asked for them.

Each check runs a fresh interpreter in which those modules cannot be imported (a finder at
the front of ``sys.meta_path`` refuses them, as when they are not installed: in Pyodide,
in a small environment).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BLOCKER = """
import sys

BLOCKED = {"pandas", "numpy", "altair"}


class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Blocker())
"""


def run_without_data_stack(code: str) -> dict[str, object]:
    """Run ``code`` with pandas, numpy and altair unimportable; it prints one JSON line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", BLOCKER + textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def test_every_game_plays_a_hand_without_pandas_numpy_or_altair() -> None:
    out = run_without_data_stack(
        """
        import json, sys
        import cardlab
        from cardlab.games import GAMES

        played = {}
        for spec in GAMES:
            m = cardlab.Match(spec.name, seed=1, agents="random")
            steps = 0
            while not m.state.results and not m.terminal and steps < 5000:
                assert m.step() is not None
                steps += 1
            played[spec.name] = [len(m.state.results), m.terminal, steps]
            print(m.observation(0), file=sys.stderr)  # the text form needs nothing more
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "numpy", "altair"))
        print(json.dumps({"played": played, "loaded": loaded}))
        """
    )
    from cardlab.games import GAMES

    played = out["played"]
    assert isinstance(played, dict)
    assert set(played) == {spec.name for spec in GAMES}
    for name, (hands, terminal, steps) in played.items():
        assert hands >= 1 or terminal, f"{name} did not finish a hand in {steps} steps"
    assert out["loaded"] == []


def test_the_card_table_plays_without_pandas() -> None:
    pytest.importorskip("anywidget")
    out = run_without_data_stack(
        """
        import json, sys
        from cardlab.widgets import Table

        t = Table("hearts", seat=0, bots="heuristic", seed=7, pace=0)
        for card in ["KS", "KH", "QH"]:
            t.play(card)
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "numpy", "altair"))
        print(json.dumps({"steps": t.total_steps, "loaded": loaded}))
        """
    )
    assert isinstance(out["steps"], int) and out["steps"] > 3
    assert out["loaded"] == []


def test_asking_for_a_dataframe_or_a_chart_says_what_to_install() -> None:
    out = run_without_data_stack(
        """
        import json
        import cardlab
        from cardlab import analysis, charts, odds

        m = cardlab.Match("hearts", seed=1, agents="random", hands=1)
        m.run()
        asks = {
            "games": lambda: cardlab.games(),
            "events_frame": lambda: m.events_frame(),
            "simulate": lambda: cardlab.simulate("hearts", "random", n=2, seed=1),
            "odds": lambda: odds.hand_classes(5),
            "analysis": lambda: analysis.by_rank_class(),
            "charts": lambda: charts.use_offline(),
        }
        said = {}
        for name, ask in asks.items():
            try:
                ask()
            except cardlab.CardlabError as e:
                said[name] = [type(e).__name__, isinstance(e, ImportError), e.name, str(e)]
        print(json.dumps(said))
        """
    )
    assert set(out) == {"games", "events_frame", "simulate", "odds", "analysis", "charts"}
    for name, (kind, is_import_error, module, message) in out.items():  # type: ignore[misc]
        assert kind == "MissingDependency" and is_import_error, name
        wanted = "altair" if name == "charts" else "pandas"
        assert module == wanted, (name, message)
        assert f"pip install {wanted}" in message, message
        assert f"%pip install {wanted}" in message, message  # the JupyterLite spelling
    assert "Match.events_frame()" in out["events_frame"][3]  # type: ignore[index]
    assert "simulate()" in out["simulate"][3]  # type: ignore[index]
    # a private helper is not named: the function the reader called is
    assert "odds.hand_classes()" in out["odds"][3]  # type: ignore[index]


def test_import_cardlab_leaves_the_data_stack_unloaded() -> None:
    # In the full environment too: import cardlab imports none of them by itself.
    code = (
        "import sys, json, cardlab;"
        "print(json.dumps(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('pandas', 'numpy', 'altair', 'tqdm'))))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout) == []


def test_pandas_is_an_extra_and_the_extras_that_need_it_name_it() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.startswith(("pandas", "numpy", "altair"))]
    extras = project["optional-dependencies"]

    def names(extra: str) -> set[str]:
        out = set()
        for req in extras[extra]:
            name = req.split(";")[0].split("[")[0]
            for op in "<>=!~ ":
                name = name.split(op)[0]
            out.add(name)
            if name == "cardlab":  # an extra made of other extras
                inner = req.split("[", 1)[1].split("]")[0]
                for sub in inner.split(","):
                    out |= names(sub.strip())
        return out

    assert "pandas" in names("data")
    assert {"pandas", "altair", "anywidget", "ipywidgets", "jupyterlab"} <= names("notebook")
    assert "pandas" in names("test")  # make test: the analyses and notebooks need it
