"""Staged choices: a move too big to list, built one pick at a time.

Some moves have far too many forms to list as single actions: every set of melds a
Canasta hand can lay, every run a long hand can lay onto a track, every way to pay for
buildings.  A ``Staged`` choice builds such a move in steps held in the state:
the seat picks a card (or a rank, or a target), then another, and ends with ``done``
(legal only once the whole selection is valid) or ``cancel`` (the selection is dropped
and nothing has changed).  ``back`` takes back the last pick; in a selection whose order
does not matter, ``drop XX`` takes back any one card.  Each step lists only a few
actions, whatever the size of the hand, and a step that is refused names the rule.

The selection is private until it is committed: only the seat building it (and the
teacher) sees its picks, in a zone of kind ``"selection"`` and in private events that
no other seat reads at all (so nobody else learns even how many picks were made).  Its
cards stay in the seat's hand until the commit, so the hand others see does not change.

A game describes its move with four functions and lets the component run the steps:

    LAY = Staged(
        "lay", ("track", "lay"),
        menu=_lay_menu,          # (state, seat, sel) -> the picks to offer now
        pick=_lay_pick,          # (state, seat, sel, action) -> Pick: record one pick
        complete=_lay_complete,  # (state, seat, sel) -> "" when 'done' may commit, else why not
        commit=_lay_commit,      # (state, seat, sel): carry out the whole move
        why=_lay_why,            # (state, seat, sel, action) -> why a pick is refused
        summary=_lay_summary,    # (state, seat, sel) -> the selection so far, in words
    )
    TURN = LAY.around(Phase("turn", _turn_legal, _turn_apply, _turn_why, "Draw or lay"))

``around`` adds the opening picks (``menu`` with an empty selection) to a phase's own
actions; once a pick is made, the seat's menu is the next picks, ``done`` when the
selection is complete, ``back``, ``drop`` and ``cancel``.  The phase keeps its name and
works in simultaneous phases too (each seat builds its own selection).  The state holds
the selections in ``state.staged`` (one entry per seat, None when idle): declare the
slot and call ``Staged.reset`` where the hand is reset.

* Picks and groups: ``pick`` returns a ``Pick``: the card taken from the hand (-1 for a step
  that takes none, such as choosing a track), the group it joins (a meld's rank, ``"spend"``
  or ``"build"``, a track) and a short tag the tray shows under the card.  The game keeps
  its running figures (a total against a minimum, the directions still open, the sub-choice
  reached) in ``sel.data``.  ``menu`` should list only picks after which the selection can
  still be completed, so that no listed step leads to a dead end.
* Taking back: ``back`` and ``drop`` rebuild the selection by replaying the remaining picks
  through ``pick`` (so ``pick`` is the only code that computes the running figures).  While
  replaying, ``sel.prefer`` is the card the replayed step took before: a pick among
  interchangeable cards (``meld 7``) should take it again.  ``drop`` is offered only when
  ``ordered`` is False: the game promises that removing any one card leaves a selection its
  picks accept (checks at pick time bound from above, as a cap on wild cards does; minimums
  and costs are checked by ``complete``).
* Bots: ``plan_step`` turns a planned selection (the picks of the whole move) into the next
  action, so a ``PhaseBot`` plans once from ``whole_hand`` and emits the move step by step;
  the search bot simply sees the steps.  A world sampler restores a seat's selection by
  applying ``selection_steps`` in the world.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from ..core.actions import Action, ActionRange, action
from ..core.cards import CARDS, Card
from ..core.clone import deep_copy
from ..core.observation import Observation, Zone
from ..core.phases import Phase
from ..core.refusals import either
from ..core.view import View

#: The observation ``info`` key holding the viewer's own selection in progress.
SELECTION = "selection"
#: The kind of the zone that shows a selection (the table draws it as a tray).
TRAY = "selection"


class Pick(NamedTuple):
    """What one step of a selection took: a card (-1: none), its group and its tag."""

    card: int = -1
    group: Hashable = None
    tag: str = ""


class Selection:
    """One seat's move in the making.

    ``steps`` are the picks so far in order (applying them again rebuilds the
    selection), ``picks`` what each took, ``cards`` the mask of the cards picked and
    ``data`` the game's running figures.
    """

    __slots__ = ("cards", "data", "picks", "prefer", "steps")

    def __init__(self) -> None:
        self.steps: list[Action] = []
        self.picks: list[Pick] = []
        self.cards = 0
        self.data: dict[str, Any] = {}
        self.prefer = -1

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def order(self) -> list[int]:
        """The cards picked, in the order they were picked."""
        return [p.card for p in self.picks if p.card >= 0]

    def group(self, key: Hashable) -> list[int]:
        """The cards of one group, in pick order."""
        return [p.card for p in self.picks if p.card >= 0 and p.group == key]

    def groups(self) -> dict[Hashable, list[int]]:
        """Every group's cards, groups in the order they were started."""
        out: dict[Hashable, list[int]] = {}
        for p in self.picks:
            if p.card >= 0:
                out.setdefault(p.group, []).append(p.card)
        return out

    def clone(self) -> Selection:
        new = Selection()
        new.steps = list(self.steps)
        new.picks = list(self.picks)
        new.cards = self.cards
        new.data = deep_copy(self.data)
        return new

    def __repr__(self) -> str:
        return f"Selection({' | '.join(self.steps)})"


