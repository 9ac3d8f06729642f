"""Altair charts for simulations, matches and the Foresight analysis.

Every function takes a DataFrame (from ``cardlab.simulate``,
``cardlab.analysis``, ``cardlab.Match.scores_frame`` or
``cardlab.Match.events_frame``) and *returns* an ``alt.Chart``; nothing is shown
until a notebook displays it.  Call ``use_offline`` once per notebook: it picks the
one renderer cardlab uses, which draws charts without fetching anything from the
internet.

>>> from cardlab import analysis, charts
>>> chart = charts.entropy_by_rank_class(analysis.by_rank_class())
>>> chart.to_dict()["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .core.cards import SUIT_COLOURS, SUIT_SYMBOLS

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

#: Readable names of the knowledge models (columns ``bits_<model>``).
MODEL_NAMES = {
    "plain": "plain backs",
    "suits": "reads suits",
    "table": "knows the table",
}
#: Rank classes by how many suits a back prints.
CLASS_NAMES = {4: "A K (Joker)", 3: "Q J 10", 2: "9–4", 1: "3 2", 0: "back not seen"}


def use_offline(renderer: str = "svg") -> str:
    """Choose how notebooks draw charts, without any internet access.

    Parameters
    ----------
    renderer : {"svg", "png", "jupyter"}
        ``"svg"`` (default) and ``"png"`` draw the chart in the kernel with vl-convert
        (static, stable output); ``"jupyter"`` is interactive and bundles its
        JavaScript into the notebook (``offline=True``).

    Returns
    -------
    str
        The renderer now active.
    """
    from .core.optional import altair as alt

    if renderer == "jupyter":
        alt.renderers.enable("jupyter", offline=True)
    elif renderer in ("svg", "png"):
        alt.renderers.enable(renderer)
    else:
        raise ValueError(f"renderer must be 'svg', 'png' or 'jupyter', not {renderer!r}")
    alt.renderers.set_embed_options(actions=False)
    return str(alt.renderers.active)


def _titled(chart: alt.Chart, title: str) -> alt.Chart:
    if not title:
        return chart
    out: alt.Chart = chart.properties(title=title)
    return out


def _models(df: pd.DataFrame) -> list[str]:
    return [m for m in ("plain", "suits", "table") if f"bits_{m}" in df.columns]


def _need(df: pd.DataFrame, columns: list[str], what: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} needs the columns {missing}; it has {list(df.columns)}")


# ------------------------------------------------------------------ Foresight information
def entropy_by_rank_class(df: pd.DataFrame, title: str = "") -> alt.Chart:
    """Bars: bits of uncertainty about a hidden card by rank class and knowledge model.

    Parameters
    ----------
    df : pandas.DataFrame
        From ``cardlab.analysis.by_rank_class``, ``back_table``
        (averaged per class) or ``leak_by_class`` (one panel per
        game): a ``suits`` column and ``bits_<model>`` columns.
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    models = _models(df)
    _need(df, ["suits"], "entropy_by_rank_class")
    keys = ["suits"] + (["game"] if "game" in df.columns else [])
    data = df.groupby(keys, as_index=False)[[f"bits_{m}" for m in models]].mean()
    long = data.melt(keys, [f"bits_{m}" for m in models], "model", "bits")
    long["model"] = long["model"].str.removeprefix("bits_").map(MODEL_NAMES)
    long["rank class"] = long["suits"].map(CLASS_NAMES)
    order = [CLASS_NAMES[k] for k in (4, 3, 2, 1, 0)]
    chart = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X("model:N", title=None, sort=list(MODEL_NAMES.values())),
            y=alt.Y("bits:Q", title="bits per hidden card"),
            color=alt.Color("model:N", sort=list(MODEL_NAMES.values()), title="viewer"),
            column=alt.Column("rank class:N", sort=order, title="rank class (suits on back)"),
            tooltip=["rank class:N", "model:N", alt.Tooltip("bits:Q", format=".2f")],
        )
        .properties(width=90, height=180)
    )
    if "game" in keys:
        chart = chart.encode(row=alt.Row("game:N", title=None))
    return _titled(chart, title)


