"""Refusals the games leave to the core still say what was wrong and what is allowed."""

from __future__ import annotations

import pytest

import cardlab


@pytest.fixture
def passing() -> cardlab.Match:
    m = cardlab.Match("hearts", seed=1, agents=[None, "heuristic", "heuristic", "heuristic"])
    m.run()
    assert m.state.phase == "pass"
    return m


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass ZZ", "'zz' is not a card: write a rank"),
        ("pass", "say which card, e.g. 'pass "),
        ("draw stock", "'draw' is not an action North can take now; the pass phase allows 'pass'"),
        ("play 2C", "'play' is not an action North can take now; the pass phase allows 'pass'"),
        ("none", "'none' is not an action North can take now"),
    ],
)
def test_generic_reasons(passing: cardlab.Match, text: str, expected: str) -> None:
    before = passing.observation(None)
    with pytest.raises(cardlab.IllegalActionError) as info:
        passing.play(text)
    assert info.value.reason.startswith(expected)
    assert info.value.legal == tuple(passing.legal_actions())
    assert passing.observation(None) == before
