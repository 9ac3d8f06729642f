"""Golden transcripts: fixed-seed bot matches whose every step is checked in.

Run ``python tests/golden/transcripts.py [GAME ...]`` to regenerate them after an intended rules
change (and bump the game's ``version``); the test compares fresh matches with the files.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import cardlab
from cardlab.games import GAMES

HERE = Path(__file__).resolve().parent
SEEDS = (1, 2)


def cases() -> list[tuple[str, int]]:
    return [(spec.name, seed) for spec in GAMES for seed in SEEDS]


def path_for(name: str, seed: int) -> Path:
    return HERE / f"{name}-{seed}.json"


def transcript(name: str, seed: int) -> dict[str, Any]:
    """A full game between heuristic bots, summarised for comparison."""
    m = cardlab.Match(name, seed=seed, agents="heuristic")
    m.run()
    texts = m.event_texts("teacher")
    return {
        "replay": m.to_replay().to_dict(),
        "scores": list(m.scores),
        "winners": list(m.winners()),
        "hands": len(m.state.results),
        "events_sha256": hashlib.sha256("\n".join(texts).encode()).hexdigest(),
        "last_events": texts[-6:],
    }


def main(names: list[str] | None = None) -> None:
    """Rewrite the transcripts of ``names`` (every game when empty)."""
    for name, seed in cases():
        if names and name not in names:
            continue
        data = transcript(name, seed)
        path_for(name, seed).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path_for(name, seed).name}: {len(data['replay']['actions'])} steps")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
