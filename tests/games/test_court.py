"""Court: every rule from explicit deals, the scoring table row by row, the bot.

Seats are North 0 and South 1 at two players (North 0, East 1, West 2 at three); hands
pass to the next seat.  ``turn(st, "QS", "KH JH")`` makes one turn's choices, seat by
seat: a second card spends the joker, ``keep`` declines to.
"""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab import IllegalActionError
from cardlab.core.cards import CARDS, parse_card, parse_cards
from cardlab.games.court import CourtBot, pair_of, round_lines

NORTH = "KS QS JS AS AH 2C 3C 4C JK1"
SOUTH = "KH QH JH AD AC 5C 6C 7C JK2"


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def new(hands: list[str], players: int = 2, **options: object) -> cardlab.core.state.State:
    game = cardlab.load("court", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(hands=hands))
    return st


def turn(st: cardlab.core.state.State, *choices: str) -> None:
    for seat, words in enumerate(choices):
        for w in words.split():
            st.apply(w if w == "keep" else f"pick {w}", seat)


def court(st: cardlab.core.state.State, seat: int) -> str:
    return " ".join(CARDS[c].code for c in st.court[seat])


def lines(courts: list[str]) -> list[list[tuple[int, str]]]:
    return round_lines([idx(c) for c in courts])


def points(courts: list[str]) -> list[int]:
    return [sum(p for p, _ in mine) for mine in lines(courts)]


# ------------------------------------------------------------------ the deal
@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 8), (4, 7)])
def test_hand_sizes_by_table_and_the_rest_set_aside(players: int, size: int) -> None:
    game = cardlab.load("court", players=players)
    st = game.new_state()
    st.apply(st.sample_chance(random.Random(1)))
    assert [h.bit_count() for h in st.hands] == [size] * players
    assert st.aside.bit_count() == 54 - players * size
    assert st.to_move == tuple(range(players))


def test_jokers_option_takes_them_out() -> None:
    for jokers, total in ((0, 52), (1, 53), (2, 54)):
        st = cardlab.load("court", players=2, jokers=jokers).new_state()
        st.apply(st.sample_chance(random.Random(2)))
        assert sum(h.bit_count() for h in st.hands) + st.aside.bit_count() == total


# --------------------------------------------------------- choosing and passing
def test_choices_are_secret_until_all_have_chosen_then_hands_pass_left() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "AS")
    south = st.observation(1)
    assert "AS" not in " ".join(str(c) for z in south.zones for c in z.cards if z.owner == 0)
    assert all("A♠" not in e.text for e in south.history)
    assert south.zone("picks", 0).cards == ()
    assert len(south.zone("hand", 0).cards) == 9  # the count does not move either
    assert st.court == [[], []]
    turn(st, "", "AD")
    assert court(st, 0) == "AS" and court(st, 1) == "AD"
    # North now holds what South had left, and South North's
    assert st.hands[0] == sum(1 << i for i in idx(SOUTH)) & ~(1 << parse_card("AD").index)
    assert st.hands[1] == sum(1 << i for i in idx(NORTH)) & ~(1 << parse_card("AS").index)
    texts = [e.text for e in st.observation(1).history]
    assert "North plays A♠" in texts and "South plays A♦" in texts


def test_a_passer_remembers_the_hand_it_passed() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "AS", "AD")
    mine = [e for e in st.observation(0).history if e.kind == "pass" and e.seat == 0]
    assert set(mine[0].hidden) == set(parse_cards(NORTH)) - {parse_card("AS")}
    theirs = [e for e in st.observation(0).history if e.kind == "pass" and e.seat == 1]
    assert set(theirs[0].hidden) == set(parse_cards(SOUTH)) - {parse_card("AD")}
    hands = ["KS QS JS AS AH 2C 3C 4C", "KH QH JH AD AC 5C 6C 7C", "KD QD JD 2D 3D 4D 5D 6D"]
    three = new(hands, 3)
    turn(three, "AS", "AD", "2D")
    east_hand = [e for e in three.observation(0).history if e.kind == "pass" and e.seat == 1]
    assert east_hand and not east_hand[0].hidden  # North never held the hand East passed on


def test_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    st = new([NORTH, SOUTH])
    before = st.clone()
    with pytest.raises(IllegalActionError):
        st.apply("pick KH", 0)
    with pytest.raises(IllegalActionError):
        st.apply("keep", 0)
    assert st.court == before.court and st.chosen == before.chosen


