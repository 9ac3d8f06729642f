"""Exercise shapes several notebooks share: legal cards with one wrong card among them, a
hand's score with the line most often forgotten, the knock card of a rummy hand, a bet of
the minimum or the whole pot."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from ..core.cards import Card, parse_card
from ..core.state import State
from ..exercises import CardsExercise, ChoiceExercise, Exercise, NumberExercise, score_lines
from ..rules.rummy import best_melds


def plus_one_wrong(ex: CardsExercise, prefer: Iterable[str] = ()) -> frozenset[Card]:
    """The expected cards plus one that does not belong (a preferred one if offered)."""
    expected: frozenset[Card] = ex.expected
    wrong = [c for c in ex.pool if c not in expected]
    for code in prefer:
        card = parse_card(code)
        if card in wrong:
            return expected | {card}
    return expected | {wrong[0]} if wrong else expected


def legal_cards(
    state: State, question: str, hint: str, why: str, prefer: Iterable[str] = ()
) -> CardsExercise:
    """Which cards the seat to move may play; the typical mistake adds one card that may
    not be played (one of ``prefer`` if it can)."""
    ex = CardsExercise.legal(state, question, hint=hint, why=why, typical=None)
    ex.typical = plus_one_wrong(ex, prefer)
    return ex


def hand_score(
    state: State, seat: int, question: str, hint: str, mistakes: dict[Any, str] | None = None
) -> NumberExercise:
    """What ``seat`` scored in the last hand; a typical mistake counts one score line only."""
    points, why = score_lines(state, seat)
    lines = [ln for ln in state.results[-1].lines if ln.seat == seat]
    mistakes = dict(mistakes or {})
    if len(lines) > 1 and lines[0].points != points:
        mistakes.setdefault(
            lines[0].points, f"that counts only one of the {len(lines)} lines of the score"
        )
    typical = next(iter(mistakes), points + 1)
    return NumberExercise(
        question,
        points,
        hint=hint,
        why=f"{state.names[seat]}'s score lines: {why}",
        typical=typical,
        mistakes=mistakes,
    )


def knock_card(state: State, question: str, hint: str) -> CardsExercise:
    """Which card to knock with to keep the least deadwood (any rummy game)."""
    state = state.clone()
    seat = state.current
    assert isinstance(seat, int)
    hand = state.observation(seat).my_hand
    knocks = {a.cards[0] for a in state.legal_actions(seat) if a.verb == "knock"}
    kept = {c: best_melds([d for d in hand if d is not c]).points for c in hand}
    best = min(knocks, key=lambda c: (kept[c], c.index))
    name = state.names[seat]

    def judge(card: Card) -> str:
        said = f"{name} would keep {kept[card]} points of deadwood"
        return said + ("" if card in knocks else ", too many to knock")

    worst = max(hand, key=lambda c: (kept[c], c.index))
    return CardsExercise(
        question,
        [best],
        hand,
        judge=judge,
        pick_one=True,
        pool_label=f"{name}'s hand",
        hint=hint,
        typical=worst,
        why=f"without the {best.text} {name} keeps {kept[best]} points of deadwood, "
        "the least it can",
    )


def joined(words: Sequence[str]) -> str:
    """``words`` as a list in prose: "a, b and c"."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def deck_cards(deck: Any) -> list[Card]:
    """The deck's cards other than jokers."""
    return [c for c in deck.cards if not c.is_joker]


def min_or_pot(
    question: str, win: Fraction, counted: str, pot: int, hint: str, mistake: str, aside: str = ""
) -> Exercise:
    """Bet the minimum or the whole pot at even money, given the chance ``win`` of winning
    (``counted`` says how it was counted, such as "12 of the 44 unseen cards win";
    ``aside`` follows the comparison with half)."""
    good = win > Fraction(1, 2)
    answer = "the whole pot" if good else "the minimum"
    other = "the minimum" if good else "the whole pot"
    per = abs(2 * win - 1)
    sign = "gains" if good else "loses"
    return ChoiceExercise(
        question,
        answer,
        ["the minimum", "the whole pot"],
        hint=hint,
        why=f"{counted}, {'more' if good else 'less'} than half{aside}: each chip bet {sign} "
        f"{per.numerator}/{per.denominator} of a chip on average, so "
        f"{'the more' if good else 'the less'} the better (the pot holds {pot})",
        typical=other,
        mistakes={other: mistake},
    )
