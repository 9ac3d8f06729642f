"""cardlab.analysis: candidates and entropy of Foresight backs, per state and over hands."""

from __future__ import annotations

import itertools
import math

import pytest

import cardlab
from cardlab import analysis as A
from cardlab.analysis import information as info
from cardlab.core.cards import STANDARD, Card, get_deck, parse_cards
from cardlab.core.foresight import DEFAULT_BACKS, load_backs
from cardlab.core.observation import Back, Peek

LOG52 = math.log2(52)


def texts(cards):
    return " ".join(c.text for c in cards)


def available(name):
    try:
        cardlab.load(name)
    except Exception:
        return False
    return True


# ------------------------------------------------------------------ one back
def test_candidates_under_each_model():
    assert texts(A.candidates("♥♠")) == "4♥ 7♥ 4♠ 7♠"
    assert A.candidates("♠♥") == A.candidates("♥♠") == A.candidates(Back("♥♠"))
    assert len(A.candidates("♥♠", model="suits")) == 12  # ranks 9..4 in hearts and spades
    assert len(A.candidates("♥♠", model="plain")) == 52
    assert texts(A.candidates("♣♦♠")) == "J♣ Q♦ 10♠"
    assert len(A.candidates("♣♦♠", model="suits")) == 9
    assert texts(A.candidates("♣")) == "2♣ 3♣"
    assert len(A.candidates("♣♦♥♠")) == 8


def test_entropy_bits_and_conditioning_on_seen_cards():
    assert A.entropy("♣♦♥♠") == 3.0
    assert A.entropy("♦") == 1.0
    assert A.entropy("♥♠") == 2.0
    assert A.entropy("♥♠", model="suits") == pytest.approx(math.log2(12))
    assert A.entropy("♥♠", model="plain") == pytest.approx(LOG52)
    assert A.entropy("♥♠", seen="4H 7S") == 1.0
    assert A.entropy("♦", seen=["2D"]) == 0.0
    assert A.entropy("♥♠", model="plain", seen="4H 7S") == pytest.approx(math.log2(50))
    with pytest.raises(ValueError, match="no unseen card"):
        A.entropy("♦", seen="2D 3D")
    with pytest.raises(ValueError, match="model"):
        A.candidates("♦", model="peek")


def test_rank_class_summary_of_the_default_table():
    df = A.by_rank_class().set_index("suits")
    assert df.loc[4, "bits_table"] == 3.0
    assert df.loc[3, "bits_table"] == pytest.approx(math.log2(3))
    assert df.loc[2, "bits_table"] == 2.0
    assert df.loc[1, "bits_table"] == 1.0
    assert df.loc[3, "bits_suits"] == pytest.approx(math.log2(9))
    assert df.loc[2, "bits_suits"] == pytest.approx(math.log2(12))
    assert df["bits_plain"].tolist() == pytest.approx([LOG52] * 4)
    assert df.loc[1, "leak_table"] == pytest.approx(LOG52 - 1)
    assert list(df["cards"]) == [8, 12, 24, 8]
    table = A.back_table()
    assert len(table) == 15  # 1 + 4 + 6 + 4 designs
    assert table["cards"].sum() == 52


def test_plain_deck_tells_nothing():
    deck = get_deck("standard")
    assert len(A.candidates(Back(), backs=deck)) == 52
    df = A.by_rank_class(deck)
    assert (df["leak_table"] == 0).all() and (df["leak_suits"] == 0).all()


def test_a_loaded_back_table_changes_the_table_model_only():
    text = DEFAULT_BACKS.to_csv()
    # Swap which extra suit the 4♠ and the 5♠ print.
    text = text.replace("4S,HS", "4S,DS").replace("5S,DS", "5S,HS")
    mine = load_backs(text)
    assert mine != DEFAULT_BACKS
    assert texts(A.candidates("♥♠", backs=mine)) == "4♥ 7♥ 5♠ 7♠"
    assert texts(A.candidates("♦♠", backs=mine)) == "5♦ 8♦ 4♠ 8♠"
    assert A.candidates("♥♠", backs=mine, model="suits") == A.candidates("♥♠", model="suits")
    deck = cardlab.core.foresight.register_foresight(mine, "foresight-analysis-test")[0]
    assert A.candidates("♥♠", backs=deck) == A.candidates("♥♠", backs=mine)
    m = cardlab.Match("hearts", seed=3, deck="foresight-analysis-test", agents="random")
    df = A.hidden_cards(m.state, 0)
    assert len(df) == 39


