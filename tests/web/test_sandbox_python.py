"""The sandbox's controller and HTML under CPython: whole games, saving, undo, signs, the log."""
from __future__ import annotations

import json

import pytest

import sandbox_view as sv
from perlaggen_core import Card, Game, get_rules
from perlaggen_core.cards import full_pack
from perlaggen_core.players import make_player
from sandbox import HUMAN, PARTNER, Sandbox, Settings, deal_seed, why_of

NAMES = {c: Card.from_code(c).name("en") for c in full_pack()}


def human_move(game: Sandbox, helper) -> dict | None:
    """What a new user does when asked: picks up, keeps the cards, then plays like the rule player."""
    if game.opening:
        game.pick_up()
        return None
    if game.exchange_open():
        game.keep_cards()
        return None
    data = helper.decide(game.deal, HUMAN, game.signals).action.to_dict()
    events, refusal = game.act(data)
    assert refusal is None, refusal
    return data


def run_until_human(game: Sandbox) -> None:
    for _i in range(500):
        if game.bot_step() is None:
            return
    raise AssertionError("the computer players never stopped")


def play_game(settings: Settings, check=None) -> Sandbox:
    game = Sandbox(settings)
    helper = make_player("rule", signals=True)
    for _i in range(3000):
        run_until_human(game)
        if game.over:
            return game
        if game.deal.phase == "scored":
            game.next_deal()
            continue
        assert game.human_to_act()
        human_move(game, helper)
        if check:
            check(game)
    raise AssertionError("the game did not end")


def test_deal_seeds_follow_the_engines_game():
    game = Game(get_rules("innsbruck"), seed=42, target=11, dealer=3)
    assert game.current.seed == deal_seed(42, 1)
    assert Sandbox(Settings(seed=42, target=11)).deal.to_record() == game.current.to_record()


@pytest.mark.parametrize("variant", ["innsbruck", "eichel"])
def test_a_whole_game_to_a_low_target_with_saving_after_every_move(variant):
    def round_trip(game: Sandbox) -> None:
        back = Sandbox.from_dict(json.loads(json.dumps(game.to_dict())))
        assert back.deal.to_record() == game.deal.to_record()
        assert back.signals == game.signals and back.log == game.log and back.history == game.history
        assert back.opening == game.opening and back.human_to_act() == game.human_to_act()

    game = play_game(Settings(variant=variant, target=11, strength="rule", seed=3), round_trip)
    assert max(game.deal.scores) >= 11
    rows = game.sheet_rows()
    assert [r["number"] for r in rows] == list(range(1, game.number + 1))
    for before, after in zip(rows, rows[1:]):
        assert after["start"] == before["scores"]
    sheet = sv.score_sheet_html(game)
    assert sheet.count("<tr data-deal=") == game.number
    assert "win the game" in sv.summary_html(game)


def test_blind_bets_only_while_the_cards_lie_face_down():
    game = Sandbox(Settings(seed=5))
    assert game.opening and game.human_to_act()
    acts = game.human_actions()
    assert acts and all(a["act"] == "bet" and a.get("blind") for a in acts)
    assert not game.has_bot_step()                     # the computer waits for the human
    events, refusal = game.act({"act": "play", "card": game.deal.hands[HUMAN][0]})
    assert refusal and not events
    events, refusal = game.act({"act": "bet", "figure": "gleich", "blind": True})
    assert refusal is None and events[0]["blind"]
    game.pick_up()
    assert not any(a.get("blind") for a in game.human_actions())
    assert "You bet the Gleich blind, to 2." in [e["text"] for e in game.log]


def test_bot_moves_come_one_at_a_time_with_reasons_and_signs_are_public():
    game = Sandbox(Settings(seed=8))
    game.pick_up()
    steps = []
    while (step := game.bot_step()) is not None:
        steps.append(step)
    kinds = {s.kind for s in steps}
    assert "signal" in kinds
    signalled = {s for s, _sig, _a in game.signals}
    assert PARTNER in signalled and {1, 3} & signalled   # the opponents' signs are shown too
    acts = [e for e in game.log if e["kind"] == "act" and e["seat"] not in (None, HUMAN)]
    assert all(e["why"] for e in acts)
    panel = sv.signs_panel(game)
    assert panel.count("<li data-seat=") == len(game.signals)
    assert 'data-signal="martl"' in panel


def waiting_answer(seed: int) -> Sandbox | None:
    """The first deal of a game, played until the human must answer the opponents' bet."""
    game = Sandbox(Settings(seed=seed))
    helper = make_player("rule", signals=True)
    for _i in range(200):
        run_until_human(game)
        if game.deal.phase not in ("play", "show"):
            return None
        if game.answering() and HUMAN in game.deal.to_act:
            return game
        human_move(game, helper)
    return None


def test_answer_prompt_and_log_lines():
    game = next(g for g in map(waiting_answer, range(1, 60)) if g is not None)
    assert game.log[-1]["kind"] == "prompt"
    assert game.log[-1]["text"] in ("You may hold, raise or call it good.", "You may hold or call it good.")
    bet = next(e for e in reversed(game.log) if e["kind"] == "act")
    assert " bets the " in bet["text"] or " raises the " in bet["text"]
    assert why_of("bets the Gleich: holds two Aces") == "holds two Aces"


