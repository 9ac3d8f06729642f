"""Red Dog: bet against the pot that your hand outranks a card turned for you alone.

Rules in brief
--------------
Two to eight players bet against a common pot, each starting with a stack of chips.  To
open the pot everybody pays an ante.  At each deal every player is dealt four cards face
down.  The players then take one turn apiece, starting at the dealer's left and ending
with the dealer.

On a turn the player first bets: anything from the minimum bet up to all the pot holds.
Then one card is turned face up from the deck for that player alone, their *fifth card*.
Aces rank high.  If the player holds a card of the fifth card's suit that outranks it,
the bet wins: the player shows the lowest such card (and nothing else) and the pot pays
the bet at even money.  If not, the bet loses: the player shows all four cards and the
bet goes into the pot.  Every card shown and every fifth card stays face up until the
deal ends, so those who play later bet knowing more about what is left in the deck.

After the dealer's turn the cards are gathered, the deck is shuffled and the deal passes
to the left.  Whoever bets everything in the pot and wins takes it all, and that ends the
game; otherwise it ends after a set number of deals, when the pot is shared out evenly.
The highest balance wins.

Two house rules are options: hands dealt face up for everyone to see (``face_up_hands``),
and no shuffle between deals (``no_shuffle``), so that the cards of earlier deals stay out
of the deck and a good memory pays.

Options
-------
{options}

Rulings
-------
* Five players by default (any number from 2 to 8).  A hand is one deal: one turn for
  every player, dealer last.  Everyone antes once, at the start of the game
  (``ante_each_deal`` antes at every deal).
* Betting is compulsory.  When the pot holds less than the minimum bet, the smallest bet
  is what it holds.  A won bet never pays more than the pot holds (and a bet is never
  larger than the pot, so it is always paid in full); bets paid in are never limited by a
  balance, which may go below zero.  An empty pot ends the game on the spot.
* A fifth card of a suit the player does not hold, or an Ace, always loses.  A winner
  shows only the lowest card of the suit that beats the fifth card; the other three stay
  hidden from the rest of the table for good (their holder still knows them).
* At the deal cap (``max_rounds``, or the ``hands`` limit) the pot is split evenly among
  all players and the odd chips are dropped (the text keeps them for the next game; here
  each game stands alone).  Equal highest balances share the win.
* ``face_up_hands``: every hand is seen by everyone from the moment it is dealt; a turn is
  settled exactly as usual.
* ``no_shuffle``: the cards of finished deals lie out of play (those shown face up, the
  rest face down) and the next deal comes from the cards left in the deck.  When fewer
  than five cards per player are left at a deal, every card is gathered and shuffled
  first.  Each player remembers the cards it held; cards shown to all stay known to all.
  Nobody has seen the order of the cards left in the deck, so it is drawn afresh at each
  deal: for every player that is the same as dealing on from the deck as it lay.
* An explicit deal gives four cards to each seat, seat 0 first, then the deck in the
  order its cards are turned as fifth cards: ``game.deal(hands=[...], stock="9H 2C")``
  (cards not given follow at random).  With ``no_shuffle`` a later deal lists the cards
  left in the deck the same way: ``state.apply("deal " + ...)``.

Actions
-------
``bet N`` (N chips).

Odds and worlds
---------------
:func:`odds` gives the exact chance that a hand beats its fifth card, given the cards a
seat has seen, by counting the unseen cards it beats (the fifth card is equally likely to
be any card the seat has not seen); :func:`odds_in_view` reads it off an observation and
:func:`table_odds` gives the table's odds panel.  A seat's sampled world (for the search
bot) deals the cards it has not seen at random among the other hands' hidden cards, the
cards out of play it never saw and the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.actions import Action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, SUIT_BITS, SUIT_NAMES, Card, parse_card, parse_cards
from ..core.chance import ChanceStep
from ..core.observation import Back, Observation, Zone
from ..core.options import option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..rules.chips import POT, PotBetGame, PotBetOptions, bet_refusal, edge_bet
from ..rules.deals import DealRule, each_seat, pile
from ..rules.worlds import WorldError, bits, replay, resume, seat_of, zone_or_none

#: Cards in each hand.
HAND = 4


def value(card: Card) -> int:
    """A card's rank with Aces high: Two = 2 … King = 13, Ace = 14."""
    return 14 if card.rank == 1 else card.rank


