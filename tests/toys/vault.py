"""Vault Toy: a small push-your-luck game with a poll after every flip, and no hands.

A test game, not a published one.  Nobody holds cards.  Each round the Aces to Sixes
and the pictures (the guards) are shuffled into two face-down stacks.  The player to
flip turns the top card of a stack of its choice: a guard is set in the middle, any other
card is cash and lies in front of the flipper.  After every flip each player still in the
vault, in turn from the flipper's left (the flipper last), is asked whether it leaves: a
leaver banks the pips of its own cash (Ace 1) plus one for every card on the table (all
cash, also of players gone, and the guards), and is out for the round.  The second guard
of a suit catches everyone still inside, who bank nothing.  The round also ends when
everyone has left or both stacks are empty (those still inside then bank).  The next flip
goes to the next player still inside; the game is ``rounds`` rounds.

Actions: ``flip 1``, ``flip 2``; when asked, ``leave`` or ``stay``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.core.actions import Action, action
from cardlab.core.agents import PhaseBot, on
from cardlab.core.cards import CARDS, Card
from cardlab.core.errors import WorldError
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import Options, option
from cardlab.core.phases import Phase
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, piles
from cardlab.rules.polls import Poll
from cardlab.rules.worlds import deal_action, mask_of, replay, resume, retry

FLIPS = (action("flip 1"), action("flip 2"))
USED = [c for c in CARDS[:52] if c.rank <= 6 or c.rank > 10]


def pips(card: Card) -> int:
    return card.rank if card.rank <= 10 else 0


@dataclass(frozen=True)
class VaultOptions(Options):
    """Vault Toy's options."""

    rounds: int = option(3, "rounds in a game", min=1)


