"""The notebooks' exercises, one place for each: question, answer, hint, explanation, mistake.

``ask(key, *context)`` builds the exercise called ``key`` for the position or data a
notebook has at hand (a state, a DataFrame) and shows it as a widget; nothing of the answer
appears in the notebook. Answers come from the rules wherever they can: legal cards from
the state, scores from the hand's result, back candidates from the deck.

>>> from cardlab.lessons import ask, keys
>>> ex = ask("hearts/points-per-hand")
>>> ex.check(26).ok, ex.check(14).ok
(True, False)
>>> "hearts/first-trick" in keys()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import pandas as pd

from .core.cards import RANK_NAMES, Card, get_deck, parse_card, parse_cards
from .core.observation import Back
from .core.state import State
from .exercises import (
    CardsExercise,
    ChoiceExercise,
    Exercise,
    Missing,
    NumberExercise,
    Verdict,
    score_lines,
)

Builder = Callable[..., Exercise]
_CATALOGUE: dict[str, Builder] = {}


def lesson(key: str) -> Callable[[Builder], Builder]:
    """Register the builder of the exercise ``key`` (``"<notebook>/<name>"``)."""

    def register(fn: Builder) -> Builder:
        _CATALOGUE[key] = fn
        return fn

    return register


def keys() -> list[str]:
    """Every exercise in the catalogue."""
    return list(_CATALOGUE)


def ask(key: str, *context: Any, **options: Any) -> Exercise:
    """The exercise ``key`` for ``context`` (a state, a frame …), ready to display."""
    try:
        builder = _CATALOGUE[key]
    except (KeyError, TypeError):  # a name the catalogue lacks: the exercise says so
        return Missing(key, list(_CATALOGUE))
    try:
        ex = builder(*context, **options)
    except Exception as e:  # another position than the notebook's: say so, never stop
        ex = Unavailable(f"{type(e).__name__}: {e}")
    ex.key = key
    return ex


class Unavailable(Exercise):
    """An exercise that could not be built from what it was given (cells run out of order)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "This exercise needs the position the cells above set up; run the notebook from "
            f"the top and ask again ({reason}).",
            None,
            hint="run the cells above in order, then this one",
            why="",
            typical=None,
        )

    def check(self, answer: Any) -> Verdict:
        return Verdict(False, self.question)

    def solution(self) -> str:
        return self.question


# -------------------------------------------------------------------- shared shapes
def _plus_one_wrong(ex: CardsExercise, prefer: Iterable[str] = ()) -> frozenset[Card]:
    """The expected cards plus one that does not belong (a preferred one if offered)."""
    expected: frozenset[Card] = ex.expected
    wrong = [c for c in ex.pool if c not in expected]
    for code in prefer:
        card = parse_card(code)
        if card in wrong:
            return expected | {card}
    return expected | {wrong[0]} if wrong else expected


def _legal(
    state: State, question: str, hint: str, why: str, prefer: Iterable[str] = ()
) -> CardsExercise:
    ex = CardsExercise.legal(state, question, hint=hint, why=why, typical=None)
    ex.typical = _plus_one_wrong(ex, prefer)
    return ex


def _score(
    state: State, seat: int, question: str, hint: str, mistakes: dict[Any, str] | None = None
) -> NumberExercise:
    """What ``seat`` scored in the last hand; a typical mistake counts one score line only."""
    points, why = score_lines(state, seat)
    lines = [ln for ln in state.results[-1].lines if ln.seat == seat]
    mistakes = dict(mistakes or {})
    if len(lines) > 1 and lines[0].points != points:
        mistakes.setdefault(
            lines[0].points, f"that counts only one of the {len(lines)} lines of the score"
        )
    typical = next(iter(mistakes), points + 1)
    return NumberExercise(
        question,
        points,
        hint=hint,
        why=f"{state.names[seat]}'s score lines: {why}",
        typical=typical,
        mistakes=mistakes,
    )


def _knock_card(state: State, question: str, hint: str) -> CardsExercise:
    """Which card to knock with to keep the least deadwood (any rummy game)."""
    from .rules.rummy import best_melds

    state = state.clone()
    seat = state.current
    assert isinstance(seat, int)
    hand = state.observation(seat).my_hand
    knocks = {a.cards[0] for a in state.legal_actions(seat) if a.verb == "knock"}
    kept = {c: best_melds([d for d in hand if d is not c]).points for c in hand}
    best = min(knocks, key=lambda c: (kept[c], c.index))
    name = state.names[seat]

    def judge(card: Card) -> str:
        said = f"{name} would keep {kept[card]} points of deadwood"
        return said + ("" if card in knocks else ", too many to knock")

    worst = max(hand, key=lambda c: (kept[c], c.index))
    return CardsExercise(
        question,
        [best],
        hand,
        judge=judge,
        pick_one=True,
        pool_label=f"{name}'s hand",
        hint=hint,
        typical=worst,
        why=f"without the {best.text} {name} keeps {kept[best]} points of deadwood, "
        "the least it can",
    )


def _and(words: Sequence[str]) -> str:
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _deck_cards(deck: Any) -> list[Card]:
    return [c for c in deck.cards if not c.is_joker]


# -------------------------------------------------------------------- 00 welcome
@lesson("welcome/two-player-games")
def _two_player_games() -> Exercise:
    from .games import table

    games = table()
    players = games.players.astype(str)
    two = list(games.title[players == "2"])
    one = list(games.title[players == "1"])
    return NumberExercise(
        "How many of the games in the table are for exactly two players?",
        len(two),
        hint="read the players column: a range such as 3–5 is not exactly two",
        why="the two-player games are " + ", ".join(two),
        typical=len(two) + len(one),
        mistakes={len(two) + len(one): f"that counts {', '.join(one)} too: it is for one player"},
    )


@lesson("welcome/north-leads")
def _north_leads(state: State) -> Exercise:
    ex = _legal(
        state,
        "Which cards may North play now?",
        hint="the first trick of a hand does not start with just any club",
        why="whoever holds the 2♣ must lead it to the first trick, and North holds it",
    )
    clubs = [c for c in ex.pool if c.suit == 0]
    ex.typical = frozenset(clubs) if len(clubs) > 1 else ex.typical
    return ex


# -------------------------------------------------------------------- 10 hearts
@lesson("hearts/first-trick")
def _hearts_first_trick(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards may East play now?",
        hint="East has no club, so it may throw another suit, but the first trick bars some cards",
        why="East holds no club, so any diamond or spade goes; hearts and the Q♠ may not "
        "be thrown on the first trick while East holds other cards",
        prefer=["QS"],
    )


@lesson("hearts/west-leads")
def _hearts_west_leads(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards may West lead now?",
        hint="has any heart been played yet?",
        why="the leader may lead any suit but hearts, which nobody has broken yet",
        prefer=["QH", "AH", "7H"],
    )


@lesson("hearts/west-score")
def _hearts_west_score(state: State) -> Exercise:
    return _score(
        state,
        3,
        "How many points did West score in this hand?",
        hint="one point per heart in West's tricks, and 13 if the Q♠ is among them",
        mistakes={
            26: "West did not take every point card: look for a heart in another seat's tricks"
        },
    )


@lesson("hearts/omnibus-moon")
def _hearts_omnibus_moon() -> Exercise:
    import cardlab

    # The seeded hand of the notebook in which North takes every point card and the J♦.
    m = cardlab.Match(
        "hearts", seed="moon/18", agents="heuristic", hands=1, omnibus=True, moon="subtract"
    )
    m.run()
    points = min(m.state.results[-1].points)
    return NumberExercise(
        'With Omnibus and moon="subtract", a player shoots the moon and also takes the J♦. '
        "What does that player score for the hand?",
        points,
        hint="the moon shot and the J♦ are scored separately",
        why="the moon shot subtracts 26 and the J♦ still adds its −10",
        typical=-26,
        mistakes={
            -26: "that is the moon shot alone: the J♦ still counts",
            -16: "the J♦ is worth −10 to whoever takes it, shooter or not",
        },
    )


@lesson("hearts/one-suit-back")
def _hearts_one_suit_back(deck: Any) -> Exercise:
    cards = _deck_cards(deck)
    expected = [c for c in cards if deck.back_of(c) == "♠"]

    def judge(card: Card) -> str:
        return f"the back shows {deck.back_of(card)}"

    return CardsExercise(
        "West holds a card whose back shows only ♠. Which cards could it be?",
        expected,
        cards,
        judge=judge,
        typical="2S 3S 4S",
        hint="the number of suits on a back tells the rank: one suit is the lowest ranks",
        why="a one-suit back belongs to a Two or a Three of that suit",
    )


@lesson("hearts/points-per-hand")
def _hearts_points_per_hand() -> Exercise:
    deck = get_deck("standard")
    hearts = sum(1 for c in _deck_cards(deck) if c.suit == 2)
    return NumberExercise(
        "Without a moon shot, how many points does one hand hand out in total, counting "
        "all four seats?",
        hearts + 13,
        hint="add the hearts and the Q♠",
        why=f"{hearts} hearts at one point each plus 13 for the Q♠",
        typical=hearts + 1,
        mistakes={hearts + 1: "the Q♠ is worth 13, not 1", hearts: "the Q♠ counts too"},
    )


# -------------------------------------------------------------------- 11 gin rummy
@lesson("gin/least-deadwood")
def _gin_least_deadwood() -> Exercise:
    from .rules.rummy import VALUE, best_melds

    hand = "4C 5C 6C 6D 6H 6S 9D TD KH AS"
    best = best_melds(hand)
    four_sixes = sum(VALUE[c.index] for c in parse_cards("4C 5C 9D TD KH AS"))
    return NumberExercise(
        "What is the least deadwood the hand 4♣ 5♣ 6♣ 6♦ 6♥ 6♠ 9♦ 10♦ K♥ A♠ can have?",
        best.points,
        hint="a card can be in only one meld; try the 6♣ in a run instead of the set",
        why=f"the best arrangement is {best}",
        typical=four_sixes,
        mistakes={four_sixes: "that puts all four Sixes in one set and leaves 4♣ 5♣ over"},
    )


@lesson("gin/discard")
def _gin_discard(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards may North discard?",
        hint="all but one: think about the card North just took",
        why="any card but the upcard just taken from the discard pile",
    )


@lesson("gin/knock-card")
def _gin_knock_card(state: State) -> Exercise:
    return _knock_card(
        state,
        "Which card does North knock with?",
        hint="the cards kept must carry 10 points of deadwood or fewer",
    )


@lesson("gin/knock-score")
def _gin_knock_score(state: State) -> Exercise:
    return _score(
        state,
        0,
        "South laid off 4♥ and 9♥ on North's heart run. How many points does North score?",
        hint="the knocker scores the difference in deadwood, after the lay-offs",
        mistakes={16: "that ignores the lay-offs: the 4♥ and 9♥ no longer count for South"},
    )


