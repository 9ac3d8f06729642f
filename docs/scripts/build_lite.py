"""Build the JupyterLite lab of the docs site: cardlab in the reader's browser, no server.

``python docs/scripts/build_lite.py [OUT]`` (``make lite``) builds a static JupyterLite
site into OUT (default ``build/lite``); ``docs/hooks/lite.py`` copies it into the docs
site as ``lite/``.  The build starts clean every time (an incremental ``jupyter lite
build`` can silently drop the local Pyodide setting and fall back to a CDN).

What the site holds, and where each part comes from:

* the notebooks: the welcome tour (``notebooks/00-welcome.ipynb`` with an install cell),
  one short "play" notebook per game in ``cardlab.games.GAMES`` (a card table against the
  bots, written from the game's own facts; nothing that needs pandas), and one notebook
  that simulates and charts;
* Pyodide's runtime: the npm package ``pyodide`` at :data:`PYODIDE` (its tarball checked
  against :data:`PYODIDE_INTEGRITY`), served from ``static/pyodide/``;
* Python packages: cardlab's own wheel and the pure-Python wheels pip fetches for the
  browser's platform (:data:`WHEELS`, at the versions installed here for the widgets),
  served by piplite from ``pypi/`` with no fallback to PyPI;
* ``pyodide-lock.json``: micropip (the wheel from PyPI, with its own hash), and numpy,
  pandas and altair with their dependencies as the exact files and hashes Pyodide's
  official lock (shipped in the npm package) names, fetched from Pyodide's repository
  (:data:`PYODIDE_REPO`) only when a notebook asks for them.  A dependency that is also
  one of the wheels in ``pypi/`` (``typing-extensions``) is served from the site, so that
  playing never leaves the site.

Downloads are kept in ``build/lite-cache`` (and pip's own cache) between builds.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

#: The npm package ``pyodide``: the runtime the kernel extension expects.
PYODIDE = "314.0.6"
PYODIDE_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8po"
    "yDOOmWwxQ=="
)
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE}.tgz"
#: Pyodide's package repository, where its official lock's files live.
PYODIDE_REPO = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"
#: The runtime files the kernel loads (no consoles, type declarations or source maps).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Loaded from Pyodide's repository when a notebook charts (with their dependencies).
FROM_PYODIDE = ("numpy", "pandas", "altair")
#: The wheels' platform: Pyodide 314's (PEP 783), Python 3.14.
PLATFORM = [
    "--only-binary=:all:",
    "--platform=pyemscripten_2026_0_wasm32",
    "--python-version=3.14",
    "--implementation=cp",
    "--abi=cp314",
]
#: Left out of ``pypi/``: the kernel extension ships a stand-in for it.
LEFT_OUT = ("widgetsnbextension",)
#: The Pyodide kernel's name and display name, for the notebooks' metadata.
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: The lab extensions the site carries (from this environment), and nothing else.
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")


def wheels() -> list[str]:
    """What ``pypi/`` holds besides cardlab: the widgets at the versions whose front-end
    this site ships, and what the kernel installs when it starts."""
    pinned = [f"{name}=={importlib.metadata.version(name)}" for name in ("anywidget", "ipywidgets")]
    return ["tqdm", *pinned, "comm", "ipython", "jedi"]


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(path: Path) -> str:
    return norm(path.name.split("-")[0])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(cmd: list[str], **kw: Any) -> None:
    subprocess.run(cmd, check=True, **kw)


def pip(*args: str) -> None:
    run([sys.executable, "-m", "pip", *args, "--quiet", "--disable-pip-version-check"])


# ------------------------------------------------------------------ Pyodide's runtime
def pyodide_tarball(cache: Path) -> bytes:
    """The npm package, from the cache or the registry, checked against its pinned hash."""
    path = cache / f"pyodide-{PYODIDE}.tgz"
    data = path.read_bytes() if path.is_file() else b""
    algo, _, digest = PYODIDE_INTEGRITY.partition("-")
    want = base64.b64decode(digest)
    if hashlib.new(algo, data).digest() != want:
        with urllib.request.urlopen(PYODIDE_TARBALL, timeout=300) as r:
            data = r.read()
        if hashlib.new(algo, data).digest() != want:
            raise SystemExit(f"{PYODIDE_TARBALL} does not match its pinned {algo}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return data


def runtime(cache: Path, dest: Path) -> dict[str, Any]:
    """Copy the runtime into ``dest``; return Pyodide's official lock."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(pyodide_tarball(cache)), mode="r:gz") as tar:
        for name in RUNTIME:
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name
            (dest / name).write_bytes(member.read())
        lock = tar.extractfile("package/pyodide-lock.json")
        assert lock is not None
        official: dict[str, Any] = json.load(lock)
    return official


