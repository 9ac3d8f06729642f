"""Conformance: every game in ``cardlab.games.GAMES`` and every toy in ``tests/toys``
keeps the state protocol.

Each test plays seeded games (hypothesis draws the seeds) with random legal actions, some
seats optionally played by the game's heuristic bot so that rarer endings (moon shots,
knocks) happen too, and checks one promise of the protocol along the way.  Nothing here
is specific to one game except its oracle in ``tests/oracles/<game>.py`` (a toy's in its
own module): what each seat may see (card faces, and secrets that are not faces), the
zones that hold the physical cards, extra option sets to cover, the step bounds of its
hands and games, which choices other seats may not tell apart, and how often random play
picks an action that ends the game at once.  A long game plays fewer examples per case
(:func:`scaled`).
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import (
    cards_in_text,
    cards_in_value,
    oracle_class,
    oracle_for,
    peeks_in_value,
    secrets_in,
    team_key,
    texts_in_value,
)
from toys import TOYS

import cardlab
from cardlab.core.actions import Action
from cardlab.core.cards import Card
from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.core.observation import Back, Observation, Peek
from cardlab.core.replay import Replay
from cardlab.core.state import Game, State, canonical_text
from cardlab.games import GAMES

#: Every game the suite checks: the bundled games and the toys.
ALL = (*GAMES, *TOYS)
CHECKED_HANDS = 5  # hands per game when every step is checked (Hearts: all pass directions)

SEEDS = st.integers(0, 2**31)
FEW = 15  # examples per case of most tests, for a short game
SOME = 25
#: A game's length, in seat-steps per hand (steps times the seats and the spectator whose
#: views are checked at each), up to which a case plays all its test's examples.  A longer
#: game plays proportionally fewer (at least MIN_EXAMPLES), so each case costs about the
#: same whatever the game, and every option set keeps its examples.
FULL_LENGTH = 100
MIN_EXAMPLES = 3
LENGTH_SEEDS = 4  # hands played to measure a game's length


def _cases(with_extras: bool) -> list[Any]:
    out = []
    for spec in ALL:
        sets = [{}] + (oracle_class(spec.name).extra_options if with_extras else [])
        for opts in sets:
            label = ",".join(f"{k}={v}" for k, v in opts.items()) or "default"
            out.append(pytest.param(spec.name, opts, id=f"{spec.name}[{label}]"))
    return out


CASES = _cases(with_extras=True)
DEFAULTS = _cases(with_extras=False)


@functools.cache
def _length(name: str, options: tuple[tuple[str, Any], ...]) -> float:
    """Seat-steps per hand of ``name`` with ``options``, measured on LENGTH_SEEDS hands
    played as the tests play them (random seats and the heuristic bot)."""
    total = 0
    for seed in range(LENGTH_SEEDS):
        state = new_game(name, dict(options), hands=1).new_state()
        total += sum(1 for _ in playout(state, Chooser(state.game, seed, bots=True)))
    return total / LENGTH_SEEDS * (state.players + 1)


def examples_for(name: str, options: dict[str, Any], most: int) -> int:
    """How many examples a case of a test with ``most`` examples plays: all of them for a
    game up to FULL_LENGTH seat-steps a hand, proportionally fewer for a longer one."""
    length = _length(name, tuple(sorted(options.items())))
    return max(MIN_EXAMPLES, min(most, round(most * FULL_LENGTH / max(length, 1))))


def scaled(most: int, **strategies: Any) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``@given(**strategies)`` for a test over ``(name, options)`` cases, with as many
    examples per case as :func:`examples_for` says: the seeds a case draws are the first
    of those the test draws at full length (the test function itself is given to
    hypothesis, so it keeps its own seeds and database entries)."""

    def decorate(test: Callable[..., None]) -> Callable[..., None]:
        kept = [p for p in inspect.signature(test).parameters.values() if p.name not in strategies]

        def run(name: str, options: dict[str, Any], **fixtures: Any) -> None:
            n = examples_for(name, options, most)
            checked = settings(max_examples=n, deadline=None)(given(**strategies)(test))
            checked(name, options, **fixtures)

        run.__name__, run.__qualname__ = test.__name__, test.__qualname__
        run.__doc__, run.__module__ = test.__doc__, test.__module__
        run.__signature__ = inspect.Signature(kept)  # type: ignore[attr-defined]
        return run

    return decorate


