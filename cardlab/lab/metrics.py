"""The lab's metrics: per-deal sufficient statistics, the metrics computed from their
sums, bootstrap intervals over deals, and Bradley–Terry ratings.

Every metric is a function of sums over deals (wins, games, lead changes …), so a
bootstrap replicate is one matrix product: resampled deal counts times the per-deal
statistics.  Variants measured on the same deals are resampled with the same deals, so
their differences are paired.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd


@dataclass(frozen=True)
class Metric:
    """One measured figure: its family, a short label, its unit and its meaning."""

    name: str
    family: str
    label: str
    unit: str
    meaning: str


def _m(name: str, family: str, label: str, unit: str, meaning: str) -> Metric:
    return Metric(name, family, label, unit, meaning)


#: The fixed metrics, by name (``win_share_<k>`` and ``rating_<player>`` are added per
#: table size and ladder).
METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        _m(
            "balance",
            "outcome",
            "balance",
            "share",
            "1 − the largest gap between two "
            "positions' win shares (1: every position wins as often)",
        ),
        _m("shared_rate", "outcome", "shared wins", "share", "games won by two or more together"),
        _m(
            "no_winner_rate",
            "outcome",
            "no winner",
            "share",
            "games that ended with nobody winning",
        ),
        _m("hands", "outcome", "hands per game", "hands", "hands (deals) in a game"),
        _m("actions", "outcome", "actions per game", "actions", "players' actions in a game"),
        _m(
            "decisions",
            "outcome",
            "decisions per game",
            "actions",
            "actions taken with more than one legal choice",
        ),
        _m("hand_actions", "outcome", "actions per hand", "actions", "players' actions in a hand"),
        _m(
            "hand_decisions",
            "outcome",
            "decisions per hand",
            "actions",
            "decisions (more than one legal choice) in a hand",
        ),
        _m(
            "best_vs_random",
            "skill",
            "best vs random",
            "share",
            "how often the best-rated player finishes ahead of the random player "
            "(head to head, ties half)",
        ),
        _m(
            "luck_share",
            "skill",
            "luck share",
            "share",
            "share of the variance of a game's result due to luck",
        ),
        _m(
            "skill_games",
            "skill",
            "games for skill to show",
            "games",
            "games after which the spread of skill equals the spread of luck",
        ),
        _m(
            "lead_changes",
            "tension",
            "lead changes",
            "per game",
            "times the judged leader changes in a game",
        ),
        _m(
            "drama",
            "tension",
            "drama",
            "utility",
            "how far behind the eventual winner was, on average, while it trailed",
        ),
        _m(
            "behind",
            "tension",
            "time behind",
            "share",
            "share of judged positions in which the eventual winner trailed",
        ),
        _m(
            "decisiveness",
            "tension",
            "decisiveness",
            "share",
            "share of the game left once the eventual winner led for good",
        ),
        _m(
            "spread",
            "tension",
            "move spread",
            "utility",
            "standard deviation of the move values at a decision",
        ),
        _m(
            "meaningful",
            "tension",
            "meaningful moves",
            "share",
            "decisions whose best and worst move differ by more than two standard errors",
        ),
        _m(
            "clarity",
            "tension",
            "clarity",
            "share",
            "decisions whose best move beats the second best by more than two standard errors",
        ),
    )
}

FAMILIES = ("outcome", "skill", "tension")


def metric(name: str) -> Metric:
    """The description of a metric, including the per-position and per-player ones."""
    if name in METRICS:
        return METRICS[name]
    if name.startswith("win_share_"):
        k = name.rsplit("_", 1)[1]
        where = "the dealer" if k == "0" else f"{k} to the dealer's left"
        return Metric(
            name,
            "outcome",
            f"win share, position {k}",
            "share",
            f"share of the wins taken by the player (or side) at position {k} "
            f"from the first dealer ({where})",
        )
    if name.startswith("rating_"):
        who = name[len("rating_") :]
        return Metric(
            name,
            "skill",
            f"rating {who}",
            "Elo",
            f"Bradley–Terry rating of {who} on the Elo scale (random = 0)",
        )
    raise KeyError(name)


# ------------------------------------------------------------------ statistics
@dataclass
class Stats:
    """Per-deal statistics of one variant and family: ``x[d, k]`` for deal ``deals[d]``
    and statistic ``names[k]``; ``context`` holds what the metrics need besides."""

    deals: np.ndarray
    names: list[str]
    x: np.ndarray
    context: dict[str, Any]

    def col(self, s: np.ndarray, name: str) -> np.ndarray:
        return s[..., self.names.index(name)]


def _by_deal(frame: pd.DataFrame, columns: list[str]) -> tuple[np.ndarray, np.ndarray]:
    grouped = frame.groupby("deal", sort=True)[columns].sum()
    return grouped.index.to_numpy(), grouped.to_numpy(dtype=float)


def outcome_stats(frame: pd.DataFrame) -> Stats:
    from ..core.optional import numpy as np

    f = frame.copy()
    wins = sorted(
        (c for c in f.columns if c.startswith("win_") and f[c].notna().any()),
        key=lambda c: int(c[4:]),
    )
    f["games"] = 1.0
    f["shared"] = (f["result"] == "shared").astype(float)
    f["nowin"] = (f["result"] == "no winner").astype(float)
    cols = ["games", *wins, "shared", "nowin", "hands", "actions", "decisions"]
    deals, x = _by_deal(f, cols)
    return Stats(deals, cols, np.nan_to_num(x), {"positions": len(wins)})


def _ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from ..core.optional import numpy as np

    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(b > 0, a / np.where(b > 0, b, 1), np.nan)


def outcome_values(st: Stats, s: np.ndarray) -> dict[str, np.ndarray]:
    from ..core.optional import numpy as np

    games = st.col(s, "games")
    shares = [_ratio(st.col(s, f"win_{k}"), games) for k in range(st.context["positions"])]
    out = {f"win_share_{k}": v for k, v in enumerate(shares)}
    if len(shares) >= 2:
        stacked = np.stack(shares, axis=-1)
        out["balance"] = 1.0 - (stacked.max(axis=-1) - stacked.min(axis=-1))
    out["shared_rate"] = _ratio(st.col(s, "shared"), games)
    out["no_winner_rate"] = _ratio(st.col(s, "nowin"), games)
    hands = st.col(s, "hands")
    out["hands"] = _ratio(hands, games)
    out["actions"] = _ratio(st.col(s, "actions"), games)
    out["decisions"] = _ratio(st.col(s, "decisions"), games)
    out["hand_actions"] = _ratio(st.col(s, "actions"), hands)
    out["hand_decisions"] = _ratio(st.col(s, "decisions"), hands)
    return out


def skill_stats(frame: pd.DataFrame, ladder: Sequence[str] | None = None) -> Stats:
    from ..core.optional import numpy as np

    if ladder is None:
        seen: list[str] = []
        for a, b in zip(frame["player_a"], frame["player_b"], strict=True):
            for p in (a, b):
                if p not in seen:
                    seen.append(p)
        ladder = seen
    f = frame.copy()
    f["sq"] = f["score"] ** 2
    f["one"] = 1.0
    pairs = [(a, b) for i, a in enumerate(ladder) for b in ladder[i + 1 :]]
    blocks = []
    names: list[str] = []
    deals = np.array(sorted(f["deal"].unique()))
    for a, b in pairs:
        part = f[(f["player_a"] == a) & (f["player_b"] == b)]
        g = part.groupby("deal")[["score", "sq", "one"]].sum().reindex(deals, fill_value=0.0)
        blocks.append(g.to_numpy(dtype=float))
        names += [f"{a}|{b}|s", f"{a}|{b}|q", f"{a}|{b}|n"]
    x = np.concatenate(blocks, axis=1) if blocks else np.zeros((len(deals), 0))
    return Stats(deals, names, x, {"ladder": list(ladder), "pairs": pairs})


def bradley_terry(
    wins: np.ndarray, games: np.ndarray, prior: float = 1.0, iterations: int = 2_000
) -> np.ndarray:
    """Bradley–Terry strengths by the MM algorithm (Hunter 2004), vectorised over
    replicates.

    Parameters
    ----------
    wins : numpy.ndarray
        ``wins[..., i, j]``: player i's score against j (a draw counts ½).
    games : numpy.ndarray
        ``games[..., i, j]``: games between i and j (symmetric).
    prior : float
        Virtual drawn games added to every pair, so a player who always won keeps a
        finite strength.
    iterations : int
        The most MM steps taken (it stops earlier once the strengths settle).

    Returns
    -------
    numpy.ndarray
        ``log`` strengths (natural), centred on their mean, shape ``wins.shape[:-1]``.
    """
    from ..core.optional import numpy as np

    k = wins.shape[-1]
    off = 1.0 - np.eye(k)
    w = wins + prior / 2 * off
    n = games + prior * off
    total = w.sum(axis=-1)
    p = np.ones(wins.shape[:-1])
    for _ in range(iterations):
        denom = (n / (p[..., :, None] + p[..., None, :])).sum(axis=-1)
        new = total / denom
        new /= np.exp(np.log(new).mean(axis=-1, keepdims=True))
        done = np.max(np.abs(np.log(new) - np.log(p))) < 1e-10
        p = new
        if done:
            break
    logp: np.ndarray = np.log(p)
    centred: np.ndarray = logp - logp.mean(axis=-1, keepdims=True)
    return centred


ELO = 400 / math.log(10)


def skill_values(st: Stats, s: np.ndarray) -> dict[str, np.ndarray]:
    from ..core.optional import numpy as np

    ladder: list[str] = st.context["ladder"]
    k = len(ladder)
    shape = s.shape[:-1]
    wins = np.zeros((*shape, k, k))
    games = np.zeros((*shape, k, k))
    means, luck, skill = [], [], []
    for a, b in st.context["pairs"]:
        i, j = ladder.index(a), ladder.index(b)
        sc = st.col(s, f"{a}|{b}|s")
        sq = st.col(s, f"{a}|{b}|q")
        n = st.col(s, f"{a}|{b}|n")
        wins[..., i, j] = sc
        wins[..., j, i] = n - sc
        games[..., i, j] = games[..., j, i] = n
        m = _ratio(sc, n)
        var = _ratio(sq - n * m**2, n - 1)
        means.append(m)
        luck.append(var)
        skill.append((m - 0.5) ** 2 - _ratio(var, n))
    out: dict[str, np.ndarray] = {}
    if not means:
        return out
    logp = bradley_terry(wins, games)
    ref = ladder.index("random") if "random" in ladder else None
    base = logp[..., ref] if ref is not None else logp.min(axis=-1)
    for i, who in enumerate(ladder):
        out[f"rating_{who}"] = ELO * (logp[..., i] - base)
    best = st.context.get("best")
    weakest = "random" if "random" in ladder else st.context.get("weakest")
    if best is not None and weakest is not None and best != weakest:
        bi, wi = ladder.index(best), ladder.index(weakest)
        out["best_vs_random"] = _ratio(wins[..., bi, wi], games[..., bi, wi])
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        # one game per pair has no variance yet: its luck is unknown (NaN), not an error
        warnings.simplefilter("ignore", RuntimeWarning)
        lu = np.nanmean(np.stack(luck, axis=-1), axis=-1)
        sk = np.maximum(0.0, np.nanmean(np.stack(skill, axis=-1), axis=-1))
        out["luck_share"] = _ratio(lu, lu + sk)
        out["skill_games"] = np.where(sk > 0, lu / np.where(sk > 0, sk, 1), np.inf)
    return out


TENSION_SUMS = [
    "games",
    "raced",
    "lead_changes",
    "decided",
    "decisiveness",
    "trailing",
    "deficit_sum",
    "winner_judged",
    "spread_sum",
    "spread_n",
    "meaningful_sum",
    "clarity_sum",
    "clarity_n",
]


def tension_stats(frame: pd.DataFrame) -> Stats:
    f = frame.copy()
    f["games"] = 1.0
    deals, x = _by_deal(f, TENSION_SUMS)
    return Stats(deals, list(TENSION_SUMS), x, {})


def tension_values(st: Stats, s: np.ndarray) -> dict[str, np.ndarray]:
    c = st.col
    return {
        "lead_changes": _ratio(c(s, "lead_changes"), c(s, "raced")),
        "drama": _ratio(c(s, "deficit_sum"), c(s, "trailing")),
        "behind": _ratio(c(s, "trailing"), c(s, "winner_judged")),
        "decisiveness": _ratio(c(s, "decisiveness"), c(s, "decided")),
        "spread": _ratio(c(s, "spread_sum"), c(s, "spread_n")),
        "meaningful": _ratio(c(s, "meaningful_sum"), c(s, "spread_n")),
        "clarity": _ratio(c(s, "clarity_sum"), c(s, "clarity_n")),
    }


STATS: Mapping[str, Callable[..., Stats]] = {
    "outcome": outcome_stats,
    "skill": skill_stats,
    "tension": tension_stats,
}
VALUES: Mapping[str, Callable[[Stats, Any], dict[str, Any]]] = {
    "outcome": outcome_values,
    "skill": skill_values,
    "tension": tension_values,
}


# ------------------------------------------------------------------ bootstrap
def _weights(u: np.ndarray, count: int) -> np.ndarray:
    """Resampled counts of ``count`` deals, one row per replicate, from uniforms ``u``
    (the same uniforms give the same deals to variants with the same deals)."""
    from ..core.optional import numpy as np

    b = u.shape[0]
    idx = np.minimum((u[:, :count] * count).astype(int), count - 1)
    w = np.zeros((b, count))
    np.add.at(w, (np.repeat(np.arange(b), count), idx.ravel()), 1.0)
    return w


def summarise(
    frames: Mapping[str, pd.DataFrame],
    family: str,
    *,
    replicates: int = 1_000,
    seed: int | str = 0,
    level: float = 0.95,
    ladder: Sequence[str] | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The profile of each variant (one family) and each variant's difference from the
    first, with percentile bootstrap intervals over deals.

    Parameters
    ----------
    frames : dict of pandas.DataFrame
        The per-game rows of each variant, by variant name, the baseline first.
    family : str
        ``"outcome"``, ``"skill"`` or ``"tension"``.
    replicates : int
        Bootstrap replicates (resamples of the deals).
    seed : int or str
        Seeds the resampling, so a summary is reproducible.
    level : float
        The intervals' coverage.
    ladder : list of str, optional
        The skill family's players in order (default: as they appear in the rows).

    Returns
    -------
    (profile, differences)
        Tidy frames: ``variant, family, metric, value, low, high, games, deals`` and
        ``variant, baseline, family, metric, diff, low, high``.
    """
    import random as _random

    from ..core.optional import numpy as np
    from ..core.optional import pandas as pd

    stats = {}
    for name, frame in frames.items():
        if frame.empty:
            continue
        st = skill_stats(frame, ladder) if family == "skill" else STATS[family](frame)
        stats[name] = (st, len(frame))
    if family == "skill":
        _pick_best(stats)
    if not stats:
        return _empty_profile(), _empty_differences()
    most = max(len(st.deals) for st, _ in stats.values())
    rng = np.random.default_rng(_random.Random(f"lab/bootstrap/{seed}").getrandbits(64))
    u = rng.random((replicates, most))
    point: dict[str, dict[str, float]] = {}
    draws: dict[str, dict[str, np.ndarray]] = {}
    lo_q, hi_q = 100 * (1 - level) / 2, 100 * (1 + level) / 2
    rows = []
    for name, (st, n) in stats.items():
        values = VALUES[family](st, st.x.sum(axis=0))
        reps = VALUES[family](st, _weights(u, len(st.deals)) @ st.x)
        point[name] = {k: float(v) for k, v in values.items()}
        draws[name] = reps
        for k, v in values.items():
            low, high = _interval(reps[k], lo_q, hi_q)
            rows.append((name, family, k, float(v), low, high, n, len(st.deals)))
    profile = pd.DataFrame(
        rows, columns=["variant", "family", "metric", "value", "low", "high", "games", "deals"]
    )
    diffs = []
    names = list(stats)
    base = names[0]
    for name in names[1:]:
        for k, v in point[name].items():
            if k not in point[base]:
                continue
            with np.errstate(invalid="ignore"):
                d = draws[name][k] - draws[base][k]
            low, high = _interval(d, lo_q, hi_q)
            diffs.append((name, base, family, k, v - point[base][k], low, high))
    differences = pd.DataFrame(
        diffs, columns=["variant", "baseline", "family", "metric", "diff", "low", "high"]
    )
    return profile, differences


def _pick_best(stats: dict[str, tuple[Stats, int]]) -> None:
    """Name the best- and worst-rated players of each variant's ladder (by the point
    estimate), so every replicate compares the same two."""
    for st, _ in stats.values():
        ladder = st.context["ladder"]
        if len(ladder) < 2:
            continue
        ratings = skill_values(st, st.x.sum(axis=0))
        order = sorted(ladder, key=lambda p: float(ratings[f"rating_{p}"]))
        st.context["best"] = order[-1]
        st.context["weakest"] = order[0]


def _interval(x: np.ndarray, lo: float, hi: float) -> tuple[float, float]:
    from ..core.optional import numpy as np

    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    if not len(x):
        return math.nan, math.nan
    with np.errstate(invalid="ignore"):
        low, high = np.percentile(x, [lo, hi])
    return float(low), float(high)


def _empty_profile() -> pd.DataFrame:
    from ..core.optional import pandas as pd

    return pd.DataFrame(
        columns=["variant", "family", "metric", "value", "low", "high", "games", "deals"]
    )


def _empty_differences() -> pd.DataFrame:
    from ..core.optional import pandas as pd

    return pd.DataFrame(columns=["variant", "baseline", "family", "metric", "diff", "low", "high"])
