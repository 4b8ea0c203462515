"""What the sandbox's browser tests do, planned beforehand by the same controller under CPython
(sandbox.Sandbox with rule-following computer players, which decide deterministically), and the
seeds they play (seeds.json: each chosen once for what it gives; tests/web/test_browser_seeds.py
checks that each still gives it). No browser here: the CPython check imports it too."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from perlaggen_core.players import make_player
from sandbox.controller import HUMAN, Sandbox, Settings

TARGET = 11
SEEDS = {name: entry["seed"] for name, entry in json.loads(
    (Path(__file__).with_name("seeds.json")).read_text(encoding="utf-8")).items() if isinstance(entry, dict)}


@dataclass
class Plan:
    seed: int
    steps: list[dict] = field(default_factory=list)     # what the human does, in order
    sheets: list[list[int]] = field(default_factory=list)  # the scores after each deal
    winner: int = 0


def human_step(game: Sandbox, helper) -> dict:
    """The new user's next step (the rule player's choice once the cards are up), applied."""
    step = {"deal": game.number}
    if game.before_cut and game.deal.cutter != HUMAN:
        game.pass_blind()
        return {**step, "kind": "noblind"}
    if game.before_cut:
        assert game.act({"act": "cut"})[1] is None
        return {**step, "kind": "cut"}
    if game.opening:
        game.pick_up()
        return {**step, "kind": "pickup"}
    if game.exchange_open():
        action = {"seat": HUMAN, "act": "keep"}
        assert game.act(action)[1] is None
        return {**step, "kind": "act", "action": action, "picker": False, "answer": False}
    action = helper.decide(game.deal, HUMAN, game.seen_signs()).action.to_dict()
    legal = [a.to_dict() for a in game.deal.legal_actions(HUMAN)]
    if action["act"] == "play":
        picker = any(a["act"] == "play" and a["card"] == action["card"] and a.get("as") for a in legal)
    else:
        picker = sum(a["act"] == "show" and a["cards"] == action.get("cards") for a in legal) > 1
    answer = game.answering() and action["act"] in ("hold", "raise", "good")
    assert game.act(action)[1] is None
    return {**step, "kind": "act", "action": action, "picker": picker, "answer": answer}


@lru_cache(maxsize=None)
def plan_for(seed: int) -> Plan:
    game = Sandbox(Settings(target=TARGET, strength="rule", seed=seed))
    helper = make_player("rule", signals=True)
    plan = Plan(seed)
    for _i in range(2000):
        while game.bot_step() is not None:
            pass
        if game.deal.phase in ("scored", "game_over"):
            plan.sheets.append(list(game.deal.scores))
            if game.over:
                plan.winner = game.deal.game_winner
                return plan
            game.next_deal()
            plan.steps.append({"deal": game.number - 1, "kind": "next"})
            continue
        plan.steps.append(human_step(game, helper))
    raise AssertionError(f"seed {seed}: the game did not end")


def first_deal(plan: Plan, kind: str | None = None) -> list[dict]:
    """The human's steps in the first deal (all of them, or those of one kind)."""
    return [s for s in plan.steps if s["deal"] == 1 and s["kind"] != "next" and kind in (None, s["kind"])]


def gives_game(plan: Plan) -> bool:
    """seeds.json "sandbox_game"."""
    first = first_deal(plan, "act")
    second = [s for s in plan.steps if s["deal"] == 2 and s["kind"] == "act"]
    baptised = any(s["action"]["act"] == "play" and s["action"].get("as") for s in first)
    return (any(s["answer"] for s in first) and baptised and len(second) >= 4
            and len(plan.sheets) <= 4 and len(plan.steps) <= 60)


def gives_show(plan: Plan) -> bool:
    """seeds.json "sandbox_show"."""
    first = first_deal(plan, "act")
    return any(s["answer"] for s in first) and any(s["action"]["act"] == "show" for s in first)


def game_plan() -> Plan:
    return plan_for(SEEDS["sandbox_game"])


def show_plan() -> Plan:
    return plan_for(SEEDS["sandbox_show"])
