"""Black Snake's heuristic bot.

It reads only its observation: its own hand, the track tops, the open cards and the
scores.  It plans the lay worth most (four cards score as much as more, so it lays no
more than four) and makes it step by step; it draws instead while its best lay is short,
taking the open card that lengthens its best lay most, else a card from the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.cards import Card
from ...core.observation import Observation
from ...rules.staged import plan_step, whole_hand
from .rules import DRAW_STOCK, PASS, points, step

#: A lay scores no more for a fifth card.
MOST = 4


def track_tops(obs: Observation) -> list[int]:
    """The rank of each track's top card, track by track."""
    z = obs.zone("tracks")
    tops = [0] * obs.players
    for entry, place in zip(z.faces, z.at, strict=True):
        tops[place.col] = entry.rank
    return tops


def run_from(hand: Sequence[Card], top: int, direction: int) -> list[Card]:
    """The run the hand lays on a card of rank ``top`` going one way: the number card
    each step needs while one is held, else a picture standing in for it; at most four
    cards, and never ending on a picture."""
    left = sorted(hand, key=lambda c: c.index)
    run: list[Card] = []
    cur, gap = top, 0
    while len(run) < len(hand):
        need = step(cur, direction * (gap + 1))
        num = next((c for c in left if c.rank == need), None)
        if num is not None:
            run.append(num)
            left.remove(num)
            cur, gap = need, 0
            continue
        pic = next((c for c in left if c.rank > 10), None)
        if pic is None:
            break
        run.append(pic)
        left.remove(pic)
        gap += 1
    run = run[:MOST]
    while run and run[-1].rank > 10:
        run.pop()
    return run


def best_lay(hand: Sequence[Card], tops: Sequence[int]) -> tuple[int, list[str]]:
    """The lay worth most (fewest pictures among equals), as its points and the picks of
    a staged lay (``track N``, ``lay XX`` …); (0, []) when no lay is possible."""
    best: tuple[int, int] = (0, 0)
    plan: list[str] = []
    for k, top in enumerate(tops):
        for d in (1, -1):
            run = run_from(hand, top, d)
            if not run:
                continue
            key = (points(len(run)), -sum(1 for c in run if c.rank > 10))
            if key > best:
                best = key
                plan = [f"track {k + 1}", *(f"lay {c.code}" for c in run)]
    return best[0], plan


def draw_choice(obs: Observation) -> Action:
    """The open card that adds most to the best lay (a picture counts a little extra, being
    wild), or the deck's top card when none adds anything."""
    hand = list(whole_hand(obs))
    tops = track_tops(obs)
    now, _ = best_lay(hand, tops)
    best, chosen = 0.0, None
    for act in obs.legal:
        if act.verb != "draw" or not act.cards:
            continue
        card = act.cards[0]
        gain = best_lay([*hand, card], tops)[0] - now + (0.5 if card.rank > 10 else 0.0)
        if gain > best:
            best, chosen = gain, act
    if chosen is not None:
        return chosen
    if DRAW_STOCK in obs.legal:
        return DRAW_STOCK
    return obs.legal[0]


class BlackSnakeBot(PhaseBot):
    """Lays a run of three or more, or of two with a large hand, or any run that wins or
    that must be laid; otherwise draws the open card that helps most, else from the deck."""

    name: ClassVar[str] = "heuristic"

    @on(
        "turn",
        why="lay a run worth 5 or more (or one that wins), else draw the card that helps most",
    )
    def turn(self, obs: Observation) -> Action:
        hand = whole_hand(obs)
        got, plan = best_lay(hand, track_tops(obs))
        me = obs.seat if obs.seat is not None else 0
        target = int(obs.info.get("target", 30))
        can_draw = any(a.verb == "draw" for a in obs.legal)
        if plan and (
            not can_draw
            or got >= 5
            or obs.scores[me] + got >= target
            or (got >= 3 and len(hand) >= 7)
        ):
            act = plan_step(obs, plan)
            if act is not None:
                return act
        if can_draw:
            return draw_choice(obs)
        if PASS in obs.legal:
            return PASS
        return obs.legal[0]

    @on("draw", why="take the open card that lengthens your best run, else the deck's top card")
    def draw(self, obs: Observation) -> Action:
        return draw_choice(obs)


def every_lay(hand: Sequence[Card], tops: Sequence[int]) -> list[tuple[int, tuple[Card, ...]]]:
    """Every lay the hand can make: (track index, the cards in order), each run going one
    way from its track's top and ending on a number card (cards of one rank and colour of
    use interchangeably are all listed)."""
    out: list[tuple[int, tuple[Card, ...]]] = []

    def grow(k: int, d: int, cur: int, gap: int, run: tuple[Card, ...], left: list[Card]) -> None:
        need = step(cur, d * (gap + 1))
        for c in left:
            rest = [x for x in left if x is not c]
            if c.rank > 10:
                grow(k, d, cur, gap + 1, (*run, c), rest)
            elif c.rank == need:
                out.append((k, (*run, c)))
                grow(k, d, need, 0, (*run, c), rest)

    for k, top in enumerate(tops):
        for d in (1, -1):
            grow(k, d, top, 0, (), list(hand))
    return sorted(set(out), key=lambda x: (x[0], [c.index for c in x[1]]))
