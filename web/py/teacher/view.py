"""HTML of the teacher's presenter: the table with jumbo cards, the note beside it, the controls and
the timeline. Pure functions of a `presenter.Presenter` (and the card names of the page's language),
so they run under CPython in the tests as in the browser.

Every text of a scenario is the teacher's (or a built-in file's) and goes through `escape()`;
every other visible string through `i18n._`, and what the engine says through its renderer with
the teacher's names for seats and teams.
"""
from __future__ import annotations

from html import escape

from common import proofview as pv
from common import tableview as tv
from teacher.bigcards import big_face
from common.cardfaces import card_back, suit_icon
from common.i18n import _, ngettext
from perlaggen_core import Message
from perlaggen_core.scenario import text_of
from perlaggen_core.words import Renderer
from teacher.presenter import Presenter, seat_names
from teacher.store import Store
from review.view import grade_badge_at
from common.pagewords import card_names, page_renderer, rules_of, suit_name


def reader(view: dict) -> Renderer:
    """The engine's words with the compass names of the presenter's view."""
    return page_renderer(seat_name=lambda s: view["seat_names"][s], team_name=lambda t: view["team_names"][t])


def say(message: Message, view: dict) -> str:
    return reader(view).render(message)


def problem_words(error) -> tuple[str, str]:
    """A scenario's problem (a ScenarioError) in the page's words, its seats by the names the
    presenter would give them, and the field path apart, as the detail."""
    if getattr(error, "seats", None):
        players, bottom = error.seats
        names = seat_names(players, bottom)
        text = page_renderer(seat_name=lambda s: names[s]).render(error.detail)
    else:
        text = page_renderer().render(error.detail)
    field = error.field or ""
    return text, ("" if field in text else field)


def text_html(text: str) -> str:
    """A scenario's text as HTML: escaped, its line breaks kept."""
    return "<br>".join(escape(line) for line in text.splitlines())


def fallback_lang(value, lang: str) -> str | None:
    """The language a built-in text is shown in when it has none for the page's (else None)."""
    if isinstance(value, dict) and value and lang not in value:
        return "en" if "en" in value else next(iter(value))
    return None


def content_html(value, lang: str) -> str:
    """A scenario's text in the page's language, or marked as the language it falls back to."""
    html = text_html(text_of(value, lang))
    other = fallback_lang(value, lang)
    return f'<span lang="{other}">{html}</span>' if other else html


# ---------------------------------------------------------------------- cards and seats
def place(seat: int, view: dict) -> str:
    """Where a seat sits on the drawn table, counted clockwise from the bottom seat."""
    n = view["players"]
    return tv.POSITIONS.get(n, tv.POSITIONS[4])[(seat - view["bottom"]) % n]


def big_card(code: str, view: dict, names: dict[str, str], *, as_card: str | None = None, cls: str = "") -> str:
    perlagg = code in view["perlaggen"]
    label = _("{card}, Perlagg", card=names[code]) if perlagg else names[code]
    if as_card:
        label = _("{card} played as {as_card}", card=label, as_card=names[as_card])
    classes = " ".join(c for c in ("t-card", "perlagg" if perlagg else "",
                                   "highlight" if code in view.get("highlight", ()) else "", cls) if c)
    return (f'<span class="{classes}" role="img" aria-label="{escape(label)}" data-card="{code}">'
            f'{big_face(code, perlagg=perlagg, as_card=as_card)}</span>')


