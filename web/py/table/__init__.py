"""The table page (table.html): one deal at a time against computer players."""
