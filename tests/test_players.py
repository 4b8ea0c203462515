"""Computer players: always legal, always explained, and sensible in hand-built positions."""
from __future__ import annotations

import io
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from perlaggen_core import Action, Deal, Message, Phase, Start, get_rules, msg
from perlaggen_core.words import render
from perlaggen_core.__main__ import main
from perlaggen_core.players import (Decision, RandomPlayer, RulePlayer, SamplingPlayer, Table, make_player,
                                    next_decision)
from perlaggen_core.players.sampling import Sampler, outcome
from perlaggen_core.players.show import show_plan
from perlaggen_core.selfplay import random_deal, random_scores
from perlaggen_core.signals import SignalLog

from helpers import EXAMPLE1, make

VARIANTS = ("innsbruck", "eichel", "imst", "innsbruck-2", "eichel-6")


def checked_deal(deal: Deal, players, signals: bool = False) -> Deal:
    """Play a deal out, asserting every decision is legal for its seat and explained."""
    state = Table(players, signals=SignalLog() if signals else None)
    for _ in range(500):
        if deal.phase.over:
            return deal
        seat, decision = next_decision(deal, players, state)
        assert isinstance(decision, Decision)
        assert isinstance(decision.reason, Message) and render(decision.reason).strip()
        assert decision.action.seat == seat
        assert decision.action in deal.legal_actions(seat), (str(decision.action), decision.reason)
        deal.apply(decision.action)
    raise AssertionError("deal did not finish")


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_only_choose_legal_actions_and_explain_them(variant):
    rules = get_rules(variant)
    rng = random.Random(variant)
    kinds = ("random", "rule", "exploit")
    for i in range(500):
        players = [make_player(rng.choice(kinds), seed=i * 7 + s, signals=bool(i % 2))
                   for s in range(rules.players)]
        scores = random_scores(rules, rng)
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players), scores)
        checked_deal(deal, players, signals=bool(i % 2))


def test_rule_players_finish_endgame_and_late_positions():
    # both teams gestrichen, or one point short: declarations, concessions and the bar on betting
    rules = get_rules("innsbruck")
    rng = random.Random(5)
    for i in range(200):
        target = rules.target
        scores = rng.choice([[target - 1, target - 1], [target - 1, rng.randrange(target)],
                             [target - 2, target - 3]])
        deal = Deal.new(rules, rng.randrange(2**31), i % 4, scores)
        checked_deal(deal, [RulePlayer(signals=True) for _ in range(4)], signals=True)


def test_strong_player_is_legal_and_explained():
    rules = get_rules("innsbruck")
    rng = random.Random(9)
    for i in range(6):
        strong = SamplingPlayer(seed=i, budget_ms=5, max_samples=2, signals=True)
        players = [strong, RulePlayer(signals=True), strong, RandomPlayer(seed=i)]
        deal = Deal.new(rules, rng.randrange(2**31), i % 4)
        checked_deal(deal, players, signals=True)
    eichel = get_rules("eichel")
    strong = SamplingPlayer(seed=3, budget_ms=5, max_samples=2)
    checked_deal(Deal.new(eichel, 77, 2), [strong, RulePlayer(), strong, RulePlayer()])


def test_random_player_reason():
    deal = Deal.new(get_rules("innsbruck"), seed=2)
    decision = RandomPlayer(seed=1).decide(deal, deal.to_act[0])
    assert decision.reason == msg("why.random") and decision.action in deal.legal_actions(deal.to_act[0])
    assert decision.to_dict()["reason"] == {"code": "why.random", "params": {}}


# ------------------------------------------------------------------------ hand-built positions
# Leaves are trumps (L8 turned): the Perlaggen are HK S6 S7 E7 L7 LU LO. Dealer 3, seat 0 leads.

def test_a_bot_that_cannot_win_plays_its_cheapest_card_and_keeps_its_perlaggen():
    deal = make(["HK H10 E9 S9 HA", "S7 E7 H9 H8 S10", "EK EO SK H7 E8", "LA LK E10 S8 HU"],
                actions="0 play HK=LA")
    decision = RulePlayer().play_decision(deal, 1)     # the card, leaving its Hanger bet aside
    assert decision.action == Action(1, "play", card="H8")
    assert decision.reason.code == "why.trick_lost"


