"""The card table widget in real JupyterLab + Chromium, for every registered game.

One notebook creates a table per game (you at seat 0, bots instant); each test drives one
table through clicks and checks what the page shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARTIFACTS
from jlab import notebook, notebook_page, run_all
from playwright.sync_api import expect

import cardlab
from cardlab.core.actions import ActionRange
from cardlab.core.registry import get_spec
from cardlab.games import GAMES
from cardlab.rules.rummy import KnockRummy

pytestmark = pytest.mark.browser
NAMES = [spec.name for spec in GAMES]
SEED = 11
CORNER = {"x": 9, "y": 22}
#: Canfield moves (seed 1) after which the waste's 8♠ goes home or onto tableau pile 2 or 3.
CANFIELD = ["home 7C", *["draw"] * 12, "home 7H", "draw", "draw", "draw"]
#: A bot that takes its time: the page must say it is thinking.
SLOW_BOT = """
import time
from cardlab.core.agents import FirstAgent

class Slow(FirstAgent):
    def act(self, obs):
        time.sleep(1.5)
        return super().act(obs)
"""
#: In the page: labels and pile counts that something else covers, and labels cut short.
HIDDEN_LABELS = """(el) => {
    const out = [];
    for (const x of el.querySelectorAll('.cl-felt .cl-zone-label, .cl-felt .cl-count')) {
        // a label scrolled out of the notebook's view would seem covered by the page around
        x.scrollIntoView({block: 'center', inline: 'nearest'});
        const r = x.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const panel = top && top.closest('.cl-result');  // the score panel covers all
        if (top && !x.contains(top) && !panel) out.push(`covered: ${x.textContent.trim()}`);
        if (x.scrollWidth > x.clientWidth + 1) out.push(`cut short: ${x.textContent.trim()}`);
        const felt = el.querySelector('.cl-felt').getBoundingClientRect();
        const name = x.textContent.trim();
        if (r.left < felt.left || r.right > felt.right) out.push(`off the felt: ${name}`);
    }
    return out;
}"""
#: Frozen Novelty moves (seed SEED) that fill every Up stack, leaving no card free to move.
STUCK = [
    "turn deck1", "move 2C up1", "turn deck1", "move 9S up2", "turn deck1",
    "move TD up3", "turn deck1", "move 8S up2", "turn deck1", "move TC up4",
]  # fmt: skip


def _seen_in_a_hand(name: str, test: Any) -> bool:
    """Whether ``test(state)`` holds at some step of seat 0's first hand (bots everywhere)."""
    m = cardlab.Match(name, seed=SEED, agents="heuristic", hands=1)
    for _ in range(400):
        if test(m.state):
            return True
        if m.state.terminal or m.step() is None:
            return False
    return False


def _holds_cards(st: Any) -> bool:
    """Seat 0 has cards of its own to click (a solitaire: the whole layout is its own)."""
    own = st.game.spec.solitaire
    return any((own or z.owner == 0) and z.cards for z in st.observation(0).zones)


def _bets_a_range(st: Any) -> bool:
    return 0 in st.to_move and isinstance(st.legal_actions(0), ActionRange)


#: games where seat 0 holds cards of its own / is asked for a number from a range
HOLDING = [n for n in NAMES if _seen_in_a_hand(n, _holds_cards)]
RANGES = [n for n in NAMES if _seen_in_a_hand(n, _bets_a_range)]


#: Tables of their own for single tests, by name: (cell source, cell index in the notebook).
EXTRA = {
    "canfield_pick": f"cf = Table('canfield', seat=0, seed=1, pace=0)\n"
    f"for a in {CANFIELD!r}:\n    cf.play(a)\ncf",
    "canfield_stop": "Table('canfield', seat=0, seed=2, pace=0)",
    "slow": f"{SLOW_BOT}\nfrom cardlab import Match\n"
    "m = Match('three_five_seven', seed=11, players=2, agents={1: Slow(1)})\n"
    "slow = Table(m, seat=0, pace=0)\nslow",
    "teacher": f"Table('hearts', seat=0, seed={SEED}, pace=0, viewpoint='teacher')",
    "bet": f"Table('red_dog', seat=0, seed={SEED}, pace=0)",
}


def _cell(name: str) -> int:
    """The index of an extra table's cell in the notebook."""
    return _cells().index(EXTRA[name])


def _notebook() -> dict[str, Any]:
    return notebook(_cells())


def _cells() -> list[str]:
    return [
        "from cardlab.widgets import Table\ntables = {}",
        *(
            f"tables[{n!r}] = Table({n!r}, seat=0, seed={SEED}, pace=0)\ntables[{n!r}]"
            for n in NAMES
        ),
        # the same game again with bots moving at a pace: ticks on the kernel's event loop
        f"paced = Table('hearts', seat=0, seed={SEED}, pace=0.1)\npaced",
        # a solitaire played until its face-up cards are stuck (every Up stack is taken)
        f"stuck = Table('frozen_novelty', seat=0, seed={SEED}, pace=0)\n"
        f"for a in {STUCK!r}:\n    stuck.play(a)\nstuck",
        # bots play every seat to the end of the first hand, which stays on the felt
        "held = {}",
        *(
            f"held[{spec.name!r}] = Table({spec.name!r}, seat=None, seed={SEED}, pace=0, "
            f"hands={1 if spec.solitaire else 2})\nheld[{spec.name!r}]"
            for spec in GAMES
        ),
        *EXTRA.values(),
    ]


