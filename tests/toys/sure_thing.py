"""Sure Thing: a toy game of pure skill, where the better player always wins.

Each of two or three seats is dealt three cards, seen by its holder only; the rest of
the pack stays face down.  In turn from the dealer's left, each seat lays one of its
cards face up.  A seat scores one point for the card laid and one more for each card of
its own hand it beat (Ace high; by suit, clubs to spades, within a rank), so laying the
best card of one's hand always scores 3 and the worst 1, whatever was dealt.  The
highest score wins; equal scores share the win.

The legal moves list a hand's cards from the lowest, so the ``first`` bot always lays
its worst card and the heuristic bot its best: the heuristic bot beats ``first`` in
every game, and the variant lab's tests expect a result that is all skill.
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

HAND = 3


def strength(card: Card) -> int:
    """Order of the cards: rank with the Ace high, then suit."""
    return (14 if card.rank == 1 else card.rank) * 4 + card.suit


@dataclass(frozen=True)
class SureOptions(DealerOptions):
    """Sure Thing has only the options every dealt game has."""


def _legal(state: SureState, seat: int) -> tuple[Action, ...]:
    return tuple(action(f"lay {c.code}") for c in sorted(state.hands[seat], key=strength))


def _act(state: SureState, act: Action, seat: int) -> None:
    card = act.cards[0]
    hand = state.hands[seat]
    beaten = sum(1 for c in hand if strength(c) < strength(card))
    hand.remove(card)
    state.laid[seat] = card
    state.log("lay", seat, f"{state.names[seat]} lays {card.text}", cards=(card,))
    state.award(seat, 1 + beaten, f"laid {card.text}, beating {beaten} of the hand")
    waiting = [s for s in range(state.players) if state.laid[s] is None]
    if waiting:
        nxt = (seat + 1) % state.players
        while state.laid[nxt] is not None:
            nxt = (nxt + 1) % state.players
        state.to_move = (nxt,)
        return
    state.end_hand("every seat has laid a card")


class SureState(State):
    """A game of Sure Thing: hands, the card each seat laid, the stock."""

    __slots__ = ("hands", "laid", "stock")

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    hands: list[list[Card]]
    laid: list[Card | None]
    stock: list[Card]

    def reset_hand(self) -> None:
        self.hands = [[] for _ in range(self.players)]
        self.laid = [None] * self.players
        self.stock = []

    def on_deal(self, dealt: Any) -> None:
        self.hands = [list(h) for h in dealt["hand"]]
        self.stock = list(dealt["stock"])
        self.log("deal", self.dealer, f"{self.names[self.dealer]} deals three cards each")
        self.phase = self.LAY
        self.to_move = ((self.dealer + 1) % self.players,)

    def game_over(self) -> bool:
        return True

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("hand", s, view.held(self.hands[s], view.seat == s), "hand", label=self.names[s])
            for s in range(self.players)
        ]
        zones += [
            Zone("laid", s, () if c is None else (c,), "row") for s, c in enumerate(self.laid)
        ]
        zones.append(Zone("stock", None, view.stack(self.stock), "pile"))
        return self.observe(view, zones, {})

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other hands dealt at random from the cards the seat has not seen; the
        cards laid replayed."""
        seat = obs.seat
        assert seat is not None
        laid: dict[int, Card] = {}
        order: list[int] = []
        for e in obs.history:
            if e.kind == "lay" and e.seat is not None:
                laid[e.seat] = e.cards[0]
                order.append(e.seat)
        mine = list(obs.my_hand)
        known = set(mine) | set(laid.values())
        unseen = [c for c in game.deck.cards if c not in known]
        rng.shuffle(unseen)
        hands = []
        for s in range(game.players):
            held = mine if s == seat else [unseen.pop() for _ in obs.hand_of(s).cards]
            hands.append(held + ([laid[s]] if s in laid else []))
        world = resume(game, obs)
        world.apply(game.deal(hands, rng=rng))
        for s in order:
            world.apply(f"lay {laid[s].code}", s)
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    LAY = Phase("lay", _legal, _act, prompt="Lay one of your cards")


class SureBot(PhaseBot):
    """Lays the best card of its hand: the move that scores most."""

    name = "heuristic"

    @on("lay", why="the best card of the hand beats the other two")
    def lay(self, obs: Observation) -> Action:
        return obs.legal[-1]


class SureOracle(VisibilityOracle):
    """Sure Thing: a seat sees its own hand; every card laid is public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"players": 3, "first_dealer": 1}]
    physical_zones: ClassVar[set[str]] = {"hand", "laid", "stock"}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(n)]
        self.laid: list[set[Card]] = [set() for _ in range(n)]
        self.stock = set(cards[HAND * n :])
        self.seen = [set(h) for h in self.hands]

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "lay" or a.card is None:
            raise self._unknown(a)
        self.hands[seat].remove(a.card)
        self.laid[seat].add(a.card)
        self._reveal([a.card])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            out["hand", s] = self.hands[s]
            out["laid", s] = self.laid[s]
        out["stock", None] = self.stock
        return out


GAME = register(
    GameSpec(
        name="toy_sure_thing",
        title="Sure Thing",
        family="toy",
        players=(2, 3),
        summary="Lay the best card of your hand: the better player always wins.",
        state_class=SureState,
        options_class=SureOptions,
        bots={"heuristic": SureBot},
    )
)
