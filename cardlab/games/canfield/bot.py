"""Canfield's heuristic bot: rule-of-thumb play from the observation alone."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.cards import Card
from ...core.observation import Observation
from ...rules.solitaire import best_move
from ...rules.tableau import RANK

TABLEAU = ("tableau1", "tableau2", "tableau3", "tableau4")


class CanfieldBot(PhaseBot):
    """Rule-of-thumb Canfield from the observation alone.

    Best first: send a card home (from the reserve before the tableau, the tableau before
    the waste); play the reserve's top card onto the tableau; move a whole pile onto
    another while the reserve can refill the gap; uncover a tableau card that can go home
    next; play the waste's top card onto the tableau; while the reserve is empty, gather
    piles to open spaces; otherwise draw (or redeal).  It stops once it has gone round the
    whole stock and waste without any progress: another round would show the same cards.
    """

    name = "heuristic"

    @on(
        "play",
        why=(
            "send cards home, empty the reserve onto the tableau, play from the waste, and "
            "draw; stop after a whole round of the stock brings nothing"
        ),
    )
    def play(self, obs: Observation) -> Action:
        zones = {z.name: z.cards for z in obs.zones}
        found = [len(zones[f"foundation{s + 1}"]) for s in range(4)]
        base = next(
            RANK[z.faces[0].index] for z in obs.zones if z.name.startswith("found") and z.faces
        )
        legal = obs.legal
        return best_move(legal, [self._score(a, obs, zones, found, base) for a in legal])

    def _score(
        self,
        a: Action,
        obs: Observation,
        zones: dict[str, tuple[Any, ...]],
        found: list[int],
        base: int,
    ) -> int | None:
        verb = a.verb
        reserve = zones["reserve"]
        if verb == "home":
            card = a.cards[0]
            if reserve and reserve[-1] == card:
                return 1030
            return 1010 if zones["waste"] and zones["waste"][-1] == card else 1020
        if verb == "move":
            card = a.cards[0]
            target = zones[a.args[1]]
            if reserve and reserve[-1] == card:
                return 900
            if zones["waste"] and zones["waste"][-1] == card:
                return 700 if target else 600
            pile = next(zones[n] for n in TABLEAU if card in zones[n])
            i = pile.index(card)
            if i == 0:
                if reserve:
                    return 850  # the reserve refills the pile
                return 300 if target else None  # gather piles; never move a gap around
            under = pile[i - 1]
            if isinstance(under, Card) and found[under.suit] == (RANK[under.index] - base) % 13:
                return 800  # the card underneath goes home next
            return None
        if verb in ("draw", "redeal"):
            talon = len(zones["stock"]) + len(zones["waste"])
            draw = int(obs.info.get("draw", 1))
            round_trip = -(-talon // draw) + 1
            if int(obs.info.get("idle", 0)) > round_trip + 4:
                return None  # a whole round without progress: the next would be the same
            return 100
        return None
