"""Frozen Novelty scenarios from explicit deals: every action, restriction and level."""

from __future__ import annotations

import random

import pytest

import cardlab
from cardlab.core.cards import HIDDEN_BACK, parse_card
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.foresight import DEFAULT_BACKS, load_backs, register_foresight
from cardlab.core.match import Match
from cardlab.core.observation import Back
from cardlab.games import frozen_novelty
from cardlab.games.frozen_novelty import (
    GAME,
    LEVELS,
    SLIDE_RULES,
    FrozenNoveltyBot,
    FrozenNoveltyState,
    difficulty,
    solve,
    wilson,
)
from cardlab.games.frozen_novelty.solver import _Solver
from cardlab.rules import tableau

STACK_NAMES = [f"{g}{k}" for g in ("deck", "up", "down") for k in range(1, 5)]

SORTED = ["AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"]
SORTED += ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"]


def dealt(stacks: list[str] | dict[int, str], **options: object) -> FrozenNoveltyState:
    game = cardlab.load("frozen_novelty", **options)
    state = game.new_state()
    state.apply(game.deal(stacks, rng=random.Random(1)))
    assert isinstance(state, FrozenNoveltyState)
    return state


def top(state: FrozenNoveltyState, zone: str, viewer: object = 0) -> object:
    return state.observation(viewer).zone(zone).cards[-1]


def play(state: FrozenNoveltyState, *acts: str) -> None:
    for a in acts:
        state.apply(a)


# ------------------------------------------------------------------ setup
def test_deal_makes_four_face_down_stacks_of_13() -> None:
    state = dealt({0: "KS QS", 2: "2H"})
    obs = state.observation(0)
    for k in range(1, 5):
        assert len(obs.zone(f"deck{k}")) == 13
        assert len(obs.zone(f"up{k}")) == 0 and len(obs.zone(f"down{k}")) == 0
        assert len(obs.zone(f"foundation{k}")) == 0
    assert obs.faces() == set()
    teacher = state.observation(None)
    assert teacher.zone("deck1").cards[-1].card == parse_card("KS")  # type: ignore[union-attr]
    assert teacher.zone("deck1").cards[-2].card == parse_card("QS")  # type: ignore[union-attr]
    assert teacher.zone("deck3").cards[-1].card == parse_card("2H")  # type: ignore[union-attr]


def test_deal_helper_refuses_bad_stacks() -> None:
    game = cardlab.load("frozen_novelty")
    with pytest.raises(IllegalActionError, match="twice"):
        game.deal(["AS 2S", "AS"])
    with pytest.raises(IllegalActionError, match="numbered 0 to 3"):
        game.deal({4: "AS"})


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="very_easy"):
        cardlab.load("frozen_novelty", level="impossible")
    with pytest.raises(OptionError, match="between 1 and 998"):
        cardlab.load("frozen_novelty", max_moves=5000)
    with pytest.raises(OptionError, match="foresight"):
        cardlab.load("frozen_novelty", deck="standard")


def test_a_registered_back_table_of_ones_own_works() -> None:
    register_foresight(DEFAULT_BACKS, name="my-foresight")
    state = dealt(SORTED, deck="my-foresight")
    assert top(state, "deck1") == Back("♣♦♥♠")  # the K♣ prints every suit


# ------------------------------------------------------------- what shows
def test_normal_shows_only_the_top_back_of_face_down_stacks() -> None:
    state = dealt(["4S 9H"])
    cards = state.observation(0).zone("deck1").cards
    assert cards[-1] == Back("♥♠")  # 4♠
    assert all(c == Back(HIDDEN_BACK) for c in cards[:-1])
    state.apply("turn deck1")
    cards = state.observation(0).zone("deck1").cards
    assert cards[-1] == parse_card("4S")
    assert cards[-2] == Back(HIDDEN_BACK)  # covered by a face-up card


@pytest.mark.parametrize("level", ["very_easy", "easy"])
def test_easy_levels_show_every_back(level: str) -> None:
    state = dealt(["4S 9H"], level=level)
    cards = state.observation(0).zone("deck1").cards
    assert all(isinstance(c, Back) and c.design != HIDDEN_BACK for c in cards)
    assert cards[-2] == Back(state.game.deck.back_of(parse_card("9H")))


