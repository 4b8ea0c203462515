"""Scoring a deal (rulings 16, 21-22): the duty to show, penalties, the order figures are counted
in, and the end of the game."""
from __future__ import annotations

from typing import Optional

from .dealstate import DealState
from .events import DealScored, Event, Proved
from .proofs import proofs, shown_keys
from .rules import FIGURES
from .showdown import best_other, can_team_show, material
from .state import AUS, NOBODY, OPEN, WON, FigureState, Penalty, Tally



def scoring_order(deal: DealState) -> list[FigureState]:
    """A figure held at "Spiel aus" first, in every rule set (ruling 22 as amended: nothing else
    of the deal counts before it is decided); then conceded figures as they were called good, held
    bets by their first bet, and the unbet figures Gleich, Hanger, Spiel (Imst and
    Strafperlaggen: Spiel, Gleich, Hanger)."""
    aus = sorted((f for f in deal.figs.values() if f.value == AUS), key=lambda f: f.first_bet or (0, 0))
    figs = [f for f in deal.figs.values() if f.value != AUS]
    conceded = sorted((f for f in figs if f.conceded), key=lambda f: f.conceded_at or 0)
    held = sorted((f for f in figs if not f.conceded and f.first_bet is not None), key=lambda f: f.first_bet or (0, 0))
    order = ("spiel", "gleich", "hanger") if deal.rules.scoring_order == "spiel_first" else FIGURES
    unbet = [deal.figs[n] for n in order if not deal.figs[n].conceded and deal.figs[n].first_bet is None]
    return aus + conceded + held + unbet


def validation(deal: DealState) -> tuple[dict[int, list[tuple[int, str]]], dict[str, Optional[int]], list]:
    """Failed duties to show per team, figure winners that change because of them, and each duty
    as (seat, figure, blind, the figure it is proven with or None)."""
    failed: dict[int, list[tuple[int, str]]] = {}
    winners: dict[str, Optional[int]] = {}
    needs: dict[tuple[int, bool], set[str]] = {}
    for seat, figure, blind in deal.obligations:
        needs.setdefault((seat, blind), set()).add(figure)
    lost: list[tuple[int, str]] = []
    checked = []
    for (seat, blind), figs in needs.items():
        m = material(deal, seat)
        keys = shown_keys(m.cards, m.free, figs)
        for figure in sorted(figs):
            checked.append((seat, figure, blind, keys[figure]))
            if keys[figure] is None:
                lost.append((deal.team(seat), figure))
                if not blind:
                    failed.setdefault(deal.team(seat), []).append((seat, figure))
    for team, figure in lost:
        fig = deal.figs[figure]
        if fig.status is WON and fig.winner == team:
            # partners' games: the other team takes it (ruling 16); everyone alone: a player who
            # conceded cannot win it (ruling 26)
            other = best_other(deal, team, figure, any_side=not deal.rules.alone)
            winners[figure] = other if other is not None and can_team_show(deal, other, figure) else None
    for fig in deal.figs.values():
        if fig.needs_example and fig.status is WON and fig.winner is not None and fig.name not in winners:
            if not can_team_show(deal, fig.winner, fig.name):
                winners[fig.name] = None
    return failed, winners, checked


def tally(deal: DealState, final: bool) -> Tally:
    """The points so far (final: the deal is over, and its proofs are laid down), in the scoring
    order, stopping at the target. Counting down (Strafperlaggen), a figure's value comes off its
    winner's score."""
    failed, winners, checked = validation(deal)
    down = deal.rules.count_down
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
        if winner is None or _forfeits(deal, failed, winner, fig.name):
            continue
        gain = max(0, deal.target - scores[winner]) if fig.value == AUS else fig.value
        points[winner] += gain
        scores[winner] += -gain if down else gain
        if (scores[winner] <= deal.target if down else scores[winner] >= deal.target) or fig.value == AUS:
            game_winner = winner
            break
    penalties = _penalties(deal, failed, winners, game_winner)
    for p in penalties:
        scores[p.team] += p.points
    shown = proofs(deal, checked, winners, penalties) if final else ()
    return Tally(tuple(points), tuple(scores), game_winner, tuple(penalties), winners, shown)


def _forfeits(deal: DealState, failed: dict, team: int, figure: str) -> bool:
    """Whether a failed duty to show costs this team the figure: every figure of the deal
    (ruling 16), or in Giltspiel only the figure not shown (ruling 28)."""
    if team not in failed:
        return False
    return deal.rules.failed_show == "deal" or any(f == figure for _s, f in failed[team])


def _penalties(deal: DealState, failed: dict, winners: dict, game_winner) -> list[Penalty]:
    """A failed duty to show (ruling 16); Imst's gestrichen bets (ruling 14); Strafperlaggen: every
    player who bet, held or raised a figure and did not win it, at their own level (ruling 27)."""
    sign = 1 if deal.rules.count_down else -1
    penalties = []
    for team, fails in sorted(failed.items()):
        seat, figure = fails[0]
        penalties.append(Penalty(team, seat, figure, sign * deal.rules.penalty, "no_example", tuple(fails)))
    for team, figure in deal.risky_bets:
        fig = deal.figs[figure]
        if winners.get(figure, fig.winner) != team and team not in failed and team != game_winner:
            penalties.append(Penalty(team, None, figure, -deal.rules.penalty, "gestrichen_bet"))
    if deal.rules.count_down:
        for fig in deal.figs.values():
            if fig.status not in (WON, NOBODY):
                continue      # open, or standing: no winner and no penalty
            winner = winners.get(fig.name, fig.winner)
            for seat, level in fig.levels:
                team = deal.team(seat)
                if team != winner and team not in failed and team != game_winner:   # who reached 0 has won
                    penalties.append(Penalty(team, seat, fig.name, level, "straf"))
    return penalties


def score(deal: DealState, events: list[Event]) -> Tally:
    """Score the deal: winners that failed validation are replaced; phases.py then ends it."""
    result = tally(deal, final=True)
    for name, winner in result.winners.items():
        fig = deal.figs[name]
        fig.winner = winner
        if winner is None:
            fig.status = NOBODY
    deal.standing = None
    events.extend(Proved(p) for p in result.proofs)
    events.append(DealScored(result.deal_points, result.scores, result.penalties, result.game_winner))
    return result
