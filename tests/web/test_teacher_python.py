"""The teacher page's Python under CPython: the presenter, its HTML and handout, the editor, the
lesson-step export, the saved list and the hand-over to the sandbox."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from editor import view as ev
from editor import lessonstep
from teacher import presenter as pres
from sandbox import controller as sandbox
from teacher import store as teacher_store
from teacher import view as tview
from common.turning import turned
from editor.controller import PACK, TRUMP, Editor, variants
from teacher.handout import handout_html
from perlaggen_core import Action, Deal, get_rules
from perlaggen_core.lesson import LessonError, load_lesson
from perlaggen_core.scenario import ScenarioError, encode, from_link, load_dir, load_scenario, text_of, to_link
from teacher.presenter import Presenter
from common.pagewords import card_names

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = load_dir(ROOT / "scenarios")
BY_ID = {s.id: s for s in SCENARIOS}
NAMES = card_names()


def test_constants_shared_with_the_sandbox_agree():
    assert pres.PLAY_ON_VARIANTS == sandbox.VARIANTS


# ---------------------------------------------------------------------- the presenter
def test_steps_tricks_and_the_ends():
    p = Presenter(BY_ID["example-3"])
    assert (p.step, p.last) == (0, 14)
    assert p.next_trick() == 8 and p.next_trick() == 14 and p.next_trick() == 14
    assert p.previous_trick() == 8 and p.previous_trick() == 0
    assert p.forward() == 1 and p.back() == 0 and p.back() == 0
    assert p.go(99) == 14 and p.go(-3) == 0


def test_a_question_hides_the_moves_after_it_until_the_reveal():
    p = Presenter(BY_ID["example-1"])         # questions at steps 2 and 3
    assert p.hidden_after() == 2
    p.go(2)
    assert p.question() is not None and p.answered() is None
    p.forward()
    assert p.question() is not None and p.answered().at == 2 and 2 in p.revealed
    assert p.hidden_after() == 3
    p.forward()
    assert p.hidden_after() is None and p.answered().at == 3
    p.go(2)
    assert p.question() is None, "a question already answered does not stop the class again"


def parts(html: str) -> dict[str, str]:
    """The note panel's parts by their data-part, as text (tags dropped), in the order shown."""
    found = re.findall(r'data-part="(\w+)">(.*?)</(?:div|p)>(?=<(?:div|p) |$)', html)
    return {name: re.sub(r"<[^>]+>", " ", body) for name, body in found}


def test_the_revealed_answer_is_the_answer_text_and_the_move_stays_the_move():
    """Before: the box titled "The answer" held the next move, and the real answer came after it."""
    p = Presenter(BY_ID["example-6"])
    p.go(9)
    before = tview.note_html(p, p.view(), "en")
    assert 'data-part="question"' in before and 'data-part="hint"' in before
    p.forward()
    html = tview.note_html(p, p.view(), "en")
    answer, move = html.index('data-part="answer"'), html.index('data-part="move"')
    assert answer < move
    shown = parts(html)
    assert "may not improve a figure it left level" in shown["answer"] and "South shows" not in shown["answer"]
    assert "South shows the King of acorns" in shown["move"]
    doc = {"title": "t", "dealer": 3, "trump_card": "L8",
           "hands": [["L10", "H9", "H8", "S9", "E9"], ["LA", "HA", "SA", "EA", "E8"],
                     ["LU", "HO", "SO", "EO", "E10"], ["S7", "SK", "EK", "HU", "S10"]],
           "actions": ["0 play L10", "1 play LA"], "notes": [{"at": 1, "text": "What now?", "ask": True}]}
    q = Presenter(load_scenario(doc))
    q.go(2)
    shown = parts(tview.note_html(q, q.view(), "en"))     # no answer text: the move is the answer
    assert "Ace of leaves" in shown["answer"] and "move" not in shown


def test_hands_and_notes_toggle():
    p = Presenter(BY_ID["example-6"])
    assert p.open == {0, 1, 2, 3}
    assert [p.names[p.seat_of_key(k)] for k in (1, 2, 3, 4)] == ["South", "West", "North", "East"]
    assert p.toggle_seat(3) is False and p.view()["open"] == [0, 1, 2]
    p.hide_all()
    assert p.view()["open"] == []
    p.open_all()
    p.go(12)
    assert p.highlight() == ["HK", "E7"]
    p.toggle_notes()
    assert p.highlight() == [] and "The notes are hidden" in tview.note_html(p, p.view(), "en")


