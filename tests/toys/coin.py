"""Coin Toss: a toy game of pure luck, where no seat and no player has an edge.

Each of two to four seats is dealt two cards face down that nobody may look at, its
own holder included; the rest of the pack stays face down.  In turn from the dealer's
left, each seat turns up its ``left`` or its ``right`` card.  When every seat has turned
one, the highest card turned (by rank, Ace high, then by suit: clubs, diamonds, hearts,
spades) wins: one point to its seat, and the game is over.

Every choice is blind, so every seat's card is a card drawn at random whatever anyone
does: the variant lab's tests expect no seat advantage and a result that is all luck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from oracles import Location, VisibilityOracle

from cardlab.core.actions import Action, action
from cardlab.core.agents import PhaseBot, on
from cardlab.core.cards import Card
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import DealerOptions
from cardlab.core.phases import Phase
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.worlds import resume

SIDES = ("left", "right")
TURNS = tuple(action(f"turn {side}") for side in SIDES)


def strength(card: Card) -> int:
    """Order of the cards: rank with the Ace high, then suit."""
    return (14 if card.rank == 1 else card.rank) * 4 + card.suit


@dataclass(frozen=True)
class CoinOptions(DealerOptions):
    """Coin Toss has only the options every dealt game has."""


def _legal(state: CoinState, seat: int) -> tuple[Action, ...]:
    return TURNS


def _act(state: CoinState, act: Action, seat: int) -> None:
    side = SIDES.index(act.args[0])
    card = state.pairs[seat][side]
    state.turned[seat] = side
    state.log("turn", seat, f"{state.names[seat]} turns up {card.text}", cards=(card,), side=side)
    waiting = [s for s in range(state.players) if state.turned[s] < 0]
    if waiting:
        nxt = (seat + 1) % state.players
        while state.turned[nxt] >= 0:
            nxt = (nxt + 1) % state.players
        state.to_move = (nxt,)
        return
    shown = [state.pairs[s][state.turned[s]] for s in range(state.players)]
    best = max(range(state.players), key=lambda s: strength(shown[s]))
    state.award(best, 1, f"highest card, {shown[best].text}")
    state.end_hand(f"{state.names[best]} turned the highest card", best)


class CoinState(State):
    """A game of Coin Toss: each seat's two cards, and which it turned (-1: not yet)."""

    __slots__ = ("pairs", "stock", "turned")

    DEAL = DealRule(each_seat(pair=2), pile("stock"))

    pairs: list[list[Card]]
    stock: list[Card]
    turned: list[int]

    def reset_hand(self) -> None:
        self.pairs = [[] for _ in range(self.players)]
        self.stock = []
        self.turned = [-1] * self.players

    def on_deal(self, dealt: Any) -> None:
        self.pairs = [list(p) for p in dealt["pair"]]
        self.stock = list(dealt["stock"])
        self.log("deal", self.dealer, f"{self.names[self.dealer]} deals two cards face down each")
        self.phase = self.TURN
        self.to_move = ((self.dealer + 1) % self.players,)

    def game_over(self) -> bool:
        return True

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = []
        for s in range(self.players):
            cards = tuple(
                c if self.turned[s] == i else view.card(c, seen=False)
                for i, c in enumerate(self.pairs[s])
            )
            zones.append(Zone("pair", s, cards, "row", label=self.names[s]))
        zones.append(Zone("stock", None, view.stack(self.stock), "pile"))
        return self.observe(view, zones, {"turned": tuple(self.turned)})

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """Every card not turned up dealt at random; the turns replayed."""
        shown: dict[int, tuple[int, Card]] = {}
        order: list[int] = []
        for e in obs.history:
            if e.kind == "turn" and e.seat is not None:
                shown[e.seat] = (e.facts["side"], e.cards[0])
                order.append(e.seat)
        seen = {card for _, card in shown.values()}
        unseen = [c for c in game.deck.cards if c not in seen]
        rng.shuffle(unseen)
        pairs = []
        for s in range(game.players):
            pair = [unseen.pop(), unseen.pop()]
            if s in shown:
                side, card = shown[s]
                pair[side] = card
            pairs.append(pair)
        world = resume(game, obs)
        world.apply(game.deal(pairs, rng=rng))
        for s in order:
            world.apply(f"turn {SIDES[shown[s][0]]}", s)
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    TURN = Phase("turn", _legal, _act, prompt="Turn up your left or your right card")


class CoinBot(PhaseBot):
    """Turns up the left card (nothing to know, nothing to gain)."""

    name = "heuristic"

    @on("turn", why="both cards are unseen: either is as good")
    def turn(self, obs: Observation) -> Action:
        return TURNS[0]


class CoinOracle(VisibilityOracle):
    """Coin Toss: nobody sees a card until it is turned up; then everyone does."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"players": 4, "first_dealer": 2}]
    physical_zones: ClassVar[set[str]] = {"pair", "stock"}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.pairs = [cards[2 * s : 2 * s + 2] for s in range(n)]
        self.stock = set(cards[2 * n :])

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "turn":
            raise self._unknown(a)
        self._reveal([self.pairs[seat][SIDES.index(a.args[0])]])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("pair", s): set(p) for s, p in enumerate(self.pairs)}
        out["stock", None] = self.stock
        return out


GAME = register(
    GameSpec(
        name="toy_coin",
        title="Coin Toss",
        family="toy",
        players=(2, 3, 4),
        summary="Turn up one of two unseen cards; the highest wins. Pure luck.",
        state_class=CoinState,
        options_class=CoinOptions,
        bots={"heuristic": CoinBot},
        variants={"4 players": {"players": 4}},
    )
)
