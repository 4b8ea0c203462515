"""The end of a deal on the pages (under CPython): the proofs face up at the seats, as lines of the
log and the summary, in the review, on the teacher's table, and every hand as dealt behind "Show
all hands", in English and German; none of it before the deal is over."""
from __future__ import annotations

import pytest

from common import i18n
from common import proofview as pv
from review import view as rv
from sandbox import view as sv
from teacher import view as tview
from perlaggen_core.scenario import load_dir
from teacher.presenter import Presenter
from sandbox.controller import Sandbox
from tests.helpers import HANGER_BLUFF
from tools import i18n as tools_i18n
from tools.project import ROOT
from common.pagewords import card_names

RECORD = HANGER_BLUFF   # you (seat 0) bet the Hanger in the show without one; East takes it


def ended() -> Sandbox:
    game = Sandbox.from_position(RECORD, 0)
    view = game.view()
    assert sv.table_view(game, card_names())["seat_extras"] == [sv.seat_signs(game, s) + pv.shown_html(
        view, s, sv.card_drawer(view, card_names())) for s in range(4)]   # nothing of the proofs yet
    assert "all-hands" not in sv.summary_html(game) and "proof" not in sv.summary_html(game)
    events, refusal = game.act({"act": "done"})
    assert refusal is None and game.deal.phase.over
    return game


@pytest.fixture
def german(tmp_path):
    tools_i18n.compile_all(tmp_path, ["en", "de"])
    i18n.use("de", tmp_path)
    yield
    i18n.use("en")


def test_the_table_shows_each_proof_face_up_at_its_seat():
    game = ended()
    extras = sv.table_view(game, card_names())["seat_extras"]
    assert 'class="proof failed"' in extras[0] and "Hanger not shown: penalty of 2 points" in extras[0]
    assert 'aria-label="Ace of hearts"' in extras[0]                   # what seat 0 still held, face up
    assert 'class="proof ok"' in extras[3] and 'data-kind="takes"' in extras[3]
    assert "Hanger taken over: a two-card run up to the Ace" in extras[3]
    assert "played as King of acorns" in extras[3]                      # the Schell-Spitz's baptism
    assert "proof" not in extras[1] + extras[2]


def test_the_log_has_a_line_per_proof_and_the_summary_lists_them_with_all_hands():
    game = ended()
    view = sv.reader(game)
    lines = [sv.log_item(e, view) for e in game.log.entries if e["msg"].get("code", "").startswith("proof.")]
    assert len(lines) == 2
    assert "You cannot show a Hanger. Us: 2 points off" in lines[0] and "proof-failed" in lines[0]
    assert "East shows the Hanger, a two-card run up to the Ace" in lines[1] and "It goes to Them." in lines[1]
    summary = sv.summary_html(game)
    assert summary.count('<li class="failed"') == 1 and summary.count('<li class="ok"') == 1
    assert "<summary>Show all hands</summary>" in summary
    for seat, hand in enumerate(RECORD["hands"]):          # every hand, as dealt: the played cards too
        row = summary.split(f'<li data-seat="{seat}">')[1].split("</ol></li>")[0]
        assert row.count('<li><span class="card') == len(hand)


def test_the_review_ends_with_the_proofs_and_all_hands():
    game = ended()
    view = sv.reader(game)
    review = {"entries": [], "counts": {}, "costliest": [], "samples": 4}
    html = rv.review_html(review, view, {}, "Review", sv.deal_end_html(view, card_names()))
    assert "Proofs: the bets shown face up" in html and "Show all hands" in html


def test_the_end_of_a_deal_in_german(german):
    game = ended()
    view = sv.reader(game)
    extras = sv.table_view(game, card_names())["seat_extras"]
    assert "Hanger nicht vorgezeigt: 2 Strafpunkte" in extras[0]
    log = " ".join(sv.log_item(e, view) for e in game.log.entries)
    assert "Du kannst den Hanger nicht vorzeigen. Wir: minus 2 als Strafe" in log
    assert "Alle Karten aufdecken" in sv.summary_html(game)


def test_the_teacher_sees_the_proofs_at_the_end_of_a_deal_and_the_hands_as_dealt():
    scenario = {s.id: s for s in load_dir(ROOT / "scenarios")}["a-bluff-in-the-show"]
    p = Presenter(scenario)
    p.go(p.last - 1)
    before = tview.table_html(p.view(), card_names()) + tview.note_html(p, p.view(), "en", card_names())
    assert "proof" not in before and "all-hands" not in before
    p.go(p.last)
    view = p.view()
    table = tview.table_html(view, card_names())
    assert table.count('class="proof failed"') == 1 and table.count('class="proof ok"') == 1
    note = tview.note_html(p, view, "en", card_names())
    assert note.count('class="failed"') == 1 and "Show all hands" in note
    assert "cannot show" not in note.split('<section class="proofs">')[0]   # once, in the list, not the news
    assert not {m.code for m in p.move().news()} & {"event.turn", "event.turn.one", "event.show_begins"}  # nobody shows now


def test_cards_laid_face_up_leave_the_hand():
    game = ended()
    view = sv.table_view(game, card_names())
    assert view["hand_sizes"] == [0, 2, 5, 3]      # you laid all; West showed three; East proved with two
    assert 'data-card=' not in sv.hand_html(game, view, card_names())
