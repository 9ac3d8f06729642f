"""Virus: pass the germs around and drink your medicine, all hands shown at once.

Rules
-----
Only a card's colour counts.  Red cards are **medicine** (bottles) and lie face up in
front of their owner; black cards are **germs**, held in the hand; one joker is **the
virus**, shuffled in with the germs.  By the number of players:

==========  ========  ======  =====  ===================
players     medicine  germs   virus  each player
==========  ========  ======  =====  ===================
2           8         9       1      4 bottles, 5 cards
3           12        11      1      4 bottles, 4 cards
4           12        15      1      3 bottles, 4 cards
==========  ========  ======  =====  ===================

Every turn all players choose a signal at the same time, in secret, and show them
together:

* a **fist**: drink one of your own undrunk bottles (it is turned over);
* **one finger** at a player (``infect``): that player draws a random card from your hand;
* **two fingers** at a player (``steal``): take one of their undrunk bottles;
* a **flat hand** at a player (``block``): whatever that player points at you does
  nothing this turn.

The signals are settled in this order: blocks; then drinking, which only happens if
nobody points one or two fingers at the drinker (a flat hand does not stop it); then
infections, each a card drawn at random from the pointer's hand as it was before this
turn's infections (a player pointed at by several takes a card from each); then steals.
Nobody points at themselves, infects with an empty hand or steals from a player with no
undrunk bottle.  A fist with nothing left to drink does nothing.  Drunk bottles cannot
be stolen.

**Three or four players.**  A round ends after the turn in which two or fewer undrunk
bottles are left on the table.  The player holding the virus scores 1 and nothing else;
everybody else scores 4 for each bottle in front of them, drunk or not, and loses 1 for
each germ in hand.  After ``rounds`` rounds the most points wins.

**Two players.**  A round is a race: the first player to have drunk ``drinks_to_win``
bottles (four) while not holding the virus wins it.  Having drunk four while holding
the virus wins nothing until the virus has been passed on.  The first to win
``wins_needed`` rounds (two) takes the match.

Options
-------
{options}

Rulings
-------
From the project's rulings: a turn is settled blocks, drinks, infections, steals; a
steal fails when the target has no undrunk bottle left; a three- or four-player round
ends at two *or fewer* undrunk bottles (several players may drink in one turn) or after
``max_turns`` turns, scored as usual; a two-player round stops after ``max_turns`` turns
with nobody winning it, and the match stops after ``max_rounds`` rounds, the most round
wins taking it.

Chosen here, where the text and the rulings are silent:

* Steals on one player are settled in seat order starting from that player's left, and
  each takes from the bottles the player had when the steals began: a bottle stolen this
  turn cannot be stolen again in the same turn (the signals are shown together, so the
  bottles taken are the ones in front of each player at that moment).
* A player drinks and loses bottles in the order they lie: own bottles first, stolen ones
  after (which bottle is drunk or stolen makes no difference to the game).
* The infected player's draw is seen by the two players concerned only; everyone else
  learns that a card changed hands.
* A two-player match that stops at ``max_rounds`` with no round won by anybody has no
  winner; equal round wins otherwise share the win.
* A two-player seat plays for round wins (its score is one point a round won); a three-
  or four-player seat plays for points.

Actions: ``fist``, ``infect east``, ``steal east``, ``block east`` (a seat by its name);
the card an infection hands over is a chance outcome, ``draw 7C``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, ClassVar

from ..core.actions import Action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, cards_of
from ..core.chance import ChanceStep
from ..core.errors import WorldError
from ..core.observation import Observation, Zone
from ..core.options import Options, option
from ..core.phases import Phase
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.choices import UNDECIDED, SecretChoice, seat_word
from ..rules.deals import DealRule, each_seat, pile
from ..rules.worlds import assign, bits, deal_action, mask_of, replay, resume, retry, seat_of

VIRUS = 52
#: The red and black cards used, in the order they are taken (values do not matter).
RED = sorted((c.index for c in CARDS[:52] if c.red), key=lambda i: (i % 13, i))
BLACK = sorted((c.index for c in CARDS[:52] if not c.red), key=lambda i: (i % 13, i))
RED_MASK = sum(1 << i for i in RED)
#: (bottles, hand cards) per player, by player count.
SHARES = {2: (4, 5), 3: (4, 4), 4: (3, 4)}
SIGNALS = ("fist", "infect", "steal", "block")
#: each seat's menu by table, seat, cards in hand and which seats have bottles left
_MENUS: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def shares(players: int) -> tuple[int, int]:
    """Bottles and hand cards each player is dealt at a table of ``players``."""
    return SHARES[players]


def dealt_cards(game: Game) -> list[Card]:
    """The medicine, the germs and the virus used at ``game``'s table."""
    n = game.players
    bottles, hand = shares(n)
    return [CARDS[i] for i in RED[: bottles * n] + BLACK[: hand * n - 1]] + [CARDS[VIRUS]]


