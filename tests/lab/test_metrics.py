"""The lab's metrics against games whose answers are known.

Coin Toss is pure luck (every choice is blind), Sure Thing pure skill (laying the best
card always wins), and the Bradley-Terry fit is checked on records with a closed form.
"""

from __future__ import annotations

import math

import pytest
import toys  # noqa: F401  (registers the toy games)

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")
pytest.importorskip("pyarrow")

from cardlab import CardlabError, lab  # noqa: E402
from cardlab.lab.metrics import ELO, bradley_terry  # noqa: E402


def value(result: lab.Comparison, name: str, variant: str | None = None) -> pd.Series:
    rows = result.metric(name)
    if variant is not None:
        rows = rows[rows["variant"] == variant]
    assert len(rows) == 1, (name, variant, rows)
    return rows.iloc[0]


@pytest.fixture(scope="module")
def coin() -> lab.Comparison:
    return lab.compare(
        "toy_coin",
        {"two": {}, "four": {"players": 4}},
        metrics=["outcome", "skill"],
        games=400,
        seed=3,
        ladder=("random", "first", "heuristic"),
        executor="inprocess",
        progress=False,
    )


@pytest.fixture(scope="module")
def sure() -> lab.Comparison:
    return lab.compare(
        "toy_sure_thing",
        {"two": {}, "three": {"players": 3}},
        metrics=["outcome", "skill"],
        games=60,
        seed=3,
        ladder=("first", "heuristic"),
        executor="inprocess",
        progress=False,
    )


def test_a_coin_toss_shows_no_seat_advantage(coin: lab.Comparison) -> None:
    for variant, seats in (("two", 2), ("four", 4)):
        for k in range(seats):
            share = value(coin, f"win_share_{k}", variant)
            assert share["low"] <= 1 / seats <= share["high"], share
        balance = value(coin, "balance", variant)
        assert balance["high"] == pytest.approx(1.0)
        assert value(coin, "no_winner_rate", variant)["value"] == 0
        assert value(coin, "decisions", variant)["value"] == seats  # one blind turn each


def test_a_coin_toss_is_all_luck(coin: lab.Comparison) -> None:
    for variant in ("two", "four"):
        luck = value(coin, "luck_share", variant)
        assert luck["value"] > 0.97 and luck["high"] == pytest.approx(1.0), luck
        assert value(coin, "skill_games", variant)["value"] > 100
        for who in ("first", "heuristic"):
            rating = value(coin, f"rating_{who}", variant)
            assert rating["low"] < 0 < rating["high"], rating  # no better than random


def test_sure_thing_is_all_skill(sure: lab.Comparison) -> None:
    for variant in ("two", "three"):
        assert value(sure, "luck_share", variant)["value"] == 0
        assert value(sure, "skill_games", variant)["value"] == 0
        rating = value(sure, "rating_heuristic", variant)
        assert rating["low"] > 300  # ahead of ``first``, the ladder's floor
        assert value(sure, "rating_first", variant)["value"] == 0
        # the better player always wins: every pairing scored 1 for the heuristic bot
        skill = sure.rows["skill"]
        assert (skill[skill["variant"] == variant]["score"] == 0.0).all()  # first is A


def test_the_same_variant_twice_differs_by_nothing() -> None:
    result = lab.compare(
        "toy_coin",
        {"a": {}, "b": {}},
        metrics="outcome",
        games=40,
        seed=1,
        executor="inprocess",
        progress=False,
    )
    assert not result.differences.empty
    assert (result.differences["diff"] == 0).all()
    assert (result.differences[["low", "high"]].fillna(0) == 0).all().all()


def test_a_clear_difference_has_an_interval_away_from_zero() -> None:
    # Golf's Putt Putt rules (a Queen on a King, wrapping round) are won far more often.
    result = lab.compare(
        "golf",
        {"default": {}, "Putt Putt": {"queen_on_king": True, "wrap": True}},
        metrics=["actions", "decisions"],
        games=30,
        seed=1,
        executor="inprocess",
        progress=False,
    )
    assert set(result.profile["metric"]) == {"actions", "decisions"}
    d = result.differences.set_index("metric").loc["actions"]
    assert d["low"] > 0 and d["diff"] > 0


def test_bradley_terry_recovers_known_odds() -> None:
    # 3:1 odds for A over B and for B over C: strengths 9, 3, 1 fit exactly.
    wins = np.array([[0, 75, 225 / 2.5], [25, 0, 75], [10, 25, 0]], dtype=float)
    games = np.array([[0, 100, 100], [100, 0, 100], [100, 100, 0]], dtype=float)
    wins[0, 2], wins[2, 0] = 90.0, 10.0  # 9:1 for A over C
    logp = bradley_terry(wins, games, prior=0.0)
    assert ELO * (logp[0] - logp[1]) == pytest.approx(400 * math.log10(3), abs=0.5)
    assert ELO * (logp[1] - logp[2]) == pytest.approx(400 * math.log10(3), abs=0.5)


def test_bradley_terry_keeps_a_player_who_always_won_finite() -> None:
    wins = np.array([[0, 50.0], [0.0, 0]])
    games = np.array([[0, 50.0], [50.0, 0]])
    logp = bradley_terry(wins, games)
    assert np.isfinite(logp).all() and logp[0] > logp[1]


def test_a_metric_is_described_and_an_unknown_one_refused() -> None:
    assert lab.metric("balance").family == "outcome"
    assert "position 2" in lab.metric("win_share_2").label
    assert lab.metric("rating_search:20").unit == "Elo"
    with pytest.raises(CardlabError, match="unknown metric 'fairness'"):
        lab.compare("toy_coin", metrics=["fairness"], games=2, executor="inprocess")
