"""The static pages and the web app manifest, rendered in each of the site's languages."""
from __future__ import annotations

import html
import json
import sys
from pathlib import Path
from typing import Sequence

from . import templates
from .glossary import glossary_html, signs_html
from .lessons import lesson_index_json, lesson_list_html
from .project import ROOT, WEB
from .scenarios import scenario_list_html

PAGES = WEB / "pages"


def N_(message: str) -> str:
    """Marks a message for extraction (babel.cfg reads this file); translated where it is used."""
    return message


MANIFEST_NAME = N_("Perlaggen: learn the Tyrolean card game")
MANIFEST_DESCRIPTION = N_("Learn and practise Perlaggen, the Tyrolean card game with wild cards.")


ROOT_ONLY = ("bench",)   # folders of pages that exist once, at the root, in no language but English


def page_languages(rel: Path, languages: dict[str, str]) -> dict[str, str]:
    """The languages a page exists in: every language, or English alone for a root-only page."""
    if rel.parts[0] in ROOT_ONLY:
        return {code: folder for code, folder in languages.items() if not folder}
    return languages


def write_pages(out: Path, root: str, lang: str, gettext, variables: dict[str, str],
                languages: dict[str, str]) -> None:
    """Every web/pages/*.html into `out` (the language's folder, `root` the way back to dist/)."""
    for page in sorted(PAGES.rglob("*.html")):
        rel = page.relative_to(PAGES)
        exists_in = page_languages(rel, languages)
        if lang not in exists_in:
            continue
        page_root = root + "../" * (len(rel.parts) - 1)
        text = templates.render(page.read_text(encoding="utf-8"), gettext=gettext,
                                variables={**variables, "lang": lang, "root": page_root or "./",
                                           **language_variables(lang, rel, page_root, exists_in)})
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text, encoding="utf-8")


def write_manifest(out: Path, root: str, lang: str, gettext) -> None:
    manifest = {
        "name": gettext(MANIFEST_NAME), "short_name": "Perlaggen", "description": gettext(MANIFEST_DESCRIPTION),
        "lang": lang, "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": "#165e3a", "theme_color": "#165e3a",
        "icons": [
            {"src": f"{root}icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": f"{root}icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{root}icons/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any maskable"},
        ],
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=1))


def rule_set_options(gettext) -> str:
    """The sandbox's rule-set chooser: every rule set a player may pick, named in the language."""
    sys.path.insert(0, str(ROOT))
    try:
        from perlaggen_core.rules import OFFERED
        from perlaggen_core.words.names import RULE_SETS
    finally:
        sys.path.remove(str(ROOT))
    return "".join(templates.render_partial(
        "rule-set-option", gettext=gettext,
        variables={"rs_name": name, "rs_label": html.escape(gettext(RULE_SETS[name])),
                   "rs_selected": " selected" if name == "innsbruck" else ""}).strip() for name in OFFERED)


# Each language's name in itself, for the switch in the header.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


def language_variables(lang: str, rel: Path, page_root: str, languages: dict[str, str]) -> dict[str, str]:
    """For one page: the early redirect's folder map (only the languages the page exists in, so a
    root-only page never moves), its <link rel="alternate"> per language, and the header's switch
    to each other language (none with one): a real link to the page there, remembered by ?lang=."""
    folders = {code: f"{folder}/" if folder else "" for code, folder in languages.items()}
    href = {code: html.escape(f"{page_root or './'}{folders[code]}{rel.as_posix()}") for code in languages}
    alternates = "".join(f'<link rel="alternate" hreflang="{code}" href="{href[code]}">'
                         for code in languages) if len(languages) > 1 else ""
    switch = "".join(
        f'<a class="language-switch" href="{href[code]}?lang={code}" hreflang="{code}" lang="{code}" '
        f'data-lang="{code}">{LANGUAGE_NAMES.get(code, code)}</a>' for code in languages if code != lang)
    return {"language_folders": json.dumps(folders), "language_alternates": alternates, "language_switch": switch}


def write_language(dist: Path, folder: str, lang: str, gettext, lessons: list[dict], terms: list[dict],
                   variables: dict[str, str], languages: dict[str, str], scenarios: Sequence[dict] = ()) -> None:
    """One language's pages and manifest under dist/FOLDER ("" is the root)."""
    out = dist / folder
    root = "../" * len(Path(folder).parts)
    numbers = {lesson["id"]: place for place, lesson in enumerate(lessons, 1)}   # as the lessons page numbers them
    write_pages(out, root, lang, gettext, {**variables, "lesson_list": lesson_list_html(lessons, lang),
                                           "lesson_index": lesson_index_json(lessons, lang),
                                           "variant_options": rule_set_options(gettext),
                                           "glossary": glossary_html(terms, lang, gettext, numbers),
                                           "glossary_signs": signs_html(gettext),
                                           "scenario_list": scenario_list_html(list(scenarios), lang, gettext)},
                languages)
    write_manifest(out, root, lang, gettext)
