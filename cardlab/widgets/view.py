"""The JSON view a table widget draws: one observation plus what the controls need.

Everything here is built from a single :class:`~cardlab.core.observation.Observation`
for the chosen viewpoint (its zones, hand results, outcome, narration worded for that
viewer and refusal reasons) and the game's static facts (its ``GameSpec``), plus the
table's own controls (step counter, message, hint), so hidden faces never reach the
browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import Action, ActionRange
from ..core.cards import Card
from ..core.observation import Back, Entry, Observation, Peek, Zone
from ..core.outcome import HandResult
from ..core.registry import get_spec
from ..core.spec import GameSpec

#: A range of numeric actions is listed action by action up to this many (see build_view).
RANGE_LISTED = 100


def entry_json(e: Entry) -> dict[str, Any]:
    """A card as the drawing code needs it: face, back, or a teacher's peek."""
    if isinstance(e, Card):
        return {"c": e.code, "t": e.text, "r": e.rank, "s": e.suit}
    if isinstance(e, Peek):
        c = e.card
        return {"c": c.code, "t": c.text, "r": c.rank, "s": c.suit, "peek": e.back.design}
    if isinstance(e, Back):
        return {"b": e.design}
    return {"b": "plain"}  # pragma: no cover - observations hold only the three kinds


def _plain(v: Any) -> Any:
    """Info values as JSON: cards as their text, tuples as lists, named tuples (a hand's
    result) and mappings as objects."""
    if isinstance(v, Card):
        return v.text
    if isinstance(v, tuple) and hasattr(v, "_asdict"):
        return _plain(v._asdict())
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if isinstance(v, str):
        return str(v)  # an Action is text
    if v is None or isinstance(v, bool | int | float):
        return v
    return str(v)


def action_label(a: Action) -> str:
    """An action as a button label: ``"draw stock"`` -> ``"Draw stock"``, cards as symbols."""
    words = [a.verb.replace("_", " ")]
    cards = {c.code: c.text for c in a.cards}
    words += [cards.get(w, w) for w in a.args]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _own_faces(obs: Observation, seat: int, solitaire: bool) -> list[Card]:
    """The faces a player could try to move: their hand, or every face in a solitaire and
    in a game played without hands (a board game)."""
    own = [z for z in obs.zones if z.kind == "hand" and z.owner == seat]
    if solitaire or not own:
        return [c for z in obs.zones for c in z.faces]
    return [c for z in own for c in z.faces]


def _destination(a: Action, zones: set[str], source: str, targets: Mapping[str, str]) -> str | None:
    """The zone an action moves its card to: its last argument naming a zone, or for a
    verb the layout sends to a zone by suit (``home 8S`` -> ``foundation4``), that zone."""
    last = a.args[-1] if a.args else ""
    if last in zones and last != source:
        return last
    where = targets.get(a.verb)
    if where is None or len(a.cards) != 1:
        return None
    zone = where.format(suit=a.cards[0].suit + 1)
    return zone if zone in zones and zone != source else None


def cell_target(zone: str, cell: str) -> str:
    """The destination key of a board's cell (``"board:c2"``), for a card moved there."""
    return f"{zone}:{cell}"


def result_json(r: HandResult, names: tuple[str, ...], teams: Sequence[str] = ()) -> dict[str, Any]:
    """A hand's result; a line of a side (``team`` set) is named after the side."""
    return {
        "hand": r.hand + 1,
        "summary": r.summary,
        "points": list(r.points),
        "team_points": list(r.team_points),
        "lines": [
            {
                "seat": ln.seat,
                "name": names[ln.seat] if ln.team is None else teams[ln.team],
                "points": ln.points,
                "reason": ln.reason,
                "team": ln.team,
            }
            for ln in r.lines
        ],
    }


def viewer_key(viewer: int | str) -> str:
    return str(viewer)


