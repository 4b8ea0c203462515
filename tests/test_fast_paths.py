"""The engine's fast forms of a rule agree with the rule said plainly, over many random cases:
each fast form exists only for speed (self-play, the computer players' guessed deals)."""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Iterator

import pytest

from perlaggen_core import PRESETS, get_rules, phases
from perlaggen_core.cards import ALL_CARDS, RANK_VALUE, SUITS
from perlaggen_core.deal import Deal
from perlaggen_core.figures import Key, hanger_key
from perlaggen_core.players.knowledge import sure_winners
from perlaggen_core.players.turn import Turn
from perlaggen_core.events import CardPlayed, TrickTaken
from perlaggen_core.selfplay import random_action
from perlaggen_core.state import PLAY, SHOW
from perlaggen_core.tricks import NOTHING, reach, reach_all

from helpers import random_moves


def plain_hanger(cards: list[str], free: int, longest: int) -> Key:
    """The best run: the longest, then the highest, that one suit's cards plus `free` Perlaggen make."""
    best: Key = None
    span = min(max(longest, 2), 8)
    for suit in SUITS:
        values = {RANK_VALUE[c[1:]] for c in cards if c[0] == suit and RANK_VALUE[c[1:]]}
        for length in range(2, span + 1):
            for top in range(length, 9):
                missing = sum(1 for v in range(top - length + 1, top + 1) if v not in values)
                if missing <= free and (best is None or (length, top) > best):
                    best = (length, top)
    return best


def test_hanger_key_is_the_best_run_of_any_suit() -> None:
    rng = random.Random(22)
    for _ in range(4000):
        cards = rng.sample(ALL_CARDS, rng.randrange(0, 11))
        free, longest = rng.randrange(0, 7), rng.randrange(2, 10)
        assert hanger_key(cards, free, longest) == plain_hanger(cards, free, longest), (cards, free, longest)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_reach_all_is_the_strongest_reach_for_every_suit_led(variant: str) -> None:
    rules = get_rules(variant)
    rng = random.Random(variant)
    pack = list(rules.pack)
    for _ in range(300):
        trump = rng.choice([s for s in SUITS if s not in rules.no_trump_suits])
        perl_rank = {c: i for i, c in enumerate(rules.perlaggen_for(trump))}
        cards = rng.sample(pack, rng.randrange(0, 12))
        fast = reach_all(trump, perl_rank, cards)
        for led in SUITS:
            assert fast[led] == max((reach(trump, perl_rank, c, led) for c in cards), default=NOTHING)


@pytest.mark.parametrize("variant", ["innsbruck", "eichel", "giltspiel", "straf"])
def test_sure_winners_beat_every_threat_whatever_is_led(variant: str) -> None:
    rules = get_rules(variant)
    rng = random.Random(variant + "sure")
    pack = list(rules.pack)
    for _ in range(300):
        trump = rng.choice([s for s in SUITS if s not in rules.no_trump_suits])
        deal = SimpleNamespace(trump=trump, perl_rank={c: i for i, c in enumerate(rules.perlaggen_for(trump))})
        cards = rng.sample(pack, rng.randrange(1, 14))
        mine, hidden = cards[:rng.randrange(len(cards) + 1)], cards[len(cards) // 2:]
        threats = reach_all(trump, deal.perl_rank, hidden)
        plain = sum(1 for c in mine if all(reach(trump, deal.perl_rank, c, led) > threats[led] for led in SUITS))
        assert sure_winners(deal, mine, threats) == plain


def play_positions(variant: str, salt: str, deals: int) -> Iterator[Deal]:
    """Every position of `deals` random deals of a rule set while the cards are played."""
    rules = get_rules(variant)
    rng = random.Random(variant + salt)
    for _ in range(deals):
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players))
        while not deal.phase.over:
            if deal.phase.value == "play":
                yield deal
            deal.apply(random_action(deal, rng))


