"""SolitaireGame on a toy patience: moves said in one pattern, the end of moves and deals,
won-or-lost outcomes, several deals, the solver hook and winnable deals.

The toy: the whole pack lies face down in a stock.  ``turn`` turns its top card up,
``home C`` sends a face-up top card to its foundation (built from the Ace in suit),
``move C rowK`` puts the stock's face-up top, or a row with every card on it, onto an
empty row, and ``stop`` gives up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab.core.actions import Action, action
from cardlab.core.cards import CARDS, parse_cards
from cardlab.core.clone import Frozen
from cardlab.core.errors import CardlabError
from cardlab.core.match import Match
from cardlab.core.observation import Observation
from cardlab.core.options import SolitaireOptions
from cardlab.core.phases import Phase
from cardlab.core.registry import _SPECS, register
from cardlab.core.solver import Solved
from cardlab.rules.deals import DealRule, pile
from cardlab.rules.solitaire import (
    STOP,
    SolitaireGame,
    SolverError,
    check_budget,
    deal_cards,
    solitaire_spec,
)
from cardlab.rules.tableau import ACE_UP, CARD, UP, Layout, homes, stack_zone
from cardlab.rules.tableau import tops as stack_tops

LAYOUT = Layout(("stock", 1), ("row", 2))
STOCK, ROWS = 0, (1, 2)
TURN = action("turn")
HOME = tuple(action(f"home {c.code}") for c in CARDS[:52])
MOVE = tuple(tuple(action(f"move {c.code} row{k}") for k in (1, 2)) for c in CARDS[:52])


@dataclass(frozen=True)
class ToyOptions(SolitaireOptions):
    pass


class ToyState(SolitaireGame):
    __slots__ = ()
    DEAL = DealRule(pile("stock"))
    LAYOUT = LAYOUT

    def on_deal(self, dealt: Any) -> None:
        stacks = LAYOUT.empty()
        stacks[STOCK] = tuple(c.index for c in reversed(dealt["stock"]))
        self.begin_play(stacks)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        stacks = self.stacks
        tops = stack_tops(stacks)
        acts = [HOME[tops[k] & CARD] for k in homes(tops, self.found, ACE_UP, range(3))]
        if tops[STOCK] >= 0 and not tops[STOCK] & UP:
            acts.append(TURN)
        for k in range(3):
            if tops[k] >= 0 and tops[k] & UP:
                c = stacks[k][0] & CARD if k in ROWS else tops[k] & CARD
                acts += [MOVE[c][d - 1] for d in ROWS if d != k and not stacks[d]]
        return (*acts, STOP)

    def _play(self, act: Action, seat: int) -> None:
        stacks = list(self.stacks)
        self.moves += 1
        if act is STOP:
            self.end_deal("stops")
            return
        if act is TURN:
            self.turn_card(stacks, STOCK)
        elif act.verb == "home":
            self.move_home(stacks, act.cards[0].index, range(3))
        else:
            self.move_cards(stacks, act.cards[0].index, int(act.args[1][-1]))
        self.end_move(stacks)

    PLAY = Phase("play", _legal, _play, prompt="Turn, send home, move or stop")

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [stack_zone(view, LAYOUT.names[k], st) for k, st in enumerate(self.stacks)]
        return self.observe(view, zones)


class SaidFromState(ToyState):
    """The same toy, narrated as Canfield narrates: where a card comes from, cards on it."""

    __slots__ = ()
    HOME_FROM = True
    CARRIED = "{cards} on it"

    def place(self, k: int) -> str:
        return "the stock" if k == STOCK else LAYOUT.names[k]


def toy_solve(state: Any, budget: int = 10) -> Solved:
    """Won exactly when the stock's top card is an Ace (the toy's verdict, for the hook)."""
    top = state.stacks[STOCK][-1] & CARD
    return Solved("won" if top % 13 == 0 else "lost", min(budget, 1))


TOY = solitaire_spec(
    name="toy_patience",
    title="Toy patience",
    summary="a test solitaire",
    state_class=ToyState,
    options_class=ToyOptions,
    solve=toy_solve,
    solver_budget=7,
)
SAID = solitaire_spec(
    name="toy_said_from",
    title="Toy said from",
    summary="a test solitaire",
    state_class=SaidFromState,
    options_class=ToyOptions,
    solve=toy_solve,
)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(TOY)
    register(SAID)
    yield
    _SPECS.pop("toy_patience", None)
    _SPECS.pop("toy_said_from", None)


def in_order() -> Action:
    """A deal whose stock turns up A♣ … K♣, A♦ … K♠: every card goes home as it shows."""
    return Action.of("deal", CARDS[:52])  # the stock is dealt from its top card down


def dealt(spec: Any = TOY, deal: Action | None = None, **options: Any) -> ToyState:
    state = spec.game(**options).new_state()
    state.apply(deal or in_order())
    assert isinstance(state, ToyState)
    return state


def texts(state: ToyState) -> list[str]:
    return [e.text for e in state.events]


def test_the_spec_is_a_solitaire_whose_solver_is_the_games_solve() -> None:
    assert TOY.solitaire and TOY.players == (1,) and not TOY.dealer
    assert TOY.family == "solitaire" and TOY.solver is not None
    state = dealt()
    assert TOY.solver(state, 5) == Solved("won", 1)
    assert state.observation(0).dealer is None


def test_moves_home_runs_and_turns_are_said_in_one_pattern() -> None:
    state = dealt()
    state.apply("turn")
    state.apply("home AC")
    state.apply("turn")
    state.apply("move 2C row1")
    state.apply("turn")
    state.apply("move 3C row2")
    assert texts(state)[-6:] == [
        "Player 1 turns up A♣ on stock",
        "Player 1 puts A♣ on its foundation",
        "Player 1 turns up 2♣ on stock",
        "Player 1 moves 2♣ from stock to row1",
        "Player 1 turns up 3♣ on stock",
        "Player 1 moves 3♣ from stock to row2",
    ]
    home = state.events[-5]
    assert home.kind == "home" and home.get("source") == "stock"
    assert home.get("target") == "foundation1" and home.cards == (CARDS[0],)
    assert state.moves == 6 and state.found == [1, 0, 0, 0]


def test_a_game_may_say_where_a_card_comes_from_and_what_lies_on_it() -> None:
    state = dealt(SAID)
    for act in ("turn", "move AC row1", "turn"):
        state.apply(act)
    # 2♣ lies face up on the stock; lay it on row1's A♣ by hand to make a run of two
    stacks = list(state.stacks)
    stacks[1] = (*stacks[1], stacks[STOCK][-1])
    stacks[STOCK] = stacks[STOCK][:-1]
    state.stacks = Frozen(stacks)
    state.apply("move AC row2")
    assert texts(state)[-3:] == [
        "Player 1 moves A♣ from the stock to row1",
        "Player 1 turns up 2♣ on stock",
        "Player 1 moves A♣ and 1 card on it from row1 to row2",
    ]
    home = dealt(SAID)
    home.apply("turn")
    home.apply("home AC")
    assert texts(home)[-1] == "Player 1 puts A♣ on its foundation from the stock"


def test_events_are_made_once_and_shared_between_deals() -> None:
    one, two = dealt(), dealt()
    for state in (one, two):
        state.apply("turn")
        state.apply("home AC")
    assert one.events[-1] is two.events[-1] and one.events[-2] is two.events[-2]


def test_a_deal_with_every_card_home_is_won() -> None:
    state = dealt()
    while not state.terminal:
        state.apply(state.legal_actions()[0])  # a card home when one can go, else turn
    assert state.found == [13, 13, 13, 13] and state.home == 52
    assert state.results[-1].summary == "Player 1 brings every card home: 52 of 52 cards home (won)"
    assert state.winners() == (0,) and state.solitaire_won()
    assert state.outcome is not None and state.outcome.result == "won"
    assert state.events[-1].text == "Game over: Won with a score of 52"


def test_stopping_loses_with_the_cards_home_so_far() -> None:
    state = dealt()
    state.apply("turn")
    state.apply("home AC")
    state.apply("stop")
    assert state.terminal and state.winners() == () and not state.solitaire_won()
    assert state.results[-1].summary == "Player 1 stops: 1 of 52 cards home"
    assert [ln.reason for ln in state.results[-1].lines] == ["1 card on the foundations"]
    assert state.events[-1].text == "Game over: Lost with a score of 1"


def test_a_deal_where_only_stop_is_left_ends_by_itself() -> None:
    # 2♣ shows first: it cannot go home, and after two moves onto the rows nothing can move
    cards = parse_cards("2C 3C 4C")
    rest = [c for c in CARDS[:52] if c not in cards]
    state = dealt(deal=Action.of("deal", [*cards, *rest]))
    for act in ("turn", "move 2C row1", "turn", "move 3C row2", "turn"):
        state.apply(act)
    assert state.terminal
    assert state.results[-1].summary == "Player 1 has no move left: 0 of 52 cards home"


def test_several_deals_are_won_only_when_every_deal_is() -> None:
    state = dealt(hands=2)
    state.apply("stop")  # the first deal is lost
    assert not state.terminal and not state.solitaire_won()
    assert state.between_hands
    assert state.stacks[STOCK] and state.moves == 1  # the last deal lies until the next
    state.apply(in_order())
    assert state.moves == 0 and state.stacks[ROWS[0]] == () and state.found == [0, 0, 0, 0]
    while not state.terminal:
        state.apply(state.legal_actions()[0])
    assert state.deals_won == 1 and len(state.results) == 2
    assert state.winners() == () and state.outcome is not None
    assert state.outcome.result == "lost"


def test_random_play_is_won_or_lost() -> None:
    df = cardlab.simulate(TOY.game(), "random", n=10, seed=3)
    assert set(df["result"]) <= {"won", "lost"}
    assert set(df["win_0"]) <= {0.0, 1.0}


def test_winnable_deals_are_the_first_the_solver_proves_won() -> None:
    for seed in range(5):
        m = Match(TOY.game(winnable=True), seed=seed)
        assert m.state.stacks[STOCK][-1] % 13 == 0  # an Ace on top: the toy solver wins it
        assert Match(TOY.game(winnable=True), seed=seed).state.stacks == m.state.stacks
    # without the option, a deal is drawn as any other chance step
    state = TOY.game().new_state()
    step = state.chance
    assert step is not None
    assert state.sample_chance(random.Random(1)) == step.sample(random.Random(1))


def test_solvers_read_deals_and_budgets_through_the_component() -> None:
    cards = deal_cards("deal " + " ".join(c.code for c in CARDS[:52]), "any order")
    assert cards == CARDS[:52]
    assert deal_cards(CARDS[:52], "any order") == CARDS[:52]
    with pytest.raises(SolverError, match="each of the 52 cards once: the stock, top first"):
        deal_cards("AS KS", "the stock, top first")
    for bad in (0, 1.5, True, "10"):
        with pytest.raises(SolverError, match="whole number of positions"):
            check_budget(bad)
    check_budget(1)
    assert issubclass(SolverError, CardlabError) and issubclass(SolverError, ValueError)
