"""The exercises of notebook 48, Hatchet."""

from __future__ import annotations

from ..core.cards import CARDS
from ..core.state import State
from ..exercises import Exercise, NumberExercise
from ..games.hatchet import HatchetState, shape, turns_of
from ..games.hatchet.rules import CENTRE
from ..rules.boards import cell_of
from .catalogue import lesson


def _hatchet(state: State) -> HatchetState:
    if not isinstance(state, HatchetState):
        raise ValueError("this exercise needs a Hatchet state")
    if state.card < 0 or not state.to_move:
        raise ValueError("this exercise needs a player holding a number card to lay")
    return state


@lesson("hatchet/bury")
def _hatchet_bury(state: State, cell: str, turn: int = 0) -> Exercise:
    """How many points laying the card with its centre on ``cell`` at ``turn`` scores."""
    st = _hatchet(state)
    r, c = cell_of(st.board, cell)
    dr, dc = CENTRE[turn % 2]
    h, w = shape(turn)
    under = st.lattice.under(r - dr, c - dc, h, w)
    suits = [k for _, k in under]
    if len(suits) != len(set(suits)):
        raise ValueError(f"{cell} buries two pips of one suit: choose a legal place")
    card = CARDS[st.card]
    answer = len(suits)
    # the usual slip: reading "each other suit" as leaving the card's own suit out
    own = answer - suits.count(card.suit)
    way = "upright" if turn % 2 == 0 else "sideways"
    return NumberExercise(
        f"{st.names[st.to_move[0]]} lays {card.text} {way} with its centre on {cell}. "
        "How many points does that score?",
        answer,
        hint="the card covers 3 × 7 cells around its centre (7 × 3 sideways); count the pips "
        "in view under it, one point each",
        why=f"it buries {answer} pip{'s' if answer != 1 else ''} in view, at most one of each suit",
        typical=own if own != answer else answer + 1,
        mistakes={own: f"pips of the card's own suit ({card.symbol}) count like any other"}
        if own != answer
        else {},
    )


@lesson("hatchet/best")
def _hatchet_best(state: State) -> Exercise:
    """The most points the card to lay can score, any turn, any legal place."""
    st = _hatchet(state)
    card = CARDS[st.card]
    best = {t: max((n for _, _, n in st.lattice.placements(*shape(t))), default=0) for t in (0, 1)}
    answer = max(best.values())
    upright = best[0]
    mistakes = {}
    if upright != answer:
        mistakes[upright] = "turn the card sideways too: it then covers 7 cells across"
    return NumberExercise(
        f"What is the most {card.text} can score on this table, laid any way it may lie?",
        answer,
        hint="look for pips of different suits close together: upright the card covers 3 "
        "columns and 7 rows, sideways 7 columns and 3 rows",
        why=f"the best place buries {answer} (upright at best {best[0]}, sideways {best[1]}); "
        f"{card.text} may lie {len(turns_of(st.card))} ways",
        typical=upright if upright != answer else answer - 1,
        mistakes=mistakes,
    )
