"""In-Between (Acey-Deucey): bet that a third card lands between two posts.

Rules in brief
--------------
Two to eight players play against a common pot, each starting with a stack of chips.  To
open the pot everybody pays an ante.  In each deal the players take one turn apiece,
starting at the dealer's left and ending with the dealer; the deck is shuffled only at
the start of a deal, so later turns see the cards used by earlier ones.

On a turn two cards are turned face up, well apart: the *posts*.  An Ace among them is
called high (above the King) or low (below the Two) by the player whose turn it is, as
soon as the posts show.  Then:

* posts of the same rank are a pair: the pot pays the player twice the minimum bet, and
  no third card is turned;
* posts of adjacent ranks leave no room between them: the player pays the minimum bet
  into the pot, and no third card is turned;
* otherwise the player must bet, anything from the minimum bet up to all the pot holds.
  A third card is turned.  If its rank lies strictly between the posts, the pot pays the
  bet (even money); if not, the bet goes into the pot.  A third card of a post's rank
  ("hitting the post") is simply a lost bet.

After the dealer's turn the deal passes to the left.  The game ends the moment a player
takes everything in the pot, or after a set number of deals, when the pot is shared out
evenly.  The highest balance wins.

With the pair bet (an option) a pair of posts may instead be played for a third card of
the same rank, paid 25 to 1 but never more than the pot holds.

Options
-------
{options}

Rulings
-------
* Five players by default (any number from 2 to 8).  A hand is one deal: one turn for
  every player, dealer last.  Everyone antes once, at the start of the game
  (``ante_each_deal`` antes at every deal).
* Each Ace post is called separately, left post first, before anything is judged: so A-2
  called high is a wide spread, not adjacent ranks, and two Aces called low and high are
  the widest spread there is (any Two to King wins).  Two Aces called the same way are a
  pair.
* A third card that is an Ace is never between the posts: it hits the post when a post
  is an Ace, and otherwise lies outside, whichever way it is read.
* Hitting the post costs the bet and nothing more.
* Every payment from the pot (a won bet, the pair payment, the pair bet's 25 to 1) is
  capped at what the pot holds; payments into the pot are never limited by a balance,
  which may go below zero.  An empty pot ends the game on the spot.
* When the pot holds less than the minimum bet, the smallest bet is what it holds.
* At the deal cap (``max_rounds``, or the ``hands`` limit) the pot is split evenly among
  all players and the odd chips are dropped.  Equal highest balances share the win.
* With ``pair_bet`` on, a pair of posts offers ``take`` (the usual payment) or a pair
  bet; with ``pair_bet_forced`` the pair bet is compulsory.
* An explicit deal is the deck in the order its cards are turned:
  ``game.deal(stock="7C AS QH ...")`` (cards not given follow at random).

Actions
-------
``ace high`` / ``ace low`` (call the next Ace post), ``bet N`` (N chips), and with the
pair bet ``take`` (the pair payment instead of a bet).

Odds and worlds
---------------
:func:`odds` gives the exact chances of the third card (a win, a post, outside) for two
posts and the cards a seat has seen, by counting the unseen cards; :func:`odds_in_view`
reads them off an observation.  Every turned card is public and nobody sees the deck, so
a seat's sampled world (for the search bot) is exact: the unseen cards in a random order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, FULL, RANK_MASKS, RANK_NAMES, Card, parse_card, parse_cards
from ..core.errors import OptionError
from ..core.observation import Observation, Zone
from ..core.options import option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..rules.chips import (
    POT,
    PotBetGame,
    PotBetOptions,
    bet_action,
    bet_actions,
    bet_bounds,
    bet_refusal,
    edge_bet,
)
from ..rules.deals import DealRule, pile
from ..rules.worlds import bits, deal_action, replay, resume, seat_of

#: A won pair bet pays this many times the bet (capped at the pot).
PAIR_ODDS = 25
ACE_HIGH = action("ace high")
ACE_LOW = action("ace low")
TAKE = action("take")
CALLS = (ACE_HIGH, ACE_LOW)
#: How the third card is marked on the table, by the turn's result.
THIRD_TAGS = {
    "win": "between",
    "outside": "outside",
    "post": "post",
    "three": "three of a kind",
    "miss": "no match",
}
HIGH_ACE, LOW_ACE = 14, 1


def _between_mask(low: int, high: int) -> int:
    """The cards strictly between two post values (1..14); an Ace is never between."""
    m = 0
    for r in range(max(low + 1, 2), min(high, 14)):
        m |= RANK_MASKS[r]
    return m


#: BETWEEN[low][high]: the winning cards for posts valued ``low`` < ``high``.
BETWEEN = tuple(tuple(_between_mask(lo, hi) for hi in range(15)) for lo in range(15))


def rank_plural(rank: int) -> str:
    """``"Sevens"``, ``"Sixes"``, ``"Aces"``."""
    name = RANK_NAMES[rank - 1]
    return name + ("es" if name.endswith("x") else "s")


def post_value(card: Card, call: str | None) -> int:
    """A post's value: its rank, an Ace 14 when called high and 1 when called low."""
    if card.rank != 1:
        return card.rank
    if call not in ("high", "low"):
        raise ValueError(f"an Ace post is called 'high' or 'low', not {call!r}")
    return HIGH_ACE if call == "high" else LOW_ACE


