"""Heartburn: a Hearts relative for 3–6 players on the Foresight deck, with hole cards.

Rules in short
--------------
The Foresight deck is used without Jokers, Ace high.  A few low cards leave the deck so
that it divides evenly: the 2♦ with three players, the 2♦ and 2♣ with five, and the
2♣, 2♠, 2♦ and 3♦ with six.  Everything left is dealt out.  One card of each deal lies
face down in front of its owner as a *hole card*: everyone sees its Foresight back, but
nobody (not even the owner) sees its face until it is played.

Before play each seat passes some cards from its hand (4 with three players, 3 with four
or five, 2 with six) to another seat.  The direction follows a cycle that depends on the
table size (see ``PASS_CYCLES``) and ends with a *hold* hand in which nobody passes.  The
choices are made in secret, all at once; the passer also picks which passed card becomes
a hole card of the receiver, so the passer knows that hole card's face and the receiver
does not.  On a hold hand everyone is dealt a second hole card instead, so every hand is
played with two hole cards each.

The 2♣ opens the first trick (when it is out of the deck or in a hole, the lowest club
held in a hand opens).  Suit must be followed as in Foresight: a player whose hand holds
the suit led plays one of those cards or a hole card whose back shows that suit; a player
without the suit in hand may play anything, hole cards included.  There are no trumps;
the best card in the led suit takes the trick.  Hearts cannot be led before one has been played
unless the leader's hand holds only hearts (a hole card led blind may be a heart anyway).
The first trick takes no point card (a heart, the Q♠ or the 10♦) unless it arrives from a
hole or the player's hand holds nothing but point cards.

Scoring: whoever takes every heart and the Q♠ has shot the moon and scores 26, the others
nothing (the 10♦ does not matter).  Otherwise each player's *take* is 1 per heart, +13 for
the Q♠ and −10 for the 10♦; each player scores the highest take at the table minus their
own take, but a player who took neither a heart nor the Q♠ scores 0.  The game ends when
someone reaches 50; the highest total wins, and a tie for the highest means another hand.

Options
-------
============ =========== =====================================================
option       default     meaning
============ =========== =====================================================
target       50          the game ends once a total reaches this
hands        None        stop after this many hands instead (1 = a single hand)
first_dealer 0           seat that deals first (the deal passes to the left)
deck         "foresight" a Foresight deck (the default table or a registered
                         table of your own)
============ =========== =====================================================

The player count (3, 4, 5 or 6; default 4) is given to :func:`cardlab.load`.

Rulings
-------
* Hole cards' backs are public; their faces stay hidden from everyone, their owner too,
  until played.  The passer alone knows the face of the hole card it gave (RULINGS.md).
* Passing is simultaneous and secret: a seat's chosen cards stay in its hand as far as the
  other seats can see (not even their backs are shown) until every seat has chosen
  (RULINGS.md).  A seat picks its cards one at a time, then the one that the receiver
  gets face down as a hole card.  Hole cards are never passed.
* On a hold hand the second hole card is part of each seat's even share of the deal (the
  deck is already dealt out), so every seat still holds the same number of cards.
* Hole cards keep their slot: slot 1 is the dealt hole card; slot 2 is the card received
  as a hole card, or the second dealt hole card on a hold hand.
* The opening lead is the 2♣; when it is out of the deck or in a hole, the lowest club
  held in any hand (holes do not count) opens instead (RULINGS.md).  When no hand holds a
  club at all (every club is in a hole or out of the deck), the seat left of the dealer
  leads any card the usual limits allow (no heart, no point card unless the hand holds
  nothing else, or any hole card).  Neither text covers this case; it keeps the deal
  playable.
* The first-trick bar on point cards covers leads and discards; a player who must follow
  suit plays a card of that suit even if it is the 10♦.
* Any heart played to a trick breaks hearts, also one played blind from a hole.
* A hole card counts as following suit only for the legality of the play; the trick goes
  to the highest card of the suit actually led (the face of the first card).
* Shooting the moon needs every heart and the Q♠; the 10♦ is ignored (RULINGS.md).
* The game ends after a hand in which someone reached the target and one seat alone has
  the highest total; a tie for the highest plays another hand (RULINGS.md).
* Explicit deals list the cards seat by seat: each seat's hole card(s) first, then its hand.

Actions
-------
``pass XX`` (choose a card to pass), ``hole XX`` (which chosen card becomes the receiver's
hole card), ``play XX`` (a card from hand) and ``blind 1`` / ``blind 2`` (play the hole card
in that slot without knowing its face).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.agents import Agent
from ..core.cards import CARDS, SUIT_SYMBOLS, Card, design_suits, get_deck, mask_of, parse_cards
from ..core.errors import IllegalActionError
from ..core.observation import Back, Observation, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State
from ..rules.tricks import (
    CLASS_TOP,
    CLUBS_MASK,
    HEARTS_MASK,
    HIGH,
    QS,
    RANK_ORDER,
    SUIT_MASKS,
    cards_by_seat,
    check_dealt_once,
    event_table,
    hole_followers,
    pass_pick_events,
    pass_step,
    play_events,
    pluralise,
    shuffled_rest,
    sorted_cards,
    take_events,
    taken_zones,
    trick_mask,
    trick_zones,
    winning_play,
)
from ..rules.tricks import PASS_CYCLES as PASS_CYCLES

TD = 1 * 13 + 9
#: The cards whose capture changes a take (and that the first trick bars).
POINTS_MASK = HEARTS_MASK | 1 << QS | 1 << TD
#: Cards that make a player eligible to score (the 10♦ does not).
BAD_MASK = HEARTS_MASK | 1 << QS

#: Cards out of the deck by player count.
REMOVED: dict[int, tuple[Card, ...]] = {
    3: parse_cards("2D"),
    4: (),
    5: parse_cards("2D 2C"),
    6: parse_cards("2C 2S 2D 3D"),
}
#: Cards each seat passes, by player count.
PASS_COUNT = {3: 4, 4: 3, 5: 3, 6: 2}
PLAY = CardActions("play", RANK_ORDER)
PASS = CardActions("pass", RANK_ORDER)
HOLE = CardActions("hole", RANK_ORDER)
BLIND = (action("blind 1"), action("blind 2"))
_BLIND_SLOT = {BLIND[0]: 0, BLIND[1]: 1}


def take_of(mask: int) -> int:
    """A take: 1 per heart, 13 for the Q♠, −10 for the 10♦."""
    return (
        (mask & HEARTS_MASK).bit_count()
        + (13 if mask >> QS & 1 else 0)
        - (10 if mask >> TD & 1 else 0)
    )


def hand_scores(taken: Sequence[int]) -> list[int]:
    """Points for one hand from the cards each seat took (bitmasks)."""
    n = len(taken)
    for s in range(n):
        if taken[s] & BAD_MASK == BAD_MASK:
            return [26 if t == s else 0 for t in range(n)]
    takes = [take_of(t) for t in taken]
    high = max(takes)
    return [high - takes[s] if taken[s] & BAD_MASK else 0 for s in range(n)]


@dataclass(frozen=True)
class HeartburnOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    deck: str = option("foresight", "which Foresight deck (back table) to use")
    target: int = option(50, "the game ends once a total reaches this", min=1)


class HeartburnState(State):
    """A game of Heartburn in progress.  Hands are bitmasks of card indices."""

    __slots__ = (
        "_ev",
        "gift",
        "hands",
        "hearts_broken",
        "holes",
        "in_play",
        "last_trick",
        "leader",
        "opening",
        "pass_hole",
        "pass_sel",
        "played",
        "received",
        "taken",
        "trick",
        "trick_blind",
        "trick_number",
        "tricks_won",
    )
    _nested_lists: ClassVar[tuple[str, ...]] = ("holes",)

    _ev: tuple[Any, Any, Any, Any]
    hands: list[int]
    holes: list[list[int]]
    gift: list[int]
    pass_sel: list[int]
    pass_hole: list[int]
    received: list[int]
    played: int
    taken: list[int]
    tricks_won: list[int]
    trick: list[int]
    trick_blind: list[bool]
    last_trick: tuple[int, tuple[int, ...]]
    leader: int
    opening: int
    trick_number: int
    hearts_broken: bool
    in_play: tuple[Card, ...]

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        names = self.names
        self._ev = (
            play_events(names),
            event_table(names, "play", "{name} plays a hole card blind: {card}"),
            take_events(names),
            pass_pick_events(names),
        )
        removed = mask_of(REMOVED[self.players])
        self.in_play = tuple(c for c in game.deck.cards if not removed >> c.index & 1)
        self._reset_hand()

    def _reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.holes = [[] for _ in range(n)]
        self.gift = [-1] * n
        self.pass_sel = [0] * n
        self.pass_hole = [-1] * n
        self.received = [0] * n
        self.played = 0
        self.taken = [0] * n
        self.tricks_won = [0] * n
        self.trick = []
        self.trick_blind = []
        self.last_trick = (-1, ())
        self.leader = -1
        self.opening = -1
        self.trick_number = 0
        self.hearts_broken = False

    # ------------------------------------------------------- the cycle
    @property
    def pass_direction(self) -> str:
        return pass_step(self.players, self.hand_number)[0]

    @property
    def pass_offset(self) -> int:
        return pass_step(self.players, self.hand_number)[1]

    @property
    def pass_count(self) -> int:
        return PASS_COUNT[self.players]

    @property
    def hand_size(self) -> int:
        """Cards each seat is dealt (hole cards included)."""
        return len(self.in_play) // self.players

    # ------------------------------------------------------------- deal
    def _check_chance(self, act: Action) -> None:
        if act.verb != "deal":
            raise IllegalActionError(str(act), "the cards must be dealt first (a 'deal' action)")
        cards = act.cards
        in_play = self.in_play
        if len(cards) == len(act.args) == len(in_play) and mask_of(cards) == mask_of(in_play):
            return
        out = " ".join(c.code for c in REMOVED[self.players]) or "none"
        raise IllegalActionError(
            str(act)[:60] + "…",
            f"a deal must list each of the {len(self.in_play)} cards in play exactly once "
            f"(out of the deck with {self.players} players: {out})",
        )

    def sample_chance(self, rng: random.Random) -> Action:
        cards = list(self.in_play)
        rng.shuffle(cards)
        return Action.of("deal", cards)

    def _apply_chance(self, act: Action) -> None:
        self._reset_hand()
        cards = act.cards
        size = self.hand_size
        offset = self.pass_offset
        holes = 1 if offset else 2
        for seat in range(self.players):
            block = cards[size * seat : size * seat + size]
            self.holes[seat] = [c.index for c in block[:holes]]
            self.hands[seat] = mask_of(block[holes:])
        self.chance = False
        self.log(
            "deal",
            self.dealer,
            f"{self.names[self.dealer]} deals hand {self.hand_number + 1}, "
            f"{pluralise(holes, 'hole card')} each",
        )
        if offset:
            self.phase = "pass"
            self.to_move = tuple(range(self.players))
            self.log(
                "pass_start",
                None,
                f"Everyone passes {self.pass_count} cards {self.pass_direction}, "
                "one of them as the receiver's hole card",
            )
        else:
            self.log("pass_start", None, "Hold hand: no passing, a second hole card each")
            self._start_play()

    @classmethod
    def deal_action(
        cls,
        game: Any,
        hands: Sequence[str | Sequence[Any]] | Mapping[int, Any],
        holes: Sequence[str | Sequence[Any]] | Mapping[int, Any] | None = None,
        *,
        hold: bool = False,
        rng: random.Random | None = None,
    ) -> Action:
        """A deal from hands and hole cards given seat by seat; the rest is dealt at random.

        ``hands`` lists each seat's hand (``"AS KS 2C ..."`` or a list of cards), ``holes``
        each seat's hole card(s): one per seat, two on a hold hand (``hold=True``).
        Missing cards are filled from ``rng`` (default ``random.Random(0)``).
        """
        n = game.players
        removed = mask_of(REMOVED[n])
        deck = [c for c in game.deck.cards if not removed >> c.index & 1]
        size = len(deck) // n
        nholes = 2 if hold else 1
        too_many = "seat {seat} is given {count} %s cards; it holds {limit} here"
        per_hand = cards_by_seat(hands, n, size - nholes, too_many % "hand")
        per_hole = cards_by_seat(holes or {}, n, nholes, too_many % "hole")
        used = [c for d in (per_hand, per_hole) for cs in d.values() for c in cs]
        in_deck = {c.index for c in deck}
        for c in used:
            if c.index not in in_deck:
                raise IllegalActionError("deal", f"{c} is not in play with {n} players")
        check_dealt_once(used)
        rest = shuffled_rest(deck, used, rng)
        order: list[Card] = []
        for seat in range(n):
            hole = per_hole.get(seat, [])
            hand = per_hand.get(seat, [])
            while len(hole) < nholes:
                hole.append(rest.pop())
            while len(hand) < size - nholes:
                hand.append(rest.pop())
            order += hole + hand
        return Action.of("deal", order)

    def _start_play(self) -> None:
        self.phase = "play"
        clubs = [self.hands[s] & CLUBS_MASK for s in range(self.players)]
        low = -1
        for k in RANK_ORDER:
            holder = next((s for s in range(self.players) if clubs[s] >> k & 1), -1)
            if holder >= 0:
                low = k
                break
        if low >= 0:
            self.opening = low
            self.leader = holder
            self.log("lead", holder, f"{self.names[holder]} holds the {CARDS[low].text} and leads")
        else:
            self.opening = -1
            self.leader = (self.dealer + 1) % self.players
            self.log(
                "lead",
                self.leader,
                f"No hand holds a club: {self.names[self.leader]} leads the first trick",
            )
        self.to_move = (self.leader,)

    # ------------------------------------------------------------ legal
    def _blind(self, seat: int, suit: int = -1) -> tuple[Action, ...]:
        """Blind plays open to ``seat``: every hole card, or those whose back shows ``suit``."""
        holes = self.holes[seat]
        if suit < 0:
            return tuple(BLIND[i] for i in range(len(holes)) if holes[i] >= 0)
        return tuple(BLIND[k] for k in hole_followers(holes, self.game.deck.back_masks, suit))

    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        hand = self.hands[seat]
        if phase == "play":
            trick = self.trick
            first = self.trick_number == 0
            if not trick:
                if first and self.opening >= 0:
                    return (PLAY[self.opening],)
                if not self.hearts_broken and hand & ~HEARTS_MASK:
                    hand &= ~HEARTS_MASK
                if first and hand & ~POINTS_MASK:
                    hand &= ~POINTS_MASK
                return PLAY.of(hand) + self._blind(seat)
            led = trick[0] // 13
            follow = (hand >> (13 * led)) & 0x1FFF
            if follow:
                return PLAY.suit(led, follow) + self._blind(seat, led)
            if first and hand & ~POINTS_MASK:
                hand &= ~POINTS_MASK
            return PLAY.of(hand) + self._blind(seat)
        if phase == "pass":
            sel = self.pass_sel[seat]
            if sel.bit_count() < self.pass_count:
                return PASS.of(hand & ~sel)
            return HOLE.of(sel)
        return ()

    def why_illegal(self, act: Action, seat: int) -> str:
        verb = act.verb
        phase = self.phase
        if phase == "pass":
            sel = self.pass_sel[seat]
            k = self.pass_count
            card = act.card
            if verb == "pass":
                if card is None:
                    return ""
                if sel.bit_count() >= k:
                    return (
                        f"you have chosen your {k} cards; now pick the one the receiver gets "
                        "as a hole card ('hole XX')"
                    )
                if self.pass_sel[seat] >> card.index & 1:
                    return f"you have already chosen {card} to pass"
                if card.index in self.holes[seat]:
                    return "hole cards are never passed: pass cards from your hand"
                return f"you don't hold {card} in your hand"
            if verb == "hole":
                if sel.bit_count() < k:
                    return f"choose all {k} cards to pass first, then the hole card"
                if card is None:
                    return ""
                return f"{card} is not one of the cards you are passing"
            if verb in ("play", "blind"):
                return "the cards are not played until passing is over"
            return ""
        if phase != "play":
            return ""
        if verb == "blind":
            slot = _BLIND_SLOT.get(act)
            holes = self.holes[seat]
            if slot is None or slot >= len(holes) or holes[slot] < 0:
                return "you have no hole card in that slot"
        elif verb == "play":
            card = act.card
            if card is None:
                return ""
            if not self.hands[seat] >> card.index & 1:
                if card.index in self.holes[seat]:
                    return "that is a hole card: play it blind by its slot ('blind 1')"
                return f"you don't hold {card} in your hand"
        else:
            return ""
        hand = self.hands[seat]
        first = self.trick_number == 0
        if not self.trick:
            if first and self.opening >= 0:
                return f"the {CARDS[self.opening].text} must open the first trick"
            card = act.card
            if card is not None and card.suit == 2 and not self.hearts_broken:
                return (
                    "hearts are not broken yet: lead a heart only when your hand holds nothing else"
                )
            return "no point card on the first trick while your hand holds another card"
        led = self.trick[0] // 13
        sym = SUIT_SYMBOLS[led]
        if hand & SUIT_MASKS[led]:
            if verb == "blind":
                return (
                    f"must follow suit: you hold {sym} in hand and that hole card's back "
                    f"does not show {sym}"
                )
            return f"must follow suit: you hold {sym} in hand (or play a hole card showing {sym})"
        return "no point card on the first trick while your hand holds another card"

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        idx = PLAY.index.get(act)
        if idx is None:
            slot = _BLIND_SLOT.get(act)
            if slot is None:
                if act.verb == "pass":
                    self._choose_pass(act.cards[0], seat)
                else:
                    self._choose_hole(act.cards[0], seat)
                return
            holes = self.holes[seat]
            idx = holes[slot]
            holes[slot] = -1
            self.events.append(self._ev[1][seat][idx])
        else:
            self.hands[seat] &= ~(1 << idx)
            self.events.append(self._ev[0][seat][idx])
        trick = self.trick
        trick.append(idx)
        if 26 <= idx < 39 and not self.hearts_broken:
            self.hearts_broken = True
            self.log("hearts_broken", seat, "Hearts are broken")
        n = self.players
        if len(trick) < n:
            self.to_move = ((seat + 1) % n,)
            return
        best = winning_play(trick, trick[0] // 13)
        winner = (self.leader + best) % n
        m = trick_mask(trick)
        self.taken[winner] |= m
        self.played |= m
        self.tricks_won[winner] += 1
        self.last_trick = (self.leader, tuple(trick))
        self.trick = []
        self.trick_number += 1
        self.leader = winner
        self.events.append(self._ev[2][winner][trick[best]])
        if self.trick_number < self.hand_size:
            self.to_move = (winner,)
            return
        self._score_hand()

    def _choose_pass(self, card: Card, seat: int) -> None:
        self.pass_sel[seat] |= 1 << card.index
        self.events.append(self._ev[3][seat][card.index])

    def _choose_hole(self, card: Card, seat: int) -> None:
        self.pass_hole[seat] = card.index
        t = (seat + self.pass_offset) % self.players
        self.log(
            "pass_hole",
            seat,
            f"{self.names[seat]} has chosen",
            f"{self.names[seat]} makes {card.text} {self.names[t]}'s hole card",
            (seat,),
        )
        self.to_move = tuple(s for s in self.to_move if s != seat)
        if not self.to_move:
            self._exchange()

    def _exchange(self) -> None:
        n = self.players
        offset = self.pass_offset
        sel = self.pass_sel
        for s in range(n):
            self.hands[s] &= ~sel[s]
        for s in range(n):
            t = (s + offset) % n
            hole = self.pass_hole[s]
            rest = sel[s] & ~(1 << hole)
            self.hands[t] |= rest
            self.holes[t].append(hole)
            self.gift[s] = hole
            self.received[t] = rest
            shown = " ".join(c.text for c in sorted_cards(rest))
            back = self.game.deck.back_of(CARDS[hole])
            self.log(
                "pass",
                s,
                f"{self.names[s]} passes {pluralise(self.pass_count, 'card')} to "
                f"{self.names[t]}, one of them face down as a hole card [{back}]",
                f"{self.names[s]} passes {shown} to {self.names[t]}, and a hole card [{back}]",
                (s, t),
            )
        self.pass_sel = [0] * n
        self._start_play()

    def _score_hand(self) -> None:
        n = self.players
        taken = self.taken
        names = self.names
        points = hand_scores(taken)
        lines: list[ScoreLine] = []
        shooter = next((s for s in range(n) if taken[s] & BAD_MASK == BAD_MASK), -1)
        if shooter >= 0:
            for s in range(n):
                if s == shooter:
                    lines.append(ScoreLine(s, 26, "shot the moon (every heart and the Q♠)"))
                else:
                    lines.append(ScoreLine(s, 0, f"{names[shooter]} shot the moon"))
            summary = f"{names[shooter]} shot the moon"
        else:
            takes = [take_of(t) for t in taken]
            high = max(takes)
            top = " and ".join(names[s] for s in range(n) if takes[s] == high)
            for s in range(n):
                if not taken[s] & BAD_MASK:
                    extra = " (the 10♦ alone does not count)" if taken[s] >> TD & 1 else ""
                    lines.append(ScoreLine(s, 0, f"took no heart and not the Q♠{extra}: scores 0"))
                    continue
                lines.append(ScoreLine(s, high, f"highest take ({top})"))
                lines.append(ScoreLine(s, -takes[s], f"own take: {_describe(taken[s])}"))
            summary = "Takes: " + ", ".join(f"{names[s]} {takes[s]}" for s in range(n))
            summary += "; scores: " + ", ".join(f"{names[s]} {points[s]}" for s in range(n))
        self.log("hand_over", None, f"Hand {self.hand_number + 1} over. {summary}")
        self._end_hand(HandResult(self.hand_number, tuple(points), tuple(lines), summary))

    def _game_over(self) -> bool:
        best = max(self.scores)
        return best >= int(self.options.target) and self.scores.count(best) == 1

    # ------------------------------------------------------ observation
    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        n = self.players
        zones: list[Zone] = []
        passing = self.phase == "pass"
        back_of = self.game.deck.back_of
        for s in range(n):
            held = self.hands[s]
            if passing and (v == s or v == "teacher"):
                held &= ~self.pass_sel[s]
            zones.append(
                Zone(
                    "hand",
                    s,
                    self.held_entries(sorted_cards(held), v == s, v),
                    "hand",
                    label=self.names[s],
                )
            )
        for s in range(n):
            entries: list[Any] = []
            for c in self.holes[s]:
                if c < 0:
                    continue
                card = CARDS[c]
                if isinstance(v, int) and self.gift[v] == c:
                    entries.append(card)
                elif v == "teacher":
                    entries.append(self.entry(card, False, v))
                else:
                    entries.append(Back(back_of(card)))
            zones.append(Zone("hole", s, tuple(entries), "row", label=f"{self.names[s]}'s hole"))
        if passing:
            for s in range(n):
                mine = v == s or v == "teacher"
                shown = sorted_cards(self.pass_sel[s]) if mine else ()
                zones.append(
                    Zone(
                        "passing",
                        s,
                        self.held_entries(shown, v == s, v),
                        "row",
                        label=f"{self.names[s]} passes",
                    )
                )
        zones.extend(trick_zones(self.trick, self.leader, self.last_trick, n))
        zones.extend(taken_zones(self.taken, POINTS_MASK, self.names))
        zones.append(Zone("out", None, REMOVED[n], "row", label="out of the deck"))
        info: dict[str, Any] = {
            "pass_direction": self.pass_direction,
            "pass_count": self.pass_count,
            "hearts_broken": self.hearts_broken,
            "trick_number": self.trick_number + 1,
            "tricks_won": tuple(self.tricks_won),
            "takes": tuple(take_of(t) for t in self.taken),
            "names": self.names,
            "target": self.options.target,
            "deck": self.options.deck,
            "played": sorted_cards(self.played),
            "hole_slots": tuple(
                tuple(i + 1 for i, c in enumerate(self.holes[s]) if c >= 0) for s in range(n)
            ),
        }
        if self.leader >= 0:
            info["leader"] = self.leader
        if isinstance(v, int):
            if self.received[v]:
                info["received"] = sorted_cards(self.received[v])
            if passing and self.pass_hole[v] >= 0:
                info["hole_choice"] = CARDS[self.pass_hole[v]]
            if self.gift[v] >= 0 and self.gift[v] in self.holes[(v + self.pass_offset) % n]:
                info["gave_hole"] = CARDS[self.gift[v]]
        return self._observation(v, zones, **info)


def _describe(mask: int) -> str:
    parts = []
    h = (mask & HEARTS_MASK).bit_count()
    if h:
        parts.append(f"{pluralise(h, 'heart')} (+{h})")
    if mask >> QS & 1:
        parts.append("the Q♠ (+13)")
    if mask >> TD & 1:
        parts.append("the 10♦ (−10)")
    return ", ".join(parts) + f" = {take_of(mask)}"


# ------------------------------------------------------------------- bot


class HeartburnBot(Agent):
    """Greedy Heartburn: aim for a small take that is not the highest.

    Each play is judged by the hand score it would leave (the highest take minus its own,
    or nothing while it has taken no heart and not the Q♠), averaged over what a hole
    card could be (the unseen cards with that back).  Backs of the other seats' hands and
    hole cards tell it who may still hold the suit led and how high.  It passes the Q♠ and
    its lowest cards otherwise (keeping the high cards that win the odd heart and the 10♦),
    and makes the Q♠, when it passes it, the receiver's hole card.  It reads only its observation.
    """

    name = "heuristic"
    #: Share of the points still out that the highest other take is expected to gain.
    share = 0.5
    #: Worth of a take while not yet eligible, as a share of the eligible worth.
    hope = 0.6
    #: Points a seat void in the suit led is expected to throw on a trick.
    dump = 1.0

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "pass":
            return self._pass(obs)
        return self._play(obs)

    # ----------------------------------------------------------- passing
    @staticmethod
    def _danger(c: Card, counts: list[int]) -> float:
        """How keen the bot is to pass ``c``: the Q♠ first, then the lowest cards.

        High cards stay: they win the odd trick with a heart in it, which a player needs
        to score at all.  The 10♦ stays too (it lowers its taker's take by 10).
        """
        if c.index == QS:
            return 40.0
        if c.index == TD:
            return -20.0
        return -float(HIGH[c.index]) - 0.1 * counts[c.suit]

    def _pass(self, obs: Observation) -> Action:
        me = obs.seat or 0
        hand = obs.my_hand
        passing = obs.zone("passing", me).faces
        counts = [0, 0, 0, 0]
        for c in (*hand, *passing):
            counts[c.suit] += 1
        choices = {a.cards[0]: a for a in obs.legal}
        best = max(choices, key=lambda c: (self._danger(c, counts), c.index))
        return choices[best]

    # -------------------------------------------------------------- play
    def _play(self, obs: Observation) -> Action:
        me = obs.seat or 0
        n = obs.players
        info = obs.info
        deck = get_deck(str(info.get("deck", "foresight")))
        backs = deck.back_suits
        trick_zone = obs.zone("trick")
        trick = list(trick_zone.faces)
        trick_seats = list(trick_zone.seats)
        takes = list(info["takes"])
        taken_faces = [obs.zone("taken", s).faces for s in range(n)]
        bad = [any(c.suit == 2 or c.index == QS for c in cs) for cs in taken_faces]

        # Cards whose place is known to this seat: the rest are where backs say they may be.
        known = set(obs.my_hand) | set(trick) | set(obs.zone("out").faces)
        known |= set(obs.zone("last_trick").faces)
        for z in obs.zones:
            if z.name in ("taken", "hole"):
                known |= set(z.faces)
        known |= set(info.get("played", ()))

        # What each other seat may still hold: back designs of its hand and hole cards.
        designs: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if s == me:
                continue
            for z in (obs.zone("hand", s), obs.zone("hole", s)):
                for e in z.cards:
                    if isinstance(e, Back):
                        designs[s].append(design_suits(e.design))
                    elif isinstance(e, Card):
                        designs[s].append(1 << e.suit)

        led = trick[0].suit if trick else -1
        best_high = max((HIGH[c.index] for c in trick if c.suit == led), default=0)
        best_seat = (
            trick_seats[[HIGH[c.index] if c.suit == led else 0 for c in trick].index(best_high)]
            if trick
            else -1
        )
        later = [(me + i) % n for i in range(1, n - len(trick))]

        def threat(suit: int) -> int:
            return max(
                (CLASS_TOP[m.bit_count()] for s in later for m in designs[s] if m >> suit & 1),
                default=0,
            )

        def voids(suit: int) -> int:
            return sum(1 for s in later if not any(m >> suit & 1 for m in designs[s]))

        others_max = max((takes[s] for s in range(n) if s != me), default=0)

        taken_all = 0
        for cs in taken_faces:
            taken_all |= mask_of(cs)
        remaining = ((~taken_all) & HEARTS_MASK).bit_count() + (0 if taken_all >> QS & 1 else 13)

        def outcome(my_take: float, my_bad: bool, top_other: float, rest: float) -> float:
            # The highest other take is projected to grow with the points still out.
            projected = top_other + self.share * rest
            if my_take >= projected:
                return 0.0
            gap = projected - my_take
            return gap if my_bad else gap * (self.hope if rest > 0 else 0.0)

        def value(face: Card) -> float:
            cards = [*trick, face]
            suit = led if led >= 0 else face.suit
            pts_mask = mask_of(cards) & POINTS_MASK
            pts = take_of(pts_mask)
            rest = remaining - take_of(pts_mask & BAD_MASK)
            wins = face.suit == suit and HIGH[face.index] > best_high
            if wins and later:
                th = threat(suit)
                if HIGH[face.index] > th:
                    p_win = 1.0
                else:
                    holders = sum(1 for s in later if any(m >> suit & 1 for m in designs[s]))
                    p_win = ((HIGH[face.index] - 1) / 14.0) ** max(1, holders)
            else:
                p_win = 1.0 if wins else 0.0
            dumps = self.dump * voids(suit) if later else 0.0
            win_take = takes[me] + pts + dumps
            win_bad = bad[me] or bool(pts_mask & BAD_MASK) or dumps > 0
            v_win = outcome(win_take, win_bad, others_max, max(0.0, rest - dumps))
            # Losing: the points go to the seat winning so far (or a later seat).
            other = [takes[s] for s in range(n) if s != me]
            if 0 <= best_seat != me:
                other.append(takes[best_seat] + pts)
            v_lose = outcome(takes[me], bad[me], max(other, default=0), rest)
            shed = HIGH[face.index] / 50.0
            return p_win * v_win + (1 - p_win) * (v_lose + shed)

        def candidates(design_mask: int) -> list[Card]:
            return [c for c in CARDS[:52] if c not in known and backs(c) == design_mask]

        my_holes = obs.zone("hole", me).cards
        slots = info["hole_slots"][me]
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(obs.legal):
            if a.verb == "play":
                v = value(a.cards[0])
            else:
                slot = int(a.args[0])
                entry = my_holes[slots.index(slot)]
                mask = design_suits(entry.design) if isinstance(entry, Back) else 0
                faces = candidates(mask) or [c for c in CARDS[:52] if backs(c) == mask]
                v = sum(value(f) for f in faces) / len(faces) if faces else -5.0
                v += 0.1  # unknown cards are better gone before they are forced
            scored.append((v, -i, a))
        return max(scored)[2]


GAME = GameSpec(
    name="heartburn",
    title="Heartburn",
    family="trick-taking",
    players=(4, 3, 5, 6),
    summary="Hearts on the Foresight deck with hole cards: take a little, never the most.",
    state_class=HeartburnState,
    options_class=HeartburnOptions,
    version=1,
    deck="foresight 52 (low cards removed for 3, 5, 6)",
    bots={"heuristic": HeartburnBot},
    source="foresight-deck-games.txt (Heartburn)",
)
