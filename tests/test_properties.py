"""Property tests over random legal deals in every preset: the invariants users rely on."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perlaggen_core import PRESETS, Action, Deal, IllegalAction, Phase, get_rules
from perlaggen_core.cards import ALL_CARDS
from perlaggen_core.rules import FIGURES
from perlaggen_core.selfplay import random_action, random_scores, run

VARIANTS = sorted(PRESETS)
GENERATED = {"show", "declare"}     # the large families: `all_shows` and `all_declarations`


def cards_in_play(deal: Deal) -> Counter:
    held = [c for h in deal.hands for c in h]
    played = [c for t in deal.tricks for _, c, _ in t.cards]
    table = ([deal.face_up] if deal.face_up else []) + deal.exposed
    return Counter(held + played + table)


def random_probe(deal: Deal, rng: random.Random) -> Action:
    """An arbitrary, usually illegal, action."""
    act = rng.choice(["play", "bet", "hold", "raise", "good", "exchange", "keep", "done", "show", "declare"])
    seat = rng.randrange(deal.n)
    card = rng.choice(list(deal.rules.pack))
    hand = deal.hands[seat]
    if act == "play":
        if hand and rng.random() < 0.7:
            card = rng.choice(hand)
        return Action(seat, act, card=card, baptism=rng.choice([None, rng.choice(ALL_CARDS)]))
    if act == "exchange":
        return Action(seat, act, card=rng.choice(hand) if hand else card)
    if act in ("show", "declare"):
        mine = [c for c, _ in deal.played[seat]] + list(hand)
        cards = tuple(rng.sample(mine, min(len(mine), rng.randrange(1, 5)))) if mine else (card,)
        names = tuple(sorted((c, rng.choice(ALL_CARDS)) for c in cards if c in deal.perl_rank and rng.random() < 0.8))
        return Action(seat, act, figure=rng.choice(["gleich", "hanger"]) if act == "declare" else None,
                      cards=cards, baptisms=names)
    if act in ("done", "keep"):
        return Action(seat, act)
    return Action(seat, act, figure=rng.choice(FIGURES), blind=rng.random() < 0.1 and act == "bet")


def listed(deal: Deal, action: Action, legal: list[Action]) -> bool:
    """Whether an allowed action is in `legal_actions` or, for the large families, produced by
    its generator (python-chess's `move in board.legal_moves` == `board.is_legal(move)`)."""
    if action.act == "show":
        return norm(action) in map(norm, deal.all_shows(action.seat, most=len(action.cards)))
    if action.act == "declare":
        return norm(action) in map(norm, deal.all_declarations(action.seat))
    return deal.complete(action) in legal


def norm(action: Action) -> tuple:
    """A show or declaration names a set of cards: their order does not matter."""
    return action.seat, action.act, action.figure, frozenset(action.cards), action.baptisms


def check_end(deal: Deal) -> None:
    s = deal.summary()
    assert s["to_act"] == []
    failed = {p.team for p in deal.penalties if p.kind == "no_example"}
    down = -1 if deal.rules.count_down else 1     # Strafperlaggen: figures won come off the score
    for team in range(deal.n_teams):
        expected = down * (s["scores"][team] - deal.start_scores[team] - sum(
            p["points"] for p in s["penalties"] if p["team"] == team))
        assert s["deal_points"][team] == expected
        if team in failed and deal.rules.failed_show == "deal":
            assert s["deal_points"][team] == 0
    if deal.phase is Phase.SCORED:
        # every figure is settled, except that a game ended by a declaration leaves the rest open
        assert all(f["status"] != "open" for f in s["figures"].values()) or deal.declare is not None
        for team in range(deal.n_teams):
            if team in failed:
                continue
            won = sum(f["value"] for f in s["figures"].values()
                      if f["status"] == "won" and f["winner"] == team and f["value"] != "aus")
            assert s["deal_points"][team] == won
        assert s["game_winner"] is None
    else:
        winner = s["game_winner"]
        points = deal.start_scores[winner] + down * s["deal_points"][winner]      # before any penalty
        assert (points <= deal.target if down < 0 else points >= deal.target) or any(
            f["value"] == "aus" for f in s["figures"].values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), variant=st.sampled_from(VARIANTS))
def test_random_deal_invariants(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    rules = get_rules(variant)
    scores = random_scores(rules, rng)
    deal = Deal.new(rules, seed, rng.randrange(rules.players), scores)
    start = cards_in_play(deal)
    assert sum(start.values()) == rules.players * rules.hand_size + 1 + len(deal.exposed)
    steps = 0
    while not deal.phase.over:
        assert deal.to_act, "a running deal must wait for someone"
        assert any(deal.legal_actions(s) for s in deal.to_act)
        legal = {seat: deal.legal_actions(seat) for seat in range(deal.n)}
        for seat, actions in legal.items():
            for action in rng.sample(actions, min(4, len(actions))):
                assert deal.can(action), f"listed but refused: {action}"
        probe = random_probe(deal, rng)
        if deal.can(probe):
            assert listed(deal, probe, legal[probe.seat]), f"allowed but not listed: {probe}"
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


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_hide_other_hands(variant: str) -> None:
    """The whole serialised view of every seat, at every moment of random deals, names no card of
    another hand unless it is public (played, shown, kept in the cut, exchanged, turned up)."""
    rng = random.Random(variant)
    for _ in range(6):
        rules = get_rules(variant)
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players))
        while not deal.phase.over:
            public = set(deal.captured) | set(deal.exposed) | {deal.trump_card0}
            public |= {c for s in range(deal.n) for c, _ in deal.played[s] + deal.shown[s]}
            public |= {e.took for e in deal.exchanges} | {e.gave for e in deal.exchanges}
            for seat in range(deal.n):
                view = deal.view(seat)
                assert json.loads(json.dumps(view)) == view
                # names that are no holding: the deal's wild cards, and baptisms (given or possible)
                view.pop("perlaggen")
                for action in view["legal"]:
                    action.pop("as", None)
                for trick in view["tricks"]:
                    trick["cards"] = [[s, c, None] for s, c, _b in trick["cards"]]
                view["shown"] = [[[c, None] for c, _b in cards] for cards in view["shown"]]
                text = json.dumps(view)
                for other in range(deal.n):
                    if other == seat:
                        continue
                    for card in deal.hands[other]:
                        if card not in public:
                            assert f'"{card}"' not in text, f"seat {seat} sees {card} of seat {other}"
            deal.apply(random_action(deal, rng))


def test_listed_actions_are_exactly_the_allowed_ones_in_the_show_and_endgame() -> None:
    """Exhaustive on a few positions: every show and declaration the generators make is allowed,
    and every one-card show listed is among them."""
    from helpers import EXAMPLE1, make
    deal = make(EXAMPLE1, scores=[17, 17])
    assert deal.phase is Phase.DECLARE
    seat = deal.to_act[0]
    made = list(deal.all_declarations(seat))
    assert made and all(deal.can(a) for a in made)
    assert all(norm(a) in map(norm, made) for a in deal.legal_actions(seat) if a.act == "declare")
    rng = random.Random(7)
    checked = 0
    for seed in range(200):
        deal = Deal.new(get_rules("innsbruck"), seed)
        while deal.phase is Phase.PLAY:
            deal.apply(random_action(deal, rng))
        if deal.phase is not Phase.SHOW:
            continue
        seat = deal.to_act[0]
        shows = list(deal.all_shows(seat, most=2))
        assert all(deal.can(a) for a in shows)
        assert {a for a in deal.legal_actions(seat) if a.act == "show"} <= set(shows)
        checked += 1
        if checked == 10:
            break
    assert checked == 10
