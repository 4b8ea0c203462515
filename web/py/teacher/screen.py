"""The presenter's screen apart from its HTML: whether keys go to a text field or step the deal, the
control in focus found again after a render, the projector's note fitted to its box, the timeline
kept at the current step."""
from __future__ import annotations

from pyscript import document, window

from common.shell import by_id, control_selector


def typing(node) -> bool:
    """Whether keys go to a field the teacher writes in (a text box); a clicker's keys step anywhere else."""
    tag = getattr(node, "tagName", "")      # a key sent to the document itself has no element
    if tag == "TEXTAREA" or getattr(node, "isContentEditable", False):
        return True
    return tag == "INPUT" and not node.readOnly and node.type in ("text", "search", "number", "url", "")


FOCUS_KEYS = ("data-do", "data-toggle-seat", "data-goto")


def focused_control() -> str | None:
    """A selector for the presenter's control in focus, to find it again after a render."""
    selector = control_selector(document.activeElement, FOCUS_KEYS)
    return f"#presenter {selector}" if selector else None


def fit_note() -> None:
    """In the projector view the whole note fits its box: its letters get smaller (down to 60% of
    their size) until nothing is left below the fold. Elsewhere the note keeps the page's size."""
    node = by_id("t-note")
    if not node:
        return
    node.style.fontSize = ""
    if not document.body.classList.contains("projector") or node.scrollHeight <= node.clientHeight + 1:
        return
    size = float(window.getComputedStyle(node).fontSize.removesuffix("px"))
    floor = size * 0.6
    while node.scrollHeight > node.clientHeight + 1 and size > floor:
        size *= 0.93
        node.style.fontSize = f"{size:.1f}px"


def scroll_to_current(box) -> None:
    """Keep the current step in sight inside the timeline's own scroll box (never the page's)."""
    item = box.querySelector("[aria-current]") if box else None
    if item is None:
        return
    top = item.offsetTop
    if top < box.scrollTop or top + item.offsetHeight > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 2)