def entropy_over_hand(
    df: pd.DataFrame, measure: str = "opp", x: str = "step", title: str = ""
) -> alt.Chart:
    """Lines: how uncertainty falls over a hand, one line per seat and knowledge model.

    Parameters
    ----------
    df : pandas.DataFrame
        From ``cardlab.analysis.entropy_over_hand``.
    measure : {"opp", "bits"}
        ``"opp"``: bits about the other seats' holdings; ``"bits"``: summed over every
        hidden card.
    x : {"step", "trick"}
        The horizontal axis.
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    cols = [f"{measure}_{m}" for m in ("plain", "suits", "table")]
    _need(df, [x, "seat", *cols], "entropy_over_hand")
    long = df.melt([x, "seat"], cols, "model", "bits")
    long["model"] = long["model"].str.split("_").str[1].map(MODEL_NAMES)
    long = long.groupby([x, "seat", "model"], as_index=False).agg(bits=("bits", "mean"))
    label = "bits about opponents' hands" if measure == "opp" else "bits over all hidden cards"
    chart = (
        alt.Chart(long)
        .mark_line()  # no points: the legend then shows each line style
        .encode(
            x=alt.X(f"{x}:Q", title=x),
            y=alt.Y("bits:Q", title=label),
            color=alt.Color("seat:N", title="viewer seat"),
            strokeDash=alt.StrokeDash(
                "model:N",
                sort=list(MODEL_NAMES.values()),
                title=None,
                # line samples in the legend, not the points drawn at each trick
                legend=alt.Legend(
                    symbolType="stroke",
                    symbolStrokeColor="#444",
                    symbolStrokeWidth=2,
                    symbolSize=400,
                ),
            ),
            tooltip=[f"{x}:Q", "seat:N", "model:N", alt.Tooltip("bits:Q", format=".1f")],
        )
        .properties(width=420, height=220)
    )
    return _titled(chart, title)


def leak_comparison(df: pd.DataFrame, title: str = "") -> alt.Chart:
    """Bars: bits per hidden card with plain backs and with Foresight backs, per game.

    Parameters
    ----------
    df : pandas.DataFrame
        From ``cardlab.analysis.compare_pairs`` or
        ``leak_summary`` (columns ``game``, ``card_plain``,
        ``card_suits``, ``card_table``).
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    cols = ["card_plain", "card_suits", "card_table"]
    _need(df, ["game", *cols], "leak_comparison")
    keys = ["game"] + (["pair"] if "pair" in df.columns else [])
    long = df.melt(keys, cols, "model", "bits")
    long["model"] = long["model"].str.removeprefix("card_").map(MODEL_NAMES)
    chart = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            y=alt.Y("game:N", title=None),
            x=alt.X("bits:Q", title="mean bits per hidden card"),
            color=alt.Color("model:N", sort=list(MODEL_NAMES.values()), title="viewer"),
            yOffset=alt.YOffset("model:N", sort=list(MODEL_NAMES.values())),
            tooltip=["game:N", "model:N", alt.Tooltip("bits:Q", format=".2f")],
        )
        .properties(width=360)
    )
    return _titled(chart, title)


