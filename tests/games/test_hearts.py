"""Hearts: every rule from explicit deals, a rules reference under random play, the bot.

Most scenarios are written as the hands the seats hold *once passing is over*;
:class:`Table` works out a deal and the passes that lead there, so each test shows only
the cards that matter.  Seats are North 0, East 1, South 2, West 3; play goes 0 → 1 → 2 → 3
and "left" is the next seat in that order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab import IllegalActionError, Match
from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_card, parse_cards
from cardlab.games.hearts import HeartsBot

QS, JD, TWO_CLUBS = parse_card("QS"), parse_card("JD"), parse_card("2C")
HEARTS = frozenset(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"))
RECEIVER = {"left": 1, "right": 3, "across": 2}  # seat offset of the receiver
DIRECTIONS = ("left", "right", "across", "hold")


def suit(letter: str, ranks: str = "23456789TJQKA") -> str:
    """``suit("S", "AKQ")`` -> ``"AS KS QS"``."""
    return " ".join(r + letter for r in ranks)


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


# Every seat holds one whole suit; West's clubs win every trick: a forced moon shot by West.
WEST_SHOOTS = [suit("S"), suit("H"), suit("D"), suit("C")]
NORTH_SHOOTS = [suit("C"), suit("D"), suit("H"), suit("S")]


# ------------------------------------------------------------------ helpers
def after_passing(hands: list[str], hand_index: int) -> tuple[Action, list[list[Card]]]:
    """A deal for hand ``hand_index`` and the passes after which seat s holds ``hands[s]``.

    Each seat passes three cards that its receiver must end up with.
    """
    game = cardlab.load("hearts")
    offset = RECEIVER.get(DIRECTIONS[hand_index % 4], 0)
    target = [list(parse_cards(h)) for h in hands]
    if not offset:
        return game.deal(hands), [[] for _ in range(4)]
    passes = [target[(s + offset) % 4][:3] for s in range(4)]
    dealt = [target[s][3:] + passes[s] for s in range(4)]
    return game.deal([[c.code for c in h] for h in dealt]), passes


class Table:
    """A Hearts match whose first hands are set up from the hands held after passing."""

    def __init__(self, *hands: list[str], **options: Any) -> None:
        deals, self.passes = zip(*(after_passing(h, i) for i, h in enumerate(hands)), strict=True)
        self.m = Match("hearts", deal=list(deals), seed=0, **options)
        self.pass_cards()

    @property
    def state(self) -> Any:
        return self.m.state

    def pass_cards(self) -> None:
        """Make this hand's planned passes (if it has any)."""
        if self.state.phase != "pass" or self.state.hand_number >= len(self.passes):
            return  # no pass, or a hand dealt from the seed: the test passes by hand
        for seat, chosen in enumerate(self.passes[self.state.hand_number]):
            for card in chosen:
                self.m.play(f"pass {card.code}", seat)

    def play(self, *tricks: str) -> None:
        """Play cards in turn order, e.g. ``play("2C 3S 2H 4D", "AS 2C ...")``."""
        for trick in tricks:
            for card in trick.split():
                self.m.play(f"play {card}")

    def finish_hand(self) -> None:
        """Play the first legal action until the hand is over, then make the next passes."""
        hand = self.state.hand_number
        while not self.state.terminal and self.state.hand_number == hand:
            self.m.play(self.m.legal_actions()[0])
        self.pass_cards()

    def legal(self, seat: int | None = None) -> set[str]:
        return {str(a) for a in self.m.legal_actions(seat)}

    @property
    def points(self) -> tuple[int, ...]:
        return self.state.results[-1].points


def plays(text: str) -> set[str]:
    return {f"play {c.code}" for c in parse_cards(text)}


def refuse(m: Match, act: str, seat: int | None, phrase: str) -> None:
    """``act`` is refused with ``phrase`` in its reason, and nothing changes."""
    before = (m.observation(None), list(m.history), m.state.current, list(m.events))
    with pytest.raises(IllegalActionError) as err:
        m.play(act, seat)
    assert phrase in err.value.reason, err.value.reason
    assert set(err.value.legal) == {str(a) for a in m.legal_actions(seat)}
    assert (m.observation(None), m.history, m.state.current, m.events) == before


