"""The site's translation functions, over compiled gettext catalogs read by Python's own `gettext`.

English is the source language: a msgid is the English text, and a missing translation falls
back to it. The build compiles web/locale/LANG/LC_MESSAGES/messages.po to .mo files, renders the
static pages through `translations(lang, folder)` and ships the .mo files in py/site.zip, where
the pages' `use(lang)` reads them (locale/LANG/LC_MESSAGES/messages.mo).

Every function fills {named} placeholders from its keyword arguments; the plural ones also fill {n}.
"""
from __future__ import annotations

import gettext as _gettext

DOMAIN = "messages"

_active: _gettext.NullTranslations = _gettext.NullTranslations()


def translations(lang: str, folder: str = "locale") -> _gettext.NullTranslations:
    """The compiled catalog of `lang` under `folder`, or no translations (English) when there is none."""
    path = _gettext.find(DOMAIN, str(folder), [lang])
    if path is None:
        return _gettext.NullTranslations()
    with open(path, "rb") as f:
        return _gettext.GNUTranslations(f)


def use(lang: str, folder: str = "locale") -> str:
    """Translate into `lang` from now on; returns the language."""
    global _active
    _active = translations(lang, folder)
    return lang


class _Plain(str):
    """A value given as plain words where a translation asks for a case ("{card:acc}"): the words
    as they are, without the article (card and figure names carry their cases themselves)."""

    def __format__(self, spec: str) -> str:
        return str(self) if spec.lower() in ("nom", "acc", "dat") else format(str(self), spec)


def _fill(text: str, values: dict[str, object]) -> str:
    if not values:
        return text
    return text.format(**{k: _Plain(v) if type(v) is str else v for k, v in values.items()})


def N_(msgid: str) -> str:
    """Marks a message for the catalogs that is translated later, where it is shown."""
    return msgid


def _(msgid: str, **values: object) -> str:
    """Translate `msgid`, then fill {named} placeholders."""
    return _fill(_active.gettext(msgid), values)


def gettext(msgid: str) -> str:
    """The translation alone, placeholders left for the caller (the engine's renderer fills them)."""
    return _active.gettext(msgid)


def plural(singular: str, plural_form: str, n: int) -> str:
    """The translated form for `n`, placeholders left for the caller."""
    return _active.ngettext(singular, plural_form, n)


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    return _fill(_active.ngettext(singular, plural, n), {"n": n, **values})


def pgettext(context: str, msgid: str, **values: object) -> str:
    """Translate `msgid` as meant in `context` (the same English can need two translations)."""
    return _fill(_active.pgettext(context, msgid), values)


def npgettext(context: str, singular: str, plural: str, n: int, **values: object) -> str:
    return _fill(_active.npgettext(context, singular, plural, n), {"n": n, **values})
