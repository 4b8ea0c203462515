"""The one owner of a deal's phase: the only module that moves a deal from phase to phase.

A deal opens in PLAY (or straight in DECLARE, when both teams begin one point short). After every
action `advance` looks at what the rule module made happen and moves on, as pokerkit's state ends
one street and begins the next:

    PLAY    -> SHOW      the Spiel is decided (won, conceded or "hin"): the show begins
    PLAY    -> over      ... unless no Gleich or Hanger is left to show
    PLAY/SHOW -> DECLARE both teams one point short, Gleich and Hanger untouched (rulings 23-24)
    DECLARE -> PLAY/SHOW nobody is left to declare: the declarations are settled, the deal resumes
    DECLARE -> over      ... unless the declarations decided the game
    SHOW    -> over      every figure is decided
    any     -> over      the scores so far win the game (the tally decides)

"over" is SCORED, or GAME_OVER when a team has won the game. The rule modules only compute and
report (figures decided, the side that shows first, the declarations' result); they read the deal
through `DealState`, where `phase` is read-only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import endgame, scoring, showdown, standing
from .events import CardPlayed, EndgameBegins, Event, ShowBegins, TrickTaken
from .rules import FIGURES
from .state import DECLARE, GAME_OVER, OPEN, PLAY, SCORED, SHOW, Declarations

if TYPE_CHECKING:
    from .deal import Deal


def open_deal(deal: "Deal") -> None:
    """A new deal begins in PLAY, or in the endgame when its scores call for it."""
    deal.phase = PLAY
    if endgame.begins(deal):
        _begin_declarations(deal, [])


def advance(deal: "Deal", events: list[Event]) -> None:
    """Move the deal on after an action the rule modules have applied."""
    phase = deal.phase
    if phase is PLAY and events and type(events[0]) is CardPlayed:
        for e in events:
            if type(e) not in _QUIET:
                break
        else:   # a card that decided nothing: the scores, figures and bets the checks read are as before
            return
    if phase is DECLARE:
        if not endgame.settled(deal):
            return
        _settle_declarations(deal, events)
    elif phase is PLAY and deal.figs["spiel"].status is not OPEN:
        # the Spiel was decided by this action; whoever took it shows first ("hin": the leader's side)
        first = deal.spiel_team if deal.spiel_team is not None else deal.team(deal.leader_seat)
        _end_play(deal, first, events)
    if deal.phase is PLAY or deal.phase is SHOW:
        _after_change(deal, events)


_QUIET = (CardPlayed, TrickTaken)


def _end_play(deal: "Deal", first_team: int, events: list[Event]) -> None:
    """The Spiel is decided: the show begins with `first_team`, unless nothing is left to show."""
    if all(deal.figs[n].status is not OPEN for n in showdown.SHOWN_FIGURES):
        _finish(deal, events)
        return
    deal.phase = SHOW
    deal.show_team = showdown.first_to_show(deal, first_team)
    showdown.start_turn(deal)
    events.append(ShowBegins(deal.show_team))


def _after_change(deal: "Deal", events: list[Event]) -> None:
    if deal.phase is SHOW and all(deal.figs[n].status is not OPEN for n in FIGURES):
        _finish(deal, events)
        return
    if endgame.begins(deal):
        _begin_declarations(deal, events)
        return
    if standing.target_in_reach(deal) and scoring.tally(deal, final=False).game_winner is not None:
        _finish(deal, events)


def _begin_declarations(deal: "Deal", events: list[Event]) -> None:
    deal.declare = Declarations(min=deal.rules.endgame_min, resume=deal.phase)
    deal.phase = DECLARE
    events.append(EndgameBegins(deal.rules.endgame_min))
    if endgame.settled(deal):
        _settle_declarations(deal, events)


def _settle_declarations(deal: "Deal", events: list[Event]) -> None:
    """Nobody is left to declare: the deal resumes where it was, or ends if the declarations
    decided the game."""
    assert deal.declare is not None   # the DECLARE phase always has its declarations
    deal.phase = deal.declare.resume
    if endgame.settle(deal, events):
        _finish(deal, events)


def _finish(deal: "Deal", events: list[Event]) -> None:
    """Score the deal (scoring.py), and it is over."""
    result = scoring.score(deal, events)
    deal.final = result
    deal.phase = GAME_OVER if result.game_winner is not None else SCORED