@pytest.mark.parametrize("variant", ["innsbruck", "eichel-3", "giltspiel", "innsbruck-6"])
def test_spiel_sure_skips_only_hands_too_poor_to_make_it(variant: str) -> None:
    """Turn.spiel_sure gives up early when the hands hold too few Perlaggen and trumps; the answer
    is the one counting every sure winner against every unseen card gives."""
    from perlaggen_core.players.knowledge import sure_tricks
    rules = get_rules(variant)
    asked = 0
    for deal in play_positions(variant, "spiel_sure", 40):
        if deal.figs["spiel"].status.value != "open":
            continue
        for seat in range(deal.n):
            t = Turn(deal, seat)
            for confer in (False, True):
                seats = [seat] + (t.partners if confer else [])
                hidden = t.unseen - {c for s in seats for c in deal.hands[s]}
                plain = deal.tricks_won[t.team] + sure_tricks(deal, seats, hidden) >= rules.tricks_for_spiel
                assert t.spiel_sure(confer) == plain
                asked += plain
    assert asked > 0     # some positions had the Spiel made

def test_hand_figures_answer_as_the_figure_rules_do() -> None:
    """knowledge.HandFigures, kept per hand for the rule player, answers every question as the
    figure functions asked plainly do, whatever was asked before (hands taken out of play count
    their baptised cards, so a card can repeat)."""
    from perlaggen_core.figures import can_show, figure_options, gleich_key
    from perlaggen_core.players.knowledge import hand_figures
    rng = random.Random("hand figures")
    for _ in range(1500):
        cards = [rng.choice(ALL_CARDS) for _ in range(rng.randrange(0, 9))]
        wild, longest = rng.randrange(0, 4), rng.choice((4, 5, 8))
        hand = hand_figures(tuple(sorted(cards)), wild, longest)
        questions = ["best", "options"] + [rng.choice([None, *ALL_CARDS]) for _ in range(6)]
        rng.shuffle(questions)
        for q in questions + questions:
            if q == "best":
                assert hand.best() == (gleich_key(cards, wild, longest), hanger_key(cards, wild, longest))
            elif q == "options":
                assert hand.options() == figure_options(cards, wild, longest)
            else:
                named = cards + [q] if q else cards
                assert hand.named(q) == (gleich_key(named, wild - 1, longest), hanger_key(named, wild - 1, longest))
                for g, h in ((True, False), (False, True), (True, True)):
                    assert hand.shows(q, g, h) == can_show(named, wild - 1, g, h), (cards, wild, q, g, h)


@pytest.mark.parametrize("variant", ["innsbruck", "eichel", "eichel-3", "straf"])
def test_no_example_of_a_figure_has_better_odds_than_the_best(variant: str) -> None:
    """The rule player weighs a bet on the example it can make beside its other figure only when
    its best example clears the bet level: sound because no example of the pairs a hand can make
    at once has better odds than its best (the odds grow with the example)."""
    weaker = 0
    for deal in play_positions(variant, "joint odds", 25):
        for seat in range(deal.n):
            t = Turn(deal, seat)
            for figure in ("gleich", "hanger"):
                best = t.odds_of(figure, t.key(figure))
                for pair in t.hand.options():
                    key = pair[0] if figure == "gleich" else pair[1]
                    odds = t.odds_of(figure, key)
                    assert odds <= best, (figure, key, t.key(figure))
                    weaker += odds < best
    assert weaker > 0     # some pairs gave up part of a figure for the other


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_push_of_a_listed_action_is_apply(variant: str) -> None:
    """`push` (self-play's unchecked apply) of an action legal_actions listed changes the deal
    exactly as `apply`, which checks it first: same events, same state, same record."""
    rng = random.Random(variant)
    rules = get_rules(variant)
    for _ in range(12):
        checked = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players))
        pushed = checked.clone()
        while not checked.phase.over:
            action = random_action(checked, rng)
            assert pushed.push(action) == checked.apply(action)
            assert pushed.summary() == checked.summary() and pushed.to_act == checked.to_act
        assert pushed.to_record() == checked.to_record()


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_after_every_move_the_checks_after_a_move_find_nothing_left_to_do(variant: str) -> None:
    """After any move, running the checks that follow a move again (the endgame begins, the target
    is reached, the show is over) leaves the deal as it is: `phases.advance` ran them wherever they
    could find something, including where it skips them (a card that decided no figure). The scores
    are random, so games near their end and both-gestrichen endgames come up."""
    quiet = 0
    for deal, events in random_moves(variant, variant + "settled", 30):
        if deal.phase is not PLAY and deal.phase is not SHOW:
            continue
        quiet += all(type(e) in (CardPlayed, TrickTaken) for e in events)
        again = deal.clone()
        phases._after_change(again, [])
        assert (again.phase, again.declare, again.final) == (deal.phase, deal.declare, deal.final), deal.actions[-1]
    assert quiet > 50       # the skipped case came up often


