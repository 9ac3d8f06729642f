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
the best card in the led suit takes the trick.  Hearts cannot be led before one has been
played unless the leader's hand holds only hearts (a hole card led blind may be a heart
anyway).  The first trick takes no point card (a heart, the Q♠ or the 10♦) unless it
arrives from a hole or the player's hand holds nothing but point cards.

Scoring: whoever takes every heart and the Q♠ has shot the moon and scores 26, the others
nothing (the 10♦ does not matter).  Otherwise each player's *take* is 1 per heart, +13 for
the Q♠ and −10 for the 10♦; each player scores the highest take at the table minus their
own take, but a player who took neither a heart nor the Q♠ scores 0.  The game ends when
someone reaches 50; the highest total wins, and a tie for the highest means another hand.

Options
-------
{options}

The player count (3, 4, 5 or 6; default 4) is given to :func:`cardlab.load`.

Rulings
-------
* Hole cards' backs are public; their faces stay hidden from everyone, their owner too,
  until played.  The passer alone knows the face of the hole card it gave (RULINGS.md).
* Passing is simultaneous and secret: a seat's chosen cards stay in its hand as far as the
  other seats can see (not even their backs are shown, only how far each seat is) until
  every seat has chosen (RULINGS.md).  A seat picks its cards one at a time, then the one
  that the receiver gets face down as a hole card.  Hole cards are never passed.
* On a hold hand the second hole card is part of each seat's even share of the deal (the
  deck is already dealt out), so every seat still holds the same number of cards.
* A hole card is named by its place in the row as the row lies now, counted from 1:
  ``play hole 1`` plays the first.  The row keeps its order (the dealt hole card first,
  then the one received in the pass, or the second dealt one on a hold hand) and closes
  up when a card leaves it.
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
* ``max_hands`` (default 100) stops a game that has not ended, and the highest total
  wins; there a tie for it is a shared win.  A game to 50 takes 4 to 6 hands (10 at most
  in our measurements), so the cap only ends one whose target is out of reach.
* Explicit deals list the cards seat by seat, each seat's hole card(s) first, then its
  hand: ``game.deal(hands, holes)`` for a hand that passes, ``game.deal(hands, holes,
  hold=True)`` for a hold hand.  A deal written for the other kind of hand is refused
  when it is applied.

Actions
-------
``pass XX`` (choose a card to pass), ``hole XX`` (which chosen card becomes the receiver's
hole card), ``play XX`` (a card from hand) and ``play hole N`` (play the N-th card of your
hole row without knowing its face).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, design_suits, get_deck, mask_of, parse_cards
from ..core.observation import Back, Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..rules.deals import DealRule, each_seat
from ..rules.passing import PASS_CYCLES as PASS_CYCLES
from ..rules.passing import SecretPick, hand_over_cards, pass_step
from ..rules.tricks import CLASS_TOP, HEARTS_MASK, HIGH, QS, HoleTrickGame, sorted_cards

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
class HeartburnOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    deck: str = option(
        "foresight",
        "the Foresight deck; a back table of your own registered with "
        "register_foresight(..., name='mine') is played as 'mine'",
    )
    target: int = option(
        50,
        "the game ends after a hand in which a total reaches this and one seat alone has "
        "the highest total",
        min=1,
        max=500,
    )
    max_hands: int = option(
        100,
        "the game stops after this many hands if it has not ended; the highest total then "
        "wins (a tie for it shares the win)",
        min=1,
        max=10_000,
    )


# ------------------------------------------------------------------ deal
def _in_play(game: Game) -> list[Card]:
    out = REMOVED[game.players]
    return [c for c in game.deck.cards if c not in out]


def _holes(game: Game, variant: str) -> int:
    return 2 if variant == "hold" else 1


def _hand(game: Game, variant: str) -> int:
    return (52 - len(REMOVED[game.players])) // game.players - _holes(game, variant)


