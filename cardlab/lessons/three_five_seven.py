"""The exercises of notebook 18, Three-Five-Seven."""

from __future__ import annotations

from typing import Any

from ..core.refusals import plural
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.three_five_seven import hand_in_view, ranking, ranking_in_view, stay_odds, stay_value
from ..rules import poker
from .catalogue import lesson


def _tfs_hand_class(state: State, seat: int, three_card_straights: bool | None = None) -> str:
    """The class of ``seat``'s hand at the stage in play (its name, as the choices give it)."""
    flag = (
        state.options.three_card_straights if three_card_straights is None else three_card_straights
    )
    ev = ranking(state.size, flag)  # type: ignore[attr-defined]
    return poker.hand_class(ev.value(state.hands[seat])).label  # type: ignore[attr-defined]


def _tfs_chances(state: State, seat: int) -> tuple[Any, int]:
    """``seat``'s exact chances against one random hand, from its observation, and the pot."""
    if state.phase != "declare":
        raise ValueError("nobody is deciding whether to stay in now")
    obs = state.observation(seat)
    mine, seen = hand_in_view(obs)
    flag = ranking_in_view(obs)[1]
    return stay_odds(mine, seen, three_card_straights=flag), obs.pots[0].chips


def _tfs_named(state: State, seat: int) -> str:
    """``seat``'s hand at the stage in play, in words (``"pair of kings"``)."""
    ev = ranking(state.size, state.options.three_card_straights)  # type: ignore[attr-defined]
    return poker.describe(ev.value(state.hands[seat]))  # type: ignore[attr-defined]


