"""Bourbon: every rule and option from explicit deals, plus the bot, the views and the examples.

Seat 0 is North and deals the first hand, so South (seat 1) is offered the upcard first.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import Back, IllegalActionError, OptionError, Peek, parse_card
from cardlab.core.actions import action
from cardlab.core.cards import CARDS, HIDDEN_BACK
from cardlab.core.foresight import DEFAULT_BACKS, design_of, load_backs, register_foresight
from cardlab.core.observation import Observation
from cardlab.games.bourbon import FACES, BourbonBot, BourbonState
from cardlab.rules import melds as _m

from .rummy_support import codes, reason

NORTH, SOUTH = 0, 1
# South's hand: 5-6-7♥, three 2s, 9-10-J♠ and a loose K♣.
KNOCKER = "5H 6H 7H 2C 2D 2S 9S TS JS KC"
# North can lay off 4♥ 8♥ (on 5-7♥), 2♥ (the fourth 2) and Q♠ (on 9-J♠); 4♦ 4♣ 4♠ stay a set.
DEFENDER = "4H 8H 2H QS 4D 4C 4S AD 7C KD"


def match(north: str, south: str, *, upcard: str | None = "3C", left: str | None = None,
          right: str | None = None, stock: str = "", **options: Any) -> cardlab.Match:  # fmt: skip
    g = cardlab.load("bourbon", **options)
    deal = g.deal([north, south], left=left, right=right, upcard=upcard, stock=stock.split())
    return cardlab.Match(g, deal=deal, seed=1)


def bst(m: cardlab.Match) -> BourbonState:
    st = m.state
    assert isinstance(st, BourbonState)
    return st


def back(code: str) -> Back:
    return Back(DEFAULT_BACKS.design(parse_card(code)))


# ------------------------------------------------------------------ the deal
def test_deal_layout_three_backs_on_offer_and_the_upcard() -> None:
    m = match(DEFENDER, KNOCKER, left="7S", right="KH", upcard="9D", stock="3D QC")
    st = bst(m)
    assert st.phase == "offer" and st.to_move == (SOUTH,)
    assert m.legal_actions() == ("draw upcard", "pass")
    obs = st.observation(SOUTH)
    assert codes(obs.zone("hand", SOUTH).cards) == set(KNOCKER.split())
    assert obs.zone("left").cards == (back("7S"),)
    assert obs.zone("right").cards == (back("KH"),)
    stock = obs.zone("stock").cards
    assert len(stock) == 52 - 20 - 3 and stock[-1] == back("3D")
    assert all(b == Back(HIDDEN_BACK) for b in stock[:-1])
    assert obs.zone("discard").cards == (parse_card("9D"),)
    assert obs.info["face_down"] == 31 and obs.info["upcard"] == parse_card("9D")
    # North's hand shows only backs to South, sorted so their order tells nothing more
    north = obs.zone("hand", NORTH).cards
    assert all(isinstance(b, Back) for b in north) and len(north) == 10
    teacher = st.observation(None)
    assert all(isinstance(p, Peek) for p in teacher.zone("left").cards)
    assert all(isinstance(p, Peek) for p in teacher.zone("stock").cards)


def test_explicit_deals_fill_what_is_not_given_and_validate() -> None:
    g = cardlab.load("bourbon")
    act = g.deal([DEFENDER, KNOCKER], right="KH", stock=["3D"])
    cards = [c.code for c in act.cards]
    assert cards[:20] == DEFENDER.split() + KNOCKER.split()
    assert cards[21] == "KH" and cards[23] == "3D" and len(set(cards)) == 52
    with pytest.raises(IllegalActionError, match="dealt twice"):
        g.deal([DEFENDER, KNOCKER], left="KC")
    with pytest.raises(IllegalActionError, match="stock is given 30 cards; it holds 29"):
        g.deal([], stock=[c.code for c in g.deck.cards][:30])


# ------------------------------------------------------------- first turn
def test_non_dealer_may_take_the_upcard_first() -> None:
    m = match(DEFENDER, KNOCKER, upcard="3D")
    m.play("draw upcard")
    st = bst(m)
    assert st.phase == "discard" and st.to_move == (SOUTH,)
    assert "discard 3D" not in m.legal_actions()
    assert reason(m, "discard 3D") == "you can't discard the upcard you just took"
    m.play("discard KC")
    assert st.to_move == (NORTH,) and st.phase == "draw"
    assert m.legal_actions() == ("draw upcard", "draw left", "draw stock", "draw right")


def test_dealer_gets_the_upcard_when_the_non_dealer_declines() -> None:
    m = match(DEFENDER, KNOCKER, upcard="9D")
    m.play("pass")
    st = bst(m)
    assert st.phase == "offer" and st.to_move == (NORTH,)
    m.play("draw upcard")
    assert st.phase == "discard" and st.to_move == (NORTH,)
    m.play("discard KD")
    # play continues normally from the dealer: the non-dealer now has every draw
    assert st.to_move == (SOUTH,)
    assert m.legal_actions() == ("draw upcard", "draw left", "draw stock", "draw right")


def test_both_decline_then_the_non_dealer_draws_face_down() -> None:
    m = match(DEFENDER, KNOCKER, upcard="9D", left="7S")
    m.play("pass")
    m.play("pass")
    st = bst(m)
    assert st.phase == "draw" and st.to_move == (SOUTH,)
    assert m.legal_actions() == ("draw left", "draw stock", "draw right")
    assert "face-down card" in reason(m, "draw upcard")
    assert "only the opening offer" in reason(m, "pass")
    m.play("draw left")
    assert parse_card("7S") in st.observation(SOUTH).my_hand


def test_the_opening_offer_is_a_yes_or_no() -> None:
    m = match(DEFENDER, KNOCKER)
    assert "face-down cards come after both pass" in reason(m, "draw stock")
    assert reason(m, "discard KC") == "take the upcard ('draw upcard') or decline it ('pass')"


# -------------------------------------------------------------- drawing
def test_a_side_card_is_replaced_from_the_stock() -> None:
    m = match(DEFENDER, KNOCKER, upcard="9D", left="7S", right="KH", stock="3D QC 3H")
    m.play("pass")
    m.play("pass")
    m.play("draw left")
    st = bst(m)
    north = st.observation(NORTH)
    assert north.zone("left").cards == (back("3D"),)  # the old stock top moved across
    assert north.zone("stock").cards[-1] == back("QC")
    assert north.info["face_down"] == 30
    # the draw is public only by its back; the face is South's alone
    e = st.events[-1]
    assert e.text_for(NORTH) == "South draws the left face-down card (back ♥♠)"
    assert e.text_for(SOUTH) == "South draws 7♠, the left face-down card"
    m.play("discard KC")
    m.play("draw stock")
    assert parse_card("QC") in st.observation(NORTH).my_hand
    assert st.observation(SOUTH).zone("stock").cards[-1] == back("3H")
    m.play("discard KD")
    m.play("draw right")
    assert parse_card("KH") in st.observation(SOUTH).my_hand
    assert st.observation(SOUTH).zone("right").cards == (back("3H"),)


def test_hand_is_cancelled_when_fewer_than_three_face_down_cards_remain() -> None:
    m = match(DEFENDER, KNOCKER, upcard="9D", hands=1)
    m.play("pass")
    m.play("pass")
    st = bst(m)
    draws = 0
    while not st.terminal:
        top = CARDS[st.stock[-1]]
        m.play("draw stock")
        draws += 1
        m.play(f"discard {top.code}")  # throw the drawn card straight back
    # 31 face-down cards at the start; after 29 draws only 2 are left for the next turn
    assert draws == 29
    result = st.results[-1]
    assert result.points == (0, 0) and "cancelled" in result.summary
    assert "only 2 face-down cards" in result.summary
    assert st.winners() == (0, 1)


def test_knocker_with_less_deadwood_scores_the_difference() -> None:
    north = "AH 3D 4D 5D 6D 8C 8D 8S QC KC"  # 3-6♦, three 8s; A♥ Q♣ K♣ = 21
    south = "5H 6H 7H 2C 2D 2S 9S TS JS 9C"  # takes 4♣, knocks shedding 9♣: 4
    m = match(north, south, upcard="4C", hands=1)
    m.play("draw upcard")
    m.play("knock 9C")
    st = bst(m)
    # the 8♠ could extend 9-J♠ but would break North's 8s: North keeps the set
    assert st.reveal is not None and st.reveal.points == (21, 4)
    assert st.results[-1].points == (0, 17 + 3)


# ------------------------------------------------------------- knocking
def test_knock_lay_offs_and_picture_bonuses() -> None:
    m = match(DEFENDER, KNOCKER, upcard="3C", hands=1)
    m.play("draw upcard")  # South takes 3♣: after shedding K♣ only the 3♣ is deadwood
    assert "knock KC" in m.legal_actions()
    m.play("knock KC")
    st = bst(m)
    result = st.results[-1]
    # North lays off 8♥, 2♥ and Q♠ and melds its four 4s; A♦ 7♣ K♦ = 18 deadwood
    assert st.reveal is not None and st.reveal.points == (18, 3)
    texts = m.event_texts()
    assert "South discards K♣ and knocks with 3 deadwood" in texts
    assert "North lays off 8♥ on South's 5♥ 6♥ 7♥" in texts
    assert "North lays off Q♠ on South's 9♠ 10♠ J♠" in texts
    assert "North lays off 2♥ on South's 2♣ 2♦ 2♠" in texts
    # South: 18 − 3 = 15 and J♠ melded (+3); North: Q♠ laid off (+3)
    assert result.points == (3, 18)
    assert [line.reason for line in result.lines] == [
        "knock: 18 − 3 deadwood",
        "1 picture melded (1 × 3)",
        "1 picture melded or laid off (1 × 3)",
    ]
    assert st.observation(NORTH).zone("discard").cards[-1] == parse_card("KC")


def test_equal_deadwood_is_an_undercut_worth_ten() -> None:
    south = "5H 6H 7H 2C 2D 2S 9S TS JS 9C"  # knocks with 4♣ kept: 4 deadwood
    north = "AH 3H 4D 5D 6D 7D 8C 8D 8S 8H"  # 4-7♦, 8♣ 8♦ 8♠ 8♥; A♥ 3♥ = 4
    m = match(north, south, upcard="4C", hands=1)
    m.play("draw upcard")
    m.play("knock 9C")
    st = bst(m)
    assert st.reveal is not None and st.reveal.points == (4, 4)
    result = st.results[-1]
    assert result.points == (10, 3)  # undercut 0 + 10; South still has J♠ melded
    assert [line.reason for line in result.lines] == ["undercut bonus", "1 picture melded (1 × 3)"]
    assert "North undercuts South" in result.summary


def test_undercut_beats_the_knocker_by_the_difference_plus_ten() -> None:
    south = "5H 6H 7H 2C 2D 2S 9S TS JS 9C"  # 4 deadwood after keeping 4♣
    north = "AH AD 4D 5D 6D 7D 8C 8D 8S 8H"  # A♥ A♦ = 2
    m = match(north, south, upcard="4C", hands=1)
    m.play("draw upcard")
    m.play("knock 9C")
    st = bst(m)
    result = st.results[-1]
    assert st.reveal is not None and st.reveal.points == (2, 4)
    assert result.points == (12, 3)
    assert result.lines[0].reason == "undercut: 4 − 2 deadwood"


# ---------------------------------------------------------------- bourbon
def test_bourbon_scores_twenty_no_lay_offs_no_undercut() -> None:
    # South takes 8♥ (5-8♥) and sheds K♣: no deadwood
    north = DEFENDER.replace("8H", "9H")
    m = match(north, KNOCKER, upcard="8H", hands=1)
    m.play("draw upcard")
    assert "bourbon KC" in m.legal_actions() and "knock KC" not in m.legal_actions()
    assert "that is bourbon" in reason(m, "knock KC")
    m.play("bourbon KC")
    st = bst(m)
    result = st.results[-1]
    assert not any(e.kind == "layoff" for e in st.events)
    assert st.reveal is not None and st.reveal.points[SOUTH] == 0
    dd = st.reveal.points[NORTH]
    assert result.lines[0].reason == f"bourbon: {dd} − 0 deadwood"
    assert result.lines[1].reason == "bourbon bonus"
    assert result.points[SOUTH] == dd + 20 + 3  # J♠ melded


def test_bourbon_against_no_deadwood_still_wins() -> None:
    south = "5H 6H 7H 2C 2D 2S 9S TS JS KC"
    north = "AC AD AH 3D 4D 5D 6S 7S 8S 9C"  # A-A-A, 3-5♦, 6-8♠; 9♣ is the only loose card
    m = match(north, south, upcard="8H", stock="", hands=1)
    m.play("draw upcard")
    m.play("bourbon KC")
    st = bst(m)
    assert st.reveal is not None and st.reveal.points == (9, 0)
    assert st.results[-1].points == (0, 9 + 20 + 3)

    north = "AC AD AH 3D 4D 5D 6C 7C 8C 9C"  # no deadwood at all
    m = match(north, south, upcard="8H", hands=1)
    m.play("draw upcard")
    m.play("bourbon KC")
    st = bst(m)
    assert st.reveal is not None and st.reveal.points == (0, 0)
    assert st.results[-1].points == (0, 20 + 3)
    assert "South goes bourbon" in st.results[-1].summary


def test_knock_limit_is_ten() -> None:
    # South takes the J♥: shedding K♣ leaves exactly 10, so a knock is allowed
    m = match(DEFENDER, KNOCKER, upcard="JH", hands=1)
    m.play("draw upcard")
    assert "knock KC" in m.legal_actions()
    # with 9♠ 10♠ 3♦ A♣ loose the deadwood is 23 whatever goes
    m = match(DEFENDER, "5H 6H 7H 2C 2D 2S 9S TS 3D KC", upcard="AC", hands=1)
    m.play("draw upcard")
    assert not any(a.verb in ("knock", "bourbon") for a in m.legal_actions())
    assert reason(m, "knock KC") == (
        "you can knock only with 10 or less deadwood after discarding; discarding K♣ leaves 23"
    )
    assert reason(m, "bourbon KC").startswith("bourbon needs 0 deadwood")
    assert reason(m, "knock AC") == "you can't discard the upcard you just took, not even to knock"
    assert reason(m, "discard QS") == "you don't hold Q♠"


# ------------------------------------------------------- arrangement choices
def test_defender_melds_pictures_when_deadwood_ties() -> None:
    # 10♥ 10♦ 10♠ J♠ Q♠: the three 10s or 10-J-Q♠ leave 20 either way; the run earns 6
    north = "TH TD TS JS QS AC 3D 5C 7D 9H"
    south = "5H 6H 7H 2C 2D 2S 8C 9C TC KD"
    m = match(north, south, upcard="AH", hands=1)
    m.play("draw upcard")
    m.play("knock KD")
    st = bst(m)
    assert st.reveal is not None and st.reveal.points == (45, 1)
    assert st.reveal.melded(NORTH) & FACES == parse_card("JS").bit | parse_card("QS").bit
    assert st.observation(SOUTH).value(NORTH, "pictures") == 2
    assert any(t.startswith("North shows 10♠ J♠ Q♠") for t in m.event_texts())
    assert st.results[-1].points == (6, 44)


def test_fewest_in_deadwood_and_best_layoff_keeping() -> None:
    def mask(text: str) -> int:
        return _m.mask_of(parse_card(c).index for c in text.split())

    hand = mask("TH TD TS JS QS")
    _, dead = _m.fewest_in_deadwood(hand, FACES)
    assert dead == mask("TH TD")
    assert _m.fewest_in_deadwood(hand, 0) == _m.best_melds(hand)
    # on 7-8-9♥ the defender may lay off 10-J-Q♥, meld them, or meld the three 10s:
    # 20 deadwood each time; the tie-break keeps the pictures out of the deadwood and
    # then lays off as few cards as possible
    knocker = (mask("7H 8H 9H"),)
    defender = mask("TH TD TC JH QH")
    laid, melds, value, dead = _m.best_layoff_keeping(knocker, defender, FACES)
    assert value == _m.best_layoff(knocker, defender)[2] == 20
    assert laid == 0 and dead == mask("TD TC") and melds == (mask("TH JH QH"),)


def test_knocker_prefers_the_arrangement_best_for_it() -> None:
    st = cardlab.load("bourbon").new_state()
    assert isinstance(st, BourbonState)

    def mask(text: str) -> int:
        return _m.mask_of(parse_card(c).index for c in text.split())

    # the four 10s + J-Q-K♠, or 10♥ 10♦ 10♣ + 10-K♠: 6 deadwood and three pictures
    # either way; the defender's 9♠ fits only the 10-K♠ run, so the knocker keeps the
    # four 10s together
    kh = mask("TH TD TS TC JS QS KS 2C 3C AD")
    dh = mask("9S AH 5D 7H 8D 3H 5H 6C 8C AS")
    kmelds, kdead, _, _, laid = st.settle(kh, dh, False)
    assert kdead == mask("2C 3C AD") and laid == 0
    assert mask("TH TD TS TC") in kmelds and mask("JS QS KS") in kmelds


# ------------------------------------------------------------- game end
def test_game_to_target_and_both_reaching_it_in_one_hand() -> None:
    # target 3: South scores 18, North 3 (Q♠ laid off) in the same hand: South scored more
    m = match(DEFENDER, KNOCKER, upcard="3C", target=3)
    m.play("draw upcard")
    m.play("knock KC")
    st = bst(m)
    assert st.terminal and st.scores == [3, 18] and st.winners() == (SOUTH,)
    assert m.event_texts()[-1] == (
        "Game over: Both reached 3 in hand 1; South scored more in it (18 against 3) and wins"
    )


def test_same_hand_tie_goes_to_the_knocker_and_more_in_hand_beats_total() -> None:
    st = cardlab.load("bourbon", target=10).new_state()
    assert isinstance(st, BourbonState)
    from cardlab.core.outcome import HandResult

    st.results = [HandResult(0, (5, 0), (), ""), HandResult(1, (6, 6), (), "")]
    st.knockers = [0, 1]
    st.scores = [11, 6]
    st.crossed = [1, -1]
    assert st.decide_winners() == (0,)
    st.scores = [11, 16]
    st.crossed = [1, 1]
    assert st.decide_winners() == (1,)  # equal in that hand: the knocker (South)
    st.results[1] = HandResult(1, (7, 5), (), "")
    assert st.decide_winners() == (0,)  # North scored more in it, though South's total is higher
    st.crossed = [-1, -1]
    st.scores = [4, 4]
    assert st.decide_winners() == (0, 1)  # hands=N ran out with equal totals


def test_first_dealer_option_and_dealer_rotation() -> None:
    m = cardlab.Match("bourbon", seed=5, agents="heuristic", first_dealer=1, hands=2)
    st = bst(m)
    assert st.to_move == (NORTH,) and st.phase == "offer"
    m.run()
    assert len(st.results) == 2 and st.terminal


# ---------------------------------------------------------------- options
def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="foresight"):
        cardlab.load("bourbon", deck="standard")
    with pytest.raises(OptionError, match="target"):
        cardlab.load("bourbon", target=0)
    assert cardlab.load("bourbon").options.target == 150


def test_a_users_own_foresight_table_works() -> None:
    table = {c.code: design_of(DEFAULT_BACKS[c]) for c in cardlab.load("bourbon").deck.cards}
    table["7S"], table["7H"] = "SD", "HC"
    register_foresight(load_backs(table), name="bourbon-test-backs")
    m = match(DEFENDER, KNOCKER, upcard="9D", left="7S", deck="bourbon-test-backs")
    assert bst(m).observation(SOUTH).zone("left").cards == (Back("♦♠"),)
    m2 = cardlab.Match("bourbon", seed=3, agents="heuristic", deck="bourbon-test-backs", hands=1)
    m2.run()
    assert m2.terminal


# -------------------------------------------------------------------- bot
def test_bot_reads_the_backs_to_choose_a_face_down_card() -> None:
    # South holds 5♥ 6♥, 4♦ 4♣ and 7♦ 7♣: every card printed ♥♠ on ranks 4 and 7 makes a
    # meld.  Left K♦ (four suits: could be any Ace or King), right 7♠ (♥♠), stock top 2♣.
    south = "5H 6H 4D 4C 7D 7C QC JD 9S 2D"
    m = match("AS AH 3S 8S TD KC KH KS QD QS", south, upcard="TH", left="KD", right="7S",
              stock="2C")  # fmt: skip
    m.play("pass")
    m.play("pass")
    bot = BourbonBot(SOUTH, 0)
    obs = bst(m).observation(SOUTH)
    exp = bot.expected(obs, sum(c.bit for c in obs.my_hand))
    assert exp[action("draw right")] < exp[action("draw left")]
    assert bot.act(obs) == "draw right"


def test_bot_only_sees_its_observation_and_finishes_games() -> None:
    m = cardlab.Match("bourbon", seed=11, agents="heuristic", hands=3)
    m.run()
    assert m.terminal and len(m.state.results) == 3
    assert isinstance(m.observation(0), Observation)


# --------------------------------------------------------- rule-text examples
def test_examples_from_the_rule_text() -> None:
    # 5, 6 and 7 of one suit form a sequence; no wrapping from King to Ace
    assert _m.is_meld(_m.mask_of(parse_card(c).index for c in ["5H", "6H", "7H"]))
    assert not _m.is_meld(_m.mask_of(parse_card(c).index for c in ["QH", "KH", "AH"]))
    assert not _m.is_meld(_m.mask_of(parse_card(c).index for c in ["KH", "AH", "2H"]))
    # values: pictures 10, Ace 1, others their face value
    assert (
        _m.card_values(_m.mask_of(parse_card(c).index for c in ["KS", "QS", "JS", "AS", "7D"]))
        == 38
    )
    # lay-offs: a fourth card on a group, a sequence extended at either end
    knocker = tuple(
        _m.mask_of(parse_card(c).index for c in meld.split()) for meld in ("2C 2D 2S", "5H 6H 7H")
    )
    defender = _m.mask_of(parse_card(c).index for c in ["2H", "4H", "8H", "KD"])
    laid, _, value = _m.best_layoff(knocker, defender)
    assert laid == _m.mask_of(parse_card(c).index for c in ["2H", "4H", "8H"]) and value == 10


# --------------------------------------------- meld functions, random hands
@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=20, max_size=20, unique=True))
def test_preferred_arrangements_keep_the_least_deadwood(cards: list[int]) -> None:
    kh = _m.mask_of(cards[:10])
    dh = _m.mask_of(cards[10:])
    melds, dead = _m.fewest_in_deadwood(dh, FACES)
    assert _m.card_values(dead) == _m.min_deadwood(dh)
    covered = 0
    for meld in melds:
        assert _m.is_meld(meld) and not meld & covered
        covered |= meld
    assert covered | dead == dh and not covered & dead
    # never more pictures left out than in the plain best arrangement
    assert (dead & FACES).bit_count() <= (_m.best_melds(dh)[1] & FACES).bit_count()
    kmelds, _ = _m.best_melds(kh)
    laid, dmelds, value, dmask = _m.best_layoff_keeping(kmelds, dh, FACES)
    assert value == _m.best_layoff(kmelds, dh)[2] == _m.card_values(dmask)
    used = laid
    for meld in dmelds:
        used |= meld
    assert used | dmask == dh and not used & dmask


# ------------------------------------------------------ which arrangement counts
def test_deadwood_counts_points_not_cards_where_the_readings_differ() -> None:
    # 2♣ 2♦ 2♥ and A♠ 2♠ 3♠ leave 4♣ A♦ 4♦ A♥: four cards, 10 points.  Melding the most
    # cards (A♦ A♥ A♠ and all four 2s) would leave 4♣ 4♦ 3♠: three cards but 11 points.
    def mask(text: str) -> int:
        return _m.mask_of(parse_card(c).index for c in text.split())

    kept = "2C 4C AD 2D 4D AH 2H AS 2S 3S"
    most_cards = mask("4C 4D 3S")
    assert _m.is_meld(mask("AD AH AS")) and _m.is_meld(mask("2C 2D 2H 2S"))
    assert most_cards.bit_count() < 4 and _m.card_values(most_cards) == 11
    north = "5H 6H 7H 9C TC JC QH KH 8S 7D"
    m = match(north, kept.replace("3S", "KC"), upcard="3S", hands=1)
    m.play("draw upcard")
    assert "knock KC" in m.legal_actions()  # 10 points: a knock, though 11 by cards
    m.play("knock KC")
    st = bst(m)
    assert st.reveal is not None and st.reveal.points[SOUTH] == 10
    assert st.reveal.deadwood[SOUTH] == mask("4C AD 4D AH")
    # the defender is counted the same way
    m = match(kept, "5H 6H 7H 9C TC JC 8D 9D TD KC", upcard="8H", hands=1)
    m.play("draw upcard")
    m.play("bourbon KC")
    st = bst(m)
    assert st.reveal is not None and st.reveal.deadwood[NORTH] == mask("4C AD 4D AH")


# ------------------------------------------------------------ events as data
def test_face_down_draws_and_the_spread_are_events_with_cards() -> None:
    m = match(DEFENDER, KNOCKER, upcard="9D", left="7S", stock="3D", hands=1)
    m.play("pass")
    m.play("pass")
    m.play("draw left")
    e = bst(m).events[-1]
    assert (e.kind, e.get("source"), e.cards, e.hidden) == ("draw", "left", (), (parse_card("7S"),))
    assert e.get("back") == "♥♠" and e.seen_by(NORTH).hidden == ()
    m.play("discard KC")
    m.play("draw upcard", NORTH)
    e = bst(m).events[-1]
    assert (e.get("source"), e.cards) == ("upcard", (parse_card("KC"),))
    m.play("discard 7C", NORTH)
    top = CARDS[bst(m).stock[-1]]
    m.play("draw stock")
    e = bst(m).events[-1]
    assert (e.get("source"), e.hidden, e.get("back")) == ("stock", (top,), back(top.code).design)
    obs = bst(m).observation(NORTH)
    assert obs.seats[SOUTH].values == {} and "deadwood" in obs.info  # own figures in info


def test_knock_events_and_seat_values_after_the_spread() -> None:
    m = match(DEFENDER, KNOCKER, upcard="3C", hands=1)
    m.play("draw upcard")
    m.play("knock KC")
    events = bst(m).events
    knock = next(e for e in events if e.kind == "knock")
    assert knock.cards == (parse_card("KC"),) and knock.get("deadwood") == 3
    assert {e.cards for e in events if e.kind == "layoff"} == {
        (parse_card("8H"),), (parse_card("QS"),), (parse_card("2H"),)}  # fmt: skip
    obs = bst(m).observation("spectator")
    assert obs.seats[SOUTH].values == {"deadwood": 3, "pictures": 1}
    assert obs.seats[NORTH].values == {"deadwood": 18, "pictures": 1}
