"""Tests for cardlab.render: plain-text tables, action lists and hand results."""

from __future__ import annotations

import contextlib
import re

import pytest

from cardlab.core.cards import parse_card
from cardlab.core.match import Match
from cardlab.core.observation import Back, Observation, Peek, Zone
from cardlab.core.outcome import HandResult, ScoreLine
from cardlab.render import (
    RED,
    action_text,
    render_actions,
    render_observation,
    render_result,
)

BOTS = {1: "heuristic", 2: "heuristic", 3: "heuristic"}


def _match(seed: int = 1) -> Match:
    return Match("hearts", seed=seed, agents=BOTS)


def _in_play(seed: int = 1) -> Match:
    """A Hearts match where North must play to a trick that has cards in it."""
    m = _match(seed)
    while not (m.state.phase == "play" and m.state.trick and m.state.current == 0):
        m.play(m.legal_actions(0)[0], 0)
        m.run()
    return m


def _line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(label))


def _shown_cards(text: str) -> set[str]:
    """Every card face the text shows (tokens such as ``Q♠``, ``(Q♠)``, ``2♣,``)."""
    out = set()
    for tok in text.split():
        with contextlib.suppress(ValueError):
            out.add(parse_card(tok.strip("(),[]")).code)
    return out


def test_seat_view_shows_own_faces_and_only_backs_for_others() -> None:
    obs = _match().observation(0)
    text = render_observation(obs)
    north = _line(text, "North (you)")
    assert north.split()[2:] == [c.text for c in obs.my_hand]
    for name in ("East", "South", "West"):
        assert set(_line(text, name).split()[1:]) == {"##"}
    assert _shown_cards(text) == {c.code for c in obs.faces()}


def test_seat_view_in_play_leaks_nothing() -> None:
    obs = _in_play().observation(0)
    text = render_observation(obs)
    assert _shown_cards(text) <= {c.code for c in obs.faces()}
    assert "(" not in text.replace("(you)", "")  # no peeks in a seat's view
    assert "received: " in text


def test_teacher_view_shows_every_face_and_brackets_only_those_no_player_sees() -> None:
    obs = _match().observation("teacher")
    text = render_observation(obs)
    assert "teacher view" in text
    for name in ("North", "East", "South", "West"):
        toks = _line(text, name).split()[1:]
        assert len(toks) == 13
        assert all(re.fullmatch(r"\w+[♣♦♥♠]", t) for t in toks)  # each holder sees them
    assert "##" not in text
    assert len(_shown_cards(text)) == 52
    gin = Match("gin_rummy", seed=1).observation("teacher")
    stock = _line(render_observation(gin), "stock").split()[1:]
    assert len(stock) > 10 and all(re.fullmatch(r"\(\w+[♣♦♥♠]\)", t) for t in stock)


def test_spectator_sees_no_hidden_faces() -> None:
    text = render_observation(_match().observation("spectator"))
    assert "spectator view" in text
    assert _shown_cards(text) == set()


def test_header_names_game_phase_turn_and_scores() -> None:
    text = render_observation(_match().observation(0))
    first, to_move, scores = text.splitlines()[:3]
    assert first == "Hearts · hand 1 · pass phase · dealer North · you are North"
    assert to_move.startswith("To move: North (you)")
    assert scores == "Scores: North 0 · East 0 · South 0 · West 0"
    assert "pass direction: left" in text
    assert "hearts broken: no" in text


def test_trick_shows_who_played_each_card() -> None:
    m = _in_play()
    obs = m.observation(0)
    trick = obs.zone("trick")
    line = _line(render_observation(obs), "trick")
    names = obs.names
    expected = ", ".join(
        f"{names[s]} {c.text}" for s, c in zip(trick.seats, trick.cards, strict=True)
    )
    assert line.split(None, 1)[1] == expected


def test_deterministic_and_no_trailing_spaces() -> None:
    a = render_observation(_in_play().observation(0))
    b = render_observation(_in_play().observation(0))
    assert a == b
    assert str(_in_play().observation(0)) == a
    for text in (a, render_observation(_match().observation("teacher"))):
        assert all(line == line.rstrip() for line in text.splitlines())
        assert all(len(line) <= 100 for line in text.splitlines())


