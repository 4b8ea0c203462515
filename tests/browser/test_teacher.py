"""The teacher page as a teacher meets it: a worked example presented with the keyboard a clicker
drives (whatever has the focus), hands hidden and shown, a question answered (the answer text as
the answer, the move as the move), the projector view (a question always in sight) and the printed
handout; a small scenario built in the editor, shared as a link and opened offline in a fresh
browser; the editor in a three-player rule set and in Strafperlaggen; a link with an illegal move
said in a teacher's words; "play on from here" reaching the sandbox in that very position; and a
saved scenario exported, opened in the editor and deleted from the list.

Texts are compared with the scenario files and the catalog (`_`), or found by data-* attributes
and codes, never written out here."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from harness import ARTIFACTS, READY, shot, store_before_start
from common.i18n import _, translations
from perlaggen_core.scenario import encode, load_file, load_scenario, scenario_texts, text_of, to_link
from tools.site import COMPILED_LOCALE
from common.pagewords import card_names
from teacher.store import Store

pytestmark = pytest.mark.browser
NAMES = card_names()
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def german(msgid: str) -> str:
    return translations("de", COMPILED_LOCALE).gettext(msgid)


def step_is(page: Page, n: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-step", str(n))


def open_teacher(page: Page, fragment: str = "") -> None:
    open_teacher_at(page, "teacher.html" + fragment)


def open_teacher_at(page: Page, address: str) -> None:
    page.goto(address)
    page.wait_for_selector(READY)


@pytest.fixture(scope="module")
def example_6(site_dir):
    return load_file(SCENARIOS / "06-example-6.json")


def test_the_home_tile_opens_the_teacher_page(page: Page):
    page.goto("./")
    page.locator('.tiles a[href$="teacher.html"]').click()
    page.wait_for_selector(READY)
    expect(page.locator("body")).to_have_attribute("data-mode", "list")
    expect(page.locator(".scenario-item")).to_have_count(len(list(SCENARIOS.glob("*.json"))))
    shot(page, "teacher-list")


def test_example_6_presented_with_the_keyboard(page: Page, example_6):
    open_teacher(page)
    page.locator('[data-scenario="example-6"] a').click()
    step_is(page, 0)
    expect(page.locator("#scenario-title")).to_have_text(text_of(example_6.title, "en"))
    expect(page.locator('#t-note [data-part="note"]')).to_contain_text(text_of(example_6.note_at(0).text, "en"))
    last = example_6.steps
    keys = ["ArrowRight", "PageDown", " "]
    for n in range(1, last + 1):                           # a clicker's "next", questions included
        page.keyboard.press(keys[n % 3])
        step_is(page, n)
    page.keyboard.press("ArrowRight")
    step_is(page, last)
    expect(page.locator("#t-note")).to_contain_text(text_of(example_6.note_at(last).text, "en"))
    expect(page.locator(".t-seat")).to_have_count(4)
    for n in range(last - 1, last - 4, -1):
        page.keyboard.press("ArrowLeft" if n % 2 else "PageUp")
        step_is(page, n)
    page.keyboard.press("Home")
    step_is(page, 0)
    page.keyboard.press("End")
    step_is(page, last)
    page.keyboard.press("ArrowUp")                         # trick by trick: in the show, turn by turn
    step_is(page, 16)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    step_is(page, 1)
    assert "step=1" in page.url and "id=example-6" in page.url


def test_hands_hide_and_show_by_key_and_by_button(page: Page):
    open_teacher(page, "#id=example-6&step=3")
    east = page.locator('.t-seat[data-seat="1"]')
    expect(east.locator(".t-hand .t-card")).to_have_count(2)       # L7 and S8 not yet shown
    page.keyboard.press("4")                                        # South 1, West 2, North 3, East 4
    expect(east.locator(".t-hand.backs .t-card")).to_have_count(2)
    expect(east.locator(".t-shown .t-card")).to_have_count(3)      # cards shown stay face up
    page.keyboard.press("4")
    expect(east.locator(".t-hand .t-card:not(.back)")).to_have_count(2)
    page.keyboard.press("x")
    expect(page.locator(".t-hand.backs")).to_have_count(4)
    east.locator('[data-toggle-seat="1"]').click()
    expect(page.locator(".t-hand.backs")).to_have_count(3)
    page.keyboard.press("a")
    expect(page.locator(".t-hand.backs")).to_have_count(0)
    page.keyboard.press("n")
    expect(page.locator('#t-note [data-part="hidden"]')).to_be_visible()
    page.keyboard.press("n")
    expect(page.locator('#t-note [data-part="note"]')).to_be_visible()


def test_a_question_stops_before_its_reveal_and_the_answer_is_the_answer(page: Page, example_6):
    """Before: the box titled "The answer" held the next move above the real answer."""
    open_teacher(page, "#id=example-6&step=8")
    page.keyboard.press("ArrowRight")
    step_is(page, 9)
    note = page.locator("#t-note")
    question = example_6.note_at(9)
    expect(page.locator("body")).to_have_attribute("data-question", "true")
    expect(note.locator('[data-part="question"]')).to_contain_text(text_of(question.text, "en"))
    expect(note.locator('[data-part="hint"]')).to_be_visible()
    expect(page.locator('#t-timeline [data-goto="10"]')).to_have_attribute("data-hidden", "")
    expect(page.locator('#t-timeline [data-goto="9"]')).not_to_have_attribute("data-hidden", "")
    page.keyboard.press("ArrowRight")
    step_is(page, 10)
    answer, move = note.locator('[data-part="answer"]'), note.locator('[data-part="move"]')
    expect(answer).to_contain_text(text_of(question.answer, "en"))
    move_words = page.locator('#t-timeline [data-goto="10"]').inner_text().split(" ", 1)[1].strip()
    expect(answer).not_to_contain_text(move_words)                   # the move is not the answer
    expect(move).to_contain_text(move_words)
    assert answer.bounding_box()["y"] < move.bounding_box()["y"]    # the answer first, then the move
    shot(page, "teacher-answer")


def test_clicker_keys_step_whatever_has_the_focus(page: Page):
    """Before: after a mouse click on "Previous", Space pressed it again and stepped back."""
    open_teacher(page, "#id=example-6&step=5")
    click = lambda selector: lambda: page.locator(selector).click()   # noqa: E731
    focus = lambda selector: lambda: page.locator(selector).focus()   # noqa: E731
    for first, key, step in ((click('[data-do="back"]'), " ", 5), (None, "PageDown", 6),
                             (click('#t-timeline [data-goto="2"]'), " ", 3), (None, "PageUp", 2),
                             (focus("#play-on-seat"), "ArrowRight", 3), (focus('[data-do="hands"][data-arg="all"]'), "ArrowLeft", 2)):
        if first:
            first()
        page.keyboard.press(key)
        step_is(page, step)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_question_in_the_projector_view_is_in_sight_at_1280x720(page: Page, lang: str):
    """Before: Example 7 step 9's question lay below the fold (a 336 px box for 536 px of note)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    prefix = "" if lang == "en" else f"{lang}/"
    open_teacher_at(page, f"{prefix}teacher.html?lang={lang}#id=example-7&step=9")
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    box = page.locator("#t-note").bounding_box()
    for part in ('[data-part="question"] h2', '[data-part="hint"]'):
        where = page.locator(f"#t-note {part}").bounding_box()
        assert box["y"] - 1 <= where["y"] and where["y"] + where["height"] <= min(box["y"] + box["height"], 720) + 1, part
    shot(page, f"teacher-projector-question-1280x720-{lang}")
    page.keyboard.press("ArrowRight")
    expect(page.locator('#t-note [data-part="answer"]')).to_be_visible()
    shot(page, f"teacher-projector-answer-1280x720-{lang}")


