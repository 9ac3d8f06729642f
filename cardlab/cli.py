"""The ``cardlab`` command line: list games, play in the terminal, simulate, view replays.

Every subcommand works from the game protocol and observations only, so it serves every
registered game.  Exit codes: 0 on success, 2 for usage and validation errors (one clear
line on stderr, no traceback), 1 when a file cannot be written, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import sys
import typing
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from .core.cards import parse_card
from .core.errors import CardlabError, IllegalActionError
from .core.events import Event
from .core.match import AgentSpec, Match
from .core.outcome import HandResult
from .core.quoting import quote
from .core.refusals import ascii_int
from .core.registry import get_spec, load
from .core.replay import Replay
from .core.state import GameSpec, State
from .render import (
    action_text,
    render_actions,
    render_observation,
    render_result,
    render_scores,
    render_sides,
    seat_label,
)

PROG = "cardlab"
BUILTIN_BOTS = ("random", "first", "search")
QUIT = ("quit", "exit", "q")

HELP = """\
Type one of:
  a number          the action with that number in the list
  an action         e.g. 'play Q♠' or 'play qs' (any case; suit letters or symbols)
  a card            e.g. 'qs' or '10h', when exactly one legal action uses that card
  done/back/cancel  a move built step by step: make it, take back the last step, or
                    drop it (nothing changes until 'done')
  undo              go back to your previous decision (the bots' moves since are undone)
  score             the scores and the last hand's breakdown
  table             show the table and your actions again
  help              this help
  quit              stop (the replay is saved first when --save was given)"""


class UsageError(CardlabError):
    """A command-line argument is wrong; reported on one line with exit code 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        if len(message) > 300:  # argparse quotes a bad value whole: keep the line short
            message = message[:300] + "…"
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ------------------------------------------------------------- arguments
def parse_value(text: str) -> Any:
    """An option value from text: int, float, true/false, none, else the string itself."""
    t = text.strip()
    low = t.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        pass
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1]
    return t


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """``["moon=subtract", "hands=1"]`` -> ``{"moon": "subtract", "hands": 1}``."""
    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise UsageError(f"option {quote(item)} must be written name=value, e.g. hands=1")
        out[key] = parse_value(value)
    return out


def default_bot(spec: GameSpec) -> str:
    """The game's ``heuristic`` bot when it has one, else ``random``."""
    return "heuristic" if "heuristic" in spec.bots else "random"


def bot_names(spec: GameSpec) -> list[str]:
    return [*BUILTIN_BOTS, *(b for b in spec.bots if b not in BUILTIN_BOTS)]


def parse_bots(text: str | None, spec: GameSpec, players: int, human: int | None) -> list[str]:
    """Bot names per seat from ``NAME`` or ``N1,N2,...``.

    With a human seat the list may name only the other seats (in seat order) or every
    seat (the human's entry is ignored).
    """
    if not text:
        names = [default_bot(spec)] * players
    else:
        given = [b.strip() for b in text.split(",")]
        if any(not b for b in given):
            raise UsageError(f"--bots {quote(text)} has an empty name")
        others = players - (1 if human is not None else 0)
        if len(given) == 1:
            names = given * players
        elif len(given) == players:
            names = given
        elif human is not None and len(given) == others:
            it = iter(given)
            names = ["human" if s == human else next(it) for s in range(players)]
        else:
            need = f"{others} (the other seats) or {players}" if human is not None else players
            raise UsageError(f"--bots needs one name or {need} names, got {len(given)}")
    known = bot_names(spec)
    for s, b in enumerate(names):
        if s != human and b not in known:
            raise UsageError(
                f"unknown bot {quote(b)} for {spec.title}; choose one of {', '.join(known)}"
            )
    return names


