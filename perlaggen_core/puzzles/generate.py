"""The generator: strong self-play over a rule set, a cheap filter at every decision (the
rule-following player would choose differently from the strong one), then the review's weighing
over two independent seeds (measure.judge); what passes becomes a Puzzle."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from ..actions import EXCHANGE_ACTS, Action, Keep
from ..deal import Deal
from ..players import Decision, Table, make_player, play_out
from ..players.rule import RulePlayer
from ..rules import get_rules
from ..selfplay import random_scores
from ..signals import SignalLog, system_of
from .measure import Verdict, explanation, judge, weigh
from .model import Difficulty, Puzzle, Wrong, difficulty_of
from .themes import theme_of

STRONG_SAMPLES = 12    # the self-play's strong players: a fixed number of guesses, no time budget
SAMPLES = 24           # guessed deals per seed when a candidate is weighed
SEEDS = (1, 2)         # the independent seeds a puzzle must agree over
MOST_WRONG = 5         # wrong answers kept: the tempting one, then the closest others


@dataclass
class Candidate:
    """A decision where the strong and the rule-following player disagree."""

    record: dict
    seat: int
    strong: Action
    rule: Action
    signals: SignalLog
    where: str                      # variant, game seed and action index: the puzzle's id

    def deal(self) -> Deal:
        return Deal.from_record(self.record)


@dataclass
class Stats:
    deals: int = 0
    decisions: int = 0
    candidates: int = 0
    weighed: int = 0
    kept: int = 0
    seconds: dict = field(default_factory=lambda: {"selfplay": 0.0, "weigh": 0.0})


def selfplay(variant: str, seed: int, stats: Stats, strong_samples: int = STRONG_SAMPLES) -> Iterator[Candidate]:
    """The decisions of one strong self-play deal where the rule-following player would differ."""
    rules = get_rules(variant)
    rng = random.Random(f"puzzles/{variant}/{seed}")
    deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), random_scores(rules, rng))
    signs = system_of(rules) is not None and rules.players > 2 and rules.teams < rules.players
    players = [make_player("strong", seed=seed * 31 + s, signals=signs, budget_ms=1e9,
                           max_samples=strong_samples) for s in range(rules.players)]
    log = SignalLog(seed=seed) if signs else None
    table = Table(players, signals=log)
    rule = RulePlayer(signals=signs)
    found: list[Candidate] = []

    def look(seat: int, decision: Decision) -> None:
        stats.decisions += 1
        # the exchange, offered out of turn: the strong player exchanges as the rule-following one
        # does, so there is nothing to find here (exchange_candidates finds those decisions)
        if deal.uncut or seat not in deal.to_act or decision.action.seat != seat or \
                decision.action.act in EXCHANGE_ACTS:
            return
        known = log.seen_by(deal, seat).before(len(deal.actions)) if log is not None else SignalLog()
        mine = rule.decide(deal, seat, known if signs else None).action
        if mine != decision.action:
            found.append(Candidate(deal.to_record(), seat, decision.action, mine, known,
                                   f"{variant}-g{seed}-a{len(deal.actions)}"))

    start = time.process_time()
    play_out(deal, players, table, on_decision=look)
    stats.seconds["selfplay"] += time.process_time() - start
    stats.deals += 1
    stats.candidates += len(found)
    yield from found


def exchange_candidates(variant: str, seed: int, stats: Stats) -> Iterator[Candidate]:
    """The exchange decisions of one fresh deal (no self-play: the exchange comes before the first
    card): each seat that may exchange, against the rule-following player's choice (it exchanges
    whenever it may, and the strong player copies it, so `selfplay` never finds these). The
    weighing plays out every card the seat may give and keeping the cards."""
    rules = get_rules(variant)
    rng = random.Random(f"puzzles/exchange/{variant}/{seed}")
    deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), random_scores(rules, rng))
    stats.deals += 1
    rule = RulePlayer()
    for seat in range(deal.n):
        stats.decisions += 1
        if not any(a.act == "exchange" for a in deal.legal_actions(seat)):
            continue
        choice = rule.volunteer(deal, seat)
        mine = choice.action if choice is not None else Keep(seat)
        stats.candidates += 1
        yield Candidate(deal.to_record(), seat, mine, mine, SignalLog(), f"{variant}-x{seed}-s{seat}")


def make_puzzle(c: Candidate, verdict: Verdict, theme: str, samples: int) -> Puzzle:
    deal = c.deal()
    w = verdict.weighings[0]
    rule_cost = verdict.costs[c.rule]
    weighed = [o for o in w.options if o is not None]
    random_cost = sum(verdict.costs.get(o, 0.0) for o in weighed) / len(weighed)
    hit = sum(o in verdict.answers for o in weighed) / len(weighed)
    others = sorted((a for a in verdict.costs if a != c.rule), key=lambda a: verdict.costs[a])
    wrong = [Wrong(a, verdict.costs[a], tuple(n for n, m in (("rule", c.rule), ("strong", c.strong)) if m == a))
             for a in [c.rule, *others][:MOST_WRONG]]
    difficulty: Difficulty = difficulty_of(rule_cost, random_cost, hit)
    measured = {"samples": samples, "seeds": list(SEEDS), "margin": round(verdict.gap, 2),
                "strong_agrees": c.strong in verdict.answers}
    return Puzzle(c.where, theme, c.record, c.seat, tuple(verdict.answers), tuple(wrong), difficulty,
                  explanation(deal, c.seat, verdict, c.rule), tuple(c.signals.to_list()), measured)


def try_candidate(c: Candidate, stats: Stats, samples: int = SAMPLES) -> Optional[Puzzle]:
    """The candidate weighed over SEEDS; a Puzzle when it passes (measure.judge), else None."""
    start = time.process_time()
    deal = c.deal()
    weighings = [weigh(deal, c.seat, c.signals, [c.rule, c.strong], samples, s) for s in SEEDS]
    stats.seconds["weigh"] += time.process_time() - start
    stats.weighed += 1
    verdict = judge(weighings)
    if verdict is None or c.rule not in verdict.costs:
        return None
    theme = theme_of(deal, c.seat, verdict.answers[0], c.rule)
    stats.kept += 1
    return make_puzzle(c, verdict, theme, samples)


def generate(variants: list[str], seeds: range, samples: int = SAMPLES, per_deal: int = 2,
             wanted: Optional[Callable[[Candidate], bool]] = None,
             rank: Optional[Callable[[Candidate], float]] = None,
             minutes: Optional[float] = None, stats: Optional[Stats] = None,
             strong_samples: int = STRONG_SAMPLES, exchange: bool = False) -> Iterator[Puzzle]:
    """Puzzles from strong self-play: for each seed, one deal of each variant; of a deal's candidates
    that `wanted` allows, the `per_deal` first by `rank` (lowest first; ties in a seeded random order)
    are weighed: a few from each deal make a varied set. `exchange`: the exchange decisions of fresh
    deals instead (exchange_candidates)."""
    stats = stats or Stats()
    begun = time.process_time()
    for seed in seeds:
        for variant in variants:
            if minutes is not None and time.process_time() - begun > 60 * minutes:
                return
            source = exchange_candidates(variant, seed, stats) if exchange else \
                selfplay(variant, seed, stats, strong_samples)
            found = [c for c in source if wanted is None or wanted(c)]
            rng = random.Random(f"pick/{variant}/{seed}")
            ties = {c.where: rng.random() for c in found}
            found.sort(key=lambda c: (rank(c) if rank else 0, ties[c.where]))
            for c in found[:per_deal]:
                puzzle = try_candidate(c, stats, samples)
                if puzzle is not None:
                    yield puzzle
