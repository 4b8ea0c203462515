"""Every command button a page can draw has its handler: a page names its commands by `data-do`
and declares them in one table (a `commands()` method returning a dict; common/shell.dispatch runs
them), so a name the views write but the table lacks would be a button that does nothing.

Under CPython: the tables are read from the entry modules' source (they import pyscript), the
names from the views' source (every `data-do` there is a literal name) and, as a check that the
source says all, from the HTML the views draw over whole games and every built-in scenario."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from common.pagewords import card_names
from lessons import view as lv
from lessons.player import LessonPlayer, lessons_from_json
from lessons.progress import Progress
from perlaggen_core.lesson import compile_dir
from editor import view as ev
from editor.controller import Editor, variants
from perlaggen_core.players import make_player
from perlaggen_core.scenario import load_dir
from sandbox import view as sv
from sandbox.controller import Sandbox, Settings
from teacher import review as trv
from teacher import view as tview
from teacher.presenter import Presenter
from teacher.store import Store

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "web" / "py"
NAMES = card_names()

# page -> (the module declaring its table, the folders whose modules draw its command buttons)
PAGES = {
    "table": ("table/main.py", ("table", "common")),
    "lessons": ("lessons/main.py", ("lessons", "common")),
    "practice": ("practice/main.py", ("practice", "common")),
    "sandbox": ("sandbox/main.py", ("sandbox", "review", "common")),
    "teacher": ("teacher/page.py", ("teacher", "review", "common")),
    "editor": ("editor/page.py", ("editor", "common")),
}
ANY = re.compile(r"data-do=")
LITERAL = re.compile(r"""data-do=\\?["']([a-z][a-z0-9-]*)\\?["']""")
IN_HTML = re.compile(r'data-do="([^"]*)"')


def table(module: str) -> set[str]:
    """The names of the commands the page's `commands()` returns (one dict with literal keys)."""
    tree = ast.parse((PY / module).read_text(encoding="utf-8"))
    found = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "commands"]
    assert len(found) == 1, f"{module}: one commands() method, found {len(found)}"
    returns = [node.value for node in ast.walk(found[0]) if isinstance(node, ast.Return)]
    assert len(returns) == 1 and isinstance(returns[0], ast.Dict), f"{module}: commands() returns one dict literal"
    keys = returns[0].keys
    assert all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in keys), \
        f"{module}: every command is named by a literal string"
    names = [k.value for k in keys]                 # type: ignore[union-attr]
    assert len(names) == len(set(names)), f"{module}: a command named twice"
    return set(names)


def written(folders: tuple[str, ...]) -> dict[str, set[str]]:
    """Per module of the folders: the command names its source writes (each a literal)."""
    out = {}
    for folder in folders:
        for path in sorted((PY / folder).glob("*.py")):
            text = path.read_text(encoding="utf-8")
            names = LITERAL.findall(text)
            where = path.relative_to(PY).as_posix()
            assert len(names) == len(ANY.findall(text)), f"{where}: a data-do whose name is not a literal"
            if names:
                out[where] = set(names)
    return out


@pytest.mark.parametrize("page", PAGES)
def test_every_command_a_view_writes_has_a_handler_and_every_handler_a_button(page):
    module, folders = PAGES[page]
    commands = table(module)
    names = written(folders)
    for where, used in names.items():
        assert used <= commands, f"{where} writes data-do {sorted(used - commands)}, which {page} has no handler for"
    assert set().union(*names.values()) == commands, "a command no button names"


def test_every_page_folder_is_covered():
    """A page added later (a folder with main.py) that writes data-do must declare its table here too."""
    covered = {folder for _module, folders in PAGES.values() for folder in folders}
    for path in sorted(PY.rglob("*.py")):
        if path.parent.name not in covered:
            assert not ANY.search(path.read_text(encoding="utf-8")), f"{path.relative_to(PY)} writes data-do"


def in_html(html: str) -> set[str]:
    return set(IN_HTML.findall(html))


def source_names(page: str) -> set[str]:
    return set().union(*written(PAGES[page][1]).values())


@pytest.mark.parametrize("variant", ["innsbruck", "straf"])
def test_the_sandbox_draws_only_commands_of_its_table(variant):
    game = Sandbox(Settings(variant=variant, target=11, strength="rule", seed=3))
    helper = make_player("rule", signals=True)
    seen: set[str] = set()
    for _i in range(3000):
        while game.bot_step() is not None:
            pass
        actions = [a for a in game.human_actions() if a["act"] not in ("play", "show")]
        seen |= in_html(sv.controls_html(game, actions, NAMES) + sv.signs_panel(game))
        if game.over:
            break
        if game.view()["phase"] == "scored":
            game.next_deal()
        elif game.before_cut:
            game.pass_blind() if game.deal.cutter != 0 else game.act({"act": "cut"})
        elif game.opening:
            game.pick_up()
        elif game.exchange_open():
            game.act({"act": "keep"})
        else:
            assert game.act(helper.decide(game.deal, 0, game.seen_signs()).action.to_dict())[1] is None
    assert game.over
    assert {"pickup", "next", "review", "newgame", "hint", "undo"} <= seen
    assert seen <= table(PAGES["sandbox"][0]) and seen <= source_names("sandbox")


def test_the_teacher_page_and_the_editor_draw_only_commands_of_their_tables():
    store = Store()
    scenarios = load_dir(ROOT / "scenarios")
    store.put(scenarios[0].to_json())
    store.put({"title": "old", "hands": "nonsense"})        # one that no longer loads keeps its buttons
    seen = in_html(tview.mine_html(store, "en"))
    assert seen == {"mine-edit", "mine-export", "mine-delete"}
    for scenario in scenarios:
        p = Presenter(scenario)
        for step in (0, p.last):
            p.go(step)
            seen |= in_html(tview.controls_html(p) + tview.tools_html(p)
                            + trv.tool_html(p, trv.default_seat(p), None))
    assert {"forward", "hands", "notes", "play-on", "review"} <= seen
    assert seen <= table(PAGES["teacher"][0]) and seen <= source_names("teacher")

    drawn: set[str] = set()
    for variant in variants():
        editor = Editor(variant)
        drawn |= in_html(ev.start_html([]) + ev.setup_html(editor, NAMES, []))
        editor.deal_seeded(4)
        editor.begin()
        drawn |= in_html(ev.record_html(editor, NAMES) + ev.output_html(editor))
    assert drawn == table(PAGES["editor"][0]) and drawn <= source_names("editor")


def test_a_lesson_step_draws_only_commands_of_its_table():
    """Every step that can be solved: its open buttons (the hints, Show me), then Next once shown."""
    seen: set[str] = set()
    for lesson in lessons_from_json(json.loads(compile_dir(ROOT / "lessons"))):
        player = LessonPlayer(lesson, Progress())
        for step in lesson.steps:
            player.open(step.id)
            for _hint in step.hints:
                seen |= in_html(lv.buttons_html(player))
                player.hint()
            seen |= in_html(lv.buttons_html(player))
            if step.kind != "read":
                player.show_me()
                seen |= in_html(lv.buttons_html(player))
    assert {"hint", "show-me", "show-selected", "next"} <= seen
    assert seen <= table(PAGES["lessons"][0]) and seen <= source_names("lessons")
