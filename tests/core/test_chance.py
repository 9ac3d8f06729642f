"""Chance steps beyond the deal: a reshuffle and a random draw, recorded and replayed.

A small game made for this test: two players are dealt three cards each and the rest
is the stock.  On a turn a player may take a random card from the other's hand
(``steal``: a chance draw), throw a card on the pile (``discard XX``), turn the pile
over as a new stock (``refill``: a chance shuffle) or end the hand (``stop``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from cardlab.core.actions import Action, CardActions, action
from cardlab.core.cards import CARDS, cards_of
from cardlab.core.chance import ChanceStep
from cardlab.core.errors import CardlabError, IllegalActionError
from cardlab.core.match import Match
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import DealerOptions
from cardlab.core.phases import Phase
from cardlab.core.registry import _SPECS, register
from cardlab.core.replay import Replay
from cardlab.core.spec import GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile

DISCARD = CardActions("discard")
STEAL, REFILL, STOP = action("steal"), action("refill"), action("stop")


@dataclass(frozen=True)
class ToyOptions(DealerOptions):
    pass


class ToyState(State):
    __slots__ = ("hands", "pile", "stock")
    DEAL = DealRule(each_seat(hand=3), pile("stock"))

    hands: list[int]
    pile: list[int]
    stock: list[int]

    def reset_hand(self) -> None:
        self.hands = [0, 0]
        self.pile = []
        self.stock = []

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.stock = dealt.indices("stock")
        self.phase = self.TURN
        self.to_move = (0,)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        acts = DISCARD.of(self.hands[seat])
        if self.hands[1 - seat]:
            acts += (STEAL,)
        if self.pile:
            acts += (REFILL,)
        return (*acts, STOP)

    def _apply(self, act: Action, seat: int) -> None:
        if act == STEAL:
            cards = cards_of(self.hands[1 - seat])
            self.chance = ChanceStep("draw", cards, ToyState._stolen, "a card from the other hand")
        elif act == REFILL:
            cards = tuple(CARDS[i] for i in self.pile)
            self.chance = ChanceStep("shuffle", cards, ToyState._refilled, "the new stock")
        elif act == STOP:
            self.award(seat, 1, "stopped")
            self.end_hand("stopped")
        else:
            idx = act.cards[0].index
            self.hands[seat] &= ~(1 << idx)
            self.pile.append(idx)
            self.to_move = (1 - seat,)

    def _stolen(self, act: Action) -> None:
        seat = self.to_move[0]
        idx = act.cards[0].index
        self.hands[1 - seat] &= ~(1 << idx)
        self.hands[seat] |= 1 << idx
        self.log("steal", seat, "a card changes hands", hidden=act.cards)
        self.to_move = (1 - seat,)

    def _refilled(self, act: Action) -> None:
        self.stock = [c.index for c in act.cards] + self.stock
        self.pile = []
        self.to_move = (1 - self.to_move[0],)

    TURN = Phase("turn", _legal, _apply)

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("hand", s, view.held(cards_of(self.hands[s]), view.seat == s)) for s in (0, 1)
        ]
        zones.append(Zone("pile", None, tuple(CARDS[i] for i in self.pile)))
        zones.append(Zone("stock", None, view.stack([CARDS[i] for i in self.stock])))
        return self.observe(view, zones)


SPEC = GameSpec(
    name="toy_chance",
    title="Toy",
    family="test",
    players=(2,),
    summary="a game for testing chance steps",
    state_class=ToyState,
    options_class=ToyOptions,
)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(SPEC)
    yield
    _SPECS.pop("toy_chance", None)


def play(m: Match, *actions: str) -> None:
    for a in actions:
        m.play(a)


def test_a_random_draw_and_a_reshuffle_are_recorded_and_replayed() -> None:
    game = SPEC.game(hands=2)
    first = game.deal(hands=["AS KS QS", "2C 3C 4C"])
    second = game.deal(hands=["AH KH QH", "2D 3D 4D"])
    m = Match(game, seed=4, deal=[first, second])
    assert m.state.chance is None and m.state.current == 0
    play(m, "steal")  # a random card of seat 1's hand moves to seat 0
    drawn = m.history[-1]
    assert drawn[0] is None and drawn[1].startswith("draw ")
    assert Action(drawn[1]).cards[0].code in {"2C", "3C", "4C"}
    discard = next(a for a in m.legal_actions() if a.verb == "discard")
    play(m, discard, "discard AS", "refill")
    shuffled = m.history[-1]
    assert shuffled[0] is None and shuffled[1].startswith("shuffle ")
    play(m, "stop")
    # The second explicit deal went to the second hand, not to the draw or the shuffle.
    deals = [t for s, t in m.history if s is None and t.startswith("deal ")]
    assert deals == [first, second]
    # The replay rebuilds every step, chance included, without the seed.
    data = json.loads(m.to_replay().to_json())
    data["seed"] = None
    again = Replay.from_json(json.dumps(data))
    assert again.state_at().observation(None) == m.observation(None)


def test_undo_and_seek_redraw_the_same_chance_outcomes() -> None:
    m = Match(SPEC.game(), seed=9)
    play(m, "steal")
    drawn = m.history[-1][1]
    m.undo()
    assert m.state.current == 0
    play(m, "steal")
    assert m.history[-1][1] == drawn
    m.seek(1)
    m.redo()
    assert m.history[-2:] == [(0, "steal"), (None, drawn)]


def test_chance_outcomes_are_checked() -> None:
    st = SPEC.game().new_state()
    st.apply(SPEC.game().deal(hands=["AS KS QS", "2C 3C 4C"]))
    st.apply("steal", 0)
    assert st.current == "chance" and st.chance is not None and st.chance.kind == "draw"
    for bad, phrase in [
        ("draw AS", "draws one of 3 cards"),
        ("draw 2C 3C", "draws one of 3 cards"),
        ("shuffle 2C", "a 'draw' outcome"),
        ("deal " + " ".join(c.code for c in CARDS[:52]), "a 'draw' outcome"),
    ]:
        with pytest.raises(IllegalActionError, match=phrase):
            st.apply(bad)
    with pytest.raises(IllegalActionError, match="apply it with no seat"):
        st.apply("draw 2C", 0)
    st.apply("draw 3C")
    assert st.hands[0] >> 13 * 0 + 2 & 1  # seat 0 now holds the 3♣


def test_explicit_deals_never_feed_other_chance_steps() -> None:
    game = SPEC.game(hands=1)
    only = game.deal(hands=["AS KS QS", "2C 3C 4C"])
    m = Match(game, seed=1, deal=[only, only])  # a second deal that is never needed
    play(m, "steal")
    assert m.history[-1][1].startswith("draw ")  # drawn from the seed, not the explicit deal
    with pytest.raises(CardlabError):
        Match(game, seed=1, deal=["draw 2C"])  # not a deal
