"""Foresight: a trick-taking game for 3-5 players with triple bids and hole cards.

Rules in brief
--------------
The game uses the Foresight deck with one Joker: every back prints the card's own suit
and, the stronger the card, some other suits too.  Before dealing, the dealer sets the
top card aside face up.  Its suit is trump for the hand; when it is the Joker there are
no trumps (and the Joker takes no part in that hand).  Everything else is dealt out:
17 cards each with three players, 13 with four, 10 with five; the one or two cards
left over stay out of play face down (their backs can be seen, their faces never).

The first cards each player receives are the *hole*: 4 with three players, 3 with four,
2 with five.  Hole cards lie apart in a row, backs up; nobody, not even their owner, may
look at their faces until they are played.

Starting left of the dealer, each player names three trick counts once (any numbers
from 0 to the number of tricks, repeats allowed).  Whoever bid the largest total
becomes the *leader* (on a tie, whoever bid first).  The leader may pick up one hole
card, then must lay one card from hand into the hole in its place (it may be the card
just picked up), and leads the first trick.

A trick: the lead is free; the others must follow the suit led if their hand (hole
not counted) holds that suit.  Such a player may instead play a hole card whose back
shows the led suit, which counts as following even if its face turns out to be another
suit.  A player with none of the led suit in hand may play any card, hand or hole, and
nobody is ever obliged to play from the hole unless nothing else is left.  The highest
trump wins the trick; without trumps the highest card of the led suit.  Aces are high.
The Joker is a trump below the trump two; a Joker led makes trump the suit led.

Scoring: 1 point per trick taken and 3 points for each of the three numbers that equals
the tricks taken.  If one player alone took the fewest tricks, that player scores 0
for the hand.  The game is won by a player who has reached the target (21 with three
players, 26 with four, 31 with five) and hit at least one bid number in that hand; among
several such players the highest total wins, and a tie for highest means another hand.

Options
-------
{options}

The player count (``players=3``, 4 or 5; 3 by default) sets the hand, the hole, the
left-over cards and the default target.

Rulings
-------
From the project's rulings:

* The turned-up trump indicator is public.  A Joker there means no trumps and no Joker in
  play; a Joker led makes the trump suit the suit led.
* Following suit looks only at the cards in hand.  A player holding the suit that was led
  plays a card of it, or a hole card printed with that suit on its back; once turned, the
  hole card's face settles the trick as any card would.  A player without it may play
  anything.
* Each bid names three counts between 0 and the hand's number of tricks; whoever bid the
  biggest total leads, and an equal total goes to whoever bid first.
* After a hand, among the players at or above the target who hit a bid number that hand,
  the highest total wins; a tie for highest means another hand.

Decided here, where the texts are silent:

* The Joker belongs to the trump suit for following too: when trumps are led, a player
  whose only trump in hand is the Joker must play it (or an eligible hole card).  Its back
  shows every suit, so a Joker in the hole can always be played as following.
* The player who alone took the fewest tricks cannot win with that hand (even after
  hitting a bid, e.g. a bid of 0).
* A hole card is named by its place in the row as the row lies now, counted from 1:
  ``play hole 2`` plays the second card; the row keeps its order and closes up when a
  card leaves it.  The card the leader lays in the hole goes where the card picked up
  was.
* The leader has seen the card it laid in the hole, so the leader's view shows its face
  until it is played; everyone else sees only its back.  Picking a card up is public
  (everyone watches which hole card moves), its face is not.
* The leader may also decline the exchange (``skip``).
* A hole card may be led.
* Bids are written with their numbers in increasing order (``bid 3 4 5``); typed in any
  order they are accepted and sorted.  Numbers are written plainly: the digits 0-9, no
  leading zero.
* With ``hands=N`` exactly N hands are played and the highest total wins (ties share).
* ``max_hands`` (default 100) stops a game nobody has won, and the highest total wins
  (ties share), as with ``hands``.  A game takes 3 to 13 hands (20 at most in our
  measurements, with bots playing at random), so the cap only ends one whose target
  is out of reach.
* Explicit deals give each seat's hand and hole separately, plus the trump indicator and
  the cards left out: ``game.deal(hands, holes, trump="5H", out=...)``.  The deal lists
  the indicator, then seat by seat the hole then the hand, then the left-over cards.

Actions
-------
``bid A B C`` (three numbers, increasing); for the leader ``take N`` (pick up the N-th
hole card of its row) or ``skip``, then ``put XX`` (lay a card from hand in the hole); in
play ``play XX`` for a card in hand (``play JK1`` for the Joker) and ``play hole N`` for
the N-th card of the hole row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, SUIT_NAMES, SUIT_SYMBOLS, Card, design_suits
from ..core.clone import Frozen
from ..core.events import Event, event
from ..core.observation import Back, Observation, Peek, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import ascii_int, canonical_text, number_problem, plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..rules.deals import DealRule, each_seat, pile
from ..rules.tricks import (
    CLASS_RANKS,
    HIGH,
    JOKER,
    RANK_ORDER,
    HoleTrickGame,
    card_text,
)

HOLE = {3: 4, 4: 3, 5: 2}
TARGETS = {3: 21, 4: 26, 5: 31}

PUT = CardActions("put", RANK_ORDER)
PUT_JOKER = action("put JK1")
TAKE = tuple(action(f"take {k + 1}") for k in range(4))
SKIP = action("skip")
_TAKE_INDEX = {a: k for k, a in enumerate(TAKE)}

Bids = tuple[tuple[Action, ...], Mapping[str, tuple[int, int, int]]]
_BIDS: dict[int, Bids] = {}


def bid_actions(tricks: int) -> Bids:
    """Every bid for hands of ``tricks`` tricks (numbers increasing) and each bid's numbers.

    Built once per hand size and shared read-only, so clones of a state never copy it.
    """
    got = _BIDS.get(tricks)
    if got is None:
        acts = []
        nums: dict[str, tuple[int, int, int]] = {}
        for a, b, c in combinations_with_replacement(range(tricks + 1), 3):
            act = action(f"bid {a} {b} {c}")
            acts.append(act)
            nums[act] = (a, b, c)
        got = _BIDS[tricks] = Frozen((tuple(acts), MappingProxyType(nums)))
    return got


#: Shared, immutable events: each seat's bids (by table of names) and the trump indicator.
_BID_EVENTS: dict[tuple[Any, ...], Event] = {}
_TRUMP_EVENTS: dict[int, Event] = {}


def _trump_event(card: Card) -> Event:
    ev = _TRUMP_EVENTS.get(card.index)
    if ev is None:
        if card.index == JOKER:
            said, suit = "The trump indicator is the Joker: no trumps this hand", "none"
        else:
            words = SUIT_NAMES[card.suit]
            said, suit = f"The trump indicator is {card.text}: {words} are trumps", card.symbol
        ev = _TRUMP_EVENTS[card.index] = event("trump", None, said, cards=(card,), trump=suit)
    return ev


def bid_text(bid: Sequence[int]) -> str:
    return "-".join(str(b) for b in bid)


def bid_points(bid: Sequence[int], tricks: int) -> int:
    """Points for taking ``tricks`` tricks with ``bid``: 1 per trick, 3 per number hit.

    (Not counting the rule that the lone player with the fewest tricks scores nothing.)
    """
    return tricks + 3 * sum(1 for b in bid if b == tricks)


@dataclass(frozen=True)
class ForesightOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight+joker",)
    deck: str = option(
        "foresight+joker",
        "the Foresight deck with one Joker; a back table of your own registered with "
        "register_foresight(..., name='mine') is played as 'mine+joker'",
    )
    target: int | None = option(
        None,
        "the points a player needs (with a bid number hit in the same hand) to win; "
        "None: 21, 26 or 31 for 3, 4 or 5 players",
        min=1,
        max=310,
    )
    max_hands: int = option(
        100,
        "the game stops after this many hands if nobody has won; the highest total then "
        "wins, bid hit or not",
        min=1,
        max=10_000,
    )


def _hole_size(game: Game, variant: str) -> int:
    return HOLE[game.players]


def _hand_size(game: Game, variant: str) -> int:
    return 52 // game.players - HOLE[game.players]


class ForesightState(HoleTrickGame):
    """A game of Foresight in progress.  Hands are bitmasks (the Joker is bit 52)."""

    __slots__ = (
        "_bids",
        "bid_leader",
        "bids",
        "exchange_slot",
        "indicator",
        "out",
        "target",
        "winner",
    )

    WINNER = "trump"
    JOKER_TRUMP = True
    DEAL = DealRule(
        pile("trump", 1),
        each_seat(hole=_hole_size, hand=_hand_size),
        pile("out"),
        positional=("hands", "holes"),
    )

    _bids: Bids
    bids: list[tuple[int, int, int] | None]
    bid_leader: int
    exchange_slot: int
    indicator: int
    out: tuple[int, ...]
    target: int
    winner: int

    def setup(self) -> None:
        super().setup()
        self.winner = -1
        self.indicator = -1
        self.out = ()
        t = self.options.target
        self.target = TARGETS[self.players] if t is None else int(t)
        self._bids = bid_actions(self.tricks)

    def reset_hand(self) -> None:
        # The trump card and the cards left out stay on the table until the next deal.
        super().reset_hand()
        self.bids = [None] * self.players
        self.bid_leader = -1
        self.exchange_slot = -1

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        card = dealt["trump"][0]
        self.indicator = card.index
        self.trump = -1 if card.index == JOKER else card.index // 13
        self.set_holes([dealt.indices("hole", s) for s in range(self.players)])
        self.hands = dealt.masks("hand")
        self.out = tuple(dealt.indices("out"))
        names = self.names
        self.log("deal", self.dealer, f"{names[self.dealer]} deals hand {self.hand_number + 1}")
        self.events.append(_trump_event(card))
        self.phase = self.BID
        self.to_move = ((self.dealer + 1) % self.players,)

    # ----------------------------------------------------------- bidding
    def canonical(self, text: str) -> str:
        """Bids typed in any order are read sorted: ``bid 5 3 4`` is ``bid 3 4 5``."""
        canon = canonical_text(text)
        words = canon.split()
        if len(words) == 4 and words[0] == "bid":
            nums = [ascii_int(w) for w in words[1:]]
            if None not in nums:
                return "bid " + " ".join(str(v) for v in sorted(nums))  # type: ignore[type-var]
        return canon

    def _bid_legal(self, seat: int) -> tuple[Action, ...]:
        return self._bids[0]

    def _bid_why(self, act: Action, seat: int) -> str:
        if act.verb != "bid":
            return ""
        bad = next((w for w in act.args if ascii_int(w) is None), None)
        if len(act.args) != 3 or bad is not None:
            said = "a bid is three whole numbers written with the digits 0-9, e.g. 'bid 3 4 5'"
            return f"{number_problem(bad)}: {said}" if bad is not None else said
        return f"each number of a bid must be from 0 to {self.tricks} (the tricks in a hand)"

    def _bid(self, act: Action, seat: int) -> None:
        bid = self._bids[1][act]
        self.bids[seat] = bid
        names = self.names
        key = (names, seat, act)
        ev = _BID_EVENTS.get(key)
        if ev is None:
            ev = _BID_EVENTS[key] = event(
                "bid", seat, f"{names[seat]} bids {bid_text(bid)}", action=act, bid=bid
            )
        self.events.append(ev)
        n = self.players
        first = (self.dealer + 1) % n
        if (seat + 1) % n != first:
            self.to_move = ((seat + 1) % n,)
            return
        best = lead = -1
        for i in range(n):
            s = (first + i) % n
            total = sum(self.bids[s] or ())
            if total > best:
                best, lead = total, s
        self.bid_leader = lead
        self.log(
            "leader",
            lead,
            f"{names[lead]} bid the most ({best} in all) and leads; "
            f"{names[lead]} may exchange a hole card",
            total=best,
        )
        self.phase = self.TAKE
        self.to_move = (lead,)

    # ---------------------------------------------------------- exchange
    def _take_legal(self, seat: int) -> tuple[Action, ...]:
        return (*TAKE[: len(self.holes[seat])], SKIP)

    def _take_why(self, act: Action, seat: int) -> str:
        if act.verb != "take":
            return ""
        k = len(self.holes[seat])
        return (
            f"say which hole card to pick up by its place in the row, 1 to {k}, in the "
            "digits 0-9 (e.g. 'take 1')"
        )

    def _take(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        k = _TAKE_INDEX.get(act)
        if k is None:
            self.log("skip", seat, f"{name} keeps the hole as it is")
            self._start_play()
            return
        idx = self.take_from_hole(seat, k)
        self.hands[seat] |= 1 << idx
        self.exchange_slot = k
        card = CARDS[idx]
        self.log(
            "take",
            seat,
            f"{name} picks up hole card {k + 1} (back {self.game.deck.back_of(card)})",
            f"{name} picks up hole card {k + 1}: {card_text(idx)}",
            (seat,),
            hidden=(card,),
            public_action=True,  # which place is public; the card is not
            place=k + 1,
        )
        self.phase = self.PUT

    def _put_legal(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        acts = PUT.of(hand)
        return (*acts, PUT_JOKER) if hand >> JOKER & 1 else acts

    def _put_why(self, act: Action, seat: int) -> str:
        if act.verb != "put":
            return ""
        card = act.card
        if card is None:
            return "say which card from your hand goes into the hole, e.g. 'put QS'"
        return f"you don't hold {card} in your hand"

    def _put(self, act: Action, seat: int) -> None:
        idx = JOKER if act == PUT_JOKER else PUT.index[act]
        self.hands[seat] &= ~(1 << idx)
        self.lay_in_hole(seat, idx, seat, self.exchange_slot)
        name = self.names[seat]
        card = CARDS[idx]
        self.log(
            "put",
            seat,
            f"{name} lays a card (back {self.game.deck.back_of(card)}) in the hole",
            f"{name} lays {card_text(idx)} in the hole",
            (seat,),
            hidden=(card,),
            place=self.exchange_slot + 1,
        )
        self._start_play()

    def _start_play(self) -> None:
        self.phase = self.PLAY
        self.lead(self.bid_leader)

    # ---------------------------------------------------------- scoring
    def hand_played(self) -> None:
        n = self.players
        won = self.tricks_won
        names = self.names
        low = min(won)
        lone = won.index(low) if won.count(low) == 1 else -1
        made = [0] * n
        for s in range(n):
            bid = self.bids[s] or (0, 0, 0)
            t = won[s]
            made[s] = bid.count(t)
            if s == lone:
                would = bid_points(bid, t)
                instead = f" (instead of {would})" if would else ""
                reason = f"fewest tricks alone ({t}, bid {bid_text(bid)}): scores 0{instead}"
                self.award(s, 0, reason)
                continue
            self.award(s, t, plural(t, "trick"))
            for b in bid:
                if b == t:
                    self.award(s, 3, f"hit bid number {b} (of {bid_text(bid)})")
        scores = self.scores
        eligible = [s for s in range(n) if s != lone and made[s] and scores[s] >= self.target]
        summary = "Tricks: " + ", ".join(f"{names[s]} {won[s]}" for s in range(n)) + "."
        self.winner = -1
        if eligible:
            top = max(scores[s] for s in eligible)
            best = [s for s in eligible if scores[s] == top]
            if len(best) == 1:
                self.winner = best[0]
            else:
                summary += f" {' and '.join(names[s] for s in best)} tie at {top}: another hand"
        self.end_hand(summary)

    def game_over(self) -> bool:
        return self.winner >= 0

    def decide_winners(self) -> tuple[int, ...]:
        if self.options.hands is None and self.winner >= 0:
            return (self.winner,)
        return super().decide_winners()

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal":
            return {}
        bid = self.bids[seat]
        return {"bid": bid_text(bid) if bid else "—", "tricks": self.tricks_won[seat]}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones: list[Zone] = []
        ind = self.indicator
        if ind >= 0:
            zones.append(Zone("trump", None, (CARDS[ind],), "pile", label="trump card"))
        out = view.held([CARDS[i] for i in self.out], seen=False)
        zones.append(Zone("out", None, out, "row", label="left out"))
        zones += self.hand_zones(view)
        zones += self.hole_zones(view)
        zones += self.trick_zones()
        zones += self.taken_zones(-1)
        info: dict[str, Any] = {
            "trump": SUIT_SYMBOLS[ind // 13] if 0 <= ind < JOKER else "none",
            "trick_number": self.trick_number + 1,
            "tricks": self.tricks,
            "target": self.target,
        }
        if self.bid_leader >= 0:
            info["leader"] = self.bid_leader
        if self.trick:
            info["led"] = SUIT_SYMBOLS[self.led]
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ phases
    BID = Phase(
        "bid",
        _bid_legal,
        _bid,
        _bid_why,
        lambda st, seat: (
            f"Bid three trick counts from 0 to {st.tricks}, e.g. 'bid 3 4 5': "
            "each one you hit scores 3"
        ),
    )
    TAKE = Phase(
        "take",
        _take_legal,
        _take,
        _take_why,
        "You bid the most and lead: pick up one of your hole cards by its place in the row, "
        "or keep the hole as it is ('skip')",
    )
    PUT = Phase(
        "put",
        _put_legal,
        _put,
        _put_why,
        "Lay a card from your hand face down in the hole, where the card you picked up was",
    )
    PLAY = HoleTrickGame.play_phase(
        "Play a card to the trick: from your hand, or a hole card by its place in the row"
    )


# ------------------------------------------------------------------- bot
#: Calibrated on bot-against-bot and bot-against-random hands: longer hands (three
#: players) make more of the small trumps and long suits good.
_BID_OFFSET = {3: 1.3, 4: -0.1, 5: -0.5}


class ForesightBot(PhaseBot):
    """Bids from hand strength and trumps, then steers its trick count onto a bid number.

    Reads only its observation: its hand, the backs of its hole cards and of every hidden
    card, the trump card, the bids and the trick.  A hole card is judged by its back: the
    number of printed suits gives its rank class, the printed suits its possible suits.
    """

    name = "heuristic"

    # ------------------------------------------------- reading the table
    @staticmethod
    def _trump(obs: Observation) -> int:
        t = obs.info.get("trump", "none")
        return SUIT_SYMBOLS.index(t) if t in SUIT_SYMBOLS else -1

    @staticmethod
    def _card_value(c: Card, trump: int, counts: Sequence[int]) -> float:
        """Rough chance that a card in hand wins a trick."""
        if c.is_joker:
            return 0.3
        h = HIGH[c.index]
        if c.suit == trump:
            return {14: 1.0, 13: 0.9, 12: 0.75, 11: 0.6, 10: 0.45}.get(h, 0.3)
        length = counts[c.suit]
        v = {14: 0.85, 13: 0.6, 12: 0.3}.get(h, 0.0)
        if length >= 6:
            v *= 0.6
        if trump < 0 and length >= 5 and h >= 10:
            v += 0.2
        return v

    @staticmethod
    def _back_value(design: str, trump: int) -> float:
        """Rough chance that a hole card with this back wins a trick."""
        mask = design_suits(design)
        k = mask.bit_count()
        shows_trump = trump >= 0 and mask >> trump & 1
        if k == 4:
            return 0.7
        if k == 3:
            return 0.45 if shows_trump else 0.25
        if k == 2:
            return 0.2 if shows_trump else 0.05
        return 0.1 if shows_trump else 0.0

    @staticmethod
    def _counts(hand: Sequence[Card]) -> list[int]:
        counts = [0, 0, 0, 0]
        for c in hand:
            if not c.is_joker:
                counts[c.suit] += 1
        return counts

    def _estimate(self, obs: Observation) -> float:
        me = obs.seat or 0
        trump = self._trump(obs)
        hand = obs.my_hand
        counts = self._counts(hand)
        est = sum(self._card_value(c, trump, counts) for c in hand)
        if trump >= 0:
            est += 0.5 * max(0, counts[trump] - 3)
            est += 0.3 * sum(1 for s in range(4) if s != trump and counts[s] == 0)
        for e in obs.zone("hole", me).cards:
            if isinstance(e, Back):
                est += self._back_value(e.design, trump)
            elif isinstance(e, Card):
                est += self._card_value(e, trump, counts)
        return est

    @on("bid", why="bid three numbers around the tricks its trumps and high cards should take")
    def bid(self, obs: Observation) -> Action:
        tricks = int(obs.info.get("tricks", 13))
        e = round(1.1 * self._estimate(obs) + _BID_OFFSET.get(obs.players, 0.0))
        nums = sorted(min(tricks, max(0, x)) for x in (e - 1, e, e + 1))
        want = "bid " + " ".join(map(str, nums))
        for a in obs.legal:
            if a == want:
                return a
        return obs.legal[0]

    @on("take", why="pick up the hole card whose back looks strongest and least certain")
    def take(self, obs: Observation) -> Action:
        # Pick up the hole card with the most uncertain, strongest-looking back.
        me = obs.seat or 0
        trump = self._trump(obs)
        best_k, best_v = -1, -1.0
        for k, e in enumerate(obs.zone("hole", me).cards):
            if isinstance(e, Back):
                v = self._back_value(e.design, trump) + 0.1 * design_suits(e.design).bit_count()
                if v > best_v:
                    best_k, best_v = k, v
        if best_k < 0:
            return SKIP
        return TAKE[best_k]

    @on("put", why="bury the weakest card in the hole")
    def put(self, obs: Observation) -> Action:
        # Bury the weakest card.
        trump = self._trump(obs)
        counts = self._counts(obs.my_hand)
        choices = {a.cards[0]: a for a in obs.legal}

        def key(c: Card) -> tuple[float, int]:
            return (self._card_value(c, trump, counts), HIGH[c.index])

        return choices[min(choices, key=key)]

    # ----------------------------------------------------------- play
    @staticmethod
    def _goal(obs: Observation) -> int:
        """+1 to take tricks, -1 to avoid them."""
        me = obs.seat or 0
        text = obs.value(me, "bid", "—")
        won = obs.value(me, "tricks", 0)
        nums = [int(x) for x in text.split("-")] if text != "—" else []
        left = int(obs.info.get("tricks", 13)) - int(obs.info.get("trick_number", 1)) + 1
        reachable = [b for b in nums if won <= b <= won + left]
        if not reachable:
            return 1
        if won in reachable:
            return -1
        return 1

    @on(
        "play",
        why="win tricks while a bid number is still to reach, and lose them once one is reached",
    )
    def play(self, obs: Observation) -> Action:
        legal = obs.legal
        trump = self._trump(obs)
        trick = obs.zone("trick").faces
        me = obs.seat or 0
        row = obs.zone("hole", me).cards
        goal = self._goal(obs)
        led_sym = str(obs.info.get("led", ""))
        led = SUIT_SYMBOLS.index(led_sym) if led_sym and led_sym in SUIT_SYMBOLS else -1

        def power(c: Card, led_suit: int) -> int:
            if c.is_joker or c.suit == trump:
                return 100 + HIGH[c.index]
            if c.suit == led_suit:
                return HIGH[c.index]
            return 0

        best_now = max((power(c, led) for c in trick), default=0)
        last = len(trick) == obs.players - 1
        hand_opts: list[tuple[Action, Card]] = []
        hole_opts: list[tuple[Action, Any]] = []
        for a in legal:
            if a.cards:
                hand_opts.append((a, a.cards[0]))
            else:
                hole_opts.append((a, row[int(a.args[1]) - 1]))

        def hole_win_chance(e: Any) -> float:
            if isinstance(e, Card | Peek):
                card = e if isinstance(e, Card) else e.card
                return 1.0 if power(card, led if led >= 0 else card.suit) > best_now else 0.0
            mask = design_suits(e.design)
            ranks = CLASS_RANKS.get(mask.bit_count(), (9,))
            wins = total = 0
            for s in range(4):
                if not mask >> s & 1:
                    continue
                for r in ranks:
                    total += 1
                    if s == trump:
                        p = 100 + r
                    elif led < 0 or s == led:
                        p = r
                    else:
                        p = 0
                    wins += p > best_now
            chance = wins / total if total else 0.0
            return chance * (1.0 if last else 0.7)

        if not trick:
            return self._lead(hand_opts, hole_opts, goal, trump, power)
        winners = [(a, c) for a, c in hand_opts if power(c, led) > best_now]
        losers = [(a, c) for a, c in hand_opts if power(c, led) <= best_now]
        if goal > 0:
            if winners:
                # Cheapest sure winner when last; otherwise the strongest one.
                pick = min if last else max
                return pick(winners, key=lambda ac: power(ac[1], led))[0]
            if hole_opts:
                a, e = max(hole_opts, key=lambda ae: hole_win_chance(ae[1]))
                if hole_win_chance(e) >= 0.4 or not losers:
                    return a
            return min(losers, key=lambda ac: (power(ac[1], led), HIGH[ac[1].index]))[0]
        # Avoid the trick: the highest card that still loses, or a hole card likely to lose.
        if hole_opts:
            a, e = min(hole_opts, key=lambda ae: hole_win_chance(ae[1]))
            if hole_win_chance(e) <= 0.1 and (not losers or len(hole_opts) >= 2):
                return a
        if losers:
            return max(losers, key=lambda ac: (power(ac[1], led), HIGH[ac[1].index]))[0]
        if winners:
            return min(winners, key=lambda ac: power(ac[1], led))[0]
        return legal[0]

    @staticmethod
    def _lead(
        hand_opts: list[tuple[Action, Card]],
        hole_opts: list[tuple[Action, Any]],
        goal: int,
        trump: int,
        power: Any,
    ) -> Action:
        if not hand_opts:
            return hole_opts[0][0]
        if goal > 0:
            # Lead an Ace outside trumps, else the highest trump, else the highest card.
            aces = [(a, c) for a, c in hand_opts if not c.is_joker and HIGH[c.index] == 14]
            side = [ac for ac in aces if ac[1].suit != trump]
            if side:
                return side[0][0]
            return max(hand_opts, key=lambda ac: power(ac[1], ac[1].suit))[0]
        # Lead low; an unknown low hole card is a fine lead too.
        for a, e in hole_opts:
            if isinstance(e, Back) and design_suits(e.design).bit_count() == 1:
                return a
        return min(hand_opts, key=lambda ac: power(ac[1], ac[1].suit))[0]


GAME = register(
    GameSpec(
        name="foresight",
        title="Foresight",
        family="trick-taking",
        players=(3, 4, 5),
        summary=(
            "Bid three trick counts at once and hit one; hole cards are played blind, "
            "judged by their Foresight backs."
        ),
        state_class=ForesightState,
        options_class=ForesightOptions,
        version=2,
        deck="Foresight 52 + Joker",
        bots={"heuristic": ForesightBot},
        source="foresight-deck-games.txt (Foresight)",
        default_players=3,
        layout=TableLayout(
            center=("trump", "trick", "last_trick", "out"),
            compact=("hole", "taken"),
            small=("last_trick",),
        ),
        bench_target=2_600,
        variants={"4 players": {"players": 4}, "5 players": {"players": 5}},
    )
)
