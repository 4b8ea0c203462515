"""Reading the shipped puzzles: puzzles/*.json, one file per theme ({"format": 1, "theme": ...,
"puzzles": [...]}), each puzzle checked by the engine; errors name file, puzzle id, field and reason."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from .checks import PuzzleError, check_puzzle
from .model import FORMAT, THEMES, Puzzle

FILE_FIELDS = {"format", "theme", "puzzles"}


def load_data(data: Any, file: str, lessons: Optional[set[str]] = None) -> list[Puzzle]:
    """The puzzles of one file's data; every puzzle has the file's theme."""
    if not isinstance(data, dict):
        raise PuzzleError("a puzzle file is a JSON object", "file", file=file)
    for key in data:
        if key not in FILE_FIELDS:
            raise PuzzleError(f"unknown field (known: {', '.join(sorted(FILE_FIELDS))})", str(key), file=file)
    if data.get("format") != FORMAT:
        raise PuzzleError(f"format {FORMAT} is needed", "format", file=file)
    theme = data.get("theme")
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme '{theme}' (known: {', '.join(THEMES)})", "theme", file=file)
    raw = data.get("puzzles")
    if not isinstance(raw, list):
        raise PuzzleError("a list of puzzles is needed", "puzzles", file=file)
    out = []
    for i, item in enumerate(raw):
        try:
            puzzle = check_puzzle(item, lessons)
            if puzzle.theme != theme:
                raise PuzzleError(f"a puzzle of theme '{puzzle.theme}' in the file of '{theme}'", "theme",
                                  puzzle.id)
        except PuzzleError as exc:
            exc.file = file
            if exc.puzzle is None:
                exc.puzzle = f"#{i}"
            raise
        out.append(puzzle)
    return out


def read_file(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PuzzleError(f"not readable as JSON: {exc}", "file", file=Path(path).name) from None


def load_file(path: Path, lessons: Optional[set[str]] = None) -> list[Puzzle]:
    return load_data(read_file(path), Path(path).name, lessons)


def load_dir(folder: Path, lessons: Optional[set[str]] = None) -> list[Puzzle]:
    """Every puzzles/*.json in file name order; ids are unique over the whole set."""
    out: list[Puzzle] = []
    seen: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.json")):
        for puzzle in load_file(path, lessons):
            if puzzle.id in seen:
                raise PuzzleError(f"the id is taken by a puzzle in {seen[puzzle.id]}", "id", puzzle.id, path.name)
            seen[puzzle.id] = path.name
            out.append(puzzle)
    return out


def file_data(theme: str, puzzles: list[Puzzle]) -> dict[str, Any]:
    """One theme's file, as the generator writes it."""
    return {"format": FORMAT, "theme": theme, "puzzles": [p.to_json() for p in puzzles]}


def dump(data: dict[str, Any]) -> str:
    """A puzzle file's text: one puzzle per block, readable in a diff."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
