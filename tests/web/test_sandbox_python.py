"""The sandbox's controller and HTML under CPython: whole games, saving, undo, signs, the log."""
from __future__ import annotations

import json

import pytest

from sandbox import view as sv
from perlaggen_core import Game, get_rules
from perlaggen_core.game import deal_seed
from perlaggen_core.players import make_player
from sandbox.controller import HUMAN, VARIANTS, Sandbox, Settings

PARTNER = 2
from common.pagewords import card_names, line_text


def codes(game: Sandbox, kind: str | None = None) -> list[str]:
    """The codes of the log's engine lines (page sentences give their msgid)."""
    return [e["msg"].get("code") or e["msg"]["say"] for e in game.log.entries if kind is None or e["kind"] == kind]

NAMES = card_names()


def human_move(game: Sandbox, helper) -> dict | None:
    """What a new user does when asked: no blind bet (or the cut, as the cutter), picks up, keeps the
    cards, then plays like the rule player."""
    if game.before_cut:
        if game.deal.cutter == HUMAN:
            assert game.act({"act": "cut"})[1] is None
        else:
            game.pass_blind()
        return None
    if game.opening:
        game.pick_up()
        return None
    if game.exchange_open():
        game.act({"act": "keep"})
        return None
    data = helper.decide(game.deal, HUMAN, game.seen_signs()).action.to_dict()
    events, refusal = game.act(data)
    assert refusal is None, refusal
    return data


def cut_and_pick_up(game: Sandbox) -> None:
    """Past the blind-bet window (no blind bet; the cut) to the human's cards picked up."""
    for _i in range(50):
        if not game.opening:
            return
        if game.bot_step() is None:
            human_move(game, None)
    raise AssertionError("the cards were never picked up")


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
        if game.view()["phase"] == "scored":
            game.next_deal()
            continue
        assert game.human_to_act()
        human_move(game, helper)
        if check:
            check(game)
    raise AssertionError("the game did not end")


def test_deal_seeds_follow_the_engines_game():
    game = Game(get_rules("innsbruck"), seed=42, target=11, dealer=3, before_cut=True)
    assert game.current.seed == deal_seed(42, 1)
    assert Sandbox(Settings(seed=42, target=11)).deal.to_record() == game.current.to_record()


@pytest.mark.parametrize("variant", ["innsbruck", "eichel"])
def test_a_whole_game_to_a_low_target_with_saving_after_every_move(variant):
    def round_trip(game: Sandbox) -> None:
        back = Sandbox.from_dict(json.loads(json.dumps(game.to_dict())))
        assert back.deal.to_record() == game.deal.to_record()
        assert back.signals == game.signals and back.log.entries == game.log.entries
        assert back.history == game.history
        assert back.opening == game.opening and back.human_to_act() == game.human_to_act()

    game = play_game(Settings(variant=variant, target=11, strength="rule", seed=3), round_trip)
    assert max(game.deal.scores) >= 11
    rows = game.sheet_rows()
    assert [r["number"] for r in rows] == list(range(1, game.number + 1))
    for before, after in zip(rows, rows[1:]):
        assert after["start"] == before["scores"]
    sheet = sv.score_sheet_html(game)
    assert sheet.count("<tr data-deal=") == game.number
    assert 'class="game-end' in sv.summary_html(game)


CARD_CODES = set(card_names())


def page_text(game: Sandbox) -> str:
    """Everything the sandbox page draws from the controller, as one string."""
    view = sv.table_view(game, NAMES)
    from common import tableview as tv
    actions = [a for a in game.human_actions() if a["act"] not in ("play", "show")]
    log = "".join(sv.log_item(e, sv.reader(game)) for e in game.log.entries)
    return "".join((tv.table_html(view, NAMES), sv.hand_html(game, view, NAMES), tv.figures_html(view, actions),
                    sv.controls_html(game, actions, NAMES), sv.status_text(game, view), sv.signs_panel(game),
                    sv.summary_html(game), log, json.dumps(view)))


