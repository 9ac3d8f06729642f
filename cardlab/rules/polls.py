"""Polls: a yes/no question put to several seats in turn, one at a time.

A ``Poll`` asks each seat of a list the same kind of question, in order, and waits
for each answer before asking the next: after every flip in Break In, each player still
in the bank, from the flipper's left, says whether it leaves; in Canasta a player asks
"may I go out?" and the partner's answer binds.  Answers are public as they are given
(each is logged), ``on_answer(state, seat, yes)`` runs after each one (a leaver counts
its cash at once), ``stop(state, seat, yes)`` may end the poll early, and
``done(state, answers)`` receives every answer given, by seat, when the poll is over
(an ``on_answer`` that ends the round instead closes the poll with ``Poll.close``).

The poll is a phase of its own: ``Poll("leave", ...)`` makes ``poll.phase`` (named
``"leave"``), ``Poll.start`` enters it.  The state keeps the poll in progress in
``state.poll`` (declare the slot): the seats asked, and the answers so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..core.actions import Action, action
from ..core.phases import Phase


class Asking(NamedTuple):
    """A poll in progress: the ``seats`` asked, in order, and the ``answers`` so far."""

    seats: tuple[int, ...]
    answers: tuple[bool, ...] = ()

    @property
    def asked(self) -> int:
        """The seat whose answer is awaited."""
        return self.seats[len(self.answers)]


Question = str | Callable[[Any, int], str]


class Poll:
    """Yes/no questions to several seats, one at a time (see the module docstring).

    Parameters
    ----------
    name
        The phase's name (``"leave"``, ``"go_out"``)
    question
        What a seat is asked: a text (formatted with ``name``, the seat's name)
        or ``(state, seat) -> str``
    done
        ``done(state, answers)``: the poll is over; ``answers`` maps each seat asked
        to its answer (True for yes), in the order asked
    yes
        The word that answers yes (``"leave"``)
    no
        The word that answers no (``"stay"``)
    said
        ``(state, seat, yes) -> str``: the public wording of an answer (default:
        ``"East says leave"``)
    on_answer
        ``(state, seat, yes)``: runs as each answer is given
    stop
        ``(state, seat, yes) -> bool``: end the poll after this answer
    """

    def __init__(
        self,
        name: str,
        question: Question,
        done: Callable[[Any, dict[int, bool]], None],
        *,
        yes: str = "yes",
        no: str = "no",
        said: Callable[[Any, int, bool], str] | None = None,
        on_answer: Callable[[Any, int, bool], None] | None = None,
        stop: Callable[[Any, int, bool], bool] | None = None,
    ) -> None:
        if yes == no or not yes or not no or " " in yes + no:
            raise ValueError(f"a poll needs two different one-word answers, not {yes!r}/{no!r}")
        self.name = name
        self.question = question
        self.done = done
        self.yes = action(yes)
        self.no = action(no)
        self.actions = (self.yes, self.no)
        self.said = said
        self.on_answer = on_answer
        self.stop = stop
        self.phase = Phase(name, self.legal, self.apply, self.why, self.ask)

    # ------------------------------------------------------------ running
    def start(self, state: Any, seats: Sequence[int]) -> None:
        """Ask ``seats`` in this order (the poll's phase begins; with no seat to ask, the
        poll is over at once)."""
        seats = tuple(seats)
        if not seats:
            state.poll = None
            self.done(state, {})
            return
        state.poll = Asking(seats)
        state.phase = self.phase
        state.to_move = (seats[0],)

    def close(self, state: Any) -> None:
        """End the poll now, without ``done`` (``on_answer`` ended the round)."""
        state.poll = None

    def asked(self, state: Any) -> int | None:
        """The seat being asked, or None when no poll is in progress."""
        p: Asking | None = state.poll
        return None if p is None else p.asked

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]:
        p = state.poll
        return self.actions if p is not None and p.asked == seat else ()

    def apply(self, state: Any, act: Action, seat: int) -> None:
        p: Asking = state.poll
        yes = act == self.yes
        answers = (*p.answers, yes)
        state.poll = p = Asking(p.seats, answers)
        words = self.said(state, seat, yes) if self.said else ""
        state.log(
            "answer",
            seat,
            words or f"{state.names[seat]} says {act}",
            answer=yes,
            question=self.name,
        )
        if self.on_answer is not None:
            self.on_answer(state, seat, yes)
        if state.poll is not p:  # on_answer ended the poll (or the game)
            return
        if len(answers) < len(p.seats) and not (self.stop and self.stop(state, seat, yes)):
            state.to_move = (p.asked,)
            return
        state.poll = None
        state.to_move = ()
        self.done(state, dict(zip(p.seats, answers, strict=False)))

    def why(self, state: Any, act: Action, seat: int) -> str:
        return f"answer the question with '{self.yes}' or '{self.no}'"

    def ask(self, state: Any, seat: int) -> str:
        q = self.question
        text = q(state, seat) if callable(q) else q.format(name=state.names[seat])
        return f"{text} ('{self.yes}' or '{self.no}')"


__all__ = ["Asking", "Poll"]
