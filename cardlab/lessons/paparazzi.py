"""The exercises of notebook 46, Paparazzi."""

from __future__ import annotations

from ..core.cards import CARDS
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.paparazzi import CELEB_NAMES, NEXT_TO, PaparazziState, prospects_of, score_lines
from ..games.paparazzi.rules import AROUND, SEAT_SUITS, SPACE_NAMES, majorities
from .catalogue import lesson

NOBODY = "nobody"


def _paparazzi(state: State) -> PaparazziState:
    if not isinstance(state, PaparazziState):
        raise ValueError("this exercise needs a Paparazzi state")
    return state


def _celeb(name: str) -> int:
    if name not in CELEB_NAMES:
        raise ValueError(f"{name!r} is no celebrity: they lie at {', '.join(CELEB_NAMES)}")
    return CELEB_NAMES.index(name)


@lesson("paparazzi/majority")
def _paparazzi_majority(state: State, at: str) -> Exercise:
    st = _paparazzi(state)
    k = _celeb(at)
    names = list(st.names)
    who = majorities(st.pips)[k]
    answer = names[who] if who >= 0 else NOBODY
    card = CARDS[st.celebs[k]].text
    counts = ", ".join(f"{names[s]} {st.pips[s][k]}" for s in range(st.players))
    beside = " ".join(
        f"{SPACE_NAMES[sp]} {CARDS[st.spaces[sp]].text}" for sp in AROUND[k] if st.spaces[sp] >= 0
    )
    # the usual slip: counting a card between two celebrities for one of them only
    single = [
        sum(
            CARDS[st.spaces[sp]].rank
            for sp in AROUND[k]
            if st.spaces[sp] >= 0 and len(NEXT_TO[sp]) == 1 and _owner(st, sp) == s
        )
        for s in range(st.players)
    ]
    best = max(single)
    slip = single.index(best) if single.count(best) == 1 and best > 0 else -1
    typical = names[slip] if slip >= 0 else NOBODY
    if typical == answer:
        typical = next(o for o in [*names, NOBODY] if o != answer)
    mistakes = {
        o: "a card between two celebrities counts for both of them; add up every card "
        "beside this one"
        for o in [*names, NOBODY]
        if o != answer
    }
    if answer == NOBODY:
        mistakes = {n: "look again: is the most pips held by one player alone?" for n in names}
    return ChoiceExercise(
        f"Who takes {card} at {at}?",
        answer,
        [*names, NOBODY],
        hint="add up each player's pips in the spaces touching this celebrity, the spaces "
        "between two celebrities included; a shared top count takes nothing",
        why=f"beside {card}: {beside}; pips {counts}",
        typical=typical,
        mistakes=mistakes,
    )


def _owner(st: PaparazziState, sp: int) -> int:
    return SEAT_SUITS.index(CARDS[st.spaces[sp]].suit)


@lesson("paparazzi/score")
def _paparazzi_score(state: State, seat: int = 0) -> Exercise:
    st = _paparazzi(state)
    if not st.terminal:
        raise ValueError("this exercise needs a finished game")
    name = st.names[seat]
    lines = score_lines(st.celebs, majorities(st.pips), st.players)[seat]
    total = sum(p for p, _ in lines)
    celebs = sum(p for p, r in lines if r.startswith("takes"))
    # the usual slips: no set bonus, or both bonuses for a full suit
    doubled = total + 2 * sum(1 for p, r in lines if "3 " in r and "celebrities" in r)
    typical = celebs if celebs != total else total + 2
    mistakes = {}
    if celebs != total:
        mistakes[celebs] = "add the set bonus: two celebrities of one suit +2, three +3"
    if doubled != total:
        mistakes[doubled] = "three of a suit scores +3 instead of +2, not both"
    return NumberExercise(
        f"The game is over. How many points does {name} score?",
        total,
        hint="King 5, Queen 4, Jack 3 for each celebrity taken; then, suit by suit, +2 for "
        "two of a suit or +3 for all three",
        why="; ".join(f"{r} {p:+d}" for p, r in lines) + f": {total}",
        typical=typical,
        mistakes=mistakes,
    )


@lesson("paparazzi/secured")
def _paparazzi_secured(state: State, seat: int = 0) -> Exercise:
    st = _paparazzi(state)
    name = st.names[seat]
    got = prospects_of(st.position(), seat)
    secured = [x for x in got if x.status == "secured"]
    leading = [x for x in got if x.mine > x.rival]
    answer = len(secured)
    typical = len(leading) if len(leading) != answer else answer + 1
    mistakes = {}
    if len(leading) != answer:
        mistakes[len(leading)] = (
            "leading now is not enough: could a rival still catch up by filling the free "
            "spaces beside it with its best cards left?"
        )
    return NumberExercise(
        f"How many celebrities has {name} secured, so that no rival can catch up whatever happens?",
        answer,
        hint="for each celebrity, take the best rival's pips and add its best cards left for "
        "every free space beside it: does that stay below yours?",
        why=", ".join(f"{x.celebrity} at {x.position} (worst case {x.worst:+d})" for x in secured)
        or "none yet",
        typical=typical,
        mistakes=mistakes,
    )
