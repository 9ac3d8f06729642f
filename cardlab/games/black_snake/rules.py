"""Black Snake's rules: options, tracks, the open draw cards, draws, staged lays, the
reshuffle of buried track cards and forced laying.

The rules in words are in :mod:`cardlab.games.black_snake`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...core.actions import Action, action
from ...core.cards import CARDS, cards_of, rank_text
from ...core.chance import ChanceStep
from ...core.errors import WorldError
from ...core.observation import Observation, Zone
from ...core.options import Options, option
from ...core.phases import Phase
from ...core.refusals import plural
from ...core.spec import Game
from ...core.state import State
from ...rules.boards import Stacks, track_row
from ...rules.deals import DealRule, each_seat, pile
from ...rules.staged import Pick, Selection, Staged, selection_steps, whole_hand
from ...rules.worlds import bits, mask_of, resume, retry, seat_of

#: Points for a lay of 1, 2, 3 and 4 or more cards.
POINTS = (0, 1, 3, 5, 7)
#: Cards in each hand at the deal, and open draw cards beside the deck.
HAND = 3
OPEN = 3
#: Cards a draw takes.
DRAWS = 2
DRAW_STOCK = action("draw stock")
DRAW_CARD = tuple(action(f"draw {c.code}") for c in CARDS[:52])
PASS = action("pass")
TRACKS = tuple(action(f"track {k + 1}") for k in range(4))
LAYS = tuple(action(f"lay {c.code}") for c in CARDS[:52])
#: Mask of the picture cards (Jacks, Queens, Kings): wild, never a track's top.
PICTURES = sum(1 << c.index for c in CARDS[:52] if c.rank > 10)
RANK = tuple(c.rank for c in CARDS)


def step(rank: int, by: int) -> int:
    """The rank ``by`` steps from ``rank`` on the ring Ace, 2, …, 10 (10 then Ace going up)."""
    return (rank - 1 + by) % 10 + 1


def points(cards: int) -> int:
    """Points for a lay of ``cards`` cards: 1, 3, 5, then 7 for four or more."""
    return POINTS[min(cards, 4)]


#: The mask of the four cards of each rank (index 1 to 13).
RANK_MASK = tuple(sum(1 << c.index for c in CARDS[:52] if c.rank == r) for r in range(14))


def reach(top: int, gap: int, dirs: tuple[int, ...], held: int, wild: int) -> bool:
    """Whether a number card of ``held`` (a mask) can still end a run: ``gap`` pictures lie
    on a card of rank ``top``, and up to ``wild`` more may follow."""
    for d in dirs:
        for j in range(wild + 1):
            if held & RANK_MASK[step(top, d * (gap + 1 + j))]:
                return True
    return False


@dataclass(frozen=True)
class BlackSnakeOptions(Options):
    """Black Snake's options."""

    target: int = option(
        30,
        "the game ends as soon as a player has this many points (40: the long game)",
        min=1,
        max=1_000,
    )
    first_player: int = option(0, "seat that takes the first turn (the youngest)", min=0, max=3)
    max_turns: int = option(300, "turns after which the leader wins (a cap)", min=1, max=100_000)


