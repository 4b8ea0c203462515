"""A scenario's deal replayed once: the position after every step and each move with its events."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..actions import Action
from ..deal import Deal
from ..errors import IllegalAction, RecordError
from ..events import Event, TrickTaken
from ..messages import Message, msg
from ..narrate import event_message, told
from ..record import parse


@dataclass(frozen=True)
class Move:
    """Action number `index` (from 0); the position after it is step index + 1."""

    index: int
    action: Action
    events: tuple[Event, ...]
    phase: str                      # the phase it was taken in
    trick: Optional[int]            # the trick (from 0) a played card went to

    def told(self) -> Message:
        """The move as it happened: "West plays the Ten of leaves."."""
        return told(self.action, self.events, self.phase)

    def news(self) -> list[Message]:
        """What the move made happen beyond itself: a trick taken, a figure decided, the show."""
        return [m for m in map(event_message, self.events) if m is not None]

    @property
    def ends_trick(self) -> bool:
        return any(isinstance(e, TrickTaken) for e in self.events)


class Replay:
    """Every position of a deal record, from the start (step 0) to after its last action.
    Raises RecordError (naming the field) or IllegalAction (with the action's index)."""

    def __init__(self, record: dict[str, Any]) -> None:
        start, actions = parse(record)
        deal = Deal(start)
        self.deals: list[Deal] = [deal.clone()]
        self.moves: list[Move] = []
        for index, action in enumerate(actions):
            if action.seat >= deal.n:
                where = f"actions.{index}.seat"
                raise RecordError(msg("record.no_seat", field=where, seat=action.seat), where)
            why = deal.refusal(action)
            if why is not None:
                raise IllegalAction(why, index, action)
            phase = deal.phase.value
            trick = None
            if action.act == "play":
                current = deal.current_trick
                trick = len(deal.tricks) - 1 if current is not None else len(deal.tricks)
            events = tuple(deal.apply(action))
            self.moves.append(Move(index, action, events, phase, trick))
            self.deals.append(deal.clone())

    @property
    def steps(self) -> int:
        return len(self.moves)

    def deal(self, step: int) -> Deal:
        """The position after `step` actions (a copy: changing it changes nothing here)."""
        return self.deals[max(0, min(step, self.steps))].clone()

    def trick_ends(self) -> list[int]:
        """The steps at which a trick is complete, the play stops or the deal ends: the stops of
        "trick by trick" (the show's turns count as tricks there: each ends with its last card)."""
        stops = []
        for move in self.moves:
            step = move.index + 1
            after = self.deals[step]
            if move.ends_trick or after.phase.value != move.phase or (
                    move.phase != "play" and move.action.act == "done"):
                stops.append(step)
        if self.steps not in stops:
            stops.append(self.steps)
        return stops
