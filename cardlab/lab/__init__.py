"""The variant lab: which rules make the better game, measured side by side.

:func:`compare` plays a game's variants (option sets, or player counts) on the same
seeded deals and measures three families of metrics, each with a bootstrap interval
over deals, and the paired difference of every variant from the first:

* **outcome** (every seat played by the same bot, each deal once per first dealer):
  win share by position from the dealer, balance, shared-win and no-winner rates, game
  and hand length in actions and in decisions;
* **skill** (a ladder of players in round-robin matches on identical deals, seats
  rotated): Bradley–Terry ratings on the Elo scale, the best player's record against
  random, the share of a game's result due to luck and the games after which skill
  shows through it;
* **tension** (the search bot judging every decision from the mover's observation):
  lead changes, drama, time behind, decisiveness, meaningful moves, move spread and
  clarity.

The docs' "Variant lab" pages give every formula and its source.  Sweeps run in this
process, in local processes or on Dask with the same results for the same seed; a
``cache`` folder keeps finished batches (Parquet) so a sweep resumes after a stop.

>>> from cardlab import lab
>>> result = lab.compare("golf", {"default": {}, "any time": {"draw_any_time": True}},
...                      games=40, seed=1, executor="inprocess", progress=False)
>>> sorted(result.profile.columns)  # doctest: +NORMALIZE_WHITESPACE
['deals', 'family', 'games', 'high', 'low', 'metric', 'value', 'variant']

pandas, numpy, pyarrow and altair are imported only when a sweep runs or a chart is
drawn (``pip install 'cardlab[lab]'``; ``cardlab[dask]`` adds Dask).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..core.errors import CardlabError
from ..core.quoting import quote
from ..core.registry import get_spec, load
from ..core.spec import Game
from .metrics import FAMILIES, METRICS, Metric, metric, summarise
from .play import Task, arrangement, check_player, rotations, units

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

#: The ladder of the skill family by default: random play, the game's rule of thumb,
#: and the search bot at two budgets (iterations per decision).
DEFAULT_LADDER = ("random", "heuristic", "search:20", "search:80")
#: The judge's budget in the tension family (search iterations per judged decision).
DEFAULT_JUDGE = 30
#: Deals per batch, by family: a batch is a few seconds of work or more.
BATCH = {"outcome": 25, "skill": 2, "tension": 2}


# ------------------------------------------------------------------ variants
def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``"open:open_pile=true,target=50"`` -> ``("open", {"open_pile": True, "target": 50})``.

    A variant is a name, a colon and options written ``name=value`` separated by commas
    (``players=5`` sets the player count); a name alone is the defaults.
    """
    from ..cli import parse_value

    if not isinstance(text, str) or not text.strip():
        raise CardlabError(f"a variant is written name:option=value,..., not {quote(text)}")
    name, _, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise CardlabError(f"variant {quote(text)} has no name: write name:option=value")
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CardlabError(f"variant {quote(text)}: {quote(item)} must be written option=value")
        options[key.strip().replace("-", "_")] = parse_value(value)
    return name, options


def declared_variants(game: str | Game) -> dict[str, dict[str, Any]]:
    """The variants a game declares worth measuring (``GameSpec.variants``), after its
    defaults (``"default"``)."""
    spec = load(game).spec if isinstance(game, str) else game.spec
    out: dict[str, dict[str, Any]] = {"default": {}}
    for name, options in spec.variants.items():
        out[name] = dict(options)
    return out


def _variants(game: str, variants: Any) -> dict[str, Game]:
    """Each variant's :class:`Game`, checked, in order."""
    if variants is None:
        variants = declared_variants(game)
    elif isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, Mapping):
        if not isinstance(variants, Iterable):
            raise CardlabError(
                "variants are a dict {name: {option: value}} or texts 'name:option=value', "
                f"not {quote(variants)}"
            )
        variants = dict(parse_variant(v) for v in variants)
    if not variants:
        raise CardlabError("give at least one variant")
    out = {}
    for name, options in variants.items():
        if not isinstance(name, str) or not name:
            raise CardlabError(f"a variant's name is a text, not {quote(name)}")
        if not isinstance(options, Mapping):
            raise CardlabError(
                f"variant {name!r}: give its options as a dict, not {quote(options)}"
            )
        opts = dict(options)
        players = opts.pop("players", None)
        try:
            out[name] = load(game, players, **opts)
        except CardlabError as e:
            raise CardlabError(f"variant {name!r}: {e}") from None
    return out


