"""The sandbox's exchange with the engine's `keep` move: the "Keep my cards" button is the engine's
move, keeping closes the exchange, and the log tells the human's keep and nobody else's."""
from __future__ import annotations

from common import tableview as tv
from common.i18n import _
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


def test_imsts_opponent_at_the_bottom_is_offered_the_exchange_once_the_dealers_team_is_done():
    """Imst: the human, the dealer's left-hand opponent, may fetch a laid-out acorn Perlagg only
    after the computer dealer has made both its exchanges (seed 004's order); before, the page does
    not wait for the human's exchange."""
    hands = [["L10", "L9", "E9", "S9", "H9"], ["LA", "L7", "SA", "S10", "HO"], ["LK", "EK", "LO", "SK", "S8"],
             ["EO", "L8", "E8", "S7", "LU"]]
    record = {"variant": "imst", "dealer": 3, "hands": hands, "trump_card": "HU", "exposed": ["EU"], "actions": []}
    game = Sandbox.from_position(record, 0)
    assert not game.exchange_open()
    while not game.exchange_open() and game.bot_step() is not None:
        pass
    assert [(e.seat, e.took) for e in game.deal.exchanges] == [(3, "EU"), (3, "HU")]
    assert game.exchange_open() and not game.deal.tricks
    assert [a for a in game.human_actions() if a["act"] == "exchange"] == [
        {"seat": HUMAN, "act": "exchange", "card": "E9", "take": "EO"}]
    # what the table says is true of an upgrade: the acorn Perlagg given lies beside the laid-out
    # cards (no trump card lies face up any more), and the human fetches one of those
    names = card_names()
    view = sv.table_view(game, names)
    centre = tv.centre_html(view, names)
    east = tv.seat_name(3, view)
    assert _("{seat} exchanged {card} for {take}", seat=east, card=names["EO"], take=names["HU"]) in centre
    assert _("Laid out face up: {cards}", cards=f'{names["E8"]}, {names["EO"]}') in centre
    assert _("none face up any more") in centre                  # the upgrade took the trump card
    assert sv.status_text(game, view) == _("You may exchange a card for one laid out face up, or keep your cards.")


def test_an_exchange_for_the_trump_card_is_said_as_one():
    game = at_exchange()
    view = sv.table_view(game, card_names())
    assert sv.status_text(game, view) == _("You may exchange a card for the trump card, or keep your cards.")
