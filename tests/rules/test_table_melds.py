"""Melds on the table: sets with wild cards (two packs and jokers), runs extended at
either end, zones grouped by owner, and the sampler's hook for staged melds."""

from __future__ import annotations

from cardlab.core.cards import mask_of, parse_cards
from cardlab.core.events import Event
from cardlab.rules import table_melds as tm

TWOS = tm.ranks_mask(2)
CANASTA = tm.MeldRules(wild=tm.JOKERS | TWOS, min_natural=2, max_wild=3, plain=1 << 3)
TONK = tm.MeldRules(runs=True, max_set=4, extend_sets=False)


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def test_a_set_of_one_rank_counts_both_packs_and_its_wild_cards() -> None:
    assert tm.why_not_meld(CANASTA, m("7H 7H' 7C")) == ""
    assert tm.why_not_meld(CANASTA, m("7H 7C 2D JK1")) == ""
    assert tm.why_not_meld(CANASTA, m("7H 7C 2D 2S JK1 JK3")) == "a meld holds at most 3 wild cards"
    assert tm.why_not_meld(CANASTA, m("7H 2D JK1")) == (
        "a meld with wild cards needs at least 2 natural cards"
    )
    assert tm.why_not_meld(CANASTA, m("7H 7C")) == "a meld needs at least 3 cards, not 2"
    assert tm.why_not_meld(CANASTA, m("7H 8H 9H")) == "a meld is cards of one rank"
    assert tm.why_not_meld(CANASTA, m("3C 3S 2D")) == "3s take no wild cards"
    assert (
        tm.why_not_meld(CANASTA, m("2C 2S JK2")) == "a meld needs natural cards, not only wild ones"
    )
    assert tm.meld_kind(CANASTA, m("KH KS KS'")) == (tm.SET, 13)


def test_runs_are_ace_low_in_one_suit_and_grow_at_either_end() -> None:
    run = tm.new_meld(TONK, 2, m("4S 5S 6S"))
    assert (run.kind, run.key, run.owner, run.size) == (tm.RUN, 3, 2, 3)
    assert tm.why_not_meld(TONK, m("QS KS AS")) != ""
    assert tm.why_not_meld(TONK, m("AS 2S 3S")) == ""
    assert tm.why_not_extend(TONK, run, m("3S")) == ""
    assert tm.why_not_extend(TONK, run, m("7S 8S")) == ""
    assert "continue it" in tm.why_not_extend(TONK, run, m("8S"))
    assert "continue it" in tm.why_not_extend(TONK, run, m("7H"))
    longer = tm.extend(TONK, run, m("3S"))
    assert longer.cards == m("3S 4S 5S 6S")
    hand = m("2S 3S 7S 7H 9S")
    assert tm.extensions(TONK, [longer], hand) == (m("2S 7S"),)


def test_books_of_one_pack_are_not_extended_when_the_game_says_so() -> None:
    book = tm.new_meld(TONK, 0, m("9C 9D 9H"))
    assert tm.why_not_extend(TONK, book, m("9S")) == "sets on the table are not extended"
    assert tm.extensions(TONK, [book], m("9S")) == (0,)
    assert tm.why_not_meld(TONK, m("9C 9D 9H 9S")) == ""


def test_a_set_takes_its_rank_and_wild_cards_up_to_the_limit() -> None:
    meld = tm.new_meld(CANASTA, 1, m("8H 8C 2D 2S"))
    assert tm.why_not_extend(CANASTA, meld, m("8S 8S'")) == ""
    assert tm.why_not_extend(CANASTA, meld, m("JK1")) == ""
    assert tm.why_not_extend(CANASTA, meld, m("JK1 JK2")) == "a meld holds at most 3 wild cards"
    assert tm.why_not_extend(CANASTA, meld, m("9S")) == "only 8s or wild cards join the 8s"
    hand = m("8D 9D 2H JK4")
    assert tm.extensions(CANASTA, [meld], hand) == (m("8D 2H JK4"),)
    full = tm.extend(CANASTA, meld, m("JK1"))
    assert tm.extensions(CANASTA, [full], hand) == (m("8D"),)
    assert tm.wild_count(CANASTA, full.cards) == 3
    assert tm.natural_count(CANASTA, full.cards) == 2


def test_zones_show_each_meld_grouped_by_owner_naturals_first() -> None:
    a = tm.new_meld(CANASTA, 1, m("2D 8H 8C"))
    b = tm.new_meld(CANASTA, 0, m("KH KS KS'"))
    zones = tm.meld_zones(CANASTA, [a, b], sided=True)
    assert [z.team for z in zones] == [0, 1]
    assert all(z.owner is None and z.name == "melds" for z in zones)
    assert [c.code for c in zones[1].cards] == ["8C", "8H", "2D"]
    assert zones[0].label == "Ks"
    seats = tm.meld_zones(TONK, [tm.new_meld(TONK, 3, m("6H 4H 5H"))])
    assert seats[0].owner == 3 and seats[0].label == "4♥-6♥"
    assert [c.code for c in seats[0].cards] == ["4H", "5H", "6H"]


def test_the_unseen_hook_replays_the_picks_a_commit_event_names() -> None:
    done = Event("meld", 1, "East melds", data=(("steps", ("meld 7", "meld 7")),))
    other = Event("discard", 1, "East discards")
    assert tm.committed_steps(None, 1, [other, done], 1) == ("meld 7", "meld 7")
    assert tm.committed_steps(None, 1, [other, done], 0) == ()
