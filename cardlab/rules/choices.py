"""Secret declarations made at once, each seat from its own menu, revealed together.

``SecretChoice`` is a phase in which every seat in ``state.to_move`` picks one
choice (stay or fold, a signal) without seeing anyone else's.  A choice is a plain word
(``fist``) or a word aimed at another seat (``steal east``: Virus points one finger, two
fingers or a flat hand at a named player); nobody aims at themselves.  Each seat has its
own menu: ``targets`` says whom a seat may aim at and ``refuse`` takes out what the rules
forbid it now (no infecting with an empty hand), with the reason.

A choice is kept in ``state.choices[seat]`` (a code, -1 while undecided); the seat that
picked reads its choice in its own history, while everyone else learns only that it has
decided.  Once the last seat has picked, ``done(state)`` runs: the game reveals the
choices together (``SecretChoice.revealed``, ``SecretChoice.choice``) and goes on.
It is the physical chip in a closed fist: a seat may not change its mind, and a seat that
has picked waits (it leaves ``state.to_move``).

``with_extras`` gives any phase per-seat extra actions (Turncoat: a player who is
not the turncoat may accuse at any of its decisions).  They appear only in that seat's
own menu, so what other seats see never tells who has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.actions import Action, action
from ..core.phases import Phase
from ..core.refusals import either

UNDECIDED = -1

Refuse = Callable[[Any, int, str, int | None], str]


def seat_word(names: Sequence[str], seat: int) -> str:
    """How an action names a seat: its name in lower case, without spaces (``east``)."""
    return names[seat].lower().replace(" ", "")


class SecretChoice:
    """Every seat in ``state.to_move`` secretly picks one choice (see the module).

    The handlers make a phase: ``Phase("declare", PICK.legal, PICK.apply, PICK.why,
    prompt)``.

    Parameters
    ----------
    words : tuple of str
        The plain choices (``("stay", "fold")``, ``("fist",)``).
    done : callable
        ``done(state)``, called once every seat has picked.
    what : str
        The choice in refusals (``"stay in or fold"``).
    aimed : tuple of str
        Choices aimed at another seat (``("infect", "steal", "block")``): the action is
        the word and the seat (``steal east``, see ``seat_word``).
    targets : callable, optional
        ``(state, seat) -> seats`` that ``seat`` may aim at (default: every other seat);
        a seat never aims at itself.
    refuse : callable, optional
        ``(state, seat, word, target) -> str``: why ``seat`` may not make this choice now
        ("" when it may; ``target`` is None for a plain word).  Choices it refuses are
        left out of the seat's menu.
    phrases : mapping of str to str, optional
        How a choice reads in the chooser's private history, by word, with ``{target}``
        for the seat aimed at (``{"steal": "steal from {target}"}``).
    """

    def __init__(
        self,
        words: tuple[str, ...],
        done: Callable[[Any], None],
        what: str,
        *,
        aimed: tuple[str, ...] = (),
        targets: Callable[[Any, int], Sequence[int]] | None = None,
        refuse: Refuse | None = None,
        phrases: Mapping[str, str] | None = None,
    ) -> None:
        every = words + aimed
        if len(every) < 2 or len(set(every)) != len(every):
            raise ValueError(f"a secret choice needs two or more different words, not {every!r}")
        self.words = words
        self.aimed = aimed
        self.actions = tuple(action(w) for w in words)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.done = done
        self.what = what
        self.targets = targets
        self.refuse = refuse
        self.phrases = dict(phrases or {})
        # per table of names: (aimed actions by word and seat, code by action)
        self._tables: dict[tuple[str, ...], tuple[tuple[tuple[Action, ...], ...], dict[str, int]]]
        self._tables = {}
        self._said: dict[tuple[tuple[str, ...], int], str] = {}

    def _table(
        self, names: tuple[str, ...]
    ) -> tuple[tuple[tuple[Action, ...], ...], dict[str, int]]:
        got = self._tables.get(names)
        if got is None:
            n = len(names)
            base = len(self.words)
            rows = tuple(
                tuple(action(f"{w} {seat_word(names, t)}") for t in range(n)) for w in self.aimed
            )
            codes: dict[str, int] = {str(a): i for a, i in self.index.items()}
            for j, row in enumerate(rows):
                for t, a in enumerate(row):
                    codes[a] = base + j * n + t
            got = self._tables[names] = (rows, codes)
        return got

    # ------------------------------------------------------------ phase
    def start(self, state: Any, seats: tuple[int, ...]) -> None:
        """Open the choice for ``seats`` (every pick cleared)."""
        state.choices = [UNDECIDED] * state.players
        state.to_move = seats

    def menu(self, state: Any, seat: int) -> tuple[Action, ...]:
        """``seat``'s choices now, decided or not."""
        refuse = self.refuse
        if not self.aimed and refuse is None:
            return self.actions
        acts = [
            a
            for a, w in zip(self.actions, self.words, strict=True)
            if refuse is None or not refuse(state, seat, w, None)
        ]
        if self.aimed:
            rows = self._table(state.names)[0]
            aims = self.aiming(state, seat)
            for w, row in zip(self.aimed, rows, strict=True):
                acts += [row[t] for t in aims if refuse is None or not refuse(state, seat, w, t)]
        return tuple(acts)

    def aiming(self, state: Any, seat: int) -> list[int]:
        """The seats ``seat`` may aim at (never itself)."""
        seats = range(state.players) if self.targets is None else self.targets(state, seat)
        return [t for t in seats if t != seat]

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]:
        if state.choices[seat] != UNDECIDED:
            return ()
        return self.menu(state, seat)

    def apply(self, state: Any, act: Action, seat: int) -> None:
        code = self.index.get(act)
        if code is None:
            code = self._table(state.names)[1][act]
        state.choices[seat] = code
        name = state.names[seat]
        said = self.said(state, code)
        state.log(
            "decide",
            seat,
            f"{name} has decided",
            f"{name} decides to {said} (secretly)",
            (seat,),
        )
        waiting = state.to_move
        k = waiting.index(seat)
        state.to_move = waiting[:k] + waiting[k + 1 :]
        if not state.to_move:
            self.done(state)

    def why(self, state: Any, act: Action, seat: int) -> str:
        code = self.index.get(act)
        if code is None:
            code = self._table(state.names)[1].get(act)
        if state.choices[seat] != UNDECIDED and (code is not None or act.verb in self.aimed):
            return "you have already decided, and a secret choice cannot be taken back"
        if act.verb in self.aimed:
            names = state.names
            rows = self._table(names)[0]
            row = rows[self.aimed.index(act.verb)]
            target = next((t for t, a in enumerate(row) if a == act), None)
            if target is None:
                who = either([seat_word(names, t) for t in self.aiming(state, seat)])
                return f"say whom to {act.verb}: '{act.verb}' and a player's name ({who})"
            if target == seat:
                return f"nobody may {act.verb} themselves"
            if target not in self.aiming(state, seat):
                return f"you may not {act.verb} {names[target]} now"
            if self.refuse is not None:
                return self.refuse(state, seat, act.verb, target)
            return ""
        if code is not None and self.refuse is not None:
            reason = self.refuse(state, seat, str(act), None)
            if reason:
                return reason
        listed = either([f"'{w}'" for w in self.words] + [f"'{w} <player>'" for w in self.aimed])
        return f"now everyone decides at once whether to {self.what}: say {listed}"

    # ------------------------------------------------------------ reading
    def phrase(self, state: Any, word: str, target: int | None) -> str:
        """A choice in words: ``"steal from East"``."""
        who = "" if target is None else state.names[target]
        default = word if target is None else "{word} {target}"
        return self.phrases.get(word, default).format(word=word, target=who)

    def said(self, state: Any, code: int) -> str:
        """The stored choice ``code`` in words (``phrase``), kept per table of names."""
        key = (state.names, code)
        got = self._said.get(key)
        if got is None:
            word, target = self.decode(state, code)
            got = self._said[key] = self.phrase(state, word, target)
        return got

    def decode(self, state: Any, code: int) -> tuple[str, int | None]:
        """The word and target (None for a plain word) of a stored choice."""
        base = len(self.words)
        if code < base:
            return self.words[code], None
        j, t = divmod(code - base, state.players)
        return self.aimed[j], t

    def decided(self, state: Any, seat: int) -> bool:
        return bool(state.choices[seat] != UNDECIDED)

    def word(self, state: Any, seat: int) -> str:
        """``seat``'s word ("" while undecided): read it only once it may be known."""
        code = state.choices[seat]
        return "" if code == UNDECIDED else self.decode(state, code)[0]

    def target(self, state: Any, seat: int) -> int | None:
        """Whom ``seat`` aimed at (None for a plain word or while undecided)."""
        code = state.choices[seat]
        return None if code == UNDECIDED else self.decode(state, code)[1]

    def choice(self, state: Any, seat: int) -> tuple[str, int | None]:
        """``seat``'s word and target: read it only once it may be known."""
        return self.word(state, seat), self.target(state, seat)

    def revealed(self, state: Any) -> dict[str, tuple[int, ...]]:
        """The seats that picked each word (aimed or not), in seat order (after every seat
        has picked)."""
        out: dict[str, list[int]] = {w: [] for w in self.words + self.aimed}
        for s, code in enumerate(state.choices):
            if code != UNDECIDED:
                out[self.decode(state, code)[0]].append(s)
        return {w: tuple(seats) for w, seats in out.items()}


