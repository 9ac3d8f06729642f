"""Errors raised by cardlab, each naming what was wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import ActionRange
from .quoting import quote


class CardlabError(Exception):
    """Base class of every cardlab error."""


class OptionError(CardlabError, ValueError):
    """A game option, or the number of players, is not allowed."""


class SeatError(CardlabError, ValueError):
    """A seat (or viewer) that is not one of this game's: a float, a bool, a text, a
    number out of range."""


class WorldError(CardlabError):
    """No world consistent with an observation could be sampled (a sampler gives up)."""


class IllegalActionError(CardlabError, ValueError):
    """An action the rules forbid.  The state is unchanged.

    Attributes
    ----------
    action
        The text that was tried (its start only, when it is long)
    reason
        Why the rules forbid it, in rule terms
    legal
        The actions that are allowed now
    """

    def __init__(self, action: str, reason: str, legal: Sequence[str] = ()) -> None:
        action = str(action)
        self.action = action if len(action) <= 200 else action[:200] + "…"
        self.reason = reason
        # A range of numeric actions stays a range: listing a huge pot's bets costs nothing.
        self.legal = legal if isinstance(legal, ActionRange) else tuple(str(a) for a in legal)
        shown = ", ".join(map(str, self.legal[:20])) + (" …" if len(self.legal) > 20 else "")
        msg = f"illegal action {quote(action)}: {reason}"
        if self.legal:
            msg += f". Legal now: {shown}"
        super().__init__(msg)


class ReplayError(CardlabError, ValueError):
    """A replay file is malformed or does not replay under the rules."""