def _families(metrics: Any) -> tuple[list[str], set[str] | None]:
    """The families to run and, when single metrics were named, which to keep."""
    if isinstance(metrics, str):
        metrics = [metrics]
    families: list[str] = []
    keep: set[str] | None = None
    for m in metrics:
        if m in FAMILIES:
            fam = m
        else:
            try:
                fam = metric(m).family
            except KeyError:
                raise CardlabError(
                    f"unknown metric {quote(m)}: give a family ({', '.join(FAMILIES)}) or a "
                    f"metric ({', '.join(METRICS)}, win_share_<position>, rating_<player>)"
                ) from None
            keep = (keep or set()) | {m}
        if fam not in families:
            families.append(fam)
    if not families:
        raise CardlabError(f"give at least one metric or family ({', '.join(FAMILIES)})")
    if keep is not None:
        keep |= {m for m in metrics if m in FAMILIES}
    return families, keep


# ------------------------------------------------------------------ planning
def _options_key(game: Game) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(game.options.changed().items()))


def _deals(family: str, game: Game, games: int, rotate: bool) -> int:
    if family == "outcome":
        per = rotations(game, rotate)
    elif family == "skill":
        per = len(units(game)) if len(units(game)) > 1 else 1
    else:
        per = 1
    return max(1, math.ceil(games / per))


def plan(
    variants: Mapping[str, Game],
    family: str,
    games: int,
    seed: int | str,
    params: Mapping[str, Any],
    batch: int | None = None,
) -> list[Task]:
    """The batches of one family over every variant (deals numbered from 0 in each, so
    variants share their deals)."""
    size = batch or BATCH[family]
    tasks = []
    frozen = tuple(sorted(params.items()))
    for name, g in variants.items():
        deals = _deals(family, g, games, params.get("rotate", True))
        for start in range(0, deals, size):
            tasks.append(
                Task(
                    family,
                    g.spec.name,
                    g.players,
                    _options_key(g),
                    name,
                    seed,
                    start,
                    min(deals, start + size),
                    frozen,
                    g.spec.version,
                )
            )
    return tasks


def _games_in(task: Task) -> int:
    return task.stop - task.start


# ------------------------------------------------------------------ results
@dataclass
class Comparison:
    """What :func:`compare` measured: per-game rows, the profile and the differences.

    Attributes
    ----------
    game : str
        The game's name.
    variants : dict
        Each variant's options (``players`` included), in order; the first is the
        baseline of :attr:`differences`.
    rows : dict of pandas.DataFrame
        The per-game (per-match, in the skill family) rows of every variant, by family.
    profile : pandas.DataFrame
        Tidy: ``variant, family, metric, value, low, high, games, deals``.
    differences : pandas.DataFrame
        Tidy: ``variant, baseline, family, metric, diff, low, high``, paired over the same
        deals (the interval excludes 0 when the difference is clear).
    settings : dict
        The sweep's seed, games, agents, ladder, judge and replicates.
    """

    game: str
    variants: dict[str, dict[str, Any]]
    rows: dict[str, pd.DataFrame]
    profile: pd.DataFrame
    differences: pd.DataFrame
    settings: dict[str, Any] = field(default_factory=dict)

    def metric(self, name: str) -> pd.DataFrame:
        """One metric's rows of the profile (value and interval per variant)."""
        return self.profile[self.profile["metric"] == name].reset_index(drop=True)

    def table(self, family: str | None = None) -> pd.DataFrame:
        """The profile as a wide table: one row per metric, a column per variant, each
        cell ``value [low, high]``."""
        from .charts import wide

        return wide(
            self.profile if family is None else self.profile[self.profile["family"] == family]
        )

    def lengths(self) -> pd.DataFrame:
        """Hand lengths, one row per hand played in the outcome family: ``variant``,
        ``deal``, ``rotation``, ``hand``, ``actions``, ``decisions``."""
        return hand_lengths(self.rows.get("outcome"))

    def chart(self, family: str | None = None) -> alt.Chart:
        """Each variant's profile across the metrics, with intervals."""
        from .charts import profile

        return profile(self.profile, family=family, title=self.title)

    def chart_differences(self, family: str | None = None) -> alt.Chart:
        """Each variant's difference from the baseline, with paired intervals."""
        from .charts import differences

        return differences(self.differences, family=family, title=self.title)

    @property
    def title(self) -> str:
        return get_spec(self.game).title

    def to_parquet(self, path: str) -> None:
        """Write the per-game rows of every family (and the sweep's settings) to one
        Parquet file; :func:`read` turns it back into a Comparison."""
        import pyarrow.parquet as pq

        from ..core.optional import pandas as pd
        from ..core.optional import pyarrow as pa

        frames = [f.assign(family=fam) for fam, f in self.rows.items()]
        table = pa.Table.from_pandas(pd.concat(frames, ignore_index=True), preserve_index=False)
        meta = {"game": self.game, "variants": self.variants, "settings": self.settings}
        table = table.replace_schema_metadata(
            {**(table.schema.metadata or {}), b"cardlab.lab": json.dumps(meta, default=repr)}
        )
        pq.write_table(table, path, compression="zstd")


