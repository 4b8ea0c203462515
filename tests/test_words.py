"""The English renderer: every code the engine can produce has words, and the words fit the codes."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from perlaggen_core import Action, msg
from perlaggen_core.cards import ALL_CARDS
from perlaggen_core.narrate import doing, told
from perlaggen_core.signals import SYSTEMS
from perlaggen_core.words import ENGLISH, KINDS, TEMPLATES, Plural, names, render

ENGINE = Path(__file__).resolve().parent.parent / "perlaggen_core"
# values that are printed as they are (numbers, field paths, the player's own text)
PLAIN = {"n", "seat_no", "players", "teams", "min", "low", "high", "last", "size", "most", "tricks", "points",
         "percent", "samples", "target", "hand", "field", "text", "name", "word", "act", "call", "also",
         "dealer", "key", "why", "perlaggen", "spare", "theirs", "plain_move", "gesture", "caption", "reason", "move",
         "better", "actual", "expected", "language", "lang"}


CODE = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")


def literal_codes() -> set[str]:
    """Every code written as a literal in the engine (outside the renderer): in msg(...), in a
    conditional choosing between codes, in a variable."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        if "words" in path.relative_to(ENGINE).parts or path.name == "loader.py":   # the lesson loader's field names look alike
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value) \
                    and node.value.split(".")[0] in PREFIXES:
                found.add(node.value)
    return found


PREFIXES = {code.split(".")[0] for code in TEMPLATES}


def made_codes() -> set[str]:
    """Codes the engine builds from parts: signs, figure keys, moves."""
    out = {f"signal.{system}.{sid}.{part}" for system, table in SYSTEMS.items() for sid in table
           for part in ("gesture", "caption")}
    out |= {"key.gleich", "key.hanger"}
    for text in ("0 play HK", "0 play HK=HA", "0 bet gleich", "0 bet gleich blind", "0 hold gleich",
                 "0 raise gleich", "0 good gleich", "0 exchange L9 take=LU", "0 keep", "0 show S7=E9,LU", "0 done",
                 "0 declare gleich H9,E9,S9", "0 cut"):
        action = Action.from_text(text)
        out.add(told(action, ()).code)
        out.add(doing(action).code)
    out |= {"move.pass", "do.pass"}
    out |= {f"{act}.{why}" for act in ("bet", "raise") for why in ("gestrichen", "on_one", "would_reach_target")}
    out |= {f"penalty.{kind}" for kind in ("no_example", "no_example_added", "gestrichen_bet", "straf")}
    return out


def test_every_code_of_the_engine_has_words():
    missing = (literal_codes() | made_codes()) - set(TEMPLATES)
    assert not missing, sorted(missing)


def test_no_words_without_a_code():
    used = literal_codes() | made_codes()
    forms = (".you", ".we", ".they", ".one")        # a sentence's forms for its reader (Renderer.person)
    unused = {c for c in TEMPLATES if c not in used and not (c.endswith(forms) and c.rsplit(".", 1)[0] in used)
              and not c.startswith(("shown.", "signal.made", "signal.does"))}
    assert not unused, sorted(unused)


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_placeholders_are_known_values(code):
    template = TEMPLATES[code]
    texts = [template.singular, template.plural] if isinstance(template, Plural) else [template]
    for text in texts:
        for _literal, name, _spec, _conv in string.Formatter().parse(text):
            if name:
                assert name in KINDS or name in PLAIN, f"{code}: unknown value {{{name}}}"


def test_cards_and_values_in_words():
    assert len(names.CARDS) == len(ALL_CARDS) == 33
    assert render(msg("play.not_held", card="HK")) == "You do not hold the Martl (King of hearts)."
    assert render(msg("key.gleich", count=3, ranks="K")) == "three Kings"
    assert render(msg("how.tricks", team=1, tricks=1)).endswith("took 1 trick.")
    assert ENGLISH.value("aus") == "Spiel aus"
    assert ENGLISH.list(["A", "B", "C"]) == "A, B and C"


def test_the_reader_reads_its_own_moves_in_the_second_person():
    from perlaggen_core.words import Renderer
    mine = Renderer(viewer=2)
    action = Action.from_text("2 play HK=LA")
    assert mine.render(told(action)).startswith("You play the Martl")
    assert render(told(action)).startswith("seat 2 plays the Martl")


def test_a_number_with_a_fraction_is_written_as_the_language_writes_it():
    """English keeps the point; a catalog that writes a comma gets "0,9" (German), whole numbers stay whole."""
    from perlaggen_core.words import Renderer
    from perlaggen_core.words.names import DECIMAL

    fine = msg("review.fine", better=msg("do.keep", seat=0), lost=0.9)
    assert "0.9 points" in render(fine)
    comma = Renderer(lambda text: "{whole},{fraction}" if text == DECIMAL else text)
    assert "0,9 points" in comma.render(fine) and comma.param("lost", 2) == "2"


def test_a_review_reason_speaks_to_the_reviewed_seat_and_of_it_to_anyone_else():
    """The sandbox's learner reads "your team"; the teacher page, reviewing North, names North."""
    from perlaggen_core.words import Renderer

    why = msg("review.why.wins", seat=2, figure="gleich", taken_in=2, better_in=12, of=20)
    names = {2: "North"}.get
    assert "your team" in Renderer(viewer=2).render(why)
    teacher = Renderer(seat_name=names).render(why)
    assert teacher.startswith("North's team wins the Gleich") and "your" not in teacher
