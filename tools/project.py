"""Where the project's files are, and the build's way of speaking."""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
BUILD = ROOT / "build"                  # the build's own files (gitignored)
CACHE = BUILD / "site-cache"            # wheels, byte code and icons kept between builds
ENGINE = ROOT / "perlaggen_core"
LESSONS = ROOT / "lessons"
SCENARIOS = ROOT / "scenarios"
PUZZLES = ROOT / "puzzles"
LOCALE = WEB / "locale"
CHROMIUM = Path("/usr/bin/chromium")


def log(*parts: object) -> None:
    print("build.py:", *parts, flush=True)


def fail(message: str) -> NoReturn:
    """Stop the build with a message for the person who ran it."""
    sys.exit(f"build.py: {message}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