Menu = Callable[[Any, int, Selection], Sequence[Action]]
PickFn = Callable[[Any, int, Selection, Action], Pick]
Check = Callable[[Any, int, Selection], str]
Commit = Callable[[Any, int, Selection], None]
Why = Callable[[Any, int, Selection, Action], str]


def _no_reason(state: Any, seat: int, sel: Selection, act: Action) -> str:
    return ""


class Staged:
    """A move built in steps (see the module docstring).

    Parameters
    ----------
    what
        The move in words (``"lay"``, ``"meld"``, ``"payment"``): prompts and refusals
    verbs
        The verbs of the picks (``("track", "lay")``); no other action uses them
    menu
        ``(state, seat, sel) -> picks`` offered now (with an empty ``sel``: the picks
        that open a selection)
    pick
        ``(state, seat, sel, action) -> Pick``: record one pick, updating ``sel.data``
    complete
        ``(state, seat, sel) -> str``: "" when ``done`` may commit, else the rule
        that stops it ("a lay may not end on a picture")
    commit
        ``(state, seat, sel)``: carry out the move (the selection is already closed;
        log the public event, with ``steps=tuple(sel.steps)`` among its data)
    why
        ``(state, seat, sel, action) -> str``: why a pick is refused now
    summary
        ``(state, seat, sel) -> str``: the selection so far in words, for prompts
        ("on track 2: 7♥ 8♥, 3 points")
    ordered
        Whether the order of the picks matters (then only ``back`` takes back)
    unit
        What one pick is called in prompts (``"card"``)
    narrate
        ``(state, seat, sel, action, pick) -> str``: the private wording of a pick
    zone
        The name of the selection's zone
    done
        The verb that commits a complete selection
    cancel
        The verb that drops the selection, changing nothing
    back
        The verb that takes back the last pick
    drop
        The verb that takes back any one card (offered when ``ordered`` is False)
    """

    def __init__(
        self,
        what: str,
        verbs: Sequence[str],
        *,
        menu: Menu,
        pick: PickFn,
        complete: Check,
        commit: Commit,
        why: Why = _no_reason,
        summary: Check | None = None,
        ordered: bool = True,
        unit: str = "pick",
        narrate: Callable[[Any, int, Selection, Action, Pick], str] | None = None,
        zone: str = "selection",
        done: str = "done",
        cancel: str = "cancel",
        back: str = "back",
        drop: str = "drop",
    ) -> None:
        controls = (done, cancel, back, drop)
        if len(set(controls)) != 4 or set(verbs) & set(controls):
            raise ValueError(f"the verbs of the picks {verbs!r} and controls must differ")
        self.what = what
        self.verbs = frozenset(verbs)
        self.menu = menu
        self.pick = pick
        self.complete = complete
        self.commit = commit
        self.refuse = why
        self.summary = summary
        self.ordered = ordered
        self.unit = unit
        self.narrate = narrate
        self.zone_name = zone
        self.done = action(done)
        self.cancel = action(cancel)
        self.back = action(back)
        self.drop_verb = drop
        self._drops: dict[int, Action] = {}
        self._controls_info = MappingProxyType(
            {"done": done, "cancel": cancel, "back": back, "drop": drop}
        )

    # ----------------------------------------------------------- state
    def reset(self, state: Any) -> None:
        """No seat is building a move (call where the hand is reset)."""
        state.staged = [None] * state.players

    def selection(self, state: Any, seat: int) -> Selection | None:
        """``seat``'s selection in progress, or None."""
        sel: Selection | None = state.staged[seat]
        return sel

    def picked(self, state: Any, seat: int) -> int:
        """The mask of the cards ``seat`` has picked so far (0 when idle)."""
        sel = state.staged[seat]
        return 0 if sel is None else int(sel.cards)

    def picked_masks(self, state: Any) -> list[int]:
        """Each seat's picked cards: leave them out of the seat's own view of its hand."""
        return [0 if sel is None else sel.cards for sel in state.staged]

    # ----------------------------------------------------------- phases
    def around(self, base: Phase) -> Phase:
        """``base`` with this move's steps added (same name; see the module docstring)."""
        base_legal, base_apply, base_why = base.legal, base.apply, base.why

        def legal(state: Any, seat: int) -> tuple[Action, ...]:
            sel = state.staged[seat]
            if sel is not None:
                return self.steps(state, seat, sel)
            own = base_legal(state, seat)
            picks = tuple(self.menu(state, seat, Selection()))
            if not picks:
                return own
            if isinstance(own, ActionRange):
                return picks + own  # a range of numbers stays unlisted
            return tuple(own) + picks

        def apply(state: Any, act: Action, seat: int) -> None:
            if state.staged[seat] is None and act.verb not in self.verbs:
                base_apply(state, act, seat)
            else:
                self.apply(state, act, seat)

        def why(state: Any, act: Action, seat: int) -> str:
            sel = state.staged[seat]
            if sel is None and act.verb not in self.verbs and not self.is_control(act):
                return base_why(state, act, seat)
            return self.why(state, act, seat)

        def prompt(state: Any, seat: int) -> str:
            sel = state.staged[seat]
            return base.ask(state, seat) if sel is None else self.progress(state, seat, sel)

        return Phase(base.name, legal, apply, why, prompt)

    def is_control(self, act: Action) -> bool:
        v = act.verb
        return v in (self.done, self.cancel, self.back) or v == self.drop_verb

    def steps(self, state: Any, seat: int, sel: Selection) -> tuple[Action, ...]:
        """The actions of a selection in progress: picks, then done, back, drops, cancel."""
        acts = list(self.menu(state, seat, sel))
        if not self.complete(state, seat, sel):
            acts.append(self.done)
        if len(sel.steps) > 1:
            acts.append(self.back)
            if not self.ordered:
                acts += [self._drop(p.card) for p in sel.picks if p.card >= 0]
        acts.append(self.cancel)
        return tuple(acts)

    def _drop(self, card: int) -> Action:
        a = self._drops.get(card)
        if a is None:
            a = self._drops[card] = action(f"{self.drop_verb} {CARDS[card].code}")
        return a

    def apply(self, state: Any, act: Action, seat: int) -> None:
        """Apply a legal step (a pick, ``done``, ``back``, ``drop`` or ``cancel``)."""
        sel = state.staged[seat]
        name = state.names[seat]
        if sel is None:
            sel = state.staged[seat] = Selection()
        if act == self.done:
            state.staged[seat] = None
            self.commit(state, seat, sel)
        elif act == self.cancel:
            state.staged[seat] = None
            state.log("unstage", seat, "", f"{name} cancels the {self.what}", (seat,))
        elif act == self.back:
            self._rebuild(state, seat, sel, len(sel.steps) - 1)
            state.log("unstage", seat, "", f"{name} takes back the last {self.unit}", (seat,))
        elif act.verb == self.drop_verb:
            card = act.cards[0]
            k = next(i for i, p in enumerate(sel.picks) if p.card == card.index)
            self._rebuild(state, seat, sel, k)
            state.log(
                "unstage",
                seat,
                "",
                f"{name} takes {card.text} back out of the {self.what}",
                (seat,),
                hidden=(card,),
            )
        else:
            p = self._add(state, seat, sel, act)
            words = self.narrate(state, seat, sel, act, p) if self.narrate else ""
            if not words:
                words = (
                    f"{name} picks {CARDS[p.card].text}" if p.card >= 0 else f"{name} chooses {act}"
                )
                if p.tag:
                    words += f" ({p.tag})"
            hidden = (CARDS[p.card],) if p.card >= 0 else ()
            state.log("stage", seat, "", words, (seat,), hidden=hidden)

    def _add(self, state: Any, seat: int, sel: Selection, act: Action) -> Pick:
        p = self.pick(state, seat, sel, act)
        sel.steps.append(act)
        sel.picks.append(p)
        if p.card >= 0:
            sel.cards |= 1 << p.card
        return p

    def _rebuild(self, state: Any, seat: int, sel: Selection, skip: int) -> None:
        """The selection without its step ``skip``, by replaying the other steps."""
        keep = list(zip(sel.steps, sel.picks, strict=True))
        del keep[skip]
        fresh = Selection()
        for a, p in keep:
            fresh.prefer = p.card
            self._add(state, seat, fresh, a)
        fresh.prefer = -1
        state.staged[seat] = fresh if fresh.steps else None

    # ---------------------------------------------------------- refusals
    def why(self, state: Any, act: Action, seat: int) -> str:
        """Why a step is refused now, in rule terms."""
        sel = state.staged[seat]
        what = self.what
        v = act.verb
        if sel is None:
            if self.is_control(act):
                return f"no {what} is being built: its first pick starts one"
            return self.refuse(state, seat, Selection(), act)
        if act == self.done:
            return self.complete(state, seat, sel) or ""
        if act == self.back:
            return f"there is only one pick to take back: 'cancel' drops the {what}"
        if v == self.drop_verb:
            card = act.card
            if self.ordered:
                return f"the order of the {what} matters: only the last pick comes back ('back')"
            if card is None or not sel.cards >> card.index & 1:
                return f"{card or 'that'} is not in your {what}"
            return f"there is only one pick to take back: 'cancel' drops the {what}"
        if v in self.verbs:
            return self.refuse(state, seat, sel, act)
        return f"finish the {what} first: {self._controls(state, seat, sel)}"

    def _controls(self, state: Any, seat: int, sel: Selection) -> str:
        say = []
        if not self.complete(state, seat, sel):
            say.append(f"'{self.done}' to make it")
        say.append(f"'{self.cancel}' to drop it")
        return either(say)

    # ------------------------------------------------------------ words
    def progress(self, state: Any, seat: int, sel: Selection) -> str:
        """The prompt while a selection is in progress: what it holds, what comes next."""
        head = self.summary(state, seat, sel) if self.summary else ""
        text = f"Your {self.what}: {head}" if head else f"Your {self.what} so far"
        reason = self.complete(state, seat, sel)
        legal = state.legal_actions(seat)
        more = any(a.verb in self.verbs for a in legal)
        unit = self.unit
        can = ([f"add a {unit}"] if more else []) + (
            [] if reason else [f"'{self.done}' to make it"]
        )
        takes = [f"'{self.back}' takes back the last {unit}"] if self.back in legal else []
        takes.append(f"'{self.cancel}' drops it")
        said = either(can)
        text += ". " + (said[:1].upper() + said[1:] + "; " if said else "") + ", ".join(takes)
        return text + (f" (not ready: {reason})" if reason else "")

    # ------------------------------------------------------- observation
    def zones(self, state: Any, view: View, label: str = "") -> list[Zone]:
        """The selections the viewer may see: its own, or every one for the teacher.

        The zone (kind ``"selection"``, owned by the seat, labelled ``label`` or "North's
        lay") holds the picked cards in pick order, each tagged with its ``Pick.tag``.
        """
        out = []
        for s, sel in enumerate(state.staged):
            if sel is None or not (view.seat == s or view.teacher):
                continue
            cards = [p for p in sel.picks if p.card >= 0]
            head = label or f"{state.names[s]}'s {self.what}"
            out.append(
                Zone(
                    self.zone_name,
                    s,
                    tuple(CARDS[p.card] for p in cards),
                    TRAY,
                    label=head,
                    tags=tuple(p.tag for p in cards),
                )
            )
        return out

    def info(self, state: Any, view: View) -> dict[str, Any]:
        """``{"selection": …}`` for a seat building a move (empty otherwise).

        The mapping holds ``what`` (the move), ``steps`` (the picks so far, in order),
        ``ready`` (whether ``done`` is legal), ``not_ready`` (why not, "" when ready),
        ``summary`` (the selection in words), ``zone`` (the name of its zone) and
        ``controls`` (the verbs of ``done``, ``cancel``, ``back`` and ``drop``, so a table
        can draw them beside the tray).
        """
        seat = view.seat
        if seat is None:
            return {}
        sel = state.staged[seat]
        if sel is None:
            return {}
        reason = self.complete(state, seat, sel)
        return {
            SELECTION: MappingProxyType(
                {
                    "what": self.what,
                    "steps": tuple(sel.steps),
                    "ready": not reason,
                    "not_ready": reason,
                    "summary": self.summary(state, seat, sel) if self.summary else "",
                    "zone": self.zone_name,
                    "controls": self._controls_info,
                }
            )
        }


