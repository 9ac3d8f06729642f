"""Frozen Novelty's rules: its options, the rules of each level, and the state.

The rules in words are in :mod:`cardlab.games.frozen_novelty`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, NamedTuple

from ...core.actions import Action, action
from ...core.cards import CARDS, SUIT_SYMBOLS, Deck, get_deck
from ...core.clone import Frozen, immutable
from ...core.foresight import SUITS_BY_RANK, design_of
from ...core.observation import Observation
from ...core.options import SolitaireOptions, option
from ...core.phases import Phase
from ...core.refusals import plural
from ...core.state import State
from ...rules.deals import DealRule, piles
from ...rules.solitaire import STOP, SolitaireGame
from ...rules.tableau import (
    ACE_UP,
    ALL_BACKS,
    CARD,
    NO_BACKS,
    RANK,
    SUIT,
    TOP_BACK,
    UP,
    Build,
    Layout,
    down_alternating,
    down_in_suit,
    find,
    foundation_zones,
    homes,
    mask_of,
    move_run,
    run_moves,
    run_start,
    stack_zone,
    top_moves,
    turnable,
)
from ...rules.tableau import (
    tops as stack_tops,
)

LEVELS: tuple[str, ...] = ("very_easy", "easy", "normal", "hard", "very_hard")
SLIDE_RULES = ("table", "suits", "count")
LAYOUT: Layout = Layout(("deck", 4), ("up", 4), ("down", 4))
STACK_NAMES = LAYOUT.names
STACK_INDEX = LAYOUT.index
DECKS = LAYOUT.group("deck")
UPS = LAYOUT.group("up")
DOWNS = LAYOUT.group("down")
DOWN_MASK = mask_of(DOWNS)
ALL = tuple(range(12))
#: Stacks that can hold face-down cards (Up stacks never do).
FACE_DOWN = DECKS + DOWNS
RED_SUITS = 0b0110
BLACK_SUITS = 0b1001
#: What a back's number of suits says about the card (its rank class).
CLASS_WORDS = {
    4: "an Ace or a King",
    3: "a Ten, Jack or Queen",
    2: "a Four to a Nine",
    1: "a Two or a Three",
}

TURN = tuple(action(f"turn {n}") for n in STACK_NAMES)
HOME = tuple(action(f"home {CARDS[i].code}") for i in range(52))
MOVE = tuple(tuple(action(f"move {CARDS[i].code} {n}") for n in STACK_NAMES) for i in range(52))
SLIDE = tuple(tuple(action(f"slide {a} {b}") for b in STACK_NAMES) for a in STACK_NAMES)
TRY = tuple(tuple(action(f"try {a} {b}") for b in STACK_NAMES) for a in STACK_NAMES)
_VERBS = frozenset(("turn", "home", "move", "slide", "try", "stop"))
# What each action does, decoded once: (kind, x, y); kinds below.
_TURN, _HOME, _MOVE, _SLIDE, _STOP = range(5)
_DO: dict[Action, tuple[int, int, int]] = {STOP: (_STOP, 0, 0)}
for _k in ALL:
    _DO[TURN[_k]] = (_TURN, _k, 0)
    for _d in ALL:
        _DO[SLIDE[_k][_d]] = _DO[TRY[_k][_d]] = (_SLIDE, _k, _d)
for _c in range(52):
    _DO[HOME[_c]] = (_HOME, _c, 0)
    for _d in ALL:
        _DO[MOVE[_c][_d]] = (_MOVE, _c, _d)


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class FrozenNoveltyOptions(SolitaireOptions):
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    deck: str = option(
        "foresight",
        "the Foresight deck, or a back table of your own registered with "
        "register_foresight(..., name=...): slides are judged by the backs it prints",
    )
    level: str = option(
        "normal",
        "very_easy: every back shows, empty Deck stacks serve as extra Up stacks and runs "
        "alternate colours (red on black); easy: the same with runs in suit; normal: only "
        "the back of each face-down stack's top card shows and an empty Deck stack is out "
        "of use; hard: no back shows, and a slide onto a face-down card is an attempt "
        "('try') refused with 'not allowed' when the backs forbid it; very_hard: as hard, "
        "and face-down cards move only from a Deck stack to a Down stack",
        choices=LEVELS,
    )
    slide_rule: str = option(
        "table",
        "when a face-down card may slide onto another face-down card: table: some card "
        "printed with the moving back could be built on some card printed with the target "
        "back (one rank lower, in suit; of the other colour on very_easy), by the deck's "
        "back table, as the rule text says; suits: the same test knowing only what the "
        "backs print (their suits and, by how many there are, the rank class); count: the "
        "text's restatement, the backs share a printed suit (on very_easy: one prints a red "
        "suit and the other a black one) and the moving back prints as many suits as the "
        "target or one fewer",
        choices=SLIDE_RULES,
    )
    max_moves: int = option(
        500,
        "the deal ends by itself after this many moves (stop and refused tries count)",
        min=1,
        max=998,
    )


# ------------------------------------------------------------ rules by level
def _count(mask: int) -> int:
    return mask.bit_count()


@cache
def slide_test(rule: str, colours: bool, backs: tuple[int, ...]) -> Build:
    """Which face-down card may slide onto which, by ``rule`` (see ``slide_rule``).

    ``backs`` are the suits each card's back prints (``Deck.back_masks``); ``colours``
    judges builds in alternating colours (Very Easy) instead of in suit.
    """
    build = down_alternating() if colours else down_in_suit()
    masks = backs[:52]
    if rule == "count":

        def allowed(mb: int, tb: int) -> bool:
            if _count(mb) not in (_count(tb), _count(tb) - 1):
                return False
            if colours:
                return bool(
                    (mb & RED_SUITS and tb & BLACK_SUITS) or (mb & BLACK_SUITS and tb & RED_SUITS)
                )
            return bool(mb & tb)

    else:

        def behind(mb: int) -> list[int]:
            """The cards that could lie under a back printing ``mb``."""
            if rule == "table":
                return [x for x in range(52) if masks[x] == mb]
            n = _count(mb)
            return [x for x in range(52) if mb >> SUIT[x] & 1 and SUITS_BY_RANK[RANK[x] + 1] == n]

        def allowed(mb: int, tb: int) -> bool:
            return any(build.cards(x, y) for x in behind(mb) for y in behind(tb))

    pairs = {(mb, tb): allowed(mb, tb) for mb in set(masks) for tb in set(masks)}
    return Build.where(
        f"slide ({rule})", lambda m, t: pairs[masks[m], masks[t]], build.text, face_up=False
    )


#: Every face-down card onto every face-down card (the slides offered when backs are hidden).
ANY_FACE_DOWN = Build.where("any face-down card", lambda m, t: True, "", face_up=False)


@immutable
class LevelRules(NamedTuple):
    """The rules of one level with one slide rule and deck (shared by state and solver)."""

    level: str
    slide_rule: str
    colours: bool  # runs and builds alternate colours (Very Easy)
    deck_as_up: bool  # empty Deck stacks take runs like Up stacks (easy levels)
    strict: bool  # slides only from a Deck stack to a Down stack (Very Hard)
    hidden: bool  # no back shows: slides onto a face-down card are tries (Hard levels)
    backs: str  # which backs show: "all", "top" or "none"
    build: Build  # how face-up runs are built
    slide: Build  # which face-down card may slide onto which
    offer: Build  # which slides onto a face-down card are listed
    takes_run: int  # bitmask of the stacks that take a run when empty
    slide_from: tuple[int, ...]
    slide_to: tuple[int, ...]


@cache
def level_rules(level: str, slide_rule: str = "table", backs: tuple[int, ...] = ()) -> LevelRules:
    """The rules of ``level`` with ``slide_rule`` and a deck's ``back_masks``."""
    if not backs:
        backs = get_deck("foresight").back_masks
    colours = level == "very_easy"
    deck_as_up = level in ("very_easy", "easy")
    strict = level == "very_hard"
    hidden = level in ("hard", "very_hard")
    slide = slide_test(slide_rule, colours, backs)
    return LevelRules(
        level,
        slide_rule,
        colours,
        deck_as_up,
        strict,
        hidden,
        ALL_BACKS if deck_as_up else NO_BACKS if hidden else TOP_BACK,
        down_alternating() if colours else down_in_suit(),
        slide,
        ANY_FACE_DOWN if hidden else slide,
        mask_of(UPS + DECKS if deck_as_up else UPS),
        DECKS if strict else FACE_DOWN,
        DOWNS if strict else FACE_DOWN,
    )


