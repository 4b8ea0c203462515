"""What a lesson step can ask of the engine: conditions on a learner's move, and questions.

Conditions are named checks ("wins_trick", "bet:gleich") combined with all / any / not; a
question step asks the engine a question ("trick_winner") and compares its answer.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from ..actions import Action, card_of
from ..deal import Deal
from ..figures import exact_key
from ..signals import SYSTEMS, signals_for, system_of
from ..state import WON

Context = dict[str, Any]  # before, action, after (after the scripted replies), seat
CONDITIONS: dict[str, tuple[str, Callable[[Context, Optional[str]], bool]]] = {}


def condition(name: str, doc: str):
    def register(fn):
        CONDITIONS[name] = (doc, fn)
        return fn
    return register


def trick_of(ctx: Context):
    """The trick the learner's card went to, as it stands after the scripted replies."""
    before: Deal = ctx["before"]
    index = len(before.tricks) - (0 if before.current_trick is None else 1)
    tricks = ctx["after"].tricks
    return tricks[index] if index < len(tricks) else None


@condition("play", "plays a card (optionally a given card: play:HK)")
def _c_play(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (arg is None or a.card == arg)


def _named(action: Action) -> list[tuple[str, Optional[str]]]:
    """The cards a move plays, reveals or declares, each with the name it gives (or None)."""
    if action.act == "play":
        return [(card_of(action), action.baptism)]
    if action.act in ("show", "declare"):
        names = dict(action.baptisms)
        return [(c, names.get(c)) for c in action.cards]
    return []


@condition("as", "plays a Perlagg named as the given card (as:HA); in the show or a declaration: names one so")
def _c_as(ctx, arg):
    return any(b == arg for _c, b in _named(ctx["action"]))


@condition("baptised", "plays (or reveals, or declares) a Perlagg with a name")
def _c_baptised(ctx, arg):
    return any(b is not None for _c, b in _named(ctx["action"]))


@condition("unbaptised_perlagg", "plays (or reveals, or declares) a Perlagg without naming a card")
def _c_unbaptised(ctx, arg):
    return any(b is None and ctx["before"].is_perlagg(c) for c, b in _named(ctx["action"]))


@condition("plays_perlagg", "plays one of this deal's Perlaggen")
def _c_perlagg(ctx, arg):
    return ctx["action"].act == "play" and ctx["before"].is_perlagg(ctx["action"].card)


@condition("plays_natural", "plays a natural card (not a Perlagg)")
def _c_natural(ctx, arg):
    return ctx["action"].act == "play" and ctx["before"].natural(ctx["action"].card)


@condition("suit", "plays a card that counts as the given suit (suit:L), baptism included")
def _c_suit(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (a.baptism or a.card)[0] == arg


@condition("rank", "plays (or reveals, or declares) a card that counts as the given rank (rank:K, rank:10), "
                   "baptism included")
def _c_rank(ctx, arg):
    return any((b or c)[1:] == arg for c, b in _named(ctx["action"]))


@condition("trump", "plays a card that counts as a trump, baptism included")
def _c_trump(ctx, arg):
    a = ctx["action"]
    return a.act == "play" and (a.baptism or a.card)[0] == ctx["before"].trump


@condition("wins_trick", "the learner's card wins its trick (after the scripted replies)")
def _c_wins(ctx, arg):
    trick = trick_of(ctx)
    return trick is not None and trick.winner == ctx["seat"]


@condition("team_wins_trick", "the learner's team wins the trick")
def _c_team_wins(ctx, arg):
    trick = trick_of(ctx)
    return trick is not None and trick.winner is not None and \
        ctx["before"].team(trick.winner) == ctx["before"].team(ctx["seat"])


def _figure_act(act: str):
    def check(ctx, arg):
        a = ctx["action"]
        return a.act == act and (arg is None or a.figure == arg)
    return check


for _act in ("bet", "hold", "raise", "good", "show", "done", "declare", "exchange"):
    CONDITIONS[_act] = (f"{_act}s (optionally naming the figure: {_act}:gleich)", _figure_act(_act))


@condition("shows", "reveals the given card in the show (shows:S7)")
def _c_shows(ctx, arg):
    return ctx["action"].act == "show" and arg in ctx["action"].cards


@condition("shows_perlagg", "reveals a Perlagg in the show (shows_perlagg:S6: that one)")
def _c_shows_perlagg(ctx, arg):
    a, d = ctx["action"], ctx["before"]
    return a.act == "show" and any(d.is_perlagg(c) and (arg is None or c == arg) for c in a.cards)


@condition("behind", "after the move the learner's team is behind on the named figure in the show (behind:gleich)")
def _c_behind(ctx, arg):
    return ctx["after"].behind(ctx["before"].team(ctx["seat"]), arg)


@condition("team_wins_figure", "the learner's team wins the named figure by the end of the step")
def _c_team_figure(ctx, arg):
    fig = ctx["after"].figs[arg]
    return fig.status is WON and fig.winner == ctx["before"].team(ctx["seat"])


@condition("deal_over", "the deal is scored after the step")
def _c_over(ctx, arg):
    return ctx["after"].phase.over


def evaluate(expr: Any, ctx: Context) -> bool:
    """A condition expression: a name ("wins_trick", "bet:gleich") or {all|any: [...]} / {not: e}."""
    if isinstance(expr, str):
        name, _, arg = expr.partition(":")
        return CONDITIONS[name][1](ctx, arg or None)
    if "all" in expr:
        return all(evaluate(e, ctx) for e in expr["all"])
    if "any" in expr:
        return any(evaluate(e, ctx) for e in expr["any"])
    return not evaluate(expr["not"], ctx)


def check_expr(expr: Any, where: Callable[[str, str], Exception]) -> None:
    if isinstance(expr, str):
        name = expr.partition(":")[0]
        if name not in CONDITIONS:
            raise where("expect.condition", f"unknown condition '{name}' (known: {', '.join(sorted(CONDITIONS))})")
        return
    if isinstance(expr, dict) and len(expr) == 1:
        key, value = next(iter(expr.items()))
        if key in ("all", "any") and isinstance(value, list) and value:
            for e in value:
                check_expr(e, where)
            return
        if key == "not":
            check_expr(value, where)
            return
    raise where("expect.condition", "a condition is a name, or a table {all = [...]}, {any = [...]} or {not = ...}")


# ----------------------------------------------------------------------- questions
def _ask_trick_winner(deal: Deal, params: dict) -> str:
    trick = deal.tricks[-1] if deal.tricks else None
    if trick is None or trick.winner is None:
        raise ValueError("the last trick is not complete after the scripted actions")
    return str(trick.winner)


def _ask_compare(figure: str):
    def ask(deal: Deal, params: dict) -> str:
        keys = []
        for side in ("a", "b"):
            cards = params.get(side)
            if not isinstance(cards, list):
                raise ValueError(f"params.{side} must list the represented cards")
            key = exact_key(figure, cards)
            if key is None:
                raise ValueError(f"params.{side} is not a {figure}")
            keys.append(key)
        return "a" if keys[0] > keys[1] else "b" if keys[1] > keys[0] else "equal"
    return ask


def _ask_deal_points(deal: Deal, params: dict) -> str:
    if not deal.phase.over:
        raise ValueError("the deal is not scored after the scripted actions")
    return "-".join(str(p) for p in deal.deal_points)


def _ask_score(deal: Deal, params: dict) -> str:
    if not deal.phase.over:
        raise ValueError("the deal is not scored after the scripted actions")
    return "-".join(str(p) for p in deal.scores)


def _team(deal: Deal, params: dict) -> int:
    team = params.get("team", 0)
    if team not in range(deal.n_teams):
        raise ValueError("params.team must be a team number")
    return team


def _ask_to_go(deal: Deal, params: dict) -> str:
    """What the score sheet's last line says: points still to make, or counting down (Strafperlaggen)
    the points still to lose."""
    team = _team(deal, params)
    left = deal.scores[team] - deal.target if deal.rules.count_down else deal.target - deal.scores[team]
    return str(left)


def _ask_penalty(deal: Deal, params: dict) -> str:
    """The penalty points a team's score takes in a finished deal, as the score sheet counts them:
    added when counting down (Strafpunkte), taken off (negative) otherwise."""
    team = _team(deal, params)
    if not deal.phase.over:
        raise ValueError("the deal is not scored after the scripted actions")
    return str(sum(p.points for p in deal.penalties if p.team == team))


def _ask_legal(deal: Deal, params: dict) -> str:
    action = Action.from_text(params["action"])
    return "yes" if deal.can(action) else "no"


def _ask_figure_winner(deal: Deal, params: dict) -> str:
    fig = deal.figs[params["figure"]]
    return "none" if fig.winner is None else str(fig.winner)


def _ask_signal(deal: Deal, params: dict) -> str:
    system = SYSTEMS[system_of(deal.rules) or "innsbruck"]
    if params.get("signal") not in system:
        raise ValueError(f"params.signal must be one of {', '.join(system)}")
    return params["signal"]


def _ask_hand_signal(deal: Deal, params: dict) -> str:
    seat = params.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < deal.n:
        raise ValueError("params.seat must be a seat number")
    signals = signals_for(deal, seat)
    if not signals:
        raise ValueError("that seat has nothing to signal")
    return signals[0]


QUESTIONS: dict[str, tuple[str, Callable[[Deal, dict], str]]] = {
    "signal": ("what a partner's sign means (params.signal: a signal id; the site shows its gesture)", _ask_signal),
    "hand_signal": ("the first sign a truthful player in params.seat gives for its hand", _ask_hand_signal),
    "trick_winner": ("the seat that wins the last trick", _ask_trick_winner),
    "higher_gleich": ("which Gleich is higher: a, b or equal (params a, b: card lists)", _ask_compare("gleich")),
    "higher_hanger": ("which Hanger is higher: a, b or equal (params a, b: card lists)", _ask_compare("hanger")),
    "deal_points": ("each team's points in this deal, as '2-1'", _ask_deal_points),
    "score": ("the game's score after this deal as the score sheet shows it, as '12-9'", _ask_score),
    "to_go": ("the points params.team (default 0) still needs to reach the target (counting down: still has "
              "to lose), as the score sheet shows", _ask_to_go),
    "penalty": ("the penalty points params.team (default 0) gets in the finished deal: added when counting down, "
                "negative where a fine is taken off", _ask_penalty),
    "is_legal": ("whether params.action is allowed now: yes or no", _ask_legal),
    "figure_winner": ("the team that won params.figure, or none", _ask_figure_winner),
}
