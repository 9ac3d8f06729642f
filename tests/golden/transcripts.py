"""Golden playthroughs: fixed-seed bot hands written out step by step, in plain text.

For each game, ``<game>-hand.txt`` is one hand between heuristic bots: for every step,
who acts, what each seat sees (the text rendering of its observation), the legal actions
and the action taken; chance steps show their outcome.  ``<game>-game.txt`` is a whole
game, a line per step, with each hand's score lines and the outcome.  A change in the
rules, the observations or the bots shows up as a readable difference.

Run ``python tests/golden/transcripts.py [GAME ...]`` to rewrite them after an intended
change (and bump the game's ``version`` when its rules changed).
"""

from __future__ import annotations

from pathlib import Path

import cardlab
from cardlab.games import GAMES
from cardlab.render import render_actions, render_observation

HERE = Path(__file__).resolve().parent
#: The seed of each kind of transcript.
KINDS = {"hand": 1, "game": 2}


def cases() -> list[tuple[str, str]]:
    return [(spec.name, kind) for spec in GAMES for kind in KINDS]


def path_for(name: str, kind: str) -> Path:
    return HERE / f"{name}-{kind}.txt"


def _indent(text: str) -> list[str]:
    return ["    " + line if line else "" for line in text.splitlines()]


def transcript(name: str, kind: str) -> str:
    """A transcript of ``kind`` ``"hand"`` (every view) or ``"game"`` (a line a step)."""
    return one_hand(name, KINDS[kind]) if kind == "hand" else whole_game(name, KINDS[kind])


def whole_game(name: str, seed: int) -> str:
    """A whole game between heuristic bots: a line per step, each hand's score lines."""
    m = cardlab.Match(name, seed=seed, agents="heuristic")
    m.run()
    replay = m.to_replay()
    state = replay.make_game().new_state()
    out = [
        f"# {state.game.spec.title}, seed {seed}, a whole game between heuristic bots "
        f"(rules version {state.game.spec.version})",
        "# written by tests/golden/transcripts.py: run it again after an intended change",
    ]
    shown = 0
    for i, (seat, text) in enumerate(replay.actions):
        who = "chance" if seat is None else state.names[seat]
        out.append(f"{i:5d} {who}: {text}")
        state.apply(text, seat)
        while shown < len(state.results):
            out += _indent(state.results[shown].explain(state.names))
            shown += 1
    out.append(f"scores: {list(state.scores)}")
    if state.outcome is not None:
        out.append(f"outcome: {state.outcome.summary}")
    return "\n".join(out) + "\n"


def one_hand(name: str, seed: int) -> str:
    """One hand between heuristic bots, every step written out."""
    m = cardlab.Match(name, seed=seed, agents="heuristic", hands=1)
    game = m.game
    out = [
        f"# {game.spec.title}, seed {seed}, one hand between heuristic bots "
        f"(rules version {game.spec.version})",
        "# written by tests/golden/transcripts.py: run it again after an intended change",
    ]
    m.run()
    replay = m.to_replay()  # replayed below from its first step
    state = replay.make_game().new_state()
    for i, (seat, text) in enumerate(replay.actions):
        if seat is None:
            out.append(f"== step {i}: chance")
            out.append(f"  {text}")
        else:
            out.append(f"== step {i}: {state.names[seat]} acts ({state.phase} phase)")
            for s in range(state.players):
                out.append(f"  -- {state.names[s]} sees")
                out += _indent(render_observation(state.observation(s)))
            out.append("  legal:")
            out += _indent(render_actions(state.legal_actions(seat)))
            out.append(f"  action: {text}")
        state.apply(text, seat)
    out.append("== end: the spectator sees")
    out += _indent(render_observation(state.observation("spectator")))
    for r in state.results:
        out += _indent(r.explain(state.names))
    out.append(f"  scores: {list(state.scores)}")
    if state.outcome is not None:
        out.append(f"  outcome: {state.outcome.summary}")
    return "\n".join(out) + "\n"


def main(names: list[str] | None = None) -> None:
    """Rewrite the transcripts of ``names`` (every game when empty)."""
    for name, kind in cases():
        if names and name not in names:
            continue
        text = transcript(name, kind)
        path_for(name, kind).write_text(text, encoding="utf-8")
        print(f"wrote {path_for(name, kind).name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
