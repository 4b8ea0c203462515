"""The shipped set as the pages download it: an index (what choosing a puzzle needs: id, theme,
level, rule set) and one small file per puzzle, so a page fetches the index and the puzzles it
draws, never the whole set. The build writes both (`index_of`, `puzzle_file`); a page reads them
back (`read_index`, `read_puzzle`), and a broken or missing one is a PuzzleError like any other."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .checks import ID, PuzzleError, check_puzzle
from .model import LEVELS, THEMES, Puzzle

INDEX = "index.json"        # under the site's puzzles/
INDEX_FORMAT = 1
ENTRY_FIELDS = ("id", "theme", "level", "variant")


@dataclass(frozen=True)
class Entry:
    """One puzzle as the index lists it: enough to choose it (by theme, by level) before its
    position is downloaded and replayed."""

    id: str
    theme: str
    level: int
    variant: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "theme": self.theme, "level": self.level, "variant": self.variant}


def entry_of(puzzle: Puzzle) -> Entry:
    return Entry(puzzle.id, puzzle.theme, puzzle.level, puzzle.variant)


def puzzle_file(puzzle_id: str) -> str:
    """Where a puzzle's own file lies under the site's puzzles/ (the index lies beside the folder,
    so no id can take its name); PuzzleError for what is no puzzle id (an address to refuse)."""
    if not ID.match(puzzle_id):
        raise PuzzleError("an id of lower-case letters, digits and hyphens is needed", "id", puzzle_id)
    return f"p/{puzzle_id}.json"


def index_of(puzzles: Iterable[Puzzle]) -> dict[str, Any]:
    """The index the build writes: every puzzle's entry, in the set's order."""
    return {"format": INDEX_FORMAT, "puzzles": [entry_of(p).to_json() for p in puzzles]}


def read_index(data: Any) -> list[Entry]:
    """The index's entries; PuzzleError (file 'index.json') for an index the build did not write."""
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(f"an index of format {INDEX_FORMAT} with a list of puzzles is needed", "puzzles", file=INDEX)
    out: list[Entry] = []
    for i, item in enumerate(data["puzzles"]):
        if not isinstance(item, dict) or set(item) != set(ENTRY_FIELDS):
            raise PuzzleError(f"an entry is {{{', '.join(ENTRY_FIELDS)}}}", f"puzzles.{i}", file=INDEX)
        pid, theme, level, variant = (item[k] for k in ENTRY_FIELDS)
        if not isinstance(pid, str) or not ID.match(pid):
            raise PuzzleError("an id of lower-case letters, digits and hyphens is needed", f"puzzles.{i}.id", file=INDEX)
        if theme not in THEMES or level not in LEVELS or not isinstance(variant, str):
            raise PuzzleError("a known theme, a level and a rule set are needed", f"puzzles.{i}", pid, INDEX)
        out.append(Entry(pid, theme, level, variant))
    return out


def read_puzzle(data: Any, want: Entry | str) -> Puzzle:
    """A downloaded puzzle file, checked by the engine, and the puzzle asked for: the id (a page
    that opens one puzzle by its address) or everything the index promised (theme, level, rule
    set); PuzzleError otherwise, naming the file."""
    pid = want if isinstance(want, str) else want.id
    try:
        puzzle = check_puzzle(data)
        if puzzle.id != pid or not (isinstance(want, str) or entry_of(puzzle) == want):
            raise PuzzleError("not the puzzle the index lists under this id", "id", puzzle.id)
    except PuzzleError as exc:
        exc.file = f"p/{pid}.json"
        raise
    return puzzle
