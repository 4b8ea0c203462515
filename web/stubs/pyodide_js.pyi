"""Pyodide's JavaScript API as a module (the teacher page unpacks an archive with it)."""
from typing import Any

def unpackArchive(buffer: Any, format: str) -> None: ...
