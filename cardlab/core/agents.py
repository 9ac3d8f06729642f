"""Agents choose actions from observations only, so they never see hidden cards."""

from __future__ import annotations

import random
from typing import ClassVar

from .actions import Action
from .observation import Observation


class Agent:
    """Base class: an agent for one seat with its own random stream.

    Subclasses implement :meth:`act`.  ``reset`` is called at the start of each game.
    """

    name: ClassVar[str] = "agent"

    def __init__(self, seat: int, seed: int | str = 0) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(f"agent/{self.name}/{seed}/{seat}")

    def act(self, obs: Observation) -> Action:
        raise NotImplementedError

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
