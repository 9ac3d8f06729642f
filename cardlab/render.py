"""Plain-text rendering of observations, actions and hand results.

Everything here works from an ``Observation`` (or plain
actions and results), never from a game's internals, so it renders any game.  Output is
deterministic and has no trailing spaces; ``color=True`` paints ♦ and ♥ cards red with
ANSI escapes (for terminals).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .core.actions import ActionRange
from .core.cards import CARDS, Card
from .core.observation import Back, Observation, Peek, Zone
from .core.outcome import HandResult

WIDTH = 100
RED = "\x1b[31m"
RESET = "\x1b[0m"
#: Runs of at least this many identical backs outside a hand print as ``## ×N``.
COMPRESS_BACKS = 4
_BY_CODE: dict[str, Card] = {c.code: c for c in CARDS}

# A token is (plain text, text as shown); they differ only by colour escapes.
Token = tuple[str, str]


# ----------------------------------------------------------------- helpers
def seat_label(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name from ``names``, or ``Seat k``."""
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat}"


def obs_names(obs: Observation) -> tuple[str, ...]:
    """Seat names of an observation (``Seat 0`` … when it has none)."""
    if len(obs.names) == obs.players:
        return obs.names
    return tuple(f"Seat {s}" for s in range(obs.players))


def _paint(text: str, red: bool, color: bool) -> str:
    return f"{RED}{text}{RESET}" if color and red else text


def card_token(card: Card, color: bool = False) -> Token:
    """A card as ``Q♠`` (red when ``color`` and the card is a ♦ or ♥)."""
    return card.text, _paint(card.text, card.red, color)


def entry_token(entry: Any, color: bool = False) -> Token:
    """A zone entry: a face ``Q♠``, a back ``##``/``[design]``, a teacher peek ``(Q♠)``."""
    if isinstance(entry, Card):
        return card_token(entry, color)
    if isinstance(entry, Peek):
        text = str(entry)
        return text, _paint(text, entry.card.red, color)
    return str(entry), str(entry)


def _entry_tokens(zone: Zone, color: bool) -> list[Token]:
    cards = zone.cards
    out: list[Token] = []
    i = 0
    while i < len(cards):
        entry = cards[i]
        j = i
        if isinstance(entry, Back):
            while j + 1 < len(cards) and cards[j + 1] == entry:
                j += 1
        run = j - i + 1
        if run >= COMPRESS_BACKS and zone.kind != "hand":
            text = f"{entry} ×{run}"
            out.append((text, text))
        else:
            out.extend(entry_token(c, color) for c in cards[i : j + 1])
        i = j + 1
    return out


def _wrap(prefix: str, tokens: Sequence[Token], width: int, sep: str = " ") -> list[str]:
    """Lines of ``prefix`` then tokens, wrapped under the prefix at ``width`` columns."""
    indent = " " * len(prefix)
    lines: list[str] = []
    plain_len = len(prefix)
    cur = prefix
    first_on_line = True
    for plain, shown in tokens:
        add = len(plain) if first_on_line else len(sep) + len(plain)
        if not first_on_line and plain_len + add > width:
            lines.append(cur.rstrip())
            cur, plain_len, first_on_line = indent, len(indent), True
            add = len(plain)
        cur += shown if first_on_line else sep + shown
        plain_len += add
        first_on_line = False
    lines.append(cur.rstrip())
    return lines


def action_text(act: str) -> str:
    """An action with its card codes written with suit symbols: ``play Q♠``."""
    words = str(act).split()
    return " ".join(
        [w if i == 0 or w not in _BY_CODE else _BY_CODE[w].text for i, w in enumerate(words)]
    )


def _action_token(act: str, color: bool) -> Token:
    words = str(act).split()
    plain = []
    shown = []
    for i, w in enumerate(words):
        card = _BY_CODE.get(w) if i else None
        if card is None:
            plain.append(w)
            shown.append(w)
        else:
            p, s = card_token(card, color)
            plain.append(p)
            shown.append(s)
    return " ".join(plain), " ".join(shown)


def _value_tokens(value: Any, color: bool) -> list[Token] | None:
    """Tokens for a short info value, or None when it is not a scalar or flat tuple."""
    if isinstance(value, bool):
        return [("yes", "yes") if value else ("no", "no")]
    if value is None:
        return [("none", "none")]
    if isinstance(value, Card):
        return [card_token(value, color)]
    if isinstance(value, Peek | Back):
        return [entry_token(value, color)]
    if isinstance(value, int | float | str):
        text = str(value)
        return [(text, text)] if text and "\n" not in text else None
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else list(value)
        if not items:
            return [("—", "—")]
        if all(isinstance(x, Card | Peek | Back) for x in items):
            return [entry_token(x, color) for x in items]
        if all(isinstance(x, int | float | str) for x in items):
            text = "/".join(_scalar(x) for x in items)
            return [(text, text)]
    return None