# ----------------------------------------------------------------- passing
def test_passes_go_left_right_across_then_nowhere_then_left_again() -> None:
    m = Match("hearts", seed=3, target=1000)
    for hand, direction in enumerate(["left", "right", "across", "hold", "left"]):
        assert m.state.hand_number == hand
        assert m.observation(0).info["pass_direction"] == direction
        if direction == "hold":
            assert m.state.phase == "play"
            assert all(not any(a.verb == "pass" for a in m.legal_actions(s)) for s in range(4))
        else:
            chosen = {s: m.legal_actions(s)[:3] for s in range(4)}
            before = [set(m.observation(s).my_hand) for s in range(4)]
            for s in range(4):
                for a in chosen[s]:
                    m.play(a, s)
            assert m.state.phase == "play"
            for s in range(4):
                to = (s + RECEIVER[direction]) % 4
                given_ = {a.card for a in chosen[s]}
                assert given_ <= set(m.observation(to).my_hand)
                assert not given_ & set(m.observation(s).my_hand)
                assert set(m.observation(to).info["received"]) == given_
                assert len(m.observation(s).my_hand) == 13
                assert set(m.observation(s).my_hand) == before[s] - given_ | {
                    a.card for a in chosen[(s - RECEIVER[direction]) % 4]
                }
            to = m.state.names[RECEIVER[direction]]
            assert f"North passes three cards to {to}" in m.event_texts("spectator")
        while m.state.hand_number == hand:
            m.play(m.legal_actions()[0])


@pytest.mark.parametrize("deck", ["standard", "foresight"])
def test_a_pass_is_hidden_until_every_seat_has_chosen(deck: str) -> None:
    game = cardlab.load("hearts", deck=deck)
    m = Match(game, deal=game.deal(NORTH_SHOOTS), seed=0)
    before = {v: m.observation(v).zone("hand", 0).cards for v in (1, 2, 3, "spectator")}
    first, second = m.legal_actions(0)[:2]
    m.play(first, 0)
    m.play(second, 0)
    chosen = {first.card, second.card}
    mine = m.observation(0)
    assert set(mine.zone("passing", 0).cards) == chosen
    assert not chosen & set(mine.my_hand)
    for viewer in (1, 2, 3, "spectator"):
        view = m.observation(viewer)
        # Others learn only how far North is: not the cards, not even their backs.
        assert view.zone("passing", 0).cards == ()
        # North's hand shows the same 13 backs, in the same order, as before it chose.
        assert view.zone("hand", 0).cards == before[viewer]
        assert view.value(0, "chosen") == "2 of 3"
        assert not chosen & view.faces()
        assert "received" not in view.info
        assert not any(c.text in text for c in chosen for text in m.event_texts(viewer))
    assert any(first.card.text in text for text in m.event_texts(0))
    # The rest choose; only now does East (North's left) see North's cards.
    m.play(m.legal_actions(0)[0], 0)
    for s in (1, 2, 3):
        for a in m.legal_actions(s)[:3]:
            m.play(a, s)
    assert chosen <= set(m.observation(1).my_hand) <= m.observation(1).faces()
    assert not chosen & m.observation(2).faces()


def test_passing_errors() -> None:
    m = Match("hearts", deal=cardlab.load("hearts").deal(NORTH_SHOOTS), seed=0)
    refuse(m, "pass 2D", 0, "you don't hold 2♦")
    refuse(m, "play 2C", 0, "pass")
    m.play("pass 2C", 0)
    refuse(m, "pass 2C", 0, "you have already chosen 2♣ to pass")
    m.play("pass 3C", 0)
    m.play("pass 4C", 0)
    refuse(m, "pass 5C", 0, "it is not North's turn; waiting for East, South, West")
    with pytest.raises(IllegalActionError, match="several seats choose at once"):
        m.state.apply("pass 2D")


# ------------------------------------------------------------- trick rules
def test_the_two_of_clubs_opens_the_first_trick() -> None:
    t = Table(NORTH_SHOOTS)
    assert t.state.current == 0 and t.legal() == {"play 2C"}
    refuse(t.m, "play AC", 0, "the 2♣ must open the first trick")
    t = Table(WEST_SHOOTS)
    assert t.state.current == 3 and t.legal() == {"play 2C"}


def test_players_must_follow_the_suit_led() -> None:
    hands = [
        suit("C", "23456") + " " + suit("D", "23456789"),
        suit("C", "789TJQKA") + " " + suit("D", "TJQKA"),
        suit("H"),
        suit("S"),
    ]
    t = Table(hands)
    t.play("2C")
    assert t.legal() == plays(suit("C", "789TJQKA"))
    refuse(t.m, "play TD", 1, "must follow suit: you hold ♣")
    refuse(t.m, "play 2H", 1, "you don't hold 2♥")


