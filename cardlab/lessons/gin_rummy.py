"""The exercises of notebook 11, Gin Rummy."""

from __future__ import annotations

from ..core.cards import Card, parse_card, parse_cards
from ..core.state import State
from ..exercises import CardsExercise, ChoiceExercise, Exercise, NumberExercise
from ..rules.rummy import UNDERCUT_BONUS, VALUE, best_melds
from .catalogue import lesson
from .shapes import deck_cards, hand_score, knock_card, legal_cards


@lesson("gin/least-deadwood")
def _gin_least_deadwood() -> Exercise:
    hand = "4C 5C 6C 6D 6H 6S 9D TD KH AS"
    best = best_melds(hand)
    four_sixes = sum(VALUE[c.index] for c in parse_cards("4C 5C 9D TD KH AS"))
    return NumberExercise(
        "What is the least deadwood the hand 4♣ 5♣ 6♣ 6♦ 6♥ 6♠ 9♦ 10♦ K♥ A♠ can have?",
        best.points,
        hint="a card can be in only one meld; try the 6♣ in a run instead of the set",
        why=f"the best arrangement is {best}",
        typical=four_sixes,
        mistakes={four_sixes: "that puts all four Sixes in one set and leaves 4♣ 5♣ over"},
    )


@lesson("gin/discard")
def _gin_discard(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards may North discard?",
        hint="all but one: think about the card North just took",
        why="any card but the upcard just taken from the discard pile",
    )


@lesson("gin/knock-card")
def _gin_knock_card(state: State) -> Exercise:
    return knock_card(
        state,
        "Which card does North knock with?",
        hint="the cards kept must carry 10 points of deadwood or fewer",
    )


@lesson("gin/knock-score")
def _gin_knock_score(state: State) -> Exercise:
    return hand_score(
        state,
        0,
        "South laid off 4♥ and 9♥ on North's heart run. How many points does North score?",
        hint="the knocker scores the difference in deadwood, after the lay-offs",
        mistakes={16: "that ignores the lay-offs: the 4♥ and 9♥ no longer count for South"},
    )


@lesson("gin/undercut")
def _gin_undercut() -> Exercise:
    return NumberExercise(
        "A player knocks with 8 points of deadwood; after laying off, the defender has 5. "
        "How many points does the defender score?",
        8 - 5 + UNDERCUT_BONUS,
        hint="is the knocker's deadwood lower than the defender's?",
        why=f"it is an undercut: 8 − 5 = 3, plus the bonus of {UNDERCUT_BONUS}",
        typical=3,
        mistakes={
            3: "the difference is right, but an undercut also earns a bonus",
            0: "the knocker's deadwood is the higher: the defender scores",
        },
    )


@lesson("gin/parlett-limit")
def _gin_parlett_limit() -> Exercise:
    return NumberExercise(
        "Under Parlett, if the card on top of the pile were the 4♦ when you knock, what "
        "would the most deadwood you may keep be?",
        VALUE[parse_card("4D").index],
        hint="under Parlett the card on top of the pile sets the limit",
        why="the top card's value is the limit: the 4♦ allows 4",
        typical=10,
        mistakes={10: "10 is the usual limit, or Parlett's limit on an empty pile"},
    )


@lesson("gin/heart-back")
def _gin_heart_back(state: State) -> Exercise:
    obs = state.observation(0)
    deck = state.game.deck
    cards = deck_cards(deck)
    seen = obs.faces()
    hearts_only = [c for c in cards if deck.back_of(c) == "♥"]
    expected = [c for c in hearts_only if c not in seen]

    def judge(card: Card) -> str:
        if deck.back_of(card) != "♥":
            return f"the back shows {deck.back_of(card)}"
        return "North can see that card itself"

    return CardsExercise(
        "One of South's backs shows only ♥. Look at North's own hand: which card must it be?",
        expected,
        cards,
        judge=judge,
        pick_one=True,
        typical=next(c for c in hearts_only if c in seen) if len(expected) == 1 else None,
        hint="only two cards print ♥ alone on their backs",
        why=f"only the {' and the '.join(c.text for c in hearts_only)} have a back printing ♥ "
        "alone, and North holds the other",
    )


@lesson("gin/gin-only-undercut")
def _gin_only_undercut() -> Exercise:
    return ChoiceExercise(
        'In the "gin only" column, can any hand end in an undercut?',
        "no",
        ["yes", "no"],
        hint="what has to happen before anyone can be undercut?",
        why="an undercut needs a knock, and with a limit of 0 only gin ends a hand",
        typical="yes",
        mistakes={"yes": "only a knock can be undercut; look at what a limit of 0 allows"},
    )
