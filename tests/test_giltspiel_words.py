"""Giltspiel has no Perlaggen (ruling 28), so nothing in it speaks as if it had: no card is called the
Martl, a Spitz or the Weli, no sign tells of Perlaggen, and an error names the King of hearts as such."""
from __future__ import annotations

import random

import pytest

from perlaggen_core import Action, Deal, IllegalAction, RecordError, get_rules
from perlaggen_core.messages import msg
from perlaggen_core.players import make_player
from perlaggen_core.rules import PRESETS
from perlaggen_core.signals import catalogue, signal_message, signals_for
from perlaggen_core.words import Renderer, render

GILT = get_rules("giltspiel")
NICKNAMES = ("Martl", "Spitz", "Weli")


def test_no_card_of_giltspiel_has_a_perlaggs_name():
    words = Renderer(rules=GILT)
    for card in GILT.pack:
        assert not any(n in words.card(card) for n in NICKNAMES), card
    assert words.card("HK") == "King of hearts" and words.card("E7") == "Seven of acorns"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_card_has_a_perlaggs_name_only_where_it_is_a_perlagg(name):
    rules = get_rules(name)
    words = Renderer(rules=rules)
    for card in rules.pack:
        nick = any(n in words.card(card) for n in NICKNAMES)
        assert not nick or card in rules.perlaggen, card            # a Perlagg's name only for a Perlagg
        if card in ("HK", "S6", "S7", "E7") and card in rules.perlaggen:
            assert nick, card                                       # and wherever that card is one


def test_the_signs_of_giltspiel_tell_of_no_perlagg():
    words = Renderer(rules=GILT)
    signs = catalogue(GILT)
    assert signs and {s.id for s in signs} <= {"trump_ace", "trump_king", "small_trumps", "nothing", "gleich4",
                                               "hanger4"}
    for sign in signs:
        assert "Perlagg" not in words.render(sign.caption) + words.render(sign.gesture), sign.id
        assert "Perlagg" not in words.render(signal_message(GILT, 1, sign.id))
    made = set()
    for seed in range(200):
        deal = Deal.new(GILT, seed, dealer=seed % 4)
        for seat in range(4):
            made.update(signals_for(deal, seat))
    assert made <= {s.id for s in signs} and "nothing" in made and "trump_ace" in made


def test_errors_name_the_king_of_hearts_as_such():
    deal = next(d for d in (Deal.new(GILT, seed, dealer=3) for seed in range(50)) if "HK" not in d.hands[0])
    other = 0                                                   # the leader, without the King of hearts
    with pytest.raises(IllegalAction) as refused:
        deal.apply(Action(other, "play", card="HK"))
    assert "King of hearts" in str(refused.value) and "Martl" not in str(refused.value)
    record = deal.to_record()
    record["hands"][other][0], record["trump_card"] = "HK", "HK"     # the King twice
    with pytest.raises(RecordError) as bad:
        Deal.from_record(record)
    assert "King of hearts" in str(bad.value) and "Martl" not in str(bad.value)
    assert "Martl" in render(msg("play.not_held", card="HK"), get_rules("innsbruck"))


def test_a_computer_players_reasons_in_giltspiel_name_no_perlagg_card():
    rng = random.Random(5)
    words = Renderer(rules=GILT)
    for seed in range(20):
        deal = Deal.new(GILT, seed, dealer=rng.randrange(4))
        player = make_player("rule")
        while not deal.phase.over:
            seat = deal.to_act[0]
            decision = player.decide(deal, seat)
            text = words.render(decision.reason)
            assert not any(n in text for n in NICKNAMES), text
            deal.apply(decision.action)
