"""The sandbox's game log, as data: each line is an engine message or a page sentence with its
values, so it is put into words (in the page's language) only when it is shown."""
from __future__ import annotations

from typing import Any, Optional

from perlaggen_core import Message

LOG_LIMIT = 400


class Log:
    """Lines of the game's log: {"id", "deal", "kind", "seat", "msg", "why"}; `msg` is a message's
    dict (code, params) or a page sentence {"say": msgid, "with": values}; `why` is a computer
    player's reason (a message's dict), shown only once its deal is over; a move's line also has
    "at", the move's place among the deal's actions (the review finds moves by it)."""

    def __init__(self, entries: Optional[list[dict]] = None) -> None:
        self.entries = list(entries or [])
        self.last_id = max((int(e.get("id", 0)) for e in self.entries), default=0)

    def _append(self, deal: int, kind: str, line: dict, seat: Optional[int], why: Optional[Message],
                at: Optional[int] = None) -> None:
        self.last_id += 1
        self.entries.append({"id": self.last_id, "deal": deal, "kind": kind, "seat": seat, "msg": line,
                             "why": why.to_dict() if why is not None else None,
                             **({"at": at} if at is not None else {})})
        del self.entries[:-LOG_LIMIT]

    def add(self, deal: int, kind: str, message: Message, seat: Optional[int] = None,
            why: Optional[Message] = None, at: Optional[int] = None) -> None:
        """An engine message (a move, an event, a sign)."""
        self._append(deal, kind, message.to_dict(), seat, why, at)

    def say(self, deal: int, kind: str, msgid: str, by: Optional[int] = None, **values: Any) -> None:
        """A sentence of the page (`msgid` marked with N_), its values put into words when shown."""
        self._append(deal, kind, {"say": msgid, "with": values}, by, None)

    def to_list(self) -> list[dict]:
        return list(self.entries)

    @classmethod
    def from_list(cls, data: list) -> "Log":
        if not isinstance(data, list) or not all(isinstance(e, dict) and "msg" in e for e in data):
            raise ValueError("not a sandbox log")
        return cls(data)
