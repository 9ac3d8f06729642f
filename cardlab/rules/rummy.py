"""Knock rummy, once for the family: Gin Rummy and Bourbon.

Two players hold ten cards each.  A turn is a draw (the upcard, the top of the discard
pile, or a face-down card) and a discard; the upcard just taken may not go straight
back.  A player whose deadwood after the discard is low enough may *knock* instead, and
with no deadwood at all wins outright (``gin``, ``bourbon``).  Both hands are then
spread: the knocker's arrangement, the defender's lay-offs on it and the defender's own
melds; the lower deadwood scores the difference and an undercut pays the defender a
bonus.  When the face-down cards run low the hand ends with nobody scoring.

``KnockRummy`` is a ``State`` holding these mechanics:
two hands as bitmasks of card indices (see ``cardlab.rules.melds``), the stock (bottom
first: the next card drawn is ``stock[-1]``), the side cards, the discard pile (its top,
the upcard, last), the draw and discard phases, the knock and win masks, the refusals,
the reveal and its zones, knock and undercut scoring, the first seat to reach the
target, deadwood figures for a seat's own view and the bots' discard choice.  A game
sets its rules as class attributes:

* ``DRAWS``: the draw sources in the order their actions are listed: ``"upcard"``,
  ``"stock"`` and the side cards ``"left"`` and ``"right"`` (face down beside the stock and
  refilled from it when taken).
* ``WIN`` / ``WIN_BONUS``: the verb of a knock with no deadwood and its bonus.
* ``KNOCK_FACE_DOWN``: the knock card goes face down beside the pile (Gin) rather than on it
  (Bourbon).
* ``OPENING``: the phase a hand starts in (Bourbon's offer of the upcard).

and overrides what differs: ``knock_limit()``, ``settle()`` (the arrangements shown),
``score()`` (the hand's awards), ``same_hand_winners()`` and the texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, CardActions, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, cards_of, mask_of, parse_cards
from ..core.clone import Frozen, immutable
from ..core.events import Event, event
from ..core.observation import Observation, Zone
from ..core.phases import Phase
from ..core.refusals import either
from ..core.state import State
from ..core.view import View
from . import melds as _m
from .tricks import event_table

HAND_SIZE = 10
UNDERCUT_BONUS = 10
#: A turn needs this many face-down cards on offer, or the hand ends with no score.
MIN_FACE_DOWN = 3
#: Deadwood value of each card index: Ace 1 … 10, picture cards 10.
VALUE = tuple(min(i % 13 + 1, 10) for i in range(52))

DISCARD = CardActions("discard")
KNOCK = CardActions("knock")
_DISCARD_INDEX = DISCARD.index
SOURCES = ("stock", "upcard", "left", "right")
DRAW = {s: action(f"draw {s}") for s in SOURCES}
_SOURCE = {DRAW[s]: k for k, s in enumerate(SOURCES)}
_OTHER = ((1,), (0,))
# Each card's bit and the mask that clears it, by index (quicker than a shift each turn).
_BIT = tuple(1 << i for i in range(52))
_CLEAR = tuple(~(1 << i) for i in range(52))
_WHERE = {
    "stock": "the top of the stock",
    "left": "the left face-down card",
    "right": "the right face-down card",
}


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


# ------------------------------------------------------------ arrangements
class Melds(NamedTuple):
    """An arrangement of cards: the melds, the cards left over and their point value."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        shown = " | ".join(" ".join(c.text for c in m) for m in self.melds) or "no melds"
        dead = " ".join(c.text for c in self.deadwood) or "none"
        return f"{shown}; deadwood {dead} ({self.points})"


def best_melds(cards: str | Iterable[str | Card], *, around: bool = False) -> Melds:
    """Arrange cards into melds leaving the least deadwood.

    ``cards`` is a string such as ``"AS 2S 3S 7D 7C 7H KC"`` or an iterable of cards or
    card strings; ``around=True`` lets runs turn the corner (K-A-2).

    >>> str(best_melds("AS 2S 3S 7D 7C 7H KC"))
    '7♣ 7♦ 7♥ | A♠ 2♠ 3♠; deadwood K♣ (10)'
    """
    cs = parse_cards(cards)
    mask = 0
    for c in cs:
        if c.index >= 52:
            raise ValueError(f"{c} is not a card of the 52-card pack")
        if mask >> c.index & 1:
            raise ValueError(f"{c} is listed twice")
        mask |= 1 << c.index
    melds, dead = _m.best_melds(mask, around)
    return Melds(tuple(meld_cards(m, around) for m in melds), cards_of(dead), _m.card_values(dead))


