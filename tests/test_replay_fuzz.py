"""Fuzzing `replay`: whatever the input, the answer is exit 0, 1 or 2 with one JSON object.

Valid records come from tests/records/ and from seeded deals played with random legal actions
(`Deal.new` + `legal_actions`). Hypothesis then damages them: actions dropped, duplicated, swapped or
garbled, fields deleted or given wrong types, unknown fields, broken JSON text, bytes that are not
UTF-8. The contract (shared/DEAL_RECORD.md) requires:

- exit 0: the replay summary (phase, figures, ...);
- exit 1: {"error": {"index": i, "message": ...}} with i the position of the refused action;
- exit 2: {"error": {"field": ..., "message": ...}} naming the malformed field;
- never a traceback.

Most cases run in-process for speed; a few go through `python -m perlaggen_core replay -`.
"""
from __future__ import annotations

import contextlib
import copy
import inspect
import io
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import perlaggen_core.__main__ as cli
from perlaggen_core import Deal, get_rules
from perlaggen_core.selfplay import random_action

from helpers import record_files

ROOT = Path(__file__).resolve().parent.parent
PHASES = {"play", "show", "declare", "scored", "game_over"}
CONTRACT_KEYS = {"phase", "trump", "to_act", "tricks", "tricks_won", "figures", "penalties",
                 "deal_points", "scores", "game_winner"}


BASES = record_files()
_TMP = tempfile.mkdtemp(prefix="perlaggen-fuzz-")
_REPLAY_TAKES_OUT = "out" in inspect.signature(cli.replay).parameters


def run_replay(payload: str | bytes) -> tuple[int, str, str]:
    """Replay a record given as text (or raw bytes) in-process: (exit code, stdout, stderr)."""
    path = os.path.join(_TMP, "record.json")
    with open(path, "wb") as fh:
        fh.write(payload.encode("utf-8") if isinstance(payload, str) else payload)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if _REPLAY_TAKES_OUT:
                # main(["replay", path]) writes to the sys.stdout bound when the module was
                # imported, which redirect_stdout cannot capture; replay() takes `out`.
                code = cli.replay(path, out=out)
            else:
                code = cli.main(["replay", path])
        except SystemExit as exc:  # argparse or an explicit exit
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check_answer(code: int, stdout: str, stderr: str, record=None, strict: bool = False) -> dict:
    """The contract's shape of an answer. `strict` also demands that an exit-2 error names its
    field and is not an internal exception caught by a catch-all."""
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr or stdout
    assert code in (0, 1, 2), (code, stdout)
    lines = [line for line in stdout.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected exactly one JSON line, got {stdout!r}"
    result = json.loads(lines[0])
    assert isinstance(result, dict), result
    if code == 0:
        assert "error" not in result, result
        missing = CONTRACT_KEYS - set(result)
        assert not missing, f"summary lacks {sorted(missing)}"
        assert result["phase"] in PHASES, result["phase"]
    else:
        error = result.get("error")
        assert isinstance(error, dict), result
        assert isinstance(error.get("message"), str) and error["message"].strip(), result
        if code == 1:
            index = error.get("index")
            assert isinstance(index, int) and not isinstance(index, bool), result
            if isinstance(record, dict) and isinstance(record.get("actions"), list):
                assert 0 <= index < len(record["actions"]), (index, len(record["actions"]))
        elif strict:
            # "exit status 2 with an error object naming the field"
            assert not _looks_internal(error["message"]), f"an internal error was hidden as exit 2: {result}"
            assert isinstance(error.get("field"), str) and error["field"], f"no field named: {result}"
    return result


def _looks_internal(message: str) -> bool:
    """An exception repr leaking through the catch-all, e.g. "KeyError('x')"."""
    return any(name + "(" in message for name in (
        "KeyError", "IndexError", "TypeError", "AttributeError", "ValueError", "AssertionError",
        "ZeroDivisionError", "UnboundLocalError", "NameError", "RecursionError"))


# ------------------------------------------------------------------ valid records, generated

def play_randomly(deal: Deal, rnd: random.Random, steps: int) -> Deal:
    """Up to `steps` random legal actions, chosen the way selfplay's random seats choose them."""
    for _ in range(steps):
        if deal.phase in ("scored", "game_over"):
            break
        deal.apply(random_action(deal, rnd))
    return deal


def random_deal_record(seed: int, dealer: int, steps: int, scores: tuple[int, int]) -> dict:
    rnd = random.Random(seed * 7919 + steps)
    deal = play_randomly(Deal.new(get_rules("innsbruck"), seed=seed, dealer=dealer, scores=scores), rnd, steps)
    return deal.to_record()


generated = st.builds(
    random_deal_record,
    seed=st.integers(0, 10**6),
    dealer=st.integers(0, 3),
    steps=st.integers(0, 60),
    scores=st.sampled_from([(0, 0), (10, 12), (15, 9), (17, 16), (16, 17), (17, 17)]),
)
bases = st.sampled_from(BASES) if BASES else generated
valid_records = st.one_of(bases, generated)

# ------------------------------------------------------------------ mutations

GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40), st.integers(min_value=10**20, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "XX", "H5", "S6", "HK", "hk", " HA", "L10 ", "E1", "A", "gleich", "spiel aus",
                     "Hanger", "PLAY", "fly", "aus", "0", "-1", "\u00e4", "\x00"]),
    st.lists(st.sampled_from(["HA", "S6", "L7", "XX", 3, None]), max_size=6),
    st.dictionaries(st.sampled_from(["S7", "HK", "x", "as"]), st.sampled_from(["E9", "XX", 1, None]),
                    max_size=3),
)
ACTION_KEYS = ["seat", "act", "card", "as", "figure", "cards", "blind", "take", "colour"]
TOP_KEYS = ["variant", "players", "target", "scores", "dealer", "hands", "captured", "trump_card",
            "actions", "seed", "exposed", "colour"]


