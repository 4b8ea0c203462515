"""The engine's exceptions: one root, a few causes, each carrying a `Message`."""
from __future__ import annotations

from typing import Any, Optional

from .messages import Message
from .words import render


class PerlaggenError(ValueError):
    """Root of every error the engine raises on bad input or illegal moves.

    `detail` is the message as data (`code`, `params`); ``str(error)`` is its English text.
    """

    def __init__(self, detail: Message) -> None:
        super().__init__(detail.code)
        self.detail = detail
        self.rules = None       # the rule set it arose in: its cards are named as that set names them

    def within(self, rules) -> "PerlaggenError":
        """The same error, told in the words of a rule set (Giltspiel's King of hearts is no Martl)."""
        self.rules = rules
        return self

    @property
    def code(self) -> str:
        return self.detail.code

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.detail.params)

    def __str__(self) -> str:
        return render(self.detail, self.rules)


class NotationError(PerlaggenError):
    """A card, suit, action or figure written in a form the engine does not know."""


class RecordError(PerlaggenError):
    """A deal record that is malformed or describes an impossible position.

    `field` names the offending field (a dotted path such as ``hands.2``).
    """

    def __init__(self, detail: Message, field: Optional[str] = None) -> None:
        super().__init__(detail)
        self.field = field


class IllegalAction(PerlaggenError):
    """A well-formed action the rules forbid at this moment; `index` is its place in a record,
    `action` the action itself (an `Action`, when the record's replay knows it)."""

    def __init__(self, detail: Message, index: Optional[int] = None, action: Any = None) -> None:
        super().__init__(detail)
        self.index = index
        self.action = action
