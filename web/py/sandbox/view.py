"""HTML of the sandbox page: the controls, signs, deal summary and log.

Pure functions of a `sandbox.Sandbox` (and the card names of the page's language), so they run
under CPython in the tests as well as in the browser; the table comes from `tableview`, the score
sheet from `scoresheet`, the faces of signs from `signface`, and every sentence of the engine
through `words`.
"""
from __future__ import annotations

from html import escape

from common import proofview as pv
from common import tableview as tv
from common.i18n import N_, _, gettext, ngettext
from perlaggen_core import Action, Message, get_rules, msg
from perlaggen_core.figures import describe
from perlaggen_core.narrate import penalty_message
from perlaggen_core.signals import system_of
from sandbox.controller import HUMAN, STRENGTHS, Sandbox, seat_label, signal_menu
from common.scoresheet import columns, score_sheet_html as sheet_html
from common.signface import signal_face
from common.pagewords import card_names, figure_name, line_text, listing, renderer, say, say_rules, side_name, value_text


def variant_name(variant: str) -> str:
    return say_rules(variant)


# The documents of shared/seeds as a reader would cite them, and the language they are written in:
# a section is quoted as the document names it, marked as that language.
SOURCE_TITLES = {
    "000_e139dc56b14c6295.txt": (N_("Perlaggen (J. McLeod, pagat.com)"), "en"),
    "002_e3ecfafdaf1d8894.txt": (N_("Giltspiel (J. McLeod, pagat.com)"), "en"),
    "004_51b9af99e10da699.txt": (N_("Imster Perlaggerregeln 2008"), "de"),
}


SOURCE_LINE = N_("Source: {title}, section “{section}”")


def source_html(source: tuple[str, str]) -> str:
    """Where a rule set comes from: the document (translated) and its section (quoted as it is)."""
    file, section = source
    title, lang = SOURCE_TITLES.get(file, (file, "en"))
    return escape(gettext(SOURCE_LINE)).format(
        title=escape(_(title)), section=f'<cite lang="{lang}">{escape(section)}</cite>')


def rule_set_info(name: str, names: dict[str, str]) -> str:
    """What the chooser tells about a rule set: the table, the target, the Perlaggen, the source."""
    rules = get_rules(name)
    if rules.alone:
        table = ngettext("{n} player, each alone", "{n} players, each alone", rules.players)
    elif rules.team_size == 1:
        table = ngettext("{n} player", "{n} players, one against the other", rules.players)
    else:
        table = _("{n} players in two teams of {size}", n=rules.players, size=rules.team_size)
    goal = goal_text(rules)
    wild = [names[c] if c[0] != "T" else _("the {rank} of trumps", rank=RANK_WORDS[c[1:]]()) for c in rules.perlaggen]
    perl = _("Perlaggen, highest first: {cards}", cards=listing(wild)) if wild else _("No Perlaggen: no wild cards.")
    return (f'<p><strong>{escape(say_rules(name))}</strong>: {escape(table)}, {escape(goal)}, '
            f'{escape(ngettext("{n} card each", "{n} cards each", rules.hand_size))}.</p>'
            f'<p>{escape(perl)}</p><p class="source">{source_html(rules.source)}</p>')


RANK_WORDS = {"7": lambda: _("Seven"), "U": lambda: _("Unter"), "O": lambda: _("Ober"), "K": lambda: _("King")}


def strength_name(kind: str) -> str:
    return {"rule": _("simple (rules of thumb)"), "strong": _("strong (looks ahead)")}.get(kind, kind)


def button(label: str, attrs: str, cls: str = "action", aria: str = "") -> str:
    extra = f' aria-label="{escape(aria)}"' if aria else ""
    return f'<button type="button" class="{cls}" {attrs}{extra}>{escape(label)}</button>'


def reader(game: Sandbox) -> dict:
    """The human's view with the sandbox's seat names: what the engine's words are said to."""
    view = game.view()
    view["seat_names"] = [game.seat_label(s) for s in range(game.seats)]
    if game.play_on is not None:   # two players, each alone: the sides are the players
        view["team_names"] = view["seat_names"]
    return view


