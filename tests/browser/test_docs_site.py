"""The built docs site in Chromium: self-contained pages, rendered widgets and charts.

The site is served by a loopback ``http.server`` under a sub-path (``/cardlab/``), as on a
project site, so every URL the pages use must be relative.  Any request that leaves
127.0.0.1 is aborted and recorded, and the test fails on it.

``$DOCS_SITE_DIR`` names a site built beforehand (``make test`` builds ``site/`` first);
without it the site is built into a temporary folder, which needs the vendored widget
JavaScript (``docs/scripts/vendor_widget_js.py``).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import die_with_parent

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from test_notebook_index import published  # noqa: E402

ARTIFACTS = Path(os.environ.get("ARTIFACTS", "artifacts")).resolve()
SUB_PATH = "cardlab"
WIDGET_VIEW = '<script type="application/vnd.jupyter.widget-view+json">'
CHART = re.compile(r'class="vega-embed|data-mime-type="image/svg\+xml"|vega-lite|vnd\.vegalite')


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    prebuilt = os.environ.get("DOCS_SITE_DIR")
    if prebuilt:
        site = Path(prebuilt).resolve()
        assert (site / "index.html").is_file(), f"no built site in {site}"
        return site
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return out


@pytest.fixture(scope="session")
def site_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    serve_root = tmp_path_factory.mktemp("serve")
    (serve_root / SUB_PATH).symlink_to(site_dir, target_is_directory=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=serve_root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=die_with_parent,
    )
    base = f"http://127.0.0.1:{port}/{SUB_PATH}/"
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(base, timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail("http.server did not start")
            time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def offline_page(page: Any) -> Any:
    """The ``page`` fixture with every request that leaves 127.0.0.1 aborted and recorded."""
    external: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:")):
            route.continue_()
        else:
            external.append(url)
            route.abort()

    page.route("**/*", guard)
    page.external_requests = external
    return page


def pages(site_dir: Path) -> list[str]:
    """Every page of the site, as a path relative to its root ("" is the home page)."""
    found = []
    for html in sorted(site_dir.rglob("index.html")):
        rel = html.parent.relative_to(site_dir).as_posix()
        if rel.split("/")[0] in ("assets", "vendor", "search", "lite"):  # lite: its own test
            continue
        found.append("" if rel == "." else rel + "/")
    return found


def matching(site_dir: Path, needle: str | re.Pattern[str]) -> list[str]:
    out = []
    for rel in pages(site_dir):
        text = (site_dir / rel / "index.html").read_text(encoding="utf-8")
        if needle.search(text) if isinstance(needle, re.Pattern) else needle in text:
            out.append(rel)
    return out


def errors(page: Any) -> list[str]:
    return [line for line in page.console_log if line.startswith(("pageerror", "error"))]


def test_every_page_loads_without_outside_requests(
    site_dir: Path, site_url: str, offline_page: Any
) -> None:
    page = offline_page
    found = pages(site_dir)
    assert {"", "getting-started/", "api/"} <= set(found)
    # every game page is on the site, found without listing them, and every curated notebook
    assert {f"games/{p.stem}/" for p in (ROOT / "docs" / "games").glob("*.md")} <= set(found)
    curated = {f"notebooks/{name}/" for name in published()}
    assert curated == {rel for rel in found if rel.startswith("notebooks/")}
    problems = {}
    for rel in found:
        page.console_log.clear()
        page.goto(site_url + rel, wait_until="load")
        page.wait_for_load_state("networkidle")
        if errors(page):
            problems[rel] = errors(page)
    assert page.external_requests == []
    assert problems == {}


def test_notebook_widgets_render(site_dir: Path, site_url: str, offline_page: Any) -> None:
    from playwright.sync_api import expect

    page = offline_page
    with_widgets = matching(site_dir, WIDGET_VIEW)
    assert with_widgets, "no notebook page shows a widget"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for rel in with_widgets:
        views = (site_dir / rel / "index.html").read_text(encoding="utf-8").count(WIDGET_VIEW)
        page.goto(site_url + rel, wait_until="load")
        rendered = page.locator(".widget-subarea > *")
        # html-manager puts each view in a .widget-subarea; anywidget draws inside it
        expect(page.locator(".widget-subarea")).to_have_count(views, timeout=30_000)
        expect(rendered.first).to_be_visible(timeout=30_000)
        for i in range(rendered.count()):
            box = rendered.nth(i).bounding_box()
            assert box and box["width"] > 0 and box["height"] > 0, f"{rel}: widget {i} is empty"
        assert errors(page) == [], rel
        shot = ARTIFACTS / f"docs_{rel.strip('/').replace('/', '_')}_widget.png"
        rendered.first.screenshot(path=str(shot))
    assert page.external_requests == []


def test_notebook_charts_render(site_dir: Path, site_url: str, offline_page: Any) -> None:
    from playwright.sync_api import expect

    page = offline_page
    with_charts = matching(site_dir, CHART)
    assert with_charts, "no notebook page shows a chart"
    drawn = 0
    for rel in with_charts:
        page.goto(site_url + rel, wait_until="load")
        page.wait_for_load_state("networkidle")
        embeds = page.locator(".vega-embed")
        for i in range(embeds.count()):
            # Vega draws its marks into an <svg class="marks"> or a <canvas class="marks">
            expect(embeds.nth(i).locator("svg.marks, canvas.marks")).to_be_visible()
            drawn += 1
        images = page.locator('[data-mime-type="image/svg+xml"] img, .jp-RenderedSVG svg')
        for i in range(images.count()):
            expect(images.nth(i)).to_be_visible()
            # an <img> whose SVG failed to decode is "visible" but has no natural size
            loaded = images.nth(i).evaluate(
                "el => el.tagName !== 'IMG' || (el.complete && el.naturalWidth > 0)"
            )
            assert loaded, f"{rel}: chart image {i} did not load"
            drawn += 1
        assert errors(page) == [], rel
    assert drawn, f"charts were expected on {with_charts} but none was drawn"
    assert page.external_requests == []


WIDGET_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)


def _tables_in(html: str) -> list[dict[str, Any]]:
    """The card tables' saved states in a page: each with its view and embedded replay."""
    import json

    out = []
    for block in WIDGET_STATE.findall(html):
        for model in json.loads(block)["state"].values():
            st = model.get("state", {})
            if isinstance(st.get("view"), dict) and "zones" in st["view"]:
                out.append(st)
    return out