# ------------------------------------------------------------------ scores
def long_scores(frames: Mapping[str, pd.DataFrame] | pd.DataFrame) -> pd.DataFrame:
    """Stack simulation results into one row per game (or hand), seat and variant.

    Parameters
    ----------
    frames : mapping of str to DataFrame, or DataFrame
        ``cardlab.simulate`` results keyed by a variant label (``{"Hearts": ...,
        "Heartburn": ...}``), or one result.  ``score_<seat>`` (per game) or
        ``points_<seat>`` (per hand) columns are used.

    Returns
    -------
    pandas.DataFrame
        Columns ``variant``, ``game``, ``seat``, ``score`` (and ``hand`` per hand).
    """
    from .core.optional import pandas as pd

    if isinstance(frames, pd.DataFrame):
        frames = {"": frames}
    parts = []
    for label, df in frames.items():
        prefix = "points_" if any(c.startswith("points_") for c in df.columns) else "score_"
        cols = [c for c in df.columns if c.startswith(prefix)]
        if not cols:
            raise ValueError(f"{label!r}: no score_<seat> or points_<seat> columns")
        keys = [c for c in ("game", "hand") if c in df.columns]
        long = df.melt(keys, cols, "seat", "score")
        long["seat"] = long["seat"].str.removeprefix(prefix).astype(int)
        long.insert(0, "variant", label)
        parts.append(long)
    return pd.concat(parts, ignore_index=True)


def score_distributions(
    frames: Mapping[str, pd.DataFrame] | pd.DataFrame, title: str = ""
) -> alt.Chart:
    """Histograms of scores, one panel per variant (e.g. Hearts vs Heartburn).

    Parameters
    ----------
    frames : mapping of str to DataFrame, or DataFrame
        As for ``long_scores``.
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    long = long_scores(frames)
    chart = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=alt.X("score:Q", bin=alt.Bin(maxbins=27), title="score"),
            y=alt.Y("count():Q", title="seats"),
            color=alt.Color("variant:N", legend=None),
            column=alt.Column("variant:N", title=None),
            tooltip=["variant:N", alt.Tooltip("count():Q", title="seats")],
        )
        .properties(width=220, height=180)
    )
    return _titled(chart, title)


def scores_by_seat(frames: Mapping[str, pd.DataFrame] | pd.DataFrame, title: str = "") -> alt.Chart:
    """Box plots of scores by seat, one panel per variant.

    Parameters
    ----------
    frames : mapping of str to DataFrame, or DataFrame
        As for ``long_scores``.
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    long = long_scores(frames)
    chart = (
        alt.Chart(long)
        .mark_boxplot()
        .encode(
            x=alt.X("seat:O", title="seat"),
            y=alt.Y("score:Q", title="score"),
            color=alt.Color("seat:N", legend=None),
            column=alt.Column("variant:N", title=None),
        )
        .properties(width=180, height=200)
    )
    return _titled(chart, title)