@lesson("gin/undercut")
def _gin_undercut() -> Exercise:
    from .rules.rummy import UNDERCUT_BONUS

    return NumberExercise(
        "A player knocks with 8 points of deadwood; after laying off, the defender has 5. "
        "How many points does the defender score?",
        8 - 5 + UNDERCUT_BONUS,
        hint="is the knocker's deadwood lower than the defender's?",
        why=f"it is an undercut: 8 − 5 = 3, plus the bonus of {UNDERCUT_BONUS}",
        typical=3,
        mistakes={
            3: "the difference is right, but an undercut also earns a bonus",
            0: "the knocker's deadwood is the higher: the defender scores",
        },
    )


@lesson("gin/parlett-limit")
def _gin_parlett_limit() -> Exercise:
    from .rules.rummy import VALUE

    return NumberExercise(
        "Under Parlett, if the card on top of the pile were the 4♦ when you knock, what "
        "would the most deadwood you may keep be?",
        VALUE[parse_card("4D").index],
        hint="under Parlett the card on top of the pile sets the limit",
        why="the top card's value is the limit: the 4♦ allows 4",
        typical=10,
        mistakes={10: "10 is the usual limit, or Parlett's limit on an empty pile"},
    )


@lesson("gin/heart-back")
def _gin_heart_back(state: State) -> Exercise:
    obs = state.observation(0)
    deck = state.game.deck
    cards = _deck_cards(deck)
    seen = obs.faces()
    hearts_only = [c for c in cards if deck.back_of(c) == "♥"]
    expected = [c for c in hearts_only if c not in seen]

    def judge(card: Card) -> str:
        if deck.back_of(card) != "♥":
            return f"the back shows {deck.back_of(card)}"
        return "North can see that card itself"

    return CardsExercise(
        "One of South's backs shows only ♥. Look at North's own hand: which card must it be?",
        expected,
        cards,
        judge=judge,
        pick_one=True,
        typical=next(c for c in hearts_only if c in seen) if len(expected) == 1 else None,
        hint="only two cards print ♥ alone on their backs",
        why=f"only the {' and the '.join(c.text for c in hearts_only)} have a back printing ♥ "
        "alone, and North holds the other",
    )


@lesson("gin/gin-only-undercut")
def _gin_only_undercut() -> Exercise:
    return ChoiceExercise(
        'In the "gin only" column, can any hand end in an undercut?',
        "no",
        ["yes", "no"],
        hint="what has to happen before anyone can be undercut?",
        why="an undercut needs a knock, and with a limit of 0 only gin ends a hand",
        typical="yes",
        mistakes={"yes": "only a knock can be undercut; look at what a limit of 0 allows"},
    )


# -------------------------------------------------------------------- 20 foresight
@lesson("foresight/south-follows")
def _foresight_south_follows(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards may South play from its hand now?",
        hint="spades were led, and South holds spades",
        why="South holds spades and must follow suit; no hole back of South's shows ♠",
        prefer=["JH", "TH"],
    )


@lesson("foresight/trick-winner")
def _foresight_trick_winner(state: State) -> Exercise:
    names = state.names
    winner = state.current  # the trick's winner leads the next one
    assert isinstance(winner, int)
    plays = [e for e in state.events if e.kind == "play"][-len(names) :]
    played = {e.seat: e.cards[0] for e in plays if e.seat is not None and e.cards}
    top = played[winner]
    beaten = {names[s]: c for s, c in played.items() if s != winner}
    return ChoiceExercise(
        "Who takes the trick?",
        names[winner],
        names,
        hint="hearts are trumps, and a trump beats every card of another suit",
        why=f"the {top.text} is the highest trump in the trick",
        # the likeliest slip: another trump in the trick
        typical=next((n for n, c in beaten.items() if c.suit == top.suit), next(iter(beaten))),
        mistakes={n: f"{n}'s {c.text} is beaten in this trick" for n, c in beaten.items()},
    )


@lesson("foresight/bid-points")
def _foresight_bid_points() -> Exercise:
    from .games.foresight import bid_points

    return NumberExercise(
        "Logan bids 3-4-4. How much would Logan score with three tricks?",
        bid_points((3, 4, 4), 3),
        hint="1 point per trick, plus 3 for each bid number equal to the tricks taken",
        why="3 for the tricks and 3 for hitting the 3",
        typical=3,
        mistakes={
            3: "that counts the tricks only: a bid number was hit too",
            9: "only the bid numbers equal to 3 count, and there is one",
        },
    )


@lesson("foresight/south-score")
def _foresight_south_score(state: State) -> Exercise:
    return _score(
        state,
        2,
        "South bid 3-3-4. What did South score this hand?",
        hint="count South's tricks, then add 3 for each bid number it hit",
    )


# -------------------------------------------------------------------- 21 heartburn
@lesson("heartburn/east-follows")
def _heartburn_east_follows(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards from East's hand may East play now?",
        hint="clubs were led; what does East hold in clubs?",
        why="East holds a club, so it must follow with it (or a hole card whose back shows ♣)",
        prefer=["3S"],
    )


@lesson("heartburn/hole-card")
def _heartburn_hole_card(state: State) -> Exercise:
    state = state.clone()
    seat = state.current
    assert isinstance(seat, int)
    holes = [str(a) for a in state.legal_actions(seat) if str(a).startswith("play hole")]
    options = [f"play hole {k + 1}" for k in range(len(state.observation(seat).zone("hole", seat)))]
    mistakes = {o: state.explain(o, seat) for o in options if o not in holes}
    return ChoiceExercise(
        "East may also play one of its hole cards instead. Which action is it?",
        holes[0],
        options,
        typical=next(iter(mistakes)),
        mistakes=mistakes,
        hint="East still holds a club, so a hole card must stand in for a club",
        why="only a back that shows ♣ may stand in for a club while the hand holds one",
    )


@lesson("heartburn/south-score")
def _heartburn_south_score(state: State) -> Exercise:
    from .games.heartburn import take_of

    takes = [take_of(t) for t in state.taken]  # type: ignore[attr-defined]
    south = takes[2]
    mistakes = {
        max(takes) - south: "that is the highest take minus South's, which South "
        "scores only after taking a heart or the Q♠"
    }
    return _score(
        state,
        2,
        "How many points did South score in this hand?",
        hint="check first whether South took any heart or the Q♠",
        mistakes=mistakes,
    )


@lesson("heartburn/megan")
def _heartburn_megan() -> Exercise:
    from .games.heartburn import hand_scores

    def taken(text: str) -> int:
        return sum(c.bit for c in parse_cards(text))

    scores = hand_scores(
        [taken("2H 3H 4H 5H 6H QS"), taken("7H 8H 9H TD"), taken("TH JH QH KH AH"), 0]
    )
    return NumberExercise(
        "Megan's take is 3 − 10 = −7 and the highest take is Aaron's 18. How much does Megan "
        "score?",
        scores[1],
        hint="a score is the highest take minus your own take",
        why="18 − (−7) = 25: the 10♦ lowers a take, which raises the score",
        typical=11,
        mistakes={11: "18 − 7 treats the take as +7; subtracting −7 adds 7"},
    )


# -------------------------------------------------------------------- 22 bourbon
@lesson("bourbon/discard")
def _bourbon_discard(state: State) -> Exercise:
    return _legal(
        state,
        "Which cards may North discard? List them all.",
        hint="all but one: think about the card North just took",
        why="any card but the upcard just taken",
    )


@lesson("bourbon/knock-card")
def _bourbon_knock_card(state: State) -> Exercise:
    return _knock_card(
        state,
        "Which card should North knock with to keep the least deadwood?",
        hint="find the card that fits no meld and is worth the most",
    )


@lesson("bourbon/knock-score")
def _bourbon_knock_score(state: State) -> Exercise:
    return _score(
        state,
        0,
        "How many points does North score in this hand?",
        hint="the difference in deadwood, then 3 for every picture North melded",
    )


def _meld_chances(state: State, seat: int) -> dict[str, tuple[str, int, int]]:
    """For each face-down draw: its back, and how many of its candidates would join a meld."""
    from .rules.rummy import best_melds

    obs = state.observation(seat)
    deck = state.game.deck
    hand = list(obs.my_hand)
    seen = obs.faces()
    out = {}
    for act in state.legal_actions(seat):
        where = str(act).removeprefix("draw ")
        if act.verb != "draw" or where == "upcard":
            continue
        top = obs.zone(where).cards[-1]
        design = top.design if isinstance(top, Back) else ""
        cands = [c for c in _deck_cards(deck) if deck.back_of(c) == design and c not in seen]
        good = sum(1 for c in cands if c not in best_melds([*hand, c]).deadwood)
        out[str(act)] = (design, good, len(cands))
    return out


@lesson("bourbon/face-down-draw")
def _bourbon_face_down_draw(state: State) -> Exercise:
    seat = state.current
    assert isinstance(seat, int)
    chances = _meld_chances(state, seat)
    best = max(chances, key=lambda a: chances[a][1] / max(chances[a][2], 1))

    def said(act: str) -> str:
        design, good, n = chances[act]
        return f"the {design} back ({act}) completes a meld with {good} of the {n} cards it may be"

    mistakes = {a: said(a) for a in chances if a != best}
    return ChoiceExercise(
        "Which draw gives the best chance of completing a meld?",
        best,
        list(chances),
        typical=next(iter(mistakes)),
        mistakes=mistakes,
        hint="list the cards each back could be, leaving out those you can see",
        why="; ".join(said(a) for a in chances),
    )


@lesson("bourbon/undercut-picture")
def _bourbon_undercut_picture() -> Exercise:
    from .games.bourbon import FACE_BONUS
    from .rules.rummy import UNDERCUT_BONUS

    return NumberExercise(
        "A player knocks with 7 points of deadwood; after laying off, the defender has 4 and "
        "melded a King. How many points does the defender score in total?",
        7 - 4 + UNDERCUT_BONUS + FACE_BONUS,
        hint="is it an undercut? And what is a melded picture worth?",
        why=f"an undercut: 7 − 4 = 3, plus {UNDERCUT_BONUS}, plus {FACE_BONUS} for the King",
        typical=3 + UNDERCUT_BONUS,
        mistakes={
            3 + UNDERCUT_BONUS: "the King the defender melded scores too",
            3 + FACE_BONUS: "an undercut earns a bonus as well",
        },
    )


# -------------------------------------------------------------------- 23 frozen novelty
@lesson("frozen/movable")
def _frozen_movable(state: State) -> Exercise:
    ex = _legal(
        state,
        "Which face-up cards could be moved now (home or onto another stack)?",
        hint="a run of face-up cards may move onto an empty Up stack",
        why="the K♥ may take the Q♥ with it to an empty Up stack, and the Q♥ may go alone",
    )
    ex.typical = frozenset(list(ex.expected)[:1]) if len(ex.expected) > 1 else ex.typical
    return ex


