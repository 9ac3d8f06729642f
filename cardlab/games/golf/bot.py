"""Golf's heuristic bot: rule-of-thumb play from the observation alone."""

from __future__ import annotations

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.observation import Observation
from ...rules.tableau import RANK
from .rules import DRAW, PILES, PLAY, STACK_NAMES, golf_rules

#: How many chain steps the bot looks at before it settles for the best chain found.
LOOK = 600


class GolfBot(PhaseBot):
    """Rule-of-thumb Golf from the observation alone.

    Every pile card is in view, so the bot looks ahead along the chains it could play
    from the discard pile's top card, pile tops only, and starts the chain that clears
    the most cards.  Among chains as long, it prefers one that leaves the piles even
    (digging into the tallest) and leaves free cards next in rank to the cards still
    unseen (the stock's, whose order it does not know).  It plays whenever it can and
    draws only when nothing fits, also under ``draw_any_time``.
    """

    name = "heuristic"

    @on(
        "play",
        why=(
            "play the chain of pile cards that clears the most, digging into the tallest "
            "piles; draw only when nothing fits"
        ),
    )
    def play(self, obs: Observation) -> Action:
        legal = obs.legal
        plays = {a.cards[0].index: a for a in legal if a.verb == "play"}
        if not plays:
            return DRAW
        info = obs.info
        rules = golf_rules(
            bool(info.get("draw_any_time")),
            bool(info.get("queen_on_king")),
            bool(info.get("wrap")),
        )
        onto = rules.onto
        piles = [[c.index for c in obs.zone(STACK_NAMES[k]).faces] for k in PILES]
        discard = obs.zone("discard").faces
        unseen = [4] * 13
        for p in piles:
            for c in p:
                unseen[RANK[c]] -= 1
        for card in discard:
            unseen[RANK[card.index]] -= 1
        # ranks some unseen (stock) card could be played on or after
        friendly = 0
        for r in range(13):
            if unseen[r]:
                friendly |= onto[r]
        heights = [len(p) for p in piles]
        best: tuple[tuple[int, int, int], int] | None = None
        steps = [0]

        def value(played: int) -> tuple[int, int, int]:
            spread = -sum(h * h for h in heights)
            reachable = sum(
                1
                for k, p in enumerate(piles)
                if heights[k] and friendly >> RANK[p[heights[k] - 1]] & 1
            )
            return (played, spread, reachable)

        def walk(top: int, played: int, first: int) -> None:
            nonlocal best
            steps[0] += 1
            moved = False
            if steps[0] < LOOK:
                for k in PILES:
                    h = heights[k]
                    if h and onto[top] >> RANK[piles[k][h - 1]] & 1:
                        moved = True
                        card = piles[k][h - 1]
                        heights[k] = h - 1
                        walk(RANK[card], played + 1, first if first >= 0 else card)
                        heights[k] = h
            if not moved and first >= 0:
                v = value(played)
                if best is None or v > best[0]:
                    best = (v, first)

        walk(RANK[discard[-1].index], 0, -1)
        assert best is not None
        return plays.get(best[1], PLAY[best[1]])
