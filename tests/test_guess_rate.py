"""The guess-rate tool (tools/guess_rate.py) measures what the README reports for issue 22."""
from __future__ import annotations

import json

from tools import guess_rate


def test_positions_are_decided_and_two_runs_compared(tmp_path):
    points = tmp_path / "positions.json"
    assert guess_rate.main(["positions", "--deals", "1", "--out", str(points)]) == 0
    kept = json.loads(points.read_text())
    assert kept and all(set(p) == {"record", "seat"} for p in kept)
    few = tmp_path / "few.json"
    few.write_text(json.dumps(kept[:4]))
    runs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.json"
        guess_rate.main(["decide", str(few), "--budget", "600000", "--out", str(out)])
        runs.append(json.loads(out.read_text()))
    searched = [n for n in runs[0]["searches"] if n is not None]
    assert len(runs[0]["searches"]) == 4 and searched and set(searched) == {40}   # a long budget: the cap
    assert guess_rate.compare(*runs) == {"positions": len(searched), "median": [40, 40],
                                         "total": [40 * len(searched)] * 2, "ratio": 1.0}
