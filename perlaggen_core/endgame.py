"""The both-gestrichen endgame (rulings 23-24): declarations, in turn from the dealer's left, of a
Gleich or Hanger long enough to decide the game."""
from __future__ import annotations

from itertools import combinations, permutations, product
from typing import Iterator, Optional

from .actions import Declare, Done
from .cards import RANK_VALUE, SUITS, VALUE_RANK
from .dealstate import DealState
from .events import Declared, Event
from .figures import endgame_rank, exact_key, figure_key, ranked
from .messages import Message, msg
from .standing import decide
from .state import DECLARE, NOBODY, OPEN, PLAY, SHOW, STANDS, WON, Declarations
from .tricks import check_baptism


def begins(deal: DealState) -> bool:
    """Whether the endgame starts now: both teams one point short, Gleich and Hanger untouched."""
    if not deal.rules.declaration_endgame or deal.declare is not None or deal.phase not in (PLAY, SHOW):
        return False
    # asked after every action: the scores first, as they rule it out most often
    if any(score != deal.gestrichen_at for score in deal.scores_now):
        return False
    for name in ("gleich", "hanger"):
        f = deal.figs[name]
        if f.status is not OPEN or f.first_bet is not None or f.pending is not None:
            return False
    return True


def declarations(deal: DealState) -> Declarations:
    """The declarations under way (the DECLARE phase always has them)."""
    assert deal.declare is not None
    return deal.declare


def _options(deal: DealState, seat: int) -> list[tuple[str, tuple[int, int]]]:
    """The seat's best declarable figure of each kind, as (figure, key)."""
    cards, free = _material(deal, seat)
    out = []
    for figure in ("gleich", "hanger"):
        key = figure_key(figure, cards, free, deal.rules.max_figure)
        if key is not None and key[0] >= declarations(deal).min:
            out.append((figure, key))
    return out


def _material(deal: DealState, seat: int) -> tuple[list[str], int]:
    cards = [b or c for c, b in deal.played[seat]]
    free = 0
    for card in deal.hands[seat]:
        if card in deal.perl_rank:
            free += 1
        else:
            cards.append(card)
    return cards, free


def next_declarer(deal: DealState) -> Optional[int]:
    """The next seat, clockwise from the dealer's left, that has not declared or passed and could
    still beat or tie the best declaration for its team (the engine knows the hands, so it asks
    only those)."""
    state = declarations(deal)
    by_length = deal.rules.endgame_by_length
    best = max(state.best.values(), default=None)
    for i in range(1, deal.n + 1):
        seat = (deal.dealer + i) % deal.n
        if seat in state.passed:
            continue
        ranks = [endgame_rank(f, key, by_length) for f, key in _options(deal, seat)]
        if not ranks:
            continue
        mine = max(ranks)
        team_best = state.best.get(deal.team(seat))
        if (best is not None and mine < best) or (team_best is not None and mine <= team_best):
            continue
        return seat
    return None


def settled(deal: DealState) -> bool:
    """Whether nobody is left to declare (phases.py then settles the declarations)."""
    return next_declarer(deal) is None


def settle(deal: DealState, events: list[Event]) -> bool:
    """Decide Gleich and Hanger by the declarations; True when the deal is to be scored now (a
    declared figure decides the game, or the Spiel is decided too)."""
    state = declarations(deal)
    ranks = sorted(state.best.items(), key=lambda kv: kv[1], reverse=True)
    g, h = deal.figs["gleich"], deal.figs["hanger"]
    winner = _hanger_tie_gleich(deal, ranks)
    if winner is not None:
        decide(deal, g, WON, winner, events)
        decide(deal, h, STANDS, None, events)
        return True
    if ranks and (len(ranks) == 1 or ranks[0][1] > ranks[1][1]):
        team = ranks[0][0]
        _seat, figure = state.by[team]
        decide(deal, deal.figs[figure], WON, team, events)
        decide(deal, h if figure == "gleich" else g, NOBODY, None, events)
        return True
    status = STANDS if ranks else NOBODY
    decide(deal, g, status, None, events)
    decide(deal, h, status, None, events)
    return deal.figs["spiel"].status is not OPEN


def _hanger_tie_gleich(deal: DealState, ranks: list) -> Optional[int]:
    """Giltspiel (ruling 28): when the best declared figures are equal Hangers of two teams, the
    best Gleich of at least three cards decides (its cards are the team's to show)."""
    if not deal.rules.endgame_hanger_tie_gleich or len(ranks) < 2 or ranks[0][1] != ranks[1][1]:
        return None
    if any(declarations(deal).by[team][1] != "hanger" for team, _rank in ranks[:2]):
        return None
    best: dict[int, tuple[int, int]] = {}
    for seat in range(deal.n):
        cards, free = _material(deal, seat)
        key = figure_key("gleich", cards, free, deal.rules.max_figure)
        if key is not None and key[0] >= 3 and key > ranked(best.get(deal.team(seat))):
            best[deal.team(seat)] = key
    top = sorted(best.items(), key=lambda kv: kv[1], reverse=True)
    if top and (len(top) == 1 or top[0][1] > top[1][1]):
        return top[0][0]
    return None


# ----------------------------------------------------------------------------- checks and moves
def declared_cards(deal: DealState, a: Declare) -> tuple[Optional[list[str]], Optional[Message]]:
    """The cards a declaration represents, or the reason it cannot be made."""
    played = dict(deal.played[a.seat])
    bap = dict(a.baptisms)
    reps = []
    for card in a.cards:
        if card in played:
            if card in bap:   # a played card's baptism was fixed when it was played
                return None, msg("declare.baptism_fixed", card=card)
            reps.append(played[card] or card)
        elif card in deal.hands[a.seat]:
            if card in bap:
                why = check_baptism(deal, card, bap[card])
                if why:
                    return None, why
            reps.append(bap.get(card, card))
        else:
            return None, msg("play.not_held", card=card)
    return reps, None


