"""Canfield's solver: "thoughtful" Canfield, every face known, within a budget of positions.

The solver reads a position off the game's state and judges moves with the game's own
rules (its build table :data:`~cardlab.games.canfield.rules.FITS`, its foundation order and
its refill of emptied piles from the reserve), so a winning line it reports is a list of
the game's actions, replayed through the engine before it is returned.

How a position is searched
--------------------------
* **The talon.**  The waste (bottom to top) followed by the stock (top to bottom) is one
  sequence ``T``, with a pointer ``p`` (the waste's size): drawing moves the pointer by
  the draw size (to the end at most), a redeal puts it back to 0, and playing the waste's
  top card removes ``T[p - 1]``.  So the cards a player can bring to the top by drawing
  alone are known at once, and "draw until that card shows, then play it" is a single
  move of the search.  The positions a pointer visits going round (0, 3, 6, … and the end
  for draw 3; every position for draw 1) are one cycle: the search keys on the cycle,
  not on where in it the pointer stands.  A pointer off the cycle (draw 3, after a card
  was played from the waste) is kept in the key, since it still reaches extra cards.
* **Canonical key.**  The reserve's size, the talon (and the pointer when off its cycle)
  and the four tableau piles in sorted order (piles are interchangeable); the foundations
  follow from the rest.  A transposition table expands each key once.
* **Safe moves home** are made at once: a card whose children in the tableau (the cards
  one rank lower of the other colour) are both home can no longer help there.  Cards of
  the base rank are not safe in this sense (the cards below the base go home last), and
  with draw 3 a waste card is never moved automatically, since removing it changes which
  cards later draws show.
* **Order.**  Best first: the open position with the best score (cards home, cards
  out of the reserve) is expanded next.  Its moves are tried in this order: moves home;
  the reserve's top onto the tableau; whole piles onto other piles while the reserve
  refills the gap; waste cards onto the tableau; the rest of the tableau moves.
* **Pruning.**  Moves that change nothing (a whole pile into an empty spot, the same move
  into a second empty spot) are skipped.  Part of a pile goes onto another pile only
  when the card it uncovers goes home next: the two cards it could lie on are of one
  rank and colour, so otherwise the move only swaps which of them is covered.  With draw
  1 a waste card goes onto the tableau only when a card that could be played onto it is
  in reach (the reserve's top, another waste card, a whole pile, or a part uncovering a
  card that goes home), since it can wait in the waste, always within reach, until
  then.

``"lost"`` is answered only after every position reachable from the given one under
these rules was examined; ``"unknown"`` when ``budget`` positions were examined first, or
when the win found would take more moves in a row without progress than the game's
``idle_limit`` allows (the search itself leaves the cap aside).
The pruning keeps a win wherever there is one: each skipped move can be put off, or
traded for a move of the other card of the same rank and colour, without losing anything
(the solver's tests check its verdicts on hand-made deals and replay every win it reports).
"""

from __future__ import annotations

import heapq
from functools import cache
from typing import Any, NamedTuple

from ...core.actions import Action
from ...core.cards import CARDS
from ...core.errors import CardlabError, OptionError
from ...core.registry import load
from ...core.solver import Solved
from ...rules.solitaire import check_budget, deal_cards
from ...rules.tableau import CARD, RANK, UP
from .rules import DRAW, FITS, HOME, MOVE, REDEAL, RESERVE, STOCK, TABLEAU, WASTE, CanfieldState

#: Most positions examined before answering "unknown" (the game's default budget).
DEFAULT_BUDGET = 100_000

# A position: piles (four bytes, bottom first), reserve size, talon, pointer, foundations.
Position = tuple[list[bytes], int, bytes, int, list[int]]
# What the player does to go from one position to the next: (card, pile 0-3 or -1 = home).
Intent = tuple[int, int]


class Rules(NamedTuple):
    """The tables one deal's search needs: by card, its place above the base rank, the
    cards it may lie on, the cards that may lie on it, and the two suits of the other
    colour."""

    base: int
    draw: int
    rel: tuple[int, ...]
    parents: tuple[frozenset[int], ...]
    kids: tuple[tuple[int, ...], ...]
    other: tuple[tuple[int, int], ...]


@cache
def rules(base: int, draw: int) -> Rules:
    """The search tables for foundations from rank ``base`` (0 = Ace), drawing ``draw``."""
    rel = tuple((RANK[c] - base) % 13 for c in range(52))
    parents = tuple(
        frozenset(t for t in range(52) if FITS[c | UP] >> (t | UP) & 1) for c in range(52)
    )
    kids = tuple(tuple(y for y in range(52) if t in parents[y]) for t in range(52))
    other = tuple((1, 2) if s in (0, 3) else (0, 3) for s in range(4))
    return Rules(base, draw, rel, parents, kids, other)