class VaultState(State):
    """Vault Toy in progress: each stack a list of card indices (top last)."""

    __slots__ = ("banked", "cash", "flipper", "guards", "inside", "poll", "stacks")

    DEAL = DealRule(piles("stack", 2, 18), cards=lambda game: USED)

    stacks: list[list[int]]
    guards: list[int]
    cash: list[list[int]]
    inside: list[bool]
    banked: list[int]
    flipper: int

    def reset_hand(self) -> None:
        n = self.players
        self.stacks = [[], []]
        self.guards = []
        self.cash = [[] for _ in range(n)]
        self.inside = [True] * n
        self.banked = [0] * n
        self.flipper = 0
        self.poll = None

    def on_deal(self, dealt: Any) -> None:
        self.stacks = [dealt.indices("stack1"), dealt.indices("stack2")]
        self.flipper = self.hand_number % self.players
        self.log("deal", None, f"Round {self.hand_number + 1}: two stacks of 18")
        self._flip_turn()

    def _flip_turn(self) -> None:
        self.phase = self.FLIP
        self.to_move = (self.flipper,)

    def on_table(self) -> int:
        return len(self.guards) + sum(len(c) for c in self.cash)

    # ------------------------------------------------------------ flip
    def _flip_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(FLIPS[k] for k in range(2) if self.stacks[k])

    def _flip(self, act: Action, seat: int) -> None:
        k = int(act.args[0]) - 1
        card = CARDS[self.stacks[k].pop()]
        name = self.names[seat]
        if card.rank > 10:
            caught = any(CARDS[g].suit == card.suit for g in self.guards)
            self.guards.append(card.index)
            self.log("flip", seat, f"{name} turns a guard, {card.text}", cards=(card,))
            if caught:
                inside = [s for s in range(self.players) if self.inside[s]]
                who = ", ".join(self.names[s] for s in inside)
                self.log("caught", None, f"A second guard of {card.symbol}: {who} caught")
                self._end_round("the guards catch everyone inside")
                return
        else:
            self.cash[seat].append(card.index)
            self.log("flip", seat, f"{name} turns {card.text}: cash", cards=(card,))
        n = self.players
        order = [(seat + k) % n for k in range(1, n + 1)]
        self.ASK.start(self, [s for s in order if self.inside[s]])

    def _flip_why(self, act: Action, seat: int) -> str:
        if act.verb == "flip":
            return "flip from a stack that still has cards: 'flip 1' or 'flip 2'"
        return ""

    # ------------------------------------------------------------ leaving
    def _leave(self, seat: int, yes: bool) -> None:
        if not yes:
            return
        self._bank(seat)

    def _bank(self, seat: int) -> None:
        own = sum(pips(CARDS[i]) for i in self.cash[seat])
        table = self.on_table()
        self.inside[seat] = False
        self.banked[seat] = own + table
        self.award(seat, own + table, "cash banked on leaving")
        self.log(
            "bank",
            seat,
            f"{self.names[seat]} leaves with {own + table}: {own} in cash, {table} for the "
            f"cards on the table",
            banked=own + table,
        )

    def _asked(self, answers: dict[int, bool]) -> None:
        if not any(self.inside):
            self._end_round("everyone has left")
            return
        if not any(self.stacks):
            for s in range(self.players):
                if self.inside[s]:
                    self._bank(s)
            self._end_round("both stacks are empty")
            return
        n = self.players
        self.flipper = next(
            (self.flipper + k) % n for k in range(1, n + 1) if self.inside[(self.flipper + k) % n]
        )
        self._flip_turn()

    def _end_round(self, why: str) -> None:
        self.ASK.close(self)
        self.to_move = ()
        self.end_hand(why.capitalize())

    def game_over(self) -> bool:
        return len(self.results) >= self.options.rounds

    ASK = Poll(
        "leave",
        lambda st, seat: (
            f"Leave now with {sum(pips(CARDS[i]) for i in st.cash[seat]) + st.on_table()}, "
            "or stay in the vault?"
        ),
        _asked,
        yes="leave",
        no="stay",
        said=lambda st, seat, yes: f"{st.names[seat]} {'leaves' if yes else 'stays'}",
        on_answer=_leave,
    )
    FLIP = Phase("flip", _flip_legal, _flip, _flip_why, "Turn the top card of a stack")

    # ------------------------------------------------------- observation
    def seat_status(self, seat: int) -> str:
        return "" if self.inside[seat] else "out"

    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"banked": self.banked[seat]}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone(f"stack{k + 1}", None, view.stack([CARDS[i] for i in self.stacks[k]]))
            for k in range(2)
        ]
        zones.append(Zone("guards", None, tuple(CARDS[i] for i in self.guards), "row"))
        for s in range(self.players):
            zones.append(Zone("cash", s, tuple(CARDS[i] for i in self.cash[s]), "row"))
        info = {"round": self.hand_number + 1, "on_table": self.on_table()}
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """Every card turned came from the stack its flip names (``flip 1``, recorded in
        the history); the cards not yet turned are shuffled under them, and the round is
        replayed."""
        return retry(_world, game, obs, rng)


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    world = resume(game, obs)
    turned: list[list[int]] = [[], []]
    for e in obs.history:
        if e.kind == "flip":
            if e.action is None:
                raise WorldError(f"{e.text!r} does not say which stack it came from")
            turned[int(e.action.args[0]) - 1].append(e.cards[0].index)
    seen = mask_of(CARDS[i] for t in turned for i in t)
    unseen = [c.index for c in USED if not seen >> c.index & 1]
    rng.shuffle(unseen)
    sizes = [len(obs.zone(f"stack{k + 1}").cards) for k in range(2)]
    if sum(sizes) != len(unseen):
        raise WorldError("the stacks do not add up")
    # a stack is turned from its top (its end): the first card turned lies last
    stacks = [unseen[: sizes[0]] + turned[0][::-1], unseen[sizes[0] :] + turned[1][::-1]]
    deal = deal_action(world, {("stack1", None): stacks[0], ("stack2", None): stacks[1]})
    return replay(world, obs, chance=[deal])


# ----------------------------------------------------------------- bot
class VaultBot(PhaseBot):
    """Leaves once the table is worth 12 or more to it, or when one more guard of any suit
    on the table would catch it and the stacks are getting short."""

    name: ClassVar[str] = "heuristic"

    @on("flip", why="flip from the larger stack")
    def flip(self, obs: Observation) -> Action:
        sizes = [len(obs.zone(f"stack{k + 1}").cards) for k in range(2)]
        want = FLIPS[0] if sizes[0] >= sizes[1] else FLIPS[1]
        return want if want in obs.legal else obs.legal[0]

    @on("leave", why="leave with 12 or more, stay for less")
    def leave(self, obs: Observation) -> Action:
        me = obs.seat if obs.seat is not None else 0
        own = sum(pips(c) for c in obs.zone("cash", me).faces)
        worth = own + int(obs.info["on_table"])
        return action("leave") if worth >= 12 else action("stay")


GAME = register(
    GameSpec(
        name="toy_vault",
        title="Vault Toy",
        family="toy",
        players=(2, 3, 4),
        default_players=3,
        summary="A test game with no hands: flip, then everyone still in says stay or leave",
        state_class=VaultState,
        options_class=VaultOptions,
        bots={"heuristic": VaultBot},
        dealer=False,
    )
)
