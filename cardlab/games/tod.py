"""T.O.D. (Time of Death): each player solves the case its left neighbour holds.

Rules in brief
--------------
Two to four players and 24 cards: the Aces to Sixes of every suit.  The hearts and
diamonds are *motives* (♥ love, ♦ greed), the clubs and spades *weapons* (♣ bat,
♠ shovel).  Every player is dealt one motive and one weapon face down: that pair is the
case its right-hand neighbour must crack.  The two numbers give the time of death: their
sum is the hour, the smaller then the larger make up the minutes (♦4 with ♣3 is a crime
of greed with a bat at 7:34).  The rest are shuffled together, four are laid face up in
a row and the others form a face-down deck.

On your turn you turn the deck's top card up and lay it over one of the table cards of
your choice, hiding it.  Then you put one of four yes/no questions to your left-hand
neighbour about their case and the cards now face up: *is a number there* (does at least
one of the case's numbers show on the table), *is a number missing* (does at least one
not show), *is a suit there*, *is a suit missing*.  The answer never says how many.
Instead of asking, you may name the case: the numbers, the motive and the weapon.  Right,
and you win; wrong, and your next turn is lost, after which you may ask or guess again.

Options
-------
{options}

Rulings
-------
From the rulings file:

* A question is about every card face up on the table at that moment: four with the
  usual setup, as many as ``table_cards`` lays otherwise.
* A guess names the pair of numbers, the motive's suit and the weapon's suit; which
  number lies on which card is not asked.  Only "right" or "wrong" is said.
* Each turn the deck's top card is turned up and laid over the table card its player
  picks; then the player asks or guesses.  A lost turn turns up no card.
* Questions, answers, guesses and verdicts are public.
* An empty deck is rebuilt from the covered table cards, shuffled.
* ``max_rounds`` (30): when that many rounds pass with the mystery unsolved, nobody
  wins.  In the complicated case (``complicated=True``) each player holds two motives
  and two weapons, and a guess names the four numbers, the two motive suits and the two
  weapon suits, each without order.

The text's example lays ♠6, ♥5, ♦A and ♣2 and then reads "is a suit missing" as
telling club from shovel, which only works with three cards (♣ absent); its numbers part
uses all four.  Questions here use every card face up, so with those four cards "is a suit
missing" always answers no; with ``table_cards=3`` and ♠6, ♥5, ♦A it tells the weapon.

Where the text and the rulings are silent:

* The answers are worked out by the rules and told at once: a seat cannot lie, and the
  answering seat makes no decision.
* A guess is named in public picks, one part of the case at a time, so no move has to
  choose among a thousand whole cases; once a player says ``guess`` it names a whole
  case (there is no taking it back, as at the table).
* The head start (``head_start``) tells each chosen seat the hour of the case it solves,
  in private, at the deal.  In the complicated case there is no hour, so it tells the sum
  of the four numbers.
* A round is one turn of every seat, lost turns included, counted from ``first_player``.
* Winning is all that counts (``utility_unit="wins"``): the winner scores 1.
* Every card ever laid face up stays public (the table piles keep their covered cards).
  Each seat's case is shown to all when the game ends.
* Explicit deals: ``game.deal(order="4D 2H 3C 5S 6S 5H AD 2C ...")`` lists the cards
  as the sorting takes them: the first red cards are the motives, seat by seat (two each
  in the complicated case), the first black cards the weapons likewise, and the other
  cards, in order, the table left to right and then the deck from its top.  Cards not
  listed follow at random.

Actions
-------
``cover 5H`` (lay the turned-up card over the table card 5♥), ``ask number there``,
``ask number missing``, ``ask suit there``, ``ask suit missing``, and ``guess``, after
which the case is named one pick at a time: the numbers low to high (``number 3``,
``number 4``), the motive (``motive greed``) and the weapon (``weapon bat``); in the
complicated case four numbers, two motives (greed before love) and two weapons (bat
before shovel).  :func:`guess_steps` lists the picks for a case.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, parse_cards
from ..core.chance import ChanceStep
from ..core.errors import OptionError, WorldError
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.phases import Phase
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.deals import DealRule, pile
from ..rules.worlds import deal_action, replay, resume, retry, seat_of

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
#: The 24 cards in play: Ace to Six of each suit.
USED: tuple[Card, ...] = tuple(CARDS[s * 13 + r] for s in range(4) for r in range(6))
#: The name each suit stands for.
SUIT_WORD = {HEARTS: "love", DIAMONDS: "greed", CLUBS: "bat", SPADES: "shovel"}
WORD_SUIT = {w: s for s, w in SUIT_WORD.items()}
MOTIVES = (DIAMONDS, HEARTS)
WEAPONS = (CLUBS, SPADES)
QUESTIONS = ("number there", "number missing", "suit there", "suit missing")
ASKS = tuple(action(f"ask {q}") for q in QUESTIONS)
MAX_TABLE = 6
MAX_SEATS = 4

#: A case as a guess names it: the numbers low to high, the motive suits, the weapon suits.
Case = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _head_start_choices() -> tuple[str, ...]:
    subsets = [
        "".join(str(s) for s in range(MAX_SEATS) if m >> s & 1) for m in range(1, 1 << MAX_SEATS)
    ]
    return ("none", "all", *sorted(subsets, key=lambda t: (len(t), t)))


@dataclass(frozen=True)
class TodOptions(Options):
    """T.O.D.'s options."""

    first_player: int = option(0, "seat that takes the first turn", min=0, max=3)
    table_cards: int = option(
        4,
        "cards face up on the table (4 in the text; 5 makes the game harder, 3 easier)",
        min=2,
        max=MAX_TABLE,
    )
    head_start: str = option(
        "none",
        "seats told the hour of the case they solve at the start: 'none', 'all', or seat "
        "digits ('0', '13': seats 1 and 3)",
        choices=_head_start_choices(),
    )
    complicated: bool = option(
        False, "the complicated case: two motives and two weapons each, four numbers to find"
    )
    max_rounds: int = option(
        30, "rounds after which an unsolved game ends, nobody winning", min=1, max=500
    )

    cap: ClassVar[str] = "max_rounds"


