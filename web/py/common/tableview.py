"""The table view: HTML for seats, hand, trump card, played rows, figures panel and baptism picker.

Pure functions of `deal.view(seat)` (plus the card names of the page's language), so they run under
CPython in the tests as well as in the browser. Every visible string goes through `i18n._` or,
for what the engine says, through `words`.
"""
from __future__ import annotations

import re
from html import escape
from typing import Sequence

from common.cardfaces import card_back, card_svg, suit_icon
from common.i18n import _, ngettext, pgettext
from perlaggen_core import Action
from perlaggen_core.actions import seen_by
from perlaggen_core.figures import describe
from perlaggen_core.narrate import event_message, told
from common.pagewords import figure_name, say, seat_name, side_name, suit_name, value_text

FIGURES = ("gleich", "hanger", "spiel")
SUIT_ORDER = ("H", "S", "E", "L")

# Where each seat sits, by its distance clockwise from the viewer, for each table size.
POSITIONS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    6: ("bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"),
}


def position(seat: int, view: dict) -> str:
    n = view["players"]
    return POSITIONS.get(n, POSITIONS[4])[(seat - view["seat"]) % n]


def card_html(code: str, view: dict, names: dict[str, str], *, as_card: str | None = None,
              button: bool = False, extra_class: str = "", attrs: str = "") -> str:
    perlagg = code in view["perlaggen"]
    label = names[code]
    if perlagg:
        label = _("{card}, Perlagg", card=label)
    if as_card:
        label = _("{card} played as {as_card}", card=label, as_card=names[as_card])
    marked = "highlight" if code in view.get("highlight", ()) else ""   # a lesson step's highlighted cards
    classes = " ".join(c for c in ("card", "perlagg" if perlagg else "", marked, extra_class) if c)
    face = card_svg(code, perlagg=perlagg, as_card=as_card)
    if button:   # named by its text, not aria-label: the drawn rank is no label (axe: label-content-name-mismatch)
        return (f'<button type="button" class="{classes}" data-card="{code}" {attrs}>'
                f'<span class="visually-hidden">{escape(label)}</span>{face}</button>')
    return f'<span class="{classes}" role="img" aria-label="{escape(label)}" {attrs}>{face}</span>'


def played_rows(view: dict) -> dict[int, list[tuple[str, str | None, bool, bool]]]:
    """Per seat, its played cards in play order: (card, as, won the trick, in the trick under way)."""
    rows: dict[int, list] = {s: [] for s in range(view["players"])}
    for number, trick in enumerate(view["tricks"]):
        current = trick["winner"] is None and number == len(view["tricks"]) - 1
        for seat, card, as_card in trick["cards"]:
            rows[seat].append((card, as_card, trick["winner"] == seat, current))
    return rows


def seat_html(seat: int, view: dict, names: dict[str, str], rows: dict) -> str:
    me = view["seat"]
    team = view["teams"][seat]
    alone = len(view["scores"]) == view["players"] > 2      # everyone alone: the name says it all
    alone = alone or side_name(team, view) == seat_name(seat, view)   # (so too a side named as its player)
    tags = [] if alone else [f'<span class="team team-{team}">{escape(side_name(team, view))}</span>']
    if seat == view["dealer"]:
        tags.append(f'<span class="tag">{escape(_("dealer"))}</span>')
    if seat in view["to_act"]:
        tags.append(f'<span class="tag to-act">{escape(_("to act"))}</span>')
    # the game waits for the leader, but the viewer's exchange comes first if wanted: its seat is
    # outlined as active too, said to screen readers (a visible tag would wrap on a laptop)
    exchanging = seat == me and seat not in view["to_act"] and \
        any(a["act"] == "exchange" for a in view.get("legal", ()))
    if exchanging:
        tags.append(f'<span class="visually-hidden">{escape(_("may exchange"))}</span>')
    if seat in view.get("focus_seats", ()):   # a lesson question asks about this seat
        tags.append(f'<span class="tag focus">{escape(_("in question"))}</span>')
    size = view["hand_sizes"][seat]
    backs = "" if seat == me or not size else (
        f'<div class="backs" aria-label="{escape(ngettext("{n} card in hand", "{n} cards in hand", size))}" '
        f'role="img">' + "".join(f'<span class="card back">{card_back()}</span>' for _i in range(size)) + "</div>")
    played = "".join(
        f'<li class="{"won" if won else ""} {"current" if current else ""}">'
        + card_html(card, view, names, as_card=as_card) + "</li>"
        for card, as_card, won, current in rows[seat])
    active = (" active" if seat in view["to_act"] or exchanging else "") + \
        (" focus" if seat in view.get("focus_seats", ()) else "")
    return (f'<section class="seat pos-{position(seat, view)}{active}" data-seat="{seat}" '
            f'aria-label="{escape(seat_name(seat, view))}">'
            f'<header><strong>{escape(seat_name(seat, view))}</strong> {" ".join(tags)}{backs}</header>'
            + (view["seat_extras"][seat] if view.get("seat_extras") else "") +   # e.g. the sandbox's signs
            f'<ol class="played" aria-label="{escape(_("Cards played"))}">{played}</ol></section>')