def build_parser() -> argparse.ArgumentParser:
    """The ``cardlab`` argument parser with its subcommands."""
    p = _Parser(prog=PROG, description="Play, simulate, replay and measure card games.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    ls = sub.add_parser("list", help="list the games, or one game's options and bots")
    ls.add_argument("game", nargs="?", metavar="GAME", help="a game to describe")

    def game_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("game", metavar="GAME", help="game name, e.g. hearts")
        q.add_argument("--seed", help="seed for the deals (default: random for play, 0 else)")
        q.add_argument(
            "--option",
            "-o",
            action="append",
            metavar="K=V",
            default=[],
            help="a game option, e.g. --option hands=1 (repeatable)",
        )
        q.add_argument("--players", type=int, metavar="P", help="number of players")
        q.add_argument(
            "--bots", metavar="NAME|N1,N2,...", help="bot for every other seat, or one per seat"
        )

    pl = sub.add_parser("play", help="play a game in the terminal against bots")
    game_args(pl)
    pl.add_argument("--seat", type=int, default=0, metavar="N", help="your seat (default 0)")
    pl.add_argument("--save", metavar="FILE", help="write the replay JSON here at the end")

    sm = sub.add_parser("simulate", help="play many games between bots")
    game_args(sm)
    sm.add_argument("-n", type=int, required=True, metavar="N", help="number of games")
    sm.add_argument(
        "--per",
        choices=("game", "hand"),
        default="game",
        help="one CSV row per game (default) or per hand",
    )
    sm.add_argument(
        "--processes", type=int, default=1, metavar="P", help="worker processes (0: one per CPU)"
    )
    sm.add_argument("--out", metavar="FILE", help="write the results as CSV")
    sm.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    lb = sub.add_parser("lab", help="measure a game's variants side by side (the variant lab)")
    lb.add_argument("game", metavar="GAME", help="game name, e.g. bouncers")
    lb.add_argument(
        "--variant",
        "-v",
        action="append",
        metavar="NAME:K=V,...",
        default=[],
        help="a variant, e.g. open:open_pile=true or five:players=5 (repeatable; the "
        "first is the baseline; default: the defaults and the game's declared variants)",
    )
    lb.add_argument(
        "--metrics",
        default="outcome",
        metavar="M1,M2,...",
        help="families (outcome, skill, tension) or single metrics (default: outcome)",
    )
    lb.add_argument("--games", type=int, default=200, metavar="N", help="games per variant")
    lb.add_argument("--seed", default="0", help="seed of the deals (default 0)")
    lb.add_argument("--agents", metavar="NAME", help="who plays every seat (outcome, tension)")
    lb.add_argument("--ladder", metavar="P1,P2,...", help="the skill family's players")
    lb.add_argument("--judge", type=int, metavar="N", help="the judge's search iterations")
    lb.add_argument(
        "--executor",
        choices=("inprocess", "processes", "dask"),
        help="where the batches run (default: processes; dask with --scheduler)",
    )
    lb.add_argument("--workers", type=int, default=0, metavar="W", help="0: one per CPU")
    lb.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask scheduler to run on, e.g. tcp://host:8786"
    )
    lb.add_argument("--cache", metavar="DIR", help="keep finished batches here to resume")
    lb.add_argument("--out", metavar="FILE", help="write the results as Parquet")
    lb.add_argument("--no-progress", action="store_true", help="hide the progress bar")

    rp = sub.add_parser("replay", help="show a saved replay at one step")
    rp.add_argument("file", metavar="FILE", help="a replay JSON file")
    rp.add_argument("--step", type=int, metavar="N", help="show the table after N actions")
    rp.add_argument(
        "--viewpoint",
        default="teacher",
        metavar="SEAT|spectator|teacher",
        help="whose view to show (default: teacher)",
    )
    return p


