"""Every exercise of every notebook, checked here rather than in the notebooks.

Each notebook is executed once per run, in a kernel as JupyterLab would run it
(``tests/run_notebooks.py``, which keeps the executed copy the docs site publishes). Right
after its last cell, in the same kernel, ``notebook_checks`` runs on the objects it left
behind: every exercise it asked is checked (its intended answer is accepted, a typical
wrong one is explained without giving the answer away, the hint comes before the answer,
and its widget works), and so are the facts its text relies on. The tests here read that
report; a notebook not yet executed, or changed since, or whose checks or ``cardlab``
changed, is executed first.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import run_notebooks

import cardlab
from cardlab import lessons
from cardlab.exercises import CardsExercise, ChoiceExercise, Exercise, NumberExercise

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def _code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _asks(path: Path) -> bool:
    return any("ask(" in src for src in _code_cells(path))


_FAILED: dict[Path, str] = {}


def _report(path: Path) -> dict[str, Any]:
    """The checks run after ``path``'s last cell (executing it first if need be)."""
    if path in _FAILED:  # once per process: its other tests fail with the same message
        pytest.fail(_FAILED[path], pytrace=False)
    try:
        return run_notebooks.execute(path)[0]
    except run_notebooks.NotebookFailed as e:
        _FAILED[path] = f"{path.name} did not run to its end: {e}"
        pytest.fail(_FAILED[path], pytrace=False)


