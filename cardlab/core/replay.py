"""Replays: a whole match as JSON, validated on load, rebuilt step by step.

A replay holds the game name, the rules version, the player count, the options, the
seed and every action in order with the seat that took it (``null`` for chance
outcomes such as deals).  Because the deals are stored as actions, a replay does not
depend on the random generator: it rebuilds the same match on any machine.

Loading trusts nothing: a file larger than :data:`MAX_CHARS` is refused before it is
read, a duplicated or unknown field, a number of thousands of digits and nesting deeper
than :data:`MAX_DEPTH` are refused as they are parsed, and every step is replayed under
the rules.  Each refusal is a :class:`ReplayError` naming what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardlabError, ReplayError
from .quoting import quote
from .refusals import seed_problem
from .registry import get_spec
from .spec import Game
from .state import State

FORMAT = "cardlab-replay"
FORMAT_VERSION = 1
MAX_ACTIONS = 200_000
#: The largest replay read, in characters: a game of MAX_ACTIONS steps takes a few MB.
MAX_CHARS = 32_000_000
#: The deepest nesting of lists and objects read (a replay itself nests three deep).
MAX_DEPTH = 32
#: The longest integer read, in digits (a seed has at most 40).
MAX_INT_DIGITS = 100
FIELDS = (
    "format",
    "format_version",
    "game",
    "rules_version",
    "players",
    "options",
    "seed",
    "actions",
    "meta",
)

Step = tuple[int | None, str]


@dataclass(frozen=True)
class Replay:
    """A recorded match.  Build with ``Match.to_replay`` or ``from_json``."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int | str | None
    actions: tuple[Step, ...]
    rules_version: int = 1
    meta: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [[s, a] for s, a in self.actions],
            "meta": self.meta,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_json(indent=1), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read and validate a replay file (see ``from_json``)."""
        try:
            p = Path(path)
            size = p.stat().st_size
            if size > 4 * MAX_CHARS:  # four bytes per character at most: surely too long
                raise ReplayError(
                    f"replay {quote(str(path))} is {size:,} bytes; at most {MAX_CHARS:,} "
                    "characters are read"
                )
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, TypeError, ValueError) as e:
            if isinstance(e, ReplayError):
                raise
            raise ReplayError(
                f"cannot read replay {quote(str(path))}: {quote(str(e), 200)}"
            ) from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        """Parse and validate a replay; every step is checked against the rules.

        Raises
        ------
        ReplayError
            naming the field or the step that is wrong.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise ReplayError(f"a replay is JSON text, not {quote(text)}")
        if len(text) > MAX_CHARS:
            raise ReplayError(
                f"replay is {len(text):,} characters long; at most {MAX_CHARS:,} are read"
            )
        try:
            data = json.loads(
                text, object_pairs_hook=_object, parse_int=_int, parse_constant=_constant
            )
        except RecursionError:
            raise ReplayError("replay nests lists or objects too deeply to read") from None
        except _Refused as e:
            raise ReplayError(f"replay refused: {e}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise ReplayError(f"replay is not valid JSON: {quote(str(e), 200)}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Replay:
        """Validate a replay given as a dict (parsed JSON); see ``from_json``."""
        if not isinstance(data, dict):
            raise ReplayError("replay must be a JSON object")
        unknown = [k for k in data if k not in FIELDS]
        if unknown:
            raise ReplayError(
                f"replay has unknown field{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(quote(k) for k in unknown[:5])}; its fields are {', '.join(FIELDS)}"
            )
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a cardlab replay: 'format' must be {FORMAT!r}")
        if type(data.get("format_version")) is not int or data["format_version"] != FORMAT_VERSION:
            raise ReplayError(
                f"unsupported replay format_version {quote(data.get('format_version'))}; "
                f"this cardlab reads version {FORMAT_VERSION}"
            )
        for key, typ, what in (
            ("game", str, "a string"),
            ("players", int, "an integer"),
            ("options", dict, "an object"),
            ("actions", list, "a list"),
            ("rules_version", int, "an integer"),
        ):
            if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
                raise ReplayError(f"replay field {key!r} is missing or is not {what}")
        seed = data.get("seed")
        if seed is not None and seed_problem(seed):
            raise ReplayError(f"replay field 'seed' must be null or a seed: {seed_problem(seed)}")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ReplayError("replay field 'meta' must be an object")
        for key in ("options", "meta"):
            if _depth(data.get(key)) > MAX_DEPTH - 2:
                raise ReplayError(f"replay field {key!r} nests too deeply")
        raw = data["actions"]
        if len(raw) > MAX_ACTIONS:
            raise ReplayError(f"replay has {len(raw)} actions; at most {MAX_ACTIONS} are read")
        steps: list[Step] = []
        for i, item in enumerate(raw):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not (
                    item[0] is None or (isinstance(item[0], int) and not isinstance(item[0], bool))
                )
                or not isinstance(item[1], str)
            ):
                raise ReplayError(
                    f"step {i}: each action must be [seat, text] with seat an integer "
                    f"or null (chance), got {quote(item)}"
                )
            steps.append((item[0], item[1]))
        replay = cls(
            game=data["game"],
            players=data["players"],
            options=data["options"],
            seed=seed,
            actions=tuple(steps),
            rules_version=data["rules_version"],
            meta=meta,
        )
        replay.validate()
        return replay

    # ------------------------------------------------------- rebuilding
    def make_game(self) -> Game:
        try:
            spec = get_spec(self.game)
            game = Game(spec, self.players, self.options)
        except CardlabError as e:
            raise ReplayError(f"replay header: {e}") from None
        if spec.version != self.rules_version:
            raise ReplayError(
                f"replay was recorded with {spec.title} rules version {self.rules_version}; "
                f"this cardlab implements version {spec.version}"
            )
        return game

    def states(self) -> list[State]:
        """The state before each step and after the last one (``len(actions) + 1`` states)."""
        game = self.make_game()
        state = game.new_state()
        out = [state.clone()]
        for i, (seat, text) in enumerate(self.actions):
            _apply_step(state, i, seat, text)
            out.append(state.clone())
        return out

    def state_at(self, step: int | None = None) -> State:
        """The state after the first ``step`` actions (default: all of them)."""
        n = len(self.actions)
        if step is None:
            step = n
        if type(step) is not int or not 0 <= step <= n:
            raise ReplayError(f"step must be a whole number between 0 and {n}, not {quote(step)}")
        state = self.make_game().new_state()
        for i, (seat, text) in enumerate(self.actions[:step]):
            _apply_step(state, i, seat, text)
        return state

    def validate(self) -> None:
        """Replay every step under the rules; raise ``ReplayError`` at the first bad one."""
        self.state_at(len(self.actions))

    def __len__(self) -> int:
        return len(self.actions)


