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
void.  The first player to total 100 or more wins the game; that player adds 100 for the
game, then each player adds 25 for every hand they won (the box bonus).

Options
-------
{options}

Oklahoma and Parlett cannot be combined, and either one replaces ``knock_limit``.

Rulings
-------
* The opening player chooses freely between the upcard and the stock; nobody gets a
  special first refusal of the opening upcard.
* The upcard just drawn cannot leave the hand again in that turn: not as an ordinary
  discard, and not as the card set aside to knock or go gin.
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
* The game is won by the player who reached the target.  The game bonus and the box
  bonuses are then added (they are lines of the last hand's result) and set the margin:
  the loser pays the winner the difference in totals after the bonuses times ``bet``.
  When the box bonuses leave the player who did not reach the target level with the
  winner or ahead, nobody pays.
* With ``hands=N`` exactly N hands are played.  If a total has reached the target by
  then, the first player to reach it wins and the bonuses are paid as above; otherwise
  no bonuses are paid, the higher total wins (equal totals share the win) and the lower
  total pays the difference times ``bet``.
* ``max_hands`` (default 1,000) stops a game nobody has won, as ``hands`` does.  Players
  who knock reach 100 in 6 to 15 hands; bots drawing at random, which seldom knock, took
  up to 500: the cap sits above both and only ends a game whose target is out of reach.
* A hand is *won* (for the box bonus) by whoever scores in it.
* Explicit deals list the cards in dealing order: ten for seat 0, ten for seat 1, the
  upcard, then the stock from the top down (the 22nd card is the first one drawn):
  ``game.deal([north, south], upcard=..., stock=[...])``.

Actions
-------
``draw stock``, ``draw upcard``, then ``discard XX``, ``knock XX`` (discard XX face down
and knock) or ``gin XX``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action
from ..core.agents import on
from ..core.cards import CARDS, Card, mask_of
from ..core.clone import immutable
from ..core.errors import OptionError
from ..core.observation import Observation
from ..core.options import DealerOptions, option
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import GameSpec, TableLayout
from ..rules import melds as _m
from ..rules.deals import DealRule, each_seat, pile
from ..rules.rummy import DRAW, HAND_SIZE, VALUE, KnockRummy, Melds, RummyBot, best_melds

__all__ = ["GAME", "GinBot", "GinRummyOptions", "GinRummyState", "Melds", "Payout", "best_melds"]

GAME_BONUS = 100
BOX_BONUS = 25
DRAW_STOCK = DRAW["stock"]
DRAW_UPCARD = DRAW["upcard"]


@dataclass(frozen=True)
class GinRummyOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")
    hands: int | None = option(
        None,
        "play exactly this many hands (None: until a total reaches the target); if nobody "
        "has reached the target by then, no bonuses are paid and the higher total wins",
        min=1,
        max=10_000,
    )
    target: int = option(
        100,
        "the game ends as soon as a total reaches this; that player wins and the game and "
        "box bonuses are added",
        min=1,
        max=1_000,
    )
    max_hands: int = option(
        1_000,
        "the game stops after this many hands if no total has reached the target; as with "
        "hands, no bonuses are paid and the higher total wins",
        min=1,
        max=10_000,
    )
    knock_limit: int = option(
        10, "most deadwood a knocker may keep after the discard (0: only gin ends a hand)",
        min=0, max=100,
    )  # fmt: skip
    oklahoma: bool = option(
        False,
        "the value of each hand's first upcard is that hand's knock limit (picture cards "
        "10; an Ace: only gin ends the hand)",
    )
    parlett: bool = option(
        False,
        "the knock limit is the value of the upcard showing after the knocker's draw (10 "
        "when the discard pile is empty)",
    )
    around_the_corner: bool = option(False, "King and Ace are consecutive, so K-A-2 is a run")
    bet: float = option(
        0.0,
        "money per point: at the end the loser owes the winner the difference in totals "
        "after the bonuses times this (reported, not played for; nobody pays when the box "
        "bonuses leave the loser level or ahead)",
        min=0,
        max=1_000,
    )
    deck: str = option(
        "standard", "'foresight': the stock and the opponent's hand show Foresight backs"
    )

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


@immutable
class Payout(NamedTuple):
    """Betting settlement: ``payer`` owes ``payee`` ``amount`` (``points`` × the bet)."""

    payer: int
    payee: int
    points: int
    amount: float


class GinRummyState(KnockRummy):
    """A game of Gin Rummy in progress (see :class:`~cardlab.rules.rummy.KnockRummy`)."""

    __slots__ = ("first_upcard", "hand_limit", "parlett", "payout")

    DEAL = DealRule(each_seat(hand=HAND_SIZE), pile("upcard", 1), pile("stock"))
    DRAWS = ("stock", "upcard")
    WIN = "gin"
    WIN_BONUS = 25
    KNOCK_FACE_DOWN = True
    NOT_EVEN = ", not even face down"
    DRAWS_TEXT = ("{name} draws from the stock", "{name} draws {card} from the stock")
    STOCK_OUT = "The hand is void: only {n} cards are left in the stock"

    first_upcard: int
    hand_limit: int  # the knock limit of this hand (Oklahoma) or of the game
    parlett: bool
    payout: Payout | None

    def setup(self) -> None:
        super().setup()
        self.parlett = self.options.parlett
        self.payout = None

    def reset_hand(self) -> None:
        super().reset_hand()
        self.first_upcard = -1
        self.hand_limit = self.options.knock_limit

    def on_deal(self, dealt: Any) -> None:
        super().on_deal(dealt)
        up = self.first_upcard = self.pile[0]
        if self.options.oklahoma:
            self.hand_limit = 0 if up % 13 == 0 else VALUE[up]
            if not self.hand_limit:
                text = "Oklahoma: the first upcard is an Ace, so only gin ends this hand"
                self.log("limit", None, text, limit=0)

    def knock_limit(self) -> int:
        if self.parlett:
            return VALUE[self.pile[-1]] if self.pile else 10
        return self.hand_limit

    def limit_why(self, card: Card, left: int, limit: int) -> str:
        if limit == 0 and self.options.oklahoma:
            return (
                "knocking is not allowed this hand (Oklahoma: the first upcard was an Ace); go gin"
            )
        why = super().limit_why(card, left, limit)
        if self.parlett:
            top = (
                f"the upcard showing is {CARDS[self.pile[-1]]}"
                if self.pile
                else "the discard pile is empty"
            )
            why += f" (Parlett: {top})"
        return why

    # ------------------------------------------------------------ the end
    def final_awards(self) -> None:
        names = self.names
        first = self.reached_first()
        if first:
            w = first[0]
            self.award(w, GAME_BONUS, f"game bonus for reaching {self.target}")
            for s in (0, 1):
                n = self.wins[s]
                if n:
                    self.award(
                        s, BOX_BONUS * n, f"box bonus: {plural(n, 'hand')} won × {BOX_BONUS}"
                    )
            boxes = ", ".join(f"{names[s]} {BOX_BONUS * self.wins[s]}" for s in (0, 1))
            text = (
                f"{names[w]} reached {self.target} first: game bonus {GAME_BONUS}; "
                f"box bonuses {boxes}"
            )
            self.log("bonus", w, text, game=GAME_BONUS, boxes=tuple(self.wins))
        bet = self.options.bet
        winners = self.decide_winners()
        if bet and len(winners) == 1:
            w = winners[0]
            diff = self.scores[w] - self.scores[1 - w]
            if diff > 0:
                self.payout = Payout(1 - w, w, diff, diff * bet)

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        text = super().outcome_text(winners)
        names = self.names
        scores = self.scores
        if self.reached_first():
            w = winners[0]
            text += f" ({scores[w]} to {scores[1 - w]} after the bonuses)"
        p = self.payout
        bet = self.options.bet
        if p is not None:
            paid = f"{p.amount:g} ({p.points} points × {bet:g})"
            text += f"; {names[p.payer]} pays {names[p.payee]} {paid}"
        elif bet and len(winners) == 1:
            text += f"; nobody pays: the bonuses leave {names[1 - winners[0]]} level or ahead"
        return text

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"hands_won": self.wins[seat], **super().seat_values(seat)}

    def more_info(self, info: dict[str, Any]) -> None:
        info["first_upcard"] = CARDS[self.first_upcard] if self.first_upcard >= 0 else None
        info["around_the_corner"] = self.around
        if self.terminal:
            info["payout"] = self.payout


