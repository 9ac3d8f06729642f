"""Tableau: stacks of cards face up or down, build rules, runs, moves and foundations.

Every example lays out a few stacks from explicit cards (bottom first): ``up("KS QH")`` is
a stack of face-up cards, ``down("4C")`` of face-down ones, and the functions are asked
which moves exist, as a patience game and its solver ask them.
"""

from __future__ import annotations

from cardlab.core.cards import CARDS, HIDDEN_BACK, get_deck, parse_cards
from cardlab.core.events import SPECTATOR, TEACHER
from cardlab.core.observation import Back, Peek
from cardlab.core.view import View
from cardlab.rules.tableau import (
    ACE_UP,
    CARD,
    UP,
    Build,
    Layout,
    deal_cards,
    down_alternating,
    down_in_suit,
    find,
    foundation_order,
    foundation_zones,
    gather,
    homes,
    move_run,
    rank_step,
    run_moves,
    run_start,
    send_home,
    stack_entries,
    top_moves,
    tops,
    turn_up,
    turnable,
)


def up(cards: str) -> tuple[int, ...]:
    return tuple(c.index | UP for c in parse_cards(cards))


def down(cards: str) -> tuple[int, ...]:
    return tuple(c.index for c in parse_cards(cards))


def card(text: str) -> int:
    return parse_cards(text)[0].index


def faces(stack: tuple[int, ...]) -> str:
    return " ".join(CARDS[e & CARD].code + ("" if e & UP else "?") for e in stack)


# ---------------------------------------------------------------- layouts
def test_a_layout_names_its_stacks_by_group() -> None:
    layout = Layout(("stock", 1), ("waste", 1), ("pile", 3))
    assert layout.names == ("stock", "waste", "pile1", "pile2", "pile3")
    assert layout.group("pile") == (2, 3, 4) and layout.index["waste"] == 1
    assert len(layout) == 5 and layout.empty() == [()] * 5


# ---------------------------------------------------------------- build rules
def test_down_in_suit_takes_the_card_one_rank_lower_of_the_same_suit() -> None:
    build = down_in_suit()
    assert build.cards(card("QH"), card("KH"))
    assert not build.cards(card("QS"), card("KH"))  # another suit
    assert not build.cards(card("JH"), card("KH"))  # two ranks lower
    assert not build.cards(card("KH"), card("AH"))  # no wrap unless asked
    assert down_in_suit(wrap=True).cards(card("KH"), card("AH"))
    assert build.text == "one rank lower, in suit"


def test_down_alternating_takes_the_card_one_rank_lower_of_the_other_colour() -> None:
    build = down_alternating()
    assert build.cards(card("QH"), card("KS")) and build.cards(card("QC"), card("KD"))
    assert not build.cards(card("QD"), card("KH"))  # red on red
    assert not build.cards(card("KH"), card("AS"))
    assert down_alternating(wrap=True).cards(card("KH"), card("AS"))


def test_rank_step_goes_one_rank_either_way_whatever_the_suit_but_not_on_a_king() -> None:
    build = rank_step()
    assert build.cards(card("7C"), card("8H")) and build.cards(card("9D"), card("8H"))
    assert not build.cards(card("8C"), card("8H"))
    assert not build.cards(card("QC"), card("KH"))  # a King takes nothing
    assert rank_step(onto_king=True).cards(card("QC"), card("KH"))
    assert not build.cards(card("AC"), card("KH"))
    assert rank_step(wrap=True, onto_king=True).cards(card("AC"), card("KH"))


def test_a_face_up_build_never_puts_a_card_on_a_face_down_one() -> None:
    fits = down_in_suit().fits
    assert fits[card("QH") | UP] >> (card("KH") | UP) & 1
    assert not fits[card("QH") | UP] >> card("KH") & 1
    assert fits[card("QH")] == 0  # a face-down card fits nowhere


# ---------------------------------------------------------------- runs and moves
def test_the_movable_run_is_the_face_up_cards_on_top_that_build_on_each_other() -> None:
    fits = down_alternating().fits
    stack = down("4C 9D") + up("KS QH JC")
    assert run_start(stack, fits) == 2  # K♠ Q♥ J♣
    assert run_start(down("4C") + up("5D JC TH"), fits) == 2  # the J♣ breaks from the 5♦
    assert run_start(down("4C 9D"), fits) == 2  # a face-down top moves nothing
    assert run_start((), fits) == 0


def test_a_run_moves_whole_or_its_upper_part_onto_a_top_it_fits() -> None:
    fits = down_alternating().fits
    stacks = [down("4C") + up("KS QH JC"), up("KD"), up("QD"), ()]
    moves = run_moves(stacks, tops(stacks), fits, [0], range(4))
    # only the J♣ fits (on the Q♦): the Q♥ is red like the K♦, and the empty stack is
    # not open to runs here
    assert moves == [(0, 3, 2)]
    moves = run_moves(stacks, tops(stacks), fits, [0], range(4), empties=1 << 3)
    # from the run's lowest card up: K♠ Q♥ J♣, then Q♥ J♣, then J♣ alone
    assert moves == [(0, 1, 3), (0, 2, 3), (0, 3, 2), (0, 3, 3)]


