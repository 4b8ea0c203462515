#!/usr/bin/env python3
"""Build, serve, test and benchmark the Perlaggen site.

    python3 build.py                  build the site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS]      install what the tests need (from nothing) and run every test
    python3 build.py bench [--runs N] [--bots N]
                                      time cold and warm loads of the table and of a bare Pyodide
                                      page (and N decisions of each kind of computer player)
    python3 build.py i18n             refresh web/locale/messages.pot from the sources

Python 3.11+ and Node's npm are the only tools it needs; everything else comes from PyPI and the npm
registry (and Debian's chromium for the browser tests).
"""
from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import threading
import time
import venv
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "site-cache"          # wheels and icons kept between builds (gitignored)
ENGINE = ROOT / "perlaggen_core"
LESSONS = ROOT / "lessons"
CHROMIUM = Path("/usr/bin/chromium")

# Languages the static pages are rendered in: language -> folder under dist/ ("" is the root).
# German is ready to switch on once web/locale/de.po is translated: add "de": "de".
LANGUAGES = {"en": ""}

# The Pyodide runtime as npm ships it: every file loadPyodide() fetches, nothing else.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript plugins the pages never use; switched off in the config so their chunks are never fetched.
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# Lazily imported PyScript chunks the pages do use: the error plugin.
PYSCRIPT_CHUNKS = ("error",)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


def log(*parts: object) -> None:
    print("build.py:", *parts, flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------- npm
def ensure_node_modules() -> Path:
    """Run `npm ci` when package-lock.json changed since the last install (stamp file)."""
    lock = (ROOT / "package-lock.json").read_bytes()
    stamp = NODE_MODULES / ".stamp-package-lock"
    if not stamp.exists() or stamp.read_text() != sha256(lock):
        npm = shutil.which("npm")
        if not npm:
            sys.exit("build.py: npm is missing; install Node.js 20+ with npm (Debian: apt-get install -y npm)")
        log("npm ci (package-lock.json changed)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
        stamp.write_text(sha256(lock))
    return NODE_MODULES


# --------------------------------------------------------------------------- engine wheel
def engine_sources_hash() -> str:
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for path in sorted(ENGINE.rglob("*.py")):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def build_wheel() -> Path:
    """Build the perlaggen_core wheel from the source tree with pip (cached by a hash of the sources)."""
    if not (ENGINE / "__init__.py").exists():
        sys.exit("build.py: perlaggen_core/__init__.py is missing: the engine is not there yet")
    out = CACHE / f"wheel-{engine_sources_hash()}"
    wheels = sorted(out.glob("perlaggen_core-*.whl"))
    if not wheels:
        log("building the perlaggen_core wheel")
        tmp = out.with_name(out.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp), str(ROOT)],
                       check=True)
        for old in [p for p in CACHE.glob("wheel-*") if p != tmp]:   # keep only the current wheel
            shutil.rmtree(old, ignore_errors=True)
        tmp.rename(out)
        wheels = sorted(out.glob("perlaggen_core-*.whl"))
    return wheels[-1]


