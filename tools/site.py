"""The site build: everything in dist/, from the runtime files to the service worker."""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import re
import shutil
import zipfile
from pathlib import Path
from typing import Callable

from . import glossary, i18n, pages
from .env import ensure_node_modules
from .icons import write_icons
from .lessons import compile_lessons
from .project import BUILD, DIST, LESSONS, NODE_MODULES, PUZZLES, ROOT, SCENARIOS, WEB, log, sha256
from .puzzles import compile_puzzles
from .pyc import compile_for_pyodide
from .runtime import PYSCRIPT_PLUGINS_OFF, copy_runtime
from .scenarios import compile_scenarios
from .wheel import build_wheel, without_notes
from .worker import write_service_worker

# Languages the static pages are rendered in: language -> folder under dist/ ("" is the root).
# A language needs web/locale/LANG/LC_MESSAGES/messages.po (and its lesson texts); see docs/site.md.
LANGUAGES = {"en": "", "de": "de"}
COMPILED_LOCALE = BUILD / "locale"      # the .mo files, as the site archive carries them
# Standard library modules the site imports that Pyodide ships as source only (its stdlib zip holds
# no byte code): the archive carries their byte code as NAME.pyc, which Python finds in the working
# directory before the stdlib zip, so the page does not compile them at each load (gettext: ~25 ms).
STDLIB_BYTE_CODE = ("gettext",)
# web/py holds a folder (a package) per page and `common/` for what every page shares. Each folder
# travels in an archive of its own, py/FOLDER.zip, that only the pages which name it in
# <meta name="perlaggen:page-archives"> fetch (beside py/site.zip, which carries common/ and
# PyScript's byte code, while Pyodide boots); the editor's archive is fetched by the teacher page
# when the editor is first opened.
SHARED_FOLDER = "common"
SITE_FOLDERS = tuple(sorted(p.name for p in (WEB / "py").iterdir() if (p / "__init__.py").exists()))
PAGE_ARCHIVES = tuple(f"{folder}.zip" for folder in SITE_FOLDERS if folder != SHARED_FOLDER)
# The Python snapshot is made from site.zip and these page archives, so any page restores their
# modules: all but the teacher's and the editor's (a teacher's modules load on the teacher page only).
START_ARCHIVES = tuple(a for a in PAGE_ARCHIVES if a not in ("teacher.zip", "editor.zip"))
# A page's Python starts in web/py/FOLDER/main.py; its first archive names that folder. Each such page
# reads a catalog of its own, py/locale-LANG-FOLDER.zip, with only the messages its Python can show.
PAGE_FOLDERS = tuple(folder for folder in SITE_FOLDERS if (WEB / "py" / folder / "main.py").exists())


def folders_used(folder: str) -> tuple[str, ...]:
    """The web/py folders a page's Python may run: `folder`, the shared one and every folder they
    import (also inside functions, as the teacher page opens the editor), found in the sources."""
    found, todo = {SHARED_FOLDER}, [folder]
    while todo:
        current = todo.pop()
        found.add(current)
        for path in (WEB / "py" / current).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                         else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
                todo += [top for top in (n.split(".")[0] for n in names) if top in SITE_FOLDERS and top not in found]
    return tuple(sorted(found))


