"""Worlds a seat cannot tell apart: complete states consistent with one observation.

A search bot knows only its observation.  To look ahead it samples *worlds*: full
states whose hidden cards are dealt at random among the places the seat cannot see,
such that the seat would have seen exactly what it saw.  Every game supplies this
through ``State.sample_world(game, obs, rng)``; this module holds the shared tools:

* :func:`resume`: a fresh state at the start of the observed hand (scores, dealer and
  hand number as observed);
* :func:`assign`: hidden cards dealt to hidden places, each place allowing a set of
  cards (the designs its back shows, suits its holder has shown void in);
* :func:`replay`: the hand's history replayed with the real rules engine, so every
  rule-driven field (tricks won, hearts broken, the stock, whose turn) follows from the
  rules rather than being rebuilt by hand;
* :class:`Deduction`: for hidden assignments that are not card places (each seat's
  secret solution), every assignment consistent with the public answers, and a uniform
  draw among them.

The families' samplers live beside their families and are built on these:
:mod:`cardlab.rules.trick_worlds` (every :class:`~cardlab.rules.tricks.TrickGame`) and
:mod:`cardlab.rules.rummy_worlds` (draw-and-discard games, any number of seats).

How a history is replayed
-------------------------
Every event is logged by some ``apply``, and the first event of a seat's action records
that action (:attr:`~cardlab.core.events.Event.action`).  :func:`replay` walks the
observed history apply by apply: where the world waits for a seat, the recorded action is
applied; where the observer may not read it (another seat's pass, a secret choice), the
sampler's ``hidden`` hook supplies one consistent with the world it built (and its
``unseen`` hook the steps the observer never saw at all, such as the picks of a move
another seat built in private); where the
world waits for chance (the deal, a reshuffle, a random draw in the middle of a hand), the
``chance`` hook supplies the outcome.  Each apply's events must match the observed ones
(kind, seat, public cards, facts, and the hidden cards the observer may see), else the
world is refused with :class:`WorldError`.

A world is usually built as: the hidden cards the seat holds evidence about are placed
first (current places), the hand's deal is then rebuilt backwards from the history (cards
played and passed go back where they came from), and the history is replayed forwards.
Replay raises :class:`WorldError` when a sampled deal makes a recorded action illegal or
plays differently (a rare constraint the sampler does not model); the sampler then draws
again (:func:`retry`).  Samplers state their approximations in their docstrings; state
kept from earlier hands beyond scores, dealer and hand number (such as Gin Rummy's boxes)
starts empty: it only matters at the end of a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import product
from typing import Any, Generic, TypeVar

from ..core.cards import CARDS, HIDDEN_BACK, Card, Deck
from ..core.errors import IllegalActionError
from ..core.errors import WorldError as WorldError  # raised by every sampler
from ..core.events import TEACHER, Event
from ..core.observation import Back, Observation, Zone
from ..core.outcome import HandResult
from ..core.spec import Game
from ..core.state import State

#: How many times a sampler draws again before giving up.
ATTEMPTS = 200


def resume(game: Game, obs: Observation) -> State:
    """A new state of ``game`` waiting for the deal of the observed hand, with the
    finished hands' results and the totals as observed."""
    st = game.new_state()
    hand = obs.hand
    if hand:
        st.hand_number = hand
        if obs.dealer is not None:
            st.dealer = obs.dealer
        # the finished hands' results are public: the world keeps them as observed
        past = list(obs.results[:hand])
        if len(past) != hand:
            zero = (0,) * st.players
            past = [HandResult(i, zero, ()) for i in range(hand)]
        st.results = past
        st.events = []
        st.hand_starts = []
        st.begin_hand()
    st.restore_totals(obs.scores, [t.score for t in obs.teams])
    return st


# ---------------------------------------------------------------- cards and backs
_DESIGNS: dict[int, dict[str, int]] = {}


