"""Actions as types: one frozen dataclass per kind of act, the deal record's JSON form unchanged."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from perlaggen_core import Action, Deal, RecordError, get_rules
from perlaggen_core.actions import (ACTS, FIELDS, KINDS, Bet, Cut, Declare, Done, Exchange, Good, Hold, Play, Raise,
                                    Show)
from perlaggen_core.selfplay import random_action

from helpers import record_files

def test_every_act_has_its_kind_with_the_record_fields_it_names() -> None:
    assert tuple(KINDS) == ACTS
    as_field = {"card": "card", "baptism": "as", "baptisms": "as", "figure": "figure", "cards": "cards",
                "blind": "blind", "take": "take"}
    for act, kind in KINDS.items():
        assert kind.act == act and issubclass(kind, Action)
        own = {f.name for f in dataclasses.fields(kind)} - {"seat"}
        assert {as_field[name] for name in own} == FIELDS[act], act


def test_a_kind_is_frozen_and_has_its_own_fields_typed() -> None:
    bet = Bet(1, "gleich")
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.figure = "hanger"      # type: ignore[misc]
    assert bet.figure == "gleich" and bet.blind is False
    # the fields of other kinds read as empty, so code looking at any action may ask for them
    assert (bet.card, bet.cards, bet.take, Done(0).figure) == (None, (), None, None)


def test_the_older_way_to_write_an_action_builds_the_kind() -> None:
    assert Action(2, "play", card="LU", baptism="LA") == Play(2, "LU", "LA")
    assert Action(0, "bet", figure="spiel", blind=True) == Bet(0, "spiel", True)
    assert Action(1, "raise", figure="gleich") == Raise(1, "gleich") != Hold(1, "gleich")
    assert Action(3, "exchange", card="L9", take="LU") == Exchange(3, "L9", "LU")
    assert Action(0, "show", cards=("S7", "LU"), baptisms=(("S7", "E9"),)) == Show(0, ("S7", "LU"), (("S7", "E9"),))
    assert Action(0, "declare", figure="gleich", cards=("HK",)) == Declare(0, "gleich", ("HK",))
    assert (Action(0, "done"), Action(2, "cut"), Action(1, "good", figure="spiel")) == (Done(0), Cut(2), Good(1, "spiel"))
    assert type(Action(0, "hold", figure="hanger")) is Hold
    with pytest.raises(TypeError):
        Action(0, "hold", figure="gleich", blind=True)    # only a bet is blind
    with pytest.raises(TypeError):
        Action(0, "done", card="HK")
    with pytest.raises(ValueError):
        Action(0, "pass")


def record_actions() -> list[dict]:
    return [a for data in record_files() for a in data["actions"] if isinstance(a, dict)]


def test_the_records_actions_read_and_write_as_before() -> None:
    actions = record_actions()
    assert {a.get("act") for a in actions} >= {"play", "bet", "hold", "raise", "good", "show", "done", "declare"}
    for data in actions:
        try:
            action = Action.from_dict(data)
        except RecordError:
            continue       # the records that test a bad field
        assert type(action) is KINDS[data["act"]]
        again = action.to_dict()
        assert again == {k: v for k, v in data.items() if v is not None and v != {} and v is not False}, data
        assert Action.from_dict(again) == action


@pytest.mark.parametrize("variant", ["innsbruck", "straf", "giltspiel", "eichel-3"])
def test_every_legal_action_round_trips_through_its_record_form(variant: str) -> None:
    rng = random.Random(variant)
    for _ in range(6):
        deal = Deal.new(get_rules(variant), rng.randrange(2**31), scores=None)
        while not deal.phase.over:
            for seat in range(deal.n):
                for action in deal.legal_actions(seat):
                    assert type(action) is KINDS[action.act]
                    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
                    assert Action.from_text(str(action)) == action
            deal.apply(random_action(deal, rng))


def test_field_errors_name_the_field_as_before() -> None:
    cases = {("record.unknown_field", "action.card"): {"seat": 0, "act": "bet", "figure": "gleich", "card": "HK"},
             ("record.action_needs", "action.figure"): {"seat": 0, "act": "hold"},
             ("record.unknown_act", "action.act"): {"seat": 0, "act": "pass"},
             ("record.not_bool", "action.blind"): {"seat": 0, "act": "bet", "figure": "gleich", "blind": 1},
             ("record.cards_empty", "action.cards"): {"seat": 0, "act": "show", "cards": []}}
    for (code, field), data in cases.items():
        with pytest.raises(RecordError) as caught:
            Action.from_dict(data)
        assert (caught.value.code, caught.value.field) == (code, field)