def with_extras(
    phase: Phase,
    verbs: Sequence[str],
    extra: Callable[[Any, int], tuple[Action, ...]],
    apply: Callable[[Any, Action, int], None],
    why: Callable[[Any, Action, int], str] | None = None,
) -> Phase:
    """``phase`` with per-seat extra actions ``extra(state, seat)`` (verbs ``verbs``).

    An extra action is applied at once by ``apply(state, action, seat)`` (an accusation
    is public); ``why(state, action, seat)`` words its refusals.  The extras appear only
    in the menu of the seat that has them, after the phase's own actions, and nothing
    another seat sees depends on them.
    """
    own = frozenset(verbs)
    base_legal, base_apply, base_why = phase.legal, phase.apply, phase.why

    def legal(state: Any, seat: int) -> tuple[Action, ...]:
        return tuple(base_legal(state, seat)) + tuple(extra(state, seat))

    def apply_(state: Any, act: Action, seat: int) -> None:
        if act.verb in own:
            apply(state, act, seat)
        else:
            base_apply(state, act, seat)

    def why_(state: Any, act: Action, seat: int) -> str:
        if act.verb in own:
            return why(state, act, seat) if why is not None else ""
        return base_why(state, act, seat)

    return Phase(phase.name, legal, apply_, why_, phase.prompt)


__all__ = ["UNDECIDED", "SecretChoice", "seat_word", "with_extras"]
