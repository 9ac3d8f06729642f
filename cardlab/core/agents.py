"""Agents choose actions from observations only, so they never see hidden cards."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from .actions import Action
from .observation import Observation

F = TypeVar("F", bound=Callable[..., Action])


class Agent:
    """Base class: an agent for one seat with its own random stream.

    Subclasses implement ``act``.  ``reset`` is called at the start of each game.
    """

    name: ClassVar[str] = "agent"

    def __init__(self, seat: int, seed: int | str = 0) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(f"agent/{self.name}/{seed}/{seat}")

    def act(self, obs: Observation) -> Action:
        raise NotImplementedError

    def bind(self, game: Any) -> None:
        """Learn the public rules (the ``Game``); most bots need
        only their observations."""

    def explain(self, obs: Observation, act: Action) -> str:
        """Why this agent plays ``act`` here, in a sentence ("" when it can't say)."""
        return ""

    def reset(self) -> None:
        self.rng = random.Random(f"agent/{self.name}/{self.seed}/{self.seat}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        return obs.legal[self.rng.randrange(len(obs.legal))]


class FirstAgent(Agent):
    """Always plays the first legal action (handy for deterministic tests)."""

    name = "first"

    def act(self, obs: Observation) -> Action:
        return obs.legal[0]


def on(*phases: str, why: str = "") -> Callable[[F], F]:
    """Mark a :class:`PhaseBot` method as the handler of ``phases``.

    ``why`` is its rule of thumb in plain words, the reason a hint gives for its choice.
    """

    def mark(fn: F) -> F:
        fn._phases = phases  # type: ignore[attr-defined]
        fn._why = why  # type: ignore[attr-defined]
        return fn

    return mark


class PhaseBot(Agent):
    """A bot that dispatches on the phase, as the rules do.

    Methods marked ``@on("pass")`` handle that phase; a forced action (the only legal one)
    is played without asking; a phase without a handler plays its first legal action.
    """

    handlers: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = dict(cls.handlers)
        for name, fn in vars(cls).items():
            for phase in getattr(fn, "_phases", ()):
                table[phase] = name
        cls.handlers = table

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        name = self.handlers.get(obs.phase)
        if name is None:
            return legal[0]
        chosen: Action = getattr(self, name)(obs)
        return chosen

    def explain(self, obs: Observation, act: Action) -> str:
        """The rule of thumb of the phase's handler (or: it is the only legal move)."""
        if len(obs.legal) == 1:
            return "it is the only legal move"
        name = self.handlers.get(obs.phase)
        return str(getattr(getattr(self, name), "_why", "")) if name else ""
