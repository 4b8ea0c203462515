"""The named pieces of a deal's state: phases, figure states, bets, tricks, penalties, results."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal, NamedTuple, Optional, Union

from .figures import Key
from .messages import Message

AUS: Final = "aus"                   # the value of a figure bet to "Spiel aus"
Value = Union[int, Literal["aus"]]   # a figure's value: a number, or AUS


class Phase(str, Enum):
    """The phases of a deal; the values are the contract's strings."""

    PLAY = "play"
    SHOW = "show"
    DECLARE = "declare"
    SCORED = "scored"
    GAME_OVER = "game_over"

    def __init__(self, value: str) -> None:
        self.over = value in ("scored", "game_over")   # a plain attribute: asked on every move

    def __str__(self) -> str:
        return self.value


# the members as plain names: reading `Phase.PLAY` goes through the enum's metaclass each time,
# which the hot loops of self-play and the computer players notice
PLAY, SHOW, DECLARE, SCORED, GAME_OVER = Phase


class Status(str, Enum):
    """Where a figure stands: undecided, won by a team, tied ("steht"), or won by nobody."""

    OPEN = "open"
    WON = "won"
    STANDS = "stands"
    NOBODY = "nobody"

    def __str__(self) -> str:
        return self.value


OPEN, WON, STANDS, NOBODY = Status


@dataclass(frozen=True, slots=True)
class PendingBet:
    """A bet waiting for its answer: who made it, the value it proposes, and the sides (teams, or
    players where everyone is alone) still to answer, in turn; the first of them answers now."""

    team: int
    seat: int
    value: Value
    blind: bool = False
    waiting: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"team": self.team, "seat": self.seat, "value": self.value, "blind": self.blind,
                "waiting": list(self.waiting)}


@dataclass(slots=True)
class FigureState:
    """The betting and outcome state of one figure in one deal (changed only by the engine)."""

    name: str
    value: Value = 1
    pending: Optional[PendingBet] = None
    last_team: Optional[int] = None      # the team whose bet was last accepted
    conceded: bool = False
    status: Status = Status.OPEN
    winner: Optional[int] = None
    first_bet: Optional[tuple[int, int]] = None   # scoring order of its first bet (see betting.py)
    conceded_at: Optional[int] = None    # action index of the concession
    needs_example: bool = False          # won by a concession nobody bet on
    out: frozenset[int] = frozenset()    # sides that conceded it: they can no longer win it
    levels: tuple[tuple[int, int], ...] = ()   # (seat, value) each seat bet, held or raised it at (highest)

    def copy(self) -> "FigureState":
        return FigureState(self.name, self.value, self.pending, self.last_team, self.conceded, self.status,
                           self.winner, self.first_bet, self.conceded_at, self.needs_example, self.out,
                           self.levels)

    def level(self, seat: int) -> int:
        return next((v for s, v in self.levels if s == seat), 0)

    def commit(self, seat: int, value: int) -> None:
        """`seat` bet, held or raised at `value` (Strafperlaggen's penalties follow the highest)."""
        if value > self.level(seat):
            self.levels = tuple(sorted([(s, v) for s, v in self.levels if s != seat] + [(seat, value)]))

    def public(self) -> dict[str, Any]:
        """The contract's figure object."""
        return {"value": self.value, "pending": self.pending.value if self.pending else None,
                "conceded": self.conceded, "status": self.status.value, "winner": self.winner}


class PlayedCard(NamedTuple):
    """A card on the table: who played it, the card, and its baptism (None: as itself)."""

    seat: int
    card: str
    baptism: Optional[str]

    @property
    def represents(self) -> str:
        return self.baptism or self.card


@dataclass(slots=True)
class Trick:
    leader: int
    cards: list[PlayedCard] = field(default_factory=list)
    winner: Optional[int] = None

    def copy(self) -> "Trick":
        return Trick(self.leader, list(self.cards), self.winner)

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [list(c) for c in self.cards], "winner": self.winner}


class Swap(NamedTuple):
    """An exchange made before the first card: the card given and the card taken."""

    seat: int
    gave: str
    took: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "gave": self.gave, "took": self.took}


class Obligation(NamedTuple):
    """A seat that bet or held a Gleich or Hanger and must show an example of it (ruling 16)."""

    seat: int
    figure: str
    blind: bool


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points a team loses in a deal: `kind` is "no_example" (a bet figure not shown, by `seat`)
    or "gestrichen_bet" (Imst: a bet made while gestrichen that did not win)."""

    team: int
    seat: Optional[int]
    figure: str
    points: int
    kind: str
    failures: tuple[tuple[int, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The contract's penalty object."""
        return {"team": self.team, "seat": self.seat, "figure": self.figure, "points": self.points}


@dataclass(frozen=True, slots=True)
class Proof:
    """What the table sees of one duty to show at the end of a deal (rulings 16, 21): `seat` (of
    side `team`) bet or held the `figure` (`blind`: only blind) and lays `cards` face up, each as
    (card, baptism). `ok`: they make the figure `key`; not ok: the seat has none, and `cards` are
    what it still held, shown to prove it. `penalty`: the points the failure costs the side (signed
    as in `Penalty`; 0 for a blind bet, and for a side's later failures: it pays once), `forfeit`
    what else it loses ("deal": all its points of the deal, "figure": that figure). Kind "takes":
    the example of the side that takes a figure its bettor could not show."""

    seat: int
    team: int
    figure: str
    kind: str
    blind: bool
    ok: bool
    cards: tuple[tuple[str, Optional[str]], ...]
    key: Key
    penalty: int
    forfeit: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "team": self.team, "figure": self.figure, "kind": self.kind, "blind": self.blind,
                "ok": self.ok, "cards": [list(c) for c in self.cards], "key": list(self.key) if self.key else None,
                "penalty": self.penalty, "forfeit": self.forfeit}


@dataclass(frozen=True, slots=True)
class Tally:
    """A deal's scoring: points per team, running scores, penalties, and changed figure winners."""

    deal_points: tuple[int, ...]
    scores: tuple[int, ...]
    game_winner: Optional[int]
    penalties: tuple[Penalty, ...]
    winners: dict[str, Optional[int]]
    proofs: tuple[Proof, ...] = ()      # set when the deal is over (final)


@dataclass(slots=True)
class Declarations:
    """The both-gestrichen endgame (rulings 23-24): who passed, and each team's best declaration."""

    min: int
    resume: Phase
    passed: set[int] = field(default_factory=set)
    best: dict[int, tuple] = field(default_factory=dict)          # team -> rank of its best figure
    by: dict[int, tuple[int, str]] = field(default_factory=dict)  # team -> (seat, figure)

    def copy(self) -> "Declarations":
        return Declarations(self.min, self.resume, set(self.passed), dict(self.best), dict(self.by))


@dataclass(frozen=True, slots=True)
class FigureOutcome:
    """How one figure ended, for the deal summary: `how` says why, as a message."""

    figure: str
    status: Status
    winner: Optional[int]
    value: Value
    how: Message

    def to_dict(self) -> dict[str, Any]:
        return {"figure": self.figure, "status": self.status.value, "winner": self.winner,
                "value": self.value, "how": self.how.to_dict()}
