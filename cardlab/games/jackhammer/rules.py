"""Jackhammer's rules: options, the board, moves, falling through and the suit-by-suit
comparison.

The rules in words are in :mod:`cardlab.games.jackhammer`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...core.actions import Action, action
from ...core.cards import CARDS, SUIT_SYMBOLS, Card
from ...core.observation import Observation, Zone
from ...core.options import Options, option
from ...core.phases import Phase
from ...core.spec import Game
from ...core.state import State
from ...rules.boards import QUEEN, grid
from ...rules.deals import DealRule, pile
from ...rules.worlds import deal_action, replay, resume

SIZE = 6
GRID = grid(SIZE, SIZE, "hole")
CELLS = len(GRID)
#: Each cell's queen lines, nearest cell first.
LINES = GRID.lines(QUEEN)
#: The 36 cards on the board: Aces to Nines of every suit.
BOARD_CARDS: tuple[Card, ...] = tuple(c for c in CARDS[:52] if c.rank <= 9)
#: Each seat's pawn, a picture card: the Kings of ♠ ♥ ♦ ♣ in seat order.
PAWNS: tuple[Card, ...] = tuple(CARDS[s * 13 + 12] for s in (3, 2, 1, 0))
PLACE = tuple(action(f"place {n}") for n in GRID.names)
MOVE = tuple(action(f"move {n}") for n in GRID.names)
NAMES = GRID.names
#: Pips by card index (Ace 1); suit by card index.
PIPS = tuple(c.rank for c in CARDS)
SUIT = tuple(c.suit for c in CARDS)
#: Suits from ♣ to ♠ (the order cards are sorted in), for the figures people read.
SUIT_ORDER = (0, 1, 2, 3)


@dataclass(frozen=True)
class JackhammerOptions(Options):
    """Jackhammer's options."""

    first_player: int = option(
        0, "seat that places its pawn first and moves first (the youngest player)", min=0, max=3
    )


