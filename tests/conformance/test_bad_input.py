"""Bad input: every entry point of every game in ``GAMES`` refuses garbage cleanly.

Hypothesis throws at each game what a careless caller, a fuzzer or a tampered file would:
actions of every type and size (huge pastes, numbers of thousands of digits, digits of
other scripts, leading zeros), seats and viewers of every type, replays with wrong
types, unknown and repeated fields, huge numbers, deep nesting and illegal steps, and
options of every type and range.  Each must be refused with a :class:`CardlabError` whose
message is short, and must change nothing (the state's snapshot, or the match's history,
is the same before and after).  Options a game accepts must play, at their extremes too,
and every game must end: by itself within one deal, or at the cap its options name
(``Options.cap``).  Nothing here names a game, so the games to come inherit the checks.

``CARDLAB_FUZZ_EXAMPLES`` sets the examples per test (20 by default) for a deeper run.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import os
import random
import typing
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.core.errors import CardlabError, IllegalActionError, OptionError, ReplayError
from cardlab.core.match import Match
from cardlab.core.replay import MAX_DEPTH, Replay
from cardlab.core.state import State
from cardlab.games import GAMES

NAMES = [spec.name for spec in GAMES]
#: A refusal's message stays short whatever it was given.
SHORT = 600
EXAMPLES = int(os.environ.get("CARDLAB_FUZZ_EXAMPLES", "20"))
FEW = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def short(err: BaseException) -> str:
    text = str(err)
    assert 0 < len(text) <= SHORT, f"{type(err).__name__} message of {len(text):,} characters"
    return text


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a refused input must leave as it was."""
    return (
        state.observation(None),
        state.current,
        state.to_move,
        tuple(state.scores),
        len(state.events),
        len(state.results),
        tuple(state.legal_actions(s) for s in range(state.players)),
    )


# ------------------------------------------------------------------ positions
@cache
def _recorded(name: str) -> tuple[State, ...]:
    """States of one seeded hand: before the deal, after it, along the hand, at its end."""
    state = cardlab.load(name, hands=1).new_state()
    rng = random.Random(name)
    out = [state.clone()]
    steps = 0
    while not state.terminal and steps < 400:
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
        else:
            seat = rng.choice(state.to_move)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        steps += 1
        if steps <= 3 or steps % 15 == 0 or state.terminal:
            out.append(state.clone())
    return tuple(out)


def positions(name: str) -> st.SearchStrategy[State]:
    return st.sampled_from(_recorded(name)).map(lambda s: s.clone())


@cache
def _replay_dict(name: str) -> dict[str, Any]:
    """The first steps of a seeded match, as a replay (a match cut short replays too)."""
    m = Match(name, seed=f"bad-input/{name}", agents="random", hands=1)
    m.run(max_steps=40)
    return m.to_replay().to_dict()


