"""MkDocs hook: the JupyterLite lab inside the docs site, and a way into it from each game.

* Every game page (``games/<name>.md`` for each game in ``cardlab.games.GAMES``) gets a
  "Try it in your browser" button before its first section, opening that game's play
  notebook in the lab (``lite/notebooks/index.html?path=play/<name>.ipynb``).  The URL is
  relative, so the site also works under a sub-path.
* After the build, the lab built by ``docs/scripts/build_lite.py`` (``make lite``) is
  copied into the site as ``lite/``.  It is taken from ``build/lite`` next to
  ``mkdocs.yml`` unless ``$LITE_DIR`` names another folder; a missing lab is reported as a
  warning (which fails ``--strict``).
"""

from __future__ import annotations

import logging
import os
import posixpath
import shutil
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.lite")

LITE = "lite"
_lite_dir: Path | None = None


def play_url(name: str) -> str:
    """The lab's address of a game's play notebook, relative to the site's root."""
    return f"{LITE}/notebooks/index.html?path=play/{name}.ipynb"


def _prefix(url: str) -> str:
    """The relative path from a page to the site root: "games/hearts/" -> "../../"."""
    rel = posixpath.relpath(".", posixpath.dirname(url) or ".") if url else "."
    return "" if rel == "." else rel + "/"


def button(name: str, page_url: str) -> str:
    href = _prefix(page_url) + play_url(name)
    return (
        f'<a class="md-button md-button--primary cl-try" href="{href}">Try it in your browser</a>\n'
    )


def on_config(config: Any) -> Any:
    global _lite_dir
    root = Path(config.config_file_path).resolve().parent
    _lite_dir = Path(os.environ.get("LITE_DIR", root / "build" / LITE)).resolve()
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    from cardlab.games import GAMES

    uri = page.file.src_uri
    names = {f"games/{spec.name}.md": spec.name for spec in GAMES}
    if uri not in names:
        return markdown
    link = (
        "\n" + button(names[uri], page.url) + "\nPlay it in JupyterLite: Python runs in your "
        "browser, so there is nothing to install and no server.\n\n"
    )
    at = markdown.find("\n## ")
    return markdown + link if at < 0 else markdown[: at + 1] + link + markdown[at + 1 :]


def on_post_build(config: Any) -> None:
    assert _lite_dir is not None
    dest = Path(config.site_dir) / LITE
    if not (_lite_dir / "jupyter-lite.json").is_file():
        log.warning("no JupyterLite site in %s: run `make lite` (make docs does)", _lite_dir)
        return
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(_lite_dir, dest)
