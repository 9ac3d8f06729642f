"""Newmarket (Michigan, Boodle, Stops): shed your cards in runs and catch the pay cards.

Rules in brief
--------------
Three to eight players play for chips.  Four cards of a second pack lie on the table as
a betting layout, the *pay cards*: the A♥, K♣, Q♦ and J♠.  Before each deal every
player puts an ante on each of them.

The whole pack is dealt into one hand per player plus one spare hand, the *widow*,
which nobody looks at.  The dealer, after looking at their own cards only, either
swaps them for the widow (their old hand is then out of the deal) or keeps them.  A
dealer who keeps sells the widow instead: each other player in turn from the dealer's
left may bid once, every bid above the last, and the best bidder pays the dealer and
takes the widow, leaving their own hand out of the deal.  Whatever hand is left over is
the *dead hand*: it stays face down all deal.

The player on the dealer's left starts a run: the lowest card they hold of any suit
(Aces are high).  The run climbs one card at a time, whoever holds the next card of the
suit playing it, wherever they sit.  It stops at the Ace, or when the next card cannot
come (it lies in the dead hand, or was played earlier).  The player who played the
stopping card then starts a new run with their lowest card of a suit of the other
colour.  Whoever plays one of the four pay cards takes the chips lying on it.

The first player to run out of cards ends the deal: every other player pays them one
chip for each card still in hand.  Pay cards not played leave their chips on the layout
for the next deal, when everyone antes again.  The deal passes to the left; after the
agreed number of deals the highest balance wins.

Options
-------
{options}

Rulings
-------
* Four players by default (any number from 3 to 8), starting with 50 chips each; the
  ante is 1 chip on each pay card, every deal.  Balances may go below zero.
* The deal goes one card at a time from the dealer's left, the widow last in each
  round, so when the cards do not divide evenly the players nearest the dealer's left
  get one card more and the widow never does.  An explicit deal gives each seat's
  ``hands`` (the same size for all), the ``widow`` and the ``extra`` cards, which go one
  each to the players from the dealer's left: ``game.deal(hands=[...], widow=...,
  extra=...)``.
* The widow auction is a single round, clockwise from the dealer's left; each bid is a
  whole number of chips above the last bid, from 1 up to the bidder's balance.  A player
  whose balance cannot beat the bid standing (0 or below: never) passes without being
  asked.  The best bidder pays the dealer.  With no bid the widow stays unused.
* The dead hand and an unsold widow stay face down until the end of the game; only the
  player who held the dead hand knows its cards.
* Every card that must be played is played at once: the next card of a run, and a new
  run that has only one possible start.  A player is asked only when there is a real
  choice (which suit to start).
* After a stop the player of the stopping card must switch colour; if they hold no card
  of the other colour the turn to do so passes to the left.  If nobody holds that colour,
  the player of the stopping card starts a run in any suit they hold.
* Pots are collected as the pay card is played.  Chips still on the layout after the
  last deal count for nobody.  Equal highest balances share the win.
* With ``kitty`` every player also antes into a kitty each deal, and the player who goes
  out takes it.  With ``dealer_double`` the dealer antes twice on each pay card (the
  common American habit).  With ``widow="dead"`` nobody may take the widow.

Actions
-------
``keep`` / ``swap`` (the dealer's choice), ``bid N`` / ``pass`` (the auction), ``play XX``
(start a run: the lowest card of the suit).

Odds and worlds
---------------
:func:`table_odds` counts, from what the viewing seat sees: before the widow is taken,
how likely it is to hold each pay card the seat lacks; when the seat starts a run, how
likely each possible run is to stop with the seat (the card after its block of
consecutive cards lying in the dead hand).  Every unseen card is counted as equally
likely to lie in any unseen place (cards a stop showed to be dead excepted): what
passes and forced plays revealed about voids is not used.  A sampled world (for the
search bot) deals the unseen cards among the other hands and the dead hand, honouring
the voids and stops the history shows, and replays the deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar

from ..core.actions import Action, ActionRange, CardActions, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, SUIT_BITS, SUIT_NAMES, SUIT_SYMBOLS, Card, parse_card
from ..core.cards import SUIT_MASKS as SUIT_MASK
from ..core.observation import Observation, Pot, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..rules.chips import ChipGame, bet_refusal
from ..rules.deals import DealRule, each_seat, pile
from ..rules.worlds import WorldError, assign, bits, replay, resume, retry, seat_of

# ----------------------------------------------------------------------- cards
#: The pay cards, in layout order, with their pot names.
PAY_CARDS: tuple[tuple[str, int], ...] = (
    ("AH", 2 * 13 + 0),
    ("KC", 0 * 13 + 12),
    ("QD", 1 * 13 + 11),
    ("JS", 3 * 13 + 10),
)
PAY_OF: dict[int, str] = {c: name for name, c in PAY_CARDS}
PAY_MASK = sum(1 << c for _, c in PAY_CARDS)
KITTY = "kitty"
#: The suits of the other colour, by suit (♣♦♥♠: clubs and spades are black).
OTHER_COLOUR = (0b0110, 0b1001, 0b1001, 0b0110)
COLOUR_NAME = ("black", "red", "red", "black")


def _next_card(c: int) -> int:
    """The card after ``c`` in its suit, Aces high (-1 after an Ace)."""
    r = c % 13
    if r == 0:
        return -1
    return c - r if r == 12 else c + 1


#: NEXT[c]: the card after ``c`` (-1 after an Ace); HIGHER[c]: its height, 2 lowest.
NEXT = tuple(_next_card(c) for c in range(52))
HIGHER = tuple(14 if c % 13 == 0 else c % 13 + 1 for c in range(52))
#: BELOW[c]: the cards of ``c``'s suit lower than ``c`` (Aces high).
BELOW = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(13) if HIGHER[13 * (c // 13) + r] < HIGHER[c])
    for c in range(52)
)
PLAYS = CardActions("play", rank_order=(*range(1, 13), 0))
KEEP = action("keep")
SWAP = action("swap")
PASS = action("pass")


def lowest(mask: int, suit: int) -> int:
    """The lowest card (Aces high) of ``suit`` in ``mask``, or -1."""
    m = mask >> (13 * suit) & SUIT_BITS
    if not m:
        return -1
    rest = m >> 1
    if rest:
        return 13 * suit + (rest & -rest).bit_length()
    return 13 * suit


def block_end(mask: int, card: int) -> int:
    """The last card of the run of consecutive cards of ``mask`` that starts at ``card``."""
    c = card
    while True:
        n = NEXT[c]
        if n < 0 or not mask >> n & 1:
            return c
        c = n


def hand_sizes(players: int) -> tuple[int, int]:
    """Cards in each hand (and the widow), and how many players get one more."""
    return 52 // (players + 1), 52 % (players + 1)


def pay_label(name: str) -> str:
    """``"Ace of hearts"``: a pay card's name, written out."""
    return parse_card(name).name