# -------------------------------------------------------------------- garbage
OTHER_DIGITS = "١٢٣０１２３²³۴५৬๗߈"
HUGE = [
    "9" * 5_000,
    "x" * 100_000,
    "QS " * 1_000,
    "0" * 40 + "1",
]
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([10**5_000, -(10**60), 2**63, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.binary(max_size=8),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.text(max_size=12),
)


@st.composite
def garbage_actions(draw: st.DrawFn, state: State) -> Any:
    """Something that is not a legal action: junk of any type, or a legal one mangled."""
    legal = [a for s in range(state.players) for a in state.legal_actions(s)[:40]]
    kind = draw(st.sampled_from(["value", "text", "huge", "mangled", "digits"]))
    if kind == "value":
        return draw(VALUES)
    if kind == "text":
        return draw(st.text(max_size=40))
    if kind == "huge":
        verb = draw(st.sampled_from([*(a.verb for a in legal[:5]), "bet", "play", "deal"]))
        return f"{verb} {draw(st.sampled_from(HUGE))}"
    if not legal:
        return draw(st.text(max_size=20))
    act = str(draw(st.sampled_from(legal)))
    if kind == "digits":
        if any(ch.isdigit() for ch in act):  # the same number in another script
            table = {ord(d): draw(st.sampled_from(OTHER_DIGITS)) for d in "0123456789"}
            return act.translate(table)
        return act + " " + draw(st.sampled_from(OTHER_DIGITS))
    how = draw(st.sampled_from(["zero", "junk", "verb", "cut"]))
    words = act.split()
    if how == "zero" and any(w.isdigit() for w in words):
        return " ".join("0" + w if w.isdigit() else w for w in words)
    if how == "verb":
        return " ".join(["zz" + words[0], *words[1:]])
    if how == "cut" and len(words) > 1:
        return " ".join([*words[:-1], words[-1][:-1] + "Z"])
    return act + " " + draw(st.text(min_size=1, max_size=5).filter(lambda t: t.strip()))


def bad_seats(players: int) -> st.SearchStrategy[Any]:
    """Values that are not seats of a game of ``players`` (nor None)."""
    return st.one_of(
        st.integers().filter(lambda n: not 0 <= n < players),
        st.sampled_from([True, False, 1.0, 0.0, "0", "1", 10**5_000, b"\x00", [0], (0,)]),
        st.floats(allow_nan=True),
        st.text(max_size=5).filter(lambda t: t not in ("spectator", "teacher")),
    )


def is_legal(state: State, act: Any, seat: Any) -> bool:
    """Whether ``apply(act, seat)`` would be accepted (the candidate must not be)."""
    if not isinstance(act, str) or len(act) > 2_000 or state.terminal or state.chance:
        return False
    if seat is None:
        if len(state.to_move) != 1:
            return False
        seat = state.to_move[0]
    if type(seat) is not int or not 0 <= seat < state.players:
        return False
    return state.canonical(act) in state.legal_actions(seat)


# --------------------------------------------------------------------- actions
@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_garbage_actions_are_refused_and_change_nothing(name: str, data: st.DataObject) -> None:
    state = data.draw(positions(name))
    act = data.draw(garbage_actions(state))
    seat = data.draw(st.one_of(st.none(), st.integers(-1, state.players), bad_seats(state.players)))
    assume(not is_legal(state, act, seat))
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(act, seat)
    short(err.value)
    assert err.value.reason and len(err.value.action) <= 201
    assert snapshot(state) == before, f"{act!r:.60} for seat {seat!r:.20} changed the state"
    if seat is None or (type(seat) is int and 0 <= seat < state.players):
        said = state.explain(act, seat) if isinstance(act, str) else "refused"
        assert said != "legal" and len(said) <= SHORT
        assert snapshot(state) == before


# ----------------------------------------------------------------------- seats
@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_bad_seats_are_refused_at_every_entry_point(name: str, data: st.DataObject) -> None:
    state = data.draw(positions(name))
    bad = data.draw(bad_seats(state.players))
    before = snapshot(state)
    act = next(iter(state.legal_actions(state.to_move[0])), "pass") if state.to_move else "pass"
    for entry in (
        lambda: state.legal_actions(bad),
        lambda: state.observation(bad),
        lambda: state.prompt(bad),
        lambda: state.explain(act, bad),
        lambda: state.check_seat(bad),
    ):
        with pytest.raises(CardlabError) as err:
            entry()
        short(err.value)
    with pytest.raises(IllegalActionError) as err:
        state.apply(act, bad)
    assert "seat" in short(err.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_a_match_refuses_bad_seats_and_viewers(name: str, data: st.DataObject) -> None:
    m = _match(name)
    bad = data.draw(bad_seats(m.game.players))
    history = list(m.history)
    before = snapshot(m.state)
    act = data.draw(st.one_of(st.sampled_from(m.legal_actions() or ("pass",)), VALUES))
    for entry in (
        lambda: m.legal_actions(bad),
        lambda: m.observation(bad),
        lambda: m.odds(bad),
        lambda: m.play(act, bad),
        lambda: m.undo_turn(bad),
        lambda: m.event_texts(bad),
        lambda: m.events_frame(bad),
    ):
        with pytest.raises(CardlabError) as err:
            entry()
        short(err.value)
    assert m.history == history and snapshot(m.state) == before


def _match(name: str) -> Match:
    """A match whose every seat is played by hand, at its first decision."""
    return Match(name, seed=3, hands=1)


# --------------------------------------------------------------------- replays
def _bad_field_values(field: str) -> list[Any]:
    """Values no replay may hold in ``field`` (each refused whatever the rest says)."""
    common: list[Any] = [[], {}, 1.5, True, None]
    return {
        "format": ["cardlab", 1, None, "x" * 1_000],
        "format_version": [2, "1", 1.0, True, None, 10**50],
        "game": ["chess", 1, None, ["hearts"], "x" * 100_000],
        "rules_version": ["1", 1.5, True, None, -1, 10**50],
        "players": ["2", 2.5, True, None, 0, 99, 10**50],
        "options": [[], "hands=1", 1, {"hands": 0}, {"nope": 1}, {"hands": 10**50}],
        "seed": [1.5, True, [1], {}, 10**50, "x" * 1_001],
        "actions": ["deal", {}, 1, None, [[None]], [[0, 1]], [["0", "deal"]], [[True, "x"]]],
        "meta": [[], "note", 1, None],
    }.get(field, common)


@st.composite
def tampered(draw: st.DataObject, name: str) -> str:
    """The JSON of a valid replay of ``name``, broken in one way."""
    good = _replay_dict(name)
    data = copy.deepcopy(good)
    how = draw(
        st.sampled_from(
            ["field", "unknown", "missing", "twice", "huge", "deep", "step", "seat", "json"]
        )
    )
    if how == "field":
        key = draw(st.sampled_from(sorted(good)))
        data[key] = draw(st.sampled_from(_bad_field_values(key)))
    elif how == "unknown":
        data[draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in good))] = 1
    elif how == "missing":
        del data[draw(st.sampled_from(["format", "game", "players", "options", "actions"]))]
    elif how == "twice":
        key = draw(st.sampled_from(sorted(good)))
        text = json.dumps(data)
        return text[:-1] + f", {json.dumps(key)}: {json.dumps(data[key])}}}"
    elif how == "huge":
        key = draw(st.sampled_from(["seed", "players", "rules_version", "format_version"]))
        text = json.dumps({**data, key: 0})
        return text.replace(f'"{key}": 0', f'"{key}": {"7" * 5_000}')
    elif how == "deep":
        depth = draw(st.sampled_from([MAX_DEPTH + 1, 5_000, 100_000]))
        where = draw(st.sampled_from(["meta", "options", "whole"]))
        nest = "[" * depth + "]" * depth
        if where == "whole":
            return nest
        text = json.dumps({**data, where: {"x": 0}})
        return text.replace('{"x": 0}', '{"x": ' + nest + "}")
    elif how == "step":
        steps = data["actions"]
        i = draw(st.integers(0, len(steps) - 1))
        seat, text = steps[i]
        steps[i] = [seat, draw(st.sampled_from(["zz" + text, text + " ZZ", "", "9" * 3_000]))]
    elif how == "seat":
        steps = data["actions"]
        i = draw(st.integers(0, len(steps) - 1))
        seat, text = steps[i]
        wrong = draw(st.sampled_from([-1, data["players"], 10**40]))
        steps[i] = [0 if seat is None else None if draw(st.booleans()) else wrong, text]
    else:
        text = json.dumps(data)
        cut = draw(st.integers(0, len(text) - 1))
        nan = text.replace('"meta": {}', '"meta": {"x": NaN}')
        return draw(st.sampled_from([text[:cut], text + "]", "NaN", nan, "", "[]", "null"]))
    return json.dumps(data)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_tampered_replays_are_refused(name: str, data: st.DataObject) -> None:
    text = data.draw(tampered(name))
    with pytest.raises(ReplayError) as err:
        Replay.from_json(text)
    short(err.value)


