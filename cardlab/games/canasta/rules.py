"""Canasta's rules: the deal, the turn, melds built as a staged move, scoring."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ...core.actions import Action, action, card_action
from ...core.cards import CARDS, COPY_OFFSET, Card, rank_text
from ...core.chance import ChanceStep
from ...core.clone import Frozen
from ...core.observation import Observation, Zone
from ...core.options import DealerOptions, option
from ...core.phases import Phase
from ...core.refusals import plural
from ...core.spec import Game
from ...core.state import State
from ...rules import table_melds as tm
from ...rules.deals import DealRule, each_seat, pile
from ...rules.polls import Poll
from ...rules.rummy_worlds import sample_rummy_world
from ...rules.staged import Pick, Selection, Staged
from ...rules.worlds import WorldError, mask_of

# ------------------------------------------------------------------ cards
_N = 2 * COPY_OFFSET
RANK = tm.RANK
JOKERS: Final = tm.JOKERS
TWOS: Final = tm.ranks_mask(2)
WILD: Final = JOKERS | TWOS
#: The red threes and the black threes of both packs.
RED3: Final = sum(1 << i for i in range(_N) if RANK[i] == 3 and CARDS[i].red)
BLACK3: Final = tm.ranks_mask(3) & ~RED3
#: The natural cards of each rank (both packs); the threes entry holds the black ones.
NATURAL: Final[tuple[int, ...]] = tuple(
    BLACK3 if r == 3 else (tm.ranks_mask(r) if r not in (0, 2) else 0) for r in range(14)
)
#: Ranks that form melds during play (Ace, Four to King); black threes only to go out.
MELD_RANKS: Final = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
ALL_RANKS: Final = (1, 3, *MELD_RANKS[1:])
#: The chance step after each deal: a hidden order of all the cards.  A pick takes, among
#: the cards of its kind in the hand, the one first in it.
ORDER: Final = "shuffle"
ALL_CARDS: Final = tuple(CARDS[i] for i in range(_N))
INDEX_ORDER: Final = Frozen(range(_N))
#: The cards a pick of each card's kind chooses among (its rank's natural cards, the twos
#: or the jokers).
KIND: Final = tuple(tm.ranks_mask(RANK[i]) for i in range(_N))


def _value(i: int) -> int:
    r = RANK[i]
    if r == 0:
        return 50
    if r in (1, 2):
        return 20
    if r >= 8:
        return 10
    if r == 3:
        return 100 if RED3 >> i & 1 else 5
    return 5


#: The points each card counts, melded or left in hand (a red three: its bonus).
VALUE: Final[tuple[int, ...]] = tuple(_value(i) for i in range(_N))
_V50, _V20, _V10, _V5 = (
    sum(1 << i for i in range(_N) if VALUE[i] == v and not RED3 >> i & 1) for v in (50, 20, 10, 5)
)

RULES: Final = tm.MeldRules(wild=WILD, min_natural=2, max_wild=3, plain=1 << 3)
CANASTA_SIZE: Final = 7
NATURAL_BONUS, MIXED_BONUS = 500, 300
RED3_BONUS, ALL_RED3_BONUS = 100, 800
OUT_BONUS, CONCEALED_BONUS = 100, 200
ASK_PENALTY = -100
#: Initial-meld minimums: (score below which it applies, minimum).
MINIMUMS: Final = ((0, 15), (1500, 50), (3000, 90))
TOP_MINIMUM: Final = 120

WORD: Final = {r: rank_text(r).lower() for r in range(1, 14)}
RANK_OF_WORD: Final = {w: r for r, w in WORD.items()}


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def points(mask: int) -> int:
    """The card values of ``mask``, summed."""
    return (
        50 * (mask & _V50).bit_count()
        + 20 * (mask & _V20).bit_count()
        + 10 * (mask & _V10).bit_count()
        + 5 * (mask & _V5).bit_count()
        + 100 * (mask & RED3).bit_count()
    )


def minimum_for(score: int) -> int:
    """The initial-meld minimum for a side whose total is ``score``."""
    for below, need in MINIMUMS:
        if score < below:
            return need
    return TOP_MINIMUM


def max_meld_total(counts: dict[int, int], wilds: list[int]) -> int:
    """The most the cards can count laid as melds: ``counts`` natural cards by rank (not
    threes), ``wilds`` the wild cards' values.  Each meld needs two natural cards and
    takes up to three wild cards."""
    full = [r for r, n in counts.items() if n >= 3]
    pairs = sorted((r for r, n in counts.items() if n == 2), key=lambda r: -VALUE_OF_RANK[r])
    w = sorted(wilds, reverse=True)
    used = pairs[: len(w)]
    total = sum(counts[r] * VALUE_OF_RANK[r] for r in full + used)
    room = 3 * len(full) + 3 * len(used)
    return total + sum(w[:room])


VALUE_OF_RANK: Final = {r: VALUE[r - 1] if r else 50 for r in range(14)}
_VR: Final = tuple(VALUE_OF_RANK[r] for r in range(14))


# ------------------------------------------------------------------ options
@dataclass(frozen=True)
class CanastaOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("canasta",)
    deck: str = option("canasta", "two 52-card packs and four jokers (108 cards)")
    target: int = option(
        5_000,
        "a side reaching this total ends the game (the higher total wins; level totals "
        "play another hand)",
        min=100,
        max=50_000,
    )
    max_hands: int = option(
        50, "the game stops after this many hands; the higher total wins", min=1, max=1_000
    )
    ask_penalty: bool = option(
        True,
        "a player told 'yes' to 'may I go out?' who then ends the turn without going out "
        "loses 100 for the side",
    )


# ------------------------------------------------------------------ actions
DRAW = action("draw")
TAKE = action("take pile")
ASK = action("ask")
END = action("end")
MELD_ACT = {r: action(f"meld {WORD[r]}") for r in ALL_RANKS}
TWO_ACT = {r: action(f"two {WORD[r]}") for r in MELD_ACT}
JOKER_ACT = {r: action(f"joker {WORD[r]}") for r in MELD_ACT}
DISCARD = tuple(card_action("discard", c) for c in CARDS)


def _hand_size(game: Game, variant: str) -> int:
    return 15 if game.players == 2 else 11


# ------------------------------------------------------------------ state
class CanastaState(State):
    """A game of Canasta in progress (hands as bitmasks; see the package docstring)."""

    __slots__ = (
        "ask_answer",
        "asked",
        "before",
        "final",
        "frozen_at",
        "hands",
        "melded",
        "melds",
        "minimum",
        "order",
        "pile",
        "poll",
        "red3",
        "resume",
        "shuffled",
        "staged",
        "stock",
        "taken",
        "turn_melded",
    )

    DEAL = DealRule(each_seat(hand=_hand_size), pile("upcard", 1), pile("stock"))

    hands: list[int]
    stock: list[int]  # top last
    pile: list[int]  # top last
    frozen_at: int  # the position in the pile of the card that froze it, -1: not frozen
    melds: list[tm.TableMeld]  # owner: the side
    red3: list[int]
    melded: list[bool]
    minimum: list[int]
    before: bool  # the mover's side had melded before this turn
    turn_melded: bool
    asked: bool
    ask_answer: bool | None
    final: bool  # the last stock card was a red three: no discard
    taken: list[int]  # per side: piles taken this hand (for analyses)
    resume: Phase | None
    poll: Any
    staged: list[Selection | None]
    order: Frozen  # per card index: its place in the hand's hidden order of the copies
    shuffled: bool  # the deal was drawn at random, so the order is too (else index order)

    # ---------------------------------------------------------- hand life
    def reset_hand(self) -> None:
        sides = self.sides
        self.hands = [0] * self.players
        self.stock = []
        self.pile = []
        self.frozen_at = -1
        self.melds = []
        self.red3 = [0] * sides
        self.melded = [False] * sides
        self.minimum = [50] * sides
        self.taken = [0] * sides
        self.before = False
        self.turn_melded = False
        self.asked = False
        self.ask_answer = None
        self.final = False
        self.resume = None
        self.poll = None
        self.order = INDEX_ORDER
        LAY.reset(self)

    @property
    def sides(self) -> int:
        return 2

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (its own in the two-player form)."""
        return seat % 2

    @property
    def need(self) -> int:
        """Canastas a side needs to go out."""
        return 2 if self.players == 2 else 1

    def side_totals(self) -> tuple[int, ...]:
        return self.team_scores or tuple(self.scores)

    def deal_step(self) -> ChanceStep | None:
        step = self.DEAL.step(self)
        deal = step.apply

        def apply(state: Any, act: Action) -> None:
            state.shuffled = getattr(act, "drawn_by", None) is not None
            deal(state, act)

        return step._replace(apply=apply)

    def sample_chance(self, rng: random.Random) -> Action:
        """As for any game, except that the order of the copies after an explicit deal is
        the cards' index order, so a lesson's picks take the lowest-numbered copy."""
        step = self.chance
        if step is not None and step.kind == ORDER and not self.shuffled:
            act = Action.of(ORDER, step.cards)
            act.drawn_by = step
            return act
        return super().sample_chance(rng)

    def on_deal(self, dealt: Any) -> None:
        self.reset_hand()
        self.hands = dealt.masks("hand")
        up = dealt.indices("upcard")[0]
        self.stock = dealt.indices("stock")[::-1]
        totals = self.side_totals()
        self.minimum = [minimum_for(t) for t in totals]
        name = self.names[self.dealer]
        self.log(
            "deal", self.dealer, f"{name} deals; the upcard is {CARDS[up].text}", cards=(CARDS[up],)
        )
        self.pile = [up]
        if self._freezes(up):
            self.frozen_at = 0
        turned = []
        while self._freezes(self.pile[-1]) and self.stock:
            c = self.stock.pop()
            turned.append(CARDS[c])
            self.pile.append(c)
        if turned:
            self.log(
                "turn",
                None,
                f"The upcard is covered: {' '.join(c.text for c in turned)}; the pile is frozen",
                cards=tuple(turned),
            )
        first = (self.dealer + 1) % self.players
        for k in range(self.players):
            s = (first + k) % self.players
            threes = self.hands[s] & RED3
            if threes:
                self.hands[s] &= ~threes
                self._lay_red3(s, threes)
                for _ in bits(threes):
                    self._draw_one(s)
        # the first turn waits for the hidden order of the copies, a chance step of its own
        self.chance = ChanceStep(ORDER, ALL_CARDS, _ordered, "the hidden order of the copies")

    def _freezes(self, c: int) -> bool:
        return bool((WILD | RED3) >> c & 1)

    def _lay_red3(self, seat: int, threes: int) -> None:
        side = self.side(seat)
        self.red3[side] |= threes
        cards = tuple(CARDS[i] for i in bits(threes))
        self.log(
            "red_three",
            seat,
            f"{self.names[seat]} lays down {' '.join(c.text for c in cards)}",
            cards=cards,
        )

    def _draw_one(self, seat: int) -> None:
        """One card from the stock; a red three is laid down and replaced at once."""
        while self.stock:
            c = self.stock.pop()
            card = CARDS[c]
            name = self.names[seat]
            self.log(
                "draw",
                seat,
                f"{name} draws from the stock",
                f"{name} draws {card.text} from the stock",
                (seat,),
                hidden=(card,),
                public_action=True,
                source="stock",
            )
            if not RED3 >> c & 1:
                self.hands[seat] |= 1 << c
                return
            self._lay_red3(seat, 1 << c)
            if not self.stock:
                self.final = True
                self.log(
                    "final",
                    seat,
                    "That red three was the last card of the stock: "
                    f"{name} may meld but not discard, and the hand ends",
                )
                return

    def _start_turn(self, seat: int) -> None:
        self.before = self.melded[self.side(seat)]
        self.turn_melded = False
        self.asked = False
        self.ask_answer = None
        self.phase = DRAW_PHASE
        self.to_move = (seat,)
        self._stock_out(seat)

    def _stock_out(self, seat: int) -> None:
        """With the stock gone, a seat that cannot take the pile ends the hand."""
        if not self.stock and not _menu(self, seat, Selection()):
            self.log(
                "stock_out", seat, f"The stock is gone and {self.names[seat]} cannot take the pile"
            )
            self._score_hand(None)

    # ---------------------------------------------------------- queries
    def meld_of(self, side: int, rank: int) -> tuple[int, tm.TableMeld] | None:
        for i, m in enumerate(self.melds):
            if m.owner == side and m.key == rank:
                return i, m
        return None

    def canastas(self, side: int) -> int:
        return sum(1 for m in self.melds if m.owner == side and m.size >= CANASTA_SIZE)

    def upcard(self) -> int:
        return self.pile[-1] if self.pile else -1

    @property
    def frozen(self) -> bool:
        return self.frozen_at >= 0

    def why_not_take(self, seat: int) -> str:
        """Why ``seat`` may not take the pile now ("" when it may)."""
        if not self.pile:
            return "the discard pile is empty"
        up = self.pile[-1]
        r = RANK[up]
        if r in (0, 2):
            return "the upcard is wild: it cannot head a meld"
        if r == 3:
            return "the pile cannot be taken while a black three is the upcard"
        side = self.side(seat)
        hand = self.hands[seat]
        nat = (hand & NATURAL[r]).bit_count()
        wild = (hand & WILD).bit_count()
        have = self.meld_of(side, r)
        if self.frozen:
            if nat < 2:
                return (
                    f"the pile is frozen: you need two natural {rank_text(r)}s in hand to "
                    "meld with the upcard"
                )
        elif have is None and not (nat >= 2 or (nat and wild)):
            return f"you cannot make a meld of {rank_text(r)}s with the upcard"
        if not self.melded[side]:
            counts = _counts(hand)
            counts[r] = counts.get(r, 0) + 1
            best = max_meld_total(counts, [VALUE[i] for i in bits(hand & WILD)])
            if best < self.minimum[side]:
                return (
                    f"your side's first melds must count {self.minimum[side]}: your hand and "
                    f"the upcard reach at most {best}"
                )
        return ""

    def can_take(self, seat: int) -> bool:
        return not self.why_not_take(seat)

    def going_out_ok(self, seat: int, canastas: int) -> str:
        """Why ``seat`` may not go out with ``canastas`` for its side ("" when it may)."""
        if canastas < self.need:
            return f"going out needs {plural(self.need, 'canasta')} for your side"
        if self.ask_answer is False:
            return "your partner said no to going out this turn"
        return ""

    # ---------------------------------------------------------- the turn
    def _draw(self, act: Action, seat: int) -> None:
        n = 2 if self.players == 2 else 1
        for _ in range(n):
            if not self.stock or self.final:
                break
            self._draw_one(seat)
        self.phase = MELD_PHASE

    def _discard(self, act: Action, seat: int) -> None:
        c = act.cards[0].index
        self.hands[seat] &= ~(1 << c)
        self.pile.append(c)
        if WILD >> c & 1 and self.frozen_at < 0:
            self.frozen_at = len(self.pile) - 1
        name = self.names[seat]
        text = f"{name} discards {CARDS[c].text}"
        if WILD >> c & 1:
            text += ": the pile is frozen"
        self.log("discard", seat, text, cards=(CARDS[c],))
        if not self.hands[seat]:
            self._go_out(seat)
            return
        if self.ask_answer and self.options.ask_penalty:
            reason = f"{name} did not go out after asking"
            self.award_side(seat, ASK_PENALTY, reason)
            self.log("penalty", seat, f"{reason}: {ASK_PENALTY} for the side", points=ASK_PENALTY)
        self._start_turn((seat + 1) % self.players)

    def _end(self, act: Action, seat: int) -> None:
        self.log("end", seat, f"{self.names[seat]} ends the hand (the stock is gone)")
        self._score_hand(None)

    def _ask(self, act: Action, seat: int) -> None:
        partner = (seat + 2) % self.players
        self.asked = True
        self.log("ask", seat, f"{self.names[seat]} asks {self.names[partner]}: may I go out?")
        self.resume = self.phase
        ASKING.start(self, (partner,))

    def may_ask(self, seat: int) -> bool:
        return (
            self.players == 4
            and not self.asked
            and not self.turn_melded
            and self.canastas(self.side(seat)) >= self.need
        )

    def _answered(self, answers: dict[int, bool]) -> None:
        ((partner, yes),) = answers.items()
        self.ask_answer = yes
        asker = (partner + 2) % self.players
        self.phase = self.resume or DRAW_PHASE
        self.resume = None
        self.to_move = (asker,)
        if self.phase is DRAW_PHASE:
            self._stock_out(asker)  # a 'no' may leave no meld that takes the pile

    # ---------------------------------------------------------- the end
    def _go_out(self, seat: int) -> None:
        concealed = not self.before
        name = self.names[seat]
        text = f"{name} goes out{' concealed' if concealed else ''}"
        self.log("out", seat, text, concealed=concealed)
        self._score_hand(seat, concealed)

    def _score_hand(self, out: int | None, concealed: bool = False) -> None:
        n = self.players
        for side in range(self.sides):
            seats = [s for s in range(n) if self.side(s) == side]
            rep = seats[0]
            mine = [m for m in self.melds if m.owner == side]
            laid = sum(points(m.cards) for m in mine)
            if laid:
                self.award_side(rep, laid, "cards melded")
            nat = sum(1 for m in mine if m.size >= CANASTA_SIZE and not m.cards & WILD)
            mixed = sum(1 for m in mine if m.size >= CANASTA_SIZE and m.cards & WILD)
            if nat:
                self.award_side(rep, NATURAL_BONUS * nat, f"{plural(nat, 'natural canasta')}")
            if mixed:
                self.award_side(rep, MIXED_BONUS * mixed, f"{plural(mixed, 'mixed canasta')}")
            k = self.red3[side].bit_count()
            if k:
                bonus = ALL_RED3_BONUS if k == 4 else RED3_BONUS * k
                self.award_side(rep, bonus, f"{plural(k, 'red three')}")
            if out is not None and self.side(out) == side:
                bonus = CONCEALED_BONUS if concealed else OUT_BONUS
                self.award_side(out, bonus, "going out concealed" if concealed else "going out")
            for s in seats:
                left = points(self.hands[s])
                if left:
                    self.award_side(s, -left, f"cards left in {self.names[s]}'s hand")
        if out is None:
            summary = "The stock is gone; nobody went out"
        else:
            summary = f"{self.names[out]} went out{' concealed' if concealed else ''}"
        totals = self.side_totals()
        summary += " (" + ", ".join(str(t) for t in totals) + ")"
        self.end_hand(summary, out)

    def game_over(self) -> bool:
        totals = self.side_totals()
        top = max(totals)
        return top >= self.options.target and totals.count(top) == 1

    def seat_values(self, seat: int) -> dict[str, Any]:
        side = self.side(seat)
        return {
            "cards": self.hands[seat].bit_count() if self.hands else 0,
            "minimum": "met" if self.melded and self.melded[side] else self.minimum[side],
        }

    # ---------------------------------------------------------- observation
    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        picked = LAY.picked_masks(self)
        zones: list[Zone] = []
        for s in range(self.players):
            mine = view.seat == s or view.teacher
            held = self.hands[s] & ~picked[s] if mine else self.hands[s]
            zones.append(
                Zone(
                    "hand",
                    s,
                    view.held([CARDS[i] for i in bits(held)], view.seat == s),
                    "hand",
                    label=self.names[s],
                )
            )
        zones.append(
            Zone("stock", None, view.stack([CARDS[i] for i in self.stock]), "pile", label="stock")
        )
        tags = tuple("frozen" if i == self.frozen_at else "" for i in range(len(self.pile)))
        label = f"discard pile ({len(self.pile)}{', frozen' if self.frozen else ''})"
        zones.append(
            Zone(
                "discard",
                None,
                tuple(CARDS[i] for i in self.pile),
                "pile",
                label=label,
                tags=tags if self.frozen else (),
            )
        )
        sided = bool(self.game.teams)
        zones += _table_zones(tuple(self.melds), sided)
        for side in range(self.sides):
            cards = tuple(CARDS[i] for i in bits(self.red3[side]))
            if sided:
                zones.append(Zone("red_threes", None, cards, "row", label="red threes", team=side))
            else:
                zones.append(
                    Zone("red_threes", side, cards, "row", label=f"{self.names[side]}'s red threes")
                )
        zones += LAY.zones(self, view)
        info: dict[str, Any] = {
            "target": self.options.target,
            "minimum": tuple(self.minimum),
            "melded": tuple(self.melded),
            "frozen": self.frozen,
            "pile_size": len(self.pile),
            "stock_size": len(self.stock),
            "canastas_needed": self.need,
            "canastas": tuple(self.canastas(s) for s in range(self.sides)),
            "melds": tuple(
                (m.owner, m.key, (m.cards & ~WILD).bit_count(), (m.cards & WILD).bit_count())
                for m in self.melds
            ),
            "final": self.final,
            "asked": self.ask_answer,
        }
        info.update(LAY.info(self, view))
        if self.results:
            info["last_hand"] = self.results[-1]
        return self.observe(view, zones, info)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """Other hands and the stock dealt at random among the unseen cards, the hand's
        history replayed (:func:`~cardlab.rules.rummy_worlds.sample_rummy_world`), other
        seats' staged melds rebuilt from their public commits.  The world's order of the
        copies is one under which every pick seen takes the card it was seen to take
        (:func:`_world_order`).  The world is dealt at the totals the hand began with
        (the hand's minimums depend on them), then ends at the observed totals."""
        world = sample_rummy_world(
            game,
            _at_hand_start(obs),
            rng,
            laid=("meld", "red_three"),
            unseen=tm.committed_steps,
            shown=RED3,
            after_deal=_world_order,
        )
        world.restore_totals(obs.scores, [t.score for t in obs.teams])
        return world


