"""Computer players: random, rule-following and sampling, each explaining its choices.

    from perlaggen_core.players import make_player
    player = make_player("rule")
    decision = player.decide(deal, seat)      # Decision(action, reason)
"""
from __future__ import annotations

from .base import Decision, Player, RandomPlayer
from .knowledge import figure_cdf
from .rule import RulePlayer
from .sampling import SamplingPlayer
from .table import Step, Table, next_decision, play_out

KINDS = ("random", "rule", "strong")


def prepare(rules) -> None:
    """Work out the figure odds tables for a rule set now (the first decision does it otherwise;
    about 0.1 s in CPython, more in the browser)."""
    figure_cdf(rules, "gleich")
    figure_cdf(rules, "hanger")


def make_player(kind: str, seed: int = 0, signals: bool = False, **options) -> Player:
    """A player of one kind: 'random', 'rule' or 'strong' (the sampling player)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "rule":
        return RulePlayer(signals=signals, **options)
    if kind == "strong":
        return SamplingPlayer(seed=seed, signals=signals, **options)
    raise ValueError(f"unknown player kind '{kind}' (known: {', '.join(KINDS)})")


__all__ = ["Decision", "Player", "RandomPlayer", "RulePlayer", "SamplingPlayer", "KINDS", "make_player",
           "prepare", "Step", "Table", "next_decision", "play_out"]