# ------------------------------------------------------------------ playing
class Chooser:
    """Picks the next action: chance from a seeded generator, seats at random or by bot.

    With ``bots=True`` each seat is, at random, played by the game's heuristic bot (which
    sees only its observation); the other seats pick among legal actions, uniformly
    unless the game's oracle weights some verbs (``random_weights``).
    """

    def __init__(self, game: Game, seed: int, bots: bool = False) -> None:
        self.rng = random.Random(seed)
        self.weights = oracle_class(game.spec.name).random_weights
        bot = game.spec.bots.get("heuristic")
        self.bots = {
            s: bot(s, seed) for s in range(game.players) if bots and bot and self.rng.random() < 0.5
        }

    def choose(self, state: State) -> tuple[int | None, Action]:
        if state.current == "chance":
            return None, state.sample_chance(self.rng)
        seat = self.rng.choice(state.to_move)
        if seat in self.bots:
            return seat, self.bots[seat].act(state.observation(seat))
        return seat, self.pick(state.legal_actions(seat))

    def pick(self, legal: tuple[Action, ...]) -> Action:
        """A random legal action, each drawn in proportion to its verb's weight (by
        rejection, so a lazy range of actions is never listed)."""
        weights = self.weights
        if not weights:
            return self.rng.choice(legal)
        for _ in range(100):
            a = legal[self.rng.randrange(len(legal))]
            w = weights.get(a.verb, 1.0)
            if w >= 1 or self.rng.random() < w:
                return a
        kept = [a for a in legal if weights.get(a.verb, 1.0) > 0]
        return self.rng.choice(kept or legal)


def playout(state: State, chooser: Chooser) -> Iterator[tuple[int | None, Action]]:
    """Play to the end, yielding each step after it is applied; enforce the game's step
    bounds (its oracle's ``hand_step_bound`` and ``game_step_bound``)."""
    cls = oracle_class(state.game.spec.name)
    hand_bound, game_bound = cls.hand_step_bound, cls.game_step_bound
    steps = hand_steps = 0
    hand = len(state.results)
    while not state.terminal:
        seat, act = chooser.choose(state)
        done = state.apply(act, seat)
        assert done == canonical_text(str(act)), f"apply returned {done!r} for {act!r}"
        steps += 1
        hand_steps += 1
        if len(state.results) != hand:
            hand, hand_steps = len(state.results), 0
        assert hand_steps <= hand_bound, f"hand {hand + 1} is not over after {hand_steps}"
        assert steps <= game_bound, "the game is not over"
        yield seat, done


def new_game(name: str, options: dict[str, Any], **more: Any) -> Game:
    return cardlab.load(name, **{**options, **more})


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything an illegal action or a clone's play must leave alone."""
    return (
        state.observation(None),
        state.current,
        state.to_move,
        tuple(state.scores),
        len(state.events),
        len(state.results),
        tuple(state.legal_actions(s) for s in range(state.players)),
    )


def codes(cards: set[Any]) -> list[str]:
    return sorted(c.code for c in cards)


