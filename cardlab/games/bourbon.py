"""Bourbon: a two-player Gin Rummy relative played with the Foresight deck.

Rules in short
--------------
Both players get ten cards.  Two more cards go face down beside the stock, so three
face-down cards are on offer (the one on the *left*, the top of the *stock* and the one
on the *right*); their Foresight backs tell which suits and which rank class each might
be.  The next card is turned face up: the *upcard*, top of the discard pile.

A turn is a draw (the upcard or any one of the three face-down cards; a side card that
is taken is replaced by the top of the stock) followed by a discard onto the pile.  The
upcard just taken may not go straight back.  Melds are sets (three or four of a rank) and
runs (three or more of a suit in sequence, Ace low, no K-A wrap).  Unmelded cards are
deadwood: Ace 1, number cards their pips, picture cards 10.

The opening is special: the non-dealer may take the upcard; if not, the dealer may; if
both decline, the non-dealer draws one of the face-down cards.  Whoever draws then plays
on as usual.  When a turn would begin with fewer than three face-down cards, the hand is
cancelled: no score, next deal.

After drawing, a player with 10 or less deadwood may knock: discard as usual, then show
the hand.  With no deadwood at all that is *going bourbon*.  The opponent shows too and,
unless the knocker went bourbon, may lay cards off on the knocker's melds.

* The lower deadwood wins the difference.  A knocker whose deadwood is not lower is
  *undercut*: the defender gets the difference plus 10.
* Bourbon: the opponent's deadwood plus 20; a bourbon hand is never undercut.
* Every Jack, Queen or King a player melds or lays off earns that player 3 points,
  win or lose.

The first player to 150 wins.

Options
-------
============ =========== ==========================================================
option       default     meaning
============ =========== ==========================================================
target       150         the game ends when a total reaches this
hands        None        stop after this many hands (1 = a single hand)
first_dealer 0           seat that deals the first hand
deck         "foresight" the Foresight deck (or a Foresight table registered by the
                         user with ``register_foresight``)
============ =========== ==========================================================

Rulings
-------
* RULINGS.md: every face-down card that may be drawn is seen by its back, and a player
  chooses one of the three by position.  The picture bonus is paid to the player who put
  the card in a meld or laid it off, even in a hand that player lost.  When both players
  pass the target in one hand, the higher score of that hand decides, and on equal scores
  the knocker of that hand takes the game.
* The knock discard goes face up on the pile like any discard (the text says the knocker
  discards "as usual"); the upcard just taken may not be that discard either.
* With no deadwood after the discard the player must say ``bourbon``; ``knock`` needs at
  least 1 point of deadwood.
* A knocker whose deadwood merely equals the defender's is undercut (0 + 10 to the
  defender).
* Arrangements.  Both players first keep their deadwood as low as possible.  The
  defender, among its least-deadwood lay-offs and arrangements, melds or lays off as many
  picture cards as it can.  The knocker, among its least-deadwood arrangements, uses the
  one that is best for it in this hand's points (its points minus the defender's, the
  defender replying as just said), so its own picture bonus and what it leaves open to
  lay-offs both count.  Remaining ties go to the first arrangement of the meld search.
* A cancelled hand counts as a hand (for ``hands=N``) and the deal passes as usual.
* Winner: the first player to reach the target.  When both first reach it in the same
  hand, the RULINGS.md rule above applies.  With ``hands=N`` and nobody at the target,
  the higher total wins and equal totals share the win.
* Explicit deals list the cards in dealing order: ten for seat 0, ten for seat 1, the
  left and right face-down cards, the upcard, then the stock from the top down.

Actions
-------
Opening offer: ``draw upcard`` or ``pass``.  Draws: ``draw upcard``, ``draw left``,
``draw stock``, ``draw right``.  Then ``discard XX``, ``knock XX`` (discard XX and knock)
or ``bourbon XX`` (discard XX with no deadwood left).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, CardActions, action
from ..core.agents import Agent
from ..core.cards import CARDS, Card, cards_of, get_deck, parse_card, parse_cards
from ..core.events import Event
from ..core.observation import Back, Observation, Zone
from ..core.options import Options, option
from ..core.scoring import HandResult, ScoreLine
from ..core.state import GameSpec, State
from ..rules import melds as _m
from ..rules import rummy as _r
from ..rules.deals import seat_by_seat_deal
from ..rules.rummy import HAND_SIZE, UNDERCUT_BONUS

KNOCK_LIMIT = 10
MIN_FACE_DOWN = 3  # a turn needs this many face-down cards on offer
BOURBON_BONUS = 20
FACE_BONUS = 3  # per picture card a player puts in a meld or lays off
#: Every Jack, Queen and King.
FACES = sum(1 << (13 * s + k) for s in range(4) for k in (10, 11, 12))

DRAW_UPCARD = action("draw upcard")
DRAW_LEFT = action("draw left")
DRAW_STOCK = action("draw stock")
DRAW_RIGHT = action("draw right")
PASS = action("pass")
_OFFER = (DRAW_UPCARD, PASS)
_DRAW_ALL = (DRAW_UPCARD, DRAW_LEFT, DRAW_STOCK, DRAW_RIGHT)
_DRAW_DOWN = (DRAW_LEFT, DRAW_STOCK, DRAW_RIGHT)
BOURBON = CardActions("bourbon")
_VERBS = frozenset(("draw", "pass", "discard", "knock", "bourbon"))
SLOTS = ("left", "stock", "right")


# ------------------------------------------------------------ event texts
EventTable = list[list[Event]]
Events = tuple[EventTable, EventTable, dict[str, EventTable]]
# Keyed by the deck object too: a Foresight table registered again under the same name
# prints other backs.
_EVENTS: dict[tuple[tuple[str, ...], str], tuple[Any, Events]] = {}


def _events(names: tuple[str, ...], deck: Any) -> Events:
    """Immutable events for the common moves, built once per pair of names and deck.

    Returns the upcard-taking and discarding events by ``[seat][card]`` and the
    face-down draws by ``[position][seat][card]``.
    """
    key = (names, deck.name)
    cached = _EVENTS.get(key)
    if cached is not None and cached[0] is deck:
        return cached[1]
    seats = range(len(names))
    upcard, discard = _r.pile_events(names)
    down: dict[str, EventTable] = {}
    for where in SLOTS:
        said = "the top of the stock" if where == "stock" else f"the {where} face-down card"
        down[where] = [
            [
                Event(
                    "draw",
                    s,
                    f"{names[s]} draws {said} (back {deck.back_of(c)})",
                    f"{names[s]} draws {c.text}, {said}",
                    (s,),
                )
                for c in CARDS[:52]
            ]
            for s in seats
        ]
    ev: Events = (upcard, discard, down)
    _EVENTS[key] = (deck, ev)
    return ev


# ------------------------------------------------------------ options
@dataclass(frozen=True)
class BourbonOptions(Options):
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    deck: str = option("foresight", "which Foresight deck's cards and backs to use")
    target: int = option(150, "the game ends when a total reaches this", min=1)


class Reveal(NamedTuple):
    """The open hands after a knock or bourbon."""

    kind: str  # "knock" or "bourbon"
    knocker: int
    melds: tuple[tuple[int, ...], tuple[int, ...]]  # per seat
    deadwood: tuple[int, int]  # masks per seat (after lay-offs)
    points: tuple[int, int]  # deadwood values per seat
    layoffs: tuple[tuple[int, int], ...]  # (knocker meld, defender cards laid on it)
    faces: tuple[int, int]  # picture cards melded or laid off, per seat (masks)


# ------------------------------------------------------------ state
class BourbonState(State):
    """A game of Bourbon in progress.  Hands are bitmasks of card indices.

    ``stock`` lists card indices bottom first (its top is ``stock[-1]``); ``side`` holds the
    left and right face-down cards; ``pile`` is the discard pile, the upcard last.
    """

    __slots__ = (
        "_ev",
        "bmask",
        "crossed",
        "declined",
        "final_note",
        "hands",
        "kmask",
        "knockers",
        "pile",
        "reveal",
        "side",
        "stock",
        "taken",
        "turns",
    )

    hands: list[int]
    stock: list[int]
    side: list[int]
    pile: list[int]
    taken: int  # the upcard taken this turn (-1: none)
    declined: bool  # both players passed the opening upcard: this draw is face down
    kmask: int  # cards the player may knock with (-1: not computed yet)
    bmask: int  # cards the player may go bourbon with
    reveal: Reveal | None
    knockers: list[int]  # per hand: who knocked (-1: cancelled)
    crossed: list[int]  # per seat: hand in which it first reached the target (-1: not yet)
    final_note: str
    turns: int
    _ev: Events

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.knockers = []
        self.crossed = [-1, -1]
        self.final_note = ""
        self._ev = _events(self.names, game.deck)
        self._reset_hand()

    def _reset_hand(self) -> None:
        self.hands = [0, 0]
        self.stock = []
        self.side = [-1, -1]
        self.pile = []
        self.taken = -1
        self.declined = False
        self.kmask = -1
        self.bmask = 0
        self.reveal = None
        self.turns = 0

    # ------------------------------------------------------------- deal
    def _apply_chance(self, act: Action) -> None:
        self._reset_hand()
        self._ev = _events(self.names, self.game.deck)
        cards = act.cards
        self.hands = _r.deal_hands(cards)
        n = 2 * HAND_SIZE
        self.side = [cards[n].index, cards[n + 1].index]
        up = cards[n + 2]
        self.pile = [up.index]
        self.stock = [c.index for c in reversed(cards[n + 3 :])]
        self.chance = False
        self.phase = "offer"
        self.to_move = (1 - self.dealer,)
        self.log("deal", self.dealer, _r.deal_text(self.names, self.dealer, self.hand_number, up))

    @classmethod
    def deal_action(
        cls,
        game: Any,
        hands: Sequence[Any] | Mapping[int, Any],
        *,
        left: str | Card | None = None,
        right: str | Card | None = None,
        upcard: str | Card | None = None,
        stock: Sequence[Any] | str | None = None,
        rng: random.Random | None = None,
    ) -> Action:
        """A deal from hands given seat by seat; whatever is left out is dealt at random.

        ``hands`` is a list of two hands (or a dict seat -> hand), each a string such as
        ``"AS 2S 3S ..."`` or a list of cards, with up to 10 cards.  ``left`` and ``right``
        fix the two face-down cards beside the stock, ``upcard`` the face-up card and
        ``stock`` the top of the stock, the card on top first.
        """
        slots = [None if c is None else parse_card(c) for c in (left, right, upcard)]
        fixed = list(parse_cards(stock)) if stock is not None else []
        _r.check_stock(fixed, len(game.deck) - 2 * HAND_SIZE - 3)
        extra = [c for c in slots if c is not None] + fixed
        act = seat_by_seat_deal(game, hands, HAND_SIZE, rng, extra=extra)
        cards = list(act.cards)
        n = 2 * HAND_SIZE
        given = iter(cards[n : n + len(extra)])
        rest = iter(cards[n + len(extra) :])
        middle = [next(given) if c is not None else next(rest) for c in slots]
        order = [*cards[:n], *middle, *given, *rest]
        return Action.of("deal", order)

    # ------------------------------------------------------------ legal
    def _legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "discard":
            hand = self.hands[seat]
            ok = hand & ~(1 << self.taken) if self.taken >= 0 else hand
            km = self.kmask
            if km < 0:
                km = self._knock_masks(hand, ok)
            return _r.discard_actions(ok, km, self.bmask, BOURBON)
        if phase == "draw":
            return _DRAW_DOWN if self.declined or not self.pile else _DRAW_ALL
        if phase == "offer":
            return _OFFER
        return ()

    def _knock_masks(self, hand: int, ok: int) -> int:
        """Compute (once per discard phase) which discards allow a knock or bourbon."""
        km = _m.knock_discards(hand, KNOCK_LIMIT) & ok
        bm = _m.knock_discards(hand, 0) & ok if km else 0
        self.kmask = km
        self.bmask = bm
        return km

    def why_illegal(self, act: Action, seat: int) -> str:
        verb = act.verb
        phase = self.phase
        if phase == "offer":
            if verb == "draw" and act.args in (("left",), ("stock",), ("right",)):
                who = "non-dealer" if seat != self.dealer else "dealer"
                return (
                    f"on the first turn the {who} first says whether to take the upcard "
                    "('draw upcard' or 'pass'); the face-down cards come after both pass"
                )
            return "take the upcard ('draw upcard') or decline it ('pass')"
        if phase == "draw":
            if verb == "pass":
                return "you must draw: only the opening offer of the upcard can be passed"
            if verb != "draw":
                return "you must draw first (the upcard or a face-down card)"
            if act.args == ("upcard",) and self.declined:
                return (
                    "both players passed the opening upcard, so this first draw must be a "
                    "face-down card ('draw left', 'draw stock' or 'draw right')"
                )
            return "draw with 'draw upcard', 'draw left', 'draw stock' or 'draw right'"
        if phase != "discard" or verb not in _VERBS:
            return ""
        if verb in ("draw", "pass"):
            return "you have already drawn this turn; now discard, knock or go bourbon"
        hand = self.hands[seat]
        refused = _r.card_refusal(act, hand, self.taken, ", not even to knock")
        if refused:
            return refused
        card = act.cards[0]
        left = _m.min_deadwood(hand & ~card.bit)
        if verb == "bourbon":
            return f"bourbon needs 0 deadwood after the discard; discarding {card} leaves {left}"
        if verb == "knock":
            if left == 0:
                return (
                    f"discarding {card} leaves no deadwood: that is bourbon ('bourbon {card.code}')"
                )
            return (
                f"you can knock only with {KNOCK_LIMIT} or less deadwood after the discard; "
                f"discarding {card} leaves {left}"
            )
        return "not allowed now"

    # ------------------------------------------------------------ apply
    def _apply(self, act: Action, seat: int) -> None:
        verb = act.verb
        if verb == "discard":
            idx = act.cards[0].index
            self.hands[seat] &= ~(1 << idx)
            self.pile.append(idx)
            self.events.append(self._ev[1][seat][idx])
            self.taken = -1
            self.turns += 1
            self._next_turn(1 - seat)
        elif verb == "draw":
            where = act.args[0]
            if where == "upcard":
                idx = self.pile.pop()
                self.hands[seat] |= 1 << idx
                self.taken = idx
                self.events.append(self._ev[0][seat][idx])
            else:
                self._draw_face_down(seat, where)
            self.declined = False
            self.phase = "discard"
            self.kmask = -1
            self.bmask = 0
            self.to_move = (seat,)
        elif verb == "pass":
            name = self.names[seat]
            if seat != self.dealer:
                self.log("pass", seat, f"{name} declines the upcard")
                self.to_move = (self.dealer,)
            else:
                self.log(
                    "pass",
                    seat,
                    f"{name} declines the upcard too; {self.names[1 - seat]} draws face down",
                )
                self.phase = "draw"
                self.declined = True
                self.to_move = (1 - seat,)
        else:
            self._end_by_knock(seat, act.cards[0].index, verb == "bourbon")

    def _draw_face_down(self, seat: int, where: str) -> None:
        if where == "stock":
            idx = self.stock.pop()
        else:
            k = 0 if where == "left" else 1
            idx = self.side[k]
            self.side[k] = self.stock.pop() if self.stock else -1
        self.hands[seat] |= 1 << idx
        self.taken = -1
        self.events.append(self._ev[2][where][seat][idx])

    def face_down(self) -> int:
        """How many face-down cards are on offer now."""
        return len(self.stock) + (self.side[0] >= 0) + (self.side[1] >= 0)

    def _next_turn(self, seat: int) -> None:
        if self.face_down() < MIN_FACE_DOWN:
            self._cancel_hand()
            return
        self.phase = "draw"
        self.to_move = (seat,)

    # ------------------------------------------------------------ hand end
    def _cancel_hand(self) -> None:
        n = self.face_down()
        summary = (
            f"The hand is cancelled: only {n} face-down card{'' if n == 1 else 's'} "
            "left to draw; nobody scores"
        )
        self.knockers.append(-1)
        self._close_hand(HandResult(self.hand_number, (0, 0), (), summary), None)

    def _settle(self, seat: int, kh: int, dh: int, bourbon: bool) -> tuple[Any, ...]:
        """Choose both arrangements (see the rulings) and return the outcome."""
        if bourbon:
            kmelds, kdead = _m.fewest_in_deadwood(kh, FACES)
            dmelds, ddead = _m.fewest_in_deadwood(dh, FACES)
            return kmelds, kdead, dmelds, ddead, 0, _m.card_values(ddead)
        best: tuple[int, tuple[Any, ...]] | None = None
        for kmelds, kdead in _m.best_arrangements(kh):
            laid, dmelds, dpoints, ddead = _m.best_layoff_keeping(kmelds, dh, FACES)
            kpoints = _m.card_values(kdead)
            kfaces = (kh & ~kdead & FACES).bit_count()
            dfaces = (dh & ~ddead & FACES).bit_count()
            margin = FACE_BONUS * (kfaces - dfaces)
            margin += dpoints - kpoints if kpoints < dpoints else dpoints - kpoints - UNDERCUT_BONUS
            if best is None or margin > best[0]:
                best = (margin, (kmelds, kdead, dmelds, ddead, laid, dpoints))
        assert best is not None
        return best[1]

    def _end_by_knock(self, seat: int, idx: int, bourbon: bool) -> None:
        names = self.names
        other = 1 - seat
        kh = self.hands[seat] & ~(1 << idx)
        self.hands[seat] = kh
        self.pile.append(idx)
        self.taken = -1
        dh = self.hands[other]
        kmelds, kdead, dmelds, ddead, laid, dpoints = self._settle(seat, kh, dh, bourbon)
        attached = _r.attach_layoffs(kmelds, laid)
        kpoints = _m.card_values(kdead)
        card = CARDS[idx]
        kind = "bourbon" if bourbon else "knock"
        if bourbon:
            said = f"{names[seat]} discards {card.text} and goes bourbon"
        else:
            said = f"{names[seat]} discards {card.text} and knocks with {kpoints} deadwood"
        self.log(kind, seat, said)
        _r.log_reveal(self, seat, (kmelds, kdead, dmelds, ddead), attached)
        lines: list[ScoreLine] = []
        if bourbon:
            if dpoints:
                lines.append(ScoreLine(seat, dpoints, f"bourbon: {dpoints} − 0 deadwood"))
            lines.append(ScoreLine(seat, BOURBON_BONUS, "bourbon bonus"))
            summary = (
                f"{names[seat]} goes bourbon and scores {dpoints + BOURBON_BONUS} "
                f"({dpoints} deadwood + {BOURBON_BONUS})"
            )
            winner = seat
        else:
            summary, winner = _r.knock_score(names, seat, kpoints, dpoints, lines)
        kf = kh & ~kdead & FACES
        df = dh & ~ddead & FACES
        for s, faces, how in ((seat, kf, "melded"), (other, df, "melded or laid off")):
            n = faces.bit_count()
            if n:
                lines.append(
                    ScoreLine(
                        s, FACE_BONUS * n, f"{n} picture{'' if n == 1 else 's'} {how} ({n} × 3)"
                    )
                )
        bonus = [kf.bit_count() * FACE_BONUS, df.bit_count() * FACE_BONUS]
        if any(bonus):
            extra = ", ".join(
                f"{names[s]} +{b} for pictures"
                for s, b in ((seat, bonus[0]), (other, bonus[1]))
                if b
            )
            summary += f"; {extra}"
        self.knockers.append(seat)
        self.reveal = Reveal(
            kind,
            seat,
            _r.by_seat(seat, kmelds, dmelds),
            _r.by_seat(seat, kdead, ddead),
            _r.by_seat(seat, kpoints, dpoints),
            tuple(attached),
            _r.by_seat(seat, kf, df),
        )
        result = HandResult(self.hand_number, _r.points_of(lines), tuple(lines), summary)
        self._close_hand(result, winner)

    def _close_hand(self, result: HandResult, winner: int | None) -> None:
        self.kmask = -1
        self.bmask = 0
        self.log("hand_over", winner, f"Hand {self.hand_number + 1} over. {result.summary}")
        target = int(self.options.target)
        for s in (0, 1):
            if self.crossed[s] < 0 and self.scores[s] + result.points[s] >= target:
                self.crossed[s] = len(self.results)
        self._end_hand(result)

    def _game_over(self) -> bool:
        return max(self.scores) >= int(self.options.target)

    def _winners(self) -> tuple[int, ...]:
        crossed = self.crossed
        if crossed[0] < 0 and crossed[1] < 0:
            s = self.scores
            return (0,) if s[0] > s[1] else (1,) if s[1] > s[0] else (0, 1)
        if crossed[1] < 0 or 0 <= crossed[0] < crossed[1]:
            return (0,)
        if crossed[0] < 0 or crossed[1] < crossed[0]:
            return (1,)
        hand = crossed[0]
        pts = self.results[hand].points
        if pts[0] != pts[1]:
            return (0,) if pts[0] > pts[1] else (1,)
        return (self.knockers[hand],)

    def _finish(self) -> None:
        c = self.crossed
        if c[0] >= 0 and c[0] == c[1]:
            hand = c[0]
            pts = self.results[hand].points
            names = self.names
            if pts[0] != pts[1]:
                w = 0 if pts[0] > pts[1] else 1
                note = (
                    f"Both reached {self.options.target} in hand {hand + 1}; {names[w]} "
                    f"scored more in it ({pts[w]} against {pts[1 - w]})"
                )
            else:
                k = self.knockers[hand]
                note = (
                    f"Both reached {self.options.target} in hand {hand + 1} with equal "
                    f"scores in it; the knocker, {names[k]}, wins"
                )
            self.final_note = note
            self.log("final", None, note)
        super()._finish()

    # ------------------------------------------------------ observation
    def observation(self, viewer: Any = None) -> Observation:
        v = self.viewer(viewer)
        names = self.names
        rv = self.reveal
        zones = _r.hand_zones(self, v, rv is not None)
        left, right = self.side
        zones.append(
            Zone(
                "left",
                None,
                (self.entry(CARDS[left], False, v),) if left >= 0 else (),
                "pile",
                label="left face-down card",
            )
        )
        zones.append(_r.stock_zone(self, v))
        zones.append(
            Zone(
                "right",
                None,
                (self.entry(CARDS[right], False, v),) if right >= 0 else (),
                "pile",
                label="right face-down card",
            )
        )
        zones.append(_r.discard_zone(self.pile))
        info: dict[str, Any] = {
            "names": names,
            "target": self.options.target,
            "deck": self.options.deck,
            "knock_limit": KNOCK_LIMIT,
            "upcard": CARDS[self.pile[-1]] if self.pile else None,
            "upcard_taken": CARDS[self.taken] if self.taken >= 0 else None,
            "face_down": self.face_down(),
            "stock": len(self.stock),
            "opening": self.phase == "offer" or self.declined,
            "turns": self.turns,
        }
        if rv is not None:
            zones += _r.reveal_zones(names, rv)
            info["deadwoods"] = rv.points
            info["knocker"] = rv.knocker
            info["pictures"] = tuple(cards_of(f) for f in rv.faces)
        if isinstance(v, int) and self.phase in ("offer", "draw", "discard"):
            _r.deadwood_info(info, self, v)
        if self.results:
            info["last_hand"] = self.results[-1]
        if self.terminal and self.final_note:
            info["final"] = self.final_note
        return self._observation(v, zones, **info)

    def breakdown(self) -> str:
        """Every hand's score lines as text."""
        return "\n".join(r.explain(self.names) for r in self.results)


