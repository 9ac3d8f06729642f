"""The exercises of notebook 21, Heartburn."""

from __future__ import annotations

from ..core.cards import parse_cards
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.heartburn import hand_scores, take_of
from .catalogue import lesson
from .shapes import hand_score, legal_cards


@lesson("heartburn/east-follows")
def _heartburn_east_follows(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards from East's hand may East play now?",
        hint="clubs were led; what does East hold in clubs?",
        why="East holds a club, so it must follow with it (or a hole card whose back shows ♣)",
        prefer=["3S"],
    )


@lesson("heartburn/hole-card")
def _heartburn_hole_card(state: State) -> Exercise:
    state = state.clone()
    seat = state.current
    assert isinstance(seat, int)
    holes = [str(a) for a in state.legal_actions(seat) if str(a).startswith("play hole")]
    options = [f"play hole {k + 1}" for k in range(len(state.observation(seat).zone("hole", seat)))]
    mistakes = {o: state.explain(o, seat) for o in options if o not in holes}
    return ChoiceExercise(
        "East may also play one of its hole cards instead. Which action is it?",
        holes[0],
        options,
        typical=next(iter(mistakes)),
        mistakes=mistakes,
        hint="East still holds a club, so a hole card must stand in for a club",
        why="only a back that shows ♣ may stand in for a club while the hand holds one",
    )


@lesson("heartburn/south-score")
def _heartburn_south_score(state: State) -> Exercise:
    takes = [take_of(t) for t in state.taken]  # type: ignore[attr-defined]
    south = takes[2]
    mistakes = {
        max(takes) - south: "that is the highest take minus South's, which South "
        "scores only after taking a heart or the Q♠"
    }
    return hand_score(
        state,
        2,
        "How many points did South score in this hand?",
        hint="check first whether South took any heart or the Q♠",
        mistakes=mistakes,
    )


@lesson("heartburn/megan")
def _heartburn_megan() -> Exercise:
    def taken(text: str) -> int:
        return sum(c.bit for c in parse_cards(text))

    scores = hand_scores(
        [taken("2H 3H 4H 5H 6H QS"), taken("7H 8H 9H TD"), taken("TH JH QH KH AH"), 0]
    )
    return NumberExercise(
        "Megan's take is 3 − 10 = −7 and the highest take is Aaron's 18. How much does Megan "
        "score?",
        scores[1],
        hint="a score is the highest take minus your own take",
        why="18 − (−7) = 25: the 10♦ lowers a take, which raises the score",
        typical=11,
        mistakes={11: "18 − 7 treats the take as +7; subtracting −7 adds 7"},
    )
