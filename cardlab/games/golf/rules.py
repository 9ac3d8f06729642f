"""Golf's rules: its options, the rule tables of one option set, and the state.

The rules in words are in :mod:`cardlab.games.golf`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from ...core.actions import Action, action
from ...core.cards import CARDS, RANK_NAMES, Card
from ...core.clone import Frozen, immutable
from ...core.observation import Observation, Zone
from ...core.options import SolitaireOptions, option
from ...core.phases import Phase
from ...core.refusals import either, plural
from ...core.state import State
from ...rules.deals import DealRule, pile, piles
from ...rules.solitaire import SolitaireGame
from ...rules.tableau import (
    CARD,
    RANK,
    UP,
    Build,
    Layout,
    deal_cards,
    move_run,
    stack_entries,
    top_moves,
)
from ...rules.tableau import tops as stack_tops

LAYOUT: Layout = Layout(("pile", 7), ("stock", 1), ("discard", 1))
STACK_NAMES = LAYOUT.names
PILES = LAYOUT.group("pile")
STOCK = LAYOUT.index["stock"]
DISCARD = LAYOUT.index["discard"]
ONTO_DISCARD = (DISCARD,)
PILE_SIZE = 5
KING = 12
QUEEN = 11
ACE = 0

PLAY = tuple(action(f"play {CARDS[i].code}") for i in range(52))
DRAW = action("draw")
_PLAYED: dict[Action, int] = {a: i for i, a in enumerate(PLAY)}


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class GolfOptions(SolitaireOptions):
    draw_any_time: bool = option(
        False,
        "turn a stock card whenever you like, as most computer versions allow; off: only "
        "when no pile card can be played, as the rule text says",
    )
    queen_on_king: bool = option(False, "a Queen may be played on a King")
    wrap: bool = option(
        False,
        "the King and the Ace are neighbours both ways: an Ace may go on a King and a King "
        "on an Ace",
    )
    stock_bonus: bool = option(
        False,
        "a cleared tableau scores minus the stock cards never turned (−5 with five left)",
    )


# ------------------------------------------------------------ rules
def _adjacent(moving: int, target: int, queen_on_king: bool, wrap: bool) -> bool:
    """May a card of rank ``moving`` go on a discard top of rank ``target`` (0 = Ace)?"""
    if target == KING:
        return (queen_on_king and moving == QUEEN) or (wrap and moving == ACE)
    if abs(moving - target) == 1:
        return True
    return wrap and moving == KING and target == ACE


@immutable
class GolfRules(NamedTuple):
    """One option set's rules, shared by the game, its bot and its solver."""

    draw_any_time: bool
    queen_on_king: bool
    wrap: bool
    stock_bonus: bool
    build: Build  # which face-up card may go on which (the engine's test)
    onto: tuple[int, ...]  # per rank of the discard top: bitmask of the ranks that may go on it

    def may_draw(self, stock_left: int, can_play: bool) -> bool:
        """Whether a stock card may be turned now."""
        return stock_left > 0 and (self.draw_any_time or not can_play)

    def takes(self, target: int) -> str:
        """What a discard top of rank ``target`` takes, in words."""
        ranks = [RANK_NAMES[r] for r in range(13) if self.onto[target] >> r & 1]
        if not ranks:
            return "nothing"
        return either([f"a{'n' if r[0] in 'AE' else ''} {r}" for r in ranks])


@cache
def golf_rules(
    draw_any_time: bool = False,
    queen_on_king: bool = False,
    wrap: bool = False,
    stock_bonus: bool = False,
) -> GolfRules:
    """The rules of one option set (cached: one object per set)."""
    text = "one rank above or below, whatever the suit" + (
        " (King and Ace count as neighbours)" if wrap else ""
    )
    build = Build.where(
        "golf" + (" (queen on king)" if queen_on_king else "") + (" (wrap)" if wrap else ""),
        lambda m, t: _adjacent(RANK[m], RANK[t], queen_on_king, wrap),
        text,
    )
    onto = []
    for t in range(13):
        mask = 0
        for m in range(13):
            if build.cards(m, t):  # clubs stand for every suit: suits never matter
                mask |= 1 << m
        onto.append(mask)
    return GolfRules(draw_any_time, queen_on_king, wrap, stock_bonus, build, tuple(onto))


def rules_of(options: Any) -> GolfRules:
    """The rules a game's options ask for."""
    return golf_rules(
        options.draw_any_time, options.queen_on_king, options.wrap, options.stock_bonus
    )