@pytest.mark.parametrize("level", ["hard", "very_hard"])
def test_hard_levels_show_no_back(level: str) -> None:
    state = dealt(["4S 9H"], level=level)
    for z in state.observation(0).zones:
        assert all(c == Back(HIDDEN_BACK) for c in z.cards)
    assert state.observation("spectator").faces() == set()


# ---------------------------------------------------------------- actions
def test_turn_then_home_the_foundation_examples() -> None:
    state = dealt(SORTED)
    assert "home AC" not in state.legal_actions()
    play(state, "turn deck1", "home AC")  # an Ace on an empty foundation
    for _ in range(3):
        play(state, "turn deck1")
        state.apply(f"home {_next(state, 0)}")
    assert [c.code for c in state.observation(0).zone("foundation1").cards] == [
        "AC",
        "2C",
        "3C",
        "4C",
    ]
    play(state, "turn deck1", "home 5C")  # a five on a four
    assert state.found == [5, 0, 0, 0]


def _next(state: FrozenNoveltyState, suit: int) -> str:
    return "A23456789TJQK"[state.found[suit]] + "CDHS"[suit]


def test_home_needs_the_next_card_of_its_suit() -> None:
    state = dealt(["2C AC"])
    state.apply("turn deck1")
    with pytest.raises(IllegalActionError, match="needs A♣ next"):
        state.apply("home 2C")


def test_queen_goes_on_jack_at_home() -> None:
    order = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    state = dealt([order])
    for _ in range(12):
        play(state, "turn deck1", f"home {_next(state, 2)}")
    assert state.found[2] == 12


def test_worked_example_moving_sequences() -> None:
    """J-10-9 goes onto K-Q, then the whole K-9 run goes to an empty Up stack."""
    state = dealt(["KH", "QH 9H", "JH", "TH"])
    play(state, "turn deck1", "turn deck2", "move QH deck1")  # K-Q
    play(state, "turn deck3", "turn deck4", "move TH deck3", "turn deck2", "move 9H deck3")
    obs = state.observation(0)
    assert [c.code for c in obs.zone("deck3").faces] == ["JH", "TH", "9H"]  # a sequence
    assert "move TH deck1" not in state.legal_actions()  # 10 does not go on a Queen
    play(state, "move JH deck1")
    assert [c.code for c in state.observation(0).zone("deck1").faces] == [
        "KH",
        "QH",
        "JH",
        "TH",
        "9H",
    ]
    play(state, "move KH up1")
    assert len(state.observation(0).zone("up1").faces) == 5
    assert len(state.observation(0).zone("deck1")) == 12


def test_part_of_a_run_may_move() -> None:
    state = dealt(["KH", "QH", "JS", "JH"])
    play(state, "turn deck1", "turn deck2", "move QH deck1", "move QH up1")
    assert [c.code for c in state.observation(0).zone("up1").faces] == ["QH"]


def test_no_face_up_card_on_a_face_down_card_or_an_empty_down_stack() -> None:
    state = dealt(["9H", "TH"])
    play(state, "turn deck1")
    with pytest.raises(IllegalActionError, match="face-down"):
        state.apply("move 9H deck2")
    with pytest.raises(IllegalActionError, match="Down stack takes only face-down"):
        state.apply("move 9H down1")


def test_building_is_in_suit_and_one_rank_down() -> None:
    state = dealt(["9H", "TS", "JH"])
    play(state, "turn deck1", "turn deck2", "turn deck3")
    with pytest.raises(IllegalActionError, match="same suit"):
        state.apply("move 9H deck2")
    with pytest.raises(IllegalActionError, match="one rank higher"):
        state.apply("move 9H deck3")


