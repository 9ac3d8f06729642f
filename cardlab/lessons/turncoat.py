"""The exercises of notebook 44, Turncoat."""

from __future__ import annotations

from ..core.cards import CARDS
from ..core.events import Event
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.turncoat import NOBODY, TurncoatState, turncoat_odds
from .catalogue import lesson


def _last_reveal(state: State) -> tuple[TurncoatState, Event]:
    if not isinstance(state, TurncoatState):
        raise ValueError("this exercise is about a game of Turncoat")
    reveal = next((e for e in reversed(state.events) if e.kind == "reveal"), None)
    if reveal is None:
        raise ValueError("no mission has been shown yet")
    return state, reveal


@lesson("turncoat/total")
def _total(state: State) -> Exercise:
    _, e = _last_reveal(state)
    total, cards = e.get("total"), e.cards
    mission = next(c.text for c in CARDS[:52] if c.code == e.get("mission"))
    plain = sum(c.rank for c in cards if c.rank <= 10)
    return NumberExercise(
        f"What is the total of the cards shown for the mission {mission}?",
        total,
        hint="cards of the mission's suit add their rank, the other suits subtract theirs, "
        "and spies count nothing",
        why="the mission's suit adds, every other suit takes away, a spy adds nothing",
        typical=plain,
        mistakes={
            plain: "that adds every number card: only the mission's suit adds, the "
            "other suits subtract"
        },
    )


@lesson("turncoat/result")
def _result(state: State) -> Exercise:
    _, reveal = _last_reveal(state)
    ok = bool(reveal.get("success"))
    spies = reveal.get("spies")
    wrong = "failure" if ok else "success"
    why = (
        "a spy among the cards fails the mission whatever the total"
        if spies
        else "the total is compared with the mission card's rank"
    )
    return ChoiceExercise(
        "Did the mission succeed?",
        "success" if ok else "failure",
        ("success", "failure"),
        hint="look for a spy first, then compare the total with the mission's rank",
        why=why,
        typical=wrong,
        mistakes={
            wrong: "look again at the cards: is there a picture card among them, and is "
            "the total at least the mission's rank?"
        },
    )


@lesson("turncoat/no-turncoat")
def _no_turncoat() -> Exercise:
    return ChoiceExercise(
        "Three players: the identity deck is three 10s and the joker, one card each, one set "
        "aside. You hold a 10. Before any mission, what is the chance that nobody is the "
        "turncoat?",
        "1/3",
        ("0", "1/4", "1/3", "1/2"),
        hint="your own 10 is out of the way: which cards are left, and how many of them go "
        "to the other two players?",
        why="three cards are left, a 10, a 10 and the joker; one of the three is set aside, "
        "and it is the joker one time in three",
        typical="1/4",
        mistakes={
            "1/4": "that is the chance before you look at your own card: your 10 "
            "leaves three cards, one of which is set aside"
        },
    )


@lesson("turncoat/gifts-tell")
def _gifts_tell() -> Exercise:
    return ChoiceExercise(
        "With four players, can the cards shown in the missions alone ever make one of the "
        "other three seats more suspect than the others, as North sees it?",
        "no",
        ("yes", "no"),
        hint="the cards are mixed before they are shown: what would change if East and West "
        "swapped the cards they gave?",
        why="the cards shown carry no giver, so every story that blames East blames West as "
        "well: only what a seat does in the open, such as the mission it keeps as leader, "
        "tells the seats apart",
        typical="yes",
        mistakes={
            "yes": "a spy shown could have come from any of the other seats (or the "
            "deck), each as well as the next"
        },
    )


@lesson("turncoat/suspect")
def _suspect(state: State, seat: int = 0) -> Exercise:
    if not isinstance(state, TurncoatState):
        raise ValueError("this exercise is about a game of Turncoat")
    obs = state.observation(seat)
    odds = turncoat_odds(obs)
    names = {t: ("nobody" if t == NOBODY else state.names[t]) for t in odds}
    best = max(odds, key=lambda t: odds[t])
    options = [names[t] for t in sorted(odds, key=lambda t: (t == NOBODY, t))]
    second = max((t for t in odds if t != best), key=lambda t: odds[t])
    mistakes = {
        names[second]: "the cards given say nothing of who gave them: which leader kept a "
        "mission the team could hardly reach?"
    }
    for t in odds:
        if t not in (best, second):
            mistakes[names[t]] = (
                f"{names[t]} is less likely than {names[best]}: compare the missions each "
                "kept as leader"
                if t != NOBODY
                else f"nobody is the turncoat with chance {odds[t]:.0%}: with four players "
                "the whole identity deck is dealt"
                if state.players == 4
                else "the missions seen make a turncoat more likely than none"
            )
    return ChoiceExercise(
        f"As {state.names[seat]} sees it now, who is most likely the turncoat?",
        names[best],
        options,
        hint="the gifts cannot tell the other seats apart: look at the missions the leaders kept",
        why=f"{names[best]} is the turncoat with chance {odds[best]:.0%} under the model, "
        f"{names[second]} next with {odds[second]:.0%}",
        typical=names[second],
        mistakes=mistakes,
    )
