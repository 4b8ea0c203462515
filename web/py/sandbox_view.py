"""HTML of the sandbox page: the controls, signs, score sheet, deal summary and log.

Pure functions of a `sandbox.Sandbox` (and the card names the page chose), so they run under
CPython in the tests as well as in the browser; the table itself comes from `tableview`.
Every visible string goes through `i18n._` (the computer players' reasons and the signs' gestures
and captions are the engine's own words).
"""
from __future__ import annotations

from html import escape

import tableview as tv
from cards import card_back
from i18n import _, ngettext
from perlaggen_core.figures import describe, gleich_key, hanger_key
from sandbox import HUMAN, SEATS, STRENGTHS, Sandbox, seat_label, signal_info, signal_menu, team_label, variant_name

# What the face does for each sign of each system (CSS classes of `face_svg`).
EFFECTS = {
    "innsbruck": {"martl": "eyes-up", "weli": "kiss tongue", "schell_spitz": "kiss tongue tongue-side",
                  "eichel_spitz": "wink-r", "trump_seven": "wink-l", "trump_unter_ober": "wink-l",
                  "trump_ace": "hand thumb", "small_trumps": "hand tap", "nothing": "shake",
                  "gleich4": "hand hand-ear", "hanger4": "hand hand-throat"},
    "eichel": {"martl": "eyes-up", "weli": "kiss", "trump_seven": "tongue", "trump_unter_ober": "wink-r",
               "acorn_perlagg": "wink-l", "trump_ace": "hand thumb", "trump_king": "hand point",
               "small_trumps": "hand pinky", "nothing": "shake", "gleich4": "turn-r", "hanger4": "turn-l"},
}


def strength_name(kind: str) -> str:
    return {"rule": _("rule-following"), "strong": _("strong (looks ahead)")}.get(kind, kind)


