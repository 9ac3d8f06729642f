"""Tests for the ``cardlab`` command line, run in-process with scripted input."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardlab.cli import collapse, main, parse_options, parse_value
from cardlab.core.cards import Card
from cardlab.core.match import Match

BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}
PROMPT = "North, your move ["


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _scenario() -> tuple[Card, str, Card]:
    """Seed 1, North passes its first three legal cards and plays its first legal card.

    Returns the first card passed, then a card North holds but may not play at its
    second play decision, with the rule's reason.
    """
    m = Match("hearts", seed=1, agents=BOTS)
    first = m.legal_actions(0)[0].card
    assert first is not None
    for _ in range(3):
        m.play(m.legal_actions(0)[0], 0)
    m.run()
    m.play(m.legal_actions(0)[0], 0)
    m.run()
    legal = {a.card for a in m.legal_actions(0)}
    bad = next(c for c in m.observation(0).my_hand if c not in legal)
    return first, m.state.explain(f"play {bad.code}", 0), bad


# ------------------------------------------------------------------- list
def test_list(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, ["list"])
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].split() == ["name", "players", "family", "summary"]
    assert any(line.startswith("hearts ") and "trick-taking" in line for line in lines)


def test_list_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, monkeypatch, ["list", "hearts"])
    assert code == 0
    assert out.startswith("Hearts (hearts): ")
    assert "moon" in out and "add, subtract, choice" in out and "how a moon shot scores" in out
    assert "1–10000 or None" in out  # hands
    assert "true/false" in out  # omnibus
    assert "bots: random, first, search, heuristic (default)" in out


def test_list_unknown_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, monkeypatch, ["list", "chess"])
    assert code == 2 and not out
    assert err.startswith("cardlab: error: unknown game 'chess'; known games: ")
    assert err.count("\n") == 1


# ------------------------------------------------------------------- play
def test_play_scripted_session(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, reason, bad = _scenario()
    save = tmp_path / "game.json"
    script = [
        "",  # empty line: just asks again
        "99",  # no such number
        "hello",  # not an action
        first.code.lower(),  # a lone card naming exactly one legal action
        "1",
        "1",  # three cards passed
        "1",  # the first trick
        bad.code.lower(),  # illegal: the rule's reason
        f"PLAY {bad.text}",  # the same as full action text with a suit symbol
        "undo",
        "score",
        "help",
        "quit",
    ]
    code, out, err = run(
        capsys,
        monkeypatch,
        ["play", "hearts", "--seed", "1", "--save", str(save)],
        "\n".join(script) + "\n",
    )
    assert code == 0, err
    assert not err
    assert "You are North (seat 0)" in out
    assert "There is no action 99: choose a number from 1 to 13." in out
    assert (
        "'hello' is not an action North can take now" in out
        and "Type 'help' for the commands." in out
    )
    assert f"North chooses {first.text} to pass" in out
    # The rule's reason, for the lone card and for the full text, each followed by the prompt.
    assert out.count(reason) == 2
    for chunk in out.split(reason)[1:]:
        assert chunk.lstrip(".\n").startswith(PROMPT)
    assert f"You can't play {bad.text}: {reason}." in out
    assert f"Not allowed: {reason}." in out
    # undo goes back to the first trick: North's earlier decision.
    after_undo = out.split("Undone: back to your previous decision.")[1]
    assert "trick number: 1 ·" in after_undo.split(PROMPT)[0]
    assert "Scores: North 0 · East 0 · South 0 · West 0\nNo hand has finished yet." in out
    assert "undo              go back" in out
    assert out.rstrip().endswith(f"Game stopped.\nReplay saved to {save}")
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "hearts" and data["seed"] == 1
    # 3 passes then (after the undo) nothing more from North: the first trick is undone.
    north = [a for s, a in data["actions"] if s == 0]
    assert len(north) == 3 and all(a.startswith("pass ") for a in north)


def test_play_whole_hand_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        capsys,
        monkeypatch,
        [
            "play",
            "hearts",
            "--seed",
            "3",
            "--option",
            "hands=1",
            "--seat",
            "2",
            "--bots",
            "random,first,heuristic",
        ],
        "1\n" * 40,
    )
    assert code == 0, err
    assert "bots: North (random), East (first), West (heuristic)" in out
    assert "South, your move [" in out
    assert "Hand 1 result\n" in out and "Points this hand: " in out and "Totals: " in out
    assert "Final scores: " in out and "wins with" in out
    assert "Game stopped." not in out


def test_play_says_each_prompt_once_and_waits_after_a_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(
        capsys, monkeypatch, ["play", "hearts", "--seed", "3", "-o", "hands=2"], "1\n" * 80
    )
    assert code == 0, err
    lines = out.splitlines()
    prompts = [line.removeprefix("» ") for line in lines if line.startswith("» ")]
    assert prompts, "the table ends with the prompt"
    for prompt in set(prompts):
        assert lines.count(prompt) == 0, f"printed twice: {prompt!r}"
    # the first hand's result, its totals, then a pause before the second deal
    result = out.index("Hand 1 result\n")
    pause = out.index("Press Enter to deal the next hand (or type quit)> ", result)
    assert "Totals: " in out[result:pause]
    assert "hand 2" not in out[:pause] and "Hearts · hand 2" in out[pause:]
    code, out, _ = run(
        capsys,
        monkeypatch,
        ["play", "hearts", "--seed", "3", "-o", "hands=2"],
        "1\n" * 16 + "quit\n",
    )
    assert code == 0 and "Game stopped." in out and "Hearts · hand 2" not in out


def test_play_eof_quits_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "r.json"
    code, out, err = run(capsys, monkeypatch, ["play", "hearts", "--save", str(save)], "")
    assert code == 0 and not err
    assert "Game stopped." in out and save.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["play", "hearts", "--option", "foo=1"],
            "unknown option foo; this game's options are: deck, first_dealer, hands, max_hands, "
            "moon, omnibus, target",
        ),
        (["play", "hearts", "-o", "moon=sideways"], "choose one of 'add', 'subtract', 'choice'"),
        (["play", "hearts", "-o", "moon"], "must be written name=value"),
        (["play", "hearts", "--seat", "4"], "--seat must be a seat from 0 to 3"),
        (["play", "hearts", "--players", "3"], "Hearts is played by 4 players"),
        (["play", "hearts", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "hearts", "--bots", "random,random"], "--bots needs one name or 3"),
        (["play", "nope"], "unknown game 'nope'"),
        (["simulate", "hearts", "-n", "-1"], "-n must be a number of games"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["play"], "the following arguments are required: GAME"),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 2
    assert message in err
    assert err.startswith("cardlab") and err.count("\n") == 1
    assert "Traceback" not in err + out


HUGE = "9" * 5_000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "hearts", "--seed", HUGE], "a seed is a whole number (at most 40 digits)"),
        (["simulate", "golf", "-n", "1", "--seed", "1" * 41], "a seed is a whole number"),
        (["play", "hearts", "-o", f"target={HUGE}"], "option target=inf has the wrong type"),
        (["play", "hearts", "-o", "target=1e999"], "option target=inf has the wrong type"),
        (["simulate", "gin_rummy", "-n", "1", "-o", "bet=nan"], "bet=nan must be a finite"),
        (["play", "red_dog", "-o", f"ante={'9' * 30}"], "must be between 1 and 1,000"),
        (["play", "hearts", "--seat", HUGE], "invalid int value: '99999"),
        (["simulate", "hearts", "-n", HUGE], "invalid int value"),
    ],
)
def test_huge_arguments_get_one_short_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 2 and message in err, err[:300]
    assert err.count("\n") == 1 and len(err) < 500 and "Traceback" not in err + out


def test_a_tampered_replay_file_gets_one_short_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    m = Match("golf", seed=2, agents="random")
    m.run()
    good = m.to_replay().to_json()
    for name, text, message in [
        ("seed", good.replace('"seed": 2', f'"seed": {HUGE}'), "a number of 5,000 digits"),
        ("deep", "[" * 100_000 + "]" * 100_000, "nests lists or objects too deeply"),
        ("twice", good[:-1] + ', "seed": 3}', "the field 'seed' is given twice"),
        ("extra", good[:-1] + ', "colour": 3}', "unknown field 'colour'"),
    ]:
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, monkeypatch, ["replay", str(path)])
        assert code == 2 and message in err, err[:300]
        assert err.count("\n") == 1 and len(err) < 500 and not out
    path = tmp_path / "step.json"
    path.write_text(good, encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--step", "9" * 4_000])
    assert code == 2 and "--step must be between 0 and" in err and len(err) < 300
    code, _, err = run(capsys, monkeypatch, ["replay", str(path), "--viewpoint", "x" * 10_000])
    assert code == 2 and "--viewpoint must be a seat 0-0" in err and len(err) < 300


def test_a_huge_line_at_the_prompt_is_refused_and_play_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["play " + "9" * 5_000, HUGE, "x" * 100_000, "２", "quit"]
    code, out, err = run(capsys, monkeypatch, ["play", "hearts", "--seed", "1"], "\n".join(lines))
    assert code == 0 and not err
    assert "Not allowed: an action is at most 2,000 characters, not 5,005." in out
    assert "Not allowed: an action is at most 2,000 characters, not 100,000." in out
    assert "Game stopped." in out


def test_parse_values() -> None:
    assert parse_value("3") == 3 and parse_value("2.5") == 2.5
    assert parse_value("True") is True and parse_value("false") is False
    assert parse_value("none") is None and parse_value("subtract") == "subtract"
    assert parse_value("'7'") == "7"
    assert parse_options(["hands=1", "first-dealer=2", "moon=choice"]) == {
        "hands": 1,
        "first_dealer": 2,
        "moon": "choice",
    }
    assert collapse(["a", "a", "b", "a"]) == ["a (×2)", "b", "a"]


# --------------------------------------------------------------- simulate
def test_simulate_csv(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out_csv = tmp_path / "tmp.csv"
    code, out, _ = run(
        capsys, monkeypatch, ["simulate", "hearts", "-n", "3", "--out", str(out_csv)]
    )
    assert code == 0
    assert "Hearts: 3 games" in out and "games: 3 · hands: " in out
    assert "mean score" in out and "win rate" in out
    assert f"Wrote 3 rows to {out_csv}" in out
    with out_csv.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3
    assert {"game", "seed", "hands", "score_0", "score_3", "win_0", "winner"} <= set(rows[0])
    assert [r["seed"] for r in rows] == ["0/0", "0/1", "0/2"]
    wins = sum(float(r[f"win_{s}"]) for r in rows for s in range(4))
    assert wins == pytest.approx(3)


def test_simulate_per_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys,
        monkeypatch,
        [
            "simulate",
            "hearts",
            "-n",
            "2",
            "--per",
            "hand",
            "--seed",
            "5",
            "--bots",
            "random,heuristic,random,first",
            "-o",
            "hands=2",
            "--no-progress",
        ],
    )
    assert code == 0
    assert "games: 2 · hands: 4" in out
    assert "1     East   heuristic" in out and "3     West   first" in out
    assert "mean points/hand" in out


# ----------------------------------------------------------------- replay
def _saved(tmp_path: Path) -> tuple[Path, Match]:
    m = Match("hearts", seed=2, agents="heuristic", hands=1)
    m.run(60)
    path = tmp_path / "saved.json"
    m.save(str(path))
    return path, m


def test_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path, m = _saved(tmp_path)
    n = m.step_count
    code, out, err = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0 and not err
    assert out.startswith(f"Hearts replay, seed 2: step {n} of {n}, teacher view")
    assert "North deals hand 1" in out
    assert "chooses" in out and "to pass" in out
    assert re.search(r"^North +\w+[♣♦♥♠]", out, re.M)  # the teacher sees North's faces

    code, out, _ = run(
        capsys, monkeypatch, ["replay", str(path), "--step", "3", "--viewpoint", "1"]
    )
    assert code == 0
    assert "step 3 of" in out and "you are East" in out
    assert "East (you)" in out
    assert "North chooses a card to pass" in out  # East may not read North's choice

    code, out, _ = run(
        capsys, monkeypatch, ["replay", str(path), "--step", "0", "--viewpoint", "spectator"]
    )
    assert code == 0 and "To move: chance (dealing)" in out


def test_replay_finished_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    m = Match("hearts", seed=2, agents="heuristic", hands=1)
    m.run()
    path = tmp_path / "done.json"
    m.save(str(path))
    code, out, _ = run(capsys, monkeypatch, ["replay", str(path)])
    assert code == 0
    assert "Hand 1 result" in out and "Game over" in out and "(the lowest total)." in out


@pytest.mark.parametrize("kind", ["tampered", "not json", "missing", "bad step", "bad view"])
def test_replay_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kind: str
) -> None:
    path, _ = _saved(tmp_path)
    argv = ["replay", str(path)]
    if kind == "tampered":
        data = json.loads(path.read_text(encoding="utf-8"))
        seat, text = data["actions"][-1]
        data["actions"][-1] = [seat, "play 2C" if text != "play 2C" else "play 3C"]
        path.write_text(json.dumps(data), encoding="utf-8")
        expect = f"step {len(data['actions']) - 1} "
    elif kind == "not json":
        path.write_text("{not json", encoding="utf-8")
        expect = "replay is not valid JSON"
    elif kind == "missing":
        argv = ["replay", str(tmp_path / "nope.json")]
        expect = "cannot read replay"
    elif kind == "bad step":
        argv += ["--step", "100000"]
        expect = "--step must be between 0 and"
    else:
        argv += ["--viewpoint", "9"]
        expect = "--viewpoint seat must be from 0 to 3"
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 2 and not out
    assert err.startswith("cardlab: error: ") and expect in err
    assert err.count("\n") == 1 and "Traceback" not in err


# --------------------------------------------------------- console script
def test_console_script() -> None:
    exe = Path(sys.executable).parent / "cardlab"
    script = str(exe) if exe.exists() else shutil.which("cardlab")
    if script is None:  # pragma: no cover - the package is not installed
        pytest.skip("the cardlab console script is not installed")
    res = subprocess.run(
        [script, "list"], capture_output=True, text=True, timeout=60, encoding="utf-8"
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split()[:4] == ["name", "players", "family", "summary"]
    assert "hearts" in res.stdout

    res = subprocess.run(
        [sys.executable, "-m", "cardlab", "list", "nope"],
        capture_output=True,
        text=True,
        timeout=60,
        encoding="utf-8",
    )
    assert res.returncode == 2
    assert res.stderr.startswith("cardlab: error: unknown game 'nope'")
    assert "Traceback" not in res.stderr