def test_projector_view_is_large_enough_to_read_from_the_back(page: Page):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_teacher(page, "#id=example-6&step=12")
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    expect(page.locator(".site-header")).to_be_hidden()
    sizes = page.evaluate("""() => [...document.querySelectorAll('.t-card:not(.back) .rank')].map(t => {
        const box = t.getBoundingClientRect();
        const scale = t.ownerSVGElement.getBoundingClientRect().height / 150;
        return [box.height, parseFloat(t.getAttribute('font-size')) * scale];
    })""")
    assert sizes
    for box, font in sizes:
        assert box >= 0.05 * 720, f"a rank glyph is {box:.1f} px high, under 5% of 720 px"
        assert 0.7 * font >= 0.05 * 720, f"a rank's capital is {0.7 * font:.1f} px high"
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shot(page, "teacher-projector-1280x720")
    # each key once the browser has finished the change of full screen the one before asked for
    page.wait_for_function("document.fullscreenElement !== null")
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_class(re.compile("projector"))
    page.wait_for_function("document.fullscreenElement === null")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.keyboard.press("f")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    page.wait_for_function("document.fullscreenElement !== null")
    expect(page.locator("body")).to_have_class(re.compile("projector"))
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    shot(page, "teacher-projector-1920x1080")


def test_print_gives_the_handout_without_the_controls(page: Page):
    open_teacher(page, "#id=example-4&step=5")
    page.emulate_media(media="print")
    handout = page.locator("#handout")
    expect(handout).to_be_visible()
    expect(page.locator("#presenter")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(handout.locator("h1")).to_have_text(text_of(load_file(SCENARIOS / "04-example-4.json").title, "en"))
    expect(handout.locator(".h-seat")).to_have_count(4)
    expect(handout.locator(".h-moves > li")).to_have_count(18)
    expect(handout.locator(".h-note.ask")).to_have_count(2)
    expect(handout.locator(".h-trump")).to_be_visible()
    page.pdf(path=str(ARTIFACTS / "teacher-handout.pdf"), format="A4")
    shot(page, "teacher-handout")
    page.emulate_media(media="screen")
    expect(handout).to_be_hidden()


def test_a_damaged_or_hostile_link_says_so_and_runs_nothing(page: Page):
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    for fragment, code in (("#s=AAAA", "scenario.link_damaged"), ("#s=%3Cscript%3Ealert(1)%3C/script%3E",
                                                                  "scenario.link_characters"),
                           ("#id=no-such-thing", "teacher.not_found"), ("#s=izbUMYoFAA", "scenario.not_object"),
                           ("#s=q1YqySzJSVWyUqpQ0lHKSMxLKVayio6tBQA", "record.needs_cards")):
        open_teacher(page, fragment)
        expect(page.locator("#teacher-message")).to_have_attribute("data-code", code)
        expect(page.locator("#chooser")).to_be_visible()


def test_a_link_with_an_illegal_move_says_which_move_by_whom_and_why(page: Page):
    """Before: "actions.1: the rules refuse this action: ..."; now the move in words, by its seat's
    compass name, and the rule's reason, with the field path apart as the detail."""
    doc = load_file(SCENARIOS / "01-example-1.json").to_json()
    doc["actions"][1] = {"seat": 1, "act": "play", "card": "HA"}
    doc["notes"] = []
    open_teacher(page, "#s=" + encode(doc))
    message = page.locator("#teacher-message")
    expect(message).to_have_attribute("data-code", "scenario.refused")
    expect(message.locator(".detail")).to_have_attribute("data-field", "actions.1")
    expect(message).to_contain_text(NAMES["HA"])
    expect(message).to_contain_text(_("East"))
    assert not message.inner_text().startswith("actions")
    shot(page, "teacher-illegal-link")


DESTINATION = {"South": "0", "West": "1", "North": "2", "East": "3", "The trump card": "trump"}


def give(page: Page, seat_label: str, cards: list[str]) -> None:
    page.locator(f'.e-dest [value="{DESTINATION[seat_label]}"]').check()
    for card in cards:
        page.locator(f'[data-place="{card}"]').click()


def test_build_a_scenario_share_it_and_open_it_offline(page: Page, context):
    open_teacher(page)
    page.locator('.chooser-actions a[href="#edit&new=1"]').click()
    expect(page.locator("body")).to_have_attribute("data-editing", "position")
    page.locator('[data-e-form="settings"] [name="dealer"]').select_option("3")       # East deals
    hands = {"South": ["L10", "H9", "H8", "S9", "E9"], "West": ["LA", "HA", "SA", "EA", "E8"],
             "North": ["LU", "HO", "SO", "EO", "E10"], "East": ["S7", "SK", "EK", "HU", "S10"]}
    for seat, cards in hands.items():
        give(page, seat, cards)
    give(page, "South", ["H7"])                           # one too many: the engine says so in words
    expect(page.locator('.e-problems li[data-code="start.hand_size"]')).to_have_count(1)
    page.locator('[data-place="H7"]').click()               # a second click takes it back
    expect(page.locator(".e-problems li")).to_have_count(1)
    expect(page.locator('.e-problems li[data-code="editor.trump_card"]')).to_be_visible()
    give(page, "The trump card", ["L8"])
    expect(page.locator(".e-ok")).to_be_visible()
    page.locator('[data-do="record"]').click()
    expect(page.locator(".e-status")).to_have_attribute("data-to-act", "0")     # South leads
    page.locator('[data-pick="L10"]').click()               # South leads
    page.locator('.e-actor [value="0"]').check()
    page.locator('[data-pick="H9"]').click()                # West is to play: the engine refuses
    expect(page.locator("#e-message")).to_have_class(re.compile("refusal"))
    page.locator('.e-actor [value="1"]').check()
    page.locator('[data-pick="LA"]').click()
    page.locator('[data-pick="LU"]').click()                # North's Unter: the baptism picker
    page.locator('dialog#picker [data-as="LA"]').click()
    expect(page.locator(".e-timeline li")).to_have_count(4)
    page.locator(".e-timeline [data-look='2']").click()
    note = page.locator('[data-e-form="note"]')
    note.locator('[name="text"]').fill("What will North play? <b>not bold</b>")
    note.locator('[name="ask"]').check()
    note.locator('[type="submit"]').click()
    page.locator("#e-title").fill("Three Aces, my version")
    page.locator("#e-title").press("Tab")
    page.locator('#editor [data-do="link"]').click()
    link = page.locator("#e-export-text").input_value()
    assert "#s=" in link and "step=2" in link
    shot(page, "teacher-editor")

    # a colleague's browser that has had the site once (its files and service worker), but none of
    # this teacher's saved scenarios: the same context with its storage emptied, offline
    page.evaluate("""keep => Object.keys(localStorage).filter(k => !keep.includes(k))
                            .forEach(k => localStorage.removeItem(k))""", ["perlaggen:python-snapshot"])
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.goto("about:blank")
    context.set_offline(True)
    page.goto(link)
    page.wait_for_selector(READY)
    expect(page.locator("#scenario-title")).to_have_text("Three Aces, my version")
    expect(page.locator("body")).to_have_attribute("data-step", "2")
    expect(page.locator(".t-note.ask")).to_contain_text("What will North play? <b>not bold</b>")
    expect(page.locator('.t-seat[data-seat="1"] .t-played .t-card')).to_have_count(1)
    page.keyboard.press("ArrowRight")
    answer = page.locator('#t-note [data-part="answer"]')       # no answer written: the move is the answer
    expect(answer).to_contain_text(NAMES["LU"])
    expect(answer).to_contain_text(NAMES["LA"])
    shot(page, "teacher-link-offline")


def test_play_on_from_here_reaches_the_sandbox_in_that_position(page: Page):
    open_teacher(page, "#id=example-3&step=8")
    expect(page.locator("#play-on-seat")).to_have_value("2")       # South leads next
    page.locator('[data-do="play-on"]').click()
    page.wait_for_url(re.compile(r"sandbox\.html"))
    page.wait_for_selector("body[data-ready=true]")
    hand = page.locator("#hand [data-card]")
    expect(hand).to_have_count(4)
    expect(page.locator('#hand [data-card="H10"]')).to_be_visible()
    expect(page.locator("#log li.log-deal").first).to_be_visible()    # the game goes on from the teacher's position
    expect(page.locator(".played li")).to_have_count(4)            # the first trick lies on the table
    shot(page, "teacher-play-on")


def test_phone_layouts(page: Page):
    page.set_viewport_size({"width": 360, "height": 780})
    open_teacher(page, "#id=example-5&step=9")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "teacher-phone")
    open_teacher(page, "#edit")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "teacher-editor-phone")


