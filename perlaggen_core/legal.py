"""The legal actions of a seat: every action `Deal.refusal` accepts is listed here, except the
two large families, which have generators of their own (`showdown.all_shows` for shows of
several cards at once, `endgame.all_declarations` for every way to declare a figure). Listed
here instead: one-card shows, and each seat's best declaration of each kind."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .actions import Action, Bet, Done, Exchange, Good, Hold, Keep, Raise, build
from .betting import check_bet, check_good, check_raise, first_pending, may_bet
from .cut import window_actions
from .endgame import best_declarations
from .exchange import options as exchange_options
from .rules import FIGURES
from .showdown import single_shows
from .state import DECLARE, OPEN, PLAY, SHOW
from .tricks import play_options

if TYPE_CHECKING:
    from .deal import Deal

# bets, answers and concessions: the few actions listed again on every ask, made once each
bet_of = lru_cache(maxsize=None)(Bet)
hold_of = lru_cache(maxsize=None)(Hold)
raise_of = lru_cache(maxsize=None)(Raise)
good_of = lru_cache(maxsize=None)(Good)


@lru_cache(maxsize=None)
def named(seat: int, act: str, figure: str, blind: bool = False) -> Action:
    """A bet, answer or concession named by its act (the computer players' way to ask for one)."""
    return build(seat, act, figure=figure, blind=blind)


def legal_actions(deal: "Deal", seat: int, optional: bool = True) -> list[Action]:
    """Everything `seat` may do now; with optional=False, only the moves the game waits for
    (no bets, unprompted concessions or exchanges)."""
    if deal.phase.over or not 0 <= seat < deal.n:
        return []
    if deal.uncut:
        return window_actions(deal, seat, optional)
    to_act = deal.to_act
    if deal.phase is DECLARE:
        if seat not in to_act:
            return []
        return [*best_declarations(deal, seat), Done(seat)]
    out: list[Action] = []
    pend = first_pending(deal)
    if pend is not None and pend.pending is not None and seat in to_act and deal.team(seat) != pend.pending.team:
        out.append(good_of(seat, pend.name))
        out.append(hold_of(seat, pend.name))
        lift = raise_of(seat, pend.name)
        if check_raise(deal, lift) is None:
            out.append(lift)
    if deal.phase is PLAY:
        if pend is None and seat == deal.seat_to_play:
            out.extend(play_options(deal, seat))
        if not deal.tricks and optional:
            swaps = exchange_options(deal, seat)
            if swaps:
                out.extend(Exchange(seat, g, t) for g, t in swaps)
                out.append(Keep(seat))
    if optional:
        for name in FIGURES:
            if not deal.open_play and deal.rules.blind_bets and may_bet(deal, seat, name) is None:
                out.append(bet_of(seat, name, True))
            bet = bet_of(seat, name)
            if check_bet(deal, bet) is None:
                out.append(bet)
            fig = deal.figs[name]
            if fig.pending is None and fig.status is OPEN:
                good = good_of(seat, name)
                if check_good(deal, good) is None:
                    out.append(good)
    if deal.phase is SHOW and seat in to_act and deal.team(seat) == deal.show_team:
        out.extend(single_shows(deal, seat))
        if pend is None:
            out.append(Done(seat))
    return out
