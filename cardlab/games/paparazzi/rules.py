"""Paparazzi's rules: options, the layout, placing, drawing and the scoring of majorities.

The rules in words are in :mod:`cardlab.games.paparazzi`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...core.actions import Action, action
from ...core.cards import CARDS, SUIT_SYMBOLS, Card
from ...core.errors import WorldError
from ...core.observation import Observation, Zone
from ...core.options import Options, option
from ...core.phases import Phase
from ...core.spec import Game
from ...core.state import State
from ...rules.boards import spaced_grid
from ...rules.deals import DealRule, pile
from ...rules.worlds import deal_action, replay, resume, retry

#: The layout: 2 rows of 6 celebrities, a space between neighbours and a ring around.
GRID, CELEB_CELLS, SPACE_CELLS = spaced_grid(2, 6)
CELEBS = len(CELEB_CELLS)
SPACES = len(SPACE_CELLS)
#: Each space's name (``a2``) and each celebrity position's name (``b2``).
SPACE_NAMES: tuple[str, ...] = tuple(GRID.names[i] for i in SPACE_CELLS)
CELEB_NAMES: tuple[str, ...] = tuple(GRID.names[i] for i in CELEB_CELLS)
SPACE_OF: dict[str, int] = {n: k for k, n in enumerate(SPACE_NAMES)}
_CELEB_AT = {cell: k for k, cell in enumerate(CELEB_CELLS)}
#: For each space, the celebrity positions (0-11, reading order) orthogonally next to it.
NEXT_TO: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_CELEB_AT[n] for n in GRID.neighbours()[cell] if n in _CELEB_AT))
    for cell in SPACE_CELLS
)
#: For each celebrity position, the spaces next to it.
AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(sp for sp in range(SPACES) if k in NEXT_TO[sp]) for k in range(CELEBS)
)

#: The twelve celebrities: every Jack, Queen and King.
PICTURES: tuple[Card, ...] = tuple(c for c in CARDS[:52] if c.rank >= 11)
PICTURE_MASK = sum(1 << c.index for c in PICTURES)
#: What taking a celebrity scores, by rank: King 5, Queen 4, Jack 3.
CELEB_POINTS = {13: 5, 12: 4, 11: 3}
#: The set bonus for holding two or three celebrities of one suit.
SET_BONUS = {2: 2, 3: 3}
#: Each seat's suit: ♠, ♥, ♦, ♣ in seat order (suit indices of :data:`CARDS`).
SEAT_SUITS = (3, 2, 1, 0)
#: Pips by card index (Ace 1) and suit by card index.
PIPS = tuple(c.rank for c in CARDS)
SUIT = tuple(c.suit for c in CARDS)
#: ``PLACE[card][space]``: the action laying ``card`` in ``space``.
PLACE: dict[int, tuple[Action, ...]] = {
    c.index: tuple(action(f"place {c.code} {n}") for n in SPACE_NAMES)
    for c in CARDS[:52]
    if c.rank <= 10
}


def lowest_rank(players: int) -> int:
    """The lowest card of each personal deck: Ace with 2 players, 2 with 3, 3 with 4."""
    return players - 1


def personal_deck(seat: int, players: int) -> tuple[Card, ...]:
    """The cards of ``seat``'s personal deck, lowest first (its suit, from
    :func:`lowest_rank` up to 10)."""
    suit = SEAT_SUITS[seat]
    return tuple(CARDS[suit * 13 + r - 1] for r in range(lowest_rank(players), 11))


def deal_cards(game: Game) -> tuple[Card, ...]:
    """The cards of a deal: the celebrities, then each seat's personal deck."""
    n = game.players
    return PICTURES + tuple(c for s in range(n) for c in personal_deck(s, n))


@dataclass(frozen=True)
class PaparazziOptions(Options):
    """Paparazzi's options."""

    first_player: int = option(0, "seat that places first (the youngest player)", min=0, max=3)


Pips = list[list[int]] | tuple[tuple[int, ...], ...]


def taker(pips: Pips, k: int) -> int:
    """The seat with strictly the most pips beside celebrity ``k``, else -1 (a tie, or no
    card beside it)."""
    best, who = 0, -1
    for s, row in enumerate(pips):
        p = row[k]
        if p > best:
            best, who = p, s
        elif p == best:
            who = -1
    return who