@pytest.fixture(scope="module")
def tables(lab: Any, browser: Any) -> Iterator[Any]:
    """The notebook page with one table per game, all rendered."""
    ctx, pg = notebook_page(lab, browser, "tables.ipynb", _notebook(), 1400, 1000)
    run_all(pg)
    expect(pg.locator(".cl-root")).to_have_count(2 * len(NAMES) + 2 + len(EXTRA), timeout=60_000)
    yield pg
    ctx.close()


def _table(pg: Any, name: str) -> Any:
    t = pg.locator(f'.cl-root[data-game="{name}"]').first
    t.scroll_into_view_if_needed()
    return t


def _extra(pg: Any, name: str) -> Any:
    t = pg.locator(".jp-CodeCell").nth(_cell(name)).locator(".cl-root")
    t.scroll_into_view_if_needed()
    return t


def _step(t: Any) -> int:
    return int(t.get_attribute("data-step"))


#: In the page: press a replay button of the table and wait for the step it shows to change
#: (false if it does not within ten seconds).
PRESS = """(el, cmd) => new Promise((resolve) => {
    const before = el.dataset.step;
    const obs = new MutationObserver(() => {
        if (el.dataset.step === before) return;
        obs.disconnect();
        resolve(true);
    });
    obs.observe(el, {attributes: true, attributeFilter: ['data-step']});
    setTimeout(() => { obs.disconnect(); resolve(false); }, 10000);
    el.querySelector(`[data-cmd="${cmd}"]`).dispatchEvent(new MouseEvent('click', {bubbles: true}));
})"""


def _rewind_to_a_move(t: Any) -> None:
    """Back to the start of the match, then forward until the viewer has a move again
    (a move made there plays on from that step).  Each step is awaited in the page, which
    sees the redraw at once rather than polling for it."""
    if _step(t) != 0:
        assert t.evaluate(PRESS, "start"), "the table did not go back to the start"
    for _ in range(60):
        if t.locator(".cl-card.cl-legal, .cl-actions button, .cl-cell.cl-dest").count():
            return
        assert t.evaluate(PRESS, "step"), "the table did not step"


def _act_once(t: Any) -> None:
    """Play the first legal move (a card, else a button) and wait for the redraw."""
    before = _step(t)
    done = t.locator(".cl-tray-done:enabled")
    if done.count():  # a staged move ready to be made: make it
        done.click()
        expect(t).not_to_have_attribute("data-step", str(before))
        return
    # a card from the hand, not one in a tray (its click would take it back)
    card = t.locator(".cl-card.cl-legal:not(.cl-tray .cl-card)").first
    cell = t.locator(".cl-cell.cl-dest").first  # a board's lit cell: a move to it
    if cell.count():
        cell.click()
    elif card.count():
        card.click(position=CORNER)  # hands overlap: the top-left corner is always visible
        chooser = t.locator(".cl-chooser button").first
        spot = t.locator(".cl-cell.cl-target").first  # the card goes to a board's cell
        if chooser.count():
            chooser.click()
        elif spot.count():
            spot.click()
    else:
        t.locator('.cl-actions button, .cl-result [data-cmd="continue"]').first.click()
        if t.locator(".cl-ask").count():  # a move that asks first (Stop): say yes
            t.locator(".cl-ask [data-act]").click()
    expect(t).not_to_have_attribute("data-step", str(before))


@pytest.fixture
def shot(tables: Any, request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        tables.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)


@pytest.mark.parametrize("name", NAMES)
def test_table_renders(tables: Any, name: str, shot: None) -> None:
    t = _table(tables, name)
    expect(t.locator(".cl-card").first).to_be_visible()
    expect(t.locator(".cl-felt")).to_be_visible()
    expect(t.locator(".cl-scrub")).to_be_visible()
    # Numeric choices with many values (Foresight's three-number bids) get pickers, not
    # a button per combination.
    assert t.locator(".cl-actions button").count() <= 40
    if name == "foresight":
        expect(t.locator(".cl-compose .cl-compose-arg")).to_have_count(3)
    assert not tables.page_errors, tables.page_errors


@pytest.mark.parametrize("name", NAMES)
def test_legal_click_plays_and_bots_answer(tables: Any, name: str, shot: None) -> None:
    t = _table(tables, name)
    start = _step(t)
    if t.locator(".cl-seat").count() == 1:  # a solitaire: no bots to answer
        _act_once(t)
        assert _step(t) == start + 1
        t.screenshot(path=str(ARTIFACTS / f"table_{name}.png"))
        return
    for clicks in range(1, 12):
        _act_once(t)
        if _step(t) - start > clicks:  # more steps than clicks: a bot moved too
            break
    else:
        pytest.fail("the bots never answered")
    expect(t.locator(".cl-log li").last).to_be_visible()
    # no zone label or pile count lies under a card (Bouncers' hearts beside the trick)
    problems = t.evaluate(HIDDEN_LABELS)
    assert not problems, problems
    # Each card of the trick in progress names who played it.
    for card in t.locator('.cl-zone[data-zone="trick"] .cl-trick-card').all():
        seat = int(card.get_attribute("data-seat"))
        player = t.locator(f'.cl-seat[data-seat="{seat}"] .cl-name').inner_text()
        assert player.removesuffix(" (you)") == card.locator(".cl-trick-name").inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"table_{name}.png"))


