"""PyScript entry point of the lessons page: each lesson's completion mark, score and link to continue.

The list itself is static HTML from the build (it works without Python); this reads the progress
that the lesson player keeps (common.storage) and fills in each lesson's line.
"""
from __future__ import annotations

from pyscript import document

from common.i18n import N_
from common.shell import begin

begin(N_("Starting the rules engine…"))

from lessons import view as lv  # noqa: E402  (after the catalog is chosen)
from common.shell import mark_ready, page_storage  # noqa: E402
from lessons.progress import Progress  # noqa: E402
from common.storage import PROGRESS  # noqa: E402


def main() -> None:
    progress = Progress.from_json(page_storage().read(PROGRESS))
    for item in document.querySelectorAll(".lesson-item"):
        lesson_id = item.dataset.lesson
        steps = [s for s in (item.dataset.steps or "").split() if s]
        summary = progress.summary(lesson_id, steps)
        item.classList.toggle("complete", summary.complete)
        title = item.querySelector("h2").textContent
        item.querySelector(".lesson-progress").innerHTML = lv.list_progress_html(lesson_id, summary, title)
    document.body.dataset.busy = "false"
    mark_ready()


main()
