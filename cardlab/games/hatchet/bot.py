"""Hatchet's heuristic bot: bury as many pips as it can, turning the card the best way.

It reads only its observation: the table (cards, their places and the pips still
showing) and the card it has turned.  It never lists every placement of every turn as
one move: it finds the best turn from the table, then picks among the places the
observation offers for that turn.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.cards import SUIT_SYMBOLS
from ...core.observation import Observation, Preview
from ...rules.boards import lattice_of
from .rules import CENTRE, DEGREES, shape, turns_of


def _closeness(top: int, left: int, turn: int) -> int:
    """How far a card's centre lies from the first card's centre (smaller: a compact
    table, which keeps the pips close together for everyone; a tie-break only)."""
    dr, dc = CENTRE[turn % 2]
    return abs(top + dr - 3) + abs(left + dc - 1)


def best_turn(obs: Observation) -> tuple[int, int]:
    """The turn of the drawn card that can bury most pips, and how many."""
    table = obs.zone("table")
    card = obs.zone("drawn").faces[0]
    lat = lattice_of(table, SUIT_SYMBOLS)
    best = (-1, 0, 0)
    for turn in turns_of(card.index)[:2]:  # upside down buries the same cells
        h, w = shape(turn)
        for top, left, n in lat.placements(h, w):
            key = (n, -_closeness(top, left, turn))
            if key > best[:2]:
                best = (n, key[1], turn)
    return best[2], best[0]


def best_place(previews: tuple[Preview, ...]) -> Preview:
    """Among the places offered, the one burying most pips, then the most central."""
    return max(previews, key=lambda p: (len(p.cover), -_closeness(p.at.row, p.at.col, p.at.turn)))


class HatchetBot(PhaseBot):
    """Turns the card the way that buries most pips and lays it where it buries most
    (at most one of each suit, as the rules allow); between equal places, the one closest
    to the middle of the table."""

    name: ClassVar[str] = "heuristic"

    @on("turn", why="turn the card the way that lets it bury the most pips")
    def orient(self, obs: Observation) -> Action:
        turn, _ = best_turn(obs)
        want = f"turn {DEGREES[turn]}"
        return next((a for a in obs.legal if a == want), obs.legal[0])

    @on("place", why="lay the card where it buries the most pips, one of each suit at most")
    def place(self, obs: Observation) -> Action:
        table = obs.zone("table")
        if not table.previews:
            return obs.legal[0]
        p = best_place(table.previews)
        return next(a for a in obs.legal if a == f"place {p.cell}")
