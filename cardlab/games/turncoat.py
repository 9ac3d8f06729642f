"""Turncoat: a team runs five missions while a hidden turncoat may sabotage them.

Rules in brief
--------------
Two to four players.  The 10s and the jokers leave the pack; from them an identity deck is
made: two 10s and a joker for two players, three 10s and a joker for three or four.  Each
player is dealt one identity card face down and the rest of the identity deck is set
aside unseen, so with two or three players there may be no turncoat at all.  Whoever
holds the joker is the turncoat; everybody else is on the team.  Each player then gets
five cards from the 48 left.

Missions are led in turn.  The leader takes cards from the top of the deck until two
number cards (Ace to 9) are in hand: a picture card drawn on the way is a *spy* and goes
straight to the discard.  The leader keeps one of the two as the mission and discards the
other face down.  Every player then gives one card from hand, face down and all at once;
one more card comes from the top of the deck; the cards are mixed and shown without
anyone learning who gave which.  Cards of the mission's suit add their rank, other
suits subtract theirs, and the mission succeeds when the total reaches the mission
card's rank and no spy is among the cards.  Then everyone draws back to five cards.

Five successes win the game for the team, five failures for the turncoat.  Any player but
the turncoat may instead accuse another of being the turncoat at one of their decisions:
a right accusation wins for the team, a wrong one for the turncoat, and with no turncoat
at all an accusation (or five failures) means everyone loses.

Options
-------
{options}

Rulings
-------
From RULINGS.md: the turncoat never accuses, anyone else may at any of their decisions;
everyone draws back to five after a mission and the discards are reshuffled into a new
deck when it runs out; a mission is worth its card's rank (Ace 1); every player gives
exactly one card, spies allowed; the shown cards never say who gave them; the starting
seat (``first_dealer``) leads first, then each seat to its left; spies drawn and the
card the leader turns down are discarded face down, seen by the leader alone; with no
turncoat, five failures mean nobody wins.  Where the text and RULINGS are silent:

* The card added from the deck may be a spy, and it fails the mission like any other:
  once the cards are mixed nobody can tell where a spy came from, so "if any spies were
  placed" can only mean any spy among the cards shown (option ``deck_card="number"``
  instead turns deck cards up until a number card comes, the spies turned up discarded).
* Whether a card drawn for the mission offer is a spy is public (everyone sees it go
  straight to the discard), its face is not.
* The mission's cards are shown sorted by suit and rank, which tells nothing of who gave
  them: it is the shuffle, written down.
* Draws back to five start with the mission's leader and go to the left; a reshuffle in
  the middle of an offer or of the draws goes on where it stopped.
* The identity cards are shown face up when the game ends.
* Winning is all that counts (``utility_unit="wins"``): each winner scores 1 point, so
  the totals say who won.
* The game is one deal: it always ends within nine missions, so it needs no cap.
* Explicit deals: ``game.deal(identity="TS JK1 TH", hands=[...], deck="4S KC 7H")`` gives
  the identity cards seat by seat (then those set aside), the hands, and the deck from
  its top down.

Actions
-------
``mission XX`` (the leader keeps one of the two cards offered), ``give XX`` (the card a
player adds to the mission) and ``accuse <seat>`` (``accuse east``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import permutations
from typing import Any, ClassVar

from ..core.actions import Action, action
from ..core.agents import PhaseBot, on
from ..core.cards import CARDS, Card, cards_of
from ..core.chance import ChanceStep
from ..core.errors import WorldError
from ..core.observation import Observation, Zone
from ..core.options import DealerOptions, option
from ..core.phases import Phase
from ..core.registry import register
from ..core.spec import Game, GameSpec, TableLayout
from ..core.state import State
from ..rules.choices import seat_word, with_extras
from ..rules.deals import DealRule, each_seat, pile
from ..rules.passing import SecretPick
from ..rules.worlds import Deduction, deal_action, replay, resume, retry, seat_of

HAND = 5
JOKER = 52
TENS = (3 * 13 + 9, 2 * 13 + 9, 1 * 13 + 9)  # 10♠ 10♥ 10♦ (suits do not matter)
PLAY = tuple(i for i in range(52) if i % 13 != 9)  # the 48 cards left: no 10s, no jokers
SPY_MASK = sum(1 << i for i in PLAY if i % 13 >= 10)
PLAY_MASK = sum(1 << i for i in PLAY)
ID_MASK = (1 << JOKER) | sum(1 << t for t in TENS)
BIT = tuple(1 << i for i in range(54))


def is_spy(card: Card) -> bool:
    """A picture card: a spy."""
    return card.rank > 10


def identity_cards(players: int) -> tuple[int, ...]:
    """The identity deck: two 10s and the joker for two players, else three 10s."""
    return (*TENS[: 2 if players == 2 else 3], JOKER)


def _dealt(game: Game) -> list[Card]:
    return [CARDS[i] for i in identity_cards(game.players) + PLAY]


def _id_size(game: Game, variant: str) -> int:
    return len(identity_cards(game.players))


def mission_total(mission: Card, cards: Sequence[Card]) -> tuple[int, int]:
    """The total of ``cards`` for ``mission`` (its suit adds, others subtract; spies count
    nothing) and how many spies are among them."""
    total = spies = 0
    for c in cards:
        if is_spy(c):
            spies += 1
        elif c.suit == mission.suit:
            total += c.rank
        else:
            total -= c.rank
    return total, spies


@functools.cache
def accusations(names: tuple[str, ...]) -> tuple[Action, ...]:
    """``accuse <seat>`` for every seat of a table."""
    return tuple(action(f"accuse {seat_word(names, t)}") for t in range(len(names)))


@dataclass(frozen=True)
class TurncoatOptions(DealerOptions):
    """Turncoat's options."""

    first_dealer: int = option(0, "seat that leads the first mission", min=0)
    successes: int = option(5, "successful missions that win for the team", min=1, max=9)
    failures: int = option(5, "failed missions that win for the turncoat", min=1, max=9)
    deck_card: str = option(
        "any",
        "the card added from the deck: 'any' (a spy fails the mission) or 'number' (spies "
        "turned up are discarded until a number card comes)",
        choices=("any", "number"),
    )
    accusations: bool = option(True, "players other than the turncoat may accuse")

    allowed_decks: ClassVar[tuple[str, ...]] = ("standard+jokers",)
    deck: str = option("standard+jokers", "the pack with its jokers (one joker is used)")


