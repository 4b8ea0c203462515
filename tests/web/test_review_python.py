"""The sandbox's review under CPython: worked in slices to the end, the moves and reasons by their
place in the deal, the table at a decision, "play again from here", and the HTML of a review."""
from __future__ import annotations

import re

from review import view as rv
from sandbox import view as sv
from perlaggen_core.players import make_player
from sandbox.controller import HUMAN, Sandbox, Settings
from sandbox.review import DealReview, moves, view_at


def finished_deal(seed: int = 3) -> Sandbox:
    """A sandbox game with its first deal played to the end, the human playing like the rule player."""
    game = Sandbox(Settings(target=11, strength="rule", seed=seed))
    helper = make_player("rule", signals=True)
    for _i in range(500):
        while game.bot_step() is not None:
            pass
        if game.deal.phase.over:
            return game
        if game.before_cut and game.deal.cutter == HUMAN:
            assert game.act({"act": "cut"})[1] is None
        elif game.before_cut:
            game.pass_blind()
        elif game.opening:
            game.pick_up()
        elif game.exchange_open():
            game.act({"act": "keep"})
        else:
            assert game.act(helper.decide(game.deal, HUMAN, game.signals).action.to_dict())[1] is None
    raise AssertionError("the deal did not end")


def test_the_review_works_in_slices_and_lists_every_decision():
    game = finished_deal()
    review = DealReview(game, samples=3)
    slices = 0
    while not review.work(0.0):          # a zero slice does one play-out at a time
        slices += 1
        assert 0 <= review.done <= review.total
    assert slices > review.total          # several play-outs per guessed deal
    mine = [i for i, a in enumerate(game.deal.actions) if a.seat == HUMAN]
    assert [e["index"] for e in review.result["entries"]] == mine
    assert review.fits(game)
    html = sv.controls_html(game, [], {})
    assert 'data-do="review"' in html


def test_moves_and_reasons_by_place_and_the_table_then():
    game = finished_deal()
    lines = moves(game)
    assert sorted(lines) == list(range(len(game.deal.actions)))
    assert all(lines[i]["seat"] == a.seat for i, a in enumerate(game.deal.actions))
    assert all(lines[i]["why"] for i, a in enumerate(game.deal.actions) if a.seat != HUMAN)
    first = next(i for i, a in enumerate(game.deal.actions) if a.seat == HUMAN)
    view = view_at(game, first)
    assert view["seat"] == HUMAN and HUMAN in view["to_act"] and view["seat_names"][HUMAN] == "You"


def test_play_again_from_a_decision():
    game = finished_deal()
    actions = list(game.deal.actions)
    index = [i for i, a in enumerate(actions) if a.seat == HUMAN][1]
    review = DealReview(game, samples=2)
    game.play_from(index)
    assert game.deal.actions == actions[:index] and HUMAN in game.deal.to_act
    assert not review.fits(game)
    assert all(s.after < index for s in game.signals)
    assert game.log.entries[-1]["msg"]["say"].startswith("Deal {n} again from your move")
    try:
        game.play_from(len(game.deal.actions) + 5)
    except ValueError as exc:
        assert "not one of your moves" in str(exc)
    else:
        raise AssertionError("a move that is not the human's was accepted")


def test_review_html():
    game = finished_deal()
    review = DealReview(game, samples=3)
    while not review.work(1.0):
        pass
    data = review.result
    view = sv.reader(game)
    html = rv.review_html(data, view, moves(game), "Review of deal 1")
    assert html.count('class="review-entry"') >= len(data["entries"])
    assert "Every move of the deal" in html and "Why: " in html
    assert re.search(r"Your \d+ decisions?:", html)
    for entry in data["entries"]:
        assert f'data-review="{entry["index"]}"' in html
        assert rv.grade_badge_at(data, entry["index"]).startswith('<span class="grade grade-')
    assert rv.grade_badge_at(data, -1) == "" and rv.grade_badge_at(None, 0) == ""
    only = rv.review_html(data, view, {}, "Review")        # a page without a log: the graded moves only
    assert "review-other" not in only
    assert 'value="3"' in rv.progress_html(3, 10, 1, 5) and "decision 1 of 5" in rv.progress_html(3, 10, 1, 5)
