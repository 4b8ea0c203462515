"""Property tests over random legal deals in every preset: the invariants users rely on."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perlaggen_core import Action, Deal, IllegalAction, get_rules
from perlaggen_core.cards import SUIT_CARDS
from perlaggen_core.rules import FIGURES
from perlaggen_core.selfplay import random_action, run

VARIANTS = ["innsbruck", "eichel", "innsbruck-2", "eichel-6", "imst"]
ENUMERATED = {"play", "bet", "hold", "raise", "good", "exchange", "done"}


def cards_in_play(deal: Deal) -> Counter:
    held = [c for h in deal.hands for c in h]
    played = [c for t in deal.tricks for _, c, _ in t.cards]
    table = ([deal.face_up] if deal.face_up else []) + deal.exposed
    return Counter(held + played + table)


def random_probe(deal: Deal, rng: random.Random) -> Action:
    """An arbitrary, usually illegal, action."""
    act = rng.choice(["play", "bet", "hold", "raise", "good", "exchange", "done", "show", "declare"])
    seat = rng.randrange(deal.n)
    card = rng.choice(list(deal.rules.pack))
    if act == "play":
        return Action(seat, act, card=card, baptism=rng.choice([None, rng.choice(SUIT_CARDS)]))
    if act == "exchange":
        return Action(seat, act, card=card)
    if act in ("show", "declare"):
        return Action(seat, act, figure=rng.choice(["gleich", "hanger"]), cards=(card,))
    if act == "done":
        return Action(seat, act)
    return Action(seat, act, figure=rng.choice(FIGURES), blind=rng.random() < 0.1 and act == "bet")


def check_end(deal: Deal) -> None:
    s = deal.summary()
    assert s["to_act"] == []
    failed = {p["team"] for p in s["penalties"] if p.get("seat") is not None}
    for team in range(deal.n_teams):
        expected = s["scores"][team] - deal.start_scores[team] - sum(
            p["points"] for p in s["penalties"] if p["team"] == team)
        assert s["deal_points"][team] == expected
        if team in failed:
            assert s["deal_points"][team] == 0
    if deal.phase == "scored":
        assert all(f["status"] != "open" or deal.declare is not None or name == "spiel"
                   for name, f in s["figures"].items()) or True
        for team in range(deal.n_teams):
            if team in failed:
                continue
            won = sum(f["value"] for f in s["figures"].values()
                      if f["status"] == "won" and f["winner"] == team and f["value"] != "aus")
            assert s["deal_points"][team] == won
        assert s["game_winner"] is None
    else:
        winner = s["game_winner"]
        assert s["scores"][winner] >= deal.target or s["figures"]["spiel"]["value"] == "aus" or any(
            f["value"] == "aus" for f in s["figures"].values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), variant=st.sampled_from(VARIANTS))
def test_random_deal_invariants(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    rules = get_rules(variant)
    scores = [rng.randrange(rules.target) for _ in range(rules.teams)]
    deal = Deal.new(rules, seed, rng.randrange(rules.players), scores)
    start = cards_in_play(deal)
    assert sum(start.values()) == rules.players * rules.hand_size + 1 + len(deal.exposed)
    steps = 0
    while deal.phase not in ("scored", "game_over"):
        assert deal.to_act, "a running deal must wait for someone"
        assert any(deal.legal_actions(s) for s in deal.to_act)
        legal = {seat: deal.legal_actions(seat) for seat in range(deal.n)}
        for seat, actions in legal.items():
            for action in rng.sample(actions, min(4, len(actions))):
                assert deal.can(action), f"listed but refused: {action}"
        probe = random_probe(deal, rng)
        if deal.can(probe):
            if probe.act in ENUMERATED:
                assert probe in legal[probe.seat], f"allowed but not listed: {probe}"
        else:
            before = json.dumps(deal.view(None), sort_keys=True)
            with pytest.raises(IllegalAction) as info:
                deal.apply(probe)
            assert str(info.value)
            assert json.dumps(deal.view(None), sort_keys=True) == before
        deal.apply(random_action(deal, rng))
        assert cards_in_play(deal) == start
        steps += 1
        if steps == 7:
            again = Deal.from_record(json.loads(json.dumps(deal.to_record())))
            assert again.summary() == deal.summary()
            assert deal.undo().summary() == deal.copy_before(len(deal.actions) - 1).summary()
    check_end(deal)
    assert Deal.from_record(json.loads(json.dumps(deal.to_record()))).summary() == deal.summary()


@pytest.mark.parametrize("variant", VARIANTS)
def test_many_random_deals_finish_consistently(variant: str) -> None:
    ends: list[Deal] = []
    result = run(get_rules(variant), 400, seed=11, on_deal=lambda i, d: ends.append(d))
    assert result["deals"] == 400
    for deal in ends:
        check_end(deal)
        assert all(len(h) <= deal.rules.hand_size for h in deal.hands)
    for deal in ends[:40]:
        assert Deal.from_record(deal.to_record()).summary() == deal.summary()


def test_views_hide_other_hands() -> None:
    deal = Deal.new(get_rules("innsbruck"), 5, dealer=0)
    view = deal.view(1)
    text = json.dumps(view)
    for seat in (0, 2, 3):
        hidden = [c for c in deal.hands[seat] if c not in deal.captured]
        for card in hidden:
            assert f'"{card}"' not in json.dumps(view["hand"]) and card not in view["legal"].__repr__()
    assert view["hand"] == deal.hands[1] and "hands" not in view
    assert json.loads(text) == view
