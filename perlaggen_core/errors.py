"""The engine's exceptions: one root, a few causes."""
from __future__ import annotations


class PerlaggenError(ValueError):
    """Root of every error the engine raises on bad input or illegal moves."""


class NotationError(PerlaggenError):
    """A card, suit, action or figure written in a form the engine does not know."""


class RecordError(PerlaggenError):
    """A deal record that is malformed or describes an impossible position.

    `field` names the offending field (a dotted path such as ``hands.2``).
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class IllegalAction(PerlaggenError):
    """A well-formed action the rules forbid at this moment; the message says why."""
