"""Break In: scout the bank, flip for cash, and get out before the second guard.

Rules in brief
--------------
Two to four players rob a bank over five rounds.  The Sevens to Tens are set aside; the
other 36 cards are shuffled into three face-down stacks of twelve (four stacks of nine
with four players).  Before the break-in every player secretly picks one stack to scout;
the picks are shown together, so everyone knows who scouted which stack, but only a
stack's scouts learn what it holds.  The stacks are then shuffled again, so a scout
knows the contents of its stack, not their order.

The player to flip turns the top card of any stack that still has cards.  A Jack, Queen
or King is a *guard* and goes to the middle of the table; any other card is *cash* and
lies face up in front of the flipper.  A guard of a suit already guarded springs the
trap: the round ends at once, and whoever is still inside the bank is caught and gets
nothing for the round.

After every flip each player still inside, in turn from the flipper's left (the flipper
last), says whether it leaves.  A leaver banks the pips of the cash in front of it
(Aces 1) plus one for every card on the table: all cash, its own and everyone else's
(also of players gone before), and the guards.  It then sits out the rest of the round,
its cash staying where it lies.  The next flip goes to the next player clockwise who is
still inside.  The round also ends when everyone has left.

The first round is opened by the starting seat (the youngest player); each later round
by the player with the lowest total.  After five rounds the most cash wins.

Options
-------
{options}

Rulings
-------
From the rulings file:

* Three stacks for two or three players, four for four (``stacks`` sets either at any
  table).  Scouting picks are secret and made at once, then revealed; who scouted which
  stack is public, the contents of a stack are known only to its scouts.
* After every flip the players still inside may leave, in turn from the flipper's left;
  then the next player still inside flips, from the non-empty stack of its choice.
* Cash of players who have left stays on the table and counts for later leavers.
* Later rounds: the lowest total starts; a tie goes to the first tied player clockwise
  from the left of the last round's starter.

Where the text and the rulings are silent:

* The flipper is asked last, after the others still inside.  A player alone in the bank
  is still asked after each of its own flips.
* The trap card joins the guards in the middle; the round ends before anyone is asked.
  Players caught get no line for the round; players who left keep what they banked.
* The table bonus counts every face-up card of the round, the leaver's own cash
  included, as the text's scoring example does (3 own cards + 7 others + 2 guards = 12).
* A stack never runs dry before the trap: twelve guards among 36 cards, and the fifth
  guard at the latest repeats a suit.  An empty stack simply cannot be chosen.
* Every round is scouted afresh.  With ``scouting="optional"`` (the text's "may look")
  a player may ``pass`` instead of scouting; with ``"off"`` nobody scouts.
* Ties for the most cash share the win.
* An explicit deal gives each stack with the card flipped first first:
  ``game.deal(stacks=["4S AS JH ...", "...", "..."])``; cards not given follow at random.

Actions
-------
``scout 2`` (secretly pick stack 2 to scout; ``pass`` where scouting is optional),
``flip 2`` (turn the top card of stack 2), and when asked ``leave`` or ``stay``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card
from ..core.errors import WorldError
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.phases import Phase
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.choices import SecretChoice
from ..rules.deals import DealRule, Part
from ..rules.polls import Poll
from ..rules.worlds import deal_action, replay, resume, retry, seat_of

#: The 36 cards in play: Aces to Sixes (cash) and the pictures (guards).
USED: tuple[Card, ...] = tuple(c for c in CARDS[:52] if c.rank <= 6 or c.rank > 10)
MAX_STACKS = 4
FLIPS = tuple(action(f"flip {k}") for k in range(1, MAX_STACKS + 1))
SCOUTS = tuple(f"scout {k}" for k in range(1, MAX_STACKS + 1))
PASS = "pass"
LEAVE, STAY = action("leave"), action("stay")


def is_guard(card: Card) -> bool:
    """A Jack, Queen or King."""
    return card.rank > 10


def pips(card: Card) -> int:
    """What a card is worth as cash (Ace 1); a guard is worth nothing."""
    return 0 if card.rank > 10 else card.rank


def stack_count(game: Game) -> int:
    """How many stacks the bank is dealt into at this table."""
    chosen = int(getattr(game.options, "stacks", 0))
    return chosen or (4 if game.players == 4 else 3)


def _stack_size(k: int) -> Any:
    def size(game: Game, variant: str) -> int:
        n = stack_count(game)
        return len(USED) // n if k < n else 0

    return size


@dataclass(frozen=True)
class BreakInOptions(Options):
    """Break In's options."""

    rounds: int = option(5, "rounds in a game (the text plays five)", min=1, max=20)
    first_player: int = option(
        0, "seat that flips first in the first round (the youngest player)", min=0, max=3
    )
    stacks: int = option(
        0,
        "stacks the bank is dealt into: 0 for the text's rule (3, or 4 with four players), "
        "or 3 or 4 at any table",
        choices=(0, 3, 4),
    )
    scouting: str = option(
        "each",
        "'each': every player scouts one stack; 'optional': a player may also pass (the "
        "text's 'may look'); 'off': nobody scouts",
        choices=("each", "optional", "off"),
    )

    cap: ClassVar[str] = "rounds"


