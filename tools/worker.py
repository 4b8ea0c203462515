"""The service worker: dist/sw.js with the precache list and a cache named by the files' hash."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .project import WEB, sha256


def site_files(dist: Path) -> list[str]:
    """Files the site uses (and the service worker precaches): everything but the worker, bench/ and
    lessons/lessons.json and scenarios/scenarios.json (every language, for tools and tests; a page
    fetches lessons/LANG/ID.json and scenarios/LANG.json)."""
    files = [p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()]
    return sorted(f for f in files if f not in ("sw.js", "lessons/lessons.json", "scenarios/scenarios.json") and not f.startswith("bench/"))


def write_service_worker(dist: Path) -> list[str]:
    """Write sw.js with the precache list and a cache name versioned by the hash of those files."""
    files = site_files(dist)
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + sha256((dist / rel).read_bytes()).encode())
    folders = [f[:-len("index.html")] for f in files if f.endswith("/index.html")]   # each language's home
    urls = ["./"] + [f"./{folder}" for folder in folders] + [f"./{f}" for f in files]
    text = (WEB / "sw.js").read_text()
    text = text.replace('"__CACHE_NAME__"', json.dumps(f"perlaggen-{h.hexdigest()[:16]}"))
    text = text.replace("__PRECACHE__", json.dumps(urls, indent=1))
    (dist / "sw.js").write_text(text)
    return urls
