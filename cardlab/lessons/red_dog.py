"""The exercises of notebook 17, Red Dog."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.cards import CARDS, SUIT_NAMES, Card, mask_of
from ..core.state import State
from ..exercises import CardsExercise, Exercise, NumberExercise
from ..games.red_dog import HAND, RedDogState, beaten_by, odds, odds_in_view, value, winning_card
from .catalogue import lesson
from .shapes import min_or_pot


def _red_dog_turn(state: State) -> tuple[Any, str, Any]:
    """The odds of the hand to bet, the name of its seat and the seat's observation."""
    seat = state.current
    if not isinstance(seat, int):
        raise ValueError("nobody is to bet now")
    obs = state.observation(seat)
    return odds_in_view(obs), state.names[seat], obs


def _red_dog_beats(state: State, question: str) -> Exercise:
    o, name, obs = _red_dog_turn(state)
    hand = obs.zone("hand", obs.viewer).faces
    blind = odds(hand).wins  # as if no other card were showing
    every = beaten_by(mask_of(hand)).bit_count()  # the hand's own cards counted too
    parts = []
    for suit in range(4):
        mine = [c for c in hand if c.suit == suit]
        top = max(mine, key=value) if mine else None
        if top is not None and top.rank != 2:
            parts.append(f"the {top.text} beats the lower {SUIT_NAMES[suit]}")
    gone = blind - o.wins
    seen = (
        "none of them is showing"
        if not gone
        else f"{gone} of those cards {'is' if gone == 1 else 'are'} already showing"
    )
    mistakes: dict[Any, str] = {}
    if blind != o.wins:
        mistakes[blind] = (
            f"a card already showing cannot be {name}'s fifth card: leave out the ones {name} "
            "can see"
        )
    if every not in (blind, o.wins):
        mistakes[every] = f"{name}'s own cards cannot be its fifth card: leave them out"
    return NumberExercise(
        question,
        o.wins,
        hint="the best card you hold in a suit beats every lower card of that suit; an Ace "
        "as the fifth card beats you",
        why=f"{'; '.join(parts)}; {seen}, so {o.wins} of the {o.unseen} unseen cards lose "
        f"to {name}'s hand",
        typical=next(iter(mistakes), o.wins + 1),
        mistakes=mistakes or {o.wins + 1: "count the cards below your best card of each suit"},
    )


def _red_dog_bet(state: State, question: str) -> Exercise:
    o, _, obs = _red_dog_turn(state)
    good = o.win > Fraction(1, 2)
    blind = odds(obs.zone("hand", obs.viewer).faces)
    flips = (blind.win > Fraction(1, 2)) != good
    told = (
        f"; counting all {blind.unseen} cards as unseen would give {blind.wins}, "
        f"{'more' if blind.win > Fraction(1, 2) else 'less'} than half"
        if flips
        else ""
    )
    return min_or_pot(
        question,
        o.win,
        f"{o.wins} of the {o.unseen} unseen cards lose to the hand",
        obs.pots[0].chips,
        hint="a bet wins or loses its size at even money: is winning more likely than losing, "
        "counting only the cards you have not seen?",
        mistake="compare the cards your hand beats with half of the cards you have not "
        "seen: the cards showing are out, and that can tip the balance"
        if flips
        else "compare the cards your hand beats with half of the cards you have not seen",
        aside=told,
    )


@lesson("red-dog/east-beats")
def _red_dog_east_beats(state: State) -> Exercise:
    return _red_dog_beats(state, "How many of the cards East has not seen would East's hand beat?")


@lesson("red-dog/east-bet")
def _red_dog_east_bet(state: State) -> Exercise:
    return _red_dog_bet(state, "Should East bet the minimum or the whole pot?")


