"""`python -m perlaggen_core puzzles generate|verify|check` (docs/puzzles.md)."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Optional, TextIO

from ..rules import OFFERED
from .checks import PuzzleError
from .generate import SAMPLES, Candidate, Stats, generate
from .loader import dump, file_data, load_dir
from .model import THEMES, Puzzle
from .themes import theme_of
from .verify import DEPTH, verify

FOLDER = Path(__file__).resolve().parents[2] / "puzzles"


def add_parser(sub) -> None:
    p = sub.add_parser("puzzles", help="make, re-verify or check the puzzle set (docs/puzzles.md)")
    ps = p.add_subparsers(dest="puzzles", required=True)
    g = ps.add_parser("generate", help="find puzzles in strong self-play and add them to the set")
    g.add_argument("--variants", default="all", help="comma-separated rule sets, or all offered ones")
    g.add_argument("--seeds", default="1:11", help="game seeds FROM:TO (one deal of each rule set per seed)")
    g.add_argument("--samples", type=int, default=SAMPLES, help="guessed deals per seed when weighing")
    g.add_argument("--per-deal", type=int, default=2, help="candidates weighed per deal")
    g.add_argument("--quota", type=int, default=100, help="stop taking a theme's candidates at this many puzzles")
    g.add_argument("--minutes", type=float, default=None, help="stop after this much CPU time")
    g.add_argument("--exchange", action="store_true",
                   help="only the exchange: the decisions of fresh deals where a seat may exchange")
    g.add_argument("--out", default=str(FOLDER), help="the puzzle folder (one file per theme)")
    v = ps.add_parser("verify", help="weigh puzzles again at depth and report the agreement")
    v.add_argument("ids", nargs="*", help="puzzle ids (default: all)")
    v.add_argument("--samples", type=int, default=DEPTH)
    v.add_argument("--folder", default=str(FOLDER))
    v.add_argument("--drop", action="store_true", help="take the puzzles it does not agree with out of the set")
    c = ps.add_parser("check", help="load and check every puzzle (what the build does)")
    c.add_argument("--folder", default=str(FOLDER))


def _emit(obj, out: TextIO) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def run(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    folder = Path(getattr(args, "out", None) or args.folder)
    try:
        puzzles = load_dir(folder) if folder.exists() else []
    except PuzzleError as exc:
        _emit({"error": str(exc)}, out)
        return 2
    if args.puzzles == "check":
        _emit({"puzzles": len(puzzles), "themes": dict(Counter(p.theme for p in puzzles)),
               "variants": dict(Counter(p.variant for p in puzzles))}, out)
        return 0
    if args.puzzles == "verify":
        chosen = [p for p in puzzles if not args.ids or p.id in args.ids]
        failed = set()
        for p in chosen:
            check = verify(p, args.samples)
            if not check.agrees:
                failed.add(p.id)
            _emit(check.to_dict(), out)
        _emit({"verified": len(chosen), "agree": len(chosen) - len(failed), "samples": args.samples}, out)
        if args.drop and failed:
            for theme in {p.theme for p in puzzles if p.id in failed}:
                _write(folder, theme, [p for p in puzzles if p.theme == theme and p.id not in failed])
            _emit({"dropped": sorted(failed)}, out)
        return 0
    return _generate(args, puzzles, folder, out)


def _write(folder: Path, theme: str, puzzles: list[Puzzle]) -> None:
    """One theme's file, whole (a run may be stopped at any time)."""
    path = folder / f"{theme}.json"
    path.with_suffix(".tmp").write_text(dump(file_data(theme, puzzles)), encoding="utf-8")
    path.with_suffix(".tmp").replace(path)


def _generate(args: argparse.Namespace, puzzles: list[Puzzle], folder: Path, out: TextIO) -> int:
    variants = list(OFFERED) if args.variants == "all" else args.variants.split(",")
    low, high = (int(x) for x in args.seeds.split(":"))
    by_theme: dict[str, list[Puzzle]] = {t: [p for p in puzzles if p.theme == t] for t in THEMES}
    ids = {p.id for p in puzzles}

    def have(c: Candidate) -> int:        # puzzles of the theme the strong player's move makes (the answer may differ)
        return len(by_theme[theme_of(c.deal(), c.seat, c.strong, c.rule)])

    def wanted(c: Candidate) -> bool:
        return c.where not in ids and have(c) < args.quota

    stats = Stats()
    folder.mkdir(parents=True, exist_ok=True)
    for puzzle in generate(variants, range(low, high), args.samples, args.per_deal, wanted, have, args.minutes,
                           stats, exchange=args.exchange):
        if puzzle.id in ids:
            continue
        ids.add(puzzle.id)
        by_theme[puzzle.theme].append(puzzle)
        _write(folder, puzzle.theme, by_theme[puzzle.theme])
        _emit({"kept": puzzle.id, "theme": puzzle.theme, "level": puzzle.difficulty.level}, out)
    cpu = sum(stats.seconds.values())
    _emit({"deals": stats.deals, "candidates": stats.candidates, "weighed": stats.weighed, "kept": stats.kept,
           "cpu_seconds": round(cpu, 1), "per_cpu_minute": round(60 * stats.kept / cpu, 2) if cpu else None,
           "themes": {t: len(v) for t, v in by_theme.items()}}, out)
    return 0
