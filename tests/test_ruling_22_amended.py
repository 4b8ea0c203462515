"""Ruling 22's two amendments (shared/RULINGS.md), as whole deals played action by action in every
rule set where they apply (docs/rules.md links here):

- a figure held at "Spiel aus" comes first: nothing else of the deal is added before it is decided,
  and its winner wins the game;
- a bettor who cannot show the figure (ruling 16) lets the other side take it if it can show an
  example, also when the bet was made or called good during the show: the show and the play agree.
"""
from __future__ import annotations

import pytest

from helpers import make, play

# Leaves are trumps (L8 turned) and dealer is the last seat, so seat 0 leads. The two bettors hold
# no Perlagg in any of these rule sets: seat 0 a pair of Nines and the run HO-HU, seat 1 a pair
# of Tens and the run SO-SU.
BETTORS = ("HO HU E9 S9 L10", "SO SU E10 H10 LA")
AUS_TABLES = {
    # rule set: (hands, scores): team 0 is 7 short of the target, so the Spiel and a Hanger at 6
    # reach it; neither team is barred from the bets of the story (ruling 14)
    "innsbruck": (BETTORS + ("HA EK H8 S8 L9", "SA EA E8 HK S7"), [11, 10]),
    "eichel": (BETTORS + ("HA EK H8 S8 L9", "SA EA E8 HK S7"), [8, 7]),
    "giltspiel": (BETTORS + ("HA EK H8 S8 L9", "SA EA E8 HK S7"), [8, 7]),
    "schlanders": (BETTORS + ("HA EK H8 S8 L9", "SA EA E8 HK S7"), [17, 16]),
    "deutschnofen": (BETTORS + ("HA EK H8 S8 L9", "SA EA E8 HK S7"), [11, 10]),
    "innsbruck-2": (("HO HU E9 S9 L10 HA EK", "SO SU E10 H10 LA SA EA"), [11, 10]),
    "eichel-2": (("HO HU E9 S9 L10 HA EK", "SO SU E10 H10 LA SA EA"), [8, 7]),
    "innsbruck-6": (("HO HU E9 S9", "SO SU E10 H10", "HA EK H8 L9", "SA EA E8 HK", "S7 S8 L10 LA",
                     "H9 SK L7 E7"), [11, 10]),
    "eichel-6": (("HO HU E9 S9", "SO SU E10 H10", "HA EK H8 L9", "SA EA E8 HK", "S7 S8 L10 LA",
                  "H9 SK L7 E7"), [8, 7]),
}
RAISES = "1 bet {f}; 0 raise {f}; 1 raise {f}; 0 raise {f}; 1 raise {f}; "
# The Hanger is bet first and held at 6; then the Gleich goes to Spiel aus and is held; then team 0
# bets the Hanger once more and team 1 calls it good (team 0 takes it at 6).
HANGER_AT_6 = RAISES.format(f="hanger") + "0 hold hanger; "
GLEICH_AUS = RAISES.format(f="gleich") + "0 raise gleich; 1 raise gleich; 0 hold gleich; "
HANGER_GOOD = "0 bet hanger; 1 good hanger; "


def aus_story(variant: str):
    hands, scores = AUS_TABLES[variant]
    return make(list(hands), dealer=len(hands) - 1, scores=scores, variant=variant,
                actions=HANGER_AT_6 + GLEICH_AUS + HANGER_GOOD)


@pytest.mark.parametrize("variant", sorted(AUS_TABLES))
def test_ruling_22_a_gleich_held_at_spiel_aus_comes_before_the_spiel_and_the_hanger(variant):
    deal = aus_story(variant)
    assert deal.figs["gleich"].value == "aus" and deal.figs["hanger"].winner == 0
    play(deal, "1 good spiel")     # team 0 now has the Spiel (1) and the Hanger (6): its target
    assert deal.phase.value == "show", "the game ended while the Gleich held at Spiel aus was open"
    assert deal.game_winner is None
    assert deal.deal_points == [0, 0] and deal.scores == AUS_TABLES[variant][1]   # nothing counted yet
    play(deal, "0 done")           # team 0 shows no Gleich: behind at the end of its turn, it is out
    assert deal.figs["gleich"].winner == 1
    assert deal.phase.value == "game_over" and deal.game_winner == 1
    assert deal.deal_points[0] == 0, "nothing else of the deal counts once the Spiel aus is decided"


@pytest.mark.parametrize("variant", ["innsbruck", "giltspiel", "innsbruck-2", "innsbruck-6"])
def test_ruling_22_the_spiel_aus_winner_wins_whatever_the_other_figures_give(variant):
    deal = play(aus_story(variant), "1 good spiel")
    hands, _scores = AUS_TABLES[variant]
    play(deal, "0 show E9,S9; 0 done")      # two Nines: team 0 leads the Gleich
    assert deal.phase.value == "show" and deal.game_winner is None
    play(deal, "1 show E10,H10; 1 done")    # two Tens: team 1 leads
    play(deal, "0 done")                    # team 0 has nothing better: out
    assert deal.phase.value == "game_over" and deal.game_winner == 1


