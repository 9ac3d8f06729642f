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
{options}

Rulings
-------
* Passing is simultaneous: each seat picks its three cards one at a time with
  ``pass <card>``; nobody sees another seat's choice until all twelve are chosen, only
  how many cards each seat has chosen so far.
* Any heart played to a trick breaks hearts, including a heart led from an all-heart hand;
  the Q♠ does not break them.
* The first-trick bar covers hearts and the Q♠ (and the J♦ with Omnibus); a player void in
  clubs who holds only barred cards may play any of them.
* A moon shot replaces only the penalty points: with Omnibus the shooter keeps the J♦'s
  −10 (so −10 under "add", −36 under "subtract").
* A shared lowest total is a shared win.
* A game stops after ``max_hands`` hands (default 100) if no total has gone past the
  target, and the lowest total wins.  Hands hand out 26 points, so a game to 100 takes
  about a dozen of them (15 at most in our measurements): the cap only ends a game whose
  target is set out of reach.
* Explicit deals list the cards seat by seat: ``game.deal(hands=[...])``, 13 per seat.

Actions
-------
``pass XX`` (choose a card to pass), ``play XX``, and with ``moon="choice"`` the shooter's
``moon add`` or ``moon subtract``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import Card
from ..core.observation import Observation
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import GameSpec, TableLayout
from ..rules.deals import DealRule, each_seat
from ..rules.passing import SecretPick, hand_over_cards, pass_lines, pass_step, picked_cards
from ..rules.tricks import HEARTS_MASK, HIGH, QS, TrickGame, sorted_cards

JD = 1 * 13 + 10
MOON_ADD = action("moon add")
MOON_SUBTRACT = action("moon subtract")
PENALTIES = HEARTS_MASK | 1 << QS


@dataclass(frozen=True)
class HeartsOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")
    omnibus: bool = option(
        False,
        "the J♦ scores −10 to whoever takes it; it is barred from the first trick like the "
        "penalty cards, and a moon shot must include it",
    )
    moon: str = option(
        "add",
        "how a moon shot scores: +26 to each opponent (add), −26 to the shooter (subtract), "
        "or the shooter's choice after the last trick (choice)",
        choices=("add", "subtract", "choice"),
    )
    target: int = option(100, "the game ends once a total goes past this", min=1, max=1_000)
    max_hands: int = option(
        100,
        "the game stops after this many hands if no total has gone past the target; the "
        "lowest total then wins",
        min=1,
        max=10_000,
    )
    deck: str = option(
        "standard", "'foresight' plays with Foresight backs: every hidden card shows its suits"
    )


