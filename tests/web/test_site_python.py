"""The site's Python under CPython: translation, card drawing, table HTML, the controller, and the build tools."""
from __future__ import annotations

import json
import re
import zipfile
import xml.etree.ElementTree as ET

import pytest

from common import cardfaces as cards
from common import i18n
from common import tableview as tv
from table.session import DEFAULT_SEED, Session
from perlaggen_core.cards import full_pack
from common.scoresheet import score_sheet_html
from common.pagewords import card_names
from tools import i18n as tools_i18n
from tools.icons import icon_pixel, png_bytes
from tools.project import NODE_MODULES, ROOT, WEB
from tools.runtime import PYODIDE_RUNTIME
from tools.server import start_server
from tools.site import LANGUAGES, PAGE_ARCHIVES, PAGE_FOLDERS, STDLIB_BYTE_CODE, ensure_built, folder_of
from tools.worker import site_files, write_service_worker

NAMES = card_names()


# --------------------------------------------------------------------------- i18n
GERMAN_PO = r'''
msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=UTF-8\n"

msgid "Table"
msgstr "Tisch"

msgid "Long"
msgstr ""
"Lang "
"und mehr"

msgid "Deal {n}"
msgstr "Spiel {n}"

msgid "{n} card in hand"
msgid_plural "{n} cards in hand"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgctxt "figure"
msgid "Spiel"
msgstr "Spiel (Figur)"

msgctxt "seat"
msgid "{n} sign"
msgid_plural "{n} signs"
msgstr[0] "{n} Zeichen"
msgstr[1] "{n} Zeichen (viele)"

#, fuzzy
msgid "Fuzzy"
msgstr "Unsicher"

msgid "Untranslated"
msgstr ""
'''


def write_po(locale, text: str, lang: str = "de"):
    path = locale / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    return path


def test_compiled_catalogs_translate_through_pythons_gettext(tmp_path):
    write_po(tmp_path / "src", GERMAN_PO)
    compiled = tools_i18n.compile_all(tmp_path / "out", ["en", "de"], locale=tmp_path / "src")
    assert compiled == {"de": tmp_path / "out" / "de" / "LC_MESSAGES" / "messages.mo"}
    try:
        assert i18n.use("de", tmp_path / "out") == "de"
        assert (i18n._("Table"), i18n._("Long"), i18n._("Deal {n}", n=3)) == ("Tisch", "Lang und mehr", "Spiel 3")
        assert i18n.ngettext("{n} card in hand", "{n} cards in hand", 1) == "1 Karte"
        assert i18n.ngettext("{n} card in hand", "{n} cards in hand", 3) == "3 Karten"
        assert i18n.pgettext("figure", "Spiel") == "Spiel (Figur)" and i18n._("Spiel") == "Spiel"
        assert i18n.npgettext("seat", "{n} sign", "{n} signs", 2) == "2 Zeichen (viele)"
        assert i18n._("Fuzzy") == "Fuzzy" and i18n._("Untranslated") == "Untranslated"
        i18n.use("en", tmp_path / "out")   # English is the source: every message is its own msgid
        assert i18n._("Table") == "Table" and i18n._("Deal {n}", n=2) == "Deal 2"
        assert i18n.ngettext("{n} card in hand", "{n} cards in hand", 1) == "1 card in hand"
        assert i18n.npgettext("seat", "{n} sign", "{n} signs", 2) == "2 signs"
    finally:
        i18n.use("en")


@pytest.mark.parametrize("text, problem", [
    (GERMAN_PO.replace('msgstr "Tisch"', 'msgstr "Tisch"\nTisch'), "cannot be read"),
    (GERMAN_PO.replace('msgstr "Tisch"', ''), "cannot be read"),
    (GERMAN_PO.replace('msgstr "Spiel {n}"', 'msgstr "Spiel {nummer}"'), "uses ['nummer']"),
])
def test_a_broken_catalog_stops_the_build_naming_the_file(tmp_path, text, problem):
    po = write_po(tmp_path, text)
    with pytest.raises(SystemExit) as info:
        tools_i18n.compile_all(tmp_path / "out", ["en", "de"], locale=tmp_path)
    assert str(po) in str(info.value) and problem in str(info.value)


