"""A game as a series of deals: a saved game comes back with its deal's seed."""
from __future__ import annotations

import json

from perlaggen_core import Deal, Game, get_rules


def test_a_resumed_game_knows_the_seed_of_its_deal():
    """A deal record carries the cards, not the seed; the game's own deal gets its seed back, a deal
    given card by card (other cards) does not."""
    rules = get_rules("innsbruck")
    game = Game(rules, seed=4, target=11)
    game.current.apply(game.current.legal_actions(game.current.to_act[0], optional=False)[0])
    record = json.loads(json.dumps(game.current.to_record()))
    assert "seed" not in record
    back = Game.resume(rules, 4, game.number, Deal.from_record(record))
    assert back.current.seed == game.current.seed and back.current.actions == game.current.actions
    record["hands"][0], record["hands"][1] = record["hands"][1], record["hands"][0]
    other = Game.resume(rules, 4, game.number, Deal.from_record(record | {"actions": []}))
    assert other.current.seed is None