@lesson("frozen/slide")
def _frozen_slide() -> Exercise:
    import cardlab

    game = cardlab.load("frozen_novelty", level="easy")
    s = game.new_state()
    s.apply(game.deal(["3H", "4S"], rng=random.Random(0)))
    ok = "slide deck1 deck2" in s.legal_actions()
    return ChoiceExercise(
        "May the 3♥ (back ♥) slide face down onto the 4♠ (back ♥♠)?",
        "yes" if ok else "no",
        ["yes", "no"],
        hint="a slide asks whether some card with the first back could lie on some card "
        "with the second",
        why="a ♥ back is the 2♥ or the 3♥, and ♥♠ is printed on the 4♥: the 3♥ could lie on it",
        typical="no" if ok else "yes",
        mistakes={"no": "the faces need not fit: only the backs are judged"},
    )


@lesson("frozen/score")
def _frozen_score(state: State) -> Exercise:
    return _score(
        state,
        0,
        "What is your score?",
        hint="the score counts the cards brought home",
        mistakes={3: "the 3♣ was never sent home: only cards on the foundations count"},
    )


@lesson("frozen/levels-with-backs")
def _frozen_levels_with_backs() -> Exercise:
    import cardlab

    from .games.frozen_novelty import LEVELS

    def shows_backs(level: str) -> bool:
        obs = cardlab.Match("frozen_novelty", seed=0, level=level).observation(0)
        return any(isinstance(c, Back) and str(c) != "##" for _, c in obs.entries())

    showing = [lv.replace("_", " ") for lv in LEVELS if shows_backs(lv)]
    hiding = [lv.replace("_", " ") for lv in LEVELS if not shows_backs(lv)]
    return NumberExercise(
        "Of the five levels, at how many can you read at least some of the backs?",
        len(showing),
        hint="look at the table of levels: what does each one let you see?",
        why=f"{_and(showing)} show backs; {_and(hiding)} none",
        typical=len(showing) - 1,
        mistakes={len(showing) - 1: "Normal shows the back of every stack's top card"},
    )


# -------------------------------------------------------------------- 30 foresight backs
@lesson("backs/three-suit-candidates")
def _backs_three_suit() -> Exercise:
    from . import analysis

    truth = analysis.candidates("♣♦♠")
    suits = analysis.candidates("♣♦♠", model="suits")
    return NumberExercise(
        "A hidden card shows ♣, ♦ and ♠ on its back. How many cards could it be for a player "
        "who knows the back table?",
        len(truth),
        hint="count the cards printed with exactly this back, not every card of these suits",
        why="the cards with exactly that back are " + " ".join(c.text for c in truth),
        typical=len(suits),
        mistakes={
            len(suits): "that many is what a player who only reads the suits must "
            "consider: every Ten, Jack and Queen of ♣, ♦ and ♠"
        },
    )


def _class_options(frame: pd.DataFrame) -> list[str]:
    return [str(int(s)) for s in frame["suits"]]


@lesson("backs/most-leaking-class")
def _backs_most_leaking(classes: pd.DataFrame) -> Exercise:
    leak = dict(zip(_class_options(classes), classes["leak_table"], strict=True))
    best = max(leak, key=lambda k: leak[k])
    mistakes = {k: f"backs with {k} suits leak {v:.2f} bits each" for k, v in leak.items()}
    del mistakes[best]
    return ChoiceExercise(
        "For a player who knows the table, which rank class leaks the most bits compared with "
        "a plain back? Answer with the number of suits on its back.",
        best,
        sorted(leak, reverse=True),
        typical="4" if best != "4" else "3",
        mistakes=mistakes,
        hint="a back that prints few suits leaves few candidates",
        why=f"backs with {best} suit{'s' if best != '1' else ''} leak {leak[best]:.2f} bits each, "
        "the most",
    )


@lesson("backs/safe-hole-class")
def _backs_safe_hole_class() -> Exercise:
    deck = get_deck("foresight")
    sizes = {len(deck.back_of(c)) for c in _deck_cards(deck)}
    safe = [
        n
        for n in sorted(sizes)
        if all(deck.back_of(c) == c.symbol for c in _deck_cards(deck) if len(deck.back_of(c)) == n)
    ]
    return ChoiceExercise(
        "Among hole cards played as following suit, which rank class (by the number of suits "
        "on its back) can never turn out to be of the wrong suit?",
        str(safe[0]),
        [str(n) for n in sorted(sizes, reverse=True)],
        typical="4",
        mistakes={
            "4": "a four-suit back fits any suit led, so it is the one most often of another suit"
        },
        hint="which backs print nothing but the card's own suit?",
        why="a back with one suit shows the card's own suit and nothing else",
    )


# -------------------------------------------------------------------- 31 hearts vs heartburn
@lesson("compare/west-score")
def _compare_west_score(masks: Sequence[int]) -> Exercise:
    from .games.heartburn import hand_scores, take_of

    scores = hand_scores(list(masks))
    takes = [take_of(m) for m in masks]
    high, own = max(takes), takes[3]
    minus = f"{own}".replace("-", "−")
    return NumberExercise(
        f"Work out West's score: the highest take is East's {high}, and West's take is "
        f"{minus}. What does West score?",
        scores[3],
        hint="a score is the highest take minus your own, and West's take is negative",
        why=f"West scores the highest take, {high}, minus its own take, {minus}",
        typical=high + own,
        mistakes={
            high + own: f"{high} − {-own} treats West's take as positive; subtracting "
            f"{minus} adds {-own}"
        },
    )


@lesson("compare/ten-of-diamonds-alone")
def _compare_ten_alone() -> Exercise:
    from .games.heartburn import hand_scores, take_of

    masks = [sum(c.bit for c in parse_cards(t)) for t in ("TD", "QS 2H", "", "3H")]
    scores = hand_scores(masks)
    gap = max(take_of(m) for m in masks) - take_of(masks[0])
    return NumberExercise(
        "In Heartburn, what does a player score for a hand in which they took only the 10♦ "
        "(no hearts, not the Q♠), whatever the others took?",
        scores[0],
        hint="what must a player take before the highest-take rule applies?",
        why="a player who took neither a heart nor the Q♠ scores 0",
        typical=10,
        mistakes={
            10: "the 10♦ lowers a take by 10, but that only helps a player who qualifies",
            gap: "the gap to the highest take counts only for a player who took a heart or the Q♠",
        },
    )


# -------------------------------------------------------------------- 32 bots and seats
@lesson("bots/fewest-points")
def _bots_fewest_points(bots: pd.DataFrame) -> Exercise:
    means = bots["mean points"]
    best = str(means.idxmin())
    mistakes = {
        str(k): f"the {k} bot averages {v:.1f} points a hand" for k, v in means.items() if k != best
    }
    second = str(means.drop(best).idxmin())
    return ChoiceExercise(
        "Which bot takes the fewest points against random players?",
        best,
        [str(k) for k in means.index],
        typical=second,
        mistakes=mistakes,
        hint="lower is better in Hearts: compare the bars (and their whiskers)",
        why=f"the {best} bot averages {means.min():.1f} points a hand",
    )


@lesson("bots/points-per-seat")
def _bots_points_per_seat() -> Exercise:
    total = _hearts_points_per_hand().expected
    return NumberExercise(
        "If four equally good players never shot the moon, how many points would each seat "
        "take per hand on average?",
        total / 4,
        hint="how many points does a hand hand out, and among how many seats?",
        why=f"{total} penalty points are shared out each hand among four seats",
        typical=total,
        mistakes={total: f"{total} is what a hand hands out to all four seats together"},
    )


@lesson("bots/first-mover")
def _bots_first_mover(roles: pd.DataFrame) -> Exercise:
    won = roles["won"]
    best, worse = str(won.idxmax()), str(won.idxmin())
    said = ", ".join(f"the {k} won {v:.1%} of the hands" for k, v in won.items())
    return ChoiceExercise(
        "Which role wins more hands?",
        best,
        [str(k) for k in won.index],
        typical=worse,
        mistakes={worse: f"the {worse} won {won[worse]:.1%} of the hands: compare the other bar"},
        hint="compare the bars of the chart above",
        why=said,
    )


# -------------------------------------------------------------------- 13 bouncers
@lesson("bouncers/north-follows")
def _bouncers_north_follows(state: State) -> Exercise:
    ex = _legal(
        state,
        "Which cards may North play now?",
        hint="which suit was led? The card winning the trick so far does not change that",
        why="North holds spades, the suit led, so it must play a spade; that a diamond is "
        "winning the trick does not matter",
    )
    ex.typical = frozenset(ex.pool)  # any card, as if ranks alone decided what may be played
    return ex


