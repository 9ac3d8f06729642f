"""MkDocs hook: notebook pages load their widget JavaScript from the site itself.

nbconvert writes ``<script>`` tags for require.js and @jupyter-widgets/html-manager that
point at public CDNs.  ``docs/scripts/vendor_widget_js.py`` fetches those files (and
anywidget's front-end) from the npm registry into an ignored folder; this hook

* adds them to the site under ``vendor/``,
* rewrites the CDN URLs on every page to *relative* paths, so the site also works under a
  sub-path (a project site, a versioned folder), and
* fails the build when a page still loads a script, stylesheet or image from elsewhere.

The vendored folder is ``build/docs-vendor`` next to ``mkdocs.yml`` unless
``$DOCS_VENDOR_DIR`` names another.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

CDN_TO_VENDOR = (
    (
        re.compile(
            r"https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/\"']+/require(\.min)?\.js"
        ),
        "vendor/require.js",
    ),
    (
        re.compile(r"https://unpkg\.com/@jupyter-widgets/html-manager@[^/\"']*/dist/embed-amd\.js"),
        "vendor/html-manager/embed-amd.js",
    ),
)
VENDORED = ("require.js", "html-manager/embed-amd.js", "anywidget/index.js")
# A resource the browser fetches by itself (not a link the reader may follow).
REMOTE_RESOURCE = re.compile(
    r"<(?:script|img|iframe|source)\b[^>]*\bsrc=[\"'](?:https?:)?//"
    r"|<link\b[^>]*\bhref=[\"'](?:https?:)?//[^\"']*[\"'][^>]*\brel=[\"']?(?:stylesheet|preload|modulepreload)"
    r"|<link\b[^>]*\brel=[\"']?(?:stylesheet|preload|modulepreload)[^>]*\bhref=[\"'](?:https?:)?//",
    re.I,
)

_vendor_dir: Path | None = None


def on_config(config: Any) -> Any:
    global _vendor_dir
    root = Path(config.config_file_path).resolve().parent
    vendor = Path(os.environ.get("DOCS_VENDOR_DIR", root / "build" / "docs-vendor"))
    missing = [name for name in VENDORED if not (vendor / name).is_file()]
    if missing:
        raise PluginError(
            f"widget JavaScript missing from {vendor} ({', '.join(missing)}): "
            "run docs/scripts/vendor_widget_js.py (make docs does)"
        )
    import anywidget

    stamp_file = vendor / "versions.txt"
    stamp = stamp_file.read_text(encoding="utf-8") if stamp_file.is_file() else ""
    if f"anywidget={anywidget.__version__}" not in stamp.split():
        raise PluginError(
            f"{vendor} holds widget JavaScript for {stamp.strip() or 'unknown versions'}, but "
            f"Python has anywidget {anywidget.__version__}: run docs/scripts/vendor_widget_js.py"
        )
    _vendor_dir = vendor
    return config


def on_files(files: Files, config: Any) -> Files:
    assert _vendor_dir is not None
    for name in VENDORED:
        files.append(File.generated(config, f"vendor/{name}", abs_src_path=str(_vendor_dir / name)))
    return files


def _prefix(url: str) -> str:
    """The relative path from a page to the site root: "notebooks/x/" -> "../../"."""
    rel = posixpath.relpath(".", posixpath.dirname(url) or ".") if url else "."
    return "" if rel == "." else rel + "/"


def on_post_page(output: str, page: Any, config: Any) -> str:
    prefix = _prefix(page.url)
    for cdn, local in CDN_TO_VENDOR:
        output = cdn.sub(prefix + local, output)
    remote = REMOTE_RESOURCE.search(output)
    if remote:
        start = max(remote.start() - 80, 0)
        raise PluginError(
            f"{page.file.src_uri} loads a resource from outside the site: "
            f"{output[start : remote.end() + 120]!r}"
        )
    return output