def best_call(ace: Card, other: Card, other_call: str | None = None) -> str:
    """The call of the Ace ``ace`` leaving the most ranks between it and ``other``.

    With two Aces and the other one not yet called, the first is called low (the other
    then goes high).
    """
    if other.rank == 1:
        if other_call is None:
            return "low"
        return "low" if other_call == "high" else "high"
    return "low" if other.rank - 2 > 13 - other.rank else "high"


class Odds(NamedTuple):
    """Exact chances of the third card, given two posts and the cards a seat has seen.

    ``win``: strictly between the posts (for a pair: a third card of the pair's rank, the
    pair bet's win); ``post``: the rank of a post, a lost bet; ``outside``: any other
    card, a lost bet.  ``kind`` is ``"spread"``, ``"pair"`` or ``"consecutive"``;
    ``unseen`` is how many cards the third card may be, and the chances are counts of
    them.
    """

    win: Fraction
    post: Fraction
    outside: Fraction
    unseen: int
    kind: str
    low: int
    high: int

    @property
    def lose(self) -> Fraction:
        """The chance of losing the bet, hitting the post included."""
        return self.post + self.outside

    def expected(self, bet: int, pot: int | None = None) -> Fraction:
        """The chips a bet of ``bet`` gains on average (a loss counts as −``bet``).

        A won bet is paid at even money (25 to 1 for the pair bet), never more than
        ``pot`` when it is given.
        """
        paid = bet * PAIR_ODDS if self.kind == "pair" else bet
        if pot is not None:
            paid = min(paid, pot)
        return self.win * paid - (1 - self.win) * bet


def odds(
    posts: str | tuple[Card | str, Card | str] | list[Card | str],
    seen: str | Any = (),
    calls: tuple[str | None, str | None] = (None, None),
) -> Odds:
    """The exact chances of the third card for two ``posts``, by counting unseen cards.

    Parameters
    ----------
    posts
        The two posts, left first (``"7C AS"`` or cards)
    seen
        Every other card the seat has seen this deal (its posts need not be listed):
        these cannot be the third card; every other card is equally likely to be it
    calls
        How each post that is an Ace is called, ``"high"`` or ``"low"``; ``None`` (the
        default) takes the call that leaves the most ranks between the posts

    Examples
    --------
    >>> o = odds("4C JD")
    >>> o.win, o.post, o.outside
    (Fraction(12, 25), Fraction(3, 25), Fraction(2, 5))
    """
    two = parse_cards(posts) if isinstance(posts, str) else tuple(parse_card(c) for c in posts)
    if len(two) != 2:
        raise ValueError(f"give the two posts, left first, not {len(two)} cards")
    left, right = two
    seen_mask = 0
    for c in parse_cards(seen) if isinstance(seen, str) else (parse_card(c) for c in seen):
        seen_mask |= 1 << c.index
    lc, rc = calls
    if left.rank == 1 and lc is None:
        lc = best_call(left, right, rc if right.rank == 1 else None)
    if right.rank == 1 and rc is None:
        rc = best_call(right, left, lc)
    return _odds(post_value(left, lc), post_value(right, rc), seen_mask | left.bit | right.bit)


