"""The teacher page's review under CPython: the seat offered, a seat with nothing to review, the
review worked in slices for a finished deal and for one the scenario stops in, grade badges in the
timeline (never beside a move a question still hides) and the reason beside the note."""
from __future__ import annotations

from pathlib import Path

from teacher import review as trv
from teacher import view as tview
from perlaggen_core.scenario import load_dir
from teacher.presenter import Presenter

ROOT = Path(__file__).resolve().parents[2]
BY_ID = {s.id: s for s in load_dir(ROOT / "scenarios")}


def worked(p: Presenter, seat: int, samples: int = 2) -> trv.ScenarioReview:
    review = trv.ScenarioReview(p, seat, samples=samples)
    slices = 0
    while not review.work(0.0):
        slices += 1
        assert 0 <= review.job.done <= review.job.total
    assert slices > 1
    return review


def test_the_seat_offered_and_a_seat_without_moves():
    p = Presenter(BY_ID["example-6"])
    assert trv.default_seat(p) == p.scenario.bottom
    assert trv.refusal(p, p.scenario.bottom) is None
    both = Presenter(BY_ID["both-gestrichen"])      # the bottom seat makes no move there
    bottom = both.scenario.bottom
    assert trv.decisions(both, bottom) == 0 and trv.refusal(both, bottom)
    assert trv.decisions(both, trv.default_seat(both)) > 0
    html = trv.tool_html(both, bottom, None)
    assert 'id="review-seat"' in html and 'data-do="review" aria-describedby="review-why" disabled' in html


def test_a_finished_deal_reviewed_badges_and_reason():
    p = Presenter(BY_ID["example-6"])
    seat = p.scenario.bottom
    review = worked(p, seat)
    mine = [m.index for m in p.replay.moves if m.action.seat == seat]
    assert [e["index"] for e in review.result["entries"]] == mine
    p.go(p.last)
    view = p.view()
    timeline = tview.timeline_html(p, view, review.result)
    assert timeline.count('class="grade grade-') == len(mine)
    p.go(mine[0] + 1)                               # the step after the seat's first move
    panel = trv.panel_html(p, review, p.view())
    assert 'class="t-verdict"' in panel and f'data-grade="{review.result["entries"][0]["grade"]}"' in panel
    p.go(0)
    assert 'class="t-verdict"' not in trv.panel_html(p, review, p.view())
    tool = trv.tool_html(p, seat, review)
    assert 'data-do="review-hide"' in tool and 'data-do="review" aria-describedby="review-why" disabled' in tool


def test_the_progress_while_working():
    p = Presenter(BY_ID["example-6"])
    review = trv.ScenarioReview(p, p.scenario.bottom, samples=2)
    review.work(0.0)
    assert 'id="review-bar"' in trv.panel_html(p, review, p.view())
    assert "disabled" in trv.tool_html(p, p.scenario.bottom, review).split('id="review-seat"')[1].split(">")[0]


def test_a_scenario_that_stops_mid_deal_is_reviewed_up_to_its_last_move():
    p = Presenter(BY_ID["example-1"])               # stops after four cards, with questions
    assert not p.replay.deal(p.last).phase.over
    assert trv.scope_text(p) != trv.scope_text(Presenter(BY_ID["example-6"]))
    review = worked(p, p.scenario.bottom)
    assert len(review.result["entries"]) == trv.decisions(p, p.scenario.bottom)
    hidden = p.hidden_after()                       # a question still waits: its moves stay hidden
    timeline = tview.timeline_html(p, p.view(), review.result)
    hidden_moves = [m.index for m in p.replay.moves if m.index + 1 > hidden and m.action.seat == p.scenario.bottom]
    assert hidden_moves
    assert timeline.count('class="grade grade-') == len(review.result["entries"]) - len(hidden_moves)
