"""What one seat can work out from its own cards and the public record.

Trick power of a card, the cards it cannot see, rough odds of the Spiel, and the odds of
winning a Gleich or Hanger with a given best example (from the spread of random hands).
"""
from __future__ import annotations

import random
from math import comb
from functools import lru_cache
from typing import Iterable, Optional

from ..cards import RANK_NAMES, RANK_VALUE, SUIT_NAMES, parse_card
from ..figures import can_show, gleich_key, hanger_key, memo_by_hand

Key = Optional[tuple[int, int]]
NONE_KEY = (0, 0)
# every figure key, lowest first; (0, 0) stands for "no figure"
SUPPORT = [NONE_KEY] + [(n, v) for n in range(2, 6) for v in range(1, 9)]
INDEX = {k: i for i, k in enumerate(SUPPORT)}


def name(card: str) -> str:
    """'Ace of leaves', 'Weli', 'Martl (King of hearts)'."""
    return parse_card(card).name("en")


def plain_name(card: str) -> str:
    """The card's rank and suit, without nicknames: 'King of hearts'."""
    c = parse_card(card)
    return f"{RANK_NAMES['en'][c.rank]} of {SUIT_NAMES['en'][c.suit]}"


def play_text(card: str, baptism: Optional[str]) -> str:
    return f"the {name(card)} as the {plain_name(baptism)}" if baptism else f"the {name(card)}"


# ----------------------------------------------------------------------------- fast figure keys
# The same answers as figures.gleich_key / hanger_key, cut down for the hot loops of the players.
_WINDOWS = {longest: [(length, top, sum(1 << v for v in range(top - length + 1, top + 1)))
                      for length in range(min(longest, 8), 1, -1) for top in range(8, length - 1, -1)]
            for longest in range(2, 9)}


