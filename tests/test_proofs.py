"""The proofs at the end of a deal (rulings 16, 21): the example each duty shows is a real figure
of the seat's own cards, agrees with the scoring, and is public once the deal is over."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perlaggen_core import PRESETS, Deal, get_rules
from perlaggen_core.cards import SUIT_CARDS
from perlaggen_core.events import DealScored, Proved, ShowBegins, TurnBegins
from perlaggen_core.figures import can_show, exact_key
from perlaggen_core.narrate import event_message
from perlaggen_core.proofs import build, shown_keys
from perlaggen_core.selfplay import random_action, random_scores
from perlaggen_core.words import render

from helpers import EXAMPLE1, make, random_moves
from test_ruling_22_amended import unshown

WILD = ("P1", "P2", "P3", "P4")      # free Perlaggen: stand-ins that are no suit card


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(st.sampled_from(SUIT_CARDS), min_size=0, max_size=7, unique=True),
       free=st.integers(0, 4), wanted=st.sampled_from([("gleich",), ("hanger",), ("gleich", "hanger")]))
def test_an_example_is_exactly_the_figure_its_key_names(cards, free, wanted):
    items = [(c, None) for c in cards]
    wild = list(WILD[:free])
    keys = shown_keys(cards, free, wanted)
    alone = {f: can_show(cards, free, f == "gleich", f == "hanger") for f in wanted}
    for figure in wanted:     # a duty fails when the seat cannot show the figure; of two that are
        ok = alone[figure]    # each possible but not both at once, the Hanger fails
        if len(wanted) == 2 and all(alone.values()) and figure == "hanger":
            ok = can_show(cards, free, True, True)
        assert (keys[figure] is not None) == ok
    made = build(items, wild, keys.get("gleich"), keys.get("hanger"))
    assert made is not None
    baptisms: dict[str, str] = {}
    for figure, shown in zip(("gleich", "hanger"), made):
        if keys.get(figure) is None:
            assert shown == ()
            continue
        assert exact_key(figure, [b or c for c, b in shown]) == keys[figure]
        for card, baptism in shown:
            assert (card in cards and baptism is None) or (card in wild and baptism in SUIT_CARDS)
            if card in wild:      # one baptism per Perlagg, even when it serves both figures
                assert baptisms.setdefault(card, baptism) == baptism
        assert len({c for c, _ in shown}) == len(shown)


def test_a_perlagg_baptised_for_both_figures_is_the_same_card_in_both():
    # H9 and L10 with one Perlagg: as H10 it makes two Tens and the run H10-H9 at once (ruling 3)
    gleich, hanger = build([("H9", None), ("L10", None)], ["S7"], (2, 4), (2, 4))
    assert ("S7", "H10") in gleich and ("S7", "H10") in hanger


def deal_to_end(rules, rng) -> tuple[Deal, list]:
    deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), random_scores(rules, rng))
    events: list = []
    while not deal.phase.over:
        events = deal.apply(random_action(deal, rng))
    return deal, events


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_duty_is_proven_face_up_as_the_scoring_judged_it(variant):
    rng = random.Random(variant)
    rules = get_rules(variant)
    duties = failures = 0
    for _ in range(300):
        deal, events = deal_to_end(rules, rng)
        proofs = deal.final.proofs
        assert [e.proof for e in events if isinstance(e, Proved)] == list(proofs)
        assert isinstance(events[-1], DealScored)
        for seat in range(deal.n):                           # public once the deal is over
            view = deal.view(seat)
            assert view["proofs"] == [p.to_dict() for p in proofs]
            assert view["dealt"] == [list(h) for h in deal.hands0]
        assert {(p.seat, p.figure) for p in proofs if p.kind == "duty"} == {(o.seat, o.figure) for o in deal.obligations}
        fines = Counter()
        for p in proofs:
            mine = list(deal.played[p.seat]) + list(deal.shown[p.seat]) + [(c, None) for c in deal.hands[p.seat]]
            table = dict(deal.played[p.seat] + deal.shown[p.seat])
            if p.ok:
                assert exact_key(p.figure, [b or c for c, b in p.cards]) == tuple(p.key)
                for card, baptism in p.cards:
                    assert card in {c for c, _ in mine}, f"{card} is not seat {p.seat}'s"
                    if card in table:      # a card on the table keeps the baptism it was given
                        assert baptism == table[card]
                    elif baptism is not None:
                        assert card in deal.perl_rank
            else:
                failures += 1
                assert not p.blind or p.penalty == 0
                assert p.kind == "duty" and set(c for c, _ in p.cards) <= set(deal.hands[p.seat])
            if p.kind == "takes":
                assert deal.figs[p.figure].winner == p.team
            fines[p.team] += p.penalty
            duties += p.kind == "duty"
            assert render(event_message(Proved(p)))
        paid = Counter()
        for penalty in deal.penalties:
            if penalty.kind == "no_example":
                paid[penalty.team] += penalty.points
        assert fines == paid or (not fines and not paid)
    assert duties > 20, "too few duties to show in 300 random deals to test anything"
    if rules.blind_bets or not rules.alone:
        assert failures, "no failed proof in 300 random deals"


def test_proofs_name_the_example_the_penalty_and_the_side_that_takes_the_figure():
    deal = unshown("innsbruck", "1 good spiel; 0 bet hanger; 0 show H9,E9,S9; 1 good hanger; "
                                "0 done; 1 show H10,E10,S10; 1 done; 0 done")
    failed, takes = deal.final.proofs
    assert (failed.seat, failed.figure, failed.ok, failed.penalty, failed.forfeit) == (0, "hanger", False, -2, "deal")
    assert failed.cards == (("HA", None), ("L10", None))        # what seat 0 still held, face up
    assert (takes.kind, takes.seat, takes.team, takes.key) == ("takes", 3, 1, (2, 8))
    assert takes.cards == (("EA", None), ("S7", "EK"))          # Ace of acorns, the Schell-Spitz as the King
    assert render(event_message(Proved(failed))) == (
        "seat 0 cannot show a Hanger. team 0: 2 points off, and nothing scored this deal.")


def test_a_proof_shows_the_cards_played_and_the_perlagg_baptised_for_it():
    # seat 2 bets the Gleich with EK and SK in hand and LU: LU as a King makes three Kings
    deal = make(EXAMPLE1, actions="2 bet gleich; 1 good gleich; 0 good spiel; 3 good hanger")
    (proof,) = deal.final.proofs
    assert proof.ok and proof.key == (3, 7)
    assert sorted(proof.cards) == [("EK", None), ("LU", "HK"), ("SK", None)]
    assert deal.view(1)["proofs"][0]["cards"] == [list(c) for c in proof.cards]


def test_a_blind_bet_is_proven_too_and_a_failed_one_costs_nothing():
    deal = make(EXAMPLE1, scores=[5, 5], actions="0 bet hanger blind; 1 good hanger; 0 good spiel; 1 good gleich")
    (proof, takes) = deal.final.proofs
    assert proof.blind and not proof.ok and proof.penalty == 0 and takes.team == 1
    assert event_message(Proved(proof)).code == "proof.blind_failed"


def test_nothing_of_the_proofs_or_the_dealt_hands_before_the_deal_is_over():
    deal = make(EXAMPLE1, actions="2 bet gleich; 1 hold gleich")
    for seat in range(4):
        assert deal.view(seat)["proofs"] == [] and deal.view(seat)["dealt"] is None


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_no_side_is_called_to_show_once_the_show_is_over(variant):
    """A move that ends the deal (the last figure settled, or the target reached) calls no side to
    show (the teacher page's last-move line said "Now North and South show." under a scored deal)."""
    turns = 0
    for deal, events in random_moves(variant, f"turn/{variant}", 150):
        called = [e for e in events if isinstance(e, (ShowBegins, TurnBegins))]
        if called:
            turns += 1
            assert deal.phase.value == "show" and deal.to_act, "a side called to show after the show"
            assert deal.team(deal.to_act[0]) == called[-1].team
    assert turns, "no turn passed in the show in 150 random deals"
