"""The site's Python under CPython: translation, card drawing, table HTML, the controller, and build.py."""
from __future__ import annotations

import json
import re
import zipfile
import xml.etree.ElementTree as ET

import pytest

import build
import cards
import i18n
import tableview as tv
from game import DEFAULT_SEED, Session
from perlaggen_core.cards import full_pack
from scoresheet import score_sheet_html
from words import card_names

NAMES = card_names()


# --------------------------------------------------------------------------- i18n
def test_parse_po_reads_singular_plural_and_continued_lines():
    po = '''
msgid ""
msgstr "Language: de\\n"

msgid "Table"
msgstr "Tisch"

msgid "Long"
msgstr ""
"Lang "
"und mehr"

msgid "{n} card in hand"
msgid_plural "{n} cards in hand"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgid "Untranslated"
msgstr ""
'''
    catalog = i18n.parse_po(po)
    assert catalog["Table"] == "Tisch"
    assert catalog["Long"] == "Lang und mehr"
    assert "Untranslated" not in catalog and "" not in catalog
    t = i18n.Translator(catalog)
    assert t.ngettext("{n} card in hand", "{n} cards in hand", 1) == "{n} Karte"
    assert t.ngettext("{n} card in hand", "{n} cards in hand", 3) == "{n} Karten"
    assert t.gettext("Missing") == "Missing"


def test_messages_pot_lists_every_message_of_the_sources():
    pot = (build.WEB / "locale" / "messages.pot").read_text()
    assert pot == build.messages_pot(), "run `python3 build.py i18n` and commit web/locale/messages.pot"
    known = set(i18n.parse_po(pot.replace('msgstr ""', 'msgstr "x"')))
    for po in (build.WEB / "locale").glob("*.po"):
        stale = set(i18n.parse_po(po.read_text())) - known
        assert not stale, f"{po.name} translates messages the sources no longer use: {sorted(stale)[:5]}"


def test_templates_use_the_translation_function_for_their_text():
    """Outside {{_ ...}} tags, the page templates hold markup only, no words a user would read."""
    for page in (build.WEB / "pages").glob("*.html"):
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
    assert "gestrichen" in html and "At 17" in html
    assert html.index(">Us<") < html.index(">Them<") and "<td>17</td><td>4</td>" in html   # Us first


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
    dist = build.ensure_built()
    shipped = {p.name for p in (dist / "pyscript").iterdir()}
    assert "core.js" in shipped and any(n.startswith("error-") for n in shipped)
    assert not any(n.startswith(("codemirror", "xterm", "py-editor", "py-terminal", "toml")) for n in shipped)
    assert {p.name for p in (dist / "pyodide").iterdir()} == set(build.PYODIDE_RUNTIME)
    sw = (dist / "sw.js").read_text()
    assert re.search(r'const CACHE = "perlaggen-[0-9a-f]{16}"', sw)
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    assert listed == ["./"] + [f"./{f}" for f in build.site_files(dist)]
    assert not any(u.startswith("./bench/") for u in listed)
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./js/early-pyodide.mjs"
    assert "files" not in config   # js/early-pyodide.mjs unpacks the wheel and the site archive
    with zipfile.ZipFile(dist / "py" / "site.zip") as archive:
        names = set(archive.namelist())
    modules = {p.stem for p in (build.WEB / "py").glob("*.py")}
    assert {f"{m}.py" for m in modules} <= names
    # byte code compiled by the shipped Pyodide, for our modules and for PyScript's own package
    assert {m for m in modules if any(n.startswith(f"__pycache__/{m}.cpython-3") for n in names)} == modules
    assert any(n.startswith("pyscript/__pycache__/__init__.cpython-3") for n in names)
    wheel = next((dist / "wheels").glob("*.whl")).name
    assert f'start("./wheels/{wheel}", "./py/site.zip")' in (dist / "table.html").read_text()
    lessons = sorted((build.ROOT / "lessons").glob("*.toml"))
    if lessons:   # the lesson hook compiled every lesson file
        compiled = json.loads((dist / "lessons" / "lessons.json").read_text())["lessons"]
        assert len(compiled) == len(lessons)
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}


def test_cache_name_follows_file_contents(tmp_path):
    (tmp_path / "a.txt").write_text("one")
    (tmp_path / "sw.js").write_text("")
    build_web = build.WEB
    names = []
    for content in ("one", "two"):
        (tmp_path / "a.txt").write_text(content)
        build.write_service_worker(tmp_path)
        names.append(re.search(r'const CACHE = "([^"]+)"', (tmp_path / "sw.js").read_text()).group(1))
    assert build.WEB == build_web and names[0] != names[1]


def test_icons_are_png():
    data = build.png_bytes(16, build.icon_pixel)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data


def test_server_sends_the_right_types(tmp_path):
    import urllib.request

    for name in ("a.wasm", "b.mjs", "c.json", "d.webmanifest"):
        (tmp_path / name).write_text("x")
    server = build.start_server(tmp_path)
    try:
        port = server.server_address[1]
        types = {name: urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}").headers["Content-Type"]
                 for name in ("a.wasm", "b.mjs", "c.json", "d.webmanifest")}
    finally:
        server.shutdown()
    assert types == {"a.wasm": "application/wasm", "b.mjs": "text/javascript", "c.json": "application/json",
                     "d.webmanifest": "application/manifest+json"}


def test_the_shipped_pyodide_imports_our_modules_from_the_shipped_byte_code(tmp_path):
    """No module of the site is compiled from source in the browser's runtime (run here in Node);
    the engine wheel stays source only, as small as possible to download."""
    import shutil
    import subprocess
    dist = build.ensure_built()
    wheel = next((dist / "wheels").glob("*.whl"))
    script = tmp_path / "check.mjs"
    script.write_text(f"""
import {{ loadPyodide }} from "{(build.NODE_MODULES / 'pyodide' / 'pyodide.mjs').as_posix()}";
import {{ readFileSync }} from "node:fs";
const py = await loadPyodide({{ indexURL: "{(build.NODE_MODULES / 'pyodide').as_posix()}/" }});
py.unpackArchive(new Uint8Array(readFileSync("{(dist / 'py' / 'site.zip').as_posix()}")), "zip");
py.unpackArchive(new Uint8Array(readFileSync("{wheel.as_posix()}")), "wheel");
console.log(py.runPython(`
import importlib._bootstrap_external as be, json
compiled = []
original = be.SourceLoader.source_to_code
def spy(self, data, path, **kw):
    compiled.append(path)
    return original(self, data, path, **kw)
be.SourceLoader.source_to_code = spy
import tableview, game, i18n, sandbox, lessonplayer, lessonview, sandbox_view, progress, cards
json.dumps(compiled)
`));
""")
    result = subprocess.run([shutil.which("node"), str(script)], capture_output=True, text=True, check=True)
    compiled = json.loads(result.stdout.strip().splitlines()[-1])
    assert compiled and all("/perlaggen_core/" in path for path in compiled), compiled
