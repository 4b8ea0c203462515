"""The strong player thinking ahead: a page's pause between moves spent on the next decision.

Thinking ahead must change nothing but the time a decision takes: the same guesses, the same
choice, and nothing carried into a position (or a seat's knowledge) other than the one weighed.
"""
from __future__ import annotations

import random
import time

import pytest

from perlaggen_core import Deal, get_rules
from perlaggen_core.players import RulePlayer, SamplingPlayer, Table
from perlaggen_core.signals import Sign, SignalLog

SAMPLES = 5


def fixed(seed: int, signals: bool = False) -> SamplingPlayer:
    """A strong player with a fixed number of guessed deals per decision (no clock in its choices)."""
    return SamplingPlayer(seed=seed, signals=signals, budget_ms=float("inf"), max_samples=SAMPLES,
                          min_samples=SAMPLES)


def think(player: SamplingPlayer, deal: Deal, seat: int, signals=None, calls: int = 12) -> None:
    """Slices of no time: the first sets the search up, each later one plays one candidate out on
    a guess (12 make at least one whole guess)."""
    for _ in range(calls):
        player.think(deal, seat, signals, 0.0)


def searched_positions(variant: str, seed: int, count: int):
    """Positions of rule-following deals where a strong player weighs more than one move."""
    rules, rule, probe = get_rules(variant), RulePlayer(), fixed(0)
    rng = random.Random(seed)
    found = []
    for number in range(40):
        deal = Deal.new(rules, seed * 100 + number, number % rules.players)
        while deal.to_act and len(found) < count:
            seat = deal.to_act[0]
            if probe._weighing_for(deal, seat, None).search is not None and rng.random() < 0.3:
                found.append((deal.clone(), seat))
            deal.apply(rule.decide(deal, seat).action)
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("variant", ["innsbruck", "giltspiel", "eichel-3", "straf", "innsbruck-2"])
def test_thinking_ahead_then_deciding_is_the_same_search_as_deciding_at_once(variant):
    positions = searched_positions(variant, 7, 6)
    assert len(positions) == 6
    for n, (deal, seat) in enumerate(positions):
        at_once, ahead = fixed(n), fixed(n)
        plain = at_once.decide(deal, seat)
        for _ in range(n + 2):                 # a guess played out in part, or more than one
            assert ahead.think(deal, seat, None, 0.0)
        thought = ahead.decide(deal, seat)
        assert thought == plain
        assert ahead.last_stats["samples"] == at_once.last_stats["samples"] == SAMPLES
        assert ahead.searched == at_once.searched == [SAMPLES]


def test_thinking_stops_at_the_cap_and_the_decision_then_guesses_no_more():
    deal, seat = searched_positions("innsbruck", 3, 1)[0]
    player = fixed(1)
    thinking = [player.think(deal, seat, None, 0.0) for _ in range(200)]
    assert thinking.index(False) > SAMPLES and not any(thinking[thinking.index(False):])
    player.decide(deal, seat)
    assert player.last_stats["ahead"] == SAMPLES == player.last_stats["samples"]


def test_a_search_thought_ahead_serves_only_its_own_position_and_knowledge():
    (deal, seat), (other, other_seat) = searched_positions("innsbruck", 5, 2)
    player = fixed(2, signals=True)
    think(player, deal, seat)
    player.decide(other, other_seat)                     # another position: a search of its own
    assert player.last_stats["ahead"] == 0
    think(player, deal, seat)
    player.decide(deal.clone(), seat)                   # the same moves in another deal object
    assert player.last_stats["ahead"] == 0
    partner = (seat + 2) % deal.n
    think(player, deal, seat, SignalLog())
    player.decide(deal, seat, SignalLog([Sign(partner, "weli", 0)]))   # a sign seen since: it counts
    assert player.last_stats["ahead"] == 0
    think(player, deal, seat, SignalLog([Sign(partner, "weli", 0)]))
    player.decide(deal, seat, SignalLog([Sign(partner, "weli", 0)]))  # the same signs: the same search
    assert player.last_stats["ahead"] >= 1
    think(player, deal, seat)
    rule, probe = RulePlayer(), fixed(0)
    deal.apply(rule.decide(deal, seat).action)           # moves made meanwhile (a human's bet, say),
    while deal.to_act[0] != seat or probe._weighing_for(deal, seat, None).search is None:
        deal.apply(rule.decide(deal, deal.to_act[0]).action)   # up to this seat's next search
    player.decide(deal, seat)
    assert player.last_stats["ahead"] == 0


def test_only_the_seat_the_table_asks_next_thinks():
    rules = get_rules("innsbruck")
    players = [None] + [fixed(s) for s in (1, 2, 3)]
    table = Table(players)
    for number in range(20):
        deal = Deal.new(rules, 40 + number, 3)
        while deal.to_act and not deal.phase.over:
            seat = deal.to_act[0]
            if seat == 0:
                assert not table.think(deal, 0.0)        # the human's turn: nobody thinks
                deal.apply(RulePlayer().decide(deal, 0).action)
                continue
            thinker = players[seat]
            if table.think(deal, 0.0):
                for _ in range(12):
                    table.think(deal, 0.0)
                step = table.step(deal)
                assert step is not None and step.seat == seat and thinker.last_stats["ahead"] >= 1
                return
            step = table.step(deal)
            assert step is not None
            if step.kind == "act":
                deal.apply(step.decision.action)
    pytest.fail("no computer seat ever had more than one move to weigh")


def test_a_decision_after_thinking_ahead_has_its_whole_budget_for_what_is_left():
    deal, seat = searched_positions("innsbruck", 3, 1)[0]
    player = SamplingPlayer(seed=1, budget_ms=300, max_samples=40)
    player.think(deal, seat, None, 0.0)
    player.think(deal, seat, None, 0.0)          # set up, and one candidate played out on a guess
    time.sleep(0.4)                              # the rest of the pause, longer than the budget
    player.decide(deal, seat)
    assert player.last_stats["ahead"] == 0 and player.last_stats["samples"] >= 2
