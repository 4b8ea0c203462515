"""The facts one decision of a rule-following player needs, worked out once per decision."""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from ..cards import RANK_VALUE, SUIT_CARDS
from ..showdown import Material
from ..signals import CATCH, latest_batches, trust
from ..tricks import Strength, reach_all
from .knowledge import (NONE_KEY, HandFigures, card_weight, figure_floor, hand_figures, spiel_odds, sure_tricks,
                        team_odds, unseen)

# a signal read from the partner, as the trick worth it stands for
SIGNAL_WEIGHT = {"martl": 1.0, "weli": 0.97, "schell_spitz": 0.94, "eichel_spitz": 0.91,
                 "trump_seven": 0.88, "trump_unter_ober": 0.83, "acorn_perlagg": 0.8,
                 "trump_ace": 0.85, "trump_king": 0.7, "small_trumps": 0.42}
SIDE_CARD = 0.15
# what an opponent who bet a figure once, twice, ... is taken to hold at least: three of a kind
# (a three-card run), higher with every bet or raise (a raise war is fought with strong hands)
BET_FLOORS = ((3, 1), (3, 4), (3, 6), (4, 1), (4, 4))


@lru_cache(maxsize=4096)
def useful_names(trump: str, cards: tuple[str, ...], span: int) -> frozenset[str]:
    """Trumps, and the suit cards of a rank in `cards` or in a run of `span` with one of them."""
    mine = [(m[0], m[1:], RANK_VALUE[m[1:]]) for m in cards if m[1:] != "6"]
    return frozenset(c for c in SUIT_CARDS if c[0] == trump or any(
        c[1:] == rank or (c[0] == suit and abs(RANK_VALUE[c[1:]] - value) < span) for suit, rank, value in mine))


