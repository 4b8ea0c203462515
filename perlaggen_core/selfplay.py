"""Self-play: deals of uniformly random legal play (a speed measure and a source of test deals),
and games between computer players seated by kind (random, rule, strong)."""
from __future__ import annotations

import random
import time
from collections import Counter
from typing import Callable, Optional

from .actions import Action
from .deal import Deal
from .game import Game
from .players import SEARCHING, Table, make_player, play_out
from .rules import Rules
from .signals import SignalLog
from .state import AUS, NOBODY, OPEN, Value

OPTIONAL = 0.15  # how often a random seat makes any legal move, bets and concessions included


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action: usually one the game waits for (a card, an answer, a show step),
    sometimes any legal action of any seat (bets and concessions, in turn or not)."""
    to_act = deal.to_act
    if to_act and rng.random() >= OPTIONAL:
        seat = rng.choice(to_act)
        options = deal.legal_actions(seat, optional=False)
        if options:
            return rng.choice(options)
    seats = list(range(deal.n))
    rng.shuffle(seats)
    for seat in ([*to_act] + seats):
        options = deal.legal_actions(seat)
        if options:
            return rng.choice(options)
    raise RuntimeError("a deal that is not over has no legal action")


def random_scores(rules: Rules, rng: random.Random) -> list[int]:
    """Scores a game can stand at before a deal (counting down: 1 to the start)."""
    if rules.count_down:
        return [rng.randint(1, rules.start_score) for _ in range(rules.teams)]
    return [rng.randrange(rules.target) for _ in range(rules.teams)]


def random_deal(rules: Rules, rng: random.Random, max_actions: int = 2000) -> Deal:
    scores = random_scores(rules, rng)
    deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), scores)
    for _ in range(max_actions):
        if deal.phase.over:
            return deal
        deal.push(random_action(deal, rng))   # listed by legal_actions: no need to check it again
    raise RuntimeError("a random deal did not finish")


def ending(deal: Deal) -> str:
    spiel = deal.figs["spiel"]
    if deal.declare is not None and deal.game_winner is not None and spiel.status is OPEN:
        return "endgame_figure"
    if spiel.conceded:
        how = "spiel_conceded"
    elif spiel.status is NOBODY:
        how = "spiel_hin"
    elif spiel.status is OPEN:
        how = "ended_early"
    else:
        how = "spiel_by_tricks"
    return how


def highest_bet(deal: Deal) -> Value:
    """The highest value any figure was bet to in the deal, held or not (Spiel aus above any number)."""
    sim = Deal(deal.start)
    top: Value = 1
    for action in deal.actions:
        sim.apply(action)
        if action.act in ("bet", "raise"):
            for fig in sim.figs.values():
                for value in (fig.value, fig.pending.value if fig.pending else 1):
                    if value == AUS or top == AUS:
                        top = AUS
                    elif value > top:
                        top = value
    return top


def run(rules: Rules, deals: int, seed: int,
        on_deal: Optional[Callable[[int, Deal], None]] = None) -> dict:
    rng = random.Random(seed)
    endings: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    start = time.perf_counter()
    for i in range(deals):
        deal = random_deal(rules, rng)
        endings[ending(deal)] += 1
        phases[deal.phase.value] += 1
        if deal.penalties:
            endings["with_penalty"] += 1
        if on_deal:
            on_deal(i, deal)
    seconds = time.perf_counter() - start
    return {"deals": deals, "seconds": round(seconds, 3),
            "deals_per_second": round(deals / seconds, 1) if seconds else None,
            "endings": dict(sorted(endings.items())), "phases": dict(sorted(phases.items()))}


def run_table(rules: Rules, deals: int, seed: int, kinds: list[str], signals: bool = False,
              budget_ms: Optional[float] = None,
              on_deal: Optional[Callable[[int, Deal], None]] = None,
              samples: Optional[int] = None) -> dict:
    """Play `deals` deals with the given player kinds per seat, as successive games: a game
    goes on deal by deal until a team reaches the target, then a new game starts. `samples` gives
    strong players a fixed number of guessed deals per decision instead of a time budget (the
    same moves whatever the machine's load: for comparing variants)."""
    if len(kinds) != rules.players:
        raise ValueError(f"{rules.name} needs {rules.players} seats, got {len(kinds)}")
    options = {"budget_ms": budget_ms} if budget_ms is not None else {}
    if samples is not None:
        options = {"budget_ms": float("inf"), "max_samples": samples, "min_samples": samples}
    players = [make_player(kind, seed=seed * 31 + seat, signals=signals,
                           **(options if kind in SEARCHING else {}))
               for seat, kind in enumerate(kinds)]
    spent: dict[str, list[float]] = {}

    def timer(player, seconds: float) -> None:
        entry = spent.setdefault(player.kind, [0.0, 0])
        entry[0] += seconds
        entry[1] += 1

    rng = random.Random(seed)
    endings: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    teams = rules.teams
    points, penalties, games_won = [0] * teams, [0] * teams, [0] * teams
    raised: Counter[str] = Counter()     # deals whose highest bet on a figure was above 4, and those at Spiel aus
    start = time.perf_counter()
    game = Game(rules, seed=rng.randrange(2**31), dealer=rng.randrange(rules.players))
    for i in range(deals):
        deal = game.current
        play_out(deal, players, Table(players, signals=SignalLog(), timer=timer))
        endings[ending(deal)] += 1
        phases[deal.phase.value] += 1
        if deal.penalties:
            endings["with_penalty"] += 1
        top = highest_bet(deal)
        raised["above_4"] += top == AUS or top > 4
        raised["aus"] += top == AUS
        for t in range(teams):
            points[t] += deal.deal_points[t]
        for p in deal.penalties:
            penalties[p.team] += p.points
        if on_deal:
            on_deal(i, deal)
        if deal.game_winner is not None:
            games_won[deal.game_winner] += 1
            game = Game(rules, seed=rng.randrange(2**31), dealer=(deal.dealer + 1) % rules.players)
        else:
            game.new_deal()
    seconds = time.perf_counter() - start
    return {"deals": deals, "seconds": round(seconds, 3),
            "deals_per_second": round(deals / seconds, 1) if seconds else None,
            "endings": dict(sorted(endings.items())), "phases": dict(sorted(phases.items())),
            "seats": list(kinds), "signals": signals,
            "teams": [[s for s in range(rules.players) if s % teams == t] for t in range(teams)],
            "points": points, "penalties": penalties,
            # counting down, penalties are points added: the net gain takes them off
            "net": [points[t] - penalties[t] if rules.count_down else points[t] + penalties[t] for t in range(teams)],
            "games_won": games_won, "bets_above_4": raised["above_4"], "bets_aus": raised["aus"],
            "decision_ms": {k: round(v[0] / v[1] * 1000, 3) for k, v in sorted(spent.items()) if v[1]},
            "decisions": {k: v[1] for k, v in sorted(spent.items())}}
