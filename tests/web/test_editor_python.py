"""The scenario editor as a teacher uses it, in every rule set it offers and in both languages, under
CPython: the rule set changed in the form (the other fields as the form held them), a random deal,
moves recorded with a bet and its answer (each announced as the timeline tells it), a note and a
question, then saved, shared as a link, presented step by step and printed.

The page's own glue (editor_page.py, in the browser) only reads the form and calls these; the
browser sweep (tests/browser/test_sweep.py) drives it there."""
from __future__ import annotations

import re

import pytest

from editor import view as ev
from common import i18n
from editor import lessonstep
from teacher import view as tview
from editor.controller import Editor, variants
from teacher.handout import handout_html
from perlaggen_core.scenario import from_link, load_scenario, to_link
from teacher.presenter import Presenter
from tools import i18n as tools_i18n
from common.pagewords import card_names

LANGS = ("en", "de")


@pytest.fixture(scope="module", params=LANGS)
def lang(request, tmp_path_factory):
    """The page's language: German from the compiled catalog, as the German pages read it."""
    out = tmp_path_factory.mktemp("locale")
    tools_i18n.compile_all(out, list(LANGS))
    i18n.use(request.param, out)
    yield request.param
    i18n.use("en")


def form_fields(html: str) -> tuple[int, list[int], int | None]:
    """What the position form holds, as editor_page.settings reads it: the dealer, the score fields
    (data-score) and the target (none where the game counts down to 0)."""
    form = html.split('data-e-form="settings"')[1].split("</form>")[0]
    dealer = int(re.search(r'name="dealer">.*?<option value="(\d+)" selected', form).group(1))
    scores = [int(v) for v in re.findall(r'data-score="\d+"[^>]*value="(-?\d+)"', form)]
    target = re.search(r'name="target"[^>]*value="(-?\d+)"', form)
    return dealer, scores, int(target.group(1)) if target else None


def switched_to(variant: str) -> Editor:
    """An editor opened on the default rule set, then the rule set chosen in its form."""
    editor = Editor()
    dealer, scores, target = form_fields(ev.setup_html(editor, card_names(), []))
    editor.settings(variant, dealer, scores, target)
    return editor


@pytest.mark.parametrize("variant", variants())
def test_choosing_a_rule_set_gives_its_own_form_and_a_random_deal_that_fits(variant, lang):
    """Before: a three-player rule set kept the old scores (IndexError drawing the form), the random
    deal raised again, and Strafperlaggen kept a target of 18 it cannot have."""
    editor = switched_to(variant)
    names = card_names()
    html = ev.setup_html(editor, names, [])
    dealer, scores, target = form_fields(html)
    assert len(scores) == editor.rules.teams and scores == [editor.rules.start_score] * editor.rules.teams
    assert (target is None) == editor.rules.count_down
    editor.settings(variant, (dealer + 1) % editor.players, scores, target)   # a field changed in the new form
    editor.deal_seeded(4)
    assert editor.problems() == [], [ev.problem_text(p, editor) for p in editor.problems()]
    dealer, scores, target = form_fields(ev.setup_html(editor, names, []))
    editor.settings(variant, dealer, scores + [5], target)         # a stale field too many changes nothing
    assert editor.scores == scores and editor.problems() == []


def record(editor: Editor, action) -> str:
    """Record a move as the page does and return its announcement (the timeline's words)."""
    assert editor.act(action) is None, action
    return tview.say(editor.last_move, ev.reader_view(editor))


def bet_and_answer(editor: Editor) -> list[str]:
    """A bet by the first seat that may make one, then an answer by the first seat asked."""
    told = []
    bettor = next(s for s in range(editor.players) if any(a.act == "bet" for a in editor.choices(s)))
    told.append(record(editor, next(a for a in editor.choices(bettor) if a.act == "bet")))
    editor.follow()
    answer = next(a for a in editor.choices(editor.actor) if a.act in ("hold", "good", "raise"))
    told.append(record(editor, answer))
    return told


@pytest.mark.parametrize("variant", variants())
def test_a_teacher_builds_records_saves_shares_and_presents_a_scenario(variant, lang):
    names = card_names()
    editor = switched_to(variant)
    editor.deal_seeded(4)
    editor.begin()
    told = bet_and_answer(editor)
    assert all(told) and all("{" not in t for t in told)
    editor.set_note(1, "Wer hält?" if lang == "de" else "Who holds?", ask=True, answer="Ost" if lang == "de" else "East")
    for _turn in range(300):
        if editor.deal.phase.over:
            break
        seat = editor.actor
        options = [a for c in editor.hand(seat) for a in editor.card_options(seat, c)] + editor.choices(seat)
        told.append(record(editor, options[0]))
        assert ev.record_html(editor, names)
    assert editor.deal.phase.over
    editor.look_at(1)
    assert "data-look" in ev.record_html(editor, names)
    editor.set_note(editor.steps, "Das Ende." if lang == "de" else "The end.")
    editor.title = variant
    doc = editor.to_doc()                                  # "Save in this browser" and "Present" keep this
    scenario = from_link(to_link(load_scenario(doc)))      # "Copy the link"
    assert scenario.note_at(1).ask and scenario.actions == doc["actions"]
    presenter = Presenter(scenario)
    for step in range(presenter.last + 1):
        presenter.forward() if step else presenter.go(0)
        view = presenter.view()
        assert tview.table_html(view, names).count('class="t-seat') == presenter.players
        assert tview.note_html(presenter, view, lang) and tview.timeline_html(presenter, view)
        assert tview.controls_html(presenter)
    assert handout_html(presenter, names, lang)
    assert lessonstep.lesson_step_toml(scenario, 1, lang)
