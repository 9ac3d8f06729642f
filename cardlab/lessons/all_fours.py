"""The exercises of notebook 12, All Fours."""

from __future__ import annotations

from typing import Any

from ..core.cards import CARDS, SUIT_SYMBOLS, Card, cards_of, get_deck
from ..core.state import State
from ..exercises import CardsExercise, ChoiceExercise, Exercise, NumberExercise
from ..games.all_fours import HAND, RUN, AllFoursState, run_size
from ..rules.tricks import HIGH
from .catalogue import lesson


def _all_fours_hand(state: State) -> Any:
    """An All Fours state whose hand has been played to its end (else ValueError)."""
    if not isinstance(state, AllFoursState) or not state.results or state.trump < 0:
        raise ValueError("this needs an All Fours hand that has been played to its end")
    return state


def _trumps_in(mask: int, trump: int) -> list[Card]:
    """The trumps among the cards of ``mask``, lowest first (Aces high)."""
    return sorted((c for c in cards_of(mask) if c.suit == trump), key=lambda c: HIGH[c.index])


def _who_scores(
    state: Any, point: str, seat: int, typical: int, mistakes: dict[str, str], hint: str, why: str
) -> ChoiceExercise:
    """The question who scores ``point`` in this hand: a seat's name, or nobody."""
    names = list(state.names)
    options = [*names, "nobody"]
    answer = "nobody" if seat < 0 else names[seat]
    wrong = "nobody" if typical < 0 else names[typical]
    if wrong == answer:
        wrong = next(o for o in options if o != answer)
    return ChoiceExercise(
        f"Who scores {point} in this hand?",
        answer,
        options,
        hint=hint,
        why=why,
        typical=wrong,
        mistakes=mistakes,
    )


@lesson("all-fours/run-size")
def _all_fours_run_size(state: State) -> Exercise:
    n = state.players
    need = run_size(n)
    return NumberExercise(
        f"With {n} players, how many cards does one run of the cards take from the stock?",
        need,
        hint="count the cards every player receives, then think of what the dealer turns next",
        why=f"{RUN} cards for each of the {n} players, and one more turned up as the new upcard",
        typical=need - 1,
        mistakes={
            need - 1: "that forgets the card the dealer turns up to propose a new suit",
            RUN: f"{RUN} cards go to every player, not {RUN} in all",
        },
    )


@lesson("all-fours/may-play")
def _all_fours_may_play(state: State) -> Exercise:
    trump, led, seat = getattr(state, "trump", -1), getattr(state, "led", -1), state.current
    if trump < 0 or led < 0 or not isinstance(seat, int):
        raise ValueError("this needs a trick in progress and a seat to play to it")
    name = state.names[seat]
    follow = " ".join(c.code for c in state.observation(seat).my_hand if c.suit == led)
    lead, trumps = SUIT_SYMBOLS[led], SUIT_SYMBOLS[trump]
    return CardsExercise.legal(
        state,
        f"Which cards may {name} play now?",
        hint=f"{name} holds the suit led; is that the only suit it may play?",
        why=f"{name} holds {lead}, so it plays {lead} or a trump ({trumps}): in All Fours a "
        "trump is always allowed, even when you could follow suit; any other suit is not",
        typical=follow,
        mistakes={
            follow: "a trump may always be played in All Fours, even by a player who can "
            "follow suit"
        },
    )


@lesson("all-fours/high")
def _all_fours_high(state: State) -> Exercise:
    st = _all_fours_hand(state)
    fp = st.four_points()
    mistakes: dict[str, str] = {}
    best: dict[int, Card] = {}
    for s, name in enumerate(st.names):
        mine = _trumps_in(st.held[s], st.trump)
        if mine and s != fp.high:
            best[s] = mine[-1]
            mistakes[name] = (
                f"the best trump {name} played was the {mine[-1].text}, and a higher one was played"
            )
        elif s != fp.high:
            mistakes[name] = f"{name} played no trump this hand"
    if fp.high >= 0:
        mistakes["nobody"] = "a trump was played this hand, so High is scored"
        why = f"the best trump played was the {CARDS[fp.high_card].text}, and High goes to "
        why += "whoever played it"
    else:
        why = "no trump was played this hand, so High is not scored"
    runner_up = max(best, key=lambda s: HIGH[best[s].index]) if best else -1
    return _who_scores(
        st,
        "High",
        fp.high,
        runner_up,
        mistakes,
        hint="High is the best trump played this hand, which need not be the best in the pack",
        why=why,
    )


