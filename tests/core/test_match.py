"""Match: explicit deals, agents, playing, undo/redo/seek and the DataFrames it gives."""

from __future__ import annotations

import pytest

import cardlab
from cardlab import CardlabError, IllegalActionError, Match
from cardlab.core.agents import FirstAgent, RandomAgent
from cardlab.core.cards import parse_cards

BOTS = [None, "random", "random", "random"]  # North is played by hand
NORTH = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def hearts(**kw: object) -> Match:
    return Match("hearts", seed=kw.pop("seed", 5), agents=kw.pop("agents", BOTS), **kw)


def pass_three(m: Match, seat: int = 0) -> None:
    for _ in range(3):
        m.play(m.legal_actions(seat)[0], seat)


# ------------------------------------------------------------------- deals
def test_an_explicit_deal_gives_each_seat_its_cards() -> None:
    game = cardlab.load("hearts")
    m = Match(game, deal=game.deal([NORTH, "2C 3C"]), seed=0)
    assert set(m.observation(0).my_hand) == set(parse_cards(NORTH))
    assert set(parse_cards("2C 3C")) <= set(m.observation(1).my_hand)
    assert len(m.observation(None).hand_of(3)) == 13
    assert m.history[0][0] is None and m.history[0][1] == game.deal([NORTH, "2C 3C"])


def test_a_list_of_deals_serves_the_first_hands_then_the_seed_deals() -> None:
    game = cardlab.load("hearts")
    deals = [game.deal([NORTH]), game.deal({2: NORTH})]
    m = Match(game, deal=deals, seed=0, agents="first")
    m.run()
    dealt = [text for seat, text in m.history if seat is None]
    assert dealt[:2] == deals and len(dealt) > 2 and dealt[2] not in deals


@pytest.mark.parametrize(
    ("hands", "phrase"),
    [
        (["QS QS"], "Q♠ is dealt twice"),
        (["QS", "QS"], "Q♠ is dealt twice"),
        (["JK1"], "JK1 is not in the standard deck"),
        ([NORTH + " 2C"], "seat 0 is given 14 hand cards; a hand holds 13"),
        ({4: "QS"}, "no seat 4: seats are 0 to 3"),
    ],
)
def test_an_impossible_explicit_deal_is_refused(hands: object, phrase: str) -> None:
    with pytest.raises(IllegalActionError, match=phrase):
        cardlab.load("hearts").deal(hands)


def test_deal_with_a_bad_card_says_how_to_write_cards() -> None:
    with pytest.raises(ValueError, match="is not a card"):
        cardlab.load("hearts").deal(["XX"])


@pytest.mark.parametrize("deal", ["deal 2C", "nonsense", "play 2C", "deal " + "2C " * 52])
def test_a_bad_deal_text_names_the_deal(deal: str) -> None:
    with pytest.raises(CardlabError, match="explicit deal 1 is not valid"):
        Match("hearts", deal=deal)


# ------------------------------------------------------------------ agents
def test_agents_by_name_list_dict_and_instance() -> None:
    assert set(Match("hearts", agents="random").agents) == {0, 1, 2, 3}
    assert set(Match("hearts", agents=BOTS).agents) == {1, 2, 3}
    assert set(Match("hearts", agents={2: "heuristic"}).agents) == {2}
    bot = FirstAgent(0)
    m = Match("hearts", agents={3: bot, 1: "human"})
    assert m.agents == {3: bot} and bot.seat == 3
    assert isinstance(Match("gin_rummy", agents="random").agents[1], RandomAgent)


@pytest.mark.parametrize(
    ("agents", "phrase"),
    [
        (["random"] * 3, "give one agent per seat: 4 for Hearts, got 3"),
        (
            "genius",
            "unknown bot 'genius' for Hearts; choose one of first, heuristic, human, random",
        ),
        ({5: "random"}, "no seat 5: seats are 0 to 3"),
        ({"North": "random"}, "no seat 'North'"),
    ],
)
def test_bad_agent_specs_say_what_is_allowed(agents: object, phrase: str) -> None:
    with pytest.raises(CardlabError, match=phrase):
        Match("hearts", agents=agents)  # type: ignore[arg-type]


# ----------------------------------------------------------------- playing
def test_play_applies_loosely_written_actions_and_bots_answer() -> None:
    m = hearts()
    card = m.legal_actions(0)[0].card
    assert m.play(f"Pass {card.text.lower()}", 0) == f"pass {card.code}"
    assert not m.waiting_for_human()  # the bots have their passes to choose
    assert m.run() == 9 and m.waiting_for_human() and m.step() is None
    m.play(m.legal_actions(0)[0])  # North is the one human still passing: no seat needed
    m.play(m.legal_actions(0)[0])
    assert m.state.phase == "play"


