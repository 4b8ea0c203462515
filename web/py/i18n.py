"""The one translation function of the site, backed by gettext-style catalogs (web/locale/*.po).

English is the source language: a msgid is the English text, and a missing or empty translation
falls back to it. The build renders the static pages through `Translator.gettext`; in the browser
`use(lang)` loads the catalog the build compiled to locale/LANG.json and `_` translates at run time.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path


class Translator:
    def __init__(self, catalog: dict[str, str] | None = None) -> None:
        self.catalog = dict(catalog or {})

    def gettext(self, msgid: str) -> str:
        return self.catalog.get(msgid) or msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.catalog.get(f"{singular}\x00{plural}")
        if forms:
            parts = forms.split("\x00")
            return parts[0 if n == 1 else min(1, len(parts) - 1)]
        return singular if n == 1 else plural


_active = Translator()


def N_(msgid: str) -> str:
    """Marks a message for the catalogs that is translated later, where it is shown."""
    return msgid


def _(msgid: str, **values: object) -> str:
    """Translate `msgid`, then fill {named} placeholders."""
    text = _active.gettext(msgid)
    return text.format(**values) if values else text


def gettext(msgid: str) -> str:
    """The translation alone, placeholders left for the caller (the engine's renderer fills them)."""
    return _active.gettext(msgid)


def plural(singular: str, plural_form: str, n: int) -> str:
    """The translated form for `n`, placeholders left for the caller."""
    return _active.ngettext(singular, plural_form, n)


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    return _active.ngettext(singular, plural, n).format(n=n, **values)


def use(lang: str, folder: str = "locale") -> str:
    """Switch to `lang` using locale/LANG.json if the build shipped one; returns the language in use."""
    global _active
    path = Path(folder) / f"{lang}.json"
    _active = Translator(json.loads(path.read_text(encoding="utf-8")) if path.exists() else {})
    return lang


def parse_po(text: str) -> dict[str, str]:
    """Parse a .po file into {msgid: msgstr}; plural entries become "one\\0many" keys and values."""
    catalog: dict[str, str] = {}
    entry: dict[str, list[str]] = {}
    key = None

    def flush() -> None:
        msgid = "".join(entry.get("msgid", []))
        if "msgid_plural" in entry:
            msgid += "\x00" + "".join(entry["msgid_plural"])
            forms = [("".join(v)) for k, v in sorted(entry.items()) if k.startswith("msgstr[")]
            value = "\x00".join(forms) if all(forms) else ""
        else:
            value = "".join(entry.get("msgstr", []))
        if msgid and value:
            catalog[msgid] = value
        entry.clear()

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#"):
            if entry and not line:
                flush()
            continue
        if line.startswith('"'):
            entry.setdefault(key, []).append(ast.literal_eval(line))
            continue
        key, _sep, rest = line.partition(" ")
        if key == "msgid" and "msgstr" in entry:
            flush()
        entry[key] = [ast.literal_eval(rest)]
    return catalog