def test_a_bot_follows_low_when_the_trick_is_out_of_reach_early():
    deal = make(["HA E9 S9 EK SK", "H9 H8 S7 E10 SA", "EO H7 S8 E8 H10", "LA LK L10 L9 HU"],
                actions="0 play HA")
    decision = RulePlayer().decide(deal, 1)
    assert decision.action == Action(1, "play", card="H8"), decision.reason


def test_partner_winning_means_a_cheap_card():
    deal = make(["HA E9 S9 EK SK", "H9 H8 S10 E10 SA", "H10 E8 S8 EO HO", "LA LK L10 L9 HU"],
                actions="0 play HA; 1 play H9")
    decision = RulePlayer().decide(deal, 2)
    # seat 3 can still trump, but partner's Ace is the best natural card: keep it cheap
    assert decision.action.card in ("H10", "E8", "S8") and not deal.is_perlagg(decision.action.card)


def test_the_lowest_winning_card_takes_the_trick_last_in_hand():
    deal = make(["H9 E9 S9 EK SK", "H10 E10 S10 EO SO", "HO HA H8 E8 S8", "HU LK L10 L9 LA"],
                actions="0 play H9; 1 play H10")
    # seat 2 is third: HO beats H10; seat 3 may still trump, so it takes only a sure card or saves
    decision = RulePlayer().decide(deal, 2)
    assert decision.action.card in ("HO", "HA")
    deal = make(["H9 E9 S9 EK SK", "H10 E10 S10 EO SO", "H7 E7 HU E8 S8", "HO HA H8 LK LA"],
                actions="0 play H9; 1 play H10; 2 play HU")
    decision = RulePlayer().decide(deal, 3)
    assert decision.action == Action(3, "play", card="HO")   # last to play: the lowest winner
    assert decision.reason.code == "why.lowest_winner"


