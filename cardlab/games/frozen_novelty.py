"""Frozen Novelty: a one-player game of digging through four face-down stacks.

The rules
---------
The 52 cards of a Foresight deck (Ace low) are dealt into four face-down **Deck** stacks
of 13.  Beside them lie four empty **Up** stacks, four empty **Down** stacks and four
**Foundations**.  Foundations grow in suit from the Ace to the King; the tableau grows
downwards in suit.  The goal is to bring every card home to the Foundations.

A move is one of four things:

1. *turn*: flip the face-down card on top of any stack face up where it lies;
2. *home*: put a face-up top card on its Foundation when it is the next card of its suit;
3. *move*: carry a run of face-up cards (one card or more, each one lower than the card
   under it and of the same suit) onto an empty Up stack or onto the face-up card one
   higher in that suit;
4. *slide*: carry the face-down top card of a stack onto another face-down top card, or
   onto an empty Down stack.  Onto a card it is allowed only when the backs say the move
   could be a legal build: the two backs share a printed suit and the moving back prints
   as many suits as the other or one fewer.

Face-down cards never go on face-up ones, face-up cards never go on face-down ones (a
turned card stays where it was), and nothing leaves a Foundation.

Levels (option ``level``)
-------------------------
=========== =================================================================
level       what changes
=========== =================================================================
very_easy   every face-down back is visible; empty Deck stacks act as extra Up
            stacks; the tableau is built in alternating colours (red on black,
            black on red) instead of in suit
easy        as very_easy, but the tableau is built in suit
normal      only the back of the top card of each face-down stack is visible;
            an empty Deck stack is out of use (the main rules)
hard        no back is visible; slides still obey the backs, and a forbidden
            slide the player tries is refused as "not allowed"
very_hard   as hard, and slides may only carry a Deck stack's top card to a
            Down stack
=========== =================================================================

Options
-------
=========== ========= ==========================================================
option      default   meaning
=========== ========= ==========================================================
level       normal    one of the five levels above
max_moves   500       the deal ends by itself after this many moves (at most 998)
hands       None      deals to play (None: one deal)
deck        foresight the Foresight deck, or a registered table of your own backs
=========== ========= ==========================================================

Rulings
-------
* Levels follow RULINGS.md: Normal shows the top back of every face-down stack, the
  easy levels show every back and reuse empty Deck stacks as Up stacks, Hard shows no
  back and refuses a forbidden slide without saying more, Very Hard also restricts slides
  to Deck → Down.
* Hard and Very Hard: since the player cannot read the backs, the legal actions list
  *every* slide the layout allows, whatever the backs: onto an empty Down stack as
  ``slide``, onto a face-down card as an attempt, ``try``.  A ``try`` the backs forbid is
  a legal action that moves nothing: it logs "not allowed", counts as a move, and that
  pair of cards is not offered again (the player now knows it; ``info["refused"]`` lists
  such attempts still on the table).  So every listed action applies, an illegal one
  changes nothing, and the list itself says nothing about the backs.
* On Very Easy the "could be a legal build" test for slides follows the colour rule: the
  moving back must print a suit of the other colour from one printed on the target back
  (with the same suit-count condition).
* A run on Very Easy alternates colours; on every other level it is one suit.
* The four Foundations are kept one per suit (♣ ♦ ♥ ♠); which empty Foundation an Ace
  takes makes no difference to play.
* Face-up cards may be built on wherever they lie: on a Deck, Up or Down stack.
* Any face-down card on top of a stack may be turned, on a Deck or a Down stack.
* A game must end: ``stop`` ends the deal at once (the score is what is home), the deal
  ends by itself after ``max_moves`` moves, and also when nothing but ``stop`` is left.
* Score: one point per card on the Foundations; 52 is a win.
* Explicit deals list the Deck stacks one after another, each from its top card down.

Actions
-------
``turn deck2`` / ``turn down1``; ``home 7H``; ``move 9H up2`` (the 9♥ and every card on
it, onto the empty Up stack 2 or onto the face-up card heading that stack);
``slide deck1 down3``; on the Hard levels ``try deck1 deck2`` (a slide onto a face-down
card that may be refused); ``stop``.  Stacks are named ``deck1``-``deck4``, ``up1``-``up4``,
``down1``-``down4``.

Solver
------
:func:`solve` decides a deal with every face known (an upper bound for any real player);
:func:`difficulty` tabulates solvable rates, the heuristic bot's win rate and solver
speed per level.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..core.actions import Action, action
from ..core.agents import Agent
from ..core.cards import CARDS, HIDDEN_BACK, Card, get_deck, parse_cards
from ..core.errors import IllegalActionError, OptionError
from ..core.foresight import suit_count
from ..core.observation import Back, Observation, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State

if TYPE_CHECKING:
    import pandas as pd

LEVELS = ("very_easy", "easy", "normal", "hard", "very_hard")
UP = 64  # flag on a stack entry: the card lies face up
#: Suits printed on each card's back (its rank class), by card index.
SUIT_COUNTS = tuple(suit_count(CARDS[i]) for i in range(52))
CARD = 63
DECKS = (0, 1, 2, 3)
UPS = (4, 5, 6, 7)
DOWNS = (8, 9, 10, 11)
STACK_NAMES = tuple(
    [f"deck{i}" for i in range(1, 5)]
    + [f"up{i}" for i in range(1, 5)]
    + [f"down{i}" for i in range(1, 5)]
)
STACK_INDEX = {n: i for i, n in enumerate(STACK_NAMES)}
SUIT_WORDS = ("♣", "♦", "♥", "♠")
RED = 0b0110
BLACK = 0b1001
STOP = action("stop")
TURN = tuple(action(f"turn {n}") for n in STACK_NAMES)
HOME = tuple(action(f"home {CARDS[i].code}") for i in range(52))
MOVE = tuple(tuple(action(f"move {CARDS[i].code} {n}") for n in STACK_NAMES) for i in range(52))
SLIDE = tuple(tuple(action(f"slide {a} {b}") for b in STACK_NAMES) for a in STACK_NAMES)
TRY = tuple(tuple(action(f"try {a} {b}") for b in STACK_NAMES) for a in STACK_NAMES)
_VERBS = frozenset(("turn", "home", "move", "slide", "try", "stop"))
_RANK = tuple(i % 13 for i in range(52))  # 0 = Ace … 12 = King
_SUIT = tuple(i // 13 for i in range(52))
_ISRED = tuple(i // 13 in (1, 2) for i in range(52))


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class FrozenNoveltyOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    deck: str = option("foresight", "which Foresight deck (back table) to use")
    level: str = option("normal", "rule level: how much of the backs you see", choices=LEVELS)
    max_moves: int = option(500, "the deal ends by itself after this many moves", min=1, max=998)


def _rules(level: str) -> tuple[bool, bool, bool]:
    """(colour building, empty Deck stacks serve as Up stacks, slides only Deck→Down)."""
    return level == "very_easy", level in ("very_easy", "easy"), level == "very_hard"


def _fits(moving: int, target: int, colours: bool) -> bool:
    """Can face-up card ``moving`` be built on face-up card ``target``?"""
    if _RANK[target] != _RANK[moving] + 1:
        return False
    if colours:
        return _ISRED[target] != _ISRED[moving]
    return _SUIT[target] == _SUIT[moving]


def _slide_ok(mb: int, mc: int, tb: int, tc: int, colours: bool) -> bool:
    """May a face-down card with back suits ``mb`` (count ``mc``) go on back ``tb``/``tc``?"""
    if mc != tc and mc != tc - 1:
        return False
    if colours:
        return bool((mb & RED and tb & BLACK) or (mb & BLACK and tb & RED))
    return bool(mb & tb)


# ------------------------------------------------------------ state
class FrozenNoveltyState(State):
    """A deal of Frozen Novelty in progress.

    ``stacks`` holds the twelve tableau stacks (Deck 0-3, Up 4-7, Down 8-11), bottom
    first; an entry is a card index, plus ``UP`` (64) when it lies face up.  ``found``
    counts the cards home per suit.
    """

    __slots__ = (
        "backs",
        "colours",
        "counts",
        "deck_as_up",
        "found",
        "level",
        "moves",
        "refused",
        "stacks",
        "strict",
        "summary",
    )
    _nested_lists: ClassVar[tuple[str, ...]] = ("stacks",)

    stacks: list[list[int]]
    found: list[int]
    moves: int
    refused: list[int]  # (moving card * 64 + target card) pairs a tried slide found forbidden
    level: str
    colours: bool
    deck_as_up: bool
    strict: bool
    backs: tuple[int, ...]
    counts: tuple[int, ...]
    summary: str

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.level = game.options.level
        self.colours, self.deck_as_up, self.strict = _rules(self.level)
        deck = game.deck
        self.backs = deck.back_masks
        self.counts = SUIT_COUNTS
        self._reset()

    def _reset(self) -> None:
        self.stacks = [[] for _ in range(12)]
        self.found = [0, 0, 0, 0]
        self.moves = 0
        self.refused = []
        self.summary = ""

    @property
    def hidden_backs(self) -> bool:
        return self.level in ("hard", "very_hard")

    # ------------------------------------------------------------- deal
    def _apply_chance(self, act: Action) -> None:
        self._reset()
        cards = act.cards
        for k in range(4):
            group = cards[13 * k : 13 * k + 13]  # top first
            self.stacks[k] = [c.index for c in reversed(group)]
        self.chance = False
        self.phase = "play"
        self.to_move = (0,)
        self.log("deal", 0, f"Deal {self.hand_number + 1}: four Deck stacks of 13 face down")

    @classmethod
    def deal_action(
        cls,
        game: Any,
        stacks: Sequence[Any] | Mapping[int, Any] = (),
        *,
        rng: random.Random | None = None,
    ) -> Action:
        """A deal from the four Deck stacks, each written from its top card down.

        ``stacks`` is a list (or a dict index -> stack) of up to four stacks, each a string
        such as ``"2C 3C KS"`` or a list of cards, with up to 13 cards; whatever is left out
        is dealt from ``rng`` (default ``random.Random(0)``) below the given cards.
        """
        items = stacks.items() if isinstance(stacks, Mapping) else enumerate(stacks)
        given: dict[int, tuple[Card, ...]] = {}
        for k, s in items:
            if not isinstance(k, int) or not 0 <= k < 4:
                raise IllegalActionError("deal", f"no Deck stack {k!r}: stacks are 0 to 3")
            cs = parse_cards(s)
            if len(cs) > 13:
                raise IllegalActionError(
                    "deal", f"Deck stack {k + 1} is given {len(cs)} cards; a stack holds 13"
                )
            given[k] = cs
        used = [c for cs in given.values() for c in cs]
        if len({c.index for c in used}) != len(used):
            dup = next(c for c in used if used.count(c) > 1)
            raise IllegalActionError("deal", f"{dup} is dealt twice")
        for c in used:
            if c.index >= 52:
                raise IllegalActionError("deal", f"{c} is not in the {game.deck.name} deck")
        rest = [c for c in game.deck.cards if c not in set(used)]
        (rng or random.Random(0)).shuffle(rest)
        order: list[Card] = []
        for k in range(4):
            got = list(given.get(k, ()))
            while len(got) < 13:
                got.append(rest.pop())
            order += got
        return Action.of("deal", order)

    # ------------------------------------------------------------ helpers
    def _run_start(self, st: list[int]) -> int:
        """Index in ``st`` where the movable face-up run on top begins (len: none)."""
        n = len(st)
        if not n or not st[-1] & UP:
            return n
        i = n - 1
        colours = self.colours
        while i > 0 and st[i - 1] & UP and _fits(st[i] & CARD, st[i - 1] & CARD, colours):
            i -= 1
        return i

    def _up_like(self, k: int) -> bool:
        return 4 <= k < 8 or (self.deck_as_up and k < 4)

    def _slide_allowed(self, m: int, t: int) -> bool:
        b = self.backs
        c = self.counts
        return _slide_ok(b[m], c[m], b[t], c[t], self.colours)

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        stacks = self.stacks
        found = self.found
        acts: list[Action] = []
        tops = [st[-1] if st else -1 for st in stacks]
        for k in (0, 1, 2, 3, 8, 9, 10, 11):
            t = tops[k]
            if t >= 0 and not t & UP:
                acts.append(TURN[k])
        for k in range(12):
            t = tops[k]
            if t >= 0 and t & UP and found[_SUIT[t & CARD]] == _RANK[t & CARD]:
                acts.append(HOME[t & CARD])
        colours = self.colours
        empties = [k for k in range(12) if tops[k] < 0 and self._up_like(k)]
        for k in range(12):
            st = stacks[k]
            start = self._run_start(st)
            for i in range(start, len(st)):
                c = st[i] & CARD
                row = MOVE[c]
                for d in range(12):
                    if d == k:
                        continue
                    t = tops[d]
                    if t >= 0:
                        if t & UP and _fits(c, t & CARD, colours):
                            acts.append(row[d])
                    elif d in empties:
                        acts.append(row[d])
        hidden = self.hidden_backs
        refused = self.refused
        sources = DECKS if self.strict else (0, 1, 2, 3, 8, 9, 10, 11)
        targets = DOWNS if self.strict else (0, 1, 2, 3, 8, 9, 10, 11)
        for a in sources:
            m = tops[a]
            if m < 0 or m & UP:
                continue
            row2 = SLIDE[a]
            row3 = TRY[a]
            for b in targets:
                if b == a:
                    continue
                t = tops[b]
                if t < 0:
                    if b >= 8:
                        acts.append(row2[b])
                elif not t & UP:
                    if hidden:
                        if m * 64 + t not in refused:
                            acts.append(row3[b])
                    elif self._slide_allowed(m, t):
                        acts.append(row2[b])
        acts.append(STOP)
        return tuple(acts)

    def why_illegal(self, act: Action, seat: int) -> str:
        verb = act.verb
        if verb not in _VERBS:
            return ""
        args = act.args
        stacks = self.stacks
        if verb == "stop":
            return "say just 'stop'"
        if verb == "turn":
            if len(args) != 1 or args[0] not in STACK_INDEX:
                return "name one stack to turn, e.g. 'turn deck1'"
            k = STACK_INDEX[args[0]]
            if not stacks[k]:
                return f"{args[0]} is empty"
            if stacks[k][-1] & UP:
                return f"the top card of {args[0]} is already face up"
            return "not allowed"
        if verb == "home":
            card = act.card
            if card is None or len(args) != 1:
                return "name one face-up card, e.g. 'home AS'"
            where = self._where(card.index)
            if where is None:
                return f"{card} is already on its foundation"
            k, i = where
            st = stacks[k]
            if not st[i] & UP:
                return f"{card} is not face up"
            if i != len(st) - 1:
                return f"{card} is not on top of {STACK_NAMES[k]}"
            need = self.found[card.suit]
            if need == 13:
                return f"the {SUIT_WORDS[card.suit]} foundation is complete"
            want = CARDS[13 * card.suit + need]
            return f"the {SUIT_WORDS[card.suit]} foundation needs {want} next, not {card}"
        if verb == "move":
            card = act.card
            if card is None or len(args) != 2 or args[1] not in STACK_INDEX:
                return "say which face-up card and where to, e.g. 'move 9H up2'"
            where = self._where(card.index)
            if where is None:
                return f"{card} is on its foundation; nothing leaves a foundation"
            k, i = where
            st = stacks[k]
            if not st[i] & UP:
                return f"{card} is face down"
            if i < self._run_start(st):
                return f"the cards on {card} do not form a run down from it"
            d = STACK_INDEX[args[1]]
            if d == k:
                return f"{card} is already on {args[1]}"
            dst = stacks[d]
            if not dst:
                if d >= 8:
                    return "an empty Down stack takes only face-down cards"
                if d < 4:
                    return "an empty Deck stack is out of use at this level"
                return "not allowed"
            top = dst[-1]
            if not top & UP:
                return "a face-up card may not go on a face-down card"
            t = CARDS[top & CARD]
            how = "of the other colour" if self.colours else "of the same suit"
            return f"{card} can only go on the card one rank higher {how}, not on {t}"
        # slide
        if len(args) != 2 or args[0] not in STACK_INDEX or args[1] not in STACK_INDEX:
            return "name two stacks, e.g. 'slide deck1 down1'"
        a, b = STACK_INDEX[args[0]], STACK_INDEX[args[1]]
        if a == b:
            return "a card must slide to another stack"
        if self.strict and not (a < 4 and b >= 8):
            return "at this level face-down cards move only from a Deck stack to a Down stack"
        src, dst = stacks[a], stacks[b]
        if not src:
            return f"{args[0]} is empty"
        if src[-1] & UP:
            return f"the top card of {args[0]} is face up; only face-down cards slide"
        if not dst:
            if b >= 8:
                return f"an empty Down stack takes any face-down card: 'slide {args[0]} {args[1]}'"
            return "a face-down card may go only on a face-down card or an empty Down stack"
        if dst[-1] & UP:
            return "a face-down card may never go on a face-up card"
        if self.hidden_backs:
            if verb == "slide":
                return (
                    "the backs are hidden at this level, so a slide onto a face-down card is "
                    f"an attempt: 'try {args[0]} {args[1]}'"
                )
            return "not allowed (you already tried that slide)"
        if verb == "try":
            return f"the backs are visible at this level: 'slide {args[0]} {args[1]}'"
        return (
            "not allowed: the backs show that this could never be a legal build "
            "(they must share a suit and the moving back must print as many suits or one fewer)"
        )

    def _where(self, idx: int) -> tuple[int, int] | None:
        for k, st in enumerate(self.stacks):
            for i, e in enumerate(st):
                if e & CARD == idx:
                    return k, i
        return None

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        verb = act.verb
        stacks = self.stacks
        name = self.names[0]
        self.moves += 1
        if verb == "turn":
            k = STACK_INDEX[act.args[0]]
            c = stacks[k][-1]
            stacks[k][-1] = c | UP
            self.log("turn", 0, f"{name} turns up {CARDS[c].text} on {STACK_NAMES[k]}")
        elif verb == "home":
            idx = act.cards[0].index
            for st in stacks:
                if st and st[-1] & CARD == idx:
                    st.pop()
                    break
            self.found[_SUIT[idx]] += 1
            self.log("home", 0, f"{name} puts {CARDS[idx].text} on its foundation")
        elif verb == "move":
            idx = act.cards[0].index
            d = STACK_INDEX[act.args[1]]
            where = self._where(idx)
            assert where is not None
            k, i = where
            run = stacks[k][i:]
            del stacks[k][i:]
            stacks[d].extend(run)
            n = len(run)
            what = CARDS[idx].text + ("" if n == 1 else f" and {n - 1} more")
            self.log("move", 0, f"{name} moves {what} from {STACK_NAMES[k]} to {STACK_NAMES[d]}")
        elif verb == "slide" or verb == "try":
            a, b = STACK_INDEX[act.args[0]], STACK_INDEX[act.args[1]]
            m = stacks[a][-1]
            dst = stacks[b]
            if dst and not self._slide_allowed(m, dst[-1]):
                self.refused.append(m * 64 + dst[-1])
                self.log(
                    "refused",
                    0,
                    f"{name} tries to slide the top of {act.args[0]} onto {act.args[1]}: "
                    "not allowed",
                )
            else:
                stacks[a].pop()
                dst.append(m)
                self.log(
                    "slide", 0, f"{name} slides the top of {act.args[0]} face down to {act.args[1]}"
                )
        else:
            self._close("stops")
            return
        if sum(self.found) == 52:
            self._close("brings every card home")
            return
        if self.moves >= self.options.max_moves:
            self._close(f"reaches the limit of {self.options.max_moves} moves")
            return
        acts = self._legal(0)
        if len(acts) == 1:
            self._close("has no move left")
            return
        self._lc_seat = 0
        self._lc = acts

    def _close(self, why: str) -> None:
        home = sum(self.found)
        won = home == 52
        lines = (ScoreLine(0, home, f"{home} card{'s' * (home != 1)} on the foundations"),)
        self.summary = f"{self.names[0]} {why}: {home} of 52 cards home" + (" (won)" if won else "")
        self.log("hand_over", 0, self.summary)
        self._end_hand(HandResult(self.hand_number, (home,), lines, self.summary))

    def _game_over(self) -> bool:
        return True

    def _finish(self) -> None:
        self.terminal = True
        self.phase = "over"
        self.to_move = ()
        self.chance = False
        deals = len(self.results)
        won = sum(r.points[0] == 52 for r in self.results)
        self.log(
            "game_over",
            None,
            f"Game over: {self.scores[0]} cards home in {deals} deal{'s' * (deals != 1)}, "
            f"{won} won",
        )

    # ------------------------------------------------------ observation
    def _face_down(self, idx: int, show_back: bool, v: int | str) -> Any:
        if v == "teacher":
            return self.entry(CARDS[idx], False, v)
        if show_back:
            return Back(self.game.deck.back_of(CARDS[idx]))
        return Back(HIDDEN_BACK)

    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        level = self.level
        all_backs = level in ("very_easy", "easy")
        top_backs = level == "normal"
        zones: list[Zone] = []
        for k, st in enumerate(self.stacks):
            n = len(st)
            entries = tuple(
                CARDS[e & CARD]
                if e & UP
                else self._face_down(e, all_backs or (top_backs and i == n - 1), v)
                for i, e in enumerate(st)
            )
            zones.append(Zone(STACK_NAMES[k], None, entries, "row", label=STACK_NAMES[k]))
        for s in range(4):
            zones.append(
                Zone(
                    f"foundation{s + 1}",
                    None,
                    tuple(CARDS[13 * s + r] for r in range(self.found[s])),
                    "pile",
                    label=f"{SUIT_WORDS[s]} foundation",
                )
            )
        refused = tuple(
            a for a in self.legal_attempts_refused() if not self.terminal and not self.chance
        )
        info: dict[str, Any] = {
            "names": self.names,
            "level": level,
            "moves": self.moves,
            "max_moves": self.options.max_moves,
            "home": sum(self.found),
            "refused": refused,
        }
        if self.results:
            info["last_hand"] = self.results[-1]
        return self._observation(v, zones, **info)

    def legal_attempts_refused(self) -> list[Action]:
        """Slides the player tried and was refused that the layout would still allow."""
        if not self.refused:
            return []
        out = []
        stacks = self.stacks
        for a in range(12):
            if not stacks[a] or stacks[a][-1] & UP:
                continue
            for b in range(12):
                if (
                    b != a
                    and stacks[b]
                    and not stacks[b][-1] & UP
                    and stacks[a][-1] * 64 + stacks[b][-1] in self.refused
                ):
                    out.append(TRY[a][b])
        return out

    def position(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The layout as (stacks, foundation counts); a stack entry has ``UP`` when face up."""
        return tuple(tuple(st) for st in self.stacks), tuple(self.found)


