"""The exercises of notebook 14, Golf."""

from __future__ import annotations

import pandas as pd

from ..core.cards import parse_card
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.golf import KING, golf_rules
from .catalogue import lesson
from .shapes import hand_score, joined, legal_cards


def _golf_longest_run(state: State) -> tuple[int, list[str]]:
    """The most pile cards one run of plays can clear from ``state`` (no stock card), and
    the cards of one such run."""
    best: list[str] = []

    def walk(st: State, run: list[str]) -> None:
        nonlocal best
        if len(run) > len(best):
            best = list(run)
        if st.terminal:
            return
        for a in st.legal_actions(0):
            if a.verb == "play":
                nxt = st.clone()
                nxt.apply(a, 0)
                walk(nxt, [*run, a.cards[0].text])

    walk(state, [])
    return len(best), best


@lesson("golf/playable")
def _golf_playable(state: State) -> Exercise:
    top = state.observation(0).zone("discard").faces[-1]
    plays = sorted(
        (a.cards[0] for a in state.legal_actions(0) if a.verb == "play"), key=lambda c: c.index
    )
    if not plays:
        raise ValueError("this exercise needs a position where some pile card fits")
    ex = legal_cards(
        state,
        f"Which cards could be played on the {top.text} now?",
        hint="only the top card of each pile is free, and it must be one rank above or "
        "below the discard pile's top card; suits do not matter",
        why=f"the free cards one rank away from the {top.text} are "
        + joined([c.text for c in plays]),
    )
    same = [c for c in ex.pool if c.rank == top.rank and c is not top]
    if same:  # the typical slip: a card of the same rank
        ex.typical = ex.expected | {same[0]}
    return ex


@lesson("golf/longest-run")
def _golf_longest_run_exercise(state: State) -> Exercise:
    most, run = _golf_longest_run(state)
    walked = 6  # the run the notebook plays before asking
    mistakes = {walked: "that is the run played above; another order clears more"}
    if most == walked:
        mistakes = {}
    return NumberExercise(
        "From the discard pile's top card at the start of this deal, how many pile cards "
        "could one run clear at most, before a stock card is needed?",
        most,
        hint="each card played frees the card under it; try each first play and follow "
        "every way on",
        why=f"one longest run plays {' '.join(run)}",
        typical=walked if most != walked else most + 1,
        mistakes=mistakes,
    )


@lesson("golf/king")
def _golf_king(state: State) -> Exercise:
    legal = state.legal_actions(0)
    plays = {a.cards[0].rank for a in legal if a.verb == "play"}
    queen, ace = parse_card("QS").rank, parse_card("AS").rank
    if queen in plays:
        answer = "play a Queen"
    elif ace in plays:
        answer = "play an Ace"
    elif any(a.verb == "draw" for a in legal):
        answer = "draw from the stock"
    else:
        raise ValueError("this exercise needs a King on the discard pile")
    return ChoiceExercise(
        "A King lies on the discard pile and the Q♥ is free on a pile. What can you do?",
        answer,
        ["play a Queen", "play an Ace", "draw from the stock"],
        hint="which ranks sit next to a King, under the rules as the text gives them?",
        why="nothing may be played on a King, so the only move is to turn the next stock card",
        typical="play a Queen",
        mistakes={
            "play a Queen": "a King goes on a Queen, but not the other way round (unless "
            "queen_on_king is on)",
            "play an Ace": "the Ace is low: it sits next to the Two only (unless wrap is on)",
        },
    )


@lesson("golf/score")
def _golf_score(state: State) -> Exercise:
    piles = int(state.observation(0).value(0, "piles"))
    stock = int(state.observation(0).value(0, "stock"))
    played = 35 - piles
    mistakes = {played: "that counts the cards played; the score counts the cards left"}
    if stock:
        mistakes[piles + stock] = "cards left in the stock cost nothing"
    return hand_score(
        state,
        0,
        "What did this deal score?",
        hint="golf is scored by what is left over",
        mistakes=mistakes,
    )


@lesson("golf/wrap-king")
def _golf_wrap_king() -> Exercise:
    takes = golf_rules(wrap=True).takes(KING)
    options = ["nothing", "a Queen", "an Ace", "a Queen or an Ace"]
    return ChoiceExercise(
        "With wrap on and queen_on_king off, which cards may go on a King?",
        takes,
        options,
        hint="wrap makes the King and the Ace neighbours; the Queen needs its own option",
        why=f"with wrap alone a King takes {takes} and nothing else",
        typical="a Queen or an Ace",
        mistakes={
            "a Queen or an Ace": "a Queen goes on a King only with queen_on_king",
            "nothing": "with wrap the King and the Ace are neighbours both ways",
            "a Queen": "wrap joins the King to the Ace, not to the Queen",
        },
    )


@lesson("golf/most-winnable")
def _golf_most_winnable(table: pd.DataFrame) -> Exercise:
    need = {"rules", "min_rate"}
    if not need <= set(table.columns):
        raise ValueError(f"this exercise needs a table with {', '.join(sorted(need))}")
    rates = dict(zip(table["rules"].astype(str), table["min_rate"].astype(float), strict=True))
    best = max(rates, key=lambda k: rates[k])
    second = max((k for k in rates if k != best), key=lambda k: rates[k])
    return ChoiceExercise(
        "Under which rule set can the most deals be won?",
        best,
        list(rates),
        hint="read the solver's bars, not the bot's",
        why=f"the solver wins {rates[best]:.0%} of the deals under {best}, "
        + ", ".join(f"{rates[k]:.0%} under {k}" for k in rates if k != best),
        typical=second,
        mistakes={
            k: f"under {k} the solver wins {rates[k]:.0%} of the deals" for k in rates if k != best
        },
    )