def rules_for(level: str, slide_rule: str, deck: Deck) -> LevelRules:
    """The rules of ``level`` with ``slide_rule``, judging slides by ``deck``'s backs."""
    return level_rules(level, slide_rule, deck.back_masks)


def slide_refusal(rules: LevelRules, deck: Deck, moving: int, target: int) -> str:
    """Why a face-down card may not slide onto another, true under the level's rule."""
    mb, tb = deck.back_masks[moving], deck.back_masks[target]
    m, t = design_of(mb), design_of(tb)
    how = rules.build.text
    if rules.slide_rule == "table":
        return (
            f"not allowed: no card printed with the back {m} can lie on a card printed with "
            f"the back {t} ({how}), so this slide could never be a legal build"
        )
    if rules.slide_rule == "suits":
        return (
            f"not allowed: a {m} back is {CLASS_WORDS[_count(mb)]} of a suit it prints, and "
            f"none of those can lie on {CLASS_WORDS[_count(tb)]} of a suit printed on the {t} "
            f"back ({how}), so this slide could never be a legal build"
        )
    if _count(mb) not in (_count(tb), _count(tb) - 1):
        return (
            f"not allowed by the suit-count rule: the moving back ({m}, "
            f"{plural(_count(mb), 'suit')}) must print as many suits as the target ({t}, "
            f"{plural(_count(tb), 'suit')}) or one fewer"
        )
    if rules.colours:
        return (
            f"not allowed by the suit-count rule: the backs {m} and {t} must print suits of "
            "different colours, one on each"
        )
    return f"not allowed by the suit-count rule: the backs {m} and {t} share no printed suit"