def test_jokers_join_the_top_rank_class():
    deck = get_deck("foresight+joker")
    assert len(A.candidates("♣♦♥♠", backs=deck)) == 9
    assert len(A.candidates("♣♦♥♠", backs=deck, model="suits")) == 9


# ------------------------------------------------------------------ a state seen by one seat
def test_state_and_observation_give_the_same_figures():
    m = cardlab.Match("hearts", seed=5, deck="foresight", agents="random")
    a = A.hidden_cards(m.state, 2)
    b = A.hidden_cards(m.observation(2))
    assert a.equals(b)
    h = A.holdings(m.state, 2)
    assert sorted(h["owner"]) == [0, 1, 3]
    assert (h["cards"] == 13).all()
    assert (h["bits_table"] <= h["bits_suits"] + 1e-9).all()
    assert (h["bits_suits"] <= h["bits_plain"] + 1e-9).all()
    assert h["bits_plain"].iloc[0] == pytest.approx(math.log2(math.comb(39, 13)))
    with pytest.raises(ValueError, match="seat"):
        A.hidden_cards(m.observation(None))


def test_only_the_viewers_observation_matters():
    """Swapping two same-backed cards between opponents changes nothing for seat 0."""
    game = cardlab.load("hearts", deck="foresight", hands=1)
    rest = [c.code for c in STANDARD if c.code not in ("4S", "7S")]  # both print ♥♠
    hands = [rest[:13], [*rest[13:25], "4S"], [*rest[25:37], "7S"], rest[37:]]
    swapped = [rest[:13], [*rest[13:25], "7S"], [*rest[25:37], "4S"], rest[37:]]
    one = cardlab.Match(game, deal=game.deal(hands), seed=0)
    two = cardlab.Match(game, deal=game.deal(swapped), seed=0)
    assert one.observation(0) == two.observation(0)
    assert A.hidden_cards(one.state, 0).equals(A.hidden_cards(two.state, 0))
    assert A.holdings(one.state, 0).equals(A.holdings(two.state, 0))


def _truth(state, seat):
    """Test-only: the faces hidden from ``seat`` (read from the teacher's view)."""
    teacher = state.observation(None)
    seen = info._visible(state.observation(seat))
    faces = {e.card if isinstance(e, Peek) else e for z in teacher.zones for e in z.cards}
    return {c for c in faces if isinstance(c, Card)} - seen


GAMES = [
    ("hearts", None),
    ("gin_rummy", None),
    ("heartburn", 3),
    ("heartburn", 5),
    ("bourbon", None),
    ("foresight", 4),
]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_memory_stays_consistent_with_the_truth(name, players):
    if not available(name):
        pytest.skip(f"{name} is not available")
    for seed in range(2):
        options = {} if cardlab.load(name).deck.informative else {"deck": "foresight"}
        m = cardlab.Match(name, seed=seed, agents="random", players=players, **options)
        n = m.game.players
        views = {s: A.Viewpoint(s, m.game.deck) for s in range(n)}
        first = m.state.hand_number
        while not m.state.terminal and m.state.hand_number == first:
            st = m.state
            if not st.chance:
                for s in range(n):
                    vp = views[s]
                    vp.update(st.observation(s))
                    hidden = _truth(st, s)
                    assert not vp.gone & hidden
                    assert set(vp.located) <= hidden
                    teacher = st.observation(None)
                    for card, (zone, owner) in vp.located.items():
                        faces = teacher.zone(zone, owner).faces
                        assert card in faces
                    df = A.hidden_cards(st, s, viewpoint=vp)
                    assert (df["n_table"] >= 1).all()
                    assert len(df) == len(hidden)
            m.step()


def test_gin_remembers_a_picked_up_discard():
    found = False
    for seed in range(6):
        df = A.entropy_over_hand("gin_rummy", seed=seed, deck="foresight")
        found = found or (df["known"] > 0).any()
    assert found