# ----------------------------------------------------------------- the game
class TurncoatState(State):
    """A game of Turncoat.  Hands are masks; ``deck`` and ``discard`` lists of card
    indices with the top last; ``identity[s]`` a card index; ``turncoat`` the seat holding
    the joker or -1."""

    __slots__ = (
        "chosen",
        "deck",
        "discard",
        "extra",
        "failed",
        "hands",
        "history_missions",
        "identity",
        "leader",
        "mission",
        "missions",
        "offer",
        "resume_at",
        "seen_any",
        "set_aside",
        "succeeded",
        "to_draw",
        "turncoat",
    )

    DEAL = DealRule(
        pile("identity", _id_size, only=ID_MASK),
        each_seat(hand=HAND),
        pile("deck"),
        cards=_dealt,
    )

    hands: list[int]
    deck: list[int]
    discard: list[int]
    identity: list[int]
    set_aside: list[int]
    turncoat: int
    leader: int
    offer: list[int]
    mission: int
    extra: int
    chosen: list[int]
    succeeded: int
    failed: int
    missions: int
    to_draw: list[int]
    resume_at: str
    #: The cards some player has seen (the teacher shows them unmarked).
    seen_any: int
    #: Each finished mission: (mission card, cards shown, success).
    history_missions: list[tuple[int, tuple[int, ...], bool]]

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.deck = []
        self.discard = []
        self.identity = [-1] * n
        self.set_aside = []
        self.turncoat = -1
        self.leader = self.dealer
        self.offer = []
        self.mission = -1
        self.extra = -1
        self.chosen = [0] * n
        self.succeeded = self.failed = self.missions = 0
        self.to_draw = []
        self.resume_at = ""
        self.seen_any = 0
        self.history_missions = []

    def on_deal(self, dealt: Any) -> None:
        n = self.players
        ids = dealt.indices("identity")
        self.identity = ids[:n]
        self.set_aside = ids[n:]
        self.turncoat = ids.index(JOKER) if JOKER in ids[:n] else -1
        self.hands = dealt.masks("hand")
        self.deck = dealt.indices("deck")[::-1]  # a deal lists the deck from the top
        self.seen_any = sum(self.hands) | sum(BIT[i] for i in ids[:n])
        self.leader = self.dealer
        self.log("deal", None, "Each player gets an identity card and five cards")
        for s in range(n):
            role = "the turncoat" if s == self.turncoat else "on the team"
            mine = (*cards_of(self.hands[s]), CARDS[ids[s]])
            self.log(
                "hand",
                s,
                "",
                f"{self.names[s]} is {role} and holds {' '.join(c.text for c in mine[:-1])}",
                (s,),
                hidden=mine,
            )
        self._start_offer()

    # ------------------------------------------------------------ chance
    def _reshuffle(self, then: str) -> None:
        """The deck is empty: the discards become a new deck (a chance step), and the game
        goes on with ``then``."""
        self.resume_at = then
        self.to_move = ()
        cards = tuple(CARDS[i] for i in self.discard)
        self.chance = ChanceStep("shuffle", cards, _shuffled, "the reshuffle of the discards")

    def _pop(self) -> int:
        """The deck's top card, which some player now sees (or everyone, at a reveal)."""
        i = self.deck.pop()
        self.seen_any |= BIT[i]
        return i

    def _pile(self, view: Any, cards: list[int]) -> tuple[Any, ...]:
        """A face-down pile: its top back, or for the teacher every face, marked where
        no player has seen it."""
        if view.teacher:
            return tuple(view.card(CARDS[i], seen=bool(self.seen_any & BIT[i])) for i in cards)
        return tuple(view.stack([CARDS[i] for i in cards]))

    def _continue(self) -> None:
        getattr(self, self.resume_at)()

    # ------------------------------------------------------------ missions
    def _start_offer(self) -> None:
        self.offer = []
        self.mission = -1
        self._offer()

    def _offer(self) -> None:
        name = self.names[self.leader]
        while len(self.offer) < 2:
            if not self.deck:
                self._reshuffle("_offer")
                return
            i = self._pop()
            c = CARDS[i]
            spy = is_spy(c)
            if spy:
                self.discard.append(i)
                text = f"{name} draws a spy for the mission and discards it face down"
                secret = f"{name} draws {c.text}, a spy, and discards it face down"
            else:
                self.offer.append(i)
                text = f"{name} draws a card for the mission"
                secret = f"{name} draws {c.text} for the mission"
            self.log("offer", self.leader, text, secret, (self.leader,), hidden=(c,), spy=spy)
        self.phase = self.CHOOSE
        self.to_move = (self.leader,)

    def _choose(self, act: Action, seat: int) -> None:
        card = act.cards[0]
        other = next(i for i in self.offer if i != card.index)
        self.mission = card.index
        self.discard.append(other)
        self.offer = []
        self.missions += 1
        name = self.names[seat]
        self.log(
            "mission",
            seat,
            f"Mission {self.missions}: {name} picks {card.text} (reach {card.rank} in "
            f"{card.symbol}) and discards the other card face down",
            f"Mission {self.missions}: {name} picks {card.text} and discards "
            f"{CARDS[other].text} face down",
            (seat,),
            cards=(card,),
            public_action=True,
        )
        self.phase = self.GIVE
        self.GIVING.start(self, tuple(range(self.players)))

    def _gave(self) -> None:
        for s in range(self.players):
            self.hands[s] &= ~self.chosen[s]
        self.phase = SHOWING  # the cards are being shown: a reshuffle may come first
        self._deck_card()

    def _deck_card(self) -> None:
        while True:
            if not self.deck:
                self._reshuffle("_deck_card")
                return
            i = self._pop()
            c = CARDS[i]
            if self.options.deck_card == "number" and is_spy(c):
                self.discard.append(i)
                self.log(
                    "set_aside", None, f"{c.text} from the deck is a spy: discarded", cards=(c,)
                )
                continue
            self.extra = i
            self.log("deck_card", None, "A card from the deck joins the mission face down")
            break
        self._reveal()

    def _reveal(self) -> None:
        mask = BIT[self.extra]
        for m in self.chosen:
            mask |= m
        shown = cards_of(mask)
        mission = CARDS[self.mission]
        total, spies = mission_total(mission, shown)
        ok = not spies and total >= mission.rank
        if ok:
            self.succeeded += 1
        else:
            self.failed += 1
        why = f"{plural_spies(spies)}" if spies else f"total {total} against {mission.rank}"
        self.log(
            "reveal",
            None,
            f"Mission {self.missions} ({mission.text}): {' '.join(c.text for c in shown)}: "
            f"{'success' if ok else 'failure'} ({why}); {self.succeeded} succeeded, "
            f"{self.failed} failed",
            cards=shown,
            mission=mission.code,
            total=total,
            spies=spies,
            success=ok,
        )
        self.history_missions.append((self.mission, tuple(c.index for c in shown), ok))
        self.discard.append(self.mission)
        self.discard += [c.index for c in shown]
        self.mission = -1
        self.chosen = [0] * self.players
        self.extra = -1
        opts = self.options
        if self.succeeded >= opts.successes:
            self._end("team", f"The team has completed {self.succeeded} missions")
            return
        if self.failed >= opts.failures:
            self._end("turncoat", f"{self.failed} missions have failed")
            return
        self.to_draw = [(self.leader + k) % self.players for k in range(self.players)]
        self._draw_up()

    def _draw_up(self) -> None:
        while self.to_draw:
            if not self.deck:
                self._reshuffle("_draw_up")
                return
            s = self.to_draw.pop(0)
            i = self._pop()
            self.hands[s] |= BIT[i]
            name = self.names[s]
            self.log(
                "draw",
                s,
                f"{name} draws a card",
                f"{name} draws {CARDS[i].text}",
                (s,),
                hidden=(CARDS[i],),
            )
        self.leader = (self.leader + 1) % self.players
        self._start_offer()

    # ------------------------------------------------------------ the end
    def _end(self, side: str, why: str) -> None:
        n = self.players
        tc = self.turncoat
        if side == "team":
            winners = tuple(s for s in range(n) if s != tc)
        elif tc >= 0:
            winners = (tc,)
        else:
            winners = ()
        for s in winners:
            self.award(s, 1, "won" if side == "team" else "won as the turncoat")
        who = "nobody was the turncoat" if tc < 0 else f"{self.names[tc]} was the turncoat"
        self.end_game(winners, f"{why}; {who}")

    def utility(self, seat: int) -> float:
        return 1.0 if seat in self.winners() else 0.0

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        if not winners:
            return "Everybody loses"
        if len(winners) == 1 and winners[0] == self.turncoat:
            return f"{self.names[winners[0]]} wins as the turncoat"
        return "The team wins: " + ", ".join(self.names[s] for s in winners)

    # ------------------------------------------------------------ accusing
    def _accusations(self, seat: int) -> tuple[Action, ...]:
        if not self.options.accusations or seat == self.turncoat:
            return ()
        acts = accusations(self.names)
        return tuple(acts[t] for t in range(self.players) if t != seat)

    def _accuse(self, act: Action, seat: int) -> None:
        target = accusations(self.names).index(act)
        tc = self.turncoat
        names = self.names
        right = target == tc
        self.log(
            "accuse",
            seat,
            f"{names[seat]} accuses {names[target]} of being the turncoat: "
            + ("right" if right else "wrong"),
            accused=target,
            right=right,
        )
        if right:
            winners = tuple(s for s in range(self.players) if s != tc)
            for s in winners:
                self.award(s, 1, "won")
            self.end_game(winners, f"{names[seat]} unmasked {names[tc]}")
        elif tc >= 0:
            self.award(tc, 1, "won as the turncoat")
            self.end_game((tc,), f"{names[seat]} accused {names[target]} wrongly")
        else:
            self.end_game((), f"{names[seat]} accused {names[target]}, but nobody was the turncoat")

    def _accuse_why(self, act: Action, seat: int) -> str:
        if not self.options.accusations:
            return "accusations are not played in this game"
        if act not in accusations(self.names):
            return "accuse another player by name ('accuse east')"
        if seat == self.turncoat:
            return "you are the turncoat: you may not accuse anyone"
        if accusations(self.names).index(act) == seat:
            return "nobody may accuse themselves"
        return ""

    # ------------------------------------------------------------ phases
    def _choose_legal(self, seat: int) -> tuple[Action, ...]:
        return tuple(action(f"mission {CARDS[i].code}") for i in sorted(self.offer))

    def _choose_why(self, act: Action, seat: int) -> str:
        texts = " or ".join(CARDS[i].text for i in sorted(self.offer))
        return f"keep one of the two cards you drew as the mission: {texts}"

    def _choose_prompt(self, seat: int) -> str:
        return "Keep one of the two cards as the mission; the other is discarded face down"

    def _give_prompt(self, seat: int) -> str:
        m = CARDS[self.mission]
        return f"Give a card to the mission {m.text} (reach {m.rank} in {m.symbol})"

    # ------------------------------------------------------------ observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.phase == "give":
            out["gave"] = "yes" if self.chosen[seat] else "not yet"
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        me = view.seat
        over = self.terminal
        zones = []
        for s in range(self.players):
            card = CARDS[self.identity[s]] if self.identity[s] >= 0 else None
            ids = view.held([card], me == s, over) if card is not None else ()
            zones.append(Zone("identity", s, ids, "row", label="identity"))
            held = cards_of(self.hands[s] & ~self.chosen[s])  # a card given lies apart
            zones.append(Zone("hand", s, view.held(held, me == s), "hand"))
            if self.phase == "give" or self.chosen[s]:
                zones.append(self.GIVING.zone(self, view, s, "given"))
        if self.offer:
            offer = [CARDS[i] for i in sorted(self.offer)]
            zones.append(Zone("offer", self.leader, view.held(offer, me == self.leader), "row"))
        if self.mission >= 0:
            zones.append(Zone("mission", None, (CARDS[self.mission],), "pile", label="mission"))
        if self.history_missions:
            m, shown, ok = self.history_missions[-1]
            zones.append(
                Zone(
                    "last_mission",
                    None,
                    (CARDS[m], *(CARDS[i] for i in shown)),
                    "row",
                    label=f"last mission: {'success' if ok else 'failure'}",
                    tags=("mission",) + ("",) * len(shown),
                )
            )
        zones.append(Zone("deck", None, self._pile(view, self.deck), "pile"))
        zones.append(Zone("discard", None, self._pile(view, self.discard), "pile"))
        aside = [CARDS[i] for i in self.set_aside]
        zones.append(Zone("set_aside", None, view.held(aside, False, seen=False), "pile"))
        info: dict[str, Any] = {
            "mission_number": self.missions + (0 if self.phase == "give" else 1),
            "successes": self.succeeded,
            "failures": self.failed,
            "successes_to_win": self.options.successes,
            "failures_to_lose": self.options.failures,
            "leader": self.names[self.leader],
        }
        if self.mission >= 0:
            mc = CARDS[self.mission]
            info["mission"] = f"{mc.text}: reach {mc.rank} in {mc.symbol}"
        if me is not None and self.identity[me] >= 0:
            info["role"] = "turncoat" if me == self.turncoat else "team"
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A world for the seat: the turncoat drawn from :func:`turncoat_odds` (the
        seat's own card known), the givers of each mission's cards drawn uniformly
        among those that agree with the seat's own gift (a :class:`Deduction` of
        permutations), the unseen hands and deck dealt at random, and the game replayed.

        Approximation: another seat is assumed to give, at each mission after its first,
        the card it drew just before (its first gift comes from its dealt hand), so its
        hand keeps four dealt cards; a draw that cannot reproduce the history is drawn
        again.
        """
        return retry(_world, game, obs, rng)

    GIVING = SecretPick("give", 1, _gave, what="to give", zone="given")
    CHOOSE = with_extras(
        Phase("choose", _choose_legal, _choose, _choose_why, _choose_prompt),
        ("accuse",),
        _accusations,
        _accuse,
        _accuse_why,
    )
    GIVE = with_extras(
        Phase("give", GIVING.legal, GIVING.apply, GIVING.why, _give_prompt),
        ("accuse",),
        _accusations,
        _accuse,
        _accuse_why,
    )


#: Between the last gift and the next decision (a reshuffle may be due on the way).
SHOWING = Phase("showing")


def plural_spies(k: int) -> str:
    return "a spy" if k == 1 else f"{k} spies"


def _shuffled(state: TurncoatState, act: Action) -> None:
    state.deck = [c.index for c in act.cards]
    state.discard = []
    state.log(
        "reshuffle",
        None,
        f"The deck is empty: {len(state.deck)} discards are shuffled into a new deck",
        count=len(state.deck),
    )
    state._continue()


# ----------------------------------------------------------------- deduction
@dataclass(frozen=True)
class PlayModel:
    """How players are assumed to choose the mission they keep and the card they give.

    The leader keeps the lower of its two cards, the easier mission, when loyal (with
    chance ``loyal_low``) and the higher when it is the turncoat (``turncoat_high``); the
    two cards are taken as independent draws of the values 1 to 9.

    A card given is a *suit* card (a number card of the mission's suit), an *off* card
    (a number card of another suit) or a *spy*.  A loyal player gives a suit card when
    it holds one (about two hands in three hold one, ``loyal_suit``), else an off card,
    and a spy only when its hand holds nothing else (``loyal_spy``, nearly never).  The
    turncoat gives a spy half the time, an off card most of the rest.  The card from the
    deck is any card of the 48, so a spy a quarter of the time.

    The cards shown never say who gave them, so the gifts tell whether there is a
    turncoat at all, never which of the other seats it is: only the missions the leaders
    kept do that.
    """

    loyal_suit: float = 0.65
    loyal_spy: float = 0.01
    turncoat_spy: float = 0.5
    turncoat_suit: float = 0.1
    loyal_low: float = 0.8
    turncoat_high: float = 0.8

    def kept(self, value: int, traitor: bool) -> float:
        """The chance that a leader keeps a mission of ``value`` (1 to 9)."""
        low = (19 - 2 * value) / 81  # the lower of two values 1..9 is ``value``
        high = (2 * value - 1) / 81
        if traitor:
            return self.turncoat_high * high + (1 - self.turncoat_high) * low
        return self.loyal_low * low + (1 - self.loyal_low) * high

    def loyal(self) -> tuple[float, float, float]:
        """(suit, off, spy) for a loyal player."""
        off = 1.0 - self.loyal_suit - self.loyal_spy
        return (self.loyal_suit, off, self.loyal_spy)

    def traitor(self) -> tuple[float, float, float]:
        """(suit, off, spy) for the turncoat."""
        off = 1.0 - self.turncoat_spy - self.turncoat_suit
        return (self.turncoat_suit, off, self.turncoat_spy)


#: The deck card's kinds: 9 suit cards, 27 off cards and 12 spies of 48.
DECK_KINDS = (9 / 48, 27 / 48, 12 / 48)
MODEL = PlayModel()
NOBODY = -1


def kind_of(card: Card, mission: Card) -> int:
    """0 for a suit card, 1 for an off card, 2 for a spy."""
    if is_spy(card):
        return 2
    return 0 if card.suit == mission.suit else 1


@dataclass(frozen=True)
class MissionSeen:
    """One finished mission as a seat saw it: the mission card, the cards shown, the
    card the seat gave itself (None for a spectator)."""

    mission: Card
    shown: tuple[Card, ...]
    own: Card | None
    success: bool
    leader: int = -1


def missions_seen(obs: Observation) -> list[MissionSeen]:
    """The finished missions of ``obs``'s history, with the viewer's own gift."""
    out = []
    own: Card | None = None
    leader = -1
    me = obs.seat
    for e in obs.history:
        if e.kind == "pick" and e.seat == me and e.hidden:
            own = e.hidden[0]
        elif e.kind == "mission" and e.seat is not None:
            leader = e.seat
        elif e.kind == "reveal":
            mission = next(c for c in CARDS[:52] if c.code == e.get("mission"))
            out.append(MissionSeen(mission, e.cards, own, bool(e.get("success")), leader))
            own = None
    return out


def _prior(players: int, me: int | None, my_card: Card | None) -> dict[int, float]:
    """The chance of each seat (NOBODY: none) being the turncoat before any mission."""
    size = len(identity_cards(players))
    if me is None or my_card is None:
        out = {s: 1 / size for s in range(players)}
        out[NOBODY] = (size - players) / size
        return out
    if my_card.is_joker:
        return {me: 1.0}
    others = [s for s in range(players) if s != me]
    out = {s: 1 / (size - 1) for s in others}
    out[NOBODY] = (size - players) / (size - 1)
    return out


def mission_likelihood(
    seen: MissionSeen, players: int, me: int | None, turncoat: int, model: PlayModel = MODEL
) -> float:
    """The chance, under ``model``, that the mission went as seen if ``turncoat``
    (NOBODY: none) is the turncoat: the leader's choice of mission (unless the viewer
    led), times a sum over every way of handing the cards not known to be the viewer's
    to the other seats and the deck."""
    lead = 1.0
    if seen.leader >= 0 and seen.leader != me:
        lead = model.kept(seen.mission.rank, seen.leader == turncoat)
    cards = list(seen.shown)
    if seen.own is not None and seen.own in cards:
        cards.remove(seen.own)
    kinds = [kind_of(c, seen.mission) for c in cards]
    loyal, traitor = model.loyal(), model.traitor()
    givers = [traitor if s == turncoat else loyal for s in range(players) if s != me]
    givers.append(DECK_KINDS)
    total = 0.0
    for order in permutations(range(len(kinds))):
        p = 1.0
        for g, k in zip(givers, order, strict=True):
            p *= g[kinds[k]]
            if not p:
                break
        total += p
    return lead * total


def turncoat_odds_by_mission(obs: Observation, model: PlayModel = MODEL) -> list[dict[int, float]]:
    """The chance that each seat (key -1: nobody) is the turncoat, as ``obs``'s viewer
    can work it out: before any mission, then after each finished mission.

    Exact under ``model`` (see :class:`PlayModel`): the prior from the identity deck and
    the viewer's own identity card, then for each mission every way the cards shown could
    have come from the other seats and the deck (the viewer's own card set aside).
    """
    me = obs.seat
    my_card: Card | None = None
    if me is not None:
        faces = obs.zone("identity", me).faces
        my_card = faces[0] if faces else None
    post = _prior(obs.players, me, my_card)
    out = [dict(post)]
    for seen in missions_seen(obs):
        if len(post) > 1:
            post = {
                t: p * mission_likelihood(seen, obs.players, me, t, model) for t, p in post.items()
            }
            z = sum(post.values())
            post = {t: p / z for t, p in post.items()} if z else out[-1]
        out.append(dict(post))
    return out


def turncoat_odds(obs: Observation, model: PlayModel = MODEL) -> dict[int, float]:
    """The chance now that each seat (key -1: nobody) is the turncoat (see
    :func:`turncoat_odds_by_mission`)."""
    return turncoat_odds_by_mission(obs, model)[-1]


def odds_frame(obs: Observation, model: PlayModel = MODEL) -> Any:
    """:func:`turncoat_odds_by_mission` as a long DataFrame: mission, who, chance."""
    from ..core.optional import pandas as pd

    rows = []
    for k, post in enumerate(turncoat_odds_by_mission(obs, model)):
        for t, p in post.items():
            who = "nobody" if t == NOBODY else obs.names[t]
            rows.append({"mission": k, "who": who, "chance": p})
    return pd.DataFrame(rows)


def odds_chart(obs: Observation, model: PlayModel = MODEL) -> Any:
    """An Altair line chart of :func:`odds_frame`: who is the turncoat, mission by
    mission, as the viewer can tell."""
    from ..core.optional import altair as alt

    frame = odds_frame(obs, model)
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("mission:O", title="missions seen"),
            y=alt.Y(
                "chance:Q", title="chance of being the turncoat", scale=alt.Scale(domain=[0, 1])
            ),
            color=alt.Color("who:N", title="who"),
            tooltip=["mission", "who", alt.Tooltip("chance:Q", format=".2f")],
        )
        .properties(width=360, height=220, title="Who is the turncoat?")
    )


# ----------------------------------------------------------------- worlds
def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    hist = obs.history
    world = resume(game, obs)
    assert isinstance(world, TurncoatState)
    # the roles: my own card, the others' from the odds
    my_hand0: list[Card] = []
    my_id: Card | None = None
    for e in hist:
        if e.kind == "hand" and e.seat == me:
            my_hand0, my_id = list(e.hidden[:-1]), e.hidden[-1]
            break
    if my_id is None:
        raise WorldError("the deal is not in the history")
    odds = turncoat_odds(obs)
    seats = list(odds)
    tc = rng.choices(seats, weights=[odds[s] for s in seats])[0]
    ids = list(identity_cards(n))
    tens = [t for t in ids if t != JOKER and t != my_id.index]
    rng.shuffle(tens)
    identity = []
    for s in range(n):
        if s == me:
            identity.append(my_id.index)
        elif s == tc:
            identity.append(JOKER)
        else:
            identity.append(tens.pop())
    rest_ids = [i for i in ids if i not in identity]
    rng.shuffle(rest_ids)
    identity += rest_ids
    if len(identity) != len(ids):
        raise WorldError("the identity cards do not add up")
    # who gave which card, mission by mission (the deck is the giver n)
    gifts: list[dict[int, int]] = []
    number_only = getattr(game.options, "deck_card", "any") == "number"
    rules, gone_at = _givers_allowed(obs, me)
    for seen, allowed in zip(missions_seen(obs), rules, strict=True):
        shown = [c.index for c in seen.shown]
        own = seen.own.index if seen.own is not None else -1
        d: Deduction[tuple[int, ...]] = Deduction(permutations(shown))
        d = d.given(partial(_is_own, me, own), "the seat's own card")
        d = d.given(
            partial(_could_give, me, allowed),
            "a card discarded before comes back only through a draw after a reshuffle",
        )
        if number_only:
            d = d.given(partial(_deck_number, n), "the deck's card is a number")
        gifts.append(dict(enumerate(d.sample(rng))))
    # Where each other seat's gifts came from: its dealt hand (cards never seen before,
    # while room is left) or one of its earlier draws (the earliest that can be: after a
    # reshuffle, for a card seen going to the discard).
    reshuffles = [k for k, e in enumerate(hist) if e.kind == "reshuffle"]
    draws: dict[int, list[tuple[int, int]]] = {s: [] for s in range(n)}  # (event, missions)
    done = 0
    for k, e in enumerate(hist):
        if e.kind == "reveal":
            done += 1
        elif e.kind == "draw" and e.seat is not None:
            draws[e.seat].append((k, done))
    source: dict[int, int] = {}  # draw event -> the card drawn there
    dealt: dict[int, list[int]] = {s: [] for s in range(n)}
    for s in range(n):
        if s == me:
            continue
        free = list(draws[s])
        for j, gift in enumerate(gifts):
            card = gift[s]
            t = gone_at[j].get(card)
            if t is None and len(dealt[s]) < HAND:
                dealt[s].append(card)
                continue
            after = -1 if t is None else next((r for r in reshuffles if r > t), len(hist))
            got = next((d for d in free if d[1] <= j and d[0] > after), None)
            if got is None:
                raise WorldError("no draw could have brought a card given")
            free.remove(got)
            source[got[0]] = card
    # The deck's draws, in order, split at each reshuffle: each a wanted card or a kind.
    segments: list[list[tuple[str, int]]] = [[]]
    mission_no = 0
    offers: list[tuple[int, int]] = []  # (segment, slot) of other leaders' number draws
    for k, e in enumerate(hist):
        seg = segments[-1]
        if e.kind == "reshuffle":
            segments.append([])
        elif e.kind == "offer":
            if e.seat == me:
                seg.append(("card", e.hidden[0].index))
            elif e.get("spy"):
                seg.append(("spy", -1))
            else:
                offers.append((len(segments) - 1, len(seg)))
                seg.append(("number", -1))
        elif e.kind == "mission":
            # the mission card is one of this offer's two number draws
            nums = offers[-2:]
            if e.seat != me and len(nums) == 2:
                sg, j = nums[rng.randrange(2)]
                segments[sg][j] = ("card", e.cards[0].index)
            offers = []
        elif e.kind == "set_aside":
            seg.append(("card", e.cards[0].index))
        elif e.kind == "deck_card":
            if mission_no < len(gifts):
                seg.append(("card", gifts[mission_no][n]))
            else:
                seg.append(("any", -1))
        elif e.kind == "reveal":
            mission_no += 1
        elif e.kind == "draw":
            if e.seat == me:
                seg.append(("card", e.hidden[0].index))
            else:
                seg.append(("card", source[k]) if k in source else ("any", -1))
    # the deal: my hand, each other seat's first gift plus four cards, the deck
    fixed0 = {i for kind, i in segments[0] if kind == "card"} | {c.index for c in my_hand0}
    fixed0 |= {i for h in dealt.values() for i in h}
    later = [i for seg in segments[1:] for kind, i in seg if kind == "card"]
    need_later = [i for i in dict.fromkeys(later) if i not in fixed0]
    pool = [i for i in PLAY if i not in fixed0]
    rng.shuffle(pool)
    # cards needed after a reshuffle must reach the discard first: through an offer
    pool.sort(key=lambda i: i not in need_later)
    deck0 = _fill(segments[0], pool, rng)
    hands: dict[int, list[int]] = {}
    spare = [i for i in pool if i not in need_later] + [i for i in pool if i in need_later]
    for s in range(n):
        if s == me:
            hands[s] = [c.index for c in my_hand0]
            continue
        h = list(dealt[s])
        while len(h) < HAND:
            if not spare:
                raise WorldError("too few cards for the hands")
            h.append(spare.pop(0))
        hands[s] = h
    for i in hands.values():
        for c in i:
            if c in pool:
                pool.remove(c)
    rng.shuffle(pool)
    order = deck0 + pool  # drawn first ... last, as a deal lists the deck
    parts: dict[tuple[str, int | None], Sequence[int]] = {("identity", None): identity}
    for s in range(n):
        parts[("hand", s)] = hands[s]
    parts[("deck", None)] = order
    deal = deal_action(world, parts)
    later_segments = segments[1:]

    def chance(w: State, history: Any, i: int) -> str:
        if w.chance is not None and w.chance.kind == "deal":
            return deal
        assert isinstance(w, TurncoatState)
        seg = later_segments.pop(0)
        avail = list(w.discard)
        want = [i for kind, i in seg if kind == "card"]
        for c in want:
            if c not in avail:
                raise WorldError("a card drawn after the reshuffle was not in the discards")
        rest = [c for c in avail if c not in want]
        still = {i for s2 in later_segments for kind, i in s2 if kind == "card"}
        rng.shuffle(rest)
        rest.sort(key=lambda c: c not in still)
        drawn = _fill(seg, rest, rng)
        rng.shuffle(rest)
        new = list(reversed(drawn + rest))
        return "shuffle " + " ".join(CARDS[c].code for c in new)

    return replay(world, obs, chance=chance, hidden=partial(_hidden_gift, rng, gifts))


def _is_own(me: int, own: int, p: tuple[int, ...]) -> bool:
    return p[me] == own


def _could_give(me: int, allowed: dict[int, set[int]], p: tuple[int, ...]) -> bool:
    return all(g == me or g in allowed[c] for g, c in enumerate(p))


def _deck_number(n: int, p: tuple[int, ...]) -> bool:
    return not SPY_MASK >> p[n] & 1


def _givers_allowed(
    obs: Observation, me: int
) -> tuple[list[dict[int, set[int]]], list[dict[int, int]]]:
    """For each finished mission, who may have given each card shown (seat n: the deck),
    as the sampler builds hands: a seat's first gift comes from its dealt hand, each later
    one from the draw just before; a card the seat saw go to the discard can only have
    come back through a draw made after a reshuffle."""
    n = obs.players
    out: list[dict[int, set[int]]] = []
    times: list[dict[int, int]] = []
    gone: dict[int, int] = {}  # card -> event index at which it went to the discard
    last_draw: dict[int, int] = {}
    reshuffles: list[int] = []
    mine: list[int] = []
    deck_at = -1
    for k, e in enumerate(obs.history):
        kind = e.kind
        if kind == "reshuffle":
            reshuffles.append(k)
        elif kind == "draw" and e.seat is not None:
            last_draw[e.seat] = k
        elif kind == "offer" and e.seat == me:
            if e.get("spy"):
                gone[e.hidden[0].index] = k
            else:
                mine.append(e.hidden[0].index)
        elif kind == "set_aside":
            gone[e.cards[0].index] = k
        elif kind == "mission":
            for i in mine:
                if i != e.cards[0].index:
                    gone[i] = k  # the card the seat turned down
            mine = []
        elif kind == "deck_card":
            deck_at = k
        elif kind == "reveal":

            def back_by(t: int, when: int) -> bool:
                return any(t < r < when for r in reshuffles)

            allowed: dict[int, set[int]] = {}
            for c in e.cards:
                t = gone.get(c.index)
                ok = {
                    s
                    for s in range(n)
                    if t is None or (s in last_draw and back_by(t, last_draw[s]))
                }
                if t is None or back_by(t, deck_at):
                    ok.add(n)
                allowed[c.index] = ok
            out.append(allowed)
            times.append({c.index: gone[c.index] for c in e.cards if c.index in gone})
            for c in e.cards:
                gone[c.index] = k
            gone[next(c.index for c in CARDS[:52] if c.code == e.get("mission"))] = k
    return out, times


def _fill(seg: list[tuple[str, int]], pool: list[int], rng: random.Random) -> list[int]:
    """The cards of one stretch of draws, in order: wanted cards as they are, kinds from
    ``pool`` (taken out of it, its first cards first)."""
    out = []
    for kind, i in seg:
        if kind == "card":
            if i in pool:
                pool.remove(i)
            out.append(i)
            continue
        if kind == "spy":
            k = next((c for c in pool if SPY_MASK >> c & 1), None)
        elif kind == "number":
            k = next((c for c in pool if not SPY_MASK >> c & 1), None)
        else:
            k = pool[-1] if pool else None  # the pool's last cards are not wanted later
        if k is None:
            raise WorldError("no card of the kind drawn is left")
        pool.remove(k)
        out.append(k)
    return out


def _hidden_gift(
    rng: random.Random, gifts: list[dict[int, int]], world: State, seat: int, history: Any, i: int
) -> str:
    """The card ``seat`` gave at ``history[i]``: the sampled giver's card, or while the
    mission is still open any card of its hand."""
    assert isinstance(world, TurncoatState)
    done = sum(1 for e in history[:i] if e.kind == "reveal")
    if done < len(gifts):
        return f"give {CARDS[gifts[done][seat]].code}"
    held = cards_of(world.hands[seat])
    if not held:
        raise WorldError("an empty hand cannot give")
    return f"give {held[rng.randrange(len(held))].code}"


# ----------------------------------------------------------------- bot
class TurncoatBot(PhaseBot):
    """Team: keeps the easier mission, gives its best card of the mission's suit (never a
    spy unless forced) and accuses once :func:`turncoat_odds` makes one seat very likely
    (or fairly likely with the game about to be lost).  Turncoat: keeps the harder
    mission and gives a spy or an off-suit card, now and then a harmless card to blend
    in."""

    name: ClassVar[str] = "heuristic"
    #: Accuse a seat at least this likely to be the turncoat...
    sure: ClassVar[float] = 0.9
    #: ... or this likely when one more failure loses the game.
    desperate: ClassVar[float] = 0.5

    def _rng(self, obs: Observation) -> random.Random:
        me = obs.seat if obs.seat is not None else 0
        key = f"{self.seed}/{me}/{obs.info.get('mission_number')}/{obs.phase}"
        return random.Random(key)

    def _traitor(self, obs: Observation) -> bool:
        return obs.info.get("role") == "turncoat"

    def _accusation(self, obs: Observation) -> Action | None:
        accuse = [a for a in obs.legal if a.verb == "accuse"]
        if not accuse or not any(e.kind == "reveal" for e in obs.history):
            return None
        odds = turncoat_odds(obs)
        best = max((s for s in odds if s != NOBODY), key=lambda s: odds[s], default=None)
        if best is None:
            return None
        need = self.sure
        if obs.info["failures"] + 1 >= obs.info["failures_to_lose"]:
            need = self.desperate
        if odds[best] < need:
            return None
        word = f"accuse {seat_word(obs.names, best)}"
        return next((a for a in accuse if a == word), None)

    @on("choose", why="keep the mission easiest for the team (hardest, as the turncoat)")
    def choose(self, obs: Observation) -> Action:
        acc = self._accusation(obs)
        if acc is not None:
            return acc
        hand = obs.my_hand
        options = [a for a in obs.legal if a.verb == "mission"]

        def ease(a: Action) -> float:
            m = a.cards[0]
            mine = max((c.rank for c in hand if c.suit == m.suit and not is_spy(c)), default=0)
            return mine - m.rank

        pick = min if self._traitor(obs) else max
        return pick(options, key=lambda a: (ease(a), a.cards[0].index))

    @on(
        "give",
        why="give the mission's suit, highest first (a spy or off-suit card as the turncoat)",
    )
    def give(self, obs: Observation) -> Action:
        acc = self._accusation(obs)
        if acc is not None:
            return acc
        gives = {a.cards[0]: a for a in obs.legal if a.verb == "give"}
        mission = obs.zone("mission").faces[0]
        cards = list(gives)

        def kind(c: Card) -> int:
            return kind_of(c, mission)

        if self._traitor(obs):
            rng = self._rng(obs)
            spies = [c for c in cards if kind(c) == 2]
            off = [c for c in cards if kind(c) == 1]
            close = obs.info["failures"] + 1 >= obs.info["failures_to_lose"]
            if spies and (close or rng.random() < 0.6):
                return gives[spies[0]]
            if off:
                return gives[max(off, key=lambda c: (c.rank, c.index))]
            return gives[min(cards, key=lambda c: (c.rank, c.index))]
        suit = [c for c in cards if kind(c) == 0]
        if suit:
            return gives[max(suit, key=lambda c: (c.rank, c.index))]
        off = [c for c in cards if kind(c) == 1]
        if off:
            return gives[min(off, key=lambda c: (c.rank, c.index))]
        return gives[cards[0]]


GAME = register(
    GameSpec(
        name="turncoat",
        title="Turncoat",
        family="hidden role",
        players=(2, 3, 4),
        default_players=4,
        summary="A team runs five missions with secret cards while a hidden turncoat sabotages.",
        state_class=TurncoatState,
        options_class=TurncoatOptions,
        deck="standard+jokers",
        bots={"heuristic": TurncoatBot},
        source="femtiofem.txt (Turncoat)",
        layout=TableLayout(
            center=("mission", "last_mission", "deck", "discard"),
            compact=("identity", "given"),
            small=("last_mission",),
            hide=("set_aside",),
            confirm=(("accuse", "Accuse this player of being the turncoat? It ends the game."),),
        ),
        bench_target=1_000,
        variants={
            "deck card always a number": {"deck_card": "number"},
            "no accusations": {"accusations": False},
        },
        may_end_without_winner=True,
        utility_unit="wins",
    )
)


# ----------------------------------------------------------------- how games end
#: The ways a game of Turncoat ends, as :func:`ending` names them.
ENDINGS = (
    "team: missions",
    "team: right accusation",
    "turncoat: missions",
    "turncoat: wrong accusation",
    "everybody loses",
)


def ending(state: State) -> str:
    """How a finished game ended: one of :data:`ENDINGS`."""
    assert isinstance(state, TurncoatState)
    if not state.terminal:
        raise ValueError("the game is not over yet")
    accused = next((e for e in reversed(state.events) if e.kind == "accuse"), None)
    if state.turncoat < 0 and not state.winners():
        return "everybody loses"
    if accused is not None:
        return "team: right accusation" if accused.get("right") else "turncoat: wrong accusation"
    return "team: missions" if state.succeeded >= state.options.successes else "turncoat: missions"


def play_games(
    n: int,
    agents: Any = "heuristic",
    seed: int | str = 0,
    players: int | None = None,
    **options: Any,
) -> Any:
    """Play ``n`` seeded games (bots as for :class:`cardlab.Match`) and return a DataFrame
    with a row per game: ``seed``, ``players``, ``turncoat`` (-1: none), ``ending`` (see
    :func:`ending`), ``missions`` played, ``steps`` and ``win_<seat>`` (1 or 0)."""
    from ..core.match import Match
    from ..core.optional import pandas as pd

    rows = []
    for i in range(n):
        m = Match("turncoat", seed=f"{seed}/{i}", agents=agents, players=players, **options)
        m.run()
        st = m.state
        assert isinstance(st, TurncoatState)
        row: dict[str, Any] = {
            "seed": i,
            "players": st.players,
            "turncoat": st.turncoat,
            "ending": ending(st),
            "missions": st.succeeded + st.failed,
            "steps": sum(1 for e in st.events if e.action is not None),
        }
        for s in range(st.players):
            row[f"win_{s}"] = int(s in st.winners())
        rows.append(row)
    return pd.DataFrame(rows)
