"""A scenario as a link: its JSON, raw DEFLATE (zlib, wbits -15), base64url without padding.

`teacher.html#s=<that>&step=N` carries a whole scenario with no server. Reading one is
defensive: a size limit before and after unpacking, only base64url characters, and the scenario
validator on whatever comes out; every failure is a ScenarioError with a reason to show.
"""
from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from ..messages import msg
from .model import Scenario, ScenarioError
from .validate import load_scenario

MAX_LINK = 60_000          # characters of the encoded part (a long annotated deal is about 4,000)
MAX_JSON = 400_000         # bytes once unpacked
ALPHABET = re.compile(r"^[A-Za-z0-9_-]*$")


def _error(code: str, **params: Any) -> ScenarioError:
    return ScenarioError(msg(code, field="link", **params), "link")


def encode(document: dict[str, Any]) -> str:
    """The link form of a scenario document (its `to_json()`)."""
    raw = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> Any:
    """The JSON data of a link's encoded part (not yet checked as a scenario)."""
    if not isinstance(text, str) or not text:
        raise _error("scenario.link_empty")
    if len(text) > MAX_LINK:
        raise _error("scenario.link_too_long", most=MAX_LINK)
    if not ALPHABET.match(text) or len(text) % 4 == 1:
        raise _error("scenario.link_characters")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_JSON)
    except (ValueError, zlib.error):
        raise _error("scenario.link_damaged") from None
    if unpacker.unconsumed_tail:
        raise _error("scenario.link_too_big", most=MAX_JSON)
    if not unpacker.eof:
        raise _error("scenario.link_damaged")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _error("scenario.link_not_json") from None


def from_link(text: str) -> Scenario:
    """The scenario a link carries, checked like a file (ScenarioError otherwise)."""
    return load_scenario(decode(text))


def to_link(scenario: Scenario) -> str:
    return encode(scenario.to_json())
