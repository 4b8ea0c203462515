"""HTML of the scenario editor: the position form with its card palette, and the recording panel.

Pure functions of an `editor.Editor` (and the card names), so they run under CPython in the tests.
The teacher's own texts go through `escape()`; what the engine says through its renderer with the
compass names of the seats.
"""
from __future__ import annotations

from html import escape

from common import tableview as tv
from teacher import view as tview
from common.cardfaces import card_svg, suit_icon
from editor.controller import PACK, TRUMP, Editor, target_range, variants
from common.i18n import _, ngettext
from perlaggen_core import RecordError
from perlaggen_core.narrate import told
from teacher.presenter import moment, team_names
from common.pagewords import page_renderer, suit_name


def reader_view(editor: Editor) -> dict:
    """A view to put the engine's words in the teacher's terms (compass names)."""
    names = editor.names()
    return {"seat_names": names, "team_names": team_names(editor.players, editor.rules.teams, names)}


def problem_text(problem, editor: Editor) -> str:
    return tview.say(problem.detail, reader_view(editor)) if isinstance(problem, RecordError) else str(problem)


def options(values: list, chosen, label=str) -> str:
    return "".join(f'<option value="{escape(str(v))}"{" selected" if v == chosen else ""}>{escape(label(v))}</option>'
                   for v in values)


# ---------------------------------------------------------------------- the position
def start_html(builtins: list[tuple[str, str]]) -> str:
    """Ways to begin: an empty table, a seeded deal, a copy of a built-in scenario."""
    listed = "".join(f'<option value="{escape(i)}">{escape(t)}</option>' for i, t in builtins)
    return (f'<div class="e-start"><h2>{escape(_("Start from"))}</h2>'
            f'<button type="button" data-do="empty">{escape(_("An empty table"))}</button>'
            f'<form data-e-form="seed"><label>{escape(_("Seed"))} <input name="seed" type="number" min="0" '
            f'max="2147483647" value="1"></label> <button type="submit">{escape(_("Deal at random"))}</button></form>'
            f'<form data-e-form="builtin"><label>{escape(_("A built-in scenario"))} <select name="id">{listed}</select>'
            f'</label> <button type="submit">{escape(_("Copy it"))}</button></form></div>')


def settings_html(editor: Editor) -> str:
    names = editor.names()
    low, high = target_range()
    scores = "".join(
        f'<label>{escape(_("Score of {team}", team=team))} <input name="score{t}" data-score="{t}" type="number" '
        f'min="-99" max="99" value="{editor.scores[t]}"></label>' for t, team in enumerate(reader_view(editor)["team_names"]))
    if editor.rules.count_down:       # Strafperlaggen: down to 0, always
        target = (f'<p class="e-target" data-target="0">'
                  f'{escape(_("Counts down to 0: the first to reach it wins."))}</p>')
    else:
        target = (f'<label>{escape(_("Target"))} <input name="target" type="number" min="{low}" max="{high}" '
                  f'value="{editor.target}"></label>')
    return (f'<form data-e-form="settings" class="e-settings"><label>{escape(_("Rule set"))} <select name="variant">'
            f'{options(variants(), editor.rules.name, page_renderer().rules)}</select></label>'
            f'<label>{escape(_("Dealer"))} <select name="dealer">'
            f'{options(list(range(editor.players)), editor.dealer, lambda s: names[s])}</select></label>{scores}'
            f'{target}</form>')


def destinations_html(editor: Editor) -> str:
    names = editor.names()
    size = editor.rules.hand_size
    radios = []
    for seat in range(editor.players):
        count = len(editor.hand(seat))
        radios.append((str(seat), _("{seat} ({n} of {size})", seat=names[seat], n=count, size=size)))
    radios.append((TRUMP, _("The trump card")))
    items = "".join(f'<label class="e-dest-item"><input type="radio" name="destination" value="{v}"'
                    f'{" checked" if v == editor.destination else ""}> {escape(label)}</label>' for v, label in radios)
    return f'<fieldset class="e-dest"><legend>{escape(_("Give the cards you click to"))}</legend>{items}</fieldset>'


def place_label(editor: Editor, card: str) -> str:
    where = editor.places[card]
    if where == PACK:
        return ""
    return _("turned up") if where == TRUMP else editor.names()[int(where)]