class BreakInState(State):
    """Break In in progress.

    ``stacks`` holds card indices bottom first (the top is the end), ``cash`` each seat's
    cash in the order flipped, ``scout`` the stack each seat scouts (0-based, -1 for none
    or not yet revealed), ``choices`` the secret picks before the reveal.
    """

    __slots__ = (
        "banked",
        "cash",
        "caught",
        "choices",
        "flipper",
        "flips",
        "guards",
        "inside",
        "poll",
        "scout",
        "scouted",
        "stacks",
        "starter",
    )

    DEAL = DealRule(
        tuple(Part(f"stack{k + 1}", _stack_size(k), False, "stacks", MAX_STACKS) for k in range(4)),
        cards=lambda game: USED,
    )

    stacks: list[list[int]]
    scouted: list[tuple[int, ...]]
    guards: list[int]
    cash: list[list[int]]
    inside: list[bool]
    caught: list[bool]
    banked: list[int]
    scout: list[int]
    choices: list[int]
    flipper: int
    starter: int
    flips: int

    def reset_hand(self) -> None:
        n = self.players
        self.stacks = []
        self.scouted = []
        self.guards = []
        self.cash = [[] for _ in range(n)]
        self.inside = [True] * n
        self.caught = [False] * n
        self.banked = [0] * n
        self.scout = [-1] * n
        self.choices = [-1] * n
        self.flipper = -1
        self.starter = -1
        self.flips = 0
        self.poll = None

    # ------------------------------------------------------------ the deal
    def on_deal(self, dealt: Any) -> None:
        self.reset_hand()
        k = stack_count(self.game)
        # an explicit deal lists the card flipped first first: it goes on top
        self.stacks = [dealt.indices(f"stack{i + 1}")[::-1] for i in range(k)]
        self.scouted = [tuple(sorted(s)) for s in self.stacks]
        self.starter = self.round_starter()
        self.log(
            "deal",
            None,
            f"Round {self.hand_number + 1}: {k} stacks of {len(self.stacks[0])}; "
            f"{self.names[self.starter]} starts",
            starter=self.starter,
        )
        if self.options.scouting == "off":
            self._flip_turn(self.starter)
        else:
            self.phase = self.SCOUT
            self.PICK.start(self, tuple(range(self.players)))

    def round_starter(self) -> int:
        """Who opens the round now being dealt: the starting seat in the first round, then
        the lowest total, ties to the first tied seat clockwise from the left of the last
        round's starter.  Read from the finished rounds alone."""
        n = self.players
        start = int(self.options.first_player)
        totals = [0] * n
        for result in self.results:
            for s in range(n):
                totals[s] += result.points[s]
            low = min(totals)
            start = next((start + d) % n for d in range(1, n + 1) if totals[(start + d) % n] == low)
        return start

    # ------------------------------------------------------------ scouting
    def _refuse_scout(self, seat: int, word: str, target: int | None) -> str:
        if word == PASS:
            if self.options.scouting != "optional":
                return "every player scouts a stack in this game"
            return ""
        k = int(word.split()[1])
        if k > len(self.stacks):
            return f"there are only {len(self.stacks)} stacks"
        return ""

    def _revealed(self) -> None:
        n = self.players
        for s in range(n):
            word = self.PICK.word(self, s)
            self.scout[s] = -1 if word == PASS else int(word.split()[1]) - 1
        said = "; ".join(
            f"{self.names[s]} stack {self.scout[s] + 1}"
            if self.scout[s] >= 0
            else f"{self.names[s]} scouts nothing"
            for s in range(n)
        )
        self.log("scouts", None, f"Scouting: {said}", scouts=tuple(k + 1 for k in self.scout))
        for k, cards in enumerate(self.scouted):
            who = tuple(s for s in range(n) if self.scout[s] == k)
            if not who:
                continue
            names = _listed([self.names[s] for s in who])
            faces = " ".join(CARDS[i].text for i in cards)
            verb = "looks" if len(who) == 1 else "look"
            self.log(
                "scouted",
                None,
                f"{names} {verb} through stack {k + 1}",
                f"{names} {'sees' if len(who) == 1 else 'see'} what stack {k + 1} holds: {faces}",
                who,
                hidden=tuple(CARDS[i] for i in cards),
                stack=k + 1,
            )
        self._flip_turn(self.starter)

    def _scout_prompt(self, seat: int) -> str:
        extra = ", or pass" if self.options.scouting == "optional" else ""
        return f"Choose a stack to scout in secret{extra}"

    # ------------------------------------------------------------ flipping
    def _flip_turn(self, seat: int) -> None:
        self.flipper = seat
        self.phase = self.FLIP
        self.to_move = (seat,)

    def on_table(self) -> int:
        """Cards face up on the table this round: every cash card and every guard."""
        return len(self.guards) + sum(len(c) for c in self.cash)

    def worth(self, seat: int) -> int:
        """What ``seat`` would bank by leaving now."""
        return sum(pips(CARDS[i]) for i in self.cash[seat]) + self.on_table()

    def _flip_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(FLIPS[k] for k, s in enumerate(self.stacks) if s)

    def _flip(self, act: Action, seat: int) -> None:
        k = int(act.args[0]) - 1
        card = CARDS[self.stacks[k].pop()]
        name = self.names[seat]
        self.flips += 1
        if is_guard(card):
            trap = any(CARDS[g].suit == card.suit for g in self.guards)
            self.guards.append(card.index)
            self.log(
                "flip", seat, f"{name} flips {card.text} from stack {k + 1}: a guard", cards=(card,)
            )
            if trap:
                self._trap(card)
                return
        else:
            self.cash[seat].append(card.index)
            self.log(
                "flip",
                seat,
                f"{name} flips {card.text} from stack {k + 1}: {pips(card)} in cash",
                cards=(card,),
            )
        n = self.players
        order = [(seat + d) % n for d in range(1, n + 1)]
        self.ASK.start(self, [s for s in order if self.inside[s]])

    def _flip_why(self, act: Action, seat: int) -> str:
        if act.verb == "flip" and act.args and act.args[0].isdigit():
            k = int(act.args[0])
            if 1 <= k <= len(self.stacks):
                return f"stack {k} is empty: flip from a stack that still has cards"
        listed = ", ".join(f"'{a}'" for a in self._flip_legal(seat))
        return f"turn the top card of a stack: {listed}"

    def _flip_prompt(self, seat: int) -> str:
        return "Flip the top card of a stack"

    def _trap(self, card: Card) -> None:
        who = [s for s in range(self.players) if self.inside[s]]
        for s in who:
            self.inside[s] = False
            self.caught[s] = True
        names = _listed([self.names[s] for s in who])
        self.log(
            "caught",
            None,
            f"A second guard of {card.symbol}: the trap springs and catches {names}",
            caught=tuple(who),
        )
        self._end_round(f"the guards catch {names}")

    # ------------------------------------------------------------ leaving
    def _answer(self, seat: int, yes: bool) -> None:
        if not yes:
            return
        own = sum(pips(CARDS[i]) for i in self.cash[seat])
        table = self.on_table()
        self.inside[seat] = False
        self.banked[seat] = own + table
        self.award(seat, own + table, "cash banked on leaving")
        self.log(
            "bank",
            seat,
            f"{self.names[seat]} leaves with {own + table}: {own} in cash and {table} for the "
            "cards on the table",
            banked=own + table,
            cash=own,
            table=table,
        )

    def _asked(self, answers: dict[int, bool]) -> None:
        if not any(self.inside):
            self._end_round("everyone has left")
            return
        n = self.players
        f = self.flipper
        self._flip_turn(next((f + d) % n for d in range(1, n + 1) if self.inside[(f + d) % n]))

    def _question(self, seat: int) -> str:
        return f"Leave now with {self.worth(seat)}, or stay in the bank?"

    def _end_round(self, why: str) -> None:
        self.ASK.close(self)
        self.to_move = ()
        self.end_hand(why[0].upper() + why[1:])

    def game_over(self) -> bool:
        return len(self.results) >= int(self.options.rounds)

    PICK = SecretChoice(
        (*SCOUTS, PASS),
        _revealed,
        "scout a stack",
        refuse=_refuse_scout,
        phrases={**{w: f"scout stack {w.split()[1]}" for w in SCOUTS}, PASS: "scout nothing"},
    )
    SCOUT = Phase("scout", PICK.legal, PICK.apply, PICK.why, _scout_prompt)
    FLIP = Phase("flip", _flip_legal, _flip, _flip_why, _flip_prompt)
    ASK = Poll(
        "leave",
        lambda st, seat: st._question(seat),
        _asked,
        yes="leave",
        no="stay",
        said=lambda st, seat, yes: f"{st.names[seat]} {'leaves' if yes else 'stays'}",
        on_answer=_answer,
    )

    # ------------------------------------------------------- observation
    def seat_status(self, seat: int) -> str:
        if self.caught[seat]:
            return "caught"
        return "" if self.inside[seat] else "out"

    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cash": sum(pips(CARDS[i]) for i in self.cash[seat]),
            "banked": self.banked[seat],
        }
        if self.phase == "scout":
            out["scout"] = "chosen" if self.PICK.decided(self, seat) else "choosing"
        elif self.scout[seat] >= 0:
            out["scout"] = f"stack {self.scout[seat] + 1}"
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        me = view.seat
        zones = []
        for k, stack in enumerate(self.stacks):
            if view.teacher:
                # the teacher sees every face; those of a scouted stack some player knows
                known = k in self.scout
                entries = tuple(view.card(CARDS[i], seen=known) for i in stack)
            else:
                entries = view.stack([CARDS[i] for i in stack])
            zones.append(Zone(f"stack{k + 1}", None, entries, "pile", label=f"Stack {k + 1}"))
        zones.append(
            Zone("guards", None, tuple(CARDS[i] for i in self.guards), "row", label="Guards")
        )
        for s in range(self.players):
            zones.append(Zone("cash", s, tuple(CARDS[i] for i in self.cash[s]), "row"))
        for s in range(self.players):
            k = self.scout[s]
            if k < 0:
                zones.append(Zone("scouted", s, (), "row"))
                continue
            left = sorted(self.stacks[k])
            if me == s or view.teacher:
                cards: tuple[Any, ...] = tuple(CARDS[i] for i in left)
            else:
                cards = ()
            zones.append(Zone("scouted", s, cards, "row", label=f"Scouted stack {k + 1}"))
        info: dict[str, Any] = {
            "round": self.hand_number + 1,
            "rounds": self.options.rounds,
            "starter": self.starter,
            "flips": self.flips,
            "on_table": self.on_table(),
        }
        if self.flipper >= 0:
            info["flipper"] = self.flipper
        if self.phase != "scout" and self.options.scouting != "off":
            # the stack each seat scouted, 1 to 4 (0: none), public once revealed
            info["scouts"] = tuple(k + 1 for k in self.scout)
        if me is not None and self.phase == "scout" and self.PICK.decided(self, me):
            info["your_scout"] = self.PICK.phrase(self, self.PICK.word(self, me), None)
        if me is not None and self.scout[me] >= 0:
            k = self.scout[me]
            info["scouted_left"] = _summary(k, [CARDS[i] for i in self.stacks[k]])
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The round replayed from a deal that puts every flipped card in the stack its
        flip names, the cards still in a stack the seat scouted in that stack (in a random
        order: scouts know contents, not order), and the other unseen cards shuffled
        among the other stacks.  Another seat's scouting pick is the one the reveal
        shows, or while the picks are open one of its menu at random."""
        return retry(_world, game, obs, rng)


def _listed(names: list[str]) -> str:
    """``"North, East and West"``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _summary(k: int, cards: list[Card]) -> str:
    """What a scout knows of a stack it scouted, in words: ``stack 2: 3 guards, 6 cash
    worth 21``."""
    g = sum(1 for c in cards if is_guard(c))
    worth = sum(pips(c) for c in cards)
    return f"stack {k + 1}: {g} guards, {len(cards) - g} cash worth {worth}"


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    world = resume(game, obs)
    n = stack_count(game)
    turned: list[list[int]] = [[] for _ in range(n)]
    scouts: tuple[int, ...] = ()
    for e in obs.history:
        if e.kind == "flip":
            if e.action is None:
                raise WorldError(f"{e.text!r} does not say which stack it came from")
            turned[int(e.action.args[0]) - 1].append(e.cards[0].index)
        elif e.kind == "scouts":
            scouts = e.get("scouts")
    mine = scouts[me] - 1 if scouts else -1
    sizes = [len(obs.zone(f"stack{k + 1}").cards) for k in range(n)]
    known: list[int] = []
    if mine >= 0:
        known = [c.index for c in obs.zone("scouted", me).faces]
        if len(known) != sizes[mine]:
            raise WorldError("the scouted stack does not add up")
    seen = {i for t in turned for i in t} | set(known)
    unseen = [c.index for c in USED if c.index not in seen]
    rng.shuffle(unseen)
    rng.shuffle(known)
    rest: dict[tuple[str, int | None], Sequence[int]] = {}
    at = 0
    for k in range(n):
        if k == mine:
            left = known
        else:
            left = unseen[at : at + sizes[k]]
            at += sizes[k]
        # the deal lists each stack from the card flipped first
        rest[(f"stack{k + 1}", None)] = turned[k] + left
    if at != len(unseen):
        raise WorldError("the stacks do not add up")
    for k in range(n, MAX_STACKS):
        rest[(f"stack{k + 1}", None)] = []
    deal = deal_action(world, rest)

    def hidden(w: State, seat: int, history: Any, i: int) -> str:
        if scouts:
            k = scouts[seat]
            return PASS if k == 0 else SCOUTS[k - 1]
        assert isinstance(w, BreakInState)
        menu = w.PICK.menu(w, seat)
        return str(menu[rng.randrange(len(menu))])

    return replay(world, obs, chance=[deal], hidden=hidden)