FIRST_TRICK = [
    suit("C"),
    "QS JD 2H 3H 4H " + suit("D", "2345678A"),
    suit("H", "56789TJQKA") + " " + suit("D", "9TQ"),
    suit("S", "23456789TJKA") + " KD",
]


def test_no_points_on_the_first_trick_while_another_card_is_held() -> None:
    t = Table(FIRST_TRICK)
    t.play("2C")
    assert t.legal() == plays(suit("D", "2345678A") + " JD")
    refuse(t.m, "play 2H", 1, "you can't play a heart or the Q♠ on the first trick")
    refuse(t.m, "play QS", 1, "you can't play a heart or the Q♠ on the first trick")


def test_omnibus_also_bars_the_jack_of_diamonds_from_the_first_trick() -> None:
    t = Table(FIRST_TRICK, omnibus=True)
    t.play("2C")
    assert t.legal() == plays(suit("D", "2345678A"))
    refuse(t.m, "play JD", 1, "you can't play a heart, the Q♠ or the J♦ on the first trick")


@pytest.mark.parametrize(
    ("east", "omnibus"),
    [(suit("H", "23456789TJQK") + " QS", False), (suit("H", "23456789TJQ") + " QS JD", True)],
)
def test_a_hand_of_only_point_cards_may_play_one_on_the_first_trick(
    east: str, omnibus: bool
) -> None:
    rest = cards(suit("C", "3456789TJQKA")) | cards(suit("D")) | cards(suit("S")) | HEARTS
    rest -= cards(east)
    spare = sorted((c for c in rest if c.symbol != "♣"), key=lambda c: c.index)
    north = "2C " + " ".join(c.code for c in spare[:12])
    clubs = suit("C", "3456789TJQKA").split()
    others = [c.code for c in spare[12:]] + clubs
    t = Table([north, east, " ".join(others[:13]), " ".join(others[13:])], omnibus=omnibus)
    t.play("2C")
    assert t.state.current == 1 and t.legal() == plays(east)


# Hearts can't be led until broken.  North: clubs and the A♥; East: the A♣, hearts, 2♦.
NOT_BROKEN = [
    suit("C", "23456789TJQK") + " AH",
    "AC 2D " + suit("H", "23456789TJQ"),
    suit("D", "3456789TJQKA") + " KH",
    suit("S"),
]


def test_hearts_are_not_led_until_broken_and_the_queen_does_not_break_them() -> None:
    t = Table(NOT_BROKEN)
    t.play("2C AC 3D 2S")  # East wins the first trick with the A♣
    assert t.state.current == 1 and t.legal() == {"play 2D"}
    refuse(t.m, "play 2H", 1, "hearts are not broken")
    t.play("2D 4D QS")
    assert not t.m.observation(0).info["hearts_broken"]
    t.play("AH")  # North, void in diamonds, discards a heart: that breaks them
    assert t.m.observation(0).info["hearts_broken"]
    assert "Hearts are broken" in t.m.event_texts()
    assert t.state.current == 2  # the 4♦ was the highest diamond
    assert t.legal(2) >= plays("KH")


def test_a_hand_of_only_hearts_may_lead_one_and_that_breaks_them() -> None:
    only_hearts = [
        suit("C", "23456789TJQK") + " AH",
        "AC " + suit("H", "23456789TJQK"),
        suit("D"),
        suit("S"),
    ]
    t = Table(only_hearts)
    t.play("2C AC 2D 2S")
    assert t.state.current == 1 and t.legal() == plays(suit("H", "23456789TJQK"))
    t.play("5H")
    assert t.m.observation(1).info["hearts_broken"]


def test_the_highest_card_of_the_suit_led_wins_ace_high() -> None:
    t = Table(NOT_BROKEN)
    t.play("2C AC 3D 2S", "2D 4D QS AH")
    # 2♣ < A♣ (ace high); then the 4♦ beats the 2♦ although Q♠ and A♥ rank higher.
    assert [e.text for e in t.m.events if e.kind == "trick"] == [
        "East takes the trick with A♣",
        "South takes the trick with 4♦",
    ]
    assert set(t.m.observation(None).zone("taken", 2).cards) == {QS, parse_card("AH")}
    assert [t.m.observation(None).value(s, "points") for s in range(4)] == [0, 0, 14, 0]


