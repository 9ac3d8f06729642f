"""Pieces shared by the two-player knock rummies (Gin Rummy and Bourbon).

Hands are bitmasks of card indices (see :mod:`cardlab.rules.melds`).  The pieces here
are plain functions that a game composes: the deal of two ten-card hands, the legal
discards with their knock and winning variants, the common refusals, the reveal after a
knock (shown melds, lay-offs and the knock or undercut score), the observation zones of
a reveal, and the bot's discard choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action, CardActions
from ..core.cards import CARDS, Card, cards_of
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.observation import Observation, Zone
from ..core.scoring import ScoreLine
from ..rules import melds as _m

HAND_SIZE = 10
UNDERCUT_BONUS = 10
#: Deadwood value of each card index: Ace 1 … 10, picture cards 10.
VALUE = tuple(min(i % 13 + 1, 10) for i in range(52))

DISCARD = CardActions("discard")
KNOCK = CardActions("knock")


def cards_text(mask: int) -> str:
    """The cards of a mask as text, in index order."""
    return " ".join(c.text for c in cards_of(mask))


def meld_cards(meld: int, around: bool = False) -> tuple[Card, ...]:
    """The cards of one meld mask in reading order (runs low to high, wrapping if needed)."""
    cards = cards_of(meld)
    if len({c.suit for c in cards}) > 1 or not around:
        return cards
    ranks = {c.rank for c in cards}
    start = next((c for c in cards if (c.rank - 2) % 13 + 1 not in ranks), cards[0])
    k = cards.index(start)
    return cards[k:] + cards[:k]


# ------------------------------------------------------------------ events
def pile_events(names: tuple[str, ...]) -> tuple[list[list[Event]], list[list[Event]]]:
    """Events for taking the upcard and for a discard, by ``[seat][card]``."""
    seats = range(len(names))
    upcard = [[Event("draw", s, f"{names[s]} takes the {c.text} upcard") for c in CARDS[:52]]
              for s in seats]  # fmt: skip
    discard = [[Event("discard", s, f"{names[s]} discards {c.text}") for c in CARDS[:52]]
               for s in seats]  # fmt: skip
    return upcard, discard


# -------------------------------------------------------------------- deal
def deal_hands(cards: Sequence[Card]) -> list[int]:
    """The two hands of a deal (ten cards for seat 0, then ten for seat 1) as masks."""
    hands = []
    for seat in (0, 1):
        m = 0
        for c in cards[HAND_SIZE * seat : HAND_SIZE * seat + HAND_SIZE]:
            m |= 1 << c.index
        hands.append(m)
    return hands


def deal_text(names: tuple[str, ...], dealer: int, hand_number: int, up: Card) -> str:
    return f"{names[dealer]} deals hand {hand_number + 1}; the upcard is {up.text}"


def check_stock(fixed: Sequence[Card], room: int) -> None:
    """Refuse an explicit deal that fixes more stock cards than the stock holds."""
    if len(fixed) > room:
        raise IllegalActionError("deal", f"the stock holds {room} cards; {len(fixed)} were given")


# ------------------------------------------------------------------- legal
def discard_actions(ok: int, km: int, win_mask: int, win: CardActions) -> tuple[Action, ...]:
    """Plain discards of ``ok``, knocks with ``km`` (less the winning ones), then wins."""
    acts = DISCARD.of(ok)
    if km:
        acts += KNOCK.of(km & ~win_mask)
    if win_mask:
        acts += win.of(win_mask)
    return acts


def any_card(hand: int, taken: int) -> int:
    """The lowest card of ``hand`` that may be discarded (not the upcard just taken)."""
    hand &= ~(1 << taken if taken >= 0 else 0)
    return (hand & -hand).bit_length() - 1


def card_refusal(act: Action, hand: int, taken: int, not_even: str) -> str:
    """Why a one-card discard, knock or win cannot name that card ('' when it can)."""
    verb = act.verb
    card = act.card
    if card is None or len(act.args) != 1:
        return f"name one card from your hand, e.g. '{verb} {CARDS[any_card(hand, taken)].code}'"
    if not hand >> card.index & 1:
        return f"you don't hold {card}"
    if card.index == taken:
        return "you can't discard the upcard you just took" + (
            "" if verb == "discard" else not_even
        )
    return ""


# ---------------------------------------------------------------- lay-offs
def attach_layoffs(melds: Sequence[int], laid: int, around: bool = False) -> list[tuple[int, int]]:
    """Which laid-off cards went on which knocker meld: ``[(meld, cards), ...]``."""
    out = []
    left = laid
    runs = [m for m in melds if sum(1 for s in range(4) if m >> 13 * s & 0x1FFF) == 1]
    for meld in runs:  # runs first: a chain of cards can only extend a run
        s = next(s for s in range(4) if meld >> 13 * s & 0x1FFF)
        run = meld >> 13 * s & 0x1FFF
        avail = left >> 13 * s & 0x1FFF
        n = run.bit_count()
        lo = next(k for k in range(13) if run >> k & 1 and not run >> (k - 1) % 13 & 1)
        if not around:
            lo = (run & -run).bit_length() - 1
        hi = (lo + n - 1) % 13
        got = 0
        room = 13 - n
        for step in (1, -1):
            k = hi if step == 1 else lo
            while room:
                k += step
                if not 0 <= k < 13:
                    if not around:
                        break
                    k %= 13
                if not avail >> k & 1 or got >> k & 1:
                    break
                got |= 1 << k
                room -= 1
        if got:
            out.append((meld, got << 13 * s))
            left &= ~(got << 13 * s)
    for meld in melds:
        if meld in runs or not left:
            continue
        rank = (meld & -meld).bit_length() - 1
        rank %= 13
        fourth = sum(1 << (13 * s + rank) for s in range(4)) & ~meld & left
        if fourth:
            out.append((meld, fourth))
            left &= ~fourth
    return out


def defender_deadwood(hand: int, laid: int, melds: Sequence[int]) -> int:
    """The defender's deadwood mask: its hand less the cards laid off and melded."""
    used = laid
    for meld in melds:
        used |= meld
    return hand & ~used