@lesson("three-five-seven/north-hand")
def _tfs_north_hand(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 3:  # type: ignore[attr-defined]
        raise ValueError("North's three-card hand is not in play")
    got = _tfs_hand_class(state, 0)
    options = ["high card", "pair", "three of a kind", "straight flush"]
    with_runs = _tfs_hand_class(state, 0, True)
    mistakes = {
        "high card": "a Three is wild at this stage: it becomes whatever card helps most",
        "straight flush": "three-card straights and flushes do not count in this game's "
        "first stage",
        "three of a kind": "one wild card with two different ranks can pair one of them, no more",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "With the Threes wild and no three-card straights or flushes, what hand does North hold?",
        got,
        options,
        hint="the wild card copies the card that helps most; runs and suits do not count "
        "at three cards",
        why=f"the wild Three counts as the card that helps most, making a {_tfs_named(state, 0)}; "
        f"with straights and flushes counted it would be a {with_runs}",
        typical="straight flush" if got != "straight flush" else "pair",
        mistakes=mistakes,
    )


@lesson("three-five-seven/north-chance")
def _tfs_north_chance(state: State) -> Exercise:
    c, _ = _tfs_chances(state, 0)
    answer = round(100 * c.win)
    wrong = round(100 * c.lose)
    return NumberExercise(
        "To the nearest whole percent, how often does North's hand beat one other hand dealt "
        "at random from the cards North cannot see?",
        answer,
        hint="count every three-card hand the 49 unseen cards could make, and the share of "
        "them North's hand beats: stay_odds does it for you",
        why=f"North beats {c.wins:,} of the {c.total:,} hands ({c.win:.1%}), ties "
        f"{c.ties:,} and loses to {c.losses:,}",
        typical=wrong,
        mistakes={wrong: "that is how often North loses, not how often it wins"},
    )


@lesson("three-five-seven/north-stay-value")
def _tfs_north_stay_value(state: State) -> Exercise:
    c, pot = _tfs_chances(state, 0)
    value = round(float(stay_value(c, pot)), 1)
    only_wins = round(c.win * pot, 1)
    return NumberExercise(
        "Suppose exactly one other player stays, holding a random hand. To one decimal place, "
        "how many chips does staying win North on average?",
        value,
        hint="a win collects the pot's worth from the loser, a loss pays it, a tie moves nothing",
        why=f"({c.win:.3f} − {c.lose:.3f}) × {pot} chips = {value:g}",
        typical=only_wins,
        mistakes={
            only_wins: "that counts the wins only: a lost showdown costs the pot's worth too"
        },
    )


@lesson("three-five-seven/north-balance")
def _tfs_north_balance(state: State) -> Exercise:
    show = next(e for e in reversed(state.events) if e.kind == "showdown")
    if show.get("winners") != (0,):
        raise ValueError("North has not won the last showdown")
    balance = state.balance(0)  # type: ignore[attr-defined]
    paid = int(show.get("paid"))
    losers = len(show.get("losers"))
    once = balance - paid * (losers - 1)
    with_pot = balance + int(state.pots["pot"])  # type: ignore[attr-defined]
    return NumberExercise(
        "North won the showdown. How many chips does North hold now?",
        balance,
        hint="every stayer who lost pays the winner as many chips as the pot holds; the pot "
        "itself stays on the table",
        why=f"{losers} players lost and each paid {paid}: North's balance is now {balance}",
        typical=once,
        mistakes={
            once: "each stayer who lost pays the pot's worth, not just one of them",
            with_pot: "the pot stays on the table: only a third strike takes it",
        },
    )


@lesson("three-five-seven/north-five")
def _tfs_north_five(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 5:  # type: ignore[attr-defined]
        raise ValueError("North's five-card hand is not in play")
    got = _tfs_hand_class(state, 0)
    options = ["high card", "pair", "three of a kind", "straight"]
    mistakes = {
        "pair": "the Threes were wild only at three cards: now the Fives are",
        "three of a kind": "the Threes were wild only at three cards: now the Fives are",
        "straight": "a straight needs five ranks in a row",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "Now that North holds five cards and the Fives are wild, what is North's hand?",
        got,
        options,
        hint="which rank is wild changes with the number of cards in hand",
        why=f"the Three is an ordinary card again and North holds no Five: {_tfs_named(state, 0)}",
        typical="pair" if got != "pair" else "high card",
        mistakes=mistakes,
    )


@lesson("three-five-seven/north-seven")
def _tfs_north_seven(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 7:  # type: ignore[attr-defined]
        raise ValueError("North's seven-card hand is not in play")
    got = _tfs_hand_class(state, 0)
    wilds = sum(1 for c in state.observation(0).zone("hand", 0).faces if c.rank == 7)
    options = ["full house", "four of a kind", "straight flush", "five of a kind"]
    mistakes = {
        "four of a kind": "the wild Sevens can do better than copy North's King",
        "five of a kind": "five of a kind takes four wild cards beside a natural one",
        "full house": "three wild cards make more than a full house",
        "straight flush": "look at what the wild cards can join",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "With seven cards and the Sevens wild, what is North's best hand of five?",
        got,
        options,
        hint="count the wild Sevens, then try the best hands from the top down",
        why=f"with {plural(wilds, 'wild Seven')} the best five cards make "
        f"a {_tfs_named(state, 0)}: a straight flush ranks above four of a kind, and five "
        "of a kind needs five cards of one rank, the wilds included",
        typical="four of a kind" if got != "four of a kind" else "full house",
        mistakes=mistakes,
    )


@lesson("three-five-seven/east-stay")
def _tfs_east_stay(state: State) -> Exercise:
    c, pot = _tfs_chances(state, 1)
    value = stay_value(c, pot)
    answer = "stay" if value > 0 else "fold"
    other = "fold" if answer == "stay" else "stay"
    return ChoiceExercise(
        "East may stay or fold. Suppose exactly one other player stays, with any hand from "
        "the cards East has not seen: should East stay?",
        answer,
        ["stay", "fold"],
        hint="weigh the chance of winning the pot's worth against the chance of paying it",
        why=f"East beats such a hand {c.win:.1%} of the time and loses to it {c.lose:.1%}: "
        f"staying is worth {float(value):+.1f} chips on average with the pot at {pot}, so "
        f"{answer}",
        typical=other,
        mistakes={
            other: "look up the hand's exact chance against one random hand of the stage: "
            "with wild cards, hands that sound strong can be common"
        },
    )


@lesson("three-five-seven/strike-pot")
def _tfs_strike_pot(state: State) -> Exercise:
    strike = next(e for e in reversed(state.events) if e.kind == "strike")
    pot = int(state.pots["pot"])  # type: ignore[attr-defined]
    ante = int(state.options.ante)
    before = pot - ante * (state.players - 1)
    everyone = pot + ante
    name = state.names[strike.seat] if strike.seat is not None else "the striker"
    return NumberExercise(
        f"With strike_pays on, {name} has just taken a strike. How many chips does the pot "
        "hold now?",
        pot,
        hint="every player except the one taking the strike adds one ante",
        why=f"the pot held {before}; {state.players - 1} players added {ante} each: {pot}",
        typical=before,
        mistakes={
            before: "with strike_pays the other players add to the pot at every strike",
            everyone: "the player taking the strike does not pay",
        },
    )