@immutable
class Reveal(NamedTuple):
    """The spread hands after a knock or a win, by seat."""

    kind: str  # "knock" or the win verb
    knocker: int
    card: int  # the knocker's discard
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    deadwood: tuple[int, int]  # masks (after lay-offs)
    points: tuple[int, int]  # deadwood values
    layoffs: tuple[tuple[int, int], ...]  # (knocker meld, defender cards laid on it)

    def melded(self, seat: int) -> int:
        """The cards ``seat`` put in its melds or laid off."""
        m = 0
        for meld in self.melds[seat]:
            m |= meld
        if seat != self.knocker:
            for _, cards in self.layoffs:
                m |= cards
        return m


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
        if around:
            lo = next(k for k in range(13) if run >> k & 1 and not run >> (k - 1) % 13 & 1)
        else:
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
        rank = ((meld & -meld).bit_length() - 1) % 13
        fourth = sum(1 << (13 * s + rank) for s in range(4)) & ~meld & left
        if fourth:
            out.append((meld, fourth))
            left &= ~fourth
    return out


def show_text(melds: Sequence[Sequence[Card]], dead: Sequence[Card]) -> str:
    """A spread in words: "A♠ 2♠ 3♠, 7♥ 7♦ 7♣; deadwood 9♣" (melds in reading order)."""
    text = ", ".join(" ".join(c.text for c in m) for m in melds) or "no melds"
    return text + (f"; deadwood {' '.join(c.text for c in dead)}" if dead else "; no deadwood")


# ------------------------------------------------------------ event tables
def _face_down_draws(
    names: tuple[str, ...], text: str, secret: str, deck: Any, source: str
) -> Frozen:
    """Draw events by ``[seat][card]`` for a face-down source: the card is private to the
    drawer, the back (``{back}``) public.  (Public tables come from ``event_table``.)"""
    rows = []
    for s, name in enumerate(names):
        row = []
        for c in CARDS[:52]:
            back = deck.back_of(c)
            said = text.format(name=name, card=c.text, back=back)
            private = secret.format(name=name, card=c.text, back=back)
            facts = {"source": source, "back": back} if deck.informative else {"source": source}
            # Everyone knows where the card came from, only the drawer which card it is.
            row.append(
                event(
                    "draw",
                    s,
                    said,
                    private,
                    (s,),
                    hidden=(c,),
                    action=DRAW[source],
                    public_action=True,
                    **facts,
                )
            )
        rows.append(tuple(row))
    return Frozen(rows)


_TABLES: dict[tuple[Any, ...], tuple[Any, ...]] = {}


# ------------------------------------------------------------ the phases
def _draw_legal(st: KnockRummy, seat: int) -> tuple[Action, ...]:
    return st.draws if st.pile and not st.declined else st.draws_down


def _draw_apply(st: KnockRummy, act: Action, seat: int) -> None:
    src = _SOURCE[act]
    if src == 0:
        idx = st.stock.pop()
        st.taken = -1
    elif src == 1:
        idx = st.pile.pop()
        st.taken = idx
    else:
        side = st.side
        idx = side[src - 2]
        side[src - 2] = st.stock.pop() if st.stock else -1
        st.taken = -1
    st.hands[seat] |= _BIT[idx]
    table = st.draw_events[src]
    assert table is not None
    st.events.append(table[seat][idx])
    st.declined = False
    st.phase = DISCARD_PHASE


def _discard_legal(st: KnockRummy, seat: int) -> tuple[Action, ...]:
    hand = st.hands[seat]
    t = st.taken
    ok = hand & _CLEAR[t] if t >= 0 else hand
    km, wm = st.knock_masks(hand, ok)
    acts = DISCARD.of(ok)
    if km:
        if km & ~wm:
            acts += KNOCK.of(km & ~wm)
        if wm:
            acts += st.win_actions.of(wm)
    return acts


