"""Where the figures of a deal stand: deciding one, and the points and scores the decided ones make."""
from __future__ import annotations

from typing import Optional

from .dealstate import DealState
from .events import Event, FigureDecided
from .state import AUS, OPEN, WON, FigureState, Status


def decide(deal: DealState, fig: FigureState, status: Status, winner: Optional[int], events: list[Event]) -> None:
    """The figure is won, stands or goes to nobody; the deal's points are worked out again."""
    fig.status, fig.winner = status, winner
    deal.standing = None
    events.append(FigureDecided(fig.name, status, winner, fig.value))


def stand(deal: DealState) -> tuple[list[int], list[int]]:
    """The points won and the scores they make, remembered in `deal.standing` until a figure is
    decided (`decide` and the scoring forget it)."""
    if deal.standing is not None:
        return deal.standing
    points = [0] * deal.n_teams
    # nothing counts before a figure held at Spiel aus is decided (ruling 22)
    if not any(f.value == AUS and f.status is OPEN for f in deal.figs.values()):
        for f in deal.figs.values():
            if f.status is WON and f.winner is not None and f.value != AUS:
                points[f.winner] += f.value
    sign = -1 if deal.rules.count_down else 1
    deal.standing = (points, [start + sign * won for start, won in zip(deal.start_scores, points)])
    return deal.standing


def target_in_reach(deal: DealState) -> bool:
    """Whether the game may be over now (the tally decides): a team's score reaches the target,
    or a figure held at Spiel aus is won. Asked after every action, so plain loops."""
    down = deal.rules.count_down
    target = deal.target
    for score in stand(deal)[1]:
        if (score <= target) if down else (score >= target):
            return True
    if not down:
        for f in deal.figs.values():
            if f.value == AUS and f.status is WON:
                return True
    return False
