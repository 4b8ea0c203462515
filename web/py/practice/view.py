"""HTML of the practice page's progress view and theme note: pure functions of the progress, so they
run under CPython in the tests as in the browser. The weakest themes come first, each with a link to
its lesson and to its puzzles alone."""
from __future__ import annotations

from html import escape
from typing import Optional, Sequence

from common.i18n import _
from common.puzzlethemes import THEME_NAMES, lesson_of, practice_href
from practice.progress import Progress


def progress_html(progress: Progress, themes: Sequence[str]) -> str:
    """The totals, then a table of every theme: right, missed, accuracy, the lesson and its puzzles."""
    totals = escape(_("Solved {solved}, missed {missed}, streak {streak}", solved=progress.solved,
                      missed=progress.missed, streak=progress.streak))
    rows = []
    for row in progress.theme_rows(themes):
        accuracy = "–" if row.accuracy is None else f"{round(100 * row.accuracy)} %"
        name = escape(_(THEME_NAMES[row.theme]))
        rows.append(
            f'<tr data-theme="{escape(row.theme)}"><th scope="row">'
            f'<a href="{escape(practice_href(row.theme))}">{name}</a> '
            f'<a class="theme-lesson" href="lesson.html#/{escape(lesson_of(row.theme))}">{escape(_("Lesson"))}</a></th>'
            f"<td>{row.right}</td><td>{row.missed}</td><td>{accuracy}</td></tr>")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in (_("Theme"), _("Right"), _("Missed"), _("Accuracy")))
    return (f'<p class="practice-totals">{totals}</p>'
            f'<details class="theme-progress"><summary>{escape(_("Your themes, the weakest first"))}</summary>'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></details>')


def theme_note_html(theme: Optional[str]) -> str:
    """Which theme the page keeps to, with a way back to every theme (nothing when it keeps to none)."""
    if theme is None:
        return ""
    return (f'<p class="theme-note">{escape(_("Only puzzles of this theme: {theme}", theme=_(THEME_NAMES[theme])))} '
            f'<a href="{escape(practice_href())}">{escape(_("All themes"))}</a></p>')
