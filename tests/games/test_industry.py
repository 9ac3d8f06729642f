"""Industry scenarios from explicit deals: the setup, payments, the build limit, costs,
draws, the end, majorities, and the text's example turn and example scoring."""

from __future__ import annotations

import random

import pytest

from cardlab import load
from cardlab.core.cards import CARDS, parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.games.industry import (
    IndustryBot,
    IndustryState,
    city_points,
    counts,
    majorities,
    plan_payment,
    position,
)
from cardlab.rules.staged import selection_steps


def mask(codes: str) -> int:
    return sum(1 << c.index for c in parse_cards(codes)) if codes else 0


def dealt(hands: list[str], top: str, players: int = 2, **options: object) -> IndustryState:
    """A game dealt ``hands``, with ``top`` the top of the stack, first card on top; the
    other cards lie under them in suit order."""
    game = load("industry", players=players, **options)
    given = {c.index for h in hands for c in parse_cards(h)} | {c.index for c in parse_cards(top)}
    rest = [c.code for c in CARDS[:52] if c.index not in given]
    stock = rest + [c.code for c in reversed(parse_cards(top))]
    st = game.new_state()
    st.apply(game.deal(hands=hands, stock=" ".join(stock)))
    assert isinstance(st, IndustryState)
    return st


def test_setup_takes_the_first_spade_then_the_first_diamond_from_the_top_seat_by_seat() -> None:
    # from the top: 3♥ 5♠ 2♣ 9♦ K♠ 4♦ 7♥ ...
    st = dealt(["AC 2H 3C", "4C 5C 6C"], "3H 5S 2C 9D KS 4D 7H 8H")
    assert st.cities[0] == mask("5S 9D") and st.cities[1] == mask("KS 4D")
    # the cards passed over stay where they were, in order: 3♥ 2♣ 7♥ 8♥ are drawn next
    assert [CARDS[i].code for i in st.stock[-4:][::-1]] == ["3H", "2C", "7H", "8H"]
    obs = st.observation(1)
    assert obs.zone("city", 0).cards == tuple(parse_cards("5S 9D"))
    assert [e.kind for e in obs.history] == ["deal", "setup", "setup"]
    assert st.to_move == (0,) and obs.seats[0].values["offices"] == 1


def test_the_first_player_is_an_option() -> None:
    st = dealt(["AC 2H 3C", "4C 5C 6C", "7C 8C 9C"], "", players=3, first_dealer=2)
    assert st.to_move == (2,)


def test_the_texts_example_turn() -> None:
    # Player X: three offices, two banks, two factories; hand K♦ 7♥ 9♥ 4♣
    st = position(["2S 3S 4S 2C 3C 2D 3D", "5S 6D"], ["KD 7H 9H 4C", "8C"], "AH 2H 5H 6H")
    assert st.observation(0).info["cost"] == 8
    for a in ("spend KD", "spend 9H", "build 4C"):
        st.apply(a, 0)
    assert st.observation(0).zone("selection", 0).tags == ("$10", "$9", "bank $8")
    st.apply("build 7H", 0)  # $7 now that the third bank stands
    assert st.observation(0).zone("selection", 0).tags[-1] == "housing $7"
    st.apply("done", 0)
    assert counts(st.cities[0]) == (3, 2, 1, 3)  # banks, factories, housing, offices
    assert st.discard == [c.index for c in parse_cards("KD 9H")]
    # three offices: three cards drawn
    assert st.hands[0] == mask("AH 2H 5H") and st.to_move == (1,)
    build = [e for e in st.events if e.kind == "build"][-1]
    assert build.get("money") == 19 and build.get("paid") == 15
    assert st.observation(0).info["cost"] == 7


def test_the_texts_example_scoring() -> None:
    x = "2H 3H 4H 5H 2S 3S 2C 3C 4C 2D 3D"
    y = "6H 7H 8H 4S 5S 6S 5C 6C 7C 4D 5D 6D"
    st = position([x, y], ["KD", "KC"], "QH")
    assert majorities([counts(mask(x)), counts(mask(y))]) == [-1, 1, 0, 1]
    st.apply("pass", 0)  # X draws the last card: the game ends at once
    assert st.terminal and st.scores == [20, 25] and st.winners() == (1,)
    lines = [(ln.seat, ln.points, ln.reason) for ln in st.results[-1].lines]
    assert (0, 8, "4 housing × 2") in lines and (1, 6, "3 housing × 2") in lines
    assert (0, 5, "the majority of housing") in lines
    assert (1, 5, "the majority of offices") in lines
    assert (1, 5, "the majority of factories") in lines
    assert not any("banks" in r and "majority" in r for _, _, r in lines)


