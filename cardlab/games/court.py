"""Court: draft a court of nobles, aces and riches, one card at a time.

Rules in brief
--------------
Two to four players use the 52 cards and two jokers.  Each round every player gets a
hand (nine cards with two players, eight with three, seven with four); the rest is set
aside unseen.  All players then choose one card of their hand at the same time, face
down; once everyone has chosen, the choices are turned up together and each card joins
its player's *court*, face up.  Every player then hands the rest of their hand to the
player on the left and chooses again from the hand just received.  This goes on until
the hands are used up: the last card of each hand is simply played.

A joker in your court is a one-off favour: on a later choice of the same round you may
spend it to take two cards from the hand in front of you instead of one (both chosen
secretly, in the order you give).  The joker then goes back into that hand and travels
on with it, so another player may draft it in turn.

Picture cards pair up in the order they join a court: the first with the second, the
third with the fourth, and so on.  A King with a Queen is a *marriage* (5 points), a
King with a Jack an *intrigue* (4), a Queen with a Jack an *affair* (3), and two of the
same rank a *misunderstanding* (0).  A picture left without a partner scores nothing.

Aces pay more the rarer they are: one ace in a court scores 5, two score 3, three
score 1, and four score nothing.  For each suit, the player whose number cards (2 to 10)
of that suit add up to the most pips gets 5 points of *wealth*; tied players share the
5 evenly, dropping any remainder, and a suit nobody has scores for nobody.  Jokers score
nothing.

After three rounds (new deals from the whole deck, the courts cleared), the highest
total wins; a tie for highest is a shared win.

Options
-------
{options}

Rulings
-------
* Two jokers are in the deck (``jokers`` can take one or both out).  A joker chosen
  from a hand is that turn's card.  It can be spent only on a later turn of the same
  round, and only while the hand in front of you holds two cards or more; at most one
  joker is spent a turn, even by a court holding both.
* Spending is part of the secret choice: a player with a joker to spend first chooses a
  card as everyone does, then chooses a second card (spending the joker) or ``keep``.
  Every player with a joker to spend makes both choices, so nobody can tell from the
  table whether it was spent until the reveal.  The two cards join the court in the
  order chosen, which decides how pictures pair.
* The last card of each hand is played without asking: there is nothing left to choose.
* Whether a player has finished choosing is public, as at a real table; which card it
  chose, and whether it spent its joker, are not.
* What a player saw of a hand before passing it on stays known to them: the history
  shows each passer (and the receiver) the cards handed on.  As the choices are turned
  up, every card that left a hand is public, so a player knows exactly what a hand it
  once held still contains.
* Nobody deals or starts: every choice is made by all players at once, so the text's
  starting player plays no part and there is no option for it.
* Explicit deals list the hands seat by seat and then the cards set aside:
  ``game.deal(hands=[...], aside=[...])``.

Worlds for the search bot
-------------------------
``sample_world`` follows every hand from the deal: the cards a seat has seen in a hand
(dealt to it, handed to it, or turned up from it) stay in that hand's deal; the unseen
cards are dealt uniformly at random among the places the seat has not seen (the hands
yet to reach it and the cards set aside).  The other seats' unrevealed choices of the
open turn are drawn at random from their sampled hands.

Actions
-------
``pick XX`` (choose a card; a joker is ``pick JK1`` or ``pick JK2``) and ``keep`` (do not
spend your joker this turn).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, JOKERS, STANDARD, Card
from ..core.errors import WorldError
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.phases import Phase
from ..core.refusals import plural
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.choices import with_extras
from ..rules.deals import DealRule, each_seat, pile
from ..rules.passing import SecretPick
from ..rules.tricks import card_text, event_table, sorted_cards
from ..rules.worlds import deal_action, mask_of, pick, replay, resume, seat_of

#: Cards dealt to each player by table size.
HAND_SIZES = {2: 9, 3: 8, 4: 7}
KEEP = action("keep")
JOKER_MASK = 3 << 52
#: Points for a pair of pictures by their two ranks (11 J, 12 Q, 13 K).
PAIRS: dict[tuple[int, int], tuple[str, int]] = {
    (12, 13): ("marriage", 5),
    (11, 13): ("intrigue", 4),
    (11, 12): ("affair", 3),
    (11, 11): ("misunderstanding", 0),
    (12, 12): ("misunderstanding", 0),
    (13, 13): ("misunderstanding", 0),
}
#: Points for the number of aces in a court.
ACES = (0, 5, 3, 1, 0)
ACE_NAMES = ("", "unicum", "rarity", "commonality", "four aces")
WEALTH = 5


def pair_of(a: int, b: int) -> tuple[str, int]:
    """The name and points of two picture cards (card indices) paired in a court."""
    ra, rb = CARDS[a].rank, CARDS[b].rank
    return PAIRS[(ra, rb) if ra <= rb else (rb, ra)]


def is_picture(idx: int) -> bool:
    return idx < 52 and CARDS[idx].rank >= 11


def court_pairs(court: list[int]) -> list[tuple[int, int]]:
    """The pictures of a court paired in the order they were played."""
    pics = [c for c in court if is_picture(c)]
    return list(zip(pics[0::2], pics[1::2], strict=False))


def open_picture(court: list[int]) -> int:
    """The picture waiting for a partner in a court, or -1."""
    pics = [c for c in court if is_picture(c)]
    return pics[-1] if len(pics) % 2 else -1


def suit_totals(court: list[int]) -> list[int]:
    """Pips of the number cards (2-10) of each suit in a court."""
    out = [0, 0, 0, 0]
    for c in court:
        if c < 52:
            card = CARDS[c]
            if 2 <= card.rank <= 10:
                out[card.suit] += card.rank
    return out


def round_lines(courts: list[list[int]]) -> list[list[tuple[int, str]]]:
    """Each seat's score lines for a round, from the courts alone."""
    n = len(courts)
    lines: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for s, court in enumerate(courts):
        for a, b in court_pairs(court):
            name, pts = pair_of(a, b)
            if pts:
                lines[s].append((pts, f"{name} {CARDS[a].text} {CARDS[b].text}"))
        aces = sum(1 for c in court if c < 52 and CARDS[c].rank == 1)
        if ACES[aces]:
            lines[s].append((ACES[aces], f"{ACE_NAMES[aces]} ({plural(aces, 'ace')})"))
    totals = [suit_totals(c) for c in courts]
    for suit in range(4):
        best = max(t[suit] for t in totals)
        if best <= 0:
            continue
        top = [s for s in range(n) if totals[s][suit] == best]
        share = WEALTH // len(top)
        symbol = "♣♦♥♠"[suit]
        for s in top:
            if share:
                said = f"wealth in {symbol}" if len(top) == 1 else f"shared wealth in {symbol}"
                lines[s].append((share, f"{said} ({best} pips)"))
    return lines