def test_slides_follow_the_backs() -> None:
    # 4♠ prints ♥♠, 5♠ prints ♦♠, 3♥ prints ♥, Q♠ prints ♦♥♠.
    state = dealt(["4S 2C", "5S", "3H", "QS"])
    legal = state.legal_actions()
    assert "slide deck1 deck2" in legal  # share ♠, both print two suits
    assert "slide deck3 deck1" in legal  # one suit onto two, sharing ♥
    assert "slide deck1 down1" in legal  # any face-down card to an empty Down stack
    assert "slide deck4 deck2" not in legal  # no 10♦, J♥ or Q♠ lies on a 5 or an 8
    with pytest.raises(IllegalActionError, match="could never be a legal build"):
        state.apply("slide deck2 deck3")  # 5♠ (two suits) onto 3♥ (one suit)
    state.apply("slide deck1 down1")
    assert state.observation(0).zone("down1").cards == (Back("♥♠"),)


def test_slides_read_the_back_table() -> None:
    # A♠ and K♠ print all four suits, 2♠ prints ♠, Q♠ ♦♥♠ and 9♣ ♣♠.
    state = dealt(["AS", "2S", "QS", "9C"])
    legal = state.legal_actions()
    assert "slide deck1 deck2" in legal  # an Ace's back on a Two's: the A♠ on the 2♠ builds
    assert "slide deck3 deck1" in legal  # Q♠ on a four-suit back: the Q♠ on the K♠ builds
    assert "slide deck4 deck2" not in legal  # no 6 or 9 is one rank below a 2 or a 3
    with pytest.raises(IllegalActionError, match="could never be a legal build"):
        state.apply("slide deck4 deck2")


# Ace on Two and four suits on four suits, by slide rule: (A♠ on 2♠, A♠ on K♥).
RULE_CASES = [("table", True, False), ("suits", True, False), ("count", False, True)]


@pytest.mark.parametrize(("rule", "ace_on_two", "four_on_four"), RULE_CASES)
def test_ace_on_two_and_four_suits_on_four_by_slide_rule(
    rule: str, ace_on_two: bool, four_on_four: bool
) -> None:
    state = dealt(["AS", "2S", "KH"], slide_rule=rule)
    legal = state.legal_actions()
    assert ("slide deck1 deck2" in legal) is ace_on_two
    assert ("slide deck1 deck3" in legal) is four_on_four
    refused = "slide deck1 deck2" if four_on_four else "slide deck1 deck3"
    with pytest.raises(IllegalActionError) as err:
        state.apply(refused)
    reason = err.value.reason
    if rule == "count":
        # The restated rule is said as a rule: it may refuse a build that could be legal.
        assert "suit-count rule" in reason and "never" not in reason
        assert "as many suits as the target (♠, 1 suit) or one fewer" in reason
    else:
        assert "could never be a legal build" in reason
        assert "♣♦♥♠" in reason


def test_count_rule_refusals_name_the_failing_condition() -> None:
    state = dealt(["3H", "2S", "KD"], slide_rule="count")  # backs ♥, ♠ and ♣♦♥♠
    assert state.explain("slide deck1 deck2") == (
        "not allowed by the suit-count rule: the backs ♥ and ♠ share no printed suit"
    )
    colours = dealt(["3H", "2D"], slide_rule="count", level="very_easy")
    assert "must print suits of different colours" in colours.explain("slide deck1 deck2")
    suits = dealt(["3H", "2S"], slide_rule="suits")
    assert suits.explain("slide deck1 deck2").startswith(
        "not allowed: a ♥ back is a Two or a Three of a suit it prints"
    )


@pytest.mark.parametrize(("rule", "ace_on_two", "four_on_four"), RULE_CASES)
@pytest.mark.parametrize("level", ["hard", "very_hard"])
def test_hidden_backs_tries_follow_the_slide_rule(
    level: str, rule: str, ace_on_two: bool, four_on_four: bool
) -> None:
    for top, moving, moves in (("2S", "AS", ace_on_two), ("KH", "AS", four_on_four)):
        state = dealt([top, moving], level=level, slide_rule=rule)
        if level == "very_hard":  # face-down cards go only from a Deck to a Down stack
            state.apply("slide deck1 down1")
            target = "down1"
        else:
            target = "deck1"
        attempt = f"try deck2 {target}"
        assert attempt in state.legal_actions()  # listed whatever the backs
        before = len(state.stacks[1])
        state.apply(attempt)
        assert (len(state.stacks[1]) == before - 1) is moves
        last = state.events[-1]
        assert last.kind == ("slide" if moves else "refused")
        if not moves:
            assert last.text.endswith("not allowed")
            assert attempt not in state.legal_actions()


