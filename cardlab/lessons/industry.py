"""The exercises of notebook 40, Industry."""

from __future__ import annotations

from ..core.cards import Card
from ..core.state import State
from ..exercises import CardsExercise, Exercise, NumberExercise
from ..games.industry import BONUS, IndustryState, cost, counts
from .catalogue import lesson
from .shapes import hand_score, plus_one_wrong


@lesson("industry/first-spend")
def _industry_first_spend(state: State) -> Exercise:
    seat = state.current
    if not isinstance(seat, int):
        raise ValueError("nobody is to pay now")
    position = state.clone()
    legal = [a.cards[0] for a in position.legal_actions(seat) if a.verb == "spend"]
    hand = position.observation(seat).my_hand

    def judge(card: Card) -> str | None:
        return (
            None
            if card in legal
            else f"not allowed: {position.explain(f'spend {card.code}', seat)}"
        )

    ex = CardsExercise(
        f"Which cards may {position.names[seat]} spend to start a payment? List them all.",
        legal,
        hand,
        judge=judge,
        pool_label=f"{position.names[seat]}'s hand",
        hint="after the card is spent, one card must be left to build and the rest must "
        "still be able to pay for it",
        why="a card may be spent only while a building can still be paid for after it: "
        + "; ".join(f"{c.text}: {judge(c) or 'yes'}" for c in hand),
        typical=None,
    )
    ex.state = position
    ex.typical = plus_one_wrong(ex)
    return ex


@lesson("industry/money-lost")
def _industry_money_lost(state: State) -> Exercise:
    if not isinstance(state, IndustryState):
        raise ValueError("this asks about a game of Industry")
    build = next((e for e in reversed(state.events) if e.kind == "build"), None)
    if build is None:
        raise ValueError("nobody has built yet")
    money, paid = int(build.get("money")), int(build.get("paid"))
    built = build.get("built")
    seat = build.seat
    assert seat is not None
    banks = counts(state.cities[seat])[0] - sum(1 for c in built if c.endswith("C"))
    flat = cost(banks) * len(built)
    mistakes = {}
    if money - flat != money - paid:
        mistakes[money - flat] = (
            "each building's cost counts the banks standing when it goes up: the bank built "
            "first made the next building cheaper"
        )
    return NumberExercise(
        f"How many dollars of {state.names[seat]}'s money were lost on that turn?",
        money - paid,
        hint="add up the cards spent, then the cost of each building in the order they went "
        "up, and remember that no change is given",
        why=f"${money} spent, ${paid} paid for the buildings",
        typical=next(iter(mistakes), money - paid + 1),
        mistakes=mistakes,
    )


@lesson("industry/final-score")
def _industry_final_score(state: State) -> Exercise:
    if not isinstance(state, IndustryState) or not state.results:
        raise ValueError("the game is not over yet")
    seat = state.winners()[0] if state.winners() else 0
    plain = sum(n * p for n, p in zip(counts(state.cities[seat]), (1, 1, 2, 1), strict=True))
    return hand_score(
        state,
        seat,
        f"How many points does {state.names[seat]} score?",
        hint="a point per building, two per house, and a bonus for each suit where the city "
        "has more buildings than any other",
        mistakes={plain: f"{plain} counts the buildings only: add {BONUS} for every majority"},
    )