def cards_said(mask: int) -> tuple[tuple[Card, ...], str]:
    """The cards of ``mask`` and their text, a joker said as such."""
    cards = sorted_cards(mask)
    return cards, " ".join([card_text(c.index) for c in cards])


def dealt_cards(game: Game) -> list[Card]:
    jokers: int = getattr(game.options, "jokers", 2)
    return list(STANDARD) + list(JOKERS[:jokers])


@dataclass(frozen=True)
class CourtOptions(Options):
    """Court's options."""

    deck: str = option("standard+jokers", "the 52 cards and the jokers")
    rounds: int = option(3, "rounds (deals) in a game", min=1, max=10)
    jokers: int = option(
        2,
        "jokers shuffled in (0 plays without the joker's double pick)",
        choices=(0, 1, 2),
    )

    allowed_decks: ClassVar[tuple[str, ...]] = ("standard+jokers",)
    #: A game is always ``rounds`` deals long: that option is its length and its cap.
    cap: ClassVar[str] = "rounds"


class DraftPick(SecretPick):
    """The draft's secret pick: others read only that a seat made a choice."""

    def events(self, names: tuple[str, ...]) -> tuple[Any, Any]:
        last = self._last
        if last[0] is names:
            return last[1]  # type: ignore[no-any-return]
        picks = event_table(
            names, "pick", "{name} makes a choice", "{name} chooses {card}", act="pick {code}"
        )
        self._last = (names, (picks, None))
        return self._last[1]


