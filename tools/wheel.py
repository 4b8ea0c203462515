"""The perlaggen_core wheel the pages install, built by pip from the source tree, without the
modules only the command line runs (every page downloads the wheel)."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
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


def for_the_pages(wheel: Path) -> None:
    """Rewrite `wheel` without COMMAND_LINE_ONLY (and their RECORD lines), compressed harder."""
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist() if info.filename not in COMMAND_LINE_ONLY]
    slim = wheel.with_suffix(".slim")
    with zipfile.ZipFile(slim, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if line.split(b",")[0].decode() not in COMMAND_LINE_ONLY)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data, compresslevel=9)
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
