"""Partner signals (Deuten): the tables, what a truthful player signals, and the public log."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from perlaggen_core import Deal, get_rules
from perlaggen_core.players import RulePlayer, Table, play_out
from perlaggen_core.signals import (CATCH, LIE_WATCHED, SYSTEMS, Sign, SignalLog, catalogue, hand_signals,
                                    signal_message, signals_for, system_of, trust)
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


def test_signs_are_logged_with_their_moment_and_each_batch_is_the_hand_or_a_false_sign():
    rules = get_rules("innsbruck")
    deal = Deal.new(rules, seed=21, dealer=1)
    players = [RulePlayer(signals=True) for _ in range(4)]
    state = Table(players, signals=SignalLog())
    play_out(deal, players, state)
    log = state.signals
    assert log, "signalling players made no sign"
    start = Deal.new(rules, seed=21, dealer=1)
    for seat in range(4):
        made = [s for s in log if s.seat == seat]
        before = start.copy_before(made[0].after + 1) if made[0].after >= 0 else start
        truth = signals_for(before, seat)
        assert [s.signal for s in made] == truth or [s.signal for s in made] in (["nothing"], ["weli"], ["martl"])
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
    log = [Sign(2, "martl", -1), Sign(2, "trump_ace", -1), Sign(1, "nothing", -1), Sign(2, "martl", 3)]
    assert latest_batches(log, [2]) == {2: (3, ["martl"])}
    assert latest_batches(log, [1, 2])[1] == (-1, ["nothing"])


# ------------------------------------------------------------------------ the sign model
def _signs_made(count: int, catch: float = CATCH) -> list:
    """`count` signs made at four-player tables, each by a random seat, in many deals."""
    rules = get_rules("innsbruck")
    made = []
    for i in range(count // 10):
        deal = Deal.new(rules, seed=500 + i, dealer=i % 4)
        log = SignalLog(catch=catch, seed=7)
        for j in range(10):
            made.append(log.add(deal, (i + j) % 4, "nothing"))
    return made


def test_an_opponent_catches_about_one_sign_in_five_and_a_partner_sees_every_one():
    made = _signs_made(4000)
    chances = [len(s.caught) for s in made]          # two opponents each time
    rate = sum(chances) / (2 * len(made))
    assert abs(rate - CATCH) < 0.02, rate
    assert all(all(o % 2 != s.seat % 2 for o in s.caught) for s in made)     # only opponents catch
    assert all(s.seen_by((s.seat + 2) % 4, 2) and s.seen_by(s.seat, 2) for s in made)
    missed = [s for s in made if not s.caught]
    assert 0.6 < len(missed) / len(made) < 0.68           # (4/5)^2 of the signs nobody caught
    assert all(not s.seen_by((s.seat + 1) % 4, 2) for s in missed)
    assert sum(len(s.caught) for s in _signs_made(1000, 0.5)) / 2000 > 0.45
    assert not any(s.caught for s in _signs_made(200, 0.0))


def test_catches_are_the_same_whenever_the_game_is_played_again():
    assert _signs_made(300) == _signs_made(300)
    deal = Deal.new(get_rules("innsbruck"), seed=3)
    one, other = SignalLog(seed=1), SignalLog(seed=2)
    for _ in range(60):
        one.add(deal, 0, "nothing")
        other.add(deal, 0, "nothing")
    assert [s.caught for s in one] != [s.caught for s in other]


def test_the_trust_a_sign_gets_follows_from_how_often_players_sign_falsely():
    four, six = get_rules("innsbruck"), get_rules("innsbruck-6")
    assert trust(four) == pytest.approx(1 - (1 - 0.8 ** 2) * LIE_WATCHED)
    assert trust(six) < trust(four) < 1                   # three opponents watch more than two
    assert trust(four, 0.0) == 1.0


def test_computer_players_sometimes_sign_falsely_feigning_a_poor_hand_or_a_perlagg():
    rules = get_rules("innsbruck")
    player = RulePlayer(signals=True)
    batches = feigned_poor = feigned_perlagg = 0
    for i in range(600):
        deal = Deal.new(rules, seed=2000 + i, dealer=i % 4)
        seat = i % 4
        made = player.signal(deal, seat)
        truth = signals_for(deal, seat)
        batches += 1
        if made != truth:
            assert made in (["nothing"], ["weli"], ["martl"])
            feigned_poor += made == ["nothing"]
            feigned_perlagg += made != ["nothing"]
        assert player.signal(deal, seat) == made           # the same deal signs the same
    false = (feigned_poor + feigned_perlagg) / batches
    expected = 1 - trust(rules)
    assert feigned_poor and feigned_perlagg
    assert 0.5 * expected < false < 1.5 * expected, false
    assert all(player.signal(Deal.new(rules, seed=2000 + i, dealer=i % 4), i % 4, catch=0.0) ==
               signals_for(Deal.new(rules, seed=2000 + i, dealer=i % 4), i % 4) for i in range(100))


class Spy(RulePlayer):
    """A rule-following player that writes down every sign it is given."""

    def __init__(self, book: list) -> None:
        super().__init__(signals=True)
        self.book = book

    def decide(self, deal, seat, signals=None):
        self.book.append((seat, len(deal.actions), list(signals or [])))
        return super().decide(deal, seat, signals)


def test_no_player_is_ever_given_a_sign_its_seat_did_not_see():
    for variant, seed in (("innsbruck", 4), ("eichel", 5), ("innsbruck-6", 6), ("deutschnofen", 7)):
        rules = get_rules(variant)
        book: list = []
        players = [Spy(book) for _ in range(rules.players)]
        deal = Deal.new(rules, seed=seed)
        table = Table(players, signals=SignalLog(catch=0.3, seed=seed))
        play_out(deal, players, table)
        log = table.signals
        assert any(not s.caught for s in log) and any(s.caught for s in log) and book
        teams = rules.teams
        for seat, moment, given in book:
            for sign in given:
                assert sign.seat % teams == seat % teams or seat in sign.caught
            # and nothing it saw is kept from it: every partner's sign and every sign it caught
            saw = [s for s in log if s.after < moment and (s.seat % teams == seat % teams or seat in s.caught)]
            assert saw == given


def test_every_sign_of_a_system_is_its_own_gesture():
    from perlaggen_core.words import TEMPLATES
    for name, system in SYSTEMS.items():
        gestures = [TEMPLATES[f"signal.{name}.{sid}.gesture"] for sid in system]
        assert len(set(gestures)) == len(gestures), name
    web = Path(__file__).parent.parent / "web" / "py"
    sys.path.insert(0, str(web))
    try:
        from common.signface import FEATURES           # the drawn faces
    finally:
        sys.path.remove(str(web))
    for name, system in SYSTEMS.items():
        faces = [frozenset(FEATURES[name][sid]) for sid in system]
        assert len(set(faces)) == len(faces), name


def test_a_caught_sign_is_evidence_not_fact():
    from perlaggen_core.players.sampler import Sampler
    # leaves trumps; seat 1 (an opponent of seat 0) holds LA, nothing wild
    deal = make(["L10 H9 E9 S9 HA", "LA H10 E10 S10 HO", "HK EK EO SK H8", "S7 LK E8 S8 HU"])
    rng = random.Random(3)

    def share(log) -> float:
        sampler = Sampler(deal, 0, log)
        return sum("S6" in sampler.sample(rng).hands[1] for _ in range(300)) / 300

    plain = share(SignalLog())
    caught = SignalLog()
    caught.add(deal, 1, "weli", caught=[0])
    missed = SignalLog()
    missed.add(deal, 1, "weli", caught=[])
    assert share(missed) == pytest.approx(plain, abs=0.08)        # an uncaught sign tells nothing
    believed = share(caught)
    assert believed > plain + 0.3 and believed < 0.99            # strong evidence, never certainty
