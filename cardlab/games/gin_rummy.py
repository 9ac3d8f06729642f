"""Gin Rummy: two players race to arrange ten cards into melds.

Rules in brief
--------------
Each player gets ten cards.  One card is turned face up to begin the discard pile (the
*upcard* is always the top card of that pile) and the undealt cards form the face-down
stock.  The player who did not deal goes first, and the deal passes to the other player
after every hand.

A turn has two steps: take one card, either the top of the stock or the upcard, then put
one card from the hand on the discard pile.  The aim is to group cards into *melds*: a
set is three or four cards of the same rank, a run is three or more cards of one suit in
rank order (Ace is low, so Q-K-A and K-A-2 are not runs).  Cards outside melds are
*deadwood*, counted at face value, with Ace 1 and each picture card 10.

Instead of a plain discard a player may end the hand.  To *knock*, the cards kept after
the discard must carry 10 points of deadwood or fewer; to go *gin* they must carry none.
Both hands are then shown.  After a knock the other player (the defender) may add
deadwood cards to the knocker's melds ("lay off"); nothing can be added to a gin hand.

* Knocker's deadwood below the defender's: the knocker wins the difference.
* Defender's deadwood equal or lower: an *undercut*; the defender wins the difference
  plus a 10-point bonus.
* Gin: 25 points plus all of the defender's deadwood.

If a plain discard leaves only two cards in the stock, nobody scores and the hand is
void.  The first player to total 100 or more ends the game; that player adds 100 for the
game, then each player adds 25 for every hand they won (the box bonus).

Options
-------
================= ======= ========================================================
option            default meaning
================= ======= ========================================================
target            100     the game ends as soon as a total reaches this
knock_limit       10      most deadwood a knocker may keep (0: gin only)
oklahoma          False   the first upcard of each hand sets the knock limit for
                          that hand (picture cards 10; an Ace forbids knocking)
parlett           False   the limit is the value of the upcard showing when you
                          knock (after your draw); an empty pile means 10
around_the_corner False   King and Ace are neighbours, so K-A-2 is a run
bet               0.0     money per point: at the end the loser owes the winner
                          the difference in totals times this (information only)
hands             None    stop after this many hands (1 = a single hand)
first_dealer      0       seat that deals the first hand
deck              standard "foresight": the stock and the opponent's hand show
                           Foresight backs
================= ======= ========================================================

Oklahoma and Parlett cannot be combined, and either one replaces ``knock_limit``.

Rulings
-------
* The opening player chooses freely between the upcard and the stock; nobody gets a
  special first refusal of the opening upcard.
* A card taken from the discard pile may not be thrown back on the same turn, neither
  as a plain discard nor as the knock or gin card.
* A knock needs at least 1 point of deadwood; with none the player must say ``gin``.
* The knocker's melds are the arrangement with the least deadwood; among equally good
  arrangements the one that leaves the defender the most deadwood after lay-offs is used.
  The defender lays off (and rearranges its own melds) to keep as little deadwood as
  possible; this happens automatically.
* Equal deadwood at a knock counts as an undercut (0 + 10 to the defender).
* The hand is void when the stock is down to two cards after a plain discard; the player
  who draws the stock down to two may still knock or go gin.  A void hand shows nothing.
* Parlett: the limit is the point value of the top card of the discard pile after the
  knocker's draw (an Ace allows 1 point, picture cards 10).
* Oklahoma: an Ace as first upcard means only gin ends the hand.
* With ``hands=N`` exactly N hands are played; the game and box bonuses are paid only if
  a total has reached the target by then (to the higher total).
* A hand is *won* (for the box bonus) by whoever scores in it.
* Explicit deals list the cards in dealing order: ten for seat 0, ten for seat 1, the
  upcard, then the stock from the top down (the 22nd card is the first one drawn).

Actions
-------
``draw stock``, ``draw upcard``, then ``discard XX``, ``knock XX`` (discard XX face down
and knock) or ``gin XX``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, CardActions, action
from ..core.agents import Agent
from ..core.cards import CARDS, Card, cards_of, parse_cards
from ..core.errors import OptionError
from ..core.events import Event
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State
from ..rules import melds as _m
from ..rules import rummy as _r
from ..rules.deals import seat_by_seat_deal
from ..rules.rummy import HAND_SIZE, VALUE, meld_cards

STOCK_FLOOR = 2  # the hand is void when a plain discard leaves this many stock cards
GIN_BONUS = 25
GAME_BONUS = 100
BOX_BONUS = 25

DRAW_STOCK = action("draw stock")
DRAW_UPCARD = action("draw upcard")
_DRAW_BOTH = (DRAW_STOCK, DRAW_UPCARD)
_DRAW_STOCK_ONLY = (DRAW_STOCK,)
GIN = CardActions("gin")
_VERBS = frozenset(("draw", "discard", "knock", "gin"))


# ------------------------------------------------------------ event texts
# Events for the common moves are immutable, so they are built once per pair of seat names.
_EVENTS: dict[tuple[str, ...], tuple[list[list[Event]], ...]] = {}


def _events(names: tuple[str, ...]) -> tuple[list[list[Event]], ...]:
    ev = _EVENTS.get(names)
    if ev is None:
        stock = [
            [
                Event(
                    "draw",
                    s,
                    f"{names[s]} draws from the stock",
                    f"{names[s]} draws {CARDS[i].text} from the stock",
                    (s,),
                )
                for i in range(52)
            ]
            for s in range(len(names))
        ]
        upcard, discard = _r.pile_events(names)
        ev = _EVENTS[names] = (stock, upcard, discard)
    return ev


# ------------------------------------------------------------ arrangements
class Melds(NamedTuple):
    """An arrangement of cards: the melds, the cards left over and their point value."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        shown = " | ".join(" ".join(c.text for c in m) for m in self.melds) or "no melds"
        dead = " ".join(c.text for c in self.deadwood) or "none"
        return f"{shown}; deadwood {dead} ({self.points})"