def load_web_module(name: str):
    """Import a module of web/py ("common.i18n"; one that imports no other site module, shared by
    the build and the browser) under a private name."""
    spec = importlib.util.spec_from_file_location(f"_web_{name.replace('.', '_')}",
                                                  WEB / "py" / f"{name.replace('.', '/')}.py")
    assert spec is not None and spec.loader is not None   # a file's spec always has a loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CSS_COMMENT = re.compile(r"/\*.*?\*/\n?", re.S)   # no sheet of ours has "/*" inside a string


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    """A zip of `entries` with fixed timestamps, so identical inputs give identical bytes; compressed
    hardest, since every page downloads them."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return path


def write_site_archive(folder: Path, catalogs: dict[str, Path], compiled_locale: Path = COMPILED_LOCALE) -> Path:
    """The site's own Python (web/py) as byte code alone (sourceless NAME.pyc: the sources would add a
    quarter to every page's download; a traceback in the browser then names files and lines without
    quoting them), compiled `without_notes` (no docstrings: every line stays where it is), the byte code of PyScript's package
    (PyScript writes the sources at start-up; the byte code waits in pyscript/__pycache__) and of
    STDLIB_BYTE_CODE, in one zip that the pages fetch while Pyodide boots and unpack into Python's
    working directory. Each compiled catalog (locale/LANG/LC_MESSAGES/messages.mo) has a zip of its
    own for each page, locale-LANG-FOLDER.zip with the part a page of PAGE_FOLDERS shows (the same
    path inside, locale/LANG/LC_MESSAGES/messages.mo), fetched beside it by that page alone."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = {p.relative_to(WEB / "py").as_posix(): p.read_text(encoding="utf-8")
               for p in sorted((WEB / "py").rglob("*.py"))}
    entries = {name: text.encode() for name, text in sources.items()}
    with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as stdlib:
        stdlib_sources = {f"{name}.py": stdlib.read(f"{name}.py").decode() for name in STDLIB_BYTE_CODE}
    ours = {name: without_notes(text.encode()).decode() for name, text in sources.items()}
    compiled = compile_for_pyodide({**ours, **stdlib_sources}, with_pyscript=True)
    for name in STDLIB_BYTE_CODE:   # sourceless: beside no .py, Python loads NAME.pyc itself
        pyc = next(rel for rel in compiled if rel.startswith(f"__pycache__/{name}.cpython-"))
        entries[f"{name}.pyc"] = compiled.pop(pyc)
    for rel in sources:             # ours sourceless too: FOLDER/NAME.pyc in place of FOLDER/NAME.py
        folder_name, _sep, module = rel.rpartition("/")
        pyc = next(p for p in compiled if p.startswith(f"{folder_name}/__pycache__/{module.removesuffix('.py')}.cpython-"))
        del entries[rel]
        entries[f"{rel}c"] = compiled.pop(pyc)
    entries.update(compiled)
    for lang, mo in catalogs.items():
        for page in PAGE_FOLDERS:
            write_zip(folder / f"locale-{lang}-{page}.zip",
                      {f"locale/{mo.relative_to(compiled_locale).as_posix()}": i18n.page_mo(mo, page).read_bytes()})
    for archive in PAGE_ARCHIVES:
        write_zip(folder / archive, {name: entries.pop(name) for name in list(entries)
                                     if folder_of(name) == archive.removesuffix(".zip")})
    return write_zip(folder / "site.zip", entries)


def python_build_version(dist: Path) -> str:
    """A hash of what a memory snapshot of the pages' Python is made from: the Pyodide runtime, the
    engine wheel, the site's Python archives and the start-up scripts (js/*.mjs). The pages key their
    stored snapshot by it, so a build that changes any of these never restores an old one."""
    h = hashlib.sha256()
    for path in sorted([*(dist / "pyodide").iterdir(), *(dist / "wheels").iterdir(), *(dist / "py").iterdir(),
                        *(dist / "js").glob("*.mjs")]):
        h.update(path.relative_to(dist).as_posix().encode() + b"\0" + sha256(path.read_bytes()).encode())
    return h.hexdigest()[:16]


def folder_of(entry: str) -> str | None:
    """The web/py folder an archive entry belongs to ("table/main.pyc", "table/__pycache__/main.cpython-314.pyc"),
    else None (PyScript's package, the standard library's byte code)."""
    folder = entry.split("/")[0]
    return folder if folder in SITE_FOLDERS else None


def compiled_locale_for(dist: Path) -> Path:
    """Where a build puts its .mo files: build/locale for dist/, a folder of its own for another."""
    return COMPILED_LOCALE if dist == DIST else BUILD / f"locale-{dist.name}"


