"""The shipped puzzles for the build: puzzles/*.json loaded and checked by the engine's puzzle loader
(the position replays, every answer and wrong answer is legal, the theme's lesson exists), and every
explanation's words present in each language's catalog. A broken puzzle stops the build, naming its
file, puzzle id, field and reason."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Optional

from . import i18n
from .project import fail


def translations(lang: str) -> dict[str, str]:
    """A language's catalog as {msgid: its words} (plural forms under the singular's msgid)."""
    out: dict[str, str] = {}
    for message in i18n.read(i18n.po_files()[lang], lang):
        if message.id and not message.context:
            msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            text = message.string[0] if isinstance(message.string, (tuple, list)) else message.string
            out[msgid] = text or ""
    return out


def problems(src: Path, lessons: Iterable[str], languages: Iterable[str]) -> list[str]:
    """Everything wrong with the shipped puzzles: the first error of the loader, or each puzzle whose
    explanation has a template without words in a language (English is the templates themselves)."""
    from perlaggen_core.puzzles import PuzzleError, load_dir, untranslated
    try:
        puzzles = load_dir(src, set(lessons))
    except PuzzleError as exc:
        return [str(exc)]
    out = []
    for lang in languages:
        if lang == "en":
            continue
        words = translations(lang)
        for p in puzzles:
            for msgid in untranslated(p, words.get):
                out.append(f"puzzle {p.id}, field 'explanation': no {lang} words for '{msgid}'")
    return out


def compile_puzzles(src: Path, out: Path, lessons: Iterable[str], languages: Iterable[str]) -> Optional[int]:
    """The build's hook: the checked puzzles as the pages fetch them, out/index.json (what choosing
    one needs) and one small file per puzzle (perlaggen_core.puzzles.index); their number returned.
    A problem stops the build, naming the first."""
    if not src.exists():
        return None
    found = problems(src, lessons, languages)
    if found:
        fail(f"puzzle error: {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    from perlaggen_core.puzzles import index_of, load_dir, puzzle_file
    puzzles = load_dir(src)
    out.mkdir(parents=True, exist_ok=True)
    write(out / "index.json", index_of(puzzles))
    for p in puzzles:
        (out / puzzle_file(p.id)).parent.mkdir(parents=True, exist_ok=True)
        write(out / puzzle_file(p.id), p.to_json())
    return len(puzzles)


def write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
