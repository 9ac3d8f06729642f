"""Stalemate: a toy race that may end with nobody winning.

Each of two or three seats is dealt five cards; the rest of the pack stays face down.  In
turn, from the dealer's left, a seat lays one card from its hand face up in its row, or
passes.  A card scores its value for the seat (Ace 1, pictures 10).  A row totalling
exactly ``target`` wins at once; a row going past it is bust, and its seat is out.  The
game ends with nobody winning when every seat is bust, when a whole round passes with no
card laid, or after ``max_turns`` turns; any seat may also call the game off (``stop``),
which ends it at once with nobody winning.

A seat plays to win, not for points: its utility is 1 once it has won, else 0.
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
from cardlab.core.options import DealerOptions, option
from cardlab.core.phases import Phase
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.worlds import resume

HAND = 5
PASS = action("pass")
STOP = action("stop")


def value(card: Card) -> int:
    """A card's value: Ace 1, pictures 10."""
    return min(card.rank, 10)


@dataclass(frozen=True)
class StalemateOptions(DealerOptions):
    cap: ClassVar[str] = "max_turns"
    target: int = option(21, "a row totalling exactly this wins", min=5, max=100)
    max_turns: int = option(
        60, "the game ends with no winner after this many turns", min=1, max=1_000
    )


def _legal(state: StalemateState, seat: int) -> tuple[Action, ...]:
    return (*(action(f"lay {c.code}") for c in state.hands[seat]), PASS, STOP)


def _act(state: StalemateState, act: Action, seat: int) -> None:
    name = state.names[seat]
    state.turns += 1
    if act == STOP:
        state.log("stop", seat, f"{name} calls the game off")
        state.end_game((), f"{name} called the game off")
        return
    if act == PASS:
        state.passes += 1
        state.log("pass", seat, f"{name} passes")
    else:
        card = act.cards[0]
        state.hands[seat].remove(card)
        state.rows[seat].append(card)
        state.passes = 0
        state.log("lay", seat, f"{name} lays {card.text}", cards=(card,))
        state.award(seat, value(card), f"laid {card.text}")
        total = sum(value(c) for c in state.rows[seat])
        if total == state.options.target:
            state.end_game((seat,), f"{name} reached {total}")
            return
        if total > state.options.target:
            state.bust[seat] = True
            state.log("bust", seat, f"{name} is bust with {total}")
    live = [s for s in range(state.players) if not state.bust[s]]
    if not live:
        state.end_game((), "Every seat went bust")
    elif state.passes >= len(live):
        state.end_game((), "A whole round passed with no card laid")
    elif state.turns >= state.options.max_turns:
        state.end_game((), f"The game stopped after {state.turns} turns")
    else:
        nxt = (seat + 1) % state.players
        while state.bust[nxt]:
            nxt = (nxt + 1) % state.players
        state.to_move = (nxt,)


class StalemateState(State):
    """A game of Stalemate: hands and rows as lists of cards."""

    __slots__ = ("bust", "hands", "passes", "rows", "stock", "turns")

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    bust: list[bool]
    hands: list[list[Card]]
    passes: int
    rows: list[list[Card]]
    stock: list[Card]
    turns: int

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [[] for _ in range(n)]
        self.rows = [[] for _ in range(n)]
        self.bust = [False] * n
        self.stock = []
        self.passes = 0
        self.turns = 0

    def on_deal(self, dealt: Any) -> None:
        self.hands = [sorted(h, key=lambda c: c.index) for h in dealt["hand"]]
        self.stock = list(dealt["stock"])
        self.log("deal", self.dealer, f"{self.names[self.dealer]} deals")
        self.phase = self.PLAY
        self.to_move = ((self.dealer + 1) % self.players,)

    def utility(self, seat: int) -> float:
        return 1.0 if seat in self.winners() else 0.0

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        return f"{self.names[winners[0]]} wins" if winners else "Nobody wins"

    def seat_status(self, seat: int) -> str:
        return "bust" if self.bust[seat] else ""

    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"row": sum(value(c) for c in self.rows[seat])}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("hand", s, view.held(self.hands[s], view.seat == s), "hand", label=self.names[s])
            for s in range(self.players)
        ]
        zones += [Zone("row", s, tuple(r), "row") for s, r in enumerate(self.rows)]
        zones.append(Zone("stock", None, view.stack(self.stock), "pile"))
        info = {"target": self.options.target, "turns": self.turns}
        return self.observe(view, zones, info)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other hands dealt at random from the cards the seat has not seen; the
        turns replayed."""
        seat = obs.seat
        assert seat is not None
        laid: list[list[Card]] = [[] for _ in range(game.players)]
        turns: list[tuple[int, str]] = []
        for e in obs.history:
            if e.seat is None:
                continue
            if e.kind == "lay":
                laid[e.seat].append(e.cards[0])
                turns.append((e.seat, f"lay {e.cards[0].code}"))
            elif e.kind == "pass":
                turns.append((e.seat, "pass"))
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
        for s, act in turns:
            world.apply(act, s)
        # the replay scored this hand's lines again: the totals are as observed
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world

    PLAY = Phase("play", _legal, _act, prompt="Lay a card in your row, or pass")


class StalemateBot(PhaseBot):
    """Lay the card that reaches the target, else the highest that stays under it."""

    name = "heuristic"

    @on("play", why="reach the target exactly if a card does, else lay the highest safe card")
    def play(self, obs: Observation) -> Action:
        seat = obs.seat
        assert seat is not None
        need = obs.info["target"] - sum(value(c) for c in obs.zone("row", seat).faces)
        lays = [a for a in obs.legal if a.verb == "lay"]
        exact = [a for a in lays if value(a.cards[0]) == need]
        if exact:
            return exact[0]
        safe = [a for a in lays if value(a.cards[0]) < need]
        return max(safe, key=lambda a: value(a.cards[0])) if safe else PASS


class StalemateOracle(VisibilityOracle):
    """Stalemate: a seat sees its own hand; every card laid is public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 3, "target": 12},
        {"max_turns": 4, "first_dealer": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "row", "stock"}
    # calling the game off ends it at once: random play rarely does
    random_weights: ClassVar[dict[str, float]] = {"stop": 0.02}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[HAND * s : HAND * s + HAND]) for s in range(n)]
        self.rows: list[set[Card]] = [set() for _ in range(n)]
        self.stock = set(cards[HAND * n :])
        self.seen = [set(h) for h in self.hands]

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "lay" and a.card is not None:
            self.hands[seat].remove(a.card)
            self.rows[seat].add(a.card)
            self._reveal([a.card])
        elif a.verb not in ("pass", "stop"):
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            out["hand", s] = self.hands[s]
            out["row", s] = self.rows[s]
        out["stock", None] = self.stock
        return out


GAME = register(
    GameSpec(
        name="toy_stalemate",
        title="Stalemate",
        family="toy",
        players=(2, 3),
        summary="Race to lay a row of exactly the target; the game may end with nobody winning.",
        state_class=StalemateState,
        options_class=StalemateOptions,
        bots={"heuristic": StalemateBot},
        may_end_without_winner=True,
        utility_unit="wins",
    )
)