def solve(
    state_or_deal: Any,
    budget: int = DEFAULT_BUDGET,
    *,
    draw: int | None = None,
) -> Solved:
    """Can this deal (or position) still be won, with every face known?

    Parameters
    ----------
    state_or_deal : a dealt :class:`CanfieldState` (its position and draw option), a deal
        action or its text (``"deal ..."``: reserve top first, the foundation card, the
        four tableau cards, then the stock top first), or those 52 cards
    budget : most positions to examine before answering ``"unknown"``
    draw : 1 or 3 cards a draw (default: the state's option, else 1)

    Returns
    -------
    Solved(outcome, nodes, line): ``"won"`` with the actions that win from the position
    given (each legal in turn in the engine), ``"lost"`` when no reachable position is
    won, or ``"unknown"`` when the budget ran out first.
    """
    check_budget(budget)
    if isinstance(state_or_deal, CanfieldState):
        state = state_or_deal
        if draw is not None and draw != state.draw:
            raise OptionError(f"the state draws {state.draw}; leave draw out or say {state.draw}")
        if state.chance is not None or state.terminal:
            raise CardlabError("the solver needs a deal in progress (dealt, not over)")
    else:
        draw = 1 if draw is None else draw
        if draw not in (1, 3):
            raise OptionError(f"draw={draw!r} is not allowed; choose 1 or 3")
        fresh = load("canfield", draw=draw).new_state()
        assert isinstance(fresh, CanfieldState)
        fresh.apply(_deal_action(state_or_deal))
        state = fresh
    outcome, nodes, path = Search(state).run(budget)
    if outcome != "won":
        return Solved(outcome, nodes)
    line = line_of(state, path)
    if line is None:
        return Solved("unknown", nodes)  # the win found would break the idle cap
    return Solved("won", nodes, line)


def _deal_action(deal: Any) -> Action:
    order = "the reserve (top first), the foundation card, the four tableau cards, then the "
    return Action.of("deal", deal_cards(deal, order + "stock (top first)"))


def position_of(state: CanfieldState) -> Position:
    """The search's view of a state's position (see the module docstring)."""
    st = state.stacks
    piles = [bytes(e & CARD for e in st[k]) for k in TABLEAU]
    talon = bytes(e & CARD for e in st[WASTE]) + bytes(e & CARD for e in reversed(st[STOCK]))
    return piles, len(st[RESERVE]), talon, len(st[WASTE]), list(state.found)


