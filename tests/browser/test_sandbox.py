"""The sandbox as a new user meets it: settings, a whole deal with a bet answered and a Perlagg
baptised, the score sheet, a reload in the middle of a deal, a game to 11, hint, signs and undo.

Every click is planned beforehand by the same controller under CPython (sandbox.Sandbox with
rule-following computer players, which decide deterministically), so the browser must show
exactly the game the engine plays here. The page runs at its test speed (?speed=test). The helpers find
what they click by its data-* attributes (the action's code, the command), never by its words, so
tests/browser/test_pseudo_language.py and the German pages are driven by them too.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
from playwright.sync_api import Page, expect

from common import tableview as tv
from harness import READY, assert_no_violations, shot, store_before_start
from plans import TARGET, Plan, game_plan, human_step
from perlaggen_core.players import make_player
from sandbox.controller import HUMAN, Sandbox, Settings

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def plan() -> Plan:
    return game_plan()


# ---------------------------------------------------------------------- driving the page
def ready(page: Page) -> None:
    page.wait_for_selector(READY)


def start_game(page: Page, seed: int, target: int = TARGET, from_home: bool = False, extra: str = "") -> None:
    """The settings form, Start; `from_home`: first as a new user comes, by the home page's Sandbox
    tile (once is enough: the page it opens is the same); `extra`: more of the address's query."""
    if from_home:
        page.goto("./")
        page.locator('.tiles a[href$="sandbox.html"]').click()
        ready(page)
    page.goto(f"sandbox.html?speed=test{extra}")   # the same page, without pauses between computer moves
    ready(page)
    form = page.locator("#settings-form")
    expect(form).to_be_visible()
    form.locator('[name="target"]').fill(str(target))
    form.locator('[name="seed"]').fill(str(seed))
    form.locator('[name="strength"]').select_option("rule")
    form.locator('[type="submit"]').click()
    ready(page)


def pick(page: Page, action: dict) -> None:
    """Choose the baptism (or none) in the open picker."""
    picker = page.locator("dialog#picker")
    expect(picker).to_be_visible()
    as_card = action.get("as") if action["act"] == "play" else (action.get("as") or {}).get(action["cards"][0])
    picker.locator(f'[data-as="{as_card}"]' if as_card else ".option.plain").click()
    expect(picker).to_be_hidden()


def do_step(page: Page, step: dict) -> None:
    """One step of a plan, found by the page's data-* attributes (so in any language)."""
    kind = step["kind"]
    if kind in ("pickup", "next", "noblind"):
        page.locator(f'#actions [data-do="{kind}"]').click()
        return
    if kind == "cut":
        page.locator('#actions [data-move="cut"]').click()
        return
    action = step["action"]
    act = action["act"]
    if act in ("play", "show"):
        card = action["card"] if act == "play" else action["cards"][0]
        page.locator(f'#hand [data-card="{card}"]').click()
        if step["picker"]:
            pick(page, action)
    elif act in ("bet", "hold", "raise", "good"):
        page.locator(f'#figures tr[data-figure="{action["figure"]}"] [data-move="{tv.move_code(action)}"]').click()
    else:   # exchange, keep, declare, done (the end of a show turn, or a pass in the declaration)
        page.locator(f'#actions [data-move="{tv.move_code(action)}"]').click()


def play_steps(page: Page, steps: list[dict]) -> None:
    for step in steps:
        ready(page)
        do_step(page, step)
    ready(page)


def sheet_row(page: Page, deal: int):
    return page.locator(f'.score-sheet tr[data-deal="{deal}"]')


