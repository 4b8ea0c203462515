"""Everything the site keeps in the browser's localStorage, in one place: each key (a `Slot`), the
version its data carries and what happens to data of another version, and one door (`Storage`)
through which the pages read and write. A read never breaks a page (storage switched off reads as
empty); a write that fails (storage full, a private window, storage switched off) is reported to the
user on every page the same way, as a refusal in the page's message line, and the page goes on.
No DOM here: a page hands over its localStorage (as a function, since even reaching it can fail)
and its message function, so the tests run it under CPython with a fake storage.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from common.i18n import N_, _


@dataclass(frozen=True)
class Slot:
    key: str
    version: int | None     # the "version" the data is written with; None: the data carries none
    reads: tuple[int, ...]  # the versions read back (older ones are upgraded as they load)
    holds: str              # what it keeps (for docs/site.md and the tests)
    migration: str          # what becomes of data of another version
    unsaved: str            # the words (N_) when a write fails


PROGRESS = Slot("perlaggen:progress", 1, (1,), "the learner's progress through the lessons (lessons.progress)",
                "another version starts afresh (Progress.from_json)",
                N_("This browser would not keep your progress in the lessons (its storage is full or switched off)."))
SANDBOX = Slot("perlaggen.sandbox.v2", 3, (2, 3), "the sandbox's game, saved after every move (sandbox.controller)",
               "3 adds a Strafperlaggen play-on; a 2 loads without one; a game under perlaggen.sandbox.v1 is not read",
               N_("This browser would not keep the game (its storage is full or switched off); it goes on unsaved."))
HANDOFF = Slot("perlaggen.sandbox.handoff", None, (), "a position the teacher page hands to the sandbox, read once",
               "read and removed at once; nothing to migrate",
               N_("This browser would not pass the position on to the sandbox (its storage is full or switched off)."))
TEACHER = Slot("perlaggen.teacher.v1", 1, (1,), "the teacher's own scenarios (teacher.store)",
               "an entry that no longer loads stays in the list with its reason (Store.entries)",
               N_("This browser would not keep the scenario (its storage is full or switched off)."))
DRAFT = Slot("perlaggen.teacher.draft", None, (), "the scenario being built in the editor, kept across a reload",
             "a draft that no longer loads is dropped (editor.page)",
             N_("This browser would not keep your work on the scenario across a reload (its storage is full or switched off)."))
PRACTICE = Slot("perlaggen.practice.v1", 1, (1,), "the learner's puzzle practice: solved, missed, streak, per theme (practice.progress)",
                "another version or damaged data start afresh (Progress.from_json)",
                N_("This browser would not keep your puzzle practice (its storage is full or switched off)."))
SLOTS = (PROGRESS, SANDBOX, HANDOFF, TEACHER, DRAFT, PRACTICE)
# Keys the pages' JavaScript keeps (before Python runs), listed so that every key is named here.
SCRIPT_KEYS = {"perlaggen.lang": "the language asked for with ?lang= (web/partials/language.html)",
               "perlaggen:python-snapshot": "the note on the stored Python snapshot (web/js/snapshot-store.mjs)"}


class Storage:
    """The page's localStorage through one door. `backend` returns the storage (window.localStorage);
    `report(text, code)` shows a failed write to the user (the page's message line, as a refusal;
    `code` is "unsaved:KEY", for the tests)."""

    def __init__(self, backend: Callable[[], Any], report: Callable[[str, str], None]) -> None:
        self.backend = backend
        self.report = report

    def read(self, slot: Slot) -> str | None:
        """The slot's text, or None when there is none or the storage cannot be read."""
        try:
            return self.backend().getItem(slot.key)
        except Exception:       # noqa: BLE001 (storage switched off: as if empty)
            return None

    def write(self, slot: Slot, text: str) -> bool:
        """Keep `text`; False, after telling the user, when the browser would not."""
        try:
            self.backend().setItem(slot.key, text)
            return True
        except Exception:       # noqa: BLE001 (quota, private window, switched off: all alike to the user)
            self.report(_(slot.unsaved), f"unsaved:{slot.key}")
            return False

    def take(self, slot: Slot) -> str | None:
        """Read once: the slot's text, removed from the storage."""
        text = self.read(slot)
        try:
            self.backend().removeItem(slot.key)
        except Exception:       # noqa: BLE001 (nothing kept, nothing to remove)
            pass
        return text
