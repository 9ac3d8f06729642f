"""What the player sees in Frozen Novelty (see :mod:`oracles` for the protocol).

Written from the rules: the four Deck stacks are dealt face down (a deal lists them one
after another, each from its top card down).  A face becomes known, to the player and to
any onlooker alike, only when it is turned face up; a turned card never goes face down
again.  Slides carry face-down cards and show nothing; on the Hard levels a "try" moves
only when the move might be a legal build: some card printed with the moving card's back
is one rank below, and of the same suit as, some card printed with the target's back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card, get_deck

from .base import Location, VisibilityOracle

NAMES = [f"deck{i}" for i in range(1, 5)] + [f"up{i}" for i in range(1, 5)]
NAMES += [f"down{i}" for i in range(1, 5)]


class FrozenNoveltyOracle(VisibilityOracle):
    """Frozen Novelty: faces are public once turned up, never before."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"level": "very_easy"},
        {"level": "easy"},
        {"level": "hard"},
        {"level": "very_hard", "max_moves": 120},
    ]
    physical_zones: ClassVar[set[str]] = {*NAMES, *(f"foundation{s}" for s in range(1, 5))}

    def deal(self, cards: list[Card]) -> None:
        # Each stack bottom first; an entry is [card, face_up].
        self.stacks: dict[str, list[list[Any]]] = {n: [] for n in NAMES}
        for k in range(4):
            group = cards[13 * k : 13 * k + 13]
            self.stacks[NAMES[k]] = [[c, False] for c in reversed(group)]
        self.home: list[list[Card]] = [[], [], [], []]
        self.colours = False

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "turn":
            top = self.stacks[a.args[0]][-1]
            assert not top[1]
            top[1] = True
            self._reveal([top[0]])
        elif a.verb == "home":
            card = a.card
            for st in self.stacks.values():
                if st and st[-1][0] is card:
                    st.pop()
                    break
            else:
                raise AssertionError(f"{card} is not on top of a stack")
            self.home[card.suit].append(card)
        elif a.verb == "move":
            card = a.card
            for st in self.stacks.values():
                pos = next((i for i, e in enumerate(st) if e[0] is card), None)
                if pos is not None:
                    run = st[pos:]
                    del st[pos:]
                    self.stacks[a.args[1]].extend(run)
                    break
            else:
                raise AssertionError(f"{card} is not in the tableau")
        elif a.verb in ("slide", "try"):
            # "try" (backs hidden) moves only when the backs allow it; "slide" always moves.
            src, dst = self.stacks[a.args[0]], self.stacks[a.args[1]]
            moving = src[-1]
            assert not moving[1]
            if a.verb == "slide" or self._may_slide(moving[0], dst[-1][0]):
                dst.append(src.pop())
        elif a.verb == "stop":
            pass
        else:
            raise self._unknown(a)

    def _may_slide(self, moving: Card, target: Card) -> bool:
        deck = get_deck("foresight")
        mb, tb = deck.back_suits(moving), deck.back_suits(target)
        under = [c for c in self.deck if deck.back_suits(c) == mb]
        over = [c for c in self.deck if deck.back_suits(c) == tb]
        return any(x.suit == y.suit and y.rank == x.rank + 1 for x in under for y in over)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            (n, None): {e[0] for e in st} for n, st in self.stacks.items()
        }
        for s in range(4):
            out[f"foundation{s + 1}", None] = set(self.home[s])
        return out