# ---------------------------------------------------------------------- signs
def face(game: Sandbox, signal: str, label: str) -> str:
    return signal_face(system_of(game.rules) or "innsbruck", signal, label)


def seat_signs(game: Sandbox, seat: int) -> str:
    """The latest sign of a seat the human saw in this deal, as a face with its meaning (empty if
    none: an opponent's sign shows only when the human caught it)."""
    made = [s.signal for s in game.seen_signs() if s.seat == seat]
    if not made:
        return ""
    sig = signal_menu(game.rules)
    sign = next(s for s in sig if s.id == made[-1])
    label = say(msg("signal.does", seat=seat, gesture=sign.made_by(seat)), reader(game))
    more = ngettext("{n} sign this deal", "{n} signs this deal", len(made))
    return (f'<div class="sign" data-signs="{len(made)}" title="{escape(more)}">'
            f'{face(game, made[-1], label)}<span class="caption">{escape(say(sign.caption))}</span></div>')


def signs_panel(game: Sandbox) -> str:
    """The signs of this deal the human saw (the partners', the human's own, the opponents' caught)
    and the human's sign menu."""
    menu = {s.id: s for s in signal_menu(game.rules)}
    items = []
    view = reader(game)
    for sign in game.seen_signs():
        sig = menu[sign.signal]
        gesture, caption = say(sig.made_by(sign.seat), view), say(sig.caption)
        caught = game.deal.team(sign.seat) != game.deal.team(HUMAN)
        code = "signal.caught" if caught else "signal.made"
        template = renderer(view).template(msg(code, seat=sign.seat))   # "You ..." for the human
        assert isinstance(template, str)     # a sign's sentence has no plural
        line = escape(gettext(template)).format(   # the log's sentence, with its quotes
            seat=f"<strong>{escape(game.seat_label(sign.seat))}</strong>", gesture=escape(gesture),
            caption=f"<em>{escape(caption)}</em>")
        extra = ' class="caught"' if caught else ""
        items.append(f'<li data-seat="{sign.seat}"{extra}>{face(game, sign.signal, gesture)}<span>{line}</span></li>')
    made = (f'<ol class="sign-list" tabindex="0" aria-labelledby="signs-title">{"".join(items)}</ol>' if items else
            f'<p class="quiet">{escape(_("No signs yet in this deal."))}</p>')
    if game.deal.phase.over or game.autoplay or not game.partners or game.opening:   # no signs before seeing the cards
        return made
    options = "".join(
        f'<li><button type="button" class="sign-option" data-signal="{escape(sig.id)}">'
        f'{face(game, sig.id, say(sig.gesture))}<span><strong>{escape(say(sig.gesture))}</strong>'
        f'<br>{escape(say(sig.caption))}</span></button></li>' for sig in menu.values())
    ask = button(_("Ask {seat} for signs", seat=listing([game.seat_label(p) for p in game.partners])),
                 'data-do="ask"')
    return (made + f'<div class="sign-tools">{ask}'
            f'<details class="sign-menu"><summary>{escape(_("Make a sign"))}</summary>'
            f'<p class="quiet">{escape(watch_note(game))}</p>'
            f'<ul>{options}</ul></details></div>')


def watch_note(game: Sandbox) -> str:
    """How likely an opponent is to catch the human's sign (the same chance as the human's)."""
    catch = game.settings.catch
    if catch == 0:
        return _("Your partners see every sign; the opponents never catch one at this table.")
    if catch == 100:
        return _("Your partners see every sign, and so do the opponents at this table.")
    return _("Your partners see every sign; each opponent catches one now and then (about {n} in 100), "
             "as you catch theirs.", n=catch)


# ---------------------------------------------------------------------- the table and the hand
def table_view(game: Sandbox, names: dict[str, str]) -> dict:
    """The human's view of the deal, with the sandbox's seat names, each seat's latest sign, the
    cards it laid down in the show and, once the deal is over, its proofs face up."""
    view = reader(game)
    view = pv.face_up(view, card_drawer(view, names))     # face up on the table now: no longer in the hand
    view["seat_extras"] = [seat_signs(game, s) + extra for s, extra in enumerate(view["seat_extras"])]
    return view