class CourtState(State):
    """A game of Court in progress: hands are bitmasks, each court a list of card
    indices in the order played, ``turn`` the choice of the round (0 first)."""

    __slots__ = (
        "aside",
        "chosen",
        "court",
        "declined",
        "hands",
        "pick_order",
        "spendable",
        "turn",
    )

    DEAL = DealRule(
        each_seat(hand=lambda game, v: HAND_SIZES[game.players]),
        pile("aside"),
        cards=dealt_cards,
    )

    hands: list[int]
    court: list[list[int]]
    aside: int
    chosen: list[int]
    pick_order: list[list[int]]
    spendable: list[bool]
    declined: list[bool]
    turn: int

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.court = [[] for _ in range(n)]
        self.aside = 0
        self.chosen = [0] * n
        self.pick_order = [[] for _ in range(n)]
        self.spendable = [False] * n
        self.declined = [False] * n
        self.turn = 0

    # ------------------------------------------------------------- deal
    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.aside = dealt.mask("aside")
        size = HAND_SIZES[self.players]
        self.log(
            "deal",
            None,
            f"Round {self.hand_number + 1}: {plural(size, 'card')} each",
            round=self.hand_number + 1,
        )
        for s in range(self.players):
            cards, text = cards_said(self.hands[s])
            name = self.names[s]
            said = f"{name} is dealt {plural(size, 'card')}"
            self.log("hand", s, said, f"{name} is dealt {text}", (s,), hidden=cards, turn=0)
        self._next_turn()

    def _next_turn(self) -> None:
        if self.hands[0].bit_count() <= 1:
            self._last_cards()
            return
        n = self.players
        for s in range(n):
            self.spendable[s] = self.hands[s].bit_count() >= 2 and any(
                c >= 52 for c in self.court[s]
            )
            self.declined[s] = False
        self.phase = self.DRAFT
        self.PICK.start(self, tuple(range(n)))

    # ------------------------------------------------------------ picks
    def _count(self, seat: int) -> int:
        return 2 if self.spendable[seat] and not self.declined[seat] else 1

    def _keeps(self, seat: int) -> tuple[Action, ...]:
        if self.spendable[seat] and not self.declined[seat] and self.chosen[seat]:
            return (KEEP,)
        return ()

    def _keep(self, act: Action, seat: int) -> None:
        self.declined[seat] = True
        name = self.names[seat]
        self.log("pick", seat, f"{name} makes a choice", f"{name} keeps the joker", (seat,))
        self.PICK.finish(self, seat)

    def _keep_why(self, act: Action, seat: int) -> str:
        if not self.spendable[seat]:
            return "you have no joker in your court to keep or spend this turn"
        if self.declined[seat]:
            return "you have already chosen this turn"
        return "choose your card first; then spend the joker on a second card or keep it"

    def _reveal(self) -> None:
        names = self.names
        for s in range(self.players):
            picks = list(self.pick_order[s])
            spent = -1
            if len(picks) == 2:
                spent = next(c for c in self.court[s] if c >= 52)
                self.court[s].remove(spent)
            self.hands[s] &= ~self.chosen[s]
            if spent >= 0:
                self.hands[s] |= 1 << spent
                said = (
                    f"{names[s]} spends the Joker and plays {card_text(picks[0])} "
                    f"then {card_text(picks[1])}"
                )
            else:
                said = f"{names[s]} plays {card_text(picks[0])}"
            self.log(
                "reveal",
                s,
                said,
                cards=tuple(CARDS[c] for c in picks),
                picks=tuple(picks),
                spent=spent,
                turn=self.turn,
            )
            for c in picks:
                self._join(s, c)
        self.chosen = [0] * self.players
        self._pass()

    def _join(self, seat: int, idx: int) -> None:
        """``idx`` joins ``seat``'s court (a picture may complete a pair)."""
        other = open_picture(self.court[seat]) if is_picture(idx) else -1
        self.court[seat].append(idx)
        if other >= 0:
            name, pts = pair_of(other, idx)
            a, b = CARDS[other], CARDS[idx]
            self.log(
                "pair",
                seat,
                f"{self.names[seat]} pairs {a.text} with {b.text}: {name} ({pts})",
                cards=(a, b),
                pairing=name,
                points=pts,
            )

    def _pass(self) -> None:
        n = self.players
        names = self.names
        hands = self.hands
        size = hands[0].bit_count()
        for s in range(n):
            t = (s + 1) % n
            cards, text = cards_said(hands[s])
            self.log(
                "pass",
                s,
                f"{names[s]} passes {plural(size, 'card')} to {names[t]}",
                f"{names[s]} passes {text} to {names[t]}",
                (s, t),
                hidden=cards,
                to=t,
                turn=self.turn + 1,
            )
        self.hands = [hands[(s - 1) % n] for s in range(n)]
        self.turn += 1
        self._next_turn()

    def _last_cards(self) -> None:
        names = self.names
        for s in range(self.players):
            idx = self.hands[s].bit_length() - 1
            self.hands[s] = 0
            self.log(
                "last",
                s,
                f"{names[s]} plays the last card, {card_text(idx)}",
                cards=(CARDS[idx],),
                picks=(idx,),
                turn=self.turn,
            )
            self._join(s, idx)
        self._score()

    # ---------------------------------------------------------- scoring
    def _score(self) -> None:
        lines = round_lines(self.court)
        for s, mine in enumerate(lines):
            for pts, reason in mine:
                self.award(s, pts, reason)
        got = [sum(p for p, _ in mine) for mine in lines]
        summary = "Round points: " + ", ".join(
            f"{self.names[s]} {got[s]}" for s in range(self.players)
        )
        self.to_move = ()
        self.end_hand(summary)

    def game_over(self) -> bool:
        return len(self.results) >= int(self.options.rounds)

    # ------------------------------------------------------ observation
    def _prompt(self, seat: int) -> str:
        if self.spendable[seat] and self.chosen[seat]:
            first = card_text(self.pick_order[seat][0])
            return (
                f"You chose {first}: pick a second card to spend your joker on "
                "(it plays after the first), or keep the joker"
            )
        to = self.names[(seat + 1) % self.players]
        said = f"Pick a card for your court (the rest of the hand goes to {to})"
        if self.spendable[seat]:
            said += "; you may then spend your joker on a second card"
        return said

    def seat_values(self, seat: int) -> dict[str, Any]:
        court = self.court[seat]
        out: dict[str, Any] = {
            "court": len(court),
            "pairs": sum(pair_of(a, b)[1] for a, b in court_pairs(court)),
            "aces": sum(1 for c in court if c < 52 and CARDS[c].rank == 1),
            "jokers": sum(1 for c in court if c >= 52),
        }
        if self.phase == "draft":
            out["choice"] = "choosing" if seat in self.to_move else "chosen"
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        n = self.players
        drafting = self.phase == "draft"
        zones = []
        # once a round's hands are used up, nobody holds anything: no hand is shown
        for s in range(n) if any(self.hands) else ():
            mine = view.seat == s
            # others see the whole hand until the reveal: how many cards a seat took is
            # part of its secret
            sees = (mine or view.teacher) and drafting
            held = self.hands[s] & ~self.chosen[s] if sees else self.hands[s]
            zones.append(Zone("hand", s, view.held(sorted_cards(held), mine), "hand"))
        if drafting:
            for s in range(n):
                cards = self.pick_order[s] if view.seat == s or view.teacher else []
                zones.append(
                    Zone(
                        "picks",
                        s,
                        tuple(CARDS[c] for c in cards),
                        "row",
                        label=f"{self.names[s]}'s choice",
                    )
                )
        for s in range(n):
            court = self.court[s]
            tags = []
            pics = 0
            pairs = court_pairs(court)
            for c in court:
                if is_picture(c):
                    k = pics // 2
                    pics += 1
                    tags.append(pair_of(*pairs[k])[0] if k < len(pairs) else "waiting")
                else:
                    tags.append("joker" if c >= 52 else "")
            zones.append(
                Zone(
                    "court",
                    s,
                    tuple(CARDS[c] for c in court),
                    "row",
                    label=f"{self.names[s]}'s court",
                    tags=tuple(tags),
                )
            )
        aside = sorted_cards(self.aside)
        zones.append(Zone("aside", None, view.stack(aside), "pile", label="set aside"))
        size = self.hands[0].bit_count()
        info: dict[str, Any] = {
            "round": self.hand_number + 1,
            "rounds": self.options.rounds,
            "turn": self.turn + 1,
            "hand_size": size,
            "wealth": [suit_totals(self.court[s]) for s in range(n)],
        }
        me = view.seat
        if me is not None and drafting:
            info["passes_to"] = self.names[(me + 1) % n]
            info["can_spend_joker"] = self.spendable[me]
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """Each hand's deal holds what the seat has seen of it; the unseen cards are dealt
        uniformly among the hands yet to reach the seat and the cards set aside; the
        other seats' open choices are drawn at random from their sampled hands."""
        return _world(game, obs, rng)

    # ------------------------------------------------------------ phases
    PICK = DraftPick("pick", lambda st, seat: st._count(seat), _reveal, ordered=True)
    DRAFT = with_extras(
        Phase("draft", PICK.legal, PICK.apply, PICK.why, _prompt),
        ("keep",),
        _keeps,
        _keep,
        _keep_why,
    )


