"""The scenario format: built-in scenarios replayed and their notes confirmed by the engine, round
trips through the link form, and every kind of broken scenario or link refused with its field."""
from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from perlaggen_core.lesson import REQUIRED
from perlaggen_core.scenario import (ScenarioError, decode, encode, from_link, load_dir, load_file,
                                     load_scenario, missing_languages, scenario_texts, text_of, to_link)
from perlaggen_core.scenario.__main__ import main as scenario_cli
from perlaggen_core.words import render

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXAMPLE_1 = {
    "title": "Three Aces", "dealer": 3, "trump_card": "L8",
    "hands": [["L10", "H9", "H8", "S9", "E9"], ["LA", "HA", "SA", "EA", "E8"],
              ["LU", "HO", "SO", "EO", "E10"], ["S7", "SK", "EK", "HU", "S10"]],
    "actions": [{"seat": 0, "act": "play", "card": "L10"}, {"seat": 1, "act": "play", "card": "LA"},
                {"seat": 2, "act": "play", "card": "LU", "as": "LA"}],
    "notes": [{"at": 0, "text": "North leads."}, {"at": 2, "text": "What should South play?", "ask": True}],
}


def scenario(**changes) -> dict:
    data = json.loads(json.dumps(EXAMPLE_1))
    data.update(changes)
    return data


# ---------------------------------------------------------------------- the built-in scenarios
def test_the_built_in_scenarios_are_the_worked_examples_and_our_own():
    """Examples 1-7 of the main source, Examples 1-4 of the Giltspiel page, and five of our own."""
    ids = [s.id for s in load_dir(SCENARIOS)]
    assert ids[:7] == [f"example-{n}" for n in range(1, 8)]
    assert {"naming-a-perlagg", "trumpf-abreissen", "the-fifth-trick", "a-bluff-in-the-show",
            "both-gestrichen"} <= set(ids)
    assert [i for i in ids if i.startswith("giltspiel-")] == [f"giltspiel-example-{n}" for n in range(1, 5)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_built_in_scenario_replays_to_its_end_and_every_note_is_confirmed(path):
    sc = load_file(path)       # the loader evaluates every note's check against the engine
    replay = sc.replay()
    assert replay.steps == len(sc.actions) > 0
    assert len(replay.deals) == replay.steps + 1
    assert isinstance(sc.title, dict) and sc.title.get("en")
    assert sc.summary and sc.summary.get("en")
    assert sc.notes and sc.note_at(0), "a built-in scenario opens with a note"
    for note in sc.notes:
        assert isinstance(note.text, dict) and note.text.get("en"), f"note at {note.at}: English text"
        assert note.check, f"note at {note.at}: every built-in note is checked against the engine"
        if note.ask:
            assert note.answer and note.answer.get("en"), f"question at {note.at}: an answer for the reveal"


def test_a_count_of_cards_by_rank_is_checked_in_the_seat_s_cards_of_the_deal():
    """`ranks.SEAT` counts the natural cards of each rank a seat holds or has played (a Perlagg is
    wild, so it counts as no rank); Example 3's South was dealt three Aces, not two."""
    ok = scenario(notes=[{"at": 3, "text": "East has four Aces; North three Nines and a Ten, the Ten played.",
                          "check": {"ranks.1": {"A": 4, "8": 1}, "ranks.0": {"9": 3, "10": 1}}}])
    assert load_scenario(ok).notes[0].check["ranks.1"] == {"A": 4, "8": 1}
    south = scenario(notes=[{"at": 0, "text": "South's Unter of leaves is a Perlagg: no Unter.",
                             "check": {"ranks.2": {"U": 0, "O": 3}}}])
    assert load_scenario(south).notes
    data = json.loads((SCENARIOS / "03-example-3.json").read_text(encoding="utf-8"))
    data["notes"][1]["check"]["ranks.2"] = {"A": 2, "10": 2}
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    assert (info.value.field, info.value.params["actual"], info.value.params["expected"]) == (
        "notes.1.check.ranks.2.A", 3, 2)


# A note that says how many cards of a rank someone has: "South has three Aces", "his two 8s",
# "West's two Aces", "a pair of 9s". Such a note must carry a `ranks` check with that count.
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "a pair of": 2}
RANK_WORDS = {"Aces": "A", "Kings": "K", "Obers": "O", "Unters": "U", "Tens": "10", "Nines": "9",
              "Eights": "8", "Sevens": "7", "10s": "10", "9s": "9", "8s": "8", "7s": "7"}