@pytest.mark.parametrize("name", HOLDING)
def test_illegal_click_explains_and_changes_nothing(tables: Any, name: str, shot: None) -> None:
    t = _table(tables, name)
    bad = t.locator('.cl-seat[data-seat="0"] .cl-card.cl-illegal')
    if t.locator(".cl-seat").count() == 1:  # a solitaire: a face-up card that can't move now
        bad = t.locator(".cl-card.cl-illegal")
        if not bad.count():  # every one can: the deal played until it is stuck
            t = tables.locator(f'.cl-root[data-game="{name}"]').nth(1)
            t.scroll_into_view_if_needed()
            bad = t.locator(".cl-card.cl-illegal")
    for _ in range(20):
        if bad.count() or not t.locator(".cl-card.cl-legal, .cl-actions button").count():
            break
        _act_once(t)
    if not bad.count():
        pytest.skip("no illegal card came up before the end or in twenty moves")
    card = bad.first
    reason = card.get_attribute("data-why")
    assert reason
    before = t.get_attribute("data-step")
    prompt = t.locator(".cl-prompt").inner_text()
    assert prompt
    card.click(position=CORNER)
    # The reason shows beside the prompt, which stays; it goes when the pointer leaves.
    expect(t.locator(".cl-reason")).to_contain_text(reason)
    expect(t.locator(".cl-prompt")).to_have_text(prompt)
    tables.wait_for_timeout(300)
    expect(t).to_have_attribute("data-step", before)
    t.locator(".cl-scrub").hover()
    expect(t.locator(".cl-reason")).to_have_text("")
    expect(t.locator(".cl-prompt")).to_have_text(prompt)


@pytest.mark.parametrize("name", NAMES)
def test_viewpoint_hides_and_shows_faces(tables: Any, name: str, shot: None) -> None:
    t = _table(tables, name)
    view = t.locator(".cl-viewpoint")
    view.select_option("teacher")
    expect(t).to_have_attribute("data-viewer", "teacher")
    # The teacher sees every face, and marks as hidden only cards no player sees: never a
    # card in a hand, which its holder sees.
    expect(t.locator(".cl-hand [data-peek]")).to_have_count(0)
    others = t.locator('.cl-seat:not([data-seat="0"]) .cl-hand')
    if others.locator(".cl-card").count():  # (hands emptied by the end of a short game)
        expect(others.locator("[data-code]").first).to_be_attached()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"table_{name}_teacher.png"))
    t.locator(".cl-viewpoint").select_option("0")
    expect(t).to_have_attribute("data-viewer", "0")
    expect(t.locator("[data-peek]")).to_have_count(0)
    # no face of another seat's hand may remain anywhere in the page
    expect(t.locator('.cl-seat:not([data-seat="0"]) .cl-hand [data-code]')).to_have_count(0)
    if t.locator('.cl-seat[data-seat="0"] .cl-hand .cl-card').count():
        assert t.locator('.cl-seat[data-seat="0"] .cl-hand [data-code]').count() > 0
    # Foresight backs are summarised under each hidden hand, design by design.
    for zone in t.locator('.cl-seat:not([data-seat="0"]) .cl-zone').all():
        backs = [b.get_attribute("data-back") for b in zone.locator("[data-back]").all()]
        shown = {b for b in backs if b not in ("plain", "hidden")}
        kinds = zone.locator(".cl-back-kind").all()
        assert {k.get_attribute("data-design") for k in kinds} == shown
        for k in kinds:
            design = k.get_attribute("data-design")
            assert int(k.get_attribute("data-count")) == backs.count(design)
    t.locator(".cl-viewpoint").select_option("spectator")
    expect(t).to_have_attribute("data-viewer", "spectator")
    expect(t.locator(".cl-hand [data-code]")).to_have_count(0)
    t.locator(".cl-viewpoint").select_option("0")
    expect(t).to_have_attribute("data-viewer", "0")


