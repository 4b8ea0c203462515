"""Computer players: random, rule-following, sampling ("strong") and the bet exploiter, each
explaining its choices.

    from perlaggen_core.players import make_player
    player = make_player("rule")
    decision = player.decide(deal, seat)      # Decision(action, reason)
"""
from __future__ import annotations

from typing import Callable

from .base import Decision, Player, RandomPlayer
from .exploit import ExploitPlayer
from .knowledge import figure_cdf
from .rule import RulePlayer
from .sampling import SamplingPlayer
from .table import Step, Table, next_decision, play_out

KINDS = ("random", "rule", "strong", "exploit")
SEARCHING = {"strong"}      # kinds that take a search budget (budget_ms, max_samples, ...)
_REGISTERED: dict[str, Callable[..., Player]] = {}


def prepare(rules) -> None:
    """Work out the figure odds tables for a rule set now (the first decision does it otherwise;
    about 0.1 s in CPython, more in the browser)."""
    figure_cdf(rules, "gleich")
    figure_cdf(rules, "hanger")


def register_kind(name: str, factory: Callable[..., Player], searching: bool = True) -> None:
    """Seat a kind from outside the package (a measurement's frozen old player, tools/old_strong.py):
    `factory(seed=..., signals=..., **options)` makes one."""
    _REGISTERED[name] = factory
    if searching:
        SEARCHING.add(name)


def known_kinds() -> tuple[str, ...]:
    return KINDS + tuple(_REGISTERED)


def make_player(kind: str, seed: int = 0, signals: bool = False, **options) -> Player:
    """A player of one kind: 'random', 'rule', 'strong' (the sampling player) or 'exploit' (holds
    every bet it could win, never concedes)."""
    if kind in _REGISTERED:
        return _REGISTERED[kind](seed=seed, signals=signals, **options)
    if kind == "exploit":
        return ExploitPlayer(signals=signals)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "rule":
        return RulePlayer(signals=signals, **options)
    if kind == "strong":
        return SamplingPlayer(seed=seed, signals=signals, **options)
    raise ValueError(f"unknown player kind '{kind}' (known: {', '.join(known_kinds())})")


__all__ = ["Decision", "Player", "RandomPlayer", "RulePlayer", "SamplingPlayer", "ExploitPlayer", "KINDS",
           "SEARCHING", "make_player", "register_kind", "known_kinds",
           "prepare", "Step", "Table", "next_decision", "play_out"]
