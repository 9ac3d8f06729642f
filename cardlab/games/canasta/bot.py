"""Canasta's heuristic bot and the learner's analysis of the pile."""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.cards import CARDS, Card, mask_of, rank_text
from ...core.observation import Observation
from ...rules.staged import plan_step, selection_steps, whole_hand
from .rules import (
    CANASTA_SIZE,
    DRAW,
    END,
    JOKERS,
    MELD_RANKS,
    NATURAL,
    RANK,
    TAKE,
    TWOS,
    VALUE,
    VALUE_OF_RANK,
    WILD,
    WORD,
    bits,
    points,
)

__all__ = ["CanastaBot", "hand_facts", "pile_chances", "plan_melds", "table_odds"]


def _table(obs: Observation, side: int) -> dict[int, tuple[int, int]]:
    """The side's melds: rank -> (size, wild cards)."""
    return {r: (n + w, w) for owner, r, n, w in obs.info.get("melds", ()) if owner == side}


def plan_melds(
    hand: int,
    table: dict[int, tuple[int, int]],
    *,
    melded: bool,
    minimum: int,
    upcard: int = -1,
    frozen: bool = False,
    pile_rest: int = 0,
    canastas: int = 0,
    need: int = 1,
    may_go_out: bool = True,
) -> list[str] | None:
    """The picks of a meld the bot makes with ``hand`` (taking the pile with ``upcard``
    when given), or None when it makes none.

    It lays every rank held three times or more, adds natural cards to the side's melds,
    a wild card where it completes a canasta, and pairs with a wild card when the
    first melds need more points; it keeps two cards unless it can go out.
    """
    groups: dict[int, list[str]] = {}
    sizes: dict[int, int] = {}
    wilds: dict[int, int] = {}
    used = 0
    free = hand
    total = 0
    take = upcard >= 0
    plan: list[str] = []

    def add(r: int, n: int) -> bool:
        nonlocal free, used, total
        pool = free & NATURAL[r]
        if pool.bit_count() < n:
            return False
        for _ in range(n):
            c = pool & -pool
            pool ^= c
            free &= ~c
            used += 1
            total += VALUE[c.bit_length() - 1]
            groups.setdefault(r, []).append(f"meld {WORD[r]}")
            sizes[r] = sizes.get(r, table.get(r, (0, 0))[0]) + 1
        return True

    def add_wild(r: int) -> bool:
        nonlocal free, used, total
        if wilds.get(r, table.get(r, (0, 0))[1]) >= 3:
            return False
        pool = free & TWOS or free & JOKERS
        if not pool:
            return False
        c = pool & -pool
        free &= ~c
        used += 1
        total += VALUE[c.bit_length() - 1]
        word = "two" if TWOS & c else "joker"
        groups.setdefault(r, []).append(f"{word} {WORD[r]}")
        sizes[r] = sizes.get(r, table.get(r, (0, 0))[0]) + 1
        wilds[r] = wilds.get(r, table.get(r, (0, 0))[1]) + 1
        return True

    if take:
        r = RANK[upcard]
        total += VALUE[upcard]
        sizes[r] = table.get(r, (0, 0))[0] + 1
        groups[r] = []
        if r in table and not frozen:
            pass
        elif frozen or (free & NATURAL[r]).bit_count() >= 2:
            if not add(r, 2):
                return None
        elif not (add(r, 1) and add_wild(r)):
            return None
    for r in MELD_RANKS:
        n = (free & NATURAL[r]).bit_count()
        if r in table or r in groups:
            if n:
                add(r, n)
        elif n >= 3:
            add(r, n)
    if not melded and total < minimum:
        for r in sorted(MELD_RANKS, key=lambda r: -VALUE_OF_RANK[r]):
            if total >= minimum:
                break
            if r not in groups and (free & NATURAL[r]).bit_count() == 2 and free & WILD:
                add(r, 2)
                add_wild(r)
        for r in list(groups):
            while total < minimum and add_wild(r):
                pass
        if total < minimum:
            return None
    for r in list(groups) + [r for r in table if r not in groups]:
        size = sizes.get(r, table.get(r, (0, 0))[0])
        if CANASTA_SIZE - 2 <= size < CANASTA_SIZE and free & WILD:
            while sizes.get(r, size) < CANASTA_SIZE and add_wild(r):
                pass
    made = canastas + sum(
        1 for r, size in sizes.items() if table.get(r, (0, 0))[0] < CANASTA_SIZE <= size
    )
    left = free.bit_count() + (pile_rest if take else 0)
    if left <= 1 and not (made >= need and may_go_out):
        # keep two cards: take back natural cards added to melds already on the table
        for r in list(groups):
            while left < 2 and r in table and groups[r] and groups[r][-1].startswith("meld"):
                groups[r].pop()
                left += 1
        if left < 2:
            return None
    if take:
        plan.append(str(TAKE))
    for picks in groups.values():
        plan += picks
    if not take and not plan:
        return None
    return plan


