"""A position of a scenario as the skeleton of a lesson step (TOML for lessons/, docs/lessons.md):
the deal (turned so that the learner sits in seat 0), the moves before it, and the move the
scenario makes next as the expected one. The texts, in every language a lesson requires, are left
for the author to write ("TODO"), except a note at that step, which becomes the goal's first draft."""
from __future__ import annotations

import json
import re
from typing import Optional

from perlaggen_core import Action
from perlaggen_core.scenario import Scenario, text_of
from common.turning import turned

DEAL_KEYS = ("variant", "players", "dealer", "scores", "target", "trump_card", "captured", "exposed")


def _s(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _value(value) -> str:
    if isinstance(value, str):
        return _s(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return json.dumps(value)


def can_export(scenario: Scenario, step: int) -> bool:
    """A lesson step needs a move for the learner to make: the scenario's next one."""
    return 0 <= step < scenario.steps


def step_id(scenario: Scenario, step: int, lang: str = "en") -> str:
    base = scenario.id or re.sub(r"[^a-z0-9]+", "-", text_of(scenario.title, lang).lower()).strip("-") or "scenario"
    return f"{base[:40]}-step-{step}"


def lesson_step_toml(scenario: Scenario, step: int, lang: str = "en") -> Optional[str]:
    """The [[steps]] table for the position at `step`, or None when no move follows it."""
    if not can_export(scenario, step):
        return None
    learner = scenario.actions[step]["seat"]          # turned to seat 0: lessons seat the learner there
    record = turned({**scenario.replay().deals[0].to_record(), "actions": scenario.actions}, learner)
    deal = {k: record[k] for k in DEAL_KEYS if k in record and record[k] not in ([], None)}
    deal["hands"] = [" ".join(h) for h in record["hands"]]
    actions = [Action.from_dict(a) for a in record["actions"]]
    solution = str(actions[step])
    note = scenario.note_at(step)
    goal = {"en": "TODO: what the learner should do, in one or two sentences.",
            "de": "TODO: was der Lernende tun soll, in ein, zwei Sätzen."}
    if note and isinstance(note.text, str):      # the teacher's own words, in the page's language
        goal[lang if lang in goal else "en"] = note.text
    elif note and isinstance(note.text, dict):
        goal.update({l: t for l, t in note.text.items() if l in goal and t})
    lines = [
        "# Exported from the teacher page. Write the texts, then put the step into a lesson in lessons/",
        "# and check it with: python3 -m perlaggen_core.lesson lessons",
        "[[steps]]",
        f"id = {_s(step_id(scenario, step, lang))}",
        f"goal = {{ en = {_s(goal['en'])}, de = {_s(goal['de'])} }}",
        "deal = { " + ", ".join(f"{k} = {_value(v)}" for k, v in deal.items()) + " }",
        f"before = {_value([str(a) for a in actions[:step]])}",
        f"learner = {actions[step].seat}",
        f"expect.action = {_s(solution)}",
        f"solution = {_s(solution)}",
        'hints = [{ en = "TODO: a first hint", de = "TODO: ein erster Hinweis" }]',
        'success = { en = "TODO: what to say when the learner gets it right.", '
        'de = "TODO: was der Lernende hört, wenn es stimmt." }',
        "show_all = true",
    ]
    return "\n".join(lines) + "\n"
