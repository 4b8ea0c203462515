"""A stronger player: guess the hidden cards many times, play each guess out, keep the best move.

For a decision it deals the unseen cards at random to the other hands, consistent with all that
is public (cards played and shown, the turned card and any exchange, Perlaggen kept in the cut,
suits a player failed to follow) and weighing the signals made at the table as evidence. On each
guessed deal every candidate move is tried and the rest of the deal is played out by
rule-following players; the move with the best average deal-point difference wins.
"""
from __future__ import annotations

import random
import time
from typing import Optional

from ..actions import Action
from ..deal import Deal
from ..errors import PerlaggenError
from ..figures import can_show, figure_options, gleich_key, hanger_key
from ..signals import TRUST, latest_batches, system_of
from .base import Decision, Player
from .knowledge import can_show_fast, card_weight, fast_gleich, fast_hanger, material, name, play_text, team_odds
from .rule import RulePlayer, Turn
from .table import play_out

# signals read as evidence about a group of cards: the signal is made once per card of the group


def signal_groups(deal) -> dict[str, set[str]]:
    """For each card signal, the cards it speaks of (under this deal's trumps)."""
    trump, perl = deal.trump, set(deal.perl)
    naturals = {c for c in deal.rules.pack if c[0] == trump and c not in perl}
    groups = {"martl": {"HK"}, "weli": {"S6"}, "schell_spitz": {"S7"}, "eichel_spitz": {"E7"},
              "trump_seven": {trump + "7"}, "trump_ace": {trump + "A"} & naturals,
              "trump_king": {trump + "K"} & naturals,
              "trump_unter_ober": {trump + "U", trump + "O"} & perl,
              "acorn_perlagg": {c for c in perl if c[0] == "E" and c[0] != trump}}
    system = system_of(deal.rules)
    if system == "innsbruck":
        groups["trump_seven"] -= {"S7", "E7"}
        groups.pop("trump_king")
        groups.pop("acorn_perlagg")
        small = naturals - {trump + "A"}
    else:
        groups.pop("schell_spitz")
        groups.pop("eichel_spitz")
        small = naturals - {trump + "A", trump + "K"}
    groups["small_trumps"] = small
    return {k: v & set(deal.rules.pack) for k, v in groups.items()}


