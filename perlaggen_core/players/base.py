"""What every computer player offers, and the random one."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Optional

from ..actions import EXCHANGE_ACTS, Action
from ..messages import Message, msg
from ..signals import CATCH
from .signing import choose_signs


@dataclass(frozen=True)
class Decision:
    """A chosen action and why, as a message (the move itself is told by `narrate`)."""

    action: Action
    reason: Message

    def to_dict(self) -> dict:
        return {"action": self.action.to_dict(), "reason": self.reason.to_dict()}


RANDOM = msg("why.random")


class Player(ABC):
    """A computer player. `decide` answers for a seat the game waits for; `volunteer` is asked
    out of turn (before the first card: the exchange) and may pass with None."""

    kind = "player"
    signals = False

    @abstractmethod
    def decide(self, deal, seat: int, signals=None) -> Decision:
        """The action this player takes for `seat` now, with its reason."""

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        return None

    def think(self, deal, seat: int, signals=None, seconds: float = 0.0) -> bool:
        """Weigh `seat`'s choices ahead, for about `seconds`, before `decide` is asked in the same
        position (a page's pause between moves); whether there is more to weigh. Most players have
        nothing to weigh ahead."""
        return False

    def blind(self, deal, seat: int) -> Optional[Decision]:
        """A blind bet before the cut, or None: from what the seat knows then, nothing of any hand."""
        from .blind import blind_bet
        return blind_bet(deal.view(seat))

    def signal(self, deal, seat: int, catch: float = CATCH) -> list[str]:
        """The signs this player makes to its partner now (none unless it signals): its hand, or
        now and then a false sign when it expects to be watched (players/signing.py)."""
        if not self.signals:
            return []
        return choose_signs(deal, seat, catch)


class RandomPlayer(Player):
    """Picks uniformly among the legal actions."""

    kind = "random"

    def __init__(self, seed: Optional[int] = None, rng: Optional[random.Random] = None) -> None:
        self.rng = rng or random.Random(seed)

    def decide(self, deal, seat: int, signals=None) -> Decision:
        options = deal.legal_actions(seat)
        if not options:
            raise ValueError(f"seat {seat} has nothing to do now")
        return Decision(self.rng.choice(options), RANDOM)

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        options = [a for a in deal.legal_actions(seat) if a.act in EXCHANGE_ACTS]
        if options and self.rng.random() < 0.5:
            return Decision(self.rng.choice(options), RANDOM)
        return None