# ------------------------------------------------------------------- bot
class FrozenNoveltyBot(Agent):
    """Rule-of-thumb play from the observation alone.

    Best first: bring a card home; put a run on its parent card (when it is not on one
    already); lift a run off a face-down card onto an empty Up stack; turn a face-down
    card that has nothing under it (it blocks nobody); slide a Deck stack's top onto an
    empty Down stack (to turn it there next); turn a card while an Up stack is free to
    park it (few printed suits first, i.e. low cards, when backs show); dig by sliding a
    Deck top onto a Down stack; turn anything; otherwise stop.  Every kind of move it
    makes brings play forward, so it never goes round in circles.
    """

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        zones = {z.name: z.cards for z in obs.zones}
        colours = obs.info.get("level") == "very_easy"
        free_up = any(not zones[n] for n in STACK_NAMES[4:8])
        if obs.info.get("level") in ("very_easy", "easy"):
            free_up = free_up or any(not zones[n] for n in STACK_NAMES[:4])
        best: tuple[int, int, Action] | None = None
        for i, a in enumerate(legal):
            score = self._score(a, zones, colours, free_up)
            if score is not None and (best is None or score > best[0]):
                best = (score, -i, a)
        return best[2] if best is not None else STOP

    def _score(
        self, a: Action, zones: dict[str, tuple[Any, ...]], colours: bool, free_up: bool
    ) -> int | None:
        verb = a.verb
        if verb == "home":
            return 1000 - _RANK[a.cards[0].index]
        if verb == "move":
            card = a.cards[0]
            src = next(n for n, cs in zones.items() if card in cs)
            cs = zones[src]
            i = cs.index(card)
            under = cs[i - 1] if i > 0 else None
            dst = zones[a.args[1]]
            if isinstance(under, Card) and _fits(card.index, under.index, colours):
                return None  # already on its parent
            if dst:
                return 800 + (50 if under is None or isinstance(under, Back) else 0)
            if isinstance(under, Back):
                return 700 + _RANK[card.index]  # a high card is best parked
            return None
        if verb == "turn":
            stack = zones[a.args[0]]
            top = stack[-1]
            suits = len(top.design) if isinstance(top, Back) and top.design != HIDDEN_BACK else 2
            if len(stack) == 1:
                return 650
            if free_up:
                return 500 - 10 * suits - len(stack)
            return 100 - len(stack)
        if verb in ("slide", "try"):
            frm, to = a.args
            if not frm.startswith("deck") or not to.startswith("down"):
                return None
            if not zones[to]:
                return 620 if not free_up else 450
            return 150 + len(zones[frm]) - len(zones[to])
        return None


