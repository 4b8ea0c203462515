"""Reading a deal for learners: what a card would do before it is played, and how each figure
ended and why (the deal summary), all as data and messages."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from .actions import Action
from .events import TrickTaken
from .figures import Key, describe
from .messages import msg
from .rules import FIGURES
from .state import NOBODY, OPEN, STANDS, FigureOutcome
from .tricks import best_in

if TYPE_CHECKING:
    from .deal import Deal


@dataclass(frozen=True, slots=True)
class PlayPreview:
    """What an action (a card played, cards shown) would do: whether the seat then holds the trick
    (None when no trick is under way), the seat's best Gleich and Hanger it can still make, and the
    Gleich and Hanger its cards on the table (played and shown) already make."""

    action: Action
    wins: Optional[bool]
    gleich: Key
    hanger: Key
    shown_gleich: Key = None
    shown_hanger: Key = None


def preview_play(deal: "Deal", action: Action) -> PlayPreview:
    trial = deal.clone()
    events = trial.apply(action)
    wins = next((e.winner == action.seat for e in events if isinstance(e, TrickTaken)), None)
    if wins is None:
        trick = trial.current_trick
        if trick is not None:
            wins = best_in(trick, trial.trump, trial.perl_rank)[1] == action.seat
    g, h = trial.best_keys(action.seat)
    return PlayPreview(action, wins, g, h, trial.shown_key(action.seat, "gleich"),
                       trial.shown_key(action.seat, "hanger"))


def figure_outcomes(deal: "Deal") -> list[FigureOutcome]:
    out = []
    for name in FIGURES:
        fig = deal.figs[name]
        out.append(FigureOutcome(name, fig.status, fig.winner, fig.value, _how(deal, name)))
    return out


def _how(deal: "Deal", name: str):
    fig = deal.figs[name]
    if fig.status is STANDS:
        return msg("how.stands")
    if fig.status is OPEN:
        return msg("how.open")
    if fig.status is NOBODY:
        return msg("how.spiel_hin" if name == "spiel" else "how.nobody_shown")
    if deal.final and any(p.kind == "takes" and p.figure == name for p in deal.final.proofs):
        return msg("how.taken")
    conceded = [a for a in deal.actions if a.act == "good" and a.figure == name]
    if conceded:
        return msg("how.conceded", seat=conceded[-1].seat)
    winner = fig.winner
    assert winner is not None   # the figure is won
    if name == "spiel":
        return msg("how.tricks", team=winner, tricks=deal.tricks_won[winner])
    if deal.declare is not None and deal.declare.by.get(winner):
        seat, _figure = deal.declare.by[winner]
        return msg("how.declared", seat=seat)
    key = deal.team_shown(winner, name)
    if key is not None:
        return msg("how.shown", team=winner, key=describe(name, key))
    return msg("how.show")
