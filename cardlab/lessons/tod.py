"""The exercises of notebook 49, T.O.D."""

from __future__ import annotations

from ..core.cards import CARDS
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.tod import (
    QUESTIONS,
    TodState,
    analyse,
    answer,
    case_weights,
    knowledge,
    question_text,
)
from .catalogue import lesson


def _tod(state: State) -> TodState:
    if not isinstance(state, TodState):
        raise ValueError("this exercise is about a game of T.O.D.")
    return state


@lesson("tod/time-of-death")
def _time_of_death() -> Exercise:
    return ChoiceExercise(
        "A case holds ♥6 and ♠2. What is its time of death?",
        "8:26",
        ("8:26", "8:62", "6:22", "12:26"),
        hint="the hour adds the two numbers; the minutes write them side by side",
        why="the hour is 6 + 2 = 8 and the minutes put the lower number first: 26",
        typical="8:62",
        mistakes={
            "8:62": "the hour is right, but the minutes start with the lower number",
            "6:22": "the hour is the sum of both numbers, not the motive's number",
            "12:26": "the hour adds the numbers, it does not multiply them",
        },
    )


@lesson("tod/answer")
def _answer(state: State) -> Exercise:
    """About the question the seat to move is best off asking now."""
    st = _tod(state)
    if st.phase != "ask":
        raise ValueError("this exercise needs a seat about to ask")
    seat = _mover(st)
    a = analyse(st.observation(seat))
    question = max(QUESTIONS, key=lambda q: a.questions[q][1])
    t = st.target(seat)
    case = [CARDS[i] for i in st.cases[t]]
    table = st.table()
    yes = answer(question, case, table)
    held = " ".join(c.text for c in case)
    shown = " ".join(c.text for c in table)
    right, wrong = ("yes", "no") if yes else ("no", "yes")
    what, how = question.split()
    return ChoiceExercise(
        f"{st.names[t]} holds {held} and {shown} lie face up. {st.names[seat]} asks "
        f"'{question_text(question)}'. What must {st.names[t]} answer?",
        right,
        ("yes", "no"),
        hint=f"take the case's {what}s one at a time: which of them can you see on the table?",
        why=f"'{how}' asks whether at least one of the case's {what}s "
        f"{'shows' if how == 'there' else 'does not show'} among the cards face up",
        typical=wrong,
        mistakes={
            wrong: f"'{how}' is yes as soon as one {what} of the case "
            f"{'is on the table' if how == 'there' else 'is not on the table'}; the "
            "answer never says how many"
        },
    )


def _mover(st: TodState) -> int:
    if not st.to_move:
        raise ValueError("this exercise needs a seat to move")
    return st.to_move[0]


@lesson("tod/cases-left")
def _cases_left(state: State) -> Exercise:
    """For the seat to move."""
    st = _tod(state)
    seat = _mover(st)
    know = knowledge(st.observation(seat))
    weights = case_weights(know)
    pairs = sum(weights.values())
    count = len(weights)
    mistakes = {}
    if pairs != count:
        mistakes[pairs] = (
            "that counts pairs of cards: two pairs that swap their numbers between motive "
            "and weapon make one and the same case"
        )
    return NumberExercise(
        f"As {st.names[seat]} sees it now, how many different cases could "
        f"{st.names[know.target]} still hold?",
        count,
        hint="list the motive and weapon cards you have not seen, keep the pairs that give "
        "every answer heard so far, and count what a guess would name",
        why="a case is what a guess names: numbers, motive and weapon, whichever card "
        "carries which number",
        typical=pairs if pairs != count else count + 1,
        mistakes=mistakes
        or {count + 1: "count again: every pair must give each answer heard so far"},
    )


@lesson("tod/best-question")
def _best_question(state: State) -> Exercise:
    """For the seat to move."""
    st = _tod(state)
    seat = _mover(st)
    a = analyse(st.observation(seat))
    ranked = sorted(QUESTIONS, key=lambda q: -a.questions[q][1])
    best, second = ranked[0], ranked[1]
    options = [question_text(q) for q in QUESTIONS]
    mistakes = {
        question_text(q): f"its answer is yes with chance {a.questions[q][0]:.0%}: the "
        "nearer to even, the more a question tells"
        for q in ranked[1:]
    }
    return ChoiceExercise(
        f"{st.names[seat]} is about to ask. Which question tells it the most, on average?",
        question_text(best),
        options,
        hint="a question tells the most when its yes and its no are about equally likely",
        why=f"'{question_text(best)}' is yes with chance {a.questions[best][0]:.0%}, the "
        f"nearest to even: {a.questions[best][1]:.2f} bits",
        typical=question_text(second),
        mistakes=mistakes,
    )


@lesson("tod/suit-missing")
def _suit_missing() -> Exercise:
    return ChoiceExercise(
        "♠6, ♥5, ♦A and ♣2 lie face up. A case of greed with a shovel is asked 'Is a suit "
        "missing?'. What is the answer?",
        "no",
        ("yes", "no"),
        hint="which suits are on the table, and which suits does the case have?",
        why="all four suits show on the table, so none of the case's suits can be missing",
        typical="yes",
        mistakes={
            "yes": "the rule-book example reads it as club against shovel, but that only "
            "works with three cards: here the ♣2 is on the table too"
        },
    )
