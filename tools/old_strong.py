"""Today's strong player frozen at a commit, for one measurement only: the new strong player
against the old one, head to head (`python -m tools.old_strong --deals 1000 --samples 8`).

Nothing here ships. The old computer players are read from git at COMMIT (no copy in the tree),
put into a package of their own in a temporary folder with their imports (and the deal's state
they read through methods, properties now) turned to the current engine (the rules are today's;
only the players and the signs they read are old), and seated as the kind "old-strong": the old
player decides every move, the table's new sign model signs for it, and it reads the signs it saw
the old way (as if always true).
"""
from __future__ import annotations

import argparse
import importlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

from perlaggen_core.players import KINDS, register_kind
from perlaggen_core.players.base import Decision, Player
from perlaggen_core.rules import get_rules
from perlaggen_core.strength import match

COMMIT = "b60e431"
NAME = "old-strong"
ROOT = Path(__file__).resolve().parent.parent


def _source(commit: str, path: str) -> str:
    return subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def load(commit: str = COMMIT):
    """The old players package (its `sampling` module holds the SamplingPlayer)."""
    package = f"old_players_{commit}"
    if package in sys.modules:
        return importlib.import_module(f"{package}.players.sampling")
    folder = Path(tempfile.mkdtemp(prefix="perlaggen-old-")) / package
    (folder / "players").mkdir(parents=True)
    (folder / "__init__.py").write_text('"""The computer players at an old commit (tools/old_strong.py)."""\n')
    listing = subprocess.run(["git", "ls-tree", "--name-only", f"{commit}:perlaggen_core/players"], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout.split()
    for name in [n for n in listing if n.endswith(".py")]:
        text = _source(commit, f"perlaggen_core/players/{name}")
        # the engine is today's; the signs module stays the old one beside the players
        text = re.sub(r"^from \.\.(?!signals\b)(\w+)", r"from perlaggen_core.\1", text, flags=re.M)
        # the deal's state once read through methods is read through properties now (issue 23)
        text = re.sub(r"\.(current_trick|seat_to_play|first_pending|answering_team|scores_now)\(\)", r".\1", text)
        (folder / "players" / name).write_text(text)
    signals = _source(commit, "perlaggen_core/signals.py")
    signals = re.sub(r"^from \.(\w+)", r"from perlaggen_core.\1", signals, flags=re.M)
    (folder / "signals.py").write_text(signals)
    sys.path.insert(0, str(folder.parent))
    return importlib.import_module(f"{package}.players.sampling")


class OldStrong(Player):
    """The frozen strong player: decides with the old code; signs by the table's model."""

    kind = NAME

    def __init__(self, seed: int = 0, signals: bool = False, **options) -> None:
        self.old = load().SamplingPlayer(seed=seed, signals=signals, **options)
        self.signals = signals

    @staticmethod
    def _plain(signals) -> Optional[list]:
        # the old code reads (seat, signal, after) triples
        return None if signals is None else [(s.seat, s.signal, s.after) for s in signals]

    def decide(self, deal, seat: int, signals=None) -> Decision:
        return self.old.decide(deal, seat, self._plain(signals))

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        return self.old.volunteer(deal, seat, self._plain(signals))


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="the new strong player against the one frozen at " + COMMIT)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="innsbruck")
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--signals", action="store_true")
    args = parser.parse_args(argv)
    register_kind(NAME, OldStrong)
    result = match(get_rules(args.variant), args.deals, args.seed, "strong", NAME, signals=args.signals,
                   samples=args.samples)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    assert NAME not in KINDS
    sys.exit(main())
