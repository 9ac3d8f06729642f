"""Sampled worlds: the generic replay, its hooks, the family samplers and deductions.

Toy games here show each piece on its own: a number guessing game (secret picks, public
questions: hidden actions and the constraint filter), a lucky-draw game (random draws in
the middle of a hand: the chance hook) and a small draw-and-discard game for two or four
seats (the rummy sampler).  The fourteen games' worlds are checked in
``tests/test_search.py`` and the conformance suite.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import cardlab
from cardlab.core.actions import Action, CardActions, action
from cardlab.core.cards import CARDS, mask_of
from cardlab.core.chance import ChanceStep
from cardlab.core.errors import WorldError
from cardlab.core.events import Event
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import DealerOptions
from cardlab.core.phases import Phase
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.rummy_worlds import sample_rummy_world
from cardlab.rules.trick_worlds import sample_trick_world
from cardlab.rules.worlds import Deduction, replay, resume


def facts(e: Event) -> tuple[Any, ...]:
    return (e.kind, e.seat, e.cards, e.hidden, e.data, e.action)


def same_view(a: Observation, b: Observation) -> bool:
    return (
        a.zones == b.zones
        and a.legal == b.legal
        and a.phase == b.phase
        and a.to_move == b.to_move
        and a.scores == b.scores
        and a.info == b.info
        and [facts(e) for e in a.history] == [facts(e) for e in b.history]
    )


def positions(game: Game, seed: int, steps: int = 200) -> Iterator[tuple[State, int]]:
    """States of random play with a seat to move (a new game whenever one ends)."""
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(steps):
        if state.terminal:
            state = game.new_state()
            continue
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(state.to_move)
        yield state, seat
        acts = state.legal_actions(seat)
        state.apply(acts[rng.randrange(len(acts))], seat)


# ------------------------------------------------------------ a toy deduction
NUMBERS = range(1, 7)
PICK = tuple(action(f"pick {k}") for k in NUMBERS)


class Guess(State):
    """Every seat secretly picks a number from 1 to 6, then each in turn asks once
    whether another seat's number is at least K; the answers are public."""

    __slots__ = ("asked", "numbers")
    DEAL = DealRule(pile("deck"))  # shuffled and set aside: the game needs no cards

    numbers: list[int]
    asked: int

    def on_deal(self, dealt: Any) -> None:
        self.log("deal", None, "The numbers are chosen")
        self.numbers = [0] * self.players
        self.asked = 0
        self.phase = self.CHOOSE
        self.to_move = tuple(range(self.players))

    def _pick(self, act: Action, seat: int) -> None:
        k = int(act.args[0])
        self.numbers[seat] = k
        name = self.names[seat]
        self.log("pick", seat, f"{name} has picked", f"{name} picks {k}", (seat,))
        self.to_move = tuple(s for s in self.to_move if s != seat)
        if not self.to_move:
            self.phase = self.ASK
            self.to_move = (0,)

    def _questions(self, seat: int) -> tuple[Action, ...]:
        return tuple(
            action(f"ask {t} {k}") for t in range(self.players) if t != seat for k in NUMBERS
        )

    def _ask(self, act: Action, seat: int) -> None:
        t, k = int(act.args[0]), int(act.args[1])
        yes = self.numbers[t] >= k
        self.log(
            "answer",
            seat,
            f"{self.names[seat]} asks whether {self.names[t]} has {k} or more: "
            f"{'yes' if yes else 'no'}",
            target=t,
            at_least=k,
            yes=yes,
        )
        self.asked += 1
        if self.asked == self.players:
            self.end_hand("every seat has asked")
        else:
            self.to_move = ((seat + 1) % self.players,)

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        info = {}
        if view.seat is not None and self.phase != "deal" and self.numbers[view.seat]:
            info["mine"] = self.numbers[view.seat]
        return self.observe(view, [], info)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other seats' numbers drawn among those every public answer allows."""
        me = obs.seat
        assert me is not None
        world = resume(game, obs)
        deduction = Deduction.product(
            [[obs.info["mine"]] if s == me and "mine" in obs.info else NUMBERS
             for s in range(obs.players)]
        )  # fmt: skip
        for ev in obs.history:
            if ev.kind == "answer":
                t, k, yes = ev.get("target"), ev.get("at_least"), ev.get("yes")
                deduction.given(lambda v, k=k, yes=yes: (v >= k) == yes, ev.text, part=t)
        numbers = deduction.sample(rng)
        hidden = {s: [f"pick {numbers[s]}"] for s in range(obs.players) if s != me}
        deal = world.chance.sample(rng) if world.chance is not None else ""
        return replay(world, obs, chance=[deal], hidden=hidden)

    CHOOSE = Phase(
        "choose",
        lambda st, s: PICK if not st.numbers[s] else (),
        _pick,
        lambda st, a, s: "",
        "Pick a number",
    )
    ASK = Phase("ask", _questions, _ask, lambda st, a, s: "", "Ask a question")