class HeartsState(TrickGame):
    """A game of Hearts in progress.  Hands are bitmasks of card indices."""

    __slots__ = ("chosen", "received", "shooter")

    BREAKS = HEARTS_MASK
    FIRST_BAR = PENALTIES
    DEAL = DealRule(each_seat(hand=13))

    chosen: list[int]
    received: list[int]
    shooter: int

    def setup(self) -> None:
        super().setup()
        if self.options.omnibus:
            self.first_bar = PENALTIES | 1 << JD

    def bar_text(self) -> str:
        return "a heart, the Q♠ or the J♦" if self.options.omnibus else "a heart or the Q♠"

    def reset_hand(self) -> None:
        super().reset_hand()
        self.chosen = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.shooter = -1

    @property
    def pass_direction(self) -> str:
        return pass_step(4, self.hand_number)[0]

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.log(
            "deal", self.dealer, f"{self.names[self.dealer]} deals hand {self.hand_number + 1}"
        )
        direction, offset = pass_step(4, self.hand_number)
        if offset:
            self.phase = self.PASS
            self.to_move = (0, 1, 2, 3)
            self.log("pass_start", None, f"Everyone passes three cards {direction}", to=direction)
        else:
            self.log("pass_start", None, "No passing this hand", to="hold")
            self._start_play()

    def _exchange(self) -> None:
        offset = pass_step(4, self.hand_number)[1]
        chosen = self.chosen
        self.received = hand_over_cards(self.hands, chosen, offset)
        lines = pass_lines(self.names, offset, "three cards")
        for s in range(4):
            t, said, head, tail = lines[s]
            cards, text = picked_cards(chosen[s])
            self.log("pass", s, said, head + text + tail, (s, t), hidden=cards, to=t)
        self.chosen = [0, 0, 0, 0]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = self.PLAY
        self.open_lowest(0)  # every card is dealt: the 2♣ opens

    # ---------------------------------------------------------- scoring
    def _need(self) -> int:
        return PENALTIES | (1 << JD if self.options.omnibus else 0)

    def hand_played(self) -> None:
        need = self._need()
        shooter = next((s for s in range(4) if self.taken[s] & need == need), -1)
        if shooter >= 0 and self.options.moon == "choice":
            self.shooter = shooter
            self.phase = self.MOON
            self.to_move = (shooter,)
            self.log(
                "moon", shooter, f"{self.names[shooter]} shot the moon and chooses how to score"
            )
            return
        self._score(moon_subtract=self.options.moon == "subtract")

    def _moon(self, act: Action, seat: int) -> None:
        self._score(moon_subtract=act == MOON_SUBTRACT)

    def _score(self, moon_subtract: bool) -> None:
        need = self._need()
        omnibus = self.options.omnibus
        names = self.names
        shooter = next((s for s in range(4) if self.taken[s] & need == need), -1)
        for s in range(4):
            t = self.taken[s]
            h = (t & HEARTS_MASK).bit_count()
            q = 13 if t >> QS & 1 else 0
            j = -10 if omnibus and t >> JD & 1 else 0
            if s == shooter:
                said = "shot the moon" + (": −26" if moon_subtract else "")
                self.award(s, -26 if moon_subtract else 0, said)
            else:
                if h:
                    self.award(s, h, plural(h, "heart"))
                if q:
                    self.award(s, 13, "the Q♠")
                if shooter >= 0 and not moon_subtract:
                    self.award(s, 26, f"{names[shooter]} shot the moon")
            if j:
                self.award(s, -10, "the J♦ bonus")
        if shooter >= 0:
            summary = f"{names[shooter]} shot the moon"
            self.log(
                "moon",
                shooter,
                summary + (", scoring −26" if moon_subtract else ""),
                shooter=shooter,
            )
        else:
            taken = self._hand_points()
            summary = "Points taken: " + ", ".join(f"{names[s]} {taken[s]}" for s in range(4))
        self.end_hand(summary)

    def _hand_points(self) -> list[int]:
        out = []
        for t in self.taken:
            p = (t & HEARTS_MASK).bit_count() + (13 if t >> QS & 1 else 0)
            if self.options.omnibus and t >> JD & 1:
                p -= 10
            out.append(p)
        return out

    def game_over(self) -> bool:
        return max(self.scores) > int(self.options.target)

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "pass":
            return {"chosen": self.PICK.picked_text(self, seat)}
        if self.phase == "deal":
            return {}
        return {"tricks": self.tricks_won[seat], "points": self._hand_points()[seat]}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        passing = self.phase == "pass"
        zones = self.hand_zones(view, self.chosen if passing else None)
        if passing:
            zones += [self.PICK.zone(self, view, s, f"{self.names[s]} passes") for s in range(4)]
        zones += self.trick_zones()
        zones += self.taken_zones(self._need(), "{name}'s point cards")
        info: dict[str, Any] = {
            "pass_direction": self.pass_direction,
            "hearts_broken": self.broken,
            "trick_number": self.trick_number + 1,
            "target": self.options.target,
        }
        if self.leader >= 0:
            info["leader"] = self.leader
        if view.seat is not None and self.received[view.seat]:
            info["received"] = sorted_cards(self.received[view.seat])
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ phases
    PICK = SecretPick("pass", 3, _exchange)
    PASS = Phase(
        "pass",
        PICK.legal,
        PICK.apply,
        PICK.why,
        lambda st, seat: (
            f"Choose {plural(st.PICK.remaining(st, seat), 'more card')} to pass "
            f"{st.pass_direction} to {st.names[(seat + pass_step(4, st.hand_number)[1]) % 4]}"
        ),
    )
    PLAY = TrickGame.play_phase()
    MOON = Phase(
        "moon",
        lambda state, seat: (MOON_ADD, MOON_SUBTRACT),
        _moon,
        prompt="You shot the moon: add 26 to each opponent's total, or take 26 off yours",
    )


# ------------------------------------------------------------------- bot
class HeartsBot(PhaseBot):
    """Rule-of-thumb Hearts: pass danger, duck tricks, dump the Q♠ when it is safe.

    It reads only its observation: its hand, the trick, and the point cards already taken.
    """

    name = "heuristic"

    @on(
        "pass",
        why=(
            "pass the riskiest cards: high spades while short in spades, high hearts, and cards "
            "of a short suit"
        ),
    )
    def pass_card(self, obs: Observation) -> Action:
        counts = [0, 0, 0, 0]
        for c in obs.my_hand:
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
        return choices[max(choices, key=lambda c: (danger(c), c.index))]

    @on("moon", why="add 26 to everyone else unless that ends the game with someone else ahead")
    def moon(self, obs: Observation) -> Action:
        me = obs.seat or 0
        add = [v + (0 if s == me else 26) for s, v in enumerate(obs.scores)]
        ends = max(add) > obs.info.get("target", 100)
        if ends and min(add) < add[me]:
            return MOON_SUBTRACT
        return MOON_ADD

    @on(
        "play",
        why=(
            "play just under the winning card when possible, lead low away from hearts, and when "
            "void throw the Q♠ or the most dangerous card"
        ),
    )
    def play(self, obs: Observation) -> Action:
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


GAME = register(
    GameSpec(
        name="hearts",
        title="Hearts",
        family="trick-taking",
        players=(4,),
        summary="Avoid taking hearts and the Q♠ in tricks, or take them all to shoot the moon.",
        state_class=HeartsState,
        options_class=HeartsOptions,
        version=2,
        deck="standard 52",
        bots={"heuristic": HeartsBot},
        source="denexa-classics.txt (Hearts)",
        layout=TableLayout(
            center=("trick", "last_trick"), compact=("taken", "passing"), small=("last_trick",)
        ),
        bench_target=4_000,
        variants={
            "omnibus": {"omnibus": True},
            "moon subtracts": {"moon": "subtract"},
            "Foresight deck": {"deck": "foresight"},
        },
        lower_is_better=True,
    )
)
