"""How much a Foresight deck's backs tell: candidates, entropy and leaks.

A hidden card is uncertain; its *entropy* in bits is ``log2`` of the number of cards it
could equally well be.  With plain backs a hidden card could be any card the viewer has
not seen; with Foresight backs the printed suits narrow that down.  The difference is the
information the back *leaks*.

Two knowledge models (see RULINGS.md, "The Foresight deck"):

* ``"table"``: the viewer knows the deck's exact back table: a back's candidates are the
  unseen cards with exactly that back.
* ``"suits"``: the viewer only reads the printed suits and counts them: candidates are the
  unseen cards of a printed suit in the rank class the count gives.
* ``"plain"``: (for comparison) the viewer ignores backs, as with a plain deck: every unseen
  card is a candidate.

Every function takes the back table as a ``Deck`` (the deck a
game was loaded with, e.g. ``game.deck``) or a
``BackTable`` (e.g. one read with
``load_backs``); by default the bundled Foresight table.
A deck also says which cards are in play (with a Deck ``"foresight+joker"`` the Joker is a
candidate too); a BackTable stands for the 52 cards.

The state functions read only one seat's ``Observation``
(and the public back table), never hidden faces.  Over a hand a ``Viewpoint``
remembers what that seat saw: faces that left play, and faces it saw go into a hidden
place (a card it passed, a discard an opponent picked up).

Hand entropy
------------
For each seat's hidden holding (hand, hole cards, …) the measure is ``log2`` of the
number of different holdings consistent with what the viewer saw:

* model ``"table"``: the backs split the unknown cards into groups with the same back;
  the holding takes ``k`` cards of a group of ``n``, so the count is the product of
  ``C(n, k)`` over backs.  Under a uniformly random deal every consistent holding is
  equally likely, so this is the exact entropy of the holding given the backs and the
  faces seen.  It ignores what play reveals beyond faces (a seat that did not follow
  suit is void in it) and strategy.
* model ``"suits"``: holdings whose cards can be matched one to one with the holding's
  backs by suit and rank class, counting that holding's own backs only.
* model ``"plain"``: ``C(n, k)`` with ``n`` every unknown card.

Cards under the top of a face-down stack show no back (``"hidden"``); they count as
hidden cards whose back is unknown.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.cards import HIDDEN_BACK, STANDARD, Card, Deck, design_suits, parse_card
from ..core.foresight import (
    DEFAULT_BACKS,
    RANK_CLASSES,
    SUITS_BY_RANK,
    BackTable,
    design_of,
    suit_count,
)
from ..core.match import Agents, Match
from ..core.observation import Back, Observation
from ..core.registry import load
from ..core.state import Game, State
from ..games import GAMES

if TYPE_CHECKING:
    import pandas as pd

MODELS = ("table", "suits", "plain")
SUIT_COUNTS = tuple(SUITS_BY_RANK.get(r, 4) for r in range(14))
BacksLike = Deck | BackTable | None
CardsLike = Iterable[Card | str] | str


# ------------------------------------------------------------------ back tables
@dataclass(frozen=True)
class _Table:
    """The cards in play and each one's printed-suit mask (0 = a plain back)."""

    cards: tuple[Card, ...]
    masks: Mapping[Card, int]


# Tables already built, by the id of their source (kept alive here so the id stays valid).
_CACHE: dict[int, tuple[Deck | BackTable, _Table]] = {}


def _table(backs: BacksLike = None) -> _Table:
    if backs is None:
        backs = DEFAULT_BACKS
    hit = _CACHE.get(id(backs))
    if hit is not None and hit[0] is backs:
        return hit[1]
    if isinstance(backs, Deck):
        table = _Table(backs.cards, {c: backs.back_suits(c) for c in backs.cards})
    elif isinstance(backs, BackTable):
        table = _Table(STANDARD, {c: backs[c] for c in STANDARD})
    else:
        raise TypeError(f"backs must be a Deck or a BackTable, not {type(backs).__name__}")
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(backs)] = (backs, table)
    return table


def _mask(back: str | Back | int) -> int:
    if isinstance(back, int):
        return back
    design = back.design if isinstance(back, Back) else back
    return design_suits(design)


