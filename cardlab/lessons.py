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
from typing import Any

import pandas as pd

from .core.cards import Card, get_deck, parse_card, parse_cards
from .core.observation import Back
from .core.state import State
from .exercises import (
    CardsExercise,
    ChoiceExercise,
    Exercise,
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
    except KeyError:
        raise KeyError(f"no exercise {key!r}; try one of {', '.join(_CATALOGUE)}") from None
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