def test_every_card_is_played_and_the_last_card_without_asking() -> None:
    st = new([NORTH, SOUTH], rounds=1)
    order = [("AS", "AD")]
    turn(st, *order[0])
    for _ in range(7):
        turn(st, st.legal_actions(0)[0].args[0], st.legal_actions(1)[0].args[0])
    # the ninth card needs no choice: the round is scored and the game over
    assert st.terminal
    assert len(st.court[0]) + len(st.court[1]) == 18
    assert any(e.kind == "last" for e in st.events)


# ------------------------------------------------------------------- pairing
@pytest.mark.parametrize(
    ("a", "b", "name", "pts"),
    [
        ("KS", "QH", "marriage", 5),
        ("JC", "KD", "intrigue", 4),
        ("QS", "JS", "affair", 3),
        ("KS", "KH", "misunderstanding", 0),
        ("QD", "QC", "misunderstanding", 0),
        ("JH", "JD", "misunderstanding", 0),
    ],
)
def test_picture_pairings(a: str, b: str, name: str, pts: int) -> None:
    assert pair_of(parse_card(a).index, parse_card(b).index) == (name, pts)
    assert points([f"{a} {b}", ""])[0] == pts


def test_pictures_pair_in_the_order_played_and_a_single_one_scores_nothing() -> None:
    # K then J then Q: the K and J are an intrigue, the Q waits alone
    assert points(["KS JH QD", ""])[0] == 4
    assert points(["KS QD JH", ""])[0] == 5
    assert points(["KS", ""])[0] == 0
    assert points(["KS KH QS JS", ""])[0] == 3  # a misunderstanding, then an affair


def test_a_pair_is_announced_when_it_forms() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "KS", "AD")
    turn(st, "QH", "AS")  # North now holds South's hand
    said = [e.text for e in st.events if e.kind == "pair"]
    assert said == ["North pairs K♠ with Q♥: marriage (5)"]
    assert st.observation(1).zone("court", 0).tags == ("marriage", "marriage")


# ---------------------------------------------------------------------- aces
@pytest.mark.parametrize(("aces", "pts"), [(0, 0), (1, 5), (2, 3), (3, 1), (4, 0)])
def test_aces_score_more_the_fewer(aces: int, pts: int) -> None:
    assert points([" ".join(["AS", "AH", "AD", "AC"][:aces]), ""])[0] == pts


# -------------------------------------------------------------------- wealth
def test_wealth_goes_to_the_highest_pips_of_each_suit_counting_2_to_10_only() -> None:
    # North: 10 clubs pips against South's 9 clubs; South's AC and KC do not count
    assert points(["TC", "9C AC KC"]) == [5, 5]  # South's ace is a unicum
    assert lines(["TC", "9C KC"])[0] == [(5, "wealth in ♣ (10 pips)")]
    assert points(["2S 3S 4S 5S", "TS 4H"]) == [5, 5]


def test_wealth_ties_split_and_the_remainder_is_dropped() -> None:
    assert points(["9D", "5D 4D"]) == [2, 2]
    assert points(["9D", "5D 4D", "7D 2D"]) == [1, 1, 1]
    assert lines(["9D", "5D 4D"])[0] == [(2, "shared wealth in ♦ (9 pips)")]


def test_a_suit_total_of_nothing_never_wins() -> None:
    assert points(["AS KS", "QH"]) == [5, 0]  # no numbers: no wealth at all


# --------------------------------------------------------------------- jokers
def test_the_joker_is_played_then_spent_for_two_cards_in_order() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "JK1", "AD")
    assert court(st, 0) == "JK1"
    # North now holds South's hand less A♦; it may spend the joker on a second card
    turn(st, "KH")
    assert st.to_move == (0, 1) and "keep" in st.legal_actions(0)
    assert "spend your joker" in st.observation(0).prompt
    turn(st, "QH", "AS")
    assert court(st, 0) == "KH QH"
    assert any("spends the Joker and plays K♥ then Q♥" in e.text for e in st.events)
    # the joker went back into the hand North passed on: South may take it
    assert st.hands[1] >> 52 & 1
    turn(st, "KS", "JK1")
    assert court(st, 1) == "AD AS JK1"


