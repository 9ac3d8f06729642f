"""Real-browser fixtures: a throwaway JupyterLab server and Debian's Chromium via Playwright.

- ``browser`` (session): Chromium from /usr/bin/chromium (or ``$CHROMIUM``) driven by
  Playwright; the tests skip with a visible reason when it is missing.
- ``page`` (function): a fresh context and page; console messages, page errors and failed
  requests are recorded in ``page.console_log``; on failure a full-page screenshot and the
  console log are saved to ``artifacts/`` (or ``$ARTIFACTS``).
- ``lab`` (session): JupyterLab on 127.0.0.1:<free port> with a random token, serving a
  temporary root directory (``lab.root``; tests write their notebooks there), with isolated
  config/runtime/settings/workspaces dirs and no news or update checks. Stopped through
  ``POST /api/shutdown`` (kernels too), its process group killed as a fallback; if the
  pytest process itself is killed (a cancelled CI job), the server gets SIGTERM from the
  kernel (``die_with_parent``) and stops its kernels, so nothing is left running.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(os.environ.get("ARTIFACTS", "artifacts")).resolve()
SERVER_START_TIMEOUT = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder needs a real browser: mark it so ``-m "not browser"`` works.

    Under pytest-xdist they run on two workers, in two groups (``tests/conftest.py``).
    """
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def die_with_parent() -> None:
    """In a child process before it starts: SIGTERM it when its parent dies, however that
    happens (Linux's PR_SET_PDEATHSIG; elsewhere nothing)."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Lab:
    base: str
    token: str
    root: Path
    proc: subprocess.Popen[bytes]
    log: Path

    def url(self, path: str, **params: str) -> str:
        query = [f"token={self.token}"] + [f"{k}={v}" if v else k for k, v in params.items()]
        return f"{self.base}/{path.lstrip('/')}?{'&'.join(query)}"

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        req = urllib.request.Request(
            f"{self.base}/api/{path.lstrip('/')}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            data = r.read()
            return json.loads(data) if data else None


def stop_lab(srv: Lab) -> None:
    proc = srv.proc
    try:
        srv.api("POST", "shutdown")  # stops the kernels too
        proc.wait(timeout=15)
    except Exception:
        pass
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        except ProcessLookupError:
            pass


def start_lab(tmp: Path) -> Lab:
    """Start JupyterLab serving ``tmp / "root"``; stop it with :func:`stop_lab`."""
    root = tmp / "root"
    root.mkdir(exist_ok=True)
    settings = tmp / "settings"
    for plugin, value in {
        # no news toast, no update check
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        # render every cell (no virtual scrolling) so locators find off-screen outputs
        "notebook-extension/tracker": {"windowingMode": "none"},
        # the server must not rewrite the notebooks behind the tests' back
        "docmanager-extension/plugin": {"autosave": False},
    }.items():
        f = settings / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_CONFIG_DIR=str(tmp / "config"),  # ignore the user's ~/.jupyter
        JUPYTER_PLATFORM_DIRS="1",
    )
    log = tmp / "lab.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--allow-root",  # CI machines often run as root
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
    ]
    with open(log, "wb") as fh:
        proc = subprocess.Popen(
            cmd,
            stdout=fh,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=root,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
    srv = Lab(f"http://127.0.0.1:{port}", token, root, proc, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"jupyter lab exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
            )
        try:
            srv.api("GET", "status")
            return srv
        except (urllib.error.URLError, ConnectionError, OSError):
            if time.monotonic() > deadline:
                stop_lab(srv)
                raise RuntimeError(f"jupyter lab not ready in {SERVER_START_TIMEOUT}s") from None
            time.sleep(0.2)


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    try:
        srv = start_lab(tmp_path_factory.mktemp("lab"))
    except RuntimeError as e:
        pytest.fail(str(e))
    try:
        yield srv
    finally:
        stop_lab(srv)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    ctx.set_default_timeout(30_000)
    ctx.set_default_navigation_timeout(60_000)
    pg = ctx.new_page()
    console: list[str] = []
    pg.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    pg.on("requestfailed", lambda r: console.append(f"requestfailed: {r.url} {r.failure}"))
    pg.console_log = console
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.name)
            with contextlib.suppress(Exception):
                pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
            (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(console))
        ctx.close()
