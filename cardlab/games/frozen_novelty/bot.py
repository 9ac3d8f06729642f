"""Frozen Novelty's heuristic bot: rule-of-thumb play from the observation alone."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.cards import HIDDEN_BACK, Card
from ...core.observation import Back, Observation
from ...rules.solitaire import best_move
from ...rules.tableau import RANK
from .rules import LAYOUT, level_rules

UP_STACKS = tuple(LAYOUT.names[k] for k in LAYOUT.group("up"))
DECK_STACKS = tuple(LAYOUT.names[k] for k in LAYOUT.group("deck"))


class FrozenNoveltyBot(PhaseBot):
    """Rule-of-thumb play from the observation alone.

    Best first: bring a card home; put a run on its parent card (when it is not on one
    already); lift a run off a face-down card onto an empty Up stack; turn a face-down
    card that has nothing under it (it blocks nobody); slide a Deck stack's top onto an
    empty Down stack (to turn it there next); turn a card while an Up stack is free to
    park it (few printed suits first, i.e. low cards, when backs show); dig by sliding a
    Deck top onto a Down stack; turn anything; otherwise stop.  Every kind of move it
    makes brings play forward, so it never goes round in circles.
    """

    name = "heuristic"

    @on(
        "play",
        why=(
            "send cards home first, then build runs, turn face-down cards and dig into the Deck "
            "stacks; stop when nothing helps"
        ),
    )
    def play(self, obs: Observation) -> Action:
        zones = {z.name: z.cards for z in obs.zones}
        rules = level_rules(str(obs.info.get("level")))
        build = rules.build
        free_up = any(not zones[n] for n in UP_STACKS)
        if rules.deck_as_up:
            free_up = free_up or any(not zones[n] for n in DECK_STACKS)
        legal = obs.legal
        return best_move(legal, [self._score(a, zones, build.cards, free_up) for a in legal])

    def _score(
        self, a: Action, zones: dict[str, tuple[Any, ...]], fits: Any, free_up: bool
    ) -> int | None:
        verb = a.verb
        if verb == "home":
            return 1000 - RANK[a.cards[0].index]
        if verb == "move":
            card = a.cards[0]
            cs = next(cs for cs in zones.values() if card in cs)
            i = cs.index(card)
            under = cs[i - 1] if i > 0 else None
            if isinstance(under, Card) and fits(card.index, under.index):
                return None  # already on its parent
            if zones[a.args[1]]:
                return 800 + (50 if under is None or isinstance(under, Back) else 0)
            if isinstance(under, Back):
                return 700 + RANK[card.index]  # a high card is best parked
            return None
        if verb == "turn":
            stack = zones[a.args[0]]
            top = stack[-1]
            suits = len(top.design) if isinstance(top, Back) and top.design != HIDDEN_BACK else 2
            if len(stack) == 1:
                return 650
            if free_up:
                return 500 - 10 * suits - len(stack)
            return 100 - len(stack)
        if verb in ("slide", "try"):
            frm, to = a.args
            if not frm.startswith("deck") or not to.startswith("down"):
                return None
            if not zones[to]:
                return 620 if not free_up else 450
            return 150 + len(zones[frm]) - len(zones[to])
        return None