@pytest.mark.parametrize("variant", ["innsbruck", "eichel", "innsbruck-6", "straf", "innsbruck-2"])
def test_blind_bets_come_before_the_cut_and_nothing_of_it_shows(variant):
    """The deal's real order: dealt face down, the blind bets with nothing of the cut shown (no card
    name, trump suit or card code anywhere on the page), then the cut and the trump card, then the
    human picks up the cards."""
    for seed in range(1, 6):
        game = Sandbox(Settings(variant=variant, seed=seed))
        run_until_human(game)
        assert game.before_cut and game.opening and game.human_to_act()
        acts = game.human_actions()
        assert {a["act"] for a in acts} <= {"bet", "cut"} and all(a.get("blind") for a in acts if a["act"] == "bet")
        assert len([a for a in acts if a.get("blind")]) == 3
        text = page_text(game)
        names = {n for c, n in NAMES.items() if c in game.deal.start.hands[HUMAN] or c == game.deal.start.trump_card}
        assert not {n for n in names if n in text}, (seed, [n for n in names if n in text])
        for suit in ("hearts", "bells", "acorns", "leaves"):
            assert f"Trumps: {suit}" not in text
        assert not CARD_CODES & set(game.view().get("hand") or [])
        with pytest.raises(ValueError):        # the cards are not cut: nothing to pick up
            game.pick_up()
        refusal = game.act({"act": "play", "card": game.deal.hands[HUMAN][0]})[1]
        assert refusal.code == "cut.first"
        assert not game.has_bot_step() or game.deal.cutter != HUMAN
        events, refusal = game.act({"act": "bet", "figure": "hanger", "blind": True})
        assert refusal is None and events[0].blind
        human_move(game, None)                 # no more blind bets (or the human cuts)
        run_until_human(game)
        assert not game.before_cut and game.opening and game.view()["trump_card"] == game.deal.start.trump_card
        cut = [e["msg"].get("code") for e in game.log.entries if e["kind"] in ("act", "event")]
        assert "move.cut" in cut and ("event.trump" in cut or "event.trump_exposed" in cut)
        assert not game.human_actions() and not game.has_bot_step()      # the human picks up first
        assert 'data-do="pickup"' in sv.controls_html(game, [], NAMES)
        assert 'class="hand-cards face-down"' in sv.hand_html(game, sv.table_view(game, NAMES), NAMES)
        game.pick_up()
        assert not any(a.get("blind") for a in game.human_actions())
        bet = next(e for e in game.log.entries if e["kind"] == "act" and e["seat"] == HUMAN)
        assert bet["msg"] == {"code": "move.bet_blind", "params": {"seat": 0, "figure": "hanger", "value": 2}}


def test_without_blind_bets_the_window_invites_none():
    """Three players have no blind bets: the status line asks for no blind bet, no such button shows,
    and the cutter cuts without waiting for the human."""
    for seed in range(1, 8):
        game = Sandbox(Settings(variant="innsbruck-3", seed=seed))
        view = sv.table_view(game, NAMES)
        status = sv.status_text(game, view)
        assert "blind" not in status.lower() and "Bet blind" not in page_text(game)
        assert 'data-do="noblind"' not in sv.controls_html(game, game.human_actions(), NAMES)
        if game.deal.cutter == HUMAN:
            assert [a["act"] for a in game.human_actions()] == ["cut"]
            assert "Cut the cards" in sv.controls_html(game, game.human_actions(), NAMES)
        else:
            assert not game.human_to_act() and game.has_bot_step()
        run_until_human(game)
        if game.before_cut:
            human_move(game, None)               # the human cuts
        assert not game.before_cut and game.opening and sv.status_text(game, sv.table_view(game, NAMES)).endswith(
            "Pick up your cards.")


def test_the_computer_bets_blind_in_the_window_from_the_scores():
    """A computer side far behind while the human's side needs a point bets blind before the cut;
    the human sees the bets (and nothing of the cards) and answers them once the cards are up."""
    game = Sandbox(Settings(seed=7, target=11))
    game.game = Game(game.rules, seed=7, target=11, dealer=3, scores=(10, 2), before_cut=True)
    game.start_deal()
    assert game.before_cut and not game.blind_open()     # gestrichen: the human's side may not bet
    run_until_human(game)                              # so the cutter cuts after the blind bets
    codes_now = [e["msg"].get("code") for e in game.log.entries]
    blind = [e for e in game.log.entries if e["msg"].get("code") == "move.bet_blind"]
    assert blind and all(e["seat"] in (1, 3) for e in blind) and all(e["why"]["code"] == "why.blind" for e in blind)
    assert codes_now.index("move.bet_blind") < codes_now.index("move.cut")
    cut_and_pick_up(game)
    run_until_human(game)
    assert game.answering() and HUMAN in game.deal.to_act


