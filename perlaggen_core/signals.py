"""Deuten: the standard partner signals as data, what a truthful player would signal, and a log.

Signals are table talk, not moves: the deal record has no act for them, so they live beside the
deal in a `SignalLog`, a list of ``(seat, signal id, after)`` entries where ``after`` is the index
of the last action applied when the sign was made (-1: before the first action). Every sign is
made openly, so every seat, opponents included, reads the same log.

Two systems are given: the Innsbruck one (the standard signs of 1926, with the thumb for the trump
Ace from Plankensteiner) and the Eichelperlaggen one (after Auer). A signal that stands for a count
("one wink for each card") appears once per card in `signals_for`.
"""
from __future__ import annotations

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

TRUST = 0.9   # how likely a sign is true, when reading it as evidence


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


def signal_message(rules, seat: int, signal: str) -> Message:
    """A sign made at the table, as told: who, the gesture (made by that seat, so "You shake the
    head" for the reader's own), and what it means."""
    sig = SYSTEMS[system_of(rules) or "innsbruck"][signal]
    return msg("signal.made", seat=seat, gesture=sig.made_by(seat), caption=sig.caption)


def latest_batches(signals: Iterable[tuple[int, str, int]], seats: Iterable[int]) -> dict[int, tuple[int, list[str]]]:
    """Per seat among `seats`: its most recent batch of signs, as (after, signal ids).

    A seat asked twice signs its hand twice; only the newest batch describes the hand now.
    """
    wanted = set(seats)
    batches: dict[int, tuple[int, list[str]]] = {}
    for seat, signal, after in signals:
        if seat not in wanted:
            continue
        if seat not in batches or after > batches[seat][0]:
            batches[seat] = (after, [])
        if after == batches[seat][0]:
            batches[seat][1].append(signal)
    return batches


class Sign(NamedTuple):
    """A sign made at the table: by whom, which, and after how many actions (its index - 1)."""

    seat: int
    signal: str
    after: int


class SignalLog(list):
    """The signs made during one deal: ``(seat, signal id, after)`` entries, public to all."""

    def add(self, deal, seat: int, signal: str) -> None:
        system = system_of(deal.rules)
        if system is None or signal not in SYSTEMS[system]:
            raise ValueError(f"'{signal}' is not a sign of the {system or 'partnerless'} system")
        self.append(Sign(seat, signal, len(deal.actions) - 1))

    def signal_all(self, deal, seat: int, signals: Iterable[str]) -> None:
        for signal in signals:
            self.add(deal, seat, signal)

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seat": s, "signal": k, "after": a} for s, k, a in self]

    @classmethod
    def from_list(cls, data: Iterable[Any]) -> "SignalLog":
        log = cls()
        for item in data:
            if isinstance(item, dict):
                log.append(Sign(int(item["seat"]), str(item["signal"]), int(item["after"])))
            else:
                log.append(Sign(*(int(item[0]), str(item[1]), int(item[2]))))
        return log
