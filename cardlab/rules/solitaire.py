"""One-player patience games, once for all: a deal's life, its moves, its end and its solver.

``SolitaireGame`` is the state of a patience game played on a tableau
(``cardlab.rules.tableau``): one player, a layout of stacks, foundations, and moves until
the deal is won, stuck or given up.  A game subclasses it, declares its ``LAYOUT`` and its
``PLAY`` phase, and writes only what is its own (which moves exist, what they do beyond
the common ones, how a deal is scored).  What the component gives:

* The deal's life: ``stacks`` (the layout, a ``Frozen`` tuple of stacks that clones share
  and each move replaces), ``found`` (cards home per suit), ``moves`` (moves made this deal)
  and ``deals_won``.  Each deal starts from an empty layout (``reset_hand``); a game's
  ``on_deal`` lays the cards out and calls ``begin_play``.
* Moves, each said in one pattern: ``move_home`` (``"<player> puts 7♥ on its foundation"``,
  with ``from <place>`` when ``HOME_FROM``), ``move_cards`` (``"<player> moves 9♥ and 2 more
  from <place> to tableau3"``; the words for the cards carried are ``CARRIED``) and
  ``turn_card`` (``"<player> turns up 7♥ on deck2"``). ``place`` names a stack in these
  sentences.  Their events are ``home``, ``move`` and ``turn`` with ``cards``, ``source``
  and ``target`` as data, made once per wording and action (the first event of a move
  records it, as ``log`` does) and shared; ``say`` does the same for a game's own events
  (Frozen Novelty's slides).
* The end of each move: ``end_move`` lays the new stacks down, then ends the deal when every
  card is home, for the game's own reason when it gives one (a limit reached, a tableau
  cleared), or when nothing but ``stop`` is left ("has no move left"); otherwise it lists
  the next moves.
* The end of a deal and of the game: ``end_deal`` scores the deal (``score_deal``: by
  default a point per card home, won with all 52) and closes it with ``"<player> <why>:
  <tally>"``, ``" (won)"`` after a won deal.  A game is one deal unless the option ``hands``
  asks for more; it is won when every deal was, its outcome reads ``"Won with a score of
  52"`` or ``"Lost with a score of 31"``.
* Solvers and winnable deals: ``solitaire_spec`` registers a solitaire with its
  ``solve(state, budget=...)`` as the spec's solver; with the option ``winnable``
  (``SolitaireOptions``) the deal is the first one of the seeded stream that the solver
  proves can be won (``winnable_deal``).  ``deal_cards`` and ``check_budget`` read a
  solver's arguments; ``best_move`` is a patience bot's choice among scored moves.

How the patience games compose it:

* Golf: no foundations (``FOUNDATIONS = False``): a move plays a pile's top card, or turns a
  stock card, onto the discard pile (its own words, ``play`` and ``draw``); the deal is over
  when the piles are clear, and is scored by the cards left in them.
* Canfield: ``move_home`` from the reserve, the waste or the tableau, said with where the
  card came from; ``move_cards`` onto the tableau; its own draws, redeals and refills; the
  deal is also over after ``idle_limit`` moves without progress; casino scoring.
* Frozen Novelty: ``turn_card``, ``move_home``, ``move_cards`` and its own slides; the deal
  is also over at ``max_moves``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

from ..core.actions import Action, action
from ..core.cards import CARDS, Card, parse_cards
from ..core.clone import Frozen
from ..core.errors import CardlabError
from ..core.events import Event, event
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.solver import Solved, winnable_deal
from ..core.spec import GameSpec
from ..core.state import State
from .tableau import CARD, SUIT, Layout, Stacks, find, move_run, send_home, turn_up

#: Ends the deal at once (the score is what it is); offered last, when a game has it.
STOP: Final = action("stop")


class SolverError(CardlabError, ValueError):
    """A solver was given something it cannot solve: no deal of its game, or no budget."""


# Events made once per wording and facts: a deal repeats few of them, playouts many.
_EVENTS: dict[tuple[Any, ...], Event] = {}


def _said(key: tuple[Any, ...], kind: str, text: str, **data: Any) -> Event:
    # The key ends with the action the event records (None after a move's first event).
    if len(_EVENTS) > 100_000:
        _EVENTS.clear()
    ev = _EVENTS[key] = event(kind, 0, text, action=key[-1], **data)
    return ev


class SolitaireGame(State):
    """A deal of a patience game in progress (see the module docstring).

    ``stacks`` holds the layout's stacks (``LAYOUT``), each a tuple of entries bottom
    first: a card index, plus ``UP`` (64) when it lies face up.  ``found`` counts the
    cards home per suit, ``moves`` the moves made this deal, ``deals_won`` the deals won.
    """

    __slots__ = ("deals_won", "found", "moves", "stacks")

    #: The stacks by name.
    LAYOUT: ClassVar[Layout]
    #: The phase of play, which every deal leads to (the game's own ``Phase``).
    PLAY: ClassVar[Phase]
    #: Whether the layout has foundations (Golf's has none: no card ever goes home).
    FOUNDATIONS: ClassVar[bool] = True
    #: Whether a card sent home is said to come from its stack ("… from the waste").
    HOME_FROM: ClassVar[bool] = False
    #: The words for the cards carried on a moved card (``n`` of them, ``cards`` as
    #: "2 cards"): "9♥ and 2 more".
    CARRIED: ClassVar[str] = "{n} more"

    stacks: tuple[tuple[int, ...], ...]
    found: list[int]
    moves: int
    deals_won: int

    # ------------------------------------------------------------ life cycle
    def setup(self) -> None:
        self.deals_won = 0

    def reset_hand(self) -> None:
        # A finished deal stays on the table until the next one is dealt.
        self.stacks = Frozen(self.LAYOUT.empty())
        self.found = [0, 0, 0, 0]
        self.moves = 0

    def begin_play(self, stacks: Stacks) -> None:
        """Lay the dealt ``stacks`` down and wait for the player's first move."""
        self.stacks = Frozen(stacks)
        self.phase = self.PLAY
        self.to_move = (0,)

    @property
    def home(self) -> int:
        """Cards on the foundations."""
        return sum(self.found)

    # ------------------------------------------------------------ moves
    def place(self, k: int) -> str:
        """How the narration names stack ``k`` as where a card comes from."""
        return self.LAYOUT.names[k]

    def move_home(self, stacks: Stacks, c: int, sources: Sequence[int]) -> int:
        """Put card ``c``, the top of one of the stacks ``sources``, on its foundation and
        say so; return the stack it came from."""
        k = next(k for k in sources if stacks[k] and stacks[k][-1] & CARD == c)
        send_home(stacks, self.found, k)
        name = self.names[0]
        key = (type(self), name, "home", c, k, self.recording())
        ev = _EVENTS.get(key)
        if ev is None:
            card = CARDS[c]
            where = f" from {self.place(k)}" if self.HOME_FROM else ""
            ev = _said(
                key,
                "home",
                f"{name} puts {card.text} on its foundation{where}",
                cards=(card,),
                source=self.LAYOUT.names[k],
                target=f"foundation{SUIT[c] + 1}",
            )
        self.events.append(ev)
        return k

    def move_cards(self, stacks: Stacks, c: int, d: int) -> tuple[int, tuple[int, ...]]:
        """Move card ``c`` with every card on it onto stack ``d`` and say so; return the
        stack it came from and the entries moved."""
        where = find(stacks, c)
        assert where is not None
        k, i = where
        run = move_run(stacks, k, i, d)
        name = self.names[0]
        key = (type(self), name, "move", run, k, d, self.recording())
        ev = _EVENTS.get(key)
        if ev is None:
            n = len(run)
            names = self.LAYOUT.names
            more = ""
            if n > 1:
                more = " and " + self.CARRIED.format(n=n - 1, cards=plural(n - 1, "card"))
            ev = _said(
                key,
                "move",
                f"{name} moves {CARDS[c].text}{more} from {self.place(k)} to {names[d]}",
                cards=tuple(CARDS[e & CARD] for e in run),
                source=names[k],
                target=names[d],
                count=n,
            )
        self.events.append(ev)
        return k, run

    def turn_card(self, stacks: Stacks, k: int) -> int:
        """Turn the face-down top card of stack ``k`` face up where it lies and say so;
        return its card index."""
        c = turn_up(stacks, k)
        name = self.names[0]
        key = (type(self), name, "turn", c, k, self.recording())
        ev = _EVENTS.get(key)
        if ev is None:
            where = self.LAYOUT.names[k]
            ev = _said(
                key,
                "turn",
                f"{name} turns up {CARDS[c].text} on {where}",
                cards=(CARDS[c],),
                source=where,
            )
        self.events.append(ev)
        return c

    def say(self, key: tuple[Any, ...], kind: str, text: str, **data: Any) -> None:
        """Log the player's event ``kind``, made once for each ``key`` (the facts that
        decide its words and data) and shared after that."""
        full = (type(self), self.names[0], kind, *key, self.recording())
        ev = _EVENTS.get(full)
        if ev is None:
            ev = _said(full, kind, text, **data)
        self.events.append(ev)

    # ------------------------------------------------------------ the end of a move
    def end_move(self, stacks: Stacks, over: str = "") -> None:
        """Lay ``stacks`` down after a move and end the deal when every card is home, when
        ``over`` says why it ends by the game's own rules (words after the player's name:
        ``"clears the tableau"``), or when nothing but ``stop`` is left; else list the
        next moves."""
        self.stacks = Frozen(stacks)
        if self.FOUNDATIONS and sum(self.found) == 52:
            over = "brings every card home"
        if over:
            self.end_deal(over)
            return
        acts = self.phase.legal(self, 0)
        if not acts or acts[0] is STOP:  # stop comes last: nothing else is left
            self.end_deal("has no move left")
            return
        self._lc_seat = 0
        self._lc = acts

    def end_deal(self, why: str) -> None:
        """Score the deal and close it: ``"<player> <why>: <tally>"``."""
        tally, won = self.score_deal()
        if won:
            self.deals_won += 1
        self.end_hand(f"{self.names[0]} {why}: {tally}{' (won)' if won else ''}")

    def score_deal(self) -> tuple[str, bool]:
        """Award the deal's points; return its tally in words and whether it was won.

        By default a point per card home, won with every card home.
        """
        home = sum(self.found)
        self.award(0, home, f"{plural(home, 'card')} on the foundations")
        return f"{home} of 52 cards home", home == 52

    # ------------------------------------------------------------ outcome
    def game_over(self) -> bool:
        return True  # one deal, unless the option ``hands`` asks for more

    def solitaire_won(self) -> bool:
        """Whether every deal played was won (False before the first deal ends)."""
        return bool(self.results) and self.deals_won == len(self.results)

    def decide_winners(self) -> tuple[int, ...]:
        return (0,) if self.solitaire_won() else ()

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        return f"{'Won' if winners else 'Lost'} with a score of {self.scores[0]}"

    # ------------------------------------------------------------ chance
    def sample_chance(self, rng: Any) -> Action:
        """A random outcome for the pending chance step; with the ``winnable`` option, a
        deal the game's solver proves can be won."""
        step = self.chance
        if step is not None and step.kind == "deal" and getattr(self.options, "winnable", False):
            return winnable_deal(self, rng)
        return super().sample_chance(rng)


