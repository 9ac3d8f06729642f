"""Jupyter widgets (need the ``notebook`` extra: ``pip install cardlab[notebook]``).

:class:`Table` shows any cardlab game on a card table: play your seat against bots,
switch the viewpoint, step through the match and replay it.
"""

from __future__ import annotations

from .table import Table

__all__ = ["Table"]