def card_drawer(view: dict, names: dict[str, str]):
    """The table's small cards, for the proofs and the hands as dealt."""
    return lambda code, as_card: tv.card_html(code, view, names, as_card=as_card)


def deal_end_html(view: dict, names: dict[str, str]) -> str:
    """How the deal ended, for the summary and the review: the proofs, and every hand as dealt."""
    return pv.proofs_list(view) + pv.dealt_hands(view, card_drawer(view, names))


def hand_html(game: Sandbox, view: dict, names: dict[str, str]) -> str:
    """The hand: face down before the human picks it up (before the cut the view has no hand at
    all, only its size), else the cards as buttons."""
    if game.opening or view["hand"] is None:
        return tv.hand_html({**view, "hand": None}, names, enabled=False)
    laid = pv.laid_from_hand(view)[HUMAN]   # laid down in the show or as a proof: they lie at the seat now
    return tv.hand_html({**view, "hand": [c for c in view["hand"] if c not in laid]}, names, enabled=True)


def status_text(game: Sandbox, view: dict) -> str:
    if game.autoplay:
        return _("The computer plays every seat.")
    if game.before_cut:
        cutter = game.seat_label(game.deal.cutter)
        if game.blind_open():
            return (_("Your cards lie face down and are not cut yet. Bet blind now, or cut them.")
                    if game.deal.cutter == HUMAN else
                    _("Your cards lie face down and are not cut yet. Bet blind now, or let {seat} cut.", seat=cutter))
        if game.deal.cutter == HUMAN:
            return _("The cards are dealt face down. Cut them.")
        return _("The cards are dealt face down. {seat} cuts.", seat=cutter)
    if game.opening:
        return _("The cards are cut and the trump card is turned up. Pick up your cards.")
    if game.exchange_open():
        if all(a.get("take") == view["trump_card"] for a in view["legal"] if a["act"] == "exchange"):
            return _("You may exchange a card for the trump card, or keep your cards.")
        return _("You may exchange a card for one laid out face up, or keep your cards.")
    if HUMAN in view["to_act"] and view["phase"] == "show" and view["answering_team"] is None:
        return _("Your team's turn in the show: click a card in your hand to show it, or end the turn.")
    return tv.status_text(view)


def goal_text(rules) -> str:
    return (_("from {start} down to 0", start=rules.start_score) if rules.count_down else
            _("to {target} points", target=rules.target))


def game_line(game: Sandbox) -> str:
    s = game.settings
    goal = goal_text(game.rules) if game.rules.count_down else _("to {target} points", target=s.target)
    if game.play_on is not None:   # the play-on goes on from the points left
        goal = _("down to 0")
    values = dict(rules=variant_name(game.rules.name), goal=goal, strength=strength_name(s.strength), seed=s.seed,
                  n=game.number)
    if game.seed is None:     # a deal given card by card (a handed-over position) has no seed
        return _("{rules} {goal} · computer players: {strength} · game seed {seed} · deal {n}", **values)
    return _("{rules} {goal} · computer players: {strength} · game seed {seed} · deal {n} (deal seed {deal_seed})",
             deal_seed=game.seed, **values)