def _beaten(suit_bits: int) -> int:
    """The ranks of one suit (13 bits, Ace first) beaten by the best of ``suit_bits``."""
    if not suit_bits:
        return 0
    top = 14 if suit_bits & 1 else suit_bits.bit_length()
    return ((1 << (top - 1)) - 1) & ~1  # Two up to the rank below the top (never the Ace)


#: BEATEN[m]: for the ranks ``m`` held in one suit, the ranks of that suit they beat.
BEATEN = tuple(_beaten(m) for m in range(1 << 13))


def below_best(hand: int) -> int:
    """Every card (a bitmask) below a hand's best card of its suit, the hand's own included
    (an Ace is never below: it is high)."""
    out = 0
    for s in (0, 13, 26, 39):
        out |= BEATEN[(hand >> s) & SUIT_BITS] << s
    return out


def beaten_by(hand: int) -> int:
    """Every card (a bitmask) that a hand (a bitmask) beats as its fifth card.

    The hand's own cards are left out: none of them can be its fifth card.
    """
    return below_best(hand) & ~hand


def winning_card(hand: int, fifth: Card) -> Card | None:
    """The card a hand shows against ``fifth``: its lowest card of that suit above it."""
    best: Card | None = None
    base = fifth.suit * 13
    for i in bits((hand >> base) & SUIT_BITS):
        c = CARDS[base + i]
        if value(c) > value(fifth) and (best is None or value(c) < value(best)):
            best = c
    return best


def by_suit(mask: int) -> list[Card]:
    """The cards of a bitmask by suit, then rank with Aces high."""
    return sorted((CARDS[i] for i in bits(mask)), key=lambda c: (c.suit, value(c)))


def by_rank(mask: int) -> list[Card]:
    """The cards of a bitmask by rank with Aces high, then suit."""
    return sorted((CARDS[i] for i in bits(mask)), key=lambda c: (value(c), c.suit))


def _mask(cards: Any) -> int:
    m = 0
    for c in parse_cards(cards) if isinstance(cards, str) else (parse_card(c) for c in cards):
        m |= c.bit
    return m


class Odds(NamedTuple):
    """The exact chance that a hand beats its fifth card, from the cards a seat has seen.

    ``wins`` of the ``unseen`` cards the fifth card may be are beaten by the hand; each
    unseen card is equally likely.
    """

    win: Fraction
    wins: int
    unseen: int

    @property
    def lose(self) -> Fraction:
        return 1 - self.win

    def expected(self, bet: int) -> Fraction:
        """The chips a bet gains on average (even money; a loss counts as −``bet``)."""
        return bet * (2 * self.win - 1)


def odds(hand: Any, seen: Any = ()) -> Odds:
    """The exact chance that ``hand`` beats its fifth card, by counting unseen cards.

    Parameters
    ----------
    hand
        The four cards (``"KH 4H 9C 2S"`` or cards)
    seen
        Every other card the seat has seen (shown hands, fifth cards, cards out of
        play it knows): these cannot be the fifth card

    Examples
    --------
    >>> o = odds("KH 4H 9C 2S")
    >>> o.wins, o.unseen, o.win
    (17, 48, Fraction(17, 48))
    """
    h = _mask(hand)
    return _odds(h, _mask(seen))


def _odds(hand: int, seen: int) -> Odds:
    unseen = FULL & ~(hand | seen)
    n = unseen.bit_count()
    wins = (unseen & beaten_by(hand)).bit_count()
    return Odds(Fraction(wins, max(n, 1)), wins, n)