def test_table_model_holding_entropy_is_exact_late_in_a_hand():
    """Brute force: count the holdings consistent with the backs seen."""
    m = cardlab.Match("hearts", seed=11, deck="foresight", agents="random", hands=1)
    table = info._table(m.game.deck)
    vp = A.Viewpoint(0, m.game.deck)
    while True:
        st = m.state
        if not st.chance:
            obs = st.observation(0)
            vp.update(obs)
            slots = [(x.owner, x.mask) for x in info._slots(obs, vp.located, table) if not x.known]
            if st.phase == "play" and len(slots) <= 7:
                break
        m.step()
    seen = info._visible(obs) | vp.gone | set(vp.located)
    unknown = [c for c in m.game.deck.cards if c not in seen]
    assert len(unknown) == len(slots)
    per_owner = {}
    for perm in itertools.permutations(unknown):
        if all(table.masks[c] == mask for c, (_, mask) in zip(perm, slots, strict=True)):
            for owner in {o for o, _ in slots}:
                held = frozenset(c for c, (o, _) in zip(perm, slots, strict=True) if o == owner)
                per_owner.setdefault(owner, set()).add(held)
    h = A.holdings(st, 0, viewpoint=vp).set_index("owner")
    for owner, sets in per_owner.items():
        assert h.loc[owner, "bits_table"] == pytest.approx(math.log2(len(sets)))


# ------------------------------------------------------------------ over a hand
def test_entropy_over_a_hand_per_step_and_per_trick():
    df = A.entropy_over_hand("hearts", seed=2, deck="foresight")
    assert set(df["seat"]) == {0, 1, 2, 3}
    assert (df["bits_table"] <= df["bits_plain"] + 1e-9).all()
    assert (df["opp_table"] <= df["opp_suits"] + 1e-9).all()
    first, last = df.iloc[0], df.iloc[-1]
    assert first["hidden"] == 39 and last["hidden"] <= 3
    tricks = A.entropy_over_hand("hearts", seed=2, deck="foresight", per="trick", seats=[1])
    assert list(tricks["trick"]) == list(range(1, 14))
    assert set(tricks["seat"]) == {1}
    with pytest.raises(ValueError, match="per"):
        A.entropy_over_hand("hearts", per="hand")


def test_leak_samples_and_summaries():
    s = A.leak_samples(["hearts", "gin_rummy"], hands=1, every=3)
    by_class = A.leak_by_class(s)
    hearts = by_class[by_class["game"] == "hearts"].set_index("suits")
    assert set(hearts.index) == {1, 2, 3, 4}
    assert (hearts["leak_table"] > 0).all()
    gin = by_class[by_class["game"] == "gin_rummy"].set_index("suits")
    assert 0 in gin.index  # stock cards under the top show no back
    summary = A.leak_summary(s).set_index("game")
    assert (summary["card_leak"] > 1).all()
    assert ((summary["opp_leak_share"] > 0) & (summary["opp_leak_share"] < 1)).all()


def test_compare_pairs_lists_each_available_game():
    df = A.compare_pairs(hands=1, every=4)
    expect = [g for pair in A.pairs() for g in pair if available(g)]
    assert ("hearts", "heartburn") in A.pairs() and ("gin_rummy", "bourbon") in A.pairs()
    assert list(df["game"]) == expect
    assert set(df["variant"]) <= {"classic", "foresight game"}


@pytest.mark.parametrize("game", ["foresight", "heartburn"])
def test_hole_cards_played_as_following_suit_are_found_in_every_hole_card_game(game):
    # Found from the play events' data, whatever each game calls the action.
    plays = A.hole_follow_plays(game, hands=6)
    assert len(plays) > 0
    assert set(plays["led"]) <= set("♣♦♥♠")
    assert not plays[plays["suits"] == 1]["wrong"].any()  # a one-suit back cannot lie


def test_hole_cards_played_as_following_suit():
    plays = A.hole_follow_plays("foresight", hands=6, players=4)
    assert len(plays) > 0
    assert (plays["wrong"] == (plays["card"].str[-1] != plays["led"])).all() or (
        plays["card"].str.startswith("JK").any()
    )
    assert not plays[plays["suits"] == 1]["wrong"].any()  # a one-suit back cannot lie
    rates = A.hole_follow_rates(plays, 6).set_index("plays_of")
    assert rates.loc["all", "plays"] == len(plays)
    assert 0 < rates.loc["all", "per_play"] < 1
    assert rates.loc["all", "per_hand"] == pytest.approx(plays["wrong"].sum() / 6)


def test_card_lists_accept_text_and_cards():
    assert info._cards("4H, 7S") == set(parse_cards("4H 7S"))
