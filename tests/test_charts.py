"""cardlab.charts: every chart is returned (not shown) and is a valid Vega-Lite spec."""

from __future__ import annotations

import altair as alt
import pytest

import cardlab
from cardlab import analysis as A
from cardlab import charts as C
from cardlab.core.cards import SUIT_COLOURS, SUIT_SYMBOLS, parse_card


def valid(chart):
    assert isinstance(chart, alt.Chart)
    spec = chart.to_dict(validate=True)
    assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
    return spec


@pytest.fixture(scope="module")
def hearts_match():
    m = cardlab.Match("hearts", seed=4, agents="heuristic", hands=3, deck="foresight")
    m.run()
    return m


def test_use_offline_picks_a_renderer_that_needs_no_network():
    previous = alt.renderers.active
    try:
        assert C.use_offline() == "svg"
        chart = C.entropy_by_rank_class(A.by_rank_class())
        bundle = alt.renderers.get()(chart.to_dict())
        text = str(bundle)
        assert "<svg" in text
        assert "cdn.jsdelivr" not in text
        with pytest.raises(ValueError, match="renderer"):
            C.use_offline("cdn")
    finally:
        alt.renderers.enable(previous)


def test_entropy_charts():
    spec = valid(C.entropy_by_rank_class(A.by_rank_class(), title="Bits by rank class"))
    assert spec["title"] == "Bits by rank class"
    samples = A.leak_samples(["hearts"], hands=1, every=4)
    valid(C.entropy_by_rank_class(A.leak_by_class(samples)))
    over = A.entropy_over_hand("hearts", seed=1, deck="foresight", per="trick")
    valid(C.entropy_over_hand(over, x="trick"))
    valid(C.entropy_over_hand(over, measure="bits"))
    valid(C.leak_comparison(A.leak_summary(samples)))
    with pytest.raises(ValueError, match="columns"):
        C.entropy_over_hand(over.drop(columns=["opp_table"]))


def test_score_charts(hearts_match):
    a = cardlab.simulate("hearts", "random", n=4, hands=1, deck="foresight")
    b = cardlab.simulate("hearts", "random", n=4, hands=1)
    frames = {"Foresight backs": a, "plain backs": b}
    long = C.long_scores(frames)
    assert list(long.columns) == ["variant", "game", "seat", "score"]
    assert len(long) == 2 * 4 * 4
    valid(C.score_distributions(frames))
    valid(C.scores_by_seat(frames))
    per_hand = cardlab.simulate("hearts", "random", n=2, per="hand", hands=2)
    assert "hand" in C.long_scores(per_hand).columns
    valid(C.score_distributions(per_hand))
    valid(C.score_race(hearts_match.scores_frame(), names=hearts_match.state.names))
    with pytest.raises(ValueError, match="total_"):
        C.score_race(a[["game"]].rename(columns={"game": "hand"}))


def test_trick_timeline(hearts_match):
    chart = C.trick_timeline(hearts_match.events_frame(), hand=1)
    spec = valid(chart)
    values = next(iter(spec["datasets"].values()))
    assert len(values) == 52
    assert {v["trick"] for v in values} == set(range(1, 14))


def test_trick_timeline_uses_the_tables_suit_colours_and_never_fades_a_card(hearts_match):
    spec = valid(C.trick_timeline(hearts_match.events_frame(), hand=1))
    enc = spec["encoding"]
    assert enc["color"]["scale"] == {"domain": list(SUIT_SYMBOLS), "range": list(SUIT_COLOURS)}
    assert "opacity" not in enc, "every card, the lead included, is drawn in full"
    values = next(iter(spec["datasets"].values()))
    assert sum(v["lead"] for v in values) == 13
    assert all(v["suit"] in v["card"] for v in values)


def test_line_styles_show_as_lines_in_the_legend():
    over = A.entropy_over_hand("hearts", seed=1, deck="foresight", per="trick")
    spec = valid(C.entropy_over_hand(over, x="trick"))
    assert spec["encoding"]["strokeDash"]["legend"]["symbolType"] == "stroke"


def test_trick_timeline_labels_hole_cards_by_their_card():
    m = cardlab.Match("foresight", seed=4, agents="heuristic", hands=1)
    m.run()
    values = next(iter(valid(C.trick_timeline(m.events_frame()))["datasets"].values()))
    holes = [v["card"] for v in values if v["card"].endswith("°")]
    assert holes, "this hand plays hole cards"
    for label in (v["card"] for v in values):
        parse_card(label.rstrip("°"))  # every label is a card, hole plays included


def test_charts_are_returned_not_displayed(capsys):
    C.entropy_by_rank_class(A.by_rank_class())
    assert capsys.readouterr().out == ""


def test_winnability_chart_sets_the_solver_beside_the_bot():
    deals = cardlab.winnability("frozen_novelty", 4, budget=3_000, progress=False)
    summary = cardlab.winnability_summary(deals)
    summary["bot_rate"], summary["bot_low"], summary["bot_high"] = 0.25, 0.05, 0.7
    spec = C.winnability(summary, "Frozen Novelty").to_dict()
    rows = spec["datasets"][next(iter(spec["datasets"]))]
    assert {r["who"] for r in rows} == {"can be won (solver)", "won by the bot"}
    assert spec["title"] == "Frozen Novelty"
    with pytest.raises(ValueError, match="bot_rate"):
        C.winnability(summary.drop(columns=["bot_rate"]))
