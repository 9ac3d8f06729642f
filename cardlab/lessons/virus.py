"""The exercises of notebook 43, Virus."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.virus import SIGNALS, VIRUS, VirusState
from .catalogue import lesson


def _virus_state(state: Any) -> VirusState:
    st = getattr(state, "state", state)  # a Match or a state
    if not isinstance(st, VirusState):
        raise ValueError("this exercise is about a game of Virus")
    return st


def _after(state: State, signals: Sequence[str]) -> VirusState:
    """A copy of ``state`` with every seat's signal shown (no infections among them)."""
    st = _virus_state(state).clone()
    assert isinstance(st, VirusState)
    if st.phase != "signal" or len(signals) != st.players:
        raise ValueError("give one signal for each seat, at the start of a turn")
    for s, sig in enumerate(signals):
        st.apply(sig, s)
    if st.chance is not None and st.chance.kind == "draw":
        raise ValueError("these signals infect someone: the drawn card would be needed")
    return st


@lesson("virus/drinkers")
def _virus_drinkers(state: State, signals: Sequence[str]) -> Exercise:
    st = _virus_state(state)
    after = _after(st, signals)
    first = len(st.events)
    drank = [e.seat for e in after.events[first:] if e.kind == "drink"]
    stopped = [e.text for e in after.events[first:] if e.kind == "no_drink"]
    fists = sum(1 for s in signals if s == "fist")
    why = f"{len(drank)} of the {fists} fists drink"
    if stopped:
        why += ": " + "; ".join(stopped)
    return NumberExercise(
        "With these signals, how many players drink a bottle this turn?",
        len(drank),
        hint="a fist drinks unless one or two fingers point at its player; a flat hand "
        "does not stop it, and a block cancels what the blocked player points back",
        why=why,
        typical=fists if fists != len(drank) else len(drank) + 1,
        mistakes={fists: "not every fist drinks: look for fingers pointed at the drinker"}
        if fists != len(drank)
        else None,
    )


@lesson("virus/round-score")
def _virus_round_score(state: State, seat: int) -> Exercise:
    st = _virus_state(state)
    name = st.names[seat]
    bottles = len(st.bottles[seat])
    undrunk = len(st.undrunk(seat))
    germs = st.hands[seat].bit_count()
    holder = st.hands[seat] >> VIRUS & 1
    if holder:
        answer = 1
        why = f"{name} holds the virus: 1 point, whatever else lies in front of them"
        mistakes = {4 * bottles - (germs - 1): "the virus's holder ignores bottles and germs"}
    else:
        answer = 4 * bottles - germs
        why = f"{bottles} bottles × 4 less {germs} germs = {answer}; drunk bottles count too"
        mistakes = {}
        if undrunk != bottles:
            mistakes[4 * undrunk - germs] = "the drunk bottles count as well as the undrunk"
        mistakes.setdefault(4 * bottles, "each germ in hand costs a point")
    return NumberExercise(
        f"If the round ended now, how many points would {name} score?",
        answer,
        hint="4 for each bottle in front of the player, drunk or not, less 1 for each germ "
        "in hand; the virus's holder scores just 1",
        why=why,
        typical=next(iter(mistakes)),
        mistakes=mistakes,
    )


@lesson("virus/race")
def _virus_race(state: State, signals: Sequence[str]) -> Exercise:
    st = _virus_state(state)
    if st.players != 2:
        raise ValueError("the race is the two-player game")
    after = _after(st, signals)
    rounds = len(st.results)
    if len(after.results) > rounds:
        won = after.results[rounds].points
        answer = after.names[won.index(1)] if 1 in won else "nobody yet"
    else:
        answer = "nobody yet"
    holder = st.names[st.virus_holder()]
    need = st.options.drinks_to_win
    return ChoiceExercise(
        "After this turn, who has won the round?",
        answer,
        [*st.names, "nobody yet"],
        hint=f"a round goes to a player who has drunk {need} bottles and does not hold the virus",
        why=f"{holder} holds the virus, so drinking {need} does not win for {holder}; "
        + (f"{answer} wins" if answer != "nobody yet" else "nobody has won yet"),
        typical=holder if answer != holder else "nobody yet",
        mistakes={holder: f"{holder} holds the virus: no round win until it is passed on"}
        if answer != holder
        else None,
    )


@lesson("virus/best-reply")
def _virus_best_reply(rows: Sequence[dict[str, Any]], theirs: str) -> Exercise:
    if theirs not in SIGNALS:
        raise ValueError(f"theirs is one of {', '.join(SIGNALS)}")
    col = {r["mine"]: r["payoff"] for r in rows if r["theirs"] == theirs}
    best = max(SIGNALS, key=lambda s: col[s])
    worst = min(SIGNALS, key=lambda s: col[s])
    listed = ", ".join(f"{s} {col[s]:.2f}" for s in SIGNALS)
    return ChoiceExercise(
        f"Against a '{theirs}' aimed at you, which signal paid best in the simulation?",
        best,
        SIGNALS,
        hint=f"read the column '{theirs}' of the heat map: the greenest cell",
        why=f"the column '{theirs}' reads {listed}",
        typical=worst,
        mistakes={
            s: f"'{s}' paid {col[s]:.2f} there; another signal paid more"
            for s in SIGNALS
            if s != best
        },
    )
