"""Frozen Novelty's solver and difficulty table.

The solver plays a deal with every face known, on the rules the game itself uses
(:func:`~cardlab.games.frozen_novelty.rules.level_rules` and :mod:`cardlab.rules.tableau`), so
its moves, and the test that decides a slide, are the game's own.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...core.actions import Action
from ...core.cards import CARDS, get_deck
from ...core.errors import OptionError
from ...core.registry import load
from ...core.solver import Solved, wilson
from ...core.state import State
from ...rules.solitaire import deal_cards
from ...rules.tableau import (
    ACE_UP,
    CARD,
    RANK,
    SUIT,
    UP,
    homes,
    move_run,
    run_moves,
    send_home,
    top_moves,
    turn_up,
    turnable,
)
from ...rules.tableau import (
    tops as stack_tops,
)
from .bot import FrozenNoveltyBot
from .rules import (
    ALL,
    DOWNS,
    FACE_DOWN,
    LEVELS,
    SLIDE_RULES,
    FrozenNoveltyState,
    LevelRules,
    rules_for,
)

if TYPE_CHECKING:
    import pandas as pd

Stacks = list[tuple[int, ...]]


def _layout(state_or_deal: Any) -> tuple[Stacks, list[int]]:
    if isinstance(state_or_deal, FrozenNoveltyState):
        if state_or_deal.chance:
            raise ValueError("the state has not been dealt yet")
        return list(state_or_deal.stacks), list(state_or_deal.found)
    cards = deal_cards(state_or_deal, "four Deck stacks of 13, each from its top card down")
    stacks: Stacks = [
        tuple(c.index for c in reversed(cards[13 * k : 13 * k + 13])) for k in range(4)
    ]
    return stacks + [()] * 8, [0, 0, 0, 0]


def solve(
    state_or_deal: Any,
    level: str | None = None,
    budget: int = 100_000,
    *,
    deck: str = "foresight",
    slide_rule: str | None = None,
) -> Solved:
    """Can this deal (or position) still be won, with every face known?

    Parameters
    ----------
    state_or_deal : a :class:`FrozenNoveltyState` (its position, level, slide rule and
        deck), a deal action or its text (``"deal ..."``), or the 52 cards (four Deck
        stacks, each top first)
    level : one of ``LEVELS`` (default: the state's level, else ``"normal"``)
    budget : most positions to examine before answering ``"unknown"``
    deck : the registered Foresight deck whose backs decide slides
    slide_rule : one of ``SLIDE_RULES`` (default: the state's, else ``"table"``)

    Returns
    -------
    Solved(outcome, nodes, line) with outcome ``"won"``, ``"lost"`` or ``"unknown"``; for
    a win, ``line`` is the game's actions that win from the position given.

    The search is best-first: the most promising open position (cards home, cards on
    their parent card, few cards lying on a card that could go home next) is expanded
    next.  Each position is reduced to a canonical key (stacks of one kind are
    interchangeable, so each group is sorted) and kept in a transposition table so it is
    expanded once.  Moves home are made at once when they can never hurt (always, when
    building in suit); children are generated best kinds first.  Pointless moves (a whole
    stack to an equivalent empty stack, the same move to each of several empty stacks, a
    lone Down card to another empty Down stack) are skipped.  "lost" means every reachable
    position was examined.
    """
    if isinstance(state_or_deal, FrozenNoveltyState):
        level = level or state_or_deal.level
        slide_rule = slide_rule or state_or_deal.rules.slide_rule
        deck = state_or_deal.game.options.deck
    level = level or "normal"
    slide_rule = slide_rule or "table"
    if level not in LEVELS:
        raise OptionError(f"level {level!r} is not allowed; choose one of {', '.join(LEVELS)}")
    if slide_rule not in SLIDE_RULES:
        raise OptionError(
            f"slide_rule {slide_rule!r} is not allowed; choose one of {', '.join(SLIDE_RULES)}"
        )
    stacks, found = _layout(state_or_deal)
    outcome, nodes, path = _Solver(rules_for(level, slide_rule, get_deck(deck))).run(
        stacks, found, budget
    )
    if outcome != "won":
        return Solved(outcome, nodes)
    state: State
    if isinstance(state_or_deal, FrozenNoveltyState):
        state = state_or_deal
    else:
        state = load("frozen_novelty", level=level, slide_rule=slide_rule, deck=deck).new_state()
        state.apply(
            Action.of("deal", [CARDS[e & CARD] for k in range(4) for e in reversed(stacks[k])])
        )
    return Solved("won", nodes, _line(cast(FrozenNoveltyState, state), path))


class _Solver:
    __slots__ = ("colours", "deck_as_up", "fits", "rules", "slide")

    def __init__(self, rules: LevelRules) -> None:
        self.rules = rules
        self.colours = rules.colours
        self.deck_as_up = rules.deck_as_up
        self.fits = rules.build.fits
        self.slide = rules.slide.fits  # the game's own test of a slide

    def key(self, stacks: Stacks) -> tuple[Any, ...]:
        if self.deck_as_up:
            deck = sorted(s for s in stacks[0:4] if any(not e & UP for e in s))
            up = sorted([s for s in stacks[0:4] if all(e & UP for e in s)] + stacks[4:8])
        else:
            deck = sorted(stacks[0:4])
            up = sorted(stacks[4:8])
        return (tuple(deck), tuple(up), tuple(sorted(stacks[8:12])))

    def settle(self, stacks: Stacks, found: list[int]) -> None:
        """Make every safe move home, in place."""
        colours = self.colours
        moved = True
        while moved:
            moved = False
            for k in range(12):
                st = stacks[k]
                while st:
                    e = st[-1]
                    if found[SUIT[e & CARD]] != ACE_UP[e]:
                        break
                    r = ACE_UP[e]
                    if colours and r > 1:
                        o = (0, 3) if SUIT[e & CARD] in (1, 2) else (1, 2)
                        if found[o[0]] < r or found[o[1]] < r:
                            break
                    send_home(stacks, found, k)
                    st = stacks[k]
                    moved = True

    def children(self, stacks: Stacks, found: list[int]) -> Iterator[tuple[Stacks, list[int]]]:
        rules = self.rules
        tops = stack_tops(stacks)
        up_like = rules.takes_run
        first_empty_up = next((k for k in ALL if tops[k] < 0 and up_like >> k & 1), -1)
        first_empty_down = next((k for k in DOWNS if tops[k] < 0), -1)
        # Unsafe moves home (only with colour building: safe ones are made by settle).
        home = homes(tops, found, ACE_UP, ALL) if self.colours else []
        builds = []
        to_empty = []
        empty_up = 1 << first_empty_up if first_empty_up >= 0 else 0
        for k, j, d in run_moves(stacks, tops, self.fits, ALL, ALL, empty_up):
            if tops[d] >= 0:
                builds.append((k, j, d, j == 0 or not stacks[k][j - 1] & UP))
            elif not (j == 0 and up_like >> k & 1):
                to_empty.append((k, j, d))
        turns = turnable(tops, FACE_DOWN)
        empty_down = 1 << first_empty_down if first_empty_down >= 0 else 0
        slides = [
            (a, b)
            for a, b in top_moves(
                tops, self.slide, rules.slide_from, rules.slide_to, empty_down, face_up=False
            )
            if tops[b] >= 0 or not (a in DOWNS and len(stacks[a]) == 1)
        ]

        def turned_value(a: int) -> int:
            c = tops[a] & CARD
            return (found[SUIT[c]] - RANK[c]) * 2 + (1 if a in DOWNS else 0)

        for k in home:
            new = list(stacks)
            f2 = list(found)
            send_home(new, f2, k)
            yield new, f2
        builds.sort(key=lambda m: not m[3])
        for k, j, d, _ in builds:
            new = list(stacks)
            move_run(new, k, j, d)
            yield new, found
        turns.sort(key=turned_value, reverse=True)
        for a in turns:
            new = list(stacks)
            turn_up(new, a)
            yield new, found
        for k, j, d in to_empty:
            new = list(stacks)
            move_run(new, k, j, d)
            yield new, found
        for a, b in slides:
            new = list(stacks)
            move_run(new, a, len(stacks[a]) - 1, b)
            yield new, found

    def score(self, stacks: Stacks, found: list[int]) -> int:
        """How promising a position looks: cards home, cards already on their parent card,
        and (against) cards lying on top of a card that could go home next."""
        fits = self.fits
        s = 20 * sum(found)
        for st in stacks:
            n = len(st)
            prev = -1
            for i, e in enumerate(st):
                c = e & CARD
                if RANK[c] == found[SUIT[c]]:
                    s -= n - 1 - i
                if prev >= 0 and fits[e] >> prev & 1:
                    s += 4
                prev = e
        return s

    def run(
        self, stacks0: Stacks, found0: list[int], budget: int
    ) -> tuple[str, int, list[tuple[Stacks, list[int]]]]:
        """The verdict, the positions examined and, when won, the positions of the winning
        path (each after its safe moves home), the start first."""
        stacks = list(stacks0)
        found = list(found0)
        self.settle(stacks, found)
        if sum(found) == 52:
            return "won", 1, [(stacks, found)]
        seen = {self.key(stacks)}
        nodes = 1
        count = 0
        # Every position pushed, with the index of the one it came from.
        tree: list[tuple[int, Stacks, list[int]]] = [(-1, stacks, found)]
        heap: list[tuple[int, int]] = [(0, 0)]
        key = self.key
        settle = self.settle
        score = self.score
        push = heapq.heappush
        pop = heapq.heappop
        while heap:
            _, at = pop(heap)
            _, here, fd0 = tree[at]
            for st, fd in self.children(here, fd0):
                fd = list(fd)
                settle(st, fd)
                if sum(fd) == 52:
                    path = [(st, fd)]
                    while at >= 0:
                        at, st, fd = tree[at]
                        path.append((st, fd))
                    return "won", nodes + 1, path[::-1]
                k = key(st)
                if k in seen:
                    continue
                seen.add(k)
                nodes += 1
                if nodes >= budget:
                    return "unknown", nodes, []
                count += 1
                tree.append((at, st, fd))
                push(heap, (-score(st, fd), count))
        return "lost", nodes, []


def _homes(game: FrozenNoveltyState, found: list[int]) -> list[Action] | None:
    """Send cards home on ``game`` (in place) until its foundations read ``found``; the
    moves made, or None when that cannot be done by moves home alone."""
    moves = []
    while list(game.found) != found:
        fd = game.found
        act = next(
            (
                a
                for a in game.legal_actions(0)
                if a.verb == "home" and fd[SUIT[a.cards[0].index]] < found[SUIT[a.cards[0].index]]
            ),
            None,
        )
        if act is None or game.terminal:
            return None
        game.apply(act, 0)
        moves.append(act)
    return moves


def _line(state: FrozenNoveltyState, path: list[tuple[Stacks, list[int]]]) -> tuple[Action, ...]:
    """The engine's actions that walk ``state`` through the solver's ``path``.

    Each step of the path is one move followed by the moves home the solver makes without
    asking; the move is found among the engine's legal actions by the position it leads to.
    """
    game = cast(FrozenNoveltyState, state.clone())
    line = _homes(game, path[0][1])
    assert line is not None
    for stacks, found in path[1:]:
        want = tuple(stacks)
        for act in game.legal_actions(0):
            if act.verb == "stop":
                continue
            trial = cast(FrozenNoveltyState, game.clone())
            trial.apply(act, 0)
            homes = _homes(trial, found)
            if homes is not None and tuple(trial.stacks) == want:
                line += [act, *homes]
                game = trial
                break
        else:
            raise AssertionError("a step of the solver's path is not a legal move")
    return tuple(line)


# ------------------------------------------------------------------- analysis
def play_bot(level: str, deal: Action, seed: int = 0, slide_rule: str = "table") -> int:
    """Cards home when the heuristic bot plays ``deal`` at ``level`` from its observation."""
    state = load("frozen_novelty", level=level, slide_rule=slide_rule).new_state()
    state.apply(deal)
    bot = FrozenNoveltyBot(0, seed)
    while not state.terminal:
        state.apply(bot.act(state.observation(0)), 0)
    return state.scores[0]


def difficulty(
    levels: Sequence[str] = LEVELS,
    deals: int = 100,
    seed: int = 0,
    budget: int = 20_000,
    slide_rule: str = "table",
) -> pd.DataFrame:
    """Per level: solvable rate (Wilson 95%), bot win rate and solver speed.

    ``deals`` random deals per level (the same deals for every level, from ``seed``).
    The solvable rate is given twice: counting deals the solver could not decide within
    ``budget`` as losses (``solvable_min`` …) and as wins (``solvable_max`` …).
    ``solver_deals_per_s`` is deals per CPU-second.
    """
    from ...core.optional import pandas as pd

    rng = random.Random(f"frozen_novelty/{seed}")
    cards = list(CARDS[:52])
    dealt = []
    for _ in range(deals):
        rng.shuffle(cards)
        dealt.append(Action.of("deal", cards))
    rows = []
    for level in levels:
        won = lost = unknown = 0
        nodes = 0
        t0 = time.process_time()
        for d in dealt:
            r = solve(d, level, budget, slide_rule=slide_rule)
            nodes += r.nodes
            if r.outcome == "won":
                won += 1
            elif r.outcome == "lost":
                lost += 1
            else:
                unknown += 1
        secs = time.process_time() - t0
        bot_wins = 0
        bot_home = 0
        for i, d in enumerate(dealt):
            home = play_bot(level, d, i, slide_rule)
            bot_home += home
            bot_wins += home == 52
        lo1, hi1 = wilson(won, deals)
        lo2, hi2 = wilson(won + unknown, deals)
        blo, bhi = wilson(bot_wins, deals)
        rows.append(
            {
                "level": level,
                "slide_rule": slide_rule,
                "deals": deals,
                "won": won,
                "lost": lost,
                "unknown": unknown,
                "solvable_min": won / deals if deals else 0.0,
                "solvable_min_lo": lo1,
                "solvable_min_hi": hi1,
                "solvable_max": (won + unknown) / deals if deals else 0.0,
                "solvable_max_lo": lo2,
                "solvable_max_hi": hi2,
                "bot_win_rate": bot_wins / deals if deals else 0.0,
                "bot_win_lo": blo,
                "bot_win_hi": bhi,
                "bot_mean_home": bot_home / deals if deals else 0.0,
                "solver_deals_per_s": deals / secs if secs > 0 else float("inf"),
                "mean_nodes": nodes / deals if deals else 0.0,
            }
        )
    return pd.DataFrame(rows)
