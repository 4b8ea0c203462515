"""Glossary links in the lessons: each glossary entry is linked in the lesson that teaches it, in
every language that lesson is written in; a link keeps the lesson's words, goes to an entry of the
glossary, and marks only the first time a lesson uses the term; the lesson player draws it as a link
beside everything else escaped. Words are never compared here: only ids and structure."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from perlaggen_core.lesson import LANGS, REQUIRED, learner_texts, link_terms, load_dir, map_words, parts, plain
from perlaggen_core.lesson.terms import ENDINGS, LINK, matcher
from tools import glossary
from tools.site import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = glossary.load(sorted(LANGUAGES), None)
FORMS = glossary.match_forms(ENTRIES)


def linked_lessons():
    """The lessons as the build compiles them (with links), beside the texts as written."""
    lessons = load_dir(ROOT / "lessons")
    written = {l.id: [json.loads(json.dumps(t)) for _s, _f, t in learner_texts(l)] for l in lessons}
    linked = {l.id: link_terms(l, FORMS) for l in lessons}
    return lessons, written, linked


LESSONS, WRITTEN, LINKED = linked_lessons()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def written_in(lesson, lang: str) -> bool:
    return all(lang in text for _s, _f, text in learner_texts(lesson))


def test_every_language_of_the_site_is_a_language_lessons_are_written_in():
    """A lesson text can be written in each language of the site; those required are among them."""
    assert set(LANGUAGES) <= set(LANGS) and set(REQUIRED) <= set(LANGUAGES)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_entry_is_linked_in_the_lesson_that_teaches_it(lang):
    """In every lesson written in the language (English: all; German: those translated so far)."""
    assert set(FORMS) >= set(LANGUAGES), "every language of the site has its match words"
    missing = [f"{e['id']} (lesson {e['lesson']})" for e in ENTRIES if "lesson" in e
               and written_in(BY_ID[e["lesson"]], lang) and e["id"] not in LINKED[e["lesson"]][lang]]
    assert not missing, f"glossary entries the lesson named in their 'lesson' never links ({lang}): {missing}"
    assert any(written_in(lesson, lang) for lesson in LESSONS)


def test_links_keep_the_words_and_lead_to_an_entry():
    ids = {e["id"] for e in ENTRIES}
    for lesson in LESSONS:
        for (step, field, text), before in zip(learner_texts(lesson), WRITTEN[lesson.id]):
            assert {lang: plain(t) for lang, t in text.items()} == before, (lesson.id, step, field)
            for lang, t in text.items():
                assert "[[" not in LINK.sub("", t) and "]]" not in LINK.sub("", t), (lesson.id, step, field, lang)
                assert {term for _w, term in parts(t) if term} <= ids


def linkable(field: str) -> bool:
    return field in ("goal", "question", *ENDINGS) or field.startswith(("hints[", "successes["))


def test_a_lesson_links_an_entry_once_the_first_time_it_is_used():
    """Once per lesson and language, in a goal, question, hint or ending; the two endings of a step
    (success, or the explanation "show me" gives) both link a term first met there; no linkable text
    before it uses the term unlinked."""
    for lesson in LESSONS:
        texts = list(learner_texts(lesson))
        places = defaultdict(list)
        for index, (step, field, text) in enumerate(texts):
            for lang, t in text.items():
                for _words, term in parts(t):
                    if term:
                        assert linkable(field), (lesson.id, field)
                        places[lang, term].append((index, step, field))
        for (lang, term), where in places.items():
            endings = {f if f in ENDINGS else "successes" for _i, _s, f in where}   # the step's alternative endings
            assert len(where) == 1 or (endings <= {*ENDINGS, "successes"} and len({s for _i, s, _f in where}) == 1), \
                (lesson.id, lang, term, where)
            pattern = matcher(FORMS[lang])
            earlier = [LINK.sub(" ", t[lang]) for s, f, t in texts[:where[0][0]] if lang in t and linkable(f)]
            assert not any(FORMS[lang][m.group(0)] == term for t in earlier for m in pattern.finditer(t)), \
                (lesson.id, lang, term, "used earlier without its link")


def test_map_words_changes_the_words_and_keeps_the_links():
    text = "A [[Gleich|gleich]] or a [[Hanger|hanger]]."
    assert map_words(text, str.upper) == "A [[GLEICH|gleich]] OR A [[HANGER|hanger]]."
    assert parts(text) == [("A ", None), ("Gleich", "gleich"), (" or a ", None), ("Hanger", "hanger"), (".", None)]


def test_the_player_draws_a_link_and_escapes_the_rest():
    from lessons import view as lv

    html = lv.rich('<b> & [[Gleich|gleich]] "x"')
    assert html == ('&lt;b&gt; &amp; <a class="term" href="glossary.html#gleich" target="glossary">Gleich</a> '
                    '&quot;x&quot;')
    assert lv.rich("plain <text>") == "plain &lt;text&gt;"


def test_the_built_lessons_carry_the_links_and_each_language_lists_its_titles():
    """dist/lessons/lessons.json has the links; dist/de/lessons.html the German titles and summaries."""
    from tools.site import ensure_built

    dist = ensure_built()
    data = json.loads((dist / "lessons" / "lessons.json").read_text())
    for lesson in data["lessons"]:
        assert LINK.search(json.dumps(lesson["steps"], ensure_ascii=False))
    for lang, folder in LANGUAGES.items():
        page = (dist / folder / "lessons.html").read_text()
        for lesson in LESSONS:
            for key in ("title", "summary"):
                text = getattr(lesson, key).get(lang) or getattr(lesson, key)["en"]
                assert html_escape(text) in page, (lang, lesson.id, key)


def html_escape(text: str) -> str:
    from html import escape
    return escape(text)