def hand_lengths(frame: pd.DataFrame | None) -> pd.DataFrame:
    """The per-hand lengths held in outcome rows, one row per hand."""
    from ..core.optional import pandas as pd

    columns = ["variant", "deal", "rotation", "hand", "actions", "decisions"]
    if frame is None or frame.empty:
        return pd.DataFrame(columns=columns)
    out = []
    cols = ["variant", "deal", "rotation", "hand_actions", "hand_decisions"]
    for variant, deal, rotation, acts, decs in frame[cols].itertuples(index=False, name=None):
        for h, (a, d) in enumerate(zip(acts, decs, strict=True)):
            out.append((variant, deal, rotation, h, int(a), int(d)))
    return pd.DataFrame(out, columns=columns)


def _summarise(
    game: str,
    variants: Mapping[str, Mapping[str, Any]],
    rows: Mapping[str, pd.DataFrame],
    settings: dict[str, Any],
    keep: set[str] | None = None,
) -> Comparison:
    from ..core.optional import pandas as pd

    profiles, diffs = [], []
    for family, frame in rows.items():
        per = {v: frame[frame["variant"] == v] for v in variants}
        p, d = summarise(
            per,
            family,
            replicates=settings.get("replicates", 1_000),
            seed=settings.get("seed", 0),
            ladder=settings.get("ladder") if family == "skill" else None,
        )
        profiles.append(p)
        diffs.append(d)
    profile = pd.concat(profiles, ignore_index=True) if profiles else pd.DataFrame()
    difference = pd.concat(diffs, ignore_index=True) if diffs else pd.DataFrame()
    if keep is not None:
        profile = profile[profile["metric"].isin(keep) | profile["family"].isin(keep)]
        difference = difference[difference["metric"].isin(keep) | difference["family"].isin(keep)]
    return Comparison(
        game,
        {k: dict(v) for k, v in variants.items()},
        dict(rows),
        profile.reset_index(drop=True),
        difference.reset_index(drop=True),
        settings,
    )


def read(path: Any) -> Comparison:
    """A :class:`Comparison` from a Parquet file written by :meth:`Comparison.to_parquet`
    (or ``cardlab lab --out``): the metrics are computed again from its rows."""
    import pyarrow.parquet as pq

    from ..core.optional import pyarrow

    del pyarrow  # imported above only to name what to install when it is missing
    table = pq.read_table(path)
    meta = json.loads((table.schema.metadata or {}).get(b"cardlab.lab", b"{}"))
    if "game" not in meta:
        raise CardlabError(f"{path} was not written by the variant lab")
    frame = table.to_pandas()
    rows = {}
    for family in FAMILIES:
        part = frame[frame["family"] == family]
        if not part.empty:
            rows[family] = part.dropna(axis=1, how="all").drop(columns="family")
    return _summarise(meta["game"], meta["variants"], rows, meta.get("settings", {}))