class GinBot(RummyBot):
    """Rule-of-thumb Gin: keep melds, shed high loose cards, knock as soon as allowed.

    It reads only its observation: its own hand, the discard pile and the knock limit.
    """

    @on(
        "draw",
        why=(
            "take the upcard only when it goes into a meld and lowers the deadwood; otherwise "
            "draw from the stock"
        ),
    )
    def draw(self, obs: Observation) -> Action:
        if DRAW_UPCARD not in obs.legal:
            return DRAW_STOCK
        around = bool(obs.info.get("around_the_corner", False))
        hand = mask_of(obs.my_hand)
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
        return DRAW_STOCK if dead & top.bit else DRAW_UPCARD  # take it into a meld


GAME = register(
    GameSpec(
        name="gin_rummy",
        title="Gin Rummy",
        family="rummy",
        players=(2,),
        summary="Draw and discard to build sets and runs, then knock or go gin with low deadwood.",
        state_class=GinRummyState,
        options_class=GinRummyOptions,
        version=2,
        deck="standard 52",
        bots={"heuristic": GinBot},
        source="denexa-classics.txt (Gin Rummy)",
        layout=TableLayout(center=("stock", "discard"), hide=("layoffs",)),
        bench_target=2_900,
        variants={
            "Oklahoma": {"oklahoma": True},
            "Parlett": {"parlett": True},
            "around the corner": {"around_the_corner": True},
            "knock at 5": {"knock_limit": 5},
        },
    )
)
