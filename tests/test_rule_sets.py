"""Rulings 26-32: three players, Strafperlaggen, Giltspiel, Schlanders, Deutschnofen, Luck und Boden,
and the source of every rule set (docs/rules.md links here)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from perlaggen_core import PRESETS, Action, Deal, RecordError, get_rules, msg
from perlaggen_core.__main__ import replay
from perlaggen_core.players.sampler import Sampler

from helpers import make, need_rule_sources, play, refusal, rule_sources

# the sources live beside the checkout (shared/seeds): found from a clone or a worktree (helpers.rule_sources)
SEEDS = rule_sources()
# three players, leaves trumps (L9 turned), no Perlagg dealt; seat 2 deals, so seat 0 leads
THREE = ["LK SK H8 E10 SU S9 HA", "HO SO H10 L8 EK LA H7", "EA SA E9 S10 E8 L10 S8"]


def three(variant: str = "innsbruck-3", actions: str = "", scores=None) -> Deal:
    return make(THREE, trump="L9", dealer=2, variant=variant, actions=actions, scores=scores)


def finish(deal: Deal) -> Deal:
    """Play the first legal card until the show, then every seat shows all it holds and ends its turn."""
    while deal.phase.value == "play":
        seat = deal.to_act[0]
        deal.apply(next(a for a in deal.legal_actions(seat, optional=False) if a.act == "play"))
    while deal.phase.value == "show":
        seat = deal.to_act[0]
        held = tuple(c for c in deal.hands[seat] if c not in {x for x, _ in deal.shown[seat]})
        if held:
            play(deal, f"{seat} show {','.join(held)}")
        play(deal, f"{seat} done")
    return deal


# ---------------------------------------------------------------- 26: three players, each alone
def test_ruling_26_bets_are_answered_in_turn_clockwise_from_the_bettor():
    deal = three(actions="0 bet gleich")
    assert deal.to_act == [1]
    assert refusal(deal, "2 hold gleich") == msg("answer.in_turn", seat=1)
    play(deal, "1 good gleich")
    assert deal.to_act == [2]                                   # B is out; C answers
    assert refusal(deal, "1 bet gleich") == msg("bet.conceded", figure="gleich")
    play(deal, "2 good gleich")
    gleich = deal.figs["gleich"]
    assert gleich.status.value == "won" and gleich.winner == 0 and gleich.value == 1


def test_ruling_26_a_hold_gives_the_next_player_a_free_ride():
    deal = three(actions="0 bet gleich; 1 hold gleich")
    assert deal.figs["gleich"].pending is None and deal.figs["gleich"].value == 2
    assert {o.seat for o in deal.obligations} == {0, 1}          # C rides free: no duty to show
    play(deal, "2 bet gleich")                                   # C may raise to 3 later
    assert deal.figs["gleich"].pending.waiting == (0, 1)
    play(deal, "0 hold gleich")
    assert deal.figs["gleich"].value == 3 and deal.figs["gleich"].pending is None   # B is assumed to hold


def test_ruling_26_values_go_no_higher_than_three_and_no_blind_bets():
    deal = three(actions="0 bet gleich; 1 hold gleich; 2 bet gleich; 0 hold gleich")
    assert refusal(deal, "1 bet gleich") == msg("bet.at_most", figure="gleich", value=3)
    deal = three(actions="0 bet hanger; 1 raise hanger")
    assert refusal(deal, "2 raise hanger") == msg("raise.at_most", figure="hanger", value=3)
    assert refusal(three(), "0 bet gleich blind").code == "blind.not_in_rules"


def test_ruling_26_nobody_concedes_an_unbet_spiel():
    assert refusal(three(), "0 good spiel").code == "good.spiel_unbet"
    deal = three(actions="0 bet spiel; 1 good spiel")
    play(deal, "2 good spiel")
    assert deal.figs["spiel"].winner == 0 and deal.phase.value == "show" and deal.show_team == 0


def test_ruling_26_the_show_goes_round_from_the_spiel_winner_and_everyone_alone_scores():
    deal = three(actions="1 bet spiel; 2 good spiel; 0 good spiel")
    assert deal.phase.value == "show" and deal.to_act == [1]
    finish(deal)
    assert len(deal.scores) == 3 and deal.figs["gleich"].winner == 2      # C's two Aces
    assert len(deal.deal_points) == 3


def test_ruling_26_the_suggested_rule_bars_a_spiel_nobody_can_take():
    # seat 0 takes no trick in the first four; it cannot reach four of seven
    deal = three(actions="0 play SU; 1 play SO; 2 play S10")
    for _ in range(3):
        seat = deal.to_act[0]
        card = next(a for a in deal.legal_actions(seat, optional=False) if a.act == "play")
        deal.apply(card)
    if deal.tricks_won[0] + (7 - len(deal.tricks)) < 4:
        assert refusal(deal, "0 bet spiel") == msg("bet.spiel_out_of_reach")
    off = make(THREE, trump="L9", dealer=2, variant="innsbruck-3")
    assert off.rules.suggested_spiel_rule
    assert not get_rules("innsbruck-3").with_options(suggested_spiel_rule=False).suggested_spiel_rule


def test_ruling_26_no_declaration_endgame_with_everyone_alone():
    deal = three(scores=[17, 17, 17])
    assert deal.phase.value == "play"
    assert refusal(deal, "0 bet gleich").code == "bet.gestrichen"   # the bar applies to each player


# ---------------------------------------------------------------- 27: Strafperlaggen
def test_ruling_27_counting_down_from_nine_and_the_player_on_one():
    rules = get_rules("straf")
    assert rules.start_score == 9 and rules.count_down and rules.players == 3
    assert len(rules.perlaggen_for("H")) == 9 and len(rules.perlaggen_for("S")) == 8
    deal = three("straf", scores=[1, 9, 9])
    assert refusal(deal, "0 bet gleich").code == "bet.on_one"
    play(deal, "1 bet gleich")
    assert deal.to_act == [2]
    play(deal, "2 hold gleich")        # the next to answer holds; seat 0 (on 1) rides free
    deal = three("straf", scores=[9, 1, 9], actions="0 bet gleich")
    play(deal, "1 hold gleich")        # a player on 1 may hold
    assert refusal(deal, "1 bet spiel").code == "bet.on_one"


def test_ruling_27_a_held_spiel_nobody_wins_costs_everyone_who_bet_or_held():
    deal = finish(three("straf", actions="0 bet spiel; 1 hold spiel"))
    assert deal.figs["spiel"].status.value == "nobody"              # tricks 3-1-3: das Spiel ist hin
    spiel = {p.seat: p.points for p in deal.penalties if p.figure == "spiel"}
    assert spiel == {0: 2, 1: 2}


def test_ruling_27_unbet_figures_are_scored_spiel_first_and_blind_bets_come_before_the_cut():
    assert get_rules("straf").scoring_order == "spiel_first"
    deal = three("straf", actions="0 bet gleich blind")
    assert deal.figs["gleich"].pending is not None


def test_ruling_27_only_the_dealer_exchanges_and_the_play_on_gives_the_leader_the_right():
    rules = get_rules("straf")
    assert not rules.upgrade and rules.acorn_exchange and not rules.exchange_partner
    # the play-on for second place: two players, the leader also has the dealer's right
    record = {"variant": "straf", "players": 2, "dealer": 1, "leader_exchanges": True, "scores": [5, 7],
              "hands": [["L8", "H10", "S9", "E8", "LA", "HA", "SA"], ["H8", "S10", "E9", "H9", "HO", "EA", "SK"]],
              "trump_card": "LU", "actions": [{"seat": 0, "act": "exchange", "card": "L8"}]}
    deal = Deal.from_record(record)
    assert deal.rules.name == "straf-2" and "LU" in deal.hands[0]
    assert Deal.from_record({**record, "leader_exchanges": False, "actions": []}).refusal(
        Action.from_text("0 exchange L8")).code == "exchange.no_right"


# ---------------------------------------------------------------- 28: Giltspiel
def test_ruling_28_giltspiel_has_no_perlaggen():
    rules = get_rules("giltspiel")
    assert len(rules.pack) == 32 and rules.perlaggen_for("H") == () and rules.target == 15
    deal = Deal.new(rules, 3)
    assert all("S6" not in h for h in deal.hands) and not any(a.baptism for a in deal.legal_actions(deal.to_act[0]))


def test_ruling_28_a_figure_not_shown_costs_only_that_figure():
    assert get_rules("giltspiel").failed_show == "figure" and get_rules("innsbruck").failed_show == "deal"


# ---------------------------------------------------------------- 29, 30: regional Perlagg sets
def test_ruling_29_schlanders():
    rules = get_rules("schlanders")
    assert len(rules.pack) == 32 and rules.target == 24
    assert rules.perlaggen_for("L") == ("HK", "E8", "L7", "LO", "LU", "E7", "EO", "EU")
    assert set(rules.permanent) == {"HK", "E8", "E7", "EO", "EU"} and "E" in rules.no_trump_suits


def test_ruling_30_deutschnofen():
    rules = get_rules("deutschnofen")
    assert len(rules.pack) == 33 and rules.target == 18 and not rules.no_trump_suits
    assert rules.perlaggen_for("L") == ("S6", "HK", "SK", "H7", "S7", "L7", "E7", "LK", "LO", "LU")
    assert rules.perlaggen_for("H") == ("S6", "HK", "SK", "H7", "S7", "L7", "E7", "HO", "HU")   # smaller


# ---------------------------------------------------------------- 31: Luck und Boden
def test_ruling_31_the_stocks_top_and_bottom_are_public():
    record = {"variant": "innsbruck", "seed": 9, "dealer": 3, "options": {"luck_und_boden": True}}
    out = io.StringIO()
    assert replay("-", out=out, stdin=io.StringIO(json.dumps(record))) == 0
    shown = json.loads(out.getvalue())["shown_stock"]
    deal = Deal.from_record(record)
    assert len(shown) == 2 and shown == deal.view(0)["shown_stock"]
    assert not set(shown) & {c for h in deal.hands for c in h}
    assert not set(shown) & set(Sampler(deal, 0).pool)        # the computer players know them too
    again = Deal.from_record(deal.to_record())
    assert again.start.shown_stock == tuple(shown) and deal.to_record()["options"] == {"luck_und_boden": True}
    with pytest.raises(RecordError) as info:
        Deal.from_record({k: v for k, v in deal.to_record().items() if k != "shown_stock"})
    assert info.value.field == "shown_stock"


def test_ruling_31_options_are_checked_by_name_and_kind():
    base = {"variant": "innsbruck", "seed": 1}
    for options, field in (({"colour": True}, "options.colour"), ({"luck_und_boden": 1}, "options.luck_und_boden"),
                           ({"max_value": 9}, "options.max_value")):
        with pytest.raises(RecordError) as info:
            Deal.from_record({**base, "options": options})
        assert info.value.field == field


# ---------------------------------------------------------------- 32: sources
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_ruling_32_every_rule_set_names_its_source(name):
    file, section = PRESETS[name].source
    text = (need_rule_sources(SEEDS) / file).read_text(encoding="utf-8")
    assert section.split(" (")[0] in text


def test_the_sources_are_found_from_a_worktree_and_missing_ones_fail_in_ci(tmp_path):
    """A worktree outside the main checkout's folder finds shared/ beside the main checkout; a clone
    without it skips, except in CI, where it fails (CI has shared/ beside the clone)."""
    main, shared = tmp_path / "work" / "main", tmp_path / "work" / "shared" / "seeds"
    (main / ".git" / "worktrees" / "x").mkdir(parents=True)
    (main / ".git" / "worktrees" / "x" / "commondir").write_text("../..\n")
    shared.mkdir(parents=True)
    tree = tmp_path / "elsewhere" / "x"
    (tree / "tests").mkdir(parents=True)
    (tree / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'x'}\n")
    assert rule_sources(tree / "tests" / "t.py") == shared
    with pytest.raises(pytest.fail.Exception, match="CI"):
        need_rule_sources(None, {"CI": "true"})
    with pytest.raises(pytest.skip.Exception):
        need_rule_sources(None, {})
    assert need_rule_sources(shared, {"CI": "1"}) == shared


def test_ruling_27_the_first_to_reach_0_has_won_and_takes_no_more_penalty():
    """Games of rule-following players to their end: the winner reached 0, so a figure the winner
    bet and did not win adds nothing (seeds 0-29 hold two such games; before, they ended on 1 and 2)."""
    from perlaggen_core import Game
    from perlaggen_core.players import Table, make_player, next_decision

    rules, players = get_rules("straf"), [make_player("rule")] * 3
    for seed in range(30):
        game = Game(rules, seed=seed)
        while True:
            deal, table = game.current, Table(players)
            while not deal.phase.over:
                deal.apply(next_decision(deal, players, table)[1].action)
            if deal.game_winner is not None:
                break
            game.new_deal()
        winner = deal.game_winner
        assert deal.scores[winner] <= 0 and not [p for p in deal.penalties if p.team == winner], seed