@dataclass(frozen=True)
class VirusOptions(Options):
    """Virus's options."""

    deck: str = option("standard+jokers", "the 52 cards and the jokers (one is the virus)")
    rounds: int = option(3, "rounds in a game of three or four players", min=1, max=20)
    drinks_to_win: int = option(
        4, "bottles a player must have drunk to win a two-player round", min=1, max=8
    )
    wins_needed: int = option(2, "round wins that take a two-player match", min=1, max=10)
    max_turns: int = option(
        40,
        "a round stops after this many turns (two players: with nobody winning it)",
        min=1,
        max=1_000,
    )
    max_rounds: int = option(5, "a two-player match stops after this many rounds", min=1, max=50)

    allowed_decks: ClassVar[tuple[str, ...]] = ("standard+jokers",)
    cap: ClassVar[str] = "max_turns"


class VirusState(State):
    """A game of Virus: hands are card masks; each seat's bottles a list of card indices
    in the order they lie (drunk ones are in ``drunk``, a mask)."""

    __slots__ = (
        "before",
        "bottles",
        "choices",
        "drunk",
        "hands",
        "infections",
        "left",
        "steals",
        "turns",
    )

    DEAL = DealRule(
        pile("medicine", lambda game, v: shares(game.players)[0] * game.players, only=RED_MASK),
        each_seat(hand=lambda game, v: shares(game.players)[1]),
        cards=dealt_cards,
    )

    hands: list[int]
    bottles: list[list[int]]
    drunk: int
    choices: list[int]
    turns: int
    #: each seat's count of undrunk bottles (kept up to date: menus read it every turn)
    left: list[int]
    #: the infections of this turn still to draw: (pointer, target), in seat order
    infections: list[tuple[int, int]]
    #: the hands as they stood before this turn's infections
    before: list[int]
    #: this turn's working steals: (stealer, target)
    steals: list[tuple[int, int]]

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.bottles = [[] for _ in range(n)]
        self.left = [0] * n
        self.drunk = 0
        self.choices = [-1] * n
        self.turns = 0
        self.infections = []
        self.before = []
        self.steals = []

    def on_deal(self, dealt: Any) -> None:
        n = self.players
        k, h = shares(n)
        self.hands = dealt.masks("hand")
        med = dealt.indices("medicine")
        self.bottles = [med[k * s : k * s + k] for s in range(n)]
        self.left = [k] * n
        self.log(
            "deal",
            None,
            f"Round {self.hand_number + 1}: {k} bottles of medicine face up and {h} cards "
            "in hand each",
            cards=tuple(CARDS[b] for b in med),
        )
        self._turn()

    def _turn(self) -> None:
        self.phase = self.SIGNAL
        self.PICK.start(self, tuple(range(self.players)))

    # ------------------------------------------------------------ rules
    def undrunk(self, seat: int) -> list[int]:
        """``seat``'s undrunk bottles, in the order they lie."""
        d = self.drunk
        return [b for b in self.bottles[seat] if not d >> b & 1]

    def recount(self) -> None:
        """Count the undrunk bottles again, after a position was set by hand."""
        self.left = [len(self.undrunk(s)) for s in range(self.players)]
        self._lc_seat = object()  # the cached menu is stale

    def drunk_count(self, seat: int) -> int:
        """How many bottles ``seat`` has drunk (they never leave it)."""
        d = self.drunk
        return sum(1 for b in self.bottles[seat] if d >> b & 1)

    def virus_holder(self) -> int:
        """The seat holding the virus."""
        return next(s for s in range(self.players) if self.hands[s] >> VIRUS & 1)

    def _refuse(self, seat: int, word: str, target: int | None) -> str:
        if word == "infect" and not self.hands[seat]:
            return "you have no card in hand to infect anyone with"
        if word == "steal" and target is not None and not self.left[target]:
            return f"{self.names[target]} has no undrunk bottle to steal"
        return ""

    def _legal(self, seat: int) -> tuple[Action, ...]:
        # a menu depends only on whether the seat holds cards and who has bottles left
        if self.choices[seat] != UNDECIDED:
            return ()
        key = (self.names, seat, self.hands[seat] != 0, *(x > 0 for x in self.left))
        got = _MENUS.get(key)
        if got is None:
            got = _MENUS[key] = self.PICK.menu(self, seat)
        return got

    def _reveal(self) -> None:
        n = self.players
        names = self.names
        pick = self.PICK
        codes = self.choices
        chosen = [pick.decode(self, c) for c in codes]
        said = "; ".join(f"{names[s]}: {pick.said(self, c)}" for s, c in enumerate(codes))
        self.log("reveal", None, f"The signals show: {said}", signals=tuple(chosen))
        works = [True] * n
        for s in range(n):
            w, t = chosen[s]
            if t is not None and chosen[t] == ("block", s):
                works[s] = False
                if w != "block":
                    self.log(
                        "blocked",
                        s,
                        f"{names[t]} blocks {names[s]}: {pick.phrase(self, w, t)} does nothing",
                        by=t,
                    )
        pointed: dict[int, list[int]] = {}
        for s in range(n):
            w, t = chosen[s]
            if w in ("infect", "steal") and works[s] and t is not None:
                pointed.setdefault(t, []).append(s)
        for s in range(n):
            if chosen[s][0] != "fist":
                continue
            if s in pointed:
                who = " and ".join(names[p] for p in pointed[s])
                verb = "points" if len(pointed[s]) == 1 else "point"
                self.log("no_drink", s, f"{names[s]} cannot drink: {who} {verb} at them")
                continue
            left = self.undrunk(s) if self.left[s] else []
            if not left:
                self.log("no_drink", s, f"{names[s]} has nothing left to drink")
                continue
            b = left[0]
            self.drunk |= 1 << b
            self.left[s] -= 1
            self.log("drink", s, f"{names[s]} drinks a bottle", cards=(CARDS[b],))
        self.infections = [
            (s, t)
            for s in range(n)
            if chosen[s][0] == "infect" and works[s] and (t := chosen[s][1]) is not None
        ]
        self.steals = [
            (s, t)
            for s in range(n)
            if chosen[s][0] == "steal" and works[s] and (t := chosen[s][1]) is not None
        ]
        self.before = list(self.hands)
        self._next_infection()

    def _next_infection(self) -> None:
        if not self.infections:
            self._steal()
            return
        s, t = self.infections[0]
        hand = tuple(cards_of(self.before[s]))
        self.phase = self.SETTLE
        self.to_move = ()
        what = f"the card {self.names[t]} draws from {self.names[s]}'s hand"
        self.chance = ChanceStep("draw", hand, _infected, what, None, self.before[s])

    def _steal(self) -> None:
        n = self.players
        names = self.names
        stock = {t: self.undrunk(t) for _, t in self.steals}
        for t in sorted(stock):
            # from the target's left, round the table
            for s in sorted((s for s, u in self.steals if u == t), key=lambda s: (s - t) % n):
                left = stock[t]
                if not left:
                    self.log(
                        "no_steal",
                        s,
                        f"{names[s]} finds no bottle left to steal from {names[t]}",
                        victim=t,
                    )
                    continue
                b = left.pop(0)
                self.bottles[t].remove(b)
                self.left[t] -= 1
                self.left[s] += 1
                self.bottles[s].append(b)
                self.log(
                    "steal",
                    s,
                    f"{names[s]} steals a bottle from {names[t]}",
                    cards=(CARDS[b],),
                    victim=t,
                )
        self.steals = []
        self.turns += 1
        self._after_turn()

    def _after_turn(self) -> None:
        n = self.players
        opts = self.options
        if n == 2:
            holder = self.virus_holder()
            for s in range(n):
                if s != holder and self.drunk_count(s) >= opts.drinks_to_win:
                    self.award(s, 1, "wins the round")
                    self.end_hand(
                        f"{self.names[s]} has drunk {self.drunk_count(s)} bottles without the "
                        "virus and wins the round",
                        s,
                    )
                    return
            if self.turns >= opts.max_turns:
                self.end_hand(f"Nobody wins the round: it stops after {self.turns} turns")
                return
            self._turn()
            return
        left = sum(self.left)
        if left <= 2:
            self._score(f"{left} undrunk {'bottle is' if left == 1 else 'bottles are'} left")
        elif self.turns >= opts.max_turns:
            self._score(f"The round stops after {self.turns} turns")
        else:
            self._turn()

    def _score(self, why: str) -> None:
        holder = self.virus_holder()
        for s in range(self.players):
            if s == holder:
                self.award(s, 1, "holds the virus")
                continue
            k = len(self.bottles[s])
            if k:
                self.award(s, 4 * k, f"{k} bottle{'s' if k != 1 else ''} of medicine")
            germs = self.hands[s].bit_count()
            if germs:
                self.award(s, -germs, f"{germs} germ{'s' if germs != 1 else ''} in hand")
        self.end_hand(f"{why}; {self.names[holder]} holds the virus", holder)

    def game_over(self) -> bool:
        if self.players == 2:
            opts = self.options
            return bool(max(self.scores) >= opts.wins_needed) or len(self.results) >= int(
                opts.max_rounds
            )
        return len(self.results) >= int(self.options.rounds)

    def decide_winners(self) -> tuple[int, ...]:
        if self.players == 2 and not any(self.scores):
            return ()
        return super().decide_winners()

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if self.players != 2:
            return super().outcome_text(winners)
        rounds = len(self.results)
        if not winners:
            return f"Nobody wins: no round was won in {rounds}"
        who = " and ".join(self.names[s] for s in winners)
        wins = self.scores[winners[0]]
        verb = "wins" if len(winners) == 1 else "share"
        return f"{who} {verb} the match with {wins} round win{'s' if wins != 1 else ''}"

    def utility(self, seat: int) -> float:
        if self.players == 2:
            return float(self.scores[seat] - self.scores[1 - seat])
        return super().utility(seat)

    # ------------------------------------------------------- observation
    def _prompt(self, seat: int) -> str:
        return "Choose your signal: a fist to drink, or infect, steal from or block a player"

    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "bottles": self.left[seat],
            "drunk": self.drunk_count(seat),
            "cards": self.hands[seat].bit_count(),
        }
        if self.players == 2:
            out["rounds won"] = self.scores[seat]
        if self.phase == "signal":
            out["signal"] = "chosen" if self.PICK.decided(self, seat) else "choosing"
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        n = self.players
        zones = [
            Zone("hand", s, view.held(cards_of(self.hands[s]), view.seat == s), "hand")
            for s in range(n)
        ]
        d = self.drunk
        for s in range(n):
            row = self.bottles[s]
            tags = tuple("drunk" if d >> b & 1 else "" for b in row)
            zones.append(Zone("medicine", s, tuple(CARDS[b] for b in row), "row", tags=tags))
        info: dict[str, Any] = {"round": self.hand_number + 1, "turn": self.turns + 1}
        if n == 2:
            info["drinks_to_win"] = self.options.drinks_to_win
            info["wins_needed"] = self.options.wins_needed
        else:
            info["rounds"] = self.options.rounds
        me = view.seat
        if me is not None and self.phase == "signal" and self.PICK.decided(self, me):
            w, t = self.PICK.choice(self, me)
            info["your_signal"] = self.PICK.phrase(self, w, t)
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The round replayed from its recorded medicine, a deal of the hidden cards and
        the cards the infections the seat did not see handed over.

        The seat's own dealt cards are rebuilt from its hand and the infections it took
        part in.  Every hidden card must be, at each infection the seat saw, in the hand it
        was seen leaving (and, once a three- or four-player round is scored, the virus with
        the player who held it); between sightings it may have gone anywhere the unseen
        infections could carry it, and come back.  The other seats' cards are dealt at
        random among the places from which each card can still make its journey
        (:func:`~cardlab.rules.worlds.assign`), then a search turn by turn picks a random
        card for each unseen infection, going back to try others where a choice leaves no
        way through.  So every world is consistent with what the seat saw, though not
        drawn with exactly the odds of the real game.  Signals another seat chose are the
        ones the next reveal shows, or while the turn is open one of its menu at random.
        """
        return retry(_world, game, obs, rng)

    PICK = SecretChoice(
        ("fist",),
        _reveal,
        "drink or point at another player",
        aimed=("infect", "steal", "block"),
        refuse=_refuse,
        phrases={"fist": "make a fist", "steal": "steal from {target}"},
    )
    SIGNAL = Phase("signal", _legal, PICK.apply, PICK.why, _prompt)
    SETTLE = Phase("settle")


def _infected(state: VirusState, act: Action) -> None:
    s, t = state.infections.pop(0)
    card = act.cards[0]
    bit = 1 << card.index
    state.hands[s] &= ~bit
    state.hands[t] |= bit
    names = state.names
    what = "the virus" if card.index == VIRUS else card.text
    state.log(
        "infect",
        s,
        f"{names[s]} infects {names[t]}: a card changes hands",
        f"{names[s]} infects {names[t]}, who draws {what}",
        (s, t),
        hidden=(card,),
        to=t,
    )
    state._next_infection()


# ----------------------------------------------------------------- worlds
#: How many turns' choices one search for the unseen infections may try before the deal
#: is drawn again.
SEARCH_BUDGET = 400


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    history = obs.history
    deal = next((e for e in history if e.kind == "deal"), None)
    if deal is None:
        raise WorldError("the round's deal is not in the history")
    medicine = [c.index for c in deal.cards]
    # the seat's dealt cards: its hand now, less what it drew, plus what it handed over
    mine = mask_of(obs.my_hand)
    # each turn's infections in the order they were drawn: (pointer, target, the card
    # when the seat saw it, else -1)
    turns: list[list[tuple[int, int, int]]] = []
    end: int | None = None
    for e in history:
        if e.kind == "reveal":
            turns.append([])
        elif e.kind == "infect" and e.seat is not None:
            if not turns:
                raise WorldError("an infection before any signals were shown")
            card = e.hidden[0].index if e.hidden else -1
            turns[-1].append((e.seat, int(e.get("to")), card))
        elif e.kind == "hand_over" and n > 2:
            end = e.seat  # the player left holding the virus
    for turn in reversed(turns):
        for s, _t, c in reversed(turn):
            if c >= 0:
                mine = mine | 1 << c if s == me else mine & ~(1 << c)
    _, size = shares(n)
    others = [s for s in range(n) if s != me]
    pool = [c.index for c in dealt_cards(game) if not RED_MASK >> c.index & 1]
    rest = [c for c in pool if not mine >> c & 1]
    if len(rest) != size * len(others) or mine.bit_count() != size:
        raise WorldError("the hand cards do not add up")
    need = _where_needed(pool, turns, n, end)
    if any(not need[c][0] >> me & 1 for c in bits(mine)):
        raise WorldError("the seat's own cards cannot have been dealt to it")
    # each other seat's dealt cards: any hidden card that can still reach every player the
    # seat later saw it with
    slots = [sum(1 << c for c in rest if need[c][0] >> s & 1) for s in others for _ in range(size)]
    dealt = assign(slots, sum(1 << c for c in rest), rng)
    hands = {s: dealt[k * size : k * size + size] for k, s in enumerate(others)}
    where = dict.fromkeys(pool, me)
    for s in others:
        where.update(dict.fromkeys(hands[s], s))
    carried = _route(turns, need, where, rng)
    parts: dict[tuple[str, int | None], Sequence[int]] = {("medicine", None): medicine}
    parts[("hand", me)] = [c.index for c in cards_of(mine)]
    parts.update({("hand", s): hands[s] for s in others})
    draws = iter(carried)
    world = resume(game, obs)

    def luck(w: State, hist: Any, i: int) -> str:
        step = w.chance
        assert step is not None
        if step.kind == "deal":
            return deal_action(w, parts)
        card = next(draws, None)
        if card is None:
            raise WorldError("more infections than the history shows")
        return f"draw {CARDS[card].code}"

    return replay(world, obs, chance=luck, hidden=functools.partial(_hidden_signal, rng))


def _where_needed(
    pool: Sequence[int], turns: Sequence[Sequence[tuple[int, int, int]]], n: int, end: int | None
) -> dict[int, list[int]]:
    """For each hand card and turn, the seats (a mask) it may be with as the turn begins
    and still reach every player the seat later saw it with, one card at a time.

    Worked backwards: a card the seat saw handed over in a turn must be with the pointer
    as that turn begins; any other card stays put or rides an unseen infection (each
    moves a card at most once a turn: the draws come from the hands as they were).
    """
    everyone = (1 << n) - 1
    k_end = len(turns)
    anywhere = [everyone] * (k_end + 1)  # a card never seen again
    out = dict.fromkeys(pool, anywhere)
    sighted = {card for turn in turns for _, _, card in turn if card >= 0}
    if end is not None:
        sighted.add(VIRUS)
    for c in sighted:
        m = 1 << end if end is not None and c == VIRUS else everyone
        masks = [0] * (k_end + 1)
        masks[k_end] = m
        for k in range(k_end - 1, -1, -1):
            turn = turns[k]
            seen = next(((s, t) for s, t, card in turn if card == c), None)
            if seen is not None:
                m = 1 << seen[0] if m >> seen[1] & 1 else 0
            else:
                m |= sum(1 << s for s, t, card in turn if card < 0 and m >> t & 1)
            masks[k] = m
        out[c] = masks
    return out


def _route(
    turns: Sequence[Sequence[tuple[int, int, int]]],
    need: dict[int, list[int]],
    where: dict[int, int],
    rng: random.Random,
) -> list[int]:
    """The card each infection carried, in the order drawn, from the dealt places
    ``where`` (card: seat, changed while searching).

    A depth-first search, turn by turn, over the cards each unseen pointer may hand over:
    a card whose next sighting it could no longer reach is never moved (or kept) there,
    and a turn with no way through sends the search back to try other cards earlier.
    Raises :class:`WorldError` when there is no way through or the search gives up (the
    deal is then drawn again).
    """

    def choices(k: int, s: int, t: int) -> list[int]:
        after = {c: need[c][k + 1] for c, x in where.items() if x == s}
        stuck = [c for c, m in after.items() if not m >> s & 1]
        if len(stuck) > 1:
            return []  # two cards must leave, and only one goes
        cands = [c for c in stuck or after if after[c] >> t & 1]
        rng.shuffle(cands)
        return cands

    carried: list[int] = []
    # per turn entered: the combinations of unseen cards left to try, and the moves of
    # the one being tried (card, seat it came from)
    stack: list[tuple[Iterator[tuple[int, ...]], list[tuple[int, int]]]] = []
    budget = SEARCH_BUDGET
    k = 0
    while k < len(turns):
        turn = turns[k]
        if len(stack) == k:
            budget -= 1
            if budget < 0:
                raise WorldError("no way found to pass the hidden cards round")
            options = [choices(k, s, t) for s, t, c in turn if c < 0]
            stack.append((product(*options), []))
        combos, back = stack[k]
        if back:  # the combination tried last led nowhere
            del carried[len(carried) - len(back) :]
            for c, x in back:
                where[c] = x
            back.clear()
        picked = next(combos, None)
        if picked is None:
            stack.pop()
            k -= 1
            if k < 0:
                raise WorldError("no way to pass the hidden cards round")
            continue
        unseen = iter(picked)
        for s, t, c in turn:
            card = c if c >= 0 else next(unseen)
            back.append((card, s))
            where[card] = t
            carried.append(card)
        k += 1
    return carried


def _hidden_signal(rng: random.Random, world: State, seat: int, history: Any, i: int) -> str:
    """The signal ``seat`` chose at ``history[i]``: as the next reveal shows it, or one of
    its menu at random while the turn is still open."""
    assert isinstance(world, VirusState)
    for e in history[i:]:
        if e.kind == "reveal":
            word, target = e.get("signals")[seat]
            return word if target is None else f"{word} {seat_word(world.names, target)}"
    menu = world.PICK.menu(world, seat)
    return str(menu[rng.randrange(len(menu))])


# ----------------------------------------------------------------- bot
class VirusBot(PhaseBot):
    """Reads the table and bluffs a little.

    With the virus in hand (and more to lose than the 1 it scores) it infects; otherwise
    it drinks while it has bottles, steals from the player with the most undrunk bottles,
    and now and then blocks the player most likely to point at it (the richest in cards
    or the one whose bottles it keeps taking) or infects to shed germs.  Its coin is
    tossed afresh for each decision, seeded by the round and turn only.
    """

    name: ClassVar[str] = "heuristic"

    @on("signal", why="pass the virus on, drink while you can, else steal from the richest")
    def signal(self, obs: Observation) -> Action:
        legal = obs.legal
        me = obs.seat if obs.seat is not None else 0
        n = obs.players
        rng = random.Random(f"{self.seed}/{me}/{obs.info['round']}/{obs.info['turn']}")
        by_text = {str(a): a for a in legal}
        names = obs.names
        others = [s for s in range(n) if s != me]

        def aim(word: str, s: int) -> Action | None:
            return by_text.get(f"{word} {names[s].lower().replace(' ', '')}")

        bottles = {s: obs.value(s, "bottles", 0) for s in range(n)}
        held = {s: obs.value(s, "cards", 0) for s in range(n)}
        virus = any(c.is_joker for c in obs.my_hand)
        mine = len(obs.zone("medicine", me).cards)
        if n == 2:
            return self._race(obs, by_text, aim, others[0], virus, bottles, rng)
        # the virus scores 1: worth passing on while the bottles are worth more
        if virus and 4 * mine - (len(obs.my_hand) - 1) > 1 and rng.random() < 0.8:
            target = max(others, key=lambda s: (bottles[s], rng.random()))
            got = aim("infect", target)
            if got is not None:
                return got
        rich = sorted(others, key=lambda s: (-bottles[s], rng.random()))
        roll = rng.random()
        if bottles[me] and roll < 0.45:
            return by_text["fist"]
        if roll < 0.8:
            for s in rich:
                got = aim("steal", s)
                if got is not None:
                    return got
        if roll < 0.9 and not virus and len(obs.my_hand) > 1:
            got = aim("infect", rng.choice(others))
            if got is not None:
                return got
        threat = max(others, key=lambda s: (held[s], rng.random()))
        got = aim("block", threat)
        return got if got is not None else by_text["fist"]

    @staticmethod
    def _race(
        obs: Observation,
        by_text: dict[str, Action],
        aim: Any,
        opp: int,
        virus: bool,
        bottles: dict[int, int],
        rng: random.Random,
    ) -> Action:
        """Two players: the virus always costs the round, so its holder mostly infects;
        the other drinks, and steals or blocks when it cannot."""
        me = obs.seat if obs.seat is not None else 0
        roll = rng.random()
        plan: list[tuple[float, str]]
        if virus:
            plan = [(0.65, "infect"), (0.8, "fist"), (1.0, "block")]
        elif bottles[me]:
            plan = [(0.55, "fist"), (0.75, "steal"), (1.0, "block")]
        else:
            plan = [(0.7, "steal"), (0.85, "infect"), (1.0, "block")]
        for edge, word in plan:
            if roll < edge:
                got = by_text.get("fist") if word == "fist" else aim(word, opp)
                if got is not None and (word != "fist" or bottles[me]):
                    return got
        got = aim("block", opp)
        return got if got is not None else by_text["fist"]


# ------------------------------------------------------------ simulations
def signal_payoffs(
    players: int = 2, positions: int = 40, seed: int = 0, turns: int = 4
) -> list[dict[str, Any]]:
    """Which signal pays against which, from simulation.

    For each of ``positions`` positions reached by heuristic bots after ``turns`` turns
    of a round, seat 0 and seat 1 each try every signal (aimed at each other where it is
    aimed; with more players the others keep their bots' signals), and the round is then
    played out by heuristic bots.  A row gives the mean result for seat 0 of each pair:
    with two players the share of rounds it wins, with more its points less seat 1's.

    Returns
    -------
    list of dict
        ``mine``, ``theirs`` (signals), ``payoff`` and ``n`` (positions tried).
    """
    from ..core.match import Match

    game = GAME.game(players)
    totals: dict[tuple[str, str], list[float]] = {(a, b): [] for a in SIGNALS for b in SIGNALS}
    rng = random.Random(seed)
    found = 0
    attempt = 0
    while found < positions and attempt < positions * 5:
        attempt += 1
        m = Match(game, seed=rng.randrange(10**9), agents="heuristic")
        st = m.state
        assert isinstance(st, VirusState)
        while not st.terminal and not (st.phase == "signal" and st.turns >= turns):
            m.step()
        if st.terminal or st.phase != "signal" or st.hand_number != 0:
            continue
        if not st.hands[0] or not st.hands[1] or not st.left[0] or not st.left[1]:
            continue
        found += 1
        for a in SIGNALS:
            for b in SIGNALS:
                totals[(a, b)].append(_play_pair(st, a, b, rng.randrange(10**9)))
    return [
        {"mine": a, "theirs": b, "payoff": sum(v) / len(v) if v else 0.0, "n": len(v)}
        for (a, b), v in totals.items()
    ]


def _play_pair(start: VirusState, mine: str, theirs: str, seed: int) -> float:
    st = start.clone()
    assert isinstance(st, VirusState)
    names = st.names
    bots = [VirusBot(s, seed) for s in range(st.players)]
    forced = {0: mine if mine == "fist" else f"{mine} {seat_word(names, 1)}"}
    forced[1] = theirs if theirs == "fist" else f"{theirs} {seat_word(names, 0)}"
    rng = random.Random(seed)
    for s in range(st.players):
        act = forced.get(s) or str(bots[s].act(st.observation(s)))
        st.apply(act, s)
    hand = st.hand_number
    while not st.terminal and st.hand_number == hand:
        if st.chance is not None:
            st.apply(st.sample_chance(rng))
        else:
            for s in st.to_move:
                st.apply(bots[s].act(st.observation(s)), s)
    if st.players == 2:
        return float(st.scores[0] - start.scores[0])
    res = st.results[hand].points
    return float(res[0] - res[1])


def payoff_chart(rows: list[dict[str, Any]], title: str = "") -> Any:
    """A heat map of :func:`signal_payoffs`: my signal down, theirs across."""
    from ..core.optional import altair as alt
    from ..core.optional import pandas as pd

    frame = pd.DataFrame(rows)
    base = alt.Chart(frame).encode(
        y=alt.Y("mine:N", sort=list(SIGNALS), title="my signal"),
        x=alt.X("theirs:N", sort=list(SIGNALS), title="their signal (at me)"),
    )
    heat = base.mark_rect().encode(
        color=alt.Color("payoff:Q", scale=alt.Scale(scheme="redyellowgreen"), title="payoff"),
        tooltip=["mine", "theirs", alt.Tooltip("payoff:Q", format=".2f"), "n"],
    )
    text = base.mark_text().encode(text=alt.Text("payoff:Q", format=".2f"))
    return (heat + text).properties(title=title or "Which signal pays against which")


GAME = register(
    GameSpec(
        name="virus",
        title="Virus",
        family="signals",
        players=(2, 3, 4),
        default_players=3,
        summary=(
            "Everyone shows a fist or points at a player at once: drink your medicine, "
            "pass on germs, steal bottles, block; nobody wants the virus."
        ),
        state_class=VirusState,
        options_class=VirusOptions,
        bots={"heuristic": VirusBot},
        deck="standard+jokers",
        dealer=False,
        source="femtiofem.txt (Virus)",
        layout=TableLayout(),
        bench_target=600,
        may_end_without_winner=True,
        utility_unit="points (two players: round wins)",
    )
)
