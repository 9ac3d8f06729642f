"""The table's bundle in the package is built from the ES modules in ``widgets/src``."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "widgets" / "src"
STATIC = ROOT / "cardlab" / "widgets" / "static"


def fingerprint() -> str:
    """sha256 over each source's name and bytes, in name order (as widgets/build.mjs)."""
    h = hashlib.sha256()
    for f in sorted(SRC.iterdir(), key=lambda p: p.name):
        h.update(f.name.encode() + b"\n")
        h.update(f.read_bytes())
        h.update(b"\n")
    return h.hexdigest()


def test_the_shipped_bundle_is_built_from_the_current_sources() -> None:
    want = fingerprint()
    for name in ("table.js", "table.css"):
        head = (STATIC / name).read_text(encoding="utf-8").splitlines()[0]
        found = re.search(r"sources sha256 ([0-9a-f]{64})", head)
        assert found, f"{name} has no sources fingerprint: build it with `make widget`"
        assert found.group(1) == want, (
            f"cardlab/widgets/static/{name} is stale against widgets/src: run `make widget`"
        )


def test_the_bundle_loads_nothing_from_elsewhere() -> None:
    js = (STATIC / "table.js").read_text(encoding="utf-8")
    assert re.search(r"export \{[^}]*\bas default\b", js) or "export default" in js
    assert not re.search(r"\bimport\b[^;]*from", js), "the bundle must be self-contained"
    assert "http://" not in js and "https://" not in js
    css = (STATIC / "table.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(http" not in css