def palette_html(editor: Editor, names: dict[str, str]) -> str:
    """The pack by suit; each card a button that says where it lies."""
    rows = []
    perlaggen = set(editor.rules.permanent)
    for suit in tv.SUIT_ORDER:
        cards = [c for c in editor.rules.pack if c[0] == suit]
        buttons = []
        for card in cards:
            where = place_label(editor, card)    # named by its text (the drawn rank is no label)
            name = f"{names[card]}, " if where else names[card]
            buttons.append(f'<li><button type="button" class="e-card{" placed" if where else ""}" data-place="{card}">'
                           f'<span class="visually-hidden">{escape(name)}</span>{card_svg(card, perlagg=card in perlaggen)}'
                           f'<span class="e-where">{escape(where)}</span></button></li>')
        rows.append(f'<li class="e-suit"><h3>{suit_icon(suit)} {escape(suit_name(suit))}</h3><ol>{"".join(buttons)}</ol></li>')
    return f'<ol class="e-palette" aria-label="{escape(_("The pack"))}">{"".join(rows)}</ol>'


def captured_html(editor: Editor, names: dict[str, str]) -> str:
    cards = editor.capturable()
    if not cards:
        return ""
    cutter = editor.names()[editor.start_cutter()]
    boxes = "".join(f'<label><input type="checkbox" data-captured="{c}"{" checked" if c in editor.captured else ""}> '
                    f'{escape(names[c])}</label>' for c in cards)
    return (f'<fieldset class="e-captured"><legend>{escape(_("Kept by the cutter ({seat}) in the cut", seat=cutter))}'
            f'</legend>{boxes}</fieldset>')


def problems_html(editor: Editor) -> str:
    problems = editor.problems()
    if not problems:
        return f'<p class="e-ok" role="status">{escape(_("The position is complete. Record the deal next."))}</p>'
    items = "".join(f'<li data-code="{escape(p.code if isinstance(p, RecordError) else "editor.trump_card")}">'
                    f'{escape(problem_text(p, editor))}</li>' for p in problems)
    heading = ngettext("The engine finds {n} problem:", "The engine finds {n} problems:", len(problems))
    return f'<div class="e-problems" role="status"><p>{escape(heading)}</p><ul>{items}</ul></div>'


def setup_html(editor: Editor, names: dict[str, str], builtins: list[tuple[str, str]]) -> str:
    ready = not editor.problems()
    return (f'<h1 id="editor-title" tabindex="-1">{escape(_("Build a scenario: the position"))}</h1>'
            f'{start_html(builtins)}{settings_html(editor)}<div class="e-position">{destinations_html(editor)}'
            f'{palette_html(editor, names)}</div>{captured_html(editor, names)}<div id="e-problems">{problems_html(editor)}</div>'
            f'<p class="e-go"><button type="button" class="primary" data-do="record"{"" if ready else " disabled"}>'
            f'{escape(_("Record the deal"))}</button> <a href="teacher.html">{escape(_("Back to the list"))}</a></p>')


# ---------------------------------------------------------------------- recording
def record_html(editor: Editor, names: dict[str, str]) -> str:
    deal = editor.shown_deal()
    view = deal.view(None, reveal=True)
    view.update(reader_view(editor))
    view["bottom"], view["open"], view["highlight"] = editor.bottom, list(range(editor.players)), []
    at_end = editor.viewing >= editor.steps
    if at_end and not deal.phase.over:
        view["clickable"] = [editor.actor]
    seat_names = view["seat_names"]
    if not at_end:
        status = _("Looking at the position {moment}. Go to the end to record more moves.", moment=moment(editor.viewing))
    elif deal.phase.over:
        status = _("The deal is over.")
    else:
        status = _("{seat} to act. Click a card of the seat acting, or a button.", seat=listing_seats(view, deal.to_act))
    actor = "".join(f'<label><input type="radio" name="actor" value="{s}"{" checked" if s == editor.actor else ""}'
                    f'{"" if at_end else " disabled"}> {escape(seat_names[s])}'
                    f'{" ●" if s in deal.to_act else ""}</label>' for s in range(editor.players))
    buttons = "".join(f'<button type="button" data-choice="{i}" data-move="{escape(tv.move_code(a.to_dict()))}">'
                      f'{escape(choice_label(a, view, names))}</button>'
                      for i, a in enumerate(editor.choices(editor.actor))) if at_end else ""
    return (f'<h1 id="editor-title" tabindex="-1">{escape(_("Build a scenario: record the deal"))}</h1>'
            f'<div class="e-record"><div class="e-main"><p class="e-status" aria-live="polite" '
            f'data-to-act="{" ".join(map(str, deal.to_act)) if at_end else ""}">{escape(status)}</p>'
            f'<div class="e-table">{tview.table_html(view, names)}</div>'
            f'<fieldset class="e-actor"><legend>{escape(_("Act for"))}</legend>{actor}</fieldset>'
            f'<div class="e-actions">{buttons}</div><p id="e-message" class="message" role="alert"></p>'
            f'<p class="e-tools"><button type="button" data-do="undo"{"" if editor.steps else " disabled"}>'
            f'{escape(_("Undo the last move"))}</button> <button type="button" data-do="position">'
            f'{escape(_("Change the position"))}</button></p></div>'
            f'<aside class="e-side">{details_html(editor)}{note_form_html(editor)}{timeline_html(editor, view)}'
            f'{output_html(editor)}</aside></div>')


