"""Events: what an action made happen, as values (`deal.apply` returns them in order).

`to_dict()` gives the JSON form, ``{"type": ..., ...}``; pages match on the class, never on keys.
Nobody changes an event once made, but the classes are not `frozen`: a frozen dataclass sets each
field through `object.__setattr__`, which made building the events of a move about 7% of random
self-play (one or more events per action); they keep equality and hashing by value.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Optional

from .state import Penalty, Proof, Status, Value


@dataclass(slots=True, unsafe_hash=True)
class Event:
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Status) else value
        return out


@dataclass(slots=True, unsafe_hash=True)
class CardPlayed(Event):
    type: ClassVar[str] = "play"
    seat: int
    card: str
    baptism: Optional[str]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": self.card, "as": self.baptism}


@dataclass(slots=True, unsafe_hash=True)
class TrickTaken(Event):
    type: ClassVar[str] = "trick"
    winner: int
    team: int
    number: int


@dataclass(slots=True, unsafe_hash=True)
class FigureDecided(Event):
    type: ClassVar[str] = "figure"
    figure: str
    status: Status
    winner: Optional[int]
    value: Value


@dataclass(slots=True, unsafe_hash=True)
class BetMade(Event):
    type: ClassVar[str] = "bet"
    seat: int
    figure: str
    value: Value
    blind: bool


@dataclass(slots=True, unsafe_hash=True)
class BetHeld(Event):
    type: ClassVar[str] = "hold"
    seat: int
    figure: str
    value: Value


@dataclass(slots=True, unsafe_hash=True)
class Conceded(Event):
    """A figure called good (answering a bet, or unprompted)."""
    type: ClassVar[str] = "good"
    seat: int
    figure: str
    value: Value


@dataclass(slots=True, unsafe_hash=True)
class Cut(Event):
    """The blind-bet window closes: the cutter cuts, keeping the Perlaggen `captured` (public)."""
    type: ClassVar[str] = "cut"
    seat: int
    captured: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "captured": list(self.captured)}


@dataclass(slots=True, unsafe_hash=True)
class TrumpTurned(Event):
    """After the cut and the deal: the trump card turned up (Eichel: after the acorns `exposed`)."""
    type: ClassVar[str] = "trump"
    card: str
    exposed: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card, "exposed": list(self.exposed)}


@dataclass(slots=True, unsafe_hash=True)
class StockShown(Event):
    """Luck und Boden: the stock's top and bottom cards, shown to everyone."""
    type: ClassVar[str] = "stock"
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "cards": list(self.cards)}


@dataclass(slots=True, unsafe_hash=True)
class Exchanged(Event):
    type: ClassVar[str] = "exchange"
    seat: int
    gave: str
    took: str


@dataclass(slots=True, unsafe_hash=True)
class CardsShown(Event):
    type: ClassVar[str] = "show"
    seat: int
    cards: tuple[tuple[str, Optional[str]], ...]   # (card, baptism)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": [list(c) for c in self.cards]}


@dataclass(slots=True, unsafe_hash=True)
class ShowBegins(Event):
    type: ClassVar[str] = "show_begins"
    team: int


@dataclass(slots=True, unsafe_hash=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_end"
    team: int


@dataclass(slots=True, unsafe_hash=True)
class TurnBegins(Event):
    type: ClassVar[str] = "turn"
    team: int


@dataclass(slots=True, unsafe_hash=True)
class EndgameBegins(Event):
    """Both teams gestrichen: declarations of a figure at least `min` cards long decide."""
    type: ClassVar[str] = "endgame"
    min: int


@dataclass(slots=True, unsafe_hash=True)
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


@dataclass(slots=True, unsafe_hash=True)
class Proved(Event):
    """A duty to show met or failed at the end of the deal, the cards face up (see `Proof`)."""
    type: ClassVar[str] = "proof"
    proof: Proof

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.proof.to_dict()}


@dataclass(slots=True, unsafe_hash=True)
class DealScored(Event):
    type: ClassVar[str] = "scored"
    deal_points: tuple[int, ...]
    scores: tuple[int, ...]
    penalties: tuple[Penalty, ...]
    game_winner: Optional[int]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "deal_points": list(self.deal_points), "scores": list(self.scores),
                "penalties": [p.to_dict() for p in self.penalties], "game_winner": self.game_winner}
