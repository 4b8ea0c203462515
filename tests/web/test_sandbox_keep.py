"""The sandbox's exchange with the engine's `keep` move: the "Keep my cards" button is the engine's
move, keeping closes the exchange, and the log tells the human's keep and nobody else's."""
from __future__ import annotations

from common import tableview as tv
from common.pagewords import card_names
from perlaggen_core.actions import Keep
from sandbox import view as sv
from sandbox.controller import HUMAN, Sandbox, Settings

# Leaves are trumps and the Unter of leaves is turned up: the dealer (3, the human once turned to the
# bottom) may give the King of leaves for it.
HANDS = [["HA", "EA", "SA", "HK", "S6"], ["LA", "H10", "E10", "S10", "HO"], ["L8", "EK", "EO", "SK", "H8"],
         ["S7", "LK", "E9", "S8", "HU"]]


def at_exchange() -> Sandbox:
    """A game going on from a position where the human, the dealer, may exchange."""
    record = {"variant": "innsbruck", "dealer": 3, "hands": HANDS, "trump_card": "LU", "actions": []}
    game = Sandbox.from_position(record, 3)
    game.opening = False
    assert game.exchange_open()
    return game


def test_keep_my_cards_is_the_engines_move_and_closes_the_exchange():
    game = at_exchange()
    actions = game.human_actions()
    html = sv.controls_html(game, [a for a in actions if a["act"] != "play"], card_names())
    assert 'data-move="keep"' in html and 'data-do="keep"' not in html
    assert game.act({"act": "keep"})[1] is None
    assert game.deal.actions[-1] == Keep(HUMAN)
    assert not game.exchange_open()
    assert game.log.entries[-1]["msg"]["code"] == "move.keep"
    back = Sandbox.from_dict(game.to_dict())
    assert not back.exchange_open()                         # kept in the saved game, as a move


def test_another_seats_keep_is_not_in_the_log():
    game = at_exchange()
    before = len(game.log.entries)
    game.note_move(1, Keep(1), [], "play")
    assert len(game.log.entries) == before


def test_a_game_saved_when_keeping_was_the_pages_flag_stays_kept():
    """Saved games from before the keep move carried `exchange_passed`; one saved after the human
    pressed "Keep my cards" is not asked again."""
    game = at_exchange()
    saved = {**game.to_dict(), "exchange_passed": True}
    back = Sandbox.from_dict(saved)
    assert not back.exchange_open() and back.deal.actions[-1] == Keep(HUMAN)
    assert Sandbox.from_dict({**game.to_dict(), "exchange_passed": False}).exchange_open()


def test_the_dealer_who_may_exchange_is_outlined_beside_the_leader_to_act():
    """The game waits for the leader, but the human dealer's seat is outlined as active too and
    tells a screen reader it may exchange; after keeping, only the leader is."""
    def seat(game, s):
        view = sv.table_view(game, card_names())
        return tv.seat_html(s, view, card_names(), tv.played_rows(view)), view

    game = at_exchange()
    html, view = seat(game, HUMAN)
    assert 'class="seat pos-bottom active"' in html and "may exchange" in html and "to act" not in html
    leader, _view = seat(game, view["leader"])
    assert " active" in leader and "to act" in leader and "may exchange" not in leader
    game.act({"act": "keep"})
    html, _view = seat(game, HUMAN)
    assert " active" not in html and "may exchange" not in html
