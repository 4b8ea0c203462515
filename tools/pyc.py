"""Byte code for Pyodide, compiled at build time by the shipped Pyodide running in Node.

Pyodide compiles every imported module from source at each page load. The build compiles them
once instead, into unchecked-hash .pyc files beside the sources (__pycache__/NAME.cpython-3XX.pyc),
which Python then loads without compiling. The Node side is tools/pyc.mjs.
"""
from __future__ import annotations

import base64
import json
import shutil
import subprocess
import time
from pathlib import Path

from .project import CACHE, NODE_MODULES, fail, log, sha256

SCRIPT = Path(__file__).with_name("pyc.mjs")


def compile_for_pyodide(sources: dict[str, str], with_pyscript: bool = False) -> dict[str, bytes]:
    """{relative .py path: source} -> {relative .pyc path: bytes}, cached by the sources, the script
    and the runtime; `with_pyscript` adds PyScript's own package (pyscript/*.py)."""
    node = shutil.which("node")
    if not node:
        fail("node is missing; install Node.js 20+ with npm (Debian: apt-get install -y npm)")
    pyodide = NODE_MODULES / "pyodide"
    stdlib = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    runtime = (pyodide / "package.json").read_bytes() + (NODE_MODULES / "@pyscript" / "core" / "package.json").read_bytes()
    key = sha256(runtime + SCRIPT.read_bytes() + json.dumps([sources, with_pyscript], sort_keys=True).encode())[:16]
    cached = CACHE / f"pyc-{key}.json"
    if not cached.exists():
        log(f"compiling {len(sources)}{' + PyScript' if with_pyscript else ''} modules with Pyodide")
        work = CACHE / "pyc-work"
        work.mkdir(parents=True, exist_ok=True)
        (work / "sources.json").write_text(json.dumps({**sources, **({"--with-pyscript": ""} if with_pyscript else {})}))
        subprocess.run([node, str(SCRIPT), pyodide.as_posix(), stdlib.as_posix(), str(work / "sources.json"),
                        str(work / "compiled.json")], check=True)
        for old in CACHE.glob("pyc-*.json"):   # byte code of sources unused for a day
            if old.stat().st_mtime < time.time() - 86400:
                old.unlink()
        (work / "compiled.json").replace(cached)
    cached.touch()
    return {rel: base64.b64decode(data) for rel, data in json.loads(cached.read_text()).items()}
