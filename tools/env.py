"""What the commands need installed: the virtual environment, npm's packages, Debian's chromium."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

from .project import CHROMIUM, NODE_MODULES, ROOT, VENV, fail, log, sha256


def ensure_node_modules() -> Path:
    """Run `npm ci` when package-lock.json changed since the last install (stamp file)."""
    lock = (ROOT / "package-lock.json").read_bytes()
    stamp = NODE_MODULES / ".stamp-package-lock"
    if not stamp.exists() or stamp.read_text() != sha256(lock):
        npm = shutil.which("npm")
        if not npm:
            fail("npm is missing; install Node.js 20+ with npm (Debian: apt-get install -y npm)")
        log("npm ci (package-lock.json changed)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
        stamp.write_text(sha256(lock))
    return NODE_MODULES


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _requirements(group: str) -> list[str]:
    """pip arguments for a group: "test" is the package's test extra, other names are
    pyproject.toml's [dependency-groups] (the build's own tools, such as Babel). The package itself
    is not installed: every command runs from the project's folder, where it is importable, and
    its build would race the site's wheel, built at the same time (tools/testrun.py)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    if group == "test":
        return list(pyproject["project"]["optional-dependencies"]["test"])
    return list(pyproject["dependency-groups"][group])


def ensure_venv(*groups: str) -> Path:
    """Create .venv when missing and install each group whose requirements changed (stamp files)."""
    py = venv_python()
    if not py.exists():
        log("creating virtual environment in .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    pyproject = (ROOT / "pyproject.toml").read_bytes()
    for group in groups:
        stamp = VENV / f".stamp-{group}"
        if not stamp.exists() or stamp.read_text() != sha256(pyproject):
            log(f"installing the {group} requirements into .venv")
            subprocess.run([str(py), "-m", "pip", "install", "-q", *_requirements(group)], check=True)
            stamp.write_text(sha256(pyproject))
    return py


def run_in_venv(*groups: str) -> None:
    """Make sure .venv has `groups`, then go on inside it: re-run this very command with its Python."""
    py = ensure_venv(*groups)
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(py, [str(py), str(ROOT / "build.py"), *sys.argv[1:]])


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
    fail(f"the browser tests need Debian's chromium at {CHROMIUM}; install it as root with\n"
         "    apt-get update && apt-get install -y chromium\n"
         "or run only the engine tests: python3 build.py test engine")
