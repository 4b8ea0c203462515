"""`python -m perlaggen_core.scenario [DIR]`: check every scenario file and list them;
`--steps FILE` prints one scenario step by step, each move and note in English (for authors)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from ..words import render
from .model import ScenarioError, text_of
from .validate import load_dir, load_file


def steps(path: Path) -> None:
    scenario = load_file(path)
    replay = scenario.replay()
    for step in range(replay.steps + 1):
        if step:
            move = replay.moves[step - 1]
            print(f"{step:>3}. {render(move.told())} " + " ".join(render(m) for m in move.news()))
        note = scenario.note_at(step)
        if note:
            print(f"     {'QUESTION' if note.ask else 'note'}: {text_of(note.text)}")


def main(argv: Optional[list[str]] = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    try:
        if args[:1] == ["--steps"] and len(args) == 2:
            steps(Path(args[1]))
            return 0
        for scenario in load_dir(Path((args or ["scenarios"])[0])):
            asks = len(scenario.asks())
            print(f"{scenario.id}: {text_of(scenario.title)} ({scenario.steps} steps, {len(scenario.notes)} notes, "
                  f"{asks} questions)")
    except ScenarioError as exc:
        print(f"scenario error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
