"""The built-in scenarios for the site: scenarios/*.json checked and compiled by the engine's
scenario loader, and the teacher page's list of them (partials scenario-list, scenario-item)."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Callable, Optional, Sequence

from . import templates
from .lessons import in_language
from .project import fail


def compile_scenarios(src: Path, out: Path, derived: Optional[dict[str, Callable[[str], str]]] = None,
                      languages: Sequence[str] = ("en",)) -> list[dict]:
    """The scenario hook: scenarios/*.json into dist/scenarios/: LANG.json for each of `languages`
    (what the teacher page fetches: every scenario with its texts in that language alone) and
    scenarios.json, every language (for tools and tests; no page fetches it).

    perlaggen_core.scenario.compile_dir replays every scenario with the engine and confirms every
    note's facts, and requires every text a class reads in each language of the site (the lessons'
    REQUIRED); a broken scenario
    stops the build, naming its file, field and reason.
    `derived` makes the texts of a language the scenarios are not written in from the English ones
    (a test language: {lang: text -> text}), as for the lessons.
    Returns [{"id", "title", "summary", "steps", "asks"}] for the teacher page's list.
    """
    if not any(src.glob("*.json")):
        return []
    from perlaggen_core.scenario import ScenarioError, compile_dir, scenario_texts
    try:
        text = compile_dir(src)
    except ScenarioError as exc:
        fail(f"scenario error: {exc}")
    if derived:
        doc = json.loads(text)
        for scenario in doc["scenarios"]:
            for _field, texts in scenario_texts(scenario):
                texts.update({lang: make(texts["en"]) for lang, make in derived.items()})
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "scenarios.json").write_text(text, encoding="utf-8")
    known = {"en", *languages, *(derived or {})}
    for lang in languages:
        (out / f"{lang}.json").write_text(json.dumps(in_language(json.loads(text), lang, known), ensure_ascii=False,
                                                     separators=(",", ":")), encoding="utf-8")
    return [{"id": s["id"], "title": s["title"], "summary": s.get("summary"), "steps": len(s["actions"]),
             "asks": sum(1 for n in s["notes"] if n.get("ask"))} for s in json.loads(text)["scenarios"]]


def scenario_list_html(scenarios: list[dict], lang: str, gettext) -> str:
    """The teacher page's list of built-in scenarios: links that work before Python is ready."""
    def text(value) -> str:
        """The text in `lang`, or the English one marked as English (lesson texts are translated in
        their files; a scenario's too, once it has them)."""
        if isinstance(value, dict):
            if lang in value or "en" not in value:
                return html.escape(value.get(lang) or "")
            return f'<span lang="en">{html.escape(value["en"])}</span>'
        return html.escape(str(value or ""))

    def render(name: str, **values: str) -> str:
        return templates.render_partial(name, gettext=gettext, variables=values).strip()

    items = "".join(render("scenario-item", scenario_id=html.escape(s["id"]),
                           scenario_title=text(s["title"]), scenario_summary=text(s["summary"]),
                           scenario_steps=str(s["steps"])) for s in scenarios)
    return render("scenario-list", scenario_items=items) if items else ""