# ----------------------------------------------------------------------------- guessing hands
class Sampler:
    """Deals the cards `seat` cannot see, consistently with the public record."""

    def __init__(self, deal: Deal, seat: int, signals=None, trust: float = TRUST) -> None:
        self.deal = deal
        self.seat = seat
        self.trust = trust
        n = deal.n
        rules = deal.rules
        cutter = (deal.dealer - 1) % n
        takes: list[set[str]] = [set() for _ in range(n)]
        gives: list[set[str]] = [set() for _ in range(n)]
        for e in deal.exchanges:
            takes[e["seat"]].add(e["took"])
            gives[e["seat"]].add(e["gave"])
        played = [[c for c, _ in deal.played[s]] for s in range(n)]
        self.played = played
        self.takes, self.gives = takes, gives
        known_now: list[set[str]] = [set() for _ in range(n)]
        for s in range(n):
            known_now[s].update(c for c, _ in deal.shown[s])
            known_now[s].update(c for c in takes[s] if c not in played[s])
            if s == cutter:
                known_now[s].update(c for c in deal.captured if c not in played[s])
            known_now[s] -= gives[s]
        known_now[seat] = set(deal.hands[seat])
        self.known_now = known_now
        visible = set(deal.hands[seat]) | known_now[seat]
        for s in range(n):
            visible.update(played[s])
            visible.update(known_now[s])
        if deal.face_up:
            visible.add(deal.face_up)
        visible.update(deal.exposed)
        self.pool = sorted(set(rules.pack) - visible)
        self.hidden = {s: len(deal.hands[s]) - len(known_now[s]) for s in range(n) if s != seat}
        self.voids = self._voids()
        self.claims, self.batches = self._signal_evidence(signals)
        self.duties = [(s, f) for s, f, blind in deal.obligations
                       if s != seat and not blind and f != "spiel"]
        self.plays_of = {s: [(i, a.card, a.baptism) for i, a in enumerate(deal.actions)
                             if a.act == "play" and a.seat == s] for s in range(n)}
        self.answers = self._answers()

    def _answers(self) -> list[tuple[int, str, str, int]]:
        """Bets and answers of the other seats, as evidence of what they hold: a player bets a
        figure it expects to win, holds one it has a fair chance at, gives up one it has not."""
        deal = self.deal
        out = []
        for i, a in enumerate(deal.actions):
            if a.act not in ("bet", "raise", "hold", "good") or not a.figure or a.blind:
                continue
            if a.act == "good" and a.figure != "spiel":
                # a team gives a figure up when neither partner wants to hold it
                for s in deal.seats_of(deal.team(a.seat)):
                    if s != self.seat:
                        out.append((s, a.act, a.figure, i))
            elif a.seat != self.seat:
                out.append((a.seat, a.act, a.figure, i))
        # a player who played a card while the Gleich or Hanger was still unbet let a chance to
        # bet it go by: a hint that its figure is not strong
        for s in range(deal.n):
            if s == self.seat or deal.gestrichen(deal.team(s)):
                continue
            first = next((i for i, a in enumerate(deal.actions) if a.act == "play" and a.seat == s), None)
            if first is None:
                continue
            for figure in ("gleich", "hanger"):
                bet = deal.figs[figure].first_bet
                if bet is None or bet > first:
                    out.append((s, "pass", figure, first))
        return out

    def _voids(self) -> dict[int, set[str]]:
        deal = self.deal
        voids: dict[int, set[str]] = {s: set() for s in range(deal.n)}
        for trick in deal.tricks:
            led = deal.led_suit(trick)
            for s, card, baptism in trick.cards[1:]:
                if (baptism or card)[0] not in (led, deal.trump):
                    voids[s].add(led)
        return voids

    def _signal_evidence(self, signals):
        """Per signalling seat: groups of unseen cards it should hold (how many) or lacks."""
        deal = self.deal
        claims: list[tuple[int, list[str], int]] = []   # (seat, unseen cards of a group, how many)
        if not signals or system_of(deal.rules) is None:
            return claims, {}
        batches = latest_batches(signals, (s for s in range(deal.n) if s != self.seat))
        pool = set(self.pool)
        every_wild_or_trump = {c for c in pool if c in deal.perl_rank or c[0] == deal.trump}
        for s, (after, sigs) in batches.items():
            later = {a.card for i, a in enumerate(deal.actions)
                     if i > after and a.act == "play" and a.seat == s}
            if "nothing" in sigs:
                claims.append((s, sorted(every_wild_or_trump), 0))
            for sig, group in signal_groups(deal).items():
                seen = len(group & (later | self.known_now[s]))
                claims.append((s, sorted(group & pool), max(0, sigs.count(sig) - seen)))
        return claims, batches
    def _allowed(self, s: int, card: str) -> bool:
        return not (card[0] in self.voids[s] and card not in self.deal.perl_rank)

    def draw(self, rng: random.Random, relax: bool = False) -> Optional[dict[int, list[str]]]:
        """One guess of the current hidden cards of every other seat (None if it failed)."""
        need = dict(self.hidden)
        hands: dict[int, list[str]] = {s: [] for s in need}
        rest = list(self.pool)
        rng.shuffle(rest)
        taken: set[str] = set()
        banned: dict[int, set[str]] = {s: set() for s in need}
        if not relax:
            for s, group, count in self.claims:
                if rng.random() >= self.trust:
                    continue
                free = [c for c in group if c not in taken and self._allowed(s, c)]
                rng.shuffle(free)
                pick = free[:min(count, need.get(s, 0))]
                hands[s].extend(pick)
                need[s] -= len(pick)
                taken.update(pick)
                banned[s].update(c for c in group if c not in pick)
        rest = [c for c in rest if c not in taken]

        def room(s: int) -> int:
            return sum(1 for c in rest if self._allowed(s, c) and c not in banned[s])
        for s in sorted(need, key=lambda s: room(s) - need[s]):
            if need[s] == 0:
                continue
            got = []
            for c in rest:
                if self._allowed(s, c) and c not in banned[s]:
                    got.append(c)
                    if len(got) == need[s]:
                        break
            if len(got) < need[s]:
                return None
            for c in got:
                rest.remove(c)
            hands[s].extend(got)
        return hands

    def weight(self, hands: dict[int, list[str]]) -> float:
        """How well a guess agrees with the count signals and the duty to show of bettors."""
        deal = self.deal
        w = 1.0
        for s, (after, sigs) in self.batches.items():
            later = [a.card for i, a in enumerate(deal.actions)
                     if i > after and a.act == "play" and a.seat == s]
            before = [b or c for c, b in deal.played[s] if c not in later]
            held = list(self.known_now[s]) + hands[s] + later
            wild = sum(1 for c in held if c in deal.perl_rank)
            cards = before + [c for c in held if c not in deal.perl_rank]
            longest = deal.rules.max_figure
            for sig, fn in (("gleich4", gleich_key), ("hanger4", hanger_key)):
                key = fn(cards, wild, longest)
                truth = key is not None and key[0] >= 4
                if truth or sig in sigs:
                    w *= self.trust if truth == (sig in sigs) else 1 - self.trust
        for s, act, figure, index in self.answers:
            w *= self._likelihood(s, act, figure, index, hands[s])
        for s, figure in self.duties:
            fixed = [b or c for c, b in deal.played[s]] + [b or c for c, b in deal.shown[s]]
            held = list(self.known_now[s]) + hands[s]
            shown = {c for c, _ in deal.shown[s]}
            wild = sum(1 for c in held if c in deal.perl_rank and c not in shown)
            cards = fixed + [c for c in held if c not in deal.perl_rank and c not in shown]
            if not can_show(cards, wild, figure == "gleich", figure == "hanger"):
                w *= 0.1
        return w

    def _likelihood(self, s: int, act: str, figure: str, index: int, guess: list[str]) -> float:
        """How likely a player holding the guessed cards would have made this bet or answer."""
        deal = self.deal
        plays = self.plays_of[s]
        before = [b or c for i, c, b in plays if i < index]
        held = list(self.known_now[s]) + guess + [c for i, c, b in plays if i > index]
        wild = [c for c in held if c in deal.perl_rank]
        if figure == "spiel":
            strength = sum(card_weight(deal, c) for c in held)
            strong = strength >= 0.5 * len(held) + 0.5
            if act in ("bet", "raise"):
                return 1.0 if strong else 0.3
            if act == "good":
                return 0.4 if strong else 1.0
            return 1.0
        fn = gleich_key if figure == "gleich" else hanger_key
        key = fn(before + [c for c in held if c not in deal.perl_rank], len(wild), deal.rules.max_figure)
        odds = team_odds(deal.rules, figure, key)
        if act in ("bet", "raise"):
            return 1.0 if odds >= 0.55 else 0.15
        if act == "hold":
            return 1.0 if odds >= 0.3 else 0.3
        if act == "pass":
            return 1.0 if odds < 0.6 else 0.35
        return 1.0 if odds < 0.5 else 0.35

    def hands0(self, hands: dict[int, list[str]]) -> list[list[str]]:
        """The dealt hands that lead to this guess (exchanges undone)."""
        deal = self.deal
        out = []
        for s in range(deal.n):
            if s == self.seat:
                out.append(list(deal.hands0[s]))
                continue
            cards = set(self.known_now[s]) | set(hands[s]) | set(self.played[s])
            cards -= self.takes[s]
            cards |= self.gives[s]
            out.append(sorted(cards))
        return out

    def sample(self, rng: random.Random, pool: int = 8) -> Optional[Deal]:
        """A full deal replayed to the present: of `pool` guesses, one is picked with odds in
        proportion to how well it fits the evidence (None if no guess can be made)."""
        guesses = []
        for attempt in range(pool * 3):
            hands = self.draw(rng, relax=attempt >= pool * 2)
            if hands is not None:
                guesses.append((hands, self.weight(hands)))
                if len(guesses) == pool:
                    break
        while guesses:
            total = sum(w for _, w in guesses)
            if total <= 0:
                pick = rng.randrange(len(guesses))
            else:
                x, pick = rng.random() * total, 0
                while pick < len(guesses) - 1 and x >= guesses[pick][1]:
                    x -= guesses[pick][1]
                    pick += 1
            built = self.replay(guesses[pick][0])
            if built is not None:
                return built
            guesses.pop(pick)
        return None

    def replay(self, hands: dict[int, list[str]]) -> Optional[Deal]:
        deal = self.deal
        try:
            sim = Deal(deal.rules, deal.dealer, deal.start_scores, deal.target, self.hands0(hands),
                       deal.trump_card0, deal.captured, deal.exposed0)
            for action in deal.actions:
                sim.apply(action)
        except PerlaggenError:
            return None
        return sim