def fast_gleich(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    counts = [0] * 9
    for c in cards:
        counts[RANK_VALUE[c[1:]]] += 1
    best: Key = None
    for value in range(8, 0, -1):
        n = min(counts[value] + free, longest)
        if n >= 2 and (best is None or n > best[0]):
            best = (n, value)
    return best


@memo_by_hand
def fast_hanger(cards: Iterable[str], free: int = 0, longest: int = 5) -> Key:
    masks: dict[str, int] = {}
    for c in cards:
        value = RANK_VALUE[c[1:]]
        if value:
            masks[c[0]] = masks.get(c[0], 0) | (1 << value)
    held = list(masks.values())
    if not held and free < 2:
        return None
    for length, top, window in _WINDOWS[min(max(longest, 2), 8)]:
        need = length - free
        if need <= 0:
            return (length, top)
        for mask in held:
            if (mask & window).bit_count() >= need:
                return (length, top)
    return None


@memo_by_hand
def can_show_fast(cards: list[str], free: int, gleich: bool, hanger: bool) -> bool:
    """figures.can_show, answering the common cases without listing every combination."""
    if not gleich or not hanger:
        if gleich:
            return fast_gleich(cards, free) is not None
        return not hanger or fast_hanger(cards, free) is not None
    g0, h0 = fast_gleich(cards), fast_hanger(cards)
    if (g0 and h0) or (g0 and fast_hanger(cards, free)) or (h0 and fast_gleich(cards, free)):
        return True
    if free >= 2 and fast_gleich(cards, 1) and fast_hanger(cards, 1):
        return True
    return can_show(cards, free, True, True)


@lru_cache(maxsize=None)
def pack_set(rules) -> frozenset:
    return frozenset(rules.pack)


@lru_cache(maxsize=64)
def weights(perl: tuple, trump: str, pack: tuple) -> dict[str, float]:
    """card_weight for every card of the pack under these trumps and Perlaggen."""
    rank = {c: i for i, c in enumerate(perl)}
    out = {}
    for card in pack:
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
    return weights(deal.perl, deal.trump, deal.rules.pack)


# ----------------------------------------------------------------------------- tricks
def trick_key(deal, card: str, baptism: Optional[str], led: str) -> tuple[int, int, int]:
    """How strong a card is in a trick where `led` was led (the engine's own order)."""
    rep = baptism or card
    suit = rep[0]
    level = 2 if suit == deal.trump else 1 if suit == led else 0
    power = 100 - deal.perl_rank[card] if baptism else 0
    return (level, RANK_VALUE[rep[1:]], power)


def trick_best(deal, trick) -> tuple[tuple[int, int, int], int]:
    """The best key in a trick so far and the seat that played it."""
    led = deal.led_suit(trick)
    best, seat = (-1, 0, 0), trick.cards[0][0]
    for s, card, baptism in trick.cards:
        key = trick_key(deal, card, baptism, led)
        if key > best:
            best, seat = key, s
    return best, seat


def unseen(deal, seat: int) -> set[str]:
    """Cards `seat` has not seen: in other hands (unplayed) or in the stock."""
    known = set(deal.hands[seat])
    for s in range(deal.n):
        known.update(c for c, _ in deal.played[s])
        known.update(c for c, _ in deal.shown[s])
    if deal.face_up:
        known.add(deal.face_up)
    known.update(deal.exposed)
    return pack_set(deal.rules) - known


def threat(deal, cards: Iterable[str], led: str) -> tuple[int, int, int]:
    """The strongest key any of `cards` could reach in a trick led in `led`."""
    best = (-1, 0, 0)
    trump = deal.trump
    for card in cards:
        if card in deal.perl_rank:
            key = (2, 8, 100 - deal.perl_rank[card])
        elif card[0] == trump:
            key = (2, RANK_VALUE[card[1:]], 0)
        elif card[0] == led:
            key = (1, RANK_VALUE[card[1:]], 0)
        else:
            continue
        if key > best:
            best = key
    return best


def top_baptism(deal, card: str) -> str:
    """The strongest name for a Perlagg: the Ace of trumps."""
    return deal.trump + "A"


# ----------------------------------------------------------------------------- the Spiel
def card_weight(deal, card: str) -> float:
    """A rough worth of a card in taking tricks, 0 to 1."""
    return weights_of(deal)[card]


def at_least(trials: int, p: float, need: int) -> float:
    """P(Binomial(trials, p) >= need)."""
    if need <= 0:
        return 1.0
    if need > trials:
        return 0.0
    return sum(comb(trials, k) * p ** k * (1 - p) ** (trials - k) for k in range(need, trials + 1))


def spiel_odds(deal, seat: int, partner_weight: Optional[float] = None,
               hidden: Optional[set[str]] = None) -> float:
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
    avg = sum(w[c] for c in hidden) / len(hidden) if hidden else 0.3
    mine = sum(w[c] for c in deal.hands[seat])
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


def material(deal, seat: int) -> tuple[list[str], list[str], list[str]]:
    """(represented cards fixed by play or show, natural cards in hand not shown, free Perlaggen)."""
    fixed = [b or c for c, b in deal.played[seat]] + [b or c for c, b in deal.shown[seat]]
    shown = {c for c, _ in deal.shown[seat]}
    naturals, wild = [], []
    for card in deal.hands[seat]:
        if card in shown:
            continue
        (wild if card in deal.perl_rank else naturals).append(card)
    return fixed, naturals, wild


def best_keys(deal, seat: int, extra: Iterable[str] = (), drop_wild: int = 0) -> tuple[Key, Key]:
    fixed, naturals, wild = material(deal, seat)
    cards = fixed + naturals + list(extra)
    free = len(wild) - drop_wild
    longest = deal.rules.max_figure
    return fast_gleich(cards, free, longest), fast_hanger(cards, free, longest)


def figure_floor(deal, seats: Iterable[int], figure: str) -> Key:
    best: Key = None
    for s in seats:
        key = deal.shown_key(s, figure)
        if key is not None and (best is None or key > best):
            best = key
    return best


RANK_WORDS = {8: ("Ace", "Aces"), 7: ("King", "Kings"), 6: ("Ober", "Obers"), 5: ("Unter", "Unters"),
              4: ("Ten", "Tens"), 3: ("Nine", "Nines"), 2: ("Eight", "Eights"), 1: ("Seven", "Sevens")}


def describe_key(figure: str, key: Key, article: bool = True) -> str:
    """'three Kings', 'a four-card run up to the Ober' ('four-card run ...' without the
    article), 'nothing'."""
    if not key or key == NONE_KEY:
        return "nothing"
    n, value = key
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    single, plural = RANK_WORDS[value]
    if figure == "gleich":
        return f"{words[n]} {plural}"
    return f"{'a ' if article else ''}{words[n]}-card run up to the {single}"


def can_example(deal, seat: int, figure: str) -> bool:
    fixed, naturals, wild = material(deal, seat)
    return can_show(fixed + naturals, len(wild), figure == "gleich", figure == "hanger")

