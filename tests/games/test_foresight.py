"""Foresight: every rule from explicit deals, the worked examples, scoring, winning, the bot.

Seats are numbered clockwise from 0 and play passes to seat + 1.  Most scenarios deal with
``first_dealer`` set to the last seat so that seat 0 bids first; seat 0 then bids highest,
becomes the leader, skips the exchange and leads the first trick.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from oracles import cards_in_value

import cardlab
from cardlab import IllegalActionError, Match
from cardlab.core.cards import JOKERS, STANDARD, Card, parse_card, parse_cards
from cardlab.core.errors import OptionError
from cardlab.core.foresight import DEFAULT_BACKS, design_of, load_backs, register_foresight
from cardlab.core.observation import Back, Peek
from cardlab.games.foresight import ForesightBot, bid_points

JK = JOKERS[0]


def table(
    players: int = 4,
    hands: Any = (),
    holes: Any = (),
    trump: str = "5H",
    bids: tuple[str, ...] = (),
    exchange: str | None = "skip",
    **options: Any,
) -> Match:
    """A match dealt from explicit cards; seat 0 bids first and (by default) leads."""
    game = cardlab.load("foresight", players=players, first_dealer=players - 1, **options)
    deal = game.deal(hands, holes, trump=trump, rng=random.Random(1))
    m = Match(game, seed=0, deal=deal)
    bids = bids or ("bid 5 5 5",) + ("bid 0 0 1",) * (players - 1)
    for b in bids:
        m.play(b)
    if exchange is not None:
        m.play(exchange)
    return m


def legal(m: Match, seat: int | None = None) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


def plays(text: str) -> set[str]:
    return {f"play {c.code}" for c in parse_cards(text)}


def refuse(m: Match, act: str, phrase: str, seat: int | None = None) -> None:
    """``act`` is refused with ``phrase`` in its reason, and nothing changes."""
    before = (m.observation(None), list(m.history), m.state.current, list(m.events))
    with pytest.raises(IllegalActionError) as err:
        m.play(act, seat)
    assert phrase in err.value.reason, err.value.reason
    assert (m.observation(None), m.history, m.state.current, m.events) == before


def hand_cards(m: Match, seat: int) -> set[Card]:
    return set(m.observation(seat).my_hand)


def zone_faces(obs: Any) -> set[Card]:
    """Every face any zone of ``obs`` shows (teacher peeks included)."""
    return {c for z in obs.zones for c in cards_in_value(z.cards)}


def finish_hand(m: Match) -> None:
    hand = m.state.hand_number
    while not m.state.terminal and m.state.hand_number == hand:
        m.play(m.legal_actions()[0])


# ------------------------------------------------------------------ the deal
@pytest.mark.parametrize(
    ("players", "hole", "size", "left"), [(3, 4, 17, 1), (4, 3, 13, 0), (5, 2, 10, 2)]
)
def test_deal_sizes_holes_and_left_over_cards(
    players: int, hole: int, size: int, left: int
) -> None:
    m = Match("foresight", seed=4, players=players)
    st = m.state
    teacher = m.observation(None)
    for s in range(players):
        assert len(st.holes[s]) == hole
        assert len(teacher.zone("hand", s)) == size - hole
    assert len(teacher.zone("out")) == left
    assert len(teacher.zone("trump")) == 1
    # Bidding starts left of the dealer (seat 0 deals first).
    assert m.state.current == 1 and m.state.phase == "bid"
    assert m.observation(1).info["tricks"] == size


def test_the_deal_action_lists_indicator_then_seat_by_seat_hole_then_hand() -> None:
    game = cardlab.load("foresight", players=5)
    deal = game.deal({0: "AS KS"}, {0: "2C 3C"}, trump="7D", out="4H 5H")
    cards = [c.code for c in deal.cards]
    assert cards[0] == "7D"
    assert cards[1:3] == ["2C", "3C"] and cards[3:5] == ["AS", "KS"]
    assert cards[-2:] == ["4H", "5H"]
    st = game.new_state()
    st.apply(deal)
    assert st.trump == 1 and st.holes[0] == [parse_card("2C").index, parse_card("3C").index]
    with pytest.raises(IllegalActionError, match="dealt twice"):
        game.deal({0: "AS"}, {1: "AS"})
    with pytest.raises(IllegalActionError, match="holds 2"):
        game.deal((), {0: "2C 3C 4C"})


def test_trump_indicator_is_public_and_sets_trumps() -> None:
    m = table(trump="9C")
    for viewer in (0, 1, "spectator"):
        obs = m.observation(viewer)
        assert obs.zone("trump").cards == (parse_card("9C"),)
        assert obs.info["trump"] == "♣"
    assert "clubs are trumps" in " ".join(m.event_texts("spectator"))
    (trump,) = [e for e in m.events if e.kind == "trump"]
    assert trump.cards == (parse_card("9C"),) and trump.get("trump") == "♣"
    m.play("play 4S")
    assert m.events[-1].cards == (parse_card("4S"),) and m.events[-1].get("from") == "hand"


def test_seat_values_show_bids_and_tricks_and_the_prompts_are_plain_words() -> None:
    m = Match("foresight", seed=1, players=4)
    assert "Bid three trick counts from 0 to 13" in m.observation(1).prompt
    m.play("bid 2 3 4")
    obs = m.observation("spectator")
    assert [obs.value(s, "bid") for s in range(4)] == ["—", "2-3-4", "—", "—"]
    for b in ("bid 5 5 5", "bid 0 0 0", "bid 1 1 1"):
        m.play(b)
    assert "pick up one of your hole cards" in m.observation(2).prompt
    m.play("skip")
    assert "Play a card to the trick" in m.observation(2).prompt
    finish_hand(m)
    m2 = table(players=4)
    for _ in range(4):
        m2.play(m2.legal_actions()[0])
    obs = m2.observation(3)
    assert sum(obs.value(s, "tricks") for s in range(4)) == 1


def test_a_joker_indicator_means_no_trumps_and_no_joker_in_play() -> None:
    m = table(trump="JK1", hands={0: "AS 2S"})
    assert m.observation(0).info["trump"] == "none"
    assert "no trumps" in " ".join(m.event_texts(0))
    st = m.state
    everywhere = [*st.holes[0], *st.holes[1], *st.holes[2], *st.holes[3], *st.out]
    assert JK.index not in everywhere and not any(h >> 52 & 1 for h in st.hands)
    # Without trumps the highest card of the led suit wins, whatever else is played.
    m2 = table(
        trump="JK1",
        hands={0: "2S", 1: "3S", 2: "AC 4S", 3: "KS AH"},
        holes={1: "2H 3H 2D", 2: "3D 2C 3C", 3: "4C 5C 6C"},
    )
    for act in ("play 2S", "play 3S", "play 4S", "play KS"):
        m2.play(act)
    assert m2.state.tricks_won[3] == 1 and m2.state.current == 3


def test_hidden_cards_show_backs_holes_even_to_their_owner() -> None:
    m = Match("foresight", seed=9, players=3)
    st = m.state
    own = m.observation(0)
    for s in range(3):
        row = own.zone("hole", s).cards
        assert all(isinstance(e, Back) for e in row)
        assert [e.design for e in row] == [design_of(DEFAULT_BACKS[_c(i)]) for i in st.holes[s]]
    assert all(isinstance(e, Card) for e in own.zone("hand", 0).cards)
    assert all(isinstance(e, Back) for e in own.zone("hand", 1).cards)
    assert all(isinstance(e, Back) for e in own.zone("out").cards)
    teacher = m.observation(None)
    assert all(isinstance(e, Peek) for e in teacher.zone("hole", 0).cards)
    assert all(isinstance(e, Peek) for e in teacher.zone("out").cards)
    spectator = m.observation("spectator")
    assert zone_faces(spectator) == {_c(st.indicator)}
    assert zone_faces(own) == {_c(st.indicator)} | hand_cards(m, 0)


def _c(i: int) -> Card:
    return STANDARD[i] if i < 52 else JK


# ----------------------------------------------------------------- bidding
def test_bids_are_three_numbers_from_zero_to_the_tricks() -> None:
    m = Match("foresight", seed=1, players=4)
    acts = m.legal_actions()
    assert acts[0] == "bid 0 0 0" and acts[-1] == "bid 13 13 13"
    assert len(acts) == 560  # multisets of three numbers out of 0..13
    refuse(m, "bid 3 4 14", "from 0 to 13")
    refuse(m, "bid 3 4", "three whole numbers")
    assert m.play("bid 5 3 4") == "bid 3 4 5"  # typed in any order, stored sorted
    assert m.observation(2).value(1, "bid") == "3-4-5"
    assert m.event_texts(3)[-1] == "East bids 3-4-5"
    assert m.events[-1].get("bid") == (3, 4, 5)
    with pytest.raises(IllegalActionError, match="'02' starts with a zero: write it as '2'"):
        m.play("bid 4 2 02")  # one spelling per number
    assert m.play(" BID 4  2 2 ") == "bid 2 2 4"


@pytest.mark.parametrize("text", ["bid 1 2 ²", "bid 1 2 ３", "bid ３ 4 5", "bid 1 2 -3"])
def test_bid_numbers_are_ascii_digits_only(text: str) -> None:
    m = Match("foresight", seed=1, players=4)
    refuse(m, text, "digits 0-9")


def test_hole_and_take_numbers_are_ascii_digits_only() -> None:
    m = table(players=3, holes={0: "2C 7H AS 9D"}, hands={0: "QD"}, exchange=None)
    refuse(m, "take ３", "1 to 4, in the digits 0-9")
    refuse(m, "take ²", "1 to 4, in the digits 0-9")
    m.play("skip")
    for text in ("play hole ²", "play hole ３", "play hole 01", "play hole x"):
        refuse(m, text, "digits 0-9")
    refuse(m, "play hole 5", "your hole holds 4 cards")


def test_a_replay_with_a_non_ascii_number_is_a_replay_error() -> None:
    from cardlab.core.errors import ReplayError
    from cardlab.core.replay import Replay

    m = Match("foresight", seed=1, players=4)
    m.play("bid 1 2 3")
    good = m.to_replay().to_dict()
    for bad in ("bid 1 2 ²", "bid ３ 4 5"):
        data = dict(good, actions=[*good["actions"], [2, bad]])
        with pytest.raises(ReplayError, match="digits 0-9"):
            Replay.from_dict(data)
    m.play("bid 0 0 1")
    m.play("bid 0 0 1")
    m.play("bid 0 0 1")
    m.play("skip")
    good = m.to_replay().to_dict()
    data = dict(good, actions=[*good["actions"], [m.state.current, "play hole ²"]])
    with pytest.raises(ReplayError, match="digits 0-9"):
        Replay.from_dict(data)


def test_the_leader_bid_the_largest_sum_ties_to_the_earliest_bidder() -> None:
    game = cardlab.load("foresight", players=3)  # seat 0 deals: seat 1 bids first
    m = Match(game, seed=2)
    for b in ("bid 3 4 5", "bid 4 4 4", "bid 1 2 3"):
        m.play(b)
    assert m.state.phase == "take" and m.state.current == 1
    assert m.observation(2).info["leader"] == 1
    assert m.events[-1].kind == "leader" and m.events[-1].seat == 1
    m = Match(game, seed=2)
    for b in ("bid 3 4 5", "bid 4 4 5", "bid 9 9 9"):
        m.play(b)
    assert m.state.current == 0


# ---------------------------------------------------------------- exchange
def test_the_leader_picks_up_a_hole_card_and_lays_one_back_which_only_it_knows() -> None:
    m = table(players=3, holes={0: "2C 7H AS 9D"}, hands={0: "QD"}, exchange=None)
    assert legal(m) == {"take 1", "take 2", "take 3", "take 4", "skip"}
    refuse(m, "take 5", "1 to 4")
    refuse(m, "take 0", "1 to 4")
    m.play("take 2")
    assert parse_card("7H") in hand_cards(m, 0)
    assert m.state.phase == "put" and len(m.state.holes[0]) == 3
    # Only the leader reads which card came up; everyone sees which hole card moved.
    assert m.event_texts(0)[-1] == "North picks up hole card 2: 7♥"
    assert m.event_texts(1)[-1] == "North picks up hole card 2 (back ♥♠)"
    assert "put QD" in legal(m) and "put 7H" in legal(m)
    refuse(m, "put 3S", "you don't hold 3♠")
    m.play("put QD")
    row0 = m.observation(0).zone("hole", 0).cards
    row1 = m.observation(1).zone("hole", 0).cards
    assert row0[1] is parse_card("QD")  # the leader's view shows the card it laid
    assert isinstance(row1[1], Back) and row1[1].design == "♣♦♠"
    # The teacher marks as hidden only the hole cards nobody knows: not the one laid.
    teacher_row = m.observation(None).zone("hole", 0).cards
    assert teacher_row[1] is parse_card("QD")
    assert all(isinstance(e, Peek) for i, e in enumerate(teacher_row) if i != 1)
    assert all(isinstance(e, Back) for i, e in enumerate(row0) if i != 1)
    assert "QD" not in " ".join(m.event_texts(1)) and "Q♦" not in " ".join(m.event_texts(1))
    # The exchange as data: the cards are hidden facts for the leader alone.
    take, put = m.events[-2:]
    assert (take.kind, take.hidden, take.audience, take.get("place")) == (
        "take",
        (parse_card("7H"),),
        (0,),
        2,
    )
    assert (put.kind, put.hidden, put.audience) == ("put", (parse_card("QD"),), (0,))
    assert take.seen_by(1).hidden == () and put.seen_by("spectator").hidden == ()
    assert m.state.hole_known[0] == 1 << parse_card("QD").index and not any(m.state.hole_known[1:])
    # The buried Queen now goes out as a hole card, not from the hand; the leader knows
    # where it lies, so a refusal may say so.
    assert "play QD" not in legal(m) and "play hole 2" in legal(m)
    refuse(m, "play QD", "that is a hole card: play it by its place in the row ('play hole 2')")
    m.play("play hole 2")
    assert m.observation(1).zone("trick").cards == (parse_card("QD"),)
    assert m.event_texts(2)[-1] == "North plays Q♦ from the hole"
    played = m.events[-1]
    assert played.cards == (parse_card("QD"),) and played.get("from") == "hole"
    assert not any(m.state.hole_known)
    # The row closed up: three cards left, counted 1 to 3 as they lie now.
    assert len(m.observation(0).zone("hole", 0).cards) == 3


def test_the_leader_may_put_back_the_same_card_or_skip() -> None:
    m = table(players=5, holes={0: "2C 9D"}, exchange=None)
    m.play("take 1")
    m.play("put 2C")
    assert m.state.holes[0] == [parse_card("2C").index, parse_card("9D").index]
    assert m.observation(0).zone("hole", 0).cards[0] is parse_card("2C")
    m = table(players=5, holes={0: "2C 9D"}, exchange="skip")
    assert m.state.phase == "play" and m.state.current == 0
    assert all(isinstance(e, Back) for e in m.observation(0).zone("hole", 0).cards)


# --------------------------------------------------------------- following
def amy_table() -> Match:
    """The rule text's example: Amy 0, Bayani 1, Colleen 2, Dan 3; hearts are trumps."""
    return table(
        players=4,
        trump="5H",
        holes={0: "2C 3C 2D", 1: "7H 3D 2H", 2: "4D 6H 3H", 3: "TD 4C 5C"},
        hands={
            0: "4S AC KC QC JC TC 9C 8C 7C 6C",
            1: "KS 8S",
            2: "9S 3S",
            3: "8H 9H 5D 6D 7D 8D 9D JD QD KD",
        },
    )


