"""Hatchet's rules: the pip cells of each card, turning, laying over the table, scoring.

The rules in words are in :mod:`cardlab.games.hatchet`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.actions import Action, action
from ...core.cards import CARDS, SUIT_SYMBOLS
from ...core.clone import immutable
from ...core.observation import Board, Observation, Place, Preview, Zone, column_letters
from ...core.options import Options, option
from ...core.outcome import ScoreLine
from ...core.phases import Phase
from ...core.spec import Game
from ...core.state import State
from ...rules.boards import Lattice, board_zone, cell_of, turn_cell
from ...rules.deals import DealRule, pile
from ...rules.worlds import bits, deal_action, replay, resume, seat_of

#: An upright card covers 7 rows of 3 cells (columns L C R).
SPAN = (7, 3)
#: Pictures drawn before the game ends (the tenth ends it).
LAST_PICTURE = 10
#: Points for drawing a picture.
PICTURE_POINTS = 2
#: Cells around the table where a card's centre may still go (the board the table shows).
MARGIN = 3

_L, _C, _R = 0, 1, 2
_FOUR = ((0, _L), (0, _R), (6, _L), (6, _R))
_NINE = ((0, _L), (0, _R), (2, _L), (2, _R), (3, _C), (4, _L), (4, _R), (6, _L), (6, _R))
#: Each number card's pip cells on the upright card, (row 0-6 from the top, column L C R),
#: by rank (RULINGS: the 7 and 8 centre pips sit in rows 2 and 6, as the 10's do).
PIP_CELLS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((3, _C),),
    2: ((0, _C), (6, _C)),
    3: ((0, _C), (3, _C), (6, _C)),
    4: _FOUR,
    5: (*_FOUR, (3, _C)),
    6: (*_FOUR, (3, _L), (3, _R)),
    7: (*_FOUR, (3, _L), (3, _R), (1, _C)),
    8: (*_FOUR, (3, _L), (3, _R), (1, _C), (5, _C)),
    9: _NINE,
    10: (*(p for p in _NINE if p != (3, _C)), (1, _C), (5, _C)),
}
#: The quarter turns a card may lie at, as actions name them (degrees clockwise).
DEGREES = ("0", "90", "180", "270")
TURN = tuple(action(f"turn {d}") for d in DEGREES)
BACK = action("back")
#: Each quarter turn in words.
LOOKS = ("upright", "sideways", "upside down", "sideways the other way")
#: The card's centre cell (where a placement is named), upright and turned a quarter.
CENTRE = ((3, 1), (1, 3))


def is_picture(card: int) -> bool:
    return CARDS[card].rank >= 11


def turns_of(card: int) -> tuple[int, ...]:
    """The quarter turns that give a card different looks: a 7 looks different upside
    down, every other number card only upright or sideways."""
    return (0, 1, 2, 3) if CARDS[card].rank == 7 else (0, 1)


def _turn_prompt(card: int) -> str:
    more = ", 180 upside down, 270 sideways the other way" if len(turns_of(card)) > 2 else ""
    return f"Turn {CARDS[card].text} before you lay it: 0 upright, 90 sideways{more}"


def shape(turn: int) -> tuple[int, int]:
    """A card's (rows, cols) on the lattice at ``turn`` quarter turns."""
    return SPAN if turn % 2 == 0 else (SPAN[1], SPAN[0])