def listing_seats(view: dict, seats: list[int]) -> str:
    return " / ".join(view["seat_names"][s] for s in seats)


def choice_label(action, view: dict, names: dict[str, str]) -> str:
    label = tv.action_label(action.to_dict(), view.get("phase", ""))
    if action.act == "exchange":
        label += f" ({names[action.card]})"
    if action.act == "declare":
        label += " (" + ", ".join(names[c] for c in action.cards) + ")"
    return label


def details_html(editor: Editor) -> str:
    names = editor.names()
    opened = editor.open_seats()
    boxes = "".join(f'<label><input type="checkbox" data-open="{s}"{" checked" if s in opened else ""}> '
                    f'{escape(names[s])}</label>' for s in range(editor.players))
    return (f'<label class="e-title">{escape(_("Title"))} <input id="e-title" name="title" maxlength="200" '
            f'value="{escape(editor.title)}"></label>'
            f'<fieldset class="e-open"><legend>{escape(_("Hands face up when presenting"))}</legend>{boxes}</fieldset>'
            f'<label>{escape(_("Seat at the bottom of the table"))} <select name="bottom">'
            f'{options(list(range(editor.players)), editor.bottom, lambda s: names[s])}</select></label>')


def note_form_html(editor: Editor) -> str:
    step = editor.viewing
    note = editor.notes.get(step, {})
    can_ask = step < editor.steps
    return (f'<form data-e-form="note" class="e-note"><h2>{escape(_("Note {moment}", moment=moment(step)))}</h2>'
            f'<label for="e-note-text" class="visually-hidden">{escape(_("Note text"))}</label>'
            f'<textarea id="e-note-text" name="text" rows="4" maxlength="2000">{escape(note.get("text", ""))}</textarea>'
            f'<label><input type="checkbox" name="ask"{" checked" if note.get("ask") else ""}'
            f'{"" if can_ask else " disabled"}> {escape(_("A question for the class: stop before the next move"))}</label>'
            f'<label>{escape(_("Answer, said with the reveal (optional)"))}<textarea name="answer" rows="2" maxlength="2000">'
            f'{escape(note.get("answer", ""))}</textarea></label>'
            f'<button type="submit">{escape(_("Save the note"))}</button></form>')


def timeline_html(editor: Editor, view: dict) -> str:
    deal = editor.recorded
    replay = deal.copy_before(0)
    first = ' aria-current="step"' if editor.viewing == 0 else ""
    items = [f'<li><button type="button" data-look="0"{first}><span class="n">0</span> {escape(_("Start: the deal as dealt"))}</button>'
             f'{mark(editor, 0)}</li>']
    for i, action in enumerate(deal.actions):
        phase = replay.phase.value
        events = replay.apply(action)
        text = tview.say(told(action, events, phase), view)
        current = ' aria-current="step"' if editor.viewing == i + 1 else ""
        items.append(f'<li><button type="button" data-look="{i + 1}"{current}><span class="n">{i + 1}</span> '
                     f'{escape(text)}</button>{mark(editor, i + 1)}</li>')
    return (f'<h2>{escape(_("Moves (choose a step to annotate it)"))}</h2>'
            f'<ol class="t-timeline e-timeline">{"".join(items)}</ol>')


def mark(editor: Editor, step: int) -> str:
    note = editor.notes.get(step)
    if not note:
        return ""
    return '<span class="mark ask">?</span>' if note.get("ask") else '<span class="mark">✎</span>'


def output_html(editor: Editor) -> str:
    buttons = (('data-do="save"', _("Save in this browser")), ('data-do="present"', _("Present")),
               ('data-do="link"', _("Copy the link")), ('data-do="export"', _("Export a file")),
               ('data-do="lesson"', _("Lesson step at this step (TOML)")))
    return (f'<div class="e-out">' + "".join(f'<button type="button" {command}>{escape(label)}</button>'
                                             for command, label in buttons)
            + f'</div><div id="e-export" class="e-export" hidden><label for="e-export-text" id="e-export-label"></label>'
            f'<textarea id="e-export-text" rows="8" readonly></textarea></div>')


def refusal(why, editor: Editor) -> str:
    """The engine's reason, as every page says a refusal."""
    return _("Not allowed: {reason}", reason=tview.say(why, reader_view(editor)))
