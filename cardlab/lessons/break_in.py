"""The exercises of notebook 42, Break In."""

from __future__ import annotations

from fractions import Fraction

from ..core.cards import CARDS
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.break_in import (
    BreakInState,
    is_guard,
    knowledge,
    next_flipper,
    pips,
    stay_value,
)
from .catalogue import lesson


def _asked(state: State) -> tuple[BreakInState, int]:
    """The state and the seat being asked whether it leaves."""
    if not isinstance(state, BreakInState) or state.phase != "leave":
        raise ValueError("nobody is being asked whether to leave now")
    return state, state.to_move[0]


@lesson("break-in/bank")
def _bank(state: State) -> Exercise:
    st, seat = _asked(state)
    name = st.names[seat]
    mine = [CARDS[i] for i in st.cash[seat]]
    own = sum(pips(c) for c in mine)
    table = st.on_table()
    total = own + table
    return NumberExercise(
        f"How much does {name} bank by leaving now?",
        total,
        hint="add the pips of your own cash (an Ace is 1) and one for every card face up on "
        "the table",
        why=f"{name}'s cash is worth {own}, and {table} cards lie on the table (its own "
        f"{len(mine)} among them), so {own} + {table} = {total}",
        typical=total - len(mine),
        mistakes={
            total - len(mine): "the table bonus counts every card on the table, your own too",
            own: "leaving also pays one for every card on the table",
            table: "your own cash counts its pips as well",
        },
    )


def _trap_count(state: State, seat: int, scouted: bool) -> Exercise:
    if not isinstance(state, BreakInState):
        raise ValueError("this exercise needs a round of Break In in progress")
    obs = state.observation(seat)
    know = knowledge(obs)
    name = state.names[seat]
    mine = next((k for k, s in enumerate(know.stacks) if s is not None), None)
    suits = sorted(know.guarded)
    symbols = " ".join(CARDS[13 * s].symbol for s in suits)
    if scouted:
        if mine is None:
            raise ValueError(f"{name} scouted no stack")
        cards = know.stacks[mine] or ()
        where = f"the {len(cards)} cards still in stack {mine + 1}, which {name} scouted,"
    else:
        cards = know.pool
        where = f"the {len(cards)} cards {name} has not seen"
    traps = [c for c in cards if is_guard(c) and c.suit in know.guarded]
    guards = [c for c in cards if is_guard(c)]
    return NumberExercise(
        f"How many of {where} would spring the trap?",
        len(traps),
        hint="only a guard of a suit that already has a guard in the middle springs it; "
        f"the guards in the middle are of {symbols}",
        why=f"{', '.join(c.text for c in traps) or 'none'}: "
        f"{'those are' if len(traps) != 1 else 'that is'} the guards of {symbols} among them",
        typical=len(guards) if len(guards) != len(traps) else len(traps) + 1,
        mistakes={
            len(guards): "a guard of a suit not yet in the middle is safe: it becomes "
            "the first of its suit"
        }
        if len(guards) != len(traps)
        else None,
    )


@lesson("break-in/trap-cards")
def _trap_cards(state: State) -> Exercise:
    if not isinstance(state, BreakInState):
        raise ValueError("this exercise needs a round of Break In in progress")
    return _trap_count(state, state.to_move[0], scouted=False)


@lesson("break-in/scouted-trap")
def _scouted_trap(state: State) -> Exercise:
    if not isinstance(state, BreakInState):
        raise ValueError("this exercise needs a round of Break In in progress")
    return _trap_count(state, state.to_move[0], scouted=True)


@lesson("break-in/leave-or-stay")
def _leave_or_stay(state: State) -> Exercise:
    st, seat = _asked(state)
    obs = st.observation(seat)
    know = knowledge(obs)
    name = st.names[seat]
    now = know.own + know.on_table
    live = [k for k, size in enumerate(know.sizes) if size]
    mine = next_flipper(obs) == seat
    values = [stay_value(know, k, mine) for k in live]
    ev = max(values) if mine else sum(values, Fraction(0)) / len(values)
    stay = ev > now
    return ChoiceExercise(
        f"{name} would bank {now} now. Should {name} leave or stay for another flip?",
        "stay" if stay else "leave",
        ["leave", "stay"],
        hint="staying one more flip gains at least one card on the table, unless the trap "
        "springs and you lose everything: weigh the chance of the trap against what you "
        "would lose",
        why=f"one more flip is worth {float(ev):.2f} on average against {now} now, so "
        f"{name} should {'stay' if stay else 'leave'}",
        typical="leave" if stay else "stay",
        mistakes={
            ("leave" if stay else "stay"): "compare what one more flip is worth on average "
            "with what leaving banks now"
        },
    )


@lesson("break-in/next-starter")
def _next_starter(state: State) -> Exercise:
    if not isinstance(state, BreakInState) or not state.results:
        raise ValueError("no round has been played yet")
    names = state.names
    start = state.round_starter()
    totals = state.scores
    low = min(totals)
    tied = [names[s] for s in range(state.players) if totals[s] == low]
    last = state.starter
    others = [n for n in tied if n != names[start]]
    return ChoiceExercise(
        "Who opens the next round?",
        names[start],
        names,
        hint="the lowest total opens the next round; a tie goes to the first of the tied "
        "players clockwise from the left of the last round's starter",
        why=f"{' and '.join(tied)} have the lowest total, {low}; counting clockwise from the "
        f"left of {names[last]}, who opened the last round, {names[start]} comes first",
        typical=others[0] if others else names[last],
        mistakes={n: f"{n} ties for lowest, but is not the first clockwise" for n in others},
    )
