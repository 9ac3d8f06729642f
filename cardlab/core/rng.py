"""Seeded random streams: each chance event of a match has its own."""

from __future__ import annotations

import random


def chance_rng(seed: int | str, k: int) -> random.Random:
    """The generator for the ``k``-th chance event of a match seeded with ``seed``.

    String seeding hashes with SHA-512, so streams are the same on every machine and
    every run, and undoing or replaying a match redraws exactly the same cards.
    """
    return random.Random(f"cardlab/{seed}/{k}")
