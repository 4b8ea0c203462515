"""What one seat can work out from its own cards and the public record.

Trick power of a card, the cards it cannot see, rough odds of the Spiel, and the odds of
winning a Gleich or Hanger with a given best example (from the spread of random hands).
"""
from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from operator import itemgetter
from typing import AbstractSet, Iterable, Optional

from ..cards import RANK_VALUE
from ..figures import Key, can_show, figure_options, gleich_key, hanger_key
from ..tricks import Strength, best_in, led_suit, reach, reach_all

_card = itemgetter(0)     # the card of a (card, baptism) pair
NONE_KEY = (0, 0)
# every figure key, lowest first; (0, 0) stands for "no figure"
SUPPORT = [NONE_KEY] + [(n, v) for n in range(2, 6) for v in range(1, 9)]
INDEX = {k: i for i, k in enumerate(SUPPORT)}


@lru_cache(maxsize=None)
def pack_set(rules) -> frozenset[str]:
    return frozenset(rules.pack)


@lru_cache(maxsize=64)
def weights(perl: tuple, trump: str, rules) -> dict[str, float]:
    """card_weight for every card of the rule set's pack under these trumps and Perlaggen (keyed
    by the rule set, whose hash is worked out once, not by its pack of 33 cards)."""
    rank = {c: i for i, c in enumerate(perl)}
    out = {}
    for card in rules.pack:
        if card in rank:
            out[card] = 1.0 - 0.03 * rank[card]
            continue
        value = RANK_VALUE[card[1:]]
        if card[0] == trump:
            out[card] = {8: 0.85, 7: 0.7, 6: 0.6}.get(value, 0.35 + 0.02 * value)
        else:
            out[card] = {8: 0.45, 7: 0.25, 6: 0.15}.get(value, 0.08)
    return out


def weights_of(deal) -> dict[str, float]:
    return weights(deal.perl, deal.trump, deal.rules)


# ----------------------------------------------------------------------------- tricks
def unseen(deal, seat: int) -> frozenset[str]:
    """Cards `seat` has not seen: in other hands (unplayed) or in the stock."""
    known = set(deal.hands[seat])
    for s in range(deal.n):
        known.update(map(_card, deal.played[s]), map(_card, deal.shown[s]))
    if deal.face_up:
        known.add(deal.face_up)
    known.update(deal.exposed)
    known.update(deal.start.shown_stock)
    return pack_set(deal.rules) - known


def threat(deal, cards: Iterable[str], led: str) -> Strength:
    """The strongest card any of `cards` could be in a trick led in `led`."""
    return reach_all(deal.trump, deal.perl_rank, cards)[led]


def sure_tricks(deal, seats: list[int], hidden: AbstractSet[str]) -> int:
    """Tricks the cards of `seats` take whatever the others hold: each card that beats every card
    in `hidden` (what they cannot see) and every card already in the trick, whatever suit is led."""
    trick = deal.current_trick
    laid = [p.card for p in trick.cards if p.seat not in seats] if trick is not None else []
    threats = reach_all(deal.trump, deal.perl_rank, [*hidden, *laid])
    return sure_winners(deal, [c for s in seats for c in deal.hands[s]], threats)


def sure_winners(deal, cards: list[str], threats: dict[str, Strength]) -> int:
    """How many of `cards` beat `threats` (a `reach_all`) whatever suit is led. Only a Perlagg or a
    trump can: its reach is the same for every suit led, while any other card reaches nothing when
    another suit is led."""
    top = max(threats.values())
    trump, ranks = deal.trump, deal.perl_rank
    return sum(1 for card in cards if reach(trump, ranks, card, trump) > top)