# ------------------------------------------------------------- termination
@pytest.mark.parametrize(("name", "options"), DEFAULTS)
@scaled(FEW, seed=SEEDS)
def test_random_play_finishes_the_game(name: str, options: dict[str, Any], seed: int) -> None:
    state = new_game(name, options).new_state()
    for _ in playout(state, Chooser(state.game, seed)):
        pass
    assert state.terminal and state.current is None and state.to_move == ()
    check_outcome(state)
    assert all(state.legal_actions(s) == () for s in range(state.players))
    teams = state.game.teams
    side_of = {s: t for t, side in enumerate(teams) for s in side}
    for result in state.results:
        for seat in range(state.players):
            explained = sum(
                line.points
                for line in result.lines
                if (line.seat == seat and line.team is None)
                or (line.team is not None and line.team == side_of.get(seat))
            )
            assert explained == result.points[seat], f"hand {result.hand}: lines ≠ points"
        for t, side in enumerate(teams):
            explained = sum(
                line.points
                for line in result.lines
                if line.team == t or (line.team is None and line.seat in side)
            )
            assert explained == result.team_points[t], f"hand {result.hand}: side {t}'s lines"
        if not teams:
            assert all(line.team is None for line in result.lines) and not result.team_points


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(SOME, seed=SEEDS)
def test_single_hand_finishes(name: str, options: dict[str, Any], seed: int) -> None:
    state = new_game(name, options, hands=1).new_state()
    for _ in playout(state, Chooser(state.game, seed, bots=True)):
        pass
    assert state.terminal and len(state.results) == 1
    check_outcome(state)


def check_outcome(state: State) -> None:
    """A finished game says who won, consistently with its totals and its results; it ends
    with nobody winning only where its spec allows it; partners win together."""
    outcome = state.outcome
    assert outcome is not None, "a finished game has an outcome"
    assert outcome.winners == state.winners() and outcome.summary
    assert list(outcome.scores) == list(state.scores)
    assert set(outcome.winners) <= set(range(state.players))
    totals = [sum(r.points[s] for r in state.results) for s in range(state.players)]
    assert totals == list(state.scores), "the totals are the sum of every hand's points"
    teams = state.game.teams
    won = set(outcome.winners)
    if teams:
        assert outcome.team_scores == state.team_scores
        sides = [sum(r.team_points[t] for r in state.results) for t in range(len(teams))]
        assert sides == list(state.team_scores), "a side's total is the sum of its hands"
        for side in teams:
            assert set(side) <= won or not set(side) & won, f"partners {side} win together"
        assert outcome.team_winners == tuple(t for t, side in enumerate(teams) if set(side) <= won)
    else:
        assert outcome.team_scores == () and outcome.team_winners == ()
    spec = state.game.spec
    if spec.solitaire:
        assert outcome.result in ("won", "lost") and outcome.winners in ((), (0,))
    elif not outcome.winners:
        assert spec.may_end_without_winner, (
            f"{spec.title} ended with no winner ({outcome.summary!r}), which its spec does "
            "not allow (GameSpec.may_end_without_winner)"
        )
        assert outcome.result == "no winner"


# ------------------------------------------------- information and cards
def check_views(state: State, oracle: Any, new_events: int) -> None:
    """No seat or spectator sees a face the oracle says it has not seen.

    Of the public history only the entries of the last ``new_events`` events are read: the
    earlier ones were checked when they were new, and an event never changes.
    """
    for viewer in [*range(state.players), "spectator"]:
        obs = state.observation(viewer)
        peeks = peeks_in_value(obs.zones) + peeks_in_value(dict(obs.info))
        assert not peeks, f"{viewer!r} is shown teacher peeks {peeks}"
        shown = (
            cards_in_value(obs.zones) | cards_in_value(dict(obs.info)) | cards_in_value(obs.legal)
        )
        leaked = shown - oracle.visible_to(viewer)
        assert not leaked, f"{viewer!r} sees {codes(leaked)} in {state!r}"
        # What every game shares: seat figures, the prompt and the hand's history (its
        # events' wording and data as this viewer may know them).
        shared = cards_in_value([dict(s.values) for s in obs.seats] + [s.status for s in obs.seats])
        recent = list(obs.history[max(0, len(obs.history) - new_events) :])
        shared |= cards_in_text(obs.prompt) | cards_in_value(recent)
        leaked = shared - oracle.visible_to(viewer)
        assert not leaked, f"{viewer!r} sees {codes(leaked)} in the seats, prompt or history"
        assert not peeks_in_value(recent)
        check_secrets(obs, viewer, oracle, recent)
    # The teacher sees every face; it marks (as a Peek) exactly the cards no player sees.
    teacher = state.observation(None)
    anyone = set().union(*(oracle.visible_to(s) for s in range(state.players)))
    for zone, entry in teacher.entries():
        assert not isinstance(entry, Back), f"the teacher sees a back in zone {zone.name!r}"
        if isinstance(entry, Card):
            assert entry in anyone, f"{entry} is shown unmarked in {zone.name!r}: nobody sees it"
        elif isinstance(entry, Peek):
            assert entry.card not in anyone, f"{entry.card} is marked hidden in {zone.name!r}"


