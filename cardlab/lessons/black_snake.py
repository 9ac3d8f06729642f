"""The exercises of notebook 47, Black Snake."""

from __future__ import annotations

from ..core.cards import CARDS, rank_text
from ..core.state import State
from ..exercises import ChoiceExercise, Exercise, NumberExercise
from ..games.black_snake import BlackSnakeState, every_lay, points, step
from .catalogue import lesson


def _black_snake(state: State) -> BlackSnakeState:
    if not isinstance(state, BlackSnakeState):
        raise ValueError("this exercise needs a Black Snake state")
    return state


def _lays(st: BlackSnakeState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    hand = [CARDS[i] for i in range(52) if st.hands[seat] >> i & 1]
    tops = [st.top(k) for k in range(st.players)]
    return [(k, tuple(c.index for c in run)) for k, run in every_lay(hand, tops)]


def _words(k: int, run: tuple[int, ...]) -> str:
    return f"{' '.join(CARDS[i].text for i in run)} on track {k + 1}"


@lesson("black-snake/most-points")
def _most_points(state: State) -> Exercise:
    st = _black_snake(state)
    seat = st.to_move[0]
    lays = _lays(st, seat)
    if not lays:
        raise ValueError("this exercise needs a hand that can lay")
    best_k, best_run = max(lays, key=lambda x: (points(len(x[1])), -x[0]))
    best = points(len(best_run))
    longest_one_way = max(len(r) for _, r in lays)
    # the usual slip: counting every card that fits a track, whichever the direction
    mixed = 0
    for k in range(st.players):
        top = st.top(k)
        near = {(top % 10) + 1, (top - 2) % 10 + 1}
        mixed = max(
            mixed, sum(1 for i in range(52) if st.hands[seat] >> i & 1 and CARDS[i].rank in near)
        )
    typical = points(mixed + 1) if points(mixed + 1) != best else best + 2
    return NumberExercise(
        f"What is the most {st.names[seat]} can score with one lay now?",
        best,
        hint="a lay goes one way only, up or down, from the track's top card; 1, 2, 3 and 4 "
        "cards score 1, 3, 5 and 7",
        why=f"the longest lay is {len(best_run)} cards ({_words(best_k, best_run)}), worth "
        f"{best}; {len(lays)} lays are possible in all, the longest {longest_one_way} cards",
        typical=typical,
        mistakes={typical: "a lay may not turn round: count one direction at a time"},
    )


@lesson("black-snake/picture-rank")
def _picture_rank(state: State) -> Exercise:
    st = _black_snake(state)
    lay = next(
        (e for e in reversed(st.events) if e.kind == "lay" and any(c.rank > 10 for c in e.cards)),
        None,
    )
    if lay is None:
        raise ValueError("this exercise needs a lay with a picture in it")
    cards = lay.cards
    ranks = lay.get("ranks")
    k = next(i for i, c in enumerate(cards) if c.rank > 10)
    d = 1 if "going up" in lay.text else -1
    answer = rank_text(ranks[k])
    # the slip: reading the run the other way round from the card below the picture
    typical = rank_text(step(ranks[k], -2 * d))
    if typical == answer:
        typical = rank_text(step(ranks[k], d))
    who = st.names[lay.seat] if lay.seat is not None else "A player"
    laid = " ".join(c.text for c in cards)
    return ChoiceExercise(
        f"{who} laid {laid} on track {lay.get('track')}, in that order. Which rank did "
        f"{cards[k].text} stand for?",
        answer,
        [rank_text(r) for r in range(1, 11)],
        hint="find the direction from the number cards around the picture: each card is one "
        "rank on from the card below it, and 10 and Ace are neighbours",
        why=f"the lay went {'up' if d > 0 else 'down'}: its cards stood for "
        f"{' '.join(rank_text(r) for r in ranks)}",
        typical=typical,
        mistakes={typical: "that is the rank the run would need going the other way"},
    )


@lesson("black-snake/reshuffle")
def _reshuffle(state: State) -> Exercise:
    st = _black_snake(state)
    buried = len(st.tracks.buried())
    on_tracks = sum(len(p) for p in st.tracks.piles)
    typical = on_tracks if on_tracks != buried else buried + st.players
    return NumberExercise(
        "If the deck ran out now, how many cards would the new deck hold?",
        buried,
        hint="only the cards under each track's top card are gathered; the tops and the open "
        "cards stay where they are",
        why=f"the tracks hold {on_tracks} cards, {st.players} of them on top: "
        f"{buried} lie underneath",
        typical=typical,
        mistakes={typical: "the top card of each track stays on the table"},
    )
