"""Markers for the message extractor (Babel): `N_` marks an English template, `NP_` a template
with a singular and a plural form chosen by the parameter `count`, `NC_` a text with a context (the
same English words that another language says in several ways). All return their text unchanged."""
from __future__ import annotations

from typing import NamedTuple, Union


class Plural(NamedTuple):
    singular: str
    plural: str
    param: str = "count"    # the parameter whose value chooses the form


Template = Union[str, Plural]   # what a message code is rendered from


def N_(text: str) -> str:
    return text


def NP_(singular: str, plural: str, count: str = "count") -> Plural:
    return Plural(singular, plural, count)


def NC_(context: str, text: str) -> tuple[str, str]:
    return context, text