def ranking_key(totals: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """What decides the game between players: the suit totals from lowest to highest,
    compared in that order (the best lowest suit wins, then the next lowest, ...)."""
    return tuple(sorted(totals))


def key_value(totals: tuple[int, ...] | list[int]) -> float:
    """``ranking_key`` as one number with the same order (a suit totals at most 45)."""
    a, b, c, d = sorted(totals)
    return a + b / 100 + c / 10_000 + d / 1_000_000


def moves_from(board: list[int], occupied: list[int], cell: int) -> list[int]:
    """The cells a pawn on ``cell`` may land on: along each queen line, every card up to
    the first hole or pawn."""
    out = []
    for ray in LINES[cell]:
        for t in ray:
            if board[t] < 0 or occupied[t] >= 0:
                break
            out.append(t)
    return out


class JackhammerState(State):
    """A game of Jackhammer.

    ``board[i]`` is the card index on cell ``i`` (-1: a hole), ``occupied[i]`` the seat
    whose pawn stands there (-1: none), ``pos[s]`` the cell of seat ``s``'s pawn (-1: not
    placed yet, or fallen through); ``taken[s]`` the cards seat ``s`` took this hand and
    ``totals[s]`` its pips by suit over the whole game.
    """

    __slots__ = (
        "board",
        "dealt",
        "fallen",
        "moves_made",
        "occupied",
        "placed",
        "pos",
        "taken",
        "totals",
    )

    DEAL = DealRule(pile("grid", CELLS), cards=lambda game: BOARD_CARDS)

    board: list[int]
    occupied: list[int]
    pos: list[int]
    taken: list[list[int]]
    fallen: list[bool]
    totals: list[list[int]]
    placed: int
    moves_made: int
    dealt: tuple[int, ...]

    def setup(self) -> None:
        self.totals = [[0, 0, 0, 0] for _ in range(self.players)]

    def reset_hand(self) -> None:
        n = self.players
        self.board = [-1] * CELLS
        self.occupied = [-1] * CELLS
        self.pos = [-1] * n
        self.taken = [[] for _ in range(n)]
        self.fallen = [False] * n
        self.placed = 0
        self.moves_made = 0
        self.dealt = ()

    @property
    def first(self) -> int:
        return int(self.options.first_player)

    def on_deal(self, dealt: Any) -> None:
        self.reset_hand()
        cells = dealt.indices("grid")
        self.board = list(cells)
        self.dealt = tuple(cells)
        self.log(
            "deal",
            None,
            f"Board {self.hand_number + 1}: 36 cards, Aces to Nines, dealt face up in a 6×6 grid",
            cards=tuple(CARDS[i] for i in cells),
        )
        self.phase = self.PLACE
        self.to_move = (self.first,)

    # ------------------------------------------------------------ placing
    def _place_legal(self, seat: int) -> tuple[Action, ...]:
        board, occ = self.board, self.occupied
        return tuple(
            PLACE[i] for i in range(CELLS) if board[i] >= 0 and PIPS[board[i]] == 1 and occ[i] < 0
        )

    def _place(self, act: Action, seat: int) -> None:
        cell = GRID.by_name[act.args[0]]
        self.pos[seat] = cell
        self.occupied[cell] = seat
        self.placed += 1
        card = CARDS[self.board[cell]]
        self.log(
            "place",
            seat,
            f"{self.names[seat]} places {PAWNS[seat].text} on {card.text} at {NAMES[cell]}",
            cards=(card,),
            cell=NAMES[cell],
        )
        if self.placed < self.players:
            self.to_move = ((seat + 1) % self.players,)
            return
        self.phase = self.MOVE
        self._turn(self.first)

    def _place_why(self, act: Action, seat: int) -> str:
        if act.verb != "place":
            return "first every player places their pawn on an Ace: 'place c4'"
        cell = GRID.by_name.get(act.args[0] if act.args else "", -1)
        if cell < 0:
            return f"name a cell, {NAMES[0]} to {NAMES[-1]} (columns a-f, rows 1-6)"
        if self.occupied[cell] >= 0:
            return f"{self.names[self.occupied[cell]]}'s pawn already stands on {NAMES[cell]}"
        return f"a pawn starts on an Ace, and {NAMES[cell]} holds {CARDS[self.board[cell]].text}"

    # ------------------------------------------------------------ moving
    def _move_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(MOVE[t] for t in sorted(moves_from(self.board, self.occupied, self.pos[seat])))

    def _move(self, act: Action, seat: int) -> None:
        dest = GRID.by_name[act.args[0]]
        start = self.pos[seat]
        card = self.board[start]
        self.board[start] = -1
        self.occupied[start] = -1
        self.occupied[dest] = seat
        self.pos[seat] = dest
        self._take(seat, card)
        self.moves_made += 1
        self.log(
            "move",
            seat,
            f"{self.names[seat]} moves {NAMES[start]} to {NAMES[dest]} and takes "
            f"{CARDS[card].text}",
            cards=(CARDS[card],),
            start=NAMES[start],
            cell=NAMES[dest],
        )
        self._turn((seat + 1) % self.players)

    def _take(self, seat: int, card: int) -> None:
        self.taken[seat].append(card)
        self.totals[seat][SUIT[card]] += PIPS[card]

    def _move_why(self, act: Action, seat: int) -> str:
        if act.verb != "move":
            return "move your pawn like a chess queen: 'move c4'"
        dest = GRID.by_name.get(act.args[0] if act.args else "", -1)
        if dest < 0:
            return f"name a cell, {NAMES[0]} to {NAMES[-1]} (columns a-f, rows 1-6)"
        start = self.pos[seat]
        if self.board[dest] < 0:
            return f"{NAMES[dest]} is a hole: a pawn lands only on a card"
        if self.occupied[dest] >= 0:
            return f"{self.names[self.occupied[dest]]}'s pawn stands on {NAMES[dest]}"
        for ray in LINES[start]:
            if dest in ray:
                return (
                    f"the way from {NAMES[start]} to {NAMES[dest]} crosses a hole or a pawn: "
                    "a pawn never passes over either"
                )
        return (
            f"{NAMES[dest]} is not in a straight line (across, down or diagonal) from "
            f"{NAMES[start]}"
        )

    def _turn(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next player still on the board; a stranded
        player falls through on its turn, and the hand ends when nobody is left."""
        n = self.players
        for k in range(n):
            s = (seat + k) % n
            if self.fallen[s]:
                continue
            if moves_from(self.board, self.occupied, self.pos[s]):
                self.to_move = (s,)
                return
            self._fall(s)
        self._end_board()

    def _fall(self, seat: int) -> None:
        cell = self.pos[seat]
        card = self.board[cell]
        self.board[cell] = -1
        self.occupied[cell] = -1
        self.pos[seat] = -1
        self.fallen[seat] = True
        self._take(seat, card)
        self.log(
            "fall",
            seat,
            f"{self.names[seat]} is stranded on {NAMES[cell]}, takes {CARDS[card].text} and "
            "falls through",
            cards=(CARDS[card],),
            cell=NAMES[cell],
        )

    def _end_board(self) -> None:
        self.to_move = ()
        for s in range(self.players):
            low = min(self.totals[s])
            if low != self.scores[s]:
                self.award(s, low - self.scores[s], "lowest suit total")
        self.end_hand("Everyone has fallen through")

    def game_over(self) -> bool:
        return True

    def decide_winners(self) -> tuple[int, ...]:
        keys = [ranking_key(t) for t in self.totals]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if not winners:
            return "Nobody wins"
        who = " and ".join(self.names[s] for s in winners)
        low = min(self.totals[winners[0]])
        if len(winners) > 1:
            return f"{who} share the win, level in every suit (lowest suit {low})"
        others = [ranking_key(self.totals[s]) for s in range(self.players) if s != winners[0]]
        mine = ranking_key(self.totals[winners[0]])
        runner = max(others)
        depth = next(k for k in range(4) if mine[k] != runner[k])
        said = f"{who} wins with {low} in the lowest suit"
        if depth == 0:
            return said
        nth = ("", "second", "third", "fourth")[depth]
        return f"{said}, the tie broken on the {nth} lowest suit ({mine[depth]} to {runner[depth]})"

    def utility(self, seat: int) -> float:
        """The seat's suit totals, read lowest first as one number, less the best other
        seat's: positive exactly when the seat leads."""
        mine = key_value(self.totals[seat])
        best = max(key_value(self.totals[s]) for s in range(self.players) if s != seat)
        return mine - best

    # ------------------------------------------------------- observation
    def seat_status(self, seat: int) -> str:
        return "fallen" if self.fallen[seat] else ""

    def seat_values(self, seat: int) -> dict[str, Any]:
        t = self.totals[seat]
        out: dict[str, Any] = {SUIT_SYMBOLS[s]: t[s] for s in SUIT_ORDER}
        out["lowest"] = min(t)
        return out

    def stacks(self) -> tuple[list[list[Card]], list[list[str]]]:
        """The cards on each cell (a pawn on top of its card) and their tags."""
        stacks: list[list[Card]] = []
        tags: list[list[str]] = []
        for i in range(CELLS):
            card = self.board[i]
            if card < 0:
                stacks.append([])
                tags.append([])
                continue
            who = self.occupied[i]
            if who >= 0:
                stacks.append([CARDS[card], PAWNS[who]])
                tags.append(["", self.names[who]])
            else:
                stacks.append([CARDS[card]])
                tags.append([""])
        return stacks, tags

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        stacks, tags = self.stacks()
        zones: list[Zone] = [GRID.zone("board", stacks, tags)]
        for s in range(self.players):
            taken = sorted(self.taken[s])
            zones.append(Zone("taken", s, tuple(CARDS[i] for i in taken), "row"))
            off = self.pos[s] < 0
            zones.append(Zone("pawn", s, (PAWNS[s],) if off else (), "row"))
        info = {
            "holes": sum(1 for i in range(CELLS) if self.board[i] < 0) if self.dealt else 0,
            "moves": self.moves_made,
        }
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """Nothing is hidden: the board as dealt is in the history, and every action is
        public, so the world is the game itself, replayed."""
        world = resume(game, obs)
        deal = next((e for e in obs.history if e.kind == "deal"), None)
        if deal is not None:
            cells = [c.index for c in deal.cards]
            replay(world, obs, chance=[deal_action(world, {("grid", None): cells})])
        assert isinstance(world, JackhammerState)
        # the suit totals of earlier boards are public figures of each seat
        world.totals = [
            [int(obs.value(s, SUIT_SYMBOLS[k], 0)) for k in range(4)] for s in range(game.players)
        ]
        return world

    # -------------------------------------------------------------- phases
    PLACE = Phase(
        "place",
        _place_legal,
        _place,
        _place_why,
        lambda st, seat: f"Place {PAWNS[seat].text}, your pawn, on a free Ace",
    )
    MOVE = Phase(
        "move",
        _move_legal,
        _move,
        _move_why,
        lambda st, seat: (
            f"Move your pawn from {NAMES[st.pos[seat]]} in a straight line; you take "
            f"{CARDS[st.board[st.pos[seat]]].text}"
        ),
    )


def pawn_of(seat: int) -> Card:
    """Seat ``seat``'s pawn."""
    return PAWNS[seat]
