"""All Fours: every rule from explicit deals, the refusals, the views, worlds and bots.

Seats with four players are North 0, East 1, South 2, West 3; with two, North 0 and
South 1.  North deals first, so the eldest (the dealer's left) is seat 1.  A deal is
written as each seat's six cards, the upcard, and the top of the stock in the order a
run hands it out: three cards for each seat from the dealer's left round to the dealer,
then the new upcard.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance.test_conformance import (
    Chooser,
    check_cards_conserved,
    check_events,
    check_views,
    playout,
)
from oracles import oracle_for

import cardlab
from cardlab import IllegalActionError, Match, OptionError
from cardlab.core.cards import parse_card, parse_cards
from cardlab.core.observation import Back, Peek
from cardlab.core.search import SearchAgent
from cardlab.games.all_fours import AllFoursBot, game_count, run_size

# Four seats for the trump-making scenarios: no spade or heart in any hand.
FOUR = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2D 3D 4D 5D 6D", "7D 8D 9D TD QD AD"]
# A run of the cards (the refused suit is diamonds): East, South, West, North, upcard.
HEARTS_RUN = "2H 3H 4H  5H 6H 7H  8H 9H TH  JH QH KH"


def match(
    hands: list[str], upcard: str, stock: str = "", players: int = 4, **options: Any
) -> Match:
    game = cardlab.load("all_fours", players, **options)
    deal = game.deal(hands, upcard=upcard, stock=stock.split() or None)
    return Match(game, deal=deal, seed=0)


def legal(m: Match, seat: int | None = None) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


def plays(text: str) -> set[str]:
    return {f"play {c.code}" for c in parse_cards(text)}


def refuse(m: Match, act: str, seat: int | None, phrase: str) -> None:
    """``act`` is refused with ``phrase`` in its reason, and nothing changes."""
    before = (m.observation(None), list(m.history), m.state.current, list(m.events))
    with pytest.raises(IllegalActionError) as err:
        m.play(act, seat)
    assert phrase in err.value.reason, err.value.reason
    assert (m.observation(None), m.history, m.state.current, m.events) == before


def lines(m: Match, hand: int = -1) -> list[tuple[str, int, str]]:
    names = m.state.names
    return [(names[ln.seat], ln.points, ln.reason) for ln in m.state.results[hand].lines]


def script(m: Match, *tricks: str) -> None:
    """Play cards in turn order, one trick per string."""
    for trick in tricks:
        for card in trick.split():
            m.play(f"play {card}")


# ------------------------------------------------------------------ making trumps
def test_the_deal_shows_the_upcard_and_the_eldest_stands_or_begs() -> None:
    m = match(FOUR, "KD")
    obs = m.observation(1)
    assert len(obs.my_hand) == 6 and m.state.current == 1
    assert obs.zone("upcards").cards == (parse_card("KD"),)
    assert len(obs.zone("stock").cards) == 52 - 4 * 6 - 1
    assert all(isinstance(e, Back) for e in obs.zone("hand", 0).cards)
    assert legal(m) == {"stand", "beg"}
    assert obs.prompt.startswith("The upcard is K♦: 'stand' to make diamonds trumps")
    assert obs.info["trump"] == "—" and obs.info["eldest"] == "East"
    assert "North deals hand 1; the upcard is K♦" in m.event_texts("spectator")
    refuse(m, "give", None, "the dealer, North, gives or refuses only after East begs")
    refuse(m, "stand", 0, "it is not North's turn; waiting for East")
    refuse(m, "play 8C", None, "'play' is not an action East can take now")


def test_standing_makes_the_upcard_suit_trumps_and_the_eldest_leads() -> None:
    m = match(FOUR, "KD")
    m.play("stand")
    assert m.state.trump == 1 and m.state.phase == "play" and m.state.current == 1
    assert m.observation(0).info["trump"] == "♦"
    assert m.event_texts()[-2:] == ["East stands: diamonds are trumps", "Diamonds are trumps"]
    assert m.state.scores == [0, 0, 0, 0] and not m.state.pending
    assert len(m.observation(1).my_hand) == 6


def test_begging_lets_the_dealer_give_the_eldest_one_point() -> None:
    m = match(FOUR, "KD")
    m.play("beg")
    assert m.state.current == 0 and legal(m) == {"give", "refuse"}
    assert m.observation(0).prompt == (
        "East begs: 'give' East 1 point and keep diamonds as trumps, or 'refuse' and run the cards"
    )
    refuse(m, "stand", None, "East has begged; the dealer now gives a point or refuses")
    m.play("give")
    assert m.state.scores == [0, 1, 0, 0]  # counted at once, before any card is played
    assert m.state.trump == 1 and m.state.current == 1 and m.state.phase == "play"
    assert "North gives East one point: diamonds stay" in m.event_texts()
    assert m.observation(2).value(0, "said") == "give"
    assert m.observation(2).value(1, "said") == "beg"
    while m.state.results == []:
        m.play(m.legal_actions()[0])
    assert ("East", 1, "the gift") in lines(m)


def test_refusing_runs_the_cards_from_the_dealers_left_and_everyone_discards() -> None:
    m = match(FOUR, "KD", HEARTS_RUN + " AS")
    m.play("beg")
    m.play("refuse")
    st = m.state
    assert st.trump == 3 and st.phase == "discard" and st.current == 1
    batches = {1: "2H 3H 4H", 2: "5H 6H 7H", 3: "8H 9H TH", 0: "JH QH KH"}
    for seat, batch in batches.items():
        held = set(m.observation(seat).my_hand)
        assert set(parse_cards(batch)) <= held and len(held) == 9
    assert m.observation(0).zone("upcards").cards == parse_cards("KD AS")
    assert len(m.observation(0).zone("stock").cards) == 27 - 13
    texts = m.event_texts("spectator")
    assert "North refuses the gift and runs the cards" in texts
    assert "East receives three more cards" in texts
    assert "North gives everyone three more cards and turns up A♠" in texts
    assert "East receives 2♥ 3♥ 4♥" in m.event_texts(1)
    assert "East receives 2♥ 3♥ 4♥" not in m.event_texts(2)
    assert st.scores == [0, 0, 0, 0]  # an Ace turned up scores nothing
    # Discards: East first, down to six, then South, West and North.
    assert m.observation(1).prompt == "Throw away 3 more cards face down, to keep six"
    refuse(m, "discard 5H", 2, "it is not South's turn; waiting for East")
    refuse(m, "discard 5H", None, "you don't hold 5♥ in your hand")
    for card in ["2H", "3H", "8C"]:
        m.play(f"discard {card}")
    assert m.state.current == 2
    for seat in (0, 2, 3, "spectator"):
        shown = m.observation(seat).zone("discards", 1).cards
        assert len(shown) == 3 and all(isinstance(e, Back) for e in shown)
    assert set(m.observation(1).zone("discards", 1).cards) == set(parse_cards("2H 3H 8C"))
    assert set(m.observation(None).zone("discards", 1).cards) == set(parse_cards("2H 3H 8C"))
    assert "East discards a card face down" in m.event_texts(2)
    assert "East discards 8♣" in m.event_texts(1)
    for seat in (2, 3, 0):
        assert m.state.current == seat
        for _ in range(3):
            m.play(m.legal_actions()[0])
    assert [len(m.observation(s).my_hand) for s in range(4)] == [6, 6, 6, 6]
    assert m.state.phase == "play" and m.state.current == 1


def test_a_new_upcard_of_the_refused_suit_runs_the_cards_again() -> None:
    hands = [FOUR[0], FOUR[1], FOUR[2], "7D 8D 9D TD QD AD"]
    second = "AH 2S 3S  4S 5S 6S  7S 8S 9S  TS QS KS"
    m = match(hands, "KD", f"{HEARTS_RUN} JD {second} JS")
    m.play("beg")
    m.play("refuse")
    st = m.state
    assert [c.code for c in m.observation(0).zone("upcards").cards] == ["KD", "JD", "JS"]
    assert "J♦ is of the refused suit again: the cards are run once more" in m.event_texts()
    # The J♦ called for another run and scores nothing; the J♠ became trumps and scores.
    assert st.trump == 3 and st.scores == [1, 0, 0, 0]
    assert "North turned up the J♠ as trumps and scores 1 for it" in m.event_texts()
    assert [len(m.observation(s).my_hand) for s in range(4)] == [12, 12, 12, 12]
    assert m.observation(1).prompt == "Throw away 6 more cards face down, to keep six"
    assert len(m.observation(1).zone("stock").cards) == 1


def test_the_same_dealer_deals_the_hand_again_when_the_stock_cannot_feed_a_run() -> None:
    hands = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2H 3H 4H 5H 6H", "7H 8H 9H TH JH QH"]
    stock = "2S 3S 4S  5S 6S 7S  8S 9S TS  JS QS KS  2D  AS KH AH  3D 4D 5D  6D 7D 8D  9D TD KD  QD"
    game = cardlab.load("all_fours", first_upcard_jack=True)
    state = game.new_state()
    state.apply(game.deal(hands, upcard="JD", stock=stock.split()))
    assert state.scores == [1, 0, 0, 0]  # the older rule: the J♦ scores when turned
    state.apply("beg", 1)
    state.apply("refuse", 0)
    # Two runs turned up diamonds again; one card is left: the cards are gathered and
    # shuffled, and the same dealer deals the same hand again.
    assert [c.code for c in state.observation(0).zone("upcards").cards] == ["JD", "2D", "QD"]
    texts = [e.text for e in state.events]
    assert "The stock holds 1 card, too few for a run of 13: North deals again" in texts
    assert state.current == "chance" and state.chance is not None
    assert state.chance.kind == "shuffle" and not state.between_hands
    again = ["AS KS QS JS TS 9S", "2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2H 3H 4H 5H 6H"]
    state.apply("shuffle" + game.deal(again, upcard="AH")[4:])
    assert state.current == 1 and state.dealer == 0 and state.hand_number == 0
    assert not state.results and state.scores == [1, 0, 0, 0]  # the point scored stays
    assert state.observation(0).my_hand == parse_cards("9S TS JS QS KS AS")
    assert state.observation(0).zone("upcards").cards == (parse_card("AH"),)
    assert state.observation(1).info["deals"] == 2
    assert [e.text for e in state.events][-1] == "North deals hand 1 again; the upcard is A♥"
    state.apply("stand", 1)
    while not state.results:
        state.apply(state.legal_actions()[0])
    assert ("North", 1, "the J♦ turned up") in [
        (state.names[ln.seat], ln.points, ln.reason) for ln in state.results[0].lines
    ]


def test_with_seven_players_a_refused_gift_always_means_a_new_deal() -> None:
    assert run_size(7) == 22 > 52 - 7 * 6 - 1
    m = Match("all_fours", players=7, seed=4, max_deals=2)
    for deal in (1, 2):
        assert m.state.dealer == 0 and m.state.current == 1 and m.state.deals == deal
        m.play("beg")
        m.play("refuse")
    # The second redeal would exceed max_deals: the game stops, nobody having scored.
    assert m.terminal and len(m.state.results) == 1
    assert m.state.winners() == tuple(range(7))
    assert m.state.outcome is not None
    assert m.state.outcome.summary.startswith(
        "No deal is left of the 2 allowed. Nobody reached 7 in 2 deals."
    )


@pytest.mark.parametrize(("older", "points"), [(False, [0, 0, 0, 0]), (True, [1, 0, 0, 0])])
def test_a_jack_as_the_first_upcard_scores_only_under_the_older_rule(
    older: bool, points: list[int]
) -> None:
    hands = [FOUR[0], FOUR[1], FOUR[2], "7D 8D 9D TD QD AD"]
    m = match(hands, "JD", HEARTS_RUN + " AS", first_upcard_jack=older)
    assert m.state.scores == points and m.state.current == 1
    m.play("beg")
    m.play("refuse")  # the older rule's point stays, whatever suit becomes trumps
    assert m.state.scores == points and m.state.trump == 3


# ------------------------------------------------------------------ the play
# Trumps are diamonds (East stands on the K♦).
PLAY_DEAL = ["2C 3C 4S 5S 6S 7S", "8C 9C TC 2H 3S 8S", "AC KC 7H 8H 2D 3D", "5C 6C 9H TH 4D 5D"]


def test_follow_suit_or_trump_and_trumps_win() -> None:
    m = match(PLAY_DEAL, "KD")
    m.play("stand")
    m.play("play 8C")
    # South holds clubs: a club or a trump, not a heart.
    assert legal(m) == plays("AC KC 2D 3D")
    refuse(m, "play 7H", None, "must follow suit: you hold ♣ in hand, or play a trump (♦)")
    m.play("play 2D")  # a trump while holding clubs is allowed
    assert legal(m) == plays("5C 6C 4D 5D")
    m.play("play 4D")
    assert legal(m) == plays("2C 3C")  # North has no trump: clubs only
    m.play("play 2C")
    assert m.events[-1].text == "West takes the trick with 4♦"
    m.play("play 9H")
    assert legal(m) == plays("3C 4S 5S 6S 7S")  # no heart: anything
    m.play("play 4S")
    assert legal(m) == plays("2H")
    script(m, "2H 7H")
    assert m.events[-1].text == "West takes the trick with 9♥"  # the 4♠ is no trump
    assert m.observation(2).value(3, "tricks") == 2


def test_the_highest_card_of_the_suit_led_wins_aces_high() -> None:
    m = match(PLAY_DEAL, "KD")
    m.play("stand")
    script(m, "8C KC 5C 3C")
    assert m.events[-1].text == "South takes the trick with K♣"
    script(m, "AC 6C 2C 9C")
    assert m.events[-1].text == "South takes the trick with A♣"


# ------------------------------------------------------------------ scoring
# Two players: North deals, South stands on the 8♠.
SCORING = ["AS JS TH TD 5C 6C", "KS 2S 9H 9D 3C 4C"]


def test_high_low_jack_and_game_go_to_the_right_players() -> None:
    m = match(SCORING, "8S", players=2)
    m.hold = True  # the finished hand stays on the table
    m.play("stand")
    m.play("play 2S")
    assert legal(m) == plays("JS AS")  # trumps led: trumps must follow
    m.play("play AS")
    script(m, "JS KS", "9H TH", "TD 9D", "5C 3C", "6C 4C")
    assert lines(m) == [
        ("North", 1, "High (A♠)"),  # North played the best trump
        ("North", 1, "Low (2♠)"),  # South played the 2♠, North took it
        ("South", 1, "Jack (J♠)"),  # North played the J♠, South took it
        ("North", 1, "Game (24)"),
    ]
    assert [game_count(t) for t in m.state.taken] == [24, 4]
    texts = m.event_texts()
    assert "Low: North took 2♠, the lowest trump played" in texts
    assert "Game: North counts the most (North 24, South 4)" in texts
    assert m.state.results[-1].summary == "High: North, Low: North, Jack: South, Game: North"


def test_no_trump_played_and_a_tie_for_game_score_nothing() -> None:
    m = match(["TD 6C 7C 8C 9C 2H", "TH 2C 3C 4C 5C 7D"], "8S", players=2)
    m.play("stand")
    script(m, "TH 2H", "2C 6C", "TD 7D", "7C 3C", "8C 4C", "9C 5C")
    assert m.state.results[-1].points == (0, 0)
    texts = m.event_texts()
    assert "No trump was played: nobody scores High or Low" in texts
    assert "The Jack of ♠ was not played: nobody scores Jack" in texts
    assert "Game: North and South tie with 10 (North 10, South 10): nobody scores it" in texts


def test_game_counts_tens_aces_kings_queens_and_jacks() -> None:
    def count(text: str) -> int:
        return game_count(sum(1 << c.index for c in parse_cards(text)))

    assert count("TC AD KH QS JC") == 20
    assert count("9C 8D 2H") == 0
    assert count(" ".join(c.code for c in cardlab.load("all_fours").deck.cards)) == 80


# A game of three hands between two players: South (eldest on hands 1 and 3) takes four
# points, then two, and then needs one.
SOUTH_TAKES_ALL = ["3C 4C 5C 6C 7C 8C", "AS KS QS JS TS 2S"]
SOUTH_TAKES_TWO = ["TH AH TD AD KH KD", "AS 2S 3H 4H 3D 4D"]


def six_to_one(third: list[str]) -> Match:
    """The match as hand 3 (``third``, upcard 9♠) is dealt, South on 6 and North on 1."""
    game = cardlab.load("all_fours", 2)
    deals = [
        game.deal(SOUTH_TAKES_ALL, upcard="9S"),
        game.deal(SOUTH_TAKES_TWO, upcard="5S"),
        game.deal(third, upcard="9S"),
    ]
    m = Match(game, deal=deals, seed=0)
    m.play("stand")
    while m.state.hand_number == 0:
        m.play(m.legal_actions()[0])
    assert m.state.scores == [0, 4]
    assert m.state.dealer == 1 and m.state.current == 0  # the deal passed left
    m.play("stand")
    script(m, "TH 3H", "AH 4H", "KH 2S", "3D TD", "AD 4D", "KD AS")
    assert lines(m) == [
        ("South", 1, "High (A♠)"),
        ("South", 1, "Low (2♠)"),
        ("North", 1, "Game (28)"),
    ]
    assert m.state.scores == [1, 6]
    assert m.state.dealer == 0 and m.state.current == 1  # hand 3: North deals again
    return m


def test_the_gift_counts_at_once_and_can_win_before_a_card_is_played() -> None:
    m = six_to_one(SOUTH_TAKES_ALL)
    m.play("beg")
    m.play("give")
    assert m.terminal and m.state.winners() == (1,) and m.state.scores == [1, 7]
    assert m.state.trick_number == 0 and len(m.observation(1).my_hand) == 6
    assert m.state.outcome is not None
    assert m.state.outcome.summary == (
        "South reaches 7 points with the gift. South wins with 7 (the highest total)"
    )


def test_the_first_to_reach_seven_wins_at_once_and_later_points_are_not_scored() -> None:
    m = six_to_one(SOUTH_TAKES_ALL)
    m.play("stand")
    while not m.terminal:
        m.play(m.legal_actions()[0])
    assert lines(m) == [("South", 1, "High (A♠)")]  # Low, Jack and Game are never reached
    assert m.state.winners() == (1,) and m.state.scores == [1, 7]


def test_the_bot_dealer_never_gives_the_winning_point() -> None:
    m = six_to_one(["AS KS QS JS 2S 3S", "4C 5C 6C 7C 8C 9C"])
    m.play("beg")
    bot = AllFoursBot(0)
    assert bot.act(m.observation(0)) == "refuse"  # a strong hand, but the gift would lose


# ------------------------------------------------------------------ options and input
def test_options_and_player_counts_are_checked() -> None:
    with pytest.raises(OptionError, match="must be between 1 and 1,000"):
        cardlab.load("all_fours", max_deals=0)
    with pytest.raises(OptionError, match="wrong type"):
        cardlab.load("all_fours", first_upcard_jack="yes")
    with pytest.raises(OptionError, match="played by 2, 3, 4, 5, 6 or 7 players"):
        cardlab.load("all_fours", 8)
    game = cardlab.load("all_fours", 3)
    with pytest.raises(IllegalActionError, match="A♠ is dealt twice"):
        game.deal(["AS 2S 3S 4S 5S 6S", "AS"])
    with pytest.raises(IllegalActionError, match="holds 6 here"):
        game.deal(["AS 2S 3S 4S 5S 6S 7S"])


def test_a_finished_game_refuses_every_action() -> None:
    m = six_to_one(SOUTH_TAKES_ALL)
    m.play("beg")
    m.play("give")
    with pytest.raises(IllegalActionError, match="the game is over"):
        m.state.apply("play 2S", 1)


# ------------------------------------------------------------------ what players see
@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_views_events_and_cards_follow_the_oracle(players: int, seed: int) -> None:
    game = cardlab.load("all_fours", players, hands=4)
    state = game.new_state()
    oracle = oracle_for(game)
    seen = 0
    for seat, act in playout(state, Chooser(game, seed, bots=True)):
        oracle.step(seat, act)
        check_views(state, oracle, len(state.events) - seen)
        check_events(state.events[seen:], state, oracle)
        seen = len(state.events)
        check_cards_conserved(state, oracle)


def test_the_stock_is_backs_to_players_and_hidden_faces_to_the_teacher() -> None:
    m = match(FOUR, "KD")
    stock = m.observation(2).zone("stock").cards
    assert len(stock) == 27 and all(isinstance(e, Back) for e in stock)
    teacher = m.observation(None)
    assert all(isinstance(e, Peek) for e in teacher.zone("stock").cards)
    assert teacher.zone("hand", 3).cards == parse_cards("7D 8D 9D TD QD AD")


def test_seat_figures_follow_the_hand() -> None:
    m = match(PLAY_DEAL, "KD")
    assert m.observation(0).value(1, "tricks") is None
    m.play("stand")
    script(m, "8C KC 5C 3C")
    obs = m.observation(0)
    assert obs.value(1, "said") == "stand"
    assert [obs.value(s, "tricks") for s in range(4)] == [0, 0, 1, 0]
    assert obs.value(2, "for game") == 3  # the K♣


# ------------------------------------------------------------------ worlds and bots
def same_view(a: Any, b: Any) -> bool:
    def facts(e: Any) -> Any:
        return (e.kind, e.seat, e.cards, e.hidden, e.data)

    return (
        a.zones == b.zones
        and a.legal == b.legal
        and (a.phase, a.to_move, a.scores, a.info) == (b.phase, b.to_move, b.scores, b.info)
        and [facts(e) for e in a.history] == [facts(e) for e in b.history]
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampled_worlds_show_the_seat_what_it_saw_through_runs_and_discards(
    players: int,
) -> None:
    rng = random.Random(players)
    game = cardlab.load("all_fours", players, max_deals=3)
    checked = {"beg": 0, "gift": 0, "discard": 0, "play": 0}
    for seed in range(6):
        state = game.new_state()
        choose = random.Random(seed)
        while not state.terminal:
            if state.current == "chance":
                state.apply(state.sample_chance(choose))
                continue
            seat = state.to_move[0]
            obs = state.observation(seat)
            world = game.spec.state_class.sample_world(game, obs, rng)
            assert same_view(world.observation(seat), obs)
            checked[obs.phase] += 1
            legal_now = state.legal_actions(seat)
            # refuse more often than chance would, to see many runs
            act = "refuse" if "refuse" in legal_now else choose.choice(legal_now)
            state.apply(act, seat)
    assert all(checked.values()), checked


# Four hands whose refused K♦ is followed by two more diamonds: a redeal.
SHORT = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC", "AC 2H 3H 4H 5H 6H", "7H 8H 9H TH JH QH"]
SHORT_RUNS = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2D AS KH AH 3D 4D 5D 6D 7D 8D 9D TD JD QD"


@pytest.mark.parametrize("players", [4, 7])
def test_worlds_after_a_redeal_replay_the_deal_that_was_thrown_in(players: int) -> None:
    rng = random.Random(players)
    game = cardlab.load("all_fours", players, hands=1, first_upcard_jack=True)
    checked = 0
    for seed in range(4):
        state = game.new_state()
        choose = random.Random(seed)
        if players == 4:
            state.apply(game.deal(SHORT, upcard="KD", stock=SHORT_RUNS.split()))
        redeals = 0
        while not state.terminal:
            if state.current == "chance":
                state.apply(state.sample_chance(choose))
                continue
            seat = state.to_move[0]
            if redeals:
                obs = state.observation(seat)
                world = game.spec.state_class.sample_world(game, obs, rng)
                assert same_view(world.observation(seat), obs)
                checked += 1
            legal_now = state.legal_actions(seat)
            if "refuse" in legal_now:  # beg and refuse until a redeal has happened
                act = "refuse" if not redeals else choose.choice(legal_now)
            elif "beg" in legal_now and not redeals:
                act = "beg"
            else:
                act = choose.choice(legal_now)
            state.apply(act, seat)
            redeals = sum(e.kind == "redeal" for e in state.events)
    assert checked


def test_a_world_deals_the_unseen_cards_afresh() -> None:
    m = match(FOUR, "KD", HEARTS_RUN + " AS")
    m.play("beg")
    m.play("refuse")
    obs = m.observation(1)
    game = m.game
    others = set()
    for seed in range(20):
        world = game.spec.state_class.sample_world(game, obs, random.Random(seed))
        others.add(world.observation(None).zone("hand", 2).cards)
        assert world.observation(1) == obs
    assert len(others) > 10


def test_the_search_bot_plays_a_whole_hand() -> None:
    game = cardlab.load("all_fours", 3, hands=1)
    bot = SearchAgent(0, 1, iterations=20)
    m = Match(game, seed=3, agents=[bot, "heuristic", "heuristic"])
    m.run()
    assert m.terminal and len(m.state.results) == 1


def test_the_heuristic_bot_stands_on_strong_trumps_and_begs_on_weak_ones() -> None:
    bot = AllFoursBot(1)
    strong = match(
        ["2C 3C 4C 5C 6C 7C", "AD JD 2D 8C 9C TC", "AC 2H 3H 4H 5H 6H", "7H 8H 9H TH JH QH"], "KD"
    )
    assert bot.act(strong.observation(1)) == "stand"
    weak = match(FOUR, "KD")
    assert bot.act(weak.observation(1)) == "beg"


def test_the_heuristic_bot_outscores_random_players() -> None:
    df = cardlab.simulate(
        "all_fours", ["heuristic", "random", "random", "random"], n=60, seed=2, hands=1,
        progress=False,
    )  # fmt: skip
    bot = df["score_0"].mean()
    assert bot > df[["score_1", "score_2", "score_3"]].mean().max()