def majorities(pips: Pips) -> list[int]:
    """Who takes each celebrity: ``pips[seat][k]`` are the pips seat has next to
    celebrity ``k``; the seat with strictly the most takes it, else nobody (-1)."""
    return [taker(pips, k) for k in range(CELEBS)]


#: What taking a celebrity scores, by card index (0 for other cards).
CELEB_VALUE = tuple(CELEB_POINTS.get(c.rank, 0) for c in CARDS)


def points_from(celebs: list[int] | tuple[int, ...], takers: list[int], players: int) -> list[int]:
    """Each seat's points from who takes each celebrity (the sum of
    :func:`score_lines`, worked out without the words)."""
    pts = [0] * players
    counts = [[0, 0, 0, 0] for _ in range(players)]
    for k, who in enumerate(takers):
        if who >= 0:
            c = celebs[k]
            pts[who] += CELEB_VALUE[c]
            counts[who][SUIT[c]] += 1
    for s in range(players):
        for n in counts[s]:
            if n >= 2:
                pts[s] += SET_BONUS[n]
    return pts


def score_lines(celebs: list[int], takers: list[int], players: int) -> list[list[tuple[int, str]]]:
    """Each seat's points as (points, reason) lines: the celebrities it takes and its set
    bonuses (two of a suit +2, three +3 in place of +2)."""
    lines: list[list[tuple[int, str]]] = [[] for _ in range(players)]
    for s in range(players):
        by_suit = [0, 0, 0, 0]
        for k, who in enumerate(takers):
            if who == s:
                card = CARDS[celebs[k]]
                lines[s].append((CELEB_POINTS[card.rank], f"takes {card.text}"))
                by_suit[card.suit] += 1
        for suit in (3, 2, 1, 0):
            bonus = SET_BONUS.get(by_suit[suit], 0)
            if bonus:
                lines[s].append((bonus, f"{by_suit[suit]} {SUIT_SYMBOLS[suit]} celebrities"))
    return lines


def points_of(celebs: list[int] | tuple[int, ...], pips: Pips) -> list[int]:
    """Each seat's points if the game ended with these pips."""
    return points_from(celebs, majorities(pips), len(pips))