# ------------------------------------------------------------------ reveal
def show_text(melds: Sequence[int], dead: int, around: bool = False) -> str:
    parts = [" ".join(c.text for c in meld_cards(m, around)) for m in melds]
    text = ", ".join(parts) if parts else "no melds"
    return text + (f"; deadwood {cards_text(dead)}" if dead else "; no deadwood")


def log_reveal(
    state: Any,
    seat: int,
    shown: tuple[tuple[int, ...], int, tuple[int, ...], int],
    attached: Sequence[tuple[int, int]],
    around: bool = False,
) -> None:
    """Log the knocker's shown hand, each lay-off, then the defender's shown hand."""
    kmelds, kdead, dmelds, ddead = shown
    names = state.names
    other = 1 - seat
    state.log("show", seat, f"{names[seat]} shows " + show_text(kmelds, kdead, around))
    for meld, cards in attached:
        laid_text = " ".join(
            c.text for c in meld_cards(meld | cards, around) if cards >> c.index & 1
        )
        on = " ".join(c.text for c in meld_cards(meld, around))
        state.log("layoff", other, f"{names[other]} lays off {laid_text} on {names[seat]}'s {on}")
    state.log("show", other, f"{names[other]} shows " + show_text(dmelds, ddead, around))


def knock_score(
    names: tuple[str, ...], seat: int, kpoints: int, dpoints: int, lines: list[ScoreLine]
) -> tuple[str, int]:
    """Score a plain knock into ``lines``; return the summary and the hand's winner.

    The knocker wins the difference when its deadwood is lower; otherwise the defender
    undercuts and gets the difference plus the undercut bonus.
    """
    other = 1 - seat
    if kpoints < dpoints:
        lines.append(ScoreLine(seat, dpoints - kpoints, f"knock: {dpoints} − {kpoints} deadwood"))
        summary = (
            f"{names[seat]} knocks with {kpoints} against {dpoints} and scores {dpoints - kpoints}"
        )
        return summary, seat
    diff = kpoints - dpoints
    if diff:
        lines.append(ScoreLine(other, diff, f"undercut: {kpoints} − {dpoints} deadwood"))
    lines.append(ScoreLine(other, UNDERCUT_BONUS, "undercut bonus"))
    summary = (
        f"{names[other]} undercuts {names[seat]} ({dpoints} against "
        f"{kpoints}) and scores {diff + UNDERCUT_BONUS}"
    )
    return summary, other


