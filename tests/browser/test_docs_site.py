"""The built docs site in Chromium: self-contained pages, rendered widgets and charts.

The site is served by a loopback ``http.server`` under a sub-path (``/cardlab/``), as on a
project site, so every URL the pages use must be relative.  Any request that leaves
127.0.0.1 is aborted and recorded, and the test fails on it.

``$DOCS_SITE_DIR`` names a site built beforehand (``make test`` builds ``site/`` first);
without it the site is built into a temporary folder, which needs the vendored widget
JavaScript (``docs/scripts/vendor_widget_js.py``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
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
WIDGET_STATE = re.compile(
    r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S
)
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


class _Loads(HTMLParser):
    """The URLs an HTML page makes the browser fetch by itself: sources of scripts, images,
    frames, media and objects, linked stylesheets, icons and preloads, and ``url(...)`` or
    ``@import`` in inline styles (a link to follow is not a request)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.in_style = tag == "style"
        if tag == "link" and not set(a.get("rel", "").lower().split()) <= FOLLOWED:
            self.urls.append(a.get("href", ""))
        for key in ("src", "data", "poster", "srcset", "imagesrcset"):
            if key in a and (key != "data" or tag == "object"):
                self.urls += [u.split()[0] for u in a[key].split(",") if u.strip()]
        self.urls += _css_urls(a.get("style", ""))

    def handle_endtag(self, tag: str) -> None:
        self.in_style = False

    def handle_data(self, data: str) -> None:
        if self.in_style:
            self.urls += _css_urls(data)


#: Links a page names without loading them.
FOLLOWED = {"canonical", "alternate", "author", "license", "next", "prev", "help", "me"}


CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")
#: A URL that leaves the site: with a scheme other than data:/blob:, or protocol-relative.
OUTSIDE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:(?<!data:)(?<!blob:)|//)", re.I)


def _css_urls(text: str) -> list[str]:
    return [a or b for a, b in CSS_URL.findall(text)]


def outside_urls(html: str) -> list[str]:
    parser = _Loads()
    parser.feed(html)
    # Widget states embed HTML as JSON text, drawn into the page later: their sources too.
    for block in WIDGET_STATE.findall(html):
        for model in json.loads(block)["state"].values():
            for value in model.get("state", {}).values():
                if isinstance(value, str) and "<" in value:
                    parser.feed(value)
    return [u for u in parser.urls if OUTSIDE.match(u.strip())]


def test_no_page_or_stylesheet_asks_for_anything_outside_the_site(site_dir: Path) -> None:
    """Every page (and the site's own stylesheets), read as built: nothing it loads by
    itself comes from elsewhere.  What scripts fetch is seen by the pages loaded below."""
    found = pages(site_dir)
    assert {"", "getting-started/", "api/"} <= set(found)
    # every game page is on the site, found without listing them, and every curated notebook
    assert {f"games/{p.stem}/" for p in (ROOT / "docs" / "games").glob("*.md")} <= set(found)
    curated = {f"notebooks/{name}/" for name in published()}
    assert curated == {rel for rel in found if rel.startswith("notebooks/")}
    problems = {}
    for rel in found:
        urls = outside_urls((site_dir / rel / "index.html").read_text(encoding="utf-8"))
        if urls:
            problems[rel] = urls
    for css in sorted(site_dir.rglob("*.css")):
        if css.relative_to(site_dir).parts[0] == "lite":  # the lab: its own test
            continue
        urls = [u for u in _css_urls(css.read_text(encoding="utf-8")) if OUTSIDE.match(u)]
        if urls:
            problems[css.relative_to(site_dir).as_posix()] = urls
    assert problems == {}
    # the check itself sees what it must: a stylesheet, a script, an image, a style's url()
    sample = (
        '<link rel="stylesheet" href="https://x.org/a.css"><script src="//x.org/b.js"></script>'
        '<img srcset="https://x.org/c.png 2x, d.png"><div style="background: url(http://x.org/e)">'
        '<a href="https://x.org/">a link</a><link rel="canonical" href="https://x.org/">'
        '<img src="data:image/png;base64,AA"><img src="assets/f.png">'
        '<style>p { background: url("https://x.org/g.png") }</style>'
        '<script>const css = "url(https://x.org/h.png)";</script>'
    )
    assert outside_urls(sample) == [
        "https://x.org/a.css", "//x.org/b.js", "https://x.org/c.png", "http://x.org/e",
        "https://x.org/g.png",
    ]  # fmt: skip


def sample_pages(site_dir: Path) -> list[str]:
    """The home page and the first page of every other section of the site but the
    notebooks (each of which the next test loads): pages of one section share their
    template and scripts."""
    out: dict[str, str] = {}
    for rel in pages(site_dir):
        section = rel.split("/")[0]
        if section != "notebooks":
            out.setdefault(section, rel)
    return list(out.values())