@pytest.mark.parametrize("name", NAMES)
def test_scrubber_reaches_start_and_end(tables: Any, name: str, shot: None) -> None:
    t = _table(tables, name)
    total = t.get_attribute("data-total")
    assert total is not None and int(total) > 0
    scrub = t.locator(".cl-scrub")
    scrub.evaluate(
        "(el) => { el.value = 0; el.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    expect(t).to_have_attribute("data-step", "0")
    assert t.locator('.cl-seat[data-seat="0"] .cl-hand [data-code]').count() == 0  # not dealt
    t.locator('[data-cmd="step"]').click()
    expect(t).to_have_attribute("data-step", "1")
    scrub = t.locator(".cl-scrub")
    scrub.evaluate(
        "(el) => { el.value = el.max; el.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    expect(t).to_have_attribute("data-step", total)
    t.locator('[data-cmd="start"]').click()
    expect(t).to_have_attribute("data-step", "0")
    t.locator('[data-cmd="end"]').click()
    expect(t).to_have_attribute("data-step", total)
    assert not tables.page_errors, tables.page_errors


@pytest.mark.parametrize("name", NAMES)
def test_the_log_numbers_its_lines_and_a_click_seeks_to_a_lines_step(
    tables: Any, name: str, shot: None
) -> None:
    t = _table(tables, name)
    total = t.get_attribute("data-total")
    lines = t.locator(".cl-log li[data-seek]")
    assert lines.count() >= 1
    # the list counts its lines 1, 2, 3, …: a step that tells several lines (a deal) is
    # never numbered twice
    assert t.locator(".cl-log li[value]").count() == 0
    steps = [int(x) for x in lines.evaluate_all("(els) => els.map((e) => e.dataset.seek)")]
    assert steps == sorted(steps)
    first = lines.first
    step = first.get_attribute("data-seek")
    first.click()
    expect(t).to_have_attribute("data-step", step)
    expect(t.locator(".cl-log li").last).to_have_attribute("data-seek", step)
    t.locator('[data-cmd="end"]').click()
    expect(t).to_have_attribute("data-step", total)
    assert not tables.page_errors, tables.page_errors


def test_undo_then_a_different_card_plays_on_from_there(tables: Any, shot: None) -> None:
    t = _table(tables, "gin_rummy")
    for _ in range(6):  # reach a discard: a choice among several cards
        if t.locator(".cl-card.cl-legal").count() > 1:
            break
        _act_once(t)
    cards = t.locator(".cl-card.cl-legal")
    assert cards.count() > 1
    first = cards.first.get_attribute("data-key") or cards.first.get_attribute("data-code")
    before = _step(t)
    _act_once(t)
    expect(t).not_to_have_attribute("data-step", str(before))
    t.locator('[data-cmd="undo"]').click()
    expect(t).to_have_attribute("data-step", str(before))
    # The same choice again, playable at once; another card this time.
    expect(t.locator(".cl-prompt")).to_contain_text("Your turn")
    other = t.locator(f'.cl-card.cl-legal:not([data-key="{first}"]):not([data-code="{first}"])')
    other.first.click(position=CORNER)
    expect(t).not_to_have_attribute("data-step", str(before))
    assert t.get_attribute("data-step") == t.get_attribute("data-total"), "the old future stays"
    assert not tables.page_errors, tables.page_errors


@pytest.mark.parametrize("name", RANGES)
def test_a_number_outside_the_range_is_refused_with_its_reason(
    tables: Any, name: str, shot: None
) -> None:
    t = _table(tables, name)
    box = t.locator(".cl-range")
    for _ in range(30):
        if box.count():
            break
        _act_once(t)
    expect(box).to_have_count(1)
    number = box.locator("input")
    high = int(number.get_attribute("max"))
    before = t.get_attribute("data-step")
    number.fill(str(high + 1))
    number.press("Enter")  # Enter makes the bet, as the button does
    expect(t.locator(".cl-prompt")).to_contain_text(str(high))
    tables.wait_for_timeout(300)
    expect(t).to_have_attribute("data-step", before)
    # the refused number stays in the box, to be corrected
    expect(t.locator(".cl-range input")).to_have_value(str(high + 1))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"table_{name}_range_refused.png"))
    t.locator(".cl-range input").fill(number.get_attribute("min"))
    t.locator(".cl-range button").click()
    expect(t).not_to_have_attribute("data-step", before)
    assert not tables.page_errors, tables.page_errors


@pytest.mark.parametrize("name", [spec.name for spec in GAMES if spec.odds is not None])
def test_the_odds_switch_shows_the_chances_for_the_seat_in_view(
    tables: Any, name: str, shot: None
) -> None:
    t = _table(tables, name)
    expect(t.locator(".cl-odds")).to_have_count(0)
    before = t.get_attribute("data-step")
    t.locator(".cl-odds-switch").check()
    panel = t.locator(".cl-odds")
    expect(panel).to_contain_text(re.compile(r"^Odds for [^:]+:"), timeout=30_000)  # counted
    expect(panel).to_contain_text(re.compile(r"\d+\.\d%|nothing to weigh"))
    assert t.get_attribute("data-step") == before, "switching odds on plays nothing"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"table_{name}_odds.png"))
    t.locator(".cl-odds-switch").uncheck()
    expect(panel).to_have_count(0)
    assert not tables.page_errors, tables.page_errors


@pytest.mark.parametrize("name", ["hearts", "bourbon"])
def test_hint_shows_the_bots_move_beside_the_prompt_and_plays_nothing(
    tables: Any, name: str, shot: None
) -> None:
    t = _table(tables, name)
    for _ in range(6):
        if t.locator(".cl-card.cl-legal, .cl-actions button, .cl-cell.cl-dest").count():
            break
        _act_once(t)
    before = t.get_attribute("data-step")
    prompt = t.locator(".cl-prompt").inner_text()
    t.locator('[data-cmd="hint"]').click()
    expect(t.locator(".cl-reason")).to_contain_text("Hint: ")
    expect(t.locator(".cl-reason")).to_contain_text(re.compile("rule of thumb|only legal move"))
    expect(t.locator(".cl-hint")).to_have_count(1)
    expect(t.locator(".cl-prompt")).to_have_text(prompt)
    assert t.get_attribute("data-step") == before, "a hint plays nothing"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / f"table_{name}_hint.png"))
    assert not tables.page_errors, tables.page_errors


