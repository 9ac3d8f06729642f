"""``Table``: any cardlab game on a card table in Jupyter (anywidget).

The Python side owns a :class:`~cardlab.core.match.Match`.  After every change it sends
the browser one JSON view built from the observation of the chosen viewpoint (see
:mod:`cardlab.widgets.view`), so the page never holds a face that viewer may not see.
The browser sends back small messages: an action to play, a replay step, a viewpoint.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.actions import Action
from ..core.agents import RandomAgent
from ..core.cards import parse_card
from ..core.errors import CardlabError, IllegalActionError
from ..core.match import Agents, Match, make_agent
from ..core.replay import Replay
from ..core.state import CHANCE, Game, State
from .view import action_label, build_view

HERE = Path(__file__).parent
#: Set (to anything) while notebooks are executed for the docs site: see embed_replay.
EMBED_ENV = "CARDLAB_EMBED_REPLAYS"
VIEWPOINTS = ("spectator", "teacher")


class Table(anywidget.AnyWidget):
    """A card table for ``game_or_match`` with you at ``seat`` and bots elsewhere.

    In games whose ``GameSpec`` gives odds, an **Odds** switch (``table.show_odds``) shows
    the exact chances for the seat in view (for the teacher's view, the seat to move).

    Parameters
    ----------
    game_or_match
        A game name, a ``Game`` or a ``Match`` to show
    seat
        The seat you play (None: bots play every seat and you watch)
    bots
        The bot for the other seats (``"heuristic"``, ``"random"``, …)
    seed
        The deal seed (new matches only)
    pace
        Seconds between bot moves in the browser (0 = at once)
    viewpoint
        A seat, ``"spectator"`` or ``"teacher"`` (default: your seat)
    hint_bot
        The bot behind the Hint button (``"heuristic"``, or ``"search"``, …)
    **options
        Game options (new matches only), e.g. ``hands=1``
    """

    # Bundled from the ES modules in the repository's widgets/ folder (``make widget``).
    _esm = HERE / "static" / "table.js"
    _css = HERE / "static" / "table.css"

    view = traitlets.Dict().tag(sync=True)
    #: The recorded match embedded for pages with no kernel (see :meth:`embed_replay`).
    replay = traitlets.Dict().tag(sync=True)
    viewer = traitlets.Unicode("teacher").tag(sync=True)
    pace = traitlets.Float(0.4).tag(sync=True)
    #: Show the exact odds for the seat in view (games whose ``GameSpec`` gives odds).
    show_odds = traitlets.Bool(False).tag(sync=True)
    #: While the kernel works on a move from the page: who is thinking ("" when idle).
    #: The page says so when a move takes longer than half a second.
    busy = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        game_or_match: str | Game | Match,
        seat: int | None = 0,
        bots: str | None = "heuristic",
        seed: int | str | None = None,
        *,
        pace: float = 0.4,
        viewpoint: int | str | None = None,
        hint_bot: str = "heuristic",
        **options: Any,
    ) -> None:
        # Everything is checked before the match is touched: a refused table changes nothing.
        pace = _pace(pace)
        if bots is not None and not isinstance(bots, str):
            raise CardlabError(f"bots is a bot's name such as 'heuristic', or None, not {bots!r}")
        if not isinstance(hint_bot, str):
            raise CardlabError(f"hint_bot is a bot's name such as 'search', not {hint_bot!r}")
        if isinstance(game_or_match, Match):
            if options or seed is not None:
                raise CardlabError("options and seed belong to a new match, not an existing one")
            match = game_or_match
            _check_seat(seat, match.game.players)
            start_view = _viewer_text(_start(seat, viewpoint), match.game.players)
            if hint_bot != "heuristic":
                make_agent(match.game, hint_bot, 0, match.seed)  # an unknown name fails here
            if seat is not None and seat in match.agents:
                del match.agents[seat]
        else:
            agents: Agents = None
            game = game_or_match
            match = Match(game, seed=seed, agents=agents, **options)
            _check_seat(seat, match.game.players)
            start_view = _viewer_text(_start(seat, viewpoint), match.game.players)
            if hint_bot != "heuristic":
                make_agent(match.game, hint_bot, 0, match.seed)
            match.agents.update(_bots(match, seat, bots))
        # A finished hand stays on the felt (its last trick, its spread) until Continue.
        match.hold = True
        self._match = match
        self._seat = seat
        self._hint_bot = hint_bot
        self._ack = len(match.state.results)  # hand results already shown
        self._message = ""
        self._hint: tuple[int, str, str] | None = None  # (step, action, explanation)
        self._gen = 0  # bumps cancel pending paced bot moves
        self._ready = False
        self._clicked = False  # True while handling a message from the page
        super().__init__(viewer=start_view, pace=pace)
        self.on_msg(self._on_msg)
        self._ready = True
        self._bots()
        self._sync()
        if os.environ.get(EMBED_ENV):
            _embed_after_each_cell(self)

    # ----------------------------------------------------------- Python API
    @property
    def match(self) -> Match:
        return self._match

    @property
    def state(self) -> State:
        return self._match.state

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def viewpoint(self) -> int | str:
        v = self.viewer
        return int(v) if v.isascii() and v.isdigit() else v

    @viewpoint.setter
    def viewpoint(self, value: int | str | None) -> None:
        self.viewer = _viewer_text(value, self._match.game.players)

    @property
    def message(self) -> str:
        """The last note shown under the table (an illegal move's reason, for example)."""
        return self._message

    def play(self, act: str, seat: int | None = None) -> Action:
        """Play for your seat: an action (``"play QS"``) or just a card (``"QS"``).

        ``seat`` plays for another seat that no bot plays (a table where people take
        turns); by default your seat.  After a finished hand, the next hand is dealt
        first and the move belongs to it.

        Raises ``IllegalActionError`` with the reason (and shows it) if not legal,
        and changes nothing: not even the deal of the next hand.
        """
        if not isinstance(act, str):
            raise CardlabError(
                f"an action is text such as 'play QS' or a card such as 'QS', not {act!r}"
            )
        seat = self._player(seat)
        m = self._match
        seen = len(m.state.results)  # the finished hands' scores shown so far
        try:
            with m.attempt():
                # playing on after a finished hand: the next one is dealt first
                if m.waiting_to_deal():
                    m.deal()
                done = m.play(self._expand(act, seat), seat)
        except IllegalActionError as e:
            self._message = f"{e.action}: {e.reason}"
            self._sync()
            raise
        self._ack = seen
        self._message = ""
        self._bots()
        self._sync()
        return done

    def step(self) -> Action | str | None:
        """One step forward: replay the next recorded step, else let the next bot act."""
        m = self._match
        self._message = ""
        if m.redoable:
            m.seek(m.step_count + 1)
            out: Action | str | None = m.history[-1][1]
        elif self._pending_result() or m.waiting_to_deal():
            self._ack = len(m.state.results)
            m.deal()
            out = None
            self._bots()
        else:
            out = m.step()
        self._sync()
        return out

    def back(self) -> None:
        """One step back (the history stays: ``step`` goes forward again)."""
        self.seek(max(0, self._match.step_count - 1))

    def seek(self, n: int) -> State:
        """Show the match after its first ``n`` steps (0 = before the deal)."""
        m = self._match
        total = self.total_steps
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= total:
            raise CardlabError(f"a step is a whole number from 0 to {total}, not {n!r}")
        self._gen += 1
        state = m.seek(n)
        # a hand's result is shown again only where that hand ended, not once the next
        # hand is under way (scrubbing back and forth over a short hand)
        between = state.between_hands or state.terminal
        self._ack = min(self._ack, len(state.results)) if between else len(state.results)
        self._message = ""
        if not m.redoable:
            self._bots()
        self._sync()
        return state

    def to_start(self) -> State:
        return self.seek(0)

    def to_end(self) -> State:
        return self.seek(self.total_steps)

    @property
    def total_steps(self) -> int:
        return self._match.total_steps

    def undo(self) -> bool:
        """Take back your last move (and the bots' answers); False if there is none."""
        self._gen += 1
        m = self._match
        done = m.undo_turn(self._seat) if self._seat is not None else m.undo() is not None
        self._ack = min(self._ack, len(m.state.results))
        self._message = ""
        self._sync()
        return bool(done)

    def hint(self, bot: str | None = None) -> str:
        """What a bot would play for your seat now, and why: the table's
        ``hint_bot`` (the game's heuristic bot unless told), or the one named
        (``bot="search"``: the search bot, with the share of its search and the expected
        points of its top moves).

        Nothing is played: the suggestion shows beside the prompt (the card glows) until
        the match moves on.  Returns the hint's text.
        """
        m = self._match
        st = m.state
        if bot is not None and not isinstance(bot, str):
            raise CardlabError(f"bot is a bot's name such as 'search', not {bot!r}")
        seat = self._seat
        if seat is None or seat not in st.to_move:
            seat = self._actor()  # a table where people take turns: the seat on the move
        if seat is None or seat not in st.to_move or st.chance is not None or st.terminal:
            raise CardlabError("there is no move of yours to suggest right now")
        if bot is None and self._hint_bot != "heuristic":
            bot = self._hint_bot
        if bot is not None:
            agent = make_agent(m.game, bot, seat, m.seed)
            assert agent is not None
        else:
            bots = m.game.spec.bots
            agent = (bots.get("heuristic") or next(iter(bots.values()), RandomAgent))(seat, m.seed)
        obs = st.observation(seat)
        act = agent.act(obs)
        why = agent.explain(obs, act)
        text = f"Hint: {action_label(act)}."
        if why and len(obs.legal) == 1:
            text = f"Hint: {action_label(act)}: {why}."
        elif why and bot == "search":
            text += f" The search's reasons: {why}."
        elif why:
            text += f" The bot's rule of thumb: {why}."
        self._hint = (m.step_count, str(act), text)
        self._sync()
        return text

    def next_hand(self) -> None:
        """Close the score of a finished hand and deal the next (the Continue button)."""
        m = self._match
        self._ack = len(m.state.results)
        if not m.redoable:
            m.deal()
            self._bots()
        self._sync()

    def embed_replay(self, viewpoints: Sequence[int | str] | None = None) -> int:
        """Embed every step of the match in the widget, so that a saved notebook (the docs
        site) can step through it with no kernel; returns the number of steps.

        Only the views of ``viewpoints`` are embedded.  By default: the table's viewpoint
        and the spectator's, so a seat's view never puts another seat's cards in the page
        (the teacher's view, which shows everything, only when it is the table's).
        """
        m = self._match
        players = m.game.players
        if viewpoints is None:
            here = self.viewpoint
            viewpoints = (
                [*range(players), "spectator", "teacher"]
                if here == "teacher"
                else list(dict.fromkeys([here, "spectator"]))
            )
        keys = [_viewer_text(v, players) for v in viewpoints]
        total = self.total_steps
        seat = self._seat
        frames: dict[str, list[dict[str, Any]]] = {k: [] for k in keys}
        last: dict[str, dict[str, Any]] = {}
        for n, st in enumerate(m.recorded()):
            finished = (st.terminal and bool(st.results)) or st.between_hands
            for k in keys:
                viewer: int | str = int(k) if k.isdigit() else k
                view = build_view(
                    st.observation(viewer),
                    human=None,
                    step=n,
                    total=total,
                    show_result=finished,
                    event_steps=m.history_steps(viewer, step=n, state=st),
                    spec=m.game.spec,
                )
                view["human"] = seat
                prev = last.get(k)
                frames[k].append(view if prev is None else _changes(prev, view))
                last[k] = view
        self.replay = {"viewpoints": keys, "total": total, "frames": frames}
        return total

    def to_replay(self) -> Replay:
        return self._match.to_replay()

    def save(self, path: str | Path) -> Path:
        return self._match.to_replay().save(path)

    @classmethod
    def from_replay(
        cls,
        replay: Replay | str | Path,
        seat: int | None = None,
        bots: str | None = None,
        *,
        step: int | None = None,
        **kwargs: Any,
    ) -> Table:
        """A table over a recorded match, at its end (or at ``step``).

        Nobody plays on unless you say so: give ``seat`` to play that seat and ``bots`` for
        the others.
        """
        if isinstance(replay, Path):
            replay = str(replay)
        m = Match.from_replay(replay)
        if step is not None:
            m.seek(step)
        m.agents.update(_bots(m, seat, bots))
        return cls(m, seat=seat, **kwargs)

    def __repr__(self) -> str:
        m = self._match
        return (
            f"Table({m.game.spec.name!r}, seat={self._seat!r}, viewpoint={self.viewpoint!r}, "
            f"step={m.step_count}/{self.total_steps}, scores={list(m.state.scores)})"
        )

    # ------------------------------------------------------------ internals
    def _expand(self, act: str, seat: int) -> str:
        """``"QS"`` -> the one legal action naming the queen of spades."""
        text = act.strip()
        if " " in text:
            return text
        try:
            card = parse_card(text)
        except ValueError:
            return text
        st = self._match.state
        if seat not in st.to_move:
            return text  # the match refuses it with the reason
        legal = st.legal_actions(seat)
        hits = [a for a in legal if card in a.cards and len(a.cards) == 1]
        if len(hits) == 1:
            return str(hits[0])
        if not hits:
            verbs = sorted({a.verb for a in legal if a.cards})
            return f"{verbs[0] if len(verbs) == 1 else 'play'} {card.code}"
        raise IllegalActionError(
            text, "several moves use that card: " + ", ".join(map(str, hits)), tuple(hits)
        )

    def _humans(self) -> list[int]:
        """The seats no bot plays: the people at the table."""
        agents = self._match.agents
        return [s for s in range(self._match.game.players) if s not in agents]

    def _player(self, seat: int | None) -> int:
        """The seat a move from code is for: ``seat`` if given (one no bot plays), else
        yours, else the one seat people play that is on the move."""
        players = self._match.game.players
        if seat is None:
            if self._seat is not None:
                return self._seat
            humans = [s for s in self._match.state.to_move if s in self._humans()]
            if len(humans) == 1:
                return humans[0]
            raise CardlabError("this table has no human seat: Table(game, seat=0) to play")
        _check_seat(seat, players)
        if seat in self._match.agents:
            raise CardlabError(
                f"{self._match.state.names[seat]} is played by a bot: "
                "only a seat no bot plays can be played from here"
            )
        return seat

    def _actor(self) -> int | None:
        """The seat the page may move for in the current view, if any: the viewed seat
        when people play it and it is on the move; in the teacher's view, your seat or
        another one people play when it is on the move.  Never a bot's seat, and never in
        the spectator's view (which shows no hand to play from)."""
        st = self._match.state
        if st.terminal or st.chance is not None or self._pending_result():
            return None
        movers = [s for s in st.to_move if s in self._humans()]
        viewer = self.viewpoint
        if isinstance(viewer, int):
            return viewer if viewer in movers else None
        if viewer == "teacher" and movers:
            return self._seat if self._seat in movers else movers[0]
        return None

    def _no_move_here(self) -> str:
        """Why a click in the page cannot move now, and what to do instead."""
        st = self._match.state
        if self._pending_result() or st.between_hands:
            return "the hand is over: press Continue for the next one"
        movers = [s for s in st.to_move if s in self._humans()]
        if st.terminal or not movers:
            return "there is no move of yours to make now"
        you = " (you)" if movers[0] == self._seat else ""
        return f"this view cannot move: switch the view to {st.names[movers[0]]}{you} or Teacher"

    def _pending_result(self) -> bool:
        m = self._match
        return len(m.state.results) > self._ack and not m.state.terminal

    def _can_run(self) -> bool:
        m = self._match
        st = m.state
        if m.redoable or st.terminal or self._pending_result():
            return False
        return st.current != CHANCE and not m.waiting_for_human()

    def _bots(self) -> None:
        """Let the bots move: one per tick after a click in the page (``pace`` > 0),
        else all at once, so code in a notebook always sees the same position."""
        if not self._ready:
            return
        self._gen += 1
        loop = None
        if self.pace > 0 and self._clicked:
            with contextlib.suppress(RuntimeError):
                loop = asyncio.get_running_loop()
        if loop is None:
            while self._can_run():
                if self._think() is None:
                    break
            return
        gen = self._gen

        def tick() -> None:
            if gen != self._gen or not self._can_run():
                return
            self._think(announce=True)
            self.busy = ""
            self._sync()
            if self._can_run():
                loop.call_later(self.pace, tick)

        if self._can_run():
            loop.call_later(self.pace, tick)

    def _think(self, announce: bool = False) -> Action | None:
        """One bot move; while a move from the page is handled (or a paced bot moves),
        the page is told which bot is thinking (it says so if the move takes long)."""
        m = self._match
        if self._clicked or announce:
            bots = [s for s in m.state.to_move if s in m.agents]
            if bots:
                self.busy = f"{m.state.names[bots[0]]} is thinking…"
        return m.step()

    def _sync(self) -> None:
        m = self._match
        st = m.state
        viewer = self.viewpoint
        show_result = len(st.results) > self._ack or (st.terminal and bool(st.results))
        actor = self._actor()
        obs = m.explained(viewer, actor) if actor == viewer else m.observation(viewer)
        self.view = build_view(
            obs,
            human=self._seat,
            actor=actor,
            acting=m.explained(actor) if actor is not None and actor != viewer else None,
            step=m.step_count,
            total=self.total_steps,
            show_result=show_result,
            message=self._message,
            event_steps=m.history_steps(viewer),
            hint=self._hint[1:] if self._hint and self._hint[0] == m.step_count else None,
            odds=self._odds(),
            spec=m.game.spec,
        )

    def _odds(self) -> dict[str, Any] | None:
        """The odds panel: None where the game gives no odds; else whether it is on, and
        the chances for the seat in view (for the teacher's view, the seat to move)."""
        if self._match.game.spec.odds is None:
            return None
        if not self.show_odds:
            return {"on": False, "seat": None, "lines": []}
        st = self._match.state
        viewer = self.viewpoint
        seat: int | None = viewer if isinstance(viewer, int) else None
        if viewer == "teacher":
            seat = st.to_move[0] if st.to_move else self._seat
        chances = self._match.odds(seat if seat is not None else "spectator")
        lines = [[label, float(p)] for label, p in chances.items()]
        return {"on": True, "seat": seat, "lines": lines}

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal: dict[str, Any]) -> str:
        # a refused viewpoint leaves the table as it was (the page offers only valid ones)
        return _viewer_text(proposal["value"], self._match.game.players)

    @traitlets.validate("pace")
    def _valid_pace(self, proposal: dict[str, Any]) -> float:
        return _pace(proposal["value"])

    @traitlets.observe("show_odds")
    def _show_odds_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        if change["new"]:
            self.busy = "counting the odds…"  # exact counts can take a moment
        try:
            self._sync()
        finally:
            self.busy = ""

    @traitlets.observe("viewer")
    def _viewer_changed(self, change: dict[str, Any]) -> None:
        if self._ready:
            self._sync()

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        self._clicked = True
        try:
            self._handle(content)
        finally:
            self._clicked = False
            self.busy = ""
            if content.get("type") == "act":
                self.send({"type": "done"})  # the page takes clicks again

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        try:
            if kind in ("act", "step", "continue"):
                self.busy = "thinking…"
            if kind == "act":
                act = content.get("action")
                if not isinstance(act, str):
                    raise CardlabError(f"an action is text such as 'play QS', not {act!r}")
                seat = self._actor()
                if seat is None:
                    raise CardlabError(self._no_move_here())
                self.play(act, seat)
            elif kind == "step":
                self.step()
            elif kind == "back":
                self.back()
            elif kind == "seek":
                self.seek(content.get("step"))  # type: ignore[arg-type]  # checked there
            elif kind == "start":
                self.to_start()
            elif kind == "end":
                self.to_end()
            elif kind == "undo":
                self.undo()
            elif kind == "hint":
                self.hint()
            elif kind == "continue":
                self.next_hand()
            elif kind == "hello":
                self.send({"type": "hello"})  # the page learns a kernel is listening
        except CardlabError as e:
            if not isinstance(e, IllegalActionError):
                self._message = str(e)
            self._sync()


def _changes(prev: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """What changed from one view to the next; a list is given as its new length and the
    items that differ (``{"$len": n, "$set": {i: item}}``), as most steps change one zone
    or add one line of narration."""
    out: dict[str, Any] = {}
    for key, new in view.items():
        old = prev.get(key)
        if old == new:
            continue
        if isinstance(old, list) and isinstance(new, list):
            changed = {str(i): x for i, x in enumerate(new) if i >= len(old) or old[i] != x}
            out[key] = {"$len": len(new), "$set": changed}
        else:
            out[key] = new
    return out


_embedding: weakref.WeakSet[Table] = weakref.WeakSet()


def _embed_after_each_cell(table: Table) -> None:
    """While a notebook is executed for the docs site, every table embeds its replay after
    each cell, so the saved page can be stepped through with no kernel."""
    _embedding.add(table)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - Table needs Jupyter anyway
        return
    ip = get_ipython()
    if ip is None or getattr(ip, "_cardlab_embedding", False):
        return

    def after_cell(*_: Any) -> None:
        for t in list(_embedding):
            t.embed_replay()

    ip.events.register("post_run_cell", after_cell)
    ip._cardlab_embedding = True


def _start(seat: int | None, viewpoint: int | str | None) -> int | str:
    """The first viewpoint: the one asked for, else your seat, else the teacher's."""
    if viewpoint is not None:
        return viewpoint
    return "teacher" if seat is None else seat


def _check_seat(seat: Any, players: int) -> None:
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise CardlabError(f"no seat {seat!r}: a seat is a whole number from 0 to {players - 1}")


def _pace(value: Any) -> float:
    """Seconds between bot moves: a number from 0 up."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        raise CardlabError(f"pace is a number of seconds from 0 up, not {value!r}")
    return float(value)


def _viewer_text(value: int | str | None, players: int) -> str:
    if value is None:
        return "teacher"
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < players:
            raise CardlabError(f"no seat {value!r}: seats are 0 to {players - 1}")
        return str(value)
    if value in VIEWPOINTS:
        return str(value)
    raise CardlabError(
        f"unknown viewpoint {value!r}: use a seat 0-{players - 1}, 'spectator' or 'teacher'"
    )


def _bots(match: Match, seat: int | None, bots: str | None) -> dict[int, Any]:
    from ..core.match import make_agent

    out = {}
    for s in range(match.game.players):
        if s == seat or bots is None:
            continue
        agent = make_agent(match.game, bots, s, match.seed)
        if agent is not None:
            out[s] = agent
    return out
