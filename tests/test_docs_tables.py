"""Tables generated from the games' specs: the README's games table and the docs pages'
option tables can't drift from the code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import cardlab
from cardlab.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "scripts"))

import readme_games  # noqa: E402


def test_the_readme_games_table_is_generated_from_the_specs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_games.current(text) == readme_games.generated(), (
        "README.md's games table is stale: run python docs/scripts/readme_games.py"
    )
    for spec in GAMES:
        assert f"[{spec.title}](docs/games/{spec.name}.md)" in text


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_each_game_page_takes_its_options_table_from_the_code(spec: cardlab.core.GameSpec) -> None:
    page = (ROOT / "docs" / "games" / f"{spec.name}.md").read_text(encoding="utf-8")
    assert "<!-- options -->" in page, f"docs/games/{spec.name}.md needs a <!-- options --> line"
    assert "| option | default |" not in page, "option tables are generated, not written by hand"
    table = spec.options_class.markdown()
    for row in spec.options_class.describe():
        assert f"`{row['option']}`" in table


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_each_module_docstring_carries_its_generated_options(spec: cardlab.core.GameSpec) -> None:
    module = spec.state_class.__module__
    # the module of the state, or the package it is part of, tells the rules
    doc = "".join(sys.modules[m].__doc__ or "" for m in (module, module.rpartition(".")[0]))
    assert "{options}" not in doc
    for row in spec.options_class.describe():
        assert f"{row['option']} = {row['default']!r}" in doc


SOLVED = [spec for spec in GAMES if spec.solver is not None]


@pytest.mark.parametrize("spec", SOLVED, ids=lambda s: s.name)
def test_each_solitaire_page_shows_its_measured_winnability_from_the_data(
    spec: cardlab.core.GameSpec,
) -> None:
    from cardlab.core.solver import wilson

    sys.path.insert(0, str(ROOT / "docs" / "hooks"))
    import pages

    page = (ROOT / "docs" / "games" / f"{spec.name}.md").read_text(encoding="utf-8")
    assert "<!-- winnability -->" in page, f"docs/games/{spec.name}.md shows no measured table"
    rows = cardlab.measured_winnability(spec.name)
    assert len(rows), f"cardlab/data/winnability.csv has no rows for {spec.name}"
    table = pages.winnability_table(spec.name)
    assert table.count("\n") == len(rows) + 2
    for r in rows.itertuples():
        assert r.won + r.lost + r.unknown == r.deals
        assert r.min_rate == pytest.approx(r.won / r.deals, abs=1e-4)
        assert (r.min_low, r.min_high) == pytest.approx(wilson(r.won, r.deals), abs=1e-4)
        assert (r.bot_low, r.bot_high) == pytest.approx(wilson(r.bot_wins, r.deals), abs=1e-4)
        assert r.bot_rate <= r.max_rate, "the bot cannot win a deal the solver proved lost"
        assert f"| {r.deals:,} | {r.won:,} | {r.lost:,} | {r.unknown:,} |" in table
