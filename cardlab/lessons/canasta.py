"""The exercises of notebook 24, Canasta."""

from __future__ import annotations

from ..core.cards import CARDS
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.canasta import CanastaState
from ..games.canasta.rules import TAKE, points
from .catalogue import lesson


def _canasta(state: State) -> CanastaState:
    if not isinstance(state, CanastaState):
        raise ValueError("this exercise needs a Canasta position")
    return state


@lesson("canasta/take-pile")
def _take_pile(state: State) -> Exercise:
    st = _canasta(state)
    seat = st.to_move[0]
    ok = TAKE in st.legal_actions(seat)
    up = CARDS[st.pile[-1]]
    why = st.why_not_take(seat) or (
        f"the {up.text} goes into a meld at once with cards {st.names[seat]} holds"
    )
    return ChoiceExercise(
        f"May {st.names[seat]} take the discard pile, topped by the {up.text}, now?",
        "yes" if ok else "no",
        ["yes", "no"],
        hint="the upcard must go into a meld straight away; a frozen pile needs two natural "
        "cards of its rank from the hand, and a side's first melds need the minimum",
        why=why,
        typical="no" if ok else "yes",
        mistakes={
            "no": "look again: a new meld needs two natural cards of the upcard's rank (or one "
            "and a wild card) from the hand, and the first melds may add other ranks",
        }
        if ok
        else {"yes": f"not now: {why}"},
    )


@lesson("canasta/minimum")
def _minimum(state: State) -> Exercise:
    st = _canasta(state)
    seat = next(s for s, sel in enumerate(st.staged) if sel is not None)
    sel = st.staged[seat]
    assert sel is not None
    side = st.side(seat)
    total = points(sel.cards) + (points(1 << st.pile[-1]) if sel.data.get("take") else 0)
    need = st.minimum[side]
    ok = total >= need
    return ChoiceExercise(
        f"{st.names[seat]}'s side has not melded yet. Do the melds being built reach the "
        "side's minimum?",
        "yes" if ok else "no",
        ["yes", "no"],
        hint="add the values of every card in the melds (Jokers 50, Twos and Aces 20, "
        "Kings to Eights 10, Sevens to Fours 5) and compare with the minimum for the "
        "side's score",
        why=f"they count {total} against a minimum of {need}",
        typical="no" if ok else "yes",
        mistakes={
            ("yes" if not ok else "no"): f"add the card values again: the side needs {need}, "
            "and the upcard counts when the pile is taken"
        },
    )


@lesson("canasta/score")
def _score(state: State) -> Exercise:
    st = _canasta(state)
    if not st.results:
        raise ValueError("this exercise needs a finished hand")
    res = st.results[-1]
    side = 1
    lines = [
        ln for ln in res.lines if (ln.team == side if ln.team is not None else ln.seat % 2 == side)
    ]
    total = sum(ln.points for ln in lines)
    melded = sum(ln.points for ln in lines if ln.reason == "cards melded")
    return NumberExercise(
        "How many points did East & West score in this hand?",
        total,
        hint="their melded cards, their canasta and red-three bonuses, a going-out bonus, "
        "less the cards they still held",
        why="; ".join(f"{ln.reason} {ln.points:+d}" for ln in lines),
        typical=melded if melded != total else total + 100,
    )
