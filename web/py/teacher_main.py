"""PyScript entry point of the teacher page. The teacher's own modules (presenter, editor, handout
and their views) travel in py/teacher.zip, which only this page fetches (the page preloads it
while Pyodide boots); once it is unpacked, teacher_page takes over."""
from __future__ import annotations

import asyncio

from pyscript import document, window

window.performance.mark("perlaggen:python-start")

import i18n  # noqa: E402

LANG = i18n.use(document.documentElement.lang or "en")

from i18n import _  # noqa: E402  (after the catalog is chosen)
from pagekit import set_loading  # noqa: E402

set_loading(_("Starting the rules engine…"))


async def start() -> None:
    import pyodide_js
    root = document.body.dataset.root or "./"
    response = await window.fetch(root + "py/teacher.zip")
    if not response.ok:
        raise RuntimeError(f"py/teacher.zip: HTTP {response.status}")
    pyodide_js.unpackArchive(await response.arrayBuffer(), "zip")
    import teacher_page
    await teacher_page.main(LANG, root)


asyncio.ensure_future(start())