def controls_html(game: Sandbox, actions: list[dict], names: dict[str, str]) -> str:
    """The human's moves that belong to no figure row, and the game's own buttons.

    `actions` are the human's legal non-play actions; a button's data-action is its index there."""
    phase = game.deal.phase.value
    over = game.deal.phase.over
    out = []
    if game.before_cut:    # the blind bets are in the figure rows
        for i, a in enumerate(actions):
            if a["act"] == "cut":
                out.append(button(_("Cut the cards"), f'data-action="{i}" data-move="cut"', "action primary"))
        if game.blind_open() and game.deal.cutter != HUMAN:
            out.append(button(_("No blind bet: on to the cut"), 'data-do="noblind"', "action primary"))
    elif game.opening:
        out.append(button(_("Pick up your cards"), 'data-do="pickup"', "action primary"))
    elif game.exchange_open():
        for i, a in enumerate(actions):
            if a["act"] == "exchange":
                out.append(button(_("Give {card}, take {take}", card=names[a["card"]], take=names[a["take"]]),
                                  f'data-action="{i}" data-move="{escape(tv.move_code(a))}"'))
            elif a["act"] == "keep":
                out.append(button(tv.action_label(a), f'data-action="{i}" data-move="keep"', "action primary"))
    else:
        answers = {"hold": 0, "raise": 1, "good": 2}
        pending = sorted((a for a in actions if a["act"] in answers and game.answering()),
                         key=lambda a: answers[a["act"]])
        for a in pending:   # the answer to a bet, next to the hand (the figure rows have it too)
            out.append(button(tv.action_label(a), f'data-action="{actions.index(a)}" data-move="{escape(tv.move_code(a))}"'))
        for i, a in enumerate(actions):
            if a["act"] == "declare":
                cards = ", ".join(names[c] for c in a["cards"])
                out.append(button(_("Declare the {figure}: {cards}", figure=figure_name(a["figure"]), cards=cards),
                                  f'data-action="{i}" data-move="{escape(tv.move_code(a))}"'))
            elif a["act"] == "done":
                out.append(button(tv.action_label(a, phase), f'data-action="{i}" data-move="{escape(tv.move_code(a))}"'))
    if phase == "scored":
        out.append(button(_("Next deal"), 'data-do="next"', "action primary"))
    if over and not game.autoplay:
        out.append(button(_("Review this deal"), 'data-do="review"'))
    if over:
        out.append(button(_("Play this deal again"), 'data-do="again"'))
    play_on = phase == "game_over" and game.can_play_on()
    if play_on:
        out.append(button(_("Play on for second place"), 'data-do="playon"', "action primary"))
    if phase == "game_over":
        out.append(button(_("New game"), 'data-do="newgame"', "action" if play_on else "action primary"))
    hint = [] if over else [button(_("Hint"), 'data-do="hint"', "action tool")]
    tools = hint + [button(_("Undo my last move"), 'data-do="undo"' + ("" if game.can_undo() else " disabled"),
                    "action tool")]
    return '<div class="moves">' + "".join(out) + '</div><div class="tools">' + "".join(tools) + "</div>"


def show_picker_html(game: Sandbox, card: str, options: list[dict], names: dict[str, str]) -> str:
    """The baptism choice for showing a Perlagg: every legal way, grouped by suit, with what the
    human's shown cards make once it is shown so (the engine's preview; the index is into `options`)."""
    def preview(data: dict) -> str:
        seen = game.deal.preview(Action.from_dict({"seat": HUMAN, **data}))
        bits = [_("Gleich: {figure}", figure=say(describe("gleich", seen.shown_gleich))) if seen.shown_gleich else "",
                _("Hanger: {figure}", figure=say(describe("hanger", seen.shown_hanger))) if seen.shown_hanger else ""]
        return f'<span class="preview">{escape(" · ".join(b for b in bits if b))}</span>'

    entries = [(i, (a.get("as") or {}).get(card), preview(a)) for i, a in enumerate(options)]
    return tv.baptism_form_html(
        _("Show {card}", card=names[card]),
        _("Choose the card your Perlagg stands for in the show. Only the choices the rules allow are listed."),
        entries, _("Show it as itself"), names, "data-show-option")


# ---------------------------------------------------------------------- score sheet and summary
def score_sheet_html(game: Sandbox) -> str:
    """The sheet of the game; in the play-on, the play-on's, under who took first place."""
    on = game.play_on
    if on is None:
        return sheet_html(game.sheet_rows(), reader(game))
    names = [seat_label(s, len(on.first_scores)) for s in range(len(on.first_scores))]
    note = _("{winner} took first place ({scores}). {players} play on for second place, counting down from the points left.",
             winner=names[on.winner], scores=", ".join(str(n) for n in on.first_scores),
             players=listing([names[s] for s in on.seats]))
    return (f'<p class="play-on-note">{escape(note)}</p>'
            + sheet_html(game.sheet_rows(), reader(game), _("Play-on for second place (down to 0)")))


