"""The sandbox in every rule set it offers and both languages of the site, under CPython: a game with
random choices among everything the human may do (a blind bet, the cut, picking up, keeping or
exchanging, every card with every name, bets, answers, shows, signs, hints, undo), and after every
move, the human's or a computer player's, everything the page draws from the controller rendered
in that language. The browser's sweep (tests/browser/test_sweep.py) clicks through each rule set
once; this one covers every pair of rule set and language, and many more states, in a fraction of
its time."""
from __future__ import annotations

import json
import random

import pytest

from common import i18n
from common import tableview as tv
from common.pagewords import card_names
from sandbox import view as sv
from sandbox.controller import VARIANTS, Sandbox, Settings, signal_menu
from tools import i18n as tools_i18n

HUMAN_MOVES = 40          # about two deals: past a deal's end into the next one


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("locale")
    tools_i18n.compile_all(folder, ["en", "de"])
    return folder


@pytest.fixture(params=["en", "de"])
def lang(request, catalogs):
    i18n.use(request.param, catalogs)
    yield request.param
    i18n.use("en")


def render(game: Sandbox) -> str:
    """Everything the sandbox page's render() and its log draw, in the page's language."""
    names = card_names(game.rules)
    view = sv.table_view(game, names)
    actions = [a for a in game.human_actions() if a["act"] not in ("play", "show")]
    reader = sv.reader(game)
    parts = [sv.game_line(game), tv.table_html(view, names), sv.hand_html(game, view, names),
             "" if game.opening else tv.perlaggen_legend(view, names), tv.figures_html(view, actions),
             sv.score_sheet_html(game), sv.controls_html(game, actions, names), sv.status_text(game, view),
             sv.signs_panel(game), sv.summary_html(game, names), json.dumps(view)]
    parts += [sv.log_item(e, reader) for e in game.log.entries]
    return "".join(parts)


def human_choice(game: Sandbox, rng: random.Random) -> None:
    """One of the things the page offers the human now, at random (the sweep's clicks, as calls)."""
    if game.before_cut and not game.blind_open() and game.deal.cutter != 0:
        game.pass_blind()
        return
    if game.opening and not game.before_cut:
        game.pick_up()
        return
    if game.exchange_open() and rng.random() < 0.5:
        game.keep_cards()
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
    moves = 0
    for _i in range(3000):
        render(game)
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
