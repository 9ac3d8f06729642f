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
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import combinations
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
from cardlab.rules.worlds import deal_action, mask_of, replay, resume, seat_of

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
                    self.log(
                        "steal",
                        s,
                        f"{names[s]} steals {c.text} from {names[t]}",
                        cards=(c,),
                        victim=t,
                    )
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
        """The round replayed from a deal that gives the seat its own germs and every
        bottle where it stood, the other germs dealt in any way that replays as seen
        (drawn uniformly among those).  Each signal another seat chose is the one the
        next reveal shows, or while the turn is open one of its menu at random."""
        return _world(game, obs, rng)

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
    me = seat_of(obs)
    world = resume(game, obs)
    assert isinstance(world, StandoffState)
    n = obs.players
    history = obs.history
    # Back to the deal: undo the steals (bottles are public; drunk ones always lead a
    # row, so a stolen bottle came from just after its holder's drunk ones) and the
    # infections this seat took part in (it saw those cards).
    bottles = [[c.index for c in obs.zone("medicine", s).cards] for s in range(n)]
    drunk = {
        c.index
        for s in range(n)
        for c, tag in zip(obs.zone("medicine", s).cards, obs.zone("medicine", s).tags, strict=True)
        if tag == "drunk" and isinstance(c, Card)
    }
    mine = mask_of(obs.my_hand)
    for e in reversed(history):
        if e.kind == "drink":
            drunk.discard(e.cards[0].index)
        elif e.kind == "steal":
            c, t = e.cards[0].index, e.get("victim")
            assert e.seat is not None and bottles[e.seat][-1] == c
            bottles[e.seat].pop()
            row = bottles[t]
            row.insert(sum(1 for b in row if b in drunk), c)
        elif e.kind == "infect" and e.hidden:
            c = 1 << e.hidden[0].index
            mine = mine | c if e.seat == me else mine & ~c
    # The others' germs: every way to deal them, tried in a random order until one
    # replays (so the draw is uniform among the deals that agree with what the seat saw,
    # such as the germ each infection handed it).
    pool = [c.index for c in dealt_cards(game) if not RED_MASK >> c.index & 1]
    rest = [c for c in pool if not mine >> c & 1]
    others = [s for s in range(n) if s != me]
    if len(rest) != 2 * len(others):
        raise WorldError("the hand cards do not add up")
    deals = list(_splits(rest, len(others)))
    rng.shuffle(deals)
    medicine = [b for row in bottles for b in row]
    last: WorldError | None = None
    for hands in deals:
        parts: dict[tuple[str, int | None], list[int]] = {("medicine", None): medicine}
        parts[("hand", me)] = cards_indices(mine)
        parts.update({("hand", s): list(h) for s, h in zip(others, hands, strict=True)})
        try:
            return replay(
                resume(game, obs),
                obs,
                chance=[deal_action(world, parts)],
                hidden=partial(_hidden_signal, rng),
            )
        except WorldError as e:
            last = e
    raise WorldError(f"no deal of the germs agrees with the history: {last}")


def _splits(cards: list[int], k: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to deal ``cards`` into ``k`` hands of two."""
    if not k:
        yield ()
        return
    for pair in combinations(cards, 2):
        left = [c for c in cards if c not in pair]
        for more in _splits(left, k - 1):
            yield (pair, *more)


def cards_indices(mask: int) -> list[int]:
    return [c.index for c in cards_of(mask)]


def _hidden_signal(rng: random.Random, world: State, seat: int, history: Any, i: int) -> str:
    """The signal ``seat`` chose at ``history[i]``: as the next reveal shows it, or one of
    its menu at random while the turn is still open."""
    assert isinstance(world, StandoffState)
    for e in history[i:]:
        if e.kind == "reveal":
            word, target = e.get("signals")[seat]
            return word if target is None else f"{word} {seat_word(world.names, target)}"
    menu = world.PICK.menu(world, seat)
    return str(menu[rng.randrange(len(menu))])


# ----------------------------------------------------------------- bot
class StandoffBot(PhaseBot):
    """Drinks while nobody is likely to point at it; steals from the player with the most
    bottles; infects when it holds the virus; accuses nobody.  Its coin depends only on
    its seed and the decision (the round and turn), never on earlier ones."""

    name: ClassVar[str] = "heuristic"

    @on("signal", why="pass the virus on, drink while you can, else steal from the richest")
    def signal(self, obs: Observation) -> Action:
        legal = [a for a in obs.legal if a.verb != "accuse"]
        me = obs.seat if obs.seat is not None else 0
        # its coin is tossed afresh for each decision, so it keeps nothing between them
        rng = random.Random(f"{self.seed}/{me}/{obs.info['round']}/{obs.info['turn']}")
        if any(c.is_joker for c in obs.my_hand):
            infect = [a for a in legal if a.verb == "infect"]
            if infect:
                return infect[rng.randrange(len(infect))]
        bottles = [obs.value(s, "bottles", 0) for s in range(obs.players)]
        if "fist" in legal and rng.random() < 0.5:
            return next(a for a in legal if a == "fist")
        rich = sorted((s for s in range(obs.players) if s != me), key=lambda s: -bottles[s])
        names = obs.names
        for s in rich:
            steal = f"steal {names[s].lower().replace(' ', '')}"
            if steal in legal:
                return next(a for a in legal if a == steal)
        return legal[rng.randrange(len(legal))]


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
