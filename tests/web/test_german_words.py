"""The German as docs/german.md has it: banned words nowhere (catalog, lessons, scenarios, glossary),
seats named by the compass in every lesson, and every engine template rendered through the German
catalog (cards and figures with their articles, "Du spielst den Laub-König")."""
from __future__ import annotations

import functools
import json
import re
import tomllib
from pathlib import Path

import pytest

from perlaggen_core import Message, msg
from perlaggen_core.lesson import learner_texts, load_dir
from perlaggen_core.words import KINDS, TEMPLATES, Plural, Renderer
from tools.project import ROOT

PO = ROOT / "web" / "locale" / "de" / "LC_MESSAGES" / "messages.po"

BANNED = [   # (pattern in German text, what to write instead)
    (re.compile(r"\bwild", re.IGNORECASE), "Perlagg, ständige Perlaggen, Trumpf-Perlaggen, \"wie ein Joker\""),
    (re.compile(r"\bPlatz \d|\bPlätze \d"), "the compass names: West, Nord, Ost"),
    (re.compile(r"\bSchritt 0\b|\bZug 0\b"), "count from 1"),
    (re.compile(r"regeltreu", re.IGNORECASE), "einfach (spielt nach Faustregeln)"),
    (re.compile(r"Regelwerk"), "das Regelprogramm"),
    (re.compile(r"Perlagg-Kraft|als sich selbst (spielen|zeigen)", re.IGNORECASE), "ungetauft"),
    (re.compile(r"\bauf(?:s| das| den)? (?:Gleich|Hanger|Spiel) (?:ge)?bot", re.IGNORECASE), "das Gleich bieten, den Hanger geboten"),
    (re.compile(r"\bTrumpf geben\b"), "Trumpf zugeben (geben is dealing)"),
    (re.compile(r"(?:Trumpfkarte|Karte)[^.]{0,40}\baufgedeckt"), "aufgeschlagen"),
]


def catalog():
    from babel.messages.pofile import read_po   # the build's tool
    with PO.open("rb") as f:
        return read_po(f, locale="de")


def german_texts():
    """(where, text) for every German text the site shows."""
    for m in catalog():
        if m.id:
            strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
            for s in strings:
                yield f"catalog {m.id if isinstance(m.id, str) else m.id[0]!r}", s
    for lesson in load_dir(ROOT / "lessons"):
        for step, field, text in learner_texts(lesson):
            if "de" in text:
                yield f"{lesson.file}, {step}, {field}", text["de"]
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        for text in _de_strings(json.loads(path.read_text(encoding="utf-8"))):
            yield path.name, text
    for entry in tomllib.loads((ROOT / "web" / "glossary.toml").read_text(encoding="utf-8"))["term"]:
        yield f"glossary {entry['id']}", entry["de"]