def test_ruling_22_spiel_aus_first_also_under_imst_spiel_first_and_2_3_4():
    # Imst: values 2, 3, 4, then Spiel aus; unbet figures Spiel first. Team 0 on 10 of 15 reaches
    # the target with the Spiel (1) and a Hanger at 4 while the Gleich held at Spiel aus is open.
    hands, _scores = AUS_TABLES["eichel"]
    actions = ("1 bet hanger; 0 raise hanger; 1 raise hanger; 0 hold hanger; "     # Hanger at 4
               "1 bet gleich; 0 raise gleich; 1 raise gleich; 0 raise gleich; 1 hold gleich; "  # Gleich aus
               "0 bet hanger; 1 good hanger; 1 good spiel")
    deal = make(list(hands), scores=[10, 7], variant="imst", actions=actions)
    assert deal.figs["gleich"].value == "aus" and deal.phase.value == "show" and deal.game_winner is None
    play(deal, "0 show E9,S9; 0 done; 1 done")     # team 1 shows nothing: out, team 0 takes the Gleich
    assert deal.phase.value == "game_over" and deal.game_winner == 0


def test_ruling_22_spiel_aus_on_the_spiel_comes_first_too():
    # the Spiel held at Spiel aus while the Gleich is called good: the Gleich is not added (it
    # would not reach the target anyway), the Spiel's winner wins the game as soon as it is decided
    hands, _scores = AUS_TABLES["innsbruck"]
    actions = RAISES.format(f="spiel") + "0 raise spiel; 1 raise spiel; 0 hold spiel; 0 bet gleich; 1 good gleich"
    deal = make(list(hands), scores=[11, 10], actions=actions)
    assert deal.figs["spiel"].value == "aus" and deal.phase.value == "play"
    play(deal, "0 good spiel")
    assert deal.phase.value == "game_over" and deal.game_winner == 1
    assert deal.deal_points[0] == 0 and deal.scores == [11, 18]


# ---------------------------------------------------------------- a bettor who cannot show
# Leaves are trumps. Nobody of team 0 (seats 0, 2, ...) can make a Hanger, Perlaggen included;
# seat 0 has three Nines, seat 1 three Tens, and team 1 has a Hanger (S8 with the Schell-Spitz as
# S9, natural in Giltspiel).
UNSHOWN = {
    "innsbruck": ["HA H9 E9 S9 L10", "LA H10 E10 S10 HO", "EK SO H8 E8 SA", "S7 LK EA S8 HU"],
    "giltspiel": ["HA H9 E9 S9 L10", "LA H10 E10 S10 HO", "EK SO H8 E8 SA", "S7 LK EA S8 HU"],
    "deutschnofen": ["HA H9 E9 S9 L10", "LA H10 E10 S10 HO", "EK SO H8 E8 SA", "S7 LK EA S8 HU"],
    "eichel": ["HA H9 E9 S9 L10", "LA H10 E10 S10 HO", "EK SO H8 E8 SA", "S7 LK EA S8 HU"],
    "imst": ["HA H9 E9 S9 L10", "LA H10 E10 S10 HO", "EK SO H8 E8 SA", "S7 LK EA S8 HU"],
    "innsbruck-2": ["HA H9 E9 S9 L10 EK SO", "LA H10 E10 S10 HO S7 S8"],
    "innsbruck-6": ["H9 E9 S9 HA", "H10 E10 S10 LA", "EK SO H8 E8", "S7 S8 LK EA", "HU L9 SA EO", "HK S6 E7 LU"],
}
GLEICH_SHOW = "0 show H9,E9,S9; 0 done; 1 show H10,E10,S10; 1 done; 0 done"   # team 1's Tens win it


def unshown(variant: str, actions: str):
    hands = UNSHOWN[variant]
    return make(hands, dealer=len(hands) - 1, variant=variant, actions=actions)


def outcome(deal) -> tuple:
    assert deal.phase.value in ("scored", "game_over")
    return ({name: (f.status.value, f.winner, f.value) for name, f in deal.figs.items()},
            [p.to_dict() for p in deal.penalties], deal.deal_points, deal.scores)


@pytest.mark.parametrize("variant", sorted(UNSHOWN))
def test_ruling_16_a_bet_made_and_called_good_in_the_show_goes_to_the_side_that_can_show(variant):
    # seat 0 bets the Hanger in the show, team 1 calls it good: seat 0 cannot show one, so team 1
    # (seat 3's or seat 1's S8 and Schell-Spitz) takes it, exactly as when it happens during play
    in_show = unshown(variant, "1 good spiel; 0 bet hanger; 0 show H9,E9,S9; 1 good hanger; "
                               "0 done; 1 show H10,E10,S10; 1 done; 0 done")
    in_play = unshown(variant, "0 bet hanger; 1 good hanger; 1 good spiel; " + GLEICH_SHOW)
    assert in_show.figs["hanger"].winner == 1 and in_show.figs["hanger"].status.value == "won"
    assert [(p.team, p.seat, p.figure, p.points) for p in in_show.penalties] == [(0, 0, "hanger", -2)]
    assert outcome(in_show) == outcome(in_play)
    spiel = 1 if in_show.rules.failed_show == "figure" else 0   # Giltspiel: only the figure is lost
    assert in_show.deal_points == [spiel, 2]


