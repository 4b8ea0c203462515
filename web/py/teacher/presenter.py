"""The teacher's presenter: a scenario shown step by step, hands open or hidden, questions that stop
before their reveal. No DOM here, so it runs the same under CPython (tests) and Pyodide.

A step is a position: step N is the deal after N actions. Every position comes from the engine's
replay of the scenario (perlaggen_core.scenario); the presenter only chooses which one to show and
how much of it: which hands lie face up, whether the notes show, and which moves the timeline
still hides because a question before them waits for the class.
"""
from __future__ import annotations

from typing import Optional

from common.i18n import _
from common.pagewords import compass
from perlaggen_core import Deal
from perlaggen_core.rules import OFFERED
from perlaggen_core.scenario import Move, Note, Scenario, to_link

# The rule sets the sandbox plays (sandbox.VARIANTS; a test keeps the two equal). Not imported from
# there: the sandbox module brings the computer players, which this page never needs.
PLAY_ON_VARIANTS = OFFERED


def seat_names(players: int, bottom: int) -> list[str]:
    """The compass names of the seats, South at the bottom of the table and play going clockwise."""
    return [compass(seat, players, bottom) for seat in range(players)]


def moment(step: int) -> str:
    """A step of a scenario as a reader counts it: before the first move, or after move N."""
    return _("before the first move") if step == 0 else _("after move {n}", n=step)


def team_names(players: int, teams: int, names: list[str]) -> list[str]:
    """Partnerships by their seats ("North and South"); a player alone by the seat's name."""
    if teams == players:
        return list(names)
    if players == 4:       # the seats of a team are opposite: North-South and East-West, as said at a table
        return [_("North and South") if _("North") in (names[t], names[t + 2]) else _("East and West")
                for t in range(teams)]
    return [_("Team {n}", n=t + 1) for t in range(teams)]


class Presenter:
    """Where the presentation stands: the step, the hands face up, the questions already answered."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.replay = scenario.replay()
        self.step = 0
        self.open: set[int] = set(scenario.open)
        self.notes_on = True
        self.revealed: set[int] = set()        # steps of questions whose answer has been shown
        first = self.replay.deals[0]
        self.players, self.teams = first.n, first.n_teams
        self.names = seat_names(self.players, scenario.bottom)
        self.team_labels = team_names(self.players, self.teams, self.names)

    # ------------------------------------------------------------------ moving
    @property
    def last(self) -> int:
        return self.replay.steps

    def go(self, step: int) -> int:
        """Go to a step; passing a question going forward counts as revealing its answer."""
        step = max(0, min(int(step), self.last))
        self.revealed |= {at for at in self.scenario.asks() if at < step}
        self.step = step
        return step

    def forward(self) -> int:
        return self.go(self.step + 1)

    def back(self) -> int:
        return self.go(self.step - 1)

    def next_trick(self) -> int:
        return self.go(next((s for s in self.replay.trick_ends() if s > self.step), self.last))

    def previous_trick(self) -> int:
        return self.go(max((s for s in [0] + self.replay.trick_ends() if s < self.step), default=0))

    # ------------------------------------------------------------------ what shows
    def deal(self) -> Deal:
        return self.replay.deal(self.step)

    def move(self) -> Optional[Move]:
        """The action that led to this step (none at the start)."""
        return self.replay.moves[self.step - 1] if self.step else None

    def note(self) -> Optional[Note]:
        return self.scenario.note_at(self.step)

    def question(self) -> Optional[Note]:
        """The question the class is answering now: the reveal is the next step."""
        note = self.note()
        return note if note and note.ask and self.step not in self.revealed else None

    def answered(self) -> Optional[Note]:
        """The question whose answer this step reveals (the one asked one step before)."""
        note = self.scenario.note_at(self.step - 1) if self.step else None
        return note if note and note.ask else None

    def hidden_after(self) -> Optional[int]:
        """Moves after this step stay hidden in the timeline: a question before them waits."""
        waiting = [at for at in self.scenario.asks() if at not in self.revealed and at >= self.step]
        return min(waiting) if waiting else None

    def highlight(self) -> list[str]:
        note = self.note()
        return list(note.highlight) if note and self.notes_on else []

    def view(self) -> dict:
        """The position with every hand (the page hides the ones not open), named for the class."""
        view = self.deal().view(None, reveal=True)     # seat None: nobody's own view, no "you"
        view["bottom"] = self.scenario.bottom            # where the seats sit
        view["seat_names"] = list(self.names)
        view["team_names"] = list(self.team_labels)
        view["highlight"] = self.highlight()
        view["open"] = sorted(self.open)
        return view

    # ------------------------------------------------------------------ hands and notes
    def toggle_seat(self, seat: int) -> bool:
        if 0 <= seat < self.players:
            self.open ^= {seat}
        return seat in self.open

    def seat_of_key(self, key: int) -> int:
        """Keys 1, 2, 3, ... name the seats from the bottom one clockwise (South, West, North, East)."""
        return (self.scenario.bottom + key - 1) % self.players

    def open_all(self) -> None:
        self.open = set(range(self.players))

    def hide_all(self) -> None:
        self.open = set()

    def toggle_notes(self) -> bool:
        self.notes_on = not self.notes_on
        return self.notes_on

    # ------------------------------------------------------------------ sharing and playing on
    def fragment(self, with_step: bool = True) -> str:
        """The address fragment that carries the whole scenario (and this step)."""
        return "s=" + to_link(self.scenario) + (f"&step={self.step}" if with_step and self.step else "")

    def play_on_refusal(self) -> Optional[str]:
        """Why this position cannot go to the sandbox, or None when it can."""
        if self.scenario.variant not in PLAY_ON_VARIANTS:
            return _("The sandbox does not play this rule set yet.")
        if self.deal().phase.over:
            return _("The deal is over at this step: go back to a step where it is still being played.")
        return None

    def default_player(self) -> int:
        """The seat offered for playing on: the one the game waits for, else the bottom seat."""
        to_act = self.deal().to_act
        return to_act[0] if to_act else self.scenario.bottom

    def handoff(self, human: int) -> dict:
        """What the sandbox needs to play on from this step, `human` being the teacher's seat."""
        return {"version": 1, "record": self.deal().to_record(), "human": int(human) % self.players}
