"""Partners: a toy partnership game (two sides of two sitting across, or two alone).

Each seat is dealt four cards; the rest of the pack stays face down.  In turn, from the
dealer's left, each seat lays one card from its hand face up on its side's pile (its own
pile when two play alone).  A heart scores 1 for the seat that lays it (a seat's line);
a card laid on a card of its rank (the top of the side's pile) scores 5 for the side as
a whole (a side's line, noting who laid it).  The hand ends when every hand is empty.
The game ends once a side reaches ``target`` or after ``max_hands`` hands: the best side
wins, sides level share the win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from oracles import Location, VisibilityOracle, team_key

from cardlab.core.actions import Action, action
from cardlab.core.agents import PhaseBot, on
from cardlab.core.cards import Card
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import DealerOptions, option
from cardlab.core.phases import Phase
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.worlds import resume

HEARTS = 2
HAND = 4


@dataclass(frozen=True)
class PartnersOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    target: int = option(20, "a side reaching this total ends the game", min=1, max=1_000)
    max_hands: int = option(6, "the game ends after this many hands at most", min=1, max=100)


def _legal(state: PartnersState, seat: int) -> tuple[Action, ...]:
    return tuple(action(f"lay {c.code}") for c in state.hands[seat])


def _lay(state: PartnersState, act: Action, seat: int) -> None:
    card = act.cards[0]
    state.hands[seat].remove(card)
    pile = state.piles[state.pile_of(seat)]
    match = pile[-1] if pile and pile[-1].rank == card.rank else None
    pile.append(card)
    name = state.names[seat]
    state.log("lay", seat, f"{name} lays {card.text}", cards=(card,))
    if card.suit == HEARTS:
        state.award(seat, 1, f"{name} laid {card.text}")
    if match is not None:
        state.award_side(seat, 5, f"{name} matched {match.text} with {card.text}")
    if any(state.hands):
        state.to_move = ((seat + 1) % state.players,)
    else:
        state.end_hand("Every card is laid")


class PartnersState(State):
    """A game of Partners: hands and piles as lists of cards."""

    __slots__ = ("hands", "piles", "stock")

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    hands: list[list[Card]]
    piles: list[list[Card]]
    stock: list[Card]

    def reset_hand(self) -> None:
        self.hands = [[] for _ in range(self.players)]
        self.piles = [[] for _ in range(len(self.game.teams) or self.players)]
        self.stock = []

    def pile_of(self, seat: int) -> int:
        """The pile ``seat`` lays on: its side's, or its own when it plays alone."""
        team = self.team_of(seat)
        return seat if team is None else team

    def on_deal(self, dealt: Any) -> None:
        self.hands = [sorted(h, key=lambda c: c.index) for h in dealt["hand"]]
        self.stock = list(dealt["stock"])
        self.log("deal", self.dealer, f"{self.names[self.dealer]} deals")
        self.phase = self.PLAY
        self.to_move = ((self.dealer + 1) % self.players,)

    def side_totals(self) -> tuple[int, ...]:
        return self.team_scores or tuple(self.scores)

    def game_over(self) -> bool:
        return (
            max(self.side_totals()) >= self.options.target
            or len(self.results) >= self.options.max_hands
        )

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("hand", s, view.held(self.hands[s], view.seat == s), "hand", label=self.names[s])
            for s in range(self.players)
        ]
        if self.game.teams:
            zones += [
                Zone("pile", None, tuple(p), "meld", team=t) for t, p in enumerate(self.piles)
            ]
        else:
            zones += [Zone("pile", s, tuple(p), "meld") for s, p in enumerate(self.piles)]
        zones.append(Zone("stock", None, view.stack(self.stock), "pile"))
        return self.observe(view, zones, {"target": self.options.target})

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other hands dealt at random from the cards the seat has not seen; the
        hand's lays replayed."""
        seat = obs.seat
        assert seat is not None
        laid: list[list[Card]] = [[] for _ in range(game.players)]
        lays = []
        for e in obs.history:
            if e.kind == "lay" and e.seat is not None:
                laid[e.seat].append(e.cards[0])
                lays.append((e.seat, e.cards[0]))
        mine = list(obs.my_hand)
        known = set(mine).union(*laid)
        unseen = [c for c in game.deck.cards if c not in known]
        rng.shuffle(unseen)
        hands = []
        for s in range(game.players):
            held = mine if s == seat else [unseen.pop() for _ in obs.hand_of(s).cards]
            hands.append(laid[s] + held)
        world = resume(game, obs)
        world.apply(game.deal(hands, rng=rng))
        for s, card in lays:
            world.apply(f"lay {card.code}", s)
        # the replay scored this hand's lines again: the totals are as observed
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    PLAY = Phase("play", _legal, _lay, prompt="Lay a card on your side's pile")


class PartnersBot(PhaseBot):
    """Match the top of the side's pile, else lay a heart, else the first card."""

    name = "heuristic"

    @on("play", why="match the rank on top of the side's pile, else lay a heart")
    def play(self, obs: Observation) -> Action:
        seat = obs.seat
        assert seat is not None
        team = obs.team_of(seat)
        pile = obs.zone("pile", seat) if team is None else obs.team_zone("pile", team)
        ranks = {c.rank for c in pile.faces[-1:]}
        for a in obs.legal:
            if a.cards[0].rank in ranks:
                return a
        for a in obs.legal:
            if a.cards[0].suit == HEARTS:
                return a
        return obs.legal[0]


class PartnersOracle(VisibilityOracle):
    """Partners: a seat sees its own hand; every card laid is public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2},
        {"target": 6, "first_dealer": 3},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "pile", "stock"}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(n)]
        self.stock = set(cards[HAND * n :])
        self.seen = [set(h) for h in self.hands]
        self.piles: dict[Location, set[Card]] = {}

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "lay" or a.card is None:
            raise self._unknown(a)
        self.hands[seat].remove(a.card)
        self._reveal([a.card])
        owner: int | str = team_key(seat % 2) if self.players == 4 else seat
        self.piles.setdefault(("pile", owner), set()).add(a.card)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): h for s, h in enumerate(self.hands)}
        out["stock", None] = self.stock
        out.update(self.piles)
        return out


GAME = register(
    GameSpec(
        name="toy_partners",
        title="Partners",
        family="toy",
        players=(4, 2),
        summary="Lay cards on your side's pile: hearts score for you, matched ranks for the side.",
        state_class=PartnersState,
        options_class=PartnersOptions,
        bots={"heuristic": PartnersBot},
        teams={4: ((0, 2), (1, 3))},
    )
)
