"""A computer player's stated reason is true of its move: over many random positions in every rule set,
each card-play reason's claim is checked in the position as the seat knows it (its own hand, every card
played or shown, the trump card, the cards set aside or shown to all): "no higher card of the suit is
still out" once trumped an Ace, "a cheap card keeps the strong ones" once overtook the partner with an
Ace."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from perlaggen_core import Deal, get_rules
from perlaggen_core.players import make_player
from perlaggen_core.players.knowledge import card_weight, threat, unseen
from perlaggen_core.rules import PRESETS
from perlaggen_core.tricks import NOTHING, best_in, led_suit, strength

DEALS = 60


def plays_of(deal: Deal, seat: int):
    return [a for a in deal.legal_actions(seat, optional=False) if a.act == "play"]


def key(deal: Deal, card: str, baptism, led: str):
    return strength(deal.trump, deal.perl_rank, card, baptism, led)


def check(deal: Deal, seat: int, decision) -> None:
    """The claim of the decision's reason holds in the position before the move."""
    action, code = decision.action, decision.reason.code
    plays = plays_of(deal, seat)
    assert action in plays, (action, code)
    trick = deal.current_trick
    hidden = unseen(deal, seat)
    naturals = {a.card for a in plays if deal.natural(a.card)}
    mine = key(deal, action.card, action.baptism, led_suit(trick) if trick else (action.baptism or action.card)[0])
    if trick is None:
        suit = (action.baptism or action.card)[0]
        best, partner_best, later = NOTHING, False, True
    else:
        suit = led_suit(trick)
        best, best_seat = best_in(trick, deal.trump, deal.perl_rank)
        partner_best = deal.team(best_seat) == deal.team(seat)
        later = any(deal.team((seat + i) % deal.n) != deal.team(seat) for i in range(1, deal.n - len(trick.cards)))
    out_there = threat(deal, hidden, suit)               # the best any unseen card could be in this trick
    takes = mine > best
    if code == "why.only_card":
        assert len(plays) == 1
    elif code == "why.unbeatable":
        assert takes and mine > out_there
    elif code == "why.lowest_winner":
        assert trick is not None and takes and not later
        assert not any(key(deal, c, None, suit) > best and key(deal, c, None, suit) < mine for c in naturals)
    elif code in ("why.top_of_suit", "why.top_trump", "why.trump_in"):
        assert trick is not None and deal.natural(action.card) and takes and not partner_best
        naturals_out = threat(deal, (c for c in hidden if deal.natural(c) and c[0] == suit), suit)
        if code == "why.top_of_suit":
            assert action.card[0] == suit != deal.trump and mine > naturals_out
        elif code == "why.top_trump":
            assert action.card[0] == suit == deal.trump and mine > naturals_out
        else:
            assert action.card[0] == deal.trump != suit
    elif code in ("why.perlagg_wins", "why.perlagg_wins_top", "why.perlagg_wins_figure"):
        assert deal.is_perlagg(action.card) and action.baptism and takes
        assert not later or mine > out_there                  # "takes this trick": nothing still out beats it
        if code == "why.perlagg_wins_top":
            assert action.baptism == deal.trump + "A"
    elif code == "why.perlagg_risk":
        assert deal.is_perlagg(action.card) and takes and later and mine <= out_there
    elif code == "why.partner_has":
        assert partner_best and (not later or best > out_there) and not takes
    elif code == "why.partner_may":
        assert partner_best and not takes
    elif code == "why.no_card_under":
        assert trick is not None and takes and partner_best and all(key(deal, c, None, suit) > best for c in naturals)
    elif code == "why.trick_lost":
        assert not partner_best and not any(key(deal, a.card, a.baptism, suit) > best for a in plays)
    elif code == "why.save_perlaggen":
        assert not partner_best and not takes and deal.natural(action.card)
        assert any(deal.is_perlagg(a.card) and key(deal, a.card, a.baptism, suit) > best for a in plays)
    elif code == "why.could_be_beaten":
        naturals_out = threat(deal, (c for c in hidden if deal.natural(c) and c[0] == suit), suit)
        winners = [c for c in naturals if key(deal, c, None, suit) > best]
        assert winners and all(key(deal, c, None, suit) <= naturals_out for c in winners) and not partner_best
    elif code in ("why.only_perlaggen", "why.only_perlaggen_lead"):
        assert not naturals
    elif code in ("why.lead_ace", "why.lead_ace_again"):
        assert trick is None and action.card[1:] == "A" and deal.natural(action.card)
        first = not any(led_suit(t) == action.card[0] for t in deal.tricks)
        assert first == (code == "why.lead_ace")
    elif code == "why.lead_low":
        assert trick is None and deal.natural(action.card)
        others = [c for c in deal.hands[seat] if c != action.card]
        assert others and all(card_weight(deal, c) >= card_weight(deal, action.card) or
                              (c[0] == deal.trump) > (action.card[0] == deal.trump) for c in others if deal.natural(c))
    else:
        raise AssertionError(f"a card-play reason nobody checks: {code}")


def positions(name: str, seed: int):
    """Every position of a deal where a seat is to play a card, the deal played on by mixed players."""
    rules = get_rules(name)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed, dealer=seed % rules.players)
    movers = [make_player("random", seed=seed + s) if rng.random() < 0.3 else make_player("rule")
              for s in range(rules.players)]
    for _ in range(400):
        if deal.phase.over:
            return
        seat = deal.to_act[0]
        if deal.phase.value == "play" and deal.first_pending is None and deal.seat_to_play == seat:
            yield deal, seat
        deal.apply(movers[seat].decide(deal, seat).action)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_card_play_reason_is_true_in_its_position(name):
    player = make_player("rule")
    seen = Counter()
    for seed in range(DEALS):
        for deal, seat in positions(name, seed):
            decision = player.play_decision(deal, seat)
            check(deal, seat, decision)
            seen[decision.reason.code] += 1
    assert len(seen) >= 6, seen          # the positions reach many kinds of decision


def test_the_reported_cases():
    """Trumping an Ace is not "the top of the suit"; overtaking the partner because every card the hand
    may play is higher is not "a cheap card keeps the strong ones". Leaves are trumps (the Nine turned)."""
    from helpers import make
    player = make_player("rule")
    trumped = make(["LA H9 E9 S9 EA", "HA H10 E10 S10 HO", "L8 EO SK E8 S8", "LK EK SA HU SU"],
                   trump="L9", dealer=3, actions="0 play H9; 1 play HA")      # seat 2 has no heart
    over = make(["E9 H9 S9 L10 SA", "E8 H10 S10 HO LA", "EA L8 SK H8 S8", "EK EO H7 LK SU"],
                trump="L9", dealer=3, actions="0 play E9; 1 play E8")         # the partner's Nine leads
    for deal in (trumped, over):
        decision = player.play_decision(deal, 2)
        check(deal, 2, decision)
    assert player.play_decision(trumped, 2).reason.code == "why.trump_in"
    assert player.play_decision(over, 2).reason.code == "why.no_card_under"