GUESS = GameSpec(
    name="guess",
    title="Guess",
    family="deduction",
    players=(2, 3, 4),
    summary="a test game",
    state_class=Guess,
    options_class=DealerOptions,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_actions_are_supplied_and_the_world_matches(players: int) -> None:
    """Other seats' secret picks are hidden from the seat: the replay takes them from the
    hidden hook, and every world shows the seat exactly what it saw."""
    game = Game(GUESS, players, {"hands": 1})
    rng = random.Random(1)
    checked = 0
    for state, seat in positions(game, players):
        obs = state.observation(seat)
        world = Guess.sample_world(game, obs, rng)
        assert same_view(world.observation(seat), obs)
        assert isinstance(world, Guess)
        for ev in obs.history:  # every sampled number agrees with every answer
            if ev.kind == "answer":
                assert (world.numbers[ev.get("target")] >= ev.get("at_least")) == ev.get("yes")
        checked += 1
    assert checked > 50


def test_the_recorded_action_is_private_to_the_seats_that_know_it() -> None:
    game = Game(GUESS, 3, {"hands": 1})
    state = game.new_state()
    state.apply(state.sample_chance(random.Random(0)))
    state.apply("pick 4", 1)
    mine = state.observation(1).history[-1]
    other = state.observation(0).history[-1]
    assert mine.action == "pick 4" and other.action is None
    assert state.observation(None).history[-1].action == "pick 4"
    assert state.observation("spectator").history[-1].action is None
    assert state.events[0].action is None  # the deal: chance is never recorded


def test_the_deduction_draws_uniformly_among_the_consistent_assignments() -> None:
    d = Deduction.product([NUMBERS, NUMBERS, NUMBERS])
    d.given(lambda v: v >= 3, "seat 0 has 3 or more", part=0)
    d.given(lambda v: v < 3, "seat 1 has less than 3", part=1)
    d.given(lambda a: sum(a) == 10, "the numbers add up to 10")
    sols = d.solutions()
    assert all(a[0] >= 3 and a[1] < 3 and sum(a) == 10 for a in sols)
    everything = [a for a in Deduction.product([NUMBERS] * 3).solutions() if sum(a) == 10]
    assert set(sols) == {a for a in everything if a[0] >= 3 and a[1] < 3}
    assert len(d) == len(sols) == 8
    rng = random.Random(5)
    counts = Counter(d.sample(rng) for _ in range(8_000))
    assert set(counts) == set(sols)
    assert max(counts.values()) < 1.2 * min(counts.values())  # ~1,000 each


def test_a_deduction_with_no_solution_names_the_fact_that_ruled_out_the_last() -> None:
    d = Deduction(range(10))
    d.given(lambda v: v % 2 == 0, "even").given(lambda v: v > 7, "above 7")
    assert d.solutions() == (8,)
    d.given(lambda v: v < 5, "below 5")
    with pytest.raises(WorldError, match="below 5"):
        d.sample(random.Random(0))
    assert len(d) == 0
    parts = Deduction.product([range(3), range(3)])
    parts.given(lambda v: v > 5, "seat 1 has more than 5", part=1)
    with pytest.raises(WorldError, match="seat 1 has more than 5"):
        parts.solutions()
    with pytest.raises(ValueError, match="parts 0 to 1"):
        parts.given(lambda v: True, part=2)
    with pytest.raises(WorldError, match="no assignment"):
        Deduction([]).solutions()


def test_replay_refuses_a_world_that_cannot_follow_the_history() -> None:
    game = Game(GUESS, 2, {"hands": 1})
    state = game.new_state()
    state.apply(state.sample_chance(random.Random(0)))
    state.apply("pick 2", 0)
    state.apply("pick 5", 1)
    state.apply("ask 1 3", 0)  # yes
    obs = state.observation(0)
    deal = [resume(game, obs).chance.sample(random.Random(1))]  # type: ignore[union-attr]
    with pytest.raises(WorldError, match="no hidden action"):
        replay(resume(game, obs), obs, chance=deal)
    with pytest.raises(WorldError, match="no outcome"):
        replay(resume(game, obs), obs, hidden={1: ["pick 5"]})
    with pytest.raises(WorldError, match="differs"):  # seat 1's 2 answers "no"
        replay(resume(game, obs), obs, chance=deal, hidden={1: ["pick 2"]})
    with pytest.raises(WorldError, match="replay failed"):
        replay(resume(game, obs), obs, chance=deal, hidden={1: ["pick 9"]})
    world = replay(resume(game, obs), obs, chance=deal, hidden={1: ["pick 4"]})
    assert same_view(world.observation(0), obs)


# ---------------------------------------------------- chance in the middle of a hand
class LuckyDraw(State):
    """Each seat in turn draws two cards at random from the whole pack (a chance step
    each time), seen only by the drawer, or stops; the highest card drawn wins."""

    __slots__ = ("drawn", "waiting")

    drawn: list[int]
    waiting: int  # the seat a card is being drawn for

    def begin_hand(self) -> None:
        super().begin_hand()  # no deal: the hand starts at once
        self.drawn = [0] * self.players
        self.waiting = -1
        self.phase = self.TURN
        self.to_move = (0,)

    def _turn(self, act: Action, seat: int) -> None:
        if act == "stop":
            self.log("stop", seat, f"{self.names[seat]} stops")
            self._next(seat)
            return
        self.log("ask", seat, f"{self.names[seat]} asks for a card")
        left = tuple(c for c in CARDS[:52] if not any(d >> c.index & 1 for d in self.drawn))
        self.to_move = ()
        self.chance = ChanceStep("draw", left, LuckyDraw._drawn, "a card drawn at random")
        self.waiting = seat

    def _drawn(self, act: Action) -> None:
        seat = self.waiting
        card = act.cards[0]
        self.drawn[seat] |= card.bit
        name = self.names[seat]
        self.log(
            "card", seat, f"{name} draws a card", f"{name} draws {card}", (seat,), hidden=(card,)
        )
        if self.drawn[seat].bit_count() == 2:
            self._next(seat)
        else:
            self.to_move = (seat,)

    def _next(self, seat: int) -> None:
        if seat + 1 < self.players:
            self.to_move = (seat + 1,)
            return
        best = max(range(self.players), key=lambda s: self.drawn[s])
        self.award(best, 1, "the highest card")
        self.end_hand("the highest card wins", best)

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("drawn", s, view.held(cards_in(self.drawn[s]), view.seat == s), "hand")
            for s in range(self.players)
        ]
        return self.observe(view, zones)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The other seats' cards drawn at random among the cards the seat has not seen;
        the seat's own draws as it saw them."""
        me = obs.seat
        assert me is not None
        seen = {c for ev in obs.history for c in ev.hidden}

        def luck(world: State, history: Sequence[Event], i: int) -> str:
            ev = history[i]
            if ev.hidden:  # the seat's own card: as it was drawn
                return f"draw {ev.hidden[0].code}"
            assert world.chance is not None
            unseen = [c for c in world.chance.cards if c not in seen]
            return f"draw {rng.choice(unseen).code}"

        return replay(resume(game, obs), obs, chance=luck)

    TURN = Phase(
        "turn",
        lambda st, s: (action("draw"), action("stop")),
        _turn,
        lambda st, a, s: "",
        "Draw or stop",
    )