def per_seat(game: Game) -> int:
    """Cards of each colour in a seat's case: 1, or 2 in the complicated case."""
    return 2 if getattr(game.options, "complicated", False) else 1


def told_seats(game: Game) -> tuple[int, ...]:
    """The seats given the head start at this table."""
    h = str(getattr(game.options, "head_start", "none"))
    if h == "none":
        return ()
    if h == "all":
        return tuple(range(game.players))
    return tuple(int(d) for d in h if int(d) < game.players)


def _check(game: Game) -> None:
    h = str(getattr(game.options, "head_start", "none"))
    if h not in ("none", "all") and any(int(d) >= game.players for d in h):
        raise OptionError(
            f"head_start {h!r} names a seat beyond this table's {game.players} seats "
            f"(0 to {game.players - 1})"
        )


def _all(game: Game, variant: str) -> int:
    _check(game)
    return len(USED)


def route(
    cards: Sequence[int], players: int, k: int, table: int
) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
    """Where a deal's order puts each card: the first red cards go to the seats' motives
    (``k`` each, seat by seat), the first black cards to their weapons, and the others, in
    order, to the table (left to right) and then the deck (from its top)."""
    n = players * k
    reds = [i for i in cards if CARDS[i].red][:n]
    blacks = [i for i in cards if not CARDS[i].red][:n]
    dealt = set(reds) | set(blacks)
    rest = [i for i in cards if i not in dealt]
    cases = [tuple(reds[s * k : (s + 1) * k] + blacks[s * k : (s + 1) * k]) for s in range(players)]
    return cases, rest[:table], rest[table:]


# ------------------------------------------------------------------- the rules' facts
def case_of(cards: Iterable[Card]) -> Case:
    """The case a set of cards makes, as a guess names it."""
    cs = list(cards)
    return (
        tuple(sorted(c.rank for c in cs)),
        tuple(sorted(c.suit for c in cs if c.suit in MOTIVES)),
        tuple(sorted(c.suit for c in cs if c.suit in WEAPONS)),
    )


def case_text(case: Case) -> str:
    """``"34 greed bat"``: the words of a guess naming ``case``."""
    nums, motives, weapons = case
    words = [SUIT_WORD[s] for s in motives] + [SUIT_WORD[s] for s in weapons]
    return " ".join(["".join(str(n) for n in nums), *words])


def time_of_death(case: Case) -> str:
    """``"7:34"``: the hour is the sum, the minutes the two numbers low to high (in the
    complicated case, the four numbers)."""
    nums = case[0]
    return f"{sum(nums)}:{''.join(str(n) for n in nums)}"


def describe(case: Case) -> str:
    """``"greed, bat, 7:34"``."""
    words = [SUIT_WORD[s] for s in case[1]] + [SUIT_WORD[s] for s in case[2]]
    return ", ".join([*words, time_of_death(case)])


def answer(question: str, case: Sequence[Card], table: Iterable[Card]) -> bool:
    """The truthful yes or no to ``question`` for a case's cards and the cards face up.

    "There": at least one of the case's numbers (suits) shows on the table; "missing": at
    least one does not.  How many is never said.
    """
    what, how = question.split()
    if what == "number":
        mine = {c.rank for c in case}
        shown = {c.rank for c in table}
    else:
        mine = {c.suit for c in case}
        shown = {c.suit for c in table}
    return bool(mine & shown) if how == "there" else bool(mine - shown)