# ----------------------------------------------------------------- odds
class Knowledge(NamedTuple):
    """What one seat knows of the round, read from its observation alone."""

    stacks: tuple[tuple[Card, ...] | None, ...]  # known contents (scouted), else None
    sizes: tuple[int, ...]
    pool: tuple[Card, ...]  # the unseen cards the stacks it did not scout share
    guarded: frozenset[int]  # suits with a guard on the table
    on_table: int
    own: int  # pips of the viewer's own cash (0 for a spectator)


def knowledge(obs: Observation) -> Knowledge:
    """The stacks as ``obs``'s viewer knows them: a scouted stack's remaining cards, and
    for the others the pool of cards it has not seen, spread over them at random."""
    me = obs.seat
    n = sum(1 for z in obs.zones if z.name.startswith("stack"))
    sizes = tuple(len(obs.zone(f"stack{k + 1}").cards) for k in range(n))
    scouts = obs.info.get("scouts", ())
    mine = scouts[me] - 1 if me is not None and scouts else -1
    shown = set(obs.zone("guards").faces)
    for s in range(obs.players):
        shown |= set(obs.zone("cash", s).faces)
    known = obs.zone("scouted", me).faces if mine >= 0 and me is not None else ()
    stacks = tuple(tuple(known) if k == mine else None for k in range(n))
    seen = shown | set(known)
    pool = tuple(c for c in USED if c not in seen)
    guarded = frozenset(c.suit for c in obs.zone("guards").faces)
    own = sum(pips(c) for c in obs.zone("cash", me).faces) if me is not None else 0
    return Knowledge(stacks, sizes, pool, guarded, len(shown), own)