def test_a_seeded_start_skips_the_card_check_and_a_changed_copy_does_not() -> None:
    """The seeded shuffle's cards are right by construction (`Start.dealt`); a copy with other
    cards is checked again, so a wrong hand is still refused."""
    from dataclasses import replace

    from perlaggen_core.errors import RecordError
    from perlaggen_core.start import Start

    rules = get_rules("innsbruck")
    start = Start.seeded(rules, 5)
    assert start.dealt and start.problems() == []
    twice = replace(start, hands=(start.hands[0], start.hands[0], *start.hands[2:]))
    assert not twice.dealt
    assert [p.field for p in twice.problems()][:1] == ["hands.1"]
    with pytest.raises(RecordError):
        Deal(twice)


@pytest.mark.parametrize("variant", ["innsbruck", "giltspiel", "eichel-3", "straf", "innsbruck-6"])
def test_guessed_deals_push_only_moves_the_rules_allow(variant: str) -> None:
    """The guessed deals' play-outs push the rule-following players' moves unchecked
    (`play_out(trusted=True)`): every move those players choose, to the show and through it,
    is one the rules allow in its position, and the play-out ends where a checked one does."""
    from perlaggen_core.players.rule import RulePlayer
    from perlaggen_core.players.table import Table, play_out
    players = [RulePlayer(sound=True, confer=True)] * get_rules(variant).players
    moves = 0
    for i, deal in enumerate(play_positions(variant, "trusted", 30)):
        if i % 3:
            continue
        for until_show in (True, False):
            pushed, checked = deal.clone(), deal.clone()

            def legal(seat: int, decision) -> None:
                nonlocal moves
                assert pushed.refusal(decision.action) is None, decision.action
                moves += 1
            play_out(pushed, players, Table(players), on_decision=legal, until_show=until_show, trusted=True)
            play_out(checked, players, Table(players), until_show=until_show)
            assert pushed.to_record() == checked.to_record() and pushed.phase == checked.phase
    assert moves > 200


@pytest.mark.parametrize("variant", ["innsbruck", "giltspiel", "eichel-3", "straf", "schlanders"])
def test_the_cheap_bet_gate_refuses_only_what_the_rules_refuse(variant: str) -> None:
    """The rule player works out a bet's odds only where `may_open` lets the team bet: wherever it
    says no, the engine refuses that bet too, so skipping the odds there changes no choice."""
    from perlaggen_core.legal import named
    from perlaggen_core.players.rule import may_open
    shut = 0
    for deal in play_positions(variant, "bet gate", 60):
        for seat in range(deal.n):
            for figure in ("gleich", "hanger", "spiel"):
                if not may_open(deal.figs[figure], deal.team(seat)):
                    assert not deal.can(named(seat, "bet", figure)), (figure, seat)
                    shut += 1
    assert shut > 50