class PaparazziState(State):
    """A game of Paparazzi.

    ``celebs[k]`` is the card index of the celebrity at position ``k`` (reading order),
    ``spaces[i]`` the card in space ``i`` (-1: free), ``hands[s]`` and ``decks[s]`` seat
    ``s``'s hand and personal deck (next card last), ``pips[s][k]`` the pips seat ``s``
    has next to celebrity ``k``, ``laid`` the cards laid so far.
    """

    __slots__ = ("celebs", "decks", "figures", "hands", "laid", "per_seat", "pips", "spaces")

    DEAL = DealRule(pile("celebs", CELEBS, only=PICTURE_MASK), pile("decks"), cards=deal_cards)

    celebs: list[int]
    spaces: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    pips: list[list[int]]
    laid: int
    per_seat: int
    #: The seats' public figures, kept for the position they were worked out for.
    figures: tuple[tuple[int, int], list[dict[str, int]]]

    def reset_hand(self) -> None:
        n = self.players
        self.celebs = []
        self.spaces = [-1] * SPACES
        self.hands = [[] for _ in range(n)]
        self.decks = [[] for _ in range(n)]
        self.pips = [[0] * CELEBS for _ in range(n)]
        self.laid = 0
        self.per_seat = 11 - lowest_rank(n)
        self.figures = ((-1, -1), [])

    @property
    def first(self) -> int:
        return int(self.options.first_player)

    def on_deal(self, dealt: Any) -> None:
        self.reset_hand()
        self.celebs = dealt.indices("celebs")
        self.log(
            "deal",
            None,
            "The twelve celebrities are laid out in two rows of six: "
            + " ".join(f"{CELEB_NAMES[k]} {CARDS[c].text}" for k, c in enumerate(self.celebs)),
            cards=tuple(CARDS[c] for c in self.celebs),
        )
        n = self.players
        for s in range(n):
            suit = SEAT_SUITS[s]
            # the personal deck in the order dealt, the first card on top
            order = [i for i in dealt.indices("decks") if SUIT[i] == suit]
            hand = order[:3]
            self.hands[s] = hand
            self.decks[s] = order[:2:-1]
            name = self.names[s]
            shown = " ".join(CARDS[i].text for i in hand)
            self.log(
                "draw",
                s,
                f"{name} shuffles a {SUIT_SYMBOLS[suit]} deck of {len(order)} and draws three",
                f"{name} shuffles a {SUIT_SYMBOLS[suit]} deck of {len(order)} and draws {shown}",
                (s,),
                hidden=tuple(CARDS[i] for i in hand),
            )
        self.phase = self.PLAY
        self.to_move = (self.first,)

    # ------------------------------------------------------------ placing
    def _legal(self, seat: int) -> tuple[Action, ...]:
        free = [sp for sp in range(SPACES) if self.spaces[sp] < 0]
        out: list[Action] = []
        for c in sorted(self.hands[seat]):
            row = PLACE[c]
            out += [row[sp] for sp in free]
        return tuple(out)

    def _place(self, act: Action, seat: int) -> None:
        card = act.cards[0].index
        sp = SPACE_OF[act.args[1]]
        self.hands[seat].remove(card)
        self.spaces[sp] = card
        pips = self.pips[seat]
        p = PIPS[card]
        for k in NEXT_TO[sp]:
            pips[k] += p
        self.laid += 1
        name = self.names[seat]
        beside = " and ".join(CARDS[self.celebs[k]].text for k in NEXT_TO[sp])
        self.log(
            "place",
            seat,
            f"{name} places {CARDS[card].text} at {SPACE_NAMES[sp]}, next to {beside}",
            cards=(CARDS[card],),
            cell=SPACE_NAMES[sp],
        )
        deck = self.decks[seat]
        if deck:
            drawn = deck.pop()
            self.hands[seat].append(drawn)
            self.log(
                "draw",
                seat,
                f"{name} draws a card",
                f"{name} draws {CARDS[drawn].text}",
                (seat,),
                hidden=(CARDS[drawn],),
            )
        if self.laid == self.per_seat * self.players:
            self._score()
            return
        self.to_move = ((seat + 1) % self.players,)

    def _why(self, act: Action, seat: int) -> str:
        if act.verb != "place" or len(act.args) != 2 or len(act.cards) != 1:
            return "place a card from your hand in a free space: 'place 7S c2'"
        card = act.cards[0]
        if card.index not in self.hands[seat]:
            return f"{card.text} is not in your hand"
        where = act.args[1]
        if where in CELEB_NAMES:
            return f"{where} holds a celebrity: cards go in the spaces next to them"
        sp = SPACE_OF.get(where, -1)
        if sp < 0:
            return (
                f"{where!r} is no space: a space lies next to one or two celebrities, "
                "such as a2, b1 or b3 (columns a-m, rows 1-5)"
            )
        return f"{where} already holds {CARDS[self.spaces[sp]].text}"

    def _score(self) -> None:
        self.to_move = ()
        takers = majorities(self.pips)
        for k, who in enumerate(takers):
            card = CARDS[self.celebs[k]]
            counts = " · ".join(f"{self.names[s]} {self.pips[s][k]}" for s in range(self.players))
            if who >= 0:
                text = f"{self.names[who]} snaps {card.text} at {CELEB_NAMES[k]} ({counts})"
            else:
                text = f"Nobody snaps {card.text} at {CELEB_NAMES[k]}: a tie ({counts})"
            self.log("snap", who if who >= 0 else None, text, cards=(card,), cell=CELEB_NAMES[k])
        for s, lines in enumerate(score_lines(self.celebs, takers, self.players)):
            for pts, reason in lines:
                self.award(s, pts, reason)
        self.end_hand("The last card is laid")

    def game_over(self) -> bool:
        return True

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        if not self.celebs:
            return {"leading": 0, "secured": 0, "points now": 0}
        key = (self.hand_number, self.laid)
        if self.figures[0] != key:
            from .analysis import secured_counts

            takers = majorities(self.pips)
            now = points_of(self.celebs, self.pips)
            secured = secured_counts(self.position())
            self.figures = (
                key,
                [
                    {
                        "leading": sum(1 for t in takers if t == s),
                        "secured": secured[s],
                        "points now": now[s],
                    }
                    for s in range(self.players)
                ],
            )
        return dict(self.figures[1][seat])

    def position(self) -> Any:
        """The public position (:class:`~cardlab.games.paparazzi.analysis.Position`)."""
        from .analysis import Position

        return Position(
            self.players,
            tuple(self.celebs),
            tuple(self.spaces),
            tuple(map(tuple, self.pips)),
            tuple(tuple(h + d) for h, d in zip(self.hands, self.decks, strict=True)),
        )

    def board_zone(self) -> Zone:
        """The layout: the celebrities and every card laid, on the spaced grid."""
        stacks: list[list[Card]] = [[] for _ in range(len(GRID))]
        for k, c in enumerate(self.celebs):
            stacks[CELEB_CELLS[k]] = [CARDS[c]]
        for sp, c in enumerate(self.spaces):
            if c >= 0:
                stacks[SPACE_CELLS[sp]] = [CARDS[c]]
        return GRID.zone("board", stacks)

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones: list[Zone] = [self.board_zone()]
        for s in range(self.players):
            hand = [CARDS[i] for i in sorted(self.hands[s])]
            zones.append(Zone("hand", s, view.held(hand, view.seat == s), "hand"))
            # the next card lies on top (last); only its back shows
            deck = [CARDS[i] for i in self.decks[s]]
            zones.append(Zone("deck", s, view.stack(deck), "pile"))
        info = {"free spaces": SPACES - self.laid, "cards laid": self.laid}
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world the seat cannot tell from the game: the layout and every card laid are
        public; each seat's personal deck is rebuilt from what the viewer knows of it.

        The viewer's own deck is known as far as it has drawn (the rest shuffled).  For
        another seat, its hand is drawn at random from its cards not yet laid, and its
        draws are rebuilt backwards: before each card it laid, the card it drew next is
        one of the cards it held after.  Every world so built replays the history."""
        return retry(_build, game, obs, rng)

    # -------------------------------------------------------------- phases
    PLAY = Phase(
        "place",
        _legal,
        _place,
        _why,
        lambda st, seat: "Place a card from your hand in a free space next to a celebrity",
    )


def _build(game: Game, obs: Observation, rng: random.Random) -> State:
    world = resume(game, obs)
    n = game.players
    deal = next((e for e in obs.history if e.kind == "deal"), None)
    if deal is None:
        return world
    celebs = [c.index for c in deal.cards]
    per_seat = 11 - lowest_rank(n)
    known: list[list[int] | None] = [None] * n
    laid: list[list[int]] = [[] for _ in range(n)]
    for e in obs.history:
        if e.kind == "draw" and e.seat is not None and e.hidden:
            known[e.seat] = (known[e.seat] or []) + [c.index for c in e.hidden]
        elif e.kind == "place" and e.seat is not None:
            laid[e.seat].append(e.cards[0].index)
    decks: list[int] = []
    for s in range(n):
        own = [c.index for c in personal_deck(s, n)]
        prefix = known[s]
        if prefix is None:
            prefix = _rebuilt(own, laid[s], per_seat, rng)
        rest = [c for c in own if c not in prefix]
        rng.shuffle(rest)
        decks += prefix + rest
    chance = [deal_action(world, {("celebs", None): celebs, ("decks", None): decks})]
    replay(world, obs, chance=chance)
    return world


def _rebuilt(own: list[int], laid: list[int], size: int, rng: random.Random) -> list[int]:
    """A deck order, top first as far as it has been drawn, in which ``laid`` could have
    been laid in turn from a hand of three topped up after each card."""
    m = len(laid)
    unseen = [c for c in own if c not in laid]
    hand = rng.sample(unseen, min(3, size - m))
    drawn: list[int] = []
    for k in range(m - 1, -1, -1):
        if k < size - 3:
            # after laying card k the seat drew one of the cards it held next
            d = hand[rng.randrange(len(hand))]
            hand.remove(d)
            drawn.append(d)
        hand.append(laid[k])
    if len(hand) != 3 and size >= 3:
        raise WorldError("a personal deck could not be rebuilt")
    drawn.reverse()
    return hand + drawn