class CanastaBot(PhaseBot):
    """Rule-of-thumb Canasta: take the pile whenever a meld allows it, meld every set of
    three, grow the side's melds, complete canastas with wild cards, and discard lone
    low cards (a black three first), never a wild card while another will do.

    It reads only its observation: its hand, the table's melds, the pile and the minimum.
    """

    name = "heuristic"

    def _plan(self, obs: Observation, take: bool) -> list[str] | None:
        seat = obs.seat
        assert seat is not None
        if _just_cancelled(obs):
            return None  # a meld that could not be finished: not again this turn
        side = seat % 2
        info = obs.info
        hand = mask_of(whole_hand(obs))
        pile = obs.zone("discard").faces
        up = pile[-1].index if take and pile else -1
        return plan_melds(
            hand,
            _table(obs, side),
            melded=info["melded"][side],
            minimum=info["minimum"][side],
            upcard=up,
            frozen=bool(info["frozen"]),
            pile_rest=len(pile) - 1,
            canastas=info["canastas"][side],
            need=info["canastas_needed"],
            may_go_out=info.get("asked") is not False,
        )

    def _follow(self, obs: Observation, plan: list[str]) -> Action | None:
        return plan_step(obs, plan)

    @on("draw", why="take the pile when its upcard goes into a meld at once, else draw")
    def draw(self, obs: Observation) -> Action:
        legal = obs.legal
        building = selection_steps(obs) is not None
        if TAKE in legal or building:
            plan = self._plan(obs, True)
            if plan is not None:
                act = self._follow(obs, plan)
                if act is not None:
                    return act
        if building:
            return legal[legal.index("cancel")]
        if DRAW in legal:
            return legal[legal.index(DRAW)]
        return legal[0]

    @on(
        "meld",
        why="meld sets of three and more, grow the side's melds, then discard a lone low card",
    )
    def meld(self, obs: Observation) -> Action:
        legal = obs.legal
        building = selection_steps(obs) is not None
        plan = self._plan(obs, False)
        if plan is not None:
            act = self._follow(obs, plan)
            if act is not None:
                return act
        if building:
            return legal[legal.index("cancel")]
        if END in legal:
            return legal[legal.index(END)]
        discards = [a for a in legal if a.verb == "discard"]
        if not discards:
            return legal[0]
        return min(discards, key=lambda a: _discard_cost(obs, a.cards[0]))

    @on("go_out", why="say yes unless the hand holds 100 points or more")
    def answer(self, obs: Observation) -> Action:
        hand = mask_of(obs.my_hand)
        return obs.legal[0] if points(hand) < 100 else obs.legal[1]


def _just_cancelled(obs: Observation) -> bool:
    """Whether the seat's last step dropped a meld it was building."""
    hist = obs.history
    return bool(hist) and hist[-1].kind == "unstage" and hist[-1].action == "cancel"