class _Refused(ValueError):
    """Something the JSON reader met that no replay holds."""


def _object(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (``json`` would keep the last silently)."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _Refused(f"the field {quote(key)} is given twice in one object")
        seen.add(key)
    return dict(pairs)


def _int(digits: str) -> int:
    """A JSON integer, refusing one far longer than any seat, count or seed."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(
            f"a number of {len(digits.lstrip('-')):,} digits (at most {MAX_INT_DIGITS} are read)"
        )
    return int(digits)


def _constant(word: str) -> Any:
    raise _Refused(f"{word} is not a JSON number")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d)
            if d <= MAX_DEPTH:
                todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _apply_step(state: State, i: int, seat: int | None, text: str) -> None:
    if seat is None and state.current != "chance":
        raise ReplayError(
            f"step {i}: {quote(text)} is marked as chance but {_who(state)} is to act"
        )
    if seat is not None and state.current == "chance":
        raise ReplayError(f"step {i}: a chance outcome (deal) is due, not seat {seat}'s action")
    try:
        state.apply(text, seat)
    except CardlabError as e:
        if seat is None:
            who = "chance"
        else:
            who = state.names[seat] if 0 <= seat < state.players else f"seat {quote(seat)}"
        reason = getattr(e, "reason", str(e))
        raise ReplayError(f"step {i} ({who}: {quote(text, 60)}) is illegal: {reason}") from None


def _who(state: State) -> str:
    cur = state.current
    if cur is None:
        return "nobody (the game is over)"
    if isinstance(cur, int):
        return state.names[cur]
    return str(cur)