def test_worked_example_amy_bayani_colleen_dan() -> None:
    m = amy_table()
    m.play("play 4S")  # Amy leads the four of spades
    # Bayani holds spades; his first hole card shows ♠ on its back (7♥: ♥♠) and counts.
    b = legal(m, 1)
    assert "play hole 1" in b and {"play KS", "play 8S"} <= b
    assert "play hole 2" not in b and "play hole 3" not in b
    assert all(a.startswith("play hole") or parse_card(a.split()[1]).suit == 3 for a in b)
    refuse(m, "play hole 2", "does not show ♠")
    m.play("play hole 1")
    assert m.event_texts(3)[-1] == "Bayani plays 7♥ from the hole".replace("Bayani", "East")
    # Colleen holds spades and no hole card with ♠ on the back: spades from hand only.
    c = legal(m, 2)
    assert c == {a for a in c if a.startswith("play ") and "hole" not in a}
    assert all(parse_card(a.split()[1]).suit == 3 for a in c) and "play 9S" in c
    # The 4♦ lies in Colleen's hole, but she does not know it: the refusal must not say so.
    refuse(m, "play 4D", "you don't hold 4♦")
    refuse(m, "play hole 1", "does not show ♠")
    m.play("play 9S")
    # Dan has no spades: anything goes, and the ♠-backed hole card does not bind him.
    d = legal(m, 3)
    assert plays("8H 9H 5D KD") <= d and {"play hole 1", "play hole 2", "play hole 3"} <= d
    m.play("play 8H")
    assert m.state.tricks_won == [0, 0, 0, 1]
    assert m.event_texts(0)[-1] == "West takes the trick with 8♥"
    assert m.state.current == 3 and m.state.trick == []  # Dan leads the next trick