class Search:
    """One deal's search (see the module docstring)."""

    __slots__ = ("reserve", "root", "rules")

    def __init__(self, state: CanfieldState) -> None:
        self.rules = rules(state.base, state.draw)
        self.reserve = bytes(e & CARD for e in state.stacks[RESERVE])  # bottom first
        self.root = position_of(state)

    # ------------------------------------------------------------ the talon
    def reachable(self, talon: bytes, p: int) -> list[int]:
        """The pointer values from which the waste's top card can be played: ``q`` with
        ``talon[q - 1]`` on top, in the order a player drawing from ``p`` meets them."""
        n = len(talon)
        if not n:
            return []
        d = self.rules.draw
        if d == 1:
            return [*range(p, n + 1), *range(1, p)] if p else list(range(1, n + 1))
        out = []
        q = p
        while q < n:
            if q:
                out.append(q)
            q += 3
        out.append(n)
        on_cycle = p % 3 == 0
        for q in range(3, n, 3):
            if not on_cycle or q < p:
                out.append(q)
        return list(dict.fromkeys(out))

    def key(self, piles: list[bytes], r: int, talon: bytes, p: int) -> bytes:
        off = self.rules.draw == 3 and p % 3 and p != len(talon)
        head = bytes((r, p if off else 255))
        return head + talon + b"\xff" + b"\xfe".join(sorted(piles))

    # ------------------------------------------------------------ moves
    def settle(self, pos: Position, intents: list[Intent]) -> Position:
        """The position after every safe move home, each recorded as an intent.

        Only the next card of each suit can go home; it is safe when both cards one rank
        below it of the other colour are home (nothing can be built on it any more).
        """
        piles, r, talon, p, found = pos
        piles = list(piles)
        found = list(found)
        R = self.rules
        other = R.other
        base = R.base
        reserve = self.reserve
        talon_too = R.draw == 1
        moved = True
        while moved:
            moved = False
            for s in range(4):
                f = found[s]
                if f == 0 or f == 13:
                    continue  # a base card is never safe; a full suit is done
                o1, o2 = other[s]
                if found[o1] < f or found[o2] < f:
                    continue
                c = 13 * s + (base + f) % 13
                if r and reserve[r - 1] == c:
                    r -= 1
                else:
                    for k in range(4):
                        pk = piles[k]
                        if pk and pk[-1] == c:
                            pk = pk[:-1]
                            if not pk and r:
                                pk = reserve[r - 1 : r]
                                r -= 1
                            piles[k] = pk
                            break
                    else:
                        i = talon.find(c) if talon_too else -1
                        if i < 0:
                            continue
                        talon = talon[:i] + talon[i + 1 :]
                        p = i
                found[s] = f + 1
                intents.append((c, -1))
                moved = True
        return piles, r, talon, p, found

    def children(self, pos: Position) -> list[tuple[Position, list[Intent]]]:
        """Every move from ``pos`` worth trying, best kinds first."""
        piles, r, talon, p, found = pos
        R = self.rules
        parents = R.parents
        base = R.base
        reserve = self.reserve
        tops = [pk[-1] if pk else -1 for pk in piles]
        empty = next((k for k in range(4) if not piles[k]), -1)  # only while r == 0
        access = self.reachable(talon, p)
        rtop = reserve[r - 1] if r else -1
        nexts = [13 * s + (base + found[s]) % 13 if found[s] < 13 else -1 for s in range(4)]
        out: list[tuple[Position, list[Intent]]] = []
        later: list[tuple[Position, list[Intent]]] = []

        def lift(k: int, j: int) -> tuple[list[bytes], int, bytes]:
            """Piles and reserve size after the cards of pile ``k`` from ``j`` up leave it
            (an emptied pile takes the reserve's top)."""
            new = list(piles)
            run = piles[k][j:]
            rest = piles[k][:j]
            rr = r
            if not rest and rr:
                rest = reserve[rr - 1 : rr]
                rr -= 1
            new[k] = rest
            return new, rr, run

        # 1. Cards home that are not safe (safe ones went home already).
        reach = set(access) if R.draw == 3 else None
        for s in range(4):
            c = nexts[s]
            if c < 0:
                continue
            f2 = list(found)
            f2[s] += 1
            if c == rtop:
                out.append(((list(piles), r - 1, talon, p, f2), [(c, -1)]))
            elif c in tops:
                k = tops.index(c)
                new, rr, _ = lift(k, len(piles[k]) - 1)
                out.append(((new, rr, talon, p, f2), [(c, -1)]))
            else:
                i = talon.find(c)
                if i >= 0 and (reach is None or i + 1 in reach):
                    out.append(((list(piles), r, talon[:i] + talon[i + 1 :], i, f2), [(c, -1)]))
        # 2. The reserve's top onto the tableau (no pile is empty while the reserve lasts).
        if r:
            ps = parents[rtop]
            for m in range(4):
                if tops[m] in ps:
                    new = list(piles)
                    new[m] = piles[m] + reserve[r - 1 : r]
                    out.append(((new, r - 1, talon, p, found), [(rtop, m)]))
        # 3. Whole piles onto others (the reserve refills the gap, or a space opens), and
        # part of a pile onto another when the card it uncovers goes home next.  The
        # cards a part could go on are twins (same rank and colour): moving a part across
        # only swaps which twin is covered, which matters only for sending the uncovered
        # twin home, so that is the only reason to do it.
        movable = set()
        for k in range(4):
            pk = piles[k]
            if not pk:
                continue
            ps = parents[pk[0]]
            for m in range(4):
                if m != k and tops[m] in ps:
                    new, rr, run = lift(k, 0)
                    new[m] = piles[m] + run
                    (out if r else later).append(((new, rr, talon, p, found), [(pk[0], m)]))
            for s in range(4):
                u = nexts[s]
                i = pk.find(u) if u >= 0 else -1
                if 0 <= i < len(pk) - 1:
                    c = pk[i + 1]
                    movable.add(c)
                    ps = parents[c]
                    for m in range(4):
                        if m != k and tops[m] in ps:
                            new, rr, run = lift(k, i)
                            new[m] = piles[m] + run[1:]
                            f2 = list(found)
                            f2[s] += 1
                            out.append(((new, rr, talon, p, f2), [(c, m), (u, -1)]))
            if empty >= 0:
                for j in range(1, len(pk)):
                    new, rr, run = lift(k, j)
                    new[empty] = run
                    later.append(((new, rr, talon, p, found), [(pk[j], empty)]))
        # 4. Waste cards onto the tableau.  With draw 1 every waste card stays within
        # reach, so one goes out only to take a card that can be played onto it now: the
        # reserve's top, another waste card, a whole pile, or a part uncovering a card
        # that goes home.
        draw1 = R.draw == 1
        if draw1:
            movable.update(pk[0] for pk in piles if pk)
            movable.add(rtop)
        kids = R.kids

        def useful(c: int) -> bool:
            y, z = kids[c]
            return y in movable or z in movable or y in talon or z in talon

        for m in range(4):
            t = tops[m]
            if t < 0:
                continue
            for c in kids[t]:
                i = talon.find(c)
                if i < 0 or (reach is not None and i + 1 not in reach) or (draw1 and not useful(c)):
                    continue
                new = list(piles)
                new[m] = piles[m] + bytes((c,))
                out.append(((new, r, talon[:i] + talon[i + 1 :], i, found), [(c, m)]))
        if empty >= 0:
            for q in access:
                c = talon[q - 1]
                if draw1 and not useful(c):
                    continue
                new = list(piles)
                new[empty] = bytes((c,))
                later.append(((new, r, talon[: q - 1] + talon[q:], q - 1, found), [(c, empty)]))
        # 5. The other tableau moves.
        out += later
        return out

    # ------------------------------------------------------------ search
    def run(self, budget: int) -> tuple[str, int, list[list[Intent]]]:
        """Best-first search: the outcome, the positions examined and, for a win, the
        intents of each step from the root.

        The open position that scores best is expanded next: 10 for each card home, less
        15 for each card still in the reserve (it is the reserve that usually decides a
        deal); among equals the newest, so the search dives.
        """
        root: list[Intent] = []
        pos = self.settle(self.root, root)
        if sum(pos[4]) == 52:
            return "won", 1, [root]
        parent = [-1]
        steps = [root]
        seen = {self.key(pos[0], pos[1], pos[2], pos[3])}
        heap: list[tuple[int, int, Position]] = [(0, 0, pos)]
        key = self.key
        settle = self.settle
        children = self.children
        push = heapq.heappush
        pop = heapq.heappop
        while heap:
            _, nid, here = pop(heap)
            nid = -nid
            for child, intents in children(here):
                child = settle(child, intents)
                home = sum(child[4])
                if home == 52:
                    path = [intents]
                    while nid >= 0:
                        path.append(steps[nid])
                        nid = parent[nid]
                    return "won", len(parent) + 1, path[::-1]
                k = key(child[0], child[1], child[2], child[3])
                if k in seen:
                    continue
                seen.add(k)
                parent.append(nid)
                steps.append(intents)
                if len(parent) >= budget:
                    return "unknown", len(parent), []
                push(heap, (15 * child[1] - 10 * home, 1 - len(parent), child))
        return "lost", len(parent), []