# ------------------------------------------------------------------ compare
def compare(
    game: str,
    variants: Mapping[str, Mapping[str, Any]] | Sequence[str] | None = None,
    metrics: str | Sequence[str] = ("outcome",),
    games: int = 200,
    seed: int | str = 0,
    *,
    agents: str | Sequence[str] | None = None,
    ladder: Sequence[str] = DEFAULT_LADDER,
    judge: int = DEFAULT_JUDGE,
    rotate: bool = True,
    batch: int | None = None,
    executor: str = "processes",
    workers: int = 0,
    client: Any = None,
    cache: str | None = None,
    progress: bool | None = None,
    replicates: int = 1_000,
) -> Comparison:
    """Measure a game's variants side by side on the same seeded deals.

    Parameters
    ----------
    game : str
        A game's name.
    variants : dict or list of str, optional
        ``{name: {option: value}}`` (``"players"`` sets the player count), or texts
        ``"name:option=value,..."``; by default the defaults and the variants the game
        declares (``GameSpec.variants``). The first is the baseline of the differences.
    metrics : str or list of str
        Families (``"outcome"``, ``"skill"``, ``"tension"``) or single metrics.
    games : int
        Games per variant (outcome, tension) or per pairing of the ladder (skill); a deal
        is played once per rotation or arrangement, so it is rounded up to whole deals.
    seed : int or str
        Deal ``d`` is seeded ``f"{seed}/{d}"`` in every variant and family.
    agents : str or list of str, optional
        Who plays every seat in the outcome and tension families (default: the game's
        heuristic bot, else random): a bot name, ``"search:N"``, or one per seat.
    ladder : list of str
        The players of the skill family, weakest first by intention.
    judge : int
        The search bot's iterations per judged decision (tension).
    rotate : bool
        Play each outcome deal once per first dealer (in games with a dealer).
    batch : int, optional
        Deals per batch (default by family: 25 outcome, 2 skill and tension).
    executor : str
        ``"processes"`` (default), ``"inprocess"`` or ``"dask"``.
    workers : int
        Processes, or workers of a new ``LocalCluster`` (0: one per CPU).
    client : dask.distributed.Client, optional
        A Dask client to run on (with ``executor="dask"``).
    cache : str, optional
        A folder keeping finished batches as Parquet, so a rerun resumes.
    progress : bool, optional
        Show a progress bar (default: when more than 50 deals are played).
    replicates : int
        Bootstrap replicates for the intervals.

    Returns
    -------
    Comparison
        Per-game rows, the tidy profile and the paired differences, with charts.
    """
    from ..core.optional import numpy, pandas

    del numpy, pandas  # needed for the results: say so before anything is played
    spec = get_spec(game) if isinstance(game, str) else None
    if spec is None:
        raise CardlabError(f"game is a game's name, not {quote(game)}")
    if type(games) is not int or games < 1:
        raise CardlabError(f"games must be a whole number ≥ 1, not {quote(games)}")
    if type(replicates) is not int or not 10 <= replicates <= 100_000:
        raise CardlabError(
            f"replicates must be a whole number from 10 to 100,000, not {quote(replicates)}"
        )
    if type(judge) is not int or not 1 <= judge <= 100_000:
        raise CardlabError(
            f"judge must be a number of search iterations from 1 to 100,000, not {quote(judge)}"
        )
    if batch is not None and (type(batch) is not int or batch < 1):
        raise CardlabError(f"batch must be a whole number of deals ≥ 1, not {quote(batch)}")
    if type(workers) is not int or workers < 0:
        raise CardlabError(
            f"workers must be a whole number ≥ 0 (0: one per CPU), not {quote(workers)}"
        )
    from ..core.chance import check_seed

    seed = check_seed(seed)
    games_by_variant = _variants(spec.name, variants)
    families, keep = _families(metrics)
    first = next(iter(games_by_variant.values()))
    default = "heuristic" if "heuristic" in spec.bots else "random"
    agents = default if agents is None else agents
    for g in games_by_variant.values():
        seats = [agents] if isinstance(agents, str) else list(agents)
        if not isinstance(agents, str) and len(seats) != g.players:
            raise CardlabError(f"agents: give one player per seat ({g.players}), not {len(seats)}")
        for a in seats:
            check_player(g, a)
    ladder = [p for p in ladder if p != "heuristic" or "heuristic" in spec.bots]
    for p in ladder:
        check_player(first, p)
    if "skill" in families and len(ladder) < 2:
        raise CardlabError("the skill family needs a ladder of two players or more")
    agents_param = agents if isinstance(agents, str) else tuple(agents)
    params: dict[str, dict[str, Any]] = {
        "outcome": {"agents": agents_param, "rotate": rotate},
        "skill": {"ladder": tuple(ladder)},
        "tension": {"agents": agents_param, "judge": judge},
    }
    tasks: list[Task] = []
    for family in families:
        tasks += plan(games_by_variant, family, games, seed, params[family], batch)
    if progress is None:
        progress = sum(_games_in(t) for t in tasks) > 50
    from .runner import execute

    frames = execute(
        tasks, executor=executor, workers=workers, client=client, cache=cache, progress=progress
    )
    from ..core.optional import pandas as pd

    rows: dict[str, pd.DataFrame] = {}
    for family in families:
        parts = [f for t, f in zip(tasks, frames, strict=True) if t.family == family]
        rows[family] = pd.concat(parts, ignore_index=True)
    variant_options = {
        name: {
            **g.options.changed(),
            **({"players": g.players} if g.players != spec.default_players else {}),
        }
        for name, g in games_by_variant.items()
    }
    settings = {
        "seed": seed,
        "games": games,
        "agents": agents_param,
        "ladder": list(ladder),
        "judge": judge,
        "rotate": rotate,
        "replicates": replicates,
        "families": families,
    }
    return _summarise(spec.name, variant_options, rows, settings, keep)