def question_text(question: str) -> str:
    """``"Is a number there?"``."""
    what, how = question.split()
    return f"Is a {what} {how}?"


GUESS = action("guess")
NUMBERS = tuple(action(f"number {n}") for n in range(1, 7))
MOTIVE_PICKS = tuple(action(f"motive {SUIT_WORD[s]}") for s in MOTIVES)
WEAPON_PICKS = tuple(action(f"weapon {SUIT_WORD[s]}") for s in WEAPONS)


def guess_steps(case: Case) -> list[str]:
    """The actions that name ``case``: ``guess``, the numbers low to high, the motives,
    then the weapons (``["guess", "number 3", "number 4", "motive greed", "weapon bat"]``)."""
    nums, mot, wea = case
    return [
        "guess",
        *(f"number {n}" for n in nums),
        *(f"motive {SUIT_WORD[x]}" for x in mot),
        *(f"weapon {SUIT_WORD[x]}" for x in wea),
    ]


def naming_menu(picks: Sequence[int], k: int) -> tuple[Action, ...]:
    """The next picks of a guess being named: numbers (each at least the last), then
    motives, then weapons (in suit order, so each case is named one way only)."""
    n = len(picks)
    if n < 2 * k:
        low = picks[-1] if picks else 1
        return NUMBERS[low - 1 :]
    if n < 3 * k:
        low_suit = picks[-1] if n > 2 * k else MOTIVES[0]
        return tuple(a for a, x in zip(MOTIVE_PICKS, MOTIVES, strict=True) if x >= low_suit)
    low_suit = picks[-1] if n > 3 * k else WEAPONS[0]
    return tuple(a for a, x in zip(WEAPON_PICKS, WEAPONS, strict=True) if x >= low_suit)


def parse_guess(act: Action | str, k: int) -> Case | None:
    """The case a guess names, or None when it is no well-formed guess."""
    words = str(act).split()
    if len(words) != 2 + 2 * k or words[0] != "guess" or len(words[1]) != 2 * k:
        return None
    if not words[1].isdigit() or any(not "1" <= d <= "6" for d in words[1]):
        return None
    if any(w not in WORD_SUIT for w in words[2:]):
        return None
    suits = [WORD_SUIT[w] for w in words[2:]]
    mot = [x for x in suits if x in MOTIVES]
    wea = [x for x in suits if x in WEAPONS]
    if len(mot) != k or len(wea) != k:
        return None
    return (tuple(sorted(int(d) for d in words[1])), tuple(sorted(mot)), tuple(sorted(wea)))


