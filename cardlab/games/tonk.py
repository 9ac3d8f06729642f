"""Tonk: keep the lowest hand, shed cards into books and spreads, and know when to go down.

Rules in brief
--------------
Two to eight players use one 52-card pack.  Each gets five cards; the next card starts
the face-up discard pile and the rest is the face-down stock.  Cards count their pips:
Ace 1, two to ten as marked, Jack, Queen and King 10 each.  Every payment is a number of
*payoffs* (``payoff`` chips each).

Straight after the deal every hand is checked: a total of 15 or less, or of 49 or 50, is
a *Tonk*.  If anyone has one, the hand ends there: each player without a Tonk pays each
player with one a double payoff.

Otherwise play goes round to the left, starting left of the dealer.  On a turn a player
does one of two things.

* **Go down**: show the hand and its total.  With the strictly lowest total at the table
  the player wins one payoff from each other player.  Otherwise the player pays a double
  payoff to every player whose total is the same or lower, and every other player pays a
  payoff to each player holding the lowest total.
* **Play**: take the top card of the stock or of the discard pile (a card taken from the
  pile cannot go back on it that turn), then lay down, as often as the hand allows,
  *books* (three or four of a kind) and *spreads* (three or more cards in sequence in one
  suit, Ace low: A-2-3 up to J-Q-K), and add single cards to either end of any spread on
  the table, whoever laid it.  Books take no more cards.  Cards on the table no longer
  count in the hand.  Then discard one card.

Whoever gets rid of every card, by laying down or by the discard, wins the hand and takes
one payoff from each other player.  When the last card of the stock has been drawn, the
hand ends after that turn as if the next player had gone down: the lowest total takes a
payoff from every other player (equal lowest totals each take one).

A game is a number of hands (by default one deal each); the deal passes to the left.
Every payment is a score line; a balance is ``starting_chips`` plus its lines, may go
below zero, and the highest balance at the end wins.

Options
-------
{options}

Rulings
-------
* Several Tonks after the deal: each player without one pays each Tonk player a double
  payoff; when every hand is a Tonk nobody pays.  The Tonk hands are shown; the others
  stay hidden.
* Going down: a tie for the lowest total is a lost drop.  The goer pays a double payoff
  to each player at or below its total; each player who is neither the goer nor among
  the lowest totals pays one payoff to each lowest total other than the goer's.
* The hand also ends after ``max_turns`` turns, scored as when the stock runs out.
* Laying down and extending may not leave the hand holding only the card just taken from
  the discard pile (it could not be discarded): keep another card, or lay them all.
* An extension is one card on one spread; a card that fits two spreads names the one it
  goes on.  Spreads are numbered on the table in the order they were laid.
* Going down shows every hand; so does the end of the stock.  A player who goes out by
  emptying the hand is paid without anyone showing a hand.
* Explicit deals list five cards per seat (``hands=[...]``), the upcard that starts the
  discard pile, then the stock from the top down:
  ``game.deal(hands=[...], upcard="5C", stock=[...])``.

Actions
-------
``down``, ``draw stock``, ``draw discard``; then ``lay 8H 8D 8S`` (a book or a spread),
``extend 8S on 9S`` (a card onto the spread whose lowest card is named), ``discard XX``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, factorial, perm
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, cards_of, mask_of
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules import melds as _m
from ..rules.chips import ChipGame
from ..rules.deals import DealRule, each_seat, pile
from ..rules.rummy import VALUE, connections
from ..rules.rummy_worlds import sample_rummy_world
from ..rules.table_melds import (
    LAID,
    RUN,
    MeldRules,
    TableMeld,
    extensions,
    meld_cards,
    meld_zones,
    new_meld,
    why_not_extend,
    why_not_meld,
)
from ..rules.table_melds import extend as extend_meld

__all__ = [
    "GAME",
    "TonkBot",
    "TonkOptions",
    "TonkState",
    "chance_all_higher",
    "down_chance",
    "down_payments",
    "hand_total",
    "is_tonk",
    "low_payments",
    "net_chips",
    "table_odds",
    "tonk_payments",
]

HAND_SIZE = 5
TONK_LOW = 15
TONK_HIGH = 49
WORDS = {"set": "book", "run": "spread"}
#: Books of three or four (never extended) and spreads in one suit, Ace low.
RULES = MeldRules(sets=True, runs=True, max_set=4, extend_sets=False, extend_runs=True)

DOWN = action("down")
DRAW_STOCK = action("draw stock")
DRAW_DISCARD = action("draw discard")
DISCARD = CardActions("discard")
_BIT = tuple(1 << i for i in range(52))


@dataclass(frozen=True)
class TonkOptions(DealerOptions):
    cap: ClassVar[str] = "max_turns"
    hands: int | None = option(
        None,
        "hands in the game (None: one deal per player, so that everyone deals once)",
        min=1,
        max=10_000,
    )
    starting_chips: int = option(
        100, "chips each player starts with (a balance may go below zero)", min=0, max=1_000_000
    )
    payoff: int = option(
        1,
        "chips in one payoff: going out, a won drop and the stock's end pay one, a Tonk "
        "at the deal and a lost drop two",
        min=1,
        max=1_000,
    )
    max_turns: int = option(
        200,
        "a hand ends after this many turns and is scored as when the stock runs out",
        min=1,
        max=10_000,
    )


# ------------------------------------------------------------------ arithmetic
def hand_total(cards: Any) -> int:
    """The points of a hand: Ace 1, two to ten their number, pictures 10.

    ``cards`` is a bitmask, a string such as ``"KC 10C 3C 2S AH"`` or cards.

    >>> hand_total("KC 10C 3C 2S AH")
    26
    """
    mask = cards if isinstance(cards, int) else mask_of(_parse(cards))
    return _m.card_values(mask)


def _parse(cards: Any) -> list[Card]:
    from ..core.cards import parse_cards

    return list(parse_cards(cards))


def is_tonk(total: int) -> bool:
    """Whether a five-card total just dealt is a Tonk (15 or less, or 49 or 50)."""
    return total <= TONK_LOW or total >= TONK_HIGH


Payment = tuple[int, int, int]  # payer, payee, payoffs


def tonk_payments(totals: list[int]) -> list[Payment]:
    """After the deal: each player without a Tonk pays each Tonk two payoffs."""
    tonks = [s for s, t in enumerate(totals) if is_tonk(t)]
    return [(p, s, 2) for s in tonks for p in range(len(totals)) if p not in tonks]


def down_payments(totals: list[int], goer: int) -> list[Payment]:
    """Who pays whom (in payoffs) when ``goer`` goes down with these totals.

    >>> down_payments([9, 10, 25], 0)
    [(1, 0, 1), (2, 0, 1)]
    >>> down_payments([12, 5, 25], 0)
    [(0, 1, 2), (2, 1, 1)]
    """
    n = len(totals)
    mine = totals[goer]
    others = [s for s in range(n) if s != goer]
    if all(totals[s] > mine for s in others):
        return [(s, goer, 1) for s in others]
    out: list[Payment] = [(goer, s, 2) for s in others if totals[s] <= mine]
    low = min(totals[s] for s in others)
    lowest = [s for s in others if totals[s] == low]
    out += [(p, s, 1) for s in lowest for p in others if p not in lowest]
    return out


def low_payments(totals: list[int]) -> list[Payment]:
    """The stock's end: every player pays one payoff to each lowest total."""
    low = min(totals)
    lowest = [s for s, t in enumerate(totals) if t == low]
    return [(p, s, 1) for s in lowest for p in range(len(totals)) if p not in lowest]


