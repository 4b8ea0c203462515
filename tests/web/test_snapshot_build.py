"""The Python build version the pages key their memory snapshot by (tools.site.python_build_version)."""
from __future__ import annotations

from tools import site as build


def test_python_build_version_follows_what_the_snapshot_is_made_from(tmp_path):
    files = {"pyodide/pyodide.asm.wasm": "wasm", "wheels/perlaggen_core-0.1.0-py3-none-any.whl": "engine",
             "py/site.zip": "site", "js/early-pyodide.mjs": "start", "table.html": "page", "css/site.css": "style"}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    first = build.python_build_version(tmp_path)
    for rel in ("table.html", "css/site.css"):     # pages and styles: the same snapshot serves
        (tmp_path / rel).write_text("changed")
        assert build.python_build_version(tmp_path) == first
    seen = {first}
    for rel in ("pyodide/pyodide.asm.wasm", "wheels/perlaggen_core-0.1.0-py3-none-any.whl", "py/site.zip",
                "js/early-pyodide.mjs"):
        (tmp_path / rel).write_text("changed")
        version = build.python_build_version(tmp_path)
        assert version not in seen, rel
        seen.add(version)


def test_pages_carry_the_python_build_version():
    dist = build.ensure_built()
    version = build.python_build_version(dist)
    for page in ("table.html", "lesson.html", "lessons.html", "sandbox.html", "de/table.html", "de/sandbox.html"):
        assert f'<meta name="perlaggen:python-build" content="{version}">' in (dist / page).read_text()
