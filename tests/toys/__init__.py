"""Small games that exist only for the tests: each shows one piece of the engine at work.

``TOYS`` lists their specs; the conformance suite runs over them as over the real games.
They are registered (so replays load by name) but are not in ``cardlab.games.GAMES``.
"""

from __future__ import annotations

from cardlab.core.spec import GameSpec

from . import snake, standoff, vault

TOYS: list[GameSpec] = [snake.GAME, standoff.GAME, vault.GAME]

__all__ = ["TOYS"]
