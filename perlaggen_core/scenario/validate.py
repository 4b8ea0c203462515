"""Checking a scenario completely: its fields, its deal replayed by the engine, its notes' facts.

Every problem is a ScenarioError naming the field, its reason a Message (so a page can say it in
the reader's language); files add their name. Nothing is changed or dropped silently: a scenario
either loads as it is (actions in short form become objects) or is refused.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..actions import Action
from ..cards import parse_card
from ..errors import IllegalAction, NotationError, RecordError
from ..messages import msg
from ..narrate import told
from ..rules import get_rules
from .checks import check_position
from .model import (FORMAT, NOTE_FIELDS, SCENARIO_FIELDS, Note, Scenario,
                    ScenarioError, scenario_texts)
from .replay import Replay

TITLE_MAX = 200
TEXT_MAX = 2000
ACTIONS_MAX = 400
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
LANG = re.compile(r"^[a-z]{2,3}$")     # ISO 639 codes: "de", "lld" (Ladin), "qps" (the tests' pseudo-language)
# A language's name in the message on a missing text (a new language adds its own code here and in words).
LANGUAGE_CODES = {"en": "scenario.language.en", "de": "scenario.language.de"}


def _error(code: str, field: str, **params: Any) -> ScenarioError:
    return ScenarioError(msg(code, field=field, **params), field)


def _text(value: Any, field: str, most: int = TEXT_MAX) -> Any:
    """The teacher's own words (a string) or built-in words per language ({"en": ...})."""
    texts = value.values() if isinstance(value, dict) else [value]
    if isinstance(value, dict) and (not value or not all(isinstance(k, str) and LANG.match(k) for k in value)):
        raise _error("scenario.text", field)
    for text in texts:
        if not isinstance(text, str) or not text.strip():
            raise _error("scenario.text", field)
        if len(text) > most:
            raise _error("scenario.too_long", field, most=most)
    return value


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _error("scenario.number", field, low=low, high=high)
    return value


def _actions(raw: Any) -> list[dict]:
    if not isinstance(raw, list):
        raise ScenarioError(msg("record.not_actions", field="actions"), "actions")
    if len(raw) > ACTIONS_MAX:
        raise _error("scenario.too_many", "actions", most=ACTIONS_MAX)
    out = []
    for i, item in enumerate(raw):
        if isinstance(item, str):                       # the short form, "2 play LU=LA"
            try:
                item = Action.from_text(item).to_dict()
            except NotationError as exc:
                raise ScenarioError(exc.detail, f"actions.{i}") from None
        out.append(item)
    return out


def load_scenario(data: Any, file: str | None = None) -> Scenario:
    """A scenario from its JSON data, checked; ScenarioError names the field (and `file`)."""
    try:
        return _load(data)
    except ScenarioError as exc:
        exc.file = file
        raise


