"""Events: what happened, in words, and who may read the private version."""

from __future__ import annotations

from typing import NamedTuple

TEACHER = "teacher"
SPECTATOR = "spectator"
Viewer = int | str | None


class Event(NamedTuple):
    """One happening.

    ``text`` is what everyone at the table learns.  ``secret``, when set, is the fuller
    wording that only the seats in ``audience`` (and the teacher view) may read, e.g.
    which cards were passed.
    """

    kind: str
    seat: int | None
    text: str
    secret: str | None = None
    audience: tuple[int, ...] = ()

    def text_for(self, viewer: Viewer) -> str:
        """The wording ``viewer`` may read: a seat, ``"spectator"`` or teacher (``None``)."""
        if self.secret is not None and (
            viewer is None or viewer == TEACHER or viewer in self.audience
        ):
            return self.secret
        return self.text