def check_declare(deal: DealState, a: Declare) -> Optional[Message]:
    if deal.phase is not DECLARE:
        return msg("declare.not_now")
    if a.seat in declarations(deal).passed:
        return msg("declare.already")
    if a.seat not in deal.to_act:
        return msg("declare.not_your_turn")
    if a.figure == "spiel":
        return msg("declare.spiel")
    reps, why = declared_cards(deal, a)
    if reps is None:
        return why
    key = exact_key(a.figure, reps)
    if key is None:
        return msg("declare.not_a_figure", figure=a.figure)
    if key[0] < declarations(deal).min:
        return msg("declare.too_short", min=declarations(deal).min)
    return None


def check_pass(deal: DealState, a: Done) -> Optional[Message]:
    return None if a.seat in deal.to_act else msg("declare.not_your_turn")


def do_declare(deal: DealState, a: Declare, index: int, events: list[Event]) -> None:
    reps, _ = declared_cards(deal, a)
    assert reps is not None   # check_declare passed
    key = exact_key(a.figure, reps)
    assert key is not None
    rank = endgame_rank(a.figure, key, deal.rules.endgame_by_length)
    state = declarations(deal)
    state.passed.add(a.seat)
    team = deal.team(a.seat)
    if rank > state.best.get(team, ()):      # () below every rank: no declaration yet
        state.best[team] = rank
        state.by[team] = (a.seat, a.figure)
    events.append(Declared(a.seat, a.figure, a.cards, a.baptisms))


def do_pass(deal: DealState, a: Done, index: int, events: list[Event]) -> None:
    declarations(deal).passed.add(a.seat)
    events.append(Declared(a.seat, None))


# ----------------------------------------------------------------------------- listing declarations
def best_declarations(deal: DealState, seat: int) -> list[Declare]:
    """The seat's best declaration of each kind (what `legal_actions` lists)."""
    perl = [c for c in deal.hands[seat] if c in deal.perl_rank]
    naturals = [c for c in deal.hands[seat] if c not in deal.perl_rank]
    played = {(b or c): c for c, b in deal.played[seat]}
    out = []
    for figure, key in _options(deal, seat):
        action = _build(seat, figure, key, naturals, perl, played)
        if action is not None and check_declare(deal, action) is None:
            out.append(action)
    return out


def _build(seat: int, figure: str, key: tuple[int, int], naturals: list[str], perl: list[str],
           played: dict[str, str]) -> Optional[Declare]:
    """An action declaring the figure `key`, using natural and played cards first."""
    n, value = key
    pool = {c: c for c in naturals}
    pool.update(played)
    if figure == "gleich":
        rank = VALUE_RANK[value]
        targets = [s + rank for s in SUITS] + [SUITS[0] + rank] * 5
    else:
        best = None
        for suit in SUITS:
            run = [suit + VALUE_RANK[v] for v in range(value, value - n, -1)]
            have = sum(1 for c in run if c in pool)
            if n - have <= len(perl) and (best is None or have > best[0]):
                best = (have, run)
        if best is None:
            return None
        targets = best[1]
    cards: list[str] = []
    baptisms: list[tuple[str, str]] = []
    spare = list(perl)
    used: set[str] = set()
    for target in targets:
        if len(cards) == n:
            break
        if target in pool and pool[target] not in used:
            cards.append(pool[target])
            used.add(pool[target])
        elif spare:
            p = spare.pop(0)
            cards.append(p)
            baptisms.append((p, target))
    if len(cards) < n:
        return None
    return Declare(seat, figure, tuple(cards), tuple(sorted(baptisms)))


def all_declarations(deal: DealState, seat: int) -> Iterator[Declare]:
    """Every declaration the rules accept from this seat now (a large family: generated)."""
    if deal.phase is not DECLARE or seat not in deal.to_act:
        return
    played = dict(deal.played[seat])
    mine = [c for c, _ in deal.played[seat]] + list(deal.hands[seat])
    for size in range(declarations(deal).min, len(mine) + 1):
        for cards in combinations(mine, size):
            wild = [c for c in cards if c not in played and c in deal.perl_rank]
            fixed = [played.get(c) or c for c in cards if c not in wild]
            for figure, names in _fillings(fixed, len(wild)):
                action = Declare(seat, figure, cards, tuple(sorted(zip(wild, names))))
                if check_declare(deal, action) is None:
                    yield action


def _fillings(fixed: list[str], wild: int) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Baptisms of `wild` Perlaggen that complete the fixed cards to a Gleich or a Hanger."""
    ranks = {c[1:] for c in fixed}
    for rank in (ranks if len(ranks) == 1 else set() if ranks else {VALUE_RANK[v] for v in range(1, 9)}):
        for picks in product(SUITS, repeat=wild):
            yield "gleich", tuple(s + rank for s in picks)
    suits = {c[0] for c in fixed}
    values = {RANK_VALUE[c[1:]] for c in fixed}
    length = len(fixed) + wild
    for suit in (suits if len(suits) == 1 else set() if suits else set(SUITS)):
        for low in range(1, 10 - length):
            run = set(range(low, low + length))
            if values <= run:
                for order in permutations(sorted(run - values)):
                    yield "hanger", tuple(suit + VALUE_RANK[v] for v in order)
