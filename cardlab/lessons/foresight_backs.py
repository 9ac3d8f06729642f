"""The exercises of notebook 30, the Foresight backs."""

from __future__ import annotations

import pandas as pd

from .. import analysis
from ..core.cards import get_deck
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from .catalogue import lesson
from .shapes import deck_cards


@lesson("backs/three-suit-candidates")
def _backs_three_suit() -> Exercise:
    truth = analysis.candidates("♣♦♠")
    suits = analysis.candidates("♣♦♠", model="suits")
    return NumberExercise(
        "A hidden card shows ♣, ♦ and ♠ on its back. How many cards could it be for a player "
        "who knows the back table?",
        len(truth),
        hint="count the cards printed with exactly this back, not every card of these suits",
        why="the cards with exactly that back are " + " ".join(c.text for c in truth),
        typical=len(suits),
        mistakes={
            len(suits): "that many is what a player who only reads the suits must "
            "consider: every Ten, Jack and Queen of ♣, ♦ and ♠"
        },
    )


def _class_options(frame: pd.DataFrame) -> list[str]:
    return [str(int(s)) for s in frame["suits"]]


@lesson("backs/most-leaking-class")
def _backs_most_leaking(classes: pd.DataFrame) -> Exercise:
    leak = dict(zip(_class_options(classes), classes["leak_table"], strict=True))
    best = max(leak, key=lambda k: leak[k])
    mistakes = {k: f"backs with {k} suits leak {v:.2f} bits each" for k, v in leak.items()}
    del mistakes[best]
    return ChoiceExercise(
        "For a player who knows the table, which rank class leaks the most bits compared with "
        "a plain back? Answer with the number of suits on its back.",
        best,
        sorted(leak, reverse=True),
        typical="4" if best != "4" else "3",
        mistakes=mistakes,
        hint="a back that prints few suits leaves few candidates",
        why=f"backs with {best} suit{'s' if best != '1' else ''} leak {leak[best]:.2f} bits each, "
        "the most",
    )


@lesson("backs/safe-hole-class")
def _backs_safe_hole_class() -> Exercise:
    deck = get_deck("foresight")
    sizes = {len(deck.back_of(c)) for c in deck_cards(deck)}
    safe = [
        n
        for n in sorted(sizes)
        if all(deck.back_of(c) == c.symbol for c in deck_cards(deck) if len(deck.back_of(c)) == n)
    ]
    return ChoiceExercise(
        "Among hole cards played as following suit, which rank class (by the number of suits "
        "on its back) can never turn out to be of the wrong suit?",
        str(safe[0]),
        [str(n) for n in sorted(sizes, reverse=True)],
        typical="4",
        mistakes={
            "4": "a four-suit back fits any suit led, so it is the one most often of another suit"
        },
        hint="which backs print nothing but the card's own suit?",
        why="a back with one suit shows the card's own suit and nothing else",
    )
