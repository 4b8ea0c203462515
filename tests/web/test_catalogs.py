"""The catalogs: every language translated to the last message, every marked message extracted, and
the test-only pseudo-language that shows which strings bypass them (tests/browser/test_pseudo_language.py)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tools import i18n as tools_i18n
from tools.project import ROOT
from tools.pseudo import catalog as pseudo_catalog, transform

CATALOGS = sorted(tools_i18n.po_files().items())
# the functions that mark a message: name -> (index of the msgid, index of the context or None)
MARKERS = {"_": (0, None), "N_": (0, None), "NP_": (0, None), "NC_": (1, 0), "ngettext": (0, None), "pgettext": (1, 0),
           "npgettext": (1, 0)}
SOURCES = [*sorted((ROOT / "web" / "py").rglob("*.py")), *sorted((ROOT / "perlaggen_core").rglob("*.py")),
           ROOT / "tools" / "pages.py", ROOT / "tools" / "glossary.py"]


@pytest.mark.parametrize("lang, po", CATALOGS, ids=[lang for lang, _po in CATALOGS])
def test_every_catalog_is_translated_to_the_last_message(lang, po):
    """CI: a missing or fuzzy translation fails, named by its msgid (run `python3 build.py i18n`,
    translate what it names, remove the fuzzy mark once checked)."""
    from babel.messages.pofile import read_po   # the build's tool: `build.py test engine` runs without it

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert not catalog.fuzzy, f"{po}: the catalog's header is marked fuzzy"
    untranslated, fuzzy = [], []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        name = (f"[{message.context}] " if message.context else "") + repr(
            message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
        if message.fuzzy:
            fuzzy.append(name)
        elif not all(s and s.strip() for s in strings) or (message.pluralizable and len(strings) < catalog.num_plurals):
            untranslated.append(name)
    problems = [f"untranslated: {m}" for m in untranslated] + [f"fuzzy: {m}" for m in fuzzy]
    assert not problems, f"{po.relative_to(ROOT)}: {len(problems)} message(s) to translate:\n" + "\n".join(problems)


def marked_messages(path: Path) -> list[tuple[int, str | None, str]]:
    """Every message a source marks with a literal: (line, context, msgid)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
            index, context = MARKERS[node.func.id]
            args = node.args
            if len(args) > index and isinstance(args[index], ast.Constant) and isinstance(args[index].value, str):
                ctx = args[context].value if context is not None and isinstance(args[context], ast.Constant) else None
                found.append((node.lineno, ctx, args[index].value))
    return found


def test_every_marked_message_reaches_the_catalogs():
    """Babel's extractor misses some calls (one nested in another's arguments): such a message would
    stay English in every language. Each literal marked in the sources must be in messages.pot."""
    known = {(m.context, m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
             for m in tools_i18n.read(tools_i18n.POT) if m.id}
    missing = [f"{path.relative_to(ROOT)}:{line}: {msgid!r}" for path in SOURCES
               for line, ctx, msgid in marked_messages(path) if (ctx, msgid) not in known]
    assert not missing, "not extracted (take the call out of the other call's arguments):\n" + "\n".join(missing)


def test_the_pseudo_language_transforms_every_letter_and_keeps_placeholders():
    text = transform("Deal {n}: {points} · “Spiel aus” ({seat})")
    assert text.startswith("⟦") and text.endswith("⟧")
    assert re.findall(r"\{[^}]*\}", text) == ["{n}", "{points}", "{seat}"]
    assert not re.search("[A-Za-z]", re.sub(r"\{[^}]*\}", "", text))
    assert transform("") == ""


def test_the_pseudo_catalog_covers_every_message_in_both_plural_forms():
    catalog = pseudo_catalog()
    template = tools_i18n.read(tools_i18n.POT)
    for message in template:
        if not message.id:
            continue
        pseudo = catalog.get(message.id, context=message.context)
        assert pseudo is not None, message.id
        if message.pluralizable:
            assert pseudo.string == tuple(map(transform, message.id))
        else:
            assert pseudo.string == transform(message.id)