def points_of(lines: Sequence[ScoreLine]) -> tuple[int, int]:
    points = [0, 0]
    for line in lines:
        points[line.seat] += line.points
    return points[0], points[1]


def by_seat(seat: int, knocker: Any, defender: Any) -> tuple[Any, Any]:
    """A knocker/defender pair reordered as (seat 0, seat 1)."""
    return (knocker, defender) if seat == 0 else (defender, knocker)


# ------------------------------------------------------------- observation
def hand_zones(state: Any, v: Any, shown: bool) -> list[Zone]:
    """Both hands: faces for their owner (and everyone once shown), backs otherwise."""
    names = state.names
    return [
        Zone(
            "hand",
            s,
            state.held_entries(cards_of(state.hands[s]), v == s, v, shown),
            "hand",
            label=names[s],
        )
        for s in (0, 1)
    ]


def stock_zone(state: Any, v: Any) -> Zone:
    return Zone("stock", None, state.stack_entries([CARDS[i] for i in state.stock], v), "pile",
                label="stock")  # fmt: skip


def discard_zone(pile: Sequence[int]) -> Zone:
    return Zone("discard", None, tuple(CARDS[i] for i in pile), "pile", label="discard pile")


def reveal_zones(names: tuple[str, ...], rv: Any, around: bool = False) -> list[Zone]:
    """Each seat's shown melds and deadwood, then the defender's lay-offs."""
    zones = []
    for s in (0, 1):
        for k, meld in enumerate(rv.melds[s]):
            zones.append(
                Zone("melds", s, meld_cards(meld, around), "meld", label=f"{names[s]} meld {k + 1}")
            )
        zones.append(
            Zone(
                "deadwood",
                s,
                cards_of(rv.deadwood[s]),
                "row",
                label=f"{names[s]} deadwood ({rv.points[s]})",
            )
        )
    laid = 0
    for _, cards in rv.layoffs:
        laid |= cards
    defender = 1 - rv.knocker
    zones.append(
        Zone("layoffs", defender, cards_of(laid), "row", label=f"{names[defender]} lays off")
    )
    return zones


def deadwood_info(info: dict[str, Any], state: Any, v: int, around: bool = False) -> None:
    """A seat's own least deadwood and, while it discards, the least after a discard."""
    hand = state.hands[v]
    info["deadwood"] = _m.min_deadwood(hand, around)
    if state.phase == "discard" and v in state.to_move:
        dd = _m.discard_deadwoods(hand, around)
        dd.pop(state.taken, None)
        info["deadwood_after_discard"] = min(dd.values())


# --------------------------------------------------------------------- bot
def hand_mask(obs: Observation) -> int:
    hand = 0
    for c in obs.my_hand:
        hand |= 1 << c.index
    return hand


def connections(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards pair with ``card`` or sit within two ranks of it in its suit."""
    n = 0
    for c in hand:
        if c is card:
            continue
        if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2):
            n += 1
    return n


def bot_discard(obs: Observation, hand: int, win_verb: str, around: bool = False) -> Action:
    """Win when possible, else knock with the least deadwood, else shed a high loose card."""
    legal = obs.legal
    for a in legal:
        if a.verb == win_verb:
            return a
    dd = _m.discard_deadwoods(hand, around)
    knocks = [a for a in legal if a.verb == "knock"]
    if knocks:
        return min(knocks, key=lambda a: (dd[a.cards[0].index], -VALUE[a.cards[0].index]))
    mine = obs.my_hand
    discards = [a for a in legal if a.verb == "discard"]

    def key(a: Action) -> tuple[int, int, int, int]:
        c = a.cards[0]
        return (dd[c.index], -VALUE[c.index], connections(c, mine), -c.index)

    return min(discards, key=key)
