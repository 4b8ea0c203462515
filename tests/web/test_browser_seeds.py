"""The seeds the browser tests play (tests/browser/seeds.json) still give what each was chosen for.

The browser tests no longer search for a seed while they run (a search shifts silently when the
engine or a computer player changes); they play the stored seed, and this test, under CPython,
fails when one no longer fits, naming it and the seeds nearby that do, so it is chosen again."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BROWSER = Path(__file__).resolve().parents[1] / "browser"
sys.path.insert(0, str(BROWSER))

import plans  # noqa: E402
import scenario  # noqa: E402

CHECKS = {
    "table": lambda seed: scenario.plan_for(seed) is not None,
    "table_end": lambda seed: scenario.end_plan_for(seed) is not None,
    "sandbox_game": lambda seed: plans.gives_game(plans.plan_for(seed)),
    "sandbox_show": lambda seed: plans.gives_show(plans.plan_for(seed)),
}


def test_every_stored_seed_has_a_check_and_a_purpose():
    data = json.loads((BROWSER / "seeds.json").read_text(encoding="utf-8"))
    stored = {name for name, entry in data.items() if isinstance(entry, dict)}
    assert stored == set(CHECKS) == set(plans.SEEDS)
    assert all(data[name]["gives"] and isinstance(data[name]["seed"], int) for name in stored)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_a_stored_seed_still_gives_what_it_was_chosen_for(name):
    seed = plans.SEEDS[name]
    if not CHECKS[name](seed):
        nearby = [s for s in range(1, 200) if CHECKS[name](s)][:5]
        pytest.fail(f"seeds.json: {name} = {seed} no longer gives it; seeds that do: {nearby}")
