"""Trick-taking, once for every trick game: the trick, following, winners, tricks won.

``TrickGame`` is a ``State`` with hands (bitmasks of card
indices), the trick on the table, its leader and led suit, trumps, the last trick, the
tricks each seat won and the cards it took.  A game sets its rules as class attributes
and uses the ready-made play phase (``TrickGame.play_phase()``):

* ``WINNER``: ``"suit"`` (the best card of the suit led), ``"trump"`` (the best trump, else
  the best of the suit led; ``state.trump`` is the trump suit, -1 for none) or ``"rank"``
  (the highest rank whatever its suit; the last of equal ranks wins).
* ``BREAKS``: cards that may not be led until one of them has been played ("hearts are
  broken"), unless the leader's hand holds nothing else; ``BROKEN_TEXT`` narrates the
  breaking.
* ``FIRST_BAR`` / ``BAR_LEADS``: cards barred from the first trick while the hand holds any
  other (on discards, and on leads too when ``BAR_LEADS``); ``state.opening`` forces the
  first lead (the 2♣).
* ``JOKER_TRUMP``: the Joker (card index 52) is the lowest trump and follows trumps.
* ``TRUMP_ANYTIME``: a trump may be played to any trick, even by a player who holds the suit
  led (All Fours); a player holding the suit led still may not play a card of a third suit.

``TrickGame.open_lowest`` gives the first lead to the lowest card of a suit held in
any hand (the 2♣, or the lowest club when the 2♣ is out of the hands).

``HoleTrickGame`` adds hole cards, the face-down cards of Foresight and Heartburn,
played with one vocabulary: ``play hole N`` plays the N-th card of the seat's hole row
as it lies now (counted from 1); the row keeps its order and closes up when a card
leaves it.  With the suit led in hand a hole card may follow only when its back shows
that suit (whatever its face); otherwise any hole card may be played.  Who knows a hole
card's face is kept in ``hole_known``.

A game supplies ``hand_played()`` (score the hand when the last trick is taken) and
reads ``self.taken``, ``self.tricks_won`` and ``self.last_trick``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.actions import Action, CardActions, action
from ..core.cards import CARDS, SUIT_MASKS, SUIT_SYMBOLS, Card
from ..core.clone import Frozen
from ..core.events import Event, event
from ..core.observation import Zone
from ..core.phases import Phase
from ..core.refusals import ascii_int, plural
from ..core.state import State
from ..core.view import View

JOKER = 52
#: Trick-taking strength of each card index: 2 lowest … Ace highest (14); the Joker 1.
HIGH = (*((i % 13 + 1) if i % 13 else 14 for i in range(52)), 1)
CLUBS_MASK, DIAMONDS_MASK, HEARTS_MASK, SPADES_MASK = SUIT_MASKS
QS = 3 * 13 + 11
#: Rank indices within a suit in trick-taking order: 2 … K, A.
RANK_ORDER = (*range(1, 13), 0)
#: Foresight backs: the trick-taking strengths a back printing k suits allows (k: 4 = A K
#: or the Joker, 3 = Q J 10, 2 = 9-4, 1 = 3 2), strongest first, and the strongest alone.
CLASS_RANKS = {4: (14, 13), 3: (12, 11, 10), 2: (9, 8, 7, 6, 5, 4), 1: (3, 2)}
CLASS_TOP = {k: ranks[0] for k, ranks in CLASS_RANKS.items()}

PLAY = CardActions("play", RANK_ORDER)
PLAY_JOKER = action("play JK1")
PLAY_HOLE = tuple(action(f"play hole {k + 1}") for k in range(8))
_PLAY_INDEX = PLAY.index
_HOLE_INDEX = {a: k for k, a in enumerate(PLAY_HOLE)}
#: ``play hole N`` actions by bitmask of row places (bit k: place k + 1).
_HOLE_SETS = tuple(tuple(PLAY_HOLE[k] for k in range(8) if m >> k & 1) for m in range(256))
#: The next seat, by table size and seat, as a ``to_move`` tuple.
_NEXT = {n: tuple(((s + 1) % n,) for s in range(n)) for n in range(1, 9)}
#: ``TrickGame.extras`` bits: the Joker is played as a trump; hole cards are played; a
#: trump may be played while holding the suit led.
JOKER_PLAYS, HOLE_PLAYS, ANY_TRUMP = 1, 2, 4
_SEAT = {n: tuple((s,) for s in range(n)) for n in range(1, 9)}
# By card index: its bit, the mask that clears it, and its suit.  Looking a bit up
# is quicker than building it: a shift of a 52-bit number allocates a new integer.
_BIT = tuple(1 << i for i in range(len(CARDS)))
_CLEAR = tuple(~(1 << i) for i in range(len(CARDS)))
_SUIT_OF = tuple(i // 13 for i in range(len(CARDS)))
#: Where each suit's thirteen bits start in a hand mask.
_SHIFT = (0, 13, 26, 39)
_PLAY_SUITS = PLAY.suits


# ------------------------------------------------------------------ cards
#: Each suit's cards in trick-taking order, by the suit's 13-bit mask (filled on use).
_SUIT_RUNS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def sorted_cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` suit by suit, in trick-taking order (the Joker last)."""
    out: tuple[Card, ...] = ()
    for s in range(4):
        m = mask >> 13 * s & 0x1FFF
        if m:
            run = _SUIT_RUNS[s].get(m)
            if run is None:
                run = _SUIT_RUNS[s][m] = tuple(CARDS[13 * s + k] for k in RANK_ORDER if m >> k & 1)
            out += run
    if mask >> JOKER:
        out += tuple(CARDS[i] for i in (JOKER, JOKER + 1) if mask >> i & 1)
    return out