# --------------------------------------------------------------- helpers
def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _table(rows: Sequence[Sequence[str]], out: TextIO) -> None:
    """Print rows as left-aligned columns (the first row is the heading)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        line = "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True))
        print(line.rstrip(), file=out)


def _fmt(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, tuple | list):
        return ", ".join(_fmt(v) for v in value)
    return str(value)


# ------------------------------------------------------------------ list
def _allowed(spec: GameSpec, name: str, choices: Any) -> str:
    """What values an option takes: its choices, its range, or its type."""
    if choices is not None:
        return _fmt(choices)
    fields = {f.name: f for f in dataclasses.fields(spec.options_class)}
    f = fields.get(name)
    meta = f.metadata if f is not None else {}
    try:
        tp = typing.get_type_hints(spec.options_class).get(name)
    except Exception:  # pragma: no cover - unresolvable annotations
        tp = None
    args = typing.get_args(tp) if tp is not None else ()
    optional = type(None) in args
    base = next((a for a in args if a is not type(None)), tp)
    lo, hi = meta.get("min"), meta.get("max")
    if base is bool:
        text = "true/false"
    elif lo is not None and hi is not None:
        text = f"{lo}–{hi}"
    elif lo is not None:
        text = f"≥ {lo}"
    elif hi is not None:
        text = f"≤ {hi}"
    else:
        text = getattr(base, "__name__", "any")
    return text + (" or None" if optional else "")


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """``cardlab list [GAME]``."""
    from .games import table

    if args.game is None:
        df = table()
        rows = [["name", "players", "family", "summary"]]
        rows += [
            [str(r["name"]), str(r["players"]), str(r["family"]), str(r["summary"])]
            for r in df.to_dict("records")
        ]
        _table(rows, out)
        return 0
    spec = get_spec(args.game)
    print(f"{spec.title} ({spec.name}): {spec.summary}", file=out)
    print(f"players: {spec.player_text} · family: {spec.family} · deck: {spec.deck}", file=out)
    print("", file=out)
    print("options (set with --option name=value):", file=out)
    rows = [["name", "default", "allowed", "help"]]
    for r in spec.options_class.describe():
        allowed = _allowed(spec, r["option"], r["allowed"])
        rows.append([str(r["option"]), _fmt(r["default"]), allowed, str(r["help"])])
    _table(rows, out)
    print("", file=out)
    default = default_bot(spec)
    bots = ", ".join(b + (" (default)" if b == default else "") for b in bot_names(spec))
    print(f"bots: {bots}", file=out)
    return 0


# ------------------------------------------------------------------ play
class _Session:
    """One terminal game: the match, the human seat and what has been shown so far."""

    def __init__(self, match: Match, seat: int, out: TextIO, inp: TextIO, color: bool) -> None:
        self.match = match
        self.seat = seat
        self.out = out
        self.inp = inp
        self.color = color
        self.events_shown = 0
        self.results_shown = 0

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    # -------------------------------------------------------- narration
    def narrate(self) -> None:
        """Print the events (and hand results) that happened since the last call."""
        events = self.state.events
        results = self.state.results
        lines = []
        for e in events[self.events_shown :]:
            text = e.text_for(self.seat)
            if text:  # a private event of another seat: not even its existence is told
                lines.append(text)
            if e.kind == "hand_over" and self.results_shown < len(results):
                self.say_events(lines)
                lines = []
                self.show_result(results[self.results_shown])
                self.results_shown += 1
        self.say_events(lines)
        self.events_shown = len(events)
        while self.results_shown < len(results):
            self.show_result(results[self.results_shown])
            self.results_shown += 1

    def say_events(self, texts: Sequence[str]) -> None:
        for line in collapse(texts):
            self.say(f"  {line}")

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides' names in a partnership game (empty otherwise)."""
        return self.state.team_names

    def show_result(self, result: HandResult) -> None:
        self.say(render_result(result, self.names, self.sides))
        totals, team_totals = self.totals_after(result)
        self.say(f"Totals: {render_scores(totals, self.names)}")
        if team_totals:
            self.say(f"Sides: {render_sides(team_totals, self.sides)}")

    def totals_after(self, result: HandResult) -> tuple[list[int], list[int]]:
        """Each seat's and each side's totals once ``result``'s hand was scored."""
        totals = [0] * self.state.players
        team_totals = [0] * len(result.team_points)
        for r in self.state.results:
            for s, p in enumerate(r.points):
                totals[s] += p
            for t, p in enumerate(r.team_points):
                team_totals[t] += p
            if r is result:
                break
        return totals, team_totals

    def show_table(self) -> None:
        self.say("")
        self.say(render_observation(self.state.observation(self.seat), color=self.color))
        self.say(render_actions(self.state.legal_actions(self.seat), color=self.color))

    def show_score(self) -> None:
        self.say(f"Scores: {render_scores(self.state.scores, self.names)}")
        if self.sides:
            self.say(f"Sides: {render_sides(self.state.team_scores, self.sides)}")
        if self.state.results:
            self.say(render_result(self.state.results[-1], self.names, self.sides))
        else:
            self.say("No hand has finished yet.")

    def show_end(self) -> None:
        st = self.state
        self.say("")
        self.say(f"Final scores: {render_scores(st.scores, self.names)}")
        if self.sides:
            self.say(f"Sides: {render_sides(st.team_scores, self.sides)}")
        outcome = st.outcome
        if outcome is not None:
            you = ""
            if self.seat in outcome.winners and st.players > 1:
                you = " Your side wins!" if self.sides else " You win!"
            self.say(f"{outcome.summary}.{you}")
            if outcome.result == "no winner":
                self.say("Result: no winner.")

    # ------------------------------------------------------------ input
    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input."""
        if self.inp is sys.stdin and self.out is sys.stdout and _isatty(self.inp):
            with contextlib.suppress(ImportError):  # line editing for input()
                import readline  # noqa: F401
            try:
                return input(prompt).strip()
            except EOFError:
                self.say("")
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say("")
            return None
        if not _isatty(self.inp):
            self.say(line.rstrip("\n"))  # echo scripted input so transcripts read well
        return line.strip()

    def choose(self, text: str) -> str | None:
        """The action a line of input means, or None after printing why it is not one."""
        legal = self.state.legal_actions(self.seat)
        k = ascii_int(text)
        if k is not None:
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.say(f"There is no action {quote(k)}: choose a number from 1 to {len(legal)}.")
            return None
        words = text.split()
        if len(words) == 1:
            try:
                card = parse_card(words[0])
            except ValueError:
                card = None
            if card is not None:
                named = [a for a in legal if card in a.cards]
                if len(named) == 1:
                    return named[0]
                if named:
                    shown = ", ".join(action_text(a) for a in named)
                    self.say(f"Several actions use {card.text}: {shown}. Type the one you mean.")
                    return None
                verbs = sorted({a.verb for a in legal})
                if len(verbs) == 1:
                    reason = self.state.explain(f"{verbs[0]} {card.code}", self.seat)
                    self.say(f"You can't {verbs[0]} {card.text}: {_sentence(reason)}")
                else:
                    self.say(f"No legal action uses {card.text} now.")
                return None
        return text

    def act(self, text: str) -> bool:
        """Try an action; True if it was played, else print the reason and return False."""
        try:
            self.match.play(text, self.seat)
        except IllegalActionError as e:
            verbs = {a.verb for a in self.state.legal_actions(self.seat)}
            hint = "" if text.split()[0].lower() in verbs else " Type 'help' for the commands."
            self.say(f"Not allowed: {_sentence(e.reason)}{hint}")
            return False
        except CardlabError as e:
            self.say(f"Not allowed: {_sentence(str(e))}")
            return False
        return True

    # ------------------------------------------------------------- loop
    def run(self) -> str:
        """Play until the game ends (``"over"``) or the player quits (``"quit"``)."""
        redraw = True
        # A finished hand's result waits for Enter instead of scrolling past the next deal.
        self.match.hold = True
        while True:
            self.match.run()
            self.narrate()
            st = self.state
            if st.terminal:
                self.show_end()
                return "over"
            if self.match.waiting_to_deal():
                line = self.read("Press Enter to deal the next hand (or type quit)> ")
                if line is None or line.lower() in QUIT:
                    return "quit"
                self.match.deal()
                redraw = True
                continue
            if self.seat not in st.to_move:  # pragma: no cover - every other seat is a bot
                self.say("No bot can move and it is not your turn; stopping.")
                return "quit"
            if redraw:
                # the table ends with the prompt (» ...) and the numbered actions
                self.show_table()
                redraw = False
            name = seat_label(self.seat, self.names)
            n = len(st.legal_actions(self.seat))
            nums = "1" if n == 1 else f"1-{n}"
            line = self.read(f"{name}, your move [{nums}, action, card, help]> ")
            if line is None:
                return "quit"
            cmd = line.lower()
            if not cmd:
                continue
            if cmd in QUIT:
                return "quit"
            if cmd in ("help", "?", "h"):
                self.say(HELP)
            elif cmd in ("score", "scores"):
                self.show_score()
            elif cmd in ("table", "show", "t"):
                redraw = True
            elif cmd == "undo":
                if self.match.undo_turn(self.seat):
                    self.events_shown = len(self.state.events)
                    self.results_shown = len(self.state.results)
                    self.say("Undone: back to your previous decision.")
                    redraw = True
                else:
                    self.say("Nothing to undo: you have not acted yet.")
            else:
                act = self.choose(line)
                if act is not None and self.act(act):
                    redraw = True


def _sentence(text: str) -> str:
    """``text`` ending with exactly one full stop."""
    return text.rstrip().rstrip(".") + "."


def collapse(texts: Sequence[str]) -> list[str]:
    """Narration lines with runs of the same line written once with ``(×N)``."""
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j + 1 < len(texts) and texts[j + 1] == texts[i]:
            j += 1
        out.append(texts[i] if j == i else f"{texts[i]} (×{j - i + 1})")
        i = j + 1
    return out


def _color(stream: TextIO) -> bool:
    """Colour output only on a terminal, and not when ``NO_COLOR`` is set."""
    return _isatty(stream) and not os.environ.get("NO_COLOR")


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """``cardlab play GAME``."""
    game = load(args.game, args.players, **parse_options(args.option))
    spec = game.spec
    if not 0 <= args.seat < game.players:
        raise UsageError(
            f"--seat must be a seat from 0 to {game.players - 1}, not {quote(args.seat)}"
        )
    names = parse_bots(args.bots, spec, game.players, args.seat)
    agents: dict[int, AgentSpec] = {s: b for s, b in enumerate(names) if s != args.seat}
    match = Match(game, seed=_seed(args.seed), agents=agents)
    st = match.state
    others = ", ".join(f"{seat_label(s, st.names)} ({b})" for s, b in agents.items())
    print(
        f"{spec.title}, seed {match.seed}. You are {st.names[args.seat]} (seat {args.seat}); "
        f"bots: {others}. Type 'help' for the commands.",
        file=out,
    )
    session = _Session(match, args.seat, out, inp, color=_color(out))
    try:
        outcome = session.run()
    except KeyboardInterrupt:
        print("", file=out)
        outcome = "interrupted"
    if outcome != "over":
        print("Game stopped.", file=out)
    if args.save:
        try:
            match.save(args.save)
        except OSError as e:
            print(
                f"{PROG}: error: cannot write replay {args.save!r}: {e.strerror}", file=sys.stderr
            )
            return 1
        print(f"Replay saved to {args.save}", file=out)
    return 130 if outcome == "interrupted" else 0


# -------------------------------------------------------------- simulate
def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``cardlab simulate GAME -n N``."""
    from .sim import simulate

    game = load(args.game, args.players, **parse_options(args.option))
    if args.n < 0:
        raise UsageError(f"-n must be a number of games ≥ 0, not {quote(args.n)}")
    if args.processes < 0:
        raise UsageError(f"--processes must be ≥ 0, not {quote(args.processes)}")
    bots = parse_bots(args.bots, game.spec, game.players, None)
    seed = _seed(args.seed)
    seed = 0 if seed is None else seed
    df = simulate(
        game,
        list(bots),
        n=args.n,
        seed=seed,
        per=args.per,
        processes=args.processes,
        progress=not args.no_progress,
    )
    names = game.new_state().names
    players = game.players
    print(f"{game.spec.title}: {args.n} games, seed {seed!r}, per {args.per}", file=out)
    if args.n and len(df):
        if args.per == "game":
            hands = int(df["hands"].sum())
            rows = [["seat", "name", "bot", "mean score", "win rate"]]
            for s in range(players):
                rows.append(
                    [
                        str(s),
                        names[s],
                        bots[s],
                        f"{df[f'score_{s}'].mean():.2f}",
                        f"{100 * df[f'win_{s}'].mean():.1f}%",
                    ]
                )
        else:
            hands = len(df)
            last = df.groupby("game").tail(1)
            rows = [["seat", "name", "bot", "mean points/hand", "mean final score"]]
            for s in range(players):
                rows.append(
                    [
                        str(s),
                        names[s],
                        bots[s],
                        f"{df[f'points_{s}'].mean():.2f}",
                        f"{last[f'total_{s}'].mean():.2f}",
                    ]
                )
        print(f"games: {args.n} · hands: {hands}", file=out)
        _table(rows, out)
        sides = game.team_names
        if sides:
            _table(_side_rows(df, args.per, sides), out)
        if args.per == "game":
            unwon = int((df["result"] == "no winner").sum())
            if unwon:
                print(f"no winner: {unwon} games ({100 * unwon / len(df):.1f}%)", file=out)
    if args.out:
        try:
            df.to_csv(args.out, index=False)
        except OSError as e:
            print(f"{PROG}: error: cannot write {args.out!r}: {e.strerror}", file=sys.stderr)
            return 1
        print(f"Wrote {len(df)} rows to {args.out}", file=out)
    return 0


