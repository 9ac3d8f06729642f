"""The exercises of notebook 25, Tonk."""

from __future__ import annotations

from fractions import Fraction

from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.tonk import down_chance, down_payments, net_chips
from .catalogue import lesson


def _go_down(state: State) -> Exercise:
    seat = state.current
    if not isinstance(seat, int) or state.phase != "turn":
        raise ValueError("nobody is about to go down or draw now")
    obs = state.observation(seat)
    p = down_chance(obs)
    name = state.names[seat]
    total = int(obs.info["your_total"])
    n = state.players - 1
    # winning brings a payoff from each other player; losing costs at least two
    win, lose = n, 2
    good = p * win > (1 - p) * lose
    answer = "yes" if good else "no"
    return ChoiceExercise(
        f"{name} holds {total}. Should {name} go down now?",
        answer,
        ["yes", "no"],
        hint=f"going down wins {n} payoffs when every other total is higher than {total}, "
        "and loses at least two otherwise: how likely is it that every hidden hand is "
        "higher, over the cards you have not seen?",
        why=f"over every way the unseen cards could lie, every other total is higher with "
        f"chance {float(p):.1%}; {n} payoffs × {float(p):.2f} against 2 × {float(1 - p):.2f} "
        f"says {answer}",
        typical="no" if good else "yes",
        mistakes={
            ("no" if good else "yes"): "count the hidden hands that would beat or tie you: "
            + ("they are few" if good else "they are many")
        },
    )


@lesson("tonk/croaker-down")
def _croaker_down(state: State) -> Exercise:
    return _go_down(state)


@lesson("tonk/croaker-eleven")
def _croaker_eleven(state: State) -> Exercise:
    return _go_down(state)


@lesson("tonk/west-pays")
def _west_pays(state: State) -> Exercise:
    return _who_pays(state, 2)


def _who_pays(state: State, seat: int) -> Exercise:
    events = state.events
    at = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "down"), -1)
    down = events[at]
    if at < 0 or down.seat is None or not state.results:
        raise ValueError("nobody has gone down yet")
    totals = [0] * state.players
    for e in events[at:]:
        if e.kind == "show" and e.seat is not None:
            totals[e.seat] = int(e.get("total"))
        if e.kind == "hand_over":
            break
    hand = sum(1 for start in state.hand_starts if start <= at) - 1
    unit = int(state.options.payoff)
    pays = down_payments(totals, down.seat)
    net = net_chips(pays, state.players, unit)[seat]
    names = state.names
    said = "; ".join(f"{names[a]} pays {names[b]} {k * unit}" for a, b, k in pays if seat in (a, b))
    goer = names[down.seat]
    won = all(t > totals[down.seat] for s, t in enumerate(totals) if s != down.seat)
    lines = sum(ln.points for ln in state.results[hand].lines if ln.seat == seat)
    if lines != net:
        raise ValueError("the score lines of that hand do not match its drop")
    single = -unit * sum(1 for a, b, _ in pays if a == seat) + unit * sum(
        1 for a, b, _ in pays if b == seat
    )
    mistakes: dict[object, str] = {}
    if single != net:
        mistakes[single] = "a lost drop costs the goer a double payoff to each lower or equal total"
    if -net != net:
        mistakes[-net] = "who pays whom? Look at who holds the lowest total"
    return NumberExercise(
        f"{goer} went down with {totals[down.seat]}. How many chips does {names[seat]} win "
        "(negative: lose) in this hand?",
        net,
        hint="with the strictly lowest total the goer takes a payoff from everyone; "
        "otherwise the goer pays double to each total at or below its own, and the others "
        "pay the lowest total one payoff each",
        why=f"totals {', '.join(f'{names[s]} {t}' for s, t in enumerate(totals))}; "
        f"{goer} {'wins' if won else 'loses'} the drop: {said or 'nothing'}",
        typical=next(iter(mistakes), net + 1),
        mistakes=mistakes or {net + 1: "count each payment once"},
    )


@lesson("tonk/tonk-share")
def _tonk_share(chance: Fraction) -> Exercise:
    pct = round(float(chance) * 100, 1)
    return NumberExercise(
        "In what percentage of deals does one given player hold a Tonk (to one decimal)?",
        pct,
        hint="count the five-card hands of a full pack totalling 15 or less, or 49 or 50, "
        "and divide by all five-card hands",
        why=f"{float(chance):.4%} of all five-card hands are a Tonk",
        typical=round(pct * 3, 1),
        mistakes={round(pct * 3, 1): "that is the chance that someone at a table of three has one"},
    )
