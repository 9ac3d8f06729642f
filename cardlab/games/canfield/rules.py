"""Canfield's rules: its options, layout and actions, and the state.

The rules in words are in :mod:`cardlab.games.canfield`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from ...core.actions import Action, action
from ...core.cards import CARDS, RANK_NAMES
from ...core.observation import Observation, Zone
from ...core.options import SolitaireOptions, option
from ...core.phases import Phase
from ...core.refusals import plural
from ...core.state import State
from ...rules.deals import DealRule, pile, piles
from ...rules.solitaire import STOP, SolitaireGame
from ...rules.tableau import (
    CARD,
    RANK,
    SUIT,
    UP,
    Layout,
    deal_cards,
    down_alternating,
    find,
    foundation_order,
    foundation_zones,
    gather,
    homes,
    mask_of,
    move_run,
    run_moves,
    stack_entries,
    stack_zone,
    top_moves,
    turn_up,
)
from ...rules.tableau import (
    tops as stack_tops,
)

LAYOUT: Final = Layout(("reserve", 1), ("stock", 1), ("waste", 1), ("tableau", 4))
STACK_NAMES: Final = LAYOUT.names
RESERVE, STOCK, WASTE = 0, 1, 2
TABLEAU: Final = LAYOUT.group("tableau")
T0: Final = TABLEAU[0]
#: The stacks whose top card may be played: the reserve, the waste, the tableau piles.
SOURCES: Final = (RESERVE, WASTE, *TABLEAU)
#: Down in alternating colours, a King on an Ace.
BUILD: Final = down_alternating(wrap=True)
FITS: Final = BUILD.fits

HOME: Final = tuple(action(f"home {CARDS[c].code}") for c in range(52))
MOVE: Final = tuple(
    tuple(action(f"move {CARDS[c].code} {STACK_NAMES[k]}") for k in TABLEAU) for c in range(52)
)
DRAW: Final = action("draw")
REDEAL: Final = action("redeal")
_VERBS: Final = frozenset(("home", "move", "draw", "redeal", "stop"))
# What each action does, decoded once: (kind, card, tableau pile 0-3).
_HOME, _MOVE, _DRAW, _REDEAL, _STOP = range(5)
_DO: dict[Action, tuple[int, int, int]] = {
    DRAW: (_DRAW, 0, 0),
    REDEAL: (_REDEAL, 0, 0),
    STOP: (_STOP, 0, 0),
}
for _c in range(52):
    _DO[HOME[_c]] = (_HOME, _c, 0)
    for _k in range(4):
        _DO[MOVE[_c][_k]] = (_MOVE, _c, _k)


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class CanfieldOptions(SolitaireOptions):
    draw: int = option(
        1,
        "cards turned from the stock to the waste at a time: 1, or 3 (only the last of the "
        "three is free to play, the one under it when it goes)",
        choices=(1, 3),
    )
    idle_limit: int = option(
        200,
        "the deal ends after this many moves in a row without progress (a card reaching a "
        "foundation or leaving the reserve or the waste); draws and redeals are moves",
        min=1,
        max=100_000,
    )
    scoring: str = option(
        "standard",
        "standard: one point per card on the foundations (52 wins); casino: five points "
        "per card on the foundations minus a stake of 52",
        choices=("standard", "casino"),
    )


def base_rank_words(base: int) -> str:
    """How the foundations run from base rank ``base`` (0 = Ace), in words."""
    first = RANK_NAMES[base]
    if base == 0:
        return "from the Ace up to the King"
    if base == 1:
        return "from the Two up to the King, then the Ace"
    return f"from the {first} up to the King, then from the Ace up to the {RANK_NAMES[base - 1]}"


# ------------------------------------------------------------ state
class CanfieldState(SolitaireGame):
    """A deal of Canfield in progress.

    ``stacks`` holds the reserve (0), the stock (1), the waste (2) and the four tableau
    piles (3-6) (see :class:`~cardlab.rules.solitaire.SolitaireGame`).  ``base`` is the
    foundations' first rank (0 = Ace) and ``order`` each entry's place in its suit's
    foundation.  ``seen`` is the bitmask of the cards the player has seen face up this
    deal (the teacher view marks the others).
    """

    __slots__ = ("base", "idle", "order", "redeals", "seen")

    LAYOUT = LAYOUT
    HOME_FROM = True
    CARRIED = "{cards} on it"

    DEAL = DealRule(
        pile("reserve", 13),
        pile("foundation", 1),
        piles("tableau", 4, 1, param="tableau"),
        pile("stock"),
        positional=(),
    )

    base: int
    order: tuple[int, ...]
    idle: int
    redeals: int
    seen: int

    def reset_hand(self) -> None:
        super().reset_hand()
        self.base = 0
        self.order = foundation_order(0)
        self.idle = 0
        self.redeals = 0
        self.seen = 0

    @property
    def draw(self) -> int:
        return int(self.options.draw)

    def place(self, k: int) -> str:
        """A stack as narration names it: "the reserve", "the waste", "tableau2"."""
        return STACK_NAMES[k] if k in TABLEAU else f"the {STACK_NAMES[k]}"

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        stacks = LAYOUT.empty()
        reserve = [c.index for c in reversed(dealt["reserve"])]  # bottom first
        reserve[-1] |= UP
        stacks[RESERVE] = tuple(reserve)
        stacks[STOCK] = tuple(c.index for c in reversed(dealt["stock"]))
        for k in range(4):
            stacks[TABLEAU[k]] = (dealt[f"tableau{k + 1}"][0].index | UP,)
        first = dealt["foundation"][0]
        self.base = RANK[first.index]
        self.order = foundation_order(self.base)
        self.found[first.suit] = 1
        self.begin_play(stacks)
        shown = [first, CARDS[reserve[-1] & CARD], *(dealt[f"tableau{k + 1}"][0] for k in range(4))]
        self.seen = mask_of(c.index for c in shown)
        tableau = " ".join(c.text for c in shown[2:])
        self.log(
            "deal",
            None,
            f"Deal {self.hand_number + 1}: {first.text} starts the foundations, which build "
            f"{base_rank_words(self.base)}; the reserve shows {shown[1].text} over 12 cards "
            f"face down; the tableau is {tableau}; 34 cards in the stock",
            cards=tuple(shown),
            base=self.base,
            foundation=first,
            reserve=shown[1],
            tableau=tuple(shown[2:]),
        )

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        stacks = self.stacks
        tops = stack_tops(stacks)
        acts = [HOME[tops[k] & CARD] for k in homes(tops, self.found, self.order, SOURCES)]
        # An empty tableau pile can only be waiting while the reserve is empty.
        empties = 0
        for k in TABLEAU:
            if tops[k] < 0:
                empties |= 1 << k
        for a, b in top_moves(tops, FITS, (RESERVE, WASTE), TABLEAU, empties):
            acts.append(MOVE[tops[a] & CARD][b - T0])
        for k, i, d in run_moves(stacks, tops, FITS, TABLEAU, TABLEAU, empties):
            acts.append(MOVE[stacks[k][i] & CARD][d - T0])
        if stacks[STOCK]:
            acts.append(DRAW)
        elif stacks[WASTE]:
            acts.append(REDEAL)
        acts.append(STOP)
        return tuple(acts)

    # ------------------------------------------------------------ apply
    def _play(self, act: Action, seat: int) -> None:
        kind, x, y = _DO[act]
        if kind == _STOP:
            self.end_deal("stops")
            return
        stacks = list(self.stacks)
        name = self.names[0]
        self.moves += 1
        progress = False
        if kind == _HOME:
            self.move_home(stacks, x, SOURCES)
            progress = True
        elif kind == _MOVE:
            k, _ = self.move_cards(stacks, x, T0 + y)
            progress = k in (RESERVE, WASTE)
        elif kind == _DRAW:
            n = deal_cards(stacks, STOCK, WASTE, self.draw, face_up=True)
            drawn = tuple(CARDS[e & CARD] for e in stacks[WASTE][-n:])
            for c in drawn:
                self.seen |= 1 << c.index
            said = " ".join(c.text for c in drawn) + (" (the last on top)" if n > 1 else "")
            left = len(stacks[STOCK])
            self.log(
                "draw",
                0,
                f"{name} draws {said}; {plural(left, 'card')} left in the stock",
                cards=drawn,
                count=n,
                left=left,
            )
        else:
            n = gather(stacks, WASTE, STOCK, face_up=False)
            self.redeals += 1
            self.log(
                "redeal",
                0,
                f"{name} turns the waste over as a new stock of {plural(n, 'card')} "
                f"(redeal {self.redeals})",
                count=n,
                redeal=self.redeals,
            )
        if self._settle(stacks):
            progress = True
        self.idle = idle = 0 if progress else self.idle + 1
        limit = int(self.options.idle_limit)
        self.end_move(
            stacks, f"makes {limit} moves in a row without progress" if idle >= limit else ""
        )

    def _settle(self, stacks: list[tuple[int, ...]]) -> bool:
        """Turn up the reserve's new top and refill an empty tableau pile from the reserve,
        in place; True when a reserve card went to the tableau."""
        filled = False
        self._turn_reserve(stacks)
        for k in TABLEAU:
            if not stacks[k] and stacks[RESERVE]:
                e = stacks[RESERVE][-1]
                move_run(stacks, RESERVE, len(stacks[RESERVE]) - 1, k)
                filled = True
                self.log(
                    "fill",
                    0,
                    f"{CARDS[e & CARD].text} fills the empty {STACK_NAMES[k]} from the reserve",
                    cards=(CARDS[e & CARD],),
                    source=STACK_NAMES[RESERVE],
                    target=STACK_NAMES[k],
                )
                self._turn_reserve(stacks)
        return filled

    def _turn_reserve(self, stacks: list[tuple[int, ...]]) -> None:
        st = stacks[RESERVE]
        if st and not st[-1] & UP:
            c = turn_up(stacks, RESERVE)
            self.seen |= 1 << c
            self.log(
                "reveal",
                0,
                f"The reserve turns up {CARDS[c].text} ({plural(len(st), 'card')} left in it)",
                cards=(CARDS[c],),
                left=len(st),
            )

    def score_deal(self) -> tuple[str, bool]:
        if self.options.scoring != "casino":
            return super().score_deal()
        home = self.home
        self.award(0, 5 * home, f"{plural(home, 'card')} on the foundations, 5 each")
        self.award(0, -52, "the stake")
        return f"{home} of 52 cards home", home == 52

    # ------------------------------------------------------------ refusals
    def _why(self, act: Action, seat: int) -> str:
        verb = act.verb
        if verb not in _VERBS:
            return ""
        stacks = self.stacks
        if verb == "stop":
            return "say just 'stop'"
        if verb == "draw":
            if act.args:
                return "say just 'draw'"
            if not stacks[STOCK]:
                if stacks[WASTE]:
                    return "the stock is empty: 'redeal' turns the waste over as a new stock"
                return "the stock and the waste are both empty"
            return ""
        if verb == "redeal":
            if act.args:
                return "say just 'redeal'"
            if stacks[STOCK]:
                return "the stock still has cards: the waste is turned over only once it is empty"
            return "the waste is empty: there is nothing to turn over"
        card = act.card
        if verb == "home":
            if card is None or len(act.args) != 1:
                return "name one card, e.g. 'home 8H'"
            return self._why_home(card.index)
        if card is not None and len(act.args) == 1:
            return self._why_anywhere(card.index)
        if card is None or len(act.args) != 2 or act.args[1] not in STACK_NAMES[T0:]:
            return "say which card and onto which tableau pile, e.g. 'move 9H tableau3'"
        return self._why_move(card.index, STACK_NAMES.index(act.args[1]))

    def _why_anywhere(self, c: int) -> str:
        """Why card ``c`` cannot move onto any tableau pile now (for 'move 9H', no pile)."""
        why, _, _ = self._place(c)
        if why:
            return why
        piles = [STACK_NAMES[T0 + k] for k in range(4) if MOVE[c][k] in self._legal(0)]
        if piles:
            return f"say which pile: {CARDS[c].text} may go onto {' or '.join(piles)}"
        return (
            f"{CARDS[c].text} fits on no tableau pile now: it needs a top card one rank higher "
            "of the other colour (a King needs an Ace)"
        )

    def _place(self, c: int) -> tuple[str, int, int]:
        """Where card ``c`` lies: ("", stack, position), or why it cannot be played.

        A face-down card's place is not said: the refusal would tell the player whether
        it lies in the stock or in the reserve.
        """
        where = find(self.stacks, c)
        if where is None:
            return f"{CARDS[c].text} is on its foundation, and cards never leave one", -1, -1
        k, i = where
        st = self.stacks[k]
        if not st[i] & UP:
            return (
                f"{CARDS[c].text} is face down; only the top cards of the reserve and the "
                "waste, and the tableau's cards, may be played",
                k,
                i,
            )
        if k == WASTE and i != len(st) - 1:
            return (
                f"{CARDS[c].text} lies under {CARDS[st[-1] & CARD].text} in the waste; only "
                "the waste's top card may be played",
                k,
                i,
            )
        return "", k, i

    def _why_home(self, c: int) -> str:
        why, k, i = self._place(c)
        if why:
            return why
        if i != len(self.stacks[k]) - 1:
            return (
                f"{CARDS[c].text} is not the top card of {STACK_NAMES[k]}: only a top card "
                "goes to its foundation"
            )
        s = SUIT[c]
        want = CARDS[13 * s + (self.base + self.found[s]) % 13]
        return f"the {CARDS[c].text[-1]} foundation needs {want.text} next, not {CARDS[c].text}"

    def _why_move(self, c: int, d: int) -> str:
        why, k, _ = self._place(c)
        if why:
            return why
        if k == d:
            return f"{CARDS[c].text} is already on {STACK_NAMES[d]}"
        dst = self.stacks[d]
        if not dst:
            return ""  # an empty pile takes any card that may be played
        t = dst[-1] & CARD
        return (
            f"{CARDS[c].text} can only go on a card one rank higher of the other colour "
            f"(a King on an Ace), not on {CARDS[t].text}"
        )

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal":
            return {}
        return {
            "home": self.home,
            "reserve": len(self.stacks[RESERVE]),
            "moves": self.moves,
        }

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        stacks = self.stacks
        # The stock lies face down; the teacher sees which of its cards the player has seen.
        seen = self.seen
        stock = tuple(
            view.card(CARDS[e & CARD], seen=bool(seen >> (e & CARD) & 1)) for e in stacks[STOCK]
        )
        waste = tuple(CARDS[e & CARD] for e in stacks[WASTE])
        zones = [
            Zone("reserve", None, stack_entries(view, stacks[RESERVE]), "pile", label="reserve"),
            Zone("stock", None, stock, "pile", label="stock"),
            Zone("waste", None, waste, "pile", label="waste"),
        ]
        zones += [stack_zone(view, STACK_NAMES[k], stacks[k]) for k in TABLEAU]
        zones += foundation_zones(self.found, self.base)
        info: dict[str, Any] = {
            "draw": self.draw,
            "base": RANK_NAMES[self.base],
            "redeals": self.redeals,
            "idle": self.idle,
            "idle_limit": int(self.options.idle_limit),
            "scoring": self.options.scoring,
        }
        return self.observe(view, zones, info)

    def _prompt(self, seat: int) -> str:
        turn = "draw" if self.stacks[STOCK] else "redeal" if self.stacks[WASTE] else ""
        step = f", {turn}" if turn else ""
        said = f"Play a card home or onto the tableau{step}, or stop"
        left = int(self.options.idle_limit) - self.idle
        if left <= 20:
            said += f" ({plural(left, 'more move')} without progress ends the deal)"
        return said

    PLAY = Phase("play", _legal, _play, _why, _prompt)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Any, obs: Observation, rng: random.Random) -> State:
        """A deal consistent with everything the player has seen, replayed to this moment.

        The deal is rebuilt from the hand's history: the cards dealt face up, each reserve
        card in the order it turned up, and the stock's cards in the order they were first
        drawn.  Only the reserve's unseen cards and the stock's never-drawn cards are dealt
        at random, from the cards not yet seen; the history is then replayed by the rules,
        so the stock's order after a redeal is the one the player watched.
        """
        from ...rules.worlds import replay, resume

        world = resume(game, obs)
        assert isinstance(world, CanfieldState)
        history = obs.history
        dealt = next(e for e in history if e.kind == "deal")
        reserve = [dealt.get("reserve")]
        stock: list[Any] = []
        redealt = False
        for e in history:
            if e.kind == "reveal":
                reserve.append(e.cards[0])
            elif e.kind == "redeal":
                redealt = True
            elif e.kind == "draw" and not redealt:
                stock += e.cards
        known = {*reserve, *stock, dealt.get("foundation"), *dealt.get("tableau")}
        unseen = [c for c in CARDS[:52] if c not in known]
        rng.shuffle(unseen)
        hidden = 13 - len(reserve)
        reserve += unseen[:hidden]
        stock += unseen[hidden:]
        order = [*reserve, dealt.get("foundation"), *dealt.get("tableau"), *stock]
        assert len(order) == 52
        return replay(world, obs, chance=[Action.of("deal", order)])
