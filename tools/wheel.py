"""The perlaggen_core wheel the pages install, built by pip from the source tree, without the
modules only the command line runs (every page downloads the wheel)."""
from __future__ import annotations

import ast
import base64
import hashlib
import io
import shutil
import subprocess
import sys
import tokenize
import zipfile
from pathlib import Path

from .project import CACHE, ENGINE, ROOT, fail, log


def engine_sources_hash() -> str:
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + Path(__file__).read_bytes())
    for path in sorted(ENGINE.rglob("*.py")):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


# The command line's own modules: no page imports them (tests/web/test_site_python.py checks that
# every page module imports from the wheel as shipped).
COMMAND_LINE_ONLY = frozenset({
    "perlaggen_core/__main__.py", "perlaggen_core/selfplay.py", "perlaggen_core/strength.py",
    "perlaggen_core/review/cli.py", "perlaggen_core/scenario/__main__.py", "perlaggen_core/lesson/__main__.py",
    "perlaggen_core/puzzles/cli.py", "perlaggen_core/puzzles/generate.py", "perlaggen_core/puzzles/measure.py",
    "perlaggen_core/puzzles/verify.py",
})


def without_notes(source: bytes) -> bytes:
    """`source` with its docstrings emptied and its comments dropped, every line where it was (a
    traceback in the browser names the same lines as the repository); no page reads a docstring."""
    tree = ast.parse(source)
    spans = [(body[0].lineno, body[0].col_offset, body[0].end_lineno or body[0].lineno, body[0].end_col_offset or 0)
             for node in ast.walk(tree)
             if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
             and (body := node.body) and isinstance(body[0], ast.Expr)
             and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)]
    lines = source.splitlines(keepends=True)
    for first, start, last, end in sorted(spans, reverse=True):   # columns are byte offsets
        kept = lines[first - 1][:start] + b'"""' + b"\n" * (last - first) + b'"""' + lines[last - 1][end:]
        lines[first - 1:last] = kept.splitlines(keepends=True)
    tokens = tokenize.tokenize(io.BytesIO(b"".join(lines)).readline)
    text = tokenize.untokenize(t for t in tokens if t.type != tokenize.COMMENT)
    slim = text.encode() if isinstance(text, str) else text   # bytes, since the tokens begin with ENCODING
    assert slim.count(b"\n") == source.count(b"\n"), "a line moved"
    return slim


def record_line(name: str, data: bytes) -> bytes:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n".encode()


def for_the_pages(wheel: Path) -> None:
    """Rewrite `wheel` for the pages, compressed harder: without COMMAND_LINE_ONLY, the modules
    `without_notes`, METADATA without the README, RECORD to match."""
    with zipfile.ZipFile(wheel) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()
                   if info.filename not in COMMAND_LINE_ONLY}
    for name, data in entries.items():
        if name.endswith(".py"):
            entries[name] = without_notes(data)
        elif name.endswith(".dist-info/METADATA"):
            entries[name] = data.split(b"\n\n", 1)[0] + b"\n"   # the headers; the body is the README
    record = next(name for name in entries if name.endswith(".dist-info/RECORD"))
    entries[record] = b"".join(record_line(name, data) for name, data in entries.items() if name != record) \
        + f"{record},,\n".encode()
    slim = wheel.with_suffix(".slim")
    with zipfile.ZipFile(slim, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, data in entries.items():
            out.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data,
                         compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    slim.replace(wheel)


def build_wheel() -> Path:
    """Build the wheel with `pip wheel --no-deps`, cached by a hash of the sources."""
    if not (ENGINE / "__init__.py").exists():
        fail("perlaggen_core/__init__.py is missing: the engine is not there yet")
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
        for wheel in tmp.glob("perlaggen_core-*.whl"):
            for_the_pages(wheel)
        tmp.rename(out)
        wheels = sorted(out.glob("perlaggen_core-*.whl"))
    return wheels[-1]
