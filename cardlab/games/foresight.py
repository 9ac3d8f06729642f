"""Foresight: a trick-taking game for 3-5 players with triple bids and hole cards.

Rules summary
-------------
The game uses the Foresight deck with one Joker: every back prints the card's own suit
and, the stronger the card, some other suits too.  Before dealing, the dealer sets the
top card aside face up.  Its suit is trump for the hand; when it is the Joker there are
no trumps (and the Joker takes no part in that hand).  Everything else is dealt out:
17 cards each with three players, 13 with four, 10 with five; the one or two cards
left over stay out of play face down (their backs can be seen, their faces never).

The first cards each player receives are the *hole*: 4 with three players, 3 with four,
2 with five.  Hole cards lie apart, backs up; nobody, not even their owner, may look at
their faces until they are played.

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
============ ================= =====================================================
option       default           meaning
============ ================= =====================================================
target       None              points needed to win; None means 21/26/31 for 3/4/5
                               players
hands        None              stop after this many hands instead (1 = a single hand)
first_dealer 0                 seat that deals the first hand
deck         "foresight+joker" the Foresight deck with one Joker, or a Foresight table
                               of your own registered with ``register_foresight``
============ ================= =====================================================

The player count (``players=3``, 4 or 5) sets the hand, the hole, the left-over cards
and the default target.

Rulings
-------
From the project's rulings:

* The turned-up trump indicator is public.  A Joker there means no trumps and no Joker in
  play; a Joker led makes the trump suit the suit led.
* Following suit looks only at the cards in hand.  With the led suit in hand, a player must
  play one of those cards or a hole card whose back shows the led suit; the hole card's
  face then decides the trick like any other card.  Without it, anything goes.
* Bids are three numbers from 0 to the number of tricks; the leader is the largest sum,
  ties to the earliest bidder.
* After a hand, among the players at or above the target who hit a bid number that hand,
  the highest total wins; a tie for highest means another hand.

Decided here, where the texts are silent:

* The Joker belongs to the trump suit for following too: when trumps are led, a player
  whose only trump in hand is the Joker must play it (or an eligible hole card).  Its back
  shows every suit, so a Joker in the hole can always be played as following.
* The player who alone took the fewest tricks cannot win with that hand (even after
  hitting a bid, e.g. a bid of 0).
* Hole cards keep their places in a row; the card the leader lays in the hole takes the
  place of the card picked up.  The leader has seen that card, so the leader's view shows
  its face until it is played; everyone else sees only its back.  Picking a card up is
  public (everyone watches which hole card moves), its face is not.
* The leader may also decline the exchange (``skip``).
* A hole card may be led.
* Bids are written with their numbers in increasing order (``bid 3 4 5``); typed in any
  order they are accepted and sorted.
* With ``hands=N`` exactly N hands are played and the highest total wins (ties share).
* Explicit deals (:meth:`ForesightState.deal_action`) give each seat's hole and hand
  separately, plus the trump indicator and the cards left out.  The deal action lists
  the indicator, then seat by seat the hole then the hand, then the left-over cards.

Actions
-------
``bid A B C`` (three numbers, increasing); for the leader ``take N`` (pick up hole card
number N, counted from 1 in the row shown) or ``skip``, then ``put XX`` (lay a card from
hand in the hole); in play ``play XX`` for a card in hand (``play JK1`` for the Joker) and
``play hole N`` for hole card number N.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.agents import Agent
from ..core.cards import CARDS, SUIT_SYMBOLS, Card, design_suits, parse_cards
from ..core.errors import IllegalActionError
from ..core.observation import Back, Observation, Peek, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State, canonical_text
from ..rules.tricks import (
    CLASS_RANKS,
    HIGH,
    JOKER,
    RANK_ORDER,
    SUIT_MASKS,
    card_text,
    cards_by_seat,
    check_dealt_once,
    event_table,
    hole_followers,
    play_events,
    shuffled_rest,
    sorted_cards,
    take_events,
    trick_zones,
    winning_play,
)

TRICKS = {3: 17, 4: 13, 5: 10}
HOLE = {3: 4, 4: 3, 5: 2}
TARGETS = {3: 21, 4: 26, 5: 31}
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

PLAY = CardActions("play", RANK_ORDER)
PUT = CardActions("put", RANK_ORDER)
PLAY_JOKER = action("play JK1")
PUT_JOKER = action("put JK1")
PLAY_HOLE = tuple(action(f"play hole {k + 1}") for k in range(4))
TAKE = tuple(action(f"take {k + 1}") for k in range(4))
SKIP = action("skip")
_PLAY_HOLE_INDEX = {a: k for k, a in enumerate(PLAY_HOLE)}
_TAKE_INDEX = {a: k for k, a in enumerate(TAKE)}

_BIDS: dict[int, tuple[tuple[Action, ...], dict[str, tuple[int, int, int]]]] = {}


def bid_actions(tricks: int) -> tuple[tuple[Action, ...], dict[str, tuple[int, int, int]]]:
    """Every bid for hands of ``tricks`` tricks (numbers increasing) and each bid's numbers."""
    got = _BIDS.get(tricks)
    if got is None:
        acts = []
        nums: dict[str, tuple[int, int, int]] = {}
        for a, b, c in combinations_with_replacement(range(tricks + 1), 3):
            act = action(f"bid {a} {b} {c}")
            acts.append(act)
            nums[act] = (a, b, c)
        got = _BIDS[tricks] = (tuple(acts), nums)
    return got


