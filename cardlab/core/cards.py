"""Cards, packs and decks.

A :class:`Card` is interned: there is exactly one object per card, so cards compare
by identity and can be used as dictionary keys cheaply.  Engines work on the integer
``index`` (``suit * 13 + rank - 1`` for the 52 standard cards, clubs, diamonds, hearts,
spades; Ace = 1 … King = 13), which makes a hand a plain ``int`` bitmask.

Jokers have indices 52 and 53.  The second copy of a card in a double pack (Canasta)
has ``index + 54`` and prints with a trailing ``'`` (``Q♠'``); its jokers are ``JK3``
and ``JK4``.

A :class:`Deck` is a named list of cards plus what each card's back shows.  Plain
decks show the same back on every card; decks with informative backs register a
``backs`` table and observations then show that back on every hidden card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Final

from .quoting import quote

SUITS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
#: The four-colour palette of the suits (♣ green, ♦ blue, ♥ red, ♠ black), shared by the
#: card table and the charts.
SUIT_COLOURS: Final = ("#17692f", "#1d5fc2", "#c8102e", "#161616")
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANKS: Final = "A23456789TJQK"
RANK_NAMES: Final = (
    "Ace",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JOKER_RANK: Final = 0
COPY_OFFSET: Final = 54

# Bitmasks of the 52 standard cards (bit ``suit * 13 + rank - 1``), declared once here.
#: Every standard card.
FULL: Final = (1 << 52) - 1
#: The thirteen ranks of one suit, as read with ``mask >> 13 * suit & SUIT_BITS``.
SUIT_BITS: Final = (1 << 13) - 1
#: The cards of each suit, ♣ ♦ ♥ ♠.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(SUIT_BITS << (13 * s) for s in range(4))
#: The four cards of each rank, by rank (1 = Ace … 13 = King); entry 0 is empty.
RANK_MASKS: Final[tuple[int, ...]] = tuple(
    sum(1 << (13 * s + r - 1) for s in range(4)) if r else 0 for r in range(14)
)

_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Card:
    """One physical card.  Compare with ``is`` or ``==``; both are identity."""

    __slots__ = ("code", "copy", "index", "rank", "suit", "text")

    index: int
    rank: int  # 1 (Ace) … 13 (King); 0 for a joker
    suit: int  # 0..3 (♣♦♥♠); -1 for a joker
    copy: int  # 0 for the first pack, 1 for the second
    code: str  # canonical ASCII code: "QS", "TH", "JK1", "QS'"
    text: str  # display text: "Q♠", "10♥", "JK1", "Q♠'"

    def __init__(self, index: int) -> None:
        self.index = index
        self.copy, base = divmod(index, COPY_OFFSET)
        mark = "'" * self.copy
        if base >= 52:
            self.rank, self.suit = JOKER_RANK, -1
            self.code = self.text = f"JK{base - 51 + 2 * self.copy}"
        else:
            self.suit, r = divmod(base, 13)
            self.rank = r + 1
            self.code = f"{RANKS[r]}{SUITS[self.suit]}{mark}"
            self.text = f"{_RANK_TEXT[r]}{SUIT_SYMBOLS[self.suit]}{mark}"

    @property
    def base(self) -> int:
        """Index of the card ignoring which pack copy it is (0..53)."""
        return self.index % COPY_OFFSET

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def name(self) -> str:
        """Long name: ``"Queen of spades"``."""
        if self.is_joker:
            return "Joker"
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def symbol(self) -> str:
        return "" if self.is_joker else SUIT_SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in (DIAMONDS, HEARTS)

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(2 * COPY_OFFSET))
STANDARD: Final[tuple[Card, ...]] = CARDS[:52]
JOKERS: Final[tuple[Card, ...]] = CARDS[52:54]

_PARSE: dict[str, Card] = {}


def _register_spellings() -> None:
    rank_words = {r + 1: {RANKS[r], _RANK_TEXT[r]} for r in range(13)}
    for card in CARDS:
        mark = "'" * card.copy
        if card.is_joker:
            n = card.code[2:]
            for spelling in (f"JK{n}", f"JOKER{n}", f"★{n}"):
                _PARSE[spelling] = card
            continue
        for r in rank_words[card.rank]:
            for s in (SUITS[card.suit], SUIT_SYMBOLS[card.suit]):
                _PARSE[f"{r}{s}{mark}"] = card
    _PARSE["JK"] = _PARSE["JOKER"] = CARDS[52]


_register_spellings()


def card_at(index: int) -> Card:
    """The card with this index."""
    return CARDS[index]


def parse_card(text: str | Card) -> Card:
    """Read a card from ``QS``, ``Q♠``, ``10h``, ``Th``, ``qs``, ``JK1``.

    Raises
    ------
    ValueError
        naming the text and how cards are written.
    """
    if isinstance(text, Card):
        return text
    word = text.strip() if isinstance(text, str) else ""
    card = None
    if len(word) <= 16:  # every spelling of a card is a short word
        word = word.upper().replace("♤", "♠").replace("♡", "♥").replace("♢", "♦")
        card = _PARSE.get(word.replace("♧", "♣"))
    if card is None:
        raise ValueError(
            f"{quote(text)} is not a card: write a rank (A, 2-10 or T, J, Q, K) then a suit "
            "(C, D, H, S or ♣ ♦ ♥ ♠), e.g. QS, Q♠, 10h or Th; jokers are JK1, JK2"
        )
    return card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards from a space- or comma-separated string or an iterable.

    Raises
    ------
    ValueError
        naming the first word that is not a card (or the value that is not cards at all).
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    elif not isinstance(text, Iterable) or isinstance(text, bytes | bytearray):
        raise ValueError(
            f"{quote(text)} is not cards: give them as text ('QS 2C') or a list of cards"
        )
    return tuple(parse_card(t) for t in text)


def mask_of(cards: Iterable[Card]) -> int:
    """Bitmask of card indices."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """Cards whose bits are set in ``mask``, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def rank_text(rank: int) -> str:
    return _RANK_TEXT[rank - 1]


