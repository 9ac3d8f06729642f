"""Binder's environment, rebuilt here: binder/ installs cleanly and runs a notebook.

Binder reads only ``binder/`` when it exists: ``requirements.txt`` (installed from the
repository root) and ``runtime.txt`` (the Python version).  mybinder.org cannot be reached
from a test, so this does what it does: a fresh virtualenv, ``pip install -r
binder/requirements.txt`` from a copy of the repository, then the welcome notebook
executed by that environment's own Jupyter.  It takes a minute or two.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NOTEBOOK = "00-welcome.ipynb"
PIP_QUIET = ["--quiet", "--no-compile", "--disable-pip-version-check"]
# Never copied into the throwaway checkout: environments, caches, builds, outputs.
SKIP = shutil.ignore_patterns(
    ".git", ".venv*", "site", "build", "dist", "artifacts", "*.egg-info", "__pycache__",
    ".*_cache", ".hypothesis", ".ipynb_checkpoints", ".cache", "node_modules",
)  # fmt: skip


def test_binder_files_name_python_and_the_notebook_extra() -> None:
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"python-3\.\d+", runtime), runtime
    minor = int(runtime.split(".")[1])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11" and minor >= 11
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").split()
    assert lines == [".[notebook]"]
    assert "notebook" in project["optional-dependencies"]
    assert (ROOT / "notebooks" / NOTEBOOK).is_file()


def test_binder_environment_runs_a_notebook(tmp_path: Path) -> None:
    checkout = tmp_path / "repo"
    shutil.copytree(ROOT, checkout, ignore=SKIP, symlinks=True)
    env_dir = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True, timeout=120)
    py = env_dir / "bin" / "python"
    # Jupyter must not pick up kernels or settings from the machine's user folders.
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
        JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter-runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONNOUSERSITE="1",
    )
    env.pop("PYTHONPATH", None)
    env.pop("JUPYTER_PATH", None)

    # Nothing is byte-compiled ahead: Python compiles what the notebook imports when it
    # imports it, and compiling all of JupyterLab's stack first is most of the install's
    # CPU time.
    install = subprocess.run(
        [str(py), "-m", "pip", "install", *PIP_QUIET, "-r", "binder/requirements.txt"],
        cwd=checkout,  # Binder installs from the repository root: "." is the project
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]

    # The installed package (not the checkout) carries every data file it needs.
    probe = subprocess.run(
        [
            str(py),
            "-c",
            "import json, pathlib, cardlab, anywidget, altair, ipywidgets, jupyterlab;"
            "root = pathlib.Path(cardlab.__file__).parent;"
            "print(json.dumps([str(root), sorted(p.relative_to(root).as_posix()"
            " for p in root.rglob('*') if p.is_file() and p.suffix != '.pyc')]))",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr[-3000:]
    installed_root, installed = json.loads(probe.stdout)
    assert Path(installed_root).is_relative_to(env_dir), installed_root
    source = checkout / "cardlab"
    wanted = sorted(
        p.relative_to(source).as_posix()
        for p in source.rglob("*")
        if p.is_file() and p.suffix in (".py", ".js", ".css", ".csv", ".json", ".typed")
    )
    assert sorted(set(wanted) - set(installed)) == []

    notebooks = checkout / "notebooks"
    run = subprocess.run(
        [
            str(py), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
            "--ExecutePreprocessor.timeout=300", "--output-dir", str(tmp_path / "out"),
            NOTEBOOK,
        ],
        cwd=notebooks,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    executed = json.loads((tmp_path / "out" / NOTEBOOK).read_text(encoding="utf-8"))
    code = [c for c in executed["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] for c in code)
    assert not [o for c in code for o in c["outputs"] if o["output_type"] == "error"]
