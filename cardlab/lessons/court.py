"""The exercises of notebook 41, Court."""

from __future__ import annotations

from ..core.cards import parse_cards
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.court import pair_of, round_lines
from .catalogue import lesson
from .shapes import hand_score


def _points(courts: list[str]) -> list[int]:
    lines = round_lines([[c.index for c in parse_cards(text)] for text in courts])
    return [sum(p for p, _ in mine) for mine in lines]


@lesson("court/pictures")
def _court_pictures() -> Exercise:
    got = _points(["KS JH QD", ""])[0]
    return NumberExercise(
        "A court took the K♠, then the J♥, then the Q♦, and no other card. How many points "
        "do its pictures score?",
        got,
        hint="pictures pair in the order they were played: the first with the second",
        why="the K♠ and J♥ came first and make an intrigue (4); the Q♦ waits alone and scores 0",
        typical=5,
        mistakes={
            5: "the K♠ and Q♦ would be a marriage, but the Q♦ came third: the K♠ pairs with "
            "the J♥ that came second",
            9: "the Q♦ has no partner: a single picture scores nothing",
        },
    )


@lesson("court/aces")
def _court_aces() -> Exercise:
    got = _points(["AS AH", ""])[0]
    return NumberExercise(
        "A court holds two aces. How many points do they score?",
        got,
        hint="aces score by how many a court holds, not one by one",
        why="two aces are a rarity: 3 points for the pair of them",
        typical=10,
        mistakes={10: "5 is for a single ace; two aces together score less than one"},
    )


@lesson("court/wealth-tie")
def _court_wealth_tie() -> Exercise:
    got = _points(["9C", "5C 4C", "2D"])[0]
    return NumberExercise(
        "North's clubs are the 9♣, East's the 5♣ and 4♣; West has no club. How many points "
        "of club wealth does North get?",
        got,
        hint="add the pips of each player's clubs and compare",
        why="9 against 9: the tied players share the 5 points, 2 each, and the odd point is "
        "dropped",
        typical=5,
        mistakes={5: "North and East both have 9 pips of clubs: the 5 points are shared"},
    )


@lesson("court/joker-order")
def _court_joker_order() -> Exercise:
    marriage = pair_of(parse_cards("KH")[0].index, parse_cards("QS")[0].index)[1]
    intrigue = pair_of(parse_cards("KH")[0].index, parse_cards("JS")[0].index)[1]
    best = "the Q♠ first" if marriage > intrigue else "the J♠ first"
    return ChoiceExercise(
        "North's K♥ waits for a partner, and North spends its joker on the Q♠ and the J♠. "
        "In which order should North choose them?",
        best,
        ["the Q♠ first", "the J♠ first", "it makes no difference"],
        hint="the first of the two cards pairs with the waiting King",
        why="the Q♠ first makes a marriage (5) with the K♥; the J♠ then waits for a partner",
        typical="it makes no difference",
        mistakes={
            "it makes no difference": "the two cards join the court in the order chosen, "
            "and the first pairs with the K♥",
            "the J♠ first": "K♥ with J♠ is an intrigue, worth 4, one less than a marriage",
        },
    )


@lesson("court/north-score")
def _court_north_score(state: State) -> Exercise:
    return hand_score(
        state,
        0,
        "How many points did North score in this round?",
        hint="add North's pairs, its aces and every suit it is richest in",
    )
