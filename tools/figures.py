"""The README's table of the strong player's figures, measured in chunks so that a run cut short
still counts what it finished: one JSON line per chunk, summed by `--sum`.

    nice -n 10 python -m tools.figures --out figures.jsonl "x4:innsbruck:20" "exploit:innsbruck:20" ...
    python -m tools.figures --sum figures.jsonl

A step is KIND:VARIANT:CHUNKS, or KIND:VARIANT:FIRST-LAST for chunks FIRST to LAST (to go on
from where a run stopped, or to take two steps' chunks in turn: each chunk has its own seed). KIND "x4" seats the strong player at every seat, with signs (25
deals a chunk: the deals with a figure above 4 and at Spiel aus); any other kind plays a match of
the strong player against it over every seating (50 deals a chunk: points per seat and deal);
KIND+signs plays that match with signs, as the sandbox does (partners see each other's signs,
opponents catch some: perlaggen_core/signals.py).
"old-strong" is the strong player of tools/old_strong.py. Strong players take a fixed number of
guessed deals per decision (`--samples`), so the result does not depend on the machine's load.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from typing import Optional

from perlaggen_core.players import register_kind
from perlaggen_core.rules import get_rules
from perlaggen_core.selfplay import run_table
from perlaggen_core.strength import match

X4_CHUNK, MATCH_CHUNK = 25, 50


def measure(steps: list[str], out, samples: int) -> None:
    from tools import old_strong
    register_kind(old_strong.NAME, old_strong.OldStrong)
    for step in steps:
        kind, variant, chunks = step.split(":")
        rules = get_rules(variant)
        for chunk in chunk_range(chunks):
            if kind == "x4":
                result = run_table(rules, X4_CHUNK, 1000 + chunk, ["strong"] * rules.players, signals=True,
                                   samples=samples)
                result = {k: result[k] for k in ("deals", "bets_above_4", "bets_aus", "points", "seconds")}
            else:
                other, signs = opponent(kind)
                result = match(rules, MATCH_CHUNK, 2000 + chunk, "strong", other, samples=samples,
                               signals=signs)
            out.write(json.dumps({"step": f"{kind}:{variant}", "chunk": chunk, "samples": samples,
                                  "at": time.strftime("%H:%M:%S"), **result}) + "\n")
            out.flush()


def opponent(kind: str) -> tuple[str, bool]:
    """"rule+signs": the rule-following player, with signs on; "rule": without."""
    other, _, signs = kind.partition("+")
    return other, signs == "signs"


def chunk_range(text: str) -> range:
    """"20": chunks 0 to 19; "5-9": chunks 5 to 9."""
    first, _, last = text.partition("-")
    return range(int(first), int(last) + 1) if last else range(int(first))


def summed(lines: list[dict]) -> dict[str, dict]:
    """Per step: deals, and the raise counts (x4) or each kind's points per seat and deal (a match)."""
    steps: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    for line in lines:
        total = steps[line["step"]]
        total["deals"] += line["deals"]
        if line["step"].startswith("x4:"):
            total["above_4"] += line["bets_above_4"]
            total["aus"] += line["bets_aus"]
        else:
            for kind, seat in line["per_seat_deal"].items():
                total[kind] += seat["points"] * line["deals"]
    report = {}
    for step, total in steps.items():
        deals = total.pop("deals")
        if step.startswith("x4:"):
            report[step] = {"deals": int(deals), "above_4": f"{total['above_4'] / deals:.1%}",
                            "aus": f"{total['aus'] / deals:.1%}"}
        else:
            kind = opponent(step.split(":")[0])[0]
            report[step] = {"deals": int(deals), "ratio": round(total["strong"] / total[kind], 2) if total[kind] else None}
    return report


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="the strong player's figures, in chunks")
    parser.add_argument("steps", nargs="*", help="KIND:VARIANT:CHUNKS or KIND:VARIANT:FIRST-LAST, e.g. x4:innsbruck:20 rule:giltspiel:5-9")
    parser.add_argument("--out", help="append one JSON line per chunk to this file")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--sum", help="sum the chunks of this file")
    args = parser.parse_args(argv)
    if args.sum:
        with open(args.sum, encoding="utf-8") as f:
            print(json.dumps(summed([json.loads(line) for line in f if line.strip()]), indent=1))
        return 0
    with open(args.out, "a", encoding="utf-8") if args.out else sys.stdout as out:
        measure(args.steps, out, args.samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
