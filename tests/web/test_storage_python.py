"""The one storage module (common.storage): every localStorage key the site uses is named there with
its version; reads never break a page; a write the browser refuses (quota, private mode, storage
switched off) is reported to the user with the slot's own words, in the page's language, and
nothing kept before is lost."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from common import i18n
from common.storage import DRAFT, HANDOFF, PROGRESS, SANDBOX, SCRIPT_KEYS, SLOTS, TEACHER, Storage
from lessons.progress import Progress
from sandbox.controller import Sandbox, Settings
from teacher.store import Store
from tools import i18n as tools_i18n

WEB = Path(__file__).resolve().parents[2] / "web"


class FakeStorage:
    """localStorage as a browser keeps it; `full` makes every write fail as a full one does."""

    def __init__(self, full: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.full = full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


def switched_off():
    raise RuntimeError("SecurityError: access to localStorage is denied")


@pytest.fixture
def reports():
    return []


@pytest.mark.parametrize("slot", SLOTS, ids=[s.key for s in SLOTS])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_write_is_reported_in_the_page_language_and_keeps_what_was_there(slot, lang, reports, tmp_path):
    tools_i18n.compile_all(tmp_path, ["en", "de"])
    i18n.use(lang, tmp_path)
    try:
        backend = FakeStorage()
        storage = Storage(lambda: backend, lambda text, code: reports.append((text, code)))
        assert storage.write(slot, "before") and not reports
        backend.full = True
        assert storage.write(slot, "after") is False
        assert reports == [(i18n._(slot.unsaved), f"unsaved:{slot.key}")]
        if lang == "de":
            assert reports[0][0] != slot.unsaved          # the German words, not the English
        assert storage.read(slot) == "before"
    finally:
        i18n.use("en")


def test_storage_switched_off_reads_as_empty_and_every_write_is_reported(reports):
    storage = Storage(switched_off, lambda text, code: reports.append(code))
    assert [storage.read(slot) for slot in SLOTS] == [None] * len(SLOTS)
    assert storage.take(HANDOFF) is None
    assert not [s for s in SLOTS if storage.write(s, "x")]
    assert reports == [f"unsaved:{s.key}" for s in SLOTS]


def test_the_hand_over_is_read_once(reports):
    backend = FakeStorage()
    storage = Storage(lambda: backend, lambda text, code: reports.append(code))
    storage.write(HANDOFF, '{"human": 1}')
    assert storage.take(HANDOFF) == '{"human": 1}' and storage.take(HANDOFF) is None and not reports


def test_the_data_carries_the_version_its_slot_names():
    assert json.loads(Progress().to_json())["version"] == PROGRESS.version
    assert json.loads(Store().to_json())["version"] == TEACHER.version
    game = Sandbox(Settings(seed=7))
    saved = game.to_dict()
    assert saved["version"] == SANDBOX.version
    for version in SANDBOX.reads:       # an older saved game still loads
        assert Sandbox.from_dict({**saved, "version": version}) is not None
    with pytest.raises((ValueError, KeyError, TypeError)):
        Sandbox.from_dict({**saved, "version": max(SANDBOX.reads) + 1})
    assert Progress.from_json(json.dumps({"version": PROGRESS.version + 1, "lessons": {"x": {}}})).lessons == {}


def test_every_key_the_site_keeps_is_named_in_the_storage_module_and_only_it_touches_localstorage():
    named = {s.key for s in SLOTS} | set(SCRIPT_KEYS)
    assert len(named) == len(SLOTS) + len(SCRIPT_KEYS)
    found = set()
    for path in [*WEB.rglob("*.py"), *WEB.rglob("*.mjs"), *WEB.rglob("*.js"), *WEB.rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"""["'](perlaggen[.:][\w.:-]+)["']""", text)) - {"perlaggen:ready", "perlaggen:page-archives",
                                                                             "perlaggen:python-build"}
        if path.suffix == ".py":      # the pages reach localStorage through common.storage alone
            assert not re.search(r"localStorage\.\w+\(", text), path
    assert {k for k in found if not k.startswith(("perlaggen:pyodide", "perlaggen:python-start"))} <= named | {
        "perlaggen.python-snapshot"}   # the snapshot's Cache Storage name, not a localStorage key
    assert {s.key for s in SLOTS} <= found
