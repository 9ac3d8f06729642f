"""3-5-7: stay in or drop out, in secret, as the hands grow from three cards to seven.

Rules in brief
--------------
Two to seven players each put an ante into a pot once, at the start of the game.  A
*cycle* is three stages played on one shuffle.  First everyone gets three cards and the
Threes are wild; then two more cards each (five in hand, Fives wild); then two more again
(seven in hand, Sevens wild, and a hand is the best five of its seven).

At each stage every player decides in secret whether to stay in or fold, and the choices
are shown together (at a real table: a chip hidden in a closed fist, or not).

* If two or more stay, they show their hands to one another (those who folded see
  nothing) and the best poker hand wins.  Every player who stayed and did not win pays
  the winner as many chips as the pot holds; the pot itself stays where it is.
* If exactly one player stays, that player takes a *strike* and nothing is paid.
* If nobody stays, nothing happens.

Folding only sits out that stage: everyone is dealt the next two cards.  After the
seven-card stage the cards are gathered, shuffled and a new cycle starts with three
cards each.  The first player to collect three strikes takes the pot and ends the game;
the highest balance then wins.

The three-card stage ranks hands by pairs and three of a kind alone: straights and
flushes do not count there, so three of a kind is the top.  The five- and seven-card
stages use every usual poker hand.  A wild card stands for whatever card makes the hand
best, and a hand with wilds can be five of a kind, above a straight flush.

Options
-------
{options}

Rulings
-------
* Five players by default (2 to 7, so that seven hands of seven cards fit in the deck).
  Everyone starts with ``starting_chips``; balances may go below zero.  The ante is paid
  once, at the start of the game.
* A tie for the best hand shares the payment: the losers' chips are split equally among
  the tied winners and the odd chips go into the pot.  If everybody who stayed ties,
  nobody pays.
* The pot is only paid out to the player who takes a third strike, or at the cycle cap.
  With ``strike_pays`` every other player puts one ante into the pot whenever a strike
  is given, so the pot (and the price of losing a showdown) grows.
* ``max_cycles`` (default 20) ends a game nobody finishes: the players with the most
  strikes share the pot (everyone shares it when nobody has a strike) and the odd chips
  are dropped.  The ``hands`` limit counts cycles too.
* With ``three_card_straights`` the three-card stage counts straights and flushes as
  three-card poker does (straight flush, three of a kind, straight, flush, pair); the
  text leaves them out, so it is off by default.
* Who may see what: a stayer sees the other stayers' hands at that stage's showdown and
  keeps knowing those cards for the rest of the cycle (they stay in the same hands);
  players who folded, and spectators, see only who won and who paid.  Nobody learns a
  choice before everyone has chosen.
* The dealer moves one seat to the left each cycle.  The later cards of a cycle come off
  the stock two at a time, starting at the dealer's left.
* An explicit deal gives the three-card hands seat by seat and the stock in the order it
  is dealt: ``game.deal(hands=["AS KD 3C", ...], stock="7C 7D ...")``.

Actions
-------
``stay`` or ``fold`` at each stage, chosen by every player at once.

Odds and worlds
---------------
:func:`stay_odds` gives the exact chance that a hand beats one other hand of its size
dealt from the cards its holder has not seen (:func:`cardlab.odds.showdown_chance`);
:func:`table_odds` reads it off an observation for the table's odds panel, and
:func:`stay_value` weighs it against the pot.  A seat's sampled world (for the search
bot) places every card it has seen where it saw it and deals the rest at random; when
the seat folded at a showdown, the stayers' hands are dealt without regard to who won it
(the payments are then taken from the observation).
"""

from __future__ import annotations

import csv
import gzip
import io
import random
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, RANK_NAMES, Card
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..odds import Chances, showdown_chance
from ..rules import poker
from ..rules.chips import POT, ChipGame
from ..rules.choices import SecretChoice
from ..rules.deals import DealRule, each_seat, pile
from ..rules.worlds import ATTEMPTS, WorldError, bits, deal_action, replay, resume, retry, seat_of

#: The hand size (and wild rank) of each stage.
SIZES = (3, 5, 7)
#: Strikes that end the game.
STRIKES_TO_WIN = 3
STAY = action("stay")
FOLD = action("fold")