def test_the_teacher_page_in_german(page: Page):
    """A scenario with English texts only (a teacher's own, by link) on the German page: its texts
    are marked as English; the page's own words are German."""
    data = json.loads((SCENARIOS / "01-example-1.json").read_text(encoding="utf-8"))
    for _field, text in scenario_texts(data):
        text.pop("de", None)
    page.goto("de/teacher.html?lang=de#s=" + to_link(load_scenario(data)) + "&step=2")
    page.wait_for_selector(READY)
    expect(page.locator('[data-do="forward"]')).to_have_accessible_name(german("Reveal"))
    expect(page.locator('.t-seat[data-seat="0"] header strong')).to_have_text(german("North"))
    expect(page.locator('#t-note [data-part="question"] [lang=en]')).to_have_text(data["notes"][2]["text"]["en"])
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "teacher-german")


@pytest.mark.parametrize("variant, lang", [("innsbruck-3", "en"), ("straf", "de")])
def test_the_editor_in_a_three_player_rule_set_and_strafperlaggen(page: Page, variant: str, lang: str):
    """Before: choosing one kept four seats and two scores (IndexError on the page), "Deal at random"
    raised again and the form's fields then raised AttributeError. Now its own seats, a score per
    player, a random deal, a bet and its answer recorded, presented. (Every rule set in both
    languages: tests/web/test_editor_python.py; every rule set on the page: the sweep.)"""
    prefix = "" if lang == "en" else f"{lang}/"
    open_teacher_at(page, f"{prefix}teacher.html?lang={lang}#edit&new=1")
    page.locator('[data-e-form="settings"] [name="variant"]').select_option(variant)
    expect(page.locator("[data-score]")).to_have_count(3)
    expect(page.locator('.e-dest [name="destination"]')).to_have_count(4)        # three seats and the trump card
    expect(page.locator('[data-e-form="settings"] [name="target"]')).to_have_count(0 if variant == "straf" else 1)
    page.locator('[data-e-form="seed"] [type="submit"]').click()
    expect(page.locator(".e-ok")).to_be_visible()
    page.locator('[data-e-form="settings"] [name="dealer"]').select_option("0")   # a field changed afterwards
    expect(page.locator(".e-problems")).to_have_count(0)
    shot(page, f"teacher-editor-{variant}-{lang}")
    page.locator('[data-do="record"]').click()
    expect(page.locator(".e-table .t-seat")).to_have_count(3)
    page.locator('.e-actions [data-move^="bet "]').first.click()
    page.locator('.e-actions [data-move^="hold "]').first.click()
    expect(page.locator(".e-timeline li")).to_have_count(3)
    shot(page, f"teacher-editor-{variant}-{lang}-recorded")
    page.locator('[data-do="present"]').click()
    expect(page.locator("body")).to_have_attribute("data-mode", "present")
    expect(page.locator("#presenter .t-seat")).to_have_count(3)


def test_the_saved_list_exports_opens_and_deletes_a_scenario(page: Page, example_6):
    """A scenario kept in this browser: exported as a file, opened in the editor, and deleted once
    the teacher agrees (each button a command with the scenario's key)."""
    store = Store()
    key = store.put(example_6.to_json())
    store_before_start(page, "perlaggen.teacher.v1", store.to_json())
    open_teacher(page)
    mine = page.locator("#mine-list")
    with page.expect_download() as download:
        mine.locator(f'[data-do="mine-export"][data-arg="{key}"]').click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == example_6.to_json()
    mine.locator(f'[data-do="mine-edit"][data-arg="{key}"]').click()
    expect(page.locator("body")).to_have_attribute("data-mode", "edit")
    page.wait_for_selector(READY)
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-mode", "list")
    page.once("dialog", lambda dialog: dialog.accept())
    mine.locator(f'[data-do="mine-delete"][data-arg="{key}"]').click()
    expect(mine.locator("[data-do]")).to_have_count(0)
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator("#mine-list [data-do]")).to_have_count(0)           # gone from the browser's storage too