def test_a_registered_back_table_decides_slides() -> None:
    # Swap the backs of the 4♠ and the 5♠: ♦♠ now covers the 4♠, ♥♠ the 5♠, so a ♦♠ back
    # may go on a ♥♠ back (the 4♠ on the 5♠), which the default table never allows.
    designs = {c.code: d for c, d in DEFAULT_BACKS.designs().items()}
    designs["4S"], designs["5S"] = designs["5S"], designs["4S"]
    register_foresight(load_backs(designs), name="swapped-foresight")
    plain = dealt(["8D", "7H"])
    assert "slide deck1 deck2" not in plain.legal_actions()
    swapped = dealt(["8D", "7H"], deck="swapped-foresight")
    assert "slide deck1 deck2" in swapped.legal_actions()
    assert solve(swapped, budget=2).outcome == "unknown"  # the solver takes the state's deck


@pytest.mark.parametrize("rule", SLIDE_RULES)
@pytest.mark.parametrize("level", ["very_easy", "easy", "normal"])
def test_the_solver_slides_as_the_game_does(level: str, rule: str) -> None:
    """At positions met in play, the solver's slides onto a card are the legal ones."""
    game = cardlab.load("frozen_novelty", level=level, slide_rule=rule)
    rng = random.Random(f"{level}/{rule}")
    state = game.new_state()
    state.apply(state.sample_chance(rng))
    solver = _Solver(state.rules)
    checked = 0
    while not state.terminal and checked < 40:
        stacks, found = list(state.stacks), list(state.found)
        ours = set()
        for child, _ in solver.children(stacks, found):
            changed = [k for k in range(12) if child[k] != stacks[k]]
            if len(changed) != 2:
                continue
            a, b = sorted(changed, key=lambda k: len(child[k]) - len(stacks[k]))
            moved = stacks[a][-1]
            if stacks[b] and not moved & tableau.UP and child[b] == (*stacks[b], moved):
                ours.add(f"slide {STACK_NAMES[a]} {STACK_NAMES[b]}")
        legal = {
            str(x)
            for x in state.legal_actions()
            if x.verb == "slide" and state.stacks[STACK_NAMES.index(x.args[1])]
        }
        assert ours == legal
        checked += 1
        state.apply(rng.choice(state.legal_actions()[:-1] or state.legal_actions()))


def test_face_down_card_never_goes_on_a_face_up_card() -> None:
    state = dealt(["KS", "QS"])
    state.apply("turn deck1")
    with pytest.raises(IllegalActionError, match="never go on a face-up"):
        state.apply("slide deck2 deck1")


def test_nothing_leaves_a_foundation() -> None:
    state = dealt(["AS"])
    play(state, "turn deck1", "home AS")
    with pytest.raises(IllegalActionError, match="foundation"):
        state.apply("move AS up1")


# ----------------------------------------------------------------- levels
def _empty_deck1(level: str) -> FrozenNoveltyState:
    state = dealt([SORTED[0]], level=level)
    for _ in range(13):
        play(state, "turn deck1", f"home {_next(state, 0)}")
    return state


def test_normal_empty_deck_stack_is_out_of_use() -> None:
    state = _empty_deck1("normal")
    state.apply("turn deck2")
    card = state.observation(0).zone("deck2").faces[-1]
    assert not any(a.endswith("deck1") for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="out of use"):
        state.apply(f"move {card.code} deck1")


@pytest.mark.parametrize("level", ["very_easy", "easy"])
def test_easy_levels_use_empty_deck_stacks_as_up_stacks(level: str) -> None:
    state = _empty_deck1(level)
    state.apply("turn deck2")
    card = state.observation(0).zone("deck2").faces[-1]
    state.apply(f"move {card.code} deck1")
    assert state.observation(0).zone("deck1").faces == (card,)


