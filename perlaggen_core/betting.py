"""Bets and answers (rulings 12-17, 26-27): who may bet, who answers, holds, raises and concessions.

A side is a team, or a player where everyone plays alone. A bet is answered by the other sides
still in the figure, in turn clockwise from the bettor (with two teams: the other team, by either
member). "Good" takes the answering side out of the figure; when every side answered good, the
bettor wins it at the old value. A hold accepts the bet, and the sides still to answer ride free:
they stay in without answering. A raise is a hold followed by the raiser's own bet.
"""
from __future__ import annotations

from typing import Optional

from .actions import Bet, Good, Hold, Raise
from .dealstate import DealState
from .events import BetHeld, BetMade, Conceded, Event
from .messages import Message, msg
from .rules import FIGURES
from .showdown import award, sides_in
from .state import AUS, DECLARE, OPEN, PLAY, SHOW, FigureState, Obligation, PendingBet, Value
from .tricks import led_suit, spiel_in_reach



def first_pending(deal: DealState) -> Optional[FigureState]:
    """The bet to answer first: several wait at once only as Gleich, Hanger, Spiel (ruling 12)."""
    for name in FIGURES:
        fig = deal.figs[name]
        if fig.pending is not None:
            return fig
    return None


def answering_seats(deal: DealState, bet: PendingBet) -> list[int]:
    """Who may answer a bet now: the seats of the first side still to answer."""
    return deal.seats_of(bet.waiting[0])


def first_bet_order(index: int, figure: str, blind: bool) -> tuple[int, int]:
    """Where a figure's first bet stands in the scoring order of held bets (ruling 22): blind bets
    are made together before the cut, so among them Gleich, Hanger, Spiel (ruling 12)."""
    return (-1, FIGURES.index(figure)) if blind else (index, 0)


def to_answer(deal: DealState, fig: FigureState, seat: int) -> tuple[int, ...]:
    """The sides that answer a bet by `seat`: every other side still in, clockwise from the bettor."""
    mine, out = deal.team(seat), fig.out
    order: list[int] = []
    for i in range(1, deal.n):
        side = deal.team((seat + i) % deal.n)
        if side != mine and side not in out and side not in order:
            order.append(side)
    return tuple(order)


# ----------------------------------------------------------------------------- checks
def may_bet(deal: DealState, seat: int, name: str) -> Optional[Message]:
    """Why this seat's side may not bet on the figure now (ruling 14's bar included), or None."""
    fig = deal.figs[name]
    team = deal.team(seat)
    rules = deal.rules
    if fig.status is not OPEN:
        return msg("figure.decided", figure=name)
    if team in fig.out:
        return msg("bet.conceded", figure=name)
    if fig.pending is not None:
        return msg("bet.pending", figure=name)
    if fig.value == AUS:
        return msg("bet.at_aus", figure=name)
    if fig.value == rules.max_value and not rules.spiel_aus:
        return msg("bet.at_most", figure=name, value=fig.value)
    if fig.last_team == team:
        return msg("bet.own_team_last", figure=name)
    if name == "spiel" and rules.suggested_spiel_rule and not spiel_in_reach(deal, team):
        return msg("bet.spiel_out_of_reach")
    return _bar(deal, team, name, fig.value, "bet")


def _bar(deal: DealState, team: int, figure: str, value, act: str) -> Optional[Message]:
    """The endgame bar (ruling 14): no bet or raise that would already reach the target; counting
    down (Strafperlaggen), a player on 1 may hold but not bet or raise (ruling 27)."""
    if deal.rules.count_down:
        return msg(f"{act}.on_one") if deal.score_now(team) <= 1 else None
    if deal.gestrichen(team):
        if not deal.rules.gestrichen_bet_penalty:   # Imst lets it bet, at the risk of a penalty
            return msg(f"{act}.gestrichen")
    elif deal.score_now(team) + value >= deal.target:
        return msg(f"{act}.would_reach_target", figure=figure, value=value)
    return None