def check_secrets(obs: Observation, viewer: int | str, oracle: Any, recent: list[Any]) -> None:
    """No secret the oracle names for ``viewer`` (a role, a signal not yet revealed)
    appears in its observation: info, seat figures, prompt, legal actions, zone labels and
    the recent history (as worded for it, with its data)."""
    secrets = list(oracle.secrets(viewer))
    if not secrets:
        return
    texts = texts_in_value(
        [dict(obs.info), [dict(s.values) for s in obs.seats], [s.status for s in obs.seats]]
    )
    texts += texts_in_value([obs.prompt, list(obs.legal), obs.zones, [t.name for t in obs.teams]])
    texts += [e.text_for(viewer) for e in recent] + texts_in_value([e.data for e in recent])
    found = secrets_in(texts, secrets)
    assert not found, f"{viewer!r} is told {found} in {obs.game}"


def check_events(events: list[Any], state: State, oracle: Any) -> None:
    """Each new event, worded for a viewer, names only faces that viewer has seen."""
    for e in events:
        for viewer in [*range(state.players), "spectator"]:
            leaked = cards_in_text(e.text_for(viewer)) - oracle.visible_to(viewer)
            assert not leaked, f"{viewer!r} reads {codes(leaked)} in {e.text_for(viewer)!r}"