def test_docs_tables_are_replay_viewers_with_no_kernel(
    site_dir: Path, site_url: str, offline_page: Any
) -> None:
    from playwright.sync_api import expect

    page = offline_page
    with_tables = [
        rel
        for rel in matching(site_dir, WIDGET_VIEW)
        if _tables_in((site_dir / rel / "index.html").read_text(encoding="utf-8"))
    ]
    assert with_tables, "no page shows a card table"
    for rel in with_tables:
        for st in _tables_in((site_dir / rel / "index.html").read_text(encoding="utf-8")):
            replay = st.get("replay") or {}
            assert replay.get("frames"), f"{rel}: a table without its recorded steps"
            shown = st["view"]["viewer"]
            # a seat's table never embeds another seat's view, nor the teacher's
            if shown != "teacher":
                assert set(replay["viewpoints"]) <= {shown, "spectator"}, rel
    rel = with_tables[0]
    page.goto(site_url + rel, wait_until="load")
    t = page.locator('.cl-root[data-mode="replay"]').first
    expect(t).to_be_visible(timeout=30_000)
    # Nothing here pretends to be playable: no lit cards, no Undo or Hint, no "Your turn".
    expect(t.locator(".cl-card.cl-legal")).to_have_count(0)
    expect(t.locator('[data-cmd="undo"], [data-cmd="hint"]')).to_have_count(0)
    expect(t.locator(".cl-prompt")).not_to_contain_text("Your turn")
    total = int(t.get_attribute("data-total") or 0)
    t.locator('[data-cmd="start"]').click()
    expect(t).to_have_attribute("data-step", "0")
    t.locator('[data-cmd="step"]').click()
    expect(t).to_have_attribute("data-step", str(min(1, total)))
    t.locator(".cl-scrub").evaluate(
        "(el) => { el.value = el.max; el.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    expect(t).to_have_attribute("data-step", str(total))
    t.locator('[data-cmd="back"]').click()
    expect(t).to_have_attribute("data-step", str(max(0, total - 1)))
    t.locator(".cl-viewpoint").select_option("spectator")
    expect(t).to_have_attribute("data-viewer", "spectator")
    expect(t.locator(".cl-hand [data-code]")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / "docs_replay_viewer.png"))
    assert errors(page) == [], rel
    assert page.external_requests == []
