"""Deuten: the standard partner signs as data, what a truthful player would sign, and the log of
the signs made in a deal, with who saw each.

Signs are table talk, not moves: the deal record has no act for them, so they live beside the
deal in a `SignalLog` of `Sign(seat, signal, after, caught)` entries, where ``after`` is the index
of the last action applied when the sign was made (-1: before the first action). A partner sees
every sign; an opponent sees one only when he catches it, with the log's chance `catch` per sign
and opponent (drawn when the sign is made, from the log's seed, the deal's seed and the sign's
place: the same game gives the same catches). ``caught`` lists the opponents who caught it (None:
a sign made openly, seen by all, as in records made before signs could be missed). A seat's
knowledge is `log.seen_by(deal, seat)`; the players and the review are only ever given that.

Three systems are given: the Innsbruck one (the standard signs of 1926, with the thumb for the
trump Ace from Plankensteiner and the shoulder for the trump Unter and Ober from the Noaflhaus, so
no two signs share a gesture), the Eichelperlaggen one (after Auer) and Deutschnofen's. A sign
that stands for a count ("once for each") appears once per card in `signals_for`.

Signs are evidence, never fact: a player may sign what he does not hold (docs/signs.md), and
`trust` is how likely a sign is true under the computer players' way of signing.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple, Optional

from .figures import gleich_key, hanger_key
from .messages import Message, msg


@dataclass(frozen=True)
class Signal:
    """One sign of a system; its gesture and meaning are words (`signal.SYSTEM.ID.gesture` and
    `.caption` in the renderers)."""

    system: str
    id: str
    per_card: bool = False   # made once for each such card

    @property
    def gesture(self) -> Message:
        return msg(f"signal.{self.system}.{self.id}.gesture")

    def made_by(self, seat: int) -> Message:
        """The gesture as made by `seat`, for a sentence about it ("signal.does")."""
        return msg(f"signal.{self.system}.{self.id}.gesture", seat=seat)

    @property
    def caption(self) -> Message:
        return msg(f"signal.{self.system}.{self.id}.caption")


def _system(name: str, *signs: tuple[str, bool]) -> dict[str, Signal]:
    return {sid: Signal(name, sid, per_card) for sid, per_card in signs}


SYSTEMS: dict[str, dict[str, Signal]] = {
    "innsbruck": _system("innsbruck", ("martl", False), ("weli", False), ("schell_spitz", False),
                         ("eichel_spitz", False), ("trump_seven", False), ("trump_unter_ober", True),
                         ("trump_ace", False), ("small_trumps", True), ("nothing", False),
                         ("gleich4", False), ("hanger4", False)),
    "eichel": _system("eichel", ("martl", False), ("weli", False), ("trump_seven", False),
                      ("trump_unter_ober", True), ("acorn_perlagg", True), ("trump_ace", False),
                      ("trump_king", False), ("small_trumps", True), ("nothing", False),
                      ("gleich4", False), ("hanger4", False)),
    "deutschnofen": _system("deutschnofen", ("weli", False), ("king", True), ("seven_right", True),
                            ("seven_left", True), ("trump_perlagg", True), ("nothing", False)),
    # Giltspiel has no Perlaggen: the trump signs of Auer's system (seed 002) and the figures
    "giltspiel": _system("giltspiel", ("trump_ace", False), ("trump_king", False), ("small_trumps", True),
                         ("nothing", False), ("gleich4", False), ("hanger4", False)),
}
# Deutschnofen's signs (seed 000, Variations) speak only of the Perlaggen
DEUTSCHNOFEN_SIGNS = {"S6": "weli", "HK": "king", "SK": "king", "H7": "seven_right", "S7": "seven_right",
                      "L7": "seven_left", "E7": "seven_left"}

CATCH = 0.2         # the chance an opponent catches one sign (a table setting: SignalLog.catch)
LIE_WATCHED = 0.3   # how often a computer player who expects to be watched signs falsely


def watched(opponents: int, catch: float = CATCH) -> float:
    """How likely a player expects some opponent to be watching when it signs: the chance that at
    least one of them would catch a sign."""
    return 1.0 - (1.0 - catch) ** opponents


def trust(rules, catch: float = CATCH) -> float:
    """How likely a batch of signs is true, given how the computer players sign: a false batch
    only when the signer expects to be watched (docs/signs.md). Four players, catch 0.2: 0.89."""
    opponents = rules.players - rules.players // rules.teams
    return 1.0 - watched(opponents, catch) * LIE_WATCHED


TRUST = 0.9   # the old flat trust (kept for callers that read no rules)


def system_of(rules) -> Optional[str]:
    """The signal system a rule set uses, or None where there are no partners."""
    return rules.signals if rules.players > rules.teams else None


def catalogue(rules) -> list[Signal]:
    """The signals of this rule set's system, in table order (empty without partners)."""
    name = system_of(rules)
    return list(SYSTEMS[name].values()) if name else []