def test_keyboard_moves_among_legal_cards_and_plays(tables: Any, shot: None) -> None:
    t = _table(tables, "hearts")
    t.locator('[data-cmd="end"]').click()
    expect(t).to_have_attribute("data-step", t.get_attribute("data-total") or "")
    before = t.get_attribute("data-step")
    t.focus()
    tables.keyboard.press("ArrowRight")
    focused = t.locator(".cl-card.cl-legal:focus")
    expect(focused).to_have_count(1)
    first = focused.get_attribute("aria-label")
    assert first and first[-1] in "♣♦♥♠"
    if t.locator(".cl-card.cl-legal").count() > 1:
        tables.keyboard.press("ArrowRight")
        expect(t.locator(".cl-card.cl-legal:focus")).not_to_have_attribute("aria-label", first)
    tables.keyboard.press("Enter")
    expect(t).not_to_have_attribute("data-step", before or "")


def test_paced_bots_move_on_their_own(tables: Any, shot: None) -> None:
    t = tables.locator('.cl-root[data-game="hearts"]').nth(1)  # the paced table
    t.scroll_into_view_if_needed()
    t.evaluate(
        """(el) => { el.steps = []; new MutationObserver(() => el.steps.push(el.dataset.step))
                     .observe(el, {attributes: true, attributeFilter: ['data-step']}); }"""
    )
    most = 0
    for _ in range(6):  # pass three cards, then play until the bots answer one by one
        expect(t.locator('.cl-seat[data-seat="0"] .cl-card.cl-legal').first).to_be_visible()
        t.evaluate("(el) => { el.steps = []; }")
        _act_once(t)
        # wait until it is our turn again: the bots moved, one redraw per tick
        expect(t.locator('.cl-seat[data-seat="0"] .cl-card.cl-legal').first).to_be_visible(
            timeout=15_000
        )
        most = max(most, len(set(t.evaluate("(el) => el.steps"))))
        if most >= 3:
            break
    assert most >= 3, "bots did not move one at a time"


def _held(pg: Any, name: str) -> Any:
    k = next(i for i, c in enumerate(_cells()) if c.startswith(f"held[{name!r}] = "))
    t = pg.locator(".jp-CodeCell").nth(k).locator(".cl-root")
    t.scroll_into_view_if_needed()
    return t