# --------------------------------------------------------------------- options
def _fields(name: str) -> list[dataclasses.Field[Any]]:
    return list(dataclasses.fields(cardlab.load(name).spec.options_class))


def _hints(name: str) -> dict[str, Any]:
    return typing.get_type_hints(cardlab.load(name).spec.options_class)


def _number_field(tp: Any) -> bool:
    args = typing.get_args(tp) or (tp,)
    return any(a in (int, float) for a in args) and bool not in args


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_options_of_every_type_and_range_are_refused_or_sane(
    name: str, data: st.DataObject
) -> None:
    spec = cardlab.load(name).spec
    field = data.draw(st.sampled_from(_fields(name)))
    value = data.draw(VALUES)
    try:
        game = cardlab.load(name, **{field.name: value})
    except OptionError as e:
        assert field.name in short(e)
        return
    # Accepted: it is what the option table says it may be.
    got = getattr(game.options, field.name)
    meta = field.metadata
    if isinstance(got, int | float) and not isinstance(got, bool):
        assert math.isfinite(got)
        assert meta.get("min", -math.inf) <= got <= meta.get("max", math.inf)
    if meta.get("choices") is not None:
        assert got in meta["choices"]
    assert game.spec is spec


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(players=VALUES, key=st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True))
def test_bad_player_counts_and_unknown_options_are_refused(
    name: str, players: Any, key: str
) -> None:
    spec = cardlab.load(name).spec
    if not (type(players) is int and players in spec.players) and players is not None:
        with pytest.raises(OptionError) as err:
            cardlab.load(name, players=players)
        short(err.value)
    if key not in {f.name for f in _fields(name)} | {"players"}:
        with pytest.raises(OptionError) as err:
            cardlab.load(name, **{key: 1})
        assert key in short(err.value)