def bid_text(bid: Sequence[int]) -> str:
    return "-".join(str(b) for b in bid)


def bid_points(bid: Sequence[int], tricks: int) -> int:
    """Points for taking ``tricks`` tricks with ``bid``: 1 per trick, 3 per number hit.

    (Not counting the rule that the lone player with the fewest tricks scores nothing.)
    """
    return tricks + 3 * sum(1 for b in bid if b == tricks)


@dataclass(frozen=True)
class ForesightOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight+joker",)
    deck: str = option("foresight+joker", "the Foresight deck with one Joker")
    target: int | None = option(
        None, "points needed to win (None: 21, 26 or 31 for 3, 4 or 5 players)", min=1
    )


class ForesightState(State):
    """A game of Foresight in progress.  Hands are bitmasks (the Joker is bit 52)."""

    __slots__ = (
        "_backs",
        "_ev",
        "bid_leader",
        "bids",
        "exchange_slot",
        "hands",
        "holes",
        "indicator",
        "known",
        "last_trick",
        "leader",
        "led",
        "out",
        "trick",
        "trick_holes",
        "trick_number",
        "tricks_won",
        "trump",
        "winner",
    )
    _nested_lists: ClassVar[tuple[str, ...]] = ("holes",)

    _backs: tuple[int, ...]
    _ev: tuple[Any, Any, Any]
    hands: list[int]
    holes: list[list[int]]
    out: tuple[int, ...]
    indicator: int
    trump: int
    bids: list[tuple[int, int, int] | None]
    bid_leader: int
    exchange_slot: int
    known: int
    trick: list[int]
    trick_holes: list[bool]
    led: int
    leader: int
    trick_number: int
    tricks_won: list[int]
    last_trick: tuple[int, tuple[int, ...]]
    winner: int

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._backs = game.deck.back_masks
        names = self.names
        self._ev = (
            play_events(names),
            event_table(names, "play", "{name} plays {card} from the hole"),
            take_events(names),
        )
        self.winner = -1
        self._reset_hand()

    @property
    def tricks(self) -> int:
        """Tricks per hand (cards per player)."""
        return TRICKS[self.players]

    @property
    def target(self) -> int:
        t = self.options.target
        return TARGETS[self.players] if t is None else int(t)

    def _reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.holes = [[] for _ in range(n)]
        self.out = ()
        self.indicator = -1
        self.trump = -1
        self.bids = [None] * n
        self.bid_leader = -1
        self.exchange_slot = -1
        self.known = -1
        self.trick = []
        self.trick_holes = []
        self.led = -1
        self.leader = -1
        self.trick_number = 0
        self.tricks_won = [0] * n
        self.last_trick = (-1, ())

    # ------------------------------------------------------------- deal
    def _apply_chance(self, act: Action) -> None:
        self._reset_hand()
        idx = [c.index for c in act.cards]
        n, size, hole = self.players, self.tricks, HOLE[self.players]
        self.indicator = idx[0]
        self.trump = -1 if idx[0] == JOKER else idx[0] // 13
        pos = 1
        for s in range(n):
            seat_cards = idx[pos : pos + size]
            pos += size
            self.holes[s] = seat_cards[:hole]
            m = 0
            for i in seat_cards[hole:]:
                m |= 1 << i
            self.hands[s] = m
        self.out = tuple(idx[pos:])
        self.chance = False
        names = self.names
        self.log("deal", self.dealer, f"{names[self.dealer]} deals hand {self.hand_number + 1}")
        if self.trump < 0:
            self.log("trump", None, "The trump indicator is the Joker: no trumps this hand")
        else:
            c = CARDS[self.indicator]
            self.log(
                "trump",
                None,
                f"The trump indicator is {c.text}: {SUIT_WORDS[self.trump]} are trumps",
            )
        self.phase = "bid"
        self.to_move = ((self.dealer + 1) % n,)

    @classmethod
    def deal_action(
        cls,
        game: Any,
        hands: Sequence[Any] | Mapping[int, Any] = (),
        holes: Sequence[Any] | Mapping[int, Any] = (),
        *,
        trump: str | Card | None = None,
        out: str | Sequence[Any] = (),
        rng: random.Random | None = None,
    ) -> Action:
        """A deal written seat by seat; missing cards are dealt at random.

        ``hands[s]`` is seat s's hand without the hole (up to 14/10/8 cards for 3/4/5
        players), ``holes[s]`` its hole cards in row order (up to 4/3/2), ``trump`` the
        turned-up indicator (``"JK1"`` for no trumps) and ``out`` the cards left over.
        Hands and holes are lists (one entry per seat) or dicts seat -> cards; each entry
        is a string such as ``"AS KS 2C"`` or a list of cards.
        """
        n = game.players
        size, hole = TRICKS[n], HOLE[n]
        spare = 52 - n * size

        too_many = "seat {seat} is given {count} %s; it holds {limit}"
        hand_of = cards_by_seat(hands, n, size - hole, too_many % "hand cards")
        hole_of = cards_by_seat(holes, n, hole, too_many % "hole cards")
        fixed_out = list(parse_cards(out)) if out else []
        if len(fixed_out) > spare:
            raise IllegalActionError("deal", f"only {spare} cards are left out with {n} players")
        fixed_trump = parse_cards([trump])[0] if trump is not None else None
        used = [c for cs in (*hand_of.values(), *hole_of.values()) for c in cs] + fixed_out
        if fixed_trump is not None:
            used.append(fixed_trump)
        deck = list(game.deck.cards)
        for c in used:
            if c not in deck:
                raise IllegalActionError("deal", f"{c} is not in the {game.deck.name} deck")
        check_dealt_once(used)
        rest = shuffled_rest(deck, used, rng)
        order: list[Card] = [fixed_trump if fixed_trump is not None else rest.pop()]
        for seat in range(n):
            h = list(hole_of.get(seat, ()))
            while len(h) < hole:
                h.append(rest.pop())
            cs = list(hand_of.get(seat, ()))
            while len(cs) < size - hole:
                cs.append(rest.pop())
            order += h + cs
        order += fixed_out + rest
        if len(order) != len(deck):
            raise IllegalActionError(
                "deal", "the cards given do not fit the deal (too many fixed cards)"
            )
        return Action("deal " + " ".join(c.code for c in order))

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "play":
            hand = self.hands[seat]
            hole = self.holes[seat]
            led = self.led
            if led >= 0:
                follow = hand & SUIT_MASKS[led]
                joker = led == self.trump and hand >> JOKER & 1
                if follow or joker:
                    backs = self._backs
                    acts = PLAY.suit(led, follow >> (13 * led)) if follow else ()
                    if joker:
                        acts = (*acts, PLAY_JOKER)
                    eligible = tuple(PLAY_HOLE[k] for k in hole_followers(hole, backs, led))
                    return acts + eligible if eligible else acts
            acts = PLAY.of(hand)
            if hand >> JOKER & 1:
                acts = (*acts, PLAY_JOKER)
            return acts + PLAY_HOLE[: len(hole)]
        if phase == "bid":
            return bid_actions(self.tricks)[0]
        if phase == "take":
            return (*TAKE[: len(self.holes[seat])], SKIP)
        if phase == "put":
            hand = self.hands[seat]
            acts = PUT.of(hand)
            return (*acts, PUT_JOKER) if hand >> JOKER & 1 else acts
        return ()

    def _resolve(self, act: str, seat: int, acts: tuple[Action, ...]) -> Action:
        words = canonical_text(str(act)).split()
        if len(words) == 4 and words[0] == "bid" and all(w.isdigit() for w in words[1:]):
            text = "bid " + " ".join(str(v) for v in sorted(int(w) for w in words[1:]))
            if text in acts:
                return acts[acts.index(text)]
        return super()._resolve(act, seat, acts)

    def why_illegal(self, act: Action, seat: int) -> str:
        phase = self.phase
        verb = act.verb
        if phase == "bid" and verb == "bid":
            n = self.tricks
            if len(act.args) != 3 or not all(a.isdigit() for a in act.args):
                return "a bid is three whole numbers, e.g. 'bid 3 4 5'"
            return f"each number of a bid must be from 0 to {n} (the tricks in a hand)"
        if phase == "take" and verb == "take":
            k = len(self.holes[seat])
            return f"say which hole card to pick up, by its place in the row: 1 to {k}"
        if phase == "put" and verb == "put":
            card = act.card
            if card is None:
                return "say which card from your hand goes into the hole, e.g. 'put QS'"
            return f"you don't hold {card} in your hand"
        if phase != "play" or verb != "play":
            return ""
        hand = self.hands[seat]
        hole = self.holes[seat]
        led = self.led
        if act.args[:1] == ("hole",):
            k = int(act.args[1]) if len(act.args) == 2 and act.args[1].isdigit() else 0
            if not 1 <= k <= len(hole):
                if not hole:
                    return "your hole is empty"
                return (
                    f"your hole holds {len(hole)} cards: 'play hole 1' to 'play hole {len(hole)}'"
                )
            design = self.game.deck.back_of(CARDS[hole[k - 1]])
            sym = SUIT_SYMBOLS[led]
            return (
                f"must follow suit: you hold {sym} in hand, and the back of hole card {k} "
                f"({design}) does not show {sym}"
            )
        card = act.card
        if card is None:
            return "say which card, e.g. 'play QS', or 'play hole 1' for a hole card"
        if not hand >> card.index & 1:
            return f"you don't hold {card} in your hand"
        sym = SUIT_SYMBOLS[led]
        return (
            f"must follow suit: you hold {sym} in hand (play a {sym} from hand, "
            f"or a hole card whose back shows {sym})"
        )

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        phase = self.phase
        if phase == "play":
            k = _PLAY_HOLE_INDEX.get(act)
            if k is None:
                idx = JOKER if act == PLAY_JOKER else PLAY.index[act]
                self.hands[seat] &= ~(1 << idx)
                self._play(seat, idx, False)
            else:
                idx = self.holes[seat].pop(k)
                if idx == self.known:
                    self.known = -1
                self._play(seat, idx, True)
        elif phase == "bid":
            self._bid(seat, bid_actions(self.tricks)[1][act])
        elif phase == "take":
            self._take(seat, _TAKE_INDEX.get(act, -1))
        else:
            self._put(seat, act.cards[0].index)

    def _bid(self, seat: int, bid: tuple[int, int, int]) -> None:
        self.bids[seat] = bid
        self.log("bid", seat, f"{self.names[seat]} bids {bid_text(bid)}")
        n = self.players
        nxt = (seat + 1) % n
        if nxt != (self.dealer + 1) % n:
            self.to_move = (nxt,)
            return
        best = -1
        lead = -1
        for i in range(n):
            s = (self.dealer + 1 + i) % n
            b = self.bids[s]
            total = sum(b) if b is not None else -1
            if total > best:
                best, lead = total, s
        self.bid_leader = lead
        self.leader = lead
        self.log(
            "leader",
            lead,
            f"{self.names[lead]} bid the most ({best} in all) and leads; "
            f"{self.names[lead]} may exchange a hole card",
        )
        self.phase = "take"
        self.to_move = (lead,)

    def _take(self, seat: int, k: int) -> None:
        name = self.names[seat]
        if k < 0:
            self.log("skip", seat, f"{name} keeps the hole as it is")
            self._start_play()
            return
        idx = self.holes[seat].pop(k)
        self.hands[seat] |= 1 << idx
        self.exchange_slot = k
        design = self.game.deck.back_of(CARDS[idx])
        self.log(
            "take",
            seat,
            f"{name} picks up hole card {k + 1} (back {design})",
            f"{name} picks up hole card {k + 1}: {card_text(idx)}",
            (seat,),
        )
        self.phase = "put"

    def _put(self, seat: int, idx: int) -> None:
        self.hands[seat] &= ~(1 << idx)
        self.holes[seat].insert(self.exchange_slot, idx)
        self.known = idx
        name = self.names[seat]
        design = self.game.deck.back_of(CARDS[idx])
        self.log(
            "put",
            seat,
            f"{name} lays a card (back {design}) in the hole",
            f"{name} lays {card_text(idx)} in the hole",
            (seat,),
        )
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.to_move = (self.leader,)

    def _play(self, seat: int, idx: int, from_hole: bool) -> None:
        trick = self.trick
        if not trick:
            self.led = self.trump if idx == JOKER else idx // 13
        trick.append(idx)
        self.trick_holes.append(from_hole)
        self.events.append(self._ev[1 if from_hole else 0][seat][idx])
        n = self.players
        if len(trick) < n:
            self.to_move = ((seat + 1) % n,)
            return
        best_i = winning_play(trick, self.led, self.trump)
        winner = (self.leader + best_i) % n
        self.tricks_won[winner] += 1
        self.last_trick = (self.leader, tuple(trick))
        self.events.append(self._ev[2][winner][trick[best_i]])
        self.trick = []
        self.trick_holes = []
        self.led = -1
        self.trick_number += 1
        self.leader = winner
        if self.trick_number < self.tricks:
            self.to_move = (winner,)
            return
        self._score_hand()

    # ---------------------------------------------------------- scoring
    def _score_hand(self) -> None:
        n = self.players
        won = self.tricks_won
        low = min(won)
        lone = won.index(low) if won.count(low) == 1 else -1
        lines: list[ScoreLine] = []
        points = [0] * n
        made = [0] * n
        for s in range(n):
            bid = self.bids[s] or (0, 0, 0)
            t = won[s]
            made[s] = sum(1 for b in bid if b == t)
            if s == lone:
                would = bid_points(bid, t)
                instead = f" (instead of {would})" if would else ""
                reason = f"fewest tricks alone ({t}, bid {bid_text(bid)}): scores 0{instead}"
                lines.append(ScoreLine(s, 0, reason))
                continue
            lines.append(ScoreLine(s, t, f"{t} trick{'' if t == 1 else 's'}"))
            for b in bid:
                if b == t:
                    lines.append(ScoreLine(s, 3, f"hit bid number {b} (of {bid_text(bid)})"))
            points[s] = bid_points(bid, t)
        totals = [self.scores[s] + points[s] for s in range(n)]
        target = self.target
        eligible = [s for s in range(n) if s != lone and made[s] and totals[s] >= target]
        self.winner = -1
        note = ""
        if eligible:
            top = max(totals[s] for s in eligible)
            best = [s for s in eligible if totals[s] == top]
            if len(best) == 1:
                self.winner = best[0]
            else:
                who = " and ".join(self.names[s] for s in best)
                note = f" {who} tie at {top}: another hand"
        summary = "Tricks: " + ", ".join(f"{self.names[s]} {won[s]}" for s in range(n))
        self.log("hand_over", None, f"Hand {self.hand_number + 1} over. {summary}.{note}")
        self._end_hand(HandResult(self.hand_number, tuple(points), tuple(lines), summary))

    def _game_over(self) -> bool:
        return self.winner >= 0

    def _winners(self) -> tuple[int, ...]:
        if self.options.hands is None and self.winner >= 0:
            return (self.winner,)
        best = max(self.scores)
        return tuple(s for s, v in enumerate(self.scores) if v == best)

    # ------------------------------------------------------ observation
    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        names = self.names
        n = self.players
        zones: list[Zone] = []
        if self.indicator >= 0:
            zones.append(Zone("trump", None, (CARDS[self.indicator],), "pile", label="trump card"))
        zones.append(
            Zone(
                "out",
                None,
                self.held_entries([CARDS[i] for i in self.out], False, v),
                "row",
                label="left out",
            )
        )
        for s in range(n):
            row = tuple(self.entry(CARDS[c], v == s and c == self.known, v) for c in self.holes[s])
            zones.append(Zone("hole", s, row, "row", label=f"{names[s]} hole"))
            zones.append(
                Zone(
                    "hand",
                    s,
                    self.held_entries(sorted_cards(self.hands[s]), v == s, v),
                    "hand",
                    label=names[s],
                )
            )
        zones.extend(trick_zones(self.trick, self.leader, self.last_trick, n))
        info: dict[str, Any] = {
            "trump": "none" if self.trump < 0 else SUIT_SYMBOLS[self.trump],
            "bids": tuple("—" if b is None else bid_text(b) for b in self.bids),
            "tricks_won": tuple(self.tricks_won),
            "trick_number": self.trick_number + 1,
            "tricks": self.tricks,
            "target": self.target,
            "names": names,
        }
        if self.bid_leader >= 0:
            info["leader"] = names[self.bid_leader]
            info["_leader_seat"] = self.bid_leader
        if self.led >= 0:
            info["led"] = SUIT_SYMBOLS[self.led]
        if self.trick_holes and any(self.trick_holes):
            info["from_hole"] = tuple(
                names[(self.leader + i) % n] for i, h in enumerate(self.trick_holes) if h
            )
        return self._observation(v, zones, **info)


