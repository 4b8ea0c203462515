"""A deal's phase has one owner (`phases.py`), and whole deals pass through the phases as before.

The phase sequences in `tests/golden/phases.json` were written from main at d0f0f84, before the
phase changes moved into `phases.py` (`python3 tests/test_phases.py --write` writes them again:
only do that for a change of the rules, never to make this test pass).
"""
from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

import pytest

from perlaggen_core import PRESETS, Deal, get_rules
from perlaggen_core.selfplay import random_action, random_scores

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "perlaggen_core"
GOLDEN = Path(__file__).resolve().parent / "golden" / "phases.json"
DEALS = 24           # random deals per rule set, from random scores
GESTRICHEN = 8       # and deals begun with every team one point short (the declaration endgame)


def phase_writers(paths: list[Path]) -> list[str]:
    """Every place in these modules that assigns an attribute named `phase` (or sets it by name)."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "phase":
                found.append(f"{path.relative_to(path.parent.parent)}:{node.lineno}")
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Attribute) and sub.attr == "phase" and isinstance(sub.ctx, ast.Store):
                        found.append(f"{path.relative_to(path.parent.parent)}:{node.lineno}")
    return found


def test_only_phases_py_moves_a_deal_between_phases() -> None:
    writers = phase_writers(sorted(ENGINE.rglob("*.py")))
    assert writers, "the scan finds the phase owner's own assignments"
    assert {w.split(":")[0] for w in writers} == {"perlaggen_core/phases.py"}, writers


def test_the_scan_sees_an_assignment_elsewhere(tmp_path: Path) -> None:
    """The scan is not blind: it reports `deal.phase = ...` in any form."""
    (tmp_path / "engine").mkdir()
    sources = ["deal.phase = PLAY", "deal.phase: Phase = PLAY", "a.b.phase = x", "setattr(deal, 'phase', x)",
               "deal.phase, other = x, y", "if deal.phase is PLAY:\n    self.phase = SHOW"]
    paths = []
    for i, source in enumerate(sources):
        paths.append(tmp_path / "engine" / f"m{i}.py")
        paths[-1].write_text(source, encoding="utf-8")
    assert [w.split(":")[0] for w in phase_writers(paths)] == [f"engine/m{i}.py" for i in range(len(sources))]
    (tmp_path / "engine" / "reads.py").write_text("x = deal.phase\nif deal.phase.over: f(deal.phase)", encoding="utf-8")
    assert phase_writers([tmp_path / "engine" / "reads.py"]) == []


def runs(deal: Deal, rng: random.Random) -> str:
    """Play the deal out at random and write its phases as runs: 'play*12 show*5 scored'."""
    seen = [deal.phase.value]
    while not deal.phase.over:
        deal.apply(random_action(deal, rng))
        seen.append(deal.phase.value)
    out: list[str] = []
    for phase in seen:
        if out and out[-1].split("*")[0] == phase:
            name, _, count = out[-1].partition("*")
            out[-1] = f"{name}*{int(count or 1) + 1}"
        else:
            out.append(phase)
    return " ".join(out)


def sequences(variant: str) -> list[str]:
    rules = get_rules(variant)
    rng = random.Random(f"phases-{variant}")
    out = []
    for i in range(DEALS + GESTRICHEN):
        if i < DEALS or rules.count_down:
            scores = random_scores(rules, rng)
        else:
            scores = [rules.target - 1] * rules.teams
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), scores)
        out.append(runs(deal, rng))
    return out


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_whole_deals_pass_through_the_phases_as_before(variant: str) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sequences(variant) == golden[variant]


def test_the_golden_sequences_reach_every_phase() -> None:
    """The sequences pin more than play and scoring: the show, the endgame and a game's end."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    text = " ".join(s for seqs in golden.values() for s in seqs)
    for phase in ("play", "show", "declare", "scored", "game_over"):
        assert phase in text, phase
    assert "declare play" in text or "declare show" in text, "an endgame that resumes the deal"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps({v: sequences(v) for v in sorted(PRESETS)}, indent=1) + "\n", encoding="utf-8")