# ------------------------------------------------------------------- solver
class Solved(NamedTuple):
    """A solver verdict: ``"won"``, ``"lost"`` or ``"unknown"`` and the nodes searched."""

    outcome: str
    nodes: int


def _layout(state_or_deal: Any, backs_deck: str) -> tuple[list[list[int]], list[int]]:
    if isinstance(state_or_deal, FrozenNoveltyState):
        if state_or_deal.chance:
            raise ValueError("the state has not been dealt yet")
        return [list(s) for s in state_or_deal.stacks], list(state_or_deal.found)
    if isinstance(state_or_deal, str):
        text = state_or_deal.split()
        cards = parse_cards(text[1:] if text and text[0] == "deal" else text)
    else:
        cards = parse_cards(state_or_deal)
    if len(cards) != 52 or len({c.index for c in cards}) != 52:
        raise ValueError("a deal lists each of the 52 cards once (four stacks of 13, top first)")
    stacks: list[list[int]] = [
        [c.index for c in reversed(cards[13 * k : 13 * k + 13])] for k in range(4)
    ]
    return stacks + [[] for _ in range(8)], [0, 0, 0, 0]


def solve(
    state_or_deal: Any,
    level: str | None = None,
    budget: int = 100_000,
    *,
    deck: str = "foresight",
) -> Solved:
    """Can this deal (or position) still be won, with every face known?

    Parameters
    ----------
    state_or_deal : a :class:`FrozenNoveltyState` (its position and level), a deal action
        or its text (``"deal ..."``), or the 52 cards (four Deck stacks, each top first)
    level : one of ``LEVELS`` (default: the state's level, else ``"normal"``)
    budget : most positions to examine before answering ``"unknown"``
    deck : the registered Foresight deck whose backs decide slides

    Returns
    -------
    Solved(outcome, nodes) with outcome ``"won"``, ``"lost"`` or ``"unknown"``.

    The search is best-first: the most promising open position (cards home, cards on
    their parent card, few cards lying on a card that could go home next) is expanded
    next.  Each position is reduced to a canonical key (stacks of one kind are
    interchangeable, so each group is sorted) and kept in a transposition table so it is
    expanded once.  Moves home are made at once when they can never hurt (always, when
    building in suit); children are generated best kinds first.  Pointless moves (a whole
    stack to an equivalent empty stack, the same move to each of several empty stacks, a
    lone Down card to another empty Down stack) are skipped.  "lost" means every reachable
    position was examined.
    """
    if isinstance(state_or_deal, FrozenNoveltyState):
        level = level or state_or_deal.level
        deck = state_or_deal.game.options.deck
    level = level or "normal"
    if level not in LEVELS:
        raise OptionError(f"level {level!r} is not allowed; choose one of {', '.join(LEVELS)}")
    stacks, found = _layout(state_or_deal, deck)
    d = get_deck(deck)
    backs = d.back_masks
    counts = SUIT_COUNTS
    return _Solver(level, backs, counts).run(stacks, found, budget)