def best_melds(cards: str | Iterable[str | Card], *, around: bool = False) -> Melds:
    """Arrange cards into melds leaving the least deadwood.

    ``cards`` is a string such as ``"AS 2S 3S 7D 7C 7H KC"`` or an iterable of cards or
    card strings; ``around=True`` lets runs turn the corner (K-A-2).

    >>> str(best_melds("AS 2S 3S 7D 7C 7H KC"))
    '7♣ 7♦ 7♥ | A♠ 2♠ 3♠; deadwood K♣ (10)'
    """
    cs = parse_cards(cards)
    mask = 0
    for c in cs:
        if c.index >= 52:
            raise ValueError(f"{c} is not a card of the 52-card pack")
        if mask >> c.index & 1:
            raise ValueError(f"{c} is listed twice")
        mask |= 1 << c.index
    melds, dead = _m.best_melds(mask, around)
    return Melds(tuple(meld_cards(m, around) for m in melds), cards_of(dead), _m.card_values(dead))


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class GinRummyOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")
    target: int = option(100, "the game ends when a total reaches this", min=1)
    knock_limit: int = option(10, "most deadwood a knocker may keep (0: gin only)", min=0, max=100)
    oklahoma: bool = option(
        False, "the first upcard's value is the hand's knock limit (an Ace: gin only)"
    )
    parlett: bool = option(
        False, "the knock limit is the value of the upcard showing when you knock"
    )
    around_the_corner: bool = option(False, "King and Ace are consecutive (K-A-2 is a run)")
    bet: float = option(0.0, "money per point the loser pays the winner at the end", min=0)

    def check(self) -> None:
        if self.oklahoma and self.parlett:
            raise OptionError(
                "options oklahoma and parlett conflict: both set the knock limit from the "
                "upcard (oklahoma: the first upcard of the hand; parlett: the upcard showing "
                "at the knock); choose one"
            )
        if (self.oklahoma or self.parlett) and self.knock_limit != 10:
            which = "oklahoma" if self.oklahoma else "parlett"
            raise OptionError(
                f"options knock_limit and {which} conflict: with {which} the upcard sets "
                "the knock limit, so leave knock_limit at 10"
            )


class Payout(NamedTuple):
    """Betting settlement: ``payer`` owes ``payee`` ``amount`` (``points`` × the bet)."""

    payer: int
    payee: int
    points: int
    amount: float


