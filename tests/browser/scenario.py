"""A deterministic new-user scenario, worked out with the engine itself (not hard-coded cards).

The table's seed of seeds.json gives a deal where seat 0 leads a natural card, the robots win the
first trick, and seat 0 then holds both a card the follow rule refuses and a Perlagg it may
baptise. Everything the browser test clicks and expects comes from here.
"""
from __future__ import annotations

from dataclasses import dataclass

from perlaggen_core import Action

from table.session import Session
from common.pagewords import refusal_text


@dataclass
class Plan:
    seed: int
    first: str                 # the natural card seat 0 leads
    refused: str               # a card the engine refuses next
    reason: str                # the engine's reason, as the page words it
    perlagg: str               # the Perlagg seat 0 then plays through the picker
    baptism: str               # the first legal baptism offered for it
    baptisms: list[str]        # every legal baptism offered for it
    plays_unbaptised: bool     # whether playing it as itself is legal too


def plan_for(seed: int) -> Plan | None:
    start = Session(seed=seed)
    view = start.view()
    perlaggen = set(view["perlaggen"])
    for first in [c for c in view["hand"] if c not in perlaggen]:
        session = Session(seed=seed)
        if session.act({"act": "play", "card": first})[1]:
            continue
        while session.robot_step():
            pass
        view = session.view()
        if not session.human_to_act() or view["tricks"][-1]["winner"] == session.human:
            continue
        refusals = []
        for card in view["hand"]:
            if card in perlaggen:     # a click on a Perlagg opens the baptism picker instead
                continue
            why = session.deal.refusal(Action.from_dict({"seat": 0, "act": "play", "card": card}))
            if why is not None:
                refusals.append((card, refusal_text(why, view)))
        wild = [c for c in view["hand"] if c in perlaggen and session.needs_baptism_choice(c)
                and c not in dict(refusals)]
        if refusals and wild:
            plays = session.plays_of(wild[0])
            baptisms = [a.baptism for a in plays if a.baptism]
            return Plan(seed, first, refusals[0][0], refusals[0][1], wild[0], baptisms[0], baptisms,
                        any(a.baptism is None for a in plays))
    return None


def table_plan() -> Plan:
    """The plan of seeds.json's "table" seed (tests/web/test_browser_seeds.py checks it still fits)."""
    from plans import SEEDS
    plan = plan_for(SEEDS["table"])
    assert plan is not None, f"seed {SEEDS['table']} no longer gives the new-user scenario: choose again (seeds.json)"
    return plan


@dataclass
class EndPlan:
    """A table deal played to its end: seat 0's moves (a card with the picker option that baptises
    it, or a button's data-move), and the proofs the deal ends with."""
    seed: int
    steps: list[tuple[str, str, int | None]]      # ("card", card, option or None) or ("move", data-move, None)
    proofs: list[dict]


def end_plan_for(seed: int) -> EndPlan | None:
    """Seat 0 plays as the rule player would; the plan, when the deal ends with a proof face up at
    the left seat (1, where a phone has least room) and seat 0 needs at most a dozen moves, else None."""
    from perlaggen_core.players import make_player
    from common.tableview import move_code

    session, helper, steps = Session(seed=seed), make_player("rule"), []
    while not session.deal.phase.over and len(steps) <= 12:
        if session.robot_seat() is not None:       # as the page: the computer seats move while it waits for them
            session.robot_step()
            continue
        action = helper.decide(session.deal, session.human).action
        data = {k: v for k, v in action.to_dict().items() if k != "seat"}
        if action.act == "play":
            plays = session.plays_of(action.card)
            steps.append(("card", action.card, plays.index(action) if session.needs_baptism_choice(action.card) else None))
        else:
            legal = [a.to_dict() for a in session.deal.legal_actions(session.human)]
            if sum(a["act"] == data["act"] and a.get("figure") == data.get("figure") for a in legal) != 1:
                return None              # keep to moves one button names without doubt
            steps.append(("move", move_code(data), None))
        if session.act(data)[1] is not None:
            return None
    proofs = session.view()["proofs"]
    if session.deal.phase.over and len(steps) <= 12 and any(p["seat"] == 1 for p in proofs):
        return EndPlan(seed, steps, proofs)
    return None