def test_a_hole_card_counts_as_following_only_for_legality() -> None:
    # The hole card's face is a club: it follows ♠ (back ♣♠) but cannot win a ♠ trick.
    m = table(
        players=4,
        trump="5H",
        holes={1: "9C 2D 3D"},
        hands={0: "4S", 1: "KS", 2: "5S", 3: "6S"},
    )
    m.play("play 4S")
    assert "play hole 1" in legal(m)
    m.play("play hole 1")
    m.play("play 5S")
    m.play("play 6S")
    assert m.state.tricks_won == [0, 0, 0, 1]


def test_a_seat_with_only_hole_cards_left_plays_any_of_them() -> None:
    # The first legal action is always a hand card while one is allowed, so after eight
    # tricks every seat of a five-player hand holds just its two hole cards.
    m = table(players=5, trump="5H", holes={1: "2D 3D"})
    for _ in range(8 * 5):
        m.play(m.legal_actions()[0])
    assert all(not hand_cards(m, s) for s in range(5))
    m.play("play hole 1")
    led = m.observation(None).info["led"]
    off_suit = 0
    for _ in range(4):
        seat = m.state.current
        assert legal(m) == {"play hole 1", "play hole 2"}
        backs = [e.design for e in m.observation(seat).zone("hole", seat).cards]
        off_suit += sum(led not in d for d in backs)
        m.play("play hole 2")
    assert off_suit  # some of them could not have followed by their backs