def check_bet(deal: DealState, a: Bet) -> Optional[Message]:
    if a.blind:
        if deal.open_play:
            return msg("blind.too_late")
        if not deal.rules.blind_bets:
            return msg("blind.not_in_rules")
    elif deal.phase is DECLARE:
        return msg("bet.endgame")
    if deal.phase is SHOW:
        if deal.team(a.seat) != deal.show_team:
            return msg("show.bet_not_your_turn")
        if a.figure == "spiel":
            return msg("figure.decided", figure="spiel")
        if deal.to_act and deal.team(deal.to_act[0]) != deal.show_team:
            return msg("show.answer_first")
    elif deal.phase is not PLAY:
        return msg("bet.not_now")
    why = may_bet(deal, a.seat, a.figure)
    if why:
        return why
    if a.figure == "spiel" and deal.phase is PLAY:
        return fifth_trick(deal, a.seat)
    return None


def fifth_trick(deal: DealState, seat: int) -> Optional[Message]:
    """Ruling 15 (four players): with the tricks level and the last trick led, the Spiel may be bet
    only by a player whose last card (played or not) is of the led suit, a trump or a Perlagg."""
    if not deal.rules.last_trick_rule or len(deal.tricks) != deal.rules.hand_size:
        return None
    trick = deal.current_trick
    if trick is None or len(set(deal.tricks_won)) != 1:
        return None
    led = led_suit(trick)
    mine = [(p.card, p.baptism) for p in trick.cards if p.seat == seat]
    card, baptism = mine[0] if mine else (deal.hands[seat][0], None)
    if deal.is_perlagg(card) or (baptism or card)[0] in (led, deal.trump):
        return None
    return msg("bet.fifth_trick", led=led, trump=deal.trump)


def check_answer(deal: DealState, a: Hold | Raise | Good) -> Optional[Message]:
    fig = deal.figs[a.figure]
    if fig.pending is None:
        return msg("answer.no_bet", figure=a.figure)
    team = deal.team(a.seat)
    if team == fig.pending.team:
        return msg("answer.own_team")
    first = first_pending(deal)
    assert first is not None   # fig itself waits
    if first is not fig:
        return msg("answer.order", figure=first.name)
    if team not in fig.pending.waiting:
        return msg("answer.not_asked", figure=a.figure)
    if a.seat not in deal.to_act:
        if team != fig.pending.waiting[0]:
            return msg("answer.in_turn", seat=deal.seats_of(fig.pending.waiting[0])[0])
        return msg("answer.show_team_not_ready")
    return None


def check_raise(deal: DealState, a: Raise) -> Optional[Message]:
    why = check_answer(deal, a)
    if why:
        return why
    fig = deal.figs[a.figure]
    assert fig.pending is not None   # check_answer found the bet
    proposed = fig.pending.value
    rules = deal.rules
    if proposed == AUS:
        return msg("raise.aus")
    if proposed >= rules.max_value and not rules.spiel_aus:
        return msg("raise.at_most", figure=a.figure, value=proposed)
    if a.figure == "spiel":
        if deal.phase is PLAY:
            why = fifth_trick(deal, a.seat)
            if why:
                return why
        if rules.suggested_spiel_rule and not spiel_in_reach(deal, deal.team(a.seat)):
            return msg("bet.spiel_out_of_reach")
    return _bar(deal, deal.team(a.seat), a.figure, proposed, "raise")


