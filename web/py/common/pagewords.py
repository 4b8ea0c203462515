"""The site's words for what the engine says: the engine's renderer (`perlaggen_core.words`) fed
with the page's translation catalog and the reader's names for seats and teams.

Every refusal, move, event, reason, signal and figure description on a page goes through here;
a page never builds such a sentence itself.
"""
from __future__ import annotations

from typing import Optional, Sequence

from common.i18n import _, gettext, pgettext, plural
from perlaggen_core import Message
from perlaggen_core.cards import ALL_CARDS
from perlaggen_core.rules import PRESETS
from perlaggen_core.words import Renderer


def compass(seat: int, players: int, bottom: int = 0) -> str:
    """A seat's compass name, the one naming of every page: South at the bottom of the table (the
    reader's own seat, where there is a reader), then clockwise as play goes: West, North, East."""
    rel = (seat - bottom) % players
    rings = {2: (_("South"), _("North")), 3: (_("South"), _("West"), _("East")),
             4: (_("South"), _("West"), _("North"), _("East")),
             6: (_("South"), _("West"), _("North-west"), _("North"), _("North-east"), _("East"))}
    return rings[players][rel] if players in rings else _("Player {n}", n=rel + 1)


def seat_name(seat: int, view: dict) -> str:
    """A seat as the reader calls it: "You" for the reader's own, the compass name for the others
    (West, North, East), or the page's own names where it gives them."""
    if view.get("seat_names"):
        return view["seat_names"][seat]
    n, me = view["players"], view["seat"]
    if me is None:
        return compass(seat, n)
    return _("You") if seat == me else compass(seat, n, me)


def team_name(team: int, viewer_team: Optional[int]) -> str:
    if viewer_team is None:
        return _("Team {n}", n=team + 1)
    return _("Us") if team == viewer_team else _("Them")


def side_name(side: int, view: dict) -> str:
    """A side as the viewer calls it: "Us"/"Them" with partners; where everyone plays alone
    (three players, Strafperlaggen), the player's own name; a page's own names where it gives
    them (the teacher's "North and South")."""
    if view.get("team_names"):
        return view["team_names"][side]
    if len(view["scores"]) == view["players"] and view["players"] > 2:
        return seat_name(side, view)
    return team_name(side, view["teams"][view["seat"]] if view.get("seat") is not None else None)


def page_renderer(**names) -> Renderer:
    """The engine's renderer in the page's language (its catalog's gettext, plurals and contexts)."""
    return Renderer(gettext, plural, pgettext=pgettext, **names)


def renderer(view: Optional[dict] = None) -> Renderer:
    """The renderer for a reader who sees `view` (a deal's view); None: no table known, players
    counted from 1."""
    if view is None:
        return page_renderer(seat_name=lambda s: _("Player {n}", n=s + 1))
    return page_renderer(seat_name=lambda s: seat_name(s, view), team_name=lambda t: side_name(t, view),
                         viewer=view.get("seat"), teams=view.get("teams"), rules=rules_of(view))


def rules_of(view: dict):
    """The rule set a view is of (its cards' names depend on it), or None."""
    return PRESETS.get(view.get("variant", ""))


def say(message: Message, view: Optional[dict] = None) -> str:
    """A message in the page's language, for the reader of `view`."""
    return renderer(view).render(message)


def card_names(rules=None) -> dict[str, str]:
    """Every card's name in the page's language, by code (as `rules` names them: no Martl in Giltspiel)."""
    r = page_renderer(rules=rules)
    return {code: r.card(code) for code in ALL_CARDS}


def figure_name(figure: str) -> str:
    return page_renderer().figure(figure)


def suit_name(suit: str) -> str:
    return page_renderer().suit(suit)


def value_text(value) -> str:
    return page_renderer().value(value)


def listing(items: Sequence[str]) -> str:
    return page_renderer().list(items)


def refusal_text(why: Message, view: Optional[dict] = None) -> str:
    """A refusal as a page says it: "Not allowed: <the engine's reason>"."""
    return _("Not allowed: {reason}", reason=say(why, view))


def line_text(line: dict, view: Optional[dict] = None) -> str:
    """A stored line: an engine message's dict, or a page sentence {"say": msgid, "with": values}
    whose values are put into words by their names, as the engine's are (a dict value is a message)."""
    if "code" in line:
        return say(Message.from_dict(line), view)
    r = renderer(view)
    values = {k: (r.render(Message.from_dict(v)) if isinstance(v, dict) else r.param(k, v))
              for k, v in line.get("with", {}).items()}
    return gettext(line["say"]).format(**values)


def say_rules(name: str) -> str:
    """A rule set's name in the page's language."""
    return page_renderer().rules(name)