def test_a_top_card_moves_onto_a_top_it_fits_or_an_empty_stack_allowed() -> None:
    fits = rank_step().fits
    stacks = [up("7C"), up("8H"), down("6S"), ()]
    t = tops(stacks)
    assert top_moves(t, fits, range(4), range(4)) == [(0, 1), (1, 0)]
    assert top_moves(t, fits, [0], range(4), empties=1 << 3) == [(0, 1), (0, 3)]


def test_face_down_cards_move_by_a_face_down_build() -> None:
    # any face-down card onto a face-down card of the same suit, as a backs table might say
    backs = Build.where("same suit", lambda m, t: m // 13 == t // 13, "same suit", face_up=False)
    stacks = [down("4C"), down("9C"), up("8C")]
    t = tops(stacks)
    assert top_moves(t, backs.fits, range(3), range(3), face_up=False) == [(0, 1), (1, 0)]


def test_turnable_stacks_have_a_face_down_top() -> None:
    stacks = [down("4C"), up("9C"), (), up("2D") + down("3D")]
    assert turnable(tops(stacks), range(4)) == [0, 3]


# ---------------------------------------------------------------- foundations
def test_a_top_goes_home_when_it_is_the_next_card_of_its_suit() -> None:
    stacks = [up("AC"), up("2D"), up("2C"), down("AH")]
    found = [0, 1, 0, 0]  # the A♦ is home
    assert homes(tops(stacks), found, ACE_UP, range(4)) == [0, 1]
    assert send_home(stacks, found, 0) == card("AC")
    assert found == [1, 1, 0, 0] and stacks[0] == ()
    assert homes(tops(stacks), found, ACE_UP, range(4)) == [1, 2]


def test_foundations_may_start_from_any_rank_and_wrap_past_the_king() -> None:
    from_seven = foundation_order(6)
    stacks = [up("7S"), up("KS"), up("AS")]
    assert homes(tops(stacks), [0, 0, 0, 0], from_seven, range(3)) == [0]
    assert from_seven[card("KS") | UP] == 6 and from_seven[card("AS") | UP] == 7
    assert from_seven[card("7S")] == -1  # face down: never home


def test_foundation_zones_show_each_suit_from_its_base() -> None:
    clubs, diamonds, hearts, spades = foundation_zones([2, 0, 0, 1], base=12)
    assert [c.code for c in clubs.cards] == ["KC", "AC"]
    assert diamonds.cards == () and [c.code for c in spades.cards] == ["KS"]
    assert hearts.name == "foundation3" and hearts.label == "♥ foundation"


# ---------------------------------------------------------------- changes
def test_turn_up_move_run_and_find() -> None:
    stacks = [down("4C 9D") + up("KS QH"), up("KD")]
    assert move_run(stacks, 0, 3, 1) == up("QH")
    assert turn_up(stacks, 1) == card("QH")  # already up: it stays up
    assert faces(stacks[0]) == "4C? 9D? KS" and faces(stacks[1]) == "KD QH"
    move_run(stacks, 0, 2, 1)
    assert turn_up(stacks, 0) == card("9D") and faces(stacks[0]) == "4C? 9D"
    assert find(stacks, card("KS")) == (1, 2) and find(stacks, card("2H")) is None


def test_dealing_from_a_stock_turns_the_cards_over_and_gather_turns_them_back() -> None:
    stacks = [down("AC 2C 3C 4C"), ()]  # the 4♣ on top
    assert deal_cards(stacks, 0, 1, 3) == 3
    assert faces(stacks[0]) == "AC?" and faces(stacks[1]) == "4C 3C 2C"  # 2♣ on top now
    assert deal_cards(stacks, 0, 1, 3) == 1  # only one left
    assert gather(stacks, 1, 0) == 4
    assert faces(stacks[0]) == "AC? 2C? 3C? 4C?" and stacks[1] == ()


# ---------------------------------------------------------------- what each viewer sees
def test_a_stack_shows_its_face_up_cards_and_only_the_backs_it_allows() -> None:
    deck = get_deck("foresight")
    stack = down("4C 9D") + up("KS")
    top_down = down("4C 9D")
    back = Back(deck.back_of(CARDS[card("9D")]))
    hidden = Back(HIDDEN_BACK)
    for viewer in (0, SPECTATOR):
        view = View(deck, viewer)
        assert stack_entries(view, stack) == (hidden, hidden, CARDS[card("KS")])
        assert stack_entries(view, top_down) == (hidden, back)  # only the top's back
        assert stack_entries(view, top_down, "all")[0] == Back(deck.back_of(CARDS[card("4C")]))
        assert stack_entries(view, top_down, "none") == (hidden, hidden)
    teacher = stack_entries(View(deck, TEACHER), top_down)
    assert all(isinstance(e, Peek) for e in teacher)
    assert [e.card.code for e in teacher if isinstance(e, Peek)] == ["4C", "9D"]
