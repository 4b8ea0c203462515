"""Cards, actions and rule sets: notation both ways, names, presets."""
from __future__ import annotations

import dataclasses

import pytest

from perlaggen_core import Action, Card, Game, NotationError, PRESETS, Phase, get_rules
from perlaggen_core.cards import SUIT_CARDS, full_pack


def test_card_codes_round_trip():
    for code in full_pack():
        assert Card.from_code(code).code == code
    assert Card.from_code("l10") == Card("L", "10")
    for bad in ("", "X9", "H6", "S11", "E1"):
        with pytest.raises(NotationError):
            Card.from_code(bad)


def test_pack_sizes():
    assert len(full_pack()) == 33 and len(SUIT_CARDS) == 32


@pytest.mark.parametrize("text", ["2 play LU=LA", "1 bet gleich", "0 show S7=E9,LU", "3 done",
                                  "0 bet spiel blind", "3 exchange L9 take=LU", "1 good spiel"])
def test_action_text_and_dict_round_trip(text):
    action = Action.from_text(text)
    assert str(action) == text
    assert Action.from_dict(action.to_dict()) == action


def test_rules_are_frozen_data():
    rules = get_rules("innsbruck")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 11  # type: ignore[misc]
    assert rules.with_options(target=11).target == 11 and rules.target == 18
    assert {"innsbruck", "eichel", "innsbruck-2", "eichel-2", "innsbruck-6", "eichel-6"} <= set(PRESETS)
    with pytest.raises(NotationError):
        get_rules("watten")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_deals(name):
    rules = get_rules(name)
    game = Game(rules, seed=3)
    deal = game.current
    assert [len(h) for h in deal.hands] == [rules.hand_size] * rules.players


def test_game_passes_the_deal_to_the_left_and_keeps_scores():
    from perlaggen_core.selfplay import random_action
    import random
    game = Game(get_rules("innsbruck"), seed=9, target=11)
    rng = random.Random(1)
    dealers = []
    while game.winner is None and game.number < 60:
        deal = game.current
        dealers.append(deal.dealer)
        while not deal.phase.over:
            deal.apply(random_action(deal, rng))
        if deal.phase is Phase.SCORED:
            before = deal.scores
            assert game.new_deal().start_scores == tuple(before)
    assert dealers[:4] == [0, 1, 2, 3]
    assert game.winner is not None and max(game.scores) >= 11
    with pytest.raises(ValueError):
        game.new_deal()