# ----------------------------------------------------------------- the game
class TodState(State):
    """A game of T.O.D.  ``cases[s]`` holds seat ``s``'s card indices (motives, then
    weapons); ``stacks`` the table piles bottom first (the top shows); ``deck`` card indices
    with the top last; ``flipped`` the card turned up and waiting to be laid (-1: none)."""

    __slots__ = (
        "cases",
        "deck",
        "flipped",
        "lost",
        "naming",
        "reshuffles",
        "seat",
        "stacks",
        "turns",
    )

    DEAL = DealRule(pile("order", _all), cards=lambda game: USED)

    cases: list[tuple[int, ...]]
    stacks: list[list[int]]
    deck: list[int]
    flipped: int
    lost: list[bool]
    naming: list[int]
    reshuffles: int
    seat: int
    turns: int

    def reset_hand(self) -> None:
        self.cases = [() for _ in range(self.players)]
        self.stacks = []
        self.deck = []
        self.flipped = -1
        self.lost = [False] * self.players
        self.seat = int(self.options.first_player) % self.players
        self.turns = 0
        self.reshuffles = 0
        self.naming = []

    def target(self, seat: int) -> int:
        """The seat whose case ``seat`` solves: its left neighbour."""
        return (seat + 1) % self.players

    def table(self) -> list[Card]:
        """The cards face up now, left to right."""
        return [CARDS[s[-1]] for s in self.stacks]

    def on_deal(self, dealt: Any) -> None:
        k = per_seat(self.game)
        n = self.players
        self.cases, first, deck = route(dealt.indices("order"), n, k, int(self.options.table_cards))
        self.stacks = [[i] for i in first]
        self.deck = deck[::-1]  # the order lists the deck from its top
        table = tuple(CARDS[i] for i in first)
        self.log(
            "deal",
            None,
            f"Each player gets a secret case; {' '.join(c.text for c in table)} are laid face up",
            cards=table,
        )
        for s in range(n):
            cards = tuple(CARDS[i] for i in self.cases[s])
            self.log(
                "case",
                s,
                "",
                f"{self.names[s]} holds the case {' '.join(c.text for c in cards)} "
                f"({describe(case_of(cards))}) for {self.names[(s - 1) % n]} to solve",
                (s,),
                hidden=cards,
            )
        for s in told_seats(self.game):
            nums = case_of(CARDS[i] for i in self.cases[self.target(s)])[0]
            word = "hour" if k == 1 else "sum of the numbers"
            self.log(
                "told",
                s,
                "",
                f"{self.names[s]} is told the {word} of the case it solves: {sum(nums)}",
                (s,),
                told=sum(nums),
            )
        self._turn()

    # ------------------------------------------------------------ turns
    def _turn(self) -> None:
        """Start the turn of ``self.seat``: a lost turn passes, else a card is turned up."""
        while self.lost[self.seat]:
            self.lost[self.seat] = False
            self.log(
                "skip", self.seat, f"{self.names[self.seat]} loses this turn for a wrong guess"
            )
            if self._next():
                return
        if not self.deck:
            covered = [i for s in self.stacks for i in s[:-1]]
            for s in self.stacks:
                del s[:-1]
            self.to_move = ()
            self.chance = ChanceStep(
                "shuffle",
                tuple(CARDS[i] for i in covered),
                _shuffled,
                "the reshuffle of the covered table cards",
            )
            return
        self._flip()

    def _flip(self) -> None:
        i = self.deck.pop()
        self.flipped = i
        c = CARDS[i]
        self.log("flip", self.seat, f"{self.names[self.seat]} turns up {c.text}", cards=(c,))
        self.phase = self.COVER
        self.to_move = (self.seat,)

    def _next(self) -> bool:
        """Pass the turn on; True when the cap has ended the game."""
        self.turns += 1
        self.seat = (self.seat + 1) % self.players
        cap = int(self.options.max_rounds)
        if self.turns >= cap * self.players:
            self.end_game((), f"The game stops at its cap of {cap} rounds with no case solved")
            return True
        return False

    def rounds(self) -> int:
        """Rounds completed so far."""
        return self.turns // self.players

    # ------------------------------------------------------------ cover
    def _cover_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(action(f"cover {c.code}") for c in self.table())

    def _cover(self, act: Action, seat: int) -> None:
        target = act.cards[0]
        k = next(j for j, s in enumerate(self.stacks) if s[-1] == target.index)
        self.stacks[k].append(self.flipped)
        c = CARDS[self.flipped]
        self.flipped = -1
        self.log(
            "cover",
            seat,
            f"{self.names[seat]} lays {c.text} over {target.text}",
            cards=(c,),
            covered=target.code,
        )
        self.phase = self.ASK
        self.to_move = (seat,)

    def _cover_why(self, act: Action, seat: int) -> str:
        shown = ", ".join(c.text for c in self.table())
        return f"lay {CARDS[self.flipped].text} over one of the cards face up: {shown}"

    def _cover_prompt(self, seat: int) -> str:
        return f"Lay {CARDS[self.flipped].text} over one of the table cards"

    # ------------------------------------------------------------ ask or guess
    def _ask_legal(self, seat: int) -> tuple[Action, ...]:
        return (*ASKS, GUESS)

    def _ask_apply(self, act: Action, seat: int) -> None:
        t = self.target(seat)
        names = self.names
        if act.verb == "guess":
            self.naming = []
            self.log("naming", seat, f"{names[seat]} names {names[t]}'s case")
            self.phase = self.NAME
            return
        mine = [CARDS[i] for i in self.cases[t]]
        q = " ".join(act.args)
        table = self.table()
        yes = answer(q, mine, table)
        self.log(
            "ask",
            seat,
            f"{names[seat]} asks {names[t]}: {question_text(q)} {names[t]} answers "
            f"{'yes' if yes else 'no'}",
            question=q,
            answer=yes,
            table=tuple(c.code for c in table),
        )
        if not self._next():
            self._turn()

    def _ask_why(self, act: Action, seat: int) -> str:
        listed = ", ".join(f"'{a}'" for a in ASKS)
        return f"ask one of the four questions ({listed}), or 'guess' to name the case"

    def _ask_prompt(self, seat: int) -> str:
        return f"Ask {self.names[self.target(seat)]} a question, or name the case"

    # ------------------------------------------------------------ naming a case
    def _name_legal(self, seat: int) -> tuple[Action, ...]:
        return naming_menu(self.naming, per_seat(self.game))

    def _name(self, act: Action, seat: int) -> None:
        k = per_seat(self.game)
        word = act.args[0]
        value = int(word) if act.verb == "number" else WORD_SUIT[word]
        self.naming.append(value)
        names = self.names
        self.log(
            "naming",
            seat,
            f"{names[seat]} names {'the number ' if act.verb == 'number' else ''}{word}",
        )
        if len(self.naming) < 4 * k:
            return
        p = self.naming
        case: Case = (tuple(p[: 2 * k]), tuple(p[2 * k : 3 * k]), tuple(p[3 * k :]))
        self.naming = []
        t = self.target(seat)
        right = case == case_of(CARDS[i] for i in self.cases[t])
        self.log(
            "guess",
            seat,
            f"{names[seat]} names {names[t]}'s case as {describe(case)}: "
            f"{'right' if right else 'wrong'}",
            guess=case_text(case),
            right=right,
        )
        if right:
            self.award(seat, 1, "solved the case")
            self.end_game((seat,), f"{names[seat]} solved {names[t]}'s case")
            return
        self.lost[seat] = True
        self.phase = self.ASK  # between turns
        if not self._next():
            self._turn()

    def _name_why(self, act: Action, seat: int) -> str:
        k = per_seat(self.game)
        n = len(self.naming)
        listed = ", ".join(f"'{a}'" for a in self._name_legal(seat))
        if n < 2 * k:
            what = f"number {n + 1} of {2 * k}, low to high"
        elif n < 3 * k:
            what = "the motive" if k == 1 else "the motives, greed before love"
        else:
            what = "the weapon" if k == 1 else "the weapons, bat before shovel"
        return f"name {what}: {listed}"

    def _name_prompt(self, seat: int) -> str:
        k = per_seat(self.game)
        n = len(self.naming)
        if n < 2 * k:
            return f"Name the case: number {n + 1} of {2 * k}, low to high"
        return "Name the case: the motive" if n < 3 * k else "Name the case: the weapon"

    COVER = Phase("cover", _cover_legal, _cover, _cover_why, _cover_prompt)
    ASK = Phase("ask", _ask_legal, _ask_apply, _ask_why, _ask_prompt)
    NAME = Phase("name", _name_legal, _name, _name_why, _name_prompt)

    # ------------------------------------------------------------ the end
    def utility(self, seat: int) -> float:
        return 1.0 if seat in self.winners() else 0.0

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if not winners:
            return "Nobody wins"
        s = winners[0]
        return f"{self.names[s]} wins"

    # ------------------------------------------------------------ observation
    def seat_status(self, seat: int) -> str:
        return "loses a turn" if self.lost[seat] else ""

    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"solves": self.names[self.target(seat)]}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        me = view.seat
        over = self.terminal
        zones = []
        for s in range(self.players):
            cards = [CARDS[i] for i in self.cases[s]]
            zones.append(Zone("case", s, view.held(cards, me == s, over), "row", label="case"))
        for k, st in enumerate(self.stacks):
            # covered cards were shown to all: the pile keeps them, the top shows
            zones.append(
                Zone(
                    f"table{k + 1}",
                    None,
                    tuple(CARDS[i] for i in st),
                    "pile",
                    label=f"Table {k + 1}",
                )
            )
        if self.flipped >= 0:
            zones.append(Zone("flipped", None, (CARDS[self.flipped],), "pile", label="turned up"))
        deck = [CARDS[i] for i in self.deck]
        if view.teacher:
            # after a reshuffle the deck holds covered cards, which everyone has seen
            again = self.reshuffles > 0
            zones.append(Zone("deck", None, tuple(view.card(c, seen=again) for c in deck), "pile"))
        else:
            zones.append(Zone("deck", None, view.stack(deck), "pile"))
        info: dict[str, Any] = {
            "round": min(self.rounds() + 1, int(self.options.max_rounds)),
            "max_rounds": self.options.max_rounds,
            "table": " ".join(c.text for c in self.table()),
        }
        if self.phase == "name":
            info["named"] = len(self.naming)
        if me is not None:
            info["solves"] = self.names[self.target(me)]
            for e in self.events:
                if e.kind == "told" and e.seat == me:
                    info["told"] = e.get("told")
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world for the seat: every other seat's case drawn uniformly among those that
        agree with all the public answers and wrong guesses about it (and with each
        other: no card twice), the cards nobody has seen dealt to the deck at random
        below the cards turned up from it, and the game replayed."""
        return retry(_world, game, obs, rng)


def _shuffled(state: TodState, act: Action) -> None:
    state.deck = [c.index for c in act.cards]
    state.reshuffles += 1
    state.log(
        "reshuffle",
        None,
        f"The deck is empty: the {len(state.deck)} covered table cards are shuffled into a "
        "new deck",
        count=len(state.deck),
    )
    state._flip()


# ----------------------------------------------------------------- deduction
class Asked(NamedTuple):
    """One public question: who asked, what, the answer, and the cards face up then."""

    seat: int
    question: str
    answer: bool
    table: tuple[Card, ...]


class Knowledge(NamedTuple):
    """What one seat knows about the case it solves, read from its observation."""

    seat: int
    target: int
    k: int  # cards of each colour in a case
    seen: frozenset[Card]  # its own case and every card ever face up
    asked: tuple[Asked, ...]  # its own questions
    wrong: frozenset[Case]  # its wrong guesses
    told: int | None  # the hour (sum) of the head start


def _public(obs: Observation) -> tuple[list[Asked], dict[int, set[Case]], set[Card]]:
    asked: list[Asked] = []
    wrong: dict[int, set[Case]] = {}
    shown: set[Card] = set()
    for e in obs.history:
        if e.kind in ("deal", "flip"):
            shown.update(e.cards)
        elif e.kind == "ask":
            table = parse_cards(" ".join(e.get("table")))
            who = -1 if e.seat is None else e.seat
            asked.append(Asked(who, e.get("question"), bool(e.get("answer")), table))
        elif e.kind == "guess" and not e.get("right"):
            words = str(e.get("guess")).split()
            case = parse_guess("guess " + e.get("guess"), len(words[0]) // 2)
            if case is not None:
                wrong.setdefault(-1 if e.seat is None else e.seat, set()).add(case)
    return asked, wrong, shown


def knowledge(obs: Observation) -> Knowledge:
    """What ``obs``'s seat knows about the case it solves (``WorldError`` for a spectator)."""
    me = seat_of(obs)
    asked, wrong, shown = _public(obs)
    own = obs.zone("case", me).faces
    k = len(own) // 2
    return Knowledge(
        me,
        (me + 1) % obs.players,
        k,
        frozenset(shown) | frozenset(own),
        tuple(a for a in asked if a.seat == me),
        frozenset(wrong.get(me, ())),
        obs.info.get("told"),
    )


