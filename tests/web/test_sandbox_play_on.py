"""The sandbox's play-on for second place after a Strafperlaggen game (ruling 27): offered when
the human lost, the engine's play-on at a two-player table, its own score sheet, saved and resumed."""
from __future__ import annotations

import json

import pytest

from sandbox import view as sv
from perlaggen_core import get_rules
from perlaggen_core.players import make_player
from sandbox.controller import HUMAN, Sandbox, Settings
from test_sandbox_python import cut_and_pick_up, human_move, play_game, run_until_human
from common.pagewords import card_names

NAMES = card_names()


def lost_game(seed: int = 1) -> Sandbox:
    """A straf game a computer player won (seed 1: East, the human not first)."""
    game = play_game(Settings(variant="straf", seed=seed))
    assert game.over and game.deal.game_winner != HUMAN
    return game


@pytest.fixture
def lost() -> Sandbox:
    return lost_game()


def test_a_lost_straf_game_offers_the_play_on_besides_a_new_game(lost):
    assert lost.can_play_on()
    controls = sv.controls_html(lost, [], NAMES)
    assert 'data-do="playon"' in controls and 'data-do="newgame"' in controls


def test_no_play_on_after_other_games_or_when_the_human_won():
    assert not play_game(Settings(variant="eichel-3", seed=1)).can_play_on()
    won = play_game(Settings(variant="straf", seed=2))
    assert won.deal.game_winner == HUMAN and not won.can_play_on()
    assert 'data-do="playon"' not in sv.controls_html(won, [], NAMES)
    with pytest.raises(ValueError):
        won.start_play_on()


def test_the_play_on_is_the_engines_at_a_two_player_table(lost):
    finished, winner = list(lost.deal.scores), lost.deal.game_winner
    engine = lost.game.play_on()
    lost.start_play_on()
    assert lost.rules == get_rules("straf-2") and lost.seats == 2 and lost.number == 1
    assert lost.deal.start == engine.game.current.start and lost.deal.start.leader_exchanges
    assert lost.play_on.seats == engine.seats and lost.play_on.seats[0] == HUMAN and winner not in engine.seats
    assert lost.deal.scores == [finished[s] for s in engine.seats]
    assert lost.seat_label(1) == lost_game().seat_label(engine.seats[1])   # the other keeps the name
    assert not lost.can_play_on() and lost.sheet_rows() == [] and lost.opening


def test_the_score_sheet_says_it_is_the_play_on_for_second_place(lost):
    lost.start_play_on()
    sheet = sv.score_sheet_html(lost)
    assert 'class="play-on-note"' in sheet and "score-sheet" in sheet
    for seat in range(2):
        assert lost.seat_label(seat) in sheet
    assert sv.game_line(lost).startswith(sv.variant_name("straf-2"))


def test_the_play_on_plays_to_its_winner_and_ends_the_game(lost):
    lost.start_play_on()
    helper = make_player("rule", signals=True)
    for _i in range(3000):
        run_until_human(lost)
        if lost.over:
            break
        if lost.view()["phase"] == "scored":
            lost.next_deal()
            assert not lost.deal.start.leader_exchanges   # the first deal only
            continue
        human_move(lost, helper)
    assert lost.over and not lost.can_play_on()
    summary = sv.summary_html(lost)
    assert 'class="game-end' in summary
    assert 'data-do="playon"' not in sv.controls_html(lost, [], NAMES)


def test_a_saved_play_on_resumes_as_the_play_on(lost):
    lost.start_play_on()
    cut_and_pick_up(lost)
    saved = json.loads(json.dumps(lost.to_dict()))
    back = Sandbox.from_dict(saved)
    assert back.play_on == lost.play_on and back.rules.name == "straf-2" and back.seats == 2
    assert back.deal.to_record() == lost.deal.to_record() and back.deal.start.leader_exchanges
    assert back.seat_label(1) == lost.seat_label(1)
    assert sv.score_sheet_html(back) == sv.score_sheet_html(lost)


def test_a_save_of_the_version_before_still_loads(lost):
    data = json.loads(json.dumps(lost.to_dict()))
    old = Sandbox.from_dict({**data, "version": 2})
    assert old.play_on is None and old.deal.to_record() == lost.deal.to_record() and old.can_play_on()
    with pytest.raises(ValueError):
        Sandbox.from_dict({**data, "version": 1})
