"""The static pages and the web app manifest, rendered in each of the site's languages."""
from __future__ import annotations

import html
import json
import sys
from pathlib import Path

from . import templates
from .lessons import lesson_list_html
from .project import ROOT, WEB

PAGES = WEB / "pages"


def N_(message: str) -> str:
    """Marks a message for extraction (babel.cfg reads this file); translated where it is used."""
    return message


MANIFEST_NAME = N_("Perlaggen: learn the Tyrolean card game")
MANIFEST_DESCRIPTION = N_("Learn and practise Perlaggen, the Tyrolean card game with wild cards.")


def write_pages(out: Path, root: str, lang: str, gettext, variables: dict[str, str]) -> None:
    """Every web/pages/*.html into `out` (the language's folder, `root` the way back to dist/)."""
    for page in sorted(PAGES.rglob("*.html")):
        rel = page.relative_to(PAGES)
        if root and rel.parts[0] == "bench":   # the benchmark page exists once, at the root
            continue
        page_root = root + "../" * (len(rel.parts) - 1)
        text = templates.render(page.read_text(encoding="utf-8"), gettext=gettext,
                                variables={**variables, "lang": lang, "root": page_root or "./"})
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


def language_variables(lang: str, languages: dict[str, str]) -> dict[str, str]:
    """The early redirect's folder map and the header's switch to the other language (none with one)."""
    folders = {code: f"{folder}/" if folder else "" for code, folder in languages.items()}
    others = [code for code in languages if code != lang]
    switch = "".join(
        f'<a class="language-switch" href="?lang={code}" hreflang="{code}" lang="{code}" '
        f'data-lang="{code}">{LANGUAGE_NAMES[code]}</a>' for code in others)
    return {"language_folders": json.dumps(folders), "language_switch": switch}


def write_language(dist: Path, folder: str, lang: str, gettext, lessons: list[dict],
                   variables: dict[str, str], languages: dict[str, str]) -> None:
    """One language's pages and manifest under dist/FOLDER ("" is the root)."""
    out = dist / folder
    root = "../" * len(Path(folder).parts)
    write_pages(out, root, lang, gettext, {**variables, "lesson_list": lesson_list_html(lessons, lang),
                                           "variant_options": rule_set_options(gettext),
                                           **language_variables(lang, languages)})
    write_manifest(out, root, lang, gettext)
