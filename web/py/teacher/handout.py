"""The printed handout of a scenario: its title, the four hands and the trump card as a diagram, and
every action with its notes (questions marked, their answers after the reveal). Print only
(css/teacher.css hides it on screen); black on white, suits as symbols and words, so it reads in
black and white on A4.
"""
from __future__ import annotations

from dataclasses import replace
from html import escape

from common import tableview as tv
from common.cardfaces import RANK_LABEL, suit_icon
from common.i18n import _
from perlaggen_core import Deal
from perlaggen_core.cards import RANK_VALUE
from teacher.presenter import Presenter
from teacher.view import content_html, place, say
from common.pagewords import suit_name


def hand_rows(hand: list[str], perlaggen: list[str]) -> str:
    """A hand as one line per suit, high to low; a Perlagg carries a star. The ranks are the indices
    printed on the cards (A K O U 10 ...), the same in every language: marked translate="no"."""
    rows = []
    for suit in tv.SUIT_ORDER:
        cards = sorted((c for c in hand if c[0] == suit), key=lambda c: -RANK_VALUE[c[1:]])
        ranks = " ".join(RANK_LABEL[c[1:]] + ("★" if c in perlaggen else "") for c in cards) or "–"
        rows.append(f'<li>{suit_icon(suit)} <span class="suit">{escape(suit_name(suit))}</span> '
                    f'<span class="ranks" translate="no">{escape(ranks)}</span></li>')
    return "<ul class=\"h-suits\">" + "".join(rows) + "</ul>"


def diagram_html(p: Presenter, names: dict[str, str]) -> str:
    deal = p.replay.deal(0)
    if deal.stage == "before_cut":   # the printed deal as it lies once cut: the teacher's key to the scenario
        deal = Deal(replace(deal.start, before_cut=False))
    view = deal.view(None, reveal=True)
    view["bottom"] = p.scenario.bottom
    seats = []
    for seat in range(p.players):
        team = p.team_labels[view["teams"][seat]]
        extra = f' · {escape(_("dealer"))}' if seat == view["dealer"] else ""
        seats.append(f'<section class="h-seat pos-{place(seat, view)}"><h3>{escape(p.names[seat])}'
                     f' <small>{escape(team)}{extra}</small></h3>{hand_rows(view["hands"][seat], view["perlaggen"])}</section>')
    trump = view["turned_card"]
    centre = [f'<p class="h-trump">{escape(_("Trump card"))}: {suit_icon(trump[0])} {escape(names[trump])}</p>',
              f'<p>{escape(_("Trumps: {suit}", suit=suit_name(view["trump"])))}</p>',
              f'<p>{escape(_("Perlaggen (★): {cards}", cards=", ".join(names[c] for c in view["perlaggen"])))}</p>'
              if view["perlaggen"] else f'<p>{escape(_("No Perlaggen: no wild cards."))}</p>']   # Giltspiel
    if view["captured"]:
        centre.append(f'<p>{escape(_("Taken in the cut: {cards}", cards=", ".join(names[c] for c in view["captured"])))}</p>')
    score = ", ".join(f"{p.team_labels[t]} {s}" for t, s in enumerate(view["start_scores"]))
    centre.append(f'<p>{escape(_("Score {scores}; target {n}", scores=score, n=view["target"]))}</p>')
    return (f'<div class="h-diagram" data-players="{p.players}">{"".join(seats)}'
            f'<div class="h-centre">{"".join(centre)}</div></div>')


def moves_html(p: Presenter, lang: str) -> str:
    view = p.view()
    items = []

    def note_block(step: int) -> str:
        note = p.scenario.note_at(step)
        if note is None:
            return ""
        head = _("Question") if note.ask else _("Note")
        return (f'<div class="h-note{" ask" if note.ask else ""}"><strong>{escape(head)}:</strong> '
                f'{content_html(note.text, lang)}</div>')

    start = note_block(0)
    for move in p.replay.moves:
        step = move.index + 1
        asked = p.scenario.note_at(move.index)
        answer = ""
        if asked is not None and asked.ask and asked.answer:
            answer = (f'<div class="h-note answer"><strong>{escape(_("Answer"))}:</strong> '
                      f'{content_html(asked.answer, lang)}</div>')
        news = " ".join(say(m, view) for m in move.news())
        items.append(f'<li value="{step}"><span class="h-move">{escape(say(move.told(), view))} {escape(news)}</span>'
                     f'{answer}{note_block(step)}</li>')
    return start + f'<ol class="h-moves">{"".join(items)}</ol>'


def handout_html(p: Presenter, names: dict[str, str], lang: str) -> str:
    scenario = p.scenario
    summary = f'<p class="h-summary">{content_html(scenario.summary, lang)}</p>' if scenario.summary else ""
    return (f'<article class="h-sheet"><h1>{content_html(scenario.title, lang)}</h1>{summary}'
            f'{diagram_html(p, names)}<h2>{escape(_("The deal, move by move"))}</h2>{moves_html(p, lang)}'
            f'<p class="h-foot">{escape(_("Perlaggen: the interactive tutorial · teacher mode"))}</p></article>')
