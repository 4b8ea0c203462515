"""The table's controller: a game of the engine, the human's seat, and rule-following computer players.

No DOM here, so it runs the same under CPython (tests) and Pyodide. It never decides a rule: every
choice comes from `deal.legal_actions`, every refusal from `deal.refusal`, the next deal from
`Game.new_deal`, and the screen shows `deal.view(seat)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from perlaggen_core import Action, Game, Message, PerlaggenError, get_rules
from perlaggen_core.events import Event
from perlaggen_core.outcome import PlayPreview
from perlaggen_core.players import RulePlayer, Table

from common.scoresheet import deal_row

DEFAULT_SEED = 11   # the table's game unless the address asks for ?seed=N (the browser tests rely on it)


@dataclass
class Session:
    variant: str = "innsbruck"
    seed: int = DEFAULT_SEED
    human: int | None = 0      # None: every seat is a computer player
    dealer: int | None = None
    scores: tuple[int, ...] | None = None
    history: list[dict] = field(default_factory=list)    # the finished deals, as score sheet rows

    def __post_init__(self) -> None:
        self.rules = get_rules(self.variant)
        if self.dealer is None:
            self.dealer = self.rules.players - 1   # the human's left-hand neighbour leads
        self.game = Game(self.rules, seed=self.seed, dealer=self.dealer, scores=self.scores)
        self._seat_players()

    def _seat_players(self) -> None:
        self.table = Table([None if s == self.human else RulePlayer() for s in range(self.rules.players)])

    @property
    def deal(self):
        return self.game.current

    # ------------------------------------------------------------------ reading
    def view(self) -> dict:
        return self.deal.view(self.human)

    def human_to_act(self) -> bool:
        return self.human in self.deal.to_act

    def plays_of(self, card: str) -> list[Action]:
        return [a for a in self.deal.legal_actions(self.human) if a.act == "play" and a.card == card]

    def needs_baptism_choice(self, card: str) -> bool:
        """A card opens the picker when the engine offers it with at least one baptism."""
        return any(a.baptism for a in self.plays_of(card))

    def baptism_options(self, card: str) -> list[PlayPreview]:
        """Every legal way to play `card`, each previewed by the engine."""
        return [self.deal.preview(action) for action in self.plays_of(card)]

    # ------------------------------------------------------------------ acting
    def act(self, data: dict) -> tuple[list[Event], Message | None]:
        """Apply one action for the human; returns (events, None) or ([], the engine's refusal)."""
        try:
            action = Action.from_dict({"seat": self.human, **data})
        except PerlaggenError as exc:
            return [], exc.detail
        why = self.deal.refusal(action)
        if why is not None:
            return [], why
        return self.deal.apply(action), None

    def robot_step(self) -> tuple[int, Action, list[Event]] | None:
        """One computer move (its signs and thinking skipped); None when the human is awaited."""
        for _ in range(4 * self.rules.players):
            step = self.table.step(self.deal)
            if step is None:
                return None
            if step.kind == "act":
                assert step.decision is not None      # an "act" step carries the decision it acts on
                return step.seat, step.decision.action, self.deal.apply(step.decision.action)
        return None

    def robot_seat(self) -> int | None:
        """A computer seat the game waits for, unless the human is among those awaited."""
        waiting = self.deal.to_act
        if not waiting or self.human in waiting:
            return None
        return waiting[0]

    def next_deal(self) -> None:
        self.history.append(deal_row(self.game.number, self.view()))
        self.game.new_deal()
        self._seat_players()

    def new_game(self) -> "Session":
        return Session(self.variant, self.seed + 1, self.human)


__all__ = ["DEFAULT_SEED", "Session"]