def test_a_language_without_its_catalog_stops_the_build(tmp_path):
    with pytest.raises(SystemExit) as info:
        tools_i18n.compile_all(tmp_path / "out", ["en", "fr"], locale=tmp_path)
    assert str(tmp_path / "fr" / "LC_MESSAGES" / "messages.po") in str(info.value)


def test_extraction_finds_every_kind_of_message(tmp_path):
    (tmp_path / "web" / "py").mkdir(parents=True)
    (tmp_path / "web" / "pages").mkdir()
    (tmp_path / "perlaggen_core").mkdir()
    (tmp_path / "web" / "py" / "view.py").write_text(
        'x = f\'<p>{escape(_("In an f-string {n}", n=1))}</p>\'\n'
        'y = ngettext("{n} card", "{n} cards", 2) + pgettext("figure", "Spiel")\n')
    (tmp_path / "perlaggen_core" / "rules.py").write_text(
        'A = N_("Marked only")\nB = npgettext("seat", "{n} sign", "{n} signs", 3)\nC = print("not a message")\n')
    (tmp_path / "web" / "pages" / "p.html").write_text("<h1>{{_ A   page\n  title}}</h1>{{$ value}}")
    found = {(m.context, m.id) for m in tools_i18n.extract(tmp_path) if m.id}
    assert found == {(None, "In an f-string {n}"), (None, ("{n} card", "{n} cards")), ("figure", "Spiel"),
                     (None, "Marked only"), ("seat", ("{n} sign", "{n} signs")), (None, "A page title")}


def test_messages_pot_lists_every_message_of_the_sources():
    pot = tools_i18n.read(tools_i18n.POT)
    assert tools_i18n.message_keys(pot) == tools_i18n.message_keys(tools_i18n.extract()), \
        "run `python3 build.py i18n` and commit web/locale"
    known = {(m.context, m.id) for m in pot if m.id}
    for lang, po in tools_i18n.po_files().items():
        listed = {(m.context, m.id) for m in tools_i18n.read(po, lang) if m.id}
        assert listed == known, f"{po}: run `python3 build.py i18n` and commit web/locale"


def test_templates_use_the_translation_function_for_their_text():
    """Outside {{_ ...}} tags, the page templates hold markup only, no words a user would read."""
    for page in (WEB / "pages").glob("*.html"):
        text = re.sub(r"\{\{.*?\}\}", "", page.read_text(), flags=re.S)
        text = re.sub(r"<(script|style|mpy-config)\b.*?</\1>", "", text, flags=re.S)
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        words = re.findall(r">\s*([^<>]*?[A-Za-z]{3,}[^<>]*?)\s*<", text)
        words = [w for w in words if re.sub(r"Perlaggen|[^A-Za-z]", "", w)]   # the name is not translated
        assert not words, f"{page.name}: untranslated text {words}"


# --------------------------------------------------------------------------- cards
@pytest.mark.parametrize("code", full_pack())
def test_every_card_is_well_formed_svg(code):
    svg = cards.card_svg(code, perlagg=True, as_card="HA")
    ET.fromstring(svg.replace('href="', 'data-href="'))
    assert f"#suit-{code[0]}" in svg


def test_weli_carries_its_inscription_and_sprite_has_all_suits():
    assert "WELI" in cards.card_svg("S6")
    sprite = cards.sprite()
    for suit in "HSEL":
        assert f'id="suit-{suit}"' in sprite
    ET.fromstring(sprite)


# --------------------------------------------------------------------------- table view
@pytest.mark.parametrize("variant, seats", [("innsbruck", 4), ("innsbruck-2", 2), ("innsbruck-6", 6)])
def test_table_places_every_seat_once(variant, seats):
    view = Session(variant=variant).view()
    html = tv.table_html(view, NAMES)
    positions = re.findall(r'class="seat pos-([a-z-]+)', html)
    assert len(positions) == seats == len(set(positions))
    assert positions[0] == "bottom"