def design_masks(deck: Deck) -> dict[str, int]:
    """For each back design of ``deck``, the mask of the cards printing it."""
    key = id(deck)
    got = _DESIGNS.get(key)
    if got is None:
        got = {}
        for c in deck.cards:
            d = deck.back_of(c)
            got[d] = got.get(d, 0) | 1 << c.index
        _DESIGNS[key] = got
    return got


_READ_BACKS = [True]


def sample_without_backs(game: Game, obs: Observation, rng: random.Random) -> State:
    """A world sampled as if every hidden card showed a plain back: what a player who
    ignores the Foresight backs would imagine (for measuring what the backs are worth)."""
    _READ_BACKS[0] = False
    try:
        return game.spec.state_class.sample_world(game, obs, rng)
    finally:
        _READ_BACKS[0] = True


def allowed_by_back(deck: Deck, entry: Any) -> int:
    """The cards a hidden entry may be: those printing its back (any card for a plain or
    unseen back)."""
    design = entry.design if isinstance(entry, Back) else None
    if design is None or design == HIDDEN_BACK or not deck.backs or not _READ_BACKS[0]:
        return deck.mask
    return design_masks(deck).get(design, 0)


def mask_of(cards: Iterable[Any]) -> int:
    """The mask of ``cards`` (its faces only)."""
    m = 0
    for c in cards:
        if isinstance(c, Card):
            m |= 1 << c.index
    return m


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def retry(
    build: Callable[[Game, Observation, random.Random], State],
    game: Game,
    obs: Observation,
    rng: random.Random,
) -> State:
    """``build`` a world, drawing again (up to ATTEMPTS times) after a dead end.

    The one retry loop of every sampler, here or in a game's own module: ``build`` raises
    :class:`WorldError` when its draw cannot reproduce the observation.
    """
    last: Exception | None = None
    for _ in range(ATTEMPTS):
        try:
            return build(game, obs, rng)
        except WorldError as e:
            last = e
    raise WorldError(f"no consistent world found: {last}")


def assign(slots: Sequence[int], pool: int, rng: random.Random) -> list[int]:
    """Distinct cards of ``pool``, one for each slot, each within its slot's allowed mask.

    Slots are filled most-constrained first with random choices; on a dead end the
    whole assignment is drawn again.  Raises :class:`WorldError` when none is found.
    """
    n = len(slots)
    if not n:
        return []
    order = sorted(range(n), key=lambda i: (slots[i] & pool).bit_count())
    for _ in range(ATTEMPTS):
        avail = pool
        out = [0] * n
        for i in order:
            cands = slots[i] & avail
            k = cands.bit_count()
            if not k:
                break
            j = rng.randrange(k)
            for _skip in range(j):
                cands &= cands - 1
            card = (cands & -cands).bit_length() - 1
            out[i] = card
            avail &= ~(1 << card)
        else:
            return out
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda i: (slots[i] & pool).bit_count())
    raise WorldError("no way to place the hidden cards")


def place_used(
    used: Sequence[Sequence[tuple[int, int]]],
    hands: list[list[int]],
    pops: list[int],
    owner: list[tuple[int, int]],
    known: int,
    size: int,
    names: Sequence[str],
    rng: random.Random,
) -> list[int]:
    """Deal the hidden cards of a draw-and-play game around the cards seats used.

    ``used[s]`` lists (card, history index) of each card seat ``s`` played face up: it
    was dealt to ``s`` while its hand of ``size`` has room, else it is one of ``s``'s
    earlier draws, an open slot ``-1`` of ``pops`` (the stock's cards in the order drawn)
    whose ``owner`` (seat, history index) came before.  The other unseen cards of a
    52-card pack (not in ``known``) are shuffled into the hands, the open slots and the
    rest of the stock, which is returned.  ``hands``, ``pops`` and ``owner`` are filled
    in place; :class:`WorldError` when a card could not have reached its seat.
    """
    slots = [i for i, c in enumerate(pops) if c < 0]
    for s, cards in enumerate(used):
        for c, when in cards:
            known |= 1 << c
            if len(hands[s]) < size:
                hands[s].append(c)
                continue
            k = next((k for k, (t, i) in enumerate(owner) if t == s and i < when), None)
            if k is None:
                raise WorldError(f"{CARDS[c].text} could not have reached {names[s]}")
            pops[slots.pop(k)] = c
            del owner[k]
    unseen = [c for c in range(52) if not known >> c & 1]
    rng.shuffle(unseen)
    for hand in hands:
        while len(hand) < size:
            hand.append(unseen.pop())
    for k in slots:
        pops[k] = unseen.pop()
    return unseen