def test_very_easy_builds_red_on_black() -> None:
    state = dealt(["9H", "TS", "TD"], level="very_easy")
    play(state, "turn deck1", "turn deck2", "turn deck3")
    assert "move 9H deck2" in state.legal_actions()
    with pytest.raises(IllegalActionError, match="other colour"):
        state.apply("move 9H deck3")
    state.apply("move 9H deck2")


def test_very_easy_slides_use_the_colour_rule() -> None:
    # 3♥ prints ♥ only; 4♣ prints ♦♣ (red and black), 4♥ prints ♥♠.
    state = dealt(["3H", "4D", "4H"], level="very_easy")
    legal = state.legal_actions()
    assert "slide deck1 deck3" in legal  # ♥ onto ♠ of the other colour
    easy = dealt(["3H", "4D", "4H"], level="easy")
    assert "slide deck1 deck3" in easy.legal_actions()  # shares ♥


def test_hard_lists_every_slide_the_layout_allows() -> None:
    # Two deals whose top backs differ a lot give the same list of actions.
    a = dealt(["AS", "2S", "QS", "9C"], level="hard")
    b = dealt(["4H", "4S", "5D", "2C"], level="hard")
    assert a.legal_actions() == b.legal_actions()
    assert "try deck1 deck2" in a.legal_actions()
    assert "slide deck1 down1" in a.legal_actions()


def test_hard_refuses_a_forbidden_try_without_saying_more() -> None:
    state = dealt(["AS", "KS", "QS"], level="hard")
    before = state.observation(None).zones
    state.apply("try deck1 deck2")  # four suits onto four: no Ace or King builds on one
    assert state.observation(None).zones == before
    assert state.events[-1].text.endswith("not allowed")
    assert state.moves == 1
    assert "try deck1 deck2" not in state.legal_actions()
    assert state.observation(0).info["refused"] == ("try deck1 deck2",)
    with pytest.raises(IllegalActionError, match="already tried"):
        state.apply("try deck1 deck2")
    state.apply("try deck2 deck1")  # also four onto four: forbidden
    assert len(state.stacks[0]) == 13
    state.apply("try deck3 deck1")  # Q♠ (three suits) onto a four-suit back: the Q♠ on the K♠
    assert len(state.stacks[0]) == 14 and len(state.stacks[2]) == 12


def test_hard_says_try_for_a_slide_onto_a_card() -> None:
    state = dealt(["AS", "2S"], level="hard")
    with pytest.raises(IllegalActionError, match="try deck2 deck1"):
        state.apply("slide deck2 deck1")


def test_very_hard_slides_only_from_deck_to_down() -> None:
    state = dealt(["AS", "2S"], level="very_hard")
    slides = [a for a in state.legal_actions() if a.verb in ("slide", "try")]
    assert slides and all(a.args[0].startswith("deck") for a in slides)
    assert all(a.args[1].startswith("down") for a in slides)
    state.apply("slide deck1 down1")
    assert not any(
        a.args and a.args[0] == "down1" for a in state.legal_actions() if a.verb == "try"
    )
    with pytest.raises(IllegalActionError, match="only from a Deck stack to a Down stack"):
        state.apply("try deck2 deck1")
    assert "turn down1" in state.legal_actions()


# ------------------------------------------------------------- the end
def test_stop_ends_and_scores_the_cards_home() -> None:
    state = dealt(SORTED)
    play(state, "turn deck1", "home AC", "turn deck1", "home 2C", "stop")
    assert state.terminal and state.scores == [2]
    assert state.results[0].lines[0].reason == "2 cards on the foundations"


def test_the_move_cap_ends_the_deal() -> None:
    state = dealt(SORTED, max_moves=3)
    play(state, "turn deck1", "home AC", "turn deck2")
    assert state.terminal and state.scores == [1]
    assert "limit of 3 moves" in state.events[-2].text


def test_a_sorted_deal_is_won_with_52() -> None:
    state = dealt(SORTED)
    for suit in range(4):
        for _ in range(13):
            play(state, f"turn deck{suit + 1}", f"home {_next(state, suit)}")
    assert state.terminal and state.scores == [52]
    assert "(won)" in state.results[0].summary


