"""MkDocs hook: the site finds game pages and notebooks by itself.

* A ``nav`` entry whose value is ``games/`` is filled in at build time: one page per game
  in the order of ``cardlab.games.GAMES`` (then any other page in ``docs/games/``).
* The notebooks stay in the repository's ``notebooks/`` folder (where JupyterLab and
  Binder use them).  The site publishes those the ``nav`` names
  (``notebooks/<name>.ipynb``), and only those: a scratch notebook of one's own in the
  folder stays out; a named notebook that does not exist is reported.  Each is executed
  once per change, by ``tests/run_notebooks.py`` (``make notebooks``), into
  ``build/notebooks/``: the tests check that same execution, and this hook adds the
  executed copy to the site, which mkdocs-jupyter renders without running it again.  A
  copy missing or older than its notebook or ``cardlab`` is executed first, two at a time,
  so ``mkdocs build`` on its own still publishes current outputs.
* A registered game without a page is reported as a warning, which fails ``--strict``.
* ``<!-- games-table -->`` in a page becomes the table of games generated from their
  specs (``cardlab.games.markdown_table``), each title linked to its page.
* Notebooks are executed with ``CARDLAB_EMBED_REPLAYS`` set (by ``tests/run_notebooks.py``),
  so each card table embeds its recorded steps and works as a replay viewer in the static
  page.
* Each game page shows a picture of its table (``docs/images/tables/<game>.png``, drawn by
  ``docs/scripts/table_pictures.py``) before its first section; a missing one is reported.
* ``<!-- options -->`` in a game page becomes that game's options table, generated from
  its Options dataclass; a game page without the marker is reported (fails ``--strict``).
* ``<!-- winnability -->`` in a solitaire's page becomes the table of its measured
  winnability (``cardlab.measured_winnability``, from ``cardlab/data/winnability.csv``).
* A game page ends with "Variants measured": the variant lab's profile of its defaults
  against each declared variant (``cardlab.lab.measured``, from
  ``cardlab/data/lab/<game>.parquet``), when the game declares variants.
  ``<!-- lab-variants -->`` in a page becomes the table of every game's measured
  variants (``cardlab.lab.variants_table``).
"""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.pages")

_root: Path | None = None
_published: list[str] = []
GAMES_TABLE = "<!-- games-table -->"
OPTIONS = "<!-- options -->"
WINNABILITY = "<!-- winnability -->"
LAB_VARIANTS = "<!-- lab-variants -->"


def published_notebooks(nav: list[Any] | None) -> list[str]:
    """The ``notebooks/<name>.ipynb`` entries of ``nav``, in order."""
    out: list[str] = []
    for item in nav or []:
        values = item.values() if isinstance(item, dict) else [item]
        for value in values:
            if isinstance(value, list):
                out += published_notebooks(value)
            elif isinstance(value, str) and value.startswith("notebooks/"):
                out.append(value)
    return out


def _game_pages(docs_dir: Path) -> list[str]:
    from cardlab.games import GAMES

    names = [spec.name for spec in GAMES]
    pages = {p.stem: p for p in (docs_dir / "games").glob("*.md") if p.stem != "index"}
    for name in names:
        if name not in pages:
            log.warning("game %r has no page: write docs/games/%s.md", name, name)
    order = [n for n in names if n in pages] + sorted(set(pages) - set(names))
    return [f"games/{n}.md" for n in order]


def _fill(nav: list[Any], fillers: dict[str, list[str]]) -> list[Any]:
    out: list[Any] = []
    for item in nav:
        if isinstance(item, dict):
            (title, value), *_ = item.items()
            if isinstance(value, str) and value in fillers:
                value = fillers[value]
            elif isinstance(value, list):
                value = _fill(value, fillers)
            out.append({title: value})
        else:
            out.append(item)
    return out


def _runner(root: Path) -> Any:
    sys.path.insert(0, str(root / "tests"))
    try:
        import run_notebooks
    finally:
        sys.path.remove(str(root / "tests"))
    return run_notebooks


def on_config(config: Any) -> Any:
    global _root
    _root = Path(config.config_file_path).resolve().parent
    docs_dir = Path(config.docs_dir)
    if config.nav:
        config.nav = _fill(config.nav, {"games/": _game_pages(docs_dir)})
    _published.clear()
    for uri in published_notebooks(config.nav):
        if (_root / uri).is_file():
            _published.append(uri)
        else:
            log.warning("the nav names %s, which does not exist", uri)
    return config