def test_played_cards_follow_play_order_and_mark_the_winner():
    session = Session()
    view = session.view()
    session.act({"act": "play", "card": view["hand"][0]})
    while session.robot_step():
        pass
    view = session.view()
    rows = tv.played_rows(view)
    winner = view["tricks"][0]["winner"]
    for seat, row in rows.items():
        assert row[0][0] == next(c for s, c, _a in view["tricks"][0]["cards"] if s == seat)
        assert row[0][2] == (seat == winner)
    assert tv.table_html(view, NAMES).count('class="won') == 1


def test_score_sheet_draws_the_gestrichen_line():
    view = Session(scores=(17, 4)).view()
    html = score_sheet_html([], view)
    assert html.index(">Us<") < html.index(">Them<") and "<td>17</td><td>4</td>" in html   # Us first
    # what is left to the target, then the gestrichen line: each row named for what it is
    left = re.search(r'<tr class="to-go-line"><th scope="row">([^<]*)</th>(.*?)</tr>', html)
    assert left.group(1) == "Left to 18" and re.findall(r"<td[^>]*>(\d+)</td>", left.group(2)) == ["1", "14"]
    line = re.search(r'<tr class="gestrichen-line"><th scope="row">([^<]*)</th>(.*?)</tr>', html)
    assert line.group(1) == "Gestrichen at 17" and line.group(2).count("<span>gestrichen</span>") == 1   # only Us, at 17
    assert html.index("to-go-line") < html.index("gestrichen-line")
    before = score_sheet_html([], view, gestrichen=False)   # a lesson before the word is taught
    assert "gestrichen" not in before.lower() and "Left to 18" in before


def test_perlaggen_are_marked_and_baptised_ones_show_their_card():
    view = Session().view()
    wild = view["perlaggen"][0]
    html = tv.card_html(wild, view, NAMES, as_card="LA")
    assert "perlagg" in html and "played as Ace of leaves" in html and "#suit-L" in html


# --------------------------------------------------------------------------- controller
def test_refusal_carries_the_engines_reason():
    session = Session()
    events, refusal = session.act({"act": "play", "card": "HK" if "HK" not in session.view()["hand"] else "LA"})
    assert events == [] and refusal   # not in hand (or otherwise illegal): refused with a reason


def test_picker_offers_exactly_the_legal_plays_of_a_perlagg():
    session = Session(seed=DEFAULT_SEED)
    view = session.view()
    wild = next(c for c in view["hand"] if c in view["perlaggen"])
    options = session.baptism_options(wild)
    legal = [a for a in session.deal.legal_actions(0) if a.act == "play" and a.card == wild]
    assert [o.action for o in options] == legal
    assert any(o.wins is not None for o in options)


@pytest.mark.parametrize("variant", ["innsbruck", "innsbruck-2", "innsbruck-6", "eichel"])
def test_robots_play_whole_deals_to_their_score(variant):
    for seed in range(1, 16):
        session = Session(variant=variant, seed=seed, human=None)   # every seat a robot
        steps = 0
        while session.robot_step():
            steps += 1
            assert steps < 300
        assert session.view()["phase"] in ("scored", "game_over"), (variant, seed)