@pytest.mark.parametrize("name", NAMES)
def test_the_end_of_a_hand_stays_on_the_felt_until_continue(
    tables: Any, name: str, shot: None
) -> None:
    t = _held(tables, name)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    panel = t.locator(".cl-result")
    expect(panel).to_be_visible()
    hand = t.locator(".cl-handno").inner_text()
    step = _step(t)
    t.screenshot(path=str(ARTIFACTS / f"screen_{name}_3_end.png"))
    t.locator('[data-cmd="hide-result"]').click()
    expect(panel).to_have_count(0)
    solitaire = t.locator(".cl-seat").count() == 1
    if solitaire:
        # a solitaire says won or lost with its score, never that a player "wins"
        assert re.match(r"^(Won|Lost)", t.locator(".cl-prompt").inner_text())
        expect(t.locator(".cl-dealer")).to_have_count(0)
    elif issubclass(get_spec(name).state_class, KnockRummy):
        # a rummy spread: both hands laid out in melds, deadwood counted, lay-offs marked
        expect(t.locator('.cl-zone[data-zone="deadwood"]')).to_have_count(2)
        expect(t.locator('.cl-zone[data-zone="deadwood"] .cl-zone-label').first).to_contain_text(
            "deadwood ("
        )
        expect(t.locator(".cl-hand [data-code], .cl-hand [data-back]")).to_have_count(0)
        laid = t.locator('.cl-zone[data-zone="melds"] [data-mark="laid off"]').count()
        said = t.locator(".cl-log li", has_text="lays off").count()
        assert (laid > 0) == (said > 0), "cards laid off are marked on the knocker's melds"
    elif t.locator(".cl-pot").count():
        # a chip game: the pot, every seat's chips and the last cards turned stay in view
        expect(t.locator('[data-figure="chips"]')).to_have_count(t.locator(".cl-seat").count())
        assert t.locator(".cl-area-center .cl-card[data-code]").count() > 0
    elif get_spec(name).family == "trick-taking":
        # a trick game: the last trick is still on the table, one card per player
        players = t.locator(".cl-seat").count()
        expect(t.locator('.cl-zone[data-zone="last_trick"] .cl-card')).to_have_count(players)
    elif cardlab.load(name).spec.family == "drafting":
        # a draft: every court stays face up before its player
        assert t.locator(".cl-seat .cl-zone [data-code]").count() > 0
    else:
        # any other game: the cards stay where the hand left them
        assert t.locator(".cl-felt .cl-card").count() > 0
    t.screenshot(path=str(ARTIFACTS / f"screen_{name}_3_end_table.png"))
    assert _step(t) == step, "the next hand is not dealt before Continue"
    # a game decided within its one deal (an instant win) has no next hand to deal
    over = t.locator(".cl-prompt").inner_text().startswith("Game over")
    if not solitaire:
        t.locator('[data-cmd="start"]').click()  # back through the hand: the start and middle
        expect(t).to_have_attribute("data-step", "0")
        t.locator('[data-cmd="step"]').click()
        expect(t).to_have_attribute("data-step", "1")
        t.screenshot(path=str(ARTIFACTS / f"screen_{name}_1_start.png"))
        t.locator(".cl-scrub").evaluate(
            f"(el) => {{ el.value = {step // 2}; "
            "el.dispatchEvent(new Event('change', {bubbles: true})); }"
        )
        expect(t).to_have_attribute("data-step", str(step // 2))
        t.screenshot(path=str(ARTIFACTS / f"screen_{name}_2_mid.png"))
        t.locator('[data-cmd="end"]').click()
        expect(t).to_have_attribute("data-step", str(step))
    if not solitaire and not over:
        t.locator('[data-cmd="step"]').click()  # like Continue: the next hand is dealt
        expect(t.locator(".cl-handno")).not_to_have_text(hand)
        assert _step(t) > step
    assert not tables.page_errors, tables.page_errors


def test_a_tableau_card_moves_by_clicking_it_then_its_destination(tables: Any, shot: None) -> None:
    t = _table(tables, "frozen_novelty")
    expect(t.locator(".cl-actions button")).to_have_count(1)  # only "Stop": no wall of buttons
    for _ in range(12):
        picked = None
        for card in t.locator(".cl-card.cl-legal").all():
            before = _step(t)
            card.click(position=CORNER)
            if t.locator(".cl-zone.cl-target").count() >= 2:
                picked = card
                break
            if _step(t) == before and t.locator(".cl-chooser").count():
                t.locator(".cl-chooser button").first.click()
            expect(t).not_to_have_attribute("data-step", str(before))
            break
        if picked is not None:
            break
    else:
        pytest.fail("no card with several destinations came up")
    expect(t.locator(".cl-card.cl-selected")).to_have_count(1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / "table_frozen_novelty_pick_up.png"))
    before = _step(t)
    target = t.locator('.cl-zone.cl-target:not([data-zone^="foundation"])').first
    dest = target.get_attribute("data-zone")
    target.click()
    expect(t).not_to_have_attribute("data-step", str(before))
    expect(t.locator(".cl-zone.cl-target")).to_have_count(0)
    last = t.locator(".cl-log li").last.inner_text()
    assert dest in last, last
    assert not tables.page_errors, tables.page_errors


def test_a_card_picked_up_goes_to_a_lit_pile_clicked_on_its_cards_or_home(
    tables: Any, shot: None
) -> None:
    """Canfield: the waste's 8♠ may go onto the 9♦ or the 9♥ or home; each destination
    lights up, a foundation too, and a click on a lit pile's card moves it there."""
    t = _extra(tables, "canfield_pick")
    eight = t.locator('.cl-zone[data-zone="waste"] .cl-card[data-code="8S"]')
    eight.click()
    lit = t.locator(".cl-zone.cl-target")
    expect(lit).to_have_count(3)
    assert sorted(z.get_attribute("data-zone") for z in lit.all()) == [
        "foundation4",
        "tableau2",
        "tableau3",
    ]
    expect(t.locator(".cl-chooser")).to_have_count(0)  # no floating "Home 8♠" button
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / "table_canfield_pick_up.png"))
    before = _step(t)
    nine = t.locator('.cl-zone[data-zone="tableau2"] .cl-card').last
    nine.click(position=CORNER)  # on the lit pile's card, not its edge
    expect(t).to_have_attribute("data-step", str(before + 1))
    expect(t.locator('.cl-zone[data-zone="tableau2"] [data-code="8S"]')).to_have_count(1)
    t.locator('[data-cmd="undo"]').click()
    expect(t).to_have_attribute("data-step", str(before))
    t.locator('.cl-zone[data-zone="waste"] .cl-card[data-code="8S"]').click()
    t.locator('.cl-zone[data-zone="foundation4"]').click()  # home, on the lit foundation
    expect(t).to_have_attribute("data-step", str(before + 1))
    expect(t.locator('.cl-zone[data-zone="foundation4"] [data-code="8S"]')).to_have_count(1)
    assert not tables.page_errors, tables.page_errors


