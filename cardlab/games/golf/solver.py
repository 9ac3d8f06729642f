"""Golf's solver: can a deal still be won, with every stock card known?

The solver plays on the game's own rule tables (:func:`~cardlab.games.golf.rules.golf_rules`):
``onto`` says which ranks may go on which, ``may_draw`` when a stock card may be turned,
so its moves are the engine's moves; a winning line is returned as the engine's actions.

The search is a depth-first search over positions, exhaustive within a budget:

* a position is the seven pile heights, how many stock cards have been turned and the
  rank of the discard pile's top card (suits never matter), packed in one small integer;
  the positions proved lost are kept in a transposition table, so none is searched twice;
* with ``draw_any_time`` a position lost with ``s`` cards turned is lost with more turned
  too (the player could have turned them one after another), so the table keeps, for
  each heights and top rank, the fewest turned cards already proved lost;
* the piles' top ranks are kept in one word, four bits a pile, so the piles a rank may
  go on are found with a few integer operations rather than a loop;
* a position where no pile card fits on the discard pile has one move, turning the
  stock, so it is passed straight through: stock cards are turned until one takes a pile
  card (a position where the stock runs out first is lost);
* dead ends are cut by two counting arguments, both cheap on packed counts of the ranks
  still in the piles:

  - *predecessors*: every pile card needs a card of a neighbouring rank to be played on,
    each card (a pile card, a stock card not yet turned, or the discard top) serving at
    most one.  Hall's condition is checked on the sets of one, two and three ranks two
    apart (5; 5 and 7; 5, 7 and 9 …): on a line of ranks all such sets together decide
    exactly whether the cards can be matched, and the short ones catch nearly every
    position the long ones do, for less work.  So a rank whose neighbours are all gone
    is caught at once;
  - *parity* (without ``wrap``): ranks alternate odd and even along any run of plays, so
    a run started on an odd card clears at most one more even card than odd ones, and the
    surplus of even over odd pile cards is at most the number of runs that can still
    start on an odd card (the discard top and the unturned stock cards), and vice versa.

"lost" means every position reachable from the one solved was examined (or cut by those
arguments); "unknown" that the budget ran out first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.solver import Solved
from ...rules.solitaire import check_budget, deal_cards
from ...rules.tableau import CARD, RANK
from .rules import DISCARD, DRAW, PILE_SIZE, PILES, PLAY, STOCK, GolfRules, GolfState, golf_rules

#: Positions examined before the solver answers "unknown", unless told otherwise.
BUDGET = 1_000_000

_F = 7  # bits per rank in the packed counts (values below 64, a guard bit above)
_FM = (1 << _F) - 1
_ONE = sum(1 << (_F * r) for r in range(13))
_GUARD = _ONE << (_F - 1)
_ALL = _ONE * _FM
_TB = tuple(1 << (_F * r) for r in range(13))
#: Longest run of ranks two apart whose Hall condition is checked (the first three catch
#: nearly everything the full seven do, for less work).
_SPAN = 3


class _OutOfBudget(Exception):
    pass


def _position(state_or_deal: Any) -> tuple[list[list[int]], list[int], int]:
    """(piles bottom first, stock in the order it is turned, discard top) as card indices."""
    if isinstance(state_or_deal, GolfState):
        st = state_or_deal
        if st.chance is not None and not st.results:
            raise ValueError("the state has not been dealt yet")
        stacks = st.stacks
        piles = [[e & CARD for e in stacks[k]] for k in PILES]
        stock = [e & CARD for e in reversed(stacks[STOCK])]
        return piles, stock, stacks[DISCARD][-1] & CARD
    cards = deal_cards(
        state_or_deal,
        "seven piles of five (each from its top card down), then the stock from its top",
    )
    idx = [c.index for c in cards]
    n = len(PILES) * PILE_SIZE
    piles = [idx[k * PILE_SIZE : (k + 1) * PILE_SIZE][::-1] for k in range(len(PILES))]
    return piles, idx[n + 1 :], idx[n]


def solve(
    state_or_deal: Any,
    budget: int = BUDGET,
    *,
    draw_any_time: bool | None = None,
    queen_on_king: bool | None = None,
    wrap: bool | None = None,
) -> Solved:
    """Can this deal (or position) still be won, with every stock card known?

    Parameters
    ----------
    state_or_deal : a :class:`~cardlab.games.golf.GolfState` (its position and its
        options' rules), a deal action or its text (``"deal ..."``), or its 52 cards
        (seven piles of five, each from its top card down, then the stock from its top,
        whose first card starts the discard pile)
    budget : most positions to examine before answering ``"unknown"``
    draw_any_time, queen_on_king, wrap : the rules (default: the state's options, else off)

    Returns
    -------
    Solved(outcome, nodes, line): ``"won"`` with the winning ``line`` of actions (each
    legal in turn in the engine), ``"lost"`` or ``"unknown"``.
    """
    check_budget(budget)
    base = state_or_deal.rules if isinstance(state_or_deal, GolfState) else golf_rules()
    rules = golf_rules(
        base.draw_any_time if draw_any_time is None else bool(draw_any_time),
        base.queen_on_king if queen_on_king is None else bool(queen_on_king),
        base.wrap if wrap is None else bool(wrap),
    )
    if isinstance(state_or_deal, GolfState) and state_or_deal.terminal:
        piles_left = sum(len(state_or_deal.stacks[k]) for k in PILES)
        return Solved("won" if not piles_left else "lost", 1)
    piles, stock, top = _position(state_or_deal)
    if not any(piles):
        return Solved("won", 1)
    outcome, nodes, moves = _search(piles, stock, top, rules, budget)
    if outcome != "won":
        return Solved(outcome, nodes)
    heights = [len(p) for p in piles]
    line: list[Action] = []
    for k in moves:
        if k < 0:
            line.append(DRAW)
        else:
            heights[k] -= 1
            line.append(PLAY[piles[k][heights[k]]])
    return Solved("won", nodes, tuple(line))


def _search(
    piles: Sequence[Sequence[int]],
    stock: Sequence[int],
    top: int,
    rules: GolfRules,
    budget: int,
) -> tuple[str, int, list[int]]:
    """The depth-first search (see the module docstring): outcome, nodes and, for a win,
    the moves (a pile index, or -1 for a draw) in order."""
    onto = rules.onto
    any_time = rules.draw_any_time
    n = len(stock)
    srank = [RANK[c] for c in stock]
    npiles = len(piles)
    shifts = [3 * k for k in range(npiles)]
    # rank of each pile's top card by height: tops[8 * k + h]
    tops = [0] * (8 * npiles)
    heights0 = 0
    counts = 0  # packed: cards of each rank still in the piles
    diff0 = 0  # even-ranked minus odd-ranked pile cards
    for k, p in enumerate(piles):
        heights0 |= len(p) << shifts[k]
        for h, c in enumerate(p, start=1):
            r = RANK[c]
            tops[8 * k + h] = r
            counts += _TB[r]
            diff0 += 1 if r % 2 == 0 else -1
    # packed counts of the stock cards not yet turned, by how many have been turned
    unturned = [0] * (n + 1)
    for s in range(n - 1, -1, -1):
        unturned[s] = unturned[s + 1] + _TB[srank[s]]
    # parity: the ranks alternate along every run of plays unless King and Ace meet
    parity = all((t + r) % 2 for t in range(13) for r in range(13) if onto[t] >> r & 1)
    odd_starts = [0] * (n + 1)  # unturned stock cards that can start a run, by parity
    even_starts = [0] * (n + 1)
    for s in range(n - 1, -1, -1):
        r = srank[s]
        live = 1 if onto[r] else 0
        odd_starts[s] = odd_starts[s + 1] + (live if r % 2 else 0)
        even_starts[s] = even_starts[s + 1] + (0 if r % 2 else live)
    top_odd = [1 if onto[t] and t % 2 else 0 for t in range(13)]
    top_even = [1 if onto[t] and not t % 2 else 0 for t in range(13)]
    # predecessors: fields of ranks that may take the rank above (up) or below (down)
    up = sum(_FM << (_F * x) for x in range(12) if onto[x] >> (x + 1) & 1)
    down = sum(_FM << (_F * x) for x in range(1, 13) if onto[x] >> (x - 1) & 1)
    either = up | down
    king_on_ace = onto[0] >> 12 & 1  # with wrap an Ace takes a King ...
    ace_on_king = onto[12] & 1  # ... and a King an Ace: counted where the line misses them
    span = _SPAN
    f2 = 2 * _F
    guard = _GUARD
    everything = _ALL
    tb = _TB

    def dead(counts: int, s: int, t: int, diff: int) -> bool:
        if parity and (diff > top_odd[t] + odd_starts[s] or -diff > top_even[t] + even_starts[s]):
            return True
        avail = counts + unturned[s] + tb[t]
        au = avail & up
        ad = avail & down
        ae = avail & either
        need = ((au << _F) & everything) + (ad >> _F)
        if ace_on_king:
            need += (avail >> (12 * _F)) & _FM
        if king_on_ace:
            need += (avail & _FM) << (12 * _F)
        if ((need | guard) - counts) & guard != guard:
            return True
        have = counts
        for size in range(2, span + 1):
            sh = (2 * size - 3) * _F
            need += (ae >> sh) - (ad >> sh) + (ad >> (sh + f2))
            have += counts >> ((size - 1) * f2)
            if king_on_ace:  # the set from rank 14 - 2 * size now reaches the King
                need += (avail & _FM) << ((14 - 2 * size) * _F)
            if ((need | guard) - have) & guard != guard:
                return True
        return False

    # the pile tops as one word, four bits a pile (rank + 1, 0 when empty), and what
    # playing pile k at height h adds to it
    word0 = 0
    delta = [0] * (8 * npiles)
    for k, p in enumerate(piles):
        if p:
            word0 |= (RANK[p[-1]] + 1) << (4 * k)
        for h in range(1, len(p) + 1):
            below = tops[8 * k + h - 1] + 1 if h > 1 else 0
            delta[8 * k + h] = (below - tops[8 * k + h] - 1) << (4 * k)
    low3 = sum(7 << (4 * k) for k in range(npiles))
    high = sum(8 << (4 * k) for k in range(npiles))
    rep = [sum((r + 1) << (4 * k) for k in range(npiles)) for r in range(13)]
    takes = [[r for r in range(13) if onto[t] >> r & 1] for t in range(13)]
    # how many pile tops there are of each rank (four bits a rank), what playing pile k at
    # height h adds to that, and the ranks each rank takes as a mask of those fields: a
    # position where nothing fits is passed straight through to the stock card that fits
    fields = [0] * 13
    for t in range(13):
        for r in takes[t]:
            fields[t] |= 15 << (4 * r)
    count0 = sum(1 << (4 * RANK[p[-1]]) for p in piles if p)
    change = [0] * (8 * npiles)
    for k, p in enumerate(piles):
        for h in range(1, len(p) + 1):
            below = 1 << (4 * tops[8 * k + h - 1]) if h > 1 else 0
            change[8 * k + h] = below - (1 << (4 * tops[8 * k + h]))

    lost: set[int] = set()  # positions proved lost (forced draws)
    lost_at: dict[int, int] = {}  # heights and top -> fewest turned proved lost (any time)
    dead_cache: dict[int, bool] = {}
    line: list[int] = []
    nodes = 0

    def dfs(key: int, s: int, word: int, tc: int, counts: int, diff: int) -> bool:
        # key: the heights (3 bits a pile) and the top's rank (4 bits); tc: the tops' ranks
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        t = key & 15
        ck = counts << 9 | s << 4 | t
        d = dead_cache.get(ck)
        if d is None:
            d = dead_cache[ck] = dead(counts, s, t, diff)
        if not d:
            heights = key >> 4
            played = False
            for r in takes[t]:
                x = word ^ rep[r]
                found = ~(((x & low3) + low3) | x) & high  # the piles whose top is rank r
                while found:
                    bit = found & -found
                    found ^= bit
                    k = (bit.bit_length() - 1) >> 2
                    played = True
                    sh = shifts[k]
                    h = heights >> sh & 7
                    rest = heights - (1 << sh)
                    if not rest:
                        line.append(k)
                        return True
                    tc2 = tc + change[8 * k + h]
                    s2 = s
                    t2 = r
                    while not tc2 & fields[t2] and s2 < n:  # nothing fits: turn the stock
                        t2 = srank[s2]
                        s2 += 1
                    if not tc2 & fields[t2]:
                        continue  # stuck with the stock used up
                    child = rest << 4 | t2
                    if any_time:
                        if lost_at.get(child, 99) <= s2:
                            continue
                    elif child << 5 | s2 in lost:
                        continue
                    if dfs(
                        child,
                        s2,
                        word + delta[8 * k + h],
                        tc2,
                        counts - tb[r],
                        diff - 1 if r % 2 == 0 else diff + 1,
                    ):
                        line.extend([-1] * (s2 - s))
                        line.append(k)
                        return True
            if s < n and (any_time or not played):
                t2 = srank[s]
                s2 = s + 1
                while not tc & fields[t2] and s2 < n:
                    t2 = srank[s2]
                    s2 += 1
                if tc & fields[t2]:
                    child = heights << 4 | t2
                    fresh = lost_at.get(child, 99) > s2 if any_time else child << 5 | s2 not in lost
                    if fresh and dfs(child, s2, word, tc, counts, diff):
                        line.extend([-1] * (s2 - s))
                        return True
        if any_time:
            if lost_at.get(key, 99) > s:
                lost_at[key] = s
        else:
            lost.add(key << 5 | s)
        return False

    try:
        won = dfs(heights0 << 4 | RANK[top], 0, word0, count0, counts, diff0)
    except _OutOfBudget:
        return "unknown", nodes - 1, []
    line.reverse()
    return ("won" if won else "lost"), nodes, line
