"""What the lesson page draws for its player's state, as data: each part's HTML, what is hidden, the
highlighted areas, the feedback's class and the body's data attributes. No DOM here: the page
(lessons/main.py) applies it, and the layout test draws every step from it under CPython and only
measures in the browser (tests/browser/test_lesson_layout.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

from common import tableview as tv
from common.scoresheet import deal_row, score_sheet_html
from lessons import view as lv
from lessons.player import LessonPlayer


@dataclass(frozen=True)
class PageParts:
    html: dict[str, str]                                  # element id: its innerHTML
    hidden: dict[str, bool]                               # element id: its `hidden`
    toggles: dict[str, tuple[str, bool]] = field(default_factory=dict)   # element id: (class, on)
    class_names: dict[str, str] = field(default_factory=dict)          # element id: its whole className
    data: dict[str, str] = field(default_factory=dict)                 # the body's data-* values

    def to_json(self) -> dict:
        return {"html": self.html, "hidden": self.hidden, "class_names": self.class_names, "data": self.data,
                "toggles": {k: list(v) for k, v in self.toggles.items()}}


def page_parts(player: LessonPlayer, names: dict[str, str], actions: list[dict], *, number: int,
               next_lesson: tuple[str, str] | None, gestrichen: bool, busy: bool) -> PageParts:
    """The page for `player`'s state: `actions` are the bet buttons on offer (none while busy),
    `number` the lesson's place in the course, `gestrichen` whether the course taught the word yet."""
    view = lv.table_view(player, names)
    hidden = lv.panel_hidden(player)
    marked = lv.areas(player)
    shown = lv.illustration_html(player)   # a page to read shows it in place of the table
    rows = [deal_row(1, view)] if view["phase"] in ("scored", "game_over") else []   # the deal just scored
    feedback = player.state.feedback
    html = {
        "illustration": shown,
        "table": tv.table_html(view, names),
        "hand": lv.hand_html(player, view, names),
        "legend": lv.legend_html(view, names),
        "figures": "" if hidden else tv.figures_html(view, actions),
        "score-sheet": "" if hidden else score_sheet_html(rows, view, gestrichen=gestrichen),
        "actions": tv.actions_html(actions, names, view["phase"]) if actions else "",
        "status": lv.status_html(player, view),
        "step-head": lv.step_head_html(player, number),
        "step-body": lv.step_body_html(player, names),
        "feedback": lv.feedback_html(player),
        "step-hints": lv.hints_html(player),
        "step-buttons": "" if busy else lv.buttons_html(player, next_lesson),
        "step-nav": lv.step_nav_html(player),
    }
    return PageParts(
        html=html,
        hidden={"illustration": not shown, "table": bool(shown), "under-table": bool(shown), "side": bool(shown)},
        toggles={"table": ("area-highlight", "trick" in marked), "figures": ("area-highlight", "figures" in marked),
                 "score-sheet": ("area-highlight", "score" in marked)},
        class_names={"feedback": f"feedback {feedback.kind}" if feedback else "feedback"},
        data={"busy": "true" if busy else "false", "step": player.step.id, "lesson": player.lesson.id,
              "kind": player.step.kind,                      # a page to read puts its text first on a phone
              "open": "true" if player.step.show_all else "false",   # every hand face up
              "outcome": player.state.outcome or ""})