def test_a_page_of_every_kind_loads_without_outside_requests(
    site_dir: Path, site_url: str, offline_page: Any
) -> None:
    page = offline_page
    sample = sample_pages(site_dir)
    assert {"", "getting-started/", "api/"} <= set(sample)
    assert any(rel.startswith("games/") for rel in sample)
    problems = {}
    for rel in sample:
        page.console_log.clear()
        page.goto(site_url + rel, wait_until="load")
        page.wait_for_load_state("networkidle")
        if errors(page):
            problems[rel] = errors(page)
    assert page.external_requests == []
    assert problems == {}


def test_every_notebook_page_draws_its_widgets_and_charts(
    site_dir: Path, site_url: str, offline_page: Any
) -> None:
    """Each notebook page (and any other page with a widget or a chart), loaded once: no
    error and no outside request, every widget view drawn (not empty), every chart drawn;
    a screenshot of its first widget is saved."""
    from playwright.sync_api import expect

    page = offline_page
    with_widgets = set(matching(site_dir, WIDGET_VIEW))
    with_charts = set(matching(site_dir, CHART))
    assert with_widgets, "no notebook page shows a widget"
    assert with_charts, "no notebook page shows a chart"
    loaded = [
        rel
        for rel in pages(site_dir)
        if rel.startswith("notebooks/") or rel in with_widgets | with_charts
    ]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    drawn = 0
    problems = {}
    for rel in loaded:
        page.console_log.clear()
        page.goto(site_url + rel, wait_until="load")
        if rel in with_widgets:
            views = (site_dir / rel / "index.html").read_text(encoding="utf-8").count(WIDGET_VIEW)
            rendered = page.locator(".widget-subarea > *")
            # html-manager puts each view in a .widget-subarea; anywidget draws inside it
            expect(page.locator(".widget-subarea")).to_have_count(views, timeout=30_000)
            expect(rendered.first).to_be_visible(timeout=30_000)
            for i in range(rendered.count()):
                box = rendered.nth(i).bounding_box()
                assert box and box["width"] > 0 and box["height"] > 0, f"{rel}: widget {i} empty"
            shot = ARTIFACTS / f"docs_{rel.strip('/').replace('/', '_')}_widget.png"
            rendered.first.screenshot(path=str(shot))
        page.wait_for_load_state("networkidle")
        if rel in with_charts:
            drawn += _charts_drawn(page, rel)
        if errors(page):
            problems[rel] = errors(page)
    assert drawn, f"charts were expected on {sorted(with_charts)} but none was drawn"
    assert problems == {}
    assert page.external_requests == []


def _charts_drawn(page: Any, rel: str) -> int:
    """Check every chart of the page loaded is drawn; return how many there are."""
    from playwright.sync_api import expect

    drawn = 0
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
    return drawn


def _tables_in(html: str) -> list[dict[str, Any]]:
    """The card tables' saved states in a page: each with its view and embedded replay."""
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


def test_exercises_check_hint_and_show_the_answer_with_no_kernel(
    site_url: str, offline_page: Any
) -> None:
    """A published notebook's exercises answer in the page, and the page says why."""
    from playwright.sync_api import expect

    page = offline_page
    page.goto(site_url + "notebooks/17-red-dog/", wait_until="load")
    note = page.locator(".cl-ex-offline-note")
    expect(note).to_be_visible(timeout=30_000)
    expect(note).to_contain_text("no Python runs behind it")
    cards = page.locator(".cl-ex.cl-ex-kind-cards").first
    feedback = cards.locator(".cl-ex-feedback")
    cards.locator(".cl-ex-btn-check").click()
    expect(feedback).to_contain_text("No card chosen yet")
    cards.locator(".cl-ex-btn-hint").click()
    expect(feedback).to_contain_text("Hint:")
    cards.locator(".cl-ex-btn-answer").click()
    expect(feedback).to_contain_text("The answer is")
    answer = cards.locator(".cl-ex-card.cl-ex-answer")
    expect(answer.first).to_be_visible()
    for i in range(answer.count()):
        answer.nth(i).click()  # choose the cards just shown
    cards.locator(".cl-ex-btn-check").click()
    expect(feedback.locator(".cl-ex-ok")).to_be_visible()
    choice = page.locator(".cl-ex.cl-ex-kind-choice").first
    choice.locator(".widget-toggle-button").first.click()
    choice.locator(".cl-ex-btn-check").click()
    expect(choice.locator(".cl-ex-feedback .cl-ex-fb")).to_be_visible()
    number = page.locator(".cl-ex.cl-ex-kind-number").first
    number.locator("input").fill("abc")
    number.locator(".cl-ex-btn-check").click()
    expect(number.locator(".cl-ex-feedback")).to_contain_text("Write a number such as 12")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    cards.screenshot(path=str(ARTIFACTS / "docs_exercise_no_kernel.png"))
    note.screenshot(path=str(ARTIFACTS / "docs_exercise_note.png"))
    assert errors(page) == []
    assert page.external_requests == []
