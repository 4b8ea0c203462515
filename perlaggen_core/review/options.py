"""The moves a review weighs at one decision: the move taken, what the rule-following and the
strong player would consider, and the other plain choices of the moment."""
from __future__ import annotations

from typing import Optional

from ..actions import EXCHANGE_ACTS, Action, card_of
from ..deal import Deal
from ..players.rule import RulePlayer
from ..players.sampling import SamplingPlayer
from ..players.turn import Turn
from ..state import PLAY, SHOW

ANSWERS = ("good", "hold", "raise")
Option = Optional[Action]     # None: no move now, the play goes on (no bet)


def answering(deal: Deal, seat: int) -> bool:
    pend = deal.first_pending
    return pend is not None and pend.pending is not None and pend.pending.team != deal.team(seat) \
        and seat in deal.to_act


def options_for(deal: Deal, seat: int, taken: Action, signals=None) -> list[Option]:
    """The taken move first, then its alternatives (each legal now, none twice)."""
    legal = deal.legal_actions(seat)
    legal_set = set(legal)
    out: list[Option] = [taken]

    def add(action: Option) -> None:
        if action not in out and (action is None or action in legal_set):
            out.append(action)

    if taken.act in EXCHANGE_ACTS:
        for a in legal:
            if a.act in EXCHANGE_ACTS:
                add(a)
        return out
    pend = deal.first_pending
    if pend is not None and answering(deal, seat):
        for a in legal:
            if a.act in ANSWERS and a.figure == pend.name:
                add(a)
        return out
    rule = RulePlayer(signals=bool(signals))
    strong = SamplingPlayer(show=True, signals=bool(signals))
    if deal.phase is SHOW:
        if seat in deal.to_act:
            base = rule.decide(deal, seat, signals)
            add(base.action)
            for a in strong.show_candidates(deal, seat, legal, []):
                add(a)
        return out
    if deal.phase is not PLAY:
        return out
    to_play = pend is None and deal.seat_to_play == seat
    if to_play:
        add(rule.play_decision(deal, seat, signals).action)
        for a in _plays(deal, seat, legal, rule, signals):
            add(a)
    else:
        add(None)                                   # let the play go on
    for a in legal:
        if a.act == "bet" and not a.blind:
            add(a)
        elif a.act == "good" and (a.figure == "spiel" or taken.act == "good"):
            add(a)
    return out


def _plays(deal: Deal, seat: int, legal: list[Action], rule: RulePlayer, signals) -> list[Action]:
    """Every card; a Perlagg as itself, as the top trump, and under the name best for the figures."""
    plays = [a for a in legal if a.act == "play"]
    t = Turn(deal, seat, signals)
    top = deal.trump + "A"
    out = []
    for card in dict.fromkeys(card_of(a) for a in plays):
        names = [a.baptism for a in plays if a.card == card]
        if None in names:
            out.append(Action(seat, "play", card=card))
        named = [b for b in names if b]
        if top in named:
            out.append(Action(seat, "play", card=card, baptism=top))
        if named:
            best = max(named, key=lambda b: rule._figure_score(t, card, b))
            out.append(Action(seat, "play", card=card, baptism=best))
    return out
