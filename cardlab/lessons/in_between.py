"""The exercises of notebook 16, In-Between."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.actions import ActionRange
from ..core.cards import CARDS, rank_text
from ..core.refusals import plural
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.in_between import PAIR_ODDS, odds, odds_in_view
from .catalogue import lesson
from .shapes import min_or_pot


def _between_odds(state: State) -> tuple[Any, str, Any]:
    """The odds of the posts showing, the name of the seat to act and its observation."""
    seat = state.current
    if not isinstance(seat, int):
        raise ValueError("nobody is to act: no posts are showing")
    obs = state.observation(seat)
    return odds_in_view(obs), state.names[seat], obs


def _between_ranks(low: int, high: int) -> str:
    inside = [r for r in range(max(low + 1, 2), min(high, 14))]
    if not inside:
        return "no rank"
    first, last = rank_text(inside[0]), rank_text(inside[-1])
    return f"{first} to {last}" if len(inside) > 1 else first


def _between_winners(state: State, question: str) -> Exercise:
    o = _between_odds(state)[0]
    wins = int(o.win * o.unseen)
    hits = int(o.post * o.unseen)
    ranks = _between_ranks(o.low, o.high)
    spread = o.high - o.low - 1
    gone = 4 * spread - wins
    seen = f", {gone} of them already turned" if gone else ", none of them turned yet"
    return NumberExercise(
        question,
        wins,
        hint="count the ranks strictly between the posts, four cards each, and take away the "
        "ones already turned",
        why=f"{ranks} lie between the posts: {spread} ranks of four cards{seen}",
        typical=wins + hits,
        mistakes={
            wins + hits: "that counts the posts' own ranks too: a third card of a post's rank "
            "hits the post, and that loses"
        },
    )


def _between_bet(state: State, question: str) -> Exercise:
    o, _, obs = _between_odds(state)
    return min_or_pot(
        question,
        o.win,
        f"{int(o.win * o.unseen)} of the {o.unseen} unseen cards win",
        obs.pots[0].chips,
        hint="a bet wins or loses its size at even money: is winning more likely than losing?",
        mistake="compare the winning cards with half of the cards still unseen: that "
        "decides whether each chip bet gains or loses on average",
    )


@lesson("in-between/east-winners")
def _between_east_winners(state: State) -> Exercise:
    return _between_winners(state, "How many of the cards East has not seen would win East's bet?")


@lesson("in-between/east-bet")
def _between_east_bet(state: State) -> Exercise:
    return _between_bet(state, "Should East bet the minimum or the whole pot?")


@lesson("in-between/north-call")
def _between_north_call(state: State) -> Exercise:
    seat = state.current
    if not isinstance(seat, int) or state.phase != "call":
        raise ValueError("no Ace post is waiting to be called")
    obs = state.observation(seat)
    left, right = obs.zone("posts").faces
    seen = [c for z in obs.zones if z.name in ("last", "used") for c in z.faces]
    ace = left if left.rank == 1 else right
    wins = {}
    for call in ("high", "low"):
        calls = (call, None) if ace is left else (None, call)
        o = odds((left, right), seen, calls)
        wins[call] = (int(o.win * o.unseen), _between_ranks(o.low, o.high))
    best = max(wins, key=lambda c: wins[c][0])
    other = "low" if best == "high" else "high"
    said = "; ".join(
        f"called {c}, {wins[c][1]} lie between ({wins[c][0]} winning cards)"
        for c in ("low", "high")
    )
    return ChoiceExercise(
        f"Should {state.names[seat]} call the {ace.text} high or low?",
        best,
        ["high", "low"],
        hint="an Ace is above the King or below the Two: which leaves more ranks between "
        "the posts?",
        why=said,
        typical=other,
        mistakes={other: "count the ranks the Ace would leave between the posts either way"},
    )


@lesson("in-between/north-winners")
def _between_north_winners(state: State) -> Exercise:
    return _between_winners(
        state, "After the call, how many of the cards North has not seen would win?"
    )


@lesson("in-between/north-bet")
def _between_north_bet(state: State) -> Exercise:
    return _between_bet(state, "Should North bet the minimum or the whole pot?")


@lesson("in-between/north-balance")
def _between_north_balance(state: State) -> Exercise:
    third = next(e for e in reversed(state.events) if e.kind == "third")
    bet = next(e for e in reversed(state.events) if e.kind == "bet")
    seat = third.seat
    if seat is None:
        raise ValueError("no third card has been turned")
    balance = state.balance(seat)  # type: ignore[attr-defined]
    chips = int(bet.get("chips"))
    name = state.names[seat]
    card = third.cards[0].text
    result = third.get("result")
    said = {
        "post": "it hits a post, which loses the bet",
        "win": "it lies between the posts",
        "outside": "it lies outside the posts",
    }.get(str(result), str(result))
    return NumberExercise(
        f"{name} bet {chips} and the third card is the {card}. How many chips does "
        f"{name} hold now?",
        balance,
        hint="a third card of a post's rank is a lost bet, no more and no less",
        why=f"{said}: {name}'s balance moves by {int(third.get('chips')):+d} to {balance}",
        typical=balance - chips,
        mistakes={
            balance - chips: "hitting the post costs the bet once: some tables double it, "
            "these rules do not",
            balance + 2 * chips: "the card matches a post: that is a loss, not a win",
        },
    )


@lesson("in-between/break-even")
def _between_break_even() -> Exercise:
    def chance(gap: int) -> Fraction:
        return odds((CARDS[1], CARDS[gap + 2])).win  # the 2♣ and a club gap + 1 ranks up

    gap = next(g for g in range(12) if chance(g) > Fraction(1, 2))
    below, at = chance(gap - 1), chance(gap)
    return NumberExercise(
        "Before any other card is turned, how many ranks must lie between the posts for a "
        "bet to win more often than it loses?",
        gap,
        hint="each rank between the posts is four winning cards out of the 50 unseen",
        why=f"{gap} ranks make {4 * gap} winning cards of 50 ({float(at):.0%}); "
        f"{gap - 1} make only {4 * (gap - 1)} ({float(below):.0%})",
        typical=gap - 1,
        mistakes={
            gap - 1: f"{4 * (gap - 1)} winning cards of 50 is not quite half",
        },
    )


@lesson("in-between/pair-bet")
def _between_pair_bet(state: State) -> Exercise:
    o, name, obs = _between_odds(state)
    if o.kind != "pair":
        raise ValueError("the posts are not a pair")
    pot = obs.pots[0].chips
    sure = min(2 * int(obs.info["min_bet"]), pot)
    legal = obs.legal
    if not isinstance(legal, ActionRange):
        raise ValueError("no bet is to be made now")
    low, high = legal.low, legal.high
    sizes = {
        low,
        high,
        max(low, min(high, pot // PAIR_ODDS)),
        max(low, min(high, -(-pot // PAIR_ODDS))),
    }
    best = max(sizes, key=lambda b: (o.expected(b, pot), -b))
    value = o.expected(best, pot)
    bet_better = value > sure
    answer = "bet on a third card" if bet_better else "take the payment"
    other = "take the payment" if bet_better else "bet on a third card"
    k, n = int(o.win * o.unseen), o.unseen
    return ChoiceExercise(
        f"{name}'s posts are a pair. Which is worth more on average: taking the pair "
        "payment, or the best pair bet?",
        answer,
        ["take the payment", "bet on a third card"],
        hint="a pair bet is paid 25 to 1 but never more than the pot: weigh the chance of a "
        "third card against the sure payment",
        why=f"a third card of the rank comes {k} times in {n}: the best bet, "
        f"{plural(best, 'chip')}, is worth {float(value):+.2f} chips on average against a "
        f"sure {sure}",
        typical=other,
        mistakes={
            other: "25 to 1 sounds generous: multiply it by the chance of a third card and "
            "compare with the sure payment"
        },
    )