def _cards(cards: CardsLike) -> set[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return {c if isinstance(c, Card) else parse_card(c) for c in cards}


def _fits(card: Card, mask: int, model: str, table: _Table) -> bool:
    if mask == 0 or model == "plain":
        return True
    if model == "table":
        return table.masks[card] == mask
    count = mask.bit_count()
    if suit_count(card) != count:
        return False
    return card.is_joker or bool(mask >> card.suit & 1)


def _check_model(model: str) -> None:
    if model not in MODELS:
        raise ValueError(f"model must be one of {', '.join(MODELS)}, not {model!r}")


# ------------------------------------------------------------------ one back
def candidates(
    back: str | Back,
    *,
    model: str = "table",
    backs: BacksLike = None,
    seen: CardsLike = (),
) -> tuple[Card, ...]:
    """The cards a hidden card with this back could be.

    Parameters
    ----------
    back : str or Back
        The back's design, e.g. ``"♥♠"`` (suit symbols in any order), or a
        ``Back`` from an observation.  A plain or
        ``"hidden"`` back fits every card.
    model : {"table", "suits", "plain"}
        What the viewer knows (see the module docstring).
    backs : Deck or BackTable, optional
        The back table; the bundled Foresight table by default.
    seen : iterable of cards or str, optional
        Cards whose faces the viewer has seen elsewhere (they are not candidates).

    Returns
    -------
    tuple of Card
        The candidates, in card order.

    Examples
    --------
    >>> [c.text for c in candidates("♥♠")]
    ['4♥', '7♥', '4♠', '7♠']
    >>> len(candidates("♥♠", model="suits"))
    12
    """
    _check_model(model)
    table = _table(backs)
    mask = _mask(back)
    gone = _cards(seen)
    return tuple(c for c in table.cards if c not in gone and _fits(c, mask, model, table))


def entropy(
    back: str | Back,
    *,
    model: str = "table",
    backs: BacksLike = None,
    seen: CardsLike = (),
) -> float:
    """Shannon entropy in bits of a hidden card's identity given its back.

    Every candidate (see ``candidates``) is taken as equally likely, so the
    entropy is ``log2`` of their number.

    Parameters
    ----------
    back
        As for ``candidates``.
    model
        As for ``candidates``.
    backs
        As for ``candidates``.
    seen
        As for ``candidates``.

    Returns
    -------
    float
        Bits; 0 when the back names one card.

    Raises
    ------
    ValueError
        When no unseen card has this back.

    Examples
    --------
    >>> entropy("♥♠")
    2.0
    >>> round(entropy("♥♠", model="plain"), 3)
    5.7
    """
    n = len(candidates(back, model=model, backs=backs, seen=seen))
    if n == 0:
        raise ValueError(f"no unseen card has the back {back!s}")
    return math.log2(n)


def back_table(backs: BacksLike = None, seen: CardsLike = ()) -> pd.DataFrame:
    """Every back design of a table with its candidates and entropy under each model.

    Parameters
    ----------
    backs : Deck or BackTable, optional
        The back table; the bundled Foresight table by default.
    seen : iterable of cards or str, optional
        Cards already seen (removed from every candidate list).

    Returns
    -------
    pandas.DataFrame
        One row per design: ``design``, ``suits`` (the rank class), ``ranks`` (its
        label), ``cards`` (how many cards of the deck carry this back), ``candidates``
        (the unseen ones, as text), ``n_table``, ``n_suits``, ``n_plain`` and
        ``bits_table``, ``bits_suits``, ``bits_plain``, ``leak_table`` and
        ``leak_suits`` (plain bits minus model bits).
    """
    from ..core.optional import pandas as pd

    table = _table(backs)
    gone = _cards(seen)
    unseen = [c for c in table.cards if c not in gone]
    designs: dict[int, list[Card]] = {}
    for c in table.cards:
        designs.setdefault(table.masks[c], []).append(c)
    rows = []
    for mask in sorted(designs, key=lambda m: (-m.bit_count(), m)):
        row: dict[str, Any] = {
            "design": _design_text(mask),
            "suits": mask.bit_count(),
            "ranks": RANK_CLASSES.get(mask.bit_count(), "any"),
            "cards": len(designs[mask]),
        }
        cands = {m: [c for c in unseen if _fits(c, mask, m, table)] for m in MODELS}
        row["candidates"] = " ".join(c.text for c in cands["table"])
        for m in MODELS:
            row[f"n_{m}"] = len(cands[m])
        for m in MODELS:
            row[f"bits_{m}"] = _log2(len(cands[m]))
        row["leak_table"] = row["bits_plain"] - row["bits_table"]
        row["leak_suits"] = row["bits_plain"] - row["bits_suits"]
        rows.append(row)
    return pd.DataFrame(rows)


def by_rank_class(backs: BacksLike = None, seen: CardsLike = ()) -> pd.DataFrame:
    """Average entropy of a hidden card, and the bits its back leaks, by rank class.

    Each unseen card counts once, with the entropy of its own back, so the figures
    are what a viewer expects to know about a random hidden card of that class.

    Parameters
    ----------
    backs
        As for ``back_table``.
    seen
        As for ``back_table``.

    Returns
    -------
    pandas.DataFrame
        One row per rank class (``suits`` = 4, 3, 2, 1) with ``ranks``, ``cards``,
        ``bits_table``, ``bits_suits``, ``bits_plain``, ``leak_table``, ``leak_suits``.
    """
    from ..core.optional import pandas as pd

    table = _table(backs)
    gone = _cards(seen)
    unseen = [c for c in table.cards if c not in gone]
    rows = []
    for count in (4, 3, 2, 1):
        cls = [c for c in unseen if suit_count(c) == count]
        if not cls:
            continue
        row: dict[str, Any] = {"suits": count, "ranks": RANK_CLASSES[count], "cards": len(cls)}
        for m in MODELS:
            bits = [
                _log2(sum(1 for o in unseen if _fits(o, table.masks[c], m, table))) for c in cls
            ]
            row[f"bits_{m}"] = sum(bits) / len(bits)
        row["leak_table"] = row["bits_plain"] - row["bits_table"]
        row["leak_suits"] = row["bits_plain"] - row["bits_suits"]
        rows.append(row)
    return pd.DataFrame(rows)


def _design_text(mask: int) -> str:
    return design_of(mask) if mask else "plain"


def _log2(n: int) -> float:
    return math.log2(n) if n > 0 else 0.0


def _log2_comb(n: int, k: int) -> float:
    if k < 0 or k > n:
        return 0.0
    return math.log2(math.comb(n, k))


# ------------------------------------------------------------------ viewpoints
@dataclass
class Viewpoint:
    """What one seat has seen so far in a hand, built from its observations only.

    Feed it every observation of the seat in order with ``update`` (the functions
    here do).  It remembers

    * ``gone``: faces seen that are no longer on view and went out of play (a trick
      gathered in);
    * ``located``: faces seen going into a hidden place, with that place's zone name
      and owner (a discard an opponent picked up).  Only a step that changes one hidden
      place locates a card; when several hidden places change at once (cards passed
      all round the table), or a known card moves on unseen, the viewer cannot be sure
      where it went and it counts as unseen again.  This keeps every count consistent
      at the price of forgetting a little.

    Memory starts afresh with each hand.

    Parameters
    ----------
    seat : int
        The viewer.
    backs : Deck or BackTable, optional
        The back table (the bundled Foresight table by default).
    """

    seat: int
    backs: BacksLike = None
    hand: int = -1
    gone: set[Card] = field(default_factory=set)
    located: dict[Card, tuple[str, int | None]] = field(default_factory=dict)
    _faces: set[Card] = field(default_factory=set)
    _backs: Counter[tuple[str, int | None, int]] = field(default_factory=Counter)

    def update(self, obs: Observation) -> None:
        """Take in the seat's next observation."""
        if obs.seat != self.seat:
            raise ValueError(f"this viewpoint is seat {self.seat}'s, not {obs.viewer!r}'s")
        masks = _table(self.backs).masks
        if obs.hand != self.hand:
            self.hand = obs.hand
            self.gone.clear()
            self.located.clear()
            self._faces = set()
            self._backs = Counter()
        faces = _visible(obs)
        backs: Counter[tuple[str, int | None, int]] = Counter()
        for z in obs.zones:
            for e in z.cards:
                if isinstance(e, Back) and e.design != HIDDEN_BACK:
                    backs[z.name, z.owner, design_suits(e.design)] += 1
        for c in [c for c in self.located if c in faces]:
            del self.located[c]
        # A located card whose place no longer holds enough backs of its design moved on
        # unseen: it counts as unseen again.
        held: Counter[tuple[str, int | None, int]] = Counter()
        for c, (name, owner) in list(self.located.items()):
            key = (name, owner, masks.get(c, 0))
            held[key] += 1
            if held[key] > backs[key]:
                del self.located[c]
        vanished: dict[int, list[Card]] = {}
        for c in self._faces - faces:
            vanished.setdefault(masks.get(c, 0), []).append(c)
        if not vanished:
            self._faces, self._backs = faces, backs
            return
        before: Counter[int] = Counter()
        now: Counter[int] = Counter()
        for (_, _, m), n in self._backs.items():
            before[m] += n
        for (_, _, m), n in backs.items():
            now[m] += n
        appeared = Counter(masks.get(c, 0) for c in faces - self._faces)
        changed = {
            (k[0], k[1]) for k in set(backs) | set(self._backs) if backs[k] != self._backs[k]
        }
        for m, cards in vanished.items():
            entered = now[m] - before[m] + appeared[m]
            if entered <= 0:
                self.gone.update(cards)
                continue
            if entered >= len(cards) and len(changed) == 1:
                place = next(iter(changed))
                if backs[(*place, m)] - self._backs[(*place, m)] >= len(cards):
                    for c in cards:
                        self.located[c] = place
                    continue
            # Where these cards went is not certain: they count as unseen again.
        self._faces = faces
        self._backs = backs


def _visible(obs: Observation) -> set[Card]:
    if obs.viewer == "teacher":
        raise ValueError("use a seat's observation, not the teacher's")
    return {e for z in obs.zones for e in z.cards if isinstance(e, Card)}


# ------------------------------------------------------------------ a state's hidden cards
@dataclass(frozen=True)
class _Slot:
    zone: str
    owner: int | None
    position: int
    design: str
    mask: int
    known: bool  # the viewer saw this card go here


def _slots(
    obs: Observation, located: Mapping[Card, tuple[str, int | None]], table: _Table
) -> list[_Slot]:
    """Hidden entries of ``obs``, with located cards marking slots of their design."""
    to_place = Counter((name, owner, table.masks.get(c, 0)) for c, (name, owner) in located.items())
    slots = []
    for z in obs.zones:
        for i, e in enumerate(z.cards):
            if not isinstance(e, Back):
                continue
            mask = -1 if e.design == HIDDEN_BACK else design_suits(e.design)
            key = (z.name, z.owner, mask)
            known = to_place[key] > 0
            if known:
                to_place[key] -= 1
            slots.append(_Slot(z.name, z.owner, i, e.design, mask, known))
    return slots


@dataclass
class _Analysis:
    slots: list[_Slot]
    bits: dict[str, list[float]]
    cands: dict[str, list[int]]
    holdings: dict[int | None, dict[str, float]]


def _analyse(
    obs: Observation,
    table: _Table,
    gone: set[Card],
    located: Mapping[Card, tuple[str, int | None]],
) -> _Analysis:
    faces = _visible(obs)
    unknown = [c for c in table.cards if c not in faces and c not in gone and c not in located]
    slots = _slots(obs, located, table)
    open_slots = [s for s in slots if not s.known]
    n_unknown = len(unknown)
    # model "table": unknown cards grouped by exact back
    by_mask: Counter[int] = Counter(table.masks[c] for c in unknown)
    need: Counter[int] = Counter(s.mask for s in open_slots if s.mask >= 0)
    n_hidden_design = sum(1 for s in open_slots if s.mask < 0)
    # an unknown-design slot: which back it has is itself uncertain
    stack_bits = _log2(n_unknown)
    if n_hidden_design and all(b > 0 for b in by_mask):
        spare = {b: by_mask[b] - need[b] for b in by_mask if by_mask[b] > need[b]}
        total = sum(spare.values())
        if total:
            stack_bits = 0.0
            for b, v in spare.items():
                p = v / total
                stack_bits += p * (math.log2(by_mask[b]) - math.log2(p))
    suit_pool: dict[int, int] = {}
    counts = _class_counts(unknown)
    bits: dict[str, list[float]] = {m: [] for m in MODELS}
    cands: dict[str, list[int]] = {m: [] for m in MODELS}
    for s in slots:
        if s.known:
            for m in MODELS:
                bits[m].append(0.0)
                cands[m].append(1)
            continue
        if s.mask < 0:
            bits["table"].append(stack_bits)
            cands["table"].append(n_unknown)
            for m in ("suits", "plain"):
                bits[m].append(_log2(n_unknown))
                cands[m].append(n_unknown)
            continue
        n_t = by_mask[s.mask] if s.mask else n_unknown
        if s.mask not in suit_pool:
            if s.mask:
                row = counts[s.mask.bit_count()]
                suit_pool[s.mask] = sum(row[q] for q in range(4) if s.mask >> q & 1)
                if s.mask == 0b1111:
                    suit_pool[s.mask] += row[4]
            else:
                suit_pool[s.mask] = n_unknown
        for m, n in (("table", n_t), ("suits", suit_pool[s.mask]), ("plain", n_unknown)):
            bits[m].append(_log2(n))
            cands[m].append(n)
    holdings: dict[int | None, dict[str, float]] = {}
    owners: dict[int | None, list[_Slot]] = {}
    for s in open_slots:
        owners.setdefault(s.owner, []).append(s)
    for s in slots:
        owners.setdefault(s.owner, [])
    for owner, group in owners.items():
        k = Counter(s.mask for s in group)
        t = 0.0
        for b, kk in k.items():
            if b > 0:
                t += _log2_comb(by_mask[b], kk)
        rest = k.get(0, 0) + k.get(-1, 0)
        t += _log2_comb(n_unknown - sum(kk for b, kk in k.items() if b > 0), rest)
        holdings[owner] = {
            "table": t,
            "suits": _suits_holding(group, counts, n_unknown),
            "plain": _log2_comb(n_unknown, len(group)),
            "cards": float(sum(1 for s in slots if s.owner == owner)),
        }
    return _Analysis(slots, bits, cands, holdings)


def _class_counts(unknown: Sequence[Card]) -> dict[int, list[int]]:
    """Unknown cards by rank class: counts per suit 0..3, then Jokers (index 4)."""
    out: dict[int, list[int]] = {c: [0, 0, 0, 0, 0] for c in (1, 2, 3, 4)}
    for c in unknown:
        if c.is_joker:
            out[4][4] += 1
        else:
            out[SUIT_COUNTS[c.rank]][c.suit] += 1
    return out


def _suits_holding(group: Sequence[_Slot], counts: Mapping[int, list[int]], n: int) -> float:
    """log2 of the holdings a suit reader finds consistent with one holding's backs."""
    plain = [s for s in group if s.mask <= 0]
    total = 0.0
    classes: dict[int, list[int]] = {}
    for s in group:
        if s.mask > 0:
            classes.setdefault(s.mask.bit_count(), []).append(s.mask)
    used = 0
    for count, masks in classes.items():
        used += len(masks)
        total += math.log2(max(1, _matchable(masks, counts[count])))
    if plain:
        total += _log2_comb(n - used, len(plain))
    return total


def _matchable(masks: Sequence[int], per_suit: Sequence[int]) -> int:
    """How many sets of cards (``per_suit`` counts, Jokers last) can fill slots ``masks``."""
    if all(m == 0b1111 for m in masks):
        return math.comb(sum(per_suit), len(masks))
    return _count_fillings(tuple(sorted(masks)), tuple(per_suit[:4]))


_SUBSETS = tuple((t, tuple(s for s in range(4) if t >> s & 1)) for t in range(1, 16))


@lru_cache(maxsize=4096)
def _count_fillings(masks: tuple[int, ...], per_suit: tuple[int, ...]) -> int:
    k = len(masks)
    limits = [(suits, sum(1 for m in masks if m & t)) for t, suits in _SUBSETS]
    count = 0
    p0, p1, p2, p3 = per_suit
    for c0 in range(min(p0, k) + 1):
        for c1 in range(min(p1, k - c0) + 1):
            for c2 in range(min(p2, k - c0 - c1) + 1):
                c3 = k - c0 - c1 - c2
                if c3 > p3:
                    continue
                cs = (c0, c1, c2, c3)
                if all(sum(cs[s] for s in suits) <= lim for suits, lim in limits):
                    count += (
                        math.comb(p0, c0)
                        * math.comb(p1, c1)
                        * math.comb(p2, c2)
                        * math.comb(p3, c3)
                    )
    return count


# ------------------------------------------------------------------ public state views
def _source(
    source: State | Observation,
    seat: int | None,
    backs: BacksLike,
    viewpoint: Viewpoint | None,
) -> tuple[Observation, _Table]:
    if isinstance(source, State):
        if seat is None:
            if viewpoint is None:
                raise ValueError("say whose view: pass seat=...")
            seat = viewpoint.seat
        obs = source.observation(seat)
        deck = source.game.deck
        table = _table(deck if backs is None else backs)
    elif isinstance(source, Observation):
        obs = source
        if obs.seat is None:
            raise ValueError("analyse a seat's observation (not a spectator's or teacher's)")
        table = _table(backs)
    else:
        raise TypeError(f"expected a State or an Observation, not {type(source).__name__}")
    if viewpoint is not None and viewpoint.seat != obs.seat:
        raise ValueError(f"the viewpoint is seat {viewpoint.seat}'s, not seat {obs.seat}'s")
    return obs, table


def _memory(viewpoint: Viewpoint | None, seen: CardsLike) -> tuple[set[Card], dict[Any, Any]]:
    gone = _cards(seen)
    located: dict[Card, tuple[str, int | None]] = {}
    if viewpoint is not None:
        gone |= viewpoint.gone
        located = {c: z for c, z in viewpoint.located.items() if c not in gone}
    return gone, located


def hidden_cards(
    source: State | Observation,
    seat: int | None = None,
    *,
    backs: BacksLike = None,
    viewpoint: Viewpoint | None = None,
    seen: CardsLike = (),
) -> pd.DataFrame:
    """The entropy of every card hidden from one seat, under each knowledge model.

    Parameters
    ----------
    source : State or Observation
        A state (seen through ``seat``'s observation, with the game's deck as the back
        table) or a seat's observation.
    seat : int, optional
        The viewer, when ``source`` is a state.
    backs : Deck or BackTable, optional
        The back table.  Defaults to the game's deck for a state and to the bundled
        Foresight deck (52 cards) for an observation.
    viewpoint : Viewpoint, optional
        The seat's memory of earlier steps (cards gone out of play, cards it saw go
        into hidden places).
    seen : iterable of cards or str, optional
        More cards to treat as seen and out of play.

    Returns
    -------
    pandas.DataFrame
        One row per hidden card: ``zone``, ``owner``, ``position``, ``design``,
        ``suits`` (the rank class; 0 for a plain or unseen back), ``known`` (the viewer
        saw this card go here), ``n_table``, ``n_suits``, ``n_plain`` (candidates) and
        ``bits_table``, ``bits_suits``, ``bits_plain``.
    """
    from ..core.optional import pandas as pd

    obs, table = _source(source, seat, backs, viewpoint)
    gone, located = _memory(viewpoint, seen)
    a = _analyse(obs, table, gone, located)
    rows = []
    for i, s in enumerate(a.slots):
        row: dict[str, Any] = {
            "zone": s.zone,
            "owner": s.owner,
            "position": s.position,
            "design": s.design,
            "suits": max(0, s.mask).bit_count(),
            "known": s.known,
        }
        for m in MODELS:
            row[f"n_{m}"] = a.cands[m][i]
        for m in MODELS:
            row[f"bits_{m}"] = a.bits[m][i]
        rows.append(row)
    cols = ["zone", "owner", "position", "design", "suits", "known"]
    cols += [f"n_{m}" for m in MODELS] + [f"bits_{m}" for m in MODELS]
    return pd.DataFrame(rows, columns=cols)


def holdings(
    source: State | Observation,
    seat: int | None = None,
    *,
    backs: BacksLike = None,
    viewpoint: Viewpoint | None = None,
    seen: CardsLike = (),
) -> pd.DataFrame:
    """The entropy of each seat's hidden holding as one seat sees it.

    A holding is every hidden card a seat owns (hand, hole cards, …); cards owned by
    nobody (a stock, cards out of play) form the ``owner`` ``None`` row.  The measure
    is ``log2`` of the number of holdings consistent with what the viewer saw (see the
    module docstring; exact under model ``"table"``).

    Parameters
    ----------
    source
        As for ``hidden_cards``.
    seat
        As for ``hidden_cards``.
    backs
        As for ``hidden_cards``.
    viewpoint
        As for ``hidden_cards``.
    seen
        As for ``hidden_cards``.

    Returns
    -------
    pandas.DataFrame
        One row per owner with hidden cards: ``owner``, ``cards``, ``bits_table``,
        ``bits_suits``, ``bits_plain``, ``leak_table``, ``leak_suits``.
    """
    from ..core.optional import pandas as pd

    obs, table = _source(source, seat, backs, viewpoint)
    gone, located = _memory(viewpoint, seen)
    a = _analyse(obs, table, gone, located)
    rows = []
    for owner, h in a.holdings.items():
        row: dict[str, Any] = {"owner": owner, "cards": int(h["cards"])}
        for m in MODELS:
            row[f"bits_{m}"] = h[m]
        row["leak_table"] = h["plain"] - h["table"]
        row["leak_suits"] = h["plain"] - h["suits"]
        rows.append(row)
    cols = ["owner", "cards", *(f"bits_{m}" for m in MODELS), "leak_table", "leak_suits"]
    return pd.DataFrame(rows, columns=cols)


# ------------------------------------------------------------------ over a hand
def _trick(obs: Observation, step: int) -> int:
    for key in ("trick_number", "trick"):
        v = obs.info.get(key)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return step


def _play_hand(
    game: str | Game,
    seed: int | str,
    agents: Agents,
    seats: Sequence[int] | None,
    options: Mapping[str, Any],
    players: int | None,
    max_steps: int = 5000,
) -> Iterable[tuple[int, Match, int, Observation, _Analysis]]:
    """Play the first hand of a seeded match, analysing every step from each seat."""
    m = Match(game, seed=seed, agents=agents, players=players, **options)
    table = _table(m.game.deck)
    n = m.game.players
    who = list(range(n)) if seats is None else list(seats)
    views = {s: Viewpoint(s, m.game.deck) for s in who}
    first = m.state.hand_number
    for step in range(max_steps):
        st = m.state
        if st.terminal or st.hand_number != first:
            return
        if not st.chance:
            for s in who:
                obs = st.observation(s)
                vp = views[s]
                vp.update(obs)
                yield step, m, s, obs, _analyse(obs, table, vp.gone, vp.located)
        if m.step() is None and not m.state.terminal:
            raise RuntimeError("every seat needs an agent")
    raise RuntimeError(f"the hand did not end in {max_steps} steps")


def entropy_over_hand(
    game: str | Game,
    *,
    seed: int | str = 0,
    agents: Agents = "random",
    seats: Sequence[int] | None = None,
    per: str = "step",
    players: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """How the hidden information falls over one hand, seen from each seat.

    Plays the first hand of a seeded match between ``agents`` and, before every
    decision, measures from each viewer's observations (and memory) alone.

    Parameters
    ----------
    game : str or Game
        A game name or game; games played with a Foresight deck need ``deck="foresight"``
        unless it is their default.
    seed : int or str
        Seeds the deal.
    agents : str, list or dict
        Bots for every seat (``"random"``, ``"heuristic"``, …).
    seats : sequence of int, optional
        The viewers (all seats by default).
    per : {"step", "trick"}
        One row per step and seat, or only the first step of each trick (as the game's
        ``trick_number`` tells) and seat.
    players
        Number of players, as for ``cardlab.load`` (default: the game's usual count)
    **options
        As for ``cardlab.load``.

    Returns
    -------
    pandas.DataFrame
        Columns ``game``, ``seed``, ``step``, ``trick``, ``phase``, ``seat``,
        ``hidden`` (cards hidden from the seat), ``known`` (of them, cards it saw go
        there), ``bits_table``, ``bits_suits``, ``bits_plain`` (summed over hidden
        cards) and ``opp_table``, ``opp_suits``, ``opp_plain`` (summed over the other
        seats' holdings).
    """
    from ..core.optional import pandas as pd

    if per not in ("step", "trick"):
        raise ValueError(f"per must be 'step' or 'trick', not {per!r}")
    rows = []
    name = game if isinstance(game, str) else game.spec.name
    for step, _m, s, obs, a in _play_hand(game, seed, agents, seats, options, players):
        row: dict[str, Any] = {
            "game": name,
            "seed": seed,
            "step": step,
            "trick": _trick(obs, step),
            "phase": obs.phase,
            "seat": s,
            "hidden": len(a.slots),
            "known": sum(1 for x in a.slots if x.known),
        }
        for m in MODELS:
            row[f"bits_{m}"] = sum(a.bits[m])
        for m in MODELS:
            row[f"opp_{m}"] = sum(h[m] for o, h in a.holdings.items() if o is not None and o != s)
        rows.append(row)
    df = pd.DataFrame(rows)
    if per == "trick" and len(df):
        df = df.drop_duplicates(["trick", "seat"], keep="first").reset_index(drop=True)
    return df


# ------------------------------------------------------------------ comparisons
def pairs() -> tuple[tuple[str, str], ...]:
    """(classic game, the game that reworks it for the Foresight deck), from the games' specs.

    A game names the classic it reworks in its ``GameSpec.related`` as ``(name, "classic")``.
    """
    return tuple(
        (other, spec.name) for spec in GAMES for other, how in spec.related if how == "classic"
    )


def _available(name: str) -> bool:
    try:
        load(name)
    except Exception:
        return False
    return True


def leak_samples(
    games: Sequence[str] | None = None,
    *,
    hands: int = 3,
    seed: int | str = 0,
    agents: Agents = "random",
    every: int = 1,
    missing: str = "skip",
) -> pd.DataFrame:
    """Hidden-card and holding entropies sampled over seeded hands of several games.

    Every game is played with the Foresight deck (``deck="foresight"``); the plain
    figures come from the same observations read as if the backs were plain, so the
    difference is exactly what the backs tell.

    Parameters
    ----------
    games : sequence of str, optional
        Game names (default: every game of ``pairs``).
    hands : int
        Hands per game (hand ``i`` is the first hand of a match seeded
        ``f"{seed}/{i}"``).
    seed : int or str
        Base seed.
    agents : str, list or dict
        Bots for every seat.
    every : int
        Sample every ``every``-th decision (1 = all).
    missing : {"skip", "raise"}
        What to do with a game that is not available.

    Returns
    -------
    pandas.DataFrame
        One row per game, hand, step, viewer and rank class (``suits``: 4, 3, 2, 1, or 0
        for an unseen back): ``cards`` (hidden cards of that class), ``bits_table``,
        ``bits_suits``, ``bits_plain`` (summed over them) and, repeated on each class
        row of a step, ``opp_table``, ``opp_suits``, ``opp_plain`` for the other seats'
        holdings.
    """
    from ..core.optional import pandas as pd

    if games is None:
        games = [g for pair in pairs() for g in pair]
    rows = []
    for name in games:
        if not _available(name):
            if missing == "raise":
                raise ValueError(f"game {name!r} is not available")
            continue
        for i in range(hands):
            gseed = f"{seed}/{i}"
            k = 0
            for step, _m, s, _obs, a in _play_hand(
                name, gseed, agents, None, {"deck": "foresight"}, None
            ):
                k += 1
                if (k - 1) % every:
                    continue
                opp = {
                    m: sum(h[m] for o, h in a.holdings.items() if o is not None and o != s)
                    for m in MODELS
                }
                per: dict[int, list[float]] = {}
                for j, x in enumerate(a.slots):
                    if x.known:
                        continue
                    acc = per.setdefault(max(0, x.mask).bit_count(), [0, 0.0, 0.0, 0.0])
                    acc[0] += 1
                    for q, m in enumerate(MODELS, start=1):
                        acc[q] += a.bits[m][j]
                for cls, acc in sorted(per.items()):
                    rows.append(
                        {
                            "game": name,
                            "hand": i,
                            "step": step,
                            "seat": s,
                            "suits": cls,
                            "cards": acc[0],
                            "bits_table": acc[1],
                            "bits_suits": acc[2],
                            "bits_plain": acc[3],
                            "opp_table": opp["table"],
                            "opp_suits": opp["suits"],
                            "opp_plain": opp["plain"],
                        }
                    )
    cols = ["game", "hand", "step", "seat", "suits", "cards"]
    cols += [f"bits_{m}" for m in MODELS] + [f"opp_{m}" for m in MODELS]
    return pd.DataFrame(rows, columns=cols)


def leak_by_class(samples: pd.DataFrame) -> pd.DataFrame:
    """Average bits per hidden card, and the bits the backs leak, by game and rank class.

    Parameters
    ----------
    samples : pandas.DataFrame
        From ``leak_samples``.

    Returns
    -------
    pandas.DataFrame
        One row per game and rank class (``suits``; 0 = a card whose back is not on
        view): ``cards`` (hidden-card observations), ``bits_table``, ``bits_suits``,
        ``bits_plain`` (means per hidden card), ``leak_table``, ``leak_suits``.
    """
    g = samples.groupby(["game", "suits"], sort=False)[
        ["cards", "bits_table", "bits_suits", "bits_plain"]
    ].sum()
    for m in MODELS:
        g[f"bits_{m}"] = g[f"bits_{m}"] / g["cards"]
    g["leak_table"] = g["bits_plain"] - g["bits_table"]
    g["leak_suits"] = g["bits_plain"] - g["bits_suits"]
    return g.reset_index().sort_values(["game", "suits"], ascending=[True, False], kind="stable")


def leak_summary(samples: pd.DataFrame) -> pd.DataFrame:
    """Per game: bits per hidden card and about the opponents' holdings, plain vs Foresight.

    Parameters
    ----------
    samples : pandas.DataFrame
        From ``leak_samples``.

    Returns
    -------
    pandas.DataFrame
        One row per game: ``decisions`` (viewer-steps sampled), ``hidden`` (mean hidden
        cards per viewer), ``card_plain``, ``card_table``, ``card_suits`` (mean bits per
        hidden card), ``card_leak`` (plain minus table), ``opp_plain``, ``opp_table``,
        ``opp_suits`` (mean bits about the other seats' holdings), ``opp_leak`` and
        ``opp_leak_share`` (the fraction of the plain uncertainty the backs remove).
    """
    from ..core.optional import pandas as pd

    keys = ["game", "hand", "step", "seat"]
    per_step = samples.groupby(keys, sort=False).agg(
        cards=("cards", "sum"),
        bits_table=("bits_table", "sum"),
        bits_suits=("bits_suits", "sum"),
        bits_plain=("bits_plain", "sum"),
        opp_table=("opp_table", "first"),
        opp_suits=("opp_suits", "first"),
        opp_plain=("opp_plain", "first"),
    )
    rows = []
    for game, d in per_step.groupby(level="game", sort=False):
        cards = d["cards"].sum()
        row: dict[str, Any] = {
            "game": game,
            "decisions": len(d),
            "hidden": d["cards"].mean(),
            "card_plain": d["bits_plain"].sum() / cards,
            "card_table": d["bits_table"].sum() / cards,
            "card_suits": d["bits_suits"].sum() / cards,
            "opp_plain": d["opp_plain"].mean(),
            "opp_table": d["opp_table"].mean(),
            "opp_suits": d["opp_suits"].mean(),
        }
        row["card_leak"] = row["card_plain"] - row["card_table"]
        row["opp_leak"] = row["opp_plain"] - row["opp_table"]
        row["opp_leak_share"] = row["opp_leak"] / row["opp_plain"] if row["opp_plain"] else 0.0
        rows.append(row)
    cols = ["game", "decisions", "hidden", "card_plain", "card_table", "card_suits"]
    cols += ["card_leak", "opp_plain", "opp_table", "opp_suits", "opp_leak", "opp_leak_share"]
    return pd.DataFrame(rows, columns=cols)


def compare_pairs(
    games: Sequence[tuple[str, str]] | None = None,
    *,
    hands: int = 3,
    seed: int | str = 0,
    agents: Agents = "random",
    every: int = 2,
) -> pd.DataFrame:
    """Information the Foresight backs leak in each classic game and its Foresight cousin.

    Parameters
    ----------
    games : sequence of (str, str), optional
        (classic game, Foresight game) names; by default every pair of ``pairs``
        (each Foresight-deck game with the classic game it reworks).  A game that is not
        available is left out.
    hands
        As for ``leak_samples``.
    seed
        As for ``leak_samples``.
    agents
        As for ``leak_samples``.
    every
        As for ``leak_samples``.

    Returns
    -------
    pandas.DataFrame
        ``leak_summary`` rows with a ``pair`` column (``"hearts vs heartburn"``)
        and a ``variant`` column (``"classic"`` or ``"foresight game"``).
    """
    from ..core.optional import pandas as pd

    parts = []
    for classic, cousin in pairs() if games is None else games:
        names = [g for g in (classic, cousin) if _available(g)]
        if not names:
            continue
        s = leak_summary(leak_samples(names, hands=hands, seed=seed, agents=agents, every=every))
        s.insert(0, "pair", f"{classic} vs {cousin}")
        s.insert(2, "variant", ["classic" if g == classic else "foresight game" for g in s["game"]])
        parts.append(s)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


__all__ = [
    "MODELS",
    "Viewpoint",
    "back_table",
    "by_rank_class",
    "candidates",
    "compare_pairs",
    "entropy",
    "entropy_over_hand",
    "hidden_cards",
    "holdings",
    "leak_by_class",
    "leak_samples",
    "leak_summary",
    "pairs",
]