class BlackSnakeState(State):
    """A game of Black Snake.

    ``hands[s]`` is a card mask, ``stock`` the face-down deck (top last), ``open`` the
    open draw cards in their slots, ``tracks`` one pile per track (top last).  ``drawn``
    counts the cards the player to move has drawn this turn, ``passes`` the passes in a
    row, ``turns`` the turns played.
    """

    __slots__ = (
        "drawn",
        "hands",
        "mover",
        "open",
        "passes",
        "resume_at",
        "shown",
        "staged",
        "stock",
        "tracks",
        "turns",
    )

    DEAL = DealRule(each_seat(hand=HAND), pile("open", OPEN), pile("stock"))

    hands: list[int]
    stock: list[int]
    open: list[int]
    tracks: Stacks
    turns: int
    drawn: int
    passes: int
    mover: int
    resume_at: str
    shown: int
    staged: list[Selection | None]

    def reset_hand(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.stock = []
        self.open = []
        self.tracks = Stacks(n)
        self.turns = 0
        self.drawn = 0
        self.passes = 0
        self.mover = 0
        self.resume_at = ""
        self.shown = 0  # cards in the deck that were once face up (the teacher's view)
        self.LAY.reset(self)

    def on_deal(self, dealt: Any) -> None:
        self.hands = dealt.masks("hand")
        self.open = dealt.indices("open")
        # an explicit deal lists the deck from its top; the list keeps the top last
        self.stock = dealt.indices("stock")[::-1]
        # The tracks are the first number cards turned from the deck; pictures turned on
        # the way go back into it, and the deck is shuffled again (a chance step).
        turned: list[int] = []
        k = len(self.stock) - 1
        for t in range(self.players):
            while RANK[self.stock[k]] > 10:
                turned.append(self.stock[k])
                k -= 1
            self.tracks.put(t, (self.stock.pop(k),))
            k -= 1
        tops = " ".join(CARDS[self.tracks.top(t)].text for t in range(self.players))
        words = f"The tracks start with {tops}; the open cards are " + " ".join(
            CARDS[i].text for i in self.open
        )
        if turned:
            words += (
                f" ({' '.join(CARDS[i].text for i in turned)}, turned for a track, "
                "shuffled back into the deck)"
            )
            self.shown |= sum(1 << i for i in turned)
        firsts = [p[0] for p in self.tracks.piles]
        self.log("deal", None, words, cards=tuple(CARDS[i] for i in (*firsts, *self.open, *turned)))
        for s in range(self.players):
            mine = tuple(cards_of(self.hands[s]))
            self.log(
                "hand",
                s,
                "",
                f"{self.names[s]} is dealt {' '.join(c.text for c in mine)}",
                (s,),
                hidden=mine,
            )
        if turned:
            self.resume_at = "_first_turn"
            self.to_move = ()
            self.chance = ChanceStep(
                "shuffle",
                tuple(CARDS[i] for i in self.stock),
                _shuffled_back,
                "the shuffle of the turned pictures back into the deck",
            )
            return
        self._first_turn()

    def _first_turn(self) -> None:
        self._start(int(self.options.first_player) % self.players)

    # ------------------------------------------------------------ helpers
    def top(self, k: int) -> int:
        """The rank of track ``k``'s top card."""
        return RANK[self.tracks.top(k)]

    def can_lay(self, seat: int, k: int, used: int = 0) -> bool:
        """Whether ``seat`` holds a lay for track ``k`` (leaving out the cards ``used``)."""
        held = self.hands[seat] & ~used
        return reach(self.top(k), 0, (1, -1), held, (held & PICTURES).bit_count())

    def can_draw(self) -> bool:
        return bool(self.stock or self.open)

    def _start(self, seat: int) -> None:
        self.mover = seat
        self.drawn = 0
        self.phase = self.TURN
        self.to_move = (seat,)

    def _settle(self, then: str) -> None:
        """Keep the deck and the open cards stocked, then go on with ``then``: an empty
        deck is rebuilt from the cards under the track tops (a chance step), and the open
        cards are topped up to three while the deck has cards."""
        while True:
            if not self.stock:
                buried = self.tracks.buried()
                if buried:
                    self.resume_at = then
                    self.to_move = ()
                    self.chance = ChanceStep(
                        "shuffle",
                        tuple(CARDS[i] for i in buried),
                        _reshuffled,
                        "the reshuffle of the cards under the track tops",
                    )
                    return
            if len(self.open) < OPEN and self.stock:
                i = self.stock.pop()
                self.open.append(i)
                self.log(
                    "refill",
                    None,
                    f"{CARDS[i].text} is turned up from the deck as an open card",
                    cards=(CARDS[i],),
                )
                continue
            break
        getattr(self, then)()

    def _end_turn(self) -> None:
        seat = self.mover
        self.turns += 1
        if self.turns >= self.options.max_turns:
            self.end_hand(f"The game stops at its cap of {self.turns} turns")
            return
        self._start((seat + 1) % self.players)

    def _draw_more(self) -> None:
        if self.drawn < DRAWS and self.can_draw():
            self.phase = self.DRAW
            self.to_move = (self.mover,)
        else:
            self._end_turn()

    def game_over(self) -> bool:
        return True

    # ------------------------------------------------------------ drawing
    def _draw_legal(self, seat: int) -> tuple[Action, ...]:
        acts = [DRAW_CARD[i] for i in self.open]
        if self.stock:
            acts.append(DRAW_STOCK)
        return tuple(acts)

    def _draw(self, act: Action, seat: int) -> None:
        name = self.names[seat]
        self.passes = 0
        if act == DRAW_STOCK:
            i = self.stock.pop()
            self.log(
                "draw",
                seat,
                f"{name} draws a card from the deck",
                f"{name} draws {CARDS[i].text} from the deck",
                (seat,),
                hidden=(CARDS[i],),
                public_action=True,
            )
        else:
            i = act.cards[0].index
            slot = self.open.index(i)
            self.log(
                "take", seat, f"{name} takes {CARDS[i].text} from the open cards", cards=(CARDS[i],)
            )
            # the refill goes into the slot the card left, so the others keep their places
            if self.stock:
                j = self.stock.pop()
                self.open[slot] = j
                self.log(
                    "refill",
                    None,
                    f"{CARDS[j].text} is turned up from the deck as an open card",
                    cards=(CARDS[j],),
                )
            else:
                del self.open[slot]
        self.hands[seat] |= 1 << i
        self.drawn += 1
        self._settle("_draw_more")

    def _draw_why(self, act: Action, seat: int) -> str:
        if act.verb != "draw":
            return "take your second card: 'draw stock' or an open card ('draw 7H')"
        return self._why_draw(act)

    def _why_draw(self, act: Action) -> str:
        if act.verb == "draw":
            if act.args and act.args[0] == "stock":
                return "the deck is empty"
            if act.card is not None:
                open_cards = " ".join(CARDS[i].code for i in self.open) or "none"
                return f"{act.card} is not an open card (open: {open_cards})"
            return "draw from the deck ('draw stock') or take an open card ('draw 7H')"
        return ""

    # ------------------------------------------------------------ the turn
    def _turn_legal(self, seat: int) -> tuple[Action, ...]:
        if self.can_draw():
            return self._draw_legal(seat)
        if any(self.can_lay(seat, k) for k in range(self.players)):
            return ()
        return (PASS,)

    def _turn_apply(self, act: Action, seat: int) -> None:
        if act == PASS:
            self.passes += 1
            self.log("pass", seat, f"{self.names[seat]} can neither draw nor lay, and passes")
            if self.passes >= self.players:
                self.end_hand("Nobody can draw or lay any more")
                return
            self._end_turn()
            return
        self._draw(act, seat)

    def _turn_why(self, act: Action, seat: int) -> str:
        if act == PASS:
            if self.can_draw():
                return "you may pass only when there is nothing to draw and you cannot lay"
            return "there is nothing to draw, so you must lay"
        if act.verb == "draw" and not self.can_draw():
            return "there is nothing left to draw: lay a run if you can"
        return self._why_draw(act) or (
            "draw ('draw stock', 'draw 7H') or start a lay by choosing a track ('track 1')"
        )

    # ------------------------------------------------------------ the lay
    def _menu(self, seat: int, sel: Selection) -> tuple[Action, ...]:
        if not sel.steps:
            return tuple(TRACKS[k] for k in range(self.players) if self.can_lay(seat, k))
        d = sel.data
        avail = self.hands[seat] & ~sel.cards
        wild = (avail & PICTURES).bit_count()
        top, gap, dirs = d["top"], d["gap"], d["dirs"]
        offer = 0
        for dd in dirs:
            offer |= avail & RANK_MASK[step(top, dd * (gap + 1))]
        if wild and reach(top, gap + 1, dirs, avail & ~PICTURES, wild - 1):
            offer |= avail & PICTURES
        return tuple(LAYS[i] for i in bits(offer))

    def _pick(self, seat: int, sel: Selection, act: Action) -> Pick:
        if act.verb == "track":
            k = int(act.args[0]) - 1
            sel.data.update(track=k, top=self.top(k), gap=0, dirs=(1, -1), laid=0)
            return Pick(-1, k, "")
        d = sel.data
        c = act.cards[0]
        d["laid"] += 1
        if c.rank > 10:
            d["gap"] += 1
            return Pick(c.index, d["track"], "wild")
        d["dirs"] = tuple(x for x in d["dirs"] if step(d["top"], x * (d["gap"] + 1)) == c.rank)
        d["top"], d["gap"] = c.rank, 0
        return Pick(c.index, d["track"], "")

    def _complete(self, seat: int, sel: Selection) -> str:
        d = sel.data
        if not d["laid"]:
            return "lay at least one card on the track"
        if d["gap"]:
            return "a lay may not end on a picture: a number card must end it"
        return ""

    def _lay_why(self, seat: int, sel: Selection, act: Action) -> str:
        n = self.players
        if act.verb == "track":
            k = act.args[0] if act.args else ""
            if not k.isdigit() or not 1 <= int(k) <= n:
                return f"there are {n} tracks: say 'track 1' to 'track {n}'"
            if sel.steps:
                return "a lay goes onto one track: 'cancel' to choose another"
            top = CARDS[self.tracks.top(int(k) - 1)].text
            return f"no run from your hand can start on track {k} (top {top})"
        card = act.card
        if card is None:
            return "lay a card from your hand: 'lay 7H'"
        if not sel.steps:
            return "choose a track first ('track N')"
        if not self.hands[seat] >> card.index & 1:
            return f"you don't hold {card}"
        if sel.cards >> card.index & 1:
            return f"{card} is already in your lay"
        if card.rank > 10:
            return "a lay may not end on a picture, and no number card of yours could follow it"
        d = sel.data
        want = " or ".join(
            sorted({rank_text(step(d["top"], x * (d["gap"] + 1))) for x in d["dirs"]})
        )
        how = "the direction it has taken" if len(d["dirs"]) == 1 else "either direction"
        return f"{card} does not continue the run in {how}: it needs {want}"

    def _summary(self, seat: int, sel: Selection) -> str:
        d = sel.data
        laid = d["laid"]
        text = f"track {d['track'] + 1} (top {CARDS[self.tracks.top(d['track'])].text})"
        if laid:
            text += f", {plural(laid, 'card')} for {plural(points(laid), 'point')}"
            if len(d["dirs"]) == 1:
                text += ", going " + ("up" if d["dirs"][0] > 0 else "down")
        return text

    def _commit(self, seat: int, sel: Selection) -> None:
        k = sel.data["track"]
        laid = sel.order
        direction = sel.data["dirs"][0]
        self.hands[seat] &= ~sel.cards
        rank = self.top(k)
        words = []
        ranks = []  # the rank each card stands for (a picture's, by the direction)
        for i in laid:
            rank = step(rank, direction)
            ranks.append(rank)
            c = CARDS[i]
            words.append(c.text if c.rank <= 10 else f"{c.text} (as {rank_text(rank)})")
        self.tracks.put(k, laid)
        got = points(len(laid))
        name = self.names[seat]
        way = "up" if direction > 0 else "down"
        self.passes = 0
        self.log(
            "lay",
            seat,
            f"{name} lays {' '.join(words)} on track {k + 1}, going {way}, "
            f"for {plural(got, 'point')}",
            cards=tuple(CARDS[i] for i in laid),
            track=k + 1,
            ranks=tuple(ranks),
            steps=tuple(sel.steps),
        )
        self.award(seat, got, f"a lay of {plural(len(laid), 'card')}")
        if self.scores[seat] >= self.options.target:
            self.end_hand(f"{name} reaches {self.scores[seat]} points", seat)
            return
        self._settle("_end_turn")

    LAY = Staged(
        "lay",
        ("track", "lay"),
        menu=_menu,
        pick=_pick,
        complete=_complete,
        commit=_commit,
        why=_lay_why,
        summary=_summary,
        unit="card",
    )
    TURN = LAY.around(
        Phase(
            "turn",
            _turn_legal,
            _turn_apply,
            _turn_why,
            lambda st, seat: (
                "Draw two cards (from the deck or the open cards) or lay a run on a track"
                if st.can_draw()
                else "Nothing is left to draw: lay a run on a track"
                if any(st.can_lay(seat, k) for k in range(st.players))
                else "Nothing to draw and no run to lay: pass"
            ),
        )
    )
    DRAW = Phase(
        "draw",
        _draw_legal,
        _draw,
        _draw_why,
        lambda st, seat: "Take your second card: from the deck or the open cards",
    )

    # ------------------------------------------------------- observation
    def seat_values(self, seat: int) -> dict[str, Any]:
        return {"cards": self.hands[seat].bit_count()}

    def observation(self, viewer: Any = None) -> Observation:
        view = self.view(viewer)
        zones: list[Zone] = [self.tracks.zone("tracks", track_row(self.players), label="Tracks")]
        picked = self.LAY.picked_masks(self)
        for s in range(self.players):
            mine = view.seat == s or view.teacher
            held = self.hands[s] & ~picked[s] if mine else self.hands[s]
            zones.append(Zone("hand", s, view.held(cards_of(held), view.seat == s), "hand"))
        zones += self.LAY.zones(self, view)
        zones.append(
            Zone("open", None, tuple(CARDS[i] for i in self.open), "row", label="Open cards")
        )
        if view.teacher:
            # the teacher sees every face, marked where no player has seen it
            deck = tuple(view.card(CARDS[i], seen=bool(self.shown >> i & 1)) for i in self.stock)
        else:
            deck = tuple(view.stack([CARDS[i] for i in self.stock]))
        zones.append(Zone("stock", None, deck, label="Deck"))
        info: dict[str, Any] = {
            "turn": self.turns + 1,
            "target": self.options.target,
            "stock": len(self.stock),
            "buried": len(self.tracks.buried()) if self.tracks.piles else 0,
            "drawn": self.drawn,
            "passes": self.passes,
        }
        info.update(self.LAY.info(self, view))
        return self.observe(view, zones, info)

    # ------------------------------------------------------------ worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """The table as observed, the unseen cards dealt at random.

        Everything on the table is public: the tracks (buried cards too, all laid face
        up), the open cards, the hand sizes and the deck's size.  A card another seat
        took from the open cards and has not laid is still in its hand; the rest of each
        hand and the deck are drawn at random from the cards this seat has not seen.
        The seat's own lay in progress is replayed step by step, and the hand's history
        is the one the seat saw.

        Approximation: after a reshuffle the deck holds only cards that were under the
        track tops, and a blind draw came from the deck of its time; the sampler does not
        keep track of which cards could be where on that account.
        """
        return retry(_world, game, obs, rng)


def _shuffled_back(state: BlackSnakeState, act: Action) -> None:
    state.stock = [c.index for c in act.cards]
    state.log("shuffle", None, "The deck is shuffled with the pictures back in it")
    state._first_turn()


def _reshuffled(state: BlackSnakeState, act: Action) -> None:
    state.tracks.clear_under()
    state.stock = [c.index for c in act.cards]
    state.shown |= sum(1 << i for i in state.stock)
    state.log(
        "reshuffle",
        None,
        f"The deck is empty: the {plural(len(state.stock), 'card')} under the track tops "
        "are shuffled into a new deck",
        count=len(state.stock),
    )
    state._settle(state.resume_at)


def _world(game: Game, obs: Observation, rng: random.Random) -> State:
    me = seat_of(obs)
    n = obs.players
    world = resume(game, obs)
    assert isinstance(world, BlackSnakeState)
    world.apply(world.sample_chance(rng))  # any deal: the table is set below
    board = obs.zone("tracks")
    piles: list[list[int]] = [[] for _ in range(n)]
    for entry, place in zip(board.faces, board.at, strict=True):
        piles[place.col].append(entry.index)
    known: list[int] = [0] * n  # cards each other seat is known to hold
    for e in obs.history:
        if e.seat is None or e.seat == me:
            continue
        if e.kind == "take":
            known[e.seat] |= mask_of(e.cards)
        elif e.kind == "lay":
            known[e.seat] &= ~mask_of(e.cards)
    mine = mask_of(whole_hand(obs))
    open_cards = [c.index for c in obs.zone("open").faces]
    seen = mine | sum(1 << i for i in open_cards) | sum(1 << i for p in piles for i in p)
    for m in known:
        seen |= m
    unseen = [i for i in range(52) if not seen >> i & 1]
    rng.shuffle(unseen)
    hands = [0] * n
    hands[me] = mine
    for s in range(n):
        if s == me:
            continue
        size = len(obs.zone("hand", s).cards)
        hand = known[s]
        need = size - hand.bit_count()
        if need < 0 or need > len(unseen):
            raise WorldError(f"{obs.names[s]}'s hand does not add up")
        for _ in range(need):
            hand |= 1 << unseen.pop()
        hands[s] = hand
    if len(unseen) != len(obs.zone("stock").cards):
        raise WorldError("the deck does not add up")
    world.hands = hands
    world.stock = unseen
    world.open = open_cards
    world.tracks.piles = piles
    world.turns = int(obs.info["turn"]) - 1
    world.drawn = int(obs.info["drawn"])
    world.passes = int(obs.info["passes"])
    world.LAY.reset(world)
    world.chance = None  # the deal drawn above may have left a shuffle pending
    if obs.to_move:
        world.mover = obs.to_move[0]
        world.phase = world.DRAW if obs.phase == "draw" else world.TURN
        world.to_move = tuple(obs.to_move)
    for act in selection_steps(obs) or ():
        world.apply(act, me)
    # the hand's history as the seat saw it (the steps just replayed are in it already)
    world.events = world.events[: world.hand_starts[-1]] + list(obs.history)
    return world