def card_text(idx: int) -> str:
    return "the Joker" if idx == JOKER or idx == JOKER + 1 else CARDS[idx].text


def trick_mask(trick: Sequence[int]) -> int:
    m = 0
    for c in trick:
        m |= 1 << c
    return m


def winning_play(trick: Sequence[int], led: int, trump: int = -1, rank_only: bool = False) -> int:
    """Position in ``trick`` of the card that takes it (see ``TrickGame``'s ``WINNER``)."""
    best = 0
    if rank_only:
        for i in range(1, len(trick)):
            if HIGH[trick[i]] >= HIGH[trick[best]]:
                best = i
        return best
    if trump < 0:
        top = HIGH[trick[0]]
        suit_of = _SUIT_OF
        for i in range(1, len(trick)):
            c = trick[i]
            if suit_of[c] == led and HIGH[c] > top:
                best, top = i, HIGH[c]
        return best
    best_v = -1
    for i, c in enumerate(trick):
        if c == JOKER or c // 13 == trump:
            v = 100 + HIGH[c]
        elif c // 13 == led:
            v = HIGH[c]
        else:
            continue
        if v > best_v:
            best, best_v = i, v
    return best


# ------------------------------------------------------------ narration
_EVENTS: dict[tuple[Any, ...], Frozen] = {}
_TABLES: dict[tuple[type, tuple[str, ...]], tuple[Any, ...]] = {}


def event_table(
    names: tuple[str, ...],
    kind: str,
    text: str,
    secret: str | None = None,
    *,
    act: str | None = None,
    **data: Any,
) -> tuple[tuple[Event, ...], ...]:
    """Shared, immutable events by seat and card index (0..52), cached per wording.

    ``text`` (and ``secret``, read only by that seat) use ``{name}`` and ``{card}``; the
    card is public (``cards``) unless there is a secret, when only the seat learns it.
    ``act`` is the action logging these events, ``{code}`` standing for the card's code
    (``"play {code}"``, ``"draw upcard"``): each event then records its action
    (``"play QS"``), so ``apply`` need not add it.
    """
    key = (names, kind, text, secret, act, *data.items())
    table = _EVENTS.get(key)
    if table is None:
        rows = []
        for s, name in enumerate(names):
            row = []
            for i in range(54):
                c = CARDS[i]
                said = text.format(name=name, card=card_text(i))
                done = action(act.format(code=c.code)) if act else None
                if secret is None:
                    row.append(event(kind, s, said, cards=(c,), action=done, **data))
                else:
                    private = secret.format(name=name, card=card_text(i))
                    row.append(
                        event(kind, s, said, private, (s,), hidden=(c,), action=done, **data)
                    )
            rows.append(tuple(row))
        table = _EVENTS[key] = Frozen(rows)
    return table