# ------------------------------------------------------------------ shipped results
def _data(name: str) -> Any:
    return files("cardlab") / "data" / "lab" / f"{name}.parquet"


def measured_path(game: str) -> Any:
    """Where the shipped results of ``game`` live (``cardlab/data/lab/<game>.parquet``)."""
    return _data(get_spec(game).name)


def _read_shipped(path: Any) -> Comparison | None:
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return read(fh)


def measured(game: str) -> Comparison | None:
    """The large sweep shipped with the package for ``game``: its defaults against each
    variant it declares, in the outcome family (written by ``benchmarks/lab.py
    variants``), or None when there is none."""
    return _read_shipped(measured_path(game))


def shipped(name: str) -> Comparison:
    """A named sweep shipped with the package for the notebooks (``bouncers-skill``,
    ``golf-skill``, ``foresight-tension``: ``benchmarks/lab.py questions``)."""
    found = _read_shipped(_data(name)) if name.replace("-", "").replace("_", "").isalnum() else None
    if found is None:
        raise CardlabError(f"no shipped lab results named {quote(name)}")
    return found


def markdown(result: Comparison, family: str | None = None) -> str:
    """A comparison's profile as a markdown table (a row per metric, a column per
    variant, each cell ``value [low, high]``), for docs pages."""
    table = result.table(family)
    if table.empty:
        return ""
    head = ["metric", *map(str, table.columns)]
    out = ["| " + " | ".join(head) + " |", "| --- |" + " --- |" * len(table.columns)]
    for label, row in zip(table.index, table.to_numpy(), strict=True):
        out.append("| " + " | ".join([str(label), *map(str, row)]) + " |")
    return "\n".join(out) + "\n"


#: The columns of :func:`variants_table`: metric and heading.
SUMMARY = (
    ("balance", "balance"),
    ("win_share_0", "position 0 wins"),
    ("shared_rate", "shared wins"),
    ("no_winner_rate", "no winner"),
    ("hands", "hands per game"),
    ("decisions", "decisions per game"),
)


def variants_table(link: str = "") -> str:
    """The "variants measured" table: for every game with shipped results, each variant
    against the defaults on the same deals (markdown; a difference whose interval
    excludes 0 is bold).  ``link`` formats a game's page, e.g. ``"games/{name}.md"``."""
    from ..games import GAMES

    head = ["game", "variant", "games", *(h for _, h in SUMMARY)]
    out = ["| " + " | ".join(head) + " |", "| --- | --- |" + " ---: |" * (len(head) - 2)]
    for spec in GAMES:
        result = measured(spec.name)
        if result is None:
            continue
        title = f"[{spec.title}]({link.format(name=spec.name)})" if link else spec.title
        prof = {(r["variant"], r["metric"]): r for r in result.profile.to_dict("records")}
        diff = {(r["variant"], r["metric"]): r for r in result.differences.to_dict("records")}
        for variant in result.variants:
            cells = [title, variant]
            games = prof.get((variant, "hands"), {}).get("games", 0)
            cells.append(f"{int(games):,}")
            for name, _ in SUMMARY:
                if (variant, name) not in prof:
                    cells.append("–")
                    continue
                text = _short(float(prof[variant, name]["value"]), name)
                d = diff.get((variant, name))
                if d is not None and (d["low"] > 0 or d["high"] < 0):
                    text = f"**{text}**"
                cells.append(text)
            out.append("| " + " | ".join(cells) + " |")
            title = ""
    return "\n".join(out) + "\n"


def _short(value: float, name: str) -> str:
    if math.isnan(value):
        return "–"
    return f"{value:.1%}" if metric(name).unit == "share" else f"{value:,.1f}"


__all__ = [
    "BATCH",
    "DEFAULT_JUDGE",
    "DEFAULT_LADDER",
    "FAMILIES",
    "METRICS",
    "Comparison",
    "Metric",
    "arrangement",
    "compare",
    "declared_variants",
    "hand_lengths",
    "markdown",
    "measured",
    "metric",
    "parse_variant",
    "plan",
    "read",
    "shipped",
    "variants_table",
]