def _discard_cost(obs: Observation, card: Card) -> tuple[int, int, int]:
    """Lower is a better discard: black threes first, then lone low cards; never a wild
    card or a rank the other side has melded while another will do."""
    i = card.index
    r = RANK[i]
    if WILD >> i & 1:
        return (3, VALUE[i], 0)
    if r == 3:
        return (0, 0, 0)
    seat = obs.seat
    assert seat is not None
    theirs = _table(obs, 1 - seat % 2)
    mine = _table(obs, seat % 2)
    hand = mask_of(obs.my_hand)
    copies = (hand & NATURAL[r]).bit_count()
    risky = 1 if r in theirs and not obs.info.get("frozen") else 0
    return (1 + risky + (1 if r in mine else 0), copies, VALUE[i])


# ------------------------------------------------------------------ analysis
def pile_chances(obs: Observation) -> dict[str, dict[str, Any]]:
    """For the seat in view: by rank, whether the pile's upcard could be taken with it now
    and how many natural cards of the rank are still unseen.

    Returns
    -------
    dict
        ``{rank: {"held": n, "unseen": n, "takes_now": bool, "why": str}}`` for Ace and
        Four to King; ``takes_now`` is for the rank on top of the pile only (the pile is
        taken with its upcard), and says whether the hand holds what taking needs.
    """
    seat = obs.seat
    if seat is None:
        return {}
    hand = mask_of(whole_hand(obs))
    seen = hand
    for z in obs.zones:
        seen |= mask_of(z.faces)
    for e in obs.history:
        seen |= mask_of(e.cards)
    side = seat % 2
    table = _table(obs, side)
    pile = obs.zone("discard").faces
    up = pile[-1] if pile else None
    frozen = bool(obs.info.get("frozen"))
    wilds = (hand & WILD).bit_count()
    out: dict[str, dict[str, Any]] = {}
    for r in MELD_RANKS:
        held = (hand & NATURAL[r]).bit_count()
        unseen = (NATURAL[r] & ~seen).bit_count()
        if frozen:
            ok, why = held >= 2, "frozen: two natural cards of the rank needed"
        elif r in table:
            ok, why = True, "the side's meld of this rank takes it"
        else:
            ok = held >= 2 or (held == 1 and wilds > 0)
            why = "a new meld: two natural cards, or one and a wild card"
        out[rank_text(r)] = {
            "held": held,
            "unseen": unseen,
            "takes_now": bool(up is not None and up.rank == r and ok),
            "could_take": ok,
            "why": why,
        }
    return out


def table_odds(obs: Observation) -> dict[str, float]:
    """The odds panel: for the seat in view, the chance that the next card from the stock
    is a natural card of each rank with which it could take a pile showing that rank,
    from the unseen cards (its own hand, the table and every card shown excluded)."""
    seat = obs.seat
    if obs.terminal or seat is None or not obs.info.get("stock_size"):
        return {}
    chances = pile_chances(obs)
    hand = mask_of(whole_hand(obs))
    seen = hand
    for z in obs.zones:
        seen |= mask_of(z.faces)
    for e in obs.history:
        seen |= mask_of(e.cards)
    unseen = len(CARDS) - seen.bit_count()
    if unseen <= 0:
        return {}
    out = {}
    for rank, row in chances.items():
        if row["could_take"] and row["unseen"]:
            out[f"next card is a natural {rank} (a pile topped by {rank} is yours to take)"] = (
                row["unseen"] / unseen
            )
    wild = (WILD & ~seen).bit_count()
    if wild:
        out["next card is wild"] = wild / unseen
    return out


del bits


def hand_facts(state: Any) -> dict[str, Any]:
    """What happened in the last hand of a Canasta game, read from its events: the player
    actions taken, whether the pile was ever frozen, the size of each pile taken and how
    the hand ended (``"out"`` or ``"stock"``)."""
    events = state.events[state.hand_starts[-1] :] if state.hand_starts else state.events
    actions = sum(1 for e in events if e.action is not None)
    frozen = any(
        e.kind == "turn" or (e.kind == "discard" and e.cards and WILD >> e.cards[0].index & 1)
        for e in events
    )
    taken = [len(e.cards) for e in events if e.kind == "draw" and e.get("source") == "discard"]
    ended = "out" if any(e.kind == "out" for e in events) else "stock"
    return {"actions": actions, "frozen": frozen, "piles_taken": taken, "ended": ended}
