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
    """(card given, card taken) pairs this seat may exchange now (none once it kept its cards).
    Imst's opponents come last (seed 004, "Kartenaustausch"): only when nobody of the dealer's
    team has a right left (keeping the cards is silent, so it passes no right on)."""
    if deal.tricks or deal.phase is not PLAY or seat in deal.kept:
        return []
    dealers = deal.team(deal.dealer)
    if deal.rules.opponents_exchange and deal.team(seat) != dealers and \
            any(_options(deal, s) for s in deal.seats_of(dealers)):
        return []
    return _options(deal, seat)


def _giving(deal: DealState) -> dict[str, set[str]]:
    """The cards each exchange step is made with: the trump Perlagg turned up is taken with a
    natural trump, or (Eichelperlaggen's upgrade) with an acorn Perlagg; an acorn Perlagg laid out
    is fetched with a natural acorn."""
    pack, trump = deal.rules.pack, deal.trump
    return {"trump": {c for c in pack if c[0] == trump and deal.natural(c)},
            "upgrade": {c for c in pack if c[0] == "E" and deal.is_perlagg(c)},
            "acorn": {c for c in pack if c[0] == "E" and deal.natural(c)}}


def _steps(deal: DealState, up: Optional[str], exposed: list[str]) -> list[tuple[str, set[str], list[str]]]:
    """The exchange steps the cards laid out open, in their order: (step, the cards whose holder
    may give one, the cards to take). The upgrade is open only when the dealer's team has no
    natural trump (`_options` checks that)."""
    giving = _giving(deal)
    out: list[tuple[str, set[str], list[str]]] = []
    if up is not None and deal.is_perlagg(up) and up[0] == deal.trump:
        out.append(("trump", giving["trump"], [up]))
        if deal.rules.upgrade:
            out.append(("upgrade", giving["upgrade"], [up]))
    if deal.rules.acorn_exchange:
        acorns_up = [c for c in exposed if deal.is_perlagg(c)]
        if acorns_up:
            out.append(("acorn", giving["acorn"], acorns_up))
    return out


def _options(deal: DealState, seat: int) -> list[tuple[str, str]]:
    """Each step's right is the first seat's of the chain that holds a card to give for it."""
    entitled = chain(deal)
    out: list[tuple[str, str]] = []
    steps = _steps(deal, deal.face_up, deal.exposed)
    kinds = {step: giving for step, giving, _takes in steps}
    for step, giving, takes in steps:
        if step == "upgrade" and any(c in kinds["trump"] for s in deal.seats_of(deal.team(deal.dealer))
                                     for c in deal.hands[s]):
            continue       # the dealer's team can take the trump Perlagg with a natural trump
        holder = next((s for s in entitled if any(c in giving for c in deal.hands[s])), None)
        if holder == seat:
            out.extend((c, t) for c in deal.hands[seat] if c in giving for t in takes)
    return out


def _laid(deal: DealState, up: Optional[str], exposed: list[str], gave: str, take: str
          ) -> tuple[Optional[str], list[str]]:
    """The turned-up card and the cards laid out after an exchange of `gave` for `take`."""
    exposed = list(exposed)
    if take == up:
        if deal.natural(gave):
            return gave, exposed
        return None, exposed + [gave]
    exposed[exposed.index(take)] = gave
    return up, exposed


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

    giving = _giving(deal)
    for exchanger, gave in swaps:
        if exchanger not in order:
            continue
        earlier = order[:order.index(exchanger)]
        if deal.natural(gave) and gave[0] in (deal.trump, "E"):    # a natural trump, or an acorn
            passed = [(earlier, giving["trump" if gave[0] == deal.trump else "acorn"])]
        else:       # the upgrade: the dealer's team had no natural trump, the seats before no acorn Perlagg
            passed = [(deal.seats_of(deal.team(deal.dealer)), giving["trump"]), (earlier, giving["upgrade"])]
        for seats, kind in passed:
            for other in seats:
                if other != exchanger:
                    lacks[other] |= kind
    # Imst's opponents exchange only once the dealer's team has no right left: it held no card
    # that any step open then takes (the layout before each exchange, and now for `seat`'s own)
    dealers = deal.team(deal.dealer)
    if deal.rules.opponents_exchange:
        up: Optional[str] = deal.start.trump_card
        laid = list(deal.start.exposed)
        layouts: list[tuple[int, Optional[str], list[str]]] = []
        for e in deal.exchanges:
            layouts.append((e.seat, up, laid))
            up, laid = _laid(deal, up, laid, e.gave, e.took)
        if seat is not None and swaps[len(deal.exchanges):]:
            layouts.append((seat, up, laid))
        for exchanger, then_up, then_laid in layouts:
            if deal.team(exchanger) != dealers:
                wanted = set().union(*(kind for _step, kind, _takes in _steps(deal, then_up, then_laid)))
                for other in deal.seats_of(dealers):
                    lacks[other] |= wanted
    return lacks


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
    deal.face_up, deal.exposed = _laid(deal, deal.face_up, deal.exposed, a.card, take)
    deal.exchanges.append(Swap(a.seat, a.card, take))
    events.append(Exchanged(a.seat, a.card, take))
