"""Analyses of play read from structured events and observations.

* ``information``: how much a Foresight deck's backs tell: candidates and entropy of a back,
  of every card hidden from a seat and of each seat's holding, over a hand, and compared
  across each classic game and its Foresight rework;
* ``holes``: hole cards played to a trick because their back shows the suit led, and how
  often their face is of another suit;
* ``search``: the search bot's value of every legal move.

Every public name is importable from ``cardlab.analysis`` itself
(``from cardlab.analysis import move_values``).
"""

from __future__ import annotations

from .holes import hole_follow_plays, hole_follow_rates
from .information import (
    MODELS,
    Viewpoint,
    back_table,
    by_rank_class,
    candidates,
    compare_pairs,
    entropy,
    entropy_over_hand,
    hidden_cards,
    holdings,
    leak_by_class,
    leak_samples,
    leak_summary,
    pairs,
)
from .search import move_values

__all__ = [
    "MODELS",
    "Viewpoint",
    "back_table",
    "by_rank_class",
    "candidates",
    "compare_pairs",
    "entropy",
    "entropy_over_hand",
    "hidden_cards",
    "holdings",
    "hole_follow_plays",
    "hole_follow_rates",
    "leak_by_class",
    "leak_samples",
    "leak_summary",
    "move_values",
    "pairs",
]