def pick(mask: int, k: int, rng: random.Random) -> list[int]:
    """``k`` distinct random cards of ``mask``."""
    cards = bits(mask)
    if len(cards) < k:
        raise WorldError("too few cards to choose from")
    return rng.sample(cards, k)


#: Supplies an action the observer could not read: ``hidden(world, seat, history, i)``
#: returns the action ``seat`` took, in ``world``, to log ``history[i]``.
HiddenHook = Callable[[State, int, Sequence[Event], int], str]
#: Supplies a chance outcome: ``chance(world, history, i)`` returns the outcome of the
#: pending ``world.chance`` whose events begin at ``history[i]``.
ChanceHook = Callable[[State, Sequence[Event], int], str]


#: Supplies the steps a seat took that the observer never saw at all (the picks of a move
#: built in private): ``unseen(world, seat, history, i)`` returns them, in order, for
#: ``seat`` to take in ``world`` before it logs ``history[i]`` (often none).
UnseenHook = Callable[[State, int, Sequence[Event], int], Sequence[str]]


def replay(
    world: State,
    obs: Observation,
    *,
    hidden: HiddenHook | Mapping[int, Sequence[str]] | None = None,
    chance: ChanceHook | Sequence[str] | None = None,
    unseen: UnseenHook | None = None,
) -> State:
    """Replay the hand's history as ``obs`` shows it on ``world``; return ``world``.

    ``world`` stands where the history starts (usually waiting for the hand's deal, as
    :func:`resume` leaves it).  Each step of ``obs.history`` is one ``apply``: a seat's
    recorded action is applied as it is; an action the observer could not read comes
    from ``hidden``; a chance outcome (the deal included) comes from ``chance``.  Steps
    the observer never saw at all come from ``unseen``: its private events are not in
    the observer's history, so they are not compared.  The world ends with the observed
    scores (:func:`resume` starts it with them, and the replay scores the hand again).

    Parameters
    ----------
    world : the state to replay on (changed in place)
    obs : the observation the world must agree with (its viewer and history)
    hidden : a :data:`HiddenHook`, or for each seat its hidden actions in the order
        they were taken
    chance : a :data:`ChanceHook`, or the chance outcomes in order (the deal first)
    unseen : an :data:`UnseenHook`, asked before each event another seat logged

    Raises
    ------
    WorldError
        when an action is illegal in ``world``, its events differ from the observed
        ones (kind, seat, public cards, facts or the hidden cards the observer may see),
        or a hook has nothing to give.
    """
    hide = _hidden_hook(hidden)
    luck = _chance_hook(chance)
    history = obs.history
    viewer = obs.viewer
    everything = viewer == TEACHER
    facts = _READ_BACKS[0]  # a world ignoring the backs may name other backs
    i = 0
    n = len(history)
    while i < n:
        ev = history[i]
        seat: int | None = None
        if world.chance is not None:
            act = luck(world, history, i)
        else:
            movers = world.to_move
            if len(movers) == 1:
                seat = movers[0]
            elif ev.seat in movers:
                seat = ev.seat
            else:
                raise WorldError(f"nobody in this world could have logged {ev.text!r}")
            if unseen is not None and seat != viewer:
                for step in unseen(world, seat, history, i):
                    _apply(world, step, seat)
            recorded = ev.action
            act = hide(world, seat, history, i) if recorded is None else recorded
        events = world.events
        start = len(events)
        _apply(world, act, seat)
        end = len(events)
        if end == start:
            raise WorldError(f"'{act}' logged nothing, so the history cannot be followed")
        for j in range(start, end):
            got = events[j]
            if not got.text and not everything and viewer not in got.audience:
                continue  # a private step the observer does not know of
            if i == n:
                raise WorldError(f"'{act}' goes on further than the history")
            want = history[i]
            if (
                got.kind != want.kind
                or got.seat != want.seat
                or got.cards != want.cards
                or (facts and got.data != want.data)
                or ((got.hidden or want.hidden) and got.seen_by(viewer).hidden != want.hidden)
            ):
                raise WorldError(f"the sampled world differs at {want.text!r}: {got.text!r}")
            i += 1
    # the observed totals already count the points the replay scored again
    world.restore_totals(obs.scores, [t.score for t in obs.teams])
    return world


