"""Replays every deal record in tests/records/ through the command line and checks the result.

Each `NAME.json` has a `NAME.expected.json` beside it:

    {"exit_code": 0, "output": {...a subset of the replay output...}, "why": "..."}

`output` is matched as a subset: every key given must be present with an equal value; dicts are
compared key by key (extra keys in the engine's output are fine) and lists element by element (same
length). The worked examples of the rule sources and the seat mapping are described in
tests/records/README.md.
"""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from perlaggen_core.__main__ import replay as cli_replay

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).resolve().parent / "records"

CASES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))

CONTRACT_KEYS = {"phase", "trump", "to_act", "tricks", "tricks_won", "figures", "penalties",
                 "deal_points", "scores", "game_winner"}
PHASES = {"play", "show", "declare", "scored", "game_over"}


def replay(path: Path) -> tuple[int, str, str]:
    """The replay command, run in this process (tests/test_cli.py runs it as a real command)."""
    out = io.StringIO()
    code = cli_replay(str(path), out=out)
    return code, out.getvalue(), ""


def mismatches(expected, actual, where="output") -> list[str]:
    """Differences between an expected subset and the actual value, as readable lines."""
    out: list[str] = []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing (expected {value!r})")
            else:
                out += mismatches(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        for i, (e, a) in enumerate(zip(expected, actual)):
            out += mismatches(e, a, f"{where}[{i}]")
    elif expected != actual or isinstance(expected, bool) != isinstance(actual, bool):
        out.append(f"{where}: expected {expected!r}, got {actual!r}")
    return out


def test_records_exist():
    assert len(CASES) >= 30
    for case in CASES:
        assert (RECORDS / (case.stem + ".expected.json")).exists(), case.name


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_record(case: Path):
    expected = json.loads((RECORDS / (case.stem + ".expected.json")).read_text(encoding="utf-8"))
    code, stdout, stderr = replay(case)
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    lines = [line for line in stdout.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one JSON line on stdout, got {stdout!r}"
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    why = expected.get("why", "")
    assert code == expected["exit_code"], (
        f"{case.name}: exit {code}, expected {expected['exit_code']} ({why})\n{json.dumps(result)}")
    if code == 0:
        missing = CONTRACT_KEYS - set(result)
        assert not missing, f"replay output lacks {sorted(missing)}"
        assert result["phase"] in PHASES
    else:
        assert isinstance(result.get("error"), dict), result
        assert isinstance(result["error"].get("message"), str) and result["error"]["message"]
        if code == 1:
            index = result["error"].get("index")
            assert isinstance(index, int) and not isinstance(index, bool)
    diffs = mismatches(expected["output"], result)
    assert not diffs, f"{case.name} ({why}):\n  " + "\n  ".join(diffs) + \
        f"\nfull output: {json.dumps(result)}"