def test_a_dead_end_ends_the_deal() -> None:
    # Kings parked on every Up stack, Jacks on top of every Deck stack: only 'stop' is left.
    state = dealt(["KS JS", "KH JH", "KD JD", "KC JC"])
    for k, card in enumerate(["KS", "KH", "KD", "KC"], start=1):
        play(state, f"turn deck{k}", f"move {card} up{k}")
    for k in range(1, 4):
        state.apply(f"turn deck{k}")
    assert not state.terminal
    state.apply("turn deck4")
    assert state.terminal and "has no move left" in state.results[0].summary


# ------------------------------------------------------------- bot, solver
@pytest.mark.parametrize("level", LEVELS)
def test_bot_plays_to_the_end(level: str) -> None:
    m = Match("frozen_novelty", seed=4, agents="heuristic", level=level)
    m.run()
    assert m.terminal and 0 <= m.scores[0] <= 52
    assert isinstance(m.agents[0], FrozenNoveltyBot)


def test_solver_wins_a_sorted_deal_and_reads_states() -> None:
    deal = "deal " + " ".join(" ".join(s.split()[::-1]) for s in SORTED)
    # each stack is written top first: the King on top, so every card must be dug out
    assert solve(deal, "normal", 50_000).outcome == "won"
    state = dealt(SORTED)
    r = solve(state, budget=1_000)
    assert r.outcome == "won" and r.nodes >= 1


def test_solver_answers_unknown_when_the_budget_runs_out() -> None:
    game = cardlab.load("frozen_novelty")
    deal = game.new_state().sample_chance(random.Random(3))
    r = solve(deal, "very_hard", budget=2)
    assert r.outcome == "unknown" and r.nodes == 2


def test_solver_proves_a_loss() -> None:
    # Very Hard after every Deck top is turned and no Up stack is free: 2♣ sits under K♣.
    state = dealt(["KC 2C", "KD", "KH", "KS"], level="very_hard")
    assert solve(state, budget=100_000).outcome in ("won", "lost")


def test_difficulty_table() -> None:
    df = difficulty(["easy", "hard"], deals=3, seed=1, budget=500)
    assert list(df["level"]) == ["easy", "hard"]
    for col in ("solvable_min_lo", "solvable_max_hi", "bot_win_rate", "solver_deals_per_s"):
        assert col in df
    assert (df["won"] + df["lost"] + df["unknown"] == 3).all()
    assert (df["solvable_min_lo"] <= df["solvable_max_hi"]).all()


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


# ------------------------------------------------------------- outcome
def test_a_lost_deal_is_lost_and_says_so() -> None:
    state = dealt(SORTED)
    play(state, "turn deck1", "home AC", "stop")
    assert state.outcome is not None and state.outcome.result == "lost"
    assert state.winners() == ()
    assert not any("wins" in e.text for e in state.events)
    assert state.events[-1].text == "Game over: Lost with a score of 1"


def test_a_won_deal_is_won() -> None:
    state = dealt(SORTED)
    for suit in range(4):
        for _ in range(13):
            play(state, f"turn deck{suit + 1}", f"home {_next(state, suit)}")
    assert state.outcome is not None and state.outcome.result == "won"
    assert state.winners() == (0,)
    assert state.events[-1].text == "Game over: Won with a score of 52"


def test_simulate_counts_only_won_deals_as_wins() -> None:
    df = cardlab.simulate(
        "frozen_novelty", agents="heuristic", n=12, seed=3, progress=False, level="very_easy"
    )
    assert ((df["win_0"] == 1.0) == (df["score_0"] == 52)).all()
    assert ((df["win_0"] == 0.0) == (df["score_0"] < 52)).all()
    assert set(df["result"]) == {"won", "lost"}  # this seed has both


