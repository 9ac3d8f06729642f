"""Chips and pots: balances, antes, bets and payouts, every chip with its reason.

Games played for chips (In-Between, Red Dog, 3-5-7, Newmarket) compose
``ChipGame``, a ``State`` that keeps the chips:

* **Balances.** Every seat starts with ``starting_chips`` (``ChipOptions``).  A seat's
  balance is that stake plus its score, and every chip that moves is a score line with its
  reason (``award``), so each hand's result explains every change of balance and the
  totals add up.  A balance may go below zero, as if the player had bought more chips:
  no payment and no bet is limited by what the payer holds.
* **Pots.** Named piles of chips on the table (``POTS``: one ``"pot"`` by default; a game
  may have several, such as pay cards and a kitty).  They carry over from deal to deal
  until paid out, and a payout never takes more than a pot holds.
* **Movements.** ``ante_all`` (everyone into a pot),
  ``pay_in``, ``pay_out`` (capped at the pot),
  ``transfer`` (seat to seat) and ``split_pot`` (evenly,
  the remainder kept in the pot or dropped).
* **Bets.** ``bet N`` actions, one whole number in a range (``bet_actions``, interned
  and shared), so a table shows one numeric picker; anything outside the range is refused
  with the range and what bounds it (``bet_refusal``).
* **The end.** The highest balance wins; equal balances share the win.
* **Betting against the pot** (In-Between, Red Dog): ``PotBetGame`` gives every
  player one turn a deal, the dealer last, ends the game the moment the pot is empty
  and otherwise after ``max_rounds`` deals, sharing what is left evenly
  (``PotBetOptions``); ``bet_bounds`` and ``edge_bet`` size a bot's bet.

Observations built with ``ChipGame.observe`` carry every pot and each seat's balance
(``SeatView.chips``).  Conservation holds throughout: the balances, the pots and the chips
dropped by uneven splits always add up to ``starting_chips`` per seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from ..core.actions import Action, ActionRange, action
from ..core.observation import Observation, Pot, Team, Zone
from ..core.options import DealerOptions, option
from ..core.refusals import ascii_int, number_problem, plural
from ..core.state import State
from ..core.view import View

#: The pot a game has when it names no others.
POT = "pot"


@dataclass(frozen=True)
class ChipOptions(DealerOptions):
    """The options every chip game shares: the stake, the ante and the smallest bet."""

    starting_chips: int = option(
        100, "chips each player starts with (a balance may go below zero)", min=0, max=1_000_000
    )
    ante: int = option(1, "chips each player puts into the pot when it is opened", min=1, max=1_000)
    min_bet: int = option(
        1,
        "the smallest bet (a pot holding less than this takes any bet up to what it holds)",
        min=1,
        max=1_000,
    )


@dataclass(frozen=True)
class PotBetOptions(ChipOptions):
    """The options of games where each player in turn bets against one pot."""

    cap: ClassVar[str] = "max_rounds"

    ante_each_deal: bool = option(
        False, "everyone antes at every deal, not only at the start of the game"
    )
    max_rounds: int = option(
        10,
        "the game ends after this many deals; the pot is then split evenly and the odd "
        "chips are dropped",
        min=1,
        max=1_000,
    )


# ------------------------------------------------------------------------- bets
def bet_action(chips: int, verb: str = "bet") -> Action:
    """The interned action ``"<verb> <chips>"``."""
    return action(f"{verb} {chips}")


def bet_actions(low: int, high: int, verb: str = "bet", head: Sequence[Action] = ()) -> ActionRange:
    """``head``, then every bet from ``low`` to ``high`` chips, smallest first.

    An ``ActionRange``: a tuple of actions whose size costs
    nothing, however large the pot.
    """
    return ActionRange(verb, low, high, head)


def bet_size(act: str, verb: str = "bet") -> int | None:
    """The chips of a ``"<verb> N"`` action (None when it is not one)."""
    words = act.split()
    if len(words) != 2 or words[0] != verb:
        return None
    return ascii_int(words[1])


def range_text(low: int, high: int, bound: str, verb: str = "bet") -> str:
    """``"a bet is 1 to 12 chips, the pot holds 12"``: the range and what bounds it."""
    size = plural(high, "chip") if low == high else f"{low} to {plural(high, 'chip')}"
    return f"a {verb} is {size}, {bound}" if bound else f"a {verb} is {size}"


def bet_refusal(act: str, low: int, high: int, bound: str = "", verb: str = "bet") -> str:
    """Why ``act`` is not a bet in ``low..high`` ("" when it is one), with the range.

    ``bound`` says what sets the range (``"the pot holds 12"``).
    """
    words = act.split()
    if not words or words[0] != verb:
        return ""
    allowed = range_text(low, high, bound, verb)
    if len(words) == 1:
        return f"say how many chips: {allowed}"
    if len(words) > 2:
        return f"a {verb} names one number of chips ('{verb} {low}'): {allowed}"
    chips = ascii_int(words[1])
    if chips is None:
        return f"{number_problem(words[1], 'a whole number of chips')}: {allowed}"
    if chips < low or chips > high:
        return allowed
    return ""


def bet_bounds(obs: Observation, verb: str = "bet") -> tuple[int, int]:
    """The smallest and largest bet among ``obs``'s legal actions."""
    legal = obs.legal
    if isinstance(legal, ActionRange):
        return legal.low, legal.high
    sizes = [n for n in (bet_size(a, verb) for a in legal) if n is not None]
    return min(sizes), max(sizes)