def test_three_natural_aces_bet_the_gleich():
    deal = make(["HA EA SA L9 E8", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E9 S8 HU"])
    decision = RulePlayer().decide(deal, 0)
    assert decision.action == Action(0, "bet", figure="gleich")
    assert decision.reason.code == "why.holds"
    assert decision.reason["key"] == msg("key.gleich", count=3, ranks="A")
    assert decision.reason["perlaggen"] == msg("why.in_natur")


def test_a_hopeless_bot_concedes_the_spiel_behind_0_2():
    deal = make(["E8 S9 H8 E9 S10", "HA EA SA HK S6", "H9 E10 S8 H10 EK", "L9 LA LK L10 E7"],
                actions="0 play E9; 1 play EA; 2 play E10; 3 play L9;"
                        "3 play LA; 0 play S10; 1 play HA; 2 play H9; 3 play LK")
    assert deal.tricks_won == [0, 2]
    decision = RulePlayer().decide(deal, 0)
    assert decision.action == Action(0, "good", figure="spiel"), decision.reason
    assert decision.reason.code == "why.concede_spiel"


def test_alone_a_spiel_bet_is_held_on_small_chances_because_nobody_may_take_it():
    # three alone: the Spiel needs four of seven tricks, and with nobody at four nobody scores it,
    # so seat 1 holds with a few trumps; with nothing at all it gives the Spiel up
    middling = make(["LA LK HA EA SA H9 E9", "L10 L9 HO EK SK S10 L8", "H10 H8 E10 E8 S9 S8 EU"],
                    trump="LU", dealer=2, variant="innsbruck-3", actions="0 bet spiel")
    decision = RulePlayer().decide(middling, 1)
    assert decision.action == Action(1, "hold", figure="spiel")
    assert decision.reason.code == "why.spiel_nobody"
    hopeless = make(["LA LK L10 L9 HA EA SA", "HO H10 EK E10 SK S10 L8", "H9 H8 E9 E8 S9 S8 EU"],
                    trump="LU", dealer=2, variant="innsbruck-3", actions="0 bet spiel")
    assert RulePlayer().decide(hopeless, 1).action == Action(1, "good", figure="spiel")


def test_a_trick_that_must_be_won_takes_a_perlagg_named_the_top_trump():
    deal = make(["E8 S9 H8 E9 S7", "HA EA SA HK SK", "H9 E10 S8 H10 EK", "L9 LA LK L10 E7"],
                actions="0 play E9; 1 play EA; 2 play E10; 3 play L9;"
                        "3 play LA; 0 play E8; 1 play HA; 2 play H9; 3 play LK")
    decision = RulePlayer(concede=0.0).decide(deal, 0)
    assert decision.action.card == "S7" and decision.action.baptism == "LA", decision.reason


def test_a_perlagg_that_must_win_is_named_to_build_the_gleich():
    # team 1 has two tricks; seat 2 plays last and must take the third: E7 as the King of
    # trumps wins it and also makes three Kings with SK and EK (the Ace of trumps would only win)
    deal = make(["E8 S9 H8 E9 S10", "HA EA S8 HK S6", "H9 E10 E7 SK EK", "L9 LA L10 LK HU"],
                actions="0 play E9; 1 play EA; 2 play E10; 3 play L9;"
                        "3 play LA; 0 play S10; 1 play HA; 2 play H9;"
                        "3 play L10; 0 play S9; 1 play S8")
    decision = RulePlayer().play_decision(deal, 2)
    assert decision.action == Action(2, "play", card="E7", baptism="LK"), decision.reason
    assert decision.reason.code == "why.perlagg_wins_figure"


def test_the_dealer_takes_a_turned_perlagg():
    deal = make(["L10 H9 E9 S9 HA", "H10 E10 S10 HO SK", "EK EO H8 E8 S8", "L9 HK E7 S7 HU"], trump="LO")
    decision = RulePlayer().volunteer(deal, 3)
    assert decision is not None and decision.action.act == "exchange" and decision.action.card == "L9"


def test_answers_follow_the_figures():
    # seat 0 bets the Gleich with three Aces; seat 1 has no pair at all and gives it up
    deal = make(["HA EA SA L9 E8", "LA H10 E9 S8 HO", "LU EK EO SK H8", "HK S7 E10 S10 HU"],
                actions="0 bet gleich")
    decision = RulePlayer().decide(deal, 1)
    assert decision.action == Action(1, "good", figure="gleich")
    decision = RulePlayer().decide(deal, 3)
    assert decision.action.act in ("hold", "raise")   # the Martl and S7 make a strong Gleich


def test_the_show_uses_the_fewest_cards_and_gives_up_when_beaten():
    # team 1 takes three tricks; then the show
    deal = make(["E9 S9 H9 EK E8", "LA H10 S10 HO HU", "SK EO H8 S8 SU", "LK L10 E10 EU HA"],
                actions="0 play E9; 1 play LA; 2 play EO; 3 play E10;"
                        "1 play HU; 2 play H8; 3 play HA; 0 play H9;"
                        "3 play LK; 0 play S9; 1 play S10; 2 play S8")
    assert deal.phase == "show" and deal.show_team == 1
    plan = show_plan(deal, 1, "gleich", None)
    assert plan is not None and len(plan) == 1     # one Ten from hand joins the Ten played
    players = [RulePlayer() for _ in range(4)]
    while deal.phase == "show":
        seat, decision = next_decision(deal, players)
        deal.apply(decision.action)
    assert deal.phase in ("scored", "game_over")


def test_both_gestrichen_a_long_figure_is_declared():
    deal = make(["HK HA EA SA E8", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E9 S8 HU"],
                scores=[17, 17])
    assert deal.phase == "declare"
    seat = deal.to_act[0]
    decision = RulePlayer().decide(deal, seat)
    assert decision.action.act == "declare" and decision.reason.code == "why.declare"
    assert decision.reason["call"] in ("dritzig", "viertig", "fünftig")


# ------------------------------------------------------------- the sampling player and Deal.clone
def test_clone_is_an_independent_copy():
    rng = random.Random(2)
    rules = get_rules("innsbruck")
    for _ in range(40):
        deal = random_deal(rules, rng)
        k = rng.randrange(len(deal.actions) + 1)
        part = deal.copy_before(k)
        copy = part.clone()
        for action in deal.actions[k:]:
            copy.apply(action)
        assert copy.summary() == deal.summary()
        assert part.summary() == deal.copy_before(k).summary()


@pytest.mark.parametrize("rules, leader_exchanges", [
    (get_rules("innsbruck"), False), (get_rules("innsbruck").with_options(luck_und_boden=True), False),
    (get_rules("straf-2"), True)], ids=["innsbruck", "luck-und-boden", "straf-play-on"])
def test_samples_agree_with_everything_public(rules, leader_exchanges):
    """A guess of the hidden cards keeps everything the table knows: the start's shown cards and
    exchange rights, the phase and who is to act (a guess that would have ended the show is dropped)."""
    rng = random.Random(4)
    players = [RulePlayer(signals=True) for _ in range(rules.players)]
    checked = 0
    for i in range(40):
        deal = Deal(replace(Start.seeded(rules, 1000 + i, i % rules.players), leader_exchanges=leader_exchanges))
        state = Table(players, signals=SignalLog())
        for _ in range(rng.randrange(1, 14)):
            if deal.phase not in (Phase.PLAY, Phase.SHOW):
                break
            seat, decision = next_decision(deal, players, state)
            deal.apply(decision.action)
        if deal.phase not in (Phase.PLAY, Phase.SHOW):
            continue
        viewer = deal.to_act[0]
        sampler = Sampler(deal, viewer, state.signals)
        for _ in range(5):
            sim = sampler.sample(rng)
            assert sim is not None
            assert sim.summary() == deal.summary()
            assert (sim.phase, sim.to_act) == (deal.phase, deal.to_act)
            assert (sim.start.shown_stock, sim.start.leader_exchanges) == (deal.start.shown_stock, leader_exchanges)
            assert sim.hands[viewer] == deal.hands[viewer]
            cutter = (deal.dealer - 1) % rules.players
            for card in deal.captured:
                assert card in sim.hands0[cutter]
            for s in range(rules.players):
                assert sorted(sim.played[s]) == sorted(deal.played[s])
            checked += 1
    assert checked > 50


def test_a_guess_gives_no_natural_trump_to_a_seat_the_exchange_right_passed_over():
    # Strafperlaggen's play-on: the dealer (seat 1) may exchange first; the leader exchanging shows
    # the dealer had no natural trump, so no guess may give it one (every guess must replay)
    deal = Deal(replace(Start.seeded(get_rules("straf-2"), 1011, 1), leader_exchanges=True))
    for text in ("0 exchange L10 take=LU", "0 play S8", "1 bet gleich", "0 hold gleich", "1 bet hanger"):
        deal.apply(Action.from_text(text))
    sampler = Sampler(deal, 0)
    rng = random.Random(1)
    for _ in range(30):
        hands = sampler.draw(rng)
        assert not [c for c in hands[1] if c[0] == deal.trump and deal.natural(c)]
        assert sampler.replay(hands) is not None


@pytest.mark.parametrize("variant", ["schlanders", "imst", "innsbruck-6", "eichel"])
def test_a_seats_own_right_to_exchange_holds_in_every_guess(variant):
    """The seat that may exchange sees it may: the right passed the seats before it in the chain
    by (no card of that kind there; after an upgrade, no natural trump in the dealer's team and no
    acorn Perlagg before it). Every guess keeps each exchange it has legal, so the review can weigh
    them (it crashed on a guess where the right was someone else's)."""
    from perlaggen_core.exchange import options
    rules, rng, checked = get_rules(variant), random.Random(variant), 0
    for _ in range(60):
        deal = Deal.new(rules, rng.randrange(2**31), rng.randrange(rules.players))
        for seat in range(rules.players):
            mine = [Action(seat, "exchange", card=g, take=t) for g, t in options(deal, seat)]
            if not mine:
                continue
            sampler = Sampler(deal, seat)
            for _ in range(8):
                sim = sampler.sample(rng)
                assert sim is not None and all(sim.can(a) for a in mine), (deal.to_record(), seat)
            checked += 1
    assert checked >= 20


def test_a_martl_signal_puts_the_martl_in_the_partners_guessed_hand():
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "HK EK EO SK H8", "S7 LK E8 S8 HU"])
    log = SignalLog()
    log.add(deal, 2, "martl")
    sampler = Sampler(deal, 0, log)
    rng = random.Random(1)
    where = Counter()
    for _ in range(200):
        sim = sampler.sample(rng)
        where[next((s for s in range(4) if "HK" in sim.hands[s]), None)] += 1
    assert where[2] > 150
    plain = Sampler(deal, 0, None)
    assert sum("HK" in plain.sample(rng).hands[2] for _ in range(200)) < 120


def test_outcome_counts_points_and_estimates_the_show():
    deal = make(["E9 S9 H9 EK E8", "LA H10 S10 HO HU", "SK EO H8 S8 SU", "LK L10 E10 EU HA"],
                actions="0 play E9; 1 play LA; 2 play EO; 3 play E10;"
                        "1 play HU; 2 play H8; 3 play HA; 0 play H9;"
                        "3 play LK; 0 play S9; 1 play S10; 2 play S8")
    assert deal.phase == "show"
    assert outcome(deal, 1) == -outcome(deal, 0)
    assert outcome(deal, 1) >= 1          # the Spiel is theirs already


def test_search_stops_playing_out_clearly_worse_choices_but_keeps_the_plain_one():
    player = SamplingPlayer(seed=1)
    plain = [0.0, 1.0, -1.0, 0.5, 0.0, 0.5]
    leader = [v + 2.0 for v in plain]              # the rule-following choice is no yardstick for pruning
    close = [v + 1.8 + (0.3 if i % 2 else -0.3) for i, v in enumerate(plain)]
    hopeless = [v - 3.0 for v in plain]
    values = [plain, leader, close, hopeless]
    assert player._prune(values, [0, 1, 2, 3]) == [0, 1, 2]
    assert player._prune([v[:2] for v in values], [0, 1, 2, 3]) == [0, 1, 2, 3]   # too few guesses yet
    assert player._clearly_better(leader, plain) and not player._clearly_better(plain, plain)


def test_strong_player_respects_its_budget_roughly():
    import time
    rules = get_rules("innsbruck")
    deal = Deal.new(rules, 5, 3)
    player = SamplingPlayer(seed=1, budget_ms=30, max_samples=50)
    seat = deal.to_act[0]
    start = time.perf_counter()
    decision = player.decide(deal, seat)
    assert time.perf_counter() - start < 1.0
    assert decision.action in deal.legal_actions(seat)


def test_the_strong_player_keeps_the_guessed_deals_of_each_search_for_the_benchmark():
    player = SamplingPlayer(seed=2, budget_ms=1000, max_samples=3)
    expected = []
    for seed in range(1, 6):
        deal = Deal.new(get_rules("innsbruck"), seed, 0)
        while deal.to_act and len(expected) < 4:
            seat = deal.to_act[0]
            decision = player.decide(deal, seat)
            if player.last_stats["candidates"] > 1:
                expected.append(player.last_stats["samples"])
            deal.apply(decision.action)
    assert len(expected) == 4 and player.searched == expected == [3, 3, 3, 3]


# ------------------------------------------------------------------------ command line
def test_selfplay_with_seats_reports_teams(capsys, tmp_path):
    assert main(["selfplay", "--deals", "12", "--seed", "3", "--seats", "rule,random,rule,random",
                 "--signals", "--records", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("deals", "seconds", "deals_per_second", "endings", "points", "games_won", "decision_ms",
                "penalties", "seats"):
        assert key in report
    assert report["deals"] == 12 and set(report["decision_ms"]) == {"rule", "random"}
    assert len(list(tmp_path.glob("deal-*.json"))) == 12
    assert main(["selfplay", "--deals", "2", "--seats", "rule,rule"]) == 2
    assert "error" in json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------------ the exploiter
def test_the_exploiter_holds_every_bet_it_could_win_and_never_concedes():
    exploit, rule = make_player("exploit"), RulePlayer()
    # leaves trumps; seat 1 holds three Tens, seat 3 a pair of Eights
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"],
                actions="0 bet gleich")
    assert exploit.decide(deal, 1).action == Action(1, "hold", figure="gleich")
    # no pair and no Perlagg: holding would cost the penalty, so even the exploiter gives it up
    bare = make(["L10 H9 E9 S9 HA", "LA H10 EK SO HU", "LU EA EO SK H8", "S7 LK E8 S8 HO"],
                actions="0 bet gleich")
    assert exploit.decide(bare, 1).action == Action(1, "good", figure="gleich")
    spiel = make(["L10 H9 E9 S9 HA", "LA H10 EK SO HU", "LU EA EO SK H8", "S7 LK E8 S8 HO"],
                 actions="0 bet spiel")
    assert exploit.decide(spiel, 1).action == Action(1, "hold", figure="spiel")
    # wherever the rule-following player gives the Spiel up, the exploiter holds on
    rules, conceded = get_rules("innsbruck"), 0
    for seed in range(40):
        deal = Deal.new(rules, seed=seed)
        players = [rule] * 4
        while not deal.phase.over:
            seat, decision = next_decision(deal, players)
            if decision.action.act == "good" and decision.action.figure == "spiel":
                conceded += 1
                assert exploit.decide(deal, seat).action.act in ("hold", "raise")
            deal.apply(decision.action)
    assert conceded >= 10


def test_selfplay_counts_the_deals_with_high_bets():
    from perlaggen_core.selfplay import highest_bet
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"],
                actions="0 bet gleich; 1 raise gleich; 0 raise gleich; 1 raise gleich")
    assert highest_bet(deal) == 5
    assert highest_bet(make(EXAMPLE1)) == 1
    # Spiel aus is the value "aus" (above every number), not a number standing for it
    record = json.loads((Path(__file__).parent / "records" / "bet_raise_spiel_aus_game.json").read_text())
    assert highest_bet(Deal.from_record(record)) == "aus"


def test_the_frozen_old_strong_player_plays_for_the_head_to_head_measure():
    import subprocess
    from pathlib import Path
    from tools import old_strong
    root = Path(__file__).resolve().parent.parent
    if subprocess.run(["git", "cat-file", "-e", f"{old_strong.COMMIT}^{{commit}}"], cwd=root,
                      capture_output=True).returncode:
        pytest.skip(f"this clone does not have commit {old_strong.COMMIT}")
    player = old_strong.OldStrong(seed=1, signals=True, budget_ms=float("inf"), max_samples=2, min_samples=2)
    deal = Deal.new(get_rules("innsbruck"), seed=9)
    log = SignalLog()
    log.add(deal, 2, "martl")
    seat = deal.to_act[0]
    decision = player.decide(deal, seat, log.seen_by(deal, seat))
    assert decision.action in deal.legal_actions(seat)
    assert type(player.old).__module__.startswith("old_players_")


# leaves trumps; after two tricks (one each) seat 0 holds the Martl and its partner the Weli, the
# two highest cards left: together they make the two tricks the Spiel still needs
SURE = ["HK H9 E8 S8 H7", "LA LK E10 H10 EA", "S6 E9 S9 HA SA", "LO LU L10 EK HO"]
SURE_PLAY = "0 play H9; 1 play H10; 2 play HA; 3 play HO; 2 play S9; 3 play L10; 0 play S8; 1 play E10"


def test_a_sound_player_never_gives_up_a_spiel_its_team_has_made():
    # the opponents raise the Spiel to Spiel aus: giving up hands them 7 points, holding wins the game
    deal = make(SURE, actions=SURE_PLAY + "; 3 bet spiel" + "; 0 raise spiel; 3 raise spiel" * 3)
    assert deal.figs["spiel"].pending.value == "aus"
    conferring = RulePlayer(sound=True, confer=True)           # the look-ahead's and the review's
    assert conferring.decide(deal, 0).action == Action(0, "hold", figure="spiel")
    assert conferring.decide(deal, 2).action == Action(2, "hold", figure="spiel")
    # at the real table a seat knows only its own cards: alone, neither partner can tell
    assert RulePlayer().decide(deal, 0).action.act == "good"
    assert RulePlayer(sound=True).decide(deal, 0).action.act == "good"


def test_a_sound_player_plays_no_card_that_throws_a_made_spiel_away():
    # seat 0 holds the Martl and the Weli, the Spiel needs two of the last three tricks: whatever the
    # others hold and however the figures pull, both Perlaggen must take a trick
    from perlaggen_core.players.search import Search
    deal = make(["HK S6 E8 S8 H9", "LA LK E10 H10 EA", "H7 E9 S9 HA SA", "LO LU L10 EK HO"],
                actions=SURE_PLAY + "; 3 bet spiel")
    search = Search(deal, 0, None, full_show=True)
    rng = random.Random(5)
    for _ in range(30):
        sim = search.play(search.guess(rng), Action(0, "raise", figure="spiel"))
        assert sim.figs["spiel"].winner == 0, [str(a) for a in sim.actions[len(deal.actions):]]


def test_the_strong_players_guesses_answer_a_bet_as_the_table_does_asking_the_partner_too():
    # the opponents bet the Spiel that seat 0's Martl and Weli have already made; were seat 0 to call
    # it good, the table would still ask its partner and the boldest answer count: the partner holds
    from perlaggen_core.players.search import Search
    deal = make(["HK S6 E8 S8 H9", "LA LK E10 H10 EA", "H7 E9 S9 HA SA", "LO LU L10 EK HO"],
                actions=SURE_PLAY + "; 3 bet spiel")
    good = Action(0, "good", figure="spiel")
    assert SamplingPlayer().poll
    rng = random.Random(3)
    polled, alone = Search(deal, 0, None, full_show=True, poll=True), Search(deal, 0, None, full_show=True)
    for _ in range(10):
        root = polled.guess(rng)
        assert polled.play(root, good).figs["spiel"].winner == 0
        assert alone.play(root, good).figs["spiel"].winner == 1     # its word alone gives it up


def test_the_figures_tool_sums_its_chunks_per_step():
    from tools.figures import summed
    chunks = [{"step": "x4:innsbruck", "deals": 25, "bets_above_4": 2, "bets_aus": 1},
              {"step": "x4:innsbruck", "deals": 25, "bets_above_4": 0, "bets_aus": 0},
              {"step": "rule:giltspiel", "deals": 50, "per_seat_deal": {"strong": {"points": 1.6}, "rule": {"points": 1.0}}},
              {"step": "rule:giltspiel", "deals": 50, "per_seat_deal": {"strong": {"points": 1.2}, "rule": {"points": 1.0}}}]
    assert summed(chunks) == {"x4:innsbruck": {"deals": 50, "above_4": "4.0%", "aus": "2.0%"},
                              "rule:giltspiel": {"deals": 100, "ratio": 1.4}}


def test_the_figures_tool_plays_a_match_with_signs_when_asked(monkeypatch):
    import tools.figures as figures
    calls = []
    monkeypatch.setattr(figures, "match", lambda *a, **k: calls.append((a[4], k["signals"])) or
                        {"deals": 50, "per_seat_deal": {"strong": {"points": 1.5}, "rule": {"points": 1.0}}})
    out = io.StringIO()
    figures.measure(["rule+signs:innsbruck:1", "rule:innsbruck:1"], out, samples=2)
    assert calls == [("rule", True), ("rule", False)]
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert figures.summed(lines) == {"rule+signs:innsbruck": {"deals": 50, "ratio": 1.5},
                                     "rule:innsbruck": {"deals": 50, "ratio": 1.5}}


def test_the_figures_tool_takes_a_range_of_chunks_to_go_on_from():
    from tools.figures import chunk_range
    assert list(chunk_range("3")) == [0, 1, 2]
    assert list(chunk_range("5-7")) == [5, 6, 7]


def test_the_table_lets_the_dealers_team_finish_its_exchanges_before_imsts_opponents():
    """Seed 004's order at a table of computer players: the dealer, asked again while it may
    exchange, fetches the laid-out EU with an acorn and upgrades (EO for the turned HU); only then
    the opponent on the dealer's left fetches the EO now lying (tests/test_rulings.py has the rule)."""
    hands = ["L10 L9 E9 S9 H9", "LA L7 SA S10 HO", "LK EK LO SK S8", "EO L8 E8 S7 LU"]
    deal = make(hands, trump="HU", variant="imst", exposed="EU")
    table = Table([RulePlayer()] * 4)
    while not deal.tricks:
        step = table.step(deal)
        if step is not None and step.decision is not None:
            deal.apply(step.decision.action)
    assert [(e.seat, e.gave, e.took) for e in deal.exchanges] == [(3, "E8", "EU"), (3, "EO", "HU"), (0, "E9", "EO")]