def net_chips(payments: list[Payment], players: int, payoff: int = 1) -> list[int]:
    """Each seat's net gain in chips from a list of payments."""
    net = [0] * players
    for payer, payee, k in payments:
        net[payer] -= k * payoff
        net[payee] += k * payoff
    return net


# --------------------------------------------------------------- the odds
@cache
def _all_higher(total: int, pool: tuple[int, ...], others: tuple[tuple[int, int], ...]) -> Fraction:
    """P(every other hand totals more than ``total``): ``pool[v]`` unseen cards of value
    ``v``, ``others`` (cards not known, points known) per other hand; hands uniformly
    drawn from the pool."""
    cap = total + 1
    size = sum(pool)
    need_all = sum(k for k, _ in others)
    if need_all > size:
        raise ValueError("more hidden cards than unseen cards")
    values = [v for v in range(10, 0, -1) if pool[v]]
    # the most points a hand can still add, by cards still needed, from the classes left
    states: dict[tuple[tuple[int, int], ...], int] = {
        tuple(sorted((k, min(p, cap)) for k, p in others)): 1
    }
    for vi, v in enumerate(values):
        n = pool[v]
        top = values[vi + 1] if vi + 1 < len(values) else 0
        cur: dict[tuple[tuple[tuple[int, int], ...], int], int] = {
            (st, n): w for st, w in states.items()
        }
        for pos in range(len(others)):
            nxt: dict[tuple[tuple[tuple[int, int], ...], int], int] = {}
            for (st, rem), w in cur.items():
                need, pts = st[pos]
                for j in range(min(need, rem) + 1):
                    left = need - j
                    got = min(pts + j * v, cap)
                    if got < cap and got + left * top < cap:
                        continue  # can no longer pass the total
                    new = (*st[:pos], (left, got), *st[pos + 1 :])
                    key = (new, rem - j)
                    nxt[key] = nxt.get(key, 0) + w * comb(rem, j)
            cur = nxt
        states = {}
        for (st, _), w in cur.items():
            ordered = tuple(sorted(st))
            states[ordered] = states.get(ordered, 0) + w
    good = sum(w for st, w in states.items() if all(k == 0 and p >= cap for k, p in st))
    ways = factorial(size)
    for k, _ in others:
        ways //= factorial(k)
    ways //= factorial(size - need_all)
    return Fraction(good, ways)