def _side_rows(df: Any, per: str, sides: tuple[str, ...]) -> list[list[str]]:
    """The simulate summary's rows per side of a partnership game."""
    if per == "game":
        rows = [["side", "name", "mean score", "win rate"]]
        for t, name in enumerate(sides):
            score = f"{df[f'team_score_{t}'].mean():.2f}"
            rows.append([str(t), name, score, f"{100 * df[f'team_win_{t}'].mean():.1f}%"])
        return rows
    last = df.groupby("game").tail(1)
    rows = [["side", "name", "mean points/hand", "mean final score"]]
    for t, name in enumerate(sides):
        points = f"{df[f'team_points_{t}'].mean():.2f}"
        rows.append([str(t), name, points, f"{last[f'team_total_{t}'].mean():.2f}"])
    return rows


# ---------------------------------------------------------------- replay
def _viewpoint(text: str, players: int) -> int | str:
    t = text.strip().lower()
    if t in ("teacher", "spectator"):
        return t
    try:
        seat = int(t)
    except ValueError:
        raise UsageError(
            f"--viewpoint must be a seat 0-{players - 1}, 'spectator' or 'teacher', "
            f"not {quote(text)}"
        ) from None
    if not 0 <= seat < players:
        raise UsageError(f"--viewpoint seat must be from 0 to {players - 1}, not {quote(seat)}")
    return seat


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``cardlab replay FILE``."""
    replay = Replay.load(args.file)
    total = len(replay)
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise UsageError(f"--step must be between 0 and {total}, got {quote(step)}")
    viewer = _viewpoint(args.viewpoint, replay.players)
    state = replay.state_at(step)
    names = state.names
    sides = state.team_names
    view = seat_label(viewer, names) if isinstance(viewer, int) else viewer
    title = get_spec(replay.game).title
    print(f"{title} replay, seed {replay.seed!r}: step {step} of {total}, {view} view", file=out)
    results = list(state.results)
    k = 0
    events: list[Event] = state.events
    lines: list[str] = []
    for e in events:
        text = e.text_for(viewer)
        if text:
            lines.append(text)
        if e.kind == "hand_over" and k < len(results):
            for line in collapse(lines):
                print(f"  {line}", file=out)
            lines = []
            print(render_result(results[k], names, sides), file=out)
            k += 1
    for line in collapse(lines):
        print(f"  {line}", file=out)
    for r in results[k:]:
        print(render_result(r, names, sides), file=out)
    print("", file=out)
    print(render_observation(state.observation(viewer), color=_color(out)), file=out)
    if state.outcome is not None:
        print(f"{state.outcome.summary}.", file=out)
        if state.outcome.result == "no winner":
            print("Result: no winner.", file=out)
    return 0


# ------------------------------------------------------------------ lab
def cmd_lab(args: argparse.Namespace, out: TextIO) -> int:
    """``cardlab lab GAME --variant name:k=v ... --games N``."""
    from . import lab
    from .core.registry import get_spec

    spec = get_spec(args.game)
    variants: Any = None
    if args.variant:
        variants = dict(lab.parse_variant(v) for v in args.variant)
        if "default" not in variants and all(variants.values()):
            variants = {"default": {}, **variants}  # the baseline, unless one was named
    kwargs: dict[str, Any] = {}
    if args.ladder:
        kwargs["ladder"] = [p.strip() for p in args.ladder.split(",") if p.strip()]
    if args.judge is not None:
        kwargs["judge"] = args.judge
    if args.agents:
        kwargs["agents"] = args.agents
    executor = args.executor or ("dask" if args.scheduler else "processes")
    if args.scheduler and executor != "dask":
        raise UsageError("--scheduler runs on Dask: leave out --executor or give dask")
    client = None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            raise UsageError("--scheduler needs Dask: pip install 'cardlab[dask]'") from None
        client = Client(args.scheduler)  # type: ignore[no-untyped-call]
    try:
        result = lab.compare(
            spec.name,
            variants,
            metrics=[m.strip() for m in args.metrics.split(",") if m.strip()],
            games=args.games,
            seed=_seed(args.seed) or 0,
            executor=executor,
            workers=args.workers,
            client=client,
            cache=args.cache,
            progress=not args.no_progress,
            **kwargs,
        )
    finally:
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    if args.out:
        result.to_parquet(args.out)
    print(
        f"{spec.title}: {args.games} games per variant, seed {result.settings['seed']!r}", file=out
    )
    table = result.table()
    rows = [["metric", *map(str, table.columns)]]
    rows += [[str(i), *map(str, r)] for i, r in zip(table.index, table.to_numpy(), strict=True)]
    _table(rows, out)
    if args.out:
        print(f"results written to {args.out}", file=out)
    return 0


# ------------------------------------------------------------------ main
def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardlab`` command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code) if isinstance(e.code, int) else (0 if e.code is None else 2)
    out = sys.stdout
    try:
        if args.command == "list":
            return cmd_list(args, out)
        if args.command == "play":
            return cmd_play(args, out, sys.stdin)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "lab":
            return cmd_lab(args, out)
    except CardlabError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. `cardlab list | head -1`
        return 0
    parser.error(f"unknown command {args.command!r}")  # pragma: no cover


__all__ = ["build_parser", "main", "parse_options", "parse_value"]
