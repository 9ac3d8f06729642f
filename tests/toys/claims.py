"""Claims: a toy game of one wide decision, for the search bot's progressive widening.

Each of two seats is dealt three cards; the rest of the pack stays face down.  Both seats
claim at once, in secret, what their hands are worth: a whole number from 0 to 400
(``claim N``: 401 legal actions, listed lazily as an
:class:`~cardlab.core.actions.ActionRange`).  A hand is worth ten points per pip (Ace 1,
pictures 10).  When both have claimed, the claims and the hands are shown: a claim no
higher than the hand's worth scores the claim, a higher one loses half of it (rounded
down).  The higher total wins, level totals share the win.
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
from cardlab.core.spec import Game, GameSpec, seat_names
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
    state.log("claim", seat, f"{name} has claimed", f"{name} claims {n}", (seat,))
    waiting = tuple(s for s in range(state.players) if state.claims[s] < 0)
    if waiting:
        state.to_move = waiting
        return
    state.shown = True
    for s in range(state.players):
        cards = tuple(state.hands[s])
        got = worth(cards)
        claim = state.claims[s]
        shown = " ".join(c.text for c in cards)
        state.log("show", s, f"{state.names[s]} claimed {claim} with {shown}", cards=cards)
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
        self.to_move = tuple(range(self.players))

    def game_over(self) -> bool:
        return True

    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.shown:
            return {"claim": self.claims[seat]}
        return {"claimed": "yes" if self.claims[seat] >= 0 else "no"}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        info = {}
        if view.seat is not None and self.claims[view.seat] >= 0 and not self.shown:
            info["your_claim"] = self.claims[view.seat]
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
        return self.observe(view, zones, info)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other hand dealt at random from the cards the seat has not seen; the
        claims replayed, the seat's own as it made it and another's as the rule of thumb
        would make it with the sampled hand."""
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
                s = e.seat
                claim = obs.info["your_claim"] if s == seat else worth(hands[s]) // 2
                world.apply(f"claim {claim}", s)
        # the replay scored this hand's lines again: the totals are as observed
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    CLAIM = Phase(
        "claim", _legal, _claim, prompt="Claim what your hand is worth (0 to 400), in secret"
    )


class ClaimsBot(PhaseBot):
    """Claims half of what its hand is worth: safe, and far from the best."""

    name = "heuristic"

    @on("claim", why="claim half of the hand's worth, to be safe")
    def claim(self, obs: Observation) -> Action:
        return action(f"claim {worth(obs.my_hand) // 2}")


class ClaimsOracle(VisibilityOracle):
    """Claims: a seat sees its own hand, and its own claim, until both claims are in; then
    both hands and both claims are shown."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"first_dealer": 1}]
    physical_zones: ClassVar[set[str]] = {"hand", "stock"}

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(self.players)]
        self.stock = set(cards[HAND * self.players :])
        self.seen = [set(h) for h in self.hands]
        self.claims: dict[int, int] = {}

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "claim":
            raise self._unknown(a)
        self.claims[seat] = int(a.args[0])
        if len(self.claims) == self.players:
            self._reveal(set().union(*self.hands))

    def secrets(self, viewer: int | str) -> list[str]:
        """Another seat's claim, until both are shown: the words that would tell it."""
        if len(self.claims) == self.players:
            return []
        names = seat_names(self.players)
        return [f"{names[s]} claims {n}" for s, n in self.claims.items() if s != viewer]

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
