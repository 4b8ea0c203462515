"""A deal record turned round the table: the same deal with another seat numbered 0 (the sandbox
plays on from a teacher's position with the teacher at the bottom; a lesson step exported from a
scenario puts its learner in seat 0)."""
from __future__ import annotations

from perlaggen_core import get_rules


def turned(record: dict, seat: int) -> dict:
    """The same deal record with every seat turned so that `seat` becomes seat 0 (dealer, hands,
    actions, and the scores when the sides change numbers); the rules do not care where a seat sits."""
    rules = get_rules(record.get("variant", "innsbruck"))
    n, teams, k = rules.players, rules.teams, seat % rules.players
    out = dict(record)
    out["hands"] = [list(record["hands"][(s + k) % n]) for s in range(n)]
    out["dealer"] = (record.get("dealer", 0) - k) % n
    if "scores" in record:
        out["scores"] = [record["scores"][(t + k) % teams] for t in range(teams)]
    out["actions"] = [{**a, "seat": (a["seat"] - k) % n} for a in record.get("actions", [])]
    return out