def _scalar(x: Any) -> str:
    if isinstance(x, bool):
        return "yes" if x else "no"
    return str(x)


def _info_tokens(obs: Observation, color: bool) -> list[Token]:
    out: list[Token] = []
    for key, value in obs.info.items():
        if key == "names" or key.startswith("_"):
            continue
        toks = _value_tokens(value, color)
        if toks is None:
            continue
        label = key.replace("_", " ")
        plain = f"{label}: " + " ".join(p for p, _ in toks)
        shown = f"{label}: " + " ".join(s for _, s in toks)
        out.append((plain, shown))
    return out


def zone_label(zone: Zone, obs: Observation, names: Sequence[str] | None = None) -> str:
    """How a zone is titled: its label (or name and owner, a seat or a side), ``(you)``
    for the viewer's hand."""
    names = names if names is not None else obs_names(obs)
    if zone.label:
        label = zone.label
    else:
        label = zone.name.replace("_", " ")
        if zone.owner is not None:
            label = f"{seat_label(zone.owner, names)} {label}"
        elif zone.team is not None:
            label = f"{team_label(zone.team, obs)} {label}"
    if zone.owner is not None and zone.owner == obs.seat and zone.kind == "hand":
        label += " (you)"
    return label


def _cell_token(stack: Sequence[tuple[Any, str]], color: bool) -> Token:
    """One cell of a board: its top card; a token on top (a tagged card, such as a pawn)
    shows as its tag's initial before the card under it: ``[N]A♠``."""
    entry, tag = stack[-1]
    if tag:
        mark = f"[{tag[:1].upper()}]"
        if len(stack) > 1:
            p, s = entry_token(stack[-2][0], color)
            return mark + p, mark + s
        return mark, mark
    return entry_token(entry, color)


def _column_head(board: Any, col: int) -> str:
    """A column's heading: its letters, or on a board naming its cells, the name of the
    column's first cell."""
    if not board.labels:
        return str(board.name(board.top, col).rstrip("0123456789"))
    first = next((rc for rc in board.all_cells() if rc[1] == col), None)
    return "" if first is None else str(board.name(*first))


def lattice_lines(zone: Zone, label: str, color: bool = False) -> list[str]:
    """A lattice board with marks drawn cell by cell: each mark (a pip in view) as its
    symbol, ``·`` for a covered cell, a blank for the bare table; column letters written
    downwards over the columns, row numbers down the side."""
    board = zone.board
    assert board is not None
    h, w = board.span
    covered: set[tuple[int, int]] = set()
    for p in zone.at:
        hh, ww = (h, w) if p.turn % 2 == 0 else (w, h)
        covered.update((p.row + r, p.col + c) for r in range(hh) for c in range(ww))
    marks = {(r, c): text for r, c, text in zone.marks}
    cols = range(board.left, board.left + board.cols)
    names = [board.name(board.top, c).rstrip("0123456789") for c in cols]
    deep = max(len(n) for n in names)
    numw = len(str(board.rows))
    lines = [label]
    for k in range(deep):
        head = "".join(n.rjust(deep)[k] for n in names)
        lines.append((" " * (numw + 1) + head).rstrip())
    for r in range(board.top, board.top + board.rows):
        line = str(r - board.top + 1).rjust(numw) + " "
        for c in cols:
            text = marks.get((r, c))
            if text is not None:
                line += _paint(text, text in "♥♦", color)
            else:
                line += "·" if (r, c) in covered else " "
        lines.append(line.rstrip())
    return lines


def board_lines(zone: Zone, label: str, color: bool = False) -> list[str]:
    """A board zone drawn as a grid: column letters across, row numbers down, each cell
    its top card, ``·`` for an empty cell (its name, such as hole, is given under the grid)
    and blanks for gaps.  A board finer than a card (a lattice) lists its cards by place."""
    board = zone.board
    assert board is not None
    stacks: dict[tuple[int, int], list[tuple[Any, str]]] = {}
    tags = zone.tags or ("",) * len(zone.cards)
    for entry, place, tag in zip(zone.cards, zone.at, tags, strict=True):
        stacks.setdefault((place.row, place.col), []).append((entry, tag))
    if board.span != (1, 1):
        lines = lattice_lines(zone, label, color) if zone.marks else []
        toks = []
        for (r, c), stack in stacks.items():
            for entry, _ in stack:
                p, s = entry_token(entry, color)
                where = board.name(r, c)
                toks.append((f"{p}@{where}", f"{s}@{where}"))
        if lines:
            return [*lines, *_wrap("  cards (top left)  ", toks, WIDTH)]
        return _wrap(f"{label}  ", toks or [("—", "—")], WIDTH)
    cells = {rc: _cell_token(st, color) for rc, st in stacks.items()}
    usable = set(board.all_cells())
    width = max([len(p) for p, _ in cells.values()] + [2]) + 1
    rows = range(board.top, board.top + board.rows)
    cols = range(board.left, board.left + board.cols)
    numw = len(str(board.rows))
    lines = [label]
    head = " " * (numw + 1) + "".join(_column_head(board, c).rjust(width) for c in cols)
    lines.append(head.rstrip())
    holes = 0
    for r in rows:
        line = str(r - board.top + 1).rjust(numw) + " "
        for c in cols:
            if (r, c) in cells:
                p, s = cells[r, c]
                line += " " * (width - len(p)) + s
            elif (r, c) in usable:
                holes += 1
                line += "·".rjust(width)
            else:
                line += " " * width
        lines.append(line.rstrip())
    if holes and board.empty:
        lines.append(f"{' ' * (numw + 1)}· {board.empty} ({holes})")
    return lines


