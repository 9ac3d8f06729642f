"""The Foresight deck: card backs that print part of each card's identity.

Every back prints the card's own suit plus, the stronger the card, more of the other
suits: Aces, Kings and Jokers print all four, Queens, Jacks and Tens three, Nines down
to Fours two, Threes and Twos only their own.  So the number of suits on a back tells
the card's rank class, and the suits narrow its suit.

Which extra suits a given card prints is data (:class:`BackTable`).  The default is the
balanced assignment in ``cardlab/data/foresight_backs.csv``: two-suit cards pair ♠♥/♦♣
on ranks 4 and 7, ♠♦/♥♣ on 5 and 8, ♠♣/♥♦ on 6 and 9; three-suit cards leave out their
own suit's partner in ♠♥/♦♣ on Tens, ♠♦/♥♣ on Jacks, ♠♣/♥♦ on Queens.  A user with a
physical deck that prints other suits can load its table with :func:`load_backs`
(a CSV file or text, or a mapping) and register it with :func:`register_foresight`.

Registered decks, for the default table:

``"foresight"``
    the 52 cards (Hearts, Gin Rummy, Heartburn, Bourbon, Frozen Novelty);
``"foresight+joker"``
    52 cards and one Joker (the game Foresight);
``"foresight+jokers"``
    52 cards and both Jokers.

A back's design is its suit symbols in the order ♣♦♥♠, e.g. ``"♥♠"`` for the 4♠;
:meth:`~cardlab.core.cards.Deck.back_suits` turns it into a 4-bit suit mask.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Final

from .cards import (
    CARDS,
    JOKERS,
    STANDARD,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    Deck,
    parse_card,
    register_deck,
)

#: How many suits a back prints, by rank (1 = Ace … 13 = King); Jokers print all four.
SUITS_BY_RANK: Final[Mapping[int, int]] = MappingProxyType(
    {1: 4, 13: 4, 12: 3, 11: 3, 10: 3, 9: 2, 8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 3: 1, 2: 1}
)
#: Rank classes by suit count, strongest first.
RANK_CLASSES: Final[Mapping[int, str]] = MappingProxyType(
    {4: "A K Joker", 3: "Q J 10", 2: "9–4", 1: "3 2"}
)

ALL_SUITS: Final = 0b1111


def suit_count(card: Card) -> int:
    """How many suits ``card``'s Foresight back prints (its rank class)."""
    return 4 if card.is_joker else SUITS_BY_RANK[card.rank]


def design_of(mask: int) -> str:
    """Back design text for a suit mask: ``0b1100`` → ``"♥♠"``."""
    return "".join(SUIT_SYMBOLS[s] for s in range(4) if mask >> s & 1)


def _parse_suits(text: str) -> int:
    mask = 0
    for ch in text.strip():
        if ch in " ,/":
            continue
        i = SUITS.find(ch.upper())
        if i < 0:
            i = SUIT_SYMBOLS.find(ch)
        if i < 0:
            raise ValueError(f"unknown suit {ch!r} in {text!r}; write suits as C D H S or ♣♦♥♠")
        if mask >> i & 1:
            raise ValueError(f"suit {ch!r} is listed twice in {text!r}")
        mask |= 1 << i
    return mask