# ------------------------------------------------------------ state
class GolfState(SolitaireGame):
    """A deal of Golf in progress.

    ``stacks`` holds the seven piles (0-6), the stock (7) and the discard pile (8) (see
    :class:`~cardlab.rules.solitaire.SolitaireGame`); Golf has no foundations.
    """

    __slots__ = ("rules",)

    LAYOUT = LAYOUT
    FOUNDATIONS = False

    DEAL = DealRule(
        piles("pile", len(PILES), PILE_SIZE, param="piles"),
        pile("stock"),
        positional=("piles",),
    )

    rules: GolfRules  # shared by clones: the rules never change during a game

    def setup(self) -> None:
        self.rules = rules_of(self.options)
        super().setup()

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Any, obs: Observation, rng: random.Random) -> State:
        """A deal the player could not tell from this one.

        The piles and the discard pile are in view; the stock holds the cards not in
        view, in a random order.
        """
        from ...rules.worlds import WorldError, resume

        world = resume(game, obs)
        assert isinstance(world, GolfState)
        step = world.chance
        if step is None:
            raise WorldError("the observation is not of a deal in progress")
        world.apply(step.sample(rng))  # a deal whose stacks are replaced below
        rows: list[tuple[int, ...]] = []
        seen = 0
        for k in PILES:
            row = tuple(c.index | UP for c in obs.zone(STACK_NAMES[k]).faces)
            rows.append(row)
        discard = tuple(c.index | UP for c in obs.zone("discard").faces)
        for e in (*(e for r in rows for e in r), *discard):
            seen |= 1 << (e & CARD)
        hidden = [i for i in range(52) if not seen >> i & 1]
        count = len(obs.zone("stock").cards)
        if len(hidden) != count:
            raise WorldError(f"{len(hidden)} cards out of view but a stock of {count}")
        rng.shuffle(hidden)
        world.stacks = Frozen((*rows, tuple(hidden), discard))
        world.moves = int(obs.value(0, "moves", 0))
        world.events = list(obs.history)
        world.hand_starts = [0]
        return world

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        stacks = LAYOUT.empty()
        for k in PILES:
            # each pile is written top first; stacks are kept bottom first
            stacks[k] = tuple(c.index | UP for c in reversed(dealt[STACK_NAMES[k]]))
        stacks[STOCK] = tuple(c.index for c in reversed(dealt["stock"]))
        deal_cards(stacks, STOCK, DISCARD, 1, face_up=True)
        self.begin_play(stacks)
        up = CARDS[stacks[DISCARD][-1] & CARD]
        self.log(
            "deal",
            None,
            f"Deal {self.hand_number + 1}: seven piles of five face up; {up.text} is turned "
            f"from the stock to start the discard pile ({len(stacks[STOCK])} left in the stock)",
            cards=(up,),
            stock=len(stacks[STOCK]),
        )

    # ------------------------------------------------------------ legal
    def playable(self) -> list[int]:
        """The piles whose top card may go on the discard pile now."""
        return [
            a
            for a, _ in top_moves(
                stack_tops(self.stacks), self.rules.build.fits, PILES, ONTO_DISCARD
            )
        ]

    def _legal(self, seat: int) -> tuple[Action, ...]:
        stacks = self.stacks
        rules = self.rules
        tops = stack_tops(stacks)
        acts = [
            PLAY[tops[a] & CARD] for a, _ in top_moves(tops, rules.build.fits, PILES, ONTO_DISCARD)
        ]
        if rules.may_draw(len(stacks[STOCK]), bool(acts)):
            acts.append(DRAW)
        return tuple(acts)

    # ------------------------------------------------------------ apply
    def _play(self, act: Action, seat: int) -> None:
        stacks = list(self.stacks)
        name = self.names[0]
        self.moves += 1
        under = CARDS[stacks[DISCARD][-1] & CARD]
        c = _PLAYED.get(act, -1)
        if c < 0:  # draw
            deal_cards(stacks, STOCK, DISCARD, 1, face_up=True)
            card = CARDS[stacks[DISCARD][-1] & CARD]
            left = len(stacks[STOCK])
            self.log(
                "draw",
                0,
                f"{name} turns {card.text} from the stock onto {under.text} ({left} left)",
                cards=(card,),
                source="stock",
                target="discard",
                stock=left,
            )
        else:
            k = next(k for k in PILES if stacks[k] and stacks[k][-1] & CARD == c)
            move_run(stacks, k, len(stacks[k]) - 1, DISCARD)
            card = CARDS[c]
            self.log(
                "play",
                0,
                f"{name} plays {card.text} from pile {k + 1} onto {under.text}",
                cards=(card,),
                source=STACK_NAMES[k],
                target="discard",
                onto=under,
            )
        self.end_move(stacks, "" if any(stacks[k] for k in PILES) else "clears the tableau")

    def score_deal(self) -> tuple[str, bool]:
        # a cleared tableau scores 0, or less with the stock bonus; a lost deal at least 1
        stacks = self.stacks
        left = sum(len(stacks[k]) for k in PILES)
        stock = len(stacks[STOCK])
        self.award(0, left, f"{plural(left, 'card')} left in the piles")
        if not left and self.rules.stock_bonus and stock:
            self.award(0, -stock, f"{plural(stock, 'stock card')} never turned")
        return f"{plural(left, 'card')} left in the piles", not left

    # ------------------------------------------------------------ refusals
    def _why(self, act: Action, seat: int) -> str:
        verb = act.verb
        stacks = self.stacks
        if verb == "draw":
            if act.args:
                return "say just 'draw'"
            if not stacks[STOCK]:
                return "the stock is empty"
            free = [CARDS[stacks[k][-1] & CARD].text for k in self.playable()]
            if free and not self.rules.draw_any_time:
                return (
                    "a stock card may be turned only when no pile card can be played, and "
                    f"{either(free)} can be (the option draw_any_time lifts this rule)"
                )
            return ""
        if verb != "play":
            return ""
        card = act.card
        if card is None or len(act.args) != 1:
            return "name one card, e.g. 'play 7H'"
        top = stacks[DISCARD][-1] & CARD
        if any(e & CARD == card.index for e in stacks[DISCARD]):
            return f"{card.text} is already on the discard pile"
        for k in PILES:
            st = stacks[k]
            for i, e in enumerate(st):
                if e & CARD == card.index:
                    if i != len(st) - 1:
                        over = CARDS[st[i + 1] & CARD].text
                        return (
                            f"{card.text} is not free: {over} lies on it in pile {k + 1}, "
                            "and only the top card of a pile may be played"
                        )
                    return self._why_rank(card, CARDS[top])
        return f"{card.text} is not in the piles; stock cards reach the discard pile only by 'draw'"

    def _why_rank(self, card: Card, top: Card) -> str:
        rules = self.rules
        if RANK[top.index] == KING:
            takes = rules.takes(KING)
            if takes == "nothing":
                return f"nothing may be played on a King ({top.text}); 'draw' a stock card"
            return f"only {takes} may be played on a King ({top.text})"
        return (
            f"{card.text} is not next in rank to {top.text}: only "
            f"{rules.takes(RANK[top.index])} may go on it, whatever the suit"
        )

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal":
            return {}
        stacks = self.stacks
        return {
            "piles": sum(len(stacks[k]) for k in PILES),
            "stock": len(stacks[STOCK]),
            "moves": self.moves,
        }

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        stacks = self.stacks
        # piles (a column each at the table; an empty one keeps its place)
        zones = [
            Zone(
                STACK_NAMES[k], None, stack_entries(view, stacks[k]), "pile", label=f"pile {k + 1}"
            )
            for k in PILES
        ]
        zones.append(
            Zone(
                "stock",
                None,
                view.stack([CARDS[e & CARD] for e in stacks[STOCK]]),
                "pile",
                label="stock",
            )
        )
        zones.append(
            Zone(
                "discard",
                None,
                tuple(CARDS[e & CARD] for e in stacks[DISCARD]),
                "pile",
                label="discard pile",
            )
        )
        rules = self.rules
        info: dict[str, Any] = {
            "draw_any_time": rules.draw_any_time,
            "queen_on_king": rules.queen_on_king,
            "wrap": rules.wrap,
            "stock_bonus": rules.stock_bonus,
        }
        return self.observe(view, zones, info)

    def _prompt(self, seat: int) -> str:
        stacks = self.stacks
        top = CARDS[stacks[DISCARD][-1] & CARD]
        left = len(stacks[STOCK])
        if not self.playable():
            return f"No pile card fits on {top.text}: draw from the stock ({left} left)"
        takes = self.rules.takes(RANK[top.index])
        draw = f", or draw from the stock ({left} left)" if self.rules.may_draw(left, True) else ""
        return f"Play {takes} on {top.text} from the top of a pile{draw}"

    PLAY = Phase("play", _legal, _play, _why, _prompt)