def _de_strings(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "de" and isinstance(value, str):
                yield value
            else:
                yield from _de_strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _de_strings(item)


def test_no_banned_word_in_any_german_text():
    found = [f"{where}: '{pattern.search(text).group()}' (write: {instead})"
             for where, text in german_texts() for pattern, instead in BANNED
             if pattern.search(text)]
    assert not found, "\n".join(found)


def test_the_banned_words_are_found():
    """The patterns catch the defects they name (a test that cannot fail would prove nothing)."""
    for bad in ("Keine Perlaggen: keine wilden Karten.", "Du (Platz 0)", "Schritt 0 von 4", "regeltreu",
                "Das Regelwerk findet", "Als sich selbst spielen, ohne Perlagg-Kraft", "auf Hanger geboten",
                "Wer Trumpf geben muss", "die Karte, die nach dem Geben aufgedeckt wird"):
        assert any(p.search(bad) for p, _i in BANNED), bad
    for good in ("das Gleich bieten", "ein Gebot auf den Hanger", "Deck den Weli auf", "Trumpf zugeben"):
        assert not any(p.search(good) for p, _i in BANNED), good


def test_every_lesson_names_seats_by_the_compass():
    """No "seat 1" / "Platz 1" in what a learner reads: the table says West, North, East."""
    seat = re.compile(r"\b[Ss]eats? \d|\bPlatz \d")
    for lesson in load_dir(ROOT / "lessons"):
        numbered = [(step, field) for step, field, text in learner_texts(lesson)
                    if any(seat.search(t) for t in text.values())]
        assert not numbered, f"{lesson.file}: {numbered}"


@functools.cache
def german_renderer() -> Renderer:
    """The engine's renderer over the German catalog (read once: every template's test uses it)."""
    cat = catalog()
    single = {(m.context, m.id): m.string for m in cat if m.id and isinstance(m.id, str)}
    plural = {m.id[0]: m.string for m in cat if m.id and not isinstance(m.id, str)}
    return Renderer(gettext=lambda s: single.get((None, s)) or s,
                    ngettext=lambda a, b, n: (plural.get(a) or (a, b))[0 if n == 1 else 1],
                    pgettext=lambda c, s: single.get((c, s)) or s,
                    seat_name=lambda s: ["Du", "West", "Nord", "Ost"][s], team_name=lambda t: ["Wir", "Gegner"][t],
                    viewer=0)


SAMPLE = {"card": "LK", "as_card": "LA", "take": "LU", "gave": "L8", "took": "LU", "cards": ["HA", "SA"],
          "shown": [("S7", "E9"), ("HA", None)], "figure": "hanger", "theirs_figure": "gleich", "led": "H",
          "trump": "L", "suit": "E", "ranks": "A", "rank": "A", "top": "K", "seat": 1, "team": 1, "value": 2, "phase": "play",
          "rules": "innsbruck", "count": 2, "known": ["innsbruck"], "mine": 0.5, "plain": -0.2}


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_engine_template_renders_in_german(code):
    """With the engine's own values: a German template that asks a card or figure for its case
    ("{card:acc}") gets the article, and no template asks a value that has no cases for one."""
    template = TEMPLATES[code]
    text = template.singular if isinstance(template, Plural) else template
    names = {name for _l, name, _s, _c in __import__("string").Formatter().parse(text) if name}
    numbers = {"number": 1.5, "signed": -0.5}
    params = {n: SAMPLE.get(n, 3 if n not in KINDS else numbers.get(KINDS[n], SAMPLE.get(KINDS[n], "x"))) for n in names}
    if isinstance(template, Plural):
        params[template.param] = 2
    said = german_renderer().render(Message(code, params))
    assert said and "{" not in said


def test_the_log_speaks_with_articles():
    r = german_renderer()
    assert r.render(msg("move.play", seat=0, card="LK")) == "Du spielst den Laub-König."
    assert r.render(msg("move.play", seat=1, card="HA")) == "West spielt das Herz-Ass."
    assert r.render(msg("move.play_as", seat=3, card="S6", as_card="LA")) == "Ost spielt den Weli als Laub-Ass."
    assert r.render(msg("move.bet", seat=2, figure="gleich", value=2)) == "Nord bietet das Gleich zu 2."
    assert r.render(msg("move.good", seat=1, figure="hanger")) == "West gibt den Hanger gut."
    # the turn ends, nothing more: the deal's last move is often a "done" (it said "jetzt sind die anderen dran")
    assert r.render(msg("move.done", seat=3)) == "Ost beendet den Zug beim Zeigen."
    assert r.render(msg("move.done", seat=0)) == "Du beendest deinen Zug beim Zeigen."
    # the proofs, the figures won and the penalties name the figure with its article, as the log does
    assert r.render(msg("event.won.they", figure="gleich", value=1)) == "Die Gegner gewinnen das Gleich zu 1."
    assert r.render(msg("penalty.no_example", team=0, seat=0, figure="hanger", points=2)) == (
        "Du konntest den Hanger nicht zeigen, obwohl geboten war: 2 Punkte Abzug.")
    assert r.render(msg("proof.failed", seat=2, figure="gleich", team=0, points=2)).startswith(
        "Nord kann das Gleich nicht vorzeigen.")
    assert r.render(msg("proof.failed_figure", seat=1, figure="hanger", team=1, points=2)).endswith(
        "und der Hanger ist verloren.")
    assert r.render(msg("move.exchange", seat=1, card="L8", take="LU")) == "West tauscht den Laub-Achter gegen den Laub-Unter."