# --------------------------------------------------------------------------- build
def test_build_ships_only_needed_runtime_files_and_a_versioned_worker():
    dist = ensure_built()
    shipped = {p.name for p in (dist / "pyscript").iterdir()}
    assert "core.js" in shipped and any(n.startswith("error-") for n in shipped)
    assert not any(n.startswith(("codemirror", "xterm", "py-editor", "py-terminal", "toml")) for n in shipped)
    assert {p.name for p in (dist / "pyodide").iterdir()} == set(PYODIDE_RUNTIME)
    sw = (dist / "sw.js").read_text()
    assert re.search(r'const CACHE = "perlaggen-[0-9a-f]{16}"', sw)
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    homes = [f"./{folder}/" for folder in LANGUAGES.values() if folder]   # each language's home by its folder
    assert listed == ["./"] + homes + [f"./{f}" for f in site_files(dist)]
    assert not any(u.startswith("./bench/") for u in listed)
    assert not any("axe" in u for u in listed)   # axe-core is for the accessibility test only
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./js/early-pyodide.mjs"
    assert "files" not in config   # js/early-pyodide.mjs unpacks the wheel and the site archive
    with zipfile.ZipFile(dist / "py" / "site.zip") as archive:
        names = set(archive.namelist())
    assert {folder_of(n) for n in names} == {"common", None}     # the shared folder, PyScript, gettext
    folders = sorted(p.parent.name for p in (WEB / "py").glob("*/__init__.py"))
    assert PAGE_ARCHIVES == tuple(f"{f}.zip" for f in folders if f != "common")
    for page_archive in PAGE_ARCHIVES:    # a page's folder, in an archive of its own
        with zipfile.ZipFile(dist / "py" / page_archive) as archive:
            own = set(archive.namelist())
        assert {folder_of(n) for n in own} == {page_archive.removesuffix(".zip")}
        names |= own
    modules = {p.relative_to(WEB / "py").with_suffix("") for p in (WEB / "py").rglob("*.py")}
    # byte code compiled by the shipped Pyodide: our modules as byte code alone (no source to download),
    # PyScript's own package beside the sources PyScript writes at start-up
    assert {n for n in names if folder_of(n)} == {f"{m.as_posix()}.pyc" for m in modules} and len(modules) > 40
    assert any(n.startswith("pyscript/__pycache__/__init__.cpython-3") for n in names)
    wheel = next((dist / "wheels").glob("*.whl")).name
    assert f'start("./wheels/{wheel}", "./py/site.zip",' in (dist / "table.html").read_text()
    # a page's catalog travels in an archive of its own, fetched by that language's page alone
    assert not any(n.startswith("locale/") for n in names)
    for lang, folder in LANGUAGES.items():
        page = (dist / folder / "table.html").read_text()
        prefix = "" if lang == "en" else f"locale-{lang}-"
        assert f"...(own.length && {json.dumps(prefix)} ?" in page, lang
        for name in [f"{prefix}{p}.zip" for p in PAGE_FOLDERS] if prefix else []:
            with zipfile.ZipFile(dist / "py" / name) as archive:
                assert archive.namelist() == [f"locale/{lang}/LC_MESSAGES/messages.mo"]
    lessons = sorted((ROOT / "lessons").glob("*.toml"))
    if lessons:   # the lesson hook compiled every lesson file
        compiled = json.loads((dist / "lessons" / "lessons.json").read_text())["lessons"]
        assert len(compiled) == len(lessons)
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}


def test_cache_name_follows_file_contents(tmp_path):
    (tmp_path / "a.txt").write_text("one")
    (tmp_path / "sw.js").write_text("")
    names = []
    for content in ("one", "two"):
        (tmp_path / "a.txt").write_text(content)
        write_service_worker(tmp_path)
        names.append(re.search(r'const CACHE = "([^"]+)"', (tmp_path / "sw.js").read_text()).group(1))
    assert names[0] != names[1]


def test_icons_are_png():
    data = png_bytes(16, icon_pixel)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data


def test_server_sends_the_right_types(tmp_path):
    import urllib.request

    for name in ("a.wasm", "b.mjs", "c.json", "d.webmanifest"):
        (tmp_path / name).write_text("x")
    server = start_server(tmp_path)
    try:
        port = server.server_address[1]
        types = {name: urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}").headers["Content-Type"]
                 for name in ("a.wasm", "b.mjs", "c.json", "d.webmanifest")}
    finally:
        server.shutdown()
    assert types == {"a.wasm": "application/wasm", "b.mjs": "text/javascript", "c.json": "application/json",
                     "d.webmanifest": "application/manifest+json"}