#: Compositions pack six bits per value; a set guard bit means a count above the pool's.
GUARD = sum(32 << 6 * v for v in range(10))


@cache
def _hands(k: int, pool: tuple[int, ...], low: bool, bound: int) -> tuple[tuple[int, int], ...]:
    """(packed composition, multinomial) of every k-card value multiset from pool whose
    points are <= bound (low) or > bound (not low)."""
    out: list[tuple[int, int]] = []

    def rec(v: int, left: int, pts: int, comp: int, w: int) -> None:
        if left == 0:
            if (pts <= bound) == low:
                out.append((comp, w))
            return
        if v > 10:
            return
        for c in range(min(left, pool[v]) + 1):
            p = pts + c * v
            if low and p > bound:
                break
            rec(v + 1, left - c, p, comp + (c << 6 * (v - 1)), w // factorial(c))

    rec(1, k, 0, 0, factorial(k))
    return tuple(out)


def _times(a: dict[int, int], hands: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """Every composition of ``a`` with one more hand (within the pool's counts)."""
    out: dict[int, int] = {}
    g = GUARD
    for u, x in a.items():
        for c, w in hands:
            key = u + c
            if key & g:
                continue
            out[key] = out.get(key, 0) + x * w
    return out


def _weigh(a: dict[int, int], pool: tuple[int, ...], base: int) -> int:
    """The card choices behind the compositions of ``a``."""
    tot = 0
    for key, x in a.items():
        f = x
        k = key - base
        for v in range(1, 11):
            u = k >> 6 * (v - 1) & 63
            if u:
                f *= perm(pool[v], u)
        tot += f
    return tot


def _by_compositions(
    total: int, pool: tuple[int, ...], others: tuple[tuple[int, int], ...]
) -> Fraction:
    """The same chance over the value compositions of the hands together: every hand
    above the total (when few hands are), or inclusion-exclusion over the hands at or
    below it."""
    size = sum(pool)
    base = sum((31 - pool[v]) << 6 * (v - 1) for v in range(1, 11))
    groups = Counter(others)
    keys = sorted(groups)
    K = sum(k for k, _ in others)
    low = {g: _hands(g[0], pool, True, total - g[1]) for g in keys}
    high = {g: _hands(g[0], pool, False, total - g[1]) for g in keys}
    if sum(len(low[g]) for g in keys) >= sum(len(high[g]) for g in keys):
        a = {base: 1}
        for g in others:
            a = _times(a, high[g])
        return Fraction(_weigh(a, pool, base) * factorial(size - K), factorial(size))
    memo: dict[tuple[int, ...], dict[int, int]] = {}
    out = Fraction(0)
    for counts in product(*(range(groups[g] + 1) for g in keys)):
        a = {base: 1}
        # build from the memo: drop one from the last nonzero
        j = max((i for i, c in enumerate(counts) if c), default=-1)
        if j >= 0:
            prev = list(counts)
            prev[j] -= 1
            a = _times(memo[tuple(prev)], low[keys[j]])
        memo[counts] = a
        ks = sum(c * g[0] for c, g in zip(counts, keys, strict=True))
        mult = 1
        for c, g in zip(counts, keys, strict=True):
            mult *= comb(groups[g], c)
        sign = -1 if sum(counts) % 2 else 1
        out += sign * mult * Fraction(_weigh(a, pool, base) * factorial(size - ks), factorial(size))
    return out


def chance_all_higher(
    total: int, pool: tuple[int, ...], others: tuple[tuple[int, int], ...]
) -> Fraction:
    """P(every other hand totals more than ``total``), exactly.

    ``pool[v]``: the unseen cards of value ``v`` (index 0 unused); ``others``: per other
    hand, the cards in it not known and the points of those known.  The hidden hands are
    drawn uniformly from the pool.
    """
    others = tuple(sorted(others))
    if len(others) <= 2:
        return _all_higher(total, pool, others)
    return _by_compositions(total, pool, others)


def quick(total: int, opponents: int) -> bool:
    """Whether the exact chance is quick to compute (well under a second): two other
    hands, or a total of 15 or less, or 40 or more."""
    return opponents <= 2 or total <= 15 or total >= 40


def known_held(obs: Observation) -> list[int]:
    """The cards each seat took face up from the discard pile this hand and still holds."""
    held = [0] * obs.players
    for ev in obs.history:
        s = ev.seat
        if s is None:
            continue
        if ev.kind == "draw" and ev.get("source") == "discard":
            held[s] |= mask_of(ev.cards)
        elif ev.kind == "discard" or ev.kind in LAID:
            held[s] &= ~mask_of(ev.cards)
    return held


def down_chance(obs: Observation) -> Fraction:
    """The exact chance that going down now wins: that every other hand totals more than
    the seat's, over every way the cards it has not seen could lie.

    What the seat has seen: its hand, the discard pile, the melds on the table and the
    cards others took from the pile and still hold; the rest are equally likely anywhere
    (the other players' choices are not read into it).
    """
    me = obs.seat
    if not isinstance(me, int):
        raise ValueError("a seat's observation is needed")
    hand = mask_of(obs.my_hand)
    seen = hand
    for z in obs.zones:
        seen |= mask_of(z.faces)
    held = known_held(obs)
    others = []
    for s in range(obs.players):
        if s == me:
            continue
        seen |= held[s]
        count = len(obs.zone("hand", s).cards)
        k = held[s].bit_count()
        others.append((count - k, _m.card_values(held[s])))
    pool = [0] * 11
    for i in range(52):
        if not seen >> i & 1:
            pool[VALUE[i]] += 1
    return chance_all_higher(_m.card_values(hand), tuple(pool), tuple(others))


def table_odds(obs: Observation) -> dict[str, float]:
    """The odds panel: the chance that going down wins, at the start of the seat's turn."""
    if obs.seat is None or obs.terminal or obs.phase != "turn" or DOWN not in obs.legal:
        return {}
    if not quick(int(obs.info["your_total"]), obs.players - 1):
        return {}
    return {"going down wins (every other total higher)": float(down_chance(obs))}


# ------------------------------------------------------------------ phases
def _turn_legal(st: TonkState, seat: int) -> tuple[Action, ...]:
    return (DOWN, DRAW_STOCK, DRAW_DISCARD) if st.pile else (DOWN, DRAW_STOCK)


def _turn_apply(st: TonkState, act: Action, seat: int) -> None:
    if act is DOWN or act == DOWN:
        st.go_down(seat)
        return
    name = st.names[seat]
    if act == DRAW_STOCK:
        idx = st.stock.pop()
        c = CARDS[idx]
        st.log(
            "draw",
            seat,
            f"{name} draws from the stock",
            f"{name} draws {c.text} from the stock",
            (seat,),
            hidden=(c,),
            public_action=True,
            source="stock",
        )
        st.taken = -1
    else:
        idx = st.pile.pop()
        c = CARDS[idx]
        st.log("draw", seat, f"{name} takes {c.text} from the discard pile", cards=(c,),
               source="discard")  # fmt: skip
        st.taken = idx
    st.hands[seat] |= _BIT[idx]
    st.phase = PLAY


def _turn_why(st: TonkState, act: Action, seat: int) -> str:
    if act.verb in ("lay", "extend", "discard"):
        return "draw first (from the stock or the discard pile), or go down"
    if act == DRAW_DISCARD:
        return "the discard pile is empty"
    return ""


def _turn_prompt(st: TonkState, seat: int) -> str:
    total = _m.card_values(st.hands[seat])
    top = f" (its top card is {CARDS[st.pile[-1]].text})" if st.pile else ""
    return f"Go down with {total}, or draw from the stock or the discard pile{top}"


def _play_legal(st: TonkState, seat: int) -> tuple[Action, ...]:
    hand = st.hands[seat]
    t = st.taken
    tbit = _BIT[t] if t >= 0 else 0
    acts: list[Action] = []
    for m in _m.candidate_melds(hand):
        left = hand & ~m
        if left and left == tbit:
            continue
        acts.append(_lay_action(m))
    table = st.table
    for meld, fit in zip(table, extensions(RULES, table, hand), strict=True):
        while fit:
            low = fit & -fit
            fit ^= low
            left = hand & ~low
            if left and left == tbit:
                continue
            acts.append(_extend_action(low.bit_length() - 1, _first(meld)))
    return (*acts, *DISCARD.of(hand & ~tbit))


@cache
def _lay_action(mask: int) -> Action:
    return Action.of("lay", _sorted(mask))


def _sorted(mask: int) -> tuple[Card, ...]:
    """A meld's cards in reading order (a spread from its low end)."""
    return tuple(sorted(cards_of(mask), key=lambda c: (c.rank, c.suit)))


def _first(meld: TableMeld) -> int:
    """The lowest card of a meld (a spread's name in actions)."""
    return meld_cards(RULES, meld)[0].index


@cache
def _extend_action(card: int, first: int) -> Action:
    return action(f"extend {CARDS[card].code} on {CARDS[first].code}")


def _play_apply(st: TonkState, act: Action, seat: int) -> None:
    verb = act.verb
    name = st.names[seat]
    if verb == "discard":
        c = act.cards[0]
        st.hands[seat] &= ~c.bit
        st.pile.append(c.index)
        st.log("discard", seat, f"{name} discards {c.text}", cards=(c,))
        st.taken = -1
        st.turns += 1
        st.end_turn(seat)
        return
    if verb == "lay":
        mask = mask_of(act.cards)
        meld = new_meld(RULES, seat, mask)
        st.table.append(meld)
        kind = WORDS[meld.kind]
        cards = _sorted(mask)
        st.hands[seat] &= ~mask
        st.log(
            "meld",
            seat,
            f"{name} lays down the {kind} {_text(cards)}",
            cards=cards,
            meld=len(st.table) - 1,
            what=kind,
        )
    else:
        c, first = act.cards
        i = next(k for k, m in enumerate(st.table) if m.cards >> first.index & 1)
        meld = st.table[i]
        st.table[i] = extend_meld(RULES, meld, c.bit)
        st.hands[seat] &= ~c.bit
        whose = "own" if meld.owner == seat else f"{st.names[meld.owner]}'s"
        st.log(
            "meld",
            seat,
            f"{name} adds {c.text} to {whose} spread {_text(meld_cards(RULES, meld))}",
            cards=(c,),
            meld=i,
            to=meld.owner,
            what="extension",
        )
    if not st.hands[seat]:
        st.go_out(seat)


def _play_why(st: TonkState, act: Action, seat: int) -> str:
    verb = act.verb
    hand = st.hands[seat]
    if verb in ("draw", "down"):
        return "you have already drawn this turn: lay down, extend a spread or discard"
    if verb not in ("lay", "extend", "discard"):
        return ""
    missing = [c for c in act.cards[: 1 if verb == "extend" else None] if not hand & c.bit]
    if not act.cards:
        example = CARDS[(hand & -hand).bit_length() - 1].code
        return f"name cards from your hand, e.g. '{verb} {example}'"
    if missing:
        return f"you don't hold {_text(missing)}"
    taken = st.taken
    if verb == "discard":
        if len(act.cards) != 1:
            return "discard one card"
        if act.cards[0].index == taken:
            return "you can't discard the card you took from the discard pile this turn"
        return ""
    if verb == "lay":
        mask = mask_of(act.cards)
        why = why_not_meld(RULES, mask)
        if why:
            return (
                f"{why}: lay a book (three or four cards of one rank) or a spread (three or "
                "more cards in sequence in one suit, Ace low)"
            )
        left = hand & ~mask
    else:
        if len(act.cards) != 2:
            return "name a card and the lowest card of the spread it goes on: 'extend 8S on 9S'"
        c, first = act.cards
        meld = next((m for m in st.table if m.cards >> first.index & 1), None)
        if meld is None:
            return f"{first.text} is not in a meld on the table"
        if meld.kind != RUN:
            return "books can't be extended, only spreads"
        low = meld_cards(RULES, meld)[0]
        if low != first:
            return f"name a spread by its lowest card ({low.text})"
        if why_not_extend(RULES, meld, c.bit):
            shown = _text(meld_cards(RULES, meld))
            return f"{c.text} does not go at either end of the spread {shown}"
        left = hand & ~c.bit
    if left and taken >= 0 and left == _BIT[taken]:
        return (
            "that would leave only the card you took from the discard pile, which can't be "
            "discarded this turn"
        )
    return ""


def _play_prompt(st: TonkState, seat: int) -> str:
    total = _m.card_values(st.hands[seat])
    return f"Lay down books or spreads, add to spreads, then discard (your total is {total})"


def _text(cards: Any) -> str:
    return " ".join(c.text for c in cards)


TURN = Phase("turn", _turn_legal, _turn_apply, _turn_why, _turn_prompt)
PLAY = Phase("play", _play_legal, _play_apply, _play_why, _play_prompt)


# ---------------------------------------------------------------- the game
class TonkState(ChipGame):
    """A game of Tonk in progress: hands as bitmasks, the stock with its top last."""

    __slots__ = ("endings", "hands", "pile", "player", "shown", "stock", "table", "taken", "turns")

    DEAL = DealRule(each_seat(hand=HAND_SIZE), pile("upcard", 1), pile("stock"))
    POTS = ()

    hands: list[int]
    stock: list[int]
    pile: list[int]
    taken: int
    table: list[TableMeld]
    turns: int
    player: int
    shown: int  # seats whose hands are face up (a bitmask)
    endings: list[str]  # how each hand ended

    def setup(self) -> None:
        super().setup()
        self.endings = []

    def reset_hand(self) -> None:
        super().reset_hand()
        self.hands = [0] * self.players
        self.stock = []
        self.pile = []
        self.taken = -1
        self.table = []
        self.turns = 0
        self.player = -1
        self.shown = 0

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world for the seat (see :mod:`cardlab.rules.rummy_worlds`)."""
        return sample_rummy_world(game, obs, rng, laid=LAID)

    # ---------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        up = dealt["upcard"][0]
        self.pile = [up.index]
        self.stock = [c.index for c in reversed(dealt["stock"])]
        names = self.names
        self.log(
            "deal",
            self.dealer,
            f"{names[self.dealer]} deals hand {self.hand_number + 1}; the discard pile "
            f"starts with {up.text}",
            cards=(up,),
        )
        totals = [_m.card_values(h) for h in self.hands]
        tonks = [s for s, t in enumerate(totals) if is_tonk(t)]
        if tonks:
            for s in tonks:
                self.show(s, "Tonk! ")
            pays = tonk_payments(totals)
            self.settle(pays, "Tonk at the deal")
            who = " and ".join(names[s] for s in tonks)
            paid = "nobody pays" if not pays else "each other player pays a double payoff"
            self.finish("tonk", f"{who} {'has' if len(tonks) == 1 else 'have'} Tonk: {paid}",
                        tonks[0] if len(tonks) == 1 else None)  # fmt: skip
            return
        self.player = (self.dealer + 1) % self.players
        self.to_move = (self.player,)
        self.phase = TURN

    # --------------------------------------------------------------- turns
    def end_turn(self, seat: int) -> None:
        """After a discard: out, the stock's end, the turn cap, or the next player."""
        if not self.hands[seat]:
            self.go_out(seat)
        elif not self.stock:
            self.low_end("stock", "the stock is used up")
        elif self.turns >= self.options.max_turns:
            self.low_end("turns", f"the hand stops after {plural(self.turns, 'turn')}")
        else:
            self.player = (seat + 1) % self.players
            self.to_move = (self.player,)
            self.phase = TURN

    def go_out(self, seat: int) -> None:
        """``seat`` has no cards left: everyone pays it one payoff."""
        name = self.names[seat]
        self.log("out", seat, f"{name} has no cards left and wins the hand", ending="out")
        self.settle([(p, seat, 1) for p in range(self.players) if p != seat], "going out")
        self.finish("out", f"{name} goes out", seat)

    def go_down(self, seat: int) -> None:
        """``seat`` goes down: every hand is shown and the drop is paid."""
        totals = [_m.card_values(h) for h in self.hands]
        name = self.names[seat]
        won = all(t > totals[seat] for s, t in enumerate(totals) if s != seat)
        self.log("down", seat, f"{name} goes down with {totals[seat]}", total=totals[seat],
                 won=won, ending="down won" if won else "down lost")  # fmt: skip
        for s in range(self.players):
            self.show(s)
        self.settle(down_payments(totals, seat), "won drop" if won else "lost drop")
        if won:
            self.finish("down won", f"{name} goes down with {totals[seat]} and wins", seat)
        else:
            self.finish("down lost", f"{name} goes down with {totals[seat]} and loses")

    def low_end(self, ending: str, why: str) -> None:
        """The stock's end (or the turn cap): the lowest total takes a payoff from each
        other player."""
        totals = [_m.card_values(h) for h in self.hands]
        self.log("low", None, f"The hand ends: {why}", ending=ending)
        for s in range(self.players):
            self.show(s)
        self.settle(low_payments(totals), "lowest total")
        low = min(totals)
        who = " and ".join(self.names[s] for s, t in enumerate(totals) if t == low)
        self.finish(ending, f"{why.capitalize()}; {who} {'has' if ' and ' not in who else 'have'} "
                    f"the lowest total, {low}")  # fmt: skip

    def show(self, seat: int, lead: str = "") -> None:
        if self.shown >> seat & 1:
            return
        self.shown |= 1 << seat
        cards = cards_of(self.hands[seat])
        total = _m.card_values(self.hands[seat])
        said = f"{lead}{self.names[seat]} shows {_text(cards) or 'no cards'} ({total})"
        self.log("show", seat, said, cards=cards, total=total)

    def settle(self, payments: list[Payment], why: str) -> None:
        """Pay ``payments`` (payer, payee, payoffs) as score lines."""
        unit = self.options.payoff
        names = self.names
        for payer, payee, k in payments:
            chips = k * unit
            self.transfer(payer, payee, chips, f"{why}: pays {names[payee]}",
                          f"{why}: from {names[payer]}")  # fmt: skip

    def finish(self, ending: str, summary: str, seat: int | None = None) -> None:
        self.endings.append(ending)
        self.to_move = ()
        self.end_hand(summary, seat)

    def game_over(self) -> bool:
        return len(self.results) >= self.players

    # ---------------------------------------------------------- showing
    def _meld_label(self, meld: TableMeld) -> str:
        return f"{self.names[meld.owner]}'s {WORDS[meld.kind]}"

    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": self.hands[seat].bit_count()}
        if self.shown >> seat & 1:
            out["total"] = _m.card_values(self.hands[seat])
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        shown = self.shown
        zones = [
            Zone("hand", s, view.held(cards_of(h), view.seat == s, bool(shown >> s & 1)),
                 "hand", label=names[s])
            for s, h in enumerate(self.hands)
        ]  # fmt: skip
        zones.append(Zone("stock", None, view.stack([CARDS[i] for i in self.stock]), "pile",
                          label="stock"))  # fmt: skip
        zones.append(
            Zone("discard", None, tuple(CARDS[i] for i in self.pile), "pile", label="discard pile")
        )
        zones += meld_zones(RULES, self.table, label=self._meld_label)
        hands = self.options.hands or self.players
        done = len(self.results) if self.between_hands else self.hand_number + 1
        info: dict[str, Any] = {
            "hand": f"{done} of {hands}",
            "payoff": self.options.payoff,
            "stock": len(self.stock),
            "turns": self.turns,
            "taken": CARDS[self.taken] if self.taken >= 0 else None,
        }
        v = view.seat
        if v is not None:
            info["your_total"] = _m.card_values(self.hands[v])
        return self.observe(view, zones, info)


# --------------------------------------------------------------------- bot
class TonkBot(PhaseBot):
    """Go down when the odds say it wins often enough; otherwise take a useful upcard,
    lay every book and spread, extend spreads and shed the highest loose card.

    It reads only its observation.
    """

    name = "heuristic"

    @on(
        "turn",
        why=(
            "go down when the exact chance that every other total is higher beats what a "
            "lost drop costs; take the discard when it makes a meld or extends a spread"
        ),
    )
    def turn(self, obs: Observation) -> Action:
        total = _m.card_values(mask_of(obs.my_hand))
        if total <= 15 and quick(total, obs.players - 1):
            p = down_chance(obs)
            # winning pays n - 1 payoffs, a loss costs at least two
            if p * (obs.players - 1) >= 2 * (1 - p) and p >= Fraction(1, 2):
                return DOWN
        if DRAW_DISCARD in obs.legal:
            top = obs.zone("discard").cards[-1]
            assert isinstance(top, Card)
            hand = mask_of(obs.my_hand)
            if any(m & top.bit for m in _m.candidate_melds(hand | top.bit)):
                return DRAW_DISCARD
            for z in obs.zones:
                if (
                    z.name == "melds"
                    and _m.is_meld(mask_of(z.faces) | top.bit)
                    and len({c.suit for c in z.faces}) == 1
                ):
                    return DRAW_DISCARD
        return DRAW_STOCK

    @on("play", why="lay the meld worth most, then extend, then discard the worst loose card")
    def play(self, obs: Observation) -> Action:
        legal = obs.legal
        lays = [a for a in legal if a.verb == "lay"]
        if lays:
            return max(lays, key=lambda a: (hand_total(mask_of(a.cards)), len(a.cards)))
        ext = [a for a in legal if a.verb == "extend"]
        if ext:
            return max(ext, key=lambda a: VALUE[a.cards[0].index])
        mine = obs.my_hand
        hand = mask_of(mine)

        def key(a: Action) -> tuple[int, int]:
            c = a.cards[0]
            dead = _m.min_deadwood(hand & ~c.bit)
            return (dead - 2 * connections(c, mine), -c.index)

        return min((a for a in legal if a.verb == "discard"), key=key)


GAME = register(
    GameSpec(
        name="tonk",
        title="Tonk",
        family="rummy",
        players=(2, 3, 4, 5, 6, 7, 8),
        default_players=3,
        summary="Five cards each: lay books and spreads, extend anyone's spreads, and go "
        "down when your total is the lowest, for chips.",
        state_class=TonkState,
        options_class=TonkOptions,
        deck="standard 52",
        bots={"heuristic": TonkBot},
        source="tonk.txt (Baltimore Science Fiction Society)",
        layout=TableLayout(center=("stock", "discard"), confirm=(("down", "Go down now?"),)),
        related=(("gin_rummy", "melds and a low hand, for two"),),
        bench_target=8_000,
        variants={"payoff 5": {"payoff": 5}},
        odds=table_odds,
    )
)
