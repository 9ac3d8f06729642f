"""The exercises of notebook 45, Jackhammer."""

from __future__ import annotations

from ..core.cards import SUIT_SYMBOLS
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.jackhammer import JackhammerState, rule_of_thumb, solve
from ..games.jackhammer.rules import LINES, ranking_key
from ..games.jackhammer.solver import position_of
from .catalogue import lesson


def _jackhammer(state: State) -> JackhammerState:
    if not isinstance(state, JackhammerState):
        raise ValueError("this exercise needs a Jackhammer state")
    return state


def _suits(totals: list[int]) -> str:
    return ", ".join(f"{SUIT_SYMBOLS[s]} {totals[s]}" for s in range(4))


@lesson("jackhammer/moves")
def _jackhammer_moves(state: State) -> Exercise:
    st = _jackhammer(state)
    if st.phase != "move":
        raise ValueError("this exercise needs a pawn to move")
    seat = st.to_move[0]
    name = st.names[seat]
    count = len(st.legal_actions(seat))
    # the usual slip: jumping holes (counting every card along the lines, pawns aside)
    jumping = sum(
        1 for ray in LINES[st.pos[seat]] for t in ray if st.board[t] >= 0 and st.occupied[t] < 0
    )
    typical = jumping if jumping != count else count + 1
    return NumberExercise(
        f"How many cells can {name}'s pawn move to now?",
        count,
        hint="follow the eight straight lines from the pawn; each stops at the first hole or "
        "pawn, and the pawn lands only on a card",
        why=f"{count} cards lie along the lines before the first hole or pawn",
        typical=typical,
        mistakes={jumping: "a pawn never passes over a hole: count only up to the first one"}
        if jumping != count
        else {},
    )


@lesson("jackhammer/winner")
def _jackhammer_winner(state: State) -> Exercise:
    st = _jackhammer(state)
    names = list(st.names)
    keys = [ranking_key(t) for t in st.totals]
    best = max(keys)
    winners = [s for s in range(st.players) if keys[s] == best]
    shared = "they share the win"
    answer = names[winners[0]] if len(winners) == 1 else shared
    raw = max(range(st.players), key=lambda s: sum(st.totals[s]))
    low = max(range(st.players), key=lambda s: max(st.totals[s]))
    mistakes = {}
    for s in range(st.players):
        if s not in winners:
            mistakes[names[s]] = (
                f"{names[s]} has {_suits(st.totals[s])}: compare the lowest suits first, then "
                "the next lowest"
            )
    if len(winners) == 1:
        mistakes[shared] = "look past the lowest suits when they are level"
    typical = names[raw] if raw not in winners else names[low]
    if typical == answer:
        typical = next(o for o in [*names, shared] if o != answer)
    return ChoiceExercise(
        "The board is over. Who wins?",
        answer,
        [*names, shared],
        hint="each player's weakest suit counts first; when those are level, the next "
        "weakest decides",
        why="; ".join(f"{names[s]} {_suits(st.totals[s])}" for s in range(st.players))
        + f": read lowest first, {' against '.join(str(list(k)) for k in keys)}",
        typical=typical,
        mistakes=mistakes,
    )


@lesson("jackhammer/endgame")
def _jackhammer_endgame(state: State) -> Exercise:
    st = _jackhammer(state)
    solved = solve(st)
    if solved is None:
        raise ValueError("this exercise needs an endgame the solver can finish")
    seat = st.to_move[0]
    name = st.names[seat]
    cells = [a.args[0] for a in st.legal_actions(seat)]
    best = solved.best.args[0]
    thumb = rule_of_thumb(position_of(st), st.legal_actions(seat))[0].args[0]
    mistakes = {}
    for act, value in solved.values.items():
        cell = act.split()[1]
        if value < solved.values[str(solved.best)] - 1e-9:
            ahead = "still ahead" if value > 0 else "behind"
            mistakes[cell] = (
                f"after {cell}, best play by everyone leaves {name} {ahead} by less: "
                "look at what the others can take next"
            )
    typical = thumb if thumb != best else next(c for c in cells if c != best)
    return ChoiceExercise(
        f"{name} to move, with {sum(1 for c in st.board if c >= 0)} cards left on the board. "
        "Which move wins the most, if everyone plays their best from here on?",
        best,
        cells,
        hint="try each move and think two moves ahead: which cards will the other pawn reach, "
        "and can your pawn still move afterwards?",
        why=f"the solver searched every line to the end: {best} ends with "
        f"{_suits(list(solved.final[seat]))} for {name}",
        typical=typical,
        mistakes=mistakes,
    )