def test_color_paints_red_suits_only() -> None:
    obs = _match().observation(0)
    plain = render_observation(obs)
    colored = render_observation(obs, color=True)
    assert "\x1b[" not in plain
    assert re.sub(r"\x1b\[\d+m", "", colored) == plain
    reds = [c for c in obs.my_hand if c.red]
    blacks = [c for c in obs.my_hand if not c.red]
    assert reds and blacks
    assert f"{RED}{reds[0].text}" in colored
    assert f"{RED}{blacks[0].text}" not in colored


def test_generic_observation_without_names() -> None:
    """A made-up game: seat fallbacks, compressed backs, informative backs, peeks, info."""
    qs, th = parse_card("QS"), parse_card("TH")
    obs = Observation(
        game="made_up",
        viewer=1,
        players=2,
        phase="draw",
        hand=2,
        dealer=0,
        to_move=(1,),
        zones=(
            Zone("hand", 0, (Back("red"), Back("blue")), "hand"),
            Zone("hand", 1, (qs, th), "hand"),
            Zone("stock", None, (Back(),) * 20, "pile"),
            Zone("meld", 0, (), "meld"),
            Zone("shown", None, (Peek(qs, Back()),), "row"),
        ),
        scores=(5, -3),
        info={"upcard": th, "count": 3, "flags": (True, False), "nested": ((1, 2),), "x": None},
    )
    text = render_observation(obs)
    assert text.splitlines()[0] == "made_up · hand 3 · draw phase · dealer Seat 0 · you are Seat 1"
    assert "To move: Seat 1 (you)" in text
    assert "Scores: Seat 0 5 · Seat 1 -3" in text
    assert "upcard: 10♥ · count: 3 · flags: yes/no · x: none" in text
    assert "nested" not in text
    assert _line(text, "Seat 0 hand").split()[-2:] == ["[red]", "[blue]"]
    assert _line(text, "Seat 1 hand (you)").endswith("Q♠ 10♥")
    assert _line(text, "stock").endswith("## ×20")
    assert _line(text, "shown").endswith("(Q♠)")
    assert "meld" not in text  # empty rows and melds are left out


def test_long_zone_wraps_under_its_label() -> None:
    cards = tuple(parse_card(f"{r}S") for r in "A23456789TJQK")
    obs = Observation(
        "made_up",
        "teacher",
        1,
        "play",
        0,
        0,
        (0,),
        (Zone("hand", 0, cards * 4, "hand", label="Long"),),
        (0,),
    )
    text = render_observation(obs, width=40)
    lines = text.splitlines()[3:]
    assert len(lines) > 1
    assert all(len(line) <= 40 for line in lines)
    assert all(line.startswith(" " * 6) for line in lines[1:])


def test_render_actions_numbers_and_wraps() -> None:
    acts = [f"play {c}" for c in ("2C", "TD", "QS", "AH")] * 5
    text = render_actions(acts, width=60)
    assert all(len(line) <= 60 and line == line.rstrip() for line in text.splitlines())
    assert len(text.splitlines()) > 1
    nums = [int(n) for n in re.findall(r"(\d+)\. play", text)]
    assert nums == list(range(1, 21))
    assert " 3. play Q♠" in text and "play 10♦" in text
    assert render_actions([]) == "(no legal actions)"
    assert render_actions(["moon add"]) == "1. moon add"
    assert action_text("play TD") == "play 10♦"
    assert "\x1b[31m" in render_actions(["play AH"], color=True)


def test_render_result_breakdown() -> None:
    r = HandResult(
        0,
        (3, 13, 0, 10),
        (ScoreLine(0, 3, "3 hearts"), ScoreLine(1, 13, "the Q♠"), ScoreLine(3, 10, "10 hearts")),
        "Points taken",
    )
    text = render_result(r, ("North", "East", "South", "West"))
    assert text.splitlines() == [
        "Hand 1 result",
        "  Points taken",
        "  North: +3  3 hearts",
        "  East: +13  the Q♠",
        "  West: +10  10 hearts",
        "  Points this hand: North +3 · East +13 · South +0 · West +10",
    ]
    assert "seat 0: +3" in render_result(r)


@pytest.mark.parametrize("viewer", [0, 1, "spectator", "teacher"])
def test_every_viewer_renders(viewer: int | str) -> None:
    text = render_observation(_in_play(seed=4).observation(viewer))
    assert text.startswith("Hearts · hand 1 · play phase")
