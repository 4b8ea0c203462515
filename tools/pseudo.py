"""A pseudo-language for the tests: every message of the catalogs transformed (each letter accented,
the whole bracketed, placeholders kept), and the site built in it into a folder of its own.

The lesson texts and the built-in scenarios' texts of that build are the English ones transformed the
same way (the lessons' glossary links kept), so a page of that build shows no plain ASCII letter that
came through a catalog or a lesson's or scenario's language, and a browser test can find every string that bypasses them
(tests/browser/test_pseudo_language.py). The language never ships: `build.py` builds the real
languages only.
"""
from __future__ import annotations

import re
import string

from . import glossary
from .project import BUILD, DIST
from .site import LANGUAGES, build, compiled_locale_for

PSEUDO = "qps"                            # a private-use language code (qaa-qtz), as Windows' pseudo-locales use
PSEUDO_DIST = BUILD / "pseudo-dist"
PSEUDO_LOCALE = compiled_locale_for(PSEUDO_DIST)   # its .mo files, for the tests' own words
OPEN, CLOSE = "⟦", "⟧"
_ACCENTED = dict(zip(string.ascii_letters,
                     "áƀçðéƒĝĥîĵķļɱñöþǫŕšţüṽŵẋýž"
                     "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"))
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def accent(text: str) -> str:
    """Every ASCII letter accented: 'Deal' -> 'Ðéáļ'."""
    return "".join(_ACCENTED.get(c, c) for c in text)


def transform(text: str) -> str:
    """'Deal {n}: {points}' -> '⟦Ðéáļ {n}: {points}⟧': letters accented, placeholders as they are."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    return OPEN + "".join(p if i % 2 else accent(p) for i, p in enumerate(parts)) + CLOSE


def lesson_text(text: str) -> str:
    """A lesson's English text in the pseudo-language: bracketed, every word accented, its glossary
    links ([[words|id]]) kept where they are."""
    from perlaggen_core.lesson import map_words

    return OPEN + map_words(text, accent) + CLOSE if text else text


def catalog():
    """The pseudo-language's catalog: every message of messages.pot (with where it is marked, so each
    page gets its part as a real language's page does), and the glossary's English meanings (a
    language without meanings of its own shows them through its catalog), transformed."""
    from babel.messages.catalog import Catalog

    from .i18n import POT, read

    pseudo = Catalog(locale=None, project="Perlaggen", fuzzy=False)
    for message in read(POT):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else None
        pseudo.add(message.id, tuple(map(transform, ids)) if ids else transform(message.id),
                   locations=message.locations, context=message.context, flags=message.flags)
    for entry in glossary.load(["en"], lessons=None, known=set(LANGUAGES)):
        pseudo.add(entry["en"], transform(entry["en"]))
    return pseudo


def build_pseudo() -> dict:
    """The site in the pseudo-language alone, at the root of build/pseudo-dist/."""
    return build(PSEUDO_DIST, languages={PSEUDO: ""}, extra_catalogs={PSEUDO: catalog()},
                 lesson_texts={PSEUDO: lesson_text})


def ensure_pseudo_built():
    """build/pseudo-dist as fresh as dist/ (built once per test run, under the build's lock)."""
    import fcntl

    lock_path = BUILD / ".site-lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp, main = PSEUDO_DIST / "sw.js", DIST / "sw.js"
        if not stamp.exists() or (main.exists() and stamp.stat().st_mtime < main.stat().st_mtime):
            build_pseudo()
    return PSEUDO_DIST