def test_nobody_must_lead_or_follow_from_the_hole_and_a_hole_card_may_be_led() -> None:
    m = table(players=4, holes={0: "2C 3C 2D"}, hands={0: "4S AC"})
    assert {"play hole 1", "play hole 2", "play hole 3", "play 4S", "play AC"} <= legal(m)
    m.play("play hole 2")
    assert m.observation(1).info["led"] == "♣"


# ----------------------------------------------------------------- the Joker
def test_the_joker_is_the_lowest_trump() -> None:
    m = table(
        players=5,
        trump="5S",
        hands={
            0: "AC 2D 3D 4D 5D 6D 7D 8D",
            1: "KC 9D TD JD QD KD AD 2H",
            2: "JK1 QH 3H 4H 5H 6H 7H 8H",
            3: "2C 9H TH JH KH AH 3C 4C",
            4: "5C 6C 7C 8C 9C TC JC QC",
        },
    )
    m.play("play AC")
    m.play("play KC")
    assert "play JK1" in legal(m)  # void in clubs
    m.play("play JK1")
    m.play("play 2C")
    m.play("play 5C")
    assert m.state.tricks_won[2] == 1  # a trump, even the Joker, beats the led suit's Ace
    m = table(
        players=5,
        trump="5S",
        hands={
            0: "JK1 AC KC QC JC TC 9C 8C",
            1: "2S AD KD QD JD TD 9D 8D",
            2: "7C 6C 5C 4C 3C 2C 7D 6D",
            3: "AH KH QH JH TH 9H 8H 7H",
            4: "6H 5H 4H 3H 2H 5D 4D 3D",
        },
    )
    m.play("play JK1")
    assert m.observation(1).info["led"] == "♠"  # a led Joker makes trumps the led suit
    assert plays("2S") <= legal(m) and not plays("AD KD") & legal(m)
    for act in ("play 2S", "play 7C", "play AH", "play 6H"):
        m.play(act)
    assert m.state.tricks_won[1] == 1  # the trump two beats the Joker