class Reveal(NamedTuple):
    """The open hands after a knock or gin."""

    kind: str  # "knock" or "gin"
    knocker: int
    card: int  # the knocker's face-down discard
    melds: tuple[tuple[int, ...], tuple[int, ...]]  # per seat
    deadwood: tuple[int, int]  # masks per seat (after lay-offs)
    points: tuple[int, int]  # deadwood values per seat
    layoffs: tuple[tuple[int, int], ...]  # (knocker meld, defender cards laid on it)


# ------------------------------------------------------------ state
class GinRummyState(State):
    """A game of Gin Rummy in progress.  Hands are bitmasks of card indices.

    ``stock`` lists card indices bottom first (the next card drawn is ``stock[-1]``);
    ``pile`` is the discard pile, its top (the upcard) last.
    """

    __slots__ = (
        "_ev",
        "around",
        "bonus_lines",
        "final",
        "first_upcard",
        "gmask",
        "hand_limit",
        "hands",
        "kmask",
        "limit",
        "payout",
        "pile",
        "reveal",
        "stock",
        "taken",
        "turns",
        "wins",
    )
    _nested_lists: ClassVar[tuple[str, ...]] = ()

    hands: list[int]
    stock: list[int]
    pile: list[int]
    taken: int  # the upcard taken this turn (-1: none)
    limit: int  # knock limit for the current discard phase
    hand_limit: int  # Oklahoma's limit for this hand (-1 otherwise)
    first_upcard: int
    kmask: int  # cards the player may knock with (-1: not computed yet)
    gmask: int  # cards the player may go gin with
    wins: list[int]
    reveal: Reveal | None
    bonus_lines: tuple[ScoreLine, ...]
    final: HandResult | None
    payout: Payout | None
    turns: int
    around: bool
    _ev: tuple[list[list[Event]], ...]

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.wins = [0, 0]
        self.bonus_lines = ()
        self.final = None
        self.payout = None
        self.around = game.options.around_the_corner
        self._ev = _events(self.names)
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.hands = [0, 0]
        self.stock = []
        self.pile = []
        self.taken = -1
        self.limit = 10
        self.hand_limit = -1
        self.first_upcard = -1
        self.kmask = -1
        self.gmask = 0
        self.reveal = None
        self.turns = 0

    # ------------------------------------------------------------- deal
    def _apply_chance(self, act: Action) -> None:
        self._reset_hand()
        if self._ev is not _EVENTS.get(self.names):
            self._ev = _events(self.names)
        cards = act.cards
        self.hands = _r.deal_hands(cards)
        up = cards[2 * HAND_SIZE]
        self.pile = [up.index]
        self.stock = [c.index for c in reversed(cards[2 * HAND_SIZE + 1 :])]
        self.first_upcard = up.index
        if self.options.oklahoma:
            self.hand_limit = 0 if up.rank == 1 else VALUE[up.index]
        self.chance = False
        self.phase = "draw"
        first = 1 - self.dealer
        self.to_move = (first,)
        self.log("deal", self.dealer, _r.deal_text(self.names, self.dealer, self.hand_number, up))
        if self.hand_limit == 0:
            self.log(
                "limit", None, "Oklahoma: the first upcard is an Ace, so only gin ends this hand"
            )
        elif self.hand_limit > 0:
            self.log("limit", None, f"Oklahoma: the knock limit this hand is {self.hand_limit}")

    @classmethod
    def deal_action(
        cls,
        game: Any,
        hands: Sequence[Any] | Mapping[int, Any],
        *,
        upcard: str | Card | None = None,
        stock: Sequence[Any] | str | None = None,
        rng: random.Random | None = None,
    ) -> Action:
        """A deal from hands given seat by seat; whatever is left out is dealt at random.

        ``hands`` is a list of two hands (or a dict seat -> hand), each a string such as
        ``"AS 2S 3S ..."`` or a list of cards, with up to 10 cards.  ``upcard`` fixes the
        card that starts the discard pile; ``stock`` fixes the top of the stock, the card
        drawn first coming first.
        """
        fixed = list(parse_cards(stock)) if stock is not None else []
        _r.check_stock(fixed, 52 - 2 * HAND_SIZE - 1)
        extra = ([upcard] if upcard is not None else []) + fixed
        act = seat_by_seat_deal(game, hands, HAND_SIZE, rng, extra=extra)
        if upcard is not None or not fixed:
            return act
        # No upcard given: the first card after the fixed stock cards becomes the upcard.
        cards = list(act.cards)
        n = 2 * HAND_SIZE
        k = n + len(fixed)
        order = [*cards[:n], cards[k], *fixed, *cards[k + 1 :]]
        return Action.of("deal", order)

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "discard":
            hand = self.hands[seat]
            ok = hand & ~(1 << self.taken) if self.taken >= 0 else hand
            km = self.kmask
            if km < 0:
                km = self._knock_masks(hand, ok)
            return _r.discard_actions(ok, km, self.gmask, GIN)
        if phase == "draw":
            return _DRAW_BOTH if self.pile else _DRAW_STOCK_ONLY
        return ()

    def _knock_masks(self, hand: int, ok: int) -> int:
        """Compute (once per discard phase) which cards allow a knock or gin."""
        limit = self.limit
        km = _m.knock_discards(hand, limit, self.around) & ok
        gm = 0
        if km:
            gm = km if limit == 0 else _m.knock_discards(hand, 0, self.around) & ok
        self.kmask = km
        self.gmask = gm
        return km

    def why_illegal(self, act: Action, seat: int) -> str:
        verb = act.verb
        phase = self.phase
        if phase == "draw":
            if verb != "draw":
                return "you must draw first (from the stock or the upcard)"
            if act.args == ("upcard",) and not self.pile:
                return "the discard pile is empty"
            return "draw with 'draw stock' or take the upcard with 'draw upcard'"
        if phase != "discard" or verb not in _VERBS:
            return ""
        if verb == "draw":
            return "you have already drawn this turn; now discard, knock or go gin"
        hand = self.hands[seat]
        refused = _r.card_refusal(act, hand, self.taken, ", not even face down")
        if refused:
            return refused
        card = act.cards[0]
        left = _m.min_deadwood(hand & ~card.bit, self.around)
        if verb == "gin":
            return f"gin needs 0 deadwood after the discard; discarding {card} leaves {left}"
        if verb == "knock":
            limit = self.limit
            if left == 0:
                return f"discarding {card} leaves no deadwood: that is gin ('gin {card.code}')"
            if limit == 0 and self.options.oklahoma:
                return (
                    "knocking is not allowed this hand (Oklahoma: the first upcard was "
                    "an Ace); go gin"
                )
            if limit == 0:
                return (
                    f"the knock limit is 0, so only gin ends the hand; discarding {card} "
                    f"leaves {left}"
                )
            why = (
                f"you can knock only with {limit} or less deadwood after discarding; "
                f"discarding {card} leaves {left}"
            )
            if self.options.parlett:
                top = (
                    f"the upcard showing is {CARDS[self.pile[-1]]}"
                    if self.pile
                    else ("the discard pile is empty")
                )
                why += f" (Parlett: {top})"
            return why
        return "not allowed now"

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        if act is DRAW_STOCK:
            self._draw_stock(seat)
            return
        verb = act.verb
        if verb == "discard":
            idx = act.cards[0].index
            self.hands[seat] &= ~(1 << idx)
            self.pile.append(idx)
            self.events.append(self._ev[2][seat][idx])
            self.taken = -1
            if len(self.stock) <= STOCK_FLOOR:
                self._void_hand()
                return
            self.phase = "draw"
            self.to_move = (1 - seat,)
            self.turns += 1
        elif verb == "draw":
            if act == DRAW_STOCK:
                self._draw_stock(seat)
                return
            idx = self.pile.pop()
            self.hands[seat] |= 1 << idx
            self.taken = idx
            self.events.append(self._ev[1][seat][idx])
            self._start_discard()
        else:
            self._end_by_knock(seat, act.cards[0].index, verb == "gin")

    def _draw_stock(self, seat: int) -> None:
        idx = self.stock.pop()
        self.hands[seat] |= 1 << idx
        self.taken = -1
        self.events.append(self._ev[0][seat][idx])
        self._start_discard()

    def _start_discard(self) -> None:
        self.phase = "discard"
        self.kmask = -1
        self.gmask = 0
        opts = self.options
        if opts.parlett:
            self.limit = VALUE[self.pile[-1]] if self.pile else 10
        elif self.hand_limit >= 0:
            self.limit = self.hand_limit
        else:
            self.limit = opts.knock_limit

    def limit_now(self) -> int:
        """The knock limit that applies to the player to move (Parlett: if it drew the stock)."""
        if self.phase == "discard":
            return self.limit
        opts = self.options
        if opts.parlett:
            return VALUE[self.pile[-1]] if self.pile else 10
        if self.hand_limit >= 0:
            return self.hand_limit
        return int(opts.knock_limit)

    # ------------------------------------------------------------ hand end
    def _void_hand(self) -> None:
        summary = f"The hand is void: only {STOCK_FLOOR} cards are left in the stock"
        self._close_hand(HandResult(self.hand_number, (0, 0), (), summary), None)

    def _end_by_knock(self, seat: int, idx: int, gin: bool) -> None:
        around = self.around
        names = self.names
        other = 1 - seat
        kh = self.hands[seat] & ~(1 << idx)
        self.hands[seat] = kh
        self.taken = -1
        dh = self.hands[other]
        if gin:
            kmelds, kdead = _m.best_melds(kh, around)
            dmelds, ddead = _m.best_melds(dh, around)
            laid = 0
            dpoints = _m.card_values(ddead)
            attached: list[tuple[int, int]] = []
        else:
            best: tuple[int, Any, Any] | None = None
            for arrangement in _m.best_arrangements(kh, around):
                lay = _m.best_layoff(arrangement[0], dh, around)
                if best is None or lay[2] > best[0]:
                    best = (lay[2], arrangement, lay)
            assert best is not None
            (kmelds, kdead), (laid, dmelds, dpoints) = best[1], best[2]
            ddead = _r.defender_deadwood(dh, laid, dmelds)
            attached = _r.attach_layoffs(kmelds, laid, around)
        kpoints = _m.card_values(kdead)
        card = CARDS[idx]
        if gin:
            said = f"{names[seat]} goes gin, discarding a card face down"
        else:
            said = f"{names[seat]} knocks with {kpoints} deadwood, discarding a card face down"
        self.log(
            "gin" if gin else "knock",
            seat,
            said,
            said.replace("a card face down", f"{card} face down"),
            (seat,),
        )
        _r.log_reveal(self, seat, (kmelds, kdead, dmelds, ddead), attached, around)
        lines: list[ScoreLine] = []
        if gin:
            lines.append(ScoreLine(seat, GIN_BONUS, "gin bonus"))
            if dpoints:
                lines.append(ScoreLine(seat, dpoints, f"{names[other]}'s deadwood"))
            total = GIN_BONUS + dpoints
            summary = (
                f"{names[seat]} goes gin and scores {total} ({GIN_BONUS} + {dpoints} deadwood)"
            )
            winner = seat
        else:
            summary, winner = _r.knock_score(names, seat, kpoints, dpoints, lines)
        self.wins[winner] += 1
        self.reveal = Reveal(
            "gin" if gin else "knock",
            seat,
            idx,
            _r.by_seat(seat, kmelds, dmelds),
            _r.by_seat(seat, kdead, ddead),
            _r.by_seat(seat, kpoints, dpoints),
            tuple(attached),
        )
        result = HandResult(self.hand_number, _r.points_of(lines), tuple(lines), summary)
        self._close_hand(result, winner)

    def _close_hand(self, result: HandResult, winner: int | None) -> None:
        self.kmask = -1
        self.gmask = 0
        self.log("hand_over", winner, f"Hand {self.hand_number + 1} over. {result.summary}")
        self._end_hand(result)

    def _game_over(self) -> bool:
        return max(self.scores) >= int(self.options.target)

    def _finish(self) -> None:
        opts = self.options
        names = self.names
        scores = self.scores
        lines: list[ScoreLine] = []
        top = max(scores)
        if top >= opts.target and scores.count(top) == 1:
            leader = scores.index(top)
            lines.append(ScoreLine(leader, GAME_BONUS, f"game bonus for reaching {opts.target}"))
            for s in (0, 1):
                if self.wins[s]:
                    n = self.wins[s]
                    won = f"{n} hand{'' if n == 1 else 's'} won"
                    lines.append(ScoreLine(s, BOX_BONUS * n, f"box bonus: {won} × {BOX_BONUS}"))
        points = [0, 0]
        for line in lines:
            points[line.seat] += line.points
            scores[line.seat] += line.points
        self.bonus_lines = tuple(lines)
        parts = []
        if lines:
            parts.append("Bonuses: " + ", ".join(f"{names[s]} +{points[s]}" for s in (0, 1)))
        parts.append(f"Final totals: {names[0]} {scores[0]}, {names[1]} {scores[1]}")
        if opts.bet and scores[0] != scores[1]:
            payee = 0 if scores[0] > scores[1] else 1
            diff = abs(scores[0] - scores[1])
            self.payout = Payout(1 - payee, payee, diff, diff * opts.bet)
            parts.append(
                f"{names[1 - payee]} pays {names[payee]} {diff * opts.bet:g} "
                f"({diff} points × {opts.bet:g})"
            )
        summary = ". ".join(parts)
        self.final = HandResult(len(self.results), tuple(points), tuple(lines), summary)
        self.log("final", None, summary)
        super()._finish()

    # ------------------------------------------------------ observation
    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        names = self.names
        rv = self.reveal
        zones = _r.hand_zones(self, v, rv is not None)
        zones.append(_r.stock_zone(self, v))
        zones.append(_r.discard_zone(self.pile))
        info: dict[str, Any] = {
            "names": names,
            "target": self.options.target,
            "knock_limit": self.limit_now(),
            "upcard": CARDS[self.pile[-1]] if self.pile else None,
            "upcard_taken": CARDS[self.taken] if self.taken >= 0 else None,
            "first_upcard": CARDS[self.first_upcard] if self.first_upcard >= 0 else None,
            "stock": len(self.stock),
            "turns": self.turns,
            "hands_won": tuple(self.wins),
            "around_the_corner": self.around,
        }
        if rv is not None:
            face_down = self.entry(CARDS[rv.card], v == rv.knocker, v)
            zones.append(
                Zone(
                    "knock_discard",
                    rv.knocker,
                    (face_down,),
                    "pile",
                    label=f"{names[rv.knocker]}'s {rv.kind} discard",
                )
            )
            zones += _r.reveal_zones(names, rv, self.around)
            info["deadwoods"] = rv.points
            info["knocker"] = rv.knocker
        if isinstance(v, int) and self.phase in ("draw", "discard"):
            _r.deadwood_info(info, self, v, self.around)
        if self.results:
            info["last_hand"] = self.results[-1]
        if self.terminal:
            info["final"] = self.final
            info["payout"] = self.payout
        return self._observation(v, zones, **info)

    def breakdown(self) -> str:
        """Every hand's score lines, then the end-of-game bonuses, as text."""
        out = [r.explain(self.names) for r in self.results]
        if self.final is not None:
            out.append(self.final.explain(self.names))
        return "\n".join(out)


