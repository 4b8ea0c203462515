"""The blind-bet window (seed 000, "Blind bets": "before the cards are cut"; rulings 16, 26, 27): a deal
begun `before_cut` shows nothing of the cut, the trump card or any hand until the cutter cuts; only
blind bets and the cut are possible meanwhile; records carry it; the computer players bet blind from
the scores alone."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from perlaggen_core import Action, Deal, Game, IllegalAction, RecordError, Start, get_rules
from perlaggen_core.cards import ALL_CARDS
from perlaggen_core.events import Cut, StockShown, TrumpTurned
from perlaggen_core.players import Table, make_player, play_out
from perlaggen_core.players.blind import FAR_BEHIND, blind_bet, to_go
from perlaggen_core.rules import FIGURES, OFFERED, PRESETS

WITH_BLIND = [n for n, r in PRESETS.items() if r.blind_bets]
WITHOUT_BLIND = [n for n, r in PRESETS.items() if not r.blind_bets]
CARD_CODES = set(ALL_CARDS)


def window(name: str, seed: int, dealer: int = 0, scores=None, **options) -> Deal:
    rules = get_rules(name).with_options(**options) if options else get_rules(name)
    return Deal(Start.seeded(rules, seed, dealer % rules.players, scores, before_cut=True))


def strings(value) -> set[str]:
    """Every string anywhere in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return set()


def blind_bets_of(deal: Deal, rng: random.Random) -> None:
    """Some of the blind bets the window allows, by random seats."""
    for _ in range(rng.randrange(4)):
        seat = rng.randrange(deal.n)
        bets = [a for a in deal.legal_actions(seat) if a.act == "bet"]
        if bets:
            deal.apply(rng.choice(bets))


@pytest.mark.parametrize("name", WITH_BLIND)
def test_the_view_in_the_window_holds_no_card_at_all(name):
    """In every rule set with blind bets, over many deals, dealers and blind bets made: no seat's view
    (nor a spectator's) names a single card, so no trump card, suit, capture, acorn set aside, Luck
    und Boden card or hand can be read from it; and it is the same whatever the cards are."""
    for seed in range(40):
        deal = window(name, seed, dealer=seed, luck_und_boden=seed % 3 == 0)
        other = window(name, seed + 1000, dealer=seed, luck_und_boden=seed % 3 == 0)
        for d in (deal, other):
            blind_bets_of(d, random.Random(seed))
        assert deal.actions == other.actions     # the blind bets open are the same whatever the cards
        for seat in [None, *range(deal.n)]:
            view = deal.view(seat)
            assert view["stage"] == "before_cut"
            assert not strings(view) & CARD_CODES, (seed, seat, strings(view) & CARD_CODES)
            for key in ("trump", "trump_card", "turned_card", "exchanged", "hand"):
                assert view[key] is None, key
            for key in ("captured", "exposed", "shown_stock", "perlaggen"):
                assert view[key] == [], key
        assert deal.view(0) == other.view(0)     # other cards, the same view


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_only_blind_bets_and_the_cutters_cut_before_the_cut(name):
    """Every other move is refused with the reason; the cut is the cutter's; afterwards the cut is
    refused as done and a blind bet as too late, and the view shows the cut and the trump card."""
    rules = get_rules(name)
    for seed in range(6):
        deal = window(name, seed, dealer=seed)
        cutter = deal.cutter
        assert deal.to_act == [cutter] and deal.answering_team is None
        for seat in range(deal.n):
            legal = deal.legal_actions(seat)
            blind = [a for a in legal if a.act == "bet"]
            assert all(a.blind for a in blind)
            assert len(blind) == (3 if rules.blind_bets else 0)
            assert [a for a in legal if a.act == "cut"] == ([Action(seat, "cut")] if seat == cutter else [])
            assert set(legal) == set(blind) | ({Action(seat, "cut")} if seat == cutter else set())
        after = Deal(replace(deal.start, before_cut=False))   # the same cards, already cut
        for seat in range(deal.n):
            for action in after.legal_actions(seat):
                if not action.blind:
                    why = deal.refusal(action)
                    assert why is not None and why.code == "cut.first", action
        other = (cutter + 1) % deal.n
        assert deal.refusal(Action(other, "cut")).code == "cut.not_cutter"
        if rules.blind_bets:
            deal.apply(Action(other, "bet", figure="gleich", blind=True))
            assert deal.to_act == [cutter] and deal.answering_team is None   # answered after the cut
        events = deal.apply(Action(cutter, "cut"))
        assert deal.stage == "cut"
        assert deal.refusal(Action(cutter, "cut")).code == "cut.done"
        assert deal.refusal(Action(cutter, "bet", figure="hanger", blind=True)).code == "blind.too_late"
        cut, turned = events[0], events[1]
        assert isinstance(cut, Cut) and cut.seat == cutter and cut.captured == deal.start.captured
        assert isinstance(turned, TrumpTurned) and turned.card == deal.start.trump_card
        assert turned.exposed == deal.start.exposed
        view = deal.view(0)
        assert view["trump_card"] == deal.start.trump_card and view["captured"] == list(deal.start.captured)
        assert view["hand"] == list(deal.hands[0]) and view["stage"] == "cut"


