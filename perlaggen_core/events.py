"""Events: what an action made happen, as frozen values (`deal.apply` returns them in order).

`to_dict()` gives the JSON form, ``{"type": ..., ...}``; pages match on the class, never on keys.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Optional

from .state import Penalty, Proof, Status, Value


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Status) else value
        return out


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    type: ClassVar[str] = "play"
    seat: int
    card: str
    baptism: Optional[str]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": self.card, "as": self.baptism}


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    type: ClassVar[str] = "trick"
    winner: int
    team: int
    number: int


@dataclass(frozen=True, slots=True)
class FigureDecided(Event):
    type: ClassVar[str] = "figure"
    figure: str
    status: Status
    winner: Optional[int]
    value: Value


@dataclass(frozen=True, slots=True)
class BetMade(Event):
    type: ClassVar[str] = "bet"
    seat: int
    figure: str
    value: Value
    blind: bool


@dataclass(frozen=True, slots=True)
class BetHeld(Event):
    type: ClassVar[str] = "hold"
    seat: int
    figure: str
    value: Value


@dataclass(frozen=True, slots=True)
class Conceded(Event):
    """A figure called good (answering a bet, or unprompted)."""
    type: ClassVar[str] = "good"
    seat: int
    figure: str
    value: Value


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    type: ClassVar[str] = "exchange"
    seat: int
    gave: str
    took: str


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    type: ClassVar[str] = "show"
    seat: int
    cards: tuple[tuple[str, Optional[str]], ...]   # (card, baptism)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": [list(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class ShowBegins(Event):
    type: ClassVar[str] = "show_begins"
    team: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_end"
    team: int


@dataclass(frozen=True, slots=True)
class TurnBegins(Event):
    type: ClassVar[str] = "turn"
    team: int


@dataclass(frozen=True, slots=True)
class EndgameBegins(Event):
    """Both teams gestrichen: declarations of a figure at least `min` cards long decide."""
    type: ClassVar[str] = "endgame"
    min: int


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A declaration in the endgame; `figure` None is a pass."""
    type: ClassVar[str] = "declare"
    seat: int
    figure: Optional[str]
    cards: tuple[str, ...] = ()
    baptisms: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, "figure": self.figure}
        if self.figure is not None:
            out.update(cards=list(self.cards), **{"as": dict(self.baptisms)})
        return out


@dataclass(frozen=True, slots=True)
class Proved(Event):
    """A duty to show met or failed at the end of the deal, the cards face up (see `Proof`)."""
    type: ClassVar[str] = "proof"
    proof: Proof

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.proof.to_dict()}


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    type: ClassVar[str] = "scored"
    deal_points: tuple[int, ...]
    scores: tuple[int, ...]
    penalties: tuple[Penalty, ...]
    game_winner: Optional[int]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "deal_points": list(self.deal_points), "scores": list(self.scores),
                "penalties": [p.to_dict() for p in self.penalties], "game_winner": self.game_winner}