def cards_in(mask: int) -> tuple[Any, ...]:
    return tuple(c for c in CARDS[:52] if mask >> c.index & 1)


LUCKY = GameSpec(
    name="lucky_draw",
    title="Lucky draw",
    family="chance",
    players=(3,),
    summary="a test game",
    state_class=LuckyDraw,
    options_class=DealerOptions,
    dealer=False,
)


def test_chance_in_the_middle_of_a_hand_is_replayed_by_the_chance_hook() -> None:
    game = Game(LUCKY, 3, {"hands": 2})
    rng = random.Random(2)
    checked = 0
    for state, seat in positions(game, 3, steps=300):
        obs = state.observation(seat)
        world = LuckyDraw.sample_world(game, obs, rng)
        assert same_view(world.observation(seat), obs)
        assert isinstance(world, LuckyDraw)
        assert world.drawn[seat] == state.drawn[seat]  # the seat's own cards, as drawn
        theirs = [world.drawn[s] for s in range(3) if s != seat]
        assert [m.bit_count() for m in theirs] == [
            state.drawn[s].bit_count() for s in range(3) if s != seat
        ]
        checked += 1
    assert checked > 50


# ------------------------------------------------------- the trick-taking sampler
TABLES = [("heartburn", n) for n in (3, 4, 5, 6)] + [("foresight", n) for n in (3, 4, 5)]


