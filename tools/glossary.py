"""The glossary: the game's own words (web/glossary.toml), checked at build time and rendered into
the glossary page of each language.

Each entry is data a teacher can edit: a stable `id` (the page's anchor, glossary.html#gleich), the
`term` as players say it, its meaning in every language of the site (`en`, `de`, ...), and optionally
the `lesson` that teaches it (a lesson id), `aliases` (more anchors, such as "viertig" for the
entry "dritzig, viertig, fünftig") and `match` (per language, the words of a lesson text that link to
the entry: tools/lessons.py marks each entry's first occurrence in a lesson). A mistake stops the
build, naming the file, the entry and the field.
"""
from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path
from typing import AbstractSet, Callable

from . import templates
from .project import ROOT, WEB, fail

GLOSSARY = WEB / "glossary.toml"
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
FIELDS = {"id", "term", "lesson", "aliases", "match"}
NOT_IN_A_MATCH = re.compile(r"[\[\]|]|^\s|\s$")   # the link markup's characters, and spaces at either end


def N_(message: str) -> str:
    """Marks a message for extraction (babel.cfg reads this file); translated where it is used."""
    return message


TAUGHT_IN = N_("Taught in lesson {n}")
SIGNS_TITLE = N_("The signs ({rules})")
SIGNS_LEAD = N_("Deuten: the signs partners may give each other, as each rule set has them. Every sign is made openly.")
SIGN_GESTURE = N_("Your partner {gesture}.")


class GlossaryError(ValueError):
    """A mistake in the glossary file, with where it is."""


def _where(path: Path, index: int, entry: dict) -> str:
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    label = f"'{entry['id']}'" if isinstance(entry.get("id"), str) else f"number {index + 1}"
    return f"{name}: entry {label}"


def validate(data: dict, path: Path, languages: list[str], lessons: set[str] | None,
             known: AbstractSet[str] = frozenset()) -> list[dict]:
    """The entries of a parsed glossary file, checked: every field known and of its kind, a meaning in
    each of `languages` (and perhaps in the `known` others), ids and aliases unique, each `lesson`
    one of `lessons` (None: not checked)."""
    langs = set(languages) | set(known)
    known = FIELDS | langs
    entries = data.get("term")
    if set(data) - {"term"} or not isinstance(entries, list) or not entries:
        raise GlossaryError(f"{path}: expected [[term]] entries and nothing else")
    seen: set[str] = set()
    forms: dict[str, dict[str, str]] = {}
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
        _check_match(entry, where, langs, forms)
        if lessons is not None:
            _check_lesson(entry, where, lessons)
    return entries


def _check_match(entry: dict, where: str, langs: set[str], forms: dict[str, dict[str, str]]) -> None:
    """`match`: per language of the site, a list of words; no word links two entries in one language."""
    match = entry.get("match", {})
    if not isinstance(match, dict):
        raise GlossaryError(f"{where}: field 'match' must be a table of lists per language: match.de = [\"...\"]")
    for lang, words in match.items():
        if lang not in langs:
            raise GlossaryError(f"{where}: field 'match.{lang}': not a language of the site ({', '.join(sorted(langs))})")
        if not isinstance(words, list) or not words or not all(
                isinstance(w, str) and w.strip() and not NOT_IN_A_MATCH.search(w) for w in words):
            raise GlossaryError(f"{where}: field 'match.{lang}' must list words (no brackets, no '|')")
        for word in words:
            other = forms.setdefault(lang, {}).setdefault(word, entry["id"])
            if other != entry["id"]:
                raise GlossaryError(f"{where}: field 'match.{lang}': '{word}' already links to '{other}'")


def _check_lesson(entry: dict, where: str, lessons: set[str]) -> None:
    if "lesson" in entry and entry["lesson"] not in lessons:
        raise GlossaryError(f"{where}: field 'lesson': there is no lesson '{entry['lesson']}' "
                            f"(known: {', '.join(sorted(lessons))})")


def check_lessons(entries: list[dict], lessons: set[str], path: Path = GLOSSARY) -> None:
    """Each entry's `lesson` is a lesson of the course (for entries loaded before the lessons were)."""
    try:
        for index, entry in enumerate(entries):
            _check_lesson(entry, _where(path, index, entry), lessons)
    except GlossaryError as exc:
        fail(f"glossary error: {exc}")


def match_forms(entries: list[dict]) -> dict[str, dict[str, str]]:
    """The words that link to the entries, per language: {lang: {word: entry id}}."""
    forms: dict[str, dict[str, str]] = {}
    for entry in entries:
        for lang, words in entry.get("match", {}).items():
            forms.setdefault(lang, {}).update((word, entry["id"]) for word in words)
    return forms


def load(languages: list[str], lessons: set[str] | None, known: AbstractSet[str] = frozenset(),
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


def signs_html(gettext: Callable[[str], str]) -> str:
    """The signs of every rule set's table, drawn from the engine's catalogue (perlaggen_core.signals)
    with the faces the site draws (web/py/common/signface.py), so the glossary follows the engine's gestures."""
    import sys
    from .site import load_web_module
    sys.path.insert(0, str(ROOT))
    try:
        from perlaggen_core.signals import SYSTEMS
        from perlaggen_core.words import Renderer
        from perlaggen_core.words.names import RULE_SETS
    finally:
        sys.path.remove(str(ROOT))
    face = load_web_module("common.signface").signal_face
    words = Renderer(gettext)
    sections = []
    for system, signs in SYSTEMS.items():
        items = []
        for sign in signs.values():
            gesture = gettext(SIGN_GESTURE).format(gesture=words.render(sign.gesture))
            items.append(f'<li class="sign-card" id="sign-{system}-{sign.id.replace("_", "-")}">'
                         f'{face(system, sign.id, gesture)}<p class="sign-means">{html.escape(words.render(sign.caption))}'
                         f'</p><p class="sign-gesture">{html.escape(gesture)}</p></li>')
        title = gettext(SIGNS_TITLE).format(rules=gettext(RULE_SETS[system]))
        sections.append(f'<section class="glossary-signs" id="signs-{system}"><h2>{html.escape(title)}</h2>'
                        f'<ul class="sign-cards">{"".join(items)}</ul></section>')
    return f'<p class="lead" id="zeichen">{html.escape(gettext(SIGNS_LEAD))}</p>' + "".join(sections)
