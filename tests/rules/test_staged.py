"""Staged choices: a move built pick by pick, committed with 'done' or dropped with 'cancel'.

Two small games exercise the three shapes of move the component carries:

* melds (unordered, several groups in one commit, picks by rank): natural cards are
  picked by rank (``meld 7``), wild twos are added to a group (``wild 7``); the first
  melds must reach a minimum together, each meld three cards with two natural ones;
* a payment (consecutive sub-choices, ordered): cards spent as money, then buildings,
  each costing less for every bank built before it, up to a build limit.

The lay onto one track (an ordered run with wild pictures that may not end it) is the
Track Toy's (``tests/toys/snake.py``), tested here too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from toys.snake import GAME as SNAKE

from cardlab.core.actions import Action, action
from cardlab.core.cards import CARDS, cards_of, parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import Options, option
from cardlab.core.phases import Phase
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.staged import (
    SELECTION,
    Pick,
    Selection,
    Staged,
    plan_step,
    selection_steps,
    whole_hand,
)

RANKS = ("a", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
RANK_OF = {w: r for w, r in zip(RANKS, (1, *range(3, 14)), strict=True)}
WORD = {r: w for w, r in RANK_OF.items()}
MINIMUM = 50
PASS = action("pass")


def value(rank: int) -> int:
    return 20 if rank == 2 else 10 if rank >= 8 or rank == 1 else 5


@dataclass(frozen=True)
class MeldOptions(Options):
    hand: int = option(12, "cards dealt", min=3, max=26)


class MeldState(State):
    """Two seats take turns: meld (staged) and pass."""

    __slots__ = ("hands", "melds", "staged", "turns")
    DEAL = DealRule(each_seat(hand=lambda g, v: g.options.hand), pile("stock"))

    def reset_hand(self) -> None:
        self.hands = [0, 0]
        self.melds: list[dict[int, list[int]]] = [{}, {}]
        self.turns = 0
        self.MELD.reset(self)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.phase = self.TURN
        self.to_move = (0,)

    # a natural card of each rank not picked yet, preferring the card a replay names
    def natural(self, seat: int, sel: Selection, rank: int) -> int:
        free = [c.index for c in cards_of(self.hands[seat] & ~sel.cards) if c.rank == rank]
        return sel.prefer if sel.prefer in free else free[0] if free else -1

    def _menu(self, seat: int, sel: Selection) -> list[Action]:
        free = cards_of(self.hands[seat] & ~sel.cards)
        ranks = sorted({c.rank for c in free if c.rank != 2})
        acts = [action(f"meld {WORD[r]}") for r in ranks]
        if any(c.rank == 2 for c in free):
            groups = sel.groups()
            for r in sorted(set(groups) | set(self.melds[seat])):
                assert isinstance(r, int)
                wild = sum(1 for i in groups.get(r, []) if CARDS[i].rank == 2)
                wild += sum(1 for i in self.melds[seat].get(r, []) if CARDS[i].rank == 2)
                if wild < 3 and r in groups:
                    acts.append(action(f"wild {WORD[r]}"))
        return acts

    def _pick(self, seat: int, sel: Selection, act: Action) -> Pick:
        rank = RANK_OF[act.args[0]]
        if act.verb == "meld":
            card = self.natural(seat, sel, rank)
        else:
            twos = [c.index for c in cards_of(self.hands[seat] & ~sel.cards) if c.rank == 2]
            card = sel.prefer if sel.prefer in twos else twos[0]
        sel.data["points"] = sel.data.get("points", 0) + value(CARDS[card].rank)
        return Pick(card, rank, f"{WORD[rank]}s" + (" (wild)" if act.verb == "wild" else ""))

    def _complete(self, seat: int, sel: Selection) -> str:
        for rank, cards in sel.groups().items():
            assert isinstance(rank, int)
            old = self.melds[seat].get(rank, [])
            natural = sum(1 for i in cards + old if CARDS[i].rank != 2)
            if len(cards) + len(old) < 3:
                return f"a meld needs three cards: the {WORD[rank]}s have {len(cards) + len(old)}"
            if natural < 2:
                return f"a meld needs two natural cards: the {WORD[rank]}s have {natural}"
        points = sel.data.get("points", 0)
        if not self.melds[seat] and points < MINIMUM:
            return f"the first melds must count {MINIMUM} together: these count {points}"
        return ""

    def _commit(self, seat: int, sel: Selection) -> None:
        self.hands[seat] &= ~sel.cards
        for rank, cards in sel.groups().items():
            assert isinstance(rank, int)
            self.melds[seat].setdefault(rank, []).extend(cards)
        self.log(
            "meld",
            seat,
            f"{self.names[seat]} melds {' '.join(CARDS[i].text for i in sel.order)}",
            cards=tuple(CARDS[i] for i in sel.order),
            steps=tuple(sel.steps),
        )

    def _summary(self, seat: int, sel: Selection) -> str:
        return f"{sel.data.get('points', 0)} points"

    def _pass(self, act: Action, seat: int) -> None:
        self.turns += 1
        if self.turns >= 4:
            self.end_hand("four turns")
            return
        self.to_move = (1 - seat,)

    MELD = Staged(
        "meld",
        ("meld", "wild"),
        menu=_menu,
        pick=_pick,
        complete=_complete,
        commit=_commit,
        summary=_summary,
        ordered=False,
        unit="card",
    )
    TURN = MELD.around(Phase("turn", lambda st, s: (PASS,), _pass, prompt="Meld or pass"))

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        picked = self.MELD.picked_masks(self)
        zones = [
            Zone(
                "hand",
                s,
                view.held(
                    cards_of(self.hands[s] & ~(picked[s] if view.seat == s or view.teacher else 0)),
                    view.seat == s,
                ),
                "hand",
            )
            for s in range(2)
        ]
        zones += self.MELD.zones(self, view)
        zones += [
            Zone("melds", s, tuple(CARDS[i] for m in self.melds[s].values() for i in m), "meld")
            for s in range(2)
        ]
        return self.observe(view, zones, self.MELD.info(self, view))


MELD_SPEC = GameSpec(
    name="staged_meld_example",
    title="Meld example",
    family="test",
    players=(2,),
    summary="",
    state_class=MeldState,
    options_class=MeldOptions,
    dealer=False,
)


def melding(hand: str, other: str = "", size: int = 12) -> MeldState:
    game = Game(MELD_SPEC, 2, {"hand": size})
    st = game.new_state()
    st.apply(game.deal({0: hand, 1: other} if other else {0: hand}, rng=random.Random(1)))
    assert isinstance(st, MeldState)
    return st


HAND = "7C 7D 7H KC KD 2C 2D 4S 5S 9H QH AS"


def test_picks_by_rank_build_several_melds_whose_total_must_reach_the_minimum() -> None:
    st = melding(HAND)
    assert "meld 7" in st.legal_actions(0) and "pass" in st.legal_actions(0)
    st.apply("meld 7", 0)
    st.apply("meld 7", 0)
    st.apply("meld 7", 0)
    legal = st.legal_actions(0)
    assert "pass" not in legal and "cancel" in legal and "done" not in legal
    assert st.explain("done", 0) == "the first melds must count 50 together: these count 15"
    st.apply("meld k", 0)
    st.apply("meld k", 0)
    assert st.explain("done", 0) == "a meld needs three cards: the ks have 2"
    st.apply("wild k", 0)
    st.apply("wild 7", 0)
    # 7 7 7 2 (35) and K K 2 (40): 75
    assert "done" in st.legal_actions(0)
    st.apply("done", 0)
    assert st.melds[0] == {
        7: [c.index for c in parse_cards("7C 7D 7H 2D")],
        13: [c.index for c in parse_cards("KC KD 2C")],
    }
    assert st.hands[0].bit_count() == 5 and st.staged == [None, None]
    assert "pass" in st.legal_actions(0)


def test_a_later_meld_extends_the_melds_on_the_table_without_a_minimum() -> None:
    st = melding("7C 7D 7H 7S KC KD KH 2C 4S 5S 9H QH")
    for a in ("meld 7", "meld 7", "meld 7", "meld k", "meld k", "meld k", "wild 7", "done"):
        st.apply(a, 0)
    assert st.melds[0][7] == [c.index for c in parse_cards("7C 7D 7H 2C")]
    st.apply("meld 7", 0)  # the fourth 7 joins the 7s already laid
    assert "done" in st.legal_actions(0)
    st.apply("meld 9", 0)  # a new meld of one card is not a meld
    assert st.explain("done", 0) == "a meld needs three cards: the 9s have 1"
    st.apply("drop 9H", 0)
    st.apply("done", 0)
    assert st.melds[0][7] == [c.index for c in parse_cards("7C 7D 7H 2C 7S")]


def test_cancel_puts_everything_back() -> None:
    st = melding(HAND)
    before = [st.observation(v) for v in (0, 1, "spectator")]
    for a in ("meld 7", "meld k", "meld k", "wild k"):
        st.apply(a, 0)
    st.apply("cancel", 0)
    after = [st.observation(v) for v in (0, 1, "spectator")]
    for b, a in zip(before, after, strict=True):
        assert (a.zones, a.legal, a.prompt, a.seats, dict(a.info)) == (
            b.zones,
            b.legal,
            b.prompt,
            b.seats,
            dict(b.info),
        )
    assert after[1].history == before[1].history  # nobody else learns it happened
    assert len(after[0].history) > len(before[0].history)  # the seat reads its own steps


def test_drop_takes_out_the_very_card_clicked_and_back_the_last() -> None:
    st = melding(HAND)
    for a in ("meld 7", "meld 7", "meld 7"):
        st.apply(a, 0)
    tray = st.observation(0).zone("selection", 0)
    assert [c.code for c in tray.cards] == ["7C", "7D", "7H"]
    assert tray.tags == ("7s", "7s", "7s")
    st.apply("drop 7C", 0)
    assert [c.code for c in st.observation(0).zone("selection", 0).cards] == ["7D", "7H"]
    assert "7♣" in [c.text for c in st.observation(0).my_hand]
    st.apply("back", 0)
    assert [c.code for c in st.observation(0).zone("selection", 0).cards] == ["7D"]
    assert "back" not in st.legal_actions(0) and "drop 7D" not in st.legal_actions(0)
    assert "only one pick" in st.explain("back", 0)


def test_the_steps_replay_and_a_refused_step_changes_nothing() -> None:
    st = melding(HAND)
    st.apply("meld 7", 0)
    before = st.clone()
    with pytest.raises(IllegalActionError) as e:
        st.apply("pass", 0)
    assert e.value.reason == "finish the meld first: 'cancel' to drop it"
    with pytest.raises(IllegalActionError) as e:
        st.apply("done", 0)
    assert "three cards" in e.value.reason
    with pytest.raises(IllegalActionError):
        st.apply("drop 7C", 0)
    assert st.observation(None) == before.observation(None)
    assert st.events == before.events


def test_the_selection_is_private_until_it_is_made() -> None:
    st = melding(HAND, "3C 3D 3H 3S 4C 4D 4H 5C 5D 5H 6C 6D")
    others = [st.observation(v) for v in (1, "spectator")]
    for a in ("meld 7", "meld 7", "meld 7", "meld k", "meld k", "wild k", "back"):
        st.apply(a, 0)
        for b, v in zip(others, (1, "spectator"), strict=True):
            now = st.observation(v)
            assert (now.zones, now.history, now.prompt, now.seats, dict(now.info)) == (
                b.zones,
                b.history,
                b.prompt,
                b.seats,
                dict(b.info),
            )
    mine = st.observation(0)
    assert mine.zone("selection", 0).kind == "selection"
    assert selection_steps(mine) == ("meld 7", "meld 7", "meld 7", "meld k", "meld k")
    assert mine.info[SELECTION]["not_ready"] == "a meld needs three cards: the ks have 2"
    assert st.observation(None).zone("selection", 0).cards == mine.zone("selection", 0).cards
    assert len(whole_hand(mine)) == 12 and len(mine.my_hand) == 7


def test_menus_stay_small_with_a_huge_hand() -> None:
    st = melding(" ".join(c.code for c in CARDS[:26]), size=26)
    assert len(st.legal_actions(0)) <= 14
    for a in ("meld 7", "meld 7", "wild 7", "meld k"):
        st.apply(a, 0)
        assert len(st.legal_actions(0)) <= 30


def test_a_planned_selection_is_emitted_step_by_step() -> None:
    st = melding(HAND)
    plan = ["meld 7", "meld 7", "meld 7", "meld k", "meld k", "wild k"]
    done = []
    while True:
        act = plan_step(st.observation(0), plan)
        assert act is not None
        done.append(act)
        st.apply(act, 0)
        if act == "done":
            break
    assert done == [*plan, "done"] and st.melds[0]
    # a selection that strays from the plan is cancelled; an idle seat with a plan that
    # does not start legally gets None (it chooses another move)
    st2 = melding(HAND)
    st2.apply("meld 9", 0)
    assert plan_step(st2.observation(0), plan) == "cancel"
    assert plan_step(melding(HAND).observation(0), ["meld 8"]) is None


# ----------------------------------------------------------- a payment
@dataclass(frozen=True)
class PayOptions(Options):
    factories: int = option(2, "buildings per turn", min=1)


class PayState(State):
    """One seat pays for buildings: spend cards (pips; pictures 10), then build, each
    building costing 10 less one per bank (a club) in the city, built this turn included."""

    __slots__ = ("city", "hands", "staged")
    DEAL = DealRule(each_seat(hand=8), pile("stock"))

    def reset_hand(self) -> None:
        self.hands = [0]
        self.city = 0
        self.PAY.reset(self)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.phase = self.TURN
        self.to_move = (0,)

    def banks(self, sel: Selection) -> int:
        built = sum(1 for i in sel.group("build") if CARDS[i].suit == 0)
        return sum(1 for c in cards_of(self.city) if c.suit == 0) + built

    def _menu(self, seat: int, sel: Selection) -> list[Action]:
        free = cards_of(self.hands[0] & ~sel.cards)
        built = len(sel.group("build"))
        money = sel.data.get("money", 0) - sel.data.get("cost", 0)
        acts = [] if built else [action(f"spend {c.code}") for c in free]
        if sel.steps and built < self.options.factories:
            cost = max(1, 10 - self.banks(sel))
            acts += [action(f"build {c.code}") for c in free if money >= cost]
        return acts

    def _pick(self, seat: int, sel: Selection, act: Action) -> Pick:
        c = act.cards[0]
        if act.verb == "spend":
            sel.data["money"] = sel.data.get("money", 0) + min(c.rank, 10)
            return Pick(c.index, "spend", f"${min(c.rank, 10)}")
        cost = max(1, 10 - self.banks(sel))
        sel.data["cost"] = sel.data.get("cost", 0) + cost
        return Pick(c.index, "build", f"build for ${cost}")

    def _complete(self, seat: int, sel: Selection) -> str:
        return "" if sel.group("build") else "choose a building to pay for"

    def _why(self, seat: int, sel: Selection, act: Action) -> str:
        if act.verb == "spend" and sel.group("build"):
            return "money is spent before the first building is chosen"
        if act.verb == "build":
            if len(sel.group("build")) >= self.options.factories:
                return f"you may build only {self.options.factories} buildings a turn"
            cost = max(1, 10 - self.banks(sel))
            money = sel.data.get("money", 0) - sel.data.get("cost", 0)
            return f"the next building costs {cost} and you have {money} left to spend"
        return ""

    def _commit(self, seat: int, sel: Selection) -> None:
        self.hands[0] &= ~sel.cards
        for i in sel.group("build"):
            self.city |= 1 << i
        self.log("build", 0, "North builds", steps=tuple(sel.steps))
        self.end_hand("built")

    PAY = Staged(
        "payment",
        ("spend", "build"),
        menu=_menu,
        pick=_pick,
        complete=_complete,
        commit=_commit,
        why=_why,
    )
    TURN = PAY.around(
        Phase("turn", lambda st, s: (PASS,), lambda st, a, s: st.end_hand("passed"), prompt="")
    )

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = [Zone("hand", 0, view.held(cards_of(self.hands[0]), view.seat == 0), "hand")]
        zones += self.PAY.zones(self, view)
        zones.append(Zone("city", 0, cards_of(self.city), "row"))
        return self.observe(view, zones, self.PAY.info(self, view))


PAY_SPEC = GameSpec(
    name="staged_pay_example",
    title="Pay example",
    family="test",
    players=(1,),
    summary="",
    state_class=PayState,
    options_class=PayOptions,
    dealer=False,
)


def paying(hand: str) -> PayState:
    game = Game(PAY_SPEC, 1, {})
    st = game.new_state()
    st.apply(game.deal([hand], rng=random.Random(2)))
    assert isinstance(st, PayState)
    return st


def test_a_payment_spends_then_builds_with_each_bank_making_the_next_cheaper() -> None:
    # spend K and 9 ($19), build a bank ($10 with no bank yet), then a house for $9 now
    # that the bank is built: $19 exactly
    st = paying("KD 7H 9H 4C 2S 3S 5S 6S")
    for a in ("spend KD", "spend 9H"):
        st.apply(a, 0)
    st.apply("build 4C", 0)
    assert st.observation(0).zone("selection", 0).tags == ("$10", "$9", "build for $10")
    assert not any(a.verb == "spend" for a in st.legal_actions(0))
    assert st.explain("spend 2S", 0) == "money is spent before the first building is chosen"
    st.apply("build 7H", 0)  # costs 9 with the bank: nothing left
    assert st.explain("build 2S", 0) == "you may build only 2 buildings a turn"
    st.apply("done", 0)
    assert st.city == (1 << parse_cards("4C")[0].index) | (1 << parse_cards("7H")[0].index)


def test_a_payment_refuses_a_building_it_cannot_afford_and_takes_back_in_order() -> None:
    st = paying("KD 7H 9H 4C 2S 3S 5S 6S")
    st.apply("spend 2S", 0)
    assert st.explain("build 4C", 0) == "the next building costs 10 and you have 2 left to spend"
    assert "done" not in st.legal_actions(0)
    st.apply("spend KD", 0)
    st.apply("build 4C", 0)
    assert "drop 4C" not in st.legal_actions(0)  # ordered: only the last comes back
    assert "only the last pick" in st.explain("drop 2S", 0)
    st.apply("back", 0)
    assert selection_steps(st.observation(0)) == ("spend 2S", "spend KD")
    assert any(a.verb == "spend" for a in st.legal_actions(0))


# ------------------------------------------------------------- the lay
def test_a_lay_may_not_end_on_a_picture_and_its_direction_settles_itself() -> None:
    game = SNAKE.game(2)
    st = game.new_state()
    # North: a long hand; the stock's top cards start the tracks (5♠ and 7♦ here)
    deal = game.deal(
        ["6H KC 8D 9S 4H QH 3C 2D AS 10C TD 5C", "2C 3D 4D 5D 6D 7C 8C 9C JC AH 2H 3H"],
        stock="5H 7H QS JS 7S 8S 9D 10S 2S 3S 4S 6S AC 6C AD KD 4C 8H 9H 10H JH KH JD QD QC KS"
        " 7D 5S",
    )
    st.apply(deal)
    assert [CARDS[t[-1]].text for t in st.tracks] == ["5♠", "7♦"]
    st.apply("track 1", 0)
    legal = st.legal_actions(0)
    assert {a for a in legal if a.verb == "lay"} == {
        action(f"lay {c}") for c in ("6H", "KC", "QH", "4H")
    }
    st.apply("lay KC", 0)  # wild: going up it is a 6, going down a 4
    assert st.explain("done", 0) == "a lay may not end on a picture"
    st.apply("lay 3C", 0)  # 5, (4), 3: the run goes down
    assert st.explain("lay 8D", 0) == "8♦ does not continue the run: it needs a 2"
    st.apply("lay 2D", 0)
    st.apply("lay AS", 0)
    st.apply("lay 10C", 0)  # the ring: A then 10 going down
    st.apply("done", 0)
    assert [CARDS[i].text for i in st.tracks[0]] == ["5♠", "K♣", "3♣", "2♦", "A♠", "10♣"]
    assert st.scores == [7, 0]