def test_the_shipped_pyodide_imports_our_modules_from_the_shipped_byte_code(tmp_path):
    """No module of the site, nor gettext (which Pyodide's stdlib zip holds as source only), is
    compiled from source in the browser's runtime (run here in Node); the engine wheel stays source
    only, as small as possible to download."""
    import shutil
    import subprocess
    dist = ensure_built()
    wheel = next((dist / "wheels").glob("*.whl"))
    script = tmp_path / "check.mjs"
    unpack_all = "\n".join(f'py.unpackArchive(new Uint8Array(readFileSync("{(dist / "py" / name).as_posix()}")), "zip");'
                            for name in ("site.zip", *PAGE_ARCHIVES))
    script.write_text(f"""
import {{ loadPyodide }} from "{(NODE_MODULES / 'pyodide' / 'pyodide.mjs').as_posix()}";
import {{ readFileSync }} from "node:fs";
const py = await loadPyodide({{ indexURL: "{(NODE_MODULES / 'pyodide').as_posix()}/" }});
{unpack_all}
py.unpackArchive(new Uint8Array(readFileSync("{wheel.as_posix()}")), "wheel");
console.log(py.runPython(`
import importlib._bootstrap_external as be, json, sys, zipimport
compiled, stdlib = [], []
original, from_zip = be.SourceLoader.source_to_code, zipimport._compile_source
def spy(self, data, path, **kw):
    compiled.append(path)
    return original(self, data, path, **kw)
def zip_spy(pathname, source):
    stdlib.append(pathname)
    return from_zip(pathname, source)
be.SourceLoader.source_to_code, zipimport._compile_source = spy, zip_spy
import common.tableview, table.session, common.i18n, sandbox.controller, lessons.player, lessons.view
import sandbox.view, lessons.progress, common.cardfaces, review.view, review.work
import teacher.view, teacher.presenter, teacher.handout, teacher.store, editor.controller, editor.view
import editor.lessonstep, perlaggen_core.scenario
json.dumps([compiled, stdlib, sorted(m for m in sys.modules if m in ("gettext", "html"))])
`));
""")
    result = subprocess.run([shutil.which("node"), str(script)], capture_output=True, text=True, check=True)
    compiled, stdlib, imported = json.loads(result.stdout.strip().splitlines()[-1])
    assert compiled and all("/perlaggen_core/" in path for path in compiled), compiled
    assert imported == ["gettext", "html"]
    assert not [path for path in stdlib if path.endswith(tuple(f"/{m}.py" for m in STDLIB_BYTE_CODE))], stdlib


def test_the_pages_wheel_holds_the_engines_code_on_its_own_lines_without_notes():
    """The wheel the pages download (tools/wheel.py) drops docstrings, comments, the README in
    METADATA and the command line's modules, and nothing else: every module parses to the same
    code as the repository's, with as many lines (a browser traceback names the repository's lines)."""
    import ast
    from tools.wheel import COMMAND_LINE_ONLY

    def code(source: bytes) -> str:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                    and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                body[0].value.value = ""
        return ast.dump(tree)

    dist = ensure_built()
    with zipfile.ZipFile(next((dist / "wheels").glob("*.whl"))) as wheel:
        shipped = {name: wheel.read(name) for name in wheel.namelist()}
    sources = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "perlaggen_core").rglob("*.py")}
    assert {name for name in shipped if name.endswith(".py")} == set(sources) - COMMAND_LINE_ONLY
    for name in set(sources) - COMMAND_LINE_ONLY:
        assert code(shipped[name]) == code(sources[name]), name
        assert shipped[name].count(b"\n") == sources[name].count(b"\n"), name
    metadata = next(data for name, data in shipped.items() if name.endswith("METADATA")).decode()
    assert "Name: perlaggen_core" in metadata and "\n\n" not in metadata.strip()   # headers, no README


def test_the_teacher_page_fetches_its_languages_scenarios_alone():
    """scenarios/LANG.json holds every built-in scenario with its texts in LANG alone (the teacher
    page's download), and each language's teacher page fetches its own."""
    dist = ensure_built()
    every = json.loads((dist / "scenarios" / "scenarios.json").read_text(encoding="utf-8"))["scenarios"]
    for lang, folder in LANGUAGES.items():
        page = (dist / folder / "teacher.html").read_text(encoding="utf-8")
        assert f'scenarios/{lang}.json"' in page and "scenarios.json" not in page
        own = json.loads((dist / "scenarios" / f"{lang}.json").read_text(encoding="utf-8"))["scenarios"]
        assert [s["id"] for s in own] == [s["id"] for s in every]
        for one, whole in zip(own, every):
            assert one["title"] == {lang: whole["title"][lang]}
            assert [n["text"] for n in one["notes"]] == [{lang: n["text"][lang]} for n in whole["notes"]]
            assert one["actions"] == whole["actions"] and one["hands"] == whole["hands"]