# --------------------------------------------------------------------------- options
@dataclass(frozen=True)
class RedDogOptions(PotBetOptions):
    face_up_hands: bool = option(
        False, "house rule: hands are dealt face up, so everyone sees every hand"
    )
    no_shuffle: bool = option(
        False,
        "house rule: no shuffle between deals; cards of earlier deals stay out until fewer "
        "than five per player are left, when everything is gathered and shuffled",
    )


# ----------------------------------------------------------------------------- state
class RedDogState(PotBetGame):
    """A game of Red Dog in progress.  ``order`` is the deck after the hands are dealt,
    in the order its cards are turned; ``next`` points at the next one."""

    __slots__ = (
        "dealt_mask",
        "fifth",
        "fresh",
        "hands",
        "next",
        "order",
        "out_mask",
        "out_own",
        "out_public",
        "outcomes",
        "shown",
    )

    DEAL = DealRule(each_seat(hand=HAND), pile("stock"))

    hands: list[int]
    shown: list[int]
    fifth: list[int]
    order: tuple[int, ...]
    next: int
    player: int
    outcomes: list[str]
    dealt_mask: int
    fresh: bool
    out_mask: int
    out_public: int
    out_own: list[int]

    def setup(self) -> None:
        super().setup()
        n = self.players
        self.out_mask = 0
        self.out_public = 0
        self.out_own = [0] * n
        self.dealt_mask = 0
        self.hands = [0] * n
        self.shown = [0] * n
        self.fifth = [-1] * n

    def reset_hand(self) -> None:
        super().reset_hand()
        if self.dealt_mask and self.options.no_shuffle:
            self._put_out()
        n = self.players
        self.hands = [0] * n
        self.shown = [0] * n
        self.fifth = [-1] * n
        self.order = ()
        self.next = 0
        self.player = -1
        self.outcomes = [""] * n
        self.dealt_mask = 0
        self.fresh = True

    def _put_out(self) -> None:
        """The finished deal's cards go out of play (``no_shuffle``)."""
        public = 0
        for s in range(self.players):
            public |= self.shown[s]
            if self.fifth[s] >= 0:
                public |= 1 << self.fifth[s]
            if self.options.face_up_hands:
                public |= self.hands[s]
        self.out_public |= public
        self.out_own = [
            own | (h & ~public) for own, h in zip(self.out_own, self.hands, strict=True)
        ]
        self.out_mask |= self.dealt_mask

    # ------------------------------------------------------------------ deal
    def deck_left(self) -> int:
        """The cards a deal may come from now (a bitmask): the deck, with ``no_shuffle``
        less every card out of play or on the table."""
        return FULL & ~(self.out_mask | self.dealt_mask)

    def deal_step(self) -> ChanceStep | None:
        """With ``no_shuffle`` a later deal comes from the cards left in the deck, unless
        fewer than five per player are left; otherwise the whole deck is shuffled."""
        if self.options.no_shuffle and self.results:
            left = self.deck_left()
            if left.bit_count() >= 5 * self.players:
                cards = tuple(CARDS[i] for i in bits(left))
                what = (
                    f"the deal of hand {self.hand_number + 1} from the {len(cards)} cards "
                    "left in the deck"
                )
                return ChanceStep("deal", cards, _deal_on, what, None, left)
        return super().deal_step()

    def on_deal(self, dealt: Any) -> None:
        cards = [c for hand in dealt["hand"] for c in hand] + list(dealt["stock"])
        self._start([c.index for c in cards], fresh=True)

    def _start(self, idx: list[int], fresh: bool) -> None:
        n = self.players
        self.fresh = fresh
        gathered = fresh and bool(self.out_mask)
        if fresh:
            self.out_mask = 0
            self.out_public = 0
            self.out_own = [0] * n
        dealt = 0
        for s in range(n):
            m = 0
            for i in idx[HAND * s : HAND * s + HAND]:
                m |= 1 << i
            self.hands[s] = m
            dealt |= m
        self.dealt_mask = dealt
        self.order = tuple(idx[HAND * n :])
        self.next = 0
        k = self.hand_number + 1
        dealer = self.names[self.dealer]
        if gathered:
            how = "gathers every card, shuffles and deals"
        elif fresh:
            how = "shuffles and deals"
        else:
            how = f"deals from the {len(idx)} cards left in the deck"
        self.log(
            "deal",
            self.dealer,
            f"{dealer} {how} hand {k} of {self.options.max_rounds}",
            pot=self.pots[POT],
            fresh=fresh,
            gathered=gathered,
        )
        self.open_deal()
        self.player = (self.dealer + 1) % n
        self.to_move = (self.player,)
        self.phase = self.BET

    def _bet(self, act: Action, seat: int) -> None:
        chips = int(act.args[0])
        name = self.names[seat]
        self.log("bet", seat, f"{name} bets {plural(chips, 'chip')}", chips=chips)
        f = self.order[self.next]
        self.next += 1
        self.fifth[seat] = f
        self.dealt_mask |= 1 << f
        card = CARDS[f]
        self.log("fifth", seat, f"{name}'s fifth card: {card.text}", cards=(card,))
        hand = self.hands[seat]
        win = winning_card(hand, card)
        suit = SUIT_NAMES[card.suit][:-1]
        if win is not None:
            self.shown[seat] = win.bit
            paid = self.pay_out(seat, chips, "bet won")
            result, change = "win", paid
            shown: tuple[Card, ...] = (win,)
            text = (
                f"{name} shows the {win.text}, a higher {suit}: the pot pays {name} "
                f"{plural(paid, 'chip')}"
            )
        else:
            self.shown[seat] = hand
            self.pay_in(seat, chips, "bet lost")
            result, change = "lose", -chips
            shown = tuple(by_suit(hand))
            said = " ".join(c.text for c in shown)
            beat = "nothing beats an Ace" if card.rank == 1 else f"no higher {suit}"
            text = f"{name} shows {said}, {beat}: {name} loses {plural(chips, 'chip')}"
        self.outcomes[seat] = f"{'won' if result == 'win' else 'lost'} {abs(change)}"
        self.log("show", seat, text, cards=shown, result=result, chips=change, pot=self.pots[POT])
        self._end_turn()

    def _end_turn(self) -> None:
        if self.end_turn(self.player):
            self.to_move = (self.player,)

    # ------------------------------------------------------------ legality
    def _bet_why(self, act: Action, seat: int) -> str:
        low, high = self.bet_range()
        return bet_refusal(act, low, high, self.pot_bound())

    def _bet_prompt(self, seat: int) -> str:
        return (
            f"Bet {self.bet_sizes()}: you win if your hand holds a card of your fifth card's "
            "suit that outranks it (Aces high)"
        )

    # ---------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        said = self.outcomes[seat] if self.outcomes else ""
        return {"this_deal": said} if said else {}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        face_up = bool(self.options.face_up_hands)
        stock = [CARDS[c] for c in reversed(self.order[self.next :])]
        zones = [Zone("stock", None, view.stack(stock), "pile", label="Deck")]
        if self.options.no_shuffle:
            zones.append(self._out_zone(view))
        for s in range(self.players):
            rest = by_suit(self.hands[s] & ~self.shown[s])
            if rest:  # a hand shown whole leaves nothing held
                held = view.held(rest, visible=view.seat == s, public=face_up)
                zones.append(Zone("hand", s, held, "hand", label=f"{names[s]}'s hand"))
            if self.shown[s]:
                won = self.shown[s] != self.hands[s]
                shown = tuple(by_suit(self.shown[s]))
                tags = ("beats it",) if won else ("",) * len(shown)
                zones.append(Zone("shown", s, shown, "row", label=f"{names[s]} shows", tags=tags))
            f = self.fifth[s]
            zones.append(
                Zone(
                    "fifth",
                    s,
                    (CARDS[f],) if f >= 0 else (),
                    "row",
                    label=f"{names[s]}'s fifth card",
                )
            )
        info = self.deal_info()
        if self.options.no_shuffle:
            info["left_in_deck"] = len(stock)
        return self.observe(view, zones, info)

    def _out_zone(self, view: Any) -> Zone:
        """Cards of earlier deals out of play: those shown to all face up, by rank; the
        viewer's own by rank, marked; the rest face down."""
        public = self.out_public
        seat = view.seat
        own = self.out_own[seat] if seat is not None else 0
        entries: list[Any] = list(by_rank(public))
        tags = [""] * len(entries)
        if view.teacher:
            entries += by_rank(self.out_mask & ~public)
            tags += ["held"] * (len(entries) - len(tags))
        else:
            mine = by_rank(own)
            entries += mine
            tags += ["yours"] * len(mine)
            hidden = by_rank(self.out_mask & ~public & ~own)
            entries += view.held(hidden)
            tags += [""] * len(hidden)
        return Zone(
            "out",
            None,
            tuple(entries),
            "row",
            label="Out of play since the shuffle",
            tags=tuple(tags),
        )

    # ------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> RedDogState:
        """A world for the seat: every card it has seen where it lies, the cards it has not
        seen dealt at random among the other hands' hidden cards, the cards out of play it
        never saw and the deck."""
        return _world(game, obs, rng)

    # --------------------------------------------------------------- phases
    BET = Phase("bet", lambda st, seat: st.bets(), _bet, _bet_why, _bet_prompt)


