"""Exercises for the teaching notebooks: questions that check answers and never stop a notebook.

An ``Exercise`` holds a question, its expected answer, a hint, an explanation and a
typical wrong answer. ``ex.check(answer)`` returns a ``Verdict``: a right answer is
confirmed with the explanation; a wrong one is told what is wrong with it and given the
hint, never the answer. ``ex.solution()`` gives the answer and why, when asked. In
Jupyter an exercise shows as a small widget: the cards to click (or a box, or buttons
for a few choices) with Check, Hint and Show answer. The notebooks' exercises are kept in
``cardlab.lessons``.

The older ``check_*`` functions compare one answer directly and say why either way.

Whatever a learner gives (a number where cards are asked, a card that is not offered, a
list, bytes, NaN, digits of another script) gets feedback saying what is wrong with it:
checking never raises.  Numbers are written with the digits 0-9 (a decimal comma is
read as a point); cards as in ``QS``, ``Q♠`` or ``10h``.

>>> import cardlab
>>> from cardlab.exercises import CardsExercise, check_legal
>>> m = cardlab.Match("hearts", seed=1, hands=1)
>>> v = check_legal(m.state, "2C 3C", seat=0)
>>> bool(v) in (True, False)
True
"""

from __future__ import annotations

import difflib
import html
import math
import numbers
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .core.actions import Action
from .core.cards import SUIT_COLOURS, Card, parse_cards
from .core.observation import Back, Peek
from .core.quoting import kind, quote
from .core.refusals import either
from .core.state import State


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``ok`` and a message that explains it."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✔ Right. " if self.ok else "✘ Not quite. ") + self.message

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return ("**✔ Right.** " if self.ok else "**✘ Not quite.** ") + self.message


def _names(cards: Iterable[Card]) -> str:
    names = [c.text for c in sorted(cards, key=lambda c: c.index)]
    return " ".join(names) if names else "none"


def _cards(answer: Any) -> set[Card]:
    """The cards an answer names; ValueError (worded for the learner) if it names none."""
    if isinstance(answer, Card):
        return {answer}
    if isinstance(answer, str):
        return set(parse_cards(answer.replace(",", " ")))
    if isinstance(answer, list | tuple | set | frozenset):
        return set(parse_cards(answer))
    raise ValueError(
        f"answer with cards, such as 'QS 2C' or ['Q♠', '2♣'], not {quote(answer)} ({kind(answer)})"
    )


#: A number as a learner writes it: digits 0-9, a sign, a decimal point, an exponent.
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?", re.ASCII)


def read_number(answer: Any) -> float:
    """A learner's answer as a finite number.

    Numbers (not bools) and texts written with the digits 0-9 are read (``"−3"`` and
    ``"2,5"`` too); anything else raises ValueError saying what a number looks like.
    """
    if isinstance(answer, numbers.Real) and not isinstance(answer, bool):
        try:
            value = float(answer)
        except OverflowError:
            raise ValueError(
                f"answer with a number of a sensible size, not {quote(answer)}"
            ) from None
    elif isinstance(answer, str):
        text = answer.strip().replace("−", "-").replace(",", ".")
        if not text:
            raise ValueError("no answer given yet")
        if not (len(text) <= 40 and _NUMBER.fullmatch(text)):
            digits = any(ch.isdigit() for ch in text)
            if digits and not text.isascii():
                raise ValueError(f"write the number with the digits 0-9, not {quote(answer)}")
            raise ValueError(f"write a number such as 12 or -3.5, not {quote(answer)}")
        value = float(text)
    else:
        raise ValueError(f"answer with a number such as 12, not {quote(answer)} ({kind(answer)})")
    if not math.isfinite(value):
        raise ValueError(
            f"answer with a number one can count with, such as 12, not {quote(answer)}"
        )
    return value


def _seat_to_move(state: State, seat: int | None) -> int:
    if seat is not None:
        return seat
    current = state.current
    if not isinstance(current, int):
        raise ValueError(f"no single seat is to play now ({current!r}); pass seat=...")
    return current