# ------------------------------------------------------------------ scoring
# North takes every heart and the Q♠ but loses the last trick, and the J♦ in it, to South.
NO_JACK = [
    "AC AS 2D " + suit("H", "56789TJQKA"),
    suit("C", "23456789TJQK") + " 2H",
    suit("D", "3456789TJQK") + " 3H 4H",
    suit("S", "23456789TJQK") + " AD",
]
NO_JACK_PLAY = [
    "2C KD AD AC",  # East leads the 2♣; North wins it with the A♣: no points
    "AS 2H 3H QS",  # North collects two hearts and the queen
    "AH 3C 4H 2S",
    "KH 4C 3D 3S",  # North runs its hearts; South keeps back the J♦
    "QH 5C 4D 4S",
    "JH 6C 5D 5S",
    "TH 7C 6D 6S",
    "9H 8C 7D 7S",
    "8H 9C 8D 8S",
    "7H TC 9D 9S",
    "6H JC TD TS",
    "5H QC QD JS",
    "2D KC JD KS",  # South wins the last trick with the J♦
]


# The same deal played so that South takes one heart, with the J♦, and North the rest.
SPLIT_PLAY = [
    "2C KD AD AC",
    "2D 2H JD 3S",  # North leads its diamond; South wins the 2♥ with the J♦
    "3H 2S AH 3C",
    "AS 4C 4H QS",
    "KH 5C 3D 4S",
    "QH 6C 4D 5S",
    "JH 7C 5D 6S",
    "TH 8C 6D 7S",
    "9H 9C 7D 8S",
    "8H TC 8D 9S",
    "7H JC 9D TS",
    "6H QC TD JS",
    "5H KC QD KS",
]


@pytest.mark.parametrize(("omnibus", "points"), [(False, (25, 0, 1, 0)), (True, (25, 0, -9, 0))])
def test_points_per_heart_for_the_queen_and_for_the_omnibus_jack(
    omnibus: bool, points: tuple[int, ...]
) -> None:
    t = Table(NO_JACK, omnibus=omnibus, hands=1)
    t.play(*SPLIT_PLAY)
    assert t.state.terminal and t.points == points
    lines = {(line.seat, line.points, line.reason) for line in t.state.results[0].lines}
    expected = {(0, 12, "12 hearts"), (0, 13, "the Q♠"), (2, 1, "1 heart")}
    assert lines == expected | ({(2, -10, "the J♦ bonus")} if omnibus else set())
    assert t.m.scores == points and t.m.winners() == ((2,) if omnibus else (1, 3))


@pytest.mark.parametrize(("omnibus", "points"), [(False, (0, 26, 26, 26)), (True, (26, 0, -10, 0))])
def test_a_moon_needs_the_jack_of_diamonds_with_omnibus(omnibus: bool, points: tuple) -> None:
    t = Table(NO_JACK, omnibus=omnibus)
    t.play(*NO_JACK_PLAY)
    assert t.points == points
    if omnibus:
        assert "shot the moon" not in t.state.results[0].summary


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({}, (26, 26, 26, 0)),
        ({"moon": "add"}, (26, 26, 26, 0)),
        ({"moon": "subtract"}, (0, 0, 0, -26)),
        ({"omnibus": True}, (26, 26, 26, -10)),
        ({"omnibus": True, "moon": "subtract"}, (0, 0, 0, -36)),
    ],
)
def test_shooting_the_moon(options: dict[str, Any], points: tuple[int, ...]) -> None:
    t = Table(WEST_SHOOTS, hands=1, **options)
    t.finish_hand()
    assert t.points == points and t.state.terminal
    assert t.state.results[0].summary == "West shot the moon"


@pytest.mark.parametrize(
    ("choice", "points"), [("moon add", (26, 26, 26, -10)), ("moon subtract", (0, 0, 0, -36))]
)
def test_the_shooter_chooses_how_the_moon_scores(choice: str, points: tuple[int, ...]) -> None:
    t = Table(WEST_SHOOTS, hands=1, moon="choice", omnibus=True)
    while t.state.phase == "play":
        t.m.play(t.m.legal_actions()[0])
    assert t.state.phase == "moon" and t.state.current == 3
    assert t.legal() == {"moon add", "moon subtract"}
    refuse(t.m, "play 2C", 3, "moon")
    t.m.play(choice)
    assert t.points == points