def test_money_is_spent_first_and_must_cover_each_building() -> None:
    st = dealt(["2H 3C 9S", "4C 5C 6C"], "")
    assert "build 2H" not in st.legal_actions(0)
    st.apply("spend 3C", 0)
    assert st.explain("build 2H", 0) == "the next building costs $10 and you have $3 left to spend"
    assert "done" not in st.legal_actions(0)
    assert st.explain("done", 0) == "choose a building to pay for"
    st.apply("spend 9S", 0)
    st.apply("build 2H", 0)
    assert st.explain("spend 4C", 0) == "you don't hold 4♣"
    st.apply("back", 0)
    assert selection_steps(st.observation(0)) == ("spend 3C", "spend 9S")
    st.apply("build 2H", 0)
    assert st.explain("spend 2H", 0) == "2♥ is already in your payment"
    st.apply("done", 0)  # $12 for a $10 building: the change is lost
    assert counts(st.cities[0])[2] == 1 and st.hands[0].bit_count() == 1  # drew one card


def test_a_spend_is_offered_only_while_a_building_can_still_be_paid_for() -> None:
    # A♣ 2♥ 3♦: $6 at most with a card kept to build, against a cost of $10
    st = dealt(["AC 2H 3D", "4C 5C 6C"], "")
    assert st.legal_actions(0) == ("pass",)
    assert "nothing could be built" in st.explain("spend AC", 0)
    st = dealt(["KC QH 3D", "4C 5C 6C"], "")
    legal = {str(a) for a in st.legal_actions(0)}
    assert {"spend KC", "spend QH", "spend 3D"} <= legal
    st.apply("spend KC", 0)
    st.apply("spend QH", 0)  # overspending is allowed while a card is left to build
    assert not any(a.verb == "spend" for a in st.legal_actions(0))  # the last card must build


def test_the_build_limit_counts_the_factories_at_the_start_of_the_turn() -> None:
    st = position(["2S 2D", "3S 3D"], ["KC KH QD 4D 5H", "8C"], "AH 2C 6H 7H 8H")
    for a in ("spend KC", "spend KH", "build QD"):
        st.apply(a, 0)
    # the new factory does not add a building this turn
    assert not any(a.verb == "build" for a in st.legal_actions(0))
    assert st.explain("build 5H", 0) == "you may build only 1 building a turn: one per factory"
    st.apply("done", 0)
    assert counts(st.cities[0])[1] == 2


def test_banks_lower_the_cost_to_no_less_than_one() -> None:
    banks = "2C 3C 4C 5C 6C 7C 8C 9C 10C"
    st = position([f"{banks} 2S 2D 3D", "3S 4D"], ["AH 2H JC", "8S"], "4H 5H 6H 7H")
    assert st.observation(0).info["cost"] == 1
    st.apply("spend AH", 0)
    st.apply("build JC", 0)  # the tenth bank, for $1
    assert st.explain("build 2H", 0) == "the next building costs $1 and you have $0 left to spend"
    st.apply("done", 0)
    assert st.observation(0).info["cost"] == 1


def test_the_draw_counts_the_offices_at_the_end_of_the_turn_and_a_pass_draws_too() -> None:
    st = dealt(["KC 5S 3C", "4C 5C 6C"], "AH 2S 3D 2H 3H 4H 5H 6H 7H")
    # seat 0: 2♠ and 3♦ from the setup (A♥ passed over stays on top); builds the 5♠
    # office with K♣: draws two
    st.apply("spend KC", 0)
    st.apply("build 5S", 0)
    st.apply("done", 0)
    assert st.hands[0] == mask("3C AH 2H")
    st.apply("pass", 1)
    assert st.hands[1].bit_count() == 4
    draw = [e for e in st.observation(0).history if e.kind == "draw"][-1]
    assert draw.hidden == () and draw.text == "South draws 1 card"
    own = [e for e in st.observation(1).history if e.kind == "draw"][-1]
    assert own.hidden == tuple(parse_cards("3H"))


def test_the_game_ends_when_the_last_card_is_drawn_even_short_of_a_full_draw() -> None:
    st = position(["2S 3S 4S 2D", "5S 6D"], ["KC", "8C"], "AH 2C")
    st.apply("pass", 0)  # three offices, two cards left: both drawn, the game ends
    assert st.terminal and st.hands[0] == mask("KC AH 2C")
    assert "draws the last card" in st.results[-1].summary


def test_a_position_names_each_card_once() -> None:
    with pytest.raises(IllegalActionError, match="named twice"):
        position(["2S 2D", "2S 3D"], ["KC", "8C"], "AH")
    with pytest.raises(IllegalActionError, match="as many hands"):
        position(["2S 2D", "3S 3D"], ["KC"], "AH")


