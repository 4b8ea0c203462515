"""Pyodide's package; the pages use only pyodide.ffi."""
