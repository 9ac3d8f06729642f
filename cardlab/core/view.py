"""How one viewer sees cards: faces, backs, or a teacher's peek.

A :class:`View` is made for one viewer when a state builds an observation.  Games ask it
how that viewer sees each card, so the rules of hidden information are written once:

* :meth:`View.card`: one card, face up if the viewer may see it, else its back.  The
  teacher sees every face; a card no player can see (``seen`` false: a stock, a hole
  card nobody knows) comes as a :class:`~cardlab.core.observation.Peek`, the face marked
  as hidden, and a card some player sees (``seen``: a hand, to its holder) as itself;
* :meth:`View.held`: a held group (a hand); hidden cards are listed by back design, so
  their order tells nothing beyond what the backs show;
* :meth:`View.stack`: a face-down stack, bottom first: only the top card's back shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HIDDEN_BACK, Card, Deck
from .errors import SeatError
from .events import SPECTATOR, TEACHER, Viewer
from .observation import Back, Entry, Peek
from .quoting import quote


def normalise_viewer(viewer: Viewer, players: int) -> int | str:
    """A seat, ``"spectator"`` or ``"teacher"`` (also ``None``).

    Raises
    ------
    SeatError
        for anything else (a float, a bool, a seat number written as text, a number out of
        range), naming what a viewer may be.
    """
    if type(viewer) is int and 0 <= viewer < players:
        return viewer
    if viewer is None or (type(viewer) is str and viewer == TEACHER):
        return TEACHER
    if type(viewer) is str and viewer == SPECTATOR:
        return SPECTATOR
    raise SeatError(
        f"unknown viewer {quote(viewer)}: use a seat (an int from 0 to {players - 1}), "
        "'spectator' or 'teacher' (or None)"
    )


def _design_key(design: str) -> tuple[int, str]:
    # Most suits first, then by the symbols' order (♣♦♥♠).
    return (-len(design), design)


class View:
    """One viewer's eyes on a deck: ``seat`` is its seat (None for spectator and teacher)."""

    __slots__ = ("deck", "seat", "teacher", "viewer")

    def __init__(self, deck: Deck, viewer: int | str) -> None:
        self.deck = deck
        self.viewer = viewer
        self.seat = viewer if isinstance(viewer, int) else None
        self.teacher = viewer == TEACHER

    def card(
        self, card: Card, visible: bool = False, public: bool = False, *, seen: bool = False
    ) -> Entry:
        """``card`` as this viewer sees it: its face when ``visible`` or ``public``.

        ``seen``: some player sees this card (the teacher is shown it unmarked).
        """
        if public:
            return card
        if self.teacher:
            return card if seen else Peek(card, Back(self.deck.back_of(card)))
        return card if visible else Back(self.deck.back_of(card))

    def held(
        self,
        cards: Sequence[Card],
        visible: bool = False,
        public: bool = False,
        *,
        seen: bool = True,
    ) -> tuple[Entry, ...]:
        """A held group as this viewer sees it; hidden cards in a neutral order.

        ``seen`` (the default): its holder sees it, so the teacher sees plain faces.
        """
        if public or visible:
            return tuple(cards)
        if self.teacher:
            return tuple(cards) if seen else tuple(self.card(c) for c in cards)
        back_of = self.deck.back_of
        return tuple(Back(d) for d in sorted((back_of(c) for c in cards), key=_design_key))

    def stack(self, cards: Sequence[Card]) -> tuple[Entry, ...]:
        """A face-down stack, bottom first: only the top card's back can be seen.

        Every card under the top shows ``HIDDEN_BACK``, so a
        Foresight stock tells its top card's back and its size, nothing more.
        """
        if not cards:
            return ()
        if self.teacher:
            return tuple(self.card(c) for c in cards)
        under = (Back(HIDDEN_BACK),) * (len(cards) - 1)
        return (*under, Back(self.deck.back_of(cards[-1])))

    def back(self, card: Card) -> Entry:
        """``card`` face down: its back (a peek for the teacher)."""
        return self.card(card, False)
