"""cardlab.simulate and cardlab.games(): DataFrames of seeded games and of the games."""

from __future__ import annotations

import pandas as pd
import pytest

import cardlab
from cardlab import CardlabError
from cardlab.core.agents import RandomAgent
from cardlab.games import GAMES

SEATS = range(4)
GAME_COLUMNS = [
    "game",
    "seed",
    "hands",
    "steps",
    *(f"score_{s}" for s in SEATS),
    *(f"win_{s}" for s in SEATS),
    "winners",
    "winner",
    "result",
]
HAND_COLUMNS = [
    "game",
    "seed",
    "hand",
    *(f"points_{s}" for s in SEATS),
    *(f"total_{s}" for s in SEATS),
    "summary",
]


def test_one_row_per_game_with_scores_and_wins() -> None:
    df = cardlab.simulate("hearts", "random", n=4, seed=1, hands=1)
    assert list(df.columns) == GAME_COLUMNS
    assert list(df["game"]) == [0, 1, 2, 3] and list(df["seed"]) == ["1/0", "1/1", "1/2", "1/3"]
    assert (df["hands"] == 1).all()
    wins = df[[f"win_{s}" for s in SEATS]]
    assert (wins.sum(axis=1) == 1).all()
    for _, row in df.iterrows():
        low = min(row[f"score_{s}"] for s in SEATS)
        assert row["winners"] == tuple(s for s in SEATS if row[f"score_{s}"] == low)
        assert row["winner"] == (row["winners"][0] if len(row["winners"]) == 1 else -1)


def test_rows_are_the_games_a_match_with_the_same_seed_plays() -> None:
    df = cardlab.simulate("hearts", "random", n=2, seed="x", hands=1)
    m = cardlab.Match("hearts", seed="x/1", agents="random", hands=1)
    m.run()
    assert tuple(df.loc[1, [f"score_{s}" for s in SEATS]]) == m.scores


def test_per_hand_rows_have_points_and_running_totals() -> None:
    df = cardlab.simulate("hearts", "random", n=2, seed=3, per="hand", hands=3)
    assert list(df.columns) == HAND_COLUMNS
    assert len(df) == 6 and list(df["hand"]) == [0, 1, 2] * 2
    for _, game in df.groupby("game"):
        for s in SEATS:
            assert list(game[f"total_{s}"]) == list(game[f"points_{s}"].cumsum())


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    kw = {"agents": ["heuristic", "random", "random", "random"], "n": 6, "seed": 9, "hands": 2}
    one = cardlab.simulate("hearts", processes=1, **kw)
    two = cardlab.simulate("hearts", processes=2, **kw)
    pd.testing.assert_frame_equal(one, two)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.name)
def test_every_game_simulates(spec: object) -> None:
    df = cardlab.simulate(spec.name, "random", n=2, seed=0, hands=1)  # type: ignore[attr-defined]
    assert len(df) == 2 and (df["hands"] == 1).all()


@pytest.mark.parametrize(
    ("kwargs", "phrase"),
    [
        ({"agents": ["random", "random", None, "random"]}, "seats [2] have none"),
        ({"agents": {0: "random"}}, "seats [1, 2, 3] have none"),
        ({"agents": "human"}, "every seat needs an agent"),
        ({"agents": "genius"}, "unknown bot 'genius'"),
        ({"per": "trick"}, "per must be 'game' or 'hand'"),
        ({"n": -1}, "n must be a whole number"),
        ({"agents": [RandomAgent(s) for s in SEATS], "processes": 2}, "pass agents by name"),
    ],
)
def test_bad_requests_are_refused_clearly(kwargs: dict[str, object], phrase: str) -> None:
    with pytest.raises(CardlabError, match=phrase.replace("[", r"\[").replace("]", r"\]")):
        cardlab.simulate("hearts", **{"n": 2, **kwargs})  # type: ignore[arg-type]


def test_game_options_and_player_counts_are_checked() -> None:
    with pytest.raises(cardlab.OptionError, match="played by 4 players"):
        cardlab.simulate("hearts", n=1, players=3)
    with pytest.raises(cardlab.OptionError, match="unknown option"):
        cardlab.simulate("hearts", n=1, colour="red")


def test_a_game_that_cannot_finish_in_max_steps_is_reported() -> None:
    with pytest.raises(CardlabError, match="did not finish in 10 steps"):
        cardlab.simulate("hearts", n=1, max_steps=10)


def test_games_table_lists_every_game() -> None:
    table = cardlab.games()
    assert list(table.columns) == [
        "name",
        "title",
        "family",
        "players",
        "deck",
        "options",
        "bots",
        "summary",
    ]
    assert list(table["name"]) == [spec.name for spec in GAMES]
    hearts = table.set_index("name").loc["hearts"]
    assert hearts["players"] == "4" and hearts["title"] == "Hearts"
    assert "omnibus" in hearts["options"] and "heuristic" in hearts["bots"]