def pips_at(card: int, top: int, left: int, turn: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """The lattice cells of a card's pips, with its suit, lying from (top, left) turned."""
    c = CARDS[card]
    return tuple(
        ((top + r, left + col), c.suit)
        for r, col in (turn_cell(p, SPAN, turn) for p in PIP_CELLS[c.rank])
    )


@cache
def _cell_name(row: int, col: int) -> str:
    """A cell's name from its row and column counted from the board's top left."""
    return f"{column_letters(col)}{row + 1}"


@cache
def _place_action(name: str) -> Action:
    return action(f"place {name}")


@immutable
class Memo(dict[Any, Any]):
    """What is found once per table (placements, the table's zone): shared by a state's
    clones, since each is replaced by a new one when a card is laid."""

    __slots__ = ()


@dataclass(frozen=True)
class HatchetOptions(Options):
    """Hatchet's options."""

    first_player: int = option(0, "seat that draws first (the youngest player)", min=0, max=3)


class HatchetState(State):
    """A game of Hatchet.

    ``stock`` holds the face-down deck (the last card on top), ``laid`` the cards on the
    table in the order they were laid with their places, ``lattice`` the covered cells and
    the pips still showing; ``card`` is the number card the player to move has drawn (-1:
    none) and ``turn`` the quarter turns it has been given (-1: not yet).
    """

    __slots__ = (
        "board",
        "card",
        "drawn",
        "laid",
        "lattice",
        "pictures",
        "pips_won",
        "spots",
        "stock",
        "turn",
        "under",
    )

    DEAL = DealRule(pile("stock"), positional=("stock",))

    stock: list[int]
    laid: list[tuple[int, Place]]
    lattice: Lattice
    card: int
    turn: int
    pictures: list[list[int]]
    pips_won: list[int]
    board: Board
    #: what is found once per table: the placements by turn (0 upright, 1 sideways) and
    #: the table's zone (with or without previews); emptied when a card is laid
    spots: Memo
    drawn: int
    under: int

    def reset_hand(self) -> None:
        self.stock = []
        self.laid = []
        self.lattice = Lattice(4)
        self.card = -1
        self.turn = -1
        self.pictures = [[] for _ in range(self.players)]
        self.pips_won = [0] * self.players
        self.board = Board(SPAN[0], SPAN[1], 0, 0, SPAN)
        self.spots = Memo()
        self.drawn = 0
        self.under = 0

    @property
    def first(self) -> int:
        return int(self.options.first_player)

    @property
    def picture_count(self) -> int:
        return sum(len(p) for p in self.pictures)

    # ------------------------------------------------------------ the deal
    def on_deal(self, dealt: Any) -> None:
        self.reset_hand()
        order = list(dealt.indices("stock"))
        self.stock = order[::-1]  # the first card dealt is the top one
        under: list[int] = []
        while is_picture(self.stock[-1]):
            under.append(self.stock.pop())
        start = self.stock.pop()
        self.stock[:0] = under[::-1]  # under the deck, the first one turned at the bottom
        self.under = len(under)
        self._lay(start, 0, 0, 0)
        said = ", ".join(CARDS[c].text for c in under)
        moved = f" ({said} turned first and put under the deck)" if under else ""
        self.log(
            "start",
            None,
            f"{CARDS[start].text} is turned up and starts the table{moved}",
            cards=(*(CARDS[c] for c in under), CARDS[start]),
        )
        self._draw(self.first)

    def _draw(self, seat: int) -> None:
        """``seat`` turns the top card: a picture scores at once and the turn passes (the
        tenth ends the game), a number card waits to be laid."""
        n = self.players
        while True:
            card = self.stock.pop()
            self.drawn += 1
            c = CARDS[card]
            if is_picture(card):
                self.pictures[seat].append(card)
                self.scores[seat] += PICTURE_POINTS
                count = self.picture_count
                self.log(
                    "picture",
                    seat,
                    f"{self.names[seat]} turns {c.text}, picture {count} of {LAST_PICTURE}: "
                    f"{PICTURE_POINTS} points",
                    cards=(c,),
                    pictures=count,
                )
                if count >= LAST_PICTURE:
                    self._end()
                    return
                seat = (seat + 1) % n
                continue
            self.card = card
            self.turn = -1
            self.log("draw", seat, f"{self.names[seat]} turns {c.text}", cards=(c,))
            self.phase = self.ORIENT
            self.to_move = (seat,)
            return

    def _end(self) -> None:
        self.to_move = ()
        self.card = -1
        for s in range(self.players):
            if self.pips_won[s]:
                self.pending.append(ScoreLine(s, self.pips_won[s], "pips covered"))
            if self.pictures[s]:
                self.pending.append(
                    ScoreLine(s, PICTURE_POINTS * len(self.pictures[s]), "pictures")
                )
        self.end_hand(f"The {LAST_PICTURE}th picture is turned")

    def game_over(self) -> bool:
        return True

    # ------------------------------------------------------------ the table
    def _lay(self, card: int, top: int, left: int, turn: int) -> None:
        h, w = shape(turn)
        self.lattice.lay(top, left, h, w, pips_at(card, top, left, turn))
        self.laid.append((card, Place(top, left, turn)))
        b = self.lattice.bounds
        assert b is not None
        t, lf, bt, rt = b
        self.board = Board(
            bt - t + 1 + 2 * MARGIN, rt - lf + 1 + 2 * MARGIN, t - MARGIN, lf - MARGIN, SPAN
        )
        self.spots = Memo()

    def placements(self, turn: int) -> tuple[tuple[int, int, int, str], ...]:
        """Every legal place for a card at ``turn``: (top, left, pips covered, the name of
        the cell under the card's centre), by rows then columns."""
        odd = turn % 2
        got = self.spots.get(odd)
        if got is None:
            h, w = shape(turn)
            b = self.board
            dr, dc = CENTRE[odd]
            dr -= b.top
            dc -= b.left
            name = _cell_name
            got = self.spots[odd] = tuple(
                (t, lf, n, name(t + dr, lf + dc)) for t, lf, n in self.lattice.placements(h, w)
            )
        return got

    def place_actions(self, turn: int) -> tuple[Action, ...]:
        """The ``place`` actions for a card at ``turn``, in the order of :meth:`placements`."""
        got = self.spots.get(("acts", turn % 2))
        if got is None:
            got = self.spots["acts", turn % 2] = tuple(
                _place_action(s[3]) for s in self.placements(turn)
            )
        return got

    # ------------------------------------------------------------ turning
    def _orient_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(TURN[t] for t in turns_of(self.card))

    def _orient(self, act: Action, seat: int) -> None:
        self.turn = DEGREES.index(act.args[0]) if act.args else 0
        self.phase = self.PLACE
        self.log(
            "turn",
            seat,
            f"{self.names[seat]} holds {CARDS[self.card].text} {LOOKS[self.turn]}",
            cards=(CARDS[self.card],),
            turn=DEGREES[self.turn],
        )

    def _orient_why(self, act: Action, seat: int) -> str:
        if act.verb != "turn" or not act.args or act.args[0] not in DEGREES:
            return "first turn your card: 'turn 0' (upright) or 'turn 90' (sideways)"
        return (
            f"{CARDS[self.card].text} looks the same upside down: only a 7 has four looks, "
            "so choose 'turn 0' or 'turn 90'"
        )

    # ------------------------------------------------------------ laying
    def _place_legal(self, seat: int) -> tuple[Action, ...]:
        return (*self.place_actions(self.turn), BACK)

    def _place(self, act: Action, seat: int) -> None:
        if act == BACK:
            self.turn = -1
            self.phase = self.ORIENT
            self.log(
                "back",
                seat,
                f"{self.names[seat]} turns {CARDS[self.card].text} another way",
                cards=(CARDS[self.card],),
            )
            return
        name = act.args[0]
        spot = next(s for s in self.placements(self.turn) if s[3] == name)
        top, left, n, _ = spot
        covered = self.lattice.under(top, left, *shape(self.turn))
        card = self.card
        turn = self.turn
        self._lay(card, top, left, turn)
        self.pips_won[seat] += n
        self.scores[seat] += n
        c = CARDS[card]
        what = ", ".join(SUIT_SYMBOLS[k] for _, k in covered) if covered else "no pip"
        self.log(
            "lay",
            seat,
            f"{self.names[seat]} lays {c.text} {LOOKS[turn]}"
            f" at {name}, covering {what}: {n} point{'s' if n != 1 else ''}",
            cards=(c,),
            cell=name,
            turn=DEGREES[turn],
            points=n,
        )
        self.card = -1
        self.turn = -1
        self._draw((seat + 1) % self.players)

    def _place_why(self, act: Action, seat: int) -> str:
        if act.verb == "turn":
            return "the card is turned already: 'back' to turn it another way"
        if act.verb != "place" or not act.args:
            return "say where the card's centre goes: 'place c4'"
        try:
            r, c = cell_of(self.board, act.args[0])
        except ValueError as err:
            return str(err)
        dr, dc = CENTRE[self.turn % 2]
        h, w = shape(self.turn)
        top, left = r - dr, c - dc
        if not self.lattice.touches(top, left, h, w):
            return "the card must overlap a card already on the table"
        covered = self.lattice.under(top, left, h, w)
        suits = [k for _, k in covered]
        twice = sorted({SUIT_SYMBOLS[k] for k in suits if suits.count(k) > 1})
        return (
            f"it would cover {' and '.join(twice)} twice: at most one pip of each suit may be "
            "covered"
        )

    # ------------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"pips": self.pips_won[seat], "pictures": len(self.pictures[seat])}

    def table_zone(self, previews: bool = False) -> Zone:
        """The table as a board zone; with ``previews``, for each place the card may go at
        its turn, where it would lie and the pips it would bury (found once per table)."""
        memo: Any = self.spots
        key = ("zone", self.turn if previews else -1)
        got = memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        cards = tuple(CARDS[c] for c, _ in self.laid)
        at = tuple(p for _, p in self.laid)
        marks = tuple((r, c, SUIT_SYMBOLS[k]) for (r, c), k in sorted(self.lattice.shown.items()))
        shown: tuple[Preview, ...] = ()
        if previews:
            h, w = shape(self.turn)
            under = self.lattice.under
            shown = tuple(
                Preview(name, Place(t, lf, self.turn), tuple(rc for rc, _ in under(t, lf, h, w)))
                for t, lf, _, name in self.placements(self.turn)
            )
        zone = board_zone(
            "table", self.board, cards, at, label="Table", marks=marks, previews=shown
        )
        memo[key] = zone
        return zone

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        mover = (
            not self.terminal
            and self.phase == self.PLACE
            and self.to_move
            and view.viewer == self.to_move[0]
        )
        zones: list[Zone] = [self.table_zone(bool(mover))]
        # the pictures put under the deck at the start were seen by all: face up at its bottom
        k = min(self.under, len(self.stock))
        seen = tuple(CARDS[c] for c in self.stock[:k])
        rest = view.stack([CARDS[c] for c in self.stock[k:]])
        zones.append(Zone("stock", None, (*seen, *rest), "pile", label="Deck"))
        drawn = (CARDS[self.card],) if self.card >= 0 else ()
        zones.append(Zone("drawn", None, drawn, "row", label="To lay"))
        for s in range(self.players):
            zones.append(Zone("pictures", s, tuple(CARDS[c] for c in self.pictures[s]), "row"))
        info: dict[str, Any] = {
            "pictures": f"{self.picture_count} of {LAST_PICTURE}",
            "deck": len(self.stock),
        }
        if self.turn >= 0 and self.card >= 0:
            info["turned"] = DEGREES[self.turn]
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world for the seat: every card turned so far where it was turned (pictures
        turned at the start back under the deck), the unseen cards in a random order
        (exact: nobody has seen them), the game replayed."""
        seat_of(obs)
        world = resume(game, obs)
        seen: list[int] = []
        under: list[int] = []
        for ev in obs.history:
            if ev.kind == "start":
                *under, start = (c.index for c in ev.cards)
                seen += [*under, start]
            elif ev.kind in ("draw", "picture"):
                seen.append(ev.cards[0].index)
        known = 0
        for c in seen:
            known |= 1 << c
        rest = bits(((1 << 52) - 1) & ~known)
        rng.shuffle(rest)
        # dealt top first: the setup pictures, the start card, the cards turned since;
        # the engine moves the setup pictures under the deck again
        replay(world, obs, chance=[deal_action(world, {("stock", None): seen + rest})])
        return world

    # ------------------------------------------------------------ phases
    ORIENT = Phase(
        "turn",
        _orient_legal,
        _orient,
        _orient_why,
        lambda st, seat: _turn_prompt(st.card),
    )
    PLACE = Phase(
        "place",
        _place_legal,
        _place,
        _place_why,
        lambda st, seat: (
            f"Click where the centre of {CARDS[st.card].text} goes; it must overlap the table "
            "and cover at most one pip of each suit ('back' to turn it another way)"
        ),
    )
