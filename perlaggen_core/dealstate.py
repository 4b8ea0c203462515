"""What the rule modules see of a deal: a `Protocol`, narrower than the `Deal` class.

The rule modules (tricks, betting, exchange, showdown, endgame, scoring, cut, proofs, standing)
read and change a deal's cards and figures through it. It has no `apply`, no checks and no way to
change the phase: `phase` is read-only here, so mypy refuses `deal.phase = ...` in a rule module,
and only `phases.py` moves a deal from phase to phase.
"""
from __future__ import annotations

from typing import Optional, Protocol

from .figures import Key
from .rules import Rules
from .start import Start
from .state import Declarations, FigureState, Obligation, Phase, Swap, Tally, Trick

class DealState(Protocol):
    """A deal as the rule modules read and change it (`Deal` is the one implementation)."""

    # fixed for the deal
    @property
    def start(self) -> Start: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def n_teams(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def gestrichen_at(self) -> int: ...
    @property
    def start_scores(self) -> tuple[int, ...]: ...
    @property
    def trump(self) -> str: ...
    @property
    def perl_rank(self) -> dict[str, int]: ...
    @property
    def leader_seat(self) -> int: ...
    @property
    def cutter(self) -> int: ...

    # the cards
    hands: list[list[str]]
    face_up: Optional[str]
    exposed: list[str]
    exchanges: list[Swap]
    kept: frozenset[int]
    tricks: list[Trick]
    tricks_won: list[int]
    played: list[list[tuple[str, Optional[str]]]]
    shown: list[list[tuple[str, Optional[str]]]]

    # the figures, the bets and the show
    figs: dict[str, FigureState]
    obligations: list[Obligation]
    risky_bets: list[tuple[int, str]]
    spiel_team: Optional[int]
    show_team: Optional[int]
    turn_bets: set[str]
    passes: dict[str, int]
    tie_at_start: dict[str, Key]
    locked: set[str]
    declare: Optional[Declarations]
    open_play: bool
    uncut: bool

    # memories of derived facts (see Deal)
    standing: Optional[tuple[list[int], list[int]]]
    shown_memo: dict[tuple[int, str, int, int], Key]

    # where the deal stands (phases.py alone changes the phase)
    @property
    def phase(self) -> Phase: ...
    @property
    def final(self) -> Optional[Tally]: ...
    @property
    def to_act(self) -> list[int]: ...
    @property
    def current_trick(self) -> Optional[Trick]: ...
    @property
    def seat_to_play(self) -> Optional[int]: ...
    @property
    def first_pending(self) -> Optional[FigureState]: ...
    @property
    def scores_now(self) -> list[int]: ...

    def team(self, seat: int) -> int: ...
    def seats_of(self, team: int) -> list[int]: ...
    def others(self, team: int) -> list[int]: ...
    def is_perlagg(self, card: str) -> bool: ...
    def natural(self, card: str) -> bool: ...
    def score_now(self, team: int) -> int: ...
    def gestrichen(self, team: int) -> bool: ...
