"""Partner signals (Deuten): the tables, what a truthful player signals, and the public log."""
from __future__ import annotations

import json

from perlaggen_core import Deal, get_rules
from perlaggen_core.players import RulePlayer, Table, play_out
from perlaggen_core.signals import (SYSTEMS, SignalLog, catalogue, hand_signals, signal_message, signals_for,
                                    system_of)
from perlaggen_core.words import render

from helpers import make

INNSBRUCK_IDS = {"martl", "weli", "schell_spitz", "eichel_spitz", "trump_seven", "trump_unter_ober",
                 "trump_ace", "small_trumps", "nothing", "gleich4", "hanger4"}


def test_each_system_lists_its_signals_with_gesture_and_caption():
    assert set(SYSTEMS["innsbruck"]) == INNSBRUCK_IDS
    assert {"martl", "weli", "trump_seven", "trump_unter_ober", "acorn_perlagg", "trump_ace", "trump_king",
            "small_trumps", "nothing", "gleich4", "hanger4"} == set(SYSTEMS["eichel"])
    for system in SYSTEMS.values():
        for sig_id, sig in system.items():
            assert sig.id == sig_id and render(sig.gesture).strip() and render(sig.caption).strip()


def test_which_rule_sets_signal():
    assert system_of(get_rules("innsbruck")) == "innsbruck"
    assert system_of(get_rules("innsbruck-6")) == "innsbruck"
    assert system_of(get_rules("eichel")) == "eichel"
    assert system_of(get_rules("imst")) == "eichel"
    assert system_of(get_rules("innsbruck-2")) is None and catalogue(get_rules("eichel-2")) == []


def test_a_truthful_partner_with_the_martl_signals_it():
    # leaves are trumps (L8 turned); seat 2 holds the Martl
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "HK EK EO SK H8", "S7 LK E8 S8 HU"])
    assert "martl" in signals_for(deal, 2)
    assert signals_for(deal, 2).count("martl") == 1


def test_permanent_sevens_and_trump_perlaggen():
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "LU EK EO SK H8", "S7 LK E8 S8 HU"])
    assert signals_for(deal, 3) == ["schell_spitz", "small_trumps"]      # LK is a small trump
    assert signals_for(deal, 2) == ["trump_unter_ober"]
    assert signals_for(deal, 1) == ["trump_ace"]
    assert signals_for(deal, 0) == ["small_trumps"]
    # bells trumps: the Seven of bells is still the Schell-Spitz, not a "trump Seven"
    rules = get_rules("innsbruck")
    assert hand_signals(rules, "S", rules.perlaggen_for("S"), ["S7", "H9", "E9", "L8", "HA"]) == \
        ["schell_spitz"]
    # three wild cards and two naturals can make four of a kind, so the long-figure signs follow
    assert hand_signals(rules, "H", rules.perlaggen_for("H"), ["H7", "HU", "HO", "E9", "L8"]) == \
        ["trump_seven", "trump_unter_ober", "trump_unter_ober", "gleich4", "hanger4"]


def test_nothing_and_long_figures():
    rules = get_rules("innsbruck")
    perl = rules.perlaggen_for("L")
    assert hand_signals(rules, "L", perl, ["H9", "E9", "S9", "HA", "E8"]) == ["nothing"]
    assert hand_signals(rules, "L", perl, ["HA", "EA", "SA", "S6", "E8"]) == ["weli", "gleich4"]
    assert "hanger4" in hand_signals(rules, "L", perl, ["HA", "HK", "HO", "HU", "E8"])


def test_eichel_signals_count_acorn_perlaggen_and_name_the_trump_king():
    rules = get_rules("eichel")
    perl = rules.perlaggen_for("H")
    sigs = hand_signals(rules, "H", perl, ["EU", "EO", "HA", "HK", "H8"])
    assert sigs.count("acorn_perlagg") == 2 and "martl" in sigs and "trump_ace" in sigs
    assert "small_trumps" in sigs
    perl = rules.perlaggen_for("L")
    assert "trump_king" in hand_signals(rules, "L", perl, ["LK", "H9", "E9", "S9", "HA"])
    assert hand_signals(rules, "S", rules.perlaggen_for("S"), ["S7", "H9", "E9", "L8", "HA"]) == \
        ["trump_seven"]


def test_no_partner_no_signals():
    rules = get_rules("innsbruck-2")
    deal = Deal.new(rules, seed=3)
    assert signals_for(deal, 0) == []


def test_signals_are_public_and_logged_with_their_moment():
    rules = get_rules("innsbruck")
    deal = Deal.new(rules, seed=21, dealer=1)
    players = [RulePlayer(signals=True) for _ in range(4)]
    state = Table(players, signals=SignalLog())
    play_out(deal, players, state)
    log = state.signals
    assert log, "signalling players made no sign"
    start = Deal.new(rules, seed=21, dealer=1)
    for seat, sig, after in log:
        before = start.copy_before(after + 1) if after >= 0 else start
        assert sig in signals_for(before, seat)       # truthful at the moment it was made
    again = SignalLog.from_list(json.loads(json.dumps(log.to_list())))
    assert again == log
    told = [signal_message(rules, sign.seat, sign.signal) for sign in log]
    assert all(m.code == "signal.made" and m["seat"] == sign.seat for m, sign in zip(told, log))


def test_log_refuses_unknown_signals():
    deal = Deal.new(get_rules("innsbruck"), seed=1)
    log = SignalLog()
    try:
        log.add(deal, 0, "wave")
    except ValueError as exc:
        assert "wave" in str(exc)
    else:
        raise AssertionError("an unknown signal was logged")


def test_only_the_latest_batch_of_signs_counts():
    from perlaggen_core.signals import latest_batches
    log = [(2, "martl", -1), (2, "trump_ace", -1), (1, "nothing", -1), (2, "martl", 3)]
    assert latest_batches(log, [2]) == {2: (3, ["martl"])}
    assert latest_batches(log, [1, 2])[1] == (-1, ["nothing"])
