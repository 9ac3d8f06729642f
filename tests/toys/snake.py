"""Track Toy: a small track-laying game whose lays are staged choices.

A test game, not a published one.  Two or three players each hold a long hand; one
face-up number card per player starts a track (pictures turned for a track go under the
stock).  On a turn a player either draws two cards from the stock, or lays: chooses a
track, then lays cards on it one at a time, each one rank above the card before it (or
each one below), Aces to Tens wrapping round (10 then A going up).  Pictures are wild,
taking the rank the run needs, but a lay may not end on one.  A lay of 1, 2, 3 or 4+
cards scores 1, 3, 5 or 7.  A hand ends when the player to move can neither draw nor
lay, or after ``max_turns`` turns; the game ends once a total reaches ``target``.

Actions: ``draw``; a lay is built as ``track N``, ``lay XX`` … and ``done`` (legal once
the last card is a number card), with ``back`` and ``cancel``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.core.actions import Action, action
from cardlab.core.agents import PhaseBot, on
from cardlab.core.cards import CARDS, Card, cards_of
from cardlab.core.errors import WorldError
from cardlab.core.events import Event
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import Options, option
from cardlab.core.phases import Phase
from cardlab.core.refusals import plural
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec, TableLayout
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.staged import (
    Pick,
    Selection,
    Staged,
    plan_step,
    whole_hand,
)
from cardlab.rules.worlds import (
    bits,
    deal_action,
    mask_of,
    place_used,
    replay,
    resume,
    retry,
    seat_of,
)

POINTS = (0, 1, 3, 5, 7)
DRAW = action("draw")
TRACKS = tuple(action(f"track {k + 1}") for k in range(3))
LAYS = tuple(action(f"lay {c.code}") for c in CARDS[:52])
PICTURES = sum(1 << c.index for c in CARDS[:52] if c.rank > 10)


def step(rank: int, by: int) -> int:
    """The rank ``by`` steps from ``rank`` on the A..10 ring."""
    return (rank - 1 + by) % 10 + 1


def points(cards: int) -> int:
    return POINTS[min(cards, 4)]


def reach(top: int, gap: int, dirs: tuple[int, ...], numbers: dict[int, int], wild: int) -> bool:
    """Whether a number card can still end the run: ``gap`` pictures lie on ``top``, up to
    ``wild`` more may follow, ``numbers`` counts the number cards left by rank."""
    return any(numbers.get(step(top, d * (gap + 1 + j)), 0) for d in dirs for j in range(wild + 1))


def ranks_of(mask: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for i in bits(mask & ~PICTURES):
        r = CARDS[i].rank
        out[r] = out.get(r, 0) + 1
    return out


@dataclass(frozen=True)
class SnakeOptions(Options):
    """Track Toy's options."""

    hand: int = option(12, "cards dealt to each player", min=3, max=20)
    target: int = option(15, "the game ends once a total reaches this", min=1)
    max_turns: int = option(120, "a hand ends after this many turns", min=1)


