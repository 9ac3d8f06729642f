"""Hole cards that follow suit by their back, and how often their face is of another suit.

With Foresight backs a hole card whose back prints the suit led may count as following suit,
whatever its face (see RULINGS.md, "Foresight").  These tallies look at the true faces
after the fact, over seeded hands between bots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import SUIT_SYMBOLS, Card, design_suits
from ..core.match import Agents, Match
from ..core.observation import Observation, Peek
from ..core.state import Game

if TYPE_CHECKING:
    import pandas as pd


def _suit_of_text(text: object) -> int | None:
    if isinstance(text, Card):
        return None if text.is_joker else text.suit
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 0 <= text < 4 else None
    if not isinstance(text, str):
        return None
    mask = design_suits(text)
    if not mask:
        for ch in text.upper():
            if ch in "CDHS":
                mask |= 1 << "CDHS".index(ch)
    return mask.bit_length() - 1 if mask.bit_count() == 1 else None


def _led_suit(obs: Observation) -> int | None:
    """The suit led to the current trick (``None`` before the lead)."""
    try:
        trick = obs.zone("trick")
    except KeyError:
        return None
    if not trick.cards:
        return None
    led = _suit_of_text(obs.info.get("led"))
    if led is not None:
        return led
    first = trick.cards[0]
    card = first.card if isinstance(first, Peek) else first
    if not isinstance(card, Card):
        return None
    if card.is_joker:
        return _suit_of_text(obs.info.get("trump"))
    return card.suit


def _face_suit(card: Card, obs: Observation) -> int | None:
    """The suit a played card belongs to: a Joker belongs to the trump suit."""
    return _suit_of_text(obs.info.get("trump")) if card.is_joker else card.suit


def hole_follow_plays(
    game: str | Game,
    *,
    hands: int = 20,
    seed: int | str = 0,
    agents: Agents = "random",
    players: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Every hole card played to a trick whose back shows the suit led.

    Such a play may count as following suit whatever its face (see RULINGS.md,
    "Foresight"); it goes wrong when the face is not of the led suit.  This inspects the
    true faces, so it is an after-the-fact tally, not a player's view.  Hole-card plays
    are found by their events (a ``"play"`` event with ``from="hole"``), so any game
    with hole cards works, whatever its wording.

    Parameters
    ----------
    game : str or Game
        A game with hole cards.
    hands : int
        Hands to play (hand ``i`` is the first hand of a match seeded ``f"{seed}/{i}"``).
    seed
        As for ``entropy_over_hand``.
    agents
        As for ``entropy_over_hand``.
    players
        As for ``entropy_over_hand``.
    **options
        As for ``entropy_over_hand``.

    Returns
    -------
    pandas.DataFrame
        One row per such play: ``hand``, ``step``, ``seat``, ``card``, ``back``,
        ``suits`` (printed on the back), ``led`` (suit symbol), ``obliged`` (the seat
        held the led suit in hand, so the back is what made the play legal) and
        ``wrong`` (the face is not the led suit).
    """
    from ..core.optional import pandas as pd

    rows = []
    for i in range(hands):
        m = Match(game, seed=f"{seed}/{i}", agents=agents, players=players, **options)
        deck = m.game.deck
        first = m.state.hand_number
        for step in range(5000):
            st = m.state
            if st.terminal or st.hand_number != first:
                break
            if st.chance is not None:
                m.step()
                continue
            before = st.observation(None)
            led = _led_suit(before)
            seen = len(st.events)
            if m.step() is None:
                raise RuntimeError("every seat needs an agent")
            if led is None:
                continue
            for e in m.state.events[seen:]:
                if e.kind != "play" or e.get("from") != "hole" or not e.cards:
                    continue
                card, seat = e.cards[0], e.seat
                back = deck.back_suits(card)
                if seat is None or not back >> led & 1:
                    continue
                hand = [z for z in before.zones if z.name == "hand" and z.owner == seat]
                obliged = any(c.suit == led for z in hand for c in z.faces)
                rows.append(
                    {
                        "hand": i,
                        "step": step,
                        "seat": seat,
                        "card": card.text,
                        "back": deck.back_of(card),
                        "suits": back.bit_count(),
                        "led": SUIT_SYMBOLS[led],
                        "obliged": obliged,
                        "wrong": _face_suit(card, before) != led,
                    }
                )
        else:
            raise RuntimeError("a hand did not end in 5000 steps")
    cols = ["hand", "step", "seat", "card", "back", "suits", "led", "obliged", "wrong"]
    return pd.DataFrame(rows, columns=cols)


def hole_follow_rates(plays: pd.DataFrame, hands: int) -> pd.DataFrame:
    """How often following suit with a hole card goes wrong, overall and by rank class.

    Parameters
    ----------
    plays : pandas.DataFrame
        From ``hole_follow_plays``.
    hands : int
        How many hands ``plays`` covers (for the per-hand rate).

    Returns
    -------
    pandas.DataFrame
        Rows ``all``, ``obliged`` (plays the back made legal) and one per rank class
        (``suits`` 4, 3, 2, 1): ``plays``, ``wrong``, ``per_play`` (wrong / plays),
        ``per_hand`` (wrong plays per hand).
    """
    from ..core.optional import pandas as pd

    groups: list[tuple[str, pd.DataFrame]] = [
        ("all", plays),
        ("obliged", plays[plays["obliged"]]),
    ]
    for cls in (4, 3, 2, 1):
        groups.append((f"{cls} suits", plays[plays["suits"] == cls]))
    rows = []
    for label, d in groups:
        n = len(d)
        w = int(d["wrong"].sum()) if n else 0
        rows.append(
            {
                "plays_of": label,
                "plays": n,
                "wrong": w,
                "per_play": w / n if n else float("nan"),
                "per_hand": w / hands if hands else float("nan"),
            }
        )
    return pd.DataFrame(rows)


__all__ = ["hole_follow_plays", "hole_follow_rates"]
