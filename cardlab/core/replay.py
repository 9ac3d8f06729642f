"""Replays: a whole match as JSON, validated on load, rebuilt step by step.

A replay holds the game name, the rules version, the player count, the options, the
seed and every action in order with the seat that took it (``null`` for chance
outcomes such as deals).  Because the deals are stored as actions, a replay does not
depend on the random generator: it rebuilds the same match on any machine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardlabError, ReplayError
from .registry import get_spec
from .spec import Game
from .state import State

FORMAT = "cardlab-replay"
FORMAT_VERSION = 1
MAX_ACTIONS = 200_000

Step = tuple[int | None, str]


@dataclass(frozen=True)
class Replay:
    """A recorded match.  Build with :meth:`Match.to_replay` or :meth:`from_json`."""

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
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ReplayError(f"cannot read replay {str(path)!r}: {e}") from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        """Parse and validate a replay; every step is checked against the rules.

        Raises
        ------
        ReplayError
            naming the field or the step that is wrong.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise ReplayError(f"replay is not valid JSON: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Replay:
        if not isinstance(data, dict):
            raise ReplayError("replay must be a JSON object")
        if data.get("format") != FORMAT:
            raise ReplayError(f"not a cardlab replay: 'format' must be {FORMAT!r}")
        if data.get("format_version") != FORMAT_VERSION:
            raise ReplayError(
                f"unsupported replay format_version {data.get('format_version')!r}; "
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
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise ReplayError("replay field 'seed' must be an integer, a string or null")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ReplayError("replay field 'meta' must be an object")
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
                    f"or null (chance), got {item!r:.80}"
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
        if not isinstance(step, int) or not 0 <= step <= n:
            raise ReplayError(f"step must be between 0 and {n}, got {step!r}")
        state = self.make_game().new_state()
        for i, (seat, text) in enumerate(self.actions[:step]):
            _apply_step(state, i, seat, text)
        return state

    def validate(self) -> None:
        """Replay every step under the rules; raise :class:`ReplayError` at the first bad one."""
        self.state_at(len(self.actions))

    def __len__(self) -> int:
        return len(self.actions)


def _apply_step(state: State, i: int, seat: int | None, text: str) -> None:
    if seat is None and state.current != "chance":
        raise ReplayError(
            f"step {i}: {text[:40]!r} is marked as chance but {_who(state)} is to act"
        )
    if seat is not None and state.current == "chance":
        raise ReplayError(f"step {i}: a chance outcome (deal) is due, not seat {seat}'s action")
    try:
        state.apply(text, seat)
    except CardlabError as e:
        who = "chance" if seat is None else state.names[seat] if 0 <= seat < state.players else seat
        reason = getattr(e, "reason", str(e))
        raise ReplayError(f"step {i} ({who}: {text[:60]!r}) is illegal: {reason}") from None


def _who(state: State) -> str:
    cur = state.current
    if cur is None:
        return "nobody (the game is over)"
    if isinstance(cur, int):
        return state.names[cur]
    return str(cur)