def best_move(actions: Iterable[Action], scores: Iterable[int | None]) -> Action:
    """The action with the highest score (``scores`` in the order of ``actions``; ``None``:
    never this one), the first among equals; ``stop`` when none has a score.  A patience
    bot's choice of a move."""
    best: tuple[int, Action] | None = None
    for a, value in zip(actions, scores, strict=True):
        if value is not None and (best is None or value > best[0]):
            best = (value, a)
    return best[1] if best is not None else STOP


# ---------------------------------------------------------------- solvers
def solitaire_spec(*, solve: Callable[..., Solved], **facts: Any) -> GameSpec:
    """A solitaire's ``GameSpec``: one player, no dealer, won or
    lost, and ``solve(state, budget=budget)`` as its solver; ``facts`` are the rest of the
    spec (name, title, state and options classes, bots, layout, targets …)."""

    def solver(state: State, budget: int) -> Solved:
        return solve(state, budget=budget)

    solver.__doc__ = f"The verdict of {solve.__module__}.solve on ``state``'s position."
    return GameSpec(
        family="solitaire", players=(1,), solitaire=True, dealer=False, solver=solver, **facts
    )


def deal_cards(deal: Any, order: str) -> tuple[Card, ...]:
    """The 52 cards of a deal given as a deal action, its text (``"deal ..."``) or its
    cards; ``order`` says in which order a deal lists them, for the refusal."""
    if isinstance(deal, str):
        words = deal.split()
        cards = parse_cards(words[1:] if words and words[0] == "deal" else words)
    else:
        cards = parse_cards(deal)
    if len(cards) != 52 or len({c.index for c in cards}) != 52:
        raise SolverError(f"a deal lists each of the 52 cards once: {order}")
    return cards


def check_budget(budget: Any) -> None:
    """Refuse a budget that is not a whole number of positions ≥ 1."""
    if type(budget) is not int or budget < 1:
        raise SolverError(f"budget must be a whole number of positions ≥ 1, not {budget!r}")


__all__ = [
    "STOP",
    "SolitaireGame",
    "SolverError",
    "best_move",
    "check_budget",
    "deal_cards",
    "solitaire_spec",
]
