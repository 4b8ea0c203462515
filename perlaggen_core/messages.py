"""What the engine says, as data: a stable code with named values.

Refusals, events, outcomes, figure descriptions, signals and the computer players' reasons are
all `Message`s. The words come from a renderer: `perlaggen_core.words` for English, the site's
gettext catalogs for the other languages. Values are plain data: cards as codes (``"HK"``),
figures as names (``"gleich"``), seats and teams as numbers, and other messages.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(slots=True)
class Message:
    """A code such as ``"play.not_your_turn"`` and its named values (``{"seat": 2}``).

    Nobody changes a message once made, but the class is not `frozen` (as the events): listing a
    seat's legal actions makes and drops several refusals, and a frozen dataclass sets each field
    through `object.__setattr__` (it could not be hashed anyway: its values are a dict)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": {k: _plain(v) for k, v in self.params.items()}}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> "Message":
        return Message(str(data["code"]), {k: _revive(v) for k, v in dict(data.get("params", {})).items()})

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


def msg(code: str, **params: Any) -> Message:
    """Shorthand: ``msg("play.not_held", card="HK")``."""
    return Message(code, params)


def _plain(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _revive(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"code", "params"}:
        return Message.from_dict(value)
    if isinstance(value, list):
        return [_revive(v) for v in value]
    return value
