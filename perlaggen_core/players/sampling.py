"""A stronger player: guess the hidden cards many times, play each guess out, keep the best move.

For a decision it deals the unseen cards at random to the other hands, consistent with all that
is public and weighing the signals made at the table as evidence (see sampler.py). On each
guessed deal every candidate move is tried and the rest of the deal is played out by
rule-following players (search.py): up to the show, which is then settled by estimate, or, for a
move of the show itself, to the end; the move with the best average deal-point difference wins.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Optional

from ..actions import Action, card_of, figure_of
from ..deal import Deal
from ..figures import can_show
from ..messages import msg
from ..narrate import doing
from ..state import AUS, DECLARE, OPEN, PLAY, SHOW, Value
from .base import Decision, Player
from .knowledge import hand_figures
from .rule import RulePlayer
from .sampler import Sampler  # noqa: F401  (the guesses, for tests and callers)
from .search import Search
from .show import show_plans
from .turn import Turn


# a raise (or a bet on a figure already held) is weighed only on a hand this likely to win the
# figure: to 3 or 4, above 4, to Spiel aus; every bet or raise of the opponents on the Spiel
# takes this share off the Spiel odds (they expect to take it)
RAISE_GATE = {"low": 0.6, "high": 0.75, "aus": 0.9}
SPIEL_RAISED = 0.85


# ----------------------------------------------------------------------------- the player
def outcome(deal: Deal, team: int) -> float:
    """The deal's points for `team` minus the best opponent's, penalties included.

    A deal left in the show is settled by estimate: each open figure goes to the team whose
    best hand can make the better example, as a show between careful players would end.
    """
    if deal.phase is SHOW:
        gain = settle_show(deal)
    else:
        sign = -1 if deal.rules.count_down else 1       # counting down, the score falls as one wins
        gain = [sign * (deal.scores[t] - deal.start_scores[t]) for t in range(deal.n_teams)]
    return gain[team] - max(g for t, g in enumerate(gain) if t != team)


def settle_show(deal: Deal) -> list[float]:
    """Estimated deal points per team when the show is still to come."""
    points = [float(deal.secured(t)) for t in range(deal.n_teams)]
    best: dict[str, list] = {"gleich": [None] * deal.n_teams, "hanger": [None] * deal.n_teams}
    reach: list[tuple] = []
    for s in range(deal.n):
        fixed, naturals, wild = deal.material(s)
        cards, free = fixed + naturals, len(wild)
        reach.append((cards, free))
        team = deal.team(s)
        duties = {o.figure for o in deal.obligations if o.seat == s and not o.blind}
        hand = hand_figures(tuple(sorted(cards)), free, deal.rules.max_figure)
        if duties and free:
            options = [(g, h) for g, h in hand.options()
                       if (g or "gleich" not in duties) and (h or "hanger" not in duties)]
        else:
            options = [hand.best()]
        for g, h in options or [(None, None)]:
            for figure, key in (("gleich", g), ("hanger", h)):
                if key is not None and (best[figure][team] is None or key > best[figure][team]):
                    best[figure][team] = key
    for figure in ("gleich", "hanger"):
        fig = deal.figs[figure]
        if fig.status is not OPEN:
            continue
        keys = best[figure]
        top = max((k for k in keys if k is not None), default=None)
        winners = [t for t, k in enumerate(keys) if k is not None and k == top]
        if len(winners) == 1:
            points[winners[0]] += fig.value if isinstance(fig.value, int) else deal.target
    failed = set()
    for s, figure, blind in deal.obligations:
        cards, free = reach[s]
        if not blind and not can_show(cards, free, figure == "gleich", figure == "hanger"):
            failed.add(deal.team(s))
    for team in failed:
        points[team] = -float(deal.rules.penalty)
    return points


class SamplingPlayer(Player):
    """Plays out guessed deals with rule-following players and picks the best move on average."""

    kind = "strong"

    def __init__(self, seed: int = 0, signals: bool = False, budget_ms: float = 100.0,
                 max_samples: int = 40, min_samples: int = 1, rng: Optional[random.Random] = None,
                 rollout: Optional[RulePlayer] = None, margin: float = 0.35,
                 confidence: float = 1.5, prior: float = 2.0, prune_after: int = 4,
                 prune_at: float = 2.0, show: bool = True, full_show: bool = False,
                 poll: bool = True, pool: int = 8) -> None:
        self.rng = rng or random.Random(seed)
        self.signals = signals
        self.budget = budget_ms / 1000.0
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.rule = RulePlayer(signals=signals, sound=True)   # its first choice, the yardstick: sound answers
        self.rollout = rollout or RulePlayer(sound=True, confer=True)
        self.last_stats: dict = {}
        self.searched: list[int] = []     # the guessed deals of each search made (for the benchmarks)
        self.ahead: list[int] = []        # ... of them, those played out ahead (`think`)
        self.margin = margin
        self.confidence = confidence
        self.prior = prior
        self.prune_after = prune_after
        self.prune_at = prune_at
        self.show = show              # weigh the moves of the show too (else the rule-following ones)
        self.full_show = full_show    # play-outs play the show out instead of estimating it
        self.poll = poll              # answers and "done" stand only with the partner's (the table's way)
        self.pool = pool              # guesses drawn per sample, one kept by how well it fits
        self._weighing: Optional[Weighing] = None   # a search thought ahead (`think`)

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        return self.rule.volunteer(deal, seat, signals)

    def decide(self, deal, seat: int, signals=None) -> Decision:
        known = self._weighing
        weighing = self._weighing_for(deal, seat, signals)
        self._weighing = None
        if weighing.search is None:
            self.last_stats = {"samples": 0, "candidates": 1}
            return weighing.base
        before = weighing.samples
        # the budget counts from the search's setting up, or from now for one thought ahead
        start = time.perf_counter() if weighing is known else weighing.made
        self._weigh(weighing, self.budget, at_least=self.min_samples, start=start)
        self.last_stats = {"samples": weighing.samples, "candidates": len(weighing.candidates),
                           "ms": round((time.perf_counter() - start) * 1000, 1), "ahead": before}
        self.searched.append(weighing.samples)
        self.ahead.append(before)
        return self._best(weighing)

    def think(self, deal, seat: int, signals=None, seconds: float = 0.0) -> bool:
        """Weigh the choices of `seat` ahead of being asked, for about `seconds` (setting the search
        up, or at least one play-out); the next `decide` in the same position goes on from there.
        False when there is nothing (more) to weigh."""
        start = time.perf_counter()
        known = self._weighing
        weighing = self._weighing = self._weighing_for(deal, seat, signals)
        if weighing.search is None or weighing.done(self.max_samples):
            return False
        if weighing is known:        # a new search's setting up is a slice of its own
            self._advance(weighing)
            self._weigh(weighing, seconds, at_least=0, start=start, between_guesses=False)
        return not weighing.done(self.max_samples)

    def _weighing_for(self, deal, seat: int, signals) -> Weighing:
        """The search of this position: the one thought ahead if it is this one, else a new one
        (without a `search` when the rule-following choice stands unweighed)."""
        key = position_key(deal, seat, signals)
        if self._weighing is not None and self._weighing.deal is deal and self._weighing.key == key:
            return self._weighing
        legal = deal.legal_actions(seat)
        base = self.rule.decide(deal, seat, signals)
        team = deal.team(seat)
        if len(legal) == 1 or deal.phase is DECLARE or base.action.act == "exchange":
            return Weighing(deal, key, team, base, [base.action])
        candidates = self.candidates(deal, seat, legal, base, signals)
        if len(candidates) <= 1:
            return Weighing(deal, key, team, base, candidates)
        full_show = self.full_show or (self.show and deal.phase is SHOW)
        made = time.perf_counter()
        search = Search(deal, seat, signals, self.rollout, full_show=full_show, poll=self.poll, pool=self.pool)
        return Weighing(deal, key, team, base, candidates, search, made)

    # ------------------------------------------------------------------ candidates
    def candidates(self, deal, seat: int, legal: list[Action], base: Decision, signals) -> list[Action]:
        out = [base.action]

        def add(action: Optional[Action]) -> None:
            if action is not None and action not in out and action in legal_set:
                out.append(action)
        legal_set = set(legal)
        pend = deal.first_pending
        if pend is not None and pend.pending.team != deal.team(seat):
            t = Turn(deal, seat, signals)
            for a in legal:
                if a.act in ("good", "hold") and a.figure == pend.name:
                    add(a)
                elif a.act == "raise" and a.figure == pend.name and self.may_raise(t, pend.name, pend.pending.value):
                    add(a)
            return out
        if deal.phase is SHOW and self.show:
            return self.show_candidates(deal, seat, legal, out)
        if deal.phase is not PLAY:
            return out
        plays = [a for a in legal if a.act == "play"]
        if not plays:
            return out
        t = Turn(deal, seat, signals)
        top = deal.trump + "A"
        cards: list[str] = []
        for a in plays:
            if card_of(a) not in cards:
                cards.append(card_of(a))
        for card in cards:
            if deal.natural(card):
                add(Action(seat, "play", card=card))
                continue
            names = [a.baptism for a in plays if a.card == card and a.baptism]
            if top in names:
                add(Action(seat, "play", card=card, baptism=top))
            if names:
                best = max(names, key=lambda b: self.rule._figure_score(t, card, b))
                add(Action(seat, "play", card=card, baptism=best))
        if base.action.act != "play":
            add(self.rule.play_decision(deal, seat, signals).action)
        for a in legal:
            if a.act == "bet" and not a.blind:
                fig = deal.figs[figure_of(a)]
                if isinstance(fig.value, int) and fig.value >= 2:
                    # a bet on a figure already bet and held raises the stakes again
                    if self.may_raise(t, fig.name, fig.value):
                        add(a)
                elif fig.name == "spiel":
                    if t.spiel() >= 0.35:
                        add(a)
                elif t.odds(fig.name) >= 0.4:
                    add(a)
            elif a.act == "good" and a.figure == "spiel" and t.spiel() < 0.35:
                add(a)
        return out

    def may_raise(self, t: Turn, figure: str, value: Value) -> bool:
        """Whether raising a figure now worth (or bet to) `value` is worth weighing: only on a hand
        whose own odds clear RAISE_GATE for the stake it proposes. Guessed deals play the other
        side's answers as a sound player would, but they read its raises as weak evidence; without
        the gate two strong players each find a raise worth it and raise the figure to Spiel aus."""
        if value == AUS or value >= t.deal.rules.max_value:   # the raise proposes Spiel aus
            gate = RAISE_GATE["aus"]
        else:
            gate = RAISE_GATE["high"] if value + 1 > 4 else RAISE_GATE["low"]
        if figure == "spiel":
            p = t.spiel() * SPIEL_RAISED ** t.opponent_bets(figure)
        else:
            p = t.odds(figure)
        return p >= gate

    def show_candidates(self, deal, seat: int, legal: list[Action], out: list[Action]) -> list[Action]:
        """In the show: ending the turn, conceding, betting, and the first card of the cheapest
        ways to beat (or level) what the opponents have shown."""
        legal_set = set(legal)
        team = deal.team(seat)
        t = Turn(deal, seat)
        for a in legal:
            if a.act in ("done", "good") or (a.act == "bet" and not a.blind):
                value = deal.figs[figure_of(a)].value if a.act == "bet" else 1
                if a.act == "bet" and isinstance(value, int) and value >= 2 and not self.may_raise(t, figure_of(a), value):
                    continue
                if a not in out:
                    out.append(a)
        for figure in ("gleich", "hanger"):
            if deal.figs[figure].status is not OPEN:
                continue
            theirs = max((deal.team_shown(o, figure) or (0, 0) for o in deal.others(team)))
            theirs = None if theirs == (0, 0) else theirs
            plans = show_plans(deal, seat, figure, theirs, strict=True)[:2]
            if theirs is not None:
                plans += show_plans(deal, seat, figure, theirs, strict=False)[:1]
            for plan in plans:
                card, baptism = plan[0]
                a = Action(seat, "show", cards=(card,), baptisms=((card, baptism),) if baptism else ())
                if a in legal_set and a not in out:
                    out.append(a)
        return out

    def _clearly_better(self, mine: list[float], base: list[float]) -> bool:
        """Leave the rule-following choice only for a gain larger than the guessing noise."""
        mean, spread = self._paired(mine, base)
        if len(mine) < 2:
            return mean > self.margin * 2
        return mean > self.margin and mean > self.confidence * spread

    def _paired(self, mine: list[float], other: list[float]) -> tuple[float, float]:
        """Mean gain of one choice over another on the same guessed deals, and its standard error."""
        diffs = [a - b for a, b in zip(mine, other)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean, float("inf")
        # a little assumed spread keeps a few lucky guesses from looking certain
        var = (sum((d - mean) ** 2 for d in diffs) + self.prior) / (n - 1)
        return mean, (var / n) ** 0.5

    def _prune(self, values: list[list[float]], active: list[int]) -> list[int]:
        """Stop playing out choices clearly worse than the leader, so the guesses left in the budget
        go to the close ones (the rule-following choice always stays, as the yardstick)."""
        if len(values[0]) < self.prune_after or len(active) <= 2:
            return active
        leader = max(active, key=lambda i: sum(values[i]))   # active choices share every guess so far
        keep = []
        for i in active:
            if i == 0 or i == leader:
                keep.append(i)
                continue
            mean, spread = self._paired(values[i], values[leader])
            if mean > -max(self.margin, self.prune_at * spread):
                keep.append(i)
        return keep

    # ------------------------------------------------------------------ search
    def _weigh(self, w: Weighing, seconds: float, at_least: int, start: Optional[float] = None,
               between_guesses: bool = True) -> None:
        """Guess and play out until `seconds` have passed since `start` (default: now) and at least
        `at_least` guesses are in; the clock is read between guesses, or between play-outs."""
        start = time.perf_counter() if start is None else start
        while not w.done(self.max_samples):
            if (w.root is None or not between_guesses) and w.samples >= at_least and \
                    time.perf_counter() - start > seconds:
                break
            self._advance(w)

    def _advance(self, w: Weighing) -> None:
        """One step of a search: a new guess, or the next candidate played out on the current one."""
        assert w.search is not None
        if w.root is None:
            w.root = w.search.guess(self.rng)
            if w.root is None:
                w.failures += 1
                return
            w.todo = list(w.active)      # candidate 0, the yardstick, first: it is always active
        i = w.todo.pop(0)
        w.values[i].append(outcome(w.search.play(w.root, w.candidates[i]), w.team))
        if not w.todo:
            w.root = None
            w.samples += 1
            if self.prune_after:
                w.active = self._prune(w.values, w.active)

    def _best(self, w: Weighing) -> Decision:
        """Each choice against the rule-following one, on the guesses both were played out on."""
        base, candidates, values = w.base, w.candidates, w.values
        if w.samples == 0:
            return base
        gains = [self._paired(v, values[0][:len(v)])[0] if v else float("-inf") for v in values]
        best = 0
        for i in range(1, len(candidates)):
            if values[i] and gains[i] > gains[best] + 1e-9 and \
                    self._clearly_better(values[i], values[0][:len(values[i])]):
                best = i
        action = candidates[best]
        if best == 0:
            return Decision(action, msg("why.checked", why=base.reason, count=len(candidates) - 1,
                                        samples=w.samples))
        n = len(values[best])
        mine, plain = sum(values[best]) / n, sum(values[0][:n]) / n
        return Decision(action, msg("why.sampled", samples=n, mine=round(mine, 2), plain=round(plain, 2),
                                    plain_move=doing(base.action)))


def position_key(deal, seat: int, signals) -> tuple:
    """What a search in a deal depends on: its actions so far, the seat and the signs it saw."""
    last = deal.actions[-1] if deal.actions else None
    return (len(deal.actions), last, seat, None if signals is None else tuple(signals))


@dataclass
class Weighing:
    """One decision's search under way: the candidate moves and their play-outs on the guesses
    drawn so far, so that it can go on in slices (a page's pause between moves) before it decides."""

    deal: Deal
    key: tuple                      # `position_key`: the same deal object in the same position
    team: int
    base: Decision                  # the rule-following choice: candidate 0, the yardstick
    candidates: list[Action]
    search: Optional[Search] = None  # None: nothing to weigh, the rule-following choice stands
    made: float = 0.0               # when the search began (the budget of a decision counts from it)
    values: list[list[float]] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    samples: int = 0                # guesses played out on every active candidate
    failures: int = 0
    root: Optional[Deal] = None     # the guess being played out, candidate by candidate
    todo: list[int] = field(default_factory=list)   # the candidates still to play out on it

    def __post_init__(self) -> None:
        self.values = [[] for _ in self.candidates]
        self.active = list(range(len(self.candidates)))

    def done(self, cap: int) -> bool:
        return self.samples >= cap or self.failures > 3