# --------------------------------------------------------------------- options
@dataclass(frozen=True)
class NewmarketOptions(DealerOptions):
    cap: ClassVar[str] = "deals"
    starting_chips: int = option(
        50, "chips each player starts with (a balance may go below zero)", min=0, max=1_000_000
    )
    ante: int = option(
        1, "chips each player puts on each pay card before every deal", min=1, max=1_000
    )
    deals: int | None = option(
        None,
        "how many deals the game lasts (None: two per player, so everyone deals twice)",
        min=1,
        max=1_000,
    )
    widow: str = option(
        "auction",
        "what may happen to the spare hand: the dealer may swap for it or else auction it "
        "(auction), or nobody may use it (dead)",
        choices=("auction", "dead"),
    )
    kitty: bool = option(
        False,
        "everyone also antes into a kitty every deal, taken by the player who goes out",
    )
    dealer_double: bool = option(False, "the dealer antes twice the ante on each pay card")


# ----------------------------------------------------------------------- state
def _hand_size(game: Game, variant: str) -> int:
    return hand_sizes(game.players)[0]


class NewmarketState(ChipGame):
    """A game of Newmarket in progress.  Hands are bitmasks of card indices."""

    __slots__ = (
        "allowed",
        "bidder",
        "bids",
        "chooser",
        "hands",
        "high",
        "high_bidder",
        "last",
        "last_seat",
        "paid",
        "played",
        "spare",
        "spare_owner",
        "taken_by",
    )

    POTS: ClassVar[tuple[tuple[str, str], ...]] = (
        *((name, pay_label(name)) for name, _ in PAY_CARDS),
        (KITTY, "Kitty"),
    )
    DEAL = DealRule(
        each_seat(hand=_hand_size),
        pile("widow", _hand_size),
        pile("extra"),
        positional=("hands",),
    )

    hands: list[int]
    spare: int  # the hand out of play: the widow, or the hand given up for it
    spare_owner: int  # who held the spare hand (-1: nobody, the widow as dealt)
    taken_by: int  # who took the widow (-1: nobody)
    played: int
    last: int
    last_seat: int
    chooser: int
    allowed: int  # suits (bit per suit) the chooser may start
    bidder: int
    high: int
    high_bidder: int
    bids: list[str]
    paid: list[list[str]]

    def reset_hand(self) -> None:
        super().reset_hand()
        n = self.players
        self.hands = [0] * n
        self.spare = 0
        self.spare_owner = -1
        self.taken_by = -1
        self.played = 0
        self.last = -1
        self.last_seat = -1
        self.chooser = -1
        self.allowed = 0
        self.bidder = -1
        self.high = 0
        self.high_bidder = -1
        self.bids = [""] * n
        self.paid = [[] for _ in range(n)]

    # ---------------------------------------------------------------- deal
    @property
    def deals(self) -> int:
        d: int | None = self.options.deals
        return d if d is not None else 2 * self.players

    def on_deal(self, dealt: Any) -> None:
        n = self.players
        hands = dealt.masks("hand")
        for k, c in enumerate(dealt.indices("extra")):
            hands[(self.dealer + 1 + k) % n] |= 1 << c
        self.hands = hands
        self.spare = dealt.mask("widow")
        dealer = self.dealer
        self.log(
            "deal",
            dealer,
            f"{self.names[dealer]} deals hand {self.hand_number + 1} of {self.deals}, with a widow",
            carried=tuple(sorted(self.pots.items())),
            start=tuple(self.scores),
        )
        self._ante()
        if self.options.widow == "dead":
            self.log("widow", None, "The widow stays out of play this deal")
            self._start_play()
        else:
            self.phase = self.WIDOW
            self.to_move = (dealer,)

    def _ante(self) -> None:
        ante: int = self.options.ante
        double = self.options.dealer_double
        for seat in range(self.players):
            each = 2 * ante if double and seat == self.dealer else ante
            # one line for the four antes; the chips go to each pay card's pot
            self.award(seat, -4 * each, f"ante: {plural(each, 'chip')} on each pay card")
            for name, _ in PAY_CARDS:
                self.pots[name] += each
            if self.options.kitty:
                self.pay_in(seat, ante, "ante to the kitty", KITTY)
        held = ", ".join(f"{self.pot_label(p)} {self.pots[p]}" for p, _ in PAY_CARDS)
        kitty = f"; the kitty holds {self.pots[KITTY]}" if self.options.kitty else ""
        extra = f" ({self.names[self.dealer]}, dealing, antes double)" if double else ""
        self.log(
            "ante",
            None,
            f"Everyone antes {plural(ante, 'chip')} on each pay card{extra}: {held}{kitty}",
            chips=ante,
            pots=tuple((p, self.pots[p]) for p, _ in self.POTS),
        )

    # -------------------------------------------------------------- widow
    def _widow(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        if act == SWAP:
            self._exchange(seat)
            self.log(
                "swap",
                seat,
                f"{name} swaps hands with the widow; {name}'s old hand is out of play",
            )
            self._start_play()
            return
        self.log("keep", seat, f"{name} keeps the hand dealt and auctions the widow")
        self.phase = self.BID
        self.bidder = seat
        self._next_bidder()

    def _exchange(self, seat: int) -> None:
        self.hands[seat], self.spare = self.spare, self.hands[seat]
        self.spare_owner = seat
        self.taken_by = seat

    def _can_bid(self, seat: int) -> bool:
        return self.balance(seat) > self.high

    def _next_bidder(self) -> None:
        n = self.players
        seat = self.bidder
        while True:
            seat = (seat + 1) % n
            if seat == self.dealer:
                self._sold()
                return
            if self._can_bid(seat):
                self.bidder = seat
                self.to_move = (seat,)
                return
            self.bids[seat] = "passed"
            why = "has no chips to bid" if self.balance(seat) <= 0 else "cannot bid higher"
            self.log(
                "pass",
                seat,
                f"{self.names[seat]} {why} and passes",
                forced=True,
                balance=self.balance(seat),
            )

    def _bid(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        if act == PASS:
            self.bids[seat] = "passed"
            self.log("pass", seat, f"{name} passes", forced=False)
        else:
            chips = int(act.args[0])
            self.high, self.high_bidder = chips, seat
            self.bids[seat] = f"bid {chips}"
            self.log("bid", seat, f"{name} bids {plural(chips, 'chip')} for the widow", chips=chips)
        self._next_bidder()

    def _sold(self) -> None:
        seat = self.high_bidder
        dealer = self.dealer
        if seat < 0:
            self.log("unsold", None, "Nobody bids: the widow stays face down and out of play")
        else:
            name = self.names[seat]
            chips = self.high
            self.transfer(seat, dealer, chips, "bought the widow", "sold the widow")
            self._exchange(seat)
            self.log(
                "sold",
                seat,
                f"{name} pays {self.names[dealer]} {plural(chips, 'chip')} and takes the "
                f"widow; {name}'s old hand is out of play",
                chips=chips,
            )
        self._start_play()

    # --------------------------------------------------------------- play
    def _start_play(self) -> None:
        self.phase = self.PLAY
        self.bidder = -1
        seat = (self.dealer + 1) % self.players
        self._choose(seat, 0b1111)

    def _choose(self, seat: int, suits: int) -> None:
        """``seat`` starts a run in one of ``suits``; played at once when there is one way."""
        while True:
            self.chooser = seat
            self.allowed = suits
            starts = self._starts(seat)
            if len(starts) != 1:
                self.to_move = (seat,)
                return
            seat, suits = self._run(seat, starts[0], True)
            if seat < 0:
                return

    def _starts(self, seat: int) -> list[int]:
        h = self.hands[seat]
        return [c for s in range(4) if self.allowed >> s & 1 and (c := lowest(h, s)) >= 0]

    def _play_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(PLAYS[c] for c in self._starts(seat))

    def _start(self, act: Action, seat: int) -> None:
        card = act.cards[0].index
        nxt, suits = self._run(seat, card, False)
        if nxt >= 0:
            self._choose(nxt, suits)

    def _run(self, seat: int, card: int, forced: bool) -> tuple[int, int]:
        """``seat`` starts a run with ``card``; the run climbs until it stops.

        Returns who starts the next run and in which suits, or (-1, 0) when the deal is
        over.
        """
        allowed = self.allowed
        self.to_move = ()
        lead = True
        while True:
            self._play(seat, card, lead, forced, allowed)
            if not self.hands[seat]:
                self._out(seat)
                return -1, 0
            lead = False
            nxt = NEXT[card]
            if nxt < 0 or self.played >> nxt & 1:
                break
            holder = next((s for s, h in enumerate(self.hands) if h >> nxt & 1), -1)
            if holder < 0:
                break
            seat, card = holder, nxt
        return self._stop(seat, card)

    def _play(self, seat: int, card: int, lead: bool, forced: bool, allowed: int) -> None:
        bit = 1 << card
        self.hands[seat] &= ~bit
        self.played |= bit
        self.last, self.last_seat = card, seat
        c = CARDS[card]
        name = self.names[seat]
        if lead:
            how = " (the only run they can start)" if forced else ""
            text = f"{name} starts a run with {c.text}{how}"
        else:
            text = f"{name} plays {c.text}"
        self.log(
            "play",
            seat,
            text,
            cards=(c,),
            lead=lead,
            forced=forced or not lead,
            allowed=allowed if lead else 0,
        )
        pot = PAY_OF.get(card)
        if pot is not None:
            chips = self.pots[pot]
            self.pay_out(seat, chips, f"played the {c.text}", pot)
            self.paid[seat].append(c.text)
            self.log(
                "pay",
                seat,
                f"{name} plays a pay card and takes the {plural(chips, 'chip')} on the "
                f"{self.pot_label(pot)}",
                cards=(c,),
                chips=chips,
                pot=pot,
            )

    def _stop(self, seat: int, card: int) -> tuple[int, int]:
        c = CARDS[card]
        nxt = NEXT[card]
        if nxt < 0:
            reason, why = "ace", f"the {c.text} tops the suit"
        elif self.played >> nxt & 1:
            reason, why = "played", f"the card after the {c.text} was played earlier"
        else:
            reason, why = (
                "dead",
                f"nobody holds the card after the {c.text}: it is in the dead hand",
            )
        other = OTHER_COLOUR[c.suit]
        colour = COLOUR_NAME[other.bit_length() - 1]
        colour_mask = sum(SUIT_MASK[t] for t in range(4) if other >> t & 1)
        n = self.players
        skipped = []
        chooser = -1
        for k in range(n):
            s = (seat + k) % n
            if self.hands[s] & colour_mask:
                chooser = s
                break
            skipped.append(s)
        if chooser < 0:
            chooser, suits = seat, 0b1111
            then = f"nobody holds a {colour} card, so {self.names[seat]} starts any suit"
        else:
            suits = other
            passed = ""
            if skipped:
                who = " and ".join(self.names[s] for s in skipped)
                passed = f"{who} {'holds' if len(skipped) == 1 else 'hold'} no {colour} card; "
            then = f"{passed}{self.names[chooser]} starts a {colour} run"
        self.log(
            "stop",
            seat,
            f"Stop: {why}. {then[0].upper()}{then[1:]}",
            cards=(c,),
            reason=reason,
            colour=colour,
            void=tuple(skipped),
            any=chooser == seat and suits == 0b1111,
        )
        return chooser, suits

    def _out(self, seat: int) -> None:
        name = self.names[seat]
        total = 0
        for s in range(self.players):
            left = self.hands[s].bit_count()
            if s != seat and left:
                self.transfer(s, seat, left, "cards left in hand", "a chip per card left")
                total += left
        self.log(
            "out",
            seat,
            f"{name} is out of cards and collects {plural(total, 'chip')}, one for each card "
            "the others hold",
            chips=total,
            left=tuple(h.bit_count() for h in self.hands),
        )
        if self.options.kitty:
            chips = self.pots[KITTY]
            self.pay_out(seat, chips, "went out: the kitty", KITTY)
            self.log("kitty", seat, f"{name} takes the kitty: {plural(chips, 'chip')}", chips=chips)
        self.to_move = ()
        self.chooser = -1
        kept = [p for p, _ in PAY_CARDS if self.pots[p]]
        stays = "; chips stay on the " + ", ".join(self.pot_label(p) for p in kept) if kept else ""
        self.end_hand(f"{name} goes out{stays}", seat)

    # ------------------------------------------------------------ scoring
    def game_over(self) -> bool:
        return len(self.results) >= self.deals

    def final_awards(self) -> None:
        left = self.on_table()
        if not left:
            return
        for p in self.pots:
            self.pots[p] = 0
        self.dropped += left
        self.log(
            "removed",
            None,
            f"The last deal is over: {plural(left, 'chip')} left on the layout count for nobody",
            chips=left,
        )

    # ------------------------------------------------------------ legality
    def _widow_why(self, act: Action, seat: int) -> str:
        if act.verb in ("bid", "pass"):
            return "the dealer first keeps the hand dealt or swaps it for the widow"
        if act.verb == "play":
            return "play starts once the widow is settled: the dealer keeps or swaps first"
        return ""

    def _bid_range(self, seat: int) -> tuple[int, int]:
        return self.high + 1, self.balance(seat)

    def _bid_legal(self, seat: int) -> tuple[Action, ...]:
        low, high = self._bid_range(seat)
        return ActionRange("bid", low, high, (PASS,))

    def _bid_why(self, act: Action, seat: int) -> str:
        low, high = self._bid_range(seat)
        bound = f"you hold {high}" + (f" and the bid to beat is {self.high}" if self.high else "")
        why = bet_refusal(act, low, high, bound, verb="bid")
        if why:
            return f"a widow bid is whole chips above the last bid, up to your balance: {why}"
        if act in (KEEP, SWAP):
            return "only the dealer keeps or swaps, and the dealer has kept: the widow is for sale"
        if act.verb == "play":
            return "play starts after the auction of the widow"
        return ""

    def _play_why(self, act: Action, seat: int) -> str:
        if act in (KEEP, SWAP) or act.verb in ("bid", "pass"):
            return "the widow is settled; play has started"
        if act.verb != "play" or len(act.cards) != 1:
            return ""
        c = act.cards[0]
        if not self.hands[seat] >> c.index & 1:
            return f"you do not hold {c.text}"
        if not self.allowed >> c.suit & 1:
            colour = COLOUR_NAME[(self.allowed & -self.allowed).bit_length() - 1]
            return f"after a stop the new run must switch colour: start a {colour} suit"
        low = CARDS[lowest(self.hands[seat], c.suit)]
        return (
            f"a run starts with the lowest card you hold of its suit: your lowest "
            f"{SUIT_NAMES[c.suit][:-1]} is {low.text}"
        )

    # ------------------------------------------------------------- prompts
    def _widow_prompt(self, seat: int) -> str:
        return (
            "Keep the hand you were dealt (and auction the widow), or swap it unseen for the widow"
        )

    def _bid_prompt(self, seat: int) -> str:
        low, high = self._bid_range(seat)
        size = f"{low} to {high} chips" if low < high else plural(high, "chip")
        standing = (
            f"{self.names[self.high_bidder]} bids {self.high}; " if self.high_bidder >= 0 else ""
        )
        return f"{standing}Bid {size} for the widow (you swap your hand for it), or pass"

    def _play_prompt(self, seat: int) -> str:
        if self.allowed == 0b1111:
            return "Start a run: the lowest card you hold of any suit"
        colour = COLOUR_NAME[(self.allowed & -self.allowed).bit_length() - 1]
        return f"Start a {colour} run: the lowest card you hold of a {colour} suit"

    # ---------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal" and not self.results:
            return {}
        out: dict[str, Any] = {"cards": self.hands[seat].bit_count()}
        if self.bids[seat]:
            out["widow"] = self.bids[seat]
        if self.taken_by == seat:
            out["widow"] = "taken"
        if self.paid[seat]:
            out["pay cards"] = " ".join(self.paid[seat])
        return out

    def pot_views(self) -> tuple[Pot, ...]:
        kitty = self.options.kitty
        return tuple(
            Pot(name, self.pots[name], label) for name, label in self.POTS if kitty or name != KITTY
        )

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        zones: list[Zone] = []
        for s in range(self.players):
            cards = sorted((CARDS[c] for c in bits(self.hands[s])), key=_order)
            zones.append(Zone("hand", s, view.held(cards, view.seat == s), "hand", label=names[s]))
        owner = self.spare_owner
        spare = sorted((CARDS[c] for c in bits(self.spare)), key=_order)
        if owner >= 0:
            label = f"Dead hand ({names[owner]}'s old hand)"
        elif self.phase in ("widow", "bid"):
            label = "Widow"
        else:
            label = "Widow (unused)"
        zones.append(
            Zone(
                "widow",
                None,
                view.held(spare, owner >= 0 and view.seat == owner, seen=owner >= 0),
                "row",
                label=label,
            )
        )
        for s in range(4):
            cards = sorted((CARDS[c] for c in bits(self.played & SUIT_MASK[s])), key=_order)
            tags = tuple("last" if c.index == self.last else "" for c in cards)
            zones.append(
                Zone(
                    f"run_{SUIT_NAMES[s]}",
                    None,
                    tuple(cards),
                    "row",
                    label=f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]} played",
                    tags=tags if any(tags) else (),
                )
            )
        deal = len(self.results) if self.between_hands else self.hand_number + 1
        info: dict[str, Any] = {"deal": f"{deal} of {self.deals}"}
        if self.phase == "bid" and self.high_bidder >= 0:
            info["high_bid"] = f"{names[self.high_bidder]} {self.high}"
        if self.phase == "play" and self.allowed:
            info["next_run"] = (
                "any suit"
                if self.allowed == 0b1111
                else f"{COLOUR_NAME[(self.allowed & -self.allowed).bit_length() - 1]} suit"
            )
        return self.observe(view, zones, info)

    # ------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> NewmarketState:
        """A world for the seat: the unseen cards dealt among the other hands and the dead
        hand, honouring what the history shows (stops, voids, lowest starts), then the
        deal replayed."""
        world = retry(_world, game, obs, rng)
        assert isinstance(world, NewmarketState)
        return world

    # -------------------------------------------------------------- phases
    WIDOW = Phase("widow", lambda st, seat: (KEEP, SWAP), _widow, _widow_why, _widow_prompt)
    BID = Phase("bid", _bid_legal, _bid, _bid_why, _bid_prompt)
    PLAY = Phase("play", _play_legal, _start, _play_why, _play_prompt)


