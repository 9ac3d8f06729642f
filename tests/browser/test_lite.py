"""The JupyterLite lab of the docs site in Chromium, with every request leaving 127.0.0.1
blocked: a game's play notebook starts the Pyodide kernel, installs cardlab from the site,
shows the card table and plays by clicks without a single request elsewhere; the charting
notebook asks only for the pinned files of Pyodide's repository (intercepted, counted,
never fetched) and then says what is missing.

The lab is ``lite/`` in the site ``$DOCS_SITE_DIR`` names (``make test`` builds ``site/``
first), else ``$LITE_DIR`` or ``build/lite`` (``make lite``).  It is served by a loopback
server that gives ``.mjs`` and ``.wasm`` files their proper types, as a web host does.
Cold-start times and the site's size are written to ``artifacts/lite.json``.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS
from playwright.sync_api import expect

from cardlab.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
GAME = "hearts"
LOCAL = ("http://127.0.0.1:", "data:", "blob:", "about:")
READY_TIMEOUT = 300_000  # a cold start on a loaded 2-core machine: Pyodide, IPython, cardlab
TIMINGS = ARTIFACTS / "lite.json"


def _lite_dir() -> Path:
    site = os.environ.get("DOCS_SITE_DIR")
    lite = Path(site) / "lite" if site else Path(os.environ.get("LITE_DIR", ROOT / "build/lite"))
    if not (lite / "jupyter-lite.json").is_file():
        pytest.fail(f"no JupyterLite site in {lite}: run `make lite` (or `make docs`)")
    return lite.resolve()


@pytest.fixture(scope="module")
def lite() -> Path:
    return _lite_dir()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the class attribute http.server reads
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".ipynb": "application/json",
        ".whl": "application/octet-stream",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server_root(lite: Path) -> Iterator[str]:
    """The folder holding the lab (the docs site, or build/), served on 127.0.0.1."""
    handler = functools.partial(_Handler, directory=str(lite.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def lite_url(lite: Path, server_root: str) -> str:
    return f"{server_root}{lite.name}/"


def _downloaded_mb(lite: Path, urls: list[str]) -> float:
    """The size of the site's files behind ``urls`` (each counted once)."""
    paths = {urllib.parse.urlsplit(u).path.split("/", 2)[-1] for u in urls if "/api/" not in u}
    sizes = [(lite / p).stat().st_size for p in paths if (lite / p).is_file()]
    return round(sum(sizes) / 1e6, 1)


@pytest.fixture
def guarded(page: Any) -> Any:
    """The page with a context-wide route (it also sees the kernel's web worker): requests
    to 127.0.0.1 go through and are listed; every other one is aborted and recorded."""
    page.local_requests = []
    page.external_requests = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(LOCAL):
            page.local_requests.append(url)
            route.continue_()
        else:
            page.external_requests.append(url)
            route.abort()

    page.context.route("**/*", guard)
    return page