def check_good(deal: DealState, a: Good) -> Optional[Message]:
    fig = deal.figs[a.figure]
    if fig.pending is not None:
        return check_answer(deal, a)
    if deal.phase not in (PLAY, SHOW):
        return msg("good.not_now")
    if fig.status is not OPEN:
        return msg("figure.decided", figure=a.figure)
    team = deal.team(a.seat)
    if team in fig.out:
        return msg("good.already_out", figure=a.figure)
    waiting = False
    for other in deal.figs.values():     # a plain loop: asked for every figure of every listing
        bet = other.pending
        if bet is not None:
            if bet.team != team:
                return msg("good.answer_first")
            waiting = True
    if waiting and a.figure == "spiel":
        return msg("good.spiel_while_bet")
    if a.figure == "spiel" and fig.first_bet is None and not deal.rules.concede_unbet_spiel:
        return msg("good.spiel_unbet")
    if deal.phase is SHOW and team != deal.show_team:
        return msg("good.show_not_your_turn")
    return None


# ----------------------------------------------------------------------------- applying
def do_bet(deal: DealState, a: Bet, index: int, events: list[Event]) -> None:
    fig = deal.figs[a.figure]
    team = deal.team(a.seat)
    value = fig.value
    assert value != AUS   # may_bet refuses a bet on a figure at Spiel aus
    proposed: Value = AUS if value == deal.rules.max_value else value + 1
    fig.pending = PendingBet(team, a.seat, proposed, a.blind, to_answer(deal, fig, a.seat))
    if fig.first_bet is None:
        fig.first_bet = first_bet_order(index, a.figure, a.blind)
    oblige(deal, a.seat, a.figure, a.blind)
    if deal.gestrichen(team):
        deal.risky_bets.append((team, a.figure))
    if deal.phase is SHOW:
        deal.turn_bets.add(a.figure)
    events.append(BetMade(a.seat, a.figure, proposed, a.blind))


def oblige(deal: DealState, seat: int, figure: str, blind: bool) -> None:
    """Whoever bets or holds a Gleich or Hanger must show an example of it (ruling 16)."""
    duty = Obligation(seat, figure, blind)
    if figure != "spiel" and duty not in deal.obligations:
        deal.obligations.append(duty)


def _accept(deal: DealState, fig: FigureState, seat: int) -> None:
    bet = fig.pending
    assert bet is not None   # check_answer found the bet
    fig.value = bet.value
    deal.standing = None       # a value held at Spiel aus stops every other figure counting
    fig.last_team = bet.team
    fig.pending = None         # the sides still waiting ride free
    if bet.value != AUS:
        fig.commit(bet.seat, bet.value)
        fig.commit(seat, bet.value)
    oblige(deal, seat, fig.name, False)


def do_hold(deal: DealState, a: Hold | Raise, index: int, events: list[Event]) -> None:
    fig = deal.figs[a.figure]
    _accept(deal, fig, a.seat)
    events.append(BetHeld(a.seat, a.figure, fig.value))


def do_raise(deal: DealState, a: Raise, index: int, events: list[Event]) -> None:
    do_hold(deal, a, index, events)
    do_bet(deal, Bet(a.seat, a.figure), index, events)


def do_good(deal: DealState, a: Good, index: int, events: list[Event]) -> None:
    fig = deal.figs[a.figure]
    team = deal.team(a.seat)
    fig.out = fig.out | {team}
    events.append(Conceded(a.seat, a.figure, fig.value))
    if fig.pending is not None:
        bet = fig.pending
        rest = tuple(t for t in bet.waiting if t != team)
        if rest:                  # the next side answers in turn
            fig.pending = PendingBet(bet.team, bet.seat, bet.value, bet.blind, rest)
            return
        fig.pending = None        # every side said good: the bettor takes it at the old value
        _conceded(deal, fig, index, bet.team, events)
        return
    left = sides_in(deal, fig)
    if len(left) == 1:
        fig.needs_example = fig.name != "spiel"
        _conceded(deal, fig, index, left[0], events)


def _conceded(deal: DealState, fig: FigureState, index: int, winner: int, events: list[Event]) -> None:
    fig.conceded = True
    fig.conceded_at = index
    award(deal, fig, winner, events)
    if fig.name == "spiel" and deal.phase is PLAY:
        deal.spiel_team = winner        # the show begins with this side (phases.py)
