"""PyScript entry point of the teacher page. The teacher's own modules (this folder) travel in
py/teacher.zip, which only this page fetches, while Pyodide boots; `teacher.page` takes over. The
editor's modules come from py/editor.zip when the editor is first opened."""
from __future__ import annotations

import asyncio

from pyscript import document, window

from common.i18n import N_
from common.shell import begin

LANG = begin(N_("Starting the rules engine…"))


async def unpack(url: str) -> None:
    """Fetch a zip of modules and unpack it into Python's working directory (importable at once)."""
    import pyodide_js
    response = await window.fetch(url)
    if not response.ok:
        raise RuntimeError(f"{url}: HTTP {response.status}")
    pyodide_js.unpackArchive(await response.arrayBuffer(), "zip")


async def start() -> None:
    root = document.body.dataset.root or "./"
    from teacher import page
    await page.main(LANG, root, window.perlaggenTeacher.scenarios)   # the download teacher.html began


asyncio.ensure_future(start())