class Turn:
    """The facts one decision needs, worked out once."""

    def __init__(self, deal, seat: int, signals=None) -> None:
        self.deal = deal
        self.seat = seat
        self.team = deal.team(seat)
        self.partners = [s for s in deal.seats_of(self.team) if s != seat]
        self._opponents: Optional[list[int]] = None
        self.signals = signals
        self._unseen: Optional[frozenset[str]] = None
        self._danger: Optional[dict[str, Strength]] = None
        self._spiel: Optional[float] = None
        self._material: Optional[Material] = None
        self._floors: dict[str, tuple] = {}
        self._odds: dict[tuple, float] = {}
        self.fig_cache: dict[Optional[str], float] = {}
        self._hand: Optional[HandFigures] = None
        self._useful: Optional[frozenset[str]] = None
        self._duties: Optional[set[str]] = None
        self._joint: Optional[tuple] = None     # joint_key's pair, worked out once
        self.trust = trust(deal.rules, getattr(signals, "catch", CATCH)) if signals else 1.0

    @property
    def opponents(self) -> list[int]:
        if self._opponents is None:
            self._opponents = [s for s in range(self.deal.n) if self.deal.team(s) != self.team]
        return self._opponents

    @property
    def fixed(self) -> list[str]:
        """The seat's cards fixed by play or show, as represented (`showdown.material`)."""
        return self.material.fixed

    @property
    def naturals(self) -> list[str]:
        return self.material.naturals

    @property
    def wild(self) -> list[str]:
        return self.material.wild

    @property
    def material(self) -> Material:
        """The seat's figure material (`showdown.material`), read on the first question."""
        if self._material is None:
            self._material = self.deal.material(self.seat)
        return self._material

    @property
    def duties(self) -> set[str]:
        """The figures this seat must show an example of (it bet or held them)."""
        if self._duties is None:
            self._duties = {o.figure for o in self.deal.obligations if o.seat == self.seat and not o.blind}
        return self._duties

    def keys(self):
        """The seat's best Gleich and Hanger, counting its free Perlaggen."""
        return self.hand.best()

    def key(self, figure: str):
        g, h = self.keys()
        return g if figure == "gleich" else h

    def joint_key(self, figure: str):
        """The seat's example of `figure` in the best pair it can make at once: a Perlagg is named
        once, so one spent on this figure is lost to the other (the pair with the most expected
        figure points; an example of a figure it must show is always kept)."""
        if not self.wild:
            return self.key(figure)
        if self._joint is None:
            self._joint = self._work_joint()
        return self._joint[0] if figure == "gleich" else self._joint[1]

    def _work_joint(self):
        """The pair `joint_key` takes its examples from (the same for both figures)."""
        deal = self.deal
        options = self.hand.options()
        options = [o for o in options if all(o[i] is not None for i, f in enumerate(("gleich", "hanger"))
                                             if f in self.duties)] or options

        def worth(option) -> float:
            total = 0.0
            for key, name in zip(option, ("gleich", "hanger")):
                fig = deal.figs[name]
                if key is not None and fig.status == "open":
                    value = fig.value if isinstance(fig.value, int) else deal.target
                    total += value * self.odds_of(name, key)
            return total
        return max(options, key=worth)

    @property
    def hand(self) -> HandFigures:
        """What this seat's figures can be (its figure cards and free Perlaggen)."""
        if self._hand is None:
            self._hand = hand_figures(tuple(sorted(self.fixed + self.naturals)), len(self.wild),
                                      self.deal.rules.max_figure)
        return self._hand

    @property
    def useful(self) -> frozenset[str]:
        """Names worth giving a Perlagg: trumps, and cards that could join this seat's figures."""
        if self._useful is None:
            cards = tuple(sorted(set(self.fixed + self.naturals)))
            self._useful = useful_names(self.deal.trump, cards, self.deal.rules.max_figure)
        return self._useful

    @property
    def unseen(self) -> frozenset[str]:
        if self._unseen is None:
            self._unseen = unseen(self.deal, self.seat)
        return self._unseen

    def danger(self, led: str) -> Strength:
        """The strongest card still unseen by this seat in a trick led in `led` (`knowledge.threat`
        over `unseen`, worked out once for every suit)."""
        if self._danger is None:
            self._danger = reach_all(self.deal.trump, self.deal.perl_rank, self.unseen)
        return self._danger[led]

    def partner_signals(self) -> list[str]:
        """The partners' latest signs (a partner sees every sign)."""
        if not self.signals or not self.partners:
            return []
        batches = latest_batches(self.signals, self.partners)
        return [sig for _after, sigs in batches.values() for sig in sigs]

    def caught_signals(self) -> list[str]:
        """The opponents' latest signs this seat caught."""
        if not self.signals:
            return []
        teams = self.deal.n_teams
        seen = [s for s in self.signals if not hasattr(s, "seen_by") or s.seen_by(self.seat, teams)]
        batches = latest_batches(seen, self.opponents)
        return [sig for _after, sigs in batches.values() for sig in sigs]

    def partner_weight(self) -> Optional[float]:
        """The partner's trick strength as its signals tell it (None without signals)."""
        sigs = self.partner_signals()
        if not sigs:
            return None
        deal = self.deal
        cards = sum(deal.rules.hand_size for _ in self.partners)
        told = [SIGNAL_WEIGHT[s] for s in sigs if s in SIGNAL_WEIGHT]
        start = sum(told) + max(0, cards - len(told)) * SIDE_CARD
        spent = sum(card_weight(deal, c) for s in self.partners for c, _ in deal.played[s])
        return max(0.0, start - spent)

    def spiel(self) -> float:
        """The Spiel odds, the partner's signs weighed with the trust the sign model gives them."""
        if self._spiel is None:
            told = self.partner_weight()
            odds = spiel_odds(self.deal, self.seat, None, self.unseen)
            if told is not None:
                odds = self.trust * spiel_odds(self.deal, self.seat, told, self.unseen) + (1 - self.trust) * odds
            self._spiel = odds
        return self._spiel

    def floors(self, figure: str) -> tuple:
        cached = self._floors.get(figure)
        if cached is None:
            cached = self._floors[figure] = self._work_floors(figure)
        return cached

    def _work_floors(self, figure: str) -> tuple:
        """What the partners and the opponents are sure to hold at least: shown cards and bets."""
        deal = self.deal
        partner = figure_floor(deal, self.partners, figure)
        opp = figure_floor(deal, self.opponents, figure)
        bets = self.opponent_bets(figure)
        if bets:
            opp = max(opp or NONE_KEY, BET_FLOORS[min(bets, len(BET_FLOORS)) - 1])
        return partner, opp

    def opponent_bets(self, figure: str) -> int:
        """How often the opponents bet or raised this figure in this deal (blind bets aside)."""
        return sum(1 for a in self.deal.actions if a.act in ("bet", "raise") and a.figure == figure
                   and not a.blind and self.deal.team(a.seat) != self.team)

    def odds(self, figure: str) -> float:
        """The team's odds of the figure with this seat's best example."""
        return self.odds_of(figure, self.key(figure))

    def odds_of(self, figure: str, key, opp_floor=None) -> float:
        """The team's odds of the figure when this seat's best is `key`, over the floors the shows
        and bets give (and `opp_floor`, what the opponents have shown in the show), each sign of a
        long figure (the partner's, or an opponent's caught) true with the sign model's trust.
        Remembered for the decision: its moves ask about the same examples again and again."""
        memo = (figure, key, opp_floor)
        odds = self._odds.get(memo)
        if odds is None:
            odds = self._odds[memo] = self._work_odds(figure, key, opp_floor)
        return odds

    def _work_odds(self, figure: str, key, opp_floor) -> float:
        partner, opp = self.floors(figure)
        if opp_floor is not None:
            opp = max(opp or NONE_KEY, opp_floor)
        if not self.signals:     # no sign to weigh (the guessed deals' play-outs)
            return team_odds(self.deal.rules, figure, key, partner, opp)
        sign = f"{figure}4"
        cases = [(1.0, partner, opp)]
        if sign in self.partner_signals():
            cases = [(w * p, f, o) for w, f, o in cases
                     for p, f in ((self.trust, max(partner or NONE_KEY, (4, 1))), (1 - self.trust, partner))]
        if sign in self.caught_signals():
            cases = [(w * p, f, o) for w, f, o in cases
                     for p, o in ((self.trust, max(opp or NONE_KEY, (4, 1))), (1 - self.trust, opp))]
        rules = self.deal.rules
        if len(cases) == 1:      # no sign to weigh (the sum's one term is the same number)
            return team_odds(rules, figure, key, partner, opp)
        return sum(w * team_odds(rules, figure, key, f, o) for w, f, o in cases if w > 0)

    def spiel_sure(self, confer: bool = False) -> bool:
        """Whether the team's tricks and this seat's sure winners already make the Spiel (`confer`:
        the partners have talked it over, as they may, and count their sure winners together)."""
        deal = self.deal
        if deal.figs["spiel"].status != "open":
            return False
        seats = [self.seat] + (self.partners if confer else [])
        held = [c for s in seats for c in deal.hands[s]]
        need = deal.rules.tricks_for_spiel - deal.tricks_won[self.team]
        trump, ranks = deal.trump, deal.perl_rank
        if sum(1 for c in held if c in ranks or c[0] == trump) < need:
            return False    # only a Perlagg or a trump is a sure winner (sure_winners): too few of them
        return sure_tricks(deal, seats, self.unseen.difference(held)) >= need

    def need(self) -> tuple[int, int]:
        """Tricks still needed for the Spiel: (ours, the opponents')."""
        deal = self.deal
        target = deal.rules.tricks_for_spiel
        won = deal.tricks_won
        theirs = max(won[t] for t in range(deal.n_teams) if t != self.team)
        return target - won[self.team], target - theirs