@st.composite
def mutated(draw):
    record = copy.deepcopy(draw(valid_records))
    for _ in range(draw(st.integers(1, 3))):
        actions = record.get("actions")
        kind = draw(st.sampled_from([
            "drop", "dup", "swap", "action_field", "action_del", "action_type", "top_field",
            "top_del", "hand_card", "hand_size", "hand_swap", "truncate_actions", "append_random"]))
        if kind in ("drop", "dup", "swap", "action_field", "action_del", "action_type",
                    "truncate_actions") and not (isinstance(actions, list) and actions):
            kind = "top_field"
        if kind == "drop":
            del actions[draw(st.integers(0, len(actions) - 1))]
        elif kind == "dup":
            i = draw(st.integers(0, len(actions) - 1))
            actions.insert(draw(st.integers(0, len(actions))), copy.deepcopy(actions[i]))
        elif kind == "swap":
            i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == "action_field":
            i = draw(st.integers(0, len(actions) - 1))
            if isinstance(actions[i], dict):
                actions[i][draw(st.sampled_from(ACTION_KEYS))] = draw(GARBAGE)
        elif kind == "action_del":
            i = draw(st.integers(0, len(actions) - 1))
            if isinstance(actions[i], dict) and actions[i]:
                del actions[i][draw(st.sampled_from(sorted(actions[i])))]
        elif kind == "action_type":
            actions[draw(st.integers(0, len(actions) - 1))] = draw(GARBAGE)
        elif kind == "truncate_actions":
            del actions[draw(st.integers(0, len(actions) - 1)):]
        elif kind == "top_field":
            record[draw(st.sampled_from(TOP_KEYS))] = draw(GARBAGE)
        elif kind == "top_del":
            key = draw(st.sampled_from(TOP_KEYS))
            record.pop(key, None)
        elif kind in ("hand_card", "hand_size", "hand_swap"):
            hands = record.get("hands")
            if not (isinstance(hands, list) and hands and all(isinstance(h, list) and h for h in hands)):
                record["hands"] = draw(GARBAGE)
                continue
            s = draw(st.integers(0, len(hands) - 1))
            if kind == "hand_card":
                hands[s][draw(st.integers(0, len(hands[s]) - 1))] = draw(st.one_of(
                    GARBAGE, st.sampled_from([c for h in hands for c in h if isinstance(c, str)] or ["HA"])))
            elif kind == "hand_size":
                if draw(st.booleans()):
                    hands[s].pop()
                else:
                    hands[s].append(draw(st.sampled_from(["HA", "S6", "L7", "E8"])))
            else:
                t = draw(st.integers(0, len(hands) - 1))
                i, j = draw(st.integers(0, len(hands[s]) - 1)), draw(st.integers(0, len(hands[t]) - 1))
                hands[s][i], hands[t][j] = hands[t][j], hands[s][i]
        elif kind == "append_random":
            if not isinstance(actions, list):
                record["actions"] = actions = []
            actions.append({
                "seat": draw(st.integers(-1, 4)),
                "act": draw(st.sampled_from(["play", "bet", "hold", "raise", "good", "show", "done",
                                             "exchange", "declare"])),
                "card": draw(st.sampled_from(["HA", "HK", "S6", "S7", "E7", "L10", "E9", "XX"])),
                "figure": draw(st.sampled_from(["gleich", "hanger", "spiel"])),
            })
            for key in ("card", "figure"):
                if draw(st.booleans()):
                    actions[-1].pop(key)
    return record