# ----------------------------------------------------------------------------- the player
def outcome(deal: Deal, team: int) -> float:
    """The deal's points for `team` minus the best opponent's, penalties included.

    A deal left in the show is settled by estimate: each open figure goes to the team whose
    best hand can make the better example, as a show between careful players would end.
    """
    if deal.phase == "show":
        gain = settle_show(deal)
    else:
        gain = [deal.scores[t] - deal.start_scores[t] for t in range(deal.n_teams)]
    return gain[team] - max(g for t, g in enumerate(gain) if t != team)


def settle_show(deal: Deal) -> list[float]:
    """Estimated deal points per team when the show is still to come."""
    points = [float(deal.secured(t)) for t in range(deal.n_teams)]
    best: dict[str, list] = {"gleich": [None] * deal.n_teams, "hanger": [None] * deal.n_teams}
    reach: list[tuple] = []
    for s in range(deal.n):
        fixed, naturals, wild = material(deal, s)
        cards, free = fixed + naturals, len(wild)
        reach.append((cards, free))
        team = deal.team(s)
        duties = {f for d, f, blind in deal.obligations if d == s and not blind}
        longest = deal.rules.max_figure
        if duties and free:
            options = [(g, h) for g, h in figure_options(cards, free, longest)
                       if (g or "gleich" not in duties) and (h or "hanger" not in duties)]
        else:
            options = [(fast_gleich(cards, free, longest), fast_hanger(cards, free, longest))]
        for g, h in options or [(None, None)]:
            for figure, key in (("gleich", g), ("hanger", h)):
                if key is not None and (best[figure][team] is None or key > best[figure][team]):
                    best[figure][team] = key
    for figure in ("gleich", "hanger"):
        fig = deal.figs[figure]
        if fig.status != "open":
            continue
        keys = best[figure]
        top = max((k for k in keys if k is not None), default=None)
        winners = [t for t, k in enumerate(keys) if k is not None and k == top]
        if len(winners) == 1:
            points[winners[0]] += fig.value if isinstance(fig.value, int) else deal.target
    failed = set()
    for s, figure, blind in deal.obligations:
        cards, free = reach[s]
        if not blind and figure != "spiel" and \
                not can_show_fast(cards, free, figure == "gleich", figure == "hanger"):
            failed.add(deal.team(s))
    for team in failed:
        points[team] = -float(deal.rules.penalty)
    return points


