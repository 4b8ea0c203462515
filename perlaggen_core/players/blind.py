"""The computer players in the blind-bet window: before the cut nobody has seen a card, so the
choice rests on the scores alone (seed 000, "Blind bets": the emergency measure of a side far
behind when the other side needs just one point).

A side that needs at least `FAR_BEHIND` points while another needs only one bets blind on every
figure it may, Gleich, Hanger and Spiel in that order ("Höll auf"); otherwise nobody bets blind. The
decision reads the seat's view, which holds nothing of any hand, the cut or the trump card during
the window, so it cannot depend on them.
"""
from __future__ import annotations

from typing import Optional

from ..actions import Action
from ..messages import msg
from .base import Decision

FAR_BEHIND = 4   # "11 points or fewer when the opponents are gestrichen in a 15-point game"


def to_go(view: dict, side: int) -> int:
    """The points a side still needs to win the game (counting down: the points it has left)."""
    score = view["scores"][side]
    return score if view["count_down"] else view["target"] - score


def blind_bet(view: dict) -> Optional[Decision]:
    """The blind bet a player with this view makes now, with why, or None."""
    seat = view["seat"]
    bets = [a for a in view["legal"] if a["act"] == "bet" and a.get("blind")]
    if seat is None or not bets:
        return None
    mine = view["teams"][seat]
    need = to_go(view, mine)
    theirs = min(to_go(view, side) for side in range(len(view["scores"])) if side != mine)
    if theirs != 1 or need < FAR_BEHIND:
        return None
    return Decision(Action.from_dict(bets[0]), msg("why.blind", points=need))


def window_decision(deal, seat: int) -> Decision:
    """What a computer player does when asked in the window: its blind bet, else (the cutter) the cut."""
    decision = blind_bet(deal.view(seat))
    if decision is not None:
        return decision
    if seat != deal.cutter:
        raise ValueError(f"seat {seat} has nothing to do before the cut")
    return Decision(Action(seat, "cut"), msg("why.cut"))
