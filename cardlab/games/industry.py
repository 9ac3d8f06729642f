"""Industry: every card is either money or a building of a growing town.

Rules in brief
--------------
Two to four players.  Each suit is a kind of building: spades are *offices*, diamonds
*factories*, hearts *housing* and clubs *banks*.  Everyone is dealt three cards and the
rest form a face-down draw stack; then each player, in seat order, takes the first spade
and then the first diamond found from the top of the stack and lays them face up as the
first two buildings of their city.  A building's rank never matters, only its suit.

On a turn a player may pay for buildings or pass.  Paying: discard any cards from the
hand as money (Ace 1, 2 to 10 their pips, pictures 10; no change is given), then lay
cards from the hand into the city as buildings, at most as many as the factories the
city had when the turn began.  Each building costs 10, less 1 for every bank in the city
at that moment (a bank built earlier in the same turn counts), but never less than 1.
Money left over is lost.  Whether or not they built, the player then draws as many cards
as their city has offices, and the turn passes to the left.

The game ends at once when a player draws the last card of the stack.  Every building
scores 1 point, housing 2.  For each suit, the player with strictly more buildings of it
than every other player scores 5 more; a tie for the most gives nobody the bonus.  The
highest total wins; a tie for it is a shared win.

Options
-------
{options}

Rulings
-------
* Setup, costs, the build limit, the end and the majority are RULINGS.md's: the
  first spade then the first diamond from the top for each seat in turn; the build limit
  counts the factories at the start of the turn; each building's cost counts the banks at
  that moment, at least 1; the game ends the moment the stack's last card is drawn; a
  majority is the most buildings of the suit (``majority="most"``), or, as the text
  literally says, more than half of that suit's buildings on the table
  (``majority="half"``).  With two players the two readings agree.
* The draw at the end of a turn counts the offices the city has then: an office built
  this turn already draws (the text's "offices they have built").
* A payment spends its money first and then picks its buildings one by one, in the
  order they go up: building a bank first makes the later buildings of the turn cheaper,
  as in the text's example.  A payment must build at least one building (spending cards
  for nothing has no use: there is no hand limit).  Overspending is allowed.
* Passing still draws.  There is no hand limit and the spent cards are never reshuffled.
* Spent cards go face up to a discard pile everyone sees; a building is public from the
  moment it is laid; the cards drawn stay private.  Hand sizes are public.
* The player who starts (the text's youngest) is ``first_dealer``, seat 0 by default.
* The game always ends within its one deal (the stack only shrinks), so it needs no cap.

Actions
-------
``pass``; a payment is built as ``spend XX`` (each card spent), then ``build XX`` (each
building, in the order it goes up), and ``done``, with ``back`` (the last pick) and
``cancel``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, SUIT_MASKS, Card, cards_of
from ..core.errors import WorldError
from ..core.events import Event
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.deals import DealRule, each_seat, pile
from ..rules.staged import Pick, Selection, Staged, plan_step, whole_hand
from ..rules.worlds import (
    bits,
    deal_action,
    mask_of,
    place_used,
    replay,
    resume,
    retry,
    seat_of,
)

#: Suit indices (♣ ♦ ♥ ♠) and the building each makes.
BANK, FACTORY, HOUSING, OFFICE = 0, 1, 2, 3
BUILDING = ("bank", "factory", "housing", "office")
PLURAL = ("banks", "factories", "housing", "offices")
POINTS = (1, 1, 2, 1)
#: The order buildings are scored and shown: the text's table.
SCORING_ORDER = (HOUSING, OFFICE, BANK, FACTORY)
BANKS, FACTORIES = SUIT_MASKS[BANK], SUIT_MASKS[FACTORY]
BONUS = 5
HAND = 3
BASE_COST = 10

PASS = action("pass")
SPEND = tuple(action(f"spend {c.code}") for c in CARDS[:52])
BUILD = tuple(action(f"build {c.code}") for c in CARDS[:52])
#: A card's value as money: its pips, pictures 10.
VALUE = tuple(min(c.rank, 10) for c in CARDS[:52])


def value(card: Card | int) -> int:
    """What a card is worth as money: Ace 1, pips, pictures 10."""
    return VALUE[card if isinstance(card, int) else card.index]


def cost(banks: int) -> int:
    """What one building costs with ``banks`` banks in the city."""
    return max(1, BASE_COST - banks)


def counts(city: int) -> tuple[int, int, int, int]:
    """Buildings of each suit (♣ banks, ♦ factories, ♥ housing, ♠ offices) in a city mask."""
    return (
        (city & SUIT_MASKS[0]).bit_count(),
        (city & SUIT_MASKS[1]).bit_count(),
        (city & SUIT_MASKS[2]).bit_count(),
        (city & SUIT_MASKS[3]).bit_count(),
    )


def counts_of(cards: str | Sequence[Card]) -> tuple[int, int, int, int]:
    """:func:`counts` of a city written as cards (``"2H 3H 4C"``)."""
    from ..core.cards import parse_cards

    return counts(mask_of(parse_cards(cards) if isinstance(cards, str) else cards))


def majorities(cities: Sequence[Sequence[int]], rule: str = "most") -> list[int]:
    """For each suit, the seat holding its majority, or -1 when nobody does.

    ``cities`` gives each seat's building counts by suit; ``rule`` is ``"most"`` (strictly
    more than every other seat) or ``"half"`` (more than half of that suit's buildings).
    """
    out = []
    for suit in range(4):
        got = [c[suit] for c in cities]
        best = max(got)
        if rule == "half":
            total = sum(got)
            win = next((s for s, g in enumerate(got) if 2 * g > total), -1)
        else:
            win = got.index(best) if best > 0 and got.count(best) == 1 else -1
        out.append(win)
    return out


def city_points(cities: Sequence[Sequence[int]], rule: str = "most") -> list[int]:
    """Each seat's points if the game ended now: buildings, housing double, bonuses."""
    pts = [sum(c[s] * POINTS[s] for s in range(4)) for c in cities]
    for win in majorities(cities, rule):
        if win >= 0:
            pts[win] += BONUS
    return pts


@dataclass(frozen=True)
class IndustryOptions(DealerOptions):
    """Industry's options."""

    first_dealer: int = option(0, "seat that takes the first turn (the text's youngest)", min=0)
    majority: str = option(
        "most",
        "who scores a suit's 5-point bonus: strictly the most buildings of it (most), or, as "
        "the text literally reads, more than half of that suit's buildings on the table (half)",
        choices=("most", "half"),
    )


class IndustryState(State):
    """A game of Industry in progress.  Hands and cities are card masks; the stack is a
    list of card indices, its top last; the discard pile a list, in the order spent."""

    __slots__ = ("cities", "discard", "hands", "staged", "stock", "turns")

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    hands: list[int]
    cities: list[int]
    stock: list[int]
    discard: list[int]
    turns: int
    staged: list[Selection | None]

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.cities = [0] * n
        self.stock = []
        self.discard = []
        self.turns = 0
        self.PAY.reset(self)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        stock = dealt.indices("stock")
        self.log("deal", None, f"Each player is dealt {HAND} cards; the rest form the stack")
        for s in range(self.players):
            got = []
            for suit in (OFFICE, FACTORY):
                k = next(i for i in range(len(stock) - 1, -1, -1) if CARDS[stock[i]].suit == suit)
                card = stock.pop(k)
                self.cities[s] |= 1 << card
                got.append(CARDS[card])
            self.log(
                "setup",
                s,
                f"{self.names[s]}'s city starts with {got[0].text} (office) and "
                f"{got[1].text} (factory)",
                cards=tuple(got),
            )
        self.stock = stock
        self.phase = self.TURN
        self.to_move = (self.dealer,)

    # ------------------------------------------------------------ figures
    def built(self, seat: int) -> tuple[int, int, int, int]:
        """``seat``'s buildings by suit (banks, factories, housing, offices)."""
        return counts(self.cities[seat])

    def worth(self) -> list[int]:
        """Each seat's points if the game ended now."""
        return city_points([counts(c) for c in self.cities], self.options.majority)

    def seat_values(self, seat: int) -> dict[str, Any]:
        b = self.built(seat)
        return {
            "cards": self.hands[seat].bit_count(),
            "offices": b[OFFICE],
            "factories": b[FACTORY],
            "banks": b[BANK],
            "housing": b[HOUSING],
            "worth": self.worth()[seat],
        }

    # ------------------------------------------------------------ the turn
    def _turn_legal(self, seat: int) -> tuple[Action, ...]:
        return (PASS,)

    def _turn_apply(self, act: Action, seat: int) -> None:
        self.log("pass", seat, f"{self.names[seat]} passes")
        self._end_turn(seat)

    def _turn_prompt(self, seat: int) -> str:
        b = self.built(seat)
        return (
            f"Spend cards, then build up to {plural(b[FACTORY], 'building')} at "
            f"${cost(b[BANK])} each (less with every bank you add), or pass"
        )

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        k = min(self.built(seat)[OFFICE], len(self.stock))
        got = [self.stock.pop() for _ in range(k)]
        for i in got:
            self.hands[seat] |= 1 << i
        name = self.names[seat]
        cards = tuple(CARDS[i] for i in got)
        self.log(
            "draw",
            seat,
            f"{name} draws {plural(k, 'card')}",
            f"{name} draws {' '.join(c.text for c in cards)}",
            (seat,),
            hidden=cards,
            count=k,
        )
        if not self.stock:
            self.end_hand(f"{name} draws the last card of the stack")
            return
        self.to_move = ((seat + 1) % self.players,)

    def game_over(self) -> bool:
        return True

    def final_awards(self) -> None:
        cities = [counts(c) for c in self.cities]
        for s, c in enumerate(cities):
            for suit in SCORING_ORDER:
                if c[suit]:
                    each = " × 2" if POINTS[suit] == 2 else ""
                    what = BUILDING[suit] if c[suit] == 1 else PLURAL[suit]
                    self.award(s, c[suit] * POINTS[suit], f"{c[suit]} {what}{each}")
        for suit in SCORING_ORDER:
            win = majorities(cities, self.options.majority)[suit]
            if win >= 0:
                self.award(win, BONUS, f"the majority of {PLURAL[suit]}")

    # ------------------------------------------------------------ the payment
    def _money(self, sel: Selection) -> int:
        d = sel.data
        return int(d.get("money", 0)) - int(d.get("paid", 0))

    def _banks(self, seat: int, sel: Selection) -> int:
        return (self.cities[seat] & BANKS).bit_count() + int(sel.data.get("banks", 0))

    def _menu(self, seat: int, sel: Selection) -> list[Action]:
        free = self.hands[seat] & ~sel.cards
        d = sel.data
        builds = int(d.get("builds", 0))
        idx = bits(free)
        need = cost(self._banks(seat, sel))
        money = self._money(sel)
        if builds:
            if builds >= (self.cities[seat] & FACTORIES).bit_count() or money < need:
                return []
            return [BUILD[i] for i in idx]
        acts: list[Action] = []
        if len(idx) >= 2:
            # a spend is offered when a building can still be paid for after it: some
            # card is left to build, and the rest of the hand could cover the first cost
            vals = [VALUE[i] for i in idx]
            lo1, lo2 = sorted(vals)[:2]
            slack = money + sum(vals) - need
            acts = [
                SPEND[i]
                for i, v in zip(idx, vals, strict=True)
                if slack >= (lo2 if v == lo1 else lo1)
            ]
        if money >= need and sel.steps:
            acts += [BUILD[i] for i in idx]
        return acts

    def _pick(self, seat: int, sel: Selection, act: Action) -> Pick:
        c = act.cards[0]
        d = sel.data
        if act.verb == "spend":
            d["money"] = int(d.get("money", 0)) + value(c)
            return Pick(c.index, "spend", f"${value(c)}")
        price = cost(self._banks(seat, sel))
        d["paid"] = int(d.get("paid", 0)) + price
        d["builds"] = int(d.get("builds", 0)) + 1
        if c.suit == BANK:
            d["banks"] = int(d.get("banks", 0)) + 1
        return Pick(c.index, "build", f"{BUILDING[c.suit]} ${price}")

    def _complete(self, seat: int, sel: Selection) -> str:
        if not sel.data.get("builds"):
            return "choose a building to pay for"
        return ""

    def _why(self, seat: int, sel: Selection, act: Action) -> str:
        c = act.card
        if c is None:
            return ""
        if not self.hands[seat] >> c.index & 1:
            return f"you don't hold {c}"
        if sel.cards >> c.index & 1:
            return f"{c} is already in your payment"
        if act.verb == "spend":
            if sel.data.get("builds"):
                return "money is spent before the first building is chosen"
            return (
                "nothing could be built after spending it: keep a card to build and enough "
                "money for it"
            )
        factories = self.built(seat)[FACTORY]
        if int(sel.data.get("builds", 0)) >= factories:
            return f"you may build only {plural(factories, 'building')} a turn: one per factory"
        price = cost(self._banks(seat, sel))
        return f"the next building costs ${price} and you have ${self._money(sel)} left to spend"

    def _summary(self, seat: int, sel: Selection) -> str:
        d = sel.data
        text = f"${d.get('money', 0)} spent"
        builds = int(d.get("builds", 0))
        if builds:
            text += f", {plural(builds, 'building')} for ${d['paid']}"
        return text

    def _commit(self, seat: int, sel: Selection) -> None:
        spent = sel.group("spend")
        built = sel.group("build")
        self.hands[seat] &= ~sel.cards
        self.discard.extend(spent)
        for i in built:
            self.cities[seat] |= 1 << i
        d = sel.data
        tags = [p.tag for p in sel.picks if p.group == "build"]
        ups = ", ".join(f"{CARDS[i].text} ({t})" for i, t in zip(built, tags, strict=True))
        money = " ".join(CARDS[i].text for i in spent)
        self.log(
            "build",
            seat,
            f"{self.names[seat]} spends {money} (${d['money']}) and builds {ups}",
            cards=tuple(CARDS[i] for i in spent + built),
            spent=tuple(CARDS[i].code for i in spent),
            built=tuple(CARDS[i].code for i in built),
            money=int(d["money"]),
            paid=int(d["paid"]),
            steps=tuple(sel.steps),
        )
        self._end_turn(seat)

    PAY = Staged(
        "payment",
        ("spend", "build"),
        menu=_menu,
        pick=_pick,
        complete=_complete,
        commit=_commit,
        why=_why,
        summary=_summary,
        unit="card",
    )
    TURN = PAY.around(Phase("turn", _turn_legal, _turn_apply, prompt=_turn_prompt))

    # ------------------------------------------------------- observation
    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        picked = self.PAY.picked_masks(self)
        names = self.names
        zones = []
        for s in range(self.players):
            mine = view.seat == s or view.teacher
            held = self.hands[s] & ~picked[s] if mine else self.hands[s]
            zones.append(Zone("hand", s, view.held(cards_of(held), view.seat == s), "hand"))
        zones += self.PAY.zones(self, view)
        for s in range(self.players):
            city = [
                CARDS[i] for suit in SCORING_ORDER for i in bits(self.cities[s] & SUIT_MASKS[suit])
            ]
            zones.append(
                Zone(
                    "city",
                    s,
                    tuple(city),
                    "row",
                    label=f"{names[s]}'s city",
                    tags=tuple(BUILDING[c.suit] for c in city),
                )
            )
        zones.append(
            Zone("stock", None, view.stack([CARDS[i] for i in self.stock]), "pile", label="stack")
        )
        zones.append(
            Zone("discard", None, tuple(CARDS[i] for i in self.discard), "pile", label="spent")
        )
        info: dict[str, Any] = {"stock": len(self.stock), "turn": self.turns + 1}
        if isinstance(view.seat, int):
            b = self.built(view.seat)
            info["cost"] = cost(b[BANK])
            info["build_limit"] = b[FACTORY]
        info.update(self.PAY.info(self, view))
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The game replayed from a deal rebuilt from the history.

        The seat's own hand and draws are as it saw them; the setup buildings lie on top
        of the stack in the order they were taken; every card another seat spent or
        built was dealt to it or drawn by it before it was used; the other unseen cards
        are shuffled into the other hands, the other seats' draws and the stack.  Another
        seat's payment is rebuilt from the steps its public event lists.  Approximation:
        no card is ever skipped over above a setup building, and what another seat spent
        says nothing about the rest of its hand.
        """
        return retry(_world, game, obs, rng)


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    world = resume(game, obs)
    n = obs.players
    setup: list[int] = []
    pops: list[int] = []  # each card drawn, in order: -1 where another seat drew it
    owner: list[tuple[int, int]] = []  # (seat, history index) of each open slot
    drawn = used_mine = 0
    used: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (card, history index)
    for i, e in enumerate(obs.history):
        if e.kind == "setup":
            setup += [c.index for c in e.cards]
        elif e.kind == "draw" and e.seat is not None:
            if e.seat == me:
                pops += [c.index for c in e.hidden]
                drawn |= mask_of(e.hidden)
            else:
                k = int(e.get("count", 0))
                pops += [-1] * k
                owner += [(e.seat, i)] * k
        elif e.kind == "build" and e.seat is not None:
            if e.seat == me:
                used_mine |= mask_of(e.cards)
            else:
                used[e.seat] += [(c.index, i) for c in e.cards]
    mine = (mask_of(whole_hand(obs)) | used_mine) & ~drawn  # as dealt
    known = mine | mask_of(CARDS[c] for c in pops if c >= 0) | mask_of(CARDS[c] for c in setup)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = bits(mine)
    unseen = place_used(used, hands, pops, owner, known, HAND, obs.names, rng)
    if len(unseen) != len(obs.zone("stock").cards):
        raise WorldError("the stack does not add up")
    stock = unseen + pops[::-1] + setup[::-1]  # the top last
    deal = deal_action(world, {("stock", None): stock, **{("hand", s): hands[s] for s in range(n)}})
    return replay(world, obs, chance=[deal], unseen=_payment_steps)


def _payment_steps(world: State, seat: int, history: Sequence[Event], i: int) -> Sequence[str]:
    """The picks another seat made in private to build the payment it logged at ``i``."""
    e = history[i]
    return e.get("steps", ()) if e.kind == "build" else ()


# ----------------------------------------------------------------- bot
def _suit_weight(
    suit: int, mine: Sequence[int], others: Sequence[Sequence[int]], late: float
) -> float:
    """How much the bot wants one more building of ``suit`` (late: 0 at the start, 1 at
    the end of the stack)."""
    early = 1.0 - late
    if suit == FACTORY:
        w = 1.0 + 2.5 * early * (1.0 if mine[FACTORY] < 4 else 0.3)
    elif suit == BANK:
        w = 1.0 + 2.5 * early * (1.0 if mine[BANK] < 6 else 0.2)
    elif suit == OFFICE:
        w = 1.0 + 2.0 * early * (1.0 if mine[OFFICE] < 4 else 0.3)
    else:
        w = 2.0
    best = max((o[suit] for o in others), default=0)
    if mine[suit] <= best:  # one more may take or tie the majority
        w += 2.5 * late if mine[suit] + 1 > best else 0.8 * late
    return w


def plan_payment(
    hand: Sequence[Card],
    mine: Sequence[int],
    others: Sequence[Sequence[int]],
    late: float,
) -> list[str]:
    """The bot's payment as the picks of a staged move (empty: pass).

    Each card is worth building by the weight of its suit less a little of its money
    value (a low card makes a better building, a picture better money).  Among the sets
    of the best few cards, up to the build limit, that the rest of the hand can pay for,
    the one worth most goes up, banks first, paid with the cards that overshoot the cost
    least.
    """
    score = {c: _suit_weight(c.suit, mine, others, late) - 0.12 * value(c) for c in hand}
    ranked = sorted(hand, key=lambda c: (-score[c], c.index))
    limit = min(mine[FACTORY], len(hand) - 1)
    pool = ranked[: limit + 3]
    best: tuple[float, list[str]] = (0.0, [])
    for j in range(1, limit + 1):
        for combo in combinations(pool, j):
            worth = sum(score[c] for c in combo)
            if worth <= best[0]:
                continue
            builds = sorted(combo, key=lambda c: (c.suit != BANK, c.index))
            banks = mine[BANK]
            price = 0
            for c in builds:
                price += cost(banks)
                banks += c.suit == BANK
            pay = _cheapest_cover([c for c in hand if c not in combo], price)
            if pay is not None:
                best = (
                    worth,
                    [f"spend {c.code}" for c in pay] + [f"build {c.code}" for c in builds],
                )
    return best[1]


def _cheapest_cover(cards: Sequence[Card], need: int) -> list[Card] | None:
    """The cards whose values reach ``need`` with the least overshoot (then the fewest)."""
    best: dict[int, tuple[Card, ...]] = {0: ()}
    for c in sorted(cards, key=lambda c: c.index):
        v = value(c)
        for total, used in list(best.items()):
            t = total + v
            if total >= need:
                continue
            if t not in best or len(best[t]) > len(used) + 1:
                best[t] = (*used, c)
    ok = [t for t in best if t >= need]
    if not ok:
        return None
    return list(best[min(ok)])


class IndustryBot(PhaseBot):
    """Builds as many buildings as it can afford each turn: engine buildings (factories,
    banks, offices) early, housing and contested majorities late; low cards go up as
    buildings and high cards pay."""

    name: ClassVar[str] = "heuristic"

    @on(
        "turn",
        why="build the most it can afford: factories, banks and offices early, "
        "housing and close majorities late; pay with the cards that waste least",
    )
    def turn(self, obs: Observation) -> Action:
        me = obs.seat
        assert me is not None
        cities = [counts(mask_of(obs.zone("city", s).faces)) for s in range(obs.players)]
        start = 52 - obs.players * (HAND + 2)
        late = 1.0 - int(obs.info.get("stock", 0)) / start
        others = [c for s, c in enumerate(cities) if s != me]
        plan = plan_payment(whole_hand(obs), cities[me], others, late)
        if plan:
            got = plan_step(obs, plan)
            if got is not None:
                return got
        if PASS in obs.legal:
            return PASS
        return obs.legal[obs.legal.index("cancel")]


# ------------------------------------------------------------ positions
def position(
    cities: Sequence[str],
    hands: Sequence[str],
    stack: str,
    *,
    to_move: int = 0,
    **options: Any,
) -> IndustryState:
    """A game set at a position in its middle, as the rule text's examples begin.

    ``cities`` and ``hands`` give each seat's buildings and hand (``"2S 3S 4C"``), one
    entry per seat (so two to four); ``stack`` the draw stack, its top card first.  Cards
    named nowhere are out of this game (as if spent earlier, but not shown); the history
    starts with one line saying the game was set.  ``options`` are the game's options.
    A set position has no deal to replay, so the search bot samples no worlds from it
    and plays the heuristic bot's moves there.

    Examples
    --------
    >>> st = position(["2S 3S 4S 2C 3C 2D 3D", "5S 6D"], ["KD 7H 9H 4C", "8C"], "AH 2H 5H")
    >>> st.observation(0).info["cost"]
    8
    """
    from ..core.cards import parse_cards
    from ..core.errors import IllegalActionError

    players = len(cities)
    if len(hands) != players:
        raise IllegalActionError("position", "give as many hands as cities, one per seat")
    game = GAME.game(players, **options)
    parts = [parse_cards(c) for c in (*cities, *hands, stack)]
    named = [c.index for p in parts for c in p]
    if len(set(named)) != len(named):
        raise IllegalActionError("position", "a card is named twice")
    if not parts[-1]:
        raise IllegalActionError("position", "the stack needs at least one card")
    st = game.new_state()
    assert isinstance(st, IndustryState)
    st.apply(game.deal())
    st.cities = [mask_of(p) for p in parts[:players]]
    st.hands = [mask_of(p) for p in parts[players : 2 * players]]
    st.stock = [c.index for c in reversed(parts[-1])]
    st.discard = []
    st.events = []
    st.hand_starts = [0]
    st.log("position", None, "The game is set at a position")
    st.to_move = (st.check_seat(to_move),)
    return st


# ------------------------------------------------------------ the snowball
HEAD_STARTS = ("none", "factory", "bank", "office", "housing")


def snowball(
    games: int = 40, players: int = 2, seed: int = 0, head_starts: Sequence[str] = HEAD_STARTS
) -> Any:
    """How one extra building at the start pays off, turn by turn (a DataFrame).

    For each head start, ``games`` seeded games between heuristic bots are played in which
    the first player's city begins with one more building of that kind (the first card
    of its suit from the top of the stack, laid after the setup; ``"none"``: the plain
    game).  The same seeds serve every head start, so the games differ only by it.  One
    row per game and turn of the first player: ``head_start``, ``game``, ``turn`` (its
    own turns, from 1), ``buildings`` (its city before the turn), ``lead`` (its
    buildings less the best other city's), ``final_lead`` (its final score less the best
    other score) and ``won`` (1 for a win, shared or not).
    """
    from ..core.optional import pandas as pd

    game = GAME.game(players)
    rows: list[dict[str, Any]] = []
    for head in head_starts:
        suit = BUILDING.index(head) if head != "none" else -1
        for g in range(games):
            rng = random.Random(f"snowball/{seed}/{g}")
            st = game.new_state()
            assert isinstance(st, IndustryState)
            st.apply(st.sample_chance(rng))
            if suit >= 0:
                k = next(
                    i for i in range(len(st.stock) - 1, -1, -1) if CARDS[st.stock[i]].suit == suit
                )
                st.cities[0] |= 1 << st.stock.pop(k)
            bots = [IndustryBot(s, f"snowball/{g}") for s in range(players)]
            turn = 0
            mine: list[dict[str, Any]] = []
            while not st.terminal:
                seat = st.to_move[0]
                if seat == 0 and st.staged[0] is None:
                    turn += 1
                    sizes = [c.bit_count() for c in st.cities]
                    mine.append(
                        {
                            "head_start": head,
                            "game": g,
                            "turn": turn,
                            "buildings": sizes[0],
                            "lead": sizes[0] - max(sizes[1:]),
                        }
                    )
                st.apply(bots[seat].act(st.observation(seat)), seat)
            final = st.scores[0] - max(st.scores[1:])
            for r in mine:
                r["final_lead"] = final
                r["won"] = int(0 in st.winners())
            rows += mine
    return pd.DataFrame(rows)


def snowball_chart(df: Any, title: str = "") -> Any:
    """The first player's lead in buildings, turn by turn, for each head start (from
    :func:`snowball`): an engine building's lead grows, a house's stays flat."""
    from ..core.optional import altair as alt

    turns = df.groupby("head_start")["turn"].quantile(0.8).min()
    data = df[df["turn"] <= turns].groupby(["head_start", "turn"], as_index=False)["lead"].mean()
    chart = (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("turn:Q", title="the first player's turn"),
            y=alt.Y("lead:Q", title="lead in buildings (mean)"),
            color=alt.Color(
                "head_start:N", title="extra building at the start", sort=list(HEAD_STARTS)
            ),
            tooltip=["head_start", "turn", alt.Tooltip("lead:Q", format=".2f")],
        )
        .properties(width=420, height=260)
    )
    return chart.properties(title=title or "An early building snowballs")


GAME = register(
    GameSpec(
        name="industry",
        title="Industry",
        family="tableau building",
        players=(2, 3, 4),
        summary="Every card is money or a building: grow a town whose factories, banks "
        "and offices snowball.",
        state_class=IndustryState,
        options_class=IndustryOptions,
        bots={"heuristic": IndustryBot},
        source="Femtiofem booklet (Scott Huntington)",
        layout=TableLayout(center=("stock", "discard")),
        bench_target=350,
        variants={"majority over half, 4 players": {"majority": "half", "players": 4}},
    )
)