def describe(action: Action) -> str:
    if action.act == "play":
        return f"plays {play_text(action.card, action.baptism)}"
    if action.act in ("bet", "hold", "raise"):
        return f"{action.act}s the {action.figure.capitalize()}"
    if action.act == "good":
        return f"calls the {action.figure.capitalize()} good"
    if action.act == "exchange":
        return f"gives the {name(action.card)} for the {name(action.take)}"
    return str(action)


class SamplingPlayer(Player):
    """Plays out guessed deals with rule-following players and picks the best move on average."""

    kind = "strong"

    def __init__(self, seed: int = 0, signals: bool = False, budget_ms: float = 100.0,
                 max_samples: int = 40, min_samples: int = 1, rng: Optional[random.Random] = None,
                 rollout: Optional[RulePlayer] = None, margin: float = 0.35,
                 confidence: float = 1.5, prior: float = 2.0, prune_after: int = 4,
                 prune_at: float = 2.0) -> None:
        self.rng = rng or random.Random(seed)
        self.signals = signals
        self.budget = budget_ms / 1000.0
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.rule = RulePlayer(signals=signals)
        self.rollout = rollout or RulePlayer()
        self.last_stats: dict = {}
        self.margin = margin
        self.confidence = confidence
        self.prior = prior
        self.prune_after = prune_after
        self.prune_at = prune_at

    def volunteer(self, deal, seat: int, signals=None) -> Optional[Decision]:
        return self.rule.volunteer(deal, seat, signals)

    def decide(self, deal, seat: int, signals=None) -> Decision:
        legal = deal.legal_actions(seat)
        base = self.rule.decide(deal, seat, signals)
        self.last_stats = {"samples": 0, "candidates": 1}
        if len(legal) == 1 or deal.phase == "declare" or base.action.act == "exchange":
            return base
        candidates = self.candidates(deal, seat, legal, base, signals)
        if len(candidates) <= 1:
            return base
        return self.search(deal, seat, candidates, base, signals)

    # ------------------------------------------------------------------ candidates
    def candidates(self, deal, seat: int, legal: list[Action], base: Decision, signals) -> list[Action]:
        out = [base.action]

        def add(action: Optional[Action]) -> None:
            if action is not None and action not in out and action in legal_set:
                out.append(action)
        legal_set = set(legal)
        pend = deal.first_pending()
        if pend is not None and pend.pending[0] != deal.team(seat):
            for a in legal:
                if a.act in ("good", "hold", "raise") and a.figure == pend.name:
                    add(a)
            return out
        if deal.phase != "play":
            return out
        plays = [a for a in legal if a.act == "play"]
        if not plays:
            return out
        t = Turn(deal, seat, signals)
        top = deal.trump + "A"
        cards = []
        for a in plays:
            if a.card not in cards:
                cards.append(a.card)
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
                if a.figure == "spiel":
                    if t.spiel() >= 0.35:
                        add(a)
                elif t.odds(a.figure) >= 0.4:
                    add(a)
            elif a.act == "good" and a.figure == "spiel" and t.spiel() < 0.35:
                add(a)
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
    def search(self, deal, seat: int, candidates: list[Action], base: Decision, signals) -> Decision:
        start = time.perf_counter()
        sampler = Sampler(deal, seat, signals)
        team = deal.team(seat)
        values: list[list[float]] = [[] for _ in candidates]
        active = list(range(len(candidates)))
        players = [self.rollout] * deal.n
        samples = 0
        failures = 0
        while samples < self.max_samples:
            if samples >= self.min_samples and time.perf_counter() - start > self.budget:
                break
            root = sampler.sample(self.rng)
            if root is None:
                failures += 1
                if failures > 3:
                    break
                continue
            for i in active:
                sim = root.clone()
                sim.apply(candidates[i])
                play_out(sim, players, until_show=True)
                values[i].append(outcome(sim, team))
            samples += 1
            if self.prune_after:
                active = self._prune(values, active)
        self.last_stats = {"samples": samples, "candidates": len(candidates),
                           "ms": round((time.perf_counter() - start) * 1000, 1)}
        if samples == 0:
            return base
        # each choice against the rule-following one, on the guesses both were played out on
        gains = [self._paired(v, values[0][:len(v)])[0] if v else float("-inf") for v in values]
        best = 0
        for i in range(1, len(candidates)):
            if values[i] and gains[i] > gains[best] + 1e-9 and \
                    self._clearly_better(values[i], values[0][:len(values[i])]):
                best = i
        action = candidates[best]
        if best == 0:
            others = len(candidates) - 1
            return Decision(action, f"{base.reason} (checked against {others} other "
                                    f"choice{'s' if others > 1 else ''} in {samples} guessed deals)")
        n = len(values[best])
        mine, plain = sum(values[best]) / n, sum(values[0][:n]) / n
        return Decision(action, f"{describe(action)}: played out over {n} guessed deals it "
                                f"averaged {mine:+.1f} points, against {plain:+.1f} for "
                                f"the plain choice ({describe(base.action)})")
