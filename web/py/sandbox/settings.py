"""The sandbox's game settings: what the settings form may choose, checked before a game starts."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from perlaggen_core import get_rules
from perlaggen_core.rules import OFFERED, TARGETS
from perlaggen_core.signals import CATCH

from common.i18n import _

VARIANTS = OFFERED     # every rule set of the sources (Strafperlaggen's play-on follows a win instead)
STRENGTHS = ("rule", "strong")
# seconds between two computer moves; "test" is for the browser tests and the benchmark only
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "test": 0.0}
STRONG_BUDGET_MS = 90.0   # thinking time of a strong computer player per decision
CATCHES = (0, 20, 50, 100)   # how often, in 100, an opponent catches a sign (docs/signs.md)


@dataclass
class Settings:
    variant: str = "innsbruck"
    target: int = 0              # 0: the rule set's own target
    strength: str = "rule"
    speed: str = "normal"
    seed: int = 1
    catch: int = round(CATCH * 100)   # in 100: how often an opponent catches one sign

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in dict(data).items() if k in known}).checked()

    def checked(self) -> "Settings":
        """The same settings, or ValueError naming what is wrong (in words for the form)."""
        if self.variant not in VARIANTS:
            raise ValueError(_("Unknown rule set: {name}", name=self.variant))
        if self.strength not in STRENGTHS:
            raise ValueError(_("Unknown computer strength: {name}", name=self.strength))
        if self.speed not in SPEEDS:
            raise ValueError(_("Unknown deal speed: {name}", name=self.speed))
        rules = get_rules(self.variant)
        try:
            self.target = rules.target if rules.count_down or not self.target else int(self.target)
            self.seed = int(self.seed)
            self.catch = int(self.catch)
        except (TypeError, ValueError):
            raise ValueError(_("The target and the seed must be whole numbers.")) from None
        if self.catch not in CATCHES:
            raise ValueError(_("Unknown chance of catching a sign: {name}", name=self.catch))
        if not rules.count_down and not TARGETS[0] <= self.target <= TARGETS[1]:
            raise ValueError(_("The target must be between {low} and {high}.", low=TARGETS[0], high=TARGETS[1]))
        if not 0 <= self.seed < 2**31:
            raise ValueError(_("The seed must be between 0 and {high}.", high=2**31 - 1))
        return self

    def to_dict(self) -> dict:
        return asdict(self)