def _legal_cards(state: State, seat: int) -> tuple[set[Card], Callable[[Card], str]]:
    """The cards ``seat`` may play now, and why any other card may not."""
    legal_actions = state.legal_actions(seat)
    legal = {c for a in legal_actions for c in a.cards}
    verb = legal_actions[0].verb if legal_actions else "play"

    def why(card: Card) -> str:
        return state.why_illegal(Action.of(verb, [card]), seat)

    return legal, why


def check_legal(
    state: State, answer: str | Iterable[str | Card], seat: int | None = None
) -> Verdict:
    """Check "which cards may ``seat`` play now?".

    ``answer`` lists cards (``"2C 5C"``, ``["2♣", "5♣"]``).  The verdict names the cards
    missed and the cards wrongly included, with the rule's reason for each of the latter.
    """
    seat = _seat_to_move(state, seat)
    legal, why = _legal_cards(state, seat)
    try:
        given = _cards(answer)
    except ValueError as e:
        return Verdict(False, _sentence(str(e)))
    if given == legal:
        return Verdict(True, f"The legal cards are {_names(legal)}.")
    parts = []
    missed = legal - given
    if missed:
        parts.append(f"you left out {_names(missed)}, which may be played")
    for card in sorted(given - legal, key=lambda c: c.index):
        parts.append(f"{card.text} may not: {why(card)}")
    said = "; ".join(parts)
    return Verdict(False, said[:1].upper() + said[1:] + ".")


def check_number(answer: Any, expected: float, why: str, what: str = "the answer") -> Verdict:
    """Check a number (a score, a count) against ``expected``; ``why`` explains it."""
    try:
        value = read_number(answer)
    except ValueError as e:
        return Verdict(False, f"{what} should be a number: {_sentence(str(e))} {why}")
    if value == expected:
        return Verdict(True, why)
    return Verdict(False, f"{what} is {expected:g}, not {value:g}: {why}")


def score_lines(state: State, seat: int, hand: int = -1) -> tuple[float, str]:
    """What ``seat`` scored in a finished hand (the last by default), and its score lines."""
    if not state.results:
        raise ValueError("no hand has been scored yet")
    result = state.results[hand]
    lines = [ln for ln in result.lines if ln.seat == seat]
    why = "; ".join(f"{ln.reason} {ln.points:+g}" for ln in lines) or "nothing scored"
    return result.points[seat], why


def check_score(state: State, seat: int, answer: Any, hand: int = -1) -> Verdict:
    """Check what ``seat`` scored in a finished hand (the last one by default).

    The explanation is the hand's score lines for that seat.
    """
    points, why = score_lines(state, seat, hand)
    return check_number(answer, points, why, what="the score")


def check_choice(answer: Any, expected: Any, why: str) -> Verdict:
    """Check a free answer (a seat, a card, a word) against ``expected``."""
    norm = _norm(answer)
    if norm == _norm(expected):
        return Verdict(True, why)
    return Verdict(False, f"the answer is {expected}, not {_short(answer)}: {why}")


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return frozenset(_cards(value))
        except ValueError:
            return value.strip().lower()
    if isinstance(value, Card):
        return frozenset([value])
    return value if isinstance(value, str | int | float | bool | None) else repr(value)


