"""Paparazzi's heuristic bot: lay each card where it moves the points most, and spend
big cards only on celebrities still in play.

It reads only its observation: the public layout (through
:func:`~cardlab.games.paparazzi.analysis.position_from`) and its own hand, which its
legal actions name.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.observation import Observation
from .analysis import Position, best_additions, position_from, prospects_of
from .rules import NEXT_TO, PIPS, SPACE_OF, majorities, points_from, taker


def margin(points: list[int], me: int) -> int:
    """The seat's points less the best other seat's."""
    return points[me] - max(p for s, p in enumerate(points) if s != me)


def rule_of_thumb(p: Position, me: int, legal: tuple[Action, ...]) -> tuple[Action, float]:
    """The placement a rule of thumb picks, with its value.

    A placement is worth the change it makes to the seat's lead in points if the game
    ended now; more for each celebrity beside the space that it secures (no rival can
    catch up any more) and a little for each that stays open; less a little for every pip
    laid beside celebrities already secured or lost, where pips are wasted.
    """
    status = dict(enumerate(prospects_of(p, me)))
    rivals = [s for s in range(p.players) if s != me]
    tops = best_additions(p)
    base = [list(row) for row in p.pips]
    celebs = p.celebs
    takers = majorities(base)
    now = margin(points_from(celebs, takers, p.players), me)
    best: tuple[float, Action] | None = None
    for act in legal:
        card = act.cards[0].index
        sp = SPACE_OF[act.args[1]]
        pips = PIPS[card]
        after = list(takers)
        for k in NEXT_TO[sp]:
            base[me][k] += pips
            after[k] = taker(base, k)
            base[me][k] -= pips
        value = float(margin(points_from(celebs, after, p.players), me) - now)
        for k in NEXT_TO[sp]:
            x = status[k]
            if x.status != "open":
                value -= 0.1 * pips
                continue
            mine = x.mine + pips
            room = x.free - 1
            worst = min(mine - p.pips[s][k] - tops[s][min(room, len(tops[s]) - 1)] for s in rivals)
            value += 0.6 * x.points if worst > 0 else 0.15 * x.points
        # keep big cards for later when nothing more is gained
        value -= 0.01 * pips
        if best is None or value > best[0] + 1e-9:
            best = (value, act)
    assert best is not None
    return best[1], best[0]


class PaparazziBot(PhaseBot):
    """Lays the card and space that gain the most by :func:`rule_of_thumb`."""

    name: ClassVar[str] = "heuristic"

    @on("place", why="lay the card where it gains most, on celebrities still in play")
    def place(self, obs: Observation) -> Action:
        me = obs.seat if obs.seat is not None else self.seat
        return rule_of_thumb(position_from(obs), me, obs.legal)[0]