@lesson("bouncers/equal-ranks")
def _bouncers_equal_ranks(state: State) -> Exercise:
    from .core.cards import CARDS
    from .rules.tricks import HIGH, winning_play

    lead, cards = state.last_trick  # type: ignore[attr-defined]
    names = state.names
    seats = [(lead + i) % state.players for i in range(len(cards))]
    best = winning_play(cards, cards[0] // 13, rank_only=True)
    top = HIGH[cards[best]]
    winner, card = names[seats[best]], CARDS[cards[best]]
    played = ", ".join(f"{names[s]} the {CARDS[c].text}" for s, c in zip(seats, cards, strict=True))
    mistakes = {}
    for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
        if i == best:
            continue
        if HIGH[c] == top:
            mistakes[names[s]] = (
                f"{names[s]}'s {CARDS[c].text} ties for the highest rank, but another card of "
                "that rank came after it"
            )
        else:
            mistakes[names[s]] = f"the {CARDS[c].text} is not the highest rank in the trick"
    tied = [names[s] for s, c in zip(seats, cards, strict=True) if HIGH[c] == top]
    return ChoiceExercise(
        f"The trick went: {played}. Who takes it?",
        winner,
        [names[s] for s in seats],
        hint="compare ranks only, whatever the suits; when ranks tie, the order of play decides",
        why=f"the highest rank takes the trick whatever its suit, and of equal ranks the one "
        f"played last wins: {winner}'s {card.text}",
        typical=tied[0] if tied[0] != winner else next(iter(mistakes)),
        mistakes=mistakes,
    )


@lesson("bouncers/west-score")
def _bouncers_west_score(state: State) -> Exercise:
    return _score(
        state,
        2,
        "How many points did West score this deal?",
        hint="add West's counters (the Ace counts 11), then take off one counter per bouncer, "
        "the dearest first",
    )


def _hearts_text(codes: str) -> str:
    return _and([c.text for c in parse_cards(codes)])


@lesson("bouncers/costs")
def _bouncers_costs() -> Exercise:
    from .games.bouncers import penalty, score_lines, value

    won = "9H 3H AH JH"
    cards = [c.index for c in parse_cards(won)]
    worth = [value(c) for c in cards if value(c)]
    low_ace = [1 if c % 13 == 0 else value(c) for c in cards if value(c)]
    total = sum(worth)
    return NumberExercise(
        f"A player won the {_hearts_text(won)}. What do those hearts cost?",
        penalty(cards),
        hint="which hearts are counters, what is the Ace worth, and which counter does the "
        "bouncer wipe out?",
        why="; ".join(f"{reason} ({points:+d})" for points, reason in score_lines(cards)),
        typical=total - min(worth),
        mistakes={
            total - min(worth): "a bouncer wipes out the dearest counter, not the cheapest",
            total: "the J♥ is a bouncer: it wipes out one counter",
            sum(low_ace) - max(low_ace): "as a counter the Ace is worth 11, not 1",
        },
    )


@lesson("bouncers/variant-two")
def _bouncers_variant_two() -> Exercise:
    from .games.bouncers import penalty, score_lines, value

    won = "KH 4H QH 9H 7H"
    cards = [c.index for c in parse_cards(won)]
    usual = penalty(cards, "highest")
    lines = score_lines(cards, "by_rank")
    return NumberExercise(
        f'With bouncers="by_rank" (Variant 2), a player won, in this order, the '
        f"{_hearts_text(won)}. What do those hearts cost?",
        penalty(cards, "by_rank"),
        hint="settle the Q♥ first (only a counter won before it will do), then the K♥",
        why="; ".join(f"{reason} ({points:+d})" for points, reason in lines),
        typical=usual,
        mistakes={
            usual: "that is the usual rule; under Variant 2 the Q♥ can only wipe out a "
            "counter won before it",
            sum(value(c) for c in cards): "both bouncers wipe out a counter here",
        },
    )


@lesson("bouncers/least-per-deal")
def _bouncers_least_per_deal() -> Exercise:
    from .games.bouncers import VALUE

    counters = sorted((v for v in VALUE if v), reverse=True)
    least = sum(counters) - sum(counters[:3])
    return NumberExercise(
        "Whoever wins what, what is the least a deal can cost the three players together "
        "(with the usual rule)?",
        least,
        hint="add up every counter, then let the three bouncers do the most good they can",
        why=f"the counters add up to {sum(counters)}; at best the three bouncers wipe out "
        f"the three dearest, {_and([str(v) for v in counters[:3]])}",
        typical=sum(counters),
        mistakes={
            sum(counters): "the bouncers wipe out some counters",
            sum(counters) - sum(counters[-3:]): "the bouncers can wipe out dearer counters",
            0: "there are ten counters but only three bouncers",
        },
    )


@lesson("bouncers/dearer-rule")
def _bouncers_dearer_rule(costs: pd.DataFrame) -> Exercise:
    means = costs["points per deal"]
    dear, cheap = str(means.idxmax()), str(means.idxmin())
    return ChoiceExercise(
        "Which rule for the bouncers makes a deal cost more, all players together?",
        dear,
        [str(k) for k in means.index],
        hint="compare the average cost of a deal under each rule in the table above",
        why=f"a deal costs {means.max():.1f} points on average under {dear} and "
        f"{means.min():.1f} under {cheap}: a bouncer is more often left with nothing to wipe out",
        typical=cheap,
        mistakes={cheap: f"under {cheap} a deal costs {means.min():.1f} points on average"},
    )


# -------------------------------------------------------------------- 12 all fours
def _all_fours_hand(state: State) -> Any:
    """An All Fours state whose hand has been played to its end (else ValueError)."""
    from .games.all_fours import AllFoursState

    if not isinstance(state, AllFoursState) or not state.results or state.trump < 0:
        raise ValueError("this needs an All Fours hand that has been played to its end")
    return state


def _trumps_in(mask: int, trump: int) -> list[Card]:
    """The trumps among the cards of ``mask``, lowest first (Aces high)."""
    from .core.cards import cards_of
    from .rules.tricks import HIGH

    return sorted((c for c in cards_of(mask) if c.suit == trump), key=lambda c: HIGH[c.index])


def _who_scores(
    state: Any, point: str, seat: int, typical: int, mistakes: dict[str, str], hint: str, why: str
) -> ChoiceExercise:
    """The question who scores ``point`` in this hand: a seat's name, or nobody."""
    names = list(state.names)
    options = [*names, "nobody"]
    answer = "nobody" if seat < 0 else names[seat]
    wrong = "nobody" if typical < 0 else names[typical]
    if wrong == answer:
        wrong = next(o for o in options if o != answer)
    return ChoiceExercise(
        f"Who scores {point} in this hand?",
        answer,
        options,
        hint=hint,
        why=why,
        typical=wrong,
        mistakes=mistakes,
    )


@lesson("all-fours/run-size")
def _all_fours_run_size(state: State) -> Exercise:
    from .games.all_fours import RUN, run_size

    n = state.players
    need = run_size(n)
    return NumberExercise(
        f"With {n} players, how many cards does one run of the cards take from the stock?",
        need,
        hint="count the cards every player receives, then think of what the dealer turns next",
        why=f"{RUN} cards for each of the {n} players, and one more turned up as the new upcard",
        typical=need - 1,
        mistakes={
            need - 1: "that forgets the card the dealer turns up to propose a new suit",
            RUN: f"{RUN} cards go to every player, not {RUN} in all",
        },
    )


@lesson("all-fours/may-play")
def _all_fours_may_play(state: State) -> Exercise:
    from .core.cards import SUIT_SYMBOLS

    trump, led, seat = getattr(state, "trump", -1), getattr(state, "led", -1), state.current
    if trump < 0 or led < 0 or not isinstance(seat, int):
        raise ValueError("this needs a trick in progress and a seat to play to it")
    name = state.names[seat]
    follow = " ".join(c.code for c in state.observation(seat).my_hand if c.suit == led)
    lead, trumps = SUIT_SYMBOLS[led], SUIT_SYMBOLS[trump]
    return CardsExercise.legal(
        state,
        f"Which cards may {name} play now?",
        hint=f"{name} holds the suit led; is that the only suit it may play?",
        why=f"{name} holds {lead}, so it plays {lead} or a trump ({trumps}): in All Fours a "
        "trump is always allowed, even when you could follow suit; any other suit is not",
        typical=follow,
        mistakes={
            follow: "a trump may always be played in All Fours, even by a player who can "
            "follow suit"
        },
    )


@lesson("all-fours/high")
def _all_fours_high(state: State) -> Exercise:
    from .core.cards import CARDS
    from .rules.tricks import HIGH

    st = _all_fours_hand(state)
    fp = st.four_points()
    mistakes: dict[str, str] = {}
    best: dict[int, Card] = {}
    for s, name in enumerate(st.names):
        mine = _trumps_in(st.held[s], st.trump)
        if mine and s != fp.high:
            best[s] = mine[-1]
            mistakes[name] = (
                f"the best trump {name} played was the {mine[-1].text}, and a higher one was played"
            )
        elif s != fp.high:
            mistakes[name] = f"{name} played no trump this hand"
    if fp.high >= 0:
        mistakes["nobody"] = "a trump was played this hand, so High is scored"
        why = f"the best trump played was the {CARDS[fp.high_card].text}, and High goes to "
        why += "whoever played it"
    else:
        why = "no trump was played this hand, so High is not scored"
    runner_up = max(best, key=lambda s: HIGH[best[s].index]) if best else -1
    return _who_scores(
        st,
        "High",
        fp.high,
        runner_up,
        mistakes,
        hint="High is the best trump played this hand, which need not be the best in the pack",
        why=why,
    )


@lesson("all-fours/low")
def _all_fours_low(state: State) -> Exercise:
    from .core.cards import CARDS

    st = _all_fours_hand(state)
    fp = st.four_points()
    low = CARDS[fp.low_card].text if fp.low >= 0 else ""
    player = next(
        (s for s in range(st.players) if fp.low >= 0 and st.held[s] >> fp.low_card & 1), -1
    )
    mistakes: dict[str, str] = {}
    for s, name in enumerate(st.names):
        if s == fp.low:
            continue
        took = _trumps_in(st.taken[s], st.trump)
        if fp.low < 0:
            mistakes[name] = "no trump was played at all this hand"
        elif s == player:
            mistakes[name] = f"{name} played the {low}, but Low goes to whoever captured it"
        elif took:
            mistakes[name] = (
                f"the lowest trump {name} captured was the {took[0].text}, and a lower one "
                "was played"
            )
        else:
            mistakes[name] = f"{name} captured no trump this hand"
    if fp.low >= 0:
        mistakes["nobody"] = "a trump was played this hand, so Low is scored"
        why = f"the lowest trump played was the {low}, and Low goes to whoever captured it"
    else:
        why = "no trump was played this hand, so Low is not scored"
    return _who_scores(
        st,
        "Low",
        fp.low,
        player,
        mistakes,
        hint="find the lowest trump played, then the trick it ended up in",
        why=why,
    )


@lesson("all-fours/jack")
def _all_fours_jack(state: State) -> Exercise:
    from .core.cards import CARDS

    st = _all_fours_hand(state)
    fp = st.four_points()
    jack = CARDS[fp.jack_card].text
    turned = any(ln.reason == f"the {jack} turned up" for ln in st.results[-1].lines)
    player = next((s for s in range(st.players) if st.held[s] >> fp.jack_card & 1), -1)
    mistakes: dict[str, str] = {}
    for s, name in enumerate(st.names):
        if s == fp.jack:
            continue
        if fp.jack < 0 and turned and s == st.dealer:
            mistakes[name] = (
                f"{name} scored for turning the {jack} up, which is not the Jack point: the "
                f"{jack} was never played to a trick"
            )
        elif fp.jack < 0:
            mistakes[name] = f"the {jack} was never played to a trick this hand"
        elif s == player:
            mistakes[name] = f"{name} played the {jack}, but Jack goes to whoever took it"
        else:
            mistakes[name] = f"{name} did not take the {jack}"
    if fp.jack >= 0:
        mistakes["nobody"] = f"the {jack} was played to a trick, so somebody took it"
        why = f"the {jack} was played, and Jack goes to the player whose trick it ended up in"
    else:
        why = f"the {jack} was not played to any trick, so the Jack point is not scored"
    if fp.jack >= 0:
        typical = player
    elif turned:
        typical = st.dealer
    else:
        typical = 0
    return _who_scores(
        st,
        "Jack",
        fp.jack,
        typical,
        mistakes,
        hint="look for the Jack of trumps among the captured cards",
        why=why,
    )


@lesson("all-fours/game")
def _all_fours_game(state: State) -> Exercise:
    st = _all_fours_hand(state)
    fp = st.four_points()
    counts = fp.counts
    names = st.names
    mistakes: dict[str, str] = {}
    for s, name in enumerate(names):
        if s == fp.game:
            continue
        if fp.game >= 0:
            mistakes[name] = (
                f"{name}'s captured cards count {counts[s]} toward Game, and another "
                "player's count more"
            )
        else:
            mistakes[name] = (
                f"{name} counts {counts[s]}, but so does another player, and a tie scores nothing"
            )
    if fp.game >= 0:
        mistakes["nobody"] = "one player's captured cards count more than anyone else's"
    said = ", ".join(f"{names[s]} {counts[s]}" for s in range(st.players))
    tricks = max(range(st.players), key=lambda s: (st.tricks_won[s], -counts[s]))
    by_count = sorted(range(st.players), key=lambda s: -counts[s])
    typical = tricks if tricks != fp.game else by_count[1]
    return _who_scores(
        st,
        "Game",
        fp.game,
        typical,
        mistakes,
        hint="add up each player's captured cards: Ten 10, Ace 4, King 3, Queen 2, Jack 1",
        why=f"the counts are {said}",
    )


@lesson("all-fours/seven-players")
def _all_fours_seven_players() -> Exercise:
    from .games.all_fours import HAND, run_size

    deck = len(get_deck("standard").cards)
    stock = deck - 7 * HAND - 1
    need = run_size(7)
    can = "yes" if stock >= need else "no"
    other = "no" if can == "yes" else "yes"
    return ChoiceExercise(
        "With seven players, can the dealer ever run the cards?",
        can,
        ["yes", "no"],
        hint="how many cards are left in the stock after the deal, and how many does a run take?",
        why=f"after the deal the stock holds {stock} cards, and a run takes {need}",
        typical=other,
        mistakes={other: "compare what is left in the stock after the deal with what one run "
                  "hands out"},
    )  # fmt: skip


# -------------------------------------------------------------------- 16 in-between
def _between_odds(state: State) -> tuple[Any, str, Any]:
    """The odds of the posts showing, the name of the seat to act and its observation."""
    from .games.in_between import odds_in_view

    seat = state.current
    if not isinstance(seat, int):
        raise ValueError("nobody is to act: no posts are showing")
    obs = state.observation(seat)
    return odds_in_view(obs), state.names[seat], obs


def _between_ranks(low: int, high: int) -> str:
    from .core.cards import rank_text

    inside = [r for r in range(max(low + 1, 2), min(high, 14))]
    if not inside:
        return "no rank"
    first, last = rank_text(inside[0]), rank_text(inside[-1])
    return f"{first} to {last}" if len(inside) > 1 else first


def _between_winners(state: State, question: str) -> Exercise:
    o = _between_odds(state)[0]
    wins = int(o.win * o.unseen)
    hits = int(o.post * o.unseen)
    ranks = _between_ranks(o.low, o.high)
    spread = o.high - o.low - 1
    gone = 4 * spread - wins
    seen = f", {gone} of them already turned" if gone else ", none of them turned yet"
    return NumberExercise(
        question,
        wins,
        hint="count the ranks strictly between the posts, four cards each, and take away the "
        "ones already turned",
        why=f"{ranks} lie between the posts: {spread} ranks of four cards{seen}",
        typical=wins + hits,
        mistakes={
            wins + hits: "that counts the posts' own ranks too: a third card of a post's rank "
            "hits the post, and that loses"
        },
    )


def _min_or_pot(
    question: str, win: Fraction, counted: str, pot: int, hint: str, mistake: str, aside: str = ""
) -> Exercise:
    """Bet the minimum or the whole pot at even money, given the chance ``win`` of winning
    (``counted`` says how it was counted, such as "12 of the 44 unseen cards win";
    ``aside`` follows the comparison with half)."""
    good = win > Fraction(1, 2)
    answer = "the whole pot" if good else "the minimum"
    other = "the minimum" if good else "the whole pot"
    per = abs(2 * win - 1)
    sign = "gains" if good else "loses"
    return ChoiceExercise(
        question,
        answer,
        ["the minimum", "the whole pot"],
        hint=hint,
        why=f"{counted}, {'more' if good else 'less'} than half{aside}: each chip bet {sign} "
        f"{per.numerator}/{per.denominator} of a chip on average, so "
        f"{'the more' if good else 'the less'} the better (the pot holds {pot})",
        typical=other,
        mistakes={other: mistake},
    )


def _between_bet(state: State, question: str) -> Exercise:
    o, _, obs = _between_odds(state)
    return _min_or_pot(
        question,
        o.win,
        f"{int(o.win * o.unseen)} of the {o.unseen} unseen cards win",
        obs.pots[0].chips,
        hint="a bet wins or loses its size at even money: is winning more likely than losing?",
        mistake="compare the winning cards with half of the cards still unseen: that "
        "decides whether each chip bet gains or loses on average",
    )


@lesson("in-between/east-winners")
def _between_east_winners(state: State) -> Exercise:
    return _between_winners(state, "How many of the cards East has not seen would win East's bet?")


@lesson("in-between/east-bet")
def _between_east_bet(state: State) -> Exercise:
    return _between_bet(state, "Should East bet the minimum or the whole pot?")


@lesson("in-between/north-call")
def _between_north_call(state: State) -> Exercise:
    from .games.in_between import odds

    seat = state.current
    if not isinstance(seat, int) or state.phase != "call":
        raise ValueError("no Ace post is waiting to be called")
    obs = state.observation(seat)
    left, right = obs.zone("posts").faces
    seen = [c for z in obs.zones if z.name in ("last", "used") for c in z.faces]
    ace = left if left.rank == 1 else right
    wins = {}
    for call in ("high", "low"):
        calls = (call, None) if ace is left else (None, call)
        o = odds((left, right), seen, calls)
        wins[call] = (int(o.win * o.unseen), _between_ranks(o.low, o.high))
    best = max(wins, key=lambda c: wins[c][0])
    other = "low" if best == "high" else "high"
    said = "; ".join(
        f"called {c}, {wins[c][1]} lie between ({wins[c][0]} winning cards)"
        for c in ("low", "high")
    )
    return ChoiceExercise(
        f"Should {state.names[seat]} call the {ace.text} high or low?",
        best,
        ["high", "low"],
        hint="an Ace is above the King or below the Two: which leaves more ranks between "
        "the posts?",
        why=said,
        typical=other,
        mistakes={other: "count the ranks the Ace would leave between the posts either way"},
    )


@lesson("in-between/north-winners")
def _between_north_winners(state: State) -> Exercise:
    return _between_winners(
        state, "After the call, how many of the cards North has not seen would win?"
    )


@lesson("in-between/north-bet")
def _between_north_bet(state: State) -> Exercise:
    return _between_bet(state, "Should North bet the minimum or the whole pot?")


@lesson("in-between/north-balance")
def _between_north_balance(state: State) -> Exercise:
    third = next(e for e in reversed(state.events) if e.kind == "third")
    bet = next(e for e in reversed(state.events) if e.kind == "bet")
    seat = third.seat
    if seat is None:
        raise ValueError("no third card has been turned")
    balance = state.balance(seat)  # type: ignore[attr-defined]
    chips = int(bet.get("chips"))
    name = state.names[seat]
    card = third.cards[0].text
    result = third.get("result")
    said = {
        "post": "it hits a post, which loses the bet",
        "win": "it lies between the posts",
        "outside": "it lies outside the posts",
    }.get(str(result), str(result))
    return NumberExercise(
        f"{name} bet {chips} and the third card is the {card}. How many chips does "
        f"{name} hold now?",
        balance,
        hint="a third card of a post's rank is a lost bet, no more and no less",
        why=f"{said}: {name}'s balance moves by {int(third.get('chips')):+d} to {balance}",
        typical=balance - chips,
        mistakes={
            balance - chips: "hitting the post costs the bet once: some tables double it, "
            "these rules do not",
            balance + 2 * chips: "the card matches a post: that is a loss, not a win",
        },
    )


@lesson("in-between/break-even")
def _between_break_even() -> Exercise:
    from .core.cards import CARDS
    from .games.in_between import odds

    def chance(gap: int) -> Fraction:
        return odds((CARDS[1], CARDS[gap + 2])).win  # the 2♣ and a club gap + 1 ranks up

    gap = next(g for g in range(12) if chance(g) > Fraction(1, 2))
    below, at = chance(gap - 1), chance(gap)
    return NumberExercise(
        "Before any other card is turned, how many ranks must lie between the posts for a "
        "bet to win more often than it loses?",
        gap,
        hint="each rank between the posts is four winning cards out of the 50 unseen",
        why=f"{gap} ranks make {4 * gap} winning cards of 50 ({float(at):.0%}); "
        f"{gap - 1} make only {4 * (gap - 1)} ({float(below):.0%})",
        typical=gap - 1,
        mistakes={
            gap - 1: f"{4 * (gap - 1)} winning cards of 50 is not quite half",
        },
    )


@lesson("in-between/pair-bet")
def _between_pair_bet(state: State) -> Exercise:
    from .core.refusals import plural
    from .games.in_between import PAIR_ODDS

    o, name, obs = _between_odds(state)
    if o.kind != "pair":
        raise ValueError("the posts are not a pair")
    pot = obs.pots[0].chips
    sure = min(2 * int(obs.info["min_bet"]), pot)
    from .core.actions import ActionRange

    legal = obs.legal
    if not isinstance(legal, ActionRange):
        raise ValueError("no bet is to be made now")
    low, high = legal.low, legal.high
    sizes = {
        low,
        high,
        max(low, min(high, pot // PAIR_ODDS)),
        max(low, min(high, -(-pot // PAIR_ODDS))),
    }
    best = max(sizes, key=lambda b: (o.expected(b, pot), -b))
    value = o.expected(best, pot)
    bet_better = value > sure
    answer = "bet on a third card" if bet_better else "take the payment"
    other = "take the payment" if bet_better else "bet on a third card"
    k, n = int(o.win * o.unseen), o.unseen
    return ChoiceExercise(
        f"{name}'s posts are a pair. Which is worth more on average: taking the pair "
        "payment, or the best pair bet?",
        answer,
        ["take the payment", "bet on a third card"],
        hint="a pair bet is paid 25 to 1 but never more than the pot: weigh the chance of a "
        "third card against the sure payment",
        why=f"a third card of the rank comes {k} times in {n}: the best bet, "
        f"{plural(best, 'chip')}, is worth {float(value):+.2f} chips on average against a "
        f"sure {sure}",
        typical=other,
        mistakes={
            other: "25 to 1 sounds generous: multiply it by the chance of a third card and "
            "compare with the sure payment"
        },
    )


# -------------------------------------------------------------------- 15 canfield
@lesson("canfield/playable")
def _canfield_playable(state: State) -> Exercise:
    from .core.refusals import plural

    uses: dict[Card, list[str]] = {}
    for a in state.legal_actions(0):
        if a.cards:
            uses.setdefault(a.cards[0], []).append("home" if a.verb == "home" else a.args[1])
    said = "; ".join(f"{c.text} to {' or '.join(w)}" for c, w in uses.items())
    waste = state.observation(0).zone("waste").faces
    ex = _legal(
        state,
        "Which face-up cards could you play now, home or onto the tableau?",
        hint="only the top cards of the reserve and the waste may move, but any tableau card "
        "may take the cards lying on it along",
        why=f"{plural(len(uses), 'card')} can move: {said}",
        prefer=[c.code for c in waste[:-1]],
    )
    copy = ex.state if ex.state is not None else state

    def judge(card: Card) -> str | None:
        if card in ex.expected:
            return None
        moving = copy.explain(f"move {card.code}")
        if " is face down" in moving or " lies under " in moving or " is on its " in moving:
            return moving
        return f"{moving}, and {copy.explain(f'home {card.code}')}"

    ex.judge = judge
    return ex


@lesson("canfield/last-card")
def _canfield_last_card(state: State) -> Exercise:
    from .games.canfield import CanfieldState

    if not isinstance(state, CanfieldState):
        raise ValueError("this exercise needs a deal of Canfield")
    base = state.base
    last = parse_card(f"{'A23456789TJQK'[(base - 1) % 13]}S")
    king = parse_card("KS")
    spades = [c for c in _deck_cards(state.game.deck) if c.suit == 3]
    first = RANK_NAMES[base]
    return CardsExercise(
        f"The foundations start from the {first}. Which card will be the last one on the ♠ "
        "foundation?",
        [last],
        spades,
        pick_one=True,
        pool_label="spades",
        hint="a foundation climbs from its first card past the King to the Ace and keeps "
        "going until every rank is there",
        why=f"the ♠ foundation runs from the {first} of spades up to the King, round to the "
        f"Ace and on to the {RANK_NAMES[(base - 1) % 13]}: the rank just below the base",
        typical=king if last != king else parse_card("QS"),
        mistakes={
            king: "the King is the top only when the foundations start from the Ace; here "
            "they carry on past it"
        }
        if last != king
        else {},
    )


@lesson("canfield/draw-three")
def _canfield_draw_three(state: State) -> Exercise:
    waste = state.observation(0).zone("waste").faces
    if state.options.draw != 3 or len(waste) < 3:
        raise ValueError("this exercise needs three cards just drawn with draw=3")
    drawn = waste[-3:]
    top = drawn[-1]
    first = drawn[0]
    return ChoiceExercise(
        f"You drew {' '.join(c.text for c in drawn)} with draw 3. Which of them may you play now?",
        top.text,
        [c.text for c in drawn],
        hint="the three cards are turned one after another onto the waste: which one ends on top?",
        why=f"{top.text} was turned last and lies on top of the waste; {drawn[1].text} is freed "
        f"only once {top.text} is played, and {first.text} after that",
        typical=first.text,
        mistakes={
            first.text: f"{first.text} came off the stock first, so it lies at the bottom of "
            "the three"
        },
    )


@lesson("canfield/casino-score")
def _canfield_casino_score(state: State) -> Exercise:
    from .games.canfield import CanfieldState

    if not isinstance(state, CanfieldState) or state.options.scoring != "casino":
        raise ValueError("this exercise needs a deal of Canfield scored with scoring='casino'")
    home = sum(state.found)
    return _score(
        state,
        0,
        "Under casino scoring, what did this deal score?",
        hint="five for every card on the foundations, the opening card too, then take off "
        "the stake",
        mistakes={
            5 * home: "that leaves out the stake of 52 paid before the deal",
            home - 52: "each card home is worth 5 under casino scoring",
        },
    )


@lesson("canfield/gap")
def _canfield_gap(table: pd.DataFrame) -> Exercise:
    need = {"rules", "min_rate", "bot_rate"}
    if not need <= set(table.columns):
        raise ValueError(f"this exercise needs a table with {', '.join(sorted(need))}")
    rules = table["rules"].astype(str).tolist()
    solver = dict(zip(rules, table["min_rate"].astype(float).tolist(), strict=True))
    bot = dict(zip(rules, table["bot_rate"].astype(float).tolist(), strict=True))
    gaps = {r: solver[r] - bot[r] for r in rules}
    if len(gaps) != 2:
        raise ValueError("this exercise compares two rule sets")
    best = max(gaps, key=lambda k: gaps[k])
    other = next(k for k in gaps if k != best)

    def said(r: str) -> str:
        return f"the solver wins {solver[r]:.0%} of the deals and the bot {bot[r]:.0%}"

    return ChoiceExercise(
        "Under which rule set does the heuristic bot fall furthest short of what could be won?",
        best,
        list(gaps),
        hint="for each rule set, take the bot's win rate away from the solver's",
        why=f"under {best} {said(best)}, {100 * gaps[best]:.0f} points apart; under {other} "
        f"{said(other)}, {100 * gaps[other]:.0f} points apart",
        typical=other,
        mistakes={
            other: (
                "that is where the bot wins more often"
                if bot[other] > bot[best]
                else "there the bot comes closer to the solver"
            )
            + "; the question is where it is furthest behind the solver"
        },
    )


# -------------------------------------------------------------------- 14 golf
def _golf_longest_run(state: State) -> tuple[int, list[str]]:
    """The most pile cards one run of plays can clear from ``state`` (no stock card), and
    the cards of one such run."""
    best: list[str] = []

    def walk(st: State, run: list[str]) -> None:
        nonlocal best
        if len(run) > len(best):
            best = list(run)
        if st.terminal:
            return
        for a in st.legal_actions(0):
            if a.verb == "play":
                nxt = st.clone()
                nxt.apply(a, 0)
                walk(nxt, [*run, a.cards[0].text])

    walk(state, [])
    return len(best), best


@lesson("golf/playable")
def _golf_playable(state: State) -> Exercise:
    top = state.observation(0).zone("discard").faces[-1]
    plays = sorted(
        (a.cards[0] for a in state.legal_actions(0) if a.verb == "play"), key=lambda c: c.index
    )
    if not plays:
        raise ValueError("this exercise needs a position where some pile card fits")
    ex = _legal(
        state,
        f"Which cards could be played on the {top.text} now?",
        hint="only the top card of each pile is free, and it must be one rank above or "
        "below the discard pile's top card; suits do not matter",
        why=f"the free cards one rank away from the {top.text} are "
        + _and([c.text for c in plays]),
    )
    same = [c for c in ex.pool if c.rank == top.rank and c is not top]
    if same:  # the typical slip: a card of the same rank
        ex.typical = ex.expected | {same[0]}
    return ex


@lesson("golf/longest-run")
def _golf_longest_run_exercise(state: State) -> Exercise:
    most, run = _golf_longest_run(state)
    walked = 6  # the run the notebook plays before asking
    mistakes = {walked: "that is the run played above; another order clears more"}
    if most == walked:
        mistakes = {}
    return NumberExercise(
        "From the discard pile's top card at the start of this deal, how many pile cards "
        "could one run clear at most, before a stock card is needed?",
        most,
        hint="each card played frees the card under it; try each first play and follow "
        "every way on",
        why=f"one longest run plays {' '.join(run)}",
        typical=walked if most != walked else most + 1,
        mistakes=mistakes,
    )


@lesson("golf/king")
def _golf_king(state: State) -> Exercise:
    legal = state.legal_actions(0)
    plays = {a.cards[0].rank for a in legal if a.verb == "play"}
    queen, ace = parse_card("QS").rank, parse_card("AS").rank
    if queen in plays:
        answer = "play a Queen"
    elif ace in plays:
        answer = "play an Ace"
    elif any(a.verb == "draw" for a in legal):
        answer = "draw from the stock"
    else:
        raise ValueError("this exercise needs a King on the discard pile")
    return ChoiceExercise(
        "A King lies on the discard pile and the Q♥ is free on a pile. What can you do?",
        answer,
        ["play a Queen", "play an Ace", "draw from the stock"],
        hint="which ranks sit next to a King, under the rules as the text gives them?",
        why="nothing may be played on a King, so the only move is to turn the next stock card",
        typical="play a Queen",
        mistakes={
            "play a Queen": "a King goes on a Queen, but not the other way round (unless "
            "queen_on_king is on)",
            "play an Ace": "the Ace is low: it sits next to the Two only (unless wrap is on)",
        },
    )


@lesson("golf/score")
def _golf_score(state: State) -> Exercise:
    piles = int(state.observation(0).value(0, "piles"))
    stock = int(state.observation(0).value(0, "stock"))
    played = 35 - piles
    mistakes = {played: "that counts the cards played; the score counts the cards left"}
    if stock:
        mistakes[piles + stock] = "cards left in the stock cost nothing"
    return _score(
        state,
        0,
        "What did this deal score?",
        hint="golf is scored by what is left over",
        mistakes=mistakes,
    )


@lesson("golf/wrap-king")
def _golf_wrap_king() -> Exercise:
    from .games.golf import KING, golf_rules

    takes = golf_rules(wrap=True).takes(KING)
    options = ["nothing", "a Queen", "an Ace", "a Queen or an Ace"]
    return ChoiceExercise(
        "With wrap on and queen_on_king off, which cards may go on a King?",
        takes,
        options,
        hint="wrap makes the King and the Ace neighbours; the Queen needs its own option",
        why=f"with wrap alone a King takes {takes} and nothing else",
        typical="a Queen or an Ace",
        mistakes={
            "a Queen or an Ace": "a Queen goes on a King only with queen_on_king",
            "nothing": "with wrap the King and the Ace are neighbours both ways",
            "a Queen": "wrap joins the King to the Ace, not to the Queen",
        },
    )


@lesson("golf/most-winnable")
def _golf_most_winnable(table: pd.DataFrame) -> Exercise:
    need = {"rules", "min_rate"}
    if not need <= set(table.columns):
        raise ValueError(f"this exercise needs a table with {', '.join(sorted(need))}")
    rates = dict(zip(table["rules"].astype(str), table["min_rate"].astype(float), strict=True))
    best = max(rates, key=lambda k: rates[k])
    second = max((k for k in rates if k != best), key=lambda k: rates[k])
    return ChoiceExercise(
        "Under which rule set can the most deals be won?",
        best,
        list(rates),
        hint="read the solver's bars, not the bot's",
        why=f"the solver wins {rates[best]:.0%} of the deals under {best}, "
        + ", ".join(f"{rates[k]:.0%} under {k}" for k in rates if k != best),
        typical=second,
        mistakes={
            k: f"under {k} the solver wins {rates[k]:.0%} of the deals" for k in rates if k != best
        },
    )


# -------------------------------------------------------------------- 17 red dog
def _red_dog_turn(state: State) -> tuple[Any, str, Any]:
    """The odds of the hand to bet, the name of its seat and the seat's observation."""
    from .games.red_dog import odds_in_view

    seat = state.current
    if not isinstance(seat, int):
        raise ValueError("nobody is to bet now")
    obs = state.observation(seat)
    return odds_in_view(obs), state.names[seat], obs


def _red_dog_beats(state: State, question: str) -> Exercise:
    from .core.cards import SUIT_NAMES, mask_of
    from .games.red_dog import beaten_by, odds, value

    o, name, obs = _red_dog_turn(state)
    hand = obs.zone("hand", obs.viewer).faces
    blind = odds(hand).wins  # as if no other card were showing
    every = beaten_by(mask_of(hand)).bit_count()  # the hand's own cards counted too
    parts = []
    for suit in range(4):
        mine = [c for c in hand if c.suit == suit]
        top = max(mine, key=value) if mine else None
        if top is not None and top.rank != 2:
            parts.append(f"the {top.text} beats the lower {SUIT_NAMES[suit]}")
    gone = blind - o.wins
    seen = (
        "none of them is showing"
        if not gone
        else f"{gone} of those cards {'is' if gone == 1 else 'are'} already showing"
    )
    mistakes: dict[Any, str] = {}
    if blind != o.wins:
        mistakes[blind] = (
            f"a card already showing cannot be {name}'s fifth card: leave out the ones {name} "
            "can see"
        )
    if every not in (blind, o.wins):
        mistakes[every] = f"{name}'s own cards cannot be its fifth card: leave them out"
    return NumberExercise(
        question,
        o.wins,
        hint="the best card you hold in a suit beats every lower card of that suit; an Ace "
        "as the fifth card beats you",
        why=f"{'; '.join(parts)}; {seen}, so {o.wins} of the {o.unseen} unseen cards lose "
        f"to {name}'s hand",
        typical=next(iter(mistakes), o.wins + 1),
        mistakes=mistakes or {o.wins + 1: "count the cards below your best card of each suit"},
    )


def _red_dog_bet(state: State, question: str) -> Exercise:
    from .games.red_dog import odds

    o, _, obs = _red_dog_turn(state)
    good = o.win > Fraction(1, 2)
    blind = odds(obs.zone("hand", obs.viewer).faces)
    flips = (blind.win > Fraction(1, 2)) != good
    told = (
        f"; counting all {blind.unseen} cards as unseen would give {blind.wins}, "
        f"{'more' if blind.win > Fraction(1, 2) else 'less'} than half"
        if flips
        else ""
    )
    return _min_or_pot(
        question,
        o.win,
        f"{o.wins} of the {o.unseen} unseen cards lose to the hand",
        obs.pots[0].chips,
        hint="a bet wins or loses its size at even money: is winning more likely than losing, "
        "counting only the cards you have not seen?",
        mistake="compare the cards your hand beats with half of the cards you have not "
        "seen: the cards showing are out, and that can tip the balance"
        if flips
        else "compare the cards your hand beats with half of the cards you have not seen",
        aside=told,
    )


@lesson("red-dog/east-beats")
def _red_dog_east_beats(state: State) -> Exercise:
    return _red_dog_beats(state, "How many of the cards East has not seen would East's hand beat?")


@lesson("red-dog/east-bet")
def _red_dog_east_bet(state: State) -> Exercise:
    return _red_dog_bet(state, "Should East bet the minimum or the whole pot?")


@lesson("red-dog/east-shows")
def _red_dog_east_shows(state: State) -> Exercise:
    from .core.cards import CARDS, SUIT_NAMES
    from .games.red_dog import RedDogState, value, winning_card

    if not isinstance(state, RedDogState) or not isinstance(state.current, int):
        raise ValueError("nobody is to bet now")
    seat = state.current
    name = state.names[seat]
    fifth = CARDS[state.order[state.next]]  # the deal is fixed: the next card is known
    hand = [CARDS[i] for i in range(52) if state.hands[seat] >> i & 1]
    best = winning_card(state.hands[seat], fifth)
    if best is None:
        raise ValueError(f"{name}'s hand does not beat the {fifth.text}")
    higher = [c for c in hand if c.suit == fifth.suit and value(c) > value(fifth)]
    top = max(higher, key=value)

    def judge(card: Card) -> str | None:
        if card.suit != fifth.suit:
            return f"the {card.text} is not of the fifth card's suit"
        if value(card) < value(fifth):
            return f"the {card.text} ranks below the {fifth.text}"
        if card != best:
            return f"the {card.text} beats it, but a lower card does too"
        return None

    return CardsExercise(
        f"{name}'s fifth card is the {fifth.text}. Which card does {name} show?",
        [best],
        hand,
        judge=judge,
        pick_one=True,
        pool_label=f"{name}'s hand",
        hint="a winner shows one card only: the lowest one that still beats the fifth card",
        why=f"the {best.text} is the lowest {SUIT_NAMES[fifth.suit][:-1]} above the {fifth.text}; "
        f"{name}'s other cards stay hidden",
        typical=top if top != best else next(c for c in hand if c != best),
    )


@lesson("red-dog/north-beats")
def _red_dog_north_beats(state: State) -> Exercise:
    return _red_dog_beats(
        state, "How many of the cards North has not seen would North's hand beat?"
    )


@lesson("red-dog/north-bet")
def _red_dog_north_bet(state: State) -> Exercise:
    return _red_dog_bet(state, "Should North bet the minimum or the whole pot?")


@lesson("red-dog/north-balance")
def _red_dog_north_balance(state: State) -> Exercise:
    show = next((e for e in reversed(state.events) if e.kind == "show"), None)
    bet = next((e for e in reversed(state.events) if e.kind == "bet"), None)
    if show is None or bet is None or show.seat is None:
        raise ValueError("no bet has been settled yet")
    seat = show.seat
    balance = state.balance(seat)  # type: ignore[attr-defined]
    chips = int(bet.get("chips"))
    ante = int(state.options.ante)
    name = state.names[seat]
    won = show.get("result") == "win"
    said = "wins: the pot pays the bet" if won else "loses: the bet goes into the pot"
    mistakes = {balance + ante: f"{name} paid the ante into the pot at the start"}
    if won:
        mistakes[balance + chips] = "a won bet is paid at even money: once the bet, not twice"
    return NumberExercise(
        f"{name} bet {chips}. How many chips does {name} hold now?",
        balance,
        hint="start from the stake, take away the ante, then add or take away the bet",
        why=f"{name} {said}, so the balance moves by {int(show.get('chips')):+d} to {balance}",
        typical=balance + ante,
        mistakes=mistakes,
    )


@lesson("red-dog/deals-per-shuffle")
def _red_dog_deals_per_shuffle(game: Any) -> Exercise:
    from .games.red_dog import HAND

    if getattr(game, "spec", None) is None or game.spec.name != "red_dog":
        raise ValueError("this exercise needs a Red Dog game")
    n = game.players
    per = (HAND + 1) * n
    deals = len(game.deck) // per
    left = len(game.deck) - deals * per
    return NumberExercise(
        f"With no shuffle between deals and {n} players, how many deals are played from one "
        "shuffled deck?",
        deals,
        hint=f"each player uses {HAND} cards and a fifth card; a deal needs that many for "
        "everyone, or the whole deck is gathered and shuffled",
        why=f"each deal uses {per} cards; after {deals} deals {left} are left, fewer than "
        f"{per}, so the next deal starts from a fresh shuffle",
        typical=deals + 1,
        mistakes={
            deals + 1: f"a deal after that would need {per} cards with only {left} left: "
            "everything is gathered and shuffled first"
        },
    )


# -------------------------------------------------------------------- 19 newmarket
def _newmarket_seat(state: State, phase: str) -> int:
    seat = state.current
    if not isinstance(seat, int) or state.phase != phase:
        raise ValueError(f"nobody is to act in the {phase} phase now")
    return seat


def _newmarket_widow_value(state: State) -> tuple[str, float, list[str], int]:
    """The pay-card chips the widow holds on average, for the seat to bid."""
    from .games.newmarket import widow_chances

    seat = _newmarket_seat(state, "bid")
    obs = state.observation(seat)
    pots = {p.label: p.chips for p in obs.pots}
    chances = widow_chances(obs)
    prefix = "widow holds the "
    parts = [
        (label.removeprefix(prefix), chance)
        for label, chance in chances.items()
        if label.startswith(prefix)
    ]
    value = sum(chance * pots[name] for name, chance in parts)
    said = [f"the {name}: {chance:.0%} of {pots[name]} chips" for name, chance in parts]
    sure = sum(pots[name] for name, _ in parts)
    return state.names[seat], value, said, sure


@lesson("newmarket/widow-pay-chips")
def _newmarket_widow_pay_chips(state: State) -> Exercise:
    name, value, said, sure = _newmarket_widow_value(state)
    whole = round(value, 2)
    return NumberExercise(
        f"On average, how many chips lying on pay cards does the widow hold, as {name} sees it?",
        whole,
        hint="for each pay card you have not seen, multiply the chance the widow holds it by "
        "the chips on it, and add",
        why=f"{_and(said)}: {whole:g} chips in all",
        typical=sure,
        mistakes={
            sure: "that counts every pay card you lack as surely in the widow; each is only "
            "as likely to be there as any other unseen card"
        },
    )


@lesson("newmarket/bid")
def _newmarket_bid(state: State) -> Exercise:
    import math

    name, value, _, sure = _newmarket_widow_value(state)
    most = max(0, math.floor(value))
    return NumberExercise(
        f"Counting only the chips on the pay cards, what is the most {name} should bid for "
        "the widow (0 to pass)?",
        most,
        hint="a bid pays off on average only while it stays below what the widow's pay cards "
        "are worth on average",
        why=f"the widow's pay cards are worth {value:.2f} chips on average, so a bid of "
        f"{most + 1} would cost more than it brings on average",
        typical=sure,
        mistakes={
            sure: "that is the chips on every pay card you lack, as if the widow held them "
            "all for certain"
        },
    )


@lesson("newmarket/first-plays")
def _newmarket_first_plays(state: State) -> Exercise:
    seat = _newmarket_seat(state, "play")
    return _legal(
        state,
        f"Which cards may {state.names[seat]} start a run with?",
        hint="a run starts with the lowest card you hold of its suit, and Aces are high",
        why="one card per suit held: the lowest of that suit",
    )


@lesson("newmarket/next-run")
def _newmarket_next_run(state: State) -> Exercise:
    stop = next((e for e in reversed(state.events) if e.kind == "stop"), None)
    seat = state.current
    if stop is None or not isinstance(seat, int):
        raise ValueError("no run has stopped yet")
    last = stop.cards[0]
    name = state.names[seat]
    others = [n for n in state.names if n != name]
    return ChoiceExercise(
        f"The run stopped after the {last.text}. Who starts the next run?",
        name,
        state.names,
        hint="the player of the stopping card starts again, in the other colour, if they can",
        why=stop.text.removeprefix("Stop: "),
        typical=others[0],
        mistakes={n: "look at who played the last card of the run" for n in others},
    )


@lesson("newmarket/comes-back")
def _newmarket_comes_back(state: State) -> Exercise:
    from .games.newmarket import run_chances

    seat = _newmarket_seat(state, "play")
    obs = state.observation(seat)
    chances = run_chances(obs)
    options = [label.split()[0] for label in chances]
    sure = [label.split()[0] for label, p in chances.items() if p == 1.0]
    if len(sure) != 1 or len(options) < 2:
        raise ValueError("no single run is sure to come back here")
    answer = sure[0]
    others = [o for o in options if o != answer]
    said = "; ".join(f"{label.split()[0]}: {p:.0%}" for label, p in chances.items())
    return ChoiceExercise(
        f"Which run should {state.names[seat]} start to be sure the next run is theirs too?",
        answer,
        options,
        hint="follow each run past your own cards: where does it stop, and who played the "
        "card before the stop?",
        why=f"the card after {answer}'s block has been played already, so that run stops with "
        f"{state.names[seat]} at once (chances the run comes back: {said})",
        typical=others[0],
        mistakes={o: "after your cards, that run needs a card someone may hold" for o in others},
    )


@lesson("newmarket/out-payment")
def _newmarket_out_payment(state: State) -> Exercise:
    out = next((e for e in reversed(state.events) if e.kind == "out"), None)
    if out is None or out.seat is None:
        raise ValueError("nobody has gone out yet")
    left = [int(n) for n in out.get("left")]
    total = int(out.get("chips"))
    name = state.names[out.seat]
    counts = [f"{state.names[s]} {n}" for s, n in enumerate(left) if s != out.seat]
    biggest = max(n for s, n in enumerate(left) if s != out.seat)
    return NumberExercise(
        f"{name} is out of cards. How many chips do the others pay {name}?",
        total,
        hint="each other player pays one chip for every card still in their hand",
        why=f"cards left: {_and(counts)}, one chip each",
        typical=biggest if biggest != total else total + 1,
        mistakes={biggest: "every other player pays, not only one of them"}
        if biggest != total
        else {},
    )


@lesson("newmarket/dealer-ante")
def _newmarket_dealer_ante(game: Any) -> Exercise:
    if getattr(game, "spec", None) is None or game.spec.name != "newmarket":
        raise ValueError("this exercise needs a Newmarket game")
    st = game.new_state()
    st.apply(st.sample_chance(random.Random(0)))
    dealer = st.dealer
    paid = -sum(ln.points for ln in st.pending if ln.seat == dealer)
    o = game.options
    plain = 4 * o.ante + (o.ante if o.kitty else 0)
    return NumberExercise(
        f"With these options ({', '.join(f'{k}={v}' for k, v in o.changed().items())}), how "
        "many chips does the dealer put on the table before a deal?",
        paid,
        hint="four pay cards, each with its ante (doubled for the dealer with dealer_double), "
        "and the kitty's ante with kitty",
        why=", ".join(f"{ln.reason}: {-ln.points}" for ln in st.pending if ln.seat == dealer),
        typical=plain if plain != paid else paid + 1,
        mistakes={plain: "the dealer's ante on each pay card is doubled"} if plain != paid else {},
    )


# ------------------------------------------------------------- 18 three-five-seven
def _tfs_hand_class(state: State, seat: int, three_card_straights: bool | None = None) -> str:
    """The class of ``seat``'s hand at the stage in play (its name, as the choices give it)."""
    from .games.three_five_seven import ranking
    from .rules import poker

    flag = (
        state.options.three_card_straights if three_card_straights is None else three_card_straights
    )
    ev = ranking(state.size, flag)  # type: ignore[attr-defined]
    return poker.hand_class(ev.value(state.hands[seat])).label  # type: ignore[attr-defined]


def _tfs_chances(state: State, seat: int) -> tuple[Any, int]:
    """``seat``'s exact chances against one random hand, from its observation, and the pot."""
    from .games.three_five_seven import hand_in_view, ranking_in_view, stay_odds

    if state.phase != "declare":
        raise ValueError("nobody is deciding whether to stay in now")
    obs = state.observation(seat)
    mine, seen = hand_in_view(obs)
    flag = ranking_in_view(obs)[1]
    return stay_odds(mine, seen, three_card_straights=flag), obs.pots[0].chips


def _tfs_named(state: State, seat: int) -> str:
    """``seat``'s hand at the stage in play, in words (``"pair of kings"``)."""
    from .games.three_five_seven import ranking
    from .rules import poker

    ev = ranking(state.size, state.options.three_card_straights)  # type: ignore[attr-defined]
    return poker.describe(ev.value(state.hands[seat]))  # type: ignore[attr-defined]


@lesson("three-five-seven/north-hand")
def _tfs_north_hand(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 3:  # type: ignore[attr-defined]
        raise ValueError("North's three-card hand is not in play")
    got = _tfs_hand_class(state, 0)
    options = ["high card", "pair", "three of a kind", "straight flush"]
    with_runs = _tfs_hand_class(state, 0, True)
    mistakes = {
        "high card": "a Three is wild at this stage: it becomes whatever card helps most",
        "straight flush": "three-card straights and flushes do not count in this game's "
        "first stage",
        "three of a kind": "one wild card with two different ranks can pair one of them, no more",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "With the Threes wild and no three-card straights or flushes, what hand does North hold?",
        got,
        options,
        hint="the wild card copies the card that helps most; runs and suits do not count "
        "at three cards",
        why=f"the wild Three counts as the card that helps most, making a {_tfs_named(state, 0)}; "
        f"with straights and flushes counted it would be a {with_runs}",
        typical="straight flush" if got != "straight flush" else "pair",
        mistakes=mistakes,
    )


@lesson("three-five-seven/north-chance")
def _tfs_north_chance(state: State) -> Exercise:
    c, _ = _tfs_chances(state, 0)
    answer = round(100 * c.win)
    wrong = round(100 * c.lose)
    return NumberExercise(
        "To the nearest whole percent, how often does North's hand beat one other hand dealt "
        "at random from the cards North cannot see?",
        answer,
        hint="count every three-card hand the 49 unseen cards could make, and the share of "
        "them North's hand beats: stay_odds does it for you",
        why=f"North beats {c.wins:,} of the {c.total:,} hands ({c.win:.1%}), ties "
        f"{c.ties:,} and loses to {c.losses:,}",
        typical=wrong,
        mistakes={wrong: "that is how often North loses, not how often it wins"},
    )


@lesson("three-five-seven/north-stay-value")
def _tfs_north_stay_value(state: State) -> Exercise:
    from .games.three_five_seven import stay_value

    c, pot = _tfs_chances(state, 0)
    value = round(float(stay_value(c, pot)), 1)
    only_wins = round(c.win * pot, 1)
    return NumberExercise(
        "Suppose exactly one other player stays, holding a random hand. To one decimal place, "
        "how many chips does staying win North on average?",
        value,
        hint="a win collects the pot's worth from the loser, a loss pays it, a tie moves nothing",
        why=f"({c.win:.3f} − {c.lose:.3f}) × {pot} chips = {value:g}",
        typical=only_wins,
        mistakes={
            only_wins: "that counts the wins only: a lost showdown costs the pot's worth too"
        },
    )


@lesson("three-five-seven/north-balance")
def _tfs_north_balance(state: State) -> Exercise:
    show = next(e for e in reversed(state.events) if e.kind == "showdown")
    if show.get("winners") != (0,):
        raise ValueError("North has not won the last showdown")
    balance = state.balance(0)  # type: ignore[attr-defined]
    paid = int(show.get("paid"))
    losers = len(show.get("losers"))
    once = balance - paid * (losers - 1)
    with_pot = balance + int(state.pots["pot"])  # type: ignore[attr-defined]
    return NumberExercise(
        "North won the showdown. How many chips does North hold now?",
        balance,
        hint="every stayer who lost pays the winner as many chips as the pot holds; the pot "
        "itself stays on the table",
        why=f"{losers} players lost and each paid {paid}: North's balance is now {balance}",
        typical=once,
        mistakes={
            once: "each stayer who lost pays the pot's worth, not just one of them",
            with_pot: "the pot stays on the table: only a third strike takes it",
        },
    )


@lesson("three-five-seven/north-five")
def _tfs_north_five(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 5:  # type: ignore[attr-defined]
        raise ValueError("North's five-card hand is not in play")
    got = _tfs_hand_class(state, 0)
    options = ["high card", "pair", "three of a kind", "straight"]
    mistakes = {
        "pair": "the Threes were wild only at three cards: now the Fives are",
        "three of a kind": "the Threes were wild only at three cards: now the Fives are",
        "straight": "a straight needs five ranks in a row",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "Now that North holds five cards and the Fives are wild, what is North's hand?",
        got,
        options,
        hint="which rank is wild changes with the number of cards in hand",
        why=f"the Three is an ordinary card again and North holds no Five: {_tfs_named(state, 0)}",
        typical="pair" if got != "pair" else "high card",
        mistakes=mistakes,
    )


@lesson("three-five-seven/north-seven")
def _tfs_north_seven(state: State) -> Exercise:
    if state.phase != "declare" or state.size != 7:  # type: ignore[attr-defined]
        raise ValueError("North's seven-card hand is not in play")
    from .core.refusals import plural

    got = _tfs_hand_class(state, 0)
    wilds = sum(1 for c in state.observation(0).zone("hand", 0).faces if c.rank == 7)
    options = ["full house", "four of a kind", "straight flush", "five of a kind"]
    mistakes = {
        "four of a kind": "the wild Sevens can do better than copy North's King",
        "five of a kind": "five of a kind takes four wild cards beside a natural one",
        "full house": "three wild cards make more than a full house",
        "straight flush": "look at what the wild cards can join",
    }
    mistakes.pop(got, None)
    return ChoiceExercise(
        "With seven cards and the Sevens wild, what is North's best hand of five?",
        got,
        options,
        hint="count the wild Sevens, then try the best hands from the top down",
        why=f"with {plural(wilds, 'wild Seven')} the best five cards make "
        f"a {_tfs_named(state, 0)}: a straight flush ranks above four of a kind, and five "
        "of a kind needs five cards of one rank, the wilds included",
        typical="four of a kind" if got != "four of a kind" else "full house",
        mistakes=mistakes,
    )


@lesson("three-five-seven/east-stay")
def _tfs_east_stay(state: State) -> Exercise:
    from .games.three_five_seven import stay_value

    c, pot = _tfs_chances(state, 1)
    value = stay_value(c, pot)
    answer = "stay" if value > 0 else "fold"
    other = "fold" if answer == "stay" else "stay"
    return ChoiceExercise(
        "East may stay or fold. Suppose exactly one other player stays, with any hand from "
        "the cards East has not seen: should East stay?",
        answer,
        ["stay", "fold"],
        hint="weigh the chance of winning the pot's worth against the chance of paying it",
        why=f"East beats such a hand {c.win:.1%} of the time and loses to it {c.lose:.1%}: "
        f"staying is worth {float(value):+.1f} chips on average with the pot at {pot}, so "
        f"{answer}",
        typical=other,
        mistakes={
            other: "look up the hand's exact chance against one random hand of the stage: "
            "with wild cards, hands that sound strong can be common"
        },
    )


@lesson("three-five-seven/strike-pot")
def _tfs_strike_pot(state: State) -> Exercise:
    strike = next(e for e in reversed(state.events) if e.kind == "strike")
    pot = int(state.pots["pot"])  # type: ignore[attr-defined]
    ante = int(state.options.ante)
    before = pot - ante * (state.players - 1)
    everyone = pot + ante
    name = state.names[strike.seat] if strike.seat is not None else "the striker"
    return NumberExercise(
        f"With strike_pays on, {name} has just taken a strike. How many chips does the pot "
        "hold now?",
        pot,
        hint="every player except the one taking the strike adds one ante",
        why=f"the pot held {before}; {state.players - 1} players added {ante} each: {pot}",
        typical=before,
        mistakes={
            before: "with strike_pays the other players add to the pot at every strike",
            everyone: "the player taking the strike does not pay",
        },
    )