def _pools(seen: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    s = set(seen)
    return (
        [c for c in USED if c.red and c not in s],
        [c for c in USED if not c.red and c not in s],
    )


def card_cases(know: Knowledge, asked: Sequence[Asked] | None = None) -> list[tuple[Card, ...]]:
    """Every set of cards the solved case could be (motives then weapons), each equally
    likely: cards the seat has not seen, agreeing with its answers, wrong guesses and
    head start."""
    reds, blacks = _pools(know.seen)
    k = know.k
    qs = know.asked if asked is None else asked
    out = []
    for r in combinations(reds, k):
        for b in combinations(blacks, k):
            cards = r + b
            if know.told is not None and sum(c.rank for c in cards) != know.told:
                continue
            if any(answer(a.question, cards, a.table) != a.answer for a in qs):
                continue
            if know.wrong and case_of(cards) in know.wrong:
                continue
            out.append(cards)
    return out


def case_weights(know: Knowledge) -> Counter[Case]:
    """Each case still possible, with the number of card sets that make it."""
    return Counter(case_of(cs) for cs in card_cases(know))


def entropy(weights: Iterable[float]) -> float:
    """The Shannon entropy in bits of a distribution given by weights."""
    ws = [w for w in weights if w]
    total = sum(ws)
    return abs(sum(w / total * math.log2(w / total) for w in ws)) if total else 0.0


def yes_chance(question: str, cards_list: Sequence[Sequence[Card]], table: Sequence[Card]) -> float:
    """The chance the answer is yes, over equally likely card sets."""
    if not cards_list:
        return 0.0
    return sum(answer(question, cs, table) for cs in cards_list) / len(cards_list)


def information(
    question: str, cards_list: Sequence[Sequence[Card]], table: Sequence[Card]
) -> float:
    """The expected information of ``question`` in bits: the entropy of its answer (the
    answer is a function of the case, so this is what it takes off the uncertainty)."""
    p = yes_chance(question, cards_list, table)
    return entropy((p, 1 - p)) if 0 < p < 1 else 0.0


class Analysis(NamedTuple):
    """The teaching view for one seat: what is left and what each question is worth."""

    cases: int  # cases still possible
    bits: float  # entropy of the case, in bits
    best: Case | None  # the likeliest case
    best_chance: float
    questions: dict[str, tuple[float, float]]  # question -> (chance of yes, bits)


def analyse(obs: Observation) -> Analysis:
    """For ``obs``'s seat: the cases left, their uncertainty, and for each question the
    chance of a yes and its expected information with the cards face up now."""
    know = knowledge(obs)
    cards_list = card_cases(know)
    weights = Counter(case_of(cs) for cs in cards_list)
    table = _face_up(obs)
    qs = {
        q: (yes_chance(q, cards_list, table), information(q, cards_list, table)) for q in QUESTIONS
    }
    if not weights:
        return Analysis(0, 0.0, None, 0.0, qs)
    best, w = weights.most_common(1)[0]
    return Analysis(len(weights), entropy(weights.values()), best, w / len(cards_list), qs)


def _face_up(obs: Observation) -> list[Card]:
    out = []
    for z in obs.zones:
        if z.name.startswith("table") and z.faces:
            out.append(z.faces[-1])
    return out


def solutions_left(obs: Observation) -> list[str]:
    """The cases still possible for ``obs``'s seat, as a guess names them, likeliest first."""
    weights = case_weights(knowledge(obs))
    return [case_text(c) for c, _ in weights.most_common()]


def odds(obs: Observation) -> dict[str, float]:
    """The analysis panel: how many cases are left and the bits of uncertainty, with the
    chance that the likeliest guess is right; then for each question the chance of a yes,
    labelled with its expected information in bits (with the cards face up now).  Empty
    for a spectator or once the game is over."""
    if obs.terminal or obs.seat is None:
        return {}
    a = analyse(obs)
    if a.best is None:
        return {}
    out = {
        f"{a.cases} cases left, {a.bits:.2f} bits; best guess {case_text(a.best)}": a.best_chance
    }
    for q, (p, bits) in a.questions.items():
        out[f"{question_text(q)} yes; {bits:.2f} bits"] = p
    return out


# ----------------------------------------------------------------- bots
class TodBot(PhaseBot):
    """Lays the turned-up card where the best question gains most, asks the question
    with the most expected information, and names the case once only one is left (or,
    when no question can tell anything more, the likeliest)."""

    name: ClassVar[str] = "heuristic"

    @on("cover", why="cover the table card that leaves the most informative question")
    def cover(self, obs: Observation) -> Action:
        know = knowledge(obs)
        cards_list = card_cases(know)
        flipped = obs.zone("flipped").faces[0]
        table = _face_up(obs)

        def gain(a: Action) -> float:
            after = [flipped if c == a.cards[0] else c for c in table]
            return max(information(q, cards_list, after) for q in QUESTIONS)

        return max(obs.legal, key=gain)

    @on("ask", why="name the case when one is left, else ask the most informative question")
    def ask(self, obs: Observation) -> Action:
        a = analyse(obs)
        if a.best is not None and (a.cases == 1 or max(b for _, b in a.questions.values()) == 0):
            return GUESS
        q = max(QUESTIONS, key=lambda q: a.questions[q][1])
        return action(f"ask {q}")

    @on("name", why="name the likeliest case, step by step")
    def pick(self, obs: Observation) -> Action:
        return _next_pick(obs)


def _next_pick(obs: Observation) -> Action:
    """The next step of naming the likeliest case (its picks so far are public)."""
    best = analyse(obs).best
    done = int(obs.info.get("named", 0))
    if best is None:
        return obs.legal[0]
    step = action(guess_steps(best)[1 + done])
    return step if step in obs.legal else obs.legal[0]


class RandomAsker(PhaseBot):
    """For comparison: covers and asks at random, but names the case once one is left."""

    name: ClassVar[str] = "random_asker"

    @on("cover", why="cover a table card at random")
    def cover(self, obs: Observation) -> Action:
        return obs.legal[random.Random(len(obs.history)).randrange(len(obs.legal))]

    @on("ask", why="name the case when one is left, else ask a question at random")
    def ask(self, obs: Observation) -> Action:
        weights = case_weights(knowledge(obs))
        if len(weights) == 1:
            return GUESS
        return ASKS[random.Random(len(obs.history)).randrange(4)]

    @on("name", why="name the case the answers leave")
    def pick(self, obs: Observation) -> Action:
        return _next_pick(obs)


# ----------------------------------------------------------------- worlds
def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    k = per_seat(game)
    asked, wrong, shown = _public(obs)
    own = tuple(obs.zone("case", me).faces)
    seen = set(shown) | set(own)
    told = obs.info.get("told")
    domains: dict[int, list[tuple[Card, ...]]] = {}
    for t in range(n):
        if t == me:
            continue
        asker = (t - 1) % n
        know = Knowledge(
            asker,
            t,
            k,
            frozenset(seen),
            tuple(a for a in asked if a.seat == asker),
            frozenset(wrong.get(asker, ())),
            told if asker == me else None,
        )
        domains[t] = card_cases(know)
        if not domains[t]:
            raise WorldError(f"no case of seat {t} agrees with the answers")
    cases: dict[int, tuple[Card, ...]] = {me: own}
    for _ in range(2000):
        used: set[Card] = set(own)
        ok = True
        for t, dom in domains.items():
            cs = dom[rng.randrange(len(dom))]
            if used.intersection(cs):
                ok = False
                break
            used.update(cs)
            cases[t] = cs
        if ok:
            break
    else:
        raise WorldError("no cases without a card twice")
    world = resume(game, obs)
    assert isinstance(world, TodState)
    table0: list[Card] = []
    flips: list[list[int]] = [[]]
    for e in obs.history:
        if e.kind == "deal":
            table0 = list(e.cards)
        elif e.kind == "flip":
            flips[-1].append(e.cards[0].index)
        elif e.kind == "reshuffle":
            flips.append([])
    in_cases = {c.index for cs in cases.values() for c in cs}
    rest = [c.index for c in USED if c not in seen and c.index not in in_cases]
    rng.shuffle(rest)
    order = (
        [cases[s][i].index for s in range(n) for i in range(k)]
        + [cases[s][k + i].index for s in range(n) for i in range(k)]
        + [c.index for c in table0]
        + flips[0]
        + rest
    )
    deal = deal_action(world, {("order", None): order})
    later = flips[1:]

    def chance(w: State, history: Any, i: int) -> str:
        if w.chance is not None and w.chance.kind == "deal":
            return deal
        assert w.chance is not None
        avail = [c.index for c in w.chance.cards]
        want = later.pop(0) if later else []
        if any(c not in avail for c in want):
            raise WorldError("a card turned up after the reshuffle was not covered")
        left = [c for c in avail if c not in want]
        rng.shuffle(left)
        order = list(reversed(want + left))  # bottom first: the top is last
        return "shuffle " + " ".join(CARDS[c].code for c in order)

    return replay(world, obs, chance=chance)


# ----------------------------------------------------------------- simulation
def play_games(
    n: int = 100, players: int = 3, seed: int = 0, bots: Any = "heuristic", **options: Any
) -> Any:
    """Play ``n`` games and return one row per game: the winner (-1: nobody), rounds,
    questions and guesses asked, and for the winner the questions it needed."""
    from ..core.match import Match
    from ..core.optional import pandas as pd

    rows = []
    for g in range(n):
        m = Match("tod", players=players, seed=seed + g, agents=bots, **options)
        m.run()
        st = m.state
        assert isinstance(st, TodState)
        asks = Counter(e.seat for e in st.events if e.kind == "ask")
        winners = st.winners()
        w = winners[0] if winners else -1
        rows.append(
            {
                "game": g,
                "winner": w,
                "rounds": st.rounds() + (0 if not winners else 1),
                "turns": st.turns + (1 if winners else 0),
                "questions": sum(asks.values()),
                "winner_questions": asks[w] if w >= 0 else None,
                "guesses": sum(1 for e in st.events if e.kind == "guess"),
            }
        )
    return pd.DataFrame(rows)


def cases_by_turn(
    players: int = 3, seed: int = 0, bots: Any = "heuristic", seat: int = 0, **options: Any
) -> list[int]:
    """Play one game and return how many cases ``seat`` still had open each time it was
    about to ask or guess (the shrinking set), ending with the count when the game ended."""
    from ..core.match import Match

    m = Match("tod", players=players, seed=seed, agents=bots, **options)
    out = []
    while not m.terminal:
        st = m.state
        if st.phase == "ask" and st.to_move == (seat,):
            out.append(len(case_weights(knowledge(m.observation(seat)))))
        m.step()
    return out


GAME = register(
    GameSpec(
        name="tod",
        title="T.O.D.",
        family="deduction",
        players=(2, 3, 4),
        default_players=3,
        summary="Lay a card over the table, ask your neighbour one yes/no question about "
        "their secret case, and be first to name its motive, weapon and time of death.",
        state_class=TodState,
        options_class=TodOptions,
        bots={"heuristic": TodBot, "random_asker": RandomAsker},
        source="Femtiofem booklet (Scott Huntington), after Sid Sackson's Sleuth",
        layout=TableLayout(
            center=("flipped", *(f"table{k + 1}" for k in range(MAX_TABLE)), "deck")
        ),
        bench_target=600,
        dealer=False,
        odds=odds,
        may_end_without_winner=True,
        utility_unit="wins",
        variants={
            "five table cards": {"table_cards": 5},
            "three table cards": {"table_cards": 3},
            "head start for all": {"head_start": "all"},
            "complicated case": {"complicated": True},
        },
    )
)