@pytest.mark.parametrize("name", NAMES)
def test_every_number_option_has_a_range_and_plays_at_its_ends(name: str) -> None:
    """Counts, stakes and targets are bounded, and a game plays at either end of each."""
    hints = _hints(name)
    spec = cardlab.load(name).spec
    for field in _fields(name):
        if not _number_field(hints[field.name]):
            continue
        lo, hi = field.metadata.get("min"), field.metadata.get("max")
        if field.metadata.get("choices") is not None:
            continue  # a few values, each played by the conformance suite
        # A first dealer is bounded by the number of players, checked when the game is made.
        if field.name != "first_dealer":
            assert lo is not None and hi is not None, f"{name}.{field.name} needs a min and a max"
        for value in ({lo, hi} - {None}) if field.name != "first_dealer" else ():
            try:
                game = cardlab.load(name, players=max(spec.players), **{field.name: value})
            except OptionError:  # a cross-field check (e.g. a rule it conflicts with)
                continue
            _play_a_while(game.new_state(), random.Random(f"{field.name}={value}"))


def _play_a_while(state: State, rng: random.Random, steps: int = 250) -> None:
    for k in range(steps):
        if state.terminal:
            return
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert len(legal) > 0 and legal[-1] in legal
        if k % 25 == 0:
            state.observation(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)


# ------------------------------------------------------------------------ caps
@pytest.mark.parametrize("name", NAMES)
def test_every_game_ends_by_itself_or_at_its_cap(name: str) -> None:
    """With every target as far off as its option allows, the cap still ends the game."""
    spec = cardlab.load(name).spec
    cls = spec.options_class
    hints = _hints(name)
    rng = random.Random(name)
    if not cls.cap:
        state = cardlab.load(name).new_state()
        _play_a_while(state, rng, steps=20_000)
        assert state.terminal and len(state.results) == 1, f"{name} declares no cap"
        return
    assert cls.cap in {f.name for f in _fields(name)}, f"{name}: cap {cls.cap!r} is no option"
    far = {
        f.name: f.metadata["max"]
        for f in _fields(name)
        if _number_field(hints[f.name])
        and f.name not in (cls.cap, "hands", "first_dealer")
        and "max" in f.metadata
    }
    for opts in (far, {}):
        try:
            game = cardlab.load(name, **{**opts, cls.cap: 2})
        except OptionError:
            continue  # these extremes conflict with one another: the defaults are tried too
        state = game.new_state()
        _play_a_while(state, rng, steps=50_000)
        assert state.terminal, f"{name} with {cls.cap}=2 did not end"
        assert state.outcome is not None and state.outcome.summary