def _record(**figures: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    old = json.loads(TIMINGS.read_text()) if TIMINGS.is_file() else {}
    TIMINGS.write_text(json.dumps({**old, **figures}, indent=1))


KERNEL_IDLE = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const ctx = panel && panel.sessionContext;
    const kernel = ctx && ctx.isReady && ctx.session && ctx.session.kernel;
    return !!kernel && kernel.status === "idle";
}"""


def _open_and_run_all(page: Any, url: str) -> float:
    """Open a notebook in the lab's notebook app, wait for its kernel (accepting the kernel
    dialog if one is shown) and run every cell; returns the time the page was opened."""
    start = time.monotonic()
    page.goto(url)
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)")
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    deadline = time.monotonic() + READY_TIMEOUT / 1000
    while not page.evaluate(KERNEL_IDLE):
        assert time.monotonic() < deadline, "the kernel did not start"
        if accept.count() and accept.first.is_visible():
            accept.first.click()
        page.wait_for_timeout(250)
    # not awaited: the command's promise settles only when every cell has run
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    return start


def _errors(page: Any) -> list[str]:
    return [line for line in page.console_log if line.startswith("pageerror")]


def test_the_site_holds_a_play_notebook_per_game_and_a_pinned_lock(lite: Path) -> None:
    files = lite / "files"
    assert {p.stem for p in (files / "play").glob("*.ipynb")} == {s.name for s in GAMES}
    assert (files / "welcome.ipynb").is_file() and (files / "charts.ipynb").is_file()
    for nb in (files / "play").glob("*.ipynb"):
        text = json.loads(nb.read_text(encoding="utf-8"))
        code = "\n".join(c["source"] for c in text["cells"] if c["cell_type"] == "code")
        assert "%pip install cardlab[widgets]" in code and "Table(" in code, nb.name
        assert not re.search(r"pandas|altair|numpy|simulate|_frame|games\(\)", code), nb.name
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert list((lite / "pypi").glob("cardlab-*.whl"))
    assert not list((lite / "pypi").glob("widgetsnbextension-*"))
    assert not list(lite.rglob("*.map")), "source maps are left out"
    lock = json.loads((lite / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    remote = {k: v for k, v in lock["packages"].items() if "://" in v["file_name"]}
    assert {"numpy", "pandas", "altair"} <= set(remote)
    for entry in lock["packages"].values():
        assert re.fullmatch(r"[0-9a-f]{64}", entry["sha256"])
        if "://" not in entry["file_name"]:
            assert (lite / "static/pyodide" / entry["file_name"]).is_file()
        else:
            assert entry["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/v")


def _pinned(lite: Path) -> dict[str, str]:
    lock = json.loads((lite / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    return {
        entry["file_name"]: name
        for name, entry in lock["packages"].items()
        if "://" in entry["file_name"]
    }


def test_a_game_plays_in_the_browser_with_no_request_leaving_the_machine(
    lite: Path, lite_url: str, guarded: Any
) -> None:
    page = guarded
    start = _open_and_run_all(page, lite_url + f"notebooks/index.html?path=play/{GAME}.ipynb")
    table = page.locator(f'.cl-root[data-game="{GAME}"]').first
    legal = table.locator(".cl-card.cl-legal")
    expect(legal.first).to_be_visible(timeout=READY_TIMEOUT)
    cold_start = time.monotonic() - start
    # cardlab came from the site's own wheel, through piplite's index
    assert [u for u in page.local_requests if re.search(r"/pypi/cardlab-[^/]+\.whl", u)]
    # a few moves by clicks: Hearts opens with passing three cards, then the bots play on
    for _ in range(4):
        before = table.get_attribute("data-step")
        expect(legal.first).to_be_visible(timeout=60_000)
        legal.first.click(position={"x": 9, "y": 22})  # hands overlap: the corner shows
        expect(table).not_to_have_attribute("data-step", before, timeout=60_000)
    expect(legal.first).to_be_visible(timeout=60_000)  # the bots answered: our turn again
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(ARTIFACTS / "lite_table.png"))
    size = sum(p.stat().st_size for p in lite.rglob("*") if p.is_file())
    _record(
        cold_start_to_playable_table_s=round(cold_start, 1),
        site_mb=round(size / 1e6, 1),
        play_notebook_downloads_mb=_downloaded_mb(lite, page.local_requests),
    )
    assert page.external_requests == []
    assert _errors(page) == []


def test_the_charting_notebook_asks_only_for_pinned_pyodide_files(
    lite: Path, lite_url: str, guarded: Any
) -> None:
    page = guarded
    pinned = _pinned(lite)
    _open_and_run_all(page, lite_url + "notebooks/index.html?path=charts.ipynb")
    # pandas never arrives (its files are intercepted): cardlab says what is missing
    said = page.locator(".jp-OutputArea-output", has_text="needs pandas")
    expect(said.first).to_be_visible(timeout=READY_TIMEOUT)
    expect(said.first).to_contain_text("%pip install pandas")
    asked = page.external_requests
    assert asked, "no request for Pyodide's packages was made"
    assert sorted(set(asked) - set(pinned)) == []
    wanted = {"numpy", "pandas", "altair"}
    assert wanted <= {pinned[u] for u in asked}
    _record(charting_notebook_pinned_requests=len(asked))


def test_every_game_page_opens_its_play_notebook_in_the_lab(
    lite: Path, server_root: str, guarded: Any
) -> None:
    site = lite.parent
    if not (site / "games").is_dir():
        pytest.skip("the lab alone (no docs site around it): make docs builds both")
    targets = {}
    for spec in GAMES:
        html = (site / "games" / spec.name / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<a class="[^"]*cl-try[^"]*" href="([^"]+)"', html)
        assert found, f"games/{spec.name}/ has no Try it in your browser link"
        target = urllib.parse.urljoin(f"/games/{spec.name}/", found.group(1))
        assert target == f"/lite/notebooks/index.html?path=play/{spec.name}.ipynb", target
        assert (lite / "files" / "play" / f"{spec.name}.ipynb").is_file()
        targets[spec.name] = target
    page = guarded
    page.goto(server_root + f"games/{GAME}/")
    page.get_by_role("link", name="Try it in your browser").click()
    expect(page).to_have_url(re.compile(re.escape(targets[GAME].lstrip("/")) + "$"))
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
    expect(page.locator(".jp-Notebook")).to_contain_text("Play Hearts")
    assert page.external_requests == []
