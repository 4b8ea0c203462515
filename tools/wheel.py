"""The perlaggen_core wheel the pages install, built by pip from the source tree."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

from .project import CACHE, ENGINE, ROOT, fail, log


def engine_sources_hash() -> str:
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for path in sorted(ENGINE.rglob("*.py")):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


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
        tmp.rename(out)
        wheels = sorted(out.glob("perlaggen_core-*.whl"))
    return wheels[-1]
