"""Black Snake scenarios from explicit deals: every rule and ruling, the laying example of
the rule text, the bot and the sampled worlds.

``start`` deals explicitly: each hand, the open cards and the deck's top cards in the
order they come off (the rest of the deck below them).  Where a test needs a position
deep in a game it sets the table straight into the state (``lay_out``): positions play
could reach, set up without the turns that lead there.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import CARDS, parse_cards
from cardlab.core.errors import IllegalActionError
from cardlab.core.match import Match
from cardlab.games.black_snake import (
    BlackSnakeBot,
    BlackSnakeState,
    best_lay,
    points,
    run_from,
    step,
)

NORTH, SOUTH = 0, 1


def idx(cards: str) -> list[int]:
    return [c.index for c in parse_cards(cards)]


def start(
    hands: list[str],
    open_cards: str = "9C 9D 9H",
    top: str = "7S 4S",
    **options: Any,
) -> BlackSnakeState:
    """A game dealt with these hands and open cards, the deck's top cards ``top`` in the
    order they come off (the tracks are turned from them first)."""
    game = cardlab.load("black_snake", players=len(hands), **options)
    dealt = [" ".join(h.split()[:3]) for h in hands]
    extra = [" ".join(h.split()[3:]) for h in hands]
    # a longer hand takes its further cards out of the deck (from its bottom), as if drawn
    named = set(idx(" ".join(hands) + " " + open_cards + " " + top))
    rest = [CARDS[i].code for i in range(52) if i not in named]
    stock = " ".join([top, *rest, *extra])
    st = game.new_state()
    st.apply(game.deal(hands=dealt, open=open_cards, stock=stock, rng=random.Random(1)))
    assert isinstance(st, BlackSnakeState)
    if st.current == "chance":  # pictures turned for a track: the deck is shuffled again
        st.apply(st.sample_chance(random.Random(2)))
    for s, more in enumerate(extra):
        for i in idx(more):
            st.stock.remove(i)
            st.hands[s] |= 1 << i
    return st


def lay_out(
    st: BlackSnakeState,
    *,
    tracks: list[str] | None = None,
    hands: list[str] | None = None,
    open_cards: str | None = None,
    stock: str | None = None,
) -> None:
    """Set the table: each track bottom first, each hand, the open cards, the deck top
    last.  Cards not named stay out of the game."""
    if tracks is not None:
        st.tracks.piles = [idx(t) for t in tracks]
    if hands is not None:
        st.hands = [sum(1 << i for i in idx(h)) for h in hands]
    if open_cards is not None:
        st.open = idx(open_cards)
    if stock is not None:
        st.stock = idx(stock)


def lay(st: BlackSnakeState, seat: int, track: int, cards: str) -> None:
    st.apply(f"track {track}", seat)
    for c in cards.split():
        st.apply(f"lay {c}", seat)
    st.apply("done", seat)


def refused(st: BlackSnakeState, act: str, seat: int) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def tops(st: BlackSnakeState) -> list[str]:
    return [CARDS[p[-1]].text for p in st.tracks.piles]


# ----------------------------------------------------------------- setup
def test_the_deal_turns_one_track_per_player_and_shuffles_pictures_back() -> None:
    game = cardlab.load("black_snake", players=3)
    st = game.new_state()
    st.apply(
        game.deal(
            hands=["AS 2S 3S", "AH 2H 3H", "AD 2D 3D"],
            open="9C 9D 9H",
            stock="KS 7S QH 4S 9S",
            rng=random.Random(1),
        )
    )
    assert isinstance(st, BlackSnakeState)
    # the pictures turned go back into the deck, named, and the deck is shuffled again
    assert st.current == "chance" and "K♠ Q♥, turned for a track" in st.events[0].text
    st.apply(st.sample_chance(random.Random(2)))
    assert st.to_move == (NORTH,)
    assert tops(st) == ["7♠", "4♠", "9♠"]
    assert st.open == idx("9C 9D 9H")
    assert {CARDS[i].code for i in st.stock} >= {"KS", "QH"}
    assert [st.hands[s].bit_count() for s in range(3)] == [3, 3, 3]
    assert len(st.stock) == 52 - 3 - 9 - 3
    obs = st.observation(NORTH)
    assert obs.zone("tracks").board is not None
    assert [z.name for z in obs.zones][:1] == ["tracks"]


def test_the_first_player_is_an_option() -> None:
    st = start(["AS 2S 3S", "AH 2H 3H"], first_player=1)
    assert st.to_move == (SOUTH,)


# ----------------------------------------------------------------- drawing
def test_a_draw_takes_two_cards_from_the_deck_or_the_open_cards() -> None:
    st = start(["AS 2S 3S", "AH 2H 3H"], top="7S 4S 5C 6C 8D")
    assert set(map(str, st.legal_actions(NORTH))) >= {"draw stock", "draw 9C", "draw 9D"}
    st.apply("draw 9D", NORTH)
    # refilled at once into the same place, from the deck
    assert [CARDS[i].code for i in st.open] == ["9C", "5C", "9H"]
    assert st.to_move == (NORTH,) and st.phase.name == "draw"
    # the card just turned up may be the second card
    assert "draw 5C" in map(str, st.legal_actions(NORTH))
    refused(st, "track 1", NORTH)
    st.apply("draw stock", NORTH)
    assert st.hands[NORTH] >> idx("9D")[0] & 1 and st.hands[NORTH] >> idx("6C")[0] & 1
    assert st.to_move == (SOUTH,)
    # the deck draw is seen by its drawer only, the open card by all
    south = st.observation(SOUTH)
    assert "9♦" in south.history[-3].text and "6♣" not in " ".join(e.text for e in south.history)


def test_a_draw_takes_fewer_cards_when_the_deck_and_the_open_cards_run_dry() -> None:
    st = start(["AS 2S 3S", "AH 2H 3H"])
    lay_out(st, tracks=["7S", "4S"], open_cards="9C", stock="")
    st.apply("draw 9C", NORTH)
    assert st.to_move == (SOUTH,) and st.open == []


# ----------------------------------------------------------------- laying
def test_the_laying_example_of_the_rule_text() -> None:
    """Tracks 7 and 4; a hand of A, 3, 5, 6, 2, 3."""
    hand = "AS 3S 5S 6S 2S 3H"
    for track, cards, got in [(2, "3S 2S AS", 5), (1, "6S 5S", 3), (2, "5S 6S", 3)]:
        st = start([hand, "9S TS JS"])
        assert tops(st) == ["7♠", "4♠"]
        lay(st, NORTH, track, cards)
        assert st.scores[NORTH] == got
        assert tops(st)[track - 1] == CARDS[idx(cards.split()[-1])[0]].text
    # 3, 2 then 3 on the 4 turns round mid-lay
    st = start([hand, "9S TS JS"])
    st.apply("track 2", NORTH)
    st.apply("lay 3S", NORTH)
    st.apply("lay 2S", NORTH)
    assert "lay 3H" not in map(str, st.legal_actions(NORTH))
    assert "does not continue the run" in refused(st, "lay 3H", NORTH)
    # after the lay only the top card shows, and the next lay may go either way from it
    st.apply("lay AS", NORTH)
    st.apply("done", NORTH)
    assert CARDS[st.tracks.top(1)].code == "AS"
    st.apply("draw stock", SOUTH)
    st.apply("draw stock", SOUTH)
    lay_out(st, hands=["2C TC", "KC"])
    got = {str(a) for a in st.legal_actions(NORTH)}
    assert "track 2" in got
    st.apply("track 2", NORTH)
    assert {"lay 2C", "lay TC"} <= {str(a) for a in st.legal_actions(NORTH)}


def test_the_direction_settles_itself_and_the_run_wraps_ten_to_ace() -> None:
    st = start(["TS AH 9D", "2C 3C 4C"], open_cards="5C 5D 5H", top="TC 4S")
    st.apply("track 1", NORTH)
    assert {"lay AH", "lay 9D"} <= {str(a) for a in st.legal_actions(NORTH)}
    st.apply("lay AH", NORTH)  # 10 then Ace: going up
    assert "going up" in st.prompt(NORTH)
    assert "lay 9D" not in map(str, st.legal_actions(NORTH))
    st.apply("done", NORTH)
    assert "going up" in st.events[-1].text if st.events[-1].kind == "lay" else True
    # Ace then 10 goes down
    assert step(1, -1) == 10 and step(10, 1) == 1
    lay_out(st, hands=["TS 9D", "2C"])
    st.apply("draw stock", SOUTH)
    st.apply("draw stock", SOUTH)
    lay(st, NORTH, 1, "TS 9D")
    lay_event = [e for e in st.events if e.kind == "lay"][-1]
    assert "going down" in lay_event.text


def test_pictures_are_wild_but_never_end_a_lay() -> None:
    st = start(["KS QH 8D", "2C 3C 4C"], top="5C 4S")
    st.apply("track 1", NORTH)
    st.apply("lay KS", NORTH)  # a 6 (up) or a 4 (down), whichever the run turns out
    assert "a lay may not end on a picture" in refused(st, "done", NORTH)
    st.apply("lay QH", NORTH)  # 7 or 3
    assert "lay 8D" in map(str, st.legal_actions(NORTH))
    st.apply("lay 8D", NORTH)
    st.apply("done", NORTH)
    lay_event = [e for e in st.events if e.kind == "lay"][-1]
    assert "K♠ (as 6)" in lay_event.text and "Q♥ (as 7)" in lay_event.text
    assert st.scores[NORTH] == 5 and tops(st)[0] == "8♦"


def test_a_picture_is_offered_only_when_a_number_card_can_still_follow() -> None:
    st = start(["KS 6D 2C", "3C 4C 8C"], open_cards="9C 9S 9H", top="5C 4S")
    st.apply("track 1", NORTH)
    # 5 with a picture: a 7 or a 3 would have to follow; the hand has neither
    assert "lay KS" not in map(str, st.legal_actions(NORTH))
    assert "no number card of yours could follow" in refused(st, "lay KS", NORTH)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_points_by_the_length_of_the_lay(count: int) -> None:
    run = "2S 3S 4S 5S 6S"
    st = start([run, "9S TS JS"], top="AS 8C")
    lay(st, NORTH, 1, " ".join(run.split()[:count]))
    assert st.scores[NORTH] == points(count) == (1, 3, 5, 7, 7)[count - 1]


def test_back_and_cancel_change_nothing_on_the_table() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    before = st.observation(SOUTH)
    st.apply("track 1", NORTH)
    st.apply("lay 2S", NORTH)
    st.apply("lay 3S", NORTH)
    # South sees nothing of the lay in progress
    assert st.observation(SOUTH).zones == before.zones
    st.apply("back", NORTH)
    assert "1 card for 1 point" in st.prompt(NORTH)
    st.apply("cancel", NORTH)
    assert st.scores == [0, 0] and st.to_move == (NORTH,) and tops(st) == ["A♠", "8♣"]


def test_refusals_name_the_rule() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    assert "there are 2 tracks" in refused(st, "track 3", NORTH)
    assert "no run from your hand" in refused(st, "track 2", NORTH)
    assert "choose a track first" in refused(st, "lay 2S", NORTH)
    assert "not an open card" in refused(st, "draw 5H", NORTH)
    assert "may pass only" in refused(st, "pass", NORTH)
    st.apply("track 1", NORTH)
    assert "one track" in refused(st, "track 2", NORTH)
    assert "finish the lay first" in refused(st, "draw stock", NORTH)


# ----------------------------------------------------------------- the deck
def test_an_empty_deck_is_rebuilt_from_the_cards_under_the_track_tops() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    lay_out(st, tracks=["5H 6H 7H", "9C 8C"], open_cards="AC AD AH", stock="KD")
    st.apply("draw stock", NORTH)
    # the deck ran out: a chance step shuffles the buried cards into a new deck
    assert st.current == "chance"
    st.apply(st.sample_chance(random.Random(3)))
    assert sorted(st.stock) == sorted(idx("5H 6H 9C"))
    assert tops(st) == ["7♥", "8♣"] and st.open == idx("AC AD AH")
    assert st.to_move == (NORTH,) and st.phase.name == "draw"
    assert any(e.kind == "reshuffle" for e in st.events)
    # the new deck's order is nobody's to see
    assert all(not hasattr(c, "rank") for c in st.observation(SOUTH).zone("stock").cards)


def test_a_lay_onto_an_empty_deck_buries_a_card_that_is_reshuffled_at_once() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    lay_out(st, tracks=["AS", "8C"], open_cards="", stock="")
    lay(st, NORTH, 1, "2S")
    assert st.current == "chance"
    st.apply(st.sample_chance(random.Random(1)))
    # the single buried card became the deck, and at once an open card
    assert st.stock == [] and st.open == idx("AS")
    assert st.to_move == (SOUTH,)


def test_forced_laying_when_nothing_can_be_drawn() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    lay_out(st, tracks=["AS", "8C"], open_cards="", stock="")
    acts = {str(a) for a in st.legal_actions(NORTH)}
    assert acts == {"track 1"}
    assert "must lay" in refused(st, "pass", NORTH)
    assert "nothing left to draw" in refused(st, "draw stock", NORTH)
    assert "lay a run" in st.prompt(NORTH)


def test_a_player_who_can_neither_draw_nor_lay_passes_and_all_passing_ends_the_game() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C")
    lay_out(st, tracks=["5H", "5D"], hands=["2S", "9S"], open_cards="", stock="")
    st.scores[SOUTH] = 4
    assert [str(a) for a in st.legal_actions(NORTH)] == ["pass"]
    st.apply("pass", NORTH)
    assert st.to_move == (SOUTH,)
    st.apply("pass", SOUTH)
    assert st.terminal and st.winners() == (SOUTH,)


# ----------------------------------------------------------------- the end
@pytest.mark.parametrize(("target", "ends"), [(30, True), (40, False)])
def test_the_game_ends_the_moment_a_player_reaches_the_target(target: int, ends: bool) -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C", target=target)
    lay_out(st, hands=["2S 3S 4S 5S", "9S TS JS"])
    st.scores[NORTH] = 24
    lay(st, NORTH, 1, "2S 3S 4S 5S")
    assert st.terminal is ends
    if ends:
        assert st.winners() == (NORTH,) and st.scores[NORTH] == 31


def test_the_turn_cap_ends_the_game_with_the_leader_winning() -> None:
    st = start(["2S 3S 4S", "9S TS JS"], top="AS 8C", max_turns=2)
    lay(st, NORTH, 1, "2S")
    st.apply("draw stock", SOUTH)
    st.apply("draw stock", SOUTH)
    assert st.terminal and st.winners() == (NORTH,)
    assert "cap of 2 turns" in [e for e in st.events if e.kind == "hand_over"][-1].text


# ----------------------------------------------------------------- bot and worlds
def test_the_bot_lays_at_most_four_cards_and_prefers_numbers_to_pictures() -> None:
    hand = parse_cards("2S 3S 4S 5S 6S KH")
    assert len(run_from(hand, 1, 1)) == 4
    got, plan = best_lay(parse_cards("3S KH 5S"), [2, 9])
    assert got == 5 and plan == ["track 1", "lay 3S", "lay KH", "lay 5S"]
    assert best_lay(parse_cards("KH QS"), [2, 9]) == (0, [])


def test_the_bot_plays_whole_games_and_its_lays_go_step_by_step() -> None:
    m = Match(cardlab.load("black_snake", players=3), seed=2, agents="heuristic")
    m.run()
    assert m.state.terminal
    steps = [str(a) for _, a in m.history]
    assert any(s.startswith("track ") for s in steps) and "done" in steps
    assert BlackSnakeBot.name == "heuristic"


def test_sampled_worlds_agree_with_what_the_seat_sees() -> None:
    game = cardlab.load("black_snake", players=3)
    rng = random.Random(5)
    st = game.new_state()
    checked = 0
    while not st.terminal and checked < 25:
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
            continue
        seat = st.to_move[0]
        obs = st.observation(seat)
        world = BlackSnakeState.sample_world(game, obs, rng)
        got = world.observation(seat)
        assert (got.zones, got.legal, got.phase) == (obs.zones, obs.legal, obs.phase)
        checked += 1
        acts = st.legal_actions(seat)
        st.apply(acts[rng.randrange(len(acts))], seat)