def build(dist: Path = DIST, languages: dict[str, str] | None = None, extra_catalogs: dict | None = None,
          lesson_texts: dict[str, Callable[[str], str]] | None = None) -> dict:
    """Build the whole site into dist/ and return a summary (used by the tests and the benchmark).

    `languages` (default LANGUAGES), `extra_catalogs` ({language: Babel catalog} beside web/locale's)
    and `lesson_texts` ({language: English lesson text -> that language's}, for the built-in scenarios'
    texts too) let the tests build a site
    in a language of their own (tools/pseudo.py)."""
    languages = LANGUAGES if languages is None else languages
    compiled_locale = compiled_locale_for(dist)
    node = ensure_node_modules()
    wheel = build_wheel()
    shutil.rmtree(compiled_locale, ignore_errors=True)
    catalogs = i18n.compile_all(compiled_locale, list(languages), extra=extra_catalogs,
                                pages={page: folders_used(page) for page in PAGE_FOLDERS})
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    copy_runtime(node, dist)
    (dist / "wheels").mkdir()
    shutil.copyfile(wheel, dist / "wheels" / wheel.name)
    for folder in ("css", "js", "icons"):
        shutil.copytree(WEB / folder, dist / folder)
    for sheet in (dist / "css").glob("*.css"):     # the comments are for us, not for every download
        sheet.write_text(CSS_COMMENT.sub("", sheet.read_text(encoding="utf-8")), encoding="utf-8")
    write_icons(dist / "icons")

    site_archive = write_site_archive(dist / "py", catalogs, compiled_locale)
    plugins = [f"!{p}" for p in PYSCRIPT_PLUGINS_OFF]
    for folder in languages.values():   # PyScript finds the interpreter from the page: a config per folder
        back = "../" * len(Path(folder).parts) or "./"
        (dist / folder).mkdir(parents=True, exist_ok=True)
        (dist / folder / "pyscript.json").write_text(json.dumps({
            # hands over the Pyodide the page started early, with the wheel and site archive unpacked
            "interpreter": f"{back}js/early-pyodide.mjs", "plugins": plugins}, indent=1))

    scenarios = compile_scenarios(SCENARIOS, dist / "scenarios", lesson_texts, list(languages))
    # every language with a catalog of its own needs its meanings; a test language borrows English's
    terms = glossary.load(sorted({"en", *languages} - set(extra_catalogs or {})), None, known=set(LANGUAGES))
    lessons = compile_lessons(LESSONS, dist / "lessons", terms, lesson_texts, list(languages))
    glossary.check_lessons(terms, {l["id"] for l in lessons})
    compile_puzzles(PUZZLES, dist / "puzzles", [l["id"] for l in lessons],
                    [lang for lang in languages if lang not in (extra_catalogs or {})])
    web_i18n, cards = load_web_module("common.i18n"), load_web_module("common.cardfaces")
    variables = {
        "wheel": wheel.name,
        "site_archive": site_archive.name,
        "python_build": python_build_version(dist),
        "sprite": cards.sprite(),
        "hero_cards": "".join(cards.card_svg(c, perlagg=c in ("HK", "S6", "E7")) for c in ("HK", "S6", "E7", "LA")),
        "mpy_config": json.dumps({"plugins": plugins}),
    }
    for lang, folder in languages.items():   # through the very catalogs the site ships
        gettext = web_i18n.translations(lang, compiled_locale).gettext
        own = {**variables, "catalog_prefix": json.dumps(f"locale-{lang}-" if lang in catalogs else ""),
               "snapshot_archives": json.dumps(list(START_ARCHIVES))}
        pages.write_language(dist, folder, lang, gettext, lessons, terms, own, languages, scenarios)

    precache = write_service_worker(dist)
    log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
        f"{len(precache)} files precached, wheel {wheel.name}")
    return {"dist": dist, "wheel": wheel.name, "precache": precache}


def ensure_built() -> Path:
    """dist/ as `build.py test` left it; built once under a lock when pytest runs on its own."""
    import fcntl

    lock_path = BUILD / ".site-lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (DIST / "sw.js").exists():
            build()
    return DIST