def seat_html(seat: int, view: dict, names: dict[str, str], rows: dict) -> str:
    name = view["seat_names"][seat]
    team = view["teams"][seat]
    tags = [f'<span class="team team-{team}">{escape(view["team_names"][team])}</span>'] if view["players"] == 4 else []
    if seat == view["dealer"]:
        tags.append(f'<span class="tag">{escape(_("dealer"))}</span>')
    if seat in view["to_act"]:
        tags.append(f'<span class="tag to-act">{escape(_("to act"))}</span>')
    shown = view["shown"][seat]
    laid = pv.laid_from_hand(view)[seat]      # shown, or laid down as a proof at the end
    hand = [c for c in view["hands"][seat] if c not in laid]
    is_open = seat in view["open"]
    key = (seat - view["bottom"]) % view["players"] + 1        # keys 1, 2, ... from the bottom seat clockwise
    toggle = (f'<button type="button" class="t-toggle" data-toggle-seat="{seat}" aria-pressed="{str(is_open).lower()}" '
              f'aria-keyshortcuts="{key}">{escape(_("Hand of {seat}", seat=name))} <kbd>{key}</kbd></button>')
    if seat in view.get("clickable", ()):   # the editor: the acting seat's cards are buttons
        held = (f'<ol class="t-hand" aria-label="{escape(_("Hand of {seat}", seat=name))}">'
                + "".join(f'<li><button type="button" class="t-pick" data-pick="{c}">'
                          f'{big_card(c, view, names)}</button></li>' for c in hand) + "</ol>")
    elif is_open:
        held = (f'<ol class="t-hand" aria-label="{escape(_("Hand of {seat}", seat=name))}">'
                + "".join(f"<li>{big_card(c, view, names)}</li>" for c in hand) + "</ol>")
    elif hand:
        label = ngettext("{n} card in hand, hidden", "{n} cards in hand, hidden", len(hand))
        held = (f'<div class="t-hand backs" role="img" aria-label="{escape(label)}">'
                + "".join(f'<span class="t-card back">{card_back()}</span>' for _c in hand) + "</div>")
    else:
        held = ""
    played = "".join(f'<li class="{"won" if won else ""} {"current" if current else ""}">'
                     + big_card(card, view, names, as_card=as_card) + "</li>" for card, as_card, won, current in rows[seat])
    front = ""
    if shown:   # laid down in the show: beside the played cards, on the table in front of the player
        front = (f'<div class="t-shown"><span class="label">{escape(_("Shown"))}</span><ol aria-label="'
                f'{escape(_("Cards shown"))}">' + "".join(f"<li>{big_card(c, view, names, as_card=b)}</li>"
                                                          for c, b in shown) + "</ol></div>")
    proofs = pv.seat_proofs(view, seat, lambda c, b: big_card(c, view, names, as_card=b))   # at the end of the deal
    table = (f'<div class="t-front"><ol class="t-played" aria-label="{escape(_("Cards played"))}">{played}</ol>{front}'
             f'{proofs}</div>' if played or front or proofs else "")
    active = " active" if seat in view["to_act"] else ""
    return (f'<section class="t-seat pos-{place(seat, view)}{active}" data-seat="{seat}" aria-label="{escape(name)}">'
            f'<header><strong>{escape(name)}</strong> {" ".join(tags)} {toggle}</header>'
            f'<div class="t-body">{held}{table}</div></section>')


def centre_html(view: dict, names: dict[str, str]) -> str:
    if view.get("stage") == "before_cut":   # a scenario begun before the cut: nothing of it known yet
        return (f'<div class="t-centre"><div class="t-trump"><span class="label">{escape(_("Not cut yet"))}</span></div>'
                f'<p class="t-trumps">{escape(_("Trumps: not known before the cut"))}</p></div>')
    trump = view["trump"]
    parts = [f'<div class="t-trump"><span class="label">{escape(_("Trump card"))}</span>'
             + (big_card(view["trump_card"], view, names) if view["trump_card"] else "") + "</div>",
             f'<p class="t-trumps">{suit_icon(trump)} {escape(_("Trumps: {suit}", suit=suit_name(trump)))}</p>']
    exchanged = view.get("exchanged")
    if exchanged:
        parts.append(f'<p>{escape(_("{seat} exchanged {card} for {take}", seat=view["seat_names"][exchanged["seat"]], card=names[exchanged["gave"]], take=names[exchanged["took"]]))}</p>')
    if view.get("captured"):
        parts.append(f'<p>{escape(_("Taken in the cut: {cards}", cards=", ".join(names[c] for c in view["captured"])))}</p>')
    if view["tricks"]:
        tricks = " · ".join(f'{escape(view["team_names"][t])} {n}' for t, n in enumerate(view["tricks_won"]))
        parts.append(f'<p class="t-tricks">{escape(_("Tricks"))}: {tricks}</p>')
    return '<div class="t-centre">' + "".join(parts) + "</div>"


def table_html(view: dict, names: dict[str, str]) -> str:
    rows = tv.played_rows(view)
    seats = "".join(seat_html(s, view, names, rows) for s in range(view["players"]))
    return f'<div class="t-felt" data-players="{view["players"]}">{seats}{centre_html(view, names)}</div>'


def scores_html(view: dict) -> str:
    cells = "".join(f'<tr><th scope="row">{escape(view["team_names"][t])}</th><td>{view["start_scores"][t]}</td>'
                    f'<td>{view["deal_points"][t]}</td><td>{view["scores"][t]}</td></tr>'
                    for t in range(len(view["scores"])))
    return (f'<table class="t-scores"><caption>{escape(_("Score (target {n})", n=view["target"]))}</caption><thead><tr>'
            f'<td></td><th scope="col">{escape(_("Before"))}</th><th scope="col">{escape(_("This deal"))}</th>'
            f'<th scope="col">{escape(_("Now"))}</th></tr></thead><tbody>{cells}</tbody></table>')