class _Solver:
    __slots__ = ("backs", "colours", "counts", "deck_as_up", "slide_table", "strict")

    def __init__(self, level: str, backs: tuple[int, ...], counts: tuple[int, ...]) -> None:
        self.colours, self.deck_as_up, self.strict = _rules(level)
        self.backs = backs
        self.counts = counts
        self.slide_table = [
            [_slide_ok(backs[m], counts[m], backs[t], counts[t], self.colours) for t in range(52)]
            for m in range(52)
        ]

    def key(self, stacks: list[tuple[int, ...]]) -> tuple[Any, ...]:
        if self.deck_as_up:
            deck = sorted(s for s in stacks[0:4] if any(not e & UP for e in s))
            up = sorted([s for s in stacks[0:4] if all(e & UP for e in s)] + stacks[4:8])
        else:
            deck = sorted(stacks[0:4])
            up = sorted(stacks[4:8])
        return (tuple(deck), tuple(up), tuple(sorted(stacks[8:12])))

    def settle(self, stacks: list[tuple[int, ...]], found: list[int]) -> None:
        """Make every safe move home, in place."""
        colours = self.colours
        moved = True
        while moved:
            moved = False
            for k in range(12):
                st = stacks[k]
                while st:
                    e = st[-1]
                    if not e & UP:
                        break
                    c = e & CARD
                    s = _SUIT[c]
                    r = _RANK[c]
                    if found[s] != r:
                        break
                    if colours and r > 1:
                        o = (0, 3) if s in (1, 2) else (1, 2)
                        if found[o[0]] < r or found[o[1]] < r:
                            break
                    found[s] += 1
                    st = st[:-1]
                    moved = True
                stacks[k] = st

    def children(
        self, stacks: list[tuple[int, ...]], found: list[int]
    ) -> Iterator[tuple[list[tuple[int, ...]], list[int]]]:
        colours = self.colours
        tops = [st[-1] if st else -1 for st in stacks]
        up_like = [4 <= k < 8 or (self.deck_as_up and k < 4) for k in range(12)]
        first_empty_up = next((k for k in range(12) if tops[k] < 0 and up_like[k]), -1)
        first_empty_down = next((k for k in (8, 9, 10, 11) if tops[k] < 0), -1)
        homes = []
        builds = []
        to_empty = []
        turns = []
        slides = []
        # Unsafe moves home (only with colour building).
        if colours:
            for k in range(12):
                t = tops[k]
                if t >= 0 and t & UP and found[_SUIT[t & CARD]] == _RANK[t & CARD]:
                    homes.append((k, len(stacks[k]) - 1, -2))
        for k in range(12):
            st = stacks[k]
            n = len(st)
            if not n or not st[-1] & UP:
                continue
            i = n - 1
            while i > 0 and st[i - 1] & UP and _fits(st[i] & CARD, st[i - 1] & CARD, colours):
                i -= 1
            for j in range(i, n):
                c = st[j] & CARD
                exposes = j == 0 or not st[j - 1] & UP
                for dd in range(12):
                    t = tops[dd]
                    if dd != k and t >= 0 and t & UP and _fits(c, t & CARD, colours):
                        builds.append((k, j, dd, exposes))
                if first_empty_up >= 0 and not (j == 0 and up_like[k]):
                    to_empty.append((k, j, first_empty_up))
        sources = DECKS if self.strict else (0, 1, 2, 3, 8, 9, 10, 11)
        targets = DOWNS if self.strict else (0, 1, 2, 3, 8, 9, 10, 11)
        table = self.slide_table
        for a in sources:
            m = tops[a]
            if m < 0 or m & UP:
                continue
            turns.append(a)
            for b in targets:
                if b == a:
                    continue
                t = tops[b]
                if t < 0:
                    if b == first_empty_down and not (a >= 8 and len(stacks[a]) == 1):
                        slides.append((a, b))
                elif not t & UP and table[m][t]:
                    slides.append((a, b))
        if self.strict:
            for a in DOWNS:
                m = tops[a]
                if m >= 0 and not m & UP:
                    turns.append(a)

        def turned_value(a: int) -> int:
            c = tops[a] & CARD
            return (found[_SUIT[c]] - _RANK[c]) * 2 + (1 if a >= 8 else 0)

        for k, j, _ in homes:
            new = list(stacks)
            new[k] = stacks[k][:j]
            f2 = list(found)
            f2[_SUIT[stacks[k][j] & CARD]] += 1
            yield new, f2
        builds.sort(key=lambda m: not m[3])
        for k, j, dd, _ in builds:
            new = list(stacks)
            new[dd] = stacks[dd] + stacks[k][j:]
            new[k] = stacks[k][:j]
            yield new, found
        turns.sort(key=turned_value, reverse=True)
        for a in turns:
            new = list(stacks)
            new[a] = (*stacks[a][:-1], stacks[a][-1] | UP)
            yield new, found
        for k, j, dd in to_empty:
            new = list(stacks)
            new[dd] = stacks[k][j:]
            new[k] = stacks[k][:j]
            yield new, found
        for a, b in slides:
            new = list(stacks)
            new[b] = stacks[b] + (stacks[a][-1],)
            new[a] = stacks[a][:-1]
            yield new, found

    def score(self, stacks: list[tuple[int, ...]], found: list[int]) -> int:
        """How promising a position looks: cards home, cards already on their parent card,
        and (against) cards lying on top of a card that could go home next."""
        colours = self.colours
        s = 20 * sum(found)
        for st in stacks:
            n = len(st)
            prev = -1
            for i, e in enumerate(st):
                c = e & CARD
                if _RANK[c] == found[_SUIT[c]]:
                    s -= n - 1 - i
                if prev >= 0 and e & UP and prev & UP and _fits(c, prev & CARD, colours):
                    s += 4
                prev = e
        return s

    def run(self, stacks0: list[list[int]], found0: list[int], budget: int) -> Solved:
        stacks = [tuple(s) for s in stacks0]
        found = list(found0)
        self.settle(stacks, found)
        if sum(found) == 52:
            return Solved("won", 1)
        seen = {self.key(stacks)}
        nodes = 1
        count = 0
        heap: list[tuple[int, int, list[tuple[int, ...]], list[int]]] = [(0, 0, stacks, found)]
        key = self.key
        settle = self.settle
        score = self.score
        push = heapq.heappush
        pop = heapq.heappop
        while heap:
            _, _, here, fd0 = pop(heap)
            for st, fd in self.children(here, fd0):
                fd = list(fd)
                settle(st, fd)
                if sum(fd) == 52:
                    return Solved("won", nodes + 1)
                k = key(st)
                if k in seen:
                    continue
                seen.add(k)
                nodes += 1
                if nodes >= budget:
                    return Solved("unknown", nodes)
                count += 1
                push(heap, (-score(st, fd), count, st, fd))
        return Solved("lost", nodes)