def test_an_illegal_play_changes_nothing() -> None:
    m = hearts()
    before = (m.observation(None), list(m.history), m.state.current)
    with pytest.raises(IllegalActionError) as err:
        m.play("play 2C", 0)
    assert "pass" in err.value.reason and err.value.legal
    assert (m.observation(None), list(m.history), m.state.current) == before


@pytest.mark.parametrize(
    ("seat", "phrase"),
    [
        (7, "there is no seat 7"),
        (-1, "there is no seat -1"),
        ("North", "a seat is a whole number .* not 'North'"),
        (1.0, r"a seat is a whole number .* not 1\.0 \(a float\)"),
        (True, r"not True \(a bool\)"),
    ],
)
def test_a_seat_that_does_not_exist_is_named(seat: object, phrase: str) -> None:
    m = hearts()
    card = m.legal_actions(0)[0]
    with pytest.raises(IllegalActionError, match=phrase):
        m.play(card, seat)  # type: ignore[arg-type]
    assert m.step_count == 1


def test_run_lets_bots_play_until_a_human_must_act() -> None:
    m = hearts()
    assert m.run() == 9  # the bots choose their passes, then North must choose
    assert m.waiting_for_human() and m.state.to_move == (0,)
    pass_three(m)
    m.run()
    assert m.terminal or m.waiting_for_human()
    m = Match("hearts", seed=1, agents="random", hands=1)
    steps = m.run()
    assert m.terminal and steps == m.step_count - 1  # the deal is not an agent's step
    assert m.step() is None and m.run() == 0


# ------------------------------------------------------------ time travel
def played(seed: int = 2) -> Match:
    m = Match("hearts", seed=seed, agents="random", hands=2)
    m.run(120)
    return m


def test_undo_takes_back_one_action_and_redo_restores_it() -> None:
    m = played()
    end = (m.observation(None), list(m.history))
    last = m.history[-1]
    assert m.undo() == last
    assert m.step_count == len(end[1]) - 1 and m.observation(None) != end[0]
    assert m.redo() == last
    assert (m.observation(None), m.history) == end
    assert m.redo() is None


def test_undo_skips_back_over_a_deal() -> None:
    m = Match("hearts", seed=3, agents="random", hands=2)
    while m.state.hand_number == 0:
        m.step()
    assert m.history[-1][0] is None  # the second deal follows the last card of hand 1
    undone = m.undo()
    assert undone is not None and undone[0] is not None and undone[1].startswith("play")
    assert m.state.hand_number == 0 and m.state.current != "chance"
    m.redo()
    assert m.state.hand_number == 1 and m.history[-1][0] is None


def test_undo_at_the_start_does_nothing() -> None:
    m = hearts()
    assert m.undo() is None and m.step_count == 1


def test_a_new_action_after_undo_forgets_the_undone_future() -> None:
    m = hearts(agents=None)
    for a in m.legal_actions(0)[:2]:
        m.play(a, 0)
    m.undo()
    other = m.legal_actions(0)[-1]
    m.play(other, 0)
    assert m.history[-1] == (0, str(other)) and m.redo() is None


def test_undo_turn_goes_back_to_the_seats_last_decision() -> None:
    m = hearts()
    pass_three(m)
    m.run()
    if m.terminal:
        pytest.skip("North had no turn after the pass")
    k = max(i for i, (seat, _) in enumerate(m.history) if seat == 0)
    assert m.undo_turn(0)
    assert m.step_count == k and 0 in m.state.to_move
    assert not Match("hearts", agents="random", hands=1).undo_turn(0)