@pytest.mark.parametrize("variant", ["innsbruck", "giltspiel", "innsbruck-2", "innsbruck-6"])
def test_ruling_16_a_held_bet_conceded_at_the_end_of_a_turn_in_the_show(variant):
    # seat 0 bets the Hanger in play and team 1 holds (the player with the run); team 1 wins the
    # Spiel, shows first and ends its turn without a Hanger: the Hanger is team 0's to prove, and
    # seat 0 cannot
    h = 1 if len(UNSHOWN[variant]) == 2 else 3
    in_show = unshown(variant, f"0 bet hanger; {h} hold hanger; 0 good spiel; 1 show H10,E10,S10; 1 done; 0 done")
    in_play = unshown(variant, f"0 bet hanger; {h} hold hanger; 1 good hanger; 0 good spiel; 1 show H10,E10,S10; "
                               "1 done; 0 done")
    assert in_show.figs["hanger"].winner == 1 and in_show.figs["hanger"].value == 2
    assert [(p.team, p.seat) for p in in_show.penalties] == [(0, 0)]
    assert outcome(in_show) == outcome(in_play)


def test_ruling_16_a_blind_bet_not_shown_goes_to_the_other_side_without_a_penalty():
    in_show = unshown("innsbruck", "0 bet hanger blind; 3 hold hanger; 0 good spiel; 1 show H10,E10,S10; 1 done; "
                                   "0 done")
    in_play = unshown("innsbruck", "0 bet hanger blind; 3 good hanger; 0 good spiel; 1 show H10,E10,S10; 1 done; "
                                   "0 done")
    assert in_show.figs["hanger"].winner == 1 and in_show.penalties == ()
    assert in_play.figs["hanger"].winner == 1 and in_play.penalties == ()


def test_ruling_16_imst_a_gestrichen_bettor_who_cannot_show_pays_once():
    # Imst lets a gestrichen team bet at the risk of 2 points (ruling 14); team 0 on 14 of 15 bets
    # the Hanger in the show without one: it pays the penalty for the missing example, not twice
    deal = make(UNSHOWN["imst"], variant="imst", scores=[14, 0], actions=(
        "0 good spiel; 1 show H10,E10,S10; 3 show S8,S7; 1 done; 0 bet hanger; 0 good gleich; 1 good hanger"))
    assert deal.phase.value == "scored" and deal.figs["hanger"].winner == 1
    assert [(p.team, p.kind, p.points) for p in deal.penalties] == [(0, "no_example", -2)]
    assert deal.scores == [12, 3]


@pytest.mark.parametrize("variant", ["innsbruck-3", "eichel-3", "straf"])
def test_ruling_16_everyone_alone_a_player_who_said_good_takes_nothing(variant):
    # three players (rulings 26-27): seat 0 bets the Hanger and cannot show one; seats 1 and 2
    # said good, so neither may win it (seat 2 has E9-E8): nobody scores it, seat 0 pays; the
    # same whether the bet came in the show or in play
    from test_rule_sets import THREE
    gleich = "0 show LK,SK; 0 done; 1 show HO,SO; 1 done; 2 show EA,SA; 2 done; 0 done"
    in_show = make(THREE, trump="L9", dealer=2, variant=variant, actions=(
        "0 bet spiel; 1 good spiel; 2 good spiel; 0 bet hanger; 0 show LK,SK; 1 good hanger; 2 good hanger; "
        "0 done; 1 show HO,SO; 1 done; 2 show EA,SA; 2 done; 0 done"))
    in_play = make(THREE, trump="L9", dealer=2, variant=variant, actions=(
        "0 bet hanger; 1 good hanger; 2 good hanger; 0 bet spiel; 1 good spiel; 2 good spiel; " + gleich))
    assert in_show.figs["hanger"].status.value == "nobody" and in_show.figs["gleich"].winner == 2
    penalty = 2 if in_show.rules.count_down else -2
    assert [(p.seat, p.figure, p.points, p.kind) for p in in_show.penalties] == [(0, "hanger", penalty, "no_example")]
    assert outcome(in_show) == outcome(in_play)


def test_ruling_22_points_already_won_stop_counting_once_a_figure_is_held_at_spiel_aus():
    # team 0 wins a Hanger at 1 in the play, then the Gleich is raised to Spiel aus and held: the
    # points and scores the table reads (and the bars of ruling 14 use) drop the Hanger's point
    hands, _scores = AUS_TABLES["innsbruck"]
    deal = make(list(hands), dealer=3, scores=[0, 0], variant="innsbruck",
                actions="0 bet hanger; 1 good hanger; ")
    assert deal.deal_points == [1, 0] and deal.scores_now == [1, 0]
    play(deal, RAISES.format(f="gleich") + "0 raise gleich; 1 raise gleich; 0 hold gleich")
    assert deal.figs["gleich"].value == "aus"
    assert deal.deal_points == [0, 0] and deal.scores_now == [0, 0]