def test_a_tie_for_the_most_earns_no_bonus_and_a_tie_for_the_win_is_shared() -> None:
    st = position(["2S 2D 2H", "3S 3D 3H"], ["KC", "8C"], "AH")
    st.apply("pass", 0)
    assert st.scores == [4, 4] and st.winners() == (0, 1)
    assert majorities([counts(mask("2S 2D 2H")), counts(mask("3S 3D 3H"))]) == [-1] * 4


def test_the_over_half_majority_needs_more_than_half_of_the_suit() -> None:
    cities = [counts(mask(c)) for c in ("2H 3H 4H 2S", "5H 6H 3S", "7H 8H 4S")]
    assert majorities(cities, "most") == [-1, -1, 0, -1]  # 3 housing against 2 and 2
    assert majorities(cities, "half") == [-1, -1, -1, -1]  # 3 of 7 is not over half
    big = [counts(mask(c)) for c in ("2H 3H 4H 5H", "6H", "7H")]
    assert majorities(big, "half")[2] == 0
    st = position(
        ["2S 2D 4H 5H 6H", "3S 3D 7H 8H", "4S 4D 9H"], ["KC", "8S", "9S"], "AH", majority="half"
    )
    st.apply("pass", 0)
    assert st.scores == [8, 6, 4]  # 3 of 6 housing: no bonus
    assert city_points([counts(c) for c in st.cities], "most")[0] == 13


def test_a_payment_in_progress_is_private_and_cancel_changes_nothing() -> None:
    st = dealt(["KC QH 3D", "4C 5C 6C"], "")
    before = [st.observation(v) for v in (0, 1, "spectator")]
    for a in ("spend KC", "build 3D"):
        st.apply(a, 0)
    for v, b in zip((1, "spectator"), before[1:], strict=True):
        now = st.observation(v)
        assert (now.zones, now.history, now.seats) == (b.zones, b.history, b.seats)
    st.apply("cancel", 0)
    assert st.observation(0).zones == before[0].zones
    with pytest.raises(IllegalActionError):
        st.apply("done", 0)


def test_spent_cards_and_buildings_are_public_once_paid() -> None:
    st = dealt(["KC QH 3D", "4C 5C 6C"], "")
    for a in ("spend KC", "build 3D", "done"):
        st.apply(a, 0)
    obs = st.observation(1)
    assert obs.zone("discard").cards == tuple(parse_cards("KC"))
    assert parse_cards("3D")[0] in obs.zone("city", 0).cards
    assert obs.history[-2].text == "North spends K♣ ($10) and builds 3♦ (factory $10)"


def test_the_bot_builds_banks_first_and_pays_with_the_least_waste() -> None:
    # the example hand: K♦ 9♥ pay for the bank then the house, as in the text
    plan = plan_payment(parse_cards("KD 7H 9H 4C"), (2, 2, 0, 3), [(0, 1, 0, 1)], 0.9)
    assert plan == ["spend KD", "spend 9H", "build 4C", "build 7H"]
    # early on, the K♦ factory is worth more than a house, and 7♥ 9♥ pay for it
    early = plan_payment(parse_cards("KD 7H 9H 4C"), (2, 2, 0, 3), [(0, 1, 0, 1)], 0.0)
    assert early == ["spend 7H", "spend 9H", "build 4C", "build KD"]
    assert plan_payment(parse_cards("AC 2H"), (0, 1, 0, 1), [(0, 1, 0, 1)], 0.0) == []


def test_the_bot_plays_its_plan_through_the_staged_steps() -> None:
    st = position(["2S 3S 4S 2C 3C 2D 3D", "5S 6D"], ["KD 7H 9H 4C", "8C"], "AH 2H 5H 6H")
    bot = IndustryBot(0)
    while st.to_move == (0,):
        st.apply(bot.act(st.observation(0)), 0)
    # four cards left in the stack: the bot plays the text's turn
    assert counts(st.cities[0]) == (3, 2, 1, 3) and st.hands[0] == mask("AH 2H 5H")


def test_a_seeded_match_with_bots_ends_with_every_card_accounted_for() -> None:
    m = Match("industry", agents=["heuristic", "random", "heuristic"], seed=3, players=3)
    m.run()
    st = m.state
    assert isinstance(st, IndustryState) and st.terminal and not st.stock
    held = sum(h.bit_count() for h in st.hands) + sum(c.bit_count() for c in st.cities)
    assert held + len(st.discard) == 52
    assert sum(st.scores) == sum(city_points([counts(c) for c in st.cities]))


def test_sampled_worlds_keep_what_the_seat_saw() -> None:
    m = Match("industry", agents=["heuristic"] * 3, seed=5, players=3)
    for _ in range(25):
        m.step()
    st = m.state
    obs = st.observation(1)
    world = IndustryState.sample_world(st.game, obs, random.Random(0))
    assert world.observation(1) == obs
