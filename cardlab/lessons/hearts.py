"""The exercises of notebook 10, Hearts."""

from __future__ import annotations

from typing import Any

import cardlab

from ..core.cards import Card, get_deck
from ..core.state import State
from ..exercises import CardsExercise, Exercise, NumberExercise
from .catalogue import lesson
from .shapes import deck_cards, hand_score, legal_cards


@lesson("hearts/first-trick")
def _hearts_first_trick(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards may East play now?",
        hint="East has no club, so it may throw another suit, but the first trick bars some cards",
        why="East holds no club, so any diamond or spade goes; hearts and the Q♠ may not "
        "be thrown on the first trick while East holds other cards",
        prefer=["QS"],
    )


@lesson("hearts/west-leads")
def _hearts_west_leads(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards may West lead now?",
        hint="has any heart been played yet?",
        why="the leader may lead any suit but hearts, which nobody has broken yet",
        prefer=["QH", "AH", "7H"],
    )


@lesson("hearts/west-score")
def _hearts_west_score(state: State) -> Exercise:
    return hand_score(
        state,
        3,
        "How many points did West score in this hand?",
        hint="one point per heart in West's tricks, and 13 if the Q♠ is among them",
        mistakes={
            26: "West did not take every point card: look for a heart in another seat's tricks"
        },
    )


@lesson("hearts/omnibus-moon")
def _hearts_omnibus_moon() -> Exercise:
    # The seeded hand of the notebook in which North takes every point card and the J♦.
    m = cardlab.Match(
        "hearts", seed="moon/18", agents="heuristic", hands=1, omnibus=True, moon="subtract"
    )
    m.run()
    points = min(m.state.results[-1].points)
    return NumberExercise(
        'With Omnibus and moon="subtract", a player shoots the moon and also takes the J♦. '
        "What does that player score for the hand?",
        points,
        hint="the moon shot and the J♦ are scored separately",
        why="the moon shot subtracts 26 and the J♦ still adds its −10",
        typical=-26,
        mistakes={
            -26: "that is the moon shot alone: the J♦ still counts",
            -16: "the J♦ is worth −10 to whoever takes it, shooter or not",
        },
    )


@lesson("hearts/one-suit-back")
def _hearts_one_suit_back(deck: Any) -> Exercise:
    cards = deck_cards(deck)
    expected = [c for c in cards if deck.back_of(c) == "♠"]

    def judge(card: Card) -> str:
        return f"the back shows {deck.back_of(card)}"

    return CardsExercise(
        "West holds a card whose back shows only ♠. Which cards could it be?",
        expected,
        cards,
        judge=judge,
        typical="2S 3S 4S",
        hint="the number of suits on a back tells the rank: one suit is the lowest ranks",
        why="a one-suit back belongs to a Two or a Three of that suit",
    )


def hearts_in_the_pack() -> int:
    """The hearts of the standard pack: a point each in a hand of Hearts (the Q♠ is 13)."""
    return sum(1 for c in deck_cards(get_deck("standard")) if c.suit == 2)


@lesson("hearts/points-per-hand")
def _hearts_points_per_hand() -> Exercise:
    hearts = hearts_in_the_pack()
    return NumberExercise(
        "Without a moon shot, how many points does one hand hand out in total, counting "
        "all four seats?",
        hearts + 13,
        hint="add the hearts and the Q♠",
        why=f"{hearts} hearts at one point each plus 13 for the Q♠",
        typical=hearts + 1,
        mistakes={hearts + 1: "the Q♠ is worth 13, not 1", hearts: "the Q♠ counts too"},
    )
