"""The scenario editor on the teacher page, fetched when it is first opened (py/editor.zip)."""
