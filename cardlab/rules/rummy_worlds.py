"""Sampled worlds for draw-and-discard games, for any number of seats.

:func:`sample_rummy_world` serves the rummy family (:class:`~cardlab.rules.rummy.KnockRummy`
and later games that keep the same conventions, partnerships included).  What is public
stays where it is: the discard pile and its history, cards laid on the table (melds,
lay-offs), every card a seat took face up and has not let go since.  What is hidden is
dealt at random: the other hands, the stock and the face-down side cards, each card
honouring the back it shows.

The conventions the sampler reads, which a game of the family keeps:

* zones: ``("hand", seat)`` for every seat, ``"stock"`` (a face-down stack, its top
  last), one zone per face-down side card (``"left"``, ``"right"``: refilled from the
  stock when taken), ``"discard"``; any other card face shown (a meld) is known;
* events: ``"deal"`` carries the upcard turned at the deal in ``cards``; ``"draw"``
  says its ``source``: from the stock or a side card the card is ``hidden`` (only the
  drawer sees it; its ``back`` may be given), from anywhere else the cards taken are
  public (``cards``: the upcard, a whole pile); ``"discard"`` and the ``laid`` kinds
  (melds, lay-offs) put ``cards`` from the seat's hand face up;
* ``"turn"`` (no seat): ``cards`` turned face up from the stock's top, in order (the
  upcards Canasta turns until one may start the pile); they are public;
* the deal's parts: ``("hand", seat)``, ``"upcard"`` (when the game turns one),
  ``"stock"`` and the side cards, each listed in dealing order (the stock from the top).

The hand's deal is rebuilt backwards: each face-down draw of another seat goes back to its
place in the stock (or beside it), chosen among that seat's cards as they were then
(honouring the back it showed), each discard and laid card back to its hand; then the
history is replayed by the rules (:func:`~cardlab.rules.worlds.replay`).  A game that
follows its deal with more chance outcomes (Canasta's hidden order of the copies, which
decides the copy a pick takes) passes ``after_deal``: it gives them for the world, so that
every move seen is made again.  Approximation:
worlds are consistent, not exactly uniform (a face-down draw is chosen among the cards it
could have been with equal chances, not weighted by the completions each allows).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence

from ..core.cards import CARDS
from ..core.observation import Back, Observation
from ..core.spec import Game
from ..core.state import State
from .staged import TRAY
from .worlds import (
    UnseenHook,
    WorldError,
    allowed_by_back,
    assign,
    bits,
    deal_action,
    mask_of,
    replay,
    resume,
    retry,
    seat_of,
)

#: ``after_deal(obs, hands, rng)``: the chance outcomes that follow the deal in a world,
#: given the seat's observation and ``hands[t]``, each seat's hand (a mask) in the world
#: just before ``obs.history[t]``.
AfterDealHook = Callable[[Observation, Sequence[tuple[int, ...]], random.Random], Sequence[str]]

#: A face-down place: ``("stock", k)`` the k-th card drawn from the stock's top, or
#: ``(side, 0)`` a side card as dealt.
Position = tuple[str, int]


def sample_rummy_world(
    game: Game,
    obs: Observation,
    rng: random.Random,
    *,
    sides: Sequence[str] = (),
    laid: Collection[str] = (),
    unseen: UnseenHook | None = None,
    shown: int = 0,
    after_deal: AfterDealHook | None = None,
) -> State:
    """A world consistent with ``obs`` for a draw-and-discard game (see the module).

    Parameters
    ----------
    game, obs, rng : the rules, the seat's observation and the generator
    sides : the face-down side cards drawn from besides the stock (``"left"``,
        ``"right"``), refilled from the stock when taken
    laid : event kinds whose ``cards`` leave a hand face up onto the table (``"meld"``)
    unseen : the steps other seats took that the seat never saw (a staged meld's picks,
        :func:`cardlab.rules.table_melds.committed_steps`), as for
        :func:`~cardlab.rules.worlds.replay`
    shown : the mask of cards a seat lays face up as soon as it gets them (Canasta's red
        threes): never hidden in a hand
    after_deal : the chance outcomes that follow the deal in the world
        (:data:`AfterDealHook`; Canasta's order of the copies)
    """

    def build(game: Game, obs: Observation, rng: random.Random) -> State:
        return _rummy_world(
            game, obs, rng, tuple(sides), frozenset(laid), unseen, shown, after_deal
        )

    return retry(build, game, obs, rng)


def _rummy_world(
    game: Game,
    obs: Observation,
    rng: random.Random,
    sides: tuple[str, ...],
    laid: frozenset[str],
    unseen: UnseenHook | None = None,
    shown: int = 0,
    after_deal: AfterDealHook | None = None,
) -> State:
    me = seat_of(obs)
    n = obs.players
    deck = game.deck
    world = resume(game, obs)
    rule = world.DEAL
    _, layout, deal_mask = rule.layout(game, rule.variant_of(world))
    hist = obs.history
    face_down = {"stock", *sides}

    # ---- the history: who drew what from where, in order
    side_pos: dict[str, Position] = {s: (s, 0) for s in sides}
    next_stock = 0
    fd: dict[Position, int] = {}  # face-down position -> card (-1: another seat's draw)
    held = [0] * n  # cards each seat took face up and still holds
    blind: dict[int, tuple[Position, int, int]] = {}  # time -> (position, allowed, held then)
    upcard = -1
    for t, ev in enumerate(hist):
        k = ev.kind
        s = ev.seat
        if k == "deal":
            if ev.cards:
                upcard = ev.cards[0].index
        elif k == "turn" and s is None:
            for turned in ev.cards:
                fd[("stock", next_stock)] = turned.index
                next_stock += 1
        elif s is None:
            continue
        elif k == "draw":
            src = ev.get("source")
            if src not in face_down:
                held[s] |= mask_of(ev.cards)
                continue
            if src == "stock":
                pos: Position = ("stock", next_stock)
            else:
                pos = side_pos[src]
                side_pos[src] = ("stock", next_stock)
            next_stock += 1
            if s == me:
                if not ev.hidden:
                    raise WorldError(f"the seat's own draw is not in its history: {ev.text!r}")
                fd[pos] = ev.hidden[0].index
            else:
                fd[pos] = -1
                back = ev.get("back")
                allowed = allowed_by_back(deck, Back(back)) if back else deck.mask
                if shown:
                    # a card shown at once is laid by the very next event; others stay hidden
                    nxt = hist[t + 1] if t + 1 < len(hist) else None
                    at_once = (
                        mask_of(nxt.cards) & shown
                        if nxt is not None and nxt.seat == s and nxt.kind in laid
                        else 0
                    )
                    allowed &= at_once or ~shown
                blind[t] = (pos, allowed, held[s])
        elif k == "discard" or k in laid:
            held[s] &= ~mask_of(ev.cards)

    # ---- the cards now: the other hands' unseen cards, the face-down cards on offer
    known = 0
    for z in obs.zones:
        known |= mask_of(z.faces)
    held[me] = 0
    for s in range(n):
        known |= held[s]
    pool = deal_mask & ~known
    slots: list[int] = []
    places: list[tuple[str, int]] = []
    for s in range(n):
        if s == me:
            continue
        entries = [e for e in obs.zone("hand", s).cards if isinstance(e, Back)]
        for c in bits(held[s]):  # a card taken face up shows its back in the hand
            design = deck.back_of(CARDS[c])
            for i, e in enumerate(entries):
                if e.design == design:
                    del entries[i]
                    break
            else:
                raise WorldError("a card taken face up is not in its taker's hand")
        for e in entries:
            slots.append(allowed_by_back(deck, e) & ~shown)
            places.append(("hand", s))
    for side in sides:
        on_offer = obs.zone(side).cards
        if on_offer:
            slots.append(allowed_by_back(deck, on_offer[0]))
            places.append((side, 0))
    stock = obs.zone("stock").cards
    depth = len(stock)
    for j, entry in enumerate(stock):  # bottom first: the top is the next card drawn
        slots.append(allowed_by_back(deck, entry))
        places.append(("stock", next_stock + depth - 1 - j))
    if len(slots) != pool.bit_count():
        raise WorldError("hidden places and hidden cards differ in number")
    hands = list(held)
    hands[me] = mask_of(obs.zone("hand", me).cards)
    for z in obs.zones:  # cards picked for a staged move are still in the hand
        if z.kind == TRAY and z.owner == me:
            hands[me] |= mask_of(z.faces)
    for (kind, i), c in zip(places, assign(slots, pool, rng), strict=True):
        if kind == "hand":
            hands[i] |= 1 << c
        elif kind == "stock":
            fd[("stock", i)] = c
        else:
            fd[side_pos[kind]] = c

    # ---- back to the deal: walk the history backwards, undoing draws, discards, melds
    snap = after_deal is not None
    before: list[tuple[int, ...]] = [()] * len(hist)  # each seat's hand before event t
    for t in range(len(hist) - 1, -1, -1):
        if snap and t + 1 < len(hist):
            before[t + 1] = tuple(hands)
        ev = hist[t]
        k = ev.kind
        s = ev.seat
        if s is None:
            continue
        if k == "discard" or k in laid:
            hands[s] |= mask_of(ev.cards)
        elif k != "draw":
            continue
        elif t in blind:
            pos, allowed, then = blind[t]
            cands = hands[s] & allowed & ~then
            if not cands:
                raise WorldError("no card fits another seat's face-down draw")
            c = rng.choice(bits(cands))
            hands[s] &= ~(1 << c)
            fd[pos] = c
        else:
            hands[s] &= ~mask_of(ev.hidden if ev.get("source") in face_down else ev.cards)
    if snap and hist:
        before[0] = tuple(hands)
    if any(c < 0 for c in fd.values()):
        raise WorldError("a face-down card left unplaced")

    stock_count = sum(1 for p in fd if p[0] == "stock")
    parts: dict[tuple[str, int | None], Sequence[int]] = {
        ("stock", None): [fd[("stock", i)] for i in range(stock_count)],
        ("upcard", None): [upcard] if upcard >= 0 else [],
    }
    for s in range(n):
        parts[("hand", s)] = bits(hands[s])
    for side in sides:
        parts[(side, None)] = [fd[(side, 0)]]
    wanted = {(slot.part.name, slot.seat) for slot in layout}
    parts = {key: cards for key, cards in parts.items() if key in wanted}
    chance = [deal_action(world, parts)]
    if after_deal is not None:
        chance += after_deal(obs, before, rng)
    replay(world, obs, chance=chance, unseen=unseen)
    return world


__all__ = ["sample_rummy_world"]
