"""Sampled worlds for the trick-taking family, for any number of seats.

:func:`sample_trick_world` serves every :class:`~cardlab.rules.tricks.TrickGame` that does
not sample its own: hands, hole rows (:class:`~cardlab.rules.tricks.HoleTrickGame`),
secret passes (:class:`~cardlab.rules.passing.SecretPick`, with a hole mark), a trump
card, cards left out, and a leader's hole exchange (``take``/``put``).  It reads the
family's rules from the state itself (the cards that must be broken, the first-trick bar,
trumps played at any time).

A world is built in three steps (see :mod:`cardlab.rules.worlds`):

1. **now**: the hidden cards go to the places the seat cannot see (other hands, hole
   cards face down, cards left out face down), each honouring the back it shows and the
   suits its holder has shown to lack (a discard off suit, a lead of an unbroken suit, a
   barred card, the lowest club led; where the Joker follows trumps, not following a
   trump lead shows the Joker is not held either);
2. **the deal**: walking the history backwards, every card played goes back where it
   came from (the hand, or its place in the hole row), the exchange and the passes are
   undone, so the hole rows are exactly as dealt;
3. **the replay**: the deal and the history are replayed by the rules, the other seats'
   passes and the leader's card laid in the hole supplied as the world says.

Approximations (sampling is not exactly uniform over consistent worlds): places are
filled most-constrained first with random choices, not by an exact weighted count of
completions; the cards another seat passed between two other seats are drawn from the
receiver's holdings without regard to the backs shown when they were passed (the backs of
every card held now are honoured); a leader's hole card picked up unseen is drawn among
the cards it could have been, without regard to its back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.cards import CARDS, SUIT_MASKS, Card
from ..core.events import Event
from ..core.observation import Back, Observation, Zone
from ..core.spec import Game
from ..core.state import State
from .tricks import JOKER, RANK_ORDER, TrickGame
from .worlds import (
    WorldError,
    allowed_by_back,
    assign,
    bits,
    deal_action,
    faces_mask,
    mask_of,
    pick,
    replay,
    resume,
    retry,
    seat_of,
    zone_or_none,
)

#: The cards of each suit by suit index, and none for "no suit" (index -1).
SUIT = (*SUIT_MASKS, 0)


def sample_trick_world(game: Game, obs: Observation, rng: random.Random) -> TrickGame:
    """A world for a :class:`~cardlab.rules.tricks.TrickGame` (see the module docstring)."""
    world = retry(_trick_world, game, obs, rng)
    assert isinstance(world, TrickGame)
    return world


def _trick_world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    deck = game.deck
    world = resume(game, obs)
    if not isinstance(world, TrickGame):
        raise TypeError(f"{type(world).__name__} is not a trick game")
    rule = world.DEAL
    deal_mask = rule.layout(game, rule.variant_of(world))[2]
    hist = obs.history
    backs = deck.back_masks if deck.backs else None
    cls = type(world)

    # ---- what the history says
    played_hand = [0] * n
    hole_played: list[int] = [0] * n
    void = [0] * n  # suits (as card masks) a seat has shown it lacks
    picks: list[list[tuple[str, int]]] = [[] for _ in range(n)]  # (verb, card or -1)
    passed: dict[int, tuple[int, int]] = {}  # seat -> (receiver, hand cards I saw or -1)
    took: tuple[int, int, int] | None = None  # (seat, place, card or -1)
    rows: list[tuple[str, int, int, int]] = []  # what changed a hole row, in order
    led = -1
    trump = -1
    joker = 1 << JOKER if cls.JOKER_TRUMP else 0

    def lacks(led: int, trump: int) -> int:
        """The cards a seat shows it lacks by not following ``led`` (the Joker follows
        trumps)."""
        return SUIT[led] | joker if led == trump else SUIT[led]

    breaks = world.breaks
    bar = world.first_bar
    broken = False
    first = True
    opening: tuple[int, int] | None = None  # (opener, opening card)
    for ev in hist:
        k = ev.kind
        if k == "play":
            s = _seat(ev)
            c = ev.cards[0].index
            if ev.get("from") == "hole":
                hole_played[s] |= 1 << c
                rows.append(("play", s, _place(ev), c))
                if led >= 0 and backs is not None and not backs[c] >> led & 1:
                    void[s] |= lacks(led, trump)
            else:
                played_hand[s] |= 1 << c
                if led >= 0 and (c >= 52 or c // 13 != led):
                    if not (c >= 52 and led == trump) and not (
                        cls.TRUMP_ANYTIME and c // 13 == trump
                    ):
                        void[s] |= lacks(led, trump)
                    if first and bar >> c & 1:
                        void[s] |= ~bar  # a barred discard: nothing else in hand
                elif led < 0:
                    if breaks >> c & 1 and not broken:
                        void[s] |= ~breaks  # led unbroken: nothing else in hand
                    if first and cls.BAR_LEADS and bar >> c & 1:
                        void[s] |= ~bar
            if led < 0:
                led = trump if c >= 52 else c // 13
        elif k == "lead":
            # the opener held the lowest card of a suit in any hand (or no hand held one)
            opener = _seat(ev)
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
            picks[_seat(ev)].append((ev.get("verb"), ev.hidden[0].index if ev.hidden else -1))
        elif k == "pass":
            s = _seat(ev)
            passed[s] = (ev.get("to"), mask_of(ev.hidden) if ev.hidden else -1)
            rows.append(("receive", ev.get("to"), 0, s))
        elif k == "take":
            s = _seat(ev)
            took = (s, ev.get("place") - 1, ev.hidden[0].index if ev.hidden else -1)
            rows.append(("take", s, ev.get("place") - 1, 0))
        elif k == "put":
            rows.append(("put", _seat(ev), ev.get("place") - 1, 0))

    # ---- where every card is now, as far as the seat knows
    hand_zones = [obs.zone("hand", s) for s in range(n)]
    hole_zones: list[Zone | None] = [zone_or_none(obs, "hole", s) for s in range(n)]
    mine = mask_of(hand_zones[me].cards) | faces_mask(zone_or_none(obs, "passing", me))
    known = mine
    cur_hand = [0] * n
    cur_hand[me] = mine
    for s in range(n):
        known |= played_hand[s] | hole_played[s]
    for zone in obs.zones:
        if zone.name in ("trump", "trick", "last_trick", "taken"):
            known |= mask_of(zone.faces)
    # cards this seat gave to another hand, still there
    gave_hand = [0] * n
    for s, (t, cards) in passed.items():
        if s == me:
            gave_hand[t] = cards & ~played_hand[t]
    for z in hole_zones:
        if z is not None:
            known |= mask_of(z.cards)
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
    holes: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        z = hole_zones[s]
        if z is None:
            continue
        for i, e in enumerate(z.cards):
            if isinstance(e, Card):
                holes[s].append(e.index)
            else:
                holes[s].append(-1)
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
    for (kind, s, i), c in zip(places, got, strict=True):
        if kind == "hand":
            cur_hand[s] |= 1 << c
        elif kind == "hole":
            holes[s][i] = c
        else:
            out_cards.append(c)

    # ---- back to the deal: the hole rows as dealt, the exchange and the passes undone
    deal_hand = [cur_hand[s] | played_hand[s] for s in range(n)]
    hole_of: dict[int, int] = {}  # passer -> the card it laid in its receiver's hole
    marked = any(v == "hole" for p in picks for v, _ in p)
    queues: dict[tuple[int, str], list[int]] = {}
    for op, s, place, c in reversed(rows):
        row = holes[s]
        if op == "play":  # played from the row: back to its place
            if place > len(row):
                raise WorldError("a hole card played from a place the row did not have")
            row.insert(place, c)
        elif op == "receive":  # the passer's marked card was laid last in the row
            if not marked:
                continue
            if not row:
                raise WorldError("a hole card passed is missing from its row")
            hole_of[c] = row.pop()
        elif op == "put":  # the card laid in the hole came from the hand
            if place >= len(row):
                raise WorldError("the card laid in the hole is missing from its row")
            y = row.pop(place)
            deal_hand[s] |= 1 << y
            if s != me:  # the seat's own card is in its history
                queues[(s, "put")] = [y]
        else:  # picked up from the row into the hand
            assert took is not None
            x = took[2]
            if x < 0:  # the leader's pick-up the seat did not see
                x = rng.choice(bits(deal_hand[s]))
            if not deal_hand[s] >> x & 1 or place > len(row):
                raise WorldError("the hole card picked up cannot be placed")
            row.insert(place, x)
            deal_hand[s] &= ~(1 << x)
    if passed:
        _undo_passes(me, passed, picks, hole_of, deal_hand, rng)
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
        if s != me and passed:
            for verb, c in picks[s]:
                queues.setdefault((s, verb), []).append(c)

    parts: dict[tuple[str, int | None], Sequence[int]] = {}
    for s in range(n):
        parts[("hand", s)] = bits(deal_hand[s])
        parts[("hole", s)] = holes[s]
    trump_zone = zone_or_none(obs, "trump")
    if trump_zone is not None:
        parts[("trump", None)] = [c.index for c in trump_zone.faces]
    parts[("out", None)] = out_cards

    def hidden(w: State, seat: int, history: Sequence[Event], i: int) -> str:
        ev = history[i]
        verb = ev.get("verb") or ev.kind
        queue = queues.get((seat, verb))
        if not queue:
            raise WorldError(f"no card for {ev.text!r}")
        return f"{verb} {CARDS[queue.pop(0)].code}"

    replay(world, obs, chance=[deal_action(world, parts)], hidden=hidden)
    return world


def _seat(ev: Event) -> int:
    if ev.seat is None:
        raise WorldError(f"{ev.text!r} names no seat")
    return ev.seat


def _place(ev: Event) -> int:
    """The place (from 0) in the hole row a ``play hole N`` event's card came from."""
    act = ev.action
    if act is None or len(act.args) != 2 or not act.args[1].isdigit():
        raise WorldError(f"{ev.text!r} does not say which hole card was played")
    return int(act.args[1]) - 1