# ---------------------------------------------------------------------- the tests
def test_a_deal_then_a_reload_in_the_middle_of_the_next(page: Page, plan: Plan):
    start_game(page, plan.seed, from_home=True)
    expect(page.locator("body")).to_have_attribute("data-phase", "before-cut")  # the cards face down, not cut
    expect(page.locator("#hand [data-face-down]")).to_be_visible()
    expect(page.locator(".centre.uncut")).to_be_visible()                       # nothing of the cut yet
    expect(page.locator(".centre .trump [data-card]")).to_have_count(0)
    expect(page.locator('#figures [data-move$=" blind"]')).to_have_count(3)       # a blind bet on each figure
    shot(page, "sandbox-start")

    first = [s for s in plan.steps if s["deal"] == 1 and s["kind"] != "next"]
    answer = next(i for i, s in enumerate(first) if s.get("answer"))
    play_steps(page, first[:answer])
    expect(page.locator("#log li").last).to_have_class("log-prompt")            # the log asks for the answer
    expect(page.locator('#actions [data-move^="hold "]')).to_be_visible()
    assert page.locator("#log .why").count() == 0                         # nobody's reasons during the deal
    expect(page.locator(".seat .sign").first).to_be_visible()             # signs are shown at the seats
    shot(page, "sandbox-answer")
    play_steps(page, first[answer:])

    # the deal is scored: the sheet has its row, the summary says who won what and why
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator(".summary-table tbody tr")).to_have_count(3)
    page.locator("#summary details.reasons summary").click()             # after the deal: every reason
    expect(page.locator("#summary .reasons .why").first).not_to_be_empty()
    expect(sheet_row(page, 1)).to_contain_text(str(plan.sheets[0][0]))
    expect(sheet_row(page, 1).locator("strong")).to_have_text([str(s) for s in plan.sheets[0]])
    expect(page.locator('#log li[data-seat="0"][data-code="move.play_as"]')).not_to_have_count(0)   # baptised
    shot(page, "sandbox-scored")

    # the next deal, interrupted by a reload halfway: the game goes on where it was
    rest = plan.steps[len(first):]
    second = [i for i, s in enumerate(rest) if s["deal"] == 2 and s["kind"] == "act"]
    half = second[len(second) // 2]
    play_steps(page, rest[:half])
    hand = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    log_count = page.locator("#log li").count()
    page.goto("sandbox.html?speed=test")
    ready(page)
    expect(page.locator("#settings")).not_to_have_attribute("open", "")
    assert page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    expect(page.locator("#log li")).to_have_count(log_count)
    expect(sheet_row(page, 1).locator("strong")).to_have_text([str(s) for s in plan.sheets[0]])

    # and goes on: the rest of the second deal is played on the restored page (the rest of the game,
    # to its end, is the controller's: tests/web/test_sandbox_python.py plays whole games; a game's
    # end on the page: test_play_on_for_second_place_after_a_lost_straf_game)
    end_of_second = max(i for i, s in enumerate(rest) if s["deal"] == 2 and s["kind"] == "act") + 1
    play_steps(page, rest[half:end_of_second])
    expect(sheet_row(page, 2).locator("strong")).to_have_text([str(s) for s in plan.sheets[1]])


def test_hint_signs_undo_and_a_phone(page: Page, plan: Plan):
    page.set_viewport_size({"width": 390, "height": 844})
    start_game(page, plan.seed)
    first = [s for s in plan.steps if s["deal"] == 1 and s["kind"] != "next"]
    move = next(i for i, s in enumerate(first) if s["kind"] == "act")
    play_steps(page, first[:move])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.locator('#actions [data-do="hint"]').click()
    expect(page.locator("#message")).to_have_class(re.compile("hint"))
    expect(page.locator("#message")).not_to_be_empty()

    page.locator(".sign-menu summary").click()
    page.locator('[data-signal="nothing"]').click()
    expect(page.locator('.seat[data-seat="0"] .sign')).to_be_visible()
    mine = page.locator('#log li.log-signal[data-seat="0"]')
    expect(mine.last).to_have_attribute("data-code", "signal.made")
    asked = mine.count()
    page.locator('[data-do="ask"]').click()
    expect(mine).to_have_count(asked + 1)                                   # "You ask North for signs."
    shot(page, "sandbox-phone")

    hand = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    play_steps(page, [first[move]])
    undo = page.locator('#actions [data-do="undo"]')
    expect(undo).to_be_enabled()
    undo.click()
    ready(page)
    expect(page.locator("#log li.log-undo")).to_have_count(1)
    assert page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand


def test_review_a_deal_and_play_again_from_a_decision(page: Page, plan: Plan):
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, plan.seed, extra="&samples=4")   # the review's figures are tested under CPython; here, its page
    first = [s for s in plan.steps if s["deal"] == 1 and s["kind"] != "next"]
    play_steps(page, first)
    expect(page.locator("#summary")).to_be_visible()

    page.locator('#actions [data-do="review"]').click()
    expect(page.locator("#review-bar")).to_be_visible()                  # the page works on, with a bar
    expect(page.locator("body")).to_have_attribute("data-review-state", "done", timeout=90_000)
    expect(page.locator("#review .review-summary")).not_to_be_empty()
    costly = page.locator("#review .review-costly .review-entry")
    expect(costly.or_(page.locator("#review .review-clean"))).not_to_have_count(0)
    if costly.count():
        expect(costly.first.locator(".review-why")).not_to_be_empty()
    shot(page, "review-desktop")

    # every move: the human's graded, the computer players' with their reasons
    page.locator("#review details.review-all summary").click()
    expect(page.locator("#review .review-other .why").first).not_to_be_empty()
    assert_no_violations(page, "sandbox-review")
    decision = page.locator("#review .review-moves .review-open").nth(1)
    decision.click()
    expect(page.locator("body")).to_have_attribute("data-phase", "review")
    expect(page.locator("#actions .review-board .grade")).to_be_visible()
    assert_no_violations(page, "sandbox-review-decision")

    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "review-phone")

    page.locator('#actions [data-do="play-from"]').click()
    ready(page)
    expect(page.locator("#log li").last).to_have_class("log-deal")          # the deal again from that move
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("body")).not_to_have_attribute("data-phase", re.compile("review|scored|game_over"))
    expect(page.locator("#hand [data-card]:not([aria-disabled])").first).to_be_visible()


