"""The runtime files the site ships from npm: Pyodide's runtime and the part of PyScript the pages use."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from .project import fail

# The Pyodide runtime as npm ships it: every file loadPyodide() fetches, nothing else.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript plugins the pages never use; switched off in the config so their chunks are never fetched.
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# Lazily imported PyScript chunks the pages do use: the error plugin.
PYSCRIPT_CHUNKS = ("error",)

_STATIC_IMPORT = re.compile(r'(?:from|import)\s*"(\./[^"]+)"')
_DYNAMIC_IMPORT = re.compile(r'import\("(\./[^"]+)"\)')
_SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


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
            fail(f"PyScript chunk '{prefix}' not found exactly once in {sorted(lazy)}")
        closure(hits[0], needed)
    return sorted(needed)


def copy_runtime_file(src: Path, dst: Path) -> None:
    """Copy a JavaScript or data file, dropping source-map references (the maps are not shipped)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.suffix in (".js", ".mjs"):
        dst.write_bytes(_SOURCE_MAP.sub(b"\n", src.read_bytes()))
    else:
        shutil.copyfile(src, dst)


def copy_runtime(node_modules: Path, dist: Path) -> None:
    """dist/pyodide/ and dist/pyscript/ from the npm packages."""
    for name in PYODIDE_RUNTIME:
        copy_runtime_file(node_modules / "pyodide" / name, dist / "pyodide" / name)
    ps_dist = node_modules / "@pyscript" / "core" / "dist"
    for name in pyscript_files(ps_dist):
        copy_runtime_file(ps_dist / name, dist / "pyscript" / name)
