"""Independent oracles for the conformance tests.

A :class:`VisibilityOracle` follows a game from its deals and its actions only (never from
the game's observation code) and keeps, for the current hand:

* ``seen[seat]``: every card face that seat has legitimately seen,
* ``public``: every face the whole table (and a spectator) has seen,
* ``locations``: where each card physically lies, zone by zone, so the tests can check that
  cards are conserved and that the teacher view agrees with the oracle's model,
* ``off_table``: cards that are still in play but that no zone shows card by card (Hearts:
  the plain cards of the tricks already won).

What becomes visible is written out per game, from the rules:

Hearts
    a seat sees its 13 dealt cards; the three cards it receives once every seat has chosen
    its pass (not before); every card played to a trick (public).  The 2♣ counts as public
    once play starts, since its holder must lead it at once (saying who holds it tells
    nothing).  Nothing else: the cards another seat chose to pass stay hidden from everyone
    but the passer and, after the exchange, the receiver.

Gin Rummy
    a seat sees its 10 dealt cards and every card it draws from the stock (private); the
    upcard, every discard and every upcard taken are public; when a hand ends by a knock or
    gin both hands are shown; the card the knocker discarded face down stays known to the
    knocker alone.  A void hand (the stock ran down) shows nothing.

Card faces are read from observation values recursively and from event texts with
:func:`cards_in_text`.

Besides card faces an oracle says what else the conformance suite must know of its game:

* ``hand_step_bound`` and ``game_step_bound``: the steps within which random play ends a
  hand and a game (a long Canasta hand needs more than a Hearts hand);
* :meth:`VisibilityOracle.secrets`: secrets that are not card faces (a role, a chosen
  signal before the reveal, what a scouted stack holds), as texts or patterns that must
  not reach a seat's observation (values, prompt, legal actions, history);
* :meth:`VisibilityOracle.secret_group`: actions the other seats may not tell apart when
  a seat takes one (by default any choice made while several seats choose at once);
* ``random_weights``: how often random play picks an action, by verb, so that an action
  ending the game at once (an accusation, calling the game off) does not end nearly
  every random game on its first move.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_card
from cardlab.core.observation import Back, Peek, Zone

#: A card written for people: rank (2-10, J, Q, K, A) and suit symbol, ``'`` for a 2nd copy.
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])('?)")

Location = tuple[str, int | str | None]  # (zone name, owner: a seat, team_key(side) or None)
#: A secret as :meth:`VisibilityOracle.secrets` gives it: a text or a pattern.
Secret = str | re.Pattern[str]


def team_key(team: int) -> str:
    """The owner part of the :data:`Location` of a zone owned by side ``team``."""
    return f"team {team}"


def texts_in_value(value: Any) -> list[str]:
    """Every text inside an observation value (recursively), dict keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Card | Back | Peek) or value is None:
        return []
    if isinstance(value, bool | int | float):
        return [str(value)]
    if isinstance(value, Zone):
        return [value.label, *texts_in_value(value.cards)]
    if isinstance(value, Mapping):
        return [t for k, v in value.items() for t in texts_in_value(k) + texts_in_value(v)]
    if isinstance(value, Iterable):
        return [t for v in value for t in texts_in_value(v)]
    return [str(value)]


def secrets_in(texts: Iterable[str], secrets: Iterable[Secret]) -> list[str]:
    """The secrets (texts or patterns) found in any of ``texts``."""
    found = []
    texts = list(texts)
    for secret in secrets:
        if isinstance(secret, str):
            hit = any(secret in t for t in texts)
        else:
            hit = any(secret.search(t) for t in texts)
        if hit:
            found.append(secret if isinstance(secret, str) else secret.pattern)
    return found


def cards_in_text(text: str) -> set[Card]:
    """Card faces named in a text such as ``"North passes Q♠ 10♥ 2♣ to East"``."""
    return {parse_card("".join(m.groups())) for m in CARD_TEXT.finditer(text)}