def _at_hand_start(obs: Observation) -> Observation:
    """``obs`` with the totals the hand began with: the penalties paid during the hand
    (the only points scored before it ends) given back."""
    paid = [e for e in obs.history if e.kind == "penalty" and e.seat is not None]
    if not paid:
        return obs
    scores = list(obs.scores)
    teams = list(obs.teams)
    for e in paid:
        seat, points = int(e.seat or 0), int(e.get("points"))
        for t, team in enumerate(teams):
            if seat in team.seats:
                teams[t] = team._replace(score=team.score - points)
                for s in team.seats:
                    scores[s] -= points
                break
        else:
            scores[seat] -= points
    return dataclasses.replace(obs, scores=tuple(scores), teams=tuple(teams))


def _ordered(state: CanastaState, act: Action) -> None:
    place = [0] * _N
    for k, c in enumerate(act.cards):
        place[c.index] = k
    state.order = Frozen(place)
    state.log("order", None, "The cards are put in a hidden order, which decides each pick's copy")
    state._start_turn((state.dealer + 1) % state.players)


def _world_order(
    obs: Observation, hands: Sequence[tuple[int, ...]], rng: random.Random
) -> list[str]:
    """An order of the copies for a sampled world (``hands[t]``: the world's hands before
    ``obs.history[t]``) under which every pick takes the card it was seen to take: each
    card picked comes before every card of its kind free in the picker's hand then (the
    seat's own picks one by one, the others' melds as a whole, their wild cards in the
    order of the ranks they went to), the rest at random.

    Raises
    ------
    WorldError
        when the picks admit no order (the world's hands contradict them)
    """
    history = obs.history
    after: list[list[int]] = [[] for _ in range(_N)]
    count = [0] * _N
    picked: dict[int, list[int]] = {}  # per seat: the picks of its staged meld (-1: none)
    went: dict[int, int] = {}  # a wild card on the table -> the rank of its meld
    for z in obs.zones:
        if z.kind == "meld":
            faces = [f.index for f in z.faces]
            r = next((RANK[i] for i in faces if not WILD >> i & 1), 0)
            for i in faces:
                went[i] = r

    def before(c: int, later: int) -> None:
        for d in bits(later & ~(1 << c)):
            after[c].append(d)
            count[d] += 1

    for t, ev in enumerate(history):
        k, s = ev.kind, ev.seat
        if s is None:
            continue
        mine = picked.setdefault(s, [])
        if k == "stage":  # the seat's own picks: the others' are private to them
            c = ev.hidden[0].index if ev.hidden else -1
            if c >= 0 and hands[t][s] >> c & 1:
                before(c, hands[t][s] & KIND[c] & ~sum(1 << p for p in mine if p >= 0))
            mine.append(c)
        elif k == "unstage":  # a card dropped, the last pick taken back, or all
            if ev.hidden:
                mine.remove(ev.hidden[0].index)
            elif ev.action == LAY.back:
                mine.pop()
            else:
                mine.clear()
        elif k == "meld":
            mine.clear()
            j = t - 1
            while j >= 0 and history[j].seat == s and history[j].kind == "red_three":
                j -= 1
            take = j >= 0 and history[j].seat == s and history[j].kind == "draw"
            took = take and history[j].get("steps")
            held = hands[j if took else t][s]
            laid = mask_of(ev.cards) & held
            for c in bits(laid):
                before(c, held & KIND[c] & ~laid)
            if s == obs.seat:
                continue  # the seat's own picks are ordered already, one by one
            # the wild cards of one kind, in the order of the picks that laid them
            wild: dict[tuple[str, int], list[int]] = {}
            for c in bits(laid & WILD):
                wild.setdefault(("two" if RANK[c] else "joker", went.get(c, 0)), []).append(c)
            chain: dict[str, int] = {}
            for step in (history[j] if took else ev).get("steps") or ():
                got = wild.get((step.verb, RANK_OF_WORD.get(step.args[0], 0) if step.args else 0))
                if got:
                    c = got.pop()
                    if step.verb in chain:
                        before(chain[step.verb], 1 << c)
                    chain[step.verb] = c
    ready = [c for c in range(_N) if not count[c]]
    out: list[int] = []
    while ready:
        i = rng.randrange(len(ready))
        ready[i], ready[-1] = ready[-1], ready[i]
        c = ready.pop()
        out.append(c)
        for d in after[c]:
            count[d] -= 1
            if not count[d]:
                ready.append(d)
    if len(out) != _N:
        raise WorldError("the picks seen admit no order of the copies")
    return [str(Action.of(ORDER, [CARDS[i] for i in out]))]


