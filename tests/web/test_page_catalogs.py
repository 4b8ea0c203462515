"""A page in another language reads only its part of the catalog (py/locale-LANG-FOLDER.zip, issue 23):
every message its Python can show, the engine's words included, and none that only another page shows."""
from __future__ import annotations

import gettext
import io
import zipfile
import zlib

import pytest

from tools.project import LOCALE
from tools.site import COMPILED_LOCALE, DIST, PAGE_FOLDERS, SITE_FOLDERS, ensure_built, folders_used

pytestmark = pytest.mark.site


def shipped(page: str) -> gettext.GNUTranslations:
    with zipfile.ZipFile(DIST / "py" / f"locale-de-{page}.zip") as archive:
        return gettext.GNUTranslations(io.BytesIO(archive.read("locale/de/LC_MESSAGES/messages.mo")))


def translated() -> list[tuple[str, str, set[str]]]:
    """(msgid, German, the folders marking it) of the German catalog's plain messages."""
    from babel.messages.pofile import read_po
    with open(LOCALE / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f, locale="de")
    return [(m.id, m.string, {path for path, _line in m.locations}) for m in catalog
            if m.id and isinstance(m.id, str) and not m.context and m.string]


def test_a_page_runs_the_folders_it_imports_the_teacher_page_its_editor_too():
    assert folders_used("lessons") == ("common", "lessons")
    assert folders_used("sandbox") == ("common", "review", "sandbox")
    assert set(folders_used("teacher")) == {"common", "editor", "review", "teacher"}   # the editor opens later
    assert set(PAGE_FOLDERS) == {"lessons", "practice", "sandbox", "table", "teacher"}


@pytest.mark.parametrize("page", ["lessons", "sandbox", "teacher"])
def test_a_pages_catalog_holds_what_its_python_shows_and_nothing_only_others_show(page):
    ensure_built()
    catalog, own = shipped(page), [f"web/py/{f}/" for f in folders_used(page)] + ["perlaggen_core/", "tools/"]
    others = [f"web/py/{f}/" for f in SITE_FOLDERS if f not in folders_used(page)]
    kept = dropped = 0
    for msgid, german, where in translated():
        if any(path.startswith(tuple(own)) for path in where):
            assert catalog.gettext(msgid) == german, (page, msgid)
            kept += 1
        elif all(path.startswith(tuple(others)) or path.startswith("web/pages/") or path.startswith("web/partials/")
                 for path in where):
            assert catalog.gettext(msgid) == msgid, (page, msgid)     # not shipped: the page never shows it
            dropped += 1
    assert kept > 400 and dropped > 50


def test_the_lesson_pages_catalog_is_a_good_deal_smaller_than_the_whole():
    ensure_built()
    whole = zlib.compress((COMPILED_LOCALE / "de" / "LC_MESSAGES" / "messages.mo").read_bytes(), 9)
    lessons = (DIST / "py" / "locale-de-lessons.zip").stat().st_size
    assert lessons < 0.8 * len(whole), (lessons, len(whole))