def _short(answer: Any) -> str:
    """An answer as it is echoed back: the text itself, or its start when it is long."""
    text = answer.strip() if isinstance(answer, str) else quote(answer)
    return text if len(text) <= 40 else text[:40] + "…"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class Exercise:
    """A question with its expected answer, a hint, an explanation and a typical mistake.

    Parameters
    ----------
    question
        The question, in plain words (``code`` in backquotes is allowed)
    expected
        The right answer
    hint
        A nudge shown with a wrong answer, or on request; it does not give the answer
    why
        Why the answer is right; shown when the answer is right or asked for
    typical
        A typical wrong answer (the tests check that it gets explained)
    mistakes
        Explanations of known wrong answers, keyed by answer
    key
        The exercise's name in the lessons catalogue
    """

    kind: ClassVar[str] = "text"

    def __init__(
        self,
        question: str,
        expected: Any,
        *,
        hint: str,
        why: str,
        typical: Any,
        mistakes: Mapping[Any, str] | None = None,
        key: str = "",
    ) -> None:
        self.question = question
        self.expected = expected
        self.hint = hint
        self.why = why
        self.typical = typical
        self.key = key
        self.mistakes = {self._key(k): v for k, v in (mistakes or {}).items()}
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self._view: _View | None = None

    # -- what subclasses define --------------------------------------------------------
    def _key(self, answer: Any) -> Any:
        """A normal form of ``answer`` for comparing; ValueError if it cannot be one.

        The message of the ValueError is shown to the learner: it says what an answer
        looks like.  Every subclass reads any value a learner can give without raising
        anything else.
        """
        if answer is None or (isinstance(answer, str) and answer.strip() == ""):
            raise ValueError("no answer given yet")
        if isinstance(answer, bool) or not isinstance(answer, str | int | float):
            raise ValueError(
                f"answer with a word or a number, not {quote(answer)} ({kind(answer)})"
            )
        # quote() and not str(): Python refuses str() of an int of thousands of digits.
        return (answer if isinstance(answer, str) else quote(answer)).strip().lower()

    def _diagnose(self, answer: Any) -> str:
        """What is wrong with a wrong answer, worked out from the rules ('' if nothing)."""
        return ""

    def answer_text(self) -> str:
        """The expected answer, written out."""
        return str(self.expected)

    # -- checking ----------------------------------------------------------------------
    def diagnose(self, answer: Any) -> str:
        """What is wrong with ``answer``, without giving the right one ('' if unknown)."""
        try:
            k = self._key(answer)
        except ValueError as e:
            return _sentence(str(e))
        return _sentence(self.mistakes.get(k) or self._diagnose(answer))

    def check(self, answer: Any) -> Verdict:
        """Right: the explanation. Wrong: what is wrong with it and the hint, not the answer."""
        try:
            ok = self._key(answer) == self._key(self.expected)
        except ValueError as e:
            return Verdict(False, f"{_sentence(str(e))} Hint: {self.hint}")
        self.attempts += 1
        if ok:
            self.solved = True
            return Verdict(True, _sentence(self.why))
        said = self.diagnose(answer) or f"{self._show(answer)} is not it."
        return Verdict(False, f"{said} Hint: {self.hint}")

    def _show(self, answer: Any) -> str:
        return _short(answer)

    def solution(self) -> str:
        """The answer and why: for when the learner asks."""
        self.revealed = True
        return f"The answer is {self.answer_text()}. {_sentence(self.why)}"

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        head = f"Exercise {self.key}: " if self.key else "Exercise: "
        return "\n".join([head + self.question, *self._repr_lines(), self._how()])

    def _repr_lines(self) -> list[str]:
        return []

    def _how(self) -> str:
        return "  answer with .check(...); .hint for a hint; .solution() shows the answer"

    def _repr_markdown_(self) -> str:
        return f"**Exercise.** {self.question}\n\n" + "\n".join(
            f"- {line.strip()}" for line in [*self._repr_lines(), self._how()]
        )

    def widget(self) -> Any:
        """The exercise as an ipywidgets box: the input, Check, Hint, Show answer, feedback."""
        if self._view is None:
            self._view = _View(self)
        return self._view.box

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        try:
            bundle = dict(self.widget()._repr_mimebundle_())
        except ImportError:
            bundle = {"text/markdown": self._repr_markdown_()}
        bundle["text/plain"] = repr(self)
        return bundle

    # -- the widget's input --------------------------------------------------------------
    def _make_input(self, w: Any) -> Any:
        return w.Text(placeholder="your answer", layout=w.Layout(width="16em"))

    def _read(self, control: Any) -> Any:
        return control.value

    def _on_reveal(self, control: Any) -> None:
        return None


