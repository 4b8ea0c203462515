"""Puzzles as data: the shipped set replays and is legal, every kind of broken puzzle is refused with
its file, id and field, the generator's rule for keeping a position, themes, and a small whole run of
the generator and the verifier."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from perlaggen_core import Deal, get_rules
from perlaggen_core.actions import EXCHANGE_ACTS, Action
from perlaggen_core.lesson import load_dir as load_lessons
from perlaggen_core.messages import msg
from perlaggen_core.narrate import doing
from perlaggen_core.puzzles import (THEMES, PuzzleError, check_puzzle, difficulty_of, file_data, load_data,
                                    load_dir, untranslated)
from perlaggen_core.puzzles.generate import Stats, exchange_candidates, generate
from perlaggen_core.puzzles.measure import MARGIN, Weighed, judge
from perlaggen_core.puzzles.themes import theme_of
from perlaggen_core.puzzles.verify import verify
from perlaggen_core.review.grades import Tally
from perlaggen_core.rules import OFFERED
from perlaggen_core.start import Start
from perlaggen_core.words import TEMPLATES, Renderer

ROOT = Path(__file__).resolve().parent.parent
LESSON_IDS = {lesson.id for lesson in load_lessons(ROOT / "lessons")}
SHIPPED = load_dir(ROOT / "puzzles", LESSON_IDS) if (ROOT / "puzzles").exists() else []


def a_puzzle(**changes) -> dict:
    """A well-formed puzzle (not a measured one): the first lead of a seeded deal, two cards."""
    deal = Deal(Start.seeded(get_rules("innsbruck"), 3, dealer=3))
    seat = deal.to_act[0]
    plays = [a for a in deal.legal_actions(seat) if a.act == "play"]
    data = {"id": "test-1", "theme": "following", "seat": seat, "record": deal.to_record(),
            "answers": [plays[0].to_dict()], "wrong": [{"action": plays[1].to_dict(), "cost": 0.8, "by": ["rule"]}],
            "difficulty": difficulty_of(0.8, 0.8, 0.5).to_json(),
            "explanation": msg("puzzle.explain", better=doing(plays[0]), move=doing(plays[1]), lost=0.8,
                               why=msg("puzzle.why.overall")).to_dict()}
    data.update(changes)
    return data


def test_every_theme_is_taught_by_a_lesson():
    assert set(THEMES.values()) <= LESSON_IDS


def test_a_well_formed_puzzle_loads_and_its_explanation_has_words():
    puzzle = check_puzzle(a_puzzle(), LESSON_IDS)
    assert puzzle.lesson == "tricks" and puzzle.cost_of(puzzle.answers[0]) == 0.0
    assert puzzle.cost_of(puzzle.wrong[0].action) == 0.8
    assert check_puzzle(json.loads(json.dumps(puzzle.to_json()))).to_json() == puzzle.to_json()
    assert untranslated(puzzle, lambda text: None) and not untranslated(puzzle, lambda text: "x")


def broken(name: str):
    """The well-formed puzzle with one thing wrong, and the field the error must name."""
    good = a_puzzle()
    seat = good["seat"]
    other = (seat + 1) % 4
    theirs = good["record"]["hands"][other][0]
    cases = {
        "unknown_theme": (dict(theme="tactics"), "theme"),
        "replays_not": (dict(record={**good["record"], "actions": [{"seat": other, "act": "play", "card": "LA"}]}),
                        "record.actions.0"),
        "not_to_act": (dict(seat=other), "seat"),
        "answer_illegal": (dict(answers=[{"seat": seat, "act": "hold", "figure": "gleich"}]), "answers.0"),
        "answer_other_seat": (dict(answers=[{"seat": other, "act": "play", "card": "LA"}]), "answers.0.seat"),
        "wrong_illegal": (dict(wrong=[{"action": {"seat": seat, "act": "play", "card": theirs}, "cost": 1}]),
                          "wrong.0.action"),
        "wrong_is_answer": (dict(wrong=[{"action": good["answers"][0], "cost": 1}]), "wrong.0.action"),
        "wrong_no_cost": (dict(wrong=[{"action": good["wrong"][0]["action"], "cost": 0}]), "wrong.0.cost"),
        "level_guessed": (dict(difficulty={**good["difficulty"], "level": 1}), "difficulty.level"),
        "unknown_code": (dict(explanation={"code": "puzzle.because", "params": {}}), "explanation"),
        "unseen_sign": (dict(signals=[{"seat": other, "signal": "weli", "after": -1, "caught": []}]), "signals.0"),
        "unknown_field": (dict(hint="play high"), "hint"),
    }
    changes, field = cases[name]
    return {**good, **changes}, field


@pytest.mark.parametrize("name", ["unknown_theme", "replays_not", "not_to_act", "answer_illegal", "answer_other_seat",
                                  "wrong_illegal", "wrong_is_answer", "wrong_no_cost", "level_guessed",
                                  "unknown_code", "unseen_sign", "unknown_field"])
def test_a_broken_puzzle_is_refused_naming_file_id_and_field(name):
    data, field = broken(name)
    with pytest.raises(PuzzleError) as caught:
        load_data({"format": 1, "theme": data["theme"] if data["theme"] in THEMES else "following",
                   "puzzles": [data]}, "following.json", LESSON_IDS)
    error = caught.value
    assert (error.file, error.puzzle, error.field) == ("following.json", "test-1", field), str(error)
    assert "following.json" in str(error) and "test-1" in str(error) and field in str(error)


def test_a_sign_the_seat_saw_is_kept():
    seat = a_puzzle()["seat"]
    partner = (seat + 2) % 4
    puzzle = check_puzzle(a_puzzle(signals=[{"seat": partner, "signal": "weli", "after": -1, "caught": []}]))
    assert puzzle.signals[0]["seat"] == partner


def test_an_exchange_is_a_decision_out_of_turn_but_no_other_move_is():
    for seed in range(60):
        deal = Deal(Start.seeded(get_rules("innsbruck"), seed, dealer=3))
        swaps = [a for s in range(4) if s not in deal.to_act for a in deal.legal_actions(s) if a.act == "exchange"]
        if swaps:
            break
    seat = swaps[0].seat
    data = a_puzzle(record=deal.to_record(), seat=seat, answers=[swaps[0].to_dict()], wrong=[])
    assert check_puzzle(data).answers == (swaps[0],)
    kept = check_puzzle({**data, "answers": [{"seat": seat, "act": "keep"}]})     # keeping the cards, too
    assert kept.answers == (Action(seat, "keep"),)
    theirs = deal.hands0[seat][0]
    with pytest.raises(PuzzleError) as caught:
        check_puzzle({**data, "answers": [{"seat": seat, "act": "play", "card": theirs}]})
    assert caught.value.field == "seat"


def test_ids_are_unique_over_the_files(tmp_path):
    for theme in ("following", "betting"):
        data = a_puzzle(theme=theme)
        (tmp_path / f"{theme}.json").write_text(json.dumps({"format": 1, "theme": theme, "puzzles": [data]}))
    with pytest.raises(PuzzleError) as caught:
        load_dir(tmp_path)
    assert caught.value.field == "id" and caught.value.file == "following.json"


def test_a_theme_lesson_that_is_gone_is_refused():
    with pytest.raises(PuzzleError) as caught:
        check_puzzle(a_puzzle(), LESSON_IDS - {"tricks"})
    assert caught.value.field == "theme"


# ------------------------------------------------------------------ the generator's rule for keeping a position
def weighed(rows: dict) -> Weighed:
    """Moves (by name) with their points on each guessed deal."""
    options, tallies = [], []
    for name, margins in rows.items():
        options.append(None if name is None else Action(0, "play", card=name))
        tallies.append(Tally(margins=list(margins)))
    return Weighed(options, tallies)


def test_a_clear_best_move_on_both_seeds_is_kept_with_its_costs():
    seed1 = weighed({"LA": [3, 2, 3, 2], "L7": [2, 1, 2, 1], "L8": [0, 0, 0, 0]})
    seed2 = weighed({"LA": [1, 1, 2, 2], "L7": [0, 0, 1, 1], "L8": [-1, -1, 0, 0]})
    verdict = judge([seed1, seed2])
    assert verdict is not None and [a.card for a in verdict.answers] == ["LA"]
    assert {a.card: round(c, 2) for a, c in verdict.costs.items()} == {"L7": 1.0, "L8": 2.25}
    assert verdict.gap == 1.0


def test_a_margin_below_the_bar_or_seeds_that_disagree_make_no_puzzle():
    close = weighed({"LA": [1, 1, 1, 1], "L7": [1, 1, 1, 1 - 4 * (MARGIN - 0.1)]})
    assert judge([close, close]) is None
    first = weighed({"LA": [2, 2], "L7": [0, 0]})
    second = weighed({"LA": [0, 0], "L7": [2, 2]})
    assert judge([first, first]) is not None and judge([first, second]) is None
    keeping = weighed({None: [2, 2], "L7": [0, 0]})
    assert judge([keeping, keeping]) is None     # no move is no answer a learner can give


def test_moves_that_score_alike_are_all_answers():
    twins = weighed({"LA": [2, 1], "LK": [2, 1], "L7": [0, 0]})
    verdict = judge([twins, twins])
    assert verdict is not None and {a.card for a in verdict.answers} == {"LA", "LK"}


def test_themes_of_decisions():
    deal = Deal(Start.seeded(get_rules("innsbruck"), 3, dealer=3))
    seat = deal.to_act[0]
    plays = [a for a in deal.legal_actions(seat) if a.act == "play"]
    named = [a for a in plays if a.baptism]
    if len(named) >= 2 and named[0].card == named[1].card:
        assert theme_of(deal, seat, named[0], named[1]) == "baptism"
    plain = [a for a in plays if not a.baptism]
    assert theme_of(deal, seat, plain[0], plain[1]) == "following"
    bet = next(a for a in deal.legal_actions(seat) if a.act == "bet")
    assert theme_of(deal, seat, bet, plain[0]) == "betting"


def test_the_exchange_candidates_are_every_seat_with_the_right_against_the_rule_players_swap():
    stats = Stats()
    found = [c for seed in range(12) for c in exchange_candidates("innsbruck", seed, stats)]
    assert found and stats.deals == 12
    for c in found:
        deal = c.deal()
        assert not deal.actions and any(a.act == "exchange" for a in deal.legal_actions(c.seat))
        assert c.rule.act == "exchange" and deal.can(c.rule)     # the rule-following player exchanges


# ------------------------------------------------------------------ the shipped set
def test_the_shipped_set_is_there_and_each_puzzle_is_in_its_theme_file():
    assert SHIPPED, "puzzles/ holds no puzzle"
    for path in (ROOT / "puzzles").glob("*.json"):
        assert path.stem in THEMES


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_a_shipped_puzzle_is_a_decision_of_its_seat_and_reads_in_english(puzzle):
    deal = Deal.from_record(puzzle.record)
    assert puzzle.seat in deal.to_act or all(a.act in EXCHANGE_ACTS for a in puzzle.answers)
    assert puzzle.variant in OFFERED
    assert all(w.cost >= 0.5 for w in puzzle.wrong), "the answer beats every move by the margin"
    assert any("rule" in w.by for w in puzzle.wrong), "the rule-following player chose differently"
    text = Renderer(viewer=puzzle.seat, teams=[deal.team(s) for s in range(deal.n)], rules=deal.rules).render(
        puzzle.explanation)
    assert text.startswith("The best move is to ") and "{" not in text


def test_the_set_round_trips_through_its_files(tmp_path):
    if not SHIPPED:
        pytest.skip("no shipped puzzles")
    theme = SHIPPED[0].theme
    mine = [p for p in SHIPPED if p.theme == theme]
    (tmp_path / f"{theme}.json").write_text(json.dumps(file_data(theme, mine)))
    assert [p.to_json() for p in load_dir(tmp_path)] == [p.to_json() for p in mine]


# ------------------------------------------------------------------ a whole small run
def test_the_generator_keeps_only_checked_puzzles_and_runs_the_same_twice():
    def run():
        stats = Stats()
        out = list(generate(["innsbruck-2"], range(1, 3), samples=8, per_deal=2, stats=stats, strong_samples=3))
        return out, stats
    first, stats = run()
    assert stats.deals == 2 and stats.weighed <= 4 and stats.kept == len(first) >= 1
    for puzzle in first:
        again = check_puzzle(copy.deepcopy(puzzle.to_json()), LESSON_IDS)
        assert again.to_json() == puzzle.to_json()
    assert [p.to_json() for p in run()[0]] == [p.to_json() for p in first]


def test_the_verifier_agrees_with_a_shipped_puzzle_it_weighs_again():
    if not SHIPPED:
        pytest.skip("no shipped puzzles")
    clear = max(SHIPPED, key=lambda p: p.measured.get("margin", 0))
    check = verify(clear, samples=16)
    assert check.agrees and check.wrong_below and check.margin > 0


def test_every_template_the_puzzles_use_exists():
    assert "puzzle.explain" in TEMPLATES
    assert {f"puzzle.why.{k}" for k in ("overall", "trick", "wins", "loses", "worth", "penalty", "straf")} <= set(TEMPLATES)


def test_verify_drop_takes_out_only_the_puzzles_the_verifier_disagrees_with(tmp_path, monkeypatch, capsys):
    from perlaggen_core.__main__ import main
    from perlaggen_core.puzzles import cli
    from perlaggen_core.puzzles.verify import Check
    theme = SHIPPED[0].theme
    mine = [p for p in SHIPPED if p.theme == theme]
    (tmp_path / f"{theme}.json").write_text(json.dumps(file_data(theme, mine)))
    doomed = mine[0].id
    monkeypatch.setattr(cli, "verify", lambda p, samples: Check(p.id, p.id != doomed, 1.0, True))
    assert main(["puzzles", "verify", "--folder", str(tmp_path), "--drop"]) == 0
    assert [p.id for p in load_dir(tmp_path)] == [p.id for p in mine[1:]]
    last = capsys.readouterr().out.strip().splitlines()
    assert json.loads(last[-1]) == {"dropped": [doomed]}
    assert json.loads(last[-2])["agree"] == len(mine) - 1


def test_every_shipped_puzzle_is_a_scenario_for_a_class_asking_at_the_decision():
    """The teacher page's form of a puzzle: the deal up to the decision, the question there, the
    solver at the bottom with their hand alone open, the first answer as the next move."""
    from perlaggen_core.puzzles.scenario import as_scenario
    for puzzle in load_dir(ROOT / "puzzles"):
        scenario = as_scenario(puzzle, "title", "question", "answer")
        at = len(puzzle.record["actions"])
        assert scenario.asks() == [at] and scenario.steps == at + 1
        assert (scenario.bottom, tuple(scenario.open)) == (puzzle.seat, (puzzle.seat,))
        replay = scenario.replay()
        assert replay.deal(at).to_record() == Deal.from_record(puzzle.record).to_record()
        assert replay.deal(at + 1).actions[-1] == puzzle.answers[0]
