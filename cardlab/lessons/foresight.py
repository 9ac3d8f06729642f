"""The exercises of notebook 20, Foresight."""

from __future__ import annotations

from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.foresight import bid_points
from .catalogue import lesson
from .shapes import hand_score, legal_cards


@lesson("foresight/south-follows")
def _foresight_south_follows(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards may South play from its hand now?",
        hint="spades were led, and South holds spades",
        why="South holds spades and must follow suit; no hole back of South's shows ♠",
        prefer=["JH", "TH"],
    )


@lesson("foresight/trick-winner")
def _foresight_trick_winner(state: State) -> Exercise:
    names = state.names
    winner = state.current  # the trick's winner leads the next one
    assert isinstance(winner, int)
    plays = [e for e in state.events if e.kind == "play"][-len(names) :]
    played = {e.seat: e.cards[0] for e in plays if e.seat is not None and e.cards}
    top = played[winner]
    beaten = {names[s]: c for s, c in played.items() if s != winner}
    return ChoiceExercise(
        "Who takes the trick?",
        names[winner],
        names,
        hint="hearts are trumps, and a trump beats every card of another suit",
        why=f"the {top.text} is the highest trump in the trick",
        # the likeliest slip: another trump in the trick
        typical=next((n for n, c in beaten.items() if c.suit == top.suit), next(iter(beaten))),
        mistakes={n: f"{n}'s {c.text} is beaten in this trick" for n, c in beaten.items()},
    )


@lesson("foresight/bid-points")
def _foresight_bid_points() -> Exercise:
    return NumberExercise(
        "Logan bids 3-4-4. How much would Logan score with three tricks?",
        bid_points((3, 4, 4), 3),
        hint="1 point per trick, plus 3 for each bid number equal to the tricks taken",
        why="3 for the tricks and 3 for hitting the 3",
        typical=3,
        mistakes={
            3: "that counts the tricks only: a bid number was hit too",
            9: "only the bid numbers equal to 3 count, and there is one",
        },
    )


@lesson("foresight/south-score")
def _foresight_south_score(state: State) -> Exercise:
    return hand_score(
        state,
        2,
        "South bid 3-3-4. What did South score this hand?",
        hint="count South's tricks, then add 3 for each bid number it hit",
    )