class NumberExercise(Exercise):
    """A question answered with a number (a score, a count)."""

    kind = "number"

    def _key(self, answer: Any) -> Any:
        if answer is None:
            raise ValueError("no answer given yet")
        return round(read_number(answer), 9)

    def _diagnose(self, answer: Any) -> str:
        value, expected = self._key(answer), self._key(self.expected)
        return f"{value:g} is too {'high' if value > expected else 'low'}"

    def _show(self, answer: Any) -> str:
        return f"{self._key(answer):g}"

    def answer_text(self) -> str:
        return f"{self._key(self.expected):g}"

    def _make_input(self, w: Any) -> Any:
        return w.Text(placeholder="a number", layout=w.Layout(width="9em"))


class ChoiceExercise(Exercise):
    """A question answered with one of a few choices (a seat, yes or no, a word)."""

    kind = "choice"

    def __init__(self, question: str, expected: Any, options: Sequence[Any], **kw: Any) -> None:
        self.options = tuple(str(o) for o in options)
        super().__init__(question, str(expected), **kw)
        if self._key(expected) not in {self._key(o) for o in self.options}:
            raise ValueError(f"{expected!r} is not one of the options {self.options}")

    def _key(self, answer: Any) -> Any:
        if isinstance(answer, float) and answer.is_integer():
            answer = int(answer)
        k = super()._key(answer)
        if k not in {o.lower() for o in self.options}:
            raise ValueError(f"choose one of {', '.join(self.options)}")
        return k

    def _repr_lines(self) -> list[str]:
        return ["  choose one of: " + ", ".join(self.options)]

    def _make_input(self, w: Any) -> Any:
        return w.ToggleButtons(options=self.options, value=None, style={"button_width": "auto"})


