"""Tests of the site's Python (web/py) and of build.py, under CPython: no browser needed."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "web" / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
