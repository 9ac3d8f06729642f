"""Fetch the JavaScript that notebook pages would otherwise load from CDNs.

Downloads three packages from the npm registry (no node or npm needed), checks each
tarball against the registry's published sha512, and keeps one file of each in an
ignored folder (default ``build/docs-vendor``).  ``docs/hooks/offline_assets.py`` copies
them into the site under ``vendor/`` and points the notebook pages at them.

* require.js, which the widget manager needs;
* @jupyter-widgets/html-manager's ``embed-amd.js``: renders the stored widget state
  (1.x reads the state ipywidgets 8 writes);
* anywidget's front-end, at the version of the installed Python anywidget.

Usage: ``python docs/scripts/vendor_widget_js.py [DEST]``.  Does nothing when DEST already
holds the wanted versions.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import sys
import tarfile
import urllib.parse
import urllib.request
from pathlib import Path

REGISTRY = "https://registry.npmjs.org"
REQUIREJS = "2.3.8"
HTML_MANAGER = "1.0.15"


def wanted() -> dict[str, tuple[str, str, str]]:
    """dest file -> (package, version, file inside the package)."""
    import anywidget

    return {
        "require.js": ("requirejs", REQUIREJS, "package/require.js"),
        "html-manager/embed-amd.js": (
            "@jupyter-widgets/html-manager",
            HTML_MANAGER,
            "package/dist/embed-amd.js",
        ),
        "anywidget/index.js": ("anywidget", anywidget.__version__, "package/dist/index.js"),
    }


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as r:
        data: bytes = r.read()
        return data


def extract(package: str, version: str, member: str) -> bytes:
    meta = json.loads(fetch(f"{REGISTRY}/{urllib.parse.quote(package, safe='@')}/{version}"))
    tarball = fetch(meta["dist"]["tarball"])
    algo, _, digest = meta["dist"]["integrity"].partition("-")
    if algo != "sha512" or base64.b64decode(digest) != hashlib.sha512(tarball).digest():
        raise SystemExit(f"{package}@{version}: the tarball does not match its registry checksum")
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        f = tar.extractfile(member)
        if f is None:
            raise SystemExit(f"{package}@{version} has no {member}")
        return f.read()


def main(dest: Path) -> None:
    files = wanted()
    stamp = " ".join(f"{pkg.rsplit('/', 1)[-1]}={ver}" for pkg, ver, _ in files.values())
    stamp_file = dest / "versions.txt"
    if stamp_file.is_file() and stamp_file.read_text(encoding="utf-8").strip() == stamp:
        print(f"widget JavaScript already in {dest} ({stamp})")
        return
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for name, (package, version, member) in files.items():
        out = tmp / name
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(extract(package, version, member))
    (tmp / "versions.txt").write_text(stamp + "\n", encoding="utf-8")
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    print(f"vendored {stamp} into {dest}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "build/docs-vendor"))