def edge_bet(obs: Observation, edge: Fraction, verb: str = "bet") -> Action:
    """A bet sized by the bettor's edge (its expected gain per chip staked): the
    smallest bet without an edge, else that share of the largest bet, rounded up."""
    low, high = bet_bounds(obs, verb)
    if edge <= 0:
        return bet_action(low, verb)
    share = -(-high * edge.numerator // edge.denominator)
    return bet_action(min(high, max(low, share)), verb)


# ------------------------------------------------------------------------ state
class ChipGame(State):
    """A game played for chips (see the module docstring).

    ``POTS`` names the pots and their labels, in display order.  A subclass calls
    ``super().setup()`` and moves chips only through these methods, so every chip has its
    score line.
    """

    __slots__ = ("dropped", "pots")

    #: The pots, as (name, label) pairs in display order.
    POTS: ClassVar[tuple[tuple[str, str], ...]] = ((POT, "Pot"),)

    #: Chips on the table by pot name.
    pots: dict[str, int]
    #: Chips removed by uneven splits (they count for nobody).
    dropped: int

    def setup(self) -> None:
        super().setup()
        self.pots = {name: 0 for name, _ in self.POTS}
        self.dropped = 0

    # ------------------------------------------------------------- balances
    def balance(self, seat: int) -> int:
        """``seat``'s chips: the stake it started with plus every line it was awarded."""
        start: int = self.options.starting_chips
        return start + self.scores[seat]

    def balances(self) -> list[int]:
        start: int = self.options.starting_chips
        return [start + s for s in self.scores]

    def on_table(self) -> int:
        """Chips in all the pots together."""
        return sum(self.pots.values())

    # ------------------------------------------------------------ movements
    def pay_in(self, seat: int, chips: int, reason: str, pot: str = POT) -> None:
        """``seat`` puts ``chips`` into ``pot`` (whatever its balance)."""
        self.award(seat, -chips, reason)
        self.pots[pot] += chips

    def pay_out(self, seat: int, chips: int, reason: str, pot: str = POT) -> int:
        """``pot`` pays ``seat`` up to ``chips`` (never more than it holds); the chips paid."""
        paid = min(chips, self.pots[pot])
        if paid:
            self.award(seat, paid, reason)
            self.pots[pot] -= paid
        return paid

    def transfer(self, payer: int, payee: int, chips: int, reason: str, received: str = "") -> None:
        """``payer`` gives ``chips`` to ``payee``; ``received`` words the payee's line."""
        self.award(payer, -chips, reason)
        self.award(payee, chips, received or reason)

    def ante_all(self, chips: int | None = None, pot: str = POT, reason: str = "ante") -> None:
        """Every seat puts ``chips`` (default: the ``ante`` option) into ``pot``."""
        each: int = self.options.ante if chips is None else chips
        for seat in range(self.players):
            self.pay_in(seat, each, reason, pot)
        held = self.pots[pot]
        self.log(
            "ante",
            None,
            f"Everyone antes {plural(each, 'chip')}: the {self.pot_label(pot).lower()} "
            f"holds {held}",
            chips=each,
            pot=held,
        )

    def split_pot(
        self,
        seats: tuple[int, ...] | None = None,
        pot: str = POT,
        reason: str = "share of the pot",
        keep_remainder: bool = False,
    ) -> int:
        """Share ``pot`` evenly among ``seats`` (default: all); the chips each one got.

        The remainder stays in the pot with ``keep_remainder``, else it is dropped (it
        counts for nobody, see ``dropped``).
        """
        among = tuple(range(self.players)) if seats is None else seats
        held = self.pots[pot]
        each = held // len(among) if among else 0
        for seat in among:
            if each:
                self.award(seat, each, reason)
        rest = held - each * len(among)
        self.pots[pot] = rest if keep_remainder else 0
        if not keep_remainder:
            self.dropped += rest
        return each

    # ------------------------------------------------------------------ bets
    def bet_range(self, pot: str = POT) -> tuple[int, int]:
        """The bets against ``pot``: from the minimum bet (or all it holds, when less) to
        all it holds."""
        held = self.pots[pot]
        low: int = self.options.min_bet
        return (min(low, held), held)

    def pot_bound(self, pot: str = POT) -> str:
        """What bounds a bet against ``pot``, in words: ``"the pot holds 12"``."""
        return f"the {self.pot_label(pot).lower()} holds {self.pots[pot]}"

    # -------------------------------------------------------------- showing
    def pot_label(self, pot: str) -> str:
        return next((label for name, label in self.POTS if name == pot), pot)

    def pot_views(self) -> tuple[Pot, ...]:
        """The pots as an observation shows them."""
        return tuple(Pot(name, self.pots[name], label) for name, label in self.POTS)

    def observe(
        self,
        view: View,
        zones: Sequence[Zone],
        info: Mapping[str, Any] | None = None,
        *,
        pots: Sequence[Pot] = (),
        teams: Sequence[Team] = (),
    ) -> Observation:
        """The observation, with every pot and each seat's balance (``SeatView.chips``)."""
        obs = super().observe(view, zones, info, pots=pots or self.pot_views(), teams=teams)
        chips = self.balances()
        seats = tuple(replace(sv, chips=chips[s]) for s, sv in enumerate(obs.seats))
        return replace(obs, seats=seats)

    # ------------------------------------------------------------------ end
    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if not winners:
            return "Nobody wins"
        who = " and ".join(self.names[s] for s in winners)
        chips = plural(self.balance(winners[0]), "chip")
        if len(winners) == 1:
            return f"{who} wins with {chips} (the highest balance)"
        return f"{who} share the win with {chips} each (the highest balance)"


class PotBetGame(ChipGame):
    """Each deal, every player in turn from the dealer's left bets against the pot, the
    dealer last.  The game ends at once when a bet takes the whole pot, else after
    ``max_rounds`` deals, when the pot is shared evenly and the odd chips are dropped.

    A subclass keeps ``player`` (the seat whose turn it is), antes with
    ``open_deal`` and calls ``end_turn`` when a turn is settled.
    """

    __slots__ = ("player",)

    player: int

    def open_deal(self) -> None:
        """The ante: at the first deal, or at every deal with ``ante_each_deal``."""
        if self.hand_number == 0 or self.options.ante_each_deal:
            self.ante_all()

    def end_turn(self, seat: int) -> bool:
        """After ``seat``'s turn: True when the next player is to move (``player`` is set);
        False when the pot is empty (the game is over) or the dealer had the last turn."""
        self.to_move = ()
        if self.pots[POT] == 0:
            summary = f"{self.names[seat]} has taken the whole pot"
            self.log("hand_over", seat, f"Hand {self.hand_number + 1} over. {summary}")
            self.end_game(self.decide_winners(), summary)
            return False
        if seat == self.dealer:
            self.end_hand(f"The pot holds {plural(self.pots[POT], 'chip')}")
            return False
        self.player = (seat + 1) % self.players
        return True

    def bets(self) -> ActionRange:
        """The bets open now: from the minimum (or the pot, when it holds less) to the pot."""
        return bet_actions(*self.bet_range())

    def bet_sizes(self) -> str:
        """The bets open now in words: ``"1 to 9 chips"``, or ``"1 chip"``."""
        low, high = self.bet_range()
        return f"{low} to {high} chips" if low < high else plural(high, "chip")

    def deal_info(self) -> dict[str, Any]:
        """The table's info: which deal of how many (a finished deal waiting for the next
        one is still the deal on the table) and the minimum bet."""
        deal = len(self.results) if self.between_hands else self.hand_number + 1
        return {"deal": f"{deal} of {self.options.max_rounds}", "min_bet": self.options.min_bet}

    def game_over(self) -> bool:
        return self.pots[POT] == 0 or len(self.results) >= self.options.max_rounds

    def final_awards(self) -> None:
        held = self.pots[POT]
        if not held:
            return
        each = self.split_pot()
        rest = held - each * self.players
        dropped = f"; {plural(rest, 'odd chip')} dropped" if rest else ""
        said = (
            f"The pot of {held} is shared out: {plural(each, 'chip')} to each player{dropped}"
            if each
            else f"The pot of {held} is too small to share among {self.players}: it is dropped"
        )
        self.log("split", None, said, chips=each, dropped=rest)


__all__ = [
    "POT",
    "ChipGame",
    "ChipOptions",
    "PotBetGame",
    "PotBetOptions",
    "bet_action",
    "bet_actions",
    "bet_bounds",
    "bet_refusal",
    "bet_size",
    "edge_bet",
    "range_text",
]
