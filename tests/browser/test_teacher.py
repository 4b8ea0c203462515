"""The teacher page as a teacher meets it: a worked example presented with the keyboard a clicker
drives, hands hidden and shown, a question answered, the projector view and the printed handout;
a small scenario built in the editor, shared as a link and opened offline in a fresh browser; and
"play on from here" reaching the sandbox in that very position."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from harness import ARTIFACTS, READY, baptism_option, shot
from perlaggen_core.scenario import load_file, load_scenario, scenario_texts, to_link
from words import card_names

pytestmark = pytest.mark.browser
NAMES = card_names()
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def step_is(page: Page, n: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-step", str(n))


def open_teacher(page: Page, fragment: str = "") -> None:
    page.goto("teacher.html" + fragment)
    page.wait_for_selector(READY)


@pytest.fixture(scope="module")
def example_6(site_dir):
    return load_file(SCENARIOS / "06-example-6.json")


def test_the_home_tile_opens_the_teacher_page(page: Page):
    page.goto("./")
    page.locator(".tiles").get_by_role("link", name=re.compile("Teacher")).click()
    page.wait_for_selector(READY)
    expect(page.get_by_role("heading", level=1)).to_have_text("Teacher: show a deal to a group")
    expect(page.locator(".scenario-item")).to_have_count(16)
    shot(page, "teacher-list")


def test_example_6_presented_with_the_keyboard(page: Page, example_6):
    open_teacher(page)
    page.get_by_role("link", name=re.compile("^Example 6")).click()
    step_is(page, 0)
    expect(page.locator("#scenario-title")).to_have_text(re.compile("^Example 6"))
    expect(page.locator("#t-note")).to_contain_text("Leaves are trumps")
    last = example_6.steps
    keys = ["ArrowRight", "PageDown", " "]
    for n in range(1, last + 1):                           # a clicker's "next", questions included
        page.keyboard.press(keys[n % 3])
        step_is(page, n)
    page.keyboard.press("ArrowRight")
    step_is(page, last)
    expect(page.locator("#t-note")).to_contain_text("2 to 1")
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
    expect(east.locator(".t-hand.backs")).to_have_attribute("aria-label", "2 cards in hand, hidden")
    expect(east.locator(".t-shown .t-card")).to_have_count(3)      # cards shown stay face up
    page.keyboard.press("4")
    expect(east.locator(".t-hand .t-card:not(.back)")).to_have_count(2)
    page.keyboard.press("x")
    expect(page.locator(".t-hand.backs")).to_have_count(4)
    east.get_by_role("button", name="Hand of East 4").click()
    expect(page.locator(".t-hand.backs")).to_have_count(3)
    page.keyboard.press("a")
    expect(page.locator(".t-hand.backs")).to_have_count(0)
    page.keyboard.press("n")
    expect(page.locator("#t-note")).to_contain_text("The notes are hidden")
    page.keyboard.press("n")
    expect(page.locator("#t-note")).to_contain_text("Stage 1")


def test_a_question_stops_before_its_reveal(page: Page):
    open_teacher(page, "#id=example-6&step=8")
    page.keyboard.press("ArrowRight")
    step_is(page, 9)
    note = page.locator("#t-note")
    expect(note.locator(".t-note.ask")).to_contain_text("May they improve their Hanger")
    expect(page.locator('[data-go="forward"]')).to_have_accessible_name("Reveal")
    expect(page.locator('#t-timeline [data-goto="10"]')).to_have_accessible_name(re.compile("hidden until the question"))
    assert "West ends" in page.locator('#t-timeline [data-goto="9"]').inner_text()
    page.keyboard.press("ArrowRight")
    step_is(page, 10)
    expect(note.locator(".t-move.reveal")).to_contain_text("South shows the King of acorns")
    expect(note.locator(".t-answer")).to_contain_text("may not improve a figure")
    expect(page.locator('#t-timeline [data-goto="10"]')).to_contain_text("South shows the King of acorns")
    shot(page, "teacher-answer")


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
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_class(re.compile("projector"))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.keyboard.press("f")
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    shot(page, "teacher-projector-1920x1080")


def test_print_gives_the_handout_without_the_controls(page: Page):
    open_teacher(page, "#id=example-4&step=5")
    page.emulate_media(media="print")
    handout = page.locator("#handout")
    expect(handout).to_be_visible()
    expect(page.locator("#presenter")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(handout.locator("h1")).to_have_text(re.compile("^Example 4"))
    expect(handout.locator(".h-seat")).to_have_count(4)
    expect(handout.locator(".h-moves > li")).to_have_count(18)
    expect(handout.locator(".h-note.ask")).to_have_count(2)
    expect(handout).to_contain_text("Trump card: ")
    page.pdf(path=str(ARTIFACTS / "teacher-handout.pdf"), format="A4")
    shot(page, "teacher-handout")
    page.emulate_media(media="screen")
    expect(handout).to_be_hidden()


def test_a_damaged_or_hostile_link_says_so_and_runs_nothing(page: Page):
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    for fragment, words in (("#s=AAAA", "cannot be unpacked"), ("#s=%3Cscript%3Ealert(1)%3C/script%3E", "characters"),
                            ("#id=no-such-thing", "There is no scenario"), ("#s=izbUMYoFAA", "must be an object"),
                            ("#s=q1YqySzJSVWyUqpQ0lHKSMxLKVayio6tBQA", "trump_card")):
        open_teacher(page, fragment)
        expect(page.locator("#teacher-message")).to_contain_text(words)
        expect(page.locator("#chooser")).to_be_visible()


DESTINATION = {"South": "0", "West": "1", "North": "2", "East": "3", "The trump card": "trump"}


def give(page: Page, seat_label: str, cards: list[str]) -> None:
    page.locator(f'.e-dest [value="{DESTINATION[seat_label]}"]').check()
    for card in cards:
        page.locator(f'[data-place="{card}"]').click()


def test_build_a_scenario_share_it_and_open_it_offline(page: Page, browser, base_url):
    open_teacher(page)
    page.get_by_role("link", name="Build a new scenario").click()
    expect(page.locator("#editor-title")).to_have_text("Build a scenario: the position")
    page.get_by_label("Dealer").select_option(label="East")
    hands = {"South": ["L10", "H9", "H8", "S9", "E9"], "West": ["LA", "HA", "SA", "EA", "E8"],
             "North": ["LU", "HO", "SO", "EO", "E10"], "East": ["S7", "SK", "EK", "HU", "S10"]}
    for seat, cards in hands.items():
        give(page, seat, cards)
    give(page, "South", ["H7"])                           # one too many: the engine says so in words
    expect(page.locator(".e-problems")).to_contain_text("in the hand of South; it needs 5")
    page.locator('[data-place="H7"]').click()               # a second click takes it back
    expect(page.locator(".e-problems")).to_contain_text("Choose the trump card")
    give(page, "The trump card", ["L8"])
    expect(page.locator(".e-ok")).to_be_visible()
    page.get_by_role("button", name="Record the deal").click()
    expect(page.locator(".e-status")).to_contain_text("South to act")
    page.locator('[data-pick="L10"]').click()               # South leads
    page.locator('.e-actor [value="0"]').check()
    page.locator('[data-pick="H9"]').click()                # West is to play: the engine refuses
    expect(page.locator("#e-message")).to_contain_text("Not allowed")
    page.locator('.e-actor [value="1"]').check()
    page.locator('[data-pick="LA"]').click()
    page.locator('[data-pick="LU"]').click()                # North's Unter: the baptism picker
    baptism_option(page.locator("dialog#picker"), NAMES["LA"]).click()
    expect(page.locator(".e-timeline li")).to_have_count(4)
    page.locator(".e-timeline [data-look='2']").click()
    page.get_by_label("Note text").fill("What will North play? <b>not bold</b>")
    page.get_by_label(re.compile("A question for the class")).check()
    page.get_by_role("button", name="Save the note").click()
    page.get_by_label("Title").fill("Three Aces, my version")
    page.get_by_label("Title").press("Tab")
    page.get_by_role("button", name="Copy the link").click()
    link = page.locator("#e-export-text").input_value()
    assert "#s=" in link and "step=2" in link
    shot(page, "teacher-editor")

    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(base_url + "teacher.html")                 # the colleague's browser has the site once
        other.wait_for_selector(READY)
        other.wait_for_function("navigator.serviceWorker.controller !== null")
        fresh.set_offline(True)
        other.goto(link)
        other.wait_for_selector(READY)
        expect(other.locator("#scenario-title")).to_have_text("Three Aces, my version")
        expect(other.locator("body")).to_have_attribute("data-step", "2")
        expect(other.locator(".t-note.ask")).to_contain_text("What will North play? <b>not bold</b>")
        expect(other.locator('.t-seat[data-seat="1"] .t-played .t-card')).to_have_count(1)
        other.keyboard.press("ArrowRight")
        expect(other.locator(".t-move.reveal")).to_contain_text("North plays the Unter of leaves as the Ace of leaves")
        shot(other, "teacher-link-offline")
    finally:
        fresh.close()


def test_play_on_from_here_reaches_the_sandbox_in_that_position(page: Page):
    open_teacher(page, "#id=example-3&step=8")
    expect(page.locator("#play-on-seat")).to_have_value("2")       # South leads next
    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_url(re.compile(r"sandbox\.html"))
    page.wait_for_selector("body[data-ready=true]")
    hand = page.locator("#hand [data-card]")
    expect(hand).to_have_count(4)
    expect(page.locator('#hand [data-card="H10"]')).to_be_visible()
    expect(page.locator("#log")).to_contain_text("goes on from a position of the teacher page, after 8 moves")
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
    expect(page.locator('[data-go="forward"]')).to_have_accessible_name("Aufdecken")
    expect(page.locator(".t-seat").first).to_contain_text("Nord")
    expect(page.locator(".t-note.ask [lang=en]")).to_contain_text("How can South still beat the Ace?")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, "teacher-german")
