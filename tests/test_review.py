"""The review of a deal: a clearly wrong decision is graded worst, sound play has no mistakes, and
the review is deterministic, explained in words and on the command line."""
from __future__ import annotations

import io
import json

import pytest

from perlaggen_core import Action, Deal
from perlaggen_core.__main__ import main
from perlaggen_core.players import Table, next_decision, play_out
from perlaggen_core.players.rule import RulePlayer
from perlaggen_core.review import GRADES, NOT_GRADED, THRESHOLDS, Reviewer, best_move, review_deal
from perlaggen_core.review.cli import review_file
from perlaggen_core.signals import SignalLog
from perlaggen_core.words import render

from helpers import make

SAMPLES = 12
# Leaves are trumps (L8 turned): the Perlaggen are HK S6 S7 E7 L7 LU LO. Dealer 3, seat 0 leads.
FIVE_ACES = ["HA EA SA HK S6", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E9 S8 HU"]
# tricks 1-4 end 2-2 and the Spiel is held at 3; seat 0 has only the Weli left for the last trick
LAST_TRICK = ["H8 E8 S10 S6 LA", "HU HK S8 S9 LU", "E7 SA EU L10 SO", "HO S7 H9 L7 EA"]
LAST_TRICK_PLAY = ("0 play H8; 1 play HU; 2 play L10; 3 play H9; 2 play SA; 3 play HO; 0 play S10; 1 play S8;"
                   "2 play E7=SK; 3 play L7=SA; 0 play LA; 1 play LU=LA; 1 play HK=LA; 2 play EU; 3 play EA;"
                   "0 play E8; 1 play S9; 2 play SO; 3 play S7=SA; 2 bet spiel; 1 raise spiel; 2 hold spiel")


def finished(deal: Deal, *moves: str) -> Deal:
    for text in moves:
        deal.apply(Action.from_text(text))
    return play_out(deal, [RulePlayer()] * deal.n)


def worst(review):
    return max(review.entries, key=lambda e: e.loss)


def test_conceding_a_gleich_that_cannot_lose_is_a_blunder():
    # five Aces (three natural, two Perlaggen) is the best Gleich there is; the Spiel was conceded at once
    deal = finished(make(FIVE_ACES, actions="1 good spiel"), "0 good gleich")
    review = review_deal(deal, 0, samples=SAMPLES, seed=1)
    bad = worst(review)
    assert bad.action == Action(0, "good", figure="gleich") and bad.grade == "blunder", bad
    assert bad.reason.code == "review.better" and bad.reason["why"]["figure"] == "gleich"
    assert review.costliest(1) == [bad]


def test_an_unbaptised_perlagg_in_a_trick_it_would_win_is_a_blunder():
    deal = finished(make(LAST_TRICK, actions=LAST_TRICK_PLAY), "0 play S6")
    review = review_deal(deal, 0, samples=SAMPLES, seed=1)
    bad = worst(review)
    assert bad.action == Action(0, "play", card="S6") and bad.grade == "blunder", bad
    assert bad.best.card == "S6" and bad.best.baptism is not None     # the same card, named
    assert bad.reason["why"].code == "review.why.trick"
    why = bad.reason["why"]
    # counts say what was done: every one of the guessed deals played out, not "of 100"
    assert why["of"] == bad.samples and why["better_in"] == why["of"] and why["taken_in"] == 0
    assert "Weli" in render(bad.reason)
    assert all(e.loss < bad.loss - 3 for e in review.entries if e is not bad)


def test_a_bet_that_must_be_penalised_is_a_blunder():
    # no pair, no Perlagg: this hand can never show a Gleich, so the bet costs the penalty
    deal = finished(make(["HA E9 S8 LK H10", "LA H9 E10 S10 HO", "LU EK EO SK H8", "S7 HK E8 S9 HU"]),
                    "0 bet gleich")
    assert deal.penalties and deal.penalties[0].team == 0
    review = review_deal(deal, 0, samples=SAMPLES, seed=1)
    bad = worst(review)
    assert bad.action == Action(0, "bet", figure="gleich") and bad.grade == "blunder"
    assert bad.reason["why"].code == "review.why.penalty"
    assert bad.taken < bad.best_points - THRESHOLDS["blunder"]


def test_a_hopeless_bet_in_strafperlaggen_is_a_blunder_told_to_a_player_alone():
    # three players, each alone: no run in seat 0's hand, so the Hanger bet cannot be shown
    hands = ["LK SK H8 E10 SU S9 HA", "HO SO H10 L8 EK LA H7", "EA SA E9 S10 E8 L10 S8"]
    deal = finished(make(hands, trump="L9", dealer=2, variant="straf"), "0 bet hanger")
    assert [p.kind for p in deal.penalties if p.team == 0] == ["no_example"] and deal.penalties[0].points > 0
    review = review_deal(deal, 0, samples=SAMPLES, seed=1)
    bad = worst(review)
    assert bad.action == Action(0, "bet", figure="hanger") and bad.grade == "blunder", bad
    assert bad.reason["why"].code in ("review.why.wins.alone", "review.why.worth.alone", "review.why.straf")
    assert "team" not in render(bad.reason)


def flawless(deal: Deal, seat: int = 0) -> Deal:
    """The deal played out with `seat` making the review's own best move whenever it is awaited."""
    players = [RulePlayer()] * deal.n
    table = Table(players)
    for turn in range(200):
        if deal.phase.over:
            return deal
        move = best_move(deal, seat, samples=SAMPLES, seed=turn) if seat in deal.to_act else None
        deal.apply(move if move is not None else next_decision(deal, players, table)[1].action)
    raise AssertionError("the deal did not finish")


@pytest.mark.parametrize("moves", ["1 good spiel", ""])
def test_flawless_play_has_no_mistakes(moves):
    deal = flawless(make(FIVE_ACES if moves else LAST_TRICK, actions=moves))
    review = review_deal(deal, 0, samples=SAMPLES, seed=9)
    assert not [e for e in review.entries if e.grade in ("mistake", "blunder")], \
        [(str(e.action), e.grade, round(e.loss, 2)) for e in review.entries]


def test_the_review_is_deterministic_and_reports_progress():
    deal = finished(make(FIVE_ACES, actions="1 good spiel"), "0 good gleich")
    reviewer = Reviewer(deal, 0, samples=3, seed=3)
    progress = list(reviewer.run())
    assert progress == sorted(progress) and progress[-1] == reviewer.total
    first = reviewer.result().to_dict()
    assert first == review_deal(deal, 0, samples=3, seed=3).to_dict()
    assert first != review_deal(deal, 0, samples=3, seed=4).to_dict()
    entry = first["entries"][0]
    assert set(entry) >= {"index", "action", "grade", "reason", "taken_points", "best", "best_points", "loss"}
    assert all(e["grade"] in GRADES + NOT_GRADED for e in first["entries"])


def test_blind_bets_and_forced_moves_are_not_graded():
    deal = make(LAST_TRICK, actions="0 bet gleich blind")
    finished(deal)
    review = review_deal(deal, 0, samples=2, seed=1)
    assert review.entries[0].grade == "blind" and not review.entries[0].graded
    assert render(review.entries[0].reason).startswith("a blind bet")
    assert all(e.grade != "blind" for e in review.entries[1:])
    forced = finished(make(FIVE_ACES, actions="1 good spiel; 0 good gleich; 0 good hanger"))
    assert {e.grade for e in review_deal(forced, 0, samples=2).entries[2:]} <= {"forced", "best"}


@pytest.mark.parametrize("seat", [0, 1])
def test_review_command_prints_json(tmp_path, capsys, seat):
    deal = finished(make(FIVE_ACES, actions="1 good spiel"), "0 good gleich")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({**deal.to_record(), "signals": []}))
    assert main(["review", str(path), "--seat", str(seat), "--samples", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == seat and out["samples"] == 3
    assert all(e["action"]["seat"] == seat and e["text"] for e in out["entries"])


def test_review_command_errors(tmp_path):
    out = io.StringIO()
    assert review_file(str(tmp_path / "missing.json"), 0, 2, 0, out) == 2
    assert json.loads(out.getvalue())["error"]["field"] == "file"
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({**make(FIVE_ACES).to_record(), "actions": [{"seat": 3, "act": "play", "card": "S7"}]}))
    out = io.StringIO()
    assert review_file(str(path), 0, 2, 0, out) == 1
    assert json.loads(out.getvalue())["error"]["index"] == 0
    path.write_text(json.dumps(make(FIVE_ACES).to_record()))
    out = io.StringIO()
    assert review_file(str(path), 9, 2, 0, out) == 2
    assert json.loads(out.getvalue())["error"]["field"] == "seat"