def score_race(df: pd.DataFrame, names: Any = None, title: str = "") -> alt.Chart:
    """Lines: each seat's running total hand by hand.

    Parameters
    ----------
    df : pandas.DataFrame
        ``cardlab.Match.scores_frame`` (or one game of ``simulate(per="hand")``):
        ``hand`` and ``total_<seat>`` columns.
    names : sequence of str, optional
        Seat names for the legend.
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    cols = [c for c in df.columns if c.startswith("total_")]
    _need(df, ["hand"], "score_race")
    if not cols:
        raise ValueError("score_race needs total_<seat> columns (Match.scores_frame())")
    long = df.melt(["hand"], cols, "seat", "total")
    long["seat"] = long["seat"].str.removeprefix("total_").astype(int)
    long["hand"] = long["hand"] + 1
    if names is not None:
        long["seat"] = [names[s] for s in long["seat"]]
    chart = (
        alt.Chart(long)
        .mark_line(point=True)
        .encode(
            x=alt.X("hand:O", title="hand"),
            y=alt.Y("total:Q", title="running total"),
            color=alt.Color("seat:N", title="seat"),
            tooltip=["hand:O", "seat:N", "total:Q"],
        )
        .properties(width=420, height=220)
    )
    return _titled(chart, title)


# ------------------------------------------------------------------ a hand's play
def trick_timeline(events: pd.DataFrame, hand: int = 0, title: str = "") -> alt.Chart:
    """Each card played, trick by trick: a row per player, a column per trick.

    Parameters
    ----------
    events : pandas.DataFrame
        ``cardlab.Match.events_frame``: ``hand``, ``kind``, ``name``, ``text``,
        ``cards``, ``data``.  Plays are events of kind ``"play"`` (their card is in
        ``cards``; one played from a hole, ``data["from"] == "hole"``, is marked °); a
        ``"trick"`` event closes a trick.
    hand : int
        Which hand (0 = the first).
    title : str
        Chart title.

    Returns
    -------
    altair.Chart
    """
    from .core.optional import altair as alt

    _need(events, ["hand", "kind", "name", "text", "cards", "data"], "trick_timeline")
    rows = []
    trick = 1
    order = 0
    for e in events[events["hand"] == hand].to_dict("records"):
        if e["kind"] == "play":
            order += 1
            cards: tuple[Any, ...] = tuple(e["cards"])
            card = cards[0].text if cards else "?"
            suit = SUIT_SYMBOLS[cards[0].suit] if cards and cards[0].suit >= 0 else ""
            if dict(e["data"]).get("from") == "hole":
                card += "°"
            rows.append(
                {
                    "trick": trick,
                    "order": order,
                    "player": e["name"],
                    "card": card,
                    "suit": suit,
                    "text": e["text"],
                }
            )
        elif e["kind"] == "trick":
            trick += 1
            order = 0
    from .core.optional import pandas as pd

    data = pd.DataFrame(rows, columns=["trick", "order", "player", "card", "suit", "text"])
    data["lead"] = data["order"] == 1
    chart = (
        alt.Chart(data)
        .mark_text(fontWeight="bold")
        .encode(
            x=alt.X("trick:O", title="trick"),
            y=alt.Y("player:N", title=None, sort=None),
            text="card:N",
            # The table's four suit colours; the card that led each trick is larger.
            color=alt.Color(
                "suit:N", scale=alt.Scale(domain=list(SUIT_SYMBOLS), range=list(SUIT_COLOURS))
            ),
            size=alt.Size(
                "lead:N",
                scale=alt.Scale(domain=[True, False], range=[16, 12]),
                legend=alt.Legend(
                    title=None, labelExpr="datum.label == 'true' ? 'led' : 'followed'"
                ),
            ),
            tooltip=["trick:O", "order:Q", "text:N"],
        )
        .properties(width=34 * max(1, trick), height=150)
    )
    return _titled(chart, title)


__all__ = [
    "CLASS_NAMES",
    "MODEL_NAMES",
    "entropy_by_rank_class",
    "entropy_over_hand",
    "leak_comparison",
    "long_scores",
    "score_distributions",
    "score_race",
    "scores_by_seat",
    "trick_timeline",
    "use_offline",
]


# -------------------------------------------------------------------- search
def move_values(df: pd.DataFrame, title: str = "") -> alt.Chart:
    """Bars: the search bot's expected points for each move, shaded by its share of the
    search; the move it would play is outlined.

    Parameters
    ----------
    df : pandas.DataFrame
        From ``cardlab.analysis.move_values``.
    title : str
        Chart title.
    """
    from .core.optional import altair as alt

    _need(df, ["move", "share", "value", "best"], "move_values")
    chart = (
        alt.Chart(df)
        .mark_bar(stroke=SUIT_COLOURS[3])
        .encode(
            y=alt.Y("move:N", sort="-x", title=None),
            x=alt.X("value:Q", title="expected points over the rest of the hand"),
            opacity=alt.Opacity(
                "share:Q", title="share of the search", scale=alt.Scale(range=[0.3, 1])
            ),
            color=alt.value(SUIT_COLOURS[1]),
            strokeWidth=alt.condition("datum.best", alt.value(2), alt.value(0)),
            tooltip=[
                "move:N",
                "visits:Q",
                alt.Tooltip("share:Q", format=".0%"),
                alt.Tooltip("value:Q", format="+.2f"),
            ],
        )
        .properties(width=360)
    )
    return _titled(chart, title)


def strength(df: pd.DataFrame, title: str = "") -> alt.Chart:
    """Points and intervals: the search bot's mean result against each opponent, per game.

    ``df`` has ``game``, ``label``, ``mean``, ``low`` and ``high`` (one row per game and
    label), as the strength notebook builds from ``cardlab/data/strength.csv``.
    """
    from .core.optional import altair as alt

    _need(df, ["game", "label", "mean", "low", "high"], "strength")
    base = alt.Chart(df).encode(
        y=alt.Y("label:N", title=None),
        color=alt.Color(
            "label:N",
            legend=None,
            scale=alt.Scale(
                range=[SUIT_COLOURS[1], SUIT_COLOURS[0], SUIT_COLOURS[2], SUIT_COLOURS[3]]
            ),
        ),
    )
    rules = base.mark_rule().encode(
        x=alt.X("low:Q", title="points against the others' average"), x2="high:Q"
    )
    points = base.mark_point(filled=True, size=60).encode(
        x="mean:Q",
        tooltip=[
            "game:N",
            "label:N",
            alt.Tooltip("mean:Q", format="+.1f"),
            alt.Tooltip("low:Q", format="+.1f"),
            alt.Tooltip("high:Q", format="+.1f"),
        ],
    )
    zero = alt.Chart().mark_rule(strokeDash=[3, 3], color="#888").encode(x=alt.datum(0))
    chart = (
        alt.layer(rules, points, zero, data=df)
        .properties(width=300, height=80)
        .facet(row=alt.Row("game:N", title=None))
    )
    return _titled(chart, title)  # type: ignore[arg-type]


def winnability(df: pd.DataFrame, title: str = "") -> alt.Chart:
    """How often each rule set can be won at all, beside how often a bot wins it.

    ``df`` has one row per rule set with ``rules``, the solver's ``min_rate`` (undecided
    deals counted as lost) with ``min_low`` and ``max_high`` (the interval from counting
    them lost to counting them won), and the bot's ``bot_rate``, ``bot_low`` and
    ``bot_high``: ``cardlab.winnability_summary`` plus the bot's columns, or
    ``cardlab/data/winnability.csv``.  A ``game`` column, when present, labels the rows.
    """
    from .core.optional import altair as alt
    from .core.optional import pandas as pd

    _need(
        df,
        ["rules", "min_rate", "min_low", "max_high", "bot_rate", "bot_low", "bot_high"],
        "winnability",
    )
    label = df["rules"] if "game" not in df else df["game"] + ": " + df["rules"]
    long = pd.concat(
        [
            pd.DataFrame(
                {
                    "rule set": label,
                    "who": "can be won (solver)",
                    "rate": df["min_rate"],
                    "low": df["min_low"],
                    "high": df["max_high"],
                }
            ),
            pd.DataFrame(
                {
                    "rule set": label,
                    "who": "won by the bot",
                    "rate": df["bot_rate"],
                    "low": df["bot_low"],
                    "high": df["bot_high"],
                }
            ),
        ],
        ignore_index=True,
    )
    base = alt.Chart(long).encode(
        y=alt.Y("who:N", title=None),
        color=alt.Color(
            "who:N", legend=None, scale=alt.Scale(range=[SUIT_COLOURS[3], SUIT_COLOURS[1]])
        ),
    )
    bars = base.mark_bar(opacity=0.75).encode(
        x=alt.X(
            "rate:Q",
            title="share of deals won",
            axis=alt.Axis(format="%"),
            scale=alt.Scale(domain=[0, 1]),
        ),
        tooltip=[
            "rule set:N",
            "who:N",
            alt.Tooltip("rate:Q", format=".1%"),
            alt.Tooltip("low:Q", format=".1%"),
            alt.Tooltip("high:Q", format=".1%"),
        ],
    )
    whiskers = base.mark_rule(color="black").encode(x="low:Q", x2="high:Q")
    chart = (
        alt.layer(bars, whiskers, data=long)
        .properties(width=320, height=50)
        .facet(
            row=alt.Row(
                "rule set:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left")
            )
        )
    )
    return _titled(chart, title)  # type: ignore[arg-type]