def _load(data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise _error("scenario.not_object", "scenario")
    if data.get("format", FORMAT) != FORMAT:
        raise _error("scenario.format", "format", n=FORMAT)
    if "title" not in data:
        raise _error("scenario.needs", "title", name="title")
    title = _text(data["title"], "title", TITLE_MAX)
    sid = data.get("id")
    if sid is not None and (not isinstance(sid, str) or not ID.match(sid)):
        raise _error("scenario.id", "id")
    summary = _text(data["summary"], "summary") if "summary" in data else None
    record = {k: v for k, v in data.items() if k not in SCENARIO_FIELDS}
    record["actions"] = _actions(record.get("actions", []))
    try:
        replay = Replay(record)
    except IllegalAction as exc:
        raise _refused(exc, record, data) from None
    except RecordError as exc:
        raise ScenarioError(exc.detail, exc.field) from None
    players = replay.deals[0].n
    seats = data.get("open", list(range(players)))
    if not isinstance(seats, list) or len(set(map(str, seats))) != len(seats):
        raise _error("scenario.seats", "open")
    opened = tuple(sorted(_int(s, f"open.{i}", 0, players - 1) for i, s in enumerate(seats)))
    bottom = _int(data.get("bottom", 0), "bottom", 0, players - 1)
    try:
        notes = _notes(data.get("notes", []), replay)
    except ScenarioError as exc:
        exc.seats = (players, bottom)
        raise
    scenario = Scenario(record, title, notes, opened, bottom, sid, summary, players)
    scenario._replay = replay
    return scenario


def _refused(exc: IllegalAction, record: dict, data: dict) -> ScenarioError:
    """A move the rules refuse, in a teacher's words: which move, by whom, the rule's reason (the
    field path stays the error's `field`, for the detail)."""
    assert exc.index is not None   # Replay names the refused action's place
    where = f"actions.{exc.index}"
    error = _error("scenario.refused", where, n=exc.index + 1, move=told(exc.action), seat=exc.action.seat,
                   reason=exc.detail)
    players = get_rules(record.get("variant", "innsbruck")).players
    bottom = data.get("bottom", 0)
    error.seats = (players, bottom if isinstance(bottom, int) and 0 <= bottom < players else 0)
    return error


def _notes(raw: Any, replay: Replay) -> list[Note]:
    if not isinstance(raw, list):
        raise _error("scenario.not_list", "notes")
    notes: dict[int, Note] = {}
    for i, item in enumerate(raw):
        where = f"notes.{i}"
        if not isinstance(item, dict):
            raise _error("scenario.not_object", where)
        for key in item:
            if key not in NOTE_FIELDS:
                raise ScenarioError(msg("record.unknown_field", field=f"{where}.{key}", name=str(key)), f"{where}.{key}")
        if "at" not in item or "text" not in item:
            name = "at" if "at" not in item else "text"
            raise _error("scenario.needs", f"{where}.{name}", name=name)
        at = _int(item["at"], f"{where}.at", 0, replay.steps)
        if at in notes:
            raise _error("scenario.note_twice", f"{where}.at", n=at)
        ask = item.get("ask", False)
        if not isinstance(ask, bool):
            raise ScenarioError(msg("record.not_bool", field=f"{where}.ask"), f"{where}.ask")
        if ask and at == replay.steps:
            raise _error("scenario.ask_last", f"{where}.ask")
        answer = _text(item["answer"], f"{where}.answer") if "answer" in item else None
        highlight = item.get("highlight", [])
        if not isinstance(highlight, list) or len(highlight) > 40:
            raise ScenarioError(msg("record.not_cards", field=f"{where}.highlight"), f"{where}.highlight")
        cards = []
        for j, code in enumerate(highlight):
            try:
                cards.append(parse_card(code).code)
            except NotationError:
                raise ScenarioError(msg("record.card", field=f"{where}.highlight.{j}", text=str(code)),
                                    f"{where}.highlight.{j}") from None
        check = item.get("check")
        if check is not None:
            check_position(replay.deals[at], check, f"{where}.check")
        notes[at] = Note(at, _text(item["text"], f"{where}.text"), ask, answer, tuple(cards), check)
    return [notes[at] for at in sorted(notes)]


def check_languages(doc: Any, required: tuple[str, ...], file: str | None = None) -> None:
    """Every text a class reads in the scenario document has each language of `required`: a
    ScenarioError names the first field without one (a plain string counts as no language)."""
    for field, text in scenario_texts(doc):
        for lang in required:
            if not (isinstance(text, dict) and isinstance(text.get(lang), str) and text[lang].strip()):
                language = msg(LANGUAGE_CODES[lang]) if lang in LANGUAGE_CODES else lang
                raise ScenarioError(msg("scenario.no_language", field=field, language=language, lang=lang),
                                    field, file)


# ---------------------------------------------------------------------- files (the build, the tests)
def read_file(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ScenarioError(msg("record.json", text=str(exc)), "(file)", Path(path).name) from None


def load_file(path: Path) -> Scenario:
    return load_scenario(read_file(path), Path(path).name)


def built_in_languages() -> tuple[str, ...]:
    """The languages a built-in scenario is written in: the lessons' (imported here only, so the
    teacher page never loads the lesson package)."""
    from ..lesson.model import REQUIRED
    return REQUIRED


def missing_languages(path: Path, required: tuple[str, ...] | None = None) -> ScenarioError | None:
    """Why a built-in file does not have every text in every required language (None if it does)."""
    required = built_in_languages() if required is None else required
    try:
        check_languages(read_file(path), required, Path(path).name)
    except ScenarioError as exc:
        return exc
    return None


def load_dir(folder: Path, required: tuple[str, ...] | None = None) -> list[Scenario]:
    """Every scenarios/*.json (the built-in scenarios), in file name order; ids must be given and
    unique, and every text a class reads needs each language of `required` (default: the lessons')."""
    required = built_in_languages() if required is None else required
    out = []
    seen: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.json")):
        data = read_file(path)
        scenario = load_scenario(data, path.name)
        if not scenario.id:
            raise ScenarioError(msg("scenario.needs", field="id", name="id"), "id", path.name)
        if scenario.id in seen:
            raise ScenarioError(msg("scenario.id_twice", field="id", name=seen[scenario.id]), "id", path.name)
        check_languages(data, required, path.name)
        seen[scenario.id] = path.name
        out.append(scenario)
    return out


def compile_dir(folder: Path) -> str:
    """The built-in scenarios as one JSON document for the site."""
    return json.dumps({"scenarios": [s.to_json() for s in load_dir(folder)]}, ensure_ascii=False,
                      separators=(",", ":"))
