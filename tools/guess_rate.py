"""How many guessed deals the strong player weighs per decision within its time budget, on fixed
positions, so that two versions of the engine can be compared in the same minutes (issue 22).

    python3 -m tools.guess_rate positions --deals 12 --out positions.json
    python3 -m tools.guess_rate decide positions.json --out new.json
    (cd /tmp/old && python3 /path/to/tools/guess_rate.py decide positions.json --out old.json)
    python3 -m tools.guess_rate compare old.json new.json

`positions` plays Innsbruck deals with rule-following players and keeps every decision with more
than one legal move, as a deal record and the seat to decide. `decide` asks a strong player (no
signs) at each and writes the guessed deals of each search (null where it had only one choice to
weigh); it imports `perlaggen_core` from the current folder, so run from another checkout (say
b60e431's, `git worktree add /tmp/old b60e431`) it measures that version's player. Run two
`decide` at once, one per core, and swap them for a second round: the machine's speed changes
from hour to hour. `compare` sets the two side by side over the positions both searched.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time


def positions(deals: int, variant: str) -> list[dict]:
    from perlaggen_core.deal import Deal
    from perlaggen_core.players import RulePlayer
    from perlaggen_core.record import record_of
    from perlaggen_core.rules import get_rules
    rules = get_rules(variant)
    players = [RulePlayer() for _ in range(rules.players)]
    out = []
    for seed in range(1, deals + 1):
        deal = Deal.new(rules, seed, seed % rules.players)
        while deal.to_act:
            seat = deal.to_act[0]
            if len(deal.legal_actions(seat)) > 1:
                out.append({"record": record_of(deal), "seat": seat})
            deal.apply(players[seat].decide(deal, seat).action)
    return out


def decide(points: list[dict], budget_ms: float) -> dict:
    from perlaggen_core.deal import Deal
    from perlaggen_core.players import SamplingPlayer
    player = SamplingPlayer(seed=1, budget_ms=budget_ms)
    searches: list = []
    start = time.process_time()
    for point in points:
        player.decide(Deal.from_record(point["record"]), point["seat"])
        stats = player.last_stats
        searches.append(stats.get("samples") if stats.get("candidates", 1) > 1 else None)
    return {"budget_ms": budget_ms, "cpu_seconds": round(time.process_time() - start, 1), "searches": searches}


def compare(a: dict, b: dict) -> dict:
    both = [(x, y) for x, y in zip(a["searches"], b["searches"]) if x is not None and y is not None]
    if not both:
        raise SystemExit("no position was searched by both")
    first, second = [x for x, _y in both], [y for _x, y in both]
    return {"positions": len(both),
            "median": [statistics.median(first), statistics.median(second)],
            "total": [sum(first), sum(second)],
            "ratio": round(sum(second) / sum(first), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--variant", default="innsbruck")
    p.add_argument("--out", required=True)
    d = sub.add_parser("decide")
    d.add_argument("positions")
    d.add_argument("--budget", type=float, default=90.0, help="the strong player's budget in ms (the site's: 90)")
    d.add_argument("--out", required=True)
    c = sub.add_parser("compare")
    c.add_argument("first")
    c.add_argument("second")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())        # the engine of the checkout it is run from
    if args.command == "positions":
        points = positions(args.deals, args.variant)
        with open(args.out, "w") as f:
            json.dump(points, f)
        print(f"{len(points)} positions")
    elif args.command == "decide":
        with open(args.positions) as f:
            result = decide(json.load(f), args.budget)
        with open(args.out, "w") as f:
            json.dump(result, f)
        print(json.dumps({k: v for k, v in result.items() if k != "searches"}))
    else:
        with open(args.first) as f, open(args.second) as g:
            print(json.dumps(compare(json.load(f), json.load(g))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