# ------------------------------------------------------------------ worlds
def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    size = HAND_SIZES[n]
    # Each hand (by the seat it was dealt to): the cards known to be dealt in it, and
    # its cards now as far as the seat knows them, with how many it does not know.
    dealt: list[int] = [0] * n
    now: list[int] = [0] * n
    unknown = [size] * n
    for e in obs.history:
        kind = e.kind
        if kind == "hand" and e.hidden:
            m = mask_of(e.hidden)
            dealt[me] = now[me] = m
            unknown[me] = 0
        elif kind in ("reveal", "last"):
            s = e.seat
            assert s is not None
            d = (s - e.get("turn")) % n
            for c in e.get("picks"):
                bit = 1 << c
                if now[d] & bit:
                    now[d] &= ~bit
                else:
                    dealt[d] |= bit
                    unknown[d] -= 1
            spent = e.get("spent", -1)
            if spent >= 0:
                now[d] |= 1 << spent
        elif kind == "pass" and e.hidden and e.get("to") == me:
            d = (me - e.get("turn")) % n
            m = mask_of(e.hidden)
            dealt[d] |= m & ~now[d]
            now[d] = m
            unknown[d] = 0
    if min(unknown) < 0:
        raise WorldError("the history shows more cards than the hands held")
    everything = mask_of(CourtState.DEAL.cards(game))
    known = 0
    for d in range(n):
        known |= dealt[d]
    pool = everything & ~known
    parts: dict[tuple[str, int | None], Sequence[int]] = {}
    for d in range(n):
        got = pick(pool, unknown[d], rng)
        for c in got:
            pool &= ~(1 << c)
        mask = dealt[d]
        for c in got:
            mask |= 1 << c
        parts[("hand", d)] = [c.index for c in sorted_cards(mask)]
    parts[("aside", None)] = [c.index for c in sorted_cards(pool)]
    world = resume(game, obs)
    return replay(world, obs, chance=[deal_action(world, parts)], hidden=_hidden_choice(rng))