def summary_html(game: Sandbox, names: dict[str, str] | None = None) -> str:
    """After a deal: who won each figure, for how much, and why; penalties; the proofs; every hand
    as dealt (behind "Show all hands"); the computer players' reasons for their moves; the game's end."""
    deal = game.deal
    if not deal.phase.over:
        return ""
    view = reader(game)
    mine = view["teams"][HUMAN]
    rows = "".join(
        f'<tr data-figure="{o.figure}"><th scope="row">{escape(figure_name(o.figure))}</th>'
        f'<td>{escape(side_name(o.winner, view) if o.winner is not None else "—")}</td>'
        f'<td class="value">{escape(value_text(o.value) if o.status.value == "won" else "0")}</td>'
        f'<td>{escape(say(o.how, view))}</td></tr>' for o in deal.outcome())
    lines = [f"<li>{escape(say(penalty_message(p), view))}</li>" for p in deal.penalties]
    if game.undone:
        lines.append(f'<li>{escape(_("Undo was used in this deal."))}</li>')
    points = view["deal_points"]
    sides = [_("{side} {n}", side=side_name(t, view), n=points[t]) for t in columns(view)]
    title = _("Deal {n}: {points}", n=game.number, points=listing(sides))
    end = ""
    if deal.game_winner is not None:
        won = deal.game_winner == mine
        scores = ", ".join(str(view["scores"][t]) for t in columns(view))
        if game.play_on is not None:
            text = _("You take second place ({scores})!", scores=scores) if won else \
                _("{side} takes second place ({scores}).", side=side_name(deal.game_winner, view), scores=scores)
        elif won:
            text = _("You win the game ({scores})!", scores=scores) if game.rules.alone else \
                _("We win the game ({scores})!", scores=scores)
        elif game.rules.alone:
            text = _("{side} wins the game ({scores}).", side=side_name(deal.game_winner, view), scores=scores)
        else:
            text = _("They win the game ({scores}).", scores=scores)
        end = f'<p class="game-end {"won" if won else "lost"}">{escape(text)}</p>'
    reasons = "".join(f'<li data-seat="{e["seat"]}">{escape(line_text(e["msg"], view))} '
                      f'<span class="why">{escape(_("Why: {reason}", reason=say(Message.from_dict(e["why"]), view)))}</span></li>'
                      for e in game.reasons() if e["seat"] != HUMAN)
    why = (f'<details class="reasons"><summary>{escape(_("Why the computer players did what they did"))}</summary>'
           f'<ol>{reasons}</ol></details>') if reasons else ""
    return (f'<h2>{escape(title)}</h2>{end}<table class="summary-table"><thead><tr>'
            f'<th scope="col">{escape(_("Figure"))}</th><th scope="col">{escape(_("Won by"))}</th>'
            f'<th scope="col">{escape(_("Points"))}</th><th scope="col">{escape(_("Why"))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>' + (f'<ul class="penalties">{"".join(lines)}</ul>' if lines else "")
            + deal_end_html(view, names or card_names(game.rules)) + why)


# ---------------------------------------------------------------------- the log
def log_item(entry: dict, view: dict) -> str:
    """One line of the log (a computer player's reason is not shown here: see the summary)."""
    seat = entry.get("seat")
    attrs = f' data-seat="{seat}"' if seat is not None else ""
    if "code" in entry["msg"]:        # an engine message: its code, for the tests
        attrs += f' data-code="{escape(entry["msg"]["code"])}"'
    failed = "_failed" in entry["msg"].get("code", "") or entry["msg"].get("code") == "proof.failed"
    cls = f'log-{escape(entry["kind"])}' + (" proof-failed" if failed else "")
    return f'<li class="{cls}"{attrs}>{escape(line_text(entry["msg"], view))}</li>'


__all__ = ["STRENGTHS", "controls_html", "game_line", "hand_html", "log_item", "reader", "score_sheet_html",
           "seat_signs", "show_picker_html", "signs_panel", "status_text", "summary_html", "table_view"]
