"""The exercises of notebook 13, Bouncers."""

from __future__ import annotations

import pandas as pd

from ..core.cards import CARDS, parse_cards
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.bouncers import VALUE, penalty, score_lines, value
from ..rules.tricks import HIGH, winning_play
from .catalogue import lesson
from .shapes import hand_score, joined, legal_cards


@lesson("bouncers/north-follows")
def _bouncers_north_follows(state: State) -> Exercise:
    ex = legal_cards(
        state,
        "Which cards may North play now?",
        hint="which suit was led? The card winning the trick so far does not change that",
        why="North holds spades, the suit led, so it must play a spade; that a diamond is "
        "winning the trick does not matter",
    )
    ex.typical = frozenset(ex.pool)  # any card, as if ranks alone decided what may be played
    return ex


@lesson("bouncers/equal-ranks")
def _bouncers_equal_ranks(state: State) -> Exercise:
    lead, cards = state.last_trick  # type: ignore[attr-defined]
    names = state.names
    seats = [(lead + i) % state.players for i in range(len(cards))]
    best = winning_play(cards, cards[0] // 13, rank_only=True)
    top = HIGH[cards[best]]
    winner, card = names[seats[best]], CARDS[cards[best]]
    played = ", ".join(f"{names[s]} the {CARDS[c].text}" for s, c in zip(seats, cards, strict=True))
    mistakes = {}
    for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
        if i == best:
            continue
        if HIGH[c] == top:
            mistakes[names[s]] = (
                f"{names[s]}'s {CARDS[c].text} ties for the highest rank, but another card of "
                "that rank came after it"
            )
        else:
            mistakes[names[s]] = f"the {CARDS[c].text} is not the highest rank in the trick"
    tied = [names[s] for s, c in zip(seats, cards, strict=True) if HIGH[c] == top]
    return ChoiceExercise(
        f"The trick went: {played}. Who takes it?",
        winner,
        [names[s] for s in seats],
        hint="compare ranks only, whatever the suits; when ranks tie, the order of play decides",
        why=f"the highest rank takes the trick whatever its suit, and of equal ranks the one "
        f"played last wins: {winner}'s {card.text}",
        typical=tied[0] if tied[0] != winner else next(iter(mistakes)),
        mistakes=mistakes,
    )


@lesson("bouncers/west-score")
def _bouncers_west_score(state: State) -> Exercise:
    return hand_score(
        state,
        2,
        "How many points did West score this deal?",
        hint="add West's counters (the Ace counts 11), then take off one counter per bouncer, "
        "the dearest first",
    )


def _hearts_text(codes: str) -> str:
    return joined([c.text for c in parse_cards(codes)])


@lesson("bouncers/costs")
def _bouncers_costs() -> Exercise:
    won = "9H 3H AH JH"
    cards = [c.index for c in parse_cards(won)]
    worth = [value(c) for c in cards if value(c)]
    low_ace = [1 if c % 13 == 0 else value(c) for c in cards if value(c)]
    total = sum(worth)
    return NumberExercise(
        f"A player won the {_hearts_text(won)}. What do those hearts cost?",
        penalty(cards),
        hint="which hearts are counters, what is the Ace worth, and which counter does the "
        "bouncer wipe out?",
        why="; ".join(f"{reason} ({points:+d})" for points, reason in score_lines(cards)),
        typical=total - min(worth),
        mistakes={
            total - min(worth): "a bouncer wipes out the dearest counter, not the cheapest",
            total: "the J♥ is a bouncer: it wipes out one counter",
            sum(low_ace) - max(low_ace): "as a counter the Ace is worth 11, not 1",
        },
    )


@lesson("bouncers/variant-two")
def _bouncers_variant_two() -> Exercise:
    won = "KH 4H QH 9H 7H"
    cards = [c.index for c in parse_cards(won)]
    usual = penalty(cards, "highest")
    lines = score_lines(cards, "by_rank")
    return NumberExercise(
        f'With bouncers="by_rank" (Variant 2), a player won, in this order, the '
        f"{_hearts_text(won)}. What do those hearts cost?",
        penalty(cards, "by_rank"),
        hint="settle the Q♥ first (only a counter won before it will do), then the K♥",
        why="; ".join(f"{reason} ({points:+d})" for points, reason in lines),
        typical=usual,
        mistakes={
            usual: "that is the usual rule; under Variant 2 the Q♥ can only wipe out a "
            "counter won before it",
            sum(value(c) for c in cards): "both bouncers wipe out a counter here",
        },
    )


@lesson("bouncers/least-per-deal")
def _bouncers_least_per_deal() -> Exercise:
    counters = sorted((v for v in VALUE if v), reverse=True)
    least = sum(counters) - sum(counters[:3])
    return NumberExercise(
        "Whoever wins what, what is the least a deal can cost the three players together "
        "(with the usual rule)?",
        least,
        hint="add up every counter, then let the three bouncers do the most good they can",
        why=f"the counters add up to {sum(counters)}; at best the three bouncers wipe out "
        f"the three dearest, {joined([str(v) for v in counters[:3]])}",
        typical=sum(counters),
        mistakes={
            sum(counters): "the bouncers wipe out some counters",
            sum(counters) - sum(counters[-3:]): "the bouncers can wipe out dearer counters",
            0: "there are ten counters but only three bouncers",
        },
    )


@lesson("bouncers/dearer-rule")
def _bouncers_dearer_rule(costs: pd.DataFrame) -> Exercise:
    means = costs["points per deal"]
    dear, cheap = str(means.idxmax()), str(means.idxmin())
    return ChoiceExercise(
        "Which rule for the bouncers makes a deal cost more, all players together?",
        dear,
        [str(k) for k in means.index],
        hint="compare the average cost of a deal under each rule in the table above",
        why=f"a deal costs {means.max():.1f} points on average under {dear} and "
        f"{means.min():.1f} under {cheap}: a bouncer is more often left with nothing to wipe out",
        typical=cheap,
        mistakes={cheap: f"under {cheap} a deal costs {means.min():.1f} points on average"},
    )
