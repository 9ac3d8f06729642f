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
* the trick-taking family's sampler (:func:`sample_trick_world`), shared by every
  :class:`~cardlab.rules.tricks.TrickGame`.

A world is built as: the hidden cards the seat holds evidence about are placed first
(current places), the hand's deal is then rebuilt backwards from the history (cards
played and passed go back where they came from), and the history is replayed forwards.
Replay raises :class:`WorldError` when a sampled deal makes a recorded action illegal
(a rare constraint the sampler does not model); the sampler then draws again.

Approximations (sampling is not exactly uniform over consistent worlds):

* places are filled most-constrained first with random choices, not by an exact
  weighted count of completions;
* in the trick family, the cards another seat passed between two other seats are drawn
  from the receiver's holdings without regard to the backs shown when they were passed
  (the backs of every card held now are honoured), and a Foresight leader's exchanged
  card is drawn among the cards it could have been;
* state kept from earlier hands beyond scores, dealer and hand number (such as Gin
  Rummy's boxes) starts empty: it only matters at the end of a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.cards import CARDS, HIDDEN_BACK, SUIT_MASKS, Card, Deck
from ..core.errors import IllegalActionError
from ..core.errors import WorldError as WorldError  # raised by every sampler
from ..core.events import Event
from ..core.observation import Back, Observation, Zone
from ..core.outcome import HandResult
from ..core.spec import Game
from ..core.state import State
from .tricks import RANK_ORDER

#: How many times a sampler draws again before giving up.
ATTEMPTS = 200


def resume(game: Game, obs: Observation) -> State:
    """A new state of ``game`` waiting for the deal of the observed hand."""
    st = game.new_state()
    hand = obs.hand
    if hand:
        st.hand_number = hand
        if obs.dealer is not None:
            st.dealer = obs.dealer
        zero = (0,) * st.players
        st.results = [HandResult(i, zero, ()) for i in range(hand)]
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


#: The former private name, for samplers written against it.
_retry = retry


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


def pick(mask: int, k: int, rng: random.Random) -> list[int]:
    """``k`` distinct random cards of ``mask``."""
    cards = bits(mask)
    if len(cards) < k:
        raise WorldError("too few cards to choose from")
    return rng.sample(cards, k)


def replay(
    world: State,
    history: Sequence[Event],
    action_of: Callable[[State, Event], str | None],
) -> State:
    """Replay the hand's ``history`` (events after the deal) on ``world``.

    ``action_of(world, event)`` names the action that made an event (None for events
    the rules make themselves, such as a trick taken).
    """
    for ev in history:
        act = action_of(world, ev)
        if act is None:
            continue
        try:
            world.apply(act, ev.seat)
        except IllegalActionError as e:
            raise WorldError(f"replay failed at {act!r}: {e}") from None
    return world


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
    for z in obs.zones:
        if z.name == name and (owner is None or z.owner == owner):
            return z
    return None


def faces_mask(zone: Zone | None) -> int:
    return 0 if zone is None else mask_of(zone.faces)


# -------------------------------------------------------------- trick-taking family
def sample_trick_world(game: Game, obs: Observation, rng: random.Random) -> State:
    """A world for a :class:`~cardlab.rules.tricks.TrickGame` (see the module docstring).

    Handles hands, hole rows (:class:`~cardlab.rules.tricks.HoleTrickGame`), secret
    passes (:class:`~cardlab.rules.passing.SecretPick`, with a hole mark), a trump card,
    cards left out, and a leader's hole exchange (``take``/``put``).
    """
    return retry(_trick_world, game, obs, rng)


def _trick_world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = obs.seat
    if me is None:
        raise WorldError("worlds are sampled for a seat")
    n = obs.players
    deck = game.deck
    world = resume(game, obs)
    rule = world.DEAL
    deal_mask = rule.layout(game, rule.variant_of(world))[2]
    hist = obs.history
    backs = deck.back_masks if deck.backs else None

    # ---- what the history says
    played_hand = [0] * n
    hole_played: list[list[int]] = [[] for _ in range(n)]
    void = [0] * n  # suits (as card masks) a seat has shown it lacks
    picks: list[list[tuple[str, int]]] = [[] for _ in range(n)]  # (verb, card or -1)
    passed: dict[int, tuple[int, int]] = {}  # seat -> (receiver, hand cards I saw or -1)
    took: tuple[int, int, int] | None = None  # (seat, place, card or -1)
    put: tuple[int, int, int] | None = None
    led = -1
    trump = -1
    breaks = getattr(world, "breaks", 0)
    bar = getattr(world, "first_bar", 0)
    bar_leads = getattr(world, "BAR_LEADS", False)
    any_trump = getattr(world, "TRUMP_ANYTIME", False)  # a trump shows no void
    broken = False
    first = True
    opening: tuple[int, int] | None = None  # (opener, opening card)
    for ev in hist:
        k = ev.kind
        if k == "play":
            s = ev.seat
            assert s is not None
            c = ev.cards[0].index
            if ev.get("from") == "hole":
                hole_played[s].append(c)
                if led >= 0 and backs is not None and not backs[c] >> led & 1:
                    void[s] |= SUIT[led]
            else:
                played_hand[s] |= 1 << c
                if led >= 0 and (c >= 52 or c // 13 != led):
                    if not (c >= 52 and led == trump) and not (any_trump and c // 13 == trump):
                        void[s] |= SUIT[led]
                    if first and bar >> c & 1:
                        void[s] |= ~bar  # a barred discard: nothing else in hand
                elif led < 0:
                    if breaks >> c & 1 and not broken:
                        void[s] |= ~breaks  # led unbroken: nothing else in hand
                    if first and bar_leads and bar >> c & 1:
                        void[s] |= ~bar
            if led < 0:
                led = trump if c >= 52 else c // 13
        elif k == "lead":
            # the opener held the lowest card of a suit in any hand (or no hand held one)
            opener = ev.seat
            assert opener is not None
            if ev.cards:
                c = ev.cards[0].index
                lower = sum(1 << (c - c % 13 + r) for r in RANK_ORDER[: RANK_ORDER.index(c % 13)])
                opening = (opener, c)
            else:
                lower = SUIT[0]
            for s in range(n):
                void[s] |= lower
        elif k == "broken":
            broken = True
        elif k == "trick":
            led = -1
            first = False
        elif k == "trump":
            c = ev.cards[0].index
            trump = -1 if c >= 52 else c // 13
        elif k == "pick":
            s = ev.seat
            assert s is not None
            picks[s].append((ev.get("verb"), ev.hidden[0].index if ev.hidden else -1))
        elif k == "pass":
            s = ev.seat
            assert s is not None
            passed[s] = (ev.get("to"), mask_of(ev.hidden) if ev.hidden else -1)
        elif k == "take":
            assert ev.seat is not None
            took = (ev.seat, ev.get("place") - 1, ev.hidden[0].index if ev.hidden else -1)
        elif k == "put":
            assert ev.seat is not None
            put = (ev.seat, ev.get("place") - 1, ev.hidden[0].index if ev.hidden else -1)

    # ---- where every card is now, as far as the seat knows
    hand_zones = [obs.zone("hand", s) for s in range(n)]
    hole_zones: list[Zone | None] = [zone_or_none(obs, "hole", s) for s in range(n)]
    mine = mask_of(hand_zones[me].cards) | faces_mask(zone_or_none(obs, "passing", me))
    known = mine
    cur_hand = [0] * n
    cur_hand[me] = mine
    for s in range(n):
        known |= played_hand[s] | mask_of(CARDS[c] for c in hole_played[s])
    for zone in obs.zones:
        if zone.name in ("trump", "trick", "last_trick", "taken"):
            known |= mask_of(zone.faces)
    # cards this seat gave to another hand, still there
    gave_hand = [0] * n
    for s, (t, cards) in passed.items():
        if s == me:
            gave_hand[t] = cards & ~played_hand[t]
    holes: list[list[int]] = []
    for s in range(n):
        z = hole_zones[s]
        holes.append([])
        if z is not None:
            for e in z.cards:
                if isinstance(e, Card):
                    known |= 1 << e.index
    if opening is not None:
        s, c = opening  # the opening card lies in its opener's hand until led
        if s != me and not (known >> c & 1):
            gave_hand[s] |= 1 << c
    for t in range(n):
        known |= gave_hand[t]
    pool = deal_mask & ~known
    out_zone = zone_or_none(obs, "out")

    # ---- hidden places: other hands, hole rows, cards left out
    slots: list[int] = []
    places: list[tuple[str, int, int]] = []  # (kind, seat, position)
    for s in range(n):
        if s == me:
            continue
        entries = list(hand_zones[s].cards)
        for c in bits(gave_hand[s]):
            design = deck.back_of(CARDS[c])
            for i, e in enumerate(entries):
                if isinstance(e, Back) and e.design == design:
                    del entries[i]
                    break
        for e in entries:
            slots.append(allowed_by_back(deck, e) & ~void[s])
            places.append(("hand", s, 0))
    for s in range(n):
        z = hole_zones[s]
        if z is None:
            continue
        for i, e in enumerate(z.cards):
            if not isinstance(e, Card):
                slots.append(allowed_by_back(deck, e))
                places.append(("hole", s, i))
    out_cards: list[int] = []
    if out_zone is not None and out_zone.cards and isinstance(out_zone.cards[0], Back):
        # left out face down (Foresight); a fixed list of cards out otherwise
        for e in out_zone.cards:
            slots.append(allowed_by_back(deck, e))
            places.append(("out", -1, 0))
    got = assign(slots, pool, rng)
    if len(got) != pool.bit_count():
        raise WorldError("hidden places and hidden cards differ in number")
    for s in range(n):
        cur_hand[s] |= gave_hand[s]
        z = hole_zones[s]
        if z is not None:
            holes[s] = [e.index if isinstance(e, Card) else -1 for e in z.cards]
    for (kind, s, i), c in zip(places, got, strict=True):
        if kind == "hand":
            cur_hand[s] |= 1 << c
        elif kind == "hole":
            holes[s][i] = c
        else:
            out_cards.append(c)

    # ---- back to the deal: undo the exchange and the passes
    deal_hand = [cur_hand[s] | played_hand[s] for s in range(n)]
    deal_holes = [[*hole_played[s], *holes[s]] for s in range(n)]
    queues: dict[tuple[Any, Any], list[int]] = {}
    if put is not None and took is not None:
        seat, place, y = put
        x = took[2]
        if y < 0:  # the card laid in the hole: in the row at its place, or played since
            y = _row_card(holes[seat], hole_played[seat], place, rng)
        if x < 0:
            x = rng.choice(bits(deal_hand[seat] & ~(1 << y)))
        deal_hand[seat] = (deal_hand[seat] | 1 << y) & ~(1 << x)
        row = _row_with(holes[seat], hole_played[seat], y, place)
        row[place] = x
        deal_holes[seat] = row
        queues[(seat, "put")] = [y]
    elif took is not None:
        seat, place, x = took  # picked up, not yet put back
        if x < 0:
            x = rng.choice(bits(cur_hand[seat]))
        deal_hand[seat] &= ~(1 << x)
        row = deal_holes[seat]
        row.insert(min(place, len(row)), x)
    if passed:
        _undo_passes(world, me, n, passed, picks, deal_hand, deal_holes, hole_played, rng)
    elif any(picks):
        # passing in progress: others' picks so far, drawn from their hands
        for s in range(n):
            if s == me or not picks[s]:
                continue
            verbs = [v for v, _ in picks[s]]
            chosen = pick(cur_hand[s], verbs.count(verbs[0]), rng)
            queues[(s, verbs[0])] = chosen
            if len(set(verbs)) > 1:
                queues[(s, verbs[-1])] = [rng.choice(chosen)]
    for s in range(n):
        for verb, c in picks[s]:
            if c >= 0 or s == me:
                queues.setdefault((s, verb), []).append(c)

    parts: dict[tuple[str, int | None], Sequence[int]] = {}
    for s in range(n):
        parts[("hand", s)] = bits(deal_hand[s])
        parts[("hole", s)] = deal_holes[s]
    trump_zone = zone_or_none(obs, "trump")
    if trump_zone is not None:
        parts[("trump", None)] = [c.index for c in trump_zone.faces]
    parts[("out", None)] = out_cards
    world.apply(deal_action(world, parts))
    cursor = {k: 0 for k in queues}

    def action_of(w: State, ev: Event) -> str | None:
        k = ev.kind
        s = ev.seat
        if k == "play":
            c = ev.cards[0]
            if ev.get("from") == "hole":
                return f"play hole {w.holes[s].index(c.index) + 1}"  # type: ignore[attr-defined]
            return f"play {c.code}"
        if k == "pick" or k == "put":
            verb = ev.get("verb") if k == "pick" else "put"
            if ev.hidden:
                return f"{verb} {ev.hidden[0].code}"
            key = (s, verb)
            i = cursor[key]
            cursor[key] = i + 1
            return f"{verb} {CARDS[queues[key][i]].code}"
        if k == "bid":
            return "bid " + " ".join(map(str, ev.get("bid")))
        if k == "skip":
            return "skip"
        if k == "take":
            return f"take {ev.get('place')}"
        return None

    replay(world, hist, action_of)
    world.scores = list(obs.scores)
    return world


SUIT = (*SUIT_MASKS, 0)


def _row_card(row: list[int], played: list[int], place: int, rng: random.Random) -> int:
    """The card laid at ``place`` of a hole row: still there, or one played from the row."""
    if place < len(row) and not played:
        return row[place]
    cands = [c for i, c in enumerate(row) if place - len(played) <= i <= place]
    return rng.choice([*played, *cands])


def _row_with(row: list[int], played: list[int], y: int, place: int) -> list[int]:
    """A row from which removing ``played`` leaves ``row``, with ``y`` at ``place``."""
    others = [c for c in played if c != y]
    if y in row:
        j = row.index(y)
        need = place - j
        if not 0 <= need <= len(others):
            raise WorldError("the exchanged hole card cannot be placed")
        return others[:need] + row[: j + 1] + others[need:] + row[j + 1 :]
    out = others + row
    if place > len(out):
        raise WorldError("the exchanged hole card cannot be placed")
    out.insert(place, y)
    return out


def _undo_passes(
    world: State,
    me: int,
    n: int,
    passed: dict[int, tuple[int, int]],
    picks: list[list[tuple[str, int]]],
    deal_hand: list[int],
    deal_holes: list[list[int]],
    hole_played: list[list[int]],
    rng: random.Random,
) -> None:
    """Move every passed card back to its passer (in place), choosing the unseen ones."""
    marked = any(v == "hole" for p in picks for v, _ in p)
    count = sum(1 for v, _ in picks[me] if v == "pass") if picks[me] else 0
    if not count:
        count = max(sum(1 for v, _ in p if v == "pass") for p in picks)
    sent: dict[int, tuple[int, int]] = {}  # passer -> (hand part, hole card)
    for s, (t, seen) in passed.items():
        hole_card = -1
        if marked:
            row = deal_holes[t]
            if s == me:
                hole_card = next(c for v, c in picks[me] if v == "hole")
            elif hole_played[t] and len(row) > len(hole_played[t]):
                # the received hole card sits last in the row, unless played already
                hole_card = rng.choice([*hole_played[t], row[-1]])
            elif hole_played[t]:
                hole_card = rng.choice(hole_played[t])
            else:
                hole_card = row[-1]
        if s == me:
            hand_part = mask_of(CARDS[c] for v, c in picks[me] if v == "pass")
            if hole_card >= 0:
                hand_part &= ~(1 << hole_card)
        elif seen >= 0:
            hand_part = seen
        else:
            k = count - (1 if marked else 0)
            hand_part = mask_of(CARDS[c] for c in pick(deal_hand[t], k, rng))
        sent[s] = (hand_part, hole_card)
    for s, (hand_part, hole_card) in sent.items():
        t = passed[s][0]
        deal_hand[t] &= ~hand_part
        deal_hand[s] |= hand_part
        if hole_card >= 0:
            deal_holes[t].remove(hole_card)
            deal_hand[s] |= 1 << hole_card
    for s, (hand_part, hole_card) in sent.items():
        if s == me:
            continue
        cards = bits(hand_part | (1 << hole_card if hole_card >= 0 else 0))
        rng.shuffle(cards)
        picks[s] = [("pass", c) for c in cards]
        if hole_card >= 0:
            picks[s].append(("hole", hole_card))


# ------------------------------------------------------------------ knock rummy
def sample_rummy_world(game: Game, obs: Observation, rng: random.Random) -> State:
    """A world for a :class:`~cardlab.rules.rummy.KnockRummy` game (two seats).

    The opponent's unseen cards, the face-down cards on offer and the stock are dealt
    from the unseen cards (honouring every back shown: hand, side cards, the stock's
    top, the backs of the opponent's face-down draws); the hand's deal is rebuilt by
    sending each face-down draw back to its place in the stock and the opponent's other
    cards to its dealt hand.
    """
    return retry(_rummy_world, game, obs, rng)


def _rummy_world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = obs.seat
    if me is None:
        raise WorldError("worlds are sampled for a seat")
    opp = 1 - me
    deck = game.deck
    world = resume(game, obs)
    rule = world.DEAL
    deal_mask = rule.layout(game, rule.variant_of(world))[2]
    draws = type(world).DRAWS  # type: ignore[attr-defined]
    sides = [s for s in draws if s in ("left", "right")]

    # ---- the history: who drew what from where, in order
    side_pos: dict[str, tuple[str, int]] = {s: (s, 0) for s in sides}
    next_stock = 0
    fd: dict[tuple[str, int], int] = {}  # face-down position -> card (-1: the opponent's)
    opp_draws: list[tuple[tuple[str, int], int, int]] = []  # (position, allowed, time)
    held_pickups = 0  # upcards the opponent took and still holds
    known_at: dict[int, int] = {}  # time of an opponent's face-down draw -> pickups held
    upcard = -1
    for t, ev in enumerate(obs.history):
        k = ev.kind
        s = ev.seat
        if k == "deal" and ev.cards:
            upcard = ev.cards[0].index
        elif k == "draw":
            src = ev.get("source")
            if src == "upcard":
                c = ev.cards[0].index
                if s == opp:
                    held_pickups |= 1 << c
                continue
            if src == "stock":
                pos = ("stock", next_stock)
                next_stock += 1
            else:
                pos = side_pos[src]
                side_pos[src] = ("stock", next_stock)
                next_stock += 1
            if s == me:
                fd[pos] = ev.hidden[0].index
            else:
                fd[pos] = -1
                known_at[t] = held_pickups
                back = ev.get("back")
                allowed = allowed_by_back(deck, Back(back)) if back else deck.mask
                opp_draws.append((pos, allowed, t))
        elif k == "discard" and s == opp:
            held_pickups &= ~(1 << ev.cards[0].index)

    # ---- the cards now: the opponent's unseen cards, the face-down cards on offer
    my_hand = mask_of(obs.zone("hand", me).cards)
    pile = mask_of(obs.zone("discard").faces)
    pool = deal_mask & ~my_hand & ~pile & ~held_pickups
    slots: list[int] = []
    places: list[tuple[str, int]] = []
    for e in obs.zone("hand", opp).cards:
        slots.append(allowed_by_back(deck, e))
        places.append(("opp", 0))
    # opponent's known pickups show backs too: drop one matching back for each
    if held_pickups:
        for c in bits(held_pickups):
            design = deck.back_of(CARDS[c])
            for i, (kind, _) in enumerate(places):
                if kind == "opp" and allowed_by_back(deck, Back(design)) == slots[i]:
                    del slots[i], places[i]
                    break
            else:
                raise WorldError("an upcard the opponent holds is not in its hand")
    for s in sides:
        z = obs.zone(s)
        if z.cards:
            slots.append(allowed_by_back(deck, z.cards[0]))
            places.append((s, 0))
    stock = obs.zone("stock").cards
    depth = len(stock)
    for j, e in enumerate(stock):
        slots.append(allowed_by_back(deck, e))
        places.append(("stock", next_stock + depth - 1 - j))
    if len(slots) != pool.bit_count():
        raise WorldError("hidden places and hidden cards differ in number")
    got = assign(slots, pool, rng)
    opp_now = 0
    for (kind, i), c in zip(places, got, strict=True):
        if kind == "opp":
            opp_now |= 1 << c
        elif kind == "stock":
            fd[("stock", i)] = c
        else:
            fd[side_pos[kind]] = c

    # ---- back to the deal: walk the history backwards, undoing draws and discards
    hands = [0, 0]
    hands[me] = my_hand
    hands[opp] = opp_now | held_pickups
    allowed_at = {t: allowed for _, allowed, t in opp_draws}
    pos_at = {t: pos for pos, _, t in opp_draws}
    hist = obs.history
    for t in range(len(hist) - 1, -1, -1):
        ev = hist[t]
        k = ev.kind
        s = ev.seat
        if s is None or k not in ("draw", "discard"):
            continue
        if k == "discard":
            hands[s] |= 1 << ev.cards[0].index
        elif ev.cards:
            hands[s] &= ~(1 << ev.cards[0].index)
        elif s == me:
            hands[s] &= ~(1 << ev.hidden[0].index)
        else:
            cands = hands[s] & allowed_at[t] & ~known_at[t]
            if not cands:
                raise WorldError("no card fits an opponent's face-down draw")
            c = rng.choice(bits(cands))
            hands[s] &= ~(1 << c)
            fd[pos_at[t]] = c
    for c in fd.values():
        if c < 0:
            raise WorldError("a face-down card left unplaced")
    my_deal, opp_deal = hands[me], hands[opp]

    parts: dict[tuple[str, int | None], Sequence[int]] = {
        ("hand", me): bits(my_deal),
        ("hand", opp): bits(opp_deal),
        ("upcard", None): [upcard],
        ("stock", None): [fd[("stock", i)] for i in range(sum(1 for p in fd if p[0] == "stock"))],
    }
    for s in sides:
        parts[(s, None)] = [fd[(s, 0)]]
    world.apply(deal_action(world, parts))

    def action_of(w: State, ev: Event) -> str | None:
        k = ev.kind
        if k == "draw":
            return f"draw {ev.get('source')}"
        if k == "discard":
            return f"discard {ev.cards[0].code}"
        if k == "pass":
            return "pass"
        return None

    replay(world, obs.history, action_of)
    world.scores = list(obs.scores)
    return world
