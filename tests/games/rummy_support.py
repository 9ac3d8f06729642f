"""Checks shared by the Gin Rummy and Bourbon scenario tests."""

from __future__ import annotations

import pytest

import cardlab
from cardlab import IllegalActionError


def reason(m: cardlab.Match, act: str) -> str:
    """Try an illegal action; check it raises and changes nothing; return the reason."""
    st0 = m.state
    before = (st0.observation(None), len(st0.events), len(m.history), st0.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        m.play(act)
    st1 = m.state
    assert (st1.observation(None), len(st1.events), len(m.history), st1.legal_actions()) == before
    return info.value.reason


def codes(cards: object) -> set[str]:
    return {c.code for c in cards}  # type: ignore[attr-defined]
