"""Keeping one's cards at the exchange is a move (`keep`): listed beside the exchanges, refused where
an exchange is, silent for the other seats, in the deal record both ways, weighed by the review."""
from __future__ import annotations

import json
import random

import pytest

from perlaggen_core import PRESETS, Action, Deal, get_rules
from perlaggen_core.actions import Keep, seen_by
from perlaggen_core.narrate import doing, told
from perlaggen_core.puzzles.themes import theme_of
from perlaggen_core.review import review_deal
from perlaggen_core.selfplay import random_action, random_scores
from perlaggen_core.words import render

from helpers import make, refusal

# Leaves are trumps and the Unter of leaves is turned up (a Perlagg): the dealer (3) holds the
# King of leaves, a natural trump, and may give it for the Unter; nobody else may exchange.
HANDS = ["HA EA SA HK S6", "LA H10 E10 S10 HO", "L8 EK EO SK H8", "S7 LK E9 S8 HU"]


def position() -> Deal:
    return make(HANDS, trump="LU")


def test_keep_is_listed_beside_the_exchanges_and_only_there():
    deal = position()
    mine = deal.legal_actions(3)
    assert Action(3, "exchange", card="LK", take="LU") in mine and Keep(3) in mine
    assert all(Keep(s) not in deal.legal_actions(s) for s in range(3))
    assert Keep(3) not in deal.legal_actions(3, optional=False)     # the game does not wait for it


def test_a_keep_is_refused_where_an_exchange_is_with_the_same_codes():
    deal = position()
    assert refusal(deal, "1 keep").code == "exchange.no_right"        # no right to exchange
    deal.apply(Action.from_text("0 play HA"))
    assert refusal(deal, "3 keep").code == "exchange.too_late"         # the first card is played


def test_a_seat_that_kept_has_no_exchange_any_more_and_the_play_goes_on():
    deal = position()
    before = deal.to_act
    assert deal.apply(Keep(3)) == []                                    # no event: nothing to tell the table
    assert deal.to_act == before
    assert not any(a.act in ("exchange", "keep") for a in deal.legal_actions(3))
    assert refusal(deal, "3 exchange LK").code == "exchange.no_right"
    assert refusal(deal, "3 keep").code == "exchange.no_right"
    assert deal.can(Action.from_text("0 play HA"))


def test_the_other_seats_see_nothing_of_a_keep():
    deal = position()
    before = {s: json.dumps(deal.view(s), sort_keys=True) for s in (None, 0, 1, 2)}
    deal.apply(Keep(3))
    assert {s: json.dumps(deal.view(s), sort_keys=True) for s in (None, 0, 1, 2)} == before
    assert not seen_by(Keep(3), 0) and not seen_by(Keep(3), None) and seen_by(Keep(3), 3)
    assert all(seen_by(a, 0) for a in deal.legal_actions(1) + deal.legal_actions(0))


def test_a_keep_leaves_the_blind_bets_open():
    deal = position()
    blind = [a for a in deal.legal_actions(0) if a.blind]
    assert blind, "the position allows blind bets"
    deal.apply(Keep(3))
    assert [a for a in deal.legal_actions(0) if a.blind] == blind


def test_a_record_with_a_keep_round_trips_and_replays():
    deal = position()
    for text in ("3 keep", "0 play HA", "1 play LA"):
        deal.apply(Action.from_text(text))
    record = json.loads(json.dumps(deal.to_record()))
    assert record["actions"][0] == {"seat": 3, "act": "keep"}
    again = Deal.from_record(record)
    assert again.actions == deal.actions and again.summary() == deal.summary()
    assert again.to_record() == record
    assert str(Keep(3)) == "3 keep" and Action.from_text("3 keep") == Keep(3)
    assert Action(3, "keep") == Keep(3)
    with pytest.raises(Exception):
        Action.from_dict({"seat": 3, "act": "keep", "card": "LK"})        # a keep has no fields


def test_keep_has_words_for_the_seat_and_as_something_to_do():
    assert told(Keep(3)).code == "move.keep" and doing(Keep(3)).code == "do.keep"
    assert render(doing(Keep(3))) == "keep the cards"


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_keep_is_listed_exactly_when_the_rules_allow_it_in_random_deals(variant):
    """The list and the rules agree on keep in every position of random deals (is_legal == listed)."""
    rules = get_rules(variant)
    for seed in range(25):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed, rng.randrange(rules.players), random_scores(rules, rng))
        for _ in range(6):
            if deal.phase.over:
                break
            for seat in range(deal.n):
                listed = Keep(seat) in deal.legal_actions(seat)
                assert deal.can(Keep(seat)) == listed
                assert listed == any(a.act == "exchange" for a in deal.legal_actions(seat))
                if listed:      # kept: no exchange any more, and nothing changes for the others
                    after = deal.clone()
                    after.apply(Keep(seat))
                    assert not any(a.act in ("exchange", "keep") for a in after.legal_actions(seat))
                    others = [s for s in range(deal.n) if s != seat]
                    assert [after.legal_actions(s) for s in others] == [deal.legal_actions(s) for s in others]
            deal.apply(random_action(deal, rng))


def test_the_review_weighs_a_keep_against_the_exchange():
    deal = position()
    deal.apply(Keep(3))
    from perlaggen_core.players import play_out
    from perlaggen_core.players.rule import RulePlayer
    play_out(deal, [RulePlayer()] * 4)
    review = review_deal(deal, 3, samples=6, seed=1)
    entry = next(e for e in review.entries if e.action == Keep(3))
    assert entry.grade not in ("forced", "blind")
    assert {c.action for c in entry.choices} == {Keep(3), Action(3, "exchange", card="LK", take="LU")}


def test_a_keep_is_the_exchange_theme():
    deal = position()
    swap = Action(3, "exchange", card="LK", take="LU")
    assert theme_of(deal, 3, Keep(3), swap) == "exchange" == theme_of(deal, 3, swap, Keep(3))