def _odds(a: int, b: int, seen: int) -> Odds:
    """Odds for post values ``a`` and ``b`` (1..14) with ``seen`` (posts included) out."""
    low, high = (a, b) if a <= b else (b, a)
    unseen = FULL & ~seen
    n = unseen.bit_count()
    posts = RANK_MASKS[low if low < 14 else 1] | RANK_MASKS[high if high < 14 else 1]
    if low == high:
        kind, wins, hits = "pair", (unseen & posts).bit_count(), 0
    else:
        kind = "consecutive" if high - low == 1 else "spread"
        wins = (unseen & BETWEEN[low][high]).bit_count()
        hits = (unseen & posts).bit_count()
    d = max(n, 1)
    return Odds(
        Fraction(wins, d), Fraction(hits, d), Fraction(n - wins - hits, d), n, kind, low, high
    )


# --------------------------------------------------------------------------- options
@dataclass(frozen=True)
class InBetweenOptions(PotBetOptions):
    pair_bet: bool = option(
        False,
        "a pair of posts may be played for a third card of that rank, paid 25 to 1 (never "
        "more than the pot holds)",
    )
    pair_bet_forced: bool = option(
        False,
        "with pair_bet: a pair of posts must be played for the third card; otherwise the "
        "player may take the usual pair payment instead",
    )

    def check(self) -> None:
        if self.pair_bet_forced and not self.pair_bet:
            raise OptionError(
                "option pair_bet_forced=True needs pair_bet=True: there is no pair bet to force"
            )