def line_of(state: CanfieldState, path: list[list[Intent]]) -> tuple[Action, ...] | None:
    """The game's actions for a winning path of intents, played from ``state`` on a copy;
    None when the game's idle cap ends the deal on the way.

    Each intent names a card and where it goes; a card in the stock or under the waste's
    top is first brought up by drawing (and redealing).  The search leaves the idle cap
    aside: with the default cap of 200 its lines stay far below it, but a small
    ``idle_limit`` can end a deal before a long round of draws is over.
    """
    trial = state.clone()
    assert isinstance(trial, CanfieldState)
    line: list[Action] = []
    deals = len(trial.results)

    def over() -> bool:  # the deal has ended (the game, or this deal of several)
        return len(trial.results) > deals

    for step in path:
        for c, dest in step:
            guard = 0
            while True:
                st = trial.stacks
                waste = st[WASTE]
                if waste and waste[-1] & CARD == c:
                    break
                if not any(e & CARD == c for e in waste + st[STOCK]):
                    break
                if over():
                    return None
                act = DRAW if st[STOCK] else REDEAL
                trial.apply(act, 0)
                line.append(act)
                guard += 1
                if guard > 3 * 52:
                    raise CardlabError(f"{CARDS[c].text} never shows on the waste")
            if over():
                return None
            act = HOME[c] if dest < 0 else MOVE[c][dest]
            trial.apply(act, 0)
            line.append(act)
    if not over() or sum(trial.found) != 52:
        raise CardlabError("the solver's line does not win the deal")
    return tuple(line)


__all__ = ["DEFAULT_BUDGET", "Rules", "Search", "line_of", "position_of", "rules", "solve"]
