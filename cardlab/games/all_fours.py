"""All Fours (Seven Up): 2-7 players race to 7 points for High, Low, Jack and Game.

Rules in brief
--------------
Each player gets six cards, dealt in two rounds of three, and the next card is turned
face up: the *upcard* proposes its suit as trumps.  The rest of the pack is the stock.

The player on the dealer's left (the *eldest*) speaks first.  Saying ``stand`` accepts
the proposed suit.  Saying ``beg`` passes the question to the dealer, who may ``give``,
handing the eldest 1 point (the *gift*) and keeping the suit, or ``refuse`` and *run the
cards*: three more cards to every player from the stock, starting on the dealer's left,
and a new upcard.  A new upcard of the refused suit means another run; any other suit is
trumps, and if that new upcard is a Jack the dealer scores 1 point at once.  After a run
everyone throws cards away face down, one player after another from the dealer's left,
until six are left.  When the stock cannot feed another run, all cards go back and the
same dealer deals again.

The eldest leads the first trick.  A player who holds the suit led must play that suit
or a trump: a trump may be played to any trick, whatever one holds.  Without the suit
led any card may be played.  The highest trump takes the trick, otherwise the highest
card of the suit led (Aces high); the taker leads next.

After the six tricks four single points are scored, in this order: *High* for the player
who played the best trump of the hand, *Low* for the player who took the lowest trump
played, *Jack* for the player who took the Jack of trumps (when it was played), and
*Game* for the player whose tricks count most: 10 per Ten, 4 per Ace, 3 per King, 2 per
Queen, 1 per Jack.  Equal best counts score Game for nobody.  A player who reaches 7
wins on the spot, even in the middle of the scoring or before a card is played; the
deal passes to the left.

Options
-------
{options}

Rulings
-------
From the project's rulings:

* A turned Jack scores for the dealer only when it becomes trumps while the cards are
  run; the Jack of a refused suit, which calls for another run, scores nothing.  The
  older rule (``first_upcard_jack=True``) also scores a Jack turned as the first upcard.
* Illegal plays are refused, so a revoke cannot happen and its penalty is not modelled.
* Only cards played to tricks are "in play".  High belongs to whoever played the best
  trump; Low and Jack to whoever captured those cards; Game to the best count of captured
  cards (a tie scores nobody).  The four are scored in this order, and the game stops as
  soon as a total reaches 7.
* When the stock holds fewer cards than another run needs (three per player and the new
  upcard), the hand is dealt again by the same dealer.
* The gift and the dealer's Jack count as soon as they are scored and can win the game.
* After a run the discards are made face down, in turn from the dealer's left; only
  their owner sees them.
* The deal passes to the left; ``max_deals`` (redeals included) ends a game nobody has
  won, and the highest total then wins (equal totals share the win).

Decided here, where the texts are silent:

* With ``first_upcard_jack`` the dealer scores the first upcard's Jack the moment it is
  turned, whatever happens to its suit afterwards, as the older books have it.
* A redeal belongs to the hand it replaces: the cards are gathered and shuffled (a chance
  step of kind ``"shuffle"``) and the same dealer deals that hand again; a point already
  scored in it (the older rule's Jack) stays.  Redeals count toward ``max_deals``, and a
  redeal beyond the cap ends the game.  ``hands=N`` counts hands, whatever their redeals.
* Each discard is one action (``discard XX``); a player finishes discarding before the
  next one starts.
* The cards turned up stay face up beside the stock for the rest of the hand; the last
  one shows the trump suit.  All captured cards lie face up in front of their taker,
  since every one of them was played face up.
* Only one point is scored at a time, so two players never reach 7 together.
* Explicit deals give each seat's six cards, the upcard and the stock from the top down:
  ``game.deal(hands, upcard="7H", stock="...")``.  A run hands out the top cards of the
  stock three at a time, from the dealer's left round to the dealer, then turns the next
  one up.

For the search bot, a sampled world deals every unseen card at random among the hidden
places (other hands, other players' discards, the stock), honouring the suits a player
has shown to lack (a trump shows nothing, since trumping is always allowed).  It then
splits each other player's cards at random between the first deal and the batches of
the runs, and replays the hand.  A deal thrown in earlier in the hand is rebuilt from
what the seat saw of it (the upcards and its own batches), the rest at random.  Worlds
are not weighted by how likely the players' choices (stand, beg, discards) made them.

Actions
-------
``stand`` or ``beg`` (the eldest), ``give`` or ``refuse`` (the dealer, after a beg),
``discard XX`` (after a run, one card at a time), ``play XX``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, CardActions, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, SUIT_BITS, SUIT_MASKS, SUIT_NAMES, SUIT_SYMBOLS, Card
from ..core.chance import ChanceStep
from ..core.events import Event
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import DEAL, Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.deals import DealRule, each_seat, pile
from ..rules.tricks import HIGH, RANK_ORDER, TrickGame, event_table, sorted_cards
from ..rules.worlds import (
    WorldError,
    assign,
    bits,
    deal_action,
    faces_mask,
    mask_of,
    replay,
    resume,
    retry,
    seat_of,
    zone_or_none,
)

#: Cards in a hand for play, cards each player gets per run, points that win.
HAND = 6
RUN = 3
TARGET = 7

STAND = action("stand")
BEG = action("beg")
GIVE = action("give")
REFUSE = action("refuse")
DISCARD = CardActions("discard", RANK_ORDER)
_DISCARD_INDEX = DISCARD.index


def _rank_mask(rank_index: int) -> int:
    return sum(1 << (13 * s + rank_index) for s in range(4))


ACES, TENS, JACKS, QUEENS, KINGS = (_rank_mask(k) for k in (0, 9, 10, 11, 12))
#: What each card counts toward Game (by card index).
GAME_VALUE = tuple({0: 4, 9: 10, 10: 1, 11: 2, 12: 3}.get(i % 13, 0) for i in range(52))


def game_count(mask: int) -> int:
    """What the cards of ``mask`` count toward Game: Ten 10, Ace 4, King 3, Queen 2, Jack 1."""
    return (
        10 * (mask & TENS).bit_count()
        + 4 * (mask & ACES).bit_count()
        + 3 * (mask & KINGS).bit_count()
        + 2 * (mask & QUEENS).bit_count()
        + (mask & JACKS).bit_count()
    )


def run_size(players: int) -> int:
    """Stock cards one run of the cards takes: three per player and the new upcard."""
    return RUN * players + 1


#: Rank places within a suit from the Ace down to the Two.
_ACE_FIRST: tuple[int, ...] = RANK_ORDER[::-1]


def _first(mask: int, suit: int, order: tuple[int, ...]) -> int:
    """The first card of ``suit`` in ``mask`` with rank places taken in ``order``, or -1."""
    m = mask >> 13 * suit & SUIT_BITS
    for k in order:
        if m >> k & 1:
            return 13 * suit + k
    return -1


class FourPoints(NamedTuple):
    """The four points of a hand: who takes each (-1: nobody), the cards that decide
    them (-1: no trump played) and what each seat's captured cards count toward Game."""

    high: int
    low: int
    jack: int
    game: int
    high_card: int
    low_card: int
    jack_card: int
    counts: tuple[int, ...]