def _apply(world: State, act: str, seat: int | None) -> None:
    try:
        world.apply(act, seat)
    except IllegalActionError as e:
        raise WorldError(f"replay failed at '{act}': {e.reason}") from None


def _hidden_hook(hidden: HiddenHook | Mapping[int, Sequence[str]] | None) -> HiddenHook:
    if callable(hidden):
        return hidden
    queues: dict[int, Iterator[str]] = {s: iter(a) for s, a in (hidden or {}).items()}

    def take(world: State, seat: int, history: Sequence[Event], i: int) -> str:
        act = next(queues.get(seat, iter(())), None)
        if act is None:
            raise WorldError(f"no hidden action given for {history[i].text!r}")
        return act

    return take


def _chance_hook(chance: ChanceHook | Sequence[str] | None) -> ChanceHook:
    if callable(chance):
        return chance
    outcomes = iter(chance or ())

    def take(world: State, history: Sequence[Event], i: int) -> str:
        act = next(outcomes, None)
        if act is None:
            step = world.chance
            raise WorldError(f"no outcome given for {step.what if step else 'chance'}")
        return act

    return take


def seat_of(obs: Observation) -> int:
    """The seat ``obs`` was seen by; :class:`WorldError` for a spectator or the teacher."""
    me = obs.seat
    if me is None:
        raise WorldError("worlds are sampled for a seat")
    return me


def deal_action(world: State, parts: dict[tuple[str, int | None], Sequence[int]]) -> str:
    """The deal action placing card indices by part (``("hand", seat)``, ``("stock", None)``)."""
    rule = world.DEAL
    _, slots, _ = rule.layout(world.game, rule.variant_of(world))
    out = ["deal"]
    for s in slots:
        cards = parts[(s.part.name, s.seat)]
        if len(cards) != s.stop - s.start:
            raise WorldError(f"{s.part.name} of seat {s.seat}: {len(cards)} cards")
        out += [CARDS[i].code for i in cards]
    return " ".join(out)


def zone_or_none(obs: Observation, name: str, owner: int | None = None) -> Zone | None:
    """The zone called ``name`` (of ``owner``), or None when the observation has none."""
    for z in obs.zones:
        if z.name == name and (owner is None or z.owner == owner):
            return z
    return None


def faces_mask(zone: Zone | None) -> int:
    """The mask of the faces ``zone`` shows (0 for no zone)."""
    return 0 if zone is None else mask_of(zone.faces)


# ------------------------------------------------------------- deduction games
T = TypeVar("T")