def trap_chance(know: Knowledge, k: int) -> Fraction:
    """The exact chance that the top card of stack ``k`` (0-based) springs the trap."""
    cards = know.stacks[k] if know.stacks[k] is not None else know.pool
    if not cards or not know.sizes[k]:
        return Fraction(0)
    traps = sum(1 for c in cards if is_guard(c) and c.suit in know.guarded)
    return Fraction(traps, len(cards))


def stay_value(know: Knowledge, k: int, mine: bool) -> Fraction:
    """What staying for one more flip, from stack ``k``, then leaving is worth on average
    (0 when the trap springs); ``mine``: the viewer flips it, so cash is its own."""
    cards = know.stacks[k] if know.stacks[k] is not None else know.pool
    if not cards:
        return Fraction(0)
    now = know.own + know.on_table
    total = 0
    for c in cards:
        if is_guard(c):
            if c.suit not in know.guarded:
                total += now + 1
        else:
            total += now + 1 + (pips(c) if mine else 0)
    return Fraction(total, len(cards))


def next_flipper(obs: Observation) -> int | None:
    """Who flips next if nobody still to answer leaves: the seat to flip, or after a
    flip the next seat clockwise from the flipper still inside."""
    if obs.phase == "flip":
        return int(obs.to_move[0]) if obs.to_move else None
    f = int(obs.info.get("flipper", -1))
    if obs.phase != "leave" or f < 0:
        return None
    n = obs.players
    for d in range(1, n + 1):
        s = (f + d) % n
        if obs.seats[s].status == "":
            return s
    return None


