"""The pages' tiny template language, and its message extractor for Babel.

    {{_ text}}    the text, translated (runs of white space count as one space)
    {{> name}}    web/partials/name.html, rendered with the same values
    {{$ name}}    a value the build gives, inserted as it is (HTML)
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from .project import WEB

PARTIALS = WEB / "partials"
_TAG = re.compile(r"\{\{([_>$])\s*(.*?)\s*\}\}", re.S)


def render(text: str, *, gettext: Callable[[str], str], variables: dict[str, str],
           partials: Path = PARTIALS) -> str:
    def sub(match: re.Match) -> str:
        kind, body = match.group(1), match.group(2)
        if kind == "_":
            return html.escape(gettext(" ".join(body.split())), quote=True)
        if kind == ">":
            return render_partial(body, gettext=gettext, variables=variables, partials=partials)
        return variables[body]

    return _TAG.sub(sub, text)


def render_partial(name: str, *, gettext: Callable[[str], str], variables: dict[str, str],
                   partials: Path = PARTIALS) -> str:
    return render((partials / f"{name}.html").read_text(encoding="utf-8"), gettext=gettext,
                  variables=variables, partials=partials)


def extract(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method (`tools.templates:extract` in babel.cfg): every {{_ text}} of a template."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in _TAG.finditer(text):
        if match.group(1) == "_":
            yield text.count("\n", 0, match.start()) + 1, None, " ".join(match.group(2).split()), []
