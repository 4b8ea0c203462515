"""The exchange before the first card (ruling 7): who may swap which card for the turned-up
Perlagg, and Eichelperlaggen's upgrade and acorn steps."""
from __future__ import annotations

from typing import Optional

from .actions import Exchange, Keep
from .dealstate import DealState
from .events import Event, Exchanged
from .messages import Message, msg
from .state import PLAY, Swap



def chain(deal: DealState) -> list[int]:
    """The seats entitled to exchange, in the order the right passes between them (Strafperlaggen's
    play-on: the leader too, in its first deal)."""
    n, dealer = deal.n, deal.dealer
    order = [(dealer + i) % n for i in range(1, n)]
    seats = [dealer] + ([deal.leader_seat] if deal.start.leader_exchanges else [])
    if deal.rules.exchange_partner:
        seats += [s for s in order if deal.team(s) == deal.team(dealer)]
    if deal.rules.opponents_exchange:
        seats += [s for s in order if deal.team(s) != deal.team(dealer)]
    return seats


def options(deal: DealState, seat: int) -> list[tuple[str, str]]:
    """(card given, card taken) pairs this seat may exchange now (none once it kept its cards)."""
    if deal.tricks or deal.phase is not PLAY or seat in deal.kept:
        return []
    entitled = chain(deal)
    trump = deal.trump
    out: list[tuple[str, str]] = []

    def natural_trumps(s: int) -> list[str]:
        return [c for c in deal.hands[s] if c[0] == trump and deal.natural(c)]

    up = deal.face_up
    if up is not None and deal.is_perlagg(up) and up[0] == trump:
        holder = next((s for s in entitled if natural_trumps(s)), None)
        if holder == seat:
            out.extend((c, up) for c in natural_trumps(seat))
        if deal.rules.upgrade:
            team_has = any(natural_trumps(s) for s in deal.seats_of(deal.team(deal.dealer)))
            if not team_has:   # the upgrade: an acorn Perlagg for the turned-up trump Perlagg
                upgrader = next((s for s in entitled if _acorn_perlaggen(deal, s)), None)
                if upgrader == seat:
                    out.extend((c, up) for c in _acorn_perlaggen(deal, seat))
    if deal.rules.acorn_exchange:
        acorns_up = [c for c in deal.exposed if deal.is_perlagg(c)]
        if acorns_up:
            natural_acorns = lambda s: [c for c in deal.hands[s] if c[0] == "E" and deal.natural(c)]
            holder = next((s for s in entitled if natural_acorns(s)), None)
            if holder == seat:
                out.extend((c, t) for c in natural_acorns(seat) for t in acorns_up)
    return out


def passed_over(deal: DealState, seat: Optional[int] = None) -> dict[int, set[str]]:
    """Cards each seat cannot have been dealt, as the exchanges made show: the right goes to the
    first seat of the chain with a card to give, so the seats before an exchanger had none of that
    kind; an upgrade shows that nobody of the dealer's team had a natural trump and nobody before
    the upgrader an acorn Perlagg. With `seat`, also
    what that seat's own right to exchange now shows it before it uses the right (the seat sees it
    may exchange, so the right passed the seats before it by)."""
    order = chain(deal)
    lacks: dict[int, set[str]] = {s: set() for s in range(deal.n)}
    swaps = [(e.seat, e.gave) for e in deal.exchanges]
    if seat is not None and seat in order:
        swaps += [(seat, gave) for gave, _take in options(deal, seat)]

    def naturals(suit: str) -> set[str]:
        return {c for c in deal.rules.pack if c[0] == suit and deal.natural(c)}
    for exchanger, gave in swaps:
        if exchanger not in order:
            continue
        earlier = order[:order.index(exchanger)]
        if deal.natural(gave) and gave[0] in (deal.trump, "E"):    # a natural trump, or an acorn
            passed = [(earlier, naturals(gave[0]))]
        else:       # the upgrade: the dealer's team had no natural trump, the seats before no acorn Perlagg
            acorn_perlaggen = {c for c in deal.rules.pack if c[0] == "E" and deal.is_perlagg(c)}
            passed = [(deal.seats_of(deal.team(deal.dealer)), naturals(deal.trump)), (earlier, acorn_perlaggen)]
        for seats, kind in passed:
            for other in seats:
                if other != exchanger:
                    lacks[other] |= kind
    return lacks


def _acorn_perlaggen(deal: DealState, seat: int) -> list[str]:
    return [c for c in deal.hands[seat] if c[0] == "E" and deal.is_perlagg(c)]


def complete(deal: DealState, a: Exchange) -> Exchange:
    """The action with the card taken filled in (a record may leave it out)."""
    if a.take is not None:
        return a
    take = next((t for g, t in options(deal, a.seat) if g == a.card), None)
    return Exchange(a.seat, a.card, take) if take else a


def check_exchange(deal: DealState, a: Exchange) -> Optional[Message]:
    if deal.phase is not PLAY or deal.tricks:
        return msg("exchange.too_late")
    offered = options(deal, a.seat)
    if not offered:
        return msg("exchange.no_right")
    if any(give == a.card and (a.take is None or a.take == take) for give, take in offered):
        return None
    return msg("exchange.not_this", card=a.card, take=a.take)


def check_keep(deal: DealState, a: Keep) -> Optional[Message]:
    """Keeping the cards is refused where an exchange would be: too late, or no right (any more)."""
    if deal.phase is not PLAY or deal.tricks:
        return msg("exchange.too_late")
    return None if options(deal, a.seat) else msg("exchange.no_right")


def do_exchange(deal: DealState, a: Exchange, index: int, events: list[Event]) -> None:
    take = complete(deal, a).take
    assert take is not None   # check_exchange found the swap
    hand = deal.hands[a.seat]
    hand.remove(a.card)
    hand.append(take)
    if take == deal.face_up:
        if deal.natural(a.card):
            deal.face_up = a.card
        else:
            deal.face_up = None
            deal.exposed.append(a.card)
    else:
        deal.exposed[deal.exposed.index(take)] = a.card
    deal.exchanges.append(Swap(a.seat, a.card, take))
    events.append(Exchanged(a.seat, a.card, take))