def _variant(state: Any) -> str:
    return "pass" if pass_step(state.players, state.hand_number)[1] else "hold"


class HeartburnState(HoleTrickGame):
    """A game of Heartburn in progress.  Hands are bitmasks of card indices."""

    __slots__ = ("chosen", "marked", "received")

    BREAKS = HEARTS_MASK
    FIRST_BAR = POINTS_MASK
    BAR_LEADS = True
    DEAL = DealRule(
        each_seat(hole=_holes, hand=_hand),
        cards=_in_play,
        variant=_variant,
        variants={
            "pass": "a hand that passes (one hole card each)",
            "hold": "a hold hand (two hole cards each)",
        },
        positional=("hands", "holes"),
    )

    chosen: list[int]
    marked: list[int]
    received: list[int]

    def reset_hand(self) -> None:
        super().reset_hand()
        n = self.players
        self.chosen = [0] * n
        self.marked = [-1] * n
        self.received = [0] * n

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
        return self.tricks

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        n = self.players
        self.set_holes([dealt.indices("hole", s) for s in range(n)])
        self.hands = dealt.masks("hand")
        holes = len(self.holes[0])
        names = self.names
        self.log(
            "deal",
            self.dealer,
            f"{names[self.dealer]} deals hand {self.hand_number + 1}, "
            f"{plural(holes, 'hole card')} each",
            holes=holes,
        )
        direction, offset = pass_step(n, self.hand_number)
        if offset:
            self.phase = self.PASS
            self.to_move = tuple(range(n))
            self.log(
                "pass_start",
                None,
                f"Everyone passes {self.pass_count} cards {direction}, "
                "one of them as the receiver's hole card",
                to=direction,
            )
        else:
            self.log(
                "pass_start", None, "Hold hand: no passing, a second hole card each", to="hold"
            )
            self._start_play()

    # ---------------------------------------------------------- passing
    def _pass_why(self, act: Action, seat: int) -> str:
        card = act.card
        if act.verb == "pass" and card is not None and card.index in self.holes[seat]:
            return "hole cards are never passed: pass cards from your hand"
        if act.verb == "play":
            return "the cards are not played until passing is over"
        return self.PICK.why(self, act, seat)

    def _pass_prompt(self, seat: int) -> str:
        receiver = self.names[(seat + self.pass_offset) % self.players]
        if self.PICK.marking(self, seat):
            return f"Choose which of your passed cards {receiver} gets face down as a hole card"
        more = plural(self.PICK.remaining(self, seat), "more card")
        return f"Choose {more} to pass {self.pass_direction} to {receiver}"

    def _exchange(self) -> None:
        n = self.players
        offset = self.pass_offset
        marked = self.marked
        self.received = got = hand_over_cards(
            self.hands, self.chosen, offset, [1 << marked[s] for s in range(n)]
        )
        names = self.names
        back_of = self.game.deck.back_of
        count = plural(self.pass_count, "card")
        for s in range(n):
            t = (s + offset) % n
            self.lay_in_hole(t, marked[s], s)
            back = back_of(CARDS[marked[s]])
            cards = sorted_cards(got[t])
            self.log(
                "pass",
                s,
                f"{names[s]} passes {count} to {names[t]}, one of them face down as a hole "
                f"card [{back}]",
                f"{names[s]} passes {' '.join(c.text for c in cards)} to {names[t]}, and a "
                f"hole card [{back}]",
                (s, t),
                hidden=cards,
                to=t,
            )
        self.chosen = [0] * n
        self._start_play()

    def _start_play(self) -> None:
        self.phase = self.PLAY
        if self.open_lowest(0) < 0:
            seat = (self.dealer + 1) % self.players
            self.lead(seat)
            self.log(
                "lead", seat, f"No hand holds a club: {self.names[seat]} leads the first trick"
            )

    # ---------------------------------------------------------- scoring
    def hand_played(self) -> None:
        n = self.players
        taken = self.taken
        names = self.names
        shooter = next((s for s in range(n) if taken[s] & BAD_MASK == BAD_MASK), -1)
        if shooter >= 0:
            for s in range(n):
                if s == shooter:
                    self.award(s, 26, "shot the moon (every heart and the Q♠)")
                else:
                    self.award(s, 0, f"{names[shooter]} shot the moon")
            self.end_hand(f"{names[shooter]} shot the moon", shooter)
            return
        takes = [take_of(t) for t in taken]
        high = max(takes)
        top = " and ".join(names[s] for s in range(n) if takes[s] == high)
        for s in range(n):
            if not taken[s] & BAD_MASK:
                extra = " (the 10♦ alone does not count)" if taken[s] >> TD & 1 else ""
                self.award(s, 0, f"took no heart and not the Q♠{extra}: scores 0")
                continue
            self.award(s, high, f"highest take ({top})")
            self.award(s, -takes[s], f"own take: {_describe(taken[s])}")
        points = hand_scores(taken)
        summary = "Takes: " + ", ".join(f"{names[s]} {takes[s]}" for s in range(n))
        summary += "; scores: " + ", ".join(f"{names[s]} {points[s]}" for s in range(n))
        self.end_hand(summary)

    def game_over(self) -> bool:
        best = max(self.scores)
        return best >= int(self.options.target) and self.scores.count(best) == 1

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "pass":
            return {"passing": self.PICK.picked_text(self, seat)}
        if self.phase == "deal":
            return {}
        return {"tricks": self.tricks_won[seat], "take": take_of(self.taken[seat])}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        n = self.players
        passing = self.phase == "pass"
        zones = self.hand_zones(view, self.chosen if passing else None)
        zones += self.hole_zones(view)
        if passing:
            zones += [self.PICK.zone(self, view, s, f"{self.names[s]} passes") for s in range(n)]
        zones += self.trick_zones()
        zones += self.taken_zones(POINTS_MASK, "{name}'s point cards")
        zones.append(Zone("out", None, REMOVED[n], "row", label="out of the deck"))
        info: dict[str, Any] = {
            "pass_direction": self.pass_direction,
            "pass_count": self.pass_count,
            "hearts_broken": self.broken,
            "trick_number": self.trick_number + 1,
            "target": self.options.target,
            "deck": self.options.deck,
        }
        if self.leader >= 0:
            info["leader"] = self.leader
        v = view.seat
        if v is not None:
            if self.received[v]:
                info["received"] = sorted_cards(self.received[v])
            if passing and self.marked[v] >= 0:
                info["hole_choice"] = CARDS[self.marked[v]]
            gave = self.hole_known[v]
            if gave:
                info["gave_hole"] = CARDS[gave.bit_length() - 1]
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ phases
    PICK = SecretPick(
        "pass",
        lambda st: PASS_COUNT[st.players],
        _exchange,
        mark="hole",
        mark_what="the receiver gets face down as a hole card",
        mark_label="hole card",
    )
    PASS = Phase("pass", PICK.legal, PICK.apply, _pass_why, _pass_prompt)
    PLAY = HoleTrickGame.play_phase(
        "Play a card to the trick: from your hand, or a hole card by its place in the row"
    )