# --------------------------------------------------------------- the game
class TrickGame(State):
    """A trick-taking game in progress (see the module docstring)."""

    __slots__ = (
        "_next",
        "_plays",
        "_seats",
        "_takes",
        "breaks",
        "broken",
        "extras",
        "first_bar",
        "hands",
        "last_trick",
        "leader",
        "led",
        "opening",
        "rank_only",
        "taken",
        "trick",
        "trick_number",
        "tricks",
        "tricks_won",
        "trump",
    )

    WINNER: ClassVar[str] = "suit"
    BREAKS: ClassVar[int] = 0
    BROKEN_TEXT: ClassVar[str] = "Hearts are broken"
    FIRST_BAR: ClassVar[int] = 0
    BAR_LEADS: ClassVar[bool] = False
    JOKER_TRUMP: ClassVar[bool] = False
    HOLES: ClassVar[bool] = False
    TRUMP_ANYTIME: ClassVar[bool] = False
    #: Set by the class: what the play takes beyond cards in hand (0: the lean path;
    #: ``JOKER_PLAYS``, ``HOLE_PLAYS`` and ``ANY_TRUMP`` bits).
    EXTRAS: ClassVar[int] = 0
    #: Wording of a play and of a trick taken ({name}, {card}).
    PLAYS: ClassVar[str] = "{name} plays {card}"
    TAKES: ClassVar[str] = "{name} takes the trick with {card}"
    #: Names of the point cards, for refusals on the first trick.
    BAR_TEXT: ClassVar[str] = "a point card"

    hands: list[int]
    trick: list[int]
    breaks: int
    extras: int
    rank_only: bool
    first_bar: int
    leader: int
    led: int
    trump: int
    opening: int
    broken: bool
    trick_number: int
    tricks: int
    tricks_won: list[int]
    taken: list[int]
    last_trick: tuple[int, tuple[int, ...]]
    _next: tuple[tuple[int], ...]
    _seats: tuple[tuple[int], ...]
    _plays: tuple[tuple[Event, ...], ...]
    _takes: tuple[tuple[Event, ...], ...]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.EXTRAS = (
            (JOKER_PLAYS if cls.JOKER_TRUMP else 0)
            | (HOLE_PLAYS if cls.HOLES else 0)
            | (ANY_TRUMP if cls.TRUMP_ANYTIME else 0)
        )

    def setup(self) -> None:
        # The rules are copied into slots: reading a slot is quicker than a class attribute.
        self.tricks = self.tricks_per_hand()
        self.breaks = self.BREAKS
        self.extras = self.EXTRAS
        self.rank_only = self.WINNER == "rank"
        self.first_bar = self.FIRST_BAR
        key = (type(self), self.names)
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = (
                _NEXT[self.players],
                _SEAT[self.players],
                event_table(self.names, "play", self.PLAYS, act="play {code}", **{"from": "hand"}),
                event_table(self.names, "trick", self.TAKES),
            )
        self._next, self._seats, self._plays, self._takes = tables

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.trick = []
        self.leader = -1
        self.led = -1
        self.trump = -1
        self.opening = -1
        self.broken = False
        self.trick_number = 0
        self.tricks_won = [0] * n
        self.taken = [0] * n
        self.last_trick = (-1, ())

    # ------------------------------------------------------------ hooks
    @classmethod
    def sample_world(cls, game: Any, obs: Any, rng: Any) -> State:
        """A world consistent with ``obs`` (see ``cardlab.rules.trick_worlds``)."""
        from .trick_worlds import sample_trick_world  # the sampler builds on this module

        return sample_trick_world(game, obs, rng)

    def tricks_per_hand(self) -> int:
        """Tricks in a hand (by default: all 52 cards dealt out); read once, at setup."""
        return 52 // self.players

    def hand_played(self) -> None:
        """The last trick is taken: score the hand (games override)."""
        raise NotImplementedError

    def hole_plays(self, seat: int, led: int) -> tuple[Action, ...]:
        """Plays from outside the hand (hole cards); none in a plain trick game."""
        return ()

    # ------------------------------------------------------------ leading
    def lead(self, seat: int) -> None:
        """``seat`` leads the next trick."""
        self.leader = seat
        self.to_move = (seat,)

    def open_lowest(self, suit: int = 0) -> int:
        """The holder of the lowest card of ``suit`` in any hand must lead it to the first trick.

        Returns that seat, or -1 (nothing changed) when no hand holds the suit.
        """
        base = 13 * suit
        held = [h >> base & 0x1FFF for h in self.hands]
        for k in RANK_ORDER:
            for seat, m in enumerate(held):
                if m >> k & 1:
                    card = CARDS[base + k]
                    self.opening = base + k
                    self.lead(seat)
                    text = f"{self.names[seat]} holds the {card.text} and leads"
                    self.log("lead", seat, text, cards=(card,))
                    return seat
        return -1

    # ------------------------------------------------------------ legal
    def play_legal(self, seat: int) -> tuple[Action, ...]:
        """The legal plays of ``seat``: leading and following rules, then the first-trick bar."""
        hand = self.hands[seat]
        extras = self.extras
        if self.trick:
            led = self.led
            follow = hand >> _SHIFT[led] & 0x1FFF
            if not extras:
                if follow:
                    return _PLAY_SUITS[led][follow] or PLAY.suit(led, follow)
                bar = self.first_bar
                if bar and self.trick_number == 0 and hand & ~bar:
                    hand &= ~bar
                return PLAY.of(hand)
            trump = self.trump
            if follow and extras & ANY_TRUMP and 0 <= trump != led:
                acts = PLAY.of(hand & (SUIT_MASKS[led] | SUIT_MASKS[trump]))
                if extras & JOKER_PLAYS and hand >> JOKER & 1:
                    acts = (*acts, PLAY_JOKER)
                return acts + self.hole_plays(seat, led) if extras & HOLE_PLAYS else acts
            joker = extras & JOKER_PLAYS and led == trump and hand >> JOKER & 1
            if follow or joker:
                acts = PLAY.suit(led, follow) if follow else ()
                if joker:
                    acts = (*acts, PLAY_JOKER)
                return acts + self.hole_plays(seat, led) if extras & HOLE_PLAYS else acts
            bar = self.first_bar
            if bar and self.trick_number == 0 and hand & ~bar:
                hand &= ~bar
        else:
            first = self.trick_number == 0
            if first and self.opening >= 0:
                return (PLAY[self.opening],)
            breaks = self.breaks
            if breaks and not self.broken and hand & ~breaks:
                hand &= ~breaks
            if first and self.BAR_LEADS and hand & ~self.first_bar:
                hand &= ~self.first_bar
        acts = PLAY.of(hand)
        if not extras:
            return acts
        if extras & JOKER_PLAYS and hand >> JOKER & 1:
            acts = (*acts, PLAY_JOKER)
        if extras & HOLE_PLAYS:
            return acts + self.hole_plays(seat, -1)
        return acts

    def play_why(self, act: Action, seat: int) -> str:
        """Why a play is refused, in rule terms."""
        if act.verb != "play":
            return ""
        card = act.card
        if act.args[:1] == ("hole",):
            return self.hole_why(act, seat)
        if card is None:
            return "say which card, e.g. 'play QS'" + (
                ", or 'play hole 1' for a hole card" if self.HOLES else ""
            )
        hand = self.hands[seat]
        if not hand >> card.index & 1:
            return self.missing_why(card, seat)
        first = self.trick_number == 0
        if not self.trick:
            if first and self.opening >= 0:
                return f"the {CARDS[self.opening].text} must open the first trick"
            if self.BREAKS >> card.index & 1 and not self.broken:
                what = self.BROKEN_TEXT.split(" are ")[0].lower()
                return f"{what} are not broken yet: lead one only when your hand holds nothing else"
            return (
                f"you can't lead {self.bar_text()} to the first trick while your hand "
                "holds another card"
            )
        led = self.led
        sym = SUIT_SYMBOLS[led]
        if self.hands[seat] & SUIT_MASKS[led] or (
            self.JOKER_TRUMP and led == self.trump and hand >> JOKER & 1
        ):
            extra = " (or a hole card whose back shows it)" if self.HOLES else ""
            if self.TRUMP_ANYTIME and 0 <= self.trump != led:
                extra += f", or play a trump ({SUIT_SYMBOLS[self.trump]})"
            return f"must follow suit: you hold {sym} in hand{extra}"
        return f"you can't play {self.bar_text()} on the first trick while you hold any other card"

    def missing_why(self, card: Card, seat: int) -> str:
        """Why ``card`` can't be played: it is not in the seat's hand."""
        return f"you don't hold {card} in your hand"

    def hole_why(self, act: Action, seat: int) -> str:
        return "there are no hole cards in this game"

    def bar_text(self) -> str:
        """The cards the first-trick bar covers, in words."""
        return self.BAR_TEXT

    # ------------------------------------------------------------ apply
    def play_apply(self, act: Action, seat: int) -> None:
        """Play a card to the trick; take the trick when it is complete."""
        idx = _PLAY_INDEX.get(act)
        if idx is None:
            idx, ev = self.play_special(act, seat)
        else:
            self.hands[seat] &= _CLEAR[idx]
            ev = self._plays[seat][idx]
        trick = self.trick
        if not trick:
            self.led = self.trump if idx == JOKER else _SUIT_OF[idx]
        trick.append(idx)
        self.events.append(ev)
        if not self.broken and self.breaks & _BIT[idx]:
            self.broken = True
            self.log("broken", seat, self.BROKEN_TEXT)
        n = self.players
        if len(trick) < n:
            self.to_move = self._next[seat]
            return
        best = winning_play(trick, self.led, self.trump, self.rank_only)
        winner = (self.leader + best) % n
        m = 0
        for c in trick:
            m |= _BIT[c]
        self.taken[winner] |= m
        self.tricks_won[winner] += 1
        self.last_trick = (self.leader, tuple(trick))
        self.trick = []
        self.led = -1
        self.trick_number += 1
        self.leader = winner
        self.events.append(self._takes[winner][trick[best]])
        if self.trick_number < self.tricks:
            self.to_move = self._seats[winner]
            return
        self.hand_played()

    def play_special(self, act: Action, seat: int) -> tuple[int, Event]:
        """A play of a card not named by index: the Joker."""
        if act == PLAY_JOKER:
            self.hands[seat] &= ~(1 << JOKER)
            return JOKER, self._plays[seat][JOKER]
        raise AssertionError(f"unknown play {act!r}")

    @classmethod
    def play_phase(cls, prompt: Any = "Play a card to the trick") -> Phase:
        """The play phase with this family's handlers."""
        return Phase("play", cls.play_legal, cls.play_apply, cls.play_why, prompt)

    # ------------------------------------------------------- observation
    def trick_zones(self) -> tuple[Zone, Zone]:
        """The trick on the table and the last finished trick, each card with its seat."""
        n = self.players
        lead, last = self.last_trick
        leader = self.leader
        return (
            Zone(
                "trick",
                None,
                tuple(CARDS[c] for c in self.trick),
                "trick",
                tuple((leader + i) % n for i in range(len(self.trick))),
                "trick",
            ),
            Zone(
                "last_trick",
                None,
                tuple(CARDS[c] for c in last),
                "trick",
                tuple((lead + i) % n for i in range(len(last))),
                "last trick",
            ),
        )

    def hand_zones(self, view: View, hidden: Sequence[int] | None = None) -> list[Zone]:
        """Each seat's hand: faces for its owner, backs in a neutral order for the rest.

        ``hidden[s]`` (a mask) leaves cards out of what seat ``s`` itself is shown.
        """
        out = []
        for s in range(self.players):
            mine = view.seat == s or view.teacher
            held = self.hands[s] & ~hidden[s] if hidden is not None and mine else self.hands[s]
            out.append(
                Zone(
                    "hand",
                    s,
                    view.held(sorted_cards(held), view.seat == s),
                    "hand",
                    label=self.names[s],
                )
            )
        return out

    def taken_zones(self, shown: int, label: str = "{name} took") -> list[Zone]:
        """Each seat's captured cards among ``shown`` (they were public); ``label`` names
        the zone (``"{name}'s point cards"`` when only the point cards are shown)."""
        return [
            Zone(
                "taken",
                s,
                sorted_cards(self.taken[s] & shown),
                "row",
                label=label.format(name=self.names[s]),
            )
            for s in range(self.players)
        ]


