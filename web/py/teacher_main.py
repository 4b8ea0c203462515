"""PyScript entry point of the teacher page. The teacher's own modules (the presenter, the handout
and their views) travel in py/teacher.zip, which only this page fetches (it starts the download
while Pyodide boots); once it is unpacked, teacher_page takes over. The editor's modules come
from py/editor.zip when the editor is first opened."""
from __future__ import annotations

import asyncio

from pyscript import document, window

window.performance.mark("perlaggen:python-start")

import i18n  # noqa: E402

LANG = i18n.use(document.documentElement.lang or "en")

from i18n import _  # noqa: E402  (after the catalog is chosen)
from pagekit import set_loading  # noqa: E402

set_loading(_("Starting the rules engine…"))


async def unpack(url: str) -> None:
    """Fetch a zip of modules and unpack it into Python's working directory (importable at once)."""
    import pyodide_js
    response = await window.fetch(url)
    if not response.ok:
        raise RuntimeError(f"{url}: HTTP {response.status}")
    pyodide_js.unpackArchive(await response.arrayBuffer(), "zip")


async def start() -> None:
    import pyodide_js
    root = document.body.dataset.root or "./"
    early = window.perlaggenTeacher            # the downloads the page began (teacher.html)
    modules = await early.modules
    if not modules.ok:
        raise RuntimeError(modules.error)
    pyodide_js.unpackArchive(modules.data, "zip")
    import teacher_page
    await teacher_page.main(LANG, root, early.scenarios)


asyncio.ensure_future(start())
