"""Write the README's games table from the games' specs.

The table between ``<!-- games-table -->`` and ``<!-- /games-table -->`` in README.md is
generated (``cardlab.games.markdown_table``); ``tests/test_docs_tables.py`` fails when it
is stale.  Run ``python docs/scripts/readme_games.py`` after changing a game's facts.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCK = re.compile(r"(<!-- games-table -->\n)(.*?)(<!-- /games-table -->)", re.S)


def generated() -> str:
    from cardlab.games import markdown_table

    return markdown_table(link="docs/games/{name}.md") + "\n"


def current(text: str) -> str:
    m = BLOCK.search(text)
    if m is None:
        raise SystemExit("README.md has no <!-- games-table --> … <!-- /games-table --> block")
    return m.group(2)


def main() -> int:
    text = README.read_text(encoding="utf-8")
    current(text)
    new = BLOCK.sub(lambda m: m.group(1) + generated() + m.group(3), text)
    README.write_text(new, encoding="utf-8")
    print("README.md games table written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