def check_cards_conserved(state: State, oracle: Any) -> None:
    """The physical zones of the teacher view hold each card once, where the oracle has it."""
    cls = oracle_class(state.game.spec.name)
    names, merged = cls.physical_zones, cls.merged_zones
    teacher = state.observation(None)
    shown: dict[tuple[str, int | None], list[Any]] = {}
    for z in teacher.zones:
        if z.name in merged:
            shown.setdefault((merged[z.name], None), []).extend(z.faces)
        elif z.name in names:
            owner = z.owner if z.team is None else team_key(z.team)
            shown.setdefault((z.name, owner), []).extend(z.faces)
    faces = [c for cs in shown.values() for c in cs]
    assert len(faces) == len(set(faces)), "a card lies in two places at once"
    model = oracle.locations()
    for key in set(shown) | set(model):
        got, want = set(shown.get(key, ())), model.get(key, set())
        assert got == want, f"zone {key}: engine {codes(got)}, oracle {codes(want)}"
    assert not set(faces) & oracle.off_table
    assert len(faces) + len(oracle.off_table) == len(state.game.deck)
    assert set(faces) | oracle.off_table == set(state.game.deck.cards)


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_no_leaks_and_cards_conserved(name: str, options: dict[str, Any], seed: int) -> None:
    """Follow a game with the oracle; check every view and event at every step."""
    game = new_game(name, options, hands=CHECKED_HANDS)
    state = game.new_state()
    oracle = oracle_for(game)
    seen_events = 0
    for seat, act in playout(state, Chooser(game, seed, bots=True)):
        oracle.step(seat, act)
        check_views(state, oracle, len(state.events) - seen_events)
        check_events(state.events[seen_events:], state, oracle)
        seen_events = len(state.events)
        check_cards_conserved(state, oracle)


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_every_action_is_recorded_in_the_history(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """Every apply logs an event; the first one a seat's action logs records that action
    (its seat can always read it), and no other event records one: so any history can be
    replayed action by action.  Chance outcomes are never recorded."""
    state = new_game(name, options, hands=2).new_state()
    chooser = Chooser(state.game, seed, bots=True)
    while not state.terminal:
        seat, act = chooser.choose(state)
        before = len(state.events)
        done = state.apply(act, seat)
        new = state.events[before:]
        assert new, f"{done!r} logged no event, so a replay cannot follow it"
        first = new[0]
        if seat is None:
            assert first.action is None, f"the chance outcome is recorded in {first.text!r}"
        else:
            assert first.action == done, f"{first.text!r} records {first.action!r}, not {done!r}"
            assert first.seen_by(seat).action == done, f"seat {seat} cannot read its {done!r}"
        for e in new[1:]:
            assert e.action is None, f"{e.text!r} records {e.action!r}: it is not the first event"


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_secret_choices_stay_hidden(name: str, options: dict[str, Any], seed: int) -> None:
    """Which secret choice a seat made shows nowhere to the others until it is revealed.

    At each step whose action the oracle puts in a secret group (by default: any choice
    made while several seats choose at once), other actions of that group are applied in
    its place on clones: every other seat, and a spectator, must see exactly the same
    whichever was taken (backs' designs aside, which the deck shows to all), as long as
    nothing was revealed (the phase is the same and nobody new is asked to act); the
    seat itself sees its choice.
    """
    game = new_game(name, options, hands=2)
    state = game.new_state()
    oracle = oracle_for(game)
    rng = random.Random(seed)
    checked = 0
    for seat, act in playout_with_checks(state, Chooser(game, seed), oracle):
        if seat is None or checked >= 40:
            continue
        group = oracle.secret_group(seat, act, state.current == "simultaneous")
        if group is not None:
            check_secret_choice(state, oracle, seat, act, group, rng)
            checked += 1


def playout_with_checks(
    state: State, chooser: Chooser, oracle: Any
) -> Iterator[tuple[int | None, Action]]:
    """Like :func:`playout`, but yields each step *before* it is applied (the oracle
    follows it after)."""
    cls = oracle_class(state.game.spec.name)
    steps = 0
    while not state.terminal:
        seat, act = chooser.choose(state)
        yield seat, act
        state.apply(act, seat)
        oracle.step(seat, act)
        steps += 1
        assert steps <= cls.game_step_bound, "the game is not over"


def blind(obs: Observation) -> Observation:
    """``obs`` with every back plain: what remains once the backs' public designs go."""
    zones = tuple(
        replace(z, cards=tuple(Back() if isinstance(c, Back) else c for c in z.cards))
        for z in obs.zones
    )
    return replace(obs, zones=zones)


def check_secret_choice(
    state: State, oracle: Any, seat: int, act: Action, group: Any, rng: random.Random
) -> None:
    simultaneous = state.current == "simultaneous"
    legal = state.legal_actions(seat)
    picks = rng.sample(range(len(legal)), min(len(legal), 24))
    same = [legal[i] for i in picks if legal[i] != act]
    same = [a for a in same if oracle.secret_group(seat, a, simultaneous) == group][:5]
    phase, asked, hands = str(state.phase), set(state.to_move), len(state.results)
    others: list[int | str] = [s for s in range(state.players) if s != seat]
    others.append("spectator")
    mine = state.observation(seat)
    known = {o: len(state.observation(o).history) for o in others}
    seen: list[tuple[Action, dict[int | str, Observation]]] = []
    for a in [act, *same]:
        after = state.clone()
        after.apply(a, seat)
        revealed = (
            after.terminal
            or str(after.phase) != phase
            or not set(after.to_move) <= asked
            or len(after.results) != hands
        )
        if revealed:
            continue
        assert after.observation(seat) != mine, f"seat {seat} does not see its own choice {a}"
        views = {o: blind(after.observation(o)) for o in others}
        for o in others:
            # nor the choice itself, recorded in the history as the action taken
            new = views[o].history[known[o] :]
            assert all(e.action is None or e.public_action for e in new), (
                f"{o!r} reads seat {seat}'s choice {a!r} in its history"
            )
        seen.append((a, views))
    for a, views in seen[1:]:
        first, base = seen[0]
        for o in others:
            assert views[o] == base[o], (
                f"{o!r} can tell seat {seat}'s choice {a!r} from {first!r} in {state!r}"
            )


# --------------------------------------------------------- legal actions
def check_turn(state: State, rng: random.Random) -> None:
    """Whoever is to move has legal actions, each of which applies (up to 12 tried)."""
    cur = state.current
    seats = range(state.players)
    if cur == "chance":
        assert state.chance is not None and state.to_move == ()
        assert all(state.legal_actions(s) == () for s in seats)
    elif cur is None:
        assert state.terminal and state.to_move == ()
        check_outcome(state)
        assert all(state.legal_actions(s) == () for s in seats)
    elif cur == "simultaneous":
        assert len(state.to_move) > 1 and state.legal_actions() == ()
    else:
        assert state.to_move == (cur,) and state.legal_actions() == state.legal_actions(cur)
    if cur is not None:
        assert state.winners() == ()
    for s in seats:
        obs = state.observation(s)
        legal = state.legal_actions(s)
        assert obs.legal == (legal if s in state.to_move and not state.chance else ())
        if s in state.to_move and not state.chance:
            assert legal, f"seat {s} is to move with no legal action in {state!r}"
            assert len(set(legal)) == len(legal), "legal actions repeat"
            for a in legal if len(legal) <= 12 else rng.sample(legal, 12):
                assert state.clone().apply(a, s) == a


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_legal_actions_are_listed_and_apply(name: str, options: dict[str, Any], seed: int) -> None:
    state = new_game(name, options, hands=2).new_state()
    rng = random.Random(seed)
    check_turn(state, rng)
    for _ in playout(state, Chooser(state.game, seed, bots=True)):
        check_turn(state, rng)


# ------------------------------------------------------ illegal actions
JUNK = st.lists(st.text(max_size=12), max_size=4)


def illegal_tries(state: State, rng: random.Random, pool: list[Action], junk: list[str]):
    """(action, seat) pairs that must all be refused in this state."""
    seats = [None, *range(state.players), -1, state.players, 99]
    words = [*junk, "", "play", "pass", "draw", "discard XX", "play 1S", "deal 2C 2C"]
    tries = [(w, rng.choice(seats)) for w in words]
    tries += [(rng.choice(pool), rng.choice(seats)) for _ in range(8)] if pool else []
    for s in range(state.players):  # another seat's legal action
        for a in rng.sample(state.legal_actions(s), min(2, len(state.legal_actions(s)))):
            tries.append((a, rng.choice(seats)))
    return [(a, s) for a, s in tries if not is_legal(state, a, s)]


def is_legal(state: State, act: str, seat: int | None) -> bool:
    if state.terminal or state.chance:
        return False  # no candidate is a full deal
    if seat is None:
        if len(state.to_move) != 1:
            return False
        seat = state.to_move[0]
    if not 0 <= seat < state.players:
        return False  # not a seat: refused
    return canonical_text(str(act)) in state.legal_actions(seat)


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS, junk=JUNK)
def test_illegal_actions_change_nothing(
    name: str, options: dict[str, Any], seed: int, junk: list[str]
) -> None:
    state = new_game(name, options, hands=2).new_state()
    rng = random.Random(seed)
    pool: list[Action] = []

    def probe() -> None:
        # Each try goes to a fresh clone, so every one meets the state exactly as the last
        # apply left it (internal caches included), and the original is never disturbed.
        before = snapshot(state.clone())
        for act, seat in illegal_tries(state.clone(), rng, pool, junk):
            target = state.clone()
            try:
                target.apply(act, seat)
            except IllegalActionError as e:
                assert e.reason, f"{act!r} for seat {seat}: no reason given"
            else:
                pytest.fail(f"{act!r} for seat {seat} was accepted in {state!r}")
            assert snapshot(target) == before, f"{act!r} for seat {seat} changed the state"

    probe()
    for _ in playout(state, Chooser(state.game, seed)):
        for s in state.to_move:
            pool.extend(state.legal_actions(s)[:3])
        if rng.random() < 0.08:
            probe()
    probe()


