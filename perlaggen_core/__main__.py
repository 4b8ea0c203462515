"""Command line: `python -m perlaggen_core replay FILE|-`,
`... selfplay --deals N --seed S [--seats rule,random,rule,random | --match strong,rule] [--variant NAME|all]
[--signals] [--budget-ms MS | --samples K]`, `... review FILE|- [--seat N] [--samples K] [--seed S]` and `... puzzles generate|verify|check`
(docs/puzzles.md)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Optional, TextIO

from .deal import Deal
from .errors import IllegalAction, PerlaggenError, RecordError
from .messages import msg
from .players import known_kinds
from .puzzles.cli import add_parser as add_puzzles, run as run_puzzles
from .review.cli import review_file
from .review.reviewer import SAMPLES
from .rules import OFFERED, get_rules
from .selfplay import run, run_table
from .strength import match


def _emit(obj: Any, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _error(exc: PerlaggenError, **where: Any) -> dict[str, Any]:
    """The contract's error object: where, the English message, and the code with its values."""
    return {"error": {**where, "message": str(exc), **exc.detail.to_dict()}}


def replay(source: str, out: Optional[TextIO] = None, stdin: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    try:
        text = (stdin or sys.stdin).read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _emit(_error(PerlaggenError(msg("record.file", name=source, text=str(exc))), field="file"), out)
        return 2
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as exc:
        _emit(_error(PerlaggenError(msg("record.json", text=str(exc))), field="json"), out)
        return 2
    try:
        deal = Deal.from_record(record)
    except IllegalAction as exc:
        _emit(_error(exc, index=exc.index), out)
        return 1
    except RecordError as exc:
        _emit(_error(exc, field=exc.field), out)
        return 2
    except PerlaggenError as exc:
        _emit(_error(exc, field=None), out)
        return 2
    except Exception as exc:  # never a traceback on bad input
        _emit(_error(PerlaggenError(msg("record.broken", text=repr(exc))), field=None), out)
        return 2
    _emit(deal.summary(), out)
    return 0


def _kinds(text: str, field: str, count: Optional[int], out: TextIO) -> Optional[list[str]]:
    """The comma-separated player kinds of `field`, or None after printing what is wrong."""
    kinds = [k.strip() for k in text.split(",")]
    if any(k not in known_kinds() for k in kinds) or (count is not None and len(kinds) != count):
        _emit({"error": {"field": field, "message": f"--{field} needs {count or 'two'} kinds from "
                                                    f"{', '.join(known_kinds())}, comma-separated (got '{text}')"}}, out)
        return None
    return kinds


def selfplay(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    if args.match:
        kinds = _kinds(args.match, "match", 2, out)
        if kinds is None:
            return 2
        first, second = kinds
        for name in OFFERED if args.variant == "all" else [args.variant]:
            strong = {"budget_ms": args.budget_ms} if args.budget_ms is not None else {}
            if args.samples is not None:
                strong["samples"] = args.samples
            _emit(match(get_rules(name), args.deals, args.seed, first, second, signals=args.signals, **strong), out)
            out.flush()
        return 0
    rules = get_rules(args.variant)
    records = Path(args.records) if args.records else None
    if records:
        records.mkdir(parents=True, exist_ok=True)

    def save(i: int, deal) -> None:
        assert records is not None   # handed on only with --records
        rec = deal.to_record()
        (records / f"deal-{i:05d}.json").write_text(json.dumps(rec))

    if args.seats:
        kinds = _kinds(args.seats, "seats", rules.players, out)
        if kinds is None:
            return 2
        result = run_table(rules, args.deals, args.seed, kinds, signals=args.signals,
                           budget_ms=args.budget_ms, on_deal=save if records else None, samples=args.samples)
    else:
        result = run(rules, args.deals, args.seed, on_deal=save if records else None)
    _emit(result, out)
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m perlaggen_core",
                                     description="Perlaggen rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a deal record and print the resulting state as JSON")
    r.add_argument("file", help="a deal record file, or - for standard input")
    s = sub.add_parser("selfplay", help="play deals of random legal moves and report the speed, or seat "
                                       "computer players with --seats")
    s.add_argument("--deals", type=int, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--variant", default="innsbruck")
    s.add_argument("--records", help="write each deal record into this folder")
    s.add_argument("--seats", help="player kind per seat, e.g. rule,random,rule,random (kinds: random, "
                                   "rule, strong, exploit); plays successive games and reports points per team "
                                   "and the deals with bets above 4 and at Spiel aus")
    s.add_argument("--match", help="two player kinds, e.g. rule,random: a match over every seating, "
                                   "reporting points per seat and deal and the first kind's ratio; "
                                   "--variant all plays one per rule set")
    s.add_argument("--signals", action="store_true", help="rule and strong players signal to partners")
    s.add_argument("--budget-ms", type=float, default=None, help="thinking time of a strong player per decision")
    s.add_argument("--samples", type=int, default=None,
                   help="a strong player's guessed deals per decision, instead of a time budget (load-independent)")
    v = sub.add_parser("review", help="grade one seat's decisions in a deal record against the strong player's "
                                     "choices, as JSON")
    v.add_argument("file", help="a deal record file (it may carry \"signals\"), or - for standard input")
    v.add_argument("--seat", type=int, default=0)
    v.add_argument("--samples", type=int, default=SAMPLES, help="guessed deals per decision")
    v.add_argument("--seed", type=int, default=0)
    add_puzzles(sub)
    args = parser.parse_args(argv)
    if args.command == "puzzles":
        return run_puzzles(args)
    if args.command == "replay":
        return replay(args.file)
    if args.command == "review":
        return review_file(args.file, args.seat, args.samples, args.seed)
    return selfplay(args)


if __name__ == "__main__":
    sys.exit(main())
