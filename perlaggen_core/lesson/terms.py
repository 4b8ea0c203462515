"""Glossary links in lesson texts.

The site's build marks the first time a lesson uses a game term, in each language, as a link to the
term's glossary entry. In the compiled text a link is written `[[words|id]]`: the words exactly as
the lesson wrote them, and the entry's id (glossary.html#id). Authors never write this markup (the
loader refuses `[[` and `]]` in learner text); it comes from the glossary's match lists
(web/glossary.toml: `match.en`, `match.de`), so a lesson text stays plain prose.
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from .model import Lesson, Step

LINK = re.compile(r"\[\[([^\[\]|]+)\|([a-z0-9]+(?:-[a-z0-9]+)*)\]\]")
OPENING = ("goal", "question")        # what a step shows when it opens, before any hint
ENDINGS = ("success", "explain")      # a step ends with one or the other ("show me" gives the explanation)


def parts(text: str) -> list[tuple[str, Optional[str]]]:
    """A compiled text as pieces: (words, None) for plain words, (words, id) for a glossary link."""
    out: list[tuple[str, Optional[str]]] = []
    last = 0
    for m in LINK.finditer(text):
        if m.start() > last:
            out.append((text[last:m.start()], None))
        out.append((m.group(1), m.group(2)))
        last = m.end()
    if last < len(text):
        out.append((text[last:], None))
    return out


def plain(text: str) -> str:
    """The words alone, as the lesson wrote them (for speech, titles and comparisons)."""
    return LINK.sub(r"\1", text)


def map_words(text: str, change: Callable[[str], str]) -> str:
    """`change` applied to every piece of words, the links kept where they are."""
    return "".join(f"[[{change(words)}|{term}]]" if term else change(words) for words, term in parts(text))


def matcher(forms: dict[str, str]) -> Optional[re.Pattern]:
    """One pattern for a language's match forms (form -> entry id): whole words only, the longest
    form first, case as written. A hyphen belongs to its word, so "Herz-Ass" never matches "Herz"."""
    if not forms:
        return None
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def _link(text: str, pattern: re.Pattern, forms: dict[str, str], seen: set[str]) -> tuple[str, set[str]]:
    """The text with the first occurrence of each entry not in `seen` marked; and the entries marked."""
    out, last, new = [], 0, set()
    for m in pattern.finditer(text):
        term = forms[m.group(0)]
        if term in seen or term in new:
            continue
        out += [text[last:m.start()], f"[[{m.group(0)}|{term}]]"]
        last = m.end()
        new.add(term)
    out.append(text[last:])
    return "".join(out), new


def _step_texts(step: Step) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """A step's texts in the order a learner meets them (goal, question, hints), and its endings."""
    opening = [getattr(step, name) for name in OPENING if getattr(step, name)] + list(step.hints)
    endings = [getattr(step, name) for name in ENDINGS if getattr(step, name)]
    return opening, endings + [variant["text"] for variant in step.successes]


def link_terms(lesson: Lesson, forms: dict[str, dict[str, str]]) -> dict[str, set[str]]:
    """Mark, in each language of `forms` ({lang: {form: entry id}}), the first time the lesson uses
    each entry in a goal, question, hint, success text or explanation. The two endings of a step are
    alternatives, so a term first met at a step's end is linked in both. Changes the lesson's texts;
    returns the entries linked per language."""
    linked: dict[str, set[str]] = {}
    for lang, lang_forms in forms.items():
        pattern = matcher(lang_forms)
        seen: set[str] = set()
        linked[lang] = seen
        if pattern is None:
            continue
        for step in lesson.steps:
            opening, endings = _step_texts(step)
            for text in opening:
                if lang in text:
                    text[lang], new = _link(text[lang], pattern, lang_forms, seen)
                    seen |= new
            found: set[str] = set()
            for text in endings:
                if lang in text:
                    text[lang], new = _link(text[lang], pattern, lang_forms, seen)
                    found |= new
            seen |= found
    return linked