def _failures(rep: dict[str, Any], prefix: str) -> None:
    failed = [f"{label}:\n{tb}" for label, tb in rep["checks"] if label.startswith(prefix) and tb]
    if failed:
        pytest.fail("\n\n".join(failed), pytrace=False)


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_the_notebook_runs_to_its_end_without_an_error(path: Path) -> None:
    _report(path)
    nb = json.loads(run_notebooks.executed(path).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert ["".join(c["source"]) for c in code] == [s for s in _code_cells(path) if s.strip()]
    assert all(c["execution_count"] for c in code), "a cell did not run"
    errors = [o for c in code for o in c["outputs"] if o["output_type"] == "error"]
    assert not errors


# ------------------------------------------------------------------ static: no answers shown
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_notebook_cells_hold_no_asserts_and_no_answers(path: Path) -> None:
    for src in _code_cells(path):
        if any(line.lstrip().startswith(("%", "!")) for line in src.splitlines()):
            continue
        tree = ast.parse(src)
        for node in ast.walk(tree):
            assert not isinstance(node, ast.Assert), f"{path.name}: assert in a cell:\n{src}"
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                assert not node.id.startswith("answer"), f"{path.name}: a filled-in answer:\n{src}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert not node.func.id.startswith("check_"), f"{path.name}: {src}"
                if node.func.id == "ask":
                    key, *context = node.args
                    assert isinstance(key, ast.Constant), src
                    assert not any(isinstance(a, ast.Constant) for a in context), src
                    assert not node.keywords, src


# ------------------------------------------------------------------ each exercise, checked
#: The answers the notebooks used to ship filled in: the computed answers must agree.
INTENDED: dict[str, Any] = {
    "welcome/two-player-games": 2,
    "welcome/north-leads": "2C",
    "hearts/first-trick": "2D 4D 9D QD 3S 7S AS",
    "hearts/west-leads": "JC QC AC JD KD AD 9S TS JS KS",
    "hearts/west-score": 25,
    "hearts/omnibus-moon": -36,
    "hearts/one-suit-back": "2S 3S",
    "hearts/points-per-hand": 26,
    "gin/least-deadwood": 30,
    "gin/discard": "5H 6H 7H 9S 9D 9C 2C 3D KS 4S",
    "gin/knock-card": "KS",
    "gin/knock-score": 3,
    "gin/undercut": 13,
    "gin/parlett-limit": 4,
    "gin/heart-back": "3H",
    "gin/gin-only-undercut": "no",
    "foresight/south-follows": "AS JS TS 9S 7S 6S 5S 3S",
    "foresight/trick-winner": "West",
    "foresight/bid-points": 6,
    "foresight/south-score": 7,
    "heartburn/east-follows": "9C",
    "heartburn/hole-card": "play hole 1",
    "heartburn/south-score": 0,
    "heartburn/megan": 25,
    # 41 court
    "court/joker-order": "the Q♠ first",
    "court/north-score": 12,
    "court/pictures": 4,
    "court/aces": 3,
    "court/wealth-tie": 2,
    "bourbon/discard": "5H 6H 7H 2C 2D 2S 9S TS JS KC",
    "bourbon/knock-card": "KC",
    "bourbon/knock-score": 18,
    "bourbon/face-down-draw": "draw right",
    "bourbon/undercut-picture": 16,
    "frozen/movable": "KH QH",
    "frozen/slide": "yes",
    "frozen/score": 2,
    "frozen/levels-with-backs": 3,
    # 24 canasta
    "canasta/take-pile": "yes",
    "canasta/minimum": "no",
    "canasta/score": 800,
    "backs/three-suit-candidates": 3,
    "backs/most-leaking-class": 1,
    "backs/safe-hole-class": 1,
    "compare/west-score": 17,
    "compare/ten-of-diamonds-alone": 0,
    "bots/fewest-points": "heuristic",
    "bots/points-per-seat": 6.5,
    "bots/first-mover": "non-dealer",
    # 13 bouncers
    "bouncers/north-follows": "3S 4S 6S 8S JS QS AS",
    "bouncers/equal-ranks": "West",
    "bouncers/west-score": 19,
    "bouncers/costs": 12,
    "bouncers/variant-two": 7,
    "bouncers/least-per-deal": 35,
    "bouncers/dearer-rule": "by_rank",
    # 12 all fours
    "all-fours/run-size": 13,
    "all-fours/may-play": "6C KC 3S 9S",
    "all-fours/high": "North",
    "all-fours/low": "North",
    "all-fours/jack": "nobody",
    "all-fours/game": "South",
    "all-fours/seven-players": "no",
    # 16 in-between
    "in-between/east-winners": 24,
    "in-between/east-bet": "the minimum",
    "in-between/north-call": "low",
    "in-between/north-winners": 23,
    "in-between/north-bet": "the whole pot",
    "in-between/north-balance": 77,
    "in-between/break-even": 7,
    "in-between/pair-bet": "take the payment",
    # 17 red dog
    "red-dog/east-beats": 17,
    "red-dog/east-bet": "the minimum",
    "red-dog/east-shows": "4H",
    "red-dog/north-beats": 21,
    "red-dog/north-bet": "the whole pot",
    "red-dog/north-balance": 113,
    "red-dog/deals-per-shuffle": 2,
    "virus/drinkers": 1,
    "virus/round-score": 1,
    "virus/race": "nobody yet",
    "virus/best-reply": "steal",
    # 15 canfield
    "canfield/playable": "KC 4D",
    "canfield/last-card": "JS",
    "canfield/draw-three": "9♠",
    "canfield/casino-score": 23,
    "canfield/gap": "draw 3",
    # 14 golf
    "golf/playable": "5H 7S",
    "golf/longest-run": 8,
    "golf/king": "draw from the stock",
    "golf/score": 8,
    "golf/wrap-king": "an Ace",
    "golf/most-winnable": "draw any time, wrap",
    # 19 newmarket
    "newmarket/widow-pay-chips": 2,
    "newmarket/bid": 2,
    "newmarket/first-plays": "2C 5D 5H 4S",
    "newmarket/next-run": "North",
    "newmarket/comes-back": "2♥",
    "newmarket/out-payment": 13,
    "newmarket/dealer-ante": 9,
    # 18 three-five-seven
    "three-five-seven/north-hand": "pair",
    "three-five-seven/north-chance": 94,
    "three-five-seven/north-stay-value": 7.0,
    "three-five-seven/north-balance": 114,
    "three-five-seven/north-five": "high card",
    "three-five-seven/north-seven": "straight flush",
    "three-five-seven/east-stay": "fold",
    "three-five-seven/strike-pot": 14,
    # 25 tonk
    "tonk/croaker-down": "yes",
    "tonk/croaker-eleven": "yes",
    "tonk/west-pays": -1,
    "tonk/tonk-share": 1.0,
    "turncoat/total": 19,
    "turncoat/result": "failure",
    "turncoat/gifts-tell": "no",
    "turncoat/suspect": "East",
    "turncoat/no-turncoat": "1/3",
    "industry/first-spend": "2H 8D",
    "industry/money-lost": 4,
    "industry/final-score": 25,
    "break-in/scouted-trap": 0,
    "break-in/trap-cards": 2,
    "break-in/bank": 20,
    "break-in/leave-or-stay": "leave",
    "break-in/next-starter": "East",
    # 45 jackhammer
    "jackhammer/moves": 13,
    "jackhammer/winner": "North",
    "jackhammer/endgame": "e3",
    # 47 black snake
    "black-snake/most-points": 5,
    "black-snake/picture-rank": "2",
    "black-snake/reshuffle": 22,
    # 48 hatchet
    "hatchet/best": 4,
    "hatchet/bury": 3,
    # 46 paparazzi
    "paparazzi/majority": "nobody",
    "paparazzi/score": 27,
    "paparazzi/secured": 1,
    # 49 tod
    "tod/time-of-death": "8:26",
    "tod/answer": "no",
    "tod/suit-missing": "no",
    "tod/cases-left": 7,
    "tod/best-question": "Is a number there?",
}
#: Other wrong answers the notebooks' checks used to reject.
ALSO_WRONG: dict[str, list[Any]] = {
    "hearts/first-trick": ["QS"],
    "hearts/west-leads": ["JC QC AC JD KD AD 9S TS JS KS QH"],
    "gin/discard": ["5H 6H 7H 9S 9D 9C 2C 3D KS 4S 8H"],
    "foresight/south-follows": ["AS JS TS 9S 7S 6S 5S 3S JH"],
    "heartburn/east-follows": ["9C 3S"],
    "heartburn/hole-card": ["play hole 2"],
    "bourbon/discard": ["5H 6H 7H 2C 2D 2S 9S TS JS KC 3C"],
    "bouncers/north-follows": ["3S 4S 6S 8S JS QS AS TD"],
    "bouncers/equal-ranks": ["North"],
    "bouncers/costs": [23, 4],
    "all-fours/may-play": ["6C KC 3S 9S QH"],
    "all-fours/low": ["West", "nobody"],
    "all-fours/game": ["East", "nobody"],
    "in-between/east-winners": [30, 28],
    "in-between/north-balance": [59, 113],
    "in-between/north-call": ["high"],
    "red-dog/east-beats": [18],
    "red-dog/east-shows": ["KH", "9C"],
    "red-dog/north-beats": [22, 23],
    "red-dog/north-balance": [131, 77],
    "red-dog/deals-per-shuffle": [3],
    "canfield/playable": ["KC 4D AC", "KC"],
    "canfield/last-card": ["AS"],
    "canfield/casino-score": [75, -37],
    "golf/playable": ["5H 7S 6C", "7S"],
    "golf/score": [27],
    "turncoat/total": [9, -19],
    "turncoat/suspect": ["nobody"],
    "break-in/scouted-trap": [1],
    "break-in/trap-cards": [10],
    "break-in/bank": [8, 17],
    "break-in/next-starter": ["West"],
    "tod/time-of-death": ["6:22", "12:26"],
    "tod/best-question": ["Is a suit missing?"],
}


def _fresh(ex: Exercise) -> Exercise:
    """A copy with no attempts, so each check starts as a learner would."""
    import copy

    new = copy.copy(ex)
    new.attempts, new.solved, new.revealed, new._view = 0, False, False, None
    return new


def _gives_away(ex: Exercise, message: str) -> bool:
    said = message.split("Hint:")[0]
    if ex.why.rstrip(".")[1:] in message:
        return True
    if isinstance(ex, ChoiceExercise):
        return re.search(rf"\b{re.escape(ex.answer_text())}\b", said) is not None
    if isinstance(ex, CardsExercise):
        missed = ex.expected - ex._key(ex.typical)
        return any(c.text in message for c in missed)
    if isinstance(ex, NumberExercise):
        return re.search(rf"(?<![\d.]){re.escape(ex.answer_text())}(?![\d.])", said) is not None
    return False


def check_exercise(ex: Exercise) -> None:
    key = ex.key
    assert ex.question and ex.hint and ex.why, key
    # The intended answer is accepted, with the explanation.
    right = _fresh(ex).check(INTENDED[key])
    assert right.ok, (key, str(right))
    assert ex.why.rstrip(".")[:40].lower() in right.message.lower(), (key, right.message)
    assert _fresh(ex).check(ex.expected).ok, key
    # A typical wrong answer is explained (not just rejected), hint first, no answer.
    ex = _fresh(ex)
    assert ex.typical is not None, key
    wrong = ex.check(ex.typical)
    assert not wrong.ok, (key, ex.typical)
    said = ex.diagnose(ex.typical)
    assert said and said in wrong.message, (key, wrong.message)
    assert f"Hint: {ex.hint}" in wrong.message, key
    assert not _gives_away(ex, wrong.message), (key, wrong.message)
    assert not ex.revealed
    for other in ALSO_WRONG.get(key, []):
        v = ex.check(other)
        assert not v.ok and ex.diagnose(other), (key, other, str(v))
    # The answer only when asked for, with the explanation.
    solution = ex.solution()
    assert ex.revealed and ex.answer_text() in solution and ex.why.rstrip(".")[1:] in solution
    assert key in repr(ex) and ex.question in repr(ex)
    # The published page checks it with no kernel, from this data (docs/javascripts).
    data = json.loads(json.dumps(ex.offline(), ensure_ascii=False))
    assert data["expected"] == ex._offline_key(ex._key(INTENDED[key])), key
    assert data["hint"] == ex.hint and data["solution"] == solution


def _widget_round_trip(ex: Exercise) -> None:
    """Check, Hint and Show answer through the widget, as clicks would do them."""
    ex = _fresh(ex)
    box = ex.widget()
    view = ex._view
    assert view is not None and box is view.box
    check, hint, show = box.children[2].children
    feedback = box.children[3]

    def answer(value: Any) -> None:
        control = view.control
        if isinstance(ex, CardsExercise):
            chosen = ex._key(value)
            for b in ex._buttons(control):
                b.value = b.card in chosen
        elif isinstance(ex, ChoiceExercise):
            control.value = next(o for o in ex.options if o.lower() == ex._key(value))
        else:
            control.value = str(value)

    check.click()
    assert "no" in feedback.value.lower() and "Hint:" in feedback.value  # nothing chosen yet
    answer(ex.typical)
    check.click()
    assert "cl-ex-no" in feedback.value and "Hint:" in feedback.value
    hint.click()
    assert "cl-ex-hint" in feedback.value
    assert not ex.revealed
    show.click()
    assert "cl-ex-ans" in feedback.value and ex.revealed
    if isinstance(ex, CardsExercise):
        marked = {b.card for b in ex._buttons(view.control) if "cl-ex-answer" in b._dom_classes}
        assert marked == ex.expected
    answer(ex.expected)
    check.click()
    assert "cl-ex-ok" in feedback.value, feedback.value
    bundle = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == repr(ex)


ASKING = [p for p in ALL if _asks(p)]


@pytest.mark.parametrize("path", ASKING, ids=lambda p: p.stem)
def test_every_exercise_of_the_notebook(path: Path) -> None:
    rep = _report(path)
    assert rep["asked"], f"{path.name} asks nothing"
    _failures(rep, "exercise ")


def test_every_exercise_in_the_catalogue_is_asked() -> None:
    seen = {k for p in ASKING for k in _report(p)["asked"]}
    assert seen == set(lessons.keys())
    assert set(INTENDED) == set(lessons.keys())


# ------------------------------------------------------------------ the notebooks' facts
def _welcome(ns: dict[str, Any]) -> None:
    t, m, loaded, replay, df = ns["t"], ns["m"], ns["loaded"], ns["replay"], ns["df"]
    assert t.state.phase == "play" and t.match.step_count == t.total_steps
    assert len(loaded) == m.step_count == len(replay)
    assert loaded.state_at(len(loaded)).scores == m.state.scores
    assert df.score_0.mean() < df[["score_1", "score_2", "score_3"]].mean().mean()


def _hearts(ns: dict[str, Any]) -> None:
    m, me, points = ns["m"], ns["me"], ns["points"]
    assert m.state.results[-1].points == (0, 1, 0, 25)
    assert me.terminal and sum(me.state.results[-1].points) in (26, 78)
    assert set(ns["totals"]) <= {26, 78}
    assert points.iloc[:, 0].mean() < points.iloc[:, 1:].mean().min()


def _gin(ns: dict[str, Any]) -> None:
    ok, bm, flip, fm, me, endings = (ns[k] for k in ("ok", "bm", "flip", "fm", "me", "endings"))
    assert not [a for a in ok.legal_actions() if a.verb != "discard"]
    assert bm.winners() == (0,)
    assert [bm.observation(0).value(s, "hands_won") for s in (0, 1)] == [4, 7]
    assert bm.observation(0).info["payout"].amount == 3.7
    assert tuple(bm.scores_frame().iloc[-1][["total_0", "total_1"]]) == bm.scores
    assert flip.winners() == (0,) and flip.scores[1] >= flip.scores[0]
    assert flip.observation(0).info["payout"] is None
    assert cardlab.parse_card("3H") in fm.observation("teacher").hand_of(1).faces
    assert [c.code for c in fm.game.deck.cards if fm.game.deck.back_of(c) == "♥"] == ["2H", "3H"]
    assert me.terminal and len(me.state.results) == 1
    assert endings.loc["gin", "gin only"] > endings.loc["gin", "standard"]
    assert abs(endings.sum() - 1).max() < 1e-6
    if "undercuts" in endings.index:
        assert endings.loc["undercuts", "gin only"] == 0


def _foresight(ns: dict[str, Any], asked: list[tuple[int, Exercise]]) -> None:
    bid_points, m, bots, wins = ns["bid_points"], ns["m"], ns["bots"], ns["wins"]
    south = next(ex for _, ex in asked if ex.key == "foresight/south-follows")
    assert isinstance(south, CardsExercise) and south.state is not None
    assert not any("hole" in a for a in south.state.legal_actions(2))  # no ♠ on South's holes
    assert [bid_points((3, 4, 4), t) for t in (4, 3, 2, 5)] == [10, 6, 2, 5]
    assert m.state.results[-1].points[0] == 0  # North took the fewest tricks, alone
    assert bots.terminal and len(bots.state.results) == 1
    assert wins.iloc[0] > wins.iloc[1:].max()


def _heartburn(ns: dict[str, Any]) -> None:
    m, hand_scores = ns["m"], ns["hand_scores"]
    assert m.state.results[-1].points == (0, 0, 0, 26)
    assert hand_scores([ns["aaron"], ns["megan"], ns["cory"], ns["josh"]]) == [0, 25, 13, 0]
    assert ns["bot"] > ns["others"]


def _court(ns: dict[str, Any]) -> None:
    m, round_lines, courts = ns["m"], ns["round_lines"], ns["courts"]
    assert m.state.results[-1].points == (12, 20)
    assert "North spends the Joker and plays K♥ then J♠" in m.event_texts()
    assert round_lines(courts("KS JH QD", ""))[0] == [(4, "intrigue K♠ J♥")]
    assert round_lines(courts("AS AH AD AC", ""))[0] == []
    assert [p for p, _ in round_lines(courts("9C", "5C 4C", "2D"))[0]] == [2]
    seats = ns["seats"]
    fair = seats[seats.table == "all heuristic"]
    assert all(abs(r["win share"] - 1 / 3) < 2 * r.se for _, r in fair.iterrows())
    mixed = seats[seats.table != "all heuristic"]
    assert mixed["win share"].iloc[0] > 0.8
    assert len(ns["g"].state.results) == 3


def _bourbon(ns: dict[str, Any]) -> None:
    m, bot, obs = ns["m"], ns["bot"], ns["obs"]
    assert m.state.results[-1].points == (18, 3)
    assert bot.act(obs) == "draw right"
    assert ns["bots"].terminal and len(ns["bots"].state.results) == 1
    assert ns["short"].terminal and max(ns["short"].scores) >= 50
    melds, most_cards = ns["melds"], ns["most_cards"]
    assert ns["best_melds"](ns["hand"]).points == 10
    assert melds.card_values(most_cards(ns["mask"])) == 11
    assert "knock KC" in ns["k"].legal_actions()  # 10 points by the rule cardlab keeps
    endings = ns["endings"]
    assert abs(endings.sum() - 1) < 1e-6 and "knocks" in endings.index
    assert ns["games"].win_0.mean() > 0.9


def _frozen(ns: dict[str, Any]) -> None:
    up1 = ns["state"].observation(0).zone("up1").faces
    assert [c.code for c in up1] == ["KH", "QH", "JH", "TH", "9H"]


def _backs(ns: dict[str, Any]) -> None:
    analysis, classes = ns["analysis"], ns["classes"]
    assert len(analysis.candidates("♥♠")) == 4
    assert len(analysis.candidates("♥♠", model="suits")) == 12
    assert abs(classes.set_index("suits").loc[3, "bits_table"] - 1.585) < 1e-3
    assert analysis.entropy("♥♠", seen="4H 7S") == 1.0
    h = ns["h"] if "h" in ns else analysis.holdings(ns["m"].state, 0)
    assert (h.bits_table < h.bits_suits).all() and (h.bits_suits < h.bits_plain).all()
    over = ns["over"]
    first = over[over.trick == 1]
    assert (first.opp_table < first.opp_plain / 2).all()
    assert over.opp_table.iloc[-4:].max() <= 6
    assert (ns["pairs"].card_leak > 1).all()
    assert [c.code for c in analysis.candidates("♥♠", backs=ns["mine"])] == ["4H", "7H", "5S", "7S"]
    assert len(ns["mine_over"]) == len(over)
    r = ns["rates"].set_index("plays_of")
    assert r.loc["1 suits", "wrong"] == 0 and 0 < r.loc["all", "per_play"] < 1


def _compare(ns: dict[str, Any]) -> None:
    assert ns["hand_scores"](ns["masks"]) == [12, 0, 0, 17]
    incentive = ns["incentive"]
    hb = incentive[incentive.rule.str.startswith("Heartburn")]
    hb = hb.set_index("hearts taken by North").points
    assert hb[0] == 0 and hb[1] == 2 and hb[3] == 0 and hb[8] == 0
    assert set(ns["summary"].index) == set(ns["frames"])
    assert len(ns["long"]) == 2 * 40 * 4
    game = ns["game"]
    assert game.terminal and max(game.scores) >= 50
    info = ns["info"]
    assert list(info.game) == ["hearts", "heartburn"]
    assert (info.opp_leak_share > 0.5).all()


def _bots(ns: dict[str, Any]) -> None:
    assert ns["m"].terminal
    bots, seats, roles = ns["bots"], ns["seats"], ns["roles"]
    assert (
        bots.loc["heuristic", "mean points"]
        < bots.loc["lowest", "mean points"]
        < bots.loc["random", "mean points"]
    )
    low = seats["mean points"] - 2 * seats["std. error"]
    high = seats["mean points"] + 2 * seats["std. error"]
    assert low.max() < high.min()  # every pair of seats overlaps: no seat stands out
    gin_bots = ns["gin_bots"]
    assert (gin_bots.points_0 > 0).mean() > 0.9
    assert roles.points["non-dealer"] > roles.points["dealer"]
    assert (ns["share"] - 0.5) / ns["se"] > 2


def _bouncers(ns: dict[str, Any]) -> None:
    m, om, deals, costs = ns["m"], ns["om"], ns["deals"], ns["costs"]
    tricks = [e.text for e in m.events if e.kind == "trick"]
    assert tricks[:2] == ["West takes the trick with 9♦", "West takes the trick with A♣"]
    assert [e.text for e in m.events if e.kind == "heart"][:2] == [
        "West takes the 7♥",
        "West takes the K♥",
    ]
    assert m.state.results[-1].points == (8, 9, 19)
    assert ns["penalty"]([c.index for c in cardlab.parse_cards("7H KH")]) == 0
    assert om.observation(0).zone("hearts").kind == "row"
    assert len(om.observation(1).zone("hearts").faces) == 13
    assert ns["g"].terminal and max(ns["g"].scores) >= 60
    assert ns["me"].terminal and len(ns["me"].state.results) == 1
    assert deals["deal total"].min() >= 35
    assert costs.loc["by_rank", "points per deal"] > costs.loc["highest", "points per deal"]


def _all_fours(ns: dict[str, Any]) -> None:
    m, rm, sizes, wins, per_game = ns["m"], ns["rm"], ns["sizes"], ns["wins"], ns["per_game"]
    texts = m.event_texts()
    assert "North turned up the J♠ as trumps and scores 1 for it" in texts
    first = [e.text for e in m.events if e.kind in ("play", "trick")][:5]
    assert first == [
        "East plays A♣",
        "South plays 6♣",
        "West plays 2♠",
        "North plays 8♠",
        "North takes the trick with 8♠",
    ]
    assert m.state.results[-1].points == (3, 0, 1, 0)
    assert ns["jm"].state.scores == [1, 0, 0, 0]
    assert rm.state.hand_number == 0 and rm.state.dealer == 0 and rm.state.deals == 2
    assert rm.event_texts()[-1].startswith("North deals hand 1 again; the upcard is")
    runs = sizes.set_index("players")["runs possible"]
    assert list(runs) == [5, 3, 2, 1, 0, 0]
    me = ns["me"]
    assert me.terminal and len(me.state.results) == 1 and sum(me.state.results[-1].points) >= 2
    assert wins.iloc[0] > wins.iloc[1:].max()
    table = per_game.pivot(index="players", columns="kind", values="deals per game")
    assert (table.sum(axis=1)[:4] < 10).all()
    assert (table.loc[[6, 7], "redealt"] > table.loc[[6, 7], "played"]).all()


def _axis_titles(chart: Any, channel: str) -> set[str]:
    """The titles Vega-Lite joins into one axis title over a chart's layers ("a, b")."""
    spec = chart.to_dict()
    titles = set()
    for layer in spec.get("layer", [spec]):
        enc = layer.get("encoding", {}).get(channel)
        if enc and "datum" not in enc and "value" not in enc:
            titles.add(enc.get("title", enc.get("field")))
    return titles


def _in_between(ns: dict[str, Any]) -> None:
    m, summary, gaps = ns["m"], ns["summary"], ns["gaps"]
    assert _axis_titles(ns["gap_chart"], "y") == {"chance of winning"}
    assert m.state.results[0].points == (-23, -4, -6, -3)
    assert "take" in ns["pm"].legal_actions() and ns["short"].terminal
    assert ns["me"].terminal and len(ns["me"].state.results) == 1
    chance = gaps.set_index("gap")["chance of winning"]
    assert chance[6] < 0.5 < chance[7]
    mean, se, won = summary["mean chips won"], summary["std. error"], summary["games won"]
    heuristic = [h for h in summary.index if h.startswith("heuristic")]
    first = next(h for h in summary.index if h.startswith("first"))
    random_ = next(h for h in summary.index if h.startswith("random"))
    assert all(mean[h] - 2 * se[h] > 0 and mean[h] > mean[first] for h in heuristic)
    assert abs(mean[first]) < 2 * se[first]  # roughly breaks even
    assert mean[random_] == mean.min() and won[random_] == won.max()


def _virus(ns: dict[str, Any]) -> None:
    m, race, rows = ns["m"], ns["race"], ns["rows"]
    texts = [e.text for e in m.state.events]
    assert "North cannot drink: East points at them" in texts
    assert "East steals a bottle from North" in texts and "West drinks a bottle" in texts
    assert "East blocks North: infect East does nothing" in texts
    infect = next(e for e in m.state.events if e.kind == "infect")
    assert infect.seat == 0 and infect.get("to") == 1 and infect.audience == (0, 1)
    assert m.terminal and len(m.state.results) == 1
    assert race.terminal and race.state.outcome.winners == (1,)
    assert race.state.drunk_count(1) == 4 and race.state.virus_holder() == 0
    assert ns["v"].state.outcome.winners == ()  # the capped two-player match
    assert len(ns["three"]) == 60 and len(ns["rounds"]) > 0
    assert set(ns["endings"]["ending"]) <= {"North wins", "South wins", "stopped at the cap"}
    assert len(rows) == 16 and all(r["n"] == 12 for r in rows)
    best = {
        theirs: max((r for r in rows if r["theirs"] == theirs), key=lambda r: r["payoff"])["mine"]
        for theirs in ("fist", "infect", "steal", "block")
    }
    assert len(set(best.values())) > 1  # the best reply changes from column to column
    payoff = {(r["mine"], r["theirs"]): r["payoff"] for r in rows}
    assert payoff[("block", "fist")] < max(payoff[(x, "fist")] for x in ("fist", "steal"))


def _red_dog(ns: dict[str, Any]) -> None:
    from fractions import Fraction

    m, summary, spread = ns["m"], ns["summary"], ns["spread"]
    assert _axis_titles(ns["spread_chart"], "x") == {"unseen cards the hand beats (of 48)"}
    assert m.terminal and m.state.results[0].points == (13, -4, -6, -3)
    assert "North has taken the whole pot" in m.state.outcome.summary
    north = ns["north"]
    assert north.win == Fraction(21, 39) and ns["odds"]("KS TC 6D 3S").win < Fraction(1, 2)
    assert spread["hands"].sum() == 270_725
    # The count is odds()'s: the hand's own cards are never its fifth card.
    assert abs(ns["mean_chance"] - 4489 / 11900) < 1e-12
    assert abs(ns["good_share"] - 46150 / 270725) < 1e-12
    assert ns["om"].observation(1).zone("hand", 0).faces  # face up: North's hand in view
    out = ns["memory"].observation(0).zone("out")
    assert "yours" in out.tags and len(out) == 20
    assert ns["short"].terminal and ns["me"].terminal and len(ns["me"].state.results) == 1
    mean, se, won = summary["mean chips won"], summary["std. error"], summary["games won"]
    heuristic = [h for h in summary.index if h.startswith("heuristic")]
    random_ = next(h for h in summary.index if h.startswith("random"))
    assert all(mean[h] - 2 * se[h] > 0 for h in heuristic)
    assert mean[random_] == mean.min() and won[random_] == won.max()


def _canfield(ns: dict[str, Any]) -> None:
    m, table, played = ns["m"], ns["table"], ns["played"]
    obs = m.observation(0)
    assert obs.info["base"] == "Queen"
    assert [c.code for c in obs.zone("tableau4").faces] == ["JS", "TH", "9C", "8H"]
    assert [c.code for c in obs.zone("tableau2").faces] == ["2S", "AH", "KC"]
    assert [e.kind for e in m.events[2:5]] == ["reveal", "home", "reveal"]
    assert ns["t3"].observation(0).zone("waste").faces[-1].code == "9S"
    assert ns["me"].terminal and ns["me"].scores[0] < 52
    assert ns["casino"].state.options.scoring == "casino"
    assert ns["verdict"].outcome == "won" and ns["end"].scores == [52]
    assert ns["bot"].terminal
    rates = played.groupby("draw")["win_0"].mean()
    assert rates["draw 1"] > rates["draw 3"]
    t = table.set_index("rules")
    assert (t["min_rate"] > t["bot_rate"]).all()
    gap = t["min_rate"] - t["bot_rate"]
    assert gap["draw 3"] > gap["draw 1"] and t.loc["draw 1", "min_rate"] > 0.8
    assert t.loc["draw 3", "max_rate"] > 0.5
    measured = ns["measured"].set_index("rules")
    assert {"default", "draw=3", "draw=3, build_across_base=False"} <= set(measured.index)
    assert (measured["deals"] >= 2000).all()
    stopped = measured.loc["draw=3, build_across_base=False", "min_rate"]
    assert stopped < measured.loc["draw=3", "min_rate"]  # fewer builds, fewer wins


def _golf(ns: dict[str, Any], asked: list[tuple[int, Exercise]]) -> None:
    m, fresh, table, played = ns["m"], ns["fresh"], ns["table"], ns["played"]
    measured = ns["measured"]
    # Both charts label a rule set alike, each label saying when the stock may be turned.
    assert list(table["rules"]) == list(measured["rules"]) == list(ns["RULES"])
    assert all(r.startswith(("draw when stuck", "draw any time")) for r in table["rules"])
    # The question which rule set wins most is asked of the 20,000 deals, after their chart.
    (cell, ex), *_ = [(c, e) for c, e in asked if e.key == "golf/most-winnable"]
    assert isinstance(ex, ChoiceExercise) and list(ex.options) == list(measured["rules"])
    charted = [c for c, e in asked if e.key != "golf/most-winnable"]
    assert cell > max(charted)
    assert m.observation(0).zone("discard").faces[-2].code == "2D"  # the run played
    assert ns["verdict"].outcome == "won" and ns["after"].outcome == "lost"
    line = [str(a) for a in ns["verdict"].line]
    assert line[:7] == ["play 7S", "play 6C", "play 5H", "play 4D", "play 3C", "play 4S", "play 5C"]
    assert not fresh.terminal and ns["bot"].terminal and ns["me"].terminal
    assert [str(a) for a in ns["w"].legal_actions()] == ["play AS"]
    assert [str(a) for a in ns["k"].legal_actions(0)] == ["draw"]
    by = played.groupby("rules", sort=False)["score_0"]
    for extra in ("", ", wrap"):  # the bot plays alike under both draw rules
        stuck, free = by.get_group("draw when stuck" + extra), by.get_group("draw any time" + extra)
        assert stuck.tolist() == free.tolist()
    t = table.set_index("rules")
    assert (t["min_rate"] >= t["bot_rate"]).all() and (t["unknown"] == 0).all()
    assert t.loc["draw when stuck", "min_rate"] < t.loc["draw any time", "min_rate"]
    assert t.loc["draw when stuck", "min_rate"] == t["min_rate"].min()


def _newmarket(ns: dict[str, Any]) -> None:
    m, b, summary = ns["m"], ns["b"], ns["summary"]
    assert m.state.balances() == [46, 46, 46] and m.state.pots["KC"] == 3
    stops = [e for e in m.state.events if e.kind == "stop"]
    assert [e.cards[0].code for e in stops] == ["6C", "3H", "JC"]
    assert all(e.get("reason") == "dead" for e in stops)
    out = next(e for e in b.state.events if e.kind == "out")
    assert out.seat == 0 and out.get("chips") == 13
    assert b.state.results[0].summary.endswith("Ace of hearts, Jack of spades")
    assert b.state.pots["AH"] == b.state.pots["JS"] == 6  # carried over, and anted again
    assert [p.chips for p in ns["h"].observation(0).pots] == [5, 5, 5, 5, 4]
    assert ns["me"].terminal
    mean, won = summary["mean chips won"], summary["games won"]
    assert mean.iloc[0] == mean.max() and won.iloc[0] > 0.5


def _three_five_seven(ns: dict[str, Any]) -> None:
    m, sp, summary, classes = ns["m"], ns["sp"], ns["summary"], ns["classes"]
    assert m.state.balances() == [130, 90, 90, 82] and m.state.strikes == [0, 1, 0, 0]
    assert m.state.pots["pot"] == 8
    assert m.state.results[0].summary == "The pot holds 8 chips; strikes: East 1"
    assert sp.state.pots["pot"] == 14
    assert ns["runs"].observation(0).zone("hand", 0).label == "North: straight flush, ace high"
    best = classes.pivot(index="hand", columns="stage", values="or_better")
    trips = best.loc["three of a kind"]
    assert trips.iloc[0] < trips.iloc[1] < trips.iloc[2] < 0.5  # 3, 5, 7 cards
    assert best.loc["pair"].iloc[0] < 0.5 < best.loc["pair"].iloc[2]
    assert ns["short"].terminal and ns["me"].terminal
    mean = summary["mean chips won"]
    first = next(h for h in summary.index if h.startswith("first"))
    random_ = next(h for h in summary.index if h.startswith("random"))
    heuristic = [h for h in summary.index if h.startswith("heuristic")]
    assert mean[first] == mean.min() and mean[random_] < 0
    assert all(mean[h] - 2 * summary["std. error"][h] > 0 for h in heuristic)


def _which_variant(ns: dict[str, Any]) -> None:
    def row(result: Any, metric: str, variant: str) -> Any:
        frame = result.metric(metric).set_index("variant")
        return frame.loc[variant]

    def diff(result: Any, metric: str, variant: str) -> Any:
        d = result.differences
        return d[(d["metric"] == metric) & (d["variant"] == variant)].iloc[0]

    small, golf, skill = ns["small"], ns["golf"], ns["golf_skill"]
    assert set(small.variants) == {"default", "Putt Putt"} and small.settings["games"] == 60
    # Golf: the wins quoted, each relaxation clear of the defaults but draw any time
    wins = {v: f"{row(golf, 'win_share_0', v)['value']:.1%}" for v in golf.variants}
    assert wins == {
        "default": "1.4%",
        "draw any time": "1.4%",
        "queen on king": "3.9%",
        "wrap": "11.7%",
        "Putt Putt": "24.5%",
    }
    assert diff(golf, "win_share_0", "draw any time")["diff"] == 0
    assert 14 < diff(golf, "decisions", "draw any time")["diff"] < 16
    for v in ("queen on king", "wrap", "Putt Putt"):
        assert diff(golf, "win_share_0", v)["low"] > 0
    for v in skill.variants:
        assert 250 <= row(skill, "rating_search:20", v)["value"] <= 300
        assert 170 <= row(skill, "rating_heuristic", v)["value"] <= 200
        assert 0.75 <= row(skill, "best_vs_random", v)["value"] <= 0.9
        assert 0.6 <= row(skill, "luck_share", v)["value"] <= 0.7
    for m in ("rating_search:20", "rating_heuristic", "luck_share", "best_vs_random"):
        d = diff(skill, m, "Putt Putt")
        assert d["low"] < 0 < d["high"], m  # not clearly more or less a game of skill
    # Bouncers: the heuristic bot plays the same, the search bot gains with the pile open
    b, bs = ns["bouncers"], ns["bouncers_small"]
    rows = bs.rows["skill"]
    closed = rows[rows["variant"] == "closed pile"]["score"].to_numpy()
    opened = rows[rows["variant"] == "open pile"]["score"].to_numpy()
    assert (closed == opened).all()
    assert abs(diff(b, "rating_heuristic", "open pile")["diff"]) < 20
    d = diff(b, "rating_search:20", "open pile")
    assert d["low"] > 0 and 60 <= d["diff"] <= 100
    for v in b.variants:
        assert 0.55 <= row(b, "luck_share", v)["value"] <= 0.7
        assert row(b, "skill_games", v)["value"] <= 2.5
    d = diff(b, "luck_share", "open pile")
    assert d["diff"] < 0 < d["high"]
    # Foresight: no seat advantage at any size; drama falls and meaningful moves rise
    f, t = ns["foresight"], ns["tension"]
    sizes = {"default": 3, "4 players": 4, "5 players": 5}
    for v, n in sizes.items():
        assert row(f, "balance", v)["value"] >= 0.99
        for k in range(n):
            assert abs(row(f, f"win_share_{k}", v)["value"] - 1 / n) < 0.01
    dramas = [row(t, "drama", v)["value"] for v in t.variants]
    assert 4.5 < dramas[0] < 5 and dramas[0] > dramas[1] > dramas[2] and dramas[2] < 2
    meaningful = [f"{row(t, 'meaningful', v)['value']:.1%}" for v in t.variants]
    assert meaningful == ["5.2%", "10.8%", "14.5%"]
    assert round(100 * row(t, "behind", "3 players")["value"]) == 14
    for v in ("4 players", "5 players"):
        assert 0.2 < row(t, "behind", v)["value"] < 0.3
        assert diff(t, "drama", v)["high"] < 0 and diff(t, "spread", v)["high"] < 0
        assert diff(t, "meaningful", v)["low"] > 0
        for m in ("lead_changes", "decisiveness", "behind"):
            d = diff(t, m, v)
            assert d["low"] < 0 < d["high"], m
    for v in t.variants:
        assert 11 <= row(t, "lead_changes", v)["value"] <= 12.5
        assert 0.34 < row(t, "decisiveness", v)["value"] < 0.4


def _tonk(ns: dict[str, Any]) -> None:
    from fractions import Fraction

    m, ex2, lost, tonk = ns["m"], ns["ex2"], ns["lost"], ns["tonk"]
    assert m.state.results[0].points == (2, -1, -1)  # Croaker goes down with 9 and wins
    assert ex2.state.results[0].points == (-1, 2, -1)  # Goblin goes down with 5 and wins
    assert lost.state.results[0].points == (-2, 3, -1)
    assert tonk.state.results[0].points == (4, -2, -2)
    assert ns["tonk_chance"] == Fraction(26968, 2598960)
    assert ns["totals_dealt"].sum() == 2_598_960
    assert ns["big"].terminal and len(ns["big"].state.results) == 2
    assert ns["me"].terminal
    ends = ns["ends"]
    assert set(ends["ending"]) <= {"tonk", "down won", "down lost", "out", "stock", "turns"}
    assert (ends["ending"] == "down won").mean() > 0.5


def _turncoat(ns: dict[str, Any]) -> None:
    from cardlab.games.turncoat import turncoat_odds_by_mission

    m = ns["m"]
    by = turncoat_odds_by_mission(m.observation(0))
    assert by[0] == pytest.approx(by[1])  # North led the first mission: nothing moves
    assert by[2][1] == max(by[2].values()) > 0.5  # East kept a 9
    assert m.state.winners() == (0, 2, 3)
    assert _axis_titles(ns["suspects"], "y") == {"chance of being the turncoat"}
    variants = ns["variants_table"]
    assert variants.loc["no accusations", "team wins"] <= 0.1
    games = ns["games"]
    heur, rand = games[games["bots"] == "heuristic"], games[games["bots"] == "random"]
    accused = heur["ending"].str.contains("accusation").mean()
    assert accused > 0.5 and (heur["ending"] == "team: missions").mean() < 0.1
    assert rand["missions"].mean() < 1.5
    first = ns["first"]
    assert (abs(first["North wins"] - first["an average seat wins"]) < 0.15).all()


def _industry(ns: dict[str, Any]) -> None:
    x, end, snow = ns["x"], ns["end"], ns["snow"]
    assert x.observation(0).zone("city", 0).tags.count("bank") == 3
    assert end.scores == [20, 25] and end.winners() == (1,)
    assert ns["bots"].terminal
    assert ns["bonus_rate"]["half"] < ns["bonus_rate"]["most"]
    assert ns["vs_random"].win_0.mean() > 0.7
    summary = ns["summary"]
    assert summary.loc["office", "won"] > 0.7
    assert summary.loc["office", "final_lead"] > summary.loc["none", "final_lead"]
    leads = snow[snow.head_start == "office"].groupby("turn").lead.mean()
    assert leads.iloc[8] > 2 * leads.iloc[0]
    assert set(ns["lengths"].turns) and ns["lengths"].turns.max() <= 42


def _break_in(ns: dict[str, Any]) -> None:
    m, seats, stopping = ns["m"], ns["seats"], ns["stopping"]
    st = m.state
    # the scoring example: 4, A and 3 with twelve cards on the table bank 20
    assert st.results[0].points == (20, 0, 0)
    assert "North leaves with 20: 8 in cash and 12 for the cards on the table" in [
        e.text for e in st.events
    ]
    north, east = ns["north_odds"], ns["east_odds"]
    assert north.loc[0, "stack"] == "stack 1 (scouted)" and north.loc[0, "trap"] == "0.0%"
    assert east.loc[0, "trap"] == east.loc[2, "trap"] != north.loc[0, "trap"]
    assert [str(a) for a in ns["optional"].legal_actions(0)][-1] == "pass"
    assert ns["plain"].state.phase == "flip" and len(ns["plain"].legal_actions(0)) == 4
    assert ns["me"].terminal and len(ns["me"].state.results) == 5
    assert _axis_titles(ns["seat_chart"], "y") == {"share of games won"}
    # the seats: shares and their standard errors as the text reads them
    se = seats["std. error"]
    assert (se > 0.03).all() and (se < 0.045).all()
    heuristic = seats[seats["players"] == "heuristic"].set_index("seat")
    north = heuristic.loc["North"]
    assert north["win share"] == heuristic["win share"].max()
    assert 1.5 < (north["win share"] - 1 / 3) / north["std. error"] < 2.5
    lengths = ns["lengths"]
    assert lengths.loc["heuristic", "steps per game"] > 2 * lengths.loc["random", "steps per game"]
    assert (
        lengths.loc["heuristic", "mean total cash"] > 2 * lengths.loc["random", "mean total cash"]
    )
    # the stopping table: nobody leaves with no guard out; every leave has a guard out
    quiet = stopping[stopping["guards out"] == 0]
    assert (quiet["search"] == "stay").all() and (quiet["heuristic"] == "stay").all()
    assert (stopping.loc[stopping["search"] == "leave", "guards out"] > 0).all()
    assert (stopping["search"] == "leave").any()


def _jackhammer(ns: dict[str, Any]) -> None:
    m, done, played, end = ns["m"], ns["done"], ns["played"], ns["end"]
    st = m.state
    assert "crosses a hole" in st.explain("move e1", 0)
    assert "crosses a hole or a pawn" in st.explain("move e3", 0)
    assert "pawn stands on d3" in st.explain("move d3", 0)
    assert any("falls through" in t for t in done.event_texts())
    wins = played.groupby("players")[[f"win_{s}" for s in range(4)]].mean()
    for players, row in wins.iterrows():
        # the first seat wins more than its fair share at every table size
        assert row["win_0"] > 1 / int(players) + 0.05, (players, row["win_0"])
    assert wins.loc[2, "win_0"] > 0.55
    assert end.state.phase == "move" and sum(1 for c in end.state.board if c >= 0) <= 14
    agreement = ns["agreement"].iloc[0]
    assert agreement["differ"] <= agreement["other"] and agreement["positions"] > 100


def _black_snake(ns: dict[str, Any]) -> None:
    m, played, later = ns["m"], ns["played"], ns["later"]
    lays = [t for t in m.event_texts() if " lays " in t]
    assert lays == ["North lays 3♥ 2♠ A♠ on track 2, going down, for 5 points"]
    assert m.state.scores == [5, 0]
    assert any("shuffled into a new deck" in t for t in later.event_texts())
    steps = played.groupby(["players", "target"])["steps"].mean()
    for players in (2, 3, 4):
        # the long game lasts longer, and more players make a longer game
        assert steps[players, 40] > steps[players, 30]
    assert steps[4, 30] > steps[3, 30] > steps[2, 30]
    assert set(played["target"]) == {30, 40} and len(played) == 150


def _hatchet(ns: dict[str, Any]) -> None:
    m, done, played = ns["m"], ns["done"], ns["played"]
    assert "♣ twice" in m.state.explain("place e7")
    assert m.state.scores[1] == 4  # the 9♣ on h7 buried the four Aces' pips
    assert sum(len(p) for p in done.state.pictures) == 10 and done.terminal
    # a game's length depends on the shuffle only, not on the number of players
    lengths = played.groupby("players")["steps"].apply(list)
    assert lengths.loc[3] == lengths.loc[4]
    assert played.groupby("players")["score_0"].mean().is_monotonic_decreasing


def _paparazzi(ns: dict[str, Any]) -> None:
    m, mid, played, vs = ns["m"], ns["mid"], ns["played"], ns["vs"]
    st = m.state
    assert st.terminal and list(st.scores) == [27, 23]
    assert "holds a celebrity" in mid.state.explain("place 7S b2", 0)
    snaps = [t for t in m.event_texts() if "snaps" in t]
    assert "North snaps Q♠ at d2 (North 13 · South 10)" in snaps
    table = ns["table"]
    assert set(table["status"]) == {"secured", "open", "lost"}
    assert table.set_index("position").loc["b2", "status"] == "secured"
    assert mid.state.laid == 12
    assert set(played["players"]) == {2, 3, 4} and len(played) == 144
    # four players fill every space: 32 cards laid, one action each
    assert (played.loc[played["players"] == 4, "steps"] >= 32).all()
    assert vs["win_0"].mean() > 0.9


def _tod(ns: dict[str, Any]) -> None:
    from cardlab.games.tod import analyse

    m = ns["m"]
    # East holds ♥2 ♠5; with 6♠ 5♥ A♦ 2♣ face up both numbers show
    assert "North asks East: Is a number missing? East answers no" in m.event_texts(0)
    assert ns["b"].cases < ns["a"].cases and ns["a"].questions["number missing"][1] == 1.0
    assert analyse(ns["mid"].observation(2)).cases == 7
    shrink = ns["shrink"]
    firsts = shrink[shrink.question == 1].cases.mean()
    assert shrink.groupby("track").cases.last().mean() < firsts / 4
    table = ns["variants_table"]
    assert table.loc["head start for all", "rounds"] < table.loc["the text (4 cards)", "rounds"]
    assert table.loc["complicated case", "rounds"] > table.loc["the text (4 cards)", "rounds"]
    summary = ns["summary"]
    assert (
        summary.loc["most informative", "winner_questions"] + 1
        < summary.loc["at random", "winner_questions"]
    )
    assert ns["seats"]["share of wins"].idxmax() == 0
    assert table["first_seat_wins"].mean() > 1 / 3
    assert _axis_titles(ns["games_chart"], "x") == {"questions the winner asked"}


FACTS: dict[str, Callable[..., None]] = {
    "00-welcome": _welcome,
    "10-hearts": _hearts,
    "11-gin-rummy": _gin,
    "20-foresight": _foresight,
    "21-heartburn": _heartburn,
    "41-court": _court,
    "22-bourbon": _bourbon,
    "23-frozen-novelty": _frozen,
    "30-foresight-backs": _backs,
    "31-hearts-vs-heartburn": _compare,
    "32-bots-and-seats": _bots,
    "13-bouncers": _bouncers,
    "12-all-fours": _all_fours,
    "16-in-between": _in_between,
    "17-red-dog": _red_dog,
    "15-canfield": _canfield,
    "14-golf": _golf,
    "19-newmarket": _newmarket,
    "18-three-five-seven": _three_five_seven,
    "34-which-variant": _which_variant,
    "25-tonk": _tonk,
    "44-turncoat": _turncoat,
    "40-industry": _industry,
    "43-virus": _virus,
    "42-break-in": _break_in,
    "45-jackhammer": _jackhammer,
    "46-paparazzi": _paparazzi,
    "47-black-snake": _black_snake,
    "48-hatchet": _hatchet,
    "49-tod": _tod,
}


def notebook_checks(
    path: Path, ns: dict[str, Any], asked: list[tuple[int, Exercise]]
) -> list[tuple[str, Callable[[], None]]]:
    """The checks of the notebook at ``path``, run in its kernel right after its last cell.

    ``ns`` is the namespace it left behind and ``asked`` the exercises it asked (with the
    number of the cell asking each); ``tests/run_notebooks.py`` runs each check and reports
    its failure by label.
    """
    name, text = path.stem, path.read_text(encoding="utf-8")

    def exercise(ex: Exercise) -> None:
        check_exercise(ex)
        _widget_round_trip(ex)
        assert ex.why not in text, f"{name} shows the explanation of {ex.key}"

    checks: list[tuple[str, Callable[[], None]]] = [
        (f"exercise {ex.key} (cell [{cell}])", lambda ex=ex: exercise(ex)) for cell, ex in asked
    ]
    fn = FACTS.get(name)
    if fn is not None:
        facts = (lambda: fn(ns, asked)) if fn.__code__.co_argcount == 2 else (lambda: fn(ns))
        checks.append(("facts", facts))
    return checks


@pytest.mark.parametrize("name", FACTS)
def test_what_the_notebook_text_says_holds(name: str) -> None:
    rep = _report(NOTEBOOKS / f"{name}.ipynb")
    assert any(label == "facts" for label, _ in rep["checks"])
    _failures(rep, "facts")


def test_an_exercise_asked_of_the_wrong_position_explains_and_never_raises() -> None:
    m = cardlab.Match("hearts", seed=2, hands=1, agents="heuristic")
    m.run()  # the hand is over: nobody is to play
    ex = lessons.ask("hearts/first-trick", m.state)
    assert "run the notebook from the top" in repr(ex)
    assert not ex.check("2C") and "run the notebook from the top" in ex.check("2C").message
    ex.widget()