def exchange_line(view: dict, names: dict[str, str]) -> str:
    """What the table says of the exchange made ("" before one): to the reader as "you"."""
    exchanged = view.get("exchanged")
    if not exchanged:
        return ""
    mine = exchanged["seat"] == view.get("seat") and not view.get("seat_names")   # not "You exchanged" as a name
    seat, card = seat_name(exchanged["seat"], view), names[exchanged["gave"]]
    # Eichel: an acorn laid out was fetched, or the upgrade laid the acorn Perlagg given beside them
    if exchanged["took"] != view["turned_card"] or exchanged["gave"] != view.get("trump_card"):
        take = names[exchanged["took"]]
        return (_("You exchanged {card} for {take}", card=card, take=take) if mine
                else _("{seat} exchanged {card} for {take}", seat=seat, card=card, take=take))
    return (_("You exchanged: {card} now shows trumps", card=card) if mine
            else _("{seat} exchanged: {card} now shows trumps", seat=seat, card=card))


def centre_html(view: dict, names: dict[str, str]) -> str:
    if view.get("stage") == "before_cut":   # nothing of the cut or the trump card is known yet
        pack = _("The pack, not cut yet")
        return (f'<div class="centre uncut"><div class="trump"><span class="label">{escape(_("Not cut yet"))}</span>'
                f'<span class="card back" role="img" aria-label="{escape(pack)}">{card_back()}</span></div>'
                f'<p class="trump-suit">{escape(_("Trumps: not known before the cut"))}</p></div>')
    # an upgrade (Eichelperlaggen) takes the trump card and leaves none face up
    shown = (card_html(view["trump_card"], view, names) if view["trump_card"]
             else f'<span class="none">{escape(_("none face up any more"))}</span>')
    parts = [f'<div class="trump"><span class="label">{escape(_("Trump card"))}</span>{shown}</div>']
    line = exchange_line(view, names)
    if line:
        parts.append(f'<p class="exchange">{escape(line)}</p>')
    trump = view["trump"]
    parts.append(f'<p class="trump-suit">{suit_icon(trump)} {escape(_("Trumps: {suit}", suit=suit_name(trump)))}</p>')
    if view.get("exposed"):
        cards = ", ".join(names[c] for c in view["exposed"])
        said = (_("Laid out face up: {cards}", cards=cards) if view.get("exchanged")      # exchanges changed them
                else _("Set aside while turning trumps: {cards}", cards=cards))
        parts.append(f'<p class="exposed">{escape(said)}</p>')
    if view.get("captured"):
        parts.append(f'<p class="captured">{escape(_("Taken in the cut: {cards}", cards=", ".join(names[c] for c in view["captured"])))}</p>')
    return '<div class="centre">' + "".join(parts) + "</div>"


def hand_html(view: dict, names: dict[str, str], enabled: bool) -> str:
    if view.get("hand") is None and view.get("seat") is not None:   # before the cut: face down, unseen
        # one picture of the cards, not a list: a screen reader hears the label, not five empty items
        count = view["hand_sizes"][view["seat"]]
        backs = "".join(f'<span class="card back">{card_back()}</span>' for _i in range(count))
        return (f'<div class="hand-cards face-down" role="img" data-face-down="{count}" '
                f'aria-label="{escape(_("Your cards, face down"))}">{backs}</div>')
    hand = view.get("hand") or []
    attrs = "" if enabled else 'aria-disabled="true"'
    cards = "".join(f"<li>{card_html(c, view, names, button=True, attrs=attrs)}</li>" for c in hand)
    return f'<ol class="hand-cards" role="list">{cards}</ol>'


def perlaggen_legend(view: dict, names: dict[str, str]) -> str:
    if view.get("stage") == "before_cut":    # the trump Perlaggen come with the trump card
        return ""
    items = ", ".join(names[c] for c in view["perlaggen"])
    text = _("Perlaggen this deal: {cards}", cards=items) if items else _("No Perlaggen: no wild cards.")   # Giltspiel
    return f'<p class="legend"><svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true"><use href="#perlagg-star"/></svg> {escape(text)}</p>'


