"""What one seat may see of a deal, as JSON-ready data (the pages render only this)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .cut import hide
from .state import SHOW

if TYPE_CHECKING:
    from .deal import Deal


def view_of(deal: "Deal", seat: Optional[int], reveal: bool = False) -> dict[str, Any]:
    """The seat's view; `seat` None is a spectator. `reveal` adds every seat's hand (`hands`),
    for open-hand teaching (lessons, the teacher's table), never for a game."""
    summary = deal.summary()
    figures = {}
    for name, fig in deal.figs.items():
        data = fig.public()
        data["pending_team"] = fig.pending.team if fig.pending else None
        data["pending_seat"] = fig.pending.seat if fig.pending else None
        data["last_bet_team"] = fig.last_team
        data["waiting"] = list(fig.pending.waiting) if fig.pending else []
        data["out"] = sorted(fig.out)
        figures[name] = data
    out = {
        "variant": deal.rules.name,
        "players": deal.n,
        "seat": seat,
        "dealer": deal.dealer,
        "cutter": deal.cutter,
        "leader": deal.leader_seat,
        "teams": [deal.team(s) for s in range(deal.n)],
        "phase": deal.phase.value,
        "stage": deal.stage,
        "trump": deal.trump,
        "trump_card": deal.face_up,
        "turned_card": deal.trump_card0,
        "exchanged": deal.exchanges[-1].to_dict() if deal.exchanges else None,
        "exposed": list(deal.exposed),
        "captured": list(deal.captured),
        "shown_stock": list(deal.start.shown_stock),
        "perlaggen": list(deal.perl),
        "hand": list(deal.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "tricks": [t.to_dict() for t in deal.tricks],
        "tricks_won": summary["tricks_won"],
        "tricks_for_spiel": deal.rules.tricks_for_spiel,
        "shown": [[[c, b] for c, b in cards] for cards in deal.shown],
        "figures": figures,
        "show_turn": deal.show_team if deal.phase is SHOW else None,
        "spiel_team": deal.spiel_team,
        "to_act": summary["to_act"],
        "answering_team": deal.answering_team,
        "target": deal.target,
        "count_down": deal.rules.count_down,
        "gestrichen_at": deal.gestrichen_at,
        "scores": summary["scores"],
        "start_scores": list(deal.start_scores),
        "deal_points": summary["deal_points"],
        "gestrichen": [deal.gestrichen(t) for t in range(deal.n_teams)],
        "penalties": summary["penalties"],
        "game_winner": summary["game_winner"],
        "proofs": [p.to_dict() for p in deal.final.proofs] if deal.final else [],   # face up for all, at the end
        # every hand as dealt, once the deal is over ("show all hands"); never before
        "dealt": [list(h) for h in deal.hands0] if deal.phase.over else None,
        "legal": [a.to_dict() for a in deal.legal_actions(seat)] if seat is not None else [],
    }
    if reveal:
        out["hands"] = [list(h) for h in deal.hands]
    return hide(out) if deal.uncut else out