@pytest.mark.parametrize(("name", "players"), [*TABLES, ("hearts", 4)])
def test_the_trick_sampler_serves_every_table_size(name: str, players: int) -> None:
    """Worlds at every table size show the seat what it saw (passes, hole rows, the
    leader's exchange, voids), and the cards it cannot see are not always in the same
    places."""
    game = cardlab.load(name, players)
    rng = random.Random(players)
    checked = varied = 0
    for state, seat in positions(game, players, steps=250):
        if rng.random() > 0.3:
            continue
        obs = state.observation(seat)
        worlds = [sample_trick_world(game, obs, rng) for _ in range(3)]
        for world in worlds:
            assert same_view(world.observation(seat), obs)
            assert world.hands[seat] == state.hands[seat]
        others = {tuple(h for s, h in enumerate(w.hands) if s != seat) for w in worlds}
        varied += len(others) > 1
        checked += 1
    assert checked > 20 and varied > checked // 2


def test_the_trick_sampler_honours_a_void_shown() -> None:
    game = cardlab.load("hearts")
    rng = random.Random(4)
    for state, seat in positions(game, 8, steps=400):
        obs = state.observation(seat)
        if obs.phase != "play":
            continue
        void: dict[int, int] = {}
        led = -1
        for ev in obs.history:
            if ev.kind == "play":
                c = ev.cards[0]
                if led < 0:
                    led = c.suit
                elif c.suit != led:
                    assert ev.seat is not None
                    void[ev.seat] = void.get(ev.seat, 0) | sum(
                        1 << (13 * led + r) for r in range(13)
                    )
            elif ev.kind == "trick":
                led = -1
        world = sample_trick_world(game, obs, rng)
        for s, m in void.items():
            assert not world.hands[s] & m


# -------------------------------------------------------------- the rummy sampler
SOURCES = ("stock", "upcard")
DRAW = {s: action(f"draw {s}") for s in SOURCES}
DISCARD = CardActions("discard")
LAY = CardActions("lay")