def closure(packages: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    """``names`` and everything they depend on in a lock, as its keys."""
    keys = {norm(k): k for k in packages}
    out: list[str] = []
    todo = [keys[norm(n)] for n in names]
    while todo:
        key = todo.pop()
        if key not in out:
            out.append(key)
            todo += [keys[norm(d)] for d in packages[key]["depends"]]
    return sorted(out)


def micropip_wheel(official: dict[str, Any], cache: Path) -> Path:
    """The micropip wheel the official lock names the version of, from PyPI."""
    version = official["packages"]["micropip"]["version"]
    wheel_dir = cache / "micropip"
    pip("download", "--no-deps", *PLATFORM, "-d", str(wheel_dir), f"micropip=={version}")
    (whl,) = wheel_dir.glob(f"micropip-{version}-*.whl")
    return whl


def lock(official: dict[str, Any], micropip: Path, pypi: Path, dest: Path) -> dict[str, Any]:
    """The site's ``pyodide-lock.json`` (see the module docstring); the wheels it names on
    the site are copied into ``dest``, the folder of the lock."""
    packages = official["packages"]
    shutil.copy2(micropip, dest / micropip.name)
    out = {"micropip": dict(packages["micropip"], file_name=micropip.name, sha256=sha256(micropip))}
    on_site = {wheel_name(p): p for p in pypi.glob("*.whl")}
    for key in closure(packages, FROM_PYODIDE):
        entry = copy.deepcopy(packages[key])
        local = on_site.get(norm(key))
        if local is not None:
            # The same package serves the table (from pypi/): never fetch it from elsewhere.
            shutil.copy2(local, dest / local.name)
            version = local.name.split("-")[1]
            entry.update(file_name=local.name, sha256=sha256(local), version=version)
        else:
            entry["file_name"] = PYODIDE_REPO + entry["file_name"]
        out[key] = entry
    return {"info": official["info"], "packages": dict(sorted(out.items()))}


# ------------------------------------------------------------------ Python packages
def python_packages(pypi: Path, cache: Path) -> None:
    """cardlab's wheel and the pure wheels it and the kernel need, into ``pypi/``."""
    pypi.mkdir(parents=True, exist_ok=True)
    built = cache / "cardlab-wheel"
    shutil.rmtree(built, ignore_errors=True)
    pip("wheel", "--no-deps", "-w", str(built), str(ROOT))
    fetched = cache / "wheels"
    pip("download", "-d", str(fetched), *PLATFORM, *wheels())
    wanted = {norm(w.split("=")[0]) for w in wheels()}
    # pip keeps older files in its folder: take the newest of each package it resolved
    newest: dict[str, Path] = {}
    for whl in sorted(fetched.glob("*.whl"), key=lambda p: p.stat().st_mtime):
        newest[wheel_name(whl)] = whl
    for name, whl in newest.items():
        if name not in LEFT_OUT:
            shutil.copy2(whl, pypi / whl.name)
    missing = wanted - set(newest)
    if missing:
        raise SystemExit(f"pip fetched no wheel for {sorted(missing)}")
    for whl in built.glob("cardlab-*.whl"):
        shutil.copy2(whl, pypi / whl.name)


# ------------------------------------------------------------------ notebooks
def _cell(kind: str, text: str) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": text.strip("\n")}
    if kind == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


def notebook(cells: list[dict[str, Any]]) -> dict[str, Any]:
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i}"  # nbformat 4.5: every cell has an id
    return {
        "cells": cells,
        "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


IN_THE_BROWSER = (
    "This notebook runs in your browser (JupyterLite): nothing to install and no server. "
    "Run the cells from top to bottom (Shift+Enter), or Run ▸ Run All Cells. The first "
    "cell installs cardlab from this site."
)


def play_notebook(spec: Any) -> dict[str, Any]:
    """A short notebook that plays one game at the table against the bots."""
    if spec.solitaire:
        who = "A solitaire: you play alone."
        table = f'table = Table("{spec.name}", seed=1)'
        how = "Click a card and then where it goes."
    else:
        count = f"{spec.player_text} players"
        bots = ", ".join(f"`{b}`" for b in ["random", *spec.bots])
        who = (
            f"For {count}. You sit at seat 0 and the heuristic bot plays every other seat "
            f"(bots: {bots})."
        )
        table = f'table = Table("{spec.name}", seat=0, bots="heuristic", seed=1)'
        how = (
            "Click a lit card or a button to play; pointing at a greyed card says which "
            "rule stops it."
        )
    options = [r for r in spec.options_class.describe() if r["option"] != "first_dealer"]
    lines = "\n".join(
        f"- `{r['option']}` (default `{r['default']!r}`): {r['help']}" for r in options
    )
    variant = ""
    for r in options:
        other = [a for a in r["allowed"] or () if a != r["default"]]
        if other:
            made = f'Table("{spec.name}", seed=1, {r["option"]}={other[0]!r})'
            variant = f"\n\nFor example, `{made}`."
            break
    return notebook(
        [
            _cell(
                "markdown", f"# Play {spec.title}\n\n{spec.summary}\n\n{who}\n\n" + IN_THE_BROWSER
            ),
            _cell("code", "%pip install cardlab[widgets]"),
            _cell(
                "markdown",
                f"## The table\n\n{how} Undo, Hint and the replay buttons are under the "
                "felt; each hand's score is explained line by line when it ends.",
            ),
            _cell("code", f"from cardlab.widgets import Table\n\n{table}\ntable"),
            _cell(
                "markdown",
                "## The same from code\n\n`table.match` is the match underneath: what seat 0 "
                "sees, and what it may do now (nothing while another seat is to move).",
            ),
            _cell("code", "print(table.match.observation(0))\ntable.match.legal_actions(0)"),
            _cell(
                "markdown",
                f"## Rules and options\n\n`help(cardlab.games.{spec.name})` prints the rules "
                f"in brief. A new table takes any of these options:\n\n{lines}{variant}",
            ),
        ]
    )


def welcome_notebook() -> dict[str, Any]:
    """``notebooks/00-welcome.ipynb`` with a cell that installs what it uses first."""
    nb: dict[str, Any] = json.loads((ROOT / "notebooks" / "00-welcome.ipynb").read_text("utf-8"))
    install = [
        _cell(
            "markdown",
            f"{IN_THE_BROWSER} This tour also uses pandas, which Pyodide loads from its own "
            "package repository: that needs the internet. The game notebooks in `play/` "
            "need nothing but this site; the other notebooks are on the documentation "
            "site and on Binder.",
        ),
        _cell("code", "%pip install cardlab[widgets] pandas"),
    ]
    return notebook(nb["cells"][:1] + install + nb["cells"][1:])


def charts_notebook() -> dict[str, Any]:
    """Simulations and a chart: pandas and altair come from Pyodide's repository."""
    return notebook(
        [
            _cell(
                "markdown",
                "# Many hands at once\n\nSimulations give pandas DataFrames and the charts are "
                "drawn with Altair. In the browser, Pyodide loads numpy, pandas and altair "
                "from its own package repository the first time (a few megabytes, so this "
                "needs the internet), and Altair draws with Vega's JavaScript from its CDN. "
                f"{IN_THE_BROWSER}",
            ),
            _cell("code", "%pip install cardlab pandas altair"),
            _cell(
                "markdown",
                "One hand of Hearts between four heuristic bots, trick by trick: one column "
                "per trick, one row per player.",
            ),
            _cell(
                "code",
                "import cardlab\nfrom cardlab import charts\n\n"
                'm = cardlab.Match("hearts", seed=7, agents="heuristic", hands=1)\nm.run()\n'
                'charts.trick_timeline(m.events_frame(), title="One hand, trick by trick")',
            ),
            _cell(
                "markdown",
                "Forty single hands: the heuristic bot at North against three random "
                "players, one row per hand.",
            ),
            _cell(
                "code",
                "df = cardlab.simulate(\n"
                '    "hearts", ["heuristic", "random", "random", "random"], n=40, seed=1, hands=1\n'
                ")\n"
                'df[["score_0", "score_1", "score_2", "score_3"]].mean()',
            ),
        ]
    )


def contents(files: Path) -> None:
    from cardlab.games import GAMES

    (files / "play").mkdir(parents=True, exist_ok=True)
    for spec in GAMES:
        write_notebook(files / "play" / f"{spec.name}.ipynb", play_notebook(spec))
    write_notebook(files / "welcome.ipynb", welcome_notebook())
    write_notebook(files / "charts.ipynb", charts_notebook())


def write_notebook(path: Path, nb: dict[str, Any]) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ the site
def lite_config(src: Path, output: Path) -> None:
    labext = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    found = [labext / name for name in EXTENSIONS]
    import anywidget  # its front-end comes with the Python package

    found.append(labext / "anywidget")
    missing = [str(p) for p in found if not (p / "package.json").is_file()]
    if missing:
        raise SystemExit(f"lab extensions missing: {missing} (pip install -e '.[docs,notebook]')")
    assert anywidget.__version__
    build = {
        "LiteBuildConfig": {
            "apps": ["lab", "notebooks", "tree"],
            "contents": ["files"],
            "output_dir": str(output),
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(p) for p in found],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
        }
    }
    (src / "jupyter_lite_config.json").write_text(json.dumps(build, indent=2), encoding="utf-8")
    site = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardlab",
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}
            },
        },
    }
    (src / "jupyter-lite.json").write_text(json.dumps(site, indent=2), encoding="utf-8")