def rank_plural(rank: int) -> str:
    """``"Threes"``, ``"Fives"``, ``"Sevens"``."""
    name = RANK_NAMES[rank - 1]
    return name + ("es" if name.endswith("x") else "s")


def listing(words: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def poker_sorted(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` highest rank first (Ace high), suits in deck order."""
    return tuple(
        sorted(
            (CARDS[i] for i in bits(mask)), key=lambda c: (-(c.rank if c.rank > 1 else 14), c.suit)
        )
    )


def ranking(size: int, three_card_straights: bool = False) -> poker.Evaluator:
    """The evaluator of a stage: ``size`` cards, that rank wild."""
    sf = three_card_straights if size == 3 else True
    return poker.evaluator(size, size, straights_and_flushes=sf)


# ------------------------------------------------------------------------ odds
def stay_odds(hand: Any, seen: Any = 0, *, three_card_straights: bool = False) -> Chances:
    """The exact chance that ``hand`` (3, 5 or 7 cards) beats one other hand of its size.

    The other hand is any set of cards from those its holder has not seen (``hand`` and
    ``seen`` left out), each equally likely; the stage's wild rank is the hand's size.

    >>> stay_odds("3S KH KD").win > 0.97
    True
    """
    mask = poker.hand_mask(hand)
    size = mask.bit_count()
    if size not in SIZES:
        raise ValueError(f"a 3-5-7 hand holds 3, 5 or 7 cards, this one has {size}")
    sf = three_card_straights if size == 3 else True
    seen_mask = poker.hand_mask(seen) & ~mask
    return showdown_chance(mask, size, exclude=seen_mask, straights_and_flushes=sf)


def stay_value(chances: Chances, pot: int) -> Fraction:
    """What staying is worth against one opponent who stays too, in chips on average.

    A win collects the pot's worth from the loser, a loss pays it, a tie moves nothing.
    """
    return Fraction(chances.wins - chances.losses, chances.total) * pot


#: The stages' hand counts by value, counted once and shipped: counting the seven-card
#: stage takes most of a second, which the bot's first decision would otherwise wait for.
STRENGTH_DATA = "data/three_five_seven_strength.csv.gz"
#: (hand size, straights and flushes count) of every stage ranking the game can use.
STAGE_RANKINGS = ((3, False), (3, True), (5, True), (7, True))


def strength_counts(size: int, sf: bool) -> dict[int, int]:
    """How many hands of a stage a full pack deals, by value, counted exactly."""
    return poker.value_counts(size, size, straights_and_flushes=sf)


def save_strength_data(path: str | Path | None = None) -> Path:
    """Count every stage ranking and write the table the package ships (gzipped CSV)."""
    out = Path(path) if path is not None else Path(str(files("cardlab") / STRENGTH_DATA))
    buf = io.StringIO()
    rows = csv.writer(buf, lineterminator="\n")
    rows.writerow(["cards", "straights_and_flushes", "value", "hands"])
    for size, sf in STAGE_RANKINGS:
        counts = strength_counts(size, sf)
        rows.writerows([size, int(sf), v, counts[v]] for v in sorted(counts))
    out.write_bytes(gzip.compress(buf.getvalue().encode(), mtime=0))
    return out


@cache
def _shipped_counts() -> dict[tuple[int, bool], dict[int, int]]:
    raw = (files("cardlab") / STRENGTH_DATA).read_bytes()
    out: dict[tuple[int, bool], dict[int, int]] = {}
    for row in csv.DictReader(io.StringIO(gzip.decompress(raw).decode())):
        key = (int(row["cards"]), row["straights_and_flushes"] == "1")
        out.setdefault(key, {})[int(row["value"])] = int(row["hands"])
    return out


@cache
def _strength_table(size: int, sf: bool) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Every value a full pack deals at a stage, sorted, with the hands below each."""
    counts = _shipped_counts().get((size, sf)) or strength_counts(size, sf)
    values = tuple(sorted(counts))
    below = []
    run = 0
    for v in values:
        below.append(run)
        run += counts[v]
    return values, tuple(x / run for x in below)


def strength(value: int, size: int, sf: bool) -> float:
    """The share of all hands of the stage (from a full pack) that ``value`` beats."""
    values, below = _strength_table(size, sf)
    i = bisect_left(values, value)
    return below[i] if i < len(values) else 1.0


# --------------------------------------------------------------------------- options
@dataclass(frozen=True)
class ThreeFiveSevenOptions(DealerOptions):
    cap: ClassVar[str] = "max_cycles"
    starting_chips: int = option(
        100, "chips each player starts with (a balance may go below zero)", min=0, max=1_000_000
    )
    ante: int = option(
        1, "chips each player puts into the pot at the start of the game", min=1, max=1_000
    )
    strike_pays: bool = option(
        False, "whenever a player takes a strike, every other player adds one ante to the pot"
    )
    max_cycles: int = option(
        20,
        "the game ends after this many cycles (3-, 5- and 7-card stages); the players with "
        "the most strikes then share the pot, odd chips dropped",
        min=1,
        max=1_000,
    )
    three_card_straights: bool = option(
        False,
        "the three-card stage counts straights and flushes, as three-card poker does (the "
        "text leaves them out)",
    )


# ----------------------------------------------------------------------------- state
class ThreeFiveSevenState(ChipGame):
    """A game of 3-5-7 in progress.  Hands are bitmasks; the stock is a tuple of card
    indices in dealing order, ``next`` pointing at the next card to deal."""

    __slots__ = (
        "choices",
        "got",
        "hands",
        "known",
        "last",
        "next",
        "stage",
        "stock",
        "strikes",
    )

    DEAL = DealRule(each_seat(hand=3), pile("stock"))

    hands: list[int]
    stock: tuple[int, ...]
    next: int
    stage: int
    choices: list[int]
    known: list[list[int]]
    got: list[list[int]]
    last: list[str]
    strikes: list[int]

    def setup(self) -> None:
        super().setup()
        self.strikes = [0] * self.players

    def reset_hand(self) -> None:
        super().reset_hand()
        n = self.players
        self.hands = [0] * n
        self.stock = ()
        self.next = 0
        self.stage = 0
        self.choices = [-1] * n
        self.known = [[0] * n for _ in range(n)]
        self.got = [[] for _ in range(n)]
        self.last = [""] * n

    # ------------------------------------------------------------------ deal
    @property
    def size(self) -> int:
        return SIZES[self.stage]

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.stock = tuple(dealt.indices("stock"))
        self.next = 0
        k = self.hand_number + 1
        self.log(
            "deal",
            self.dealer,
            f"{self.names[self.dealer]} shuffles and deals cycle {k} of "
            f"{self.options.max_cycles}: three cards each",
            pot=self.pots[POT],
            strikes=tuple(self.strikes),
        )
        if self.hand_number == 0:
            self.ante_all()
        for s in range(self.players):
            self._receive(s, self.hands[s])
        self._start_stage()

    def _deal_order(self) -> range:
        return range(self.dealer + 1, self.dealer + 1 + self.players)

    def _receive(self, seat: int, mask: int) -> None:
        name = self.names[seat]
        cards = poker_sorted(mask)
        self.got[seat].append(mask)
        self.log(
            "cards",
            seat,
            f"{name} gets {plural(len(cards), 'card')}",
            f"{name} gets {' '.join(c.text for c in cards)}",
            (seat,),
            hidden=cards,
            stage=SIZES[self.stage],
        )

    def _start_stage(self) -> None:
        size = self.size
        if self.stage:
            for k in self._deal_order():
                seat = k % self.players
                two = 1 << self.stock[self.next] | 1 << self.stock[self.next + 1]
                self.next += 2
                self.hands[seat] |= two
                self._receive(seat, two)
        self.log(
            "stage",
            None,
            f"{size} cards each, {rank_plural(size)} wild: everyone decides at once "
            "whether to stay in",
            stage=size,
            wild=size,
        )
        self.phase = self.DECLARE
        self.PICK.start(self, tuple(range(self.players)))

    # -------------------------------------------------------------- reveal
    def _reveal(self) -> None:
        said = self.PICK.revealed(self)
        stayed, folded = said["stay"], said["fold"]
        names = self.names
        self.last = [""] * self.players

        def who(seats: tuple[int, ...]) -> str:
            return listing([names[s] for s in seats])

        parts = []
        if stayed:
            parts.append(f"{who(stayed)} {'stays' if len(stayed) == 1 else 'stay'} in")
        if folded:
            parts.append(f"{who(folded)} {'folds' if len(folded) == 1 else 'fold'}")
        self.log(
            "reveal",
            None,
            "The choices show: " + "; ".join(parts),
            stage=self.size,
            stayed=stayed,
            folded=folded,
        )
        for s in folded:
            self.last[s] = "folded"
        if not stayed:
            self.log("nobody", None, "Nobody stays in: nothing is paid", stage=self.size)
        elif len(stayed) == 1:
            if self._strike(stayed[0]):
                return
        else:
            self._showdown(stayed)
        self._next_stage()

    def _strike(self, seat: int) -> bool:
        """A lone stayer's strike; True when it ends the game."""
        self.strikes[seat] += 1
        got = self.strikes[seat]
        name = self.names[seat]
        self.last[seat] = f"strike {got}"
        self.log(
            "strike",
            seat,
            f"{name} is the only one in and takes strike {got} of {STRIKES_TO_WIN}",
            strikes=got,
            stage=self.size,
        )
        if self.options.strike_pays:
            ante: int = self.options.ante
            for s in range(self.players):
                if s != seat:
                    self.pay_in(s, ante, f"{name}'s strike")
            self.log(
                "strike_pays",
                seat,
                f"Everyone else adds {plural(ante, 'chip')} to the pot: it holds {self.pots[POT]}",
                chips=ante,
                pot=self.pots[POT],
            )
        if got < STRIKES_TO_WIN:
            return False
        paid = self.pay_out(seat, self.pots[POT], "three strikes: the pot")
        summary = f"{name} has three strikes and takes the pot of {plural(paid, 'chip')}"
        self.log("pot_won", seat, summary, chips=paid)
        self.end_game(self.decide_winners(), summary)
        return True

    def _showdown(self, stayed: tuple[int, ...]) -> None:
        size = self.size
        ev = ranking(size, self.options.three_card_straights)
        values = {s: ev.value(self.hands[s]) for s in stayed}
        names = self.names
        for s in stayed:
            cards = poker_sorted(self.hands[s])
            self.log(
                "show",
                s,
                f"{names[s]} shows {plural(size, 'card')} to the others who stayed",
                f"{names[s]} shows {' '.join(c.text for c in cards)}: {poker.describe(values[s])}",
                stayed,
                hidden=cards,
                stage=size,
            )
            for v in stayed:
                self.known[v][s] = self.hands[s]
        best = max(values.values())
        winners = tuple(s for s in stayed if values[s] == best)
        losers = tuple(s for s in stayed if values[s] != best)
        pot = self.pots[POT]
        total = pot * len(losers)
        each = total // len(winners)
        rest = total - each * len(winners)
        for s in losers:
            self.award(s, -pot, f"lost the {size}-card showdown")
            self.last[s] = f"stayed, lost {pot}"
        for s in winners:
            if each:
                self.award(s, each, f"won the {size}-card showdown")
            self.last[s] = f"stayed, won {each}" if losers else "stayed, tied"
        self.pots[POT] += rest
        win_names = listing([names[s] for s in winners])
        if not losers:
            text = f"{win_names} tie for the best hand: nobody pays"
        else:
            payers = listing([names[s] for s in losers])
            verb = "pays" if len(losers) == 1 else "each pay"
            share = "" if len(winners) == 1 else f", shared: {plural(each, 'chip')} each"
            odd = f", {plural(rest, 'odd chip')} into the pot" if rest else ""
            text = (
                f"{win_names} {'wins' if len(winners) == 1 else 'tie for'} the showdown: "
                f"{payers} {verb} {plural(pot, 'chip')}{share}{odd}"
            )
        top = values[winners[0]]
        secret = f"{text} ({poker.describe(top)})"
        if losers:
            pair = (names[winners[0]], names[losers[0]])
            secret = f"{text}. {poker.explain(top, values[losers[0]], pair)}"
        self.log(
            "showdown",
            None,
            text,
            secret,
            stayed,
            stage=size,
            winners=winners,
            losers=losers,
            chips=each,
            paid=pot if losers else 0,
            pot=self.pots[POT],
        )

    def _next_stage(self) -> None:
        if self.stage < len(SIZES) - 1:
            self.stage += 1
            self._start_stage()
            return
        self.to_move = ()
        struck = [f"{self.names[s]} {k}" for s, k in enumerate(self.strikes) if k]
        strikes = "strikes: " + ", ".join(struck) if struck else "no strikes yet"
        self.end_hand(f"The pot holds {plural(self.pots[POT], 'chip')}; {strikes}")

    # ------------------------------------------------------------- scoring
    def game_over(self) -> bool:
        cap: int = self.options.max_cycles
        return len(self.results) >= cap

    def final_awards(self) -> None:
        held = self.pots[POT]
        top = max(self.strikes)
        among = tuple(s for s in range(self.players) if self.strikes[s] == top)
        if not held:
            return
        each = self.split_pot(among, reason="share of the pot at the cap")
        rest = held - each * len(among)
        who = (
            "every player (nobody has a strike)"
            if top == 0
            else listing([self.names[s] for s in among]) + f" ({plural(top, 'strike')}, the most)"
        )
        dropped = f"; {plural(rest, 'odd chip')} dropped" if rest else ""
        self.log(
            "split",
            None,
            f"The pot of {held} is shared: {plural(each, 'chip')} each to {who}{dropped}",
            chips=each,
            dropped=rest,
            seats=among,
        )

    def _not_your_turn(self, seat: int) -> str:
        if self.phase == "declare" and self.PICK.decided(self, seat):
            waiting = ", ".join(self.names[s] for s in self.to_move)
            return (
                "you have already decided, and a secret choice cannot be taken back; "
                f"waiting for {waiting}"
            )
        return super()._not_your_turn(seat)

    # -------------------------------------------------------------- prompts
    def _prompt(self, seat: int) -> str:
        ev = ranking(self.size, self.options.three_card_straights)
        name = poker.describe(ev.value(self.hands[seat]))
        pot = self.pots[POT]
        have = self.strikes[seat]
        mine = f" (you have {have})" if have else ""
        return (
            f"Stay or fold with {name} ({rank_plural(self.size)} wild). If you stay and "
            f"lose the showdown, you pay {plural(pot, 'chip')}. If you are the only one who "
            f"stays, you get a strike instead{mine}; whoever gets {STRIKES_TO_WIN} strikes "
            "takes the pot, and that ends the game"
        )

    # ---------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"strikes": self.strikes[seat]}
        if self.phase == "declare":
            out["choice"] = "decided" if self.choices[seat] >= 0 else "deciding"
        if self.last and self.last[seat]:
            out["last stage"] = self.last[seat]
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        size = self.size
        ev = ranking(size, self.options.three_card_straights)
        flag = bool(self.options.three_card_straights)
        zones = []
        for s in range(self.players):
            hand = self.hands[s]
            mine = view.seat == s
            faces = poker_sorted(hand)
            label = names[s]
            if mine and hand.bit_count() == size:
                label = f"{names[s]}: {poker.describe(ev.value(hand))}"
            tags = tuple("wild" if c.rank == size else "" for c in faces) if mine else ()
            zones.append(Zone("hand", s, view.held(faces, mine), "hand", label=label, tags=tags))
        for s in range(self.players):
            if view.seat == s:
                continue
            if view.teacher:
                seen = 0
                for row in self.known:
                    seen |= row[s]
            else:
                seen = self.known[view.seat][s] if view.seat is not None else 0
            if not seen:
                continue
            shown = ranking(seen.bit_count(), flag).value(seen)
            zones.append(
                Zone(
                    "shown",
                    s,
                    poker_sorted(seen),
                    "row",
                    label=f"{names[s]} showed: {poker.describe(shown)}",
                )
            )
        rest = [CARDS[c] for c in reversed(self.stock[self.next :])]
        zones.append(Zone("stock", None, view.stack(rest), "pile", label="Deck"))
        cycle = len(self.results) if self.between_hands else self.hand_number + 1
        info: dict[str, Any] = {
            "cycle": f"{cycle} of {self.options.max_cycles}",
            "stage": f"{size} cards, {rank_plural(size)} wild",
            # how hands rank now, for bots and the odds panel (not shown as a figure)
            "ranking": MappingProxyType(
                {
                    "cards": size,
                    "wild": size,
                    "three_card_straights": bool(self.options.three_card_straights),
                }
            ),
        }
        me = view.seat
        if me is not None and self.phase == "declare" and self.choices[me] >= 0:
            info["your_choice"] = self.PICK.word(self, me)
        return self.observe(view, zones, info)

    # ------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> ThreeFiveSevenState:
        """A world for the seat: its own cards and every card shown to it where they lie,
        the other cards dealt at random (see the module docstring)."""
        world = retry(_world, game, obs, rng)
        assert isinstance(world, ThreeFiveSevenState)
        return world

    # --------------------------------------------------------------- phases
    PICK = SecretChoice(("stay", "fold"), _reveal, "stay in or fold")
    DECLARE = Phase("declare", PICK.legal, PICK.apply, PICK.why, _prompt)


def _world(game: Game, obs: Observation, rng: random.Random) -> ThreeFiveSevenState:
    me = seat_of(obs)
    n = obs.players
    world = resume(game, obs)
    assert isinstance(world, ThreeFiveSevenState)
    pot = 0
    strikes: tuple[int, ...] = (0,) * n
    mine: list[int] = []  # my cards by stage
    shown: list[dict[int, int]] = [{} for _ in range(n)]  # seat -> {stage size: mask}
    # the showdowns the seat did not see: stage size -> (stayers, winners)
    results: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    for ev in obs.history:
        if ev.kind == "deal":
            pot = int(ev.get("pot", 0))
            strikes = tuple(ev.get("strikes", strikes))
        elif ev.kind == "cards" and ev.seat == me:
            m = 0
            for c in ev.hidden:
                m |= 1 << c.index
            mine.append(m)
        elif ev.kind == "show" and ev.hidden and ev.seat is not None:
            m = 0
            for c in ev.hidden:
                m |= 1 << c.index
            shown[ev.seat][int(ev.get("stage"))] = m
        elif ev.kind == "showdown" and me not in ev.audience:
            results[int(ev.get("stage"))] = (
                tuple(ev.get("winners", ())) + tuple(ev.get("losers", ())),
                tuple(ev.get("winners", ())),
            )
    stages = len(mine)
    if not stages:
        raise WorldError("the observation shows no cards of this cycle")
    # each seat's cards by stage: three, then two, then two
    parts: list[list[int]] = [[0] * stages for _ in range(n)]
    parts[me] = list(mine)
    used = 0
    for m in mine:
        used |= m
    for s in range(n):
        if s != me:
            used |= _place_shown(parts[s], shown[s], stages, rng)
    free = bits(FULL & ~used)
    flag = ranking_in_view(obs)[1]
    for k in range(stages):
        free = _fill_stage(parts, k, free, results.get(SIZES[k]), flag, rng)
    rng.shuffle(free)
    # the stock: each later stage's cards in dealing order, then the rest
    stock: list[int] = []
    dealer = world.dealer
    for k in range(1, 3):
        for j in range(dealer + 1, dealer + 1 + n):
            s = j % n
            if k < stages:
                stock += bits(parts[s][k])
            else:
                stock += [free.pop(), free.pop()]
    stock += free
    world.pots[POT] = pot
    world.strikes = list(strikes)
    deal = deal_action(
        world, {**{("hand", s): bits(parts[s][0]) for s in range(n)}, ("stock", None): stock}
    )
    replay(world, obs, chance=[deal], hidden=partial(_hidden_choice, rng))
    world.pots[POT] = obs.pots[0].chips
    return world


def _hidden_choice(rng: random.Random, world: Any, seat: int, history: Any, i: int) -> str:
    """Another seat's secret stay or fold: as revealed later, or at random while unknown."""
    for ev in history[i:]:
        if ev.kind == "reveal":
            return "stay" if seat in ev.get("stayed", ()) else "fold"
    return rng.choice(("stay", "fold"))


def _fill_stage(
    parts: list[list[int]],
    k: int,
    free: list[int],
    result: tuple[tuple[int, ...], tuple[int, ...]] | None,
    flag: bool,
    rng: random.Random,
) -> list[int]:
    """Deal stage ``k``'s unknown cards from ``free``; the cards left.

    When the seat missed that stage's showdown, the cards are drawn again until the
    stayers' hands give the winners everyone saw paid.
    """
    needs = [(s, (3 if k == 0 else 2) - row[k].bit_count()) for s, row in enumerate(parts)]
    total = sum(need for _, need in needs)
    if any(need < 0 for _, need in needs) or total > len(free):
        raise WorldError("the cards seen do not fit the hands")
    ev = ranking(SIZES[k], flag)
    for _ in range(ATTEMPTS):
        drawn = rng.sample(free, total)
        trial = [row[k] for row in parts]
        i = 0
        for s, need in needs:
            for c in drawn[i : i + need]:
                trial[s] |= 1 << c
            i += need
        if result is not None:
            stayers, winners = result
            values = {}
            for s in stayers:
                held = trial[s]
                for j in range(k):
                    held |= parts[s][j]
                values[s] = ev.value(held)
            best = max(values.values())
            if tuple(s for s in stayers if values[s] == best) != winners:
                continue
        for s in range(len(parts)):
            parts[s][k] = trial[s]
        taken = set(drawn)
        return [c for c in free if c not in taken]
    raise WorldError("no deal gives the showdown's winners")


def _place_shown(parts: list[int], shown: dict[int, int], stages: int, rng: random.Random) -> int:
    """Fill a seat's stages with the cards it was seen holding; the cards placed.

    ``shown`` maps a stage's hand size to the whole hand shown then.  A stage's cards
    come from the first later showdown that saw them, at random among those not placed.
    """
    placed = 0
    for k in range(stages):
        later = next((shown[SIZES[j]] for j in range(k, stages) if SIZES[j] in shown), 0)
        if not later:
            continue
        spare = bits(later & ~placed)
        need = 3 if k == 0 else 2
        chosen = spare if SIZES[k] in shown else rng.sample(spare, need)
        if len(chosen) != need:
            raise WorldError("a shown hand does not fit its stage")
        for c in chosen:
            parts[k] |= 1 << c
            placed |= 1 << c
    return placed


# ------------------------------------------------------------------------- bot
def hand_in_view(obs: Observation) -> tuple[int, int]:
    """The viewing seat's hand as a mask, and every other face it sees, from ``obs``."""
    me = obs.seat
    mine = seen = 0
    for z in obs.zones:
        for c in z.faces:
            if z.name == "hand" and z.owner == me:
                mine |= c.bit
            else:
                seen |= c.bit
    return mine, seen


def ranking_in_view(obs: Observation) -> tuple[int, bool]:
    """The stage's hand size (its wild rank) and whether three-card straights count."""
    rank = obs.info["ranking"]
    return int(rank["cards"]), bool(rank["three_card_straights"])


class ThreeFiveSevenBot(PhaseBot):
    """Stay with a hand that beats most hands of its stage, more choosy at a full table.

    It reads only its observation: its own hand, the stage and the table's size.
    """

    name = "heuristic"

    @on(
        "declare",
        why="stay when the hand beats a random hand of the stage often enough that it "
        "should beat every other player likely to stay: half of them, roughly",
    )
    def declare(self, obs: Observation) -> Action:
        mine, _ = hand_in_view(obs)
        size, flag = ranking_in_view(obs)
        sf = flag if size == 3 else True
        p = strength(ranking(size, flag).value(mine), size, sf)
        others = max(1.0, (obs.players - 1) / 2)
        return STAY if p**others >= 0.5 else FOLD


def table_odds(obs: Observation) -> dict[str, float]:
    """The viewing seat's chances against one random hand of its stage (the odds panel).

    Empty for a spectator, between cycles and at the end of the game.
    """
    if obs.seat is None or obs.terminal or obs.phase != "declare":
        return {}
    mine, seen = hand_in_view(obs)
    size, flag = ranking_in_view(obs)
    if mine.bit_count() != size:
        return {}
    c = stay_odds(mine, seen, three_card_straights=flag)
    return {
        "beats one random hand": c.win,
        "ties it": c.tie,
        "loses to it": c.lose,
    }


GAME = register(
    GameSpec(
        name="three_five_seven",
        title="3-5-7",
        family="chips",
        players=(2, 3, 4, 5, 6, 7),
        default_players=5,
        summary="Poker with three, five, then seven cards and a new wild rank each time: "
        "stay in or fold, all at once, and pay the pot's worth for a losing stay.",
        state_class=ThreeFiveSevenState,
        options_class=ThreeFiveSevenOptions,
        deck="standard 52",
        bots={"heuristic": ThreeFiveSevenBot},
        source="denexa-classics.txt (3-5-7)",
        layout=TableLayout(center=("stock",), compact=("shown",)),
        related=(("in_between", "a chips game against a common pot"),),
        bench_target=3_000,
        variants={
            "strike pays": {"strike_pays": True},
            "three-card straights": {"three_card_straights": True},
        },
        odds=table_odds,
    )
)
