"""The JSON view a table widget draws: one observation plus what the controls need.

Everything here is built from a single :class:`~cardlab.core.observation.Observation`
for the chosen viewpoint, plus the public parts of the match (step counter, hand
results, narration worded for that viewer), so hidden faces never reach the browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import Action, ActionRange, action
from ..core.cards import Card
from ..core.observation import Back, Entry, Observation, Peek
from ..core.outcome import HandResult
from ..core.state import State

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
    """Info values as JSON: cards as their text, tuples as lists."""
    if isinstance(v, Card):
        return v.text
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    if v is None or isinstance(v, bool | int | float | str):
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


def _why(state: State, verb: str, card: Card, seat: int, buttons: bool) -> str:
    """Why ``card`` cannot be used now, in the game's own words where it has them."""
    if not verb:
        return "no card can be moved now: " + (
            "choose one of the buttons" if buttons else "wait for the others"
        )
    a = action(f"{verb} {card.code}")
    return state.why_illegal(a, seat) or state.explain(a, seat)


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
    state: State,
    obs: Observation,
    *,
    human: int | None,
    step: int,
    total: int,
    show_result: bool,
    message: str = "",
    event_steps: Sequence[int] = (),
    hint: tuple[str, str] | None = None,
    odds: Mapping[str, Any] | None = None,
    actor: int | None = None,
    acting: Observation | None = None,
) -> dict[str, Any]:
    """The whole JSON document for one redraw.

    ``human`` is your seat (named "you"); ``actor`` the seat the page may move for now
    (None: nothing can be clicked), with ``acting`` its own observation when the view is
    another one (the teacher's), for its legal moves and prompt.
    ``event_steps`` gives the step that produced each event from :func:`log_start` on: a
    click on a line of the log seeks there.
    ``hint`` is a suggested action and its explanation, shown without being played.
    ``odds`` is the odds panel (``{"on", "seat", "lines"}``), None where the game has none.
    """
    mine = acting if acting is not None else obs
    names = state.names
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
        }
        for z in obs.zones
    ]
    card_acts: dict[str, list[list[str | None]]] = {}
    buttons: list[list[str]] = []
    ranges: list[dict[str, Any]] = []  # whole-number ranges ("bet 1" to "bet 500"), as bounds
    # The human may play at any step it is to move at, also after stepping back: playing
    # there starts a new line of play and the recorded future is dropped.
    playing = actor is not None and not show_result
    verb = ""
    why: dict[str, str] = {}
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
        targets = dict(state.game.spec.layout.targets)
        verbs: dict[str, int] = {}
        legal = mine.legal
        if isinstance(legal, ActionRange):
            # The table draws the range as one number box; its actions are listed among
            # the buttons too while there are few of them (for scripts reading the view).
            ranges.append({"verb": legal.verb, "low": legal.low, "high": legal.high})
            if len(legal) > RANGE_LISTED:
                legal = legal.head
        for a in legal:
            cs = [c for c in a.cards if c.code in shown]
            if cs and len(a.cards) == 1:
                # "move QH up2": click the card, then its destination on the felt
                dest = _destination(a, zone_names, "", targets)
                card_acts.setdefault(cs[0].code, []).append([str(a), action_label(a), dest])
                verbs[a.verb] = verbs.get(a.verb, 0) + 1
                continue
            if not a.cards and a.args and a.args[0] in stacks:
                # "turn deck2", "slide deck1 down3": the top card of that stack is clickable
                dest = _destination(a, zone_names, a.args[0], targets)
                card_acts.setdefault("@" + a.args[0], []).append([str(a), action_label(a), dest])
                continue
            buttons.append([str(a), action_label(a)])
        if verbs:
            verb = max(verbs, key=lambda v: verbs[v])
    solitaire = state.game.spec.solitaire
    if playing and actor is not None:
        # why each other card of the player's hand cannot be played now
        for c in _own_faces(obs, actor, solitaire):
            if c.code not in card_acts:
                why[c.code] = _why(state, verb, c, actor, bool(buttons))
    elif human is not None and obs.viewer == human and not obs.terminal:
        if show_result:
            reason = "the hand is over: press Continue for the next one"
        else:
            waiting = ", ".join(names[s] for s in obs.to_move) or "the dealer"
            reason = f"it is not your turn; waiting for {waiting}"
        why = {c.code: reason for c in _own_faces(obs, human, solitaire)}
    info = {k: _plain(v) for k, v in obs.info.items() if not isinstance(v, tuple | list | Mapping)}
    seats = [
        {
            "values": {k: _plain(v) for k, v in seat.values.items()},
            "status": seat.status,
            "team": seat.team,
            "chips": seat.chips,
        }
        for seat in obs.seats
    ]
    result = None
    if show_result and state.results:
        result = result_json(state.results[-1], names, state.team_names)
    start = log_start(state, show_result)
    held = state.between_hands
    events = state.events
    steps = event_steps if len(event_steps) == len(events) - start else ()
    log = [
        {"step": steps[i - start] if steps else None, "text": text}
        for i in range(start, len(events))
        if (text := events[i].text_for(obs.viewer))  # a private event others never learn of
    ]
    return {
        "game": obs.game,
        "title": state.game.spec.title,
        "players": obs.players,
        "names": list(names),
        "seats": seats,
        "prompt": mine.prompt if playing else obs.prompt,
        "outcome": state.outcome.summary if state.outcome is not None else "",
        # "win", "shared", "no winner" (or "won"/"lost" for a solitaire) once it is over
        "ending": state.outcome.result if state.outcome is not None else "",
        "viewer": viewer_key(obs.viewer),
        "human": human,
        "actor": actor if playing else None,
        # a finished hand held on the table until the next deal is still that hand
        "phase": "hand over" if held else obs.phase,
        "hand": len(state.results) if held else obs.hand + 1,
        "dealer": obs.dealer,
        "to_move": list(obs.to_move),
        "scores": list(obs.scores),
        "terminal": obs.terminal,
        "winners": list(state.winners()),
        "step": step,
        "total": total,
        "zones": zones,
        "pots": [{"name": p.name, "chips": p.chips, "label": p.label} for p in obs.pots],
        "teams": [{"name": t.name, "seats": list(t.seats), "score": t.score} for t in obs.teams],
        "solitaire": state.game.spec.solitaire,
        "acts": card_acts,
        "buttons": buttons,
        "ranges": ranges,
        "verb": verb,
        "why": why,
        "info": info,
        "log": log,
        "result": result,
        "layout": state.game.spec.layout.to_dict(),
        "message": message,
        "hint": _hint_json(hint, card_acts) if hint and playing else None,
        "odds": dict(odds) if odds is not None else None,
    }


def log_start(state: State, show_result: bool) -> int:
    """The first event the log shows: the hand's (while a hand's score is shown, that
    finished hand's)."""
    starts = state.hand_starts
    return starts[-2 if show_result and len(starts) > 1 else -1] if starts else 0


def _hint_json(
    hint: tuple[str, str], card_acts: Mapping[str, list[list[str | None]]]
) -> dict[str, Any]:
    act, text = hint
    key = next((k for k, acts in card_acts.items() if any(a[0] == act for a in acts)), None)
    return {"action": act, "text": text, "key": key}