def test_undo_replays_without_the_humans_last_move_and_says_so():
    game = Sandbox(Settings(seed=4))
    game.pick_up()
    run_until_human(game)
    assert game.human_to_act() and not game.can_undo()
    before = game.deal.to_record()
    human_move(game, make_player("rule", signals=True))
    run_until_human(game)
    assert game.can_undo()
    assert game.undo()
    assert game.deal.to_record() == before
    assert game.log[-1]["kind"] == "undo" and game.log[-1]["text"].startswith("Undo used")
    assert game.undone and game.undos == 1
    assert not game.has_bot_step()                    # the human decides again


def test_hint_names_a_legal_move_and_the_strong_players_reason():
    game = Sandbox(Settings(seed=2))
    _data, text = game.hint()
    assert "blind" in text
    game.pick_up()
    run_until_human(game)
    data, text = game.hint()
    if data is None:
        assert text
    else:
        legal = [a.to_dict() for a in game.deal.legal_actions(HUMAN)]
        assert data in legal and text.startswith("The strong player would ")


def test_the_human_signs_and_asks_the_partner():
    game = Sandbox(Settings(seed=6))
    game.pick_up()
    game.human_signal("nothing")
    assert (HUMAN, "nothing", -1) in game.signals
    made = game.ask_partner()
    assert made and [s for s, _sig, _a in game.signals if s == PARTNER]
    assert any(e["text"] == "You ask North for signs." for e in game.log)
    with pytest.raises(ValueError):
        game.human_signal("no-such-sign")


def test_replay_deal_and_next_deal():
    game = play_game(Settings(target=11, seed=3))
    first = game.history[0]
    assert first["dealer"] == 3 and game.history[1]["dealer"] == 0 if len(game.history) > 1 else True
    hands = game.deal.to_record()["hands"]
    game.replay_deal()
    assert game.deal.to_record()["hands"] == hands and not game.deal.actions and game.opening
    with pytest.raises(ValueError):
        game.next_deal()


def test_settings_are_checked_in_words():
    for bad, words in (({"target": 30}, "between 11 and 24"), ({"variant": "x"}, "Unknown rule set"),
                       ({"seed": "abc"}, "whole numbers"), ({"speed": "warp"}, "Unknown deal speed")):
        with pytest.raises(ValueError, match=words):
            Settings.from_dict(bad)
    assert Settings.from_dict({"target": "12", "seed": "7", "junk": 1}).target == 12


def test_restoring_refuses_what_does_not_fit():
    game = Sandbox(Settings(seed=9))
    data = game.to_dict()
    with pytest.raises(ValueError):
        Sandbox.from_dict({**data, "version": 99})
    broken = json.loads(json.dumps(data))
    broken["record"]["actions"] = [{"seat": 1, "act": "play", "card": "XX"}]
    with pytest.raises(ValueError):
        Sandbox.from_dict(broken)


def test_page_html_pieces():
    game = Sandbox(Settings(seed=5))
    view = sv.table_view(game, NAMES)
    assert view["seat_names"] == ["You", "West", "North", "East"]
    assert 'class="hand-cards face-down"' in sv.hand_html(game, view, NAMES)
    assert 'data-cmd="pickup"' in sv.controls_html(game, [], NAMES)
    game.pick_up()
    run_until_human(game)
    html = sv.controls_html(game, [a for a in game.human_actions() if a["act"] != "play"], NAMES)
    assert 'data-cmd="hint"' in html and 'data-cmd="undo"' in html
    for effects in ("eyes-up", "wink-l", "hand thumb"):
        assert f'fx-{effects.split()[-1]}' in sv.face_svg(effects, "a sign")
    assert sv.log_item({"kind": "act", "seat": 1, "text": "West plays X.", "why": "because"}).count("Why: because") == 1


@pytest.mark.parametrize("variant", ["innsbruck", "eichel"])
def test_every_state_of_a_computer_game_renders(variant):
    """The benchmark's self-playing game: every step renders (exchanges, shows, endgames)."""
    import tableview as tv
    game = Sandbox(Settings(variant=variant, seed=11, target=24))
    game.set_autoplay(True)
    for _i in range(5000):
        view = sv.table_view(game, NAMES)
        tv.table_html(view, NAMES)
        sv.controls_html(game, [], NAMES)
        sv.summary_html(game)
        sv.score_sheet_html(game)
        if game.bot_step() is None:
            break
    assert game.over and game.number > 1 and game.timings["rule"]
    assert any("gives" in e["text"] for e in game.log) or variant == "innsbruck"


def test_both_gestrichen_the_human_declares_or_passes_by_buttons():
    for seed in range(1, 200):
        game = Sandbox(Settings(seed=seed, target=11))
        game.start_scores = [10, 10]
        game.start_deal()
        game.pick_up()
        run_until_human(game)
        if game.deal.phase == "declare" and HUMAN in game.deal.to_act:
            break
    else:
        pytest.fail("no deal where the human may declare")
    actions = [a for a in game.human_actions() if a["act"] != "play"]
    assert {a["act"] for a in actions} >= {"declare", "done"}
    html = sv.controls_html(game, actions, NAMES)
    assert "Declare the " in html and "Pass: declare nothing" in html
    assert game.act(next(a for a in actions if a["act"] == "declare"))[1] is None
    assert any(e["text"].startswith("You declare the ") for e in game.log)