# ------------------------------------------------------------------- bot
_BY_DESIGN: dict[str, dict[str, tuple[int, ...]]] = {}


def candidates_by_back(deck: str) -> dict[str, tuple[int, ...]]:
    """For a Foresight deck: back design -> indices of the cards printed with it."""
    table = _BY_DESIGN.get(deck)
    if table is None:
        d = get_deck(deck)
        groups: dict[str, list[int]] = {}
        for c in d.cards:
            if c.index < 52:
                groups.setdefault(d.back_of(c), []).append(c.index)
        table = _BY_DESIGN[deck] = {k: tuple(v) for k, v in groups.items()}
    return table


def _best_after(hand: int, card: int, keep: bool) -> int:
    """Least deadwood after adding ``card`` and discarding one card (not it when ``keep``)."""
    dd = _m.discard_deadwoods(hand | 1 << card)
    if keep:
        dd.pop(card)
    return min(dd.values())


class BourbonBot(Agent):
    """Rule-of-thumb Bourbon that reads the Foresight backs of the cards on offer.

    For each face-down card it lists the unseen cards printed with that back (its own
    hand and the discard pile are seen) and averages the deadwood it would keep after
    drawing each of them; it takes the upcard only when that is better still.  It knocks
    as soon as it may and sheds high loose cards otherwise.
    """

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        hand = _r.hand_mask(obs)
        if obs.phase == "discard":
            return _r.bot_discard(obs, hand, "bourbon")
        return self._draw(obs, hand)

    def expected(self, obs: Observation, hand: int) -> dict[Action, float]:
        """Average least deadwood after drawing each face-down card on offer."""
        table = candidates_by_back(str(obs.info.get("deck", "foresight")))
        seen = hand
        for c in obs.zone("discard").cards:
            if isinstance(c, Card):
                seen |= c.bit
        taken = obs.info.get("upcard_taken")
        if isinstance(taken, Card):
            seen |= taken.bit
        out: dict[Action, float] = {}
        now = _m.min_deadwood(hand)
        for act, where in ((DRAW_LEFT, "left"), (DRAW_STOCK, "stock"), (DRAW_RIGHT, "right")):
            cards = obs.zone(where).cards
            back = cards[-1] if cards else None
            if not isinstance(back, Back):
                continue
            cands = [i for i in table.get(back.design, ()) if not seen >> i & 1]
            if not cands:
                out[act] = float(now)
                continue
            out[act] = sum(_best_after(hand, i, False) for i in cands) / len(cands)
        return out

    def _draw(self, obs: Observation, hand: int) -> Action:
        legal = obs.legal
        down = self.expected(obs, hand)
        blind = min(down.values()) if down else float(_m.min_deadwood(hand))
        if DRAW_UPCARD in legal:
            top = obs.zone("discard").cards[-1]
            assert isinstance(top, Card)
            up = _best_after(hand, top.index, True)
            # the upcard is a sure thing, a face-down card only an average
            if up <= blind - 1 or up == 0:
                return DRAW_UPCARD
        if PASS in legal:
            return PASS
        choices = [a for a in legal if a in down]
        if not choices:
            return next(a for a in legal if a != DRAW_UPCARD)
        return min(choices, key=lambda a: down[a])


GAME = GameSpec(
    name="bourbon",
    title="Bourbon",
    family="rummy",
    players=(2,),
    summary=(
        "Gin Rummy on the Foresight deck: draw the upcard or one of three face-down cards "
        "whose backs hint at them, knock or go bourbon, and score 3 for every picture melded."
    ),
    state_class=BourbonState,
    options_class=BourbonOptions,
    version=1,
    deck="foresight 52",
    bots={"heuristic": BourbonBot},
    source="foresight-deck-games.txt (Bourbon)",
)
