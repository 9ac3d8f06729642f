"""Standoff Toy: a small game of signals pointed at each other, chosen all at once.

A test game, not a published one.  Every player has three bottles of medicine (red
number cards, face up in front of them) and a hand of two germs (black number cards);
the joker, the virus, is dealt among the germs.  Each turn everyone secretly chooses a
fist (drink one of your bottles) or points at another player: ``infect`` (hand them a
card: the highest of your hand, so the virus first), ``steal`` (take one of their
undrunk bottles) or ``block`` (their pointing at you does nothing).  The choices are
revealed together and resolved in order: blocks, drinking (only if nobody infects or
steals from the drinker), infections (from the hands as they stood), steals in seat
order.  Nobody points at themselves; you cannot infect with an empty hand, drink with no
bottle left, or steal from someone with none.

With ``accusations`` on, a player who does not hold the virus may also accuse another
player of holding it, at any of its decisions: a right accusation scores 10 for the
accuser, a wrong one 10 for the virus's holder, and either ends the round.  Who may
accuse is nobody else's business: only the accuser's own menu shows it.

A round ends once two or fewer undrunk bottles are left, or after ``max_turns`` turns:
the virus's holder scores 1, every other player 4 a bottle (drunk or not) less 1 a germ
in hand.  The game is ``rounds`` rounds.

Actions: ``fist``, ``infect east``, ``steal east``, ``block east``, ``accuse east``.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.core.actions import Action, action
from cardlab.core.agents import PhaseBot, on
from cardlab.core.cards import CARDS, Card, cards_of
from cardlab.core.errors import WorldError
from cardlab.core.observation import Observation, Zone
from cardlab.core.options import Options, option
from cardlab.core.phases import Phase
from cardlab.core.registry import register
from cardlab.core.spec import Game, GameSpec
from cardlab.core.state import State
from cardlab.rules.choices import SecretChoice, seat_word, with_extras
from cardlab.rules.deals import DealRule, each_seat, pile
from cardlab.rules.worlds import mask_of, resume, retry

VIRUS = 52
RED = [c.index for c in CARDS[:52] if c.red and c.rank <= 10]
BLACK = [c.index for c in CARDS[:52] if not c.red and c.rank <= 10]
RED_MASK = sum(1 << i for i in RED)


@functools.cache
def accusations(names: tuple[str, ...]) -> tuple[Action, ...]:
    """``accuse <seat>`` for every seat of a table."""
    return tuple(action(f"accuse {seat_word(names, t)}") for t in range(len(names)))


def dealt_cards(game: Game) -> list[Card]:
    n = game.players
    return [CARDS[i] for i in RED[: 3 * n] + BLACK[: 2 * n - 1]] + [CARDS[VIRUS]]


@dataclass(frozen=True)
class StandoffOptions(Options):
    """Standoff Toy's options."""

    deck: str = option("standard+jokers", "the 52 cards and the jokers (one is the virus)")
    rounds: int = option(2, "rounds in a game", min=1)
    max_turns: int = option(12, "a round ends after this many turns", min=1)
    accusations: bool = option(True, "a player without the virus may accuse another")

    allowed_decks: ClassVar[tuple[str, ...]] = ("standard+jokers",)


