"""HTML of the lesson player (beside the shared table view) and of the lesson list's progress marks.

Pure functions of a `LessonPlayer` and the card names, so they run under CPython in the tests as in
the browser. Lesson texts come translated in the lesson files (with their glossary links, drawn by
`rich`); every other visible string goes through `i18n._`.
"""
from __future__ import annotations

from html import escape

from common import proofview as pv
from common import tableview as tv
from common.i18n import _, ngettext
from lessons.player import LessonPlayer, route, text_of, words_of
from perlaggen_core import Action
from perlaggen_core.lesson import parts as text_parts, plain
from perlaggen_core.signals import SYSTEMS, catalogue, system_of
from lessons.progress import Summary
from common.signface import signal_face
from common.puzzlethemes import THEME_NAMES, practice_href, themes_of_lesson
from common.pagewords import figure_name, say, say_rules, seat_name

HIDE_PANEL_UNTIL_ANSWERED = ("deal_points", "figure_winner", "score", "penalty")   # the figures and score sheet would tell
GESTRICHEN = 14   # the ruling (shared/RULINGS.md) that makes a team one point short "gestrichen"


def lesson_href(lesson_id: str, step_id: str | None = None) -> str:
    return "lesson.html" + route(lesson_id, step_id)


GLOSSARY_WINDOW = "glossary"   # glossary links open one tab of their own, so the step stays as it is


def rich(text: str) -> str:
    """A lesson text as HTML: its words escaped, its glossary links as links to the entry in this
    language's glossary (glossary.html lies beside lesson.html in each language's folder)."""
    return "".join(f'<a class="term" href="glossary.html#{escape(term)}" target="{GLOSSARY_WINDOW}">{escape(words)}</a>'
                   if term else escape(words) for words, term in text_parts(text))


# ---------------------------------------------------------------------- the table beside the step
AREAS = ("trick", "figures", "score")


def table_view(player: LessonPlayer, names: dict[str, str]) -> dict:
    """The learner's view of the step's position, always from the learner's seat (at the bottom, as
    "You"), marked up for the lesson (tableview reads the extras). Cards laid down in the show leave
    the hands they were in; a seat a question asks about is marked; the step's card highlights wait
    for the first hint, so that nothing on the table gives the answer away."""
    step, state = player.step, player.state
    view = player.view()
    if step.kind == "question" and not state.finished and step.ask == "trick_winner":
        # The winner's card stands out and the winner leads next: keep both back until the answer.
        view["tricks"] = [dict(t) for t in view["tricks"]]
        if view["tricks"]:
            view["tricks"][-1]["winner"] = None
        view["to_act"] = []
    marks = state.hints > 0 or state.finished
    view["highlight"] = [h for h in step.highlight if h not in AREAS and ":" not in h] if marks else []
    if step.hide_perlaggen and not marks:   # the step asks which cards are wild: no star, no glow, no list
        view["perlaggen"], view["perlaggen_hidden"] = [], True
    view["focus_seats"] = focus_seats(player, view["players"])
    view["seat_names"] = [seat_name(s, view) for s in range(view["players"])]
    # what lies face up at each seat (shown in the show; the proofs at a deal's end), gone from the hands
    view = pv.face_up(view, lambda code, as_card: tv.card_html(code, view, names, as_card=as_card))
    laid = pv.laid_from_hand(view)
    extras = []
    for seat in range(view["players"]):
        html = ""
        if step.show_all and seat != player.seat:
            hand = [c for c in view["hands"][seat] if c not in laid[seat]]
            label = ngettext("{n} card in hand", "{n} cards in hand", len(hand))
            html += (f'<div class="open-cards"><span class="label" aria-hidden="true">{escape(_("In hand"))}</span>'
                     f'<ol class="open-hand" aria-label="{escape(label)}">'
                     + "".join(f"<li>{tv.card_html(c, view, names)}</li>" for c in hand) + "</ol></div>")
        extras.append(html + view["seat_extras"][seat])
    view["seat_extras"] = extras
    # Face-down backs only where the hand is hidden; an open hand is drawn above instead.
    view["hand_sizes"] = [0 if step.show_all and s != player.seat else n for s, n in enumerate(view["hand_sizes"])]
    return view


