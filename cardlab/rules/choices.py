"""Secret declarations made at once: every seat picks one word, all are revealed together.

:class:`SecretChoice` is a phase in which every seat in ``state.to_move`` picks one of a
few words (stay or fold, a signal) without seeing anyone else's pick.  A pick is kept in
``state.choices[seat]`` (the word's position in ``words``, -1 while undecided); the seat
that picked reads its word in its own history, while everyone else learns only that it
has decided.  Once the last seat has picked, ``done(state)`` runs: the game reveals the
picks together (with :meth:`SecretChoice.revealed`) and goes on.

It is the physical chip in a closed fist: a seat may not change its mind, and a seat that
has picked waits (it leaves ``state.to_move``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.actions import Action, action

UNDECIDED = -1


class SecretChoice:
    """Every seat in ``state.to_move`` secretly picks one of ``words`` (see the module).

    ``what`` describes the choice in refusals (``"stay in or fold"``).  The handlers make
    a phase: ``Phase("declare", PICK.legal, PICK.apply, PICK.why, prompt)``.
    """

    def __init__(self, words: tuple[str, ...], done: Callable[[Any], None], what: str) -> None:
        if len(words) < 2 or len(set(words)) != len(words):
            raise ValueError(f"a secret choice needs two or more different words, not {words!r}")
        self.words = words
        self.actions = tuple(action(w) for w in words)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.done = done
        self.what = what

    def start(self, state: Any, seats: tuple[int, ...]) -> None:
        """Open the choice for ``seats`` (every pick cleared)."""
        state.choices = [UNDECIDED] * state.players
        state.to_move = seats

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]:
        return self.actions if state.choices[seat] == UNDECIDED else ()

    def apply(self, state: Any, act: Action, seat: int) -> None:
        i = self.index[act]
        state.choices[seat] = i
        name = state.names[seat]
        state.log(
            "decide",
            seat,
            f"{name} has decided",
            f"{name} decides to {self.words[i]} (secretly)",
            (seat,),
        )
        waiting = state.to_move
        k = waiting.index(seat)
        state.to_move = waiting[:k] + waiting[k + 1 :]
        if not state.to_move:
            self.done(state)

    def why(self, state: Any, act: Action, seat: int) -> str:
        if state.choices[seat] != UNDECIDED and act in self.index:
            return "you have already decided, and a secret choice cannot be taken back"
        listed = " or ".join(f"'{w}'" for w in self.words)
        return f"now everyone decides at once whether to {self.what}: say {listed}"

    def decided(self, state: Any, seat: int) -> bool:
        return bool(state.choices[seat] != UNDECIDED)

    def word(self, state: Any, seat: int) -> str:
        """``seat``'s word ("" while undecided): read it only once it may be known."""
        i = state.choices[seat]
        return "" if i == UNDECIDED else self.words[i]

    def revealed(self, state: Any) -> dict[str, tuple[int, ...]]:
        """The seats that picked each word, in seat order (after every seat has picked)."""
        return {
            w: tuple(s for s, c in enumerate(state.choices) if c == i)
            for i, w in enumerate(self.words)
        }


__all__ = ["UNDECIDED", "SecretChoice"]