class ToyRummy(State):
    """Draw the top of the stock or take the upcard, then discard a card or lay it face
    up in front of you; the hand ends when the stock is empty."""

    __slots__ = ("hands", "laid", "pile", "stock")
    DEAL = DealRule(each_seat(hand=5), pile("upcard", 1), pile("stock"))

    hands: list[int]
    stock: list[int]
    pile: list[int]
    laid: list[int]

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        up = dealt["upcard"][0]
        self.pile = [up.index]
        self.stock = [c.index for c in reversed(dealt["stock"])]
        self.laid = [0] * self.players
        self.log("deal", self.dealer, f"The upcard is {up}", cards=(up,))
        self.phase = self.DRAW
        self.to_move = ((self.dealer + 1) % self.players,)

    def _draw(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        if act == DRAW["stock"]:
            card = CARDS[self.stock.pop()]
            self.log(
                "draw",
                seat,
                f"{name} draws from the stock",
                f"{name} draws {card} from the stock",
                (seat,),
                hidden=(card,),
                public_action=True,
                source="stock",
            )
        else:
            card = CARDS[self.pile.pop()]
            self.log("draw", seat, f"{name} takes {card}", cards=(card,), source="upcard")
        self.hands[seat] |= card.bit
        self.phase = self.DISCARD

    def _discard(self, act: Action, seat: int) -> None:
        card = act.cards[0]
        self.hands[seat] &= ~card.bit
        if act.verb == "lay":
            self.laid[seat] |= card.bit
            self.log("meld", seat, f"{self.names[seat]} lays {card}", cards=(card,))
        else:
            self.pile.append(card.index)
            self.log("discard", seat, f"{self.names[seat]} discards {card}", cards=(card,))
        if not self.stock:
            self.end_hand("the stock is empty")
            return
        self.phase = self.DRAW
        self.to_move = ((seat + 1) % self.players,)

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [
            Zone("hand", s, view.held(cards_in(self.hands[s]), view.seat == s), "hand")
            for s in range(self.players)
        ]
        zones.append(Zone("stock", None, view.stack([CARDS[c] for c in self.stock])))
        zones.append(Zone("discard", None, tuple(CARDS[c] for c in self.pile)))
        zones += [Zone("melds", s, cards_in(self.laid[s]), "meld") for s in range(self.players)]
        return self.observe(view, zones)

    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        return sample_rummy_world(game, obs, rng, laid=("meld",))

    DRAW = Phase(
        "draw",
        lambda st, s: (DRAW["stock"], DRAW["upcard"]) if st.pile else (DRAW["stock"],),
        _draw,
        lambda st, a, s: "",
        "Draw",
    )
    DISCARD = Phase(
        "discard",
        lambda st, s: DISCARD.of(st.hands[s]) + LAY.of(st.hands[s]),
        _discard,
        lambda st, a, s: "",
        "Discard or lay a card",
    )


@dataclass(frozen=True)
class ToyRummyOptions(DealerOptions):
    allowed_decks: ClassVar[tuple[str, ...]] = ("standard", "foresight")


TOY_RUMMY = GameSpec(
    name="toy_rummy",
    title="Toy rummy",
    family="rummy",
    players=(2, 4),
    summary="a test game",
    state_class=ToyRummy,
    options_class=ToyRummyOptions,
)


@pytest.mark.parametrize(("players", "deck"), [(2, "standard"), (4, "standard"), (4, "foresight")])
def test_the_rummy_sampler_serves_two_and_four_seats(players: int, deck: str) -> None:
    """Melds, the discard pile and every card taken face up stay where they are; the other
    hands and the stock are dealt again (each card honouring its back); the history
    replays to what the seat saw."""
    game = Game(TOY_RUMMY, players, {"hands": 1, "deck": deck})
    rng = random.Random(players)
    checked = varied = 0
    for state, seat in positions(game, players, steps=300):
        obs = state.observation(seat)
        worlds = [ToyRummy.sample_world(game, obs, rng) for _ in range(3)]
        for world in worlds:
            assert isinstance(world, ToyRummy)
            assert same_view(world.observation(seat), obs)
            assert world.laid == state.laid and world.pile == state.pile
            for s in range(players):  # a card taken from the pile stays with its taker
                taken = {
                    c.index
                    for e in obs.history
                    if e.kind == "draw" and e.seat == s
                    for c in e.cards
                }
                assert taken & set(cards_idx(state.hands[s])) <= set(cards_idx(world.hands[s]))
        varied += len({tuple(w.stock) for w in worlds}) > 1
        checked += 1
    assert checked > 100 and varied > checked // 2


def cards_idx(mask: int) -> list[int]:
    return [c.index for c in cards_in(mask)]


def test_a_card_drawn_face_down_is_hidden_but_its_source_is_not() -> None:
    game = Game(TOY_RUMMY, 4, {"hands": 1})
    state = game.new_state()
    state.apply(state.sample_chance(random.Random(3)))
    state.apply("draw stock", 1)
    ev = state.events[-1]
    assert ev.action == "draw stock" and ev.public_action
    seen = ev.seen_by(2)
    assert seen.action == "draw stock" and not seen.hidden and seen.secret is None
    assert mask_of(ev.seen_by(1).hidden) == mask_of(ev.hidden)


# ------------------------------------------- steps the observer never saw at all
def test_steps_another_seat_took_in_private_are_supplied_before_its_move() -> None:
    """A staged move is built in private steps that other seats do not see at all; only
    its commit is public (here with its steps as a fact).  The replay takes those steps
    from the unseen hook and leaves their private events out of the comparison."""
    from toys.snake import SnakeState

    m = cardlab.Match("toy_snake", seed=3, agents="heuristic", hands=1)
    deal = m.history[0][1]
    watched = 0
    while not m.terminal and watched < 6:
        m.step()
        seat = m.state.to_move[0] if m.state.to_move else None
        last = [e for e in m.state.events if e.kind == "lay"]
        if seat is None or not last or last[-1].seat == seat:
            continue
        obs = m.observation(seat)  # another seat's lay is in this seat's history
        assert all(e.text or seat in e.audience for e in obs.history)

        def steps(world: State, who: int, history: Sequence[Event], i: int) -> Sequence[str]:
            return history[i].get("steps", ()) if history[i].kind == "lay" else ()

        world = replay(resume(m.game, obs), obs, chance=[deal], unseen=steps)
        assert isinstance(world, SnakeState)
        assert same_view(world.observation(seat), obs)
        with pytest.raises(WorldError, match="replay failed at 'done'"):
            replay(resume(m.game, obs), obs, chance=[deal])
        watched += 1
    assert watched
