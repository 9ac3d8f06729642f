"""The chips component: balances, pots, antes, bets and payouts, each chip with its reason."""

from __future__ import annotations

from typing import Any

import pytest

from cardlab.core.actions import Action, ActionRange
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Observation, Pot
from cardlab.core.phases import Phase
from cardlab.core.spec import Game, GameSpec
from cardlab.render import render_observation
from cardlab.rules.chips import (
    ChipGame,
    ChipOptions,
    bet_action,
    bet_actions,
    bet_refusal,
    bet_size,
    range_text,
)
from cardlab.rules.deals import DealRule, pile


class PotGame(ChipGame):
    """A toy chip game: everyone antes, then each seat bets once against the pot; an even
    bet is paid from the pot, an odd one is lost to it.  A second pot, the kitty, takes a
    chip from every loser."""

    __slots__ = ("turn",)
    POTS = (("pot", "Pot"), ("kitty", "Kitty"))
    DEAL = DealRule(pile("stock"))
    turn: int

    def on_deal(self, dealt: Any) -> None:
        self.ante_all()
        self.turn = 0
        self.phase = self.BET
        self.to_move = (0,)

    def _bet(self, act: Action, seat: int) -> None:
        chips = int(act.args[0])
        if chips % 2 == 0:
            self.pay_out(seat, chips, "even bet won")
        else:
            self.pay_in(seat, chips, "odd bet lost")
            self.pay_in(seat, 1, "kitty", "kitty")
        if seat + 1 < self.players:
            self.to_move = (seat + 1,)
        else:
            self.end_hand("every seat has bet")

    def _why(self, act: Action, seat: int) -> str:
        low, high = self.bet_range()
        return bet_refusal(act, low, high, self.pot_bound())

    def observation(self, viewer: Any = None) -> Observation:
        return self.observe(self.view(viewer), [])

    BET = Phase("bet", lambda st, s: bet_actions(*st.bet_range()), _bet, _why, "Bet")


SPEC = GameSpec(
    name="pot_game",
    title="Pot game",
    family="chips",
    players=(3,),
    summary="a test game",
    state_class=PotGame,
    options_class=ChipOptions,
)


def new(**options: Any) -> PotGame:
    st = Game(SPEC, None, options).new_state()
    assert isinstance(st, PotGame)
    st.apply(st.sample_chance(__import__("random").Random(0)))
    return st


def conserved(st: PotGame) -> bool:
    return sum(st.balances()) + st.on_table() + st.dropped == 3 * st.options.starting_chips


# ------------------------------------------------------------------ options
def test_options_default_as_the_rulings_say_and_refuse_bad_values() -> None:
    o = ChipOptions()
    assert (o.starting_chips, o.ante, o.min_bet) == (100, 1, 1)
    for bad in ({"ante": 0}, {"min_bet": 0}, {"starting_chips": -1}, {"ante": 1.5}):
        with pytest.raises(OptionError):
            ChipOptions.build(bad)
    assert ChipOptions.build({"starting_chips": 0}).starting_chips == 0


# ------------------------------------------------------------------ movements
def test_antes_fill_the_pot_and_every_chip_is_a_score_line() -> None:
    st = new(ante=2)
    assert st.pots == {"pot": 6, "kitty": 0}
    assert st.balances() == [98, 98, 98] and st.scores == [-2, -2, -2]
    assert [ln.reason for ln in st.pending] == ["ante"] * 3
    assert st.events[-1].kind == "ante" and st.events[-1].facts == {"chips": 2, "pot": 6}
    assert conserved(st)


def test_a_payout_never_takes_more_than_the_pot_holds() -> None:
    st = new()
    assert st.pay_out(1, 10, "a big win") == 3
    assert st.pots["pot"] == 0 and st.balance(1) == 102
    assert st.pay_out(2, 5, "nothing left") == 0
    assert not any(ln.reason == "nothing left" for ln in st.pending)
    assert conserved(st)


def test_payments_in_are_never_limited_by_a_balance() -> None:
    st = new(starting_chips=0)
    st.pay_in(0, 50, "a heavy loss")
    assert st.balance(0) == -51 and st.pots["pot"] == 53
    st.transfer(0, 2, 7, "paid South", "paid by North")
    assert st.balance(0) == -58 and st.balance(2) == 6
    assert [ln.reason for ln in st.pending[-2:]] == ["paid South", "paid by North"]
    assert conserved(st)


def test_splitting_a_pot_drops_or_keeps_the_odd_chips() -> None:
    st = new()
    st.pay_in(0, 5, "more")  # the pot holds 8
    assert st.split_pot() == 2 and st.pots["pot"] == 0 and st.dropped == 2
    assert conserved(st)
    st = new()
    st.pay_in(0, 5, "more")
    assert st.split_pot((1, 2), keep_remainder=True) == 4 and st.pots["pot"] == 0
    st.pay_in(0, 3, "more")
    assert st.split_pot((1, 2), keep_remainder=True) == 1 and st.pots["pot"] == 1
    assert conserved(st)


