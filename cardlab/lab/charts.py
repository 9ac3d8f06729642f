"""Altair charts and tables of the lab's tidy frames (see :mod:`cardlab.lab`).

Each function takes the ``profile`` or ``differences`` frame of a
:class:`~cardlab.lab.Comparison` and returns an ``alt.Chart`` (nothing is drawn until a
notebook shows it; :func:`cardlab.charts.use_offline` picks an offline renderer).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .metrics import metric

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd


def _labelled(frame: pd.DataFrame) -> pd.DataFrame:
    f = frame.copy()
    f["label"] = [_label(m) for m in f["metric"]]
    return f


def _label(name: str) -> str:
    try:
        return metric(name).label
    except KeyError:
        return name


def _cell(value: float, low: float, high: float, unit: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if unit == "share":
        fmt = "{:.1%}"
    elif abs(value) >= 100 or unit == "games" or math.isinf(value):
        fmt = "{:,.0f}"
    else:
        fmt = "{:.2f}"
    return (
        f"{fmt.format(value)} [{fmt.format(low)}, {fmt.format(high)}]"
        if not (math.isnan(low) or math.isnan(high))
        else fmt.format(value)
    )


def wide(profile: pd.DataFrame) -> pd.DataFrame:
    """One row per metric, one column per variant: ``value [low, high]``."""
    from ..core.optional import pandas as pd

    if profile.empty:
        return pd.DataFrame()
    variants = list(dict.fromkeys(profile["variant"]))
    metrics = list(dict.fromkeys(profile["metric"]))
    rows = []
    for m in metrics:
        part = profile[profile["metric"] == m].set_index("variant")
        try:
            unit = metric(m).unit
        except KeyError:
            unit = ""
        row = {"metric": _label(m)}
        for v in variants:
            if v in part.index:
                r = part.loc[v]
                row[v] = _cell(float(r["value"]), float(r["low"]), float(r["high"]), unit)
            else:
                row[v] = "–"
        rows.append(row)
    return pd.DataFrame(rows).set_index("metric")


def profile(profile: pd.DataFrame, family: str | None = None, title: str = "") -> alt.Chart:
    """Each variant's value of every metric with its interval: one small panel per
    metric (each on its own scale), variants side by side."""
    from ..core.optional import altair as alt

    f = profile if family is None else profile[profile["family"] == family]
    f = _labelled(f.replace([math.inf, -math.inf], math.nan).dropna(subset=["value"]))
    base = alt.Chart(f).encode(
        y=alt.Y("variant:N", sort=None, title=None),
        color=alt.Color("variant:N", sort=None, legend=None),
    )
    points = base.mark_point(filled=True, size=60).encode(
        x=alt.X("value:Q", title=None, scale=alt.Scale(zero=False)),
        tooltip=[
            "variant",
            "label",
            alt.Tooltip("value:Q", format=".3f"),
            alt.Tooltip("low:Q", format=".3f"),
            alt.Tooltip("high:Q", format=".3f"),
        ],
    )
    bars = base.mark_rule().encode(x="low:Q", x2="high:Q")
    chart: alt.Chart = (
        (bars + points)
        .properties(width=170, height=18 * max(1, f["variant"].nunique()))
        .facet(facet=alt.Facet("label:N", sort=None, title=None), columns=3)
        .resolve_scale(x="independent")
    )
    if title:
        chart = chart.properties(title=title)
    return chart


def differences(diffs: pd.DataFrame, family: str | None = None, title: str = "") -> alt.Chart:
    """Each variant's paired difference from the baseline with its interval; a dashed
    line marks no difference."""
    from ..core.optional import altair as alt

    f = diffs if family is None else diffs[diffs["family"] == family]
    f = _labelled(f.replace([math.inf, -math.inf], math.nan).dropna(subset=["diff"]))
    f = f.assign(clear=(f["low"] > 0) | (f["high"] < 0))
    base = alt.Chart(f).encode(y=alt.Y("variant:N", sort=None, title=None))
    points = base.mark_point(filled=True, size=60).encode(
        x=alt.X("diff:Q", title=None),
        color=alt.Color(
            "clear:N",
            title="interval excludes 0",
            scale=alt.Scale(domain=[True, False], range=["#c0392b", "#7f8c8d"]),
        ),
        tooltip=[
            "variant",
            "baseline",
            "label",
            alt.Tooltip("diff:Q", format=".3f"),
            alt.Tooltip("low:Q", format=".3f"),
            alt.Tooltip("high:Q", format=".3f"),
        ],
    )
    bars = base.mark_rule().encode(x="low:Q", x2="high:Q")
    zero = alt.Chart().mark_rule(strokeDash=[3, 3], color="#555").encode(x=alt.datum(0))
    chart: alt.Chart = (
        alt.layer(bars, points, zero, data=f)
        .properties(width=170, height=18 * max(1, f["variant"].nunique()))
        .facet(facet=alt.Facet("label:N", sort=None, title=None), columns=3)
        .resolve_scale(x="independent")
    )
    if title:
        chart = chart.properties(title=f"{title}: difference from the baseline")
    return chart


def lengths(hands: pd.DataFrame, what: str = "actions", title: str = "") -> alt.Chart:
    """The distribution of hand length (``"actions"`` or ``"decisions"``) by variant."""
    from ..core.optional import altair as alt

    chart: alt.Chart = (
        alt.Chart(hands)
        .transform_density(what, groupby=["variant"], as_=[what, "density"])
        .mark_line()
        .encode(
            x=alt.X(f"{what}:Q", title=f"{what} per hand"),
            y=alt.Y("density:Q", title="share of hands"),
            color=alt.Color("variant:N", sort=None),
        )
        .properties(width=360, height=180)
    )
    if title:
        chart = chart.properties(title=title)
    return chart