# ------------------------------------------------------------ state
class FrozenNoveltyState(SolitaireGame):
    """A deal of Frozen Novelty in progress.

    ``stacks`` holds the twelve stacks (Deck 0-3, Up 4-7, Down 8-11) (see
    :class:`~cardlab.rules.solitaire.SolitaireGame`).
    """

    __slots__ = ("max_moves", "refused", "rules")

    DEAL = DealRule(piles("deck", 4, 13, param="stacks"), positional=("stacks",))
    LAYOUT = LAYOUT

    refused: list[int]  # (moving card * 64 + target card) pairs a tried slide found forbidden
    rules: LevelRules  # shared by clones: the rules never change during a game
    max_moves: int

    def setup(self) -> None:
        o = self.options
        self.rules = rules_for(o.level, o.slide_rule, self.game.deck)
        self.max_moves = o.max_moves
        super().setup()

    def reset_hand(self) -> None:
        super().reset_hand()
        self.refused = []

    @property
    def level(self) -> str:
        return self.rules.level

    @property
    def hidden_backs(self) -> bool:
        return self.rules.hidden

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Any, obs: Observation, rng: Any) -> State:
        """A deal consistent with what the player sees now.

        Face-down cards are dealt from the cards not yet seen, each honouring the back
        it shows, and attempts refused on the table stay refusable.  Approximation: a
        back seen earlier on a card now buried under others is not remembered (the
        observation shows only what lies on the table now).
        """
        from ...core.cards import Card
        from ...rules.worlds import ATTEMPTS, WorldError, allowed_by_back, assign, resume

        world = resume(game, obs)
        assert isinstance(world, FrozenNoveltyState)
        assert world.chance is not None
        world.apply(world.chance.sample(rng))  # a deal whose stacks are replaced below
        deck = game.deck
        rows: list[list[int]] = []
        slots: list[int] = []
        where: list[tuple[int, int]] = []
        seen = 0
        for k, name in enumerate(STACK_NAMES):
            row = []
            for i, e in enumerate(obs.zone(name).cards):
                if isinstance(e, Card):
                    row.append(e.index | UP)
                    seen |= 1 << e.index
                else:
                    row.append(-1)
                    slots.append(allowed_by_back(deck, e))
                    where.append((k, i))
            rows.append(row)
        found = [0, 0, 0, 0]
        for s in range(4):
            z = obs.zone(f"foundation{s + 1}")
            found[s] = len(z.cards)
            for c in z.faces:
                seen |= 1 << c.index
        pool = cls.DEAL.layout(game)[2] & ~seen
        fits = world.rules.slide.fits
        for _ in range(ATTEMPTS):
            for (k, i), x in zip(where, assign(slots, pool, rng), strict=True):
                rows[k][i] = x
            refused = []
            for act in obs.info.get("refused", ()):
                _, a, b = _DO[act]
                m, t = rows[a][-1], rows[b][-1]
                if fits[m] >> t & 1:
                    break
                refused.append(m * 64 + t)
            else:
                break
        else:
            raise WorldError("no deal keeps the refused attempts refused")
        world.stacks = Frozen(tuple(tuple(r) for r in rows))
        world.found = found
        world.moves = int(obs.value(0, "moves", 0))
        world.refused = refused
        world.events = list(obs.history)
        world.hand_starts = [0]
        return world

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        stacks = LAYOUT.empty()
        for k in DECKS:
            stacks[k] = tuple(c.index for c in reversed(dealt[STACK_NAMES[k]]))  # top first
        self.begin_play(stacks)
        self.log("deal", None, f"Deal {self.hand_number + 1}: four Deck stacks of 13 face down")

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        stacks = self.stacks
        r = self.rules
        tops = stack_tops(stacks)
        acts = [TURN[k] for k in turnable(tops, FACE_DOWN)]
        for k in homes(tops, self.found, ACE_UP, ALL):
            acts.append(HOME[tops[k] & CARD])
        for k, i, d in run_moves(stacks, tops, r.build.fits, ALL, ALL, r.takes_run):
            acts.append(MOVE[stacks[k][i] & CARD][d])
        slides = top_moves(tops, r.offer.fits, r.slide_from, r.slide_to, DOWN_MASK, face_up=False)
        if slides:
            hidden = r.hidden
            refused = self.refused
            for a, b in slides:
                t = tops[b]
                if t < 0 or not hidden:
                    acts.append(SLIDE[a][b])
                elif tops[a] * 64 + t not in refused:
                    acts.append(TRY[a][b])
        acts.append(STOP)
        return tuple(acts)

    # ------------------------------------------------------------ apply
    def _play(self, act: Action, seat: int) -> None:
        kind, x, y = _DO[act]
        stacks = list(self.stacks)
        name = self.names[0]
        self.moves += 1
        if kind == _TURN:
            self.turn_card(stacks, x)
        elif kind == _HOME:
            self.move_home(stacks, x, ALL)
        elif kind == _MOVE:
            self.move_cards(stacks, x, y)
        elif kind == _SLIDE:
            m = stacks[x][-1]
            dst = stacks[y]
            a, b = STACK_NAMES[x], STACK_NAMES[y]
            if dst and not self.rules.slide.fits[m] >> dst[-1] & 1:
                self.refused.append(m * 64 + dst[-1])
                said = "refused", f"{name} tries to slide the top of {a} onto {b}: not allowed"
            else:
                move_run(stacks, x, len(stacks[x]) - 1, y)
                said = "slide", f"{name} slides the top of {a} face down to {b}"
            self.say((x, y), *said, source=a, target=b)
        else:
            self.end_deal("stops")
            return
        limit = self.max_moves
        self.end_move(stacks, f"reaches the limit of {limit} moves" if self.moves >= limit else "")

    # ------------------------------------------------------------ refusals
    def _why(self, act: Action, seat: int) -> str:
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
            return ""
        if verb == "home":
            return self._why_home(act)
        if verb == "move":
            return self._why_move(act)
        return self._why_slide(act)

    def _named_card(
        self, act: Action, well_said: bool, usage: str, gone: str
    ) -> tuple[str, int, int]:
        """Where the face-up card an action names lies: ("", stack, position), or a reason."""
        card = act.card
        if card is None or not well_said:
            return usage, -1, -1
        where = find(self.stacks, card.index)
        if where is None:
            return f"{card} {gone}", -1, -1
        k, i = where
        if not self.stacks[k][i] & UP:
            return f"{card} is face down", k, i
        return "", k, i

    def _why_home(self, act: Action) -> str:
        why, k, i = self._named_card(
            act,
            len(act.args) == 1,
            "name one face-up card, e.g. 'home AS'",
            "is already on its foundation",
        )
        if why:
            return why
        card = act.cards[0]
        if i != len(self.stacks[k]) - 1:
            return f"{card} is not on top of {STACK_NAMES[k]}"
        need = self.found[card.suit]
        if need == 13:
            return f"the {SUIT_SYMBOLS[card.suit]} foundation is complete"
        want = CARDS[13 * card.suit + need]
        return f"the {SUIT_SYMBOLS[card.suit]} foundation needs {want} next, not {card}"

    def _why_move(self, act: Action) -> str:
        args = act.args
        why, k, i = self._named_card(
            act,
            len(args) == 2 and args[1] in STACK_INDEX,
            "say which face-up card and where to, e.g. 'move 9H up2'",
            "is on its foundation; nothing leaves a foundation",
        )
        if why:
            return why
        card = act.cards[0]
        st = self.stacks[k]
        if i < run_start(st, self.rules.build.fits):
            return f"the cards on {card} do not form a run down from it"
        d = STACK_INDEX[args[1]]
        if d == k:
            return f"{card} is already on {args[1]}"
        dst = self.stacks[d]
        if not dst:
            if d in DOWNS:
                return "an empty Down stack takes only face-down cards"
            return "an empty Deck stack is out of use at this level"
        if not dst[-1] & UP:
            return "a face-up card may not go on a face-down card"
        t = CARDS[dst[-1] & CARD]
        how = "of the other colour" if self.rules.colours else "of the same suit"
        return f"{card} can only go on the card one rank higher {how}, not on {t}"

    def _why_slide(self, act: Action) -> str:
        args = act.args
        if len(args) != 2 or args[0] not in STACK_INDEX or args[1] not in STACK_INDEX:
            return "name two stacks, e.g. 'slide deck1 down1'"
        a, b = STACK_INDEX[args[0]], STACK_INDEX[args[1]]
        if a == b:
            return "a card must slide to another stack"
        if self.rules.strict and not (a in DECKS and b in DOWNS):
            return "at this level face-down cards move only from a Deck stack to a Down stack"
        src, dst = self.stacks[a], self.stacks[b]
        if not src:
            return f"{args[0]} is empty"
        if src[-1] & UP:
            return f"the top card of {args[0]} is face up; only face-down cards slide"
        if not dst:
            if b in DOWNS:
                return f"an empty Down stack takes any face-down card: 'slide {args[0]} {args[1]}'"
            return "a face-down card may go only on a face-down card or an empty Down stack"
        if dst[-1] & UP:
            return "a face-down card may never go on a face-up card"
        if self.rules.hidden:
            if act.verb == "slide":
                return (
                    "the backs are hidden at this level, so a slide onto a face-down card is "
                    f"an attempt: 'try {args[0]} {args[1]}'"
                )
            return "not allowed (you already tried that slide)"
        if act.verb == "try":
            return f"the backs are visible at this level: 'slide {args[0]} {args[1]}'"
        return slide_refusal(self.rules, self.game.deck, src[-1], dst[-1])

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal":
            return {}
        return {"home": sum(self.found), "moves": self.moves}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        backs = self.rules.backs
        zones = [stack_zone(view, STACK_NAMES[k], st, backs) for k, st in enumerate(self.stacks)]
        zones += foundation_zones(self.found)
        live = not self.terminal and self.chance is None
        info: dict[str, Any] = {
            "level": self.rules.level,
            "slide_rule": self.rules.slide_rule,
            "max_moves": self.max_moves,
            "refused": tuple(self.legal_attempts_refused()) if live else (),
        }
        return self.observe(view, zones, info)

    def legal_attempts_refused(self) -> list[Action]:
        """Slides the player tried and was refused that the layout would still allow."""
        refused = self.refused
        if not refused:
            return []
        tops = stack_tops(self.stacks)
        return [
            TRY[a][b]
            for a, b in top_moves(tops, ANY_FACE_DOWN.fits, ALL, ALL, face_up=False)
            if tops[a] * 64 + tops[b] in refused
        ]

    def position(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The layout as (stacks, foundation counts); a stack entry has ``UP`` when face up."""
        return tuple(self.stacks), tuple(self.found)

    def _prompt(self, seat: int) -> str:
        slide = "try a slide" if self.rules.hidden else "slide"
        return (
            f"Turn a card, send one home, move a run, {slide} a face-down card, or stop "
            f"(move {self.moves + 1} of at most {self.max_moves})"
        )

    PLAY = Phase("play", _legal, _play, _why, _prompt)