def legend_html(view: dict, names: dict[str, str]) -> str:
    """The line under the hand: this deal's Perlaggen, or (in a step that asks which cards are wild,
    before the first hint) that finding them is the task."""
    if not view.get("perlaggen_hidden"):
        return tv.perlaggen_legend(view, names)
    text = _("Which cards are Perlaggen in this deal is for you to work out: the list comes with the first hint.")
    return f'<p class="legend">{escape(text)}</p>'


def focus_seats(player: LessonPlayer, players: int) -> list[int]:
    """The seats a step is about besides the learner's: named in `highlight` ("seat:1"), or the
    seat whose move or sign a question asks about."""
    step, seats = player.step, []
    for mark in step.highlight:
        if mark.startswith("seat:"):
            seats.append(int(mark[5:]))
    if step.ask == "is_legal":
        seats.append(Action.from_text(step.params["action"]).seat)
    elif step.ask == "hand_signal":
        seats.append(int(step.params["seat"]))
    elif step.ask == "signal":
        seats.append((player.seat + players // 2) % players)   # the partner's sign
    return sorted({s for s in seats if s != player.seat})


def areas(player: LessonPlayer) -> list[str]:
    """The areas the step highlights: trick, figures, score."""
    return [h for h in player.step.highlight if h in AREAS]


def panel_hidden(player: LessonPlayer) -> bool:
    return player.step.kind == "question" and player.step.ask in HIDE_PANEL_UNTIL_ANSWERED and not player.state.finished


def hand_html(player: LessonPlayer, view: dict, names: dict[str, str]) -> str:
    """The hand: ordinary card buttons, or in the show toggles for choosing the cards to lay down."""
    enabled = player.can_act()
    if not player.show_mode():
        return tv.hand_html(view, names, enabled=enabled)
    selection = player.state.selection
    cards = "".join(
        "<li>" + tv.card_html(c, view, names, button=True, as_card=selection.get(c),
                              extra_class="chosen" if c in selection else "",
                              attrs=f'aria-pressed="{"true" if c in selection else "false"}"') + "</li>"
        for c in view.get("hand") or [])
    return f'<ol class="hand-cards" role="list">{cards}</ol>'


def status_text(player: LessonPlayer, view: dict) -> str:
    """What the learner must do now, from the engine's view (to_act, answering_team, phase) and the
    step's state: never "waiting" while the step waits for the learner."""
    step, state = player.step, player.state
    if state.pending:
        return _("The other players reply…")
    if state.finished:
        return _("This step is done: go on with “Next step”.") if player.neighbour(1) else _("This step is done.")
    if step.kind == "question":   # the page draws it per layout (status_html): beside or above the table
        return _("Answer the question beside the table.")
    legal = player.legal()
    acts = {a.act for a in legal}
    mine = view["teams"][player.seat]
    if view.get("stage") == "before_cut" and acts:   # a blind bet, or the learner cuts
        if any(a.blind for a in legal):
            return _("The cards lie face down and are not cut yet: bet blind with a button in the figures table.")
        return _("The cards are dealt face down: cut them with the button below your hand.")
    if view.get("answering_team") == mine and acts & {"hold", "raise", "good"}:
        pending = [f for f, fig in view["figures"].items() if fig["pending"] is not None and fig["pending_team"] != mine]
        figure = figure_name(pending[0]) if pending else ""
        if alone(view):   # three players: no teams, and the answers go round in turn
            if "raise" in acts:
                return _("Your turn to answer the bet on the {figure}: hold it, raise it or call it good, with the "
                         "buttons in the figures table.", figure=figure)
            return _("Your turn to answer the bet on the {figure}: hold it or call it good, with the buttons in the "
                     "figures table.", figure=figure)
        if "raise" in acts:
            return _("Answer the other team's bet on the {figure}: hold it, raise it or call it good, with the buttons "
                     "in the figures table.", figure=figure)
        return _("Answer the other team's bet on the {figure}: hold it or call it good, with the buttons in the "
                 "figures table.", figure=figure)
    if player.show_mode() or (view["phase"] == "show" and acts):
        buttons = ", ".join(tv.short_label(a) for a in ("bet", "good", "done") if a in acts)
        if not buttons:
            return _("Your turn in the show: choose cards in your hand and press “Show the chosen cards”.")
        if alone(view):
            return _("Your turn in the show: choose cards in your hand and press “Show the chosen cards”, or use the "
                     "buttons ({buttons}).", buttons=buttons)
        return _("Your team's turn in the show: choose cards in your hand and press “Show the chosen cards”, or use "
                 "the buttons ({buttons}).", buttons=buttons)
    if view["phase"] == "declare" and acts:
        return _("Declare your best figure, or pass.")
    if "exchange" in acts:
        return _("Before the first card is played you may exchange: use the button below your hand.")
    if "play" in acts:
        if "good" in acts:
            return _("Your turn: play a card, or first use the buttons in the figures table (bet, good).")
        if "bet" in acts:
            return _("Your turn: play a card, or first bet with a button in the figures table.")
        return _("Your turn: choose a card.")
    if acts & {"bet", "good"}:
        names = ", ".join(seat_name(s, view) for s in view["to_act"])
        return _("{names} plays next, but you may bet or call a figure good at any moment: use the buttons in the "
                 "figures table.", names=names)
    return tv.status_text(view)


def status_html(player: LessonPlayer, view: dict) -> str:
    """The status line as HTML. Where the question is depends on the layout: beside the table on a
    wide screen, just above the status line (between the table and the hand) on a narrow one;
    lessons.css shows the one that is true."""
    text = status_text(player, view)
    if player.step.kind != "question" or player.state.finished or player.state.pending:
        return escape(text)
    return (f'<span class="wide-only">{escape(text)}</span>'
            f'<span class="narrow-only">{escape(_("Answer the question above."))}</span>')


def alone(view: dict) -> bool:
    """Everyone plays for themselves (three players, Strafperlaggen): a side is a player."""
    return len(view["scores"]) == view["players"] > 2


# ---------------------------------------------------------------------- the step panel
def step_head_html(player: LessonPlayer, number: int | None = None) -> str:
    """The crumbs, the step's title and the dots of the lesson's steps; `number`: the lesson's place in
    the course (the lessons page numbers them so), else its `order`."""
    lesson, n, total = player.lesson, player.index + 1, len(player.step_ids)
    place = lesson.order if number is None else number
    dots = []
    for i, sid in enumerate(player.step_ids, 1):
        done = player.progress.is_done(lesson.id, sid)
        label = _("Step {n}, done", n=i) if done else _("Step {n}", n=i)
        current = ' aria-current="step"' if sid == player.step.id else ""
        dots.append(f'<li><a class="dot{" done" if done else ""}" href="{escape(route(lesson.id, sid))}"'
                    f' aria-label="{escape(label)}"{current}>{i}</a></li>')
    return (f'<p class="crumbs"><a href="lessons.html">{escape(_("Lessons"))}</a> › '
            f'{escape(_("Lesson {n}: {title}", n=place, title=words_of(lesson.title, player.lang)))}</p>'
            f'<div class="step-line"><h1 id="step-title" tabindex="-1" data-number="{n}" data-total="{total}">'
            f'{escape(_("Step {n} of {total}", n=n, total=total))}'
            + (f' <span class="done-mark">{escape(_("done"))}</span>' if player.progress.is_done(lesson.id, player.step.id) else "")
            + f'</h1><ol class="step-dots" aria-label="{escape(_("Steps"))}">{"".join(dots)}</ol></div>')


def step_body_html(player: LessonPlayer, names: dict[str, str]) -> str:
    step, lang = player.step, player.lang
    out = [f'<p class="goal">{rich(text_of(step.goal, lang))}</p>']
    if step.kind != "question":
        return "".join(out)
    out.append(f'<p class="question" id="question">{rich(text_of(step.question, lang))}</p>')
    if step.ask == "signal":
        out.append(signal_figure(player))
    if step.ask in ("higher_gleich", "higher_hanger"):
        out.append(compare_html(step.params, names))
    buttons = []
    for choice in step.choices:
        value = choice["value"]
        tried = value in player.state.tried
        state = " right" if player.state.finished and value == step.answer else " wrong" if tried else ""
        pressed = "true" if value == player.state.chosen or tried else "false"
        disabled = " disabled" if player.state.finished or tried else ""
        buttons.append(f'<button type="button" class="choice{state}" data-choice="{escape(value)}" '
                       f'aria-pressed="{pressed}"{disabled}>{escape(words_of(choice["text"], lang))}</button>')
    out.append(f'<div class="choices" role="group" aria-labelledby="question">{"".join(buttons)}</div>')
    if panel_hidden(player):
        out.append(f'<p class="note">{escape(_("The figures and the score are shown once you have answered."))}</p>')
    return "".join(out)


def compare_html(params: dict, names: dict[str, str]) -> str:
    """The two card sets a comparison question names, as small cards."""
    view: dict = {"perlaggen": []}
    rows = []
    for side in ("a", "b"):
        cards = "".join(tv.card_html(c, view, names) for c in params.get(side, []) if c in names)
        rows.append(f'<div class="compare-row"><span class="compare-label">{escape(side.upper())}</span>{cards}</div>')
    return '<div class="compare">' + "".join(rows) + "</div>"


def feedback_title(kind: str) -> str:
    return {"correct": _("Well done!"), "shown": _("Here is how"), "mistake": _("Not quite"),
            "illegal": _("Not allowed"), "unwanted": _("Not what this step asks"),
            "wrong-answer": _("Not quite")}[kind]


def feedback_html(player: LessonPlayer) -> str:
    feedback = player.state.feedback
    if feedback is None:
        return ""
    parts = [f'<p class="feedback-title">{escape(feedback_title(feedback.kind))}</p>',
             f'<p class="feedback-text">{rich(feedback.text)}</p>']
    if player.step.kind == "question" and player.state.outcome == "shown":
        parts.append(f'<p class="answer">{escape(_("The answer: {answer}", answer=player.answer_text()))}</p>')
    elif not player.state.finished:
        retry = _("Try another answer.") if player.step.kind == "question" else _("Nothing has changed: try again.")
        parts.append(f'<p class="retry">{escape(retry)}</p>')
    return "".join(parts)


def feedback_speech(player: LessonPlayer) -> str:
    """The feedback as one line for the aria-live region."""
    feedback = player.state.feedback
    if feedback is None:
        return ""
    text = f"{feedback_title(feedback.kind)} {plain(feedback.text)}"
    if player.step.kind == "question" and player.state.outcome == "shown":
        text += " " + _("The answer: {answer}", answer=player.answer_text())
    return text


def hints_html(player: LessonPlayer) -> str:
    hints = player.hints()
    if not hints:
        return ""
    items = "".join(f"<li>{rich(h)}</li>" for h in hints)
    return f'<h2 class="hints-title">{escape(_("Hints"))}</h2><ol class="hint-list">{items}</ol>'


def buttons_html(player: LessonPlayer, next_lesson: tuple[str, str] | None = None) -> str:
    """Hint, Show me and (in the show) the show button while the step is open; Next once it is done."""
    state, step = player.state, player.step
    out = []
    if not state.finished:
        if player.show_mode():
            disabled = "" if state.selection else " disabled"
            out.append(f'<button type="button" class="primary" data-do="show-selected"{disabled}>'
                       f'{escape(_("Show the chosen cards"))}</button>')
        left = len(step.hints) - state.hints
        if left:
            out.append(f'<button type="button" data-do="hint">'
                       f'{escape(ngettext("Hint ({n} left)", "Hint ({n} left)", left))}</button>')
        if player.may_show_me():
            out.append(f'<button type="button" data-do="show-me">{escape(_("Show me"))}</button>')
        return "".join(out)
    if state.pending:
        return ""
    following = player.neighbour(1)
    if following:
        out.append(f'<button type="button" class="primary" data-do="next" data-arg="{escape(following)}">{escape(_("Next step"))}</button>')
        return "".join(out)
    if player.complete():
        return completion_html(player, next_lesson)
    todo = player.next_step()
    if todo:
        out.append(f'<p class="todo">{escape(_("Some steps of this lesson are still to do."))}</p>'
                   f'<button type="button" class="primary" data-do="next" data-arg="{escape(todo)}">{escape(_("Go to the next step to do"))}</button>')
    return "".join(out)


def step_nav_html(player: LessonPlayer) -> str:
    """Links to the previous and the next step: real links, so the browser's history follows them."""
    links = []
    for offset, rel in ((-1, "prev"), (1, "next")):
        target = player.neighbour(offset)
        if target:
            n = player.index + 1 + offset
            label = _("‹ Step {n}", n=n) if offset < 0 else _("Step {n} ›", n=n)
            links.append(f'<a class="nav-{rel}" rel="{rel}" href="{escape(route(player.lesson.id, target))}">{escape(label)}</a>')
    return "".join(links)


def completion_html(player: LessonPlayer, next_lesson: tuple[str, str] | None) -> str:
    summary = player.progress.summary(player.lesson.id, player.step_ids)
    links = [f'<a class="button" href="lessons.html">{escape(_("Back to the lessons"))}</a>']
    if next_lesson:
        links.append(f'<a class="button secondary" href="{escape(route(next_lesson[0]))}">'
                     f'{escape(_("Next lesson: {title}", title=next_lesson[1]))}</a>')
    for theme in themes_of_lesson(player.lesson.id):
        links.append(f'<a class="button secondary" href="{escape(practice_href(theme))}">'
                     f'{escape(_("Puzzles: {theme}", theme=_(THEME_NAMES[theme])))}</a>')
    if not next_lesson or player.lesson.sandbox:   # the course is over, or a whole deal was played: on to whole games
        links.append(f'<a class="button secondary" href="sandbox.html">'
                     f'{escape(_("Play whole games in the sandbox"))}</a>')
    return (f'<div class="complete-box" role="status" data-first-try="{summary.first_try}" '
            f'data-total="{summary.total}"><p class="complete-title">'
            f'<span class="complete-mark" aria-hidden="true">✓</span> {escape(_("Lesson complete"))}</p>'
            f'<p>{escape(score_text(summary))}</p><p class="links">{"".join(links)}</p></div>')


def score_text(summary: Summary) -> str:
    return ngettext("{first} of {n} step solved on the first try", "{first} of {n} steps solved on the first try",
                    summary.total, first=summary.first_try)


# ---------------------------------------------------------------------- the lesson list
def list_progress_html(lesson_id: str, summary: Summary, title: str = "") -> str:
    """One lesson's mark, score and link to continue, for the lessons page."""
    href = escape(lesson_href(lesson_id, summary.resume))
    if summary.complete:
        mark = (f'<span class="complete-mark" aria-hidden="true">✓</span> '
                f'<strong class="complete-text">{escape(_("Completed"))}</strong>')
        link = _("Review")
    elif summary.started:
        mark = escape(ngettext("{done} of {n} step done", "{done} of {n} steps done", summary.total, done=summary.done))
        link = _("Continue")
    else:
        mark = escape(ngettext("{n} step", "{n} steps", summary.total))
        link = _("Start")
    score = f' <span class="score">{escape(score_text(summary))}</span>' if summary.done else ""
    label = f' aria-label="{escape(_("{action}: {title}", action=link, title=title))}"' if title else ""
    state = "complete" if summary.complete else "started" if summary.started else "new"
    return (f'<span class="mark" data-state="{state}" data-done="{summary.done}" data-total="{summary.total}">'
            f'{mark}</span>{score} <a class="button" href="{href}"{label}>{escape(link)}</a>')


# ---------------------------------------------------------------------- partner signals
def illustration_html(player: LessonPlayer) -> str:
    """What a step shows in place of the table (`show`): the table of signs of its rule set; or ""."""
    if player.step.show == "signs":
        return signs_html(player.state.deal.rules)
    return ""


def signs_html(rules) -> str:
    """The rule set's table of signs, drawn from the engine's catalogue: each sign's face, what it
    says and how it is made, in the order the system lists them."""
    system = system_of(rules)
    if system is None:
        return ""
    items = []
    for sig in catalogue(rules):
        gesture = _("Your partner {gesture}.", gesture=say(sig.gesture))
        items.append(f'<li class="sign-card" data-signal="{escape(sig.id)}">{signal_face(system, sig.id, gesture)}'
                     f'<p class="sign-means">{escape(say(sig.caption))}</p>'
                     f'<p class="sign-gesture">{escape(gesture)}</p></li>')
    title = _("The signs ({rules})", rules=say_rules(system))
    return (f'<section class="sign-table" aria-labelledby="sign-table-title"><h2 id="sign-table-title">{escape(title)}'
            f'</h2><ul class="sign-cards">{"".join(items)}</ul></section>')


def signal_figure(player: LessonPlayer) -> str:
    """The gesture of a signal question, drawn, with the gesture (never the meaning) in words."""
    system = system_of(player.state.deal.rules) or "innsbruck"
    signal = SYSTEMS[system].get(str(player.step.params.get("signal")))
    if signal is None:
        return ""
    text = _("Your partner {gesture}.", gesture=say(signal.gesture))
    return f'<figure class="signal">{signal_face(system, signal.id, text)}<figcaption>{escape(text)}</figcaption></figure>'