def _discard_apply(st: KnockRummy, act: Action, seat: int) -> None:
    idx = _DISCARD_INDEX.get(act)
    if idx is None:
        st.knock(act, seat)
        return
    st.hands[seat] &= _CLEAR[idx]
    st.pile.append(idx)
    st.events.append(st.discard_events[seat][idx])
    st.taken = -1
    st.turns += 1
    if len(st.stock) < st.floor:
        st.stock_out()
        return
    st.phase = DRAW_PHASE
    st.to_move = _OTHER[seat]


DRAW_PHASE = Phase(
    "draw",
    _draw_legal,
    _draw_apply,
    lambda st, act, seat: st.draw_why(act, seat),
    lambda st, seat: st.draw_prompt(seat),
)
DISCARD_PHASE = Phase(
    "discard",
    _discard_legal,
    _discard_apply,
    lambda st, act, seat: st.discard_why(act, seat),
    lambda st, seat: st.discard_prompt(seat),
)


# --------------------------------------------------------------- the game
class KnockRummy(State):
    """A two-player knock rummy in progress (see the module docstring)."""

    __slots__ = (
        "around",
        "crossed",
        "declined",
        "discard_events",
        "draw_events",
        "draws",
        "draws_down",
        "floor",
        "hands",
        "knockers",
        "pile",
        "reveal",
        "side",
        "stock",
        "taken",
        "target",
        "turns",
        "win_actions",
        "wins",
    )

    DRAWS: ClassVar[tuple[str, ...]] = ("stock", "upcard")
    WIN: ClassVar[str] = "gin"
    WIN_BONUS: ClassVar[int] = 25
    KNOCK_FACE_DOWN: ClassVar[bool] = False
    DRAW_PHASE: ClassVar[Phase] = DRAW_PHASE
    OPENING: ClassVar[Phase] = DRAW_PHASE
    #: Wording of a face-down draw, public and for the drawer ({name}, {where}, {card}, {back}).
    DRAWS_TEXT: ClassVar[tuple[str, str]] = ("{name} draws {where}", "{name} draws {card}, {where}")
    #: How a draw is described in refusals, and the face-down draw in prompts.
    DRAW_HINT: ClassVar[str] = "from the stock or the upcard"
    DOWN_PROMPT: ClassVar[str] = "the top card of the stock"
    #: The hand's end when the face-down cards run low ({n}: how many are left).
    STOCK_OUT: ClassVar[str] = "The hand is void: only {n} cards are left to draw"
    #: Added to the refusal of discarding the upcard just taken as a knock or a win.
    NOT_EVEN: ClassVar[str] = ", not even to knock"

    hands: list[int]
    stock: list[int]
    side: list[int]
    pile: list[int]
    taken: int  # the upcard taken this turn (-1: none)
    declined: bool  # both players passed the opening upcard: this draw is face down
    reveal: Reveal | None
    turns: int
    around: bool
    target: int
    floor: int
    crossed: list[int]  # per seat: the hand in which it first reached the target (-1: not yet)
    knockers: list[int]  # per hand: who knocked (-1: nobody)
    wins: list[int]  # per seat: hands won
    draws: tuple[Action, ...]
    draws_down: tuple[Action, ...]
    win_actions: CardActions
    draw_events: tuple[Frozen | None, ...]
    discard_events: Frozen

    @classmethod
    def sample_world(cls, game: Any, obs: Any, rng: Any) -> State:
        """A world consistent with ``obs`` (see ``cardlab.rules.rummy_worlds``)."""
        from .rummy_worlds import sample_rummy_world  # the sampler builds on this module

        sides = [s for s in cls.DRAWS if s in ("left", "right")]
        return sample_rummy_world(game, obs, rng, sides=sides)

    # ------------------------------------------------------------- setup
    def setup(self) -> None:
        opts = self.options
        self.around = bool(getattr(opts, "around_the_corner", False))
        self.target = int(opts.target)
        self.crossed = [-1, -1]
        self.knockers = []
        self.wins = [0, 0]
        cls = type(self)
        deck = self.game.deck
        key = (cls, self.names, deck.name)
        got = _TABLES.get(key)
        if got is None or got[0] is not deck:
            got = _TABLES[key] = (deck, *cls._rules(self.names, deck))
        _, self.floor, self.draws, self.draws_down, self.win_actions = got[:5]
        self.draw_events, self.discard_events = got[5:]

    @classmethod
    def _rules(cls, names: tuple[str, ...], deck: Any) -> tuple[Any, ...]:
        """What the class's rules give once per seat names and deck (shared by states)."""
        sides = [s for s in cls.DRAWS if s in ("left", "right")]
        # While the stock holds cards every side card is refilled, so a turn has fewer
        # than MIN_FACE_DOWN face-down cards exactly when the stock is below this.
        floor = MIN_FACE_DOWN - len(sides)
        draws = tuple(DRAW[s] for s in cls.DRAWS)
        down = tuple(DRAW[s] for s in cls.DRAWS if s != "upcard")
        public, secret = cls.DRAWS_TEXT
        events: list[tuple[tuple[Event, ...], ...] | None] = []
        for s in SOURCES:
            if s not in cls.DRAWS:
                events.append(None)
            elif s == "upcard":
                text = "{name} takes the {card} upcard"
                events.append(event_table(names, "draw", text, act="draw upcard", source=s))
            else:
                w = _WHERE[s]
                pub, sec = public.replace("{where}", w), secret.replace("{where}", w)
                events.append(_face_down_draws(names, pub, sec, deck, s))
        discards = event_table(names, "discard", "{name} discards {card}", act="discard {code}")
        return floor, draws, down, CardActions(cls.WIN), Frozen(events), discards

    def reset_hand(self) -> None:
        # The cards of the last hand stay on the table (a spread stays visible) until
        # the next deal replaces them.
        if self.hand_number == 0:
            self.hands = [0, 0]
            self.stock = []
            self.side = []
            self.pile = []
            self.reveal = None
        self.taken = -1
        self.declined = False
        self.turns = 0

    def on_deal(self, dealt: Any) -> None:
        self.reveal = None
        self.hands = dealt.masks("hand")
        self.side = [dealt[s][0].index for s in self.DRAWS if s in ("left", "right")]
        up = dealt["upcard"][0]
        self.pile = [up.index]
        self.stock = [c.index for c in reversed(dealt["stock"])]
        self.phase = self.OPENING
        self.to_move = _OTHER[self.dealer]
        self.log(
            "deal",
            self.dealer,
            f"{self.names[self.dealer]} deals hand {self.hand_number + 1}; the upcard is {up.text}",
            cards=(up,),
        )

    # ------------------------------------------------------------- rules
    def knock_limit(self) -> int:
        """The most deadwood a knock may keep now."""
        return 10

    def knock_masks(self, hand: int, ok: int) -> tuple[int, int]:
        """The discards (among ``ok``) that allow a knock, and those that allow a win."""
        limit = self.knock_limit()
        km = _m.knock_discards(hand, limit, self.around) & ok
        wm = 0
        if km:
            wm = km if limit == 0 else _m.knock_discards(hand, 0, self.around) & ok
        return km, wm

    def face_down(self) -> int:
        """How many face-down cards are on offer now."""
        return len(self.stock) + sum(1 for c in self.side if c >= 0)

    # --------------------------------------------------------- refusals
    def draw_why(self, act: Action, seat: int) -> str:
        if act.verb != "draw":
            return f"you must draw first ({self.DRAW_HINT})"
        if act == DRAW["upcard"] and act in self.draws:
            if self.declined:
                down = either([f"'{a}'" for a in self.draws_down])
                return (
                    "both players passed the opening upcard, so this first draw must be a "
                    f"face-down card ({down})"
                )
            return "the discard pile is empty"
        return "draw with " + either([f"'{a}'" for a in self.draws])

    def discard_why(self, act: Action, seat: int) -> str:
        verb = act.verb
        win = self.WIN
        if verb in ("draw", "pass"):
            return f"you have already drawn this turn; now discard, knock or go {win}"
        if verb not in ("discard", "knock", win):
            return ""
        hand = self.hands[seat]
        card = act.card
        if card is None or len(act.args) != 1:
            t = hand & ~(1 << self.taken if self.taken >= 0 else 0)
            example = CARDS[(t & -t).bit_length() - 1].code
            return f"name one card from your hand, e.g. '{verb} {example}'"
        if not hand >> card.index & 1:
            return f"you don't hold {card}"
        if card.index == self.taken:
            return "you can't discard the upcard you just took" + (
                "" if verb == "discard" else self.NOT_EVEN
            )
        left = _m.min_deadwood(hand & ~card.bit, self.around)
        if verb == win:
            return f"{win} needs 0 deadwood after the discard; discarding {card} leaves {left}"
        if verb == "knock":
            if left == 0:
                return f"discarding {card} leaves no deadwood: that is {win} ('{win} {card.code}')"
            return self.limit_why(card, left, self.knock_limit())
        return "not allowed now"

    def limit_why(self, card: Card, left: int, limit: int) -> str:
        """Why a knock leaving ``left`` deadwood is refused under ``limit``."""
        if limit == 0:
            return (
                f"the knock limit is 0, so only {self.WIN} ends the hand; discarding {card} "
                f"leaves {left}"
            )
        return (
            f"you can knock only with {limit} or less deadwood after discarding; "
            f"discarding {card} leaves {left}"
        )

    # ----------------------------------------------------------- prompts
    def draw_prompt(self, seat: int) -> str:
        if DRAW["upcard"] in _draw_legal(self, seat):
            return f"Take the upcard ({CARDS[self.pile[-1]].text}) or {self.DOWN_PROMPT}"
        return f"Take {self.DOWN_PROMPT}"

    def discard_prompt(self, seat: int) -> str:
        return (
            f"Discard a card, or knock with it (at most {self.knock_limit()} deadwood left) "
            f"or go {self.WIN} (none left)"
        )

    # ------------------------------------------------------- hand's end
    def knock(self, act: Action, seat: int) -> None:
        """End the hand by a knock or a win with the card of ``act``."""
        idx = act.cards[0].index
        other = 1 - seat
        kh = self.hands[seat] & ~(1 << idx)
        self.hands[seat] = kh
        self.taken = -1
        if not self.KNOCK_FACE_DOWN:
            self.pile.append(idx)
        kmelds, kdead, dmelds, ddead, laid = self.settle(kh, self.hands[other], act.verb != "knock")
        kp, dp = _m.card_values(kdead), _m.card_values(ddead)
        first = seat == 0
        rv = self.reveal = Reveal(
            act.verb,
            seat,
            idx,
            (kmelds, dmelds) if first else (dmelds, kmelds),
            (kdead, ddead) if first else (ddead, kdead),
            (kp, dp) if first else (dp, kp),
            tuple(attach_layoffs(kmelds, laid, self.around)) if laid else (),
        )
        self._log_reveal(rv)
        summary, winner = self.score(rv)
        self.knockers.append(seat)
        self.wins[winner] += 1
        self._hand_done(summary, winner)

    def settle(self, kh: int, dh: int, win: bool) -> tuple[Any, int, Any, int, int]:
        """The spread: ``(knocker melds, knocker deadwood, defender melds, defender
        deadwood, cards laid off)``.

        Both keep the least deadwood.  The knocker shows, among its least-deadwood
        arrangements, the one leaving the defender the most deadwood after its best
        lay-offs; nothing is laid off on a win.
        """
        around = self.around
        if win:
            kmelds, kdead = _m.best_melds(kh, around)
            dmelds, ddead = _m.best_melds(dh, around)
            return kmelds, kdead, dmelds, ddead, 0
        best: tuple[int, Any, Any] | None = None
        for arrangement in _m.best_arrangements(kh, around):
            lay = _m.best_layoff(arrangement[0], dh, around)
            if best is None or lay[2] > best[0]:
                best = (lay[2], arrangement, lay)
        assert best is not None
        (kmelds, kdead), (laid, dmelds, _) = best[1], best[2]
        used = laid
        for meld in dmelds:
            used |= meld
        return kmelds, kdead, dmelds, dh & ~used, laid

    def score(self, rv: Reveal) -> tuple[str, int]:
        """Award the hand's points; return its summary and the seat that won it."""
        seat = rv.knocker
        other = 1 - seat
        names = self.names
        kp, dp = rv.points[seat], rv.points[other]
        if rv.kind != "knock":
            verb, bonus = rv.kind, self.WIN_BONUS
            if dp:
                self.award(seat, dp, f"{verb}: {dp} − 0 deadwood")
            self.award(seat, bonus, f"{verb} bonus")
            total = dp + bonus
            return f"{names[seat]} goes {verb} and scores {total} ({dp} deadwood + {bonus})", seat
        if kp < dp:
            self.award(seat, dp - kp, f"knock: {dp} − {kp} deadwood")
            return (
                f"{names[seat]} knocks with {kp} against {dp} and scores {dp - kp}",
                seat,
            )
        diff = kp - dp
        if diff:
            self.award(other, diff, f"undercut: {kp} − {dp} deadwood")
        self.award(other, UNDERCUT_BONUS, "undercut bonus")
        return (
            f"{names[other]} undercuts {names[seat]} ({dp} against {kp}) and scores "
            f"{diff + UNDERCUT_BONUS}",
            other,
        )

    def stock_out(self) -> None:
        """Too few face-down cards for the next turn: the hand ends and nobody scores."""
        self.knockers.append(-1)
        self._hand_done(self.STOCK_OUT.format(n=self.face_down()), None)

    def _hand_done(self, summary: str, winner: int | None) -> None:
        scores = self.scores
        for s in (0, 1):
            if self.crossed[s] < 0 and scores[s] >= self.target:
                self.crossed[s] = self.hand_number
        self.end_hand(summary, winner)

    def _log_reveal(self, rv: Reveal) -> None:
        """The knock, the knocker's spread, each lay-off, then the defender's spread."""
        seat = rv.knocker
        other = 1 - seat
        names = self.names
        around = self.around
        card = CARDS[rv.card]
        kp = rv.points[seat]
        verb = rv.kind
        what = f"knocks with {kp} deadwood" if verb == "knock" else f"goes {verb}"
        if self.KNOCK_FACE_DOWN:
            said = f"{names[seat]} {what}, discarding a card face down"
            private = f"{names[seat]} {what}, discarding {card.text} face down"
            self.log(verb, seat, said, private, (seat,), hidden=(card,), deadwood=kp)
        else:
            said = f"{names[seat]} discards {card.text} and {what}"
            self.log(verb, seat, said, cards=(card,), deadwood=kp)
        self._log_show(seat, rv)
        for meld, laid in rv.layoffs:
            on = meld_cards(meld, around)
            cards = tuple(c for c in meld_cards(meld | laid, around) if laid >> c.index & 1)
            self.log(
                "layoff",
                other,
                f"{names[other]} lays off {' '.join(c.text for c in cards)} on "
                f"{names[seat]}'s {' '.join(c.text for c in on)}",
                cards=cards,
                meld=on,
                to=seat,
            )
        self._log_show(other, rv)

    def _log_show(self, seat: int, rv: Reveal) -> None:
        melds = tuple(meld_cards(m, self.around) for m in rv.melds[seat])
        dead = cards_of(rv.deadwood[seat])
        self.log(
            "show",
            seat,
            f"{self.names[seat]} shows {show_text(melds, dead)}",
            cards=tuple(c for m in melds for c in m) + dead,
            melds=melds,
            deadwood=dead,
            points=rv.points[seat],
        )

    # ------------------------------------------------------------ the end
    def game_over(self) -> bool:
        return max(self.scores) >= self.target

    def reached_first(self) -> tuple[int, ...]:
        """The seats that reached the target first (both when in the same hand)."""
        hands = [h for h in self.crossed if h >= 0]
        if not hands:
            return ()
        first = min(hands)
        return tuple(s for s in (0, 1) if self.crossed[s] == first)

    def same_hand_winners(self, hand: int) -> tuple[int, ...]:
        """Who wins when both reached the target in ``hand`` (by default: both)."""
        return (0, 1)

    def decide_winners(self) -> tuple[int, ...]:
        """The first to reach the target; with ``hands=N`` and nobody there, the best total."""
        first = self.reached_first()
        if len(first) == 2:
            return self.same_hand_winners(self.crossed[0])
        return first or super().decide_winners()

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if not self.reached_first() or len(winners) != 1:
            return super().outcome_text(winners)
        return f"{self.names[winners[0]]} wins, the first to reach {self.target}"

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        rv = self.reveal
        return {"deadwood": rv.points[seat]} if rv is not None else {}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        rv = self.reveal
        names = self.names
        # Once the hand is shown its cards lie in melds and deadwood, not in the hand.
        zones = [
            Zone("hand", s, () if rv is not None else view.held(cards_of(self.hands[s]),
                 view.seat == s), "hand", label=names[s])
            for s in (0, 1)
        ]  # fmt: skip
        side = iter(self.side)
        for s in self.DRAWS:
            if s == "stock":
                stack = view.stack([CARDS[i] for i in self.stock])
                zones.append(Zone("stock", None, stack, "pile", label="stock"))
            elif s != "upcard":
                c = next(side, -1)
                shown = (view.card(CARDS[c]),) if c >= 0 else ()
                zones.append(Zone(s, None, shown, "pile", label=f"{s} face-down card"))
        zones.append(
            Zone("discard", None, tuple(CARDS[i] for i in self.pile), "pile", label="discard pile")
        )
        info: dict[str, Any] = {
            "target": self.target,
            "knock_limit": self.knock_limit(),
            "upcard": CARDS[self.pile[-1]] if self.pile else None,
            "upcard_taken": CARDS[self.taken] if self.taken >= 0 else None,
            "stock": len(self.stock),
            "turns": self.turns,
        }
        if rv is not None:
            zones += self.reveal_zones(view, rv)
            info["knocker"] = rv.knocker
        v = view.seat
        if v is not None and self.hands[v] and rv is None:
            hand = self.hands[v]
            info["deadwood"] = _m.min_deadwood(hand, self.around)
            if self.phase == "discard" and v in self.to_move:
                dd = _m.discard_deadwoods(hand, self.around)
                dd.pop(self.taken, None)
                info["deadwood_after_discard"] = min(dd.values())
        if self.results:
            info["last_hand"] = self.results[-1]
        self.more_info(info)
        return self.observe(view, zones, info)

    def more_info(self, info: dict[str, Any]) -> None:
        """Add the game's own public facts to ``info``."""

    def reveal_zones(self, view: View, rv: Reveal) -> list[Zone]:
        """The knock discard (when face down), each seat's melds and deadwood, the lay-offs."""
        names = self.names
        around = self.around
        zones = []
        k = rv.knocker
        if self.KNOCK_FACE_DOWN:
            down = (view.card(CARDS[rv.card], view.seat == k, seen=True),)
            zones.append(
                Zone("knock_discard", k, down, "pile", label=f"{names[k]}'s {rv.kind} discard")
            )
        extended = dict(rv.layoffs)  # a knocker's meld -> the cards laid off on it
        for s in (0, 1):
            for n, meld in enumerate(rv.melds[s]):
                label = f"{names[s]} meld {n + 1}"
                on = extended.get(meld, 0) if s == k else 0
                shown = meld_cards(meld | on, around)
                tags = tuple("laid off" if on >> c.index & 1 else "" for c in shown)
                zones.append(Zone("melds", s, shown, "meld", label=label, tags=tags if on else ()))
            label = f"{names[s]} deadwood ({rv.points[s]})"
            zones.append(Zone("deadwood", s, cards_of(rv.deadwood[s]), "row", label=label))
        laid = 0
        for _, cards in rv.layoffs:
            laid |= cards
        d = 1 - k
        zones.append(Zone("layoffs", d, cards_of(laid), "row", label=f"{names[d]} lays off"))
        return zones

    def breakdown(self) -> str:
        """Every hand's score lines as text."""
        return "\n".join(r.explain(self.names) for r in self.results)