@lesson("red-dog/east-shows")
def _red_dog_east_shows(state: State) -> Exercise:
    if not isinstance(state, RedDogState) or not isinstance(state.current, int):
        raise ValueError("nobody is to bet now")
    seat = state.current
    name = state.names[seat]
    fifth = CARDS[state.order[state.next]]  # the deal is fixed: the next card is known
    hand = [CARDS[i] for i in range(52) if state.hands[seat] >> i & 1]
    best = winning_card(state.hands[seat], fifth)
    if best is None:
        raise ValueError(f"{name}'s hand does not beat the {fifth.text}")
    higher = [c for c in hand if c.suit == fifth.suit and value(c) > value(fifth)]
    top = max(higher, key=value)

    def judge(card: Card) -> str | None:
        if card.suit != fifth.suit:
            return f"the {card.text} is not of the fifth card's suit"
        if value(card) < value(fifth):
            return f"the {card.text} ranks below the {fifth.text}"
        if card != best:
            return f"the {card.text} beats it, but a lower card does too"
        return None

    return CardsExercise(
        f"{name}'s fifth card is the {fifth.text}. Which card does {name} show?",
        [best],
        hand,
        judge=judge,
        pick_one=True,
        pool_label=f"{name}'s hand",
        hint="a winner shows one card only: the lowest one that still beats the fifth card",
        why=f"the {best.text} is the lowest {SUIT_NAMES[fifth.suit][:-1]} above the {fifth.text}; "
        f"{name}'s other cards stay hidden",
        typical=top if top != best else next(c for c in hand if c != best),
    )


@lesson("red-dog/north-beats")
def _red_dog_north_beats(state: State) -> Exercise:
    return _red_dog_beats(
        state, "How many of the cards North has not seen would North's hand beat?"
    )


@lesson("red-dog/north-bet")
def _red_dog_north_bet(state: State) -> Exercise:
    return _red_dog_bet(state, "Should North bet the minimum or the whole pot?")


@lesson("red-dog/north-balance")
def _red_dog_north_balance(state: State) -> Exercise:
    show = next((e for e in reversed(state.events) if e.kind == "show"), None)
    bet = next((e for e in reversed(state.events) if e.kind == "bet"), None)
    if show is None or bet is None or show.seat is None:
        raise ValueError("no bet has been settled yet")
    seat = show.seat
    balance = state.balance(seat)  # type: ignore[attr-defined]
    chips = int(bet.get("chips"))
    ante = int(state.options.ante)
    name = state.names[seat]
    won = show.get("result") == "win"
    said = "wins: the pot pays the bet" if won else "loses: the bet goes into the pot"
    mistakes = {balance + ante: f"{name} paid the ante into the pot at the start"}
    if won:
        mistakes[balance + chips] = "a won bet is paid at even money: once the bet, not twice"
    return NumberExercise(
        f"{name} bet {chips}. How many chips does {name} hold now?",
        balance,
        hint="start from the stake, take away the ante, then add or take away the bet",
        why=f"{name} {said}, so the balance moves by {int(show.get('chips')):+d} to {balance}",
        typical=balance + ante,
        mistakes=mistakes,
    )


@lesson("red-dog/deals-per-shuffle")
def _red_dog_deals_per_shuffle(game: Any) -> Exercise:
    if getattr(game, "spec", None) is None or game.spec.name != "red_dog":
        raise ValueError("this exercise needs a Red Dog game")
    n = game.players
    per = (HAND + 1) * n
    deals = len(game.deck) // per
    left = len(game.deck) - deals * per
    return NumberExercise(
        f"With no shuffle between deals and {n} players, how many deals are played from one "
        "shuffled deck?",
        deals,
        hint=f"each player uses {HAND} cards and a fifth card; a deal needs that many for "
        "everyone, or the whole deck is gathered and shuffled",
        why=f"each deal uses {per} cards; after {deals} deals {left} are left, fewer than "
        f"{per}, so the next deal starts from a fresh shuffle",
        typical=deals + 1,
        mistakes={
            deals + 1: f"a deal after that would need {per} cards with only {left} left: "
            "everything is gathered and shuffled first"
        },
    )