@event_priority(100)  # before mkdocs-jupyter wraps the notebook files
def on_files(files: Files, config: Any) -> Files:
    assert _root is not None
    runner = _runner(_root)
    stale = [str(_root / uri) for uri in _published if not runner.is_fresh(_root / uri)]
    if stale:
        script = str(_root / "tests" / "run_notebooks.py")
        if subprocess.run([sys.executable, script, "--jobs", "2", *stale]).returncode:
            raise PluginError("a notebook failed to run: its error is above")
    for uri in _published:
        # A real file whose source folder is build/ (not docs/): mkdocs-jupyter wraps it and
        # finds the executed copy at build/notebooks/<name>.
        files.append(
            File(
                uri,
                src_dir=str(runner.BUILD),
                dest_dir=config.site_dir,
                use_directory_urls=config.use_directory_urls,
            )
        )
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    uri = page.file.src_uri
    if uri.startswith("games/") and uri.endswith(".md") and uri != "games/index.md":
        name = uri[len("games/") : -len(".md")]
        markdown = _picture(_options(markdown, name), name, Path(config.docs_dir))
        if WINNABILITY in markdown:
            markdown = markdown.replace(WINNABILITY, winnability_table(name))
        markdown += variants_measured(name)
    if LAB_VARIANTS in markdown:
        from cardlab.lab import variants_table

        up = "../" * uri.count("/")
        markdown = markdown.replace(LAB_VARIANTS, variants_table(link=up + "games/{name}.md"))
    if GAMES_TABLE in markdown:
        from cardlab.games import markdown_table

        up = "../" * uri.count("/")
        markdown = markdown.replace(GAMES_TABLE, markdown_table(link=up + "games/{name}.md"))
    return markdown


def _picture(markdown: str, name: str, docs_dir: Path) -> str:
    """The game's table in mid-hand, before the page's first section
    (``docs/images/tables/<name>.png``, drawn by ``docs/scripts/table_pictures.py``)."""
    if not (docs_dir / "images" / "tables" / f"{name}.png").is_file():
        log.warning("no picture of the %s table: run docs/scripts/table_pictures.py", name)
        return markdown
    alt = f"The {name.replace('_', ' ')} table in the middle of a hand"
    figure = f"![{alt}](../images/tables/{name}.png)\n\n"
    at = markdown.find("\n## ")
    return markdown + "\n" + figure if at < 0 else markdown[: at + 1] + figure + markdown[at + 1 :]


def _options(markdown: str, name: str) -> str:
    from cardlab.core.registry import get_spec

    try:
        spec = get_spec(name)
    except Exception:
        return markdown
    if OPTIONS not in markdown:
        log.warning("docs/games/%s.md has no %s marker for its options table", name, OPTIONS)
        return markdown
    return markdown.replace(OPTIONS, spec.options_class.markdown())


def _pct(rate: float, low: float, high: float) -> str:
    return f"{rate:.1%} [{low:.1%}, {high:.1%}]"


def winnability_table(name: str) -> str:
    """The measured winnability of a solitaire's rule sets as a markdown table."""
    from cardlab import measured_winnability

    rows = measured_winnability(name)
    if rows.empty:
        log.warning("no measured winnability for %s: run benchmarks/winnability.py", name)
        return ""
    out = [
        "| rules | deals | won | lost | unknown | can be won (unknown = lost) "
        "| can be won (unknown = won) | heuristic bot wins | budget | solver deals/CPU-s |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- | --- | ---: | ---: |",
    ]
    for r in rows.itertuples():
        text = str(r.rules)
        rules = (
            "defaults"
            if text in ("", "default")
            else ", ".join(f"`{x.strip()}`" for x in text.split(","))
        )
        out.append(
            f"| {rules} | {r.deals:,} | {r.won:,} | {r.lost:,} | {r.unknown:,} "
            f"| {_pct(r.min_rate, r.min_low, r.min_high)} "
            f"| {_pct(r.max_rate, r.max_low, r.max_high)} "
            f"| {_pct(r.bot_rate, r.bot_low, r.bot_high)} | {r.budget:,} | {r.deals_per_s:,.1f} |"
        )
    return "\n".join(out) + "\n"


def variants_measured(name: str) -> str:
    """The "Variants measured" section of a game page: the lab's shipped profile of the
    game's defaults against each variant it declares."""
    from cardlab import lab
    from cardlab.core.registry import get_spec

    try:
        spec = get_spec(name)
    except Exception:
        return ""
    if not spec.variants:
        return ""
    result = lab.measured(name)
    if result is None:
        log.info("no lab results for %s: run benchmarks/lab.py variants --only %s", name, name)
        return ""
    games = result.settings.get("games", 0)
    return (
        "\n\n## Variants measured\n\n"
        f"The [variant lab](../lab/index.md) played the defaults and each variant on the same "
        f"{games:,} seeded games, every seat the heuristic bot, each deal once per first "
        'dealer (`cardlab.lab.measured("' + name + '")`). Each cell is the value with its '
        "95% bootstrap interval; position *k* counts from the first dealer"
        + (" (a patience has one position: its win rate)" if spec.solitaire else "")
        + ". See the [outcome metrics](../lab/outcome.md) for the definitions.\n\n"
        + lab.markdown(result)
    )