class BackTable(Mapping[Card, int]):
    """A validated Foresight back assignment: card → printed suits (4-bit mask).

    Covers the 52 cards and both Jokers (which always print every suit).
    """

    __slots__ = ("_masks",)

    def __init__(self, masks: Mapping[Card, int]) -> None:
        problems = []
        full = dict(masks)
        for joker in JOKERS:
            full.setdefault(joker, ALL_SUITS)
        for card in STANDARD + JOKERS:
            if card not in full:
                problems.append(f"{card.code} has no back")
                continue
            mask = full[card]
            count = bin(mask).count("1")
            want = suit_count(card)
            if count != want:
                problems.append(
                    f"{card.code} prints {count} suit{'s' * (count != 1)} "
                    f"({design_of(mask) or 'none'}); its rank class prints {want}"
                )
            elif not card.is_joker and not mask >> card.suit & 1:
                problems.append(f"{card.code}'s back ({design_of(mask)}) must show its own suit")
        extra = sorted(c.code for c in full if c not in STANDARD + JOKERS)
        if extra:
            problems.append(f"cards not in the deck: {', '.join(extra)}")
        if problems:
            raise ValueError("invalid Foresight back table: " + "; ".join(problems))
        self._masks = tuple(full[c] for c in STANDARD + JOKERS)

    def __getitem__(self, card: Card) -> int:
        base = card.base
        if card.copy or base >= len(self._masks):
            raise KeyError(card)
        return self._masks[base]

    def __iter__(self) -> Iterator[Card]:
        return iter(CARDS[:54])

    def __len__(self) -> int:
        return 54

    def design(self, card: Card) -> str:
        """The back design of ``card``: its printed suit symbols, e.g. ``"♥♠"``."""
        return design_of(self[card])

    def designs(self) -> dict[Card, str]:
        return {c: design_of(m) for c, m in zip(CARDS[:54], self._masks, strict=True)}

    def to_csv(self) -> str:
        """The table as ``card,suits`` CSV text (loadable by :func:`load_backs`)."""
        lines = ["card,suits"]
        for card, mask in zip(CARDS[:54], self._masks, strict=True):
            lines.append(f"{card.code},{''.join(SUITS[s] for s in range(4) if mask >> s & 1)}")
        return "\n".join(lines) + "\n"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BackTable) and self._masks == other._masks

    def __hash__(self) -> int:
        return hash(self._masks)

    def __repr__(self) -> str:
        first = " ".join(f"{c.code}:{design_of(self._masks[c.index])}" for c in CARDS[3:9])
        return f"<BackTable {first} …>"


def load_backs(source: str | Path | Mapping[str | Card, str | int]) -> BackTable:
    """Read and validate a back assignment.

    ``source`` is a mapping (card → suits, e.g. ``{"4S": "SH", ...}`` or ``"♠♥"`` or a
    4-bit mask), a path to a CSV file, or CSV text with columns ``card,suits``.  Lines
    starting with ``#`` are comments.  Every one of the 52 cards needs exactly one back
    that shows its own suit and as many suits as its rank class; Jokers may be omitted.
    Raises ``ValueError`` listing every problem.
    """
    if isinstance(source, Mapping):
        items: list[tuple[str | Card, str | int]] = list(source.items())
    else:
        text = source.read_text() if isinstance(source, Path) else source
        if "\n" not in text and "," not in text and Path(text).exists():
            text = Path(text).read_text()
        rows = [r for r in text.splitlines() if r.strip() and not r.lstrip().startswith("#")]
        reader = csv.reader(io.StringIO("\n".join(rows)))
        header = next(reader, None)
        if header is None or [h.strip().lower() for h in header] != ["card", "suits"]:
            raise ValueError("a back table CSV needs the header 'card,suits'")
        items = []
        for n, row in enumerate(reader, start=2):
            if len(row) != 2:
                raise ValueError(f"row {n} of the back table should be 'card,suits': {row!r}")
            items.append((row[0].strip(), row[1].strip()))
    masks: dict[Card, int] = {}
    for key, value in items:
        card = parse_card(key) if not isinstance(key, Card) else key
        if card in masks:
            raise ValueError(f"invalid Foresight back table: {card.code} is listed twice")
        masks[card] = value if isinstance(value, int) else _parse_suits(value)
    return BackTable(masks)


def default_backs() -> BackTable:
    """The balanced default assignment shipped with cardlab."""
    text = resources.files("cardlab").joinpath("data/foresight_backs.csv").read_text()
    return load_backs(text)


def register_foresight(backs: BackTable, name: str = "foresight") -> tuple[Deck, Deck, Deck]:
    """Register Foresight decks with ``backs``: ``name``, ``name+joker``, ``name+jokers``.

    Games then accept ``deck=name`` wherever they accept ``deck="foresight"``.
    """
    designs = MappingProxyType(backs.designs())
    like = None if name == "foresight" else "foresight"
    made = []
    for suffix, cards, what in (
        ("", STANDARD, "52 cards"),
        ("+joker", STANDARD + JOKERS[:1], "52 cards and one Joker"),
        ("+jokers", STANDARD + JOKERS, "52 cards and two Jokers"),
    ):
        made.append(
            register_deck(
                Deck(
                    name + suffix,
                    cards,
                    f"Foresight deck ({what}): backs print suits by rank class",
                    designs,
                    like=None if like is None else like + suffix,
                )
            )
        )
    return made[0], made[1], made[2]


DEFAULT_BACKS: Final = default_backs()
FORESIGHT, FORESIGHT_JOKER, FORESIGHT_JOKERS = register_foresight(DEFAULT_BACKS)