def spiel_secured(deal, seats: list[int], hidden: AbstractSet[str]) -> bool:
    """Whether the team of `seats` has the Spiel for certain: won already, or its tricks, the trick
    on the table if its card there beats every card in `hidden`, and its sure winners make it."""
    team = deal.team(seats[0])
    spiel = deal.figs["spiel"]
    if spiel.status != "open":
        return spiel.winner == team
    won = deal.tricks_won[team]
    trick = deal.current_trick
    if trick is not None:
        best, seat = best_in(trick, deal.trump, deal.perl_rank)
        if deal.team(seat) == team and best > threat(deal, hidden, led_suit(trick)):
            won += 1
        elif seats[0] not in {p.seat for p in trick.cards}:
            return won + sure_tricks(deal, seats, hidden) >= deal.rules.tricks_for_spiel
        mine = [c for s in seats for c in deal.hands[s]]
        later = sure_winners(deal, mine, reach_all(deal.trump, deal.perl_rank, hidden))
        return won + later >= deal.rules.tricks_for_spiel
    return won + sure_tricks(deal, seats, hidden) >= deal.rules.tricks_for_spiel


# ----------------------------------------------------------------------------- the Spiel
def card_weight(deal, card: str) -> float:
    """A rough worth of a card in taking tricks, 0 to 1."""
    return weights_of(deal)[card]


@lru_cache(maxsize=4096)
def at_least(trials: int, p: float, need: int) -> float:
    """P(Binomial(trials, p) >= need)."""
    if need <= 0:
        return 1.0
    if need > trials:
        return 0.0
    return sum(comb(trials, k) * p ** k * (1 - p) ** (trials - k) for k in range(need, trials + 1))


def spiel_odds(deal, seat: int, partner_weight: Optional[float] = None,
               hidden: Optional[AbstractSet[str]] = None) -> float:
    """Rough odds that the seat's team takes the Spiel from here (`hidden`: the seat's unseen
    cards, if already worked out)."""
    team = deal.team(seat)
    need = deal.rules.tricks_for_spiel
    ours = deal.tricks_won[team]
    theirs = max(deal.tricks_won[t] for t in deal.others(team))
    if ours >= need:
        return 1.0
    if theirs >= need:
        return 0.0
    done = sum(1 for t in deal.tricks if t.winner is not None)
    left = deal.rules.hand_size - done
    if hidden is None:
        hidden = unseen(deal, seat)
    w = weights_of(deal)
    avg = sum(map(w.__getitem__, hidden)) / len(hidden) if hidden else 0.3
    mine = sum(map(w.__getitem__, deal.hands[seat]))
    partners = [s for s in deal.seats_of(team) if s != seat]
    if partner_weight is None:
        partner_weight = sum(len(deal.hands[s]) for s in partners) * avg
    opp = sum(len(deal.hands[s]) for s in range(deal.n) if deal.team(s) != team) * avg
    total = mine + partner_weight + opp
    share = (mine + partner_weight) / total if total > 0 else 0.5
    return at_least(left, min(0.97, max(0.03, share)), need - ours)