def _deal_on(state: Any, act: Action) -> None:
    """Apply a deal from the cards left in the deck (``no_shuffle``)."""
    state._start([c.index for c in act.cards], fresh=False)


def _world(game: Game, obs: Observation, rng: random.Random) -> RedDogState:
    seat = seat_of(obs)
    world = resume(game, obs)
    assert isinstance(world, RedDogState)
    n = world.players
    deal = next((ev for ev in obs.history if ev.kind == "deal"), None)
    if deal is None:
        raise WorldError("the observation shows no deal")
    seen = 0
    known: list[list[int]] = []
    hidden_slots: list[int] = []
    shown_by: dict[int, tuple[Card, ...]] = {}
    for s in range(n):
        zone = zone_or_none(obs, "hand", s)
        held = zone.cards if zone is not None else ()
        in_view = zone.faces if zone is not None else ()
        shown = zone_or_none(obs, "shown", s)
        shown_by[s] = shown.faces if shown is not None else ()
        faces = [c.index for c in (*in_view, *shown_by[s])]
        known.append(faces)
        hidden_slots.append(len(held) - len(in_view))
        for i in faces:
            seen |= 1 << i
    turned = [c.index for ev in obs.history if ev.kind == "fifth" for c in ev.cards]
    for i in turned:
        seen |= 1 << i
    public = own = out_hidden = 0
    if world.options.no_shuffle and not deal.get("fresh"):
        out = obs.zone("out")
        for entry, tag in zip(out.cards, out.tags, strict=True):
            if isinstance(entry, Back):
                out_hidden += 1
            elif isinstance(entry, Card):
                if tag == "yours":
                    own |= entry.bit
                else:
                    public |= entry.bit
        seen |= public | own
    pool = bits(FULL & ~seen)
    rng.shuffle(pool)
    take = 0
    if out_hidden or public or own:
        others = 0
        for i in pool[:out_hidden]:
            others |= 1 << i
        take = out_hidden
        world.out_public = public
        world.out_mask = public | own | others
        world.out_own = [0] * n
        world.out_own[seat] = own
        world.out_own[(seat + 1) % n] = others
        world.chance = world.deal_step()
    else:
        world.chance = world.DEAL.step(world)
        if deal.get("gathered"):
            world.out_mask = FULL  # cards lay out of play until this deal gathered them
    rest = pool[take:]
    # A winner's hidden cards never include a card of the fifth card's suit between it
    # and the card shown (that one would have been shown): those hands are filled first.
    fills: list[list[int]] = [[] for _ in range(n)]
    fifths = {ev.seat: ev.cards[0] for ev in obs.history if ev.kind == "fifth"}
    for s in sorted(range(n), key=lambda s: s not in fifths):
        avoid = 0
        if s in fifths and hidden_slots[s]:
            low, high = value(fifths[s]), min(value(c) for c in shown_by[s])
            suit = fifths[s].suit
            avoid = sum(1 << (suit * 13 + (v - 1) % 13) for v in range(low + 1, high))
        for _ in range(hidden_slots[s]):
            k = next(j for j, i in enumerate(rest) if not avoid >> i & 1)
            fills[s].append(rest.pop(k))
    order: list[int] = []
    for s in range(n):
        order += known[s] + fills[s]
    order += turned + rest
    world.pots[POT] = int(deal.get("pot", 0))
    replay(world, obs, chance=["deal " + " ".join(CARDS[i].code for i in order)])
    return world


