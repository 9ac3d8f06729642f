"""Events: what happened, as data and in words, and who may know the private part.

An :class:`Event` is one happening at the table.  Beside its wording it carries the
facts as data, so analysis and charts never parse prose:

* ``kind`` (``"play"``, ``"trick"``, ``"pass"``, ``"draw"``, ``"hand_over"`` …) and the
  acting ``seat``;
* ``cards``: the cards every reader learns (a card played face up);
* ``hidden``: cards only the seats in ``audience`` (and the teacher) learn (the cards
  passed, the card drawn from the stock);
* ``data``: further public facts as ``(key, value)`` pairs (``(("from", "hole"),)``);
  read one with :meth:`Event.get` or all with :attr:`Event.facts`.

``text`` is what everyone reads; ``secret``, when set, is the fuller wording for the
audience.  :meth:`Event.seen_by` gives the event as one viewer may know it.  An event
with an empty ``text`` is private: only its audience (and the teacher) learn that it
happened at all (a pick in a move still being built).

The first event a seat's action logs also records that ``action`` (its canonical text,
``"play QS"``), so a history can be replayed action by action.  The action belongs to
the private part of a private event (one with a ``secret`` or ``hidden`` cards): a viewer
outside the audience reads ``None`` there, as for an event the rules made themselves,
unless ``public_action`` says everyone knows it although cards stay hidden (``draw
stock``: the card is private, not where it came from).  Chance outcomes (a deal, a
reshuffle, a random draw) are never recorded in an event.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Action
from .cards import Card

_new = tuple.__new__

TEACHER = "teacher"
SPECTATOR = "spectator"
Viewer = int | str | None


class Event(NamedTuple):
    """One happening, as data and in words (see the module docstring)."""

    kind: str
    seat: int | None
    text: str
    secret: str | None = None
    audience: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    hidden: tuple[Card, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()
    #: The seat action that logged this event (on the first event of its ``apply``).
    action: Action | None = None
    #: Everyone knows :attr:`action`, even when the event hides cards.
    public_action: bool = False

    def text_for(self, viewer: Viewer) -> str:
        """The wording ``viewer`` may read: a seat, ``"spectator"`` or teacher (``None``)."""
        if self.secret is not None and (
            viewer is None or viewer == TEACHER or viewer in self.audience
        ):
            return self.secret
        return self.text

    def knows(self, viewer: Viewer) -> bool:
        """True when ``viewer`` may read the private part of this event."""
        return viewer is None or viewer == TEACHER or viewer in self.audience

    def seen_by(self, viewer: Viewer) -> Event:
        """This event as ``viewer`` may know it: without the private part (the secret
        wording, the hidden cards and, unless :attr:`public_action`, the action) unless
        entitled."""
        if (self.secret is None and not self.hidden) or self.knows(viewer):
            return self
        if self.action is None or self.public_action:
            return self._replace(secret=None, hidden=())
        return self._replace(secret=None, hidden=(), action=None)

    def with_action(self, act: Action) -> Event:
        """This event recording ``act`` as the action that logged it."""
        return _new(Event, (*self[:8], act, self.public_action))

    def get(self, key: str, default: Any = None) -> Any:
        """One fact of ``data``."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    @property
    def facts(self) -> dict[str, Any]:
        """``data`` as a dict."""
        return dict(self.data)


def event(
    kind: str,
    seat: int | None,
    text: str,
    secret: str | None = None,
    audience: tuple[int, ...] = (),
    *,
    cards: tuple[Card, ...] = (),
    hidden: tuple[Card, ...] = (),
    action: Action | None = None,
    public_action: bool = False,
    **data: Any,
) -> Event:
    """An :class:`Event` with its extra facts given as keywords."""
    facts = tuple(data.items())
    return Event(kind, seat, text, secret, audience, cards, hidden, facts, action, public_action)