# --------------------------------------------------------------------- bot
def connections(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards pair with ``card`` or sit within two ranks of it in its suit."""
    n = 0
    for c in hand:
        if c is card:
            continue
        if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2):
            n += 1
    return n


class RummyBot(PhaseBot):
    """The family's discard: win when possible, else knock with the least deadwood, else
    shed a high loose card.  It reads only its observation."""

    name = "heuristic"

    @on(
        "discard",
        why=(
            "go out or knock as soon as it may; otherwise discard the card that leaves the least "
            "deadwood, the highest of equals"
        ),
    )
    def discard(self, obs: Observation) -> Action:
        legal = obs.legal
        if legal[-1].verb not in ("discard", "knock"):  # the win comes last
            return legal[-1]
        around = bool(obs.info.get("around_the_corner", False))
        dd = _m.discard_deadwoods(mask_of(obs.my_hand), around)
        knocks = [a for a in legal if a.verb == "knock"]
        if knocks:
            return min(knocks, key=lambda a: (dd[a.cards[0].index], -VALUE[a.cards[0].index]))
        mine = obs.my_hand

        def key(a: Action) -> tuple[int, int, int, int]:
            c = a.cards[0]
            return (dd[c.index], -VALUE[c.index], connections(c, mine), -c.index)

        return min((a for a in legal if a.verb == "discard"), key=key)