def cards_in_value(value: Any) -> set[Card]:
    """Card faces shown anywhere inside an observation value (recursively)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Peek):
        return {value.card}
    if isinstance(value, Back) or value is None or isinstance(value, bool | int | float):
        return set()
    if isinstance(value, Zone):
        return cards_in_value(value.cards) | cards_in_text(value.label)
    if isinstance(value, Action):
        return set(value.cards) | cards_in_text(str(value))
    if isinstance(value, str):
        return cards_in_text(value)
    if isinstance(value, Mapping):
        out: set[Card] = set()
        for k, v in value.items():
            out |= cards_in_value(k) | cards_in_value(v)
        return out
    if isinstance(value, Iterable):
        out = set()
        for v in value:
            out |= cards_in_value(v)
        return out
    return set()


def peeks_in_value(value: Any) -> list[Peek]:
    """Every :class:`Peek` inside an observation value (recursively)."""
    if isinstance(value, Peek):
        return [value]
    if isinstance(value, Zone):
        return peeks_in_value(value.cards)
    if isinstance(value, str | bytes | Card | Back):
        return []
    if isinstance(value, Mapping):
        return [p for k, v in value.items() for p in peeks_in_value(k) + peeks_in_value(v)]
    if isinstance(value, Iterable):
        return [p for v in value for p in peeks_in_value(v)]
    return []


class VisibilityOracle:
    """Base class: per-hand knowledge of each seat, rebuilt from deals and actions."""

    #: Option sets the conformance tests cover besides the defaults.
    extra_options: ClassVar[list[dict[str, Any]]] = []
    #: Zones whose cards are the physical cards (others repeat them, e.g. Hearts' "taken").
    physical_zones: ClassVar[set[str]] = set()
    #: Zones counted together as one place, whoever owns them: ``{"melds": "spread"}``
    #: puts every card of every ``melds`` zone at ``("spread", None)``.
    merged_zones: ClassVar[dict[str, str]] = {}
    #: Random play (some seats by the heuristic bot) ends every hand within this many
    #: steps, and every game within ``game_step_bound``.
    hand_step_bound: ClassVar[int] = 1_000
    game_step_bound: ClassVar[int] = 1_000_000
    #: How often random play picks an action, by verb, against 1 for the others: 0.05
    #: makes it twenty times rarer; 0 holds it back while any other action is legal.
    random_weights: ClassVar[dict[str, float]] = {}

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        self.players = players
        self.deck = deck
        self.hand = -1  # index of the current hand (deals seen so far - 1)
        self.seen: list[set[Card]] = [set() for _ in range(players)]
        self.public: set[Card] = set()
        self.off_table: set[Card] = set()

    # ----------------------------------------------------------- follow play
    def step(self, seat: int | None, act: str) -> None:
        """Follow one step of the history: a deal (``seat`` None) or a seat's action."""
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None:
            self.hand += 1
            self.seen = [set() for _ in range(self.players)]
            self.public = set()
            self.off_table = set()
            self.deal(list(a.cards))
        else:
            self.act(seat, a)

    def deal(self, cards: list[Card]) -> None:
        raise NotImplementedError

    def act(self, seat: int, a: Action) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------- queries
    def secrets(self, viewer: int | str) -> Iterable[Secret]:
        """Secrets other than card faces that ``viewer`` (a seat or ``"spectator"``) may
        not know now, as texts or patterns that must appear nowhere in its observation:
        a role (``"West is the turncoat"``), a signal chosen and not yet revealed.  None
        by default."""
        return ()

    def secret_group(self, seat: int, a: Action, simultaneous: bool) -> Hashable | None:
        """The group of ``seat``'s actions that the other seats may not tell apart when it
        takes ``a`` (which card it gives, which signal it shows), or None when taking
        ``a`` may show what it is.

        The conformance suite applies other actions of the same group in its place and
        checks that every other seat's observation stays the same whichever is taken,
        until the choices are revealed (the phase moves on or another seat is asked).
        By default every action taken while several seats choose at once is one group.
        """
        return "choice" if simultaneous else None

    def visible_to(self, viewer: int | str) -> set[Card]:
        """Faces ``viewer`` (a seat or ``"spectator"``) may see now."""
        if isinstance(viewer, int):
            return self.seen[viewer] | self.public
        return set(self.public)

    def locations(self) -> dict[Location, set[Card]]:
        """Where each card lies now, by (zone name, owner)."""
        raise NotImplementedError

    def _reveal(self, cards: Iterable[Card]) -> None:
        self.public |= set(cards)

    def _unknown(self, a: Action) -> AssertionError:
        return AssertionError(
            f"tests/oracles/ does not know the {type(self).__name__} action {str(a)!r}: "
            "teach the oracle what it reveals"
        )
