"""The teacher's own scenarios in this browser (localStorage, through common.storage).

Pure data, no DOM: the page reads and writes the JSON text. Nothing is dropped: an entry that no
longer loads (say, after the rules engine changed) stays in the list with its reason, so it can
still be exported and repaired.
"""
from __future__ import annotations

import json
from typing import Any, Optional

from perlaggen_core.scenario import ScenarioError, load_scenario, text_of

from common.storage import TEACHER

VERSION = TEACHER.version     # its key and version: common.storage


class Store:
    """The saved scenarios, newest last, each under a short key ("m1", "m2", ...)."""

    def __init__(self, items: Optional[list[dict]] = None) -> None:
        self.items: list[dict] = items or []

    @classmethod
    def from_json(cls, text: Optional[str]) -> "Store":
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            return cls()
        return cls([i for i in items if isinstance(i, dict) and isinstance(i.get("key"), str) and "doc" in i])

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "items": self.items}, ensure_ascii=False)

    def get(self, key: str) -> Optional[dict]:
        return next((i["doc"] for i in self.items if i["key"] == key), None)

    def put(self, doc: dict, key: Optional[str] = None) -> str:
        """Save a scenario document (replacing the one under `key`); returns its key."""
        for item in self.items:
            if item["key"] == key:
                item["doc"] = doc
                return item["key"]
        numbers = [int(i["key"][1:]) for i in self.items if i["key"][1:].isdigit()]
        key = f"m{max(numbers, default=0) + 1}"
        self.items.append({"key": key, "doc": doc})
        return key

    def remove(self, key: str) -> None:
        self.items = [i for i in self.items if i["key"] != key]

    def entries(self, lang: str) -> list[dict[str, Any]]:
        """For the list: key, title, steps, and the reason an entry no longer loads (or None)."""
        out = []
        for item in self.items:
            doc = item["doc"]
            try:
                scenario = load_scenario(doc)
                out.append({"key": item["key"], "title": text_of(scenario.title, lang), "steps": scenario.steps,
                            "error": None})
            except ScenarioError as exc:
                title = doc.get("title") if isinstance(doc, dict) else None
                out.append({"key": item["key"], "title": title if isinstance(title, str) else item["key"],
                            "steps": None, "error": exc})
        return out
