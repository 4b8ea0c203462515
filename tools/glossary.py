"""The glossary: the game's own words (web/glossary.toml), checked at build time and rendered into
the glossary page of each language.

Each entry is data a teacher can edit: a stable `id` (the page's anchor, glossary.html#gleich), the
`term` as players say it, its meaning in every language of the site (`en`, `de`, ...), and optionally
the `lesson` that teaches it (a lesson id) and `aliases` (more anchors, such as "viertig" for the
entry "dritzig, viertig, fünftig"). A mistake stops the build, naming the file, the entry and the field.
"""
from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path
from typing import Callable

from . import templates
from .project import ROOT, WEB, fail

GLOSSARY = WEB / "glossary.toml"
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
FIELDS = {"id", "term", "lesson", "aliases"}


def N_(message: str) -> str:
    """Marks a message for extraction (babel.cfg reads this file); translated where it is used."""
    return message


TAUGHT_IN = N_("Taught in lesson {n}")


class GlossaryError(ValueError):
    """A mistake in the glossary file, with where it is."""


def _where(path: Path, index: int, entry: dict) -> str:
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    label = f"'{entry['id']}'" if isinstance(entry.get("id"), str) else f"number {index + 1}"
    return f"{name}: entry {label}"


def validate(data: dict, path: Path, languages: list[str], lessons: set[str] | None,
             known: set[str] = frozenset()) -> list[dict]:
    """The entries of a parsed glossary file, checked: every field known and of its kind, a meaning in
    each of `languages` (and perhaps in the `known` others), ids and aliases unique, each `lesson`
    one of `lessons` (None: not checked)."""
    known = FIELDS | set(languages) | set(known)
    entries = data.get("term")
    if set(data) - {"term"} or not isinstance(entries, list) or not entries:
        raise GlossaryError(f"{path}: expected [[term]] entries and nothing else")
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = _where(path, index, entry)
        unknown = sorted(set(entry) - known)
        if unknown:
            raise GlossaryError(f"{where}: field '{unknown[0]}' is unknown (known: {', '.join(sorted(known))})")
        for field in ("id", "term", *languages):
            if not isinstance(entry.get(field), str) or not entry[field].strip():
                raise GlossaryError(f"{where}: field '{field}' is missing or empty")
        aliases = entry.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise GlossaryError(f"{where}: field 'aliases' must be a list of ids")
        for anchor in [entry["id"], *aliases]:
            field = "id" if anchor == entry["id"] else "aliases"
            if not ID.fullmatch(anchor):
                raise GlossaryError(f"{where}: field '{field}': '{anchor}' is not an id (a-z, 0-9, hyphens)")
            if anchor in seen:
                raise GlossaryError(f"{where}: field '{field}': '{anchor}' is used twice")
            seen.add(anchor)
        if "lesson" in entry and lessons is not None and entry["lesson"] not in lessons:
            raise GlossaryError(f"{where}: field 'lesson': there is no lesson '{entry['lesson']}' "
                                f"(known: {', '.join(sorted(lessons))})")
    return entries


def load(languages: list[str], lessons: set[str] | None, known: set[str] = frozenset(),
         path: Path = GLOSSARY) -> list[dict]:
    """The checked entries of the glossary file; a mistake stops the build."""
    try:
        return validate(tomllib.loads(path.read_text(encoding="utf-8")), path, languages, lessons, known)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        fail(f"glossary error: {path}: {exc}")
    except GlossaryError as exc:
        fail(f"glossary error: {exc}")


def sort_key(entry: dict) -> str:
    """Alphabetical as a German dictionary sorts: umlauts with their vowels, ß as ss."""
    term = entry["term"].casefold()
    for umlaut, plain in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ß", "ss")):
        term = term.replace(umlaut, plain)
    return term


def glossary_html(entries: list[dict], lang: str, gettext: Callable[[str], str],
                  lesson_numbers: dict[str, int]) -> str:
    """The glossary page's list in `lang` (partials glossary-list and glossary-entry). A language the
    entries have no meaning for (a test language) gets the English one through its catalog."""
    def render(name: str, **values: str) -> str:
        return templates.render_partial(name, gettext=gettext, variables=values).strip()

    items = []
    for entry in sorted(entries, key=sort_key):
        lesson = entry.get("lesson")
        taught = render("glossary-lesson", lesson_id=html.escape(lesson), lesson_text=html.escape(
            gettext(TAUGHT_IN).format(n=lesson_numbers[lesson]))) if lesson else ""
        anchors = "".join(f'<span id="{a}" class="anchor"></span>' for a in entry.get("aliases", []))
        items.append(render("glossary-entry", g_id=entry["id"], g_anchors=anchors, g_term=html.escape(entry["term"]),
                            g_meaning=html.escape(entry.get(lang) or gettext(entry["en"])), g_lesson=taught))
    return render("glossary-list", glossary_items="".join(items))