def hand_signals(rules, trump: str, perl: Iterable[str], hand: Iterable[str],
                 figure_cards: Optional[list[str]] = None) -> list[str]:
    """What a truthful player holding `hand` signals: one id per fact, count signals once per card.

    `figure_cards` are cards already fixed for the player's figures (played cards, as
    represented); the long Gleich and Hanger count them with the hand.
    """
    system = system_of(rules)
    if system is None:
        return []
    perl = tuple(perl)
    hand = list(hand)
    out: list[str] = []
    wild = [c for c in hand if c in perl]
    if system == "deutschnofen":
        out = [DEUTSCHNOFEN_SIGNS.get(c, "trump_perlagg") for c in sorted(wild, key=perl.index)]
        return out or ["nothing"]
    natural_trumps = [c for c in hand if c[0] == trump and c not in perl]
    for card in sorted(wild, key=perl.index):
        rank = card[1:]
        if card == "HK":
            out.append("martl")
        elif card == "S6":
            out.append("weli")
        elif system == "innsbruck" and card == "S7":
            out.append("schell_spitz")
        elif system == "innsbruck" and card == "E7":
            out.append("eichel_spitz")
        elif card[0] == trump and rank == "7":
            out.append("trump_seven")
        elif card[0] == trump and rank in ("U", "O"):
            out.append("trump_unter_ober")
        elif card[0] == "E":
            out.append("acorn_perlagg")
    for card in natural_trumps:
        rank = card[1:]
        if rank == "A":
            out.append("trump_ace")
        elif rank == "K" and system in ("eichel", "giltspiel"):
            out.append("trump_king")
        else:
            out.append("small_trumps")
    if not wild and not natural_trumps:
        out.append("nothing")
    cards = list(figure_cards or []) + [c for c in hand if c not in perl]
    longest = rules.max_figure
    g = gleich_key(cards, len(wild), longest)
    h = hanger_key(cards, len(wild), longest)
    if g is not None and g[0] >= 4:
        out.append("gleich4")
    if h is not None and h[0] >= 4:
        out.append("hanger4")
    return out


def signals_for(deal, seat: int) -> list[str]:
    """What a truthful partner in `seat` would signal now, from the cards in its hand."""
    fixed = [b or c for c, b in deal.played[seat]]
    return hand_signals(deal.rules, deal.trump, deal.perl, deal.hands[seat], fixed)


def signal_message(rules, seat: int, signal: str, caught: bool = False) -> Message:
    """A sign made at the table, as told: who, the gesture (made by that seat, so "You shake the
    head" for the reader's own), and what it means; `caught`: an opponent's sign, as told to the
    one who caught it."""
    sig = SYSTEMS[system_of(rules) or "innsbruck"][signal]
    return msg("signal.caught" if caught else "signal.made", seat=seat, gesture=sig.made_by(seat), caption=sig.caption)


def latest_batches(signals: Iterable[tuple[int, str, int]], seats: Iterable[int]) -> dict[int, tuple[int, list[str]]]:
    """Per seat among `seats`: its most recent batch of signs, as (after, signal ids).

    A seat asked twice signs its hand twice; only the newest batch describes the hand now.
    """
    wanted = set(seats)
    batches: dict[int, tuple[int, list[str]]] = {}
    for sign in signals:
        seat, signal, after = sign[0], sign[1], sign[2]
        if seat not in wanted:
            continue
        if seat not in batches or after > batches[seat][0]:
            batches[seat] = (after, [])
        if after == batches[seat][0]:
            batches[seat][1].append(signal)
    return batches


class Sign(NamedTuple):
    """A sign made at the table: by whom, which, after how many actions (its index - 1), and the
    opponents who caught it (None: made openly, seen by all)."""

    seat: int
    signal: str
    after: int
    caught: Optional[frozenset] = None

    def seen_by(self, seat: int, teams: int) -> bool:
        """Whether `seat` saw this sign: its own, a partner's, or an opponent's it caught."""
        return (self.caught is None or seat == self.seat or seat % teams == self.seat % teams
                or seat in self.caught)


class SignalLog(list):
    """The signs made during one deal, with who saw each. `catch` is the chance that an opponent
    catches one sign; `seed` makes the catches of a game the same every time it is played."""

    def __init__(self, items: Iterable[Sign] = (), catch: float = CATCH, seed: int = 0) -> None:
        super().__init__(items)
        self.catch = catch
        self.seed = seed

    def add(self, deal, seat: int, signal: str, caught: Optional[Iterable[int]] = None) -> Sign:
        """Make a sign; unless `caught` is given, each opponent catches it with chance `catch`."""
        system = system_of(deal.rules)
        if system is None or signal not in SYSTEMS[system]:
            raise ValueError(f"'{signal}' is not a sign of the {system or 'partnerless'} system")
        if caught is None:
            caught = [o for o in range(deal.n) if deal.team(o) != deal.team(seat)
                      and random.Random(f"catch/{self.seed}/{deal.seed}/{len(self)}/{o}").random() < self.catch]
        sign = Sign(seat, signal, len(deal.actions) - 1, frozenset(caught))
        self.append(sign)
        return sign

    def signal_all(self, deal, seat: int, signals: Iterable[str]) -> list[Sign]:
        return [self.add(deal, seat, signal) for signal in signals]

    def seen_by(self, deal, seat: int) -> "SignalLog":
        """The signs `seat` saw: all of its partners', and the opponents' it caught."""
        return SignalLog((s for s in self if s.seen_by(seat, deal.n_teams)), self.catch, self.seed)

    def before(self, index: int) -> "SignalLog":
        """The signs made before action `index`."""
        return SignalLog((s for s in self if s.after < index), self.catch, self.seed)

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seat": s, "signal": k, "after": a, **({"caught": sorted(c)} if c is not None else {})}
                for s, k, a, c in self]

    @classmethod
    def from_list(cls, data: Iterable[Any], catch: float = CATCH, seed: int = 0) -> "SignalLog":
        """Signs from a record (`{seat, signal, after, caught?}` or `[seat, signal, after]`); a sign
        without `caught` was made openly."""
        log = cls(catch=catch, seed=seed)
        for item in data:
            if isinstance(item, Sign):
                log.append(item)
            elif isinstance(item, dict):
                caught = item.get("caught")
                log.append(Sign(int(item["seat"]), str(item["signal"]), int(item["after"]),
                                None if caught is None else frozenset(int(c) for c in caught)))
            else:
                log.append(Sign(int(item[0]), str(item[1]), int(item[2])))
        return log
