"""The rulings of shared/RULINGS.md on the scoring and the endgame, 22 to 25
(docs/rules.md links here; the other rulings: test_rulings.py)."""
from __future__ import annotations

import pytest

from perlaggen_core import RecordError, get_rules, msg

from helpers import EXAMPLE1, fig, make, play, refusal

# Seats: dealer 3, seat 0 leads; seats 0 and 2 are team 0. Leaves are trumps unless said.


# ---------------------------------------------------------------- scoring and the endgame
def test_ruling_22_scoring_order_conceded_first():
    # 17:16, target 18. Team 1 bets the Gleich and team 0 holds; then team 1 concedes the Spiel.
    # The conceded Spiel counts before the held Gleich, so team 0 is out at once.
    deal = make(EXAMPLE1, scores=[17, 16], actions="1 bet gleich; 0 hold gleich; 1 good spiel")
    assert deal.phase == "game_over" and deal.game_winner == 0
    assert deal.scores == [18, 16]


def test_ruling_22_imst_order_spiel_first():
    rules = get_rules("imst")
    assert rules.scoring_order == "spiel_first"


def test_ruling_23_both_gestrichen_declare():
    deal = make(EXAMPLE1, scores=[17, 17])
    assert deal.phase == "declare"
    assert deal.to_act == [0]              # declarations go round from the dealer's left (seat 3 deals)
    assert refusal(deal, "0 bet spiel").code == "bet.endgame"
    assert refusal(deal, "1 declare gleich H10,E10,S10").code == "declare.not_your_turn"
    assert refusal(deal, "0 declare gleich H9,E9,HA") == msg("declare.not_a_figure", figure="gleich")
    assert refusal(deal, "0 declare gleich H9,E9") == msg("declare.too_short", min=3)
    play(deal, "0 declare gleich H9,E9,S9")
    assert deal.to_act == [1]              # three Tens (seat 1) or three Kings (seat 2) beat the Nines
    play(deal, "1 declare gleich H10,E10,S10")
    assert deal.to_act == [2]              # seat 2 can make three Kings with LU
    play(deal, "2 declare gleich SK,EK,LU=HK")
    assert deal.phase == "game_over" and deal.game_winner == 0


def test_ruling_23_best_declaration_ends_it_at_once():
    deal = make(EXAMPLE1, scores=[17, 17], actions="0 done; 1 done; 2 declare gleich SK,EK,LU=HK")
    assert deal.phase == "game_over" and deal.game_winner == 0 and deal.scores == [18, 17]


def test_ruling_23_tie_or_nothing_means_the_spiel_decides():
    hands = ["L10 H9 E9 SA HA", "LA H10 E10 S9 HO", "L9 EK EO SK H8", "HU LK E8 S8 S10"]
    deal = make(hands, scores=[17, 17])
    assert deal.phase == "play"            # nobody holds three of a kind or a run of three
    assert fig(deal, "gleich")["status"] == "nobody"
    assert refusal(deal, "0 bet spiel").code == "bet.gestrichen"


def test_ruling_24_becoming_gestrichen_during_the_deal():
    deal = make(EXAMPLE1, scores=[16, 17], actions="0 bet spiel; 1 good spiel")
    assert deal.phase == "declare"          # 17:17 with Gleich and Hanger unbet
    play(deal, "0 declare gleich H9,E9,S9; 1 done; 2 declare gleich SK,EK,LU=HK")
    assert deal.phase == "game_over" and deal.game_winner == 0


def test_ruling_24_conceded_figure_leaves_the_other_to_decide():
    deal = make(EXAMPLE1, scores=[16, 17], actions="0 bet gleich; 1 good gleich")
    assert deal.phase == "play"             # the Hanger will decide in the show
    play(deal, "1 good spiel")
    assert deal.phase in ("show", "game_over")


def test_ruling_25_target_is_a_setting():
    assert get_rules("innsbruck").target == 18 and get_rules("eichel").target == 15
    deal = make(EXAMPLE1, target=11, scores=[10, 0], actions="1 good spiel")
    assert deal.phase == "game_over" and deal.game_winner == 0
    for target in (5, 10, 25, 99):
        with pytest.raises(RecordError) as info:
            make(EXAMPLE1, target=target)
        assert info.value.field == "target" and info.value.code == "start.target"
    make(EXAMPLE1, target=24)