def test_the_bot_subtracts_when_adding_would_lose_the_game() -> None:
    bot = HeartsBot(3)
    t = Table(WEST_SHOOTS, moon="choice", target=45)
    # As if earlier hands had scored this: adding 26 would end the game with West not lowest.
    t.state.scores[:] = [10, 20, 20, 40]
    while t.state.phase == "play":
        t.m.play(t.m.legal_actions()[0])
    assert bot.act(t.m.observation(3)) == "moon subtract"
    t = Table(WEST_SHOOTS, moon="choice")
    while t.state.phase == "play":
        t.m.play(t.m.legal_actions()[0])
    assert bot.act(t.m.observation(3)) == "moon add"


# -------------------------------------------------------------- game end
def test_the_game_goes_on_while_a_total_only_equals_the_target() -> None:
    t = Table(WEST_SHOOTS, target=26)
    t.finish_hand()
    assert t.m.scores == (26, 26, 26, 0) and not t.state.terminal
    assert t.state.hand_number == 1


def test_the_game_ends_once_a_total_exceeds_the_target_and_the_lowest_wins() -> None:
    t = Table(WEST_SHOOTS, target=25)
    t.finish_hand()
    assert t.state.terminal and t.m.winners() == (3,)
    assert t.m.events[-1].text == "Game over: West wins with 0 (the lowest total)"


def test_a_shared_lowest_total_is_a_shared_win() -> None:
    t = Table(WEST_SHOOTS, NORTH_SHOOTS, target=50)
    t.finish_hand()
    assert t.m.scores == (26, 26, 26, 0) and t.state.hand_number == 1
    t.finish_hand()  # in the second hand (passing right) North shoots
    assert t.m.scores == (26, 52, 52, 26)
    assert t.state.terminal and t.m.winners() == (0, 3)
    assert (
        t.m.events[-1].text == "Game over: North and West share the win with 26 (the lowest total)"
    )


def test_hands_option_stops_after_one_hand() -> None:
    m = Match("hearts", seed=2, agents="random", hands=1)
    m.run()
    assert m.terminal and len(m.state.results) == 1
    assert m.winners() == tuple(s for s in range(4) if m.scores[s] == min(m.scores))


# ----------------------------------------------- a reference for the rules
def reference_plays(
    hand: set[Card], trick: list[Card], first: bool, broken: bool, omnibus: bool
) -> set[Card]:
    """The cards the rules allow, worked out from scratch."""
    if not trick:
        if first:
            return {TWO_CLUBS}
        plain = {c for c in hand if c not in HEARTS}
        return hand if broken or not plain else plain
    follow = {c for c in hand if c.suit == trick[0].suit}
    if follow:
        return follow
    if first:
        barred = HEARTS | {QS} | ({JD} if omnibus else set())
        allowed = hand - barred
        if allowed:
            return allowed
    return set(hand)