def build_view(
    obs: Observation,
    *,
    human: int | None = None,
    step: int = 0,
    total: int = 0,
    show_result: bool = False,
    message: str = "",
    event_steps: Sequence[int] = (),
    hint: tuple[str, str] | None = None,
    odds: Mapping[str, Any] | None = None,
    actor: int | None = None,
    acting: Observation | None = None,
    spec: GameSpec | None = None,
) -> dict[str, Any]:
    """The whole JSON document for one redraw, from one observation.

    Parameters
    ----------
    obs
        What the viewpoint sees (for refusal reasons beside the cards, an observation
        from ``State.explained``)
    human
        Your seat (named "you"), or None
    step, total
        The position in the recorded match, and its length
    show_result
        The last finished hand's score is shown (a finished hand, or the end)
    message
        A note under the table (a refused move's reason)
    event_steps
        The step that produced each event of ``obs.history``: a click on a line of the
        log seeks there
    hint
        A suggested action and its explanation, shown without being played
    odds
        The odds panel (``{"on", "seat", "lines"}``), None where the game has none
    actor
        The seat the page may move for now (None: nothing can be clicked)
    acting
        ``actor``'s own observation when the view is another one (the teacher's), for
        its legal moves, prompt and refusal reasons
    spec
        The game's facts (title, layout); by default the registered game ``obs.game``

    Returns
    -------
    dict
        The view as JSON-ready data
    """
    if spec is None:
        spec = get_spec(obs.game)
    mine = acting if acting is not None else obs
    names = obs.names
    zones = [
        {
            "name": z.name,
            "owner": z.owner,
            "kind": z.kind,
            "label": z.label,
            "seats": list(z.seats),
            "cards": [entry_json(c) for c in z.cards],
            "tags": list(z.tags),
            "team": z.team,
            **_board_json(z),
        }
        for z in obs.zones
    ]
    # the cells of each board, by name: a move naming one is made by clicking that cell
    board_cells = {
        name: z.name
        for z in obs.zones
        if z.board is not None
        for name in (z.board.name(r, c) for r, c in z.board.all_cells())
    }
    cell_acts: dict[str, dict[str, list[list[str]]]] = {}
    card_acts: dict[str, list[list[str | None]]] = {}
    buttons: list[list[str]] = []
    ranges: list[dict[str, Any]] = []  # whole-number ranges ("bet 1" to "bet 500"), as bounds
    # The human may play at any step it is to move at, also after stepping back: playing
    # there starts a new line of play and the recorded future is dropped.
    playing = actor is not None and not show_result
    verb = ""
    why: dict[str, str] = {}
    tray = _tray(obs, mine, actor) if playing else None
    controls = set(tray["actions"]) if tray else set()
    if playing and mine.legal:
        shown = {
            e.card.code if isinstance(e, Peek) else e.code
            for _, e in obs.entries()
            if not isinstance(e, Back)
        }
        named: dict[str, int] = {}
        for z in obs.zones:
            named[z.name] = named.get(z.name, 0) + 1
        stacks = {z.name for z in obs.zones if z.cards and named[z.name] == 1}
        zone_names = set(named)
        targets = dict(spec.layout.targets)
        verbs: dict[str, int] = {}
        legal = mine.legal
        if isinstance(legal, ActionRange):
            # The table draws the range as one number box; its actions are listed among
            # the buttons too while there are few of them (for scripts reading the view).
            ranges.append({"verb": legal.verb, "low": legal.low, "high": legal.high})
            if len(legal) > RANGE_LISTED:
                legal = legal.head
        for a in legal:
            if a in controls:
                continue  # drawn beside the tray
            cs = [c for c in a.cards if c.code in shown]
            if cs and len(a.cards) == 1:
                # "move QH up2": click the card, then its destination on the felt;
                # "place 7S c2": click the card, then the board's cell c2
                dest = _destination(a, zone_names, "", targets)
                if dest is None and a.args[-1] in board_cells:
                    dest = cell_target(board_cells[a.args[-1]], a.args[-1])
                card_acts.setdefault(cs[0].code, []).append([str(a), action_label(a), dest])
                verbs[a.verb] = verbs.get(a.verb, 0) + 1
                continue
            if not a.cards and a.args and a.args[-1] in board_cells:
                # "move c4": click the cell c4 on the board
                where = cell_acts.setdefault(board_cells[a.args[-1]], {})
                where.setdefault(a.args[-1], []).append([str(a), action_label(a)])
                continue
            if not a.cards and a.args and a.args[0] in stacks:
                # "turn deck2", "slide deck1 down3": the top card of that stack is clickable
                dest = _destination(a, zone_names, a.args[0], targets)
                card_acts.setdefault("@" + a.args[0], []).append([str(a), action_label(a), dest])
                continue
            buttons.append([str(a), action_label(a)])
        if verbs:
            verb = max(verbs, key=lambda v: verbs[v])
        if tray and tray["last"] and tray["last"] not in card_acts and tray["undo"]:
            # an ordered selection takes back its last card: click it to take it back
            card_acts[tray["last"]] = [[tray["undo"], "Take back " + tray["last_text"], None]]
    if playing:
        why = {k: v for k, v in mine.refusals.items() if k not in card_acts}
    elif human is not None and obs.viewer == human and not obs.terminal:
        if show_result:
            reason = "the hand is over: press Continue for the next one"
        else:
            waiting = ", ".join(names[s] for s in obs.to_move) or "the dealer"
            reason = f"it is not your turn; waiting for {waiting}"
        why = {c.code: reason for c in _own_faces(obs, human, spec.solitaire)}
    info = {k: _plain(v) for k, v in obs.info.items()}
    seats = [
        {
            "values": {k: _plain(v) for k, v in seat.values.items()},
            "status": seat.status,
            "team": seat.team,
            "chips": seat.chips,
        }
        for seat in obs.seats
    ]
    team_names = [t.name for t in obs.teams]
    result = None
    if show_result and obs.results:
        result = result_json(obs.results[-1], names, team_names)
    history = obs.history
    steps = event_steps if len(event_steps) == len(history) else ()
    log = [
        {"step": steps[i] if steps else None, "text": text}
        for i, e in enumerate(history)
        if (text := e.text_for(obs.viewer))
    ]
    outcome = obs.outcome
    held = obs.between_hands
    return {
        "game": obs.game,
        "title": spec.title,
        "players": obs.players,
        "names": list(names),
        "seats": seats,
        "prompt": mine.prompt if playing else obs.prompt,
        "outcome": outcome.summary if outcome is not None else "",
        # "win", "shared", "no winner" (or "won"/"lost" for a solitaire) once it is over
        "ending": outcome.result if outcome is not None else "",
        "viewer": viewer_key(obs.viewer),
        "human": human,
        "actor": actor if playing else None,
        # a finished hand held on the table until the next deal is still that hand
        "phase": "hand over" if held else obs.phase,
        "hand": len(obs.results) if held else obs.hand + 1,
        "dealer": obs.dealer,
        "to_move": list(obs.to_move),
        "scores": list(obs.scores),
        "terminal": obs.terminal,
        "winners": list(obs.winners),
        "step": step,
        "total": total,
        "zones": zones,
        "pots": [{"name": p.name, "chips": p.chips, "label": p.label} for p in obs.pots],
        "teams": [{"name": t.name, "seats": list(t.seats), "score": t.score} for t in obs.teams],
        "solitaire": spec.solitaire,
        "acts": card_acts,
        "cells": cell_acts,
        "buttons": buttons,
        "ranges": ranges,
        "tray": _tray_json(tray),
        "verb": verb,
        "why": why,
        "info": info,
        "log": log,
        "result": result,
        "layout": spec.layout.to_dict(),
        "message": message,
        "hint": _hint_json(hint, card_acts) if hint and playing else None,
        "odds": dict(odds) if odds is not None else None,
    }