@pytest.mark.parametrize("name", WITH_BLIND)
def test_after_the_cut_the_deal_goes_on_as_a_record_without_the_window(name):
    """Blind bets, the cut, then whole deals played out: the same as the record that has the blind
    bets first and no window (the contract's form), move for move, to the final scores."""
    for seed in range(4):
        deal = window(name, seed, dealer=seed, scores=None)
        rng = random.Random(seed)
        blind_bets_of(deal, rng)
        deal.apply(Action(deal.cutter, "cut"))
        plain = Deal(replace(deal.start, before_cut=False))
        for action in deal.actions:
            if action.act != "cut":
                plain.apply(action)
        play_out(deal, [make_player("random", seed=seed + s) for s in range(deal.n)])
        for action in deal.actions[len(plain.actions) + 1:]:
            plain.apply(action)
        assert plain.summary() == deal.summary()


def test_the_record_carries_the_window_and_the_cut():
    deal = window("innsbruck", 3, dealer=1)
    deal.apply(Action(2, "bet", figure="spiel", blind=True))
    record = json.loads(json.dumps(deal.to_record()))
    assert record["before_cut"] is True and "seed" not in record
    back = Deal.from_record(record)
    assert back.stage == "before_cut" and back.view(0) == deal.view(0)
    deal.apply(Action(0, "cut"))
    record = deal.to_record()
    assert record["actions"][-1] == {"seat": 0, "act": "cut"}
    assert Deal.from_record(record).summary() == deal.summary()
    seeded = Deal.from_record({"variant": "eichel", "seed": 9, "dealer": 2, "before_cut": True,
                               "actions": [{"seat": 1, "act": "cut"}]})
    assert seeded.stage == "cut" and seeded.view(1)["trump_card"] == seeded.start.trump_card
    with pytest.raises(IllegalAction) as refused:   # a record without the window is already cut
        Deal.from_record({"seed": 9, "actions": [{"seat": 2, "act": "cut"}]})
    assert refused.value.index == 0 and refused.value.code == "cut.done"
    with pytest.raises(IllegalAction) as early:     # a card before the cut
        Deal.from_record({"seed": 9, "dealer": 3, "before_cut": True, "actions": [{"seat": 0, "act": "play", "card": "HA"}]})
    assert early.value.code == "cut.first"
    with pytest.raises(RecordError) as bad:
        Deal.from_record({"seed": 9, "before_cut": "yes"})
    assert bad.value.field == "before_cut"
    with pytest.raises(RecordError) as extra:
        Deal.from_record({"seed": 9, "actions": [{"seat": 2, "act": "cut", "card": "HA"}]})
    assert extra.value.field == "actions.0.card"


