"""The exercises of notebook 19, Newmarket."""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.newmarket import run_chances, widow_chances
from .catalogue import lesson
from .shapes import joined, legal_cards


def _newmarket_seat(state: State, phase: str) -> int:
    seat = state.current
    if not isinstance(seat, int) or state.phase != phase:
        raise ValueError(f"nobody is to act in the {phase} phase now")
    return seat


def _newmarket_widow_value(state: State) -> tuple[str, float, list[str], int]:
    """The pay-card chips the widow holds on average, for the seat to bid."""
    seat = _newmarket_seat(state, "bid")
    obs = state.observation(seat)
    pots = {p.label: p.chips for p in obs.pots}
    chances = widow_chances(obs)
    prefix = "widow holds the "
    parts = [
        (label.removeprefix(prefix), chance)
        for label, chance in chances.items()
        if label.startswith(prefix)
    ]
    value = sum(chance * pots[name] for name, chance in parts)
    said = [f"the {name}: {chance:.0%} of {pots[name]} chips" for name, chance in parts]
    sure = sum(pots[name] for name, _ in parts)
    return state.names[seat], value, said, sure


@lesson("newmarket/widow-pay-chips")
def _newmarket_widow_pay_chips(state: State) -> Exercise:
    name, value, said, sure = _newmarket_widow_value(state)
    whole = round(value, 2)
    return NumberExercise(
        f"On average, how many chips lying on pay cards does the widow hold, as {name} sees it?",
        whole,
        hint="for each pay card you have not seen, multiply the chance the widow holds it by "
        "the chips on it, and add",
        why=f"{joined(said)}: {whole:g} chips in all",
        typical=sure,
        mistakes={
            sure: "that counts every pay card you lack as surely in the widow; each is only "
            "as likely to be there as any other unseen card"
        },
    )


@lesson("newmarket/bid")
def _newmarket_bid(state: State) -> Exercise:
    name, value, _, sure = _newmarket_widow_value(state)
    most = max(0, math.floor(value))
    return NumberExercise(
        f"Counting only the chips on the pay cards, what is the most {name} should bid for "
        "the widow (0 to pass)?",
        most,
        hint="a bid pays off on average only while it stays below what the widow's pay cards "
        "are worth on average",
        why=f"the widow's pay cards are worth {value:.2f} chips on average, so a bid of "
        f"{most + 1} would cost more than it brings on average",
        typical=sure,
        mistakes={
            sure: "that is the chips on every pay card you lack, as if the widow held them "
            "all for certain"
        },
    )


@lesson("newmarket/first-plays")
def _newmarket_first_plays(state: State) -> Exercise:
    seat = _newmarket_seat(state, "play")
    return legal_cards(
        state,
        f"Which cards may {state.names[seat]} start a run with?",
        hint="a run starts with the lowest card you hold of its suit, and Aces are high",
        why="one card per suit held: the lowest of that suit",
    )


@lesson("newmarket/next-run")
def _newmarket_next_run(state: State) -> Exercise:
    stop = next((e for e in reversed(state.events) if e.kind == "stop"), None)
    seat = state.current
    if stop is None or not isinstance(seat, int):
        raise ValueError("no run has stopped yet")
    last = stop.cards[0]
    name = state.names[seat]
    others = [n for n in state.names if n != name]
    return ChoiceExercise(
        f"The run stopped after the {last.text}. Who starts the next run?",
        name,
        state.names,
        hint="the player of the stopping card starts again, in the other colour, if they can",
        why=stop.text.removeprefix("Stop: "),
        typical=others[0],
        mistakes={n: "look at who played the last card of the run" for n in others},
    )


@lesson("newmarket/comes-back")
def _newmarket_comes_back(state: State) -> Exercise:
    seat = _newmarket_seat(state, "play")
    obs = state.observation(seat)
    chances = run_chances(obs)
    options = [label.split()[0] for label in chances]
    sure = [label.split()[0] for label, p in chances.items() if p == 1.0]
    if len(sure) != 1 or len(options) < 2:
        raise ValueError("no single run is sure to come back here")
    answer = sure[0]
    others = [o for o in options if o != answer]
    said = "; ".join(f"{label.split()[0]}: {p:.0%}" for label, p in chances.items())
    return ChoiceExercise(
        f"Which run should {state.names[seat]} start to be sure the next run is theirs too?",
        answer,
        options,
        hint="follow each run past your own cards: where does it stop, and who played the "
        "card before the stop?",
        why=f"the card after {answer}'s block has been played already, so that run stops with "
        f"{state.names[seat]} at once (chances the run comes back: {said})",
        typical=others[0],
        mistakes={o: "after your cards, that run needs a card someone may hold" for o in others},
    )


@lesson("newmarket/out-payment")
def _newmarket_out_payment(state: State) -> Exercise:
    out = next((e for e in reversed(state.events) if e.kind == "out"), None)
    if out is None or out.seat is None:
        raise ValueError("nobody has gone out yet")
    left = [int(n) for n in out.get("left")]
    total = int(out.get("chips"))
    name = state.names[out.seat]
    counts = [f"{state.names[s]} {n}" for s, n in enumerate(left) if s != out.seat]
    biggest = max(n for s, n in enumerate(left) if s != out.seat)
    return NumberExercise(
        f"{name} is out of cards. How many chips do the others pay {name}?",
        total,
        hint="each other player pays one chip for every card still in their hand",
        why=f"cards left: {joined(counts)}, one chip each",
        typical=biggest if biggest != total else total + 1,
        mistakes={biggest: "every other player pays, not only one of them"}
        if biggest != total
        else {},
    )


@lesson("newmarket/dealer-ante")
def _newmarket_dealer_ante(game: Any) -> Exercise:
    if getattr(game, "spec", None) is None or game.spec.name != "newmarket":
        raise ValueError("this exercise needs a Newmarket game")
    st = game.new_state()
    st.apply(st.sample_chance(random.Random(0)))
    dealer = st.dealer
    paid = -sum(ln.points for ln in st.pending if ln.seat == dealer)
    o = game.options
    plain = 4 * o.ante + (o.ante if o.kitty else 0)
    return NumberExercise(
        f"With these options ({', '.join(f'{k}={v}' for k, v in o.changed().items())}), how "
        "many chips does the dealer put on the table before a deal?",
        paid,
        hint="four pay cards, each with its ante (doubled for the dealer with dealer_double), "
        "and the kitty's ante with kitty",
        why=", ".join(f"{ln.reason}: {-ln.points}" for ln in st.pending if ln.seat == dealer),
        typical=plain if plain != paid else paid + 1,
        mistakes={plain: "the dealer's ante on each pay card is doubled"} if plain != paid else {},
    )
