"""The static pages and the web app manifest, rendered in each of the site's languages."""
from __future__ import annotations

import json
from pathlib import Path

from . import templates
from .lessons import lesson_list_html
from .project import WEB
from .scenarios import scenario_list_html

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


def write_language(dist: Path, folder: str, lang: str, gettext, lessons: list[dict],
                   variables: dict[str, str], scenarios: list[dict] = ()) -> None:
    """One language's pages and manifest under dist/FOLDER ("" is the root)."""
    out = dist / folder
    root = "../" * len(Path(folder).parts)
    write_pages(out, root, lang, gettext, {**variables, "lesson_list": lesson_list_html(lessons, lang),
                                           "scenario_list": scenario_list_html(list(scenarios), lang, gettext)})
    write_manifest(out, root, lang, gettext)
