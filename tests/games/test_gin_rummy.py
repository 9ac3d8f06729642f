"""Gin Rummy: every rule and option from explicit deals, plus bots, views and speed sanity.

Seat 0 is North and deals the first hand, so South (seat 1) moves first in hand 1.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import Back, CardlabError, IllegalActionError, OptionError, Peek, parse_card
from cardlab.core.actions import action
from cardlab.games.gin_rummy import GinRummyState, Melds, best_melds

from .rummy_support import codes, reason

NORTH, SOUTH = 0, 1
# South's standard hand: three melds and a loose K♣ (10 deadwood).
KNOCKER = "5H 6H 7H 2C 2D 2S 9S TS JS KC"
# North can lay off a chain (8♥ 9♥), a run end (Q♠) and the fourth 2 (2♥).
DEFENDER = "8H 9H 2H QS 4D 4C 4S 3C 7C KD"


def match(north: str, south: str, *, upcard: str | None = "TD", stock: str = "",
          **options: Any) -> cardlab.Match:  # fmt: skip
    g = cardlab.load("gin_rummy", **options)
    deal = g.deal([north, south], upcard=upcard, stock=stock.split())
    return cardlab.Match(g, deal=deal, seed=1)


def gst(m: cardlab.Match) -> GinRummyState:
    st = m.state
    assert isinstance(st, GinRummyState)
    return st


# ---------------------------------------------------------------- dealing & turns
def test_deal_layout_and_first_player() -> None:
    m = match(DEFENDER, KNOCKER, stock="AC 9C")
    st = gst(m)
    assert st.phase == "draw" and st.to_move == (SOUTH,)
    assert m.legal_actions() == ("draw stock", "draw upcard")
    obs = m.observation(SOUTH)
    assert codes(obs.my_hand) == set(KNOCKER.split())
    assert codes(obs.zone("discard").faces) == {"TD"}
    assert obs.info["stock"] == 31 and len(obs.zone("stock")) == 31
    assert "the upcard is 10♦" in m.event_texts()[0]
    # the stock is drawn in the order given
    m.play("draw stock")
    m.play("discard AC")
    m.play("draw stock", NORTH)
    assert "North draws 9♣ from the stock" in m.event_texts(NORTH)


def test_first_dealer_option_and_alternating_deal() -> None:
    g = cardlab.load("gin_rummy", first_dealer=1)
    m = cardlab.Match(g, deal=g.deal([DEFENDER, KNOCKER], stock=["AC"]), seed=2)
    assert m.state.to_move == (NORTH,)
    g = cardlab.load("gin_rummy")
    m = cardlab.Match(g, deal=g.deal([DEFENDER, KNOCKER], upcard="TD", stock=["AC"]), seed=2)
    m.play("draw stock")
    m.play("knock KC")
    assert m.state.hand_number == 1 and m.state.dealer == SOUTH
    assert m.state.to_move == (NORTH,)  # the non-dealer starts hand 2


def test_draw_stock_is_secret_to_the_opponent() -> None:
    m = match(DEFENDER, KNOCKER, stock="AC")
    m.play("draw stock")
    assert m.state.events[-1].text == "South draws from the stock"
    assert m.event_texts(SOUTH)[-1] == "South draws A♣ from the stock"
    assert m.event_texts(NORTH)[-1] == "South draws from the stock"
    assert m.event_texts("spectator")[-1] == "South draws from the stock"
    obs = m.observation(SOUTH)
    assert "AC" in codes(obs.my_hand) and obs.info["stock"] == 30
    assert obs.info["upcard_taken"] is None


def test_draw_upcard_and_it_cannot_be_discarded() -> None:
    m = match(DEFENDER, KNOCKER, upcard="AD", stock="AC")
    m.play("draw upcard")
    assert m.event_texts()[-1] == "South takes the A♦ upcard"
    obs = m.observation(NORTH)
    assert obs.info["upcard_taken"] == parse_card("AD") and len(obs.zone("discard")) == 0
    assert "discard AD" not in m.legal_actions() and "knock AD" not in m.legal_actions()
    assert reason(m, "discard AD") == "you can't discard the upcard you just took"
    assert "not even face down" in reason(m, "knock A♦")
    m.play("knock KC")  # any other card is fine
    assert m.scores == (0, 20 - 1)


def test_must_draw_first_and_other_turn_errors() -> None:
    m = match(DEFENDER, KNOCKER)
    assert reason(m, "discard KC") == "you must draw first (from the stock or the upcard)"
    assert reason(m, "knock KC") == "you must draw first (from the stock or the upcard)"
    assert "draw stock" in reason(m, "draw pile")
    with pytest.raises(IllegalActionError, match="not North's turn"):
        m.play("draw stock", NORTH)
    m.play("draw stock")
    assert "already drawn" in reason(m, "draw upcard")
    assert reason(m, "discard QH") == "you don't hold Q♥"
    assert "name one card" in reason(m, "discard")


def test_empty_pile_reason() -> None:
    m = match(DEFENDER, KNOCKER)
    st = m.state.clone()
    assert isinstance(st, GinRummyState)
    st.pile = []
    st._lc_seat = -1
    assert st.legal_actions(SOUTH) == ("draw stock",)
    assert st.why_illegal(action("draw upcard"), SOUTH) == "the discard pile is empty"


# ---------------------------------------------------------------- knocking
def test_knock_limit_boundary_10_ok_11_not() -> None:
    south = "3H 4H 5H 6H QC QD QS 9S AC AD"
    m = match(DEFENDER.replace("QS", "JC"), south, stock="8D")
    m.play("draw stock")
    legal = m.legal_actions()
    assert "knock 9S" in legal and "knock 8D" not in legal  # 10 left vs 11 left
    assert reason(m, "knock 8D") == (
        "you can knock only with 10 or less deadwood after discarding; discarding 8♦ leaves 11"
    )
    assert m.observation(SOUTH).info["deadwood_after_discard"] == 10
    m.play("knock 9S")
    assert m.scores == (0, 47 - 10)  # North lays off 2♥ on the heart run


def test_knock_limit_option() -> None:
    south = "3H 4H 5H 6H QC QD QS 9S AC AD"
    m = match(DEFENDER.replace("QS", "JC"), south, stock="8D", knock_limit=11)
    m.play("draw stock")
    assert {"knock 8D", "knock 9S"} <= set(m.legal_actions())
    m = match(DEFENDER.replace("QS", "JC"), south, stock="8D", knock_limit=0)
    m.play("draw stock")
    assert not [a for a in m.legal_actions() if a.verb == "knock"]
    assert reason(m, "knock 9S") == (
        "the knock limit is 0, so only gin ends the hand; discarding 9♠ leaves 10"
    )


def test_knock_scoring_with_every_kind_of_layoff() -> None:
    m = match(DEFENDER, KNOCKER, stock="AC", hands=1)
    m.play("draw stock")
    m.play("knock KC")
    st = gst(m)
    assert st.terminal and m.scores == (0, 19) and m.winners() == (SOUTH,)
    texts = m.event_texts("spectator")
    assert "South knocks with 1 deadwood, discarding a card face down" in texts
    assert "South knocks with 1 deadwood, discarding K♣ face down" in m.event_texts(SOUTH)
    assert "North lays off 8♥ 9♥ on South's 5♥ 6♥ 7♥" in texts  # a chain on a run
    assert "North lays off Q♠ on South's 9♠ 10♠ J♠" in texts  # a run end
    assert "North lays off 2♥ on South's 2♣ 2♦ 2♠" in texts  # the fourth of a set
    assert [e.kind for e in st.events].count("hand_over") == 1
    result = st.results[0]
    assert result.points == (0, 19)
    assert "knock: 20 − 1 deadwood" in result.explain(st.names)
    obs = m.observation("spectator")  # everything is shown after a knock
    assert codes(obs.zone("layoffs").cards) == {"8H", "9H", "QS", "2H"}
    assert codes(obs.zone("deadwood", NORTH).cards) == {"3C", "7C", "KD"}
    assert codes(obs.zone("deadwood", SOUTH).cards) == {"AC"}
    assert obs.zone("knock_discard").faces == ()  # the knock card stays face down
    assert codes(m.observation(SOUTH).zone("knock_discard").cards) == {"KC"}
    assert (obs.value(NORTH, "deadwood"), obs.value(SOUTH, "deadwood")) == (20, 1)
    assert not any(isinstance(c, Back | Peek) for z in obs.zones if z.name == "hand"
                   for c in z.cards)  # fmt: skip
    meld_zones = [z for z in obs.zones if z.name == "melds"]
    assert {z.owner for z in meld_zones} == {0, 1} and len(meld_zones) == 4


def test_knocker_melds_chosen_to_hurt_the_defender() -> None:
    # South's four fives can join either small run: 5♥ with 3♥ 4♥ or 5♠ with 3♠ 4♠, both
    # leaving 10 deadwood.  North could lay 2♥ and 6♥ off on a heart run, so the knocker's
    # melds use the spade run instead.
    south = "5C 5D 5H 5S 3H 4H 3S 4S AC 2D"
    north = "2H 6H 9C JD QH KS 8D TC 7S AS"
    m = match(north, south, stock="KC", hands=1)
    m.play("draw stock")
    m.play("knock KC")
    texts = m.event_texts()
    assert not [e for e in m.state.events if e.kind == "layoff"]
    assert any(t.startswith("South shows") and "3♠ 4♠ 5♠" in t for t in texts)
    assert m.scores == (0, 73 - 10)


def test_undercut_and_tie() -> None:
    south = "5H 6H 7H 2C 2D 2S 9S TS JS 8C"
    north = "4D 4C 4S AH AS AD 3C 3D 3S 5C"
    m = match(north, south, stock="KC", hands=1)
    m.play("draw stock")
    m.play("knock KC")  # South keeps 8, North has 5
    assert m.scores == (13, 0) and m.winners() == (NORTH,)
    lines = {line.reason: line.points for line in m.state.results[0].lines}
    assert lines == {"undercut: 8 − 5 deadwood": 3, "undercut bonus": 10}
    assert "North undercuts South" in m.state.results[0].summary
    # equal deadwood is an undercut too
    m = match(north, south.replace("8C", "5D"), stock="KC", hands=1)
    m.play("draw stock")
    m.play("knock KC")
    assert m.scores == (10, 0)
    assert [(line.seat, line.points) for line in m.state.results[0].lines] == [(NORTH, 10)]


def test_gin_scores_25_plus_deadwood_without_layoffs() -> None:
    north = DEFENDER.replace("QS", "QD")
    m = match(north, KNOCKER, stock="QS", hands=1)
    m.play("draw stock")
    assert "gin KC" in m.legal_actions() and "knock KC" not in m.legal_actions()
    assert "that is gin" in reason(m, "knock KC")
    assert reason(m, "gin 9S").startswith("gin needs 0 deadwood after the discard")
    m.play("gin KC")
    st = gst(m)
    texts = m.event_texts()
    assert "South goes gin, discarding K♣ face down" in texts
    assert not [e for e in st.events if e.kind == "layoff"]  # 8♥ 9♥ 2♥ stay deadwood
    dead = 8 + 9 + 2 + 3 + 7 + 10 + 10
    assert m.scores == (0, 25 + dead)
    assert [(line.points, line.reason) for line in st.results[0].lines] == [
        (dead, f"gin: {dead} − 0 deadwood"), (25, "gin bonus")]  # fmt: skip
    assert m.observation("spectator").zone("layoffs").cards == ()


def test_void_hand_when_two_stock_cards_remain() -> None:
    m = match(DEFENDER, KNOCKER, hands=1)
    seat = SOUTH
    while not m.terminal:
        m.play("draw stock", seat)
        drawn = m.state.events[-1].secret.split()[2]  # type: ignore[union-attr]
        m.play(f"discard {drawn}", seat)
        seat = 1 - seat
    st = gst(m)
    assert len(st.stock) == 2 and m.scores == (0, 0)
    assert st.results[0].points == (0, 0) and "void" in st.results[0].summary
    assert st.events[-2].kind == "hand_over" and st.results[0].lines == ()
    for seat in (NORTH, SOUTH):  # a void hand shows nothing
        obs = m.observation(seat)
        assert all(isinstance(c, Back) for c in obs.hand_of(1 - seat).cards)
        assert "melds" not in obs.zone_names()


def test_last_discard_before_void_may_still_knock() -> None:
    for act, scores in (("discard KC", (0, 0)), ("knock KC", (0, 19))):
        m = match(DEFENDER, KNOCKER, hands=1, stock="AC")
        st = gst(m)
        assert isinstance(st, GinRummyState)
        st.stock = st.stock[-3:]  # three cards left, A♣ on top: the draw leaves two
        m.play("draw stock")
        assert "knock KC" in m.legal_actions()
        m.play(act)
        assert m.terminal and m.scores == scores


# ---------------------------------------------------------------- options
def test_oklahoma_limit_from_first_upcard() -> None:
    m = match(DEFENDER, KNOCKER, upcard="5C", stock="6D", oklahoma=True)
    assert m.observation(SOUTH).info["knock_limit"] == 5
    m.play("draw stock")
    assert not [a for a in m.legal_actions() if a.verb == "knock"]
    assert "5 or less deadwood" in reason(m, "knock KC")
    m = match(DEFENDER, KNOCKER, upcard="5C", stock="3D", oklahoma=True)
    m.play("draw stock")
    assert "knock KC" in m.legal_actions()
    m = match(DEFENDER, KNOCKER, upcard="QC", oklahoma=True)
    assert m.observation(SOUTH).info["knock_limit"] == 10


def test_oklahoma_ace_means_gin_only() -> None:
    m = match(DEFENDER.replace("QS", "QD"), KNOCKER, upcard="AC", stock="AD", oklahoma=True)
    assert m.observation(NORTH).info["knock_limit"] == 0
    assert any("only gin" in t for t in m.event_texts())
    m.play("draw stock")
    assert reason(m, "knock KC") == (
        "knocking is not allowed this hand (Oklahoma: the first upcard was an Ace); go gin"
    )
    m = match(DEFENDER.replace("QS", "QD"), KNOCKER, upcard="AC", stock="QS", oklahoma=True)
    m.play("draw stock")
    assert [a for a in m.legal_actions() if a.verb in ("knock", "gin")] == ["gin KC"]


def test_parlett_limit_is_the_upcard_showing() -> None:
    m = match(DEFENDER, KNOCKER, upcard="4H", stock="3D", parlett=True)
    assert m.observation(SOUTH).info["knock_limit"] == 4
    m.play("draw stock")
    assert "knock KC" in m.legal_actions()
    m = match(DEFENDER, KNOCKER, upcard="4H", stock="5D", parlett=True)
    m.play("draw stock")
    assert reason(m, "knock KC") == (
        "you can knock only with 4 or less deadwood after discarding; discarding K♣ leaves 5 "
        "(Parlett: the upcard showing is 4♥)"
    )
    m.play("discard 5D")
    # North now faces the 5♦: the limit follows the pile
    assert m.observation(NORTH).info["knock_limit"] == 5
    # taking the only upcard empties the pile: the limit is 10
    m = match(DEFENDER, KNOCKER, upcard="9D", parlett=True)
    m.play("draw upcard")
    assert m.observation(SOUTH).info["knock_limit"] == 10
    assert "knock KC" in m.legal_actions()


def test_option_conflicts_and_validation() -> None:
    with pytest.raises(OptionError, match="oklahoma and parlett conflict"):
        cardlab.load("gin_rummy", oklahoma=True, parlett=True)
    with pytest.raises(OptionError, match="knock_limit and oklahoma"):
        cardlab.load("gin_rummy", oklahoma=True, knock_limit=7)
    with pytest.raises(OptionError):
        cardlab.load("gin_rummy", target=0)
    with pytest.raises(OptionError):
        cardlab.load("gin_rummy", players=3)


def test_around_the_corner_runs_and_layoffs() -> None:
    south = "KH AH 2H 5C 5D 5S 9S TS JS QD"
    north = "QH 3H 4D 4C 7S 8C 9C 6D 7D 2S"
    m = match(north, south, stock="3C", hands=1)
    m.play("draw stock")
    assert not [a for a in m.legal_actions() if a.verb == "knock"]
    m = match(north, south, stock="3C", hands=1, around_the_corner=True)
    m.play("draw stock")
    assert "knock QD" in m.legal_actions()
    m.play("knock QD")
    texts = m.event_texts()
    assert "North lays off Q♥ 3♥ on South's K♥ A♥ 2♥" in texts
    assert any("South shows" in t and "K♥ A♥ 2♥" in t for t in texts)


# ---------------------------------------------------------------- game end
WIN_HAND = "5H 6H 7H 2C 2D 2S 3S 4S 5S KH"
LOSE_HAND = "KC QD JH TS KD QH JS TC 9D 8H"  # no melds: 97 deadwood


def two_hand_game(**options: Any) -> cardlab.Match:
    g = cardlab.load("gin_rummy", **options)
    d1 = g.deal([DEFENDER, KNOCKER], upcard="TD", stock=["AC"])
    d2 = g.deal([WIN_HAND, LOSE_HAND], upcard="9C", stock=["6S"])
    m = cardlab.Match(g, deal=[d1, d2], seed=5)
    m.play("draw stock")
    m.play("knock KC")  # South +19
    if m.terminal:
        return m
    m.play("draw stock", NORTH)
    m.play("gin KH", NORTH)  # North +25 +97
    return m


def bonus_lines(m: cardlab.Match) -> list[tuple[int, int, str]]:
    return [line[:3] for line in m.state.results[-1].lines if "bonus:" in line.reason
            or line.reason.startswith("game bonus")]  # fmt: skip


def test_game_to_100_with_game_and_box_bonuses() -> None:
    m = two_hand_game(bet=0.5)
    st = gst(m)
    assert st.terminal and st.phase == "over"
    # the bonuses are lines of the last hand's result, so the totals add up
    assert [r.points for r in st.results] == [(0, 19), (122 + 125, 25)]
    assert bonus_lines(m) == [
        (NORTH, 100, "game bonus for reaching 100"),
        (NORTH, 25, "box bonus: 1 hand won × 25"),
        (SOUTH, 25, "box bonus: 1 hand won × 25"),
    ]
    assert m.scores == (122 + 125, 19 + 25) and m.winners() == (NORTH,)
    frame = m.scores_frame()
    assert (frame.total_0.iloc[-1], frame.total_1.iloc[-1]) == m.scores
    assert st.payout == (SOUTH, NORTH, 203, 101.5)
    assert "game bonus" in st.breakdown() and "box bonus" in st.breakdown()
    obs = m.observation(SOUTH)
    assert obs.info["payout"] == st.payout
    assert (obs.value(NORTH, "hands_won"), obs.value(SOUTH, "hands_won")) == (1, 1)
    assert m.event_texts()[-1] == (
        "Game over: North wins, the first to reach 100 (247 to 44 after the bonuses); "
        "South pays North 101.5 (203 points × 0.5)"
    )


def test_no_payout_without_bet_and_custom_target() -> None:
    m = two_hand_game(target=150)
    assert not m.terminal and bonus_lines(m) == [] and gst(m).payout is None
    m = two_hand_game(target=20)
    assert m.terminal and len(m.state.results) == 2 and gst(m).payout is None


def test_target_reached_in_first_hand() -> None:
    m = two_hand_game(target=19)
    st = gst(m)
    assert st.terminal and len(st.results) == 1
    assert m.scores == (0, 19 + 100 + 25) and st.payout is None


def test_hands_one_is_a_whole_game() -> None:
    m = match(DEFENDER, KNOCKER, stock="AC", hands=1, bet=2.0)
    m.play("draw stock")
    m.play("knock KC")
    st = gst(m)
    assert st.terminal and bonus_lines(m) == [] and m.scores == (0, 19)
    assert st.payout == (NORTH, SOUTH, 19, 38.0)
    g = cardlab.load("gin_rummy", hands=1)
    deal = g.deal([WIN_HAND, LOSE_HAND], upcard="9C", stock=["2H", "6S"])
    m = cardlab.Match(g, deal=deal, seed=1)
    m.play("draw stock")
    m.play("discard 2H")
    m.play("draw stock", NORTH)
    m.play("gin KH", NORTH)
    assert m.scores == (122 + 100 + 25, 0)  # the target was reached: bonuses paid


def test_hands_two_plays_exactly_two_hands() -> None:
    m = two_hand_game(hands=2, target=1000)
    assert m.terminal and bonus_lines(m) == [] and m.scores == (122, 19)


# ---------------------------------------------------------------- deals
def test_explicit_deal_validation() -> None:
    g = cardlab.load("gin_rummy")
    with pytest.raises(IllegalActionError, match="dealt twice"):
        g.deal(["AS 2S", "AS"])
    with pytest.raises(IllegalActionError, match="a hand holds 10"):
        g.deal(["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"])
    with pytest.raises(IllegalActionError, match="dealt twice"):
        g.deal(["AS"], upcard="AS")
    with pytest.raises(IllegalActionError, match="dealt twice"):
        g.deal(["AS"], stock=["2S", "2S"])
    with pytest.raises(IllegalActionError, match="stock is given 32 cards; it holds 31"):
        g.deal([], stock=[c.code for c in cardlab.parse_cards(
            "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
            "AH 2H 3H 4H 5H 6H")])  # fmt: skip
    with pytest.raises(ValueError, match="is not a card"):
        g.deal(["ZZ"])
    with pytest.raises(IllegalActionError, match="no seat"):
        g.deal({2: "AS"})
    with pytest.raises(CardlabError, match="explicit deal 1 is not valid"):
        cardlab.Match(g, deal="deal AS 2S", seed=1)


def test_deal_without_upcard_keeps_the_stock_order() -> None:
    g = cardlab.load("gin_rummy")
    d = g.deal([DEFENDER, KNOCKER], stock=["AC", "9C"], rng=random.Random(4))
    cards = [c.code for c in d.cards]
    assert len(set(cards)) == 52 and cards[21:23] == ["AC", "9C"]
    assert cards[20] not in DEFENDER.split() + KNOCKER.split() + ["AC", "9C"]


# ---------------------------------------------------------------- views
def visible_to(st: GinRummyState, seat: int) -> set[int]:
    """Cards ``seat`` may know: its hand, the pile, and upcards it saw being taken."""
    seen = {i for i in range(52) if st.hands[seat] >> i & 1} | set(st.pile)
    return seen | {st.taken, st.first_upcard} - {-1}


VARIANTS = [{}, {"around_the_corner": True}, {"oklahoma": True}, {"parlett": True}]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(VARIANTS))
def test_observation_never_leaks(seed: int, options: dict[str, bool]) -> None:
    g = cardlab.load("gin_rummy", hands=3, **options)
    state = g.new_state()
    rng = random.Random(seed)
    while not state.terminal:
        if state.current == "chance":
            state.apply(state.sample_chance(rng))
            continue
        assert isinstance(state, GinRummyState)
        hidden_phase = state.reveal is None
        for seat in (NORTH, SOUTH):
            obs = state.observation(seat)
            assert all(isinstance(c, Back) for c in obs.zone("stock").cards)
            if hidden_phase:
                allowed = visible_to(state, seat)
                assert {c.index for c in obs.faces()} <= allowed
                for value in obs.info.values():
                    if isinstance(value, cardlab.Card):
                        assert value.index in allowed
                assert all(isinstance(c, Back) for c in obs.hand_of(1 - seat).cards)
        spec = state.observation("spectator")
        assert {c.index for c in spec.faces()} <= set(state.pile)
        teacher = state.observation(None)
        assert all(isinstance(c, Peek) for c in teacher.zone("stock").cards)
        seat = state.to_move[0]
        obs = state.observation(seat)
        assert obs.legal == state.legal_actions(seat)
        acts = state.legal_actions(seat)
        state.apply(acts[rng.randrange(len(acts))], seat)
    assert isinstance(state, GinRummyState)
    total = [sum(r.points[s] for r in state.results) for s in (0, 1)]
    assert state.scores == total


def test_secret_draws_stay_secret_in_events() -> None:
    m = cardlab.Match("gin_rummy", seed=11, agents="random", hands=1)
    m.run()
    for e in m.events:
        if e.kind == "draw" and e.secret is not None:
            assert e.audience == (e.seat,)
            assert "from the stock" in e.text and not any(ch in e.text for ch in "♣♦♥♠")


def test_clone_and_replay_round_trip() -> None:
    m = cardlab.Match("gin_rummy", seed=3, agents="heuristic", hands=2)
    m.run()
    again = cardlab.Match.from_replay(cardlab.Replay.from_json(m.to_replay().to_json()))
    assert again.scores == m.scores and again.event_texts() == m.event_texts()
    m.seek(10)
    copy = m.state.clone()
    seat = copy.to_move[0]
    copy.apply(copy.legal_actions(seat)[0], seat)
    assert m.state.observation(None) != copy.observation(None)
    assert len(m.state.events) < len(copy.events)


# ---------------------------------------------------------------- bot
@pytest.mark.parametrize("seat", [0, 1])
def test_bot_beats_random(seat: int) -> None:
    agents = ["random", "random"]
    agents[seat] = "heuristic"
    df = cardlab.simulate("gin_rummy", agents, n=60, seed=seat, progress=False, hands=1)
    assert df[f"win_{seat}"].mean() >= 0.9
    df = cardlab.simulate("gin_rummy", agents, n=5, seed=seat, progress=False)
    assert df[f"win_{seat}"].mean() == 1.0


def test_bot_takes_a_useful_upcard_and_goes_gin() -> None:
    g = cardlab.load("gin_rummy", hands=1)
    m = cardlab.Match(g, deal=g.deal([DEFENDER.replace("QS", "QD"), KNOCKER], upcard="QS"),
                      agents={SOUTH: "heuristic"}, seed=1)  # fmt: skip
    m.run(2)
    assert m.history[-2:] == [(SOUTH, "draw upcard"), (SOUTH, "gin KC")]
    g = cardlab.load("gin_rummy", hands=1)
    m = cardlab.Match(g, deal=g.deal([DEFENDER, KNOCKER], upcard="8D", stock=["3D"]),
                      agents={SOUTH: "heuristic"}, seed=1)  # fmt: skip
    m.run(2)
    assert m.history[-2:] == [(SOUTH, "draw stock"), (SOUTH, "knock KC")]


# ---------------------------------------------------------------- best_melds
def test_best_melds_helper() -> None:
    r = best_melds("AS 2S 3S 7D 7C 7H KC")
    assert isinstance(r, Melds) and r.points == 10
    assert [[c.code for c in m] for m in r.melds] == [["7C", "7D", "7H"], ["AS", "2S", "3S"]]
    assert [c.code for c in r.deadwood] == ["KC"]
    assert str(r) == "7♣ 7♦ 7♥ | A♠ 2♠ 3♠; deadwood K♣ (10)"
    assert best_melds("KH AH 2H").points == 13
    wrapped = best_melds(["K♥", "A♥", "2♥", "Q♥"], around=True)
    assert wrapped.points == 0 and [c.text for c in wrapped.melds[0]] == ["Q♥", "K♥", "A♥", "2♥"]
    # a card used by a set and a run goes where it saves the most
    assert best_melds("5H 6H 7H 7C 7D").points == 5 + 6
    assert best_melds([]).melds == ()
    with pytest.raises(ValueError, match="twice"):
        best_melds("AS AS")


# ---------------------------------------------------------------- the winner and the bonuses
def test_score_frame_totals_include_the_bonuses() -> None:
    m = cardlab.Match("gin_rummy", seed=0, agents="heuristic")
    m.run()
    frame = m.scores_frame()
    assert (frame.total_0.iloc[-1], frame.total_1.iloc[-1]) == m.scores == (326, 160)
    assert any(line.reason.startswith("game bonus") for line in m.state.results[-1].lines)


# South knocks with A♣ (1) against 3♣ (3): +2 a hand, never reaching a target of 20.
SMALL_KNOCKER = "5H 6H 7H 2C 2D 2S 9S TS JS KC"
SMALL_DEFENDER = "3D 4D 5D 8C 8D 8S AD AH AS 3C"


@pytest.mark.parametrize(("small", "south"), [(6, 12 + 6 * 25), (7, 14 + 7 * 25)])
def test_the_first_to_reach_the_target_wins_even_when_box_bonuses_put_them_behind(
    small: int, south: int
) -> None:
    g = cardlab.load("gin_rummy", target=20, bet=1.0)
    deals = []
    for k in range(small):  # South deals the odd hands, so North moves first in them
        stock = ["AC"] if k % 2 == 0 else ["KH", "AC"]
        deals.append(g.deal([SMALL_DEFENDER, SMALL_KNOCKER], upcard="TD", stock=stock))
    # then North knocks with 10 against 47, less the 2♥ South lays off: +37
    north = "3H 4H 5H 6H QC QD QS 9S AC AD"
    south_hand = "8H 9H 2H JC 4D 4C 4S 3C 7C KD"
    stock = ["KH", "8D"] if small % 2 == 0 else ["8D"]
    deals.append(g.deal([north, south_hand], upcard="TD", stock=stock))
    m = cardlab.Match(g, deal=deals, seed=1)
    for k in range(small + 1):
        knocker = NORTH if k == small else SOUTH
        first = 1 - m.state.dealer
        if first != knocker:
            m.play("draw stock", first)
            m.play("discard KH", first)
        m.play("draw stock", knocker)
        m.play("knock 9S" if knocker == NORTH else "knock KC", knocker)
    st = gst(m)
    assert st.terminal and m.winners() == (NORTH,)
    assert m.scores == (37 + 100 + 25, south)
    assert south >= m.scores[NORTH] and st.payout is None  # level or ahead: nobody pays
    assert "nobody pays: the bonuses leave South level or ahead" in m.event_texts()[-1]


def test_hands_n_without_anyone_at_the_target_pays_no_bonus() -> None:
    m = two_hand_game(hands=2, target=1000, bet=1.0)
    st = gst(m)
    assert m.winners() == (NORTH,) and bonus_lines(m) == []
    assert st.payout == (SOUTH, NORTH, 103, 103.0)


# ---------------------------------------------------------------- events as data
def test_events_carry_their_cards_and_sources() -> None:
    m = match(DEFENDER, KNOCKER, upcard="AD", stock="AC 9C", hands=1)
    m.play("draw upcard")
    m.play("discard KC")
    m.play("draw stock", NORTH)
    up, discard, draw = m.state.events[-3:]
    assert (up.kind, up.get("source"), up.cards, up.hidden) == (
        "draw",
        "upcard",
        (parse_card("AD"),),
        (),
    )
    assert discard.cards == (parse_card("KC"),)
    assert (draw.get("source"), draw.cards, draw.hidden) == ("stock", (), (parse_card("AC"),))
    assert draw.seen_by(SOUTH).hidden == () and draw.seen_by(NORTH).hidden == (parse_card("AC"),)
    m.play("discard AC", NORTH)
    m.play("draw stock")
    m.play("knock 9C")
    events = m.state.events
    knock = next(e for e in events if e.kind == "knock")
    assert knock.cards == () and knock.hidden == (parse_card("9C"),) and knock.get("deadwood") == 1
    shows = [e for e in events if e.kind == "show"]
    assert [e.seat for e in shows] == [SOUTH, NORTH]
    assert set(shows[0].cards) == set(cardlab.parse_cards("5H 6H 7H 2C 2D 2S 9S TS JS AD"))
    assert shows[0].get("points") == 1 and shows[0].get("deadwood") == (parse_card("AD"),)
    layoffs = {tuple(c.code for c in e.cards) for e in events if e.kind == "layoff"}
    assert layoffs == {("8H", "9H"), ("QS",), ("2H",)}


def test_seat_values_are_public() -> None:
    m = match(DEFENDER, KNOCKER, stock="AC")
    m.play("draw stock")
    obs = m.observation(NORTH)
    assert obs.seats[SOUTH].values == {"hands_won": 0} and "deadwood" in obs.info
    m.play("knock KC")
    assert m.observation(NORTH).value(SOUTH, "hands_won") == 1