def rank(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def reference_points(taken: list[set[Card]], omnibus: bool, subtract: bool) -> list[int]:
    need = HEARTS | {QS} | ({JD} if omnibus else set())
    shooter = next((s for s in range(4) if need <= taken[s]), None)
    out = []
    for s in range(4):
        if shooter is None:
            p = len(taken[s] & HEARTS) + (13 if QS in taken[s] else 0)
        elif s == shooter:
            p = -26 if subtract else 0
        else:
            p = 0 if subtract else 26
        out.append(p - (10 if omnibus and JD in taken[s] else 0))
    return out


class Reference:
    """Follows a Hearts game from its deals and actions and knows what the rules allow."""

    def __init__(self, omnibus: bool) -> None:
        self.omnibus = omnibus
        self.hand = -1
        self.totals = [0, 0, 0, 0]

    def deal(self, act: Action) -> None:
        self.hand += 1
        self.hands = [set(act.cards[13 * s : 13 * s + 13]) for s in range(4)]
        self.chosen: list[set[Card]] = [set() for _ in range(4)]
        self.trick: list[tuple[int, Card]] = []
        self.tricks = 0
        self.broken = False
        self.taken: list[set[Card]] = [set() for _ in range(4)]
        self.leader: int | None = None

    def legal(self, seat: int) -> set[str]:
        if self.tricks == 13:
            return {"moon add", "moon subtract"}
        if any(self.chosen) or self.passing:
            return {f"pass {c.code}" for c in self.hands[seat] - self.chosen[seat]}
        allowed = reference_plays(
            self.hands[seat],
            [c for _, c in self.trick],
            self.tricks == 0,
            self.broken,
            self.omnibus,
        )
        return {f"play {c.code}" for c in allowed}

    @property
    def passing(self) -> bool:
        return DIRECTIONS[self.hand % 4] != "hold" and self.leader is None

    def act(self, seat: int, act: Action) -> None:
        if act.verb == "pass":
            self.chosen[seat].add(act.card)
            if sum(map(len, self.chosen)) == 12:
                offset = RECEIVER[DIRECTIONS[self.hand % 4]]
                for s in range(4):
                    self.hands[s] -= self.chosen[s]
                for s in range(4):
                    self.hands[(s + offset) % 4] |= self.chosen[s]
                self.chosen = [set() for _ in range(4)]
                self.leader = next(s for s in range(4) if TWO_CLUBS in self.hands[s])
        elif act.verb == "play":
            self.hands[seat].remove(act.card)
            self.trick.append((seat, act.card))
            self.broken |= act.card in HEARTS
            if len(self.trick) == 4:
                led = self.trick[0][1].suit
                winner = max((p for p in self.trick if p[1].suit == led), key=lambda p: rank(p[1]))
                self.taken[winner[0]] |= {c for _, c in self.trick}
                self.trick, self.leader = [], winner[0]
                self.tricks += 1

    def to_move(self) -> set[int]:
        if self.passing:
            return {s for s in range(4) if len(self.chosen[s]) < 3}
        if self.leader is None:
            self.leader = next(s for s in range(4) if TWO_CLUBS in self.hands[s])
        return {(self.leader + len(self.trick)) % 4}


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    omnibus=st.booleans(),
    moon=st.sampled_from(["add", "subtract", "choice"]),
)
def test_random_games_follow_the_reference_rules(seed: int, omnibus: bool, moon: str) -> None:
    """Legal actions, whose turn it is, trick winners and points all match the reference."""
    game = cardlab.load("hearts", omnibus=omnibus, moon=moon, target=60)
    state = game.new_state()
    ref = Reference(omnibus)
    rng = random.Random(seed)
    while not state.terminal:
        if state.current == "chance":
            ref.deal(state.apply(state.sample_chance(rng)))
            continue
        moving = set(state.to_move)
        if state.phase != "moon":
            assert moving == ref.to_move()
        for s in range(4):
            engine = {str(a) for a in state.legal_actions(s)}
            assert engine == (ref.legal(s) if s in moving else set()), f"seat {s}, {state!r}"
        seat = rng.choice(sorted(moving))
        act = state.apply(rng.choice(state.legal_actions(seat)), seat)
        ref.act(seat, act)
        if len(state.results) > ref.hand:
            subtract = moon == "subtract" or (moon == "choice" and act == "moon subtract")
            expected = reference_points(ref.taken, omnibus, subtract)
            assert list(state.results[ref.hand].points) == expected
            ref.totals = [t + p for t, p in zip(ref.totals, expected, strict=True)]
            assert list(state.scores) == ref.totals
            assert state.terminal == (max(ref.totals) > 60)
    low = min(ref.totals)
    assert state.winners() == tuple(s for s in range(4) if ref.totals[s] == low)


# ---------------------------------------------------------------- the bot
def test_the_heuristic_bot_beats_random_players() -> None:
    # Measured: it wins about 90% of games against three random seats; 25% is par.
    df = cardlab.simulate("hearts", ["heuristic", "random", "random", "random"], n=30, seed=0)
    assert df["win_0"].mean() > 0.6
    assert df["score_0"].mean() < min(df[f"score_{s}"].mean() for s in (1, 2, 3))


def bot_passes(north: str) -> set[Card]:
    """The three cards the bot chooses to pass from this hand (dealt to North)."""
    m = Match("hearts", deal=cardlab.load("hearts").deal([north]), seed=0, agents={0: "heuristic"})
    m.run()
    return set(m.observation(0).zone("passing", 0).cards)


def test_the_bot_passes_the_queen_and_high_spades_when_short_in_spades() -> None:
    assert bot_passes("QS KS AS 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D") == cards("QS KS AS")
    assert QS in bot_passes("QS 3S 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D")


def test_the_bot_keeps_the_queen_when_long_in_spades() -> None:
    passed = bot_passes("QS KS AS 2S 3S 4S AH KH QH 2C 3C 2D 3D")
    assert passed == cards("AH KH QH")