def test_luck_und_boden_cards_are_shown_with_the_cut():
    deal = window("eichel", 4, dealer=0, luck_und_boden=True)
    assert deal.view(1)["shown_stock"] == []
    events = deal.apply(Action(deal.cutter, "cut"))
    stock = [e for e in events if isinstance(e, StockShown)]
    assert stock and list(stock[0].cards) == deal.view(1)["shown_stock"] == list(deal.start.shown_stock)


def test_a_game_begun_before_the_cut_deals_every_deal_so():
    rules = get_rules("straf")
    game = Game(rules, seed=2, before_cut=True)
    assert game.current.stage == "before_cut"
    play_out(game.current, [make_player("random", seed=s) for s in range(3)])
    while game.current.game_winner is None:
        game.new_deal()
        assert game.current.stage == "before_cut"
        play_out(game.current, [make_player("rule") for _ in range(3)])
    on = game.play_on()
    assert on.game.current.stage == "before_cut" and on.game.current.start.leader_exchanges
    back = Game.resume(rules, 2, game.number, Deal.from_record(game.current.to_record()))
    assert back.before_cut and back.current.seed == game.current.seed


# ---------------------------------------------------------------------- the computer players
def test_a_computer_blind_bet_rests_on_the_scores_alone():
    """The same decision whatever the cards (the view holds none), in every rule set with blind
    bets: a side far behind while another needs one point bets blind on every figure it may; and its
    stated reason names the points it still needs, which are true."""
    for name in WITH_BLIND:
        rules = get_rules(name)
        rng = random.Random(name)
        for trial in range(30):
            if rules.count_down:
                scores = tuple(rng.choice((1, 2, 5, 7, 9)) for _ in range(rules.teams))
            else:
                scores = tuple(rng.choice((0, 5, rules.target - 4, rules.target - 1)) for _ in range(rules.teams))
            dealer = rng.randrange(rules.players)
            decisions = []
            for seed in (trial, trial + 500):
                deal = window(name, seed, dealer, scores)
                table = Table([make_player("rule") for _ in range(rules.players)])
                made = []
                while deal.stage == "before_cut":
                    step = table.step(deal)
                    deal.apply(step.decision.action)
                    made.append((step.seat, str(step.decision.action), step.decision.reason.to_dict()))
                decisions.append(made)
            assert decisions[0] == decisions[1], (name, scores)
            for seat, action, reason in decisions[0]:
                if "blind" in action:
                    view = {"scores": list(scores), "count_down": rules.count_down, "target": rules.target}
                    side = seat % rules.teams
                    need = to_go(view, side)
                    assert reason["params"]["points"] == need >= FAR_BEHIND
                    assert min(to_go(view, s) for s in range(rules.teams) if s != side) == 1
                else:
                    assert action.endswith("cut") and reason["code"] == "why.cut"
            blind = [a for _s, a, _r in decisions[0] if "blind" in a]
            assert len(blind) == len(set(blind)) <= 3 * rules.teams


def test_nobody_bets_blind_in_an_even_game_and_the_cutter_cuts():
    for name in OFFERED:
        deal = window(name, 1, dealer=2)
        assert blind_bet(deal.view(0)) is None
        table = Table([make_player("strong", max_samples=2) for _ in range(deal.n)])
        step = table.step(deal)
        while step.kind != "act":
            step = table.step(deal)
        assert step.seat == deal.cutter and step.decision.action.act == "cut"


def test_the_table_waits_for_a_human_before_the_cut():
    """A human seat (None) must say it is ready before a computer cutter cuts; a human cutter cuts itself."""
    deal = window("innsbruck", 5, dealer=3)          # the cutter is seat 2, a computer
    table = Table([None, make_player("rule"), make_player("rule"), make_player("rule")])
    assert table.step(deal) is None and not table.has_step(deal)
    table.ready.add(0)
    assert table.has_step(deal)
    step = table.step(deal)
    assert step.seat == 2 and step.decision.action.act == "cut"
    human_cuts = window("innsbruck", 5, dealer=1)    # the cutter is seat 0, the human
    table = Table([None, make_player("rule"), make_player("rule"), make_player("rule")])
    table.ready.add(0)
    assert table.step(human_cuts) is None and not table.has_step(human_cuts)
