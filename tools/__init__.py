"""The build tools behind build.py, one module per job (docs/site.md lists them)."""