def _zone_tokens(zone: Zone, names: Sequence[str], color: bool) -> tuple[list[Token], str]:
    """Tokens of a zone and the separator to join them with."""
    if zone.kind == "trick" and zone.seats and len(zone.seats) == len(zone.cards):
        toks = []
        for seat, entry in zip(zone.seats, zone.cards, strict=True):
            p, s = entry_token(entry, color)
            who = seat_label(seat, names)
            toks.append((f"{who} {p}", f"{who} {s}"))
        return toks, ", "
    if zone.tags and len(zone.tags) == len(zone.cards):
        # a tagged card reads "9♠ (laid off)"
        tagged = []
        for tag, entry in zip(zone.tags, zone.cards, strict=True):
            p, s = entry_token(entry, color)
            tagged.append((f"{p} ({tag})", f"{s} ({tag})") if tag else (p, s))
        return tagged, " "
    return _entry_tokens(zone, color), " "


def team_label(team: int, obs: Observation) -> str:
    """A side's name from the observation's teams, or ``Side k``."""
    if 0 <= team < len(obs.teams):
        return obs.teams[team].name
    return f"Side {team}"


# -------------------------------------------------------------- public API
def render_header(obs: Observation) -> list[str]:
    """The header lines: game, hand, phase, dealer, viewer; who moves (or how the game
    ended); scores; the sides and their scores, the pots and each seat's chips and
    figures, in games that have them."""
    names = obs_names(obs)
    parts = [_title(obs.game), f"hand {obs.hand + 1}", f"{obs.phase} phase"]
    if obs.dealer is not None and 0 <= obs.dealer < obs.players:
        parts.append(f"dealer {seat_label(obs.dealer, names)}")
    if obs.seat is not None:
        parts.append(f"you are {seat_label(obs.seat, names)}")
    else:
        parts.append(f"{obs.viewer} view")
    lines = [" · ".join(parts)]
    if obs.terminal:
        lines.append("Game over" if obs.winners or obs.players == 1 else "Game over: no winner")
    elif obs.to_move:
        who = ", ".join(
            seat_label(s, names) + (" (you)" if s == obs.seat else "") for s in obs.to_move
        )
        lines.append(f"To move: {who}")
    else:
        lines.append("To move: chance (dealing)")
    scores = " · ".join(f"{seat_label(s, names)} {v}" for s, v in enumerate(obs.scores))
    lines.append(f"Scores: {scores}")
    if obs.teams:
        you = obs.team_of(obs.seat) if obs.seat is not None else None
        sides = " · ".join(
            f"{t.name}{' (you)' if k == you else ''} {t.score}" for k, t in enumerate(obs.teams)
        )
        lines.append(f"Sides: {sides}")
    if obs.pots:
        lines.append(" · ".join(f"{p.label or p.name} {p.chips}" for p in obs.pots))
    tracked = []
    for s, seat in enumerate(obs.seats):
        figures = [f"{k.replace('_', ' ')} {_scalar_text(v)}" for k, v in seat.values.items()]
        if seat.chips is not None:
            figures.insert(0, f"chips {seat.chips}")
        if seat.status:
            figures.insert(0, seat.status)
        if figures:
            tracked.append(f"{seat_label(s, names)}: {', '.join(figures)}")
    if tracked:
        lines += _wrap("Seats: ", [(t, t) for t in tracked], WIDTH, sep=" · ")
    return lines


def _scalar_text(v: Any) -> str:
    if isinstance(v, tuple | list):
        return "-".join(_scalar(x) for x in v) or "—"
    return "—" if v is None else _scalar(v)