class SnakeState(State):
    """Track Toy in progress: hands are masks, the stock a list (top last), each track a
    list of cards (top last)."""

    __slots__ = ("hands", "staged", "stock", "tracks", "turns")

    DEAL = DealRule(each_seat(hand=lambda game, v: game.options.hand), pile("stock"))

    hands: list[int]
    stock: list[int]
    tracks: list[list[int]]
    turns: int
    staged: list[Selection | None]

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.stock = []
        self.tracks = [[] for _ in range(n)]
        self.turns = 0
        self.LAY.reset(self)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.stock = dealt.indices("stock")
        for k in range(self.players):
            while CARDS[self.stock[-1]].rank > 10:  # a picture goes under the stock
                self.stock.insert(0, self.stock.pop())
            self.tracks[k].append(self.stock.pop())
        tops = " ".join(CARDS[t[-1]].text for t in self.tracks)
        self.log("deal", None, f"Hand {self.hand_number + 1}: the tracks start with {tops}")
        self.phase = self.TURN
        self.to_move = ((self.dealer + 1 + self.hand_number) % self.players,)
        self._check_stuck()

    # ------------------------------------------------------------ rules
    def top(self, k: int) -> int:
        return CARDS[self.tracks[k][-1]].rank

    def can_lay(self, seat: int, k: int, used: int = 0) -> bool:
        held = self.hands[seat] & ~used
        return reach(self.top(k), 0, (1, -1), ranks_of(held), (held & PICTURES).bit_count())

    def _check_stuck(self) -> None:
        seat = self.to_move[0]
        if self.turns >= self.options.max_turns:
            self.end_hand(f"{self.turns} turns played")
        elif not self.stock and not any(self.can_lay(seat, k) for k in range(self.players)):
            self.end_hand(f"{self.names[seat]} can neither draw nor lay")

    def _next_turn(self, seat: int) -> None:
        self.turns += 1
        if max(self.scores) >= self.options.target:
            self.end_hand(f"{self.names[seat]} reaches {self.scores[seat]}")
            return
        self.to_move = ((seat + 1) % self.players,)
        self._check_stuck()

    def game_over(self) -> bool:
        return max(self.scores) >= self.options.target

    # ------------------------------------------------------------ turn
    def _turn_legal(self, seat: int) -> tuple[Action, ...]:
        return (DRAW,) if self.stock else ()

    def _turn_apply(self, act: Action, seat: int) -> None:
        got = [self.stock.pop() for _ in range(min(2, len(self.stock)))]
        for i in got:
            self.hands[seat] |= 1 << i
        cards = tuple(CARDS[i] for i in got)
        name = self.names[seat]
        self.log(
            "draw",
            seat,
            f"{name} draws {plural(len(cards), 'card')}",
            f"{name} draws {' '.join(c.text for c in cards)}",
            (seat,),
            hidden=cards,
            public_action=True,
        )
        self._next_turn(seat)

    def _turn_why(self, act: Action, seat: int) -> str:
        if act == DRAW:
            return "the stock is empty: lay if you can"
        return ""

    # ------------------------------------------------------------ the lay
    def _menu(self, seat: int, sel: Selection) -> tuple[Action, ...]:
        if not sel.steps:
            return tuple(TRACKS[k] for k in range(self.players) if self.can_lay(seat, k))
        d = sel.data
        avail = self.hands[seat] & ~sel.cards
        numbers = ranks_of(avail)
        wild = (avail & PICTURES).bit_count()
        top, gap, dirs = d["top"], d["gap"], d["dirs"]
        want = {step(top, dd * (gap + 1)) for dd in dirs}
        out = []
        picture_ok = wild > 0 and reach(top, gap + 1, dirs, numbers, wild - 1)
        for c in cards_of(avail):
            if c.rank > 10:
                if picture_ok:
                    out.append(LAYS[c.index])
            elif c.rank in want:
                out.append(LAYS[c.index])
        return tuple(out)

    def _pick(self, seat: int, sel: Selection, act: Action) -> Pick:
        if act.verb == "track":
            k = int(act.args[0]) - 1
            sel.data.update(track=k, top=self.top(k), gap=0, dirs=(1, -1), laid=0)
            return Pick(-1, k, "")
        d = sel.data
        c = act.cards[0]
        d["laid"] += 1
        if c.rank > 10:
            d["gap"] += 1
            return Pick(c.index, d["track"], "wild")
        d["dirs"] = tuple(x for x in d["dirs"] if step(d["top"], x * (d["gap"] + 1)) == c.rank)
        d["top"], d["gap"] = c.rank, 0
        return Pick(c.index, d["track"], "")

    def _complete(self, seat: int, sel: Selection) -> str:
        d = sel.data
        if not d["laid"]:
            return "lay at least one card on the track"
        if d["gap"]:
            return "a lay may not end on a picture"
        return ""

    def _lay_why(self, seat: int, sel: Selection, act: Action) -> str:
        if act.verb == "track":
            k = act.args[0] if act.args else ""
            if not k.isdigit() or not 1 <= int(k) <= self.players:
                return f"there are {self.players} tracks: say 'track 1' to 'track {self.players}'"
            if sel.steps:
                return "a lay goes onto one track: 'cancel' to choose another"
            return f"no card of yours can start a run on track {k}"
        card = act.card
        if card is None:
            return ""
        if not sel.steps:
            return "choose a track first ('track N')"
        if not self.hands[seat] >> card.index & 1:
            return f"you don't hold {card}"
        if sel.cards >> card.index & 1:
            return f"{card} is already in your lay"
        if card.rank > 10:
            return "a lay may not end on a picture, and no number card of yours could follow it"
        d = sel.data
        want = " or ".join(sorted({str(step(d["top"], x * (d["gap"] + 1))) for x in d["dirs"]}))
        return f"{card} does not continue the run: it needs a {want}"

    def _summary(self, seat: int, sel: Selection) -> str:
        d = sel.data
        laid = d["laid"]
        text = f"track {d['track'] + 1} (top {CARDS[self.tracks[d['track']][-1]].text})"
        if laid:
            text += f", {plural(laid, 'card')} for {plural(points(laid), 'point')}"
        return text

    def _commit(self, seat: int, sel: Selection) -> None:
        k = sel.data["track"]
        laid = sel.order
        self.hands[seat] &= ~sel.cards
        self.tracks[k].extend(laid)
        cards = tuple(CARDS[i] for i in laid)
        got = points(len(laid))
        name = self.names[seat]
        self.log(
            "lay",
            seat,
            f"{name} lays {' '.join(c.text for c in cards)} on track {k + 1} "
            f"for {plural(got, 'point')}",
            cards=cards,
            track=k,
            steps=tuple(sel.steps),
        )
        self.award(seat, got, f"a lay of {plural(len(laid), 'card')}")
        self._next_turn(seat)

    LAY = Staged(
        "lay",
        ("track", "lay"),
        menu=_menu,
        pick=_pick,
        complete=_complete,
        commit=_commit,
        why=_lay_why,
        summary=_summary,
        unit="card",
    )
    TURN = LAY.around(
        Phase("turn", _turn_legal, _turn_apply, _turn_why, "Draw two cards, or lay on a track")
    )

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"cards": self.hands[seat].bit_count()}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = []
        picked = self.LAY.picked_masks(self)
        for s in range(self.players):
            mine = view.seat == s or view.teacher
            held = self.hands[s] & ~picked[s] if mine else self.hands[s]
            zones.append(Zone("hand", s, view.held(cards_of(held), view.seat == s), "hand"))
        zones += self.LAY.zones(self, view)
        for k, t in enumerate(self.tracks):
            zones.append(
                Zone(f"track{k + 1}", None, tuple(CARDS[i] for i in t), label=f"Track {k + 1}")
            )
        zones.append(Zone("stock", None, view.stack([CARDS[i] for i in self.stock])))
        info: dict[str, Any] = {
            "turn": self.turns + 1,
            "target": self.options.target,
            "stock": len(self.stock),
        }
        info.update(self.LAY.info(self, view))
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The hand replayed from a deal rebuilt from the history: the seat's own hand and
        draws as it saw them, the tracks' first cards on top of the stock, each card
        another seat laid dealt to it (or, when its hand is full, drawn by it earlier),
        the rest of the unseen cards at random.  Another seat's lay is rebuilt from the
        steps its public event lists; the seat's own selection in progress is replayed.
        Approximation: no picture is ever turned under the stock at the deal."""
        return retry(_world, game, obs, rng)


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    world = resume(game, obs)
    n = obs.players
    size = int(game.options.hand)
    # The stock is popped from its top: first the tracks' first cards, then every draw.
    # This seat knows its own draws; another's are open slots, filled below.
    tops = [obs.zone(f"track{k + 1}").faces[0].index for k in range(n)]
    pops: list[int] = list(tops)  # card index, or -1 for a card another seat drew
    owner: list[tuple[int, int]] = []  # (seat, history index) of each open slot
    left = 52 - n * size - n
    drawn = played = 0  # this seat's draws and lays
    laid: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (card, history index)
    for i, e in enumerate(obs.history):
        if e.kind == "draw" and e.seat is not None:
            got = min(2, left)
            left -= got
            if e.seat == me:
                pops += [c.index for c in e.hidden]
                drawn |= mask_of(e.hidden)
            else:
                pops += [-1] * got
                owner += [(e.seat, i)] * got
        elif e.kind == "lay" and e.seat is not None:
            if e.seat == me:
                played |= mask_of(e.cards)
            else:
                laid[e.seat] += [(c.index, i) for c in e.cards]
    if left != len(obs.zone("stock").cards):
        raise WorldError("the stock does not add up")
    mine = (mask_of(whole_hand(obs)) | played) & ~drawn  # its hand as dealt
    known = mine | mask_of(CARDS[c] for c in pops if c >= 0)
    # Each card another seat laid was in its hand by then: dealt to it, else one of its
    # earlier draws.  The rest of the unseen cards go anywhere.
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = bits(mine)
    unseen = place_used(laid, hands, pops, owner, known, size, obs.names, rng)
    stock = unseen + pops[::-1]  # the top last
    deal = deal_action(world, {("stock", None): stock, **{("hand", s): hands[s] for s in range(n)}})
    # the replay scores this hand's lays again, and a total reaching the target ends it:
    # start from the totals before them
    start = list(obs.scores)
    for e in obs.history:
        if e.kind == "lay" and e.seat is not None:
            start[e.seat] -= points(len(e.cards))
    world.restore_totals(start)
    return replay(world, obs, chance=[deal], unseen=_lay_steps)


def _lay_steps(world: State, seat: int, history: Sequence[Event], i: int) -> Sequence[str]:
    """The picks another seat made, in private, to build the lay it logged at ``i``."""
    e = history[i]
    return e.get("steps", ()) if e.kind == "lay" else ()


# ----------------------------------------------------------------- bot
def best_lay(hand: tuple[Card, ...], tops: list[int]) -> list[str]:
    """The longest lay the hand can make on any track (numbers before pictures, pictures
    only where a number follows), as the picks of a staged lay."""
    best: list[str] = []
    for k, top in enumerate(tops):
        for d in (1, -1):
            left = sorted(hand, key=lambda c: c.index)
            run: list[Card] = []
            cur, gap = top, 0
            while True:
                need = step(cur, d * (gap + 1))
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
            while run and run[-1].rank > 10:
                run.pop()
            plan = [f"track {k + 1}", *(f"lay {c.code}" for c in run)]
            if run and len(plan) > len(best):
                best = plan
    return best


class SnakeBot(PhaseBot):
    """Lays its longest run when it has two cards or more (or cannot draw), else draws."""

    name: ClassVar[str] = "heuristic"

    @on("turn", why="lay the longest run when it is two cards or more, else draw")
    def turn(self, obs: Observation) -> Action:
        n = obs.players
        tops = [obs.zone(f"track{k + 1}").faces[-1].rank for k in range(n)]
        plan = best_lay(whole_hand(obs), tops)
        if plan and (len(plan) > 2 or DRAW not in obs.legal):
            got = plan_step(obs, plan)
            if got is not None:
                return got
        if DRAW in obs.legal:
            return DRAW
        return obs.legal[0]


GAME = register(
    GameSpec(
        name="toy_snake",
        title="Track Toy",
        family="toy",
        players=(2, 3),
        summary="A test game: lay runs on tracks, built pick by pick",
        state_class=SnakeState,
        options_class=SnakeOptions,
        bots={"heuristic": SnakeBot},
        layout=TableLayout(center=("track1", "track2", "track3", "stock")),
        dealer=False,
    )
)