def odds(obs: Observation) -> dict[str, float]:
    """The odds panel: for each stack with cards, the exact chance its top card springs
    the trap, given what the viewer has seen and scouted; for a seat still inside, the
    label also says what staying one more flip from it is worth on average (leaving at
    the next question; the flipper's own cash counted when the seat flips it), against
    what leaving now banks.  Empty outside a flip or a leave question."""
    if obs.terminal or obs.phase not in ("flip", "leave"):
        return {}
    know = knowledge(obs)
    me = obs.seat
    inside = me is not None and obs.seats[me].status == ""
    flipper = next_flipper(obs)
    now = know.own + know.on_table
    out: dict[str, float] = {}
    for k, size in enumerate(know.sizes):
        if not size:
            continue
        p = trap_chance(know, k)
        label = f"stack {k + 1} springs the trap"
        if know.stacks[k] is not None:
            label += " (scouted)"
        if inside:
            ev = stay_value(know, k, flipper == me)
            label += f"; one more flip: {float(ev):.1f} on average, leaving now: {now}"
        out[label] = float(p)
    return out


# ----------------------------------------------------------------- bot
class BreakInBot(PhaseBot):
    """Scouts a stack of its own, flips from the stack least likely to spring the trap,
    and leaves as soon as one more flip is worth less on average than leaving now."""

    name: ClassVar[str] = "heuristic"

    @on("scout", why="scout a different stack from the player before you, if you can")
    def pick_scout(self, obs: Observation) -> Action:
        me = obs.seat if obs.seat is not None else 0
        scouts = [a for a in obs.legal if a.verb == "scout"]
        if not scouts:
            return obs.legal[0]
        return scouts[(me + obs.hand) % len(scouts)]

    @on("flip", why="flip from the stack least likely to spring the trap, richest first")
    def flip(self, obs: Observation) -> Action:
        know = knowledge(obs)

        def key(a: Action) -> tuple[Fraction, Fraction]:
            k = int(a.args[0]) - 1
            return (trap_chance(know, k), -stay_value(know, k, True))

        return min(obs.legal, key=key)

    @on("leave", why="leave when one more flip is worth less on average than leaving now")
    def leave(self, obs: Observation) -> Action:
        know = knowledge(obs)
        me = obs.seat
        mine = next_flipper(obs) == me
        live = [k for k, size in enumerate(know.sizes) if size]
        if mine:
            ev = max(stay_value(know, k, True) for k in live)
        else:
            ev = sum((stay_value(know, k, False) for k in live), Fraction(0)) / len(live)
        return LEAVE if ev < know.own + know.on_table else STAY


GAME = register(
    GameSpec(
        name="break_in",
        title="Break In",
        family="push-your-luck",
        players=(2, 3, 4),
        default_players=3,
        summary="Scout a stack in secret, flip for cash, and leave before a second guard "
        "of a suit catches you.",
        state_class=BreakInState,
        options_class=BreakInOptions,
        bots={"heuristic": BreakInBot},
        source="Femtiofem booklet (Scott Huntington), after Diamant / Incan Gold",
        layout=TableLayout(center=("stack1", "stack2", "stack3", "stack4", "guards")),
        bench_target=7_000,
        dealer=False,
        odds=odds,
        variants={"no scouting": {"scouting": "off"}, "four stacks": {"stacks": 4}},
    )
)
