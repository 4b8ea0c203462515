"""Downloading the shipped puzzles on a page: the index (what choosing one needs) and a puzzle's own
file when it is drawn, each once (the service worker keeps them offline). What the files hold is
the engine's to read (perlaggen_core.puzzles.index); here only the fetching."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import window

from perlaggen_core.puzzles import INDEX, Entry, puzzle_file, read_index


class Unavailable(Exception):
    """A puzzle file the page could not download or read as JSON (missing, offline, cut short)."""


async def fetch_json(url: str) -> Any:
    try:
        response = await window.fetch(url)
        if not response.ok:
            raise Unavailable(f"{url}: HTTP {response.status}")
        return json.loads(await response.text())
    except Unavailable:
        raise
    except Exception as exc:     # noqa: BLE001 (offline, or a broken download: JS and JSON errors alike)
        raise Unavailable(f"{url}: {exc}") from None


class PuzzleFiles:
    """The site's puzzles/ folder: each file fetched at most once, a fetch under way shared."""

    def __init__(self, root: str) -> None:
        self.base = f"{root}puzzles/"
        self.tasks: dict[str, asyncio.Future] = {}

    async def index(self) -> list[Entry]:
        """The index's entries (Unavailable, or PuzzleError for an index the build did not write)."""
        return read_index(await fetch_json(self.base + INDEX))

    def ahead(self, puzzle_id: str) -> None:
        """Start downloading a puzzle the page will likely show next."""
        if puzzle_id not in self.tasks:
            self.tasks[puzzle_id] = asyncio.ensure_future(fetch_json(self.base + puzzle_file(puzzle_id)))

    def now(self, puzzle_id: str) -> Any:
        """The puzzle's file if it is here already (downloaded ahead), else None: no waiting."""
        task = self.tasks.get(puzzle_id)
        if task is None or not task.done() or task.exception() is not None:
            return None
        return task.result()

    async def data(self, puzzle_id: str) -> Any:
        """The puzzle's file (Unavailable when it could not be had; a failed fetch is tried again
        next time)."""
        self.ahead(puzzle_id)
        try:
            return await self.tasks[puzzle_id]
        except Unavailable:
            del self.tasks[puzzle_id]
            raise
