"""Strafperlaggen's play-on for second place (ruling 27): `Game.play_on` after a finished straf game."""
from __future__ import annotations

import pytest

from perlaggen_core import Game, PerlaggenError, get_rules
from perlaggen_core.exchange import chain
from perlaggen_core.players import Table, make_player, play_out
from perlaggen_core.signals import SignalLog


def play_to_the_end(game: Game) -> Game:
    """Rule players play the game deal by deal until somebody wins."""
    players = [make_player("rule") for _ in range(game.rules.players)]
    for _ in range(60):
        play_out(game.current, players, Table(players, signals=SignalLog()))
        if game.winner is not None:
            return game
        game.new_deal()
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module", params=range(4))
def finished(request) -> Game:
    return play_to_the_end(Game(get_rules("straf"), seed=request.param, dealer=request.param % 3))


def test_the_two_left_play_on_with_the_points_they_have_left(finished):
    on = finished.play_on()
    winner = finished.winner
    assert on.winner == winner and sorted(on.seats) == sorted({0, 1, 2} - {winner})
    assert on.game.rules.name == "straf-2" and on.game.rules.players == 2 and on.game.target == 0
    assert on.game.scores == [finished.scores[s] for s in on.seats]
    assert [on.original(s) for s in (0, 1)] == list(on.seats)
    assert [on.seat_of(s) for s in on.seats] == [0, 1] and on.seat_of(winner) is None


def test_the_next_dealer_deals_unless_it_was_the_winner(finished):
    on = finished.play_on()
    winner, next_dealer = finished.winner, (finished.current.dealer + 1) % 3
    dealer, leader = (on.original(s) for s in (on.game.current.dealer, on.game.current.leader_seat))
    if next_dealer != winner:
        assert dealer == next_dealer
    else:   # the winner would have dealt: the player on the winner's left plays first
        assert leader == (winner + 1) % 3 and dealer == (winner - 1) % 3


def test_the_leader_may_exchange_in_the_first_deal_only(finished):
    on = finished.play_on()
    first = on.game.current
    assert first.start.leader_exchanges and chain(first) == [first.dealer, first.leader_seat]
    play_out(first, *_two())
    if on.game.winner is None:
        second = on.game.new_deal()
        assert not second.start.leader_exchanges and chain(second) == [second.dealer]
        assert second.dealer == first.leader_seat   # the turn to deal alternates


def test_the_play_on_is_played_to_its_own_winner(finished):
    game = finished.play_on().game
    players, table = _two()
    for _ in range(60):
        play_out(game.current, players, table)
        if game.winner is not None:
            break
        game.new_deal()
    assert game.winner in (0, 1) and game.current.phase.over
    with pytest.raises(PerlaggenError) as refused:
        game.play_on()   # nobody plays on for third place
    assert refused.value.code == "play_on.not_straf"


def test_the_play_on_is_the_same_from_the_same_game(finished):
    one, two = finished.play_on(), finished.play_on()
    assert one.game.current.start == two.game.current.start and one.seats == two.seats


def test_a_game_not_over_or_not_straf_is_refused():
    running = Game(get_rules("straf"), seed=1)
    with pytest.raises(PerlaggenError) as refused:
        running.play_on()
    assert refused.value.code == "play_on.not_over"
    for name in ("innsbruck", "eichel-3"):
        with pytest.raises(PerlaggenError) as refused:
            Game(get_rules(name)).play_on()
        assert refused.value.code == "play_on.not_straf" and refused.value.params["rules"] == name


def _two():
    players = [make_player("rule") for _ in range(2)]
    return players, Table(players, signals=SignalLog())