class StandoffState(State):
    """Standoff Toy in progress: hands are masks; each seat's bottles a list of card
    indices (in the order they came), ``drunk`` a mask of the drunk ones."""

    __slots__ = ("bottles", "choices", "drunk", "hands", "turns")

    DEAL = DealRule(
        pile("medicine", lambda game, v: 3 * game.players, only=RED_MASK),
        each_seat(hand=2),
        cards=dealt_cards,
    )

    hands: list[int]
    bottles: list[list[int]]
    drunk: int
    choices: list[int]
    turns: int

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.bottles = [[] for _ in range(n)]
        self.drunk = 0
        self.choices = [-1] * n
        self.turns = 0

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        med = dealt.indices("medicine")
        self.bottles = [med[3 * s : 3 * s + 3] for s in range(self.players)]
        self.log("deal", None, f"Round {self.hand_number + 1}: three bottles and two germs each")
        self._turn()

    def _turn(self) -> None:
        self.phase = self.SIGNAL
        self.PICK.start(self, tuple(range(self.players)))

    # ------------------------------------------------------------ rules
    def undrunk(self, seat: int) -> list[int]:
        return [b for b in self.bottles[seat] if not self.drunk >> b & 1]

    def virus_holder(self) -> int:
        return next(s for s in range(self.players) if self.hands[s] >> VIRUS & 1)

    def _refuse(self, seat: int, word: str, target: int | None) -> str:
        if word == "fist" and not self.undrunk(seat):
            return "you have no bottle left to drink"
        if word == "infect" and not self.hands[seat]:
            return "you have no card to infect anyone with"
        if word == "steal" and target is not None and not self.undrunk(target):
            return f"{self.names[target]} has no bottle left to steal"
        return ""

    def _reveal(self) -> None:
        n = self.players
        names = self.names
        chosen = [self.PICK.choice(self, s) for s in range(n)]
        said = "; ".join(
            f"{names[s]}: {self.PICK.phrase(self, w, t)}" for s, (w, t) in enumerate(chosen)
        )
        self.log("reveal", None, f"The signals show: {said}", signals=tuple(chosen))

        def works(s: int) -> bool:
            t = chosen[s][1]
            return t is not None and chosen[t] != ("block", s)

        attacked = {
            chosen[s][1] for s in range(n) if chosen[s][0] in ("infect", "steal") and works(s)
        }
        for s in range(n):
            if chosen[s][0] == "fist" and s not in attacked:
                b = self.undrunk(s)[0]
                self.drunk |= 1 << b
                self.log("drink", s, f"{names[s]} drinks {CARDS[b].text}", cards=(CARDS[b],))
        before = list(self.hands)
        for s in range(n):
            w, t = chosen[s]
            if w == "infect" and works(s) and t is not None:
                card = before[s].bit_length() - 1
                self.hands[s] &= ~(1 << card)
                self.hands[t] |= 1 << card
                c = CARDS[card]
                self.log(
                    "infect",
                    s,
                    f"{names[s]} infects {names[t]}",
                    f"{names[s]} gives {names[t]} {'the virus' if card == VIRUS else c.text}",
                    (s, t),
                    hidden=(c,),
                    to=t,
                )
        for s in range(n):
            w, t = chosen[s]
            if w == "steal" and works(s) and t is not None:
                left = self.undrunk(t)
                if left:
                    self.bottles[t].remove(left[0])
                    self.bottles[s].append(left[0])
                    c = CARDS[left[0]]
                    self.log("steal", s, f"{names[s]} steals {c.text} from {names[t]}", cards=(c,))
        self.turns += 1
        left = sum(len(self.undrunk(s)) for s in range(n))
        if left <= 2 or self.turns >= self.options.max_turns:
            self._score()
        else:
            self._turn()

    def _score(self) -> None:
        holder = self.virus_holder()
        for s in range(self.players):
            if s == holder:
                self.award(s, 1, "holds the virus")
                continue
            self.award(s, 4 * len(self.bottles[s]), "bottles")
            germs = self.hands[s].bit_count()
            if germs:
                self.award(s, -germs, "germs in hand")
        self.end_hand(f"{self.names[holder]} holds the virus", holder)

    def game_over(self) -> bool:
        return len(self.results) >= self.options.rounds

    # --------------------------------------------------------- accusing
    def _accusations(self, seat: int) -> tuple[Action, ...]:
        if not self.options.accusations or self.hands[seat] >> VIRUS & 1:
            return ()
        return tuple(accusations(self.names)[t] for t in range(self.players) if t != seat)

    def _accuse(self, act: Action, seat: int) -> None:
        target = next(t for t, a in enumerate(accusations(self.names)) if a == act)
        holder = self.virus_holder()
        names = self.names
        right = target == holder
        self.log(
            "accuse",
            seat,
            f"{names[seat]} accuses {names[target]}: "
            + ("right" if right else f"wrong, {names[holder]} holds the virus"),
            accused=target,
            right=right,
        )
        if right:
            self.award(seat, 10, "a right accusation")
        else:
            self.award(holder, 10, "a wrong accusation against someone else")
        self.to_move = ()
        self.end_hand("An accusation ends the round", seat)

    def _accuse_why(self, act: Action, seat: int) -> str:
        if not self.options.accusations:
            return "accusations are not played in this game"
        if self.hands[seat] >> VIRUS & 1:
            return "you hold the virus: you may not accuse anyone"
        names = ", ".join(a.args[0] for a in self._accusations(seat))
        return f"accuse another player by name ({names})"

    # ------------------------------------------------------- observation
    def _prompt(self, seat: int) -> str:
        return "Choose your signal: a fist to drink, or infect, steal or block another player"

    def seat_values(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"bottles": len(self.undrunk(seat))}
        if self.phase == "signal":
            out["signal"] = "chosen" if self.PICK.decided(self, seat) else "choosing"
        return out

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones = []
        for s in range(self.players):
            zones.append(
                Zone("hand", s, view.held(cards_of(self.hands[s]), view.seat == s), "hand")
            )
        for s in range(self.players):
            cards = tuple(CARDS[b] for b in self.bottles[s])
            tags = tuple("drunk" if self.drunk >> b & 1 else "" for b in self.bottles[s])
            zones.append(Zone("medicine", s, cards, "row", tags=tags))
        info: dict[str, Any] = {"turn": self.turns + 1, "round": self.hand_number + 1}
        me = view.seat
        if me is not None and self.phase == "signal" and self.PICK.decided(self, me):
            w, t = self.PICK.choice(self, me)
            info["your_signal"] = w if t is None else f"{w} {self.names[t]}"
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The seat's hand and every bottle as seen; the other hands dealt at random from
        the hand cards it does not hold (where it passed a card is not honoured); seats
        that have chosen this turn given a random choice from their menus."""
        return retry(_world, game, obs, rng)

    PICK = SecretChoice(
        ("fist",),
        _reveal,
        "drink or point at another player",
        aimed=("infect", "steal", "block"),
        refuse=_refuse,
        phrases={"fist": "make a fist", "steal": "steal from {target}"},
    )
    SIGNAL = with_extras(
        Phase("signal", PICK.legal, PICK.apply, PICK.why, _prompt),
        ("accuse",),
        _accusations,
        _accuse,
        _accuse_why,
    )


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = obs.seat
    if me is None:
        raise WorldError("worlds are sampled for a seat")
    world = resume(game, obs)
    world.apply(world.sample_chance(rng))
    assert isinstance(world, StandoffState)
    n = obs.players
    mine = mask_of(obs.my_hand)
    pool = [c.index for c in dealt_cards(game) if not RED_MASK >> c.index & 1]
    unseen = [i for i in pool if not mine >> i & 1]
    rng.shuffle(unseen)
    hands = [0] * n
    for s in range(n):
        if s == me:
            hands[s] = mine
            continue
        k = len(obs.hand_of(s).cards)
        hands[s] = sum(1 << i for i in unseen[:k])
        del unseen[:k]
    if unseen:
        raise WorldError("the hand cards do not add up")
    world.hands = hands
    world.bottles = [[c.index for c in obs.zone("medicine", s).cards] for s in range(n)]
    world.drunk = 0
    for s in range(n):
        z = obs.zone("medicine", s)
        for c, tag in zip(z.cards, z.tags, strict=True):
            if tag == "drunk" and isinstance(c, Card):
                world.drunk |= 1 << c.index
    world.turns = int(obs.info["turn"]) - 1
    world.phase = world.SIGNAL
    world.PICK.start(world, tuple(range(n)))
    for s in range(n):
        if s != me and s not in obs.to_move:
            menu = world.PICK.menu(world, s)
            world.apply(menu[rng.randrange(len(menu))], s)
    return world


# ----------------------------------------------------------------- bot
class StandoffBot(PhaseBot):
    """Drinks while nobody is likely to point at it; steals from the player with the most
    bottles; infects when it holds the virus; accuses nobody."""

    name: ClassVar[str] = "heuristic"

    @on("signal", why="pass the virus on, drink while you can, else steal from the richest")
    def signal(self, obs: Observation) -> Action:
        legal = [a for a in obs.legal if a.verb != "accuse"]
        me = obs.seat if obs.seat is not None else 0
        if any(c.is_joker for c in obs.my_hand):
            infect = [a for a in legal if a.verb == "infect"]
            if infect:
                return infect[self.rng.randrange(len(infect))]
        bottles = [obs.value(s, "bottles", 0) for s in range(obs.players)]
        if "fist" in legal and self.rng.random() < 0.5:
            return next(a for a in legal if a == "fist")
        rich = sorted((s for s in range(obs.players) if s != me), key=lambda s: -bottles[s])
        names = obs.names
        for s in rich:
            steal = f"steal {names[s].lower().replace(' ', '')}"
            if steal in legal:
                return next(a for a in legal if a == steal)
        return legal[self.rng.randrange(len(legal))]


GAME = register(
    GameSpec(
        name="toy_standoff",
        title="Standoff Toy",
        family="toy",
        players=(2, 3, 4),
        default_players=3,
        summary="A test game: secret signals aimed at other players, revealed together",
        state_class=StandoffState,
        options_class=StandoffOptions,
        bots={"heuristic": StandoffBot},
        deck="standard+jokers",
        dealer=False,
    )
)