def _dumps(record) -> str:
    return json.dumps(record, allow_nan=True)


FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(record=mutated())
def test_mutated_records_answer_by_contract(record):
    code, out, err = run_replay(_dumps(record))
    check_answer(code, out, err, record)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(record=mutated())
def test_malformed_errors_name_the_field(record):
    """Stricter: an exit-2 answer names the bad field ("exit status 2 with an error object naming
    the field") instead of reporting an internal exception caught by a catch-all."""
    code, out, err = run_replay(_dumps(record))
    check_answer(code, out, err, record, strict=True)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(record=valid_records)
def test_valid_records_replay_cleanly(record):
    """Unmutated records (generated ones, and the stored records including the failing ones)
    answer by the contract."""
    code, out, err = run_replay(_dumps(record))
    result = check_answer(code, out, err, record)
    if code == 0:
        assert result["phase"] in PHASES


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3), steps=st.integers(0, 80))
def test_generated_deal_round_trip(seed, dealer, steps):
    """A deal played with legal actions, written with to_record(), replays to the same summary."""
    deal = play_randomly(Deal.new(get_rules("innsbruck"), seed=seed, dealer=dealer), random.Random(seed), steps)
    record = deal.to_record()
    code, out, err = run_replay(_dumps(record))
    result = check_answer(code, out, err, record)
    assert code == 0, result
    assert result == json.loads(json.dumps(deal.summary())), "replay differs from the live deal"


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(base=valid_records, data=st.data())
def test_broken_json_text(base, data):
    text = _dumps(base)
    how = data.draw(st.sampled_from(["truncate", "insert", "bytes", "wrap", "deep"]))
    if how == "truncate":
        payload: str | bytes = text[:data.draw(st.integers(0, max(0, len(text) - 1)))]
    elif how == "insert":
        i = data.draw(st.integers(0, len(text)))
        payload = text[:i] + data.draw(st.sampled_from(["{", "}", "]", ",", '"', "\\", "NaN", "\x00",
                                                        "/*", "'"])) + text[i:]
    elif how == "bytes":
        payload = data.draw(st.binary(max_size=64)) + text.encode("utf-8")[:50] + b"\xff\xfe"
    elif how == "wrap":
        payload = data.draw(st.sampled_from(["[" + text + "]", '"' + text.replace('"', "'") + '"',
                                             "null", "42", "true", "", "   ", "[]", "{}"]))
    else:
        depth = data.draw(st.integers(1, 200_000))
        payload = "[" * depth + "]" * depth
    code, out, err = run_replay(payload)
    result = check_answer(code, out, err)
    if how in ("bytes", "deep") or (how == "wrap" and payload.strip() in ("", "null", "42", "true", "[]")):
        assert code == 2, result


STDIN_CASES = [
    ("", 2),
    ("{", 2),
    ("[1, 2]", 2),
    ('{"variant": "innsbruck", "hands": 5, "trump_card": "L8"}', 2),
    ('{"variant": "nowhere", "seed": 3}', 2),
    ('{"seed": 3, "dealer": 1, "actions": []}', 0),
]


@pytest.mark.parametrize("text,expected", STDIN_CASES)
def test_cli_stdin(text, expected):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-m", "perlaggen_core", "replay", "-"], input=text,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    check_answer(proc.returncode, proc.stdout, proc.stderr)
    assert proc.returncode == expected, proc.stdout