def test_undo_of_a_blind_bet_goes_back_before_the_cut():
    game = Sandbox(Settings(seed=3))
    run_until_human(game)
    game.act({"act": "bet", "figure": "spiel", "blind": True})
    human_move(game, None)
    run_until_human(game)
    assert not game.before_cut
    assert game.undo()
    assert game.before_cut and game.opening and not game.deal.actions
    assert game.human_to_act() and any(a.get("blind") for a in game.human_actions())
    back = Sandbox.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.before_cut and back.human_actions() == game.human_actions()


def test_bot_moves_come_one_at_a_time_and_signs_are_public():
    game = Sandbox(Settings(seed=8))
    cut_and_pick_up(game)
    steps = []
    while (step := game.bot_step()) is not None:
        steps.append(step)
    kinds = {s.kind for s in steps}
    assert "signal" in kinds
    signalled = {s.seat for s in game.signals}
    assert PARTNER in signalled and {1, 3} <= signalled   # the opponents sign too
    acts = [e for e in game.log.entries if e["kind"] == "act" and e["seat"] not in (None, HUMAN)]
    assert all(e["why"] for e in acts)            # kept, for after the deal
    panel = sv.signs_panel(game)
    assert panel.count("<li data-seat=") == len(game.seen_signs())
    assert 'data-signal="martl"' in panel


def test_the_human_sees_the_partners_signs_and_only_the_opponents_signs_caught():
    caught = missed = 0
    for seed in range(1, 13):
        game = Sandbox(Settings(seed=seed))
        cut_and_pick_up(game)
        run_until_human(game)
        view = sv.reader(game)
        logged = [e for e in game.log.entries if e["kind"] == "signal"]
        panel, bubbles = sv.signs_panel(game), [sv.seat_signs(game, s) for s in range(4)]
        theirs = [s for s in game.signals if s.seat in (1, 3)]
        mine = [s for s in game.signals if s.seat == PARTNER]
        assert [e["msg"]["code"] for e in logged if e["seat"] == PARTNER] == ["signal.made"] * len(mine)
        seen = [s for s in theirs if HUMAN in s.caught]
        caught, missed = caught + len(seen), missed + len(theirs) - len(seen)
        told = [e for e in logged if e["seat"] in (1, 3)]
        assert [(e["seat"], e["msg"]["code"]) for e in told] == [(s.seat, "signal.caught") for s in seen]
        assert all(line_text(e["msg"], view).startswith(f"You caught {game.seat_label(e['seat'])}’s sign")
                   for e in told)
        assert panel.count('<li data-seat="1"') + panel.count('<li data-seat="3"') == len(seen)
        for seat in (1, 3):
            if not any(s.seat == seat for s in seen):
                assert bubbles[seat] == ""          # a missed sign leaves no trace at the seat
    assert caught and missed > caught


def test_computer_reasons_stay_hidden_until_the_deal_is_over():
    game = play_game(Settings(target=11, seed=3))
    view = sv.reader(game)
    reasons = game.reasons()
    assert reasons and all(e["seat"] != HUMAN for e in reasons)
    for entry in game.log.entries:
        html = sv.log_item(entry, view)
        assert 'class="why"' not in html          # the log never tells why (it would show the hands)
    summary = sv.summary_html(game)
    assert summary.count('class="why"') == len([e for e in reasons if e["seat"] != HUMAN])


def waiting_answer(seed: int) -> Sandbox | None:
    """The first deal of a game, played until the human must answer the opponents' bet."""
    game = Sandbox(Settings(seed=seed))
    helper = make_player("rule", signals=True)
    for _i in range(200):
        run_until_human(game)
        if game.view()["phase"] not in ("play", "show"):
            return None
        if game.answering() and HUMAN in game.deal.to_act:
            return game
        human_move(game, helper)
    return None


def test_answer_prompt_and_log_lines():
    game = next(g for g in map(waiting_answer, range(1, 60)) if g is not None)
    assert game.log.entries[-1]["kind"] == "prompt"
    bet = next(e for e in reversed(game.log.entries) if e["kind"] == "act")
    assert bet["msg"]["code"] in ("move.bet", "move.raise", "move.bet_blind")


def test_undo_replays_without_the_humans_last_move_and_says_so():
    game = Sandbox(Settings(seed=4))
    cut_and_pick_up(game)
    run_until_human(game)
    assert game.human_to_act() and not game.can_undo()
    before = game.deal.to_record()
    human_move(game, make_player("rule", signals=True))
    run_until_human(game)
    assert game.can_undo()
    assert game.undo()
    assert game.deal.to_record() == before
    assert game.log.entries[-1]["kind"] == "undo"
    assert game.log.entries[-1]["msg"]["with"]["move"]["code"].startswith("do.")
    assert game.undone and game.undos == 1
    assert not game.has_bot_step()                    # the human decides again