# ------------------------------------------------------------------- bot
class GinBot(Agent):
    """Rule-of-thumb Gin: keep melds, shed high loose cards, knock as soon as allowed.

    It reads only its observation: its own hand, the discard pile and the knock limit.
    """

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        around = bool(obs.info.get("around_the_corner", False))
        hand = _r.hand_mask(obs)
        if obs.phase == "draw":
            return self._draw(obs, hand, around)
        return _r.bot_discard(obs, hand, "gin", around)

    def _draw(self, obs: Observation, hand: int, around: bool) -> Action:
        if DRAW_UPCARD not in obs.legal:
            return DRAW_STOCK
        top = obs.zone("discard").cards[-1]
        assert isinstance(top, Card)
        now = _m.min_deadwood(hand, around)
        dd = _m.discard_deadwoods(hand | top.bit, around)
        dd.pop(top.index)
        best = min(dd.values())
        if best == 0:
            return DRAW_UPCARD
        if best >= now:
            return DRAW_STOCK
        out = min(dd, key=lambda i: (dd[i], -VALUE[i]))
        _, dead = _m.best_melds((hand | top.bit) & ~(1 << out), around)
        if not dead & top.bit:  # the upcard goes into a meld
            return DRAW_UPCARD
        return DRAW_STOCK


GAME = GameSpec(
    name="gin_rummy",
    title="Gin Rummy",
    family="rummy",
    players=(2,),
    summary="Draw and discard to build sets and runs, then knock or go gin with low deadwood.",
    state_class=GinRummyState,
    options_class=GinRummyOptions,
    version=1,
    deck="standard 52",
    bots={"heuristic": GinBot},
    source="denexa-classics.txt (Gin Rummy)",
)
