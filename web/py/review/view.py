"""HTML of a deal's review: grade badges, the costliest decisions with the better move and why,
every move of the deal with its grade (or a computer player's reason), and the progress bar.

Pure functions of the review's data (`perlaggen_core.review.Review.to_dict()`) and a reader's view,
shared by the sandbox and the teacher page, so they run under CPython in the tests too. A page
that shows a deal's moves as a timeline puts `grade_badge_at(review, index)` beside each move.
"""
from __future__ import annotations

from html import escape
from typing import Optional

from common.i18n import _, ngettext
from perlaggen_core import Action, Message
from perlaggen_core.narrate import doing
from common.pagewords import line_text, say

BAD = ("blunder", "mistake", "inaccuracy")


def grade_label(grade: str) -> str:
    return {"best": _("Best"), "fine": _("Good"), "inaccuracy": _("Inaccuracy"), "mistake": _("Mistake"),
            "blunder": _("Blunder"), "forced": _("Forced"), "blind": _("Not graded")}.get(grade, grade)


def grade_badge(grade: str) -> str:
    return f'<span class="grade grade-{escape(grade)}">{escape(grade_label(grade))}</span>'


def by_index(review: dict) -> dict[int, dict]:
    """The review's entries by the place of their move in the deal."""
    return {e["index"]: e for e in review["entries"]}


def grade_badge_at(review: Optional[dict], index: int) -> str:
    """The badge for the move at `index` of the deal, or "" (not reviewed, or another seat's)."""
    entry = by_index(review).get(index) if review else None
    return grade_badge(entry["grade"]) if entry else ""


def sentence(text: str) -> str:
    """An engine clause as a sentence of its own: capitalised, with a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text[-1:] in ".!?…" else text + "."


def reason_text(entry: dict, view: dict) -> str:
    return sentence(say(Message.from_dict(entry["reason"]), view))


def move_text(entry: dict, view: dict, told: Optional[dict] = None) -> str:
    """The move as the log told it (with the value a bet came to), else as something done."""
    if told is not None:
        return line_text(told, view)
    return sentence(say(doing(Action.from_dict(entry["action"])), view))


def told_at(lines: dict[int, dict], index: int) -> Optional[dict]:
    """The move at `index` as a log told it (`lines`: log entries by the move's place), or None."""
    line = lines.get(index)
    return line["msg"] if line else None


def points_text(entry: dict) -> str:
    if entry.get("taken_points") is None:
        return ""
    return _("Expected points: {taken} for your move, {best} for the best found.",
             taken=f'{entry["taken_points"]:+.1f}', best=f'{entry["best_points"]:+.1f}')


def entry_html(entry: dict, view: dict, told: Optional[dict] = None, tag: str = "li") -> str:
    """One graded decision: a button (it opens the table at that moment), the verdict and why."""
    index = entry["index"]
    move = move_text(entry, view, told)
    label = _("{grade}: {move} Show the table at this decision.", grade=grade_label(entry["grade"]), move=move)
    points = points_text(entry)
    return (f'<{tag} class="review-entry" data-index="{index}" data-grade="{escape(entry["grade"])}">'
            f'<button type="button" class="review-open" data-review="{index}" aria-label="{escape(label)}">'
            f'{grade_badge(entry["grade"])} <span class="move">{escape(move)}</span></button>'
            f'<p class="review-why">{escape(reason_text(entry, view))}</p>'
            + (f'<p class="review-points">{escape(points)}</p>' if points else "") + f"</{tag}>")


def summary_text(review: dict, head: Optional[str] = None) -> str:
    """The count of grades after `head` (by default "Your n decisions:")."""
    counts = review.get("counts", {})
    parts = [ngettext("{n} blunder", "{n} blunders", counts.get("blunder", 0)) if counts.get("blunder") else "",
             ngettext("{n} mistake", "{n} mistakes", counts.get("mistake", 0)) if counts.get("mistake") else "",
             ngettext("{n} inaccuracy", "{n} inaccuracies", counts.get("inaccuracy", 0))
             if counts.get("inaccuracy") else ""]
    good = counts.get("best", 0) + counts.get("fine", 0)
    parts.append(ngettext("{n} good move", "{n} good moves", good) if good else "")
    found = [p for p in parts if p]
    total = len(review["entries"])
    head = head or ngettext("Your {n} decision:", "Your {n} decisions:", total)
    return f"{head} {', '.join(found)}." if found else head


def costliest_html(review: dict, view: dict, lines: dict[int, dict]) -> str:
    entries = by_index(review)
    worst = [entries[i] for i in review.get("costliest", []) if i in entries]
    if not worst:
        return f'<p class="review-clean">{escape(_("No decision of yours cost points worth naming. Well played!"))}</p>'
    items = "".join(entry_html(e, view, told_at(lines, e["index"])) for e in worst)
    return (f'<h3>{escape(_("Your costliest decisions"))}</h3>'
            f'<ol class="review-costly">{items}</ol>')


def moves_html(review: dict, view: dict, lines: dict[int, dict]) -> str:
    """Every move of the deal in order (`lines`: the log's entries by the move's place): the
    reviewed seat's graded, the others' with their reasons."""
    entries = by_index(review)
    items = []
    for index in sorted(set(lines) | set(entries)):
        if index in entries:
            items.append(entry_html(entries[index], view, told_at(lines, index)))
            continue
        line = lines[index]
        why = line.get("why")
        reason = (f' <span class="why">{escape(_("Why: {reason}", reason=say(Message.from_dict(why), view)))}</span>'
                  if why else "")
        seat = f' data-seat="{line["seat"]}"' if line.get("seat") is not None else ""
        items.append(f'<li class="review-other" data-index="{index}"{seat}>'
                     f'{escape(line_text(line["msg"], view))}{reason}</li>')
    return (f'<details class="review-all"><summary>{escape(_("Every move of the deal, with the computer players’ reasons"))}</summary>'
            f'<ol class="review-moves">{"".join(items)}</ol></details>')


def review_html(review: dict, view: dict, lines: dict[int, dict], title: str, ending: str = "") -> str:
    """The whole review: the count of grades, the three costliest decisions, every move (`lines`:
    the deal's moves as a log told them, by their place in the deal; {} lists the graded only), and
    `ending`, how the deal ended (the proofs face up, every hand as dealt)."""
    note = _("Each decision was played out on up to {n} guessed deals that fit what you knew at that moment.",
             n=review["samples"])
    return (f'<h2 id="review-title">{escape(title)}</h2>'
            f'<p class="review-summary">{escape(summary_text(review))}</p>'
            f'<p class="quiet">{escape(note)}</p>'
            + costliest_html(review, view, lines) + moves_html(review, view, lines) + ending)


def progress_html(done: int, total: int, decision: int, decisions: int, text: Optional[str] = None) -> str:
    """The progress bar while the review works (`text`: its label, by default "your decision")."""
    text = text or _("Weighing your decision {k} of {n}…", k=decision, n=decisions)
    return (f'<div class="review-progress" role="status">'
            f'<label for="review-bar">{escape(text)}</label>'
            f'<progress id="review-bar" max="{max(1, total)}" value="{done}"></progress></div>')


__all__ = ["BAD", "by_index", "told_at", "costliest_html", "entry_html", "grade_badge", "grade_badge_at", "grade_label",
           "moves_html", "progress_html", "review_html", "summary_text"]