def test_hint_names_a_legal_move_and_the_strong_players_reason():
    game = Sandbox(Settings(seed=2))
    data, move, why = game.hint()
    assert data is None and isinstance(why, str) and why      # face down: the page's own advice
    cut_and_pick_up(game)
    run_until_human(game)
    data, move, why = game.hint()
    legal = [a.to_dict() for a in game.deal.legal_actions(HUMAN)]
    assert data in legal and move.code.startswith("do.") and why.code.startswith("why.")


def test_the_human_signs_and_asks_the_partner():
    game = Sandbox(Settings(seed=6))
    cut_and_pick_up(game)
    game.human_signal("nothing")
    assert (HUMAN, "nothing", len(game.deal.actions) - 1) in [s[:3] for s in game.signals]   # after the cut
    made = game.ask_partner()
    assert made and [s for s in game.signals if s.seat == PARTNER]
    assert any(e["msg"].get("with") == {"seat": PARTNER} for e in game.log.entries if e["kind"] == "signal")
    with pytest.raises(ValueError):
        game.human_signal("no-such-sign")


def test_replay_deal_and_next_deal():
    game = play_game(Settings(target=11, seed=3))
    assert game.number == len(game.history) + 1
    hands = game.deal.to_record()["hands"]
    game.replay_deal()
    assert game.deal.to_record()["hands"] == hands and not game.deal.actions and game.opening
    with pytest.raises(ValueError):     # the replayed deal is not scored yet
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
    assert 'data-do="noblind"' in sv.controls_html(game, [], NAMES)
    game.pass_blind()
    run_until_human(game)
    assert 'data-do="pickup"' in sv.controls_html(game, [], NAMES)
    cut_and_pick_up(game)
    run_until_human(game)
    html = sv.controls_html(game, [a for a in game.human_actions() if a["act"] != "play"], NAMES)
    assert 'data-do="hint"' in html and 'data-do="undo"' in html
    line = {"kind": "act", "seat": 1, "msg": {"code": "move.play", "params": {"seat": 1, "card": "HK"}},
            "why": {"code": "why.lead_low", "params": {}}}
    assert sv.log_item(line, sv.reader(game)).count("Martl") == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_state_of_a_computer_game_renders(variant):
    """The benchmark's self-playing game: every step renders (exchanges, shows, endgames)."""
    from common import tableview as tv
    game = Sandbox(Settings(variant=variant, seed=11, target=0 if variant == "straf" else 24))
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


def test_both_gestrichen_the_human_declares_or_passes_by_buttons():
    for seed in range(1, 200):
        game = Sandbox(Settings(seed=seed, target=11))
        game.game = Game(game.rules, seed=seed, target=11, dealer=3, scores=(10, 10))
        game.start_deal()
        cut_and_pick_up(game)
        run_until_human(game)
        if game.view()["phase"] == "declare" and HUMAN in game.deal.to_act:
            break
    else:
        pytest.fail("no deal where the human may declare")
    actions = [a for a in game.human_actions() if a["act"] != "play"]
    assert {a["act"] for a in actions} >= {"declare", "done"}
    html = sv.controls_html(game, actions, NAMES)
    assert "Declare the " in html and "Pass: declare nothing" in html
    assert game.act(next(a for a in actions if a["act"] == "declare"))[1] is None
    assert "move.declare" in codes(game, "act")


def test_the_computer_player_asked_next_thinks_during_the_pause_and_decides_from_there():
    game = Sandbox(Settings(strength="strong", seed=4))
    helper = make_player("rule", signals=True)
    assert not game.think(0.0)                   # before the cut: no move to weigh yet
    for _i in range(400):
        if game.think(0.0):                      # slices of the pause: the search set up, then play-outs
            for _j in range(12):
                game.think(0.0)
            seat = game.deal.to_act[0]
            assert seat != HUMAN
            step = game.bot_step()
            assert step is not None and step.seat == seat
            assert game.players[seat].last_stats["ahead"] >= 1
            return
        if game.bot_step() is None:
            assert not game.think(0.0)           # the human's turn: nobody thinks
            human_move(game, helper)
    pytest.fail("no computer player ever had a move to weigh")