# ---------------------------------------------------------------------- the note and the timeline
def note_html(p: Presenter, view: dict, lang: str, names: dict[str, str] | None = None) -> str:
    """The last move, a question's answer once revealed (its text as the answer, the move as the
    move), the proofs once the deal is over, and the note at this step. Each part is marked
    `data-part` (move, answer, proofs, note, hint)."""
    parts = []
    move, answered, note, question = p.move(), p.answered(), p.note(), p.question()
    words = ""
    if move is not None:
        news = " ".join(say(m, view) for m in move.news() if not m.code.startswith("proof."))   # listed below
        words = f'{escape(say(move.told(), view))} {escape(news)}'.strip()
    has_answer = answered is not None and answered.answer and p.notes_on
    if answered is not None and p.notes_on:
        # the answer said at the reveal; without one, the move is the answer
        body = f'<p>{content_html(answered.answer, lang)}</p>' if has_answer else f"<p>{words}</p>"
        parts.append(f'<div class="t-answer" data-part="answer"><span class="label">{escape(_("The answer"))}'
                     f'</span>{body}</div>')
    if move is not None and not (answered is not None and p.notes_on and not has_answer):
        parts.append(f'<p class="t-move{" reveal" if answered else ""}" data-part="move"><span class="label">'
                     f'{escape(_("Last move"))}</span>{words}</p>')
    if view.get("dealt"):      # the deal is over: the proofs as sentences, and every hand as dealt
        names = names or card_names(rules_of(view))
        parts.append(f'<div data-part="proofs">{pv.proofs_list(view)}'
                     f'{pv.dealt_hands(view, lambda c, b: tv.card_html(c, view, names))}</div>')
    if not p.notes_on:
        if note or answered:
            parts.append(f'<p class="quiet" data-part="hidden">{escape(_("The notes are hidden. Press N to show them."))}</p>')
        return "".join(parts)
    if note is not None:
        kind = _("Question for the class") if note.ask else _("Note")
        parts.append(f'<div class="t-note{" ask" if note.ask else ""}" data-part="{"question" if question else "note"}">'
                     f'<h2>{escape(kind)}</h2><p>{content_html(note.text, lang)}</p>'
                     + (f'<p class="t-hint" data-part="hint">'
                        f'{escape(_("Let the class answer, then press Reveal to show the move."))}</p>'
                        if question else "") + "</div>")
    if not parts:
        parts.append(f'<p class="quiet">{escape(_("The deal as dealt. Press Next or the right arrow to begin."))}</p>')
    return "".join(parts)


def timeline_html(p: Presenter, view: dict, review: dict | None = None) -> str:
    """Every move in words by trick and show; `review` (a review's data) puts its grade beside each
    of the reviewed seat's moves (not beside a move still hidden behind a question)."""
    hidden_after = p.hidden_after()
    items = [_step_item(p, 0, _("Start: the deal as dealt"), False)]
    trick = None
    for move in p.replay.moves:
        step = move.index + 1
        if move.trick is not None and move.trick != trick:
            trick = move.trick
            items.append(f'<li class="sep">{escape(_("Trick {n}", n=trick + 1))}</li>')
        elif move.phase != "play" and trick != move.phase:
            trick = move.phase
            items.append(f'<li class="sep">{escape(_("The show") if move.phase == "show" else _("Declarations"))}</li>')
        hidden = hidden_after is not None and step > hidden_after
        badge = "" if hidden else grade_badge_at(review, move.index)
        items.append(_step_item(p, step, "" if hidden else say(move.told(), view), hidden, badge))
    return (f'<ol class="t-timeline" aria-label="{escape(_("Timeline of the deal"))}">' + "".join(items) + "</ol>")


def _step_item(p: Presenter, step: int, text: str, hidden: bool, badge: str = "") -> str:
    note = p.scenario.note_at(step)
    mark = ""
    if note is not None:
        mark = (f'<span class="mark ask" title="{escape(_("question"))}">?</span>' if note.ask else
                f'<span class="mark" title="{escape(_("note"))}">✎</span>')
    current = ' aria-current="step"' if step == p.step else ""
    words = (f'<span aria-hidden="true">…</span><span class="visually-hidden">'
             f'{escape(_("hidden until the question is answered"))}</span>') if hidden else escape(text)
    return (f'<li><button type="button" data-goto="{step}"{current}{" data-hidden" if hidden else ""}>'
            f'<span class="n">{step}</span> {words}{" " + badge if badge else ""}</button>{mark}</li>')


