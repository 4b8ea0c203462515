"""Which theme a decision belongs to, from the position and the moves in question (the answer and
the rule-following player's choice)."""
from __future__ import annotations

from ..actions import EXCHANGE_ACTS, Action
from ..deal import Deal
from ..state import DECLARE, SHOW

BETTING = ("bet", "hold", "raise", "good")
NEAR = 3     # points from the target at which a deal counts as the endgame (gestrichen is 1)


def trick_index(deal: Deal) -> int:
    """The trick being played (0 for the first), or the number of tricks once they are done."""
    return len(deal.tricks) - (deal.current_trick is not None)


def near_target(deal: Deal) -> bool:
    """A side is gestrichen, the declarations have begun, or a side is within NEAR points of the target."""
    if deal.phase is DECLARE or deal.declare is not None:
        return True
    for team in range(deal.n_teams):
        if deal.gestrichen(team):
            return True
        left = deal.score_now(team) if deal.rules.count_down else deal.target - deal.score_now(team)
        if left <= NEAR:
            return True
    return False


def theme_of(deal: Deal, seat: int, answer: Action, tempting: Action) -> str:
    """The one theme of a decision: the exchange, the endgame, the show, a Perlagg's name, the last
    trick, betting, or which card (following suit, trumping, Trumpf abreißen)."""
    acts = {answer.act, tempting.act}
    if acts & EXCHANGE_ACTS:
        return "exchange"
    if near_target(deal):
        return "endgame"
    if deal.phase is SHOW:
        return "show"
    if answer.act == tempting.act == "play" and answer.card == tempting.card:
        return "baptism"
    if trick_index(deal) == len(deal.hands0[seat]) - 1:
        return "fifth-trick"
    if acts & set(BETTING):
        return "betting"
    return "following"