def _undo_passes(
    me: int,
    passed: dict[int, tuple[int, int]],
    picks: list[list[tuple[str, int]]],
    hole_of: dict[int, int],
    deal_hand: list[int],
    rng: random.Random,
) -> None:
    """Move every passed card back to its passer (in place), choosing the unseen ones;
    each other seat's picks become the cards it passed, in a random order."""
    marked = bool(hole_of)
    count = sum(1 for v, _ in picks[me] if v == "pass") if picks[me] else 0
    if not count:
        count = max(sum(1 for v, _ in p if v == "pass") for p in picks)
    sent: dict[int, tuple[int, int]] = {}  # passer -> (hand part, hole card)
    for s, (t, seen) in passed.items():
        hole_card = hole_of.get(s, -1)
        if marked and hole_card < 0:
            raise WorldError("a pass without its hole card")
        if s == me:
            hand_part = mask_of(CARDS[c] for v, c in picks[me] if v == "pass")
            mark = next((c for v, c in picks[me] if v == "hole"), -1)
            if mark != hole_card:
                raise WorldError("the seat's own hole card is not where it laid it")
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
            deal_hand[s] |= 1 << hole_card
    for s, (hand_part, hole_card) in sent.items():
        if s == me:
            continue
        cards = bits(hand_part | (1 << hole_card if hole_card >= 0 else 0))
        rng.shuffle(cards)
        picks[s] = [("pass", c) for c in cards]
        if hole_card >= 0:
            picks[s].append(("hole", hole_card))


__all__ = ["sample_trick_world"]