def test_stop_stands_apart_and_asks_before_it_ends_the_deal(tables: Any, shot: None) -> None:
    t = _extra(tables, "canfield_stop")
    stop = t.locator(".cl-actions [data-ask]")
    expect(stop).to_have_text("Stop…")
    draw = t.locator('.cl-actions [data-act="draw"]').bounding_box()
    apart = stop.bounding_box()
    assert draw and apart and apart["x"] - (draw["x"] + draw["width"]) > 100, "Stop is set apart"
    before = _step(t)
    stop.click()
    expect(t.locator(".cl-ask")).to_contain_text("Stop here?")
    tables.wait_for_timeout(300)
    expect(t).to_have_attribute("data-step", str(before))  # one click never stops
    t.locator('.cl-ask [data-cmd="cancel-ask"]').click()
    expect(t.locator(".cl-ask")).to_have_count(0)
    expect(t).to_have_attribute("data-step", str(before))
    t.locator(".cl-actions [data-ask]").click()
    t.locator(".cl-ask [data-act]").click()
    expect(t).to_have_attribute("data-step", str(before + 1))
    expect(t.locator(".cl-prompt")).to_contain_text(re.compile("^(Won|Lost)"))


def test_a_bot_that_takes_its_time_shows_it_is_thinking(tables: Any, shot: None) -> None:
    t = _extra(tables, "slow")  # 3-5-7 against a bot that thinks 1.5 s a move
    before = _step(t)
    t.locator('.cl-actions [data-act="stay"]').click()
    expect(t.locator(".cl-prompt")).to_have_text(re.compile(r"^\w+ is thinking…$"), timeout=5_000)
    expect(t).to_have_class(re.compile("cl-thinking"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    t.screenshot(path=str(ARTIFACTS / "table_three_five_seven_thinking.png"))
    expect(t).not_to_have_attribute("data-step", str(before), timeout=10_000)
    expect(t.locator(".cl-prompt")).to_contain_text("Your turn", timeout=10_000)
    expect(t).not_to_have_class(re.compile("cl-thinking"))
    assert not tables.page_errors, tables.page_errors


def test_the_teacher_view_plays_your_seat_and_no_other_view_says_your_turn(
    tables: Any, shot: None
) -> None:
    t = _extra(tables, "teacher")
    expect(t).to_have_attribute("data-viewer", "teacher")
    expect(t.locator(".cl-prompt")).to_contain_text("Your turn: ")
    expect(t.locator('.cl-seat[data-seat="0"] .cl-turn-badge')).to_have_text("your turn")
    before = _step(t)
    _act_once(t)  # a click in the teacher's view moves for your seat
    assert _step(t) > before
    for view in ("spectator", "1"):
        t.locator(".cl-viewpoint").select_option(view)
        expect(t).to_have_attribute("data-viewer", view)
        expect(t.locator(".cl-turn-badge", has_text="your turn")).to_have_count(0)
        expect(t.locator(".cl-card.cl-legal, .cl-actions button")).to_have_count(0)
        expect(t.locator(".cl-prompt")).to_contain_text(
            "this view cannot play, switch the view to North (you) or Teacher"
        )
    t.locator(".cl-viewpoint").select_option("teacher")
    expect(t.locator(".cl-card.cl-legal").first).to_be_visible()
    assert not tables.page_errors, tables.page_errors


CLICKS = 5  # per game: the median and the worst (the 95th percentile) of these


def test_click_to_redraw_latency(tables: Any, shot: None) -> None:
    """Milliseconds from a click on a legal card or button to the redraw it causes, per
    game (the kernel's answer included), saved to artifacts/latency.json."""
    measure = """async (el) => {
        // a destination or a chooser's button if a card was picked up, else a board's lit
        // cell or a legal card
        const target = el.querySelector('.cl-zone.cl-target, .cl-chooser button')
            || el.querySelector('.cl-cell.cl-dest')
            || el.querySelector('.cl-card.cl-legal')
            || el.querySelector('.cl-actions button:not([data-ask])');
        if (!target) return null;
        const before = el.dataset.step;
        const t0 = performance.now();
        const done = new Promise((resolve) => {
            const obs = new MutationObserver(() => {
                if (el.dataset.step === before) return;
                obs.disconnect();
                resolve(performance.now() - t0);
            });
            obs.observe(el, {attributes: true, attributeFilter: ['data-step']});
            // no step: the target makes no move by itself (a bet's button wants its number)
            setTimeout(() => { obs.disconnect(); resolve(-2); }, 3000);
        });
        const picking = !el.classList.contains('cl-selecting');
        target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        // a card with several destinations is only picked up, at once in the page: no step,
        // no kernel, nothing to wait for (a destination clicked then makes the move)
        if (picking && el.classList.contains('cl-selecting') && el.dataset.step === before) {
            return -1;
        }
        return await done;
    }"""
    figures = {}
    for name in NAMES:
        t = _table(tables, name)
        times = []
        rewound = False
        for _ in range(20):
            ms = t.evaluate(measure)
            if ms is None and not rewound:  # a game the tests above finished: play anew
                _rewind_to_a_move(t)
                rewound = True
                continue
            # a click that moves nothing would move nothing again: the next is the same
            if ms is None or ms == -2 or len(times) == CLICKS:
                break
            if ms >= 0:
                times.append(ms)
        times.sort()
        if times:
            figures[name] = {
                "clicks": len(times),
                "median_ms": round(times[len(times) // 2], 1),
                "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "latency.json").write_text(json.dumps(figures, indent=1))
    assert set(figures) == set(NAMES), figures


#: The states of a hand the compact layout is measured at: your first decision, your last
#: decision of the hand (by then the most cards are out and shown: you play the first legal
#: move, so in 3-5-7 you stay and see the others' hands), and the finished hand with its
#: score panel (you play the heuristic bot's moves).
STATES = ("start", "last turn", "end")
COMPACT_HELPER = f"""
from cardlab.widgets import Table
from cardlab.core.match import make_agent
from cardlab.core.registry import get_spec

def at(name, state):
    def table():
        t = Table(name, seat=0, seed={SEED}, pace=0, players=max(get_spec(name).players))
        you = make_agent(t.match.game, "first" if state == "last turn" else "heuristic", 0, 1)
        return t, you
    t, you = table()
    turns = []
    while state != "start" and not (t.state.terminal or t.state.between_hands):
        if 0 in t.state.to_move:
            turns.append(t.match.step_count)
            t.play(str(you.act(t.state.observation(0))))
        else:
            t.step()
    if state != "last turn" or not turns:
        return t
    t, you = table()
    while t.match.step_count < turns[-1]:
        if 0 in t.state.to_move:
            t.play(str(you.act(t.state.observation(0))))
        else:
            t.step()
    return t
"""


@pytest.fixture(scope="module")
def compact(lab: Any, browser: Any) -> Iterator[Any]:
    """JupyterLab at 1280×720 with the file browser open: every game at its largest table,
    at each of STATES."""
    cells = [COMPACT_HELPER]
    cells += [f"at({n!r}, {state!r})" for n in NAMES for state in STATES]
    ctx, pg = notebook_page(lab, browser, "compact.ipynb", notebook(cells), 1280, 720)
    if not pg.locator(".jp-FileBrowser").is_visible():
        pg.locator('.lm-TabBar-tab[data-id="filebrowser"]').click()
    expect(pg.locator(".jp-FileBrowser")).to_be_visible()
    run_all(pg)
    expect(pg.locator(".cl-root")).to_have_count(len(NAMES) * len(STATES), timeout=120_000)
    yield pg
    ctx.close()


def _fits(pg: Any, t: Any, label: str) -> float:
    """The table's height, after checking it fits the notebook panel and shows every
    label whole; a screenshot is saved under ``label``."""
    panel = pg.locator(".jp-NotebookPanel-notebook").bounding_box()
    assert panel is not None
    t.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(250)
    pg.screenshot(path=str(ARTIFACTS / f"compact_1280x720_{label}.png"))
    box = t.bounding_box()
    assert box is not None
    assert box["height"] <= panel["height"], f"{label}: {box['height']} px in {panel['height']}"
    assert box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
    overflow = t.evaluate("(el) => el.scrollWidth - el.clientWidth")
    assert overflow <= 1, f"{label}: {overflow} px wider than its output"
    own = t.locator('.cl-seat[data-seat="0"]').bounding_box()
    assert own is not None and own["y"] + own["height"] <= 720, f"{label}: your seat below"
    return float(box["height"])


@pytest.mark.parametrize("name", NAMES)
def test_compact_layout_fits_a_1280x720_screen_with_the_file_browser_open(
    compact: Any, name: str
) -> None:
    """Every game at its largest table, at the start, the middle and the end of a hand,
    with and without its odds, fits the notebook panel, its Continue in view, no label
    covered or cut short.  The tallest table is saved to artifacts/compact/<game>.json."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    odds = get_spec(name).odds is not None
    heights: dict[str, float] = {}
    for i, state in enumerate(STATES):
        t = compact.locator(f'.cl-root[data-game="{name}"]').nth(i)
        label = f"{name}_{state.replace(' ', '_')}"
        heights[state] = _fits(compact, t, label)
        result = t.locator(".cl-result")
        if result.count():
            # the score panel's Continue (or the game's end) stays in view, and the status
            # line says what to press
            last = result.locator('[data-cmd="continue"], .cl-over')
            expect(last).to_be_in_viewport()
            goes_on = result.locator('[data-cmd="continue"]').count() > 0
            if goes_on:
                expect(t.locator(".cl-prompt")).to_contain_text("press Continue")
            t.locator('[data-cmd="hide-result"]').click()
            expect(result).to_have_count(0)
            if goes_on:  # with the panel closed, its Continue waits under the felt
                expect(t.locator('.cl-actions [data-cmd="continue"]')).to_be_visible()
        problems = t.evaluate(HIDDEN_LABELS)
        assert not problems, f"{label}: {problems}"
        if odds:
            t.locator(".cl-odds-switch").check()
            expect(t.locator(".cl-odds")).to_be_visible(timeout=20_000)  # exact counts
            heights[f"{state} with odds"] = _fits(compact, t, f"{label}_odds")
            t.locator(".cl-odds-switch").uncheck()
            expect(t.locator(".cl-odds")).to_have_count(0)
    out = ARTIFACTS / "compact"
    out.mkdir(exist_ok=True)
    tallest = max(heights, key=lambda k: heights[k])
    (out / f"{name}.json").write_text(
        json.dumps({"tallest": heights[tallest], "at": tallest, "heights": heights}, indent=1)
    )
    assert not compact.page_errors, compact.page_errors
