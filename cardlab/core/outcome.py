"""Scores and outcomes: every point has a reason, every total is the sum of its lines.

Points are awarded with :meth:`~cardlab.core.state.State.award` at any moment, each as
a :class:`ScoreLine` with its reason; they count in the totals at once.  When a hand
ends its lines become that hand's :class:`HandResult`; bonuses paid when the game ends
(Gin Rummy's game and box bonuses) are lines of the last hand's result.  So the totals
always equal the sum of every hand's points.

In a game played in partnerships (``GameSpec.teams``) a line may belong to a side as a
whole (:meth:`~cardlab.core.state.State.award_team`: a canasta bonus, cards left in a
hand counted against the side).  Such a line counts for every seat of the side, and a
side's points are the lines of its seats plus its own lines.

A finished game has an :class:`Outcome`: the winners (several on a shared win, none
when nobody won: a solitaire deal that was not cleared, a game stopped by a cap that
names no winner), the final totals and a sentence saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

#: The teams of a game: the seats of each side, in side order (empty: no partnerships).
Teams = tuple[tuple[int, ...], ...]


class ScoreLine(NamedTuple):
    """``points`` for ``reason`` (``"13 hearts"``, ``"undercut bonus"``).

    A seat's line has ``team`` None and counts for ``seat`` (and for its side, in a
    partnership game).  A side's line has ``team`` set: it counts for every seat of that
    side, and ``seat`` is the seat whose play earned it, or -1 when it belongs to the
    side as a whole.
    """

    seat: int
    points: int
    reason: str
    team: int | None = None


class HandResult(NamedTuple):
    """The outcome of one hand: points per seat (and per side) and the lines that explain
    them.

    ``team_points`` is empty in a game without partnerships.
    """

    hand: int
    points: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    summary: str = ""
    team_points: tuple[int, ...] = ()

    def explain(
        self, names: Sequence[str] | None = None, teams: Sequence[str] | None = None
    ) -> str:
        """The breakdown as text, one line per scoring item.

        Parameters
        ----------
        names
            The seat names (``seat k`` when not given)
        teams
            The side names, for lines that belong to a side (``side k`` when not given)
        """
        out = [self.summary] if self.summary else []
        for line in self.lines:
            if line.team is not None:
                who = teams[line.team] if teams else f"side {line.team}"
            else:
                who = names[line.seat] if names else f"seat {line.seat}"
            out.append(f"{who}: {line.points:+d}  {line.reason}")
        return "\n".join(out)


def points_of(
    lines: tuple[ScoreLine, ...] | list[ScoreLine], players: int, teams: Teams = ()
) -> tuple[int, ...]:
    """Points per seat: the sum of each seat's lines (and of its side's lines)."""
    points = [0] * players
    for line in lines:
        if line.team is None:
            points[line.seat] += line.points
        else:
            for s in teams[line.team]:
                points[s] += line.points
    return tuple(points)


def team_points_of(lines: tuple[ScoreLine, ...] | list[ScoreLine], teams: Teams) -> tuple[int, ...]:
    """Points per side: its seats' lines plus its own (empty without partnerships)."""
    if not teams:
        return ()
    side = {s: t for t, seats in enumerate(teams) for s in seats}
    points = [0] * len(teams)
    for line in lines:
        points[side[line.seat] if line.team is None else line.team] += line.points
    return tuple(points)


class Outcome(NamedTuple):
    """How a finished game came out.

    ``winners`` is empty when nobody won; ``solitaire`` games are won (one winner, seat
    0) or lost.  ``summary`` says it in a sentence.  In a partnership game
    ``team_scores`` holds each side's total and ``team_winners`` the sides whose seats
    won (both empty otherwise).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str
    solitaire: bool = False
    team_scores: tuple[int, ...] = ()
    team_winners: tuple[int, ...] = ()

    @property
    def result(self) -> str:
        """``"won"``/``"lost"`` for a solitaire; ``"win"``, ``"shared"`` or ``"no winner"``.

        A partnership's win is a ``"win"``: one side won, whatever its number of seats.
        """
        if self.solitaire:
            return "won" if self.winners else "lost"
        if not self.winners:
            return "no winner"
        if self.team_scores:
            return "win" if len(self.team_winners) == 1 else "shared"
        return "win" if len(self.winners) == 1 else "shared"
