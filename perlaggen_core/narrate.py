"""Moves and events as messages, for logs, hints and announcements: the one wording of a move.

`told(action, events)` is a move as it happened ("West bets the Gleich, to 2."), `doing(action)`
a move as something to do ("bet the Gleich"), `event_message(event)` what an event means.
"""
from __future__ import annotations

from typing import Iterable, Optional

from .actions import Action
from .events import (BetHeld, BetMade, Conceded, DealScored, EndgameBegins, Event, FigureDecided,
                     Proved, ShowBegins, TrickTaken, TurnBegins)
from .figures import describe
from .messages import Message, msg
from .state import STANDS, WON, Penalty, Proof


def _key(action: Action, phase: str = "") -> str:
    if action.act == "play":
        return "play_as" if action.baptism else "play"
    if action.act == "bet" and action.blind:
        return "bet_blind"
    if action.act == "done" and phase == "declare":
        return "pass"
    return action.act


def _params(action: Action) -> dict:
    params: dict = {"seat": action.seat}
    if action.card:
        params["card"] = action.card
    if action.baptism:
        params["as_card"] = action.baptism
    if action.take:
        params["take"] = action.take
    if action.figure:
        params["figure"] = action.figure
    if action.act in ("show", "declare"):
        bap = dict(action.baptisms)
        params["shown"] = [[c, bap.get(c)] for c in action.cards]
    return params


def doing(action: Action, phase: str = "") -> Message:
    """The move as something to do: "play the Weli as the Ace of leaves"."""
    return Message("do." + _key(action, phase), _params(action))


def told(action: Action, events: Iterable[Event] = (), phase: str = "") -> Message:
    """The move as it happened, with the value a bet or answer came to (from its events)."""
    params = _params(action)
    values = [e.value for e in events if isinstance(e, (BetMade, BetHeld, Conceded))]
    if values:
        params["value"] = values[-1]
    return Message("move." + _key(action, phase), params)


def event_message(event: Event) -> Optional[Message]:
    """What an event means for the log (None for the ones the move itself tells)."""
    if isinstance(event, TrickTaken):
        return msg("event.trick", seat=event.winner)
    if isinstance(event, FigureDecided):
        if event.status is WON:
            return msg("event.won", figure=event.figure, team=event.winner, value=event.value)
        if event.status is STANDS:
            return msg("event.stands", figure=event.figure)
        return msg("event.nobody", figure=event.figure)
    if isinstance(event, ShowBegins):
        return msg("event.show_begins", team=event.team)
    if isinstance(event, TurnBegins):
        return msg("event.turn", team=event.team)
    if isinstance(event, EndgameBegins):
        return msg("event.endgame", min=event.min)
    if isinstance(event, Proved):
        return proof_message(event.proof)
    if isinstance(event, DealScored):
        return msg("event.scored")
    return None


def penalty_message(penalty: Penalty) -> Message:
    points = abs(penalty.points)
    if penalty.kind == "no_example":   # counting down, the points are added
        return msg("penalty.no_example_added" if penalty.points > 0 else "penalty.no_example", team=penalty.team,
                   points=points, seat=penalty.seat, figure=penalty.figure)
    return msg(f"penalty.{penalty.kind}", team=penalty.team, points=points, figure=penalty.figure)


def proof_message(proof: Proof) -> Message:
    """A proof at the end of the deal in words: the example shown, or the failure and its cost."""
    shown = [list(c) for c in proof.cards]
    if proof.ok:
        code = "proof.takes" if proof.kind == "takes" else "proof.blind_ok" if proof.blind else "proof.ok"
        return msg(code, seat=proof.seat, figure=proof.figure, key=describe(proof.figure, proof.key), shown=shown,
                   team=proof.team)
    if proof.blind:
        code = "proof.blind_failed"
    elif not proof.penalty:
        code = "proof.failed_again"
    elif proof.penalty > 0:          # counting down (Strafperlaggen): the penalty is added
        code = "proof.failed_added"
    else:
        code = "proof.failed_figure" if proof.forfeit == "figure" else "proof.failed"
    return msg(code, seat=proof.seat, figure=proof.figure, team=proof.team, points=abs(proof.penalty))
