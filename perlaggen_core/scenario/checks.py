"""A note's `check`: facts about the position at its step that the engine must confirm.

    {"tricks.0.winner": 3,                     any value of deal.view(None, reveal=True), by a dotted path
     "figures.gleich.value": 3,
     "ahead.hanger": 0,                        in the show: the team ahead on what is shown ("level", null)
     "refuses": ["0 bet gleich", {"action": "0 bet gleich", "code": "bet.target"}],
     "allows": ["1 bet hanger"],               actions the rules refuse (for that reason) or allow there
     "ranks.2": {"A": 3, "10": 2}}             seat 2 has three Aces and two Tens in this deal (natural
                                               cards held or played; ranks not named are not counted)

A built-in scenario gives every note a check, so no sentence of ours describes a position the
engine does not reach (the build and tests/test_scenarios.py hold it to that).
"""
from __future__ import annotations

import json
from typing import Any, Optional

from ..actions import Action
from ..cards import RANKS
from ..deal import Deal
from ..errors import NotationError, RecordError
from ..messages import msg
from ..narrate import told
from .model import ScenarioError

ACTION_KEYS = ("refuses", "allows")
RANKS_KEY = "ranks."


def _error(code: str, field: str, **params: Any) -> ScenarioError:
    return ScenarioError(msg(code, field=field, **params), field)


def _action(raw: Any, field: str) -> Action:
    try:
        if isinstance(raw, str):
            return Action.from_text(raw)
        return Action.from_dict(raw, field)
    except (NotationError, RecordError) as exc:
        raise ScenarioError(exc.detail, field) from None


def lookup(data: Any, path: str) -> tuple[bool, Any]:
    """The value at a dotted path ("tricks.0.winner"); (False, None) where there is none."""
    for part in path.split("."):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return False, None
    return True, data


def ahead(deal: Deal, figure: str) -> Any:
    """The team ahead on a figure by the cards shown and played so far: a team, "level", or None."""
    keys = [deal.team_shown(team, figure) for team in range(deal.n_teams)]
    if all(k is None for k in keys):
        return None
    best = max(k for k in keys if k is not None)
    leaders = [team for team, k in enumerate(keys) if k == best]
    return leaders[0] if len(leaders) == 1 else "level"


def _plain(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def check_position(deal: Deal, check: Any, field: str) -> None:
    """Raise ScenarioError unless every fact of `check` holds in `deal`."""
    if not isinstance(check, dict) or not check:
        raise _error("scenario.check_form", field)
    view = deal.view(None, reveal=True)
    view["ahead"] = {figure: ahead(deal, figure) for figure in ("gleich", "hanger")}
    for key, expected in check.items():
        where = f"{field}.{key}"
        if key in ACTION_KEYS:
            if not isinstance(expected, list) or not expected:
                raise _error("scenario.check_form", where)
            for i, item in enumerate(expected):
                _check_action(deal, key, item, f"{where}.{i}")
            continue
        if key.startswith(RANKS_KEY):
            _check_ranks(deal, key[len(RANKS_KEY):], expected, where)
            continue
        found, actual = lookup(view, key)
        if not found:
            raise _error("scenario.check_path", where, key=key)
        if json.loads(json.dumps(actual)) != expected:
            raise _error("scenario.check_value", where, key=key, actual=_plain(actual), expected=_plain(expected))


def _check_action(deal: Deal, key: str, item: Any, where: str) -> None:
    code: Optional[str] = None
    if isinstance(item, dict) and "action" in item:
        if set(item) - {"action", "code"}:
            raise _error("scenario.check_form", where)
        code, item = item.get("code"), item["action"]
    action = _action(item, where)
    why = deal.refusal(action)
    if key == "allows":
        if why is not None:
            raise _error("scenario.check_allowed", where, move=told(action), reason=why)
    elif why is None:
        raise _error("scenario.check_refused", where, move=told(action))
    elif code is not None and why.code != code:
        raise _error("scenario.check_reason", where, move=told(action), reason=why)


def rank_counts(deal: Deal, seat: int) -> dict[str, int]:
    """How many natural cards of each rank the seat has in this deal: held (shown ones included) or
    played. This deal's Perlaggen count as no rank: what they stand for is up to their name."""
    wild = set(deal.perl)
    played = [card for trick in deal.view(None, reveal=True)["tricks"] for who, card, _as in trick["cards"]
              if who == seat]
    counts: dict[str, int] = {}
    for card in list(deal.hands[seat]) + played:
        if card not in wild:
            counts[card[1:]] = counts.get(card[1:], 0) + 1
    return counts


def _check_ranks(deal: Deal, seat_text: str, expected: Any, where: str) -> None:
    """`ranks.SEAT`: {rank: count}: the seat has exactly that many natural cards of each rank named."""
    if (not seat_text.isdigit() or int(seat_text) >= deal.n or not isinstance(expected, dict) or not expected
            or any(rank not in RANKS or not isinstance(n, int) or isinstance(n, bool) or n < 0
                   for rank, n in expected.items())):
        raise _error("scenario.check_form", where)
    seat = int(seat_text)
    counts = rank_counts(deal, seat)
    for rank, n in expected.items():
        if counts.get(rank, 0) != n:
            raise _error("scenario.check_ranks", f"{where}.{rank}", seat=seat, rank=rank,
                         actual=counts.get(rank, 0), expected=n)