def _order(c: Card) -> tuple[int, int]:
    return (c.suit, HIGHER[c.index])


# ---------------------------------------------------------------------- worlds
def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        if isinstance(c, Card):
            m |= 1 << c.index
    return m


def _world(game: Game, obs: Observation, rng: random.Random) -> NewmarketState:
    me = seat_of(obs)
    n = game.players
    history = obs.history
    deal_ev = next((e for e in history if e.kind == "deal"), None)
    world = resume(game, obs)
    assert isinstance(world, NewmarketState)
    if deal_ev is None:  # between deals or before the first: nothing is hidden yet
        return world
    dealer = int(deal_ev.seat or 0)
    played_by: list[int] = [0] * n
    void = [0] * n  # cards each seat cannot hold now
    dead = 0  # cards known to lie in the dead hand
    taker = -1
    for ev in history:
        if ev.kind == "play":
            c = ev.cards[0].index
            s = int(ev.seat or 0)
            played_by[s] |= 1 << c
            if ev.get("lead"):
                void[s] |= BELOW[c]
                if ev.get("forced"):
                    allowed = int(ev.get("allowed", 0))
                    for t in range(4):
                        if allowed >> t & 1 and t != c // 13:
                            void[s] |= SUIT_MASK[t]
        elif ev.kind == "stop":
            c = ev.cards[0].index
            if ev.get("reason") == "dead":
                dead |= 1 << NEXT[c]
            other = OTHER_COLOUR[c // 13]
            colour_mask = sum(SUIT_MASK[t] for t in range(4) if other >> t & 1)
            for s in ev.get("void", ()):
                void[s] |= colour_mask
        elif ev.kind in ("swap", "sold"):
            taker = int(ev.seat or 0)
    mine = _mask(obs.hand_of(me).cards)
    widow_zone = obs.zone("widow")
    known_spare = _mask(widow_zone.cards)
    played = sum(played_by)
    pool = FULL & ~mine & ~played & ~known_spare
    # places to fill: the other hands as they are now, and the unknown part of the spare
    slots: list[int] = []
    owners: list[int] = []
    for s in range(n):
        if s == me:
            continue
        k = len(obs.hand_of(s).cards)
        slots += [pool & ~void[s]] * k
        owners += [s] * k
    spare_unknown = len(widow_zone.cards) - known_spare.bit_count()
    fixed_dead = dead & pool
    if fixed_dead.bit_count() > spare_unknown:
        raise WorldError("more cards known dead than the dead hand holds")
    free = spare_unknown - fixed_dead.bit_count()
    slots += [pool & ~fixed_dead] * free
    owners += [-1] * free
    placed = assign(slots, pool & ~fixed_dead, rng)
    now = [0] * n
    now[me] = mine
    spare = known_spare | fixed_dead
    for card, s in zip(placed, owners, strict=True):
        if s < 0:
            spare |= 1 << card
        else:
            now[s] |= 1 << card
    # the deal as it was: hands before the widow changed hands
    dealt = [now[s] | played_by[s] for s in range(n)]
    widow = spare
    if taker >= 0:
        widow, dealt[taker] = dealt[taker], spare
    base, extra = hand_sizes(n)
    parts: dict[tuple[str, int | None], list[int]] = {}
    extras: list[int] = []
    for k in range(n):
        s = (dealer + 1 + k) % n
        cards = bits(dealt[s])
        rng.shuffle(cards)
        if len(cards) != base + (1 if k < extra else 0):
            raise WorldError("a hand of the wrong size")
        parts[("hand", s)] = cards[:base]
        extras += cards[base:]
    parts[("widow", None)] = bits(widow)
    parts[("extra", None)] = extras
    for name, chips in deal_ev.get("carried", ()):
        world.pots[name] = chips
    world.scores = list(deal_ev.get("start", world.scores))
    order = ["deal"]
    for p in ("hand",):
        for s in range(n):
            order += [CARDS[c].code for c in parts[(p, s)]]
    order += [CARDS[c].code for c in parts[("widow", None)]]
    order += [CARDS[c].code for c in parts[("extra", None)]]
    # the replay refuses a deal that plays differently (the runs follow the cards held)
    replay(world, obs, chance=[" ".join(order)])
    return world


# ------------------------------------------------------------------------ odds
def _unseen(obs: Observation) -> tuple[int, int, int, int]:
    """What the viewing seat has not seen: (unseen cards, cards known dead, unknown
    places in the dead hand, the seat's hand)."""
    me = obs.seat
    if me is None:
        raise ValueError("odds are for a seat")
    mine = _mask(obs.hand_of(me).cards)
    played = sum(_mask(z.cards) for z in obs.zones if z.name.startswith("run_"))
    spare = obs.zone("widow")
    known = _mask(spare.cards)
    dead = 0
    for ev in obs.history:
        if ev.kind == "stop" and ev.get("reason") == "dead":
            dead |= 1 << NEXT[ev.cards[0].index]
    dead &= ~known
    unseen = FULL & ~mine & ~played & ~known & ~dead
    places = len(spare.cards) - known.bit_count() - dead.bit_count()
    return unseen, known | dead, places, mine


def widow_chances(obs: Observation) -> dict[str, float]:
    """For each pay card the seat has not seen, the chance the widow holds it, and the
    chance it holds at least one of them (counting the unseen cards)."""
    unseen, _, places, _ = _unseen(obs)
    u = unseen.bit_count()
    lacking = [(name, c) for name, c in PAY_CARDS if unseen >> c & 1]
    if not u or not places or not lacking:
        return {}
    out = {f"widow holds the {pay_label(name)}": places / u for name, _ in lacking}
    m = len(lacking)
    if m > 1:
        out["widow holds at least one of them"] = 1 - comb(u - m, places) / comb(u, places)
    return out


def run_chances(obs: Observation) -> dict[str, float]:
    """For each run the seat may start, the chance it stops with the seat again: the card
    after the seat's block of consecutive cards lies in the dead hand (or cannot come)."""
    unseen, dead, places, mine = _unseen(obs)
    u = unseen.bit_count()
    played = sum(_mask(z.cards) for z in obs.zones if z.name.startswith("run_"))
    out: dict[str, float] = {}
    for a in obs.legal:
        if not a.cards:
            continue
        c = a.cards[0]
        end = block_end(mine, c.index)
        nxt = NEXT[end]
        gone = nxt < 0 or played >> nxt & 1 or dead >> nxt & 1
        p = 1.0 if gone else (places / u if u else 0.0)
        out[f"{c.text} run comes back to you"] = p
    return out


def table_odds(obs: Observation) -> dict[str, float]:
    """The chances that help the viewing seat decide now (the table's odds panel).

    While the widow is undecided: the chance it holds each pay card the seat has not
    seen.  When the seat is to start a run: for each run it may start, the chance that
    the run stops with it again.  Empty otherwise, and for a spectator.
    """
    if obs.seat is None or obs.terminal:
        return {}
    if obs.phase in ("widow", "bid"):
        return widow_chances(obs)
    if obs.phase == "play" and obs.legal:
        return run_chances(obs)
    return {}


# ------------------------------------------------------------------------- bot
def hand_strength(cards: Any) -> float:
    """A rough worth of a hand for Newmarket: pay cards and Aces (which win the lead back)
    count for, short isolated low cards against."""
    mask = _mask(cards)
    score = 0.0
    for c in bits(mask):
        if PAY_MASK >> c & 1:
            score += 2.0
        if c % 13 == 0:
            score += 1.0
        elif HIGHER[c] == 13:
            score += 0.5
    blocks = sum(1 for c in bits(mask) if not (mask >> NEXT[c] & 1 if NEXT[c] >= 0 else False))
    return score - 0.15 * blocks


class NewmarketBot(PhaseBot):
    """Swap or buy a weak hand, start runs that come back to it and free its pay cards.

    It reads only its observation: its hand, the cards played, the pots and balances.
    """

    name = "heuristic"

    @on(
        "widow",
        why="swap for the widow when the hand is weak: few pay cards, Aces and Kings against "
        "many separate blocks of cards",
    )
    def widow(self, obs: Observation) -> Action:
        return SWAP if hand_strength(obs.my_hand) < 1.0 else KEEP

    @on(
        "bid",
        why="bid one chip over the standing bid while that stays under what the widow's pay "
        "cards are worth on average, and only with a weak hand",
    )
    def bid(self, obs: Observation) -> Action:
        legal = obs.legal
        if not isinstance(legal, ActionRange) or legal.low > legal.high:
            return PASS
        chances = widow_chances(obs)
        pots = {p.label: p.chips for p in obs.pots}
        worth = sum(
            chance * pots.get(label.removeprefix("widow holds the "), 0)
            for label, chance in chances.items()
            if label.startswith("widow holds the ")
        )
        worth += 1.5 if hand_strength(obs.my_hand) < 1.0 else -2.0
        want = legal.low
        return action(f"bid {want}") if want <= min(worth, legal.high) else PASS

    @on(
        "play",
        why="start the run most likely to come back (the card after the block lies dead), "
        "favouring suits that hold a pay card and long blocks",
    )
    def play(self, obs: Observation) -> Action:
        chances = run_chances(obs)
        mine = _mask(obs.my_hand)

        def worth(a: Action) -> float:
            c = a.cards[0]
            end = block_end(mine, c.index)
            size = 1
            x = c.index
            while x != end:
                x = NEXT[x]
                size += 1
            pay = 1.0 if mine & SUIT_MASK[c.suit] & PAY_MASK else 0.0
            back = chances.get(f"{c.text} run comes back to you", 0.0)
            return back + 0.15 * size + 0.5 * pay

        return max(obs.legal, key=lambda a: (worth(a), -a.cards[0].index))


GAME = register(
    GameSpec(
        name="newmarket",
        title="Newmarket",
        family="chips",
        players=(3, 4, 5, 6, 7, 8),
        default_players=4,
        summary="Shed your cards in climbing runs of a suit, taking the chips on the pay "
        "cards you play and a chip per card from the others when you go out.",
        state_class=NewmarketState,
        options_class=NewmarketOptions,
        deck="standard 52",
        bots={"heuristic": NewmarketBot},
        source="denexa-classics.txt (Newmarket)",
        layout=TableLayout(
            center=("widow", "run_clubs", "run_diamonds", "run_hearts", "run_spades"),
            small=("widow",),
        ),
        related=(("in_between", "chips"),),
        bench_target=4_000,
        variants={
            "dead widow": {"widow": "dead"},
            "kitty": {"kitty": True},
            "dealer doubles": {"dealer_double": True},
        },
        odds=table_odds,
    )
)

__all__ = [
    "GAME",
    "NewmarketBot",
    "NewmarketOptions",
    "NewmarketState",
    "hand_sizes",
    "run_chances",
    "table_odds",
    "widow_chances",
]
