"""Tonk scenarios from explicit deals: every rule, option and worked example of the text."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import cardlab
from cardlab.core.cards import parse_cards
from cardlab.games.tonk import (
    chance_all_higher,
    down_chance,
    down_payments,
    hand_total,
    is_tonk,
    low_payments,
    net_chips,
    table_odds,
    tonk_payments,
)

from .rummy_support import reason

CROAKER, GOBLIN, ELMO = 0, 1, 2


def match(hands: list[str], upcard: str, stock: str = "", players: int = 3, **opts: object):
    g = cardlab.load("tonk", players=players, **opts)
    deal = g.deal(hands=hands, upcard=upcard, stock=stock.split())
    return cardlab.Match(g, seed=0, deal=deal)


def hand_lines(m: cardlab.Match) -> list[int]:
    return list(m.state.results[-1].points)


def example_one() -> cardlab.Match:
    return match(
        ["10S 8D 8H 5S 4C", "KC 10C 3C 2S AH", "QH 8C 6D 2D 2C"],
        "5C",
        "6S AC 7S 8S 3S 7H",
        first_dealer=ELMO,
    )


def test_card_values_and_the_tonk_totals() -> None:
    assert hand_total("10S 8D 8H 5S 4C") == 35
    assert hand_total("KC 10C 3C 2S AH") == 26
    assert hand_total("QH 8C 6D 2D 2C") == 28
    assert [is_tonk(t) for t in (15, 16, 48, 49, 50)] == [True, False, False, True, True]


def test_example_one_croaker_goes_down_with_nine_and_wins() -> None:
    m = example_one()
    st = m.state
    assert st.to_move == (CROAKER,)  # left of the dealer, Elmo
    m.play("draw stock")
    m.play("discard 10S")
    m.play("draw stock")
    m.play("discard KC")
    m.play("draw stock")
    m.play("discard QH")
    assert [hand_total(st.hands[s]) for s in range(3)] == [31, 17, 25]
    m.play("draw stock")  # 8S
    m.play("lay 8D 8H 8S")
    m.play("discard 6S")
    m.play("draw stock")
    m.play("discard 10C")
    m.play("draw stock")
    m.play("discard 8C")
    assert [hand_total(st.hands[s]) for s in range(3)] == [9, 10, 24]
    obs = st.observation(CROAKER)
    assert down_chance(obs) > Fraction(1, 2)
    m.play("down")
    assert hand_lines(m) == [2, -1, -1]
    assert st.endings == ["down won"]


def test_example_two_spreads_extended_and_goblin_goes_down() -> None:
    m = match(
        ["QC 10S 9S 6H 5H", "JC 10C 4S 4C AS", "8S 7H 5D 2D AD"],
        "QD",
        "JS 10H 9H",
        first_dealer=ELMO,
    )
    st = m.state
    m.play("draw stock")
    m.play("lay 9S 10S JS")
    m.play("discard QC")
    m.play("draw discard")  # Croaker's Q♣
    reason_text = reason(m, "discard QC")
    assert "took from the discard pile" in reason_text
    m.play("lay 10C JC QC")
    m.play("discard 4S")
    m.play("draw stock")
    assert "extend 8S on 9S" in m.legal_actions()
    m.play("extend 8S on 9S")  # onto Croaker's spread
    m.play("discard 10H")
    assert [hand_total(st.hands[s]) for s in range(3)] == [11, 5, 15]
    spread = next(z for z in st.observation(ELMO).zones if z.name == "melds" and z.owner == 0)
    assert [c.code for c in spread.cards] == ["8S", "9S", "TS", "JS"]
    m.play("draw stock")
    m.play("discard 9H")
    m.play("down")
    assert hand_lines(m) == [-1, 2, -1]


def test_tonk_at_the_deal_pays_double_and_ends_the_hand() -> None:
    m = match(["AS 2D 3S 4H 5H", "KC 10C 3C 2S AH", "QH 8C 6D 4D 2C"], "5C", payoff=2)
    assert m.state.endings == ["tonk"]
    assert hand_lines(m) == [8, -4, -4]


def test_several_tonks_and_a_high_tonk() -> None:
    m = match(["AS 2S 3S 4H 5H", "KC KD KH KS QC", "QH 8C 6D 2D 2C", "10C 9D 9H 8S 7D"], "5C",
              players=4)  # fmt: skip
    assert hand_lines(m) == [4, 4, -4, -4]
    assert tonk_payments([15, 50, 49]) == []  # everyone has Tonk: nobody pays


def test_a_tonk_can_only_come_from_the_deal() -> None:
    m = example_one()
    m.play("draw stock")
    m.play("discard 10S")
    assert m.state.endings == []


def test_going_down_not_lowest_pays_double_and_the_others_pay_the_lowest() -> None:
    assert down_payments([12, 5, 25, 12], 0) == [(0, 1, 2), (0, 3, 2), (2, 1, 1), (3, 1, 1)]
    assert net_chips(down_payments([12, 5, 25, 12], 0), 4) == [-4, 4, -1, 1]
    # a tie with the goer for the lowest total is a lost drop
    assert down_payments([9, 9, 20], 0) == [(0, 1, 2), (2, 1, 1)]


def test_drop_lost_scores_lines_in_chips() -> None:
    m = match(["KC 10C 3C 2S AH", "AD 2C 3D 4D 9C", "QH 8C 6D 2D 7C"], "5C", stock="KS KD",
              first_dealer=2)  # fmt: skip
    m.play("down")  # seat 0: 26 against 19 and 33
    assert hand_lines(m) == [-2, 3, -1]
    lines = m.state.results[-1].lines
    assert all("lost drop" in ln.reason for ln in lines)
    assert m.state.endings == ["down lost"]


def test_books_and_spreads_ace_low_and_books_are_never_extended() -> None:
    m = match(["KC 10C 3C 2S AH", "AS KS QS 4D 4C", "QH 8C 6D 2D 2C"], "9C",
              stock="JS 4H 4S AC", first_dealer=2)  # fmt: skip
    st = m.state
    m.play("draw stock")  # seat 0 gets J♠
    m.play("discard KC")
    m.play("draw stock")  # seat 1 gets 4♥
    legal = m.legal_actions()
    assert "lay 4C 4D 4H" in legal
    assert not any(a.verb == "lay" and "AS" in a for a in legal)  # Q-K-A is no spread
    assert "K-A" in reason(m, "lay QS KS AS") or "run" in reason(m, "lay QS KS AS")
    m.play("lay 4C 4D 4H")
    m.play("discard QS")
    m.play("draw stock")  # seat 2 gets 4♠
    assert "extend 4S on 4C" not in m.legal_actions()
    assert "books can't be extended" in reason(m, "extend 4S on 4C")
    m.play("discard QH")
    assert len(st.table) == 1


def test_a_spread_extends_at_either_end_by_anyone() -> None:
    m = match(["5H 6H 7H KC KD", "4H QS QD JC 10D", "8H 9H JH 2C 2S"], "KH",
              stock="AS 3H 10H", first_dealer=2)  # fmt: skip
    m.play("draw stock")
    m.play("lay 5H 6H 7H")
    m.play("discard KC")
    m.play("draw stock")
    assert "extend 4H on 5H" in m.legal_actions()
    m.play("extend 4H on 5H")
    m.play("discard QS")
    m.play("draw stock")
    m.play("extend 8H on 4H")
    m.play("extend 9H on 4H")
    assert "name a spread by its lowest card" in reason(m, "extend JH on 5H")
    m.play("discard JH")
    spread = next(z for z in m.state.observation(None).zones if z.name == "melds")
    assert [c.code for c in spread.cards] == ["4H", "5H", "6H", "7H", "8H", "9H"]


def test_emptying_the_hand_by_laying_down_wins() -> None:
    m = match(["5H 6H 7H 8H 9H", "4H QS QD JC 10D", "8C 9C JH 2C 2S"], "KH", stock="10H",
              first_dealer=2)  # fmt: skip
    m.play("draw stock")
    m.play("lay 5H 6H 7H 8H 9H 10H")
    assert m.state.endings == ["out"]
    assert hand_lines(m) == [2, -1, -1]


def test_emptying_the_hand_by_the_discard_wins() -> None:
    m = match(["5H 6H 7H 8H KC", "4H QS QD JC 10D", "8C 9C JH 2C 2S"], "KH", stock="9H",
              first_dealer=2)  # fmt: skip
    m.play("draw stock")
    m.play("lay 5H 6H 7H 8H 9H")
    m.play("discard KC")
    assert m.state.endings == ["out"]


def test_laying_may_not_leave_only_the_card_taken_from_the_pile() -> None:
    m = match(["5H 6H 7H 8H 9H", "4H QS QD JC 10D", "8C 9C JH 2C 2S"], "KS", stock="2H",
              first_dealer=2)  # fmt: skip
    m.play("draw discard")  # K♠ from the pile
    legal = m.legal_actions()
    assert "lay 5H 6H 7H 8H 9H" not in legal
    assert "lay 5H 6H 7H 8H" in legal
    assert "only the card you took" in reason(m, "lay 5H 6H 7H 8H 9H")


def test_the_stock_running_out_pays_the_lowest_total() -> None:
    m = match(["KC 10C 3C 2S 9H", "AD 2C 3D 4D 9C", "QH 8C 6D 2D 7C"], "5C")
    st = m.state
    st.stock[:] = st.stock[-2:]  # two cards left: the hand ends after the second draw
    m.play("draw stock")
    m.play(f"discard {st.observation(1).my_hand[0].code}")
    m.play("draw stock")
    m.play(f"discard {st.observation(2).my_hand[0].code}")
    assert st.endings == ["stock"]
    totals = [hand_total(h) for h in st.hands]
    assert hand_lines(m) == net_chips(low_payments(totals), 3)
    assert low_payments([5, 5, 9]) == [(2, 0, 1), (2, 1, 1)]


def test_max_turns_ends_the_hand_like_the_stock() -> None:
    m = match(["KC 10C 3C 2S 9H", "AD 2C 3D 4D 9C", "QH 8C 6D 2D 7C"], "5C", max_turns=1)
    m.play("draw stock")
    m.play(f"discard {m.state.observation(1).my_hand[0].code}")
    assert m.state.endings == ["turns"]


def test_a_game_is_one_deal_per_player_and_the_deal_passes_left() -> None:
    m = cardlab.Match("tonk", seed=3, agents="heuristic", players=4)
    m.run()
    st = m.state
    assert len(st.results) == 4
    dealers = [e.seat for e in st.events if e.kind == "deal"]
    assert dealers == [0, 1, 2, 3]
    assert sum(st.scores) == 0
    assert st.outcome is not None
    m2 = cardlab.Match("tonk", seed=3, agents="heuristic", hands=2)
    m2.run()
    assert len(m2.state.results) == 2


def test_draws_and_refusals() -> None:
    m = example_one()
    assert "draw first" in reason(m, "discard 10S")
    m.play("draw discard")
    assert "already drawn" in reason(m, "draw stock")
    assert "don't hold" in reason(m, "discard AS")


def _brute(total: int, pool: list[int], sizes: list[int]) -> Fraction:
    good = ways = 0
    idx = range(len(pool))
    for first in itertools.combinations(idx, sizes[0]):
        rest = [i for i in idx if i not in first]
        for second in itertools.combinations(rest, sizes[1]):
            ways += 1
            if all(sum(pool[i] for i in h) > total for h in (first, second)):
                good += 1
    return Fraction(good, ways)


@pytest.mark.parametrize("total", [4, 9, 14])
def test_the_chance_of_going_down_is_exact(total: int) -> None:
    values = [1, 1, 2, 3, 5, 5, 7, 10, 10, 10]
    pool = [0] * 11
    for v in values:
        pool[v] += 1
    exact = _brute(total, values, [2, 3])
    assert chance_all_higher(total, tuple(pool), ((2, 0), (3, 0))) == exact
    # three hands go through the other method: one of them empty checks it agrees
    assert chance_all_higher(total, tuple(pool), ((2, 0), (3, 0), (0, 99))) == exact


def test_the_odds_panel_shows_the_chance_at_the_start_of_a_turn() -> None:
    m = example_one()
    obs = m.state.observation(CROAKER)
    odds = table_odds(obs)
    assert list(odds) == ["going down wins (every other total higher)"]
    assert odds[next(iter(odds))] == float(down_chance(obs))
    assert table_odds(m.state.observation(GOBLIN)) == {}


def test_sampled_worlds_keep_what_the_seat_saw() -> None:
    m = example_one()
    for act in ("draw stock", "discard 10S", "draw discard", "discard KC"):
        m.play(act)
    obs = m.state.observation(ELMO)
    rng = random.Random(1)
    spec = m.state.game.spec
    for _ in range(5):
        w = spec.state_class.sample_world(m.state.game, obs, rng)
        assert w.observation(ELMO) == obs
        assert parse_cards("10S")[0].bit & w.hands[GOBLIN]  # taken face up