def four_points(trump: int, held: Sequence[int], taken: Sequence[int]) -> FourPoints:
    """High, Low, Jack and Game from the hands as play began (``held``: who played each
    card) and the cards each seat captured (``taken``), all bitmasks."""
    played = 0
    for t in taken:
        played |= t
    seats = range(len(taken))
    high_card = _first(played, trump, _ACE_FIRST)
    low_card = _first(played, trump, RANK_ORDER)  # the Two lowest
    jack_card = 13 * trump + 10
    high = next((s for s in seats if held[s] >> high_card & 1), -1) if high_card >= 0 else -1
    low = next((s for s in seats if taken[s] >> low_card & 1), -1) if low_card >= 0 else -1
    jack = next((s for s in seats if taken[s] >> jack_card & 1), -1)
    counts = tuple(game_count(t) for t in taken)
    best = max(counts)
    game = counts.index(best) if counts.count(best) == 1 else -1
    return FourPoints(high, low, jack, game, high_card, low_card, jack_card, counts)


def _suit_word(suit: int) -> str:
    return SUIT_NAMES[suit].capitalize()


@dataclass(frozen=True)
class AllFoursOptions(DealerOptions):
    cap: ClassVar[str] = "max_deals"
    first_upcard_jack: bool = option(
        False,
        "the older rule: a Jack turned as the first upcard also scores 1 for the dealer, at "
        "once (without it only a Jack turned up as new trumps while running the cards scores)",
    )
    max_deals: int = option(
        100,
        "the game stops after this many deals, redeals included, if nobody has reached 7; "
        "the highest total then wins",
        min=1,
        max=1_000,
    )


