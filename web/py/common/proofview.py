"""HTML of the cards laid face up at the seats: those shown in the show, the proofs at the end of
a deal (rulings 16, 21) and, on request, every hand as dealt. Pure functions of a deal's view (`proofs`, `dealt`: the engine
gives them only once the deal is over), shared by the sandbox, its review and the teacher page;
each page passes its own way of drawing a card (`card(code, as_card) -> html`).
"""
from __future__ import annotations

from html import escape
from typing import Callable

from common.i18n import _
from perlaggen_core.figures import describe
from perlaggen_core.narrate import proof_message
from perlaggen_core.state import Proof
from common.pagewords import figure_name, say, seat_name

CardHtml = Callable[[str, "str | None"], str]


def proof_of(data: dict) -> Proof:
    """A view's proof (its dict) as the engine's value, to put it into words."""
    return Proof(data["seat"], data["team"], data["figure"], data["kind"], data["blind"], data["ok"],
                 tuple((c, b) for c, b in data["cards"]), tuple(data["key"]) if data["key"] else None,
                 data["penalty"], data["forfeit"])


def label(data: dict) -> str:
    """The short line over a proof's cards at the seat: what it proves, or that it failed."""
    figure = figure_name(data["figure"])
    if data["ok"]:
        key = say(describe(data["figure"], tuple(data["key"])))
        if data["kind"] == "takes":
            return _("{figure} taken over: {key}", figure=figure, key=key)
        if data["blind"]:
            return _("{figure} bet blind, shown: {key}", figure=figure, key=key)
        return _("{figure} shown: {key}", figure=figure, key=key)
    if data["blind"]:
        return _("{figure} bet blind, not shown: no penalty, no points", figure=figure)
    if not data["penalty"]:
        return _("{figure} not shown either: the penalty is paid once", figure=figure)
    return _("{figure} not shown: penalty of {points} points", figure=figure, points=abs(data["penalty"]))


def seat_proofs(view: dict, seat: int, card: CardHtml) -> str:
    """The proofs one seat laid face up, each with its cards and baptisms (empty before the end)."""
    out = []
    for data in view.get("proofs") or ():
        if data["seat"] != seat:
            continue
        state = "ok" if data["ok"] else "failed"
        cards = "".join(f"<li>{card(c, b)}</li>" for c, b in data["cards"])
        sentence = say(proof_message(proof_of(data)), view)
        out.append(f'<div class="proof {state}" data-figure="{data["figure"]}" data-kind="{data["kind"]}" '
                   f'role="group" aria-label="{escape(sentence)}"><span class="label">{escape(label(data))}</span>'
                   f'<ol>{cards}</ol></div>')
    return "".join(out)


def shown_html(view: dict, seat: int, card: CardHtml) -> str:
    """The cards a seat laid down in the show, face up at its place (empty when none)."""
    shown = view["shown"][seat]
    if not shown:
        return ""
    cards = "".join(f"<li>{card(c, b)}</li>" for c, b in shown)
    return (f'<div class="shown"><span class="label">{escape(_("Shown"))}</span>'
            f'<ol aria-label="{escape(_("Cards shown"))}">{cards}</ol></div>')


def face_up(view: dict, card: CardHtml) -> dict:
    """The view as the cards lie: what each seat laid face up (shown in the show, its proofs at the
    end) drawn at the seat (`seat_extras`), and gone from its hand and its backs."""
    laid = laid_from_hand(view)
    hand = view.get("hand")
    mine = laid[view["seat"]] if view.get("seat") is not None else set()
    return {**view, "hand_sizes": [n - len(laid[s]) for s, n in enumerate(view["hand_sizes"])],
            "hand": None if hand is None else [c for c in hand if c not in mine],
            "seat_extras": [shown_html(view, s, card) + seat_proofs(view, s, card) for s in range(view["players"])]}


def laid_from_hand(view: dict) -> list[set[str]]:
    """Per seat, the cards that have left its hand face up without being played: laid down in the
    show, and at the end of the deal in its proofs (so the hand, or its backs, no longer holds them)."""
    played: list[set[str]] = [set() for _s in range(view["players"])]
    for trick in view["tricks"]:
        for seat, card, _as in trick["cards"]:
            played[seat].add(card)
    laid = [{c for c, _b in cards} for cards in view["shown"]]
    for data in view.get("proofs") or ():
        laid[data["seat"]] |= {c for c, _b in data["cards"]} - played[data["seat"]]
    return laid


def proofs_list(view: dict) -> str:
    """Every proof of the deal as a sentence, for the summary and the review (empty when none)."""
    items = "".join(f'<li class="{"ok" if d["ok"] else "failed"}" data-seat="{d["seat"]}">'
                    f'{escape(say(proof_message(proof_of(d)), view))}</li>' for d in view.get("proofs") or ())
    if not items:
        return ""
    return (f'<section class="proofs"><h3>{escape(_("Proofs: the bets shown face up"))}</h3>'
            f'<ol class="proof-lines">{items}</ol></section>')


def dealt_hands(view: dict, card: CardHtml) -> str:
    """Every hand as it was dealt, behind a "Show all hands" disclosure; nothing before the deal is
    over (the engine gives no `dealt` until then)."""
    dealt = view.get("dealt")
    if not dealt:
        return ""
    rows = "".join(
        f'<li data-seat="{seat}"><span class="who">{escape(seat_name(seat, view))}</span>'
        f'<ol aria-label="{escape(_("Cards dealt to {seat}", seat=seat_name(seat, view)))}">'
        + "".join(f"<li>{card(c, None)}</li>" for c in hand) + "</ol></li>"
        for seat, hand in enumerate(dealt))
    return (f'<details class="all-hands"><summary>{escape(_("Show all hands"))}</summary>'
            f'<p class="quiet">{escape(_("Every hand as it was dealt, before any exchange."))}</p>'
            f'<ol class="dealt-hands">{rows}</ol></details>')


__all__ = ["dealt_hands", "face_up", "label", "laid_from_hand", "proof_of", "proofs_list", "seat_proofs", "shown_html"]