class CardsExercise(Exercise):
    """A question answered by choosing cards from ``pool``.

    ``judge(card)`` says why a card does not belong in the answer (None when it does),
    so a wrong answer is explained card by card (``"4♣ 9♣: not allowed, …"``); cards left
    out are only counted.
    ``pick_one`` asks for a single card.
    """

    kind = "cards"
    #: The position a legal-cards question was asked about (a copy), else None.
    state: State | None = None

    def __init__(
        self,
        question: str,
        expected: Iterable[Card | str],
        pool: Iterable[Card | str],
        *,
        judge: Callable[[Card], str | None] | None = None,
        pick_one: bool = False,
        pool_label: str = "",
        **kw: Any,
    ) -> None:
        cards = frozenset(parse_cards(list(expected)))
        self.pool = tuple(sorted(set(parse_cards(list(pool))), key=lambda c: c.index))
        self.judge = judge
        self.pick_one = pick_one
        self.pool_label = pool_label
        if pick_one and len(cards) != 1:
            raise ValueError("pick_one needs exactly one expected card")
        if not cards <= set(self.pool):
            raise ValueError(f"expected cards {_names(cards - set(self.pool))} are not offered")
        super().__init__(question, cards, **kw)

    @classmethod
    def legal(
        cls, state: State, question: str, seat: int | None = None, **kw: Any
    ) -> CardsExercise:
        """ "Which cards may ``seat`` (the one to move) play now?", from the rules.

        The pool is the seat's hand, or every face it sees when it holds no hand; the
        position is copied, so playing on does not change the exercise.
        """
        state = state.clone()
        seat = _seat_to_move(state, seat)
        legal, why = _legal_cards(state, seat)
        obs = state.observation(seat)
        try:
            hand = set(obs.my_hand)
        except KeyError:  # a game without hands: the faces on the table
            hand = set()
        pool = hand or {c for _, c in obs.entries() if not isinstance(c, Back | Peek)}
        kw.setdefault("pool_label", f"{state.names[seat]}'s hand" if hand else "")

        def judge(card: Card) -> str | None:
            return None if card in legal else f"not allowed, {why(card)}"

        ex = cls(question, legal, pool | legal, judge=judge, **kw)
        ex.state = state
        return ex

    @property
    def card(self) -> Card:
        """The expected card of a one-card question."""
        (card,) = self.expected
        assert isinstance(card, Card)
        return card

    def _key(self, answer: Any) -> Any:
        if answer is None:
            raise ValueError("no card chosen yet")
        cards = frozenset(_cards(answer))
        if not cards:
            raise ValueError("no card chosen yet")
        if self.pick_one and len(cards) > 1:
            raise ValueError("choose just one card")
        return cards

    def _diagnose(self, answer: Any) -> str:
        given = self._key(answer)
        reasons: dict[str, list[Card]] = {}
        offered = set(self.pool)
        for card in sorted(given - self.expected, key=lambda c: c.index):
            if card not in offered:  # the judge knows only the cards offered
                said = f"not among {self.pool_label or 'the cards offered'}"
            else:
                said = (self.judge(card) if self.judge else None) or "does not belong"
            reasons.setdefault(said, []).append(card)
        parts = [f"{_names(cards)}: {said}" for said, cards in reasons.items()]
        missed = len(self.expected - given)
        if missed and not self.pick_one:
            parts.append(
                f"{missed} card{'s' if missed > 1 else ''} that belong{'s' if missed == 1 else ''}"
                " in the answer {} missing".format("is" if missed == 1 else "are")
            )
        return "; ".join(parts)

    def _show(self, answer: Any) -> str:
        return _names(self._key(answer))

    def answer_text(self) -> str:
        return _names(self.expected)

    def _repr_lines(self) -> list[str]:
        label = f"{self.pool_label}: " if self.pool_label else "cards: "
        return ["  " + label + " ".join(c.text for c in self.pool)]

    def _make_input(self, w: Any) -> Any:
        buttons = []
        for card in self.pool:
            b = w.ToggleButton(description=card.text, tooltip=card.code)
            b.add_class("cl-ex-card")
            b.add_class(f"cl-ex-s{card.suit}")
            b.card = card
            buttons.append(b)
        if self.pick_one:

            def only_one(change: dict[str, Any]) -> None:
                if change["new"]:
                    for other in buttons:
                        if other is not change["owner"]:
                            other.value = False

            for b in buttons:
                b.observe(only_one, "value")
        if len(self.pool) > 26:  # a whole deck: one row per suit
            rows = [[b for b in buttons if b.card.suit == s] for s in range(4)]
            box = w.VBox([w.HBox(r) for r in rows if r])
        else:
            box = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
        box.add_class("cl-ex-cards")
        box.buttons = buttons
        if self.pool_label:
            label = w.HTML(f"<span class='cl-ex-label'>{html.escape(self.pool_label)}</span>")
            return w.VBox([label, box])
        return box

    def _buttons(self, control: Any) -> list[Any]:
        box = control.children[1] if self.pool_label else control
        return list(box.buttons)

    def _read(self, control: Any) -> Any:
        return [b.card for b in self._buttons(control) if b.value]

    def _on_reveal(self, control: Any) -> None:
        for b in self._buttons(control):
            if b.card in self.expected:
                b.add_class("cl-ex-answer")


class Missing(Exercise):
    """What is asked for under a name no exercise has: it says so, and the nearest names."""

    def __init__(self, key: Any, known: Sequence[str]) -> None:
        near = difflib.get_close_matches(key, known, n=3) if isinstance(key, str) else []
        said = f"There is no exercise {quote(key)}"
        said += (
            f"; did you mean {either([repr(k) for k in near])}?"
            if near
            else "; cardlab.lessons.keys() lists them all."
        )
        super().__init__(said, None, hint=said, why="", typical=None)

    def check(self, answer: Any) -> Verdict:
        return Verdict(False, self.question)

    def solution(self) -> str:
        return self.question


