"""What one seat may see of a deal, as JSON-ready data."""
from __future__ import annotations

from typing import Any, Optional


def view_of(deal, seat: Optional[int]) -> dict[str, Any]:
    summary = deal.summary()
    figures = {}
    for name, fig in deal.figs.items():
        data = fig.public()
        data["pending_team"] = fig.pending[0] if fig.pending else None
        data["pending_seat"] = fig.pending[1] if fig.pending else None
        data["last_bet_team"] = fig.last_team
        figures[name] = data
    return {
        "variant": deal.rules.name,
        "players": deal.n,
        "seat": seat,
        "dealer": deal.dealer,
        "cutter": (deal.dealer - 1) % deal.n,
        "teams": [deal.team(s) for s in range(deal.n)],
        "phase": deal.phase,
        "trump": deal.trump,
        "trump_card": deal.face_up,
        "turned_card": deal.trump_card0,
        "exchanged": deal.exchanges[-1] if deal.exchanges else None,
        "exposed": list(deal.exposed),
        "captured": list(deal.captured),
        "perlaggen": list(deal.perl),
        "hand": list(deal.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "tricks": [{"leader": t.leader, "cards": [[s, c, b] for s, c, b in t.cards], "winner": t.winner}
                   for t in deal.tricks],
        "tricks_won": summary["tricks_won"],
        "shown": [[[c, b] for c, b in cards] for cards in deal.shown],
        "figures": figures,
        "show_turn": deal.show_team if deal.phase == "show" else None,
        "to_act": summary["to_act"],
        "target": deal.target,
        "scores": summary["scores"],
        "start_scores": list(deal.start_scores),
        "deal_points": summary["deal_points"],
        "gestrichen": [deal.gestrichen(t) for t in range(deal.n_teams)],
        "penalties": summary["penalties"],
        "game_winner": summary["game_winner"],
        "legal": [a.to_dict() for a in deal.legal_actions(seat)] if seat is not None else [],
    }
