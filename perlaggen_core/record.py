"""Deal records (shared/DEAL_RECORD.md): reading with field-level errors, and writing."""
from __future__ import annotations

from typing import Any

from .actions import Action
from .cards import parse_card
from .errors import IllegalAction, NotationError, RecordError
from .rules import PRESETS, Rules, get_rules

TOP_FIELDS = {"variant", "players", "target", "scores", "dealer", "hands", "captured",
              "trump_card", "exposed", "seed", "actions"}


def _int(value: Any, where: str, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where} must be a whole number", where)
    if low is not None and value < low:
        raise RecordError(f"{where} must be at least {low}", where)
    return value


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of card codes", where)
    out = []
    for i, code in enumerate(value):
        try:
            out.append(parse_card(code).code)
        except NotationError as exc:
            raise RecordError(f"{where}.{i}: {exc}", f"{where}.{i}") from None
    return out


def rules_of(record: dict[str, Any]) -> Rules:
    name = record.get("variant", "innsbruck")
    if not isinstance(name, str):
        raise RecordError("variant must be a rule-set name", "variant")
    try:
        rules = get_rules(name)
    except NotationError as exc:
        raise RecordError(str(exc), "variant") from None
    if "players" in record:
        players = _int(record["players"], "players", 2)
        if players != rules.players:
            base = name.split("-")[0]
            alt = base if players == PRESETS.get(base, rules).players else f"{base}-{players}"
            if alt not in PRESETS or PRESETS[alt].players != players:
                raise RecordError(f"players: {name} has no game for {players} players", "players")
            rules = PRESETS[alt]
    return rules


def parse_start(record: Any):
    """Everything but the actions: returns a fresh Deal."""
    from .deal import Deal
    if not isinstance(record, dict):
        raise RecordError("a deal record must be a JSON object", "record")
    for key in record:
        if key not in TOP_FIELDS:
            raise RecordError(f"unknown field '{key}'", key)
    rules = rules_of(record)
    target = _int(record.get("target", rules.target), "target", 1)
    dealer = _int(record.get("dealer", 0), "dealer", 0)
    scores = record.get("scores", [0] * rules.teams)
    if not isinstance(scores, list):
        raise RecordError("scores must be a list of numbers, one per team", "scores")
    scores = [_int(s, f"scores.{i}") for i, s in enumerate(scores)]
    if "seed" in record:
        for key in ("hands", "captured", "trump_card", "exposed"):
            if key in record:
                raise RecordError(f"give either 'seed' or '{key}', not both", key)
        seed = _int(record["seed"], "seed")
        if not 0 <= dealer < rules.players:
            raise RecordError(f"dealer {dealer} is not a seat (0 to {rules.players - 1})", "dealer")
        if len(scores) != rules.teams:
            raise RecordError(f"scores needs {rules.teams} numbers, one per team", "scores")
        return Deal.new(rules, seed, dealer, scores, target)
    if "hands" not in record or "trump_card" not in record:
        raise RecordError("a deal record needs 'hands' and 'trump_card' (or a 'seed')",
                          "hands" if "hands" not in record else "trump_card")
    hands = record["hands"]
    if not isinstance(hands, list):
        raise RecordError("hands must be a list with one list of cards per seat", "hands")
    hands = [_cards(h, f"hands.{i}") for i, h in enumerate(hands)]
    trump = record["trump_card"]
    try:
        trump = parse_card(trump).code
    except NotationError as exc:
        raise RecordError(f"trump_card: {exc}", "trump_card") from None
    captured = _cards(record.get("captured", []), "captured")
    exposed = _cards(record.get("exposed", []), "exposed")
    return Deal(rules, dealer, scores, target, hands, trump, captured, exposed)


def parse_actions(record: dict[str, Any]) -> list[Action]:
    raw = record.get("actions", [])
    if not isinstance(raw, list):
        raise RecordError("actions must be a list", "actions")
    return [Action.from_dict(a, f"actions.{i}") for i, a in enumerate(raw)]


def deal_from_record(record: Any):
    """Build a deal and replay its actions; IllegalAction carries `.index`."""
    deal = parse_start(record)
    actions = parse_actions(record)
    for index, action in enumerate(actions):
        if action.seat >= deal.n:
            raise RecordError(f"actions.{index}.seat: there is no seat {action.seat}", f"actions.{index}.seat")
        try:
            deal.apply(action)
        except IllegalAction as exc:
            exc.index = index  # type: ignore[attr-defined]
            raise
    return deal


def record_of(deal) -> dict[str, Any]:
    out: dict[str, Any] = {
        "variant": deal.rules.name,
        "players": deal.rules.players,
        "target": deal.target,
        "scores": list(deal.start_scores),
        "dealer": deal.dealer,
        "hands": [list(h) for h in deal.hands0],
        "captured": list(deal.captured),
        "trump_card": deal.trump_card0,
    }
    if deal.exposed0:
        out["exposed"] = list(deal.exposed0)
    out["actions"] = [a.to_dict() for a in deal.actions]
    return out