def _describe(mask: int) -> str:
    parts = []
    h = (mask & HEARTS_MASK).bit_count()
    if h:
        parts.append(f"{plural(h, 'heart')} (+{h})")
    if mask >> QS & 1:
        parts.append("the Q♠ (+13)")
    if mask >> TD & 1:
        parts.append("the 10♦ (−10)")
    return ", ".join(parts) + f" = {take_of(mask)}"


# ------------------------------------------------------------------- bot
class HeartburnBot(PhaseBot):
    """Greedy Heartburn: aim for a small take that is not the highest.

    Each play is judged by the hand score it would leave (the highest take minus its own,
    or nothing while it has taken no heart and not the Q♠), averaged over what a hole
    card could be (the unseen cards with that back).  Backs of the other seats' hands and
    hole cards tell it who may still hold the suit led and how high.  It passes the Q♠ and
    its lowest cards otherwise (keeping the high cards that win the odd heart and the 10♦),
    and makes the Q♠, when it passes it, the receiver's hole card.  It reads only its
    observation.
    """

    name = "heuristic"
    #: Share of the points still out that the highest other take is expected to gain.
    share = 0.5
    #: Worth of a take while not yet eligible, as a share of the eligible worth.
    hope = 0.6
    #: Points a seat void in the suit led is expected to throw on a trick.
    dump = 1.0

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

    @on(
        "pass",
        why=(
            "pass the Q♠ first, then the lowest cards; keep high cards, which win the odd "
            "trick a score needs, and the 10♦"
        ),
    )
    def pass_card(self, obs: Observation) -> Action:
        """A card to pass, or (once all are chosen) the one that becomes a hole card."""
        me = obs.seat or 0
        passing = obs.zone("passing", me).faces
        counts = [0, 0, 0, 0]
        for c in (*obs.my_hand, *passing):
            counts[c.suit] += 1
        choices = {a.cards[0]: a for a in obs.legal}
        best = max(choices, key=lambda c: (self._danger(c, counts), c.index))
        return choices[best]

    # -------------------------------------------------------------- play
    @on(
        "play",
        why=(
            "keep your take below the highest at the table, weighing each card by its chance "
            "to win the trick from what the backs show"
        ),
    )
    def play(self, obs: Observation) -> Action:
        me = obs.seat or 0
        n = obs.players
        info = obs.info
        deck = get_deck(str(info.get("deck", "foresight")))
        backs = deck.back_suits
        trick_zone = obs.zone("trick")
        trick = list(trick_zone.faces)
        trick_seats = list(trick_zone.seats)
        takes = [obs.value(s, "take", 0) for s in range(n)]
        taken_faces = [obs.zone("taken", s).faces for s in range(n)]
        bad = [any(c.suit == 2 or c.index == QS for c in cs) for cs in taken_faces]

        # Cards whose place is known to this seat: the rest are where backs say they may be.
        known = set(obs.my_hand) | set(trick) | set(obs.zone("out").faces)
        for z in obs.zones:
            if z.name in ("taken", "hole", "last_trick"):
                known |= set(z.faces)
        for ev in obs.history:
            if ev.kind == "play":
                known |= set(ev.cards)

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
        scored: list[tuple[float, int, Action]] = []
        for i, a in enumerate(obs.legal):
            if a.cards:
                v = value(a.cards[0])
            else:
                entry = my_holes[int(a.args[1]) - 1]
                mask = design_suits(entry.design) if isinstance(entry, Back) else 0
                faces = candidates(mask) or [c for c in CARDS[:52] if backs(c) == mask]
                v = sum(value(f) for f in faces) / len(faces) if faces else -5.0
                v += 0.1  # unknown cards are better gone before they are forced
            scored.append((v, -i, a))
        return max(scored)[2]


GAME = register(
    GameSpec(
        name="heartburn",
        title="Heartburn",
        family="trick-taking",
        players=(3, 4, 5, 6),
        summary="Hearts on the Foresight deck with hole cards: take a little, never the most.",
        state_class=HeartburnState,
        options_class=HeartburnOptions,
        version=2,
        deck="foresight 52 (low cards removed for 3, 5, 6)",
        bots={"heuristic": HeartburnBot},
        source="foresight-deck-games.txt (Heartburn)",
        default_players=4,
        layout=TableLayout(
            center=("trick", "last_trick", "out"),
            compact=("taken", "hole", "passing"),
            small=("last_trick",),
        ),
        related=(("hearts", "classic"),),
        bench_target=2_500,
        variants={
            "3 players": {"players": 3},
            "5 players": {"players": 5},
            "6 players": {"players": 6},
        },
    )
)