# ------------------------------------------------------------------ seats
@pytest.mark.parametrize(("name", "options"), DEFAULTS)
@scaled(FEW, seed=SEEDS)
def test_a_seat_that_is_not_an_int_is_refused_before_anything_changes(
    name: str, options: dict[str, Any], seed: int
) -> None:
    state = new_game(name, options, hands=1).new_state()
    rng = random.Random(seed)
    for _ in playout(state, Chooser(state.game, seed)):
        if state.terminal or state.chance is not None or rng.random() > 0.2:
            continue
        seat = state.to_move[0]
        act = state.legal_actions(seat)[0]
        before = snapshot(state)
        for bad in (float(seat), bool(seat), str(seat), state.players, -1, 1.5):
            target = state.clone()
            with pytest.raises(IllegalActionError) as err:
                target.apply(act, bad)  # type: ignore[arg-type]
            assert "seat" in err.value.reason
            assert snapshot(target) == before, f"seat {bad!r} changed the state"
            with pytest.raises(cardlab.CardlabError):
                state.clone().legal_actions(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- clones
def shared_mutables(a: Any, b: Any, path: str = "state") -> list[str]:
    """Paths at which ``a`` and its copy ``b`` hold the very same mutable object."""
    from cardlab.core.clone import ATOMIC

    out: list[str] = []
    if type(a) in ATOMIC or a is None:
        return out
    if isinstance(a, list | dict | set | bytearray) and a is b:
        return [path]
    if isinstance(a, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += shared_mutables(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            out += shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif hasattr(type(a), "__slots__") or hasattr(a, "__dict__"):
        if a is b and not isinstance(a, type):
            return [path]
        names = [n for k in type(a).__mro__ for n in getattr(k, "__slots__", ())]
        names += list(getattr(a, "__dict__", {}))
        for n in dict.fromkeys(names):
            if hasattr(a, n):
                out += shared_mutables(getattr(a, n), getattr(b, n), f"{path}.{n}")
    return out


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_clones_share_no_mutable_object(name: str, options: dict[str, Any], seed: int) -> None:
    state = new_game(name, options, hands=2).new_state()
    rng = random.Random(seed)
    for _ in playout(state, Chooser(state.game, seed)):
        if rng.random() < 0.1:
            assert shared_mutables(state, state.clone()) == []


@pytest.mark.parametrize(("name", "options"), DEFAULTS)
@scaled(FEW, seed=SEEDS)
def test_every_total_is_the_sum_of_its_hands(name: str, options: dict[str, Any], seed: int) -> None:
    game = cardlab.load(name, **options)
    m = Match(game, seed=seed, agents=agents_for(game, seed))
    m.run()
    frame = m.scores_frame()
    last = frame.iloc[-1]
    assert [int(last[f"total_{s}"]) for s in range(game.players)] == list(m.scores)
    sides = range(len(game.teams))
    assert [int(last[f"team_total_{t}"]) for t in sides] == list(m.state.team_scores)
    check_outcome(m.state)


# ---------------------------------------------------------------- clones (play)
@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_clones_are_equal_and_independent(name: str, options: dict[str, Any], seed: int) -> None:
    state = new_game(name, options, hands=2).new_state()
    rng = random.Random(seed)
    for _ in playout(state, Chooser(state.game, seed)):
        if rng.random() > 0.1:
            continue
        original = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == original
        advance(copy, Chooser(copy.game, seed + 1), rng.randrange(1, 12))
        assert snapshot(state) == original, "playing on a clone changed the original"
        frozen = snapshot(copy)
        advance(state.clone(), Chooser(state.game, seed + 2), 1)
        advance(state, Chooser(state.game, seed + 2), 1)
        assert snapshot(copy) == frozen, "playing on the original changed a clone"


def advance(state: State, chooser: Chooser, steps: int) -> None:
    """Play up to ``steps`` steps (fewer if the game ends)."""
    for _, _ in zip(range(steps), playout(state, chooser), strict=False):
        pass


# --------------------------------------------------------------- matches
def agents_for(game: Game, seed: int) -> list[str]:
    rng = random.Random(seed)
    names = ["random", *game.spec.bots]
    return [rng.choice(names) for _ in range(game.players)]


def rebuild(game: Game, history: list[tuple[int | None, str]]) -> State:
    state = game.new_state()
    for seat, text in history:
        state.apply(text, seat)
    return state


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(FEW, seed=SEEDS)
def test_replays_round_trip(name: str, options: dict[str, Any], seed: int) -> None:
    m = Match(
        name, seed=seed, agents=agents_for(cardlab.load(name, **options), seed), hands=3, **options
    )
    views = {m.step_count: m.observation(None)}
    while m.step() is not None:
        views[m.step_count] = m.observation(None)
    assert m.terminal
    replay = Replay.from_json(m.to_replay().to_json())
    assert replay == m.to_replay()
    rng = random.Random(seed)
    for k in [*rng.sample(sorted(views), min(6, len(views))), len(replay)]:
        assert replay.state_at(k).observation(None) == views[k], f"step {k} differs"
    again = Match.from_replay(replay)
    assert again.observation(None) == m.observation(None)
    assert again.scores == m.scores and again.history == m.history


@pytest.mark.parametrize(("name", "options"), DEFAULTS)
@scaled(FEW, seed=SEEDS)
def test_matches_are_deterministic(name: str, options: dict[str, Any], seed: int) -> None:
    def run(s: int) -> Match:
        m = Match(name, seed=s, agents=agents_for(cardlab.load(name), seed), hands=2)
        m.run()
        return m

    a, b = run(seed), run(seed)
    assert a.history == b.history and a.scores == b.scores
    assert a.event_texts() == b.event_texts()
    assert run(seed + 1).history[0] != a.history[0], "another seed deals the same cards"


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(
    FEW,
    seed=SEEDS,
    ops=st.lists(
        st.sampled_from(["step", "undo", "redo", "seek", "turn"]), min_size=5, max_size=40
    ),
)
def test_undo_redo_and_seek_rebuild_the_history(
    name: str, options: dict[str, Any], seed: int, ops: list[str]
) -> None:
    m = Match(name, seed=seed, agents="random", hands=1, **options)
    rng = random.Random(seed)
    m.run(rng.randrange(0, 60))
    for op in ops:
        moved: object = True
        if op == "step":
            m.run(rng.randrange(1, 6))
        elif op == "undo":
            moved = m.undo()
        elif op == "redo":
            moved = m.redo()
        elif op == "seek":
            m.seek(rng.randrange(0, m.step_count + 1))  # back; "redo" goes forward again
            moved = False  # seek may stop at a pending deal; the next step deals it
        else:
            moved = m.undo_turn(rng.randrange(m.game.players))
        rebuilt = rebuild(m.game, m.history)
        assert m.state.observation(None) == rebuilt.observation(None), f"after {op}"
        assert m.state.events == rebuilt.events and m.scores == tuple(rebuilt.scores)
        if moved:
            assert m.state.current != "chance", f"{op} left the match waiting for a deal"


@pytest.mark.parametrize(("name", "options"), CASES)
@scaled(3, seed=st.integers(0, 10_000))
def test_sampled_worlds_match_the_observation(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """Every game samples worlds (``State.sample_world``) its seat cannot tell apart."""
    game = cardlab.load(name, **options)
    rng = random.Random(seed)
    state = game.new_state()
    for _ in range(120):
        if state.terminal:
            break
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(state.to_move)
        obs = state.observation(seat)
        if rng.random() < 0.2:
            world = game.spec.state_class.sample_world(game, obs, rng)
            got = world.observation(seat)
            assert (got.zones, got.legal, got.phase, got.to_move) == (
                obs.zones,
                obs.legal,
                obs.phase,
                obs.to_move,
            )
        acts = state.legal_actions(seat)
        state.apply(acts[rng.randrange(len(acts))], seat)