# ------------------------------------------------------------------- bot
#: Ranks a back's suit count allows: 4 suits = A, K (or Joker), 3 = Q J 10, 2 = 9-4, 1 = 3 2.
_BID_OFFSET = {3: 1.3, 4: -0.1, 5: -0.5}


class ForesightBot(Agent):
    """Bids from hand strength and trumps, then steers its trick count onto a bid number.

    Reads only its observation: its hand, the backs of its hole cards and of every hidden
    card, the trump card, the bids and the trick.  A hole card is judged by its back: the
    number of printed suits gives its rank class, the printed suits its possible suits.
    """

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "bid":
            return self._bid(obs)
        if obs.phase == "take":
            return self._take(obs)
        if obs.phase == "put":
            return self._put(obs)
        return self._play(obs)

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
        k = bin(mask).count("1")
        shows_trump = trump >= 0 and mask >> trump & 1
        if k == 4:
            return 0.7
        if k == 3:
            return 0.45 if shows_trump else 0.25
        if k == 2:
            return 0.2 if shows_trump else 0.05
        return 0.1 if shows_trump else 0.0

    def _estimate(self, obs: Observation) -> float:
        me = obs.seat or 0
        trump = self._trump(obs)
        hand = obs.my_hand
        counts = [0, 0, 0, 0]
        for c in hand:
            if not c.is_joker:
                counts[c.suit] += 1
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

    def _bid(self, obs: Observation) -> Action:
        tricks = int(obs.info.get("tricks", 13))
        # Calibrated on bot-against-bot and bot-against-random hands: longer hands (three
        # players) make more of the small trumps and long suits good.
        e = round(1.1 * self._estimate(obs) + _BID_OFFSET.get(obs.players, 0.0))
        nums = sorted(min(tricks, max(0, x)) for x in (e - 1, e, e + 1))
        want = "bid " + " ".join(map(str, nums))
        for a in obs.legal:
            if a == want:
                return a
        return obs.legal[0]

    def _take(self, obs: Observation) -> Action:
        # Pick up the hole card with the most uncertain, strongest-looking back.
        me = obs.seat or 0
        trump = self._trump(obs)
        row = obs.zone("hole", me).cards
        best_k, best_v = -1, -1.0
        for k, e in enumerate(row):
            if isinstance(e, Back):
                v = self._back_value(e.design, trump) + 0.1 * len(_design_mask_str(e.design))
                if v > best_v:
                    best_k, best_v = k, v
        if best_k < 0:
            return next(a for a in obs.legal if a == "skip")
        return next(a for a in obs.legal if a == f"take {best_k + 1}")

    def _put(self, obs: Observation) -> Action:
        # Bury the weakest card, preferring one whose back shows many suits (so it can
        # later be played as following almost anything).
        trump = self._trump(obs)
        counts = [0, 0, 0, 0]
        for c in obs.my_hand:
            if not c.is_joker:
                counts[c.suit] += 1
        choices = {a.cards[0]: a for a in obs.legal}

        def key(c: Card) -> tuple[float, int]:
            return (self._card_value(c, trump, counts), HIGH[c.index] if not c.is_joker else 1)

        return choices[min(choices, key=key)]

    # ----------------------------------------------------------- play
    def _goal(self, obs: Observation) -> int:
        """+1 to take tricks, -1 to avoid them."""
        me = obs.seat or 0
        bids = obs.info.get("bids", ())
        won = obs.info.get("tricks_won", (0,) * obs.players)[me]
        text = bids[me] if me < len(bids) else "—"
        nums = [int(x) for x in text.split("-")] if text != "—" else []
        left = int(obs.info.get("tricks", 13)) - int(obs.info.get("trick_number", 1)) + 1
        reachable = [b for b in nums if won <= b <= won + left]
        if not reachable:
            return 1
        if won in reachable:
            return -1
        return 1

    def _play(self, obs: Observation) -> Action:
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
                k = int(a.args[1]) - 1
                hole_opts.append((a, row[k]))

        def hole_win_chance(e: Any) -> float:
            if isinstance(e, Card | Peek):
                card = e if isinstance(e, Card) else e.card
                return 1.0 if power(card, led if led >= 0 else card.suit) > best_now else 0.0
            mask = design_suits(e.design)
            k = bin(mask).count("1")
            ranks = CLASS_RANKS.get(k, (9,))
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
            return self._lead(obs, hand_opts, hole_opts, goal, trump, power, hole_win_chance)
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
        obs: Observation,
        hand_opts: list[tuple[Action, Card]],
        hole_opts: list[tuple[Action, Any]],
        goal: int,
        trump: int,
        power: Any,
        hole_win_chance: Any,
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
            if isinstance(e, Back) and len(_design_mask_str(e.design)) == 1:
                return a
        return min(hand_opts, key=lambda ac: power(ac[1], ac[1].suit))[0]


def _design_mask_str(design: str) -> str:
    return "".join(ch for ch in design if ch in SUIT_SYMBOLS)


GAME = GameSpec(
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
    version=1,
    deck="Foresight 52 + Joker",
    bots={"heuristic": ForesightBot},
    source="foresight-deck-games.txt (Foresight)",
)