def figure_state(fig: dict, view: dict) -> str:
    if fig["status"] == "won":
        return _("won by {team}", team=side_name(fig["winner"], view))
    if fig["status"] == "stands":
        return _("stands: nobody scores")
    if fig["status"] == "nobody":
        return _("nobody had it")
    if fig["pending"] is not None:
        bettor = side_name(fig["pending_team"], view) if fig.get("pending_team") is not None else ""
        if fig["pending"] == "aus":
            return _("{team} bet “Spiel aus”, waiting for an answer", team=bettor)
        return _("{team} bet {value}, waiting for an answer", team=bettor, value=fig["pending"])
    if view.get("seat") is not None and view["teams"][view["seat"]] in fig.get("out", ()):
        return _("you called it good: you are out of it")
    if fig.get("last_bet_team") is not None:
        return _("held, last bet by {team}", team=side_name(fig["last_bet_team"], view))
    return _("open, not bet")


def move_code(action: dict) -> str:
    """An action in the engine's short form without its seat ("hold gleich", "show S7=E9"): a
    button's data-move, so a test finds it by what it does, not by its words."""
    return str(Action.from_dict({**action, "seat": 0})).split(" ", 1)[1]


def figure_buttons(figure: str, actions: list[dict]) -> str:
    """The human's legal bets and answers on one figure, as buttons (the index is into `actions`)."""
    out = []
    for i, action in enumerate(actions):
        if action.get("figure") != figure or action["act"] == "declare":   # declarations list their cards below
            continue
        short = _("Bet blind") if action.get("blind") else short_label(action["act"])
        out.append(f'<button type="button" class="action" data-action="{i}" data-move="{escape(move_code(action))}" '
                   f'aria-label="{escape(action_label(action))}">{escape(short)}</button>')
    return "".join(out)


def figures_html(view: dict, actions: Sequence[dict] = ()) -> str:
    rows = "".join(
        f'<tr data-figure="{f}"><th scope="row">{escape(figure_name(f))}</th>'
        f'<td class="value">{escape(value_text(view["figures"][f]["value"]))}</td>'
        f'<td>{escape(figure_state(view["figures"][f], view))}'
        f'<div class="figure-actions">{figure_buttons(f, list(actions))}</div></td></tr>' for f in FIGURES)
    return (f'<table class="figures"><caption>{escape(_("Figures"))}</caption><thead><tr>'
            f'<th scope="col">{escape(_("Figure"))}</th><th scope="col">{escape(_("Value"))}</th>'
            f'<th scope="col">{escape(pgettext("figures table: how the betting stands", "Bet"))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>')


def status_text(view: dict) -> str:
    """What the viewer must do now, or whom the table waits for."""
    phase = view["phase"]
    if phase == "game_over":
        return _("Game over: {team} won.", team=side_name(view["game_winner"], view))
    if phase == "scored":
        return _("The deal is scored.")
    if view["seat"] in view["to_act"]:
        if view.get("answering_team") == view["teams"][view["seat"]]:
            return _("Answer the bet: hold, raise or call it good.")
        if phase == "play":
            return _("Your turn: choose a card.")
        if phase == "show":
            return _("Your team's turn to show.")
        if phase == "declare":
            return _("Declare your best figure, or pass.")
        return _("Your turn.")
    names = ", ".join(seat_name(s, view) for s in view["to_act"])
    return _("Waiting for {names}.", names=names) if names else ""


def short_label(act: str) -> str:
    return {"bet": pgettext("button: make a bet", "Bet"), "hold": _("Hold"), "raise": _("Raise"), "good": _("Good"),
            "declare": _("Declare"), "done": _("Done")}.get(act, act)


def action_label(action: dict, phase: str = "") -> str:
    act, figure = action["act"], action.get("figure")
    if act == "done" and phase == "declare":
        return _("Pass: declare nothing")
    if act == "done":
        return _("Done: end the team's turn")
    if act == "show":
        return _("Show cards")
    if act == "exchange":
        return _("Exchange a card for the trump card")
    if act == "keep":
        return _("Keep my cards")
    if not figure:
        return act
    fig = figure_name(figure)   # a figure's name, which a translation may ask for with its article
    if act == "bet" and action.get("blind"):
        return _("Bet blind on the {figure}", figure=fig)
    labels = {
        "bet": _("Bet on the {figure}", figure=fig), "hold": _("Hold the {figure}", figure=fig),
        "raise": _("Raise the {figure}", figure=fig), "good": _("The {figure} is good", figure=fig),
        "done": _("Done: end the team's turn"), "show": _("Show cards"), "declare": _("Declare the {figure}", figure=fig),
        "exchange": _("Exchange a card for the trump card"), "cut": _("Cut the cards"),
    }
    return labels.get(act, act)


