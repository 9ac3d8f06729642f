"""The notebooks the site publishes: the curated list in mkdocs.yml's nav.

Every notebook of the repository is on it (a scratch notebook of one's own in the folder
is not published), and the welcome notebook's "Where next" names each of the others.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

from pages import published_notebooks  # noqa: E402


def published() -> list[str]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return [Path(uri).stem for uri in published_notebooks(config["nav"])]


def test_the_site_publishes_the_curated_notebooks() -> None:
    names = published()
    assert names[0] == "00-welcome" and len(names) == len(set(names))
    for name in names:
        assert (ROOT / "notebooks" / f"{name}.ipynb").is_file(), f"{name} is in the nav only"


def test_where_next_lists_every_published_notebook() -> None:
    nb = json.loads((ROOT / "notebooks" / "00-welcome.ipynb").read_text(encoding="utf-8"))
    where = next(
        "".join(c["source"]) for c in nb["cells"] if "## Where next" in "".join(c["source"])
    )
    missing = [name for name in published()[1:] if f"`{name}`" not in where]
    assert not missing, f"00-welcome's Where next leaves out {missing}"