def test_seek_moves_anywhere_in_the_history_and_back() -> None:
    m = played()
    total = m.step_count
    final = m.observation(None)
    again = Match.from_replay(m.to_replay())
    for k in (total // 2, 1, total, 7):
        m.seek(k)
        assert m.step_count == k
        assert m.observation(None) == m.to_replay().state_at(k).observation(None)
    m.seek(total)
    assert m.observation(None) == final == again.observation(None)
    for bad in (-1, total + 1):
        with pytest.raises(CardlabError, match=f"between 0 and {total}"):
            m.seek(bad)


def test_play_goes_on_after_seeking_back_to_a_deal() -> None:
    m = hearts(agents=None)
    m.seek(0)  # back before the first deal
    assert m.state.current == "chance"
    assert m.step() is None  # deals the same cards again, then waits for the humans
    pass_three(m)
    assert m.history[0] == Match("hearts", seed=5).history[0] and m.step_count == 4
    m = Match("hearts", seed=6, agents="random", hands=2)
    m.run()
    k = next(i for i, (seat, _) in enumerate(m.history) if i and seat is None)
    again = Match.from_replay(m.to_replay(), agents="random", step=k)  # waiting for deal 2
    assert again.step() is not None
    assert again.history[: k + 1] == m.history[: k + 1]  # the recorded deal, then a new pass


def _recorded(m: Match) -> tuple[object, ...]:
    """Everything a refused move must leave as it was (the future kept for redo too)."""
    return (
        list(m.history),
        list(m._redo),
        m.observation(None),
        m.event_steps(),
        m.state.current,
    )


@pytest.mark.parametrize("bad", ["bet ZZ", "pass", "deal 2C"])
def test_a_refused_move_after_seeking_back_to_a_deal_changes_nothing(bad: str) -> None:
    m = Match("in_between", seed=3)
    m.play(str(m.legal_actions()[0]))
    played = list(m.history)
    m.seek(0)  # back before the deal: the next move would replay it first
    before = _recorded(m)
    with pytest.raises(IllegalActionError):
        m.play(bad)
    assert _recorded(m) == before
    m.seek(2)  # the recorded future is kept
    assert m.history == played


def test_a_refused_move_while_a_finished_hand_waits_does_not_deal() -> None:
    m = Match("hearts", seed=6, agents=[None, "random", "random", "random"], hands=2)
    m.hold = True
    while not m.waiting_to_deal():
        m.play(m.legal_actions(0)[0], 0) if 0 in m.state.to_move else m.step()
    before = _recorded(m)
    for deal in (False, True):
        with pytest.raises(IllegalActionError):
            m.play("play ZZ", 0, deal=deal)
        assert _recorded(m) == before and m.waiting_to_deal()
    probe = Match.from_replay(m.to_replay())
    assert probe.deal()  # the same next deal, from the seed
    first = probe.legal_actions(0)[0]
    steps = m.step_count
    assert m.play(first, 0, deal=True) == first
    assert m.history[steps:] == [*probe.history[steps:], (0, str(first))]


def test_attempt_takes_back_a_whole_block_that_raises() -> None:
    m = hearts(agents=None)
    pass_three(m)
    before = _recorded(m)
    with pytest.raises(IllegalActionError), m.attempt():
        m.undo()
        m.play(m.legal_actions(0)[-1], 0)  # a new line of play, dropping the recorded one
        m.play("play ZZ", 0)
    assert _recorded(m) == before
    with m.attempt():
        m.undo()
    assert m.step_count == len(before[0]) - 1  # type: ignore[arg-type]


# ------------------------------------------------------------ DataFrames
def test_events_frame_words_events_for_the_viewer() -> None:
    m = hearts()
    card = m.legal_actions(0)[0].card
    m.play(f"pass {card.code}", 0)
    frame = m.events_frame()
    assert list(frame.columns) == ["hand", "kind", "seat", "name", "text", "cards", "data"]
    assert frame.iloc[0]["kind"] == "deal" and frame.iloc[0]["name"] == "North"
    mine, theirs = m.events_frame(0).iloc[-1]["text"], m.events_frame(1).iloc[-1]["text"]
    assert card.text in mine and card.text not in theirs
    assert m.events_frame(0).iloc[-1]["cards"] == (card,)  # the chooser knows the card
    assert m.events_frame(1).iloc[-1]["cards"] == ()  # another seat does not
    assert m.events_frame().iloc[-1]["text"] == mine  # the teacher reads the secret wording
    assert m.event_texts("spectator")[-1] == theirs


def test_events_frame_numbers_the_hands() -> None:
    m = Match("hearts", seed=8, agents="random", hands=2)
    m.run()
    frame = m.events_frame()
    assert list(frame[frame["kind"] == "deal"]["hand"]) == [0, 1]
    assert list(frame[frame["kind"] == "hand_over"]["hand"]) == [0, 1]
    assert set(frame[frame["kind"] == "play"]["hand"]) == {0, 1}


def test_scores_frame_has_points_and_running_totals() -> None:
    m = Match("hearts", seed=8, agents="random", hands=3)
    m.run()
    frame = m.scores_frame()
    assert list(frame.columns) == [
        "hand",
        *[f"points_{s}" for s in range(4)],
        *[f"total_{s}" for s in range(4)],
    ]
    assert list(frame["hand"]) == [0, 1, 2]
    for s in range(4):
        assert list(frame[f"total_{s}"]) == list(frame[f"points_{s}"].cumsum())
        assert frame[f"total_{s}"].iloc[-1] == m.scores[s]


def test_scores_frame_before_any_hand_has_its_columns() -> None:
    frame = hearts().scores_frame()
    assert frame.empty and "hand" in frame.columns and "total_3" in frame.columns


def test_match_repr_and_winners() -> None:
    m = Match("hearts", seed=8, agents="random", hands=1)
    assert "seed=8" in repr(m) and m.winners() == ()
    m.run()
    low = min(m.scores)
    assert m.winners() == tuple(s for s in range(4) if m.scores[s] == low)
