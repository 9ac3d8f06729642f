"""Phases: the steps of a game, each with its own legal, apply and why-illegal handlers.

A game declares its phases once, in its state class::

    PASS = Phase("pass", legal=_pass_legal, apply=_pass_apply, why=_pass_why,
                 prompt="Choose {count} cards to pass {direction}")

and moves between them by assigning ``self.phase = self.PLAY``.  The state protocol
dispatches on the current phase (``state.phase.legal(state, seat)``), so a game has no
if-chain over phase names, and a family component (a trick, a secret choice) can supply
a whole phase.  A :class:`Phase` compares equal to its name (``state.phase == "pass"``)
and observations carry the name as a plain string.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action

Legal = Callable[[Any, int], tuple[Action, ...]]
Apply = Callable[[Any, Action, int], None]
Why = Callable[[Any, Action, int], str]
Prompt = str | Callable[[Any, int], str]


def _no_actions(state: Any, seat: int) -> tuple[Action, ...]:
    return ()


def _no_apply(state: Any, act: Action, seat: int) -> None:
    raise AssertionError(f"no action is applied in the {state.phase} phase")


def _no_reason(state: Any, act: Action, seat: int) -> str:
    return ""


class Phase:
    """A named step of a game with its handlers (see the module docstring).

    ``legal(state, seat)`` lists the seat's legal actions in a stable order;
    ``apply(state, action, seat)`` applies a legal one; ``why(state, action, seat)``
    says in rule terms why an action is refused ("" to fall back to a generic reason);
    ``prompt`` asks the seat to act in plain words: a text (formatted with ``name``, the
    seat's name) or a function ``(state, seat) -> str``.
    """

    __slots__ = ("apply", "legal", "name", "prompt", "why")

    def __init__(
        self,
        name: str,
        legal: Legal = _no_actions,
        apply: Apply = _no_apply,
        why: Why = _no_reason,
        prompt: Prompt = "",
    ) -> None:
        self.name = name
        self.legal = legal
        self.apply = apply
        self.why = why
        self.prompt = prompt

    def ask(self, state: Any, seat: int) -> str:
        """The prompt for ``seat``, in plain words."""
        p = self.prompt
        if callable(p):
            return str(p(state, seat))
        return p.format(name=state.names[seat]) if p else ""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Phase):
            return other.name == self.name
        return other == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Phase({self.name!r})"


#: The phase before a deal and between hands (chance is due).
DEAL = Phase("deal")
#: The phase of a finished game.
OVER = Phase("over")