def test_seat_names_follow_the_bottom_seat():
    assert pres.seat_names(4, 2) == ["North", "East", "South", "West"]
    assert pres.seat_names(4, 0) == ["South", "West", "North", "East"]
    assert pres.team_names(4, 2, pres.seat_names(4, 0)) == ["North and South", "East and West"]
    assert pres.team_names(4, 2, pres.seat_names(4, 1)) == ["East and West", "North and South"]
    assert pres.seat_names(2, 0) == ["South", "North"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_every_step_of_every_built_in_scenario_renders(scenario):
    p = Presenter(scenario)
    for step in range(p.last + 1):
        p.go(step)
        view = p.view()
        html = tview.table_html(view, NAMES) + tview.note_html(p, view, "en") + tview.controls_html(p)
        assert html.count('class="t-seat') == p.players
    html = handout_html(p, NAMES, "en")
    assert text_of(scenario.title) in html and html.count("<li value=") == p.last


def test_hidden_hands_show_only_how_many_cards():
    p = Presenter(BY_ID["example-1"])
    p.toggle_seat(0)
    html = tview.table_html(p.view(), NAMES)
    north = html.split('data-seat="0"')[1].split("</section>")[0]
    assert "5 cards in hand, hidden" in north and "Ten of leaves" not in north


def test_the_teacher_s_words_are_text_never_markup():
    doc = {"title": "<img src=x onerror=alert(1)>", "dealer": 3, "trump_card": "L8",
           "hands": [["L10", "H9", "H8", "S9", "E9"], ["LA", "HA", "SA", "EA", "E8"],
                     ["LU", "HO", "SO", "EO", "E10"], ["S7", "SK", "EK", "HU", "S10"]],
           "actions": ["0 play L10"], "notes": [{"at": 0, "text": "<script>alert(1)</script>\nline two",
                                                 "ask": True, "answer": "<b>x</b>"}]}
    p = Presenter(from_link(to_link(load_scenario(doc))))
    html = tview.note_html(p, p.view(), "en") + handout_html(p, NAMES, "en")
    assert "<script>" not in html and "<img" not in html and "<b>x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;<br>line two" in html


def test_a_link_with_an_illegal_move_says_which_move_by_whom_and_why_in_a_teacher_s_words():
    """Before: "actions.1: the rules refuse this action: ...". Now the move, by its seat's compass
    name, and the rule's reason; the field path only as the detail."""
    doc = json.loads(json.dumps(BY_ID["example-1"].to_json()))      # a copy: to_json shares the record
    doc["actions"][1] = {"seat": 1, "act": "play", "card": "HA"}
    doc["notes"] = []
    with pytest.raises(ScenarioError) as info:
        from_link(encode(doc))     # a link made by hand, or by an older site
    text, detail = tview.problem_words(info.value)
    assert text.startswith("Move 2 is not allowed: East plays the Ace of hearts.") and "To East" not in text
    assert "The rules say to East: You hold a natural card of the suit led (leaves)" in text
    assert "actions" not in text and detail == "actions.1"


def test_play_on_is_refused_with_a_reason_where_the_sandbox_cannot_follow():
    p = Presenter(BY_ID["example-6"])
    assert p.play_on_refusal() is None
    p.go(p.last)
    assert "deal is over" in p.play_on_refusal()
    six = load_scenario({"title": "six", "variant": "innsbruck-6", "seed": 3})
    assert Presenter(six).play_on_refusal() is None           # the sandbox plays every table size
    play_on = load_scenario({"title": "second place", "variant": "straf-2", "seed": 3})
    assert "rule set" in Presenter(play_on).play_on_refusal()


@pytest.mark.parametrize("name, step", [("example-3", 8), ("example-4", 8), ("naming-a-perlagg", 1)])
def test_play_on_hands_the_sandbox_the_same_position_with_the_teacher_at_the_bottom(name, step):
    p = Presenter(BY_ID[name])
    p.go(step)
    seat = p.default_player()
    handoff = json.loads(json.dumps(p.handoff(seat)))
    game = sandbox.Sandbox.from_position(handoff["record"], handoff["human"])
    here = p.deal()
    assert game.view()["hand"] == here.hands[seat]
    assert len(game.deal.actions) == step and game.deal.phase == here.phase
    assert game.human_to_act() and not game.opening
    turned_view, view = game.deal.view(None), here.view(None)
    assert turned_view["figures"] == view["figures"]
    assert sandbox.Sandbox.from_dict(json.loads(json.dumps(game.to_dict()))).deal.to_act == game.deal.to_act
    from sandbox import view as sandbox_view
    assert game.seed is None and "None" not in sandbox_view.game_line(game)   # a position has no deal seed


def test_turning_a_record_keeps_the_deal():
    record = BY_ID["example-7"].record
    for seat in range(4):
        deal = Deal.from_record(turned(record, seat))
        assert deal.phase.value == "game_over"
        assert deal.game_winner == (0 + seat) % 2 and deal.scores == ([18, 9] if seat % 2 == 0 else [9, 18])


# ---------------------------------------------------------------------- the editor
def build_small(editor: Editor) -> None:
    """A position given card by card, as the browser test clicks it."""
    hands = [["L10", "H9", "H8", "S9", "E9"], ["LA", "HA", "SA", "EA", "E8"],
             ["LU", "HO", "SO", "EO", "E10"], ["S7", "SK", "EK", "HU", "S10"]]
    for seat, hand in enumerate(hands):
        editor.destination = str(seat)
        for card in hand:
            editor.place(card)
    editor.destination = TRUMP
    editor.place("L8")


def test_the_editor_says_what_is_wrong_with_the_position_in_words():
    editor = Editor()
    assert ev.problem_text(editor.problems()[0], editor) == "Choose the trump card: the card turned up after the deal."
    editor.destination = "2"
    for card in ("HA", "HK", "HO", "HU", "H10", "H9"):
        editor.place(card)
    texts = [ev.problem_text(p, editor) for p in editor.problems()]
    assert "There are six cards in the hand of North; it needs 5." in texts or \
        "There are 6 cards in the hand of North; it needs 5." in texts
    editor.place("H9")                        # a second click takes it back
    assert editor.places["H9"] == PACK and len(editor.hand(2)) == 5
    editor.destination = TRUMP
    editor.place("L8")
    editor.place("L9")                        # one turned card: the new one replaces it
    assert editor.trump_card() == "L9" and editor.places["L8"] == PACK
    editor.place("HA")                        # from a hand to the trump card
    assert editor.trump_card() == "HA" and "HA" not in editor.hand(2)


def test_build_record_annotate_and_share():
    editor = Editor()
    build_small(editor)
    assert editor.problems() == []
    editor.dealer = 3
    editor.begin()
    assert editor.actor == 0
    refused = editor.act(Action.from_text("1 play LA"))
    assert refused is not None and "turn" in ev.refusal(refused, editor)
    assert [o.baptism for o in editor.card_options(0, "L10")] == [None]
    for text in ("0 play L10", "1 play LA", "2 play LU=LA"):
        assert editor.act(Action.from_text(text)) is None
    editor.set_note(2, "What does South play?", ask=True, answer="The Unter as the Ace.")
    editor.set_note(3, "South wins for now.")
    editor.title = "Small"
    doc = editor.to_doc()
    back = from_link(to_link(load_scenario(doc)))
    assert back.steps == 3 and back.note_at(2).ask and back.note_at(3).text == "South wins for now."
    editor.undo()
    assert 3 not in editor.notes and editor.steps == 2
    html = ev.record_html(editor, NAMES)
    assert 'data-pick="' in html and "Note after move 2" in html


def test_the_editor_copies_a_built_in_scenario_faithfully():
    for scenario in SCENARIOS:
        editor = Editor.from_scenario(scenario, "en")
        doc = load_scenario(editor.to_doc())
        assert doc.actions == scenario.actions
        assert [(n.at, n.text, n.ask) for n in doc.notes] == [(n.at, text_of(n.text), n.ask) for n in scenario.notes]
        assert ev.setup_html(Editor.from_scenario(scenario, "en"), NAMES, [])


def test_a_seeded_deal_in_the_editor_is_the_engine_s():
    editor = Editor()
    editor.deal_seeded(7)
    start = editor.start()
    assert editor.problems() == [] and Deal(start).view(None, reveal=True)["hands"] == [list(h) for h in start.hands]


@pytest.mark.parametrize("variant", variants())
def test_the_editor_records_a_whole_deal_in_every_rule_set(variant):
    """A seeded position of each rule set, recorded to the end of the deal through the legal moves the
    editor offers (the first card or choice of the seat the game waits for), shared as a link and
    replayed by the engine to the same end."""
    editor = Editor(variant)
    editor.deal_seeded(5)
    assert editor.problems() == [] and editor.players == editor.rules.players
    editor.begin()
    for _turn in range(300):
        if editor.deal.phase.over:
            break
        seat = editor.actor
        options = [a for c in editor.hand(seat) for a in editor.card_options(seat, c)] + editor.choices(seat)
        assert options, f"{variant}: nothing offered to seat {seat} in {editor.deal.phase}"
        assert editor.act(options[0]) is None
    assert editor.deal.phase.over, variant
    editor.title = variant
    back = from_link(to_link(load_scenario(editor.to_doc())))
    assert back.variant == variant and back.actions == editor.to_doc()["actions"]
    assert back.replay().deals[-1].scores == editor.deal.scores


# ---------------------------------------------------------------------- lesson steps, the saved list
@pytest.mark.parametrize("name, step", [("example-1", 2), ("example-6", 12), ("the-fifth-trick", 17)])
def test_a_lesson_step_exported_from_a_scenario_loads_as_a_lesson_once_its_texts_are_written(name, step):
    text = 'id = "x"\ntitle = { en = "X", de = "X" }\n' + lessonstep.lesson_step_toml(BY_ID[name], step)
    with pytest.raises(LessonError) as info:       # the placeholders never reach a learner
        load_lesson(tomllib.loads(text), "exported.toml")
    assert info.value.file == "exported.toml" and info.value.field in ("goal", "hints[0]", "success")
    lesson = load_lesson(tomllib.loads(text.replace("TODO: ", "Written: ")), "exported.toml")
    move = Action.from_dict(BY_ID[name].actions[step])
    assert lesson.steps[0].solution == str(Action.from_dict({**move.to_dict(), "seat": 0}))
    assert lesson.steps[0].learner == 0
    assert lessonstep.lesson_step_toml(BY_ID[name], BY_ID[name].steps) is None


def test_the_saved_list_keeps_what_no_longer_loads():
    store = teacher_store.Store()
    key = store.put(BY_ID["example-2"].to_json())
    broken = store.put({"title": "old", "hands": "nonsense"})
    assert (key, broken) == ("m1", "m2")
    entries = store.entries("en")
    assert entries[0]["error"] is None and entries[1]["error"].field == "trump_card"
    again = teacher_store.Store.from_json(store.to_json())
    assert again.get("m2") == {"title": "old", "hands": "nonsense"}
    again.remove("m1")
    assert again.put(BY_ID["example-1"].to_json()) == "m3"
    assert teacher_store.Store.from_json("{not json").items == []


def test_a_giltspiel_handout_has_no_perlaggen_line_and_names_no_martl():
    """Giltspiel has no Perlaggen: the handout says so instead of an empty Perlaggen list, and the
    King of hearts is no Martl there (the page names cards by the scenario's rule set)."""
    scenario = BY_ID["giltspiel-example-1"]
    p = Presenter(scenario)
    names = card_names(get_rules("giltspiel"))
    html = handout_html(p, names, "en")
    assert "Perlaggen (★)" not in html and "No Perlaggen" in html
    assert "Martl" not in html + tview.table_html(p.view(), names)
    innsbruck = handout_html(Presenter(BY_ID["example-1"]), card_names(get_rules("innsbruck")), "en")
    assert "Perlaggen (★): " in innsbruck


def test_a_scenario_begun_before_the_cut_renders_the_window_and_prints_the_deal():
    """A record from a deal begun before the cut (a sandbox deal, say) plays on the teacher page: its
    first step shows nothing of the cut, the handout prints the deal as it lies once cut."""
    deal = Deal.from_record({"variant": "innsbruck", "seed": 11, "dealer": 3, "before_cut": True})
    record = {k: v for k, v in deal.to_record().items() if k != "actions"}
    scenario = load_scenario({"format": 1, "id": "uncut", "title": {"en": "Uncut", "de": "Nicht abgehoben"},
                              **record, "actions": ["2 cut", f"0 play {deal.hands[0][0]}"]})
    p = Presenter(scenario)
    p.go(0)
    html = tview.table_html(p.view(), NAMES)
    assert "Not cut yet" in html and "Trumps: not known" in html
    handout = handout_html(p, NAMES, "en")
    assert NAMES[deal.start.trump_card] in handout
    p.go(1)
    assert NAMES[deal.start.trump_card] in tview.table_html(p.view(), NAMES)
