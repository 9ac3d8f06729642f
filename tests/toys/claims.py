"""Claims: a toy game of one wide decision, for the search bot's progressive widening.

Each of two seats is dealt three cards; the rest of the pack stays face down.  In turn,
from the dealer's left, each seat claims what its hand is worth, a whole number from 0 to
400 (``claim N``: 401 legal actions, listed lazily as an
:class:`~cardlab.core.actions.ActionRange`).  A hand is worth ten points per pip (Ace 1,
pictures 10).  A claim no higher than the hand's worth scores the claim; a higher one
loses half of it (rounded down).  Then both hands are shown; the higher total wins after
the hand, level totals share the win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from oracles import Location, VisibilityOracle

from cardlab.core.actions import Action, ActionRange, action
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
MOST = 400
CLAIMS = ActionRange("claim", 0, MOST)


def worth(cards: Any) -> int:
    """Ten points per pip: Ace 1, pictures 10."""
    return 10 * sum(min(c.rank, 10) for c in cards)


@dataclass(frozen=True)
class ClaimsOptions(DealerOptions):
    pass


def _legal(state: ClaimsState, seat: int) -> tuple[Action, ...]:
    return CLAIMS


def _claim(state: ClaimsState, act: Action, seat: int) -> None:
    n = int(act.args[0])
    state.claims[seat] = n
    name = state.names[seat]
    state.log("claim", seat, f"{name} claims {n}", claim=n)
    waiting = [s for s in range(state.players) if state.claims[s] < 0]
    if waiting:
        state.to_move = ((seat + 1) % state.players,)
        return
    state.shown = True
    for s in range(state.players):
        cards = tuple(state.hands[s])
        got = worth(cards)
        state.log(
            "show", s, f"{state.names[s]} shows {' '.join(c.text for c in cards)}", cards=cards
        )
        claim = state.claims[s]
        if claim <= got:
            state.award(s, claim, f"claimed {claim} of {got}")
        else:
            state.award(s, -(claim // 2), f"claimed {claim}, worth only {got}")
    state.end_hand("Both hands shown")


class ClaimsState(State):
    """A game of Claims."""

    __slots__ = ("claims", "hands", "shown", "stock")

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    claims: list[int]
    hands: list[list[Card]]
    shown: bool
    stock: list[Card]

    def reset_hand(self) -> None:
        self.claims = [-1] * self.players
        self.hands = [[] for _ in range(self.players)]
        self.shown = False
        self.stock = []

    def on_deal(self, dealt: Any) -> None:
        self.hands = [sorted(h, key=lambda c: c.index) for h in dealt["hand"]]
        self.stock = list(dealt["stock"])
        self.log("deal", self.dealer, f"{self.names[self.dealer]} deals")
        self.phase = self.CLAIM
        self.to_move = ((self.dealer + 1) % self.players,)

    def game_over(self) -> bool:
        return True

    def seat_values(self, seat: int) -> dict[str, Any]:
        claim = self.claims[seat] if self.phase != "deal" else -1
        return {"claim": claim} if claim >= 0 else {}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone(
                "hand",
                s,
                view.held(self.hands[s], view.seat == s, self.shown),
                "hand",
                label=self.names[s],
            )
            for s in range(self.players)
        ]
        zones.append(Zone("stock", None, view.stack(self.stock), "pile"))
        return self.observe(view, zones)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other hand dealt at random from the cards the seat has not seen; the
        claims replayed."""
        seat = obs.seat
        assert seat is not None
        mine = list(obs.my_hand)
        unseen = [c for c in game.deck.cards if c not in mine]
        rng.shuffle(unseen)
        hands = [mine if s == seat else unseen[HAND * s : HAND * s + HAND] for s in range(2)]
        world = resume(game, obs)
        world.apply(game.deal(hands, rng=rng))
        for e in obs.history:
            if e.kind == "claim" and e.seat is not None:
                world.apply(f"claim {e.get('claim')}", e.seat)
        # the replay scored this hand's lines again: the totals are as observed
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    CLAIM = Phase("claim", _legal, _claim, prompt="Claim what your hand is worth (0 to 400)")


class ClaimsBot(PhaseBot):
    """Claims half of what its hand is worth: safe, and far from the best."""

    name = "heuristic"

    @on("claim", why="claim half of the hand's worth, to be safe")
    def claim(self, obs: Observation) -> Action:
        return action(f"claim {worth(obs.my_hand) // 2}")


class ClaimsOracle(VisibilityOracle):
    """Claims: a seat sees its own hand until both claims are in; then both are shown."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"first_dealer": 1}]
    physical_zones: ClassVar[set[str]] = {"hand", "stock"}

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(self.players)]
        self.stock = set(cards[HAND * self.players :])
        self.seen = [set(h) for h in self.hands]
        self.claimed = 0

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "claim":
            raise self._unknown(a)
        self.claimed += 1
        if self.claimed == self.players:
            self._reveal(set().union(*self.hands))

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): h for s, h in enumerate(self.hands)}
        out["stock", None] = self.stock
        return out


GAME = register(
    GameSpec(
        name="toy_claims",
        title="Claims",
        family="toy",
        players=(2,),
        summary="Claim what your hand is worth, from 401 possible claims.",
        state_class=ClaimsState,
        options_class=ClaimsOptions,
        bots={"heuristic": ClaimsBot},
    )
)