class AllFoursState(TrickGame):
    """A game of All Fours in progress.  Hands and piles are bitmasks of card indices."""

    __slots__ = (
        "_discards",
        "deals",
        "discards",
        "eldest",
        "held",
        "runs",
        "said",
        "stock",
        "upcards",
    )

    WINNER = "trump"
    TRUMP_ANYTIME = True
    DEAL = DealRule(each_seat(hand=HAND), pile("upcard", 1), pile("stock"))

    stock: list[int]  # bottom first: the top card is the last
    upcards: list[int]  # every card turned up this hand, in order; the last one rules
    discards: list[int]
    eldest: int
    held: list[int]  # each hand as play began (who played which card)
    runs: int
    said: list[str]
    deals: int  # deals so far in the game, redeals included
    _discards: tuple[tuple[Event, ...], ...]

    def setup(self) -> None:
        super().setup()
        self.deals = 0
        self._discards = event_table(
            self.names,
            "discard",
            "{name} discards a card face down",
            "{name} discards {card}",
            act="discard {code}",
        )

    def tricks_per_hand(self) -> int:
        return HAND

    def reset_hand(self) -> None:
        super().reset_hand()
        n = self.players
        self.stock = []
        self.upcards = []
        self.discards = [0] * n
        self.held = [0] * n
        self.eldest = -1
        self.runs = 0
        self.said = [""] * n

    # ------------------------------------------------------------ points
    def _point(self, seat: int, kind: str, reason: str, text: str, cards: Any = ()) -> bool:
        """Score one point now; True when it wins the game (which then ends at once)."""
        self.award(seat, 1, reason)
        self.log("point", seat, text, cards=tuple(cards), point=kind, points=1)
        if self.scores[seat] >= TARGET:
            name = self.names[seat]
            self.end_game((seat,), f"{name} reaches {TARGET} points with {reason}")
            return True
        return False

    # -------------------------------------------------------------- deal
    def on_deal(self, dealt: Any, again: bool = False) -> None:
        n = self.players
        self.deals += 1
        self.hands = dealt.masks("hand")
        up = dealt["upcard"][0]
        self.upcards = [up.index]
        self.stock = [c.index for c in reversed(dealt["stock"])]
        dealer = self.dealer
        self.eldest = (dealer + 1) % n
        names = self.names
        self.log(
            "deal",
            dealer,
            f"{names[dealer]} deals hand {self.hand_number + 1}{' again' if again else ''}; "
            f"the upcard is {up.text}",
            cards=(up,),
            again=again,
        )
        if self.options.first_upcard_jack and up.rank == 11:
            text = f"{names[dealer]} turned up the {up.text} and scores 1 for it"
            if self._point(dealer, "jack_turned", f"the {up.text} turned up", text, (up,)):
                return
        self.phase = self.BEG
        self.to_move = (self.eldest,)

    # --------------------------------------------------------- the trump
    def _suit(self) -> int:
        return self.upcards[-1] // 13

    def _beg_legal(self, seat: int) -> tuple[Action, ...]:
        return (STAND, BEG)

    def _beg_why(self, act: Action, seat: int) -> str:
        if act in (GIVE, REFUSE):
            return (
                f"the dealer, {self.names[self.dealer]}, gives or refuses only after "
                f"{self.names[self.eldest]} begs"
            )
        return ""

    def _beg(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        suit = self._suit()
        self.said[seat] = str(act)
        if act == STAND:
            self.log("stand", seat, f"{name} stands: {SUIT_NAMES[suit]} are trumps")
            self._trumps(self.upcards[-1])
            self._start_play()
            return
        self.log("beg", seat, f"{name} begs")
        self.phase = self.GIFT
        self.to_move = (self.dealer,)

    def _gift_legal(self, seat: int) -> tuple[Action, ...]:
        return (GIVE, REFUSE)

    def _gift_why(self, act: Action, seat: int) -> str:
        if act in (STAND, BEG):
            return (
                f"{self.names[self.eldest]} has begged; the dealer now gives a point or "
                "refuses and runs the cards"
            )
        return ""

    def _gift(self, act: Action, seat: int) -> None:
        names = self.names
        eldest = self.eldest
        self.said[seat] = str(act)
        if act == GIVE:
            suit = SUIT_NAMES[self._suit()]
            self.log("give", seat, f"{names[seat]} gives {names[eldest]} one point: {suit} stay")
            text = f"{names[eldest]} scores 1 for the gift"
            if self._point(eldest, "gift", "the gift", text):
                return
            self._trumps(self.upcards[-1])
            self._start_play()
            return
        self.log("refuse", seat, f"{names[seat]} refuses the gift and runs the cards")
        self._run()

    def _run(self) -> None:
        """Run the cards until a new suit turns up, or deal again when the stock runs short."""
        n = self.players
        names = self.names
        dealer = self.dealer
        refused = self._suit()
        stock = self.stock
        hands = self.hands
        while True:
            if len(stock) < run_size(n):
                text = (
                    f"The stock holds {plural(len(stock), 'card')}, too few for a run of "
                    f"{run_size(n)}: {names[dealer]} deals again"
                )
                self.log("redeal", dealer, text, left=len(stock))
                cap = int(self.options.max_deals)
                if self.deals >= cap:
                    self.end_game(self.decide_winners(), f"No deal is left of the {cap} allowed")
                    return
                self.phase = DEAL
                self.to_move = ()
                rule = self.DEAL
                cards, _, mask = rule.layout(self.game)
                what = f"the cards gathered and shuffled for hand {self.hand_number + 1}"
                self.chance = ChanceStep("shuffle", cards, _redeal, what, None, mask)
                return
            self.runs += 1
            for i in range(1, n + 1):
                s = (dealer + i) % n
                batch = 0
                for _ in range(RUN):
                    batch |= 1 << stock.pop()
                hands[s] |= batch
                got = sorted_cards(batch)
                self.log(
                    "receive",
                    s,
                    f"{names[s]} receives three more cards",
                    f"{names[s]} receives {' '.join(c.text for c in got)}",
                    (s,),
                    hidden=got,
                    run=self.runs,
                )
            up = stock.pop()
            self.upcards.append(up)
            card = CARDS[up]
            self.log(
                "run",
                dealer,
                f"{names[dealer]} gives everyone three more cards and turns up {card.text}",
                cards=(card,),
                run=self.runs,
            )
            if up // 13 != refused:
                break
            self.log(
                "again",
                dealer,
                f"{card.text} is of the refused suit again: the cards are run once more",
                cards=(card,),
            )
        self._trumps(up)
        if card.rank == 11:
            text = f"{names[dealer]} turned up the {card.text} as trumps and scores 1 for it"
            if self._point(dealer, "jack_turned", f"the {card.text} turned up", text, (card,)):
                return
        self.phase = self.DISCARD
        self.to_move = (self.eldest,)

    def _trumps(self, up: int) -> None:
        self.trump = up // 13
        card = CARDS[up]
        self.log(
            "trump",
            None,
            f"{_suit_word(self.trump)} are trumps",
            cards=(card,),
            trump=SUIT_SYMBOLS[self.trump],
        )

    # ----------------------------------------------------------- discards
    def _discard_legal(self, seat: int) -> tuple[Action, ...]:
        return DISCARD.of(self.hands[seat])

    def _discard_why(self, act: Action, seat: int) -> str:
        if act.verb != "discard":
            return ""
        card = act.card
        if card is None:
            return "say which card to throw away, e.g. 'discard 2C'"
        return f"you don't hold {card} in your hand"

    def _discard(self, act: Action, seat: int) -> None:
        idx = _DISCARD_INDEX[act]
        bit = 1 << idx
        self.hands[seat] &= ~bit
        self.discards[seat] |= bit
        self.events.append(self._discards[seat][idx])
        if self.hands[seat].bit_count() > HAND:
            return
        nxt = (seat + 1) % self.players
        if nxt == self.eldest:
            self._start_play()
        else:
            self.to_move = (nxt,)

    def _discard_prompt(self, seat: int) -> str:
        k = self.hands[seat].bit_count() - HAND
        return f"Throw away {plural(k, 'more card')} face down, to keep six"

    # --------------------------------------------------------------- play
    def _start_play(self) -> None:
        self.held = list(self.hands)
        self.phase = self.PLAY
        self.lead(self.eldest)

    def four_points(self) -> FourPoints:
        """Who takes High, Low, Jack and Game with the cards played so far this hand."""
        return four_points(self.trump, self.held, self.taken)

    def hand_played(self) -> None:
        names = self.names
        fp = self.four_points()
        summary: list[str] = []
        if fp.high < 0:
            self.log("point", None, "No trump was played: nobody scores High or Low", point="none")
            summary.append("no trump played")
        else:
            card = CARDS[fp.high_card]
            who = fp.high
            text = f"High: {names[who]} played {card.text}, the best trump of the hand"
            if self._point(who, "high", f"High ({card.text})", text, (card,)):
                return
            summary.append(f"High: {names[who]}")
            card = CARDS[fp.low_card]
            who = fp.low
            text = f"Low: {names[who]} took {card.text}, the lowest trump played"
            if self._point(who, "low", f"Low ({card.text})", text, (card,)):
                return
            summary.append(f"Low: {names[who]}")
        if fp.jack >= 0:
            card = CARDS[fp.jack_card]
            who = fp.jack
            text = f"Jack: {names[who]} took {card.text}"
            if self._point(who, "jack", f"Jack ({card.text})", text, (card,)):
                return
            summary.append(f"Jack: {names[who]}")
        else:
            sym = SUIT_SYMBOLS[self.trump]
            self.log("point", None, f"The Jack of {sym} was not played: nobody scores Jack")
        counts = fp.counts
        said = ", ".join(f"{names[s]} {counts[s]}" for s in range(self.players))
        best = max(counts)
        if fp.game >= 0:
            who = fp.game
            text = f"Game: {names[who]} counts the most ({said})"
            if self._point(who, "game", f"Game ({best})", text):
                return
            summary.append(f"Game: {names[who]}")
        else:
            tied = " and ".join(names[s] for s in range(self.players) if counts[s] == best)
            self.log("point", None, f"Game: {tied} tie with {best} ({said}): nobody scores it")
            summary.append("Game: tied")
        said = ", ".join(summary)
        self.end_hand(said[:1].upper() + said[1:])

    def game_over(self) -> bool:
        return self.deals >= int(self.options.max_deals)

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        text = super().outcome_text(winners)
        if max(self.scores) < TARGET:
            return f"Nobody reached {TARGET} in {plural(self.deals, 'deal')}. {text}"
        return text

    # -------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.phase == "deal" and not self.results:
            return out
        if self.said[seat]:
            out["said"] = self.said[seat]
        if self.held[seat]:
            out["tricks"] = self.tricks_won[seat]
            out["for game"] = game_count(self.taken[seat])
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        zones: list[Zone] = [
            Zone("upcards", None, tuple(CARDS[c] for c in self.upcards), "row", label="turned up"),
            Zone("stock", None, view.stack([CARDS[c] for c in self.stock]), "pile", label="stock"),
        ]
        zones += self.hand_zones(view)
        if self.runs:  # discards only follow a run of the cards
            for s in range(self.players):
                shown = view.held(sorted_cards(self.discards[s]), view.seat == s)
                zones.append(Zone("discards", s, shown, "row", label=f"{names[s]}'s discards"))
        zones += self.trick_zones()
        zones += self.taken_zones(-1)
        info: dict[str, Any] = {
            "upcard": CARDS[self.upcards[-1]] if self.upcards else None,
            "trump": SUIT_SYMBOLS[self.trump] if self.trump >= 0 else "—",
            "eldest": names[self.eldest] if self.eldest >= 0 else "—",
            "trick_number": min(self.trick_number + 1, HAND),
            "target": TARGET,
            "deals": self.deals,
            "max_deals": self.options.max_deals,
        }
        return self.observe(view, zones, info)

    # ------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world consistent with ``obs`` (see the module docstring)."""
        return retry(_world, game, obs, rng)

    # ------------------------------------------------------------- phases
    BEG = Phase(
        "beg",
        _beg_legal,
        _beg,
        _beg_why,
        lambda st, seat: (
            f"The upcard is {CARDS[st.upcards[-1]].text}: 'stand' to make "
            f"{SUIT_NAMES[st._suit()]} trumps, or 'beg' to leave it to the dealer"
        ),
    )
    GIFT = Phase(
        "gift",
        _gift_legal,
        _gift,
        _gift_why,
        lambda st, seat: (
            f"{st.names[st.eldest]} begs: 'give' {st.names[st.eldest]} 1 point and keep "
            f"{SUIT_NAMES[st._suit()]} as trumps, or 'refuse' and run the cards"
        ),
    )
    DISCARD = Phase("discard", _discard_legal, _discard, _discard_why, _discard_prompt)
    PLAY = TrickGame.play_phase(
        "Play a card: follow suit if you can, or play a trump (always allowed)"
    )


def _redeal(state: Any, act: Action) -> None:
    """The gathered cards, shuffled, dealt again by the same dealer for the same hand."""
    state.reset_hand()
    state.on_deal(state.DEAL.split(state.game, act.cards), again=True)


# ------------------------------------------------------------------- worlds
def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    world = resume(game, obs)
    assert isinstance(world, AllFoursState)
    # Each deal of the hand (a redeal starts another) with its events.
    segments: list[list[Event]] = []
    for ev in obs.history:
        if ev.kind == "deal":
            segments.append([])
        if segments:
            segments[-1].append(ev)
    if not segments:
        raise WorldError("the hand has not been dealt")
    gained = [0] * n
    for ev in obs.history:
        if ev.kind == "point" and ev.seat is not None:
            gained[ev.seat] += ev.get("points", 0)
    texts = [_thrown_in(world, n, me, events, rng) for events in segments[:-1]]
    last, thrown = _last_deal(world, obs, segments[-1], rng)
    world.scores = [obs.scores[s] - gained[s] for s in range(n)]
    # the deals of earlier hands, for max_deals
    world.deals = int(obs.info.get("deals", len(segments))) - len(segments)
    # a redeal is a shuffle of the gathered cards: the same cards in a new deal's order
    outcomes = [text if i == 0 else "shuffle" + text[4:] for i, text in enumerate([*texts, last])]
    hidden = {s: [f"discard {CARDS[c].code}" for c in reversed(cs)] for s, cs in thrown.items()}
    replay(world, obs, chance=outcomes, hidden=hidden)
    return world


def _runs(events: Sequence[Event], me: int) -> tuple[list[int], list[int]]:
    """A deal's upcards in the order turned, and the seat's own batch of each run."""
    upcards = []
    mine = []
    for ev in events:
        if ev.kind in ("deal", "run"):
            upcards.append(ev.cards[0].index)
        elif ev.kind == "receive" and ev.seat == me:
            mine.append(mask_of(ev.hidden))
    if len(mine) != len(upcards) - 1:
        raise WorldError("the seat's own cards from the runs are not in its history")
    return upcards, mine


def _deal_text(
    world: State,
    n: int,
    upcards: list[int],
    first: list[list[int]],
    batches: list[list[list[int]]],
    rest: list[int],
) -> str:
    """The deal placing each seat's first six, the runs' batches and upcards, then the rest."""
    dealer = world.dealer
    stock: list[int] = []
    for r in range(len(upcards) - 1):
        for i in range(1, n + 1):
            stock += batches[(dealer + i) % n][r]
        stock.append(upcards[r + 1])
    parts: dict[tuple[str, int | None], Sequence[int]] = {("hand", s): first[s] for s in range(n)}
    parts[("upcard", None)] = upcards[:1]
    # A deal lists the stock from the top: the cards the runs took, then the unseen rest.
    parts[("stock", None)] = stock + rest
    return deal_action(world, parts)


def _split(cards: list[int], runs: int, rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """Another seat's cards of a deal, split at random into its first six and its batches."""
    rng.shuffle(cards)
    return cards[:HAND], [cards[HAND + RUN * r : HAND + RUN * (r + 1)] for r in range(runs)]


def _thrown_in(world: State, n: int, me: int, events: Sequence[Event], rng: random.Random) -> str:
    """A deal that ended in a redeal: only its upcards and the seat's batches were seen."""
    upcards, mine = _runs(events, me)
    runs = len(upcards) - 1
    seen = 0
    for c in upcards:
        seen |= 1 << c
    for b in mine:
        seen |= b
    pool = bits(FULL & ~seen)
    rng.shuffle(pool)
    first: list[list[int]] = []
    batches: list[list[list[int]]] = []
    for s in range(n):
        if s == me:
            first.append(pool[:HAND])
            del pool[:HAND]
            batches.append([bits(b) for b in mine])
        else:
            take = HAND + RUN * runs
            six, runs_of = _split(pool[:take], runs, rng)
            del pool[:take]
            first.append(six)
            batches.append(runs_of)
    return _deal_text(world, n, upcards, first, batches, pool)


def _last_deal(
    world: State, obs: Observation, events: Sequence[Event], rng: random.Random
) -> tuple[str, dict[int, list[int]]]:
    """The deal in progress, consistent with everything the seat sees now."""
    me = obs.seat
    assert me is not None
    n = obs.players
    upcards, mine = _runs(events, me)
    runs = len(upcards) - 1

    # ---- who played what, and the suits a player has shown to lack
    played = [0] * n
    void = [0] * n
    trump = led = -1
    for ev in events:
        k = ev.kind
        s = ev.seat
        if k == "trump":
            trump = ev.cards[0].suit
        elif k == "play" and s is not None:
            c = ev.cards[0].index
            played[s] |= 1 << c
            if led < 0:
                led = c // 13
            elif c // 13 != led and c // 13 != trump:
                void[s] |= SUIT_MASKS[led]  # neither the suit led nor a trump: void
        elif k == "trick":
            led = -1

    # ---- where the unseen cards may be: other hands, other discards, the stock
    hand = mask_of(obs.zone("hand", me).cards)
    discards = faces_mask(zone_or_none(obs, "discards", me))
    known = hand | discards
    for c in upcards:
        known |= 1 << c
    for m in played:
        known |= m
    pool = FULL & ~known
    slots: list[int] = []
    places: list[tuple[str, int]] = []
    for s in range(n):
        if s == me:
            continue
        for _ in obs.zone("hand", s).cards:
            slots.append(FULL & ~void[s])
            places.append(("hand", s))
        thrown_away = zone_or_none(obs, "discards", s)  # absent before any run
        for _ in thrown_away.cards if thrown_away is not None else ():
            slots.append(FULL)
            places.append(("discards", s))
    for _ in obs.zone("stock").cards:
        slots.append(FULL)
        places.append(("stock", -1))
    if len(slots) != pool.bit_count():
        raise WorldError("hidden places and hidden cards differ in number")
    now = [0] * n
    thrown = [0] * n
    rest: list[int] = []
    for (kind, s), c in zip(places, assign(slots, pool, rng), strict=True):
        if kind == "hand":
            now[s] |= 1 << c
        elif kind == "discards":
            thrown[s] |= 1 << c
        else:
            rest.append(c)
    now[me], thrown[me] = hand, discards

    # ---- back to the deal: the first six and each run's batch of three
    first: list[list[int]] = []
    batches: list[list[list[int]]] = []
    for s in range(n):
        got = now[s] | thrown[s] | played[s]
        if got.bit_count() != HAND + RUN * runs:
            raise WorldError("a seat holds the wrong number of cards")
        if s == me:
            extra = 0
            for b in mine:
                extra |= b
            first.append(bits(got & ~extra))
            batches.append([bits(b) for b in mine])
        else:
            six, runs_of = _split(bits(got), runs, rng)
            first.append(six)
            batches.append(runs_of)
    queues = {s: bits(thrown[s]) for s in range(n) if s != me}
    for q in queues.values():
        rng.shuffle(q)
    return _deal_text(world, n, upcards, first, batches, rest), queues


# ------------------------------------------------------------------- bot
def _keep_value(c: Card, trump: int) -> float:
    """How much a card is worth keeping (for discards): trumps first, then counting cards."""
    h = HIGH[c.index]
    if c.suit == trump:
        return 30 + h + (8 if c.rank == 11 else 0)
    return {14: 12.0, 10: 11.0, 13: 8.0, 12: 5.0, 11: 3.0}.get(h, h / 5)


def _strength(hand: tuple[Card, ...], suit: int) -> float:
    """A hand's strength with ``suit`` as trumps: its trumps, weighted by rank."""
    weights = {14: 3.0, 13: 2.5, 12: 2.0, 11: 2.5, 10: 2.0}
    return sum(weights.get(HIGH[c.index], 1.0) for c in hand if c.suit == suit)


class AllFoursBot(PhaseBot):
    """Stands and gives on strong trumps, keeps trumps and counting cards, and wins tricks
    worth having with the cheapest card that does it.

    Reads only its observation: its hand, the upcards, the captured cards (all public),
    the trick and the scores.
    """

    name = "heuristic"

    @staticmethod
    def _trump(obs: Observation) -> int:
        t = obs.info.get("trump", "—")
        return SUIT_SYMBOLS.index(t) if t in SUIT_SYMBOLS else -1

    @on("beg", why="stand with strong trumps in the upcard's suit (say the Ace and Jack); else beg")
    def beg(self, obs: Observation) -> Action:
        up = obs.info["upcard"]
        return STAND if _strength(obs.my_hand, up.suit) >= 5 else BEG

    @on(
        "gift",
        why="give the point only with good trumps of its own and when it does not win the "
        "game for the eldest; otherwise run the cards",
    )
    def gift(self, obs: Observation) -> Action:
        up = obs.info["upcard"]
        eldest = obs.names.index(obs.info["eldest"])
        if obs.scores[eldest] + 1 >= TARGET:
            return REFUSE
        return GIVE if _strength(obs.my_hand, up.suit) >= 4.5 else REFUSE

    @on("discard", why="throw away the weakest card: keep trumps, then Aces, Tens and Kings")
    def discard(self, obs: Observation) -> Action:
        trump = self._trump(obs)
        choices = {a.cards[0]: a for a in obs.legal}
        worst = min(choices, key=lambda c: (_keep_value(c, trump), c.index))
        return choices[worst]

    @on(
        "play",
        why="take a trick worth something with the cheapest card that wins it, lead a "
        "master trump or a side Ace, and otherwise throw the least useful card",
    )
    def play(self, obs: Observation) -> Action:
        trump = self._trump(obs)
        legal = obs.legal
        cards = [a.cards[0] for a in legal]
        trick = obs.zone("trick").faces
        seen = {c for z in obs.zones if z.name in ("taken", "upcards") for c in z.faces}
        seen |= set(trick) | set(obs.my_hand)
        jack = 13 * trump + 10

        def pick(card: Card) -> Action:
            return legal[cards.index(card)]

        def cost(c: Card) -> tuple[int, int, int]:
            # what giving the card away costs: trumps, then the Jack, then counting cards
            t = c.suit == trump
            return (2 if c.index == jack else int(t), GAME_VALUE[c.index], HIGH[c.index])

        if not trick:
            trumps = [c for c in cards if c.suit == trump]
            if trumps:
                best = max(trumps, key=lambda c: HIGH[c.index])
                higher = [
                    CARDS[13 * trump + k]
                    for k in range(13)
                    if HIGH[13 * trump + k] > HIGH[best.index]
                ]
                if len(trumps) >= 2 and all(c in seen for c in higher):
                    return pick(best)
            aces = [c for c in cards if c.suit != trump and c.rank == 1]
            if aces:
                return pick(aces[0])
            return pick(min(cards, key=cost))
        led = trick[0].suit

        def power(c: Card) -> int:
            if c.suit == trump:
                return 100 + HIGH[c.index]
            return HIGH[c.index] if c.suit == led else 0

        best_now = max(power(c) for c in trick)
        worth = sum(GAME_VALUE[c.index] for c in trick)
        worth += sum(5 for c in trick if c.suit == trump and (c.index == jack or HIGH[c.index] < 5))
        last = len(trick) == obs.players - 1
        winners = [c for c in cards if power(c) > best_now]
        if winners:
            cheapest = min(winners, key=lambda c: (power(c), GAME_VALUE[c.index]))
            counting = [c for c in winners if GAME_VALUE[c.index] and c.index != jack]
            if worth > 0:
                return pick(cheapest if last else max(winners, key=power))
            if last and counting:
                return pick(max(counting, key=lambda c: GAME_VALUE[c.index]))
        return pick(min(cards, key=cost))


GAME = register(
    GameSpec(
        name="all_fours",
        title="All Fours",
        family="trick-taking",
        players=(2, 3, 4, 5, 6, 7),
        summary=(
            "Beg, stand or run the cards for trumps, then race to 7 points for High, Low, "
            "Jack and Game."
        ),
        state_class=AllFoursState,
        options_class=AllFoursOptions,
        deck="standard 52",
        bots={"heuristic": AllFoursBot},
        source="denexa-classics.txt (All Fours)",
        default_players=4,
        layout=TableLayout(
            center=("upcards", "stock", "trick", "last_trick"),
            compact=("taken", "discards"),
            small=("last_trick",),
        ),
        related=(("foresight", "trumps from a card turned up"),),
        bench_target=7_000,
        variants={
            "first upcard Jack": {"first_upcard_jack": True},
            "2 players": {"players": 2},
            "3 players": {"players": 3},
        },
    )
)
