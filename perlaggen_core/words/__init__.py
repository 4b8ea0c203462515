"""The renderer: messages (code and values) into words.

English is the source language: the templates here are English and are the msgids of the site's
gettext catalogs. `render(message)` gives English (the command line, errors, tests of the words);
the site builds a `Renderer` with its catalog's `gettext`/`ngettext` and its own names for seats
and teams, so the same code reads "You play the Weli." or "Du spielst den Weli.".

A value is turned into words by the kind its parameter name says (see KINDS): card codes become
card names, figures and suits their names, seats and teams the reader's names for them, nested
messages their own text.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from ..messages import Message
from . import names
from .errors_text import INPUT_ERRORS
from .markers import Plural, Template
from .narration import DOINGS, EVENTS, KEYS, LESSON, MOVES, OUTCOMES
from .proofs_text import PROOFS
from .puzzle_text import PUZZLE
from .reasons import REASONS
from .review_text import REVIEW
from .refusals import REFUSALS
from .scenario_text import SCENARIO_ERRORS
from .signals_text import SIGNALS

TEMPLATES: dict[str, Template] = {**REFUSALS, **INPUT_ERRORS, **MOVES, **DOINGS, **EVENTS, **OUTCOMES,
                                  **KEYS, **LESSON, **REASONS, **SIGNALS, **REVIEW, **SCENARIO_ERRORS,
                                  **PROOFS, **PUZZLE}

# parameter name -> how its value is put into words
KINDS = {
    "card": "card", "as_card": "card", "take": "card", "gave": "card", "took": "card",
    "cards": "cards", "shown": "shown",
    "figure": "figure", "theirs_figure": "figure",
    "led": "suit", "trump": "suit", "suit": "suit",
    "ranks": "ranks", "top": "rank", "rank": "rank",
    "seat": "seat", "team": "team", "value": "value", "phase": "phase", "rules": "rules",
    "count": "count", "known": "list", "mine": "signed", "plain": "signed",
    "lost": "number", "taken": "number", "best": "number", "taken_in": "number", "better_in": "number",
    "of": "number",
}


def _same(text: str) -> str:
    return text


def _no_context(context: str, text: str) -> str:
    return text


class Named(str):
    """A card's or a figure's name, which a translated template may ask for in a grammatical case,
    with its article: "{card:acc}" ("den Laub-König", "das Laub-Ass"), "{figure:dat}" ("dem Hanger");
    a capital case ("{card:Nom}") begins with a capital letter. Without a case it is the plain name.
    `forms`: case -> (context, English template) in names.ARTICLE_FORMS or names.FIGURE_ARTICLE_FORMS."""

    forms: dict
    renderer: "Renderer"

    def __new__(cls, name: str, forms: dict, renderer: "Renderer") -> "Named":
        obj = super().__new__(cls, name)
        obj.forms, obj.renderer = forms, renderer
        return obj

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        case = spec.lower()
        if case not in self.forms:
            raise ValueError(f"unknown case '{spec}' (known: {', '.join(names.CASES)})")
        context, text = self.forms[case]
        said = self.renderer.pgettext(context, text).format(card=str(self), figure=str(self))
        return said[:1].upper() + said[1:] if spec[0].isupper() else said


def _plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


class Renderer:
    """Words for messages in one language, for one reader (`viewer`: the reader's own seat; `teams`:
    each seat's team, so a sentence about the reader's side says "we" or "you"; `rules`: the rule
    set, whose Perlaggen alone carry a Perlagg's name)."""

    def __init__(self, gettext: Callable[[str], str] = _same,
                 ngettext: Callable[[str, str, int], str] = _plural,
                 seat_name: Optional[Callable[[int], str]] = None,
                 team_name: Optional[Callable[[int], str]] = None,
                 viewer: Optional[int] = None, teams: Optional[Sequence[int]] = None, rules=None,
                 pgettext: Callable[[str, str], str] = _no_context) -> None:
        self.gettext = gettext
        self.ngettext = ngettext
        self.pgettext = pgettext
        self.seat_name = seat_name or (lambda n: self.gettext(names.SEAT).format(n=n))
        self.team_name = team_name or (lambda n: self.gettext(names.TEAM).format(n=n))
        self.viewer = viewer
        self.teams = list(teams) if teams is not None and viewer is not None else None
        self.rule_set = rules   # the rule set a card is named in: the Martl only where it is a Perlagg

    # ------------------------------------------------------------------ messages
    def person(self, params: Mapping[str, Any]) -> list[str]:
        """The forms a sentence may take for this reader, most fitting first: "you" when it is about
        the reader's seat; for a side, "we" (the reader's, with partners), "they" (another with
        several players), "you" (the reader alone) or "one" (another single player)."""
        if self.viewer is None:
            return []
        out = ["you"] if params.get("seat") == self.viewer else []
        team = params.get("team")
        if team is not None and self.teams is not None:
            mine = team == self.teams[self.viewer]
            alone = self.teams.count(team) == 1
            out.append(("you" if mine else "one") if alone else ("we" if mine else "they"))
        return out

    def code(self, message: Message) -> str:
        """The template's code: the message's own, or its form for the reader (`code.you`, ...)."""
        for form in self.person(message.params):
            if f"{message.code}.{form}" in TEMPLATES:
                return f"{message.code}.{form}"
        return message.code

    def template(self, message: Message) -> Template:
        return TEMPLATES[self.code(message)]

    def render(self, message: Message) -> str:
        code = self.code(message)
        template = TEMPLATES[code]
        params = message.params
        if isinstance(template, Plural):
            text = self.ngettext(template.singular, template.plural, int(params[template.param]))
        else:
            text = self.gettext(template)
        values = {name: self.param(name, value) for name, value in params.items()}
        if code.endswith(".one"):   # a side of one player is named as that player
            values["team"] = self.seat_name(params["team"])
        return text.format(**values)

    def param(self, name: str, value: Any) -> str:
        """A parameter's value in words, by the kind its name says."""
        if value is None:
            return ""
        if isinstance(value, Message):
            return self.render(value)
        kind = KINDS.get(name)
        if kind is None:
            return self.number(value) if isinstance(value, float) else str(value)
        return getattr(self, kind)(value)

    # ------------------------------------------------------------------ values
    def card(self, code: str) -> str:
        if code not in names.CARDS:
            return str(code)
        rank = code[1:] if code[1:] in names.RANKS else "A"
        plain = code in names.PLAIN_CARDS and self.rule_set is not None and code not in self.rule_set.perlaggen
        name = names.PLAIN_CARDS[code] if plain else names.CARDS[code]   # Giltspiel's King of hearts is no Martl
        return Named(self.gettext(name), {c: names.ARTICLE_FORMS[c, rank] for c in names.CASES}, self)

    def cards(self, codes: Iterable[str]) -> str:
        return self.list([self.card(c) for c in codes])

    def shown(self, pairs: Iterable) -> str:
        """Cards laid down, each with its baptism: "the Weli as the Ace of leaves and the Ten of hearts"."""
        parts = [self.render(Message("shown.as", {"card": c, "as_card": b}) if b else
                             Message("shown.card", {"card": c})) for c, b in pairs]
        return self.list(parts)

    def list(self, items: Iterable[str]) -> str:
        items = [str(i) for i in items]
        if len(items) < 2:
            return "".join(items)
        return self.gettext(names.AND).format(first=", ".join(items[:-1]), last=items[-1])

    def figure(self, name: str) -> str:
        return Named(self.gettext(names.FIGURES[name]), {c: names.FIGURE_ARTICLE_FORMS[c, name] for c in names.CASES},
                     self)

    def suit(self, letter: str) -> str:
        return self.gettext(names.SUITS[letter])

    def rank(self, rank: str) -> str:
        return self.gettext(names.RANKS[rank])

    def ranks(self, rank: str) -> str:
        return self.gettext(names.RANKS_PLURAL[rank])

    def seat(self, seat: int) -> str:
        return self.seat_name(seat)

    def team(self, team: int) -> str:
        return self.team_name(team)

    def value(self, value: Any) -> str:
        """A figure's value: a number, or Spiel aus."""
        return self.gettext(names.AUS_VALUE) if value == "aus" else str(value)

    def phase(self, phase: str) -> str:
        return self.gettext(names.PHASES[phase])

    def rules(self, name: str) -> str:
        return self.gettext(names.RULE_SETS[name]) if name in names.RULE_SETS else name

    def count(self, n: int) -> str:
        return self.gettext(names.COUNTS[n]) if n in names.COUNTS else str(n)

    def signed(self, x: float) -> str:
        return f"{x:+.1f}"

    def number(self, x: float) -> str:
        """A count as it is, an average to one decimal as the language writes it ("0.9", "0,9")."""
        if isinstance(x, int):
            return str(x)
        whole, _point, fraction = f"{x:.1f}".partition(".")
        return self.gettext(names.DECIMAL).format(whole=whole, fraction=fraction)


ENGLISH = Renderer()


def render(message: Message, rules=None) -> str:
    """The English words of a message (with `rules`: the cards named as that rule set names them)."""
    return ENGLISH.render(message) if rules is None else Renderer(rules=rules).render(message)