def actions_html(actions: list[dict], names: dict[str, str], phase: str) -> str:
    """Buttons for the legal actions that belong to no figure row (show, done, exchange)."""
    buttons = []
    for i, action in enumerate(actions):
        if action.get("figure") and action["act"] != "declare":
            continue
        label = action_label(action, phase)
        if action.get("card"):
            label += f" ({names[action['card']]})"
        if action.get("cards"):
            label += " (" + ", ".join(names[c] for c in action["cards"]) + ")"
        buttons.append(f'<button type="button" class="action" data-action="{i}" '
                       f'data-move="{escape(move_code(action))}">{escape(label)}</button>')
    return "".join(buttons)


def picker_html(card: str, options: list, view: dict, names: dict[str, str], plain_label: str | None = None) -> str:
    """The baptism picker: the legal baptisms of one Perlagg, grouped by suit, each with its preview."""
    def preview(option) -> str:
        bits = []
        if option.wins is True:
            bits.append(f'<span class="wins">{escape(_("takes the trick for now"))}</span>')
        elif option.wins is False:
            bits.append(f'<span class="loses">{escape(_("does not take the trick"))}</span>')
        if option.gleich:
            bits.append(escape(_("Gleich: {figure}", figure=say(describe("gleich", option.gleich)))))
        if option.hanger:
            bits.append(escape(_("Hanger: {figure}", figure=say(describe("hanger", option.hanger)))))
        return f'<span class="preview">{" · ".join(bits)}</span>'

    entries = [(i, option.action.baptism, preview(option)) for i, option in enumerate(options)]
    return baptism_form_html(_("Baptise {card}", card=names[card]),
                             _("Choose the card your Perlagg stands for. Only the choices the rules allow are listed."),
                             entries, plain_label or _("Play it as itself, without Perlagg power"), names,
                             "data-option")


def baptism_form_html(title: str, intro: str, entries: list, plain_label: str, names: dict[str, str],
                      attr: str) -> str:
    """A picker dialog's form: (index, baptism or None, preview html) entries grouped by suit;
    the entry without a baptism becomes the 'as itself' button. `attr` carries the index."""
    groups: dict[str, list[str]] = {}
    plain = ""
    for i, as_card, preview in entries:
        if as_card is None:
            plain = (f'<button type="button" class="option plain" {attr}="{i}">'
                     f'{escape(plain_label)}{_spoken_apart(preview)}</button>')
            continue
        groups.setdefault(as_card[0], []).append(   # named by its text, preview included (no aria-label)
            f'<li><button type="button" class="option" {attr}="{i}" data-as="{as_card}">'
            f'<span class="visually-hidden">{escape(_("as {card}", card=names[as_card]))}</span>{card_svg(as_card)}'
            f'<span class="option-name" aria-hidden="true">{escape(names[as_card])}</span>{_spoken_apart(preview)}'
            f'</button></li>')
    sections = "".join(
        f'<section class="suit-group"><h3>{suit_icon(s)} {escape(suit_name(s))}</h3><ul>{"".join(groups[s])}</ul></section>'
        for s in SUIT_ORDER if s in groups)
    return (f'<form method="dialog" class="picker-form"><header><h2 id="picker-title">{escape(title)}</h2>'
            f'<p>{escape(intro)}</p></header>'
            f'<div class="picker-groups">{sections}</div>{plain}'
            f'<button type="submit" class="cancel" value="cancel">{escape(_("Cancel"))}</button></form>')


def _spoken_apart(preview: str) -> str:
    """A preview after an option's name, with a comma for screen readers so the two do not run together."""
    return ('<span class="visually-hidden">, </span>' + preview) if re.sub(r"<[^>]*>", "", preview).strip() else preview


def table_html(view: dict, names: dict[str, str]) -> str:
    rows = played_rows(view)
    seats = "".join(seat_html(s, view, names, rows) for s in range(view["players"]))
    return (f'<div class="felt" data-players="{view["players"]}" data-phase="{escape(view["phase"])}">'
            f'{seats}{centre_html(view, names)}</div>')


def move_text(view: dict, seat: int, action: Action, events: list, phase: str = "") -> str:
    """One move in words, with what it made happen, for the aria-live announcements (`phase` is the
    one the move was made in); empty for a move the view's seat does not see (another's keep)."""
    if not seen_by(action, view.get("seat")):
        return ""
    parts = [say(told(action, events, phase), view)]
    parts += [say(m, view) for m in map(event_message, events) if m is not None and m.code == "event.trick"]
    return " ".join(parts)
