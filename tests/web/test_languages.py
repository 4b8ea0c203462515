"""The site in each of its languages: every page under its folder, the early redirect that never
leads to a missing page, the alternates, the manifests, the precache, and the glossary's data."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import glossary
from tools.site import LANGUAGES, ensure_built
from tools.pages import PAGES, ROOT_ONLY

FOLDERS_MAP = re.compile(r"const folders = (\{[^}]*\})")


@pytest.fixture(scope="module")
def dist() -> Path:
    return ensure_built()


def pages() -> list[Path]:
    return sorted(p.relative_to(PAGES) for p in PAGES.rglob("*.html"))


def test_every_page_is_built_in_each_language_and_root_only_pages_once(dist):
    for rel in pages():
        for lang, folder in LANGUAGES.items():
            built = dist / folder / rel
            if rel.parts[0] in ROOT_ONLY and folder:
                assert not built.exists(), f"{built} should exist at the root only"
            else:
                assert built.exists(), f"{rel} is missing in {lang!r}"
                if rel.parts[0] not in ROOT_ONLY:
                    assert f'<html lang="{lang}">' in built.read_text(), built


def test_the_early_redirect_only_knows_languages_the_page_exists_in(dist):
    for page in sorted(dist.rglob("*.html")):
        text = page.read_text()
        match = FOLDERS_MAP.search(text)
        if match is None:          # a page without the redirect (the benchmark's bare page)
            continue
        lang = re.search(r'<html lang="([^"]+)"', text).group(1)
        here = page.relative_to(dist / LANGUAGES[lang]) if LANGUAGES[lang] else page.relative_to(dist)
        for code, folder in json.loads(match.group(1)).items():
            assert (dist / folder / here).exists(), f"{page} would send {code!r} to a missing {folder}{here}"


def test_each_page_names_its_other_languages_and_links_the_switch_there(dist):
    for rel in pages():
        if rel.parts[0] in ROOT_ONLY:
            continue
        for lang, folder in LANGUAGES.items():
            page = dist / folder / rel
            text = page.read_text()
            alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', text))
            assert set(alternates) == set(LANGUAGES), page
            for href in alternates.values():
                assert (page.parent / href).resolve().exists(), f"{page}: {href}"
            switches = re.findall(r'class="language-switch" href="([^"?]+)\?lang=([a-z]+)"', text)
            assert sorted(code for _href, code in switches) == sorted(set(LANGUAGES) - {lang}), page
            for href, code in switches:
                assert (page.parent / href).resolve() == (dist / LANGUAGES[code] / rel).resolve()


def test_each_language_has_its_config_and_manifest_and_the_worker_precaches_its_pages(dist):
    sw = (dist / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    for lang, folder in LANGUAGES.items():
        config = json.loads((dist / folder / "pyscript.json").read_text())   # PyScript reads it from the page
        assert (dist / folder / config["interpreter"]).resolve() == (dist / "js" / "early-pyodide.mjs").resolve()
        manifest = json.loads((dist / folder / "manifest.webmanifest").read_text())
        assert manifest["lang"] == lang and manifest["start_url"] == "./"
        for icon in manifest["icons"]:
            assert (dist / folder / icon["src"]).resolve().exists()
        prefix = f"./{folder}/" if folder else "./"
        assert prefix in precache
        for rel in pages():
            if rel.parts[0] not in ROOT_ONLY:
                assert prefix + rel.as_posix() in precache


# --------------------------------------------------------------------------- the glossary
ENTRY = {"id": "gleich", "term": "Gleich", "en": "A set.", "de": "Ein Satz.", "lesson": "figures"}


def check(*entries: dict, lessons=frozenset({"figures"})) -> list[dict]:
    return glossary.validate({"term": list(entries)}, Path("web/glossary.toml"), ["en", "de"], set(lessons))


@pytest.mark.parametrize("entry, problem", [
    ({**ENTRY, "de": ""}, "entry 'gleich': field 'de' is missing or empty"),
    ({k: v for k, v in ENTRY.items() if k != "term"}, "entry 'gleich': field 'term' is missing"),
    ({**ENTRY, "id": "Gleich!"}, "entry 'Gleich!': field 'id': 'Gleich!' is not an id"),
    ({**ENTRY, "lesson": "nowhere"}, "entry 'gleich': field 'lesson': there is no lesson 'nowhere'"),
    ({**ENTRY, "fr": "Un ensemble."}, "entry 'gleich': field 'fr' is unknown"),
    ({**ENTRY, "aliases": "viertig"}, "entry 'gleich': field 'aliases' must be a list of ids"),
])
def test_a_glossary_mistake_names_the_file_the_entry_and_the_field(entry, problem):
    with pytest.raises(glossary.GlossaryError) as info:
        check(entry)
    assert str(info.value).startswith("web/glossary.toml: ") and problem in str(info.value)


def test_a_glossary_id_is_used_once_counting_the_aliases():
    with pytest.raises(glossary.GlossaryError, match="entry 'hanger': field 'aliases': 'gleich' is used twice"):
        check(ENTRY, {**ENTRY, "id": "hanger", "aliases": ["gleich"]})


def test_the_glossary_is_built_in_each_language_with_an_anchor_per_id_and_its_lesson(dist):
    entries = glossary.load(list(LANGUAGES), lessons=None)
    lessons = {lesson["id"] for lesson in json.loads((dist / "lessons" / "lessons.json").read_text())["lessons"]}
    for lang, folder in LANGUAGES.items():
        text = (dist / folder / "glossary.html").read_text()
        for entry in entries:
            for anchor in [entry["id"], *entry.get("aliases", [])]:
                assert text.count(f'id="{anchor}"') == 1, (lang, anchor)
        linked = re.findall(r'href="lesson\.html#/([a-z0-9-]+)"', text)
        assert set(linked) <= lessons and len(linked) == sum("lesson" in e for e in entries)
    for page in ("index.html", "lessons.html"):   # the header's nav and the home page lead there
        assert 'href="glossary.html"' in (dist / page).read_text()


def test_the_glossary_sorts_as_a_german_dictionary():
    terms = [e["term"] for e in sorted(
        [{"term": t} for t in ("Höll auf", "halten", "Hanger", "gut", "Ass")], key=glossary.sort_key)]
    assert terms == ["Ass", "gut", "halten", "Hanger", "Höll auf"]