# --------------------------------------------------------- events, spec
def test_events_carry_the_stacks_and_the_public_cards() -> None:
    state = dealt(["KH", "QH 9H", "AC"])
    play(state, "turn deck1", "turn deck2")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source")) == ("turn", (parse_card("QH"),), "deck2")
    state.apply("move QH deck1")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == (
        "move",
        (parse_card("QH"),),
        "deck2",
        "deck1",
    )
    assert e.get("count") == 1
    state.apply("move KH up1")
    e = state.events[-1]
    assert e.cards == (parse_card("KH"), parse_card("QH")) and e.get("count") == 2
    state.apply("slide deck2 down1")  # the 9♥, face down
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == ("slide", (), "deck2", "down1")
    play(state, "turn deck3", "home AC")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == (
        "home",
        (parse_card("AC"),),
        "deck3",
        "foundation1",
    )
    hard = dealt(["AS", "KS"], level="hard")
    hard.apply("try deck2 deck1")
    e = hard.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == ("refused", (), "deck2", "deck1")


def test_game_spec_facts() -> None:
    assert GAME.solitaire and not GAME.dealer and not GAME.lower_is_better
    assert GAME.version >= 2 and GAME.bench_target > 0
    assert GAME.layout.center == ("foundation1", "foundation2", "foundation3", "foundation4")
    assert GAME.layout.grid == ("deck", "up", "down")
    names = [r["option"] for r in GAME.options_class.describe()]
    assert "first_dealer" not in names and "slide_rule" in names
    doc = frozen_novelty.__doc__ or ""
    assert "{options}" not in doc and "slide_rule = 'table'" in doc


def test_the_play_phase_and_its_prompt() -> None:
    state = dealt(SORTED)
    assert state.phase == "play"
    assert "slide" in state.observation(0).prompt
    hard = dealt(SORTED, level="hard")
    assert "try a slide" in hard.observation(0).prompt


def test_options_refuse_an_unknown_slide_rule() -> None:
    with pytest.raises(OptionError, match="table"):
        cardlab.load("frozen_novelty", slide_rule="maybe")


# ----------------------------------------------------- tableau component
def test_tableau_build_rules_for_other_patience_games() -> None:
    """The shared tableau rules that Golf and Canfield build on."""
    card = parse_card
    golf = tableau.rank_step()
    assert golf.cards(card("5D").index, card("6S").index)  # one up, any suit
    assert golf.cards(card("7D").index, card("6S").index)  # one down
    assert not golf.cards(card("QD").index, card("KS").index)  # nothing on a King
    assert not golf.cards(card("AD").index, card("KS").index)
    assert tableau.rank_step(onto_king=True).cards(card("QD").index, card("KS").index)
    assert tableau.rank_step(wrap=True, onto_king=True).cards(card("AD").index, card("KS").index)
    canfield = tableau.down_alternating(wrap=True)
    assert canfield.cards(card("KH").index, card("AS").index)  # K on A, red on black
    assert not canfield.cards(card("KH").index, card("AD").index)
    assert not tableau.down_alternating().cards(card("KH").index, card("AS").index)
    order = tableau.foundation_order(base=card("3C").rank - 1)
    up = tableau.UP
    assert order[card("3D").index | up] == 0 and order[card("2D").index | up] == 12
    assert order[card("3D").index] == -1  # a face-down card never goes home


def test_tableau_moves_on_plain_stacks() -> None:
    up = tableau.UP
    ks, qh, qs, js = (parse_card(c).index for c in ("KS", "QH", "QS", "JS"))
    stacks = [(js, ks | up, qs | up), (qh | up,), ()]
    fits = tableau.down_in_suit().fits
    assert tableau.run_start(stacks[0], fits) == 1
    tops = tableau.tops(stacks)
    assert tableau.run_moves(stacks, tops, fits, [0, 1], [0, 1, 2], empties=0b100) == [
        (0, 1, 2),
        (0, 2, 2),
        (1, 0, 2),
    ]
    assert tableau.top_moves(tops, fits, [0, 1], [0, 1, 2]) == []
    run = tableau.move_run(stacks, 0, 1, 2)
    assert run == (ks | up, qs | up) and stacks[0] == (js,)
    assert tableau.turnable(tableau.tops(stacks), [0, 1, 2]) == [0]
    assert tableau.turn_up(stacks, 0) == js
    stock = [(1, 2, 3), ()]
    assert tableau.deal_cards(stock, 0, 1, 2) == 2 and stock == [(1,), (3 | up, 2 | up)]
    assert tableau.gather(stock, 1, 0) == 2 and stock == [(1, 2, 3), ()]
