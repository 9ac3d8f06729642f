"""The exercises of notebook 15, Canfield."""

from __future__ import annotations

import pandas as pd

from ..core.cards import RANK_NAMES, Card, parse_card
from ..core.refusals import plural
from ..core.state import State
from ..exercises import CardsExercise, ChoiceExercise, Exercise
from ..games.canfield import CanfieldState
from .catalogue import lesson
from .shapes import deck_cards, hand_score, legal_cards


@lesson("canfield/playable")
def _canfield_playable(state: State) -> Exercise:
    uses: dict[Card, list[str]] = {}
    for a in state.legal_actions(0):
        if a.cards:
            uses.setdefault(a.cards[0], []).append("home" if a.verb == "home" else a.args[1])
    said = "; ".join(f"{c.text} to {' or '.join(w)}" for c, w in uses.items())
    waste = state.observation(0).zone("waste").faces
    ex = legal_cards(
        state,
        "Which face-up cards could you play now, home or onto the tableau?",
        hint="only the top cards of the reserve and the waste may move, but any tableau card "
        "may take the cards lying on it along",
        why=f"{plural(len(uses), 'card')} can move: {said}",
        prefer=[c.code for c in waste[:-1]],
    )
    copy = ex.state if ex.state is not None else state

    def judge(card: Card) -> str | None:
        if card in ex.expected:
            return None
        moving = copy.explain(f"move {card.code}")
        if " is face down" in moving or " lies under " in moving or " is on its " in moving:
            return moving
        return f"{moving}, and {copy.explain(f'home {card.code}')}"

    ex.judge = judge
    return ex


@lesson("canfield/last-card")
def _canfield_last_card(state: State) -> Exercise:
    if not isinstance(state, CanfieldState):
        raise ValueError("this exercise needs a deal of Canfield")
    base = state.base
    last = parse_card(f"{'A23456789TJQK'[(base - 1) % 13]}S")
    king = parse_card("KS")
    spades = [c for c in deck_cards(state.game.deck) if c.suit == 3]
    first = RANK_NAMES[base]
    return CardsExercise(
        f"The foundations start from the {first}. Which card will be the last one on the ♠ "
        "foundation?",
        [last],
        spades,
        pick_one=True,
        pool_label="spades",
        hint="a foundation climbs from its first card past the King to the Ace and keeps "
        "going until every rank is there",
        why=f"the ♠ foundation runs from the {first} of spades up to the King, round to the "
        f"Ace and on to the {RANK_NAMES[(base - 1) % 13]}: the rank just below the base",
        typical=king if last != king else parse_card("QS"),
        mistakes={
            king: "the King is the top only when the foundations start from the Ace; here "
            "they carry on past it"
        }
        if last != king
        else {},
    )


@lesson("canfield/draw-three")
def _canfield_draw_three(state: State) -> Exercise:
    waste = state.observation(0).zone("waste").faces
    if state.options.draw != 3 or len(waste) < 3:
        raise ValueError("this exercise needs three cards just drawn with draw=3")
    drawn = waste[-3:]
    top = drawn[-1]
    first = drawn[0]
    return ChoiceExercise(
        f"You drew {' '.join(c.text for c in drawn)} with draw 3. Which of them may you play now?",
        top.text,
        [c.text for c in drawn],
        hint="the three cards are turned one after another onto the waste: which one ends on top?",
        why=f"{top.text} was turned last and lies on top of the waste; {drawn[1].text} is freed "
        f"only once {top.text} is played, and {first.text} after that",
        typical=first.text,
        mistakes={
            first.text: f"{first.text} came off the stock first, so it lies at the bottom of "
            "the three"
        },
    )


@lesson("canfield/casino-score")
def _canfield_casino_score(state: State) -> Exercise:
    if not isinstance(state, CanfieldState) or state.options.scoring != "casino":
        raise ValueError("this exercise needs a deal of Canfield scored with scoring='casino'")
    home = sum(state.found)
    return hand_score(
        state,
        0,
        "Under casino scoring, what did this deal score?",
        hint="five for every card on the foundations, the opening card too, then take off "
        "the stake",
        mistakes={
            5 * home: "that leaves out the stake of 52 paid before the deal",
            home - 52: "each card home is worth 5 under casino scoring",
        },
    )


@lesson("canfield/gap")
def _canfield_gap(table: pd.DataFrame) -> Exercise:
    need = {"rules", "min_rate", "bot_rate"}
    if not need <= set(table.columns):
        raise ValueError(f"this exercise needs a table with {', '.join(sorted(need))}")
    rules = table["rules"].astype(str).tolist()
    solver = dict(zip(rules, table["min_rate"].astype(float).tolist(), strict=True))
    bot = dict(zip(rules, table["bot_rate"].astype(float).tolist(), strict=True))
    gaps = {r: solver[r] - bot[r] for r in rules}
    if len(gaps) != 2:
        raise ValueError("this exercise compares two rule sets")
    best = max(gaps, key=lambda k: gaps[k])
    other = next(k for k in gaps if k != best)

    def said(r: str) -> str:
        return f"the solver wins {solver[r]:.0%} of the deals and the bot {bot[r]:.0%}"

    return ChoiceExercise(
        "Under which rule set does the heuristic bot fall furthest short of what could be won?",
        best,
        list(gaps),
        hint="for each rule set, take the bot's win rate away from the solver's",
        why=f"under {best} {said(best)}, {100 * gaps[best]:.0f} points apart; under {other} "
        f"{said(other)}, {100 * gaps[other]:.0f} points apart",
        typical=other,
        mistakes={
            other: (
                "that is where the bot wins more often"
                if bot[other] > bot[best]
                else "there the bot comes closer to the solver"
            )
            + "; the question is where it is furthest behind the solver"
        },
    )