def speed_name(speed: str) -> str:
    return {"slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "test": _("instant")}.get(speed, speed)


def button(label: str, attrs: str, cls: str = "action", aria: str = "") -> str:
    extra = f' aria-label="{escape(aria)}"' if aria else ""
    return f'<button type="button" class="{cls}" {attrs}{extra}>{escape(label)}</button>'


# ---------------------------------------------------------------------- the face of a sign
def face_svg(effects: str, label: str) -> str:
    """A small face that makes a sign: CSS animates the parts named by `effects`."""
    skin, line = "#f2c9a0", "#7a4a30"
    eye = ('<g class="eye {side}"><ellipse cx="{x}" cy="25" rx="4.5" ry="5" fill="#fff" stroke="{line}" '
           'stroke-width="1.2"/><circle class="pupil" cx="{x}" cy="26" r="2.2" fill="#222"/></g>')
    return (f'<svg class="face {" ".join("fx-" + e for e in effects.split())}" viewBox="0 0 64 64" role="img" '
            f'aria-label="{escape(label)}">'
            f'<g class="head"><circle cx="30" cy="30" r="22" fill="{skin}" stroke="{line}" stroke-width="2"/>'
            + eye.format(side="eye-l", x=22, line=line) + eye.format(side="eye-r", x=38, line=line) +
            f'<path class="mouth" d="M21 40q9 6 18 0" fill="none" stroke="{line}" stroke-width="2.2" stroke-linecap="round"/>'
            '<circle class="kiss" cx="30" cy="41" r="3.6" fill="#c0505a"/>'
            '<ellipse class="tongue" cx="30" cy="44" rx="2.6" ry="2.2" fill="#e26a78"/></g>'
            f'<g class="hand"><rect x="44" y="42" width="13" height="14" rx="4" fill="{skin}" stroke="{line}" stroke-width="1.5"/>'
            f'<rect class="finger" x="47" y="33" width="4" height="11" rx="2" fill="{skin}" stroke="{line}" stroke-width="1.2"/></g>'
            '</svg>')


def sign_effects(game: Sandbox, signal: str) -> str:
    system = "eichel" if game.settings.variant == "eichel" else "innsbruck"
    return EFFECTS[system].get(signal, "")


def seat_signs(game: Sandbox, seat: int) -> str:
    """The latest sign a seat made in this deal, as a face with its caption (empty if none)."""
    made = [sig for s, sig, _a in game.signals if s == seat]
    if not made:
        return ""
    sig = signal_info(game.rules, made[-1])
    caption = sig.caption if sig else made[-1]
    label = _("{who} {gesture}", who=seat_label(seat), gesture=sig.gesture if sig else made[-1])
    more = ngettext("{n} sign this deal", "{n} signs this deal", len(made))
    return (f'<div class="sign" data-signs="{len(made)}" title="{escape(more)}">'
            f'{face_svg(sign_effects(game, made[-1]), label)}<span class="caption">{escape(caption)}</span></div>')


def signs_panel(game: Sandbox) -> str:
    """Every sign of this deal (they are public) and the human's sign menu."""
    items = []
    for seat, signal, _after in game.signals:
        sig = signal_info(game.rules, signal)
        items.append(f'<li data-seat="{seat}">{face_svg(sign_effects(game, signal), sig.gesture if sig else signal)}'
                     f'<span><strong>{escape(seat_label(seat))}</strong> {escape(sig.gesture if sig else signal)}: '
                     f'<em>“{escape(sig.caption if sig else "")}”</em></span></li>')
    made = (f'<ol class="sign-list" tabindex="0" aria-labelledby="signs-title">{"".join(items)}</ol>' if items else
            f'<p class="quiet">{escape(_("No signs yet in this deal."))}</p>')
    live = game.deal.phase not in ("scored", "game_over") and not game.autoplay
    menu = ""
    if live:
        options = "".join(
            f'<li><button type="button" class="sign-option" data-signal="{escape(sig.id)}">'
            f'{face_svg(sign_effects(game, sig.id), sig.gesture)}<span><strong>{escape(sig.gesture)}</strong>'
            f'<br>{escape(sig.caption)}</span></button></li>' for sig in signal_menu(game.rules))
        ask = button(_("Ask North for signs"), 'data-cmd="ask"')
        menu = (f'<div class="sign-tools">{ask}'
                f'<details class="sign-menu"><summary>{escape(_("Make a sign"))}</summary>'
                f'<p class="quiet">{escape(_("Signs are made openly: the opponents see them too."))}</p>'
                f'<ul>{options}</ul></details></div>')
    return made + menu


# ---------------------------------------------------------------------- the table and the hand
def table_view(game: Sandbox, names: dict[str, str]) -> dict:
    """The human's view of the deal, with the sandbox's seat names, each seat's latest sign and
    the cards it laid down in the show."""
    view = game.view()
    view["seat_names"] = [seat_label(s) for s in range(SEATS)]
    view["seat_extras"] = [seat_signs(game, s) + shown_html(view, s, names) for s in range(SEATS)]
    return view


def shown_html(view: dict, seat: int, names: dict[str, str]) -> str:
    shown = view["shown"][seat]
    if not shown:
        return ""
    cards = "".join(f"<li>{tv.card_html(c, view, names, as_card=b)}</li>" for c, b in shown)
    return (f'<div class="shown"><span class="label">{escape(_("Shown"))}</span>'
            f'<ol aria-label="{escape(_("Cards shown"))}">{cards}</ol></div>')


def hand_html(game: Sandbox, view: dict, names: dict[str, str]) -> str:
    """The hand: face down before the human picks it up, else the cards as buttons."""
    if game.opening:
        backs = "".join(f'<li><span class="card back">{card_back()}</span></li>' for _c in view["hand"])
        return (f'<ol class="hand-cards face-down" role="img" '
                f'aria-label="{escape(_("Your cards, face down"))}">{backs}</ol>')
    shown = {c for c, _b in view["shown"][HUMAN]}   # laid down in the show: they lie at the seat now
    return tv.hand_html({**view, "hand": [c for c in view["hand"] if c not in shown]}, names, enabled=True)


def status_text(game: Sandbox, view: dict) -> str:
    if game.autoplay:
        return _("The computer plays every seat.")
    if game.opening:
        return _("Your cards lie face down. Bet blind now, or pick them up.")
    if game.exchange_open():
        return _("You may exchange a card for the trump card, or keep your cards.")
    if HUMAN in view["to_act"] and view["phase"] == "show" and game.answering():
        return _("Answer the bet: hold, raise or call it good.")
    if HUMAN in view["to_act"] and view["phase"] == "show":
        return _("Your team's turn in the show: click a card in your hand to show it, or end the turn.")
    if HUMAN in view["to_act"] and game.answering():
        return _("Answer the bet: hold, raise or call it good.")
    return tv.status_text(view)


def game_line(game: Sandbox) -> str:
    s = game.settings
    return _("{rules} to {target} · computer players: {strength} · game seed {seed} · deal {n} (deal seed {deal_seed})",
             rules=variant_name(s.variant), target=s.target, strength=strength_name(s.strength), seed=s.seed,
             n=game.number, deal_seed=game.seed)


def controls_html(game: Sandbox, actions: list[dict], names: dict[str, str]) -> str:
    """The human's moves that belong to no figure row, and the game's own buttons.

    `actions` are the human's legal non-play actions; a button's data-action is its index there."""
    phase = game.deal.phase
    out = []
    if game.opening:
        out.append(button(_("Pick up your cards"), 'data-cmd="pickup"', "action primary"))   # blind bets: figure rows
    elif game.exchange_open():
        for i, a in enumerate(actions):
            if a["act"] == "exchange":
                out.append(button(_("Give {card}, take {take}", card=names[a["card"]], take=names[a["take"]]),
                                  f'data-action="{i}"'))
        out.append(button(_("Keep my cards"), 'data-cmd="keep"', "action primary"))
    else:
        answers = {"hold": 0, "raise": 1, "good": 2}
        pending = sorted((a for a in actions if a["act"] in answers and game.answering()),
                         key=lambda a: answers[a["act"]])
        for a in pending:   # the answer to a bet, next to the hand (the figure rows have it too)
            out.append(button(tv.action_label(a), f'data-action="{actions.index(a)}"'))
        for i, a in enumerate(actions):
            if a["act"] == "declare":
                cards = ", ".join(names[c] for c in a["cards"])
                out.append(button(_("Declare the {figure}: {cards}", figure=tv.figure_name(a["figure"]), cards=cards),
                                  f'data-action="{i}"'))
            elif a["act"] == "done":
                out.append(button(tv.action_label(a, phase), f'data-action="{i}"'))
    if phase == "scored":
        out.append(button(_("Next deal"), 'data-cmd="next"', "action primary"))
    if phase in ("scored", "game_over"):
        out.append(button(_("Play this deal again"), 'data-cmd="again"'))
    if phase == "game_over":
        out.append(button(_("New game"), 'data-cmd="newgame"', "action primary"))
    hint = [] if phase in ("scored", "game_over") else [button(_("Hint"), 'data-cmd="hint"', "action tool")]
    tools = hint + [button(_("Undo my last move"), 'data-cmd="undo"' + ("" if game.can_undo() else " disabled"),
                    "action tool")]
    return ('<div class="moves">' + "".join(out) + '</div><div class="tools">' + "".join(tools) + "</div>")


def show_picker_html(game: Sandbox, card: str, options: list[dict], names: dict[str, str]) -> str:
    """The baptism choice for showing a Perlagg: every legal way, grouped by suit, with the
    human's best Gleich and Hanger after it (the index is into `options`)."""
    deal = game.deal
    before = [b or c for c, b in deal.played[HUMAN]] + [b or c for c, b in deal.shown[HUMAN]]

    def preview(as_card: str) -> str:
        reps = before + [as_card]
        g, h = gleich_key(reps), hanger_key(reps)
        bits = [_("Gleich: {figure}", figure=describe("gleich", g)) if g else "",
                _("Hanger: {figure}", figure=describe("hanger", h)) if h else ""]
        return f'<span class="preview">{escape(" · ".join(b for b in bits if b))}</span>'

    entries = []
    for i, a in enumerate(options):
        as_card = (a.get("as") or {}).get(card)
        entries.append((i, as_card, preview(as_card or card)))
    return tv.baptism_form_html(
        _("Show {card}", card=names[card]),
        _("Choose the card your Perlagg stands for in the show. Only the choices the rules allow are listed."),
        entries, _("Show it as itself"), names, "data-show-option")


# ---------------------------------------------------------------------- score sheet and summary
def score_sheet_html(game: Sandbox) -> str:
    """The traditional sheet: a column per team, each deal's points and the running total, and the
    gestrichen line one point below the target."""
    target = game.settings.target
    rows = game.sheet_rows()
    head = f'<th scope="col">{escape(_("Us"))}</th><th scope="col">{escape(_("Them"))}</th>'
    body = []
    for row in rows:
        cells = []
        for team in (0, 1):
            gained = row["scores"][team] - row["start"][team]
            fine = sum(p for p, t in zip(row["penalties"], row["penalty_teams"]) if t == team)
            note = f' <small class="fine">({fine})</small>' if fine else ""
            cells.append(f'<td><span class="gain">{gained:+d}</span>{note} <strong>{row["scores"][team]}</strong></td>')
        body.append(f'<tr data-deal="{row["number"]}"><th scope="row">{escape(_("Deal {n}", n=row["number"]))}</th>'
                    + "".join(cells) + "</tr>")
    if game.deal.phase not in ("scored", "game_over"):
        now = game.deal.scores
        cells = "".join(f"<td>{now[t]}</td>" for t in (0, 1))
        body.append(f'<tr class="now"><th scope="row">{escape(_("Now"))}</th>{cells}</tr>')
    scores = rows[-1]["scores"] if game.deal.phase in ("scored", "game_over") else game.deal.scores
    marks = []
    for team in (0, 1):
        if scores[team] >= target:
            marks.append(f'<td class="reached">{escape(_("reached"))}</td>')
        elif scores[team] == target - 1:
            marks.append(f'<td class="gestrichen-mark"><span>{escape(_("gestrichen"))}</span></td>')
        else:
            left = target - scores[team]
            marks.append(f'<td class="to-go">{escape(ngettext("{n} to go", "{n} to go", left))}</td>')
    body.append(f'<tr class="gestrichen-line"><th scope="row">{escape(_("At {n}", n=target - 1))}</th>{"".join(marks)}</tr>')
    return (f'<table class="score-sheet"><caption>{escape(_("Score sheet (to {target})", target=target))}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def summary_html(game: Sandbox) -> str:
    """After a deal: who won each figure, for how much, and why; penalties; the game's end."""
    deal = game.deal
    if deal.phase not in ("scored", "game_over"):
        return ""
    rows = "".join(
        f'<tr data-figure="{r["figure"]}"><th scope="row">{escape(r["label"])}</th>'
        f'<td>{escape(r["team"] or "—")}</td><td class="value">{escape(r["value"] if r["status"] == "won" else "0")}</td>'
        f'<td>{escape(r["why"])}</td></tr>' for r in game.summary())
    points = deal.deal_points
    lines = [f"<li>{escape(line)}</li>" for line in game.penalty_lines()]
    if game.undone:
        lines.append(f'<li>{escape(_("Undo was used in this deal."))}</li>')
    title = _("Deal {n}: Us {us}, Them {them}", n=game.number, us=points[0], them=points[1])
    end = ""
    if deal.phase == "game_over":
        won = deal.game_winner == HUMAN % 2
        end = (f'<p class="game-end {"won" if won else "lost"}">'
               f'{escape(_("We win the game, {a} to {b}!", a=deal.scores[0], b=deal.scores[1]) if won else _("They win the game, {b} to {a}.", a=deal.scores[0], b=deal.scores[1]))}</p>')
    return (f'<h2>{escape(title)}</h2>{end}<table class="summary-table"><thead><tr>'
            f'<th scope="col">{escape(_("Figure"))}</th><th scope="col">{escape(_("Won by"))}</th>'
            f'<th scope="col">{escape(_("Points"))}</th><th scope="col">{escape(_("Why"))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>' + (f'<ul class="penalties">{"".join(lines)}</ul>' if lines else ""))


# ---------------------------------------------------------------------- the log
def log_item(entry: dict) -> str:
    seat = entry.get("seat")
    attrs = f' data-seat="{seat}"' if seat is not None else ""
    why = f'<span class="why">{escape(_("Why: {reason}", reason=entry["why"]))}</span>' if entry.get("why") else ""
    return f'<li class="log-{escape(entry["kind"])}"{attrs}>{escape(entry["text"])}{why}</li>'


__all__ = ["EFFECTS", "STRENGTHS", "controls_html", "face_svg", "game_line", "hand_html", "log_item",
           "score_sheet_html", "seat_signs", "show_picker_html", "signs_panel", "status_text", "summary_html",
           "table_view", "team_label"]
