"""Bouncers: every trick wins a heart from a pile; dodge the dear ones, catch the bouncers.

Rules in brief
--------------
The thirteen hearts are set apart, shuffled and stacked face down, and the top one is
turned face up.  The other 39 cards go out thirteen to each of the three players.  Ace
is the best rank, then King, Queen and so on down to the Two.

The player to the dealer's left leads the first trick with any card.  The others follow
suit if they can and play anything if they cannot.  Suits do not decide the trick: the
card of the highest rank wins it, and among cards of that rank the one played latest
wins.  The trick's winner throws the trick away, takes the face-up heart from the pile,
lays it face up in front of them, turns up the next heart and leads again.  Thirteen
tricks take the thirteen hearts.

Scoring.  Hearts from the Two to the Ten and the Ace are *counters*: each costs its
number, and the Ace 11.  The Jack, Queen and King are *bouncers*: each one wipes out one
counter of the same player (the dearest, of course).  A bouncer left with no counter to
wipe out costs 25 on its own.  So the 5♥ and 8♥ cost 13 with no bouncer, 5 with one, 0
with two and 25 with all three.

Totals carry over from deal to deal and the deal moves one seat to the left.  After a
deal in which some total has reached the target (100), the game is over and the lowest
total wins.

Options
-------
{options}

Rulings
-------
* Trick ranks run Ace (high) down to Two; the trick goes to the highest rank whatever its
  suit, and of equal ranks the one played last wins (RULINGS.md).
* ``bouncers="by_rank"`` (the text's Variant 2) settles each bouncer in a fixed order
  (RULINGS.md): the Queen first, wiping out the last counter its taker won before it
  (costing 25 when there was none); then the King, the dearest counter left; then the
  Jack, the cheapest counter left.  No counter is wiped out twice, and a King or Jack with
  none left costs 25.
* ``open_pile=True`` (Variant 1) lays the whole pile face up in its order from the deal
  on (RULINGS.md); the table shows it as a row, next heart first.
* The heart a trick wins is the one face up when the trick starts; everyone sees it, and
  the prompt names it.
* With the default rule the bouncers cancel the dearest counters, whatever the order they
  were won in.  The score lines pair the King, Queen and Jack with the counters dearest
  first, so a bouncer without a counter is named from the Jack up; the total is the same
  whichever pairing one writes down.
* A seat's figure ``points`` is what its hearts would cost if the deal ended now.
* The game ends after a deal in which some total reaches ``target``; players sharing the
  lowest total share the win (RULINGS.md).  Every deal hands out at least 35 points, so a
  game always ends: to 100 within nine deals.  ``max_hands`` (default 100 deals) still
  caps it, like every game, and the lowest total then wins.
* The trick cards themselves are thrown away: only the hearts count, and the cards played
  stay public in the hand's history.
* Explicit deals list the hands seat by seat and the hearts in the order they will be
  turned: ``game.deal([north, east, west], hearts="7H JH ...")``; hearts not given are
  shuffled into the pile under the given ones.

Search worlds: the cards a seat cannot see (the other two hands and, with the pile face
down, the order of the hearts under the face-up one) are dealt at random, honouring the
suits each player has shown void in.

Actions
-------
``play XX`` (put a card on the trick).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, SUIT_MASKS, Card
from ..core.events import Event, event
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.deals import DealRule, each_seat, pile
from ..rules.tricks import HEARTS_MASK, HIGH, TrickGame, event_table
from ..rules.worlds import assign, bits, deal_action, replay, resume, retry, seat_of

HEARTS = 2
#: Penalty of each heart by its rank within the suit (index % 13): Ace 11, Two to Ten at
#: face value; the bouncers (Jack, Queen, King) count nothing by themselves.
VALUE = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0)
JACK, QUEEN, KING = 10, 11, 12
#: What a bouncer costs when it has no counter to wipe out.
UNUSED = 25
RULES = ("highest", "by_rank")


def is_bouncer(idx: int) -> bool:
    """True for the J♥, Q♥ and K♥ (by card index)."""
    return idx % 13 >= JACK


def value(idx: int) -> int:
    """What a heart (by card index) costs as a counter: 11 for the Ace, else its number."""
    return VALUE[idx % 13]


def score_lines(hearts: Sequence[int], rule: str = "highest") -> list[tuple[int, str]]:
    """The score lines of one player's hearts (card indices, in the order won).

    ``rule`` is ``"highest"`` (each bouncer wipes out the dearest counter left) or
    ``"by_rank"`` (Queen, then King, then Jack: see the module's Rulings).
    """
    counters = [c for c in hearts if not is_bouncer(c)]
    bouncers = [c for c in hearts if is_bouncer(c)]
    out: list[tuple[int, str]] = []
    if counters:
        total = sum(value(c) for c in counters)
        names = " ".join(CARDS[c].text for c in sorted(counters, key=value, reverse=True))
        out.append((total, f"counters {names}"))
    left = sorted(counters, key=value, reverse=True)  # dearest first
    if rule == "by_rank":
        order = {QUEEN: 0, KING: 1, JACK: 2}
        for b in sorted(bouncers, key=lambda c: order[c % 13]):
            rank = b % 13
            if rank == QUEEN:
                before = [c for c in hearts[: list(hearts).index(b)] if not is_bouncer(c)]
                target = before[-1] if before else -1
            elif rank == KING:
                target = left[0] if left else -1
            else:
                target = left[-1] if left else -1
            out.append(_cancel(b, target))
            if target >= 0:
                left.remove(target)
        return out
    for b in sorted(bouncers, key=lambda c: -(c % 13)):  # King, Queen, Jack
        target = left.pop(0) if left else -1
        out.append(_cancel(b, target))
    return out


def _cancel(bouncer: int, counter: int) -> tuple[int, str]:
    b = CARDS[bouncer].text
    if counter < 0:
        return UNUSED, f"the {b} has no counter to wipe out"
    return -value(counter), f"the {b} wipes out the {CARDS[counter].text}"


def penalty(hearts: Sequence[int], rule: str = "highest") -> int:
    """What one player's hearts (card indices, in the order won) cost."""
    return sum(p for p, _ in score_lines(hearts, rule))


@dataclass(frozen=True)
class BouncersOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    bouncers: str = option(
        "highest",
        "how the J♥, Q♥ and K♥ wipe out counters: each the dearest counter left (highest), "
        "or Variant 2 (by_rank): the Q♥ the last counter won before it, then the K♥ the "
        "dearest and the J♥ the cheapest left",
        choices=RULES,
    )
    open_pile: bool = option(
        False,
        "Variant 1: the whole hearts pile lies face up, so everyone sees the order the "
        "hearts will come in",
    )
    target: int = option(
        100, "the game ends after a deal in which some total reaches this", min=1, max=1_000
    )
    max_hands: int = option(
        100,
        "the game stops after this many deals if no total has reached the target; the "
        "lowest total then wins",
        min=1,
        max=10_000,
    )


# ---------------------------------------------------------------- narration
#: "The 7♥ is turned up": one shared event per card index (events never change).
_TURNED = tuple(
    event("turn", None, f"The {c.text} is turned up on the hearts pile", cards=(c,))
    for c in CARDS[:52]
)


class BouncersState(TrickGame):
    """A game of Bouncers in progress.  Hands are bitmasks; the pile is a list, top last."""

    __slots__ = ("_wins", "pile", "won")

    WINNER = "rank"
    DEAL = DealRule(each_seat(hand=13), pile("hearts", 13, only=HEARTS_MASK))

    pile: list[int]
    won: list[list[int]]
    _wins: tuple[tuple[Event, ...], ...]

    def setup(self) -> None:
        super().setup()
        self._wins = event_table(self.names, "heart", "{name} takes the {card}")

    def tricks_per_hand(self) -> int:
        return 13

    def reset_hand(self) -> None:
        super().reset_hand()
        self.pile = []
        self.won = [[], [], []]

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        order = dealt.indices("hearts")  # in the order they will be turned
        self.pile = order[::-1]
        names = self.names
        self.log("deal", self.dealer, f"{names[self.dealer]} deals hand {self.hand_number + 1}")
        if self.options.open_pile:
            cards = tuple(CARDS[c] for c in order)
            self.log(
                "spread",
                None,
                "The hearts lie face up, in the order they will be won: "
                + " ".join(c.text for c in cards),
                cards=cards,
            )
        else:
            self._turn()
        leader = (self.dealer + 1) % 3
        self.phase = self.PLAY
        self.lead(leader)
        self.log("lead", leader, f"{names[leader]} leads the first trick")

    def _turn(self) -> None:
        """Turn up the top heart of the pile."""
        self.events.append(_TURNED[self.pile[-1]])

    # ------------------------------------------------------------- play
    def _play(self, act: Action, seat: int) -> None:
        before = self.trick_number
        self.play_apply(act, seat)
        if self.trick_number != before and self.pile:
            self._capture(self.leader)  # the last trick's heart is taken in hand_played

    def _capture(self, winner: int) -> None:
        """The trick's winner takes the face-up heart; the next one is turned up."""
        idx = self.pile.pop()
        self.won[winner].append(idx)
        self.events.append(self._wins[winner][idx])
        if self.pile and not self.options.open_pile:
            self.events.append(_TURNED[self.pile[-1]])

    def missing_why(self, card: Card, seat: int) -> str:
        if card.suit == HEARTS:
            return "the hearts are never in a hand: they make up the pile the tricks win"
        return super().missing_why(card, seat)

    def _prompt(self, seat: int) -> str:
        if not self.pile:
            return "Play a card to the trick"
        return f"Play a card to the trick; its winner takes the {CARDS[self.pile[-1]].text}"

    # ---------------------------------------------------------- scoring
    def hand_played(self) -> None:
        self._capture(self.leader)
        rule = self.options.bouncers
        names = self.names
        got = []
        for s in range(3):
            lines = score_lines(self.won[s], rule)
            for points, reason in lines:
                self.award(s, points, reason)
            got.append(sum(p for p, _ in lines))
        self.end_hand("Penalties: " + ", ".join(f"{names[s]} {got[s]}" for s in range(3)))

    def game_over(self) -> bool:
        return max(self.scores) >= int(self.options.target)

    # ------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if self.phase == "deal":
            return {}
        return {
            "tricks": self.tricks_won[seat],
            "points": penalty(self.won[seat], self.options.bouncers),
        }

    def pile_zone(self, view: Any) -> Zone:
        """The hearts pile: face down under its face-up top, or a face-up row (Variant 1)."""
        if self.options.open_pile:
            row = tuple(CARDS[c] for c in reversed(self.pile))
            return Zone("hearts", None, row, "row", label="hearts to come, next first")
        pile = self.pile
        under = tuple(view.back(CARDS[c]) for c in pile[:-1])
        top = (CARDS[pile[-1]],) if pile else ()
        return Zone("hearts", None, under + top, "pile", label="hearts pile")

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = self.hand_zones(view)
        zones.append(self.pile_zone(view))
        zones += self.trick_zones()
        zones += [
            Zone(
                "taken",
                s,
                tuple(CARDS[c] for c in self.won[s]),
                "row",
                label=f"{self.names[s]}'s hearts",
            )
            for s in range(3)
        ]
        info: dict[str, Any] = {
            "trick_number": min(self.trick_number + 1, 13),
            "bouncer_rule": self.options.bouncers,
            "open_pile": self.options.open_pile,
            "target": self.options.target,
        }
        if self.pile:
            info["at_stake"] = CARDS[self.pile[-1]]
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world for ``obs``'s seat: the other hands dealt at random within the voids
        they have shown, and (pile face down) the hearts not yet turned in random order."""
        return retry(_world, game, obs, rng)

    PLAY = Phase("play", TrickGame.play_legal, _play, TrickGame.play_why, _prompt)


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    played = [0, 0, 0]
    void = [0, 0, 0]
    won_order: list[int] = []  # hearts in the order they were won
    led = -1
    for ev in obs.history:
        if ev.kind == "play":
            s = ev.seat
            assert s is not None
            c = ev.cards[0].index
            played[s] |= 1 << c
            if led < 0:
                led = c // 13
            elif c // 13 != led:
                void[s] |= SUIT_MASKS[led]
        elif ev.kind == "trick":
            led = -1
        elif ev.kind == "heart":
            won_order.append(ev.cards[0].index)
    mine = 0
    for card in obs.zone("hand", me).faces:
        mine |= 1 << card.index
    seen = mine | played[0] | played[1] | played[2]
    pool = ~seen & ~HEARTS_MASK & FULL
    slots: list[int] = []
    owners: list[int] = []
    for s in range(3):
        if s != me:
            n = len(obs.zone("hand", s).cards)
            slots += [~void[s] & ~HEARTS_MASK] * n
            owners += [s] * n
    got = assign(slots, pool, rng)
    hands = [played[s] for s in range(3)]
    hands[me] |= mine
    for s, c in zip(owners, got, strict=True):
        hands[s] |= 1 << c
    heap = obs.zone("hearts")
    if obs.info.get("open_pile"):
        rest = [c.index for c in heap.faces]  # next first
    else:
        top = [c.index for c in heap.faces]  # the face-up one, if any
        known = set(won_order) | set(top)
        hidden = [c for c in range(26, 39) if c not in known]
        rng.shuffle(hidden)
        rest = top + hidden
    world = resume(game, obs)
    parts: dict[tuple[str, int | None], Sequence[int]] = {
        ("hand", s): bits(hands[s]) for s in range(3)
    }
    parts[("hearts", None)] = won_order + rest
    replay(world, obs, chance=[deal_action(world, parts)])
    return world


# ------------------------------------------------------------------- bot
class BouncersBot(PhaseBot):
    """Rule of thumb: weigh the heart on offer by what it would do to the bot's own score.

    A counter costs its value, or saves 25 when a spare bouncer is waiting for it; a
    bouncer saves the counter it would wipe out.  A bouncer with nothing to wipe out yet
    counts as a small cost while three or more tricks remain, since counters usually
    follow.  A heart that lowers the score is fought for (the cheapest sure winner when
    playing last, else the highest card); a cheap one (``cheap`` points or less) is the
    moment to get rid of the highest card, win or lose; a dear one is ducked with the
    highest card that cannot win.  Measured against copies of itself without the cheap
    rule, it takes about 2 points a deal fewer.  It reads only its observation.
    """

    name = "heuristic"
    #: A heart costing this much or less is worth taking to shed a high card.
    cheap = 2
    #: What a bouncer with no counter to wipe out is taken to cost while tricks remain.
    spare_bouncer = 2

    @on(
        "play",
        why=(
            "win the trick when its heart lowers your score; on a cheap heart throw your "
            "highest card; on a dear one play the highest card that cannot win"
        ),
    )
    def play(self, obs: Observation) -> Action:
        me = obs.seat or 0
        legal = obs.legal
        cards = [a.cards[0] for a in legal]
        prize = obs.info.get("at_stake")
        rule = str(obs.info.get("bouncer_rule", "highest"))
        mine = [c.index for c in obs.zone("taken", me).faces]
        cost = 0
        if isinstance(prize, Card):
            cost = penalty([*mine, prize.index], rule) - penalty(mine, rule)
            tricks_left = 13 - int(obs.info.get("trick_number", 1))
            if is_bouncer(prize.index) and cost > 0 and tricks_left >= 3:
                cost = self.spare_bouncer
        trick = obs.zone("trick").faces

        def key(c: Card) -> tuple[int, int]:
            return HIGH[c.index], c.index

        def pick(card: Card) -> Action:
            return legal[cards.index(card)]

        if 0 < cost <= self.cheap:
            return pick(max(cards, key=key))
        if not trick:
            return pick(min(cards, key=key) if cost > 0 else max(cards, key=key))
        best = max(HIGH[c.index] for c in trick)
        losing = [c for c in cards if HIGH[c.index] < best]
        winning = [c for c in cards if HIGH[c.index] >= best]
        last = len(trick) == obs.players - 1
        if cost > 0:
            if losing:
                return pick(max(losing, key=key))
            return pick(max(cards, key=key) if last else min(cards, key=key))
        if winning:
            return pick(min(winning, key=key) if last else max(winning, key=key))
        return pick(min(cards, key=key))


GAME = register(
    GameSpec(
        name="bouncers",
        title="Bouncers",
        family="trick-taking",
        players=(3,),
        summary="Each trick wins the face-up heart: dodge the counters, or take a bouncer "
        "to wipe one out.",
        state_class=BouncersState,
        options_class=BouncersOptions,
        deck="standard 52 (the hearts as a pile, 39 cards dealt)",
        bots={"heuristic": BouncersBot},
        source="parlett-bouncers.txt",
        layout=TableLayout(
            center=("hearts", "trick", "last_trick"), compact=("taken",), small=("last_trick",)
        ),
        related=(("hearts", "trick avoidance"),),
        bench_target=7_000,
        variants={"bouncers by rank": {"bouncers": "by_rank"}, "open pile": {"open_pile": True}},
        lower_is_better=True,
    )
)
