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

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from .figures import gleich_key, hanger_key


@dataclass(frozen=True)
class Signal:
    id: str
    gesture: str      # what the signaller does
    caption: str      # what it tells the partner
    per_card: bool = False   # made once for each such card


def _table(*rows: tuple[str, str, str, bool]) -> dict[str, Signal]:
    return {r[0]: Signal(*r) for r in rows}


SYSTEMS: dict[str, dict[str, Signal]] = {
    "innsbruck": _table(
        ("martl", "rolls the eyes upward", "I have the Martl, the King of hearts.", False),
        ("weli", "purses the lips as if for a kiss, the tongue tip just visible",
         "I have the Weli.", False),
        ("schell_spitz", "purses the lips and pushes the tongue tip into one corner",
         "I have the Schell-Spitz, the Seven of bells.", False),
        ("eichel_spitz", "winks with the right eye", "I have the Eichel-Spitz, the Seven of acorns.",
         False),
        ("trump_seven", "winks with the left eye", "I have the Seven of trumps, a Perlagg.", False),
        ("trump_unter_ober", "winks with the left eye, once for each",
         "I have the Unter or the Ober of trumps (one wink per card).", True),
        ("trump_ace", "sticks the thumb out", "I have the Ace of trumps.", False),
        ("small_trumps", "taps the middle finger on the table, once for each",
         "I have small trumps (one tap per card).", True),
        ("nothing", "shakes the head", "No trumps and no Perlaggen here.", False),
        ("gleich4", "draws a hand from the right corner of the mouth up to the ear",
         "I can make a Gleich of four cards or more.", False),
        ("hanger4", "draws a hand from the lips straight down to the throat",
         "I can make a Hanger of four cards or more.", False),
    ),
    "eichel": _table(
        ("martl", "glances upward", "I have the Martl, the King of hearts.", False),
        ("weli", "pouts a kiss", "I have the Weli.", False),
        ("trump_seven", "shows the tip of the tongue", "I have the Spitz, the Seven of trumps.", False),
        ("trump_unter_ober", "winks with the right eye, once for each",
         "I have the Unter or the Ober of trumps (one wink per card).", True),
        ("acorn_perlagg", "winks with the left eye, once for each",
         "I have an acorn Perlagg: Seven, Unter or Ober of acorns (one wink per card).", True),
        ("trump_ace", "sticks the thumb out", "I have the Ace of trumps.", False),
        ("trump_king", "points the index finger", "I have the King of trumps.", False),
        ("small_trumps", "lifts the little finger, once for each",
         "I have small trumps (one sign per card).", True),
        ("nothing", "gently shakes the head", "No trumps and no Perlaggen here.", False),
        ("gleich4", "lifts the right shoulder or turns the head to the right",
         "I can make a Gleich of four cards or more.", False),
        ("hanger4", "lifts the left shoulder or turns the head to the left",
         "I can make a Hanger of four cards or more.", False),
    ),
}

TRUST = 0.9   # how likely a sign is true, when reading it as evidence


def system_of(rules) -> Optional[str]:
    """The signal system a rule set uses, or None where there are no partners."""
    if rules.players <= rules.teams:
        return None
    return "eichel" if "E" in rules.no_trump_suits else "innsbruck"


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
        elif rank == "K" and system == "eichel":
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


def consistent(signal: str, signals: list[str], count: int = 1) -> bool:
    """Whether the `count`-th sign `signal` agrees with a truthful list of signals."""
    return Counter(signals)[signal] >= count


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


class SignalLog(list):
    """The signs made during one deal: ``(seat, signal id, after)`` entries, public to all."""

    def add(self, deal, seat: int, signal: str) -> None:
        system = system_of(deal.rules)
        if system is None or signal not in SYSTEMS[system]:
            raise ValueError(f"'{signal}' is not a signal of the {system or 'partnerless'} system")
        self.append((seat, signal, len(deal.actions) - 1))

    def signal_all(self, deal, seat: int, signals: Iterable[str]) -> None:
        for signal in signals:
            self.add(deal, seat, signal)

    def by_seat(self, seat: int) -> list[tuple[int, str, int]]:
        return [e for e in self if e[0] == seat]

    def visible_to(self, seat: Optional[int] = None) -> list[tuple[int, str, int]]:
        """Everything in the log: signs are made openly, so every seat sees all of them."""
        return list(self)

    def to_list(self) -> list[dict[str, Any]]:
        return [{"seat": s, "signal": k, "after": a} for s, k, a in self]

    @classmethod
    def from_list(cls, data: Iterable[Any]) -> "SignalLog":
        log = cls()
        for item in data:
            if isinstance(item, dict):
                log.append((int(item["seat"]), str(item["signal"]), int(item["after"])))
            else:
                seat, signal, after = item
                log.append((int(seat), str(signal), int(after)))
        return log

    def describe(self, rules, lang: str = "en") -> list[str]:
        """One readable line per sign: 'Seat 2 rolls the eyes upward (I have the Martl ...)'."""
        system = SYSTEMS.get(system_of(rules) or "", {})
        out = []
        for seat, signal, _after in self:
            sig = system.get(signal)
            out.append(f"Seat {seat} {sig.gesture} ({sig.caption})" if sig else f"Seat {seat}: {signal}")
        return out
