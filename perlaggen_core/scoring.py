"""Scoring a deal (rulings 16, 21-22): the duty to show, penalties, the order figures are counted
in, and the end of the game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .events import DealScored
from .figures import can_show
from .rules import FIGURES
from .showdown import best_other, can_team_show, material
from .state import AUS, GAME_OVER, NOBODY, OPEN, SCORED, WON, FigureState, Penalty, Tally

if TYPE_CHECKING:
    from .deal import Deal


def scoring_order(deal: "Deal") -> list[FigureState]:
    """Conceded figures as they were called good, then held bets by their first bet, then the
    unbet figures Gleich, Hanger, Spiel (Imst: Spiel, Gleich, Hanger)."""
    figs = list(deal.figs.values())
    conceded = sorted((f for f in figs if f.conceded), key=lambda f: f.conceded_at)
    held = sorted((f for f in figs if not f.conceded and f.first_bet is not None), key=lambda f: f.first_bet)
    order = ("spiel", "gleich", "hanger") if deal.rules.scoring_order == "imst" else FIGURES
    unbet = [deal.figs[n] for n in order if not deal.figs[n].conceded and deal.figs[n].first_bet is None]
    return conceded + held + unbet


def validation(deal: "Deal") -> tuple[dict[int, list[tuple[int, str]]], dict[str, Optional[int]]]:
    """Failed duties to show per team, and figure winners that change because of them."""
    failed: dict[int, list[tuple[int, str]]] = {}
    winners: dict[str, Optional[int]] = {}
    needs: dict[tuple[int, bool], set[str]] = {}
    for seat, figure, blind in deal.obligations:
        needs.setdefault((seat, blind), set()).add(figure)
    lost: list[tuple[int, str]] = []
    for (seat, blind), figs in needs.items():
        m = material(deal, seat)
        ok = {f: can_show(m.cards, m.free, f == "gleich", f == "hanger") for f in figs}
        if len(figs) == 2 and all(ok.values()) and not can_show(m.cards, m.free, True, True):
            ok["hanger"] = False   # one baptism per Perlagg cannot serve both examples
        for figure in sorted(f for f, good in ok.items() if not good):
            lost.append((deal.team(seat), figure))
            if not blind:
                failed.setdefault(deal.team(seat), []).append((seat, figure))
    for team, figure in lost:
        fig = deal.figs[figure]
        if fig.status is WON and fig.winner == team:
            other = best_other(deal, team, figure)
            winners[figure] = other if can_team_show(deal, other, figure) else None
    for fig in deal.figs.values():
        if fig.needs_example and fig.status is WON and fig.name not in winners:
            if not can_team_show(deal, fig.winner, fig.name):
                winners[fig.name] = None
    return failed, winners


def tally(deal: "Deal", final: bool) -> Tally:
    """The points so far (final: the deal is over), in the scoring order, stopping at the target."""
    failed, winners = validation(deal)
    points = [0] * deal.n_teams
    scores = list(deal.start_scores)
    game_winner = None
    for fig in scoring_order(deal):
        if fig.status is OPEN:
            if final:
                continue
            break
        if fig.status is not WON:
            continue
        winner = winners.get(fig.name, fig.winner)
        if winner is None or winner in failed:
            continue
        gain = max(0, deal.target - scores[winner]) if fig.value == AUS else fig.value
        points[winner] += gain
        scores[winner] += gain
        if scores[winner] >= deal.target or fig.value == AUS:
            game_winner = winner
            break
    penalties = []
    for team, fails in sorted(failed.items()):
        seat, figure = fails[0]
        penalties.append(Penalty(team, seat, figure, -deal.rules.penalty, "no_example", tuple(fails)))
    for team, figure in deal.risky_bets:
        fig = deal.figs[figure]
        if winners.get(figure, fig.winner) != team and team not in failed and team != game_winner:
            penalties.append(Penalty(team, None, figure, -deal.rules.penalty, "gestrichen_bet"))
    for p in penalties:
        scores[p.team] += p.points
    return Tally(tuple(points), tuple(scores), game_winner, tuple(penalties), winners)


def finish(deal: "Deal", events: list) -> None:
    """Score the deal: winners that failed validation are replaced, and the phase ends."""
    result = tally(deal, final=True)
    for name, winner in result.winners.items():
        fig = deal.figs[name]
        fig.winner = winner
        if winner is None:
            fig.status = NOBODY
    deal.final = result
    deal.secured_cache = None
    deal.phase = GAME_OVER if result.game_winner is not None else SCORED
    events.append(DealScored(result.deal_points, result.scores, result.penalties, result.game_winner))
