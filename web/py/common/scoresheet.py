"""The score sheet, as the table keeps it: a column per team (the reader's first), each deal's
points and the running total, what is left to the target, and the gestrichen line one point below
the target.

One renderer for every page that keeps score (the table, the sandbox, the teacher's table).
"""
from __future__ import annotations

from html import escape

from common.i18n import _, ngettext
from common.pagewords import side_name


def deal_row(number: int, view: dict) -> dict:
    """A finished deal as a row of the sheet (the same shape a saved sandbox game keeps)."""
    return {"number": number, "start": list(view["start_scores"]), "scores": list(view["scores"]),
            "points": list(view["deal_points"]),
            "penalties": [p["points"] for p in view["penalties"]],
            "penalty_teams": [p["team"] for p in view["penalties"]]}


def columns(view: dict) -> list[int]:
    """The teams in sheet order: the reader's own first."""
    teams = list(range(len(view["scores"])))
    mine = view["teams"][view["seat"]] if view.get("seat") is not None else None
    return ([mine] + [t for t in teams if t != mine]) if mine is not None else teams


def score_sheet_html(rows: list[dict], view: dict, caption: str = "", gestrichen: bool = True) -> str:
    """`rows`: the finished deals (deal_row); `view`: the current deal as its reader sees it;
    `caption`: the page's own (else the target's); `gestrichen`: whether to draw the gestrichen line
    (a lesson leaves it out until the course has taught the word)."""
    order = columns(view)
    target, over = view["target"], view["phase"] in ("scored", "game_over")
    down = view.get("count_down", False)     # Strafperlaggen: from 9 down to 0
    head = "".join(f'<th scope="col">{escape(side_name(t, view))}</th>' for t in order)
    body = []
    for row in rows:
        cells = []
        for team in order:
            gained = row["scores"][team] - row["start"][team]
            fine = sum(p for p, t in zip(row["penalties"], row["penalty_teams"]) if t == team)
            note = f' <small class="fine">({fine})</small>' if fine else ""
            cells.append(f'<td><span class="gain">{gained:+d}</span>{note} <strong>{row["scores"][team]}</strong></td>')
        body.append(f'<tr data-deal="{row["number"]}"><th scope="row">{escape(_("Deal {n}", n=row["number"]))}</th>'
                    + "".join(cells) + "</tr>")
    scores = view["scores"]
    if not over:
        now = "".join(f"<td>{scores[t]}</td>" for t in order)
        body.append(f'<tr class="now"><th scope="row">{escape(_("Now"))}</th>{now}</tr>')
    left_cells, marks = [], []
    for team in order:
        left = scores[team] - target if down else target - scores[team]
        if left <= 0:
            left_cells.append(f'<td class="reached">{escape(_("reached"))}</td>')
        else:
            left_cells.append(f'<td class="to-go" data-to-go="{left}">{left}</td>')
        at = not down and 0 < left and scores[team] == view["gestrichen_at"]
        marks.append(f'<td class="gestrichen-mark"><span>{escape(_("gestrichen"))}</span></td>' if at else "<td></td>")
    # What is left to the target (counting down: to 0); then, once the learner knows the word, the
    # line one point below the target that marks a team gestrichen.
    label = _("Left to 0") if down else _("Left to {target}", target=target)
    caption = caption or (_("Score sheet (down to 0)") if down else _("Score sheet (to {target})", target=target))
    body.append(f'<tr class="to-go-line"><th scope="row">{escape(label)}</th>{"".join(left_cells)}</tr>')
    if gestrichen and not down:
        label = _("Gestrichen at {n}", n=view["gestrichen_at"])
        body.append(f'<tr class="gestrichen-line"><th scope="row">{escape(label)}</th>{"".join(marks)}</tr>')
    return (f'<table class="score-sheet"><caption>{escape(caption)}</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')