def render_observation(obs: Observation, color: bool = False, width: int = WIDTH) -> str:
    """A compact plain-text table of any game's observation.

    Header (game, hand, phase, dealer, viewer, who moves, scores), a line of short info
    values, then one line per zone: faces as ``Q♠``, backs as ``##`` (``[design]`` for
    informative backs), teacher peeks as ``(Q♠)``; trick zones name who played each card.
    Empty zones are left out unless they are hands, piles, tricks or a move being built
    (a ``selection``).  A board zone is drawn as a grid (:func:`board_lines`).
    """
    names = obs_names(obs)
    lines = render_header(obs)
    info = _info_tokens(obs, color)
    if info:
        lines += _wrap("", info, width, sep=" · ")
    shown = [
        z for z in obs.zones if z.cards or z.kind in ("hand", "pile", "trick", "selection", "board")
    ]
    labels = [zone_label(z, obs, names) for z in shown]
    pad = max((len(lb) for lb in labels), default=0) + 2
    for zone, label in zip(shown, labels, strict=True):
        if zone.kind == "board" and zone.board is not None:
            lines += board_lines(zone, label, color)
            continue
        toks, sep = _zone_tokens(zone, names, color)
        if not toks:
            toks = [("—", "—")]
        lines += _wrap(label.ljust(pad), toks, width, sep=sep)
    if obs.prompt:
        lines += _wrap("» ", [(w, w) for w in obs.prompt.split()], width)
    return "\n".join(line.rstrip() for line in lines)


def render_actions(actions: Iterable[str], color: bool = False, width: int = WIDTH) -> str:
    """Actions as a numbered list (from 1), packed in columns, cards with suit symbols.

    A long range of numeric actions (``bet 1`` … ``bet 500``) is one item with its numbers.
    """
    span = None
    if isinstance(actions, ActionRange) and actions.high - actions.low >= 12:
        span = actions
        actions = actions.head
    toks = [_action_token(a, color) for a in actions]
    if not toks and span is None:
        return "(no legal actions)"
    numw = len(str(len(toks) + (len(span) - len(span.head) if span is not None else 0)))
    items = [(f"{i + 1:>{numw}}. {p}", f"{i + 1:>{numw}}. {s}") for i, (p, s) in enumerate(toks)]
    if span is not None:
        first, last = len(toks) + 1, len(span)
        said = f"{first}–{last}. {span.verb} {span.low} … {span.verb} {span.high}"
        items.append((said, said))
    colw = max(len(p) for p, _ in items) + 3
    per_row = max(1, (width + 3) // colw)
    lines = []
    for start in range(0, len(items), per_row):
        row = items[start : start + per_row]
        line = "".join(s + " " * (colw - len(p)) for p, s in row[:-1]) + row[-1][1]
        lines.append(line.rstrip())
    return "\n".join(lines)


def render_result(
    result: HandResult, names: Sequence[str] | None = None, teams: Sequence[str] | None = None
) -> str:
    """A hand's result: a title, its summary, each scoring line and the points per seat
    (and per side, given the sides' names ``teams`` in a partnership game)."""
    names_t = tuple(names) if names is not None else None
    n = len(result.points)
    labels = names_t if names_t is not None and len(names_t) >= n else None
    sides = len(result.team_points)
    side_labels = tuple(teams) if teams is not None and len(teams) >= sides else None
    lines = [f"Hand {result.hand + 1} result"]
    for line in result.explain(labels, side_labels).splitlines():
        lines.append(f"  {line}")
    pts = " · ".join(f"{seat_label(s, labels)} {p:+d}" for s, p in enumerate(result.points))
    lines.append(f"  Points this hand: {pts}")
    if sides:
        by_side = render_sides(result.team_points, side_labels, signed=True)
        lines.append(f"  Points by side: {by_side}")
    return "\n".join(line.rstrip() for line in lines)


def render_scores(scores: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Totals as ``North 12 · East 3 · …``."""
    return " · ".join(f"{seat_label(s, names)} {v}" for s, v in enumerate(scores))


def render_sides(
    scores: Sequence[int], teams: Sequence[str] | None = None, signed: bool = False
) -> str:
    """Sides' totals as ``North & South 120 · East & West 50`` (``Side k`` without names);
    ``signed`` writes them as changes (``+120``)."""
    out = []
    for t, v in enumerate(scores):
        name = teams[t] if teams is not None and t < len(teams) else f"Side {t}"
        out.append(f"{name} {v:+d}" if signed else f"{name} {v}")
    return " · ".join(out)


def _title(game: str) -> str:
    try:
        from .core.registry import get_spec

        return get_spec(game).title
    except Exception:
        return game


Observation.formatter = render_observation

__all__ = [
    "action_text",
    "board_lines",
    "obs_names",
    "render_actions",
    "render_header",
    "render_observation",
    "render_result",
    "render_scores",
    "render_sides",
    "team_label",
    "zone_label",
]
