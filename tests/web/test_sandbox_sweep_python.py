"""The sandbox in every rule set it offers, in German and in the pseudo-language (where no text may
bypass the catalogs), under CPython: a game with random choices among everything the human may do
(a blind bet, the cut, picking up, keeping or exchanging, every card with every name, bets,
answers, shows, signs, hints, undo), and after every move, the human's or a computer player's,
everything the page draws from the controller rendered in that language. English draws through the
same code with the catalog's own words, so the pseudo-language's run covers it. The browser's
sweep (tests/browser/test_sweep.py) clicks through each rule set once; this one covers every rule
set in both catalogs, and many more states, in a fraction of its time."""
from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser

import pytest

from common import i18n
from common import tableview as tv
from common.pagewords import card_names
from sandbox import view as sv
from sandbox.controller import VARIANTS, Sandbox, Settings, signal_menu
from tools import i18n as tools_i18n
from tools.pseudo import PSEUDO, catalog as pseudo_catalog

HUMAN_MOVES = 40          # about two deals: past a deal's end into the next one


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("locale")
    tools_i18n.compile_all(folder, ["en", "de", PSEUDO], extra={PSEUDO: pseudo_catalog()})
    return folder


@pytest.fixture(params=["de", PSEUDO])
def lang(request, catalogs):
    i18n.use(request.param, catalogs)
    yield request.param
    i18n.use("en")


class PlainText(HTMLParser):
    """The text a reader gets from HTML (text nodes, aria-label, title, alt) with a plain ASCII letter
    in it, where the pseudo-language has none: what bypassed the catalogs. Skipped as in
    tests/browser/test_pseudo_language.py: drawings (svg), keys (kbd), what is marked translate="no"
    or as another language, and the brand "Perlaggen"."""

    SKIP = {"svg", "kbd", "script", "style"}
    VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr", "col", "area"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []       # per open element: is its content skipped
        self.found: list[str] = []

    def skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skip = self.skipped() or tag in self.SKIP or a.get("translate") == "no" or (
            "lang" in a and a["lang"] != PSEUDO)
        if not skip:
            for name in ("aria-label", "title", "alt"):
                self.note(a.get(name))
        if tag not in self.VOID:
            self.stack.append(skip)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self.skipped():
            self.note(data)

    def note(self, text):
        if text and re.search("[A-Za-z]", re.sub(r"\bPerlaggen\b", "", text)):
            self.found.append(text.strip())


def plain_text(html: str) -> list[str]:
    parser = PlainText()
    parser.feed(html)
    parser.close()
    return parser.found


def test_the_checker_finds_plain_words():
    assert plain_text('<p>Ŵéļļ <b>Plain</b></p><button aria-label="Close">×</button>'
                      '<span lang="en">Kept</span><svg><text>A</text></svg><kbd>F</kbd>') == ["Plain", "Close"]


def render(game: Sandbox, lang: str = "en", logged: list[int] | None = None) -> str:
    """Everything the sandbox page's render() and its log draw, in the page's language (the log's
    lines after the first `logged[0]`, as the page adds only new ones); in the pseudo-language, no
    text may bypass the catalogs."""
    names = card_names(game.rules)
    view = sv.table_view(game, names)
    actions = [a for a in game.human_actions() if a["act"] not in ("play", "show")]
    reader = sv.reader(game)
    parts = [sv.game_line(game), tv.table_html(view, names), sv.hand_html(game, view, names),
             "" if game.opening else tv.perlaggen_legend(view, names), tv.figures_html(view, actions),
             sv.score_sheet_html(game), sv.controls_html(game, actions, names), sv.status_text(game, view),
             sv.signs_panel(game), sv.summary_html(game, names)]
    entries = game.log.entries
    start = 0 if logged is None or logged[0] > len(entries) else logged[0]   # an undo shortens the log
    parts += [sv.log_item(e, reader) for e in entries[start:]]
    if logged is not None:
        logged[0] = len(entries)
    if lang == PSEUDO:
        plain = plain_text("".join(parts))
        assert not plain, f"text that bypasses the catalogs: {plain[:5]}"
    return "".join(parts) + json.dumps(view)


def human_choice(game: Sandbox, rng: random.Random) -> None:
    """One of the things the page offers the human now, at random (the sweep's clicks, as calls)."""
    if game.before_cut and not game.blind_open() and game.deal.cutter != 0:
        game.pass_blind()
        return
    if game.opening and not game.before_cut:
        game.pick_up()
        return
    if game.exchange_open() and rng.random() < 0.5:
        game.act({"act": "keep"})
        return
    extra = rng.random()
    if extra < 0.05 and game.partners and not game.opening and not game.deal.phase.over:
        menu = [s.id for s in signal_menu(game.rules)]
        game.human_signal(rng.choice(menu)) if rng.random() < 0.5 else game.ask_partner()
        return
    if extra < 0.08:
        move, _refusal, _why = game.hint()
        assert move is None or move in game.human_actions()
        return
    if extra < 0.10 and game.can_undo():
        assert game.undo()
        return
    choices = game.human_actions()
    assert choices, "the human is to act and is offered nothing"
    events, refusal = game.act(rng.choice(choices))
    assert refusal is None, refusal


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_set_plays_and_renders_in_both_languages(variant, lang):
    rng = random.Random(f"{variant}-{lang}")
    game = Sandbox(Settings(variant=variant, seed=7, strength="rule", target=0 if variant == "straf" else 24))
    moves, logged = 0, [0]
    for _i in range(3000):
        render(game, lang, logged)
        if game.over or moves >= HUMAN_MOVES:
            break
        if game.bot_step() is not None:
            continue
        if game.view()["phase"] == "scored":
            game.next_deal()
            continue
        assert game.human_to_act(), f"{variant}: nobody is to act in phase {game.view()['phase']}"
        human_choice(game, rng)
        moves += 1
    assert moves >= HUMAN_MOVES or game.over, f"{variant}: stopped after {moves} moves"
    assert game.number > 1 or game.over, f"{variant}: never reached a second deal"