def check(output: Path) -> None:
    """Fail unless the site loads Pyodide from itself and never falls back to PyPI."""
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SystemExit(f"the site would load Pyodide from {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("the site would fall back to PyPI")
    if not any("pypi/all.json" in url for url in kernel.get("pipliteUrls", [])):
        raise SystemExit("the site has no piplite index of its own wheels")


def build(output: Path) -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if PYODIDE_VERSION != PYODIDE:
        raise SystemExit(f"the kernel expects Pyodide {PYODIDE_VERSION}, this build {PYODIDE}")
    start = time.monotonic()
    work = output.with_name(output.name + "-src")
    cache = output.with_name(output.name + "-cache")
    # clean every time: the output, the source folder and jupyterlite's doit state
    for path in (output, work):
        shutil.rmtree(path, ignore_errors=True)
    work.mkdir(parents=True)
    pyodide_dir = work / "static" / "pyodide"
    official = runtime(cache, pyodide_dir)
    python_packages(work / "pypi", cache)
    site_lock = lock(official, micropip_wheel(official, cache), work / "pypi", pyodide_dir)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(site_lock, indent=1), "utf-8")
    contents(work / "files")
    lite_config(work, output)
    run([sys.executable, "-m", "jupyter", "lite", "build"], cwd=work, stdout=subprocess.DEVNULL)
    check(output)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    files = sum(1 for p in output.rglob("*") if p.is_file())
    print(
        f"JupyterLite site in {output}: {size / 1e6:.1f} MB in {files} files, "
        f"built in {time.monotonic() - start:.0f} s"
    )


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build" / "lite").resolve())