# ----------------------------------------------------------------------------- state
class InBetweenState(PotBetGame):
    """A game of In-Between in progress.  The deck is a tuple of card indices in the
    order they are turned; ``next`` points at the next card to turn."""

    __slots__ = (
        "calls",
        "last",
        "last_seat",
        "last_tags",
        "next",
        "order",
        "outcomes",
        "posts",
        "third",
        "third_tag",
        "used",
        "values",
    )

    DEAL = DealRule(pile("stock"), positional=("stock",))

    order: tuple[int, ...]
    next: int
    player: int
    posts: list[int]
    values: list[int]  # 0: an Ace not called yet
    calls: list[str]
    third: int
    third_tag: str
    last: list[int]
    last_tags: list[str]
    last_seat: int
    used: list[int]
    outcomes: list[str]

    def reset_hand(self) -> None:
        super().reset_hand()
        self.order = ()
        self.next = 0
        self.player = -1
        self.posts = []
        self.values = []
        self.calls = []
        self.third = -1
        self.third_tag = ""
        self.last = []
        self.last_tags = []
        self.last_seat = -1
        self.used = []
        self.outcomes = [""] * self.players

    # ------------------------------------------------------------------ deal
    def on_deal(self, dealt: Any) -> None:
        self.order = tuple(dealt.indices("stock"))
        self.next = 0
        k = self.hand_number + 1
        self.log(
            "deal",
            self.dealer,
            f"{self.names[self.dealer]} shuffles for deal {k} of {self.options.max_rounds}",
            pot=self.pots[POT],
        )
        self.open_deal()
        self.player = (self.dealer + 1) % self.players
        self._turn_posts()

    def _turn(self) -> int:
        c = self.order[self.next]
        self.next += 1
        return c

    def _turn_posts(self) -> None:
        seat = self.player
        a, b = self._turn(), self._turn()
        self.posts = [a, b]
        self.values = [0 if CARDS[c].rank == 1 else CARDS[c].rank for c in (a, b)]
        self.calls = ["", ""]
        self.third = -1
        name = self.names[seat]
        self.log(
            "posts",
            seat,
            f"{name}'s posts: {CARDS[a].text} and {CARDS[b].text}",
            cards=(CARDS[a], CARDS[b]),
        )
        self.to_move = (seat,)
        if 0 in self.values:
            self.phase = self.CALL
        else:
            self._judge()

    def _call(self, act: Action, seat: int) -> None:
        i = self.values.index(0)
        card = CARDS[self.posts[i]]
        call = act.args[0]
        self.values[i] = HIGH_ACE if call == "high" else LOW_ACE
        self.calls[i] = call
        self.log(
            "call",
            seat,
            f"{self.names[seat]} calls the {card.text} {call}",
            cards=(card,),
            call=call,
        )
        if 0 not in self.values:
            self._judge()

    def _judge(self) -> None:
        """Posts called: a pair, adjacent ranks, or a bet to make."""
        seat = self.player
        name = self.names[seat]
        low, high = sorted(self.values)
        min_bet: int = self.options.min_bet
        if low == high:
            if self.options.pair_bet:
                self.phase = self.PAIR
                return
            paid = self.pay_out(seat, 2 * min_bet, "a pair of posts")
            self.outcomes[seat] = f"pair, paid {paid}"
            self.log(
                "pair",
                seat,
                f"{name}'s posts are a pair: the pot pays {name} {plural(paid, 'chip')}",
                chips=paid,
                pot=self.pots[POT],
            )
            self._end_turn()
        elif high - low == 1:
            self.pay_in(seat, min_bet, "posts of adjacent ranks")
            self.outcomes[seat] = f"adjacent, lost {min_bet}"
            self.log(
                "consecutive",
                seat,
                f"{name}'s posts are adjacent ranks: {name} pays {plural(min_bet, 'chip')} "
                "into the pot",
                chips=min_bet,
                pot=self.pots[POT],
            )
            self._end_turn()
        else:
            self.phase = self.BET

    def _take(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        paid = self.pay_out(seat, 2 * self.options.min_bet, "a pair of posts")
        self.outcomes[seat] = f"pair, paid {paid}"
        self.log(
            "take",
            seat,
            f"{name} takes the pair payment: the pot pays {name} {plural(paid, 'chip')}",
            chips=paid,
            pot=self.pots[POT],
        )
        self._end_turn()

    def _bet(self, act: Action, seat: int) -> None:
        chips = int(act.args[0])
        name = self.names[seat]
        pair = self.phase == self.PAIR
        low, high = sorted(self.values)
        rank = CARDS[self.posts[0]].rank
        said = f" on a third {RANK_NAMES[rank - 1]}" if pair else ""
        self.log("bet", seat, f"{name} bets {plural(chips, 'chip')}{said}", chips=chips, pair=pair)
        t = self._turn()
        self.third = t
        card = CARDS[t]
        r = card.rank
        if pair:
            if r == rank:
                paid = self.pay_out(seat, PAIR_ODDS * chips, "pair bet won at 25 to 1")
                result, change = "three", paid
                text = f"three {rank_plural(rank)}: the pot pays {name} {plural(paid, 'chip')}"
            else:
                self.pay_in(seat, chips, "pair bet lost")
                result, change = "miss", -chips
                text = f"no third {RANK_NAMES[rank - 1]}: {name} loses {plural(chips, 'chip')}"
        elif r in (CARDS[self.posts[0]].rank, CARDS[self.posts[1]].rank):
            self.pay_in(seat, chips, "bet lost: hit the post")
            result, change = "post", -chips
            text = f"it hits the post: {name} loses {plural(chips, 'chip')}"
        elif r != 1 and low < r < high:
            paid = self.pay_out(seat, chips, "bet won")
            result, change = "win", paid
            text = f"in between: the pot pays {name} {plural(paid, 'chip')}"
        else:
            self.pay_in(seat, chips, "bet lost")
            result, change = "outside", -chips
            text = f"outside the posts: {name} loses {plural(chips, 'chip')}"
        self.outcomes[seat] = f"{'won' if change >= 0 else 'lost'} {abs(change)}"
        self.third_tag = THIRD_TAGS[result]
        self.log(
            "third",
            seat,
            f"Third card {card.text}: {text}",
            cards=(card,),
            result=result,
            chips=change,
            pot=self.pots[POT],
        )
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.player
        a, b = self.posts
        self.used += self.last
        tags = [self._tag(0), self._tag(1)]
        if self.third >= 0:
            self.last = [a, self.third, b]
            self.last_tags = [tags[0], self.third_tag, tags[1]]
        else:
            self.last = [a, b]
            self.last_tags = tags
        self.last_seat = seat
        self.posts = []
        self.values = []
        self.calls = []
        self.third = -1
        if self.end_turn(seat):
            self._turn_posts()

    def _tag(self, i: int) -> str:
        return self.calls[i] if self.calls and self.calls[i] else ""

    # ------------------------------------------------------------ legality
    def _bet_why(self, act: Action, seat: int) -> str:
        low, high = self.bet_range()
        why = bet_refusal(act, low, high, self.pot_bound())
        if why:
            return why
        if act in CALLS:
            return "no Ace post is waiting to be called"
        if act == TAKE:
            if self.phase == self.PAIR:
                return "with pair_bet_forced a pair of posts must be played for the third card"
            return "'take' answers a pair of posts only, with the pair bet on"
        return ""

    def _call_why(self, act: Action, seat: int) -> str:
        i = self.values.index(0)
        card = CARDS[self.posts[i]]
        return f"call the {card.text} high or low first: an Ace post is called before anything else"

    def _pair_legal(self, seat: int) -> tuple[Action, ...]:
        low, high = self.bet_range()
        return bet_actions(low, high, head=() if self.options.pair_bet_forced else (TAKE,))

    # ----------------------------------------------------------- prompts
    def _call_prompt(self, seat: int) -> str:
        i = self.values.index(0)
        card = CARDS[self.posts[i]]
        side = "left" if i == 0 else "right"
        return (
            f"Call your {side} post, the {card.text}, high (above the King) or low (below the Two)"
        )

    def _bet_prompt(self, seat: int) -> str:
        a, b = (CARDS[c].text for c in self.posts)
        return (
            f"Bet {self.bet_sizes()}: you win if the third card falls strictly between {a} and {b}"
        )

    def _pair_prompt(self, seat: int) -> str:
        rank = CARDS[self.posts[0]].rank
        third = RANK_NAMES[rank - 1]
        bet = f"bet {self.bet_sizes()} on a third {third} (paid 25 to 1, at most the pot)"
        if self.options.pair_bet_forced:
            return f"Your posts are a pair: {bet}"
        paid = min(2 * self.options.min_bet, self.pots[POT])
        return f"Your posts are a pair: take {plural(paid, 'chip')}, or {bet}"

    # ---------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        said = self.outcomes[seat] if self.outcomes else ""
        return {"this_deal": said} if said else {}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        names = self.names
        stock = [CARDS[c] for c in reversed(self.order[self.next :])]
        zones = [Zone("stock", None, view.stack(stock), "pile", label="Deck")]
        if self.posts:
            tags = [
                "" if CARDS[c].rank != 1 else (self._tag(i) or "call?")
                for i, c in enumerate(self.posts)
            ]
            zones.append(
                Zone(
                    "posts",
                    None,
                    tuple(CARDS[c] for c in self.posts),
                    "row",
                    label=f"{names[self.player]}'s posts",
                    tags=tuple(tags),
                )
            )
        else:
            zones.append(Zone("posts", None, (), "row", label="Posts"))
        seat = self.last_seat
        label = f"{names[seat]}'s turn: {self.outcomes[seat]}" if seat >= 0 else "Last turn"
        zones.append(
            Zone(
                "last",
                None,
                tuple(CARDS[c] for c in self.last),
                "row",
                label=label,
                tags=tuple(self.last_tags),
            )
        )
        used = sorted((CARDS[c] for c in self.used), key=lambda c: (c.rank, c.suit))
        zones.append(Zone("used", None, tuple(used), "row", label="Turned earlier, by rank"))
        return self.observe(view, zones, self.deal_info())

    # ------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> InBetweenState:
        """A world for the seat: every card turned so far where it was turned, the unseen
        cards in a random order for the rest of the deck (exact: nobody has seen them)."""
        return _world(game, obs, rng)

    # --------------------------------------------------------------- phases
    CALL = Phase("call", lambda st, seat: CALLS, _call, _call_why, _call_prompt)
    BET = Phase("bet", lambda st, seat: st.bets(), _bet, _bet_why, _bet_prompt)
    PAIR = Phase(
        "pair",
        _pair_legal,
        lambda st, a, s: (st._take if a == TAKE else st._bet)(a, s),
        _bet_why,
        _pair_prompt,
    )


def _world(game: Game, obs: Observation, rng: random.Random) -> InBetweenState:
    seat_of(obs)
    world = resume(game, obs)
    assert isinstance(world, InBetweenState)
    turned: list[int] = []
    pot = 0
    for ev in obs.history:
        if ev.kind == "deal":
            pot = int(ev.get("pot", 0))
        elif ev.kind in ("posts", "third"):
            turned += [c.index for c in ev.cards]
    seen = 0
    for c in turned:
        seen |= 1 << c
    rest = bits(FULL & ~seen)
    rng.shuffle(rest)
    world.pots[POT] = pot
    replay(world, obs, chance=[deal_action(world, {("stock", None): turned + rest})])
    return world


def odds_in_view(obs: Observation) -> Odds:
    """The odds of the posts showing in ``obs``, from the cards turned this deal.

    An Ace post not called yet is taken at its best call.
    """
    posts = obs.zone("posts")
    if len(posts.cards) != 2:
        raise ValueError("no posts are showing now")
    left, right = posts.faces
    calls: list[str | None] = [t if t in ("high", "low") else None for t in posts.tags]
    seen = [c for z in obs.zones if z.name in ("last", "used") for c in z.faces]
    return odds((left, right), seen, (calls[0], calls[1]))


# ------------------------------------------------------------------------- bot
class InBetweenBot(PhaseBot):
    """Call Aces for the widest spread, bet by the exact odds, size bets by the edge.

    It reads only its observation: the posts, the cards turned this deal, the pot.
    """

    name = "heuristic"

    @on("call", why="call the Ace the way that leaves the most ranks between the posts")
    def call(self, obs: Observation) -> Action:
        posts = obs.zone("posts")
        i = next(k for k, t in enumerate(posts.tags) if t == "call?")
        ace, other = posts.faces[i], posts.faces[1 - i]
        other_call = posts.tags[1 - i] if posts.tags[1 - i] in ("high", "low") else None
        return ACE_HIGH if best_call(ace, other, other_call) == "high" else ACE_LOW

    @on(
        "bet",
        why="bet the minimum unless the third card wins more often than not; then bet a "
        "share of the pot equal to the edge (twice the chance of winning, less one)",
    )
    def bet(self, obs: Observation) -> Action:
        return edge_bet(obs, 2 * odds_in_view(obs).win - 1)

    @on(
        "pair",
        why="play the pair for a third card when a bet of a 25th of the pot is worth more "
        "on average than the sure pair payment",
    )
    def pair(self, obs: Observation) -> Action:
        o = odds_in_view(obs)
        pot = obs.pots[0].chips
        low, high = bet_bounds(obs)
        chips = min(high, max(low, -(-pot // PAIR_ODDS)))
        if TAKE not in obs.legal:
            return bet_action(chips)
        sure = min(2 * int(obs.info.get("min_bet", 1)), pot)
        return bet_action(chips) if o.expected(chips, pot) > sure else TAKE


def table_odds(obs: Observation) -> dict[str, float]:
    """The third card's chances for the posts showing in ``obs`` (the table's odds panel).

    Empty while no posts are showing.
    """
    if len(obs.zone("posts").cards) != 2:
        return {}
    o = odds_in_view(obs)
    win = "pair bet wins (the pair's rank)" if o.kind == "pair" else "falls between (win)"
    return {win: float(o.win), "hits a post": float(o.post), "falls outside": float(o.outside)}


GAME = register(
    GameSpec(
        name="in_between",
        title="In-Between",
        family="chips",
        players=(2, 3, 4, 5, 6, 7, 8),
        default_players=5,
        summary="Bet against the pot that the third card falls strictly between two posts.",
        state_class=InBetweenState,
        options_class=InBetweenOptions,
        deck="standard 52",
        bots={"heuristic": InBetweenBot},
        source="denexa-classics.txt (In-Between)",
        layout=TableLayout(center=("stock", "posts", "last", "used"), apart=("posts", "last")),
        bench_target=8_000,
        variants={"ante each deal": {"ante_each_deal": True}, "pair bet": {"pair_bet": True}},
        odds=table_odds,
    )
)
