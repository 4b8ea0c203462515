"""What the other seats' bets and answers say about their hands, as likelihoods for a guessed hand.

A player bets a figure it expects to win, raises only a strong one, holds one it has a fair chance
at, gives up one it has not; a bet in the show, made after seeing the other side's cards, says the
bettor can beat them. Each is a likelihood (how often a sound player holding the guessed cards
would have acted so), never a certainty: players bluff.
"""
from __future__ import annotations

from ..deal import Deal
from ..figures import gleich_key, hanger_key
from ..state import PLAY, SHOW
from .knowledge import team_odds, weights_of

BLUFF = 0.08     # how often a bet or raise comes from a hand that cannot back it


class BetEvidence:
    """The bets and answers of every seat but `seat`, read once per decision."""

    def __init__(self, deal: Deal, seat: int) -> None:
        self.deal = deal
        self.seat = seat
        self.plays_of = {s: [(i, a.card, a.baptism) for i, a in enumerate(deal.actions)
                             if a.act == "play" and a.seat == s and a.card is not None] for s in range(deal.n)}
        self.answers = self._answers()
        self.bars = self._show_bars() if deal.phase is not PLAY else {}
        self.weights = weights_of(deal)
        self._around: dict[tuple[int, int], tuple[list[str], list[str]]] = {}

    def _answers(self) -> list[tuple[int, str, str, int]]:
        """(seat, act, figure, index) of every bet and answer that tells about a hand."""
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
                if bet is None or bet[0] > first:
                    out.append((s, "pass", figure, first))
        return out

    def _show_bars(self) -> dict[int, tuple]:
        """For each bet, raise or hold on the Gleich or Hanger made in the show: the best example
        the other side had laid down then (what the bettor claims to beat)."""
        deal = self.deal
        wanted = {i for s, act, figure, i in self.answers if act in ("bet", "raise", "hold") and figure != "spiel"}
        bars: dict[int, tuple] = {}
        if not wanted:
            return bars
        sim = Deal(deal.start)
        for i, a in enumerate(deal.actions):
            if i in wanted and sim.phase is SHOW and a.figure is not None:
                team = deal.team(a.seat)
                theirs = [sim.team_shown(o, a.figure) for o in deal.others(team)]
                best = max((k for k in theirs if k is not None), default=None)
                if best is not None:
                    bars[i] = best
            sim.apply(a)
        return bars

    def weight(self, known_now: list[set[str]], hands: dict[int, list[str]]) -> float:
        w = 1.0
        for s, act, figure, index in self.answers:
            w *= self.likelihood(s, act, figure, index, list(known_now[s]) + hands[s])
        return w

    def around(self, s: int, index: int) -> tuple[list[str], list[str]]:
        """The cards `s` had played before action `index` (as named) and played after it: the
        same for every guess, so worked out once."""
        parts = self._around.get((s, index))
        if parts is None:
            plays = self.plays_of[s]
            parts = self._around[(s, index)] = ([b or c for i, c, b in plays if i < index],
                                                [c for i, c, b in plays if i > index])
        return parts

    def likelihood(self, s: int, act: str, figure: str, index: int, held_now: list[str]) -> float:
        """How likely a sound player holding these cards would have made this bet or answer."""
        deal = self.deal
        before, later = self.around(s, index)
        held = held_now + later
        wild = [c for c in held if c in deal.perl_rank]
        if figure == "spiel":
            w = self.weights
            strength = sum(w[c] for c in held)
            strong = strength >= 0.5 * len(held) + 0.5
            if act == "bet":
                return 1.0 if strong else 0.3
            if act == "raise":
                return 1.0 if strong else 0.15
            if act == "good":
                return 0.4 if strong else 1.0
            return 1.0
        fn = gleich_key if figure == "gleich" else hanger_key
        bar = self.bars.get(index)
        if bar is not None:      # in the show: what it can lay down, its shown cards as named
            laid = {c for c, _ in deal.shown[s]}
            cards = before + [b or c for c, b in deal.shown[s]] + \
                [c for c in held if c not in deal.perl_rank and c not in laid]
            wild = [c for c in wild if c not in laid]
        else:
            cards = before + [c for c in held if c not in deal.perl_rank]
        key = fn(cards, len(wild), deal.rules.max_figure)
        if bar is not None:
            # in the show: a bet, raise or hold claims to beat what the other side laid down
            beats = key is not None and key > bar
            if act == "hold":
                return 1.0 if beats else 0.3
            return 1.0 if beats else BLUFF
        odds = team_odds(deal.rules, figure, key)
        if act == "bet":
            return 1.0 if odds >= 0.55 else 0.15
        if act == "raise":
            return 1.0 if odds >= 0.7 else 0.5 if odds >= 0.5 else 0.15
        if act == "hold":
            return 1.0 if odds >= 0.25 else 0.3
        if act == "pass":
            return 1.0 if odds < 0.6 else 0.35
        return 1.0 if odds < 0.5 else 0.35