# --------------------------------------------------------------------------- byte code
# Pyodide compiles every imported module from source at each page load. The build compiles them
# once instead, with the very Pyodide the site ships (run in Node), into unchecked-hash .pyc files
# beside the sources (__pycache__/NAME.cpython-3XX.pyc), which Python then loads without compiling.
_PYC_SCRIPT = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import stdlib from "%(pyscript_stdlib)s";
const [input, output] = process.argv.slice(2);
const sources = JSON.parse(readFileSync(input, "utf8"));
const walk = (base, tree) => { for (const [name, value] of Object.entries(tree)) {
  if (typeof value === "string") { if (name.endsWith(".py")) sources[base + name] = value; }
  else walk(base + name + "/", value);
} };
if (sources["--with-pyscript"] !== undefined) { delete sources["--with-pyscript"]; walk("", stdlib); }
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
pyodide.FS.mkdirTree("/work");
pyodide.FS.writeFile("/work/sources.json", JSON.stringify(sources));
pyodide.runPython(`
import base64, importlib.util, json, os, py_compile
out = {}
for rel, text in json.load(open("/work/sources.json")).items():
    path = os.path.join("/work/src", rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    cached = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=cached, dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(cached, "rb") as f:
        out[os.path.relpath(cached, "/work/src")] = base64.b64encode(f.read()).decode()
json.dump(out, open("/work/compiled.json", "w"))
`);
writeFileSync(output, pyodide.FS.readFile("/work/compiled.json", { encoding: "utf8" }));
"""


def compile_for_pyodide(sources: dict[str, str], with_pyscript: bool = False) -> dict[str, bytes]:
    """Byte code for Pyodide: {relative .py path: source} -> {relative .pyc path: bytes}, cached by
    the sources and the runtime; `with_pyscript` adds PyScript's own package (pyscript/*.py)."""
    node = shutil.which("node")
    if not node:
        sys.exit("build.py: node is missing; install Node.js 20+ with npm (Debian: apt-get install -y npm)")
    runtime = (NODE_MODULES / "pyodide" / "package.json").read_bytes() + \
        (NODE_MODULES / "@pyscript" / "core" / "package.json").read_bytes()
    key = sha256(runtime + json.dumps([sources, with_pyscript], sort_keys=True).encode())[:16]
    cached = CACHE / f"pyc-{key}.json"
    if not cached.exists():
        log(f"compiling {len(sources)}{' + PyScript' if with_pyscript else ''} modules with Pyodide")
        CACHE.mkdir(parents=True, exist_ok=True)
        work = CACHE / "pyc-work"
        work.mkdir(exist_ok=True)
        script = work / "compile.mjs"
        script.write_text(_PYC_SCRIPT % {
            "pyodide": (NODE_MODULES / "pyodide").as_posix(),
            "pyscript_stdlib": (NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js").as_posix()})
        (work / "sources.json").write_text(json.dumps({**sources, **({"--with-pyscript": ""} if with_pyscript else {})}))
        subprocess.run([node, str(script), str(work / "sources.json"), str(work / "compiled.json")], check=True)
        for old in CACHE.glob("pyc-*.json"):   # byte code of sources unused for a day
            if old.stat().st_mtime < time.time() - 86400:
                old.unlink()
        (work / "compiled.json").replace(cached)
    cached.touch()
    return {rel: base64.b64decode(data) for rel, data in json.loads(cached.read_text()).items()}


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    """A zip of `entries` with fixed timestamps, so identical inputs give identical bytes."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED)
    return path


# --------------------------------------------------------------------------- PyScript files
_STATIC_IMPORT = re.compile(r'(?:from|import)\s*"(\./[^"]+)"')
_DYNAMIC_IMPORT = re.compile(r'import\("(\./[^"]+)"\)')


def pyscript_files(dist: Path) -> list[str]:
    """The PyScript files the pages need: core.js, its static imports, and the wanted lazy chunks."""
    def closure(name: str, seen: set[str]) -> None:
        if name in seen:
            return
        seen.add(name)
        for dep in _STATIC_IMPORT.findall((dist / name).read_text()):
            closure(dep[2:], seen)

    needed: set[str] = set()
    closure("core.js", needed)
    lazy = {dep[2:] for name in list(needed) for dep in _DYNAMIC_IMPORT.findall((dist / name).read_text())}
    for prefix in PYSCRIPT_CHUNKS:
        hits = [n for n in lazy if n.startswith(prefix + "-")]
        if len(hits) != 1:
            sys.exit(f"build.py: PyScript chunk '{prefix}' not found exactly once in {sorted(lazy)}")
        closure(hits[0], needed)
    return sorted(needed)


_SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def copy_runtime_file(src: Path, dst: Path) -> None:
    """Copy a JavaScript or data file, dropping source-map references (the maps are not shipped)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.suffix in (".js", ".mjs"):
        dst.write_bytes(_SOURCE_MAP.sub(b"\n", src.read_bytes()))
    else:
        shutil.copyfile(src, dst)


# --------------------------------------------------------------------------- templates and i18n
def load_web_module(name: str):
    """Import a module of web/py (shared by the build and the browser) under a private name."""
    spec = importlib.util.spec_from_file_location(f"_web_{name}", WEB / "py" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_TEMPLATE_TAG = re.compile(r"\{\{([_>$])\s*(.*?)\s*\}\}", re.S)


def render_template(text: str, *, gettext, variables: dict[str, str], partials: Path) -> str:
    """Tiny template language: {{_ text}} translates, {{> name}} includes a partial, {{$ name}} inserts."""
    import html

    def sub(match: re.Match) -> str:
        kind, body = match.group(1), match.group(2)
        if kind == "_":
            return html.escape(gettext(" ".join(body.split())), quote=True)
        if kind == ">":
            return render_template((partials / f"{body}.html").read_text(), gettext=gettext,
                                   variables=variables, partials=partials)
        return variables[body]

    return _TEMPLATE_TAG.sub(sub, text)


def template_msgids(text: str) -> list[str]:
    return [" ".join(body.split()) for kind, body in _TEMPLATE_TAG.findall(text) if kind == "_"]


_PY_MSGID = re.compile(r'\b_\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]')
_PY_NGETTEXT = re.compile(r'\bngettext\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"')


def extract_msgids() -> list[str | tuple[str, str]]:
    """Every message the sources use: {{_ ...}} in templates, _("...") and ngettext("...", "...") in web/py.

    A plural message is a (singular, plural) pair."""
    ids: list = []
    for path in sorted((WEB / "pages").rglob("*.html")) + sorted((WEB / "partials").glob("*.html")):
        ids += template_msgids(path.read_text())
    for path in sorted((WEB / "py").glob("*.py")):
        text = path.read_text()
        ids += [json.loads(f'"{m}"') for m in _PY_MSGID.findall(text)]
        ids += [(json.loads(f'"{one}"'), json.loads(f'"{many}"')) for one, many in _PY_NGETTEXT.findall(text)]
    return list(dict.fromkeys(ids))


def po_text(header: list[str], translations: dict[str, str], lang: str | None = None) -> str:
    """A .po (or, with no translations, the .pot) listing every message of the sources."""
    q = functools.partial(json.dumps, ensure_ascii=False)
    out = header + ['msgid ""', 'msgstr ""', *([f'"Language: {lang}\\n"'] if lang else []),
                    '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for msgid in extract_msgids():
        if isinstance(msgid, tuple):
            forms = translations.get("\x00".join(msgid), "\x00").split("\x00")
            out += [f"msgid {q(msgid[0])}", f"msgid_plural {q(msgid[1])}",
                    *(f"msgstr[{i}] {q(form)}" for i, form in enumerate(forms)), ""]
        else:
            out += [f"msgid {q(msgid)}", f"msgstr {q(translations.get(msgid, ''))}", ""]
    return "\n".join(out)


def messages_pot() -> str:
    return po_text(["# Perlaggen user interface messages. Generated by `python3 build.py i18n`; do not edit."], {})


def catalogs(i18n) -> dict[str, dict[str, str]]:
    """Every web/locale/LANG.po parsed into {msgid: msgstr} (untranslated entries left out)."""
    return {po.stem: i18n.parse_po(po.read_text()) for po in sorted((WEB / "locale").glob("*.po"))}


# --------------------------------------------------------------------------- icons
def png_bytes(size: int, pixel) -> bytes:
    """Encode an RGBA PNG; pixel(x, y) gives (r, g, b, a) for pixel centres in [0, 1)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel((x + 0.5) / size, (y + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def icon_pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """The app icon (same design as web/icons/icon.svg): a cream card with a red heart on green felt."""
    felt, card, heart, edge = (22, 94, 58, 255), (250, 244, 228, 255), (200, 30, 45, 255), (120, 90, 40, 255)
    if not (0.22 <= x <= 0.78 and 0.12 <= y <= 0.88):
        return felt
    if not (0.24 <= x <= 0.76 and 0.14 <= y <= 0.86):
        return edge
    hx, hy = (x - 0.5) / 0.2, -(y - 0.52) / 0.2   # the heart curve (x^2 + y^2 - 1)^3 <= x^2 y^3
    return heart if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0 else card


def write_icons(out: Path) -> None:
    import inspect

    key = sha256((inspect.getsource(png_bytes) + inspect.getsource(icon_pixel)).encode())[:16]
    cached = CACHE / f"icons-{key}"
    if not cached.exists():
        for old in CACHE.glob("icons-*"):
            shutil.rmtree(old, ignore_errors=True)
        tmp = cached.with_name(cached.name + ".tmp")
        tmp.mkdir(parents=True, exist_ok=True)
        for size in (192, 512):
            (tmp / f"icon-{size}.png").write_bytes(png_bytes(size, icon_pixel))
        tmp.rename(cached)
    for png in cached.glob("*.png"):
        shutil.copyfile(png, out / png.name)


# --------------------------------------------------------------------------- lessons hook
def compile_lessons(src: Path, out: Path) -> list[dict]:
    """The lesson hook: compile lessons/*.toml into dist/lessons/lessons.json for the site.

    The engine's own loader (perlaggen_core.lesson.compile_dir) validates every step against the
    rules and names the file, step and field of any mistake; a bad lesson stops the build.
    Returns [{"id", "title", "summary", "order", "steps"}] for the pages (steps: the step ids).
    """
    if not any(src.glob("*.toml")):
        return []
    sys.path.insert(0, str(ROOT))
    try:
        from perlaggen_core.lesson import LessonError, compile_dir
    finally:
        sys.path.remove(str(ROOT))
    try:
        text = compile_dir(src)
    except LessonError as exc:
        sys.exit(f"build.py: lesson error: {exc}")
    out.mkdir(parents=True, exist_ok=True)
    (out / "lessons.json").write_text(text)
    return [{"id": lesson["id"], "title": lesson["title"], "summary": lesson["summary"], "order": lesson["order"],
             "steps": [s["id"] for s in lesson["steps"]]} for lesson in json.loads(text)["lessons"]]


def lesson_list_html(lessons: list[dict], lang: str) -> str:
    """The lessons page's list; titles are lesson content, translated in the lesson files themselves."""
    import html

    def text(lesson: dict, key: str) -> str:
        t = lesson.get(key) or {}
        return (t.get(lang) or t.get("en", "")) if isinstance(t, dict) else str(t)

    def item(l: dict) -> str:   # web/py/lessons_main.py adds the progress marks from localStorage
        lid = html.escape(l["id"])
        return (f'<li class="lesson-item" data-lesson="{lid}" data-steps="{html.escape(" ".join(l.get("steps", [])))}">'
                f'<h2><a href="lesson.html#/{lid}">{html.escape(text(l, "title"))}</a></h2>'
                f'<p class="summary">{html.escape(text(l, "summary"))}</p>'
                f'<p class="lesson-progress" data-progress="{lid}"></p></li>')

    items = "".join(item(l) for l in lessons)
    return f'<ol class="lesson-list">{items}</ol>' if items else ""


# --------------------------------------------------------------------------- the build
def python_build_version(dist: Path) -> str:
    """A hash of what a memory snapshot of the pages' Python is made from: the Pyodide runtime, the
    engine wheel, the site archive and the start-up scripts (js/*.mjs). The pages key their stored
    snapshot by it, so a build that changes any of these never restores an old one."""
    h = hashlib.sha256()
    for path in sorted([*(dist / "pyodide").iterdir(), *(dist / "wheels").iterdir(), *(dist / "py").iterdir(),
                        *(dist / "js").glob("*.mjs")]):
        h.update(path.relative_to(dist).as_posix().encode() + b"\0" + sha256(path.read_bytes()).encode())
    return h.hexdigest()[:16]


def write_site_archive(folder: Path, all_catalogs: dict[str, dict]) -> Path:
    """The site's own Python (web/py) with its byte code, the byte code of PyScript's package
    (PyScript writes the sources at start-up; the byte code waits in pyscript/__pycache__) and the
    compiled catalogs (locale/LANG.json), in one zip that the pages fetch while Pyodide boots and
    unpack into Python's working directory."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted((WEB / "py").glob("*.py"))}
    entries = {name: text.encode() for name, text in sources.items()}
    entries.update(compile_for_pyodide(sources, with_pyscript=True))
    for lang, catalog in sorted(all_catalogs.items()):
        entries[f"locale/{lang}.json"] = json.dumps(catalog, ensure_ascii=False, sort_keys=True).encode()
    return write_zip(folder / "site.zip", entries)


def build(dist: Path = DIST) -> dict:
    """Build the whole site into dist/ and return a summary (used by the tests and the benchmark)."""
    node = ensure_node_modules()
    wheel = build_wheel()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    for name in PYODIDE_RUNTIME:
        copy_runtime_file(node / "pyodide" / name, dist / "pyodide" / name)
    ps_dist = node / "@pyscript" / "core" / "dist"
    for name in pyscript_files(ps_dist):
        copy_runtime_file(ps_dist / name, dist / "pyscript" / name)
    (dist / "wheels").mkdir()
    shutil.copyfile(wheel, dist / "wheels" / wheel.name)

    for folder in ("css", "js", "icons"):
        shutil.copytree(WEB / folder, dist / folder)
    write_icons(dist / "icons")

    i18n = load_web_module("i18n")
    cards = load_web_module("cards")
    all_catalogs = catalogs(i18n)
    site_archive = write_site_archive(dist / "py", all_catalogs)
    pyscript_config = {
        # hands over the Pyodide the page started early, with the wheel and site archive unpacked
        "interpreter": "./js/early-pyodide.mjs",
        "plugins": [f"!{p}" for p in PYSCRIPT_PLUGINS_OFF],
    }
    (dist / "pyscript.json").write_text(json.dumps(pyscript_config, indent=1))

    lessons = compile_lessons(LESSONS, dist / "lessons")
    variables = {
        "wheel": wheel.name,
        "site_archive": site_archive.name,
        "python_build": python_build_version(dist),
        "sprite": cards.sprite(),
        "hero_cards": "".join(cards.card_svg(c, perlagg=c in ("HK", "S6", "E7")) for c in ("HK", "S6", "E7", "LA")),
        "mpy_config": json.dumps({"plugins": pyscript_config["plugins"]}),
    }
    for lang, folder in LANGUAGES.items():
        variables["lesson_list"] = lesson_list_html(lessons, lang)
        catalog = all_catalogs.get(lang, {})
        gettext = i18n.Translator(catalog).gettext
        out = dist / folder
        root = "../" * len(Path(folder).parts)
        for page in sorted((WEB / "pages").rglob("*.html")):
            rel = page.relative_to(WEB / "pages")
            if folder and rel.parts[0] == "bench":   # the benchmark page exists once, in English
                continue
            page_root = root + "../" * (len(rel.parts) - 1)
            text = render_template(page.read_text(), gettext=gettext, partials=WEB / "partials",
                                   variables={**variables, "lang": lang, "root": page_root or "./"})
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(text)
        manifest = {
            "name": gettext("Perlaggen: learn the Tyrolean card game"), "short_name": "Perlaggen",
            "description": gettext("Learn and practise Perlaggen, the Tyrolean card game with wild cards."),
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

    precache = write_service_worker(dist)
    log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
        f"{len(precache)} files precached, wheel {wheel.name}")
    return {"dist": dist, "wheel": wheel.name, "precache": precache}


def ensure_built() -> Path:
    """dist/ as `build.py test` left it; built once under a lock when pytest runs on its own."""
    import fcntl

    lock_path = CACHE.parent / ".site-lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (DIST / "sw.js").exists():
            build()
    return DIST


def site_files(dist: Path) -> list[str]:
    """Files the site uses (and the service worker precaches): everything but the worker and bench/."""
    files = [p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()]
    return sorted(f for f in files if f != "sw.js" and not f.startswith("bench/"))


def write_service_worker(dist: Path) -> list[str]:
    """Write sw.js with the precache list and a cache name versioned by the hash of those files."""
    files = site_files(dist)
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + sha256((dist / rel).read_bytes()).encode())
    urls = ["./"] + [f"./{f}" for f in files]
    text = (WEB / "sw.js").read_text()
    text = text.replace('"__CACHE_NAME__"', json.dumps(f"perlaggen-{h.hexdigest()[:16]}"))
    text = text.replace("__PRECACHE__", json.dumps(urls, indent=1))
    (dist / "sw.js").write_text(text)
    return urls


# --------------------------------------------------------------------------- serving
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ with the MIME types the site needs and no request log unless asked."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True
    sent: list[tuple[str, int]] | None = None   # the benchmark counts bytes per path here

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the stdlib's name)
        if not self.quiet:
            super().log_message(format, *args)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        if self.sent is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        outputfile.write(data)
        self.sent.append((self.path.split("?")[0], len(data)))


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a browser that hung up is no error
            super().handle_error(request, client_address)


def start_server(directory: Path = DIST, port: int = 0, *, quiet: bool = True,
                 sent: list | None = None) -> SiteServer:
    """Serve `directory` on 127.0.0.1 from a background thread; port 0 picks a free port."""
    handler = functools.partial(type("Handler", (SiteHandler,), {"quiet": quiet, "sent": sent}),
                                directory=str(directory))
    server = SiteServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# --------------------------------------------------------------------------- test
def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the package with its test extra when needed."""
    py = venv_python()
    if not py.exists():
        log("creating virtual environment in .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".stamp-test-extra"
    want = (ROOT / "pyproject.toml").read_text()
    if not stamp.exists() or stamp.read_text() != want:
        log("installing perlaggen_core[test]")
        subprocess.run([str(py), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"], check=True)
        stamp.write_text(want)
    return py


def ensure_chromium() -> None:
    """Debian's chromium drives the browser tests (never `playwright install`)."""
    if CHROMIUM.exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        log("installing Debian's chromium with apt-get")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        return
    sys.exit(f"build.py: the browser tests need Debian's chromium at {CHROMIUM}; install it as root with\n"
             "    apt-get update && apt-get install -y chromium\n"
             "or run only the engine tests: python3 build.py test -m 'not browser'")


def cmd_test(args: argparse.Namespace) -> int:
    py = ensure_venv()
    ensure_chromium()
    build()
    cmd = [str(py), "-m", "pytest", "-n", "2", *args.pytest_args]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


# --------------------------------------------------------------------------- serve, bench, i18n
def cmd_serve(args: argparse.Namespace) -> int:
    build()
    server = start_server(DIST, args.port, quiet=False)
    host, port = server.server_address[:2]
    print(f"Serving the Perlaggen site at http://{host}:{port}/  (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    py = ensure_venv()
    ensure_chromium()
    build()
    code = subprocess.run([str(py), str(ROOT / "tests" / "browser" / "bench.py"), "--runs", str(args.runs)],
                          cwd=ROOT).returncode
    if args.bots and code == 0:   # computer players' decision times in the sandbox page
        code = subprocess.run([str(py), str(ROOT / "tests" / "browser" / "bench_bots.py"),
                               "--decisions", str(args.bots)], cwd=ROOT).returncode
    return code


def cmd_i18n(args: argparse.Namespace) -> int:
    """Refresh messages.pot and merge it into every LANG.po, keeping the translations made so far."""
    i18n = load_web_module("i18n")
    (WEB / "locale" / "messages.pot").write_text(messages_pot())
    for po in sorted((WEB / "locale").glob("*.po")):
        text = po.read_text()
        header = [line for line in text.splitlines() if line.startswith("#")][:5] or [f"# {po.stem}"]
        po.write_text(po_text(header, i18n.parse_po(text), po.stem))
    log(f"wrote web/locale/messages.pot and merged it into the .po files ({len(extract_msgids())} messages)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    s = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test dependencies and run every test (extra arguments go to pytest)")
    b = sub.add_parser("bench", help="time cold and warm page loads in headless Chromium")
    b.add_argument("--runs", type=int, default=7)
    b.add_argument("--bots", type=int, default=0, metavar="N",
                   help="also time N decisions of each kind of computer player in the sandbox page")
    sub.add_parser("i18n", help="refresh web/locale/messages.pot")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.pytest_args = extra
    commands = {"serve": cmd_serve, "test": cmd_test, "bench": cmd_bench, "i18n": cmd_i18n}
    if args.command in commands:
        return commands[args.command](args)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
