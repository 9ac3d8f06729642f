"""Scores and outcomes: every point has a reason, every total is the sum of its lines.

Points are awarded with :meth:`~cardlab.core.state.State.award` at any moment, each as
a :class:`ScoreLine` with its reason; they count in the totals at once.  When a hand
ends its lines become that hand's :class:`HandResult`; bonuses paid when the game ends
(Gin Rummy's game and box bonuses) are lines of the last hand's result.  So the totals
always equal the sum of every hand's points.

A finished game has an :class:`Outcome`: the winners (several on a shared win, none
when nobody won: a solitaire deal that was not cleared, a game stopped by a cap that
names no winner), the final totals and a sentence saying why.
"""

from __future__ import annotations

from typing import NamedTuple


class ScoreLine(NamedTuple):
    """``points`` to ``seat`` for ``reason`` (``"13 hearts"``, ``"undercut bonus"``)."""

    seat: int
    points: int
    reason: str


class HandResult(NamedTuple):
    """The outcome of one hand: points per seat and the lines that explain them."""

    hand: int
    points: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    summary: str = ""

    def explain(self, names: tuple[str, ...] | None = None) -> str:
        """The breakdown as text, one line per scoring item."""
        out = [self.summary] if self.summary else []
        for line in self.lines:
            who = names[line.seat] if names else f"seat {line.seat}"
            out.append(f"{who}: {line.points:+d}  {line.reason}")
        return "\n".join(out)


def points_of(lines: tuple[ScoreLine, ...] | list[ScoreLine], players: int) -> tuple[int, ...]:
    """Points per seat: the sum of each seat's lines."""
    points = [0] * players
    for line in lines:
        points[line.seat] += line.points
    return tuple(points)


class Outcome(NamedTuple):
    """How a finished game came out.

    ``winners`` is empty when nobody won; ``solitaire`` games are won (one winner, seat
    0) or lost.  ``summary`` says it in a sentence.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str
    solitaire: bool = False

    @property
    def result(self) -> str:
        """``"won"``/``"lost"`` for a solitaire; ``"win"``, ``"shared"`` or ``"no winner"``."""
        if self.solitaire:
            return "won" if self.winners else "lost"
        if not self.winners:
            return "no winner"
        return "win" if len(self.winners) == 1 else "shared"