class Deduction(Generic[T]):
    """The hidden assignments a seat cannot rule out, and a uniform draw among them.

    Some games hide something that is not a card's place: each seat's secret solution, a
    role, a code, answered about in public.  ``Deduction(space)`` starts from every
    assignment the rules allow (a finite iterable); :meth:`given` adds one thing the
    observer knows, as a predicate true for exactly the assignments that agree with it (a
    public answer: the assignments that would have given that answer); :meth:`solutions`
    lists the assignments left and :meth:`sample` draws one of them uniformly.  A
    sampler then builds its world from the drawn assignment (and supplies the secret
    choices that made it through :func:`replay`'s ``hidden`` hook).

    An assignment made of parts (one secret per seat) is built with :meth:`product`; a
    fact about one part alone is given with ``part=k``, which filters that part before
    the parts are combined, so the product only ever holds what is left of each.

    Examples
    --------
    >>> d = Deduction.product([range(1, 7), range(1, 7)])
    >>> d = d.given(lambda a: a >= 5, "seat 0 said its number is 5 or more", part=0)
    >>> d = d.given(lambda a: (a[0] + a[1]) % 2 == 0, "the sum is even")
    >>> d.solutions()
    ((5, 1), (5, 3), (5, 5), (6, 2), (6, 4), (6, 6))
    """

    __slots__ = ("_cands", "_empty", "_joint", "_parts", "_product")

    def __init__(self, space: Iterable[T]) -> None:
        self._parts: list[list[Any]] = [list(space)]
        self._product = False
        self._joint: list[tuple[Callable[[T], bool], str]] = []
        self._cands: list[T] | None = None
        self._empty = "" if self._parts[0] else "no assignment is possible at all"

    @classmethod
    def product(cls, parts: Sequence[Iterable[Any]]) -> Deduction[tuple[Any, ...]]:
        """Assignments that pick one value from each of ``parts`` (a tuple, part by part)."""
        d: Deduction[tuple[Any, ...]] = Deduction(())
        d._parts = [list(p) for p in parts]
        d._product = True
        empty = next((k for k, p in enumerate(d._parts) if not p), None)
        d._empty = "" if empty is None else f"part {empty} allows no value at all"
        return d

    def given(
        self, fact: Callable[[Any], bool], why: str = "", *, part: int | None = None
    ) -> Deduction[T]:
        """Keep only the assignments for which ``fact`` holds; return this deduction.

        ``why`` says what the fact is in words (it names the fact in the error when
        nothing fits); ``part`` applies ``fact`` to that part of a :meth:`product` alone.
        """
        what = why or getattr(fact, "__name__", "a fact")
        if part is None:
            self._joint.append((fact, what))
            return self
        if not self._product or not 0 <= part < len(self._parts):
            raise ValueError(f"part {part!r}: this deduction has parts 0 to {len(self._parts) - 1}")
        kept = [v for v in self._parts[part] if fact(v)]
        self._parts[part] = kept
        if self._cands is not None:
            self._cands = [a for a in self._cands if fact(a[part])]  # type: ignore[index]
        if not kept and not self._empty:
            self._empty = f"no value of part {part} agrees with {what!r}"
        return self

    def solutions(self) -> tuple[T, ...]:
        """Every assignment consistent with all the facts given, in the space's order.

        Raises
        ------
        WorldError
            when none is left, naming the first fact that ruled out the last of them.
        """
        if self._empty:
            raise WorldError(f"no hidden assignment fits what is known: {self._empty}")
        cands = self._cands
        if cands is None:
            every: Iterable[Any] = product(*self._parts) if self._product else self._parts[0]
            cands = list(every)
        for fact, what in self._joint:
            cands = [a for a in cands if fact(a)]
            if not cands:
                self._empty = f"none agrees with {what!r} and the facts before it"
                raise WorldError(f"no hidden assignment fits what is known: {self._empty}")
        self._joint = []
        self._cands = cands
        return tuple(cands)

    def __len__(self) -> int:
        try:
            return len(self.solutions())
        except WorldError:
            return 0

    def sample(self, rng: random.Random) -> T:
        """One consistent assignment, each equally likely (:class:`WorldError` if none)."""
        cands = self.solutions()
        return cands[rng.randrange(len(cands))]
