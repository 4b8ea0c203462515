"""Tricks: the suit led, the follow rule, how cards rank in a trick, and playing a card.

The one place for trick ranking (rulings 8-9): the computer players ask `strength` and
`winner` too, instead of ranking cards themselves.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Optional

from .actions import Play
from .cards import RANK_VALUE, SUIT_CARDS
from .dealstate import DealState
from .events import CardPlayed, Event, TrickTaken
from .messages import Message, msg
from .standing import decide
from .state import NOBODY, PLAY, WON, PlayedCard, Trick


Strength = tuple[int, int, int]
NOTHING: Strength = (-1, 0, 0)


def led_suit(trick: Trick) -> str:
    """The suit to follow: the led card's suit as baptised (an unbaptised Perlagg leads its face)."""
    _seat, card, baptism = trick.cards[0]
    return (baptism or card)[0]


def strength(trump: str, perl_rank: dict[str, int], card: str, baptism: Optional[str], led: str) -> Strength:
    """How strong a card is in a trick where `led` was led: trumps over the led suit over the
    rest, then the rank represented, then (a baptised Perlagg) its place among the Perlaggen."""
    rep = baptism or card
    suit = rep[0]
    level = 2 if suit == trump else 1 if suit == led else 0
    power = 100 - perl_rank[card] if baptism else 0
    return (level, RANK_VALUE[rep[1:]], power)


def reach(trump: str, perl_rank: dict[str, int], card: str, led: str) -> Strength:
    """The strongest `strength` a card in hand could have in a trick led in `led`."""
    if card in perl_rank:
        return (2, 8, 100 - perl_rank[card])
    if card[0] == trump:
        return (2, RANK_VALUE[card[1:]], 0)
    if card[0] == led:
        return (1, RANK_VALUE[card[1:]], 0)
    return NOTHING


def reach_all(trump: str, perl_rank: dict[str, int], cards: Iterable[str]) -> dict[str, Strength]:
    """For each suit that could be led, the strongest `reach` of any of `cards` (NOTHING for
    none): one pass over the cards instead of one per card and suit. A Perlagg reaches highest
    whatever is led, then the top natural trump, then the top natural of the led suit."""
    top_perlagg: Optional[int] = None
    top = {"H": -1, "S": -1, "E": -1, "L": -1}     # the highest value held per suit, -1: none
    for card in cards:
        rank = perl_rank.get(card)
        if rank is not None:
            if top_perlagg is None or rank < top_perlagg:
                top_perlagg = rank
        else:
            value = RANK_VALUE[card[1:]]
            if value > top[card[0]]:
                top[card[0]] = value
    if top_perlagg is not None:
        best = (2, 8, 100 - top_perlagg)
        return {led: best for led in top}
    if top[trump] >= 0:
        best = (2, top[trump], 0)
        return {led: best for led in top}
    return {led: (1, value, 0) if value >= 0 else NOTHING for led, value in top.items()}


def best_in(trick: Trick, trump: str, perl_rank: dict[str, int]) -> tuple[Strength, int]:
    """The strongest card in a trick so far and the seat that played it."""
    led = led_suit(trick)
    best, seat = NOTHING, trick.cards[0].seat
    for played in trick.cards:
        key = strength(trump, perl_rank, played.card, played.baptism, led)
        if key > best:
            best, seat = key, played.seat
    return best, seat


def follow_suits(hand: Iterable[str], led: Optional[str], trump: str,
                 perl_rank: dict[str, int]) -> Optional[tuple[str, ...]]:
    """The suits a card must count as (ruling 8), or None when any card may be played: a player
    holding a natural card of the led suit must play that suit or a trump."""
    if led is not None:
        for c in hand:      # a plain loop: asked for every card to play
            if c[0] == led and c not in perl_rank:
                return (led, trump)
    return None


# ----------------------------------------------------------------------------- the rules of a play
def spiel_in_reach(deal: DealState, side: int) -> bool:
    """Whether a side can still take the tricks the Spiel needs."""
    done = sum(1 for t in deal.tricks if t.winner is not None)
    return deal.tricks_won[side] + deal.rules.hand_size - done >= deal.rules.tricks_for_spiel


