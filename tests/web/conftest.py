"""Tests of the site's Python (web/py) and of the build tools (tools/), under CPython: no browser
needed. They carry the `site` marker: `python3 build.py test` runs them after the engine's tests."""
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (ROOT, ROOT / "web" / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.site)