# ------------------------------------------------------------------------ for bots
def selection_steps(obs: Observation) -> tuple[str, ...] | None:
    """The viewer's picks so far, or None when it is building no move."""
    sel = obs.info.get(SELECTION)
    return None if sel is None else tuple(sel["steps"])


def whole_hand(obs: Observation) -> tuple[Card, ...]:
    """The viewer's hand with the cards of its selection put back: plan from this, as it
    does not change while the selection is built."""
    me = obs.seat
    if me is None:
        return ()
    picked = [c for z in obs.zones if z.kind == TRAY and z.owner == me for c in z.faces]
    return obs.my_hand + tuple(picked)


def plan_step(
    obs: Observation,
    plan: Sequence[str],
    *,
    done: str = "done",
    cancel: str = "cancel",
) -> Action | None:
    """The next action that builds the planned selection ``plan`` (its picks, in order).

    With no selection in progress: the plan's first pick when it is legal, else None (the
    bot chooses another move).  In progress: the next pick of the plan, ``done`` once
    every pick is made, and ``cancel`` when the selection has strayed from the plan or
    the plan cannot be completed.  A plan should depend only on what stays the same while
    the selection is built (``whole_hand``, the table), so that planning again at
    every step gives the same plan.
    """
    legal = obs.legal
    steps = selection_steps(obs)
    if steps is None:
        if plan and plan[0] in legal:
            return legal[legal.index(plan[0])]
        return None
    k = len(steps)
    if tuple(plan[:k]) == steps:
        want = plan[k] if k < len(plan) else done
        if want in legal:
            return legal[legal.index(want)]
    return legal[legal.index(cancel)]


__all__ = [
    "SELECTION",
    "TRAY",
    "Pick",
    "Selection",
    "Staged",
    "plan_step",
    "selection_steps",
    "whole_hand",
]
