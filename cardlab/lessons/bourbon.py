"""The exercises of notebook 22, Bourbon."""

from __future__ import annotations

from ..core.observation import Back
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.bourbon import FACE_BONUS
from ..rules.rummy import UNDERCUT_BONUS, best_melds
from .catalogue import lesson
from .shapes import deck_cards, hand_score, knock_card, legal_cards


@lesson("bourbon/discard")
def _bourbon_discard(state: State) -> Exercise:
    return legal_cards(
        state,
        "Which cards may North discard? List them all.",
        hint="all but one: think about the card North just took",
        why="any card but the upcard just taken",
    )


@lesson("bourbon/knock-card")
def _bourbon_knock_card(state: State) -> Exercise:
    return knock_card(
        state,
        "Which card should North knock with to keep the least deadwood?",
        hint="find the card that fits no meld and is worth the most",
    )


@lesson("bourbon/knock-score")
def _bourbon_knock_score(state: State) -> Exercise:
    return hand_score(
        state,
        0,
        "How many points does North score in this hand?",
        hint="the difference in deadwood, then 3 for every picture North melded",
    )


def _meld_chances(state: State, seat: int) -> dict[str, tuple[str, int, int]]:
    """For each face-down draw: its back, and how many of its candidates would join a meld."""
    obs = state.observation(seat)
    deck = state.game.deck
    hand = list(obs.my_hand)
    seen = obs.faces()
    out = {}
    for act in state.legal_actions(seat):
        where = str(act).removeprefix("draw ")
        if act.verb != "draw" or where == "upcard":
            continue
        top = obs.zone(where).cards[-1]
        design = top.design if isinstance(top, Back) else ""
        cands = [c for c in deck_cards(deck) if deck.back_of(c) == design and c not in seen]
        good = sum(1 for c in cands if c not in best_melds([*hand, c]).deadwood)
        out[str(act)] = (design, good, len(cands))
    return out


@lesson("bourbon/face-down-draw")
def _bourbon_face_down_draw(state: State) -> Exercise:
    seat = state.current
    assert isinstance(seat, int)
    chances = _meld_chances(state, seat)
    best = max(chances, key=lambda a: chances[a][1] / max(chances[a][2], 1))

    def said(act: str) -> str:
        design, good, n = chances[act]
        return f"the {design} back ({act}) completes a meld with {good} of the {n} cards it may be"

    mistakes = {a: said(a) for a in chances if a != best}
    return ChoiceExercise(
        "Which draw gives the best chance of completing a meld?",
        best,
        list(chances),
        typical=next(iter(mistakes)),
        mistakes=mistakes,
        hint="list the cards each back could be, leaving out those you can see",
        why="; ".join(said(a) for a in chances),
    )


@lesson("bourbon/undercut-picture")
def _bourbon_undercut_picture() -> Exercise:
    return NumberExercise(
        "A player knocks with 7 points of deadwood; after laying off, the defender has 4 and "
        "melded a King. How many points does the defender score in total?",
        7 - 4 + UNDERCUT_BONUS + FACE_BONUS,
        hint="is it an undercut? And what is a melded picture worth?",
        why=f"an undercut: 7 − 4 = 3, plus {UNDERCUT_BONUS}, plus {FACE_BONUS} for the King",
        typical=3 + UNDERCUT_BONUS,
        mistakes={
            3 + UNDERCUT_BONUS: "the King the defender melded scores too",
            3 + FACE_BONUS: "an undercut earns a bonus as well",
        },
    )