PLAIN_BACK: Final = "plain"
#: A back nobody can see (a card under the top of a face-down stack).
HIDDEN_BACK: Final = "hidden"


@dataclass(frozen=True)
class Deck:
    """A named pack: its cards and what each card's back shows.

    ``backs`` maps a card to its back design; cards missing from it show
    :data:`PLAIN_BACK`.  Games ask :meth:`back_of` for every hidden card.
    """

    name: str
    cards: tuple[Card, ...]
    description: str = ""
    backs: Mapping[Card, str] = field(default_factory=lambda: MappingProxyType({}))
    #: The built-in deck this one stands in for in ``deck=`` options (a user's own
    #: Foresight back assignment is ``like="foresight"``); ``None``: itself only.
    like: str | None = None

    def back_of(self, card: Card) -> str:
        return self.backs.get(card, PLAIN_BACK)

    def back_suits(self, card: Card) -> int:
        """Suits printed on ``card``'s back as a 4-bit mask (bit ``s`` for suit ``s``).

        A plain back shows no suit (0).  Foresight backs print suit symbols.
        """
        return design_suits(self.back_of(card))

    @property
    def kind(self) -> str:
        """The deck name ``deck=`` options are checked against."""
        return self.like or self.name

    @property
    def informative(self) -> bool:
        """True when backs differ from card to card."""
        return bool(self.backs)

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def back_masks(self) -> tuple[int, ...]:
        """:meth:`back_suits` of every card index up to the deck's highest (computed once)."""
        top = max(c.index for c in self.cards) + 1 if self.cards else 0
        return tuple(design_suits(self.back_of(c)) for c in CARDS[:top])

    @cached_property
    def mask(self) -> int:
        """Bitmask of every card index in the deck."""
        return mask_of(self.cards)


def design_suits(design: str) -> int:
    """The suits a back design prints, as a 4-bit mask: ``"♥♠"`` → ``0b1100``."""
    mask = 0
    for ch in design:
        i = SUIT_SYMBOLS.find(ch)
        if i >= 0:
            mask |= 1 << i
    return mask


DECKS: dict[str, Deck] = {}


def register_deck(deck: Deck) -> Deck:
    """Make a deck available to games by name (``deck="..."`` options)."""
    DECKS[deck.name] = deck
    return deck


def get_deck(name: str) -> Deck:
    try:
        return DECKS[name]
    except KeyError:
        raise ValueError(
            f"unknown deck {quote(name)}; known decks: {', '.join(sorted(DECKS))}"
        ) from None


STANDARD_52 = register_deck(Deck("standard", STANDARD, "the 52-card pack"))
PACK_54 = register_deck(Deck("standard+jokers", STANDARD + JOKERS, "52 cards and two jokers"))
CANASTA_108 = register_deck(
    Deck(
        "canasta",
        CARDS[:54] + CARDS[COPY_OFFSET : 2 * COPY_OFFSET],
        "two 52-card packs and four jokers",
    )
)
