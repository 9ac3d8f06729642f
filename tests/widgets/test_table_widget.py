"""The card table widget's Python side, without a browser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from cardlab.core.errors import CardlabError, IllegalActionError
from cardlab.core.match import Match
from cardlab.core.observation import Back, Peek
from cardlab.games import GAMES
from cardlab.widgets import Table

NAMES = [spec.name for spec in GAMES]


def _view_faces(view: dict) -> set[str]:
    return {e["c"] for z in view["zones"] for e in z["cards"] if "c" in e}


def _obs_faces(table: Table) -> set[str]:
    obs = table.state.observation(table.viewpoint)
    return {c.code for c in obs.faces()}


def _play_some(t: Table, moves: int) -> None:
    for _ in range(moves):
        v = t.view
        acts = [a for options in v["acts"].values() for a, *_ in options] + [
            a for a, _ in v["buttons"]
        ]
        # moves made by clicking a cell of a board
        acts += [
            a for cells in v["cells"].values() for options in cells.values() for a, _ in options
        ]
        if not acts:
            t.step()
            continue
        t.play(sorted(acts)[0])


def test_assets_ship_with_the_package() -> None:
    here = Path(__file__).resolve().parents[2] / "cardlab" / "widgets" / "static"
    for name in ("table.js", "table.css"):
        assert (here / name).is_file()
    assert str(Table._esm) == (here / "table.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_view_is_json_and_only_holds_the_viewpoints_faces(name: str) -> None:
    t = Table(name, seat=0, seed=3, pace=0)
    _play_some(t, 4)
    for vp in (0, "spectator", "teacher", t.state.players - 1):
        t.viewpoint = vp
        json.dumps(t.view)
        assert t.view["viewer"] == str(vp)
        assert _view_faces(t.view) <= _obs_faces(t)
        obs = t.state.observation(vp)
        shown = [e for z in t.view["zones"] for e in z["cards"]]
        expected = [e for z in obs.zones for e in z.cards]
        assert len(shown) == len(expected)
        assert sum("peek" in e for e in shown) == sum(isinstance(e, Peek) for e in expected)
        assert sum("b" in e for e in shown) == sum(isinstance(e, Back) for e in expected)
    # back at a seat: no other face is left in the synced state
    t.viewpoint = 0
    assert not any("peek" in e for z in t.view["zones"] for e in z["cards"])
    assert _view_faces(t.view) == _obs_faces(t)
    log = json.dumps(t.view["log"])
    for ev in t.state.events[-len(t.view["log"]) :]:
        if ev.secret is not None and 0 not in ev.audience:
            assert ev.secret not in log or ev.secret == ev.text


@pytest.mark.parametrize("name", NAMES)
def test_play_step_seek_undo_and_replay(name: str, tmp_path: Path) -> None:
    t = Table(name, seat=0, seed=5, pace=0)
    _play_some(t, 6)
    total = t.total_steps
    assert t.view["step"] == t.view["total"] == total
    t.seek(0)
    assert t.view["step"] == 0 and t.view["total"] == total
    assert t.view["acts"] == {} and t.view["buttons"] == []
    t.step()
    assert t.match.step_count == 1
    t.to_end()
    assert t.match.step_count == total
    path = t.save(tmp_path / "m.json")
    again = Table.from_replay(path, seat=0, pace=0)
    assert again.match.history == t.match.history
    assert again.to_replay().actions == t.to_replay().actions
    assert repr(again) == repr(Table.from_replay(t.to_replay(), seat=0, pace=0))
    if len(t.match.agents) < t.state.players:
        before = t.match.step_count
        t.undo()
        assert t.match.step_count < before


def test_illegal_play_explains_and_changes_nothing() -> None:
    t = Table("hearts", seat=0, seed=1, pace=0)
    for _ in range(3):
        t.play(next(iter(t.view["acts"])))  # pass three cards, one at a time
    assert t.state.phase == "play"
    if t.view["why"]:
        code, reason = next(iter(t.view["why"].items()))
        assert reason
        steps = t.match.step_count
        with pytest.raises(IllegalActionError):
            t.play(code)
        assert t.match.step_count == steps
        assert t.view["message"]
    code = next(iter(t.view["acts"]))
    steps = t.match.step_count
    t.play(code)  # a bare card names the one legal move with it
    assert t.match.step_count > steps + 1  # the bots answered


def test_viewpoint_validation_and_repr() -> None:
    t = Table("gin_rummy", seat=0, seed=2, pace=0)
    assert repr(t) == repr(Table("gin_rummy", seat=0, seed=2, pace=0))
    assert "0x" not in repr(t)
    with pytest.raises(CardlabError):
        t.viewpoint = 7
    with pytest.raises(CardlabError):
        t.viewpoint = "everyone"
    t.viewpoint = "1"
    assert t.viewpoint == 1


def test_bots_only_table_plays_to_the_end() -> None:
    t = Table("hearts", seat=None, seed=4, pace=0, hands=1)
    while not t.state.terminal:
        t.step()
    assert t.view["terminal"] and t.view["result"] is not None
    assert t.view["result"]["lines"] or t.view["result"]["points"]


@pytest.mark.parametrize("name", NAMES)
def test_the_log_holds_the_whole_hand_numbered_by_step(name: str) -> None:
    t = Table(name, seat=0, seed=3, pace=0)
    _play_some(t, 8)
    st = t.state
    log = t.view["log"]
    # while a finished hand waits for the next deal, the log still shows that hand
    hand = st.events[st.hand_starts[-2 if st.between_hands else -1] :]
    # another seat's private steps (the picks of a staged move) are not in this seat's log
    hand = [e for e in hand if e.text or 0 in e.audience]
    assert [e["text"] for e in log][-len(hand) :] == [e.text_for(0) for e in hand]
    steps = [e["step"] for e in log]
    assert steps == sorted(steps) and steps[0] >= 1 and steps[-1] == t.view["step"]
    # Seeking to a line's step shows the state right after it: the line is the last of
    # its step.
    line = log[len(log) // 2]
    t.seek(line["step"])
    assert [e["text"] for e in t.view["log"]][-1] == [
        e["text"] for e in log if e["step"] == line["step"]
    ][-1]


def _choices(t: Table) -> list[str]:
    v = t.view
    return sorted(
        [a for opts in v["acts"].values() for a, *_ in opts] + [a for a, _ in v["buttons"]]
    )


@pytest.mark.parametrize("name", ["hearts", "gin_rummy", "foresight"])
def test_undo_then_a_different_move_starts_a_new_line_of_play(name: str) -> None:
    t = Table(name, seat=0, seed=4, pace=0)
    while len(_choices(t)) < 2:  # a decision with a real choice
        _play_some(t, 1)
    before = t._match.step_count
    first, other = _choices(t)[:2]
    t.play(first)
    assert t.total_steps > before
    assert t.undo()
    assert t._match.step_count == before and t.total_steps > before  # the future is kept
    assert _choices(t)[:2] == [first, other], "after undo the same choice is offered again"
    t.play(other)
    m = t._match
    assert m.history[before] == (0, other)
    assert t.total_steps == m.step_count, "the undone future is gone"
    assert t.view["step"] == t.view["total"]


def test_the_table_draws_suits_in_the_charts_palette() -> None:
    import re

    import cardlab.widgets
    from cardlab.core.cards import SUIT_COLOURS

    js = (Path(cardlab.widgets.__file__).parent / "static" / "table.js").read_text(encoding="utf-8")
    found = re.search(r"(?:const|var) SUIT_COLOUR = \[([^\]]*)\]", js)
    assert found, "table.js names its suit palette SUIT_COLOUR"
    assert re.findall(r'"(#[0-9a-f]{6})"', found.group(1)) == list(SUIT_COLOURS)


@pytest.mark.parametrize("name", NAMES)
def test_hint_suggests_the_bots_move_and_why_without_playing_it(name: str) -> None:
    t = Table(name, seat=0, seed=2, pace=0)
    while 0 not in t.state.to_move:
        t.step()
    step = t.view["step"]
    text = t.hint()
    hint = t.view["hint"]
    assert hint is not None and hint["text"] == text and text.startswith("Hint: ")
    assert "rule of thumb" in text or "only legal move" in text
    assert t.view["step"] == step, "a hint plays nothing"
    assert hint["action"] in t.state.legal_actions(0)
    if hint["key"] is not None:
        assert any(a == hint["action"] for a, *_ in t.view["acts"][hint["key"]])
    t.play(hint["action"])
    assert t.view["hint"] is None, "the hint goes once the match moves on"


def test_every_bot_phase_has_a_rule_of_thumb() -> None:
    from cardlab.core.agents import PhaseBot

    for spec in GAMES:
        for bot in spec.bots.values():
            if issubclass(bot, PhaseBot):
                for phase, method in bot.handlers.items():
                    why = getattr(getattr(bot, method), "_why", "")
                    assert why, f"{spec.name}: the {phase!r} handler gives no reason"


def test_the_hint_button_asks_the_tables_hint_bot() -> None:
    t = Table("hearts", seat=0, seed=2, pace=0, hint_bot="search")
    while 0 not in t.state.to_move or len(t.state.legal_actions(0)) < 2:
        t.step() if 0 not in t.state.to_move else t.play(str(t.state.legal_actions(0)[0]))
    step = t.view["step"]
    t._on_msg(t, {"type": "hint"}, [])  # the Hint button
    text = t.view["hint"]["text"]
    assert "The search's reasons:" in text and "sampled deals" in text, text
    assert t.view["step"] == step, "a hint plays nothing"
    assert "rule of thumb" in Table("hearts", seat=0, seed=2, pace=0).hint()
    with pytest.raises(CardlabError, match="unknown bot"):
        Table("hearts", seat=0, seed=2, pace=0, hint_bot="oracle")


ODDS = [spec.name for spec in GAMES if spec.odds is not None]


def test_a_game_without_odds_offers_no_odds_panel() -> None:
    name = next(spec.name for spec in GAMES if spec.odds is None)
    t = Table(name, seat=0, seed=2, pace=0)
    t.show_odds = True
    assert t.view["odds"] is None


@pytest.mark.parametrize("name", ODDS)
def test_the_odds_panel_shows_the_viewed_seats_chances_when_switched_on(name: str) -> None:
    t = Table(name, seat=0, seed=2, pace=0)
    assert t.view["odds"] == {"on": False, "seat": None, "lines": []}, "off until asked"
    t.show_odds = True  # the Odds switch
    shown = 0
    for _ in range(40):
        panel = t.view["odds"]
        assert panel["on"] and panel["seat"] == 0
        assert [tuple(x) for x in panel["lines"]] == list(t.match.odds(0).items())
        assert all(0.0 <= p <= 1.0 for _, p in panel["lines"])
        shown += bool(panel["lines"])
        if t.state.terminal:
            break
        if 0 in t.state.to_move:
            t.play(str(t.state.legal_actions(0)[0]))
        else:
            t.step()
    assert shown, "the panel had something to weigh at some step"
    t.viewpoint = "teacher"
    seat = t.state.to_move[0] if t.state.to_move else 0
    assert t.view["odds"]["seat"] == seat
    t.viewpoint = "spectator"
    assert t.view["odds"]["seat"] is None
    t.show_odds = False
    assert t.view["odds"]["lines"] == []


# ------------------------------------------------------------------ bad input
def _snapshot(t: Table) -> tuple[object, ...]:
    """What a refused call must leave as it was: the match, its recorded future, the view."""
    m = t.match
    return (list(m.history), t.total_steps, m.state.observation(None), t.viewer, t.view["step"])


def _held(name: str = "in_between") -> Table:
    """A table whose first hand is over and held on the felt, the next deal waiting."""
    t = Table(name, seat=0, seed=3, pace=0, hands=3)
    while not t.match.waiting_to_deal():
        if 0 in t.state.to_move:
            t.play(str(t.state.legal_actions(0)[0]))
        else:
            t.step()
    return t


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seat": "0"},
        {"seat": True},
        {"seat": 4},
        {"seat": -1},
        {"seat": 1.0},
        {"pace": -1},
        {"pace": float("nan")},
        {"pace": "fast"},
        {"bots": 5},
        {"hint_bot": 3},
        {"hint_bot": "oracle"},
        {"viewpoint": "²"},
        {"viewpoint": "١"},
        {"viewpoint": 9},
    ],
)
def test_a_table_with_bad_arguments_is_refused_before_the_match_is_touched(
    kwargs: dict[str, object],
) -> None:
    with pytest.raises(CardlabError):
        Table("hearts", seed=1, **kwargs)  # type: ignore[arg-type]
    m = Match("hearts", seed=1, agents="random")
    with pytest.raises(CardlabError):
        Table(m, **kwargs)  # type: ignore[arg-type]
    assert sorted(m.agents) == [0, 1, 2, 3] and not m.hold


def test_a_bad_viewpoint_or_pace_is_refused_and_the_table_goes_on() -> None:
    t = Table("hearts", seat=0, seed=1, pace=0)
    before = _snapshot(t)
    for bad in ("bogus", "²", "١", "4", "-1", ""):
        with pytest.raises(CardlabError):
            t.viewer = bad  # the synced trait, as the page would set it
        with pytest.raises(CardlabError):
            t.viewpoint = bad
    for pace in (-0.5, float("inf"), float("nan")):
        with pytest.raises(CardlabError):
            t.pace = pace
    assert _snapshot(t) == before and t.pace == 0
    t.play(str(t.state.legal_actions(0)[0]))  # play, step, seek and undo all still work
    t.seek(1)
    t.to_end()
    assert t.undo()
    assert t.view["step"] == t.match.step_count


@pytest.mark.parametrize("bad", [1.5, None, "3", True, -1, 10_000, "abc"])
def test_seek_takes_a_whole_step_number_only(bad: object) -> None:
    t = Table("hearts", seat=0, seed=1, pace=0)
    t.seek(3)
    before = _snapshot(t)
    with pytest.raises(CardlabError, match="a step is a whole number from 0 to"):
        t.seek(bad)  # type: ignore[arg-type]
    assert _snapshot(t) == before
    t._on_msg(t, {"type": "seek", "step": bad}, [])  # the page's message: refused, shown
    assert _snapshot(t) == before
    assert "a step is a whole number" in t.view["message"]


@pytest.mark.parametrize("bad", [None, 5, ["QS"], "ZZ", "play ZZ", ""])
def test_a_refused_move_while_a_finished_hand_waits_does_not_deal(bad: object) -> None:
    t = _held()
    before = _snapshot(t)
    with pytest.raises(CardlabError):
        t.play(bad)  # type: ignore[arg-type]
    assert _snapshot(t) == before and t.match.waiting_to_deal()
    assert t.view["result"] is not None, "the finished hand is still on the felt"
    t._on_msg(t, {"type": "act", "action": bad}, [])
    assert _snapshot(t)[:4] == before[:4] and t.match.waiting_to_deal()


def test_a_move_while_a_finished_hand_waits_deals_first() -> None:
    t = _held("hearts")  # every hand opens with a pass that includes your seat
    steps = t.match.step_count
    probe = Match.from_replay(t.to_replay())
    probe.deal()
    move = probe.legal_actions(0)[0]
    t.play(str(move))
    assert t.match.history[steps][0] is None and t.match.history[steps + 1] == (0, str(move))


# ---------------------------------------------------- who can move in which view
def test_the_teacher_view_moves_for_your_seat_and_the_spectator_view_says_how() -> None:
    t = Table("hearts", seat=0, seed=2, pace=0)
    assert t.view["actor"] == 0
    t.viewpoint = "teacher"
    assert t.view["actor"] == 0 and t.view["acts"], "the teacher's view plays your seat"
    assert t.view["prompt"] == t.state.prompt(0)
    code = next(iter(t.view["acts"]))
    steps = t.match.step_count
    t._on_msg(t, {"type": "act", "action": code}, [])
    assert t.match.step_count == steps + 1 and t.match.history[-1][0] == 0
    t.viewpoint = "spectator"
    assert t.view["actor"] is None and not t.view["acts"] and not t.view["buttons"]
    before = _snapshot(t)
    t._on_msg(t, {"type": "act", "action": str(t.state.legal_actions(0)[0])}, [])
    assert _snapshot(t)[:3] == before[:3]
    assert "switch the view to North (you) or Teacher" in t.view["message"]
    t.viewpoint = 1  # a bot's seat: never played from the page
    assert t.view["actor"] is None and not t.view["acts"]


def test_the_teacher_view_never_moves_for_a_bot() -> None:
    m = Match("hearts", seed=2, agents="heuristic")
    m.run(max_steps=6)
    bot = m.state.to_move[0]
    t = Table.from_replay(m.to_replay(), seat=0, bots="heuristic", step=6, viewpoint="teacher")
    t.seek(6)  # a recorded step where a bot is to move
    if 0 in t.state.to_move:
        pytest.skip("your seat is to move here too")
    assert t.view["actor"] is None and not t.view["acts"], bot
    with pytest.raises(CardlabError, match="played by a bot"):
        t.play("2C", seat=bot)


def test_people_taking_turns_move_from_the_teacher_view() -> None:
    t = Table("in_between", seat=None, bots=None, seed=3, pace=0, viewpoint="teacher")
    for _ in range(4):
        seat = t.view["actor"]
        assert seat is not None and seat in t.state.to_move
        steps = t.match.step_count
        act = t.view["buttons"][0][0] if t.view["buttons"] else next(iter(t.view["acts"]))
        t._on_msg(t, {"type": "act", "action": act}, [])
        assert t.match.step_count > steps and t.match.history[steps][0] == seat
        if t.view["result"] is not None:
            break


def test_while_a_bot_moves_for_a_click_the_page_is_told_who_is_thinking() -> None:
    from cardlab.core.agents import FirstAgent

    seen: list[str] = []
    tables: list[Table] = []

    class Spy(FirstAgent):
        def act(self, obs):  # type: ignore[no-untyped-def]
            seen.append(tables[0].busy if tables else "")
            return super().act(obs)

    m = Match("three_five_seven", seed=11, players=2, agents={1: Spy(1)})
    table = Table(m, seat=0, pace=0)
    tables.append(table)
    table.play("stay")  # from code: nothing to announce
    assert seen and set(seen) == {""}
    seen.clear()
    table._on_msg(table, {"type": "act", "action": "stay"}, [])  # a click in the page
    assert seen and set(seen) == {f"{m.state.names[1]} is thinking…"}
    assert table.busy == "", "idle again once the move is made"


def test_a_card_that_goes_home_names_its_foundation_as_its_destination() -> None:
    """The layout's targets: ``home 8S`` lands on the spades foundation, so the table
    lights it like any pile the card may go to, and Stop asks first."""
    t = Table("canfield", seat=0, seed=1, pace=0)
    for a in ["home 7C", *["draw"] * 12, "home 7H", "draw", "draw", "draw"]:
        t.play(a)
    dests = {act: dest for act, _label, dest in t.view["acts"]["8S"]}
    assert dests == {
        "home 8S": "foundation4",
        "move 8S tableau2": "tableau2",
        "move 8S tableau3": "tableau3",
    }
    assert ["stop", "Stop here? The deal ends with the cards now home."] in t.view["layout"][
        "confirm"
    ]