def _hidden_choice(rng: random.Random) -> Any:
    def hook(world: State, seat: int, history: Any, i: int) -> str:
        """The choice ``seat`` made at ``history[i]``: from the turn's reveal, or while
        the turn is open one of its menu at random."""
        k = 0
        j = i - 1
        while j >= 0 and not (history[j].kind == "reveal" or history[j].kind == "deal"):
            if history[j].kind == "pick" and history[j].seat == seat:
                k += 1
            j -= 1
        for e in history[i:]:
            if e.kind == "reveal" and e.seat == seat:
                picks = e.get("picks")
                return f"pick {CARDS[picks[k]].code}" if k < len(picks) else "keep"
        menu = world.legal_actions(seat)
        return str(menu[rng.randrange(len(menu))])

    return hook


# ------------------------------------------------------------------- bot
def card_value(card: Card, court: list[int], others: list[list[int]], left: int) -> float:
    """What ``card`` adds to ``court`` by the end of the round, roughly: pairs and aces
    as they stand, wealth when it takes or keeps a suit's lead, a joker by the turns
    left to spend it."""
    idx = card.index
    if card.is_joker:
        return 2.5 if left >= 3 else -1.0
    if card.rank == 1:
        aces = sum(1 for c in court if c < 52 and CARDS[c].rank == 1)
        return float(ACES[min(aces + 1, 4)] - ACES[aces]) if aces < 4 else 0.0
    if card.rank >= 11:
        waiting = open_picture(court)
        if waiting >= 0:
            return float(pair_of(waiting, idx)[1]) + 0.1 * card.rank
        # a new half-pair: worth a little while there is time to complete it
        return (1.5 if left >= 3 else 0.0) + 0.1 * card.rank
    mine = suit_totals(court)[card.suit]
    best = max((suit_totals(o)[card.suit] for o in others), default=0)
    after = mine + card.rank
    if mine > best:
        gain = 0.5
    elif after > best:
        gain = WEALTH
    elif after == best:
        gain = WEALTH / 2
    else:
        gain = 1.0 if best - after < 8 and left >= 3 else 0.0
    return gain + card.rank / 10