class HoleTrickGame(TrickGame):
    """A trick game with hole cards: face down, played blind by their place in the row.

    ``holes[s]`` is seat ``s``'s row of card indices, in order; ``play hole N`` plays its
    N-th card as the row lies now, and the row closes up.  ``hole_known[s]`` is a mask of
    the hole cards (anyone's) whose faces seat ``s`` knows: the card it laid in its own
    hole (Foresight's leader), the card it passed into another seat's hole (Heartburn).
    Nobody else sees a hole card's face until it is played.
    """

    __slots__ = ("_backs", "_from_hole", "hole_known", "holes")

    HOLE_PLAYS: ClassVar[str] = "{name} plays {card} from the hole"
    HOLES = True

    holes: list[list[int]]
    hole_known: list[int]
    _backs: tuple[int, ...]
    _from_hole: tuple[tuple[Event, ...], ...]

    def setup(self) -> None:
        super().setup()
        self._backs = self.game.deck.back_masks
        self._from_hole = event_table(self.names, "play", self.HOLE_PLAYS, **{"from": "hole"})

    def reset_hand(self) -> None:
        super().reset_hand()
        n = self.players
        self.holes = [[] for _ in range(n)]
        self.hole_known = [0] * n

    def set_holes(self, rows: list[list[int]]) -> None:
        """Each seat's hole row as dealt (card indices in row order); nobody knows them."""
        self.holes = rows

    def lay_in_hole(self, seat: int, idx: int, known_by: int, at: int = -1) -> None:
        """Lay card ``idx`` face down in ``seat``'s hole (at place ``at``, else at the end);
        seat ``known_by`` knows its face."""
        row = self.holes[seat]
        if at < 0:
            row.append(idx)
        else:
            row.insert(at, idx)
        self.hole_known[known_by] |= 1 << idx

    def take_from_hole(self, seat: int, k: int) -> int:
        """Take the card at place ``k`` (from 0) out of ``seat``'s hole row; the row closes up."""
        idx = self.holes[seat].pop(k)
        bit = ~(1 << idx)
        known = self.hole_known
        for s in range(self.players):
            known[s] &= bit
        return idx

    def hole_plays(self, seat: int, led: int) -> tuple[Action, ...]:
        """``play hole N`` for the hole cards ``seat`` may play (led: the suit to follow, or -1)."""
        holes = self.holes[seat]
        if led < 0:
            return _HOLE_SETS[(1 << len(holes)) - 1]
        backs = self._backs
        m = 0
        k = 1
        for c in holes:
            if backs[c] >> led & 1:
                m |= k
            k <<= 1
        return _HOLE_SETS[m]

    def play_special(self, act: Action, seat: int) -> tuple[int, Event]:
        k = _HOLE_INDEX.get(act)
        if k is None:
            return super().play_special(act, seat)
        idx = self.take_from_hole(seat, k)
        # the action names the place in the row, so the shared event does not hold it
        return idx, self._from_hole[seat][idx].with_action(act)

    def missing_why(self, card: Card, seat: int) -> str:
        # Only a seat that knows the face may be told where the card lies.
        if card.index in self.holes[seat] and self.hole_known[seat] >> card.index & 1:
            k = self.holes[seat].index(card.index) + 1
            return f"that is a hole card: play it by its place in the row ('play hole {k}')"
        return super().missing_why(card, seat)

    def hole_why(self, act: Action, seat: int) -> str:
        hole = self.holes[seat]
        n = len(hole)
        word = act.args[1] if len(act.args) == 2 else ""
        k = ascii_int(word)
        if not hole:
            return "your hole is empty"
        places = "'play hole 1'" if n == 1 else f"'play hole 1' to 'play hole {n}'"
        if k is None or str(k) != word:
            return (
                "say which hole card by its place in the row, counted from 1 in the digits "
                f"0-9: {places}"
            )
        if not 1 <= k <= n:
            return f"your hole holds {plural(n, 'card')}: {places}"
        if self.opening >= 0 and self.trick_number == 0 and not self.trick:
            return f"the {CARDS[self.opening].text} must open the first trick"
        design = self.game.deck.back_of(CARDS[hole[k - 1]])
        sym = SUIT_SYMBOLS[self.led] if self.led >= 0 else "?"
        return (
            f"must follow suit: you hold {sym} in hand, and the back of hole card {k} "
            f"({design}) does not show {sym}"
        )

    def hole_zones(self, view: View) -> list[Zone]:
        """Each seat's hole row, in order: backs, or faces for a seat that knows them."""
        out = []
        known = self.hole_known[view.seat] if view.seat is not None else 0
        anyone = 0  # hole cards some seat knows: the teacher sees them unmarked
        for k in self.hole_known:
            anyone |= k
        card = view.card
        for s in range(self.players):
            row = tuple(
                card(CARDS[c], bool(known >> c & 1), seen=bool(anyone >> c & 1))
                for c in self.holes[s]
            )
            out.append(Zone("hole", s, row, "row", label=f"{self.names[s]}'s hole"))
        return out