# ---------------------------------------------------------------------- the controls
def controls_html(p: Presenter) -> str:
    """The step and hand buttons; in the projector view each shows only its symbol (its name stays
    for screen readers)."""
    def button(label: str, short: str, attrs: str, keys: str, pressed: bool | None = None,
               disabled: bool = False, cls: str = "") -> str:
        extra = f' aria-keyshortcuts="{keys}"'
        extra += f' aria-pressed="{str(pressed).lower()}"' if pressed is not None else ""
        extra += " disabled" if disabled else ""
        return (f'<button type="button" class="{cls}" {attrs}{extra}><span class="long">{escape(label)}</span>'
                f'<span class="short" aria-hidden="true">{escape(short)}</span></button>')

    at_start, at_end = p.step == 0, p.step >= p.last
    question = p.question() is not None
    steps = "".join((
        button(_("First"), "|◀", 'data-do="first"', "Home", disabled=at_start),
        button(_("Previous trick"), "◀◀", 'data-do="prev-trick"', "ArrowUp", disabled=at_start),
        button(_("Previous"), "◀", 'data-do="back"', "ArrowLeft PageUp", disabled=at_start),
        button(_("Reveal") if question else _("Next"), _("Reveal") if question else "▶", 'data-do="forward"',
               "ArrowRight PageDown Space", disabled=at_end, cls="primary"),
        button(_("Next trick"), "▶▶", 'data-do="next-trick"', "ArrowDown", disabled=at_end),
        button(_("Last"), "▶|", 'data-do="last"', "End", disabled=at_end)))
    hands = "".join((
        button(_("All hands open"), _("All open"), 'data-do="hands" data-arg="all"', "A", pressed=len(p.open) == p.players),
        button(_("All hands hidden"), _("All hidden"), 'data-do="hands" data-arg="none"', "X", pressed=not p.open),
        button(_("Notes"), _("Notes"), 'data-do="notes"', "N", pressed=p.notes_on)))
    return (f'<div class="t-steps" role="group" aria-label="{escape(_("Steps"))}">{steps}</div>'
            f'<p class="t-where" aria-live="polite">{escape(where_text(p))}</p>'
            f'<div class="t-hands" role="group" aria-label="{escape(_("Hands and notes"))}">{hands}</div>')


def where_text(p: Presenter) -> str:
    """Where the presentation stands, counted as a reader counts: the start, or after move N of all."""
    if p.step == 0:
        return _("Start: before the first move ({total} moves)", total=p.last)
    return _("After move {n} of {total}", n=p.step, total=p.last)


def tools_html(p: Presenter) -> str:
    """Presenting tools: projector, print, link, play on, edit a copy."""
    refusal = p.play_on_refusal()
    seats = "".join(f'<option value="{s}"{" selected" if s == p.default_player() else ""}>{escape(p.names[s])}</option>'
                    for s in range(p.players))
    play_on = (f'<div class="t-play-on"><label>{escape(_("Play on as"))} <select id="play-on-seat"'
               f'{" disabled" if refusal else ""}>{seats}</select></label>'
               f'<button type="button" data-do="play-on"{" disabled" if refusal else ""} '
               f'aria-describedby="play-on-why">{escape(_("Play on from here"))}</button>'
               f'<p id="play-on-why" class="t-why">{escape(refusal or _("The computer plays the other seats in the sandbox."))}</p></div>')
    return (f'<button type="button" data-do="projector" aria-keyshortcuts="F">{escape(_("Projector view"))}</button>'
            f'<button type="button" data-do="print">{escape(_("Print a handout"))}</button>'
            f'<button type="button" data-do="link">{escape(_("Copy the link"))}</button>'
            f'<button type="button" data-do="edit">{escape(_("Edit a copy"))}</button>{play_on}')


def mine_html(store: Store, lang: str) -> str:
    entries = store.entries(lang)
    if not entries:
        return f'<p class="quiet">{escape(_("Scenarios you build or import are kept in this browser."))}</p>'
    items = []
    for e in entries:
        key = escape(e["key"])
        title = escape(e["title"])
        if e["error"] is None:
            head = f'<a href="#mine={key}">{title}</a> <span class="meta">{escape(_("Steps:"))} {e["steps"]}</span>'
        else:
            text, detail = problem_words(e["error"])
            head = (f'{title} <span class="error" data-code="{escape(e["error"].code)}">{escape(text)}'
                    + (f' <small class="detail">({escape(detail)})</small>' if detail else "") + "</span>")
        tools = "".join(f'<button type="button" {command} data-arg="{key}">{escape(label)}</button>'
                        for command, label in (('data-do="mine-edit"', _("Edit")), ('data-do="mine-export"', _("Export")),
                                               ('data-do="mine-delete"', _("Delete"))))
        items.append(f'<li><span class="mine-title">{head}</span><span class="mine-tools">{tools}</span></li>')
    return f'<ol class="mine-items">{"".join(items)}</ol>'