def odds_in_view(obs: Observation) -> Odds:
    """The chance that the viewing seat's hand beats its fifth card, from ``obs`` alone.

    Raises ValueError when the viewer is not a seat whose hand is still to be played.
    """
    seat = obs.viewer
    if not isinstance(seat, int):
        raise ValueError("odds are for a seat's own hand")
    if obs.zone("fifth", seat).cards:
        raise ValueError(f"{obs.names[seat]}'s hand has been played this deal")
    hand = zone_or_none(obs, "hand", seat)
    if hand is None or len(hand.cards) != HAND:
        raise ValueError("no hand is dealt now")
    mine = _mask(hand.faces)
    seen = 0
    for z in obs.zones:
        if z is not hand and z.name in ("hand", "shown", "fifth", "out"):
            seen |= _mask(z.faces)
    return _odds(mine, seen)


def table_odds(obs: Observation) -> dict[str, float]:
    """The odds panel: the chance the viewer's hand beats its fifth card and, when a bet
    is worth more than the minimum, what a bet of the whole pot gains on average, as a
    share of the pot.  Empty when the viewer has no hand still to play."""
    seat = obs.viewer
    if obs.terminal or not isinstance(seat, int) or not obs.pots:
        return {}
    hand = zone_or_none(obs, "hand", seat)
    if obs.zone("fifth", seat).cards or hand is None or len(hand.cards) != HAND:
        return {}
    o = odds_in_view(obs)
    out = {"your hand beats its fifth card": float(o.win)}
    if o.win > Fraction(1, 2):
        out["a pot-sized bet gains on average (share of the pot)"] = float(2 * o.win - 1)
    return out