def _board_json(z: Zone) -> dict[str, Any]:
    """A board zone's shape and each card's place (nothing for other zones)."""
    b = z.board
    if b is None:
        return {}
    return {
        "at": [list(p) for p in z.at],
        "board": {
            "rows": b.rows,
            "cols": b.cols,
            "top": b.top,
            "left": b.left,
            "span": list(b.span),
            "cells": [[r, c, b.name(r, c)] for r, c in b.all_cells()],
            "empty": b.empty,
            "labels": list(b.labels),
        },
        "marks": [list(m) for m in z.marks],
        # where the viewer's card would lie for a move onto a cell, and what it covers
        "previews": {
            p.cell: {"at": list(p.at), "cover": [list(rc) for rc in p.cover]} for p in z.previews
        },
    }


def _tray(obs: Observation, mine: Observation, actor: int | None) -> dict[str, Any] | None:
    """The move the actor is building in steps (a staged choice), from its ``selection``
    info: its zone, the control actions now legal, and the card a click takes back."""
    sel = mine.info.get("selection")
    if actor is None or not isinstance(sel, Mapping):
        return None
    verbs = sel.get("controls") or {}
    legal = {str(a): a for a in mine.legal} if not isinstance(mine.legal, ActionRange) else {}
    named = {k: str(verbs.get(k, k)) for k in ("done", "cancel", "back")}
    acts = {k: v for k, v in named.items() if v in legal}
    zone = str(sel.get("zone", "selection"))
    cards = next((z.faces for z in obs.zones if z.name == zone and z.owner == actor), ())
    last = cards[-1] if cards else None
    undo = acts.get("back") or (acts.get("cancel") if len(cards) == 1 else None)
    return {
        "what": sel.get("what", ""),
        "summary": sel.get("summary", ""),
        "ready": bool(sel.get("ready")),
        "not_ready": sel.get("not_ready", ""),
        "zone": zone,
        "owner": actor,
        "done": acts.get("done"),
        "cancel": acts.get("cancel"),
        "back": acts.get("back"),
        "actions": list(acts.values()),
        "last": last.code if last else None,
        "last_text": last.text if last else "",
        "undo": undo,
    }


def _tray_json(tray: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if tray is None:
        return None
    keys = ("what", "summary", "ready", "not_ready", "zone", "owner", "done", "cancel", "back")
    return {k: tray[k] for k in keys}


def _hint_json(
    hint: tuple[str, str], card_acts: Mapping[str, list[list[str | None]]]
) -> dict[str, Any]:
    act, text = hint
    key = next((k for k, acts in card_acts.items() if any(a[0] == act for a in acts)), None)
    return {"action": act, "text": text, "key": key}