def _counts(hand: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for r in MELD_RANKS:
        n = (hand & NATURAL[r]).bit_count()
        if n:
            out[r] = n
    return out


@functools.lru_cache(maxsize=512)
def _table_zones(melds: tuple[tm.TableMeld, ...], sided: bool) -> tuple[Zone, ...]:
    """The melds' public zones (the same for every viewer, so built once per table)."""
    zones = tm.meld_zones(
        RULES, melds, sided=sided, label=_meld_label, kind=_meld_kind, tags=_meld_tags
    )
    return tuple(_squared(z) for z in zones)


def _meld_label(m: tm.TableMeld) -> str:
    text = f"{rank_text(m.key)}s"
    if m.size >= CANASTA_SIZE:
        text += " · mixed canasta" if m.cards & WILD else " · natural canasta"
    return text


def _meld_kind(m: tm.TableMeld) -> str:
    return "pile" if m.size >= CANASTA_SIZE else "meld"


def _meld_tags(m: tm.TableMeld, cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple("wild" if WILD >> c.index & 1 else "" for c in cards)


def _squared(z: Zone) -> Zone:
    """A canasta lies squared up: a red card on top when natural, a black one when mixed."""
    if z.name != "melds" or z.kind != "pile":
        return z
    cards = list(z.cards)
    mixed = any(WILD >> c.index & 1 for c in cards if isinstance(c, Card))
    want = [c for c in cards if isinstance(c, Card) and c.rank and c.red != mixed]
    if want:
        top = want[-1] if not mixed else want[0]
        cards.remove(top)
        cards.append(top)
    tags = tuple("wild" if isinstance(c, Card) and WILD >> c.index & 1 else "" for c in cards)
    return Zone(z.name, z.owner, tuple(cards), z.kind, z.seats, z.label, tags, z.team)


# ------------------------------------------------------------------ the staged meld
def _free(state: CanastaState, seat: int, sel: Selection) -> int:
    return state.hands[seat] & ~sel.cards


def _groups(state: CanastaState, sel: Selection) -> dict[int, int]:
    """Each group's cards (a rank -> mask), the upcard included when the pile is taken."""
    out: dict[int, int] = {}
    for p in sel.picks:
        g = int(p.group)  # type: ignore[call-overload]
        if p.card >= 0:
            out[g] = out.get(g, 0) | 1 << p.card
        else:
            out[g] = out.get(g, 0) | 1 << state.pile[-1]
    return out


def _taking(sel: Selection) -> bool:
    return bool(sel.data.get("take"))


_NO_COST: Final = (0, 0, 0, 0)


class _Reach:
    """What a selection in progress can still become, by counting (built once per menu).

    Per rank: the natural and wild cards in the selection's group (``gn``, ``gw``; the
    upcard counts as a natural card of its group), the natural cards still free in hand
    (``avail``), and the side's table meld (``tsize``, ``twild``, ``-1``: none).
    """

    __slots__ = (
        "avail",
        "broken",
        "canastas",
        "costs",
        "f2",
        "final",
        "fj",
        "free_n",
        "frozen_rank",
        "gn",
        "gpts",
        "gw",
        "may_out",
        "minimum",
        "need",
        "pile_rest",
        "totals",
        "tsize",
        "twild",
    )

    def __init__(self, state: CanastaState, seat: int, sel: Selection) -> None:
        side = state.side(seat)
        free = state.hands[seat] & ~sel.cards
        take = _taking(sel)
        gn = [0] * 14
        gw = [0] * 14
        gpts = 0
        up = state.pile[-1] if take else -1
        for p in sel.picks:
            c = p.card if p.card >= 0 else up
            r = int(p.group)  # type: ignore[call-overload]
            if WILD >> c & 1:
                gw[r] += 1
            else:
                gn[r] += 1
            gpts += VALUE[c]
        self.gn, self.gw, self.gpts = gn, gw, gpts
        self.avail = [(free & NATURAL[r]).bit_count() for r in range(14)]
        self.f2 = (free & TWOS).bit_count()
        self.fj = (free & JOKERS).bit_count()
        self.free_n = free.bit_count()
        self.tsize = [-1] * 14
        self.twild = [0] * 14
        canastas = 0
        for m in state.melds:
            if m.owner == side:
                self.tsize[m.key] = m.size
                self.twild[m.key] = (m.cards & WILD).bit_count()
                canastas += m.size >= CANASTA_SIZE
        self.canastas = canastas
        self.frozen_rank = RANK[up] if take and state.frozen else -1
        self.pile_rest = len(state.pile) - 1 if take else 0
        self.minimum = 0 if state.melded[side] else state.minimum[side]
        self.final = state.final
        self.may_out = state.ask_answer is not False
        self.need = state.need
        self.count()

    def _cost(self, r: int) -> tuple[int, int, int, int] | None:
        """What completing rank ``r``'s group takes: (cards, of them wild, the natural
        cards' points, natural cards used), or None when it cannot be completed."""
        n, w = self.gn[r], self.gw[r]
        if not n and not w:
            return _NO_COST
        a = self.avail[r]
        if r == 3:
            short = 3 - n if n < 3 else 0
            return None if w or short > a else (short, 0, 5 * short, short)
        if self.tsize[r] >= 0:
            if self.twild[r] + w > RULES.max_wild:
                return None
            if r != self.frozen_rank or n >= 3:
                return _NO_COST
            short = 3 - n  # two natural cards besides the upcard
            return None if short > a else (short, 0, short * _VR[r], short)
        if w > RULES.max_wild:
            return None
        own = n - 1 if r == self.frozen_rank else n
        short = 2 - own if own < 2 else 0
        if short > a:
            return None
        size = n + w + short
        more = 3 - size if size < 3 else 0
        nat = min(more, a - short)
        return (short + more, more - nat, (short + nat) * _VR[r], short + nat)

    def finishable(self, changed: int = -1) -> bool:
        """Whether picks may still be added so that ``done`` is legal (``changed``: the
        one rank whose group or cards differ from when the costs were counted).

        The groups begun are completed with the fewest cards (natural cards of their rank
        first, then wild ones); the rest is a choice between keeping cards (two, or one
        after a red three ended the stock) with the minimum reached by the most valuable
        cards that fit, and going out with every card placed and the canastas needed.
        """
        costs = self.costs
        need_cards, need_w, req_pts = self.totals
        if changed >= 0:
            c = self._cost(changed)
            if c is None:
                return False
            old = costs[changed]
            if old is None:
                if self.broken > 1:
                    return False
                old = _NO_COST
            elif self.broken:
                return False
            need_cards += c[0] - old[0]
            need_w += c[1] - old[1]
            req_pts += c[2] - old[2]
        elif self.broken:
            return False
        wilds = self.f2 + self.fj
        if need_w > wilds:
            return False
        jw = min(need_w, self.fj)
        req_pts += 50 * jw + 20 * (need_w - jw)
        keep = 1 if self.final else 2
        budget = self.free_n - need_cards + self.pile_rest - keep
        threes = bool(self.gn[3])
        if not threes and budget >= 0:
            pts = self.gpts + req_pts
            if pts >= self.minimum:
                return True
            used = self._used(changed)
            if pts + self._best_extra(used, jw, need_w - jw, budget) >= self.minimum:
                return True
        return self._can_go_out(self._used(changed), need_w)

    def _used(self, changed: int) -> list[int]:
        used = [0 if c is None else c[3] for c in self.costs]
        if changed >= 0:
            c = self._cost(changed)
            used[changed] = 0 if c is None else c[3]
        return used

    def count(self) -> None:
        """Count every rank's cost (again, after the selection changed)."""
        costs: list[tuple[int, int, int, int] | None] = [_NO_COST] * 14
        broken = cards = wild = pts = 0
        gn, gw = self.gn, self.gw
        for r in ALL_RANKS:
            if gn[r] or gw[r]:
                c = costs[r] = self._cost(r)
                if c is None:
                    broken += 1
                else:
                    cards += c[0]
                    wild += c[1]
                    pts += c[2]
        self.costs, self.broken, self.totals = costs, broken, (cards, wild, pts)

    def _best_extra(self, used: list[int], jw: int, tw: int, budget: int) -> int:
        """The most ``budget`` more cards can add (an upper bound: a rank not begun counts
        when two or more of it are held)."""
        vals = []
        pairs = []
        for r in MELD_RANKS:
            a = self.avail[r] - used[r]
            if a > 0 and (self.gn[r] or self.gw[r] or self.tsize[r] >= 0 or a >= 3):
                vals += [_VR[r]] * a
            elif a == 2:
                pairs.append(_VR[r])
        wilds = self.fj - jw + self.f2 - tw
        pairs.sort(reverse=True)
        for v in pairs[:wilds]:  # a pair becomes a meld with a wild card
            vals += [v, v]
        vals += [50] * (self.fj - jw) + [20] * (self.f2 - tw)
        vals.sort(reverse=True)
        return sum(vals[:budget])

    def _can_go_out(self, used: list[int], need_w: int) -> bool:
        """Whether every card may be laid (one may be kept to discard) with the canastas
        going out needs."""
        if not self.may_out:
            return False
        spare = (0 if self.final else 1) - self.pile_rest
        if spare < 0:
            return False
        wild_left = self.f2 + self.fj - need_w
        orphans = pairs = 0
        room = 0
        deficits = []
        canastas = self.canastas
        total = self.gpts
        for r in ALL_RANKS:
            a = self.avail[r] - used[r]
            n, w = self.gn[r], self.gw[r]
            begun = n or w or self.tsize[r] >= 0
            total += a * _VR[r]
            if r == 3:
                if not n and a and a < 3:
                    orphans += a
                continue
            if not begun:
                if a == 1:
                    orphans += 1
                    continue
                if a == 0:
                    continue
                if a == 2:
                    pairs += 1
            size = max(self.tsize[r], 0) + n + w + a + (used[r] if begun else 0)
            if not begun and a == 2:
                size += 1
            wild_in = self.twild[r] + w + (1 if not begun and a == 2 else 0)
            free_room = RULES.max_wild - wild_in
            room += free_room
            before = max(self.tsize[r], 0)
            if before >= CANASTA_SIZE:
                continue
            if size >= CANASTA_SIZE:
                canastas += 1
            elif CANASTA_SIZE - size <= free_room:
                deficits.append(CANASTA_SIZE - size)
        if pairs > wild_left:
            orphans += 2 * (pairs - wild_left)
            wild_left = 0
        else:
            wild_left -= pairs
        total += 20 * self.f2 + 50 * self.fj
        if self.minimum and total < self.minimum:
            return False
        if wild_left > room:
            orphans += wild_left - room
        if orphans > spare:
            return False
        deficits.sort()
        for d in deficits:
            if canastas >= self.need or d > wild_left:
                break
            wild_left -= d
            canastas += 1
        return canastas >= self.need


def _unfinished(reach: _Reach) -> tuple[int, ...]:
    """The ranks whose groups are begun but not yet melds: picks go to them first, so a
    selection is built meld by meld (any set of melds can be, and a random player's
    picks do not scatter over many ranks)."""
    return tuple(r for r in ALL_RANKS if (c := reach.costs[r]) is None or c[0])


def _menu(state: CanastaState, seat: int, sel: Selection) -> list[Action]:
    if state.phase is DRAW_PHASE and not sel.steps:
        if not state.can_take(seat):
            return []
        trial = Selection()
        trial.data["take"] = True
        trial.picks.append(Pick(-1, RANK[state.pile[-1]], "upcard"))
        trial.steps.append(TAKE)
        return [TAKE] if _Reach(state, seat, trial).finishable() else []
    reach = _Reach(state, seat, sel)
    gn, gw, avail = reach.gn, reach.gw, reach.avail
    out = []
    ranks = _unfinished(reach) or ALL_RANKS
    for r in ranks:
        if avail[r]:
            gn[r] += 1
            avail[r] -= 1
            reach.free_n -= 1
            reach.gpts += _VR[r]
            if reach.finishable(r):
                out.append(MELD_ACT[r])
            gn[r] -= 1
            avail[r] += 1
            reach.free_n += 1
            reach.gpts -= _VR[r]
    for r in ranks:
        # a wild card joins a meld begun in this selection or lying on the table
        if r == 3 or not (gn[r] or gw[r] or reach.tsize[r] >= 0):
            continue
        if gw[r] + reach.twild[r] >= RULES.max_wild:
            continue
        gw[r] += 1
        reach.free_n -= 1
        for kind, pts, acts in (("f2", 20, TWO_ACT), ("fj", 50, JOKER_ACT)):
            held = getattr(reach, kind)
            if not held:
                continue
            setattr(reach, kind, held - 1)
            reach.gpts += pts
            if reach.finishable(r):
                out.append(acts[r])
            setattr(reach, kind, held)
            reach.gpts -= pts
        gw[r] -= 1
        reach.free_n += 1
    return out


def _pick(state: CanastaState, seat: int, sel: Selection, act: Action) -> Pick:
    verb = act.verb
    if verb == "take":
        sel.data["take"] = True
        return Pick(-1, RANK[state.pile[-1]], "upcard")
    r = RANK_OF_WORD[act.args[0]]
    free = _free(state, seat, sel)
    pool = free & (NATURAL[r] if verb == "meld" else TWOS if verb == "two" else JOKERS)
    prefer = sel.prefer
    if prefer >= 0 and pool >> prefer & 1:
        c = prefer
    else:  # the card of the kind first in the hidden order
        order = state.order
        c, first = -1, _N
        while pool:
            low = pool & -pool
            i = low.bit_length() - 1
            if order[i] < first:
                c, first = i, order[i]
            pool ^= low
    return Pick(c, r, "wild" if verb != "meld" else "")


def _complete(state: CanastaState, seat: int, sel: Selection) -> str:
    groups = _groups(state, sel)
    side = state.side(seat)
    take = _taking(sel)
    up = state.pile[-1] if take else -1
    up_rank = RANK[up] if take else -1
    total = 0
    canastas = state.canastas(side)
    for r, g in groups.items():
        have = state.meld_of(side, r)
        name = f"{rank_text(r)}s"
        if have is not None:
            why = tm.why_not_extend(RULES, have[1], g)
            size_before = have[1].size
        else:
            why = tm.why_not_meld(RULES, g)
            size_before = 0
        if why:
            return f"{name}: {why}"
        if take and r == up_rank and state.frozen and ((g & ~WILD) & ~(1 << up)).bit_count() < 2:
            return f"the pile is frozen: the upcard needs two natural {name} from your hand"
        total += points(g)
        if size_before < CANASTA_SIZE <= size_before + g.bit_count():
            canastas += 1
    if not state.melded[side] and total < state.minimum[side]:
        return (
            f"your side's first melds must count {state.minimum[side]} together: "
            f"these count {total}"
        )
    left = _free(state, seat, sel).bit_count() + (len(state.pile) - 1 if take else 0)
    out = left == 0 or (left == 1 and not state.final)
    if out:
        why = state.going_out_ok(seat, canastas)
        if why:
            return f"that would leave you {plural(left, 'card')} to go out with, but {why}"
    elif 3 in groups:
        return "black threes are melded only when going out"
    return ""


def _commit(state: CanastaState, seat: int, sel: Selection) -> None:
    groups = _groups(state, sel)
    side = state.side(seat)
    name = state.names[seat]
    steps = tuple(sel.steps)
    logged = False
    if _taking(sel):
        cards = tuple(CARDS[i] for i in state.pile)
        up = state.pile[-1]
        rest = 0
        for i in state.pile[:-1]:
            rest |= 1 << i
        state.taken[side] += 1
        state.log(
            "draw",
            seat,
            f"{name} takes the discard pile ({plural(len(cards), 'card')}) with {CARDS[up].text}",
            cards=cards,
            source="discard",
            steps=steps,
        )
        logged = True
        state.pile = []
        state.frozen_at = -1
        threes = rest & RED3
        state.hands[seat] |= rest & ~RED3 | 1 << up
        if threes:
            state._lay_red3(seat, threes)
    laid = 0
    parts = []
    for r, g in groups.items():
        laid |= g
        have = state.meld_of(side, r)
        if have is None:
            state.melds.append(tm.new_meld(RULES, side, g))
            parts.append(f"new {rank_text(r)}s")
        else:
            state.melds[have[0]] = tm.extend(RULES, have[1], g)
            parts.append(f"onto the {rank_text(r)}s")
    state.hands[seat] &= ~laid
    cards = tuple(CARDS[i] for i in bits(laid))
    total = points(laid)
    data: dict[str, Any] = {"ranks": tuple(groups), "total": total}
    if not logged:
        data["steps"] = steps
    first = not state.melded[side]
    state.melded[side] = True
    state.turn_melded = True
    text = f"{name} melds {' '.join(c.text for c in cards)} ({', '.join(parts)}; {total} points"
    text += (
        f", opening the side's melds against a minimum of {state.minimum[side]})" if first else ")"
    )
    state.log("meld", seat, text, cards=cards, **data)
    state.phase = MELD_PHASE
    if not state.hands[seat]:
        state._go_out(seat)


def _why_pick(state: CanastaState, seat: int, sel: Selection, act: Action) -> str:
    if act.verb == "take":
        if state.phase is not DRAW_PHASE:
            return "the pile is taken instead of drawing, at the start of the turn"
        return state.why_not_take(seat) or "the pile cannot be taken now"
    if state.phase is DRAW_PHASE and not sel.steps:
        return "draw first (or take the pile): melding comes after the draw"
    if not act.args or act.args[0] not in RANK_OF_WORD:
        return "name a rank: a, 3 (black threes), 4 … 10, j, q or k"
    r = RANK_OF_WORD[act.args[0]]
    free = _free(state, seat, sel)
    begun = _unfinished(_Reach(state, seat, sel)) if sel.steps else ()
    if begun and r not in begun:
        names = " and ".join(f"{rank_text(k)}s" for k in begun)
        return f"finish the meld of {names} first: a new rank starts once each meld begun is whole"
    if act.verb == "meld":
        if r == 2:
            return "twos are wild: add one to a meld with 'two <rank>'"
        if not free & NATURAL[r]:
            return f"you hold no other natural {rank_text(r)}"
    else:
        if r == 3:
            return "black threes take no wild cards"
        if not free & (TWOS if act.verb == "two" else JOKERS):
            return f"you hold no other {act.verb}"
    if state.ask_answer is False:
        return (
            "that pick cannot lead to melds you may lay now: your partner said no to going "
            "out this turn, so you keep two cards"
        )
    why = "that pick cannot lead to melds you may lay now"
    if state.canastas(state.side(seat)) < state.need:
        why += f" (going out needs {plural(state.need, 'canasta')} for your side)"
    return why


def _summary(state: CanastaState, seat: int, sel: Selection) -> str:
    groups = _groups(state, sel)
    side = state.side(seat)
    parts = []
    for r, g in groups.items():
        cards = " ".join(CARDS[i].text for i in bits(g))
        where = "onto the table" if state.meld_of(side, r) else "new"
        parts.append(f"{rank_text(r)}s {cards} ({where})")
    total = points(sum(groups.values()))
    text = "; ".join(parts) + f"; {total} points"
    if not state.melded[side]:
        text += f" of the {state.minimum[side]} your side needs"
    if _taking(sel):
        text += "; taking the pile"
    return text


LAY = Staged(
    "meld",
    ("take", "meld", "two", "joker"),
    menu=_menu,
    pick=_pick,
    complete=_complete,
    commit=_commit,
    why=_why_pick,
    summary=_summary,
    # 'back' alone takes picks back: with a 'drop' per card picked a long meld (an
    # opening minimum, a forced take of the pile) is rarely finished by random play
    ordered=True,
    unit="card",
)


# ------------------------------------------------------------------ phases
def _draw_legal(state: CanastaState, seat: int) -> tuple[Action, ...]:
    acts: tuple[Action, ...] = (DRAW,) if state.stock and not state.final else ()
    if state.may_ask(seat):
        acts += (ASK,)
    return acts


def _draw_apply(state: CanastaState, act: Action, seat: int) -> None:
    if act == ASK:
        state._ask(act, seat)
    else:
        state._draw(act, seat)


def _draw_why(state: CanastaState, act: Action, seat: int) -> str:
    if act == DRAW:
        return "the stock is gone: take the pile if you can"
    if act == ASK:
        return _ask_why(state, seat)
    return "draw from the stock or take the discard pile first"


def _ask_why(state: CanastaState, seat: int) -> str:
    if state.players != 4:
        return "only a partner can be asked, and the two-player form has none"
    if state.asked:
        return "you have asked already this turn"
    if state.turn_melded:
        return "ask before melding"
    return f"your side has no canasta yet: going out needs {plural(state.need, 'canasta')}"


def _discards(state: CanastaState, seat: int) -> tuple[Action, ...]:
    hand = state.hands[seat]
    if state.final:
        return ()
    if hand.bit_count() == 1 and state.going_out_ok(seat, state.canastas(state.side(seat))):
        return ()
    return tuple(DISCARD[i] for i in bits(hand))


def _meld_legal(state: CanastaState, seat: int) -> tuple[Action, ...]:
    acts = _discards(state, seat)
    if state.final:
        acts = (END,)
    if state.may_ask(seat):
        acts += (ASK,)
    return acts


def _meld_apply(state: CanastaState, act: Action, seat: int) -> None:
    if act == ASK:
        state._ask(act, seat)
    elif act == END:
        state._end(act, seat)
    else:
        state._discard(act, seat)


def _meld_why(state: CanastaState, act: Action, seat: int) -> str:
    if act == ASK:
        return _ask_why(state, seat)
    if act in (DRAW, TAKE):
        return "you have drawn this turn: meld, then discard"
    if act.verb == "discard":
        if state.final:
            return "the last card of the stock was a red three: no discard; 'end' ends the hand"
        c = act.card
        if c is None:
            return "name the card to discard"
        hand = state.hands[seat]
        if not hand >> c.index & 1:
            return f"{c.text} is not in your hand"
        if hand.bit_count() == 1:
            return "discarding your last card goes out, but " + state.going_out_ok(
                seat, state.canastas(state.side(seat))
            )
        return ""
    if act == END:
        return "the hand ends this way only after a red three was the last stock card"
    return "meld, then discard"


def _draw_prompt(state: CanastaState, seat: int) -> str:
    up = state.upcard()
    if not state.stock:
        return "The stock is gone: take the discard pile (its upcard must go into a meld)"
    top = f" (upcard {CARDS[up].text}{', pile frozen' if state.frozen else ''})" if up >= 0 else ""
    return f"Draw from the stock, or take the discard pile{top} by melding its upcard"


def _meld_prompt(state: CanastaState, seat: int) -> str:
    if state.final:
        return "Meld what you can, then 'end': the stock is gone and there is no discard"
    return "Meld (pick cards by rank), or discard to end your turn"


DRAW_PHASE = LAY.around(Phase("draw", _draw_legal, _draw_apply, _draw_why, _draw_prompt))
MELD_PHASE = LAY.around(Phase("meld", _meld_legal, _meld_apply, _meld_why, _meld_prompt))
ASKING = Poll(
    "go_out",
    lambda state, seat: f"{state.names[(seat + 2) % 4]} asks: may I go out?",
    CanastaState._answered,
    said=lambda state, seat, yes: f"{state.names[seat]} says {'yes' if yes else 'no'}",
)


__all__ = [
    "ALL_RANKS",
    "ASK",
    "ASKING",
    "DRAW",
    "END",
    "LAY",
    "MELD_RANKS",
    "NATURAL",
    "RULES",
    "TAKE",
    "VALUE",
    "WILD",
    "CanastaOptions",
    "CanastaState",
    "minimum_for",
    "points",
]
