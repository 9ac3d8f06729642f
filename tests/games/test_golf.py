"""Golf scenarios from explicit deals: every rule and option, refusals, the bot, the solver.

Piles are written from their top card (the free one) down, the stock from its top: its
first card starts the discard pile and the others come in the order they are turned.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardlab
from cardlab import Match
from cardlab.core.cards import Card, parse_card
from cardlab.core.chance import chance_rng
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.core.observation import Back, Peek
from cardlab.core.replay import Replay
from cardlab.core.solver import replay_line
from cardlab.games import golf
from cardlab.games.golf import GAME, GolfBot, GolfState, golf_rules, solve

RANKS = "A23456789TJQK"

# A 35-card walk up and down the ranks, one rank at a time, from the A♣ on the discard
# pile: 2 .. Q, J .. A, 2 .. Q, J, 10.  Dealt so that it comes off the piles in order.
WALK_RANKS = [RANKS[r] for r in range(1, 12)] + [RANKS[r] for r in range(10, -1, -1)]
WALK_RANKS += [RANKS[r] for r in range(1, 12)] + ["J", "T"]


def _walk_codes() -> list[str]:
    used: dict[str, int] = {}
    codes = []
    for r in WALK_RANKS:
        k = used.get(r, 0)
        used[r] = k + 1
        codes.append(r + "SHDC"[k])  # the Aces take ♠ and ♥: the A♣ is the upcard
    return codes


WALK = _walk_codes()


def walk_deal(**options: Any) -> GolfState:
    """A deal won by playing the 35 pile cards in one run from the A♣ on the discard pile."""
    piles = [" ".join(WALK[5 * k : 5 * k + 5]) for k in range(7)]
    return dealt(piles, stock="AC", **options)


def _next(state: GolfState) -> str:
    """The next play of the walk."""
    return "play " + WALK[35 - state.observation(0).value(0, "piles")]


# Each King tops a pile whose bottom card is a Queen.
LOCKED = ["KC 2C 3C 4C QC", "KD 2D 3D 4D QD", "KH 2H 3H 4H QH", "KS 2S 3S 4S QS"]


def dealt(piles: list[str] | dict[int, str], stock: str = "", **options: Any) -> GolfState:
    game = cardlab.load("golf", **options)
    state = game.new_state()
    state.apply(game.deal(piles, stock=stock or None, rng=random.Random(1)))
    assert isinstance(state, GolfState)
    return state


def play(state: GolfState, *acts: str) -> None:
    for a in acts:
        state.apply(a)


def faces(state: GolfState, zone: str, viewer: Any = 0) -> list[str]:
    return [c.code for c in state.observation(viewer).zone(zone).faces]


def top_card(state: GolfState) -> str:
    return faces(state, "discard")[-1]


def legal(state: GolfState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# ------------------------------------------------------------------ setup
def test_the_deal_lays_seven_face_up_piles_of_five_and_turns_the_stock_top() -> None:
    state = dealt({0: "7H 4C", 1: "KS"}, stock="9D 8C")
    obs = state.observation(0)
    for k in range(1, 8):
        zone = obs.zone(f"pile{k}")
        assert len(zone) == 5 and all(isinstance(c, Card) for c in zone.cards)
    assert faces(state, "pile1")[-2:] == ["4C", "7H"]  # written top first, shown bottom first
    assert faces(state, "pile2")[-1] == "KS"
    assert faces(state, "discard") == ["9D"]
    assert len(obs.zone("stock")) == 16 and obs.zone("stock").faces == ()
    assert obs.value(0, "piles") == 35 and obs.value(0, "stock") == 16
    teacher = state.observation(None).zone("stock").cards
    assert isinstance(teacher[-1], Peek) and teacher[-1].card == parse_card("8C")  # next to turn
    assert state.events[-1].kind == "deal" and state.events[-1].cards == (parse_card("9D"),)


def test_explicit_deals_are_checked() -> None:
    game = cardlab.load("golf")
    with pytest.raises(IllegalActionError, match="twice"):
        game.deal(["7H 4C", "7H"])
    with pytest.raises(IllegalActionError, match="holds 5"):
        game.deal(["7H 4C 2S 3S 4S 5S"])
    with pytest.raises(IllegalActionError, match="numbered 0 to 6"):
        game.deal({7: "AS"})


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="wrong type"):
        cardlab.load("golf", wrap="yes")
    with pytest.raises(OptionError, match="unknown option"):
        cardlab.load("golf", wraparound=True)
    with pytest.raises(OptionError, match="standard"):
        cardlab.load("golf", deck="foresight")
    names = [r["option"] for r in GAME.options_class.describe()]
    assert {"draw_any_time", "queen_on_king", "wrap", "stock_bonus", "winnable"} <= set(names)


# ------------------------------------------------------------------ playing
def test_a_card_goes_on_the_discard_pile_one_rank_up_or_down_whatever_its_suit() -> None:
    state = dealt(["8S", "TC", "9H", "7D", "JS", "2H", "KD"], stock="9D")
    assert legal(state) == ["play 8S", "play TC"]  # not the 9♥ (same rank), not the 7♦
    play(state, "play TC")
    assert top_card(state) == "TC" and faces(state, "pile2")[-1] != "TC"
    assert legal(state) == ["play 9H", "play JS"]
    play(state, "play 9H", "play 8S")
    assert "play 7D" in legal(state)


def test_only_the_top_card_of_a_pile_is_free() -> None:
    state = dealt(["KS 8S", "2C", "3C", "4C", "5C", "6C", "7C"], stock="9D")
    with pytest.raises(IllegalActionError, match="K♠ lies on it in pile 1"):
        state.apply("play 8S")


def test_refusals_name_the_rule() -> None:
    state = dealt(["8S", "KS", "2C", "3C", "4C", "5C", "6C"], stock="9D QH JH")
    with pytest.raises(IllegalActionError, match="not next in rank to 9♦: only an Eight or a Ten"):
        state.apply("play KS")
    with pytest.raises(IllegalActionError, match="9♦ is already on the discard pile"):
        state.apply("play 9D")
    with pytest.raises(IllegalActionError, match="not in the piles") as err:
        state.apply("play QH")  # in the stock: the reason does not say where
    assert "stock" not in err.value.reason.split(";")[0]
    with pytest.raises(IllegalActionError, match="name one card"):
        state.apply("play 8S 9S")
    with pytest.raises(IllegalActionError, match="say just 'draw'"):
        state.apply("draw 2")


def test_aces_are_low_and_take_only_twos() -> None:
    state = dealt(["2S", "KC", "QD", "3H", "4C", "5C", "6C"], stock="AD")
    assert legal(state) == ["play 2S"]  # no King on an Ace, no Queen either
    play(state, "play 2S")
    state2 = dealt(["AS", "KC", "3D", "4H", "5C", "6C", "7C"], stock="2D")
    assert legal(state2) == ["play AS", "play 3D"]


def test_nothing_goes_on_a_king_but_a_king_goes_on_a_queen() -> None:
    state = dealt(["QS", "AC", "JD", "3H", "4C", "5C", "6C"], stock="KD 7C")
    assert legal(state) == ["draw"]
    with pytest.raises(IllegalActionError, match="nothing may be played on a King"):
        state.apply("play QS")
    king = dealt(["KS", "JC", "2D", "3H", "4C", "5C", "6C"], stock="QD")
    assert legal(king) == ["play KS", "play JC"]


def test_queen_on_king_lets_a_queen_go_on_a_king() -> None:
    state = dealt(["QS", "AC", "JD", "3H", "4C", "5C", "6C"], stock="KD", queen_on_king=True)
    assert legal(state) == ["play QS"]  # but still no Ace
    with pytest.raises(IllegalActionError, match="only a Queen may be played on a King"):
        state.apply("play AC")


def test_wrap_makes_the_king_and_the_ace_neighbours_both_ways() -> None:
    state = dealt(["QS", "AC", "JD", "2H", "4C", "5C", "6C"], stock="KD", wrap=True)
    assert legal(state) == ["play AC"]  # the Ace on the King, still no Queen
    play(state, "play AC")
    assert legal(state) == ["play 2H"]
    on_ace = dealt(["KS", "2C", "JD", "3H", "4C", "5C", "6C"], stock="AD", wrap=True)
    assert legal(on_ace) == ["play KS", "play 2C"]
    both = dealt(
        ["QS", "AC", "JD", "2H", "4C", "5C", "6C"], stock="KD", wrap=True, queen_on_king=True
    )
    assert legal(both) == ["play QS", "play AC"]
    assert golf_rules(wrap=True).takes(12) == "an Ace"


def test_a_stock_card_is_turned_only_when_nothing_fits() -> None:
    state = dealt(["8S", "2C", "3C", "4C", "5C", "6H", "KH"], stock="9D QH 7S")
    assert "draw" not in legal(state)
    with pytest.raises(IllegalActionError, match="only when no pile card can be played, and 8♠"):
        state.apply("draw")
    play(state, "play 8S")  # now nothing fits on the 8♠ ... but the pile below may
    while "draw" not in legal(state):
        state.apply(state.legal_actions()[0])
    state.apply("draw")
    assert top_card(state) == "QH"
    assert state.events[-1].kind == "draw" and state.events[-1].get("stock") == 15


def test_draw_any_time_allows_turning_a_stock_card_at_any_moment() -> None:
    state = dealt(["8S", "2C", "3C", "4C", "5C", "6H", "KH"], stock="9D QH", draw_any_time=True)
    assert legal(state) == ["play 8S", "draw"]
    state.apply("draw")
    assert top_card(state) == "QH" and "play KH" in legal(state)


def test_the_deal_ends_when_the_stock_is_used_up_and_nothing_fits() -> None:
    state = dealt(LOCKED)  # lost whatever the player does: see the solver's test below
    while not state.terminal:
        acts = state.legal_actions()
        assert acts, "a live deal always has a move"
        state.apply(acts[0])
    left = state.observation(0).value(0, "piles")
    assert state.scores == [left] and left > 0
    assert state.outcome is not None and state.outcome.result == "lost"
    assert state.results[0].lines[0].reason == f"{left} cards left in the piles"
    assert state.events[-1].text == f"Game over: Lost with a score of {left}"


def test_clearing_the_tableau_wins_at_once_with_a_score_of_zero() -> None:
    state = walk_deal()
    for _ in range(35):
        state.apply(_next(state))
    assert state.terminal and state.scores == [0]
    assert state.outcome is not None and state.outcome.result == "won" and state.winners() == (0,)
    assert "clears the tableau" in state.results[0].summary
    assert len(state.stacks[golf.STOCK]) == 16  # the stock was never needed


def test_stock_bonus_takes_off_the_stock_cards_never_turned() -> None:
    state = walk_deal(stock_bonus=True)
    while not state.terminal:
        state.apply(_next(state))
    assert state.scores == [-16]
    reasons = [line.reason for line in state.results[0].lines]
    assert reasons == ["0 cards left in the piles", "16 stock cards never turned"]
    assert state.outcome is not None and state.outcome.result == "won"


def test_a_round_of_several_deals_adds_the_scores() -> None:
    m = Match("golf", seed=5, agents="heuristic", hands=3)
    m.run()
    assert len(m.state.results) == 3
    assert m.scores[0] == sum(r.points[0] for r in m.state.results)
    won = all(r.points[0] <= 0 for r in m.state.results)
    assert (m.state.outcome is not None) and (m.state.outcome.result == ("won" if won else "lost"))


# ------------------------------------------------------------- what shows
def test_the_player_sees_every_pile_and_the_discard_pile_but_no_stock_card() -> None:
    state = dealt(["8S", "2C"], stock="9D QH 7S")
    for viewer in (0, "spectator"):
        obs = state.observation(viewer)
        stock = obs.zone("stock")
        assert len(stock) == 16 and all(isinstance(c, Back) for c in stock.cards)
        assert {c.design for c in stock.cards} <= {"plain", "hidden"}  # a plain deck's backs
        assert len(obs.faces()) == 36  # 35 pile cards and the discard
    teacher = state.observation(None)
    assert all(isinstance(c, Peek) for c in teacher.zone("stock").cards)
    assert "Play an Eight or a Ten on 9♦" in state.observation(0).prompt


def test_the_whole_discard_pile_stays_public() -> None:
    state = dealt(["8S", "7S", "2C", "3C", "4C", "5C", "KH"], stock="9D")
    play(state, "play 8S", "play 7S")
    assert faces(state, "discard", "spectator") == ["9D", "8S", "7S"]


def test_sampled_worlds_keep_what_is_in_view_and_shuffle_the_rest_into_the_stock() -> None:
    game = cardlab.load("golf")
    state = game.new_state()
    state.apply(state.chance.sample(random.Random(4)))  # type: ignore[union-attr]
    rng = random.Random(0)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    orders = set()
    for seed in range(5):
        world = GolfState.sample_world(game, obs, random.Random(seed))
        assert isinstance(world, GolfState)
        assert world.observation(0).zones == obs.zones
        assert world.legal_actions() == state.legal_actions()
        assert set(world.stacks[golf.STOCK]) == set(state.stacks[golf.STOCK])
        orders.add(world.stacks[golf.STOCK])
    assert len(orders) > 1


def test_events_carry_the_cards_and_where_they_went() -> None:
    state = dealt(["8S", "2C", "3C", "4C", "5C", "6H", "KH"], stock="9D QH", draw_any_time=True)
    state.apply("play 8S")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("target")) == (
        "play",
        (parse_card("8S"),),
        "pile1",
        "discard",
    )
    assert e.get("onto") == parse_card("9D")
    assert e.text == "Player 1 plays 8♠ from pile 1 onto 9♦"
    state.apply("draw")
    e = state.events[-1]
    assert (e.kind, e.cards, e.get("source"), e.get("stock")) == (
        "draw",
        (parse_card("QH"),),
        "stock",
        15,
    )


# ------------------------------------------------------------------ bot
def test_the_bot_plays_the_longest_chain_it_sees() -> None:
    # On the 9♦: the 10♣ leads nowhere, the 8♠ leads on to the 7♦ and the 6♥.
    state = dealt(["8S 2S", "TC 2H", "7D", "6H", "KS", "KC", "KD"], stock="9D")
    bot = GolfBot(0, 0)
    assert bot.act(state.observation(0)) == "play 8S"
    assert "chain" in bot.explain(state.observation(0), "play 8S")


@pytest.mark.parametrize(
    "options", [{}, {"draw_any_time": True}, {"wrap": True, "queen_on_king": True}]
)
def test_the_bot_plays_deals_to_the_end_and_beats_random_play(options: dict[str, Any]) -> None:
    bot = cardlab.simulate("golf", agents="heuristic", n=30, seed=1, progress=False, **options)
    rnd = cardlab.simulate("golf", agents="random", n=30, seed=1, progress=False, **options)
    assert bot["score_0"].mean() < rnd["score_0"].mean()
    assert ((bot["win_0"] == 1.0) == (bot["score_0"] <= 0)).all()


# ------------------------------------------------------------------ solver
def test_the_solver_wins_the_walk_deal_with_a_line_the_engine_accepts() -> None:
    state = walk_deal()
    r = solve(state)
    assert r.outcome == "won" and sum(a.verb == "play" for a in r.line) == 35
    assert replay_line(state, r.line).solitaire_won()
    deal = state.game.deal(
        [" ".join(faces(state, f"pile{k}")[::-1]) for k in range(1, 8)], stock="AC"
    )
    assert solve(deal).outcome == "won"  # a deal action, as the engine writes it


def test_the_solver_proves_a_deal_lost_when_every_king_sits_on_a_queen() -> None:
    # Each King tops a pile whose bottom card is a Queen: no Queen can ever come free
    # before a King does, and with nothing on a King no King can be played.
    state = dealt(LOCKED)
    r = solve(state)
    assert r.outcome == "lost" and r.nodes >= 1 and r.line == ()
    assert solve(state, wrap=True).outcome in ("won", "lost")  # other rules, other answer


def test_the_solver_answers_unknown_when_the_budget_runs_out() -> None:
    game = cardlab.load("golf", draw_any_time=True)
    state = game.new_state()
    state.apply(state.chance.sample(random.Random(3)))  # type: ignore[union-attr]
    r = solve(state, budget=5)
    assert r.outcome == "unknown" and r.nodes == 5 and r.line == ()
    with pytest.raises(ValueError, match="budget"):
        solve(state, budget=0)


def test_the_solver_solves_positions_as_well_as_deals() -> None:
    state = walk_deal()
    for _ in range(20):
        state.apply(_next(state))
    r = solve(state, budget=1_000)
    assert r.outcome == "won" and len(r.line) == 15
    state.apply(r.line[0])
    assert solve(state).outcome == "won"


def _brute_force(state: GolfState) -> bool:
    """Can the position be won?  Every line tried, by the engine's own rule tables
    (``build.cards`` and ``may_draw``) and nothing else: no pruning, positions remembered."""
    rules = state.rules
    fits = rules.build.cards
    piles = [[e & 63 for e in state.stacks[k]] for k in golf.PILES]
    stock = [e & 63 for e in reversed(state.stacks[golf.STOCK])]
    seen: set[tuple[tuple[int, ...], int, int]] = set()

    def win(heights: tuple[int, ...], s: int, top: int) -> bool:
        if not any(heights):
            return True
        if (heights, s, top) in seen:
            return False
        seen.add((heights, s, top))
        played = False
        for k, h in enumerate(heights):
            if h and fits(piles[k][h - 1], top):
                played = True
                if win((*heights[:k], h - 1, *heights[k + 1 :]), s, piles[k][h - 1]):
                    return True
        return rules.may_draw(len(stock) - s, played) and win(heights, s + 1, stock[s])

    return win(tuple(len(p) for p in piles), 0, state.stacks[golf.DISCARD][-1] & 63)


RULE_SETS = [
    {},
    {"draw_any_time": True},
    {"queen_on_king": True},
    {"wrap": True},
    {"draw_any_time": True, "queen_on_king": True},
    {"draw_any_time": True, "wrap": True, "queen_on_king": True},
]


@pytest.mark.parametrize("options", RULE_SETS, ids=lambda o: ",".join(o) or "default")
def test_lost_means_no_line_wins_and_won_lines_replay(options: dict[str, Any]) -> None:
    """Seeded deals (part-played when drawing is free, so a plain search can finish): the
    solver agrees with a brute force that tries every line, and every win it reports
    replays to a won deal in the engine."""
    game = cardlab.load("golf", **options)
    verdicts = set()
    for i in range(40 if options.get("draw_any_time") else 60):
        rng = random.Random(i)
        state = game.new_state()
        state.apply(state.chance.sample(rng))  # type: ignore[union-attr]
        for _ in range(10 if options.get("draw_any_time") else 0):
            if state.terminal:
                break
            acts = state.legal_actions()
            plays = [a for a in acts if a.verb == "play"]
            state.apply(rng.choice(plays if plays and rng.random() < 0.8 else acts))
        if state.terminal:
            continue
        r = solve(state)
        assert r.outcome in ("won", "lost"), i
        assert (r.outcome == "won") == _brute_force(state), i
        if r.outcome == "won":
            assert replay_line(state, r.line).solitaire_won()
        verdicts.add(r.outcome)
    assert verdicts == {"won", "lost"}


@pytest.mark.parametrize(
    ("options", "deals"),
    [
        ({}, 300),
        ({"wrap": True}, 300),
        ({"queen_on_king": True}, 200),
        ({"draw_any_time": True}, 40),
    ],
    ids=["default", "wrap", "queen_on_king", "draw_any_time"],
)
def test_every_win_reported_on_seeded_deals_replays_in_the_engine(
    options: dict[str, Any], deals: int
) -> None:
    game = cardlab.load("golf", **options)
    outcomes = {"won": 0, "lost": 0, "unknown": 0}
    for i in range(deals):
        state = game.new_state()
        state.apply(state.chance.sample(chance_rng(f"golf-test/{i}", 0)))  # type: ignore[union-attr]
        r = solve(state)
        outcomes[r.outcome] += 1
        if r.outcome == "won":
            end = replay_line(state, r.line)  # raises if a step is refused
            assert end.terminal and end.solitaire_won() and end.scores == [0]
    assert outcomes["won"] > 0 and outcomes["lost"] > 0 and outcomes["unknown"] == 0


def test_a_winnable_match_records_its_deal_and_rebuilds_it() -> None:
    m = Match("golf", seed=2, winnable=True, agents="heuristic")
    text = m.to_replay().to_json()
    seat, deal = json.loads(text)["actions"][0]
    assert seat is None and deal.startswith("deal ")
    assert solve(m.state).outcome == "won"
    rebuilt = Replay.from_json(text).state_at()
    assert rebuilt.observation(None) == m.state.observation(None)
    m.run()
    again = Match.from_replay(m.to_replay())
    assert again.scores == m.scores and again.history == m.history


def test_the_game_spec_names_its_solver_and_layout() -> None:
    assert GAME.solitaire and not GAME.dealer and GAME.lower_is_better
    assert GAME.solver is not None and GAME.solver_budget >= 100_000
    assert GAME.layout.grid == ("pile",) and GAME.layout.center == ("stock", "discard")
    doc = golf.__doc__ or ""
    assert "{options}" not in doc and "draw_any_time = False" in doc
    state = walk_deal()
    assert GAME.solver(state, 1_000).outcome == "won"


def test_legal_actions_list_the_plays_pile_by_pile_then_draw() -> None:
    state = dealt(["8S", "2C", "TC", "4C", "5C", "6H", "KH"], stock="9D", draw_any_time=True)
    assert legal(state) == ["play 8S", "play TC", "draw"]
    assert state.phase == "play"
    assert state.observation(0).prompt.endswith("or draw from the stock (16 left)")


def test_a_card_that_is_not_a_card_is_refused_without_change() -> None:
    state = dealt(["8S"], stock="9D")
    before = state.observation(None)
    for bad in ("play", "play XX", "deal 2C", "stop"):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.observation(None) == before


def test_every_rule_set_label_says_when_the_stock_may_be_turned() -> None:
    from cardlab.games.golf import rules_label
    from cardlab.sim import measured_winnability

    assert rules_label() == rules_label("default") == "draw when stuck"
    assert rules_label({"wrap": True}) == rules_label("wrap=True") == "draw when stuck, wrap"
    both = rules_label("draw_any_time=True, wrap=True")
    assert both == rules_label({"draw_any_time": True, "wrap": True}) == "draw any time, wrap"
    labels = [rules_label(r) for r in measured_winnability("golf")["rules"]]
    assert len(set(labels)) == len(labels)
    assert all(label.startswith(("draw when stuck", "draw any time")) for label in labels)
    assert "draw any time, wrap" in labels  # the circular game the literature measures


def test_the_wrap_option_says_a_king_still_takes_no_queen() -> None:
    rows = {r["option"]: r for r in cardlab.load("golf").options.describe()}
    assert "wrap alone lets a King take an Ace but still no Queen" in rows["wrap"]["help"]