@lesson("all-fours/low")
def _all_fours_low(state: State) -> Exercise:
    st = _all_fours_hand(state)
    fp = st.four_points()
    low = CARDS[fp.low_card].text if fp.low >= 0 else ""
    player = next(
        (s for s in range(st.players) if fp.low >= 0 and st.held[s] >> fp.low_card & 1), -1
    )
    mistakes: dict[str, str] = {}
    for s, name in enumerate(st.names):
        if s == fp.low:
            continue
        took = _trumps_in(st.taken[s], st.trump)
        if fp.low < 0:
            mistakes[name] = "no trump was played at all this hand"
        elif s == player:
            mistakes[name] = f"{name} played the {low}, but Low goes to whoever captured it"
        elif took:
            mistakes[name] = (
                f"the lowest trump {name} captured was the {took[0].text}, and a lower one "
                "was played"
            )
        else:
            mistakes[name] = f"{name} captured no trump this hand"
    if fp.low >= 0:
        mistakes["nobody"] = "a trump was played this hand, so Low is scored"
        why = f"the lowest trump played was the {low}, and Low goes to whoever captured it"
    else:
        why = "no trump was played this hand, so Low is not scored"
    return _who_scores(
        st,
        "Low",
        fp.low,
        player,
        mistakes,
        hint="find the lowest trump played, then the trick it ended up in",
        why=why,
    )


@lesson("all-fours/jack")
def _all_fours_jack(state: State) -> Exercise:
    st = _all_fours_hand(state)
    fp = st.four_points()
    jack = CARDS[fp.jack_card].text
    turned = any(ln.reason == f"the {jack} turned up" for ln in st.results[-1].lines)
    player = next((s for s in range(st.players) if st.held[s] >> fp.jack_card & 1), -1)
    mistakes: dict[str, str] = {}
    for s, name in enumerate(st.names):
        if s == fp.jack:
            continue
        if fp.jack < 0 and turned and s == st.dealer:
            mistakes[name] = (
                f"{name} scored for turning the {jack} up, which is not the Jack point: the "
                f"{jack} was never played to a trick"
            )
        elif fp.jack < 0:
            mistakes[name] = f"the {jack} was never played to a trick this hand"
        elif s == player:
            mistakes[name] = f"{name} played the {jack}, but Jack goes to whoever took it"
        else:
            mistakes[name] = f"{name} did not take the {jack}"
    if fp.jack >= 0:
        mistakes["nobody"] = f"the {jack} was played to a trick, so somebody took it"
        why = f"the {jack} was played, and Jack goes to the player whose trick it ended up in"
    else:
        why = f"the {jack} was not played to any trick, so the Jack point is not scored"
    if fp.jack >= 0:
        typical = player
    elif turned:
        typical = st.dealer
    else:
        typical = 0
    return _who_scores(
        st,
        "Jack",
        fp.jack,
        typical,
        mistakes,
        hint="look for the Jack of trumps among the captured cards",
        why=why,
    )


@lesson("all-fours/game")
def _all_fours_game(state: State) -> Exercise:
    st = _all_fours_hand(state)
    fp = st.four_points()
    counts = fp.counts
    names = st.names
    mistakes: dict[str, str] = {}
    for s, name in enumerate(names):
        if s == fp.game:
            continue
        if fp.game >= 0:
            mistakes[name] = (
                f"{name}'s captured cards count {counts[s]} toward Game, and another "
                "player's count more"
            )
        else:
            mistakes[name] = (
                f"{name} counts {counts[s]}, but so does another player, and a tie scores nothing"
            )
    if fp.game >= 0:
        mistakes["nobody"] = "one player's captured cards count more than anyone else's"
    said = ", ".join(f"{names[s]} {counts[s]}" for s in range(st.players))
    tricks = max(range(st.players), key=lambda s: (st.tricks_won[s], -counts[s]))
    by_count = sorted(range(st.players), key=lambda s: -counts[s])
    typical = tricks if tricks != fp.game else by_count[1]
    return _who_scores(
        st,
        "Game",
        fp.game,
        typical,
        mistakes,
        hint="add up each player's captured cards: Ten 10, Ace 4, King 3, Queen 2, Jack 1",
        why=f"the counts are {said}",
    )


@lesson("all-fours/seven-players")
def _all_fours_seven_players() -> Exercise:
    deck = len(get_deck("standard").cards)
    stock = deck - 7 * HAND - 1
    need = run_size(7)
    can = "yes" if stock >= need else "no"
    other = "no" if can == "yes" else "yes"
    return ChoiceExercise(
        "With seven players, can the dealer ever run the cards?",
        can,
        ["yes", "no"],
        hint="how many cards are left in the stock after the deal, and how many does a run take?",
        why=f"after the deal the stock holds {stock} cards, and a run takes {need}",
        typical=other,
        mistakes={other: "compare what is left in the stock after the deal with what one run "
                  "hands out"},
    )  # fmt: skip