# ------------------------------------------------------------------------- bot
class RedDogBot(PhaseBot):
    """Bet by the exact chance of beating the fifth card, counting every card in view.

    It reads only its observation: its hand, the cards shown, the fifth cards, the pot.
    """

    name = "heuristic"

    @on(
        "bet",
        why="bet the minimum unless the hand beats the fifth card more often than not; "
        "then bet a share of the pot equal to the edge (twice the chance of winning, "
        "less one)",
    )
    def bet(self, obs: Observation) -> Action:
        return edge_bet(obs, 2 * odds_in_view(obs).win - 1)


GAME = register(
    GameSpec(
        name="red_dog",
        title="Red Dog",
        family="chips",
        players=(2, 3, 4, 5, 6, 7, 8),
        default_players=5,
        summary="Bet against the pot that your hand holds a higher card of your fifth card's suit.",
        state_class=RedDogState,
        options_class=RedDogOptions,
        deck="standard 52",
        bots={"heuristic": RedDogBot},
        source="denexa-classics.txt (Red Dog)",
        layout=TableLayout(center=("stock", "out"), apart=("fifth",)),
        related=(("in_between", "a bet against the pot on the next card"),),
        bench_target=9_000,
        variants={
            "ante each deal": {"ante_each_deal": True},
            "face-up hands": {"face_up_hands": True},
            "no shuffle": {"no_shuffle": True},
        },
        odds=table_odds,
    )
)
