"""Perlaggen puzzles: one decision of one seat, with the answer, the tempting wrong answers and their
cost, a theme, a measured difficulty and an explanation in the engine's reason codes (docs/puzzles.md).

    from perlaggen_core.puzzles import load_dir, THEMES
    puzzles = load_dir(Path("puzzles"), lessons={"baptism", ...})   # PuzzleError names file, id, field
"""
from .checks import PuzzleError, check_puzzle, untranslated
from .index import INDEX, Entry, index_of, puzzle_file, read_index, read_puzzle
from .loader import file_data, load_data, load_dir, load_file
from .model import THEMES, Difficulty, Puzzle, Wrong, difficulty_of

__all__ = ["INDEX", "THEMES", "Difficulty", "Entry", "Puzzle", "PuzzleError", "Wrong", "check_puzzle", "difficulty_of",
           "file_data", "index_of", "load_data", "load_dir", "load_file", "puzzle_file", "read_index", "read_puzzle",
           "untranslated"]