# ------------------------------------------------------------------- analysis
def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for ``wins`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def play_bot(level: str, deal: Action, seed: int = 0) -> int:
    """Cards home when the heuristic bot plays ``deal`` at ``level`` from its observation."""
    state = GAME.game(level=level).new_state()
    state.apply(deal)
    bot = FrozenNoveltyBot(0, seed)
    while not state.terminal:
        state.apply(bot.act(state.observation(0)), 0)
    return state.scores[0]


def difficulty(
    levels: Sequence[str] = LEVELS,
    deals: int = 100,
    seed: int = 0,
    budget: int = 20_000,
) -> pd.DataFrame:
    """Per level: solvable rate (Wilson 95%), bot win rate and solver speed.

    ``deals`` random deals per level (the same deals for every level, from ``seed``).
    The solvable rate is given twice: counting deals the solver could not decide within
    ``budget`` as losses (``solvable_min`` …) and as wins (``solvable_max`` …).
    """
    import pandas as pd

    rng = random.Random(f"frozen_novelty/{seed}")
    cards = list(CARDS[:52])
    dealt = []
    for _ in range(deals):
        rng.shuffle(cards)
        dealt.append(Action.of("deal", cards))
    rows = []
    for level in levels:
        won = lost = unknown = 0
        nodes = 0
        t0 = time.process_time()
        for d in dealt:
            r = solve(d, level, budget)
            nodes += r.nodes
            if r.outcome == "won":
                won += 1
            elif r.outcome == "lost":
                lost += 1
            else:
                unknown += 1
        secs = time.process_time() - t0
        bot_wins = 0
        bot_home = 0
        for i, d in enumerate(dealt):
            home = play_bot(level, d, i)
            bot_home += home
            bot_wins += home == 52
        lo1, hi1 = wilson(won, deals)
        lo2, hi2 = wilson(won + unknown, deals)
        blo, bhi = wilson(bot_wins, deals)
        rows.append(
            {
                "level": level,
                "deals": deals,
                "won": won,
                "lost": lost,
                "unknown": unknown,
                "solvable_min": won / deals if deals else 0.0,
                "solvable_min_lo": lo1,
                "solvable_min_hi": hi1,
                "solvable_max": (won + unknown) / deals if deals else 0.0,
                "solvable_max_lo": lo2,
                "solvable_max_hi": hi2,
                "bot_win_rate": bot_wins / deals if deals else 0.0,
                "bot_win_lo": blo,
                "bot_win_hi": bhi,
                "bot_mean_home": bot_home / deals if deals else 0.0,
                "solver_deals_per_s": deals / secs if secs > 0 else float("inf"),
                "mean_nodes": nodes / deals if deals else 0.0,
            }
        )
    return pd.DataFrame(rows)


GAME = GameSpec(
    name="frozen_novelty",
    title="Frozen Novelty",
    family="solitaire",
    players=(1,),
    summary="Solitaire: dig through four face-down stacks, reading Foresight backs to plan.",
    state_class=FrozenNoveltyState,
    options_class=FrozenNoveltyOptions,
    version=1,
    deck="foresight",
    bots={"heuristic": FrozenNoveltyBot},
    source="foresight-deck-games.txt (Frozen Novelty, designed by Bill Gilliland)",
)