class CourtBot(PhaseBot):
    """Takes the card worth most to its court now: a partner for a waiting picture, a
    first ace, the lead in a suit's wealth; spends its joker when the second card is
    worth having or the round is nearly over.  Reads only its observation."""

    name: ClassVar[str] = "heuristic"

    @on(
        "draft",
        why=(
            "take the card worth most to the court: a picture's partner, a first ace, the "
            "lead in a suit; spend the joker on a second good card"
        ),
    )
    def draft(self, obs: Observation) -> Action:
        me = obs.seat if obs.seat is not None else 0
        court = [c.index for c in obs.zone("court", me).faces]
        court += [c.index for c in obs.zone("picks", me).faces]
        others = [
            [c.index for c in obs.zone("court", s).faces] for s in range(obs.players) if s != me
        ]
        left = int(obs.info.get("hand_size", 1))
        best: Action | None = None
        score = -1e9
        for a in obs.legal:
            if a.verb != "pick":
                continue
            v = card_value(a.cards[0], court, others, left)
            if v > score:
                best, score = a, v
        assert best is not None
        if KEEP in obs.legal and score < 2.0 and left > 3:
            return KEEP
        return best


GAME = register(
    GameSpec(
        name="court",
        title="Court",
        family="drafting",
        players=(2, 3, 4),
        default_players=3,
        summary=(
            "Draft a court card by card from hands passed left: pictures in pairs, a rare "
            "ace, the richest suits; a joker buys a double pick."
        ),
        state_class=CourtState,
        options_class=CourtOptions,
        bots={"heuristic": CourtBot},
        deck="standard+jokers",
        dealer=False,
        source="femtiofem.txt (Court)",
        layout=TableLayout(compact=("picks",), hide=("aside",)),
        bench_target=2_000,
        variants={"no jokers": {"jokers": 0}, "one joker": {"jokers": 1}},
    )
)
