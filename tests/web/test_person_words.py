"""Sentences about the reader speak to the reader: every narration and sign code rendered for seat 0
(the reader) and for another seat, at every kind of table, in English and in German (the German
catalog compiled and read through gettext, as the site does). "You deals", "You shakes the head",
"Now West show" and "Us took three tricks" are the defects this pins."""
from __future__ import annotations

import re
import string

import pytest

from common import i18n
import tools.i18n as tools_i18n
from perlaggen_core import Message, get_rules
from perlaggen_core.signals import SYSTEMS, signal_message
from perlaggen_core.words import TEMPLATES
from perlaggen_core.words.markers import Plural
from perlaggen_core.words.narration import EVENTS, MOVES, OUTCOMES
from perlaggen_core.words.signals_text import SIGNALS
from common.pagewords import renderer

FORMS = (".you", ".we", ".they", ".one")
SAMPLE = {"card": "HA", "as_card": "LA", "take": "LU", "cards": ["HA", "SA"], "shown": [["HA", None]],
          "figure": "gleich", "value": 2, "points": 2, "tricks": 3, "n": 2, "min": 3}
# each kind of table: each seat's side, and names that show which a sentence used
TABLES = {"partners": [0, 1, 0, 1], "alone": [0, 1, 2], "two": [0, 1], "six": [0, 1, 0, 1, 0, 1]}
NARRATION = {**MOVES, **EVENTS, **OUTCOMES, **SIGNALS, "cut.first": TEMPLATES["cut.first"]}


def text_of(template) -> str:
    return template.singular if isinstance(template, Plural) else template


def base_codes(about: str) -> list[str]:
    """The narration codes whose sentence names a seat ("seat") or a side ("team")."""
    out = []
    for code, template in NARRATION.items():
        if code.endswith(FORMS) or code.startswith("signal.made"):
            continue
        names = {name for _l, name, _s, _c in string.Formatter().parse(text_of(template)) if name}
        if "{" + about + "}" in text_of(template) and names <= set(SAMPLE) | {"seat", "team"}:
            out.append(code)
    return sorted(out)


@pytest.fixture(scope="module", params=["en", "de"])
def lang(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("locale")
    tools_i18n.compile_all(out, ["en", "de"])
    i18n.use(request.param, out)
    yield request.param
    i18n.use("en")


def reader(table: str):
    teams = TABLES[table]
    view = {"players": len(teams), "seat": 0, "teams": teams, "scores": [0] * (max(teams) + 1),
            "seat_names": [f"«S{s}»" for s in range(len(teams))],
            "team_names": [f"«T{t}»" for t in range(max(teams) + 1)]}
    return renderer(view)


def grammar(text: str, lang: str) -> list[str]:
    """Verbs that do not agree with "you" or "we" (English "You deals", German "Du spielt")."""
    if lang == "en":
        return re.findall(r"\b(?:You|you|We|we) ([a-z]+[^s]s)\b", text)
    second = re.compile(r"(st|zt|ßt|xt)$")      # du spielst, du spitzt; the verb before or after ("hebst du ab")
    wrong = [f"{a} du {b}" for a, b in re.findall(r"(\w*)\W+[Dd]u\b\W*(\w*)", text)
             if not second.search(a) and not second.search(b)]
    return wrong + [w for w in re.findall(r"\b(?:Wir|wir) ([a-zäöüß]+)\b", text) if not w.endswith("n")]


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("code", base_codes("seat"))
def test_a_sentence_about_a_seat(lang, table, code):
    r = reader(table)
    other = len(TABLES[table]) - 1
    team = {"team": TABLES[table][0]} if "{team}" in text_of(NARRATION[code]) else {}
    mine = r.render(Message(code, {**SAMPLE, "seat": 0, **team}))
    assert "«S0»" not in mine and "«T0»" not in mine, mine        # the reader is "you", never a name
    assert not grammar(mine, lang), mine
    theirs = r.render(Message(code, {**SAMPLE, "seat": other, **({"team": TABLES[table][other]} if team else {})}))
    assert "«S0»" not in theirs and not grammar(theirs, lang), theirs
    assert f"«S{other}»" in theirs or (team and "«T" not in theirs), theirs


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("code", base_codes("team"))
def test_a_sentence_about_a_side(lang, table, code):
    r = reader(table)
    teams = TABLES[table]
    seat_of = {t: teams.index(t) for t in set(teams)}
    for team in sorted(set(teams)):
        params = {**SAMPLE, "team": team}
        if "{seat}" in text_of(NARRATION[code]):
            params["seat"] = seat_of[team] + (2 if team == 0 and teams.count(0) > 1 else 0)   # a partner's bet
        text = r.render(Message(code, params))
        assert "«S0»" not in text and "«T0»" not in text, text
        assert not grammar(text, lang), text
        if team != 0 and teams.count(team) == 1:                    # a single player: named as that player
            assert f"«S{seat_of[team]}»" in text and f"«T{team}»" not in text, text
        if team != 0 and teams.count(team) > 1:                     # another side with partners: "the opponents"
            assert f"«T{team}»" not in text, text


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_sign_made_by_you_or_another(lang, system):
    rules = next(get_rules(n) for n in ("innsbruck", "eichel", "deutschnofen", "giltspiel") if get_rules(n).signals == system)
    r = reader("partners")
    for signal, sign in SYSTEMS[system].items():
        mine = r.render(signal_message(rules, 0, signal))
        label = r.render(Message("signal.does", {"seat": 0, "gesture": sign.made_by(0)}))
        for text in (mine, label):
            assert "«S0»" not in text and not grammar(text, lang), text
        if lang == "en":                      # "shake" and "shakes" (German "du spitzt", "er spitzt" agree)
            assert r.render(sign.made_by(0)) != r.render(sign.made_by(2)), signal
        theirs = r.render(signal_message(rules, 2, signal))
        assert "«S2»" in theirs and not grammar(theirs, lang), theirs


def test_the_forms_of_a_sentence_exist_in_german_too(lang):
    """No form falls back to English in German: every ".you", ".we", ".they", ".one" is translated."""
    if lang != "de":
        pytest.skip("German only")
    missing = [code for code, template in TEMPLATES.items() if code.endswith(FORMS)
               and i18n.gettext(text_of(template)) == text_of(template) and re.search(r"[a-z]{3}", text_of(template))]
    assert not missing, missing


def test_the_exchange_line_speaks_to_you_or_of_another(lang):
    """The table's line about the exchange: "You exchanged ..." to the reader ("Du hast getauscht",
    never "Du hat"), the seat's name for another seat."""
    from common import tableview as tv
    from common.pagewords import card_names

    names = card_names()
    you, west = ("Du hast", "West hat") if lang == "de" else ("You exchanged", "West exchanged")
    for took in ("LU", "E7"):            # the trump card taken, or (Eichel) an acorn set aside
        said = [tv.exchange_line({"players": 4, "seat": 0, "exchanged": {"seat": seat, "gave": "H9", "took": took},
                                  "turned_card": "LU"}, names) for seat in (0, 1)]
        assert said[0].startswith(you) and said[1].startswith(west), said
    assert tv.exchange_line({"players": 4, "seat": 0}, names) == ""
