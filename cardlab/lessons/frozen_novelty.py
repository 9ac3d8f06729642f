"""The exercises of notebook 23, Frozen Novelty."""

from __future__ import annotations

import random

import cardlab

from ..core.observation import Back
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.frozen_novelty import LEVELS
from .catalogue import lesson
from .shapes import hand_score, joined, legal_cards


@lesson("frozen/movable")
def _frozen_movable(state: State) -> Exercise:
    ex = legal_cards(
        state,
        "Which face-up cards could be moved now (home or onto another stack)?",
        hint="a run of face-up cards may move onto an empty Up stack",
        why="the K♥ may take the Q♥ with it to an empty Up stack, and the Q♥ may go alone",
    )
    ex.typical = frozenset(list(ex.expected)[:1]) if len(ex.expected) > 1 else ex.typical
    return ex


@lesson("frozen/slide")
def _frozen_slide() -> Exercise:
    game = cardlab.load("frozen_novelty", level="easy")
    s = game.new_state()
    s.apply(game.deal(["3H", "4S"], rng=random.Random(0)))
    ok = "slide deck1 deck2" in s.legal_actions()
    return ChoiceExercise(
        "May the 3♥ (back ♥) slide face down onto the 4♠ (back ♥♠)?",
        "yes" if ok else "no",
        ["yes", "no"],
        hint="a slide asks whether some card with the first back could lie on some card "
        "with the second",
        why="a ♥ back is the 2♥ or the 3♥, and ♥♠ is printed on the 4♥: the 3♥ could lie on it",
        typical="no" if ok else "yes",
        mistakes={"no": "the faces need not fit: only the backs are judged"},
    )


@lesson("frozen/score")
def _frozen_score(state: State) -> Exercise:
    return hand_score(
        state,
        0,
        "What is your score?",
        hint="the score counts the cards brought home",
        mistakes={3: "the 3♣ was never sent home: only cards on the foundations count"},
    )


@lesson("frozen/levels-with-backs")
def _frozen_levels_with_backs() -> Exercise:

    def shows_backs(level: str) -> bool:
        obs = cardlab.Match("frozen_novelty", seed=0, level=level).observation(0)
        return any(isinstance(c, Back) and str(c) != "##" for _, c in obs.entries())

    showing = [lv.replace("_", " ") for lv in LEVELS if shows_backs(lv)]
    hiding = [lv.replace("_", " ") for lv in LEVELS if not shows_backs(lv)]
    return NumberExercise(
        "Of the five levels, at how many can you read at least some of the backs?",
        len(showing),
        hint="look at the table of levels: what does each one let you see?",
        why=f"{joined(showing)} show backs; {joined(hiding)} none",
        typical=len(showing) - 1,
        mistakes={len(showing) - 1: "Normal shows the back of every stack's top card"},
    )
