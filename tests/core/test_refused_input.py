"""The entry points refuse bad input before changing anything, in short messages.

One test (or a few) per kind of bad input; ``tests/conformance/test_bad_input.py`` throws
the same kinds at every game with hypothesis.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

import cardlab
from cardlab.core import replay as replay_module
from cardlab.core.actions import ActionRange
from cardlab.core.errors import (
    CardlabError,
    IllegalActionError,
    OptionError,
    ReplayError,
    SeatError,
)
from cardlab.core.match import Match
from cardlab.core.quoting import quote
from cardlab.core.refusals import ascii_int, number_problem, seed_problem
from cardlab.core.registry import specs
from cardlab.core.replay import Replay


def red_dog() -> Match:
    m = Match("red_dog", seed=1, players=2)
    assert m.legal_actions()[0] == "bet 1"
    return m


# ---------------------------------------------------------------- huge input
def test_quote_keeps_a_short_prefix_of_anything() -> None:
    assert quote("bet 3") == "'bet 3'"
    long = quote("x" * 1_000_000)
    assert long.startswith("'xxxx") and "(1,000,000 characters)" in long and len(long) < 80
    assert quote(10**5_000) == "a number of 5,001 digits"
    assert quote(10**20_000).startswith("a number of ")
    assert quote(-5) == "-5" and quote(1.5) == "1.5" and quote(True) == "True"
    assert len(quote(list(range(10_000)))) < 80
    assert len(quote({"k" * 500: [10**6_000]})) < 200


@pytest.mark.parametrize(
    "text",
    ["bet " + "9" * 5_000, "bet " + "x" * 1_000_000, "play " + "QS " * 10_000],
)
def test_an_oversized_action_is_refused_before_it_is_read(text: str) -> None:
    m = red_dog()
    before = (len(m.history), len(m.state.events))
    with pytest.raises(IllegalActionError) as err:
        m.play(text)
    assert "an action is at most 2,000 characters" in err.value.reason
    assert len(str(err.value)) < 200 and len(err.value.action) <= 201
    assert (len(m.history), len(m.state.events)) == before


def test_a_number_too_long_for_python_is_a_refusal_not_a_crash() -> None:
    m = red_dog()
    with pytest.raises(IllegalActionError, match="far too large a number"):
        m.play("bet " + "9" * 1_000)
    assert ascii_int("9" * 31) is None and ascii_int("9" * 30) == int("9" * 30)
    assert "far too large" in number_problem("9" * 5_000)


def test_numbers_have_one_spelling() -> None:
    m = red_dog()
    for text, said in [
        ("bet 01", "'01' starts with a zero: write it as '1'"),
        ("bet ١", "'١' uses digits other than 0-9"),
        ("bet ３", "'３' uses digits other than 0-9"),
        ("bet ²", "'²' uses digits other than 0-9"),
    ]:
        with pytest.raises(IllegalActionError) as err:
            m.play(text)
        assert said in err.value.reason, (text, err.value.reason)
    assert ascii_int("0") == 0 and ascii_int("00") is None and ascii_int("007") is None
    assert "bet 01" not in m.legal_actions() and m.play("bet 1") == "bet 1"


def test_a_message_never_echoes_the_whole_input() -> None:
    m = red_dog()
    for text in ["zz" + "y" * 1_900, "bet " + "1" * 29 + "x" * 1_500]:
        with pytest.raises(IllegalActionError) as err:
            m.play(text)
        assert len(str(err.value)) < 400, str(err.value)
    with pytest.raises(OptionError) as opt:
        cardlab.load("hearts", moon="m" * 100_000)
    assert len(str(opt.value)) < 300
    with pytest.raises(OptionError) as game:
        cardlab.load("h" * 100_000)
    # the known games are named (their list grows with the games); the input is cut short
    known = ", ".join(sorted(specs()))
    assert len(str(game.value)) < 200 + len(known)


# -------------------------------------------------------------------- replays
def replay_text(**changes: Any) -> str:
    m = Match("golf", seed=1, agents="random")
    m.run()
    return json.dumps({**m.to_replay().to_dict(), **changes})


def test_a_replay_with_a_huge_number_is_refused() -> None:
    text = replay_text(seed=0).replace('"seed": 0', '"seed": ' + "7" * 5_000)
    with pytest.raises(ReplayError, match="a number of 5,000 digits"):
        Replay.from_json(text)
    with pytest.raises(ReplayError, match="a seed is a whole number"):
        Replay.from_json(replay_text(seed=10**60))


@pytest.mark.parametrize("depth", [40, 1_000, 1_000_000])
def test_a_deeply_nested_replay_is_refused(depth: int) -> None:
    nest = "[" * depth + "]" * depth
    with pytest.raises(ReplayError) as err:
        Replay.from_json(nest)
    assert len(str(err.value)) < 100
    text = replay_text(meta={"x": 0}).replace('{"x": 0}', '{"x": ' + nest + "}")
    with pytest.raises(ReplayError, match="nest"):
        Replay.from_json(text)


def test_unknown_and_repeated_fields_are_refused() -> None:
    with pytest.raises(ReplayError, match="unknown field 'colour'; its fields are format"):
        Replay.from_json(replay_text(colour="red"))
    twice = replay_text()[:-1] + ', "seed": 2}'
    with pytest.raises(ReplayError, match="the field 'seed' is given twice"):
        Replay.from_json(twice)
    inner = replay_text(options={"hands": 1}).replace('"hands": 1', '"hands": 1, "hands": 2')
    with pytest.raises(ReplayError, match="'hands' is given twice"):
        Replay.from_json(inner)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_that_are_no_numbers_are_refused(word: str) -> None:
    with pytest.raises(ReplayError, match=f"{word} is not a JSON number"):
        Replay.from_json(replay_text(meta={"x": 0}).replace('"x": 0', f'"x": {word}'))


def test_an_oversized_replay_is_refused_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = replay_text()
    monkeypatch.setattr(replay_module, "MAX_CHARS", len(text) - 1)
    with pytest.raises(ReplayError, match="characters long; at most"):
        Replay.from_json(text)
    path = tmp_path / "big.json"
    path.write_text(text + " " * (4 * len(text)), encoding="utf-8")
    with pytest.raises(ReplayError, match="bytes; at most"):
        Replay.load(path)


@pytest.mark.parametrize("step", [True, 1.0, "1", -1, 10**5_000], ids=quote)
def test_a_replay_step_is_a_whole_number_in_range(step: Any) -> None:
    replay = Replay.from_json(replay_text())
    with pytest.raises(ReplayError, match="step must be a whole number between 0 and"):
        replay.state_at(step)


def test_a_replay_refuses_a_format_version_that_is_not_an_int() -> None:
    with pytest.raises(ReplayError, match=r"unsupported replay format_version 1\.0"):
        Replay.from_json(replay_text(format_version=1.0))


# ----------------------------------------------------------------------- seats
BAD_SEATS = [1.0, True, False, -1, "0", 7, None.__class__, [0], 10**5_000, math.nan]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=quote)
def test_one_seat_check_for_every_entry_point(seat: Any) -> None:
    m = Match("hearts", seed=2)
    st = m.state
    before = (st.observation(None), len(m.history), st.to_move)
    for entry in (
        lambda: st.observation(seat),
        lambda: st.prompt(seat),
        lambda: st.legal_actions(seat),
        lambda: st.explain("pass 2C", seat),
        lambda: st.view(seat),
        lambda: m.observation(seat),
        lambda: m.odds(seat),
        lambda: m.undo_turn(seat),
        lambda: m.event_texts(seat),
        lambda: m.events_frame(seat),
        lambda: m.legal_actions(seat),
    ):
        with pytest.raises(SeatError) as err:
            entry()
        assert len(str(err.value)) < 200
    with pytest.raises(IllegalActionError, match="seat"):
        m.play("pass 2C", seat)
    assert (st.observation(None), len(m.history), st.to_move) == before


def test_true_is_not_seat_one() -> None:
    st = Match("hearts", seed=2).state
    assert st.prompt(1)
    with pytest.raises(SeatError, match="not True"):
        st.prompt(True)  # type: ignore[arg-type]
    assert st.observation("spectator").viewer == "spectator"
    assert st.observation("teacher").viewer == st.observation(None).viewer


# ------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("game", "options", "phrase"),
    [
        ("red_dog", {"ante": 2**62}, "option ante=4611686018427387904 must be between 1 and 1,000"),
        ("in_between", {"starting_chips": 10**18}, "must be between 0 and 1,000,000"),
        ("gin_rummy", {"bet": math.nan}, "option bet=nan must be a finite number"),
        ("gin_rummy", {"bet": math.inf}, "option bet=inf must be a finite number"),
        ("gin_rummy", {"bet": 10**400}, "must be between 0 and 1,000"),
        ("hearts", {"target": 10**9}, "option target=1000000000 must be between 1 and 1,000"),
        ("hearts", {"max_hands": 0}, "must be between 1 and 10,000"),
        ("hearts", {"moon": 3}, "expected one of 'add', 'subtract', 'choice'"),
        ("hearts", {"hands": "2"}, "expected int or None between 1 and 10,000"),
    ],
)
def test_options_are_bounded(game: str, options: dict[str, Any], phrase: str) -> None:
    with pytest.raises(OptionError) as err:
        cardlab.load(game, **options)
    assert phrase in str(err.value) and len(str(err.value)) < 300


def test_the_options_table_reports_each_maximum() -> None:
    table = cardlab.load("hearts").spec.options_class.markdown()
    assert "| `max_hands` | `100` | int 1–10000 |" in table
    assert "| `target` | `100` | int 1–1000 |" in table


def test_a_bet_range_holds_any_size_without_overflow() -> None:
    huge = ActionRange("bet", 1, 2**70)
    assert len(huge) == sys.maxsize and huge[-1] == f"bet {sys.maxsize}"
    assert "bet 5" in huge and "bet 05" not in huge and "bet " + "9" * 40 not in huge


# ----------------------------------------------------------------------- caps
@pytest.mark.parametrize("game", ["hearts", "bouncers", "bourbon", "foresight", "heartburn"])
def test_a_target_out_of_reach_ends_at_the_cap(game: str) -> None:
    m = Match(game, seed=5, agents="random", target=300, max_hands=2)
    m.run()
    assert m.terminal and len(m.state.results) == 2
    assert m.state.outcome is not None
    assert m.state.outcome.summary.startswith("The game stops at its cap of 2 hands. ")
    assert m.winners()


def test_gin_at_its_cap_pays_no_bonus_and_says_so() -> None:
    m = Match("gin_rummy", seed=5, agents="random", target=1_000, max_hands=1, bet=0.5)
    m.run()
    assert m.terminal and len(m.state.results) == 1
    assert not any("game bonus" in line.reason for line in m.state.results[-1].lines)
    assert "cap of 1 hand." in m.state.outcome.summary  # type: ignore[union-attr]


def test_hands_overrides_the_cap() -> None:
    m = Match("hearts", seed=5, agents="random", hands=3, max_hands=1)
    m.run()
    assert len(m.state.results) == 3 and "cap" not in m.state.outcome.summary  # type: ignore[union-attr]


# ---------------------------------------------------------------------- seeds
@pytest.mark.parametrize("seed", [1.5, [1], True, math.nan, 10**40, "s" * 1_001, b"1"])
def test_a_seed_is_checked_when_the_match_is_made(seed: Any) -> None:
    with pytest.raises(CardlabError, match="a seed is a whole number") as err:
        Match("golf", seed=seed)
    assert len(str(err.value)) < 200
    with pytest.raises(CardlabError, match="a seed is a whole number"):
        cardlab.simulate("golf", n=1, seed=seed)
    assert seed_problem(seed)


def test_good_seeds_save_and_load() -> None:
    import numpy as np

    for seed in [0, -3, 10**39, "class 4B", np.int64(7)]:
        m = Match("golf", seed=seed)
        assert type(m.seed) in (int, str)
        assert Replay.from_json(m.to_replay().to_json()).seed == m.seed


# ------------------------------------------------------------- match and simulate
@pytest.mark.parametrize(
    ("kwargs", "phrase"),
    [
        (
            {"agents": {True: "random"}},
            "no seat True: seats are 0 to 3 (whole numbers, not a bool)",
        ),
        ({"agents": 5}, "agents are a bot name for every seat, a list with one per seat or a dict"),
        ({"agents": b"random"}, "agents are a bot name"),
        ({"agents": [["random"]] * 4}, "unknown bot ['random']"),
        ({"deal": 5}, "deal is an explicit deal (an action from game.deal(...)) or a list"),
        ({"deal": [5]}, "an explicit deal is an action from game.deal(...), not 5"),
    ],
)
def test_bad_match_arguments_say_what_is_allowed(kwargs: dict[str, Any], phrase: str) -> None:
    with pytest.raises(CardlabError) as err:
        Match("hearts", **kwargs)
    assert phrase in str(err.value)


@pytest.mark.parametrize(
    ("kwargs", "phrase"),
    [
        ({"n": True}, "n must be a whole number of games ≥ 0, not True"),
        ({"n": 2.0}, "n must be a whole number of games"),
        ({"processes": "2"}, "processes must be a whole number of worker processes"),
        ({"processes": -1}, "processes must be"),
        ({"max_steps": 0}, "max_steps must be a whole number of steps ≥ 1"),
        ({"progress": "yes"}, "progress must be True, False or None"),
        ({"per": ["game"]}, "per must be 'game' or 'hand'"),
    ],
)
def test_bad_simulation_arguments_say_what_is_allowed(kwargs: dict[str, Any], phrase: str) -> None:
    with pytest.raises(CardlabError, match=phrase.replace("(", r"\(").replace(")", r"\)")):
        cardlab.simulate("golf", **{"n": 1, **kwargs})