# ----------------------------------------------------------------------------- figures
@lru_cache(maxsize=None)
def figure_cdf(rules, figure: str) -> tuple[float, ...]:
    """P(one random hand's best example <= key) for each key of SUPPORT, from seeded samples."""
    rng = random.Random(20240607)
    pack = list(rules.pack)
    counts = [0] * len(SUPPORT)
    size, total = rules.hand_size, 0
    fn = gleich_key if figure == "gleich" else hanger_key
    for _ in range(700):
        rng.shuffle(pack)
        trump = next(c for c in pack if c[0] not in rules.no_trump_suits)[0]
        perl = set(rules.perlaggen_for(trump))
        for i in range(1, 1 + min(4, (len(pack) - 1) // size)):
            hand = pack[i * size - size + 1:i * size + 1]
            wild = sum(1 for c in hand if c in perl)
            key = fn([c for c in hand if c not in perl], wild, rules.max_figure) or NONE_KEY
            counts[INDEX[key]] += 1
            total += 1
    out, run = [], 0
    for c in counts:
        run += c
        out.append(run / total)
    return tuple(out)


def _max_cdf(cdf: tuple[float, ...], k: int, floor: Key) -> list[float]:
    """CDF of the best of k hands, given that it is at least `floor`."""
    if k <= 0:
        base = [1.0] * len(cdf)
    else:
        base = [p ** k for p in cdf]
    if not floor or floor == NONE_KEY:
        return base
    i = INDEX.get(floor, 0)
    below = base[i - 1] if i > 0 else 0.0
    mass = 1.0 - below
    if mass <= 1e-9:
        return [0.0 if j < i else 1.0 for j in range(len(base))]
    return [0.0 if j < i else (base[j] - below) / mass for j in range(len(base))]


@lru_cache(maxsize=20000)
def team_odds(rules, figure: str, mine: Key, partner_floor: Key = None, opp_floor: Key = None) -> float:
    """Odds that the team wins the figure (a tie counts half) when this seat's best is `mine`."""
    cdf = figure_cdf(rules, figure)
    team_size = rules.players // rules.teams
    mates = team_size - 1
    opps = rules.players - team_size
    mine = mine or NONE_KEY
    if mine not in INDEX:
        mine = max(k for k in SUPPORT if k <= mine)
    partner = _max_cdf(cdf, mates, partner_floor)
    m = INDEX[mine]
    ours = [0.0 if j < m else partner[j] for j in range(len(cdf))]
    theirs = _max_cdf(cdf, opps, opp_floor)
    win = 0.0
    prev_ours = 0.0
    for j in range(len(cdf)):
        p = ours[j] - prev_ours
        prev_ours = ours[j]
        if p <= 0:
            continue
        below = theirs[j - 1] if j > 0 else 0.0
        tie = theirs[j] - below
        if j == 0:
            continue   # neither side has one: nobody scores it
        win += p * (below + 0.5 * tie)
    return win


def figure_floor(deal, seats: Iterable[int], figure: str) -> Key:
    best: Key = None
    for s in seats:
        key = deal.shown_key(s, figure)
        if key is not None and (best is None or key > best):
            best = key
    return best



class HandFigures:
    """What a hand's figures can be: its best Gleich and Hanger, the pairs it can make at once,
    and with one Perlagg named as each card (the others left free), whether it can still show
    what it must. A decision asks about many names, and the same hand recurs decision after
    decision in the play-outs, so `hand_figures` keeps each hand's answers."""

    def __init__(self, cards: tuple[str, ...], wild: int, longest: int) -> None:
        self.cards, self.wild, self.longest = cards, wild, longest
        self._best: Optional[tuple[Key, Key]] = None
        self._options: Optional[list[tuple[Key, Key]]] = None
        self._named: dict[Optional[str], tuple[Key, Key]] = {}
        self._shows: dict[tuple, bool] = {}

    def best(self) -> tuple[Key, Key]:
        """The best Gleich and Hanger, counting every free Perlagg (`showdown.best_keys`)."""
        if self._best is None:
            self._best = (gleich_key(self.cards, self.wild, self.longest),
                          hanger_key(self.cards, self.wild, self.longest))
        return self._best

    def options(self) -> list[tuple[Key, Key]]:
        """The best (Gleich, Hanger) pairs the hand can make at once (`figures.figure_options`)."""
        if self._options is None:
            self._options = figure_options(list(self.cards), self.wild, self.longest)
        return self._options

    def _with(self, baptism: Optional[str]) -> list[str]:
        return [*self.cards, baptism] if baptism else list(self.cards)

    def named(self, baptism: Optional[str]) -> tuple[Key, Key]:
        """The best Gleich and Hanger with one Perlagg named `baptism`."""
        keys = self._named.get(baptism)
        if keys is None:
            cards, free = self._with(baptism), self.wild - 1
            keys = self._named[baptism] = (gleich_key(cards, free, self.longest),
                                           hanger_key(cards, free, self.longest))
        return keys

    def shows(self, baptism: Optional[str], gleich: bool, hanger: bool) -> bool:
        """Whether, with one Perlagg named `baptism`, the hand can still show the figures asked."""
        memo = (baptism, gleich, hanger)
        can = self._shows.get(memo)
        if can is None:
            can = self._shows[memo] = can_show(self._with(baptism), self.wild - 1, gleich, hanger)
        return can


@lru_cache(maxsize=2048)
def hand_figures(cards: tuple[str, ...], wild: int, longest: int) -> HandFigures:
    """The `HandFigures` of a hand: its figure cards (`cards`, sorted) and free Perlaggen."""
    return HandFigures(cards, wild, longest)
