"""Markers for the message extractor (Babel): `N_` marks an English template, `NP_` a template
with a singular and a plural form chosen by the parameter `count`. Both return their text unchanged."""
from __future__ import annotations

from typing import NamedTuple


class Plural(NamedTuple):
    singular: str
    plural: str
    count: str = "count"    # the parameter that chooses the form


def N_(text: str) -> str:
    return text


def NP_(singular: str, plural: str, count: str = "count") -> Plural:
    return Plural(singular, plural, count)
