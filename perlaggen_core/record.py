"""Deal records (shared/DEAL_RECORD.md): reading with field-level errors, and writing."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .actions import Action
from .cards import parse_card
from .errors import NotationError, RecordError
from .messages import msg
from .rules import PRESETS, Rules, get_rules, option_problem
from .start import Start, setting_problems

TOP_FIELDS = {"variant", "players", "target", "scores", "dealer", "hands", "captured",
              "trump_card", "exposed", "seed", "actions", "options", "shown_stock", "leader_exchanges",
              "before_cut"}


def _error(code: str, field: str, **params: Any) -> RecordError:
    return RecordError(msg(code, field=field, **params), field)


def _int(value: Any, where: str, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _error("record.not_int", where)
    if low is not None and value < low:
        raise _error("record.too_low", where, low=low)
    return value


def _cards(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _error("record.not_cards", where)
    out = []
    for i, code in enumerate(value):
        try:
            out.append(parse_card(code).code)
        except NotationError:
            raise _error("record.card", f"{where}.{i}", text=str(code)) from None
    return tuple(out)


def rules_of(record: dict[str, Any]) -> Rules:
    name = record.get("variant", "innsbruck")
    if not isinstance(name, str):
        raise _error("record.not_variant", "variant")
    try:
        rules = get_rules(name)
    except NotationError as exc:
        raise RecordError(exc.detail, "variant") from None
    if "players" in record:
        players = _int(record["players"], "players", 2)
        if players != rules.players:
            base = name.split("-")[0]
            alt = base if players == PRESETS.get(base, rules).players else f"{base}-{players}"
            if alt not in PRESETS or PRESETS[alt].players != players:
                raise _error("record.players", "players", rules=name, players=players)
            rules = PRESETS[alt]
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise _error("record.not_object", "options")
    for name, value in options.items():
        code = option_problem(name, value)
        if code:
            raise _error(code, f"options.{name}", name=str(name))
    return rules.with_options(**options) if options else rules


def parse_start(record: Any) -> Start:
    """Everything but the actions, checked (RecordError names the field)."""
    if not isinstance(record, dict):
        raise _error("record.not_object", "record")
    for key in record:
        if key not in TOP_FIELDS:
            raise _error("record.unknown_field", str(key), name=str(key))
    rules = rules_of(record)
    target = _int(record.get("target", rules.target), "target")
    dealer = _int(record.get("dealer", 0), "dealer", 0)
    scores = record.get("scores", [rules.start_score] * rules.teams)
    leader_exchanges = record.get("leader_exchanges", False)
    if not isinstance(leader_exchanges, bool):
        raise _error("record.not_bool", "leader_exchanges")
    before_cut = record.get("before_cut", False)
    if not isinstance(before_cut, bool):
        raise _error("record.not_bool", "before_cut")
    if not isinstance(scores, list):
        raise _error("record.not_scores", "scores")
    scores = tuple(_int(s, f"scores.{i}") for i, s in enumerate(scores))
    if "seed" in record:
        for key in ("hands", "captured", "trump_card", "exposed", "shown_stock"):
            if key in record:
                raise _error("record.seed_and", key, name=key)
        seed = _int(record["seed"], "seed")
        for problem in setting_problems(rules, dealer, scores, target):
            raise problem
        return replace(Start.seeded(rules, seed, dealer, scores, target, before_cut), leader_exchanges=leader_exchanges)
    if "hands" not in record or "trump_card" not in record:
        missing = "hands" if "hands" not in record else "trump_card"
        raise _error("record.needs_cards", missing, name=missing)
    hands = record["hands"]
    if not isinstance(hands, list):
        raise _error("record.not_hands", "hands")
    hands = tuple(_cards(h, f"hands.{i}") for i, h in enumerate(hands))
    try:
        trump = parse_card(record["trump_card"]).code
    except NotationError:
        raise _error("record.card", "trump_card", text=str(record["trump_card"])) from None
    start = Start(rules, dealer, scores, target, hands, trump,
                  _cards(record.get("captured", []), "captured"), _cards(record.get("exposed", []), "exposed"),
                  shown_stock=_cards(record.get("shown_stock", []), "shown_stock"), leader_exchanges=leader_exchanges,
                  before_cut=before_cut)
    start.check()
    return start


def parse_actions(record: dict[str, Any]) -> list[Action]:
    raw = record.get("actions", [])
    if not isinstance(raw, list):
        raise _error("record.not_actions", "actions")
    return [Action.from_dict(a, f"actions.{i}") for i, a in enumerate(raw)]


def parse(record: Any) -> tuple[Start, list[Action]]:
    """A record's starting position and its actions, both checked for form (not yet for rules)."""
    start = parse_start(record)
    return start, parse_actions(record)


def record_of(deal) -> dict[str, Any]:
    """The record of a deal (any object with the Deal's fields): its start and every action."""
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
    start = deal.start
    if start.shown_stock:
        out["shown_stock"] = list(start.shown_stock)
    if start.leader_exchanges:
        out["leader_exchanges"] = True
    if start.before_cut:
        out["before_cut"] = True
    options = deal.rules.options()
    if options:
        out["options"] = options
    out["actions"] = [a.to_dict() for a in deal.actions]
    return out