def check_play(deal: DealState, a: Play) -> Optional[Message]:
    if deal.phase is not PLAY:
        return msg("play.not_now", phase=deal.phase.value)
    if a.card is None:
        return msg("play.no_card")
    pend = deal.first_pending
    if pend is not None:
        return msg("play.bet_waiting", figure=pend.name)
    seat = deal.seat_to_play
    if a.seat != seat:
        return msg("play.not_your_turn", seat=seat)
    hand = deal.hands[a.seat]
    if a.card not in hand:
        return msg("play.not_held", card=a.card)
    if a.baptism is not None:
        why = check_baptism(deal, a.card, a.baptism)
        if why:
            return why
    trick = deal.current_trick
    allowed = follow_suits(hand, led_suit(trick) if trick else None, deal.trump, deal.perl_rank)
    if allowed is None or (a.baptism or a.card)[0] in allowed:
        return None
    led, trump = allowed
    if deal.is_perlagg(a.card):
        code = "follow.unbaptised_perlagg" if a.baptism is None else "follow.perlagg"
        return msg(code, card=a.card, led=led, trump=trump)
    return msg("follow.natural", led=led, trump=trump)


def check_baptism(deal: DealState, card: str, baptism: str) -> Optional[Message]:
    """Only a Perlagg is baptised, and only as one of the 32 suit cards (ruling 1)."""
    if deal.natural(card):
        return msg("baptism.not_perlagg", card=card)
    if baptism not in SUIT_CARDS:
        return msg("baptism.not_suit_card", card=baptism)
    return None


@lru_cache(maxsize=None)
def _every_play(seat: int, card: str, wild: bool) -> tuple[Play, ...]:
    """Every way to play a card: as itself, and if it is a Perlagg, baptised as any suit card."""
    return tuple(Play(seat, card, b) for b in ((None,) + SUIT_CARDS if wild else (None,)))


@lru_cache(maxsize=None)
def _natural_play(seat: int, card: str) -> Play:
    """A natural card's one play (`_every_play`'s, reached in one cached call)."""
    return _every_play(seat, card, False)[0]


@lru_cache(maxsize=None)
def _plays(seat: int, card: str, wild: bool, allowed: Optional[tuple[str, ...]]) -> tuple[Play, ...]:
    """The plays of a card that count as one of the `allowed` suits (None: any)."""
    every = _every_play(seat, card, wild)
    return every if allowed is None else tuple(a for a in every if (a.baptism or card)[0] in allowed)


def play_options(deal: DealState, seat: int) -> list[Play]:
    trick = deal.current_trick
    hand = deal.hands[seat]
    perl = deal.perl_rank
    allowed = follow_suits(hand, led_suit(trick) if trick else None, deal.trump, perl)
    out: list[Play] = []
    for card in hand:
        if card in perl:
            out.extend(_plays(seat, card, True, allowed))
        elif allowed is None or card[0] in allowed:     # a natural card is played only as itself
            out.append(_natural_play(seat, card))
    return out


def do_play(deal: DealState, a: Play, index: int, events: list[Event]) -> None:
    seat, card, baptism = a.seat, a.card, a.baptism
    deal.hands[seat].remove(card)
    trick = deal.current_trick
    if trick is None:
        trick = Trick(leader=seat)
        deal.tricks.append(trick)
    trick.cards.append(PlayedCard(seat, card, baptism))
    deal.played[seat].append((card, baptism))
    events.append(CardPlayed(seat, card, baptism))
    if len(trick.cards) < deal.n:
        return
    trick.winner = best_in(trick, deal.trump, deal.perl_rank)[1]
    team = deal.team(trick.winner)
    deal.tricks_won[team] += 1
    events.append(TrickTaken(trick.winner, team, len(deal.tricks)))
    spiel = deal.figs["spiel"]
    if deal.tricks_won[team] >= deal.rules.tricks_for_spiel and team not in spiel.out:
        decide(deal, spiel, WON, team, events)
        deal.spiel_team = team          # the show begins with this side (phases.py)
    elif deal.tricks_won[team] >= deal.rules.tricks_for_spiel or not any(
            spiel_in_reach(deal, t) for t in range(deal.n_teams) if t not in spiel.out):
        # "das Spiel ist hin": nobody who may still win it can take enough tricks
        decide(deal, spiel, NOBODY, None, events)   # the show begins with the leader's side