@pytest.mark.parametrize(
    ("order", "pairing"), [("QS JS", "marriage K♥ Q♠"), ("JS QS", "intrigue K♥ J♠")]
)
def test_the_order_given_decides_the_pairing(order: str, pairing: str) -> None:
    st = new([NORTH, SOUTH], rounds=1)
    turn(st, "JK1", "AD")
    turn(st, "KH keep", "AS")  # the K♥ waits for a partner
    turn(st, order, "QH")  # spending: the first of the two pairs with the K♥
    assert court(st, 0) == f"KH {order}"
    while not st.terminal:
        turn(st, st.legal_actions(0)[0].args[0], st.legal_actions(1)[0].args[0])
    assert pairing in {r.reason for r in st.results[0].lines if r.seat == 0}


def test_keeping_the_joker_and_spending_it_later() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "JK1", "AD")
    turn(st, "5C keep", "AS")
    assert court(st, 0) == "JK1 5C"
    turn(st, "2C 3C", "AC")
    assert court(st, 0) == "5C 2C 3C"


def test_no_spending_in_the_turn_the_joker_is_played_nor_without_one() -> None:
    st = new([NORTH, SOUTH])
    turn(st, "JK1")
    assert st.legal_actions(0) == ()
    assert "keep" not in st.legal_actions(1)
    with pytest.raises(IllegalActionError, match="no joker"):
        st.apply("keep", 1)


def test_spending_with_two_cards_left_hands_on_the_joker_as_the_last_card() -> None:
    st = new([NORTH, SOUTH], rounds=1)
    turn(st, "JK1", "AD")
    for _ in range(6):
        turn(st, st.legal_actions(0)[0].args[0] + " keep", st.legal_actions(1)[0].args[0])
    a, b = (x.args[0] for x in st.legal_actions(0)[:2])
    turn(st, f"{a} {b}", st.legal_actions(1)[0].args[0])
    assert st.terminal
    assert st.court[1][-1] == 52  # South played the joker as its last card
    south = [r for r in st.results[0].lines if r.seat == 1]
    assert all("Joker" not in r.reason for r in south)


# -------------------------------------------------------------------- the game
def test_three_rounds_and_the_highest_total_wins() -> None:
    game = cardlab.load("court", players=3)
    st = game.new_state()
    rng = random.Random(5)
    while not st.terminal:
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
            continue
        seat = st.to_move[0]
        acts = st.legal_actions(seat)
        st.apply(acts[rng.randrange(len(acts))], seat)
    assert len(st.results) == 3
    best = max(st.scores)
    assert st.outcome.winners == tuple(s for s in range(3) if st.scores[s] == best)


def test_a_whole_round_scored_from_a_deal() -> None:
    st = new(["KS QS 9D AS 2H 3H 4H 5H 6H", "KH JH TD AH 7C 8C 9C TC 2C"], rounds=1)
    turn(st, "KS", "KH")
    turn(st, "JH", "QS")  # North: K♠ J♥ intrigue; South: K♥ Q♠ marriage
    turn(st, "AS", "AH")
    turn(st, "TD", "9D")
    while not st.terminal:
        turn(st, st.legal_actions(0)[0].args[0], st.legal_actions(1)[0].args[0])
    n_lines = {r.reason for r in st.results[0].lines if r.seat == 0}
    s_lines = {r.reason for r in st.results[0].lines if r.seat == 1}
    assert "intrigue K♠ J♥" in n_lines and "marriage K♥ Q♠" in s_lines
    assert "unicum (1 ace)" in n_lines and "unicum (1 ace)" in s_lines
    assert "wealth in ♦ (10 pips)" in n_lines


def test_the_bot_plays_whole_games_from_its_observation() -> None:
    m = cardlab.Match("court", players=3, seed=3, agents=["heuristic"] * 3)
    m.run()
    assert m.state.terminal
    assert CourtBot.name == "heuristic"


def test_a_sampled_world_keeps_the_hands_a_seat_has_held() -> None:
    hands = ["KS QS JS AS AH 2C 3C 4C", "KH QH JH AD AC 5C 6C 7C", "KD QD JD 2D 3D 4D 5D 6D"]
    st = new(hands, 3)
    turn(st, "AS", "AD", "2D")
    rng = random.Random(4)
    for _ in range(5):
        world = type(st).sample_world(st.game, st.observation(0), rng)
        # North passed its hand to East: it knows that hand to the card
        assert world.hands[0] == st.hands[0] and world.hands[1] == st.hands[1]
        assert world.court == st.court
    turn(st, "KD", "KS", "KH")
    for _ in range(5):
        world = type(st).sample_world(st.game, st.observation(0), rng)
        assert world.hands == st.hands  # every hand has passed through North's
