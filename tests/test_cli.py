"""The command line: replay's exit codes and output contract, and selfplay."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from perlaggen_core.__main__ import main, replay

from helpers import EXAMPLE1

RECORD = {"variant": "innsbruck", "dealer": 3, "scores": [0, 0], "hands": [h.split() for h in EXAMPLE1],
          "trump_card": "L8", "actions": [{"seat": 0, "act": "play", "card": "L10"},
                                          {"seat": 1, "act": "play", "card": "LA"},
                                          {"seat": 2, "act": "bet", "figure": "gleich"},
                                          {"seat": 3, "act": "hold", "figure": "gleich"},
                                          {"seat": 2, "act": "play", "card": "LU", "as": "LA"}]}


def run_replay(record) -> tuple[int, dict]:
    out = io.StringIO()
    text = record if isinstance(record, str) else json.dumps(record)
    code = replay("-", out=out, stdin=io.StringIO(text))
    return code, json.loads(out.getvalue())


def test_replay_output_has_the_contract_fields():
    code, out = run_replay(RECORD)
    assert code == 0
    assert set(out) == {"phase", "trump", "to_act", "tricks", "tricks_won", "figures", "penalties",
                        "deal_points", "scores", "game_winner", "proofs"}
    assert out["proofs"] == []                     # nothing is laid face up before the deal is over
    assert out["phase"] == "play" and out["trump"] == "L" and out["to_act"] == [3]
    assert out["tricks"] == [{"cards": [[0, "L10", None], [1, "LA", None], [2, "LU", "LA"]], "winner": None}]
    assert out["figures"]["gleich"] == {"value": 2, "pending": None, "conceded": False, "status": "open",
                                        "winner": None}


def test_replay_lays_the_proofs_face_up_once_the_deal_is_over():
    # seat 2 bets the Gleich with EK and SK in hand and LU baptised a King (rulings 16, 21)
    actions = [{"seat": 2, "act": "bet", "figure": "gleich"}, {"seat": 1, "act": "good", "figure": "gleich"},
               {"seat": 0, "act": "good", "figure": "spiel"}, {"seat": 3, "act": "good", "figure": "hanger"}]
    code, out = run_replay(dict(RECORD, actions=actions))
    assert code == 0 and out["phase"] in ("scored", "game_over")
    (proof,) = out["proofs"]
    assert (proof["seat"], proof["team"], proof["figure"], proof["kind"], proof["ok"]) == (2, 0, "gleich", "duty", True)
    assert sorted(map(tuple, proof["cards"])) == [("EK", None), ("LU", "HK"), ("SK", None)]
    assert proof["key"] == [3, 7] and proof["penalty"] == 0


def test_illegal_action_exits_1_with_its_index():
    record = dict(RECORD, actions=RECORD["actions"] + [{"seat": 0, "act": "play", "card": "H9"}])
    code, out = run_replay(record)
    assert code == 1 and out["error"]["index"] == 5 and out["error"]["message"]
    assert out["error"]["code"] == "play.not_your_turn" and out["error"]["params"] == {"seat": 3}


@pytest.mark.parametrize("change,field", [
    ({"color": 1}, "color"),
    ({"hands": [["HK", "L10", "E9", "S9", "HA"]] * 4}, "hands.1"),
    ({"hands": [h.split() for h in EXAMPLE1[:3]] + [["S7", "LK", "E8", "S8"]]}, "hands.3"),
    ({"trump_card": "X9"}, "trump_card"),
    ({"actions": [{"seat": 0, "act": "play", "card": "Q1"}]}, "actions.0.card"),
    ({"actions": [{"seat": 0, "act": "dance"}]}, "actions.0.act"),
    ({"actions": [{"seat": 0, "act": "play", "card": "L10", "extra": 1}]}, "actions.0.extra"),
    ({"variant": "poker"}, "variant"),
])
def test_malformed_records_exit_2_naming_the_field(change, field):
    code, out = run_replay(dict(RECORD, **change))
    assert code == 2 and out["error"]["field"] == field and out["error"]["message"]
    assert out["error"]["code"].split(".")[0] in ("record", "start", "rules") and "params" in out["error"]


def test_bad_json_and_acorn_trump():
    assert run_replay("{not json")[0] == 2
    code, out = run_replay(dict(RECORD, variant="eichel", trump_card="E8",
                                hands=[h.split() for h in EXAMPLE1[:3]] + [["S7", "LK", "L8", "S8", "HU"]]))
    assert code == 2 and out["error"]["field"] == "trump_card"


def test_seed_records_deal_themselves():
    code, out = run_replay({"variant": "eichel", "seed": 12345, "dealer": 1})
    assert code == 0 and out["phase"] in ("play", "declare") and out["trump"] in "HSL"


def test_replay_from_a_file_in_a_subprocess(tmp_path: Path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(RECORD))
    proc = subprocess.run([sys.executable, "-m", "perlaggen_core", "replay", str(path)],
                          capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert proc.returncode == 0 and json.loads(proc.stdout)["phase"] == "play" and not proc.stderr
    proc = subprocess.run([sys.executable, "-m", "perlaggen_core", "replay", str(tmp_path / "none.json")],
                          capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert proc.returncode == 2 and "Traceback" not in proc.stdout + proc.stderr


def test_selfplay_reports_and_records_replay(tmp_path: Path, capsys):
    assert main(["selfplay", "--deals", "30", "--seed", "4", "--records", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 30 and report["deals_per_second"] > 0
    assert sum(report["phases"].values()) == 30
    files = sorted(tmp_path.glob("deal-*.json"))
    assert len(files) == 30
    for path in files[:10]:
        code, out = run_replay(path.read_text())
        assert code == 0 and out["phase"] in ("scored", "game_over")


@pytest.mark.parametrize("variant, seatings", [("innsbruck", 2), ("innsbruck-3", 6), ("straf", 6)])
def test_match_plays_every_seating_and_reports_both_kinds(variant, seatings, capsys):
    assert main(["selfplay", "--match", "rule,random", "--variant", variant, "--deals", "24", "--seed", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == variant and report["seatings"] == seatings
    assert report["deals"] == 24 and set(report["per_seat_deal"]) == {"rule", "random"}
    assert report["net_lead"] == pytest.approx(report["per_seat_deal"]["rule"]["net"]
                                               - report["per_seat_deal"]["random"]["net"], abs=0.002)


def test_strength_seatings_give_each_kind_every_seat():
    from perlaggen_core.rules import get_rules
    from perlaggen_core.strength import seatings

    for name in ("innsbruck", "innsbruck-2", "innsbruck-6", "eichel-3"):
        rules = get_rules(name)
        rows = seatings(rules, "a", "b")
        for seat in range(rules.players):
            assert {row[seat] for row in rows} == {"a", "b"}
        assert sum(row.count("a") for row in rows) == sum(row.count("b") for row in rows)


def test_match_refuses_unknown_kinds(capsys):
    assert main(["selfplay", "--match", "rule,genius"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "match"
