"""Score breakdowns: why a hand scored what it did, line by line."""

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