_STYLE = (
    "<style>"
    ".cl-ex{border:1px solid #c9d3cc;border-left:4px solid #2e7d4f;border-radius:6px;"
    "padding:8px 12px;margin:4px 0;max-width:760px;background:#fbfdfb}"
    ".cl-ex-q{font-weight:600;margin-bottom:6px;line-height:1.4}"
    ".cl-ex-label{font-size:90%;color:#555}"
    ".cl-ex-cards{gap:4px;margin:2px 0 4px}"
    ".cl-ex-cards .widget-hbox{gap:4px}"
    ".widget-toggle-button.cl-ex-card{width:44px;min-width:44px;height:34px;padding:0;"
    "margin:0;background:#fff;border:1px solid #9aa39d;border-radius:5px;"
    "font-size:15px;font-weight:600;box-shadow:none}"
    ".widget-toggle-button.cl-ex-card.mod-active{background:#fff3c4;border:2px solid #b8860b;"
    "transform:translateY(-3px);box-shadow:0 2px 4px rgba(0,0,0,.25)}"
    ".widget-toggle-button.cl-ex-card.cl-ex-answer{box-shadow:inset 0 -5px 0 #2e7d4f}"
    ".cl-ex-kind-choice .widget-toggle-button.mod-active{background:#fff3c4;"
    "box-shadow:inset 0 0 0 2px #b8860b}"
    ".cl-ex-actions{margin-top:6px}"
    + "".join(f".widget-toggle-button.cl-ex-s{i}{{color:{c}}}" for i, c in enumerate(SUIT_COLOURS))
    + ".cl-ex-fb{min-height:1.4em;line-height:1.4}"
    ".cl-ex-ok{color:#1b6b3a}.cl-ex-no{color:#a23b00}.cl-ex-hint{color:#5a4a00}"
    ".cl-ex-ans{color:#1d4f91}"
    "</style>"
)


def _inline(text: str) -> str:
    """Plain text to HTML, with `code` in backquotes and **bold** kept."""
    out = html.escape(text)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)


class _View:
    """The ipywidgets front of one exercise."""

    def __init__(self, ex: Exercise) -> None:
        import ipywidgets as w  # type: ignore[import-untyped]

        self.ex = ex
        self.control = ex._make_input(w)
        self.feedback = w.HTML("<div class='cl-ex-fb'></div>")
        self.feedback.add_class("cl-ex-feedback")
        buttons = []
        # No icons: their font is not shipped with the docs site's widget manager.
        for label, handler, name in [
            ("Check", self.on_check, "check"),
            ("Hint", self.on_hint, "hint"),
            ("Show answer", self.on_answer, "answer"),
        ]:
            b = w.Button(description=label, layout=w.Layout(width="auto"))
            b.add_class(f"cl-ex-btn-{name}")
            b.on_click(handler)
            buttons.append(b)
        buttons[0].button_style = "success"
        question = w.HTML(f"{_STYLE}<div class='cl-ex-q'>{_inline(ex.question)}</div>")
        actions = w.HBox(buttons)
        actions.add_class("cl-ex-actions")
        self.box = w.VBox([question, self.control, actions, self.feedback])
        self.box.add_class("cl-ex")
        self.box.add_class(f"cl-ex-kind-{ex.kind}")

    def say(self, css: str, text: str) -> None:
        said, _, hint = text.partition(" Hint: ")
        body = _inline(said) + (f"<br><b>Hint:</b> {_inline(hint)}" if hint else "")
        self.feedback.value = f"<div class='cl-ex-fb {css}'>{body}</div>"

    def on_check(self, _: Any = None) -> None:
        v = self.ex.check(self.ex._read(self.control))
        self.say("cl-ex-ok" if v.ok else "cl-ex-no", str(v))

    def on_hint(self, _: Any = None) -> None:
        self.feedback.value = (
            f"<div class='cl-ex-fb cl-ex-hint'><b>Hint:</b> {_inline(self.ex.hint)}</div>"
        )

    def on_answer(self, _: Any = None) -> None:
        self.say("cl-ex-ans", self.ex.solution())
        self.ex._on_reveal(self.control)
