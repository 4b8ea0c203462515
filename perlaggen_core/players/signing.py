"""How a computer player signs to its partner (docs/signs.md).

It signs its hand as the rule set's system says, once before the first card and again when its
partner asks. When it expects to be watched (an opponent looking its way: as likely as some
opponent catching a sign) it sometimes signs falsely instead: a good hand feigns a poor one, to
tempt the opponents into a bet it can raise; a poor hand feigns a Perlagg, to keep them from
betting (a bluff). The draw comes from the deal's seed, the seat and the moment, so a replayed
game signs the same.
"""
from __future__ import annotations

import random

from ..signals import CATCH, LIE_WATCHED, SYSTEMS, signals_for, system_of, watched

# signs that tell of a good hand: a Perlagg, the top trumps, a long figure
STRONG_SIGNS = {"martl", "weli", "schell_spitz", "eichel_spitz", "trump_seven", "trump_unter_ober",
                "acorn_perlagg", "trump_ace", "trump_king", "king", "seven_right", "seven_left",
                "trump_perlagg", "gleich4", "hanger4"}
BLUFFS = ("weli", "martl", "king")    # the Perlagg a poor hand feigns, the first its system has


def choose_signs(deal, seat: int, catch: float = CATCH) -> list[str]:
    """The signs `seat` makes now: its hand, or (expecting to be watched) sometimes a false sign."""
    truth = signals_for(deal, seat)
    system = system_of(deal.rules)
    if not truth or system is None:
        return truth
    rng = random.Random(f"sign/{deal.seed}/{seat}/{len(deal.actions)}")
    opponents = sum(1 for s in range(deal.n) if deal.team(s) != deal.team(seat))
    if rng.random() >= watched(opponents, catch) or rng.random() >= LIE_WATCHED:
        return truth
    if any(sig in STRONG_SIGNS for sig in truth):
        return ["nothing"]                       # feign a poor hand
    options = [b for b in BLUFFS if b in SYSTEMS[system] and b not in truth]
    return [rng.choice(options[:2])] if options else truth


def is_true(deal, seat: int, signs: list[str]) -> bool:
    """Whether a batch of signs tells the seat's hand as the system says (for tests and docs)."""
    return sorted(signs) == sorted(signals_for(deal, seat))