HAS_COUNT = re.compile(r"(?:\b(?:has|holds|his|gives him)\s+(?:only\s+)?|\w+'s\s+)(" + "|".join(NUMBERS)
                       + r")\s+(" + "|".join(RANK_WORDS) + r")\b")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_note_that_counts_someone_s_cards_of_a_rank_is_checked_by_the_engine(path):
    for i, note in enumerate(load_file(path).notes):
        counted = [(rank, n) for key, counts in (note.check or {}).items() if key.startswith("ranks.")
                   for rank, n in counts.items()]
        for name in ("text", "answer"):
            words = text_of(getattr(note, name)) if getattr(note, name) else ""
            for number, rank in HAS_COUNT.findall(words):
                assert (RANK_WORDS[rank], NUMBERS[number]) in counted, (
                    f"notes.{i}.{name} says '{number} {rank}' without a check of it (ranks.SEAT)")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_built_in_scenario_is_written_in_every_language_of_the_site(path):
    """Like a lesson, a built-in scenario has every text a class reads in each language of REQUIRED."""
    assert missing_languages(path) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert all(set(REQUIRED) <= set(text) for _field, text in scenario_texts(data))


def test_a_built_in_scenario_without_german_stops_the_build_naming_file_and_field(tmp_path):
    source = SCENARIOS / "06-example-6.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    del data["notes"][8]["answer"]["de"]
    (tmp_path / source.name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_dir(tmp_path)
    error = caught.value
    assert (error.file, error.field, error.code) == (source.name, "notes.8.answer", "scenario.no_language")
    assert error.params["lang"] == "de"
    assert str(error) == "06-example-6.json: notes.8.answer: no German text (de)."
    assert load_file(tmp_path / source.name).note_at(12).answer == {"en": data["notes"][8]["answer"]["en"]}
    # a plain string (a teacher's own words) has no language, so a built-in file may not use one
    data["notes"][8]["answer"] = "Nein."
    (tmp_path / source.name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError, match="notes.8.answer"):
        load_dir(tmp_path)
    data["notes"][8]["answer"] = {"en": "No."}              # English alone passes where only English is required
    (tmp_path / source.name).write_text(json.dumps(data), encoding="utf-8")
    assert load_dir(tmp_path, required=("en",))[0].id == "example-6"


def test_a_scenario_of_the_teacher_may_be_in_any_one_language():
    for title in ("Mein Beispiel", {"de": "Mein Beispiel"}, {"en": "My example"}, {"it": "Il mio esempio"}):
        assert load_scenario(scenario(title=title)).title == title


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_to_link_to_file(path):
    sc = load_file(path)
    link = to_link(sc)
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    back = from_link(link)
    assert back.to_json() == sc.to_json()
    assert json.loads(json.dumps(back.to_json())) == back.to_json()
    assert load_scenario(back.to_json()).to_json() == sc.to_json()


def test_the_link_is_raw_deflate_in_base64url_without_padding():
    doc = load_scenario(scenario()).to_json()
    link = encode(doc)
    assert "=" not in link
    packed = base64.urlsafe_b64decode(link + "=" * (-len(link) % 4))
    assert json.loads(zlib.decompress(packed, -15)) == doc


def test_a_scenario_of_the_teacher_keeps_plain_texts_seeds_and_short_actions():
    sc = load_scenario({"title": "Mein Beispiel", "seed": 12, "dealer": 1, "actions": ["2 bet gleich"],
                        "notes": [{"at": 1, "text": "Süd bietet."}], "open": [0, 2], "bottom": 1})
    assert sc.to_json()["actions"] == [{"seat": 2, "act": "bet", "figure": "gleich"}]
    assert sc.to_json()["seed"] == 12 and sc.open == (0, 2) and sc.bottom == 1
    back = from_link(to_link(sc))
    assert text_of(back.note_at(1).text, "de") == "Süd bietet." and back.open == (0, 2)


def test_cli_lists_and_steps(capsys):
    assert scenario_cli([str(SCENARIOS)]) == 0
    assert "example-6" in capsys.readouterr().out
    assert scenario_cli(["--steps", str(FILES[0])]) == 0
    assert "QUESTION" in capsys.readouterr().out


# ---------------------------------------------------------------------- broken scenarios
BROKEN = [
    ("not an object", [1, 2], "scenario", "scenario.not_object"),
    ("no title", {"title": None}, "title", "scenario.text"),
    ("a title too long", {"title": "x" * 201}, "title", "scenario.too_long"),
    ("an unknown field", {"colour": "red"}, "colour", "record.unknown_field"),
    ("a newer format", {"format": 2}, "format", "scenario.format"),
    ("a bad id", {"id": "Example 1"}, "id", "scenario.id"),
    ("a card twice", {"trump_card": "LA"}, "trump_card", "start.dealt_twice"),
    ("a short hand", {"hands": EXAMPLE_1["hands"][:3] + [["S7", "SK", "EK", "HU"]]}, "hands.3", "start.hand_size"),
    ("an illegal action", {"actions": ["0 play L10", "1 play HA"]}, "actions.1", "scenario.refused"),
    ("an action in bad short form", {"actions": ["0 plays L10"]}, "actions.0", "record.unknown_act"),
    ("notes not a list", {"notes": "hello"}, "notes", "scenario.not_list"),
    ("a note beyond the end", {"notes": [{"at": 4, "text": "x"}]}, "notes.0.at", "scenario.number"),
    ("two notes at one step", {"notes": [{"at": 1, "text": "x"}, {"at": 1, "text": "y"}]}, "notes.1.at",
     "scenario.note_twice"),
    ("a note without text", {"notes": [{"at": 1}]}, "notes.0.text", "scenario.needs"),
    ("an empty note", {"notes": [{"at": 1, "text": "  "}]}, "notes.0.text", "scenario.text"),
    ("a note with markup is text, but an unknown field is not", {"notes": [{"at": 1, "text": "<b>x</b>", "html": 1}]},
     "notes.0.html", "record.unknown_field"),
    ("a question at the last step", {"notes": [{"at": 3, "text": "x", "ask": True}]}, "notes.0.ask",
     "scenario.ask_last"),
    ("ask not a boolean", {"notes": [{"at": 1, "text": "x", "ask": "yes"}]}, "notes.0.ask", "record.not_bool"),
    ("a bad highlight", {"notes": [{"at": 1, "text": "x", "highlight": ["Q9"]}]}, "notes.0.highlight.0", "record.card"),
    ("a seat that is not there", {"open": [0, 4]}, "open.1", "scenario.number"),
    ("a seat twice", {"open": [1, 1]}, "open", "scenario.seats"),
    ("a bad bottom seat", {"bottom": -1}, "bottom", "scenario.number"),
    ("texts by language need language codes", {"title": {"english": "x"}}, "title", "scenario.text"),
    ("a check the engine denies", {"notes": [{"at": 3, "text": "x", "check": {"tricks.0.winner": 2}}]},
     "notes.0.check.tricks.0.winner", "scenario.check_value"),
    ("a check of nothing", {"notes": [{"at": 3, "text": "x", "check": {"tricks.7.winner": 2}}]},
     "notes.0.check.tricks.7.winner", "scenario.check_path"),
    ("a refusal that is not one", {"notes": [{"at": 1, "text": "x", "check": {"refuses": ["1 play LA"]}}]},
     "notes.0.check.refuses.0", "scenario.check_refused"),
    ("a refusal for another reason", {"notes": [{"at": 1, "text": "x", "check": {
        "refuses": [{"action": "1 play HA", "code": "bet.endgame"}]}}]}, "notes.0.check.refuses.0",
     "scenario.check_reason"),
    ("a move the rules refuse", {"notes": [{"at": 1, "text": "x", "check": {"allows": ["1 play HA"]}}]},
     "notes.0.check.allows.0", "scenario.check_allowed"),
    ("an empty check", {"notes": [{"at": 1, "text": "x", "check": {}}]}, "notes.0.check", "scenario.check_form"),
    ("a count of a rank the hand does not have", {"notes": [{"at": 0, "text": "East has two Aces.",
                                                             "check": {"ranks.1": {"A": 2}}}]},
     "notes.0.check.ranks.1.A", "scenario.check_ranks"),
    ("a count of ranks for no seat", {"notes": [{"at": 0, "text": "x", "check": {"ranks.4": {"A": 4}}}]},
     "notes.0.check.ranks.4", "scenario.check_form"),
    ("a count of no rank", {"notes": [{"at": 0, "text": "x", "check": {"ranks.1": {"Q": 1}}}]},
     "notes.0.check.ranks.1", "scenario.check_form"),
]


@pytest.mark.parametrize("what, change, field, code", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_scenario_names_its_field_and_reason(what, change, field, code):
    data = change if not isinstance(change, dict) else scenario(**change)
    with pytest.raises(ScenarioError) as info:
        load_scenario(data, "mine.json")
    error = info.value
    assert (error.field, error.code) == (field, code)
    assert error.file == "mine.json" and str(error).startswith("mine.json: ")
    assert render(error.detail)      # words for every reason, in the page's language too


def test_a_broken_file_is_named(tmp_path):
    (tmp_path / "a.json").write_text("{not json")
    with pytest.raises(ScenarioError) as info:
        load_dir(tmp_path)
    assert info.value.file == "a.json"
    (tmp_path / "a.json").write_text(json.dumps(scenario()))
    with pytest.raises(ScenarioError, match="a.json: id"):
        load_dir(tmp_path)
    (tmp_path / "a.json").write_text(json.dumps(scenario(id="same")))
    (tmp_path / "b.json").write_text(json.dumps(scenario(id="same")))
    with pytest.raises(ScenarioError, match="b.json: id: a.json already uses this id"):
        load_dir(tmp_path, required=())        # (texts in one language: see the next tests)


# ---------------------------------------------------------------------- damaged and hostile links
def packed(raw: bytes) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


HOSTILE = [
    ("empty", "", "scenario.link_empty"),
    ("not base64url", "abc+/def", "scenario.link_characters"),
    ("markup", "<script>alert(1)</script>", "scenario.link_characters"),
    ("an impossible length", "A", "scenario.link_characters"),
    ("not deflate", base64.urlsafe_b64encode(b"\xff\xfe\xfd\xfc" * 8).decode().rstrip("="), "scenario.link_damaged"),
    ("cut short", packed(json.dumps(EXAMPLE_1).encode())[:40], "scenario.link_damaged"),
    ("too long", "A" * 70_000, "scenario.link_too_long"),
    ("a deflate bomb", packed(b" " * 5_000_000), "scenario.link_too_big"),
    ("not JSON", packed(b"hello"), "scenario.link_not_json"),
    ("not UTF-8", packed(b"\xff\xfe"), "scenario.link_not_json"),
    ("deep nesting", packed(b"[" * 100_000 + b"]" * 100_000), "scenario.link_not_json"),
]


@pytest.mark.parametrize("what, text, code", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_damaged_or_hostile_link_is_refused_with_a_reason(what, text, code):
    with pytest.raises(ScenarioError) as info:
        from_link(text)
    assert info.value.code == code and info.value.field == "link"
    assert render(info.value.detail)


def test_a_link_that_unpacks_to_a_broken_scenario_names_the_field():
    with pytest.raises(ScenarioError) as info:
        from_link(packed(json.dumps(scenario(notes=[{"at": 9, "text": "x"}])).encode()))
    assert info.value.field == "notes.0.at"
    assert decode(packed(b'{"a": 1}')) == {"a": 1}
