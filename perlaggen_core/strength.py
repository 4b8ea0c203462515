"""A match between two kinds of computer player, fair to both: every seating is played equally often.

`selfplay --match rule,random` runs one; the README's strength figures come from it.
"""
from __future__ import annotations

from typing import Any

from .rules import Rules
from .selfplay import run_table


def seatings(rules: Rules, first: str, second: str) -> list[list[str]]:
    """The seat kinds of each seating: with teams, `first` plays each team's seats once; when everyone is
    alone, each kind takes each seat once alone against the other."""
    if rules.teams == rules.players and rules.players > 2:
        return [[one if s == k else other for s in range(rules.players)]
                for one, other in ((first, second), (second, first)) for k in range(rules.players)]
    return [[(first, second)[(s + k) % 2] for s in range(rules.players)] for k in range(2)]


def match(rules: Rules, deals: int, seed: int, first: str, second: str, signals: bool = False,
          **strong: Any) -> dict[str, Any]:
    """Play about `deals` deals split over the seatings; points, penalties and net gain per seat of each
    kind; `ratio` and `net_ratio`, `first`'s over `second`'s (None when `second` gained nothing), and
    `net_lead`. The net gain counts penalties; counting down, it is the points taken off less the
    penalties added, so higher is better in every rule set."""
    arrangements = seatings(rules, first, second)
    per = max(1, deals // len(arrangements))
    totals: dict[str, dict[str, float]] = {k: {"seat_deals": 0, "points": 0, "penalties": 0, "net": 0,
                                              "games_won": 0} for k in (first, second)}
    decision_ms: dict[str, list[float]] = {}
    seconds = 0.0
    for n, kinds in enumerate(arrangements):
        result = run_table(rules, per, seed * 101 + n, kinds, signals=signals, **strong)
        seconds += result["seconds"]
        for team, seats in enumerate(result["teams"]):
            kind = kinds[seats[0]]
            entry = totals[kind]
            entry["seat_deals"] += per * len(seats)
            entry["points"] += result["points"][team]
            entry["penalties"] += result["penalties"][team]
            entry["net"] += result["net"][team]
            entry["games_won"] += result["games_won"][team]
        for kind, ms in result["decision_ms"].items():
            decision_ms.setdefault(kind, []).append(ms)
    per_seat = {k: {"points": round(v["points"] / v["seat_deals"], 3),
                    "net": round(v["net"] / v["seat_deals"], 3),
                    "penalties": round(v["penalties"] / v["seat_deals"], 3),
                    "games_won": int(v["games_won"])} for k, v in totals.items()}
    a, b = per_seat[first]["points"], per_seat[second]["points"]
    net_a, net_b = per_seat[first]["net"], per_seat[second]["net"]
    return {"variant": rules.name, "deals": per * len(arrangements), "seatings": len(arrangements),
            "first": first, "second": second, "per_seat_deal": per_seat,
            "ratio": round(a / b, 2) if b > 0 else None,
            "net_ratio": round(net_a / net_b, 2) if net_b > 0 else None,
            "net_lead": round(net_a - net_b, 3),
            "decision_ms": {k: round(sum(v) / len(v), 3) for k, v in decision_ms.items()},
            "seconds": round(seconds, 1)}