def test_a_joker_in_hand_must_follow_a_trump_lead() -> None:
    # Seat 1's only trump in hand is the Joker; hole cards with ♠ on the back count too.
    m = table(
        players=4,
        trump="5S",
        hands={0: "3S", 1: "JK1 AC KC QC JC TC 9C 8C 7C 6C"},
        holes={1: "2H 3H 2D"},
    )
    m.play("play 3S")
    assert legal(m, 1) == {"play JK1"}
    refuse(m, "play AC", "must follow suit: you hold ♠")


def test_a_joker_in_the_hole_can_follow_anything() -> None:
    m = table(players=4, trump="5S", hands={0: "3D", 1: "4D"}, holes={1: "JK1 2H 3H"})
    m.play("play 3D")
    assert "play hole 1" in legal(m) and "play hole 2" not in legal(m)


# ----------------------------------------------------------------- scoring
def test_worked_example_logan_bids_3_4_4() -> None:
    assert bid_points((3, 4, 4), 4) == 10
    assert bid_points((3, 4, 4), 3) == 6
    assert bid_points((3, 4, 4), 2) == 2
    assert bid_points((3, 4, 4), 5) == 5


def _expected(bids: list[tuple[int, ...]], won: list[int]) -> list[int]:
    low = min(won)
    lone = won.count(low) == 1
    return [
        0 if lone and t == low else t + 3 * sum(1 for b in bid if b == t)
        for bid, t in zip(bids, won, strict=True)
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hand_scores_match_the_rules_and_explain_themselves(players: int) -> None:
    lone_seen = False
    for seed in range(12):
        m = Match("foresight", seed=seed, players=players, agents="heuristic", hands=1)
        m.run()
        st = m.state
        res = st.results[0]
        bids = [b for b in st.bids if b is not None]
        assert list(res.points) == _expected(bids, st.tricks_won)
        assert sum(st.tricks_won) == {3: 17, 4: 13, 5: 10}[players]
        for s in range(players):
            assert sum(ln.points for ln in res.lines if ln.seat == s) == res.points[s]
        low = min(st.tricks_won)
        if st.tricks_won.count(low) == 1:
            lone_seen = True
            s = st.tricks_won.index(low)
            assert res.points[s] == 0
            assert any("fewest tricks alone" in ln.reason for ln in res.lines if ln.seat == s)
    assert lone_seen


# ----------------------------------------------------------------- winning
def _play_hand_with_scores(scores: list[int], seed: int, **options: Any) -> Any:
    game = cardlab.load("foresight", players=3, **options)
    st = game.new_state()
    st.scores = list(scores)
    rng = random.Random(seed)
    bots = [ForesightBot(s, seed) for s in range(3)]
    st.apply(st.sample_chance(rng))
    while st.hand_number == 0 and not st.terminal:
        seat = st.current
        st.apply(bots[seat].act(st.observation(seat)), seat)
    return st


def test_winning_needs_the_target_and_a_bid_hit_that_hand() -> None:
    outcomes = set()
    for seed in range(40):
        st = _play_hand_with_scores([20, 20, 20], seed)
        res = st.results[0]
        # The hand's bids and tricks, read from its events (the next hand has begun).
        events = st.events[: st.hand_starts[1]] if len(st.hand_starts) > 1 else st.events
        bids = {e.seat: e.get("bid") for e in events if e.kind == "bid"}
        won = [sum(1 for e in events if e.kind == "trick" and e.seat == s) for s in range(3)]
        totals = [20 + p for p in res.points]
        low = min(won)
        lone = won.index(low) if won.count(low) == 1 else -1
        hit = [any(b == won[s] for b in bids[s]) for s in range(3)]
        eligible = [s for s in range(3) if s != lone and hit[s] and totals[s] >= 21]
        top = max((totals[s] for s in eligible), default=None)
        best = [s for s in eligible if totals[s] == top]
        if len(best) == 1:
            assert st.terminal and st.winners() == (best[0],)
            outcomes.add("won")
            if max(totals) > totals[best[0]]:
                outcomes.add("a higher total without a bid hit does not win")
        else:
            assert not st.terminal and st.winners() == ()
            outcomes.add("tie" if best else "nobody")
    assert {"won", "nobody"} <= outcomes


def test_targets_follow_the_player_count_and_can_be_changed() -> None:
    for players, target in ((3, 21), (4, 26), (5, 31)):
        m = Match("foresight", seed=0, players=players)
        assert m.observation(0).info["target"] == target
    assert Match("foresight", seed=0, target=40).observation(0).info["target"] == 40
    with pytest.raises(OptionError, match="target"):
        cardlab.load("foresight", target=0)
    with pytest.raises(OptionError, match="foresight\\+joker"):
        cardlab.load("foresight", deck="foresight")
    with pytest.raises(OptionError, match="3, 4 or 5"):
        cardlab.load("foresight", players=6)


def test_a_full_game_rotates_the_deal_and_ends_with_one_winner() -> None:
    m = Match("foresight", seed=11, players=4, agents="heuristic")
    m.run()
    st = m.state
    assert st.terminal and len(st.winners()) == 1
    w = st.winners()[0]
    last = st.results[-1]
    assert st.scores[w] >= 26
    assert any("hit bid number" in ln.reason for ln in last.lines if ln.seat == w)
    deals = [e for e in st.events if e.kind == "deal"]
    assert [e.seat for e in deals] == [h % 4 for h in range(len(deals))]


def test_fixed_number_of_hands_highest_total_wins() -> None:
    m = Match("foresight", seed=3, agents="random", hands=2)
    m.run()
    top = max(m.scores)
    assert m.winners() == tuple(s for s, v in enumerate(m.scores) if v == top)


def test_a_users_own_foresight_table_works() -> None:
    mine = {c.code: design_of(DEFAULT_BACKS[c]) for c in STANDARD}
    mine["4S"], mine["4D"] = "SD", "DS"
    mine["4H"], mine["4C"] = "HC", "CH"
    register_foresight(load_backs(mine), name="table-foresight")
    m = Match("foresight", seed=5, deck="table-foresight+joker", players=4)
    hole = m.state.holes
    obs = m.observation(0)
    for s in range(4):
        designs = [e.design for e in obs.zone("hole", s).cards]
        assert designs == [m.game.deck.back_of(_c(i)) for i in hole[s]]
    m = table(
        players=4,
        trump="5H",
        hands={0: "3D", 1: "5D"},
        holes={1: "4S 2H 3H"},
        deck="table-foresight+joker",
    )
    m.play("play 3D")
    assert "play hole 1" in legal(m)  # 4♠ shows ♦♠ on this table


# --------------------------------------------------------------------- the bot
def test_the_bot_bids_spread_numbers_and_beats_random_players() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        seats = ["heuristic", "random", "random"]
        m = Match("foresight", seed=seed, agents=seats, players=3)
        m.run()
        wins += 0 in m.winners()
    assert wins / games > 0.5
