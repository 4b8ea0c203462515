"""The scenario format's data: a deal record with a title, notes per step, open hands; its error."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Union

from ..errors import RecordError

Text = Union[str, dict]          # the teacher's own words, or built-in words per language {"en": ...}

FORMAT = 1
# every other field belongs to the deal record, and the engine judges it
SCENARIO_FIELDS = {"format", "id", "title", "summary", "notes", "open", "bottom"}
NOTE_FIELDS = {"at", "text", "ask", "answer", "highlight", "check"}
NOTE_TEXTS = ("text", "answer")  # a note's texts a class reads

# Built-in scenarios (scenarios/*.json) are the site's own: like a lesson, every text a class reads is
# written in each language of perlaggen_core.lesson.REQUIRED (the site's languages), and the build
# fails, naming file and field, on one without (validate.load_dir). A teacher's own scenario may be
# in any one language.


class ScenarioError(RecordError):
    """A scenario that is malformed or does not replay: `field` names the place (``notes.2.at``)
    and `detail` says why, as a Message (the site puts it into the reader's language).
    `file` is set when the scenario came from a file (the build names it); `seats` (players, bottom
    seat) once the deal is known, so a page can name the seats as the presenter would."""

    def __init__(self, detail, field: Optional[str] = None, file: Optional[str] = None) -> None:
        super().__init__(detail, field)
        self.file = file
        self.seats: Optional[tuple[int, int]] = None

    def __str__(self) -> str:
        text = super().__str__()
        if self.field and self.field not in text:       # a sentence in a teacher's words: the path after it
            text = f"{self.field}: {text}"
        return f"{self.file}: {text}" if self.file else text


@dataclass
class Note:
    """What the teacher says once `at` actions have been taken (0: before the first one).
    `ask` makes it a question the class answers before the next action is revealed; `answer`
    is said with the reveal. `check` states facts of the position the engine must confirm."""

    at: int
    text: Text
    ask: bool = False
    answer: Optional[Text] = None
    highlight: tuple[str, ...] = ()
    check: Optional[dict] = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": self.at, "text": self.text}
        if self.ask:
            out["ask"] = True
        if self.answer:
            out["answer"] = self.answer
        if self.highlight:
            out["highlight"] = list(self.highlight)
        if self.check:
            out["check"] = self.check
        return out


@dataclass
class Scenario:
    """A checked scenario. `record` is its deal record (start and actions, actions as objects)."""

    record: dict[str, Any]
    title: Text
    notes: list[Note] = field(default_factory=list)
    open: tuple[int, ...] = ()
    bottom: int = 0
    id: Optional[str] = None
    summary: Optional[Text] = None
    players: int = 4

    @property
    def actions(self) -> list[dict]:
        return self.record.get("actions", [])

    @property
    def steps(self) -> int:
        """The last step: the number of actions (step N shows the position after N actions)."""
        return len(self.actions)

    @property
    def variant(self) -> str:
        return self.record.get("variant", "innsbruck")

    def replay(self):
        """The deal replayed once (the validator keeps the one it made)."""
        if getattr(self, "_replay", None) is None:
            from .replay import Replay
            self._replay = Replay(self.record)
        return self._replay

    def note_at(self, step: int) -> Optional[Note]:
        return next((n for n in self.notes if n.at == step), None)

    def asks(self) -> list[int]:
        return [n.at for n in self.notes if n.ask]

    def to_json(self) -> dict[str, Any]:
        """The scenario document: the deal record's fields, then the scenario's own."""
        out: dict[str, Any] = {"format": FORMAT}
        if self.id:
            out["id"] = self.id
        out["title"] = self.title
        if self.summary:
            out["summary"] = self.summary
        out.update(self.record)
        out["notes"] = [n.to_json() for n in self.notes]
        if tuple(self.open) != tuple(range(self.players)):
            out["open"] = list(self.open)
        if self.bottom:
            out["bottom"] = self.bottom
        return out


def scenario_texts(doc: dict) -> Iterator[tuple[str, Any]]:
    """Every text a class reads in a scenario document (a file's data or `Scenario.to_json()`), as
    (field, text) in the document's order: title, summary, each note's text and answer."""
    yield "title", doc.get("title")
    if doc.get("summary") is not None:
        yield "summary", doc["summary"]
    for i, note in enumerate(doc.get("notes") or []):
        for name in NOTE_TEXTS:
            if isinstance(note, dict) and note.get(name) is not None:
                yield f"notes.{i}.{name}", note[name]


def text_of(text: Optional[Text], lang: str = "en") -> str:
    """A text in `lang`: the teacher's own string as it is, else that language, else English."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    return text.get(lang) or text.get("en") or next(iter(text.values()), "")