def test_pots_carry_over_between_hands() -> None:
    st = new()
    for _ in range(3):
        st.apply("bet 1")  # odd: lost to the pot, and a chip to the kitty
    assert st.pots == {"pot": 6, "kitty": 3} and st.results
    st.apply(st.sample_chance(__import__("random").Random(1)))
    assert st.pots == {"pot": 9, "kitty": 3}
    assert conserved(st)


# ----------------------------------------------------------------------- bets
def test_bets_run_from_the_minimum_to_the_pot_as_one_lazy_range() -> None:
    st = new(min_bet=2)
    legal = st.legal_actions(0)
    assert isinstance(legal, ActionRange) and legal == ("bet 2", "bet 3")
    st.pay_in(1, 10**9, "a fortune")
    legal = st.phase.legal(st, 0)  # (pay_in outside an action leaves the listed ones cached)
    assert len(legal) == 10**9 + 2 and f"bet {10**9 + 3}" in legal
    st = new(min_bet=5)  # the pot holds 3: the smallest bet is what it holds
    assert st.bet_range() == (3, 3) and st.legal_actions(0) == ("bet 3",)


def test_a_bet_outside_the_range_is_refused_with_the_range_and_changes_nothing() -> None:
    st = new()
    before = (list(st.scores), dict(st.pots), len(st.events))
    for text, said in [
        ("bet 4", "a bet is 1 to 3 chips, the pot holds 3"),
        ("bet 0", "a bet is 1 to 3 chips, the pot holds 3"),
        ("bet", "say how many chips: a bet is 1 to 3 chips"),
        ("bet x", "'x' is not a whole number of chips: a bet is 1 to 3 chips"),
        ("bet -2", "'-2' is not a whole number of chips"),
        ("bet 1 2", "a bet names one number of chips ('bet 1')"),
    ]:
        with pytest.raises(IllegalActionError) as err:
            st.apply(text)
        assert said in err.value.reason, (text, err.value.reason)
    assert (list(st.scores), dict(st.pots), len(st.events)) == before
    for text, said in [
        ("bet 02", "'02' starts with a zero: write it as '2'"),
        ("bet ２", "'２' uses digits other than 0-9"),
        ("bet " + "9" * 40, "far too large a number (at most 30 digits)"),
    ]:
        with pytest.raises(IllegalActionError) as err:
            st.apply(text)
        assert said in err.value.reason, (text, err.value.reason)
    assert (list(st.scores), dict(st.pots), len(st.events)) == before
    assert st.apply("bet 2") == "bet 2"


def test_bet_helpers() -> None:
    assert bet_action(7) == "bet 7" and bet_action(7, "raise") == "raise 7"
    assert bet_size("bet 12") == 12 and bet_size("bet x") is None and bet_size("call 3") is None
    assert range_text(4, 4, "the pot holds 4") == "a bet is 4 chips, the pot holds 4"
    assert range_text(1, 1, "") == "a bet is 1 chip"
    assert bet_refusal("bet 2", 1, 3) == "" and bet_refusal("take", 1, 3) == ""
    assert bet_size("bet 07") is None  # one spelling per number, as per action


# -------------------------------------------------------------- what is shown
def test_observations_carry_every_pot_and_each_balance() -> None:
    st = new()
    st.apply("bet 1")
    obs = st.observation(2)
    assert obs.pots == (Pot("pot", 4, "Pot"), Pot("kitty", 1, "Kitty"))
    assert [s.chips for s in obs.seats] == [97, 99, 99]
    text = render_observation(obs)
    assert "Pot 4 · Kitty 1" in text and "North: chips 97" in text


def test_the_highest_balance_wins_and_equal_balances_share() -> None:
    st = new()
    st.apply("bet 2")  # North wins 2
    st.apply("bet 1")
    st.apply("bet 1")
    st.end_game(st.decide_winners(), "stopped")
    assert st.outcome is not None and st.outcome.winners == (0,)
    assert "North wins with 101 chips (the highest balance)" in st.outcome.summary
    st = new()
    st.end_game(st.decide_winners(), "stopped")
    assert st.outcome is not None and st.outcome.winners == (0, 1, 2)
    assert "share the win with 99 chips each" in st.outcome.summary


def test_a_bet_is_sized_by_the_edge_within_the_bets_open() -> None:
    import dataclasses
    from fractions import Fraction

    import cardlab
    from cardlab.rules.chips import bet_bounds, edge_bet

    obs = cardlab.Match("in_between", seed=1).observation(0)
    ranged = dataclasses.replace(obs, legal=bet_actions(2, 40))
    assert isinstance(ranged, Observation) and bet_bounds(ranged) == (2, 40)
    assert edge_bet(ranged, Fraction(0)) == "bet 2", "no edge: the smallest bet"
    assert edge_bet(ranged, Fraction(-1, 3)) == "bet 2"
    assert edge_bet(ranged, Fraction(1, 4)) == "bet 10", "a quarter of the largest bet"
    assert edge_bet(ranged, Fraction(1, 100)) == "bet 2", "rounded up, never below the least"
    assert edge_bet(ranged, Fraction(1)) == "bet 40"
