"""Hearts: four players avoid taking hearts and the queen of spades.

Rules in brief
--------------
All 52 cards are dealt, 13 to each of four players.  Before play, everyone hands three
cards to a neighbour: to the left on the first hand, to the right on the second, across
the table on the third, and nobody passes on the fourth; the cycle then repeats.

The holder of the 2♣ leads it to the first trick.  Players must follow the suit led when
they can; the highest card of the led suit wins the trick (Ace high) and its winner leads
next.  On the first trick a player with no clubs may not discard a heart or the Q♠ unless
they hold nothing else.  Hearts may not be led until a heart has been played to a trick
("broken"), unless the leader holds only hearts.

Each heart taken costs 1 point and the Q♠ costs 13.  A player who takes all of them has
*shot the moon*: they score 0 and each opponent scores 26.  The game ends when someone's
total passes 100; the lowest total wins.

Options
-------
=========== ========= =====================================================
option      default   meaning
=========== ========= =====================================================
omnibus     False     the J♦ is worth −10 to whoever takes it; it is barred
                      from the first trick like the other point cards and a
                      moon shot must include it
moon        "add"     moon scoring: "add" (+26 to each opponent),
                      "subtract" (−26 to the shooter) or "choice" (the
                      shooter picks after the last trick)
target      100       the game ends once a total exceeds this
hands       None      stop after this many hands instead (1 = a single hand)
first_dealer 0        seat that deals first (the deal only rotates; the 2♣ leads)
deck        standard  "foresight" plays with Foresight backs: every hidden card
                      shows which suits its back prints
=========== ========= =====================================================

Rulings
-------
* Passing is simultaneous: each seat picks its three cards one at a time with
  ``pass <card>``; nobody sees another seat's choice until all twelve are chosen.
* Any heart played to a trick breaks hearts, including a heart led from an all-heart hand;
  the Q♠ does not break them.
* The first-trick bar covers hearts and the Q♠ (and the J♦ with Omnibus); a player void in
  clubs who holds only barred cards may play any of them.
* A moon shot replaces only the penalty points: with Omnibus the shooter keeps the J♦'s
  −10 (so −10 under "add", −36 under "subtract").
* A shared lowest total is a shared win.
* Explicit deals list the cards seat by seat: the first 13 go to seat 0, and so on.

Actions
-------
``pass XX`` (choose a card to pass), ``play XX``, and with ``moon="choice"`` the shooter's
``moon add`` or ``moon subtract``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.agents import Agent
from ..core.cards import SUIT_SYMBOLS, Card
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State
from ..rules.deals import seat_by_seat_deal
from ..rules.tricks import (
    HEARTS_MASK,
    HIGH,
    QS,
    RANK_ORDER,
    SUIT_MASKS,
    pass_pick_events,
    pass_step,
    play_events,
    pluralise,
    sorted_cards,
    take_events,
    taken_zones,
    trick_mask,
    trick_zones,
    winning_play,
)

JD = 1 * 13 + 10
TWO_CLUBS = 1

PLAY = CardActions("play", RANK_ORDER)
PASS = CardActions("pass", RANK_ORDER)
MOON_ADD = action("moon add")
MOON_SUBTRACT = action("moon subtract")


_SEAT = ((0,), (1,), (2,), (3,))
_NEXT = ((1,), (2,), (3,), (0,))


@dataclass(frozen=True)
class HeartsOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")
    omnibus: bool = option(False, "J♦ scores −10 and is needed to shoot the moon")
    moon: str = option("add", "how a moon shot scores", choices=("add", "subtract", "choice"))
    target: int = option(100, "the game ends when a total exceeds this", min=1)


class HeartsState(State):
    """A game of Hearts in progress.  Hands are bitmasks of card indices."""

    __slots__ = (
        "_ev",
        "hands",
        "hearts_broken",
        "last_trick",
        "leader",
        "pass_sel",
        "received",
        "shooter",
        "taken",
        "trick",
        "trick_number",
        "tricks_won",
    )
    _nested_lists: ClassVar[tuple[str, ...]] = ()

    _ev: tuple[Any, Any, Any]
    hands: list[int]
    pass_sel: list[int]
    received: list[int]
    taken: list[int]
    tricks_won: list[int]
    trick: list[int]
    last_trick: tuple[int, tuple[int, ...]]
    leader: int
    trick_number: int
    hearts_broken: bool
    shooter: int

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        names = self.names
        self._ev = (play_events(names), take_events(names), pass_pick_events(names))
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.hands = [0, 0, 0, 0]
        self.pass_sel = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]
        self.tricks_won = [0, 0, 0, 0]
        self.trick = []
        self.last_trick = (-1, ())
        self.leader = -1
        self.trick_number = 0
        self.hearts_broken = False
        self.shooter = -1

    @property
    def pass_direction(self) -> str:
        return pass_step(4, self.hand_number)[0]

    # ------------------------------------------------------------- deal
    def _apply_chance(self, act: Action) -> None:
        self._reset_hand()
        cards = act.cards
        for seat in range(4):
            m = 0
            for c in cards[13 * seat : 13 * seat + 13]:
                m |= 1 << c.index
            self.hands[seat] = m
        self.chance = False
        self.log(
            "deal", self.dealer, f"{self.names[self.dealer]} deals hand {self.hand_number + 1}"
        )
        if pass_step(4, self.hand_number)[1]:
            self.phase = "pass"
            self.to_move = (0, 1, 2, 3)
            self.log("pass_start", None, f"Everyone passes three cards {self.pass_direction}")
        else:
            self.log("pass_start", None, "No passing this hand")
            self._start_play()

    @classmethod
    def deal_action(
        cls,
        game: Any,
        hands: Sequence[str | Sequence[Any]] | Mapping[int, Any],
        *,
        rng: random.Random | None = None,
    ) -> Action:
        """A deal from hands given seat by seat; missing cards are dealt at random.

        ``hands`` is a list of four hands (or a dict seat -> hand); each hand is a string
        such as ``"AS KS 2C ..."`` or a list of cards, with up to 13 cards.
        """
        return seat_by_seat_deal(game, hands, 13, rng)

    def _start_play(self) -> None:
        self.phase = "play"
        holder = next(s for s in range(4) if self.hands[s] >> TWO_CLUBS & 1)
        self.leader = holder
        self.to_move = (holder,)
        self.log("lead", holder, f"{self.names[holder]} holds the 2♣ and leads")

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        hand = self.hands[seat]
        if phase == "play":
            trick = self.trick
            if not trick:
                if self.trick_number == 0:
                    return (PLAY[TWO_CLUBS],)
                if not self.hearts_broken and hand & ~HEARTS_MASK:
                    hand &= ~HEARTS_MASK
                return PLAY.of(hand)
            led = trick[0] // 13
            follow = (hand >> (13 * led)) & 0x1FFF
            if follow:
                return PLAY.suit(led, follow)
            if self.trick_number == 0:
                ok = hand & ~self._first_trick_bar()
                if ok:
                    return PLAY.of(ok)
            return PLAY.of(hand)
        if phase == "pass":
            return PASS.of(hand & ~self.pass_sel[seat])
        if phase == "moon":
            return (MOON_ADD, MOON_SUBTRACT)
        return ()

    def _first_trick_bar(self) -> int:
        bar = HEARTS_MASK | 1 << QS
        return bar | 1 << JD if self.options.omnibus else bar

    def why_illegal(self, act: Action, seat: int) -> str:
        card = act.card
        if act.verb != self.phase or card is None:
            return ""
        hand = self.hands[seat]
        if not hand >> card.index & 1:
            return f"you don't hold {card}"
        if act.verb == "pass":
            if self.pass_sel[seat] >> card.index & 1:
                return f"you have already chosen {card} to pass"
            return "you have already chosen your three cards"
        if not self.trick:
            if self.trick_number == 0:
                return "the 2♣ must open the first trick"
            return "hearts are not broken yet: lead a heart only when you hold nothing else"
        led = self.trick[0] // 13
        if hand & SUIT_MASKS[led]:
            return f"must follow suit: you hold {SUIT_SYMBOLS[led]}"
        barred = "a heart or the Q♠" + (" or the J♦" if self.options.omnibus else "")
        return f"you can't play {barred} on the first trick while you hold any other card"

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        idx = PLAY.index.get(act)
        if idx is None:
            if act.verb == "pass":
                self._choose_pass(act.cards[0], seat)
            else:
                self._score_hand(moon_subtract=act == MOON_SUBTRACT)
            return
        # Playing a card: the hot path of every hand, kept in one function.
        self.hands[seat] &= ~(1 << idx)
        trick = self.trick
        trick.append(idx)
        plays, takes, _ = self._ev
        self.events.append(plays[seat][idx])
        if 26 <= idx < 39 and not self.hearts_broken:
            self.hearts_broken = True
            self.log("hearts_broken", seat, "Hearts are broken")
        if len(trick) < 4:
            self.to_move = _NEXT[seat]
            return
        best = winning_play(trick, trick[0] // 13)
        winner = (self.leader + best) % 4
        self.taken[winner] |= trick_mask(trick)
        self.tricks_won[winner] += 1
        self.last_trick = (self.leader, tuple(trick))
        self.trick = []
        self.trick_number += 1
        self.leader = winner
        self.events.append(takes[winner][trick[best]])
        if self.trick_number < 13:
            self.to_move = _SEAT[winner]
            return
        self._hand_done()

    def _choose_pass(self, card: Card, seat: int) -> None:
        sel = self.pass_sel[seat] | 1 << card.index
        self.pass_sel[seat] = sel
        self.events.append(self._ev[2][seat][card.index])
        if sel.bit_count() == 3:
            self.to_move = tuple(s for s in self.to_move if s != seat)
            if not self.to_move:
                self._exchange()

    def _exchange(self) -> None:
        offset = pass_step(4, self.hand_number)[1]
        sel = self.pass_sel
        for s in range(4):
            self.hands[s] &= ~sel[s]
        for s in range(4):
            t = (s + offset) % 4
            self.hands[t] |= sel[s]
            self.received[t] = sel[s]
            shown = " ".join(c.text for c in sorted_cards(sel[s]))
            self.log(
                "pass",
                s,
                f"{self.names[s]} passes three cards to {self.names[t]}",
                f"{self.names[s]} passes {shown} to {self.names[t]}",
                (s, t),
            )
        self._start_play()

    def _hand_done(self) -> None:
        omnibus = self.options.omnibus
        need = HEARTS_MASK | 1 << QS | (1 << JD if omnibus else 0)
        shooter = next((s for s in range(4) if self.taken[s] & need == need), -1)
        if shooter >= 0 and self.options.moon == "choice":
            self.shooter = shooter
            self.phase = "moon"
            self.to_move = (shooter,)
            self.log(
                "moon", shooter, f"{self.names[shooter]} shot the moon and chooses how to score"
            )
            return
        self._score_hand(moon_subtract=self.options.moon == "subtract")

    def _score_hand(self, moon_subtract: bool) -> None:
        omnibus = self.options.omnibus
        need = HEARTS_MASK | 1 << QS | (1 << JD if omnibus else 0)
        lines: list[ScoreLine] = []
        shooter = next((s for s in range(4) if self.taken[s] & need == need), -1)
        for s in range(4):
            t = self.taken[s]
            if s == shooter:
                lines.append(
                    ScoreLine(
                        s,
                        -26 if moon_subtract else 0,
                        "shot the moon" + (": −26" if moon_subtract else ""),
                    )
                )
            else:
                h = (t & HEARTS_MASK).bit_count()
                if h:
                    lines.append(ScoreLine(s, h, pluralise(h, "heart")))
                if t >> QS & 1:
                    lines.append(ScoreLine(s, 13, "the Q♠"))
                if shooter >= 0 and not moon_subtract:
                    lines.append(ScoreLine(s, 26, f"{self.names[shooter]} shot the moon"))
            if omnibus and t >> JD & 1:
                lines.append(ScoreLine(s, -10, "the J♦ bonus"))
        points = [0, 0, 0, 0]
        for line in lines:
            points[line.seat] += line.points
        if shooter >= 0:
            summary = f"{self.names[shooter]} shot the moon"
            self.log("moon", shooter, summary + (", scoring −26" if moon_subtract else ""))
        else:
            summary = "Points taken: " + ", ".join(f"{self.names[s]} {points[s]}" for s in range(4))
        self.log("hand_over", None, f"Hand {self.hand_number + 1} over. {summary}")
        self._end_hand(HandResult(self.hand_number, tuple(points), tuple(lines), summary))

    def _game_over(self) -> bool:
        return max(self.scores) > int(self.options.target)

    def _winners(self) -> tuple[int, ...]:
        low = min(self.scores)
        return tuple(s for s in range(4) if self.scores[s] == low)

    # ------------------------------------------------------ observation
    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        zones: list[Zone] = []
        for s in range(4):
            held = self.hands[s] & ~self.pass_sel[s] if self.phase == "pass" else self.hands[s]
            zones.append(
                Zone(
                    "hand",
                    s,
                    self.held_entries(sorted_cards(held), v == s, v),
                    "hand",
                    label=self.names[s],
                )
            )
        if self.phase == "pass":
            for s in range(4):
                zones.append(
                    Zone(
                        "passing",
                        s,
                        self.held_entries(sorted_cards(self.pass_sel[s]), v == s, v),
                        "row",
                        label=f"{self.names[s]} passes",
                    )
                )
        zones.extend(trick_zones(self.trick, self.leader, self.last_trick, 4))
        point_mask = HEARTS_MASK | 1 << QS | (1 << JD if self.options.omnibus else 0)
        zones.extend(taken_zones(self.taken, point_mask, self.names))
        info: dict[str, Any] = {
            "pass_direction": self.pass_direction,
            "hearts_broken": self.hearts_broken,
            "trick_number": self.trick_number + 1,
            "tricks_won": tuple(self.tricks_won),
            "hand_points": tuple(self._running_points()),
            "names": self.names,
            "target": self.options.target,
        }
        if self.leader >= 0:
            info["leader"] = self.leader
        if isinstance(v, int) and self.received[v]:
            info["received"] = sorted_cards(self.received[v])
        return self._observation(v, zones, **info)

    def _running_points(self) -> list[int]:
        out = []
        for s in range(4):
            t = self.taken[s]
            p = (t & HEARTS_MASK).bit_count() + (13 if t >> QS & 1 else 0)
            if self.options.omnibus and t >> JD & 1:
                p -= 10
            out.append(p)
        return out


# ------------------------------------------------------------------- bot
class HeartsBot(Agent):
    """Rule-of-thumb Hearts: pass danger, duck tricks, dump the Q♠ when it is safe.

    It reads only its observation: its hand, the trick, and the point cards already taken.
    """

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "pass":
            return self._pass(obs)
        if obs.phase == "moon":
            return self._moon(obs)
        return self._play(obs)

    def _pass(self, obs: Observation) -> Action:
        hand = obs.my_hand
        counts = [0, 0, 0, 0]
        for c in hand:
            counts[c.suit] += 1

        def danger(c: Card) -> float:
            high = HIGH[c.index]
            score = float(high)
            if c.suit == 3 and high >= 12:
                score += 20 if counts[3] < 5 else -5
            if c.suit == 2:
                score += 4
            if counts[c.suit] <= 2 and c.suit != 3:
                score += 6
            return score

        choices = {a.cards[0]: a for a in obs.legal}
        best = max(choices, key=lambda c: (danger(c), c.index))
        return choices[best]

    def _moon(self, obs: Observation) -> Action:
        me = obs.seat or 0
        add = [v + (0 if s == me else 26) for s, v in enumerate(obs.scores)]
        ends = max(add) > obs.info.get("target", 100)
        if ends and min(add) < add[me]:
            return MOON_SUBTRACT
        return MOON_ADD

    def _play(self, obs: Observation) -> Action:
        legal = obs.legal
        cards = [a.cards[0] for a in legal]
        trick = obs.zone("trick").faces
        queen_out = any(c.index == QS for z in obs.zones if z.name == "taken" for c in z.faces)

        def pick(card: Card) -> Action:
            return legal[cards.index(card)]

        def high(c: Card) -> int:
            return HIGH[c.index]

        if not trick:
            # Lead low, away from hearts and from high spades while the queen is still out.
            def lead_key(c: Card) -> tuple[int, int]:
                risky = c.suit == 2 or (c.suit == 3 and high(c) >= 12 and not queen_out)
                return (1 if risky else 0, high(c))

            return pick(min(cards, key=lead_key))
        led = trick[0].suit
        winning = max((c for c in trick if c.suit == led), key=high)
        if cards[0].suit == led:
            under = [c for c in cards if high(c) < high(winning)]
            if under:
                return pick(max(under, key=high))
            points = any(c.suit == 2 or c.index == QS for c in trick)
            safe = [c for c in cards if c.index != QS] or cards
            if len(trick) == 3 and not points:
                return pick(max(safe, key=high))
            return pick(min(safe, key=high))
        # Void in the led suit: throw the most dangerous card.
        for c in cards:
            if c.index == QS:
                return pick(c)

        def dump_key(c: Card) -> tuple[int, int]:
            if c.suit == 3 and high(c) > 12 and not queen_out:
                return (3, high(c))
            return (2 if c.suit == 2 else 1, high(c))

        return pick(max(cards, key=dump_key))


GAME = GameSpec(
    name="hearts",
    title="Hearts",
    family="trick-taking",
    players=(4,),
    summary="Avoid taking hearts and the Q♠ in tricks, or take them all to shoot the moon.",
    state_class=HeartsState,
    options_class=HeartsOptions,
    version=1,
    deck="standard 52",
    bots={"heuristic": HeartsBot},
    source="denexa-classics.txt (Hearts)",
)