# ---------------------------------------------------------------------- Strafperlaggen's play-on
STORAGE_KEY = "perlaggen.sandbox.v2"   # sandbox_main's key: a saved game placed there is resumed


@lru_cache(maxsize=None)
def lost_straf(seed: int = 1) -> tuple[dict, list[dict], list[int]]:
    """A straf game a computer player won, as the page saves it; the human's steps in the play-on
    up to the first card played; the play-on's starting scores (played here by the controller)."""
    game = Sandbox(Settings(variant="straf", strength="rule", seed=seed))
    helper = make_player("rule", signals=True)
    for _i in range(3000):
        while game.bot_step() is not None:
            pass
        if game.over:
            break
        if game.deal.phase == "scored":
            game.next_deal()
        else:
            human_step(game, helper)
    assert game.over and game.deal.game_winner != HUMAN and game.can_play_on()
    saved = game.to_dict()
    game.start_play_on()
    scores, steps = list(game.deal.scores), []
    while not (steps and steps[-1].get("action", {}).get("act") == "play"):
        while game.bot_step() is not None:
            pass
        steps.append(human_step(game, helper))
    return saved, steps, scores


def test_play_on_for_second_place_after_a_lost_straf_game(page: Page):
    saved, steps, scores = lost_straf()
    page.set_viewport_size({"width": 360, "height": 740})
    store_before_start(page, STORAGE_KEY, json.dumps(saved))
    page.goto("sandbox.html?speed=test")
    ready(page)
    expect(page.locator("body")).to_have_attribute("data-phase", "game_over")
    expect(page.locator("#summary .game-end")).to_have_class(re.compile("lost"))
    actions = page.locator("#actions")
    expect(actions.locator('[data-do="newgame"]')).to_be_visible()
    shot(page, "sandbox-straf-lost-phone")

    actions.locator('[data-do="playon"]').click()
    ready(page)
    expect(page.locator("#table .seat")).to_have_count(2)                  # the two left, face to face
    expect(page.locator("#table .seat.pos-bottom")).to_have_attribute("data-seat", "0")
    sheet = page.locator(".score-sheet")
    expect(page.locator(".play-on-note")).to_be_visible()                     # the play-on's own sheet
    expect(sheet.locator("tr.now td")).to_have_text([str(s) for s in scores])
    expect(actions.locator('[data-do="playon"]')).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "sandbox-play-on-phone")

    play_steps(page, steps)                                                 # up to a card played
    played = steps[-1]["action"]["card"]
    expect(page.locator(f'#hand [data-card="{played}"]')).to_have_count(0)
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "sandbox-play-on-desktop")

    page.reload()                                                           # still the play-on
    ready(page)
    expect(page.locator("#table .seat")).to_have_count(2)
    expect(page.locator(".play-on-note")).to_be_visible()
    expect(page.locator(f'#hand [data-card="{played}"]')).to_have_count(0)
    page.goto("de/sandbox.html?lang=de&speed=test")                          # the German page resumes it too
    ready(page)
    expect(page.locator("#table .seat")).to_have_count(2)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".play-on-note")).to_be_visible()
    shot(page, "sandbox-play-on-de")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exchange_offers_keep_my_cards_and_keeping_ends_it(page: Page, lang: str):
    """Imst, game seed 27: after picking up, the dealer exchanges first; then the human (an
    opponent, whom Imst lets exchange after the dealer's team) may: the exchange buttons and "Keep
    my cards", the engine's keep; keeping ends the exchange."""
    page.goto("de/sandbox.html?lang=de&speed=test" if lang == "de" else "sandbox.html?speed=test")
    ready(page)
    form = page.locator("#settings-form")
    form.locator('[name="variant"]').select_option("imst")
    form.locator('[name="target"]').fill("18")
    form.locator('[name="seed"]').fill("27")
    form.locator('[name="strength"]').select_option("rule")
    form.locator('[type="submit"]').click()
    ready(page)
    for _i in range(6):
        for sel in ('[data-do="noblind"]', '[data-move="cut"]', '[data-do="pickup"]'):
            button = page.locator(f"#actions {sel}")
            if button.count():
                button.click()
                ready(page)
                break
        else:
            break
    keep = page.locator('#actions [data-move="keep"]')
    expect(keep).to_be_visible()
    expect(page.locator('#actions [data-move^="exchange"]')).to_have_count(2)
    expect(page.locator('#log li[data-code="move.exchange"]')).to_have_count(1)      # the dealer's, first
    shot(page, f"sandbox-exchange-{lang}")
    page.set_viewport_size({"width": 360, "height": 800})
    expect(keep).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"sandbox-exchange-phone-{lang}")
    keep.click()
    ready(page)
    expect(keep).to_have_count(0)
    expect(page.locator('#actions [data-move^="exchange"]')).to_have_count(0)
    expect(page.locator('#log li[data-code="move.keep"]')).to_have_count(1)
    shot(page, f"sandbox-kept-phone-{lang}")


def test_strong_players_think_during_the_pause_between_moves_and_the_page_answers_meanwhile(page: Page):
    """At a learner's pace (here "fast", 0.35 s between moves) the strong player asked next plays
    guessed deals out during the pause, in short slices: clicks are answered meanwhile."""
    page.goto("sandbox.html?new=1&strength=strong&speed=fast&autoplay=1&seed=3&target=24")
    page.wait_for_selector("body[data-ready=true]")      # the computer plays every seat: always busy
    page.wait_for_function("JSON.parse(window.perlaggenGuessesAhead || '[]').filter(n => n > 0).length >= 2",
                           timeout=60_000)
    settings = page.locator("#settings")
    expect(settings).not_to_have_attribute("open", "")
    settings.locator("summary").click()
    expect(settings).to_have_attribute("open", "")
