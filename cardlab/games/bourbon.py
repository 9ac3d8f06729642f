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
{options}

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
* Which arrangement counts.  The text asks players to spread their hands by putting the
  largest number of cards into melds, while knocking, undercuts and scoring are all in
  deadwood points.  cardlab reads the phrase as the ordinary description of spreading
  melds and keeps the Gin Rummy rule the game is a variant of: the deadwood is the least
  number of points the cards can leave, for the knock limit, the knocker and the defender
  alike.  The two readings (fewest points, fewest cards) almost never part: among
  1,000,000 random ten-card hands they left different deadwood in 3 (by 1 point each),
  and among 100,000 random hands that could knock (10 or less deadwood) in 13 (by 1 or
  2 points); where they part, counting cards would make a player show more points than
  the hand needs, against the scoring.  The hand 2♣ 2♦ 2♥, A♠ 2♠ 3♠ with 4♣ A♦ 4♦ A♥
  left over is a knock with 10; melding the most cards (A♦ A♥ A♠ and the four 2s) would
  leave 4♣ 4♦ 3♠, 11 points.
* Arrangements among equals.  The defender, among its least-deadwood lay-offs and
  arrangements, melds or lays off as many picture cards as it can.  The knocker, among
  its least-deadwood arrangements, uses the one that is best for it in this hand's points
  (its points minus the defender's, the defender replying as just said), so its own
  picture bonus and what it leaves open to lay-offs both count.  Remaining ties go to
  the first arrangement of the meld search.
* A cancelled hand counts as a hand (for ``hands=N``) and the deal passes as usual.
* Winner: the first player to reach the target.  When both first reach it in the same
  hand, the RULINGS.md rule above applies.  With ``hands=N`` and nobody at the target,
  the higher total wins and equal totals share the win.
* ``max_hands`` (default 1,000) stops a game nobody wins, as ``hands`` does.  Players who
  knock finish a game in 10 to 16 hands; bots drawing at random, which seldom knock,
  took up to 680 in our measurements: the cap sits above both and only ends a game
  whose target is out of reach.
* Explicit deals list the cards in dealing order: ten for seat 0, ten for seat 1, the
  left and right face-down cards, the upcard, then the stock from the top down:
  ``game.deal([north, south], left=..., right=..., upcard=..., stock=[...])``.

Actions
-------
Opening offer: ``draw upcard`` or ``pass``.  Draws: ``draw upcard``, ``draw left``,
``draw stock``, ``draw right``.  Then ``discard XX``, ``knock XX`` (discard XX and knock)
or ``bourbon XX`` (discard XX with no deadwood left).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import on
from ..core.cards import CARDS, Card, get_deck, mask_of
from ..core.observation import Back, Observation
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import GameSpec, TableLayout
from ..rules import melds as _m
from ..rules.deals import DealRule, each_seat, pile
from ..rules.rummy import DRAW, HAND_SIZE, UNDERCUT_BONUS, KnockRummy, Reveal, RummyBot

FACE_BONUS = 3  # per picture card a player puts in a meld or lays off
#: Every Jack, Queen and King.
FACES = sum(1 << (13 * s + k) for s in range(4) for k in (10, 11, 12))

DRAW_UPCARD, DRAW_LEFT, DRAW_STOCK, DRAW_RIGHT = (
    DRAW[s] for s in ("upcard", "left", "stock", "right")
)
PASS = action("pass")
_OFFER = (DRAW_UPCARD, PASS)


@dataclass(frozen=True)
class BourbonOptions(DealerOptions):
    cap: ClassVar[str] = "max_hands"
    allowed_decks: ClassVar[tuple[str, ...]] = ("foresight",)
    hands: int | None = option(
        None,
        "play exactly this many hands, cancelled ones included (None: until a total reaches "
        "the target); if nobody has reached the target by then, the higher total wins",
        min=1,
        max=10_000,
    )
    deck: str = option(
        "foresight",
        "which Foresight deck's cards and backs to use (the Foresight deck, or a back table "
        "of your own registered with register_foresight)",
    )
    target: int = option(
        150,
        "the first player whose total reaches this wins (both in one hand: the higher "
        "score in that hand, then the knocker)",
        min=1,
        max=1_500,
    )
    max_hands: int = option(
        1_000,
        "the game stops after this many hands (cancelled ones included) if nobody has "
        "reached the target; the higher total then wins",
        min=1,
        max=10_000,
    )


# ------------------------------------------------------------ the offer
def _offer_apply(st: BourbonState, act: Action, seat: int) -> None:
    if act != PASS:
        st.DRAW_PHASE.apply(st, act, seat)
        return
    name = st.names[seat]
    if seat != st.dealer:
        st.log("pass", seat, f"{name} declines the upcard")
        st.to_move = (st.dealer,)
        return
    st.log("pass", seat, f"{name} declines the upcard too; {st.names[1 - seat]} draws face down")
    st.phase = st.DRAW_PHASE
    st.declined = True
    st.to_move = (1 - seat,)


def _offer_why(st: BourbonState, act: Action, seat: int) -> str:
    if act.verb == "draw" and act.args in (("left",), ("stock",), ("right",)):
        who = "non-dealer" if seat != st.dealer else "dealer"
        return (
            f"on the first turn the {who} first says whether to take the upcard "
            "('draw upcard' or 'pass'); the face-down cards come after both pass"
        )
    return "take the upcard ('draw upcard') or decline it ('pass')"


OFFER = Phase(
    "offer",
    lambda st, seat: _OFFER,
    _offer_apply,
    _offer_why,
    lambda st, seat: f"Take the upcard ({CARDS[st.pile[-1]].text}) or pass",
)


# ------------------------------------------------------------ state
class BourbonState(KnockRummy):
    """A game of Bourbon in progress (see :class:`~cardlab.rules.rummy.KnockRummy`).

    ``side`` holds the left and right face-down cards (-1 once gone).
    """

    __slots__ = ()

    DEAL = DealRule(
        each_seat(hand=HAND_SIZE),
        pile("left", 1),
        pile("right", 1),
        pile("upcard", 1),
        pile("stock"),
    )
    DRAWS = ("upcard", "left", "stock", "right")
    WIN = "bourbon"
    WIN_BONUS = 20
    OPENING = OFFER
    DRAWS_TEXT = ("{name} draws {where} (back {back})", "{name} draws {card}, {where}")
    DRAW_HINT = "the upcard or a face-down card"
    DOWN_PROMPT = "one of the three face-down cards (left, stock or right)"
    STOCK_OUT = "The hand is cancelled: only {n} face-down cards are left to draw; nobody scores"

    def draw_why(self, act: Action, seat: int) -> str:
        if act.verb == "pass":
            return "you must draw: only the opening offer of the upcard can be passed"
        return super().draw_why(act, seat)

    # ------------------------------------------------------------ spread
    def settle(self, kh: int, dh: int, win: bool) -> tuple[Any, int, Any, int, int]:
        """Least deadwood first; then pictures for the defender and the best margin for
        the knocker (see the rulings)."""
        if win:
            kmelds, kdead = _m.fewest_in_deadwood(kh, FACES)
            dmelds, ddead = _m.fewest_in_deadwood(dh, FACES)
            return kmelds, kdead, dmelds, ddead, 0
        best: tuple[int, Any] | None = None
        for kmelds, kdead in _m.best_arrangements(kh):
            laid, dmelds, dpoints, ddead = _m.best_layoff_keeping(kmelds, dh, FACES)
            kpoints = _m.card_values(kdead)
            margin = FACE_BONUS * (
                (kh & ~kdead & FACES).bit_count() - (dh & ~ddead & FACES).bit_count()
            )
            margin += dpoints - kpoints if kpoints < dpoints else dpoints - kpoints - UNDERCUT_BONUS
            if best is None or margin > best[0]:
                best = (margin, (kmelds, kdead, dmelds, ddead, laid))
        assert best is not None
        return best[1]  # type: ignore[no-any-return]

    def score(self, rv: Reveal) -> tuple[str, int]:
        summary, winner = super().score(rv)
        names = self.names
        k = rv.knocker
        extra = []
        for s, how in ((k, "melded"), (1 - k, "melded or laid off")):
            n = (rv.melded(s) & FACES).bit_count()
            if n:
                self.award(s, FACE_BONUS * n, f"{plural(n, 'picture')} {how} ({n} × {FACE_BONUS})")
                extra.append(f"{names[s]} +{FACE_BONUS * n} for pictures")
        if extra:
            summary += "; " + ", ".join(extra)
        return summary, winner

    # ------------------------------------------------------------ the end
    def same_hand_winners(self, hand: int) -> tuple[int, ...]:
        """RULINGS.md: the higher score in that hand, then the knocker of that hand."""
        pts = self.results[hand].points
        if pts[0] != pts[1]:
            return (0,) if pts[0] > pts[1] else (1,)
        return (self.knockers[hand],)

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if len(self.reached_first()) != 2:
            return super().outcome_text(winners)
        hand = self.crossed[0]
        pts = self.results[hand].points
        names = self.names
        w = winners[0]
        said = f"Both reached {self.target} in hand {hand + 1}"
        if pts[0] != pts[1]:
            return f"{said}; {names[w]} scored more in it ({pts[w]} against {pts[1 - w]}) and wins"
        return f"{said} with equal scores in it; the knocker, {names[w]}, wins"

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        values = super().seat_values(seat)
        rv = self.reveal
        if rv is not None:
            values["pictures"] = (rv.melded(seat) & FACES).bit_count()
        return values

    def more_info(self, info: dict[str, Any]) -> None:
        info["deck"] = self.options.deck
        info["face_down"] = self.face_down()
        info["opening"] = self.phase == "offer" or self.declined


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


class BourbonBot(RummyBot):
    """Rule-of-thumb Bourbon that reads the Foresight backs of the cards on offer.

    For each face-down card it lists the unseen cards printed with that back (its own
    hand and the discard pile are seen) and averages the deadwood it would keep after
    drawing each of them; it takes the upcard only when that is better still.  It knocks
    as soon as it may and sheds high loose cards otherwise.
    """

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

    @on(
        "offer",
        "draw",
        why=(
            "take the upcard when it beats the face-down cards' expected deadwood; otherwise draw"
            " the face-down card whose back promises the least"
        ),
    )
    def draw(self, obs: Observation) -> Action:
        legal = obs.legal
        hand = mask_of(obs.my_hand)
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


GAME = register(
    GameSpec(
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
        version=2,
        deck="foresight 52",
        bots={"heuristic": BourbonBot},
        source="foresight-deck-games.txt (Bourbon)",
        layout=TableLayout(center=("left", "stock", "right", "discard"), hide=("layoffs",)),
        related=(("gin_rummy", "classic"),),
        bench_target=3_600,
    )
)
